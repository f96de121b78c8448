package grammar

import "testing"

// The twelfth round's lead classes (issue 24): "how much" (or "total", "soma") asked of rows
// that have no amount is their number ("how much clients have more than 1000 points"); a
// named value said after a measure and "and" with a word that asks for the measure again
// ("faturamento de maio e o da Savassi", "revenue in May and that of Savassi") asks for two
// figures and is refused, never read as the value's figure alone (it was silently wrong).
func TestLead12Classes(t *testing.T) {
	runClasses(t, []classCases{
		{"an amount asked of rows without one is their number", map[string]want{
			"How much clients have more than 1000 points?": {measures: []string{"customers"}},
			"how much customers signed up in May":          {measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-05-01'"}},
			"how much stores do we have":                   {measures: []string{"stores"}},
			"how much promotions are active right now?":    {measures: []string{"promotions"}},
			"total de clientes ativos":                     {measures: []string{"customers"}, filters: []string{"active_active"}},
			// rows that have an amount keep it, and so does what customers did
			"how much did customer 54323194897 spend in 2024?": {measures: []string{"revenue"}},
			"quanto os clientes inativos gastaram este ano?":   {measures: []string{"revenue"}},
			"vlr total das vendas em dinheiro":                 {measures: []string{"revenue"}},
			"how much did customers spend in May":              {measures: []string{"revenue"}},
			"how much points do customers have":                {measures: []string{"balance_total"}},
		}},
		{"a sum or total of points entries named by their kind is their points ('manual debits sum', 'total dos estornos')", map[string]want{
			"manual debits sum per store, this yr":     {measures: []string{"points_debited"}, dims: []string{"store"}},
			"sum of manual debits per store this year": {measures: []string{"points_debited"}, dims: []string{"store"}},
			"total dos estornos em maio":               {measures: []string{"points_reversed"}},
			"soma dos créditos de pontos em maio":      {measures: []string{"points_credited"}},
			"somatório dos débitos manuais de 2024":    {measures: []string{"points_debited"}},
			// their number stays a count
			"how many debits this year": {measures: []string{"debits"}},
			"quantos estornos em maio":  {measures: []string{"reversals"}},
			"qtd de débitos por loja":   {measures: []string{"debits"}, dims: []string{"store"}},
		}},
		{"a percentage's condition: the flag when the rate is said after its rows or, in Portuguese, after the rows; else the last filter after the rows", map[string]want{
			"cancelamentos copacabana últimos 90 dias — qtd e taxa":    {sql: []string{"count(*) FILTER (WHERE v.cancelled_at IS NOT NULL) / NULLIF(count(*), 0)", "v.store_code = 'L04'"}},
			"vendas canceladas na Savassi em maio, quantidade e taxa":  {sql: []string{"count(*) FILTER (WHERE v.cancelled_at IS NOT NULL) / NULLIF(count(*), 0)", "v.store_code = 'L05'"}},
			"cancelled sales at Savassi in May: count and rate":        {sql: []string{"count(*) FILTER (WHERE v.cancelled_at IS NOT NULL) / NULLIF(count(*), 0)", "v.store_code = 'L05'"}},
			"quantos % das vendas da Savassi foram canceladas em maio": {sql: []string{"count(*) FILTER (WHERE v.cancelled_at IS NOT NULL) / NULLIF(count(*), 0)", "v.store_code = 'L05'"}},
			"qual o percentual das vendas da Savassi no pix em maio":   {sql: []string{"count(*) FILTER (WHERE v.payment_type = 'pix') / NULLIF(count(*), 0)", "v.store_code = 'L05'"}},
			"percentual de opt-in no whatsapp dos clientes ativos":     {sql: []string{"count(*) FILTER (WHERE c.whatsapp_optin) / NULLIF(count(*), 0)", "c.is_active"}},
			"percentual de vendas canceladas no pix":                   {sql: []string{"count(*) FILTER (WHERE v.cancelled_at IS NOT NULL) / NULLIF(count(*), 0)", "v.payment_type = 'pix'"}},
			"what % of Copacabana sales were paid in cash this month":  {sql: []string{"count(*) FILTER (WHERE v.payment_type = 'cash') / NULLIF(count(*), 0)", "v.store_code = 'L04'"}},
		}},
		{"customers picked by a word of their name and listed in words show each one's value", map[string]want{
			"tem uns cliente com Souza no nome, lista eles tudo pra mim com o saldo": {list: true},
			"clientes com Souza no nome, lista com o saldo":                          {list: true},
			"list the customers with Souza in their name and their balance":          {list: true},
			// a total asked of them stays the total
			"saldo total dos clientes com Souza no nome": {measures: []string{"balance_total"}},
		}},
		{"stores said as where customers signed up are the sign-up store; the customers' store is their owner", map[string]want{
			"quantos clientes se cadastraram em cada uma das lojas no ano passado": {measures: []string{"customers"}, dims: []string{"signup_store"}},
			"how many customers signed up at each store in 2024":                   {measures: []string{"customers"}, dims: []string{"signup_store"}},
			"quantos clientes se cadastraram por loja em maio":                     {measures: []string{"customers"}, dims: []string{"signup_store"}},
			// the stores of customers, not where they signed up
			"quantos clientes por loja":                       {measures: []string{"customers"}, dims: []string{"store"}},
			"quantos clientes compraram em cada loja em maio": {dims: []string{"store"}},
		}},
		{"'which' with a plural group and no direction lists every group; with one, or singular, the first", map[string]want{
			"quais lojas tiveram venda cancelada esse mês? e quantas em cada uma": {dims: []string{"store"}, limit: 0},
			"quais lojas tiveram venda cancelada esse mês":                        {dims: []string{"store"}, limit: 0},
			"which stores had cancelled sales in May":                             {dims: []string{"store"}, limit: 0},
			"quais cidades tiveram resgates este ano":                             {dims: []string{"city"}, limit: 0},
			"quais lojas venderam mais em maio":                                   {dims: []string{"store"}, limit: 1},
			"qual loja vendeu mais em maio":                                       {dims: []string{"store"}, limit: 1},
			"which stores sold the most in May":                                   {dims: []string{"store"}, limit: 1},
		}},
		{"a threshold's unit followed by the noun it counts is one filter ('more than 500 points of balance')", map[string]want{
			"How much clients actually have more than 500 points of balance?": {measures: []string{"customers"}, sql: []string{"c.points_balance > 500"}},
			"how many clients have more than 500 points of balance?":          {measures: []string{"customers"}, sql: []string{"c.points_balance > 500"}},
			"quantos clientes têm mais de 500 pontos de saldo?":               {measures: []string{"customers"}, sql: []string{"c.points_balance > 500"}},
			"quantos clientes têm mais de 500 pontos no saldo?":               {measures: []string{"customers"}, sql: []string{"c.points_balance > 500"}},
			"customers with over 1000 points in their balance - count":        {measures: []string{"customers"}, sql: []string{"c.points_balance > 1000"}},
		}},
		{"a value after 'and' with a word asking the measure again is a second figure: refused", map[string]want{
			"faturamento de maio e o da Savassi":         {refuse: true},
			"faturamento de maio, e também o da Savassi": {refuse: true},
			"faturamento de maio e também da Savassi":    {refuse: true},
			"revenue in May and that of Savassi":         {refuse: true},
			"revenue in May and also for Savassi":        {refuse: true},
			"quantas vendas em abril e as do Centro?":    {refuse: true},
			"how many sales in April, and those of Pix?": {refuse: true},
			// the members of one kind, each named: a comparison as before
			"faturamento da Savassi e o do Centro em maio":  {measures: []string{"revenue"}, sql: []string{"v.store_code IN ('L05', 'L01')"}},
			"vendas de maio na Savassi e também no Centro":  {measures: []string{"sales_count"}, sql: []string{"v.store_code IN ('L05', 'L01')"}},
			"revenue in May for Centro and that of Savassi": {measures: []string{"revenue"}, sql: []string{"v.store_code IN ('L01', 'L05')"}},
			"faturamento de abril e o de maio":              {measures: []string{"revenue"}, sql: []string{"DATE '2025-04-01'", "DATE '2025-05-01'"}},
			"clientes ativos e da loja Centro":              {filters: []string{"active_active", "owner_store"}},
		}},
	})
}
