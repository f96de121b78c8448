package grammar

import (
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The aside rule (issue 24, thirteenth round). Letters set a remark off by commas right
// after a conjunction: "o total de pontos creditados e, em coluna própria, o total de pontos
// resgatados", "revenue and, please, redemptions". A reading skips the remark, but the
// conjunction then no longer stands next to what it joins, and a list of measures of two
// facts (one constituent of the grammar) is not read. An aside of layout, courtesy or hedge
// words alone (asideClasses) between a conjunction's comma and the next comma is taken out
// of the tokens before parsing, with its closing comma; anything else in it keeps it.

// asideClasses are the filler classes an aside may be made of.
var asideClasses = map[string]bool{"report": true, "courtesy": true, "hedge": true}

// withoutAsides is r without the asides after a conjunction (see above); r itself when it
// has none.
func withoutAsides(r *lexicon.Reading) *lexicon.Reading {
	n := len(r.Tokens)
	drop := make([]bool, n)
	any := false
	for i := 2; i < n; i++ {
		if r.Tokens[i-1].Norm != "," || !hasCat(r, i-2, semantic.CatAnd) || r.Tokens[i-2].Norm == "," {
			continue
		}
		j := i
		for j < n && r.Tokens[j].Norm != "," && r.Tokens[j].Part == r.Tokens[i].Part {
			j++
		}
		if j == i || j >= n || r.Tokens[j].Norm != "," || !asideOnly(r, i, j) {
			continue
		}
		for k := i; k <= j; k++ {
			drop[k] = true
		}
		any = true
		i = j
	}
	if !any {
		return r
	}
	return dropTokens(r, drop)
}

// asideOnly reports whether the tokens from..to are all words of the aside classes, each
// read by one match that lies within them.
func asideOnly(r *lexicon.Reading, from, to int) bool {
	for k := from; k < to; {
		best := 0
		for _, m := range r.Matches {
			if m.From == k && m.To <= to && m.Typos == 0 && m.Cat == semantic.CatFiller && asideClasses[m.Arg] && m.To-m.From > best {
				best = m.To - m.From
			}
		}
		if best == 0 {
			return false
		}
		k += best
	}
	return true
}

// dropTokens is r without the tokens drop marks, and without the matches that hold one.
func dropTokens(r *lexicon.Reading, drop []bool) *lexicon.Reading {
	out := *r
	out.Tokens, out.Matches = nil, nil
	at := make([]int, len(r.Tokens)+1)
	for i, t := range r.Tokens {
		at[i] = len(out.Tokens)
		if !drop[i] {
			out.Tokens = append(out.Tokens, t)
		}
	}
	at[len(r.Tokens)] = len(out.Tokens)
	for _, m := range r.Matches {
		kept := true
		for i := m.From; i < m.To; i++ {
			kept = kept && !drop[i]
		}
		if kept {
			m.From, m.To = at[m.From], at[m.To-1]+1
			out.Matches = append(out.Matches, m)
		}
	}
	return &out
}
