package semantic

import (
	"fmt"
	"strings"
)

// Explanation says, in the request's language, what a report computes, so a person can
// check it before running it. It is built from the request alone, so every way of
// filling a request (the grammar, a language model's structured answer) explains it the
// same way.
type Explanation struct {
	Language  string   `json:"language"`
	Title     string   `json:"title"`
	Measure   string   `json:"measure"`
	Breakdown []string `json:"breakdown"`
	Filters   []string `json:"filters"`
	Period    string   `json:"period"`
	Order     string   `json:"order,omitempty"`
	Rules     []string `json:"counting_rules"`
	Notes     []string `json:"notes"`
}

// Explain describes the request: its measures (each with how it is computed), breakdowns
// (with the bands or periods they compare), filters, period (with what it applies to),
// order and the counting rules of its facts.
func (r *Request) Explain() Explanation {
	l := r.Lang
	e := Explanation{Language: string(l), Breakdown: []string{}, Filters: []string{}, Rules: []string{}, Notes: []string{}}
	say := func(t Text) string { return t.In(l) }
	and := say(T(" e ", " and "))

	var what string
	switch {
	case len(r.Measures) > 0:
		var names, defs []string
		for _, m := range r.Measures {
			names = append(names, say(m.Name))
			defs = append(defs, say(m.Name)+": "+say(m.Def))
		}
		what = JoinAnd(names, and)
		e.Measure = strings.Join(defs, "; ")
	default:
		var cols []string
		for _, a := range r.Attrs {
			cols = append(cols, say(a.Name))
		}
		what = say(T("lista de ", "list of ")) + say(r.Fact.Name)
		e.Measure = what + " (" + strings.Join(cols, ", ") + ")"
		if r.SortBy != nil {
			e.Order = say(T("ordenada por ", "sorted by ")) + say(r.SortBy.Name)
		}
	}
	title := UpperFirst(what)
	var dimNames []string
	for _, d := range r.Dims {
		dimNames = append(dimNames, say(d.Name))
		b := say(d.Name)
		if len(d.Members) > 0 {
			var ms []string
			for _, m := range d.Members {
				ms = append(ms, say(m))
			}
			b += " (" + strings.Join(ms, ", ") + ")"
		}
		e.Breakdown = append(e.Breakdown, b)
	}
	if len(dimNames) > 0 {
		title += say(T(" por ", " by ")) + strings.Join(dimNames, and)
	}
	for _, f := range r.Filters {
		e.Filters = append(e.Filters, say(f.Name))
	}
	if len(e.Filters) > 0 {
		title += " — " + strings.Join(e.Filters, ", ")
	}
	// the percentage's condition is in the measure's name already (so not in the title)
	if len(r.Measures) == 1 && r.Measures[0].RateCondition() != nil {
		e.Filters = append(e.Filters, say(T("condição do percentual: ", "percentage condition: "))+say(r.Measures[0].RateCondition().Name))
	}
	compared := r.comparedPeriods()
	switch {
	case r.Period != nil:
		e.Period = say(r.Period.Label)
		var ons []string
		for _, f := range r.Facts() {
			ons = append(ons, say(f.TimeName))
		}
		on := strings.Join(ons, "; ")
		for _, f := range r.Filters {
			if f.UsesPeriod {
				on = say(f.Name)
			}
		}
		e.Period += " (" + say(T("aplicado a: ", "applies to: ")) + on + ")"
		title += " — " + say(r.Period.Label)
	case len(compared) > 0:
		// a growth or a breakdown by periods reads its own periods, not all time
		var ps []string
		for _, p := range compared {
			ps = append(ps, say(p.Label))
		}
		e.Period = say(T("comparação: ", "compared: ")) + strings.Join(ps, say(T(" com ", " with ")))
	case len(r.Measures) > 0 && r.Fact.Time != "":
		e.Period = say(T("todo o período", "all time"))
	}
	if r.Order != Natural && len(r.Dims) > 0 {
		dir := say(T("maiores primeiro", "largest first"))
		if r.Order == Ascending {
			dir = say(T("menores primeiro", "smallest first"))
		}
		e.Order = dir
		if r.Limit > 0 {
			e.Order += fmt.Sprintf(say(T(", os %d primeiros", ", top %d")), r.Limit)
			if r.Order == Ascending {
				if r.Limit == 1 {
					title = say(T("O menor: ", "Bottom 1: ")) + title
				} else {
					title = fmt.Sprintf(say(T("Os %d menores: ", "Bottom %d: ")), r.Limit) + title
				}
			} else {
				title = fmt.Sprintf(say(T("Top %d: ", "Top %d: ")), r.Limit) + title
			}
		}
	} else if r.Limit > 0 {
		e.Order = strings.TrimPrefix(e.Order+fmt.Sprintf(say(T(", até %d linhas", ", at most %d rows")), r.Limit), ", ")
	}
	e.Title = title
	for _, f := range r.Facts() {
		if f.LiveName != (Text{}) && !r.replacesLive() {
			e.Rules = append(e.Rules, say(f.LiveName))
		}
	}
	for _, d := range r.Dims {
		if d == ByStore && r.Fact == Customers {
			e.Rules = append(e.Rules, say(T("cada cliente conta na sua loja dona (a da primeira compra), senão na loja de cadastro", "each customer counts in its owner store (that of its first purchase), else its sign-up store")))
		}
		if d == ByWeekday {
			e.Rules = append(e.Rules, WeekdayNote(l))
		}
	}
	return e
}

// comparedPeriods are the periods a request compares without one period of its own: those
// of its growth measures, else of its breakdown by periods.
func (r *Request) comparedPeriods() []*Period {
	for _, m := range r.Measures {
		if len(m.growthOf) > 0 {
			return m.growthOf
		}
	}
	for _, d := range r.Dims {
		if len(d.periods) > 0 {
			return d.periods
		}
	}
	return nil
}

// replacesLive: a filter or breakdown shows every row, whatever the counting rule.
func (r *Request) replacesLive() bool {
	for _, f := range r.Filters {
		if f.ReplacesLive {
			return true
		}
	}
	for _, d := range r.Dims {
		if d.ReplacesLive {
			return true
		}
	}
	return false
}

// UpperFirst capitalises the first letter.
func UpperFirst(s string) string {
	for i, r := range s {
		return strings.ToUpper(string(r)) + s[i+len(string(r)):]
	}
	return s
}

// JoinAnd joins a list as a sentence: "a, b and c".
func JoinAnd(list []string, and string) string {
	if len(list) <= 2 {
		return strings.Join(list, and)
	}
	return strings.Join(list[:len(list)-1], ", ") + and + list[len(list)-1]
}

// NoteTypos adds the typos an interpreter read as other words ("li tiket → ticket").
func (e *Explanation) NoteTypos(fixes []string) {
	for _, fx := range fixes {
		e.Notes = append(e.Notes, T("li ", "read ").In(Lang(e.Language))+fx)
	}
}

// NoteContext names the sentences an interpreter left out as context around the question
// (a greeting, who asked, what the answer is for), so the reader sees nothing was dropped
// silently.
func (e *Explanation) NoteContext(parts []string) {
	for _, p := range parts {
		e.Notes = append(e.Notes, T("deixei de lado, como contexto: ", "left out, as context: ").In(Lang(e.Language))+"\""+p+"\"")
	}
}

// Compares reports whether the request compares periods (a growth between two periods, or
// one row per period).
func (r *Request) Compares() bool { return len(r.comparedPeriods()) > 0 }
