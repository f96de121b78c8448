package nlq

import (
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

const cCityV concept = "cityval" // a city of the catalogue's stores

// pending filters found before the fact is known; applied (or refused) once it is.
type pendingFilter struct {
	f    *semantic.Filter
	what string // "customer", "store", "product", "sale", "balance", "promotion"
}

// values reads the things the question names: documents, e-mails, phones, quoted and
// capitalised names, store codes, catalogue stores and products, states, thresholds.
func (in *interp) values() (pending []pendingFilter, r *Refusal) {
	defer func() {
		if r == nil {
			r = in.unknownName
		}
	}()
	add := func(f *semantic.Filter, what string) { pending = append(pending, pendingFilter{f, what}) }
	// The label words of a value ("cliente com CPF 123", "e-mail ana@x.com", "the Batel
	// store", "spent by CPF ...") are part of it. attr is the attribute a label may name.
	label := func(l *lexeme, attr string, cs ...concept) {
		if n := in.next(l); n != nil && !n.used {
			for _, c := range cs {
				if c != cAttr && c != cBy && n.is(c) && !n.is(cBy) {
					in.use(n, c)
					break
				}
			}
		}
		for k := 0; k < 3; k++ {
			p := in.prev(l)
			if p == nil || p.used {
				return
			}
			ok := false
			for _, c := range append(cs, cBy) {
				if p.is(c) && (c != cAttr || p.arg(cAttr) == attr) {
					in.use(p, c)
					ok = true
					break
				}
			}
			if !ok {
				return
			}
			l = p
		}
	}
	for _, l := range in.q.lex {
		if l.used {
			continue
		}
		switch {
		case l.is(cDoc):
			in.use(l, cDoc)
			label(l, "doc", cAttr, cCustomer)
			add(semantic.CustomerDoc(l.toks[0].norm), "customer")
		case l.is(cEmail):
			in.use(l, cEmail)
			label(l, "email", cAttr, cChannel, cCustomer)
			add(semantic.CustomerEmail(l.toks[0].norm), "customer")
		case l.is(cPhone):
			in.use(l, cPhone)
			label(l, "phone", cAttr, cCustomer)
			add(semantic.CustomerPhone(l.toks[0].norm), "customer")
		case l.is(cStoreV):
			in.use(l, cStoreV)
			label(l, "", cStore)
			in.storeCodes = append(in.storeCodes, l.arg(cStoreV))
		case l.is(cCityV):
			in.use(l, cCityV)
			if in.storeIsLabel() {
				label(l, "", cDim, cStore)
			} else {
				label(l, "", cDim)
			}
			add(semantic.StoreCity(l.arg(cCityV)), "store")
		case l.is(cProdV):
			in.use(l, cProdV)
			label(l, "", cProduct)
			add(semantic.ProductName(l.arg(cProdV)), "product")
		case l.is(cUF):
			in.use(l, cUF)
			if in.storeIsLabel() {
				label(l, "", cDim, cStore)
			} else {
				label(l, "", cDim)
			}
			add(semantic.StoreState(l.arg(cUF)), "store")
		case l.is(cCode):
			p := in.prev(l)
			if p != nil && !p.used && p.is(cStore) {
				in.use(p, cStore)
				in.use(l, cCode)
				in.storeCodes = append(in.storeCodes, strings.ToUpper(l.toks[0].raw))
			}
		case l.is(cName):
			f, what := in.nameFilter(l)
			if f != nil {
				add(f, what)
			}
		}
	}
	// One store is a filter; several ("Centro e Ibirapuera") are compared, one row each.
	switch len(in.storeCodes) {
	case 0:
	case 1:
		add(semantic.StoreCode(in.storeCodes[0]), "store")
	default:
		add(semantic.StoreCodes(in.storeCodes), "store")
		in.dims = append(in.dims, "store")
		in.takeAll(cCompare)
	}
	if l := in.find(cOnce); l != nil {
		in.use(l, cOnce)
		add(in.activityCount(semantic.Equal, 1), "customer_activity")
	}
	if l := in.find(cFirstBuy); l != nil {
		in.use(l, cFirstBuy)
		add(semantic.FirstPurchase(), "customer_activity")
	}
	if l := in.find(cMultiStore); l != nil {
		in.use(l, cMultiStore)
		add(semantic.StoresVisited(semantic.Above, 1), "customer_activity")
	}
	if l := in.find(cRepeat); l != nil {
		in.use(l, cRepeat)
		add(in.activityCount(semantic.Above, 1), "customer_activity")
	}
	pending = append(pending, in.thresholds()...)
	return pending, nil
}

// nameFilter reads a quoted or capitalised name as the name of the thing before it:
// "cliente Mariana Castro", "loja 'Centro'", "produto Café".
func (in *interp) nameFilter(l *lexeme) (*semantic.Filter, string) {
	name := l.text()
	if len(name) > 100 {
		return nil, ""
	}
	defer func() {
		// "purchases by Thiago Henrique Barros": the "by" introduces the name
		if p := in.prev(l); l.used && p != nil && !p.used && p.is(cBy) {
			in.use(p, cBy)
		}
	}()
	// "clientes em Recife", "sales in Salvador": after a place word an unknown name is a
	// place the catalogue does not have, not a person; left unread, it is refused
	if ti := indexOf(in.q.toks, l.toks[0]); ti > 0 && placePrep[in.q.toks[ti-1].norm] {
		return nil, ""
	}
	p := in.prev(l)
	if p != nil && !p.used {
		switch {
		case p.is(cStore):
			in.use(p, cStore)
			in.use(l, cName)
			in.knownName(name, "store")
			return semantic.StoreName(name), "store"
		case p.is(cProduct):
			in.use(p, cProduct)
			in.use(l, cName)
			in.knownName(name, "product")
			return semantic.ProductName(name), "product"
		case p.is(cPromotion):
			in.use(p, cPromotion)
			in.use(l, cName)
			return semantic.PromotionName(name), "promotion"
		case p.is(cCustomer):
			in.use(p, cCustomer)
			in.use(l, cName)
			return semantic.CustomerName(name), "customer"
		case p.is(cDim) && p.arg(cDim) == "city":
			in.use(p, cDim)
			in.use(l, cName)
			return semantic.StoreCity(name), "store"
		}
	}
	// A name with no noun before it, which the catalogue does not know as a store, city or
	// product, is a person's: a full name ("Fernanda Lima Duarte"), or any name when the
	// question is about what a person has or did ("quanto a Ana gastou", "saldo da Ana").
	if len(l.toks) >= 2 && l.toks[0].kind != tQuoted || in.mentions(cBalance) || in.mentions(cSpend) || in.mentions(cBuy) || in.mentions(cEarn) || in.mentions(cRedeem) || in.mentions(cAttr) || in.mentions(cCustomer) {
		in.use(l, cName)
		return semantic.CustomerName(name), "customer"
	}
	return nil, ""
}

// thresholds reads "saldo acima de 1000", "mais de 500 pontos", "compras acima de R$ 100".
func (in *interp) thresholds() []pendingFilter {
	var out []pendingFilter
	for _, l := range in.q.lex {
		if l.used || !l.is(cCmp) {
			continue
		}
		op := l.arg(cCmp)
		n := in.next(l)
		var after, before *lexeme
		if n != nil && !n.used && (n.is(cNumber) || n.is(cMoney)) {
			after, before = in.next(n), in.prev(l)
		} else if n, after, before = in.postfixNumber(l); n == nil {
			continue
		}
		num := n.toks[0]
		spendVerb := before != nil && !before.used && (before.is(cSpend) || before.is(cBuy)) && (in.mentions(cCustomer) || in.mentions(cWho) || in.mentions(cBuyer))
		switch {
		case after != nil && !after.used && after.is(cTimes) && num.num == float64(int64(num.num)):
			// "compraram mais de 3 vezes": a number of purchases
			in.use(l, cCmp)
			in.use(n, cNumber)
			in.use(after, cTimes)
			if in.mentions(cRedeem) && !in.mentions(cBuy) {
				// "resgataram mais de 3 vezes": a number of redemptions
				out = append(out, pendingFilter{semantic.RedemptionCountFilter(op, int64(num.num)), "customer_activity"})
				continue
			}
			out = append(out, pendingFilter{semantic.PurchaseCount(op, int64(num.num)), "customer_activity"})
		case spendVerb && (n.is(cMoney) || after != nil && !after.used && after.is(cValue)):
			// "clientes que gastaram mais de R$ 500": what each customer spent in total
			in.use(l, cCmp)
			in.use(n, cMoney)
			if after != nil && !after.used && after.is(cValue) {
				in.use(after, cValue)
			}
			out = append(out, pendingFilter{semantic.SpendTotal(op, num.dec), "customer_activity"})
		case n.is(cMoney) || (after != nil && !after.used && after.is(cValue)) || (before != nil && !before.used && (before.is(cValue) || before.is(cSale) || before.is(cTicket))):
			in.use(l, cCmp)
			in.use(n, cMoney)
			if after != nil && !after.used && after.is(cValue) {
				in.use(after, cValue)
			}
			if before != nil && !before.used && before.is(cValue) {
				in.use(before, cValue)
			}
			out = append(out, pendingFilter{semantic.ValueThreshold(op, num.dec), "sale"})
		case before != nil && !before.used && before.is(cRedemption) && after != nil && !after.used && after.is(cPoints) && num.num == float64(int64(num.num)):
			// "resgates acima de 1000 pontos", "redemptions over 500 points": the redemption's points
			in.use(l, cCmp)
			in.use(n, cNumber)
			in.use(after, cPoints)
			out = append(out, pendingFilter{semantic.RedemptionPoints(op, int64(num.num)), "redemption"})
		case after != nil && !after.used && (after.is(cPoints) || after.is(cBalance)) || before != nil && !before.used && before.is(cBalance):
			if num.num != float64(int64(num.num)) {
				continue
			}
			in.use(l, cCmp)
			in.use(n, cNumber)
			if after != nil && !after.used && (after.is(cPoints) || after.is(cBalance)) {
				in.use(after, cPoints)
				if a := in.next(after); a != nil && !a.used && a.is(cBalance) {
					in.use(a, cBalance) // "mais de 2000 pontos de saldo"
				}
			}
			if before != nil && !before.used && before.is(cBalance) {
				in.use(before, cBalance)
			}
			out = append(out, pendingFilter{semantic.BalanceThreshold(op, int64(num.num)), "points"})
			in.pointsOp, in.pointsN = op, int64(num.num)
		case l.is(cAge) || after != nil && !after.used && (after.is(cAge) || after.is(cUnit) && after.arg(cUnit) == "years") || before != nil && !before.used && before.is(cAge):
			if num.num != float64(int64(num.num)) {
				continue
			}
			in.use(l, cCmp)
			in.use(n, cNumber)
			if after != nil && !after.used && (after.is(cAge) || after.is(cUnit)) {
				in.use(after, cAge)
				if a := in.next(after); a != nil && !a.used && a.is(cAge) {
					in.use(a, cAge) // "60 anos de idade"
				}
			}
			if before != nil && !before.used && before.is(cAge) {
				in.use(before, cAge)
			}
			out = append(out, pendingFilter{semantic.AgeThreshold(op, int64(num.num)), "customer"})
		case after != nil && !after.used && after.is(cStore) && !after.is(cOrigVal) && in.mentions(cBuy) && num.num == float64(int64(num.num)):
			// "compraram em 3 lojas ou mais", "bought at more than 2 stores"
			in.use(l, cCmp)
			in.use(n, cNumber)
			in.use(after, cStore)
			out = append(out, pendingFilter{semantic.StoresVisited(op, int64(num.num)), "customer_activity"})
		case after != nil && !after.used && after.is(cRedemption) && num.num == float64(int64(num.num)):
			// "clientes com mais de 3 resgates"
			in.use(l, cCmp)
			in.use(n, cNumber)
			in.use(after, cRedemption)
			out = append(out, pendingFilter{semantic.RedemptionCountFilter(op, int64(num.num)), "customer_activity"})
		case after != nil && !after.used && after.is(cSale) && !after.is(cBuy):
			if num.num != float64(int64(num.num)) {
				continue
			}
			in.use(l, cCmp)
			in.use(n, cNumber)
			in.use(after, cSale)
			out = append(out, pendingFilter{semantic.PurchaseCount(op, int64(num.num)), "customer_activity"})
		}
	}
	out = append(out, in.betweens()...)
	// "sem pontos", "saldo zero", "zero points", "saldo zerado"
	for _, l := range in.q.lex {
		if l.used || !(l.is(cZero) || l.is(cNeg)) {
			continue
		}
		n := in.next(l)
		p := in.prev(l)
		switch {
		case n != nil && !n.used && (n.is(cPoints) || n.is(cBalance)) && !in.pointsVerbAfter(n):
			in.use(l, cZero)
			in.use(n, cBalance)
			out = append(out, pendingFilter{semantic.BalanceThreshold(semantic.Equal, 0), "points"})
		case l.is(cZero) && p != nil && !p.used && p.is(cCustomer) && fold(l.text()) != "vazio" && fold(l.text()) != "empty":
			// "clientes zerados": customers with nothing left
			in.use(l, cZero)
			out = append(out, pendingFilter{semantic.BalanceThreshold(semantic.Equal, 0), "points"})
		case l.is(cZero) && p != nil && !p.used && (p.is(cBalance) || p.is(cPoints)):
			in.use(l, cZero)
			in.use(p, cBalance)
			out = append(out, pendingFilter{semantic.BalanceThreshold(semantic.Equal, 0), "points"})
		}
	}
	// "clientes com pontos", "customers who have points", "com saldo": a balance above zero,
	// when something else is counted or listed
	for _, l := range in.q.lex {
		if l.used || !(l.is(cPoints) || l.is(cBalance)) || in.pointsVerbAfter(l) {
			continue
		}
		if !(in.mentions(cCustomer) || in.mentions(cWho) || in.mentions(cBuyer)) {
			continue
		}
		ti := indexOf(in.q.toks, l.toks[0])
		if ti >= 2 && pointsArticle[in.q.toks[ti-1].norm] { // "with a balance", "com algum saldo"
			ti--
		}
		if ti < 1 || !hasPointsVerb[in.q.toks[ti-1].norm] {
			continue
		}
		// Without a count or list word, only "clientes com pontos" itself (the customers
		// right before the possession): counted like "clientes zerados", never read as
		// the total balance, which is another question.
		counted := in.has(cCount) || in.has(cList) || in.has(cWho) || in.has(cRate) || in.has(cWhich) || in.has(cAvg)
		if p := in.prev(l); !counted && (p == nil || !p.is(cCustomer) || indexOf(in.q.toks, p.toks[len(p.toks)-1]) != ti-2) {
			continue
		}
		if n := in.next(l); n != nil && !n.used && (n.is(cCmp) || n.is(cNumber) || n.is(cBalance)) {
			continue
		}
		in.use(l, cBalance)
		out = append(out, pendingFilter{semantic.BalanceThreshold(">", 0), "points"})
	}
	return out
}

// hasPointsVerb: the words that make "pontos" a possession ("com pontos", "have points").
var hasPointsVerb = map[string]bool{"com": true, "tem": true, "possuem": true, "possui": true, "have": true, "has": true, "with": true, "having": true}

// pointsArticle: the words that may stand between the possession and "pontos"/"saldo".
var pointsArticle = map[string]bool{"a": true, "an": true, "some": true, "any": true, "um": true, "algum": true}

// pointsVerbAfter: "sem pontos resgatados" is about redemptions, not the balance.
func (in *interp) pointsVerbAfter(l *lexeme) bool {
	n := in.next(l)
	return n != nil && (n.is(cRedeem) || n.is(cEarn) || n.is(cDebit))
}

// betweens reads "saldo entre 500 e 1000 pontos", "compras entre R$ 50 e R$ 100": two
// numbers joined by "e"/"and" after "entre"/"between", both ends included.
func (in *interp) betweens() []pendingFilter {
	var out []pendingFilter
	for i := 0; i+1 < len(in.q.lex); i++ {
		a, b := in.q.lex[i], in.q.lex[i+1]
		if a.used || b.used || !(a.is(cNumber) || a.is(cMoney)) || !(b.is(cNumber) || b.is(cMoney)) {
			continue
		}
		ti := indexOf(in.q.toks, a.toks[0])
		if ti < 1 {
			continue
		}
		switch in.q.toks[ti-1].norm {
		case "entre", "between", "aged", "de", "from":
		default:
			continue
		}
		// "idade entre 30 e 40", "age from 30 to 40": the age said before the numbers
		ageBefore := i > 0 && !in.q.lex[i-1].used && in.q.lex[i-1].is(cAge)
		var betweenLex *lexeme // "between" when the vocabulary keeps it as a word of its own
		if i > 1 && !in.q.lex[i-1].used && len(in.q.lex[i-1].toks) == 1 && in.q.lex[i-1].toks[0] == in.q.toks[ti-1] {
			betweenLex = in.q.lex[i-1]
			ageBefore = !in.q.lex[i-2].used && in.q.lex[i-2].is(cAge)
		}
		if n := in.q.toks[ti-1].norm; n == "de" || n == "from" || n == "aged" {
			// "de 18 a 24 anos", "aged 18 to 24": only ages read this way
			if !(i+2 < len(in.q.lex) && (in.q.lex[i+2].is(cAge) || in.q.lex[i+2].is(cUnit) && in.q.lex[i+2].arg(cUnit) == "years")) && n != "aged" && !ageBefore {
				continue
			}
		}
		lo, hi := a.toks[0], b.toks[0]
		var next, prev *lexeme
		if i+2 < len(in.q.lex) {
			next = in.q.lex[i+2]
		}
		if i > 0 {
			prev = in.q.lex[i-1]
		}
		isAge := next != nil && !next.used && (next.is(cAge) || next.is(cUnit) && next.arg(cUnit) == "years") || in.q.toks[ti-1].norm == "aged" || ageBefore
		isPoints := (next != nil && !next.used && (next.is(cPoints) || next.is(cBalance))) || (prev != nil && !prev.used && prev.is(cBalance))
		isMoney := a.is(cMoney) || b.is(cMoney) || (next != nil && !next.used && next.is(cValue)) || (prev != nil && !prev.used && (prev.is(cValue) || prev.is(cSale)))
		switch {
		case isAge && lo.num == float64(int64(lo.num)) && hi.num == float64(int64(hi.num)):
			// "clientes entre 25 e 34 anos"
			if betweenLex != nil {
				in.use(betweenLex, cCmp)
			}
			in.use(a, cNumber)
			in.use(b, cNumber)
			if next != nil && !next.used && (next.is(cAge) || next.is(cUnit)) {
				in.use(next, cAge)
				if n2 := in.next(next); n2 != nil && !n2.used && n2.is(cAge) {
					in.use(n2, cAge)
				}
			}
			if p := in.prev(a); p != nil && !p.used && p.is(cAge) {
				in.use(p, cAge) // "aged 18 to 24"
			} else if p != nil && p == betweenLex {
				if pp := in.prev(p); pp != nil && !pp.used && pp.is(cAge) {
					in.use(pp, cAge) // "age between 30 and 40"
				}
			}
			out = append(out, pendingFilter{semantic.AgeThreshold(semantic.AtLeast, int64(lo.num)), "customer"},
				pendingFilter{semantic.AgeThreshold(semantic.AtMost, int64(hi.num)), "customer"})
		case isPoints && lo.num == float64(int64(lo.num)) && hi.num == float64(int64(hi.num)):
			if betweenLex != nil {
				in.use(betweenLex, cCmp)
			}
			in.use(a, cNumber)
			in.use(b, cNumber)
			if next != nil && (next.is(cPoints) || next.is(cBalance)) {
				in.use(next, cPoints)
			}
			if prev != nil && prev.is(cBalance) {
				in.use(prev, cBalance)
			}
			out = append(out, pendingFilter{semantic.BalanceThreshold(semantic.AtLeast, int64(lo.num)), "points"},
				pendingFilter{semantic.BalanceThreshold(semantic.AtMost, int64(hi.num)), "points"})
		case isMoney:
			if betweenLex != nil {
				in.use(betweenLex, cCmp)
			}
			in.use(a, cMoney)
			in.use(b, cMoney)
			if next != nil && next.is(cValue) {
				in.use(next, cValue)
			}
			if prev != nil && prev.is(cValue) {
				in.use(prev, cValue)
			}
			out = append(out, pendingFilter{semantic.ValueThreshold(semantic.AtLeast, lo.dec), "sale"},
				pendingFilter{semantic.ValueThreshold(semantic.AtMost, hi.dec), "sale"})
		}
	}
	return out
}

// knownName refuses a store or product the catalogue does not have ("loja Atlântida"),
// rather than answering zero for a name that matches nothing; it lists what exists.
func (in *interp) knownName(name, what string) {
	if in.cat == nil || in.unknownName != nil {
		return
	}
	var names []string
	switch what {
	case "store":
		for _, s := range in.cat.Stores {
			names = append(names, s.Name)
		}
	case "product":
		names = in.cat.Products
	}
	if len(names) == 0 {
		return
	}
	f := fold(name)
	for _, n := range names {
		if strings.Contains(fold(n), f) {
			return
		}
	}
	if len(names) > 12 {
		names = append(names[:12], "...")
	}
	label := map[string]semantic.Text{"store": semantic.T("loja", "store"), "product": semantic.T("produto", "product")}[what]
	in.unknownName = in.refuseWith(semantic.T(
		"não encontrei a "+label.PT+" \""+name+"\" (conheço: "+strings.Join(names, ", ")+")",
		"I found no "+label.EN+" \""+name+"\" (I know: "+strings.Join(names, ", ")+")"))
}

// storeIsLabel: in "faturamento da loja de Campinas" the store word names the place (it
// is the label of the city); in "quantas lojas em Campinas" it is what is counted.
func (in *interp) storeIsLabel() bool {
	for _, x := range in.q.lex {
		if x.used || x.is(cStore) || x.is(cDim) {
			continue
		}
		for _, c := range []concept{cRevenue, cBalance, cSale, cPoints, cTicket, cSpend, cValue, cRedemption, cRedeem, cEarn, cBuy, cSell, cCustomer, cBuyer, cSignup, cReversal, cEntry, cDebit} {
			if x.is(c) {
				return true
			}
		}
	}
	return false
}

// postfixNumber reads a comparison said after its number ("60 or older", "60 anos ou
// mais", "1000 pontos ou mais", "R$ 100 or less"): the number, the word after it (the
// unit) and the word before it, as thresholds reads "ou mais" said first.
func (in *interp) postfixNumber(l *lexeme) (n, after, before *lexeme) {
	if op := l.arg(cCmp); op != ">=" && op != "<=" && !l.is(cAge) {
		return nil, nil, nil
	}
	isNum := func(x *lexeme) bool { return x != nil && !x.used && (x.is(cNumber) || x.is(cMoney)) }
	p := in.prev(l)
	switch {
	case isNum(p):
		return p, nil, in.prev(p)
	case p != nil && !p.used && (p.is(cAge) || p.is(cUnit) || p.is(cPoints) || p.is(cBalance) || p.is(cValue) || p.is(cTimes) || p.is(cSale) || p.is(cRedemption) || p.is(cStore)) && isNum(in.prev(p)):
		return in.prev(p), p, in.prev(in.prev(p))
	}
	return nil, nil, nil
}

// activityCount is "mais de uma vez", "só uma vez" of what the question's verb does: a
// number of redemptions for "resgataram", else of purchases.
func (in *interp) activityCount(op string, n int64) *semantic.Filter {
	if in.mentions(cRedeem) && !in.mentions(cBuy) && !in.mentions(cSale) {
		return semantic.RedemptionCountFilter(op, n)
	}
	return semantic.PurchaseCount(op, n)
}

// placePrep: the words before a place ("em Recife", "in Salvador").
var placePrep = map[string]bool{"em": true, "in": true, "at": true, "na": true, "no": true, "nas": true, "nos": true, "near": true}
