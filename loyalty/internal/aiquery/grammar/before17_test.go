package grammar

import "testing"

// The seventeenth round's background before the ask (issue 24): what is said before the
// question, in its own sentence or in a clause before the ask in the same sentence, in words
// the model does not know, is background when it asks nothing and every constraint it names
// is said again by the ask or pointed back to ("over there", "lá"); one naming a constraint
// the ask does not repeat is still refused.
func TestBefore17Classes(t *testing.T) {
	const batel = "store_code = 'L06'"
	runClasses(t, []classCases{
		{"a clause before the ask in its sentence, set off by a comma, that asks nothing and names only what the ask repeats or points back to, is background", map[string]want{
			"I feel like Batel has been dropping the ball all year, what's the cancellation rate over there so far this year": {sql: []string{batel}},
			"Batel has been dropping the ball all year. What's the cancellation rate over there this year?":                   {sql: []string{batel}},
			"A Batel andou patinando o ano inteiro, qual a taxa de cancelamento lá esse ano?":                                 {sql: []string{batel}},
			"Alright let's check the scoreboard, what was total revenue last month?":                                          {measures: []string{"revenue"}},
			"Bora conferir o placar, qual foi o faturamento total do mês passado?":                                            {measures: []string{"revenue"}},
			"Okay, crazy busy around here with the paperwork, so how many customers signed up in May?":                        {measures: []string{"customers"}, period: "2025-05-01"},
			"Correria danada por aqui, então quantos clientes se cadastraram em maio?":                                        {measures: []string{"customers"}, period: "2025-05-01"},
			// a constraint of its own, not said again by the ask: refused
			"The Batel store has been struggling, what's the cancellation rate this year?":         {refuse: true},
			"Alright let's check the Savassi scoreboard, what was total revenue last month?":       {refuse: true},
			"Bora conferir o placar da Savassi, qual foi o faturamento total do mês passado?":      {refuse: true},
			"Let's check the scoreboard by store, what was total revenue last month?":              {refuse: true},
			"Bora conferir o placar do pix, qual foi o faturamento total do mês passado?":          {refuse: true},
			"Batel has been dropping the ball, what's the cancellation rate at Savassi over there": {refuse: true},
		}},
		{"the writer's request after a clause before it, with no comma, opens the ask; the clause before is background when the ask repeats its constraints", map[string]want{
			"For the staff planning I need the number of sales per weekday in May.":        {measures: []string{"sales_count"}, dims: []string{"weekday"}},
			"For the rota shuffle we need the revenue per weekday in May":                  {measures: []string{"revenue"}, dims: []string{"weekday"}},
			"I'm updating the ops slides and I need to know how many sales we had in May":  {measures: []string{"sales_count"}, period: "2025-05-01"},
			"Tô montando a escala e preciso do número de vendas por dia da semana em maio": {measures: []string{"sales_count"}, dims: []string{"weekday"}},
			"Tô montando a planilha e preciso saber quantas vendas tivemos em maio":        {measures: []string{"sales_count"}, period: "2025-05-01"},
			// a constraint of its own: refused
			"For the Savassi planning I need the number of sales per weekday in May.":         {refuse: true},
			"For the rota next week we need the revenue per weekday in May":                   {refuse: true},
			"Tô montando a escala da Savassi e preciso do número de vendas em maio":           {refuse: true},
			"I'm updating the cancelled ones and I need to know how many sales we had in May": {refuse: true},
		}},
	})
}
