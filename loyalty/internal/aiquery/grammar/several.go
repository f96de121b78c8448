package grammar

import (
	"slices"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// Several measures asked in clauses of their own ("quantas vendas a Copacabana fez e
// quanto ela faturou", "how many pending redemptions, and how many points are tied up in
// them"): the measures of one request, sharing the question's filters, period and
// breakdown. A pronoun stands for what a clause before it named.

// pronounsOf is the positions of the question's pronouns that are not also fillers
// ("ela", "deles"; "their" and "it" were always skipped and still are).
func pronounsOf(r *lexicon.Reading) []int {
	var out []int
	for _, m := range r.Matches {
		if m.Cat != semantic.CatPronoun || m.To != m.From+1 {
			continue
		}
		filler := slices.ContainsFunc(r.Matches, func(f lexicon.Match) bool {
			return f.Cat == semantic.CatFiller && f.From == m.From && f.To == m.To
		})
		if !filler {
			out = append(out, m.From)
		}
	}
	return out
}

// takePronouns uses the pronouns of the question: each stands for the rows, subject or
// filters of a clause before it; one with nothing before it refers to nothing said
// ("quanto ela faturou" alone is refused, never read as the whole chain's revenue).
func (a *assembly) takePronouns(pronouns []int) error {
	for _, p := range pronouns {
		referent := false
		for j, c := range a.clauses {
			switch c.kind {
			case "measures", "aggs", "filter", "subject":
				referent = referent || a.spans[j].to <= p
			}
		}
		if !referent {
			return fail("não sei a que o pronome se refere", "I cannot tell what the pronoun refers to")
		}
	}
	for _, i := range a.all("pronoun") {
		a.used[i] = true
	}
	return nil
}

// takeMeasures is the measures the question names: one constituent, or several clauses
// whose measures go in one request when they can share the rest of the question.
func (a *assembly) takeMeasures(x *env) ([]*semantic.Measure, error) {
	ms := a.all("measures")
	if len(ms) > 1 && !sameMeasures(a.clauses, ms) {
		if err := a.shareable(); err != nil {
			return nil, err
		}
	}
	lists := make([][]*semantic.Measure, len(ms))
	n := 0
	for k, i := range ms {
		a.used[i] = true
		lists[k] = append([]*semantic.Measure(nil), a.clauses[i].v.([]*semantic.Measure)...)
		n += len(lists[k])
	}
	if len(ms) > 1 && !sameMeasures(a.clauses, ms) {
		a.buyersOfBought(lists)
		lists = a.customersOfBands(lists)
	}
	if len(ms) > 1 && !sameMeasures(a.clauses, ms) {
		// clauses of their own share filters only over the same rows ("each of them"
		// after "customers who bought" are buyers, not customers narrowed by a cohort)
		for _, l := range lists {
			for _, m := range l {
				if m.Fact != lists[0][0].Fact {
					return nil, fail("a pergunta pede duas coisas que não consegui juntar num relatório; pergunte uma de cada vez",
						"the question asks for two things I could not put in one report; ask one at a time")
				}
			}
		}
	}
	if len(ms) > 1 && !sameMeasures(a.clauses, ms) {
		last, err := a.thresholdOfLast(ms, lists[len(lists)-1])
		if err != nil {
			return nil, err
		}
		lists[len(lists)-1] = last
	}
	for k := 1; k < len(ms); k++ {
		if err := a.ownRows(x, ms[k-1], ms[k]); err != nil {
			return nil, err
		}
	}
	if n > 1 {
		if err := a.aggsOfMeasures(ms, lists); err != nil {
			return nil, err
		}
	}
	var out []*semantic.Measure
	for _, l := range lists {
		added := false
		for _, m := range l {
			if !slices.ContainsFunc(out, func(x *semantic.Measure) bool { return x.ID == m.ID }) {
				out, added = append(out, m), true
			}
		}
		if !added && len(ms) > 1 && !sameMeasures(a.clauses, ms) {
			// a clause that names again what another did is another reading's word
			// ("quanto faturou no dinheiro": a payment type, not revenue twice)
			return nil, fail("a pergunta pede a mesma medida duas vezes", "the question asks for the same measure twice")
		}
	}
	return out, nil
}

// thresholdOfLast reads a threshold said right after the last of several measures asked
// in clauses of their own ("the median ticket, and how many sales over R$ 100", "o
// faturamento e quantas vendas acima de R$ 100"): it narrows the rows of that measure
// only (semantic.Among), never the measures asked before it. One it cannot narrow is
// refused, never shared silently.
func (a *assembly) thresholdOfLast(ms []int, last []*semantic.Measure) ([]*semantic.Measure, error) {
	j := ms[len(ms)-1] + 1
	if j >= len(a.clauses) || a.used[j] || a.clauses[j].kind != "filter" {
		return last, nil
	}
	fv := a.clauses[j].v.(filterV)
	if !strings.HasPrefix(fv.id, "cmp:") || fv.resolve == nil {
		return last, nil
	}
	cannot := fail("o limite dito depois da última medida vale só para ela, e não consegui aplicá-lo só a ela; pergunte uma de cada vez",
		"the threshold said after the last measure is of that measure only, and I could not apply it to it alone; ask one at a time")
	if len(last) != 1 {
		return nil, cannot
	}
	f, ok := fv.resolve(last[0].Fact)
	if !ok || f == nil {
		return nil, cannot
	}
	m, err := semantic.Among(last[0], []*semantic.Filter{f})
	if err != nil {
		return nil, cannot
	}
	a.used[j] = true
	return []*semantic.Measure{m}, nil
}

// buyersOfBought reads the customers counted beside a measure of sales, narrowed to those
// who bought ("how many customers made at least one purchase last year, and how much did
// each of them spend on average"), as the period's buyers: one population, whose sales
// the other measures are of.
func (a *assembly) buyersOfBought(lists [][]*semantic.Measure) {
	sales, counts := false, 0
	for _, l := range lists {
		for _, m := range l {
			sales = sales || m.Fact == semantic.Sales
			if m.ID == "customers" {
				counts++
			}
		}
	}
	bought := -1
	for _, i := range a.all("filter") {
		fv := a.clauses[i].v.(filterV)
		if x, ok := fv.resolve(semantic.Customers); ok && x != nil && x.KeepsBuyers() && fv.members == nil {
			if bought >= 0 {
				return
			}
			bought = i
		}
	}
	if !sales || counts != 1 || bought < 0 {
		return
	}
	for _, l := range lists {
		for k, m := range l {
			if m.ID == "customers" {
				l[k] = semantic.MeasureByID("buyers")
			}
		}
	}
	a.used[bought] = true
}

// customersOfBands reads "how many customers fall in each group" beside "by how many
// purchases ... in the groups 0, 1, 2 to 4, 5 or more" as one count: the customers of
// each band of a number of purchases (the breakdown, in assembly).
func (a *assembly) customersOfBands(lists [][]*semantic.Measure) [][]*semantic.Measure {
	if len(lists) != 2 || len(lists[0]) != 1 || len(lists[1]) != 1 {
		return lists
	}
	banded := false
	for _, i := range a.all("breakdown") {
		banded = banded || a.clauses[i].v.(breakdownV).bands != nil
	}
	ids := []string{lists[0][0].ID, lists[1][0].ID}
	if !banded || !slices.Contains(ids, "sales_count") || !slices.Contains(ids, "customers") {
		return lists
	}
	a.customersInBands = true
	return [][]*semantic.Measure{{semantic.MeasureByID("sales_count")}}
}

// bothClosing reports whether the question's "both" ("Both numbers please", "os dois
// números") is its last clause: said after everything it could be of, it restates that
// two things are asked (the assembly checks there are).
func (a *assembly) bothClosing() bool {
	last := len(a.clauses) - 1
	for i, c := range a.clauses {
		if c.kind == "both" && !a.used[i] && i != last {
			return false
		}
	}
	return last >= 0 && a.clauses[last].kind == "both"
}

// takeCounted reads a number said last that counts the measures asked ("Pontos
// creditados, resgatados e estornados em maio — os três numa linha", "credited and
// redeemed, the two of them"): the measures said again. A ranking's number ("top 3") is
// the ranking's.
func (a *assembly) takeCounted(measures int) {
	last := len(a.clauses) - 1
	if measures < 2 || last < 0 || a.used[last] || a.clauses[last].kind != "number" || a.has("rank") {
		return
	}
	if n, ok := a.clauses[last].v.(string); ok && atoiOr(n, 0) == measures {
		a.used[last] = true
	}
}

// takeApart reads "separado", "separately", "each as a separate figure" (semantic
// CatApart) when the question keeps things apart already: two measures or more, compared
// periods, a comparison, a breakdown (one said or made of a flag and its opposite, dims:
// "segregado entre ativos e inativos"), or two members named with "and" ("no pix e no
// dinheiro": a row each); a "both" right beside it ("separately for both") says the same.
// Said of nothing compared it stays unused, and the question is refused.
func (a *assembly) takeApart(measures []*semantic.Measure, filters []filterV, dims []*semantic.Dimension) {
	apart := a.all("apart")
	if len(apart) == 0 {
		return
	}
	members := slices.ContainsFunc(filters, func(fv filterV) bool {
		return fv.members != nil && !fv.members.or && !fv.members.both && len(fv.members.values) > 1
	})
	if len(measures) < 2 && !members && len(dims) == 0 && !a.has("periods") && !a.has("vs") && !a.has("breakdown") {
		return
	}
	for _, i := range apart {
		a.used[i] = true
		for _, j := range []int{i - 1, i + 1} {
			if j >= 0 && j < len(a.clauses) && a.clauses[j].kind == "both" {
				a.used[j] = true
			}
		}
	}
}

// shareable refuses measures in clauses of their own when the rest of the question
// cannot be shared by all of them: two breakdowns, two values of one attribute ("quantas
// vendas a Copacabana fez e quanto o Centro faturou"), or a ranking, comparison or
// percentage that would be of one of them only.
func (a *assembly) shareable() error {
	twoQuestions := fail("a pergunta pede duas coisas que não consegui juntar num relatório; pergunte uma de cada vez",
		"the question asks for two things I could not put in one report; ask one at a time")
	if len(a.all("breakdown")) > 1 {
		return twoQuestions
	}
	for _, k := range []string{"rank", "group", "diff", "growth", "share", "vs", "periods", "both", "than"} {
		if a.has(k) && !(k == "both" && a.bothClosing()) {
			return twoQuestions
		}
	}
	kinds := map[string]bool{}
	negated := 0
	for _, i := range a.all("filter") {
		fv := a.clauses[i].v.(filterV)
		if strings.HasPrefix(fv.id, "not:") {
			negated++ // "fora do pix": a value of some kind, excluded
			continue
		}
		if fv.members == nil {
			continue
		}
		if kinds[fv.members.kind] {
			return twoQuestions
		}
		kinds[fv.members.kind] = true
	}
	if negated > 0 && negated+len(kinds) > 1 {
		return twoQuestions
	}
	return nil
}

// aggsOfMeasures uses the aggregate words said beside each of several measures: one
// that repeats what its measure computes ("quanto ela faturou", "number of cancelled
// sales and their total value"), or an average per customer after an amount when the
// question counts the customers ("how many customers bought, and how much did each of
// them spend on average").
func (a *assembly) aggsOfMeasures(ms []int, lists [][]*semantic.Measure) error {
	between := func(from, to int, kinds ...string) bool {
		for j := from + 1; j < to; j++ {
			if !slices.Contains(kinds, a.clauses[j].kind) {
				return false
			}
		}
		return true
	}
	countsCustomers := false
	for _, l := range lists {
		for _, m := range l {
			countsCustomers = countsCustomers || m.ID == "buyers" || m.ID == "customers"
		}
	}
	for _, i := range a.all("agg") {
		agg := string(a.clauses[i].v.(marker))
		next := slices.IndexFunc(ms, func(j int) bool { return j > i })
		if next >= 0 && between(i, ms[next], "filter", "pronoun", "subject") {
			switch first := lists[next][0]; {
			case agg == "count" && first.Kind == semantic.Count, agg == "sum" && first.Kind == semantic.Sum:
				a.used[i] = true
				continue
			}
		}
		prev := -1
		for k, j := range ms {
			if j < i {
				prev = k
			}
		}
		if prev < 0 || agg != "avg" || !countsCustomers || !between(ms[prev], i, "pronoun") {
			continue
		}
		for k, m := range lists[prev] {
			pc, err := semantic.PerCustomer(m)
			if err != nil {
				return fail("não há média por cliente de "+m.Name.PT, "there is no per-customer average of "+m.Name.EN)
			}
			lists[prev][k] = pc
		}
		a.used[i] = true
	}
	return nil
}

// customersWithRows reports whether the question names customers, then rows of theirs
// ("clientes com resgates acima de 500 pontos"): the customers are what is asked for,
// never the rows. Rows named first are the rows ("resgates de clientes ativos").
func customersWithRows(subj, rows *subjectV, measures []*semantic.Measure) bool {
	return len(measures) == 0 && subj.noun.Fact == semantic.Customers && subj.event == nil && !subj.neg &&
		rows.event == nil && !rows.neg && rows.noun.Fact != nil && rows.noun.Fact != semantic.Customers && rows.noun.Fact.Customer != ""
}

// ofRows turns a filter said of the rows customers have into a filter of the customers:
// those with at least one such row (in the question's period).
func ofRows(rows *semantic.Fact, fv filterV) (filterV, error) {
	if fv.members != nil && len(fv.members.values) > 1 {
		// "com compras no Centro e no Batel": one row cannot be at both
		return fv, fail("não sei juntar esses valores nas linhas dos clientes", "I cannot combine those values in the customers' rows")
	}
	inner := fv.resolve
	fv.members, fv.bareChannel = nil, false
	fv.id = "rows:" + rows.ID + ":" + fv.id
	fv.resolve = func(f *semantic.Fact) (*semantic.Filter, bool) {
		if f != semantic.Customers {
			return nil, false
		}
		x, ok := inner(rows)
		if !ok || x == nil {
			return nil, false
		}
		h, err := semantic.HasRowsWith(rows, x)
		return h, err == nil
	}
	return fv, nil
}

// rowsFollow reports whether the clause right after clause i names a fact's rows
// ("2 or more | purchases").
// countsActorsBefore reports whether the clause right before clause i names customers by
// what they did ("quantos clientes compraram", "clientes que resgataram"): a number
// compared after it may be one of their rows' or their total.
func (a *assembly) countsActorsBefore(i int) bool {
	if i == 0 || a.spans[i-1].to != a.spans[i].from {
		return false
	}
	switch v := a.clauses[i-1].v.(type) {
	case []*semantic.Measure:
		for _, m := range v {
			for _, k := range m.Keys {
				if f := strings.Fields(k); len(f) > 2 && f[0] == "count" && f[1] == "customers" {
					return true
				}
			}
		}
	case subjectV:
		return actingCustomers(v)
	case marker:
		e := semantic.EventByID(string(v))
		return a.clauses[i-1].kind == "event" && e != nil && e.Activity != nil
	}
	return false
}

func (a *assembly) rowsFollow(i int) bool {
	for j, c := range a.clauses {
		if a.spans[j].from != a.spans[i].to {
			continue
		}
		switch v := c.v.(type) {
		case subjectV:
			return v.noun != nil && v.noun.Fact != nil
		case marker:
			n := semantic.NounByID(string(v))
			return c.kind == "noun" && n != nil && n.Fact != nil
		}
	}
	return false
}

// conjunctionsOf is the positions of the question's conjunctions ("e", "and", ",").
func conjunctionsOf(r *lexicon.Reading) []int {
	var out []int
	for _, m := range r.Matches {
		if m.Cat == semantic.CatAnd && m.To == m.From+1 && !slices.Contains(out, m.From) {
			out = append(out, m.From)
		}
	}
	return out
}

// trailingMeasures reads, after a measure and a conjunction, the clauses that ask for
// another computation of the same rows without naming a measure: "how many sales did we
// have yesterday and what was the total", "quantos resgates pendentes e quantos pontos
// eles somam", "how many customers bought in April and what was their average spend".
// Clauses it cannot read are left to the rest of the assembly (which refuses them).
func (a *assembly) trailingMeasures(x *env, measures []*semantic.Measure) ([]*semantic.Measure, error) {
	last := -1
	for i, c := range a.clauses {
		if c.kind == "measures" {
			last = i
		}
	}
	if last < 0 || len(measures) == 0 {
		return measures, nil
	}
	base := a.clauses[last].v.([]*semantic.Measure)[0]
	for j := last + 1; j < len(a.clauses); j++ {
		// a quantity that carries its own aggregate ("and the total points they hold")
		// starts the clause like an aggregate word, when a pronoun says whose rows it is of
		quantity := a.clauses[j].kind == "noun" && !a.used[j] && quantityNoun(string(a.clauses[j].v.(marker))) && a.pronounAfter(x, j)
		if (a.clauses[j].kind != "agg" || a.used[j]) && !quantity {
			continue
		}
		if !slices.ContainsFunc(x.conj, func(p int) bool { return p >= a.spans[last].to && p < a.spans[j].from }) {
			continue // "quantas vendas no total": the same measure, said again
		}
		group := []int{j}
		noun, event, again := "", "", ""
		var agg string
		if quantity {
			noun = string(a.clauses[j].v.(marker))
			agg = semantic.NounByID(noun).Agg
		} else {
			agg = string(a.clauses[j].v.(marker))
		}
		pronoun := a.pronounAfter(x, j)
		for k := j + 1; k < len(a.clauses) && !a.used[k]; k++ {
			c := a.clauses[k]
			switch {
			case c.kind == "pronoun":
			case c.kind == "have" && pronoun:
				// "the total points they hold", "quantos pontos eles têm": what those rows hold
			case c.kind == "noun" && noun == "" && event == "":
				noun = string(c.v.(marker))
			case c.kind == "event" && event == "":
				event = string(c.v.(marker))
			case c.kind == "subject" && event == "" && actingCustomers(c.v):
				// "and how many points the clients redeemed": the customers are who acts
				event = c.v.(subjectV).event.ID
			case c.kind == "agg" && again == "" && (noun != "" || event != ""):
				again = string(c.v.(marker)) // "quantos pontos eles somam"
			default:
				k = len(a.clauses)
				continue
			}
			group = append(group, k)
		}
		m := a.trailingMeasure(base, measures, agg, noun, event)
		// a measure of other rows only when said whole, its noun and its verb ("quantos
		// pontos creditados e quantos pontos resgatados"); an aggregate alone is of the
		// same rows ("and what was the total")
		whole := noun != "" && event != "" && m != nil && semantic.NounByID(noun) != nil && semantic.NounByID(noun).Fact == nil
		if m == nil || m.Fact != base.Fact && !whole || again != "" && !(again == "sum" && m.Kind == semantic.Sum) {
			continue
		}
		if err := a.shareable(); err != nil {
			return nil, err // "quantas vendas por loja e quanto faturou por mês"
		}
		if err := a.ownRows(x, last, j); err != nil {
			return nil, err
		}
		for _, k := range group {
			a.used[k] = true
		}
		if !slices.ContainsFunc(measures, func(x *semantic.Measure) bool { return x.ID == m.ID }) {
			measures = append(measures, m)
		}
	}
	return a.addedRows(x, last, measures)
}

// addedRows reads rows named after the measures and a conjunction ("pontos creditados vs
// resgatados esse mês? e os estornos tb", "points credited and redeemed, and the
// reversals too"): another measure, the first's aggregate of those rows (points
// reversed), else the rows' own (the number of reversals); one it cannot compose is
// refused, never dropped.
func (a *assembly) addedRows(x *env, last int, measures []*semantic.Measure) ([]*semantic.Measure, error) {
	for j := last + 1; j < len(a.clauses); j++ {
		s, ok := a.clauses[j].v.(subjectV)
		if a.clauses[j].kind != "subject" || !ok || a.used[j] || s.noun == nil || s.noun.Fact == nil || s.event != nil || s.neg {
			continue
		}
		if !slices.ContainsFunc(x.conj, func(p int) bool { return p >= a.spans[j-1].to && p < a.spans[j].from }) {
			continue // the conjunction right before the rows: "por cidade da loja" is no added measure
		}
		agg, nouns := keyParts(measures[0])
		own, ok := composeScattered(s.noun.Agg, []string{s.noun.ID}, "", false)
		rows := ok && own.ID == s.noun.Fact.Count && slices.ContainsFunc(measures, func(m *semantic.Measure) bool { return m.Fact == s.noun.Fact })
		qualified := a.clauses[j-1].kind == "filter" || j+1 < len(a.clauses) && a.clauses[j+1].kind == "filter"
		if slices.Contains(nouns, s.noun.ID) || rows || qualified {
			// the rows of a measure, said again ("active members only"), or the rows a
			// filter qualifies ("active stores only")
			continue
		}
		reads := func(m *semantic.Measure, ok bool) bool {
			return ok && m.Fact == s.noun.Fact && !slices.Contains(measures, m)
		}
		m, ok := composeScattered(agg, append(nouns, s.noun.ID), "", false)
		if !reads(m, ok) {
			m, ok = composeScattered(s.noun.Agg, []string{s.noun.ID}, "", false)
		}
		if !reads(m, ok) {
			return nil, fail("não sei que medida de "+s.noun.ID+" somar às outras", "I cannot tell which measure of "+s.noun.ID+" to add to the others")
		}
		if err := a.shareable(); err != nil {
			return nil, err
		}
		a.used[j] = true
		measures = append(measures, m)
	}
	return measures, nil
}

// keyParts is the aggregate and the nouns of m's first composition key ("sum points
// earn": sum, [points]).
func keyParts(m *semantic.Measure) (string, []string) {
	if len(m.Keys) == 0 {
		return "", nil
	}
	ws := strings.Fields(m.Keys[0])
	var nouns []string
	for _, w := range ws[1:] {
		if semantic.NounByID(w) != nil {
			nouns = append(nouns, w)
		}
	}
	return ws[0], nouns
}

// actingCustomers reports whether v is customers said with what they did ("the clients
// redeemed"), nothing else of them.
func actingCustomers(v any) bool {
	s, ok := v.(subjectV)
	return ok && s.noun.Fact == semantic.Customers && s.event != nil && !s.neg && !s.again && s.at == nil && s.signupStore == "" && !s.person
}

// trailingMeasure is the measure an aggregate (with the noun or event said beside it)
// asks for of base's rows; an average of an amount is per customer when the customers are
// counted ("and what was their average spend").
func (a *assembly) trailingMeasure(base *semantic.Measure, measures []*semantic.Measure, agg, noun, event string) *semantic.Measure {
	if noun != "" && event == "" {
		if n := semantic.NounByID(noun); n == nil || n.Fact != nil {
			return nil
		}
	}
	if event == "" {
		if v, ok := companionOf(base, agg, noun); ok {
			return v.([]*semantic.Measure)[1]
		}
		return nil
	}
	var nouns []string
	if noun != "" {
		nouns = []string{noun}
	}
	if m, ok := composeScattered(agg, nouns, event, false); ok && m.ID != base.ID {
		return m
	}
	countsCustomers := slices.ContainsFunc(measures, func(m *semantic.Measure) bool { return m.ID == "buyers" })
	if agg != "avg" || !countsCustomers {
		return nil
	}
	sum, ok := composeScattered("sum", nouns, event, false)
	if !ok {
		return nil
	}
	pc, err := semantic.PerCustomer(sum)
	if err != nil {
		return nil
	}
	return pc
}

// onlyCustomers reports whether some filter narrows customers by what they did and cannot
// narrow sales ("had bought before"): buyers so narrowed are customers.
func onlyCustomers(fs []filterV) bool {
	for _, fv := range fs {
		if _, ok := fv.resolve(semantic.Sales); ok {
			continue
		}
		if f, ok := fv.resolve(semantic.Customers); ok && f != nil {
			return true
		}
	}
	return false
}

// storeCohort is "customers who did not buy at the store" said of one store: the
// customers without a purchase there.
func storeCohort(event string, m memberV) (any, bool) {
	if (event != "buy" && event != "spend") || m.kind != "store" || len(m.values) != 1 {
		return nil, false
	}
	f := semantic.BoughtAtStore(m.values[0], false)
	return filterV{id: "not_bought_at:" + m.values[0], event: true, resolve: func(fact *semantic.Fact) (*semantic.Filter, bool) {
		return f, fact == semantic.Customers
	}}, true
}

// storeCohorts reads the customers who bought at one store and not at another
// ("compraram no Centro e não voltaram a comprar no Batel", "how many customers bought at
// Batel but not at Cambuí"): the store said beside the purchase is where they bought,
// never their owner store, and a store left out of the same rows is a store they did not
// buy at (a sale is never at two stores: said of sales, that exclusion is refused). With
// a period it is unclear which purchase it dates: refused.
func (a *assembly) storeCohorts(fs []filterV, measures []*semantic.Measure) ([]*semantic.Measure, []filterV, error) {
	positive := slices.IndexFunc(fs, func(fv filterV) bool {
		return fv.members != nil && fv.members.kind == "store" && len(fv.members.values) == 1 && !fv.members.or
	})
	for j, fv := range fs {
		if fv.excluded == nil || fv.excluded.kind != "store" || len(fv.excluded.values) != 1 || positive < 0 {
			continue
		}
		if len(measures) != 1 || (measures[0].ID != "buyers" && measures[0].ID != "customers") {
			continue // "vendas no Batel exceto no Cambuí": the exclusion changes nothing
		}
		v, _ := storeCohort("buy", *fv.excluded)
		fs[j] = v.(filterV)
		measures = []*semantic.Measure{semantic.MeasureByID("customers")}
	}
	if !slices.ContainsFunc(fs, func(fv filterV) bool { return strings.HasPrefix(fv.id, "not_bought_at:") }) {
		return measures, fs, nil
	}
	if len(a.all("periods")) > 0 {
		return nil, nil, fail("não sei a qual das compras o período se refere", "I cannot tell which of the purchases the period dates")
	}
	if len(measures) == 1 && measures[0].ID == "buyers" {
		measures = []*semantic.Measure{semantic.MeasureByID("customers")} // counted by what they did
	}
	// one period dates both purchases ("compraram na Savassi e não no Batel em 2025"); the
	// request's own period goes to "bought (in the period)", never to the sign-up
	p := a.periodOf()
	inPeriod := func(f *semantic.Filter) *semantic.Filter {
		if p == nil {
			return f
		}
		return semantic.AtPeriod(f, p)
	}
	for j, fv := range fs {
		if strings.HasPrefix(fv.id, "not_bought_at:") {
			inner := fv.resolve
			fs[j].resolve = func(fact *semantic.Fact) (*semantic.Filter, bool) {
				f, ok := inner(fact)
				if !ok {
					return nil, false
				}
				return inPeriod(f), true
			}
		}
	}
	if p != nil {
		bought, _ := activity("buy", true)
		fs = append(fs, bought.(filterV))
	}
	for j, fv := range fs {
		if fv.members == nil || fv.members.kind != "store" || len(fv.members.values) != 1 || fv.members.or {
			continue
		}
		f := inPeriod(semantic.BoughtAtStore(fv.members.values[0], true))
		fs[j].members = nil
		fs[j].resolve = func(fact *semantic.Fact) (*semantic.Filter, bool) { return f, fact == semantic.Customers }
	}
	return measures, fs, nil
}

// eventStore reads a store said right after what customers did ("quantos clientes pagaram
// em dinheiro na loja da Savassi", "customers who paid with pix at Batel"): the store is
// where they did it, never their owner store. Said of a payment, an origin or a product,
// it joins that condition on the same sales; said after a total per customer ("gastaram
// mais de R$ 100 na loja Centro", "mais de 3 compras no Batel") it totals that store's
// sales only.
// A store said before ("clientes da loja Centro que pagaram com pix") stays the owner
// store.
func (a *assembly) eventStore(fs []filterV) ([]filterV, error) {
	for j := range fs {
		m := fs[j].members
		if m == nil || m.kind != "store" || len(m.values) != 1 || m.or || fs[j].neg {
			continue
		}
		prev := fs[j].pos - 1
		for prev >= 0 && a.clauses[prev].kind == "period" {
			prev-- // "pagaram com pix em maio na loja Centro"
		}
		i := slices.IndexFunc(fs, func(fv filterV) bool { return fv.pos == prev })
		if i < 0 {
			continue
		}
		ev := fs[i]
		switch {
		case ev.members != nil && (ev.members.kind == "payment" || ev.members.kind == "origin" || ev.members.kind == "product"):
			if f, ok := ev.resolve(semantic.Customers); ok && f != nil {
				continue
			}
			x, ok := ev.resolve(semantic.Sales)
			if !ok || x == nil {
				continue
			}
			both, err := semantic.Both(x, semantic.StoreCode(m.values[0]))
			if err != nil {
				continue
			}
			h, err := semantic.HasRowsWith(semantic.Sales, both)
			if err != nil {
				continue
			}
			fs[i].members, fs[i].id = nil, "event_store:"+ev.id
			fs[i].resolve = func(f *semantic.Fact) (*semantic.Filter, bool) { return h, f == semantic.Customers }
			fs = slices.Delete(fs, j, j+1)
			return a.eventStore(fs)
		default:
			x, ok := ev.resolve(semantic.Customers)
			if !ok || x == nil {
				continue
			}
			at, ok := semantic.AtStore(x, m.values[0])
			if !ok && ev.event && strings.HasPrefix(ev.id, "customer_") {
				// "compraram em mais de 2 lojas na Savassi": not a total of one store's sales
				return nil, fail("não sei somar o que cada cliente fez só numa loja", "I cannot total what each customer did at one store only")
			}
			if !ok {
				continue
			}
			fs[i].id = ev.id + ":at_store"
			fs[i].resolve = func(f *semantic.Fact) (*semantic.Filter, bool) { return at, f == semantic.Customers }
			fs = slices.Delete(fs, j, j+1)
			return a.eventStore(fs)
		}
	}
	return fs, nil
}

// storeFlags reads "active", "ativas" said of the stores ("active stores only", "lojas
// ativas") in a report of another fact: the store's flag, never the customers'. The flag
// qualifies the noun it is said beside.
func (a *assembly) storeFlags(fs []filterV, fact *semantic.Fact) []filterV {
	if fact == semantic.Stores {
		return fs
	}
	stores := func(i int) bool {
		if i < 0 || i >= len(a.clauses) {
			return false
		}
		s, ok := a.clauses[i].v.(subjectV)
		return ok && a.clauses[i].kind == "subject" && s.noun != nil && s.noun.ID == "stores" && s.event == nil
	}
	for j, fv := range fs {
		yes := fv.id == "flag:active:false" || fv.id == "flag:inactive:true"
		if !yes && fv.id != "flag:inactive:false" && fv.id != "flag:active:true" {
			continue
		}
		if !stores(fv.pos-1) && !stores(fv.pos+1) {
			continue
		}
		f := semantic.StoreActive(yes)
		fs[j].id = "store_" + fv.id
		fs[j].resolve = func(x *semantic.Fact) (*semantic.Filter, bool) { return f, f.Applies(x, nil) }
	}
	return fs
}

// anaphoraOf is the positions of every pronoun of the question, fillers too, and of the
// words that point to the rows counted before ("desses", "of those": a second ask over the
// first one's rows, "e qual a soma desses saldos").
func anaphoraOf(r *lexicon.Reading) []int {
	var out []int
	for _, m := range r.Matches {
		if (m.Cat == semantic.CatPronoun || m.Cat == semantic.CatAmong) && !slices.Contains(out, m.From) {
			out = append(out, m.From)
		}
	}
	return out
}

// ownRows refuses a second clause that may be of other rows than the first: when a filter
// said inside the first clause changes which rows count (cancelled, a status), the second
// shares it only through a pronoun ("number of cancelled sales and their total value",
// "quantos resgates pendentes e quantos pontos eles somam"); without one ("quantas vendas
// canceladas e quanto faturamos") it may be the rows that count as usual.
func (a *assembly) ownRows(x *env, first, second int) error {
	conj := -1
	for _, p := range x.conj {
		if p >= a.spans[first].to && p < a.spans[second].from {
			conj = p
			break
		}
	}
	if conj < 0 || slices.ContainsFunc(x.anaphora, func(p int) bool { return p > conj }) {
		return nil
	}
	fact := a.clauses[first].v
	var f *semantic.Fact
	switch v := fact.(type) {
	case []*semantic.Measure:
		f = v[0].Fact
	default:
		return nil
	}
	// the second part may say the rows again itself ("o valor das vendas canceladas em
	// abril e quantos cupons foram cancelados"): those are the same rows
	restated := map[string]bool{}
	for i := range a.clauses {
		if fv, ok := a.clauses[i].v.(filterV); ok && a.clauses[i].kind == "filter" && a.spans[i].from > conj {
			if r, ok := fv.resolve(f); ok && r != nil {
				restated[r.ID] = true
			}
		}
	}
	for i := first + 1; i < second && a.spans[i].to <= conj; i++ {
		fv, ok := a.clauses[i].v.(filterV)
		if !ok || a.clauses[i].kind != "filter" {
			continue
		}
		if r, ok := fv.resolve(f); ok && r != nil && r.ReplacesLive && !restated[r.ID] {
			return fail("não sei se a segunda parte da pergunta vale só para as linhas filtradas na primeira; pergunte uma de cada vez",
				"I cannot tell whether the second part of the question is of the rows the first one filtered; ask one at a time")
		}
	}
	return nil
}

// quantityNoun reports whether the noun is a quantity with an aggregate of its own
// ("total points", "valor"), not rows of a fact.
func quantityNoun(id string) bool {
	n := semantic.NounByID(id)
	return n != nil && n.Fact == nil && n.Agg != ""
}

// pronounAfter reports whether a pronoun ("they", "eles") is said after clause i, with
// only nouns, events, aggregate words and "have" between ("the total points they hold").
func (a *assembly) pronounAfter(x *env, i int) bool {
	limit := a.spans[len(a.spans)-1].to
	for k := i + 1; k < len(a.clauses); k++ {
		if !slices.Contains([]string{"pronoun", "noun", "event", "agg", "have"}, a.clauses[k].kind) {
			limit = a.spans[k].from
			break
		}
	}
	return slices.ContainsFunc(x.anaphora, func(p int) bool { return p >= a.spans[i].to && p < limit })
}

// readAsksApart reads two asks joined by "and", each with its own "how many" and the
// thing it counts ("quantos pontos o povo resgatou em maio e quantos pontos foram
// creditados"), when the question read whole is refused: each part is read alone, and the
// two are one request when they differ in their measures only, the second taking the
// first's period and breakdown when it names none. A filter of the first alone ("quanto
// a Savassi vendeu em maio e quantos clientes compraram": at Savassi?), a period or
// store each, a ranking or a list keep the refusal; a second "how many" naming no noun is
// the elided noun's (ellipsis.go). Nil when not read.
func (it *Interpreter) readAsksApart(r *lexicon.Reading, cat *semantic.Catalog, context []string) *Result {
	at := secondAskAt(r)
	if at < 0 {
		return nil
	}
	first, err := it.read(withoutContext(r, cut(r, at-1, len(r.Tokens)), nil), cat, context)
	if err != nil {
		return nil
	}
	second, err := it.read(withoutContext(r, cut(r, 0, at), nil), cat, context)
	if err != nil {
		return nil
	}
	p, q := first.Request, second.Request
	if !plainMeasures(p) || !plainMeasures(q) {
		return nil
	}
	// the second, given the first's period and breakdown when it names none, asks its
	// measures of the first's rows: the same query as the first's with those measures
	own, shared := *q, *p
	if own.Period == nil {
		own.Period = p.Period
	}
	if len(own.Dims) == 0 {
		own.Dims = p.Dims
	}
	shared.Measures, shared.Fact = q.Measures, q.Fact
	a, errA := own.Compile()
	b, errB := shared.Compile()
	if errA != nil || errB != nil || a != b {
		return nil
	}
	return withMeasuresOf(first, second)
}

// secondAskAt is the position of a "how many" ("quantos", "how many") said right after
// "and" and right before a noun, with another one before it; -1 when there is none.
func secondAskAt(r *lexicon.Reading) int {
	// askEnd is where the "how many" said at i ends, -1 when none is
	askEnd := func(i int) int {
		for _, m := range r.Matches {
			if m.From == i && m.Cat == semantic.CatAgg && m.Typos == 0 && (m.Arg == "count" || m.Arg == "sum") {
				return m.To
			}
		}
		return -1
	}
	at := func(i int, cat semantic.Category) bool {
		return slices.ContainsFunc(r.Matches, func(m lexicon.Match) bool { return m.From == i && m.Cat == cat && m.Typos == 0 })
	}
	seen := false
	for i := range r.Tokens {
		end := askEnd(i)
		if end > 0 && seen && i > 0 && at(i-1, semantic.CatAnd) && end < len(r.Tokens) && at(end, semantic.CatNoun) {
			return i
		}
		seen = seen || end > 0
	}
	return -1
}

// readPointedBack reads a measure asked after "and" of the rows the first part counted,
// pointed back to by a pronoun or possessive ("how many inactive customers have a balance
// above zero, and what those balances add up to", "quantos clientes inativos têm saldo e
// quanto somam os saldos deles"), when the question read whole is refused: each part is
// read alone, the pointer left out, and the second, naming no rows of its own (no filter,
// period or breakdown), is of the first's rows: one request with both measures. A second
// part with a filter, period or breakdown of its own, or of other rows (another fact),
// keeps the refusal. Nil when not read.
func (it *Interpreter) readPointedBack(r *lexicon.Reading, cat *semantic.Catalog, context []string) *Result {
	and, ptr := pointedBackAt(r)
	if and < 0 {
		return nil
	}
	head := withoutContext(r, cut(r, and, len(r.Tokens)), nil)
	first, err := it.read(head, cat, context)
	if err != nil {
		// the first part with a statement of the writer's ("Since we're planning a
		// campaign, ...") is read as a question is
		if first = it.readWithoutStatements(head, cat, context); first == nil {
			return nil
		}
	}
	skip := cut(r, 0, and+1)
	skip[ptr] = true
	second, err := it.read(withoutContext(r, skip, nil), cat, context)
	if err != nil {
		return nil
	}
	p, q := first.Request, second.Request
	if !plainMeasures(p) || !plainMeasures(q) || p.Fact != q.Fact || len(q.Filters) > 0 || q.Period != nil || len(q.Dims) > 0 || len(second.Context) > 0 {
		return nil
	}
	return withMeasuresOf(first, second)
}

// plainMeasures reports whether a request computes measures and nothing else: no list,
// sort, limit or order (a part of a question said in two asks).
func plainMeasures(x *semantic.Request) bool {
	return len(x.Measures) > 0 && len(x.Attrs) == 0 && x.SortBy == nil && x.Limit == 0 && x.Order == semantic.Natural
}

// withMeasuresOf is the first part's request with the second's measures beside its own,
// compiled; nil when a measure is asked twice (another reading's word) or it does not
// compile.
func withMeasuresOf(first, second *Result) *Result {
	merged := *first.Request
	merged.Measures = slices.Clone(first.Request.Measures)
	for _, m := range second.Request.Measures {
		if slices.Contains(merged.Measures, m) {
			return nil
		}
		merged.Measures = append(merged.Measures, m)
	}
	sql, err := merged.Compile()
	if err != nil {
		return nil
	}
	first.Request, first.SQL = &merged, sql
	first.Fixes = append(first.Fixes, second.Fixes...)
	return first
}

// pointedBackAt is the position of the "and" that opens a second ask and of the pronoun
// or possessive after it that points to the rows before (semantic.RowPronouns,
// semantic.RowPossessives); -1 when there is none or more than one.
func pointedBackAt(r *lexicon.Reading) (int, int) {
	words := map[string]bool{}
	for _, ws := range []semantic.Words{semantic.RowPronouns, semantic.RowPossessives} {
		for _, p := range splitPhrases(ws) {
			if len(p) == 1 {
				words[p[0]] = true
			}
		}
	}
	and, ptr := -1, -1
	for i := 1; i < len(r.Tokens); i++ {
		if ptr < 0 && r.Tokens[i].Norm != "," && slices.ContainsFunc(r.Matches, func(m lexicon.Match) bool { return m.From == i && m.Cat == semantic.CatAnd }) {
			and = i // the last "and" before the pointer
			continue
		}
		if and >= 0 && words[r.Tokens[i].Norm] {
			if ptr >= 0 {
				return -1, -1
			}
			ptr = i
		}
	}
	if ptr < 0 {
		return -1, -1
	}
	return and, ptr
}
