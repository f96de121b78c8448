package grammar

import "testing"

// The eleventh round's cohort classes (issue 24): a lapse said with a verb of buying again
// ("não recompraram", "failed to return and buy again"), a count word of the question's own
// language over a to-date word of the other ("- qtd" in Portuguese is a count, never QTD),
// a bare quarter said again ("no tri", "in quarter") and the count words "num of", "headcount". Paraphrases written for these
// tests, in both languages; near misses are read as before or refused.

// TestCohort11Classes: one table per class.
func TestCohort11Classes(t *testing.T) {
	aprilNotMay := []string{
		"EXISTS (SELECT 1 FROM reporting.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL AND x.transaction_date >= DATE '2025-04-01' AND x.transaction_date < DATE '2025-05-01')",
		"NOT EXISTS (SELECT 1 FROM reporting.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL AND x.transaction_date >= DATE '2025-05-01' AND x.transaction_date < DATE '2025-06-01')",
	}
	repeatQ1 := []string{"x.transaction_date >= DATE '2025-01-01' AND x.transaction_date < DATE '2025-04-01') >= 2"}
	runClasses(t, []classCases{
		{"bought in one period and not again in the next, said with a verb of buying again or 'failed to'", map[string]want{
			"quantos clientes compraram em abril e não recompraram em maio?":                               {measures: []string{"customers"}, sql: aprilNotMay},
			"dos clientes que compraram em abril, quantos não recompraram em maio?":                        {measures: []string{"customers"}, sql: aprilNotMay},
			"churn de abril p/ maio: quantos clientes compraram em abril e não recompraram em maio?":       {measures: []string{"customers"}, sql: aprilNotMay},
			"How many of the customers who bought from us in April failed to return and buy again in May?": {measures: []string{"customers"}, sql: aprilNotMay},
			"how many customers who bought in April failed to buy again in May":                            {measures: []string{"customers"}, sql: aprilNotMay},
			"customers who purchased in April but failed to come back in May - how many?":                  {measures: []string{"customers"}, sql: aprilNotMay},
			"num of customers who bought in April and not in May":                                          {measures: []string{"customers"}},
			// 'failed to' of anything but coming back and buying is not understood
			"customers who bought in April and failed to pay": {refuse: true},
			// a verb of failing after another negation: the two would cancel, refused
			"customers who never failed to buy in May":                          {refuse: true},
			"customers who have not failed to buy in May":                       {refuse: true},
			"how many customers bought in April and did not fail to buy in May": {refuse: true},
		}},
		{"a Portuguese count word said after the rows is a count, never the quarter to date", map[string]want{
			"clientes q compraram em abril e não voltaram em maio - qtd":        {measures: []string{"customers"}, sql: aprilNotMay},
			"quantos clientes compraram em abril e não compraram em maio - qtd": {measures: []string{"customers"}, sql: aprilNotMay},
			"clientes ativos - qtd":               {measures: []string{"customers"}, filters: []string{"active_active"}},
			"clientes que compraram em maio, qtd": {measures: []string{"customers"}, sql: []string{"x.transaction_date >= DATE '2025-05-01'"}},
			// in English QTD is the quarter to date
			"revenue qtd": {measures: []string{"revenue"}, sql: []string{"date_trunc('quarter', now())"}},
		}},
		{"repeat buyers of a quarter, the quarter said again bare", map[string]want{
			"repeat buyer count Q1 (2+ purchase in quarter)":                                 {measures: []string{"customers"}, sql: repeatQ1},
			"clientes recorrentes no primeiro trimestre (2+ compras no tri)":                 {measures: []string{"customers"}, sql: repeatQ1},
			"no primeiro trimestre, quantos clientes compraram 2 ou mais vezes no trimestre": {measures: []string{"customers"}, sql: repeatQ1},
			// without another period the quarter is this one, as before
			"faturamento no tri":  {measures: []string{"revenue"}, sql: []string{"date_trunc('quarter', now())"}},
			"vendas no trimestre": {sql: []string{"date_trunc('quarter', now())"}},
		}},
		{"count words: 'num of', 'headcount'", map[string]want{
			"num of customers who bought in Q1 but zero purchases in Q2": {measures: []string{"customers"}, sql: []string{"DATE '2025-04-01' AND x.transaction_date < DATE '2025-07-01'"}},
			"headcount of customers who bought in May":                   {measures: []string{"customers"}, sql: []string{"x.transaction_date >= DATE '2025-05-01'"}},
			// "num" in Portuguese is no count word: before a verb it is "não" (l2en17_test.go)
			"quantos cliente se cadastrô esse ano e até agora num comprou nadinha?": {measures: []string{"customers"}, sql: []string{"NOT EXISTS", "c.created_at >= date_trunc('year', now())"}, sqlNot: []string{"count(*) FILTER"}},
		}},
	})
}
