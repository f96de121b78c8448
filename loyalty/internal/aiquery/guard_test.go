package aiquery

import (
	"errors"
	"strings"
	"testing"
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
