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
		{"two members named with 'and' beside a measure of each: a row each, never their group", map[string]want{
			"average ticket on credit and debit in May":                                {measures: []string{"average_ticket"}, dims: []string{"payment_type"}, sql: []string{"IN ('credit_card', 'debit_card')"}},
			"what was the average basket for credit and debit this year":               {measures: []string{"average_ticket"}, dims: []string{"payment_type"}},
			"number of sales on credit & debit last month":                             {measures: []string{"sales_count"}, dims: []string{"payment_type"}},
			"ticket médio no crédito e débito em maio":                                 {measures: []string{"average_ticket"}, dims: []string{"payment_type"}, sql: []string{"IN ('credit_card', 'debit_card')"}},
			"qual o ticket médio do crédito e do débito este ano":                      {measures: []string{"average_ticket"}, dims: []string{"payment_type"}},
			"vendas no crédito e débito no mês passado":                                {measures: []string{"sales_count"}, dims: []string{"payment_type"}},
			"ticket medio no pix e no cartao de credito esse ano, os 2 separado":       {measures: []string{"average_ticket"}, dims: []string{"payment_type"}},
			"average ticket for pix and cash in May, show the two figures separately":  {measures: []string{"average_ticket"}, dims: []string{"payment_type"}},
			"revenue on weekends versus weekdays in April, the two numbers separately": {measures: []string{"revenue"}},
			// "or" is either: one group
			"average ticket paid by credit or debit in May": {measures: []string{"average_ticket"}, dims: []string{}},
			"ticket médio no crédito ou débito em maio":     {measures: []string{"average_ticket"}, dims: []string{}},
			// excluding both is the rows of neither
			"revenue excluding credit and debit in May": {measures: []string{"revenue"}, dims: []string{}, sql: []string{"NOT (v.payment_type IN ('credit_card', 'debit_card'))"}},
			// a count of things kept apart with nothing compared
			"revenue in May, the two separately":  {refuse: true},
			"faturamento de maio, os 2 separados": {refuse: true},
		}},
		{"'X or Y, which one ...? show me both': the two values ranked, each shown", map[string]want{
			"Centro or Batel, which one brought in more money last week? Show me both": {dims: []string{"store"}, limit: 0},
			"Batel or Savassi, which one had more sales in April? both please":         {dims: []string{"store"}, limit: 0},
			"pix or cash, which one sold more in May? show me both":                    {dims: []string{"payment_type"}, limit: 0},
			"Centro ou Batel, qual faturou mais semana passada? mostra as duas":        {dims: []string{"store"}, limit: 0},
			"Batel ou Savassi, qual teve mais vendas em abril? os dois":                {dims: []string{"store"}, limit: 0},
			"pix ou dinheiro, qual vendeu mais em maio? quero ver os dois":             {dims: []string{"payment_type"}, limit: 0},
			// nothing ranked: "both" of what is not said
			"revenue in Centro or Batel in May, both":         {refuse: true},
			"faturamento no Centro ou Batel em maio, os dois": {refuse: true},
		}},
		{"two periods after a comparison word: 'comparing 2025 with 2024', 'comparando maio com abril'", map[string]want{
			"YoY revenue growth for January to May, comparing 2025 with 2024, as a percentage":      {measures: []string{"revenue_growth"}, sql: []string{"DATE '2024-01-01' AND v.transaction_date < DATE '2024-06-01'", "DATE '2025-01-01' AND v.transaction_date < DATE '2025-06-01'"}},
			"compare revenue in April with May":                                                     {measures: []string{"revenue"}, dims: []string{"periods"}},
			"number of sales comparing 2024 to 2025":                                                {measures: []string{"sales_count"}, dims: []string{"periods"}},
			"crescimento do faturamento de janeiro a maio, comparando 2025 com 2024, em percentual": {measures: []string{"revenue_growth"}},
			"vendas de maio comparando com abril":                                                   {measures: []string{"sales_count"}, dims: []string{"periods"}},
			"comparar o faturamento de abril com maio":                                              {measures: []string{"revenue"}, dims: []string{"periods"}},
		}},
		{"a named day with its date ('dia dos namorados (12/06)'): the date; the name alone is not understood", map[string]want{
			"qual loja faturou mais no dia dos namorados? (12/06) só a campeã": {dims: []string{"store"}, limit: 1, sql: []string{"DATE '2025-06-12' AND v.transaction_date < DATE '2025-06-13'"}},
			"quanto vendemos no dia das mães (11/05)?":                         {measures: []string{"revenue"}, sql: []string{"DATE '2025-05-11' AND v.transaction_date < DATE '2025-05-12'"}},
			"quantas vendas no natal (25/12/2024)":                             {measures: []string{"sales_count"}, sql: []string{"DATE '2024-12-25'"}},
			"revenue on Black Friday (29/11/2024)":                             {measures: []string{"revenue"}, sql: []string{"DATE '2024-11-29' AND v.transaction_date < DATE '2024-11-30'"}},
			"which store sold most on valentines day? (12/06)":                 {dims: []string{"store"}, limit: 1, sql: []string{"DATE '2025-06-12'"}},
			"number of sales on Christmas eve (24/12/2024)":                    {measures: []string{"sales_count"}, sql: []string{"DATE '2024-12-24'"}},
			"how much did we sell on black friday":                             {refuse: true},
			"quanto faturamos no natal":                                        {refuse: true},
		}},
		{"sales that 'rolaram' (happened) in a period", map[string]want{
			"qntas vendas rolaram desde segunda em cada loja?": {measures: []string{"sales_count"}, dims: []string{"store"}, sql: []string{"DATE '2025-06-16'"}},
			"quantos resgates rolaram semana passada":          {measures: []string{"redemptions"}},
			"quantas vendas rolaram ontem":                     {measures: []string{"sales_count"}},
			// a promotion "rolando" is running, never skipped
			"promoções rolando agora": {list: true, sql: []string{"now() BETWEEN pm.start_date AND pm.end_date"}},
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
			"faturamento do Q4 de 2025": {refuse: true}, // said with its year, ahead of the records (ahead.go)
			"faturamento do Q4 de 2024": {sql: []string{"DATE '2024-10-01'"}},
		}},
	})
}
