package grammar

import (
	"slices"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// Lead-ins that change what the question asks (issue 24, fifth round): three ways the
// words before a question were read into it, silently.
//
//   - The writer's situation: "tô no aniversário de mainha, rapidinho: quanto a rede toda
//     faturou hoje?", "I'm at my son's birthday - how much did we sell today?". A concept
//     right after a first-person statement of where the writer is (semantic.Situation) is
//     the situation, never a filter: the clause is left out as context when it holds
//     nothing else a report could be narrowed to, and the question is refused when it does.
//   - A definite period pointing back: "Recorrência de maio: quantos clientes fizeram 2
//     compras no mês?", "For April - how many customers bought twice in the month?". A
//     definite period (semantic.PeriodBack) is the period the question names elsewhere;
//     without one it keeps its own reading ("no mês": this month).
//   - A sign-up's period: "Cohort de cadastro de jan/25: quantos desses clientes já
//     compraram?", "customers who signed up in January - how many of them bought?". A
//     period right after a sign-up word dates the sign-up; a reading that moved it to
//     another event (the purchases) is refused.

// leadIn reads the question's lead-in as the three rules above say. It returns the reading
// to interpret, the words left out as context, and a refusal when the lead-in holds a
// constraint beside the writer's situation.
func leadIn(r *lexicon.Reading) (*lexicon.Reading, []string, *Refusal) {
	drop := make([]bool, len(r.Tokens))
	var texts []string
	if from, c, to, ok := situation(r); ok {
		placed := holdsPlace(r, from, to)
		switch {
		case !situationOnly(r, c, to) || placed && restrictingAt(r, c):
			return r, nil, &Refusal{Lang: r.Lang, Understood: []string{say(r.Lang, "onde você está", "where you are") + " (\"" + spanText(r, from, to) + "\")"}, Reason: say(r.Lang,
				"a frase que diz onde você está também fala de um filtro, e não sei se ele vale para a pergunta",
				"the words saying where you are also name a filter, and I cannot tell whether it applies to the question")}
		case !placed:
			texts = append(texts, spanText(r, from, to))
			for i := from; i < to; i++ {
				drop[i] = true
			}
		}
	}
	if datesSignup(r) {
		// "desde então" after customers dated by their sign-up: any time after it
		for i := 0; i < len(r.Tokens); i++ {
			if n := phraseAt(r, i, sinceBackPhrases); n > 0 && !drop[i] {
				texts = append(texts, spanText(r, i, i+n))
				for j := i; j < i+n; j++ {
					drop[j] = true
				}
				i += n - 1
			}
		}
	}
	for _, s := range periodBacks(r, drop) {
		texts = append(texts, spanText(r, s.from, s.to))
		for i := s.from; i < s.to; i++ {
			drop[i] = true
		}
	}
	if len(texts) == 0 {
		return r, nil, nil
	}
	return withoutContext(r, drop, nil), texts, nil
}

func spanText(r *lexicon.Reading, from, to int) string {
	var words []string
	for i := from; i < to; i++ {
		if r.Tokens[i].Raw != "," {
			words = append(words, r.Tokens[i].Raw)
		}
	}
	return strings.Join(words, " ")
}

// The phrases phraseAt looks for, split into words once (the definite periods alone are
// hundreds: splitting them at every token of every question was a sixth of its time).
var (
	sinceBackPhrases   = splitPhrases(semantic.SinceBack)
	situationPhrases   = splitPhrases(semantic.Situation)
	periodBackPhrases  = splitPhrases(semantic.PeriodBack)
	placeDeixisPhrases = splitPhrases(semantic.PlaceDeixis)
)

func splitPhrases(ws semantic.Words) [][]string {
	var out [][]string
	for _, p := range ws.All() {
		if f := strings.Fields(p); len(f) > 0 {
			out = append(out, f)
		}
	}
	return out
}

// phraseAt is the length of the phrase of ws that starts at token i (0: none).
func phraseAt(r *lexicon.Reading, i int, ws [][]string) int {
	best := 0
	for _, f := range ws {
		if len(f) <= best || i+len(f) > len(r.Tokens) || r.Tokens[i].Norm != f[0] {
			continue
		}
		ok := true
		for j, w := range f {
			if r.Tokens[i+j].Norm != w || r.Tokens[i+j].Part != r.Tokens[i].Part {
				ok = false
				break
			}
		}
		if ok {
			best = len(f)
		}
	}
	return best
}

// situation finds a clause that says where the writer is: a semantic.Situation phrase at
// a clause's start (the sentence's start or after a comma) followed closely by a concept.
// The clause runs to the first comma after the concept, a question word or a request, or
// the end of its sentence; a sentence after the question is one too ("quanto vendemos
// hoje? tô no aniversário de mainha").
func situation(r *lexicon.Reading) (from, concept, to int, ok bool) {
	roles, _, _ := tokenRoles(r)
	for i := range r.Tokens {
		if i > 0 && r.Tokens[i-1].Part == r.Tokens[i].Part && r.Tokens[i-1].Norm != "," {
			continue
		}
		n := phraseAt(r, i, situationPhrases)
		if n == 0 {
			continue
		}
		c, unknown := -1, -1 // the concept after the phrase; a place the model does not know
		for k := i + n; k < len(r.Tokens) && k <= i+n+3 && r.Tokens[k].Part == r.Tokens[i].Part && r.Tokens[k].Norm != ","; k++ {
			if roles[k] == semantic.RoleConcept && !isFunctionWord(r, k) {
				c = k
				break
			}
			if roles[k] == roleUnknown && unknown < 0 {
				unknown = k
			}
		}
		if c < 0 {
			c = unknown // the writer's place all the same: "ela tá aqui na fila"
		}
		if c < 0 {
			continue
		}
		end := c + 1
		for end < len(r.Tokens) && r.Tokens[end].Part == r.Tokens[i].Part && r.Tokens[end].Norm != "," && !asksAt(r, end) {
			if joinsTwo(r, end) && end+1 < len(r.Tokens) && asksAt(r, end+1) {
				end++ // "tô no aniversário dela e | queria saber ...": the "e" is the clause's
				break
			}
			end++
		}
		if end == len(r.Tokens) && r.Tokens[i].Part == r.Tokens[0].Part && !asksBefore(r, i) {
			continue // nothing asks before or after it
		}
		return i, c, end, true
	}
	return 0, 0, 0, false
}

// asksBefore reports whether a question word or a request comes before token i ("quantos
// pontos tem a Fernanda, ela está aqui no balcão").
func asksBefore(r *lexicon.Reading, i int) bool {
	for k := 0; k < i; k++ {
		if asksAt(r, k) {
			return true
		}
	}
	return false
}

// asksAt reports whether a question word or a request starts at token i.
func asksAt(r *lexicon.Reading, i int) bool {
	if isRequest(r, i) {
		return true
	}
	for _, m := range r.Matches {
		if m.From == i && m.Typos == 0 {
			switch m.Cat {
			case semantic.CatAgg, semantic.CatWho, semantic.CatList, semantic.CatPerson, semantic.CatWhen:
				return true
			}
		}
	}
	return false
}

// restrictingAt reports whether a match at token i names rows a report could be narrowed
// to (restricting).
func restrictingAt(r *lexicon.Reading, i int) bool {
	for _, m := range r.Matches {
		if m.From == i && restricting(r, m) {
			return true
		}
	}
	return false
}

// place reports whether m names a store, a city or a state.
func place(m lexicon.Match) bool {
	return m.Cat == lexicon.CatStore || m.Cat == lexicon.CatCity || m.Cat == lexicon.CatState
}

// holdsPlace reports whether the tokens from..to hold a store, a city or a state: a
// clause naming one binds the question to it (statements.go), and is left to that rule.
func holdsPlace(r *lexicon.Reading, from, to int) bool {
	for _, m := range r.Matches {
		if m.From >= from && m.From < to && m.Typos == 0 && place(m) {
			return true
		}
	}
	return false
}

// situationOnly reports whether the situation clause, from its concept at first, holds
// nothing but the writer's situation: no other constraint, no period. A clause with a
// store and another constraint ("tô no aniversário da loja Centro") is refused.
func situationOnly(r *lexicon.Reading, first, to int) bool {
	for _, m := range r.Matches {
		if m.From <= first || m.From >= to || m.Typos > 0 {
			continue
		}
		if valueCats[m.Cat] && !place(m) || restricting(r, m) || periodWord(r, m.From) {
			return false
		}
	}
	return true
}

// periodBacks are the definite periods of the question that point back to another period
// it names (semantic.PeriodBack). One followed by a period of its own ("no mês de maio",
// "in the month of May", "no período passado") names it, and points back to nothing.
func periodBacks(r *lexicon.Reading, drop []bool) []tokenSpan {
	var backs []tokenSpan
	roles, _, _ := tokenRoles(r)
	in := make([]bool, len(r.Tokens))
	for i := 0; i < len(r.Tokens); i++ {
		n := phraseAt(r, i, periodBackPhrases)
		if n == 0 || drop[i] {
			continue
		}
		k := i + n
		for k < len(r.Tokens) && isFunctionWord(r, k) {
			k++
		}
		if k < len(r.Tokens) && periodWord(r, k) || !endsClause(r, i+n, roles) {
			i += n - 1
			continue
		}
		backs = append(backs, tokenSpan{i, i + n})
		for j := i; j < i+n; j++ {
			in[j] = true
		}
		i += n - 1
	}
	if len(backs) == 0 {
		return nil
	}
	for i := range r.Tokens {
		if !in[i] && !drop[i] && periodWord(r, i) {
			return backs
		}
	}
	return nil
}

// endsClause reports whether the tokens from i to the end of their clause (a comma or the
// end of the sentence) hold no concept: "no mês?" ends one, "no mês de maior venda" does not
// (the month is the one with the most sales).
func endsClause(r *lexicon.Reading, i int, roles []semantic.Role) bool {
	for k := i; k < len(r.Tokens) && r.Tokens[k].Part == r.Tokens[max(i-1, 0)].Part && r.Tokens[k].Norm != ","; k++ {
		if roles[k] == semantic.RoleConcept || roles[k] == roleUnknown {
			return false
		}
	}
	return true
}

// signupPeriodMoved reports whether the question dates a sign-up (a period right after a
// sign-up word: "cadastro de jan/25", "signed up in January 2025") and the request dates
// no sign-up: the period went to another event.
func signupPeriodMoved(r *lexicon.Reading, req *semantic.Request, sql string) bool {
	return datesSignup(r) && !strings.Contains(sql, semantic.Customers.Time)
}

// datesSignup reports whether a period follows a sign-up word right after it ("cadastro
// de jan/25", "signed up in January 2025").
func datesSignup(r *lexicon.Reading) bool {
	for _, m := range r.Matches {
		if !signupWord(m) || ofOtherRows(r, m.From) {
			continue
		}
		k := m.To
		for k < len(r.Tokens) && (isFunctionWord(r, k) || valueAt(r, k) || customersNoun(r, k) || fillerWith(r, m, k) || coveredBy(r, k, semantic.CatSince) || dayBeforeMonth(r, k)) && r.Tokens[k].Part == r.Tokens[m.From].Part {
			k++ // "new customers from February", "entraram na base em 2025": the customers said after it; "signed up through the app in May": how they signed up; "acquired since March", "captados desde 1º de março": from when
		}
		if k < len(r.Tokens) && r.Tokens[k].Part == r.Tokens[m.From].Part && periodWord(r, k) || periodBeforeSignup(r, m) < m.From {
			return true
		}
	}
	return false
}

// fillerWith reports whether the token at i is read, with the sign-up word m, as one
// filler phrase ("signup cohort of January 2025", "cohort de cadastro de jan/25"): the
// cohort word says nothing of its own between the sign-up and its period.
func fillerWith(r *lexicon.Reading, m lexicon.Match, i int) bool {
	return slices.ContainsFunc(r.Matches, func(f lexicon.Match) bool {
		return f.Cat == semantic.CatFiller && f.Typos == 0 && f.From <= m.From && m.To <= f.To && f.From <= i && i < f.To
	})
}

// periodBeforeSignup is where a period said right before a sign-up word starts ("Jan '25 |
// signup cohort", "the 2024 | signups", "May | sign-ups"): said as the sign-ups' adjective
// it dates them, as a period right after the word does. m.From: none.
func periodBeforeSignup(r *lexicon.Reading, m lexicon.Match) int {
	k := m.From - 1
	for k >= 0 && r.Tokens[k].Part == r.Tokens[m.From].Part && (periodWord(r, k) || r.Tokens[k].Kind == lexicon.Number && k > 0 && periodWord(r, k-1)) {
		k--
	}
	if k+1 < m.From && !periodWord(r, k+1) {
		return m.From // a number alone ("2 signups") is no period
	}
	return k + 1
}

// signupDated reads a request whose sign-up period went to another event again, with the
// period on the sign-up: the customers counted are the ones who signed up in it, and the
// other event, said without a period of its own, is at any time ("Cohort de cadastro de
// jan/25: quantos desses clientes já fizeram pelo menos uma compra?" counts January's
// sign-ups with a purchase ever). Only a count or a list of customers with one period,
// named right after the sign-up word, and one filter that took it, is read again; nil
// otherwise.
func signupDated(r *lexicon.Reading, res *Result) *Result {
	req := res.Request
	counted := len(req.Measures) == 1 && req.Measures[0].ID == "customers" && len(req.Attrs) == 0
	listed := len(req.Measures) == 0 && len(req.Attrs) > 0
	if req.Fact != semantic.Customers || req.Period == nil || !counted && !listed {
		return nil
	}
	// the question's one period runs right after its sign-up word
	run := make([]bool, len(r.Tokens))
	for _, m := range r.Matches {
		if !signupWord(m) {
			continue
		}
		for k := periodBeforeSignup(r, m); k < m.From; k++ {
			run[k] = true // "Jan '25 signup cohort"
		}
		// the count of a period runs with it ("nos últimos 90 dias")
		for k := m.To; k < len(r.Tokens) && r.Tokens[k].Part == r.Tokens[m.From].Part && (isFunctionWord(r, k) || valueAt(r, k) || fillerWith(r, m, k) || periodWord(r, k) || r.Tokens[k].Kind == lexicon.Number && k > m.To && periodWord(r, k-1) || customersNoun(r, k) || coveredBy(r, k, semantic.CatSince) || dayBeforeMonth(r, k)); k++ {
			run[k] = true
		}
	}
	for i := range r.Tokens {
		if periodWord(r, i) && !run[i] && !coveredBy(r, i, semantic.CatSoFar) {
			return nil // a second period; "as at today", "até hoje" only says up to now
		}
	}
	at := -1
	for i, f := range req.Filters {
		if f.UsesPeriod {
			if at >= 0 {
				return nil
			}
			at = i
		}
	}
	if at < 0 {
		return nil
	}
	out := *req
	out.Filters = append([]*semantic.Filter(nil), req.Filters...)
	out.Filters[at] = semantic.Ever(req.Filters[at])
	sql, err := out.Compile()
	if err != nil || !strings.Contains(sql, semantic.Customers.Time) {
		return nil
	}
	fixed := *res
	fixed.Request, fixed.SQL = &out, sql
	return &fixed
}

// ofOtherRows reports whether the word at i follows a noun of rows that are not customers
// ("resgates criados em 2025", "redemptions created in 2025": created is their date, no
// sign-up).
func ofOtherRows(r *lexicon.Reading, i int) bool {
	k := i - 1
	for k >= 0 && isFunctionWord(r, k) {
		k--
	}
	if k < 0 {
		return false
	}
	for _, m := range r.Matches {
		if m.To == k+1 && m.Cat == semantic.CatNoun {
			if n := semantic.NounByID(m.Arg); n != nil && n.Fact != nil && n.Fact != semantic.Customers {
				return true
			}
		}
	}
	return false
}

// signupWord reports whether m names a sign-up: the event ("cadastro", "signed up") or
// "new" ("novos", "new").
func signupWord(m lexicon.Match) bool {
	return m.Typos == 0 && (m.Cat == semantic.CatEvent && m.Arg == "signup" || m.Cat == semantic.CatNew)
}

// valueAt reports whether a value ("the app", "pix"), a place ("Savassi", "BH") or the
// word store ("the Savassi store") reads the token at i.
func valueAt(r *lexicon.Reading, i int) bool {
	return slices.ContainsFunc(r.Matches, func(m lexicon.Match) bool {
		return m.From <= i && i < m.To && m.Typos == 0 && (valueCats[m.Cat] || m.Cat == semantic.CatNoun && m.Arg == "stores")
	})
}

// dayBeforeMonth reports whether the token at i is a day of the month said before its
// month ("1º de março", "10 de abril", "the 5th of May").
func dayBeforeMonth(r *lexicon.Reading, i int) bool {
	if !coveredBy(r, i, lexicon.CatDayNo) && r.Tokens[i].Kind != lexicon.Number {
		return false
	}
	k := i + 1
	for k < len(r.Tokens) && isFunctionWord(r, k) {
		k++
	}
	return k < len(r.Tokens) && coveredBy(r, k, semantic.CatMonth)
}

// coveredBy reports whether a word of category c, typed right, reads the token at i.
func coveredBy(r *lexicon.Reading, i int, c semantic.Category) bool {
	for _, m := range r.Matches {
		if m.From <= i && i < m.To && m.Typos == 0 && m.Cat == c {
			return true
		}
	}
	return false
}

// customersNoun reports whether the token at i names the customers.
func customersNoun(r *lexicon.Reading, i int) bool {
	for _, m := range r.Matches {
		if m.From == i && m.To == i+1 && m.Typos == 0 && m.Cat == semantic.CatNoun && m.Arg == "customers" {
			return true
		}
	}
	return false
}

// signupRefusal is the refusal of a request that moved a sign-up's period.
func signupRefusal(r *lexicon.Reading, req *semantic.Request, context []string) *Refusal {
	return &Refusal{Lang: r.Lang, Context: context, Understood: []string{describe(req)}, Reason: say(r.Lang,
		"o período da pergunta é do cadastro dos clientes, e não consegui aplicá-lo ao cadastro sem aplicá-lo a outra coisa",
		"the question's period is the customers' sign-up, and I could not apply it to the sign-up without applying it to something else")}
}

// clauseOpenersSkipped returns r with the words a speaker opens a clause with
// (semantic.ClauseOpeners: "so", "now") read as spoken filler where they open a clause of
// an English question: at a part's start, with only spoken filler before it ("okay so um
// how many ..."). The Portuguese readings that start there ("so um": "só um", just
// one) are dropped; elsewhere the words keep their readings.
func clauseOpenersSkipped(r *lexicon.Reading) *lexicon.Reading {
	if r.Lang != semantic.EN {
		return r
	}
	openers := splitPhrases(semantic.Words{EN: semantic.ClauseOpeners.EN})
	spoken := func(i int) bool {
		for _, m := range r.Matches {
			if m.From == i && m.To == i+1 && m.Cat == semantic.CatFiller && (m.Arg == "spoken" || m.Arg == "courtesy") {
				return true
			}
		}
		return false
	}
	var add []lexicon.Match
	opened := map[int]bool{}
	for i := range r.Tokens {
		// only spoken filler and commas before it in its part: "okay, so um how many", never
		// "revenue in May, so I can compare it" (a purpose)
		start := true
		for k := i - 1; k >= 0 && r.Tokens[k].Part == r.Tokens[i].Part; k-- {
			start = start && (r.Tokens[k].Norm == "," || spoken(k) || opened[k])
		}
		if !start {
			continue
		}
		if n := phraseAt(r, i, openers); n > 0 {
			add = append(add, lexicon.Match{From: i, To: i + n, Cat: semantic.CatFiller, Arg: "spoken", Lang: semantic.EN, Text: r.Tokens[i].Raw})
			for k := i; k < i+n; k++ {
				opened[k] = true
			}
		}
	}
	if len(add) == 0 {
		return r
	}
	out := *r
	out.Matches = slices.DeleteFunc(slices.Clone(r.Matches), func(m lexicon.Match) bool {
		return opened[m.From] && m.Lang == semantic.PT
	})
	out.Matches = append(out.Matches, add...)
	return &out
}

// textedAnd returns r with "and" texted as "n" (semantic.TextedAnd) read as "and" between two
// words of an English question ("how many n how much"); before "of" or beside a number it
// keeps its readings only ("n of sales").
func textedAnd(r *lexicon.Reading) *lexicon.Reading {
	if r.Lang != semantic.EN {
		return r
	}
	ands := splitPhrases(semantic.TextedAnd)
	var add []lexicon.Match
	for i := 1; i+1 < len(r.Tokens); i++ {
		if phraseAt(r, i, ands) != 1 || r.Tokens[i-1].Kind != lexicon.Word || r.Tokens[i+1].Kind != lexicon.Word || r.Tokens[i+1].Norm == "of" {
			continue
		}
		add = append(add, lexicon.Match{From: i, To: i + 1, Cat: semantic.CatAnd, Lang: semantic.EN, Text: r.Tokens[i].Raw})
	}
	if len(add) == 0 {
		return r
	}
	out := *r
	out.Matches = append(slices.Clone(r.Matches), add...)
	return &out
}
