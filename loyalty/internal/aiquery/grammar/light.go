package grammar

import (
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The light-verb rule. People say what they want done with a verb that means nothing
// beside its object: "faz um ranking das lojas", "tira a lista dos clientes", "run me a
// ranking of the stores" ask for the ranking and the list; "filtrar as vendas da loja X",
// "filter active customers" ask for the rows the condition after the verb says. Such a
// verb (semantic.Fillers, Governs) is skipped only where it governs a concept: the first
// word after it that is not a function word ("um", "a", "the", "me") starts a concept of
// the model. Anywhere else it is a word no reading uses, and the question is refused
// ("quantos clientes fazem", "who makes the most"). A verb of breaking the rows down said
// apart from its "por" ("agrupar os clientes por faixa etária"; semantic.Fillers, Breaks)
// is skipped only before a breakdown in its sentence: alone ("agrupe crédito e débito")
// it would say the values are taken together, which no breakdown reads.

// lightGoverned returns r without the light-verb readings of the words that govern no
// concept, and without the breaking verbs that no breakdown follows.
func lightGoverned(r *lexicon.Reading) *lexicon.Reading {
	n := len(r.Tokens)
	function := make([]bool, n+1)
	concept := make([]bool, n+1)
	by := make([]bool, n+1)
	light := false
	for _, m := range r.Matches {
		switch {
		case m.Cat == semantic.CatFiller && fillerIs(m.Arg, func(f *semantic.FillerClass) bool { return f.Governs || f.Breaks }):
			light = true
		case m.Cat == semantic.CatFiller && m.Arg == "function" && m.To == m.From+1:
			function[m.From] = true
		case m.Cat == semantic.CatBy:
			by[m.From] = true
			concept[m.From] = true
		case m.Cat != semantic.CatFiller && m.Cat != semantic.CatDiscourse && m.Cat != lexicon.CatWord && semantic.RoleOf(m.Cat, m.Arg) == semantic.RoleConcept:
			concept[m.From] = true
		}
	}
	if !light {
		return r
	}
	governs := func(to int) bool {
		for j := to; j < n; j++ {
			if concept[j] {
				return true
			}
			if !function[j] {
				return false
			}
		}
		return false
	}
	breaks := func(to int) bool {
		for j := to; j < n && (j == to || r.Tokens[j].Part == r.Tokens[to].Part); j++ {
			if by[j] {
				return true
			}
		}
		return false
	}
	out := *r
	out.Matches = nil
	for _, m := range r.Matches {
		if m.Cat == semantic.CatFiller {
			governing := fillerIs(m.Arg, func(f *semantic.FillerClass) bool { return f.Governs })
			breaking := fillerIs(m.Arg, func(f *semantic.FillerClass) bool { return f.Breaks })
			// read through a typo, with nothing after it, or not before what it governs
			if (governing || breaking) && (m.Typos > 0 || m.To >= n || governing && !governs(m.To) || breaking && !breaks(m.To)) {
				continue
			}
		}
		out.Matches = append(out.Matches, m)
	}
	return &out
}

// fillerIs reports whether the filler class id is one that is.
func fillerIs(id string, is func(*semantic.FillerClass) bool) bool {
	f := semantic.FillerByID(id)
	return f != nil && is(f)
}
