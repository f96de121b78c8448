package grammar

import (
	"slices"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// A second count among the rows a first one counted: "Quantos resgates a Centro teve esse
// mês e quantos desses ainda estão pendentes?", "how many customers never bought? and of
// those, how many accept email". The question's clauses up to the second count are read as
// one request; the second count is the first measure over the rows that also meet the
// filters after "desses" / "of those" (semantic.Among), a column beside it. Anything else
// after "desses" is refused: it would be of one measure only.

func amongRules() []*Rule {
	return []*Rule{markerClause("among", string(semantic.CatAmong), 0)}
}

// amongAt is where the second count starts: the "among" clause, or the count right before
// it ("quantos desses"); -1 when the question has none.
func amongAt(clauses []clauseV) int {
	for i, c := range clauses {
		if c.kind != "among" {
			continue
		}
		if i > 0 && clauses[i-1].kind == "agg" && string(clauses[i-1].v.(marker)) == "count" {
			return i - 1
		}
		return i
	}
	return -1
}

// assembleAmong reads the question's first request (the clauses before at) and adds the
// count among its rows that the clauses from at on ask for.
func assembleAmong(x *env, lang semantic.Lang, clauses []clauseV, spans []tokenSpan, at int) (*semantic.Request, error) {
	cannot := fail("não consegui contar \"desses\": diga a condição dos que quer contar", "I could not count \"of those\": say the condition of the ones to count")
	if clauses[at].kind == "agg" && !amongShaped(clauses[at:]) && measuredBefore(clauses[:at]) {
		// "quantos deles", "how many of them" after a count: a second column of the first
		// one's rows; read as a pronoun it would narrow the first count and drop it
		// ("the number of buyers and how many of them were first-time buyers")
		return nil, cannot
	}
	if !amongShaped(clauses[at:]) || !measuredBefore(clauses[:at]) {
		// "e desses quantos já fizeram alguma compra": a measure of its own, the word
		// pointing back as a pronoun does (several.go); so is a count after rows named
		// without a measure ("clientes cadastrados em março: quantos deles compraram"),
		// whose first part is the population, not a column
		cls := append([]clauseV(nil), clauses...)
		y := *x
		y.pronouns = append([]int(nil), x.pronouns...)
		for i := at; i < len(cls); i++ {
			if cls[i].kind == "among" {
				cls[i].kind = "pronoun"
				y.pronouns = append(y.pronouns, spans[i].from)
			}
		}
		return assemble(&y, lang, cls, spans)
	}
	req, err := assemble(x, lang, clauses[:at], spans[:at])
	if err != nil {
		return nil, err
	}
	if len(req.Measures) != 1 || len(req.Attrs) > 0 {
		return nil, cannot
	}
	var fs []*semantic.Filter
	counted := false
	for _, c := range clauses[at:] {
		switch c.kind {
		case "among":
		case "agg":
			if string(c.v.(marker)) != "count" || counted {
				return nil, cannot
			}
			counted = true
		case "filter":
			fv := c.v.(filterV)
			if fv.resolve == nil {
				return nil, cannot
			}
			f, ok := fv.resolve(req.Fact)
			if !ok || f == nil {
				return nil, cannot
			}
			fs = append(fs, f)
		case "subject", "event":
			// "quantos se cadastraram em maio e quantos deles já compraram", "how many
			// of those have made a purchase since": the customers of a sign-up count
			// who did it at any time since (the period dates the sign-up, never this
			// activity); of the customers of another count (buyers of May) which
			// period the second activity is in is not said
			f, ok := amongDid(c, req.Fact)
			if !ok || !signupCount(req) {
				return nil, cannot
			}
			fs = append(fs, f)
		case "since":
			// "have bought since": since the first count's rows, what amongDid reads
		default:
			return nil, cannot
		}
	}
	if !counted || len(fs) == 0 {
		return nil, cannot
	}
	m, err := semantic.Among(req.Measures[0], fs)
	if err != nil {
		return nil, cannot
	}
	req.Measures = append(req.Measures, m)
	return req, nil
}

// amongKept is the reading with the words of "desses" / "of those" never skipped: "of"
// and "those" are function words elsewhere, and a reading that skips them would count
// the second condition's rows only, silently.
func amongKept(r *lexicon.Reading) *lexicon.Reading {
	var under []bool
	for _, m := range r.Matches {
		if m.Cat == semantic.CatAmong && m.Typos == 0 && !insidePronoun(r, m) {
			if under == nil {
				under = make([]bool, len(r.Tokens))
			}
			for i := m.From; i < m.To; i++ {
				under[i] = true
			}
		}
	}
	if under == nil {
		return r
	}
	out := *r
	out.Matches = nil
	for _, m := range r.Matches {
		if (m.Cat == semantic.CatFiller || m.Cat == semantic.CatPronoun) && under[m.From] {
			continue
		}
		if m.Cat == semantic.CatAmong && insidePronoun(r, m) {
			continue
		}
		out.Matches = append(out.Matches, m)
	}
	return &out
}

// measuredBefore reports whether the clauses before a second count ask for a measure of their
// own (a count or a measure), so that "of them" adds a column beside it.
func measuredBefore(clauses []clauseV) bool {
	for _, c := range clauses {
		switch c.kind {
		case "measures", "aggs":
			return true
		case "agg":
			if string(c.v.(marker)) == "count" {
				return true
			}
		}
	}
	return false
}

// insidePronoun reports whether an "among" match is part of a longer pronoun ("of them" in
// "each of them", "deles" in "cada um deles"): that is the pronoun, one row each.
func insidePronoun(r *lexicon.Reading, a lexicon.Match) bool {
	return slices.ContainsFunc(r.Matches, func(m lexicon.Match) bool {
		return m.Cat == semantic.CatPronoun && m.From <= a.From && m.To >= a.To && m.To-m.From > a.To-a.From
	})
}

// amongShaped reports whether clauses are a second count among the rows before: a count
// and the "among" word, then only filters.
func amongShaped(clauses []clauseV) bool {
	counted, filtered := false, false
	for _, c := range clauses {
		switch c.kind {
		case "among":
		case "agg":
			counted = counted || string(c.v.(marker)) == "count"
		case "filter":
			filtered = true
		case "subject", "event":
			if _, ok := amongDid(c, nil); !ok {
				return false
			}
			filtered = true
		case "since":
		default:
			return false
		}
	}
	return counted && filtered
}

// signupCount reports whether req counts the customers who signed up in its period: the
// customers, a period of theirs (their sign-up), and no filter the period dates.
func signupCount(req *semantic.Request) bool {
	return req.Fact == semantic.Customers && req.Period != nil && !slices.ContainsFunc(req.Filters, func(f *semantic.Filter) bool { return f.UsesPeriod })
}

// amongDid is what a subject or an event clause says the rows did, at any time ("deles,
// quantos já compraram"), as a filter of fact (any fact when nil); false when it says no
// activity of fact's rows.
func amongDid(c clauseV, fact *semantic.Fact) (*semantic.Filter, bool) {
	var e *semantic.Event
	neg := false
	switch v := c.v.(type) {
	case subjectV:
		if v.again || v.at != nil {
			return nil, false
		}
		e, neg = v.event, v.neg
	case marker:
		e = semantic.EventByID(string(v))
	}
	if e == nil || e.Activity == nil {
		return nil, false
	}
	f := semantic.Ever(e.Activity(!neg))
	if fact != nil && !f.Applies(fact, nil) {
		return nil, false
	}
	return f, true
}

// amongPeople adds to r the function-word reading of "entre" said right before the people a
// figure is of ("quartis do saldo entre clientes ativos", "ticket médio entre clientes do
// app"): "among", as "entre os" and "among" are, never a range that has no second bound.
func amongPeople(r *lexicon.Reading) *lexicon.Reading {
	var add []lexicon.Match
	for _, m := range r.Matches {
		if m.Cat != semantic.CatBetween || m.To != m.From+1 || m.Typos > 0 || m.Lang == semantic.EN {
			continue
		}
		if slices.ContainsFunc(r.Matches, func(n lexicon.Match) bool {
			return n.From == m.To && n.To == n.From+1 && n.Typos == 0 && n.Cat == semantic.CatNoun && n.Arg == "customers"
		}) {
			add = append(add, lexicon.Match{From: m.From, To: m.To, Cat: semantic.CatFiller, Arg: "function", Lang: m.Lang, Text: m.Text})
		}
	}
	if add == nil {
		return r
	}
	out := *r
	out.Matches = append(slices.Clone(r.Matches), add...)
	return &out
}
