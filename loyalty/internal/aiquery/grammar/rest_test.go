package grammar

import "testing"

// The classes of the sixth round (issue 24) left by the others: a city by its nickname,
// a store named by its street or neighbourhood, and the same computation asked again of
// another period (a back-reference to the question's own count), which is never read as
// the customers' sign-up period. Paraphrases written for these tests, in both languages.
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
	})
}
