package grammar

import (
	"testing"
	"time"
)

// The fourth round's discourse classes: the context people wrap a question in, and the
// words analysts use for the model's concepts. Paraphrases written for these tests, in
// both languages, with the cases that must still be refused or must keep their meaning.

type contextCase struct {
	q       string
	w       want
	context int // sentences left out as context
}

func runContext(t *testing.T, cases []contextCase) {
	t.Helper()
	it := New(func() time.Time { return clock }, saoPaulo)
	for _, c := range cases {
		check(t, it, c.q, c.w)
		if c.w.refuse || c.w.clarify {
			continue
		}
		res, err := it.Interpret(c.q, testCatalog)
		if err != nil {
			continue // reported by check
		}
		if len(res.Context) != c.context {
			t.Errorf("%q: left out %q as context, want %d sentences", c.q, res.Context, c.context)
		}
	}
}

// TestContextSentences: a sentence of greetings, courtesy, requests, who asked and what
// for, with no concept, is left out and named; the question around it is answered.
func TestContextSentences(t *testing.T) {
	runContext(t, []contextCase{
		{"Oi, tudo bem? Quantos clientes ativos temos hoje?", want{measures: []string{"customers"}, filters: []string{"active_active"}}, 1},
		{"Bom dia, pessoal! Preciso do faturamento por loja do mês passado.", want{measures: []string{"revenue"}, dims: []string{"store"}, period: "interval '1 month'"}, 1},
		{"A diretoria pediu esse levantamento pra gente. Quantas vendas tivemos em maio?", want{measures: []string{"sales_count"}, period: "2025-05-01"}, 1},
		{"Quantos resgates foram feitos em abril? Valeu, abraço!", want{measures: []string{"redemptions"}, period: "2025-04-01"}, 1},
		{"Desculpa incomodar de novo. Qual o ticket médio da loja Centro este ano?", want{measures: []string{"average_ticket"}, sql: []string{"'L01'"}}, 1},
		{"Estou montando uns slides pra reunião do comercial; qual foi o faturamento de 2024?", want{measures: []string{"revenue"}, period: "2024-01-01"}, 1},
		{"Hi team! How many customers signed up last week?", want{measures: []string{"customers"}, period: "week"}, 1},
		{"I'm preparing a deck for the board meeting. What was the revenue by city in 2024?", want{measures: []string{"revenue"}, dims: []string{"city"}, period: "2024-01-01"}, 1},
		{"Sorry to bother you again. How many redemptions were there yesterday?", want{measures: []string{"redemptions"}, period: "interval '1 day'"}, 1},
		{"My manager asked me to check this - how many active customers do we have? Thanks in advance!", want{measures: []string{"customers"}, filters: []string{"active_active"}}, 2},
		{"Quick question: average ticket at Savassi last month?", want{measures: []string{"average_ticket"}, sql: []string{"'L05'"}}, 1},
		// a greeting names the reader: the name goes with it, never a customer filter
		{"Oi Ana Paula! Faturamento de maio?", want{measures: []string{"revenue"}, filters: []string{}, period: "2025-05-01"}, 1},
		{"Good morning Carlos. Revenue by store last month?", want{measures: []string{"revenue"}, filters: []string{}, dims: []string{"store"}}, 1},
		// a closing signs: the name after it is the writer's, not a customer's
		{"Quantos clientes ativos temos? Att, Ana Souza", want{measures: []string{"customers"}, filters: []string{"active_active"}}, 1},
		{"How many customers signed up in May? Kind regards, Bob", want{measures: []string{"customers"}, period: "2025-05-01"}, 1},
		// discourse words inside the sentence that asks are skipped as before
		{"oi, vc consegue me dizer quantos clientes ativos temos por favor", want{measures: []string{"customers"}, filters: []string{"active_active"}}, 0},
		{"vixe, e ontem quanto a rede toda vendeu", want{measures: []string{"revenue"}, period: "interval '1 day'"}, 0},
		{"hey could you pull the revenue by store for May, if possible", want{measures: []string{"revenue"}, dims: []string{"store"}, period: "2025-05-01"}, 0},
	})
}

// TestContextNeverDropsMeaning: a sentence holding a concept, a negation or restriction,
// a name, or a work noun with a period is never taken for context.
func TestContextNeverDropsMeaning(t *testing.T) {
	runContext(t, []contextCase{
		{"How many customers do we have? Don't count Maria.", want{refuse: true}, 0},
		{"Quantos clientes temos? Sem contar a Maria.", want{refuse: true}, 0},
		{"Quantos clientes temos? Tirando o João, por favor.", want{refuse: true}, 0},
		{"Quantos clientes temos? Ignora os da Maria.", want{refuse: true}, 0},
		{"How many customers do we have? Leave out Maria, thanks.", want{refuse: true}, 0},
		{"How many customers do we have? Please ignore Pedro.", want{refuse: true}, 0},
		{"How many sales in May? My boss Maria asked.", want{refuse: true}, 0},
		{"Vendas da loja Centro em maio. Norte também, por favor.", want{refuse: true}, 0},
		// a constraint in its own sentence is part of the question
		{"Quantos resgates em maio? Só os que valem, sem contar os cancelados.", want{refuse: true}, 0},
		// leaving the cancelled sales out restates their counting rule (a negated flag read by
		// the grammar), so the sentence is a constraint the reading uses, not context
		{"Quantas vendas em maio? Sem as canceladas, por favor.", want{measures: []string{"sales_count"}, period: "2025-05-01", sql: []string{"cancelled_at IS NULL"}}, 0},
		// "only" and a flag in its own sentence narrows the question (wordy.go)
		{"Quantas vendas em maio? Só as canceladas, por favor.", want{measures: []string{"sales_count"}, period: "2025-05-01", sql: []string{"cancelled_at IS NOT NULL"}}, 0},
		{"How many customers? Only the active ones, please.", want{measures: []string{"customers"}, filters: []string{"active_active"}}, 0},
		{"Revenue by store. Each month, please.", want{measures: []string{"revenue"}, dims: []string{"store", "month"}}, 0},
		// a work noun takes modifiers: never skipped in the sentence that asks
		{"Pra reunião de sexta, quantos clientes se cadastraram pelo app?", want{refuse: true}, 0},
		{"For the Monday meeting, how many sales last week?", want{refuse: true}, 0},
		{"How many sales last month? The boss needs it by Friday.", want{refuse: true}, 0},
		// one unknown word with courtesy is an instruction the model lacks, not context
		{"Faturamento de maio. Líquido, por favor.", want{refuse: true}, 0},
		{"Revenue for May. Cumulative, please.", want{refuse: true}, 0},
		// a closing inside the sentence that asks is not skipped: its name would be read
		{"Quantos clientes temos, att Ana Souza", want{refuse: true}, 0},
		// the reader's name in the sentence that asks is never read as a customer's
		{"Oi Ana Paula, faturamento de maio", want{refuse: true}, 0},
		{"Hi Carlos Lima, revenue for May?", want{refuse: true}, 0},
		// someone else's request in the sentence that asks: the name is the requester's
		{"A Maria Souza pediu o faturamento de maio", want{refuse: true}, 0},
		{"Carlos Lima wants the revenue for May", want{refuse: true}, 0},
		// a question that is all context is refused, not answered with nothing
		{"Oi, tudo bem? Obrigado!", want{refuse: true}, 0},
	})
}

// TestBusinessVocabulary: the words of finance, marketing, operations and store floors
// for the model's measures, dimensions, filters and periods.
func TestBusinessVocabulary(t *testing.T) {
	runClasses(t, []classCases{
		{"revenue in the words of finance and the floor", map[string]want{
			"quanto entrou em caixa em maio":                {measures: []string{"revenue"}, period: "2025-05-01"},
			"faturamento bruto da loja Batel em 2024":       {measures: []string{"revenue"}, sql: []string{"'L06'"}, period: "2024-01-01"},
			"how much did Savassi bill last month":          {measures: []string{"revenue"}, sql: []string{"'L05'"}},
			"gross takings by city this year":               {measures: []string{"revenue"}, dims: []string{"city"}},
			"how much did the whole chain bring in in 2024": {measures: []string{"revenue"}, filters: []string{}, period: "2024-01-01"},
			"quanto a rede toda faturou ontem":              {measures: []string{"revenue"}, filters: []string{}, period: "interval '1 day'"},
		}},
		{"fiscal year is the calendar year", map[string]want{
			"faturamento do exercício de 2024":      {measures: []string{"revenue"}, period: "2024-01-01"},
			"revenue for fiscal year 2024":          {measures: []string{"revenue"}, period: "2024-01-01"},
			"vendas no ano fiscal de 2024 por loja": {measures: []string{"sales_count"}, dims: []string{"store"}, period: "2024-01-01"},
		}},
		{"average ticket and spend per head", map[string]want{
			"TM por loja no mês passado":        {measures: []string{"average_ticket"}, dims: []string{"store"}},
			"avg order value by payment method": {measures: []string{"average_ticket"}, dims: []string{"payment_type"}},
			"spend per head this year":          {measures: []string{"revenue_per_buyer"}},
			"valor médio das compras em abril":  {measures: []string{"average_ticket"}, period: "2025-04-01"},
		}},
		{"payment abbreviations", map[string]want{
			"median ticket by pmt type this qtr": {dims: []string{"payment_type"}},
			"vendas por forma de pgto em maio":   {measures: []string{"sales_count"}, dims: []string{"payment_type"}},
		}},
		{"outstanding points", map[string]want{
			"unredeemed points by store":                  {measures: []string{"balance_total"}, dims: []string{"store"}},
			"quantos pontos a resgatar temos na base":     {measures: []string{"balance_total"}},
			"total points outstanding for active members": {measures: []string{"balance_total"}, filters: []string{"active_active"}},
		}},
		{"sign-ups as acquisition and adhesion", map[string]want{
			"new member acquisition by sign-up channel this year":  {measures: []string{"customers"}, dims: []string{"origin"}},
			"quantas adesões tivemos em maio":                      {measures: []string{"customers"}, period: "2025-05-01"},
			"customer acquisition by registration channel in 2024": {measures: []string{"customers"}, dims: []string{"origin"}, period: "2024-01-01"},
		}},
		{"new customers in informal forms, new after the noun", map[string]want{
			"qtd de cli novo essa semana":                     {measures: []string{"customers"}, period: "week"},
			"clientes novos por loja de cadastro em 2025":     {measures: []string{"customers"}, dims: []string{"signup_store"}, period: "2025-01-01"},
			"quantos clientes novos vieram pelo app este mês": {measures: []string{"customers"}, period: "month"},
		}},
		{"breakdown verbs and period introducers", map[string]want{
			"faturamento discriminado por cidade referente ao primeiro trimestre de 2025": {measures: []string{"revenue"}, dims: []string{"city"}, period: "2025-01-01"},
			"revenue itemized by store for the period of April 2025":                      {measures: []string{"revenue"}, dims: []string{"store"}, period: "2025-04-01"},
			"quantos resgates de 1º de maio pra cá":                                       {measures: []string{"redemptions"}, period: "2025-05-01"},
		}},
		{"filters in everyday words", map[string]want{
			"quantos clientes fazem anos em julho":            {measures: []string{"customers"}, sql: []string{"extract(month FROM c.birth_date) = 7"}},
			"customers celebrating their birthday this month": {measures: []string{"customers"}, sql: []string{"extract(month FROM c.birth_date)"}},
			"quantos clientes usam nosso app":                 {measures: []string{"customers"}, sql: []string{"c.app_user"}},
			"resgates em andamento por loja":                  {measures: []string{"redemptions"}, dims: []string{"store"}, sql: []string{"r.status = 'pending'"}},
			"void sales in May":                               {sql: []string{"cancelled_at IS NOT NULL"}, period: "2025-05-01"},
			"how many accounts redeemed points last month":    {measures: []string{"redeemers"}},
			"promoções em andamento":                          {refuse: true}, // pending is a redemption status, not a promotion's
		}},
		{"list verbs", map[string]want{
			"relacione os clientes inativos": {list: true},
			"me mostra os clientes inativos": {list: true},
		}},
		{"ambiguous words stay out: a count of invoices is not revenue", map[string]want{
			"quantas faturas em maio": {refuse: true},
		}},
	})
}
