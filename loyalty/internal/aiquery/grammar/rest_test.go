package grammar

import (
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// The classes of the sixth round (issue 24) left by the others: a city by its nickname,
// a store named by its street or neighbourhood, and the same computation asked again of
// another period (a back-reference to the question's own count), which is never read as
// the customers' sign-up period; a span from a start "till date" (never the start's day
// alone); and words of analysts who write SQL: "X-wise" for a
// breakdown, the precision asked of the answer, an attribute "is null". Paraphrases
// written for these tests, in both languages.
func TestRestClasses(t *testing.T) {
	runClasses(t, []classCases{
		{"a city by its nickname", map[string]want{
			"quantos clientes compraram em sampa ontem":             {measures: []string{"buyers"}, filters: []string{"store_city"}, sql: []string{"'sao paulo'"}},
			"faturamento de maio lá no rio, por forma de pagamento": {measures: []string{"revenue"}, filters: []string{"store_city"}, sql: []string{"'rio de janeiro'"}},
			"ticket médio das lojas de sampa este mês":              {measures: []string{"average_ticket"}, filters: []string{"store_city"}, sql: []string{"'sao paulo'"}},
			"how many sales did we make in rio last week":           {measures: []string{"sales_count"}, filters: []string{"store_city"}, sql: []string{"'rio de janeiro'"}},
			"revenue in sampa by store in April":                    {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{"'sao paulo'"}},
			// the state is not the city
			"faturamento no estado do rio em maio": {measures: []string{"revenue"}, sql: []string{"'RJ'"}},
			// a nickname of a city the chain has no store in is not understood
			"quantos clientes temos em floripa": {refuse: true},
			"revenue in ssa last month":         {refuse: true},
			"revenue in cwb last month":         {measures: []string{"revenue"}, filters: []string{"store_city"}, sql: []string{"'curitiba'"}},
		}},
		{"a store named by its street or neighbourhood", map[string]want{
			"quanto vendeu a loja da rua Batel ontem":                  {measures: []string{"revenue"}, filters: []string{"store_code"}, sql: []string{"'L06'"}},
			"vendas da loja do bairro Copacabana em maio":              {measures: []string{"sales_count"}, filters: []string{"store_code"}, sql: []string{"'L04'"}},
			"ticket médio da loja da avenida Ibirapuera neste mês":     {measures: []string{"average_ticket"}, filters: []string{"store_code"}, sql: []string{"'L02'"}},
			"how much did the Batel street store bring in last week":   {measures: []string{"revenue"}, filters: []string{"store_code"}, sql: []string{"'L06'"}},
			"number of sales at the store on Copacabana avenue in May": {measures: []string{"sales_count"}, filters: []string{"store_code"}, sql: []string{"'L04'"}},
			"average ticket of the Savassi neighbourhood store":        {measures: []string{"average_ticket"}, filters: []string{"store_code"}, sql: []string{"'L05'"}},
			// a street that is no store's name is not understood
			"quantas vendas a loja da rua Augusta fez ontem": {refuse: true},
			"revenue of the Main street store in May":        {refuse: true},
		}},
		{"the same count asked again of another period", map[string]want{
			"how many customers bought in May and how many in April":                       {refuse: true},
			"how many customers purchased last month, and how many would that be in March": {refuse: true},
			"quantos clientes compraram em maio e quantos em abril":                        {refuse: true},
			"quantos clientes compraram na semana passada, e quantos seriam na anterior":   {refuse: true},
			"how many sales in May and how many in April":                                  {refuse: true},
			// the aggregate said again of other rows in one period is still answered
			"quantos clientes homens e quantas mulheres compraram em maio": {measures: []string{"customers"}, sql: []string{"gender_identity", "2025-05-01"}},
			// two periods said as one comparison are compared
			"how many customers bought in April and in May": {measures: []string{"buyers"}},
		}},
		{"a breakdown said after its dimension (X-wise)", map[string]want{
			"store-wise revenue for April":               {measures: []string{"revenue"}, dims: []string{"store"}, period: "2025-04-01"},
			"month-wise count of sales in 2024":          {measures: []string{"sales_count"}, dims: []string{"month"}},
			"day-wise number of new customers last week": {measures: []string{"customers"}, dims: []string{"day"}},
			"payment-type-wise takings for May, please":  {measures: []string{"revenue"}, dims: []string{"payment_type"}},
			"otherwise the revenue in May":               {refuse: true}, // not a breakdown
			"wise revenue":                               {refuse: true},
		}},
		{"the precision asked of the answer", map[string]want{
			"ticket médio de abril arredondado para 2 casas decimais":     {measures: []string{"average_ticket"}, period: "2025-04-01"},
			"percentual de clientes ativos com 1 casa decimal":            {measures: []string{"rate_active_active"}},
			"average ticket by store last month, rounded to 2 decimals":   {measures: []string{"average_ticket"}, dims: []string{"store"}},
			"share of revenue by payment type in 2024 to 1 decimal place": {dims: []string{"payment_type"}, period: "2024-01-01"},
			"average points per redemption in May, 2 dp":                  {period: "2025-05-01"},
			// the number is the precision's, never a ranking's size
			"top 2 decimals":         {refuse: true},
			"rounded revenue of May": {refuse: true},
		}},
		{"an attribute not on file", map[string]want{
			"quantos clientes estão sem data de nascimento":   {measures: []string{"customers"}, sql: []string{"c.birth_date IS NULL"}},
			"clientes com o e-mail em branco na loja Batel":   {sql: []string{"c.email IS NULL", "'L06'"}},
			"quantos clientes com telefone não preenchido":    {sql: []string{"c.phone IS NULL"}},
			"number of customers where date_of_birth is null": {measures: []string{"customers"}, sql: []string{"c.birth_date IS NULL"}},
			"how many customers are missing a phone number":   {sql: []string{"c.phone IS NULL"}},
			"count customers whose email is empty":            {sql: []string{"c.email IS NULL"}},
			"customers without a cpf":                         {sql: []string{"c.doc IS NULL"}},
			// the contrary is not read as the attribute missing: it is the attribute on file
			"count of customers where birth_date is not null": {sql: []string{"c.birth_date IS NOT NULL"}},
			"clientes com data de nascimento não vazia":       {refuse: true},
		}},
		{"what is recorded ahead said in the future: redemptions that will expire", map[string]want{
			"quantos resgates pendentes vão vencer até amanhã":               {measures: []string{"redemptions"}, filters: []string{"status_pending", "expires_by"}},
			"quantos resgates pendentes irão expirar nesta semana":           {measures: []string{"redemptions"}, sql: []string{"r.expires_at <"}},
			"how many pending redemptions will expire by tomorrow":           {measures: []string{"redemptions"}, sql: []string{"r.expires_at <"}},
			"list the pending redemptions that are going to expire tomorrow": {list: true, sql: []string{"r.expires_at <"}},
			// what is not recorded ahead stays a forecast
			"what will revenue be next month":           {refuse: true},
			"quantos pontos vão expirar no mês que vem": {refuse: true},
			"how many customers will expire":            {refuse: true},
		}},
		{"a birthday that falls in a month", map[string]want{
			"how many customers have a birthday that falls in October": {measures: []string{"customers"}, sql: []string{"extract(month FROM c.birth_date) = 10"}},
			"list the members whose birthdays fall in November":        {list: true, sql: []string{"extract(month FROM c.birth_date) = 11"}},
			"whose birthday is in February? just the names":            {list: true, sql: []string{"extract(month FROM c.birth_date) = 2"}},
			"quantos clientes cujo aniversário cai em outubro":         {measures: []string{"customers"}, sql: []string{"extract(month FROM c.birth_date) = 10"}},
			"clientes que o aniversário fica em novembro":              {sql: []string{"extract(month FROM c.birth_date) = 11"}},
		}},
	})
}

// TestRestSinceToDate: a named day or period that ended, said "till date" or "até a
// presente data", is the time since it began, never the day alone (skipping "to date" as a
// filler read "from 10 May to date" as 10 May only); a period that holds today is itself.
func TestRestSinceToDate(t *testing.T) {
	it := New(func() time.Time { return clock }, saoPaulo)
	for q, from := range map[string]string{
		"revenue from 2025-05-10 to date":                 "2025-05-10",
		"sales count from 10 April till date, by store":   "2025-04-10",
		"new customers from 1 March 2025 up to today":     "2025-03-01",
		"faturamento de 15/05/2025 até a presente data":   "2025-05-15",
		"quantas vendas de 02/04/2025 até a data de hoje": "2025-04-02",
		"ticket médio de abril até o momento":             "2025-04-01",
		"points earned from 3 June 2025 up until now":     "2025-06-03",
	} {
		res, err := it.Interpret(q, testCatalog)
		if err != nil {
			t.Errorf("%q: %v", q, err)
			continue
		}
		if p := res.Request.Period; p == nil || p.Kind != semantic.Since || p.Start.Format("2006-01-02") != from {
			t.Errorf("%q: period %+v, want since %s\n%s", q, p, from, res.SQL)
		}
	}
	for _, q := range []string{"quantas vendas nesta semana até agora", "revenue this month to date"} {
		res, err := it.Interpret(q, testCatalog)
		if err != nil {
			t.Errorf("%q: %v", q, err)
		} else if p := res.Request.Period; p == nil || p.Kind == semantic.Since {
			t.Errorf("%q: period %+v, want the current period itself", q, p)
		}
	}
}
