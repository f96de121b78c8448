package grammar

import (
	"testing"
	"time"
)

// TestQuestionStructures reads the sixth round's question structures (issue 24) in both
// languages, each with any measure or period: a weekday set split or share labelled by
// what it is, busiest hours, "the unit before" a period, sign-up cohorts said with
// "created".
func TestQuestionStructures(t *testing.T) {
	it := New(func() time.Time { return clock }, saoPaulo)
	lastWeek := "date_trunc('week', now()) - interval '1 week' AND v.transaction_date < date_trunc('week', now())"
	weekBefore := "date_trunc('week', now()) - interval '2 weeks' AND v.transaction_date < date_trunc('week', now()) - interval '1 week'"
	for q, w := range map[string]want{
		// a set of weekdays is named by what it is, as a row label and as a column
		"weekend share of the number of sales in May":         {sql: []string{"IN (6, 7)", "AS percent_weekend"}},
		"percentual do faturamento no fim de semana em abril": {sql: []string{"IN (6, 7)", "faturamento_fim_de_semana"}},
		"ticket médio aos sábados vs domingos este ano":       {sql: []string{"THEN 'sabado'", "THEN 'domingo'"}},
		"number of sales on Fridays compared with Saturdays":  {sql: []string{"THEN 'friday'", "THEN 'saturday'"}},
		"revenue on weekdays vs weekends last quarter":        {sql: []string{"THEN 'weekday'", "THEN 'weekend'"}},
		// hours of the day are the hour, not the day and the hour; busiest ranks the most
		"which 4 hours of the day were busiest last month by number of sales":   {dims: []string{"hour"}, limit: 4, sql: []string{"ORDER BY 2 DESC"}},
		"quais os 2 horários mais movimentados em maio em quantidade de vendas": {dims: []string{"hour"}, limit: 2},
		"revenue by hour of the day this year":                                  {dims: []string{"hour"}},
		// the unit before a period is the one before it, not before now
		"revenue last week vs the week before":                        {dims: []string{"periods"}, sql: []string{lastWeek, weekBefore}},
		"quantidade de vendas da semana passada vs a anterior":        {dims: []string{"periods"}, sql: []string{lastWeek, weekBefore}},
		"quantidade de vendas da semana passada e da semana anterior": {dims: []string{"periods"}, sql: []string{lastWeek, weekBefore}},
		// "antes" after a period and "e" is what customers had done before, not a period
		"quantos clientes compraram em abril e já tinham comprado antes": {dims: []string{}, sql: []string{"x.transaction_date < DATE '2025-04-01'"}},
		"new customers in March compared with the month before":          {sql: []string{"DATE '2025-02-01'", "DATE '2025-03-01'"}},
		"resgates de abril x o mês anterior":                             {sql: []string{"DATE '2025-03-01'", "DATE '2025-04-01'"}},
		"average ticket this quarter vs the previous quarter":            {sql: []string{"date_trunc('quarter', now()) - interval '3 months' AND v.transaction_date < date_trunc('quarter', now())"}},
		"faturamento de 2024 vs o ano anterior":                          {sql: []string{"DATE '2023-01-01'", "DATE '2024-01-01'"}},
		"% growth in sales, last month vs the one before":                {measures: []string{"sales_count_growth"}},
		"crescimento do faturamento da semana passada vs a anterior":     {measures: []string{"revenue_growth"}, sql: []string{"FILTER (WHERE v.transaction_date >= " + lastWeek + "), 0)) - (COALESCE"}},
		// a sign-up cohort said with "created"
		"% of customers created in February that have ever bought": {sql: []string{"c.created_at >= DATE '2025-02-01'", "x.cancelled_at IS NULL)) /"}},
		"how many customers were created last month":               {measures: []string{"customers"}, sql: []string{"c.created_at"}},
	} {
		check(t, it, q, w)
	}
}
