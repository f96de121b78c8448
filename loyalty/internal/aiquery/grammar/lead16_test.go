package grammar

import "testing"

// The sixteenth round's lead classes (issue 24): three silently wrong answers of the
// round's development sets, each a class.
func TestLead16Classes(t *testing.T) {
	runClasses(t, []classCases{
		{"a word with a sense in each language takes the question's: \"qtd\" is a count in Portuguese, quarter to date in English", map[string]want{
			"novos clientes por origem esse ano, qtd e % do total pls": {measures: []string{"customers", "customers_share"}, dims: []string{"origin"}, sqlNot: []string{"quarter"}},
			"vendas por loja esse mes, qtd e valor":                    {measures: []string{"sales_count", "revenue"}, dims: []string{"store"}, sqlNot: []string{"quarter"}},
			"qtd de resgates por loja este ano":                        {measures: []string{"redemptions"}, dims: []string{"store"}, sqlNot: []string{"quarter"}},
			"revenue qtd by store":                                     {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{"date_trunc('quarter', now())"}},
			"sales count QTD":                                          {measures: []string{"sales_count"}, sql: []string{"date_trunc('quarter', now())"}},
		}},
		{"a detail of the rows said beside a ranking of them is a column of the list, never a filter of who has it", map[string]want{
			"Could you list the top 10 customers by points balance, along with their email addresses?": {list: true, limit: 10, sql: []string{"c.email"}, sqlNot: []string{"email IS NOT NULL"}},
			"top 10 customers by points balance with their phone numbers":                              {list: true, limit: 10, sql: []string{"c.phone"}, sqlNot: []string{"phone IS NOT NULL"}},
			"top 5 clientes por saldo de pontos, junto com o email deles":                              {list: true, limit: 5, sql: []string{"c.email"}, sqlNot: []string{"email IS NOT NULL"}},
			"os 10 clientes com mais pontos, com nome e telefone":                                      {list: true, limit: 10, sql: []string{"c.phone"}, sqlNot: []string{"phone IS NOT NULL"}},
			// no ranking: the customers who have one
			"how many customers with email": {measures: []string{"customers"}, sql: []string{"email IS NOT NULL"}},
			"quantos clientes têm telefone": {measures: []string{"customers"}, sql: []string{"phone IS NOT NULL"}},
		}},
		{"a participle that breaks the answer down agrees with the noun the writer broke down, in any gender and number", map[string]want{
			"solicito a quantidade de clientes distribuída nas faixas de até 24 anos, de 25 a 39 anos, de 40 a 59 anos e de 60 anos ou mais": {measures: []string{"customers"}, sql: []string{"'25-39'"}, sqlNot: []string{"points_entries"}},
			"a quantidade de clientes dividida em faixas de idade: até 30, 31 a 50 e acima de 50":                                            {measures: []string{"customers"}, sqlNot: []string{"points_entries"}},
			"o faturamento de maio discriminado por loja":                                                                                    {measures: []string{"revenue"}, dims: []string{"store"}},
			"a receita de maio discriminada por loja":                                                                                        {measures: []string{"revenue"}, dims: []string{"store"}},
			// the participle of an event is still the event
			"quantos pontos foram distribuídos em maio por loja": {measures: []string{"points_credited"}, dims: []string{"store"}},
		}},
		{"a term the reports do not hold, said again in what they hold after a restatement word, is answered as said again", map[string]want{
			"qual o churn da base? tipo quantos clientes tao sem comprar ha mais de 90 dias":       {measures: []string{"customers"}, sql: []string{"last_purchase"}},
			"qual o churn da base, ou seja, quantos clientes estão sem comprar há mais de 90 dias": {measures: []string{"customers"}, sql: []string{"last_purchase"}},
			"what's our churn, i.e. how many customers have not purchased in the last 90 days":     {measures: []string{"customers"}, sql: []string{"last_purchase"}},
			"what's our churn? like, how many customers have not purchased in the last 90 days":    {measures: []string{"customers"}, sql: []string{"last_purchase"}},
			"what is our LTV? I mean, what is the average spend per customer this year":            {measures: []string{"revenue_per_buyer"}},
			// the second saying names what the reports do not hold, or is no question
			"qual o lucro da loja Centro? tipo quanto ela vendeu menos os custos": {refuse: true},
			"qual o lucro? tipo de pagamento pix":                                 {refuse: true},
			"what's our profit margin? like, revenue minus cost":                  {refuse: true},
			"qual o churn da base?":                                               {refuse: true},
		}},
		{"an amount asked of what rows made is never their number: only the rows said right after the amount word are counted", map[string]want{
			"how much did the store make yesterday":         {refuse: true},
			"how much did the customer make yesterday":      {refuse: true},
			"quanto a loja fez ontem":                       {refuse: true},
			"how much did the Savassi store make yesterday": {measures: []string{"revenue"}, sql: []string{"L05"}},
			// the rows right after it: their number
			"how much clients do we have": {measures: []string{"customers"}},
			"quanto clientes temos":       {measures: []string{"customers"}},
			"qual o total de lojas":       {measures: []string{"stores"}},
		}},
		{"a noun ending in \"s\" whose plural the model knows is singular: \"por freguês\" is no \"by customers\" subject, the breakdown never dropped", map[string]want{
			"vendas por freguês em maio":      {refuse: true},
			"faturamento por fregues em maio": {refuse: true},
			// plural: whose rows they are
			"vendas por fregueses inativos em maio": {measures: []string{"sales_count"}, sql: []string{"NOT c.is_active"}},
			"compras por clientes inativos em maio": {measures: []string{"sales_count"}, sql: []string{"NOT c.is_active"}},
		}},
	})
}
