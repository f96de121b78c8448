package grammar

import (
	"testing"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The classes of the grammar's fourth round: several measures across clauses, comparisons,
// cohorts, and the silently wrong readings they replaced. Paraphrases written for these
// tests, several per class, in both languages; the negative cases must stay refused.

// TestSeveralMeasuresAcrossClauses: measures said in clauses of their own, sharing the
// question's filters, period and breakdown (a pronoun stands for what came before).
func TestSeveralMeasuresAcrossClauses(t *testing.T) {
	runClasses(t, []classCases{
		{"a second clause with a pronoun shares the first's filters", map[string]want{
			"quantas vendas a Savassi fez em maio e quanto ela faturou":           {measures: []string{"sales_count", "revenue"}, filters: []string{"store_code"}, period: "2025-05-01"},
			"qtas vendas o batel fez ontem e qnto ele faturou":                    {measures: []string{"sales_count", "revenue"}, filters: []string{"store_code"}},
			"how many sales did Savassi make last month and how much did it bill": {measures: []string{"sales_count", "revenue"}, filters: []string{"store_code"}, period: "interval '1 month'"},
			"quantos clientes compraram em abril e quanto eles gastaram em média": {measures: []string{"buyers", "revenue_per_buyer"}, period: "2025-04-01"},
		}},
		{"a second clause without a pronoun: the subject said once", map[string]want{
			"qntas vendas e qto o cambui faturou semana passada":            {measures: []string{"sales_count", "revenue"}, filters: []string{"store_code"}},
			"quantas vendas e quanto a loja Centro faturou em abril":        {measures: []string{"sales_count", "revenue"}, filters: []string{"store_code"}},
			"how many sales and how much did Batel sell in the last 7 days": {measures: []string{"sales_count", "revenue"}, filters: []string{"store_code"}},
		}},
		{"aggregates said beside a list of measures of the same rows", map[string]want{
			"number of cancelled sales and their total value in April":               {measures: []string{"sales_count", "revenue"}, filters: []string{"cancelled"}, sql: []string{"v.cancelled_at IS NOT NULL"}},
			"quantidade de vendas canceladas e o valor delas em maio":                {measures: []string{"sales_count", "revenue"}, sql: []string{"v.cancelled_at IS NOT NULL"}},
			"pending redemptions: how many, and how many points are tied up in them": {measures: []string{"redemptions", "points_redeemed"}, sql: []string{"r.status = 'pending'"}},
			"resgates pendentes: quantos e quantos pontos":                           {measures: []string{"redemptions", "points_redeemed"}, sql: []string{"r.status = 'pending'"}},
		}},
		{"a clause after a conjunction asks another computation of the same rows", map[string]want{
			"how many sales did we have last week and what was the total":         {measures: []string{"sales_count", "revenue"}},
			"quantas vendas tivemos em abril e qual o total":                      {measures: []string{"sales_count", "revenue"}, period: "2025-04-01"},
			"quantos resgates aplicados e quantos pontos eles somam":              {measures: []string{"redemptions", "points_redeemed"}, sql: []string{"r.status = 'applied'"}},
			"how many customers bought in March and what was their average spend": {measures: []string{"buyers", "revenue_per_buyer"}, period: "2025-03-01"},
			"quantos clientes compraram em março e qual foi o gasto médio deles":  {measures: []string{"buyers", "revenue_per_buyer"}, period: "2025-03-01"},
		}},
		{"a list of aggregates of the rows named after them", map[string]want{
			"count, sum and average of sales in April":      {measures: []string{"sales_count", "revenue", "average_ticket"}},
			"quantidade, soma e média das vendas de abril":  {measures: []string{"sales_count", "revenue", "average_ticket"}},
			"sales count and revenue for Savassi last week": {measures: []string{"sales_count", "revenue"}, filters: []string{"store_code"}},
		}},
		{"an aggregate said again without a conjunction is not another measure", map[string]want{
			// "no total" after a count may be "how much": refused, never a second measure
			"quantas vendas tivemos em abril no total": {refuse: true},
		}},
		{"leaving out the cancelled sales restates the counting rule", map[string]want{
			"quantas vendas a Batel fez em abril e quanto ela faturou? pode desconsiderar as canceladas": {measures: []string{"sales_count", "revenue"}, sql: []string{"v.cancelled_at IS NULL", "'L06'"}},
			"revenue in April leaving out the cancelled sales":                                           {measures: []string{"revenue"}, sql: []string{"v.cancelled_at IS NULL"}},
			"vendas não canceladas em abril":                                                             {measures: []string{"sales_count"}, sql: []string{"v.cancelled_at IS NULL"}},
			"resgates não cancelados":                                                                    {refuse: true}, // an expired one is not cancelled either
		}},
		{"clauses whose filters cannot be shared are two questions", map[string]want{
			"quantas vendas a Copacabana fez e quanto o Centro faturou":   {refuse: true},
			"how many sales did Batel make and how much did Savassi bill": {refuse: true},
			"quantas vendas por loja e quanto faturou por mês":            {refuse: true},
			"quantas vendas no pix e quanto faturou no dinheiro":          {refuse: true},
		}},
		{"a filter that changes which rows count is shared only through a pronoun", map[string]want{
			"quantas vendas canceladas e quanto faturamos em abril":        {refuse: true},
			"quantos resgates pendentes e quantos pontos foram resgatados": {refuse: true},
			"how many cancelled sales in April and how much did we sell":   {refuse: true},
			"quantas vendas canceladas em abril e quanto elas somaram":     {measures: []string{"sales_count", "revenue"}, sql: []string{"v.cancelled_at IS NOT NULL"}},
		}},
		{"clauses over different rows are two questions, never a cohort's sales", map[string]want{
			"quantos clientes ativos temos e quanto eles gastaram": {refuse: true},
		}},
		{"a pronoun with nothing before it refers to nothing", map[string]want{
			"quanto ela faturou":           {refuse: true},
			"quanto eles gastaram em maio": {refuse: true},
		}},
	})
}

// TestComparisonClasses: the difference of two members or two periods, said as a verb of
// exceeding or growing.
func TestComparisonClasses(t *testing.T) {
	runClasses(t, []classCases{
		{"by how much one store exceeded another", map[string]want{
			"By how much did the Batel store's revenue this year exceed that of the Cambuí store?": {measures: []string{"revenue_difference"}, sql: []string{"'L06'), 0)) - (", "'L03'"}},
			"how much more did Savassi bill than Centro in May":                                    {measures: []string{"revenue_difference"}, sql: []string{"'L05'), 0)) - (", "'L01'"}},
			"quanto a Savassi superou o Centro em faturamento em maio":                             {measures: []string{"revenue_difference"}, sql: []string{"'L05'), 0)) - (", "'L01'"}},
		}},
		{"the difference between two stores, said with between, minus or higher", map[string]want{
			"diferença de faturamento entre Savassi e Cambuí em abril":           {measures: []string{"revenue_difference"}, sql: []string{"'L05'), 0)) - (", "'L03'"}},
			"revenue gap between Copacabana and Batel last month":                {measures: []string{"revenue_difference"}, sql: []string{"'L04'), 0)) - (", "'L06'"}},
			"Batel revenue minus Centro revenue in April":                        {measures: []string{"revenue_difference"}, sql: []string{"'L06'), 0)) - (", "'L01'"}},
			"how much higher was the average ticket at Savassi than at Batel":    {measures: []string{"average_ticket_difference"}, sql: []string{"'L05'), 2)) - (", "'L06'"}},
			"diferença entre o ticket médio do Cambuí e o da Copacabana em maio": {measures: []string{"average_ticket_difference"}},
			"vendas entre Centro e Batel em maio":                                {measures: []string{"sales_count"}, dims: []string{"store"}},
		}},
		{"by what percentage a measure grew between two periods", map[string]want{
			"By what percentage did sales grow in Q1 this year compared with Q1 last year": {measures: []string{"sales_count_growth"}, sql: []string{"DATE '2024-01-01'", "DATE '2025-01-01'"}},
			"em quantos por cento o faturamento cresceu de março para abril":               {measures: []string{"revenue_growth"}},
			"how many percent did revenue grow from April to May":                          {measures: []string{"revenue_growth"}},
		}},
		{"a period compared with the same month or quarter of another year", map[string]want{
			"sales this month vs the same month last year":                        {measures: []string{"sales_count"}, dims: []string{"periods"}, sql: []string{"DATE '2024-06-01'"}},
			"faturamento de abril e o mesmo mês do ano passado":                   {measures: []string{"revenue"}, dims: []string{"periods"}, sql: []string{"DATE '2024-04-01'", "DATE '2025-04-01'"}},
			"crescimento das vendas neste trimestre vs o mesmo trimestre de 2024": {measures: []string{"sales_count_growth"}, sql: []string{"DATE '2024-04-01'"}},
		}},
		{"a period compared with another, each shown", map[string]want{
			"compare o ticket médio de março com o de abril":     {measures: []string{"average_ticket"}, dims: []string{"periods"}},
			"compare average ticket in March with that of April": {measures: []string{"average_ticket"}, dims: []string{"periods"}},
		}},
	})
}

// TestCohortClasses: customers of two stores, sign-up cohorts that converted.
func TestCohortClasses(t *testing.T) {
	runClasses(t, []classCases{
		{"customers of both stores, the stores said again", map[string]want{
			"quantos clientes compraram tanto no Centro qto na Batel em 2025 (nas duas lojas)": {measures: []string{"customers"}, sql: []string{"x.store_code = 'L01'", "x.store_code = 'L06'"}},
			"how many customers bought at both stores, Savassi and Cambuí":                     {measures: []string{"customers"}, sql: []string{"x.store_code = 'L05'", "x.store_code = 'L03'"}},
		}},
		{"repeat buyers bought more than once in the period; their rate is of the buyers", map[string]want{
			"quantos clientes recorrentes em abril":              {measures: []string{"customers"}, sql: []string{">= 2", "x.transaction_date >= DATE '2025-04-01'"}},
			"how many repeat customers last quarter":             {measures: []string{"customers"}, sql: []string{">= 2"}},
			"repeat rate in March":                               {period: "-", sql: []string{">= 2) / NULLIF(count(*) FILTER (WHERE EXISTS", "DATE '2025-03-01'"}},
			"taxa de recompra no primeiro trimestre":             {period: "-", sql: []string{">= 2) / NULLIF(count(*) FILTER (WHERE EXISTS", "DATE '2025-01-01'"}},
			"quantos clientes fizeram 3 ou mais compras em 2024": {measures: []string{"customers"}, sql: []string{">= 3", "DATE '2024-01-01'"}},
			"customers with 2 or more purchases in May":          {measures: []string{"customers"}, sql: []string{">= 2", "DATE '2025-05-01'"}},
		}},
		{"more than once is a count per customer, never a second measure", map[string]want{
			"quantos clientes compraram mais de uma vez em abril":    {measures: []string{"customers"}, sql: []string{") > 1", "DATE '2025-04-01'"}},
			"how many customers bought more than one time last year": {measures: []string{"customers"}, sql: []string{") > 1"}},
		}},
		{"the period of a percentage's condition dates the condition, not the sign-up", map[string]want{
			"percentual de clientes que gastaram mais de R$ 300 em abril":       {period: "-", sql: []string{"> 300", "DATE '2025-04-01'"}},
			"what percentage of customers spent over R$ 400 last month":         {period: "-", sql: []string{"> 400"}},
			"percentual de novos clientes que gastaram mais de R$ 300 em abril": {sql: []string{"c.created_at >= DATE '2025-04-01'"}},
		}},
		{"a share of the period's buyers is of the customers who bought then", map[string]want{
			"what % of April buyers made 2 or more purchases in April": {sql: []string{">= 2) / NULLIF(count(*), 0)", "WHERE EXISTS (SELECT 1 FROM reporting.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL AND x.transaction_date >= DATE '2025-04-01'"}},
		}},
		{"the period's buyers who had bought before are customers", map[string]want{
			"how many of last month's buyers had bought before":     {measures: []string{"customers"}, sql: []string{"x.transaction_date < date_trunc('month', now()) - interval '1 month'"}},
			"quantos compradores de abril já tinham comprado antes": {measures: []string{"customers"}, sql: []string{"x.transaction_date < DATE '2025-04-01'", "x.transaction_date >= DATE '2025-04-01'"}},
		}},
		{"customers who bought at one store and not (again) at another", map[string]want{
			"clientes que compraram no Cambuí e não voltaram a comprar na Savassi": {measures: []string{"customers"}, sql: []string{"EXISTS (SELECT 1 FROM reporting.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL AND x.store_code = 'L03')", "NOT EXISTS (SELECT 1 FROM reporting.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL AND x.store_code = 'L05')"}},
			"customers who bought at Batel but never at Copacabana":                {measures: []string{"customers"}, sql: []string{"x.store_code = 'L06')", "NOT EXISTS (SELECT 1 FROM reporting.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL AND x.store_code = 'L04')"}},
			"how many customers bought at Savassi but not at Centro in April":      {measures: []string{"customers"}, sql: []string{"DATE '2025-05-01' AND x.store_code = 'L05')", "NOT EXISTS (SELECT 1 FROM reporting.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL AND x.transaction_date >= DATE '2025-04-01' AND x.transaction_date < DATE '2025-05-01' AND x.store_code = 'L01')"}},
			// said of sales the exclusion changes nothing, and stays what it was
			"vendas na Savassi exceto no Centro": {measures: []string{"sales_count"}, sql: []string{"v.store_code = 'L05'"}},
		}},
		{"a sign-up cohort that converted: the period dates the sign-up", map[string]want{
			"quantos clientes que se cadastraram em fevereiro já fizeram alguma compra": {measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-02-01'", "EXISTS (SELECT 1 FROM reporting.customer_purchases x WHERE x.customer_id = c.id)"}},
			"Feb 2025 sign-up cohort: how many of them have converted so far?":          {measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-02-01'", "EXISTS (SELECT 1 FROM reporting.customer_purchases x WHERE x.customer_id = c.id)"}},
			"dos clientes que se cadastraram em março, quantos converteram":             {measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-03-01'", "EXISTS (SELECT 1 FROM reporting.customer_purchases x WHERE x.customer_id = c.id)"}},
		}},
	})
}

// TestRowsOfCustomersClasses: the silently wrong readings of the round, now read in full.
func TestRowsOfCustomersClasses(t *testing.T) {
	runClasses(t, []classCases{
		{"customers with rows meeting a condition are customers, not rows", map[string]want{
			"clientes com resgates acima de 500 pontos":            {measures: []string{"customers"}, sql: []string{"EXISTS (SELECT 1 FROM reporting.redeems x", "x.status IN ('pending', 'applied')", "x.total_points > 500"}},
			"quantos clientes têm compras acima de R$ 200 em maio": {measures: []string{"customers"}, sql: []string{"EXISTS (SELECT 1 FROM reporting.coupons x", "x.cancelled_at IS NULL", "x.value > 200", "x.transaction_date >= DATE '2025-05-01'"}},
			"how many customers with redemptions over 300 points":  {measures: []string{"customers"}, sql: []string{"x.total_points > 300"}},
			"quantos clientes com resgates":                        {measures: []string{"customers"}, sql: []string{"EXISTS (SELECT 1 FROM reporting.redeems x"}},
		}},
		{"rows named first are the rows, of those customers", map[string]want{
			"resgates de clientes ativos": {measures: []string{"redemptions"}, sql: []string{"c.is_active"}},
			"sales of inactive customers": {measures: []string{"sales_count"}, sql: []string{"NOT c.is_active"}},
		}},
		{"the customers who bought the most spent the most (CONVENTIONS: top N by spend)", map[string]want{
			"top 10 clientes que mais compraram":            {measures: []string{"revenue"}, dims: []string{"customer"}, limit: 10},
			"top 5 customers by spend this year":            {measures: []string{"revenue"}, dims: []string{"customer"}, limit: 5},
			"os 3 clientes com maior gasto em maio":         {measures: []string{"revenue"}, dims: []string{"customer"}, limit: 3},
			"top 10 clientes por gasto":                     {measures: []string{"revenue"}, dims: []string{"customer"}, limit: 10},
			"which customer made the most purchases in May": {measures: []string{"sales_count"}, limit: 1},
			"qual cliente comprou mais vezes em 2024":       {measures: []string{"sales_count"}, limit: 1},
		}},
		{"customers who accept several channels are listed with all of them", map[string]want{
			"customers who accept whatsapp and email":   {list: true, sql: []string{"c.whatsapp_optin", "c.email_optin"}},
			"list customers who accept sms and email":   {list: true, sql: []string{"c.sms_optin", "c.email_optin"}},
			"liste os clientes que aceitam sms e email": {list: true, sql: []string{"c.sms_optin", "c.email_optin"}},
		}},
	})
	_ = semantic.Natural
}
