package grammar

import (
	"strings"
	"testing"
	"time"
)

// The ninth round's known gaps: a precision asked, a day said as an offset from today, a
// lead-in period against the question's, a correction inside the question, and the
// any-status condition. Paraphrases written for these tests, in both languages, not taken
// from an evaluation set.

// TestPrecisionAsked: a precision asked of the answer rounds every measure column to it
// (a measure that rounds itself gets the precision asked instead of its own); a list,
// whose columns are shown as stored, refuses it; "arredondado" with no precision refuses.
func TestPrecisionAsked(t *testing.T) {
	revenue2 := "round((COALESCE(sum(v.value), 0))::numeric, 2)"
	revenue0 := "round((COALESCE(sum(v.value), 0))::numeric, 0)"
	ticket1 := "round(sum(v.value) / NULLIF(sum(v.sales), 0), 1) AS"
	runContext(t, []contextCase{
		{"faturamento por loja em abril com duas casas decimais", want{measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{revenue2}}, 0},
		{"quanto faturamos em março, arredondado para 2 casas decimais?", want{measures: []string{"revenue"}, sql: []string{revenue2}}, 0},
		{"faturamento do mês passado sem centavos", want{measures: []string{"revenue"}, sql: []string{revenue0}}, 0},
		{"ticket médio por loja em abril com 1 casa decimal", want{measures: []string{"average_ticket"}, sql: []string{ticket1}}, 0},
		{"revenue by store in April, rounded to 2 dp", want{measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{revenue2}}, 0},
		{"revenue for March to the nearest real", want{measures: []string{"revenue"}, sql: []string{revenue0}}, 0},
		{"revenue by month this year in whole numbers", want{measures: []string{"revenue"}, sql: []string{revenue0}}, 0},
		{"average ticket by store in April, one decimal place", want{measures: []string{"average_ticket"}, sql: []string{ticket1}}, 0},
		// a measure that rounds itself to 1 gets the 2 asked, never rounded twice
		{"share of revenue by payment type in 2024, rounded to 2 decimals", want{sql: []string{"NULLIF(sum(COALESCE(sum(v.value), 0)) OVER (), 0), 2) AS"}}, 0},
		// no precision said, or a list: refused
		{"ticket médio em abril arredondado", want{refuse: true}, 0},
		{"average ticket in April, rounded", want{refuse: true}, 0},
		{"liste os clientes ativos com duas casas decimais", want{refuse: true}, 0},
		// two precisions that disagree
		{"revenue in April with 2 decimals, in whole numbers", want{refuse: true}, 0},
	})
}

// TestDayOffset: "D-N" (Brazilian retail's days before today) is a period: D-1 yesterday,
// D+0 today, D-7 and D-30 the last 7 and 30 days; never the year 2030. A day after
// today ("D+3") is refused.
func TestDayOffset(t *testing.T) {
	last30 := "interval '29 days'"
	yesterday := "date_trunc('day', now()) - interval '1 day' AND"
	runContext(t, []contextCase{
		{"vendas D-30", want{measures: []string{"sales_count"}, period: last30}, 0},
		{"faturamento por loja D-7", want{measures: []string{"revenue"}, dims: []string{"store"}, period: "interval '6 days'"}, 0},
		{"quanto vendemos D-1?", want{sql: []string{yesterday}}, 0},
		{"faturamento D+0", want{measures: []string{"revenue"}, period: "date_trunc('day', now()) + interval '1 day'"}, 0},
		{"sales D-30 by store", want{measures: []string{"sales_count"}, dims: []string{"store"}, period: last30}, 0},
		{"revenue D-1", want{measures: []string{"revenue"}, sql: []string{yesterday}}, 0},
		{"how many buyers D-7?", want{measures: []string{"buyers"}, sql: []string{"interval '6 days'"}}, 0},
		{"faturamento D+3", want{refuse: true}, 0},
		{"revenue D+2", want{refuse: true}, 0},
	})
}

// TestLeadInPeriodAgainstQuestion: a lead-in that is a period alone is the question's
// period; when the question names another one, the two are not silently reduced to one.
func TestLeadInPeriodAgainstQuestion(t *testing.T) {
	runContext(t, []contextCase{
		{"Sobre maio: quanto vendemos ontem?", want{refuse: true}, 0},
		{"Em abril: quantas vendas hoje?", want{refuse: true}, 0},
		{"Sobre o mês passado: faturamento desta semana", want{refuse: true}, 0},
		{"Regarding May: how much did we sell yesterday?", want{refuse: true}, 0},
		{"For last month: revenue this week", want{refuse: true}, 0},
		{"About April - how many sales today?", want{refuse: true}, 0},
		// the same period said twice, or a lead-in with no period in the question
		{"Sobre maio, quanto vendemos em maio?", want{measures: []string{"revenue"}, period: "2025-05-01"}, 0},
		{"For last month: revenue by store", want{measures: []string{"revenue"}, dims: []string{"store"}, period: "interval '1 month'"}, 0},
	})
}

// TestCorrectionInQuestion: a correction between two values of one kind keeps the second
// ("Centro, quer dizer, Cambuí" is Cambuí, never both stores); the correction words beside
// anything else keep their reading.
func TestCorrectionInQuestion(t *testing.T) {
	cambui := "v.store_code = 'L03'"
	april := "2025-04-01"
	runContext(t, []contextCase{
		{"faturamento da loja Centro, quer dizer, Cambuí", want{measures: []string{"revenue"}, sql: []string{cambui}}, 1},
		{"faturamento do Centro, digo, Cambuí, em maio", want{measures: []string{"revenue"}, sql: []string{cambui}, period: "2025-05-01"}, 1},
		{"vendas de maio, ou melhor, abril", want{measures: []string{"sales_count"}, period: april}, 1},
		{"revenue at Centro, sorry, I meant Cambuí", want{measures: []string{"revenue"}, sql: []string{cambui}}, 1},
		{"revenue at the Centro store, I mean Cambuí", want{measures: []string{"revenue"}, sql: []string{cambui}}, 1},
		{"sales in May, or rather April", want{measures: []string{"sales_count"}, period: april}, 1},
		// an elaboration, not a correction: the words keep their reading
		{"vendas em maio, quer dizer, só no Centro", want{measures: []string{"sales_count"}, sql: []string{"v.store_code = 'L01'"}, period: "2025-05-01"}, 0},
		{"revenue last week, I mean by store", want{measures: []string{"revenue"}, dims: []string{"store"}}, 0},
	})
}

// TestAnyStatusNoTrueCondition: every status counted is no condition at all: no
// "WHERE true" in the SQL.
func TestAnyStatusNoTrueCondition(t *testing.T) {
	it := New(func() time.Time { return clock }, saoPaulo)
	for _, q := range []string{
		"quantos resgates em maio, todos os status inclusive cancelados",
		"vendas de maio incluindo canceladas",
		"all redemptions in May, any status, by store",
		"how many sales in April, cancelled ones included",
	} {
		res, err := it.Interpret(q, testCatalog)
		if err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		if strings.Contains(res.SQL, "WHERE true") || strings.Contains(res.SQL, "AND true") {
			t.Errorf("%q: a condition that is always true:\n%s", q, res.SQL)
		}
	}
}

// TestDoubleNegation: two negations are read both ("not without a phone": with one) or
// the question is refused, never read as one.
func TestDoubleNegation(t *testing.T) {
	withPhone := "c.phone IS NOT NULL"
	runContext(t, []contextCase{
		{"clientes que não estão sem telefone", want{measures: []string{"customers"}, sql: []string{withPhone}}, 0},
		{"customers not without a phone", want{measures: []string{"customers"}, sql: []string{withPhone}}, 0},
		{"clientes que não deixaram de comprar em maio", want{refuse: true}, 0},
		{"quantos clientes não deixaram de comprar este ano", want{refuse: true}, 0},
		{"clientes que nunca deixaram de comprar", want{refuse: true}, 0},
		{"customers who did not fail to buy in May", want{refuse: true}, 0},
		{"how many customers didn't stop buying this year", want{refuse: true}, 0},
		{"customers who never failed to buy in May", want{refuse: true}, 0},
	})
}
