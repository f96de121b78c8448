package grammar

import "testing"

// TestComparisonsAndSeveralMeasures9: two periods side by side or taken one from the
// other, two members kept apart, several measures of one fact in one row (ninth round).
// Each class in both languages, with near misses that must still be refused.
func TestComparisonsAndSeveralMeasures9(t *testing.T) {
	may25 := "DATE '2025-05-01' AND v.transaction_date < DATE '2025-06-01'"
	apr25 := "DATE '2025-04-01' AND v.transaction_date < DATE '2025-05-01'"
	janMay := []string{"DATE '2024-01-01' AND v.transaction_date < DATE '2024-06-01'", "DATE '2025-01-01' AND v.transaction_date < DATE '2025-06-01'"}
	runClasses(t, []classCases{
		{"a difference of two periods said apart: the first named minus the second", map[string]want{
			"By how much did revenue in May exceed April?":        {measures: []string{"revenue_delta"}, sql: []string{may25, apr25}},
			"how much more did we take in May than in April":      {measures: []string{"revenue_delta"}},
			"number of sales, May minus April":                    {measures: []string{"sales_count_delta"}},
			"quanto maio vendeu a mais que abril em faturamento":  {measures: []string{"revenue_delta"}, sql: []string{may25, apr25}},
			"em quanto o faturamento de maio superou o de abril?": {measures: []string{"revenue_delta"}},
			"quantas vendas maio teve a mais do que abril":        {measures: []string{"sales_count_delta"}},
			// the earlier minus the later is the opposite of the change: refused, never negated
			"by how much did April exceed May in revenue": {refuse: true},
			"quanto abril faturou a mais que maio":        {refuse: true},
			// two stores stay a difference of stores
			"how much more did Centro sell than Savassi in May": {measures: []string{"revenue_difference"}},
		}},
		{"a period against the same period a year before, of any length", map[string]want{
			"takings January to May 2025 against the same period last year":           {measures: []string{"revenue"}, dims: []string{"periods"}, sql: janMay},
			"sales from Jan to May 2025 with the prior-year comparative":              {measures: []string{"sales_count"}, dims: []string{"periods"}, sql: janMay},
			"revenue for January to May 2025 and the same months last year":           {measures: []string{"revenue"}, dims: []string{"periods"}, sql: janMay},
			"vendas de janeiro a maio de 2025 contra o mesmo período do ano anterior": {measures: []string{"sales_count"}, dims: []string{"periods"}, sql: janMay},
			"faturamento de jan a mai/2025 x mesmo período do ano passado":            {measures: []string{"revenue"}, dims: []string{"periods"}, sql: janMay},
			"faturamento da Batel em abril, comparado com o mesmo mês do ano passado": {measures: []string{"revenue"}, dims: []string{"periods"}, filters: []string{"store_code"}, sql: []string{"DATE '2024-04-01'", "DATE '2025-04-01'"}},
			"takings at Batel in April, compared with the same month last year":       {measures: []string{"revenue"}, dims: []string{"periods"}, sql: []string{"DATE '2024-04-01'", "DATE '2025-04-01'"}},
			// a growth word asks the growth, over the same span
			"revenue growth Jan to May 2025 vs the same period last year":                            {measures: []string{"revenue_growth"}, sql: janMay},
			"crescimento das vendas de janeiro a maio de 2025 sobre o mesmo período do ano anterior": {measures: []string{"sales_count_growth"}, sql: janMay},
			// "the same" of no period named
			"revenue vs the same period last year":       {refuse: true},
			"faturamento x mesmo período do ano passado": {refuse: true},
		}},
		{"an ordinal whose unit is said once, for two periods", map[string]want{
			"variação percentual do faturamento entre o 4.º trimestre de 2024 e o 1.º de 2025": {measures: []string{"revenue_growth"}, sql: []string{"DATE '2024-10-01' AND v.transaction_date < DATE '2025-01-01'", "DATE '2025-01-01' AND v.transaction_date < DATE '2025-04-01'"}},
			"vendas do 4º trimestre de 2024 e do 1º de 2025":                                   {measures: []string{"sales_count"}, dims: []string{"periods"}},
			"sales in the 4th quarter of 2024 vs the 1st of 2025":                              {measures: []string{"sales_count"}, dims: []string{"periods"}},
		}},
		{"a growth over one unit beside a span: its ends when they are of that unit, else the span a year before", map[string]want{
			"MoM takings growth, Mar -> Apr":                           {measures: []string{"revenue_growth"}, sql: []string{"DATE '2025-03-01' AND v.transaction_date < DATE '2025-04-01'", apr25}},
			"YoY growth in sales, January to May":                      {measures: []string{"sales_count_growth"}, sql: janMay},
			"crescimento a/a do faturamento de janeiro a maio de 2025": {measures: []string{"revenue_growth"}, sql: janMay},
		}},
		{"an arrow between two periods is 'to'", map[string]want{
			"revenue growth Mar -> Apr, %":              {measures: []string{"revenue_growth"}, sql: []string{"DATE '2025-03-01'", "DATE '2025-04-01'"}},
			"crescimento das vendas abril => maio":      {measures: []string{"sales_count_growth"}, sql: []string{may25, apr25}},
			"MoM growth in new customers, April -> May": {measures: []string{"customers_growth"}},
		}},
		{"members, periods or measures kept apart: 'separado', 'separately'", map[string]want{
			"average ticket at Batel and Savassi last month, separately":                {measures: []string{"average_ticket"}, dims: []string{"store"}},
			"average ticket for pix and cash in May, individually for both":             {measures: []string{"average_ticket"}, dims: []string{"payment_type"}},
			"takings for Centro and Batel this year, one by one":                        {measures: []string{"revenue"}, dims: []string{"store"}},
			"ticket médio da Batel e da Savassi no mês passado, separado":               {measures: []string{"average_ticket"}, dims: []string{"store"}},
			"faturamento no crédito e no débito em maio, separadamente":                 {measures: []string{"revenue"}, dims: []string{"payment_type"}},
			"vendas de abril e de maio, cada um separado":                               {measures: []string{"sales_count"}, dims: []string{"periods"}},
			"pontos creditados e resgatados em abril, em números separados":             {measures: []string{"points_credited", "points_redeemed"}},
			"points credited, debited and reversed in April, each as a separate figure": {measures: []string{"points_credited", "points_debited", "points_reversed"}},
			// "pra ver a diferença" after two values of one attribute: a row each
			"ticket médio no crédito e no débito em maio, separado pra ver a diferença": {measures: []string{"average_ticket"}, dims: []string{"payment_type"}},
			"average ticket on pix and cash in May, to see the difference":              {measures: []string{"average_ticket"}, dims: []string{"payment_type"}},
			// the difference asked before them is one number: not read as rows
			"qual a diferença do ticket médio no crédito e no débito em maio": {refuse: true},
			// nothing compared: a breakdown the question does not name
			"faturamento de maio, separado":  {refuse: true},
			"revenue in April, separately":   {refuse: true},
			"clientes ativos, separadamente": {refuse: true},
		}},
		{"a '+' in a comparison is 'mais'", map[string]want{
			"quantos clientes tem + de 1000 pontos": {measures: []string{"customers"}, sql: []string{"> 1000"}},
			"clientes com + de 5 compras em 2025":   {measures: []string{"customers"}},
			// a plus after a number is "or more"
			"customers aged 45+":        {measures: []string{"customers"}},
			"clientes com 1000+ pontos": {measures: []string{"customers"}},
		}},
	})
}
