package grammar

import "testing"

// TestBands9Classes: the ninth round's statistics, bands, calendar groups and cohorts, each
// class in paraphrases of both languages written for this test (never taken from an
// evaluation set), with near misses that must still be refused.
func TestBands9Classes(t *testing.T) {
	const (
		weekendVsWeekdays = "WHEN extract(isodow FROM v.transaction_date) IN (6, 7) THEN"
		workdays          = "extract(isodow FROM v.transaction_date) IN (1, 2, 3, 4, 5) THEN"
		median            = "percentile_cont(0.5) WITHIN GROUP (ORDER BY v.value)"
		purchasesInQ1     = "x.transaction_date >= DATE '2025-01-01' AND x.transaction_date < DATE '2025-04-01') < 2 THEN '1'"
	)
	runClasses(t, []classCases{
		{"sets of weekdays in a list are groups side by side, never one set of every day", map[string]want{
			"faturamento nos dias úteis e nos finais de semana em abril":            {measures: []string{"revenue"}, dims: []string{"weekday_set"}, sql: []string{weekendVsWeekdays, workdays}},
			"quanto vendemos de sábado e domingo junto e de segunda a sexta junto":  {dims: []string{"weekday_set"}, sql: []string{"IN (6, 7) THEN 'fim de semana'"}},
			"vendas nos dias úteis, de segunda a sexta, e no fim de semana em maio": {measures: []string{"sales_count"}, dims: []string{"weekday_set"}},
			"vende mais no fim de semana que nos dias úteis? faturamento de abril":  {dims: []string{"weekday_set"}, sql: []string{weekendVsWeekdays}},
			"weekday revenue and weekend revenue in April":                          {measures: []string{"revenue"}, dims: []string{"weekday_set"}},
			"sales on weekdays and on weekends last month, one row each":            {measures: []string{"sales_count"}, dims: []string{"weekday_set"}},
			"do we sell more on weekends than on weekdays? April revenue":           {dims: []string{"weekday_set"}, sql: []string{weekendVsWeekdays}},
			// a list of single days is still one set of days
			"vendas de sábado e domingo em maio":  {filters: []string{"weekday_in"}, sql: []string{"IN (6, 7)"}},
			"sales on Mondays and Fridays in May": {filters: []string{"weekday_in"}, sql: []string{"IN (1, 5)"}},
			// a set is no end of a range, and "more than" with nothing compared ranks nothing
			"vendas de dias úteis a domingo":                        {refuse: true},
			"qual loja vende mais que a Batel?":                     {refuse: true},
			"which store sells more than Savassi?":                  {refuse: true},
			"vendas de segunda a quarta nos dias de quarta a sexta": {refuse: true},
		}},
		{"the kind of day is a breakdown into working days and weekends; said after days compared it restates them", map[string]want{
			"faturamento por tipo de dia em maio":                                       {dims: []string{"day_type"}, sql: []string{workdays}},
			"revenue by day type last quarter":                                          {dims: []string{"day_type"}},
			"segunda x sexta em maio, quantas vendas em cada tipo de dia":               {dims: []string{"weekday_set"}, sql: []string{"IN (1) THEN 'segunda'"}},
			"Mondays vs Fridays in April, number of sales for each day type":            {dims: []string{"weekday_set"}},
			"fim de semana x dias úteis em abril: vendas e faturamento, uma linha cada": {measures: []string{"sales_count", "revenue"}, dims: []string{"weekday_set"}},
		}},
		{"statistics together: the arithmetic mean is the average", map[string]want{
			"mediana e média aritmética do ticket em abril":          {measures: []string{"average_ticket_median", "average_ticket"}, sql: []string{median, "avg(v.value)"}},
			"média aritmética e mediana do valor das vendas em 2024": {measures: []string{"average_ticket", "average_ticket_median"}},
			"arithmetic mean and median sale value in April":         {measures: []string{"average_ticket", "average_ticket_median"}},
			"median and simple average ticket last quarter":          {measures: []string{"average_ticket_median", "average_ticket"}},
			"mediana e p90 do ticket em abril":                       {measures: []string{"average_ticket_median", "average_ticket_p90"}},
			"p90 e mediana do número de clientes":                    {refuse: true},
		}},
		{"bands said with their unit keep it: ages in years, purchase counts in purchases", map[string]want{
			"clientes por faixa etária nas seguintes faixas: até 29 anos, de 30 a 44 e 45 anos ou mais": {measures: []string{"customers"}, dims: []string{"age_band"}},
			"distribuição dos clientes por escalão etário: até 30, 31 a 50 e acima de 50":               {measures: []string{"customers"}, dims: []string{"age_band"}},
			"customers by age: up to 29 years, 30 to 44 years, 45 years or more":                        {measures: []string{"customers"}, dims: []string{"age_band"}},
			"compradores do 1º tri por nº de compras, faixas 1 compra, 2 compras e 3 ou mais":           {measures: []string{"customers"}, dims: []string{"purchase_count_band"}, sql: []string{purchasesInQ1}},
			"clientes por nº de compras em 2024, faixas 1 compra, 2 a 4 compras e 5 ou mais":            {measures: []string{"customers"}, dims: []string{"purchase_count_band"}},
			"Q1 buyers by number of purchases, bands 1 purchase, 2-3 purchases, 4 or more":              {measures: []string{"customers"}, dims: []string{"purchase_count_band"}, sql: []string{purchasesInQ1}},
			"customers in bands of 1 purchase, 2 to 3 purchases and 4+ purchases this year":             {dims: []string{"purchase_count_band"}},
			// bands of purchases are never ages, nor a count of sales; two units are no list
			"clientes por faixa etária: 1 compra, 2 a 3 compras":                 {refuse: true},
			"quantas vendas por nº de compras, faixas 1 compra, 2 a 3 compras":   {refuse: true},
			"clientes por idade: até 24 anos, 25 a 34 compras e 35 anos ou mais": {refuse: true},
			"buyers by number of purchases in May: 0, 1, 2+":                     {refuse: true},
		}},
		{"a band word naming ages said apart from the list names it; a comma may stand before the list", map[string]want{
			"perfil etário dos compradores de abril: quantos por faixa, até 29, 30 a 44 e 45+": {measures: []string{"buyers"}, dims: []string{"age_band"}, sql: []string{"c.birth_date IS NOT NULL", "'45+'"}},
			"age profile of April buyers: how many per band, under 30, 30-44, 45+":             {measures: []string{"buyers"}, dims: []string{"age_band"}},
			"clientes por faixa etária, até 29, 30 a 44 e 45+":                                 {measures: []string{"customers"}, dims: []string{"age_band"}, sql: []string{"'45+'"}},
			"customers by age band, under 30, 30-44, 45+":                                      {measures: []string{"customers"}, dims: []string{"age_band"}},
			// bands of buyers that name no quantity are of nothing said
			"compradores de abril por faixa: até 29, 30 a 44 e 45+": {refuse: true},
		}},
		{"repeat buyers: the number of times said before or after its comparison", map[string]want{
			"dos clientes que compraram em abril, quantos % compraram 2 vezes ou mais no mês?": {sql: []string{">= 2) / NULLIF(count(*), 0)", "DATE '2025-04-01'"}},
			"quantos clientes compraram 3 vezes ou mais em abril":                              {measures: []string{"customers"}, sql: []string{">= 3"}},
			"of the customers who bought in April, what % bought 2 times or more in April":     {sql: []string{">= 2) / NULLIF(count(*), 0)"}},
			"how many customers bought 3 times or more in April":                               {measures: []string{"customers"}, sql: []string{">= 3"}},
		}},
		{"customers who bought at more than one store, said by any word for a store", map[string]want{
			"how many customers bought at more than 1 outlet this year":       {sql: []string{"count(DISTINCT x.store_code)", "> 1"}},
			"how many customers shopped at two or more branches in 2024":      {sql: []string{"count(DISTINCT x.store_code)", ">= 2"}},
			"quantos clientes compraram em mais de uma filial em 2025":        {sql: []string{"count(DISTINCT x.store_code)", "> 1"}},
			"quantos clientes compraram em mais de um estabelecimento no ano": {sql: []string{"count(DISTINCT x.store_code)", "> 1"}},
		}},
		{"churned is a lapse: bought in one period and not in the next", map[string]want{
			"how many April buyers churned in May":                    {measures: []string{"customers"}, sql: []string{"NOT EXISTS", "DATE '2025-05-01'", "DATE '2025-04-01'"}},
			"how many customers bought in March and churned in April": {sql: []string{"NOT EXISTS", "DATE '2025-04-01'"}},
			"quantos compradores de março deram churn em abril":       {sql: []string{"NOT EXISTS", "DATE '2025-04-01'"}},
			"clientes que compraram em março e churnaram em abril":    {sql: []string{"NOT EXISTS", "DATE '2025-04-01'"}},
		}},
	})
}
