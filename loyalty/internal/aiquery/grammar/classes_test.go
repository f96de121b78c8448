package grammar

import (
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The classes of questions the third round of issue 24 fixed. Each class is read in
// several paraphrases, in both languages, written for these tests (not taken from an
// evaluation set): a fix for one phrasing would fail the others.

func runClasses(t *testing.T, groups []classCases) {
	t.Helper()
	it := New(func() time.Time { return clock }, saoPaulo)
	for _, g := range groups {
		t.Run(g.class, func(t *testing.T) {
			for q, w := range g.cases {
				check(t, it, q, w)
			}
		})
	}
}

type classCases struct {
	class string
	cases map[string]want
}

// TestSilentWrongClasses: the classes that were answered with a wrong number now read
// every word, or are refused.
func TestSilentWrongClasses(t *testing.T) {
	runClasses(t, []classCases{
		{"rows named after a measure, its breakdown and a conjunction ask for a second measure: refused, never dropped", map[string]want{
			"faturamento por loja e vendas por loja em maio":    {refuse: true},
			"receita por cidade e cupons por cidade no ano":     {refuse: true},
			"points credited by store and redemptions by store": {refuse: true},
			"revenue per store and sales per month in May":      {refuse: true},
			"faturamento e vendas por loja em maio":             {measures: []string{"revenue", "sales_count"}},
			"revenue and number of sales per store in May":      {measures: []string{"revenue", "sales_count"}},
		}},
		{"a ranking by a measure some groups have no value of puts those last", map[string]want{
			"qual loja cresceu mais de março para abril em faturamento":      {measures: []string{"revenue_growth"}, limit: 1, sql: []string{"DESC NULLS LAST"}},
			"which store had the biggest revenue growth from March to April": {measures: []string{"revenue_growth"}, sql: []string{"DESC NULLS LAST"}},
		}},
		{"an event with a period on a measure dates the measure, not a cohort", map[string]want{
			"quanto o João Pedro Araújo gastou em 2024":    {measures: []string{"revenue"}, period: "2024-01-01", sql: []string{"v.transaction_date >= DATE '2024-01-01'"}},
			"how much did João Pedro Araújo spend in 2024": {measures: []string{"revenue"}, period: "2024-01-01", sql: []string{"v.transaction_date >= DATE '2024-01-01'"}},
		}},
		{"an amount asked after a count is a second measure, never absorbed", map[string]want{
			"quantas vendas e quanto em reais ontem":          {measures: []string{"sales_count", "revenue"}},
			"how many sales and how much on mondays in april": {measures: []string{"sales_count", "revenue"}, filters: []string{"weekday_in"}},
			"número de resgates e pontos em maio":             {measures: []string{"redemptions", "points_redeemed"}, period: "2025-05-01"},
			"count of reversals and points in 2024":           {measures: []string{"reversals", "points_reversed"}, period: "2024-01-01"},
		}},
		{"a quantity word no measure reads is refused, not dropped", map[string]want{
			"estornos por mês em 2024: quantidade de lançamentos e pontos": {refuse: true},
			"reversals by month in 2024, number of entries and points":     {refuse: true},
		}},
		{"today on customers without a sign-up word is now, not a sign-up date", map[string]want{
			"saldo total de pontos dos clientes ativos hoje":    {measures: []string{"balance_total"}, period: "-", sql: []string{"c.is_active"}},
			"what is the total balance of active members today": {measures: []string{"balance_total"}, period: "-"},
			"quantos clientes se cadastraram hoje":              {measures: []string{"customers"}, period: "date_trunc('day', now())"},
			"new customers today":                               {period: "date_trunc('day', now())"},
		}},
		{"the store a customer signed up at is not the owner store", map[string]want{
			"clientes inativos por loja onde se cadastraram":         {measures: []string{"customers"}, dims: []string{"signup_store"}},
			"customers who never bought, by store they signed up at": {measures: []string{"customers"}, dims: []string{"signup_store"}},
			"customers by the store where they registered":           {measures: []string{"customers"}, dims: []string{"signup_store"}},
		}},
		{"A and also B is the customers of both, not each apart", map[string]want{
			"quantos clientes compraram na Savassi e também na Batel em 2025": {measures: []string{"customers"}, sql: []string{"x.store_code = 'L05'", "x.store_code = 'L06'"}},
			"clientes que compraram no Centro e tb no Cambuí":                 {sql: []string{"x.store_code = 'L01'", "x.store_code = 'L03'"}},
			"how many customers bought at Copacabana and also at Savassi":     {measures: []string{"customers"}, sql: []string{"x.store_code = 'L04'", "x.store_code = 'L05'"}},
		}},
		{"several channels named as a filter hold together (and) or apart (or), never dropped", map[string]want{
			"clientes ativos que aceitam whatsapp e email":    {measures: []string{"customers"}, filters: []string{"active_active", "optin_whatsapp", "optin_e_mail"}},
			"quantos clientes aceitam sms e whatsapp":         {measures: []string{"customers"}, filters: []string{"optin_sms", "optin_whatsapp"}},
			"active customers opted in to whatsapp and email": {measures: []string{"customers"}, filters: []string{"active_active", "optin_whatsapp", "optin_e_mail"}},
			"quantos clientes aceitam whatsapp ou sms":        {measures: []string{"customers"}, sql: []string{"(c.whatsapp_optin OR c.sms_optin)"}},
			"how many customers opted in to email or sms":     {measures: []string{"customers"}, sql: []string{"(c.email_optin OR c.sms_optin)"}},
			"vendas de clientes que aceitam whatsapp e email": {refuse: true},
		}},
		{"informal 'r' and 'u' are not reais or a unit", map[string]want{
			"how many customers over 40 r opted in on sms": {measures: []string{"customers"}, sql: []string{"age(now(), c.birth_date)) > 40"}},
			"can u tell me how many sales we had today":    {measures: []string{"sales_count"}},
		}},
	})
}

// TestInformalWritingClasses: abbreviations, missing accents and typos are words of the
// model, read like the full words.
func TestInformalWritingClasses(t *testing.T) {
	runClasses(t, []classCases{
		{"abbreviations of function words", map[string]want{
			"qnto a savassi vendeu ontem":             {measures: []string{"revenue"}, filters: []string{"store_code"}},
			"qto a loja batel faturou no mes passado": {measures: []string{"revenue"}, filters: []string{"store_code"}},
			"top 3 clientes c mais pontos":            {list: true, limit: 3, sql: []string{"points_balance DESC"}},
			"qro saber as promocoes q tao valendo hj": {list: true, sql: []string{"pm.is_active"}},
			"whos got a bday this month":              {list: true, sql: []string{"birth_date"}},
			"avg ticket thru debit card last 30 days": {measures: []string{"average_ticket"}, filters: []string{"payment_type"}},
			"# of sales paid w cash yesterday":        {measures: []string{"sales_count"}, filters: []string{"payment_type"}},
		}},
		{"a negated value", map[string]want{
			"faturamento fora do pix em maio":          {measures: []string{"revenue"}, sql: []string{"NOT (v.payment_type = 'pix')"}},
			"non-cash sales this week":                 {measures: []string{"sales_count"}, sql: []string{"NOT (v.payment_type = 'cash')"}},
			"vendas exceto na loja Copacabana em 2025": {sql: []string{"NOT (v.store_code = 'L04')"}},
		}},
	})
}

// TestStructureClasses: several measures, statistics, calendar and cohorts.
func TestStructureClasses(t *testing.T) {
	runClasses(t, []classCases{
		{"a second measure of the first's rows", map[string]want{
			"qtd de resgates e pontos em abril":                      {measures: []string{"redemptions", "points_redeemed"}},
			"vendas por loja ontem, quantidade e valor total":        {measures: []string{"sales_count", "revenue"}, dims: []string{"store"}},
			"redemptions pending last month: count and total points": {measures: []string{"redemptions", "points_redeemed"}},
			"number of sales and value per week in March":            {measures: []string{"sales_count", "revenue"}, dims: []string{"week"}},
		}},
		{"a statistic of a composed measure", map[string]want{
			"mediana do valor das vendas em abril":        {sql: []string{"percentile_cont(0.5)"}, period: "2025-04-01"},
			"median purchase value in the last quarter":   {sql: []string{"percentile_cont(0.5)"}},
			"qual a mediana do valor das compras em 2024": {sql: []string{"percentile_cont(0.5)"}, period: "2024-01-01"},
		}},
		{"sets of weekdays side by side", map[string]want{
			"faturamento fim de semana x dias uteis em maio": {measures: []string{"revenue"}, dims: []string{"weekday_set"}, sql: []string{"'fim de semana'", "'dia util'"}},
			"average ticket weekdays vs weekends this year":  {measures: []string{"average_ticket"}, dims: []string{"weekday_set"}, sql: []string{"'weekend'", "'weekday'"}},
			"vendas das segundas comparadas com as sextas":   {dims: []string{"weekday_set"}},
		}},
		{"days of the month", map[string]want{
			"faturamento desde o dia 3":             {measures: []string{"revenue"}, period: "DATE '2025-06-03'"},
			"sales since the 2nd":                   {measures: []string{"sales_count"}, period: "DATE '2025-06-02'"},
			"revenue from the 5th of last month on": {period: "DATE '2025-05-05'"},
			"vendas de 12 de abril em diante":       {period: "DATE '2025-04-12'"},
			"faturamento do dia 20 de maio":         {period: "DATE '2025-05-20'"},
		}},
		{"a part of a year said as a period", map[string]want{
			"faturamento no Q2 do ano passado": {measures: []string{"revenue"}, period: "DATE '2024-04-01'"},
			"points credited in Q3 last year":  {period: "DATE '2024-07-01'"},
			"vendas no 1S de 2024":             {period: "DATE '2024-01-01'", sql: []string{"DATE '2024-07-01'"}},
			"monthly revenue, H2 2024":         {dims: []string{"month"}, period: "DATE '2024-07-01'"},
		}},
		{"cohort: not coming back is not buying", map[string]want{
			"quantos clientes compraram em março e não voltaram em abril":   {measures: []string{"customers"}, sql: []string{"NOT EXISTS", "DATE '2025-04-01'"}},
			"customers who bought in February but didnt come back in March": {list: true, sql: []string{"NOT EXISTS", "DATE '2025-03-01'"}},
		}},
		{"cohort: had bought before", map[string]want{
			"dos clientes que compraram em abril, quantos já tinham comprado antes": {sql: []string{"x.transaction_date < DATE '2025-04-01'"}},
		}},
		{"nouns composed with what they hold", map[string]want{
			"débitos de pontos por loja em 2024": {measures: []string{"points_debited"}, dims: []string{"store"}},
			"pontos dos estornos em abril":       {measures: []string{"points_reversed"}},
			"customers aged between 25 and 35":   {measures: []string{"customers"}, sql: []string{">= 25", "<= 35"}},
		}},
		{"which of the named values ranks higher: each shown, ranked", map[string]want{
			"o que rendeu mais em abril, dinheiro ou pix?":    {measures: []string{"revenue"}, dims: []string{"payment_type"}, order: semantic.Descending, sql: []string{"IN ('cash', 'pix')"}},
			"what sold more in May, debit card or cash":       {dims: []string{"payment_type"}, order: semantic.Descending},
			"quem vendeu mais em maio, Savassi ou Copacabana": {dims: []string{"store"}, order: semantic.Descending},
		}},
		{"either of two cities or states, and cities by their initials", map[string]want{
			"vendas em Curitiba ou BH no mês passado":   {measures: []string{"sales_count"}, sql: []string{"= 'curitiba' OR", "= 'belo horizonte'"}},
			"revenue in Campinas or Curitiba this year": {sql: []string{"= 'campinas' OR", "= 'curitiba'"}},
			"faturamento de BH em maio":                 {sql: []string{"= 'belo horizonte'"}},
		}},
		{"both A and B said with a correlative", map[string]want{
			"quantos clientes compraram tanto na Batel quanto na Savassi": {measures: []string{"customers"}, sql: []string{"x.store_code = 'L06'", "x.store_code = 'L05'"}},
			"clientes que compraram tanto no Centro como no Cambuí":       {sql: []string{"x.store_code = 'L01'", "x.store_code = 'L03'"}},
		}},
		{"two periods that meet, said with or, are one window", map[string]want{
			"resgates pendentes que vencem hoje ou amanhã":   {sql: []string{"interval '2 days'"}},
			"pending redemptions expiring today or tomorrow": {sql: []string{"interval '2 days'"}},
		}},
		{"the aggregate said again before the second event", map[string]want{
			"quantos pontos foram ganhos e quantos foram trocados em maio": {measures: []string{"points_credited", "points_redeemed"}},
			"how many points were earned and how many redeemed by month":   {measures: []string{"points_credited", "points_redeemed"}, dims: []string{"month"}},
		}},
		{"a degenerate reading (buyers per customer) never competes", map[string]want{
			"quais clientes chamados Souza compraram em maio": {list: true},
			"which customers named Souza bought last month":   {list: true},
		}},
		{"the difference of a measure between two periods", map[string]want{
			"diferença de faturamento entre março e abril":                        {measures: []string{"revenue_delta"}, sql: []string{") - ("}},
			"what is the delta in sales between last month and this month so far": {measures: []string{"sales_count_delta"}},
			"qual a diferença no ticket médio entre abril e maio":                 {measures: []string{"average_ticket_delta"}},
			"vendas entre março e maio":                                           {measures: []string{"sales_count"}, period: "DATE '2025-03-01'"},
		}},
		{"bands of the quantity asked about", map[string]want{
			"sales in April by value band: under R$40, 40 to 80, over 80":             {measures: []string{"sales_count"}, dims: []string{"value_band"}, sql: []string{"v.value < 40", "v.value <= 80", "'over 80'"}},
			"vendas de maio por faixa de valor: menos de R$ 25, 25 a 75, acima de 75": {dims: []string{"value_band"}, sql: []string{"v.value < 25", "v.value <= 75"}},
			"saldo em faixas 0, 1-200, 201-800, acima de 800":                         {measures: []string{"customers"}, dims: []string{"balance_band"}},
			"points balance in bands 0, 1-300, 301-900, over 900":                     {measures: []string{"customers"}, dims: []string{"balance_band"}},
		}},
		{"forecasts are refused", map[string]want{
			"quanto vamos faturar no mes que vem": {refuse: true},
			"what will revenue be next quarter":   {refuse: true},
		}},
	})
	_ = semantic.Natural
}
