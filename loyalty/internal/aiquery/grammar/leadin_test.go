package grammar

import "testing"

// Lead-ins that changed what the question asks (leadin.go). Paraphrases written for
// these tests, in both languages, not taken from an evaluation set.

// TestSituationLeadIn: a concept right after a first-person statement of where the writer
// is ("tô no aniversário", "I'm at a birthday dinner") is the situation, never a filter;
// the clause is left out as context, or the question refused when the clause also names
// a constraint. A store in such a clause still binds the question.
func TestSituationLeadIn(t *testing.T) {
	runContext(t, []contextCase{
		{"tô na festa de aniversário da minha sobrinha, rapidinho: quanto a rede toda vendeu hoje?", want{measures: []string{"revenue"}, filters: []string{}, period: "date_trunc('day', now())"}, 1},
		{"estou no aniversario do meu pai - quantas vendas tivemos ontem?", want{measures: []string{"sales_count"}, filters: []string{}, period: "interval '1 day'"}, 1},
		{"I'm at my daughter's birthday party, quick one: how much revenue did we make today?", want{measures: []string{"revenue"}, filters: []string{}, period: "date_trunc('day', now())"}, 2},
		{"I'm at a birthday dinner - how many sales did we have yesterday?", want{measures: []string{"sales_count"}, filters: []string{}, period: "interval '1 day'"}, 1},
		{"tô aqui no aniversário da minha avó: quanto vendemos hoje?", want{measures: []string{"revenue"}, filters: []string{}, period: "date_trunc('day', now())"}, 1},
		{"I am at my son birthday and need to know how much we sold today", want{measures: []string{"revenue"}, filters: []string{}, period: "date_trunc('day', now())"}, 1},
		// a sentence after the question says it too
		{"quanto a rede toda faturou hoje? tô no aniversário de mainha", want{measures: []string{"revenue"}, filters: []string{}, period: "date_trunc('day', now())"}, 1},
		{"how much did we sell today? I am at my son birthday party", want{measures: []string{"revenue"}, filters: []string{}, period: "date_trunc('day', now())"}, 1},
		{"estou na loja Centro: quanto vendemos hoje?", want{measures: []string{"revenue"}, sql: []string{"'L01'"}}, 0},
	})
	runContext(t, []contextCase{
		{"estou na festa de aniversário com os clientes do app: quantas vendas tivemos hoje?", want{refuse: true}, 0},
		{"I'm at the birthday party of our app customers: how many sales did we have today?", want{refuse: true}, 0},
		// a store and the situation's concept: which one binds the question is not clear
		{"tô no aniversário da loja Centro, rapidinho: quanto vendemos hoje?", want{refuse: true}, 0},
	})
}

// TestPeriodBack: a definite period ("no mês", "no período", "during the month", "in the
// period") is the period the question names elsewhere, never the current one; alone, or
// followed by its own period, it keeps its reading.
func TestPeriodBack(t *testing.T) {
	runContext(t, []contextCase{
		{"Fechamento de abril: quantas vendas tivemos no período?", want{measures: []string{"sales_count"}, period: "2025-04-01"}, 2},
		{"Em março, quantos clientes fizeram 3 ou mais compras no mês?", want{measures: []string{"customers"}, sql: []string{"DATE '2025-03-01'", ">= 3"}}, 1},
		{"April check: how many customers made at least 2 purchases during the month?", want{measures: []string{"customers"}, sql: []string{"DATE '2025-04-01'", ">= 2"}}, 1},
		{"For Q1 2025 - how many redemptions were made in the period?", want{measures: []string{"redemptions"}, period: "2025-01-01"}, 1},
		{"Pro relatório de maio: quantos resgates tivemos no período, por favor?", want{measures: []string{"redemptions"}, period: "2025-05-01"}, 1},
		{"Em abril, qual loja vendeu mais no mês?", want{measures: []string{"revenue"}, dims: []string{"store"}, period: "2025-04-01", limit: 1}, 1},
		// "neste mês" is this month, whatever else the question dates
		{"Clientes cadastrados em janeiro: quantos compraram neste mês?", want{measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-01-01'", "date_trunc('month', now())"}}, 0},
		{"quantas vendas no mês?", want{measures: []string{"sales_count"}, period: "date_trunc('month', now())"}, 0},
		{"quantas vendas no mês de maio?", want{measures: []string{"sales_count"}, period: "2025-05-01"}, 0},
		{"how many sales in the month of April?", want{measures: []string{"sales_count"}, period: "2025-04-01"}, 0},
	})
}

// TestSignupPeriod: a period right after a sign-up word dates the sign-up; a reading that
// moved it to the purchases of "desses" / "of them" is read again with the period on the
// sign-up and the purchases at any time, or refused when it cannot be. A period of its
// own for each event is read as before.
func TestSignupPeriod(t *testing.T) {
	ever := "x.cancelled_at IS NULL) >= "
	runContext(t, []contextCase{
		{"Cohort de cadastro de fev/25: quantos desses clientes fizeram pelo menos uma compra?", want{measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-02-01'", ever + "1"}}, 0},
		{"Clientes cadastrados em março de 2025: quantos deles fizeram pelo menos 2 compras?", want{measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-03-01'", ever + "2"}}, 0},
		{"Customers who signed up in February 2025 - how many of them made at least one purchase?", want{measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-02-01'", ever + "1"}}, 0},
		{"Of the customers who joined in March, how many have made at least one purchase?", want{measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-03-01'", ever + "1"}}, 0},
		// "desde então", "since then" after customers dated by their sign-up: any time after it
		{"Dos clientes cadastrados em fevereiro de 2025, quantos fizeram pelo menos uma compra desde então?", want{measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-02-01'", ever + "1"}}, 1},
		{"Of the customers who signed up in March 2025, how many have made at least one purchase since then?", want{measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-03-01'", ever + "1"}}, 1},
		// "novos", "new" date the sign-up as the event's words do
		{"Clientes novos de fevereiro: quantos deles fizeram pelo menos uma compra?", want{measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-02-01'", ever + "1"}}, 0},
		{"New customers from February: how many of them have made at least one purchase?", want{measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-02-01'", ever + "1"}}, 0},
		{"new customers in January who bought in February", want{measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-01-01'", "DATE '2025-02-01'"}}, 0},
		{"quantos clientes se cadastraram em janeiro?", want{measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-01-01'"}}, 0},
	})
	runContext(t, []contextCase{
		{"clientes cadastrados em janeiro: quantos deles já compraram?", want{refuse: true}, 0},
		// "since then" of anything but a sign-up is read as before
		{"clientes que compraram em março: quantos voltaram a comprar desde então?", want{refuse: true}, 0},
	})
}

// TestPopulationLeadIn: a lead-in naming customers, then "quantos deles", counts those
// customers; "alguma vez" ("ever") is any time, never a count of sales.
func TestPopulationLeadIn(t *testing.T) {
	runContext(t, []contextCase{
		{"Aniversariantes de julho: quantos deles já compraram alguma vez?", want{measures: []string{"buyers"}, sql: []string{"count(DISTINCT v.customer_id)", "= 7"}}, 0},
		{"quantos aniversariantes de agosto já compraram alguma vez?", want{measures: []string{"buyers"}, sql: []string{"count(DISTINCT v.customer_id)", "= 8"}}, 0},
		{"Customers with more than 1000 points - how many of them bought in May?", want{measures: []string{"customers"}, sql: []string{"c.points_balance > 1000", "DATE '2025-05-01'"}}, 0},
	})
}
