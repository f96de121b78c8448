package grammar

import (
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The elided noun (issue 24, fifteenth round). Two questions joined by "and" share the
// thing counted and say it once: "how many points were credited in May and how many were
// redeemed?", "quanto de ponto foi creditado em maio e quanto foi resgatado". The second
// "how many" counts the noun of the first: the question is read again with that noun said
// after it ("... and how many points were redeemed"), which the grammar reads as two
// measures, each with its own words. A second count with no verb of its own ("quantos
// clientes compraram em maio e quantos em junho") leaves out more than its noun: not read.
// It is read so only when the question as written is refused (Interpret), so no reading
// the grammar makes changes, and answered only when that reading gives each count a value
// of its own (twoCounts): read as one count ("quantos clientes se cadastraram em maio e
// quantos clientes compraram": the customers who did both), the first count would be
// lost.

// elidedNounFilled is the question with the noun counted by its first "how many" said again
// after a later "how many" that follows "and" and names no noun of its own, and whether
// there was one.
func elidedNounFilled(r *lexicon.Reading) (string, bool) {
	aggAt := func(i int) (lexicon.Match, bool) {
		for _, m := range r.Matches {
			if m.From == i && m.Cat == semantic.CatAgg && m.Typos == 0 && (m.Arg == "count" || m.Arg == "sum") {
				return m, true
			}
		}
		return lexicon.Match{}, false
	}
	catAt := func(i int, cats ...semantic.Category) bool {
		for _, m := range r.Matches {
			if m.From == i {
				for _, c := range cats {
					if m.Cat == c {
						return true
					}
				}
			}
		}
		return false
	}
	// the first count and the noun it counts: right after it, or after "de", "of"
	var noun []string
	first := -1
	for i := 0; i < len(r.Tokens) && first < 0; i++ {
		m, ok := aggAt(i)
		if !ok {
			continue
		}
		k := m.To
		if k < len(r.Tokens) && catAt(k, semantic.CatFrom) && !catAt(k, semantic.CatNoun) {
			k++
		}
		if k >= len(r.Tokens) || !catAt(k, semantic.CatNoun) {
			return "", false // the first count names no noun: nothing to say again
		}
		for _, t := range r.Tokens[m.To : k+1] {
			noun = append(noun, t.Raw)
		}
		first = k + 1
	}
	if first < 0 {
		return "", false
	}
	// a later count after "and" whose next word is no noun, measure or dimension, with a
	// verb of its own
	for i := first; i < len(r.Tokens); i++ {
		m, ok := aggAt(i)
		if !ok || i == 0 || !catAt(i-1, semantic.CatAnd) || m.To >= len(r.Tokens) {
			continue
		}
		if catAt(m.To, semantic.CatNoun, semantic.CatMeasure, semantic.CatDim, semantic.CatQuantity, semantic.CatShare, semantic.CatFrom) {
			return "", false
		}
		// the second count says what happened to the rows ("foram resgatados", "did
		// customers redeem"): a count with only a condition or a period ("e quantos com
		// saldo acima de 1000", "e quantos em junho") leaves out more than its noun
		verb := false
		for j := m.To; j < len(r.Tokens) && r.Tokens[j].Part == r.Tokens[i].Part && !verb; j++ {
			verb = catAt(j, semantic.CatEvent)
		}
		if !verb {
			return "", false
		}
		var words []string
		for _, t := range r.Tokens[:m.To] {
			words = append(words, t.Raw)
		}
		words = append(words, noun...)
		for _, t := range r.Tokens[m.To:] {
			words = append(words, t.Raw)
		}
		return strings.Join(words, " "), true
	}
	return "", false
}

// twoCounts reports whether req answers two counts: two measures, or one measure by a
// breakdown ("quantas vendas no pix e quantas no dinheiro": a row each).
func twoCounts(req *semantic.Request) bool {
	return len(req.Measures) >= 2 || len(req.Measures) == 1 && len(req.Dims) > 0
}
