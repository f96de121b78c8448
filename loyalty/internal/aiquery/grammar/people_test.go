package grammar

import "testing"

// The classes of the seventh round (issue 24) for who did what said with everyday words:
// people nouns that name the customers ("o povo", "o pessoal", "punters", "the
// clientele"), light verbs that mean nothing beside the concept they govern ("faz um
// ranking", "make me a ranking"; alone they still refuse), payment asked as the way people
// paid ("como o pessoal pagou", "how did people pay"), and places named in a clause left
// out that compare two stores instead of binding the question to one. Paraphrases written
// for these tests, in both languages.
func TestPeopleClasses(t *testing.T) {
	runClasses(t, []classCases{
		{"people nouns read as the customers", map[string]want{
			"quantas vendas o povo fez na Batel ontem":  {measures: []string{"sales_count"}, filters: []string{"store_code"}},
			"quantos resgates o pessoal fez em maio":    {measures: []string{"redemptions"}, period: "2025-05-01"},
			"qual o saldo médio da clientela":           {measures: []string{"balance_average"}},
			"how many punters signed up last month":     {measures: []string{"customers"}, period: "interval '1 month'"},
			"what's the average age of our shoppers":    {measures: []string{"average_age"}},
			"how many folk redeemed in May":             {measures: []string{"redeemers"}, period: "2025-05-01"},
			"the clientele's total points balance":      {measures: []string{"balance_total"}},
			"quantos do povo compraram ontem":           {measures: []string{"buyers"}},
			"esse povo gastou quanto em maio":           {measures: []string{"revenue"}, period: "2025-05-01"},
			"quanto o povo faz":                         {refuse: true},
			"how much did the punters make on the bets": {refuse: true},
		}},
		{"light verbs skipped only before the concept they govern", map[string]want{
			"faz um ranking das lojas por vendas em maio":      {measures: []string{"sales_count"}, dims: []string{"store"}, period: "2025-05-01"},
			"me monta uma lista dos aniversariantes de agosto": {list: true, sql: []string{"extract(month FROM c.birth_date) = 8"}},
			"pega o faturamento de ontem":                      {measures: []string{"revenue"}},
			"make me a ranking of stores by revenue in May":    {measures: []string{"revenue"}, dims: []string{"store"}, period: "2025-05-01"},
			"run the number of sales per store last week":      {measures: []string{"sales_count"}, dims: []string{"store"}},
			// alone, or after what it would govern, the verb is a word no reading uses
			"quantos clientes fazem":            {refuse: true},
			"quantos clientes fazem na Savassi": {refuse: true},
			"who makes the most":                {refuse: true},
			// before a number the verb governs no concept; verbs that also change data stay writes
			"monta 500 pontos pra Maria Souza Lima": {refuse: true},
		}},
		{"what a customer can get with N points is what costs at most N", map[string]want{
			"quais prêmios o cliente consegue pegar com até 150 pontos": {list: true, sql: []string{"p.points <= 150"}},
			"which rewards can a customer get with 150 points or less":  {list: true, sql: []string{"p.points <= 150"}},
			"que brindes a pessoa consegue com no máximo 300 pontos":    {list: true, sql: []string{"p.points <= 300"}},
			"quantos clientes com até 150 pontos":                       {measures: []string{"customers"}, sql: []string{"c.points_balance <= 150"}},
			"how many members have 150 points or less":                  {measures: []string{"customers"}, sql: []string{"c.points_balance <= 150"}},
			"quantas vendas de clientes com até 150 pontos":             {refuse: true},
		}},
		{"reflexive pronouns and 'the same time' add nothing", map[string]want{
			"how many customers registered themselves in the app in May": {measures: []string{"customers"}, sql: []string{"c.origin = 'APP'"}, period: "2025-05-01"},
			"how many punters registered themselves last month":          {measures: []string{"customers"}, period: "interval '1 month'"},
		}},
		{"a thing asked of what people did is never the people ranked or counted", map[string]want{
			"o que o povo mais resgata":           {refuse: true},
			"o que os clientes compraram em maio": {refuse: true},
			"what do customers redeem the most":   {refuse: true},
			"what did people buy in May":          {refuse: true},
			"qual cliente mais resgatou em maio":  {dims: []string{"customer"}, limit: 1},
			"o que vendeu mais, pix ou crédito?":  {dims: []string{"payment_type"}},
			"what does the age profile of our members look like, in bands under 30, 30 to 49 and 50 and over": {measures: []string{"customers"}},
		}},
		{"the people of a relative clause about things are who acts, never the rows ranked", map[string]want{
			"quais os dois prêmios que o povo mais resgata na Savassi": {measures: []string{"items_redeemed"}, dims: []string{"product"}, limit: 2, filters: []string{"store_code"}},
			"quais prêmios que os clientes mais resgatam":              {measures: []string{"items_redeemed"}, dims: []string{"product"}},
			"os 3 brindes que a clientela mais resgatou em maio":       {measures: []string{"items_redeemed"}, dims: []string{"product"}, limit: 3, period: "2025-05-01"},
			"which rewards do members redeem the most":                 {measures: []string{"items_redeemed"}, dims: []string{"product"}},
			"quais clientes mais resgataram":                           {dims: []string{"customer"}},
		}},
		{"the same day (weekday) of an earlier week, month or year beside a day is that one day", map[string]want{
			"revenue yesterday and the same weekday last week":      {measures: []string{"revenue"}, sql: []string{"now()) - interval '1 day' - interval '1 week' AND v.transaction_date < date_trunc('day', now()) - interval '1 week'"}},
			"faturamento de ontem e do mesmo dia da semana passada": {measures: []string{"revenue"}, sql: []string{"now()) - interval '1 day' - interval '1 week' AND v.transaction_date < date_trunc('day', now()) - interval '1 week'"}},
			"faturamento de ontem vs mesmo dia do ano passado":      {measures: []string{"revenue"}, sql: []string{"- interval '1 year'"}},
			"sales today and on the same day last month":            {measures: []string{"sales_count"}, sql: []string{"- interval '1 month'"}},
			// the whole week when the question says the week
			"faturamento de ontem e da semana passada": {measures: []string{"revenue"}, sql: []string{"date_trunc('week', now()) - interval '1 week'"}},
		}},
		{"payment asked as the way people paid", map[string]want{
			"how did people pay last month":                     {measures: []string{"sales_count"}, dims: []string{"payment_type"}, period: "interval '1 month'"},
			"como o pessoal pagou na Savassi em maio":           {measures: []string{"sales_count"}, dims: []string{"payment_type"}, filters: []string{"store_code"}, period: "2025-05-01"},
			"de que jeito os clientes pagaram ontem":            {measures: []string{"sales_count"}, dims: []string{"payment_type"}},
			"in what way did customers pay at Batel this month": {measures: []string{"sales_count"}, dims: []string{"payment_type"}, filters: []string{"store_code"}},
			"how many sales were paid in cash last month":       {measures: []string{"sales_count"}, sql: []string{"v.payment_type = 'cash'"}},
			"how did the customers who signed up in May pay":    {refuse: true},
		}},
		{"a clause left out that compares two places binds the question to neither", map[string]want{
			"faz um ranking das lojas pelo faturamento de maio? quero ver se a Savassi ficou na frente de Copacabana": {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{"v.store_code IS NOT NULL"}},
		}},
	})
}
