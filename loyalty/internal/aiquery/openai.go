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
	"strings"
	"time"

	"github.com/loyaltylinks/platform/shared/apperr"
)

// OpenAI generates queries with any OpenAI-compatible chat-completions endpoint
// (POST {base}/chat/completions). Its answer is only a proposal: the service passes it
// through the same guard as execute-query.
type OpenAI struct {
	baseURL  string
	apiKey   string
	model    string
	timeZone string
	client   *http.Client
}

// OpenAIConfig configures the provider.
type OpenAIConfig struct {
	BaseURL  string // e.g. https://api.openai.com/v1
	APIKey   string // sent as a bearer token when set
	Model    string
	Timeout  time.Duration // whole request, default 30s
	TimeZone string        // told to the model: the session time zone of the queries
}

// NewOpenAI returns the provider.
func NewOpenAI(cfg OpenAIConfig) *OpenAI {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	return &OpenAI{
		baseURL:  strings.TrimRight(cfg.BaseURL, "/"),
		apiKey:   cfg.APIKey,
		model:    cfg.Model,
		timeZone: cfg.TimeZone,
		client:   &http.Client{Timeout: cfg.Timeout},
	}
}

// noQuery is what the model is told to answer when the views cannot answer a question.
const noQuery = "NO_QUERY"

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
	Error *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// Prompt is the system prompt: the reporting schema and the rules a query must follow.
func (o *OpenAI) Prompt() string {
	return `You write PostgreSQL queries for store managers of a customer loyalty programme.
Answer with exactly one SELECT statement and nothing else (no explanation; a single sql code block is fine).
Rules:
- Read only these views of the "reporting" schema; always qualify them as reporting.<view>.
- One statement only. SELECT (optionally WITH ... SELECT, UNION) only: never INSERT, UPDATE, DELETE, DDL, SET, COPY, DO, FOR UPDATE, INTO.
- Use only ordinary aggregate, window, date/time, string and math functions (count, sum, avg, min, max, date_trunc, extract, to_char, now(), coalesce, round, lower, ...). No generate_series, no pg_* functions, no set-returning functions in FROM.
- Give every computed column a short snake_case alias in the language of the question.
- Dates and times are in the session time zone (` + o.timeZone + `); use now() and date_trunc for relative periods.
- Exclude cancelled rows (cancelled_at IS NOT NULL) from sales and points totals; redemptions count when status is pending or applied.
- If the question cannot be answered from these views, answer exactly ` + noQuery + `.

Views:
` + SchemaText()
}

// Generate implements Generator.
func (o *OpenAI) Generate(ctx context.Context, question string) (string, error) {
	body, err := json.Marshal(chatRequest{
		Model:       o.model,
		Temperature: 0,
		Messages: []chatMessage{
			{Role: "system", Content: o.Prompt()},
			{Role: "user", Content: question},
		},
	})
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
	raw, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return "", apperr.Wrap(apperr.Upstream, err, "The AI provider's answer could not be read")
	}
	var answer chatResponse
	decodeErr := json.Unmarshal(raw, &answer)
	if res.StatusCode != http.StatusOK {
		cause := fmt.Errorf("status %d: %.300s", res.StatusCode, raw)
		return "", apperr.Wrap(apperr.Upstream, cause, "The AI provider answered with an error (HTTP %d)", res.StatusCode)
	}
	if decodeErr != nil || len(answer.Choices) == 0 {
		return "", apperr.Wrap(apperr.Upstream, fmt.Errorf("unexpected body: %.300s", raw), "The AI provider's answer was not understood")
	}
	query := extractSQL(answer.Choices[0].Message.Content)
	switch {
	case query == "":
		return "", apperr.New(apperr.Upstream, "The AI provider answered without a query")
	case strings.Contains(strings.ToUpper(query), noQuery):
		return "", &NotUnderstood{Message: "The question cannot be answered from the reporting data. " + exampleHint()}
	}
	return query, nil
}

var reCodeBlock = regexp.MustCompile("(?s)```[a-zA-Z]*\\s*\\n?(.*?)```")

// extractSQL takes the query out of a model's answer: the first code block when there is
// one, else the whole text; without a trailing semicolon.
func extractSQL(content string) string {
	s := content
	if m := reCodeBlock.FindStringSubmatch(content); m != nil {
		s = m[1]
	}
	s = strings.TrimSpace(s)
	s = strings.TrimSpace(strings.TrimSuffix(s, ";"))
	return s
}
