package grammar

import "testing"

// TestRest2Classes: the classes of the eighth round left by the others (issue 24):
// details asked of the rows of a ranking, rows "live" or "valid" (the counting rule said
// again), an instruction to count only some rows and the people who did something counted
// "each once", opt-ins said with what the channel carries, what someone else asked beside
// the writer's own question, the points of a list of products, the customers' owning store.
// Paraphrases written for these tests, in both languages, with the near-paraphrases that
// must still be refused.
func TestRest2Classes(t *testing.T) {
	runClasses(t, []classCases{
		{"details of the ranked rows that the breakdown shows", map[string]want{
			"top 10 clientes por faturamento em 2025, com nome e cpf":                            {measures: []string{"revenue"}, dims: []string{"customer"}, limit: 10, sql: []string{"c.doc AS documento", "2025-01-01"}},
			"top 10 customers por revenue em 2025 ate agora, com nome e cpf pls":                 {measures: []string{"revenue"}, dims: []string{"customer"}, limit: 10, sql: []string{"c.doc"}},
			"top 5 clientes em faturamento de maio, me traz nome e documento":                    {dims: []string{"customer"}, limit: 5, sql: []string{"c.name", "c.doc", "2025-05-01"}},
			"top 5 products by redeemed quantity over the last 6 months, with SKU and total qty": {measures: []string{"items_redeemed"}, dims: []string{"product"}, limit: 5, sql: []string{"p.sku", "sum(i.qty)"}},
			"top 3 produtos mais resgatados em quantidade no ano, com SKU e quantidade total":    {measures: []string{"items_redeemed"}, dims: []string{"product"}, limit: 3, sql: []string{"p.sku"}},
			"the 3 most redeemed rewards this year w/ their sku":                                 {dims: []string{"product"}, limit: 3, sql: []string{"p.sku"}},
			"faturamento por loja em maio, com o código da loja":                                 {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{"store_code", "2025-05-01"}},
			"revenue by store last month, with the store code":                                   {measures: []string{"revenue"}, dims: []string{"store"}},
			// "live redemptions only, i.e. pending or applied": the rows of the ranked event
			"Top 5 products by redeemed quantity (live redemptions only, i.e. pending or applied) over the last 6 months, with SKU and total qty.": {dims: []string{"product"}, limit: 5, sql: []string{"r.status IN ('pending', 'applied')", "p.sku"}},
			"top 3 produtos mais resgatados em maio, só resgates aplicados":                                                                        {dims: []string{"product"}, limit: 3, sql: []string{"r.status = 'applied'", "2025-05-01"}},
			"most redeemed products in May, cancelled redemptions only":                                                                            {dims: []string{"product"}, sql: []string{"r.status = 'cancelled'"}},
			// a detail no column of the answer holds is still refused, never dropped
			"top 10 clientes por faturamento em 2025, com nome e data de nascimento": {refuse: true},
			"faturamento por loja em maio com endereço":                              {refuse: true},
			"top 10 customers by revenue this year with email and phone":             {refuse: true},
			// an aggregate in the columns other than the one ranked is a second computation
			"top 5 products by redeemed quantity this year, with SKU and average points": {refuse: true},
		}},
		{"live or valid rows are the counting rule said again", map[string]want{
			"quantos resgates vigentes em maio":                                                 {measures: []string{"redemptions"}, sql: []string{"r.status IN ('pending', 'applied')", "2025-05-01"}},
			"Total de pontos resgatados em resgates vigentes (pendentes ou aplicados) por loja": {dims: []string{"store"}, sql: []string{"r.status IN ('pending', 'applied')"}},
			"qtd de vendas válidas em abril":                                                    {measures: []string{"sales_count"}, sql: []string{"v.cancelled_at IS NULL", "2025-04-01"}},
			"how many valid redemptions in May":                                                 {measures: []string{"redemptions"}, sql: []string{"r.status IN ('pending', 'applied')"}},
			"number of live redemptions at Batel last month":                                    {measures: []string{"redemptions"}, sql: []string{"r.status IN ('pending', 'applied')", "'L06'"}},
			"how many valid pending redemptions":                                                {measures: []string{"redemptions"}, sql: []string{"r.status = 'pending'"}},
			// of promotions the words are still "running"
			"promoções vigentes":                  {list: true, sql: []string{"pm.is_active"}},
			"which promotions are live right now": {list: true, sql: []string{"pm.is_active"}},
			// live and cancelled at once is no row; live of what has no counting rule is refused
			"quantos resgates vigentes cancelados em maio": {refuse: true},
			"valid points entries in May":                  {refuse: true},
			"quantos clientes válidos":                     {refuse: true},
		}},
		{"an instruction to count only some rows; the people who did it counted each once", map[string]want{
			"Quantas pessoas diferentes resgataram na loja Copacabana em maio? Considere só os resgates válidos.":   {measures: []string{"redeemers"}, sql: []string{"count(DISTINCT r.customer_id)", "'L04'", "r.status IN ('pending', 'applied')"}},
			"quantos clientes resgataram em maio, considerando só resgates aplicados":                               {measures: []string{"redeemers"}, sql: []string{"r.status = 'applied'"}},
			"quantos clientes compraram em maio? considere apenas as compras no pix":                                {measures: []string{"buyers"}, sql: []string{"v.payment_type = 'pix'", "2025-05-01"}},
			"quantas pessoas diferentes resgataram em maio, só os resgates pendentes":                               {measures: []string{"redeemers"}, sql: []string{"r.status = 'pending'", "2025-05-01"}},
			"How many customers redeemed at Copacabana in May? Consider only live redemptions, pending or applied.": {measures: []string{"redeemers"}, sql: []string{"'L04'", "r.status IN ('pending', 'applied')"}},
			"how many different customers redeemed in May, pending redemptions only":                                {measures: []string{"redeemers"}, sql: []string{"count(DISTINCT r.customer_id)", "r.status = 'pending'"}},
			"how many unique customers bought at Batel last month":                                                  {measures: []string{"buyers"}, sql: []string{"'L06'"}},
			"how many customers do we have? consider only active accounts":                                          {measures: []string{"customers"}, sql: []string{"c.is_active"}},
			// the instruction alone, or one that widens the rows, is not read
			"how many sales in May? consider":                       {refuse: true},
			"quantas vendas em maio? considere":                     {refuse: true},
			"how many sales in May, consider including the returns": {refuse: true},
		}},
		{"an opt-in said with what the channel carries", map[string]want{
			"Quantos clientes ativos aceitam receber mensagens por WhatsApp?":       {measures: []string{"customers"}, sql: []string{"c.is_active", "c.whatsapp_optin"}},
			"quantos clientes não aceitam receber comunicação por email":            {measures: []string{"customers"}, sql: []string{"NOT c.email_optin"}},
			"qtos clientes aceitam mensagens via sms":                               {measures: []string{"customers"}, sql: []string{"c.sms_optin"}},
			"how many customers opted in to receive messages by SMS":                {measures: []string{"customers"}, sql: []string{"c.sms_optin"}},
			"how many active members agreed to get marketing messages via whatsapp": {measures: []string{"customers"}, sql: []string{"c.is_active", "c.whatsapp_optin"}},
			"number of customers who accept notifications on whatsapp":              {measures: []string{"customers"}, sql: []string{"c.whatsapp_optin"}},
			// messages with no channel, or a breakdown after them, are not an opt-in
			"quantos clientes aceitam receber mensagens":          {refuse: true},
			"quantos clientes aceitam receber mensagens por loja": {refuse: true},
			"how many messages were sent by whatsapp last month":  {refuse: true},
		}},
		{"what someone else asked, beside the writer's own question", map[string]want{
			"Uma cliente perguntou o que ela consegue trocar com 300 pontos. Quais produtos custam até 300 pontos?":                {list: true, sql: []string{"p.points <= 300"}},
			"Um cliente me perguntou quanto custa a caneca. Quais produtos do catálogo custam até 500 pontos?":                     {list: true, sql: []string{"p.points <= 500"}},
			"A customer asked what she can get with 300 points. Which reward products cost at most 300 points?":                    {list: true, sql: []string{"p.points <= 300"}},
			"My boss asked how many sales we had in May. How many sales did we have in May?":                                       {measures: []string{"sales_count"}, period: "2025-05-01"},
			"One of the store managers asked me earlier today how many customers are currently inactive. Would you mind checking?": {measures: []string{"customers"}, sql: []string{"NOT c.is_active"}},
			// their question names what the writer's does not: never merged into it
			"The Savassi manager asked how many customers bought in April. How many customers bought in May?":         {refuse: true},
			"Minha chefe perguntou quantas vendas tivemos em maio. Quantas vendas tivemos em abril?":                  {refuse: true},
			"A gerente da Batel perguntou quantos clientes resgataram em maio. Quantos clientes resgataram em junho?": {refuse: true},
		}},
		{"the points in the columns of a list of products", map[string]want{
			"Quais produtos custam até 300 pontos? Pode ser nome e pontos.":     {list: true, sql: []string{"p.name", "p.points AS pontos", "p.points <= 300"}},
			"lista de produtos com nome e pontos":                               {list: true, sql: []string{"p.name", "p.points"}},
			"which reward products cost up to 300 points? just name and points": {list: true, sql: []string{"p.points <= 300"}},
			"list the reward products with name and points":                     {list: true, sql: []string{"p.points"}},
			"produtos do catálogo, nome e SKU":                                  {list: true, sql: []string{"p.name", "p.sku"}},
			// a count asked beside the columns: which one is not known
			"quantos produtos custam até 300 pontos? nome e pontos": {refuse: true},
			"clientes com nome e pontos":                            {refuse: true},
		}},
		{"the date of the rows named before the period", map[string]want{
			"number of sales with transaction date between 2025-04-01 and 2025-04-30":                                            {measures: []string{"sales_count"}, period: "2025-04-01"},
			"revenue for transaction dates between 2025-05-01 and 2025-05-31 inclusive":                                          {measures: []string{"revenue"}, period: "2025-05-01"},
			"What is the median value of non-cancelled sales with transaction date between 2025-04-01 and 2025-04-30 inclusive?": {period: "2025-04-01", sql: []string{"percentile_cont(0.5)"}},
			"vendas com data da venda entre 01/04/2025 e 30/04/2025":                                                             {measures: []string{"sales_count"}, period: "2025-04-01"},
			"quantos resgates com data do resgate em maio":                                                                       {measures: []string{"redemptions"}, period: "2025-05-01"},
			"faturamento por loja, data da compra de 01/05/2025 a 31/05/2025":                                                    {measures: []string{"revenue"}, dims: []string{"store"}, period: "2025-05-01"},
			// another fact's date, or a date the status moves to another column, is refused
			"number of redemptions with transaction date in May":    {refuse: true},
			"redemptions with redemption date in May, expired ones": {refuse: true},
			"quantas vendas com data do resgate em maio":            {refuse: true},
		}},
		{"a year said before its unit (fiscal, calendar year)", map[string]want{
			"Please provide total revenue by state for the 2024 fiscal year.": {measures: []string{"revenue"}, dims: []string{"state"}, period: "2024-01-01"},
			"revenue for the 2024 calendar year":                              {measures: []string{"revenue"}, period: "2024-01-01"},
			"how many new customers in the 2025 financial year":               {measures: []string{"customers"}, period: "2025-01-01"},
			"faturamento por loja no ano fiscal de 2024":                      {measures: []string{"revenue"}, dims: []string{"store"}, period: "2024-01-01"},
			"vendas do exercício 2024":                                        {measures: []string{"sales_count"}, period: "2024-01-01"},
			"quantos clientes novos no ano civil de 2025":                     {measures: []string{"customers"}, period: "2025-01-01"},
			// a month's year is never a year of its own
			"quantas vendas em maio 2024 ano": {refuse: true},
		}},
		{"the customers' owning store", map[string]want{
			"number of customers per owning store":           {measures: []string{"customers"}, dims: []string{"owner_store"}, sql: []string{"c.store_code_owner"}},
			"active customers by home store":                 {measures: []string{"customers"}, dims: []string{"owner_store"}, sql: []string{"c.is_active"}},
			"count of customers grouped by store_code_owner": {dims: []string{"owner_store"}},
			"quantos clientes por loja dona":                 {measures: []string{"customers"}, dims: []string{"owner_store"}},
			"clientes inativos por loja de vínculo":          {measures: []string{"customers"}, dims: []string{"owner_store"}, sql: []string{"NOT c.is_active"}},
			"qtd de clientes por loja responsável":           {dims: []string{"owner_store"}},
			// of sales it would be the customer's store, not the sale's: refused
			"revenue per owning store":          {refuse: true},
			"faturamento por loja dona em maio": {refuse: true},
		}},
	})
}
