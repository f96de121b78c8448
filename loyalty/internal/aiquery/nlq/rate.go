package nlq

import "github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"

// decideRate: "percentual de clientes que aceitam WhatsApp", "taxa de cancelamento", "% das
// vendas no pix". The rate's base is the fact named (customers by default); its condition
// is the one filter the question states, read once the filters are known (finishRate).
func (in *interp) decideRate() *Refusal {
	in.rate = in.take(cRate)
	in.takeAll(cRate)
	in.take(cPct)
	switch {
	case in.has(cSale) && !(in.has(cCustomer) || in.has(cWho)), in.has(cRevenue), in.has(cPayVal) && !in.has(cCustomer), in.has(cCancel) && !in.has(cCustomer) && !in.has(cRedemption) && !in.has(cRedeem):
		in.salesContext()
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

// finishRate makes the rate measure from the question's condition.
func (in *interp) finishRate() *Refusal {
	var cond *semantic.Filter
	var rest []*semantic.Filter
	pendingIDs := map[*semantic.Filter]bool{}
	for _, p := range in.pending {
		pendingIDs[p.f] = true
	}
	for _, f := range in.req.Filters {
		if pendingIDs[f] || cond != nil {
			rest = append(rest, f)
			continue
		}
		cond = f
	}
	if cond == nil {
		return in.refuseWith(semantic.T("percentual de quê? diga a condição (ex.: \"que aceitam WhatsApp\", \"canceladas\", \"pagas no pix\")",
			"a percentage of what? say the condition (e.g. \"who opted in to WhatsApp\", \"cancelled\", \"paid with pix\")"))
	}
	for _, f := range rest {
		if !pendingIDs[f] {
			return in.refuseWith(semantic.T("o percentual tem mais de uma condição; pergunte uma por vez", "the percentage has more than one condition; ask one at a time"))
		}
	}
	var p *semantic.Period
	if cond.UsesPeriod {
		p, in.req.Period = in.req.Period, nil
	}
	m, err := semantic.RateOf(in.req.Fact, cond, p)
	if err != nil {
		return in.refuseWith(semantic.T("não sei calcular esse percentual sobre "+in.req.Fact.Name.PT, "I cannot compute that percentage over "+in.req.Fact.Name.EN))
	}
	in.req.Filters = rest
	in.setMeasure(m)
	return nil
}
