package grammar

import (
	"strings"
	"testing"
	"time"
)

// The fifth round's context classes (statements.go, among.go, combined.go): context
// around the question that names concepts, and references back to it. Paraphrases
// written for these tests, in both languages, not taken from an evaluation set.

// TestStatementClauses: a first- or third-person statement, a purpose clause, who asked or
// the work the answer is for is left out and named, even when it names concepts; the
// question around it is answered.
func TestStatementClauses(t *testing.T) {
	runContext(t, []contextCase{
		{"Quantos clientes ativos temos hoje? Vou montar uma campanha de reativação", want{measures: []string{"customers"}, filters: []string{"active_active"}}, 1},
		{"Quanto a Savassi faturou em abril? pq quero comparar com a meta", want{measures: []string{"revenue"}, period: "2025-04-01", sql: []string{"'L05'"}}, 1},
		{"We're putting together the quarterly review. What was the average ticket at Copacabana in Q1?", want{measures: []string{"average_ticket"}, period: "2025-01-01", sql: []string{"'L04'"}}, 1},
		{"How many customers signed up through the app in May? I'm writing the monthly summary for the team.", want{measures: []string{"customers"}, period: "2025-05-01", sql: []string{"'APP'"}}, 1},
		{"revenue by store last month, so I can update the board deck", want{measures: []string{"revenue"}, dims: []string{"store"}, period: "interval '1 month'"}, 1},
		{"Preciso do total de pontos resgatados em maio, a coordenadora me pediu", want{measures: []string{"points_redeemed"}, period: "2025-05-01"}, 1},
		{"A colleague from finance asked me for this: how many redemptions were pending last week?", want{measures: []string{"redemptions"}, sql: []string{"'pending'"}}, 1},
		// the modifiers of a work noun are the work's: "de segunda" is no weekday filter
		{"Qual o faturamento da Savassi em maio? Quero levar os números pra reunião de segunda.", want{measures: []string{"revenue"}, filters: []string{"store_code"}, period: "2025-05-01"}, 1},
		{"How many sales did Batel have last week? I need it for the Monday meeting.", want{measures: []string{"sales_count"}, period: "week"}, 1},
		{"Hello, we're planning a small gift for our best customers. Could you give me the five customers with the highest balance?", want{limit: 5, list: true, sql: []string{"points_balance"}}, 1},
		{"Would you be able to tell me how many sales we had yesterday?", want{measures: []string{"sales_count"}, period: "interval '1 day'"}, 0},
	})
}

// TestStatementMisfires: a word of the context never changes the question: a future verb
// is no forecast, a complaint or a deleted account no data change, a gift no subject.
func TestStatementMisfires(t *testing.T) {
	runContext(t, []contextCase{
		{"Quantas vendas tivemos ontem? Acho que amanhã vai ser mais movimentado", want{measures: []string{"sales_count"}, period: "interval '1 day'"}, 1},
		{"Quantos resgates foram cancelados em maio? Estou revisando umas reclamações sobre resgates cancelados", want{measures: []string{"redemptions"}, sql: []string{"'cancelled'"}}, 1},
		{"We're preparing a welcome gift for new members. How many customers signed up last week?", want{measures: []string{"customers"}, period: "week"}, 1},
		{"I'm following up on complaints about deleted accounts. How many customers are inactive?", want{measures: []string{"customers"}}, 1},
	})
}

// TestStatementBinds: a store named in a self-introduction binds "a gente", "we", "there",
// "lá" to it when the question names none; a store of the question wins.
func TestStatementBinds(t *testing.T) {
	runContext(t, []contextCase{
		{"Oi, sou supervisor da Savassi. Quanto a gente vendeu ontem?", want{measures: []string{"revenue"}, sql: []string{"'L05'"}}, 1},
		{"Sou gerente da loja Batel. Quantas vendas a gente fez em maio?", want{measures: []string{"sales_count"}, period: "2025-05-01", sql: []string{"'L06'"}}, 1},
		{"I'm the manager of the Batel store. How many customers bought there last month?", want{sql: []string{"v.store_code = 'L06'"}}, 1},
		{"To cobrindo a loja Copacabana essa semana, quantas vendas tivemos lá ontem?", want{measures: []string{"sales_count"}, sql: []string{"'L04'"}}, 1},
	})
	it := New(func() time.Time { return clock }, saoPaulo)
	res, err := it.Interpret("Sou da loja Centro. Qual o faturamento da Batel em maio?", testCatalog)
	if err != nil || !strings.Contains(res.SQL, "'L06'") || strings.Contains(res.SQL, "'L01'") {
		t.Errorf("the question's own store wins: %v %v", res, err)
	}
}

// TestStatementKeepsMeaning: a statement that restricts the question, a meaningful word in
// the question itself, or a question pointing back to its context is refused, never
// answered without it.
func TestStatementKeepsMeaning(t *testing.T) {
	runContext(t, []contextCase{
		{"Quantas vendas em maio? Vou precisar só das canceladas", want{refuse: true}, 0},
		{"How many customers signed up in May? I'm only interested in the ones from the app.", want{refuse: true}, 0},
		{"How many customers signed up in May? I am only interested in those over 30.", want{refuse: true}, 0},
		{"Quantas vendas em maio? acho que por loja seria melhor", want{refuse: true}, 0},
		{"How many sales in May? I think by store would be better", want{refuse: true}, 0},
		{"Sou gerente da Batel. Quanto a gente faturou de lucro em maio?", want{refuse: true}, 0},
		{"We'd like to send a gift to customers with a birthday in July. How many customers would that be?", want{refuse: true}, 0},
		{"Quero mandar um brinde pros aniversariantes de julho. Quantos clientes seriam?", want{refuse: true}, 0},
	})
}

// TestAmongClasses: a second count among the rows of the first is a column beside it.
func TestAmongClasses(t *testing.T) {
	runClasses(t, []classCases{
		{"a count among the rows counted before", map[string]want{
			"Quantos clientes se cadastraram em maio e quantos desses aceitam SMS?":     {sql: []string{"count(*) AS clientes", "count(*) FILTER (WHERE c.sms_optin)"}},
			"how many sales in May, and of those how many were paid with pix":           {sql: []string{"count(*) FILTER (WHERE v.payment_type = 'pix')"}, period: "2025-05-01"},
			"Quantos resgates tivemos em abril? Dentre esses, quantos estão pendentes?": {sql: []string{"count(*) FILTER (WHERE r.status = 'pending')"}, period: "2025-04-01"},
			"how many customers do we have? of those how many are active":               {sql: []string{"count(*) FILTER (WHERE c.is_active)"}},
		}},
		{"rows the first count does not count are refused", map[string]want{
			"how many redemptions in April and how many of those were cancelled": {refuse: true},
			"quantas vendas em maio e quantas dessas foram canceladas":           {refuse: true},
		}},
	})
}

// TestSummedMembers: members with a sum beside them are one total, not a row each.
func TestSummedMembers(t *testing.T) {
	runClasses(t, []classCases{
		{"members summed", map[string]want{
			"faturamento mensal somando Centro e Ibirapuera no primeiro trimestre": {measures: []string{"revenue"}, dims: []string{"month"}, sql: []string{"'L01', 'L02'"}},
			"revenue by month for Savassi and Batel combined in 2024":              {measures: []string{"revenue"}, dims: []string{"month"}, sql: []string{"'L05', 'L06'"}},
			"faturamento por mês da Centro e da Batel somados em 2024":             {measures: []string{"revenue"}, dims: []string{"month"}},
		}},
		{"members compared", map[string]want{
			"faturamento mensal de Centro e Ibirapuera no primeiro trimestre": {dims: []string{"month", "store"}},
		}},
	})
}

// TestCustomersWhoAct: customers named beside a group and a measure of another fact are
// who acts, not a breakdown.
func TestCustomersWhoAct(t *testing.T) {
	runClasses(t, []classCases{
		{"customers who act", map[string]want{
			"In Copacabana which payment type the clients use more? in number of sales I mean": {dims: []string{"payment_type"}, sql: []string{"'L04'"}},
			"qual forma de pagamento os clientes mais usam na Savassi, em número de vendas":    {dims: []string{"payment_type"}, sql: []string{"'L05'"}},
			"which payment type do our customers use the most, in number of purchases":         {dims: []string{"payment_type"}},
			"the three rewards customers redeemed the most in the last 90 days":                {dims: []string{"product"}, limit: 3},
			"the 2 products clients redeemed most this year":                                   {dims: []string{"product"}, limit: 2},
		}},
	})
}
