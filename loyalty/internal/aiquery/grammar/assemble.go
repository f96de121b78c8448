package grammar

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// assembly turns one reading (a sequence of clauses) into a request. Every clause must be
// used: a clause the request cannot take makes the reading fail, so a question is never
// answered without one of its parts.
type assembly struct {
	clauses []clauseV
	spans   []tokenSpan // the tokens each clause covers
	used    []bool
	req     semantic.Request
	// customersInBands: "how many customers fall in each group" beside bands of a
	// number of purchases counts the customers of each band (several.go)
	customersInBands bool
}

// perCustomerBefore reports whether the clause right before clause i makes a measure per
// customer ("revenue per customer", or "per customer" after a measure).
func (a *assembly) perCustomerBefore(i int) bool {
	if i == 0 || a.spans[i-1].to != a.spans[i].from {
		return false
	}
	ms, _ := a.clauses[i-1].v.([]*semantic.Measure)
	return a.clauses[i-1].kind == "percust" || slices.ContainsFunc(ms, func(m *semantic.Measure) bool { return m.Kind == semantic.Ratio })
}

// namesRowsBetween reports whether a clause between clauses i and j names what is
// computed: the same aggregate said again after it ("quantos resgates ... e quantos
// pontos") is a second computation, not one said twice.
func (a *assembly) namesRowsBetween(i, j int) bool {
	for k := i + 1; k < j; k++ {
		switch a.clauses[k].kind {
		case "noun", "subject", "measures", "event":
			return true
		}
	}
	return false
}

// whichOneTag reports whether the list clause at i asks again, after the whole question,
// which row a ranking of one names ("most redeemed item this year which one", "a loja
// que mais vendeu em maio, qual"): a ranking before it, and after it nothing or the number
// one right after it.
func (a *assembly) whichOneTag(i int) bool {
	if a.clauses[i].kind != "list" || !slices.ContainsFunc(a.clauses[:i], func(c clauseV) bool { return c.kind == "rank" }) {
		return false
	}
	switch {
	case i == len(a.clauses)-1:
		return true
	case i == len(a.clauses)-2:
		n, ok := a.clauses[i+1].v.(string)
		return a.clauses[i+1].kind == "number" && ok && n == "1" && a.spans[i].to == a.spans[i+1].from
	}
	return false
}

// aggTag reports whether the aggregate clause at i is the question word said after the
// whole question, as speech does ("median ticket last month how much", "ticket médio de
// maio, quanto que deu"): the last clause, after the measure, with no conjunction before it
// (after "and" it asks a second measure: "... and how much").
func (a *assembly) aggTag(x *env, i int) bool {
	if i < 0 || i != len(a.clauses)-1 || i <= a.measureAt() || a.measureAt() < 0 {
		return false
	}
	return !slices.ContainsFunc(x.conj, func(p int) bool { return p >= a.spans[i-1].to && p < a.spans[i].from })
}

// refusal reasons an assembly can end with.
type reason struct {
	text  semantic.Text
	write bool
}

func (r *reason) Error() string { return r.text.EN }

func fail(pt, en string) *reason { return &reason{text: semantic.T(pt, en)} }

func (a *assembly) all(kind string) []int {
	var out []int
	for i, c := range a.clauses {
		if c.kind == kind && !a.used[i] {
			out = append(out, i)
		}
	}
	return out
}

func (a *assembly) take(kind string) (int, bool) {
	for i, c := range a.clauses {
		if c.kind == kind && !a.used[i] {
			a.used[i] = true
			return i, true
		}
	}
	return -1, false
}

func (a *assembly) has(kind string) bool {
	for i, c := range a.clauses {
		if c.kind == kind && !a.used[i] {
			return true
		}
	}
	return false
}

// thingGroup reports whether the question asks "which" of things that are not the
// customers ("quais prêmios", "which stores").
// rankedRightBefore reports whether a ranking word ends where clause i begins: "mais
// clientes que compraram" ranks by how many customers, never by what they did ("os
// clientes mais compram").
func (a *assembly) rankedRightBefore(i int) bool {
	return i >= 0 && slices.ContainsFunc(a.all("rank"), func(j int) bool { return a.spans[j].to == a.spans[i].from })
}

func thingGroup(a *assembly) bool {
	for _, i := range a.all("group") {
		if g, ok := a.clauses[i].v.(groupV); ok && g.dim != nil && g.dim != semantic.ByCustomer {
			return true
		}
	}
	return false
}

// partInYears is period p, a part of one year (a quarter, a month, some days), in each of
// the years compared: false unless years are whole years, p is not one and falls in one
// of them or after both.
func partInYears(p *semantic.Period, years periodsV) (periodsV, bool) {
	if p.Start.IsZero() || p.Unit() == "year" || p.Kind == semantic.LastN || p.Kind == semantic.Since || p.Kind == semantic.Until {
		return nil, false
	}
	var out periodsV
	for _, y := range years {
		if y.Unit() != "year" || y.Start.IsZero() || y.Start.Month() != time.January || y.Start.Day() != 1 {
			return nil, false
		}
		q := p
		for k := p.Start.Year() - y.Start.Year(); k > 0; k-- {
			var ok bool
			if q, ok = semantic.Earlier(q, "year"); !ok {
				return nil, false
			}
		}
		if q.Start.Year() != y.Start.Year() {
			return nil, false // p is in a later year than both, or in neither
		}
		c := *q
		c.AsYear = y.Start.Year()
		out = append(out, &c)
	}
	return out, true
}

// nounOfDim is the subject noun of a dimension's groups (dimOfNoun's inverse).
func nounOfDim(d *semantic.Dimension) *semantic.Noun {
	for _, id := range []string{"stores", "customers", "products"} {
		if n := semantic.NounByID(id); dimOfNoun(n) == d {
			return n
		}
	}
	return nil
}

// dimOfNoun is the dimension a subject noun breaks a report down by when it is ranked
// ("top 3 lojas", "qual cliente").
func dimOfNoun(n *semantic.Noun) *semantic.Dimension {
	switch n.ID {
	case "stores":
		return semantic.ByStore
	case "customers":
		return semantic.ByCustomer
	case "products":
		return semantic.ByProduct
	}
	return nil
}

// assemble builds the request of one reading.
// tokenSpan is the tokens [from, to) a clause covers.
type tokenSpan struct{ from, to int }

func assemble(x *env, lang semantic.Lang, clauses []clauseV, spans []tokenSpan) (*semantic.Request, error) {
	if at := amongAt(clauses); at > 0 {
		return assembleAmong(x, lang, clauses, spans, at) // among.go
	}
	a := &assembly{clauses: clauses, spans: spans, used: make([]bool, len(clauses))}
	a.req.Lang = lang
	for _, k := range []string{"write", "forecast", "scope"} {
		if i, ok := a.take(k); ok {
			w := string(clauses[i].v.(marker))
			switch k {
			case "write":
				return nil, &reason{text: semantic.T("não posso alterar dados: as perguntas de relatório só consultam", "I cannot change data: report questions only read"), write: true}
			case "forecast":
				return nil, fail("previsões não são feitas; os relatórios mostram dados registrados", "forecasts are not made; reports show recorded data")
			default:
				_ = w
				return nil, fail("os relatórios não têm esse dado (lucro, estoque, vendedores, visitas e afins não estão nas visões de relatório)", "the reports do not hold that (profit, stock, sellers, visits and the like are not in the reporting views)")
			}
		}
	}

	if a.periodJoinedToCohort(x) {
		return nil, fail("um período está ligado por \"e\"/\"ou\" ao período do que os clientes fizeram, e não sei juntá-los; pergunte um período por vez",
			"a period is joined by \"and\"/\"or\" to the period of what the customers did, and I cannot join them; ask one period at a time")
	}
	// "April and May taken together": the sum word joins the periods (below), it computes
	// nothing of its own
	for _, i := range a.all("periods") {
		for _, j := range []int{i - 1, i + 1} {
			if a.summedBy(j, i) {
				a.used[j] = true
			}
		}
	}
	// what to compute: measures named, or composed from the question's scattered words
	if err := a.takePronouns(x.pronouns); err != nil {
		return nil, err
	}
	measures, err := a.takeMeasures(x)
	if err != nil {
		return nil, err
	}
	if measures, err = a.trailingMeasures(x, measures); err != nil {
		return nil, err
	}
	var subj, second *subjectV
	subjAt := -1
	if i, ok := a.take("subject"); ok {
		s := clauses[i].v.(subjectV)
		subj, subjAt = &s, i
	}
	secondAt := -1
	if i, ok := a.take("subject"); ok {
		s := clauses[i].v.(subjectV)
		second, secondAt = &s, i
	}
	var rowsOf *semantic.Fact // "clientes com resgates acima de 500 pontos": whose rows
	rowsAt := -1
	var rowsNoun *semantic.Noun
	if second != nil && subj.noun == second.noun && second.event == nil {
		if second.neg {
			// "customers who made non-cancelled purchases" read as "customers | who ...
			// not": the negation of the second saying would go with it
			return nil, fail("não sei o que a negação nega", "I cannot tell what the negation negates")
		}
		second = nil // "produtos do catálogo de prêmios": one noun said twice
	}
	if second != nil && !(a.has("rank") || a.has("group")) {
		// "vendas de clientes inativos": the rows of one and whose they are
		switch {
		case customersWithRows(subj, second, measures):
			// "clientes com resgates acima de 500 pontos", "customers with purchases over
			// R$ 200": the customers are counted or listed; what follows the rows narrows
			// the rows they must have
			rowsOf, rowsAt, rowsNoun, second = second.noun.Fact, secondAt, second.noun, nil
		case second.event == nil && joins(subj.noun.Fact, second.noun.Fact):
			if a.unnamedRow(x, second, secondAt, nil) {
				// "quantos resgates o cliente fez": one customer not named
				return nil, unnamedRowRefusal(second)
			}
			second = nil
		case subj.event == nil && joins(second.noun.Fact, subj.noun.Fact):
			subj, second = second, nil
		}
	}
	actorEvent := ""
	oftenSaid := false            // "most often", "mais vezes" beside things ranked by what customers did
	var countedActivity *subjectV // "lojas com mais clientes que compraram": who is counted
	if second != nil && a.has("rank") && subj.event == nil && second.event != nil && !second.neg && !second.again && second.at == nil && second.noun.Fact == semantic.Customers && dimOfNoun(subj.noun) != nil && a.rankedRightBefore(secondAt) {
		// "top 3 lojas com mais clientes que compraram em maio": the groups ranked by how
		// many of those customers they have, never by what the customers did
		c := *second
		countedActivity, second.event = &c, nil
	} else if second != nil && (a.has("rank") || a.has("group")) && subj.event == nil && second.event != nil && second.noun.Fact == semantic.Customers && subj.noun.Fact != semantic.Customers {
		// "the three rewards customers redeemed the most": the customers are who acts; the
		// first subject is ranked by their event
		actorEvent, second = second.event.ID, nil
	} else if second != nil && a.has("rank") && a.has("event") && subj.event == nil && second.event == nil && !second.neg && second.noun.Fact == semantic.Customers && subj.noun.Fact != semantic.Customers {
		// "os prêmios que o povo mais resgata": the same, the ranking word between the
		// customers and their event
		second = nil
	}
	if subj != nil && second == nil && subj.event == nil && !subj.neg && subj.noun.Fact == semantic.Customers && a.has("group") && actedOn(measures) {
		// "which payment type do the clients use more, in number of sales": the customers
		// are who acts; the group is ranked by the measure
		subj = nil
	} else if subj != nil && second == nil && !subj.neg && !subj.again && subj.at == nil && subj.signupStore == "" && subj.noun.Fact == semantic.Customers && len(measures) == 0 && a.has("rank") && (subj.event != nil || a.has("event")) && thingGroup(a) && !a.rankedRightBefore(subjAt) {
		// "quais prêmios (que) o povo mais resgata", "quais lojas os clientes mais
		// compram", "which rewards do customers redeem most often": the customers are who
		// acts; the things asked for are the subject, ranked by their verb (its count when
		// said "most often", "mais vezes"), never the customers
		if subj.event != nil {
			actorEvent = subj.event.ID
		}
		subj = nil
		if i, ok := a.take("group"); ok {
			g := clauses[i].v.(groupV)
			if n := nounOfDim(g.dim); n != nil {
				subj = &subjectV{noun: n, singular: g.singular}
			} else {
				a.used[i] = false
			}
		}
		for _, i := range a.all("noun") {
			if string(clauses[i].v.(marker)) == "times" && subj != nil {
				a.used[i], oftenSaid = true, true
			}
		}
	}
	if second != nil && a.has("rank") && subj.event == nil && second.event == nil && !second.neg && second.noun.Event != "" && second.noun.Fact != subj.noun.Fact && a.saysEvent(second.noun.Event) {
		// "top 5 products by redeemed quantity (live redemptions only)": the rows of the
		// event the things are ranked by, said with what narrows them
		second = nil
	}
	if second != nil {
		// "which 3 stores had the most purchases", "who made the most purchases": the
		// ranked groups and what is counted of them
		if !(a.has("rank") || a.has("group")) || len(measures) > 0 || subj.event != nil || second.event != nil {
			return nil, fail("a pergunta fala de duas coisas que não consegui juntar", "the question names two things I could not put together")
		}
		if dimOfNoun(subj.noun) == nil {
			subj, second = second, subj
		}
		d := dimOfNoun(subj.noun)
		m := semantic.MeasureByID(second.noun.Fact.Count)
		if d == nil || m == nil || !d.Applies(m.Fact) {
			return nil, fail("a pergunta fala de duas coisas que não consegui juntar", "the question names two things I could not put together")
		}
		measures = []*semantic.Measure{m}
		subj = &subjectV{noun: subj.noun, singular: subj.singular, person: subj.person}
		subj.rankedBy = d
	}
	if i, ok := a.take("aggs"); ok {
		// "vendas de ontem, qtd e valor total": the aggregates of the rows named apart
		g := clauses[i].v.(aggsV)
		var rows *semantic.Noun
		if subj != nil && subj.event == nil && subj.noun.Fact != nil && second == nil {
			rows = subj.noun
		}
		for _, j := range a.all("noun") {
			if n := semantic.NounByID(string(clauses[j].v.(marker))); rows == nil && n != nil && n.Fact != nil {
				rows = n
				a.used[j] = true
			}
		}
		if len(measures) > 0 || rows == nil {
			return nil, fail("não entendi de que são esses cálculos", "I did not see what those computations are of")
		}
		first := measureByKey(g[0].agg + " " + rows.ID)
		if first == nil {
			return nil, fail("não sei calcular isso de "+rows.Fact.Name.PT, "I cannot compute that of "+rows.Fact.Name.EN)
		}
		measures = []*semantic.Measure{first}
		for _, x := range g[1:] {
			// "count, sum and average of sales": each a companion of the first
			v, ok := companionOf(first, x.agg, x.noun)
			if !ok {
				return nil, fail("não sei calcular isso de "+rows.Fact.Name.PT, "I cannot compute that of "+rows.Fact.Name.EN)
			}
			measures = append(measures, v.([]*semantic.Measure)[1])
		}
		if subj != nil && subj.noun == rows {
			subj = nil
		}
	}
	if measures, err = a.statsOfAsked(measures); err != nil {
		return nil, err
	}
	a.percentileMethod(measures)
	list, names := false, false
	split := slices.ContainsFunc(a.all("breakdown"), func(i int) bool { return clauses[i].v.(breakdownV).split })
	if x.anyOf && !slices.ContainsFunc(a.all("list"), func(i int) bool { return clauses[i].v == marker("any") }) {
		// the words of "any of" read past (a scope word, a function word): the question
		// still asks who
		return nil, fail("há palavras que a interpretação não usou", "some words were not used by the interpretation")
	}
	for _, i := range a.all("list") {
		a.used[i] = true
		if a.whichOneTag(i) {
			continue // "most redeemed item this year which one": the ranking's row, asked again
		}
		// "mostre o faturamento": a table of the measure; "me manda os cadastros quebrados
		// por origem": rows broken down are counted per group, unless their names are asked
		list = len(measures) == 0 && (!split || clauses[i].v == marker("names"))
		if clauses[i].v == marker("any") && (!list || subj == nil || subj.noun.Fact != semantic.Customers) {
			// "any of my customers ...?" asks who: a list of customers, nothing else
			return nil, fail("há palavras que a interpretação não usou", "some words were not used by the interpretation")
		}
		names = names || clauses[i].v == marker("names")
		if clauses[i].v == marker("names") && a.perCustomerBefore(i) {
			// "revenue per customer_name": the rows' name after a measure per customer
			// asks a row of each, never the average per customer
			return nil, fail("não sei se é uma linha por cliente ou a média por cliente", "I cannot tell whether that is a row per customer or the average per customer")
		}
	}
	a.totalSaidAgain(x, measures)
	agg, aggAt := "", -1
	var aggsAt []int
	aggTwice := false
	colAggs := a.aggsAmongColumns(x)
	for _, i := range a.all("agg") {
		if slices.Contains(colAggs, i) {
			continue
		}
		if len(measures) > 0 && a.secondCount(x, i) {
			return nil, fail("a pergunta pede duas contas e só consegui ler uma; pergunte uma de cada vez",
				"the question asks for two counts and I could read only one; ask one at a time")
		}
		prev := aggAt
		aggAt = i
		aggsAt = append(aggsAt, i)
		// "how many different customers": counting distinct customers is counting them
		switch x := string(clauses[i].v.(marker)); {
		case agg == "" || agg == "distinct":
			agg = x
		case x == agg && !a.namesRowsBetween(prev, i): // "no total, somando": one computation said twice
			aggTwice = true // "quanto nos fins de semana e quanto nos dias de semana"
		case x == "distinct" && agg == "count":
		default:
			return nil, fail("há dois cálculos na pergunta", "the question asks for two computations")
		}
		a.used[i] = true
	}
	for _, i := range colAggs {
		// "top 5 products by redeemed quantity, with SKU and total qty": the value ranked,
		// named again among the columns; any other computation there is a second one
		if x := string(clauses[i].v.(marker)); agg == "" || (x != agg && x != "sum") || !slices.ContainsFunc(colAggs, func(j int) bool { return string(clauses[j].v.(marker)) == agg }) {
			return nil, fail("há dois cálculos na pergunta", "the question asks for two computations")
		}
		a.used[i] = true
	}
	event := actorEvent
	eventAt := -1
	if i, ok := a.take("event"); ok && event == "" {
		event, eventAt = string(clauses[i].v.(marker)), i
	} else if ok {
		a.used[i] = false
	}
	if event == "" {
		if _, ok := a.take("have"); ok && (subj != nil || len(measures) > 0 || a.has("noun") || !slices.ContainsFunc(a.all("filter"), func(i int) bool {
			return strings.HasPrefix(clauses[i].v.(filterV).id, "cmp:")
		})) {
			event = "have" // "quantos pontos tem o João": what a customer has
		}
		// else a verb linking people said by a filter to a comparison: "how many active
		// app users are sitting on more than 1k pts"
	} else {
		a.take("have")
	}
	if event != "" && len(measures) > 0 && slices.ContainsFunc(measures, func(m *semantic.Measure) bool { return hasKeyWith(m, event) }) {
		// "which day brings the most revenue", "how many sales and how much did Batel
		// sell": the verb of a measure
		if eventAt >= 0 && (a.has("rank") || a.has("group")) && a.apartFromMeasures(x, eventAt) && !slices.ContainsFunc(measures, func(m *semantic.Measure) bool { return ownMeasure(event, m) }) {
			// "top 10 customers by spend and their number of purchases": the verb ranks,
			// the measure is asked beside it; one would be dropped
			return nil, fail("a pergunta pede duas coisas que não consegui juntar num relatório; pergunte uma de cada vez",
				"the question asks for two things I could not put in one report; ask one at a time")
		}
		event = ""
	}
	var asked attrsV
	whenStore := "" // the store of the sign-up whose date is asked ("when did X sign up at Savassi")
	if i, ok := a.take("when"); ok {
		// "quando o X se cadastrou", "when did X last buy": the date of the event
		var e *semantic.Event
		switch {
		case event != "":
			e = semantic.EventByID(event)
		case subj != nil && subj.event != nil:
			e = subj.event
			if subj.noun.Fact == semantic.Customers && !subj.neg {
				whenStore, subj = subj.signupStore, nil
			}
		}
		if e != nil && e.When != nil {
			asked = append(asked, e.When)
			event = ""
		} else if !a.has("attrs") {
			a.used[i] = false
		}
	}
	if at, ok := a.take("cost"); ok {
		// "how many points does the caneca térmica cost": the product's price in points;
		// "which rewards are in the catalogue and how many points does each one cost":
		// each listed product's (the points asked before the verb: "quantos produtos
		// custam até 300 pontos" counts them)
		pointsAsked := slices.ContainsFunc(a.all("noun"), func(i int) bool { return i < at && clauses[i].v == marker("points") })
		listed := subj != nil && subj.noun.Fact == semantic.Products && subj.event == nil && !subj.neg && pointsAsked
		if !a.hasMember("product") && !listed || len(measures) > 0 {
			return nil, fail("custo de quê?", "the cost of what?")
		}
		asked = append(asked, semantic.ProductPointsAttr)
		for _, i := range a.all("noun") {
			if n := string(clauses[i].v.(marker)); n == "points" {
				a.used[i] = true
			}
		}
		agg = ""
	}

	perCust := false
	if _, ok := a.take("percust"); ok {
		perCust = true
	}
	// "pontos estornados, em valor absoluto", "points debited in absolute value": sums of
	// points are reported as magnitudes already; said of anything else the words are left
	// unused (refused), unless beside a share of the total (countBesideShare)
	if a.has("abs") && len(measures) > 0 && !slices.ContainsFunc(measures, func(m *semantic.Measure) bool {
		return m.Kind != semantic.Sum || m.Fact != semantic.Points && m.Fact != semantic.Redemptions
	}) {
		a.take("abs")
	}
	// "pontos estornados nos lançamentos do tipo estorno": the entries the measures read,
	// said again; entries of another type are left unused (refused)
	for _, i := range a.all("entries") {
		cond := "e.transaction_type = " + semantic.Quote(string(clauses[i].v.(marker)))
		if len(measures) > 0 && !slices.ContainsFunc(measures, func(m *semantic.Measure) bool {
			return m.Fact != semantic.Points || !slices.Contains(m.Where, cond)
		}) {
			a.used[i] = true
		}
	}
	var extraDims []*semantic.Dimension
	var filters []filterV
	if countedActivity != nil {
		filters = append(filters, activityFilter(countedActivity))
	}
	ranked := a.has("rank") || a.has("group")
	for _, i := range a.all("share") {
		said := func(k int) bool { return k >= 0 && k < len(clauses) && clauses[k].kind == "filter" }
		if (said(i-1) || said(i+1)) && a.measureWordsAfter(x, i) {
			// "which store had the lowest cancellation rate, and what its revenue was": the
			// rate is of the rows said with it, never of the measure asked after it
			return nil, fail("a pergunta pede duas coisas que não consegui juntar num relatório; pergunte uma de cada vez",
				"the question asks for two things I could not put in one report; ask one at a time")
		}
	}
	if ranked && eventAt >= 0 && otherAggregate(string(clauses[eventAt].v.(marker)), agg) && slices.ContainsFunc(aggsAt, func(i int) bool {
		return a.conjBetween(x, min(i, eventAt), max(i, eventAt)) && i+1 < len(clauses) && (clauses[i+1].kind == "noun" || clauses[i+1].kind == "subject")
	}) {
		// "top 10 customers by spend and their number of purchases": the verb ranks, the
		// aggregate on the other side of the conjunction, with what it counts, asks for
		// another measure beside it ("with the quantity" alone is the ranked value)
		return nil, fail("a pergunta pede duas coisas que não consegui juntar num relatório; pergunte uma de cada vez",
			"the question asks for two things I could not put in one report; ask one at a time")
	}
	oneAnswer := false
	if subj != nil && subj.person && subj.event == nil && ranked && (a.namedChoice() || a.namedValues() && !customersDo(event)) {
		// "quem vendeu mais, Savassi ou Copacabana", "a Savassi e a Copacabana, quem
		// faturou mais?": who is one of the values named (stores, products...), never a
		// customer
		subj = nil
	}

	if len(measures) == 0 && subj != nil && subj.event == nil && event != "" && ranked {
		// "clientes com mais pontos", "customers with the most points": what each of the
		// subject's rows holds ranks them (their balance), listed
		var nouns []string
		for _, i := range a.all("noun") {
			nouns = append(nouns, string(clauses[i].v.(marker)))
		}
		if m, ok := composeScattered(agg, nouns, event, perCust); ok && len(nouns) > 0 && m.Fact == subj.noun.Fact && m.PerRow != nil {
			for _, i := range a.all("noun") {
				a.used[i] = true
			}
			measures = []*semantic.Measure{m}
			event, agg = "", ""
		}
	}
	if len(measures) == 0 && subj != nil && subj.event == nil && event != "" {
		if d := dimOfNoun(subj.noun); ranked && d != nil {
			// "clientes que mais gastaram", "produtos mais resgatados": the subject's groups
			// ranked by what the event measures (of the subject when it takes part in it)
			if m, ok := rankedMeasure(agg, subj.noun, event, perCust, d, a.has("rank") && !oftenSaid); ok {
				measures = []*semantic.Measure{m}
				extraDims = append(extraDims, d)
				if subj.singular {
					oneAnswer = true
				}
				subj, event, agg, perCust = nil, "", "", false
			}
		} else if subj.noun.Fact == semantic.Customers {
			// "clientes ... que compraram": the event is the customers' activity
			subj.event = semantic.EventByID(event)
			event = ""
		}
	}

	if len(measures) == 0 && subj != nil && subj.event != nil && !subj.neg && ranked && dimOfNoun(subj.noun) != nil {
		// "qual cliente comprou mais vezes": the customers ranked by their purchases
		var nouns []string
		for _, i := range a.all("noun") {
			nouns = append(nouns, string(clauses[i].v.(marker)))
		}
		if m, ok := composeScattered(agg, nouns, subj.event.ID, perCust); ok && dimOfNoun(subj.noun).Applies(m.Fact) && !strings.Contains(m.Expr, "DISTINCT") {
			for _, i := range a.all("noun") {
				a.used[i] = true
			}
			measures = []*semantic.Measure{m}
			extraDims = append(extraDims, dimOfNoun(subj.noun))
			oneAnswer = subj.singular
			subj, agg, perCust = nil, "", false
		}
	}
	if len(measures) == 0 {
		var nouns []string
		if subj != nil && subj.event == nil {
			nouns = append(nouns, subj.noun.ID)
		}
		for _, i := range a.all("noun") {
			nouns = append(nouns, string(clauses[i].v.(marker)))
		}
		if len(nouns) == 0 && a.hasMember("product") {
			nouns = append(nouns, "products") // "quantas canecas foram resgatadas"
		}
		signupRate := a.has("share") && subj != nil && subj.event != nil && subj.event.ID == "signup" && x.signup
		if (event != "" || perCust || (agg != "" && subj == nil)) && !signupRate {
			// "quantos pontos o Ricardo resgatou": the aggregate, noun and event apart
			// (not "dos que se cadastraram em 2024, quantos % compraram": the event is
			// the percentage's condition, below)
			if a.aggApartFromNouns(x, aggsAt) {
				// "how many pending redemptions and the total points they hold": the count
				// is of the first clause's rows, the points are another measure; composed
				// into one, the count would be dropped
				return nil, fail("a pergunta pede duas coisas que não consegui juntar num relatório; pergunte uma de cada vez",
					"the question asks for two things I could not put in one report; ask one at a time")
			}
			if v, ok := composeScattered(agg, nouns, event, perCust); ok {
				for _, n := range nouns {
					if x := semantic.NounByID(n); x != nil && x.Fact == nil && !keyHas(v, n) && !takes(event, n) {
						// "number of entries and points": a quantity the measure does not
						// read is a second measure, never dropped
						return nil, fail("há palavras que a interpretação não usou", "some words were not used by the interpretation")
					}
					if x := semantic.NounByID(n); x != nil && x.Fact != nil && x.Fact != v.Fact && !joins(v.Fact, x.Fact) && !joins(x.Fact, v.Fact) && !keyHas(v, n) && !takes(event, n) {
						// "quantos clientes ativos ... campanha de aniversário": rows of a
						// fact the measure cannot reach are no part of it, never dropped
						return nil, fail("não entendi o que \""+n+"\" faz na pergunta", "I did not see what \""+n+"\" does in the question")
					}
				}
				for _, i := range a.all("noun") {
					if n := semantic.NounByID(string(clauses[i].v.(marker))); n != nil && n.Fact != nil && n.Fact != v.Fact && !keyHas(v, n.ID) && a.unnamedRow(x, &subjectV{noun: n, singular: a.singularAt(x, i)}, i, filters) {
						// "pontos resgatados do cliente em maio": the noun is read past
						return nil, unnamedRowRefusal(&subjectV{noun: n})
					}
				}
				measures = []*semantic.Measure{v}
				for _, i := range a.all("noun") {
					a.used[i] = true
				}
				if subj != nil && subj.event == nil {
					if subj.noun.Fact != nil && subj.noun.Fact != v.Fact {
						// "lojas que mais venderam": the stores break the revenue down
						if d := dimOfNoun(subj.noun); d != nil && !list && ranked {
							extraDims = append(extraDims, d)
							oneAnswer = subj.singular
						} else if !joins(v.Fact, subj.noun.Fact) {
							return nil, fail("não entendi o que \""+subj.noun.ID+"\" faz na pergunta", "I did not see what \""+subj.noun.ID+"\" does in the question")
						} else if a.unnamedRow(x, subj, subjAt, filters) {
							return nil, unnamedRowRefusal(subj)
						}
					}
					subj = nil
				}
				event, agg, perCust = "", "", false
			}
		}
	}

	for _, i := range a.all("attrs") {
		a.used[i] = true
		asked = append(asked, clauses[i].v.(attrsV)...)
	}
	// "o cadastro do cpf ... tá ativo?": customers counted only because they are the
	// subject (no measure said, as "quantos clientes" says one)
	counted := len(measures) == 1 && measures[0].ID == "customers" && !slices.ContainsFunc(clauses, func(c clauseV) bool { return c.kind == "measures" })
	if agg != "count" && a.identifiesOne() && (counted || !slices.ContainsFunc(measures, func(m *semantic.Measure) bool { return m.PerRow == nil || m.PerRow.Owner != semantic.Customers })) {
		// "o cliente do CPF ... está ativo?", "is customer X still active and what's her
		// balance": a flag said of the one customer named asks for their column
		// (semantic.Flag.Attr), never a filter that hides the answer (nor a count of the
		// customers it leaves, 1 or 0)
		flagged := false
		for _, i := range a.all("filter") {
			if fv := clauses[i].v.(filterV); fv.flag != nil && fv.flag.Attr != nil && !slices.Contains(asked, fv.flag.Attr) {
				a.used[i] = true
				asked, flagged = append(asked, fv.flag.Attr), true
			}
		}
		if flagged && counted {
			measures = nil
		}
	}
	if slices.ContainsFunc(asked, func(x *semantic.Attribute) bool { return x.Owner == nil }) {
		// "com data, valor e ...": a plain column word is the attribute of the list's rows,
		// the owner of the other columns asked or the rows the subject names
		var owner *semantic.Fact
		for _, x := range asked {
			if x.Owner != nil && x.Owner != semantic.Customers {
				owner = x.Owner
				break
			}
		}
		if owner == nil && subj != nil && subj.event == nil && subj.noun.Fact != nil {
			owner = subj.noun.Fact
		}
		for i, x := range asked {
			if x.Owner != nil {
				continue
			}
			c := semantic.ColumnOf(owner, x.Column)
			if owner == nil || c == nil {
				return nil, fail("a lista não tem uma das colunas pedidas", "the list cannot show one of the columns asked for")
			}
			asked[i] = c
		}
	}
	if len(measures) > 0 && agg == "" && a.listsRowsOf(subj, names) {
		// "lista dos clientes com silva no nome, nome e saldo": the rows listed, each with
		// its value of the measure (its column), never the measure's total; a measure no
		// column holds is refused rather than read as the total of a list asked for
		var rows attrsV
		for _, m := range measures {
			if m.PerRow == nil || m.PerRow.Owner != subj.noun.Fact {
				return nil, fail("a lista não tem uma das colunas pedidas", "the list cannot show one of the columns asked for")
			}
			rows = append(rows, m.PerRow)
		}
		asked, measures = append(rows, asked...), nil
	}
	if len(asked) > 0 && len(measures) > 0 && a.namesOne() && !slices.ContainsFunc(measures, func(m *semantic.Measure) bool { return m.PerRow == nil || m.PerRow.Owner != asked[0].Owner }) {
		// "o saldo de pontos da Camila Prado e a data da última compra dela": a measure
		// said of the one customer named beside details of them is their column
		var rows attrsV
		for _, m := range measures {
			rows = append(rows, m.PerRow)
		}
		asked, measures = append(rows, asked...), nil
	}
	if len(asked) > 0 && len(measures) == 0 {
		// "telefone e email da X": the attributes of the rows the filters name
		owner := asked[0].Owner
		for _, x := range asked {
			if x.Owner != owner {
				return nil, fail("esses dados são de cadastros diferentes", "those details belong to different records")
			}
		}
		if subj != nil && subj.event == nil && subj.noun.Fact == owner {
			subj = nil
		}
		if subj != nil {
			return nil, fail("não entendi o que \""+subj.noun.ID+"\" faz na pergunta", "I did not see what \""+subj.noun.ID+"\" does in the question")
		}
		a.req.Fact = owner
		name := semantic.DefaultAttributes(owner)[0]
		switch owner {
		case semantic.Stores:
			name = semantic.StoreNameAttr
		case semantic.Products:
			name = semantic.ProductNameAttr
		}
		base := attrsV{name}
		if owner == semantic.Sales || owner == semantic.Redemptions || owner == semantic.Points {
			// a row of what happened is its date, who and how much, beside what was asked
			// ("pending redemptions with the customer's name and the expiry time")
			base = semantic.DefaultAttributes(owner)
		}
		a.req.Attrs = slices.Clone(base)
		for _, x := range asked {
			if !slices.Contains(a.req.Attrs, x) { // "produtos com nome e SKU": each column once
				a.req.Attrs = append(a.req.Attrs, x)
			}
		}
		list = false
	}
	if i, ok := a.take("chrono"); ok {
		// "do mais antigo para o mais recente", "oldest first": a list of rows by their date
		d := semantic.ColumnOf(a.req.Fact, "date")
		if len(a.req.Attrs) == 0 || d == nil {
			return nil, fail("não sei ordenar essa resposta por data", "I cannot order that answer by date")
		}
		a.req.SortBy, a.req.Order = d, semantic.Descending
		if clauses[i].v.(string) == "asc" {
			a.req.Order = semantic.Ascending
		}
	}
	if len(measures) > 0 && a.hasMember("domain") {
		// "customers with a gmail email", "gmail addresses": the address is the domain's
		asked = slices.DeleteFunc(asked, func(x *semantic.Attribute) bool { return x == semantic.CustomerEmailAttr || x.ID == "address" })
	}
	if len(measures) > 0 {
		// "top 5 customers by balance, along with their balance": the measure's own value
		// of each row, said again
		asked = slices.DeleteFunc(asked, func(x *semantic.Attribute) bool {
			return slices.ContainsFunc(measures, func(m *semantic.Measure) bool { return m.PerRow == x })
		})
	}
	// "top 10 clientes por faturamento, com nome e CPF": details of the rows of a
	// breakdown, checked once the breakdown is known (below)
	var shown attrsV
	if len(measures) > 0 {
		shown, asked = asked, nil
	}
	if len(measures) == 0 && subj == nil && len(asked) == 0 {
		if agg == "sum" {
			// "quanto entrou no pix": the amount of the rows the filters are about
			for _, f := range []*semantic.Fact{semantic.Sales, semantic.Redemptions} {
				if a.filtersFit(f) && f.Amount != "" {
					measures = []*semantic.Measure{semantic.MeasureByID(f.Amount)}
					agg = ""
					break
				}
			}
		}
		if len(measures) == 0 && agg == "" && !a.has("share") && !a.has("rank") && a.groupsOwnRows() {
			// "quais lojas estão ativas", "which stores are active": the filters are the
			// grouped rows' own, so the rows are asked, never a count of other rows
			return nil, fail("a pergunta pede quais "+a.groupFact().Name.PT+" e não sei listá-las assim", "the question asks which "+a.groupFact().Name.EN+" and I cannot list them so")
		}
		if len(measures) == 0 && (a.has("share") || agg == "count" || (agg == "" && (a.has("rank") || a.has("group")))) {
			// "cancellation rate", "how many app users ...": the rows the filters are about
			// the most specific fact first: customers' filters also narrow their sales
			for _, f := range []*semantic.Fact{semantic.Customers, semantic.Sales, semantic.Redemptions} {
				fits := true
				for _, i := range a.all("filter") {
					fv := clauses[i].v.(filterV)
					if fv.members != nil && fv.members.kind == "channel" {
						fits = fits && f == semantic.Customers // channels are customers' opt-ins
						continue
					}
					if _, ok := fv.resolve(f); !ok || fv.aboutCustomers {
						fits = false
					}
				}
				if fits && len(a.all("filter")) > 0 {
					measures = []*semantic.Measure{semantic.MeasureByID(f.Count)}
					break
				}
			}
		}
		if len(measures) == 0 && agg == "" && !a.has("share") {
			// "como o pessoal pagou em maio": the rows the breakdown asks about, counted
			for _, i := range a.all("breakdown") {
				if b, ok := clauses[i].v.(breakdownV); ok && b.rows != nil && (len(a.all("filter")) == 0 || a.filtersFit(b.rows)) {
					measures = []*semantic.Measure{semantic.MeasureByID(b.rows.Count)}
					break
				}
			}
		}
		if len(measures) == 0 && agg == "" && !a.has("share") && a.filtersFitOnly(semantic.Customers) {
			// "aniversariantes de maio que aceitam email": the customers, listed
			subj = &subjectV{noun: semantic.NounByID("customers")}
			list = true
		} else if len(measures) == 0 {
			return nil, fail("não sei o que calcular ou listar", "I do not know what to compute or list")
		}
	}

	if subj != nil && subj.signupStore != "" {
		whenStore = subj.signupStore
	}
	if whenStore != "" {
		filters = append(filters, filterV{id: "signup_store", resolve: fixed(semantic.SignupStoreCode(whenStore))})
	}
	if subj != nil && subj.at != nil {
		place, ok := activityPlace(x, subj)
		if !ok {
			return nil, fail("não sei onde aplicar o lugar da compra", "I cannot tell where the place of the activity applies")
		}
		filters = append(filters, place)
	}
	if len(measures) == 0 && len(asked) == 0 && (agg == "sum" || agg == "avg") && subj.event != nil && !subj.neg {
		// "how much did customer X spend": the amount of the customers' activity
		if m, ok := composeScattered(agg, nil, subj.event.ID, false); ok && joins(m.Fact, subj.noun.Fact) {
			measures = []*semantic.Measure{m}
			subj.event, agg = nil, ""
		}
	}
	if len(measures) == 0 && len(asked) == 0 {
		fact := subj.noun.Fact
		a.req.Fact = fact
		switch {
		case list || (agg == "" && !a.has("breakdown") && (subj.person || fact.Listed)):
			a.req.Attrs = semantic.DefaultAttributes(fact)
			if a.req.Attrs == nil {
				return nil, fail("não sei listar "+fact.Name.PT, "I cannot list "+fact.Name.EN)
			}
			if n := semantic.NameAttribute(fact); names && n != nil {
				a.req.Attrs = []*semantic.Attribute{n} // "o nome dos clientes", "names only"
			}
			if subj.event != nil && subj.event.ID != "signup" {
				filters = append(filters, activityFilter(subj))
			}
		default:
			// "how much clients", "total de clientes": an amount asked of rows that have
			// none is their number; with what they did ("quanto os clientes gastaram") it
			// is an amount of that
			// the rows right after the amount word: "how much did the store make
			// yesterday", "quanto a loja fez ontem" ask what the rows made, never their
			// number (read so, the stores opened yesterday were counted, silently)
			amountAsCount := agg == "sum" && fact.Unmeasured && !x.activity && aggAt >= 0 && subjAt >= 0 && a.spans[subjAt].from == a.spans[aggAt].to
			// "sum of manual debits", "total dos estornos": rows whose amount the model
			// names (semantic keys "sum <noun>")
			if m := measureByKey("sum " + subj.noun.ID); agg == "sum" && m != nil && subj.event == nil {
				measures = []*semantic.Measure{m}
				break
			}
			if agg != "" && agg != "count" && !amountAsCount {
				return nil, fail("não sei calcular \""+agg+"\" de "+fact.Name.PT, "I cannot compute \""+agg+"\" of "+fact.Name.EN)
			}
			key := "count " + subj.noun.ID
			if subj.event != nil && !subj.neg && !subj.again && subj.event.ID != "signup" {
				key += " " + subj.event.ID
			}
			m := measureByKey(key)
			if m == nil {
				return nil, fail("não sei contar "+fact.Name.PT, "I cannot count "+fact.Name.EN)
			}
			measures = []*semantic.Measure{m}
			if subj.event != nil && key == "count "+subj.noun.ID && subj.event.ID != "signup" {
				filters = append(filters, activityFilter(subj))
			}
		}
		agg = ""
	} else if subj != nil {
		// a subject beside a measure: the rows the measure reads, or customers narrowed
		// by what they did ("faturamento dos clientes que usam o app")
		switch {
		case restatesBuyers(subj, measures):
			// "active buyers in May - how many customers purchased?": the buyers again
		case subj.event != nil && signupCohort(x, a, subj, measures):
			// "% of customers who signed up in Q1 who have bought": the period dates the
			// sign-up; the purchase is at any time, as "that have ever bought" (above)
			filters = append(filters, ever(activityFilter(subj)))
		case subj.event != nil && subj.event.ID == "signup" && !subj.neg && subj.signupStore == "" && subj.noun.Fact == semantic.Customers && measures[0].Fact == semantic.Customers && !ranked && second == nil:
			// "average age of customers who signed up in 2024", "median time to first
			// purchase for customers who signed up in 2024": the customers are the
			// measure's rows, their period dates the sign-up (a ranking of groups by
			// sign-ups says where they signed up: not read here)
		case subj.event != nil:
			filters = append(filters, activityFilter(subj))
		case subj.noun.Fact == measures[0].Fact && ranked && len(measures) == 1 && measures[0].PerRow != nil:
			// "top 5 clientes por saldo": the customers listed, sorted by their balance
			a.req.Fact = subj.noun.Fact
			a.req.Attrs = append(semantic.DefaultAttributes(subj.noun.Fact)[:2:2], measures[0].PerRow)
			a.req.SortBy = measures[0].PerRow
			oneAnswer = subj.singular
		case subj.noun.Fact == measures[0].Fact:
			if narrowsRows(subj.noun, measures) {
				// "quantidade de lançamentos de estorno": the rows of one type, never all of them
				return nil, fail("não sei calcular isso só de "+subj.noun.ID, "I cannot compute that of "+subj.noun.ID+" only")
			}
		case dimOfNoun(subj.noun) != nil && !list && ranked:
			extraDims = append(extraDims, dimOfNoun(subj.noun))
			oneAnswer = subj.singular
		case joins(measures[0].Fact, subj.noun.Fact) && agg != "avg" && !perCust && a.unnamedRow(x, subj, subjAt, filters):
			// (an average per customer is of each one: below)
			return nil, unnamedRowRefusal(subj)
		case joins(measures[0].Fact, subj.noun.Fact):
			// "vendas de clientes homens": the customers the rows belong to, narrowed by
			// the filters
		default:
			return nil, fail("não entendi o que \""+subj.noun.ID+"\" faz na pergunta", "I did not see what \""+subj.noun.ID+"\" does in the question")
		}
	}
	if event != "" && x.signup && len(measures) == 1 && measures[0].ID == "customers" && a.periodOf() != nil {
		// "quantos clientes que se cadastraram em janeiro já fizeram alguma compra": the
		// period dates the sign-up; what they did is at any time since
		if v, ok := activity(event, true); ok {
			filters = append(filters, ever(v.(filterV)))
			event = ""
		}
	}
	if perCust && len(measures) == 1 && measures[0].Fact == semantic.Customers && measures[0].Kind == semantic.Average {
		perCust = false // "saldo médio por cliente": an average over customers is per customer already
	}
	if agg != "" || event != "" || perCust {
		if perCust && len(measures) == 1 {
			m, err := semantic.PerCustomer(measures[0])
			if err != nil {
				return nil, fail("não há média por cliente de "+measures[0].Name.PT, "there is no per-customer average of "+measures[0].Name.EN)
			}
			measures[0], perCust = m, false
		}
		var m *semantic.Measure
		if len(measures) == 1 {
			m = measures[0]
		}
		switch {
		case m == nil:
		case agg == "distinct" && strings.Contains(m.Expr, "DISTINCT"):
			agg = "" // "distinct buyers"
		case agg == "avg" && (m.Kind == semantic.Count || m.Kind == semantic.Sum) && a.customerContext(subj):
			// "quantas compras cada cliente fez em média": per customer
			pc, err := semantic.PerCustomer(m)
			if err != nil {
				return nil, fail("não há média por cliente de "+m.Name.PT, "there is no per-customer average of "+m.Name.EN)
			}
			measures[0], agg = pc, ""
			if subj != nil && subj.noun.Fact == semantic.Customers && subj.event == nil {
				subj = nil
			}
		case agg == "sum" && m.Kind == semantic.Count && aggAt > a.measureAt():
			// "how many sales ... how much": an amount asked after a count is another
			// measure, never the count again
		case agg == "sum" && aggAt >= 0 && aggAt < a.measureAt() && (m.Kind == semantic.Average || m.Kind == semantic.Ratio):
			agg = "" // "quanto deu o ticket médio", "qto foi o gasto médio": how much it is
		case agg == "sum" && a.aggTag(x, aggAt) && m.Kind != semantic.Count && m.Kind != semantic.Rate:
			agg = "" // "median ticket last month how much ah": the question word said last
		case agg == "sum" && m.Kind == semantic.Count && aggAt >= 0 && aggAt < a.measureAt() && slices.ContainsFunc(x.conj, func(p int) bool {
			return p >= a.spans[aggAt].to && p < a.spans[a.measureAt()].from
		}):
			// "o valor total das vendas em abril e quantas vendas": the amount is a part of
			// its own, never the count said again (left unused: refused); said with the
			// verb of the rows counted ("quanto a Copacabana vendeu no mês passado e quantas
			// vendas foram"), it is the sum over the same rows, a measure of its own
			if s := a.amountOfVerb(x, eventAt, m); s != nil && aggAt < eventAt {
				measures, agg = []*semantic.Measure{s, m}, ""
			}
		case agg == "sum" && (m.Kind == semantic.Sum || m.Kind == semantic.Count):
			agg = "" // "qual o total de ... faturamento": the measure already sums
		case agg == "count" && m.Kind == semantic.Count:
			agg = ""
		}
		if agg != "" || event != "" || perCust {
			return nil, fail("há palavras que a interpretação não usou", "some words were not used by the interpretation")
		}
	}
	if list && len(a.req.Attrs) == 0 && len(measures) > 0 && a.has("rank") {
		// "liste as 2 lojas que mais venderam", "list the 3 stores that sold the most": the
		// ranking's rows are the list, the measure they are ranked by said with its event
		list = false
	}
	if list && len(a.req.Attrs) == 0 {
		return nil, fail("não sei listar isso", "I cannot list that")
	}
	if len(measures) == 1 && measures[0].Kind == semantic.Extreme && measures[0].PerRow != nil && subj != nil && subj.noun.Fact == measures[0].Fact {
		// "cliente com maior saldo", "quem tem o maior saldo": the customer, not the number
		m := measures[0]
		a.req.Fact = m.Fact
		a.req.Attrs = append(semantic.DefaultAttributes(m.Fact)[:2:2], m.PerRow)
		a.req.SortBy = m.PerRow
		a.req.Order, a.req.Limit = semantic.Descending, 1
		if strings.HasPrefix(m.Expr, "min(") {
			a.req.Order = semantic.Ascending
		}
		if !subj.singular {
			a.req.Limit = 0
		}
		subj = nil
	}
	if len(measures) == 1 && measures[0].PerRow != nil && subj == nil && ranked && !a.has("breakdown") && !a.has("group") && !a.has("dim") && len(extraDims) == 0 {
		// "top 5 saldos": the rows with the largest values
		m := measures[0]
		a.req.Fact = m.Fact
		a.req.Attrs = append(semantic.DefaultAttributes(m.Fact)[:2:2], m.PerRow)
		a.req.SortBy = m.PerRow
	}
	if a.req.Fact == nil {
		a.req.Fact = measures[0].Fact
	}
	if a.req.SortBy != nil {
		measures = nil
	}
	fact := a.req.Fact

	// filters, resolved against the fact
	if a.shareSaidTwice(x) > 1 && a.shareAsked() {
		// "Q1 repeat rate: what % of Q1 buyers ...": two percentages, one of them a name
		// the other defines; never both applied
		return nil, fail("há dois percentuais na pergunta", "the question asks for two percentages")
	}
	sharePos := -1
	for i, c := range clauses {
		if c.kind == "share" && !a.used[i] {
			sharePos = i
		}
	}
	if err := a.flaggedAfterMeasure(x); err != nil {
		return nil, err
	}
	if err := a.rowsAfterBreakdown(x); err != nil {
		return nil, err
	}
	for _, i := range a.all("filter") {
		a.used[i] = true
		fv := clauses[i].v.(filterV)
		fv.pos = i
		if rowsOf != nil && i > rowsAt {
			var err error
			if fv, err = ofRows(rowsOf, fv); err != nil {
				return nil, err
			}
		}
		if fv.bareNumber && a.rowsFollow(i) {
			// "2 or more | purchases": the number counts rows, not money or years
			return nil, fail("não entendi o que esse número conta", "I did not see what that number counts")
		}
		if fv.bareNumber && a.countsActorsBefore(i) {
			// "quantos clientes compraram mais de 500": the value of one purchase or each
			// customer's total?
			return nil, fail("não sei se esse número é o valor de cada compra ou o total de cada cliente", "I cannot tell whether that number is the value of each purchase or each customer's total")
		}
		if fv.bareNumber && a.unitFollows(i) {
			// "mais de 60 dias", "more than 3 months": the number counts time, not money or
			// years of age
			return nil, fail("não entendi a que se refere esse tempo", "I did not see what that length of time refers to")
		}
		filters = append(filters, fv)
	}
	if rowsOf != nil && !slices.ContainsFunc(filters, func(fv filterV) bool { return fv.pos > rowsAt }) {
		// "quantos clientes com resgates": the customers who have any
		v, ok := activity(rowsNoun.Event, true)
		if !ok {
			return nil, fail("não sei quais clientes têm "+rowsOf.Name.PT, "I cannot tell which customers have "+rowsOf.Name.EN)
		}
		filters = append(filters, v.(filterV))
	}
	if sharePos >= 0 {
		// the condition of a percentage is what follows its word ("dos ativos, quantos %
		// aceitam whatsapp"), else the last filter before it
		cond := -1
		asked := string(clauses[sharePos].v.(marker)) == "ask" // "quantos %": what follows
		for j, fv := range filters {
			if fv.pos == sharePos-1 && !asked {
				// "cancellation rate", "opt-in rate": the word before names the condition
				cond = j
				break
			}
		}
		for j, fv := range filters {
			if cond >= 0 && filters[cond].pos == sharePos-1 && !asked {
				break
			}
			if fv.pos > sharePos && (cond < 0 || filters[cond].pos < sharePos || fv.pos < filters[cond].pos) {
				cond = j
			} else if fv.pos < sharePos && (cond < 0 || filters[cond].pos < fv.pos && filters[cond].pos < sharePos) {
				cond = j
			}
		}
		if cond > 0 {
			filters[0], filters[cond] = filters[cond], filters[0]
		}
		if len(filters) == 1 && filters[0].event && slices.ContainsFunc(clauses, func(c clauseV) bool { return c.kind == "breakdown" }) {
			// "% por gênero dos clientes que compraram", "gender split of customers who
			// bought": the buyers split by the groups, or each group's rate of buying?
			return nil, fail("não sei se é a divisão por grupo dos que fizeram isso ou, em cada grupo, o percentual dos que fizeram",
				"I cannot tell whether that is how those who did it split across the groups or, in each group, the percentage who did it")
		}
	}
	ms, filters, err := a.storeCohorts(filters, measures)
	if err != nil {
		return nil, err
	}
	if len(ms) == 1 && len(measures) == 1 && ms[0] != measures[0] {
		measures[0], fact, a.req.Fact = ms[0], ms[0].Fact, ms[0].Fact
	}
	// two values of one attribute cannot both hold: "Centro vs Ibirapuera" compares them
	filters, extraDims = mergeMembers(x, filters, extraDims)
	for _, fv := range filters {
		if fv.bareChannel && !a.has("optin") && !a.has("share") {
			// "email" alone is not "opted in to e-mail" ("clientes com email do hotmail")
			return nil, fail("um canal sem \"aceitam\" não é um filtro", "a channel without \"opted in\" is not a filter")
		}
	}
	// "compraram no mês passado e já tinham comprado antes": before the other's period
	for j, fv := range filters {
		if fv.before == nil {
			continue
		}
		var p *semantic.Period
		for _, o := range filters {
			if o.cohortPeriod != nil {
				p = o.cohortPeriod
			}
		}
		if p == nil {
			p = a.periodOf()
		}
		if p == nil || p.From == "" {
			return nil, fail("\"antes\" de quê?", "\"before\" what?")
		}
		x := semantic.AtPeriod(fv.before.Activity(true), semantic.Before(p))
		filters[j].resolve = func(f *semantic.Fact) (*semantic.Filter, bool) { return x, f == semantic.Customers }
	}
	// "clientes das duas lojas", "customers of both A and B": bought at each
	bothMembers := false
	for _, fv := range filters {
		bothMembers = bothMembers || fv.members != nil && fv.members.both
	}
	a.takeCounted(len(measures))
	if a.bothClosing() && (len(measures) >= 2 || len(a.all("periods")) > 0) {
		// "... and how many points the clients redeemed there? Both numbers", "2025 até
		// agora contra 2024 inteiro, os dois números": the measures or periods asked,
		// said again
		a.take("both")
	}
	if a.bothClosing() && a.has("rank") && slices.ContainsFunc(filters, func(fv filterV) bool { return fv.members != nil && fv.members.or && len(fv.members.values) == 2 }) {
		// "Centro or Copacabana, which one sold more? Show me both", "pix ou crédito,
		// qual vendeu mais? mostra os dois": the two values named, each shown (a ranking
		// of them shows every one, EachOf)
		a.take("both")
	}
	a.takeApart(measures, filters, extraDims)
	bothSaid := false
	for _, i := range a.all("both") {
		// "tanto no Centro quanto no Ibirapuera (nas duas lojas)": one "both" said twice
		a.used[i], bothSaid = true, true
	}
	if bothSaid || bothMembers {
		done := false
		if len(measures) == 1 && measures[0] == semantic.MeasureByID("buyers") {
			// the buyers of both stores are customers with purchases at each
			measures[0], fact, a.req.Fact = semantic.MeasureByID("customers"), semantic.Customers, semantic.Customers
		}
		if slices.IndexFunc(filters, func(fv filterV) bool {
			return fv.members != nil && fv.members.kind == "store" && len(fv.members.values) > 1
		}) >= 0 && fact == semantic.Customers {
			// "customers who bought at both A and B in May": the purchase said beside the
			// stores is the purchase at each, in the period; another activity ("who
			// redeemed at both") is none the stores' purchases read
			var rest []filterV
			for _, fv := range filters {
				if fv.id == "activity" {
					if x, _ := fv.resolve(semantic.Customers); x == nil || x.ID != semantic.Bought(true).ID {
						return nil, fail("\"ambos\" de quê?", "\"both\" of what?")
					}
					continue
				}
				rest = append(rest, fv)
			}
			filters = rest
		}
		for j, fv := range filters {
			if fv.members != nil && fv.members.kind == "store" && len(fv.members.values) > 1 && fact == semantic.Customers {
				codes := fv.members.values
				filters[j].members = nil
				x := semantic.BoughtAtEach(codes)
				filters[j].resolve = func(f *semantic.Fact) (*semantic.Filter, bool) { return x, f == semantic.Customers }
				done = true
			}
			if fv.members != nil && fv.members.kind == "channel" && len(fv.members.values) > 1 && !fv.members.or {
				// "opted in to both email and SMS": every channel named, as "and" already reads
				done = true
			}
		}
		if !done {
			return nil, fail("\"ambos\" de quê?", "\"both\" of what?")
		}
	}
	// "how much more did Centro sell than Ibirapuera": the difference of two members
	diffPeriods, diffGroups := false, false
	var codes []string
	if g := a.all("growth"); len(g) > 0 && len(a.all("than")) == 0 {
		// "which store grew the most from April to May, and by how much": the amount of
		// the growth asked, said after it
		for _, i := range a.all("diff") {
			if i > g[0] {
				a.used[i] = true
			}
		}
	}
	// "exceed", "a mais", "minus" say which value is taken from which (semantic CatDiff
	// "more"): the first named minus the second
	ordered := slices.ContainsFunc(a.all("diff"), func(i int) bool { return a.clauses[i].v == marker("more") })
	diffAt, ok := a.take("diff")
	for _, i := range a.all("diff") {
		a.used[i] = true // "by how much did A's revenue exceed B's": one difference said twice
	}
	// "by how much did May exceed April", "quanto maio faturou a mais que abril": two
	// periods said apart, one taken from the other
	var firstSaid *semantic.Period
	if ps := a.all("period"); ok && len(ps) == 2 && len(a.all("periods")) == 0 && !a.hasMember("store") {
		firstSaid = clauses[ps[0]].v.(periodV).p
		a.take("than")
	}
	if ok && (len(a.all("periods")) > 0 || firstSaid != nil) && !a.hasMember("store") {
		// "delta in average ticket between this month and last month": of two periods
		diffPeriods = true
	} else if ok {
		a.take("than")
		keep := filters[:0]
		for _, fv := range filters {
			if fv.members != nil && fv.members.kind == "store" {
				codes = append(codes, fv.members.values...)
				continue
			}
			keep = append(keep, fv)
		}
		filters = keep
		switch {
		case len(codes) == 0 && len(measures) == 1:
			// "fins de semana e dias de semana, pra ver a diferença": two groups of another
			// attribute, side by side (below), or refused there
			diffGroups = true
		case len(codes) != 2 || len(measures) != 1:
			return nil, fail("a diferença é entre duas lojas", "the difference is between two stores")
		}
	}
	if ok && !diffPeriods && !diffGroups {
		d, err := semantic.DifferenceOf(measures[0], semantic.StoreCode(codes[0]), semantic.StoreCode(codes[1]), semantic.T(codes[0], codes[0]), semantic.T(codes[1], codes[1]))
		if err != nil {
			return nil, fail("não sei calcular essa diferença", "I cannot compute that difference")
		}
		measures = []*semantic.Measure{d}
	}
	if len(measures) == 1 && measures[0].ID == "buyers" && fact == semantic.Sales && a.measureAt() >= 0 && onlyCustomers(filters) {
		// "how many of last month's buyers had bought before": buyers narrowed by what
		// customers did are customers who bought in the period
		bought, _ := activity("buy", true)
		filters = append(filters, bought.(filterV))
		measures[0], fact, a.req.Fact = semantic.MeasureByID("customers"), semantic.Customers, semantic.Customers
	}
	if p, ok := deniedInOwnPeriod(filters, a.periodOf()); ok {
		// "compraram em maio e não no mês passado", asked in June: both periods are May, and
		// the answer would be zero whatever the data
		return nil, fail("o período em que não houve compra é o mesmo em que houve ("+p.Label.PT+")",
			"the period without a purchase is the one with it ("+p.Label.EN+")")
	}
	filters = a.storeFlags(filters, fact)
	if fact == semantic.Customers {
		var err error
		if filters, err = a.eventStore(filters); err != nil {
			return nil, err
		}
	}
	var compareMembers, channels, eitherMembers *memberV
	compareAt := -1 // the clause of compareMembers
	var resolved []*semantic.Filter
	var resolvedAt []int // the clause of each filter resolved
	for _, fv := range filters {
		if fv.signupOrigin && slices.ContainsFunc(measures, func(m *semantic.Measure) bool {
			return m.Fact == semantic.Customers || strings.Contains(m.Expr, "DISTINCT v.customer_id")
		}) {
			return nil, fail("a pergunta conta clientes que se cadastraram: o cadastro é o assunto", "the question counts customers who signed up: the sign-up is its subject")
		}
		if fv.members != nil && fv.members.kind == "channel" && len(fv.members.values) > 1 {
			channels = fv.members
			continue
		}
		if fv.members != nil && !fv.members.or && len(fv.members.values) > 1 && fv.members.kind != "channel" && !a.summedAt(fv.pos) {
			compareMembers, compareAt = fv.members, fv.pos
		}
		if fv.members != nil && fv.members.or && len(fv.members.values) > 1 {
			eitherMembers = fv.members
		}
		f, ok := fv.resolve(fact)
		if (!ok || f == nil) && fact == semantic.Customers && fv.members != nil {
			// "clientes que pagaram com pix": customers with sales meeting it
			if sf, ok2 := fv.resolve(semantic.Sales); ok2 && sf != nil {
				if hf, err := semantic.HasRowsWith(semantic.Sales, sf); err == nil {
					f, ok = hf, true
				}
			}
		}
		if !ok || f == nil {
			return nil, fail("um filtro não se aplica a "+fact.Name.PT, "a filter does not apply to "+fact.Name.EN)
		}
		resolved, resolvedAt = append(resolved, f), append(resolvedAt, fv.pos)
	}
	groupsCompared := false
	if m := a.measureAt(); m >= 0 && slices.ContainsFunc(aggsAt, func(i int) bool { return i > m }) {
		aggTwice = true // "quantos clientes homens e quantas mulheres": the aggregate said again
	}
	// a set of values said again in other words is one filter
	for i := 0; i < len(resolved); i++ {
		for j := len(resolved) - 1; j > i; j-- {
			if semantic.SamePins(resolved[i], resolved[j]) {
				resolved, resolvedAt = slices.Delete(resolved, j, j+1), slices.Delete(resolvedAt, j, j+1)
			}
		}
	}
	joinedGroups := false
	for i := range resolved {
		for j := i + 1; j < len(resolved); j++ {
			from, to := a.spans[resolvedAt[i]].to, a.spans[resolvedAt[j]].from
			between := func(p int) bool { return p >= from && p < to }
			// "dias úteis e fins de semana", "mais no fim de semana que nos dias úteis"
			joinedGroups = joinedGroups || semantic.JoinedAreGroups(resolved[i], resolved[j]) &&
				(slices.ContainsFunc(x.conj, between) || slices.ContainsFunc(x.than, between))
		}
	}
	if a.has("vs") || a.has("share") || aggTwice || diffGroups || joinedGroups {
		// "women vs men", "app users compared with the others": the groups of the attribute
		// both filters fix, side by side; "o percentual de mulheres e de homens que usam o
		// app": a rate per group (the rate of one group among the other is always zero)
		for i := 0; i < len(resolved); i++ {
			for j := i + 1; j < len(resolved); j++ {
				both, d, ok := semantic.Compared(resolved[i], resolved[j])
				if !ok {
					continue
				}
				rest := append(append(append([]*semantic.Filter{}, resolved[:i]...), resolved[i+1:j]...), resolved[j+1:]...)
				if a.has("share") && i == 0 {
					// the percentage's condition is another filter, never the compared groups
					if len(rest) == 0 && channels == nil {
						// (a rate per channel named is of the channels: "email and sms
						// opt-in rates, app users vs the others")
						return nil, fail("percentual de quê?", "a percentage of what?")
					}
					resolved = append(rest, both)
				} else {
					resolved = append(append(append([]*semantic.Filter{}, resolved[:i]...), both), rest[i:]...)
				}
				extraDims = append(extraDims, d)
				a.take("vs")
				groupsCompared = true
				i = len(resolved)
				break
			}
		}
	}
	if groupsCompared {
		a.take("unknowns") // the compared values leave the unknowns out already
	}
	for _, fv := range filters {
		if fv.flag != nil && fv.flag.Beside != "" && !slices.ContainsFunc(filters, func(o filterV) bool { return o.flag != nil && o.flag.ID == fv.flag.Beside }) {
			// "novos" alone are sign-ups: first-time buyers only beside returning ones
			return nil, fail("uma palavra da pergunta só tem esse sentido ao lado do seu oposto ("+fv.flag.Beside+")", "a word of the question has that meaning only beside its opposite ("+fv.flag.Beside+")")
		}
	}
	var counts []int
	for i, c := range clauses {
		if c.kind == "measures" || c.kind == "agg" {
			counts = append(counts, i) // "quantos clientes ...": a count said with its rows
		}
	}
	if !groupsCompared && len(counts) >= 2 && len(measures) <= 1 {
		// "quantos usam o app e quantos aceitam whatsapp", "how many first-time buyers and
		// how many repeat buyers": each count has a condition of its own; both conditions
		// on one count answer neither
		seg := func(pos int) int {
			n := 0
			for _, g := range counts {
				if g < pos {
					n++
				}
			}
			return n
		}
		segs := map[int]string{}
		for k, p := range resolvedAt {
			if n := seg(p); n > 0 && !slices.ContainsFunc(resolved[:k], func(f *semantic.Filter) bool { return f.ID == resolved[k].ID }) {
				segs[n] = resolved[k].ID // one filter said in both counts is one condition
			}
		}
		if len(segs) >= 2 {
			return nil, fail("cada contagem tem a sua condição e não sei contar as duas juntas: pergunte uma de cada vez", "each count has a condition of its own and I cannot count both together: ask one at a time")
		}
	}
	if diffGroups && !groupsCompared && !(compareMembers != nil && diffAt > compareAt) {
		// ("tkt médio no pix e no dinheiro, pra ver a diferença": the two values, a row
		// each, already side by side; "qual a diferença do ticket no pix e no dinheiro"
		// asks one number)
		return nil, fail("a diferença é entre duas lojas", "the difference is between two stores")
	}
	// a filter said again by a second part of the question ("o valor das vendas canceladas
	// e quantos cupons foram cancelados") is one filter
	resolved = slices.CompactFunc(slices.Clone(resolved), func(x, y *semantic.Filter) bool {
		return x.ID == y.ID && x.Name == y.Name && x.ReplacesLive
	})
	// "resgates vigentes (pendentes ou aplicados)": the live rows, then which of them
	resolved = slices.DeleteFunc(slices.Clone(resolved), func(f *semantic.Filter) bool {
		return slices.ContainsFunc(resolved, f.NarrowsLive)
	})
	resolved = a.statusRows(resolved)
	if n := replacing(resolved, fact); n > 1 && !(n == 2 && a.has("share") && slices.ContainsFunc(resolved, anyStatus)) {
		return nil, fail("a pergunta pede dois status que não valem juntos", "the question asks for two statuses that cannot hold together")
	}

	for _, i := range a.all("precision") {
		a.used[i] = true // "rounded to 2 decimals": every measure column rounded to it
		n := clauses[i].v.(int)
		if a.req.Decimals != nil && *a.req.Decimals != n {
			return nil, fail("a pergunta pede duas precisões diferentes", "the question asks for two different precisions")
		}
		a.req.Decimals = &n
	}
	// periods: one window, or two compared
	if a.periodAskedAgain(aggsAt) {
		return nil, fail("há dois períodos na pergunta e não sei se é para comparar", "the question has two periods and I cannot tell whether to compare them")
	}
	var periods []*semantic.Period
	future := false // a period up to a day after today
	for _, i := range a.all("period") {
		a.used[i] = true
		pv := clauses[i].v.(periodV)
		future = future || pv.future
		if pv.absence && !a.denies() {
			// "vendas há mais de 30 dias" is not the last 30 days
			return nil, fail("\"há mais de\" um tempo só vale para o que não aconteceu (clientes sem comprar há mais de 60 dias)",
				"\"for more than\" a length of time only applies to what did not happen (customers who have not bought in over 60 days)")
		}
		if slices.ContainsFunc(periods, func(q *semantic.Period) bool { return onePeriod(q, pv.p) || sameToDate(q, pv.p, x.cal.Now) }) {
			// "Q1 buyers ... within Q1", "last quarter, that is January to March 2025",
			// "this week, since Monday": one period said twice
			continue
		}
		periods = append(periods, pv.p)
	}
	compared := false
	for _, i := range a.all("periods") {
		a.used[i] = true
		ps := clauses[i].v.(periodsV)
		if a.summedAt(i) {
			// "April and May taken together", "abril e maio somados": one period
			if slices.ContainsFunc(x.vsAt, func(p int) bool { return p >= a.spans[i].from && p < a.spans[i].to }) {
				// "somado em maio x junho": a sum of periods set against each other
				return nil, fail("a pergunta pede para somar e para comparar os mesmos períodos", "the question asks both to add up and to compare the same periods")
			}
			if len(ps) != 2 {
				return nil, fail("só sei somar dois períodos seguidos", "I can only take two consecutive periods together")
			}
			p, ok := semantic.Joined(ps[0], ps[1])
			if !ok {
				return nil, fail("só sei somar dois períodos seguidos", "I can only take two consecutive periods together")
			}
			periods = append(periods, p)
			continue
		}
		// "2024 against 2025 (this year so far)": a period that restates a compared one
		periods = slices.DeleteFunc(periods, func(p *semantic.Period) bool {
			return slices.ContainsFunc(ps, func(q *semantic.Period) bool { return q.SameSpan(p) })
		})
		if len(periods) == 1 {
			// "Q1 revenue, this year against last year", "de 1 a 18 de junho, esse ano vs
			// ano passado": the part of a year in each of the years compared
			if in, ok := partInYears(periods[0], ps); ok {
				periods, ps = nil, in
			}
		}
		periods = append(periods, ps...)
		compared = true
	}
	if i, ok := a.take("prior"); ok {
		var err error
		if periods, err = priorPeriods(x, string(clauses[i].v.(marker)), periods, a.has("vs") || a.has("growth")); err != nil {
			return nil, err
		}
		compared = len(periods) == 2
	}
	if ends := spanOf(clauses); len(periods) == 1 && a.has("growth") && ends != nil && (a.overUnit() == "" || unitOfKind[ends[0].Kind] == a.overUnit()) {
		// ("MoM, Apr -> May": the ends are months; "January to May, YoY": the span
		// against the same span a year before, below)
		// "growth from April to May": from the span's first end to its second
		periods = slices.Clone(spanOf(clauses))
	} else if len(periods) == 1 && a.has("growth") {
		// "revenue growth vs last month": from the last period to the current one; "YoY
		// growth for Q1": from the same period a year before; "May MoM": from April
		if u := a.overUnit(); u != "" {
			p, ok := semantic.Earlier(periods[0], u)
			if !ok {
				return nil, fail("não sei qual é o período anterior a "+periods[0].Label.PT, "I cannot tell which period comes before "+periods[0].Label.EN)
			}
			periods = append([]*semantic.Period{p}, periods...)
		} else if cur, ok := currentOf[periods[0].Kind]; ok {
			periods = append(periods, x.cal.Relative(cur))
		}
	}
	if len(periods) == 2 && !compared && !a.has("vs") && !a.has("growth") && !diffPeriods {
		return nil, fail("há dois períodos na pergunta e não sei se é para comparar", "the question has two periods and I cannot tell whether to compare them")
	}
	if len(periods) == 1 && periods[0].Kind == semantic.Today && fact == semantic.Customers && !x.signup && !usesPeriod(resolved) {
		// "saldo dos clientes ativos hoje", "customers with the most points today": the
		// customers as they are now, not the ones who signed up today
		periods = nil
	}
	if len(periods) == 1 && future && periodUsers(resolved) != 1 {
		// "vendas até amanhã": a period up to tomorrow dates nothing that already
		// happened; only an expiry reads it, and with two conditions that take a period
		// ("clientes com resgate pendente vencendo até amanhã") the period could date the
		// other one (the pending redemption's creation)
		return nil, fail("um período até uma data futura só vale para o que vence (resgates a vencer até amanhã)",
			"a period up to a future day only applies to what expires (redemptions expiring by tomorrow)")
	}
	switch len(periods) {
	case 0:
	case 1:
		a.req.Period = periods[0]
		for _, d := range extraDims {
			d.WithPeriod(periods[0]) // "May buyers: first-time vs returning"
		}
	case 2:
		if p := periods[0]; onePeriod(p, periods[1]) {
			// "May vs last month", asked in June: one period under two names, compared
			// with itself
			return nil, fail("os dois períodos comparados são o mesmo ("+p.Label.PT+")", "the two periods compared are the same ("+p.Label.EN+")")
		}
		if overlap(periods[0], periods[1]) {
			// "H1 2024 até hoje e H1 2025": the first runs into the second; compared, the
			// days of both would count once, in one of them
			return nil, fail("os períodos comparados se sobrepõem ("+periods[0].Label.PT+", "+periods[1].Label.PT+")", "the periods compared overlap ("+periods[0].Label.EN+", "+periods[1].Label.EN+")")
		}
		// the earlier period first (growth is from it); periods without a start keep
		// the question's order
		if !periods[0].Start.IsZero() && !periods[1].Start.IsZero() {
			sort.SliceStable(periods, func(i, j int) bool { return periods[i].Start.Before(periods[j].Start) })
		}
		switch {
		case diffPeriods:
			if len(measures) != 1 {
				return nil, fail("a diferença é de uma medida só", "a difference is of one measure")
			}
			if ordered && firstSaid != nil && firstSaid.SameSpan(periods[0]) {
				// "by how much did April exceed May": the earlier minus the later, the
				// opposite of the change this answers
				return nil, fail("a diferença pedida é do período anterior menos o seguinte; pergunte quanto "+periods[1].Label.PT+" superou "+periods[0].Label.PT,
					"the difference asked is the earlier period minus the later; ask by how much "+periods[1].Label.EN+" exceeded "+periods[0].Label.EN)
			}
			d, err := semantic.DeltaOf(measures[0], periods[0], periods[1])
			if err != nil {
				return nil, fail("não sei calcular essa diferença", "I cannot compute that difference")
			}
			measures = []*semantic.Measure{d}
		case a.has("growth") && compared && a.onlyOverUnits():
			// "esse ano vs ano passado, quero ver o yoy", "revenue WoW: this week so far vs
			// last week": two periods compared, and a word that names that comparison
			// ("YoY", "a/a", "WoW") and no growth word: the periods side by side, the
			// comparison said again
			for _, i := range a.all("growth") {
				a.used[i] = true
			}
			a.take("vs")
			extraDims = append(extraDims, semantic.ByPeriods(periods))
		case a.has("growth"):
			for _, i := range a.all("growth") {
				a.used[i] = true // "YoY growth": one growth said twice
			}
			if a.has("share") && (len(resolved) == 0 || a.shareOnlyRestated()) {
				// "growth as a percentage": growth is a percentage already; "em termos
				// percentuais, em quanto o faturamento da Centro cresceu", "by what % did
				// Centro's revenue grow": the growth asked in %, of the rows the filters
				// keep, never a percentage of rows of its own
				for _, i := range a.all("share") {
					a.used[i] = true
				}
			}
			if len(measures) != 1 {
				return nil, fail("o crescimento é de uma medida só", "growth is of one measure")
			}
			g, err := semantic.GrowthOf(measures[0], periods[0], periods[1])
			if err != nil {
				return nil, fail("não há crescimento de "+measures[0].Name.PT, "there is no growth of "+measures[0].Name.EN)
			}
			measures = []*semantic.Measure{g}
		default:
			a.take("vs")
			extraDims = append(extraDims, semantic.ByPeriods(periods))
		}
	default:
		return nil, fail("há períodos demais na pergunta", "the question has too many periods")
	}

	if a.shareOfTotal() && !a.has("breakdown") && len(extraDims) == 0 && len(a.all("dim")) == 1 && !a.has("rank") && !a.has("group") {
		// "payment mix this quarter as % of revenue", "mix de formas de pagamento": the
		// groups a share of the total is of, named without "by"
		i := a.all("dim")[0]
		if d := dimByID(string(clauses[i].v.(marker))); d != nil && !d.Time {
			a.used[i] = true
			extraDims = append(extraDims, d)
		}
	}
	// share: the percentage of rows (or of an additive measure) meeting a condition
	if a.has("share") && len(a.req.Attrs) > 0 {
		return nil, fail("um percentual não é uma lista", "a percentage is not a list")
	}
	// every status said beside a share by group is which rows the groups hold ("share of
	// redemptions by status, all statuses"), never the share's condition: a condition that
	// every row meets is 100% of each group
	rowsOnly := len(resolved) > 0 && !slices.ContainsFunc(resolved, func(f *semantic.Filter) bool { return !anyStatus(f) })
	if a.has("share") && (len(resolved) == 0 || rowsOnly || a.shareOfTotal()) && channels == nil && (a.has("breakdown") || len(extraDims) > 0) && len(measures) == 1 {
		// "percentual de clientes por origem", "revenue share by city (% of total)": each
		// group's share of the total; "with count and share of total" keeps the count too
		withCount := a.countBesideShare(x, aggsAt)
		for _, i := range a.all("share") {
			a.used[i] = true
		}
		m, err := semantic.ShareOfTotal(measures[0])
		if err != nil {
			return nil, fail("não sei calcular esse percentual", "I cannot compute that percentage")
		}
		if withCount {
			measures = []*semantic.Measure{measures[0], m}
		} else {
			measures = []*semantic.Measure{m}
		}
	}
	if channels != nil && !a.has("share") {
		// "aceitam whatsapp e email": the customers opted in to every channel named;
		// "whatsapp ou email": to either. Never dropped (a rate per channel needs "share")
		if fact != semantic.Customers {
			return nil, fail("só clientes aceitam canais", "only customers opt in to channels")
		}
		var fs []*semantic.Filter
		for _, c := range channels.values {
			ch, ok := semantic.ChannelOf(c)
			if !ok {
				return nil, fail("não conheço o canal "+c, "I do not know the channel "+c)
			}
			fs = append(fs, semantic.OptIn(ch, true))
		}
		if channels.or {
			resolved = append(resolved, semantic.Either(fs...))
		} else {
			resolved = append(resolved, fs...)
		}
		channels = nil
	}
	if a.has("share") && !groupsCompared && a.conditionsJoined(x) {
		return nil, fail("a porcentagem tem duas condições ligadas por \"e\": não sei qual é a base e qual é a condição, ou se são as duas",
			"the percentage has two conditions joined by \"and\": I cannot tell which one is the base and which the condition, or whether both are")
	}
	if _, ok := a.take("share"); ok && channels != nil {
		// one rate per channel named
		measures = nil
		for _, c := range channels.values {
			ch, _ := semantic.ChannelOf(c)
			r, err := semantic.RateOf(semantic.Customers, semantic.OptIn(ch, true), nil)
			if err != nil || fact != semantic.Customers {
				return nil, fail("não sei calcular esse percentual", "I cannot compute that percentage")
			}
			measures = append(measures, r)
		}
	} else if ok {
		if len(resolved) == 0 {
			return nil, fail("falta a condição do percentual", "the percentage has no condition")
		}
		if !groupsCompared && len(resolvedAt) == len(resolved) {
			resolved = a.shareCondFirst(x, resolved, resolvedAt, subjAt)
		}
		// "of all redemptions, regardless of status, what % expired": every status is the
		// base the share is of, never its condition; so are the customers left when the
		// unknowns are left out ("por gênero, desconsiderando gênero não informado")
		leftOut := a.leftOutUnknowns()
		if c := slices.IndexFunc(resolved, func(f *semantic.Filter) bool { return !anyStatus(f) && !slices.Contains(leftOut, f) }); c > 0 {
			resolved = append(append([]*semantic.Filter{resolved[c]}, resolved[:c]...), resolved[c+1:]...)
		}
		cond := resolved[0]
		resolved = resolved[1:]
		m := measures[0]
		var rate *semantic.Measure
		var err error
		if m.Kind == semantic.Count && m.Expr == "count(*)" && len(m.Where) == 0 || (m.Kind == semantic.Count && m.Fact == fact && len(m.Where) == 0 && m.Expr == "count(*)") {
			p := a.req.Period
			if _, ok := a.take("since"); ok {
				// "of the customers who signed up in 2024, what % bought since": the period
				// dates the sign-up; what they did is at any time after it
				if !x.signup || fact != semantic.Customers || p == nil {
					return nil, fail("\"desde\" de quê?", "\"since\" when?")
				}
				p = nil
			} else if fact == semantic.Customers && a.signupPeriodOnly(x) {
				p = nil
			}
			rate, err = semantic.RateOf(fact, cond, p)
			if fact == semantic.Customers && cond.UsesPeriod && !x.signup && !usesPeriod(resolved) {
				// "percentual de clientes que gastaram mais de R$ 500 em maio": the period
				// dates what the condition counts, never the customers' sign-up
				a.req.Period = nil
			}
		} else {
			if x.each && cond.PlacesStores() {
				// "participação de cada loja de Curitiba": each store's share, never the
				// city's one figure
				return nil, fail("a participação de cada loja ou das lojas juntas? peça o percentual do total por loja, ou sem \"cada\"",
					"the share of each store or of the stores together? ask for the % of total by store, or without \"each\"")
			}
			rate, err = semantic.ShareOf(m, cond)
		}
		if err != nil || len(measures) != 1 && !(len(measures) == 2 && measures[1] == m) {
			return nil, fail("não sei calcular esse percentual", "I cannot compute that percentage")
		}
		measures = []*semantic.Measure{rate}
		if m.Kind == semantic.Count && a.countSaid(x, agg) || m.Kind == semantic.Sum && a.measureBeforeShare(x) {
			// "how many were cancelled, and what % of all": the number and its percentage,
			// never one of them dropped; a count of other rows than the percentage's ("how
			// many signed up, and what % bought") is not read
			if share := slices.IndexFunc(a.clauses, func(c clauseV) bool { return c.kind == "share" }); share > 0 && a.countedBefore(x, share) && a.conditionAfter(share) {
				return nil, fail("a contagem e o percentual são de linhas diferentes", "the count and the percentage are of different rows")
			}
			if rate.RatePart() == nil {
				return nil, fail("não sei contar as linhas do percentual", "I cannot count the rows of that percentage")
			}
			measures = []*semantic.Measure{rate.RatePart(), rate}
		}
	}
	if compareMembers != nil || len(extraDims) > 0 || len(measures) > 1 || len(periods) == 2 || a.has("breakdown") || len(a.req.Attrs) > 0 {
		a.take("vs") // "compare X e Y": the comparison is the breakdown of its members
	}
	if compareMembers != nil && oneAnswer && slices.Contains(extraDims, semantic.ByCustomer) {
		// "who bought the most at Savassi and Copacabana": the one customer of both stores
		// together or of each; never the first customer-and-store pair
		return nil, fail("o cliente que mais comprou somando os valores nomeados ou em cada um? pergunte um de cada vez", "the top customer over the values named together, or at each? ask one at a time")
	}
	if compareMembers != nil {
		d := memberDim(compareMembers.kind)
		if d == nil {
			return nil, fail("não sei comparar esses valores", "I cannot compare those values")
		}
		if sets, ok := a.memberSets(x, compareMembers, d, fact); ok {
			d = sets // "dinheiro x cartão": a group of values is one row
		}
		extraDims = append(extraDims, d)
	}
	for _, i := range a.all("grouped") {
		// "lump credit and debit together as card": the group a value of the question
		// is, said again
		kind, code, _ := strings.Cut(string(clauses[i].v.(marker)), ":")
		for _, fv := range filters {
			if fv.members != nil && fv.members.kind == kind && slices.Contains(fv.members.values, code) {
				a.used[i] = true
			}
		}
		if compareMembers != nil && compareMembers.kind == kind && slices.Contains(compareMembers.values, code) {
			a.used[i] = true
		}
	}
	a.req.Measures = measures
	if len(a.req.Attrs) > 0 {
		a.req.Measures = nil
	}
	a.req.Filters = resolved

	// breakdowns, groups and ranking
	for _, i := range a.all("breakdown") {
		a.used[i] = true
		b := clauses[i].v.(breakdownV)
		if b.bands != nil || b.purchases || slices.ContainsFunc(b.dims, func(d *semantic.Dimension) bool { return strings.HasSuffix(d.ID, "_band") }) {
			if i+1 < len(clauses) && clauses[i+1].kind == "filter" && a.listGoesOn(x, i) {
				// "faixas até 24, 25 a 34 e 45+": what follows a list of bands, joined to
				// it, is its last band, never a filter of the rows
				return nil, fail("a última faixa da lista não foi entendida como faixa", "the list's last band was not read as a band")
			}
		}
		if b.purchases {
			// "compradores do trimestre por nº de compras: 1, 2 a 3, 4 ou mais": the
			// customers counted, each in the band of how many purchases they made in the
			// period; buyers have one at least
			// "por nº de compras" beside them is what the bands are of, said again
			m := slices.DeleteFunc(slices.Clone(a.req.Measures), func(x *semantic.Measure) bool { return x.ID == "sales_count" })
			if len(m) == 0 && subj != nil && subj.noun.Fact == semantic.Customers && subj.event == nil {
				m = []*semantic.Measure{semantic.MeasureByID("customers")} // "clientes por nº de compras"
			}
			switch {
			case len(m) != 1 || m[0].ID != "customers" && m[0].ID != "buyers", len(resolved) > 0, len(a.req.Dims) > 0:
				return nil, fail("faixas de número de compras contam os clientes todos ou os compradores do período", "bands of a number of purchases count all the customers or the period's buyers")
			case !semantic.BandsMeet(b.bands, false), m[0].ID == "buyers" && b.bands[0].Lo < 1:
				return nil, fail("as faixas se sobrepõem ou deixam valores de fora", "the bands overlap or leave numbers out")
			}
			b.dims = []*semantic.Dimension{semantic.ByPurchaseCountBand(b.bands, a.req.Period)}
			a.req.Measures = []*semantic.Measure{semantic.MeasureByID("customers")}
			a.req.Fact, a.req.Period, fact = semantic.Customers, nil, semantic.Customers
			b.bands = nil
		}
		if b.bands != nil && len(a.req.Measures) == 1 {
			// bands of the quantity the measure is about: "saldo em faixas" are balance
			// bands, counting the customers in each; "valor das vendas em faixas" value bands
			switch m := a.req.Measures[0]; {
			case m.PerRow == semantic.CustomerBalanceAttr && m.Kind != semantic.Average:
				// (an average balance in bands is of the customers' bands below: "saldo médio
				// dos clientes nas faixas 18-24, ..." is by age, never a count of them)
				if !semantic.BandsMeet(b.bands, false) {
					return nil, fail("as faixas se sobrepõem ou deixam saldos de fora", "the bands overlap or leave balances out")
				}
				b.dims = []*semantic.Dimension{semantic.ByBalanceBand(b.bands)}
				a.req.Measures = []*semantic.Measure{semantic.MeasureByID("customers")}
			case m == semantic.AverageAge:
				// "distribuição de idade nas faixas ...": the customers of each age band
				a.req.Measures = []*semantic.Measure{semantic.MeasureByID("customers")}
			case m.ID == "sales_count" && !b.ofCustomers && (subj != nil && subj.noun.Fact == semantic.Customers && subj.event == nil || a.customersInBands):
				// "clientes por número de compras este ano: 0, 1, 2 a 4, 5 ou mais": every
				// customer, in the band of how many purchases they made in the period
				if len(resolved) > 0 || len(a.req.Dims) > 0 {
					return nil, fail("faixas de número de compras só com os clientes todos", "bands of a number of purchases are of all the customers")
				}
				if !semantic.BandsMeet(b.bands, false) {
					return nil, fail("as faixas se sobrepõem ou deixam valores de fora", "the bands overlap or leave numbers out")
				}
				b.dims = []*semantic.Dimension{semantic.ByPurchaseCountBand(b.bands, a.req.Period)}
				a.req.Measures = []*semantic.Measure{semantic.MeasureByID("customers")}
				a.req.Fact, a.req.Period, fact = semantic.Customers, nil, semantic.Customers
			case b.ofCustomers:
				// "ticket médio dos clientes nas faixas 18-24, ...": by the customers' age
			case len(b.dims) == 1 && b.dims[0].ID == "age_band" && a.saysAgeBands():
				// "perfil etário dos compradores de maio: quantos por faixa, até 24, ...": the
				// age band word said apart names what the bands are of
			case m.Fact == semantic.Sales && m.Fact != nil && fact == semantic.Sales && m.Kind != semantic.Count:
				b.dims = []*semantic.Dimension{semantic.ByValueBand(b.bands)}
			case m.Fact != semantic.Customers:
				// a count of sales in bands of plain numbers ("quantidade de compras nas faixas
				// 0, 1, 2-4, 5+"): not their value, not the buyers' age; bands of a number of
				// purchases per customer are not read
				return nil, fail("faixas de quê? diga se são de idade, saldo ou valor", "bands of what? say whether they are of age, balance or value")
			}
		}
		if b.bands != nil && len(b.dims) == 1 && b.dims[0].ID == "age_band" && slices.ContainsFunc(b.bands, func(x semantic.AgeBand) bool { return x.Lo > 120 || x.Hi > 120 }) {
			// bands of plain numbers read as ages, with bounds no age reaches ("0, 1-500,
			// 501+"): bands of something else
			return nil, fail("faixas de quê? diga se são de idade, saldo ou valor", "bands of what? say whether they are of age, balance or value")
		}
		// a clone: the clause's value is shared by every reading of the chart, and
		// DeleteFunc clears the slots it frees (the next reading would see nil dimensions)
		b.dims = slices.DeleteFunc(slices.Clone(b.dims), func(d *semantic.Dimension) bool {
			return slices.ContainsFunc(extraDims, d.Restates) // "June vs May, for each month"
		})
		if a.req.Fact == semantic.Customers && x.afterSignup[a.spans[i].from] {
			// "se cadastraram em cada uma das lojas", "signed up at each store": the stores
			// said as where the sign-up happened are the sign-up store, never the owner
			b.dims = slices.Clone(b.dims)
			for k, d := range b.dims {
				if d == semantic.ByStore {
					b.dims[k] = semantic.BySignupStore
				}
			}
		}
		a.req.Dims = append(a.req.Dims, b.dims...)
	}
	if subj != nil && subj.rankedBy != nil {
		a.req.Dims = append(a.req.Dims, subj.rankedBy)
		oneAnswer = subj.singular
	}
	for _, i := range a.all("rank") {
		end := a.spans[i].to
		if i+1 < len(clauses) && clauses[i+1].kind == "filter" && !slices.Contains(x.than, end) {
			end = a.spans[i+1].to // "vende mais no fim de semana que nos dias úteis?"
		}
		if slices.Contains(x.than, end) {
			// "fim de semana vende mais que dia de semana?": more than something is a
			// comparison, answered by the groups side by side; it never ranks the rows
			if !groupsCompared && compareMembers == nil {
				return nil, fail("mais ou menos do que o quê? peça os grupos lado a lado (\"A x B\")",
					"more or less than what? ask for the groups side by side (\"A vs B\")")
			}
			a.used[i] = true
			a.take("than")
		}
	}
	if a.has("rank") || a.has("group") {
		// "dia com maior faturamento": the dimension named beside a ranking is ranked
		for _, i := range a.all("dim") {
			a.used[i] = true
			d := dimByID(string(clauses[i].v.(marker)))
			if d == nil {
				return nil, fail("não sei ordenar por isso", "I cannot rank by that")
			}
			a.req.Dims = append(a.req.Dims, d)
			oneAnswer = true
		}
	}
	if len(a.req.Dims) > 0 || groupsCompared {
		// "distribuição dos clientes por sexo", "... em cada faixa", "first-time vs
		// returning, counts per group"
		for _, i := range a.all("bands") {
			a.used[i] = true
		}
	}
	if channels != nil || hasChannel(resolved) {
		a.take("optin")
	}
	a.req.Dims = append(a.req.Dims, extraDims...)
	a.req.Dims = semantic.DistinctDims(a.req.Fact, a.req.Dims)
	// "Coluna mês, coluna contagem", "output columns: month, ...": a dimension of the
	// breakdown named again as the answer's column
	for _, i := range a.all("dim") {
		if d := dimByID(string(clauses[i].v.(marker))); d != nil && slices.ContainsFunc(a.req.Dims, func(x *semantic.Dimension) bool { return x == d || x.Restates(d) || d.Restates(x) }) {
			a.used[i] = true
		}
	}
	ranged, err := a.orderRanges()
	if err != nil {
		return nil, err
	}
	rank := rankV{}
	hasRank, rankDflt := false, false
	for _, i := range a.all("rank") {
		// "top 5 ... mais resgatados": one ranking said twice
		r := clauses[i].v.(rankV)
		if r.of != nil && !slices.ContainsFunc(a.req.Dims, func(d *semantic.Dimension) bool { return d == r.of || d.Restates(r.of) || r.of.Restates(d) }) {
			// "biggest city first" says the order of the cities a breakdown makes; of
			// groups the question does not break down by, it is no order of the answer
			return nil, fail("a ordem pedida é de grupos que a pergunta não divide", "the order asked is of groups the question does not break down by")
		}
		switch {
		case hasRank && r.dflt && rank.order != semantic.Natural:
			r.order = rank.order // "ranked from the lowest": the order said wins
		case hasRank && rankDflt && r.order != semantic.Natural:
			rank.order = r.order
		case hasRank && rank.order != r.order && rank.order != semantic.Natural && r.order != semantic.Natural:
			return nil, fail("a ordem pedida é contraditória", "the order asked for contradicts itself")
		}
		rankDflt = (!hasRank || rankDflt) && r.dflt
		if r.limit > 0 {
			if rank.limit > 0 && rank.limit != r.limit {
				return nil, fail("há dois limites na pergunta", "the question has two limits")
			}
			rank.limit = r.limit
		}
		if r.order != semantic.Natural {
			rank.order = r.order
		}
		// "ranking da loja por faturamento do maior pro menor": an order of every group
		ranged = ranged || r.all
		hasRank = true
		a.used[i] = true
	}
	limitSaid := rank.limit
	if i, ok := a.take("group"); ok && len(measures) == 1 && measures[0].PerRow != nil && fact == measures[0].PerRow.Owner && dimOfFact(clauses[i].v.(groupV).dim) == fact {
		// "qual cliente tem mais pontos": the customer with the largest balance
		m := measures[0]
		a.req.Attrs = append(semantic.DefaultAttributes(fact)[:2:2], m.PerRow)
		a.req.SortBy, a.req.Measures = m.PerRow, nil
		if rank.limit == 0 {
			rank.limit = 1
		}
		if rank.order == semantic.Natural {
			rank.order = semantic.Descending
		}
		hasRank = true
	} else if ok && a.has("bands") {
		// "what is the gender split": every group, not the first
		a.req.Dims = append(a.req.Dims, clauses[i].v.(groupV).dim)
	} else if ok {
		g := clauses[i].v.(groupV)
		a.req.Dims = append(a.req.Dims, g.dim)
		if rank.limit == 0 && !rankDflt && (g.singular || rank.order != semantic.Natural) {
			// "ranking cidades por faturamento", "league table of the stores": a ranking
			// said with no direction of its own orders every group; "qual cidade vendeu
			// mais" asks for the first; "quais lojas tiveram venda cancelada", plural and
			// with no direction, asks for every one
			rank.limit = 1
		}
		if rank.order == semantic.Natural {
			rank.order = semantic.Descending
		}
		hasRank = true
	}
	if ranged && limitSaid == 0 {
		// "payment methods from the most used to the least used", "qual loja vendeu
		// mais, da maior pra menor": an order said as a range ranks every group
		rank.limit, oneAnswer = 0, false
	}
	// a number is how many rows before the ranking ("os 5 clientes que mais compraram") or
	// right after its word ("bottom 3"); past a word between ("mais de 60 dias", "more than
	// 60") it is what is compared, never a limit
	limitAt := func(i int) bool {
		for j := range clauses {
			if clauses[j].kind == "rank" && (i < j || spans[j].to == spans[i].from) {
				return true
			}
		}
		return false
	}
	// "Ibirapuera or Centro, which one sold more?": of the two values named, each is shown
	// ranked, as in "which sold more, Centro or Batel?" and "Savassi ou Centro, qual delas
	// vendeu mais?" (below); "which one" right after them names no limit
	eitherOne := func(i int) bool {
		n, _ := clauses[i].v.(string)
		return eitherMembers != nil && n == "1" && i > 0 && clauses[i-1].kind == "list" && spans[i-1].to == spans[i].from
	}
	if i, ok := a.take("number"); ok && hasRank && eitherOne(i) && !a.whichOneTag(i-1) {
		// left as read: the ranking of the values named
	} else if ok && hasRank && rank.limit == 0 && limitAt(i) {
		rank.limit = atoiOr(string(clauses[i].v.(string)), 0)
	} else if ok && hasRank && rank.limit <= 1 && i > 0 && a.whichOneTag(i-1) {
		rank.limit = 1 // "... which one": the one the ranking names
	} else if ok {
		a.used[i] = false
	}
	if hasRank && rank.limit <= 1 {
		oneRow(a, &rank.limit) // "which store sold most? just the one"
	}
	if hasRank && len(a.req.Dims) == 0 && a.req.SortBy == nil && eitherMembers != nil && memberDim(eitherMembers.kind) != nil {
		// "o que vendeu mais, pix ou crédito?", "which sold more, Centro or Batel?": the
		// named values ranked, each shown
		a.req.Dims = append(a.req.Dims, memberDim(eitherMembers.kind))
		oneAnswer = false
	}
	if hasRank && eitherMembers != nil && x.each && rank.limit <= 1 {
		// "qual loja tem mais clientes, Centro ou Ibirapuera? quantos cada uma": every value
		// named, ranked, never only the first
		rank.limit, oneAnswer = 0, false
	}
	if hasRank && rank.limit <= 1 && limitSaid <= 1 && !a.has("onerow") && a.eachGroupBeforeRank(x) {
		// "quantos clientes cada loja tem? quero ver qual loja tem mais", "revenue of each
		// store in May, and which one sold most": every group was asked for; the ranking
		// after it says which the writer will look at, never that only the first is shown
		rank.limit, oneAnswer = 0, false
	}
	if hasRank && rank.limit <= 1 && x.all && a.orderedAgain() {
		// "qual cidade faturou mais? quero ver todas, da maior para a menor", "which store
		// sold most? list all stores, highest to lowest": every group ranked
		rank.limit, oneAnswer = 0, false
	}
	if hasRank && x.person && a.customerEventSaid() && !slices.Contains(a.req.Dims, semantic.ByCustomer) && a.req.SortBy == nil {
		// "quem mais gastou na Savassi e na Copacabana", "who bought the most, Centro or
		// Batel": who does what customers do is a customer, never the stores ranked
		return nil, fail("quem: um cliente? a pergunta ordena outra coisa", "who: a customer? the question ranks something else")
	}
	if hasRank && len(a.req.Measures) == 0 && a.req.SortBy == nil && len(a.req.Attrs) > 0 {
		a.sortByColumn()
	}
	if hasRank {
		if len(a.req.Measures) == 0 && a.req.SortBy == nil {
			// "who bought the most at Savassi and Copacabana" read as a list of the
			// customers: nothing holds the order asked for, which would be dropped
			return nil, fail("não sei por qual valor ordenar", "I cannot tell what value to rank by")
		}
		if len(a.req.Dims) == 0 && a.req.SortBy == nil {
			return nil, fail("um ranking precisa do que ordenar (lojas, clientes, produtos...)", "a ranking needs what to rank (stores, customers, products...)")
		}
		a.req.Order = rank.order
		if a.req.Order == semantic.Natural {
			a.req.Order = semantic.Descending
		}
		a.req.Limit = rank.limit
		if a.req.Limit == 0 && oneAnswer && !rankDflt {
			a.req.Limit = 1
		}
	}
	countsPeople := len(a.req.Measures) > 0 && len(a.req.Dims) == 0
	for _, m := range a.req.Measures {
		countsPeople = countsPeople && slices.Contains([]string{"customers", "buyers", "redeemers", "earners"}, m.ID)
	}
	if x.thing && (slices.Contains(a.req.Dims, semantic.ByCustomer) || countsPeople) {
		// "o que o povo mais resgata", "what do customers redeem most", "o que a Maria
		// comprou": a thing the customers did, never the customers ranked or counted
		return nil, fail("a pergunta pede algo que os clientes fizeram, não quais clientes", "the question asks for something the customers did, not which customers")
	}
	if x.thing && len(a.req.Attrs) > 0 && !x.listed {
		// "what did each store make in May", "o que cada loja fez": a thing the rows did
		// (the verb a light one), never the list of the rows
		return nil, fail("a pergunta pede algo que "+a.req.Fact.Name.PT+" fizeram, não quais são", "the question asks for something the "+a.req.Fact.Name.EN+" did, not which they are")
	}
	a.take("who")
	if a.req.Fact == semantic.Customers {
		a.take("either") // "ativos ou não": every customer (either.go)
	}
	if a.req.Period == nil && !slices.ContainsFunc(a.req.Dims, func(d *semantic.Dimension) bool { return d.Time }) {
		// "até hoje" of no period: all time, up to now (informal.go); after a time unit
		// ("per month to date") it may be the unit's current period, and is not read here
		a.take("sofar")
	}
	a.req.Dims = semantic.DistinctDims(a.req.Fact, a.req.Dims)
	a.productPointsColumn(x)
	for _, i := range a.all("timeof") {
		// "sales with transaction date between ...", "vendas com data da venda entre ...":
		// the date the period is of, named; of another fact's date, or with no period
		// right after it, it is left unused (refused)
		var f *semantic.Fact
		for _, g := range semantic.Facts {
			if g.ID == string(clauses[i].v.(marker)) {
				f = g
			}
		}
		if f != nil && i+1 < len(clauses) && clauses[i+1].kind == "period" && a.req.Period != nil && len(a.req.Facts()) == 1 && a.req.TimeName() == f.TimeName {
			a.used[i] = true
		}
	}
	for _, x := range shown {
		if len(a.req.Attrs) > 0 && a.req.SortBy != nil && x.Owner == a.req.Fact {
			// "top 10 customers by points balance, along with their email": the rows
			// ranked are listed, and the detail is one more column of each
			if !slices.Contains(a.req.Attrs, x) {
				a.req.Attrs = append(a.req.Attrs, x)
			}
			continue
		}
		if !slices.ContainsFunc(a.req.Dims, func(d *semantic.Dimension) bool { return d.Shows(a.req.Fact, x) }) {
			// "quantos clientes têm data de nascimento" read without the detail: never a
			// count of every customer; a detail no column of the answer holds is refused
			return nil, fail("não sei se o dado pedido é uma coluna ou um filtro", "I cannot tell whether the detail asked is a column or a filter")
		}
	}
	a.bandQuantitySaidAgain()
	a.req.BuyersAtPlace()
	a.eachNamedOnesValue(x)
	for _, m := range a.req.Measures {
		if slices.Contains(a.req.Dims, semantic.ByCustomer) && strings.Contains(m.Expr, "DISTINCT v.customer_id") {
			// buyers counted per customer is 1 each: never a reading of the question
			return nil, fail("não sei contar compradores por cliente", "I cannot count buyers per customer")
		}
	}
	if err := a.entryKindsAgree(); err != nil {
		return nil, err
	}
	if err := a.bandsCount(); err != nil {
		return nil, err
	}
	for _, i := range a.all("formula") {
		// "taxa de cancelamento (cancelados ÷ total de cupons)": the formula must be the
		// rate asked, said again
		fv := clauses[i].v.(formulaV)
		f, ok := fv.f.resolve(fv.fact)
		if !ok || len(a.req.Measures) != 1 || a.req.Measures[0].RateCondition() == nil || a.req.Measures[0].Fact != fv.fact || a.req.Measures[0].RateCondition().ID != f.ID {
			return nil, fail("a fórmula não é a da medida pedida", "the formula is not the one of the measure asked")
		}
		a.used[i] = true
	}
	for _, i := range a.all("figures") {
		// "os três valores em uma única linha": the measures asked, counted again; another
		// number of them asks for figures the answer does not have
		if n := int(clauses[i].v.(figuresV)); n != len(a.req.Measures) {
			return nil, fail(fmt.Sprintf("a pergunta pede %d valores e a resposta tem %d", n, len(a.req.Measures)),
				fmt.Sprintf("the question asks for %d figures and the answer has %d", n, len(a.req.Measures)))
		}
		a.used[i] = true
	}
	for i := range a.used {
		if !a.used[i] {
			return nil, fail("há palavras que a interpretação não usou, e responder sem elas seria responder outra pergunta",
				"some words were not used by the interpretation, and answering without them would answer another question")
		}
	}
	return &a.req, nil
}

// namedChoice reports whether the question names two or more values to choose from
// ("pix ou crédito", "Savassi or Copacabana").
// eachNamedOnesValue: a total of a per-row value over customers picked by their name
// ("saldo de pontos da cliente Camila Prado") is each one's value beside their name, never
// the sum: a name may match several customers, and their values added answer a question
// nobody asked. Customers picked by a word of their name are a group whose total may be
// asked ("saldo total dos clientes com Souza no nome"), unless the question says each one
// ("the balance of points of each one") or asks for a list ("lista eles com o saldo").
func (a *assembly) eachNamedOnesValue(x *env) {
	r := &a.req
	if len(r.Measures) != 1 || len(r.Dims) > 0 || len(r.Attrs) > 0 || r.Limit > 0 {
		return
	}
	m := r.Measures[0]
	if m.Kind != semantic.Sum || m.PerRow == nil || m.Fact != r.Fact || m.PerRow.Owner != r.Fact ||
		!slices.ContainsFunc(r.Filters, func(f *semantic.Filter) bool { return f.ByName || f.NameWords && (x.each || x.listed) }) {
		return
	}
	r.Attrs = append(semantic.DefaultAttributes(r.Fact)[:1:1], m.PerRow)
	r.Measures = nil
}

func (a *assembly) namedChoice() bool {
	for i, c := range a.clauses {
		if fv, ok := c.v.(filterV); ok && c.kind == "filter" && !a.used[i] && fv.members != nil && fv.members.or && len(fv.members.values) > 1 && memberDim(fv.members.kind) != nil {
			return true
		}
	}
	return false
}

// customersDo reports whether the event is something customers do ("comprar", "buy"),
// so "who" before it is a customer, whatever else the question names.
func customersDo(event string) bool {
	e := semantic.EventByID(event)
	return e != nil && e.Activity != nil
}

// customerEventSaid reports whether the question says something customers do ("comprou",
// "gastou", "redeemed"), as a verb or in its subject ("quem comprou").
func (a *assembly) customerEventSaid() bool {
	return slices.ContainsFunc(a.clauses, func(c clauseV) bool {
		switch v := c.v.(type) {
		case marker:
			return c.kind == "event" && customersDo(string(v))
		case subjectV:
			return v.event != nil && v.event.Activity != nil
		}
		return false
	})
}

// namedValues reports whether the question names two or more values of one kind besides
// customers ("Savassi e Copacabana", "pix and cash"), each or either.
func (a *assembly) namedValues() bool {
	for i, c := range a.clauses {
		if fv, ok := c.v.(filterV); ok && c.kind == "filter" && !a.used[i] && fv.members != nil && len(uniqueValues(fv.members.values)) > 1 && memberDim(fv.members.kind) != nil {
			return true
		}
	}
	return false
}

// memberSets is the breakdown of compared values when one of them groups others
// ("dinheiro x cartão": the credit and debit cards are one row): each value's own filter
// names its row (semantic.BySets). False when no value is a group.
func (a *assembly) memberSets(x *env, m *memberV, d *semantic.Dimension, fact *semantic.Fact) (*semantic.Dimension, bool) {
	var fs []*semantic.Filter
	grouped := false
	for _, v := range m.values {
		fv, ok := memberFilter(x, memberV{kind: m.kind, values: []string{v}}, false)
		if !ok {
			return nil, false
		}
		f, ok := fv.(filterV).resolve(fact)
		if !ok || f == nil {
			return nil, false
		}
		grouped = grouped || f.Grouped()
		fs = append(fs, f)
	}
	if !grouped {
		return nil, false
	}
	return semantic.BySets(d, fs...), true
}

// memberDim is the breakdown by the values of a kind of member.
func memberDim(kind string) *semantic.Dimension {
	switch kind {
	case "store":
		return semantic.ByStore
	case "payment":
		return semantic.ByPaymentType
	case "origin":
		return semantic.ByOrigin
	case "city":
		return semantic.ByCity
	case "state":
		return semantic.ByState
	}
	return nil
}

// measureAt is the position of the question's measures clause (-1: none).
// amountOfVerb is the sum the verb at clause i makes of the rows the count m counts ("sum
// sell": revenue beside the number of sales), when a conjunction stands between the verb and
// the count; nil otherwise.
func (a *assembly) amountOfVerb(x *env, i int, m *semantic.Measure) *semantic.Measure {
	at := a.measureAt()
	if i < 0 || at < 0 || i >= at || a.clauses[i].kind != "event" {
		return nil
	}
	ev, ok := a.clauses[i].v.(marker)
	if !ok {
		return nil
	}
	s := measureByKey("sum " + string(ev))
	if s == nil || s.Counterpart() != m || !slices.ContainsFunc(x.conj, func(p int) bool { return p >= a.spans[i].to && p < a.spans[at].from }) {
		return nil
	}
	return s
}

func (a *assembly) measureAt() int {
	for i, c := range a.clauses {
		if c.kind == "measures" {
			return i
		}
	}
	return -1
}

// denies reports whether the question says customers did not do something ("sem comprar",
// "who haven't purchased").
func (a *assembly) denies() bool {
	for _, c := range a.clauses {
		switch v := c.v.(type) {
		case filterV:
			if v.event && strings.HasSuffix(v.id, "false") {
				return true
			}
		case subjectV:
			if v.neg && v.event != nil {
				return true
			}
		}
	}
	return false
}

// calendarDims are the dimensions a time unit word names ("dias", "months").
var calendarDims = []*semantic.Dimension{semantic.ByDay, semantic.ByWeek, semantic.ByMonth, semantic.ByQuarter, semantic.ByYear, semantic.ByHour}

// unitFollows reports whether the clause right after clause i is a time unit word.
func (a *assembly) unitFollows(i int) bool {
	for j, c := range a.clauses {
		if c.kind == "dim" && a.spans[j].from == a.spans[i].to {
			d := dimByID(string(c.v.(marker)))
			return slices.Contains(calendarDims, d)
		}
	}
	return false
}

// customerContext reports whether the question speaks of each customer: a subject of
// customers or a breakdown by customer (which the average per customer replaces).
func (a *assembly) customerContext(subj *subjectV) bool {
	if subj != nil && subj.noun.Fact == semantic.Customers && subj.event == nil {
		return true
	}
	for i, c := range a.clauses {
		if c.kind == "breakdown" && !a.used[i] {
			if b := c.v.(breakdownV); len(b.dims) == 1 && b.dims[0] == semantic.ByCustomer {
				a.used[i] = true
				return true
			}
		}
	}
	return false
}

// dimOfFact is the fact whose rows a dimension's groups are ("por cliente": customers).
func dimOfFact(d *semantic.Dimension) *semantic.Fact {
	switch d {
	case semantic.ByCustomer:
		return semantic.Customers
	case semantic.ByStore:
		return semantic.Stores
	case semantic.ByProduct:
		return semantic.Products
	}
	return nil
}

// periodOf is the question's one period clause, if any (not taken).
func (a *assembly) periodOf() *semantic.Period {
	for i, c := range a.clauses {
		if c.kind == "period" && !a.used[i] {
			return c.v.(periodV).p
		}
	}
	return nil
}

func sameMeasures(clauses []clauseV, idx []int) bool {
	first := valKey(clauses[idx[0]].v)
	for _, i := range idx[1:] {
		if valKey(clauses[i].v) != first {
			return false
		}
	}
	return true
}

// keyHas reports whether word is in one of m's composition keys.
func keyHas(m *semantic.Measure, word string) bool {
	for _, k := range m.Keys {
		if slices.Contains(strings.Fields(k), word) {
			return true
		}
	}
	return false
}

// takes reports whether noun is what event moves ("earned points": the points are what
// earning is about, so "members who earned points" counts members).
func takes(event, noun string) bool {
	if event == "" {
		return false
	}
	for _, m := range semantic.Measures {
		for _, k := range m.Keys {
			ws := strings.Fields(k)
			if slices.Contains(ws, noun) && ws[len(ws)-1] == event {
				return true
			}
		}
	}
	return false
}

// hasKeyWith reports whether measure m is composed with event ("revenue": sell).
func hasKeyWith(m *semantic.Measure, event string) bool {
	for _, k := range m.Keys {
		ws := strings.Fields(k)
		if ws[len(ws)-1] == event {
			return true
		}
	}
	return false
}

func (a *assembly) hasMember(kind string) bool {
	for i, c := range a.clauses {
		if fv, ok := c.v.(filterV); ok && c.kind == "filter" && !a.used[i] && fv.members != nil && fv.members.kind == kind {
			return true
		}
	}
	return false
}

// filtersFitOnly reports whether every filter applies to fact f and some to no other
// fact (they are about f's rows).
func (a *assembly) filtersFitOnly(f *semantic.Fact) bool {
	if !a.filtersFit(f) {
		return false
	}
	only := false
	for _, i := range a.all("filter") {
		fv := a.clauses[i].v.(filterV)
		if fv.event {
			return false // "novos cadastros na loja X": what customers did is counted
		}
		if _, ok := fv.resolve(semantic.Sales); !ok {
			only = true
		}
		if x, ok := fv.resolve(semantic.Customers); ok && x != nil && x.People {
			only = true // "os aniversariantes de julho": the customers, though their sales could be
		}
	}
	return only
}

// filtersFit reports whether every filter of the question applies to fact f.
// groupFact is the fact whose rows the first group clause asks for ("quais lojas": the
// stores), nil when none.
func (a *assembly) groupFact() *semantic.Fact {
	for _, i := range a.all("group") {
		if n := nounOfDim(a.clauses[i].v.(groupV).dim); n != nil {
			return n.Fact
		}
	}
	return nil
}

// groupsOwnRows reports whether the question asks which rows of a group ("quais lojas")
// and every filter is of those rows ("estão ativas").
func (a *assembly) groupsOwnRows() bool {
	f := a.groupFact()
	return f != nil && f != semantic.Customers && a.filtersFit(f)
}

func (a *assembly) filtersFit(f *semantic.Fact) bool {
	n := 0
	for _, i := range a.all("filter") {
		if fv := a.clauses[i].v.(filterV); fv.aboutCustomers {
			return false
		} else if fv.members != nil && fv.members.kind == "channel" && len(fv.members.values) > 1 {
			// "accept whatsapp and email": channels are customers' opt-ins (assembly)
			if f != semantic.Customers {
				return false
			}
		} else if _, ok := fv.resolve(f); !ok {
			return false
		}
		n++
	}
	return n > 0
}

// periodUsers is how many of the filters take the request's period.
func periodUsers(fs []*semantic.Filter) int {
	n := 0
	for _, f := range fs {
		if f.UsesPeriod {
			n++
		}
	}
	return n
}

func usesPeriod(fs []*semantic.Filter) bool {
	for _, f := range fs {
		if f.UsesPeriod {
			return true
		}
	}
	return false
}

func hasChannel(fs []*semantic.Filter) bool {
	for _, f := range fs {
		if strings.HasPrefix(f.ID, "optin_") {
			return true
		}
	}
	return false
}

func dimByID(id string) *semantic.Dimension {
	for _, d := range semantic.Dimensions {
		if d.ID == id {
			return d
		}
	}
	return nil
}

// joins reports whether the rows of fact f belong to rows of fact g (a sale to a
// customer and a store), so g's filters narrow f.
func joins(f, g *semantic.Fact) bool {
	switch g {
	case semantic.Customers:
		return f.Customer != ""
	case semantic.Stores:
		return f.Store != ""
	}
	return false
}

// replacing counts the filters that replace the fact's counting rule (statuses,
// cancellations): two of them contradict each other.
// anyStatus reports whether f is every status of the rows (semantic.AnyStatus).
func anyStatus(f *semantic.Filter) bool { return f.ID == "any_status" }

// leftOutUnknowns is the filters of the question that leave out the customers whose
// attribute is not on file (onFileV.leftOut).
func (a *assembly) leftOutUnknowns() []*semantic.Filter {
	var out []*semantic.Filter
	for _, c := range a.clauses {
		if fv, ok := c.v.(filterV); ok && c.kind == "filter" && strings.HasSuffix(fv.id, leftOutSuffix) {
			if f, _ := fv.resolve(semantic.Customers); f != nil {
				out = append(out, f)
			}
		}
	}
	return out
}

func replacing(fs []*semantic.Filter, fact *semantic.Fact) int {
	n := 0
	for _, f := range fs {
		if f.ReplacesLive {
			n++
		}
	}
	return n
}

// mergeMembers turns two filters naming values of the same attribute into one comparison
// of those values ("Centro vs Ibirapuera"), and a flag with its opposite into a breakdown
// ("ativos x inativos").
func mergeMembers(x *env, fs []filterV, dims []*semantic.Dimension) ([]filterV, []*semantic.Dimension) {
	var out []filterV
	byKind := map[string]int{}
	flags := map[string]int{}
	for _, f := range fs {
		if f.members != nil && !f.members.or && f.members.kind != "channel" && f.members.kind != "product" && f.members.kind != "domain" {
			if j, ok := byKind[f.members.kind]; ok {
				m := *out[j].members
				// "a Savassi e a Copacabana ... Savassi e Copacabana": the same values said
				// again are said once; a part of them said again ("Centro e Ibirapuera ...
				// quanto a Centro vendeu a mais") may say which comes first: kept, refused
				m.values = append(append([]string(nil), m.values...), f.members.values...)
				if sameValues(out[j].members.values, f.members.values) {
					m.values = uniqueValues(m.values)
				}
				either := m
				either.or = true
				v, ok := memberFilter(x, either, false)
				if !ok {
					out = append(out, f) // left as two filters: the assembly refuses them
					continue
				}
				merged := v.(filterV)
				merged.members, merged.pos = &m, out[j].pos
				if m.kind == "store" {
					merged.resolve = func(fact *semantic.Fact) (*semantic.Filter, bool) {
						s := semantic.StoreCodes(m.values)
						return s, s.Applies(fact, nil)
					}
				}
				out[j] = merged
				continue
			}
			byKind[f.members.kind] = len(out)
		}
		if opp, ok := opposites[f.id]; ok {
			if j, ok := flags[opp.other]; ok {
				out = append(out[:j], out[j+1:]...)
				dims = append(dims, opp.dim)
				continue
			}
			flags[f.id] = len(out)
		}
		out = append(out, f)
	}
	return out, dims
}

// currentOf is the current period of the same unit as a last one.
var currentOf = map[semantic.PeriodKind]semantic.PeriodKind{
	semantic.LastWeek: semantic.ThisWeek, semantic.LastMonth: semantic.ThisMonth,
	semantic.LastQuarter: semantic.ThisQuarter, semantic.LastYear: semantic.ThisYear,
}

var opposites = map[string]struct {
	other string
	dim   *semantic.Dimension
}{
	"flag:active:false":   {"flag:inactive:false", semantic.ByActive},
	"flag:inactive:false": {"flag:active:false", semantic.ByActive},
}

func activityFilter(s *subjectV) filterV {
	e := s.event
	yes := !s.neg
	return filterV{id: "activity", resolve: func(f *semantic.Fact) (*semantic.Filter, bool) {
		if e.Activity == nil {
			return nil, e.ID == "signup" && f == semantic.Customers
		}
		x := e.Activity(yes)
		return x, x.Applies(f, nil) || x.UsesPeriod
	}}
}

// activityPlace is the place of subj's activity as a filter: on the activity's own rows
// (the buyers of a store are counted from its sales), or on customers, those with rows of
// the activity there.
func activityPlace(x *env, subj *subjectV) (filterV, bool) {
	v, ok := memberFilter(x, *subj.at, false)
	if !ok {
		return filterV{}, false
	}
	member := v.(filterV)
	act := subj.event.Activity(true)
	of := semantic.ActivityFact(act)
	return filterV{id: "activity_at", resolve: func(f *semantic.Fact) (*semantic.Filter, bool) {
		if f != semantic.Customers {
			return member.resolve(f)
		}
		cond, ok := member.resolve(of)
		if !ok {
			return nil, false
		}
		where, err := semantic.ActivityWhere(act, cond)
		return where, err == nil
	}}, true
}

// composeScattered reads a measure from an aggregate, nouns and an event that are not
// next to each other ("quantos pontos o Ricardo já resgatou").
func composeScattered(agg string, nouns []string, event string, perCust bool) (*semantic.Measure, bool) {
	aggs := []string{agg}
	if agg == "" {
		aggs = []string{"sum", "count"}
		if len(nouns) > 0 {
			if n := semantic.NounByID(nouns[0]); n != nil {
				aggs = []string{n.Agg}
			}
		}
	}
	for _, ag := range aggs {
		for k := len(nouns); k >= 0; k-- {
			ns := nouns[:min(k, 2)]
			parts := append([]string{ag}, ns...)
			if event != "" {
				parts = append(parts, event)
			}
			if perCust {
				parts = append(parts, "customers")
			}
			if len(parts) < 2 {
				continue
			}
			if m := measureByKey(joinWords(parts)); m != nil {
				return m, true
			}
			if len(ns) == 2 {
				if m := measureByKey(joinWords(append([]string{ag, ns[1], ns[0]}, parts[3:]...))); m != nil {
					return m, true
				}
			}
			if k == 0 {
				break
			}
		}
	}
	return nil, false
}

// rankedMeasure is what ranks the groups of dimension d: the event's measure, of the
// subject's rows when it takes part in it ("produtos mais resgatados": quantities of
// products redeemed), never a count of the groups themselves (which is one per group).
func rankedMeasure(agg string, n *semantic.Noun, event string, perCust bool, d *semantic.Dimension, most bool) (*semantic.Measure, bool) {
	tries := [][]string{nil, {n.ID}}
	if e := semantic.EventByID(event); e != nil && e.Times != "" {
		if most {
			// "top 10 clientes que mais compraram": who bought the most spent the most
			// (CONVENTIONS: a top N of customers is by spend); "mais vezes", "the most
			// purchases" name the count
			tries = append(tries, []string{"value"})
		}
		// "quais clientes compraram": the times they did it (purchases)
		tries = append(tries, []string{e.Times})
	}
	for _, nouns := range tries {
		m, ok := composeScattered(agg, nouns, event, perCust)
		if !ok || !d.Applies(m.Fact) || strings.Contains(m.Expr, "DISTINCT") {
			continue
		}
		return m, true
	}
	return nil, false
}

func joinWords(ws []string) string {
	s := ""
	for i, w := range ws {
		if i > 0 {
			s += " "
		}
		s += w
	}
	return s
}

// namesOne reports whether a filter of the reading names one customer: by name, document
// or e-mail.
func (a *assembly) namesOne() bool {
	for _, i := range a.all("filter") {
		id := a.clauses[i].v.(filterV).id
		if strings.HasPrefix(id, "name:") || strings.HasPrefix(id, "doc:") || strings.HasPrefix(id, "email:") {
			return true
		}
	}
	return false
}

// identifiesOne reports whether a filter of the reading names one customer by a unique
// key: a document, an e-mail, a full name (never "named Souza").
func (a *assembly) identifiesOne() bool {
	for _, i := range a.all("filter") {
		if a.clauses[i].v.(filterV).one {
			return true
		}
	}
	return false
}

// deniedInOwnPeriod finds a cohort that says an activity happened in a period and did not
// happen in that same period (two names of one period: "maio" and "mês passado" in June,
// "o mês anterior" read from now): a contradiction, never a count of zero. An activity
// said without a period of its own ("e não compraram no mês anterior", the period then
// being the report's) is in the report's period.
func deniedInOwnPeriod(filters []filterV, report *semantic.Period) (*semantic.Period, bool) {
	var did, didNot []*semantic.Period
	for _, fv := range filters {
		switch {
		case fv.inReport == "did" && report != nil:
			did = append(did, report)
		case fv.inReport == "did not" && report != nil:
			didNot = append(didNot, report)
		}
		if fv.deniedPeriod != nil {
			didNot = append(didNot, fv.deniedPeriod)
		}
		if fv.cohortPeriod != nil && fv.cohortPeriod != fv.deniedPeriod {
			did = append(did, fv.cohortPeriod)
		}
	}
	for _, p := range did {
		for _, q := range didNot {
			if onePeriod(p, q) {
				return p, true
			}
		}
	}
	return nil, false
}

// periodAskedAgain reports a back-reference to the question's own computation with another
// period: "how many customers bought in May and how many in April", "quantos compraram em
// maio e quantos seriam em abril". The first period was taken by the event; the one after
// the aggregate said again is not the customers' sign-up period but the same question
// asked of another period.
func (a *assembly) periodAskedAgain(aggsAt []int) bool {
	if len(aggsAt) == 0 {
		return false
	}
	last := aggsAt[len(aggsAt)-1]
	if len(aggsAt) == 1 && !(a.measureAt() >= 0 && a.measureAt() < last) {
		return false // the aggregate said once
	}
	before, after := false, false

	for i, c := range a.clauses {
		switch fv, ok := c.v.(filterV); {
		case i < last && ok && fv.cohortPeriod != nil:
			before = true // what customers did in a period of its own
		case c.kind != "period" && c.kind != "periods":
		case i < last:
			before = true
		default:
			after = after || !a.used[i]
		}
	}
	return before && after
}

// aggsAmongColumns are the aggregates said in a list of columns, right after the details
// asked ("com nome, CPF e quantidade total", "with SKU and total qty"): only conjunctions
// and function words between them, and the aggregate said before the list too (with none
// before, "customers with gmail addresses: how many?", it is the question's own).
func (a *assembly) aggsAmongColumns(x *env) []int {
	var out []int
	for i, c := range a.clauses {
		if c.kind != "attrs" || !slices.ContainsFunc(a.clauses[:i], func(c clauseV) bool { return c.kind == "agg" }) {
			continue
		}
		for k := i + 1; k < len(a.clauses) && a.clauses[k].kind == "agg" && a.joinedToPrevious(x, k); k++ {
			out = append(out, k)
		}
	}
	return out
}

// periodJoinedToCohort reports a period joined by a conjunction to the period of a cohort
// right before it ("bought in March but never came back in April and June"): a second
// period of what the customers did (or did not do), which no rule joined to the first.
// Read alone it would date the customers' sign-up, which the question never names. A
// period before another activity is that activity's (assembly), not this one.
func (a *assembly) periodJoinedToCohort(x *env) bool {
	if x.signup {
		return false
	}
	for i := 1; i < len(a.clauses); i++ {
		fv, ok := a.clauses[i-1].v.(filterV)
		if a.clauses[i].kind != "period" || !ok || fv.cohortPeriod == nil && fv.deniedPeriod == nil {
			continue
		}
		laterEvent := slices.ContainsFunc(a.clauses[i+1:], func(c clauseV) bool {
			fv, ok := c.v.(filterV)
			return ok && fv.event // "bought in April and in May didn't buy": the denial's period
		})
		from, to := a.spans[i-1].to, a.spans[i].from
		if !laterEvent && slices.ContainsFunc(x.conj, func(p int) bool { return p >= from && p < to }) {
			return true
		}
	}
	return false
}

// joinedToPrevious reports whether clause k follows the clause before it with only a
// conjunction, or nothing, between them ("nome e pontos", "SKU, total qty").
func (a *assembly) joinedToPrevious(x *env, k int) bool {
	from, to := a.spans[k-1].to, a.spans[k].from
	return from >= to || slices.ContainsFunc(x.conj, func(p int) bool { return p >= from && p < to })
}

// productPointsColumn: "quais produtos custam até 300 pontos? nome e pontos", "reward
// products with name and points": in the columns of a list of products, the points are
// what each costs.
func (a *assembly) productPointsColumn(x *env) {
	if len(a.req.Attrs) == 0 || a.req.Attrs[0].Owner != semantic.Products || slices.ContainsFunc(a.clauses, func(c clauseV) bool { return c.kind == "agg" }) {
		return // "quantos produtos ...? nome e pontos": a count, or a list, is not known
	}
	for _, i := range a.all("noun") {
		if i == 0 || string(a.clauses[i].v.(marker)) != "points" || (a.clauses[i-1].kind != "list" && a.clauses[i-1].kind != "attrs") || !a.joinedToPrevious(x, i) {
			continue
		}
		if !slices.Contains(a.req.Attrs, semantic.ProductPointsAttr) {
			a.req.Attrs = append(a.req.Attrs, semantic.ProductPointsAttr)
		}
		a.used[i] = true
	}
}

// saysEvent reports whether the question has the event's verb ("resgatados", "redeemed").
func (a *assembly) saysEvent(id string) bool {
	for _, i := range a.all("event") {
		if string(a.clauses[i].v.(marker)) == id {
			return true
		}
	}
	return false
}

// saysAgeBands takes a band word that names ages ("perfil etário", "age groups") said apart
// from the list of bands, and reports whether there was one.
func (a *assembly) saysAgeBands() bool {
	for _, i := range a.all("bands") {
		if string(a.clauses[i].v.(marker)) == "age" {
			a.used[i] = true
			return true
		}
	}
	return false
}

// listGoesOn reports whether clause i is followed by the next one in the same list: a
// conjunction between them ("..., 35 a 44 e 45+") and no sentence's or clause's end.
func (a *assembly) listGoesOn(x *env, i int) bool {
	from, to := a.spans[i].to, a.spans[i+1].from
	between := func(p int) bool { return p >= from && p < to }
	return slices.ContainsFunc(x.conj, between) && !slices.ContainsFunc(x.clauseEnds, between)
}

// listsRowsOf reports whether the question asks for a list of the subject's rows: a list
// head right before the subject ("lista dos clientes", "list of customers") or their names
// asked ("nome e saldo"), with nothing ranked, broken down or shared.
func (a *assembly) listsRowsOf(subj *subjectV, names bool) bool {
	if subj == nil || subj.event != nil || subj.neg || subj.noun.Fact == nil || a.has("rank") || a.has("breakdown") || a.has("share") || a.has("group") {
		return false
	}
	if names {
		return true
	}
	for i, c := range a.clauses {
		if c.kind == "list" && i+1 < len(a.clauses) && a.clauses[i+1].kind == "subject" && a.clauses[i+1].v.(subjectV).noun == subj.noun {
			return true
		}
	}
	return false
}

// measureBeforeShare reports whether the measure is asked before its percentage, a
// conjunction between them ("quanto faturamos no pix em maio e qual o percentual", "how
// much revenue came from pix, and what % is that"): the amount is asked too.
func (a *assembly) measureBeforeShare(x *env) bool {
	for i, c := range a.clauses {
		if c.kind == "share" {
			return false // the percentage said first; one said again after is the same
		}
		if c.kind != "measures" && (c.kind != "agg" || c.v != marker("sum")) {
			continue
		}
		for j := i + 1; j < len(a.clauses); j++ {
			if a.clauses[j].kind == "share" {
				return a.conjBetween(x, i, j)
			}
		}
	}
	return false
}

// countSaid reports whether a count was asked in words ("quantos", "how many", "nº de")
// besides what a percentage counts: agg is the aggregate the question kept apart; a
// measures clause counts only with an aggregate or a count's own words ("how many
// transactions", "qtd de vendas": the plain noun is a subject, rules.go).
func (a *assembly) countSaid(x *env, agg string) bool {
	for i, c := range a.clauses {
		if c.kind == "agg" && c.v == marker("count") {
			return true // "how many have converted, and what %"
		}
		ms, ok := c.v.([]*semantic.Measure)
		// "percentual da quantidade de vendas ... que foram no pix", "what % of the number
		// of sales": the count right after the percentage word is the rows it is of
		if c.kind == "measures" && ok && len(ms) == 1 && ms[0].Kind == semantic.Count && !a.shareOfRows(x, i) {
			return true
		}
	}
	return agg == "count"
}

// orderedAgain reports whether an order or a list is said after the first ranking ("...
// mais? todas, da maior para a menor", "... most? list all of them"): the order of every
// group, said on top of the question for one.
func (a *assembly) orderedAgain() bool {
	ranks := 0
	for _, c := range a.clauses {
		switch {
		case c.kind == "rank":
			ranks++
		case c.kind == "list" && ranks > 0:
			return true
		}
	}
	return ranks > 1
}

// sameValues reports whether a and b hold the same values, in any order.
func sameValues(a, b []string) bool {
	return len(uniqueValues(a)) == len(uniqueValues(b)) && !slices.ContainsFunc(a, func(v string) bool { return !slices.Contains(b, v) })
}

// uniqueValues is vs without repeats, in the order first said.
func uniqueValues(vs []string) []string {
	var out []string
	for _, v := range vs {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// narrowsRows reports whether noun names only some of its fact's rows (the reversals
// among the points entries) that a measure of that fact does not keep to: said beside
// the measure, the noun would be dropped and the measure read over all the rows.
func narrowsRows(noun *semantic.Noun, measures []*semantic.Measure) bool {
	own, ok := composeScattered(noun.Agg, []string{noun.ID}, "", false)
	if !ok || own.Fact != noun.Fact {
		return false
	}
	for _, m := range measures {
		if m.Fact != noun.Fact {
			continue
		}
		for _, w := range own.Where {
			if !slices.Contains(m.Where, w) {
				return true
			}
		}
	}
	return false
}

// apartFromMeasures reports whether a conjunction stands between clause i and every
// measures clause: what clause i says is asked apart from the measures.
func (a *assembly) apartFromMeasures(x *env, i int) bool {
	var ms []int
	for j, c := range a.clauses {
		if c.kind == "measures" {
			ms = append(ms, j)
		}
	}
	if len(ms) == 0 {
		return false
	}
	for _, j := range ms {
		if !a.conjBetween(x, min(i, j), max(i, j)) {
			return false
		}
	}
	return true
}

// measureWordsAfter reports whether every word that says what to compute (a measure, an
// aggregate, a verb, a quantity) comes after clause i and a conjunction, and one does.
func (a *assembly) measureWordsAfter(x *env, i int) bool {
	n := 0
	for j, c := range a.clauses {
		switch c.kind {
		case "measures", "agg", "event", "noun":
			if j < i || !a.conjBetween(x, i, j) {
				return false
			}
			n++
		}
	}
	return n > 0
}

// ownMeasure reports whether m is what the verb alone measures ("gastaram": revenue).
func ownMeasure(event string, m *semantic.Measure) bool {
	own, ok := composeScattered("", nil, event, false)
	return ok && own.ID == m.ID
}

// otherAggregate reports whether the aggregate word asks for another computation than the
// verb alone measures ("top customers by spend and their number of purchases": a count
// beside a sum); one the verb cannot measure alone is left to the rest of the assembly.
func otherAggregate(event, agg string) bool {
	own, ok := composeScattered("", nil, event, false)
	if !ok || agg == "" {
		return false
	}
	first, _ := keyParts(own)
	return first != agg
}

// aggApartFromNouns reports whether every aggregate word of the question stands on the
// other side of a conjunction from a quantity it would be composed with: the quantity is
// asked in a clause of its own.
func (a *assembly) aggApartFromNouns(x *env, aggsAt []int) bool {
	if len(aggsAt) == 0 {
		return false
	}
	for _, j := range a.all("noun") {
		if !quantityNoun(string(a.clauses[j].v.(marker))) {
			continue // "manual debits YTD, total pts": the rows the quantity is of
		}
		if !slices.ContainsFunc(aggsAt, func(i int) bool { return !a.conjBetween(x, min(i, j), max(i, j)) }) {
			return true
		}
	}
	return false
}

// statusRows reads the statuses listed beside a breakdown by status ("segregados por status
// (pendente, aplicado, cancelado e expirado)", "by status: pending and applied") as the
// rows the breakdown shows: one filter of those statuses, and every status when all are
// listed. Elsewhere two statuses cannot hold together (refused by the caller).
func (a *assembly) statusRows(fs []*semantic.Filter) []*semantic.Filter {
	byStatus := slices.ContainsFunc(a.all("breakdown"), func(i int) bool {
		b, ok := a.clauses[i].v.(breakdownV)
		return ok && slices.ContainsFunc(b.dims, func(d *semantic.Dimension) bool { return d.ID == semantic.ByStatus.ID })
	})
	var statuses []string
	var names []semantic.Text
	rest := []*semantic.Filter{}
	for _, f := range fs {
		st, ok := strings.CutPrefix(f.ID, "status_")
		if f.ID == semantic.Cancelled().ID {
			st, ok = "cancelled", true // of redemptions, the cancelled status
		}
		if ok && st != "in" {
			statuses, names = append(statuses, st), append(names, f.Name)
			continue
		}
		rest = append(rest, f)
	}
	if !byStatus || len(statuses) < 2 {
		return fs
	}
	if len(statuses) == len(semantic.RedemptionStatuses) {
		return append(rest, semantic.AnyStatus())
	}
	var pt, en []string
	for _, n := range names {
		pt, en = append(pt, n.PT), append(en, n.EN)
	}
	return append(rest, semantic.RedemptionStatusIn(statuses, semantic.T(strings.Join(pt, " ou "), strings.Join(en, " or "))))
}

// secondCount reports whether the count word of clause i opens a second question after
// a count ("quantos clientes se cadastraram em maio e quantos compraram", "how many sales
// in May and how many were cancelled"): said after a conjunction that follows a clause
// counting with a count word of its own, with what it counts said right after it. Read
// into the first count, its words would narrow it and one of the two would be lost. Two
// counts each with a filter of its own ("quantos clientes ativos e quantos inativos") are
// sides compared elsewhere; a count of a base named without one ("of May's buyers, how
// many ...") is one question.
func (a *assembly) secondCount(x *env, i int) bool {
	if i+1 >= len(a.clauses) || a.clauses[i].v != marker("count") {
		return false
	}
	switch a.clauses[i+1].kind {
	case "event", "filter", "subject":
	default:
		return false
	}
	for j := 0; j < i; j++ {
		sp := a.spans[j]
		if a.clauses[j].kind != "measures" || !a.conjBetween(x, j, i) || !slices.ContainsFunc(x.counts, func(p int) bool { return p >= sp.from && p < sp.to }) {
			continue
		}
		if !slices.ContainsFunc(a.clauses[j+1:i], func(c clauseV) bool { return c.kind == "filter" }) {
			return true
		}
	}
	return false
}

// unnamedRow reports whether the subject beside a measure is one store or one customer
// said in the singular that the question does not name ("faturamento de ontem para loja",
// "pontos resgatados do cliente", "revenue for customer"), or a breakdown said without
// "por": read as the rows the measure is of, the total of every row would be answered and
// the noun read past. A name, a filter, an activity or a plural still reads, and so does
// the owner of the breakdown said right before it, at clause at ("por origem do cliente"),
// and a noun of a question that says "todas", "all" ("todas as loja": every one).
func (a *assembly) unnamedRow(x *env, s *subjectV, at int, filters []filterV) bool {
	owner := at > 0 && a.clauses[at-1].kind == "breakdown"
	return s.singular && !owner && !x.all && s.event == nil && s.at == nil && len(a.all("filter")) == 0 && len(filters) == 0
}

// singularAt reports whether clause i is one word typed in the singular (rules.go,
// singular).
func (a *assembly) singularAt(x *env, i int) bool {
	sp := a.spans[i]
	return sp.to == sp.from+1 && sp.from < len(x.norms) && !strings.HasSuffix(x.norms[sp.from], "s")
}

func unnamedRowRefusal(s *subjectV) error {
	return fail("a pergunta nomeia "+s.noun.Fact.Name.PT+" sem dizer quais: diga o nome, ou peça a divisão (\"por ...\")", "the question names "+s.noun.Fact.Name.EN+" without saying which: name them, or ask for the breakdown (\"by ...\")")
}

// sortByColumn reads the noun said right after an order in a list ("em ordem decrescente
// de pontos", "sorted by points"): the list sorted by that column of its rows (added
// when not asked, "produtos em ordem decrescente de pontos"). Any other noun leaves the
// order without a value (refused).
func (a *assembly) sortByColumn() {
	for i, c := range a.clauses {
		j := i + 1
		if c.kind != "rank" || j >= len(a.clauses) || a.clauses[j].kind != "noun" {
			continue
		}
		col := semantic.ColumnOf(a.req.Fact, string(a.clauses[j].v.(marker)))
		if col == nil {
			continue
		}
		if !slices.Contains(a.req.Attrs, col) {
			a.req.Attrs = append(a.req.Attrs, col)
		}
		a.req.SortBy = col
		a.used[j] = true
		return
	}
}
