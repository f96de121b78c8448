package grammar

import (
	"slices"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The correction rule (issue 24, ninth round). A writer corrects a value just typed with
// a word of semantic.Corrections: "faturamento do Centro, quer dizer, Cambuí", "revenue
// at Centro, sorry, I meant Cambuí", "vendas de maio, digo, abril", "sales in May, I mean
// April". Between two values of one kind (a store, a city, a product, a value of one
// kind such as a payment type, a period word), the second replaces the first: the first
// and the correction are left out and named as context. Read as two values they would
// be a filter on both (both stores' revenue), silently another question. A correction
// word beside anything else keeps its reading.

var correctionPhrases = splitPhrases(semantic.Corrections)

// corrected leaves out, for each correction between two values of one kind, the first
// value and the correction words (with the commas around them). It returns the reading
// to interpret and the words left out.
func corrected(r *lexicon.Reading) (*lexicon.Reading, []string) {
	drop := make([]bool, len(r.Tokens))
	var texts []string
	for i := 0; i < len(r.Tokens); i++ {
		n := phraseAt(r, i, correctionPhrases)
		if n == 0 {
			continue
		}
		from, to := i, i+n
		for from > 0 && r.Tokens[from-1].Norm == "," {
			from--
		}
		for to < len(r.Tokens) { // "sorry, I meant": one correction
			if r.Tokens[to].Norm == "," {
				to++
			} else if k := phraseAt(r, to, correctionPhrases); k > 0 {
				to += k
			} else {
				break
			}
		}
		before, kb, ok1 := valueEndingAt(r, from)
		_, ka, ok2 := valueStartingAt(r, to)
		if !ok1 || !ok2 || kb != ka {
			i += n - 1
			continue
		}
		texts = append(texts, strings.Join(append(setAside(r, drop, before.From, before.To), setAside(r, drop, from, to)...), " "))
		i = to - 1
	}
	if len(texts) == 0 {
		return r, nil
	}
	return withoutContext(r, drop, nil), texts
}

// setAside marks the tokens from..to to be left out and returns their words, without the
// commas (the context named back to the writer).
func setAside(r *lexicon.Reading, drop []bool, from, to int) []string {
	var words []string
	for k := from; k < to; k++ {
		drop[k] = true
		if r.Tokens[k].Norm != "," {
			words = append(words, r.Tokens[k].Raw)
		}
	}
	return words
}

// valueKind is the kind of value a match names ("store", "value:payment", "period"), or
// "" for a match that names no value.
func valueKind(r *lexicon.Reading, m lexicon.Match) string {
	switch m.Cat {
	case lexicon.CatStore, lexicon.CatCity, lexicon.CatState, lexicon.CatProduct:
		return string(m.Cat)
	case semantic.CatValue:
		kind, _, _ := strings.Cut(m.Arg, ":")
		return "value:" + kind
	}
	for k := m.From; k < m.To; k++ {
		if !periodWord(r, k) {
			return ""
		}
	}
	return "period"
}

// valueEndingAt is the longest value match ending at token end, or at the token before
// it when that one is a noun or a dimension ("the Centro store, I mean Cambuí").
func valueEndingAt(r *lexicon.Reading, end int) (lexicon.Match, string, bool) {
	for _, e := range []int{end, end - 1} {
		if e < end && !nounAt(r, e) {
			break
		}
		best, kind := lexicon.Match{From: e}, ""
		for _, m := range r.Matches {
			if m.To != e || m.Typos > 0 || m.From >= best.From {
				continue
			}
			if k := valueKind(r, m); k != "" {
				best, kind = m, k
			}
		}
		if kind != "" {
			return best, kind, true
		}
	}
	return lexicon.Match{}, "", false
}

// nounAt reports whether the token i is a noun or a dimension ("store", "loja").
func nounAt(r *lexicon.Reading, i int) bool {
	for _, m := range r.Matches {
		if m.From == i && m.To == i+1 && (m.Cat == semantic.CatNoun || m.Cat == semantic.CatDim) {
			return true
		}
	}
	return false
}

// valueStartingAt is the longest value match starting at token from, function words
// before it skipped ("sorry, in May").
func valueStartingAt(r *lexicon.Reading, from int) (lexicon.Match, string, bool) {
	return longestAt(r, from, valueKind)
}

// longestAt is the longest match starting at token from, function words before it skipped,
// that kindOf gives a kind, with that kind.
func longestAt(r *lexicon.Reading, from int, kindOf func(*lexicon.Reading, lexicon.Match) string) (lexicon.Match, string, bool) {
	for from < len(r.Tokens) && isFunctionWord(r, from) && !periodWord(r, from) {
		from++
	}
	var best lexicon.Match
	kind := ""
	for _, m := range r.Matches {
		if m.From != from || m.Typos > 0 || m.To-m.From <= best.To-best.From {
			continue
		}
		if k := kindOf(r, m); k != "" {
			best, kind = m, k
		}
	}
	return best, kind, kind != ""
}

// The contrast rule (issue 24, thirteenth round). "Qual a mediana do ticket? Quero mediana
// mesmo, não média", "revenue in May, not the number of sales", "Savassi rather than
// Centro": an alternative set aside (semantic.Contrasts) says what the question is not, and
// is left out and named as context, when it names a thing of a kind the question already
// asked for with another one: after "em vez de", "rather than", a measure or a value; after
// a comma and "não", "not", only a measure or an aggregate ending its sentence. A negated
// value or period may be a cohort's ("compraram em maio, mas não em abril"), and anything
// else after "não" is a negation ("vendas de maio, não canceladas").

var contrastPhrases = splitPhrases(semantic.Contrasts)

// contrasted leaves out each alternative set aside, with its contrast words and comma.
func contrasted(r *lexicon.Reading) (*lexicon.Reading, []string) {
	drop := make([]bool, len(r.Tokens))
	var texts []string
	for i := 0; i < len(r.Tokens); i++ {
		n := phraseAt(r, i, contrastPhrases)
		if n == 0 {
			continue
		}
		from := i
		negated := slices.ContainsFunc(r.Tokens[i:i+n], func(t lexicon.Token) bool { return t.Norm == "nao" || t.Norm == "not" })
		if from > 0 && r.Tokens[from-1].Norm == "," {
			from--
		} else if negated {
			continue // "não" without a comma before it is a negation
		}
		alt, kind, ok := alternativeAt(r, i+n)
		if !ok || !askedBefore(r, from, kind, alt) {
			continue
		}
		// a negated value or period may be a cohort's ("compraram em maio, mas não em
		// abril", "na Savassi, não no Centro"): only "em vez de", "rather than" set one aside
		if negated && (kind != "measure" || !endsPart(r, alt.To)) {
			continue
		}
		var words []string
		for k := from; k < alt.To; k++ {
			drop[k] = true
			if r.Tokens[k].Norm != "," {
				words = append(words, r.Tokens[k].Raw)
			}
		}
		texts = append(texts, strings.Join(words, " "))
		i = alt.To - 1
	}
	if len(texts) == 0 {
		return r, nil
	}
	return withoutContext(r, drop, nil), texts
}

// The scope said by negation (issue 24, sixteenth round). "quantos resgates vencem até
// amanhã? na rede toda mesmo, não só na Savassi", "all stores, not just Savassi": after
// words that say the question is of every store (semantic.WholeChain), a restriction to
// stores, cities or states set aside ("não só na X", "not only at X") says the same again,
// and is left out as context. Without the whole-chain words, after a store asked for, or
// with more after it ("não só na Savassi, mas também no Centro": two stores) it stays, and
// no reading uses its "não".

var wholeChainPhrases = splitPhrases(semantic.WholeChain)

// placeKinds are the value kinds a whole-chain scope speaks of.
var placeKinds = map[string]bool{string(lexicon.CatStore): true, string(lexicon.CatCity): true, string(lexicon.CatState): true}

// wholeChainRestated leaves out each restriction to places set aside after the whole chain.
func wholeChainRestated(r *lexicon.Reading) (*lexicon.Reading, []string) {
	drop := make([]bool, len(r.Tokens))
	var texts []string
	whole := false
	for i := 0; i < len(r.Tokens); i++ {
		if phraseAt(r, i, wholeChainPhrases) > 0 {
			whole = true
			continue
		}
		n := phraseAt(r, i, contrastPhrases)
		if !whole || n == 0 || i == 0 || r.Tokens[i-1].Norm != "," || !slices.ContainsFunc(r.Tokens[i:i+n], func(t lexicon.Token) bool { return t.Norm == "nao" || t.Norm == "not" }) {
			continue
		}
		k := i + n
		if k >= len(r.Tokens) || !restrictWord(r, k) {
			continue // "não na Savassi": another place, never the whole chain
		}
		end := -1
		for k++; k < len(r.Tokens); {
			to := placeAt(r, k)
			if to < 0 && isFunctionWord(r, k) {
				k++ // "not only in São Paulo": "in" is no period here
				continue
			}
			if to < 0 {
				break
			}
			end, k = to, to
			for k < len(r.Tokens) && (r.Tokens[k].Norm == "," || joinsTwo(r, k)) {
				k++
			}
		}
		if end < 0 || !endsPart(r, end) || placeAskedBefore(r, i) {
			continue
		}
		texts = append(texts, strings.Join(setAside(r, drop, i-1, end), " "))
		i = end - 1
	}
	if len(texts) == 0 {
		return r, nil
	}
	return withoutContext(r, drop, nil), texts
}

// placeAt is the end of the longest store, city or state named from token i; -1 when none.
func placeAt(r *lexicon.Reading, i int) int {
	end := -1
	for _, m := range r.Matches {
		if m.From == i && m.Typos == 0 && m.To > end && placeKinds[valueKind(r, m)] {
			end = m.To
		}
	}
	return end
}

// restrictWord reports whether the token i is "só", "apenas", "only", "just".
func restrictWord(r *lexicon.Reading, i int) bool {
	return slices.ContainsFunc(r.Matches, func(m lexicon.Match) bool {
		return m.From == i && m.To == i+1 && m.Typos == 0 && m.Cat == semantic.CatCmp && m.Arg == "="
	})
}

// placeAskedBefore reports whether a store, city or state is named before position end.
func placeAskedBefore(r *lexicon.Reading, end int) bool {
	for _, m := range r.Matches {
		if m.To <= end && m.Typos == 0 && placeKinds[valueKind(r, m)] {
			return true
		}
	}
	return false
}

// contrastKind is the kind an alternative set aside may be of: a value's kind or
// "measure" (a measure or an aggregate); "" for anything else.
func contrastKind(r *lexicon.Reading, m lexicon.Match) string {
	switch m.Cat {
	case semantic.CatMeasure, semantic.CatAgg:
		return "measure" // what is computed: "mediana, não média", "revenue, not the number of sales"
	}
	return valueKind(r, m)
}

// alternativeAt is the longest match of a contrast kind starting at from, function words
// before it skipped ("não a média", "not the number of sales").
func alternativeAt(r *lexicon.Reading, from int) (lexicon.Match, string, bool) {
	best, kind, ok := longestAt(r, from, contrastKind)
	if ok && best.Cat == semantic.CatAgg {
		// "not the number of sales": the aggregate with the rows it counts
		for _, m := range r.Matches {
			if m.From == best.To && m.Typos == 0 && m.Cat == semantic.CatNoun {
				best.To = m.To
			}
		}
	}
	return best, kind, ok
}

// askedBefore reports whether the question said, before position end, another thing of
// the alternative's kind.
func askedBefore(r *lexicon.Reading, end int, kind string, alt lexicon.Match) bool {
	for _, m := range r.Matches {
		if m.To <= end && m.Typos == 0 && contrastKind(r, m) == kind && (m.Arg != alt.Arg || kind == "period") && !strings.EqualFold(m.Text, alt.Text) {
			return true
		}
	}
	return false
}

// endsPart reports whether the alternative ends its sentence: the question's end, a stop or
// a comma.
func endsPart(r *lexicon.Reading, to int) bool {
	return to == len(r.Tokens) || r.Tokens[to].Norm == "," || r.Tokens[to].Part != r.Tokens[to-1].Part
}

// The example rule (issue 24, thirteenth round). "quantos cadastros por origem tipo pdv
// totem app", "sales by payment type, like pix or card": values of a breakdown's dimension
// said right after it with a word that gives examples (semantic.ExampleMarkers) show what
// the groups are. They are left out and named as context, never a filter on those groups
// (it dropped the other groups: silently wrong).

var examplePhrases = splitPhrases(semantic.ExampleMarkers)

// exemplified leaves out the examples said after each breakdown's dimension.
func exemplified(r *lexicon.Reading) (*lexicon.Reading, []string) {
	drop := make([]bool, len(r.Tokens))
	var texts []string
	for _, d := range r.Matches {
		if d.Cat != semantic.CatDim || d.Typos > 0 {
			continue
		}
		k := d.To
		for k < len(r.Tokens) && r.Tokens[k].Norm == "," {
			k++
		}
		n := phraseAt(r, k, examplePhrases)
		if n == 0 {
			continue
		}
		from, end := k, -1
		k += n
		for k < len(r.Tokens) && r.Tokens[k].Part == r.Tokens[d.From].Part {
			v, kind, ok := valueStartingAt(r, k)
			if !ok || memberDim(strings.TrimPrefix(kind, "value:")) != dimByID(d.Arg) {
				break
			}
			end, k = v.To, v.To
			for k < len(r.Tokens) && (r.Tokens[k].Norm == "," || joinsTwo(r, k)) {
				k++
			}
		}
		if end < 0 {
			continue
		}
		var words []string
		for i := from; i < end; i++ {
			drop[i] = true
			if r.Tokens[i].Norm != "," {
				words = append(words, r.Tokens[i].Raw)
			}
		}
		texts = append(texts, strings.Join(words, " "))
	}
	if len(texts) == 0 {
		return r, nil
	}
	return withoutContext(r, drop, nil), texts
}
