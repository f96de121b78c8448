package grammar

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// Grammar is the productions, expanded, for one question's context (its calendar and the
// value catalogue).
type Grammar struct {
	unary, nary []expanded
	ids         map[string]int // symbols interned
	// naryByFirst are the indices into nary of the rules that start with each symbol, in
	// rule order: the parser tries at a position only the rules something starts there
	naryByFirst [][]int
}

// env is what productions need to build meanings: the calendar of the question and the
// catalogue of values.
type env struct {
	cal semantic.Calendar
	cat *semantic.Catalog
	loc *time.Location
	// signup: the question names a sign-up ("novos", "cadastrados", "signed up"), so a
	// period on customers dates their sign-up; without it "today" is when the question
	// is asked ("saldo dos clientes hoje")
	signup bool
	// pronouns are the positions of the question's pronouns that are not fillers too
	// ("ela", "deles"): each must follow what it refers to
	pronouns []int
	// conj are the positions of the question's conjunctions ("e", "and", ","): a clause
	// after one may be another measure ("... and what was the total")
	conj []int
	// anaphora are the positions of every pronoun, fillers too ("their", "them"): a
	// clause with one shares the filters of the clause before it
	anaphora []int
	// monthYears are the positions of years that belong to the month before them
	monthYears []int
	// afterBy are the positions right after a breakdown word ("each", "por")
	afterBy []int
	// relatingAt are the positions of the words saying how two periods relate ("mesmo",
	// "same", "a mais"), which a reading may otherwise skip or read as "and"
	relatingAt []int
	// vsAt are the positions of the words that set two things against each other ("x",
	// "vs", "contra"): periods joined by one are compared, never summed
	vsAt []int
	// definite are the positions of articles and possessives ("o", "their"): "com o
	// saldo" shows the balance, "com saldo" keeps who holds some
	definite map[int]bool
	// afterTop are the positions right after a ranking word ("top"): a number there is
	// the ranking's count, never a day ("top 3 de abril" is a top 3 of April)
	afterTop []int
	// afterAdj are the positions right after "monthly", "weekly", "daily"
	afterAdj []int
	// inDaySet are the positions of the words inside a set of weekdays said in several
	// words ("dia de semana", "dias de semana"): the unit there is never a period of its
	// own ("sábado e domingo contra os dia de semana" is not "this week")
	inDaySet map[int]bool
	// workdays: the question names the working days as a set ("dias de semana",
	// "weekdays"): the weekend beside them is the other set of days ("fds vs dia de
	// semana esse mês"), never this weekend
	workdays bool
	// each: the question says "cada uma", "each", "both" (semantic.EachOf)
	each bool
	// listed: the question asks for a list in words ("lista", "list"), not a column name
	listed bool
	// all: the question says "todas", "all of them" (semantic.AllOf)
	all bool
	// afterNoun are the positions right after a noun ("prêmios | que o povo resgata")
	afterNoun []int
	// afterMore are the positions right after "mais", "menos", "more", "less": "que" there
	// is "than" ("vende mais que dia de semana?"), never "which"
	afterMore []int
	// than are the positions of "que", "do que", "than"
	than []int
	// thing: the question asks for a thing someone did ("o que o povo mais resgata", "what
	// do customers buy"), never for the customers themselves
	thing bool
	// anyOf: the question asks whether any customer does something ("any of my customers
	// ...?", semantic.CatList "any"): only the list of them answers it
	anyOf bool
	// person: the question asks "quem", "who" (semantic.CatPerson)
	person bool
	// clauseEnds are the positions where a clause ends: a comma, a sentence's end
	clauseEnds []int
	// flags are the positions of the question's flag words ("canceladas", "active"), ands
	// those of its conjunctions said as a word ("e", "and")
	flags, ands, andThe []int // andThe: the conjunctions followed by an article
	// values counts the question's named values of each kind (store, city, payment...)
	values map[string]int
	// afterEvent are the positions right after an event's verb, past function words
	// ("bought only at", "compraram só na"): "only" there says where alone it happened
	afterEvent map[int]bool
	// afterSignup: the same, after a verb of signing up ("se cadastraram em cada loja")
	afterSignup map[int]bool
	// valueFrom: where the longest value phrase ending at a position starts ("em dinheiro",
	// "no pix")
	valueFrom map[int]int
	// counts are the positions of the question's count words ("quantos", "how many",
	// "number of")
	counts []int
	// activity: the question names something customers did other than signing up
	// ("bought", "redeemed"): "only" after its period may say when alone they did it
	activity bool
	// dimAt: the dimension a word at a position names ("lojas": store); named: how many
	// distinct values the question names of each dimension
	dimAt map[int]string
	named map[string]int
	// focus: the positions of "only" said of what follows it (focusOf), not inside a
	// phrase of discourse ("just the total", "só pra saber")
	focus map[int]bool
	// bandWord: the question has a band word ("faixa", "band", "distribution"): a
	// quantity noun may name what its bands are of (stats.go)
	bandWord bool
	// beforeTime: the positions whose next word that is not a function word names a time
	// unit ("3 primeiros | meses", "first 10 | days")
	beforeTime map[int]bool
	// periodCount: how many periods the question says (runs of period words)
	periodCount int
	// norms: the question's words, folded; function: which are function words
	norms    []string
	function []bool
}

func newGrammar(rules []*Rule) *Grammar {
	g := &Grammar{ids: map[string]int{}}
	intern := func(s string) int {
		if id, ok := g.ids[s]; ok {
			return id
		}
		g.ids[s] = len(g.ids)
		return g.ids[s]
	}
	intern("Clause")
	for _, x := range expand(rules) {
		x.lhs = intern(x.rule.LHS)
		for _, s := range x.syms {
			x.ids = append(x.ids, intern(s))
		}
		if len(x.syms) == 1 {
			g.unary = append(g.unary, x)
		} else {
			g.nary = append(g.nary, x)
		}
	}
	g.naryByFirst = make([][]int, len(g.ids))
	for k, x := range g.nary {
		g.naryByFirst[x.ids[0]] = append(g.naryByFirst[x.ids[0]], k)
	}
	return g
}

// Symbols of the terminals (lexicon categories) used below.
const (
	tMeasure  = string(semantic.CatMeasure)
	tDim      = string(semantic.CatDim)
	tDimAdj   = string(semantic.CatDimAdj)
	tNoun     = string(semantic.CatNoun)
	tEvent    = string(semantic.CatEvent)
	tAgg      = string(semantic.CatAgg)
	tFlag     = string(semantic.CatFlag)
	tValue    = string(semantic.CatValue)
	tQuantity = string(semantic.CatQuantity)
	tBy       = string(semantic.CatBy)
	tWise     = string(semantic.CatWise)
	tRound    = string(semantic.CatRound)
	tDecimals = string(semantic.CatDecimals)
	tWhole    = string(semantic.CatWhole)
	tAnd      = string(semantic.CatAnd)
	tOr       = string(semantic.CatOr)
	tNeg      = string(semantic.CatNeg)
	tNever    = string(semantic.CatNever)
	tNor      = string(semantic.CatNor)
	tUnknown  = string(semantic.CatUnknown)
	tKnown    = string(semantic.CatKnown)
	tCmp      = string(semantic.CatCmp)
	tBetween  = string(semantic.CatBetween)
	tTop      = string(semantic.CatTop)
	tMost     = string(semantic.CatMost)
	tLeast    = string(semantic.CatLeast)
	tOrderTo  = string(semantic.CatOrderTo)
	tThis     = string(semantic.CatThis)
	tLast     = string(semantic.CatLast)
	tNext     = string(semantic.CatNext)
	tUnit     = string(semantic.CatUnit)
	tComplete = string(semantic.CatComplete)
	tDayWord  = string(semantic.CatDay)
	tMonth    = string(semantic.CatMonth)
	tWeekday  = string(semantic.CatWeekday)
	tOrdinal  = string(semantic.CatOrdinal)
	tNumWord  = string(semantic.CatNumWord)
	tSince    = string(semantic.CatSince)
	tBefore   = string(semantic.CatBefore)
	tAfter    = string(semantic.CatAfter)
	tFrom     = string(semantic.CatFrom)
	tTo       = string(semantic.CatTo)
	tIn       = string(semantic.CatInPeriod)
	tAgain    = string(semantic.CatAgain)
	tBefore2  = string(semantic.CatBefore2)
	tNamed    = string(semantic.CatNamed)
	tWho      = string(semantic.CatWho)
	tPerCust  = string(semantic.CatPerCust)
	tBoth     = string(semantic.CatBoth)
	tNumber   = string(lexicon.CatNumber)
	tMoney    = string(lexicon.CatMoney)
	tYear     = string(lexicon.CatYear)
	tDate     = string(lexicon.CatDate)
	tMonthYr  = string(lexicon.CatMonthYr)
	tRange    = string(lexicon.CatRange)
	tStore    = string(lexicon.CatStore)
	tCity     = string(lexicon.CatCity)
	tState    = string(lexicon.CatState)
	tProduct  = string(lexicon.CatProduct)
	tWord     = string(lexicon.CatWord)
	tCapWord  = string(lexicon.CatCapWord)
	tDoc      = string(lexicon.CatDoc)
	tEmail    = string(lexicon.CatEmail)
	tQuoted   = string(lexicon.CatQuoted)
	tScope    = string(semantic.CatFiller) // arg "scope": the whole chain (semantic.ChainWide)
)

func arg(e *Edge) string {
	if e == nil {
		return ""
	}
	s, _ := e.Val.(string)
	return s
}

func rule(lhs string, cost float64, rhs string, build func(k []*Edge) (any, bool)) *Rule {
	return &Rule{LHS: lhs, RHS: strings.Fields(rhs), Cost: cost, Build: build}
}

// precisionClause is the precision asked of the answer, in decimals; a number of
// decimals no report shows ("com 12 casas decimais", "2.5 decimals") is no precision.
func precisionClause(n string) (any, bool) {
	d, err := strconv.Atoi(n)
	if err != nil || d < 0 || d > semantic.MaxDecimals {
		return nil, false
	}
	return clauseV{"precision", d}, true
}

// clause wraps a constituent as a clause of kind.
func clause(kind, sym string, cost float64) *Rule {
	return rule("Clause", cost, sym, func(k []*Edge) (any, bool) { return clauseV{kind, k[0].Val}, true })
}

// markerClause is a one-word clause.
func markerClause(kind, sym string, cost float64) *Rule {
	return rule("Clause", cost, sym, func(k []*Edge) (any, bool) { return clauseV{kind, marker(arg(k[0]))}, true })
}

// productions is the grammar. Each production reads one structure of the questions; none
// exists for one phrasing. The words are the model's (semantic.Terms).
func productions(x *env) []*Rule {
	return append([]*Rule{
		// ---- measures: a measure's own words, or its composition (aggregate, noun, event)
		rule("Measure", 0, tMeasure, func(k []*Edge) (any, bool) { return byID(arg(k[0])) }),
		rule("Measure", 0, tAgg+" "+tMeasure, func(k []*Edge) (any, bool) { return aggOf(arg(k[0]), arg(k[1])) }),
		// "quantos pontos estão em aberto", "how many points are sitting unredeemed": the
		// quantity named before a measure that sums it
		rule("Measure", 0.1, tAgg+" "+tNoun+" "+tMeasure, func(k []*Edge) (any, bool) {
			if n := semantic.NounByID(arg(k[1])); n == nil || n.Fact != nil || !sumsNoun(arg(k[2]), n.ID) {
				return nil, false
			}
			return aggOf(arg(k[0]), arg(k[2]))
		}),
		// "montante de pontos estornados", "amount of points reversed": a quantity word that
		// sums, said before a sum, names that sum's aggregate (the amount of a sum is the
		// sum); "valor do ticket médio", "average bill value": said of a measure of that
		// quantity, before or after it, the word names the measure's own value; before
		// anything else it is a measure of its own, and the two are refused
		rule("Measure", 0.1, tNoun+" Measure", func(k []*Edge) (any, bool) {
			return valueOfMeasure(arg(k[0]), k[1].Val.(measureV))
		}),
		rule("Measure", 0.1, "Measure "+tNoun, func(k []*Edge) (any, bool) {
			return valueOfMeasure(arg(k[1]), k[0].Val.(measureV))
		}),
		// "mediana do valor das compras", "average of the redeemed points": a statistic of
		// a composed measure
		rule("Measure", 0.1, tAgg+" Measure", func(k []*Edge) (any, bool) {
			if a := arg(k[0]); a == "median" || a == "avg" || percentileOf(a) > 0 {
				return aggOf(a, k[1].Val.(measureV).m.ID)
			}
			return nil, false
		}),
		// "percentil 90 do ticket", "p50 / p90 ticket size", "mediana e p90 do ticket": the
		// statistics of one measure (stats.go)
		rule("Measure", 0, tAgg+"? "+tNoun+" "+tNoun+"? "+tEvent+"? "+tPerCust+"?", func(k []*Edge) (any, bool) {
			if k[2] != nil && k[2].From > k[1].To {
				// "vendas em dinheiro", "vendas no dinheiro": the words skipped before the
				// second noun and the noun are a value (cash), never the sales' amount
				if from, ok := x.valueFrom[k[2].To]; ok && from < k[2].From && from >= k[1].To {
					return nil, false
				}
			}
			return compose(arg(k[0]), []string{arg(k[1]), arg(k[2])}, arg(k[3]), k[4] != nil)
		}),
		rule("Measure", 0, tAgg+" "+tEvent+" "+tPerCust+"?", func(k []*Edge) (any, bool) {
			return compose(arg(k[0]), nil, arg(k[1]), k[2] != nil)
		}),
		// "quantas pessoas diferentes resgataram", "how many different customers bought":
		// the people who did it, each once, is what counting them by their event counts
		rule("Measure", 0, tAgg+" "+tNoun+" "+tAgg+" "+tEvent, func(k []*Edge) (any, bool) {
			return distinctActors(arg(k[0]), arg(k[1]), arg(k[2]), arg(k[3]))
		}),
		rule("Measure", 0, tAgg+" "+tAgg+" "+tNoun+" "+tEvent, func(k []*Edge) (any, bool) {
			return distinctActors(arg(k[0]), arg(k[2]), arg(k[1]), arg(k[3]))
		}),
		// "sales count", "redemption total": the aggregate after the rows
		rule("Measure", 0.1, tNoun+" "+tAgg, func(k []*Edge) (any, bool) {
			if n := semantic.NounByID(arg(k[0])); n == nil || n.Fact == nil {
				return nil, false
			}
			return compose(arg(k[1]), []string{arg(k[0])}, "", false)
		}),
		// "média de pontos por resgate", "average points per redemption"
		rule("Measure", 0, tAgg+" "+tNoun+" "+tBy+" "+tNoun, func(k []*Edge) (any, bool) {
			return compose(arg(k[0]), []string{arg(k[1]), arg(k[3])}, "", false)
		}),
		// "quantidade e valor das vendas": two aggregates of one noun
		rule("Measures", 0, tAgg+" "+tAnd+" Measure", func(k []*Edge) (any, bool) {
			second := k[2].Val.(measureV)
			var rows []string
			for _, n := range second.nouns {
				if x := semantic.NounByID(n); x != nil && x.Fact != nil {
					rows = append(rows, n)
				}
			}
			if len(rows) == 0 {
				// "quantidade e faturamento", "quantity and revenue": the rows the measure
				// reads, named by its own words (only when it reads them all)
				if len(second.m.Where) > 0 {
					return nil, false
				}
				return aggOfFact(arg(k[0]), second.m)
			}
			first, ok := compose(arg(k[0]), rows, "", false)
			if !ok || first.(measureV).m == second.m {
				return nil, false
			}
			return []*semantic.Measure{first.(measureV).m, second.m}, true
		}),
		// "quantidade de vendas e valor", "how many sales and how much", "number of
		// reversals and points": the second measure is of the first's rows
		rule("Measures", 0, "Measure "+tAnd+" "+tAgg+"? "+tNoun, func(k []*Edge) (any, bool) {
			if n := semantic.NounByID(arg(k[3])); n == nil || n.Fact != nil {
				return nil, false // "vendas e clientes": two measures of their own (Item)
			} else if n.Quantity == "" && k[2] == nil {
				// "quantos clientes compraram mais de uma vez": "vezes" counts, and only an
				// aggregate of its own makes it a second measure ("e quantas vezes")
				return nil, false
			}
			return companionOf(k[0].Val.(measureV).m, arg(k[2]), arg(k[3]))
		}),
		rule("Measures", 0, "Measure "+tAnd+" "+tAgg, func(k []*Edge) (any, bool) {
			return companionOf(k[0].Val.(measureV).m, arg(k[2]), "")
		}),
		// "qtd e valor total", "count and total points": aggregates of the rows the
		// question names elsewhere (assembly)
		rule("Aggs", 0, tAgg+" "+tAnd+" "+tAgg+" "+tNoun+"?", func(k []*Edge) (any, bool) {
			n := semantic.NounByID(arg(k[3]))
			if n != nil && n.Fact != nil {
				return nil, false
			}
			a, b := arg(k[0]), arg(k[2])
			if n != nil && b == "count" {
				b = n.Agg // "how many, and how many points": the points are summed
			}
			if a == b {
				return nil, false
			}
			return aggsV{{arg(k[0]), ""}, {arg(k[2]), arg(k[3])}}, true
		}),
		// "count, sum and average of sales": a longer list of aggregates
		rule("Aggs", 0, tAgg+" "+tAnd+" Aggs", func(k []*Edge) (any, bool) {
			rest := k[2].Val.(aggsV)
			for _, x := range rest {
				if x.agg == arg(k[0]) && x.noun == "" {
					return nil, false
				}
			}
			return append(aggsV{{arg(k[0]), ""}}, rest...), true
		}),
		rule("Aggs", 0, tAgg+" "+tAnd+" "+tNoun, func(k []*Edge) (any, bool) {
			if n := semantic.NounByID(arg(k[2])); n == nil || n.Fact != nil {
				return nil, false
			}
			return aggsV{{arg(k[0]), ""}, {"", arg(k[2])}}, true
		}),
		// a list of what to count: "novos clientes e vendas", "revenue and redemptions"
		rule("Item", 0, "Measure", func(k []*Edge) (any, bool) { return k[0].Val, true }),
		rule("Item", 0.1, tNew+"? "+tNoun, func(k []*Edge) (any, bool) {
			n := semantic.NounByID(arg(k[1]))
			if n == nil || n.Fact == nil || n.Fact.Count == "" || (k[0] != nil && n.Fact != semantic.Customers) {
				return nil, false
			}
			return measureV{m: semantic.MeasureByID(n.Fact.Count)}, true
		}),
		rule("Measures", 0, "Item "+tAnd+" Item", func(k []*Edge) (any, bool) {
			a, b := k[0].Val.(measureV).m, k[2].Val.(measureV).m
			if a == b {
				return nil, false
			}
			return []*semantic.Measure{a, b}, true
		}),
		rule("Measure", 0, tMeasure+" "+tPerCust, func(k []*Edge) (any, bool) { return perCustomer(byID(arg(k[0]))) }),
		rule("Measures", 0, "Measure", func(k []*Edge) (any, bool) { return []*semantic.Measure{k[0].Val.(measureV).m}, true }),
		rule("Measures", 0, "Measure "+tAnd+" Measures", func(k []*Edge) (any, bool) {
			return append([]*semantic.Measure{k[0].Val.(measureV).m}, k[2].Val.([]*semantic.Measure)...), true
		}),
		rule("Measures", 0, "Measure "+tVs+" Measures", func(k []*Edge) (any, bool) {
			return append([]*semantic.Measure{k[0].Val.(measureV).m}, k[2].Val.([]*semantic.Measure)...), true
		}),
		// "pontos creditados vs resgatados", "pontos creditados, debitados e estornados",
		// "quantos pontos foram creditados, quantos debitados e quantos estornados": each
		// measure after the first shares its noun, the aggregate said again or not
		rule("Elided", 0, tAgg+"? "+tEvent, func(k []*Edge) (any, bool) { return elidedV{{arg(k[0]), arg(k[1])}}, true }),
		rule("Elided", 0, tAgg+"? "+tEvent+" "+tAnd+" Elided", func(k []*Edge) (any, bool) {
			return append(elidedV{{arg(k[0]), arg(k[1])}}, k[3].Val.(elidedV)...), true
		}),
		rule("Elided", 0, tAgg+"? "+tEvent+" "+tVs+" Elided", func(k []*Edge) (any, bool) {
			return append(elidedV{{arg(k[0]), arg(k[1])}}, k[3].Val.(elidedV)...), true
		}),
		rule("Measures", 0, "Measure "+tAnd+" Elided", func(k []*Edge) (any, bool) { return elided(k[0].Val.(measureV), k[2].Val.(elidedV)) }),
		rule("Measures", 0, "Measure "+tVs+" Elided", func(k []*Edge) (any, bool) { return elided(k[0].Val.(measureV), k[2].Val.(elidedV)) }),

		// ---- subjects: rows named without a measure, with what their customers did
		rule("Subject", 0.2, tNoun, func(k []*Edge) (any, bool) { return subject(k[0], "", false, false) }),
		// "the two shops, Copacabana and Savassi", "as duas lojas (Centro e Batel)": a number
		// that counts the values the question names of the noun's kind says them again
		rule("Subject", 0.2, "Num "+tNoun, func(k []*Edge) (any, bool) {
			n, dim := atoiOr(arg(k[0]), 0), x.dimAt[k[1].From]
			if n < 2 || dim == "" || x.named[dim] != n {
				return nil, false
			}
			return subject(k[1], "", false, false)
		}),
		// "quem se cadastrou ontem", "who never bought": customers, asked for by name
		rule("Subject", 0, tPerson+" "+tNeg+"? "+tNever+"? "+tEvent+"?", func(k []*Edge) (any, bool) {
			v, ok := subjectOf("customers", arg(k[3]), k[1] != nil || k[2] != nil)
			if !ok {
				return nil, false
			}
			s := v.(subjectV)
			s.person, s.singular = true, true
			return s, true
		}),
		// "novos cadastros (na loja X)": a sign-up names customers
		rule("Subject", 0, tNew+" "+tNoun, func(k []*Edge) (any, bool) {
			if arg(k[1]) != "customers" {
				return nil, false
			}
			return subjectOf("customers", "signup", false)
		}),
		rule("Subject", 0.1, tNew+"? "+tEvent+" "+tIn+"? Member?", func(k []*Edge) (any, bool) {
			k = k[1:]
			if arg(k[0]) != "signup" {
				return nil, false
			}
			v, _ := subjectOf("customers", "signup", false)
			s := v.(subjectV)
			if k[2] != nil {
				m := k[2].Val.(memberV)
				if m.kind != "store" || len(m.values) != 1 {
					return nil, false
				}
				s.signupStore = m.values[0]
			}
			return s, true
		}),
		rule("Subject", 0, tNoun+" "+tWho+"? "+tEvent+" "+tAgain+"?", func(k []*Edge) (any, bool) {
			return subject(k[0], arg(k[2]), false, k[3] != nil)
		}),
		rule("Subject", 0, tNoun+" "+tWho+"? "+tNeg+" "+tEvent+" "+tAgain+"?", func(k []*Edge) (any, bool) {
			return subject(k[0], arg(k[3]), true, k[4] != nil)
		}),
		rule("Subject", 0, tNoun+" "+tWho+"? "+tNever+" "+tEvent, func(k []*Edge) (any, bool) { return subject(k[0], arg(k[3]), true, false) }),
		// "clientes cadastrados na loja X": the place belongs to the event
		rule("Subject", -0.1, tNoun+" "+tWho+"? "+tEvent+" "+tIn+"? Member", func(k []*Edge) (any, bool) {
			m := k[4].Val.(memberV)
			if arg(k[2]) != "signup" || m.kind != "store" {
				return nil, false
			}
			v, ok := subject(k[0], "", false, false)
			if !ok {
				return nil, false
			}
			s := v.(subjectV)
			s.signupStore = m.values[0]
			return s, true
		}),
		// "clientes que compraram na Savassi", "who bought at stores in Campinas": the place
		// belongs to the activity (its rows), never to the customers' own store
		rule("Subject", -0.1, tNoun+" "+tWho+"? "+tEvent+" "+tIn+"? Member", func(k []*Edge) (any, bool) {
			v, ok := subject(k[0], arg(k[2]), false, false)
			if !ok {
				return nil, false
			}
			return activityAt(v.(subjectV), k[4].Val.(memberV))
		}),
		rule("Subject", -0.1, tPerson+" "+tEvent+" "+tIn+"? Member", func(k []*Edge) (any, bool) {
			v, ok := subjectOf("customers", arg(k[1]), false)
			if !ok {
				return nil, false
			}
			s := v.(subjectV)
			s.person, s.singular = true, true
			return activityAt(s, k[3].Val.(memberV))
		}),
		// "clientes sem compras", "customers with no purchases", "nunca fizeram nenhuma
		// compra": a noun of what customers do stands for the doing
		rule("Subject", 0, tNoun+" "+tWho+"? "+tNever+"? "+tNeg+"? "+tNeg+"? "+tNoun, func(k []*Edge) (any, bool) {
			if k[2] == nil && k[3] == nil && k[4] == nil {
				return nil, false
			}
			k = append(k[:4], k[5])
			n := semantic.NounByID(arg(k[4]))
			if n == nil || n.Event == "" {
				return nil, false
			}
			return subject(k[0], n.Event, true, false)
		}),

		// ---- breakdowns: "por loja e mês", "each store", "mensal"
		rule("Dims", 0, tDim, func(k []*Edge) (any, bool) { return dims(arg(k[0])) }),
		rule("Dims", 0, tDim+" "+tAnd+" Dims", func(k []*Edge) (any, bool) {
			d, ok := dims(arg(k[0]))
			if !ok {
				return nil, false
			}
			return breakdownV{dims: slices.Concat(d.(breakdownV).dims, k[2].Val.(breakdownV).dims)}, true
		}),
		rule("Breakdown", 0, tBy+" Dims", func(k []*Edge) (any, bool) {
			// "por clientes inativos", "earned by customers": customers in the plural after
			// "por"/"by" are who did it, not a breakdown ("por cliente", "by customer")
			if d := k[1].Kids[0]; d.Match != nil && d.Match.Arg == "customer" && !singular(d) {
				return nil, false
			}
			if arg(k[0]) == "split" {
				b := k[1].Val.(breakdownV)
				b.split = true
				return b, true
			}
			return k[1].Val, true
		}),
		rule("Subject", 0, tFrom+" "+tNoun, func(k []*Edge) (any, bool) {
			if arg(k[1]) != "customers" || singular(k[1]) {
				return nil, false
			}
			return subject(k[1], "", false, false)
		}),
		// "owned by the Batel store", "purchases by Thiago Barros", "generated by the Rio de
		// Janeiro store": by whom, one store or the stores of one place
		rule("Filter", 0, tBy+" Members", func(k []*Edge) (any, bool) {
			m := k[1].Val.(memberV)
			if m.kind != "store" && m.kind != "city" && m.kind != "state" || len(m.values) != 1 {
				return nil, false
			}
			if m.kind != "store" && storeWordFirst(firstTerminal(k[1])) {
				// "por loja no Rio de Janeiro", "by store in Rio": a breakdown, then the place
				return nil, false
			}
			return memberFilter(x, m, false)
		}),
		rule("Filter", 0.5, tBy+" Name", func(k []*Edge) (any, bool) {
			n := k[1].Val.(string)
			if !strings.Contains(n, " ") {
				return nil, false
			}
			return nameFilter(n, false), true
		}),
		rule("Subject", 0, tBy+" "+tNoun, func(k []*Edge) (any, bool) {
			if arg(k[1]) != "customers" || singular(k[1]) {
				return nil, false
			}
			return subject(k[1], "", false, false)
		}),
		rule("Breakdown", 0, tDimAdj, func(k []*Edge) (any, bool) { return dims(arg(k[0])) }),
		// "como o pessoal pagou", "how did people pay", "how customers paid": the way
		// they paid is the payment type, asked as a breakdown
		rule("Breakdown", 0, string(semantic.CatManner)+" "+tNoun+"? "+string(semantic.CatPaid), func(k []*Edge) (any, bool) {
			if k[1] != nil && arg(k[1]) != "customers" {
				return nil, false
			}
			b, ok := dims("payment_type")
			if !ok {
				return nil, false
			}
			bv := b.(breakdownV)
			bv.rows = semantic.Sales
			return bv, true
		}),
		// "rounded to 2 decimals", "com duas casas decimais", "one decimal place": the
		// precision asked of the measures (assemble sets it on the request, the compiler
		// rounds each measure column to it)
		rule("Clause", 0, tRound+"? Num "+tDecimals, func(k []*Edge) (any, bool) {
			return precisionClause(arg(k[1]))
		}),
		// "sem centavos", "rounded to the nearest real", "in whole numbers": no decimals
		rule("Clause", 0, tRound+"? "+tWhole, func(k []*Edge) (any, bool) {
			return precisionClause(arg(k[1]))
		}),
		// "month-wise revenue", "store-wise sales": the dimension, then "wise"
		rule("Breakdown", 0, tDim+" "+tWise, func(k []*Edge) (any, bool) { return dims(arg(k[0])) }),
		// "por loja onde se cadastraram", "by store they signed up at": the store of the
		// sign-up, not the customer's owner store
		rule("Breakdown", -0.1, tBy+" "+tDim+" "+tWho+"? "+tEvent+" "+tIn+"?", func(k []*Edge) (any, bool) {
			if arg(k[1]) != "store" || arg(k[3]) != "signup" {
				return nil, false
			}
			return dims("signup_store")
		}),
		// "evolução (mensal) do faturamento": over time, by month unless said otherwise
		rule("Breakdown", 0, tTrend+" "+tFrom+"? Breakdown?", func(k []*Edge) (any, bool) {
			if k[2] != nil {
				return k[2].Val, true
			}
			return dims("month")
		}),
		rule("Breakdown", 0, "Breakdown "+tTrend, func(k []*Edge) (any, bool) { return k[0].Val, true }),
		// "por faixa etária: 18-24, 25-34 e 55+", "saldo em faixas 0, 1-500, 501-1000, acima de 1000"
		rule("Band", 0, tRange, func(k []*Edge) (any, bool) {
			lo, hi, _ := strings.Cut(arg(k[0]), "-")
			return []semantic.AgeBand{{Lo: atoiOr(lo, 0), Hi: atoiOr(hi, 0)}}, true
		}),
		rule("Band", 0, "Num", func(k []*Edge) (any, bool) {
			n := atoiOr(arg(k[0]), -1)
			return []semantic.AgeBand{{Lo: n, Hi: n}}, n >= 0
		}),
		// one band: "under 25", "até 25", "acima de 60", "25 to 39", "de 0 a 99", "5 or
		// more", "1000 ou mais", "60 and over", "R$ 50 a R$ 100"; the list of bands is
		// checked where it becomes a breakdown (bands must meet: semantic)
		rule("Band", 0, tCmp+" Num", func(k []*Edge) (any, bool) {
			b, ok := openBand(arg(k[0]), arg(k[1]))
			if ok && k[0].Match != nil && k[0].Match.Text == ">" {
				b.([]semantic.AgeBand)[0].Sign = true // ">1000", labelled as said
			}
			return b, ok
		}),
		rule("Band", 0, "Num "+tCmp, func(k []*Edge) (any, bool) {
			if c := arg(k[1]); c != ">=" && c != "<=" {
				return nil, false // "25 more than"
			}
			return openBand(arg(k[1]), arg(k[0]))
		}),
		rule("Band", 0, tFrom+"? Num "+tTo+" Num", func(k []*Edge) (any, bool) {
			lo, hi := atoiOr(arg(k[1]), -1), atoiOr(arg(k[3]), -1)
			return []semantic.AgeBand{{Lo: lo, Hi: hi}}, lo >= 0 && hi > lo
		}),
		// with its unit: "18 a 24 anos", "até 100 pontos", "35 anos ou mais", "2 a 3
		// compras": the unit says what the bands are of, and is never dropped
		rule("UBand", 0, "Band "+tQuantity, func(k []*Edge) (any, bool) {
			return unitBand{k[0].Val.([]semantic.AgeBand), arg(k[1])}, arg(k[1]) != "money"
		}),
		// "under twenty reais", "20 a 50 reais": a band of amounts said in words
		rule("MBand", 0, "Band "+tQuantity, func(k []*Edge) (any, bool) { return k[0].Val, arg(k[1]) == "money" }),
		rule("UBand", 0, "Num "+tQuantity+" "+tCmp, func(k []*Edge) (any, bool) {
			if c := arg(k[2]); c != ">=" && c != "<=" || arg(k[1]) == "money" {
				return nil, false
			}
			b, ok := openBand(arg(k[2]), arg(k[0]))
			if !ok {
				return nil, false
			}
			return unitBand{b.([]semantic.AgeBand), arg(k[1])}, true
		}),
		rule("Band", 0, tFrom+" "+tRange, func(k []*Edge) (any, bool) {
			lo, hi, _ := strings.Cut(arg(k[1]), "-")
			return []semantic.AgeBand{{Lo: atoiOr(lo, 0), Hi: atoiOr(hi, 0)}}, true
		}),
		// "under R$30", "acima de R$ 100", "até R$ 50", "R$ 200 ou mais": a band of amounts
		rule("MBand", 0, tCmp+" "+tMoney, func(k []*Edge) (any, bool) { return openBand(arg(k[0]), strings.Split(arg(k[1]), ".")[0]) }),
		rule("MBand", 0, tMoney+" "+tCmp, func(k []*Edge) (any, bool) {
			if c := arg(k[1]); c != ">=" && c != "<=" {
				return nil, false
			}
			return openBand(arg(k[1]), strings.Split(arg(k[0]), ".")[0])
		}),
		rule("MBand", 0, tFrom+"? "+tMoney+" "+tTo+" "+tMoney, func(k []*Edge) (any, bool) {
			lo, hi := atoiOr(strings.Split(arg(k[1]), ".")[0], -1), atoiOr(strings.Split(arg(k[3]), ".")[0], -1)
			return []semantic.AgeBand{{Lo: lo, Hi: hi}}, lo >= 0 && hi > lo
		}),
		// a list of bands remembers whether a band was said in money (then they band values)
		rule("Bands", 0, "Band", func(k []*Edge) (any, bool) { return bandsV{bands: k[0].Val.([]semantic.AgeBand)}, true }),
		rule("Bands", 0, "MBand", func(k []*Edge) (any, bool) { return bandsV{bands: k[0].Val.([]semantic.AgeBand), money: true}, true }),
		rule("Bands", 0, "Band "+tAnd+"? Bands", func(k []*Edge) (any, bool) { return k[2].Val.(bandsV).after(k[0].Val, false), true }),
		rule("Bands", 0, "MBand "+tAnd+"? Bands", func(k []*Edge) (any, bool) { return k[2].Val.(bandsV).after(k[0].Val, true), true }),
		rule("Bands", 0, "UBand", func(k []*Edge) (any, bool) { return bandsV{}.afterUnit(k[0].Val.(unitBand)) }),
		rule("Bands", 0, "UBand "+tAnd+"? Bands", func(k []*Edge) (any, bool) { return k[2].Val.(bandsV).afterUnit(k[0].Val.(unitBand)) }),
		// the band word may name the quantity ("faixa etária", "age groups": arg "age")
		// "por faixa, até 24, 25 a 34 e 35+": a comma may stand before the list
		rule("Breakdown", 0, tBy+"? "+tBands+" "+tNoun+"? "+tAnd+"? "+tFrom+"? Bands", func(k []*Edge) (any, bool) {
			if k[3] != nil && arg(k[3]) != "" && k[3].Match.Text != "," {
				return nil, false // "faixa etária e ...": a list of something else
			}
			noun := arg(k[2])
			if noun == "" {
				noun = arg(k[1])
			}
			return bandDim(noun, k[5].Val.(bandsV))
		}),
		rule("Breakdown", 0, tBy+"? "+tNoun+" "+tIn+"? "+tBands+" Bands", func(k []*Edge) (any, bool) {
			return bandDim(arg(k[1]), k[4].Val.(bandsV))
		}),
		// "by age: under 25, 25 to 39, 40 to 59 and 60 and over", "por saldo: 0, 1-500 e
		// acima de 500": the list says they are bands
		rule("Breakdown", 0.1, tBy+" "+tNoun+" Bands", func(k []*Edge) (any, bool) {
			if arg(k[1]) == "customers" {
				return nil, false // "por cliente: ..." names no quantity to band
			}
			return bandDim(arg(k[1]), k[2].Val.(bandsV))
		}),

		// ---- members and filters
		rule("Member", 0, tStore, func(k []*Edge) (any, bool) { return memberV{kind: "store", values: []string{arg(k[0])}}, true }),
		// "a loja Savassi", "the Savassi store", "the Campinas shop", "as lojas de Minas": a
		// place said with the noun of stores is the same place
		rule("Member", 0, tNoun+" "+tFrom+"? Member", func(k []*Edge) (any, bool) { return placeOfStores(arg(k[0]), k[2].Val.(memberV)) }),
		rule("Member", 0, "Member "+tNoun, func(k []*Edge) (any, bool) { return placeOfStores(arg(k[1]), k[0].Val.(memberV)) }),
		// "cadastrados na loja X", "signed up at the X store": where the event happened
		rule("Filter", 0, tEvent+" "+tIn+"? Member", func(k []*Edge) (any, bool) {
			m := k[2].Val.(memberV)
			if arg(k[0]) != "signup" || m.kind != "store" {
				return nil, false
			}
			return filterV{id: "signup_store:" + m.values[0], event: true, resolve: fixed(semantic.SignupStoreCode(m.values[0]))}, true
		}),
		rule("Member", 0, tCity, func(k []*Edge) (any, bool) { return memberV{kind: "city", values: []string{arg(k[0])}}, true }),
		rule("Member", 0, tState, func(k []*Edge) (any, bool) { return memberV{kind: "state", values: []string{arg(k[0])}}, true }),
		rule("Member", 0, tProduct, func(k []*Edge) (any, bool) { return memberV{kind: "product", values: []string{arg(k[0])}}, true }),
		rule("Member", 0, string(semantic.CatPaid)+" "+tIn+"? "+tValue, func(k []*Edge) (any, bool) {
			kind, code, _ := strings.Cut(arg(k[2]), ":")
			if kind != "payment" {
				return nil, false
			}
			return valueMember(kind, code), true
		}),
		// "lump credit and debit together as card", "junta crédito e débito como cartão":
		// values taken as one group, said by the writer; it restates a group of the model
		// with exactly those values (any other grouping is not read)
		rule("Clause", 0, string(semantic.CatLump)+"? Members "+string(semantic.CatLump)+" Member", func(k []*Edge) (any, bool) {
			if (k[0] != nil && arg(k[0]) != "verb") || arg(k[2]) != "as" {
				return nil, false
			}
			parts, group := k[1].Val.(memberV), k[3].Val.(memberV)
			if len(group.values) != 1 || !groupValue(group.kind, group.values[0]) || parts.or && len(parts.values) > 1 {
				return nil, false
			}
			var codes []string
			for _, v := range parts.values {
				if parts.kind != group.kind {
					return nil, false
				}
				c, _, _ := valueCodes(x, parts.kind, v)
				codes = append(codes, c...)
			}
			g, _, _ := valueCodes(x, group.kind, group.values[0])
			if !sameSet(codes, g) {
				return nil, false
			}
			return clauseV{"grouped", marker(group.kind + ":" + group.values[0])}, true
		}),
		// "paid by card", "paid by cash", "received by PIX and by cash": "by" before a way
		// of paying is the means, never a breakdown (no breakdown is by one value)
		rule("Member", 0, string(semantic.CatPaid)+"? "+tBy+" "+tValue, func(k []*Edge) (any, bool) {
			kind, code, _ := strings.Cut(arg(k[2]), ":")
			if kind != "payment" {
				return nil, false
			}
			return valueMember(kind, code), true
		}),
		rule("Member", 0, tValue, func(k []*Edge) (any, bool) {
			kind, code, _ := strings.Cut(arg(k[0]), ":")
			return valueMember(kind, code), true
		}),
		rule("Member", 0, tDim+" "+tFrom+"? Member", func(k []*Edge) (any, bool) { return memberOfDim(arg(k[0]), k[2].Val.(memberV)) }),
		rule("Member", 0, "Member "+tDim, func(k []*Edge) (any, bool) { return memberOfDim(arg(k[1]), k[0].Val.(memberV)) }),
		rule("Members", 0, "Member", func(k []*Edge) (any, bool) { return k[0].Val, true }),
		rule("Members", 0, "Member "+tOr+" Members", func(k []*Edge) (any, bool) { return joinMembers(k[0].Val, k[2].Val, true) }),
		rule("Members", 0, "Member "+tAnd+" Members", func(k []*Edge) (any, bool) { return joinMembers(k[0].Val, k[2].Val, false) }),
		rule("Members", 0, "Member "+tVs+" Members", func(k []*Edge) (any, bool) {
			v, ok := joinMembers(k[0].Val, k[2].Val, false)
			if ok {
				m := v.(memberV)
				m.vs = true
				return m, true
			}
			return nil, false
		}),
		// "(a diferença) entre o Centro e o Ibirapuera", "between Centro and Savassi"
		rule("Members", 0, tBetween+" "+tIn+"? Member "+tAnd+" "+tIn+"? Member", func(k []*Edge) (any, bool) {
			return joinMembers(k[2].Val, k[5].Val, false)
		}),
		// "tanto na Centro quanto na Ibirapuera", "both at Centro and at Batel": at each
		rule("Members", -0.1, tBoth+" "+tIn+"? Member "+tAnd+" "+tIn+"? Member", func(k []*Edge) (any, bool) {
			v, ok := joinMembers(k[2].Val, k[5].Val, false)
			if !ok {
				return nil, false
			}
			m := v.(memberV)
			m.both = true
			return m, true
		}),
		// "na Centro e também na Ibirapuera", "at Centro and also at Batel": at each
		rule("Members", -0.1, "Member "+tAnd+" "+tBoth+" "+tIn+"? Member", func(k []*Edge) (any, bool) {
			v, ok := joinMembers(k[0].Val, k[4].Val, false)
			if !ok {
				return nil, false
			}
			m := v.(memberV)
			m.both = true
			return m, true
		}),
		// "usam o app": the customers who use it
		rule("Filter", 0, tUse+" Member", func(k []*Edge) (any, bool) {
			m := k[1].Val.(memberV)
			for _, vw := range semantic.ValueWords {
				if vw.Kind == m.kind && vw.Code == m.values[0] && vw.UsedBy != "" {
					return flagFilter(vw.UsedBy, false)
				}
			}
			return nil, false
		}),
		rule("Filter", 0, "Members", func(k []*Edge) (any, bool) { return memberFilter(x, k[0].Val.(memberV), false) }),
		rule("Filter", 0, tNeg+" Members", func(k []*Edge) (any, bool) { return membersLeftOut(x, k[0], k[1]) }),
		// a word that leaves rows out, before or after the values: "skip Savassi", "tira
		// a Savassi", "desconsidera pix e dinheiro", "Savassi fica de fora", "Batel
		// excluded"; a restriction word that does not leave rows out is not read here
		rule("Filter", 0.1, tRestrict+" Members", func(k []*Edge) (any, bool) {
			if arg(k[0]) != "exclude" {
				return nil, false
			}
			return membersLeftOut(x, k[0], k[1])
		}),
		rule("Filter", 0.1, "Members "+tRestrict, func(k []*Edge) (any, bool) {
			if arg(k[1]) != "exclude" {
				return nil, false
			}
			return membersLeftOut(x, k[1], k[0])
		}),
		// "nem pix nem dinheiro", "pix nem dinheiro", "neither pix nor cash": none of the
		// values. Opened by "nem", "neither" it is a negation of its own; "A nem B", "A
		// nor B" must follow one ("não ... A nem B")
		rule("NoneOf", 0, tNor+"? Member "+tNor+" Member", func(k []*Edge) (any, bool) {
			m, ok := joinMembers(k[1].Val, k[3].Val, true)
			if !ok {
				return nil, false
			}
			return noneOfV{m: m.(memberV), self: k[0] != nil}, true
		}),
		rule("Filter", 0, tNeg+"? NoneOf", func(k []*Edge) (any, bool) {
			v := k[1].Val.(noneOfV)
			if k[0] == nil && !v.self || v.m.kind == "channel" {
				return nil, false
			}
			return memberFilter(x, v.m, true)
		}),
		// "não aceitam nem whatsapp nem sms", "accept neither email nor sms", "don't accept
		// whatsapp or sms": opted out of each channel named
		rule("Filter", 0, tNeg+"? "+tOptIn+" "+tIn+"? NoneOf", func(k []*Edge) (any, bool) {
			v := k[3].Val.(noneOfV)
			if k[0] == nil && !v.self || v.m.kind != "channel" {
				return nil, false
			}
			return optedOutOfEach(v.m)
		}),
		rule("Filter", 0, tNeg+" "+tOptIn+" "+tIn+"? Members", func(k []*Edge) (any, bool) {
			if m := k[3].Val.(memberV); m.kind == "channel" && m.or {
				return optedOutOfEach(m)
			}
			return nil, false
		}),
		// "todas as lojas menos a Centro", "a rede toda menos Centro e Batel": "less" said
		// after the whole chain leaves places out of it. Anywhere else it ranks ("qual loja
		// vendeu menos no Rio": the least of the Rio stores)
		rule("Filter", 0, tScope+" "+tLeast+" Members", func(k []*Edge) (any, bool) {
			m := k[2].Val.(memberV)
			if arg(k[0]) != "scope" || m.or || m.kind != "store" && m.kind != "city" && m.kind != "state" {
				return nil, false
			}
			return memberFilter(x, m, true)
		}),
		rule("Filter", 0, tFlag, func(k []*Edge) (any, bool) {
			if periodicActive(x, k[0]) {
				return nil, false // "monthly active customers": the month's buyers, never the flag
			}
			return flagFilter(arg(k[0]), false)
		}),
		// "sms opt-in", "e-mail liberado": the channel before its word
		rule("Filter", 0, "Members "+tOptIn, func(k []*Edge) (any, bool) {
			m := k[0].Val.(memberV)
			if m.kind != "channel" {
				return nil, false
			}
			return optinFilter(x, m, false)
		}),
		// "aceitam todos os canais", "não aceitam nenhum canal"
		rule("Filter", 0, tNeg+"? "+tOptIn+" "+tIn+"? "+tFlag, func(k []*Edge) (any, bool) {
			f := arg(k[3])
			if !strings.HasPrefix(f, "optin_") {
				return nil, false
			}
			return flagFilter(f, k[0] != nil && f != "optin_none")
		}),
		// "aceitam email", "opted in to SMS", "não aceitam whatsapp"
		rule("Filter", 0, tNeg+"? "+tOptIn+" "+tIn+"? Members", func(k []*Edge) (any, bool) {
			m := k[3].Val.(memberV)
			if m.kind != "channel" {
				return nil, false
			}
			return optinFilter(x, m, k[0] != nil)
		}),
		// "nunca aceitaram sms", "never opted in to email": an opt-in is a state the
		// customer is in, so never having given it is not having it
		rule("Filter", 0, tNever+" "+tOptIn+" "+tMessages+"? "+tIn+"? Members", func(k []*Edge) (any, bool) {
			m := k[4].Val.(memberV)
			if m.kind != "channel" {
				return nil, false
			}
			return optinFilter(x, m, true)
		}),
		// "aceitam receber mensagens por WhatsApp", "opted in to receive messages by SMS":
		// what the channel carries, then the channel
		rule("Filter", 0, tNeg+"? "+tOptIn+" "+tMessages+" "+tIn+"? Members", func(k []*Edge) (any, bool) {
			m := k[4].Val.(memberV)
			if m.kind != "channel" {
				return nil, false
			}
			return optinFilter(x, m, k[0] != nil)
		}),
		rule("Filter", 0, tNeg+"? "+tOptIn+" "+tMessages+" "+tBy+" Members", func(k []*Edge) (any, bool) {
			m := k[4].Val.(memberV)
			if m.kind != "channel" {
				return nil, false
			}
			return optinFilter(x, m, k[0] != nil)
		}),
		rule("Filter", 0, tNeg+" "+tFlag, func(k []*Edge) (any, bool) { return flagFilter(arg(k[1]), true) }),
		// "expired without being collected", "venceram sem ser retirados": an event the
		// flag's rows never had, denied after it, restates the flag
		rule("Filter", 0, tFlag+" "+tNeg+" "+tEvent, func(k []*Edge) (any, bool) {
			if fl := semantic.FlagByID(arg(k[0])); fl == nil || !slices.Contains(fl.Never, arg(k[2])) || k[1].Match.Arg != "" {
				return nil, false
			}
			return flagFilter(arg(k[0]), false)
		}),
		// "desconsiderando as vendas canceladas", "excluindo os lançamentos de débito
		// cancelados": a negated flag said of the rows it names (only of those rows)
		rule("Filter", 0.1, tNeg+" "+tNoun+" "+tFlag, func(k []*Edge) (any, bool) { return negatedRows(arg(k[1]), "", arg(k[2])) }),
		rule("Filter", 0.1, tNeg+" "+tNoun+" "+tFrom+" "+tNoun+" "+tFlag, func(k []*Edge) (any, bool) {
			return negatedRows(arg(k[1]), arg(k[3]), arg(k[4]))
		}),
		rule("Filter", 0.1, tNeg+" "+tNoun+" "+tFrom+" "+tEvent+" "+tFlag, func(k []*Edge) (any, bool) {
			return negatedRows(arg(k[1]), arg(k[3]), arg(k[4]))
		}),
		// the same said after the rows: "cancelled sales excluded", "vendas canceladas não
		// incluídas", "(cancelled ones to be excluded)": only a word that leaves rows out
		rule("Filter", 0.1, tFlag+" "+tNoun+"? "+tRestrict, func(k []*Edge) (any, bool) {
			if arg(k[2]) != "exclude" {
				return nil, false
			}
			if k[1] == nil {
				return flagFilter(arg(k[0]), true)
			}
			return negatedRows(arg(k[1]), "", arg(k[0]))
		}),
		rule("Filter", 0.1, tNoun+" "+tFlag+" "+tRestrict, func(k []*Edge) (any, bool) {
			if arg(k[2]) != "exclude" {
				return nil, false
			}
			return negatedRows(arg(k[0]), "", arg(k[1]))
		}),
		// "pendentes ou aplicados", "cancelled or expired": redemptions in either status;
		// any other two flags joined by "or" are not read
		rule("Filter", 0, tFlag+" "+tOr+" "+tFlag, func(k []*Edge) (any, bool) { return statusEither(arg(k[0]), arg(k[2])) }),
		// "not cancelled or expired", "sem os cancelados e expirados", "exceto cancelados
		// nem expirados", "cancelled and expired ones excluded": the statuses left out; the
		// ones the counting rule leaves out already say it again (semantic.StatusesExcluded),
		// any other set is not read (refused, never dropped)
		rule("Filter", 0.1, tNeg+" "+tNoun+"? "+tFlag+" "+tOr+" "+tFlag, negatedPair),
		rule("Filter", 0.1, tNeg+" "+tNoun+"? "+tFlag+" "+tAnd+" "+tFlag, negatedPair),
		rule("Filter", 0.1, tNeg+" "+tNoun+"? "+tFlag+" "+tNor+" "+tFlag, negatedPair),
		rule("Filter", 0.1, tRestrict+" "+tNoun+"? "+tFlag+" "+tOr+" "+tFlag, excludedPair),
		rule("Filter", 0.1, tRestrict+" "+tNoun+"? "+tFlag+" "+tAnd+" "+tFlag, excludedPair),
		rule("Filter", 0.1, tNoun+"? "+tFlag+" "+tAnd+" "+tFlag+" "+tNoun+"? "+tRestrict, pairExcluded),
		rule("Filter", 0.1, tNoun+"? "+tFlag+" "+tOr+" "+tFlag+" "+tNoun+"? "+tRestrict, pairExcluded),

		// numeric comparisons and ranges on a quantity: "mais de 1000 pontos", "over 30",
		// "entre 18 e 24 anos", "18-24 anos", "acima de R$ 100"
		rule("Num", 0, tNumber, func(k []*Edge) (any, bool) { return arg(k[0]), true }),
		rule("Num", 0, tNumWord, func(k []*Edge) (any, bool) { return arg(k[0]), true }),
		rule("Num", 0, tYear, func(k []*Edge) (any, bool) { return arg(k[0]), true }),
		// a number said again in words, as letters write it ("há mais de 90 (noventa) dias",
		// "ten (10) stores"): one number when the two agree; no reading when they do not
		rule("Num", 0, tNumber+" "+tNumWord, func(k []*Edge) (any, bool) { return arg(k[0]), arg(k[0]) == arg(k[1]) }),
		rule("Num", 0, tNumWord+" "+tNumber, func(k []*Edge) (any, bool) { return arg(k[1]), arg(k[0]) == arg(k[1]) }),
		rule("Filter", 0, tCmp+" Num "+tQuantity+"?", func(k []*Edge) (any, bool) {
			if k[2] == nil && arg(k[0]) == "=" && numberWord(k[1]) {
				return nil, false // "just the one", "só uma": no value is said equal to a bare number word
			}
			return threshold(arg(k[2]), arg(k[0]), arg(k[1]))
		}),
		rule("Filter", 0, tCmp+" "+tMoney, func(k []*Edge) (any, bool) { return threshold("money", arg(k[0]), arg(k[1])) }),
		// "have 0 points", "têm zero pontos", "a balance of zero", "saldo zero": a number
		// said with no comparison is the value itself
		// (a count of rows, "têm 0 compras", has readings of its own: did not, how many)
		rule("Filter", 0.1, tHave+" Num "+tQuantity, func(k []*Edge) (any, bool) {
			if n := semantic.NounByID(arg(k[2])); n != nil && n.Fact != nil && n.Fact != semantic.Customers {
				return nil, false
			}
			return threshold(arg(k[2]), "=", arg(k[1]))
		}),
		rule("Filter", 0.1, tNoun+" "+tFrom+"? Num", func(k []*Edge) (any, bool) {
			n := semantic.NounByID(arg(k[0]))
			if n == nil || n.Quantity == "" || n.Fact != semantic.Customers {
				return nil, false
			}
			return threshold(n.Quantity, "=", arg(k[2]))
		}),
		// "saldo acima de 1000", "idade acima de 30": the noun says what the number counts
		rule("Filter", 0, tNoun+" "+tCmp+" Num "+tQuantity+"?", func(k []*Edge) (any, bool) {
			n := semantic.NounByID(arg(k[0]))
			if n == nil || n.Quantity == "" || (k[3] != nil && arg(k[3]) != n.Quantity && !(n.ID == "age" && arg(k[3]) == "years")) {
				return nil, false
			}
			return threshold(n.Quantity, arg(k[1]), arg(k[2]))
		}),
		// "more than 500 points of balance", "mais de 500 pontos de saldo": the noun after
		// the unit says what the number counts
		rule("Filter", 0, tCmp+" Num "+tQuantity+" "+tFrom+"? "+tNoun, func(k []*Edge) (any, bool) {
			n := semantic.NounByID(arg(k[4]))
			if n == nil || n.Quantity == "" || arg(k[2]) != n.Quantity {
				return nil, false
			}
			return threshold(n.Quantity, arg(k[0]), arg(k[1]))
		}),
		// "idade entre 18 e 29", "saldo de 100 a 500": the noun's quantity in a range
		rule("Filter", 0, tNoun+" "+tBetween+" Num "+tAnd+" Num "+tQuantity+"?", func(k []*Edge) (any, bool) {
			n := semantic.NounByID(arg(k[0]))
			if n == nil || n.Quantity == "" {
				return nil, false
			}
			return between(n.Quantity, arg(k[2]), arg(k[4]))
		}),
		rule("Filter", 0, tNoun+" "+tFrom+"? "+tRange+" "+tQuantity+"?", func(k []*Edge) (any, bool) {
			n := semantic.NounByID(arg(k[0]))
			if n == nil || n.Quantity == "" {
				return nil, false
			}
			lo, hi, _ := strings.Cut(arg(k[2]), "-")
			return between(n.Quantity, lo, hi)
		}),
		rule("Filter", 0, tNoun+" "+tCmp+" "+tMoney, func(k []*Edge) (any, bool) {
			if n := semantic.NounByID(arg(k[0])); n == nil || n.Quantity != "money" {
				return nil, false
			}
			return threshold("money", arg(k[1]), arg(k[2]))
		}),
		// "gastaram mais de R$ 300", "compraram mais de 5 vezes", "bought at multiple
		// stores": what a customer did, counted or summed per customer
		rule("Filter", -0.1, tEvent+" "+tIn+"? "+tCmp+" Num "+tQuantity, func(k []*Edge) (any, bool) {
			return perCustomerThreshold(arg(k[0]), arg(k[4]), arg(k[2]), arg(k[3]))
		}),
		rule("Filter", -0.1, tWho+"? "+tEvent+" "+tIn+"? "+tCmp+" "+tMoney, func(k []*Edge) (any, bool) {
			return perCustomerThreshold(arg(k[1]), "money", arg(k[3]), arg(k[4]))
		}),
		// "gastaram mais de 500", "spent over 500": a bare number after spending is money,
		// the customer's total (never the value of one of their purchases)
		rule("Filter", -0.1, tWho+"? "+tEvent+" "+tIn+"? "+tCmp+" Num", func(k []*Edge) (any, bool) {
			if arg(k[1]) != "spend" {
				return nil, false
			}
			return perCustomerThreshold(arg(k[1]), "money", arg(k[3]), arg(k[4]))
		}),
		// "(who) spent R$ 1.000 or more", "(que) gastaram R$ 500+", "bought 5 or more
		// times": the relative word is the filter's, so the customers stay the subject
		// (never the sales above R$ 1.000)
		rule("Filter", -0.1, tWho+"? "+tEvent+" "+tIn+"? Num "+tCmp+" "+tQuantity, func(k []*Edge) (any, bool) {
			if c := arg(k[4]); c != ">=" && c != "<=" {
				return nil, false
			}
			return perCustomerThreshold(arg(k[1]), arg(k[5]), arg(k[4]), arg(k[3]))
		}),
		// "compraram 2 vezes ou mais", "bought 3 times or more": the comparison after
		rule("Filter", -0.1, tWho+"? "+tEvent+" "+tIn+"? Num "+tQuantity+" "+tCmp, func(k []*Edge) (any, bool) {
			if c := arg(k[5]); c != ">=" && c != "<=" {
				return nil, false
			}
			return perCustomerThreshold(arg(k[1]), arg(k[4]), arg(k[5]), arg(k[3]))
		}),
		rule("Filter", -0.1, tWho+"? "+tEvent+" "+tIn+"? "+tMoney+" "+tCmp, func(k []*Edge) (any, bool) {
			if c := arg(k[4]); c != ">=" && c != "<=" {
				return nil, false
			}
			return perCustomerThreshold(arg(k[1]), "money", arg(k[4]), arg(k[3]))
		}),
		rule("Filter", 0, tEvent+" "+tIn+"? "+tMany+" "+tQuantity, func(k []*Edge) (any, bool) {
			return perCustomerThreshold(arg(k[0]), arg(k[3]), ">", "1")
		}),
		// "mais de um resgate cancelado", "2 or more cancelled purchases": the count of
		// the customer's rows the flag names
		rule("Filter", 0, tCmp+" Num "+tQuantity+" "+tFlag, func(k []*Edge) (any, bool) {
			v, ok := threshold(arg(k[2]), arg(k[0]), arg(k[1]))
			if !ok {
				return nil, false
			}
			return countedWith(v.(filterV), arg(k[3]))
		}),
		rule("Filter", 0, "Num "+tCmp+" "+tQuantity+" "+tFlag, func(k []*Edge) (any, bool) {
			if c := arg(k[1]); c != ">=" && c != "<=" {
				return nil, false
			}
			v, ok := threshold(arg(k[2]), arg(k[1]), arg(k[0]))
			if !ok {
				return nil, false
			}
			return countedWith(v.(filterV), arg(k[3]))
		}),
		rule("Filter", 0, "Num "+tCmp+" "+tFlag+" "+tQuantity, func(k []*Edge) (any, bool) {
			if c := arg(k[1]); c != ">=" && c != "<=" { // "two or more cancelled redemptions"
				return nil, false
			}
			v, ok := threshold(arg(k[3]), arg(k[1]), arg(k[0]))
			if !ok {
				return nil, false
			}
			return countedWith(v.(filterV), arg(k[2]))
		}),
		rule("Filter", 0, tCmp+" Num "+tFlag+" "+tQuantity, func(k []*Edge) (any, bool) {
			v, ok := threshold(arg(k[3]), arg(k[0]), arg(k[1]))
			if !ok {
				return nil, false
			}
			return countedWith(v.(filterV), arg(k[2]))
		}),
		// "clientes com resgate pendente", "customers with pending redemptions"
		rule("Filter", 0.3, tHave+"? "+tFlag+" "+tNoun, func(k []*Edge) (any, bool) { return hasRows(arg(k[2]), arg(k[1])) }),
		rule("Filter", 0.3, tHave+"? "+tNoun+" "+tFlag, func(k []*Edge) (any, bool) { return hasRows(arg(k[1]), arg(k[2])) }),
		// "com resgate pendente vencendo até amanhã", "with a pending redemption expiring
		// tomorrow": one row meets every flag
		rule("Filter", 0.3, tHave+"? "+tNoun+" "+tFlag+" "+tFlag, func(k []*Edge) (any, bool) { return hasRows(arg(k[1]), arg(k[2]), arg(k[3])) }),
		rule("Filter", 0.3, tHave+"? "+tFlag+" "+tNoun+" "+tFlag, func(k []*Edge) (any, bool) { return hasRows(arg(k[2]), arg(k[1]), arg(k[3])) }),
		// "cuja última compra foi em abril", "whose last purchase was more than 120 days ago"
		rule("Filter", 0, tAttr+" Period", func(k []*Edge) (any, bool) {
			if arg(k[0]) != "last_purchase" {
				return nil, false
			}
			p := k[1].Val.(periodV).p
			var f *semantic.Filter
			if p.Kind == semantic.LastN && p.To == "" {
				f = semantic.AtPeriod(semantic.Bought(false), p) // lapsed since the window began
			} else {
				f = semantic.AtPeriod(semantic.LastPurchaseIn(), p)
			}
			return filterV{id: "last_purchase:" + p.From + p.To, period: true, resolve: func(fact *semantic.Fact) (*semantic.Filter, bool) {
				return f, fact == semantic.Customers
			}}, true
		}),
		// "clientes que têm e-mail", "com email", "customers who have a phone number",
		// "with a phone", "telefone preenchido", "email on file": a detail on file; "não
		// têm", "don't have": missing (the one rule of a detail on file)
		rule("Filter", 0.1, tNeg+"? "+tHave+" Attrs", func(k []*Edge) (any, bool) {
			as := k[2].Val.(attrsV)
			if len(as) != 1 {
				return nil, false
			}
			return knownFilter(as[0], k[0] != nil)
		}),
		// a customer's attribute not on file: "gênero não informado", "sem informação de
		// uso do app", "app_user is null", "unknown gender"; left out ("excluding customers
		// where app_user is null", "sem contar os de gênero desconhecido"), the known ones
		rule("OnFile", 0, tDim, func(k []*Edge) (any, bool) {
			v, ok := dims(arg(k[0]))
			if !ok {
				return nil, false
			}
			return onFileOf(v.(breakdownV).dims[0])
		}),
		rule("OnFile", 0, tFlag, func(k []*Edge) (any, bool) {
			if fl := semantic.FlagByID(arg(k[0])); fl != nil {
				return onFileOf(semantic.PinnedDim(fl.Filter()))
			}
			return nil, false
		}),
		rule("OnFile", 0, tUse+"? "+tValue, func(k []*Edge) (any, bool) {
			for _, vw := range semantic.ValueWords {
				if vw.Kind+":"+vw.Code == arg(k[1]) && vw.UsedBy != "" {
					if fl := semantic.FlagByID(vw.UsedBy); fl != nil {
						return onFileOf(semantic.PinnedDim(fl.Filter()))
					}
				}
			}
			return nil, false
		}),
		rule("OnFile", 0, tAttr, func(k []*Edge) (any, bool) {
			a := semantic.AttributeByID(arg(k[0]))
			if a == nil || a.Owner != semantic.Customers || semantic.ContactPresent(a.ID) == nil {
				return nil, false
			}
			return onFileV{id: a.ID, unknown: semantic.ContactMissing(a.ID), known: semantic.ContactPresent(a.ID)}, true
		}),
		rule("Unknown", 0, "OnFile "+tUnknown, func(k []*Edge) (any, bool) { return k[0].Val, true }),
		// "com gênero informado", "gender on file": known; "não têm gênero informado", "no
		// gender on file": unknown
		rule("Filter", 0, tHave+"? OnFile "+tKnown, func(k []*Edge) (any, bool) { return k[1].Val.(onFileV).filter(true), true }),
		rule("Filter", 0, tNeg+" "+tHave+"? OnFile "+tKnown, func(k []*Edge) (any, bool) { return k[2].Val.(onFileV).filter(false), true }),
		rule("Unknown", 0, tUnknown+" "+tFrom+"? OnFile", func(k []*Edge) (any, bool) { return k[2].Val, true }),
		rule("Filter", 0, "Unknown", func(k []*Edge) (any, bool) { return k[0].Val.(onFileV).filter(false), true }),
		rule("Filter", 0.1, tNeg+" "+tPerson+"? "+tNoun+"? "+tWho+"? Unknown", func(k []*Edge) (any, bool) {
			if k[2] != nil && arg(k[2]) != "customers" {
				return nil, false
			}
			return k[4].Val.(onFileV).leftOut(), true
		}),
		rule("Filter", 0.1, tRestrict+" "+tPerson+"? "+tNoun+"? "+tWho+"? Unknown", func(k []*Edge) (any, bool) {
			if arg(k[0]) != "exclude" || k[2] != nil && arg(k[2]) != "customers" {
				return nil, false
			}
			return k[4].Val.(onFileV).leftOut(), true
		}),
		// the same said after the rows: "records with birth_date null can be ignored",
		// "clientes com e-mail vazio ficam de fora"
		rule("Filter", 0.1, tPerson+"? "+tNoun+"? "+tWho+"? Unknown "+tRestrict, func(k []*Edge) (any, bool) {
			if arg(k[4]) != "exclude" || k[1] != nil && arg(k[1]) != "customers" {
				return nil, false
			}
			return k[3].Val.(onFileV).leftOut(), true
		}),
		rule("Filter", 0.1, "Attrs "+tOnFile, func(k []*Edge) (any, bool) {
			as := k[0].Val.(attrsV)
			if len(as) != 1 {
				return nil, false
			}
			return knownFilter(as[0], false)
		}),
		// "desconsiderar quem não tem data de nascimento", "leave out those without a birth
		// date", "excluding customers with no e-mail": the rows a flag says, left out
		rule("Filter", 0.1, tRestrict+" "+tPerson+"? "+tNoun+"? "+tNeg+" "+tHave+" Attrs", func(k []*Edge) (any, bool) {
			as := k[5].Val.(attrsV)
			if arg(k[0]) != "exclude" || len(as) != 1 || k[2] != nil && arg(k[2]) != "customers" {
				return nil, false
			}
			return knownFilter(as[0], false)
		}),
		// a negation of the rows who do not have it: "desconsiderando os que não informaram a
		// data de nascimento", "sem contar quem não tem e-mail", "not counting those who don't
		// have a birth date" (the rows said, by a pronoun or "who", before the second "not")
		rule("Filter", 0.1, tNeg+" "+tPerson+"? "+tNoun+"? "+tWho+"? "+tNeg+" "+tHave+" Attrs", func(k []*Edge) (any, bool) {
			as := k[6].Val.(attrsV)
			if k[1] == nil && k[3] == nil || len(as) != 1 || k[2] != nil && arg(k[2]) != "customers" {
				return nil, false
			}
			return knownFilter(as[0], false)
		}),
		rule("Filter", 0.1, tRestrict+" "+tPerson+"? "+tNoun+"? "+tFlag, func(k []*Edge) (any, bool) {
			if arg(k[0]) != "exclude" || k[2] != nil && arg(k[2]) != "customers" || !strings.HasPrefix(arg(k[3]), "no_") {
				return nil, false
			}
			return flagFilter(arg(k[3]), true)
		}),
		// the same said after the rows: "quem não tem data de nascimento fica fora", "(quem
		// não tem data de nasc.) fica de fora", "customers without a birth date are left out"
		rule("Filter", 0.1, tPerson+"? "+tNoun+"? "+tNeg+" "+tHave+" Attrs "+tRestrict, func(k []*Edge) (any, bool) {
			as := k[4].Val.(attrsV)
			if arg(k[5]) != "exclude" || len(as) != 1 || k[1] != nil && arg(k[1]) != "customers" {
				return nil, false
			}
			return knownFilter(as[0], false)
		}),
		rule("Filter", 0.1, tPerson+"? "+tNoun+"? "+tFlag+" "+tRestrict, func(k []*Edge) (any, bool) {
			if arg(k[3]) != "exclude" || k[1] != nil && arg(k[1]) != "customers" || !strings.HasPrefix(arg(k[2]), "no_") {
				return nil, false
			}
			return flagFilter(arg(k[2]), true)
		}),
		// a formula: "quantidade de cupons dividida pelo número de clientes que compraram",
		// "revenue divided by the number of sales" is the model's measure that divides them
		// (a division the model has no measure for is refused: no reading)
		rule("Measure", 0, "Measure "+tDiv+" Measure", func(k []*Edge) (any, bool) {
			num, den := k[0].Val.(measureV), k[2].Val.(measureV)
			if m := semantic.RatioOf(num.m.ID, den.m.ID); m != nil {
				return measureV{m: m}, true
			}
			return nil, false
		}),
		// a rate said as its formula: "cancelados ÷ total de cupons", "cupons cancelados
		// sobre o total de cupons emitidos": the rows of a filter over all the rows counted
		// (assemble checks it is the rate the question asks)
		rule("Clause", 0, "Filter "+tDiv+" Measure", func(k []*Edge) (any, bool) {
			f, m := k[0].Val.(filterV), k[2].Val.(measureV)
			if m.m.Kind != semantic.Count || m.m.Expr != "count(*)" && m.m.ID != "sales_count" || len(m.m.Where) > 0 {
				return nil, false
			}
			return clauseV{"formula", formulaV{f: f, fact: m.m.Fact}}, true
		}),
		// "têm saldo", "have points", "com pontos": hold some
		rule("Filter", 0, tHave+" "+tNoun, func(k []*Edge) (any, bool) {
			if n := arg(k[1]); n != "balance" && n != "points" {
				return nil, false
			}
			if k[1].From != k[0].To && x.definite[k[1].From-1] {
				// "com o saldo", "with their balance": the balance to show, not customers
				// holding some ("with a balance" is)
				return nil, false
			}
			return filterV{id: "has_balance", resolve: fixed(semantic.BalanceThreshold(semantic.Above, 0))}, true
		}),
		rule("Filter", 0, tQuantity+" "+tRange, func(k []*Edge) (any, bool) {
			lo, hi, _ := strings.Cut(arg(k[1]), "-")
			return between(arg(k[0]), lo, hi)
		}),
		rule("Filter", 0, tQuantity+" Num "+tTo+" Num", func(k []*Edge) (any, bool) { return between(arg(k[0]), arg(k[1]), arg(k[3])) }),
		rule("Filter", 0, tQuantity+" "+tBetween+" Num "+tAnd+" Num", func(k []*Edge) (any, bool) { return between(arg(k[0]), arg(k[2]), arg(k[4])) }),
		rule("Filter", 0, tBetween+" "+tMoney+" "+tAnd+" "+tMoney, func(k []*Edge) (any, bool) { return between("money", arg(k[1]), arg(k[3])) }),
		// "produtos que custam menos de 150 pontos"
		rule("Filter", 0, tCost+" "+tCmp+" Num "+tQuantity+"?", func(k []*Edge) (any, bool) {
			if q := arg(k[3]); q != "" && q != "points" {
				return nil, false
			}
			return threshold("points", arg(k[1]), arg(k[2]))
		}),
		// "prêmios que o cliente consegue (pegar) com até 150 pontos", "rewards a customer
		// can get with 150 points or less": what a customer can afford is what costs at
		// most that (a product's price; never a customer's balance, which the plain
		// threshold reads)
		rule("Filter", 0.2, tNoun+" Filter", func(k []*Edge) (any, bool) {
			fv, ok := k[1].Val.(filterV)
			if arg(k[0]) != "customers" || !ok || !strings.HasPrefix(fv.id, "cmp:points<") {
				return nil, false
			}
			inner := fv.resolve
			fv.id = "afford:" + fv.id
			fv.resolve = func(f *semantic.Fact) (*semantic.Filter, bool) {
				if f != semantic.Products {
					return nil, false
				}
				return inner(f)
			}
			return fv, true
		}),
		// "clientes que nunca compraram", "sem comprar": what customers did not do
		rule("Filter", 0.2, tNever+" "+tEvent, func(k []*Edge) (any, bool) { return neverDid(arg(k[1])) }),
		rule("Filter", 0.2, "Denied", func(k []*Edge) (any, bool) { return activity(arg(k[0]), false) }),
		// what customers did not do: "não compraram"; negative concord, "não fizeram
		// nenhuma compra", is one negation (the quantifier agrees with the negation before it)
		rule("Denied", 0, tNeg+" "+tEvent, func(k []*Edge) (any, bool) { return arg(k[1]), true }),
		rule("Denied", 0, tNeg+" "+tNeg+" "+tEvent, func(k []*Edge) (any, bool) {
			return arg(k[2]), arg(k[1]) == "none" && arg(k[0]) != "none"
		}),
		// "não compraram nada", "didn't buy nothing": the quantifier after the verb
		rule("Denied", 0, tNeg+" "+tEvent+" "+tNeg, func(k []*Edge) (any, bool) {
			return arg(k[1]), arg(k[2]) == "none" && arg(k[0]) != "none"
		}),
		// what customers did not do (again) in a period: "não voltaram a comprar", "sumiram"
		rule("NotBuy", 0, "Denied "+tAgain+"?", func(k []*Edge) (any, bool) { return arg(k[0]), true }),
		// "made no purchase at any store in 2025": not anywhere, what NotBuy is already
		rule("NotBuy", 0, "Denied "+tScope, func(k []*Edge) (any, bool) { return arg(k[0]), arg(k[1]) == "scope" }),
		rule("NotBuy", 0, tNeg+" "+tAgain+" "+tEvent+" "+tNeg+"?", func(k []*Edge) (any, bool) {
			return arg(k[2]), k[3] == nil || arg(k[3]) == "none" // "não voltaram a comprar nada"
		}),
		// "failed to return and buy again": again said on both sides of the verb
		rule("NotBuy", 0, tNeg+" "+tAgain+" "+tEvent+" "+tAgain, func(k []*Edge) (any, bool) { return arg(k[2]), arg(k[0]) != "none" }),
		rule("NotBuy", 0, tLapsed, func(k []*Edge) (any, bool) { return "buy", true }),
		// "têm zero compras", "com 0 compras", "zero non-cancelled purchases": none of what
		// customers do, as "sem compras" (a sale that counts is not cancelled: said again)
		rule("Filter", 0.2, tHave+"? Num "+tNeg+"? "+tFlag+"? "+tNoun, func(k []*Edge) (any, bool) {
			n := semantic.NounByID(arg(k[4]))
			if atoiOr(arg(k[1]), -1) != 0 || n == nil || n.Event == "" || (k[2] == nil) != (k[3] == nil) || k[3] != nil && arg(k[3]) != "cancelled" {
				return nil, false
			}
			return activity(n.Event, false)
		}),
		// "sem contar os que nunca compraram", "not counting the ones who never bought",
		// "leave out those who never purchased": the others, who did at some time
		rule("Filter", 0.1, tNeg+" "+tPerson+"? "+tNoun+"? "+tWho+"? "+tNever+" "+tEvent, func(k []*Edge) (any, bool) {
			return everDid(arg(k[5]), k[2])
		}),
		rule("Filter", 0.1, tRestrict+" "+tPerson+"? "+tNoun+"? "+tWho+"? "+tNever+" "+tEvent, func(k []*Edge) (any, bool) {
			if arg(k[0]) != "exclude" {
				return nil, false
			}
			return everDid(arg(k[5]), k[2])
		}),
		// "(mas) só os que já compraram alguma vez", "only the ones who bought at some point":
		// the customers who did it at some time, said as a restriction
		rule("Filter", 0.1, tCmp+" "+tPerson+"? "+tNoun+"? "+tWho+" "+tScope+"? "+tEvent+" Ever", func(k []*Edge) (any, bool) {
			if arg(k[0]) != "=" || k[6].Val != "ever" || k[4] != nil && arg(k[4]) != "scope" {
				return nil, false
			}
			return everDid(arg(k[5]), k[2])
		}),
		// the same said after them: "os que nunca compraram não contam", "those who never
		// bought are excluded", "those who never purchased, kindly exclude them"
		rule("Filter", 0.1, tPerson+"? "+tNoun+"? "+tWho+"? "+tNever+" "+tEvent+" "+tAnd+"? "+tRestrict, func(k []*Edge) (any, bool) {
			if arg(k[6]) != "exclude" || k[5] != nil && k[5].Match.Text != "," {
				return nil, false
			}
			return everDid(arg(k[4]), k[1])
		}),
		// "compraram (alguma vez), mas não nos últimos 90 dias", "bought at some point but
		// not once in the last 180 days": bought at some time, and not in the period
		// ("at some point", "em algum momento" are the scope words, said of the doing;
		// "bought before, but nothing in the last 90 days": before the period)
		rule("Filter", 0.2, tWho+"? "+tEvent+" Ever? "+tAnd+"? "+tNeg+" "+tAgain+"? Period", func(k []*Edge) (any, bool) {
			return didButNotIn(arg(k[1]), k[2] != nil && k[2].Val == "before", k[6].Val.(periodV).p)
		}),
		rule("Filter", 0.2, tWho+"? "+tEvent+" Ever? "+tAnd+"? "+tNever+" Period", func(k []*Edge) (any, bool) {
			return didButNotIn(arg(k[1]), k[2] != nil && k[2].Val == "before", k[5].Val.(periodV).p)
		}),
		rule("Ever", 0, tScope, func(k []*Edge) (any, bool) { return "ever", arg(k[0]) == "scope" }),
		rule("Ever", 0, tBefore2, func(k []*Edge) (any, bool) { return "before", true }),
		rule("Filter", 0.2, tNever+" "+tNeg+" "+tEvent, func(k []*Edge) (any, bool) {
			if arg(k[1]) != "none" {
				return nil, false
			}
			return neverDid(arg(k[2]))
		}),
		// "nunca compraram nada", "never bought nothing"
		rule("Filter", 0.2, tNever+" "+tEvent+" "+tNeg, func(k []*Edge) (any, bool) {
			if arg(k[2]) != "none" {
				return nil, false
			}
			return neverDid(arg(k[1]))
		}),
		rule("Filter", 0, "Num "+tQuantity+"? "+tCmp, func(k []*Edge) (any, bool) {
			if !follows(k[0], k[1]) || !follows(k[0], k[2]) && k[1] == nil {
				return nil, false
			}
			if c := arg(k[2]); c == ">=" || c == "<=" { // "50 or older"
				return threshold(arg(k[1]), c, arg(k[0]))
			}
			return nil, false
		}),
		// "R$ 100 or more", "R$500+", "$1k or less": an amount, then its comparison
		rule("Filter", 0, tMoney+" "+tCmp, func(k []*Edge) (any, bool) {
			if c := arg(k[1]); c == ">=" || c == "<=" {
				return threshold("money", c, arg(k[0]))
			}
			return nil, false
		}),
		// "2 or more purchases", "5 ou mais compras": the comparison between the number
		// and what it counts
		rule("Filter", 0, "Num "+tCmp+" "+tQuantity, func(k []*Edge) (any, bool) {
			if !follows(k[0], k[1]) {
				return nil, false
			}
			if c := arg(k[1]); c == ">=" || c == "<=" {
				return threshold(arg(k[2]), c, arg(k[0]))
			}
			return nil, false
		}),
		rule("Filter", 0, "Num "+tQuantity+" "+tCmp, func(k []*Edge) (any, bool) {
			if !follows(k[0], k[1]) {
				return nil, false
			}
			if c := arg(k[2]); c == ">=" || c == "<=" { // "30 anos ou mais"
				return threshold(arg(k[1]), c, arg(k[0]))
			}
			return nil, false
		}),
		rule("Filter", 0, tBetween+" Num "+tAnd+" Num "+tQuantity+"?", func(k []*Edge) (any, bool) {
			return between(arg(k[4]), arg(k[1]), arg(k[3]))
		}),
		rule("Filter", 0, tFrom+"? "+tRange+" "+tQuantity, func(k []*Edge) (any, bool) {
			lo, hi, _ := strings.Cut(arg(k[1]), "-")
			return between(arg(k[2]), lo, hi)
		}),
		rule("Filter", 0, "Num "+tTo+" Num "+tQuantity, func(k []*Edge) (any, bool) { return between(arg(k[3]), arg(k[0]), arg(k[2])) }),

		// customers named: "chamados Souza", "named Souza", "Joao Pedro Araujo", a CPF. A
		// name's words are written together: no word is skipped inside it (else "na
		// Savassi com souza no nome" searches the name "Savassi souza")
		rule("Name", 0, tWord, func(k []*Edge) (any, bool) { return capitalised(k[0]) }),
		rule("Name", 0, tWord+" Name", func(k []*Edge) (any, bool) {
			n, ok := capitalised(k[0])
			if !ok || !adjacent(k) {
				return nil, false
			}
			return n.(string) + " " + k[1].Val.(string), true
		}),
		// "Ana Nascimento's purchases": after a capitalised first name (semantic.GivenNames),
		// a capitalised word the model knows is the name's too ("Black Friday" is none)
		rule("Name", 0, tWord+" "+tCapWord, func(k []*Edge) (any, bool) {
			n, ok := capitalised(k[0])
			if !ok || k[0].To != k[1].From || !semantic.GivenName(lexicon.Fold(k[0].Match.Arg)) {
				return nil, false
			}
			return n.(string) + " " + k[1].Match.Arg, true
		}),
		rule("LooseName", 0, tWord, func(k []*Edge) (any, bool) { return k[0].Match.Arg, true }),
		rule("LooseName", 0, tWord+" LooseName", func(k []*Edge) (any, bool) {
			if !adjacent(k) {
				return nil, false
			}
			return looseName(k[0].Match.Arg, k[1].Val.(string))
		}),
		rule("Filter", 0, tNamed+" LooseName", func(k []*Edge) (any, bool) { return nameFilter(k[1].Val.(string), true), true }),
		// a literal searched in names: "com souza no nome", "with "Rocha" in their name",
		// "w/ Carvalho in the name", "que têm Maria Clara no nome". Between "com" and "no
		// nome" any one word is the literal, known to the lexicon or not ("com Santos no
		// nome"); several words, or a word after "chamado" (open on its right), are names
		// (unknown or capitalised), so no clause around the slot is swallowed by it
		rule("NamePart", 0, tWord, func(k []*Edge) (any, bool) { return k[0].Match.Arg, true }),
		rule("NamePart", 0, tLiteral, func(k []*Edge) (any, bool) { return capitalised(k[0]) }),
		rule("NameLit", 0, "NamePart", func(k []*Edge) (any, bool) { return k[0].Val, true }),
		rule("NameLit", 0, "NamePart NameLit", func(k []*Edge) (any, bool) { return k[0].Val.(string) + " " + k[1].Val.(string), adjacent(k) }),
		rule("NameLit", 0, tQuoted, func(k []*Edge) (any, bool) { return arg(k[0]), strings.TrimSpace(arg(k[0])) != "" }),
		rule("Filter", 0, tHave+"? NameLit "+tInName, func(k []*Edge) (any, bool) { return nameFilter(k[1].Val.(string), true), true }),
		rule("Filter", 0, tHave+" "+tLiteral+" "+tInName, func(k []*Edge) (any, bool) { return nameFilter(arg(k[1]), true), true }),
		rule("Filter", 0, tNamed+" NameLit", func(k []*Edge) (any, bool) { return nameFilter(k[1].Val.(string), true), true }),
		// "junto com o saldo de pontos", "along with their balance": a column beside the
		// list (what the noun is per row), never "customers with a balance"
		rule("Attrs", -0.2, string(semantic.CatAlso)+" Attrs", func(k []*Edge) (any, bool) { return k[1].Val, true }),
		rule("Attrs", -0.2, string(semantic.CatAlso)+" "+tNoun, func(k []*Edge) (any, bool) { return nounAttr(arg(k[1])) }),
		// "names only", "só os nomes", "just the names": a list
		rule("Clause", 0, tCmp+" "+string(semantic.CatList), func(k []*Edge) (any, bool) { return clauseV{"list", marker(arg(k[1]))}, arg(k[0]) == "=" }),
		rule("Clause", 0, string(semantic.CatList)+" "+tCmp, func(k []*Edge) (any, bool) { return clauseV{"list", marker(arg(k[0]))}, arg(k[1]) == "=" }),
		rule("Filter", 0, tNamed+" "+tQuoted, func(k []*Edge) (any, bool) { return nameFilter(arg(k[1]), true), true }),
		rule("Filter", 0.5, "Name", func(k []*Edge) (any, bool) {
			n := k[0].Val.(string)
			if !strings.Contains(n, " ") {
				return nil, false // one capitalised word alone is not a name
			}
			return nameFilter(n, false), true
		}),
		rule("Filter", 0, tBy+"? "+string(semantic.CatDocWord)+"? "+tDoc, func(k []*Edge) (any, bool) {
			k = k[2:]
			d := arg(k[0])
			return filterV{id: "doc:" + d, one: true, resolve: fixed(semantic.CustomerDoc(d))}, true
		}),
		rule("Filter", 0, tEmail, func(k []*Edge) (any, bool) {
			e := arg(k[0])
			return filterV{id: "email:" + e, one: true, resolve: fixed(semantic.CustomerEmail(e))}, true
		}),

		// calendar: "quintas-feiras", "weekends", "segundas e sextas"
		rule("Weekdays", 0, tWeekday, func(k []*Edge) (any, bool) { return weekdays(arg(k[0])), true }),
		// a list joins single days ("sábado e domingo"); sets of days in a list ("dias úteis
		// e fins de semana", "sábado e domingo e de segunda a sexta") are groups said side by
		// side, never one set of every day
		rule("Weekdays", 0, tWeekday+" "+tAnd+" Weekdays", func(k []*Edge) (any, bool) {
			return append(weekdays(arg(k[0])), k[2].Val.([]int)...), len(weekdays(arg(k[0]))) == 1 && singleDays(k[2])
		}),
		// "de segunda a sexta", "seg a sex", "Mon-Sun", "Friday through Sunday": the days
		// from one to the other, round the week's end ("sexta a domingo", "sáb a seg")
		rule("Weekdays", 0, tFrom+"? "+tWeekday+" "+tTo+"? "+tWeekday, func(k []*Edge) (any, bool) {
			return weekdayRange(arg(k[1]), arg(k[3]))
		}),
		// "só nos dias úteis", "weekends only"
		rule("Weekdays", 0, tCmp+" "+tIn+"? Weekdays", func(k []*Edge) (any, bool) { return k[2].Val, arg(k[0]) == "=" }),
		rule("Weekdays", 0, "Weekdays "+tCmp, func(k []*Edge) (any, bool) { return k[0].Val, arg(k[1]) == "=" }),
		rule("Filter", 0, "Weekdays", func(k []*Edge) (any, bool) {
			ds := k[0].Val.([]int)
			return filterV{id: "weekdays:" + ints(ds), resolve: fixed(semantic.WeekdayIn(ds))}, true
		}),

		// cohorts: "compraram em setembro e não compraram (de novo) em outubro",
		// "bought last month and had bought before"
		rule("Filter", 0.3, tEvent+" "+tAgain+"? Period", func(k []*Edge) (any, bool) { return cohort(arg(k[0]), false, k[2].Val.(periodV)) }),
		rule("Filter", 0.3, "NotBuy DeniedPeriods", func(k []*Edge) (any, bool) { return cohort(arg(k[0]), true, k[1].Val.(periodV)) }),
		// the period of what did not happen: one, or "never came back in April and May",
		// "não voltaram em abril nem em maio": what did not happen in either period, joined
		// by and, or or nor, did not happen in their union; read only when the two meet, so
		// the union is one window (two apart are left unread: refused, never one of them
		// dropped or read as another date)
		rule("DeniedPeriods", 0, "Period", func(k []*Edge) (any, bool) { return k[0].Val, true }),
		rule("DeniedPeriods", 0, "Period "+tAnd+" "+tIn+"? Period", func(k []*Edge) (any, bool) { return deniedUnion(k[0], k[3]) }),
		rule("DeniedPeriods", 0, "Period "+tOr+" "+tIn+"? Period", func(k []*Edge) (any, bool) { return deniedUnion(k[0], k[3]) }),
		rule("DeniedPeriods", 0, "Period "+tNor+" "+tIn+"? Period", func(k []*Edge) (any, bool) { return deniedUnion(k[0], k[3]) }),
		// "(compraram no Centro e) não voltaram a comprar no Batel", "but never at Savassi":
		// customers without a purchase at that store
		rule("Filter", 0.3, tNeg+" "+tAgain+"? "+tEvent+" "+tAgain+"? "+tIn+"? Member", func(k []*Edge) (any, bool) {
			return storeCohort(arg(k[2]), k[5].Val.(memberV))
		}),
		rule("Filter", 0.3, tNeg+" "+tAgain+" "+tIn+"? Member", func(k []*Edge) (any, bool) { return storeCohort("buy", k[3].Val.(memberV)) }),
		rule("Filter", 0.3, tNever+" "+tEvent+"? "+tIn+"? Member", func(k []*Edge) (any, bool) {
			event := arg(k[1])
			if event == "" {
				event = "buy"
			}
			return storeCohort(event, k[3].Val.(memberV))
		}),
		// "voltaram a comprar em maio", "não voltaram a comprar em maio": again before the
		// verb, or said on both sides ("came back and bought again in May", "voltaram e
		// compraram novamente em maio")
		rule("Filter", 0.3, tAgain+" "+tAnd+"? "+tEvent+" "+tAgain+"? Period", func(k []*Edge) (any, bool) { return cohort(arg(k[2]), false, k[4].Val.(periodV)) }),
		// "voltaram em maio", "didn't come back in May": a customer comes back by buying
		rule("Filter", 0.4, tAgain+" Period", func(k []*Edge) (any, bool) { return cohort("buy", false, k[1].Val.(periodV)) }),
		rule("Filter", 0.4, tNeg+" "+tAgain+" DeniedPeriods", func(k []*Edge) (any, bool) { return cohort("buy", true, k[2].Val.(periodV)) }),
		// "never came back this year", "nunca mais voltaram em 2025": within the period said,
		// the same as not coming back
		rule("Filter", 0.4, tNever+" "+tAgain+" "+tEvent+"? DeniedPeriods", func(k []*Edge) (any, bool) {
			event := "buy"
			if k[2] != nil {
				event = arg(k[2])
			}
			return cohort(event, true, k[3].Val.(periodV))
		}),
		rule("Filter", 0, tEvent+" "+tBefore2, func(k []*Edge) (any, bool) { return cohortBefore(arg(k[0])) }),
		// "bought in March but not in April": the second period of the same event, denied
		rule("Filter", 0.2, tEvent+" Period "+tAnd+"? "+tNeg+" DeniedPeriods", func(k []*Edge) (any, bool) { return didButNot(k[0], k[1], k[4]) }),
		// "did buy in May but in April not", "compraram em maio mas em abril não": the
		// negation said after the second period, closing its clause, denies that clause
		// only; a negation the clause goes on past is no such ending, and without the
		// conjunction the two periods are not set against each other
		rule("Filter", 0.2, tEvent+" Period "+tAnd+" Period "+tNeg, func(k []*Edge) (any, bool) {
			if !slices.Contains(x.clauseEnds, k[4].To) {
				return nil, false
			}
			return didButNot(k[0], k[1], k[3])
		}),

		// ---- periods
		rule("Period", 0, tDayWord, func(k []*Edge) (any, bool) { return dayPeriod(x, arg(k[0])) }),
		rule("Period", 0, tThis+" "+tUnit, func(k []*Edge) (any, bool) { return unitPeriod(x, "this", k[1]) }),
		rule("Period", 0, tUnit+" "+tThis, func(k []*Edge) (any, bool) { return unitPeriod(x, "this", k[0]) }),
		rule("Period", 0, tLast+" "+tUnit, func(k []*Edge) (any, bool) { return unitPeriod(x, "last", k[1]) }),
		rule("Period", 0, tUnit+" "+tLast, func(k []*Edge) (any, bool) { return unitPeriod(x, "last", k[0]) }),
		rule("Period", 0, tNext+" "+tUnit, func(k []*Edge) (any, bool) { return unitPeriod(x, "next", k[1]) }),
		rule("Period", 0, tUnit+" "+tNext, func(k []*Edge) (any, bool) { return unitPeriod(x, "next", k[0]) }),
		rule("Period", 0, tLast+" Num "+tUnit, func(k []*Edge) (any, bool) { return lastN(x, arg(k[1]), arg(k[2])) }),
		// "as 4 últimas semanas": the number before "last"
		rule("Period", 0, "Num "+tLast+" "+tUnit, func(k []*Edge) (any, bool) { return lastN(x, arg(k[0]), arg(k[2])) }),
		// "the last 4 complete weeks", "últimas 4 semanas fechadas", "as 3 últimas semanas
		// completas": the whole units before the current one
		rule("Period", 0, tLast+" Num "+tComplete+" "+tUnit, func(k []*Edge) (any, bool) { return lastComplete(x, arg(k[1]), arg(k[3])) }),
		rule("Period", 0, tLast+" Num "+tUnit+" "+tComplete, func(k []*Edge) (any, bool) { return lastComplete(x, arg(k[1]), arg(k[2])) }),
		rule("Period", 0, "Num "+tLast+" "+tUnit+" "+tComplete, func(k []*Edge) (any, bool) { return lastComplete(x, arg(k[0]), arg(k[2])) }),
		rule("Period", 0, tMonth+" "+tFrom+"? "+tYear+"?", func(k []*Edge) (any, bool) { return month(x, arg(k[0]), arg(k[2])) }),
		rule("Period", 0, tMonthYr, func(k []*Edge) (any, bool) { return monthYr(x, k[0]) }),
		// "April 1", "October 15, 2024", "May 3rd": a day of the month ("fev/25" and
		// "Jan '25" are years: the lexicon reads a short year glued to its month as one);
		// the day follows its month with no word between ("em março os 5 prêmios" is a
		// top 5 of March, never March 5)
		rule("Period", 0, tMonth+" "+tNumber, func(k []*Edge) (any, bool) {
			if !adjacent(k) {
				return nil, false
			}
			return dayOfNamedMonth(x, arg(k[0]), arg(k[1]), "")
		}),
		rule("Period", 0, tMonth+" "+tDayNo, func(k []*Edge) (any, bool) {
			if !adjacent(k) {
				return nil, false
			}
			return dayOfNamedMonth(x, arg(k[0]), arg(k[1]), "")
		}),
		// "1 April", "15 October 2024": dearer, so "top 5 maio" stays a top 5 of May
		rule("Period", 0.2, tNumber+" "+tMonth+" "+tYear+"?", func(k []*Edge) (any, bool) {
			if slices.Contains(x.afterTop, k[0].From) {
				return nil, false
			}
			return dayOfNamedMonth(x, arg(k[1]), arg(k[0]), arg(k[2]))
		}),
		// with a period naming its year, one date: "May 1st last year" is never May 1st
		// and the whole of last year
		rule("Period", 0, tMonth+" "+tNumber+" "+tFrom+"? Period", func(k []*Edge) (any, bool) {
			return dayOfMonthOf(x, k[0], k[1], k[3])
		}),
		rule("Period", 0, tMonth+" "+tDayNo+" "+tFrom+"? Period", func(k []*Edge) (any, bool) {
			return dayOfMonthOf(x, k[0], k[1], k[3])
		}),
		// with its year, one date: never two periods ("October 15" and "2024")
		rule("Period", -0.1, tMonth+" "+tNumber+" "+tAnd+"? "+tYear, func(k []*Edge) (any, bool) {
			return dayOfNamedMonth(x, arg(k[0]), arg(k[1]), arg(k[3]))
		}),
		rule("Period", -0.1, tMonth+" "+tDayNo+" "+tAnd+"? "+tYear, func(k []*Edge) (any, bool) {
			return dayOfNamedMonth(x, arg(k[0]), arg(k[1]), arg(k[3]))
		}),
		rule("Period", 0, tQuarterN+" "+tFrom+"? "+tYear+"?", func(k []*Edge) (any, bool) { return part(x, arg(k[0]), "quarter", arg(k[2])) }),
		rule("Period", 0, tHalfN+" "+tFrom+"? "+tYear+"?", func(k []*Edge) (any, bool) { return part(x, arg(k[0]), "half", arg(k[2])) }),
		// "Q4 last year", "1º trimestre do ano passado": the part of that year
		rule("Period", 0, tQuarterN+" "+tFrom+"? Period", func(k []*Edge) (any, bool) { return partOf(x, arg(k[0]), "quarter", k[2].Val.(periodV).p) }),
		rule("Period", 0, tHalfN+" "+tFrom+"? Period", func(k []*Edge) (any, bool) { return partOf(x, arg(k[0]), "half", k[2].Val.(periodV).p) }),
		rule("Period", 0, tOrdinal+" "+tUnit+" "+tFrom+"? Period", func(k []*Edge) (any, bool) { return partOf(x, arg(k[0]), arg(k[1]), k[3].Val.(periodV).p) }),
		// "primeira quinzena de maio", "the second week of last month"
		rule("Period", 0, tOrdinal+" "+tUnit+" "+tFrom+"? Period", func(k []*Edge) (any, bool) { return monthPart(x, arg(k[0]), arg(k[1]), k[3].Val.(periodV).p) }),
		// "desde segunda", "since Monday"
		rule("Period", 0, tSince+" "+tWeekday, func(k []*Edge) (any, bool) { return sinceWeekday(x, arg(k[1])) }),
		// "sábado passado", "last Saturday": that one day
		// ("os últimos sábados", "past Saturdays": several, so not this)
		rule("Period", 0, tWeekday+" "+tLast, func(k []*Edge) (any, bool) { return weekdayPeriod(x, k[0], k[1]) }),
		rule("Period", 0, tLast+" "+tWeekday, func(k []*Edge) (any, bool) { return weekdayPeriod(x, k[1], k[0]) }),
		// days of the month: "the 10th (of this month)", "dia 10 (de maio)", "10 de maio"
		rule("Period", 0, tDayNo, func(k []*Edge) (any, bool) { return dayOfMonth(x, arg(k[0]), nil) }),
		rule("Period", 0, tDayNo+" "+tFrom+"? Period", func(k []*Edge) (any, bool) { return dayOfMonth(x, arg(k[0]), k[2].Val.(periodV).p) }),
		// "dia 10", "day 12": digits right after the unit; a number word alone is never a
		// date ("each day one row" is a layout)
		rule("Period", 0, tUnit+" "+tNumber, func(k []*Edge) (any, bool) {
			if arg(k[0]) != "day" || !adjacent(k) {
				return nil, false
			}
			return dayOfMonth(x, arg(k[1]), nil)
		}),
		rule("Period", 0, tUnit+" Num "+tFrom+"? Period", func(k []*Edge) (any, bool) {
			if arg(k[0]) != "day" {
				return nil, false
			}
			return dayOfMonth(x, arg(k[1]), k[3].Val.(periodV).p)
		}),
		rule("Period", 0, tNumber+" "+tFrom+" Period", func(k []*Edge) (any, bool) {
			if p := k[2].Val.(periodV).p; p.Kind != semantic.CalendarMonth || slices.Contains(x.afterTop, k[0].From) {
				return nil, false
			}
			return dayOfMonth(x, arg(k[0]), k[2].Val.(periodV).p)
		}),
		// a day said in words before its month: "primeiro de janeiro", "the first of
		// April", "dezoito de junho" (dearer, like "1 April": "top dois de maio" stays a top
		// 2); an ordinal after it: "April first"
		rule("Period", 0, tUnit+"? "+tOrdinal+" "+tFrom+"? Period", func(k []*Edge) (any, bool) { return dayWord(x, k[0], k[1], k[3]) }),
		rule("Period", 0.2, tUnit+"? "+tNumWord+" "+tFrom+" Period", func(k []*Edge) (any, bool) { return dayWord(x, k[0], k[1], k[3]) }),
		rule("Period", 0, tMonth+" "+tOrdinal, func(k []*Edge) (any, bool) { return dayOfNamedMonth(x, arg(k[0]), arg(k[1]), "") }),
		// days of one month: "entre 1 e 10 de março", "de 1 a 15 de maio", "do dia 1 ao dia
		// 10 deste mês", "from the 1st to the 10th of May", "May 1-15": a span of days,
		// never a range of values beside a month
		rule("DayNo", 0, tNumber, func(k []*Edge) (any, bool) { return arg(k[0]), true }),
		rule("DayNo", 0, tDayNo, func(k []*Edge) (any, bool) { return arg(k[0]), true }),
		rule("DayNo", 0, tUnit+" DayNo", func(k []*Edge) (any, bool) { return k[1].Val, arg(k[0]) == "day" }),
		rule("Period", 0, tBetween+" DayNo "+tAnd+" DayNo "+tFrom+"? Period", func(k []*Edge) (any, bool) {
			return daySpan(x, k[1].Val.(string), k[3].Val.(string), k[5].Val.(periodV).p)
		}),
		rule("Period", 0, tFrom+"? DayNo "+tTo+" DayNo "+tFrom+"? Period", func(k []*Edge) (any, bool) {
			return daySpan(x, k[1].Val.(string), k[3].Val.(string), k[5].Val.(periodV).p)
		}),
		rule("Period", 0, tFrom+"? "+tRange+" "+tFrom+"? Period", func(k []*Edge) (any, bool) {
			lo, hi, _ := strings.Cut(arg(k[1]), "-")
			return daySpan(x, lo, hi, k[3].Val.(periodV).p)
		}),
		rule("Period", 0, tMonth+" "+tRange+" "+tAnd+"? "+tYear+"?", func(k []*Edge) (any, bool) {
			m, ok := month(x, arg(k[0]), arg(k[3]))
			if !ok {
				return nil, false
			}
			lo, hi, _ := strings.Cut(arg(k[1]), "-")
			return daySpan(x, lo, hi, m.(periodV).p)
		}),
		// "this month so far", "este ano até agora": current periods run up to now anyway
		rule("Period", 0, "Period "+string(semantic.CatSoFar), func(k []*Edge) (any, bool) {
			switch p := k[0].Val.(periodV).p; p.Kind {
			case semantic.ThisWeek, semantic.ThisMonth, semantic.ThisQuarter, semantic.ThisYear:
				return k[0].Val, true
			default:
				if p.Runs(x.cal.Now) {
					return k[0].Val, true // "June until now" in June
				}
			}
			return nil, false
		}),
		// "from the 10th on", "de 10 de maio em diante": since then
		rule("Period", 0, tFrom+" Period "+tOnward, func(k []*Edge) (any, bool) { return open(k[1].Val.(periodV).p, "since") }),
		rule("Period", 0, tSince+" Period "+tOnward, func(k []*Edge) (any, bool) { return open(k[1].Val.(periodV).p, "since") }),
		rule("Period", 0, tUntil+" Period", func(k []*Edge) (any, bool) {
			if toDate(k[1]) {
				return nil, false // "by ytd signups": a to-date period runs to now, it has no "until"
			}
			v, ok := open(k[1].Val.(periodV).p, "until")
			if pv, is := v.(periodV); ok && is {
				pv.future = k[1].Val.(periodV).p.Start.After(x.cal.Now)
				return pv, true
			}
			return v, ok
		}),
		rule("Period", 0, tUnit+" "+tLast2, func(k []*Edge) (any, bool) { return beforeLast(x, arg(k[0])) }),
		rule("Period", 0, tLast2+" "+tUnit, func(k []*Edge) (any, bool) { return beforeLast(x, arg(k[1])) }),
		// "há mais de 90 dias", "for more than 120 days", "(haven't bought) in over 90 days":
		// the window it has been since
		rule("Period", 0, tIn+" "+tCmp+" Num "+tUnit, func(k []*Edge) (any, bool) {
			if c := arg(k[1]); c != ">" && c != ">=" {
				return nil, false
			}
			return absence(x, arg(k[2]), arg(k[3]))
		}),
		// "(sem comprar) há 90 dias", "(haven't bought) for 90 days", "since 90 days": the
		// same window, said without "more than" (a length of time only what did not happen has)
		rule("Period", 0, tSince+" "+tCmp+" Num "+tUnit, func(k []*Edge) (any, bool) {
			// "(not purchased) since more than 90 days", as Indian English says it
			if c := arg(k[1]); c != ">" && c != ">=" {
				return nil, false
			}
			return absence(x, arg(k[2]), arg(k[3]))
		}),
		rule("Period", 0, tAgo+" Num "+tUnit, func(k []*Edge) (any, bool) { return absence(x, arg(k[1]), arg(k[2])) }),
		rule("Period", 0, tSince+" Num "+tUnit, func(k []*Edge) (any, bool) { return absence(x, arg(k[1]), arg(k[2])) }),
		rule("Period", 0, tAgo+"? "+tCmp+" Num "+tUnit+" "+tAgo+"?", func(k []*Edge) (any, bool) {
			if c := arg(k[1]); (c != ">" && c != ">=") || (k[0] == nil && k[4] == nil) {
				return nil, false
			}
			return absence(x, arg(k[2]), arg(k[3]))
		}),
		rule("Period", 0, tYear, func(k []*Edge) (any, bool) {
			if slices.Contains(x.monthYears, k[0].From) {
				return nil, false // "May 2025": the month's year, never a period of its own
			}
			return year(x, arg(k[0]))
		}),
		// "2025 YTD", "YTD 2025", "Q2 2025 to date" when 2025 is this year: the to-date
		// word restates the current period it follows (a past year's YTD is no period)
		rule("Period", 0, "Period "+tDayWord, func(k []*Edge) (any, bool) { return toDateOf(x, k[0].Val.(periodV), arg(k[1])) }),
		rule("Period", 0, tDayWord+" "+tIn+"? Period", func(k []*Edge) (any, bool) { return toDateOf(x, k[2].Val.(periodV), arg(k[0])) }),
		rule("Period", 0, tUnit+" "+tFrom+"? "+tYear, func(k []*Edge) (any, bool) {
			if arg(k[0]) != "year" {
				return nil, false
			}
			return year(x, arg(k[2]))
		}),
		// "the 2024 fiscal year", "o 2024 ano-calendário": the year said before its unit
		rule("Period", 0, tYear+" "+tUnit, func(k []*Edge) (any, bool) {
			if arg(k[1]) != "year" || slices.Contains(x.monthYears, k[0].From) {
				return nil, false
			}
			return year(x, arg(k[0]))
		}),
		rule("Period", 0, tOrdinal+" "+tUnit+" "+tFrom+"? "+tYear+"?", func(k []*Edge) (any, bool) { return part(x, arg(k[0]), arg(k[1]), arg(k[3])) }),
		// "1 tri", "2 semestre": a number before a quarter or a half in the singular is its
		// ordinal ("2 trimestres" are two of them)
		rule("Period", 0.05, "Num "+tUnit+" "+tFrom+"? "+tYear+"?", func(k []*Edge) (any, bool) {
			if k[1].Match == nil || strings.HasSuffix(x.tokenNorm(k[1].Match.From), "s") {
				return nil, false
			}
			return part(x, arg(k[0]), arg(k[1]), arg(k[3]))
		}),
		rule("Period", 0, tDate, func(k []*Edge) (any, bool) { return day(x, k[0]) }),
		rule("Period", 0, tIn+" Period", func(k []*Edge) (any, bool) { return k[1].Val, true }),
		// "vendas do mês", "faturamento do ano": the current one
		rule("Period", 0.1, tFrom+" "+tUnit, func(k []*Edge) (any, bool) {
			return unitPeriod(x, "this", k[1])
		}),
		// "acumulado do ano até maio": from the first's start to the second's end
		// "de 01/06 a 17/06, inclusive", "até amanhã, inclusive": a period's bounds are in it
		rule("Period", 0, "Period "+string(semantic.CatAnd)+"? "+string(semantic.CatIncl), func(k []*Edge) (any, bool) {
			return k[0].Val, slices.Contains(x.clauseEnds, k[2].To) && (k[1] == nil || k[1].Match != nil && k[1].Match.Text == ",")
		}),
		// "last month only", "in 2025 itself", "faturamento do mês passado apenas": the
		// period said with emphasis at a clause's end; "only" restricts what customers did
		// ("bought in May only"), so beside an activity it is not read
		rule("Period", 0, "Period "+string(semantic.CatEmph), func(k []*Edge) (any, bool) {
			return k[0].Val, slices.Contains(x.clauseEnds, k[1].To) && (arg(k[1]) == "itself" || !x.activity)
		}),
		rule("Period", 0, "Period "+tUntil+" Period", func(k []*Edge) (any, bool) { return span(k[0].Val.(periodV).p, k[2].Val.(periodV).p) }),
		// "maio do ano passado", "March last year": the month of that year
		rule("Period", 0, tMonth+" "+tFrom+"? Period", func(k []*Edge) (any, bool) { return monthOf(x, arg(k[0]), k[2].Val.(periodV).p) }),
		// "May month", "in May month 2025": the month said before its unit (Indian English)
		rule("Period", 0, tMonth+" "+tUnit+" "+tYear+"?", func(k []*Edge) (any, bool) {
			if arg(k[1]) != "month" {
				return nil, false
			}
			return month(x, arg(k[0]), arg(k[2]))
		}),
		// "mês de maio", "o mês de março"
		rule("Period", 0, tUnit+" "+tFrom+"? "+tMonth+" "+tFrom+"? "+tYear+"?", func(k []*Edge) (any, bool) {
			if arg(k[0]) != "month" || k[1] == nil && slices.Contains(x.afterBy, k[0].From) {
				return nil, false // "each month Jan to May": a breakdown, then a month
			}
			return month(x, arg(k[2]), arg(k[4]))
		}),
		rule("Periods", 0, "Period "+tAnd+" "+tFrom+"? Period", func(k []*Edge) (any, bool) {
			if x.relatesBetween(k[0].To, k[3].From) {
				return nil, false // "e o mesmo período do ano passado", "maio teve a mais do que abril"
			}
			return twoPeriods(x.cal.Now, k[0].Val.(periodV).p, k[3].Val.(periodV).p)
		}),
		// "for 2024 and, separately, for 2025", "em abril e, em separado, em maio": each
		// period a row of its own, as the periods joined by "and" are
		rule("Periods", 0, "Period "+tAnd+" "+tAnd+"? "+string(semantic.CatApart)+" "+tAnd+"? "+tFrom+"? Period", func(k []*Edge) (any, bool) {
			return twoPeriods(x.cal.Now, k[0].Val.(periodV).p, k[6].Val.(periodV).p)
		}),
		// "this quarter vs the same quarter last year", "maio e o mesmo mês do ano passado":
		// the first period's month or quarter in the other year; a comma may set the
		// comparison off ("em maio, comparado com o mesmo mês do ano passado")
		rule("Periods", 0, "Period "+tAnd+"? "+tVs+" "+tSame+" "+tUnit+"? "+tFrom+"? Period", func(k []*Edge) (any, bool) {
			return samePeriod(x, k[0].Val.(periodV).p, arg(k[4]), k[6].Val.(periodV).p)
		}),
		rule("Periods", 0, "Period "+tAnd+" "+tSame+" "+tUnit+"? "+tFrom+"? Period", func(k []*Edge) (any, bool) {
			return samePeriod(x, k[0].Val.(periodV).p, arg(k[3]), k[5].Val.(periodV).p)
		}),
		// "ontem e o mesmo dia da semana passada", "yesterday vs the same weekday last week"
		rule("Periods", 0, "Period "+tAnd+"? "+tVs+"? "+tSame+" "+tWeekday+" "+tFrom+"? Period", func(k []*Edge) (any, bool) {
			if arg(k[4]) != "1-5" { // "weekday", said of one day
				return nil, false
			}
			return samePeriod(x, k[0].Val.(periodV).p, "weekday", k[6].Val.(periodV).p)
		}),
		rule("Periods", 0, "Period "+tAnd+"? "+tVs+"? "+tSame+" "+tDim+" "+tFrom+"? Period", func(k []*Edge) (any, bool) {
			if arg(k[4]) != "weekday" { // "o mesmo dia da semana"
				return nil, false
			}
			return samePeriod(x, k[0].Val.(periodV).p, "weekday", k[6].Val.(periodV).p)
		}),
		// "entre o 4º trimestre de 2024 e o 1º de 2025", "Q4 2024 vs the 1st of 2025": the
		// second ordinal's unit is the first's, said once (never the 1st day of a month)
		rule("Periods", -0.1, tBetween+"? "+tOrdinal+" "+tUnit+" "+tFrom+"? "+tYear+"? "+tAnd+" "+tFrom+"? "+tOrdinal+" "+tFrom+"? "+tYear, func(k []*Edge) (any, bool) {
			a, ok1 := part(x, arg(k[1]), arg(k[2]), arg(k[4]))
			b, ok2 := part(x, arg(k[7]), arg(k[2]), arg(k[9]))
			if !ok1 || !ok2 {
				return nil, false
			}
			return twoPeriods(x.cal.Now, a.(periodV).p, b.(periodV).p)
		}),
		rule("Periods", -0.1, tOrdinal+" "+tUnit+" "+tFrom+"? "+tYear+"? "+tVs+" "+tFrom+"? "+tOrdinal+" "+tFrom+"? "+tYear, func(k []*Edge) (any, bool) {
			a, ok1 := part(x, arg(k[0]), arg(k[1]), arg(k[3]))
			b, ok2 := part(x, arg(k[6]), arg(k[1]), arg(k[8]))
			if !ok1 || !ok2 {
				return nil, false
			}
			return twoPeriods(x.cal.Now, a.(periodV).p, b.(periodV).p)
		}),
		// "(the difference) between this month and last month": two periods, not one span
		// "comparing 2025 with 2024", "comparando maio com abril": two periods compared
		rule("Periods", 0, tVs+" Period "+string(semantic.CatWith)+" "+tFrom+"? Period", func(k []*Edge) (any, bool) {
			return twoPeriods(x.cal.Now, k[1].Val.(periodV).p, k[4].Val.(periodV).p)
		}),
		rule("Periods", 0.3, tBetween+" Period "+tAnd+" "+tFrom+"? Period", func(k []*Edge) (any, bool) {
			return periodsV{k[1].Val.(periodV).p, k[4].Val.(periodV).p}, true
		}),
		// "sales compared to last month", "revenue vs last year": the unit that runs now
		// against the one before, when no other period is said
		rule("Periods", 0.1, tVs+" "+tFrom+"? Period", func(k []*Edge) (any, bool) {
			if !x.onlyFunctionWords(k[0].To, k[2].From) {
				return nil, false // "x mesmo período do ano passado": the same part of which period is not said
			}
			return againstCurrent(x, k[2].Val.(periodV).p)
		}),
		rule("Periods", 0, "Period "+tVs+" "+tFrom+"? Period", func(k []*Edge) (any, bool) {
			if x.relatesBetween(k[0].To, k[3].From) {
				return nil, false // "x mesmo período do ano anterior": the same part of it
			}
			return twoPeriods(x.cal.Now, k[0].Val.(periodV).p, k[3].Val.(periodV).p)
		}),
		// "last week vs the week before", "maio e o mês anterior", "this quarter vs the one
		// before": the unit before the first period, not before now (cheaper than reading
		// "the previous week" as last week)
		// ("last month" after a period stays the month before now: "março vs mês passado")
		rule("Prior", 0, tBefore2+" "+tUnit, func(k []*Edge) (any, bool) { return arg(k[1]), true }),
		rule("Prior", 0, tUnit+" "+tBefore2, func(k []*Edge) (any, bool) { return arg(k[0]), true }),
		rule("Prior", 0, tNumWord+" "+tBefore2, func(k []*Edge) (any, bool) { return "", arg(k[0]) == "1" }),
		rule("Prior", 0, tBefore2+" "+tNumWord, func(k []*Edge) (any, bool) { return "", arg(k[1]) == "1" }),
		rule("Periods", -0.05, "Period "+tVs+" "+tFrom+"? Prior", func(k []*Edge) (any, bool) {
			return priorPeriod(x, k[0].Val.(periodV).p, k[3].Val.(string))
		}),
		// alone only after "vs": "mês passado e já tinham comprado antes" is a cohort
		rule("Periods", -0.05, "Period "+tVs+" "+tFrom+"? "+tBefore2, func(k []*Edge) (any, bool) {
			return priorPeriod(x, k[0].Val.(periodV).p, "")
		}),
		rule("Periods", -0.05, "Period "+tAnd+" "+tFrom+"? Prior", func(k []*Edge) (any, bool) {
			return priorPeriod(x, k[0].Val.(periodV).p, k[3].Val.(string))
		}),
		// "no dia dos namorados (12/06)", "Black Friday, 29/11": a named day said with its
		// date is that day
		rule("Period", 0, string(semantic.CatOccasion)+" Period", func(k []*Edge) (any, bool) {
			return k[1].Val, k[1].Val.(periodV).p.Kind == semantic.CalendarDay
		}),
		rule("Period", 0, "Period "+string(semantic.CatOccasion), func(k []*Edge) (any, bool) {
			return k[0].Val, k[0].Val.(periodV).p.Kind == semantic.CalendarDay
		}),
		// "since January until May" is January to May: "since" opens the span's first
		// period (Period until Period), never the whole span, whose end it would drop
		rule("Period", 0, tSince+" Period", func(k []*Edge) (any, bool) {
			if len(k[1].Kids) == 3 && k[1].Kids[1] != nil && k[1].Kids[1].Sym == tUntil {
				return nil, false
			}
			return open(k[1].Val.(periodV).p, "since")
		}),
		// "hoje ou amanhã", "this week or next": one window when the two meet
		rule("Period", 0, "Period "+tOr+" Period", func(k []*Edge) (any, bool) {
			a, b := k[0].Val.(periodV).p, k[2].Val.(periodV).p
			if a.To == "" || a.To != b.From {
				return nil, false
			}
			return span(a, b)
		}),
		rule("Period", 0, tAfter+" Period", func(k []*Edge) (any, bool) { return open(k[1].Val.(periodV).p, "after") }),
		rule("Period", 0, tBefore+" Period", func(k []*Edge) (any, bool) { return open(k[1].Val.(periodV).p, "before") }),
		rule("Period", 0, tFrom+" Period "+tTo+" Period", func(k []*Edge) (any, bool) { return endsSpan(x, k[1], k[3]) }),
		rule("Period", 0.1, "Period "+tTo+" Period", func(k []*Edge) (any, bool) { return endsSpan(x, k[0], k[2]) }),
		rule("Period", 0, tBetween+" Period "+tAnd+" Period", func(k []*Edge) (any, bool) {
			a, b := k[1].Val.(periodV).p, k[3].Val.(periodV).p
			v, ok := span(a, b)
			return spanEnds(v, ok, a, b)
		}),

		// ---- ranking: "top 5", "os 10 ... que mais", "qual loja ... menos"
		rule("Rank", 0, tTop+" Num?", func(k []*Edge) (any, bool) {
			return rankV{order: semantic.Descending, limit: atoiOr(arg(k[1]), 0), dflt: arg(k[0]) == "sort"}, true
		}),
		// "as 3 primeiras", "the first 5", "primeiros 10": the first N of a ranking, never of
		// a time ("the first 3 months", "nos 10 primeiros dias" are a period's start)
		rule("Rank", 0, "Num "+tOrdinal, func(k []*Edge) (any, bool) { return firstN(x, k[0], k[1]) }),
		rule("Rank", 0, tOrdinal+" Num", func(k []*Edge) (any, bool) { return firstN(x, k[1], k[0]) }),
		rule("Rank", 0, tMost, func(k []*Edge) (any, bool) { return rankV{order: semantic.Descending, all: arg(k[0]) == "all"}, true }),
		rule("Rank", 0, tLeast, func(k []*Edge) (any, bool) { return rankV{order: semantic.Ascending, all: arg(k[0]) == "all"}, true }),
		// the order said with "first" ("worst first", "maiores primeiro", "biggest city
		// first"): the groups a breakdown of the question makes, said again
		rule("Rank", 0, "Order "+tDim+"? "+tOrdinal, func(k []*Edge) (any, bool) {
			if arg(k[2]) != "1" {
				return nil, false
			}
			v := rankV{order: k[0].Val.(semantic.Order)}
			if k[1] != nil {
				if v.of = dimByID(arg(k[1])); v.of == nil {
					return nil, false
				}
			}
			return v, true
		}),
		rule("Order", 0, tMost, func(k []*Edge) (any, bool) { return semantic.Descending, true }),
		rule("Order", 0, tLeast, func(k []*Edge) (any, bool) { return semantic.Ascending, true }),
		// the end of an order said as a range ("from the highest | to the lowest", "do
		// mais usado | pro menos usado"): the direction its start said, said again (the
		// assembly checks a ranking of the opposite word comes before it)
		rule("Clause", 0, tOrderTo+" Order", func(k []*Edge) (any, bool) {
			return clauseV{"orderend", orderEnd{order: k[1].Val.(semantic.Order)}}, true
		}),
		// the end said as a relative clause ("pra que vendeu menos", "to the one that sold
		// the least"): its verb is the start's (checked by the assembly)
		rule("Clause", 0, tOrderTo+" Num? "+tEvent+" Order", func(k []*Edge) (any, bool) {
			if k[1] != nil && arg(k[1]) != "1" {
				return nil, false // "the one that": one, never a number of rows
			}
			return clauseV{"orderend", orderEnd{order: k[3].Val.(semantic.Order), verb: arg(k[2])}}, true
		}),
		// "quais prêmios | que o povo mais resgata": "que" right after a noun opens a
		// relative clause whose subject is who acts, never "which customers"
		rule("Group", 0, tWho+" "+tDim, func(k []*Edge) (any, bool) {
			if arg(k[1]) == "customer" && slices.Contains(x.afterNoun, k[0].From) || slices.Contains(x.afterMore, k[0].From) {
				return nil, false
			}
			return groupOf(arg(k[1]), k[1])
		}),
		rule("Group", 0, tWho+" "+tNoun, func(k []*Edge) (any, bool) {
			if arg(k[1]) == "customers" && slices.Contains(x.afterNoun, k[0].From) || slices.Contains(x.afterMore, k[0].From) {
				return nil, false
			}
			return groupOf(arg(k[1]), k[1])
		}),

		// ---- attributes asked for: "telefone e email da X", "last purchase date of Y"
		rule("Attrs", 0, tAttr, func(k []*Edge) (any, bool) { return attrs(arg(k[0])) }),
		rule("Attrs", 0, tAttr+" "+tAnd+" Attrs", func(k []*Edge) (any, bool) {
			a, ok := attrs(arg(k[0]))
			if !ok {
				return nil, false
			}
			return attrsV(append(a.(attrsV), k[2].Val.(attrsV)...)), true
		}),

		// "name and phone only", "só telefone e e-mail": "only" said of a list's columns is
		// the columns asked, nothing fewer rows
		rule("Attrs", 0, "Attrs "+tCmp, func(k []*Edge) (any, bool) {
			return k[0].Val, arg(k[1]) == "=" && slices.Contains(x.clauseEnds, k[1].To)
		}),
		rule("Attrs", 0, tCmp+" Attrs", func(k []*Edge) (any, bool) {
			return k[1].Val, arg(k[0]) == "=" && x.focus[k[0].From]
		}),

		// "com data, valor e data do cancelamento", "with the points and the expiry date":
		// the columns of a list, plain words (semantic.Columns) among them, which name the
		// attribute of the list's rows (the assembly reads which)
		rule("ColItem", 0, tAttr, func(k []*Edge) (any, bool) { return attrs(arg(k[0])) }),
		rule("ColItem", 0, tColumn, func(k []*Edge) (any, bool) {
			a := semantic.ColumnSlot(arg(k[0]))
			return attrsV{a}, a != nil
		}),
		rule("ColList", 0, "ColItem", func(k []*Edge) (any, bool) { return k[0].Val, true }),
		rule("ColList", 0, "ColItem "+tAnd+" ColList", func(k []*Edge) (any, bool) {
			return attrsV(append(slices.Clone(k[0].Val.(attrsV)), k[2].Val.(attrsV)...)), true
		}),
		rule("Attrs", 0, tHave+" ColList", func(k []*Edge) (any, bool) {
			as := k[1].Val.(attrsV)
			return as, slices.ContainsFunc(as, func(a *semantic.Attribute) bool { return a.Owner == nil })
		}),

		// ---- clauses: the constituents a question is a sequence of
		clause("chrono", string(semantic.CatChrono), 0),
		clause("attrs", "Attrs", 0),
		clause("measures", "Measures", 0),
		clause("aggs", "Aggs", 0),
		clause("subject", "Subject", 0),
		clause("breakdown", "Breakdown", 0),
		clause("filter", "Filter", 0),
		clause("period", "Period", 0),
		clause("periods", "Periods", 0),
		clause("rank", "Rank", 0),
		clause("group", "Group", 0),
		clause("number", "Num", 0.5),
		rule("Clause", 0, tBy+" Measure", func(k []*Edge) (any, bool) {
			return clauseV{"measures", []*semantic.Measure{k[1].Val.(measureV).m}}, true
		}),
		markerClause("agg", tAgg, 0.3),
		markerClause("list", string(semantic.CatList), 0),
		markerClause("vs", string(semantic.CatVs), 0),
		// "of those who signed up in 2024, what % bought since": since the sign-up (the
		// assembly takes it only there)
		markerClause("since", tSince, 1),
		markerClause("unknowns", string(semantic.CatUnknowns), 0),
		markerClause("share", string(semantic.CatShare), 0),
		markerClause("growth", string(semantic.CatGrowth), 0),
		// "vs PY", "vs same period LY", "x mesmo período do AA", "vs PP": the period the
		// question names against the same one a year (or its own length) before; "the
		// week before", "the month before": one unit before (the assembly takes the period)
		rule("Clause", 0, tVs+"? "+tSame+"? "+tUnit+"? "+tFrom+"? "+tPrior, func(k []*Edge) (any, bool) {
			if k[2] != nil && (k[1] == nil || arg(k[4]) == "period") {
				return nil, false // "vs month PP"
			}
			if k[0] != nil || k[1] != nil {
				return clauseV{"prior", marker("vs:" + arg(k[4]))}, true
			}
			return clauseV{"prior", marker(arg(k[4]))}, true
		}),
		rule("Clause", 0, string(semantic.CatGrowth)+" "+string(semantic.CatShare), func(k []*Edge) (any, bool) { return clauseV{"growth", marker("")}, true }),
		rule("Clause", 0, string(semantic.CatShare)+" "+string(semantic.CatGrowth), func(k []*Edge) (any, bool) { return clauseV{"growth", marker("")}, true }),
		markerClause("diff", string(semantic.CatDiff), 0),
		markerClause("percust", tPerCust, 0),
		markerClause("abs", string(semantic.CatAbs), 0),
		// "nos lançamentos do tipo estorno", "nos lançamentos de crédito", "in the reversal
		// entries": the entries a sum of points reads, said again (the assembly checks they
		// are the measure's)
		rule("Clause", 0, tIn+" "+tNoun+" "+tFrom+"? "+tNoun, func(k []*Edge) (any, bool) { return entriesOf(arg(k[1]), arg(k[3])) }),
		rule("Clause", 0, tIn+" "+tNoun+" "+tFrom+"? "+tEvent, func(k []*Edge) (any, bool) { return entriesOf(arg(k[1]), arg(k[3])) }),
		rule("Clause", 0, tIn+" "+tNoun+" "+tNoun, func(k []*Edge) (any, bool) { return entriesOf(arg(k[2]), arg(k[1])) }),
		markerClause("both", tBoth, 0),
		markerClause("apart", string(semantic.CatApart), 0),
		// "show me both", "mostra os dois": "both" said with the verb that shows it, at a
		// clause's end ("quais os dois prêmios ..." asks which two)
		rule("Clause", 0, string(semantic.CatList)+" "+tBoth, func(k []*Edge) (any, bool) {
			return clauseV{"both", marker("")}, slices.Contains(x.clauseEnds, k[1].To)
		}),
		// "os 2 separado", "show the two figures separately", "as três separadas": the
		// things compared, counted, kept apart (the assembly checks the question compares)
		rule("Clause", 0, string(semantic.CatList)+"? Num "+string(semantic.CatApart), func(k []*Edge) (any, bool) {
			n := atoiOr(k[1].Val.(string), 0)
			return clauseV{"apart", marker("")}, n >= 2 && n <= 6
		}),
		// "os três valores em uma única linha", "both figures", "the 3 numbers": the
		// answer's figures, counted (the assembly checks there are as many measures)
		rule("Clause", 0, "Num "+string(semantic.CatFigures), func(k []*Edge) (any, bool) {
			n := atoiOr(k[0].Val.(string), 0)
			return clauseV{"figures", figuresV(n)}, n >= 2 && n <= 6
		}),
		rule("Clause", 0, tBoth+" "+string(semantic.CatFigures), func(k []*Edge) (any, bool) {
			return clauseV{"figures", figuresV(2)}, true
		}),
		// "(nas duas lojas)", "at both stores": the stores named are each required
		rule("Clause", 0, tBoth+" "+tNoun, func(k []*Edge) (any, bool) {
			if arg(k[1]) != "stores" {
				return nil, false
			}
			return clauseV{"both", marker("")}, true
		}),
		markerClause("than", string(semantic.CatThan), 0.2),
		markerClause("cost", tCost, 0.3),
		// "top 3 stores by sales count": ranked by the count of a fact's rows
		rule("Clause", 0, tBy+" "+tAgg+"? "+tNoun+" "+tAgg+"?", func(k []*Edge) (any, bool) {
			if (k[1] != nil && arg(k[1]) != "count") || (k[3] != nil && arg(k[3]) != "count") {
				return nil, false
			}
			n := semantic.NounByID(arg(k[2]))
			if n == nil || n.Fact == nil || n.Fact.Count == "" || n.Fact == semantic.Customers {
				return nil, false
			}
			return clauseV{"measures", []*semantic.Measure{semantic.MeasureByID(n.Fact.Count)}}, true
		}),
		// "top 10 customers by spend", "clientes por gasto": ranked by what the event measures
		rule("Clause", 0.1, tBy+" "+tEvent, func(k []*Edge) (any, bool) { return clauseV{"event", marker(arg(k[1]))}, true }),
		markerClause("write", string(semantic.CatWrite), 0),
		markerClause("forecast", string(semantic.CatForecast), 0),
		markerClause("scope", string(semantic.CatScope), 0),
		markerClause("event", tEvent, 0.5),
		markerClause("noun", tNoun, 0.5),
		markerClause("who", tWho, 0.2),
		markerClause("dim", tDim, 0.5),
		markerClause("optin", tOptIn, 0.5),
		markerClause("timeof", string(semantic.CatTimeOf), 0),
		markerClause("have", tHave, 0.3),
		markerClause("bands", tBands, 0.5),
		// "em cada faixa", "in each group": the bands named again
		rule("Clause", 0.5, tBy+" "+tBands, func(k []*Edge) (any, bool) { return clauseV{"bands", marker("")}, true }),
		markerClause("when", string(semantic.CatWhen), 0),
		markerClause("pronoun", string(semantic.CatPronoun), 0),
	}, append(append(append(append(append(append(append(append(postposedNew(), statsRules()...), possessiveRules(x)...), bandsOfRules(x)...), includeRules()...), distributionRules()...), weekRules(x)...), amongRules()...), append(append(informal(x), eitherRules()...), append(wordyRules(x), nameRules()...)...)...)...)
}

const (
	tBands    = string(semantic.CatBands)
	tAttr     = string(semantic.CatAttr)
	tOptIn    = string(semantic.CatOptIn)
	tMessages = string(semantic.CatMessages)
	tPerson   = string(semantic.CatPerson)
	tRestrict = string(semantic.CatRestrict)
	tDiv      = string(semantic.CatDiv)
	tHave     = string(semantic.CatHave)
	tOnFile   = string(semantic.CatOnFile)
	tColumn   = string(semantic.CatColumn)
	tMany     = string(semantic.CatMany)
	tUse      = string(semantic.CatUse)
	tVs       = string(semantic.CatVs)
	tNew      = string(semantic.CatNew)
	tTrend    = string(semantic.CatTrend)
	tUntil    = string(semantic.CatUntil)
	tLast2    = string(semantic.CatLast2)
	tCost     = string(semantic.CatCost)
	tAgo      = string(semantic.CatAgo)
	tSame     = string(semantic.CatSame)
	tPrior    = string(semantic.CatPrior)

	tQuarterN = string(semantic.CatQuarterN)
	tHalfN    = string(semantic.CatHalfN)
	tOnward   = string(semantic.CatOnward)
	tDayNo    = string(lexicon.CatDayNo)
	tLiteral  = string(lexicon.CatLiteral)
	tInName   = string(semantic.CatInName)
)

// activity is "customers who did (not) do it", standing alone in the question.
func activity(event string, yes bool) (any, bool) {
	e := semantic.EventByID(event)
	if e == nil || e.Activity == nil {
		return nil, false
	}
	f := e.Activity(yes)
	did := map[bool]string{true: "did", false: "did not"}[yes]
	return filterV{id: "activity:" + event + strconv.FormatBool(yes), event: true, inReport: did, resolve: func(fact *semantic.Fact) (*semantic.Filter, bool) {
		return f, fact == semantic.Customers
	}}, true
}

// absence is the window of "há mais de N dias": the last N units, for a denied activity.
func absence(x *env, n, unit string) (any, bool) {
	v, ok := lastN(x, n, unit)
	if !ok {
		return nil, false
	}
	p := v.(periodV)
	p.absence = true
	return p, true
}

// neverDid is "customers who never did it": at no time, so the report's period dates
// something else (their sign-up), never the activity.
func neverDid(event string) (any, bool) {
	v, ok := activity(event, false)
	if !ok {
		return nil, false
	}
	fv := ever(v.(filterV))
	fv.id += ":ever"
	return fv, true
}

// everDid is "customers who did it at some time": the ones a question leaves out by saying
// who never did ("sem contar os que nunca compraram"); a noun said there must be customers.
func everDid(event string, noun *Edge) (any, bool) {
	if noun != nil && arg(noun) != "customers" {
		return nil, false
	}
	v, ok := activity(event, true)
	if !ok {
		return nil, false
	}
	fv := ever(v.(filterV))
	fv.id += ":ever"
	return fv, true
}

// didButNot is "did it in the first period but not in the second": the customers of the
// event's first period with none in the second.
func didButNot(event, first, second *Edge) (any, bool) {
	e := semantic.EventByID(arg(event))
	p1, p2 := first.Val.(periodV).p, second.Val.(periodV).p
	if e == nil || e.Activity == nil || first.Val.(periodV).absence {
		return nil, false
	}
	both, err := semantic.Both(semantic.AtPeriod(e.Activity(true), p1), semantic.AtPeriod(e.Activity(false), p2))
	if err != nil {
		return nil, false
	}
	return filterV{id: "cohort2:" + arg(event) + p1.From + p2.From, period: true, event: true, cohortPeriod: p1, deniedPeriod: p2, resolve: func(fact *semantic.Fact) (*semantic.Filter, bool) {
		return both, fact == semantic.Customers
	}}, true
}

// didButNotIn is "did it at some time (before p), but not in period p" (lapsed customers,
// when p is the last N days).
func didButNotIn(event string, before bool, p *semantic.Period) (any, bool) {
	e := semantic.EventByID(event)
	if e == nil || e.Activity == nil {
		return nil, false
	}
	did := semantic.Ever(e.Activity(true))
	if before {
		if p.From == "" {
			return nil, false
		}
		did = semantic.AtPeriod(e.Activity(true), semantic.Before(p))
	}
	both, err := semantic.Both(did, semantic.AtPeriod(e.Activity(false), p))
	if err != nil {
		return nil, false
	}
	return filterV{id: "lapsed:" + event + p.From + p.To + ":false", period: true, event: true, deniedPeriod: p, resolve: func(fact *semantic.Fact) (*semantic.Filter, bool) {
		return both, fact == semantic.Customers
	}}, true
}

// openBand is a band said with a comparison: "acima de 60" (61 on), "60 or more", "under
// 25" (up to 24, from zero), "até 25" (from zero to 25).
func openBand(cmp, num string) (any, bool) {
	n := atoiOr(num, -1)
	switch cmp {
	case ">":
		return []semantic.AgeBand{{Lo: n + 1, Hi: -1, Above: true}}, n >= 0
	case ">=":
		return []semantic.AgeBand{{Lo: n, Hi: -1}}, n >= 0
	case "<":
		return []semantic.AgeBand{{Lo: 0, Hi: n - 1, Below: true}}, n >= 1
	case "<=":
		return []semantic.AgeBand{{Lo: 0, Hi: n, UpTo: true}}, n >= 1
	}
	return nil, false
}

// bandDim is the breakdown by bands of a quantity: the noun's (age, balance, value), the
// values when a band is said in money, else the measure's, resolved by the assembly.
func bandDim(noun string, bv bandsV) (any, bool) {
	bands := bv.bands
	if len(bands) < 2 {
		return nil, false
	}
	switch {
	case bv.unit == "":
	case noun == "" || noun == "customers" || noun == bv.unit || noun == "age" && bv.unit == "years" || noun == "balance" && bv.unit == "points" || noun == "purchases" && bv.unit == "sales":
		// the unit said with the bands names their quantity ("até 24 anos", "1 compra")
		noun = map[string]string{"years": "age", "points": "balance", "sales": "purchases"}[bv.unit]
		if noun == "" {
			return nil, false // bands of redemptions, of times: not in the model
		}
	default:
		return nil, false // "por idade: 0, 1 a 5 pontos"
	}
	if bv.money {
		switch noun {
		case "", "value", "sales":
			noun = "value"
		default:
			return nil, false // "idade: até R$ 50"
		}
	}
	// a last band written as one number is open ("55+"); bands must rise and meet
	if last := &bands[len(bands)-1]; last.Hi == last.Lo {
		last.Hi = -1
	}
	for i := 1; i < len(bands); i++ {
		if bands[i].Lo <= bands[i-1].Lo {
			return nil, false
		}
	}
	// amounts may share a bound; whole numbers (ages, points) may not. Bands of no noun
	// get the amounts' test here and the exact one when assembly knows their quantity.
	amounts := noun == "" || noun == "value" || noun == "sales"
	if !semantic.BandsMeet(bands, amounts) {
		return nil, false // "18-24, 20-30": a value in two bands; "18-24, 30-40": in none
	}
	switch noun {
	case "":
		return breakdownV{dims: []*semantic.Dimension{semantic.ByAgeBand(bands)}, bands: bands}, true
	case "customers":
		return breakdownV{dims: []*semantic.Dimension{semantic.ByAgeBand(bands)}, bands: bands, ofCustomers: true, rows: semantic.Customers}, true
	case "age":
		return breakdownV{dims: []*semantic.Dimension{semantic.ByAgeBand(bands)}}, true
	case "balance", "points":
		return breakdownV{dims: []*semantic.Dimension{semantic.ByBalanceBand(bands)}}, true
	case "value", "sales":
		return breakdownV{dims: []*semantic.Dimension{semantic.ByValueBand(bands)}}, true
	case "purchases":
		// "faixas 1 compra, 2 a 3 compras e 4 ou mais": how many purchases each customer
		// made, resolved by the assembly with the period
		return breakdownV{bands: bands, purchases: true}, true
	}
	return nil, false
}

// memberOfDim is a value named with its dimension ("estado de SP", "app origin").
// placeOfStores is place m said with noun: the stores named, or the stores of a city or
// state, when noun is the stores'.
func placeOfStores(noun string, m memberV) (any, bool) {
	if noun != "stores" || (m.kind != "store" && m.kind != "city" && m.kind != "state") {
		return nil, false
	}
	return m, true
}

func memberOfDim(dim string, m memberV) (any, bool) {
	kinds := map[string]string{"state": "state", "city": "city", "store": "store", "payment_type": "payment", "origin": "origin", "product": "product"}
	if kinds[dim] != m.kind {
		return nil, false
	}
	return m, true
}

// firstTerminal is the lexicon match of the first word e covers.
func firstTerminal(e *Edge) *lexicon.Match {
	for e.Match == nil {
		i := slices.IndexFunc(e.Kids, func(k *Edge) bool { return k != nil })
		if i < 0 {
			return &lexicon.Match{}
		}
		e = e.Kids[i]
	}
	return e.Match
}

// storeWordFirst reports whether match m is a breakdown or starts with a word of the
// stores noun ("store in Rio de Janeiro"), never a place named first.
func storeWordFirst(m *lexicon.Match) bool {
	if m.Cat == semantic.CatDim {
		return true
	}
	f := strings.Fields(semantic.Fold(m.Text))
	n := semantic.NounByID("stores")
	return len(f) > 0 && n != nil && slices.Contains(n.Words.All(), f[0])
}

// hasRows is "customers with <flag> <rows>" ("com resgate pendente").
func hasRows(noun string, flags ...string) (any, bool) {
	n := semantic.NounByID(noun)
	if n == nil || n.Fact == nil || n.Fact == semantic.Customers {
		return nil, false
	}
	var xs []*semantic.Filter
	for _, flag := range flags {
		fl := semantic.FlagByID(flag)
		if fl == nil || fl.Filter == nil || slices.Contains(flags[:len(xs)], flag) {
			return nil, false
		}
		xs = append(xs, fl.Filter())
	}
	f, err := semantic.HasRowsWith(n.Fact, xs...)
	if err != nil {
		return nil, false
	}
	return filterV{id: "has:" + noun + ":" + strings.Join(flags, ":"), aboutCustomers: true, resolve: func(fact *semantic.Fact) (*semantic.Filter, bool) {
		return f, fact == semantic.Customers
	}}, true
}

// aggsV is a list of aggregates (each with the noun it sums, if said) of rows named
// elsewhere in the question.
type aggsV []aggNoun

type aggNoun struct{ agg, noun string }

func (v aggsV) key() string {
	s := "g:"
	for _, x := range v {
		s += x.agg + "/" + x.noun + ","
	}
	return s
}

// companionOf is a second measure of the rows first counts or sums: "quantidade de vendas
// e valor" (their value), "how many sales and how much" (their amount), "número de
// estornos e pontos" (the points reversed). The words of first's composition keys say
// which rows and which event; the aggregate and noun said replace its aggregate.
func companionOf(first *semantic.Measure, agg, noun string) (any, bool) {
	if n := semantic.NounByID(noun); n != nil && (agg == "" || agg == "count" && n.Fact == nil) {
		agg = n.Agg // "how many points": a quantity is summed, never counted
	}
	if agg == "" || agg == "distinct" {
		return nil, false
	}
	extra := []string{noun}
	if noun == "" && agg == "sum" {
		extra = []string{"value", "points"} // "how much": the rows' amount
	}
	for _, k := range first.Keys {
		rest := strings.Fields(k)[1:]
		for _, e := range extra {
			words := rest
			if e != "" {
				words = append([]string{e}, rest...)
			}
			for _, p := range permutations(words) {
				if m := measureByKey(strings.Join(append([]string{agg}, p...), " ")); m != nil && m != first && m.Fact == first.Fact {
					return []*semantic.Measure{first, m}, true
				}
			}
		}
	}
	return nil, false
}

// permutations of a few words (at most 4).
func permutations(ws []string) [][]string {
	if len(ws) <= 1 || len(ws) > 4 {
		return [][]string{ws}
	}
	var out [][]string
	for i := range ws {
		rest := append(append([]string(nil), ws[:i]...), ws[i+1:]...)
		for _, p := range permutations(rest) {
			out = append(out, append([]string{ws[i]}, p...))
		}
	}
	return out
}

// elided are the measures of "pontos creditados vs resgatados", "quantos pontos foram
// creditados, quantos debitados e quantos estornados": the first, then each event's with
// the first's nouns and aggregate. An aggregate said again must be the first's ("how many
// ... and how much" is another measure); a measure said twice is no list.
func elided(first measureV, events elidedV) (any, bool) {
	if len(first.nouns) == 0 {
		return nil, false
	}
	out := []*semantic.Measure{first.m}
	for _, e := range events {
		if e.agg != "" && first.agg != "" && e.agg != first.agg && !(first.agg == "sum" && e.agg == "count") {
			return nil, false
		}
		v, ok := compose(first.agg, first.nouns, e.event, false)
		if !ok || slices.Contains(out, v.(measureV).m) {
			return nil, false
		}
		out = append(out, v.(measureV).m)
	}
	return out, true
}

func subjectOf(noun, event string, neg bool) (any, bool) {
	n := semantic.NounByID(noun)
	s := subjectV{noun: n, neg: neg}
	if event != "" {
		s.event = semantic.EventByID(event)
		if s.event == nil || (s.event.Activity == nil && event != "signup") || (event == "signup" && neg) {
			return nil, false
		}
	}
	return s, true
}

// perCustomerThreshold is "customers whose <event> compares": their spend, their number
// of purchases, the stores they bought at.
func perCustomerThreshold(event, quantity, op, n string) (any, bool) {
	e := semantic.EventByID(event)
	if e == nil || e.Activity == nil {
		return nil, false
	}
	if e.ID == "spend" && quantity != "money" {
		return nil, false
	}
	if quantity == "times" {
		if quantity = e.Times; quantity == "" {
			return nil, false
		}
	}
	v, ok := threshold(quantity, op, n)
	if !ok {
		return nil, false
	}
	fv := v.(filterV)
	inner := fv.resolve
	fv.id, fv.event = "customer_"+fv.id, true
	fv.resolve = func(f *semantic.Fact) (*semantic.Filter, bool) {
		x, ok := inner(semantic.Customers)
		if !ok || x == nil || !x.Applies(f, nil) && !x.UsesPeriod {
			return nil, false
		}
		return x, true
	}
	return fv, true
}

// countedWith is threshold v on the number of a customer's rows, over the rows flag names.
func countedWith(v filterV, flag string) (any, bool) {
	fl := semantic.FlagByID(flag)
	if v.counted == nil || fl == nil || fl.Filter == nil {
		return nil, false
	}
	f, err := semantic.RowCountWith(semantic.NounByID(v.counted.noun).Fact, fl.Filter(), v.counted.op, v.counted.n)
	if err != nil {
		return nil, false
	}
	return filterV{id: "count:" + v.id + ":" + flag, event: true, resolve: func(fact *semantic.Fact) (*semantic.Filter, bool) {
		return f, fact == semantic.Customers
	}}, true
}

// attrsV is a list of attributes asked for.
type attrsV []*semantic.Attribute

func (v attrsV) key() string {
	var ids []string
	for _, a := range v {
		ids = append(ids, a.ID)
	}
	return "a:" + strings.Join(ids, ",")
}

// nounAttr is the column a noun is on each listed row ("saldo": the points balance): the
// per-row attribute of the measure that sums it.
func nounAttr(noun string) (any, bool) {
	m := measureByKey("sum " + noun)
	if m == nil || m.PerRow == nil {
		return nil, false
	}
	return attrsV{m.PerRow}, true
}

func attrs(id string) (any, bool) {
	a := semantic.AttributeByID(id)
	if a == nil {
		return nil, false
	}
	return attrsV{a}, true
}

func byID(id string) (any, bool) {
	m := semantic.MeasureByID(id)
	if m == nil {
		return nil, false
	}
	return measureV{m: m}, true
}

// measureByKey finds the measure whose composition key is k.
func measureByKey(k string) *semantic.Measure {
	for _, m := range semantic.Measures {
		for _, x := range m.Keys {
			if x == k {
				return m
			}
		}
	}
	return nil
}

// compose reads "aggregate noun(s) [event] [per customer]" as the measure with that key.
func compose(agg string, nouns []string, event string, perCust bool) (any, bool) {
	var ns []string
	for _, n := range nouns {
		if n != "" {
			ns = append(ns, n)
		}
	}
	if agg == "" {
		if len(ns) == 0 {
			return nil, false
		}
		n := semantic.NounByID(ns[0])
		if n.Fact == semantic.Customers && !perCust {
			return nil, false // "clientes" alone is a subject; its count needs "quantos"
		}
		agg = n.Agg
		for _, x := range ns[1:] {
			if q := semantic.NounByID(x); q.Fact == nil {
				agg = q.Agg // "valor das compras", "purchase value": the quantity's aggregate
			}
		}
		if n.Fact != nil && event == "" && !perCust && len(ns) == 1 {
			return nil, false // "vendas" alone is a subject too
		}
	}
	if perCust && agg == "avg" && len(ns) == 1 {
		// "média de resgates por cliente": the rows' count (or amount) per customer
		n := semantic.NounByID(ns[0])
		if base := measureByKey(n.Agg + " " + n.ID); base != nil {
			if pc, err := semantic.PerCustomer(base); err == nil {
				return measureV{m: pc, agg: agg, nouns: ns}, true
			}
		}
	}
	orders := [][]string{ns}
	if len(ns) == 2 {
		orders = append(orders, []string{ns[1], ns[0]})
	}
	for _, o := range orders {
		parts := append([]string{agg}, o...)
		if event != "" {
			parts = append(parts, event)
		}
		if perCust {
			parts = append(parts, "customers")
		}
		if m := measureByKey(strings.Join(parts, " ")); m != nil {
			return measureV{m: m, agg: agg, nouns: o}, true
		}
	}
	return nil, false
}

// aggOf applies an aggregate word to a measure named directly ("total de faturamento",
// "média do saldo").
// sumsNoun: the measure is a sum of the quantity noun, as one of its keys says ("sum
// points balance").
// valueOfMeasure is v when the quantity noun ("valor", "amount") is what v sums, or what
// v averages or ranks ("avg value" in its keys): the noun names v's own value.
func valueOfMeasure(noun string, v measureV) (any, bool) {
	n := semantic.NounByID(noun)
	if n == nil || n.Fact != nil || n.Agg != "sum" {
		return nil, false
	}
	if v.of != nil { // "valor da mediana do ticket": a statistic of a measure of it
		if _, ok := valueOfMeasure(noun, measureV{m: v.of}); !ok {
			return nil, false
		}
		return v, true
	}
	if v.m.Kind == semantic.Sum {
		return v, true
	}
	for _, k := range v.m.Keys {
		if f := strings.Fields(k); len(f) > 1 && f[0] != "count" && f[1] == noun {
			return v, true
		}
	}
	return nil, false
}

func sumsNoun(id, noun string) bool {
	m := semantic.MeasureByID(id)
	if m == nil || m.Kind != semantic.Sum {
		return false
	}
	for _, k := range m.Keys {
		if f := strings.Fields(k); len(f) > 1 && f[0] == "sum" && f[1] == noun {
			return true
		}
	}
	return false
}

func aggOf(agg, id string) (any, bool) {
	m := semantic.MeasureByID(id)
	if m == nil {
		return nil, false
	}
	switch agg {
	case "sum", "count":
		if m.Kind == semantic.Sum || m.Kind == semantic.Count {
			return measureV{m: m}, true
		}
	case "avg":
		if m.Kind == semantic.Average || m.Kind == semantic.Ratio {
			return measureV{m: m}, true
		}
		if a, err := semantic.AverageOf(m); err == nil {
			return measureV{m: a}, true
		}
	case "median":
		if md, err := semantic.MedianOf(m); err == nil {
			return measureV{m: md, of: m}, true
		}
	default:
		if p := percentileOf(agg); p > 0 {
			if pm, err := semantic.PercentileOf(m, p); err == nil {
				return measureV{m: pm, of: m}, true
			}
		}
	}
	return nil, false
}

// percentileOf is the percentile an aggregate names ("p90": 90), or 0.
func percentileOf(agg string) int {
	n, ok := strings.CutPrefix(agg, "p")
	if !ok {
		return 0
	}
	if p := atoiOr(n, 0); p >= 1 && p <= 99 {
		return p
	}
	return 0
}

func perCustomer(v any, ok bool) (any, bool) {
	if !ok {
		return nil, false
	}
	m, err := semantic.PerCustomer(v.(measureV).m)
	if err != nil {
		return nil, false
	}
	return measureV{m: m}, true
}

func subject(e *Edge, event string, neg, again bool) (any, bool) {
	n := semantic.NounByID(arg(e))
	if n == nil || n.Fact == nil {
		return nil, false
	}
	s := subjectV{noun: n, neg: neg, again: again, singular: singular(e)}
	if event != "" {
		s.event = semantic.EventByID(event)
		if n.Fact != semantic.Customers || (s.event.Activity == nil && event != "signup") || (event == "signup" && neg) {
			return nil, false
		}
	}
	return s, true
}

// activityAt is subject s whose activity took place at m: a store, or the stores of a
// city or state.
func activityAt(s subjectV, m memberV) (any, bool) {
	if s.event == nil || s.event.Activity == nil || semantic.ActivityFact(s.event.Activity(true)) == nil {
		return nil, false
	}
	switch m.kind {
	case "store", "city", "state":
	default:
		return nil, false
	}
	s.at = &m
	return s, true
}

// singular reports whether a noun was typed in the singular: Portuguese and English mark
// the plural with a final "s".
func singular(e *Edge) bool {
	if e.Match == nil {
		return false
	}
	w := lexicon.Fold(e.Match.Text)
	if !strings.HasSuffix(w, "s") {
		return true
	}
	// a word ending in "s" whose own plural the noun knows is singular ("freguês",
	// "fregueses"): read as a plural, "vendas por freguês" became the sales of every
	// customer, the breakdown dropped
	if n := semantic.NounByID(e.Match.Arg); n != nil {
		return slices.Contains(n.Words.PT, w+"es") || slices.Contains(n.Words.EN, w+"es")
	}
	return false
}

func dims(id string) (any, bool) {
	for _, d := range semantic.Dimensions {
		if d.ID == id {
			return breakdownV{dims: []*semantic.Dimension{d}}, true
		}
	}
	return nil, false
}

func group(id string) (any, bool) {
	if n := semantic.NounByID(id); n != nil {
		switch n.ID {
		case "stores":
			id = "store"
		case "customers":
			id = "customer"
		case "products":
			id = "product"
		default:
			return nil, false
		}
	}
	for _, d := range semantic.Dimensions {
		if d.ID == id {
			return groupV{dim: d}, true
		}
	}
	return nil, false
}

// groupOf is the group a "which" and the word e name, singular when e is.
func groupOf(id string, e *Edge) (any, bool) {
	v, ok := group(id)
	if !ok {
		return nil, false
	}
	g := v.(groupV)
	g.singular = singular(e)
	return g, true
}

// valueMember is the member a value word names: its value, or the values it names at once
// (semantic.ValueWord.Members: "credit and debit" is two members).
func valueMember(kind, code string) memberV {
	if vw := valueWord(kind, code); vw != nil && len(vw.Members) > 0 {
		return memberV{kind: kind, values: slices.Clone(vw.Members), pair: true}
	}
	return memberV{kind: kind, values: []string{code}}
}

// negatedPair reads "not [noun] flag and/or/nor flag" ("not cancelled or expired"): the two
// statuses excluded.
func negatedPair(k []*Edge) (any, bool) { return statusesExcluded(k[1], arg(k[2]), arg(k[4])) }

// excludedPair reads "exclude [noun] flag and/or flag" ("sem os cancelados e expirados").
func excludedPair(k []*Edge) (any, bool) {
	if arg(k[0]) != "exclude" {
		return nil, false
	}
	return negatedPair(k)
}

// pairExcluded reads "[noun] flag and/or flag [noun] exclude" ("cancelados e expirados nao
// contam"): the two statuses excluded, said of the noun before or after them.
func pairExcluded(k []*Edge) (any, bool) {
	if arg(k[5]) != "exclude" || k[0] != nil && k[4] != nil {
		return nil, false
	}
	noun := k[0]
	if noun == nil {
		noun = k[4]
	}
	return statusesExcluded(noun, arg(k[1]), arg(k[3]))
}

func joinMembers(a, b any, or bool) (any, bool) {
	x, y := a.(memberV), b.(memberV)
	if x.kind != y.kind || (len(y.values) > 1 && y.or != or) {
		return nil, false
	}
	return memberV{kind: x.kind, values: append(append([]string(nil), x.values...), y.values...), or: or}, true
}

func fixed(f *semantic.Filter) func(*semantic.Fact) (*semantic.Filter, bool) {
	return func(fact *semantic.Fact) (*semantic.Filter, bool) { return f, f.Applies(fact, nil) || f.UsesPeriod }
}

// memberFilter is the filter of named values, over whatever fact the report reads: a
// customer's store is its owner store, a sale's the store it was made at.
func memberFilter(x *env, m memberV, neg bool) (any, bool) {
	if neg && m.kind != "channel" {
		// "non-pix", "fora da loja Centro", "not paid with cash": the other rows
		v, ok := memberFilter(x, m, false)
		if !ok {
			return nil, false
		}
		fv := v.(filterV)
		resolve := fv.resolve
		excluded := m
		fv.id, fv.members, fv.excluded = "not:"+fv.id, nil, &excluded
		fv.resolve = func(f *semantic.Fact) (*semantic.Filter, bool) {
			p, ok := resolve(f)
			if !ok || p == nil {
				return nil, false
			}
			n, err := semantic.Not(p)
			return n, err == nil
		}
		return fv, true
	}
	v := m
	fv := filterV{id: "members", members: &v}
	switch m.kind {
	case "store":
		fv.resolve = func(f *semantic.Fact) (*semantic.Filter, bool) {
			var sf *semantic.Filter
			switch {
			case neg:
				return nil, false
			case f == semantic.Customers && len(m.values) == 1:
				sf = semantic.OwnerStoreCode(m.values[0])
			case len(m.values) == 1:
				sf = semantic.StoreCode(m.values[0])
			default:
				sf = semantic.StoreCodes(m.values)
			}
			return sf, sf.Applies(f, nil)
		}
	case "city", "state", "product":
		if len(m.values) > 1 && m.or && m.kind != "product" {
			// "Campinas ou BH": stores in either
			var fs []*semantic.Filter
			for _, v := range m.values {
				if m.kind == "city" {
					fs = append(fs, semantic.StoreCity(v))
				} else {
					fs = append(fs, semantic.StoreState(v))
				}
			}
			fv.resolve = fixed(semantic.Either(fs...))
			return fv, true
		}
		if len(m.values) != 1 || neg {
			return nil, false
		}
		var sf *semantic.Filter
		switch m.kind {
		case "city":
			sf = semantic.StoreCity(m.values[0])
		case "state":
			sf = semantic.StoreState(m.values[0])
		default:
			sf = semantic.ProductName(m.values[0])
		}
		fv.resolve = fixed(sf)
	case "payment", "origin":
		if m.pair && !m.or && !neg {
			// "no crédito e débito": the values named at once, each its member, as two
			// filters of one kind are merged (the rows of either, compared)
			either := m
			either.or, either.pair = true, false
			v, ok := memberFilter(x, either, false)
			if !ok {
				return nil, false
			}
			merged := v.(filterV)
			merged.members = fv.members
			return merged, true
		}
		if neg || (len(m.values) > 1 && !m.or) {
			return nil, false
		}
		// "no pix ou no dinheiro": either value
		var codes []string
		exact := true
		var label semantic.Text
		for i, v := range m.values {
			c, ex, l := valueCodes(x, m.kind, v)
			codes, exact = append(codes, c...), exact && ex
			if i == 0 {
				label = l
			} else {
				label = semantic.T(label.PT+" ou "+l.PT, label.EN+" or "+l.EN)
			}
		}
		sf := semantic.PaymentType(codes, exact, label)
		if len(m.values) == 1 && groupValue(m.kind, m.values[0]) {
			sf = semantic.PaymentGroup(codes, exact, label) // "cartão": credit and debit
		}
		if m.kind == "origin" {
			sf = semantic.Origin(codes, exact, label)
		}
		fv.resolve = fixed(sf)
	case "domain":
		if len(m.values) != 1 || neg {
			return nil, false
		}
		fv.resolve = fixed(semantic.EmailDomain(m.values[0]))
	case "channel":
		if len(m.values) != 1 {
			// "opt-in rates for email, whatsapp and sms": one rate per channel (assembly)
			fv.resolve = func(*semantic.Fact) (*semantic.Filter, bool) { return nil, false }
			fv.neg = neg
			return fv, !neg
		}
		ch, ok := semantic.ChannelOf(m.values[0])
		if !ok {
			return nil, false
		}
		fv.resolve = fixed(semantic.OptIn(ch, !neg))
		fv.id = "channel:" + m.values[0] + ":" + strconv.FormatBool(neg)
		fv.members, fv.bareChannel = nil, true
	default:
		return nil, false
	}
	return fv, true
}

// noneOfV is values joined by "nem", "nor": self when "nem", "neither" opens them (a
// negation of their own).
type noneOfV struct {
	m    memberV
	self bool
}

func (v noneOfV) key() string { return "none:" + v.m.key() + strconv.FormatBool(v.self) }

// optedOutOfEach is the customers who accept none of the channels of m.
func optedOutOfEach(m memberV) (any, bool) {
	var f *semantic.Filter
	for _, c := range m.values {
		ch, ok := semantic.ChannelOf(c)
		if !ok {
			return nil, false
		}
		if f == nil {
			f = semantic.OptIn(ch, false)
			continue
		}
		both, err := semantic.Both(f, semantic.OptIn(ch, false))
		if err != nil {
			return nil, false
		}
		f = both
	}
	return filterV{id: "channels_none:" + strings.Join(m.values, ","), resolve: fixed(f)}, f != nil
}

// optinFilter is a channel filter said with its opt-in word.
func optinFilter(x *env, m memberV, neg bool) (any, bool) {
	v, ok := memberFilter(x, m, neg)
	if !ok {
		return nil, false
	}
	fv := v.(filterV)
	fv.bareChannel = false
	return fv, true
}

// valueCodes are the stored values a payment type or origin stands for: the catalogue's
// when it has them (exact), else the model's usual spellings.
func valueCodes(x *env, kind, code string) ([]string, bool, semantic.Text) {
	var known []string
	if x.cat != nil {
		known = x.cat.PaymentTypes
		if kind == "origin" {
			known = x.cat.Origins
		}
	}
	for _, vw := range semantic.ValueWords {
		if vw.Kind != kind || (vw.Code != code && !contains(vw.Codes, code)) {
			continue
		}
		var exact []string
		for _, c := range vw.Codes {
			if contains(known, c) {
				exact = append(exact, c)
			}
		}
		if len(exact) > 0 {
			return exact, true, vw.Label
		}
		return vw.Codes, false, vw.Label
	}
	return []string{code}, contains(known, code), semantic.T(code, code)
}

// sameSet reports whether a and b hold the same strings.
func sameSet(a, b []string) bool {
	for _, x := range a {
		if !contains(b, x) {
			return false
		}
	}
	for _, x := range b {
		if !contains(a, x) {
			return false
		}
	}
	return true
}

// groupValue reports whether the value code of a kind is a group of other values
// (semantic.ValueWord.Group).
func groupValue(kind, code string) bool {
	vw := valueWord(kind, code)
	return vw != nil && vw.Group
}

func valueWord(kind, code string) *semantic.ValueWord {
	for _, vw := range semantic.ValueWords {
		if vw.Kind == kind && vw.Code == code {
			return vw
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func flagFilter(id string, neg bool) (any, bool) {
	fl := semantic.FlagByID(id)
	if fl == nil {
		return nil, false
	}
	mk := fl.Filter
	if neg {
		mk = fl.Neg
	}
	if mk == nil {
		return nil, false
	}
	f := mk()
	return filterV{id: "flag:" + id + ":" + strconv.FormatBool(neg), flag: fl, resolve: func(fact *semantic.Fact) (*semantic.Filter, bool) {
		if fact == semantic.Promotions && fl.OnPromotions != nil && !neg {
			p := fl.OnPromotions()
			return p, true
		}
		return f, f.Applies(fact, nil) || f.UsesPeriod
	}}, true
}

// entryKinds are the entries' types by the word that names them ("crédito", "estornos",
// "debitado").
var entryKinds = map[string]string{"earn": "C", "credits": "C", "debit": "D", "debits": "D", "reverse": "E", "reversals": "E"}

// entriesOf is the entries of one type said after a measure ("nos lançamentos do tipo
// estorno"): entries is the entries noun, kind the word of their type.
func entriesOf(entries, kind string) (any, bool) {
	typ := entryKinds[kind]
	if entries != "entries" || typ == "" {
		return nil, false
	}
	return clauseV{"entries", marker(typ)}, true
}

// negatedRows is a negated flag said of the rows a noun names ("as vendas canceladas"),
// or of the entries of one kind ("os lançamentos de crédito cancelados"): it applies only to
// the fact those rows are of.
func negatedRows(noun, kind, flag string) (any, bool) {
	n := semantic.NounByID(noun)
	if n == nil || n.Fact == nil {
		return nil, false
	}
	if kind == "" {
		v, ok := flagFilter(flag, true)
		if !ok {
			return nil, false
		}
		fv := v.(filterV)
		inner := fv.resolve
		fv.resolve = func(fact *semantic.Fact) (*semantic.Filter, bool) {
			f, ok := inner(fact)
			return f, ok && fact == n.Fact
		}
		return fv, true
	}
	typ := entryKinds[kind]
	if n.Fact != semantic.Points || typ == "" || flag != "cancelled" {
		return nil, false
	}
	f := semantic.NotCancelledEntries(typ)
	return filterV{id: "not_cancelled_entries:" + typ, resolve: func(fact *semantic.Fact) (*semantic.Filter, bool) {
		return f, f.Applies(fact, nil)
	}}, true
}

// statusEither is two redemption statuses joined by "or" (semantic.RedemptionStatusIn).
func statusEither(a, b string) (any, bool) {
	status := map[string]semantic.Text{"pending": semantic.T("pendentes", "pending"), "applied": semantic.T("aplicados", "applied"),
		"expired": semantic.T("expirados", "expired"), "cancelled": semantic.T("cancelados", "cancelled")}
	la, okA := status[a]
	lb, okB := status[b]
	if !okA || !okB || a == b {
		return nil, false
	}
	f := semantic.RedemptionStatusIn([]string{a, b}, semantic.T(la.PT+" ou "+lb.PT, la.EN+" or "+lb.EN))
	return filterV{id: "status_in:" + a + ":" + b, resolve: func(fact *semantic.Fact) (*semantic.Filter, bool) {
		return f, f.Applies(fact, nil)
	}}, true
}

// statusesExcluded is the rows of a fact with statuses, the two statuses a and b left out
// (semantic.StatusesExcluded); a noun said with them must name that fact's rows.
func statusesExcluded(noun *Edge, a, b string) (any, bool) {
	f := semantic.StatusesExcluded([]string{a, b})
	if f == nil {
		return nil, false
	}
	var only *semantic.Fact
	if noun != nil {
		n := semantic.NounByID(arg(noun))
		if n == nil || n.Fact == nil {
			return nil, false
		}
		only = n.Fact
	}
	return filterV{id: "statuses_excluded:" + a + ":" + b, resolve: func(fact *semantic.Fact) (*semantic.Filter, bool) {
		return f, f.Applies(fact, nil) && (only == nil || fact == only)
	}}, true
}

// threshold is "quantity op n" over whatever fact the report reads. Without a unit the
// number is a quantity the fact has exactly one of (a sale's value).
func threshold(quantity, op, n string) (any, bool) {
	if n == "" || op == "" {
		return nil, false
	}
	var qs []*semantic.Quantity
	for _, q := range semantic.Quantities {
		if q.ID == quantity {
			qs = []*semantic.Quantity{q}
		}
	}
	if quantity == "" {
		qs = nil // resolved by the fact below
	}
	var counted *countedV
	if x := semantic.NounByID(quantity); x != nil && x.Fact != nil && x.Fact != semantic.Customers {
		if v := atoiOr(n, -1); v >= 0 {
			counted = &countedV{quantity, op, int64(v)}
		}
	}
	return filterV{id: "cmp:" + quantity + op + n, bareNumber: quantity == "", counted: counted, resolve: func(f *semantic.Fact) (*semantic.Filter, bool) {
		if quantity == "" {
			// a bare number compares the one quantity the fact is measured in: a sale's
			// value, a customer's age ("over 30", "under 25")
			switch f {
			case semantic.Sales:
				quantity = "money"
			case semantic.Customers:
				if v := atoiOr(n, -1); v < 5 || v > 110 {
					return nil, false
				}
				quantity = "years"
			default:
				return nil, false
			}
			for _, q := range semantic.Quantities {
				if q.ID == quantity {
					qs = []*semantic.Quantity{q}
				}
			}
		}
		for _, q := range qs {
			if mk := q.Filter[f]; mk != nil {
				if x := mk(op, n); x != nil {
					return x, true
				}
			}
		}
		return nil, false
	}}, true
}

func between(quantity, lo, hi string) (any, bool) {
	a, ok1 := threshold(quantity, ">=", lo)
	b, ok2 := threshold(quantity, "<=", hi)
	if !ok1 || !ok2 {
		return nil, false
	}
	fa, fb := a.(filterV), b.(filterV)
	return filterV{id: "between:" + quantity + lo + "-" + hi, resolve: func(f *semantic.Fact) (*semantic.Filter, bool) {
		x, ok1 := fa.resolve(f)
		y, ok2 := fb.resolve(f)
		if !ok1 || !ok2 {
			return nil, false
		}
		both, err := semantic.Both(x, y)
		return both, err == nil
	}}, true
}

func capitalised(e *Edge) (any, bool) {
	if e.Match == nil {
		return nil, false
	}
	// a name is typed with capitals; the lexicon's words are never a name
	r := []rune(e.Match.Arg)
	if len(r) < 2 || !(r[0] >= 'A' && r[0] <= 'Z' || strings.ContainsRune("ÁÉÍÓÚÂÊÔÃÕÇ", r[0])) {
		return nil, false
	}
	return e.Match.Arg, true
}

// nameFilter keeps the customers whose name has the words: "named Souza" finds every
// Souza; a full name finds that customer.
func nameFilter(name string, anyWord bool) filterV {
	f := semantic.CustomerName(name)
	if anyWord {
		f = semantic.CustomerNameHas(name)
	}
	return filterV{id: "name:" + name, one: !anyWord, resolve: func(fact *semantic.Fact) (*semantic.Filter, bool) { return f, f.Applies(fact, nil) }}
}

func weekdays(a string) []int {
	switch a {
	case "1-5":
		return []int{1, 2, 3, 4, 5}
	case "6-7":
		return []int{6, 7}
	}
	return []int{atoiOr(a, 0)}
}

// singleDays reports whether Weekdays edge e lists single days only: as many days as
// weekday words, none of them a set ("fim de semana") or a range's end.
func singleDays(e *Edge) bool {
	words := 0
	var walk func(x *Edge)
	walk = func(x *Edge) {
		if x == nil {
			return
		}
		if x.Match != nil && x.Match.Cat == semantic.CatWeekday {
			words++
		}
		for _, c := range x.Kids {
			walk(c)
		}
	}
	walk(e)
	ds, _ := e.Val.([]int)
	return words == len(ds)
}

// weekdayRange is the days from a to b (ISO: 1 = Monday), both included, going round the
// end of the week when b comes before a.
func weekdayRange(a, b string) (any, bool) {
	from, to := atoiOr(a, 0), atoiOr(b, 0)
	if from < 1 || from > 7 || to < 1 || to > 7 || from == to {
		return nil, false // "dias úteis a sábado": sets are not ends of a range
	}
	var ds []int
	for d := from; ; d = d%7 + 1 {
		ds = append(ds, d)
		if d == to {
			break
		}
	}
	return ds, true
}

func ints(xs []int) string {
	var s []string
	for _, x := range xs {
		s = append(s, strconv.Itoa(x))
	}
	return strings.Join(s, ",")
}

func cohort(event string, neg bool, pv periodV) (any, bool) {
	e := semantic.EventByID(event)
	if e == nil || e.Activity == nil || pv.absence && !neg {
		// "compraram há mais de 90 dias": a length of time only what did not happen has
		return nil, false
	}
	p := pv.p
	f := semantic.AtPeriod(e.Activity(!neg), p)
	var denied *semantic.Period
	if neg {
		denied = p
	}
	return filterV{id: "cohort:" + event + strconv.FormatBool(neg) + p.From + p.To, period: true, event: true, cohortPeriod: p, deniedPeriod: denied, resolve: func(fact *semantic.Fact) (*semantic.Filter, bool) {
		// a cohort narrows customers; over their sales ("quanto o X gastou em 2025") the
		// period is the sales' own, never "sales of customers who bought then"
		return f, fact == semantic.Customers && f.Applies(fact, nil)
	}}, true
}

// deniedUnion is the window of two periods a negation denies together, when they meet.
func deniedUnion(a, b *Edge) (any, bool) {
	pa, pb := a.Val.(periodV), b.Val.(periodV)
	if pa.absence || pb.absence || pa.p.To == "" || pa.p.To != pb.p.From {
		return nil, false
	}
	return span(pa.p, pb.p)
}

func cohortBefore(event string) (any, bool) {
	e := semantic.EventByID(event)
	if e == nil || e.Activity == nil {
		return nil, false
	}
	// "had bought before": before the period of the other activity (assembly)
	return filterV{id: "before:" + event, period: true, before: e, resolve: func(fact *semantic.Fact) (*semantic.Filter, bool) {
		return nil, false
	}}, true
}

func atoiOr(s string, def int) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return def
	}
	return n
}

// knownFilter is the customers with attribute a on file (or, missing, without it).
func knownFilter(a *semantic.Attribute, missing bool) (any, bool) {
	if a.Owner != semantic.Customers {
		return nil, false
	}
	f := semantic.ContactPresent(a.ID)
	if missing {
		f = semantic.ContactMissing(a.ID)
	}
	if f == nil || f.ID == "missing_"+a.ID && semantic.ContactPresent(a.ID) == nil {
		return nil, false
	}
	return filterV{id: "known:" + a.ID + ":" + strconv.FormatBool(missing), resolve: fixed(f)}, true
}

// onFileV is a customer's attribute that may not be on file, and the filters of the
// customers without it and with it.
type onFileV struct {
	id             string
	unknown, known *semantic.Filter
}

func (v onFileV) key() string { return "onfile:" + v.id }

func onFileOf(d *semantic.Dimension) (any, bool) {
	u, k := semantic.Unknown(d, false), semantic.Unknown(d, true)
	if u == nil || k == nil {
		return nil, false
	}
	return onFileV{id: d.ID, unknown: u, known: k}, true
}

// leftOut is the customers whose attribute is known, said as the unknowns left out
// ("desconsiderando gênero não informado", "excluding customers with unknown gender"): the
// rows a figure is of, never a percentage's condition (assembly).
func (v onFileV) leftOut() filterV {
	return filterV{id: "onfile:" + v.id + leftOutSuffix, resolve: fixed(v.known)}
}

const leftOutSuffix = ":leftout"

// filter is the customers whose attribute is known (or unknown).
func (v onFileV) filter(known bool) filterV {
	if known {
		return filterV{id: "onfile:" + v.id + ":known", resolve: fixed(v.known)}
	}
	return filterV{id: "onfile:" + v.id + ":unknown", resolve: fixed(v.unknown)}
}

// formulaV is a rate said as its formula: the rows of filter f over every row of fact.
type formulaV struct {
	f    filterV
	fact *semantic.Fact
}

func (v formulaV) key() string { return "formula:" + v.f.id + ":" + v.fact.ID }

// distinctActors is "how many different customers redeemed": the count of the customers
// who did the event (a distinct count already), said with "different" or "distinct".
func distinctActors(agg, noun, distinct, event string) (any, bool) {
	if agg != "count" || distinct != "distinct" {
		return nil, false
	}
	if n := semantic.NounByID(noun); n == nil || n.Fact != semantic.Customers {
		return nil, false
	}
	return compose(agg, []string{noun}, event, false)
}

// adjacent reports whether the children follow each other with no word skipped between
// them: the words of a name.
func adjacent(k []*Edge) bool {
	for i := 1; i < len(k); i++ {
		if k[i] != nil && k[i-1] != nil && k[i].From != k[i-1].To {
			return false
		}
	}
	return true
}

// firstN is the ranking "the first N" ("as 3 primeiras", "first 5"): the ordinal must be
// the first, and no time unit may follow (then it is a period's start).
func firstN(x *env, num, ord *Edge) (any, bool) {
	end := max(num.To, ord.To)
	if arg(ord) != "1" || x.beforeTime[end] {
		return nil, false
	}
	n := atoiOr(arg(num), 0)
	if n < 1 {
		return nil, false
	}
	return rankV{order: semantic.Descending, limit: n}, true
}

// againstCurrent compares the unit that runs now with the previous one said alone after
// "vs" ("compared to last month": this month and last month); any other period said alone
// after "vs" is not read so.
func againstCurrent(x *env, last *semantic.Period) (any, bool) {
	current := map[semantic.PeriodKind]semantic.PeriodKind{
		semantic.LastWeek: semantic.ThisWeek, semantic.LastMonth: semantic.ThisMonth,
		semantic.LastQuarter: semantic.ThisQuarter, semantic.LastYear: semantic.ThisYear,
	}
	k, ok := current[last.Kind]
	if !ok || x.periodCount != 1 {
		return nil, false
	}
	return twoPeriods(x.cal.Now, x.cal.Relative(k), last)
}

// tokenNorm is the folded word at i ("" outside the question).
func (x *env) tokenNorm(i int) string {
	if i < 0 || i >= len(x.norms) {
		return ""
	}
	return x.norms[i]
}

// follows reports whether edge b starts right where a ends, no word skipped between them
// (nil: nothing to check): a number is the threshold of what is said right after it ("3 ou
// mais compras", "30 anos ou mais"), never of a comparison said further on ("em 2025 já
// fizeram pelo menos uma compra" is no 2025 purchases).
func follows(a, b *Edge) bool { return a == nil || b == nil || a.To == b.From }

// onlyFunctionWords reports whether the words from..to (to exclusive) are all function words
// ("comparado com | o | mês passado").
func (x *env) onlyFunctionWords(from, to int) bool {
	for i := from; i < to; i++ {
		if i < 0 || i >= len(x.function) || !x.function[i] {
			return false
		}
	}
	return true
}

// membersLeftOut is the filter that leaves out the values of members, after a word that
// negates or leaves rows out (word). "excluding pix and cash" leaves out each (the rows of
// either); never values compared ("no pix vs cartão": "no" is "em o"), nor a negation read
// in the other language or through a typo.
func membersLeftOut(x *env, word, members *Edge) (any, bool) {
	m := members.Val.(memberV)
	if len(m.values) > 1 && !m.or {
		if m.vs || word.Cost > 0 {
			return nil, false
		}
		m.or = true
	}
	return memberFilter(x, m, true)
}
