package nlq

import (
	"strings"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// Interpreter turns report questions into semantic requests.
type Interpreter struct {
	now func() time.Time
	loc *time.Location
}

// New returns an interpreter. now is the clock; loc the reporting time zone (named months
// and days are read in it).
func New(now func() time.Time, loc *time.Location) *Interpreter {
	if now == nil {
		now = time.Now
	}
	if loc == nil {
		loc = time.UTC
	}
	return &Interpreter{now: now, loc: loc}
}

// Result is an understood question: the request, its SQL and what it means in words.
type Result struct {
	Request *semantic.Request
	SQL     string
	Echo    Echo
}

// Interpret reads question. A question it cannot read completely is a *Refusal.
func (it *Interpreter) Interpret(question string, cat *Catalog) (*Result, error) {
	cal := semantic.Calendar{Now: it.now().In(it.loc)}
	q, err := read(question, cat, cal)
	if err != nil {
		var pe *periodError
		if asPeriodError(err, &pe) {
			return nil, q.refuse(pe.T, nil)
		}
		return nil, err
	}
	coord := findCoordination(q)
	if coord != nil {
		if res, ok := it.interpretSplit(question, cat, cal, coord); ok {
			return res, nil
		}
		if q, err = read(question, cat, cal); err != nil {
			return nil, err
		}
	}
	in := &interp{q: q, cal: cal, cat: cat}
	in.req.Lang = q.lang
	if r := in.run(); r != nil {
		return nil, r
	}
	if a, b := looseCoordination(q); a != nil && len(in.req.Facts()) < 2 {
		// "novos clientes e vendas" read as one measure would answer half the question
		return nil, in.refuseWith(semantic.T(
			"a pergunta pede duas coisas (\""+a.text()+"\" e \""+b.text()+"\") que não consegui juntar num relatório; pergunte uma de cada vez",
			"the question asks for two things (\""+a.text()+"\" and \""+b.text()+"\") that I could not put in one report; ask one at a time"))
	}
	sql, err := in.req.Compile()
	if err != nil {
		if ie, ok := err.(*semantic.InvalidError); ok {
			return nil, in.refuseWith(ie.Reason)
		}
		return nil, err
	}
	return &Result{Request: &in.req, SQL: sql, Echo: describe(&in.req, q, in.notes)}, nil
}

func asPeriodError(err error, pe **periodError) bool {
	e, ok := err.(*periodError)
	if ok {
		*pe = e
	}
	return ok
}

// interp is the state of one interpretation.
type interp struct {
	q   *question
	cal semantic.Calendar
	cat *Catalog
	req semantic.Request

	dims             []string // dimension ids asked for ("por loja")
	perCust          *lexeme  // "por cliente" right after an average: a per-customer average
	rank             semantic.Order
	rankWord         *lexeme
	limit            int
	singular         bool // "qual loja", "quem": one answer
	shapeList        bool
	attrs            []*semantic.Attribute
	notes            []semantic.Text
	pending          []pendingFilter // named values, applied once the fact is known
	rate             *lexeme         // a percentage question
	sortAll          bool            // "ordenados por": every row in order, no top-N limit
	subjectLex       *lexeme         // what a ranking ranks ("lojas" in "lojas que mais venderam")
	storeCodes       []string        // stores named
	pointsOp         string          // a points threshold ("mais de 1000 pontos"): a balance or a product's price
	pointsN          int64
	rateOfRevenue    bool     // "% da receita": a share of revenue, not of sales
	perBuyer         bool     // "revenue per buyer": an average per customer
	impliedCustomers bool     // the question counts people without saying "clientes"
	unknownName      *Refusal // a store or product the catalogue does not have
}

// ---- lexeme helpers ----

func (in *interp) find(c concept) *lexeme {
	for _, l := range in.q.lex {
		if !l.used && l.is(c) {
			return l
		}
	}
	return nil
}

func (in *interp) has(c concept) bool { return in.find(c) != nil }

// findAll returns every unused lexeme with c.
func (in *interp) findAll(c concept) []*lexeme {
	var out []*lexeme
	for _, l := range in.q.lex {
		if !l.used && l.is(c) {
			out = append(out, l)
		}
	}
	return out
}

// mentions reports whether the question has c at all, used or not.
func (in *interp) mentions(c concept) bool {
	for _, l := range in.q.lex {
		if l.is(c) {
			return true
		}
	}
	return false
}

func (in *interp) use(l *lexeme, c concept) *lexeme {
	if l != nil {
		l.used, l.as = true, c
	}
	return l
}

func (in *interp) take(c concept) *lexeme { return in.use(in.find(c), c) }

// takeAll marks every unused lexeme with c used.
func (in *interp) takeAll(c concept) int {
	n := 0
	for _, l := range in.q.lex {
		if !l.used && l.is(c) {
			in.use(l, c)
			n++
		}
	}
	return n
}

func (in *interp) index(l *lexeme) int {
	for i, x := range in.q.lex {
		if x == l {
			return i
		}
	}
	return -1
}

// next is the lexeme after l (nil at the end).
func (in *interp) next(l *lexeme) *lexeme {
	i := in.index(l)
	if i < 0 || i+1 >= len(in.q.lex) {
		return nil
	}
	return in.q.lex[i+1]
}

func (in *interp) prev(l *lexeme) *lexeme {
	i := in.index(l)
	if i <= 0 {
		return nil
	}
	return in.q.lex[i-1]
}

// near reports whether a lexeme with c lies within dist lexemes of l (either side).
func (in *interp) near(l *lexeme, c concept, dist int) *lexeme {
	i := in.index(l)
	for d := 1; d <= dist; d++ {
		for _, j := range []int{i - d, i + d} {
			if j >= 0 && j < len(in.q.lex) && !in.q.lex[j].used && in.q.lex[j].is(c) {
				return in.q.lex[j]
			}
		}
	}
	return nil
}

// after returns the first unused lexeme with c after l, within dist lexemes.
func (in *interp) after(l *lexeme, c concept, dist int) *lexeme {
	i := in.index(l)
	for j := i + 1; j < len(in.q.lex) && j <= i+dist; j++ {
		if !in.q.lex[j].used && in.q.lex[j].is(c) {
			return in.q.lex[j]
		}
	}
	return nil
}

func (in *interp) before(l *lexeme, c concept, dist int) *lexeme {
	i := in.index(l)
	for j := i - 1; j >= 0 && j >= i-dist; j-- {
		if !in.q.lex[j].used && in.q.lex[j].is(c) {
			return in.q.lex[j]
		}
	}
	return nil
}

// ---- the interpretation ----

func (in *interp) run() *Refusal {
	if r := in.explicitRefusals(); r != nil {
		return r
	}
	in.breakdowns()
	pending, r := in.values()
	if r != nil {
		return r
	}
	in.pending = pending
	in.ranking()
	if r := in.decide(); r != nil {
		return r
	}
	if r := in.filters(); r != nil {
		return r
	}
	if r := in.applyDims(); r != nil {
		return r
	}
	if r := in.bindPeriod(); r != nil {
		return r
	}
	if in.rate != nil {
		if r := in.finishRate(); r != nil {
			return r
		}
	}
	in.finishShape()
	return in.account()
}

// explicitRefusals: writes, comparisons, "why" and forecasts are refused whatever else the
// question says.
func (in *interp) explicitRefusals() *Refusal {
	if l := in.find(cWrite); l != nil {
		if !in.writeIsReportVerb(l) {
			return in.q.refuseWrite(l)
		}
		in.use(l, cFiller) // "crie um relatório de ...": a read
	}
	if l := in.find(cWhy); l != nil {
		return in.refuseWith(semantic.T("os relatórios dizem quanto e quando, não o porquê (\""+l.text()+"\")",
			"reports say how much and when, not why (\""+l.text()+"\")"))
	}
	if l := in.find(cFuture); l != nil {
		return in.refuseWith(semantic.T("previsões (\""+l.text()+"\") não são feitas; os relatórios mostram dados registrados",
			"forecasts (\""+l.text()+"\") are not made; reports show recorded data"))
	}
	if l := in.find(cOther); l != nil {
		return in.refuseWith(semantic.T("os dados de relatório não têm \""+l.text()+"\"",
			"the reporting data has nothing about \""+l.text()+"\""))
	}
	return nil
}

// writeIsReportVerb: "crie um relatório", "generate a list" ask for a report, not a write.
func (in *interp) writeIsReportVerb(l *lexeme) bool {
	switch l.toks[0].norm {
	case "crie", "criar", "create", "monte", "gere":
		for _, t := range in.q.toks {
			switch t.norm {
			case "relatorio", "report", "lista", "list", "planilha", "spreadsheet", "tabela", "table":
				return true
			}
		}
	}
	return false
}

// breakdowns reads "por loja", "by month", "em cada loja", "mensal".
func (in *interp) breakdowns() {
	for _, l := range in.q.lex {
		if l.used {
			continue
		}
		if l.is(cSplit) {
			// "gender split of customers", "store breakdown": the dimension before
			if p := in.prev(l); p != nil && !p.used && p.is(cDim) && dimOf(p) != "" {
				in.use(l, cSplit)
				in.use(p, cDim)
				in.dims = append(in.dims, dimOf(p))
			}
			continue
		}
		if l.is(cTimeDim) {
			in.use(l, cTimeDim)
			in.dims = append(in.dims, l.arg(cTimeDim))
			continue
		}
		if !l.is(cBy) {
			continue
		}
		n := in.next(l)
		if n == nil || n.used {
			continue
		}
		if p := in.prev(l); p != nil && (p.is(cSpend) || p.is(cBuy) || p.is(cRedeem) || p.is(cEarn) || p.is(cSell)) &&
			(n.is(cFemale) || n.is(cMale) || (n.is(cUse) && !n.is(cDim)) || (n.is(cApp) && in.next(n) != nil && in.next(n).is(cUse))) {
			// "spent by women", "redeemed by app users": who did it, not a breakdown
			in.use(l, cBy)
			continue
		}
		if n.is(cPeriod) {
			// "for each of the last 6 months", "em cada um dos últimos 3 meses"
			switch n.toks[len(n.toks)-1].norm {
			case "months", "meses":
				in.use(l, cBy)
				in.dims = append(in.dims, "month")
			case "weeks", "semanas":
				in.use(l, cBy)
				in.dims = append(in.dims, "week")
			case "days", "dias":
				in.use(l, cBy)
				in.dims = append(in.dims, "day")
			}
			continue
		}
		id := dimOf(n)
		if id == "" {
			continue
		}
		// "points earned by customers": the customers did it; "by customer" breaks down
		if p := in.prev(l); id == "customer" && isPluralNoun(n) && p != nil && (p.is(cEarn) || p.is(cRedeem) || p.is(cSpend) || p.is(cBuy) || p.is(cSell) || p.is(cDebit)) {
			in.use(l, cBy)
			in.use(n, cCustomer)
			continue
		}
		// "vendas feitas por clientes inativos", "purchases made by new customers": the agent
		// of a passive verb, not a breakdown
		if ti := indexOf(in.q.toks, l.toks[0]); id == "customer" && isPluralNoun(n) && ti > 0 && passiveParticiple[in.q.toks[ti-1].norm] {
			in.use(l, cBy)
			in.use(n, cCustomer)
			continue
		}
		// "revenue per buyer", "gasto por comprador": an average per customer
		if n.is(cBuyer) && !n.is(cCustomer) {
			in.use(l, cBy)
			in.use(n, cBuyer)
			in.perBuyer = true
			continue
		}
		in.use(l, cBy)
		in.use(n, cDim)
		if id == "customer" {
			in.perCust = n
		}
		in.dims = append(in.dims, id)
		// "por origem e gênero", "by channel and gender"
		for m := in.next(n); m != nil && !m.used && dimOf(m) != "" && (m.is(cDim) || m.is(cTimeDim)); m = in.next(m) {
			in.use(m, cDim)
			in.dims = append(in.dims, dimOf(m))
		}
	}
	// "clientes ativos e inativos", "active vs inactive customers": one row for each, not
	// both filters at once (which no customer passes)
	if a, i := in.find(cActive), in.find(cInactive); a != nil && i != nil && in.near(a, cInactive, 3) == i && in.before(a, cNeg, 1) == nil {
		in.use(a, cActive)
		in.use(i, cInactive)
		if c := in.near(a, cCompare, 2); c != nil {
			in.use(c, cCompare)
		}
		in.dims = append(in.dims, "active")
	}
	// "origem dos cadastros: quantos clientes em cada uma?": "cada" points back at the one
	// dimension named
	for _, l := range in.q.lex {
		if l.used || !l.is(cBy) {
			continue
		}
		if n := in.next(l); n != nil && dimOf(n) != "" {
			continue
		}
		var only *lexeme
		count := 0
		for _, m := range in.q.lex {
			if !m.used && m.is(cDim) {
				only, count = m, count+1
			}
		}
		if count == 1 && in.index(only) < in.index(l) {
			in.use(l, cBy)
			in.use(only, cDim)
			in.dims = append(in.dims, dimOf(only))
		}
	}
	// "homens, mulheres e outros": every gender
	if f, m := in.find(cFemale), in.find(cMale); f != nil && m != nil && !in.has(cRate) {
		in.use(f, cFemale)
		in.use(m, cMale)
		in.takeAll(cGenderOther)
		in.dims = append(in.dims, "gender")
		in.impliedCustomers = true // "quantos homens e mulheres": people are customers
	}
	// "evolução das vendas": over time, by month unless a unit was given
	if in.takeAll(cTrend) > 0 {
		timed := false
		for _, d := range in.dims {
			if d == "day" || d == "week" || d == "month" || d == "quarter" || d == "year" {
				timed = true
			}
		}
		if !timed {
			in.dims = append(in.dims, "month")
		}
	}
}

// dimOf is the dimension a lexeme names after "por" ("" when none).
func dimOf(l *lexeme) string {
	switch {
	case l.is(cDim):
		return l.arg(cDim)
	case l.is(cStore):
		return "store"
	case l.is(cCustomer), l.is(cBuyer):
		return "customer"
	case l.is(cProduct):
		return "product"
	case l.is(cUnit):
		return map[string]string{"days": "day", "weeks": "week", "months": "month", "years": "year"}[l.arg(cUnit)]
	case l.is(cAge):
		return "age_band"
	}
	return ""
}

// ranking reads "top 5", "os 10 maiores", "mais vendidos", "quem mais comprou".
func (in *interp) ranking() {
	for _, l := range in.q.lex {
		if l.used {
			continue
		}
		if l.is(cCode) && strings.HasPrefix(l.toks[0].norm, "top") {
			if n := atoi(strings.TrimPrefix(l.toks[0].norm, "top")); n > 0 {
				in.use(l, cTop)
				in.rank, in.rankWord, in.limit = semantic.Descending, l, n
			}
		}
	}
	if l := in.find(cSortBy); l != nil {
		in.use(l, cSortBy)
		in.rank, in.rankWord = semantic.Descending, l
		in.sortAll = true
	}
	for _, c := range []concept{cTop, cBottom, cMost, cLeast} {
		if in.rankWord != nil && in.rankWord.is(cSortBy) {
			break
		}
		l := in.find(c)
		if l == nil || (l.is(cMax) || l.is(cMin)) && !in.hasRankable() {
			// "the biggest purchase": a largest value, not a ranking of anything
			continue
		}
		if c == cMost && in.next(l) != nil && in.next(l).is(cNumber) {
			continue // "mais 10" is not a ranking
		}
		in.use(l, c)
		in.rankWord = l
		in.rank = semantic.Descending
		if c == cBottom || c == cLeast {
			in.rank = semantic.Ascending
		}
		break
	}
	// "do maior pro menor", "biggest first": the order of a ranking, or a ranking by itself
	for _, c := range []concept{cOrderDesc, cOrderAsc} {
		if l := in.find(c); l != nil {
			in.use(l, c)
			if in.rankWord == nil {
				in.rankWord, in.sortAll = l, true
			}
			in.rank = semantic.Descending
			if c == cOrderAsc {
				in.rank = semantic.Ascending
			}
		}
	}
	if in.rankWord == nil {
		return
	}
	// "top 5 produtos mais resgatados": the other ranking words say the same
	for _, c := range []concept{cTop, cMost} {
		if in.rank == semantic.Descending {
			in.takeAll(c)
		}
	}
	if in.rank == semantic.Ascending {
		in.takeAll(cLeast)
		in.takeAll(cBottom)
	}
	if in.limit == 0 {
		// The number right before or after the ranking word, or before the ranked noun.
		for _, cand := range []*lexeme{in.next(in.rankWord), in.prev(in.rankWord)} {
			if cand != nil && !cand.used && cand.is(cNumber) && cand.num() >= 1 && cand.num() == float64(int(cand.num())) {
				in.use(cand, cTop)
				in.limit = int(cand.num())
				break
			}
		}
	}
	if in.limit == 0 {
		for i, l := range in.q.lex {
			if !l.used && l.is(cNumber) && i+1 < len(in.q.lex) && isRankable(in.q.lex[i+1]) && l.num() >= 1 && l.num() < 10000 && l.num() == float64(int(l.num())) {
				in.use(l, cTop)
				in.limit = int(l.num())
				break
			}
		}
	}
	if in.limit > maxLimit {
		in.limit = maxLimit
	}
	// "top 5 lojas por faturamento": "por" names what ranks them, not a breakdown.
	for _, l := range in.q.lex {
		if l.used || !l.is(cBy) {
			continue
		}
		n := in.next(l)
		if n != nil && !n.used && (n.is(cTotal) || n.is(cAll)) && in.next(n) != nil && isMeasureWord(in.next(n)) {
			in.use(n, cTotal) // "top 5 members by total spend"
			n = in.next(n)
		}
		if n != nil && !n.used && isMeasureWord(n) {
			in.use(l, cBy)
		}
	}
}

func isMeasureWord(l *lexeme) bool {
	for _, c := range []concept{cRevenue, cBalance, cSale, cPoints, cTicket, cSpend, cValue, cRedemption, cRedeem, cEarn, cCount, cAvg, cBuy, cSell} {
		if l.is(c) {
			return true
		}
	}
	return false
}

// hasRankable: the question names something that can be ranked (stores, customers, ...).
func (in *interp) hasRankable() bool {
	for _, l := range in.q.lex {
		if !l.used && (l.is(cCustomer) || l.is(cStore) || l.is(cProduct) || l.is(cDim) || l.is(cBuyer) || l.is(cWho) || l.is(cPromotion)) {
			return true
		}
	}
	return false
}

const (
	maxLimit     = 1000
	defaultLimit = 10
)

func isRankable(l *lexeme) bool {
	return l.is(cCustomer) || l.is(cStore) || l.is(cProduct) || l.is(cDim) || l.is(cSale) || l.is(cBuyer) || l.is(cPromotion) || l.is(cMost) || l.is(cTop)
}

// passiveParticiple: the verbs whose "por"/"by" names who did it.
var passiveParticiple = map[string]bool{"feitas": true, "feitos": true, "feita": true, "feito": true, "realizadas": true, "realizados": true,
	"realizada": true, "realizado": true, "made": true, "done": true, "placed": true, "geradas": true, "gerados": true}
