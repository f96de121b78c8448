package grammar

import "testing"

// The classes of spoken and chat writing of the ninth round (issue 24): emphasis, hedges and
// particles that change nothing, a question word said after the question, spoken words of
// the domain, and the purpose or situation said after a question. Paraphrases written for
// these tests, in both languages, with near misses that must still be refused.
func TestSpokenNinthClasses(t *testing.T) {
	runClasses(t, []classCases{
		{"emphasis, hedges and particles that change nothing (semantic/discourse.go)", map[string]want{
			"ticket médio de maio? rapidão":                      {measures: []string{"average_ticket"}, period: "DATE '2025-05-01'"},
			"faturamento de ontem rapidão":                       {measures: []string{"revenue"}},
			"qual o gasto médio por cliente em abril aprox":      {measures: []string{"revenue_per_buyer"}, period: "DATE '2025-04-01'"},
			"approx revenue by store last month":                 {measures: []string{"revenue"}, dims: []string{"store"}},
			"roughly how many customers signed up this week lah": {measures: []string{"customers"}},
			"how many customers use the app leh":                 {measures: []string{"customers"}, sql: []string{"c.app_user"}},
			"revenue this month, can or not?":                    {measures: []string{"revenue"}},
			"active promotions at the minute":                    {list: true, sql: []string{"pm.is_active"}},
			"how many active customers at present":               {measures: []string{"customers"}, filters: []string{"active_active"}},
			"sales yesterday eh":                                 {measures: []string{"sales_count"}},
			// a tag that is not the whole tag phrase still counts: "or not" alone negates
			"revenue this month or not": {refuse: true},
		}},
		{"the whole chain said by summing it", map[string]want{
			"qnts vendas ontem somando todas as lojas":     {measures: []string{"sales_count"}, dims: []string{}, filters: []string{}},
			"faturamento de maio juntando todas as lojas":  {measures: []string{"revenue"}, dims: []string{}, filters: []string{}},
			"revenue in May adding up all the stores":      {measures: []string{"revenue"}, dims: []string{}, filters: []string{}},
			"quantas vendas ontem somando as lojas Centro": {refuse: true}, // a store, not the chain
		}},
		{"the question word said after the question (an amount of an average or a sum)", map[string]want{
			"average ticket in April how much":               {measures: []string{"average_ticket"}, period: "DATE '2025-04-01'"},
			"ticket medio em abril quanto deu":               {measures: []string{"average_ticket"}},
			"gasto medio por cliente em maio quanto que foi": {measures: []string{"revenue_per_buyer"}},
			"median ticket last month how much ah":           {sql: []string{"percentile_cont(0.5)"}},
			// after a count, an amount is another measure: never the count again
			"how many sales in May how much":     {refuse: true},
			"quantas vendas em maio quanto":      {refuse: true},
			"how many sales in May and how much": {measures: []string{"sales_count", "revenue"}},
		}},
		{"a ranking's head said again after it ('which one', 'qual'), and 'just the top one' restating it", map[string]want{
			"most redeemed item this year which one":                        {limit: 1, sql: []string{"sum(i.qty)"}},
			"which store sold the most in May, which one":                   {limit: 1, dims: []string{"store"}},
			"which city highest revenue this year? just the top one enough": {limit: 1, dims: []string{"city"}, measures: []string{"revenue"}},
			"a loja que mais vendeu em maio, qual":                          {limit: 1, dims: []string{"store"}},
			"qual loja vendeu mais em maio? so a primeira ja basta":         {limit: 1, dims: []string{"store"}},
			"top 3 stores by revenue which ones":                            {limit: 3, dims: []string{"store"}},
			// another number after "which" is not the ranking's one
			"most redeemed item this year which two": {refuse: true},
		}},
		{"a question said twice around 'tipo assim', 'ou seja', 'I mean' (restated.go): answered when both sayings ask the same", map[string]want{
			"quais os cinco clientes que mais gastaram esse ano tipo assim o top cinco de quem mais gastou em 2025": {limit: 5, sql: []string{"cp.grain = 'Y'"}},
			"quantas vendas tivemos ontem, ou seja, quantas vendas teve ontem na rede":                              {measures: []string{"sales_count"}},
			"how many customers signed up in May, I mean, how many new customers in May":                            {measures: []string{"customers"}, period: "DATE '2025-05-01'"},
			"how many sales did we have yesterday, in other words, how many sales yesterday across the chain":       {measures: []string{"sales_count"}},
			// the sayings differ (another year, another month): which one was meant?
			"quais os cinco clientes que mais gastaram esse ano, tipo assim, o top cinco de quem mais gastou em 2024": {refuse: true},
			"how many customers signed up in May, I mean, how many new customers in April":                            {refuse: true},
		}},
		{"the first day of a month said in words ('dia primeiro')", map[string]want{
			"quanto entrou no pix desde o dia primeiro": {measures: []string{"revenue"}, sql: []string{">= DATE '2025-06-01'"}},
			"vendas no dia primeiro de maio":            {measures: []string{"sales_count"}, period: "DATE '2025-05-02'"},
			"faturamento do primeiro trimestre":         {measures: []string{"revenue"}, period: "DATE '2025-04-01'"},
		}},
		{"spoken words of the domain", map[string]want{
			"tamanho da base de clientes ativos":                                                         {measures: []string{"customers"}, filters: []string{"active_active"}},
			"size of our customer base in São Paulo":                                                     {measures: []string{"customers"}, sql: []string{"sao paulo"}},
			"quem faz niver em julho":                                                                    {list: true, sql: []string{"extract(month FROM c.birth_date) = 7"}},
			"how much did we take in on debit last week":                                                 {measures: []string{"revenue"}, sql: []string{"'debit_card'"}},
			"How many points did we give out in May?":                                                    {measures: []string{"points_credited"}, period: "DATE '2025-05-01'"},
			"how many points do we hand out per month":                                                   {measures: []string{"points_credited"}},
			"quantos pontos demos em maio":                                                               {measures: []string{"points_credited"}, period: "DATE '2025-05-01'"},
			"how many customers visited the store in May":                                                {measures: []string{"buyers"}},
			"How many sign-ups did we get last week, broken down by origin? Till, app, totem and so on.": {measures: []string{"customers"}, dims: []string{"origin"}},
			// an open list after values is not a breakdown: refused, never a filter of two
			"revenue by payment type in May: pix, cash etc":         {refuse: true},
			"quantos clientes compraram em abril? só os do app etc": {refuse: true},
		}},
		{"what the answer is for, and where the writer is, said after the question (statements.go, leadin.go)", map[string]want{
			"quantos clientes aceitam sms? é pra montar a régua de niver":                                    {measures: []string{"customers"}, sql: []string{"c.sms_optin"}, filters: []string{"optin_sms"}},
			"qnts resgates pendentes hj? pra eu avisar o pessoal do balcão":                                  {sql: []string{"r.status = 'pending'"}, filters: []string{"status_pending"}},
			"quantos clientes novos em maio e quantos deles usam o app? vou montar uma régua de boas vindas": {sql: []string{"FILTER (WHERE c.app_user)", "DATE '2025-05-01'"}},
			"quantos clientes ativos com opt-in de WhatsApp? pra dimensionar o próximo disparo":              {measures: []string{"customers"}, sql: []string{"c.whatsapp_optin"}, period: "-"},
			"me passa o telefone da cliente Ana Souza, ela ta aqui na fila":                                  {list: true, sql: []string{"name_fold('Ana Souza')", "c.phone"}},
			"how many customers signed up in May? it's for a mailer":                                         {measures: []string{"customers"}, period: "DATE '2025-05-01'"},
			"How many customers haven't bought for over 90 days? I'm thinking of sending them a voucher.":    {measures: []string{"customers"}, sql: []string{"c.last_purchase <"}, filters: []string{"not_bought_at"}},
			// a value the tail names that the question does not is a constraint: refused
			"how many customers haven't bought in 60 days? I'm sending them a voucher for the pix ones": {refuse: true},
			"quantos clientes ativos? é pra uma ação só com quem usa o app":                             {refuse: true},
		}},
	})
}
