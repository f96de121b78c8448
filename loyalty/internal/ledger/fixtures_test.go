package ledger_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/loyaltylinks/platform/shared/testkit/testdb"
	"gorm.io/gorm"
)

func TestMain(m *testing.M) {
	testkit.Main(m, func(ctx context.Context, url string) error { return migrations.Apply(ctx, url, nil) })
}

// newDB opens a fresh migrated database for one test.
func newDB(t testing.TB, conns int) *gorm.DB {
	t.Helper()
	// Idle connections kept up to the pool size, as the service does (cmd/loyalty openDB).
	return testdb.Open(t, database.Options{Schema: migrations.Schema, MaxOpenConns: conns, MaxIdleConns: conns})
}

var seq atomic.Int64

// newCustomer inserts an active customer (balance 0) and returns its id.
func newCustomer(t testing.TB, db *gorm.DB) string {
	t.Helper()
	n := seq.Add(1)
	var id string
	if err := db.Raw(`INSERT INTO customers (name, doc, email, phone) VALUES (?, ?, ?, '11999999999') RETURNING id`,
		fmt.Sprintf("Customer %d", n), fmt.Sprintf("%011d", n), fmt.Sprintf("c%d@example.com", n)).Scan(&id).Error; err != nil {
		t.Fatalf("insert customer: %v", err)
	}
	return id
}

func newStore(t testing.TB, db *gorm.DB, code string) {
	t.Helper()
	if err := db.Exec(`INSERT INTO stores (store_code, name, document) VALUES (?, ?, ?)`, code, "Store "+code, "doc-"+code).Error; err != nil {
		t.Fatalf("insert store: %v", err)
	}
}

// credit gives a customer points through the ledger.
func credit(t testing.TB, svc *ledger.Service, customerID string, points int64) ledger.Entry {
	t.Helper()
	e, _, err := svc.Credit(context.Background(), ledger.Movement{CustomerID: customerID, Points: points, Description: "seed", UserAt: "test", TransactionDate: time.Now()})
	if err != nil {
		t.Fatalf("credit %d: %v", points, err)
	}
	return e
}

func balance(t testing.TB, db *gorm.DB, customerID string) int64 {
	t.Helper()
	var b int64
	if err := db.Raw(`SELECT points_balance FROM customers WHERE id = ?`, customerID).Scan(&b).Error; err != nil {
		t.Fatal(err)
	}
	return b
}

func entriesSum(t testing.TB, db *gorm.DB, customerID string) (sum, count int64) {
	t.Helper()
	var r struct{ Sum, Count int64 }
	if err := db.Raw(`SELECT COALESCE(sum(points), 0) AS sum, count(*) AS count FROM points_entries WHERE customer_id = ?`, customerID).Scan(&r).Error; err != nil {
		t.Fatal(err)
	}
	return r.Sum, r.Count
}

// assertInvariant fails the test when any customer's balance (available plus pending)
// differs from the sum of its entries (checked with its own query, not only through ledger.Audit) or the audit finds
// anything.
func assertInvariant(t testing.TB, db *gorm.DB) {
	t.Helper()
	var bad []string
	if err := db.Raw(`SELECT c.id FROM customers c
		WHERE c.points_balance < 0 OR c.points_pending < 0
		   OR c.points_balance + c.points_pending <> (SELECT COALESCE(sum(points), 0) FROM points_entries e WHERE e.customer_id = c.id)`).Scan(&bad).Error; err != nil {
		t.Fatal(err)
	}
	if len(bad) > 0 {
		t.Errorf("balance differs from the sum of entries for %d customers: %v", len(bad), bad)
	}
	problems, err := ledger.Audit(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("audit: %s", p)
	}
}

// jsonHas reports whether the indented form of raw JSON contains want.
func jsonHas(raw []byte, want string) bool {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return false
	}
	out, _ := json.MarshalIndent(v, "", " ")
	return strings.Contains(string(out), want)
}

// assertRefused fails the test unless the statement fails with SQLSTATE code (a guard of
// the ledger's).
func assertRefused(t testing.TB, db *gorm.DB, code, sql string, args ...any) {
	t.Helper()
	err := db.Exec(sql, args...).Error
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != code {
		t.Errorf("%s: err = %v, want SQLSTATE %s", sql, err, code)
	}
}
