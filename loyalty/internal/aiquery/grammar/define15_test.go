package grammar

import "testing"

// The fifteenth round's definition class (issue 24): a measure named and then defined in
// the same question ("taxa de recompra do trimestre: a proporção dos compradores com duas
// ou mais compras") was read as two measures and refused. When the definition asks what
// the name asks, the name is answered once; a definition that asks something else (another
// count, other rows, another period) still refuses.
func TestDefine15Classes(t *testing.T) {
	const (
		mar = "DATE '2025-03-01'"
		apr = "DATE '2025-04-01'"
	)
	runClasses(t, []classCases{
		{"a measure named, then its definition: answered once when the definition asks the same, refused when it asks another thing", map[string]want{
			"taxa de recompra de março de 2025: a porcentagem dos compradores de março de 2025 que fizeram duas ou mais compras em março de 2025":                     {measures: []string{"rate_repeat_buyers"}, sql: []string{mar, ">= 2"}, sqlNot: []string{"created_at"}},
			"qual foi a taxa de recompra em abril de 2025, definida como o percentual dos compradores de abril de 2025 com pelo menos duas compras em abril de 2025?": {measures: []string{"rate_repeat_buyers"}, sql: []string{apr, ">= 2"}, sqlNot: []string{"created_at"}},
			"repeat rate for March 2025: the share of March 2025 buyers who made at least two purchases in March 2025":                                                {measures: []string{"rate_repeat_buyers"}, sql: []string{mar, ">= 2"}, sqlNot: []string{"created_at"}},
			"What was the repeat rate in April 2025, defined as the percentage of April 2025 buyers with two or more purchases in April 2025?":                        {measures: []string{"rate_repeat_buyers"}, sql: []string{apr, ">= 2"}, sqlNot: []string{"created_at"}},
			"gasto médio por cliente em abril de 2025, entendido como o faturamento dividido pelo número de clientes que compraram":                                   {measures: []string{"revenue_per_buyer"}, sql: []string{apr}},
			"average spend per customer in March 2025, calculated as revenue divided by the number of buyers":                                                         {measures: []string{"revenue_per_buyer"}, sql: []string{mar}},
			"ticket médio de março de 2025, calculado como o faturamento dividido pelo número de vendas":                                                              {measures: []string{"average_ticket"}, sql: []string{mar}},
			// another condition, other rows, another period: not the measure named
			"repeat rate for March 2025: the share of March 2025 buyers who made at least three purchases in March 2025":                                  {refuse: true},
			"taxa de recompra em abril de 2025, definida como o percentual dos compradores de abril de 2025 com pelo menos três compras em abril de 2025": {refuse: true},
			"taxa de recompra de março de 2025: a porcentagem dos clientes que fizeram duas ou mais compras em março de 2025":                             {refuse: true},
			"repeat rate for March 2025: the share of April 2025 buyers who made at least two purchases in April 2025":                                    {refuse: true},
			"repeat rate in April 2025, defined as the percentage of customers with two or more purchases in April 2025":                                  {refuse: true},
		}},
		{"a measure named, then defined as another measure, read whole as two measures: refused, the definition is no second measure asked", map[string]want{
			"ticket médio de maio de 2025, entendido como o número de clientes que compraram em maio de 2025": {refuse: true},
			"faturamento de março de 2025, calculado como a quantidade de vendas de março de 2025":            {refuse: true},
			"gasto médio por cliente em abril de 2025, definido como o ticket médio de abril de 2025":         {refuse: true},
			"average ticket in May 2025, defined as the number of buyers in May 2025":                         {refuse: true},
			"revenue in March 2025, computed as the number of sales in March 2025":                            {refuse: true},
			"points redeemed in April 2025, calculated as the number of redemptions in April 2025":            {refuse: true},
			// two measures asked, no definition: answered as before
			"faturamento e número de vendas em março de 2025": {measures: []string{"revenue", "sales_count"}, sql: []string{mar}},
			"revenue and number of sales in April 2025":       {measures: []string{"revenue", "sales_count"}, sql: []string{apr}},
		}},
	})
}
