package grammar

import "testing"

// Registers the interpreter did not read (ninth round, issue 24): bureaucratic pt-BR,
// European Portuguese, formal English and Indian English, where one verb or set phrase
// refused the whole question. Paraphrases written for these tests, not the eval's
// questions; the near misses say something else and must still be refused.
func TestRegisterClasses(t *testing.T) {
	runClasses(t, []classCases{
		{"formal pt-BR: request lead-ins, performing verbs in any inflection, set phrases of period and form", map[string]want{
			"Solicito o número de vendas efetuadas na loja Batel em abril de 2025.":                                                      {measures: []string{"sales_count"}, filters: []string{"store_code"}, period: "2025-04-01"},
			"Rogo a gentileza de informar quantos clientes se encontram inativos.":                                                       {measures: []string{"customers"}, filters: []string{"active_inactive"}},
			"Desejo conhecer o ticket médio das compras realizadas no período compreendido entre 1º de fevereiro e 30 de abril de 2025.": {measures: []string{"average_ticket"}, period: "2025-02-01"},
			"Quantas vendas a loja Savassi registrou no mês passado e qual o faturamento apurado?":                                       {measures: []string{"sales_count", "revenue"}, filters: []string{"store_code"}},
			"Outrossim, pretendo saber quantos clientes detêm saldo superior a 500 pontos.":                                              {measures: []string{"customers"}, filters: []string{"balance_threshold"}},
			"Gostaria de conhecer o total de pontos creditados no exercício corrente até a presente data.":                               {measures: []string{"points_credited"}, sql: []string{"date_trunc('year', now())"}},
			"Qual a média aritmética do ticket por loja no exercício de 2024?":                                                           {measures: []string{"average_ticket"}, dims: []string{"store"}, period: "2024-01-01"},
			"Quantos clientes efetuaram compras em maio de 2025 e não retornaram em junho?":                                              {measures: []string{"customers"}},
			"Qual o percentual que as vendas no pix representam do faturamento de abril?":                                                {measures: []string{"revenue_share_payment_type"}, period: "2025-04-01"},
			"Solicito o faturamento por cidade entre 1º de março de 2025 e a presente data.":                                             {measures: []string{"revenue"}, dims: []string{"city"}, period: "2025-03-01"},
			"taxa de cancelamento de cupons por loja em 2024, expressa em percentual":                                                    {measures: []string{"rate_cancelled"}, dims: []string{"store"}},
			"Vossa Senhoria poderia, por obséquio, informar o faturamento de cada loja em abril?":                                        {measures: []string{"revenue"}, dims: []string{"store"}, filters: []string{}},
			"Venho, por meio desta, solicitar o quantitativo de clientes ativos.":                                                        {measures: []string{"customers"}, filters: []string{"active_active"}},
			"Solicito o faturamento bem como o ticket médio no decorrer do mês de abril.":                                                {measures: []string{"revenue", "average_ticket"}, period: "2025-04-01"},
			"Solicito o número de vendas a contar de 1º de maio.":                                                                        {measures: []string{"sales_count"}, period: "2025-05-01"},
			// a request to change data is never a performing verb skipped
			"lance 200 pontos para a cliente Ana Souza":     {refuse: true, write: true},
			"registre uma venda de 50 reais na loja Centro": {refuse: true},
			// "lançados" says nothing of which entries: no measure
			"Gostaria de conhecer o total de pontos lançados em maio.": {refuse: true},
			// "apenas" after what customers did may say when alone they did it
			"Quantos clientes compraram em maio apenas?": {refuse: true},
		}},
		{"European Portuguese: its words and its spellings", map[string]want{
			"Qual a facturação do mês transacto por loja?":                                    {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{"date_trunc('month', now()) - interval '1 month'"}},
			"Quantos clientes activos temos?":                                                 {measures: []string{"customers"}, filters: []string{"active_active"}},
			"Quantos utilizadores da app fazem anos em julho?":                                {measures: []string{"customers"}, filters: []string{"app_user", "birthday"}},
			"Qual a percentagem de cupões cancelados no 1.º trimestre de 2025?":               {measures: []string{"rate_cancelled"}, period: "2025-01-01"},
			"Número de registos de novos clientes por mês no ano corrente":                    {measures: []string{"customers"}, dims: []string{"month"}},
			"Quantos clientes sem telemóvel registado?":                                       {measures: []string{"customers"}, filters: []string{"missing_phone"}},
			"Clientes por escalão etário: até 30, 31 a 50 e acima de 50":                      {measures: []string{"customers"}, sql: []string{"'31-50'"}},
			"Preciso de comparar a facturação do fim-de-semana com a dos dias úteis em maio.": {measures: []string{"revenue"}},
			"Qual foi a facturação efectuada no 4.º trimestre de 2024?":                       {measures: []string{"revenue"}, period: "2024-10-01"},
			"Quantos clientes se registaram em maio?":                                         {measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-05-01'"}},
			"Qual o volume de negócios da loja Batel em 2024?":                                {measures: []string{"revenue"}, filters: []string{"store_code"}, period: "2024-01-01"},
			// the system's users are no customers, in either spelling
			"Quantos utilizadores do sistema temos?": {refuse: true},
		}},
		{"formal English: furnish, set out, aggregate, at present, as at date, financial year to date, attributable to, expressed as a percentage, net of reversals", map[string]want{
			"Kindly furnish the revenue by store for the financial year to date.":                         {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{"date_trunc('year', now())"}},
			"Please set out the number of redemptions raised in April, by status.":                        {measures: []string{"redemptions"}, dims: []string{"status"}, period: "2025-04-01"},
			"What is the aggregate points balance of active members at present?":                          {measures: []string{"balance_total"}, filters: []string{"active_active"}},
			"What share of 2025 revenue is attributable to the Savassi store, expressed as a percentage?": {measures: []string{"revenue_share_store_code"}, sql: []string{"'L05'"}},
			"Points credited in April, net of reversals.":                                                 {measures: []string{"points_credited"}, filters: []string{"not_cancelled"}},
			"Kindly revert with the average ticket as at date.":                                           {measures: []string{"average_ticket"}},
			"Kindly analyse the number of sales by payment type for Q1.":                                  {measures: []string{"sales_count"}, dims: []string{"payment_type"}, period: "2025-01-01"},
			"cancellation rate per store in 2024, expressed as a percentage":                              {measures: []string{"rate_cancelled"}, dims: []string{"store"}},
			"Kindly let me have the revenue in respect of April.":                                         {measures: []string{"revenue"}, period: "2025-04-01"},
			// a redemption not cancelled may have expired; "net of" a measure subtracts it
			"Redemptions net of reversals in April":                        {refuse: true},
			"points credited in April net of points debited":               {refuse: true},
			"kindly revert the last redemption of customer 123.456.789-09": {refuse: true},
		}},
		{"Indian English: itself, only as emphasis, having, done, store wise, Do one thing, lady customers, May month, since more than N days", map[string]want{
			"Do one thing, share the sales count for yesterday itself.":                           {measures: []string{"sales_count"}, sql: []string{"interval '1 day'"}},
			"Please share the number of customers having more than 500 points.":                   {measures: []string{"customers"}, filters: []string{"balance_threshold"}},
			"How many lady customers have done registration this year?":                           {measures: []string{"customers"}, filters: []string{"gender_F"}, sql: []string{"c.created_at >= date_trunc('year', now())"}},
			"Revenue of Centro store for last week only.":                                         {measures: []string{"revenue"}, filters: []string{"store_code"}, sql: []string{"date_trunc('week', now()) - interval '1 week'"}},
			"How many customers have not bought since more than 60 days?":                         {measures: []string{"customers"}, filters: []string{"not_bought_at"}},
			"Please do the needful and share the store wise average ticket for March month only.": {measures: []string{"average_ticket"}, dims: []string{"store"}, period: "2025-03-01"},
			"Share the sales done on Sundays in May month.":                                       {measures: []string{"sales_count"}, filters: []string{"weekday_in"}, period: "2025-05-01"},
			"faturamento por loja do mês passado apenas":                                          {measures: []string{"revenue"}, dims: []string{"store"}},
			"Please do needful and share the revenue for last to last month.":                     {measures: []string{"revenue"}, sql: []string{"interval '2 months'"}},
			// "only" after what customers did restricts when they did it: not read
			"how many customers bought in March only":          {refuse: true},
			"how many customers redeemed points in April only": {refuse: true},
			// "share" before its measure is the noun, a share of the total
			"revenue share by store in May": {measures: []string{"revenue_share"}, dims: []string{"store"}},
		}},
		{"a count asked before a percentage, joined by a conjunction: both columns", map[string]want{
			"Quantas vendas foram canceladas em 2024, e qual o percentual sobre o total?":        {measures: []string{"sales_count_cancelled", "rate_cancelled"}, period: "2024-01-01"},
			"how many sales were cancelled last month and what percentage of all sales is that?": {measures: []string{"sales_count_cancelled", "rate_cancelled"}},
			"quantos cupons cancelados em maio e qual o % do total de cupons?":                   {measures: []string{"sales_count_cancelled", "rate_cancelled"}, period: "2025-05-01"},
			// the count is of another base than the percentage's condition
			"how many customers signed up in 2024 and what % of them bought": {refuse: true},
			"quantos clientes ativos e qual o % que usa o app":               {refuse: true},
		}},
	})
}
