package grammar

import (
	"testing"
	"time"
)

// TestSpecPhrasingClasses reads the seventh round's spreadsheet and spec phrasing (issue
// 24, h-spec): several voices in both languages, with near-misses that must still refuse.
func TestSpecPhrasingClasses(t *testing.T) {
	it := New(func() time.Time { return clock }, saoPaulo)
	never := "NOT EXISTS (SELECT 1 FROM reporting.customer_purchases x WHERE x.customer_id = c.id)"
	q1 := "x.transaction_date >= DATE '2025-01-01' AND x.transaction_date < DATE '2025-04-01') >= 2"
	may := "x.transaction_date >= DATE '2025-05-01' AND x.transaction_date < DATE '2025-06-01') >= "
	for q, w := range map[string]want{
		// not yet = never since: a sign-up cohort that has not bought; Portuguese negative
		// concord ("não ... nenhuma") is one negation
		"quantos clientes que se cadastraram em 2025 ainda não fizeram nenhuma compra?":          {measures: []string{"customers"}, sql: []string{never, "c.created_at >= DATE '2025-01-01'"}},
		"clientes cadastrados nos últimos 90 dias que não fizeram nenhuma compra ainda":          {measures: []string{"customers"}, sql: []string{never, "c.created_at >= date_trunc('day', now()) - interval '89 days'"}},
		"cadastros de março que nunca fizeram nenhuma compra":                                    {sql: []string{never, "c.created_at >= DATE '2025-03-01'"}},
		"how many customers joined in 2025 and still haven't made a purchase":                    {measures: []string{"customers"}, sql: []string{never, "c.created_at >= DATE '2025-01-01'"}},
		"customers who signed up in the last 3 months and have yet to buy":                       {measures: []string{"customers"}, sql: []string{never, "c.created_at >= date_trunc('month', now()) - interval '2 months'"}},
		"number of customers that registered in April and are yet to make their first purchase?": {refuse: true}, // "first purchase" is not read with "yet to": never answered without the negation
		// a repeat within the cohort's own period: the definite period restates it where
		// it stands
		"dos clientes que compraram no primeiro trimestre, quantos % fizeram duas ou mais compras dentro do próprio trimestre?": {sql: []string{q1}},
		"Dos compradores de maio, qual percentual fez 3 compras ou mais no mesmo mês?":                                          {sql: []string{may + "3"}},
		"of the customers who bought in Q1, what share made 2 or more purchases within the same quarter?":                       {sql: []string{q1}},
		"Of May's buyers, how many made at least 2 purchases in that month?":                                                    {sql: []string{may + "2"}},
		"dos clientes que compraram em maio, quantos fizeram 2 compras ou mais naquele trimestre":                               {refuse: true}, // no quarter was named

		// filter specs: "filtrando", "filtered to", "only" before or after one named value
		"Ticket médio por UF de 01/05/2025 a 31/05/2025, filtrando só vendas no dinheiro": {measures: []string{"average_ticket"}, sql: []string{"v.payment_type = 'cash'"}},
		"faturamento por loja no mês passado, considerando apenas pagamento no pix":       {sql: []string{"v.payment_type = 'pix'"}},
		"vendas de abril por forma de pagamento, só pix":                                  {sql: []string{"v.payment_type = 'pix'"}},
		"average ticket per store last month, filtered to debit card payments":            {sql: []string{"v.payment_type = 'debit_card'"}},
		"number of sales in April at Savassi only":                                        {sql: []string{"v.store_code = 'L05'"}},
		"revenue in May, cash only":                                                       {sql: []string{"v.payment_type = 'cash'"}},
		"vendas em dinheiro em maio":                                                      {measures: []string{"sales_count"}, sql: []string{"v.payment_type = 'cash'"}},
		"vendas no pix e no crédito só no pix":                                            {refuse: true}, // two values: which one?
		"how many customers bought only at Batel":                                         {refuse: true}, // bought there and nowhere else: not read
		// every status: the base of a share, or the rows counted
		"Dos resgates criados em 2025, independente do status, qual o % que expirou?": {sql: []string{"FILTER (WHERE r.status = 'expired')"}, filters: []string{"any_status"}},
		"of all redemptions made in 2025, regardless of status, what share expired?":  {sql: []string{"FILTER (WHERE r.status = 'expired')"}, filters: []string{"any_status"}},
		"quantos resgates tivemos em abril, independentemente do status":              {measures: []string{"redemptions"}, filters: []string{"any_status"}},
		"resgates expirados em 2025, independente do status":                          {refuse: true},
		// rows left out for a missing detail: the default of an age figure, said and kept
		"Clientes por faixa de idade: até 29, 30 a 49, 50+. Desconsiderar quem não tem data de nascimento.": {sql: []string{"c.birth_date IS NOT NULL"}},
		"average customer age, leaving out those without a birth date":                                      {sql: []string{"c.birth_date IS NOT NULL"}},
		"quantos clientes têm e-mail cadastrado":                                                            {sql: []string{"c.email IS NOT NULL AND c.email <> ''"}},
		"how many customers don't have a phone number":                                                      {sql: []string{"c.phone IS NULL OR c.phone = ''"}},
		"how many customers have a birth date":                                                              {sql: []string{"c.birth_date IS NOT NULL"}},
		"quantas vendas tivemos em maio com telefone":                                                       {measures: []string{"sales_count"}, filters: []string{"present_phone"}}, // a detail beside a count: never dropped (read as the customers with a phone on file, h-subcount's flag)

		// column specs: the columns asked shape the answer
		"Crescimento % do ticket médio de abril/2025 em relação a abril/2024. Só o percentual.":                                               {measures: []string{"average_ticket_growth"}},
		"average ticket growth from March to April, just the %":                                                                               {measures: []string{"average_ticket_growth"}},
		"qual o percentual de clientes ativos? apenas o percentual":                                                                           {sql: []string{"FILTER (WHERE c.is_active)"}},
		"Qual a % de clientes com opt-in de e-mail e de SMS? As duas taxas numa linha só":                                                     {sql: []string{"c.email_optin", "c.sms_optin"}},
		"what share of customers accept email and sms? both rates in one row":                                                                 {sql: []string{"c.email_optin", "c.sms_optin"}},
		"Em 2025 até hoje, quero três colunas numa linha: total de pontos creditados, total de pontos debitados e total de pontos estornados": {measures: []string{"points_credited", "points_debited", "points_reversed"}},
		"Faturamento por loja em abril, com uma coluna de valor e outra de participação % sobre o total":                                      {sql: []string{"AS faturamento", "OVER ()"}},
		"revenue by payment type in Q1, one column for the amount and another with the % of total":                                            {sql: []string{"AS revenue", "OVER ()"}},
		"Contagem de vendas por mês em 2025. Coluna mês, coluna contagem.":                                                                    {dims: []string{"month"}},
		"Novos clientes por mês em 2024, uma linha por mês. Coluna mês e coluna quantidade.":                                                  {dims: []string{"month"}},
		"Contagem de vendas por loja em 2025. Coluna mês.":                                                                                    {refuse: true}, // a column the breakdown does not have

		// explicit formulas: a division of two measures is the model's ratio; a rate said as
		// its formula must be the rate asked
		"Compras por cliente em abril/2025: quantidade de vendas dividida pelo número de clientes que compraram":                         {measures: []string{"sales_per_buyer"}},
		"faturamento dividido pelo número de vendas em março":                                                                            {measures: []string{"average_ticket"}},
		"revenue divided by the number of buyers last month":                                                                             {measures: []string{"revenue_per_buyer"}},
		"revenue over number of sales in Q1":                                                                                             {measures: []string{"average_ticket"}},
		"taxa de cancelamento por loja em 2024 (cupons cancelados sobre o total de cupons emitidos)":                                     {sql: []string{"FILTER (WHERE v.cancelled_at IS NOT NULL)"}, dims: []string{"store"}},
		"cancellation rate by store in 2024 (cancelled sales divided by all sales)":                                                      {sql: []string{"FILTER (WHERE v.cancelled_at IS NOT NULL)"}, dims: []string{"store"}},
		"taxa de cancelamento em maio, calculada como cancelados ÷ total de cupons":                                                      {sql: []string{"FILTER (WHERE v.cancelled_at IS NOT NULL)"}},
		"taxa de cancelamento por loja em 2024, calculada como cupons cancelados sobre o total de cupons emitidos (cancelados inclusos)": {sql: []string{"FILTER (WHERE v.cancelled_at IS NOT NULL)"}, dims: []string{"store"}},
		"ticket médio em maio: número de vendas dividido pelo faturamento":                                                               {refuse: true}, // the division the model has no measure for
		"faturamento dividido pelo número de clientes cadastrados em maio":                                                               {refuse: true},
		"taxa de cancelamento em 2024 (vendas no pix ÷ total de vendas)":                                                                 {refuse: true}, // a formula of another rate
	} {
		check(t, it, q, w)
	}
}
