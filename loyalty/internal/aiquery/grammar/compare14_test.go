package grammar

import "testing"

// The fourteenth round's comparisons, shares and cohort rates (issue 24): an order said of
// every group ("do maior pro menor") ranks them all, never the first alone (silently one
// row); a filter said after a copula ("que foram pagas no pix", "were paid by pix") is a
// percentage's condition, never where its rows are (silently the store's share of the pix
// sales); a period said right before a sign-up word ("Jan '25 signup cohort", "the 2024
// signups") dates the sign-up (silently the January purchases); a growth asked in % of the
// rows some filters keep ("em termos percentuais", "by what %") and "year-on-year"; the
// difference said again ("só a diferença em R$").
func TestCompare14Classes(t *testing.T) {
	const (
		pixCond  = "count(*) FILTER (WHERE v.payment_type = 'pix') / NULLIF(count(*), 0)"
		centro   = "v.store_code = 'L01'"
		janDue   = "c.created_at >= DATE '2025-01-01' AND c.created_at < DATE '2025-02-01'"
		due2024  = "c.created_at >= DATE '2024-01-01' AND c.created_at < DATE '2025-01-01'"
		anyTime  = "(SELECT count(*) FROM reporting.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL) >= 1"
		growth   = "round(100.0 * ((COALESCE(sum(v.value) FILTER (WHERE v.transaction_date >= DATE '2025-05-01'"
		mayOnMay = "v.transaction_date >= DATE '2024-05-01' AND v.transaction_date < DATE '2024-06-01'"
	)
	runClasses(t, []classCases{
		{"an order said of every group ('do maior pro menor', 'highest to lowest') ranks them all, never the first alone", map[string]want{
			"faz um ranking das loja por faturamento nesse trimestre sem contar a centro do maior pro menor": {dims: []string{"store"}, measures: []string{"revenue"}, sql: []string{"NOT (v.store_code = 'L01')"}, sqlNot: []string{"LIMIT"}},
			"ranking da loja por faturamento do maior pro menor":                                             {dims: []string{"store"}, sqlNot: []string{"LIMIT"}},
			"loja por faturamento em ordem decrescente":                                                      {dims: []string{"store"}, sqlNot: []string{"LIMIT"}},
			"cidade por qtd de vendas do menor pro maior":                                                    {dims: []string{"city"}, sqlNot: []string{"LIMIT", "DESC"}},
			"store by revenue this quarter, highest to lowest":                                               {dims: []string{"store"}, sqlNot: []string{"LIMIT"}},
			"city by number of sales in May, lowest to highest":                                              {dims: []string{"city"}, sqlNot: []string{"LIMIT", "DESC"}},
			// the one group asked stays one; a number said stays the limit
			"qual loja vendeu mais em maio":                  {dims: []string{"store"}, limit: 1},
			"which store sold the least in May":              {dims: []string{"store"}, limit: 1},
			"top 3 lojas por faturamento do maior pro menor": {dims: []string{"store"}, limit: 3},
		}},
		{"a filter said after a copula ('que foram', 'were') past a percentage's rows is its condition", map[string]want{
			"Qual o percentual da quantidade de vendas da loja Centro em junho que foram pagas via PIX?": {sql: []string{pixCond, centro, "DATE '2025-06-01'"}, sqlNot: []string{"AS vendas_"}},
			"percentual da quantidade de vendas da Centro que foi no pix":                                {sql: []string{pixCond, centro}},
			"qual o percentual das vendas da loja Centro em junho que foram pagas no pix":                {sql: []string{pixCond, centro}},
			"what % of the number of sales at Centro in June were paid with pix":                         {sql: []string{pixCond, centro}, sqlNot: []string{"AS sales_"}},
			"what share of the sales of the Centro store in June was paid via pix":                       {sql: []string{pixCond, centro}},
			"what percentage of Centro's sales in June were paid by pix":                                 {sql: []string{pixCond, centro}},
			// the rows said with no copula keep their reading
			"qual a participação do pix nas vendas da Centro em junho": {sql: []string{pixCond, centro}},
			"quantos % das vendas da Savassi foram no pix":             {sql: []string{pixCond, "v.store_code = 'L05'"}},
			// a count asked after a comma is a count, never the percentage's rows
			"Shame, how many redemptions got cancelled this year?": {sql: []string{"AS redemptions_cancelled"}},
		}},
		{"a period right before a sign-up word ('Jan '25 signup cohort', 'the 2024 signups') dates the sign-up", map[string]want{
			"Jan '25 signup cohort: how many of them have converted so far, i.e. made at least one purchase?": {measures: []string{"customers"}, sql: []string{janDue, anyTime}, sqlNot: []string{"x.transaction_date"}},
			"Jan 2025 signup cohort: how many of them have made at least one purchase?":                       {measures: []string{"customers"}, sql: []string{janDue, anyTime}, sqlNot: []string{"x.transaction_date"}},
			"January 2025 sign-up cohort: how many of them have made at least one purchase?":                  {measures: []string{"customers"}, sql: []string{janDue, anyTime}, sqlNot: []string{"x.transaction_date"}},
			"signup cohort of January 2025: how many of them have made at least one purchase?":                {measures: []string{"customers"}, sql: []string{janDue, anyTime}, sqlNot: []string{"x.transaction_date"}},
			"of the 2024 signups, how many have made at least one purchase?":                                  {measures: []string{"customers"}, sql: []string{due2024, anyTime}, sqlNot: []string{"x.transaction_date"}},
			"Cohort de cadastro de jan/25: quantos desses clientes já fizeram pelo menos uma compra?":         {measures: []string{"customers"}, sql: []string{janDue, anyTime}, sqlNot: []string{"x.transaction_date"}},
			// a period of the purchase stays the purchase's
			"May signups who bought in June":                                {measures: []string{"customers"}, sql: []string{"x.transaction_date >= DATE '2025-06-01'", "c.created_at >= DATE '2025-05-01'"}},
			"how many customers made at least one purchase in January 2025": {measures: []string{"customers"}, sql: []string{"x.transaction_date >= DATE '2025-01-01'"}, sqlNot: []string{"c.created_at"}},
		}},
		{"a growth asked in % of the rows some filters keep ('em termos percentuais', 'by what %'), 'year-on-year'", map[string]want{
			"Em termos percentuais, em quanto o faturamento da loja Centro cresceu de abril para maio do corrente ano?": {sql: []string{growth, centro}},
			"em quantos por cento o faturamento da Centro cresceu de abril pra maio":                                    {sql: []string{growth, centro}},
			"by what percentage did Centro's revenue grow from April to May?":                                           {sql: []string{growth, centro}},
			"in percentage terms, how much did Centro's revenue grow from April to May":                                 {sql: []string{growth, centro}},
			"Kindly give me the year-on-year growth in revenue for the month of May, expressed as a percentage.":        {sql: []string{growth, mayOnMay}},
			"revenue growth for May, year on year, in %":                                                                {sql: []string{growth, mayOnMay}},
			"faturamento da Centro em maio, crescimento ano a ano em %":                                                 {sql: []string{growth, mayOnMay, centro}},
			// a rate of its own beside a growth is no growth in %
			"taxa de cancelamento de abril pra maio cresceu quanto": {refuse: true},
		}},
		{"the difference said again ('só a diferença em R$', 'just the difference') is the one asked", map[string]want{
			"quanto o Centro vendeu a mais que a Ibirapuera no trimestre passado? so a diferenca em R$": {sql: []string{"AS diferenca_faturamento"}},
			"quanto a Savassi faturou a mais que a Batel em maio? só a diferença":                       {sql: []string{"AS diferenca_faturamento"}},
			"quanto o Centro vendeu a mais que a Savassi em maio, apenas a diferença":                   {sql: []string{"AS diferenca_faturamento"}},
			"how much more did Savassi sell than Batel in May? just the difference":                     {sql: []string{"AS revenue_difference"}},
			"how much more did Centro sell than Batel last quarter, only the difference":                {sql: []string{"AS revenue_difference"}},
			// a difference said of nothing compared is not read
			"só a diferença em maio": {refuse: true},
		}},
	})
}
