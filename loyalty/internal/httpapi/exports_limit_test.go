package httpapi_test

import (
	"context"
	"net/http"
	"testing"
	"time"
)

// TestExportsBeyondTheLimitAre429 holds one export inside the database (its query waits on
// a table lock the test holds) and checks that a second one, past the limit of one, is
// refused with 429 and Retry-After, and that the first still completes once released.
func TestExportsBeyondTheLimitAre429(t *testing.T) {
	env := newTestEnv(t, withVar("EXPORT_MAX_CONCURRENT", "1"))
	tok := env.token("user")
	env.sqlCustomer(cols{"name": "Ana Souza", "doc": "12345678901", "created_at": time.Now()})

	ctx := context.Background()
	sqlDB, err := env.DB.DB()
	if err != nil {
		t.Fatal(err)
	}
	lockConn, err := sqlDB.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer lockConn.Close()
	tx, err := lockConn.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback() // releases the lock if the test fails early
	if _, err := tx.ExecContext(ctx, `LOCK TABLE customers IN ACCESS EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}

	first := make(chan response, 1)
	go func() { first <- env.do(http.MethodGet, "/api/v1/customers/export?format=csv", tok, nil) }()
	// Wait until the first export's query is queued behind the lock (it holds the slot).
	deadline := time.Now().Add(10 * time.Second)
	for {
		var waiting int
		// Asked outside the locking transaction: pg_stat_activity is a snapshot per transaction.
		if err := env.DB.Raw(`SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`).Row().Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		if waiting > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the first export never reached the database")
		}
		time.Sleep(20 * time.Millisecond)
	}

	second := env.do(http.MethodGet, "/api/v1/customers/sales-coupons/export?format=csv", tok, nil)
	if second.Status != http.StatusTooManyRequests || second.Header.Get("Retry-After") == "" {
		t.Fatalf("second export: %d (Retry-After %q) %s, want 429 with Retry-After", second.Status, second.Header.Get("Retry-After"), second.Body)
	}
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	if res := <-first; res.Status != http.StatusOK {
		t.Fatalf("first export: %d %s", res.Status, res.Body)
	}
	// The slot is free again.
	if res := env.do(http.MethodGet, "/api/v1/customers/export?format=csv", tok, nil); res.Status != http.StatusOK {
		t.Fatalf("export after the first finished: %d %s", res.Status, res.Body)
	}
}
