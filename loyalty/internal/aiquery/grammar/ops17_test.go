package grammar

import "testing"

// The seventeenth round's operations and layouts (issue 24): questions written as a
// table's operations ("filtrar, agrupar e contar", "sum points by store") and as the
// layout of the answer ("coluna mês e coluna quantidade", "os três valores em uma única
// linha").
func TestOps17Classes(t *testing.T) {
	runClasses(t, []classCases{
		{"an operation said as a command is the aggregate, breakdown or condition it commands (semantic.Operations)", map[string]want{
			"Filtrar os clientes ativos, agrupar por origem e contar":                                                  {measures: []string{"customers"}, dims: []string{"origin"}, sql: []string{"c.is_active"}},
			"agrupe os resgates pendentes por loja e conte":                                                            {measures: []string{"redemptions"}, sql: []string{"'pending'", "r.store_code"}},
			"contar os clientes inativos por origem":                                                                   {measures: []string{"customers"}, dims: []string{"origin"}, sql: []string{"NOT c.is_active"}},
			"Somar o saldo de pontos por loja, só dos clientes ativos":                                                 {sql: []string{"sum(c.points_balance)", "c.is_active", "store_code_owner"}},
			"filtrar as vendas da Savassi em maio e somar o valor por dia":                                             {measures: []string{"revenue"}, sql: []string{"'L05'", "::date", "2025-05-01"}},
			"agrupar os clientes por faixa etária (até 24, 25 a 34, 35 a 44 e 45+) e contar quantos tem em cada faixa": {measures: []string{"customers"}, dims: []string{"age_band"}},
			"filter inactive customers, group by origin, count":                                                        {measures: []string{"customers"}, dims: []string{"origin"}, sql: []string{"NOT c.is_active"}},
			"group pending redemptions by store and count them":                                                        {measures: []string{"redemptions"}, sql: []string{"'pending'", "r.store_code"}},
			"filter the sales of the Batel store in April and sum the value per day":                                   {measures: []string{"revenue"}, sql: []string{"'L06'", "::date", "2025-04-01"}},
			"filter customers with more than 500 points, group by store and count":                                     {measures: []string{"customers"}, sql: []string{"c.points_balance > 500", "store_code_owner"}},
			"take the average of the ticket by store in May":                                                           {sql: []string{"sum(v.value) / NULLIF(sum(v.sales), 0)", "v.store_code"}},
			// a breaking verb with no breakdown after it says values are taken together
			"vendas por forma de pagamento em maio, agrupe crédito e débito": {refuse: true},
			"agrupar os clientes": {refuse: true},
			// a condition verb that governs nothing, a sum of rows that have no amount
			"faturamento em maio, filtrar": {refuse: true},
			"revenue in May, filter":       {refuse: true},
			"somar os clientes ativos":     {refuse: true},
			"sum the customers":            {refuse: true},
		}},
		{"a layout that names the columns or rows the reading has is said again; one naming what it lacks is refused", map[string]want{
			"Tabela de novos clientes por mês em 2025: coluna mês e coluna quantidade":                         {measures: []string{"customers"}, dims: []string{"month"}},
			"table of revenue by store in May, columns: store, revenue":                                        {measures: []string{"revenue"}, dims: []string{"store"}},
			"uma tabela com o faturamento por loja em maio":                                                    {measures: []string{"revenue"}, dims: []string{"store"}},
			"taxa de cancelamento de cupons por loja em 2024. Uma linha por loja e a coluna com a taxa em %.":  {sql: []string{"FILTER (WHERE v.cancelled_at IS NOT NULL)", "v.store_code"}},
			"cancellation rate of coupons by store in 2024, one row per store and a column with the rate in %": {sql: []string{"FILTER (WHERE v.cancelled_at IS NOT NULL)", "v.store_code"}},
			"pontos creditados, debitados e resgatados este ano, os três valores em uma única linha":           {measures: []string{"points_credited", "points_debited", "points_redeemed"}},
			"points credited and redeemed in May, the two figures in one row":                                  {measures: []string{"points_credited", "points_redeemed"}},
			"faturamento e ticket médio de maio, os 2 números numa linha só":                                   {measures: []string{"revenue", "average_ticket"}},
			// another number of figures, a column the answer does not have
			"pontos creditados e resgatados em maio, os três valores numa linha": {refuse: true},
			"points credited and redeemed in May, the 3 figures in one row":      {refuse: true},
			"faturamento por loja em maio. Coluna cidade e coluna faturamento.":  {refuse: true},
			"revenue by store in May, columns: store, city, revenue":             {refuse: true},
		}},
		{"a sentence after the question asking for a percentage is a second question, never left out as context", map[string]want{
			"quantos clientes ativos por origem de cadastro? Quero também uma coluna com o % de cada origem sobre o total de ativos.": {refuse: true},
			// a percentage the question already asks, said again
			"qual a taxa de cancelamento por loja em 2024? Quero a taxa em %.": {sql: []string{"FILTER (WHERE v.cancelled_at IS NOT NULL)"}},
		}},
		{"a band said as up to a bound is labelled as said", map[string]want{
			"clientes por faixa etária: até 24, 25-34, 35+": {dims: []string{"age_band"}, sql: []string{"'até 24'"}},
			"customers by age band: up to 24, 25-34, 35+":   {dims: []string{"age_band"}, sql: []string{"'up to 24'"}},
			"customers by age band: under 25, 25-34, 35+":   {dims: []string{"age_band"}, sql: []string{"'under 25'"}},
		}},
	})
}
