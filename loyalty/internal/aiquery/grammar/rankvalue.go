package grammar

import (
	"slices"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The ranked value asked again. A ranking's answer shows the value it ranks by: "os 5
// clientes que mais gastaram esse ano" lists what each one spent, "qual membro tem o maior
// saldo" shows the balance. A clause after the ranking that asks for that value ("com
// quanto cada um gastou", "e qual é esse saldo", "and what that rate was", "together with
// the number of purchases") asks for what the answer holds already. When the question is
// refused whole, and a conjunction splits it into a ranking read alone and a clause whose
// every word is an aggregate, a pronoun, a demonstrative (semantic.ThatValue), a function
// word or a word of the ranked measure itself, the ranking is the answer. A clause naming
// any other measure ("and their number of purchases" after a ranking by spend) is not
// this, and the question stays refused.

// readRankedValue reads a ranking followed by its own value asked again; nil when the
// question is not one.
func (it *Interpreter) readRankedValue(r *lexicon.Reading, cat *semantic.Catalog, context []string) *Result {
	for _, m := range r.Matches {
		if m.Cat != semantic.CatAnd && m.Cat != semantic.CatAlso || m.From == 0 || m.To >= len(r.Tokens) {
			continue
		}
		drop := make([]bool, len(r.Tokens))
		for i := m.From; i < len(r.Tokens); i++ {
			drop[i] = true
		}
		res, err := it.read(withoutContext(r, drop, nil), cat, context)
		if err != nil || !rankedRequest(res.Request) || !restatesValue(r, m.From, res.Request) {
			continue
		}
		res.Context = append(res.Context, spanText(r, m.From, len(r.Tokens)))
		return res
	}
	return nil
}

// rankedRequest reports whether req is a ranking whose answer shows the value it ranks by.
func rankedRequest(req *semantic.Request) bool {
	if req.Limit <= 0 {
		return false
	}
	if req.SortBy != nil {
		return slices.Contains(req.Attrs, req.SortBy)
	}
	return len(req.Measures) == 1 && len(req.Dims) > 0
}

var thatValuePhrases = splitPhrases(semantic.ThatValue)

// restatesValue reports whether the tokens from `from` on ask for the value req ranks by:
// every token is a conjunction, an aggregate, a pronoun, a demonstrative, a function word
// or a word of a measure, and the measure those words name (said whole, or composed of
// their aggregate, nouns and verb) is the one ranked by.
func restatesValue(r *lexicon.Reading, from int, req *semantic.Request) bool {
	var agg, event string
	var nouns, measures []string
	share := false
	for i := from; i < len(r.Tokens); {
		if r.Tokens[i].Norm == "," {
			i++
			continue
		}
		if n := phraseAt(r, i, thatValuePhrases); n > 0 {
			i += n
			continue
		}
		var best *lexicon.Match
		for k, m := range r.Matches {
			if m.From != i || m.Typos > 0 || best != nil && m.To <= best.To {
				continue
			}
			switch m.Cat {
			case semantic.CatAnd, semantic.CatAlso, semantic.CatAgg, semantic.CatPronoun, semantic.CatAmong, semantic.CatWho, semantic.CatFiller, semantic.CatHave,
				semantic.CatMeasure, semantic.CatNoun, semantic.CatEvent:
				best = &r.Matches[k]
			case semantic.CatShare:
				if m.Arg == "" {
					best = &r.Matches[k]
				}
			}
		}
		if best == nil {
			return false
		}
		switch best.Cat {
		case semantic.CatAgg:
			if agg != "" && agg != best.Arg {
				return false
			}
			agg = best.Arg
		case semantic.CatMeasure:
			measures = append(measures, best.Arg)
		case semantic.CatNoun:
			nouns = append(nouns, best.Arg)
		case semantic.CatEvent:
			if event != "" {
				return false
			}
			event = best.Arg
		case semantic.CatShare:
			share = true
		}
		i = best.To
	}
	ranked := rankedMeasures(req)
	isRanked := func(id string) bool {
		return slices.ContainsFunc(ranked, func(m *semantic.Measure) bool { return m.ID == id })
	}
	switch {
	case len(measures) > 0:
		// "together with the number of purchases": the measure itself, nothing beside it
		return len(measures) == 1 && isRanked(measures[0]) && len(nouns) == 0 && event == "" && !share
	case len(nouns) > 0 || event != "":
		if m, ok := composeScattered(agg, nouns, event, false); ok && isRanked(m.ID) && !share {
			return true // "com quanto cada um gastou"
		}
		for _, d := range req.Dims {
			// "a quantidade resgatada de cada um" of the products ranked: the quantity of
			// those products redeemed
			if n := nounOfDim(d); n != nil && len(nouns) == 0 && event != "" && !share {
				if m, ok := composeScattered(agg, []string{n.ID}, event, false); ok && isRanked(m.ID) {
					return true
				}
			}
		}
		// "e qual é esse saldo": the attribute a list is sorted by, named by its noun
		return req.SortBy != nil && agg == "" && event == "" && !share && len(nouns) == 1 &&
			slices.ContainsFunc(ranked, func(m *semantic.Measure) bool { return keyHas(m, nouns[0]) })
	case share:
		// "and what that rate was"
		return agg == "" && len(ranked) == 1 && ranked[0].Kind == semantic.Rate
	}
	return false
}

// rankedMeasures is what req ranks by: its measure, or for a list sorted by an attribute,
// the measures of that attribute ("maior saldo": the balance).
func rankedMeasures(req *semantic.Request) []*semantic.Measure {
	if req.SortBy == nil {
		return req.Measures
	}
	var out []*semantic.Measure
	for _, x := range semantic.Measures {
		if x.PerRow == req.SortBy {
			out = append(out, x)
		}
	}
	return out
}
