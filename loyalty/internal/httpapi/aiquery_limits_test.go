package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// postQuery sends execute-query without the test helpers (safe from any goroutine).
func postQuery(url, token, query string) (int, http.Header, []byte, error) {
	body, _ := json.Marshal(map[string]string{"query": query})
	req, err := http.NewRequest(http.MethodPost, url+"/api/v1/ai/execute-query", bytes.NewReader(body))
	if err != nil {
		return 0, nil, nil, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer res.Body.Close()
	var buf bytes.Buffer
	_, err = buf.ReadFrom(res.Body)
	return res.StatusCode, res.Header, buf.Bytes(), err
}

// waitForLockWaiters waits until n queries of the test's database wait on a lock.
func waitForLockWaiters(t *testing.T, env *testEnv, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var waiting int
		if err := env.DB.Raw(`SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`).Row().Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		if waiting >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d queries wait on the lock, want %d", waiting, n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Beyond AI_MAX_CONCURRENT running report queries: 429, Retry-After, {"detail": "..."}.
// The running one holds its place while it waits in the database (on a table lock the
// test holds), and finishes normally once released.
func TestAIExecuteBeyondTheCapIs429(t *testing.T) {
	env, _ := newAIEnv(t, withVar("AI_MAX_CONCURRENT", "1"), withVar("AI_STATEMENT_TIMEOUT", "10s"))
	seedAIData(t, env)
	tok := env.token("user")

	ctx := context.Background()
	tx := env.DB.WithContext(ctx).Begin()
	defer tx.Rollback()
	if err := tx.Exec(`LOCK TABLE promotions IN ACCESS EXCLUSIVE MODE`).Error; err != nil {
		t.Fatal(err)
	}
	type result struct {
		status int
		body   []byte
		err    error
	}
	first := make(chan result, 1)
	go func() {
		status, _, body, err := postQuery(env.URL, tok, "SELECT count(*) AS promotions FROM promotions")
		first <- result{status, body, err}
	}()
	waitForLockWaiters(t, env, 1)

	res := env.do(http.MethodPost, "/api/v1/ai/execute-query", tok, map[string]any{"query": "SELECT count(*) AS total FROM customers"})
	if res.Status != http.StatusTooManyRequests || res.Header.Get("Retry-After") != "10" {
		t.Fatalf("second query: %d (Retry-After %q) %s, want 429 with Retry-After 10", res.Status, res.Header.Get("Retry-After"), res.Body)
	}
	var body struct {
		Detail string `json:"detail"`
	}
	res.JSON(t, &body)
	if !strings.Contains(body.Detail, "Too many report queries") {
		t.Fatalf("detail %q", body.Detail)
	}
	// Other routes are not affected.
	if res := env.do(http.MethodGet, "/api/v1/customers", tok, nil); res.Status != http.StatusOK {
		t.Fatalf("GET /customers while the cap is reached: %d %s", res.Status, res.Body)
	}

	if err := tx.Rollback().Error; err != nil {
		t.Fatal(err)
	}
	if r := <-first; r.err != nil || r.status != http.StatusOK || !strings.Contains(string(r.body), "promotions: 0") {
		t.Fatalf("first query: %d %s %v", r.status, r.body, r.err)
	}
	res = env.do(http.MethodPost, "/api/v1/ai/execute-query", tok, map[string]any{"query": "SELECT count(*) AS total FROM customers"})
	if res.Status != http.StatusOK {
		t.Fatalf("after the first finished: %d %s", res.Status, res.Body)
	}
}

// A one-row answer of 100 MB is a short 422, not a 100 MB body.
func TestAIExecuteHugeAnswerIs422(t *testing.T) {
	env, _ := newAIEnv(t, withVar("AI_STATEMENT_TIMEOUT", "20s"))
	tok := env.token("user")
	res := env.do(http.MethodPost, "/api/v1/ai/execute-query", tok, map[string]any{"query": "SELECT format('%100000000s','x')"})
	fieldError(t, res, "bodyquery", "the result is larger than 32 MiB")
	if !bytes.Contains(res.Body, []byte(`"result_too_large"`)) || len(res.Body) > 1000 {
		t.Fatalf("body (%d bytes): %.300s", len(res.Body), res.Body)
	}
	// A value past a spreadsheet cell's limit is refused rather than cut.
	res = env.do(http.MethodPost, "/api/v1/ai/execute-query", tok, map[string]any{"query": "SELECT format('%40000s', 'x') FROM (VALUES (1), (2)) v"})
	fieldError(t, res, "bodyquery", "longer than 32767 characters")
}
