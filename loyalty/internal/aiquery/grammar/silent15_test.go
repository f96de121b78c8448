package grammar

import "testing"

// The fifteenth round's silent classes (issue 24): questions answered with a wrong number.
// A percentage read with its base and its condition swapped; "cada uma" pointing to stores
// named only in a clause left out; a ranking after "each store" narrowing the list to one;
// "year to date" read as a breakdown by year; words of the other language or of a phrase
// the model did not know read as a month or a date of something else ("run out": October;
// "signed up since March" as "not bought since March"). Each is read right or refused.
func TestSilent15Classes(t *testing.T) {
	const (
		may       = "DATE '2025-05-01'"
		thisYear  = "date_trunc('year', now())"
		thisMonth = "date_trunc('month', now())"
		thisQtr   = "date_trunc('quarter', now())"
	)
	runClasses(t, []classCases{
		{"a unit said with 'to date', 'so far', 'até agora' is the current period up to now, never a breakdown by the unit over all time", map[string]want{
			"Average ticket by store, year to date.":                  {dims: []string{"store"}, sql: []string{thisYear}, sqlNot: []string{"extract(year"}},
			"ticket médio por forma de pagamento, ano até agora":      {dims: []string{"payment_type"}, sql: []string{thisYear}, sqlNot: []string{"extract(year"}},
			"vendas por loja, mês até hoje":                           {dims: []string{"store"}, sql: []string{thisMonth}, sqlNot: []string{"to_char"}},
			"faturamento por cidade, trimestre até agora":             {dims: []string{"city"}, sql: []string{thisQtr}, sqlNot: []string{"extract(quarter"}},
			"sales per store, quarter so far":                         {dims: []string{"store"}, sql: []string{thisQtr}, sqlNot: []string{"extract(quarter"}},
			"points redeemed by store, month to date":                 {dims: []string{"store"}, sql: []string{thisMonth}, sqlNot: []string{"to_char"}},
			"number of sales by payment type, year so far":            {dims: []string{"payment_type"}, sql: []string{thisYear}, sqlNot: []string{"extract(year"}},
			"quantos resgates por loja, semana até agora":             {dims: []string{"store"}, sql: []string{"date_trunc('week', now())"}},
			"revenue by month, year to date":                          {dims: []string{"month"}, sql: []string{thisYear}},
			"revenue by store to date":                                {dims: []string{"store"}, period: "-"},
			"revenue per month to date":                               {refuse: true},
			"faturamento por mês até agora":                           {refuse: true},
			"ticket medio por forma de pagamento no acumulado do ano": {dims: []string{"payment_type"}, sql: []string{thisYear}},
		}},
		{"a percentage of rows and their adjective, with a condition said in a relative clause ('que', 'com', 'who', 'with') after them: the clause is the condition; two conditions joined by 'e'/'and' are refused", map[string]want{
			"% dos clientes ativos que usam o app":                  {sql: []string{"FILTER (WHERE c.app_user)", "WHERE c.is_active"}},
			"percentual de clientes ativos com app":                 {sql: []string{"FILTER (WHERE c.app_user)", "WHERE c.is_active"}},
			"% of active customers who have the app":                {sql: []string{"FILTER (WHERE c.app_user)", "WHERE c.is_active"}},
			"% clientes ativos c/ optin sms":                        {sql: []string{"FILTER (WHERE c.sms_optin)", "WHERE c.is_active"}},
			"what percentage of active members use the app?":        {sql: []string{"FILTER (WHERE c.app_user)", "WHERE c.is_active"}},
			"percentual dos clientes da loja Centro que usam o app": {sql: []string{"FILTER (WHERE c.app_user)", "c.store_code_owner = 'L01'"}},
			"% of Centro members who use the app":                   {sql: []string{"FILTER (WHERE c.app_user)", "c.store_code_owner = 'L01'"}},
			// the base said after "entre", "among", or the condition after a copula, as before
			"% of app users among active members":         {sql: []string{"FILTER (WHERE c.app_user)", "WHERE c.is_active"}},
			"qual % dos clientes que têm app são ativos?": {sql: []string{"FILTER (WHERE c.is_active)", "WHERE c.app_user"}},
			// two conditions joined: both, or one the base?
			"% dos clientes ativos e com app":                 {refuse: true},
			"% of customers who are active and have the app":  {refuse: true},
			"percentual de clientes ativos e que aceitam sms": {refuse: true},
			"% of members with the app and with email opt-in": {refuse: true},
		}},
		{"a percentage whose condition is the values of the attribute its rows are split by is 100% or 0% of each row: refused", map[string]want{
			"% das vendas no pix e no cartão em maio":                      {refuse: true},
			"percentual de vendas em dinheiro e no pix em maio":            {refuse: true},
			"qual o percentual de vendas no débito e no crédito este ano?": {refuse: true},
			"share of sales by pix and by card in May":                     {refuse: true},
			"% of sales in cash and by card last month":                    {refuse: true},
			"what % of redemptions were at Centro and at Batel in May":     {refuse: true},
			"share of customers from the app and from the totem":           {refuse: true},
			// a condition on another attribute, per compared group; each group's share of the total
			"% dos clientes da Centro e da Batel com app":         {dims: []string{"store"}, sql: []string{"FILTER (WHERE c.app_user)"}},
			"% of app users among women and men":                  {dims: []string{"gender"}, sql: []string{"FILTER (WHERE c.app_user)"}},
			"percentual de vendas por forma de pagamento em maio": {dims: []string{"payment_type"}, sql: []string{"OVER ()", may}},
		}},
		{"'o resultado', 'the result' asked for is the answer, never a word read through a typo ('resgatado')", map[string]want{
			"Qual o percentual de clientes ativos que aceitam email? Peço o resultado com uma casa decimal.": {sql: []string{"FILTER (WHERE c.email_optin)", "WHERE c.is_active"}, sqlNot: []string{"redeems"}},
			"quantos clientes se cadastraram em maio? me manda o resultado":                                  {measures: []string{"customers"}, sql: []string{may}, sqlNot: []string{"redeems"}},
			"How many sales did we have in May? Send me the result.":                                         {measures: []string{"sales_count"}, sql: []string{may}},
			"Results please: how many customers signed up in May?":                                           {measures: []string{"customers"}, sql: []string{may}},
			"faturamento de maio, quero o resultado com duas casas decimais":                                 {measures: []string{"revenue"}, sql: []string{may}, sqlNot: []string{"redeems"}},
			"the result I need: revenue of the Centro store in May":                                          {measures: []string{"revenue"}, sql: []string{"L01", may}},
			"resultado líquido de maio":                                                                      {refuse: true},
		}},
		{"'cada uma', 'each' pointing to stores named only in a clause left out is never one total", map[string]want{
			"capaz que a Centro tá vendendo mais que a Batel... me passa o faturamento de cada uma em maio":   {refuse: true},
			"capaz que a Savassi ta faturando menos que a Copacabana... quantas vendas cada uma fez em abril": {refuse: true},
			"acho que a Centro vende mais que a Batel... o ticket médio de cada uma no mês passado":           {refuse: true},
			"I reckon Centro sells more than Batel... give me the average ticket of each in May":              {refuse: true},
			"Copacabana and Savassi look slow to me. Revenue for each of them in May?":                        {refuse: true},
			"I suspect Savassi is doing worse than Copacabana... the sales of each of them last month":        {refuse: true},
			// named in the question itself, each is a row
			"qual o faturamento da Copacabana e da Savassi em maio, cada uma": {dims: []string{"store"}, sql: []string{"IN ('L04', 'L05')", may}},
			"revenue of Centro and Batel in May, each one":                    {dims: []string{"store"}, sql: []string{"IN ('L01', 'L06')", may}},
		}},
		{"a ranking said after a breakdown by 'cada loja', 'each store' says which row the writer will look at: every row, ranked", map[string]want{
			"quantos clientes cada loja tem? quero ver qual tem mais":                            {dims: []string{"store"}, order: 0, sqlNot: []string{"LIMIT"}},
			"quantas vendas cada loja fez em maio? pra saber qual vendeu mais":                   {dims: []string{"store"}, sql: []string{may}, sqlNot: []string{"LIMIT"}},
			"how many customers does each store have? I want to see which one has the most":      {dims: []string{"store"}, sqlNot: []string{"LIMIT"}},
			"revenue of each store in May, want to know which sold the most":                     {dims: []string{"store"}, sql: []string{may}, sqlNot: []string{"LIMIT"}},
			"pontos resgatados em cada loja este ano, quero ver qual loja resgatou mais":         {dims: []string{"store"}, sqlNot: []string{"LIMIT"}},
			"how many redemptions did each store have this year? keen to see which had the most": {dims: []string{"store"}, sqlNot: []string{"LIMIT"}},
			// a ranking alone, or one row asked for, is the first
			"qual loja vendeu mais em maio?":         {dims: []string{"store"}, limit: 1},
			"which store has the most customers?":    {dims: []string{"store"}, limit: 1},
			"which store had the most sales in May?": {dims: []string{"store"}, limit: 1, sql: []string{may}},
		}},
		{"'run out', 'perdem a validade' are an expiry; 'out', 'set' of an English question are no month (Portuguese abbreviations) unless a number dates them", map[string]want{
			"pending redemptions that run out by tomorrow, how many?": {measures: []string{"redemptions"}, sql: []string{"r.expires_at <"}, sqlNot: []string{"2024-10-01", "created_at"}},
			"how many pending redemptions run out this week":          {measures: []string{"redemptions"}, sql: []string{"r.expires_at <"}, sqlNot: []string{"created_at"}},
			"how many redemptions ran out in May":                     {measures: []string{"redemptions"}, sql: []string{"'expired'", "r.expires_at >= " + may}},
			"resgates pendentes que perdem a validade até amanhã":     {measures: []string{"redemptions"}, sql: []string{"r.expires_at <"}},
			"quantos resgates pendentes caducam esta semana":          {measures: []string{"redemptions"}, sql: []string{"r.expires_at <"}},
			"how many pending redemptions are running out this week?": {measures: []string{"redemptions"}, sql: []string{"r.expires_at <"}},
			"revenue for stores that sold out":                        {refuse: true},
			"sales that went out yesterday":                           {refuse: true},
			// a Portuguese abbreviation beside a number still dates
			"vendas em out de 2024":            {sql: []string{"DATE '2024-10-01'"}},
			"sales from jan to out 2024":       {sql: []string{"DATE '2024-01-01'", "DATE '2024-11-01'"}},
			"faturamento de 15 de set de 2024": {sql: []string{"DATE '2024-09-15'"}},
		}},
		{"a period after a sign-up word dates the sign-up, said with 'since', 'desde' and a day too; 'yet to buy' is then never bought", map[string]want{
			"How many members who joined since April 1st have yet to buy?":                 {measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-04-01'", "NOT EXISTS"}, sqlNot: []string{"last_purchase"}},
			"quantos clientes captados desde 1º de abril ainda não compraram?":             {measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-04-01'", "NOT EXISTS"}, sqlNot: []string{"last_purchase"}},
			"how many customers signed up since March and have not bought yet":             {measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-03-01'", "NOT EXISTS"}, sqlNot: []string{"last_purchase"}},
			"quantos clientes que entraram desde 10 de abril ainda não compraram?":         {measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-04-10'", "NOT EXISTS"}, sqlNot: []string{"last_purchase"}},
			"how many customers acquired since the 5th of May have yet to make a purchase": {measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-05-05'", "NOT EXISTS"}, sqlNot: []string{"last_purchase"}},
			"clientes cadastrados desde o dia 5 de maio que ainda não compraram, quantos?": {measures: []string{"customers"}, sql: []string{"c.created_at >= DATE '2025-05-05'", "NOT EXISTS"}, sqlNot: []string{"last_purchase"}},
			// with no sign-up, the time since the last purchase
			"how many customers have not bought since March": {measures: []string{"customers"}, sql: []string{"c.last_purchase < DATE '2025-03-01'"}},
			"quantos clientes não compram desde março":       {measures: []string{"customers"}, sql: []string{"c.last_purchase < DATE '2025-03-01'"}},
		}},
		{"'came back and bought again', 'voltaram e compraram novamente': again said on both sides of the verb, or before it with 'and', is one repeat purchase", map[string]want{
			"how many customers who bought in March came back and purchased again in April":         {measures: []string{"customers"}, sql: []string{"DATE '2025-03-01'", "DATE '2025-04-01'", may}},
			"customers who shopped in January, how many came back and bought again in February?":    {measures: []string{"customers"}, sql: []string{"DATE '2025-01-01'", "DATE '2025-02-01'", "DATE '2025-03-01'"}},
			"how many members who bought in March returned and bought again in April":               {measures: []string{"customers"}, sql: []string{"DATE '2025-03-01'", "DATE '2025-04-01'", may}},
			"quantos clientes que compraram em abril voltaram e compraram novamente em maio?":       {measures: []string{"customers"}, sql: []string{"DATE '2025-04-01'", may, "DATE '2025-06-01'"}},
			"quantos clientes que compraram em fevereiro retornaram e compraram novamente em março": {measures: []string{"customers"}, sql: []string{"DATE '2025-02-01'", "DATE '2025-03-01'", "DATE '2025-04-01'"}},
			"dos clientes que compraram em março, quantos voltaram a comprar outra vez em abril?":   {measures: []string{"customers"}, sql: []string{"DATE '2025-03-01'", "DATE '2025-04-01'", may}},
		}},
		{"'never' before an opt-in is not opted in; 'never bought a thing' is never bought", map[string]want{
			"how many customers have the app but never opted in to email":        {measures: []string{"customers"}, sql: []string{"c.app_user", "NOT c.email_optin"}},
			"quantos clientes nunca aceitaram whatsapp":                          {measures: []string{"customers"}, sql: []string{"NOT c.whatsapp_optin"}},
			"quantos clientes com app nunca aceitaram receber mensagens por sms": {measures: []string{"customers"}, sql: []string{"c.app_user", "NOT c.sms_optin"}},
			"customers who never opted in to sms, how many":                      {measures: []string{"customers"}, sql: []string{"NOT c.sms_optin"}},
			"of the members who joined in 2024, how many never bought a thing?":  {measures: []string{"customers"}, sql: []string{"NOT EXISTS", "DATE '2024-01-01'"}},
			"how many customers have never bought a single thing":                {measures: []string{"customers"}},
			"how many customers never opted in":                                  {refuse: true},
		}},
	})
}
