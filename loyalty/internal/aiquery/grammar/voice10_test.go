package grammar

import "testing"

// The classes of vocabulary and register of the tenth round (issue 24): informal and
// regional words, greetings and particles, purpose and reason tails (which never add a
// filter), and the silently wrong readings of app users, breakdown verbs and "any of".
// Paraphrases written for these tests, in both languages, with rows that must be refused.
func TestVoiceTenthClasses(t *testing.T) {
	runClasses(t, []classCases{
		{"a contraction keeps its word's opening cluster ('clts': clientes); 'relação', 'listagem' are lists", map[string]want{
			"qnts clts ativos temos":                              {measures: []string{"customers"}, filters: []string{"active_active"}},
			"quantos clts compraram em maio":                      {measures: []string{"buyers"}},
			"top 3 clts que mais gastaram em 2025":                {limit: 3},
			"relação dos clientes inativos da Savassi":            {list: true, sql: []string{"NOT c.is_active", "'L05'"}},
			"listagem dos clientes com saldo acima de 500 pontos": {list: true, sql: []string{"c.points_balance > 500"}},
			"a relação nominal dos clientes do Cambuí":            {list: true, sql: []string{"'L03'"}},
			"how many custs are active":                           {measures: []string{"customers"}},
			"faturamento desde o começo do ano":                   {measures: []string{"revenue"}},
			"revenue since the start of the year":                 {measures: []string{"revenue"}},
			"sales since the beginning of the month":              {measures: []string{"sales_count"}},
			// "txs" fits "txns" and "taxas": no cluster chooses, refused
			"txs yesterday": {refuse: true},
		}},
		{"greetings, vocatives and particles in any position", map[string]want{
			"macho, quantas vendas ontem?":                                   {measures: []string{"sales_count"}},
			"meu filho, qual o faturamento de maio?":                         {measures: []string{"revenue"}, period: "DATE '2025-05-01'"},
			"quantos resgates pendentes, hein?":                              {sql: []string{"r.status = 'pending'"}},
			"me diz uma coisa, quantos clientes ativos?":                     {measures: []string{"customers"}},
			"Morning! How many sales yesterday?":                             {measures: []string{"sales_count"}},
			"Wah gwaan! Revenue at Centro today?":                            {measures: []string{"revenue"}, sql: []string{"'L01'"}},
			"reckon you could tell me how many customers are active?":        {measures: []string{"customers"}},
			"how many customers at Batel? keen to send them a wee thank you": {measures: []string{"customers"}, sql: []string{"'L06'"}},
			// a part of the day is no greeting inside a question: no period read past it
			"how many sales this morning":      {refuse: true},
			"how many sales yesterday evening": {refuse: true},
			"revenue in the afternoon":         {refuse: true},
		}},
		{"reason and purpose tails are context, never a filter (tails.go, statements.go)", map[string]want{
			"quanto faturamos em maio, que o contador tá me pedindo esse número":                     {measures: []string{"revenue"}, filters: []string{}},
			"quantas vendas por loja ontem, porque eu tô achando que tem loja fraca":                 {measures: []string{"sales_count"}, dims: []string{"store"}},
			"faturamento por dia da semana desde janeiro, pra eu ver se vale a pena abrir no sábado": {measures: []string{"revenue"}, dims: []string{"weekday"}, filters: []string{}},
			"ticket médio por forma de pagamento em maio, a gerente tá cobrando":                     {measures: []string{"average_ticket"}, dims: []string{"payment_type"}},
			"what's the busiest hour of the day at Centro this year? sorting out rosters":            {sql: []string{"extract(hour FROM"}},
			"how many customers signed up in May? it's for a mailer":                                 {measures: []string{"customers"}, filters: []string{}},
			// a tail naming what the question does not: refused, never applied
			"quantos clientes ativos? é pra uma campanha de aniversário":               {refuse: true},
			"quantos clientes ativos? é pra uma ação na Savassi":                       {refuse: true},
			"quantos clientes ativos? pra eu ver os aniversariantes":                   {refuse: true},
			"how many active customers? it's for the birthday campaign":                {refuse: true},
			"how many active customers? it's for a mailer to the Savassi ones":         {refuse: true},
			"faturamento de maio, pra eu ver se vale a pena abrir mais cedo no sábado": {refuse: true},
		}},
		{"app users are the app_user attribute, never the sign-up origin", map[string]want{
			"how many active app users are sitting on more than 1k pts": {sql: []string{"c.app_user", "c.points_balance > 1000"}},
			"how many app users have over 2000 points":                  {sql: []string{"c.app_user"}},
			"quantos usuários do app ativos":                            {sql: []string{"c.app_user", "c.is_active"}},
		}},
		{"a breakdown verb ('quebrados por', 'split by') counts rows that would be listed per group", map[string]want{
			"Me manda os cadastros dos últimos 90 dias quebrados por canal de origem": {measures: []string{"customers"}, dims: []string{"origin"}, list: false},
			"me passa os clientes divididos por loja":                                 {measures: []string{"customers"}, list: false},
			"me manda os clientes cadastrados em maio separados por origem":           {measures: []string{"customers"}, dims: []string{"origin"}, list: false},
			"send me the sign-ups of the last 30 days broken down by origin":          {measures: []string{"customers"}, dims: []string{"origin"}},
			"the customers split by store":                                            {measures: []string{"customers"}},
			"list the customers grouped by store":                                     {measures: []string{"customers"}, list: false},
		}},
		{"'any of my customers ...?' asks who: the list", map[string]want{
			"any of my Copacabana customers got a birthday this month?":  {list: true, sql: []string{"'L04'", "c.birth_date"}},
			"do any of our customers have more than 3000 points?":        {list: true, sql: []string{"c.points_balance > 3000"}},
			"algum dos nossos clientes da Savassi faz aniversário hoje?": {list: true, sql: []string{"'L05'"}},
			"algum dos clientes do Centro tem mais de 2000 pontos?":      {list: true, sql: []string{"'L01'"}},
			// "any of" beside rows that are not customers: refused, never a count
			"any of the stores sold more than 1000 yesterday?": {refuse: true},
		}},
	})
}
