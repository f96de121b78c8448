package grammar

import "testing"

// TestPeriodAheadOfRecords: a period entirely after today asked of recorded rows (sales,
// sign-ups, points, redemptions) is refused, never answered zero; the mutants are answered
// questions of the development sets with their period moved ahead ("next month", a month
// of this year still to come, tomorrow, next year). Dates set ahead of time (a pending
// redemption's expiry, a birthday) still take a period to come, and a month named without
// its year is still its latest past occurrence.
func TestPeriodAheadOfRecords(t *testing.T) {
	refuse := want{refuse: true}
	runSilent9(t, []silent9Case{
		// pt-BR
		{"faturamento do próximo mês", refuse},
		{"quantas vendas vamos ter na semana que vem por loja", refuse},
		{"quantos clientes se cadastraram em agosto de 2025", refuse},
		{"pontos creditados em 2026", refuse},
		{"vendas de amanhã na Savassi", refuse},
		{"quantos clientes compraram no mês que vem", refuse},
		{"resgates do 3º trimestre de 2025", refuse},
		// en
		{"revenue next month", refuse},
		{"sales tomorrow at Batel", refuse},
		{"how many customers signed up in September 2025", refuse},
		{"points redeemed in 2026", refuse},
		{"revenue since July 1, 2025", refuse},
		{"number of sales next week by store", refuse},
		// still answered: dates set ahead, a month without its year, a period running now
		{"resgates pendentes que vencem na semana que vem", want{measures: []string{"redemptions"}, sql: []string{"r.expires_at <"}}},
		{"pending redemptions expiring next week", want{measures: []string{"redemptions"}, sql: []string{"r.expires_at <"}}},
		{"aniversariantes do mês que vem", want{list: true, sql: []string{"extract(month FROM c.birth_date)"}}},
		{"birthdays next month", want{list: true, sql: []string{"extract(month FROM c.birth_date)"}}},
		{"faturamento de julho", want{measures: []string{"revenue"}, period: "DATE '2024-07-01'"}},
		{"sales in December", want{measures: []string{"sales_count"}, period: "DATE '2024-12-01'"}},
		{"faturamento deste mês", want{measures: []string{"revenue"}}},
		{"revenue this year", want{measures: []string{"revenue"}}},
		{"vendas de hoje", want{measures: []string{"sales_count"}}},
	})
}
