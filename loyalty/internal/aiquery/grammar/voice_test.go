package grammar

import (
	"testing"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// TestVoiceClasses: how people speak and type, not what they ask (issue 24, eighth round).
// Spoken pronouns and agreement (caipira, Scots), numbers and dates said in words, the
// breakdown verbs of analysts, relative periods said in speech, clauses of purpose that
// carry no constraint, and stock phrasings of what is running now. Paraphrases written for
// these tests, in both languages; each asserts what the request holds. A near-paraphrase
// whose extra words carry a constraint is refused, never answered without them.
func TestVoiceClasses(t *testing.T) {
	runClasses(t, []classCases{
		{"spoken pronouns and agreement: a plural without -s is the plural", map[string]want{
			"quanto nóis faturou na loja da savassi mês passado":             {measures: []string{"revenue"}, filters: []string{"store_code"}, period: "interval '1 month'"},
			"ocê sabe quantas pessoa se cadastrou pelo app em maio":          {measures: []string{"customers"}, sql: []string{"c.origin = 'APP'"}, period: "2025-05-01"},
			"cê me fala quantos cliente comprou no batel ontem":              {measures: []string{"buyers"}, sql: []string{"'L06'"}},
			"quantos ponto os cliente do centro resgatou esse ano":           {measures: []string{"points_redeemed"}, sql: []string{"'L01'"}},
			"how many customers havenae bought anything in the last 60 days": {measures: []string{"customers"}, sql: []string{"c.last_purchase < date_trunc('day', now()) - interval '59 days'"}},
			"average ticket at Batel compared wi Savassi this month":         {measures: []string{"average_ticket"}, sql: []string{"('L06', 'L05')"}},
			"how many folk have we got the now":                              {measures: []string{"customers"}, period: "-"},
			"how many members didnae buy anything in May":                    {measures: []string{"customers"}, sql: []string{"NOT EXISTS", "2025-05-01"}},
			// a word that could narrow the rows is still refused
			"quanto nóis vendeu pros cliente vip":           {refuse: true},
			"how many folk havenae bought wi the gold card": {refuse: true},
		}},
		{"numbers and dates said in words", map[string]want{
			"quantos clientes se cadastraram em dois mil e vinte e quatro":      {measures: []string{"customers"}, period: "2024-01-01"},
			"faturamento de primeiro de março até quinze de abril":              {measures: []string{"revenue"}, sql: []string{"DATE '2025-03-01'", "DATE '2025-04-16'"}},
			"clientes com mais de mil e quinhentos pontos":                      {measures: []string{"customers"}, sql: []string{"c.points_balance > 1500"}},
			"vendas desde o dia primeiro de junho":                              {sql: []string{"v.transaction_date >= DATE '2025-06-01'"}},
			"clientes entre dezoito e vinte e quatro anos":                      {measures: []string{"customers"}, sql: []string{">= 18", "<= 24"}},
			"revenue in twenty twenty four":                                     {measures: []string{"revenue"}, period: "2024-01-01"},
			"sales since the first of May":                                      {sql: []string{"v.transaction_date >= DATE '2025-05-01'"}},
			"customers who haven't bought in the last two hundred and ten days": {measures: []string{"customers"}, sql: []string{"interval '209 days'"}},
			"revenue for the first quarter of twenty twenty five":               {measures: []string{"revenue"}, sql: []string{"DATE '2025-01-01'", "DATE '2025-04-01'"}},
			"new customers from April first to May 10":                          {measures: []string{"customers"}, sql: []string{"DATE '2025-04-01'", "DATE '2025-05-11'"}},
			// parts that do not make one number are not composed, nor guessed
			"customers with twenty-five hundred points": {refuse: true},
			"top dois de maio":                          {refuse: true},
		}},
		{"'first' said of the order of the rows", map[string]want{
			"bottom 3 shops for takings this quarter, worst first": {measures: []string{"revenue"}, dims: []string{"store"}, order: semantic.Ascending, limit: 3},
			"revenue by store this year, best first":               {measures: []string{"revenue"}, dims: []string{"store"}, order: semantic.Descending},
			"sales by city in May, fewest first":                   {measures: []string{"sales_count"}, dims: []string{"city"}, order: semantic.Ascending},
			"faturamento por loja em maio, do maior pro menor":     {measures: []string{"revenue"}, dims: []string{"store"}, order: semantic.Descending},
			// an order that contradicts the ranking is refused
			"top 5 stores by revenue, worst first": {refuse: true},
		}},
		{"breakdown verbs of analysts", map[string]want{
			"quantos clientes temos, quebra por cidade":                   {measures: []string{"customers"}, dims: []string{"city"}},
			"vendas de maio, separa por forma de pagamento":               {measures: []string{"sales_count"}, dims: []string{"payment_type"}, period: "2025-05-01"},
			"faturamento do ano passado, abre por mês":                    {measures: []string{"revenue"}, dims: []string{"month"}, period: "interval '1 year'"},
			"revenue this year, break it down by store":                   {measures: []string{"revenue"}, dims: []string{"store"}},
			"sales in May, split it by payment type":                      {measures: []string{"sales_count"}, dims: []string{"payment_type"}, period: "2025-05-01"},
			"walk me through points redeemed last quarter month by month": {measures: []string{"points_redeemed"}, dims: []string{"month"}},
			// a breakdown verb without what to break down by is refused
			"revenue this year, split it by": {refuse: true},
		}},
		{"relative periods said in speech", map[string]want{
			"takings at Savassi over the past fortnight, today included":        {measures: []string{"revenue"}, sql: []string{"interval '13 days'"}},
			"revenue in the last 30 days, counting today":                       {measures: []string{"revenue"}, sql: []string{"interval '29 days'"}},
			"faturamento dos últimos 7 dias, contando hoje":                     {measures: []string{"revenue"}, sql: []string{"interval '6 days'"}},
			"vendas nesses últimos noventa dia":                                 {sql: []string{"interval '89 days'"}},
			"how many sales were paid with cash at Copacabana the month passed": {measures: []string{"sales_count"}, period: "interval '1 month'", sql: []string{"'cash'", "'L04'"}},
			"faturamento do mês retrasado":                                      {measures: []string{"revenue"}, period: "interval '2 months'"},
			// a closed period said up to today contradicts itself: refused
			"faturamento do mês passado incluindo hoje": {refuse: true},
			// a period up to a future day dates only an expiry (it dated the pending redemptions'
			// creation); customers with one redemption pending and expiring by then are read as
			// one row meeting both (h-named); with no expiry to date, refused
			"quantos resgates pendentes vencendo até amanhã":                  {measures: []string{"redemptions"}, sql: []string{"r.expires_at < date_trunc('day', now()) + interval '2 days'"}},
			"pending redemptions expiring by next week":                       {measures: []string{"redemptions"}, sql: []string{"r.expires_at <"}},
			"clientes com resgate pendente vencendo até amanhã":               {sql: []string{"x.status = 'pending' AND x.expires_at < date_trunc('day', now()) + interval '2 days'"}},
			"customers with a pending redemption expiring tomorrow or before": {refuse: true},
			"vendas até amanhã":                                               {refuse: true},
		}},
		{"clauses of purpose that carry no constraint are left out", map[string]want{
			"quais clientes fazem aniversário em agosto, pra mandar um presente":                                          {list: true, sql: []string{"extract(month FROM c.birth_date) = 8"}},
			"me passa os clientes inativos da savassi pra ligar pra eles":                                                 {list: true, sql: []string{"NOT c.is_active", "'L05'"}},
			"ocê me passa o nome dos cliente do cambuí que faz aniversário em julho que eu quero mandar um mimo pra eles": {list: true, sql: []string{"'L03'", "= 7"}},
			"list the customers with pending redemptions, to call them":                                                   {list: true, sql: []string{"x.status = 'pending'"}},
			"which customers have a birthday in August, to send them a gift":                                              {list: true, sql: []string{"= 8"}},
			// the columns asked for after a purpose sentence are the answer's
			"Pode listar os clientes com resgate pendente? Vou ligar para avisar. Preciso do nome e do telefone.": {list: true, sql: []string{"c.phone"}},
			// a purpose clause that names a constraint is refused, never dropped
			"quantos clientes compraram em maio? é pra mandar cupom só pros que aceitam whatsapp": {refuse: true},
			"how many customers bought in May, to send a coupon only to the ones on whatsapp":     {refuse: true},
			"quantos clientes ativos temos pra fazer uma ação no sábado":                          {refuse: true},
		}},
		{"what is running now, said in speech", map[string]want{
			"what promos are on the now":        {list: true, sql: []string{"now() BETWEEN pm.start_date AND pm.end_date"}},
			"which promotions are on right now": {list: true, sql: []string{"now() BETWEEN pm.start_date AND pm.end_date"}},
			"how many promos are on now":        {sql: []string{"count(*)", "now() BETWEEN pm.start_date AND pm.end_date"}},
			"what offers are running the now":   {list: true, sql: []string{"now() BETWEEN pm.start_date AND pm.end_date"}},
			"how many customers are on the app": {measures: []string{"customers"}},
		}},
		{"points customers are holding, said in speech", map[string]want{
			"quantos pontos estão parados com os clientes":                         {measures: []string{"balance_total"}},
			"quanto de ponto tá parado na mão dos cliente da savassi somando tudo": {measures: []string{"balance_total"}, sql: []string{"'L05'"}},
			"how many points are customers sitting on, active members only":        {measures: []string{"balance_total"}, sql: []string{"c.is_active"}},
			"how many points are folk sat on at Batel":                             {measures: []string{"balance_total"}, sql: []string{"'L06'"}},
			"how many customers bought in May? inactive customers only":            {measures: []string{"buyers"}, sql: []string{"NOT c.is_active"}},
			"quantos clientes compraram em maio, ativos só":                        {measures: []string{"buyers"}, sql: []string{"c.is_active"}},
			// a word of the holding that the model does not know is still refused
			"quantos pontos estão parados na gaveta dos clientes": {refuse: true},
		}},
	})
}
