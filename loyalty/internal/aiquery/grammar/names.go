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
		// two words or more the model does not know, as typed (LooseName stops at a verb
		// and never mixes lower-case and capitalised words)
		rule("FullName", 0, tWord+" LooseName", func(k []*Edge) (any, bool) {
			if k[0].To != k[1].From {
				return nil, false // no word skipped inside a name ("Joao dos Santos" is not "Joao Santos")
			}
			return looseName(k[0].Match.Arg, k[1].Val.(string))
		}),
		// two capitalised words or more, known to the model or not, with the particles of
		// names between them: "Ana Nascimento", "Maria da Silva Rosa"; the name stops at the
		// first word in lower case ("a cliente Camila Prado ligou reclamando ...")
		rule("CapWord", 0, tWord, func(k []*Edge) (any, bool) { return capitalised(k[0]) }),
		rule("CapWord", 0, tCapWord, func(k []*Edge) (any, bool) { return capitalised(k[0]) }),
		rule("CapName", 0, "CapWord", func(k []*Edge) (any, bool) { return k[0].Val, true }),
		rule("CapName", 0, "CapWord CapName", func(k []*Edge) (any, bool) {
			return k[0].Val.(string) + " " + k[1].Val.(string), k[0].To == k[1].From // no word skipped inside a name
		}),
		rule("CapName", 0, "CapWord "+tFrom+" CapName", func(k []*Edge) (any, bool) {
			if !semantic.NameParticles[lexicon.Fold(k[1].Match.Text)] {
				return nil, false
			}
			return k[0].Val.(string) + " " + k[1].Match.Text + " " + k[2].Val.(string), k[0].To == k[1].From && k[1].To == k[2].From
		}),
		rule("CapName", 0, "CapWord "+string(semantic.CatFiller)+" CapName", func(k []*Edge) (any, bool) {
			if !semantic.NameParticles[lexicon.Fold(k[1].Match.Text)] {
				return nil, false
			}
			return k[0].Val.(string) + " " + k[1].Match.Text + " " + k[2].Val.(string), k[0].To == k[1].From && k[1].To == k[2].From
		}),
		rule("FullName", 0, "CapName", func(k []*Edge) (any, bool) {
			n := k[0].Val.(string)
			return n, strings.Contains(n, " ")
		}),
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

// looseName is a word before the words of a name typed as they come, when they make one
// name: all in lower case or all capitalised, and never a verb in lower case after the
// first word ("camila prado ligou" is not a name).
func looseName(first, rest string) (any, bool) {
	next := strings.Fields(rest)[0]
	if isCap(first) != isCap(next) || !isCap(next) && semantic.VerbForm(lexicon.Fold(next)) {
		return nil, false
	}
	return first + " " + rest, true
}

func isCap(w string) bool {
	_, ok := capitalised(&Edge{Match: &lexicon.Match{Arg: w}})
	return ok
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
