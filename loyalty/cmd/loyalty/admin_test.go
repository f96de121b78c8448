package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
)

// adminEnv is a migrated database and the environment the binary would get.
type adminEnv struct {
	db  *sql.DB
	env map[string]string
}

func newAdminEnv(t *testing.T) *adminEnv {
	t.Helper()
	url := testkit.NewDatabase(t)
	db, err := database.OpenSQL(url, database.Options{Schema: migrations.Schema})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return &adminEnv{db: db, env: map[string]string{
		"DATABASE_URL": url,
		"JWT_SECRET":   strings.Repeat("k", 32),
		"LOG_LEVEL":    "info",
	}}
}

func (a *adminEnv) exec(t *testing.T, q string, args ...any) {
	t.Helper()
	if _, err := a.db.Exec(q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

func (a *adminEnv) run(args ...string) (stdout, stderr string, err error) {
	var out, errOut bytes.Buffer
	err = run(context.Background(), args, func(k string) string { return a.env[k] }, &out, &errOut)
	return out.String(), errOut.String(), err
}

func TestAdminReprocessStoreOwner(t *testing.T) {
	a := newAdminEnv(t)
	a.exec(t, `INSERT INTO customers (name, doc, email, phone) SELECT 'C' || i, 'doc' || i, 'e', 'p' FROM generate_series(1, 5) i`)
	// doc1..doc3 have a qualifying credit; doc4 and doc5 do not.
	a.exec(t, `INSERT INTO points_entries (customer_id, transaction_type, points, store_code, coupon_identifier, transaction_date)
		SELECT id, 'C', 10, 'S-' || doc, 'CUP', now() FROM customers WHERE doc IN ('doc1', 'doc2', 'doc3')`)

	stdout, stderr, err := a.run("admin", "reprocess-store-owner")
	if err != nil {
		t.Fatalf("run: %v\n%s", err, stderr)
	}
	for _, line := range []string{"reprocess-store-owner finished in", "total_customers   5", "updated           3", "not_found         2", "errors            0"} {
		if !strings.Contains(stdout, line) {
			t.Errorf("summary lacks %q:\n%s", line, stdout)
		}
	}
	// Not a terminal: plain (JSON) log lines, the last progress one at 5 of 5.
	if !strings.Contains(stderr, `"msg":"admin job progress"`) || !strings.Contains(stderr, `"done":5,"total":5`) {
		t.Errorf("no progress log line in stderr:\n%s", stderr)
	}
	var owners int
	if err := a.db.QueryRow(`SELECT count(*) FROM customers WHERE store_code_owner = 'S-' || doc`).Scan(&owners); err != nil || owners != 3 {
		t.Fatalf("owners set = %d (%v), want 3", owners, err)
	}

	stdout, _, err = a.run("admin", "reprocess-store-owner", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var stats map[string]int
	if err := json.Unmarshal([]byte(stdout), &stats); err != nil {
		t.Fatalf("--json summary %q: %v", stdout, err)
	}
	if want := map[string]int{"total_customers": 2, "updated": 0, "not_found": 2, "errors": 0}; fmt.Sprint(stats) != fmt.Sprint(want) {
		t.Fatalf("second run = %v, want %v", stats, want)
	}
}

func TestAdminSyncAppUsers(t *testing.T) {
	a := newAdminEnv(t)
	const n = 7
	a.exec(t, `INSERT INTO customers (name, doc, email, phone, created_at)
		SELECT 'C' || i, 'doc' || i, 'e', 'p', now() - (10 - i) * interval '1 hour' FROM generate_series(1, $1::int) i`, n)
	var mu sync.Mutex
	calls := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		doc := strings.TrimPrefix(r.URL.Path, "/")
		mu.Lock()
		calls[doc]++
		mu.Unlock()
		switch doc {
		case "doc2", "doc5":
			w.WriteHeader(http.StatusOK)
		case "doc4":
			w.WriteHeader(http.StatusBadRequest) // an error: not retried
		default:
			w.WriteHeader(http.StatusNotFound)
		}
	}))
	defer srv.Close()
	a.env["EXTERNAL_APP_USERS_URL"] = srv.URL

	// One look-up at a time keeps the order of the windows predictable.
	stdout, stderr, err := a.run("admin", "sync-app-users", "--batch-size", "2", "--concurrency", "1", "--json")
	if err == nil || !strings.Contains(err.Error(), "1 customers could not be processed") {
		t.Fatalf("err = %v, want the count of failures (exit status 1)\n%s", err, stderr)
	}
	var sum map[string]int
	if err := json.Unmarshal([]byte(stdout), &sum); err != nil {
		t.Fatalf("summary %q: %v", stdout, err)
	}
	want := map[string]int{"total_customers": n, "processed": n, "updated_to_true": 2, "updated_to_false": 4, "errors": 1, "batches": 4}
	if fmt.Sprint(sum) != fmt.Sprint(want) {
		t.Fatalf("summary = %v, want %v", sum, want)
	}
	mu.Lock()
	defer mu.Unlock()
	for i := 1; i <= n; i++ {
		if calls[fmt.Sprint("doc", i)] != 1 {
			t.Errorf("doc%d looked up %d times, want 1", i, calls[fmt.Sprint("doc", i)])
		}
	}
	var nulls int
	if err := a.db.QueryRow(`SELECT count(*) FROM customers WHERE app_user IS NULL`).Scan(&nulls); err != nil || nulls != 1 {
		t.Fatalf("customers left null = %d (%v), want 1", nulls, err)
	}
}

func TestAdminCommandErrors(t *testing.T) {
	a := newAdminEnv(t)
	tests := []struct {
		args    []string
		wantErr string
	}{
		{[]string{"admin"}, "missing job"},
		{[]string{"admin", "rebuild-everything"}, "unknown job"},
		{[]string{"admin", "sync-app-users"}, "EXTERNAL_APP_USERS_URL is not set"},
		{[]string{"admin", "sync-app-users", "--batch-size", "0"}, "--batch-size"},
		{[]string{"admin", "reprocess-store-owner", "--nope"}, "flag provided but not defined"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			_, _, err := a.run(tt.args...)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("err = %v, want it to mention %q", err, tt.wantErr)
			}
		})
	}
	stdout, _, err := a.run("admin", "help")
	if err != nil || !strings.Contains(stdout, "sync-app-users") {
		t.Fatalf("admin help: %v\n%s", err, stdout)
	}
}

// TestProgressOnATerminal draws the bar (here into a buffer standing for the terminal).
func TestProgressOnATerminal(t *testing.T) {
	var screen, logs bytes.Buffer
	p := newProgress("sync-app-users", true, &screen, slog.New(slog.NewJSONHandler(&logs, nil)))
	p.Total(40)
	for range 40 {
		p.Add(1)
	}
	p.finish()
	if !strings.Contains(screen.String(), "sync-app-users") || !strings.Contains(screen.String(), "40/40") {
		t.Fatalf("bar = %q", screen.String())
	}
	if logs.Len() != 0 {
		t.Fatalf("log lines while drawing a bar: %s", logs.String())
	}
}
