package grammar

import "testing"

// TestNegationClasses: negation, exclusion and the cohorts of customers defined by what
// they did not do. Paraphrases written for this test, in both languages, several voices;
// the SQL's meaning is checked (the filters, periods and conditions the request holds), and
// the near-paraphrases that must stay refused are here too.
func TestNegationClasses(t *testing.T) {
	april := "x.transaction_date >= DATE '2025-04-01' AND x.transaction_date < DATE '2025-05-01'"
	may := "x.transaction_date >= DATE '2025-05-01' AND x.transaction_date < DATE '2025-06-01'"
	notMay := "NOT EXISTS (SELECT 1 FROM reporting.coupons x WHERE x.customer_id = c.id AND x.cancelled_at IS NULL AND " + may
	q2 := "x.transaction_date >= DATE '2025-04-01' AND x.transaction_date < DATE '2025-07-01'"
	runClasses(t, []classCases{
		{"bought in one period and not (again) in another, negative concord too", map[string]want{
			"qts clientes compraram em abril e nao voltaram em maio?":                          {measures: []string{"customers"}, sql: []string{april, notMay}},
			"quantos compradores de abril não fizeram nenhuma compra em maio":                  {measures: []string{"customers"}, sql: []string{april, notMay}},
			"qtos compradores do Q1 não fizeram nenhuma compra no Q2 até agora?":               {measures: []string{"customers"}, sql: []string{"NOT EXISTS", q2, "x.transaction_date >= DATE '2025-01-01' AND x.transaction_date < DATE '2025-04-01'"}},
			"quais clientes compraram em abril mas não voltaram a comprar nada em maio? nomes": {list: true, sql: []string{april, notMay}},
			"quantos clientes compraram em abril e nada em maio":                               {measures: []string{"customers"}, sql: []string{april, notMay}},
			"how many of April's buyers didn't make any purchase in May":                       {measures: []string{"customers"}, sql: []string{april, notMay}},
			"how many customers who bought in April did not buy in May":                        {measures: []string{"customers"}, sql: []string{april, notMay}},
			"customers that purchased in april but didnt come back in may, how many?":          {measures: []string{"customers"}, sql: []string{april, notMay}},
		}},
		{"lapsed: bought at some time, and not in the last N days", map[string]want{
			"quantos clientes estão sem comprar há 90 dias":                                               {measures: []string{"customers"}, sql: []string{"c.last_purchase < date_trunc('day', now()) - interval '89 days'"}},
			"qtos clientes já compraram mas nada nos últimos 60 dias":                                     {measures: []string{"customers"}, sql: []string{"c.last_purchase < date_trunc('day', now()) - interval '59 days'"}},
			"clientes que compraram em algum momento mas não nos últimos 120 dias, quantos são":           {measures: []string{"customers"}, sql: []string{"c.last_purchase < date_trunc('day', now()) - interval '119 days'"}},
			"quantos clientes não compram há mais de 90 dias, sem contar os que nunca compraram":          {measures: []string{"customers"}, sql: []string{"c.last_purchase < date_trunc('day', now()) - interval '89 days'", "EXISTS (SELECT 1 FROM reporting.customer_purchases x"}},
			"how many customers haven't bought for 90 days":                                               {measures: []string{"customers"}, sql: []string{"c.last_purchase < date_trunc('day', now()) - interval '89 days'"}},
			"how many members bought at some point but not once in the last 180 days":                     {measures: []string{"customers"}, sql: []string{"c.last_purchase < date_trunc('day', now()) - interval '179 days'"}},
			"how many punters havenae bought anything in over 90 days? no counting the never-buyers":      {refuse: true}, // "never-buyers" is no phrase of the model
			"number of customers who haven't purchased in over 90 days, excluding those who never bought": {measures: []string{"customers"}, sql: []string{"c.last_purchase < date_trunc('day', now()) - interval '89 days'", "EXISTS (SELECT 1 FROM reporting.customer_purchases x"}},
			"list the clients of Savassi who bought before, but nothing in the last 90 days":              {list: true, sql: []string{"c.store_code_owner = 'L05'", "c.last_purchase < date_trunc('day', now()) - interval '89 days'"}},
			// a length of time is only what did not happen
			"quantos clientes compraram há 90 dias": {refuse: true},
		}},
		{"never, none, zero", map[string]want{
			"quantos clientes se cadastraram em 2024 e nunca compraram nada":                        {measures: []string{"customers"}, period: "2024-01-01", sql: []string{"NOT EXISTS (SELECT 1 FROM reporting.customer_purchases x"}},
			"how many customers with origin APP or TOTEM have zero purchases":                       {measures: []string{"customers"}, sql: []string{"c.origin IN ('APP', 'TOTEM')", "NOT EXISTS"}},
			"How many customers from the app or the totem have zero non-cancelled purchases, ever?": {measures: []string{"customers"}, sql: []string{"NOT EXISTS"}},
			"qtos clientes têm 0 compras":                                                           {measures: []string{"customers"}, filters: []string{"not_bought"}},
			"quantos clientes com 0 compras em maio":                                                {measures: []string{"customers"}, sql: []string{notMay}},
			"quantos clientes não resgataram nada em 2024":                                          {measures: []string{"customers"}, sql: []string{"NOT EXISTS (SELECT 1 FROM reporting.redeems x", "2024-01-01"}},
			// zero of a quantity is no "did not": the value itself (a balance of 0)
			"quantos clientes têm 0 pontos": {measures: []string{"customers"}, sql: []string{"c.points_balance = 0"}},
		}},
		{"neither ... nor, not ... or, on flags and values", map[string]want{
			"qts clientes ativos q se cadastraram antes de 2024 nao aceitam nem whatsapp nem sms?": {measures: []string{"customers"}, sql: []string{"c.is_active", "NOT c.whatsapp_optin AND NOT c.sms_optin", "c.created_at < DATE '2024-01-01'"}},
			"quantos clientes não aceitam whatsapp nem sms":                                        {measures: []string{"customers"}, sql: []string{"NOT c.whatsapp_optin AND NOT c.sms_optin"}},
			"how many customers accept neither email nor sms":                                      {measures: []string{"customers"}, sql: []string{"NOT c.email_optin AND NOT c.sms_optin"}},
			"how many customers don't accept whatsapp or sms":                                      {measures: []string{"customers"}, sql: []string{"NOT c.whatsapp_optin AND NOT c.sms_optin"}},
			"vendas de maio que não foram nem pix nem dinheiro":                                    {measures: []string{"sales_count"}, sql: []string{"NOT (v.payment_type IN ('pix', 'cash'))"}},
			"faturamento em maio nem na Centro nem na Batel":                                       {measures: []string{"revenue"}, sql: []string{"NOT (v.store_code IN ('L01', 'L06'))"}},
			// "nem" without a negation before it, or "and" after one, is not read
			"clientes que aceitam whatsapp nem sms":       {refuse: true},
			"quantos clientes não aceitam whatsapp e sms": {refuse: true},
			"nem todos os clientes aceitam sms, quantos?": {refuse: true},
		}},
		{"an attribute not on file, and leaving the unknowns out", map[string]want{
			"quantos clientes sem informação de app":                                               {measures: []string{"customers"}, sql: []string{"c.app_user IS NULL"}},
			"how many customers where app_user is null":                                            {measures: []string{"customers"}, sql: []string{"c.app_user IS NULL"}},
			"how many customers with app user unknown":                                             {measures: []string{"customers"}, sql: []string{"c.app_user IS NULL"}},
			"qtd de clientes com gênero não informado":                                             {measures: []string{"customers"}, sql: []string{"c.gender_identity IS NULL"}},
			"customers with unknown gender, how many":                                              {measures: []string{"customers"}, sql: []string{"c.gender_identity IS NULL"}},
			"average ticket by gender, excluding customers with unknown gender":                    {measures: []string{"average_ticket"}, sql: []string{"c.gender_identity IS NOT NULL"}},
			"quantos clientes não têm gênero informado":                                            {measures: []string{"customers"}, sql: []string{"c.gender_identity IS NULL"}},
			"how many customers where app_user is not null":                                        {measures: []string{"customers"}, sql: []string{"c.app_user IS NOT NULL"}},
			"quantos clientes sem informação de email":                                             {measures: []string{"customers"}, sql: []string{"c.email IS NULL"}},
			"clientes por faixa etária: até 24, 25-34, 35+ (quem não tem data de nasc. fica fora)": {sql: []string{"c.birth_date IS NOT NULL"}},
			// "unknown" said of nothing, or of what is never unknown, is not read
			"quantos clientes desconhecidos":       {refuse: true},
			"how many stores with unknown revenue": {refuse: true},
		}},
		{"distinct said as 'without repeats'", map[string]want{
			"quantos cliente cumpraram lá no cambuí na semana passada sem contar repetido": {measures: []string{"buyers"}, filters: []string{"store_code"}, sql: []string{"count(DISTINCT v.customer_id)"}},
			"quantos clientes compraram em maio, sem repetir":                              {measures: []string{"buyers"}, sql: []string{"count(DISTINCT v.customer_id)"}},
			"how many customers bought in May without counting duplicates":                 {measures: []string{"buyers"}, sql: []string{"count(DISTINCT v.customer_id)"}},
			"how many shoppers in May, each counted once":                                  {measures: []string{"buyers"}, sql: []string{"count(DISTINCT v.customer_id)"}},
		}},
		{"places left out: except, outside, other than, menos after the whole chain", map[string]want{
			"faturamento de todas as lojas menos a Centro em maio":                                      {measures: []string{"revenue"}, sql: []string{"NOT (v.store_code = 'L01')"}},
			"vendas da rede toda menos Centro e Batel no mês passado":                                   {measures: []string{"sales_count"}, sql: []string{"NOT (v.store_code IN ('L01', 'L06'))"}},
			"quantos clientes compraram em maio em todas as lojas menos no Cambuí":                      {measures: []string{"buyers"}, sql: []string{"NOT (v.store_code = 'L03')"}},
			"How many distinct customers bought at our stores outside the city of Sao Paulo last month": {measures: []string{"buyers"}, sql: []string{"NOT (translate(lower(s.city)"}},
			"revenue outside of Rio de Janeiro in May":                                                  {measures: []string{"revenue"}, sql: []string{"NOT (translate(lower(s.city)"}},
			"revenue in May at stores other than Centro":                                                {measures: []string{"revenue"}, sql: []string{"NOT (v.store_code = 'L01')"}},
			"revenue in May excluding pix and cash":                                                     {measures: []string{"revenue"}, sql: []string{"NOT (v.payment_type IN ('pix', 'cash'))"}},
			"faturamento de maio sem pix e dinheiro":                                                    {measures: []string{"revenue"}, sql: []string{"NOT (v.payment_type IN ('pix', 'cash'))"}},
			// "no" is "em o" in Portuguese: values compared, never left out
			"tkt medio no pix vs cartao de credito nesse trimestre": {sql: []string{"v.payment_type IN ('pix', 'credit_card')"}},
			"vendas no pix e no dinheiro em maio":                   {sql: []string{"v.payment_type IN ('pix', 'cash')"}},
			"faturamento de maio exceto na loja Savassi":            {measures: []string{"revenue"}, sql: []string{"NOT (v.store_code = 'L05')"}},
			// "menos" anywhere else ranks: the least of the Rio stores, never "not Rio"
			"qual loja vendeu menos no Rio de Janeiro": {limit: 1, sql: []string{"= 'rio de janeiro'"}},
			"qual loja vendeu menos a Centro":          {limit: 1, sql: []string{"v.store_code = 'L01'"}},
			"faturamento de maio menos a Centro":       {refuse: true},
		}},
	})
}
