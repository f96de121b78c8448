package aiquery

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/database"
	"gorm.io/gorm"
)

func TestGuardAcceptsReportQueries(t *testing.T) {
	g := NewGuard(1000)
	tests := []struct {
		name  string
		query string
		want  string // the rebuilt statement that will run
	}{
		{"count over a view", "SELECT count(*) FROM customers", "SELECT count(*) FROM customers LIMIT 1001"},
		{"qualified view, comments dropped", "select /* hi */ name from reporting.stores -- bye", "SELECT name FROM reporting.stores LIMIT 1001"},
		{"trailing semicolon", "SELECT 1;", "SELECT 1 LIMIT 1001"},
		{"smaller limit kept", "SELECT name FROM customers LIMIT 5", "SELECT name FROM customers LIMIT 5"},
		{"larger limit capped", "SELECT name FROM customers LIMIT 5000", "SELECT name FROM customers LIMIT 1001"},
		{"limit all capped", "SELECT name FROM customers LIMIT ALL", "SELECT name FROM customers LIMIT 1001"},
		{"limit expression bounded", "SELECT name FROM customers LIMIT 2 * 3", "SELECT name FROM customers LIMIT LEAST(2 * 3, 1001)"},
		{"offset kept", "SELECT name FROM customers ORDER BY name OFFSET 10", "SELECT name FROM customers ORDER BY name LIMIT 1001 OFFSET 10"},
		{"join, group, having, order", `SELECT s.name, count(*) AS n FROM customers c JOIN stores s ON s.store_code = c.store_code
			WHERE c.created_at >= date_trunc('month', now()) - interval '1 month' GROUP BY s.name HAVING count(*) > 1 ORDER BY n DESC`, ""},
		{"with query", "WITH buyers AS (SELECT DISTINCT customer_id FROM coupons) SELECT count(*) FROM buyers", ""},
		{"chained with queries", "WITH a AS (SELECT id FROM customers), b AS (SELECT id FROM a) SELECT count(*) FROM b", ""},
		{"union", "SELECT store_code FROM stores UNION SELECT store_code FROM customers", ""},
		{"subquery in from and where", "SELECT x.n FROM (SELECT count(*) AS n FROM redeems) x WHERE x.n > (SELECT count(*) FROM promotions)", ""},
		{"exists", "SELECT name FROM customers c WHERE EXISTS (SELECT 1 FROM coupons v WHERE v.customer_id = c.id)", ""},
		{"window function", "SELECT name, rank() OVER (ORDER BY points_balance DESC) FROM customers", ""},
		{"filter, coalesce, case, casts", `SELECT count(*) FILTER (WHERE email_optin), COALESCE(origin, '-'), CASE WHEN is_active THEN 'y' ELSE 'n' END,
			'2024-10-01'::date, CAST(points_balance AS numeric(12,2)), date '2024-01-01' FROM customers GROUP BY origin, is_active, points_balance`, ""},
		{"sql syntax functions", "SELECT extract(year FROM created_at), created_at AT TIME ZONE 'UTC', substring(name FROM 1 FOR 3), trim(both FROM name), position('a' IN name) FROM customers", ""},
		{"like, ilike, in, between, is null", "SELECT 1 FROM customers WHERE name ILIKE '%a%' AND doc LIKE '1%' AND origin IN ('PDV','APP') AND points_balance BETWEEN 1 AND 10 AND app_user IS NULL", ""},
		{"current_date", "SELECT count(*) FROM coupons WHERE transaction_date >= current_date", ""},
		{"array column", "SELECT name FROM promotions WHERE 'S1' = ANY(store_codes)", ""},
		{"values", "SELECT * FROM (VALUES (1), (2)) v(n)", ""},
		{"with query shadowing a view name", "WITH customers AS (SELECT 1 AS n) SELECT n FROM customers", ""},
		// qualified columns resolve against what each FROM item has
		{"qualified view columns", "SELECT c.name, s.name AS store FROM customers c JOIN stores s ON s.store_code = c.store_code", ""},
		{"schema-qualified column", "SELECT reporting.customers.name FROM reporting.customers", ""},
		{"bare view name as qualifier", "SELECT customers.name FROM customers", ""},
		{"subquery columns by alias", "SELECT x.n, x.total FROM (SELECT count(*) AS n, sum(points) AS total FROM redeems) x", ""},
		{"subquery column named after its function", "SELECT x.count, x.max FROM (SELECT count(*), max(points) FROM redeems) x", ""},
		{"subquery column from a column", "SELECT x.name FROM (SELECT c.name FROM customers c) x", ""},
		{"subquery star", "SELECT x.name, x.doc FROM (SELECT * FROM customers) x", ""},
		{"subquery rel.star", "SELECT x.sku FROM (SELECT p.* FROM products p) x", ""},
		{"values columns", "SELECT v.column2 FROM (VALUES (1, 2)) v", ""},
		{"column alias list", "SELECT v.a, v.b FROM (VALUES (1, 2)) v(a, b)", ""},
		{"partial column alias list", "SELECT x.k, x.total FROM (SELECT 1 AS n, 2 AS total) x(k)", ""},
		{"with query columns", "WITH t(n) AS (SELECT count(*) FROM customers) SELECT t.n FROM t", ""},
		{"with query column names", "WITH t AS (SELECT store_code, count(*) AS n FROM customers GROUP BY store_code) SELECT t.store_code, t.n FROM t", ""},
		{"union names from the left", "SELECT u.code FROM (SELECT store_code AS code FROM stores UNION SELECT store_code FROM customers) u", ""},
		{"join using alias", "SELECT j.store_code FROM (stores s JOIN customers c USING (store_code)) AS j", ""},
		{"join using merged column", "SELECT x.store_code, x.city FROM (SELECT * FROM stores s JOIN customers c USING (store_code)) x", ""},
		{"natural join", "SELECT x.store_code FROM (SELECT * FROM stores NATURAL JOIN (SELECT store_code FROM customers) c) x", ""},
		{"join members in ON of an aliased join", "SELECT j.a FROM (stores s JOIN customers c ON c.store_code = s.store_code) AS j(a)", ""},
		{"alias reused in a subquery", "SELECT c.name FROM customers c WHERE EXISTS (SELECT 1 FROM coupons c WHERE c.value > 0)", ""},
		{"outer reference from a subquery", "SELECT c.name, (SELECT count(*) FROM coupons k WHERE k.customer_id = c.id) FROM customers c", ""},
		{"lateral reference", "SELECT c.name, t.n FROM customers c, LATERAL (SELECT count(*) AS n FROM coupons k WHERE k.customer_id = c.id) t", ""},
		{"whole row", "SELECT count(c.*), count(c) FROM customers c", ""},
		{"array subscript", "SELECT store_codes[1], store_codes[1:2] FROM promotions", ""},
		{"order by using", "SELECT name FROM customers ORDER BY name USING <", ""},
		{"any and all over a subquery", "SELECT name FROM customers WHERE id = ANY (SELECT customer_id FROM coupons) AND points_balance > ALL (SELECT 0)", ""},
		{"in subquery", "SELECT name FROM customers WHERE id IN (SELECT customer_id FROM coupons)", ""},
		{"collation", `SELECT name COLLATE "C" FROM customers ORDER BY 1`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := g.Check(tt.query)
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if tt.want != "" && c.SQL() != tt.want {
				t.Fatalf("runs %q, want %q", c.SQL(), tt.want)
			}
			if !strings.Contains(c.SQL(), "LIMIT") {
				t.Fatalf("no row cap in %q", c.SQL())
			}
		})
	}
}

func TestGuardRefusals(t *testing.T) {
	g := NewGuard(1000)
	tests := []struct {
		query  string
		reason string // part of the reason the client sees
	}{
		{"", "empty"},
		{"   ;  ", "no statement"},
		{"SELEC 1", "not valid SQL"},
		{"DELETE FROM customers", "only SELECT queries are allowed, not DELETE"},
		{"UPDATE customers SET name = 'x'", "not UPDATE"},
		{"INSERT INTO stores (store_code) VALUES ('x')", "not INSERT"},
		{"DROP TABLE customers", "not DROP"},
		{"COPY customers TO '/tmp/x'", "not COPY"},
		{"DO $$ BEGIN PERFORM 1; END $$", "not DO"},
		{"SET ROLE postgres", "not SET"},
		{"EXPLAIN ANALYZE DELETE FROM customers", "not EXPLAIN"},
		{"SELECT 1; SELECT 2", "only one statement is allowed, found 2"},
		{"SELECT 1 -- x\n; DROP TABLE customers", "only one statement"},
		{"WITH d AS (DELETE FROM customers RETURNING id) SELECT count(*) FROM d", "only SELECT is allowed inside WITH, not DELETE"},
		{"WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r", "WITH RECURSIVE"},
		{"SELECT * INTO stolen FROM customers", "INTO"},
		{"SELECT * FROM customers FOR UPDATE", "locking"},
		{"SELECT * FROM customers FOR KEY SHARE", "locking"},
		{"SELECT * FROM users", `relation "users" is not allowed`},
		{"SELECT * FROM loyalty.customers", `relation "loyalty.customers" is not allowed`},
		{"SELECT * FROM ai_queries", `relation "ai_queries"`},
		{"SELECT * FROM pg_catalog.pg_authid", `relation "pg_catalog.pg_authid"`},
		{"SELECT * FROM information_schema.tables", "information_schema.tables"},
		{"SELECT * FROM otherdb.reporting.customers", "not allowed"},
		{`SELECT * FROM "Customers"`, `relation "Customers"`},
		{"SELECT name FROM customers UNION SELECT password_hash FROM users", `relation "users"`},
		// a WITH query's name is only in scope inside its statement
		{"SELECT * FROM (WITH users AS (SELECT 1 AS n) SELECT n FROM users) a, users", `relation "users"`},
		{"WITH a AS (SELECT * FROM b), b AS (SELECT 1) SELECT * FROM a", `relation "b"`},
		{"SELECT pg_sleep(5)", "function pg_sleep"},
		{"SELECT pg_catalog.pg_sleep(5)", "function pg_sleep"},
		{"SELECT public.count(1)", "function public.count"},
		{"SELECT pg_read_file('/etc/passwd')", "function pg_read_file"},
		{"SELECT set_config('role', 'postgres', true)", "function set_config"},
		{"SELECT current_setting('data_directory')", "function current_setting"},
		{"SELECT dblink('host=x', 'select 1')", "function dblink"},
		{"SELECT lo_import('/etc/passwd')", "function lo_import"},
		{"SELECT query_to_xml('select * from users', true, true, '')", "function query_to_xml"},
		{"SELECT generate_series(1, 1000000000)", "function generate_series"},
		{"SELECT * FROM generate_series(1, 10)", "a function in FROM"},
		{"SELECT * FROM customers TABLESAMPLE SYSTEM (10)", "TABLESAMPLE"},
		{"SELECT xmlparse(document '<a/>')", "XML"},
		{"SELECT $1", "parameter"},
		{"SELECT current_user", "CURRENT USER"},
		{"SELECT session_user", "SESSION USER"},
		{"SELECT 'customers'::regclass", "type regclass"},
		{"SELECT 1 OPERATOR(public.+) 1", "operator public.+"},
		{"SELECT c.pg_read_file FROM customers c", "column pg_read_file"},
		// field selection is function-call syntax: (x).f can run f(x)
		{"SELECT ((1)::float8).pg_sleep", "field selection (...).pg_sleep"},
		{"SELECT (42::int8).pg_advisory_lock", "field selection (...).pg_advisory_lock"},
		{"SELECT ('select 1'::text).ts_stat", "field selection (...).ts_stat"},
		{"SELECT ('x'::text).length", "field selection (...).length"},
		{"SELECT (name).ts_stat FROM customers", "field selection"},
		{"SELECT (c.name).upper FROM customers c", "field selection"},
		{"SELECT (c).name FROM customers c", "field selection (...).name"},
		{"SELECT (ROW(1, 2)).f1", "field selection"},
		{"SELECT (c).* FROM customers c", "field selection (...).*"},
		{"SELECT (store_codes[1]).ts_stat FROM promotions", "field selection"},
		{"SELECT (SELECT 'x'::text).ts_stat", "field selection"},
		{"SELECT 1 WHERE ((1)::float8).pg_sleep IS NULL", "field selection"},
		{"SELECT 1 ORDER BY ((1)::float8).pg_sleep", "field selection"},
		{"WITH s AS (SELECT ((1)::float8).pg_sleep) SELECT 1 FROM s", "field selection"},
		{"SELECT * FROM (VALUES (1)) v, LATERAL (SELECT ((1)::float8).pg_sleep) s", "field selection"},
		{"SELECT count(*) FILTER (WHERE (name).ts_stat IS NULL) FROM customers", "field selection"},
		// rel.name is a call name(rel) when rel has no such column
		{"SELECT x.ts_stat FROM (SELECT 'select 1'::text AS t) x", "x.ts_stat is not a known column of x"},
		{"SELECT c.to_jsonb FROM customers c", "c.to_jsonb is not a known column"},
		{"SELECT c.lower FROM customers c", "c.lower is not a known column"},
		{"SELECT customers.upper FROM customers", "customers.upper is not a known column"},
		{"SELECT x.t FROM (SELECT 1 AS t) y", "x is not a relation in FROM"},
		{"SELECT reporting.customers.ts_stat FROM customers", "reporting.customers.ts_stat is not a known column"},
		{"SELECT reporting.customers.name FROM customers c", "reporting.customers is not a relation in FROM"},
		{"SELECT public.customers.name FROM customers", "only the schema reporting"},
		{"SELECT a.b.c.d FROM customers", "too many parts"},
		{"SELECT x.n FROM (SELECT count(*) AS n FROM customers) x(k)", "x.n is not a known column"},
		{"SELECT c.name FROM (customers c JOIN stores s USING (store_code)) AS j", "c is not a relation in FROM"},
		{"WITH t(n) AS (SELECT 1 AS m) SELECT t.m FROM t", "t.m is not a known column"},
		// Postgres may resolve a name in ON to an outer relation: checked against both
		{"SELECT 1 FROM (SELECT 'x'::text AS t) q WHERE EXISTS (SELECT 1 FROM customers a JOIN stores b ON q.ts_stat IS NULL CROSS JOIN (SELECT 1 AS ts_stat) q)", "q.ts_stat is not a known column"},
		{"SELECT 1 FROM (SELECT 'x'::text AS t) q, (SELECT q.ts_stat FROM (SELECT 1 AS ts_stat) q2) s", "q.ts_stat is not a known column"},
		// operators in disguise
		{"SELECT name FROM customers ORDER BY name USING OPERATOR(public.<)", "operator public.< is not allowed in ORDER BY ... USING"},
		{"SELECT name FROM customers ORDER BY name USING ~<~", "operator ~<~ is not allowed in ORDER BY"},
		{"SELECT string_agg(name, ',' ORDER BY name USING ~>~) FROM customers", "operator ~>~ is not allowed"},
		{"SELECT 1 WHERE 1 OPERATOR(public.=) ANY (SELECT 1)", "operator public.= is not allowed"},
		{"SELECT 1 WHERE 'a' ## ALL (SELECT 'b')", "operator ## is not allowed"},
		{"SELECT 1 WHERE (1, 2) OPERATOR(public.=) (SELECT 1, 2)", "operator public.= is not allowed"},
		// types whose input function looks things up or does work
		{"SELECT regclass 'users'", "type regclass"},
		{"SELECT CAST('users' AS regclass)", "type regclass"},
		{"SELECT ARRAY['users']::regclass[]", "type regclass"},
		{"SELECT 'pg_sleep'::pg_catalog.regproc", "type regproc"},
		{"SELECT 'pg_catalog'::regnamespace", "type regnamespace"},
		{"SELECT '1:2:'::txid_snapshot", "type txid_snapshot"},
		{"SELECT '<a/>'::xml", "type xml"},
		{"SELECT 'x'::public.text", "type public.text"},
		{"SELECT NULL::customers", "type customers"},
		{"SELECT name FROM customers WHERE name = ANY ('{a}'::name[])", "type name"},
		{"SELECT 1\x00; DROP TABLE customers", "NUL"},
		{strings.Repeat("SELECT 1 UNION ", 2000) + "SELECT 1", "longer than"},
		{"SELECT '\xff'", "UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.query[:min(len(tt.query), 60)], func(t *testing.T) {
			_, err := g.Check(tt.query)
			var r *Refusal
			if !errors.As(err, &r) {
				t.Fatalf("accepted or wrong error: %v", err)
			}
			if !strings.Contains(r.Reason, tt.reason) {
				t.Fatalf("reason %q does not mention %q", r.Reason, tt.reason)
			}
		})
	}
}

// advisoryLocks counts the advisory locks held in the test's database.
func advisoryLocks(t *testing.T, db *gorm.DB) int64 {
	t.Helper()
	return scalar[int64](t, db, `SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`)
}

// The guard's holes are refused and nothing runs: each hostile query is first run
// directly (as the test's superuser) to show the effect a witness sees (a sleep, an
// advisory lock, SQL text run by ts_stat), then sent to Execute, where the witness must
// see nothing and the report pool must never have opened a connection.
func TestHostileQueriesRunNothing(t *testing.T) {
	url, db := newDB(t, 4)
	reportDB, err := database.OpenSQL(url, database.Options{MaxOpenConns: 2})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { reportDB.Close() })
	s, err := NewService(db, Options{ReportDB: reportDB})
	if err != nil {
		t.Fatal(err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		t.Fatal(err)
	}
	const sleep = 700 * time.Millisecond
	tests := []struct {
		name   string
		query  string
		sleeps bool // the direct run takes at least sleep
		locks  bool // the direct run leaves an advisory lock
	}{
		{"field selection sleeps", "SELECT ((0.7)::float8).pg_sleep", true, false},
		{"field selection on a subquery column sleeps", "SELECT (x.n).pg_sleep FROM (SELECT 0.7::float8 AS n) x", true, false},
		{"sleep in WHERE", "SELECT 1 WHERE ((0.7)::float8).pg_sleep IS NULL", true, false},
		{"sleep in ORDER BY", "SELECT 1 ORDER BY ((0.7)::float8).pg_sleep::text", true, false},
		{"sleep in a WITH query", "WITH s AS (SELECT ((0.7)::float8).pg_sleep) SELECT 1 FROM s", true, false},
		{"sleep in a lateral subquery", "SELECT 1 FROM (VALUES (1)) v, LATERAL (SELECT ((0.7)::float8).pg_sleep) s", true, false},
		{"sleep in a function argument", "SELECT coalesce(((0.7)::float8).pg_sleep::text, 'x')", true, false},
		{"session advisory lock", "SELECT (4242::int8).pg_advisory_lock", false, true},
		{"shared advisory lock on a subquery column", "SELECT (x.k).pg_advisory_lock_shared FROM (SELECT 4242::int8 AS k) x", false, true},
		{"try advisory lock", "SELECT (4242::int8).pg_try_advisory_lock", false, true},
		{"ts_stat runs SQL text", "SELECT ('SELECT ''a''::tsvector FROM pg_sleep(0.7)'::text).ts_stat", true, false},
		{"ts_stat on a column runs SQL text", "SELECT (x.q).ts_stat FROM (SELECT 'SELECT ''a''::tsvector FROM pg_sleep(0.7)'::text AS q) x", true, false},
	}
	ctx := context.Background()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The witness works: run directly, the query has its effect.
			conn, err := sqlDB.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			if _, err := conn.ExecContext(ctx, tt.query); err != nil {
				t.Fatalf("direct run: %v", err)
			}
			if d := time.Since(start); tt.sleeps && d < sleep {
				t.Fatalf("direct run took %s: the sleep witness sees nothing", d)
			}
			if n := advisoryLocks(t, db); tt.locks && n == 0 {
				t.Fatal("direct run left no advisory lock: the lock witness sees nothing")
			}
			if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_unlock_all()"); err != nil {
				t.Fatal(err)
			}
			conn.Close()

			start = time.Now()
			out, err := s.Execute(ctx, Caller{ID: "00000000-0000-0000-0000-000000000001"}, tt.query)
			if err == nil {
				out.Close()
				t.Fatal("accepted")
			}
			if e, ok := apperr.As(err); !ok || e.Code != apperr.Invalid || !strings.Contains(e.Message, "Query refused") {
				t.Fatalf("err = %v, want a refusal", err)
			}
			if d := time.Since(start); d >= sleep/2 {
				t.Fatalf("the refusal took %s: something ran", d)
			}
			if n := advisoryLocks(t, db); n != 0 {
				t.Fatalf("%d advisory locks held after the refusal", n)
			}
			if st := reportDB.Stats(); st.OpenConnections != 0 || st.WaitCount != 0 {
				t.Fatalf("the report pool was used: %+v", st)
			}
		})
	}
}

// Every type an allow-listed function, operator or cast can take has an input function
// that only parses its text: no reg* lookups, no snapshots, no XML, no domains (whose
// CHECK runs expressions). Unknown-typed literals are converted to these types with their
// input function, so this is what a literal can make the server do. And no allow-listed
// function or operator is volatile. Adding a function that takes, say, regclass, or one
// that acts, fails here.
func TestAllowListsReachOnlyPlainTypes(t *testing.T) {
	_, db := newDB(t, 2)
	var funcs, ops, types []string
	for name := range allowedFunctions {
		funcs = append(funcs, name)
	}
	for name := range allowedOperators {
		ops = append(ops, name)
	}
	for name := range sortOperators {
		ops = append(ops, name)
	}
	for name := range allowedTypes {
		types = append(types, name)
	}
	sqlDB, err := db.DB()
	if err != nil {
		t.Fatal(err)
	}
	rows, err := sqlDB.Query(`
		WITH reach AS (
			SELECT unnest(p.proargtypes::oid[] || coalesce(p.proallargtypes, '{}') || p.prorettype) AS t
			  FROM pg_proc p WHERE p.pronamespace = 'pg_catalog'::regnamespace AND p.proname = ANY ($1)
			UNION SELECT unnest(ARRAY[o.oprleft, o.oprright, o.oprresult])
			  FROM pg_operator o WHERE o.oprnamespace = 'pg_catalog'::regnamespace AND o.oprname = ANY ($2)
			UNION SELECT to_regtype(n)::oid FROM unnest($3::text[]) n
		), base AS (
			SELECT CASE WHEN ty.typelem <> 0 AND ty.typsubscript = 'array_subscript_handler'::regproc THEN ty.typelem ELSE ty.oid END AS t
			  FROM reach JOIN pg_type ty ON ty.oid = reach.t
		)
		SELECT DISTINCT format('%s (%s)', ty.typname, ty.typinput)
		  FROM base JOIN pg_type ty ON ty.oid = base.t
		 WHERE ty.typinput::text ~ '^reg' OR ty.typinput::text IN ('txid_snapshot_in', 'pg_snapshot_in', 'xml_in')
		    OR ty.typtype = 'd'`, funcs, ops, types)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var bad []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		bad = append(bad, s)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(bad) > 0 {
		t.Fatalf("the allow-lists reach types whose input does work: %v", bad)
	}
	// Nor is any of them volatile: the functions that act (sleep, lock, write, run SQL
	// text, change settings) are all volatile, and ordinary report functions are not.
	var volatile []string
	rows, err = sqlDB.Query(`
		SELECT DISTINCT p.proname FROM pg_proc p
		 WHERE p.provolatile = 'v' AND p.pronamespace = 'pg_catalog'::regnamespace
		   AND (p.proname = ANY ($1) OR p.oid IN (SELECT oprcode FROM pg_operator WHERE oprname = ANY ($2)))`, funcs, ops)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		volatile = append(volatile, s)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(volatile) > 0 {
		t.Fatalf("allow-listed volatile functions: %v", volatile)
	}
	for _, fn := range []string{"pg_sleep", "pg_advisory_lock", "ts_stat", "query_to_xml", "set_config", "nextval", "lo_creat"} {
		if v := scalar[string](t, db, `SELECT min(provolatile::text) FROM pg_proc WHERE proname = ?`, fn); v != "v" {
			t.Errorf("control: %s is not volatile (%q)", fn, v)
		}
	}

	// The check can fail: regclass is reached by nextval.
	var control int
	if err := db.Raw(`SELECT count(*) FROM pg_proc p JOIN pg_type ty ON ty.oid = ANY (p.proargtypes::oid[]) WHERE p.proname = 'nextval' AND ty.typinput::text ~ '^reg'`).Scan(&control).Error; err != nil || control == 0 {
		t.Fatalf("control: nextval reaches regclass: %d, %v", control, err)
	}
}
