package grammar

import (
	"slices"
	"strconv"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// Productions of informal and analysts' writing (issue 24, fifth round): the structures
// texting, dictation, English as a second language and column-minded analysts use for
// what the other productions already read. The words are the model's
// (semantic/vocabulary.go: CatLapsed, CatTruth, the number words; semantic/discourse.go:
// the "informal" and "restated" classes).
const (
	tLapsed = string(semantic.CatLapsed)
	tTruth  = string(semantic.CatTruth)
	tSoFar  = string(semantic.CatSoFar)
)

func informal(x *env) []*Rule {
	return append(storeThenLapsed(), []*Rule{
		// "sumiu no 2º tri", "stopped buying in May" is NotBuy (rules.go); "sumiu no 2º tri
		// (não comprou mais nada)": the same said again
		rule("Filter", 0.3, tLapsed+" Period "+tLapsed, func(k []*Edge) (any, bool) { return cohort("buy", true, k[1].Val.(periodV)) }),

		// a flag or an opt-in followed by its stored value, as a column reads: "email_optin
		// = true", "whatsapp_optin verdadeiro e sms_optin falso", "is_active = false"
		rule("Filter", 0, "Members "+tOptIn+" "+tTruth, func(k []*Edge) (any, bool) {
			m := k[0].Val.(memberV)
			if m.kind != "channel" {
				return nil, false
			}
			return optinFilter(x, m, arg(k[2]) == "false")
		}),
		rule("Filter", 0, tFlag+" "+tTruth, func(k []*Edge) (any, bool) { return flagFilter(arg(k[0]), arg(k[1]) == "false") }),
		// "status applied", "com status = pending", "where status is expired": a status by
		// its stored name after the column's name (a flag that narrows redemptions)
		rule("Filter", 0, tDim+" "+tCmp+"? "+tFlag, func(k []*Edge) (any, bool) {
			fl := semantic.FlagByID(arg(k[2]))
			if arg(k[0]) != semantic.ByStatus.ID || (k[1] != nil && arg(k[1]) != "=") || fl == nil || !fl.Filter().Applies(semantic.Redemptions, nil) {
				return nil, false
			}
			return flagFilter(fl.ID, false)
		}),

		// "data de nascimento em julho", "birth_date in July": the birthdays of that month,
		// never the customers who signed up then
		rule("Filter", -0.1, tAttr+" Period", func(k []*Edge) (any, bool) {
			p := k[1].Val.(periodV).p
			if arg(k[0]) != semantic.CustomerBirthAttr.ID || p.Month == 0 {
				return nil, false
			}
			f := semantic.AtPeriod(semantic.Birthday(), p)
			return filterV{id: "birth_month:" + strconv.Itoa(p.Month), resolve: func(fact *semantic.Fact) (*semantic.Filter, bool) {
				return f, fact == semantic.Customers
			}}, true
		}),

		// "com idade de 30 anos ou mais", "saldo de 500 pontos ou menos": the noun's quantity
		// compared, never an average of it beside a filter
		rule("Filter", 0, tHave+"? "+tNoun+" "+tFrom+"? Num "+tQuantity+"? "+tCmp, func(k []*Edge) (any, bool) {
			n := semantic.NounByID(arg(k[1]))
			c := arg(k[5])
			if n == nil || n.Quantity == "" || (c != ">=" && c != "<=") || (k[4] != nil && arg(k[4]) != n.Quantity && !(n.ID == "age" && arg(k[4]) == "years")) {
				return nil, false
			}
			return threshold(n.Quantity, c, arg(k[3]))
		}),
		// "aged 35 or older", "aged over 40": the unit before the comparison
		rule("Filter", 0, tQuantity+" Num "+tCmp, func(k []*Edge) (any, bool) {
			if c := arg(k[2]); c == ">=" || c == "<=" {
				return threshold(arg(k[0]), c, arg(k[1]))
			}
			return nil, false
		}),
		rule("Filter", 0, tQuantity+" "+tCmp+" Num", func(k []*Edge) (any, bool) { return threshold(arg(k[0]), arg(k[1]), arg(k[2])) }),

		// "os dez maiores", "the 5 biggest", "as 3 menores": the size of a ranking said
		// before its order (never a month: "dez" is also December)
		rule("Rank", 0, "Num "+tMost, func(k []*Edge) (any, bool) { return rankSized(semantic.Descending, arg(k[0])) }),
		rule("Rank", 0, "Num "+tLeast, func(k []*Edge) (any, bool) { return rankSized(semantic.Ascending, arg(k[0])) }),

		// "June until now", "2025 até hoje": a named period that is still running runs up
		// to now anyway; one that ended ("March till now") is the time since it began
		rule("Period", 0, tSoFar+" "+tIn+"? Period", func(k []*Edge) (any, bool) { return upToNow(x, k[2].Val.(periodV)) }),
		// "year to date", "quarter so far", "trimestre até agora", "semana até hoje": the
		// current period of the unit, up to now (its up-to-now words are pinned, chart.go)
		rule("Period", 0, tUnit+" "+tSoFar, func(k []*Edge) (any, bool) {
			if u := arg(k[0]); u != "week" && u != "month" && u != "quarter" && u != "year" {
				return nil, false
			}
			return unitPeriod(x, "this", k[0])
		}),
		// "inactive customers till date", "clientes ativos até hoje": up to now said of no
		// period is what a question without one asks (taken only then, assemble.go)
		markerClause("sofar", tSoFar, 0.1),
		// "the last 30 days, counting today", "últimos 7 dias, contando hoje": after a comma too
		rule("Period", 0, "Period "+tAnd+"? "+tSoFar, func(k []*Edge) (any, bool) {
			return upToNow(x, k[0].Val.(periodV))
		}),

		// "por qtd resgatada", "by quantity redeemed": ranked by what the event counts
		rule("Clause", 0.1, tBy+" "+tAgg+" "+tEvent, func(k []*Edge) (any, bool) {
			return clauseV{"event", marker(arg(k[2]))}, arg(k[1]) == "count"
		}),

		// "active members only", "pending only": "only" after a flag or a subject restates
		// its own restriction (never "bought only at X": no rule reads it there); "only"
		// before a flag is wordy.go's
		rule("Filter", 0, tFlag+" "+tCmp, func(k []*Edge) (any, bool) {
			if arg(k[1]) != "=" {
				return nil, false
			}
			return flagFilter(arg(k[0]), false)
		}),
		rule("Subject", 0, "Subject "+tCmp, func(k []*Edge) (any, bool) { return onlySubject(k[0], k[1]) }),
		rule("Subject", 0, tCmp+" Subject", func(k []*Edge) (any, bool) { return onlySubject(k[1], k[0]) }),
	}...)
}

// onlySubject is a subject said with "only" ("members only", "só dos clientes"): the
// subject itself, when it names rows and nothing they did ("bought only at X" is not it).
func onlySubject(subj, only *Edge) (any, bool) {
	s, ok := subj.Val.(subjectV)
	return s, ok && arg(only) == "=" && s.event == nil && !s.neg
}

// rankSized is a ranking of n groups.
func rankSized(o semantic.Order, n string) (any, bool) {
	v := atoiOr(n, 0)
	if v < 1 || v > 1000 {
		return nil, false
	}
	return rankV{order: o, limit: v}, true
}

// upToNow is a period said "up to now" ("June until now", "até agora este mês"): a
// current or running one is itself (no data lies ahead), one that ended ("March till now")
// is the time since it began.
func upToNow(x *env, v periodV) (any, bool) {
	p := v.p
	switch p.Kind {
	case semantic.ThisWeek, semantic.ThisMonth, semantic.ThisQuarter, semantic.ThisYear, semantic.LastN:
		return v, true // a trailing window runs to today: "the last 30 days counting today"
	}
	if running(x, p) {
		return v, true
	}
	if p.Start.IsZero() || p.Start.After(x.cal.Now) || !calendar(p) && p.Kind != semantic.CalendarDay {
		return nil, false
	}
	// "from 1 June till date": a named day up to now is the time since it (never the
	// day alone, which skipping "to date" as a filler would read)
	return open(p, "since")
}

// calendar reports whether p is a named month, quarter, half or year.
func calendar(p *semantic.Period) bool {
	switch p.Kind {
	case semantic.CalendarMonth, semantic.CalendarQuarter, semantic.CalendarHalf, semantic.CalendarYear:
		return true
	}
	return false
}

// running reports whether a named calendar period holds the question's now.
func running(x *env, p *semantic.Period) bool {
	if p.Start.IsZero() {
		return false
	}
	var end = p.Start
	switch p.Kind {
	case semantic.CalendarMonth:
		end = p.Start.AddDate(0, 1, 0)
	case semantic.CalendarQuarter:
		end = p.Start.AddDate(0, 3, 0)
	case semantic.CalendarHalf:
		end = p.Start.AddDate(0, 6, 0)
	case semantic.CalendarYear:
		end = p.Start.AddDate(1, 0, 0)
	default:
		return false
	}
	now := x.cal.Now
	return !now.Before(p.Start) && now.Before(end)
}

// storeThenLapsed reads "bought in Savassi in May but (then) didn't buy (anything) in
// June": the first purchase at that store in the first period, none anywhere in the second.
func storeThenLapsed() []*Rule {
	return []*Rule{
		rule("Filter", 0.2, tEvent+" "+tIn+"? Member "+tIn+"? Period "+tAnd+"? "+string(semantic.CatThan)+"? NotBuy Period", func(k []*Edge) (any, bool) {
			m := k[2].Val.(memberV)
			if (arg(k[0]) != "buy" && arg(k[0]) != "spend") || k[7].Val.(string) != "buy" || m.kind != "store" || len(m.values) != 1 || k[4].Val.(periodV).absence {
				return nil, false
			}
			p1, p2 := k[4].Val.(periodV).p, k[8].Val.(periodV).p
			both, err := semantic.Both(semantic.AtPeriod(semantic.BoughtAtStore(m.values[0], true), p1), semantic.AtPeriod(semantic.Bought(false), p2))
			if err != nil {
				return nil, false
			}
			return filterV{id: "cohort_store:" + m.values[0] + p1.From + p2.From, period: true, event: true, cohortPeriod: p1, deniedPeriod: p2, resolve: func(fact *semantic.Fact) (*semantic.Filter, bool) {
				return both, fact == semantic.Customers
			}}, true
		}),
	}
}

// totalSaidAgain reads "no total", "in total" after a count of rows that have no amount
// ("quantos clientes temos no total"): the same count, said again. After a count of sales
// it may ask for the revenue, and is left to the rest of the assembly (refused).
func (a *assembly) totalSaidAgain(x *env, measures []*semantic.Measure) {
	if len(measures) != 1 || measures[0].Fact == nil || measures[0].ID != measures[0].Fact.Count || measures[0].Fact.Amount != "" {
		return
	}
	at := -1
	for i, c := range a.clauses {
		if c.kind == "measures" {
			at = i
		}
	}
	if at < 0 {
		return
	}
	for _, j := range a.all("agg") {
		if j < at || string(a.clauses[j].v.(marker)) != "sum" {
			continue
		}
		from, to := a.spans[at].to, a.spans[j].from
		if !slices.ContainsFunc(x.conj, func(p int) bool { return p >= from && p < to }) {
			a.used[j] = true
		}
	}
}

// aggOfFact is "quantidade e faturamento", "quantity and revenue": the count (or the
// amount) of the rows of the measure named after it, then that measure.
func aggOfFact(agg string, second *semantic.Measure) (any, bool) {
	f := second.Fact
	if f == nil {
		return nil, false
	}
	id := ""
	switch agg {
	case "count":
		id = f.Count
	case "sum":
		id = f.Amount
	}
	first := semantic.MeasureByID(id)
	if id == "" || first == nil || first == second {
		return nil, false
	}
	return []*semantic.Measure{first, second}, true
}
