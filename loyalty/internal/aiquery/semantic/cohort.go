package semantic

import "fmt"

// Returning keeps the customers who bought in the period and had bought before it
// ("returning buyers", "compradores antigos"). Beside first-time buyers (FirstPurchase) it
// is the other value of one attribute: "first-time vs returning" compares them.
func Returning() *Filter {
	return pinning(&Filter{ID: "returning", Name: T("compraram no período e já tinham comprado antes", "bought in the period and had bought before"),
		Slug: T("recorrentes", "returning"), UsesPeriod: true,
		build: func(f *Fact, p *Period) (string, []string, bool) {
			j, ok := customerJoin(f)
			if !ok {
				return "", nil, false
			}
			if p == nil || p.From == "" {
				// without a period: the customers who ever bought (as FirstPurchase)
				return fmt.Sprintf("EXISTS (SELECT 1 FROM %s.%s x WHERE %s)", Schema, Sales.View, customerRows(Sales, "x", nil)), joins(j), true
			}
			return fmt.Sprintf("EXISTS (SELECT 1 FROM %s.%s x WHERE %s) AND EXISTS (SELECT 1 FROM %s.%s x WHERE %s)",
				Schema, Sales.View, customerRows(Sales, "x", p), Schema, Sales.View, customerRows(Sales, "x", Before(p))), joins(j), true
		}}, "prior_purchase", "yes")
}

// ByPriorPurchase splits the period's buyers into first-time ones and returning ones (a
// sale not cancelled before the period): "May buyers: first-time vs returning". It reads
// the request's period, set by WithPeriod; without one it breaks nothing down.
func ByPriorPurchase() *Dimension {
	d := &Dimension{ID: "prior_purchase", Name: T("primeira compra ou recorrente", "first-time or returning"),
		Members: []Text{T("primeira compra", "first-time"), T("recorrente", "returning")}}
	d.build = func(f *Fact, l Lang) (dimSQL, bool) {
		j, ok := customerJoin(f)
		if !ok || f != Sales || len(d.periods) != 1 || d.periods[0].From == "" {
			return dimSQL{}, false
		}
		e := fmt.Sprintf("CASE WHEN EXISTS (SELECT 1 FROM %s.%s x WHERE %s) THEN %s ELSE %s END",
			Schema, Sales.View, customerRows(Sales, "x", Before(d.periods[0])), Quote(T("recorrente", "returning").In(l)), Quote(T("primeira compra", "first-time").In(l)))
		return dimSQL{cols: []Column{col(e, T("tipo_comprador", "buyer_type"), l)}, joins: joins(j)}, true
	}
	return d
}

// WithPeriod gives a breakdown that reads the request's period (ByPriorPurchase) its
// period; other breakdowns are unchanged.
func (d *Dimension) WithPeriod(p *Period) {
	if d.ID == "prior_purchase" && p != nil {
		d.periods = []*Period{p}
	}
}

// BuyersAtPlace reads customers counted only as a period's buyers, broken down by a place
// (store, its city or state) or split into first-time and returning ones, as that
// period's buyers (distinct customers of its sales): the store of a purchase is where it
// was made ("qual loja teve mais clientes que compraram em maio", "clientes que compraram
// em maio por loja"), never the customers' owner store, as "quantos clientes compraram em
// cada loja" counts already; "of the customers who bought in May, how many were first-time
// buyers and how many returning" are May's buyers, the period dating the purchases, never
// the sign-up. It reports whether it did.
func (r *Request) BuyersAtPlace() bool {
	if r.Fact != Customers || len(r.Measures) != 1 || r.Measures[0].ID != "customers" || len(r.Filters) != 1 || len(r.Attrs) > 0 || len(r.Dims) == 0 {
		return false
	}
	f := r.Filters[0]
	if f.pins != nil && f.pins.attr == "prior_purchase" && len(r.Dims) == 1 && r.Dims[0].ID == "prior_purchase" && r.Period != nil && r.Period.From != "" {
		r.Fact, r.Measures = Sales, []*Measure{Buyers}
		return true
	}
	if f.ID != "bought" && f.ID != "bought_at" { // Bought(true), at the report's period or its own
		return false
	}
	p := r.Period
	if f.at != nil {
		if p != nil {
			return false
		}
		p = f.at
	}
	if p == nil {
		return false // customers who ever bought, by store: their own store
	}
	for _, d := range r.Dims {
		if d != ByStore && d != ByCity && d != ByState {
			return false
		}
	}
	r.Fact, r.Measures, r.Filters, r.Period = Sales, []*Measure{Buyers}, nil, p
	return true
}
