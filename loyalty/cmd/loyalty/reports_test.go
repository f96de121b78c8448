package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
)

// TestReportQueriesCannotStallTheAPI serves the API as the binary does (run "serve", the
// production wiring) and saturates report queries: 24 at once, each held in the database
// on a table lock the test keeps. Report queries have their own small pool and a cap of
// AI_MAX_CONCURRENT (4): four wait in the database, twenty get 429 at once, and GET
// /api/v1/customers keeps answering fast. (Before, report queries shared the API's pool:
// twenty of them took every connection and /customers waited for them.)
func TestReportQueriesCannotStallTheAPI(t *testing.T) {
	url := testkit.NewDatabase(t)
	db, err := database.OpenSQL(url, database.Options{Schema: migrations.Schema, MaxOpenConns: 4})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	env := map[string]string{
		"DATABASE_URL":         url,
		"JWT_SECRET":           strings.Repeat("k", 32),
		"HTTP_ADDR":            addr,
		"METRICS_ADDR":         "off", // no second listener for this test
		"MIGRATE_ON_START":     "false",
		"LOG_LEVEL":            "error",
		"AI_STATEMENT_TIMEOUT": "60s",
	}
	getenv := func(k string) string { return env[k] }
	ctx := context.Background()
	if err := run(ctx, []string{"users", "create", "--username", "gerente", "--password", "s3cret-pass"}, getenv, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO customers (name, doc, email, phone) VALUES ('Ana', '00000000001', 'ana@example.com', '1')`); err != nil {
		t.Fatal(err)
	}

	serveCtx, stop := context.WithCancel(ctx)
	served := make(chan error, 1)
	go func() { served <- run(serveCtx, []string{"serve"}, getenv, io.Discard, io.Discard) }()
	// Stops the server before the database is dropped (cleanups run last in, first out).
	t.Cleanup(func() { stop(); <-served })

	base := "http://" + addr
	client := &http.Client{Timeout: 5 * time.Second}
	call := func(method, path, token string, body any) (int, http.Header, []byte, error) {
		var rd io.Reader
		if body != nil {
			b, _ := json.Marshal(body)
			rd = bytes.NewReader(b)
		}
		req, err := http.NewRequest(method, base+path, rd)
		if err != nil {
			return 0, nil, nil, err
		}
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := client.Do(req)
		if err != nil {
			return 0, nil, nil, err
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		return res.StatusCode, res.Header, b, err
	}
	deadline := time.Now().Add(15 * time.Second)
	for {
		if status, _, _, err := call(http.MethodGet, "/healthz", "", nil); err == nil && status == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the server did not start")
		}
		time.Sleep(50 * time.Millisecond)
	}
	status, _, body, err := call(http.MethodPost, "/api/v1/authorization", "", map[string]string{"username": "gerente", "password": "s3cret-pass"})
	if err != nil || status != http.StatusOK {
		t.Fatalf("sign in: %d %s %v", status, body, err)
	}
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.Unmarshal(body, &tok); err != nil {
		t.Fatal(err)
	}

	// Hold every report query in the database: they read a table the test locks (one
	// GET /customers never touches).
	lockConn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer lockConn.Close()
	tx, err := lockConn.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `LOCK TABLE redeem_items IN ACCESS EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}

	const reports = 24
	type result struct {
		status     int
		retryAfter string
		err        error
	}
	results := make(chan result, reports)
	var wg sync.WaitGroup
	for range reports {
		wg.Go(func() {
			reportClient := &http.Client{Timeout: 60 * time.Second}
			b, _ := json.Marshal(map[string]string{"query": "SELECT count(*) AS items FROM redeem_items"})
			req, _ := http.NewRequest(http.MethodPost, base+"/api/v1/ai/execute-query", bytes.NewReader(b))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
			res, err := reportClient.Do(req)
			if err != nil {
				results <- result{err: err}
				return
			}
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			results <- result{status: res.StatusCode, retryAfter: res.Header.Get("Retry-After")}
		})
	}

	waiting := func() int {
		var n int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	deadline = time.Now().Add(10 * time.Second)
	for waiting() < 4 {
		if time.Now().After(deadline) {
			t.Fatalf("%d report queries wait in the database, want 4", waiting())
		}
		time.Sleep(20 * time.Millisecond)
	}

	// Meanwhile the rest of the API keeps its normal latency.
	var slowest time.Duration
	for range 20 {
		start := time.Now()
		status, _, body, err := call(http.MethodGet, "/api/v1/customers", tok.AccessToken, nil)
		if d := time.Since(start); d > slowest {
			slowest = d
		}
		if err != nil || status != http.StatusOK || !bytes.Contains(body, []byte("Ana")) {
			t.Fatalf("GET /customers while report queries are saturated: %d %s %v", status, body, err)
		}
	}
	t.Logf("slowest GET /api/v1/customers while 4 report queries wait and 20 were refused: %s", slowest)
	if slowest > time.Second {
		t.Fatalf("GET /customers took %s while report queries were saturated", slowest)
	}

	// The queries beyond the cap were refused at once; the four admitted ones wait in the
	// database.
	counts := map[int]int{}
	for range reports - 4 {
		select {
		case r := <-results:
			if r.err != nil {
				t.Fatalf("report query: %v", r.err)
			}
			if r.status == http.StatusTooManyRequests && r.retryAfter != "60" {
				t.Fatalf("429 with Retry-After %q, want 60", r.retryAfter)
			}
			counts[r.status]++
		case <-time.After(5 * time.Second):
			t.Fatalf("only %v answered; the rest wait", counts)
		}
	}
	if counts[http.StatusTooManyRequests] != reports-4 {
		t.Fatalf("answers beyond the cap: %v, want %d x 429", counts, reports-4)
	}
	if n := waiting(); n != 4 {
		t.Fatalf("%d report queries wait in the database, want 4", n)
	}

	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	for range 4 {
		if r := <-results; r.err != nil || r.status != http.StatusOK {
			t.Fatalf("an admitted report query: %d %v", r.status, r.err)
		}
	}
}
