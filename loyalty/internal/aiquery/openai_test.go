package aiquery

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/shared/apperr"
)

// fakeChat is an OpenAI-compatible chat-completions endpoint: it records the request and
// answers with a canned status and body (after an optional delay).
type fakeChat struct {
	status int
	body   string
	delay  time.Duration

	gotPath, gotAuth string
	gotReq           chatRequest
}

func (f *fakeChat) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.gotPath, f.gotAuth = r.URL.Path, r.Header.Get("Authorization")
	raw, _ := io.ReadAll(r.Body)
	_ = json.Unmarshal(raw, &f.gotReq)
	if f.delay > 0 {
		select {
		case <-time.After(f.delay):
		case <-r.Context().Done():
			return
		}
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(f.status)
	_, _ = io.WriteString(w, f.body)
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

func TestOpenAIGenerates(t *testing.T) {
	fake := &fakeChat{status: http.StatusOK, body: chatAnswer("Here you go:\n```sql\nSELECT count(*) AS total\nFROM reporting.customers;\n```\n")}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	o := NewOpenAI(OpenAIConfig{BaseURL: srv.URL + "/v1/", APIKey: "sk-test", Model: "test-model", TimeZone: "America/Sao_Paulo"})

	sql, err := o.Generate(context.Background(), "quantos clientes temos?")
	if err != nil {
		t.Fatal(err)
	}
	if sql != "SELECT count(*) AS total\nFROM reporting.customers" {
		t.Fatalf("sql = %q", sql)
	}
	if fake.gotPath != "/v1/chat/completions" || fake.gotAuth != "Bearer sk-test" {
		t.Fatalf("path %q auth %q", fake.gotPath, fake.gotAuth)
	}
	req := fake.gotReq
	if req.Model != "test-model" || len(req.Messages) != 2 || req.Messages[0].Role != "system" || req.Messages[1].Content != "quantos clientes temos?" {
		t.Fatalf("request %+v", req)
	}
	for _, want := range []string{"reporting.customers", "reporting.points_entries", "whatsapp_optin", "exactly one SELECT", "America/Sao_Paulo", noQuery} {
		if !strings.Contains(req.Messages[0].Content, want) {
			t.Errorf("system prompt lacks %q", want)
		}
	}
	for _, secret := range []string{"password", "users", "ai_queries"} {
		if strings.Contains(req.Messages[0].Content, secret) {
			t.Errorf("system prompt mentions %q", secret)
		}
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
		{"not json", &fakeChat{status: 200, body: `<html>`}, 0, apperr.Upstream, "not understood"},
		{"no choices", &fakeChat{status: 200, body: `{"choices":[]}`}, 0, apperr.Upstream, "not understood"},
		{"empty answer", &fakeChat{status: 200, body: chatAnswer("  ")}, 0, apperr.Upstream, "without a query"},
		{"too slow", &fakeChat{status: 200, body: chatAnswer("SELECT 1"), delay: 2 * time.Second}, 100 * time.Millisecond, apperr.Upstream, "did not answer in time"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(tt.fake)
			defer srv.Close()
			o := NewOpenAI(OpenAIConfig{BaseURL: srv.URL, Model: "m", Timeout: tt.timeout})
			_, err := o.Generate(context.Background(), "q")
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
		_, err := NewOpenAI(OpenAIConfig{BaseURL: url, Model: "m"}).Generate(context.Background(), "q")
		if !apperr.Is(err, apperr.Upstream) {
			t.Fatalf("err = %v, want Upstream", err)
		}
	})
	t.Run("question the views cannot answer", func(t *testing.T) {
		srv := httptest.NewServer(&fakeChat{status: 200, body: chatAnswer(noQuery)})
		defer srv.Close()
		_, err := NewOpenAI(OpenAIConfig{BaseURL: srv.URL, Model: "m"}).Generate(context.Background(), "q")
		var nu *NotUnderstood
		if !errors.As(err, &nu) {
			t.Fatalf("err = %v, want NotUnderstood", err)
		}
	})
}

func TestExtractSQL(t *testing.T) {
	tests := map[string]string{
		"SELECT 1;":             "SELECT 1",
		"```sql\nSELECT 1\n```": "SELECT 1",
		"```\nSELECT 2;\n```":   "SELECT 2",
		"Sure!\n```SQL\nSELECT 3\n``` hope it helps": "SELECT 3",
		"  SELECT 4 FROM x  ":                        "SELECT 4 FROM x",
	}
	for in, want := range tests {
		if got := extractSQL(in); got != want {
			t.Errorf("extractSQL(%q) = %q, want %q", in, got, want)
		}
	}
}
