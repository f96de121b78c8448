package aiquery

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
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
	_, db := newDB(t, 1) // one connection: had the runner kept its connection, later checks would see it
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

	// Nothing of the report session is left in the pool.
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
	// pg_sleep is not the reporting role's to run (migration 00420): a long count is.
	_, err := r.Run(context.Background(), Checked{sql: "SELECT count(*) FROM generate_series(1, 1000000) a, generate_series(1, 1000000) b"}, &rowsSink{})
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

// newReportPool is a pool of its own for report queries, as the service runs them.
func newReportPool(t *testing.T, url string, conns int) *sql.DB {
	t.Helper()
	pool, err := database.OpenSQL(url, database.Options{MaxOpenConns: conns})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pool.Close() })
	return pool
}

// Whatever a report query does to its session (simulating a guard hole by handing the
// runner SQL directly) ends with the query: the connection is closed, so a session
// advisory lock, a setting or a prepared statement does not reach the next user of the
// pool. Without it, the lock would freeze whoever next needs that key (the ledger's key
// freezes a customer's credits; goose's, migrations).
func TestRunnerLeavesNoSessionBehind(t *testing.T) {
	url, db := newDB(t, 2)
	// Advisory locks stay executable by PUBLIC (the services use them); granted here too so
	// the test does not depend on that.
	mustExec(t, db, `GRANT EXECUTE ON FUNCTION pg_advisory_lock(bigint) TO `+DefaultRole)
	pool := newReportPool(t, url, 1)
	r := NewRunner(pool, RunnerConfig{Role: DefaultRole, StatementTimeout: 5 * time.Second, MaxRows: 10, TimeZone: "UTC"})
	ctx := context.Background()

	taint := `SELECT pg_advisory_lock(4242), set_config('application_name', 'tainted', false), set_config('work_mem', '77kB', false)`
	if n, err := r.Run(ctx, Checked{sql: taint}, &rowsSink{}); err != nil || n != 1 {
		t.Fatalf("the tainting query: %d rows, %v", n, err)
	}
	if st := pool.Stats(); st.OpenConnections != 0 {
		t.Fatalf("the report connection went back to the pool: %+v", st)
	}
	deadline := time.Now().Add(5 * time.Second)
	for advisoryLocks(t, db) != 0 {
		if time.Now().After(deadline) {
			t.Fatal("the advisory lock taken by a report query survived it")
		}
		time.Sleep(20 * time.Millisecond)
	}
	sink := &rowsSink{}
	if _, err := r.Run(ctx, Checked{sql: `SELECT current_setting('application_name'), current_setting('work_mem')`}, sink); err != nil {
		t.Fatal(err)
	}
	if got := sink.rows[0]; got[0] == "tainted" || got[1] == "77kB" {
		t.Fatalf("the next report query inherited the session: %v", got)
	}
	// The control: the same lock, taken on a connection kept by a pool, survives.
	conn, err := pool.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(4242)`); err != nil {
		t.Fatal(err)
	}
	conn.Close()
	if n := advisoryLocks(t, db); n != 1 {
		t.Fatalf("control: %d advisory locks on a pooled connection, want 1", n)
	}
}

// The reporting role cannot run what migration 00420 revoked from PUBLIC, even when a
// statement reaches the database without the guard; it keeps the ordinary functions.
func TestReportingRoleCannotRunRevokedFunctions(t *testing.T) {
	_, db := newDB(t, 2)
	r := newRunner(t, db, RunnerConfig{})
	for _, q := range []string{
		"SELECT pg_sleep(0)",
		"SELECT pg_sleep_for('0 seconds')",
		"SELECT pg_sleep_until(now())",
		"SELECT * FROM ts_stat('SELECT ''a''::tsvector')",
		"SELECT ts_rewrite('a'::tsquery, 'SELECT ''a''::tsquery, ''b''::tsquery')",
		"SELECT query_to_xml('SELECT 1', true, true, '')",
		"SELECT table_to_xml('reporting.customers', true, true, '')",
		"SELECT database_to_xml(true, true, '')",
		"SELECT lo_creat(-1)",
		"SELECT lo_get(1)",
		"SELECT pg_read_file('/etc/hostname')",
		"SELECT pg_ls_dir('.')",
	} {
		t.Run(q, func(t *testing.T) {
			_, err := r.Run(context.Background(), Checked{sql: q}, &rowsSink{})
			var ee *ExecError
			if !errors.As(err, &ee) || !strings.Contains(ee.Message, "permission denied for function") {
				t.Fatalf("err = %v, want permission denied", err)
			}
		})
	}
	for fn, want := range map[string]bool{
		"pg_sleep(float8)": false, "ts_stat(text)": false, "query_to_xml(text,bool,bool,text)": false,
		"lower(text)": true, "date_trunc(text,timestamptz)": true, "count(\"any\")": true,
		// kept on purpose: the ledger's lock and the migrations need them (see the migration)
		"pg_advisory_xact_lock(bigint)": true,
	} {
		if got := scalar[bool](t, db, `SELECT has_function_privilege(?, ?::regprocedure, 'EXECUTE')`, DefaultRole, fn); got != want {
			t.Errorf("%s may execute %s: %v, want %v", DefaultRole, fn, got, want)
		}
	}
}

// A result is capped in bytes as it streams: per value (the most a spreadsheet cell
// holds) and in total. A row too large is refused from its message header, before it is
// read into memory, and the connection is dropped rather than drained.
func TestRunnerSizeCaps(t *testing.T) {
	url, _ := newDB(t, 2)
	pool := newReportPool(t, url, 2)
	r := NewRunner(pool, RunnerConfig{Role: DefaultRole, StatementTimeout: 20 * time.Second, MaxRows: 1000, MaxResultBytes: 64 << 10, TimeZone: "UTC"})
	tests := []struct {
		name, query string
		refusal     string // "" when accepted
	}{
		{"a cell at the spreadsheet limit", "SELECT format('%32767s', 'x')", ""},
		{"a cell past the spreadsheet limit", "SELECT format('%32768s', 'x')", "longer than 32767 characters"},
		{"two-byte characters count once", "SELECT repeat('é', 32767)", ""},
		{"four-byte characters count twice", "SELECT repeat('😀', 16384)", "longer than 32767 characters"},
		{"a result under the cap", "SELECT format('%1000s', i) FROM generate_series(1, 60) i", ""},
		{"a result over the cap", "SELECT format('%1000s', i) FROM generate_series(1, 70) i", "larger than 64 KiB"},
		{"a row over the cap in one message", "SELECT format('%30000s', 'a'), format('%30000s', 'b'), format('%30000s', 'c')", "larger than 64 KiB"},
		{"100 MB in one value", "SELECT format('%100000000s', 'x')", "larger than 64 KiB"},
		{"an error quoting 2 MB", "SELECT format('%2000000s', 'x')::int", "larger than 64 KiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := r.Run(context.Background(), Checked{sql: tt.query}, &rowsSink{})
			runtime.ReadMemStats(&after)
			if tt.refusal == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
			} else {
				var ee *ExecError
				if !errors.As(err, &ee) || ee.Type != typeResultTooLarge || !strings.Contains(ee.Message, tt.refusal) {
					t.Fatalf("err = %v, want a result_too_large ExecError with %q", err, tt.refusal)
				}
			}
			// Everything the runner and driver allocated, whatever the collector later
			// frees: a 100 MB value must never have been read.
			if grown := after.TotalAlloc - before.TotalAlloc; grown > 8<<20 {
				t.Fatalf("allocated %d MB to run it", grown>>20)
			}
			if st := pool.Stats(); st.OpenConnections != 0 {
				t.Fatalf("connection kept: %+v", st)
			}
		})
	}
	t.Run("error messages are clipped", func(t *testing.T) {
		_, err := r.Run(context.Background(), Checked{sql: "SELECT format('%5000s', 'x')::int"}, &rowsSink{})
		var ee *ExecError
		if !errors.As(err, &ee) || len(ee.Message) > 400 || !strings.HasSuffix(ee.Message, "...") {
			t.Fatalf("err = %v, want a clipped message", err)
		}
	})
}

// At most MaxConcurrent report queries run at once, counting from the check to the
// outcome's Close (a spreadsheet stays in memory until then); beyond, a 429 error that
// says when to retry. Refusals and failures give their place back.
func TestConcurrencyCap(t *testing.T) {
	url, db := newDB(t, 2)
	s, err := NewService(db, Options{ReportDB: newReportPool(t, url, 1), MaxConcurrent: 1, StatementTimeout: 2500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	caller := Caller{ID: "00000000-0000-0000-0000-000000000001"}
	held, err := s.Execute(ctx, caller, "SELECT 1 AS n UNION ALL SELECT 2")
	if err != nil {
		t.Fatal(err)
	}

	_, err = s.Execute(ctx, caller, "SELECT 1")
	var busy *Busy
	if !apperr.Is(err, apperr.RateLimited) || !errors.As(err, &busy) || busy.RetryAfter != 3*time.Second {
		t.Fatalf("err = %v, want RateLimited with a 3s Busy", err)
	}
	// A refusal is decided before a place is needed.
	if _, err := s.Execute(ctx, caller, "SELECT ((1)::float8).pg_sleep"); !strings.Contains(fmt.Sprint(err), "Query refused") {
		t.Fatalf("refusal while busy: %v", err)
	}

	held.Close()
	held.Close() // twice is harmless
	if _, err := s.Execute(ctx, caller, "SELECT no_such_column FROM customers"); !apperr.Is(err, apperr.Invalid) {
		t.Fatalf("failing query: %v", err)
	}
	out, err := s.Execute(ctx, caller, "SELECT 1 AS n")
	if err != nil {
		t.Fatalf("after the places were given back: %v", err)
	}
	out.Close()
}

// The spreadsheet is refused (not truncated) when its file would pass the cap.
func TestSpreadsheetSizeCap(t *testing.T) {
	build := func(rows int, maxBytes int) (*Outcome, error) {
		c := &collector{}
		if err := c.Columns([]ResultColumn{{Name: "n", OID: oidInt8}, {Name: "t", OID: 25}}); err != nil {
			t.Fatal(err)
		}
		for i := range rows {
			if err := c.Row([][]byte{fmt.Appendf(nil, "%d", i), fmt.Appendf(nil, "row %d %x", i, i*7919)}); err != nil {
				t.Fatal(err)
			}
		}
		return c.outcome(maxBytes)
	}
	out, err := build(2000, 1<<20)
	if err != nil || !out.IsSpreadsheet() || out.XLSXSize() == 0 || out.XLSXSize() > 1<<20 {
		t.Fatalf("under the cap: %v", err)
	}
	size := out.XLSXSize()
	out.Close()
	_, err = build(2000, size-1)
	var ee *ExecError
	if !errors.As(err, &ee) || ee.Type != typeResultTooLarge || !strings.Contains(ee.Message, "spreadsheet would be larger than") {
		t.Fatalf("over the cap: %v", err)
	}
}

// SELECT format('%100000000s','x') passes the guard; the service answers it with a 422
// without ever holding the 100 MB (measured: allocations while it runs).
func TestHugeValueIsRefusedWithoutBeingRead(t *testing.T) {
	url, db := newDB(t, 2)
	s, err := NewService(db, Options{ReportDB: newReportPool(t, url, 1), StatementTimeout: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err = s.Execute(context.Background(), Caller{ID: "00000000-0000-0000-0000-000000000001"}, "SELECT format('%100000000s','x')")
	runtime.ReadMemStats(&after)
	e, ok := apperr.As(err)
	if !ok || e.Code != apperr.Invalid || len(e.Fields) != 1 || e.Fields[0].Type != "result_too_large" || !strings.Contains(e.Message, "larger than 32 MiB") {
		t.Fatalf("err = %v, want a result_too_large 422", err)
	}
	grown := after.TotalAlloc - before.TotalAlloc
	t.Logf("allocated %d KiB while refusing a 100 MB value", grown>>10)
	if grown > 8<<20 {
		t.Fatalf("allocated %d MB", grown>>20)
	}
}

// What a report query costs the runner beyond the query itself, now that each opens and
// closes its own connection: go test -run '^$' -bench Runner ./loyalty/internal/aiquery/
func BenchmarkRunnerSelectOne(b *testing.B) {
	pool, err := database.OpenSQL(testkit.NewDatabase(b), database.Options{MaxOpenConns: 1})
	if err != nil {
		b.Fatal(err)
	}
	defer pool.Close()
	r := NewRunner(pool, RunnerConfig{Role: DefaultRole, StatementTimeout: 5 * time.Second, MaxRows: 10, TimeZone: "UTC"})
	for b.Loop() {
		if _, err := r.Run(context.Background(), Checked{sql: "SELECT 1"}, &rowsSink{}); err != nil {
			b.Fatal(err)
		}
	}
}
