package grammar

import (
	"slices"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// Readings that would answer silently wrong: a year that belongs to the month before it
// read as a period of its own, and a span "from April to May" that a growth compares.

// monthYears are the positions of the question's years that follow a month, quarter or
// half ("May 2025", "maio de 2025", "Q1 of 2024"): such a year is that period's, never a
// period on its own ("from April 2025 to May 2025" is not April–May and the year 2025).
func monthYears(r *lexicon.Reading) []int {
	var out []int
	for _, m := range r.Matches {
		if m.Cat != semantic.CatMonth && m.Cat != semantic.CatQuarterN && m.Cat != semantic.CatHalfN {
			continue
		}
		out = append(out, m.To)
		if slices.ContainsFunc(r.Matches, func(f lexicon.Match) bool {
			return f.Cat == semantic.CatFrom && f.From == m.To && f.To == m.To+1
		}) {
			out = append(out, m.To+1)
		}
	}
	return out
}

// spanEnds is a span said by its two ends ("from April to May", "between Q1 and Q2"): a
// growth over it is from the first end to the second, when both are whole periods of one
// unit; otherwise nil.
func spanEnds(v any, ok bool, a, b *semantic.Period) (any, bool) {
	if !ok || a.Kind != b.Kind || a.Start.IsZero() || b.Start.IsZero() {
		return v, ok
	}
	switch a.Kind {
	case semantic.CalendarMonth, semantic.CalendarQuarter, semantic.CalendarHalf, semantic.CalendarYear:
	default:
		return v, ok
	}
	pv := v.(periodV)
	pv.ends = periodsV{a, b}
	return pv, true
}

// spanOf is the ends of the question's one period when it is a span said by its ends.
func spanOf(clauses []clauseV) []*semantic.Period {
	var ends periodsV
	n := 0
	for _, c := range clauses {
		if pv, ok := c.v.(periodV); ok && c.kind == "period" {
			n++
			ends = pv.ends
		}
	}
	if n != 1 {
		return nil
	}
	return ends
}

// oneRow takes "just the one", "só uma" said of a ranking: its one row. Said of anything
// else it stays unused, and the question is refused.
func oneRow(a *assembly, limit *int) {
	for _, i := range a.all("onerow") {
		if id := string(a.clauses[i].v.(marker)); id != "" && id != "winner" {
			// "one city only": of the groups the question ranks, else unused
			if d := dimByID(id); d == nil || !slices.ContainsFunc(a.req.Dims, func(x *semantic.Dimension) bool { return x == d || x.Restates(d) || d.Restates(x) }) {
				continue
			}
		}
		a.used[i] = true
		*limit = 1
	}
}

// endsSpan is "(from) A to B" of two periods: a month without its year is in the year of
// the month that ends the span ("from March to May 2024": March 2024).
func endsSpan(x *env, ka, kb *Edge) (any, bool) {
	a, b := ka.Val.(periodV).p, kb.Val.(periodV).p
	if a.Kind == semantic.CalendarMonth && b.Kind == semantic.CalendarMonth && a.Start.After(b.Start) && a.Start.Month() <= b.Start.Month() {
		a = semantic.Month(b.Start.Year(), int(a.Start.Month()), x.loc)
	}
	v, ok := span(a, b)
	return spanEnds(v, ok, a, b)
}

// restatesBuyers reports whether the subject, customers who bought, names again the buyers
// the one measure counts ("active buyers Jan to May - how many customers purchased each
// month?"): the same customers of the same period, never a cohort of them.
func restatesBuyers(s *subjectV, ms []*semantic.Measure) bool {
	return len(ms) == 1 && ms[0].ID == "buyers" && s.event != nil && s.event.ID == "buy" && !s.neg && !s.again &&
		s.noun.Fact == semantic.Customers && s.signupStore == ""
}

// afterBy are the positions right after a breakdown word ("each month", "por mês"): a unit
// there is the breakdown's, never "the month of" a month named next.
func afterBy(r *lexicon.Reading) []int {
	var out []int
	for _, m := range r.Matches {
		if m.Cat == semantic.CatBy {
			out = append(out, m.To)
		}
	}
	return out
}

// relatingAt are the positions of the words that say how two periods relate: "the
// same" ("o mesmo período do ano passado": the same part of another year) and a
// difference ("a mais", "exceed": one taken from the other). See env.relatesBetween.
func relatingAt(r *lexicon.Reading) []int {
	var out []int
	for _, m := range r.Matches {
		if m.Cat == semantic.CatSame || m.Cat == semantic.CatDiff {
			for p := m.From; p < m.To; p++ {
				out = append(out, p)
			}
		}
	}
	return out
}

// relatesBetween reports whether a word relating two periods lies between positions from
// and to: periods joined across it are not two periods listed ("maio x mesmo período do
// ano anterior" is not May against all of last year, "maio teve a mais do que abril" not
// May and April side by side).
func (x *env) relatesBetween(from, to int) bool {
	return slices.ContainsFunc(x.relatingAt, func(p int) bool { return p >= from && p < to })
}

// afterTop are the positions right after a ranking word ("top 3 de abril"): see env.afterTop.
func afterTop(r *lexicon.Reading) []int {
	var out []int
	for _, m := range r.Matches {
		if m.Cat == semantic.CatTop && m.Typos == 0 {
			out = append(out, m.To)
		}
	}
	return out
}

// definiteAt are the positions of the question's articles and possessives of its own
// language (semantic.Definite: "a" is one in Portuguese, not in English).
func definiteAt(r *lexicon.Reading) map[int]bool {
	words := semantic.Definite.PT
	if r.Lang == semantic.EN {
		words = semantic.Definite.EN
	}
	out := map[int]bool{}
	for i, t := range r.Tokens {
		if slices.Contains(words, t.Norm) {
			out[i] = true
		}
	}
	return out
}

// afterAdj are the positions right after "monthly", "weekly", "daily" (a breakdown by a
// period unit said as an adjective).
func afterAdj(r *lexicon.Reading) []int {
	var out []int
	for _, m := range r.Matches {
		if m.Cat == semantic.CatDimAdj && (m.Arg == "month" || m.Arg == "week" || m.Arg == "day") {
			out = append(out, m.To)
		}
	}
	return out
}

// clauseEnds are the positions where a clause ends: before a comma, at a sentence's end.
func clauseEnds(r *lexicon.Reading) []int {
	var out []int
	for i, t := range r.Tokens {
		if t.Norm == "," {
			out = append(out, i)
		}
		if i+1 == len(r.Tokens) || r.Tokens[i+1].Part != t.Part {
			out = append(out, i+1)
		}
	}
	return out
}

// periodicActive reports whether the flag e is "active" right after "monthly", "weekly",
// "daily": "monthly active customers" are each month's buyers, never the active flag.
func periodicActive(x *env, e *Edge) bool {
	return arg(e) == "active" && slices.Contains(x.afterAdj, e.From)
}

// numberWord reports whether the number n is written as a word ("one", "uma"): after
// "just", "only", "só" it is an article or a pronoun ("just the one"), never a value.
func numberWord(n *Edge) bool {
	return len(n.Kids) == 1 && n.Kids[0] != nil && n.Kids[0].Sym == tNumWord
}

// eachGroupBeforeRank reports whether a breakdown said with a word of semantic.EachOf
// ("cada loja", "each store") comes before the question's ranking.
func (a *assembly) eachGroupBeforeRank(x *env) bool {
	rankAt := slices.IndexFunc(a.clauses, func(c clauseV) bool { return c.kind == "rank" })
	for i := range rankAt {
		if a.clauses[i].kind != "breakdown" {
			continue
		}
		for _, p := range inLang(semantic.EachOf, a.req.Lang) {
			ws := strings.Fields(p)
			for k := a.spans[i].from; k+len(ws) <= a.spans[i].to; k++ {
				if slices.Equal(ws, x.norms[k:k+len(ws)]) {
					return true
				}
			}
		}
	}
	return false
}

// saysEach reports whether the question has a word of semantic.EachOf.
func saysEach(r *lexicon.Reading) bool { return saysAny(r, semantic.EachOf) }

// saysList reports whether the question asks for a list in words ("lista eles", "list
// them"); "nome" names a column, not a list.
func saysList(r *lexicon.Reading) bool {
	return slices.ContainsFunc(r.Matches, func(m lexicon.Match) bool { return m.Cat == semantic.CatList && m.Arg == "" })
}

// saysAny reports whether the question has one of the phrases of w, word for word.
func saysAny(r *lexicon.Reading, w semantic.Words) bool {
	for _, ph := range slices.Concat(w.PT, w.EN) {
		ws := strings.Fields(ph)
		for i := 0; i+len(ws) <= len(r.Tokens); i++ {
			j := 0
			for j < len(ws) && r.Tokens[i+j].Norm == ws[j] {
				j++
			}
			if j == len(ws) {
				return true
			}
		}
	}
	return false
}

// sameAgain are semantic.SameAgain's phrases as words.
var sameAgain = func() (out [][]string) {
	for _, p := range semantic.SameAgain.All() {
		out = append(out, strings.Fields(p))
	}
	return out
}()

// flagsOf is the positions of the question's flag words ("canceladas", "active"), and of
// its conjunctions said as a word ("e", "and"; a comma is not one).
func flagsOf(r *lexicon.Reading) (flags, ands, andThe []int) {
	for _, m := range r.Matches {
		if m.Cat == semantic.CatFlag {
			flags = append(flags, m.From)
		}
		if m.Cat == semantic.CatAnd && m.To == m.From+1 && r.Tokens[m.From].Norm != "," {
			ands = append(ands, m.From)
			if m.To < len(r.Tokens) && (slices.Contains(semantic.Articles.All(), r.Tokens[m.To].Norm) || phraseAt(r, m.To, sameAgain) > 0) {
				andThe = append(andThe, m.From) // "e os pendentes", "and the voided ones", "and that of Savassi"
			}
		}
	}
	return flags, ands, andThe
}

// flaggedAfterMeasure refuses a flag said after a measure and a conjunction ("quantas
// vendas em maio e as canceladas", "how many sales in May, and the cancelled ones"): it
// asks for the measure and the measure of the flagged rows, never the first measure
// narrowed to the flag.
//
// A named value said so ("faturamento de maio e o da Savassi", "revenue in May and also
// that of Savassi") asks the same: the measure of all rows and of the value's, unless a
// value of its kind was said before it ("o da Savassi e o do Centro": the members).
func (a *assembly) flaggedAfterMeasure(x *env) error {
	for i := 1; i < len(a.clauses); i++ {
		if a.clauses[i].kind != "filter" || a.used[i] {
			continue
		}
		flagged := slices.ContainsFunc(x.flags, func(p int) bool { return p >= a.spans[i].from && p < a.spans[i].to })
		if !flagged && !a.memberAgain(i) {
			continue
		}
		// the rows may be named again before the flag ("e as vendas canceladas")
		from := i
		if k := a.clauses[i-1].kind; (k == "subject" || k == "noun") && i >= 2 {
			from = i - 1
		}
		if k := a.clauses[from-1].kind; !flagged && (k == "who" || k == "pronoun") && from >= 2 {
			from-- // "and that of Savassi", "and those of Pix": the demonstrative read alone
		}
		between := func(p int) bool { return p >= a.spans[from-1].to && p < a.spans[from].from }
		if !slices.ContainsFunc(x.ands, between) {
			continue
		}
		for j := from - 1; j >= 0; j-- {
			k := a.clauses[j].kind
			// a measure said with its verb ("pontos resgatados em abril"): only a new noun
			// phrase after the conjunction ("e os pendentes") asks for other rows; "and are
			// still active" says more of the same ones
			if !flagged && !slices.ContainsFunc(x.andThe, between) {
				break
			}
			if k == "measures" || k == "subject" || k == "agg" || k == "noun" || k == "event" && slices.ContainsFunc(x.andThe, between) {
				if !flagged {
					return fail("não sei se a medida é do total ou só do valor dito depois do \"e\"; pergunte uma de cada vez", "I cannot tell whether the measure is of all rows or only of the value said after \"and\"; ask for one at a time")
				}
				return fail("não sei se a medida é de todas as linhas ou só das marcadas; pergunte uma de cada vez", "I cannot tell whether the measure is of all rows or only the flagged ones; ask for one at a time")
			}
			if k != "period" {
				break
			}
		}
	}
	return nil
}

// memberAgain reports whether filter clause i names values of a kind no clause before it
// names.
func (a *assembly) memberAgain(i int) bool {
	fv, ok := a.clauses[i].v.(filterV)
	if !ok || fv.members == nil {
		return false
	}
	for j := 0; j < i; j++ {
		if pv, ok := a.clauses[j].v.(filterV); ok && a.clauses[j].kind == "filter" && pv.members != nil && pv.members.kind == fv.members.kind {
			return false
		}
	}
	return true
}

// rowsAfterBreakdown refuses rows named after a measure, its breakdown and a conjunction
// ("faturamento por loja e vendas por loja", "revenue per store and sales per month"): the
// rows ask for a second measure, never for the first one's rows said again (before, the
// second measure was dropped).
func (a *assembly) rowsAfterBreakdown(x *env) error {
	measured := false
	for i, c := range a.clauses {
		rows := c.kind == "subject" || c.kind == "noun"
		if !measured || i < 2 || !rows || a.clauses[i-1].kind != "breakdown" {
			measured = measured || rows || c.kind == "measures"
			continue
		}
		if slices.ContainsFunc(x.ands, func(p int) bool { return p >= a.spans[i-1].to && p < a.spans[i].from }) {
			return fail("a pergunta pede outra medida depois da divisão; pergunte uma de cada vez ou diga as medidas juntas (\"faturamento e vendas por loja\")", "the question asks for another measure after the breakdown; ask one at a time or say the measures together (\"revenue and sales per store\")")
		}
	}
	return nil
}

// entryKindsAgree refuses entries of one kind said beside measures of points entries of
// another kind only ("pontos creditados em maio nos estornos", "points credited in the
// reversal entries"): the credits are not reversals; no measure reads those entries.
func (a *assembly) entryKindsAgree() error {
	kinds := map[string]bool{}
	for _, m := range a.req.Measures {
		if m.Fact != semantic.Points {
			continue
		}
		for _, w := range m.Where {
			if k, ok := strings.CutPrefix(w, "e.transaction_type = "); ok {
				kinds[k] = true
			}
		}
	}
	if len(kinds) == 0 {
		return nil
	}
	for _, c := range a.clauses {
		typ := ""
		switch v := c.v.(type) {
		case marker:
			if c.kind == "entries" {
				typ = string(v)
			} else if c.kind == "noun" {
				typ = entryKinds[string(v)]
			}
		case subjectV:
			if v.noun != nil {
				typ = entryKinds[v.noun.ID]
			}
		}
		if typ != "" && !kinds[semantic.Quote(typ)] {
			return fail("os lançamentos citados não são do tipo da medida", "the entries named are not of the measure's kind")
		}
	}
	return nil
}

// ever is filter fv at any time, never dated by the report's period: what a sign-up
// cohort did ("clientes que se cadastraram em janeiro e já compraram").
func ever(fv filterV) filterV {
	inner := fv.resolve
	fv.resolve = func(f *semantic.Fact) (*semantic.Filter, bool) {
		x, ok := inner(f)
		if !ok {
			return nil, false
		}
		return semantic.Ever(x), true
	}
	return fv
}

// signupCohort reports whether subj's activity is said of customers counted by their
// sign-up in the question's one period ("% of customers who signed up in Q1 who have
// bought"): the period is the sign-up's, and the activity has none of its own.
func signupCohort(x *env, a *assembly, subj *subjectV, measures []*semantic.Measure) bool {
	if subj.neg || subj.event.ID == "signup" || subj.noun.Fact != semantic.Customers || len(measures) != 1 || measures[0].Fact != semantic.Customers {
		return false
	}
	return a.signupPeriodOnly(x)
}

// signupPeriodOnly reports whether the question's one period dates the customers' sign-up
// (it names a sign-up and no other period): what the cohort did is then at any time ("%
// dos cadastros de jan a mar que fizeram pelo menos 1 compra").
func (a *assembly) signupPeriodOnly(x *env) bool {
	if !x.signup {
		return false
	}
	periods := 0
	for _, c := range a.clauses {
		if c.kind == "period" {
			periods++
		}
	}
	return periods == 1
}

// notFailed drops a verb of failing said right after another negation ("never failed to
// buy", "have not failed to buy"): the two negations cancel, and read as one they would
// count the opposite customers; left unread, the question is refused.
func notFailed(r *lexicon.Reading) *lexicon.Reading {
	negEndsAt := func(i int) bool {
		return slices.ContainsFunc(r.Matches, func(a lexicon.Match) bool {
			return (a.Cat == semantic.CatNeg || a.Cat == semantic.CatNever) && a.To == i && a.Arg != semantic.FailedTo
		})
	}
	failed := func(m lexicon.Match) bool {
		return m.Cat == semantic.CatNeg && m.Arg == semantic.FailedTo && (negEndsAt(m.From) || m.From > 0 && isFunctionWord(r, m.From-1) && negEndsAt(m.From-1))
	}
	if !slices.ContainsFunc(r.Matches, failed) {
		return r
	}
	out := *r
	out.Matches = slices.DeleteFunc(slices.Clone(r.Matches), failed)
	return &out
}

// countNotDenied drops the other senses of the word that starts a count's phrase ("no.
// of cancelled transactions": the number of them, never the ones not cancelled, nor a
// function word read past; "n de"): the longer phrase that counts is what the word says
// there.
func countNotDenied(r *lexicon.Reading) *lexicon.Reading {
	other := func(m lexicon.Match) bool {
		if m.Cat != semantic.CatNeg && (m.Cat != semantic.CatFiller || m.Arg != "function") {
			return false
		}
		return slices.ContainsFunc(r.Matches, func(a lexicon.Match) bool {
			return a.Cat == semantic.CatAgg && a.Arg == "count" && a.From == m.From && a.To > m.To && a.Typos == 0
		})
	}
	if !slices.ContainsFunc(r.Matches, other) {
		return r
	}
	out := *r
	out.Matches = slices.DeleteFunc(slices.Clone(r.Matches), other)
	return &out
}

// inDaySet are the positions of the words after the first of the working days said in
// several words ("dias de semana"), or of the days of the week beside named days ("dia de
// semana"): "semana" there names days, never this week.
func inDaySet(r *lexicon.Reading) map[int]bool {
	out := map[int]bool{}
	days := slices.ContainsFunc(r.Matches, func(m lexicon.Match) bool { return m.Cat == semantic.CatWeekday })
	for _, m := range r.Matches {
		// the days of the week beside named days ("sábado e domingo contra os dia de
		// semana"); alone, "dia da semana passada" is a day of last week
		ofWeek := days && m.Cat == semantic.CatDim && m.Arg == semantic.ByWeekday.ID
		// the weekend's own words are its unit ("fim de semana passado" is last weekend)
		if !(m.Cat == semantic.CatWeekday && m.Arg == "1-5") && !ofWeek {
			continue
		}
		for p := m.From + 1; p < m.To; p++ {
			out[p] = true
		}
	}
	return out
}

// namesWorkdays: the question names the working days as a set ("dias úteis", "dia de
// semana", "weekdays").
func namesWorkdays(r *lexicon.Reading) bool {
	return slices.ContainsFunc(r.Matches, func(m lexicon.Match) bool {
		return m.Cat == semantic.CatWeekday && m.Arg == "1-5"
	})
}
