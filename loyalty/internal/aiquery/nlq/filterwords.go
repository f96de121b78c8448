package nlq

import (
	"sort"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// filters turns the named values and the filter words into the request's filters, now
// that the fact is known. A filter that does not apply to the fact is left to Validate,
// which refuses the question.
func (in *interp) filters() *Refusal {
	fact := in.req.Fact
	add := func(f *semantic.Filter) { in.req.Filters = append(in.req.Filters, f) }
	for i, p := range in.pending {
		switch {
		case p.what == "points" && fact == semantic.Products && in.pointsOp != "":
			// "produtos que custam menos de 150 pontos": a product's price, not a balance
			p.f = semantic.ProductPointsThreshold(in.pointsOp, in.pointsN)
			in.takeAll(cCost)
		case p.f.ID == "store_code" && fact == semantic.Customers && in.signupStore():
			// "cadastrados na loja X": where they signed up, not the store that owns them
			p.f = semantic.SignupStoreCode(in.storeCodes[0])
		case p.f.ID == "store_code" && fact != semantic.Customers && fact != semantic.Stores && fact != semantic.Promotions && in.storeOwnsCustomers():
			// "clientes da loja Centro que compraram", "Centro customers who redeemed": the
			// customers the store owns, wherever they bought
			p.f = semantic.OwnerStoreCode(in.storeCodes[0])
		}
		in.pending[i] = p
		add(p.f)
	}

	// "resgates de todos os status": every status
	if fact == semantic.Redemptions || fact == semantic.RedeemedItems {
		for _, l := range in.findAll(cDim) {
			if l.arg(cDim) == "status" && in.before(l, cAll, 1) != nil {
				in.use(in.before(l, cAll, 1), cAll)
				in.use(l, cDim)
				add(semantic.AnyStatus())
			}
		}
	}
	// "todos os resgates, inclusive os cancelados": every status, not only the cancelled
	for _, c := range []concept{cCancel, cExpired} {
		if l := in.find(c); l != nil && in.including(l) && (fact == semantic.Sales || fact == semantic.Redemptions || fact == semantic.RedeemedItems) {
			in.takeAll(cCancel)
			in.takeAll(cExpired)
			add(semantic.AnyStatus())
		}
	}
	// cancellation: "vendas canceladas"; "não canceladas" is the default rule
	for l := in.find(cCancel); l != nil; l = in.find(cCancel) {
		if n := in.before(l, cNeg, 2); n != nil {
			in.use(n, cNeg)
			in.use(l, cCancel)
			continue
		}
		if fact != semantic.Sales && fact != semantic.Redemptions && fact != semantic.RedeemedItems {
			break
		}
		in.use(l, cCancel)
		add(semantic.Cancelled())
	}
	// redemption statuses
	statuses := []struct {
		c      concept
		status string
		label  semantic.Text
	}{
		{cPending, "pending", semantic.T("pendentes", "pending")},
		{cApplied, "applied", semantic.T("aplicados", "applied")},
		{cExpired, "expired", semantic.T("expirados", "expired")},
	}
	for _, s := range statuses {
		if l := in.find(s.c); l != nil && (fact == semantic.Redemptions || fact == semantic.RedeemedItems) {
			in.takeAll(s.c) // "waiting on a pending redemption" says it twice
			add(semantic.RedemptionStatus(s.status, s.label))
		}
	}
	// "pontos bloqueados em resgates pendentes", "points tied up in pending redemptions":
	// a pending redemption holds its points; anywhere else "bloqueado" is an inactive customer
	if l := in.find(cHeld); l != nil && (fact == semantic.Redemptions || fact == semantic.RedeemedItems) {
		in.use(l, cHeld)
		if in.q.findUsedAs(cPending) == nil && in.q.findUsedAs(cApplied) == nil && in.q.findUsedAs(cExpired) == nil {
			add(semantic.RedemptionStatus("pending", semantic.T("pendentes", "pending")))
		}
	}
	// active / inactive
	if l := in.find(cActive); l != nil {
		neg := in.before(l, cNeg, 1)
		in.use(l, cActive)
		switch {
		case neg != nil:
			in.use(neg, cNeg)
			add(semantic.Active(false))
		case fact == semantic.Promotions && len(in.q.periods) == 1 && in.q.periods[0].p.Kind != semantic.Today:
			// "promoções ativas em 2024": running at some time in the period (added below)
		case fact == semantic.Promotions:
			add(semantic.PromotionRunning())
		default:
			add(semantic.Active(true))
		}
	}
	if fact == semantic.Customers && len(in.q.periods) == 1 && !in.hasDuration() && !in.mentions(cSignup) && !in.mentions(cBirthday) {
		// "clientes cuja última compra foi em abril": the period dates the last purchase
		for _, l := range in.q.lex {
			if l.is(cAttr) && l.arg(cAttr) == "last_purchase" {
				if !l.used {
					in.use(l, cAttr)
				}
				add(semantic.LastPurchaseIn())
				break
			}
		}
	}
	if l := in.find(cAttr); l != nil && l.arg(cAttr) == "last_purchase" && fact == semantic.Customers && in.hasDuration() {
		// "customers whose last purchase was more than 120 days ago"
		in.use(l, cAttr)
		add(semantic.Bought(false))
		in.takeAll(cCmp)
	}
	if l := in.find(cInactive); l != nil && fact == semantic.Customers && in.hasDuration() {
		// "clientes inativos há mais de 60 dias": without a purchase for that long
		in.use(l, cInactive)
		add(semantic.Bought(false))
		in.takeAll(cBuy)
		in.takeAll(cSale)
	}
	if l := in.find(cLapsed); l != nil && fact == semantic.Customers && in.hasDuration() {
		in.use(l, cLapsed)
		add(semantic.Bought(false))
		in.takeAll(cBuy)
		in.takeAll(cSale)
		in.takeAll(cNeg)
	}
	if l := in.take(cInactive); l != nil {
		add(semantic.Active(false))
	}
	if fact == semantic.Promotions && !in.mentions(cActive) && in.saysNow() {
		add(semantic.PromotionRunning()) // "current promotions", "promoções atuais"
	}
	for l := in.find(cEmailDomain); l != nil; l = in.find(cEmailDomain) {
		in.use(l, cEmailDomain)
		in.use(in.near(l, cUse, 3), cUse)
		for _, d := range []int{1, 2, 3} {
			if a := in.near(l, cAttr, d); a != nil && (a.arg(cAttr) == "email" || a.arg(cAttr) == "address") {
				in.use(a, cAttr)
			}
		}
		add(semantic.EmailDomain(l.arg(cEmailDomain)))
	}
	// "clientes sem e-mail", "customers without a phone number": nothing on file (not an
	// opt-out, unless the question speaks of accepting or receiving)
	if !in.has(cAccept) && !in.has(cRefuse) {
		for _, l := range in.q.lex {
			if l.used || !l.is(cAttr) || (l.arg(cAttr) != "email" && l.arg(cAttr) != "phone" && l.arg(cAttr) != "doc") {
				continue
			}
			p := in.prev(l)
			if p == nil || p.used || !p.is(cNeg) {
				continue
			}
			switch fold(p.text()) {
			case "sem", "without", "with no", "no", "have no", "has no":
				in.use(p, cNeg)
				in.use(l, cAttr)
				add(semantic.ContactMissing(l.arg(cAttr)))
			}
		}
	}
	// "não aceitam nenhum canal", "opted in to any channel", "aceitam todos os canais"
	if l := in.find(cAnyChannel); l != nil && (in.near(l, cAccept, 5) != nil || in.near(l, cRefuse, 5) != nil) {
		in.use(l, cAnyChannel)
		yes := true
		if r := in.near(l, cRefuse, 5); r != nil {
			in.use(r, cRefuse)
			yes = false
		}
		if a := in.near(l, cAccept, 5); a != nil {
			if n := in.before(a, cNeg, 2); n != nil {
				in.use(n, cNeg)
				// "não aceitam nenhum canal" says "none" twice (negative concord)
				if l.arg(cAnyChannel) != "none" {
					yes = !yes
				}
			}
			in.use(a, cAccept)
		}
		switch l.arg(cAnyChannel) {
		case "any":
			add(semantic.OptInAny(yes))
		case "none":
			add(semantic.OptInAny(false))
		case "all":
			if !yes {
				return in.refuseWith(semantic.T("\"não aceitam todos os canais\" pode ser nenhum ou só alguns; pergunte por um canal ou por nenhum canal",
					"\"not opted in to all channels\" may mean none or only some; ask about one channel or no channel"))
			}
			add(semantic.OptInAll())
		}
	}
	// opt-ins
	for l := in.find(cChannel); l != nil; l = in.find(cChannel) {
		if !in.channelMeant(l) {
			break
		}
		in.use(l, cChannel)
		ch := map[string]semantic.Channel{"email": semantic.Email, "whatsapp": semantic.WhatsApp, "sms": semantic.SMS}[l.arg(cChannel)]
		yes := true
		if r := in.near(l, cRefuse, 4); r != nil {
			in.use(r, cRefuse)
			yes = false
		}
		if a := in.near(l, cAccept, 4); a != nil {
			if n := in.before(a, cNeg, 2); n != nil {
				in.use(n, cNeg)
				yes = false
			}
			in.use(a, cAccept)
		}
		if n := in.before(l, cNeg, 3); n != nil {
			in.use(n, cNeg)
			yes = false
		}
		add(semantic.OptIn(ch, yes))
	}
	// app users ("usam o app") and sign-ups through the app ("cadastrados pelo app")
	if l := in.find(cApp); l != nil {
		u := in.near(l, cUse, 3)
		originWord := false // "app-origin customers"
		if o := in.near(l, cDim, 1); o != nil && o.arg(cDim) == "origin" {
			originWord = true
		}
		if u != nil || (!in.mentions(cSignup) && !in.mentions(cFrom) && !originWord) {
			in.use(l, cApp)
			in.use(u, cUse)
			yes := true
			if n := in.before(l, cNeg, 4); n != nil {
				in.use(n, cNeg)
				yes = false
			}
			add(semantic.AppUser(yes))
		}
	}
	for l := in.find(cOrigVal); l != nil; l = in.find(cOrigVal) {
		in.use(l, cOrigVal)
		values, exact, label := in.origin(l.arg(cOrigVal))
		add(semantic.Origin(values, exact, label))
	}
	if l := in.find(cApp); l != nil && (in.mentions(cSignup) || in.mentions(cFrom) || in.near(l, cDim, 1) != nil) {
		in.use(l, cApp)
		values, exact, label := in.origin("app")
		add(semantic.Origin(values, exact, label))
	}
	if containsStr(in.dims, "origin") {
		in.takeAll(cFrom) // "quantos clientes vieram de cada canal"
	}
	for _, f := range in.req.Filters {
		if f.ID == "origin" {
			// "cadastrados pelo site", "came from the app": the sign-up is the origin's
			in.takeAll(cFrom)
			for _, l := range in.q.lex {
				if !l.used && l.is(cDim) && l.arg(cDim) == "origin" && !containsStr(in.dims, "origin") {
					in.use(l, cDim) // "app-origin customers", "origem app"
				}
			}
			if fact != semantic.Customers {
				in.takeAll(cSignup)
			} else if len(in.q.periods) == 0 {
				// "idade média dos clientes que se cadastraram pelo app": the sign-up
				// word says where, not when
				for _, o := range in.q.lex {
					if o.as == cOrigVal || (o.used && o.is(cApp)) {
						if sg := in.near(o, cSignup, 3); sg != nil {
							in.use(sg, cSignup)
						}
					}
				}
			}
		}
	}
	if pays := in.findAll(cPayVal); len(pays) > 1 && fact == semantic.Sales {
		// "vendas no pix vs cartão de crédito": each payment type, one row each
		var values []string
		var labels []string
		exact := true
		for _, l := range pays {
			in.use(l, cPayVal)
			v, ex, label := in.payment(l.arg(cPayVal))
			values, exact = append(values, v...), exact && ex
			labels = append(labels, label.PT)
		}
		add(semantic.PaymentType(values, exact, semantic.T(strings.Join(labels, ", "), strings.Join(labels, ", "))))
		in.takeAll(cCompare)
		if !containsStr(in.dims, "payment_type") {
			in.dims = append(in.dims, "payment_type")
		}
	}
	for l := in.find(cPayVal); l != nil; l = in.find(cPayVal) {
		if fact != semantic.Sales {
			break
		}
		in.use(l, cPayVal)
		if p := in.prev(l); p != nil && !p.used && p.is(cBy) {
			in.use(p, cBy) // "paid by debit card"
		}
		if n := in.next(l); n != nil && !n.used && n.is(cDim) && n.arg(cDim) == "payment_type" && !containsStr(in.dims, "payment_type") {
			in.use(n, cPaid) // "cash payments", "pagamentos em pix"
		}
		values, exact, label := in.payment(l.arg(cPayVal))
		add(semantic.PaymentType(values, exact, label))
		in.takeAll(cFrom) // "revenue that came from credit cards"
	}
	if fact == semantic.Products {
		if l := in.take(cAddOn); l != nil {
			add(semantic.AddOns())
		}
	}
	if l := in.find(cEnding); l != nil && fact == semantic.Promotions && len(in.q.periods) == 1 {
		in.use(l, cEnding)
		add(semantic.PromotionEnds()) // "promoções que terminam este mês"
		if a := in.q.findUsedAs(cActive); a != nil && in.before(a, cNeg, 1) == nil {
			add(semantic.Active(true)) // "promoções ativas que terminam na semana que vem"
		}
	}
	if fact == semantic.Products && in.has(cNever) && in.has(cRedeem) {
		// "produtos nunca resgatados"
		in.take(cNever)
		in.takeAll(cRedeem)
		add(semantic.ProductNeverRedeemed())
	}
	if fact == semantic.Promotions && len(in.q.periods) == 1 && !in.has(cStart) && !in.hasPendingID("promotion_ends") && !in.endsAdded(in.req.Filters) && in.q.periods[0].p.Kind != semantic.Today {
		// "promoções que rodaram em 2024": promotions running at some time in the period
		in.takeAll(cRan)
		add(semantic.PromotionDuring())
	}
	in.takeAll(cStart)
	if (fact == semantic.Redemptions || fact == semantic.RedeemedItems) && in.has(cExpire) {
		in.takeAll(cExpire)
		add(semantic.ExpiresBy())
	}
	if l := in.take(cFemale); l != nil {
		add(semantic.Gender("F", semantic.T("mulheres (gênero F)", "women (gender F)")))
	}
	if l := in.take(cMale); l != nil {
		add(semantic.Gender("M", semantic.T("homens (gênero M)", "men (gender M)")))
	}
	if l := in.take(cBirthday); l != nil {
		add(semantic.Birthday())
	}
	// activity of customers: "nunca compraram", "sem compras há 60 dias", "que resgataram"
	if fact == semantic.Customers && in.hasPending("customer_activity") {
		// "clientes com mais de 5 compras": the count filter says it all
		in.takeAll(cBuy)
		in.takeAll(cSale)
		in.takeAll(cSpend)
		if in.hasPendingID("redemption_count") {
			in.takeAll(cRedeem)
			in.takeAll(cRedemption)
		}
	}
	if fact == semantic.Customers {
		for _, act := range []struct {
			words []concept
			mk    func(bool) *semantic.Filter
		}{
			{[]concept{cBuy, cSale}, semantic.Bought},
			{[]concept{cRedeem, cRedemption}, semantic.Redeemed},
		} {
			for _, c := range act.words {
				l := in.find(c)
				if l == nil {
					continue
				}
				in.use(l, c)
				yes := true
				if n := in.before(l, cNever, 3); n != nil {
					in.use(n, cNever)
					yes = false
					// "nunca fizeram nenhuma compra": the second negation repeats the first
					for m := in.next(n); m != nil && m != l; m = in.next(m) {
						if !m.used && m.is(cNeg) {
							in.use(m, cNeg)
						}
					}
				} else if n := in.before(l, cNeg, 3); n != nil {
					in.use(n, cNeg)
					yes = false
					// "sem nenhuma compra": one negation said twice
					for m := in.prev(n); m != nil && in.index(m) >= in.index(l)-4; m = in.prev(m) {
						if !m.used && m.is(cNeg) {
							in.use(m, cNeg)
						}
					}
				}
				for _, w := range act.words {
					in.takeAll(w)
				}
				add(act.mk(yes))
				break
			}
		}
	}
	return nil
}

func (in *interp) hasPendingID(id string) bool {
	for _, p := range in.pending {
		if p.f.ID == id {
			return true
		}
	}
	return false
}

// including: "inclusive", "including", "incluindo", "com os" right before l.
func (in *interp) including(l *lexeme) bool {
	i := indexOf(in.q.toks, l.toks[0])
	for k := i - 1; k >= 0 && k >= i-3; k-- {
		switch in.q.toks[k].norm {
		case "inclusive", "including", "incluindo", "incl", "mesmo", "also", "tambem":
			return true
		}
	}
	return false
}

func (in *interp) endsAdded(fs []*semantic.Filter) bool {
	for _, f := range fs {
		if f.ID == "promotion_ends" {
			return true
		}
	}
	return false
}

// saysNow: "atual", "current", "agora", "now" (filler words, read from the tokens).
func (in *interp) saysNow() bool {
	for _, t := range in.q.toks {
		switch t.norm {
		case "atual", "atuais", "current", "currently", "agora", "now", "atualmente", "vigente", "vigentes":
			return true
		}
	}
	return false
}

// signupVerb: the question says customers signed up ("se cadastraram", "signed up",
// "cadastrados"), not only that they are new.
func (in *interp) signupVerb() bool {
	for _, l := range in.q.lex {
		if l.is(cSignup) {
			for _, t := range l.toks {
				switch t.norm {
				case "cadastros", "cadastro", "signups", "signup", "registrations", "registration", "inscricoes", "inscricao", "adesoes", "adesao":
					continue // the nouns count sign-ups in general
				}
				return true
			}
		}
	}
	return false
}

// hasDuration: the question names a length of time ("há 60 dias", "for 90 days").
func (in *interp) hasDuration() bool {
	for _, p := range in.q.periods {
		if p.duration || p.p.Kind == semantic.LastN {
			return true
		}
	}
	return false
}

// signupStore: the store named is where customers signed up ("cadastrados na loja X",
// "signed up at the X store"), not the store that owns them.
func (in *interp) signupStore() bool {
	if len(in.storeCodes) != 1 {
		return false
	}
	for _, l := range in.q.lex {
		if l.is(cSignup) {
			return true
		}
	}
	// "novos clientes na loja Cambuí": new at that store, where they signed up
	return in.mentions(cNew) && in.storeAfterPlacePrep()
}

// storeAfterPlacePrep: the store is named after "na", "no", "em", "at", "in" (where
// something happened).
func (in *interp) storeAfterPlacePrep() bool {
	pos := map[*token]int{}
	for i, t := range in.q.toks {
		pos[t] = i
	}
	for li, l := range in.q.lex {
		if !(l.used && (l.as == cStoreV || l.as == cCode)) {
			continue
		}
		first := l
		if p := in.q.prevLex(li); p != nil && p.is(cStore) {
			first = p
		}
		for i := pos[first.toks[0]] - 1; i >= 0; i-- {
			switch in.q.toks[i].norm {
			case "the", "a", "o":
				continue
			case "na", "no", "em", "at", "in", "nas", "nos":
				return true
			}
			break
		}
	}
	return false
}

// channelMeant: "email" is the opt-in channel only with words that say so ("aceitam",
// "opt-in", "não", a rate); otherwise it is the e-mail address ("e-mail da cliente").
func (in *interp) channelMeant(l *lexeme) bool {
	if !l.is(cAttr) {
		return true
	}
	return in.near(l, cAccept, 4) != nil || in.near(l, cRefuse, 4) != nil || in.before(l, cNeg, 3) != nil || in.mentions(cRate) ||
		(in.prev(l) != nil && in.prev(l).is(cChannel)) || (in.next(l) != nil && in.next(l).is(cChannel))
}

// payment reads a payment type against the catalogue's stored values.
func (in *interp) payment(canon string) ([]string, bool, semantic.Text) {
	label := paymentLabels[canon]
	var stored []string
	if in.cat != nil {
		stored = in.cat.PaymentTypes
	}
	return matchValues(canon, stored, paymentSpellings, label)
}

func (in *interp) origin(canon string) ([]string, bool, semantic.Text) {
	label := originLabels[canon]
	var stored []string
	if in.cat != nil {
		stored = in.cat.Origins
	}
	return matchValues(canon, stored, originSpellings, label)
}

// matchValues finds the stored values that spell canon; with no catalogue, the usual
// spellings compared lower-case.
func matchValues(canon string, stored []string, spellings map[string][]string, label semantic.Text) ([]string, bool, semantic.Text) {
	var hits []string
	for _, v := range stored {
		f := " " + strings.NewReplacer("_", " ", "-", " ", ".", " ").Replace(fold(v)) + " "
		for _, sp := range spellings[canon] {
			if strings.Contains(f, " "+sp+" ") {
				hits = append(hits, v)
				break
			}
		}
	}
	if len(hits) > 0 {
		return hits, true, semantic.T(label.PT+" ("+strings.Join(hits, ", ")+")", label.EN+" ("+strings.Join(hits, ", ")+")")
	}
	return spellings[canon], false, label
}

var paymentSpellings = map[string][]string{
	"pix":     {"pix"},
	"credit":  {"credit", "credito", "credit card", "cartao de credito", "credit_card", "cartao credito", "cc"},
	"debit":   {"debit", "debito", "debit card", "cartao de debito", "debit_card", "cartao debito"},
	"cash":    {"cash", "dinheiro", "especie", "money"},
	"boleto":  {"boleto", "bank slip"},
	"voucher": {"voucher", "vale", "vale refeicao", "vale alimentacao", "meal voucher"},
}

var paymentLabels = map[string]semantic.Text{
	"pix":     semantic.T("PIX", "PIX"),
	"credit":  semantic.T("cartão de crédito", "credit card"),
	"debit":   semantic.T("cartão de débito", "debit card"),
	"cash":    semantic.T("dinheiro", "cash"),
	"boleto":  semantic.T("boleto", "boleto"),
	"voucher": semantic.T("vale", "voucher"),
}

var originSpellings = map[string][]string{
	"app":        {"app", "aplicativo", "mobile", "application"},
	"site":       {"site", "web", "website", "ecommerce", "online", "internet"},
	"pdv":        {"pdv", "loja", "store", "pos", "balcao", "loja fisica"},
	"totem":      {"totem", "kiosk", "quiosque"},
	"callcenter": {"call center", "callcenter", "telemarketing"},
}

var originLabels = map[string]semantic.Text{
	"app":        semantic.T("aplicativo", "app"),
	"site":       semantic.T("site", "website"),
	"pdv":        semantic.T("loja física", "in store"),
	"totem":      semantic.T("totem", "kiosk"),
	"callcenter": semantic.T("central de atendimento", "call center"),
}

var dimByID = map[string]*semantic.Dimension{
	"store": semantic.ByStore, "signup_store": semantic.BySignupStore, "customer": semantic.ByCustomer, "product": semantic.ByProduct,
	"payment_type": semantic.ByPaymentType, "origin": semantic.ByOrigin, "gender": semantic.ByGender, "active": semantic.ByActive,
	"status": semantic.ByStatus, "state": semantic.ByState, "city": semantic.ByCity, "entry_type": semantic.ByEntryType,
	"day": semantic.ByDay, "week": semantic.ByWeek, "month": semantic.ByMonth, "quarter": semantic.ByQuarter,
	"year": semantic.ByYear, "weekday": semantic.ByWeekday, "hour": semantic.ByHour, "birth_month": semantic.ByBirthMonth,
}

// ageBands reads the bands a question lists ("18-24, 25-34, ... e 55+"); none listed: the
// default bands.
func (in *interp) ageBands() []semantic.AgeBand {
	var nums []*lexeme
	for _, l := range in.q.lex {
		if !l.used && l.is(cNumber) && l.num() >= 0 && l.num() < 130 && l.num() == float64(int(l.num())) {
			nums = append(nums, l)
		}
	}
	if len(nums) < 2 {
		return semantic.DefaultAgeBands
	}
	var bands []semantic.AgeBand
	for i := 0; i+1 < len(nums); i += 2 {
		bands = append(bands, semantic.AgeBand{Lo: int(nums[i].num()), Hi: int(nums[i+1].num())})
	}
	if len(nums)%2 == 1 {
		bands = append(bands, semantic.AgeBand{Lo: int(nums[len(nums)-1].num()), Hi: -1})
	}
	for i := 1; i < len(bands); i++ {
		if bands[i].Lo <= bands[i-1].Hi || bands[i-1].Hi < bands[i-1].Lo {
			return semantic.DefaultAgeBands
		}
	}
	for _, l := range nums {
		in.use(l, cNumber)
	}
	return bands
}

// applyDims turns the breakdowns asked for into dimensions, and the ranking into order and
// limit.
func (in *interp) applyDims() *Refusal {
	// "por gênero (incluindo não informado)": these breakdowns already have a row for the
	// rows without a value; others (store, age band) leave them out, so the words stay unread
	if l := in.find(cUnknownVal); l != nil {
		for _, id := range in.dims {
			if nullGroupDims[id] {
				in.use(l, cUnknownVal)
				if a := in.before(l, cAll, 2); a != nil {
					in.use(a, cAll)
				}
				break
			}
		}
	}
	for i, id := range in.dims {
		if id == "store" && in.req.Fact == semantic.Customers && in.signupVerb() {
			// "clientes cadastrados em cada loja", "signed up at each store": the sign-up store
			in.dims[i], id = "signup_store", "signup_store"
		}
		if id == "age_band" {
			in.req.Dims = append(in.req.Dims, semantic.ByAgeBand(in.ageBands()))
			continue
		}
		d := dimByID[id]
		if d == nil {
			return in.refuseWith(semantic.T("não sei dividir por \""+id+"\"", "I cannot break down by \""+id+"\""))
		}
		in.req.Dims = append(in.req.Dims, d)
	}
	if in.shapeList && len(in.req.Dims) > 0 {
		return in.refuseWith(semantic.T("uma lista de linhas não se divide por "+in.req.Dims[0].Name.PT+"; peça um número (quantos ...) por "+in.req.Dims[0].Name.PT,
			"a list of rows cannot be broken down by "+in.req.Dims[0].Name.EN+"; ask for a number (how many ...) by "+in.req.Dims[0].Name.EN))
	}
	if in.rankWord != nil {
		if len(in.req.Dims) == 0 && in.req.SortBy == nil {
			return in.refuseWith(semantic.T("não ficou claro o que ordenar em \""+in.rankWord.text()+"\" (lojas, clientes, produtos, dias?)",
				"it is not clear what \""+in.rankWord.text()+"\" ranks (stores, customers, products, days?)"))
		}
		in.req.Order = in.rank
		switch {
		case in.limit > 0:
			in.req.Limit = in.limit
		case in.sortAll:
		case in.singular:
			in.req.Limit = 1
		default:
			in.req.Limit = defaultLimit
		}
	} else if in.limit > 0 {
		in.req.Limit = in.limit
	}
	return nil
}

// bindPeriod gives the period to the filter that takes one (customers who bought in
// October) or to the fact's own date; a duration ("há 60 dias") only fits "without a
// purchase for ..."; several periods are compared (one row each, or a growth).
func (in *interp) bindPeriod() *Refusal {
	if len(in.q.periods) == 0 {
		return nil
	}
	for _, l := range in.q.lex {
		if l.period != nil {
			in.use(l, cPeriod)
		}
	}
	if len(in.q.periods) > 1 {
		return in.comparePeriods()
	}
	fp := &in.q.periods[0]
	var takers []*semantic.Filter
	for _, f := range in.req.Filters {
		if f.UsesPeriod {
			takers = append(takers, f)
		}
		if f.ID == "promotion_running" && (fp.p.Kind == semantic.Today) {
			return nil // "ativas hoje": running now
		}
	}
	if fp.duration {
		ok := len(takers) == 1 && strings.HasPrefix(takers[0].ID, "not_")
		if !ok {
			return in.refuseWith(semantic.T("o tempo \""+tokensText(fp.toks)+"\" só serve para clientes sem comprar ou resgatar há esse tempo; para um período diga \"nos últimos ...\"",
				"the length of time \""+tokensText(fp.toks)+"\" only fits customers who have not bought or redeemed for that long; for a period say \"in the last ...\""))
		}
	}
	if len(takers) > 1 {
		return in.refuseWith(semantic.T("não ficou claro a qual condição o período se aplica", "it is not clear which condition the period applies to"))
	}
	if len(takers) == 1 && in.mentions(cSignup) && takers[0].ID != "birthday" && in.req.Fact == semantic.Customers && !in.signupStore() {
		return in.refuseWith(semantic.T("não ficou claro se o período é do cadastro ou da compra/resgate; pergunte um de cada vez",
			"it is not clear whether the period is the sign-up's or the purchase's/redemption's; ask one at a time"))
	}
	in.req.Period = fp.p
	return nil
}

// comparePeriods: "faturamento de abril e maio" (a row per period), "crescimento de maio
// sobre abril" (one number).
func (in *interp) comparePeriods() *Refusal {
	var ps []*semantic.Period
	for _, fp := range in.q.periods {
		if fp.duration {
			return in.refuseWith(semantic.T("a pergunta tem mais de um período; pergunte um período por vez", "the question names more than one period; ask one period at a time"))
		}
		ps = append(ps, fp.p)
	}
	for _, f := range in.req.Filters {
		if f.UsesPeriod {
			return in.refuseWith(semantic.T("não ficou claro a qual condição cada período se aplica", "it is not clear which condition each period applies to"))
		}
	}
	if len(in.req.Measures) == 0 || in.shapeList {
		return in.refuseWith(semantic.T("só sei comparar períodos de um número (faturamento, vendas, clientes, ...)", "I can only compare periods of a number (revenue, sales, customers, ...)"))
	}
	// chronological
	sort.SliceStable(ps, func(a, b int) bool { return ps[a].From < ps[b].From })
	in.takeAll(cCompare)
	if g := in.find(cGrowth); g != nil {
		if len(in.req.Measures) == 2 && in.req.Measures[1] == semantic.Revenue {
			in.setMeasure(semantic.Revenue) // "crescimento das vendas": of revenue
		}
		if len(ps) != 2 || len(in.req.Measures) != 1 || len(in.req.Dims) > 0 {
			return in.refuseWith(semantic.T("o crescimento compara um número entre dois períodos", "growth compares one number between two periods"))
		}
		m, err := semantic.GrowthOf(in.req.Measures[0], ps[0], ps[1])
		if err != nil {
			return in.refuseWith(semantic.T("não sei calcular o crescimento de "+in.req.Measures[0].Name.PT, "I cannot compute the growth of "+in.req.Measures[0].Name.EN))
		}
		in.takeAll(cGrowth)
		in.takeAll(cRate)
		in.setMeasure(m)
		return nil
	}
	if in.req.Order != semantic.Natural {
		return in.refuseWith(semantic.T("não sei ordenar uma comparação de períodos", "I cannot rank a comparison of periods"))
	}
	in.req.Dims = append([]*semantic.Dimension{semantic.ByPeriods(ps)}, in.req.Dims...)
	return nil
}

func tokensText(toks []*token) string {
	parts := make([]string, len(toks))
	for i, t := range toks {
		parts[i] = t.raw
	}
	return strings.Join(parts, " ")
}

// attrByWord maps attribute words to the attributes of each fact.
func attrFor(id string, fact *semantic.Fact) *semantic.Attribute {
	switch fact {
	case semantic.Stores:
		switch id {
		case "dim:city":
			return semantic.StoreCityAttr
		case "dim:state":
			return semantic.StoreStateAttr
		case "name":
			return semantic.StoreNameAttr
		case "address":
			return semantic.StoreAddrAttr
		case "phone":
			return semantic.StorePhoneAttr
		}
	case semantic.Products:
		switch id {
		case "name":
			return semantic.ProductNameAttr
		case "sku":
			return semantic.ProductSKUAttr
		case "price":
			return semantic.ProductPriceAttr
		case "points":
			return semantic.ProductPointsAttr
		}
	case semantic.Promotions:
		switch id {
		case "name":
			return semantic.PromotionNameAttr
		case "multiplier":
			return semantic.PromotionMultAttr
		case "bonus":
			return semantic.PromotionBonusAttr
		case "start_date":
			return semantic.PromotionStartAttr
		case "end_date":
			return semantic.PromotionEndAttr
		}
	}
	switch id {
	case "dim:origin":
		return semantic.CustomerOriginAttr
	case "dim:gender":
		return semantic.CustomerGenderAttr
	case "dim:store":
		return semantic.CustomerStoreAttr
	case "name":
		return semantic.CustomerNameAttr
	case "email":
		return semantic.CustomerEmailAttr
	case "phone":
		return semantic.CustomerPhoneAttr
	case "doc":
		return semantic.CustomerDocAttr
	case "birth_date":
		return semantic.CustomerBirthAttr
	case "last_purchase":
		return semantic.CustomerLastBuyAttr
	case "created_at":
		return semantic.CustomerSignupAttr
	}
	return nil
}

// finishShape sets the columns of a list.
func (in *interp) finishShape() {
	if !in.shapeList {
		return
	}
	var asked []*semantic.Attribute
	for _, l := range in.q.lex {
		if l.used {
			continue
		}
		var a *semantic.Attribute
		switch {
		case l.is(cAttr):
			a = attrFor(l.arg(cAttr), in.req.Fact)
		case l.is(cDim):
			// "lojas com cidade e estado", "clientes com origem"
			a = attrFor("dim:"+l.arg(cDim), in.req.Fact)
		}
		if a != nil {
			in.use(l, cAttr) // "contato (telefone e email)": the phone asked twice is one column
			if !containsAttr(asked, a) {
				asked = append(asked, a)
			}
		}
	}
	attrs := in.attrs
	for _, a := range asked {
		if !containsAttr(attrs, a) {
			attrs = append(attrs, a)
		}
	}
	if len(attrs) == 0 {
		attrs = semantic.DefaultAttributes(in.req.Fact)
	} else if name := entityName[in.req.Fact]; name != nil && !containsAttr(attrs, name) {
		// "promoções ativas com o multiplicador": which promotion each value is
		attrs = append([]*semantic.Attribute{name}, attrs...)
	}
	// "promoção com o maior multiplicador": the list sorted by the number asked
	if in.req.SortBy == nil {
		if l := in.find(cMax); l == nil && in.find(cPricey) != nil {
			_ = l
		}
		if l := in.find(cMax); l != nil {
			for _, a := range asked {
				if numericAttr[a] {
					in.use(l, cMax)
					in.req.SortBy, in.req.Order, in.req.Limit = a, semantic.Descending, 1
					break
				}
			}
		} else if l := in.find(cMin); l != nil {
			for _, a := range asked {
				if numericAttr[a] {
					in.use(l, cMin)
					in.req.SortBy, in.req.Order, in.req.Limit = a, semantic.Ascending, 1
					break
				}
			}
		}
	}
	// Rows found by a partial name say whose they are.
	for _, f := range in.req.Filters {
		if f.ID == "customer_name" && !containsAttr(attrs, semantic.CustomerNameAttr) {
			attrs = append([]*semantic.Attribute{semantic.CustomerNameAttr}, attrs...)
		}
	}
	in.req.Attrs = attrs
	in.take(cWhich)
	in.take(cList)
}

var numericAttr = map[*semantic.Attribute]bool{
	semantic.PromotionMultAttr: true, semantic.PromotionBonusAttr: true, semantic.ProductPointsAttr: true, semantic.ProductPriceAttr: true,
	semantic.CustomerBalanceAttr: true,
}

var entityName = map[*semantic.Fact]*semantic.Attribute{
	semantic.Promotions: semantic.PromotionNameAttr, semantic.Stores: semantic.StoreNameAttr, semantic.Products: semantic.ProductNameAttr,
	semantic.Customers: semantic.CustomerNameAttr,
}

func containsAttr(list []*semantic.Attribute, a *semantic.Attribute) bool {
	for _, x := range list {
		if x == a {
			return true
		}
	}
	return false
}

// account refuses the question when a meaningful word was not used.
func (in *interp) account() *Refusal {
	var missed []*lexeme
	for _, l := range in.q.lex {
		if !l.used && (!l.isSoft() || in.newNotSignup(l)) {
			missed = append(missed, l)
		}
	}
	if len(missed) == 0 {
		return nil
	}
	return in.refuseUnused(missed)
}

// storeOwnsCustomers: the one store named qualifies customers ("clientes da loja Centro",
// "customers of the Batel store", "Centro customers"), not where something happened ("na
// loja Centro", "at Centro").
func (in *interp) storeOwnsCustomers() bool {
	if len(in.storeCodes) != 1 {
		return false
	}
	lexOf := map[*token]*lexeme{}
	pos := map[*token]int{}
	for i, t := range in.q.toks {
		pos[t] = i
	}
	for _, l := range in.q.lex {
		for _, t := range l.toks {
			lexOf[t] = l
		}
	}
	people := func(l *lexeme) bool { return l != nil && (l.is(cCustomer) || l.is(cBuyer)) && isPluralNoun(l) }
	for li, l := range in.q.lex {
		if !(l.used && (l.as == cStoreV || l.as == cCode)) {
			continue
		}
		first, last := l, l
		if p := in.q.prevLex(li); p != nil && p.is(cStore) {
			first = p // "loja Centro"
		}
		if n := in.q.nextLex(li); n != nil && n.is(cStore) {
			last = n // "the Batel store"
		}
		// before: "clientes da loja Centro", "customers of the Batel store"
		i := pos[first.toks[0]] - 1
		for ; i >= 0; i-- {
			t := in.q.toks[i]
			if lexOf[t] != nil {
				break
			}
			switch t.norm {
			case "da", "do", "de", "das", "dos", "of", "from", "the":
				continue
			}
			i = -1
		}
		if i >= 0 && i < pos[first.toks[0]]-1 && people(lexOf[in.q.toks[i]]) {
			return true
		}
		// after: "Centro customers", "the Batel store's members"
		if j := pos[last.toks[len(last.toks)-1]] + 1; j < len(in.q.toks) && people(lexOf[in.q.toks[j]]) {
			return true
		}
	}
	return false
}

// nullGroupDims are the breakdowns whose rows without a value form a group of their own.
var nullGroupDims = map[string]bool{"gender": true, "origin": true, "payment_type": true, "status": true, "entry_type": true}

// newNotSignup: "novos" may go unsaid in the SQL of "novos clientes este mês" (sign-ups are
// dated by their sign-up), but in "vendas para clientes novos" or "faturamento por cliente
// novo" it narrows something else that the report would not narrow.
func (in *interp) newNotSignup(l *lexeme) bool {
	if !l.is(cNew) || !(in.mentions(cCustomer) || in.mentions(cBuyer)) {
		return false
	}
	return in.req.Fact != semantic.Customers || len(in.req.Dims) > 0 && in.req.Dims[0].ID == "customer"
}
