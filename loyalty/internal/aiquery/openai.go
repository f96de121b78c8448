package aiquery

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/tzdb"
)

// OpenAI generates queries with any OpenAI-compatible chat-completions endpoint
// (POST {base}/chat/completions). Its answer is only a proposal: it is extracted strictly,
// dry-run under the reporting role (one repair round with the Postgres error), and the
// service passes it through the same guard as execute-query. With the rules configured in
// front (Fallback), it only sees the questions the rules refuse.
type OpenAI struct {
	baseURL string
	apiKey  string
	model   string
	loc     *time.Location
	now     func() time.Time
	client  *http.Client
	rules   *Rules // writes the example question/SQL pairs of the prompt
}

// OpenAIConfig configures the provider.
type OpenAIConfig struct {
	BaseURL  string // e.g. https://api.openai.com/v1
	APIKey   string // sent as a bearer token when set
	Model    string
	Timeout  time.Duration    // each request, default 30s
	TimeZone string           // the session time zone of the queries (told to the model)
	Location *time.Location   // the same as a location; wins over TimeZone when set
	Now      func() time.Time // clock (today's date in the prompt); default time.Now
}

// NewOpenAI returns the provider.
func NewOpenAI(cfg OpenAIConfig) *OpenAI {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	loc := cfg.Location
	if loc == nil {
		loc = time.UTC
		if l, err := tzdb.Load(cfg.TimeZone); err == nil {
			loc = l
		}
	}
	return &OpenAI{
		baseURL: strings.TrimRight(cfg.BaseURL, "/"),
		apiKey:  cfg.APIKey,
		model:   cfg.Model,
		loc:     loc,
		now:     cfg.Now,
		client:  &http.Client{Timeout: cfg.Timeout},
		rules:   NewRules(cfg.Now, loc),
	}
}

// noQuery is what the model is told to answer, as its whole answer, when the views cannot
// answer a question.
const noQuery = "NO_QUERY"

// maxAnswerBytes caps what is read of a provider's answer.
const maxAnswerBytes = 1 << 20

type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type chatRequest struct {
	Model       string        `json:"model"`
	Messages    []chatMessage `json:"messages"`
	Temperature float64       `json:"temperature"`
}

type chatResponse struct {
	Choices []struct {
		Message struct {
			Content string `json:"content"`
		} `json:"message"`
	} `json:"choices"`
}

// promptRequests are catalogue questions shown to the model with the structured request
// that answers them, the answer it should prefer. Each compiles to the SQL the rules write
// for the question (TestOpenAIPromptRequestsAreTheRules), so the model learns the model's
// ids as the rules use them.
var promptRequests = []struct{ question, request string }{
	{"faturamento do mês passado", `{"measures": ["revenue"], "period": {"relative": "last_month"}}`},
	{"revenue by store last month", `{"measures": ["revenue"], "dimensions": ["store"], "period": {"relative": "last_month"}}`},
	{"how many sales were cancelled last month", `{"measures": ["sales_count"], "filters": [{"kind": "flag", "value": "cancelled"}], "period": {"relative": "last_month"}}`},
	{"top 3 lojas em faturamento no último trimestre", `{"measures": ["revenue"], "dimensions": ["store"], "period": {"relative": "last_quarter"}, "order": "desc", "limit": 3}`},
	{"how many customers have more than 1000 points", `{"measures": ["customers"], "filters": [{"kind": "threshold", "value": "points", "op": ">", "number": "1000"}]}`},
	{"quantos resgates pendentes", `{"measures": ["redemptions"], "filters": [{"kind": "flag", "value": "pending"}]}`},
	{"faturamento mensal este ano", `{"measures": ["revenue"], "dimensions": ["month"], "period": {"relative": "this_year"}}`},
	{"top 10 clientes que mais gastaram este ano", `{"measures": ["revenue"], "dimensions": ["customer"], "period": {"relative": "this_year"}, "order": "desc", "limit": 10}`},
}

// promptSQLExamples are catalogue questions a structured request cannot express (a rate,
// an absence over a window), shown with the rules' SQL: the model writes SQL only for such.
var promptSQLExamples = []string{"optin_rate_sms", "customers_no_purchase"}

// Prompt is the system prompt: today's date and time zone, the rules a query must follow,
// the semantic layer's definitions and glossary, the values of the low-cardinality columns,
// the reporting schema and example question/SQL pairs.
func (o *OpenAI) Prompt(cat *semantic.Catalog) string {
	now := o.now().In(o.loc)
	var b strings.Builder
	fmt.Fprintf(&b, `You write PostgreSQL queries for back-office analysts of a customer loyalty programme (a Brazilian retailer). Questions come in Portuguese or English.
Today is %s (%s), %s in time zone %s. The database session uses that time zone: now(), date_trunc and dates in the data are in it.

Prefer a structured request: when the question can be written with the semantic layer's ids listed under "Structured request" below, answer with exactly one `+"```json"+` code block holding {"request": {...}} and nothing else; the service validates it against the layer and writes the SQL itself.
Otherwise answer with exactly one SELECT statement in a single `+"```sql"+` code block and nothing else, or with exactly %s (the whole answer, nothing else) when the views cannot answer the question or it asks to change data.
Rules:
- Read only the views of the "reporting" schema below; always qualify them as reporting.<view>.
- One statement only. SELECT (optionally WITH ... SELECT, UNION) only: never INSERT, UPDATE, DELETE, DDL, SET, COPY, DO, FOR UPDATE, INTO.
- Use only ordinary aggregate, window, date/time, string and math functions (count, sum, avg, min, max, date_trunc, extract, to_char, now(), coalesce, round, lower, ...). No generate_series, no pg_* functions, no set-returning functions in FROM.
- Give every computed column a short snake_case alias in the language of the question.
- Relative periods stay relative: use now() and date_trunc (weeks start on Monday). Named months, quarters and years are literal dates; a month named without a year is the latest one that has started.
- Answer exactly what is asked: keep every filter, number, name, document (CPF/CNPJ: digits only, as stored in customers.doc), breakdown and ranking of the question. If something in the question cannot be expressed, answer %s.
- Follow the definitions below, so your numbers agree with every other report.

Definitions (glossary):
`, now.Format("2006-01-02"), now.Weekday(), now.Format("15:04"), o.loc.String(), noQuery, noQuery)
	for _, g := range semantic.Glossary {
		fmt.Fprintf(&b, "- %s / %s: %s. SQL: %s\n", g.Term.PT, g.Term.EN, g.Mean.EN, g.SQL)
	}
	b.WriteString("\nMeasures of the semantic layer:\n")
	for _, m := range semantic.Measures {
		where := ""
		if len(m.Where) > 0 {
			where = " WHERE " + strings.Join(m.Where, " AND ")
		}
		live := ""
		if m.Fact.Live != "" {
			live = " (rows counted: " + m.Fact.Live + ")"
		}
		fmt.Fprintf(&b, "- %s (%s): %s FROM reporting.%s %s%s%s\n", m.Name.EN, m.Name.PT, m.Expr, m.Fact.View, m.Fact.Alias, where, live)
	}
	b.WriteString("\nValues in the data:\n")
	b.WriteString("- points_entries.transaction_type: C (credit), D (debit), R (redemption block), E (reversal)\n")
	b.WriteString("- redeems.status: pending, applied, cancelled, expired\n")
	b.WriteString("- customers.gender_identity: M, F, X\n")
	if cat != nil {
		if len(cat.PaymentTypes) > 0 {
			fmt.Fprintf(&b, "- coupons.payment_type: %s\n", quoteList(cat.PaymentTypes, 50))
		}
		if len(cat.Origins) > 0 {
			fmt.Fprintf(&b, "- customers.origin: %s\n", quoteList(cat.Origins, 50))
		}
		if len(cat.Stores) > 0 {
			var stores []string
			for _, s := range cat.Stores {
				stores = append(stores, s.Code+" = "+s.Name)
			}
			fmt.Fprintf(&b, "- stores (store_code = name): %s\n", quoteList(stores, 50))
		}
	}
	b.WriteString("\nStructured request (ids of the semantic layer):\n")
	b.WriteString(semantic.SpecHelp())
	b.WriteString("\nViews:\n")
	b.WriteString(SchemaText())
	b.WriteString("\nExamples of structured requests (the answer to prefer):\n")
	for _, ex := range promptRequests {
		fmt.Fprintf(&b, "Q: %s\n```json\n{\"request\": %s}\n```\n", ex.question, ex.request)
	}
	b.WriteString("\nExamples of SQL, for questions a structured request cannot express:\n")
	for _, ex := range Examples() {
		if !slices.Contains(promptSQLExamples, ex.ID) {
			continue
		}
		for _, q := range []string{ex.PT, ex.EN} {
			g, err := o.rules.Generate(context.Background(), Ask{Question: q, Catalog: cat})
			if err != nil {
				continue
			}
			fmt.Fprintf(&b, "Q: %s\n```sql\n%s\n```\n", q, g.Query)
		}
	}
	return b.String()
}

func quoteList(values []string, n int) string {
	if len(values) > n {
		values = values[:n]
	}
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = "'" + strings.ReplaceAll(v, "'", "''") + "'"
	}
	return strings.Join(q, ", ")
}

// Generate implements Generator.
func (o *OpenAI) Generate(ctx context.Context, ask Ask) (Generation, error) {
	messages := []chatMessage{
		{Role: "system", Content: o.Prompt(ask.Catalog)},
		{Role: "user", Content: ask.Question},
	}
	content, err := o.chat(ctx, messages)
	if err != nil {
		return Generation{}, err
	}
	query, req, err := o.answer(ask, content)
	if err != nil {
		return Generation{}, err
	}
	if ask.Check != nil {
		if checkErr := ask.Check(ctx, query); checkErr != nil {
			reason, ok := checkReason(checkErr)
			if !ok {
				return Generation{}, checkErr
			}
			// One repair round: the model sees its query's error.
			messages = append(messages,
				chatMessage{Role: "assistant", Content: content},
				chatMessage{Role: "user", Content: "That query cannot run: " + reason + "\nAnswer with the corrected request only, in one ```json code block, or the corrected query only, in one ```sql code block, or " + noQuery + "."})
			content, err = o.chat(ctx, messages)
			if err != nil {
				return Generation{}, err
			}
			if query, req, err = o.answer(ask, content); err != nil {
				return Generation{}, err
			}
			if err := ask.Check(ctx, query); err != nil {
				return Generation{}, err
			}
		}
	}
	if req != nil {
		// a structured answer is a request: explained like the rules' own
		in := req.Explain()
		note := semantic.T("pedido preenchido pelo modelo de linguagem (as regras não entenderam a pergunta): confira a interpretação antes de usar o resultado",
			"request filled in by the language model (the rules did not understand the question): check the interpretation before using the result")
		in.Notes = append(in.Notes, note.In(req.Lang))
		return Generation{Query: query, Source: SourceModel, Interpretation: &in}, nil
	}
	lang := o.rules.Language(ask.Question)
	note := semantic.T("consulta escrita pelo modelo de linguagem (as regras não entenderam a pergunta): confira a consulta antes de usar o resultado",
		"query written by the language model (the rules did not understand the question): check the query before using the result")
	return Generation{Query: query, Source: SourceModel, Interpretation: &Interpretation{
		Language: string(lang), Title: ask.Question, Breakdown: []string{}, Filters: []string{}, Rules: []string{},
		Notes: []string{note.In(lang)},
	}}, nil
}

// checkReason is the message of a guard refusal or a failed dry run, which the model can
// repair; other errors (database unavailable) are not the model's.
func checkReason(err error) (string, bool) {
	var r *Refusal
	if errors.As(err, &r) {
		return "it was refused: " + r.Reason, true
	}
	var ee *ExecError
	if errors.As(err, &ee) {
		return "PostgreSQL error: " + ee.Message, true
	}
	return "", false
}

// answer reads the model's answer: a structured request (compiled by the one compiler,
// and returned to be explained), a query, or a refusal.
func (o *OpenAI) answer(ask Ask, content string) (string, *semantic.Request, error) {
	if spec, ok, err := extractSpec(content); ok {
		if err != nil {
			return "", nil, apperr.Wrap(apperr.Upstream, err, "The AI provider answered with a malformed request")
		}
		lang := o.rules.Language(ask.Question)
		req, err := spec.Request(lang, semantic.Calendar{Now: o.now().In(o.loc)}, o.loc)
		if err == nil {
			var q string
			if q, err = req.Compile(); err == nil {
				return q, req, nil
			}
		}
		var ie *semantic.InvalidError
		if errors.As(err, &ie) {
			return "", nil, o.rules.refuse(ask.Question, ie.Reason, ask.Catalog)
		}
		return "", nil, apperr.Wrap(apperr.Upstream, err, "The AI provider's request could not be compiled")
	}
	query, none, err := extractSQL(content)
	switch {
	case none:
		return "", nil, o.rules.refuse(ask.Question, semantic.T("os dados de relatório não respondem a esta pergunta", "the reporting data cannot answer this question"), ask.Catalog)
	case err != nil:
		return "", nil, apperr.Wrap(apperr.Upstream, err, "The AI provider answered without a query")
	}
	return query, nil, nil
}

func (o *OpenAI) chat(ctx context.Context, messages []chatMessage) (string, error) {
	body, err := json.Marshal(chatRequest{Model: o.model, Temperature: 0, Messages: messages})
	if err != nil {
		return "", fmt.Errorf("encode chat request: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, o.baseURL+"/chat/completions", bytes.NewReader(body))
	if err != nil {
		return "", fmt.Errorf("build chat request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if o.apiKey != "" {
		req.Header.Set("Authorization", "Bearer "+o.apiKey)
	}
	res, err := o.client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return "", fmt.Errorf("ai provider: %w", ctx.Err())
		}
		var timeout interface{ Timeout() bool }
		if errors.As(err, &timeout) && timeout.Timeout() {
			return "", apperr.Wrap(apperr.Upstream, err, "The AI provider did not answer in time")
		}
		return "", apperr.Wrap(apperr.Upstream, err, "The AI provider could not be reached")
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, maxAnswerBytes))
	if err != nil {
		return "", apperr.Wrap(apperr.Upstream, err, "The AI provider's answer could not be read")
	}
	if res.StatusCode != http.StatusOK {
		cause := fmt.Errorf("status %d: %.300s", res.StatusCode, raw)
		return "", apperr.Wrap(apperr.Upstream, cause, "The AI provider answered with an error (HTTP %d)", res.StatusCode)
	}
	var answer chatResponse
	if err := json.Unmarshal(raw, &answer); err != nil || len(answer.Choices) == 0 {
		return "", apperr.Wrap(apperr.Upstream, fmt.Errorf("unexpected body: %.300s", raw), "The AI provider's answer was not understood")
	}
	return answer.Choices[0].Message.Content, nil
}

var (
	reThink    = regexp.MustCompile(`(?is)<think>.*?</think>`)
	sqlFenceOK = map[string]bool{"": true, "sql": true, "postgresql": true, "postgres": true, "psql": true, "pgsql": true, "plpgsql": false}
	// the first word of an SQL statement: a bare answer must be one (the guard then decides
	// which statements may run); prose is not a query
	reStartsQ = regexp.MustCompile(`(?i)^(?:\(|(?:select|with|values|table|insert|update|delete|merge|drop|create|alter|truncate|grant|revoke|copy|do|call|set|reset|show|explain|begin|commit|rollback|lock|vacuum|analyze|refresh|listen|notify|comment|security|reindex|cluster|declare|fetch|prepare|execute|deallocate|discard|load|checkpoint)\b)`)
)

// extractSpec takes a structured request out of a model's answer: the first code fence
// tagged json, holding {"request": {...}} with no unknown field. ok is false when the answer
// has no json fence (it may hold SQL).
func extractSpec(content string) (semantic.Spec, bool, error) {
	s := reThink.ReplaceAllString(content, "")
	start := strings.Index(s, "```json")
	if start < 0 {
		return semantic.Spec{}, false, nil
	}
	body := s[start+len("```json"):]
	end := strings.Index(body, "```")
	if end < 0 {
		return semantic.Spec{}, true, errors.New("an unterminated code block")
	}
	var wrapper struct {
		Request *semantic.Spec `json:"request"`
	}
	dec := json.NewDecoder(strings.NewReader(body[:end]))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&wrapper); err != nil {
		return semantic.Spec{}, true, fmt.Errorf("the request is not valid JSON: %w", err)
	}
	if wrapper.Request == nil {
		return semantic.Spec{}, true, errors.New("the answer has no request")
	}
	return *wrapper.Request, true, nil
}

// extractSQL takes the query out of a model's answer, strictly: reasoning in <think>
// blocks is dropped; NO_QUERY counts only as the whole answer; with a code fence, the
// first fence's body is the query (its language tag ends at the newline and must be SQL or
// empty); without one, the whole answer must be an SQL statement (the guard then refuses
// anything but a SELECT). A trailing semicolon goes.
func extractSQL(content string) (query string, none bool, err error) {
	s := reThink.ReplaceAllString(content, "")
	if i := strings.Index(strings.ToLower(s), "<think>"); i >= 0 {
		s = s[:i] // an unterminated reasoning block: nothing after it is the answer
	}
	s = strings.TrimSpace(s)
	if s == noQuery {
		return "", true, nil
	}
	if start := strings.Index(s, "```"); start >= 0 {
		rest := s[start+3:]
		nl := strings.IndexByte(rest, '\n')
		if nl < 0 {
			return "", false, errors.New("a code fence without a line break")
		}
		tag := strings.ToLower(strings.TrimSpace(rest[:nl]))
		if !sqlFenceOK[tag] {
			return "", false, fmt.Errorf("a code block tagged %q", tag)
		}
		body := rest[nl+1:]
		end := strings.Index(body, "```")
		if end < 0 {
			return "", false, errors.New("an unterminated code block")
		}
		s = strings.TrimSpace(body[:end])
		if s == noQuery {
			return "", true, nil
		}
	}
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), ";"))
	if s == "" || !reStartsQ.MatchString(s) {
		return "", false, errors.New("the answer is not a query")
	}
	return s, false, nil
}
