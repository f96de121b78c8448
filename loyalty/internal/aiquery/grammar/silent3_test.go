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
		// the flag said of the rows themselves stays a filter
		{"quantas vendas canceladas em abril", want{measures: []string{"sales_count"}, sql: []string{"v.cancelled_at IS NOT NULL"}}, 0},
		{"how many cancelled sales in April", want{measures: []string{"sales_count"}, sql: []string{"v.cancelled_at IS NOT NULL"}}, 0},
	})
}
