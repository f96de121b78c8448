package grammar

import (
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The light-verb rule. People say what they want done with a verb that means nothing
// beside its object: "faz um ranking das lojas", "tira a lista dos clientes", "run me a
// ranking of the stores" ask for the ranking and the list. Such a verb (semantic.Fillers,
// Governs) is skipped only where it governs a concept: the first word after it that is
// not a function word ("um", "a", "the", "me") starts a concept of the model. Anywhere
// else it is a word no reading uses, and the question is refused ("quantos clientes
// fazem", "who makes the most").

// lightGoverned returns r without the light-verb readings of the words that govern no
// concept.
func lightGoverned(r *lexicon.Reading) *lexicon.Reading {
	n := len(r.Tokens)
	function := make([]bool, n+1)
	concept := make([]bool, n+1)
	light := false
	for _, m := range r.Matches {
		switch {
		case m.Cat == semantic.CatFiller && m.Arg == "light":
			light = true
		case m.Cat == semantic.CatFiller && m.Arg == "function" && m.To == m.From+1:
			function[m.From] = true
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
	out := *r
	out.Matches = nil
	for _, m := range r.Matches {
		if m.Cat == semantic.CatFiller && m.Arg == "light" && (m.Typos > 0 || !governs(m.To)) {
			continue
		}
		out.Matches = append(out.Matches, m)
	}
	return &out
}
