package grammar

import "testing"

// The fifth round's wordy classes (wordy.go): a clause that introduces the question at a
// colon or a dash, the period such a clause alone names, and time relations of the
// context. Paraphrases written for these tests, in both languages, not taken from an
// evaluation set.

// TestIntroducedQuestion: the words before a colon or a dash that introduce a question
// are left out and named, even when they hold concepts or a relation to an event.
func TestIntroducedQuestion(t *testing.T) {
	runContext(t, []contextCase{
		{"Tô fechando uns números com a coordenação e preciso de um dado rápido: quantos clientes se cadastraram pelo totem em abril?", want{measures: []string{"customers"}, period: "2025-04-01", sql: []string{"'TOTEM'"}}, 1},
		{"Me ligaram da loja Batel hoje cedo e eu fiquei de retornar depois do almoço: em maio, quantas vendas a Batel teve?", want{measures: []string{"sales_count"}, period: "2025-05-01", sql: []string{"'L06'"}}, 1},
		{"I spoke with a customer earlier and got curious - how many customers bought at both Centro and Ibirapuera?", want{measures: []string{"customers"}, sql: []string{"'L01'", "'L02'"}}, 1},
		{"Quick one before I head out to talk to the team: what was the average ticket at Savassi in Q1?", want{measures: []string{"average_ticket"}, period: "2025-01-01", sql: []string{"'L05'"}}, 1},
		{"uma dúvida que surgiu depois de uma ligação: qtos resgates pendentes temos?", want{measures: []string{"redemptions"}, sql: []string{"'pending'"}}, 1},
	})
}

// TestIntroducedPeriod: a period named only in the clause that introduces the question
// is the question's; two periods, or a dimension the question is about, are not left out.
func TestIntroducedPeriod(t *testing.T) {
	runContext(t, []contextCase{
		{"My manager wants a short recap of last year: how many points were redeemed?", want{measures: []string{"points_redeemed"}, period: "interval '1 year'"}, 1},
		{"Pro fechamento de março de 2024: quanto a Savassi faturou?", want{measures: []string{"revenue"}, period: "2024-03-01", sql: []string{"'L05'"}}, 1},
		{"Estou revisando o resumo do mês passado - quantos clientes novos tivemos?", want{measures: []string{"customers"}, period: "interval '1 month'"}, 1},
		// the question's own period wins over a day the writer will send it
		{"Outra coisa que a diretoria pediu pra amanhã: quantas vendas tivemos neste trimestre?", want{measures: []string{"sales_count"}, period: "quarter"}, 1},
	})
	runContext(t, []contextCase{
		{"Tenho o resumo de março e o do ano passado pra fechar: quantos clientes compraram?", want{refuse: true}, 0},
		{"Working on the March recap and on last year's summary: how many customers signed up?", want{refuse: true}, 0},
		{"origem dos cadastros: quantos clientes em cada uma?", want{refuse: true}, 0},
		// a breakdown in a statement clause is the question's: never left out
		// ... and kept when the ask says it: the clause before the writer's request is background (before17)
		{"I'm updating the ops slides and I need to know, for each one of our stores, how many sales we had in May", want{measures: []string{"sales_count"}, dims: []string{"store"}}, 1},
		{"Tô montando a planilha e preciso saber, pra cada uma das lojas, quantas vendas tivemos em maio", want{measures: []string{"sales_count"}, dims: []string{"store"}}, 1},
	})
}

// TestContextTimeRelations: a time relation of a clause left out restricts the report only
// when it relates to a time ("before May"); one to an event ("before I call her back") is
// the context's.
func TestContextTimeRelations(t *testing.T) {
	runContext(t, []contextCase{
		{"Fiquei curioso depois de uma conversa com a gerente: quantos clientes ativos temos?", want{measures: []string{"customers"}, filters: []string{"active_active"}}, 1},
		{"I want to double-check this before I call the Batel manager back: how many sales did Batel have yesterday?", want{measures: []string{"sales_count"}, period: "interval '1 day'", sql: []string{"'L06'"}}, 1},
		{"One of the managers asked me this morning how many customers are inactive.", want{measures: []string{"customers"}}, 1},
	})
	runContext(t, []contextCase{
		{"Preciso disso antes de maio acabar: quantas vendas tivemos?", want{refuse: true}, 0},
		{"I need it by Friday: how many customers signed up?", want{refuse: true}, 0},
	})
}

// TestDeclinedBreakdown: a clause asking for one total, declining a breakdown, is left out
// when the question has none; it contradicts one that has, and any other constraint in it
// still refuses.
func TestDeclinedBreakdown(t *testing.T) {
	runContext(t, []contextCase{
		{"Quantos resgates tivemos em abril? Só o total, não precisa separar por loja.", want{measures: []string{"redemptions"}, dims: []string{}, period: "2025-04-01"}, 1},
		{"qtas vendas no pix em maio? nao precisa dividir por loja, so o numero", want{measures: []string{"sales_count"}, dims: []string{}, sql: []string{"'pix'"}}, 1},
		{"How many customers signed up last week? Just the total, no need to break it down by store.", want{measures: []string{"customers"}, dims: []string{}, period: "week"}, 1},
		{"What was the revenue at Batel in March - just one number, no need to split it by payment method", want{measures: []string{"revenue"}, dims: []string{}, sql: []string{"'L06'"}}, 1},
	})
	runContext(t, []contextCase{
		{"Quantos resgates por loja tivemos em abril? Só o total, não precisa separar por loja.", want{refuse: true}, 0},
		{"Revenue by month this year? Just the total, no need to split it.", want{refuse: true}, 0},
		{"Quantas vendas em maio? Não precisa separar por loja, só as do pix.", want{refuse: true}, 0},
		{"How many customers signed up in May? Just the total, no need to break it down by store, only the app ones.", want{refuse: true}, 0},
	})
}

// TestOnlyClarification: "only" and a flag after the question, in its clause or its own
// sentence, narrows it; named values are not narrowed this way.
func TestOnlyClarification(t *testing.T) {
	runContext(t, []contextCase{
		{"how many customers have a birthday in August, counting only active customers?", want{measures: []string{"customers"}, sql: []string{"c.is_active", "= 8"}}, 0},
		{"quantos clientes fazem aniversário em agosto? só os ativos", want{measures: []string{"customers"}, sql: []string{"c.is_active", "= 8"}}, 0},
		{"qts clientes se cadastraram em abril, considerando apenas os ativos", want{measures: []string{"customers"}, period: "2025-04-01", sql: []string{"c.is_active"}}, 0},
		{"How many redemptions in April? Only the pending ones.", want{measures: []string{"redemptions"}, sql: []string{"'pending'"}}, 0},
	})
	runContext(t, []contextCase{
		{"faturamento no pix e no crédito só no pix", want{refuse: true}, 0},
	})
}

// TestRequestWithRelative: a later request sentence runs to its end when the words after
// its comma hold a word the model does not know ("que o resto eu puxo no sistema"); "no"
// there is a preposition, not a negation.
func TestRequestWithRelative(t *testing.T) {
	runContext(t, []contextCase{
		{"Quais clientes compraram em março? Me passa os nomes, por favor, que o restante eu levanto no sistema.", want{list: true, sql: []string{"2025-03-01"}}, 1},
		{"Quais clientes se cadastraram pelo app em abril? Manda a lista, que depois eu confiro no painel.", want{list: true, sql: []string{"2025-04-01", "'APP'"}}, 1},
	})
}

// TestEachOneOf: "for each one of our stores", "pra cada uma das lojas" break the question
// down, never skipped as words around the subject.
func TestEachOneOf(t *testing.T) {
	runContext(t, []contextCase{
		{"for each one of our stores, how many sales were made in April", want{measures: []string{"sales_count"}, dims: []string{"store"}, period: "2025-04-01"}, 0},
		{"how many customers signed up at each of the stores last month?", want{measures: []string{"customers"}, dims: []string{"signup_store"}}, 0}, // where they signed up (CONVENTIONS.md)
		{"em cada uma das lojas, quanto faturamos em abril?", want{measures: []string{"revenue"}, dims: []string{"store"}, period: "2025-04-01"}, 0},
	})
}
