package nlq

import (
	"slices"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// decideRate: "percentual de clientes que aceitam WhatsApp", "taxa de cancelamento", "% das
// vendas no pix". The rate's base is the fact named (customers by default); its condition
// is the one filter the question states, read once the filters are known (finishRate).
func (in *interp) decideRate() *Refusal {
	in.rate = in.take(cRate)
	// "store cancellation rates": one rate per store
	if t := fold(in.rate.text()); strings.HasSuffix(t, "rates") || strings.HasSuffix(t, "taxas") {
		for _, l := range in.q.lex {
			if !l.used && l.is(cStore) && singularNoun(l) && in.index(l) < in.index(in.rate) && in.index(in.rate)-in.index(l) <= 2 && !containsStr(in.dims, "store") {
				in.use(l, cDim)
				in.dims = append(in.dims, "store")
			}
		}
	}
	in.takeAll(cRate)
	in.take(cPct)
	in.rateOfRevenue = in.has(cRevenue) || (in.has(cValue) && in.has(cSale)) || in.has(cSpend)
	switch {
	case in.has(cSale) && !(in.has(cCustomer) || in.has(cWho)), in.has(cRevenue), in.has(cPayVal) && !in.has(cCustomer), in.has(cCancel) && !in.has(cCustomer) && !in.has(cRedemption) && !in.has(cRedeem):
		in.salesContext()
		in.takeAll(cValue)
		in.req.Fact = semantic.Sales
	case (in.has(cRedemption) || in.has(cRedeem)) && !in.has(cCustomer):
		in.takeAll(cRedemption)
		in.req.Fact = semantic.Redemptions
	default:
		in.takeAll(cCustomer)
		in.takeAll(cSignup)
		in.req.Fact = semantic.Customers
	}
	in.take(cCount)
	return nil
}

// conditionRank orders the filters a percentage may be "of": the condition is the most
// specific one; the others narrow the base ("taxa de opt-in de WhatsApp entre os clientes
// ativos": of WhatsApp opt-ins, among active customers).
func conditionRank(f *semantic.Filter) int {
	switch {
	case strings.HasPrefix(f.ID, "optin_"), f.ID == "app_user", f.ID == "not_app_user", f.ID == "payment_type", f.ID == "cancelled",
		strings.HasPrefix(f.ID, "status_"), f.ID == "bought", f.ID == "not_bought", f.ID == "redeemed", f.ID == "not_redeemed",
		f.ID == "birthday", strings.HasPrefix(f.ID, "gender_"), f.ID == "origin", f.ID == "email_domain", f.ID == "purchase_count", f.ID == "redemption_count", f.ID == "spend_total",
		f.ID == "balance_threshold", f.ID == "value_threshold", f.ID == "age_threshold", strings.HasPrefix(f.ID, "missing_"):
		return 2
	case strings.HasPrefix(f.ID, "active_"):
		return 1
	}
	return 0
}

// finishRate makes the rate measure(s) from the question's condition.
func (in *interp) finishRate() *Refusal {
	pendingIDs := map[*semantic.Filter]bool{}
	for _, p := range in.pending {
		pendingIDs[p.f] = true
	}
	best := 0
	for _, f := range in.req.Filters {
		if !pendingIDs[f] {
			best = max(best, conditionRank(f))
		}
	}
	var conds, rest []*semantic.Filter
	for _, f := range in.req.Filters {
		if !pendingIDs[f] && conditionRank(f) == best && best > 0 {
			conds = append(conds, f)
		} else {
			rest = append(rest, f)
		}
	}
	if len(conds) == 0 && len(in.req.Dims) > 0 {
		// "participação de cada loja no faturamento": each group's share of the total
		base := map[*semantic.Fact]*semantic.Measure{semantic.Customers: semantic.CustomerCount, semantic.Sales: semantic.SalesCount, semantic.Redemptions: semantic.RedemptionCount}[in.req.Fact]
		if in.rateOfRevenue {
			base = semantic.Revenue
		}
		if base != nil {
			m, err := semantic.ShareOfTotal(base)
			if err == nil {
				in.setMeasure(m)
				return nil
			}
		}
	}
	if len(conds) == 0 {
		// "percentage of customers aged 18 to 24", "% de clientes com mais de 60 anos": a
		// threshold read from the question's values is the condition
		var th []*semantic.Filter
		for _, f := range in.req.Filters {
			if pendingIDs[f] && conditionRank(f) == 2 {
				th = append(th, f)
			}
		}
		cond := (*semantic.Filter)(nil)
		switch {
		case len(th) == 1:
			cond = th[0]
		case len(th) == 2 && th[0].ID == th[1].ID:
			cond, _ = semantic.Both(th[0], th[1])
		}
		if cond != nil {
			conds = []*semantic.Filter{cond}
			rest = rest[:0]
			for _, f := range in.req.Filters {
				if !slices.Contains(th, f) {
					rest = append(rest, f)
				}
			}
			if th[0].ID == "age_threshold" {
				rest = append(rest, semantic.BirthDateKnown()) // ages are of those with a birth date
			}
		}
	}
	if len(conds) == 0 && len(in.req.Dims) == 0 {
		// "what share of revenue came from the Centro store": the one store named is the
		// condition (over every store)
		var named []*semantic.Filter
		for _, f := range in.req.Filters {
			if pendingIDs[f] {
				named = append(named, f)
			}
		}
		if len(named) == 1 && named[0].ID == "store_code" {
			conds = named
			in.takeAll(cFrom) // "came from"
			rest = rest[:0]
			for _, f := range in.req.Filters {
				if f != named[0] {
					rest = append(rest, f)
				}
			}
		}
	}
	if len(conds) == 0 {
		return in.refuseWith(semantic.T("percentual de quê? diga a condição (ex.: \"que aceitam WhatsApp\", \"canceladas\", \"pagas no pix\")",
			"a percentage of what? say the condition (e.g. \"who opted in to WhatsApp\", \"cancelled\", \"paid with pix\")"))
	}
	if len(conds) > 1 && in.req.Fact == semantic.Sales {
		// "percentual de vendas canceladas no pix": the cancellation is the condition, the
		// payment type narrows the sales it is a share of
		for i, c := range conds {
			if c.ID == "cancelled" {
				for j, o := range conds {
					if j != i {
						rest = append(rest, o)
					}
				}
				conds = []*semantic.Filter{c}
				break
			}
		}
	}
	if len(conds) > 1 {
		// "taxas de opt-in de email, WhatsApp e SMS": one rate per channel
		for _, c := range conds {
			if !strings.HasPrefix(c.ID, "optin_") {
				return in.refuseWith(semantic.T("o percentual tem mais de uma condição; pergunte uma por vez", "the percentage has more than one condition; ask one at a time"))
			}
		}
	}
	var ms []*semantic.Measure
	for _, cond := range conds {
		var p *semantic.Period
		if cond.UsesPeriod {
			p, in.req.Period = in.req.Period, nil
		}
		var m *semantic.Measure
		var err error
		if in.rateOfRevenue && in.req.Fact == semantic.Sales {
			m, err = semantic.ShareOf(semantic.Revenue, cond)
		} else {
			m, err = semantic.RateOf(in.req.Fact, cond, p)
		}
		if err != nil {
			return in.refuseWith(semantic.T("não sei calcular esse percentual sobre "+in.req.Fact.Name.PT, "I cannot compute that percentage over "+in.req.Fact.Name.EN))
		}
		ms = append(ms, m)
	}
	in.req.Filters = rest
	in.setMeasure(ms...)
	return nil
}
