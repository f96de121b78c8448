package semantic

import "slices"

// Defines reports whether request def, a measure said by its definition ("a proporção dos
// compradores do trimestre que compraram duas ou mais vezes", "revenue divided by the
// buyers"), asks what request name asks by the measure's name ("taxa de recompra do
// trimestre", "average spend per customer"): the name's reading is then the answer. Two
// forms agree. A named measure whose definition reads as the same measures (by ID) over
// the same rows, breakdowns and limit. A named rate over its own rows (a repeat rate: of
// the customers who bought) whose definition is a percentage of those rows, said as a
// filter, meeting the same condition. Anything else is another question.
func Defines(name, def *Request) bool {
	want, err := def.Compile()
	if err != nil || name.Fact != def.Fact {
		return false
	}
	for _, m := range def.Measures {
		if !slices.ContainsFunc(name.Measures, func(n *Measure) bool { return n.ID == m.ID }) {
			return definesRate(name, def, want)
		}
	}
	same := *name
	same.Measures, same.Period = def.Measures, def.Period
	sql, err := same.Compile()
	return err == nil && sql == want
}

// definesRate is Defines for a named rate over its own rows (RepeatBuyers: over the
// buyers) said as a percentage of those rows meeting a condition.
func definesRate(name, def *Request, want string) bool {
	if len(name.Measures) != 1 || name.Measures[0].Kind != Rate {
		return false
	}
	f := name.Measures[0].rateOf
	var g *Filter
	for _, m := range def.Measures {
		switch {
		case m.Kind == Rate && g == nil && m.rateOf != nil:
			g = m.rateOf
		case m.Kind == Rate || m.rateOf == nil:
			return false // another measure besides the percentage and its count
		}
	}
	if f == nil || f.rateAmong == nil || g == nil || g.rateAmong != nil {
		return false
	}
	// the definition's rows are the name's rows among which its rate is taken
	rows := *name
	rows.Period = def.Period
	rows.Filters = append(slices.Clone(name.Filters), f.rateAmong)
	rows.Measures = def.Measures
	if sql, err := rows.Compile(); err != nil || sql != want {
		return false
	}
	// and its condition is the name's: the definition's condition taken over the name's
	// rows compiles to the name's rate
	said := *g
	said.ID, said.Slug, said.Name, said.rateAmong = f.ID, f.Slug, f.Name, f.rateAmong
	m, err := RateOf(name.Fact, &said, def.Period)
	if err != nil {
		return false
	}
	as := *name
	as.Measures = []*Measure{m}
	got, err1 := as.Compile()
	named, err2 := name.Compile()
	return err1 == nil && err2 == nil && got == named
}
