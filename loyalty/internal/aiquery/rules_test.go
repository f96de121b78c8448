package aiquery

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// fixedNow is the clock of rules tests: Saturday 15 March 2025, noon UTC.
func fixedNow() time.Time { return time.Date(2025, 3, 15, 12, 0, 0, 0, time.UTC) }

// testCatalog is what the service would read from a small programme's data.
var testCatalog = &semantic.Catalog{
	Stores:       []semantic.StoreRef{{Code: "S1", Name: "Loja Centro", City: "São Paulo", State: "SP"}, {Code: "S2", Name: "Loja Norte", City: "Recife", State: "PE"}},
	Products:     []string{"Café", "Bolo"},
	PaymentTypes: []string{"PIX", "credit_card", "cash"},
	Origins:      []string{"PDV", "APP"},
}

func generate(t *testing.T, g Generator, q string) (Generation, error) {
	t.Helper()
	return g.Generate(context.Background(), Ask{Question: q, Catalog: testCatalog})
}

// Every question of the catalogue is answered, in both languages, with SQL the guard
// accepts and an interpretation in the question's language.
func TestExamplesAreAnswered(t *testing.T) {
	g := NewRules(fixedNow, time.UTC)
	guard := NewGuard(100)
	if len(Examples()) < 40 {
		t.Fatalf("%d examples, want at least 40", len(Examples()))
	}
	seen := map[string]bool{}
	for _, ex := range Examples() {
		if seen[ex.ID] {
			t.Errorf("duplicate example id %s", ex.ID)
		}
		seen[ex.ID] = true
		for lang, q := range map[string]string{"pt": ex.PT, "en": ex.EN} {
			gen, err := generate(t, g, q)
			if err != nil {
				t.Errorf("%s %s %q: %v", ex.ID, lang, q, err)
				continue
			}
			if _, err := guard.Check(gen.Query); err != nil {
				t.Errorf("%s %q: the guard refuses the SQL: %v\n%s", ex.ID, q, err, gen.Query)
			}
			if gen.Source != SourceRules || gen.Interpretation == nil || gen.Interpretation.Language != lang || gen.Interpretation.Title == "" || gen.Interpretation.Measure == "" {
				t.Errorf("%s %q: generation %+v", ex.ID, q, gen)
			}
		}
	}
}

// The defects of issue 18, by class: every meaningful part of a question reaches the SQL
// (documents, names, negations, cancellations, breakdowns, numbers, the measure asked).
func TestRulesKeepEveryPartOfTheQuestion(t *testing.T) {
	g := NewRules(fixedNow, time.UTC)
	tests := []struct {
		question string
		want     []string // fragments of the SQL
		not      []string // must not appear
	}{
		// documents and names
		{"saldo do cliente com CPF 390.533.447-05", []string{"c.doc = '39053344705'", "c.points_balance"}, []string{"LIMIT 10"}},
		{"telefone e e-mail da cliente Mariana Castro", []string{"c.phone", "c.email", "name_fold('Mariana Castro')"}, []string{"count(*)"}},
		{"quanto a Ana Souza gastou este ano?", []string{"sum(v.value)", "name_fold('Ana Souza')"}, nil},
		{"what's the points balance of customer 12345678909?", []string{"c.doc = '12345678909'", "c.points_balance"}, nil},
		{"vendas da Loja Centro em outubro", []string{"v.store_code = 'S1'", "DATE '2024-10-01'"}, nil},
		// negation and cancellation
		{"vendas canceladas este mês", []string{"v.cancelled_at IS NOT NULL"}, []string{"v.cancelled_at IS NULL"}},
		{"customers who have never made a purchase", []string{"(SELECT count(*) FROM reporting.customers c) - (SELECT count(*) FROM reporting.customer_period_purchases x WHERE x.grain = 'A'"}, []string{"count(DISTINCT"}},
		{"quantos clientes não aceitam whatsapp?", []string{"NOT c.whatsapp_optin"}, nil},
		{"quantos clientes não usam o app", []string{"NOT c.app_user"}, nil},
		// breakdowns
		{"vendas por loja este mês", []string{"GROUP BY v.store_code", "s.name"}, nil},
		{"how many customers bought at each store", []string{"count(DISTINCT v.customer_id)", "GROUP BY v.store_code"}, nil},
		{"top 3 stores by revenue", []string{"sum(v.value)", "GROUP BY v.store_code", "LIMIT 3"}, nil},
		{"clientes por origem e gênero", []string{"GROUP BY c.origin, c.gender_identity"}, nil},
		// numbers
		{"quantos clientes estão há mais de 60 dias sem comprar", []string{"c.last_purchase < date_trunc('day', now()) - interval '59 days'"}, []string{"90"}},
		{"vendas nos últimos 15 dias", []string{"interval '14 days'"}, nil},
		{"quantos clientes têm mais de 1000 pontos", []string{"c.points_balance > 1000"}, nil},
		{"how many sales over R$100 in May", []string{"v.value > 100", "count(*)"}, nil},
		// the measure asked
		{"percentual de clientes que aceitam e-mail", []string{"round(100.0 * count(*) FILTER (WHERE c.email_optin)"}, []string{"SELECT count(*)"}},
		{"ticket médio este ano", []string{"AS ticket_medio"}, []string{"AS faturamento"}},
		{"number of purchases last week", []string{"AS sales"}, []string{"AS revenue"}},
		{"top 5 customers by number of purchases", []string{"AS sales", "ORDER BY 3 DESC", "LIMIT 5"}, []string{"sum(v.value)"}},
		{"quem mais gastou este ano?", []string{"c.name", "v.value AS faturamento", "cp.grain = 'Y' AND cp.period_start = (date_trunc('year', now()))::date", "LIMIT 1"}, nil},
		// revenue over the customers who bought: one row per customer from the summary
		// (docs/sizing.md), so they are counted as rows
		{"gasto médio por cliente", []string{"sum(v.value) / NULLIF(count(*), 0)", "reporting.customer_period_purchases"}, nil},
		// periods
		{"faturamento da semana passada", []string{"date_trunc('week', now()) - interval '1 week'"}, nil},
		{"vendas do último fim de semana", []string{"date_trunc('week', now()) - interval '2 days'", "v.transaction_date < date_trunc('week', now())"}, nil},
		{"faturamento do 1º trimestre", []string{"DATE '2025-01-01'", "DATE '2025-04-01'"}, nil},
		{"revenue in Q4 2024", []string{"DATE '2024-10-01'", "DATE '2025-01-01'"}, nil},
		{"faturamento de 01/03 a 10/03", []string{"DATE '2025-03-01'", "DATE '2025-03-11'"}, nil},
		{"vendas desde 01/02/2025", []string{"v.transaction_date >= DATE '2025-02-01'"}, nil},
		{"revenue year to date", []string{"date_trunc('year', now())"}, nil},
		// typos
		{"tiket medio do mes passado", []string{"AS ticket_medio"}, nil},
		{"number of purchses yesterday", []string{"AS sales"}, nil},
		{"cleints by store", []string{"GROUP BY c.store_code_owner"}, nil},
	}
	guard := NewGuard(100)
	for _, tt := range tests {
		t.Run(tt.question, func(t *testing.T) {
			gen, err := generate(t, g, tt.question)
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(gen.Query, w) {
					t.Errorf("SQL lacks %q:\n%s", w, gen.Query)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(gen.Query, w) {
					t.Errorf("SQL has %q:\n%s", w, gen.Query)
				}
			}
			if _, err := guard.Check(gen.Query); err != nil {
				t.Errorf("guard: %v\n%s", err, gen.Query)
			}
		})
	}
}

// A question with a word the interpretation does not use is refused, in the question's
// language, saying what was understood and not, with questions that work.
func TestRulesRefuseRatherThanSimplify(t *testing.T) {
	g := NewRules(fixedNow, time.UTC)
	tests := []struct {
		question string
		lang     string
		says     []string
	}{
		{"quantos clientes compraram frango?", "pt", []string{"Não entendi a pergunta por completo", "Não entendi: \"frango\"", "Perguntas parecidas que sei responder"}},
		{"vendas por vendedor este mês", "pt", []string{"Não entendi a pergunta por completo", "vendedor"}},
		{"how many customers like pizza", "en", []string{"I could not fully understand the question", "\"pizza\"", "Similar questions I can answer"}},
		{"qual o lucro da loja Centro?", "pt", []string{"lucro"}},
		{"pontos por loja", "pt", []string{"Não entendi a pergunta por completo", "Perguntas parecidas que sei responder"}},
		{"what is the weather in Lisbon?", "en", []string{"weather"}},
		{"   ", "", nil},
		{"vendas de 31/02/2024 a 01/03/2024", "pt", []string{"Não entendi: \"31/02/2024\""}},
	}
	for _, tt := range tests {
		_, err := generate(t, g, tt.question)
		var nu *NotUnderstood
		if !errors.As(err, &nu) {
			t.Errorf("%q: err = %v, want a refusal", tt.question, err)
			continue
		}
		if tt.lang != "" && nu.Lang != tt.lang {
			t.Errorf("%q: refusal in %q, want %q: %s", tt.question, nu.Lang, tt.lang, nu.Message)
		}
		for _, s := range tt.says {
			if !strings.Contains(nu.Message, s) {
				t.Errorf("%q: refusal lacks %q:\n%s", tt.question, s, nu.Message)
			}
		}
		if strings.Contains(nu.Message, ".md") || strings.Contains(nu.Message, "docs/") {
			t.Errorf("%q: refusal points into the repository: %s", tt.question, nu.Message)
		}
	}
}

// Requests to change data get an explicit refusal that no other generator may override.
func TestRulesRefuseWrites(t *testing.T) {
	g := NewRules(fixedNow, time.UTC)
	for _, q := range []string{
		"delete all customers", "apague os clientes inativos", "zere o saldo do cliente 390.533.447-05",
		"update the balance of customer 12345678909 to 5000", "drop the customers", "altere o email dos clientes",
		"cancele o resgate de ontem", "insira um cliente", "credite 100 pontos para o cliente 390.533.447-05",
		"reset the points of all customers",
	} {
		_, err := generate(t, g, q)
		var nu *NotUnderstood
		if !errors.As(err, &nu) || !nu.WriteIntent {
			t.Errorf("%q: err = %v, want a write-intent refusal", q, err)
			continue
		}
		want := "I cannot change data"
		if nu.Lang == "pt" {
			want = "Não posso alterar dados"
		}
		if !strings.Contains(nu.Message, want) {
			t.Errorf("%q: %s", q, nu.Message)
		}
	}
	// a report that merely asks to make one is a read
	if _, err := generate(t, g, "gere um relatório de vendas por loja"); err != nil {
		t.Errorf("report request refused: %v", err)
	}
}

// The rules say what the query means, in the question's language, with the fields the API
// sends (title, measure, breakdown, filters, period, counting rules, notes), explained from
// the request; a typo read as another word, and context left out, are noted.
func TestRulesExplainTheInterpretation(t *testing.T) {
	g := NewRules(fixedNow, time.UTC)
	cases := []struct {
		question                   string
		lang, title, measure       string
		breakdown                  []string
		period, rule, note, filter string
	}{
		{"faturamento por loja no mês passado", "pt", "Faturamento por loja", "soma do valor das vendas", []string{"loja"}, "mês passado", "canceladas não contam", "", ""},
		{"revenue by store last month", "en", "Revenue by store", "sum of the sales' value", []string{"store"}, "last month", "cancelled sales do not count", "", ""},
		{"faturamento por loja no pix em outubro", "pt", "Faturamento por loja", "soma do valor das vendas", []string{"loja"}, "outubro de 2024", "canceladas não contam", "", "pix"},
		{"tiket medio last week", "en", "Average ticket", "average value of a sale", []string{}, "last week", "cancelled sales do not count", "tiket", ""},
		// context around the question is left out, and the explanation says so
		{"Bom dia! Faturamento por loja no mês passado?", "pt", "Faturamento por loja", "soma do valor das vendas", []string{"loja"}, "mês passado", "canceladas não contam", "como contexto: \"Bom dia\"", ""},
		{"I'm putting together the slides for the ops meeting. Revenue by store last month, please.", "en", "Revenue by store", "sum of the sales' value", []string{"store"}, "last month", "cancelled sales do not count", "as context: \"I am putting together the slides for the ops meeting\"", ""},
	}
	for _, c := range cases {
		t.Run(c.question, func(t *testing.T) {
			gen, err := generate(t, g, c.question)
			if err != nil {
				t.Fatal(err)
			}
			in := gen.Interpretation
			if in == nil {
				t.Fatal("no interpretation")
			}
			if in.Language != c.lang || !strings.HasPrefix(in.Title, c.title) || !strings.Contains(in.Measure, c.measure) ||
				strings.Join(in.Breakdown, "|") != strings.Join(c.breakdown, "|") || !strings.Contains(in.Period, c.period) ||
				len(in.Rules) != 1 || !strings.Contains(in.Rules[0], c.rule) || in.Filters == nil || in.Notes == nil {
				t.Fatalf("interpretation %+v", in)
			}
			if c.filter != "" && (len(in.Filters) != 1 || !strings.Contains(strings.ToLower(in.Filters[0]), c.filter)) {
				t.Errorf("filters %q, want one with %q", in.Filters, c.filter)
			}
			if c.note != "" && (len(in.Notes) == 0 || !strings.Contains(in.Notes[0], c.note)) {
				t.Errorf("notes %q, want %q", in.Notes, c.note)
			}
		})
	}
}

// Answers and refusals are in the question's language: the column names, the explanation
// and the refusal's message.
func TestRulesSpeakTheQuestionsLanguage(t *testing.T) {
	g := NewRules(fixedNow, time.UTC)
	for q, want := range map[string]string{
		"quantos clientes temos?": "pt", "how many customers do we have": "en", "ticket médio": "pt", "revenue YTD": "en",
		"top 10 clientes": "pt", "qual o lucro da loja Centro?": "pt", "what is the weather in Lisbon?": "en",
	} {
		t.Run(q, func(t *testing.T) {
			if got := g.Language(q); string(got) != want {
				t.Errorf("Language = %s, want %s", got, want)
			}
			gen, err := generate(t, g, q)
			var nu *NotUnderstood
			switch {
			case errors.As(err, &nu):
				if nu.Lang != want {
					t.Errorf("refusal in %s, want %s: %s", nu.Lang, want, nu.Message)
				}
			case err != nil:
				t.Fatal(err)
			case gen.Interpretation.Language != want:
				t.Errorf("interpretation in %s, want %s", gen.Interpretation.Language, want)
			}
		})
	}
}

// Fallback: the first generator answers what it understands; the second only what the
// first refuses, and never a request to change data.
func TestFallbackAsksTheSecondOnlyOnRefusal(t *testing.T) {
	second := &countingGen{answer: Generation{Query: "SELECT 1", Source: SourceModel}}
	f := Fallback{First: NewRules(fixedNow, time.UTC), Second: second}
	if g, err := generate(t, f, "quantos clientes temos?"); err != nil || g.Source != SourceRules || second.calls != 0 {
		t.Fatalf("understood question: %+v %v, second called %d times", g, err, second.calls)
	}
	if g, err := generate(t, f, "qual cliente tem o nome mais bonito?"); err != nil || g.Source != SourceModel || second.calls != 1 {
		t.Fatalf("refused question: %+v %v, second called %d times", g, err, second.calls)
	}
	_, err := generate(t, f, "delete all customers")
	var nu *NotUnderstood
	if !errors.As(err, &nu) || !nu.WriteIntent || second.calls != 1 {
		t.Fatalf("write intent: %v, second called %d times", err, second.calls)
	}
	// both refuse: the rules' refusal (what they understood, which questions work)
	second.err = &NotUnderstood{Message: "model says no"}
	_, err = generate(t, f, "qual cliente tem o nome mais bonito?")
	if !errors.As(err, &nu) || !strings.Contains(nu.Message, "Perguntas parecidas") {
		t.Fatalf("both refuse: %v", err)
	}
}

type countingGen struct {
	calls  int
	answer Generation
	err    error
}

func (c *countingGen) Generate(context.Context, Ask) (Generation, error) {
	c.calls++
	return c.answer, c.err
}
