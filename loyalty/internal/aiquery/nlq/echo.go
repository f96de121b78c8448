package nlq

import (
	"fmt"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// Echo says, in the question's language, what the report computes, so a person can check
// it before running it.
type Echo struct {
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

func describe(r *semantic.Request, q *question, notes []semantic.Text) Echo {
	l := r.Lang
	e := Echo{Language: string(l), Breakdown: []string{}, Filters: []string{}, Rules: []string{}, Notes: []string{}}
	say := func(t semantic.Text) string { return t.In(l) }

	var what string
	switch {
	case len(r.Measures) > 0:
		var names, defs []string
		for _, m := range r.Measures {
			names = append(names, say(m.Name))
			defs = append(defs, say(m.Name)+": "+say(m.Def))
		}
		what = joinAnd(names, say(semantic.T(" e ", " and ")))
		e.Measure = strings.Join(defs, "; ")
	default:
		var cols []string
		for _, a := range r.Attrs {
			cols = append(cols, say(a.Name))
		}
		what = say(semantic.T("lista de ", "list of ")) + say(r.Fact.Name)
		e.Measure = what + " (" + strings.Join(cols, ", ") + ")"
		if r.SortBy != nil {
			e.Order = say(semantic.T("ordenada por ", "sorted by ")) + say(r.SortBy.Name)
		}
	}
	title := upperFirst(what)
	for _, d := range r.Dims {
		e.Breakdown = append(e.Breakdown, say(d.Name))
	}
	if len(e.Breakdown) > 0 {
		title += say(semantic.T(" por ", " by ")) + strings.Join(e.Breakdown, say(semantic.T(" e ", " and ")))
	}
	for _, f := range r.Filters {
		e.Filters = append(e.Filters, say(f.Name))
	}
	if len(e.Filters) > 0 {
		title += " — " + strings.Join(e.Filters, ", ")
	}
	// the percentage's condition is in the measure's name already (so not in the title)
	if len(r.Measures) == 1 && r.Measures[0].RateCondition() != nil {
		e.Filters = append(e.Filters, say(semantic.T("condição do percentual: ", "percentage condition: "))+say(r.Measures[0].RateCondition().Name))
	}
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
		e.Period += " (" + say(semantic.T("aplicado a: ", "applies to: ")) + on + ")"
		title += " — " + say(r.Period.Label)
	case len(r.Measures) > 0 && r.Fact.Time != "":
		e.Period = say(semantic.T("todo o período", "all time"))
	}
	if r.Order != semantic.Natural && len(r.Dims) > 0 {
		dir := say(semantic.T("maiores primeiro", "largest first"))
		if r.Order == semantic.Ascending {
			dir = say(semantic.T("menores primeiro", "smallest first"))
		}
		e.Order = dir
		if r.Limit > 0 {
			e.Order += fmt.Sprintf(say(semantic.T(", os %d primeiros", ", top %d")), r.Limit)
			if r.Order == semantic.Ascending {
				if r.Limit == 1 {
					title = say(semantic.T("O menor: ", "Bottom 1: ")) + title
				} else {
					title = fmt.Sprintf(say(semantic.T("Os %d menores: ", "Bottom %d: ")), r.Limit) + title
				}
			} else {
				title = fmt.Sprintf(say(semantic.T("Top %d: ", "Top %d: ")), r.Limit) + title
			}
		}
	} else if r.Limit > 0 {
		e.Order = strings.TrimPrefix(e.Order+fmt.Sprintf(say(semantic.T(", até %d linhas", ", at most %d rows")), r.Limit), ", ")
	}
	e.Title = title
	for _, f := range r.Facts() {
		if f.LiveName != (semantic.Text{}) && !replacesLive(r) {
			e.Rules = append(e.Rules, say(f.LiveName))
		}
	}
	for _, d := range r.Dims {
		if d == semantic.ByStore && r.Fact == semantic.Customers {
			e.Rules = append(e.Rules, say(semantic.T("cada cliente conta na sua loja dona (a da primeira compra), senão na loja de cadastro", "each customer counts in its owner store (that of its first purchase), else its sign-up store")))
		}
		if d == semantic.ByWeekday {
			e.Rules = append(e.Rules, semantic.WeekdayNote(l))
		}
	}
	for _, fx := range q.fixes {
		e.Notes = append(e.Notes, say(semantic.T("li ", "read "))+fx)
	}
	for _, n := range notes {
		e.Notes = append(e.Notes, say(n))
	}
	return e
}

func replacesLive(r *semantic.Request) bool {
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

func upperFirst(s string) string {
	for i, r := range s {
		return strings.ToUpper(string(r)) + s[i+len(string(r)):]
	}
	return s
}

// joinAnd: "a, b and c".
func joinAnd(list []string, and string) string {
	if len(list) <= 2 {
		return strings.Join(list, and)
	}
	return strings.Join(list[:len(list)-1], ", ") + and + list[len(list)-1]
}
