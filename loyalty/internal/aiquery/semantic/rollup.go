package semantic

import (
	"fmt"
	"regexp"
	"slices"
)

// Rollup is a pre-aggregated copy of a fact: one row per day and per value of the columns
// it keeps, holding the fact's additive measures (migration 00560, docs/sizing.md). Its
// view keeps the names of the fact's columns, with the fact's time column holding the day,
// so the breakdowns and filters of the fact read it unchanged under the fact's alias; only
// the measures (and the counting rule) are written over it differently. The view is exact
// (days not yet re-aggregated are read from raw rows), so a report reads it whenever its
// shape allows: every measure additive and listed here, every breakdown listed, every
// filter reading only the kept columns.
type Rollup struct {
	Fact *Fact
	View string // view in Schema
	// Live is the fact's counting rule over the rollup ("": it holds only the rows that
	// count).
	Live string
	// Columns are the fact's columns the rollup keeps besides the day (alias-qualified). A
	// filter reading only these (and the stores' columns, joined by the store code) fits.
	Columns []string
	// DayFilters are the filters that read the fact's time column at day granularity or
	// coarser (the day of the week): they fit too.
	DayFilters []string
	// Dims are the ids of the breakdowns the rollup answers.
	Dims []string
	// Measures are the measures it answers, by id: their expression and rows over the
	// rollup's columns.
	Measures map[string]RollupMeasure
}

// RollupMeasure is a measure written over a rollup.
type RollupMeasure struct {
	Expr  string
	Where []string
}

// The rollups.
var (
	// timeDims are the breakdowns by day or coarser.
	timeDims = []string{"day", "week", "month", "quarter", "year", "weekday", "periods"}

	SalesDaily = &Rollup{
		Fact: Sales, View: "sales_daily",
		Columns:    []string{"v.store_code", "v.payment_type"},
		DayFilters: []string{"weekday_in"},
		Dims:       append([]string{"store", "payment_type", "state", "city"}, timeDims...),
		Measures: map[string]RollupMeasure{
			SalesCount.ID:    {Expr: "COALESCE(sum(v.sales), 0)::bigint"},
			Revenue.ID:       {Expr: "COALESCE(sum(v.value), 0)"},
			AverageTicket.ID: {Expr: "round(sum(v.value) / NULLIF(sum(v.sales), 0), 2)"},
		},
	}
	PointsDaily = &Rollup{
		Fact: Points, View: "points_daily",
		Columns:    []string{"e.store_code", "e.transaction_type", "e.transaction_type_name"},
		DayFilters: []string{"weekday_in"},
		Dims:       append([]string{"store", "entry_type", "state", "city"}, timeDims...),
		Measures: map[string]RollupMeasure{
			PointsCredited.ID: {Expr: "COALESCE(sum(e.points), 0)", Where: []string{"e.transaction_type = 'C'", "NOT e.cancelled"}},
			PointsDebited.ID:  {Expr: "COALESCE(-sum(e.points), 0)", Where: []string{"e.transaction_type = 'D'", "NOT e.cancelled"}},
			CreditCount.ID:    {Expr: "COALESCE(sum(e.entries), 0)::bigint", Where: []string{"e.transaction_type = 'C'", "NOT e.cancelled"}},
			DebitCount.ID:     {Expr: "COALESCE(sum(e.entries), 0)::bigint", Where: []string{"e.transaction_type = 'D'", "NOT e.cancelled"}},
			Reversals.ID:      {Expr: "COALESCE(sum(e.entries), 0)::bigint", Where: []string{"e.transaction_type = 'E'"}},
			PointsReversed.ID: {Expr: "COALESCE(sum(e.points_abs), 0)", Where: []string{"e.transaction_type = 'E'"}},
			EntryCount.ID:     {Expr: "COALESCE(sum(e.entries), 0)::bigint"},
		},
	}
	Rollups = []*Rollup{SalesDaily, PointsDaily}
)

// source is where a one-fact request's rows come from: the FROM clause, the counting rule
// and the measures as written over it.
type source struct {
	from     string
	live     string
	measures []*Measure
	// rows, when set, are the measures written over one row: the source has one row per
	// customer, so a ranking of customers reads its rows without grouping them (and in the
	// order of an index, CustomerPeriodsView's).
	rows []*Measure
	// periodDone: the source holds only the rows of the request's period.
	periodDone bool
}

// source is the request's daily rollup when its shape allows, else the per-customer
// summary when its shape allows (customer_rollup.go), else the fact's view.
func (r *Request) source() source {
	raw := source{from: r.Fact.from(), live: r.Fact.Live, measures: r.Measures}
	if r.raw {
		return raw
	}
	for _, ru := range Rollups {
		if ru.Fact != r.Fact {
			continue
		}
		if ms, ok := ru.answers(r); ok {
			return source{from: Schema + "." + ru.View + " " + r.Fact.Alias, live: ru.Live, measures: ms}
		}
	}
	if src, ok := r.customerSource(); ok {
		return src
	}
	return raw
}

// filter is filter f's condition (with the period p it takes) and joins in r. "Bought"
// and "never bought" over all time (whichever filter says it: "nunca compraram", "ever
// bought") read the per-customer summary, one row per customer who bought, instead of
// probing every customer's coupons; any other condition is f's own.
func (r *Request) filter(f *Filter, p *Period) (string, []string, bool) {
	cond, js, ok := f.build(r.Fact, p)
	if !ok || r.raw {
		return cond, js, ok
	}
	ever, summary := boughtEver()
	switch cond {
	case ever:
		return summary, js, true
	case "NOT " + ever:
		return "NOT " + summary, js, true
	}
	return cond, js, ok
}

// boughtEver is the condition "the customer c bought, ever" over raw coupons (as filters
// write it) and over the per-customer summary.
func boughtEver() (raw, summary string) {
	return fmt.Sprintf("EXISTS (SELECT 1 FROM %s.%s x WHERE %s)", Schema, Sales.View, customerRows(Sales, "x", nil)),
		fmt.Sprintf("EXISTS (SELECT 1 FROM %s.%s x WHERE x.customer_id = c.id)", Schema, CustomerPurchasesView)
}

// neverBought is r compiled by subtraction when r counts the customers who never bought
// and nothing else narrows or breaks them down ("quantos clientes nunca compraram"): the
// customers minus the all-time rows of CustomerPeriodsView, one per customer who bought.
// Each of those rows is of an existing customer (a deleted customer's coupons go with it,
// and their triggers remove its rows in the same transaction), so the difference is the
// count of the customers without one, read as two index counts instead of an anti-join
// of every customer with the buyers.
func (r *Request) neverBought() (string, bool) {
	if r.raw || r.Fact != Customers || len(r.Measures) != 1 || r.Measures[0].ID != CustomerCount.ID ||
		len(r.Dims) > 0 || len(r.Attrs) > 0 || r.Period != nil || len(r.Filters) != 1 || r.Fact.Live != "" {
		return "", false
	}
	cond, js, ok := r.filter(r.Filters[0], nil)
	if _, summary := boughtEver(); !ok || len(js) > 0 || cond != "NOT "+summary {
		return "", false
	}
	grain, start := periodGrain(nil)
	return fmt.Sprintf("SELECT (SELECT count(*) FROM %s) - (SELECT count(*) FROM %s.%s x WHERE %s) AS %s",
		r.Fact.from(), Schema, CustomerPeriodsView, periodIs("x", grain, start), r.Measures[0].Alias.In(r.Lang)), true
}

// CompileRaw is Compile reading raw rows only, never a rollup (the reference of the
// rollups' exactness tests and of the report benchmark).
func (r *Request) CompileRaw() (string, error) {
	c := *r
	c.raw = true
	return c.Compile()
}

// columnRef finds the alias-qualified names in SQL text (a subquery's view, a joined
// table's column, the fact's own columns).
var columnRef = regexp.MustCompile(`\b([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)\b`)

// answers reports whether the rollup answers request r, and r's measures written over it.
func (ru *Rollup) answers(r *Request) ([]*Measure, bool) {
	if len(r.Attrs) > 0 || r.SortBy != nil || len(r.Measures) == 0 {
		return nil, false
	}
	var ms []*Measure
	for _, m := range r.Measures {
		rm, ok := ru.Measures[m.ID]
		if !ok {
			return nil, false
		}
		c := *m
		c.Expr, c.Where = rm.Expr, rm.Where
		ms = append(ms, &c)
	}
	for _, d := range r.Dims {
		if !slices.Contains(ru.Dims, d.ID) || d.ReplacesLive {
			return nil, false
		}
	}
	store, _ := storeJoin(r.Fact)
	pf := r.periodFilter()
	for _, f := range r.Filters {
		if f.replaces(r.Fact) || f.timeOf[r.Fact] != "" {
			return nil, false
		}
		var p *Period
		if f == pf {
			p = r.Period
		}
		cond, js, ok := f.build(r.Fact, p)
		if !ok {
			return nil, false
		}
		for _, j := range js {
			if j != store {
				return nil, false
			}
		}
		for _, ref := range columnRef.FindAllStringSubmatch(cond, -1) {
			switch {
			case ref[1] == "s" && store != "": // a column of the row's store
			case slices.Contains(ru.Columns, ref[0]):
			case ref[0] == r.Fact.Time && slices.Contains(ru.DayFilters, f.ID):
			default:
				return nil, false
			}
		}
	}
	return ms, true
}
