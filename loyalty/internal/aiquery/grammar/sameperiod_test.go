package grammar

import "testing"

// TestOnePeriodUnderTwoNames: a period compared with itself, or an activity said to happen
// and not to happen in one period, under two of its names ("maio" and "mês passado" asked
// in June; "o mês anterior" read from today), is refused: its answer would be one row, or
// zero whatever the data. Two different periods still compare and still make cohorts.
func TestOnePeriodUnderTwoNames(t *testing.T) {
	runClasses(t, []classCases{
		{"one period compared with itself", map[string]want{
			"revenue May vs last month":                          {refuse: true},
			"faturamento de maio comparado com o mês passado":    {refuse: true},
			"quantidade de vendas de junho x este mês":           {refuse: true},
			"ticket médio do 2º trimestre contra este trimestre": {refuse: true},
			"sales this year versus 2025":                        {refuse: true},
		}},
		{"bought and did not buy in one period", map[string]want{
			"clientes que compraram em maio e não no mês passado":           {refuse: true},
			"clientes que compraram em maio e não compraram no mês passado": {refuse: true},
			"customers who bought in May but not last month":                {refuse: true},
			"how many customers bought in June and did not buy this month":  {refuse: true},
		}},
		{"two periods still compare and make cohorts", map[string]want{
			"revenue April vs last month":                       {measures: []string{"revenue"}, dims: []string{"periods"}},
			"faturamento de maio comparado com abril":           {measures: []string{"revenue"}, dims: []string{"periods"}},
			"quantos clientes compraram em abril e não em maio": {measures: []string{"customers"}, sql: []string{"NOT EXISTS"}},
		}},
	})
}
