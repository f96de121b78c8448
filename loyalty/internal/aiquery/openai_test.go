package aiquery

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/shared/apperr"
)

// fakeChat is an OpenAI-compatible chat-completions endpoint: it records each request and
// answers the next canned body (the last one repeats), after an optional delay.
type fakeChat struct {
	status  int
	answers []string // message contents, in order
	body    string   // a raw body instead of answers
	delay   time.Duration

	mu       sync.Mutex
	gotPath  string
	gotAuth  string
	requests []chatRequest
}

func (f *fakeChat) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	var req chatRequest
	_ = json.Unmarshal(raw, &req)
	f.mu.Lock()
	f.gotPath, f.gotAuth = r.URL.Path, r.Header.Get("Authorization")
	f.requests = append(f.requests, req)
	n := len(f.requests)
	f.mu.Unlock()
	if f.delay > 0 {
		select {
		case <-time.After(f.delay):
		case <-r.Context().Done():
			return
		}
	}
	w.Header().Set("Content-Type", "application/json")
	status := f.status
	if status == 0 {
		status = http.StatusOK
	}
	w.WriteHeader(status)
	body := f.body
	if body == "" && len(f.answers) > 0 {
		body = chatAnswer(f.answers[min(n, len(f.answers))-1])
	}
	_, _ = io.WriteString(w, body)
}

func (f *fakeChat) calls() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.requests)
}

// chatAnswer is a chat-completions response body whose message is content.
func chatAnswer(content string) string {
	raw, _ := json.Marshal(map[string]any{
		"id": "chatcmpl-1", "object": "chat.completion", "model": "test-model",
		"choices": []map[string]any{{"index": 0, "finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": content}}},
	})
	return string(raw)
}

func newFakeOpenAI(t *testing.T, fake *fakeChat, timeout time.Duration) *OpenAI {
	t.Helper()
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	loc, _ := time.LoadLocation("America/Sao_Paulo")
	return NewOpenAI(OpenAIConfig{BaseURL: srv.URL + "/v1/", APIKey: "sk-test", Model: "test-model", Timeout: timeout, Location: loc, Now: fixedNow})
}

// The request carries the prompt the issue asks for: today's date and time zone, the
// semantic layer's definitions and glossary, the data's low-cardinality values and
// example question/SQL pairs from the rules; and nothing secret.
func TestOpenAIPrompt(t *testing.T) {
	fake := &fakeChat{answers: []string{"```sql\nSELECT count(*) AS total\nFROM reporting.customers;\n```"}}
	o := newFakeOpenAI(t, fake, 0)
	g, err := o.Generate(context.Background(), Ask{Question: "quantos clientes temos?", Catalog: testCatalog})
	if err != nil {
		t.Fatal(err)
	}
	if g.Query != "SELECT count(*) AS total\nFROM reporting.customers" || g.Source != SourceModel || g.Interpretation == nil || g.Interpretation.Language != "pt" {
		t.Fatalf("generation %+v", g)
	}
	if fake.gotPath != "/v1/chat/completions" || fake.gotAuth != "Bearer sk-test" {
		t.Fatalf("path %q auth %q", fake.gotPath, fake.gotAuth)
	}
	req := fake.requests[0]
	if req.Model != "test-model" || req.Temperature != 0 || len(req.Messages) != 2 || req.Messages[0].Role != "system" || req.Messages[1].Content != "quantos clientes temos?" {
		t.Fatalf("request %+v", req)
	}
	prompt := req.Messages[0].Content
	for _, want := range []string{
		"Today is 2025-03-15 (Saturday)", "America/Sao_Paulo", // date and time zone
		"ticket médio", "faturamento", "estorno", "cliente ativo", "v.cancelled_at IS NULL", "r.status IN ('pending', 'applied')", // glossary and counting rules
		"'PIX', 'credit_card', 'cash'", "'PDV', 'APP'", "S1 = Loja Centro", // low-cardinality values
		"Q: faturamento do mês passado\n```json\n{\"request\": {\"measures\": [\"revenue\"]",                          // structured examples
		"Q: percentual de clientes que aceitam SMS\n```sql\nSELECT round(100.0 * count(*) FILTER (WHERE c.sms_optin)", // SQL examples from the rules
		"reporting.customers", "whatsapp_optin", "exactly one SELECT", noQuery,
	} {
		if !strings.Contains(prompt, want) {
			t.Errorf("system prompt lacks %q", want)
		}
	}
	for _, secret := range []string{"password", "users", "ai_queries"} {
		if strings.Contains(prompt, secret) {
			t.Errorf("system prompt mentions %q", secret)
		}
	}
}

// Every structured request the prompt shows the model is what the rules answer for its
// question: read the way a model's answer is read, it compiles to the rules' own SQL.
func TestOpenAIPromptRequestsAreTheRules(t *testing.T) {
	o := newFakeOpenAI(t, &fakeChat{}, 0)
	rules := NewRules(fixedNow, o.loc)
	for _, ex := range promptRequests {
		t.Run(ex.question, func(t *testing.T) {
			ask := Ask{Question: ex.question, Catalog: testCatalog}
			query, req, err := o.answer(ask, "```json\n{\"request\": "+ex.request+"}\n```")
			if err != nil || req == nil {
				t.Fatalf("the example request is not read: %v", err)
			}
			want, err := rules.Generate(context.Background(), ask)
			if err != nil {
				t.Fatalf("the rules refuse the example: %v", err)
			}
			if query != want.Query {
				t.Errorf("the request compiles to\n%s\nthe rules write\n%s", query, want.Query)
			}
		})
	}
}

// A query that fails its dry run goes back to the model once, with the Postgres error;
// a second failure is returned (and the service stores nothing).
func TestOpenAIRepairsOnce(t *testing.T) {
	bad := "```sql\nSELECT nome FROM reporting.customers\n```"
	good := "```sql\nSELECT name FROM reporting.customers\n```"
	failFirst := func(_ context.Context, q string) error {
		if strings.Contains(q, "nome") {
			return &ExecError{Message: `the query failed: column "nome" does not exist`}
		}
		return nil
	}

	fake := &fakeChat{answers: []string{bad, good}}
	o := newFakeOpenAI(t, fake, 0)
	g, err := o.Generate(context.Background(), Ask{Question: "nomes dos clientes", Check: failFirst})
	if err != nil || g.Query != "SELECT name FROM reporting.customers" || fake.calls() != 2 {
		t.Fatalf("repair: %+v %v after %d calls", g, err, fake.calls())
	}
	repair := fake.requests[1].Messages
	if len(repair) != 4 || repair[2].Role != "assistant" || repair[2].Content != bad || !strings.Contains(repair[3].Content, `column "nome" does not exist`) {
		t.Fatalf("repair request %+v", repair)
	}

	fake = &fakeChat{answers: []string{bad}}
	o = newFakeOpenAI(t, fake, 0)
	_, err = o.Generate(context.Background(), Ask{Question: "nomes dos clientes", Check: failFirst})
	var ee *ExecError
	if !errors.As(err, &ee) || fake.calls() != 2 {
		t.Fatalf("second failure: %v after %d calls, want the ExecError after one repair", err, fake.calls())
	}

	// a guard refusal is repaired the same way
	fake = &fakeChat{answers: []string{"SELECT pg_sleep(1)", "SELECT 1"}}
	o = newFakeOpenAI(t, fake, 0)
	guard := NewGuard(100)
	g, err = o.Generate(context.Background(), Ask{Question: "q", Check: func(_ context.Context, q string) error { _, err := guard.Check(q); return err }})
	if err != nil || g.Query != "SELECT 1" || !strings.Contains(fake.requests[1].Messages[3].Content, "pg_sleep") {
		t.Fatalf("guard repair: %+v %v", g, err)
	}

	// other errors of the check (the database is down) are not the model's to repair
	fake = &fakeChat{answers: []string{good}}
	o = newFakeOpenAI(t, fake, 0)
	down := errors.New("connection refused")
	if _, err := o.Generate(context.Background(), Ask{Question: "q", Check: func(context.Context, string) error { return down }}); !errors.Is(err, down) || fake.calls() != 1 {
		t.Fatalf("check error: %v after %d calls", err, fake.calls())
	}
}

func TestOpenAIFailures(t *testing.T) {
	tests := []struct {
		name    string
		fake    *fakeChat
		timeout time.Duration
		code    apperr.Code
		message string
	}{
		{"server error", &fakeChat{status: 500, body: `{"error":{"message":"boom"}}`}, 0, apperr.Upstream, "answered with an error (HTTP 500)"},
		{"bad key", &fakeChat{status: 401, body: `{"error":{"message":"invalid api key"}}`}, 0, apperr.Upstream, "HTTP 401"},
		{"rate limited", &fakeChat{status: 429, body: `{}`}, 0, apperr.Upstream, "HTTP 429"},
		{"not json", &fakeChat{body: `<html>`}, 0, apperr.Upstream, "not understood"},
		{"no choices", &fakeChat{body: `{"choices":[]}`}, 0, apperr.Upstream, "not understood"},
		{"empty answer", &fakeChat{answers: []string{"  "}}, 0, apperr.Upstream, "without a query"},
		{"prose", &fakeChat{answers: []string{"You could count the customers table."}}, 0, apperr.Upstream, "without a query"},
		{"too slow", &fakeChat{answers: []string{"SELECT 1"}, delay: 2 * time.Second}, 100 * time.Millisecond, apperr.Upstream, "did not answer in time"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := newFakeOpenAI(t, tt.fake, tt.timeout)
			_, err := o.Generate(context.Background(), Ask{Question: "q"})
			e, ok := apperr.As(err)
			if !ok || e.Code != tt.code || !strings.Contains(e.Message, tt.message) {
				t.Fatalf("err = %v, want %s containing %q", err, tt.code, tt.message)
			}
		})
	}
	t.Run("unreachable", func(t *testing.T) {
		srv := httptest.NewServer(http.NotFoundHandler())
		url := srv.URL
		srv.Close()
		_, err := NewOpenAI(OpenAIConfig{BaseURL: url, Model: "m"}).Generate(context.Background(), Ask{Question: "q"})
		if !apperr.Is(err, apperr.Upstream) {
			t.Fatalf("err = %v, want Upstream", err)
		}
	})
	t.Run("question the views cannot answer", func(t *testing.T) {
		o := newFakeOpenAI(t, &fakeChat{answers: []string{"<think>no view has the weather</think>\nNO_QUERY"}}, 0)
		_, err := o.Generate(context.Background(), Ask{Question: "qual a previsão do tempo?"})
		var nu *NotUnderstood
		if !errors.As(err, &nu) || nu.Lang != "pt" || !strings.Contains(nu.Message, "Perguntas parecidas") {
			t.Fatalf("err = %v, want a NotUnderstood in Portuguese", err)
		}
	})
}

// SQL is taken out of an answer strictly.
func TestExtractSQL(t *testing.T) {
	tests := []struct {
		in    string
		want  string
		none  bool
		fails bool
	}{
		{in: "SELECT 1;", want: "SELECT 1"},
		{in: "```sql\nSELECT 1\n```", want: "SELECT 1"},
		{in: "```\nSELECT 2;\n```", want: "SELECT 2"},
		{in: "Sure!\n```SQL\nSELECT 3\n``` hope it helps", want: "SELECT 3"},
		{in: "  SELECT 4 FROM x  ", want: "SELECT 4 FROM x"},
		{in: "with t as (select 1) select * from t", want: "with t as (select 1) select * from t"},
		// the language tag ends at the newline: nothing of the tag line is the query
		{in: "```sql SELECT 5\n```", fails: true},
		{in: "```sqlSELECT 6\nFROM x```", fails: true},
		{in: "```python\nSELECT 7\n```", fails: true},
		{in: "```sql\nSELECT 8", fails: true},
		// reasoning is dropped
		{in: "<think>maybe DROP TABLE users? no.</think>\nSELECT 9", want: "SELECT 9"},
		{in: "<THINK>\nplan\n</THINK>```sql\nSELECT 10\n```", want: "SELECT 10"},
		{in: "<think>never closed SELECT 11", fails: true},
		// NO_QUERY only as the whole answer
		{in: "NO_QUERY", none: true},
		{in: "  NO_QUERY\n", none: true},
		{in: "<think>x</think> NO_QUERY", none: true},
		{in: "```\nNO_QUERY\n```", none: true},
		{in: "SELECT 'NO_QUERY' AS x", want: "SELECT 'NO_QUERY' AS x"},
		{in: "I think NO_QUERY applies here", fails: true},
		{in: "The answer is SELECT 12", fails: true},
		// a bare statement is handed to the guard, which refuses it
		{in: "DELETE FROM reporting.customers", want: "DELETE FROM reporting.customers"},
		{in: "", fails: true},
	}
	for _, tt := range tests {
		got, none, err := extractSQL(tt.in)
		switch {
		case tt.fails && err == nil:
			t.Errorf("extractSQL(%q) = %q, want an error", tt.in, got)
		case !tt.fails && err != nil:
			t.Errorf("extractSQL(%q): %v", tt.in, err)
		case none != tt.none:
			t.Errorf("extractSQL(%q): none = %v", tt.in, none)
		case got != tt.want:
			t.Errorf("extractSQL(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestOpenAIStructuredRequest: the model fills the semantic layer's request (JSON), the
// service validates it against the model and compiles it with the one compiler; a request
// naming what the layer does not have is refused, a malformed one is the provider's fault.
func TestOpenAIStructuredRequest(t *testing.T) {
	cases := []struct {
		name     string
		question string // in English: the request is explained in the question's language
		answer   string
		sql      []string // fragments of the compiled query
		refused  bool
		failed   bool
		// explained is in the interpretation's measure
		explained string
	}{
		{"measures, breakdown, filter, period", "top 3 stores by revenue and number of sales paid with pix last month, side by side", "```json\n" + `{"request": {"measures": ["revenue", "sales_count"], "dimensions": ["store"], "filters": [{"kind": "payment", "value": "pix"}], "period": {"relative": "last_month"}, "order": "desc", "limit": 3}}` + "\n```",
			[]string{"sum(v.value)", "AS sales", "v.payment_type = 'pix'", "date_trunc('month', now()) - interval '1 month'", "LIMIT 3"}, false, false, "revenue: sum of the sales' value; number of sales: "},
		{"threshold and date range", "how many customers older than 30 signed up between January and March", "```json\n" + `{"request": {"measures": ["customers"], "filters": [{"kind": "threshold", "value": "years", "op": ">", "number": "30"}], "period": {"from": "2025-01-01", "to": "2025-03-31"}}}` + "\n```",
			[]string{"age(now(), c.birth_date)) > 30", "DATE '2025-01-01'", "DATE '2025-04-01'"}, false, false, "number of customers: "},
		{"unknown measure", "what was our profit", "```json\n" + `{"request": {"measures": ["profit"]}}` + "\n```", nil, true, false, ""},
		{"filter the fact does not have", "how many customers paid with pix", "```json\n" + `{"request": {"measures": ["customers"], "filters": [{"kind": "payment", "value": "pix"}]}}` + "\n```", nil, true, false, ""},
		{"SQL injected as a value", "revenue of store L01", "```json\n" + `{"request": {"measures": ["revenue"], "filters": [{"kind": "store", "value": "L01' OR 1=1 --"}]}}` + "\n```", nil, true, false, ""},
		{"unknown field", "revenue", "```json\n" + `{"request": {"measures": ["revenue"], "sql": "DELETE FROM customers"}}` + "\n```", nil, false, true, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fake := &fakeChat{answers: []string{c.answer}}
			o := newFakeOpenAI(t, fake, time.Second)
			// the compiled request is checked like the model's SQL: guard, then dry run
			var checked []string
			check := func(_ context.Context, q string) error {
				checked = append(checked, q)
				_, err := NewGuard(DefaultMaxRows).Check(q)
				return err
			}
			g, err := o.Generate(context.Background(), Ask{Question: c.question, Check: check})
			var nu *NotUnderstood
			switch {
			case c.refused:
				if !errors.As(err, &nu) || len(checked) != 0 {
					t.Fatalf("want a refusal before any check, got %q %v (checked %q)", g.Query, err, checked)
				}
			case c.failed:
				if err == nil || errors.As(err, &nu) || !apperr.Is(err, apperr.Upstream) {
					t.Fatalf("want an upstream error, got %q %v", g.Query, err)
				}
			default:
				if err != nil {
					t.Fatal(err)
				}
				if len(checked) != 1 || checked[0] != g.Query {
					t.Fatalf("checked %q, want the compiled request once:\n%s", checked, g.Query)
				}
				for _, f := range c.sql {
					if !strings.Contains(g.Query, f) {
						t.Errorf("query lacks %q:\n%s", f, g.Query)
					}
				}
				// the request is explained like the rules' own, and said to be the model's
				in := g.Interpretation
				if in == nil || in.Measure == "" || !strings.Contains(in.Measure, c.explained) || in.Period == "" ||
					len(in.Notes) != 1 || !strings.Contains(in.Notes[0], "language model") {
					t.Errorf("interpretation %+v, want the request explained (measure with %q)", in, c.explained)
				}
			}
		})
	}
}
