package grammar

import "testing"

// TestExclude12: the twelfth round's exclusions said after the rows, accounting period
// words and auditor wording. Paraphrases written for these tests, with near misses.
func TestExclude12(t *testing.T) {
	notCancelled := []string{"v.cancelled_at IS NULL"}
	runClasses(t, []classCases{
		{"an exclusion the counting rule applies, said after the rows, is the default", map[string]want{
			"revenue by store in May, cancelled sales excluded":                                    {measures: []string{"revenue"}, dims: []string{"store"}, sql: notCancelled},
			"number of sales last month (cancelled ones not included)":                             {measures: []string{"sales_count"}, sql: notCancelled},
			"average ticket in April, with cancelled transactions to be excluded":                  {measures: []string{"average_ticket"}, sql: notCancelled},
			"revenue by city this year. Cancelled sales excluded.":                                 {measures: []string{"revenue"}, dims: []string{"city"}, sql: notCancelled},
			"quantas vendas em maio, canceladas fora":                                              {measures: []string{"sales_count"}, sql: notCancelled},
			"faturamento por loja em abril (vendas canceladas excluídas)":                          {measures: []string{"revenue"}, dims: []string{"store"}, sql: notCancelled},
			"vendas canceladas excluídas, qual o faturamento de maio?":                             {measures: []string{"revenue"}, sql: notCancelled},
			"points credited by store this year, cancelled entries excluded":                       {dims: []string{"store"}, sql: []string{"e.cancelled_at IS NULL"}},
			"pontos creditados por loja em maio, desconsiderando os lançamentos sem loja":          {dims: []string{"store"}, sql: []string{"e.store_code IS NOT NULL"}},
			"Excluding entries not attributed to a store, points credited per store last quarter.": {dims: []string{"store"}, sql: []string{"e.store_code IS NOT NULL"}},
			// an exclusion of what is not excluded by default is a filter, or refused
			"revenue in May excluding pix":                                {measures: []string{"revenue"}, sql: []string{"NOT (v.payment_type = 'pix')"}},
			"fora do pix, quanto faturamos em maio":                       {measures: []string{"revenue"}, sql: []string{"NOT (v.payment_type = 'pix')"}},
			"revenue in May, pix sales excluded":                          {refuse: true},
			"pontos creditados sem loja em maio":                          {sql: []string{"e.store_code IS NULL"}},
			"how many redemptions in May, cancelled redemptions excluded": {refuse: true},
			"quantas vendas canceladas em maio":                           {measures: []string{"sales_count"}, sql: []string{"v.cancelled_at IS NOT NULL"}},
		}},
		{"accounting period words name the calendar period", map[string]want{
			"revenue for fiscal 2024": {measures: []string{"revenue"}, period: "2024-01-01"},
			"For the fiscal period January 1 to March 31, 2025, total revenue":                           {measures: []string{"revenue"}, period: "2025-04-01"},
			"number of sales in calendar year 2024":                                                      {period: "2024-01-01"},
			"faturamento no ano-calendário de 2024":                                                      {measures: []string{"revenue"}, period: "2024-01-01"},
			"faturamento na competência de maio/2025":                                                    {measures: []string{"revenue"}, period: "2025-05-01"},
			"revenue in 2024 all up":                                                                     {measures: []string{"revenue"}, period: "2024-01-01"},
			"faturamento de 2024 tudo somado":                                                            {measures: []string{"revenue"}, period: "2024-01-01"},
			"points balance in total as of today, i.e. sum of point balances over all customer accounts": {measures: []string{"balance_total"}, period: "-"},
		}},
		{"auditor wording of known things", map[string]want{
			"Count of customer accounts opened in calendar 2024 that have never recorded a purchase.": {measures: []string{"customers"}, period: "2024-01-01", sql: []string{"c.created_at >= DATE '2024-01-01'", "NOT EXISTS"}},
			"how many accounts were opened in May":                                                    {measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-05-01'"}},
			"quantas contas abertas em maio":                                                          {measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-05-01'"}},
			"quantos clientes abriram conta em 2024":                                                  {measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2024-01-01'"}},
			"how many redemptions expired unused in May":                                              {measures: []string{"redemptions"}, sql: []string{"r.status = 'expired'"}},
			"quantos resgates expiraram sem uso em abril":                                             {measures: []string{"redemptions"}, sql: []string{"r.status = 'expired'"}},
			"share of sales settled by pix in May":                                                    {sql: []string{"v.payment_type = 'pix'"}},
			// a store has no account to open
			"how many stores opened in 2024": {refuse: true},
		}},
	})
}
