package lexicon

import (
	"slices"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// Short names of the catalogue's values. People call a store, a product or a city by a
// clipped word of its name ("a copa" for Copacabana, "ibira" for Ibirapuera, "caneca" for
// Caneca Térmica); the clips are generated from the catalogue, never listed:
//
//   - a clip is a prefix, of minShortName letters or more, of a word of a store's or a
//     product's name, or of a one-word city's name (a word of a longer city name is often
//     a person's or a month's: "Paulo", "Janeiro"); the whole of a one-word name is the
//     name itself, and a word of the model in a name ("compra" of "Vale-compra") is
//     clipped from nothing ("qtd de comp" is no voucher);
//   - it is read only where nothing else reads the word (no word, typo, abbreviation or
//     phrase of the lexicon: "vale" is a meal voucher, "cent" of "per cent"), and only where
//     a name fits: after an article (semantic.Articles) or a preposition ("a copa", "da
//     copa", "at Copa"), before the noun of its kind ("the Copa store") or after it and a
//     preposition ("na loja ibira"), a product after "quantos", "how many" ("quantas
//     canecas"), or joined by "x", "vs", "e", "and", "or" or a comma to another value or
//     clip ("copa x ibira"). A clip said where a verb is ("que mora", "qual loja bate
//     mais") is no filter: it is left unread and the question refused, as before; a
//     plural "s" is the word's;
//   - a clip of values of two kinds is not read; of two to maxShortValues values of one
//     kind ("açaí": Açaí 300ml and Açaí 500ml) it is each of them, and the grammar asks
//     which (two readings of one cost); of more, none.
//
// A clip is read like a typo: the reading costs more, the rules that trust only exact
// words do not take it, and the answer names it ("copa" → "copacabana").

const (
	minShortName   = 4
	maxShortValues = 3
)

// shortName is a value a clipped word may name, and the word of its name it clips.
type shortName struct {
	sense sense
	word  string
}

// shortNames indexes the clips of the catalogue's names; a word of the model is no clip.
func shortNames(cat *semantic.Catalog, model map[string]bool) map[string][]shortName {
	clips := map[string][]shortName{}
	add := func(name string, s sense, oneWordOnly bool) {
		words := strings.Fields(Fold(name))
		if oneWordOnly && len(words) != 1 {
			return
		}
		for _, w := range words {
			if !lettersOnly(w) || model[w] {
				continue // a word of the model says nothing of this name ("compra" of "Vale-compra")
			}
			for n := minShortName; n <= len(w); n++ {
				if len(words) == 1 && n == len(w) {
					break // the name itself
				}
				p := w[:n]
				if model[p] {
					continue // a word of its own ("vale")
				}
				seen := false
				for _, x := range clips[p] {
					seen = seen || x.sense == s
				}
				if !seen {
					clips[p] = append(clips[p], shortName{s, strings.Join(words, " ")})
				}
			}
		}
	}
	for _, s := range cat.Stores {
		add(s.Name, sense{CatStore, s.Code, ""}, false)
	}
	seenCity := map[string]bool{}
	for _, s := range cat.Stores {
		if s.City != "" && !seenCity[s.City] {
			seenCity[s.City] = true
			add(s.City, sense{CatCity, s.City, ""}, true)
		}
	}
	for _, p := range cat.Products {
		add(p, sense{CatProduct, p, ""}, false)
	}
	for p, xs := range clips {
		if len(xs) > maxShortValues {
			delete(clips, p)
			continue
		}
		for _, x := range xs[1:] {
			if x.sense.cat != xs[0].sense.cat {
				delete(clips, p)
				break
			}
		}
	}
	return clips
}

func lettersOnly(w string) bool {
	for _, r := range w {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return w != ""
}

// shortNameMatches adds the values the question's clipped words name (see above), and
// returns the words of the matches, as Read keeps them.
func (r *Reading) shortNameMatches(lx *Lexicon, used [][]string) [][]string {
	if len(lx.short) == 0 {
		return used
	}
	read := make([]bool, len(r.Tokens))
	for _, m := range r.Matches {
		if m.Cat == CatWord {
			continue
		}
		for j := m.From; j < m.To; j++ {
			read[j] = true
		}
	}
	clipped := func(i int) []shortName {
		if i < 0 || i >= len(r.Tokens) || read[i] || r.Tokens[i].Kind != Word {
			return nil
		}
		w := r.Tokens[i].Norm
		if xs := lx.short[w]; xs != nil {
			return xs
		}
		return lx.short[strings.TrimSuffix(w, "s")] // a plural ("canecas")
	}
	// valueAt: a value of the catalogue, or a clip, said at token i
	valueAt := func(i int) bool {
		if clipped(i) != nil {
			return true
		}
		for _, m := range r.Matches {
			if m.From <= i && i < m.To && (m.Cat == CatStore || m.Cat == CatProduct || m.Cat == CatCity) {
				return true
			}
		}
		return false
	}
	same := func(i, j int) bool {
		return j >= 0 && j < len(r.Tokens) && r.Tokens[i].Part == r.Tokens[j].Part && r.Tokens[j].Kind == Word
	}
	joins := func(w string) bool {
		return w == "," || lx.hasCat(w, semantic.CatVs) || lx.hasCat(w, semantic.CatAnd) || lx.hasCat(w, semantic.CatOr)
	}
	kindNoun := func(w string, c semantic.Category) bool {
		switch c {
		case CatStore:
			return lx.hasSense(w, sense{cat: semantic.CatNoun, arg: "stores"})
		case CatProduct:
			return lx.hasSense(w, sense{cat: semantic.CatNoun, arg: "products"})
		}
		return false
	}
	articles := slices.Concat(semantic.Articles.PT, semantic.Articles.EN)
	var adds []Match
	var words [][]string
	for i := range r.Tokens {
		xs := clipped(i)
		if xs == nil {
			continue
		}
		kind := xs[0].sense.cat
		fits := false
		preposition := func(j int) bool {
			return same(i, j) && (lx.hasCat(r.Tokens[j].Norm, semantic.CatInPeriod) || lx.hasCat(r.Tokens[j].Norm, semantic.CatFrom))
		}
		if same(i, i-1) {
			w := r.Tokens[i-1].Norm
			fits = slices.Contains(articles, w) || preposition(i-1) || kindNoun(w, kind) && preposition(i-2) ||
				joins(w) && same(i, i-2) && valueAt(i-2)
		}
		for _, m := range r.Matches {
			fits = fits || kind == CatProduct && m.To == i && m.Cat == semantic.CatAgg && m.Arg == "count"
		}
		if !fits && same(i, i+1) {
			w := r.Tokens[i+1].Norm
			fits = kindNoun(w, kind) || joins(w) && same(i, i+2) && valueAt(i+2)
		}
		if !fits {
			continue
		}
		for _, x := range xs {
			adds = append(adds, Match{From: i, To: i + 1, Cat: x.sense.cat, Arg: x.sense.arg, Typos: 1, Short: true})
			words = append(words, []string{x.word})
		}
	}
	r.Matches = append(r.Matches, adds...)
	return append(used, words...)
}

// A name of several words may be said in two pieces around a gloss, the way a writer
// translates it: "R$ 50 vouchers (Vale-compra)" for the product "Vale-compra R$ 50". The
// pieces are read as the value when a run of two or more of the name's words, in order,
// is said together, every other word of the name is said right beside it, and the words
// between are at most maxGlossWords glosses: words that share a concept with a word of
// the name ("vouchers" and "vale" both name the meal voucher). A name said in part, or
// beside any other word, is not read this way.

const maxGlossWords = 2

// namePhrase is a store's or a product's name of several words.
type namePhrase struct {
	words []string
	sense sense
}

// namePhrases lists the names of several words, and the numbers they hold.
func namePhrases(cat *semantic.Catalog) ([]namePhrase, map[string]bool) {
	var names []namePhrase
	numbers := map[string]bool{}
	add := func(name string, s sense) {
		var ws []string
		for _, t := range Tokenize(name) {
			ws = append(ws, t.Norm)
			if t.Kind == Number || t.Kind == Money {
				numbers[t.Norm] = true
			}
		}
		if len(ws) >= 2 {
			names = append(names, namePhrase{ws, s})
		}
	}
	for _, s := range cat.Stores {
		add(s.Name, sense{CatStore, s.Code, ""})
	}
	for _, p := range cat.Products {
		add(p, sense{CatProduct, p, ""})
	}
	return names, numbers
}

// splitNameMatches adds the names said in two pieces around a gloss (see above).
func (r *Reading) splitNameMatches(lx *Lexicon, used [][]string) [][]string {
	word := func(i int) string {
		t := r.Tokens[i]
		if t.Kind == Word || (t.Kind == Number || t.Kind == Money) && lx.valueNumbers[t.Norm] {
			return t.Norm
		}
		return ""
	}
	for _, n := range lx.names {
		for i := range r.Tokens {
			for j := range n.words {
				// the run of the name's words from its j-th, said from token i
				k := 0
				for i+k < len(r.Tokens) && j+k < len(n.words) && word(i+k) == n.words[j+k] && r.Tokens[i+k].Part == r.Tokens[i].Part {
					k++
				}
				if k < 2 || k == len(n.words) {
					continue
				}
				if from, to, ok := lx.glossed(r, n, word, i, i+k, j); ok {
					r.Matches = append(r.Matches, Match{From: from, To: to, Cat: n.sense.cat, Arg: n.sense.arg, Typos: 1})
					var ws []string
					for x := from; x < to; x++ {
						ws = append(ws, r.Tokens[x].Norm)
					}
					used = append(used, ws)
				}
			}
		}
	}
	return used
}

// glossed extends the run [from, to) of name n's words (from its j-th) over the name's
// other words and at most maxGlossWords glosses beside it, and reports the span when it
// says every word of the name.
func (lx *Lexicon) glossed(r *Reading, n namePhrase, word func(int) string, from, to, j int) (int, int, bool) {
	said := make([]bool, len(n.words))
	for x := j; x < j+to-from; x++ {
		said[x] = true
	}
	glosses := 0
	take := func(i int) bool {
		if i < 0 || i >= len(r.Tokens) || r.Tokens[i].Part != r.Tokens[from].Part {
			return false
		}
		w := word(i)
		for x, nw := range n.words {
			if !said[x] && nw == w {
				said[x] = true
				return true
			}
		}
		if glosses < maxGlossWords && w != "" && !slices.Contains(n.words, w) && lx.glosses(w, n.words) {
			glosses++
			return true
		}
		return false
	}
	for take(from - 1) {
		from--
	}
	for take(to) {
		to++
	}
	return from, to, !slices.Contains(said, false)
}

// glosses reports whether w, alone, means a concept of the model a word of the name
// means alone.
func (lx *Lexicon) glosses(w string, name []string) bool {
	for _, p := range lx.byFirst[w] {
		if len(p.words) != 1 {
			continue
		}
		for _, s := range p.senses {
			if s.cat == CatStore || s.cat == CatProduct || s.cat == CatCity || semantic.RoleOf(s.cat, s.arg) != semantic.RoleConcept {
				continue
			}
			for _, nw := range name {
				if lx.hasSense(nw, sense{cat: s.cat, arg: s.arg}) {
					return true
				}
			}
		}
	}
	return false
}
