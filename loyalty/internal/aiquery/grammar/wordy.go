package grammar

import (
	"slices"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// Long, wordy questions (issue 24, fifth round). A question is often introduced by a
// clause that ends at a colon or a dash: "Estou montando o material da reunião e preciso
// de um número rápido: quantos clientes ...", "Our finance contact asked for a quick
// summary - how many points ...". The clause is a statement (statements.go) when the part
// after it asks: a question word or a request at its start, or after its first comma.
//
// Context names times of its own: "antes de responder a gerente", "depois de uma conversa
// com um cliente", "before they lose them", "prometi mandar hoje". A time relation in a
// clause left out restricts the report only when it relates to a time (a period word, a
// date, a number): "antes de maio" is kept, "antes de responder" is not. A period named
// only in the clauses left out is a constraint the rest does not state: the question is
// not read without them ("a quick summary of last year: how many points ..." is never
// all-time), unless the period modifies a work noun ("a reunião de sexta") or says when
// someone asked ("asked me earlier today").

// timeCats are the categories of the words that name a time.
var timeCats = map[semantic.Category]bool{
	semantic.CatDay: true, semantic.CatMonth: true, semantic.CatQuarterN: true, semantic.CatHalfN: true,
	semantic.CatThis: true, semantic.CatLast: true, semantic.CatNext: true, semantic.CatUnit: true,
	semantic.CatWeekday: true, semantic.CatSoFar: true, semantic.CatLast2: true,
}

// namesTime reports whether the token at i names a time: a date, a number, or a period word.
func namesTime(r *lexicon.Reading, i int) bool {
	switch r.Tokens[i].Kind {
	case lexicon.Date, lexicon.MonthYr, lexicon.Number:
		return true
	}
	for _, m := range r.Matches {
		if m.From == i && m.Typos == 0 && timeCats[m.Cat] {
			return true
		}
	}
	return false
}

// periodWord reports whether the token at i names a period: a date, a period word that is
// not also a function word ("na" is no "this"), or a year after a function word or a
// period word ("de 2024", "maio de 2024"). A word of a longer discourse phrase is the
// phrase's ("out" of "out of curiosity" is no October).
func periodWord(r *lexicon.Reading, i int) bool {
	switch r.Tokens[i].Kind {
	case lexicon.Date, lexicon.MonthYr:
		return true
	}
	if isFunctionWord(r, i) {
		return false
	}
	for _, m := range r.Matches {
		if m.From != i || m.Typos > 0 || inDiscourse(r, m) {
			continue
		}
		if timeCats[m.Cat] {
			return true
		}
		if m.Cat == lexicon.CatYear && i > 0 && (isFunctionWord(r, i-1) || periodWord(r, i-1)) {
			return true
		}
	}
	return false
}

// relatesTime reports whether the time relation m ("antes de", "after", "by") relates to a
// time: the first word after it that is not a function word names one.
func relatesTime(r *lexicon.Reading, m lexicon.Match) bool {
	for i := m.To; i < len(r.Tokens) && r.Tokens[i].Part == r.Tokens[m.From].Part; i++ {
		if namesTime(r, i) {
			return true
		}
		if !isFunctionWord(r, i) {
			return false
		}
	}
	return false
}

// isFunctionWord reports whether a function word or a word before a period ("de", "the",
// "in") reads the token at i.
func isFunctionWord(r *lexicon.Reading, i int) bool {
	for _, m := range r.Matches {
		if m.From == i && m.To == i+1 && (m.Cat == semantic.CatFiller && m.Arg == "function" || m.Cat == semantic.CatInPeriod || m.Cat == semantic.CatFrom) {
			return true
		}
	}
	return false
}

// skippedWord reports whether the token i is a word a reading skips that says nothing of
// the writer (a function word, "sobre", "regarding"; not "acho que", "I'm").
func skippedWord(r *lexicon.Reading, i int) bool {
	for _, m := range r.Matches {
		if m.From <= i && i < m.To && m.Typos == 0 && m.Cat == semantic.CatFiller && semantic.RoleOf(m.Cat, m.Arg) != semantic.RoleDiscourse {
			return true
		}
	}
	return isFunctionWord(r, i)
}

// dayCats are the categories of the words that say on what day something happens.
var dayCats = map[semantic.Category]bool{semantic.CatWeekday: true, semantic.CatDay: true, semantic.CatNext: true}

// workTime reports whether the time word at i says when the work an answer is for happens:
// a day modifying a work noun ("a reunião de sexta", "the Monday meeting", "the meeting
// tomorrow"). A month, a quarter, a year or a past period modifying one names the period
// reported on ("o relatório de abril", "last year's summary"): it is the question's.
func workTime(r *lexicon.Reading, i int, work []bool) bool {
	if !modifiesWork(r, lexicon.Match{From: i, To: i + 1}, work) {
		return false
	}
	for _, m := range r.Matches {
		if m.From == i && m.Typos == 0 && dayCats[m.Cat] {
			return true
		}
	}
	return false
}

// whenAsked reports whether the time word at i says when someone asked: it follows a
// verb of asking (semantic.Fillers "reported") closely ("asked me earlier today").
func whenAsked(r *lexicon.Reading, i int) bool {
	for _, m := range r.Matches {
		if m.Cat == semantic.CatFiller || m.Cat == semantic.CatDiscourse {
			if semantic.Reports(m.Arg) && m.To <= i && i-m.To < reportedReach && r.Tokens[m.From].Part == r.Tokens[i].Part {
				return true
			}
		}
	}
	return false
}

// dropsPeriod reports whether the clauses left out name a time the rest does not name: a
// constraint that would be lost. A lead-in that is a period alone ("Sobre maio: quanto
// vendemos ontem?", "For last month: revenue this week") is the question's period: one
// that disagrees with the rest's is not left out (which one is meant is the writer's to
// say); the same period said again ("Sobre maio, quanto vendemos em maio?") is no other.
// The time of a statement ("tô cobrindo a Copacabana essa semana") is the writer's; a time
// to compare with ("de modo a comparar com abril", "so I can compare it with April") is a
// second period of the question, never the writer's.
func dropsPeriod(r *lexicon.Reading, drop []bool, work []bool) bool {
	var left []string
	kept := map[string]bool{}
	compares := slices.ContainsFunc(r.Matches, func(m lexicon.Match) bool {
		return drop[m.From] && m.Typos == 0 && comparesCat[m.Cat]
	})
	bare := true // every word left out is a period's or a function word, or they compare
	for i, t := range r.Tokens {
		if drop[i] && !periodWord(r, i) && !skippedWord(r, i) && t.Norm != "," && !compares {
			bare = false
		}
		if !periodWord(r, i) {
			continue
		}
		if !drop[i] {
			kept[t.Norm] = true
			continue
		}
		if !workTime(r, i, work) && !whenAsked(r, i) {
			left = append(left, t.Norm)
		}
	}
	if len(kept) == 0 {
		return len(left) > 0
	}
	for _, w := range left {
		if bare && !kept[w] {
			return true
		}
	}
	return false
}

// keepPeriod keeps, in the clauses left out, the one period they name when the rest of the
// question names none: the context states the question's period ("a quick summary of last
// year: how many points were redeemed?", "pro fechamento de maio: quanto vendemos?").
// Two periods, or one of the work or of the asking, are not kept.
func keepPeriod(r *lexicon.Reading, drop []bool) {
	work := workNouns(r)
	first, last := -1, -1
	for i := range r.Tokens {
		if !periodWord(r, i) {
			continue
		}
		if !drop[i] {
			return
		}
		if workTime(r, i, work) || whenAsked(r, i) {
			continue
		}
		if first < 0 {
			first = i
		}
		last = i
	}
	if first < 0 {
		return
	}
	for k := first; k <= last; k++ {
		if !periodWord(r, k) && !isFunctionWord(r, k) || joinsTwo(r, k) {
			return // two periods, or one with words between
		}
	}
	for k := first; k <= last; k++ {
		drop[k] = false
	}
}

// workNouns marks the work nouns (semantic.Fillers "work"), whose modifiers are the work's.
func workNouns(r *lexicon.Reading) []bool {
	work := make([]bool, len(r.Tokens))
	for _, m := range r.Matches {
		if m.Cat == semantic.CatDiscourse && m.Arg == "work" {
			for i := m.From; i < m.To; i++ {
				work[i] = true
			}
		}
	}
	return work
}

// dropsDimension reports whether a clause left out that introduces the question names a
// dimension the rest does not name ("origem dos cadastros: quantos clientes em cada
// uma?"), or any clause left out breaks the question down by one ("I need to know, for
// each one of our stores, | how many redemptions ..."): the question is about it.
// A dimension word inside a longer phrase, or before a value ("loja Copacabana": a store),
// names no dimension. An adjective of a period's unit ("our quarterly numbers", "o
// fechamento mensal") may break the question down by it wherever it is said, when the rest
// names no period: with one ("quarterly review ... in Q1") it is the work's cadence.
func dropsDimension(r *lexicon.Reading, drop []bool) bool {
	whole, _ := wholeClauses(r, drop) // a breakdown declined is none
	timed := false                    // the rest names a period
	for i := range r.Tokens {
		timed = timed || !drop[i] && periodWord(r, i)
	}
	named := map[string]bool{}
	for _, m := range r.Matches {
		if !drop[m.From] && (m.Cat == semantic.CatDim || m.Cat == semantic.CatDimAdj) {
			named[m.Arg] = true
		}
	}
	for _, m := range r.Matches {
		if !drop[m.From] || (m.Cat != semantic.CatDimAdj || timed) && !introduces(r, m.From) && !byBefore(r, m.From, drop, whole) || m.Typos > 0 || m.Cat != semantic.CatDim && m.Cat != semantic.CatDimAdj || named[m.Arg] || periodUnit(r, m.From) {
			continue
		}
		inside := false
		for _, o := range r.Matches {
			longer := o.From <= m.From && o.To >= m.To && o.To-o.From > m.To-m.From && o.Cat != lexicon.CatWord &&
				semantic.RoleOf(o.Cat, o.Arg) != semantic.RoleNeutral
			if longer || o.From == m.To && o.Typos == 0 && valueCats[o.Cat] {
				inside = true
				break
			}
		}
		if !inside {
			return true
		}
	}
	return false
}

// periodUnit reports whether the token at i is the unit of a period said beside another
// word of it ("mês passado", "last month", "este trimestre"): a time, not a dimension.
func periodUnit(r *lexicon.Reading, i int) bool {
	beside := func(k int) bool {
		return k >= 0 && k < len(r.Tokens) && r.Tokens[k].Part == r.Tokens[i].Part && periodWord(r, k)
	}
	return hasCat(r, i, semantic.CatUnit) && (beside(i-1) || beside(i+1))
}

// introduces reports whether the part of the token at i ends at a colon or a dash: it
// introduces what follows.
func introduces(r *lexicon.Reading, i int) bool {
	k := i
	for k+1 < len(r.Tokens) && r.Tokens[k+1].Part == r.Tokens[i].Part {
		k++
	}
	return strings.ContainsRune(":-–—", r.Tokens[k].Stop)
}

// valueCats are the categories of the values a dimension word can introduce.
var valueCats = map[semantic.Category]bool{
	lexicon.CatStore: true, lexicon.CatCity: true, lexicon.CatState: true, lexicon.CatProduct: true, semantic.CatValue: true,
}

// joinsTwo reports whether the token at i joins two things ("e", "and", "ou", "or").
func joinsTwo(r *lexicon.Reading, i int) bool {
	for _, m := range r.Matches {
		if m.From == i && (m.Cat == semantic.CatAnd || m.Cat == semantic.CatOr) && r.Tokens[i].Norm != "," {
			return true
		}
	}
	return false
}

// wholeClauses reads the clauses left out that ask for one total (semantic.Fillers
// "whole": "Só o total mesmo, não precisa separar por loja", "just the total, no need to
// break it down by store"): the negation and restriction words of the phrase itself, and
// the breakdowns after it in its clause, are what the writer declines, not constraints
// (inside). The clause contradicts a question that has a breakdown of its own.
func wholeClauses(r *lexicon.Reading, drop []bool) (inside []bool, contradicts bool) {
	inside = make([]bool, len(r.Tokens))
	any := false
	for _, m := range r.Matches {
		if m.Cat != semantic.CatDiscourse || m.Arg != "whole" || m.Typos > 0 || !drop[m.From] {
			continue
		}
		any = true
		for i := m.From; i < m.To; i++ {
			inside[i] = true
		}
		// the breakdowns after it, to the end of its clause: "por loja", "by store"
		for _, b := range r.Matches {
			if b.Cat == semantic.CatBy && b.From >= m.To && drop[b.From] && r.Tokens[b.From].Part == r.Tokens[m.From].Part && restricting(r, b) {
				inside[b.From] = true
			}
		}
	}
	if !any {
		return inside, false
	}
	for _, m := range r.Matches {
		if !drop[m.From] && (m.Cat == semantic.CatBy && restricting(r, m) || m.Cat == semantic.CatDimAdj || m.Cat == semantic.CatTrend) {
			return inside, true
		}
	}
	return inside, false
}

// wordyRules are the productions of clarifications. "só os ativos", "only the active
// ones", "counting only active customers", "considerando apenas quem aceita email": a
// flag the writer adds after the question, introduced by "only" (CatCmp "="). Named values
// ("só no pix") are members of a comparison, never narrowed this way: "vendas no pix e no
// dinheiro só no pix" stays refused.
func wordyRules(x *env) []*Rule {
	return []*Rule{
		markerClause("onerow", string(semantic.CatOneRow), 0),
		// "só quero saber a campeã", "only the winner, please": "only" said of the one row
		rule("Clause", 0, tCmp+" "+string(semantic.CatOneRow), func(k []*Edge) (any, bool) {
			return clauseV{"onerow", marker("")}, arg(k[0]) == "="
		}),
		// "one city only", "one store only please": the one group of the ranking, named
		// (the assembly checks the question breaks down by it)
		rule("Clause", 0, "Num "+tDim+" "+tCmp, func(k []*Edge) (any, bool) {
			return clauseV{"onerow", marker(arg(k[1]))}, arg(k[2]) == "=" && k[0].Val == "1"
		}),
		// "uma só compra", "um só resgate": exactly one, said before "só"
		rule("Filter", 0, "Num "+tCmp+" "+tQuantity, func(k []*Edge) (any, bool) {
			if arg(k[1]) != "=" || !numberWord(k[0]) {
				return nil, false
			}
			return threshold(arg(k[2]), "=", arg(k[0]))
		}),
		// "só o nº de clientes ativos", "just the revenue", "revenue only", "Number only.":
		// "only" said of what the answer shows is the measures asked, nothing fewer rows.
		// After an event's verb it says where alone the event happened ("bought only ..."),
		// and said after the measures it must end its clause ("customers who bought only in
		// May" is no emphasis)
		rule("Clause", 0, tCmp+" Measures", func(k []*Edge) (any, bool) {
			return clauseV{"measures", k[1].Val}, arg(k[0]) == "=" && x.focus[k[0].From] && !x.afterEvent[k[0].From]
		}),
		rule("Clause", 0, "Measures "+tCmp, func(k []*Edge) (any, bool) {
			return clauseV{"measures", k[0].Val}, arg(k[1]) == "=" && x.focus[k[1].From] && slices.Contains(x.clauseEnds, k[1].To)
		}),
		rule("Clause", 0.3, tCmp+" "+tAgg, func(k []*Edge) (any, bool) {
			return clauseV{"agg", marker(arg(k[1]))}, arg(k[0]) == "=" && x.focus[k[0].From] && !x.afterEvent[k[0].From]
		}),
		rule("Clause", 0.3, tAgg+" "+tCmp, func(k []*Edge) (any, bool) {
			return clauseV{"agg", marker(arg(k[0]))}, arg(k[1]) == "=" && x.focus[k[1].From] && slices.Contains(x.clauseEnds, k[1].To)
		}),
		// "monthly active customers", "weekly active users": the buyers of each month or week
		rule("Measure", 0, tFlag+" "+tNoun, func(k []*Edge) (any, bool) {
			n := semantic.NounByID(arg(k[1]))
			if !periodicActive(x, k[0]) || n == nil || n.Fact != semantic.Customers {
				return nil, false
			}
			return byID("buyers")
		}),
		// "filtrando só pagamento em PIX", "only pix", "só a Savassi", "só pix e cartão":
		// the named values said with "only" narrow to them when the question names no other
		// value of their kind (with another, "no pix e no dinheiro só no pix", it stays
		// refused)
		rule("Filter", 0.1, tCmp+" "+tIn+"? Members", func(k []*Edge) (any, bool) {
			m := k[2].Val.(memberV)
			if arg(k[0]) != "=" || m.vs || m.both || !x.namesOnly(m) || x.afterEvent[k[0].From] {
				return nil, false
			}
			m.or = len(m.values) > 1 // the rows of any of them
			return memberFilter(x, m, false)
		}),
		rule("Filter", 0.1, "Members "+tCmp, func(k []*Edge) (any, bool) { // "at Batel only", "pix and cash only"
			m := k[0].Val.(memberV)
			if arg(k[1]) != "=" || m.vs || m.both || !x.namesOnly(m) || x.afterEvent[k[0].From] {
				return nil, false
			}
			m.or = len(m.values) > 1
			return memberFilter(x, m, false)
		}),
		rule("Filter", 0.1, tCmp+" Filter", func(k []*Edge) (any, bool) {
			f, ok := k[1].Val.(filterV)
			return f, ok && strings.HasPrefix(f.id, "flag:") && !f.neg && f.members == nil && arg(k[0]) == "="
		}),
		// "active members only", "ativos só": "only" after the flag, maybe after the noun of
		// customers it describes
		rule("Filter", 0.1, "Filter "+tNoun+"? "+tCmp, func(k []*Edge) (any, bool) {
			f, ok := k[0].Val.(filterV)
			if k[1] != nil {
				n := semantic.NounByID(arg(k[1]))
				ok = ok && n != nil && n.Fact == semantic.Customers
			}
			return f, ok && strings.HasPrefix(f.id, "flag:") && !f.neg && f.members == nil && arg(k[2]) == "="
		}),
	}
}

// namesOnly reports whether the values of m are every value of their kind the question
// names.
func (x *env) namesOnly(m memberV) bool {
	return len(m.values) == x.values[m.kind]
}

// focusOf is where the words "only" (CatCmp "=": "só", "just") is said of start: right
// after it, or past the want it opens ("só quero", "I only want the ..."). ok is false when
// the word is part of a longer phrase of discourse that is no want ("só pra saber", "just
// the total", "so the team can"): there it focuses nothing.
func focusOf(r *lexicon.Reading, m lexicon.Match) (int, bool) {
	at := m.To
	for _, x := range r.Matches {
		if x.Typos > 0 || x.From > m.From || x.To < m.To || x.To-x.From <= m.To-m.From || x.Cat != semantic.CatDiscourse && x.Cat != semantic.CatFiller {
			continue
		}
		if x.Cat == semantic.CatFiller && x.Arg == "hedge" && x.From == m.From && (isRequest(r, x.To-1) || intentAt(r, x.To-1)) {
			at = max(at, x.To) // "só quero", "only want"
			continue
		}
		if x.Arg != "function" {
			return 0, false
		}
	}
	for at < len(r.Tokens) && (isRequest(r, at) || intentAt(r, at)) && r.Tokens[at].Part == r.Tokens[m.From].Part {
		at++
	}
	return at, true
}

// byBefore reports whether a breakdown word left out (CatBy: "por", "each", "for each")
// comes shortly before the token at i in its sentence: "for each one of our stores".
func byBefore(r *lexicon.Reading, i int, drop, whole []bool) bool {
	for _, b := range r.Matches {
		if b.Cat == semantic.CatBy && b.Typos == 0 && drop[b.From] && !whole[b.From] && b.To <= i && i-b.To <= 4 && r.Tokens[b.From].Part == r.Tokens[i].Part {
			return true
		}
	}
	return false
}

// valueKinds counts the named values of each kind in the question: stores, cities,
// states, products, payment types, origins, channels. A value inside a longer one of its
// kind is that one ("no pix" and "pix", "cartão" of "cartão de crédito": one value).
func valueKinds(r *lexicon.Reading) map[string]int {
	spans := map[string][]tokenSpan{}
	for _, m := range r.Matches {
		var kind string
		switch m.Cat {
		case lexicon.CatStore:
			kind = "store"
		case lexicon.CatCity:
			kind = "city"
		case lexicon.CatState:
			kind = "state"
		case lexicon.CatProduct:
			kind = "product"
		case semantic.CatValue:
			kind, _, _ = strings.Cut(m.Arg, ":")
		default:
			continue
		}
		spans[kind] = append(spans[kind], tokenSpan{m.From, m.To})
	}
	out := map[string]int{}
	for k, ss := range spans {
		seen := map[tokenSpan]bool{}
		for _, s := range ss {
			inside := slices.ContainsFunc(ss, func(o tokenSpan) bool { return o != s && o.from <= s.from && s.to <= o.to })
			if !inside && !seen[s] {
				seen[s] = true
				out[k]++
			}
		}
	}
	return out
}

// afterEvent are the positions whose word comes right after an event's verb, past function
// words ("compraram só na Batel", "bought at Batel only"), of the event given or of any ("").
func afterEvent(r *lexicon.Reading, event string) map[int]bool {
	out := map[int]bool{}
	for _, m := range r.Matches {
		if m.Cat != semantic.CatEvent || event != "" && m.Arg != event {
			continue
		}
		i := m.To
		for i < len(r.Tokens) && isFunctionWord(r, i) {
			out[i] = true
			i++
		}
		out[i] = true
	}
	return out
}

// valueFrom maps the end of each value phrase of several words ("em dinheiro") to where
// the longest one ending there starts.
func valueFrom(r *lexicon.Reading) map[int]int {
	out := map[int]int{}
	for _, m := range r.Matches {
		if m.Cat != semantic.CatValue || m.To-m.From < 2 {
			continue
		}
		if f, ok := out[m.To]; !ok || m.From < f {
			out[m.To] = m.From
		}
	}
	return out
}

// beforeTime is the positions whose next word that is not a function word names a time
// unit or a period ("primeiros | 10 dias", "first 3 | months", "3 primeiros | meses").
func beforeTime(r *lexicon.Reading) map[int]bool {
	out := map[int]bool{}
	for i := range r.Tokens {
		k := i
		for k < len(r.Tokens) && isFunctionWord(r, k) {
			k++
		}
		if k < len(r.Tokens) && timeUnitAt(r, k) {
			out[i] = true
		}
	}
	return out
}

// timeUnitAt reports whether the token at i names a time unit ("meses", "days") or a period.
func timeUnitAt(r *lexicon.Reading, i int) bool {
	if periodWord(r, i) {
		return true
	}
	for _, m := range r.Matches {
		if m.From != i || m.Typos > 0 {
			continue
		}
		if m.Cat == semantic.CatUnit {
			return true
		}
		if m.Cat == semantic.CatDim {
			if d := dimByID(m.Arg); d != nil && d.Time {
				return true
			}
		}
	}
	return false
}

// periodRuns is how many periods the question says: the runs of period words.
func periodRuns(r *lexicon.Reading) int {
	n := 0
	for i := range r.Tokens {
		if periodWord(r, i) && (i == 0 || !periodWord(r, i-1)) {
			n++
		}
	}
	return n
}

// comparesCat are the categories of the words that ask for a comparison: "comparar",
// "versus", "crescimento", "o mesmo período do ano passado".
var comparesCat = map[semantic.Category]bool{semantic.CatVs: true, semantic.CatGrowth: true, semantic.CatPrior: true}
