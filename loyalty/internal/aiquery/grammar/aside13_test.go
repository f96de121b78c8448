package grammar

import "testing"

// The thirteenth round's classes of what people say around a casual question (issue 24):
// side sentences that narrate the writer's situation with a negation of their own; regional
// vocatives, greetings and interjections, and an emphatic object of a negation; "only"
// said of what the ask already says; a number that counts the values the ask names, and
// question frames ("como fica", "how did we get on"). Near misses keep their reading or
// stay refused: a side sentence that restricts ("só quero os do plano premium", "I don't
// want the gold ones") is never left out.
func TestAside13Classes(t *testing.T) {
	runClasses(t, []classCases{
		{"a side sentence whose negation is the writer's situation (a subject before it, nothing of the model after it) is background", map[string]want{
			"How many sales did Savassi have yesterday? The regional office keeps ringing me and I haven't a clue.": {measures: []string{"sales_count"}, sql: []string{"v.store_code = 'L05'"}},
			"How many cash sales did Copacabana have last week? Something's not adding up.":                         {measures: []string{"sales_count"}, sql: []string{"v.payment_type = 'cash'"}},
			"How many sales did Savassi have yesterday? It doesn't look right to me.":                               {measures: []string{"sales_count"}},
			"What's the average ticket at Savassi this month? Head office keeps asking me and I haven't a clue.":    {measures: []string{"average_ticket"}, sql: []string{"v.store_code = 'L05'"}},
			"How many sales did Savassi have yesterday? My boss keeps asking and I don't know.":                     {measures: []string{"sales_count"}},
			"quantas vendas a Savassi teve ontem? o sistema não fecha de jeito algum":                               {measures: []string{"sales_count"}},
			"How many cash sales did Batel have yesterday? Counting the drawer and it doesn't add up.":              {measures: []string{"sales_count"}, sql: []string{"v.payment_type = 'cash'"}},
			"Contando o caixa aqui e não tá batendo. Quantas vendas no pix a Savassi teve ontem?":                   {measures: []string{"sales_count"}, sql: []string{"v.payment_type = 'pix'"}},
			"quantos clientes compraram em maio? conferi a planilha e não fecha":                                    {measures: []string{"buyers"}},
			// "counting" said of rows, or with nothing narrated beside it, may restrict
			"How many cash sales did Batel have yesterday? Counting the gift cards.":                           {refuse: true},
			"How many cash sales did Batel have yesterday? Counting the cancelled ones and it doesn't add up.": {refuse: true},
			"quantas vendas em dinheiro a Savassi teve ontem? Não premium.":                                    {refuse: true},
			// a negation that opens its clause, or denies a want, may restrict: refused
			"How many customers bought at Copacabana in May? Not the gold ones.":            {refuse: true},
			"How many customers bought at Copacabana in May? I don't want the gold ones.":   {refuse: true},
			"quantos clientes compraram em maio? eu não quero os do plano premium":          {refuse: true},
			"How many customers bought at Copacabana in May? They're not the gold members.": {refuse: true},
			"How many customers bought at Copacabana in May? I don't want Maria.":           {refuse: true},
			"How many customers bought in May? They're not vip.":                            {refuse: true},
			"quantos clientes compraram em maio? elas não são vip":                          {refuse: true},
			"How many customers bought in May? She isn't vip.":                              {refuse: true},
		}},
		{"'only' said of rows in a side sentence restricts: refused, never left out", map[string]want{
			"quantos clientes compraram na Savassi em maio? só quero os do plano premium": {refuse: true},
			"quantas vendas o Centro teve em abril? só quero as dos clientes vip":         {refuse: true},
			"How many customers bought at Savassi in May? I only want the gold members.":  {refuse: true},
			// said of a purpose, or of what the ask names, it narrows nothing
			"quantos clientes compraram na Savassi em maio? só pra saber se a campanha funcionou": {measures: []string{"buyers"}},
			"quantos clientes compraram na Savassi em maio? só quero os ativos":                   {measures: []string{"buyers"}, filters: []string{"active_active", "store_code"}},
		}},
		{"a channel said after a pronoun of the rows in the writer's plan is how they will be reached, never a filter", map[string]want{
			"quantos clientes compraram na Savassi em abril? vou chamar eles no whatsapp":      {measures: []string{"buyers"}, sql: []string{"v.store_code = 'L05'"}},
			"quantos clientes ativos sem compra há 60 dias? pq quero mandar pra eles no zap":   {measures: []string{"customers"}},
			"How many customers bought at Batel in April? I want to text them on WhatsApp.":    {measures: []string{"buyers"}},
			"How many active customers haven't bought in 60 days? We'll email them by Friday.": {refuse: true}, // "by Friday": a time relation
			// the channel as the rows asked for, or beside a list (it says which column to
			// show), is not this
			"quantos clientes compraram na Savassi em maio? quero só os do whatsapp":         {refuse: true},
			"lista dos clientes que não compram há 60 dias pq quero chamar eles no whatsapp": {refuse: true},
		}},
		{"regional vocatives, greetings and interjections, and an emphatic object of a negation, say nothing of the report", map[string]want{
			"painho, quanto a Savassi faturou ontem?":                            {measures: []string{"revenue"}, sql: []string{"v.store_code = 'L05'"}},
			"quantos clientes ativos a gente tem, painho":                        {measures: []string{"customers"}, filters: []string{"active_active"}},
			"Howzit, how many customers signed up last week?":                    {measures: []string{"customers"}},
			"Howya! How much revenue did Copacabana do yesterday?":               {measures: []string{"revenue"}},
			"trem bão, quantas vendas no pix em maio?":                           {measures: []string{"sales_count"}, sql: []string{"v.payment_type = 'pix'"}},
			"quantos clientes se cadastraram em 2024 e nunca resgataram nadinha": {measures: []string{"customers"}},
			"quantos clientes não compraram nadinha em maio?":                    {measures: []string{"customers"}, sql: []string{"NOT EXISTS"}},
			"how many customers never redeemed anything at all":                  {measures: []string{"customers"}},
			"trem bão seria ver o faturamento da Savassi em abril":               {measures: []string{"revenue"}, sql: []string{"v.store_code = 'L05'"}},
			"seria bom ver Batel x Savassi em 2024: vendas de cada uma":          {measures: []string{"sales_count"}},
			"It would be good to see sign-ups by store for April.":               {measures: []string{"customers"}},
			"How much revenue did Savassi do over the weekend just gone?":        {measures: []string{"revenue"}, sql: []string{"interval '2 days'"}},
			"revenue for the month just gone at Batel":                           {measures: []string{"revenue"}, sql: []string{"interval '1 month'"}},
			"quantos seriam eles?":                                               {refuse: true},
		}},
		{"'only' said of the measure or the count the ask asks for is the ask's measure", map[string]want{
			"Buyers at Savassi in May. The number only.":             {measures: []string{"buyers"}, sql: []string{"v.store_code = 'L05'"}},
			"só o faturamento da Savassi em maio":                    {measures: []string{"revenue"}, sql: []string{"v.store_code = 'L05'"}},
			"quantos clientes ativos? só o número de clientes mesmo": {measures: []string{"customers"}, filters: []string{"active_active"}},
			"just the revenue of Savassi last month":                 {measures: []string{"revenue"}, period: "interval '1 month'"},
			"revenue only, Savassi, last month":                      {measures: []string{"revenue"}, sql: []string{"v.store_code = 'L05'"}},
			// "only" after what customers did says when or where alone they did it: not
			// this reading
			"quantos clientes compraram só em maio":     {refuse: true},
			"how many customers bought only at Savassi": {refuse: true},
			// "just the total" declines a breakdown (wordy.go), never a measure said again
			"How many customers signed up in May? Just the total, no need to split by store.": {measures: []string{"customers"}, dims: []string{}},
		}},
		{"a number that counts the values the ask names says them again", map[string]want{
			"faturamento das duas lojas, Centro e Savassi, em maio": {measures: []string{"revenue"}, sql: []string{"IN ('L01', 'L05')"}},
			"sales of the two stores, Batel and Savassi, in April":  {measures: []string{"sales_count"}},
			// a number that counts no values named is no such restatement
			"faturamento das três lojas, Centro e Savassi, em maio": {refuse: true},
			"revenue of the two stores last month":                  {refuse: true},
		}},
		{"a heading whose period covers the days of the ask's period restates it; one with other days is refused", map[string]want{
			"Fechamento do trimestre passado: quanto faturamos no 1º trimestre?": {measures: []string{"revenue"}, period: "2025-01-01"},
			"Balanço do mês passado: quantos clientes se cadastraram em maio?":   {measures: []string{"customers"}, period: "2025-05-01"},
			// the heading and the ask name the same days: one period (formal13's rule reads
			// the two names as one, by the first said)
			"Savassi, last month: how much revenue did Savassi do in May?":      {measures: []string{"revenue"}, sql: []string{"'L05'", "date_trunc('month', now()) - interval '1 month'"}},
			"Resumo de maio: quantas vendas em maio?":                           {measures: []string{"sales_count"}, period: "2025-05-01"},
			"Fechamento de 2024: quanto faturamos em maio?":                     {refuse: true},
			"Fechamento do mês retrasado: quanto faturamos em maio?":            {refuse: true},
			"Wrap-up for last week: how much revenue did Savassi do this week?": {refuse: true},
		}},
		{"a closing that counts the measures asked, or restates the time or the rows, says them again", map[string]want{
			"vendas, faturamento e ticket médio da Savassi em abril, os três lado a lado": {measures: []string{"sales_count", "revenue", "average_ticket"}},
			"points credited and redeemed in April - the two in one row":                  {measures: []string{"points_credited", "points_redeemed"}},
			"saldo total dos clientes da Savassi, posição de hoje":                        {measures: []string{"balance_total"}},
			"total balance held by customers of Savassi":                                  {measures: []string{"balance_total"}, sql: []string{"c.store_code_owner = 'L05'"}},
			"cadastros por mês em 2025 (coorte de entrada)":                               {measures: []string{"customers"}, dims: []string{"month"}},
			// a number that counts no measure asked, or a ranking's, is not this
			"vendas e faturamento da Savassi em abril, os três": {refuse: true},
			"faturamento e vendas por loja em maio, top 3":      {limit: 3},
		}},
		{"question frames 'como fica', 'how did we get on' ask for what follows them", map[string]want{
			"como fica o ticket médio por loja esse mês?":      {measures: []string{"average_ticket"}, dims: []string{"store"}},
			"e como ficam as vendas no pix em abril":           {measures: []string{"sales_count"}},
			"How did we get on with sales at Batel last week?": {measures: []string{"sales_count"}},
			"how are we getting on with sign-ups this month?":  {measures: []string{"customers"}},
		}},
	})
}
