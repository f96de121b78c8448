package grammar

import "testing"

// The seventeenth round's lead classes (issue 24): the two silently wrong answers of
// fresh-av, each a class.
func TestLead17Classes(t *testing.T) {
	runClasses(t, []classCases{
		{"what did not happen in two periods joined by and, or or nor did not happen in either: one window when they meet", map[string]want{
			"customers who bought in march but never came back in april and may, how many": {measures: []string{"customers"}, sql: []string{"NOT EXISTS", "DATE '2025-04-01'", "DATE '2025-06-01'"}, sqlNot: []string{"created_at"}},
			"clientes que compraram em março mas não voltaram em abril e maio":             {measures: []string{"customers"}, sql: []string{"NOT EXISTS", "DATE '2025-04-01'", "DATE '2025-06-01'"}, sqlNot: []string{"created_at"}},
			"clientes que compraram em março e não compraram em abril nem em maio":         {measures: []string{"customers"}, sql: []string{"NOT EXISTS", "DATE '2025-04-01'", "DATE '2025-06-01'"}, sqlNot: []string{"created_at"}},
			"customers who bought in march but not in april and may":                       {measures: []string{"customers"}, sql: []string{"NOT EXISTS", "DATE '2025-04-01'", "DATE '2025-06-01'"}, sqlNot: []string{"created_at"}},
			// two periods apart: refused, never the second read as the customers' sign-up
			"customers who bought in march but never came back in april and june": {refuse: true},
			"clientes que compraram em março e não voltaram em abril e junho":     {refuse: true},
			// said with the sign-up, a period still dates it
			"new customers who signed up in may and never bought": {measures: []string{"customers"}, sql: []string{"created_at"}},
		}},
		{"a threshold said right after the last of several measures asked apart narrows that measure only", map[string]want{
			"what's the median ticket this quarter, and how many sales over R$ 100 did we have": {sql: []string{"percentile_cont", "FILTER (WHERE v.value > 100)"}, sqlNot: []string{"AND v.value > 100"}},
			"qual o faturamento de maio e quantas vendas acima de 200 reais":                    {measures: []string{"revenue", "sales_count_among_value_threshold"}, sql: []string{"FILTER (WHERE v.value > 200)"}, sqlNot: []string{"AND v.value > 200"}},
			"total revenue in May, and how many sales were above R$ 300":                        {measures: []string{"revenue", "sales_count_among_value_threshold"}, sql: []string{"FILTER (WHERE v.value > 300)"}, sqlNot: []string{"AND v.value > 300"}},
			// one measure, or the threshold before the measures: every measure's rows
			"how many sales over R$ 100 were there in May": {measures: []string{"sales_count"}, sql: []string{"v.value > 100"}, sqlNot: []string{"FILTER"}},
		}},
		{"a percentage sign said with \"of\" after a rate defines the rate, never restates its unit (its condition was applied to the base too: 100%, silently wrong)", map[string]want{
			"repeat rate May: % of buyers w/ 2+ purchases in the month":         {sql: []string{"FILTER (WHERE (SELECT count(*)"}, sqlNot: []string{"\nWHERE (SELECT count(*)"}},
			"taxa de recompra de maio: % dos compradores com 2+ compras no mês": {sql: []string{"FILTER (WHERE (SELECT count(*)"}, sqlNot: []string{"\nWHERE (SELECT count(*)"}},
			// the sign alone after the rate is its unit
			"Taxa de cancelamento mensal (%), jan–jun/2025.": {sql: []string{"FILTER (WHERE v.cancelled_at IS NOT NULL)"}},
		}},
	})
}
