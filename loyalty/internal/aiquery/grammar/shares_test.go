package grammar

import "testing"

// The classes of shares, rates, comparisons of periods or groups, and bands that the
// fifth round of issue 24 fixed, each in paraphrases written for these tests (pt-BR and
// en, other words and orders than any evaluation question).
func TestSharesClasses(t *testing.T) {
	share := []string{"OVER ()"}
	runClasses(t, []classCases{
		{"each group's share of the total, said as '% of total' or 'mix'", map[string]want{
			"mix de faturamento por loja em maio":                             {measures: []string{"revenue_share"}, dims: []string{"store"}, sql: share},
			"sales mix by payment method last month, % of total":              {measures: []string{"sales_count_share"}, dims: []string{"payment_type"}, sql: share},
			"participação de cada cidade no faturamento de 2024 (% do total)": {measures: []string{"revenue_share"}, dims: []string{"city"}, sql: share},
			"revenue share per store this year, as a % of total":              {measures: []string{"revenue_share"}, dims: []string{"store"}, sql: share},
		}},
		{"a count and its share of the total, side by side", map[string]want{
			"novos clientes por origem em 2025: quantidade e % do total":   {measures: []string{"customers", "customers_share"}, dims: []string{"origin"}},
			"signups by origin this year with number and percent of total": {measures: []string{"customers", "customers_share"}, dims: []string{"origin"}},
			"clientes por gênero, com a contagem e o percentual do total":  {measures: []string{"customers", "customers_share"}, dims: []string{"gender"}},
		}},
		{"a rate per group, its percentage word said twice", map[string]want{
			"taxa de cancelamento (%) por forma de pagamento em maio": {measures: []string{"rate_cancelled"}, dims: []string{"payment_type"}, period: "2025-05-01"},
			"cancellation rate (%) per store last month":              {measures: []string{"rate_cancelled"}, dims: []string{"store"}},
			"tx de cancelamento % das vendas por loja em 2024":        {measures: []string{"rate_cancelled"}, dims: []string{"store"}, period: "2024-01-01"},
		}},
		{"a rate per compared group, never one group among the other", map[string]want{
			"percentual de homens e de mulheres que usam o app":              {dims: []string{"gender"}, sql: []string{"FILTER (WHERE c.app_user)"}},
			"share of active and of inactive customers with whatsapp opt-in": {dims: []string{"active"}, sql: []string{"FILTER (WHERE c.whatsapp_optin)"}},
			"what percentage of men and of women accept email":               {dims: []string{"gender"}, sql: []string{"FILTER (WHERE c.email_optin)"}},
		}},
		{"the percentage asked ('what %', 'quantos %') is of what follows it", map[string]want{
			"what % of April buyers made 3+ purchases in April?":                  {sql: []string{">= 3) / NULLIF(count(*), 0)", "WHERE EXISTS"}},
			"quantos % dos compradores de maio fizeram 2 ou mais compras em maio": {sql: []string{">= 2) / NULLIF(count(*), 0)", "WHERE EXISTS"}},
			"dos clientes inativos, qual o percentual que aceita sms?":            {sql: []string{"FILTER (WHERE c.sms_optin)", "WHERE NOT c.is_active"}},
		}},
		{"a rate of a sign-up cohort since the sign-up: the condition at any time", map[string]want{
			"Of customers who signed up in March, what percentage made at least one purchase since?":   {sql: []string{"x.cancelled_at IS NULL) >= 1", "c.created_at >= DATE '2025-03-01'"}},
			"among the customers who signed up last year, what % have made at least 1 purchase since?": {sql: []string{"x.cancelled_at IS NULL) >= 1", "c.created_at >= date_trunc('year', now()) - interval '1 year'"}},
			"of the customers who joined in 2024, what % made 2 or more purchases since?":              {sql: []string{"x.cancelled_at IS NULL) >= 2", "c.created_at >= DATE '2024-01-01'"}},
			"dos clientes que se cadastraram em março, qual a porcentagem que já comprou?":             {sql: []string{"FILTER (WHERE EXISTS (SELECT 1 FROM reporting.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL))", "c.created_at >= DATE '2025-03-01'"}},
			"dos clientes cadastrados em 2024, qual o percentual que comprou desde então?":             {sql: []string{"FILTER (WHERE EXISTS (SELECT 1 FROM reporting.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL))", "c.created_at >= DATE '2024-01-01'"}},
			"revenue since?": {refuse: true},
		}},
		{"one rate per channel named, per compared group, the unknowns left out", map[string]want{
			"email and sms opt-in rates, app users vs non-app users":                     {measures: []string{"rate_optin_e_mail", "rate_optin_sms"}, dims: []string{"app_user"}},
			"taxas de opt-in de email e whatsapp: usuários do app x não usuários do app": {measures: []string{"rate_optin_e_mail", "rate_optin_whatsapp"}, dims: []string{"app_user"}},
			"whatsapp opt-in rate, app users vs non app users, excluding unknowns":       {dims: []string{"app_user"}, sql: []string{"FILTER (WHERE c.whatsapp_optin)"}},
			"customers by gender, leave out the unknowns":                                {refuse: true},
		}},
		{"a period's buyers split into first-time and returning (bought before the period)", map[string]want{
			"May buyers: first-time vs returning, counts per group":    {measures: []string{"buyers"}, dims: []string{"prior_purchase"}, sql: []string{"x.transaction_date < DATE '2025-05-01'"}},
			"compradores de abril: primeira compra x clientes antigos": {measures: []string{"buyers"}, dims: []string{"prior_purchase"}, sql: []string{"x.transaction_date < DATE '2025-04-01'"}},
			"buyers last month, first-time vs returning":               {measures: []string{"buyers"}, dims: []string{"prior_purchase"}, sql: []string{"x.transaction_date < date_trunc('month', now()) - interval '1 month'"}},
			"how many returning buyers in May":                         {measures: []string{"customers"}, filters: []string{"returning"}},
			"first-time vs returning buyers":                           {refuse: true},
		}},
		{"two percentages are refused, not both applied", map[string]want{
			"March repeat rate: what % of March buyers bought 2+ times in March?": {refuse: true},
			// a rate named, then its definition asking the same: answered once (define15_test.go)
			"Q1 repeat rate: what % of Q1 buyers made 2+ purchases within Q1?":                           {measures: []string{"rate_repeat_buyers"}, sqlNot: []string{"created_at", "percent_purchases"}},
			"taxa de recompra de abril: quantos % dos compradores de abril fizeram 2+ compras em abril?": {measures: []string{"rate_repeat_buyers"}, sqlNot: []string{"created_at", "percentual_compras"}},
		}},
		{"growth over the same period a year before", map[string]want{
			"yoy growth of sales count for march, in %":         {measures: []string{"sales_count_growth"}, sql: []string{"DATE '2024-03-01'", "DATE '2025-03-01'"}},
			"crescimento ano contra ano do faturamento em maio": {measures: []string{"revenue_growth"}, sql: []string{"DATE '2024-05-01'", "DATE '2025-05-01'"}},
			"year-over-year revenue growth in the first half":   {measures: []string{"revenue_growth"}, sql: []string{"DATE '2024-01-01'", "DATE '2025-01-01'"}},
		}},
		{"growth between two periods asked as 'quantos %' or 'em relação ao'", map[string]want{
			"variação % do faturamento do 1T25 em relação ao 4T24":       {measures: []string{"revenue_growth"}, sql: []string{"DATE '2024-10-01'", "DATE '2025-01-01'"}},
			"a receita da Savassi cresceu quantos % de março pra abril?": {measures: []string{"revenue_growth"}, filters: []string{"store_code"}},
			"quantos por cento as vendas cresceram de abril para maio":   {measures: []string{"sales_count_growth"}},
		}},
		{"compared periods: a period said twice, a running one 'until now', one line each", map[string]want{
			"new sign-ups 2024 vs 2025 (this year so far)":                                  {measures: []string{"customers"}, dims: []string{"periods"}},
			"cadastros de 2024 contra 2025 (este ano até agora)":                            {measures: []string{"customers"}, dims: []string{"periods"}},
			"vendas de maio x junho até agora, quantidade e faturamento, uma linha por mês": {measures: []string{"sales_count", "revenue"}, dims: []string{"periods"}},
			"revenue and number of sales, April versus June so far, one row per month":      {measures: []string{"revenue", "sales_count"}, dims: []string{"periods"}},
		}},
		{"weekends and weekdays side by side", map[string]want{
			"how much did we sell on weekends and how much on weekdays in April":          {measures: []string{"revenue"}, dims: []string{"weekday_set"}, period: "2025-04-01"},
			"vendas de abril nos fins de semana e nos dias de semana pra ver a diferença": {measures: []string{"sales_count"}, dims: []string{"weekday_set"}},
			"quanto vendemos nos fds e quanto nos dias uteis em março":                    {measures: []string{"revenue"}, dims: []string{"weekday_set"}},
		}},
		{"bands written every way", map[string]want{
			"distribuição de idade dos clientes nas faixas até 20, 21-30, 31-50 e 51+": {measures: []string{"customers"}, dims: []string{"age_band"}, sql: []string{"'51+'"}},
			"how are point balances distributed: 0, 1-100, 101-500, >500":              {measures: []string{"customers"}, dims: []string{"balance_band"}, sql: []string{"'>500'"}},
			"saldo dos clientes nas faixas 0, 1 a 100 e acima de 100":                  {measures: []string{"customers"}, dims: []string{"balance_band"}, sql: []string{"'100+'"}},
			"customers by age: <25, 25-39, 40+":                                        {measures: []string{"customers"}, dims: []string{"age_band"}},
		}},
	})
}
