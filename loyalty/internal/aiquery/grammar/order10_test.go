package grammar

import (
	"testing"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// TestOrderAndPeriods10: the tenth round's classes of order, members and periods. Each
// class in both languages, paraphrases written for these tests, with near misses that
// must still be refused.
func TestOrderAndPeriods10(t *testing.T) {
	desc, asc := semantic.Descending, semantic.Ascending
	runClasses(t, []classCases{
		{"an order said as a range names one direction, never two orders", map[string]want{
			"revenue per store in April, ranked from the highest to the lowest":          {measures: []string{"revenue"}, dims: []string{"store"}, order: desc},
			"number of sales by payment type this year, from the most used to the least": {measures: []string{"sales_count"}, dims: []string{"payment_type"}, order: desc},
			"customers per origin, sorted from the smallest to the largest":              {measures: []string{"customers"}, dims: []string{"origin"}, order: asc},
			"average ticket by city last month, sort low to high":                        {measures: []string{"average_ticket"}, dims: []string{"city"}, order: asc},
			"rank the stores by revenue in May, largest to smallest":                     {measures: []string{"revenue"}, dims: []string{"store"}, order: desc},
			"faturamento por loja em abril, do maior para o menor":                       {measures: []string{"revenue"}, dims: []string{"store"}, order: desc},
			"vendas por forma de pagamento este ano, da mais usada pra menos usada":      {measures: []string{"sales_count"}, dims: []string{"payment_type"}, order: desc},
			"clientes por origem, ordenados do menor para o maior":                       {measures: []string{"customers"}, dims: []string{"origin"}, order: asc},
			"ticket médio por cidade no mês passado em ordem crescente":                  {measures: []string{"average_ticket"}, dims: []string{"city"}, order: asc},
			"ranking das lojas por faturamento em maio, da menor pra maior":              {measures: []string{"revenue"}, dims: []string{"store"}, order: asc},
			// a range ranks every group, never only the first
			"payment types from most used to least used in May": {dims: []string{"payment_type"}, order: desc, limit: 0},
			// a ranking that says its direction: "top" is the best, never re-sorted
			"top 5 stores by revenue, worst first":                    {refuse: true},
			"top 5 stores by revenue, from the lowest to the highest": {refuse: true},
			"top 5 lojas por faturamento, do menor para o maior":      {refuse: true},
		}},
		{"'only one', 'just the winner' said of a ranking: its one row", map[string]want{
			"which store had the highest revenue in May? just the winner":       {dims: []string{"store"}, limit: 1},
			"Which city had the best average ticket this year? One city only":   {dims: []string{"city"}, limit: 1},
			"which payment type was used most in April, only the winner please": {dims: []string{"payment_type"}, limit: 1},
			"qual loja faturou mais em abril? só quero saber a campeã":          {dims: []string{"store"}, limit: 1},
			"qual cidade vendeu mais este ano, só a vencedora":                  {dims: []string{"city"}, limit: 1},
			"qual forma de pagamento foi mais usada em maio? só o campeão":      {dims: []string{"payment_type"}, limit: 1},
			// of nothing ranked it is not understood
			"revenue by store in May, just the winner": {refuse: true},
			"faturamento de maio, só a campeã":         {refuse: true},
		}},
		{"a quarter or half named without a year is its most recent one that has begun", map[string]want{
			"how many customers bought in Q4 but not in Q1":                    {sql: []string{"DATE '2024-10-01'", "DATE '2025-01-01' AND x.transaction_date < DATE '2025-04-01'"}},
			"revenue in the third quarter":                                     {sql: []string{"DATE '2024-07-01' AND v.transaction_date < DATE '2024-10-01'"}},
			"sales in the second half":                                         {sql: []string{"DATE '2024-07-01' AND v.transaction_date < DATE '2025-01-01'"}},
			"quantos clientes compraram no 4º trimestre e não no 1º trimestre": {sql: []string{"DATE '2024-10-01'", "DATE '2025-01-01' AND x.transaction_date < DATE '2025-04-01'"}},
			"faturamento do terceiro trimestre":                                {sql: []string{"DATE '2024-07-01' AND v.transaction_date < DATE '2024-10-01'"}},
			"vendas do segundo semestre":                                       {sql: []string{"DATE '2024-07-01' AND v.transaction_date < DATE '2025-01-01'"}},
			// begun already: this year's
			"revenue in Q2":             {sql: []string{"DATE '2025-04-01' AND v.transaction_date < DATE '2025-07-01'"}},
			"vendas no 1º trimestre":    {sql: []string{"DATE '2025-01-01' AND v.transaction_date < DATE '2025-04-01'"}},
			"faturamento do Q4 de 2025": {sql: []string{"DATE '2025-10-01'"}},
		}},
	})
}
