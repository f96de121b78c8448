package grammar

import (
	"slices"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The measure correction (issue 24, fourteenth round). After the question, a sentence or a
// clause of its own says which of two readings of its measure is meant and sets the other
// aside: "quanto vendeu a Savassi em maio? só a quantidade, não o valor", "Ibirapuera or
// Centro, which one rang up more sales? Number of sales, not the money", "Manual debits by
// store this year. Points, not count". Each side is a measure, a count ("quantidade",
// "number of sales") or a quantity summed ("valor", "money", "pontos"). The question is
// read without the correction; its one measure M, or the measure over the same rows that
// counts them when M sums (and sums when M counts: semantic.Measure.Counterpart), must be
// what the first side names, and the other of the two what the side set aside names. The
// answer is then that measure; anything else (the side set aside is the one kept, a side
// neither names, two measures) is refused: the "not" is never dropped.

// measureFix is a correction after the question: what is kept and what is set aside, and
// where it starts.
type measureFix struct {
	keep, aside measureSide
	from        int
	text        string
}

// measureSide is one side of a correction: a measure by its id, a count of rows (noun: the
// rows, or ""), the sum of a quantity noun ("value", "points") or a total ("o total").
type measureSide struct {
	measure, count, sum string
	counted, summed     bool
}

// measureFixAt finds the correction that ends the question: [only] A, not B. Nil when
// there is none.
func measureFixAt(r *lexicon.Reading) *measureFix {
	n := len(r.Tokens)
	for c := 1; c < n-1; c++ {
		if r.Tokens[c].Norm != "," || !hasCat(r, c+1, semantic.CatNeg) {
			continue
		}
		// the side set aside ends the question
		b, end, ok := sideAt(r, c+2)
		if !ok || end != n {
			continue
		}
		// the side kept starts a sentence or follows a comma
		from := c
		for from > 0 && r.Tokens[from-1].Norm != "," && r.Tokens[from-1].Part == r.Tokens[c].Part {
			from--
		}
		if from == 0 {
			continue // no question before it
		}
		start := from
		for start < c && (isFunctionWord(r, start) || onlyWord(r, start)) {
			start++
		}
		a, aend, ok := sideAt(r, start)
		for ok && aend < c && onlyWord(r, aend) { // "a quantidade mesmo", "the count only"
			aend++
		}
		if !ok || aend != c {
			continue
		}
		if r.Tokens[from-1].Norm == "," {
			from--
		}
		return &measureFix{keep: a, aside: b, from: from, text: spanText(r, from, n)}
	}
	return nil
}

// onlyWord reports whether the token i is "só", "just", "only" or a filler ("mesmo",
// "please").
func onlyWord(r *lexicon.Reading, i int) bool {
	for _, m := range r.Matches {
		if m.From == i && m.To == i+1 && (m.Cat == semantic.CatCmp && m.Arg == "=" || m.Cat == semantic.CatEmph || m.Cat == semantic.CatFiller) {
			return true
		}
	}
	return false
}

// sideAt reads one side of a correction starting at token from (function words skipped):
// the side and where it ends.
func sideAt(r *lexicon.Reading, from int) (measureSide, int, bool) {
	for from < len(r.Tokens) && isFunctionWord(r, from) {
		from++
	}
	var best measureSide
	end := -1
	for _, m := range r.Matches {
		if m.From != from || m.Typos > 0 || m.To <= end {
			continue
		}
		switch {
		case m.Cat == semantic.CatMeasure:
			best, end = measureSide{measure: m.Arg}, m.To
		case m.Cat == semantic.CatAgg && m.Arg == "count":
			best, end = measureSide{counted: true}, m.To
			// "número de vendas": the rows counted
			k := m.To
			for k < len(r.Tokens) && isFunctionWord(r, k) {
				k++
			}
			for _, o := range r.Matches {
				if o.From == k && o.Typos == 0 && o.Cat == semantic.CatNoun && o.To > end {
					best, end = measureSide{counted: true, count: o.Arg}, o.To
				}
			}
		case m.Cat == semantic.CatAgg && m.Arg == "sum":
			best, end = measureSide{summed: true}, m.To
		case m.Cat == semantic.CatNoun:
			if nn := semantic.NounByID(m.Arg); nn != nil && nn.Fact == nil && nn.Agg == "sum" {
				best, end = measureSide{sum: m.Arg}, m.To
			}
		}
	}
	return best, end, end > from
}

// resolve is the measure of the side among m and its counterpart; nil when the side names
// neither.
func (s measureSide) resolve(m *semantic.Measure) *semantic.Measure {
	for _, x := range []*semantic.Measure{m, m.Counterpart()} {
		switch {
		case x == nil:
		case s.measure != "":
			if x.ID == s.measure {
				return x
			}
		case s.counted:
			if x.Kind != semantic.Count || x.Expr != "count(*)" {
				continue
			}
			if s.count != "" {
				if nn := semantic.NounByID(s.count); nn == nil || nn.Fact != x.Fact {
					continue
				}
			}
			return x
		case s.sum != "":
			if x.SumsNoun(s.sum) {
				return x
			}
		case s.summed:
			if x.Kind == semantic.Sum {
				return x
			}
		}
	}
	return nil
}

// apply answers the question res read without the correction with the measure kept, or
// refuses.
func (f *measureFix) apply(r *lexicon.Reading, res *Result) (*Result, error) {
	refuse := func() (*Result, error) {
		return nil, &Refusal{Lang: r.Lang, Understood: []string{describe(res.Request)}, Context: res.Context, Reason: say(r.Lang,
			"não sei qual medida da pergunta a correção \""+f.text+"\" troca; pergunte de novo com a medida que quer",
			"I cannot tell which measure of the question the correction \""+f.text+"\" replaces; ask again with the measure you want")}
	}
	req := res.Request
	if len(req.Measures) != 1 || len(req.Attrs) > 0 {
		return refuse()
	}
	keep, aside := f.keep.resolve(req.Measures[0]), f.aside.resolve(req.Measures[0])
	if keep == nil || aside == nil || keep == aside {
		return refuse()
	}
	out := *req
	out.Measures = []*semantic.Measure{keep}
	sql, err := out.Compile()
	if err != nil {
		return refuse()
	}
	fixed := *res
	fixed.Request, fixed.SQL = &out, sql
	fixed.Context = append(slices.Clone(res.Context), f.text)
	return &fixed, nil
}
