package semantic

import (
	"fmt"
	"regexp"
	"strings"
	"time"
)

// Spec is a report request written as data (JSON) by a language model: the model's ids
// of measures, dimensions, flags, values and quantities, never SQL. Request validates
// every part against the model and builds the Request the one compiler turns into SQL.
type Spec struct {
	Measures   []string     `json:"measures"`
	Dimensions []string     `json:"dimensions,omitempty"`
	Filters    []SpecFilter `json:"filters,omitempty"`
	Period     *SpecPeriod  `json:"period,omitempty"`
	Order      string       `json:"order,omitempty"` // "desc", "asc" or "" (natural)
	Limit      int          `json:"limit,omitempty"`
}

// SpecFilter is one filter of a Spec. Kind is one of: flag (Value: a flag id, Not to
// negate it), store (a store code), city, state (UF), payment (a payment type as stored),
// origin (as stored), channel (email, whatsapp, sms; Not: opted out), threshold (Value: a
// quantity id, Op: > >= < <= =, Number), customer_doc (digits), customer_name (words).
type SpecFilter struct {
	Kind   string `json:"kind"`
	Value  string `json:"value,omitempty"`
	Op     string `json:"op,omitempty"`
	Number string `json:"number,omitempty"`
	Not    bool   `json:"not,omitempty"`
}

// SpecPeriod is a period: Relative (today, yesterday, this_week, last_week, this_month,
// last_month, this_quarter, last_quarter, this_year, last_year), or the last N units
// (LastN, Unit: days, weeks, months, years), or From and To (YYYY-MM-DD, both included;
// either may be empty).
type SpecPeriod struct {
	Relative string `json:"relative,omitempty"`
	LastN    int    `json:"last_n,omitempty"`
	Unit     string `json:"unit,omitempty"`
	From     string `json:"from,omitempty"`
	To       string `json:"to,omitempty"`
}

// Limits of a Spec: anything larger is not a report a person asked for.
const (
	maxSpecParts = 8
	maxSpecLimit = 1000
)

var (
	reSpecDigits = regexp.MustCompile(`^\d{11}$|^\d{14}$`)
	reSpecNumber = regexp.MustCompile(`^\d{1,9}(\.\d{1,2})?$`)
	reSpecCode   = regexp.MustCompile(`^[A-Za-z0-9_\-]{1,40}$`)
)

var relativeSpec = map[string]PeriodKind{
	"today": Today, "yesterday": Yesterday, "this_week": ThisWeek, "last_week": LastWeek,
	"this_month": ThisMonth, "last_month": LastMonth, "this_quarter": ThisQuarter,
	"last_quarter": LastQuarter, "this_year": ThisYear, "last_year": LastYear,
}

// Request builds the request of s, in language l, over calendar cal (dates in loc). A part
// the model does not have is an *InvalidError naming it.
func (s Spec) Request(l Lang, cal Calendar, loc *time.Location) (*Request, error) {
	if len(s.Measures) == 0 || len(s.Measures) > maxSpecParts || len(s.Dimensions) > maxSpecParts || len(s.Filters) > maxSpecParts {
		return nil, invalid("o pedido precisa de 1 a 8 medidas e no máximo 8 divisões e filtros", "the request needs 1 to 8 measures and at most 8 breakdowns and filters")
	}
	r := &Request{Lang: l}
	for _, id := range s.Measures {
		m := MeasureByID(id)
		if m == nil {
			return nil, invalid("medida desconhecida: "+id, "unknown measure: "+id)
		}
		r.Measures = append(r.Measures, m)
	}
	r.Fact = r.Measures[0].Fact
	for _, id := range s.Dimensions {
		d := dimensionByID(id)
		if d == nil {
			return nil, invalid("divisão desconhecida: "+id, "unknown breakdown: "+id)
		}
		r.Dims = append(r.Dims, d)
	}
	for _, sf := range s.Filters {
		f, err := sf.filter(r.Fact)
		if err != nil {
			return nil, err
		}
		r.Filters = append(r.Filters, f)
	}
	if s.Period != nil {
		p, err := s.Period.period(cal, loc)
		if err != nil {
			return nil, err
		}
		r.Period = p
	}
	switch s.Order {
	case "":
	case "desc":
		r.Order = Descending
	case "asc":
		r.Order = Ascending
	default:
		return nil, invalid("ordem desconhecida: "+s.Order, "unknown order: "+s.Order)
	}
	if s.Limit < 0 || s.Limit > maxSpecLimit {
		return nil, invalid("limite fora de 0 a 1000", "limit outside 0 to 1000")
	}
	r.Limit = s.Limit
	return r, r.Validate()
}

func dimensionByID(id string) *Dimension {
	for _, d := range Dimensions {
		if d.ID == id {
			return d
		}
	}
	return nil
}

func (sf SpecFilter) filter(fact *Fact) (*Filter, error) {
	bad := func(what string) error {
		return invalid("filtro inválido ("+sf.Kind+"): "+what, "invalid filter ("+sf.Kind+"): "+what)
	}
	switch sf.Kind {
	case "flag":
		fl := FlagByID(sf.Value)
		if fl == nil {
			return nil, bad("flag " + sf.Value)
		}
		mk := fl.Filter
		if sf.Not {
			mk = fl.Neg
		}
		if fact == Promotions && fl.OnPromotions != nil && !sf.Not {
			mk = fl.OnPromotions
		}
		if mk == nil {
			return nil, bad("negation of " + sf.Value)
		}
		return mk(), nil
	case "store", "payment", "origin", "state":
		if !reSpecCode.MatchString(sf.Value) || sf.Not {
			return nil, bad("value")
		}
		switch sf.Kind {
		case "store":
			if fact == Customers {
				return OwnerStoreCode(sf.Value), nil
			}
			return StoreCode(sf.Value), nil
		case "payment":
			return PaymentType([]string{sf.Value}, true, T(sf.Value, sf.Value)), nil
		case "origin":
			return Origin([]string{sf.Value}, true, T(sf.Value, sf.Value)), nil
		}
		return StoreState(sf.Value), nil
	case "city":
		if sf.Value == "" || len(sf.Value) > 80 || sf.Not {
			return nil, bad("city")
		}
		return StoreCity(sf.Value), nil
	case "channel":
		ch, ok := ChannelOf(sf.Value)
		if !ok {
			return nil, bad("channel " + sf.Value)
		}
		return OptIn(ch, !sf.Not), nil
	case "threshold":
		if !reSpecNumber.MatchString(sf.Number) || !strings.Contains("> >= < <= =", sf.Op) || sf.Op == "" {
			return nil, bad("op or number")
		}
		for _, q := range Quantities {
			if q.ID == sf.Value && q.Filter[fact] != nil {
				if f := q.Filter[fact](sf.Op, sf.Number); f != nil {
					return f, nil
				}
			}
		}
		return nil, bad("quantity " + sf.Value + " over " + fact.ID)
	case "customer_doc":
		if !reSpecDigits.MatchString(sf.Value) {
			return nil, bad("document")
		}
		return CustomerDoc(sf.Value), nil
	case "customer_name":
		if sf.Value == "" || len(sf.Value) > 80 {
			return nil, bad("name")
		}
		return CustomerNameHas(sf.Value), nil
	}
	return nil, bad("kind")
}

func (sp SpecPeriod) period(cal Calendar, loc *time.Location) (*Period, error) {
	switch {
	case sp.Relative != "":
		k, ok := relativeSpec[sp.Relative]
		if !ok {
			return nil, invalid("período desconhecido: "+sp.Relative, "unknown period: "+sp.Relative)
		}
		return cal.Relative(k), nil
	case sp.LastN > 0:
		units := map[string]string{"days": Days, "weeks": Weeks, "months": Months, "years": Years}
		u, ok := units[sp.Unit]
		if !ok || sp.LastN > 3660 {
			return nil, invalid("período inválido", "invalid period")
		}
		return cal.LastNUnits(sp.LastN, u), nil
	case sp.From != "" || sp.To != "":
		var from, to time.Time
		var err error
		if sp.From != "" {
			if from, err = time.ParseInLocation(time.DateOnly, sp.From, loc); err != nil {
				return nil, invalid("data inválida: "+sp.From, "invalid date: "+sp.From)
			}
		}
		if sp.To != "" {
			if to, err = time.ParseInLocation(time.DateOnly, sp.To, loc); err != nil {
				return nil, invalid("data inválida: "+sp.To, "invalid date: "+sp.To)
			}
		}
		switch {
		case sp.From == "":
			return UntilDay(to), nil
		case sp.To == "":
			return SinceDay(from), nil
		case to.Before(from):
			return nil, invalid("o fim vem antes do início", "the end comes before the start")
		}
		return Range(from, to), nil
	}
	return nil, invalid("período vazio", "empty period")
}

// SpecHelp describes the Spec for a language model: the ids it may use.
func SpecHelp() string {
	var b strings.Builder
	b.WriteString(`{"measures": [ids], "dimensions": [ids], "filters": [{"kind", "value", "op", "number", "not"}], "period": {"relative"} | {"last_n", "unit"} | {"from", "to"}, "order": "desc"|"asc", "limit": n}` + "\n")
	b.WriteString("measure ids: ")
	for i, m := range Measures {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s (%s)", m.ID, m.Name.EN)
	}
	b.WriteString("\ndimension ids: ")
	for i, d := range Dimensions {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(d.ID)
	}
	b.WriteString("\nfilter kinds: flag (value: ")
	for i, f := range Flags {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(f.ID)
	}
	b.WriteString("), store (code), city, state (UF), payment, origin (as stored), channel (email, whatsapp, sms), threshold (value: ")
	for i, q := range Quantities {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(q.ID)
	}
	b.WriteString("; op: > >= < <= =; number), customer_doc (digits), customer_name\n")
	b.WriteString("period relative: today, yesterday, this_week, last_week, this_month, last_month, this_quarter, last_quarter, this_year, last_year; last_n with unit days|weeks|months|years; or from/to as YYYY-MM-DD (both included)\n")
	return b.String()
}
