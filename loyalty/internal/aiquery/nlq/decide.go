package nlq

import (
	"errors"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// decide chooses what the report computes (the measure, or a list of rows) from the
// entity, verb and aggregation words of the question. It runs after the breakdowns,
// rankings and named values have taken their words.
func (in *interp) decide() *Refusal {
	if in.has(cRate) && !in.has(cGrowth) {
		return in.decideRate()
	}
	if w := in.find(cWhen); w != nil {
		return in.decideWhen(w)
	}
	subject := in.rankSubject()
	if r := in.chooseMeasure(subject); r != nil {
		return r
	}
	if in.hasPending("store") && in.req.Fact != semantic.Stores {
		// "faturamento das lojas de SP": the stores are named by the filter; "quais lojas
		// de SP ... quanto faturaram": one row per store
		for _, l := range in.q.lex {
			if !l.used && l.is(cStore) && isPluralNoun(l) {
				in.use(l, cStore)
				if p := in.prev(l); p != nil && p.is(cWhich) && !containsStr(in.dims, "store") && len(in.req.Measures) > 0 {
					in.dims = append(in.dims, "store")
				}
			}
		}
	}
	if subject != "" && !in.shapeList && len(in.req.Measures) > 0 && !containsStr(in.dims, subject) {
		in.dims = append([]string{subject}, in.dims...)
	}
	return nil
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// rankSubject: with a ranking ("mais", "top", "maior"), the first thing named that can be
// ranked is what is ranked ("loja com mais clientes" ranks stores by customers).
func (in *interp) rankSubject() string {
	if in.rankWord == nil && !in.has(cMax) && !in.has(cMin) {
		return ""
	}
	for _, l := range in.q.lex {
		if l.used {
			continue
		}
		id := ""
		switch {
		case l.is(cWho):
			id = "customer"
		case l.is(cCustomer), l.is(cBuyer):
			id = "customer"
		case l.is(cStore):
			id = "store"
		case l.is(cProduct):
			id = "product"
		case l.is(cDim):
			id = l.arg(cDim)
		case l.is(cUnit) && !l.is(cDim):
			continue
		}
		if id == "" {
			continue
		}
		if l.is(cWho) {
			// "quem foram os 3 maiores compradores": the noun says what is ranked
			for _, m := range in.q.lex {
				if !m.used && m != l && (m.is(cBuyer) || m.is(cCustomer)) {
					in.use(l, cWho)
					l = m
					break
				}
			}
		}
		// "clientes com mais pontos" ranks customers; "clientes com mais compras" too; but in
		// "pontos dos clientes" nothing is ranked.
		if in.rankWord == nil {
			// only "maior"/"menor": a subject needs "qual/quem/which" or a plural noun
			mx := in.find(cMax)
			if mx == nil {
				mx = in.find(cMin)
			}
			if !in.has(cWhich) && !l.is(cWho) && !isPluralNoun(l) && !in.subjectBeforeMax(l, mx) {
				return ""
			}
			in.rankWord = in.use(mx, mx.senses[0].c)
			in.rank = semantic.Descending
			if mx.is(cMin) {
				in.rank = semantic.Ascending
			}
			// "the 5 customers with the highest balance"
			if p := in.prev(l); in.limit == 0 && p != nil && !p.used && p.is(cNumber) && p.num() >= 1 && p.num() <= maxLimit && p.num() == float64(int(p.num())) {
				in.use(p, cTop)
				in.limit = int(p.num())
			}
		}
		in.use(l, cDim)
		in.subjectLex = l
		if l.is(cWho) || singularNoun(l) || (in.mentions(cWhich) && in.whichOne()) {
			in.singular = true
		}
		return id
	}
	return ""
}

func (in *interp) subjectBeforeMax(l, mx *lexeme) bool {
	return mx != nil && in.index(l) < in.index(mx)
}

func (in *interp) whichOne() bool {
	for _, l := range in.q.lex {
		if l.is(cWhich) && l.arg(cWhich) == "one" {
			return true
		}
	}
	return false
}

var singulars = map[string]bool{"cliente": true, "customer": true, "client": true, "loja": true, "store": true, "filial": true, "unidade": true, "shop": true, "branch": true, "produto": true, "product": true, "premio": true, "reward": true, "item": true, "dia": true, "day": true, "mes": true, "month": true, "semana": true, "week": true, "ano": true, "year": true, "hora": true, "hour": true, "horario": true, "trimestre": true, "quarter": true, "forma de pagamento": true, "payment method": true, "payment type": true, "meio de pagamento": true, "tipo de pagamento": true, "origem": true, "origin": true, "canal": true, "channel": true, "dia da semana": true, "weekday": true, "day of the week": true, "comprador": true, "buyer": true, "pagamento": true, "payment": true, "cidade": true, "city": true, "estado": true, "state": true, "location": true, "outlet": true, "franchise": true, "franquia": true, "pdv": true, "ponto de venda": true, "member": true, "membro": true, "person": true, "pessoa": true, "time": true, "date": true, "data": true, "consumer": true, "consumidor": true, "spender": true, "purchaser": true, "promocao": true, "promotion": true, "campanha": true, "campaign": true, "gift": true, "brinde": true, "recompensa": true, "prize": true}

func singularNoun(l *lexeme) bool {
	var words []string
	for _, t := range l.toks {
		words = append(words, t.norm)
	}
	// "hour of the day", "hora do dia", "dia da semana": the first word is the noun
	return singulars[joinWords(words)] || (len(words) > 1 && singulars[words[0]] && words[0] != "forma" && words[0] != "tipo")
}

func isPluralNoun(l *lexeme) bool { return !singularNoun(l) && !l.is(cWho) }

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

// setMeasure makes m the report's measure (and its fact the report's fact).
func (in *interp) setMeasure(ms ...*semantic.Measure) {
	in.req.Fact = ms[0].Fact
	in.req.Measures = append(in.req.Measures[:0], ms...)
}

// wantsList: the question asks for rows (who, which, list, names, e-mails), not a number.
func (in *interp) wantsList() bool {
	if in.has(cCount) || in.has(cHowMuch) || in.has(cAvg) || in.has(cRate) || in.has(cTotal) || len(in.dims) > 0 {
		return false // "mostre as vendas por loja" is a breakdown, not a list
	}
	return in.has(cList) || in.has(cWho) || in.has(cAttr) || in.whichEntity()
}

// whichEntity: "quais clientes", "which stores" ask for rows; a bare "what" does not.
func (in *interp) whichEntity() bool {
	for _, l := range in.q.lex {
		if l.used || !l.is(cWhich) || l.arg(cWhich) == "one" {
			continue
		}
		for _, c := range []concept{cCustomer, cStore, cProduct, cPromotion, cBuyer} {
			if in.after(l, c, 2) != nil {
				return true
			}
		}
	}
	return false
}

// chooseMeasure picks the measure from the remaining words.
func (in *interp) chooseMeasure(subject string) *Refusal {
	avg := in.find(cAvg)
	if avg != nil && in.has(cSpend) && !in.has(cSale) && !in.has(cTicket) && in.perCust == nil && subject == "" &&
		(in.has(cCustomer) || in.has(cFemale) || in.has(cMale) || in.has(cBuyer)) {
		// "average spend of women", "gasto médio dos clientes": per customer who bought
		in.perBuyer = true
	}
	switch {
	case in.has(cTicket) || (avg != nil && in.salesValueContext() && in.perCust == nil && !in.perBuyer):
		in.take(cTicket)
		in.use(avg, cAvg)
		in.takeAll(cValue)
		for _, l := range in.q.lex {
			if !l.used && l.is(cBy) {
				if n := in.next(l); n != nil && n.is(cSale) && !n.used {
					in.use(l, cBy) // "faturamento médio por venda"
				}
			}
		}
		in.salesContext()
		in.setMeasure(semantic.AverageTicket)
	case in.has(cAge) && avg != nil:
		in.take(cAge)
		in.use(avg, cAvg)
		in.customerContext()
		in.setMeasure(semantic.AverageAge)
		return nil
	case (in.has(cCost) || (in.hasPending("product") && in.has(cPoints) && !in.has(cRedeem) && !in.has(cRedemption))) && !in.countsProducts():
		// "quantos pontos custa a caneca": the product's price in points
		in.takeAll(cCost)
		in.takeAll(cPoints)
		in.take(cHowMuch)
		in.take(cProduct)
		in.req.Fact = semantic.Products
		in.shapeList = true
		in.attrs = append(in.attrs, semantic.ProductNameAttr, semantic.ProductPointsAttr)
		return nil
	case in.has(cBalance) || (in.has(cPoints) && (in.has(cCustomer) || in.has(cWho) || subject == "customer" || in.hasCustomerValue() || in.perCust != nil) && !in.hasPointsVerb()):
		return in.decideBalance(subject)
	case in.hasPointsVerb() || in.has(cReversal) || (in.has(cEntry) && !in.salesWords()):
		return in.decidePoints(subject)
	case in.has(cRedemption) || in.has(cRedeem):
		return in.decideRedemptions(subject)
	case in.salesWords():
		return in.decideSales(subject)
	case subject == "customer" && in.rankWord != nil && !in.has(cCustomer) && !in.has(cSignup) && !in.customerFilterWords():
		// "who is our best customer": by what they spent
		in.setMeasure(semantic.Revenue)
	case timeDims[subject] && in.rankWord != nil:
		// "busiest day last week", "peak hour": by the number of sales
		in.setMeasure(semantic.SalesCount)
	case in.has(cCustomer) || in.has(cWho) || in.has(cBirthday) || subject == "customer" || in.impliedCustomers ||
		((in.customerFilterWords() || in.has(cSignup)) && !in.has(cProduct) && !in.has(cStore) && !in.has(cPromotion)):
		return in.decideCustomers(subject)
	case subject == "product" && in.rankWord != nil && !in.has(cMax) && !in.has(cMin):
		// "produto mais popular", "most popular reward": the most redeemed
		in.takeAll(cUse)
		in.setMeasure(semantic.ItemsRedeemed)
	case subject == "store" && in.rankWord != nil:
		// "melhor loja", "best performing store", "store that made the most money": by revenue
		in.takeAll(cValue)
		in.setMeasure(semantic.Revenue)
	case in.has(cProduct) || subject == "product" || in.has(cAddOn):
		in.take(cProduct)
		return in.entityCountOrList(semantic.ProductCount, subject)
	case in.has(cStore) || subject == "store":
		in.take(cStore)
		return in.entityCountOrList(semantic.StoreCount, subject)
	case in.has(cPromotion):
		in.take(cPromotion)
		return in.entityCountOrList(semantic.PromotionCount, subject)
	case subject == "payment_type" || subject == "origin" && in.salesWords():
		// "forma de pagamento mais usada": the number of sales
		in.takeAll(cUse)
		in.take(cCount)
		in.salesContext()
		in.setMeasure(semantic.SalesCount)
	case in.has(cCancel) && !in.has(cPoints) && !in.has(cEntry):
		// "cancelamentos do mês passado": cancelled sales, counted
		in.take(cCount)
		in.setMeasure(semantic.SalesCount)
	case in.has(cPoints):
		return in.refuseWith(semantic.T("\"pontos\" sozinho é ambíguo: pontos creditados (ganhos), debitados, resgatados ou o saldo dos clientes?",
			"\"points\" alone is ambiguous: points credited (earned), debited, redeemed, or the customers' balance?"))
	}
	if in.req.Fact == nil {
		return in.refuseWith(semantic.T("não encontrei o que medir (clientes, vendas, faturamento, pontos, resgates, produtos, lojas ou promoções)",
			"I did not find what to measure (customers, sales, revenue, points, redemptions, products, stores or promotions)"))
	}
	return in.applyAverage(avg, subject)
}

// salesValueContext: an average of a money value of sales ("valor médio das compras",
// "average spend", "média de gasto").
func (in *interp) salesValueContext() bool {
	if in.has(cValue) && (in.has(cSale) || in.has(cBuy) || in.has(cSpend) || in.has(cSell)) {
		return true
	}
	return in.has(cSpend) || (in.has(cRevenue) && in.has(cSale))
}

func (in *interp) hasPointsVerb() bool {
	if e := in.find(cEarn); e != nil && (in.has(cPoints) || (!in.salesWords() && !in.has(cCustomer))) && !(e.is(cPayVal) && in.salesWords()) {
		return true
	}
	if d := in.find(cDebit); d != nil && !(d.is(cPayVal) && in.salesWords()) {
		return true
	}
	return in.has(cPoints) && (in.has(cRedeem) || in.has(cRedemption))
}

func (in *interp) hasCustomerValue() bool {
	for _, p := range in.pending {
		if p.what == "customer" {
			return true
		}
	}
	return false
}

func (in *interp) salesWords() bool {
	return in.subjectIsBuyer() || in.has(cSale) || (in.has(cValue) && (in.has(cCancel) || in.has(cPayVal))) || in.has(cRevenue) || in.has(cBuy) || in.has(cSpend) || in.has(cSell) || in.has(cBuyer) || in.has(cTicket) || in.hasPending("sale") ||
		(in.has(cPaid) && in.has(cPayVal)) // "clientes que pagaram com pix": sales by payment
}

func (in *interp) hasPending(what string) bool {
	for _, p := range in.pending {
		if p.what == what {
			return true
		}
	}
	return false
}

// customerFilterWords: words that only describe customers ("aceitam WhatsApp", "mulheres").
func (in *interp) customerFilterWords() bool {
	return in.has(cChannel) || in.has(cAccept) || in.has(cRefuse) || in.has(cFemale) || in.has(cMale) || (in.has(cApp) && in.has(cUse)) || in.has(cOrigVal) || in.hasPending("points") || in.hasPending("customer") || in.hasPending("customer_activity")
}

// salesContext takes the words that only restate that the report is about sales.
func (in *interp) salesContext() {
	if !in.has(cPoints) {
		in.takeAll(cEntry) // "movimento de vendas"
		for e := in.find(cEarn); e != nil && !e.is(cPayVal); e = in.find(cEarn) {
			in.use(e, cEarn) // "cupons emitidos"
		}
	}
	for _, c := range []concept{cSale, cBuy, cSpend, cSell, cRevenue} {
		for {
			l := in.find(c)
			if l == nil || (c == cBuy && in.negated(l)) {
				break
			}
			in.use(l, c)
		}
	}
	in.customerContext()
}

// customerContext: "os clientes" in "quanto os clientes gastaram" restates whose sales.
func (in *interp) customerContext() {
	for _, l := range in.q.lex {
		if !l.used && (l.is(cCustomer) || l.is(cBuyer)) && isPluralNoun(l) && !in.isDimSubject(l) {
			in.use(l, cCustomer)
		}
	}
}

func (in *interp) isDimSubject(*lexeme) bool { return false }

// negated: a negation or "nunca" right before l.
func (in *interp) negated(l *lexeme) bool {
	return in.before(l, cNeg, 2) != nil || in.before(l, cNever, 2) != nil
}

// subjectIsBuyer: "top spenders", "maiores compradores" rank customers by what they spent.
func (in *interp) subjectIsBuyer() bool {
	return in.subjectLex != nil && (in.subjectLex.is(cBuyer) || in.subjectLex.is(cSpend))
}

func (in *interp) decideSales(subject string) *Refusal {
	avg := in.find(cAvg)
	if in.hasPending("customer_activity") && (in.has(cCustomer) || in.has(cWho) || in.has(cBuyer)) {
		return in.decideCustomers(subject)
	}
	// Customers who did not buy are customers, not sales.
	if b := in.find(cBuy); b != nil && in.negated(b) {
		return in.decideCustomers(subject)
	}
	if s := in.find(cSale); s != nil && in.negated(s) && (in.has(cCustomer) || in.has(cWho)) {
		return in.decideCustomers(subject)
	}
	if in.has(cNever) && (in.has(cCustomer) || in.has(cWho)) {
		return in.decideCustomers(subject)
	}
	revenue := in.subjectIsBuyer() || in.has(cRevenue) || in.has(cSpend) || (in.has(cValue) && (in.has(cPaid) || in.has(cCancel) || in.has(cPayVal))) || (in.has(cValue) && (in.has(cSale) || in.has(cBuy) || in.has(cSell))) ||
		(in.has(cHowMuch) && (in.has(cSell) || in.has(cBuy) || in.has(cPaid) || (in.has(cSale) && !in.has(cCount)))) || (in.has(cSell) && !in.has(cSale) && !in.has(cCount))
	people := in.has(cCustomer) || in.has(cWho) || in.has(cFemale) || in.has(cMale) || in.usersNoun() || in.countOfBuyers()
	buyerWords := in.has(cBuyer) || (people && (in.has(cBuy) || in.has(cSale) || (in.has(cPaid) && in.has(cPayVal))) && !in.salesOfCustomers())
	switch {
	case subject != "" && !revenue && in.has(cSale) && in.rankWord != nil && (in.rankWord.is(cMost) || in.rankWord.is(cLeast) || in.rankWord.is(cMax) || in.rankWord.is(cMin)):
		// "loja com mais vendas", "dia com menos compras": the number of sales
		in.take(cCount)
		in.salesContext()
		in.setMeasure(semantic.SalesCount)
	case subject != "" && !in.has(cRevenue) && !in.has(cSpend) && !in.has(cValue) && in.rankByFrequency():
		// "cliente que comprou mais vezes", "who bought the most times": the number of sales
		in.takeAll(cTimes)
		in.take(cCount)
		in.salesContext()
		in.setMeasure(semantic.SalesCount)
	case subject != "" && (revenue || in.has(cBuy) || in.has(cSell)):
		in.take(cHowMuch)
		in.salesContext()
		in.takeAll(cValue)
		in.setMeasure(semantic.Revenue)
	case subject != "" && in.has(cSale):
		in.take(cCount)
		in.salesContext()
		in.setMeasure(semantic.SalesCount)
	case subject == "" && (in.has(cMax) || in.has(cMin)) && (in.has(cSale) || in.has(cValue)) && !in.has(cRevenue):
		ext := semantic.LargestSale
		if l := in.find(cMax); l != nil {
			in.use(l, cMax)
		} else {
			in.take(cMin)
			ext = semantic.SmallestSale
		}
		in.takeAll(cValue)
		in.salesContext()
		in.setMeasure(ext)
	case revenue && !(buyerWords && in.has(cCount) && !in.has(cRevenue) && !in.has(cValue)):
		in.take(cHowMuch)
		in.takeAll(cValue)
		in.salesContext()
		in.setMeasure(semantic.Revenue)
	case avg != nil && in.has(cSale) && people && !revenue && in.perCust == nil && subject == "":
		// "how many purchases did customers make on average": purchases per buyer
		in.take(cCount)
		in.salesContext()
		in.perBuyer = true
		in.setMeasure(semantic.SalesCount)
	case buyerWords && in.perCust == nil:
		if in.wantsList() {
			return in.decideCustomers(subject)
		}
		in.take(cBuyer)
		if l := in.find(cCustomer); l != nil {
			in.use(l, cCustomer)
		} else {
			in.take(cWho)
		}
		in.take(cCount)
		in.salesContext()
		in.setMeasure(semantic.Buyers)
	case in.has(cBuy) && in.has(cCount) && !in.has(cSale):
		// "quantas vezes a Fernanda comprou": the number of purchases
		in.take(cCount)
		in.salesContext()
		in.setMeasure(semantic.SalesCount)
	case in.has(cSale):
		if in.wantsList() && in.perCust == nil && avg == nil {
			in.salesContext()
			in.req.Fact = semantic.Sales
			in.shapeList = true
			return nil
		}
		count := in.take(cCount)
		in.salesContext()
		if count != nil || avg != nil || in.perCust != nil {
			in.setMeasure(semantic.SalesCount)
		} else {
			// "vendas" alone: how many and how much
			in.setMeasure(semantic.SalesCount, semantic.Revenue)
		}
	default:
		return in.refuseWith(semantic.T("não ficou claro o que medir nas vendas: número de vendas, faturamento ou ticket médio?",
			"it is not clear what to measure in sales: number of sales, revenue or average ticket?"))
	}
	in.secondSalesMeasure()
	return in.applyAverage(avg, subject)
}

// usersNoun: "usuários do app", "app users" are customers.
func (in *interp) usersNoun() bool {
	for _, l := range in.q.lex {
		if l.used || !l.is(cUse) {
			continue
		}
		switch fold(l.text()) {
		case "user", "users", "usuario", "usuarios", "usuaria", "usuarias":
			return true
		}
	}
	return false
}

// countOfBuyers: "quantos compraram este mês", "how many bought": people, not purchases
// (but "quantas vezes a Fernanda comprou" counts her purchases).
func (in *interp) countOfBuyers() bool {
	c := in.find(cCount)
	if c == nil || !in.has(cBuy) || in.has(cSale) || in.hasCustomerValue() || in.has(cTimes) {
		return false
	}
	t := fold(c.text())
	return !strings.Contains(t, "vez") && !strings.Contains(t, "time")
}

// secondSalesMeasure: "faturamento e número de vendas", "quantos clientes e quantas
// vendas": a count word right before a sales noun asks for the number of sales too.
func (in *interp) secondSalesMeasure() {
	if len(in.req.Measures) != 1 || in.req.Fact != semantic.Sales || in.req.Measures[0] == semantic.SalesCount {
		return
	}
	for _, l := range in.q.lex {
		if !l.is(cSale) || l.is(cBuy) {
			continue
		}
		if p := in.prev(l); p != nil && p.is(cCount) && !p.used {
			in.use(p, cCount)
			in.req.Measures = append(in.req.Measures, semantic.SalesCount)
			return
		}
	}
}

// applyAverage turns an additive measure into its average when the question says "média":
// per customer with "por cliente", else per row.
func (in *interp) applyAverage(avg *lexeme, subject string) *Refusal {
	if in.perBuyer && len(in.req.Measures) == 1 {
		pc, err := semantic.PerCustomer(in.req.Measures[0])
		if err != nil {
			return in.refuseWith(semantic.T("não sei calcular "+in.req.Measures[0].Name.PT+" por comprador", "I cannot compute "+in.req.Measures[0].Name.EN+" per buyer"))
		}
		in.use(avg, cAvg)
		in.setMeasure(pc)
		return nil
	}
	if avg == nil && in.perCust != nil && len(in.req.Measures) == 1 && in.rankWord == nil && in.limit == 0 {
		// "revenue per customer by month": in English "per customer" after a total is a
		// ratio (a KPI); "faturamento por cliente" stays a breakdown
		if by := in.prev(in.perCust); by != nil && by.toks[0].norm == "per" && len(by.toks) == 1 {
			if pc, err := semantic.PerCustomer(in.req.Measures[0]); err == nil {
				in.setMeasure(pc)
				in.dropDim("customer")
				in.perCust = nil
				return nil
			}
		}
	}
	if avg == nil || avg.used || len(in.req.Measures) == 0 {
		if in.perCust != nil && avg == nil {
			in.perCust = nil // a plain breakdown by customer
		}
		return nil
	}
	m := in.req.Measures[0]
	in.use(avg, cAvg)
	if in.perCust != nil {
		pc, err := semantic.PerCustomer(m)
		if err != nil {
			if m == semantic.BalanceTotal {
				in.setMeasure(semantic.BalanceAverage)
				in.dropDim("customer")
				return nil
			}
			return in.refuseWith(semantic.T("não sei calcular a média de "+m.Name.PT+" por cliente", "I cannot average "+m.Name.EN+" per customer"))
		}
		in.setMeasure(pc)
		in.dropDim("customer")
		return nil
	}
	// "média de pontos por resgate", "average per sale": per row of the fact itself
	perRow := false
	for _, l := range in.q.lex {
		if !l.used && l.is(cBy) {
			if n := in.next(l); n != nil && n.is(rowNoun[m.Fact]) {
				in.use(l, cBy)
				in.use(n, rowNoun[m.Fact])
				perRow = true
			}
		}
	}
	timeDim := false
	for _, d := range in.dims {
		timeDim = timeDim || timeDims[d]
	}
	a, err := semantic.AverageOf(m)
	if err == nil && !perRow && (timeDim || (m == semantic.Revenue && !in.mentions(cSale))) {
		// "faturamento médio por dia": the average of daily totals, not of sales; and
		// "faturamento médio" alone says neither per what
		err = errAmbiguousAverage
	}
	if err != nil {
		return in.refuseWith(semantic.T("\"média\" de "+m.Name.PT+" é ambígua (por dia? por cliente? por loja?); diga \"por cliente\" ou peça o total",
			"an \"average\" of "+m.Name.EN+" is ambiguous (per day? per customer? per store?); say \"per customer\" or ask for the total"))
	}
	in.setMeasure(a)
	return nil
}

func (in *interp) dropDim(id string) {
	for i, d := range in.dims {
		if d == id {
			in.dims = append(in.dims[:i], in.dims[i+1:]...)
			return
		}
	}
}

func (in *interp) decideBalance(subject string) *Refusal {
	bal := in.take(cBalance)
	if bal == nil {
		in.take(cPoints)
	}
	in.takeAll(cBalance)
	in.takeAll(cPoints)
	in.take(cTotal)
	avg := in.find(cAvg)
	mx := in.find(cMax)
	mn := in.find(cMin)
	switch {
	case in.hasCustomerValue() || in.has(cAttr) || (in.wantsList() && subject == ""):
		// "saldo do cliente com CPF ...": the customer's balance
		in.take(cCustomer)
		in.take(cWho)
		in.req.Fact = semantic.Customers
		in.shapeList = true
		in.attrs = append(in.attrs, semantic.CustomerNameAttr, semantic.CustomerBalanceAttr)
	case subject == "customer" || ((in.rankWord != nil || mx != nil || mn != nil) && (in.has(cCustomer) || in.has(cWho))) || (in.rankWord != nil && subject == ""):
		// "top 10 clientes por saldo", "cliente com maior saldo"
		in.take(cCustomer)
		in.take(cWho)
		if in.rankWord == nil {
			if mx != nil {
				in.rankWord, in.rank = in.use(mx, cMax), semantic.Descending
			} else {
				in.rankWord, in.rank = in.use(mn, cMin), semantic.Ascending
			}
		}
		in.req.Fact = semantic.Customers
		in.shapeList = true
		in.attrs = append(in.attrs, semantic.CustomerNameAttr, semantic.CustomerDocAttr, semantic.CustomerBalanceAttr)
		in.req.SortBy = semantic.CustomerBalanceAttr
	case avg != nil:
		in.use(avg, cAvg)
		in.customerContext()
		in.setMeasure(semantic.BalanceAverage)
		if in.perCust != nil {
			in.dropDim("customer") // "média de pontos por cliente"
		}
	case mx != nil && subject == "":
		in.use(mx, cMax)
		in.customerContext()
		in.setMeasure(semantic.BalanceMax)
	case subject != "" && subject != "customer":
		in.customerContext()
		in.setMeasure(semantic.BalanceTotal)
	default:
		in.customerContext()
		in.take(cHowMuch)
		in.setMeasure(semantic.BalanceTotal)
	}
	if avg != nil && !avg.used && in.perCust != nil {
		in.use(avg, cAvg)
		in.setMeasure(semantic.BalanceAverage)
		in.dropDim("customer")
	}
	return nil
}

func (in *interp) decidePoints(subject string) *Refusal {
	avg := in.find(cAvg)
	if avg == nil && in.has(cPoints) {
		if ms := in.pointFlows(); len(ms) > 1 {
			in.takeAll(cPoints)
			in.takeAll(cEntry)
			in.take(cHowMuch)
			in.take(cCount)
			in.takeAll(cCompare) // "creditados vs resgatados": side by side
			in.customerContext()
			in.req.Fact = ms[0].Fact
			in.req.Measures = ms
			return nil
		}
	}
	var m *semantic.Measure
	switch {
	case in.has(cReversal):
		in.take(cReversal)
		m = semantic.Reversals
		if in.has(cPoints) {
			m = semantic.PointsReversed
		}
	case in.has(cEarn) && !(in.find(cEarn).is(cPayVal) && in.has(cSale)):
		earn := in.find(cEarn)
		in.use(earn, cEarn)
		in.takeAll(cEntry)
		m = semantic.PointsCredited
		if in.has(cCount) && (!in.has(cPoints) || entryNoun(earn)) {
			m = semantic.CreditCount // "quantos créditos", "how many points credits": entries, not points
			in.take(cPoints)
		}
		if c := in.find(cCount); c != nil && subject == "" && in.next(c) != nil && (in.next(c).is(cCustomer) || in.next(c).is(cWho)) {
			// "quantos clientes ganharam pontos": people, not points
			in.take(cCustomer)
			in.take(cWho)
			m = semantic.Earners
		}
	case in.has(cDebit):
		debit := in.take(cDebit)
		in.takeAll(cEntry) // "debit entries"
		m = semantic.PointsDebited
		if in.has(cCount) && (!in.has(cPoints) || entryNoun(debit)) {
			m = semantic.DebitCount // "quantos débitos manuais tivemos"
			in.take(cPoints)
		}
	case in.has(cRedeem) || in.has(cRedemption):
		return in.decideRedemptions(subject)
	case in.has(cEntry):
		in.take(cEntry)
		if in.hasCustomerValue() && !in.has(cCount) {
			// "extrato de pontos do cliente ...": the customer's entries
			in.takeAll(cPoints)
			in.customerContext()
			in.req.Fact = semantic.Points
			in.shapeList = true
			return nil
		}
		m = semantic.EntryCount
	}
	in.takeAll(cPoints)
	in.take(cHowMuch)
	in.take(cCount)
	in.customerContext()
	if subject == "customer" && in.has(cWho) {
		in.take(cWho)
	}
	if m == nil {
		return in.refuseWith(semantic.T("não ficou claro que pontos medir", "it is not clear which points to measure"))
	}
	in.setMeasure(m)
	return in.applyAverage(avg, subject)
}

// pointFlows: "pontos creditados, debitados e resgatados", "points issued vs redeemed":
// each points flow named, in the order named, as columns of one report. The words are
// taken only when there is more than one flow.
func (in *interp) pointFlows() []*semantic.Measure {
	type flow struct {
		l *lexeme
		c concept
		m *semantic.Measure
	}
	var flows []flow
	seen := map[*semantic.Measure]bool{}
	for _, l := range in.q.lex {
		if l.used {
			continue
		}
		var f flow
		switch {
		case l.is(cEarn) && !l.is(cPayVal):
			f = flow{l, cEarn, semantic.PointsCredited}
		case l.is(cDebit) && !l.is(cPayVal):
			f = flow{l, cDebit, semantic.PointsDebited}
		case l.is(cRedeem):
			f = flow{l, cRedeem, semantic.PointsRedeemed}
		case l.is(cRedemption):
			f = flow{l, cRedemption, semantic.PointsRedeemed}
		case l.is(cReversal):
			f = flow{l, cReversal, semantic.PointsReversed}
		default:
			continue
		}
		if in.negated(l) {
			return nil
		}
		if !seen[f.m] {
			seen[f.m] = true
			flows = append(flows, f)
		}
	}
	if len(flows) < 2 {
		return nil
	}
	var ms []*semantic.Measure
	for _, f := range flows {
		ms = append(ms, f.m)
	}
	for _, l := range in.q.lex {
		if l.used {
			continue
		}
		for _, f := range flows {
			if l.is(f.c) && (f.c != cEarn || !l.is(cPayVal)) {
				in.use(l, f.c)
				break
			}
		}
	}
	return ms
}

func (in *interp) decideRedemptions(subject string) *Refusal {
	if in.has(cNever) && in.has(cProduct) && !in.has(cCustomer) && !in.has(cWho) {
		// "produtos nunca resgatados": products, not redemptions
		in.take(cProduct)
		return in.entityCountOrList(semantic.ProductCount, subject)
	}
	avg := in.find(cAvg)
	points := in.has(cPoints)
	// A product named, ranked or broken down by is about products; "resgataram algum
	// prêmio" is about customers who redeemed.
	product := subject == "product" || in.hasPending("product") || containsStr(in.dims, "product") ||
		(in.has(cProduct) && !in.has(cCustomer) && !in.has(cWho))
	noun := false // "resgates" named as a thing (not only "resgatados")
	for _, l := range in.q.lex {
		if !l.used && l.is(cRedemption) && !l.is(cRedeem) {
			noun = true
		}
	}
	if subject == "" && !points && !product && (in.has(cCustomer) || in.has(cWho)) && (in.wantsList() || in.negatedRedeem() || in.hasPending("customer_activity")) {
		in.takeAll(cProduct) // "nunca resgataram nenhum prêmio"
		return in.decideCustomers(subject)
	}
	in.take(cRedemption)
	in.takeAll(cRedeem)
	in.takeAll(cRedemption)
	switch {
	case product && !points:
		if l := in.find(cProduct); l != nil {
			in.use(l, cProduct)
			p := in.prev(l)
			if p != nil && p.is(cDistinct) {
				p = in.prev(p) // "how many distinct products"
			}
			counted := p != nil && (p.is(cCount) || p.is(cHowMuch))
			if subject == "" && !in.hasPending("product") && !counted {
				in.dims = append(in.dims, "product")
				if in.rankWord == nil {
					in.rank = semantic.Descending
				}
			}
		}
		in.take(cCount)
		in.take(cHowMuch)
		if d := in.find(cDistinct); d != nil && len(in.dims) == 0 && subject == "" {
			// "how many distinct products were redeemed": products, not items
			in.use(d, cDistinct)
			in.setMeasure(semantic.ProductsRedeemed)
			break
		}
		in.setMeasure(semantic.ItemsRedeemed)
	case points:
		in.takeAll(cPoints)
		if avg != nil {
			in.takeAll(cValue) // "valor médio dos resgates em pontos"
		}
		in.takeAll(cSpend) // "pontos gastos em resgates"
		in.takeAll(cUse)
		in.take(cHowMuch)
		in.take(cCount)
		in.customerContext()
		in.take(cWho)
		if noun && subject == "" && avg == nil && len(in.dims) == 0 {
			// "resgates e pontos resgatados": how many and how many points
			in.setMeasure(semantic.RedemptionCount, semantic.PointsRedeemed)
		} else {
			in.setMeasure(semantic.PointsRedeemed)
		}
	case subject == "" && (in.has(cCustomer) || in.has(cWho)):
		in.takeAll(cProduct)
		in.take(cCustomer)
		in.take(cWho)
		in.take(cCount)
		in.setMeasure(semantic.Redeemers)
	default:
		in.take(cCount)
		in.take(cHowMuch)
		in.customerContext()
		in.take(cWho)
		in.setMeasure(semantic.RedemptionCount)
	}
	return in.applyAverage(avg, subject)
}

func (in *interp) negatedRedeem() bool {
	for _, l := range in.q.lex {
		if (l.is(cRedeem) || l.is(cRedemption)) && in.negated(l) {
			return true
		}
	}
	return in.has(cNever)
}

// decideCustomers: a count of customers, or a list of them.
func (in *interp) decideCustomers(subject string) *Refusal {
	if !in.has(cPoints) {
		// "quantos clientes cada loja ganhou", "customers we gained": new customers; but
		// "customers who earned" (points? purchases?) is not said, so stays unread
		for _, l := range in.q.lex {
			if !l.used && l.is(cEarn) {
				switch fold(l.text()) {
				case "ganhou", "ganhamos", "gained", "gain", "won", "acquired", "conquistou", "conquistamos", "captou", "captamos":
					in.use(l, cEarn)
				}
			}
		}
	}
	list := (in.wantsList() || (in.has(cBirthday) && !in.has(cCount))) && (subject == "" || subject == "customer")
	in.take(cCustomer)
	in.takeAll(cCustomer)
	in.take(cBuyer)
	in.takeAll(cSignup)
	in.takeAll(cNew)
	if subject == "customer" {
		// "quem mais ..." with nothing to rank by: a list
		subject = ""
	}
	in.take(cWho)
	if list {
		in.req.Fact = semantic.Customers
		in.shapeList = true
		return nil
	}
	in.take(cCount)
	in.setMeasure(semantic.CustomerCount)
	return nil
}

// entityCountOrList: products, stores, promotions are listed unless counted.
func (in *interp) entityCountOrList(count *semantic.Measure, subject string) *Refusal {
	in.takeAll(cSignup)
	in.takeAll(factNoun[count.Fact])
	if in.has(cCount) || in.has(cHowMuch) || len(in.dims) > 0 {
		// "quantas lojas", "lojas por estado"
		in.take(cCount)
		in.take(cHowMuch)
		in.setMeasure(count)
		return nil
	}
	in.req.Fact = count.Fact
	in.shapeList = true
	if count.Fact == semantic.Products {
		// "produto mais caro", "cheapest reward": the catalogue sorted by price in points
		if l := in.find(cPricey); l != nil {
			in.use(l, cPricey)
			in.rankWord, in.rank, in.singular = l, semantic.Descending, singularNoun(l) || in.whichOne() || in.productSingular()
		} else if l := in.find(cCheap); l != nil {
			in.use(l, cCheap)
			in.rankWord, in.rank, in.singular = l, semantic.Ascending, singularNoun(l) || in.whichOne() || in.productSingular()
		}
		if in.rankWord != nil {
			if in.singular && in.limit == 0 {
				in.req.Limit = 1
			}
			in.req.SortBy = semantic.ProductPointsAttr
			in.attrs = append(in.attrs, semantic.ProductNameAttr, semantic.ProductPointsAttr)
			in.takeAll(cPoints)
		}
	}
	return nil
}

// countsProducts: "quantos produtos custam ...", "how many reward products cost ...".
func (in *interp) countsProducts() bool {
	for _, l := range in.q.lex {
		if !l.used && l.is(cCount) {
			if n := in.next(l); n != nil && n.is(cProduct) {
				return true
			}
		}
	}
	return false
}

// productSingular: "o produto mais caro" (one) rather than "os produtos mais caros".
func (in *interp) productSingular() bool {
	for _, l := range in.q.lex {
		if l.is(cProduct) && singularNoun(l) {
			return true
		}
	}
	return false
}

var timeDims = map[string]bool{"day": true, "week": true, "month": true, "quarter": true, "year": true, "weekday": true, "hour": true}

var rowNoun = map[*semantic.Fact]concept{semantic.Redemptions: cRedemption, semantic.Sales: cSale, semantic.Points: cEntry}

var factNoun = map[*semantic.Fact]concept{semantic.Products: cProduct, semantic.Stores: cStore, semantic.Promotions: cPromotion}

// decideWhen: "quando a Ana se cadastrou", "when did Thiago last buy", "when is Bia's
// birthday": the date asked for, of the customer named. Any other "when" is refused.
func (in *interp) decideWhen(w *lexeme) *Refusal {
	var a *semantic.Attribute
	last := false
	for _, t := range in.q.toks {
		switch t.norm {
		case "last", "ultima", "ultimo", "ultimamente", "recently", "recentemente":
			last = true
		}
	}
	at := in.find(cAttr)
	switch {
	case !in.hasCustomerValue():
	case at != nil && (at.arg(cAttr) == "last_purchase" || at.arg(cAttr) == "created_at" || at.arg(cAttr) == "birth_date"):
		// "quando foi a última compra da Bia", "when did Carlos last buy"
		in.use(at, cAttr)
		a = map[string]*semantic.Attribute{"last_purchase": semantic.CustomerLastBuyAttr, "created_at": semantic.CustomerSignupAttr, "birth_date": semantic.CustomerBirthAttr}[at.arg(cAttr)]
	case in.has(cSignup):
		in.takeAll(cSignup)
		a = semantic.CustomerSignupAttr
	case in.has(cBirthday):
		in.takeAll(cBirthday)
		a = semantic.CustomerBirthAttr
	case (in.has(cBuy) || in.has(cSale)) && last:
		in.takeAll(cBuy)
		in.takeAll(cSale)
		a = semantic.CustomerLastBuyAttr
	}
	if a == nil {
		return in.refuseWith(semantic.T("\""+w.text()+"\": sei dizer a data de cadastro, de nascimento ou da última compra de um cliente nomeado",
			"\""+w.text()+"\": I can tell the sign-up date, birth date or last purchase date of a customer you name"))
	}
	in.use(w, cWhen)
	for _, t := range in.q.toks {
		switch t.norm {
		case "last", "ultima", "ultimo":
			t.used = true
		}
	}
	in.takeAll(cCustomer)
	in.req.Fact = semantic.Customers
	in.shapeList = true
	in.attrs = append(in.attrs, semantic.CustomerNameAttr, a)
	return nil
}

var errAmbiguousAverage = errors.New("ambiguous average")

// rankByFrequency: "mais vezes", "most often", "the most times" rank by how many times,
// not by how much.
func (in *interp) rankByFrequency() bool {
	if in.rankWord == nil {
		return false
	}
	for _, l := range in.q.lex {
		if !l.is(cMost) && !l.is(cLeast) && !l.is(cTop) {
			continue
		}
		t := fold(l.text())
		if strings.Contains(t, "vez") || strings.Contains(t, "often") || strings.Contains(t, "frequen") || strings.Contains(t, "times") {
			return true
		}
		if n := in.next(l); n != nil && !n.used && n.is(cTimes) {
			return true
		}
	}
	return false
}

// entryNoun: "créditos", "debits" name the entries themselves ("quantos débitos de pontos",
// "how many points credits"), where "creditados", "earned" qualify points.
func entryNoun(l *lexeme) bool {
	switch fold(l.text()) {
	case "credito", "creditos", "credit", "credits", "debito", "debitos", "debit", "debits", "deductions":
		return true
	}
	return false
}

// salesOfCustomers: in "vendas de clientes inativos", "sales from app users" the sales are
// counted and the customers qualify them; in "clientes com vendas" the customers are.
func (in *interp) salesOfCustomers() bool {
	for _, l := range in.q.lex {
		if l.used {
			continue
		}
		switch {
		case l.is(cCount) || l.is(cHowMuch):
			continue
		case l.is(cCustomer) || l.is(cWho) || l.is(cBuy):
			return false
		case l.is(cSale):
			n := in.next(l)
			return n != nil && !n.used && (n.is(cCustomer) || n.is(cActive) || n.is(cInactive) || n.is(cFemale) || n.is(cMale)) &&
				len(n.toks) > 0 && indexOf(in.q.toks, n.toks[0]) > 0 && ofWord[in.q.toks[indexOf(in.q.toks, n.toks[0])-1].norm]
		}
	}
	return false
}

var ofWord = map[string]bool{"de": true, "dos": true, "das": true, "do": true, "da": true, "from": true, "of": true, "by": true, "to": true, "para": true}
