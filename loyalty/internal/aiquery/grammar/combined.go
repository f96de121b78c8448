package grammar

import "github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"

// Members summed. "Centro e Ibirapuera" beside a measure is a comparison: each member is a
// row. Said with a sum right before or after ("somando Centro e Ibirapuera", "Centro and
// Ibirapuera combined", "Centro e Ibirapuera somados"), the members are one total: the
// filter keeps both, no row per member.

// summedAt reports whether the clause at i (a filter of members) has a sum clause touching
// it.
func (a *assembly) summedAt(i int) bool {
	if i < 0 || i >= len(a.clauses) {
		return false
	}
	for j := range a.clauses {
		if a.summedBy(j, i) {
			return true
		}
	}
	return false
}

// summedBy reports whether the clause at j is a sum clause right before or after the
// clause at i. Said right after values named together ("centro e ibirapuera somadas em
// maio x junho") the sum is of those values, never of the clause after it.
func (a *assembly) summedBy(j, i int) bool {
	if j < 0 || j >= len(a.clauses) || a.clauses[j].kind != "agg" || string(a.clauses[j].v.(marker)) != "sum" {
		return false
	}
	if j == i-1 && j > 0 && a.spans[j-1].to == a.spans[j].from {
		if fv, ok := a.clauses[j-1].v.(filterV); ok && fv.members != nil && len(fv.members.values) > 1 {
			return false
		}
	}
	return j == i-1 && a.spans[j].to == a.spans[i].from || j == i+1 && a.spans[i].to == a.spans[j].from
}

// actedOn reports whether measures are named and none counts customers: a question that
// names customers beside them names who acts ("which payment type the clients use more, in
// number of sales").
func actedOn(measures []*semantic.Measure) bool {
	for _, m := range measures {
		if m.Fact == semantic.Customers {
			return false
		}
	}
	return len(measures) > 0
}
