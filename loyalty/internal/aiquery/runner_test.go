package aiquery

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/shared/apperr"
	"gorm.io/gorm"
)

// rowsSink collects a result for assertions.
type rowsSink struct {
	cols []ResultColumn
	rows [][]string
}

func (s *rowsSink) Columns(cols []ResultColumn) error { s.cols = cols; return nil }
func (s *rowsSink) Row(values [][]byte) error {
	row := make([]string, len(values))
	for i, v := range values {
		row[i] = readable(s.cols[i].OID, v)
	}
	s.rows = append(s.rows, row)
	return nil
}

func newRunner(t *testing.T, db *gorm.DB, cfg RunnerConfig) *Runner {
	t.Helper()
	sqlDB, err := db.DB()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Role == "" {
		cfg.Role = DefaultRole
	}
	if cfg.StatementTimeout == 0 {
		cfg.StatementTimeout = 5 * time.Second
	}
	if cfg.MaxRows == 0 {
		cfg.MaxRows = 1000
	}
	if cfg.TimeZone == "" {
		cfg.TimeZone = "UTC"
	}
	return NewRunner(sqlDB, cfg)
}

// canary is the state a write would change.
type canary struct {
	customers, users, stores int64
	name                     string
	balance                  int64
	hash                     string
}

func seedCanary(t *testing.T, db *gorm.DB) {
	t.Helper()
	mustExec(t, db, `INSERT INTO users (username, password_hash, name, role) VALUES ('canary', 'secret-hash', 'Canary', 'admin')`)
	mustExec(t, db, `INSERT INTO stores (store_code, name, document) VALUES ('S1', 'Loja Centro', '11111111000111')`)
	mustExec(t, db, `INSERT INTO customers (name, doc, email, phone, store_code) VALUES ('Ana', '11111111111', 'ana@example.com', '5511999999999', 'S1')`)
	mustExec(t, db, `INSERT INTO points_entries (customer_id, transaction_type, points, transaction_date) SELECT id, 'C', 120, now() FROM customers WHERE doc = '11111111111'`)
}

func readCanary(t *testing.T, db *gorm.DB) canary {
	t.Helper()
	return canary{
		customers: scalar[int64](t, db, `SELECT count(*) FROM customers`),
		users:     scalar[int64](t, db, `SELECT count(*) FROM users`),
		stores:    scalar[int64](t, db, `SELECT count(*) FROM stores`),
		name:      scalar[string](t, db, `SELECT name FROM customers WHERE doc = '11111111111'`),
		balance:   scalar[int64](t, db, `SELECT points_balance FROM customers WHERE doc = '11111111111'`),
		hash:      scalar[string](t, db, `SELECT password_hash FROM users WHERE username = 'canary'`),
	}
}

// A statement that slipped past the guard still cannot write or read secrets: the runner
// executes it as the reporting role inside a READ ONLY transaction.
func TestRunnerStopsWhatSlipsPastTheGuard(t *testing.T) {
	_, db := newDB(t, 1) // one connection: later checks see the very connection the runner used
	seedCanary(t, db)
	before := readCanary(t, db)
	r := newRunner(t, db, RunnerConfig{})

	statements := []string{
		"DELETE FROM reporting.customers",
		"UPDATE reporting.customers SET name = 'pwned'",
		"DELETE FROM loyalty.customers",
		"UPDATE loyalty.customers SET points_balance = 999999",
		"INSERT INTO loyalty.users (username, password_hash) VALUES ('evil', 'x')",
		"UPDATE loyalty.users SET password_hash = 'x'",
		"WITH d AS (DELETE FROM loyalty.customers RETURNING id) SELECT count(*) FROM d",
		"SELECT * INTO loyalty.stolen FROM reporting.customers",
		"CREATE TABLE loyalty.evil (id int)",
		"TRUNCATE loyalty.customers",
		"SELECT * FROM reporting.customers FOR UPDATE",
		"SELECT password_hash FROM loyalty.users",
		"SELECT * FROM loyalty.customers",
		"SELECT * FROM loyalty.ai_queries",
		"SELECT pg_read_file('/etc/passwd')",
		"SELECT 1; DELETE FROM loyalty.customers", // the extended protocol takes one statement
	}
	for _, stmt := range statements {
		t.Run(stmt, func(t *testing.T) {
			sink := &rowsSink{}
			_, err := r.Run(context.Background(), Checked{sql: stmt}, sink)
			var ee *ExecError
			if !errors.As(err, &ee) {
				t.Fatalf("err = %v, want an ExecError", err)
			}
			if len(sink.rows) > 0 {
				t.Fatalf("rows leaked: %v", sink.rows)
			}
		})
	}
	if after := readCanary(t, db); after != before {
		t.Fatalf("data changed: before %+v, after %+v", before, after)
	}
	if n := scalar[int64](t, db, `SELECT count(*) FROM pg_class WHERE relname IN ('stolen', 'evil')`); n != 0 {
		t.Fatalf("%d tables created", n)
	}

	// The role and the transaction mode were LOCAL: the pooled connection is itself again.
	if user := scalar[string](t, db, `SELECT current_user`); user == DefaultRole {
		t.Fatalf("connection left as %s", user)
	}
	if ro := scalar[string](t, db, `SHOW transaction_read_only`); ro != "off" {
		t.Fatalf("connection left read only")
	}
	if tmo := scalar[string](t, db, `SHOW statement_timeout`); tmo != "0" {
		t.Fatalf("connection left with statement_timeout %s", tmo)
	}
}

// Each layer stops writes on its own: the role without the read-only transaction, and
// the read-only transaction without the role.
func TestEachLayerStopsWritesAlone(t *testing.T) {
	_, db := newDB(t, 2)
	seedCanary(t, db)
	before := readCanary(t, db)
	writes := []string{
		"DELETE FROM reporting.customers",
		"UPDATE reporting.stores SET name = 'x'",
		"DELETE FROM loyalty.customers",
		"UPDATE loyalty.users SET password_hash = 'x'",
		"INSERT INTO loyalty.stores (store_code, name, document) VALUES ('S9', 'x', '9')",
	}
	for _, w := range writes {
		t.Run("role only: "+w, func(t *testing.T) {
			err := db.Transaction(func(tx *gorm.DB) error {
				if err := tx.Exec("SET LOCAL ROLE " + DefaultRole).Error; err != nil {
					t.Fatalf("set role: %v", err)
				}
				return tx.Exec(w).Error
			})
			if err == nil || !strings.Contains(err.Error(), "permission denied") {
				t.Fatalf("err = %v, want permission denied", err)
			}
		})
		t.Run("read only only: "+w, func(t *testing.T) {
			err := db.Transaction(func(tx *gorm.DB) error {
				if err := tx.Exec("SET TRANSACTION READ ONLY").Error; err != nil {
					t.Fatalf("read only: %v", err)
				}
				return tx.Exec(w).Error
			})
			if err == nil || !strings.Contains(err.Error(), "read-only transaction") {
				t.Fatalf("err = %v, want read-only refusal", err)
			}
		})
	}
	if after := readCanary(t, db); after != before {
		t.Fatalf("data changed: before %+v, after %+v", before, after)
	}
}

func TestRunnerSettings(t *testing.T) {
	_, db := newDB(t, 2)
	seedCanary(t, db)
	r := newRunner(t, db, RunnerConfig{TimeZone: "America/Sao_Paulo"})
	sink := &rowsSink{}
	// Bypasses the guard to look at the session the query runs in.
	n, err := r.Run(context.Background(), Checked{sql: `SELECT current_user, current_setting('transaction_read_only'),
		current_setting('search_path'), current_setting('statement_timeout'), current_setting('TimeZone'), name FROM customers`}, sink)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{DefaultRole, "on", "reporting", "5s", "America/Sao_Paulo", "Ana"}
	if n != 1 || fmt.Sprint(sink.rows[0]) != fmt.Sprint(want) {
		t.Fatalf("got %d rows %v, want %v", n, sink.rows, want)
	}
}

func TestRunnerStatementTimeout(t *testing.T) {
	_, db := newDB(t, 2)
	r := newRunner(t, db, RunnerConfig{StatementTimeout: 200 * time.Millisecond})
	start := time.Now()
	_, err := r.Run(context.Background(), Checked{sql: "SELECT pg_sleep(3)"}, &rowsSink{})
	var ee *ExecError
	if !errors.As(err, &ee) || !strings.Contains(ee.Message, "longer than the 200ms limit") {
		t.Fatalf("err = %v, want the time-out ExecError", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("took %s: the timeout did not stop the query", d)
	}
}

func TestRowCap(t *testing.T) {
	_, db := newDB(t, 2)
	for i := 0; i < 5; i++ {
		mustExec(t, db, `INSERT INTO customers (name, doc, email, phone) VALUES (?, ?, 'x@example.com', '1')`, fmt.Sprintf("C%d", i), fmt.Sprintf("%011d", i))
	}
	r := newRunner(t, db, RunnerConfig{MaxRows: 3})
	g := NewGuard(3)

	t.Run("more rows than the cap is refused", func(t *testing.T) {
		c, err := g.Check("SELECT name FROM customers")
		if err != nil {
			t.Fatal(err)
		}
		_, err = r.Run(context.Background(), c, &rowsSink{})
		var ee *ExecError
		if !errors.As(err, &ee) || !strings.Contains(ee.Message, "more than 3 rows") {
			t.Fatalf("err = %v, want the row cap ExecError", err)
		}
	})
	t.Run("the cap itself is fine", func(t *testing.T) {
		c, err := g.Check("SELECT name FROM customers ORDER BY name LIMIT 3")
		if err != nil {
			t.Fatal(err)
		}
		sink := &rowsSink{}
		n, err := r.Run(context.Background(), c, sink)
		if err != nil || n != 3 {
			t.Fatalf("n = %d, err = %v", n, err)
		}
	})
	t.Run("the runner caps even without the guard's LIMIT", func(t *testing.T) {
		_, err := r.Run(context.Background(), Checked{sql: "SELECT name FROM customers"}, &rowsSink{})
		var ee *ExecError
		if !errors.As(err, &ee) {
			t.Fatalf("err = %v, want the row cap ExecError", err)
		}
	})
}

func TestRunnerQueryErrorsAreExecErrors(t *testing.T) {
	_, db := newDB(t, 2)
	r := newRunner(t, db, RunnerConfig{})
	for _, q := range []string{"SELECT no_such_column FROM customers", "SELECT 1 / 0", "SELECT 'x'::int"} {
		_, err := r.Run(context.Background(), Checked{sql: q}, &rowsSink{})
		var ee *ExecError
		if !errors.As(err, &ee) || !strings.HasPrefix(ee.Message, "the query failed: ") {
			t.Errorf("%s: err = %v, want an ExecError", q, err)
		}
	}
}

// A missing (or not granted) role is a set-up problem the operator must see: 503, not 422.
func TestRunnerWithoutTheRole(t *testing.T) {
	_, db := newDB(t, 2)
	r := newRunner(t, db, RunnerConfig{Role: "no_such_reporting_role"})
	_, err := r.Run(context.Background(), Checked{sql: "SELECT 1"}, &rowsSink{})
	if !apperr.Is(err, apperr.Unavailable) || !strings.Contains(err.Error(), "no_such_reporting_role is missing") {
		t.Fatalf("err = %v, want Unavailable naming the role", err)
	}
}
