package grammar

import "testing"

// TestComparisons11: weekday sets beside the weekend, number words that are not dates,
// growth between two periods and a day of a month in a year said after it (eleventh
// round). Each class in both languages, with near misses that must still be refused.
func TestComparisons11(t *testing.T) {
	may25 := "DATE '2025-05-01' AND v.transaction_date < DATE '2025-06-01'"
	apr25 := "DATE '2025-04-01' AND v.transaction_date < DATE '2025-05-01'"
	sets := "IN (6, 7) THEN"
	weekdays := "IN (1, 2, 3, 4, 5)"
	weekend := "IN (6, 7)"
	runClasses(t, []classCases{
		{"weekdays beside the weekend are a set of days, never this week", map[string]want{
			"o tiquete medio no sabado e domingo contra os dias de semana, no mes de maio, pra ve a diferença": {measures: []string{"average_ticket"}, dims: []string{"weekday_set"}, sql: []string{sets, weekdays, may25}},
			"ticket médio no sábado e domingo x dias úteis, em maio":                                           {measures: []string{"average_ticket"}, dims: []string{"weekday_set"}, sql: []string{sets, weekdays, may25}},
			"faturamento do fim de semana contra os dias de semana, maio":                                      {measures: []string{"revenue"}, dims: []string{"weekday_set"}, sql: []string{sets, weekdays, may25}},
			"vendas fds x dias de semana, maio":                                                                {measures: []string{"sales_count"}, dims: []string{"weekday_set"}, sql: []string{sets, may25}},
			"Average spend per sale at the weekends versus weekdays in May, if ye don't mind":                  {measures: []string{"average_ticket"}, dims: []string{"weekday_set"}, sql: []string{sets, weekdays, may25}},
			"sales at the weekend vs on weekdays in May":                                                       {measures: []string{"sales_count"}, dims: []string{"weekday_set"}, sql: []string{sets, may25}},
			"avg spend per sale, weekend against weekday, May":                                                 {measures: []string{"average_ticket"}, dims: []string{"weekday_set"}, sql: []string{sets, may25}},
			"vendas no fds vs dias de semana esse mês, qtd e valor pfv":                                        {measures: []string{"sales_count", "revenue"}, dims: []string{"weekday_set"}, sql: []string{sets, weekdays, "date_trunc('month', now())"}},
			"vendas e faturamento no fim de semana x dias uteis este mes":                                      {measures: []string{"sales_count", "revenue"}, dims: []string{"weekday_set"}, sql: []string{sets, weekdays}},
			"sales on the weekend vs weekdays this month, count and value":                                     {measures: []string{"sales_count", "revenue"}, dims: []string{"weekday_set"}, sql: []string{sets, weekdays}},
			// "dia de semana" (singular) also names the days of the week: never this week,
			// refused until it is read as the working days
			"o tiquete medio no sabado e domingo contra os dia de semana, no mes de maio, pra ve a diferença": {refuse: true},
			"vendas no fds vs dia de semana esse mês, qtd e valor pfv":                                        {refuse: true},
			"ticket medio sabado e domingo contra dia de semana em maio":                                      {refuse: true},
			// "this weekend" said against the working days: which weekend is unclear
			"faturamento deste fim de semana contra dias de semana": {refuse: true},
			// the weekend's part of a total
			"What does the weekend represent in the turnover of the month of May, in percentage?": {sql: []string{weekend, may25, "100.0"}},
			"how much does the weekend represent in May turnover, in percentage":                  {sql: []string{weekend, may25, "100.0"}},
			"quanto o fim de semana representa no faturamento de maio, em percentual":             {sql: []string{weekend, may25, "100.0"}},
			"o que o fds representa do faturamento de maio em %":                                  {sql: []string{weekend, may25, "100.0"}},
			// "semana" on its own is still this week
			"vendas da semana contra a semana passada": {measures: []string{"sales_count"}, dims: []string{"periods"}},
			// a percentage of nothing is still refused
			"revenue in May in percentage": {refuse: true},
		}},
		{"a number word beside 'row' is a layout, never a date", map[string]want{
			"daily revenue last 7 day, each day one row":                 {measures: []string{"revenue"}, dims: []string{"day"}, sql: []string{"interval '6 days'"}},
			"daily revenue last 7 days, each day in one row":             {measures: []string{"revenue"}, dims: []string{"day"}},
			"revenue by day in May, each day on one row":                 {measures: []string{"revenue"}, dims: []string{"day"}, sql: []string{may25}},
			"revenue and sales last 7 days in a single row":              {measures: []string{"revenue", "sales_count"}},
			"faturamento por dia na ultima semana, cada dia uma linha":   {measures: []string{"revenue"}, dims: []string{"day"}},
			"faturamento e vendas dos ultimos 7 dias em uma unica linha": {measures: []string{"revenue", "sales_count"}},
			"faturamento e vendas dos ultimos 7 dias, uma linha so":      {measures: []string{"revenue", "sales_count"}},
			// a day in digits, or a number word with its month, is still a date
			"faturamento do dia 1 de maio":  {measures: []string{"revenue"}, sql: []string{"DATE '2025-05-01' AND v.transaction_date < DATE '2025-05-02'"}},
			"revenue on day one of May":     {measures: []string{"revenue"}, sql: []string{"DATE '2025-05-01' AND v.transaction_date < DATE '2025-05-02'"}},
			"faturamento do dia um de maio": {measures: []string{"revenue"}, sql: []string{"DATE '2025-05-01' AND v.transaction_date < DATE '2025-05-02'"}},
		}},
		{"growth between two periods, however said", map[string]want{
			"What is the evolution in percentage of the turnover between April and May?": {measures: []string{"revenue_growth"}, sql: []string{may25, apr25}},
			"percentage evolution of sales from April to May":                            {measures: []string{"sales_count_growth"}, sql: []string{may25, apr25}},
			"evolução em percentual do faturamento entre abril e maio":                   {measures: []string{"revenue_growth"}, sql: []string{may25, apr25}},
			"By what % did Savassi takings go up or down from Q4 last year to Q1":        {measures: []string{"revenue_growth"}, filters: []string{"store_code"}, sql: []string{"DATE '2024-10-01'", "DATE '2025-01-01' AND v.transaction_date < DATE '2025-04-01'"}},
			"by what % did sales go up from Q1 to Q2":                                    {measures: []string{"sales_count_growth"}},
			"how much did revenue grow or fall from April to May":                        {measures: []string{"revenue_growth"}, sql: []string{may25, apr25}},
			"quanto cresceu ou caiu o faturamento de abril para maio":                    {measures: []string{"revenue_growth"}, sql: []string{may25, apr25}},
			"em quantos % o faturamento aumentou ou diminuiu de abril pra maio":          {measures: []string{"revenue_growth"}, sql: []string{may25, apr25}},
			// evolution alone is a series over time, never a growth or a share
			"evolução do faturamento por mês em 2025": {measures: []string{"revenue"}, dims: []string{"month"}},
			// a fall with nothing to fall from
			"did sales go down in May": {refuse: true},
		}},
		{"a day of a month with the year said after it is one date", map[string]want{
			"revenue on May 1st compared with May 1st last year":                                    {measures: []string{"revenue"}, dims: []string{"periods"}, sql: []string{"DATE '2024-05-01' AND v.transaction_date < DATE '2024-05-02'", "DATE '2025-05-01' AND v.transaction_date < DATE '2025-05-02'"}},
			"The turnover of the 1st of May compared with the 1st of May of the last year, please.": {measures: []string{"revenue"}, dims: []string{"periods"}, sql: []string{"DATE '2024-05-01' AND v.transaction_date < DATE '2024-05-02'"}},
			"revenue on May 1 last year":                                                            {measures: []string{"revenue"}, sql: []string{"DATE '2024-05-01' AND v.transaction_date < DATE '2024-05-02'"}},
			"faturamento de 1 de maio do ano passado":                                               {measures: []string{"revenue"}, sql: []string{"DATE '2024-05-01' AND v.transaction_date < DATE '2024-05-02'"}},
			"faturamento do dia 1 de maio comparado com 1 de maio do ano passado":                   {measures: []string{"revenue"}, dims: []string{"periods"}, sql: []string{"DATE '2024-05-01' AND v.transaction_date < DATE '2024-05-02'"}},
			"revenue this month so far against the whole of May":                                    {measures: []string{"revenue"}, dims: []string{"periods"}, sql: []string{may25}},
			"faturamento deste mes ate agora contra maio inteiro":                                   {measures: []string{"revenue"}, dims: []string{"periods"}, sql: []string{may25}},
			// Spanish articles are articles ("este mes vs el mes pasado")
			"whats the average ticket at Savassi este mes vs el mes pasado": {measures: []string{"average_ticket"}, dims: []string{"periods"}, filters: []string{"store_code"}},
			"ticket medio este mes frente al mes pasado":                    {measures: []string{"average_ticket"}, dims: []string{"periods"}},
			"ticket medio deste mes frente ao mes passado":                  {measures: []string{"average_ticket"}, dims: []string{"periods"}},
		}},
	})
}
