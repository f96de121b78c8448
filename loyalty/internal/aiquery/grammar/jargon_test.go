package grammar

import (
	"testing"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// Business, finance and growth jargon of the sixth round (issue 24): the abbreviations and
// idioms analysts, controllers, retail managers and growth people write, read onto the
// measures, periods, orders and comparisons the model has. Paraphrases written for these
// tests (not taken from an evaluation set), in both languages.
func TestJargonClasses(t *testing.T) {
	const toDate = "date_trunc('day', now()) + interval '1 day' - interval '1 year'"
	runClasses(t, []classCases{
		{"trailing windows typed as one word (LxD, TxM, TTM, 'últimos 30d')", map[string]want{
			"faturamento L7D por loja":      {measures: []string{"revenue"}, dims: []string{"store"}, period: "interval '6 days'"},
			"sales count L4W":               {measures: []string{"sales_count"}, period: "interval '27 days'"},
			"AOV T12M":                      {measures: []string{"average_ticket"}, period: "interval '11 months'"},
			"revenue TTM by month":          {measures: []string{"revenue"}, dims: []string{"month"}, period: "interval '11 months'"},
			"receita ult 15d":               {measures: []string{"revenue"}, period: "interval '14 days'"},
			"novos clientes nos últimos 3m": {measures: []string{"customers"}, period: "interval '2 months'"},
			"txns past 8wks":                {measures: []string{"sales_count"}, period: "interval '55 days'"},
			"revenue L30X":                  {refuse: true}, // no unit
			"revenue 30d":                   {refuse: true}, // 30 days, but which ones?
		}},
		{"growth over one unit (MoM, QoQ, WoW, m/m, w/w, a/a)", map[string]want{
			"receita de abril MoM":                               {measures: []string{"revenue_growth"}, sql: []string{"DATE '2025-03-01'", "DATE '2025-04-01'"}},
			"QoQ growth in sales, Q1":                            {measures: []string{"sales_count_growth"}, sql: []string{"DATE '2024-10-01'", "DATE '2025-01-01'"}},
			"vendas w/w semana passada":                          {measures: []string{"sales_count_growth"}, sql: []string{"interval '1 week' - interval '1 week'"}},
			"faturamento a/a no 2º trimestre":                    {measures: []string{"revenue_growth"}, sql: []string{"DATE '2024-04-01'", "DATE '2025-04-01'"}},
			"m/m change in sign-ups, March vs April":             {measures: []string{"customers_growth"}, sql: []string{"DATE '2025-03-01'", "DATE '2025-04-01'"}},
			"new customers, April vs the month before, growth %": {measures: []string{"customers_growth"}, sql: []string{"DATE '2025-03-01'"}},
			"revenue WoW":                                        {refuse: true},                      // over which week?
			"Q1 revenue MoM":                                     {refuse: true},                      // a quarter is no month
			"wow, sales yesterday":                               {measures: []string{"sales_count"}}, // the interjection
		}},
		{"the same period before, by its abbreviation (vs LY, PY, AA, PP, LYTD)", map[string]want{
			"faturamento MTD vs AA":                  {measures: []string{"revenue"}, sql: []string{toDate, "date_trunc('month', now()) - interval '1 year'"}},
			"ticket médio de março x AA":             {measures: []string{"average_ticket"}, sql: []string{"DATE '2024-03-01'", "DATE '2025-03-01'"}},
			"sales Q2 vs same period LY":             {measures: []string{"sales_count"}, sql: []string{"DATE '2024-04-01'", "DATE '2025-04-01'"}},
			"H1 2024 revenue growth vs PY":           {measures: []string{"revenue_growth"}, sql: []string{"DATE '2023-01-01'", "DATE '2024-01-01'"}},
			"YTD txns vs PY, by store":               {measures: []string{"sales_count"}, dims: []string{"store", "periods"}, sql: []string{toDate}},
			"new signups L30D vs PP":                 {measures: []string{"customers"}, sql: []string{"interval '29 days' - interval '30 days'"}},
			"vendas de maio vs período anterior":     {measures: []string{"sales_count"}, sql: []string{"DATE '2025-04-01'", "DATE '2025-05-01'"}},
			"revenue LY by store":                    {measures: []string{"revenue"}, dims: []string{"store"}, period: "date_trunc('year', now()) - interval '1 year'"},
			"pontos resgatados LYTD":                 {measures: []string{"points_redeemed"}, period: toDate},
			"vendas de 1 a 10 de maio vs AA":         {measures: []string{"sales_count"}, sql: []string{"DATE '2024-05-01'", "DATE '2024-05-11'"}},
			"revenue from March 1 to March 15 vs PP": {measures: []string{"revenue"}, sql: []string{"DATE '2025-02-14'", "DATE '2025-03-16'"}},
			"revenue vs PY":                          {refuse: true}, // against what?
			"revenue SPLY":                           {refuse: true},
			"revenue PP":                             {refuse: true},
		}},
		{"cancellations, orders, net of", map[string]want{
			"cxl rate by payment type":                      {dims: []string{"payment_type"}, sql: []string{"FILTER (WHERE v.cancelled_at IS NOT NULL)"}},
			"% de canc por loja em maio":                    {dims: []string{"store"}, sql: []string{"FILTER (WHERE v.cancelled_at IS NOT NULL)"}, period: "DATE '2025-05-01'"},
			"canc sales last week":                          {measures: []string{"sales_count"}, filters: []string{"cancelled"}},
			"revenue by city, desc":                         {measures: []string{"revenue"}, dims: []string{"city"}, order: semantic.Descending},
			"faturamento por loja asc":                      {measures: []string{"revenue"}, dims: []string{"store"}, order: semantic.Ascending},
			"txns per branch, low to high":                  {measures: []string{"sales_count"}, dims: []string{"store"}, order: semantic.Ascending},
			"revenue net of cancellations last week":        {measures: []string{"revenue"}, sql: []string{"v.cancelled_at IS NULL"}},
			"faturamento líquido de cancelamentos em abril": {measures: []string{"revenue"}, sql: []string{"v.cancelled_at IS NULL"}, period: "DATE '2025-04-01'"},
		}},
		{"amounts with k, mil, mi, mm and an open '+' or 'or more'", map[string]want{
			"vendas de R$ 250+ em maio":                       {measures: []string{"sales_count"}, sql: []string{"v.value >= 250"}},
			"txns over $1.2k":                                 {measures: []string{"sales_count"}, sql: []string{"v.value > 1200"}},
			"customers with 5k+ pts":                          {measures: []string{"customers"}, sql: []string{"c.points_balance >= 5000"}, period: "-"},
			"vendas acima de R$ 1,5 mi":                       {measures: []string{"sales_count"}, sql: []string{"v.value > 1500000"}},
			"purchases of $50 or less last month":             {measures: []string{"sales_count"}, sql: []string{"v.value <= 50"}},
			"customers who spent R$ 2k or more last year":     {measures: []string{"customers"}, sql: []string{"COALESCE(sum(x.value), 0)", ">= 2000"}},
			"customers who spent more than $300 in April":     {measures: []string{"customers"}, sql: []string{"COALESCE(sum(x.value), 0)", "> 300"}},
			"customers who bought 4 or more times in 2024":    {measures: []string{"customers"}, sql: []string{"SELECT count(*) FROM reporting.coupons x", ">= 4"}},
			"quantos clientes gastaram R$ 800 ou mais no ano": {measures: []string{"customers"}, sql: []string{">= 800"}},
		}},
		{"British retail and growth words (tills, busiest, fortnight, come to, take)", map[string]want{
			"how many baskets went through the tills last Saturday":              {measures: []string{"sales_count"}},
			"takings per shop over the last fortnight":                           {measures: []string{"revenue"}, dims: []string{"store"}, period: "interval '13 days'"},
			"which branch was busiest last week":                                 {measures: []string{"sales_count"}, dims: []string{"store"}, order: semantic.Descending},
			"top 3 hours of the day by txns at Batel, QTD":                       {measures: []string{"sales_count"}, dims: []string{"hour"}, limit: 3},
			"quietest shops in May":                                              {measures: []string{"sales_count"}, order: semantic.Ascending},
			"how many redemptions in May and how many points did they take":      {measures: []string{"redemptions", "points_redeemed"}},
			"how many sales did we ring up on Monday, and what did they come to": {measures: []string{"sales_count", "revenue"}},
		}},
		{"absolute beside the share of the total", map[string]want{
			"revenue by city, absolute and % of total":               {dims: []string{"city"}, sql: []string{"AS revenue", "OVER ()"}},
			"faturamento por loja em valores absolutos e % do total": {dims: []string{"store"}, sql: []string{"AS faturamento", "OVER ()"}},
		}},
		{"a store's customers on its books, cumulative revenue, 1H25 and 3Q24", map[string]want{
			"how many customers has Savassi got on its books": {measures: []string{"customers"}, sql: []string{"c.store_code_owner = 'L05'"}},
			"customers on the books per shop":                 {measures: []string{"customers"}, dims: []string{"store"}},
			"receita acumulada de 2024 por loja":              {measures: []string{"revenue"}, dims: []string{"store"}, period: "DATE '2024-01-01'"},
			"revenue 1H25":                                    {measures: []string{"revenue"}, sql: []string{"DATE '2025-01-01'", "DATE '2025-07-01'"}},
			"txns 3Q24 by store":                              {measures: []string{"sales_count"}, sql: []string{"DATE '2024-07-01'", "DATE '2024-10-01'"}},
		}},
		{"percentiles by analysts' names", map[string]want{
			"p90 basket size this month":   {measures: []string{"average_ticket_p90"}},
			"p25 and p75 ticket in 2024":   {measures: []string{"average_ticket_p25", "average_ticket_p75"}, period: "2024-01-01"},
			"percentil 90 do tkt por loja": {measures: []string{"average_ticket_p90"}, dims: []string{"store"}},
			"p50 ticket size L7D":          {measures: []string{"average_ticket_median"}, sql: []string{"percentile_cont(0.5)"}},
			"p90 customers":                {refuse: true}, // no percentile of a count
			"percentile of ticket":         {refuse: true}, // which one?
		}},
	})
}
