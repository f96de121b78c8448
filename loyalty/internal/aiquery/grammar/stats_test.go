package grammar

import "testing"

// TestStatsClasses: the statistics, bands, week buckets and distributions of issue 24's
// eighth round, each class in paraphrases of both languages written for this test (never
// taken from an evaluation set), with near-paraphrases that must still be refused.
func TestStatsClasses(t *testing.T) {
	const (
		p25    = "percentile_cont(0.25) WITHIN GROUP (ORDER BY v.value)"
		median = "percentile_cont(0.5) WITHIN GROUP (ORDER BY v.value)"
		p75    = "percentile_cont(0.75) WITHIN GROUP (ORDER BY v.value)"
		p90    = "percentile_cont(0.9) WITHIN GROUP (ORDER BY v.value)"
		may    = "v.transaction_date >= DATE '2025-05-01' AND v.transaction_date < DATE '2025-06-01'"
	)
	runClasses(t, []classCases{
		{"statistics of one measure as a list, each a column, before, after or apart from it", map[string]want{
			"p25, p50 e p75 do ticket em maio":                                                         {measures: []string{"average_ticket_p25", "average_ticket_median", "average_ticket_p75"}, sql: []string{p25, median, p75, may}},
			"ticket de maio: mediana e p90, num card só":                                               {measures: []string{"average_ticket_median", "average_ticket_p90"}, sql: []string{median, p90, may}},
			"qual foi o 25º e o 75º percentil do ticket em maio":                                       {measures: []string{"average_ticket_p25", "average_ticket_p75"}, sql: []string{p25, p75, may}},
			"percentis 25 e 75 do valor das vendas em maio":                                            {measures: []string{"average_ticket_p25", "average_ticket_p75"}, sql: []string{p25, p75, may}},
			"tkt medio e mediana em maio":                                                              {measures: []string{"average_ticket", "average_ticket_median"}, sql: []string{"avg(v.value)", median, may}},
			"the median sale value plus the 25th and 75th percentiles for May (interpolated, one row)": {measures: []string{"average_ticket_median", "average_ticket_p25", "average_ticket_p75"}, sql: []string{median, p25, p75, may}},
			"25th and 75th percentiles of the ticket in May":                                           {measures: []string{"average_ticket_p25", "average_ticket_p75"}, sql: []string{p25, p75, may}},
			"average, median and p90 ticket size in may":                                               {measures: []string{"average_ticket", "average_ticket_median", "average_ticket_p90"}, sql: []string{p90, may}},
			"May ticket: median and 90th percentile, continuous percentiles please":                    {measures: []string{"average_ticket_median", "average_ticket_p90"}, sql: []string{median, p90, may}},
			// how a percentile is computed other than by interpolation is not read
			"median ticket in May, discrete percentile":     {refuse: true},
			"mediana do ticket em maio, percentil discreto": {refuse: true},
			// the interpolation words without a percentile restate nothing
			"ticket médio de maio interpolado": {refuse: true},
			// a percentile of a count has no rows to rank
			"p90 e mediana do número de clientes": {refuse: true},
		}},
		{"a statistic of each customer's time to the first purchase, of a sign-up cohort", map[string]want{
			"median time to first purchase for customers who signed up in 2024":           {measures: []string{"days_to_first_purchase_median"}, sql: []string{"percentile_cont(0.5)", "min(x.transaction_date)", "c.created_at >= DATE '2024-01-01'"}},
			"p90 days to first purchase of 2025 sign-ups":                                 {measures: []string{"days_to_first_purchase_p90"}, sql: []string{"c.created_at >= DATE '2025-01-01'"}},
			"average days from sign-up to first purchase by origin":                       {measures: []string{"days_to_first_purchase"}, dims: []string{"origin"}},
			"mediana de dias até a primeira compra dos clientes cadastrados em 2024":      {measures: []string{"days_to_first_purchase_median"}, sql: []string{"c.created_at >= DATE '2024-01-01'"}},
			"tempo médio até a primeira compra por origem":                                {measures: []string{"days_to_first_purchase"}, dims: []string{"origin"}},
			"tempo até a primeira compra: p25 e p75, clientes que se cadastraram em 2025": {measures: []string{"days_to_first_purchase_p25", "days_to_first_purchase_p75"}},
			"average age of customers who signed up in 2024":                              {measures: []string{"average_age"}, sql: []string{"c.created_at >= DATE '2024-01-01'"}},
			// a time to a purchase that is not the first is not in the model
			"median time to second purchase": {refuse: true},
			"tempo médio entre compras":      {refuse: true},
		}},
		{"a to-date word beside the current period is that period to date", map[string]want{
			"faturamento 2025 YTD":                 {measures: []string{"revenue"}, period: "date_trunc('year', now())"},
			"vendas do 2º tri de 2025 QTD":         {period: "date_trunc('quarter', now())"},
			"revenue YTD 2025, by store":           {dims: []string{"store"}, period: "date_trunc('year', now())"},
			"revenue 2024 YTD":                     {refuse: true}, // a past year's YTD is no period
			"top 3 stores by ytd signups":          {refuse: true},
			"faturamento de 2024 acumulado do ano": {refuse: true},
		}},
		{"an inclusion list of statuses widens the rows, never narrows them", map[string]want{
			"resgates de maio por status, incluir cancelados e expirados":                    {measures: []string{"redemptions"}, dims: []string{"status"}, filters: []string{"any_status"}},
			"quantos resgates em maio, inclusive os expirados":                               {measures: []string{"redemptions"}, filters: []string{"including_expired"}, sql: []string{"r.status IN ('pending', 'applied', 'expired')"}},
			"resgates por status no mês passado, cancelados e expirados inclusos":            {dims: []string{"status"}, filters: []string{"any_status"}},
			"redemptions this year by status (also cancelled and expired), count and points": {measures: []string{"redemptions", "points_redeemed"}, dims: []string{"status"}, filters: []string{"any_status"}},
			"how many redemptions in May, cancelled ones too":                                {filters: []string{"including_cancelled"}, sql: []string{"r.status IN ('pending', 'applied', 'cancelled')"}},
			"redemptions by status in 2024 including expired and cancelled":                  {dims: []string{"status"}, filters: []string{"any_status"}},
			// two statuses with no inclusion word still cannot hold together
			"resgates cancelados e expirados em maio": {refuse: true},
			"redemptions pending and expired in May":  {refuse: true},
		}},
		{"a distribution named by its attribute is a breakdown by it, every status said", map[string]want{
			"distribuição de status dos resgates de 2024":                                     {measures: []string{"redemptions"}, dims: []string{"status"}, period: "2024-01-01"},
			"resgates de 2024: distribuição por status com todos os status, qtd e % do total": {dims: []string{"status"}, filters: []string{"any_status"}, sql: []string{"sum(count(*)) OVER ()"}},
			"status distribution of the 2024 redemptions, across all four statuses":           {dims: []string{"status"}, filters: []string{"any_status"}},
			"gender distribution of customers":                                                {measures: []string{"customers"}, dims: []string{"gender"}},
			"what fraction of this year's redemptions expired, regardless of status":          {sql: []string{"FILTER (WHERE r.status = 'expired')"}, filters: []string{"any_status"}},
			"dos resgates do ano, independente do status, qual fração expirou":                {sql: []string{"FILTER (WHERE r.status = 'expired')"}},
			// the rows themselves are distributed, never broken down one by one
			"distribution of customers": {refuse: true},
		}},
		{"week buckets: a day with its own weekday is one day, ISO weeks and their spans", map[string]want{
			"takings per week since monday 19th may":                    {measures: []string{"revenue"}, dims: []string{"week"}, period: "DATE '2025-05-19'"},
			"receita e qtd de cupons por semana desde seg, 19/05":       {measures: []string{"revenue", "sales_count"}, dims: []string{"week"}, period: "DATE '2025-05-19'"},
			"faturamento semanal a partir de segunda-feira 19 de maio":  {dims: []string{"week"}, period: "DATE '2025-05-19'"},
			"revenue per ISO week (Mon-Sun) from Mon May 19 to today":   {dims: []string{"week"}, period: "DATE '2025-05-19'"},
			"n distinct buyers per ISO week, 2025-W20 through 2025-W24": {measures: []string{"buyers"}, dims: []string{"week"}, sql: []string{"DATE '2025-05-12'", "DATE '2025-06-16'"}},
			"vendas na semana 20 de 2025":                               {sql: []string{"DATE '2025-05-12'", "DATE '2025-05-19'"}},
			"receita por semana, semanas 20-24 de 2025":                 {dims: []string{"week"}, sql: []string{"DATE '2025-05-12'", "DATE '2025-06-16'"}},
			"buyers in W22": {sql: []string{"DATE '2025-05-26'", "DATE '2025-06-02'"}},
			// a weekday that is not the day's own is two periods, not one
			"takings per week since tuesday 19th may": {refuse: true},
			"revenue in week 54 of 2025":              {refuse: true},
		}},
		{"bands: the quantity said again names them; lists and impossible ages are refused", map[string]want{
			"customers by age band: under 18, 18-24, 25-34, 35+, age as of today":                                   {measures: []string{"customers"}, dims: []string{"age_band"}},
			"age distribution of customers: under 25, 25-34, 35+":                                                   {measures: []string{"customers"}, dims: []string{"age_band"}},
			"age bands of members: <25, 25-34, 35-44, 45+, excluding null birth dates":                              {measures: []string{"customers"}, dims: []string{"age_band"}},
			"distribuição etária: qtd de clientes nas faixas <25, 25-34, 35+, quem não tem data de nasc. fica fora": {measures: []string{"customers"}, dims: []string{"age_band"}},
			"faixas etárias dos clientes: até 24, 25-34, 35+":                                                       {measures: []string{"customers"}, dims: []string{"age_band"}},
			"clientes por faixa etária 18-24, 25-34, 35+, idade de hoje":                                            {measures: []string{"customers"}, dims: []string{"age_band"}},
			"saldo médio dos clientes nas faixas 18-24, 25-34, 35+":                                                 {measures: []string{"balance_average"}, dims: []string{"age_band"}},
			"idade média por faixa etária: até 24, 25-34, 35+":                                                      {measures: []string{"average_age"}, dims: []string{"age_band"}},
			// bounds no age reaches are bands of something the question does not say
			"average balance of customers in the bands 0, 1-500, 501+": {refuse: true},
			"clientes nas faixas 0, 1-500, 501+":                       {refuse: true},
			"how are this quarter's transactions spread by ticket size under twenty reais twenty to fifty fifty to a hundred and a hundred and up": {measures: []string{"sales_count"}, dims: []string{"value_band"}, sql: []string{"v.value < 20", "v.value <= 100"}},
			"vendas do trimestre por ticket: até 20 reais, de 20 a 50, de 50 a 100 e acima de 100":                                                 {measures: []string{"sales_count"}, dims: []string{"value_band"}},
			"how are May's sales spread by ticket size: under 30, 30 to 60, 60 and up":                                                             {dims: []string{"value_band"}, period: "2025-05-01"},
			// amounts are no ages
			"customers by age band: under 25 reais, 25-34": {refuse: true},
			// a write verb is never read as leaving rows out
			"customers by age band: under 25, 25-34, 35+, drop null birth dates": {refuse: true, write: true},
		}},
		{"shares of an amount by an attribute of the customer who bought, and rates over a window", map[string]want{
			"what share of YTD revenue came from members who originally signed up through the app": {sql: []string{"EXISTS (SELECT 1 FROM reporting.customers c WHERE c.id = v.customer_id AND c.origin = 'APP')"}, period: "date_trunc('year', now())"},
			"share of this year's revenue from customers whose origin is APP":                      {sql: []string{"c.origin = 'APP'", "round(100.0 *"}},
			"revenue share by the buyer's sign-up origin for Q2 2025 to date":                      {dims: []string{"origin"}, sql: []string{"OVER ()"}, period: "2025-04-01"},
			"qual % da receita do ano veio de clientes com origem APP":                             {sql: []string{"c.origin = 'APP'", "round(100.0 *"}},
			"percentual do faturamento de 2025 vindo de clientes que se cadastraram pelo app":      {sql: []string{"c.origin = 'APP'", "round(100.0 *"}, period: "2025-01-01"},
			"faturamento por origem do cliente no 2º tri":                                          {dims: []string{"origin"}},
			"% dos compradores dos últimos 30 dias que fizeram 2 ou mais compras dentro da janela": {sql: []string{">= 2", "interval '29 days'"}},
			"what % of last 30 days' buyers made 2+ purchases within the window":                   {sql: []string{">= 2", "interval '29 days'"}},
			// a count of the customers who signed up reads the sign-up as its cohort
			"customers who signed up through the app in May and bought": {refuse: true},
			"clientes que se cadastraram pelo app em maio e compraram":  {refuse: true},
			"quantos clientes se cadastraram pelo app em maio":          {measures: []string{"customers"}, period: "2025-05-01", sql: []string{"c.origin = 'APP'", "c.created_at"}},
		}},
	})
}
