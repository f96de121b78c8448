package grammar

import "testing"

// TestComparisonAndRankingHeads: comparisons of periods and members, growth, several
// measures side by side, mixes, "most used" and rankings whose head is the thing asked
// for (never the customers who act). Each class in both languages, with near-paraphrases
// that must still be refused.
func TestComparisonAndRankingHeads(t *testing.T) {
	q1 := []string{"DATE '2024-01-01' AND v.transaction_date < DATE '2024-04-01'", "DATE '2025-01-01' AND v.transaction_date < DATE '2025-04-01'"}
	june := []string{"DATE '2024-06-01' AND v.transaction_date < DATE '2024-06-19'", "DATE '2025-06-01' AND v.transaction_date < DATE '2025-06-19'"}
	runClasses(t, []classCases{
		{"things ranked by what customers did, the verb beside the customers", map[string]want{
			"which rewards do customers redeem most often":                   {measures: []string{"items_redeemed"}, dims: []string{"product"}},
			"what rewards do our members redeem most frequently":             {measures: []string{"items_redeemed"}, dims: []string{"product"}},
			"which reward do customers redeem the most":                      {measures: []string{"items_redeemed"}, dims: []string{"product"}, limit: 1},
			"quais prêmios os clientes resgatam com mais frequência":         {measures: []string{"items_redeemed"}, dims: []string{"product"}},
			"quais prêmios o povo resgata mais vezes":                        {measures: []string{"items_redeemed"}, dims: []string{"product"}},
			"quais brindes a clientela mais resgatou este ano":               {measures: []string{"items_redeemed"}, dims: []string{"product"}, period: "date_trunc('year'"},
			"which stores do customers buy at most often":                    {measures: []string{"sales_count"}, dims: []string{"store"}},
			"quais lojas os clientes compram mais vezes":                     {measures: []string{"sales_count"}, dims: []string{"store"}},
			"quais lojas os clientes mais compram":                           {measures: []string{"revenue"}, dims: []string{"store"}},
			"qual loja os clientes mais compram":                             {measures: []string{"revenue"}, dims: []string{"store"}, limit: 1},
			"which customers redeem most often":                              {dims: []string{"customer"}},
			"quais clientes mais resgataram":                                 {dims: []string{"customer"}},
			"quais os 3 prêmios que o pessoal mais trocou os pontos em 2025": {measures: []string{"items_redeemed"}, dims: []string{"product"}, limit: 3},
			// the customers said with a place are not only who acts: not read so
			"which rewards do customers who bought at Savassi redeem most often": {refuse: true},
		}},
		{"an order said with 'first'", map[string]want{
			"bottom 3 shops for takings this quarter, worst first":           {measures: []string{"revenue"}, dims: []string{"store"}, limit: 3, order: 2},
			"revenue by city for the first half of 2024, biggest city first": {measures: []string{"revenue"}, dims: []string{"city"}, order: 1},
			"sales by store last month, lowest first":                        {measures: []string{"sales_count"}, dims: []string{"store"}, order: 2},
			"faturamento por loja em maio, maiores primeiro":                 {measures: []string{"revenue"}, dims: []string{"store"}, order: 1},
			"faturamento por cidade em 2024, a maior cidade primeiro":        {measures: []string{"revenue"}, dims: []string{"city"}, order: 1},
			"vendas por loja no mês passado, piores primeiro":                {measures: []string{"sales_count"}, dims: []string{"store"}, order: 2},
			// the order of groups the question does not break down by
			"revenue by store in May, biggest city first":           {refuse: true},
			"faturamento por loja em maio, a maior cidade primeiro": {refuse: true},
		}},
		{"the same part of two years", map[string]want{
			"Q1 revenue, this year against last year, one line each.":                  {measures: []string{"revenue"}, dims: []string{"periods"}, sql: append([]string{"AS year"}, q1...)},
			"takings in the first quarter, 2024 vs 2025":                               {measures: []string{"revenue"}, dims: []string{"periods"}, sql: q1},
			"revenue June 1 to 18, this year vs last year, yoy":                        {measures: []string{"revenue"}, dims: []string{"periods"}, sql: june},
			"faturamento de 1 a 18 de junho, esse ano vs ano passado. quero ver o yoy": {measures: []string{"revenue"}, dims: []string{"periods"}, sql: append([]string{"AS ano"}, june...)},
			"faturamento do primeiro trimestre, este ano contra o ano passado":         {measures: []string{"revenue"}, dims: []string{"periods"}, sql: q1},
			"vendas de maio, 2024 x 2025":                                              {measures: []string{"sales_count"}, dims: []string{"periods"}, sql: []string{"DATE '2024-05-01'", "DATE '2025-05-01'"}},
			// a growth word asks the growth
			"takings Q1 this year against Q1 last year, what's the % up or down":                       {measures: []string{"revenue_growth"}, sql: q1},
			"faturamento do 1º tri desse ano contra o 1º tri do ano passado, subiu ou caiu quantos %?": {measures: []string{"revenue_growth"}, sql: q1},
			"revenue May 2025 vs May 2024 yoy growth":                                                  {measures: []string{"revenue_growth"}},
			// a part of a year in neither year compared
			"revenue in May 2024, 2023 vs 2025":             {refuse: true},
			"faturamento de maio de 2024, 2023 contra 2025": {refuse: true},
		}},
		{"several measures of one noun, each said after the first", map[string]want{
			"na semana passada, quantos pontos foram creditados, quantos debitados, quantos resgatados e quantos estornados? Tudo numa linha só": {measures: []string{"points_credited", "points_debited", "points_redeemed", "points_reversed"}, period: "date_trunc('week', now()) - interval '1 week'"},
			"pontos creditados, resgatados e estornados em maio":                                        {measures: []string{"points_credited", "points_redeemed", "points_reversed"}, period: "2025-05-01"},
			"pontos creditados x resgatados x estornados em 2024":                                       {measures: []string{"points_credited", "points_redeemed", "points_reversed"}},
			"how many points were credited, how many redeemed and how many reversed last week, one row": {measures: []string{"points_credited", "points_redeemed", "points_reversed"}},
			"points credited vs redeemed vs reversed this month":                                        {measures: []string{"points_credited", "points_redeemed", "points_reversed"}},
			// an event no measure of points reads is no list
			"pontos creditados, resgatados e vendidos em maio": {refuse: true},
			"points credited, redeemed and spent in May":       {refuse: true},
		}},
		{"a second measure said whole, the customers acting, and 'both numbers'", map[string]want{
			"How many points we gave in the store Savassi in May, and how many points the clients redeemed there in the same month? Both numbers": {measures: []string{"points_credited", "points_redeemed"}, sql: []string{"e.store_code = 'L05'", "r.store_code = 'L05'", "r.created_at >= DATE '2025-05-01'"}},
			"quantos pontos demos na Savassi em maio e quantos pontos os clientes resgataram lá no mesmo mês? os dois números":                    {measures: []string{"points_credited", "points_redeemed"}, sql: []string{"e.store_code = 'L05'", "r.store_code = 'L05'"}},
			"quantos pontos foram creditados na Batel em abril e quantos pontos o pessoal resgatou lá":                                            {measures: []string{"points_credited", "points_redeemed"}, sql: []string{"r.store_code = 'L06'"}},
			"pontos debitados manualmente em 2025 até agora contra 2024 inteiro, os dois números":                                                 {measures: []string{"points_debited"}, dims: []string{"periods"}},
			"revenue in May and in April, both numbers":                                                                                           {measures: []string{"revenue"}, dims: []string{"periods"}},
			// "both" of one measure and one period is of nothing
			"revenue in May, both numbers":         {refuse: true},
			"faturamento de maio, os dois números": {refuse: true},
		}},
		{"the most used payment type: ranked by its sales", map[string]want{
			"which payment type was the most used at Batel in 2024, by number of sales": {measures: []string{"sales_count"}, dims: []string{"payment_type"}, limit: 1, filters: []string{"store_code"}},
			"most used payment type in May":                                             {measures: []string{"sales_count"}, dims: []string{"payment_type"}, limit: 1, period: "2025-05-01"},
			"the most popular payment method last month":                                {measures: []string{"sales_count"}, dims: []string{"payment_type"}, limit: 1},
			"qual forma de pgto foi a mais usada na batel em 2024? em qtd de vendas":    {measures: []string{"sales_count"}, dims: []string{"payment_type"}, limit: 1, filters: []string{"store_code"}},
			"qual forma de pagamento mais usada em maio":                                {measures: []string{"sales_count"}, dims: []string{"payment_type"}, limit: 1},
			"qual a forma de pagamento mais utilizada este ano":                         {measures: []string{"sales_count"}, dims: []string{"payment_type"}, limit: 1},
			// what else was "used" is not a sale
			"quantos pontos foram usados em maio": {refuse: true},
		}},
		{"a mix of a dimension said without 'by'", map[string]want{
			"Payment mix this quarter as % of revenue.":            {measures: []string{"revenue_share"}, dims: []string{"payment_type"}},
			"store mix of sales this year":                         {measures: []string{"sales_count_share"}, dims: []string{"store"}},
			"mix de formas de pagamento em maio, % do faturamento": {measures: []string{"revenue_share"}, dims: []string{"payment_type"}},
			"mix de lojas no faturamento de 2024":                  {measures: []string{"revenue_share"}, dims: []string{"store"}},
			"mix de cidades nas vendas do trimestre":               {measures: []string{"sales_count_share"}, dims: []string{"city"}},
			// no measure: of what the mix is, is not said
			"payment mix in May":       {refuse: true},
			"mix de pagamento em maio": {refuse: true},
		}},
		{"growth ranked, its amount asked again", map[string]want{
			"Which store had the biggest percentage jump in number of sales from April to May and what was the jump": {measures: []string{"sales_count_growth"}, dims: []string{"store"}, limit: 1},
			"which store grew the most in sales count from April to May, and by how much":                            {measures: []string{"sales_count_growth"}, dims: []string{"store"}, limit: 1},
			"which shop had the biggest jump in revenue between March and April":                                     {measures: []string{"revenue_growth"}, dims: []string{"store"}, limit: 1},
			"qual loja teve o maior salto percentual no número de vendas de abril para maio e qual foi o salto":      {measures: []string{"sales_count_growth"}, dims: []string{"store"}, limit: 1},
			"qual loja mais cresceu em faturamento de março pra abril, e quanto":                                     {measures: []string{"revenue_growth"}, dims: []string{"store"}, limit: 1},
			"qual loja cresceu mais de março para abril em vendas, em %":                                             {measures: []string{"sales_count_growth"}, dims: []string{"store"}, limit: 1},
			// a difference of two stores is not a growth
			"how much more did Centro sell than Batel in May": {measures: []string{"revenue_difference"}},
		}},
		{"a group of values compared with another value is one row", map[string]want{
			"this year, how many sales paid cash v card? lump credit and debit together as card": {measures: []string{"sales_count"}, dims: []string{"payment_type_set"}, sql: []string{"WHEN v.payment_type = 'cash' THEN 'cash'", "IN ('credit_card', 'debit_card') THEN 'card'"}},
			"how many sales paid by cash vs card this year":                                      {measures: []string{"sales_count"}, dims: []string{"payment_type_set"}},
			"revenue cash vs card in May":                                                        {measures: []string{"revenue"}, dims: []string{"payment_type_set"}, period: "2025-05-01"},
			"vendas em dinheiro x cartão este ano":                                               {measures: []string{"sales_count"}, dims: []string{"payment_type_set"}, sql: []string{"THEN 'cartão'"}},
			"vendas dinheiro x cartão em 2025, junta crédito e débito como cartão":               {measures: []string{"sales_count"}, dims: []string{"payment_type_set"}},
			"faturamento pix x cartão por loja":                                                  {measures: []string{"revenue"}, dims: []string{"store", "payment_type_set"}},
			"quantas vendas no cartão em maio":                                                   {measures: []string{"sales_count"}, sql: []string{"v.payment_type IN ('credit_card', 'debit_card')"}},
			// values of their own stay one row each
			"revenue credit card vs debit card in May": {measures: []string{"revenue"}, dims: []string{"payment_type"}},
			// a grouping that is not the model's group is not read
			"this year, how many sales paid cash v card? lump credit and pix together as card": {refuse: true},
			"vendas dinheiro x cartão, junta crédito e pix como cartão":                        {refuse: true},
			// a greeting card is the writer's work, never a payment
			"QUAIS CLIENTES DA LOJA DA SAVASSI FAZEM ANIVERSARIO EM JULHO ? PRECISO MANDAR CARTÃO": {list: true},
		}},
		{"members compared", map[string]want{
			"average basket at Copacabana compared wi Centro last month":       {measures: []string{"average_ticket"}, dims: []string{"store"}, filters: []string{"store_codes"}},
			"avg ticket Savassi compared with Cambuí in April":                 {measures: []string{"average_ticket"}, dims: []string{"store"}, filters: []string{"store_codes"}},
			"ticket médio da Copacabana comparado com o Centro no mês passado": {measures: []string{"average_ticket"}, dims: []string{"store"}, filters: []string{"store_codes"}},
			"faturamento de Savassi x Batel em maio":                           {measures: []string{"revenue"}, dims: []string{"store"}, filters: []string{"store_codes"}},
		}},
	})
}
