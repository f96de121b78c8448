package grammar

import "testing"

// The sixth round's silently wrong readings (silent.go). Paraphrases written for these
// tests, in both languages, not taken from an evaluation set.

// TestFlagAfterMeasure: "<measure> e as <flag>", "<measure> and the <flag> ones" asks for
// the measure and the measure of the flagged rows; the first measure is never narrowed to
// the flag (refused until both can be answered).
func TestFlagAfterMeasure(t *testing.T) {
	runContext(t, []contextCase{
		{"quantas vendas tivemos em abril e as canceladas?", want{refuse: true}, 0},
		{"número de vendas de junho e as canceladas", want{refuse: true}, 0},
		{"quantos resgates no mês passado e os pendentes", want{refuse: true}, 0},
		{"how many purchases in April and the voided ones?", want{refuse: true}, 0},
		{"count of redemptions last month and the pending ones", want{refuse: true}, 0},
		{"sales count for June, and the cancelled ones", want{refuse: true}, 0},
		// the rows named again before the flag, and a measure said with its verb
		{"valor vendido em março e as vendas anuladas", want{refuse: true}, 0},
		{"revenue in May and the cancelled sales", want{refuse: true}, 0},
		{"pontos resgatados no mês passado e os pendentes", want{refuse: true}, 0},
		{"points redeemed in April and the pending ones", want{refuse: true}, 0},
		// more said of the same rows is no other measure
		{"how many customers signed up before March 2024 and are still active?", want{measures: []string{"customers"}, sql: []string{"c.is_active"}}, 0},
		{"quantos clientes se cadastraram em 2024 e estão ativos", want{measures: []string{"customers"}, sql: []string{"c.is_active"}}, 0},
		// the flag said of the rows themselves stays a filter
		{"quantas vendas canceladas em abril", want{measures: []string{"sales_count"}, sql: []string{"v.cancelled_at IS NOT NULL"}}, 0},
		{"how many cancelled sales in April", want{measures: []string{"sales_count"}, sql: []string{"v.cancelled_at IS NOT NULL"}}, 0},
	})
}

// TestEntryKindAgainstMeasure: entries of one kind (reversals, credits, debits) said
// beside a measure of entries of another kind are refused, never dropped nor read as the
// count of the measure's own entries.
func TestEntryKindAgainstMeasure(t *testing.T) {
	runContext(t, []contextCase{
		{"quantos pontos foram creditados em junho nos estornos?", want{refuse: true}, 0},
		{"soma dos pontos creditados nos lançamentos do tipo estorno no mês passado", want{refuse: true}, 0},
		{"total of points credited last month in reversals", want{refuse: true}, 0},
		{"points credited in the reversal entries in June", want{refuse: true}, 0},
		// the same kind said again, or another measure added, still read
		{"pontos estornados em junho nos lançamentos do tipo estorno", want{sql: []string{"e.transaction_type = 'E'"}}, 0},
		{"points credited in June, and the reversals", want{sql: []string{"e.transaction_type = 'C'", "e.transaction_type = 'E'"}}, 0},
	})
}

// TestSignupCohortConversion: the share of a sign-up cohort that bought counts a purchase
// at any time, whichever way the purchase is said ("who have bought", "that bought", "que
// compraram"); a period said for the purchase dates it.
func TestSignupCohortConversion(t *testing.T) {
	cohort := "c.created_at >= DATE '2025-01-01' AND c.created_at < DATE '2025-04-01'"
	anyTime := "x.cancelled_at IS NULL))"
	runContext(t, []contextCase{
		{"what % of the customers who joined in Q1 have purchased?", want{sql: []string{cohort, anyTime}}, 0},
		{"percentage of customers who signed up in Q1 who bought", want{sql: []string{cohort, anyTime}}, 0},
		{"share of customers that signed up in Q1 that made a purchase", want{sql: []string{cohort, anyTime}}, 0},
		{"qual % dos clientes que se cadastraram no primeiro trimestre compraram?", want{sql: []string{cohort, anyTime}}, 0},
		{"percentual dos clientes cadastrados no 1º tri que já compraram", want{sql: []string{cohort, anyTime}}, 0},
		// the purchase's own period dates it
		{"% of customers who signed up in Q1 who bought in April", want{sql: []string{cohort, "x.transaction_date >= DATE '2025-04-01' AND x.transaction_date < DATE '2025-05-01'"}}, 0},
	})
}
