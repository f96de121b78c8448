package grammar

import (
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The "no longer" rule. A second-language or spoken question says a lapse with the
// negation's "no longer" after the verb: "customers who are since more than 180 days not
// buying anymore", "clientes que não compram mais há 90 dias". The word (semantic.Fillers,
// "nolonger") says they did before, which the window of time they have not done it in
// says too (last purchase before the window: never-buyers are not counted). A reading
// skips it only right after a negated verb (a negation, then a verb), not before a
// comparison ("não compraram mais de 3 vezes"), in a clause that holds a length of time
// (a number and a unit). Anywhere else it stays a word no reading uses ("customers who
// don't buy anymore" names no window: refused), and "mais" keeps its other readings.

// noLongerPlaced returns r without the "no longer" readings of the words that do not end a
// negated verb of a clause with a length of time.
func noLongerPlaced(r *lexicon.Reading) *lexicon.Reading {
	n := len(r.Tokens)
	neg := make([]bool, n)  // a negation ends here
	verb := make([]bool, n) // a verb ends here
	cmp := make([]bool, n)  // a comparison starts here
	unit := make([]bool, n) // a unit of time starts here
	found := false
	for _, m := range r.Matches {
		switch m.Cat {
		case semantic.CatFiller:
			found = found || m.Arg == "nolonger"
		case semantic.CatNeg:
			neg[m.To-1] = true
		case semantic.CatEvent:
			verb[m.To-1] = true
		case semantic.CatCmp:
			cmp[m.From] = true
		case semantic.CatUnit:
			unit[m.From] = true
		}
	}
	if !found {
		return r
	}
	timed := func(part int) bool {
		for j := 1; j < n; j++ {
			if unit[j] && r.Tokens[j].Part == part && r.Tokens[j-1].Kind == lexicon.Number {
				return true
			}
		}
		return false
	}
	placed := func(m lexicon.Match) bool {
		i := m.From
		return m.To == i+1 && i >= 2 && verb[i-1] && neg[i-2] && !cmp[i] && timed(r.Tokens[i].Part)
	}
	out := *r
	out.Matches = nil
	for _, m := range r.Matches {
		if m.Cat == semantic.CatFiller && m.Arg == "nolonger" && !placed(m) {
			continue
		}
		out.Matches = append(out.Matches, m)
	}
	return &out
}
