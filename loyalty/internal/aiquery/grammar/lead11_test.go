package grammar

import "testing"

// The eleventh round's lead classes (issue 24): a per-customer value asked of customers
// picked by name is each one's value beside the name, never their total (a name may match
// several customers), and "com o saldo", "with their balance" name the column to show,
// never customers holding some. Paraphrases written for these tests, in both languages;
// near misses keep their reading.

func TestLead11Classes(t *testing.T) {
	listed := []string{"c.name", "c.points_balance", "ORDER BY c.name"}
	runClasses(t, []classCases{
		{"the balance of customers picked by name is each one's, beside the name", map[string]want{
			"saldo de pontos da cliente Camila Prado":                                                                     {list: true, sql: listed},
			"Bom dia! Qual o saldo de pontos do cliente Thiago Henrique Barros?":                                          {list: true, sql: listed},
			"what is the points balance of Camila Prado":                                                                  {list: true, sql: listed},
			"how many points does Thiago Henrique Barros have":                                                            {list: true, sql: listed},
			"clientes inativos com Souza no nome e o saldo de cada um":                                                    {list: true, sql: append([]string{"NOT c.is_active"}, listed...)},
			"Make a relation of the inactive clients that have Souza in the name, with the balance of points of each one": {list: true, sql: append([]string{"NOT c.is_active"}, listed...)},
			"the balance of each customer named Souza":                                                                    {list: true, sql: listed},
			// a word of the name picks a group whose total may be asked
			"saldo total dos clientes com Souza no nome":               {measures: []string{"balance_total"}},
			"total points balance of customers with Souza in the name": {measures: []string{"balance_total"}},
		}},
		{"'com o saldo', 'with their balance' is the column shown, never a filter", map[string]want{
			"clientes com Souza no nome, com o saldo de pontos de cada um": {list: true, sql: listed},
			"lista os clientes com Souza no nome com o saldo":              {list: true, sql: listed},
			"list customers named Souza with their points balance":         {list: true, sql: listed},
			// without the article: the customers holding some
			"clientes com saldo":             {measures: []string{"customers"}, sql: []string{"c.points_balance > 0"}},
			"quantos clientes têm saldo":     {measures: []string{"customers"}, sql: []string{"c.points_balance > 0"}},
			"how many customers have points": {measures: []string{"customers"}, sql: []string{"c.points_balance > 0"}},
		}},
		{"a dimension's noun said twice ('loja a loja', 'shop by shop', 'dia a dia': words each a filler alone, never skipped one by one) is a breakdown by it", map[string]want{
			"faturamento de maio loja a loja":                                             {measures: []string{"revenue"}, dims: []string{"store"}},
			"faturamento de maio loja por loja":                                           {measures: []string{"revenue"}, dims: []string{"store"}},
			"clientes cidade por cidade":                                                  {measures: []string{"customers"}, dims: []string{"city"}},
			"revenue in May shop by shop":                                                 {measures: []string{"revenue"}, dims: []string{"store"}},
			"how many customers city by city":                                             {measures: []string{"customers"}, dims: []string{"city"}},
			"I would like to know the turnover of the first semester 2024, shop by shop.": {measures: []string{"revenue"}, dims: []string{"store"}},
			"vendas dia a dia em maio":                                                    {measures: []string{"sales_count"}, dims: []string{"day"}},
			"faturamento dia a dia":                                                       {measures: []string{"revenue"}, dims: []string{"day"}},
			"daily revenue in May, day by day":                                            {measures: []string{"revenue"}, dims: []string{"day"}},
			"faturamento mês a mês em 2025":                                               {measures: []string{"revenue"}, dims: []string{"month"}},
		}},
	})
}
