package grammar

import (
	"slices"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// People named in a question (issue 24, sixth round). A person's name is a search on the
// customers' names (nameFilter) when something marks it as one:
//
//   - an honorific before it (semantic.CatHonor: "a senhora Fernanda Lima Duarte", "dona
//     Maria Souza", "Mr. Carlos Nogueira"): the honorific is no part of the name, typed
//     with capitals or not ("A SENHORA FERNANDA LIMA DUARTE"); a surname alone ("Mrs.
//     Souza") is every Souza, and is refused;
//   - "cliente", "customer" right before it ("cliente camila prado", "customer natalia
//     rocha"): two words or more the model does not know;
//   - "da", "do" before it, when its first word is a common first name
//     (semantic.GivenNames: "o saldo da camila prado"); other words the model does not
//     know after "da", "do" ("da zona norte") are still refused;
//   - capitals (rules.go, "Name"): two capitalised words or more anywhere.
//
// Vocatives and honorifics said to the reader ("Hi sir,", "obrigado, senhora") are
// discourse (semantic.Fillers "vocative"), read as nothing.

const tHonor = string(semantic.CatHonor)

func nameRules() []*Rule {
	return []*Rule{
		// two words or more the model does not know, as typed
		rule("FullName", 0, tWord+" LooseName", func(k []*Edge) (any, bool) { return k[0].Match.Arg + " " + k[1].Val.(string), true }),
		rule("Filter", 0.4, tHonor+" FullName", func(k []*Edge) (any, bool) { return nameFilter(k[1].Val.(string), false), true }),
		rule("Filter", 0.6, tNoun+" FullName", func(k []*Edge) (any, bool) {
			if arg(k[0]) != "customers" || !singular(k[0]) {
				return nil, false
			}
			return nameFilter(k[1].Val.(string), false), true
		}),
		rule("Filter", 0.6, tFrom+" FullName", func(k []*Edge) (any, bool) {
			n := k[1].Val.(string)
			if w := lexicon.Fold(k[0].Match.Text); w != "da" && w != "do" || !semantic.GivenName(lexicon.Fold(strings.Fields(n)[0])) {
				return nil, false
			}
			return nameFilter(n, false), true
		}),
	}
}

// vocativesNamed are the question's vocatives that name a person of the question: after an
// article (semantic.Articles) and not before a request ("quantos pontos tem a senhora?",
// not "a senhora pode me dizer ..."). Their vocative sense is taken away, so a question
// that says nothing more of that person is refused.
func vocativesNamed(r *lexicon.Reading) *lexicon.Reading {
	var drop []int
	for _, m := range r.Matches {
		if m.Cat != semantic.CatFiller || m.Arg != "vocative" || m.From == 0 || isRequest(r, m.To) {
			continue
		}
		for _, a := range semantic.Articles.All() {
			ws := strings.Fields(a)
			k := m.From - len(ws)
			if k < 0 || r.Tokens[k].Part != r.Tokens[m.From].Part {
				continue
			}
			ok := true
			for j, w := range ws {
				ok = ok && r.Tokens[k+j].Norm == w
			}
			if ok {
				drop = append(drop, m.From)
				break
			}
		}
	}
	if len(drop) == 0 {
		return r
	}
	out := *r
	out.Matches = nil
	for _, m := range r.Matches {
		if m.Cat != semantic.CatFiller || m.Arg != "vocative" || !slices.Contains(drop, m.From) {
			out.Matches = append(out.Matches, m)
		}
	}
	return &out
}
