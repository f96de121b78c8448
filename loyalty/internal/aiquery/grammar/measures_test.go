package grammar

import "testing"

// The classes of measures, aggregates over groups and cohorts that the fifth round of
// issue 24 fixed (theme "measures"), each in paraphrases written for these tests (pt-BR
// and en, other words and orders than any evaluation question).
func TestMeasuresClasses(t *testing.T) {
	expiry := []string{"r.expires_at", "c.name", "r.status = 'pending'"}
	runClasses(t, []classCases{
		{"two channels said with 'both' / 'ambos' hold together", map[string]want{
			"customers opted in to both sms and whatsapp":        {measures: []string{"customers"}, filters: []string{"optin_sms", "optin_whatsapp"}},
			"how many members accept both whatsapp and e-mail?":  {measures: []string{"customers"}, sql: []string{"c.whatsapp_optin", "c.email_optin"}},
			"qtos clientes aceitam ambos, whatsapp e email":      {measures: []string{"customers"}, sql: []string{"c.whatsapp_optin", "c.email_optin"}},
			"active members who opted in to both e-mail and sms": {measures: []string{"customers"}, sql: []string{"c.is_active", "c.email_optin", "c.sms_optin"}},
			"customers who bought at both stores":                {refuse: true},
		}},
		{"a quantity named before the measure that sums it ('how many points are unredeemed')", map[string]want{
			"how many points are still unredeemed across our members": {measures: []string{"balance_total"}},
			"how many points are unredeemed right now, in total?":     {measures: []string{"balance_total"}},
			"quantos pontos ainda não resgatados existem nas contas":  {measures: []string{"balance_total"}},
			"qtos pontos nao resgatados a gente tem hoje?":            {measures: []string{"balance_total"}},
			"how many points redeemed last month":                     {measures: []string{"points_redeemed"}},
		}},
		{"a filter naming the customers themselves, said alone, lists them", map[string]want{
			"lista dos aniversariantes de julho":               {list: true, sql: []string{"extract(month FROM c.birth_date) = 7", "c.name"}},
			"me manda os aniversariantes do mes, por favor":    {list: true, sql: []string{"extract(month FROM c.birth_date) = extract(month FROM now())"}},
			"birthdays in august, names please":                {list: true, sql: []string{"extract(month FROM c.birth_date) = 8"}},
			"aniversariantes de setembro que aceitam whatsapp": {list: true, sql: []string{"= 9", "c.whatsapp_optin"}},
			"vendas dos aniversariantes de julho":              {measures: []string{"sales_count"}},
		}},
		{"an average per buying customer, per month", map[string]want{
			"avg spend per paying customer by month this year":          {measures: []string{"revenue_per_buyer"}, dims: []string{"month"}, sql: []string{"count(DISTINCT v.customer_id)"}},
			"average spend per purchasing customer, monthly, since jan": {dims: []string{"month"}, sql: []string{"sum(v.value) / NULLIF(count(DISTINCT v.customer_id), 0)"}},
			"media de gasto por cliente que comprou, por mês, em 2025":  {dims: []string{"month"}, sql: []string{"sum(v.value) / NULLIF(count(DISTINCT v.customer_id), 0)"}},
		}},
		{"customers who bought, counted beside a measure of their sales, are the buyers", map[string]want{
			"in 2024, how many customers made at least one purchase and how much did they spend on average": {measures: []string{"buyers", "revenue_per_buyer"}, period: "2024-01-01"},
			"how many customers made at least 1 purchase in april and how much revenue":                     {measures: []string{"buyers", "revenue"}, period: "2025-04-01"},
			"quantos clientes fizeram pelo menos uma compra em 2024 e qual o gasto médio por cliente":       {measures: []string{"buyers", "revenue_per_buyer"}, period: "2024-01-01"},
			"quantos clientes ativos temos e quanto eles gastaram":                                          {refuse: true},
		}},
		{"'involved' refers back to the rows named before", map[string]want{
			"how many redemptions expired last month and how many points were involved": {measures: []string{"redemptions", "points_redeemed"}, sql: []string{"r.status = 'expired'"}},
			"quantos resgates foram cancelados em maio e quantos pontos envolveram":     {measures: []string{"redemptions", "points_redeemed"}, sql: []string{"r.status = 'cancelled'"}},
			"quantos resgates expiraram em abril e quantos pontos estavam envolvidos":   {measures: []string{"redemptions", "points_redeemed"}, sql: []string{"r.status = 'expired'"}},
			"points involved": {refuse: true},
		}},
		{"two consecutive periods taken together are one period", map[string]want{
			"sales by store, march and april combined":                                                             {measures: []string{"sales_count"}, dims: []string{"store"}, sql: []string{"DATE '2025-03-01'", "< DATE '2025-05-01'"}},
			"vendas por loja em março e abril somados":                                                             {measures: []string{"sales_count"}, dims: []string{"store"}, sql: []string{"DATE '2025-03-01'", "< DATE '2025-05-01'"}},
			"faturamento de abril e maio juntos, por loja":                                                         {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{"DATE '2025-04-01'", "< DATE '2025-06-01'"}},
			"revenue per store, last month and this month together":                                                {dims: []string{"store"}, sql: []string{"date_trunc('month', now()) - interval '1 month' AND v.transaction_date < date_trunc('month', now()) + interval '1 month'"}},
			"the number of sales that each store made across march and april taken together, one figure per store": {measures: []string{"sales_count"}, dims: []string{"store"}, sql: []string{"DATE '2025-03-01'", "< DATE '2025-05-01'"}},
			"revenue for january and march combined":                                                               {refuse: true},
		}},
		{"customers in bands of how many purchases they made in the period, none included", map[string]want{
			"can you break down customers by number of purchases in 2024, in the groups 0, 1-3, 4+":        {measures: []string{"customers"}, dims: []string{"purchase_count_band"}, period: "-", sql: []string{"THEN '0'", "x.transaction_date >= DATE '2024-01-01'"}},
			"by number of purchases last year, in the groups 0, 1, 2 to 5, 6+, how many customers in each": {measures: []string{"customers"}, dims: []string{"purchase_count_band"}, period: "-"},
			"clientes por número de compras no ano passado, nas faixas 0, 1, 2 a 5, mais de 5":             {measures: []string{"customers"}, dims: []string{"purchase_count_band"}, period: "-", sql: []string{"FROM reporting.customers c"}},
			"clientes por quantidade de compras em 2025 nas faixas 1, 2 a 3, 4 ou mais":                    {measures: []string{"customers"}, dims: []string{"purchase_count_band"}, sql: []string{">= 1"}},
		}},
		{"a rate per group with its percentage said again at the end", map[string]want{
			"taxa de cancelamento por loja em 2025, em %":                   {measures: []string{"rate_cancelled"}, dims: []string{"store"}, period: "2025-01-01"},
			"cancellation rate by payment type last month, as a percentage": {measures: []string{"rate_cancelled"}, dims: []string{"payment_type"}},
			"cancellation rate for each store in 2024, in %":                {measures: []string{"rate_cancelled"}, dims: []string{"store"}, period: "2024-01-01"},
			"percentage of sales cancelled per store and % paid with pix":   {refuse: true},
		}},
		{"points debited 'manually' are the debits, never a yearly breakdown", map[string]want{
			"how many points were manually debited last year":                                     {measures: []string{"points_debited"}, dims: []string{}},
			"points deducted manually in may, by store":                                           {measures: []string{"points_debited"}, dims: []string{"store"}},
			"last year: how many points were debited manually, and how many points were reversed": {measures: []string{"points_debited", "points_reversed"}, dims: []string{}},
			"quantos pontos foram debitados manualmente no ano passado":                           {measures: []string{"points_debited"}, dims: []string{}},
		}},
		{"a list of redemptions with their expiry", map[string]want{
			"list pending redemptions expiring by tomorrow with the customer name and expiry date": {list: true, sql: expiry},
			"resgates pendentes que expiram esta semana: cliente e data de vencimento":             {list: true, sql: expiry},
			"pending redemptions with their expiration date, with customer names":                  {list: true, sql: expiry},
		}},
	})
}
