package httpapi_test

import (
	"context"
	"maps"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/app"
	"github.com/loyaltylinks/platform/loyalty/internal/config"
	"github.com/loyaltylinks/platform/loyalty/internal/httpapi"
	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/auth"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
	"gorm.io/gorm"
)

func TestMain(m *testing.M) {
	testkit.Main(m, func(ctx context.Context, url string) error { return migrations.Apply(ctx, url, nil) })
}

// testSecret signs the tokens of tests.
var testSecret = []byte(strings.Repeat("s", 32))

// testEnv is one loyalty API over its own fresh database, built as the binary builds it:
// config.Load over an environment, app.New, httpapi.New.
type testEnv struct {
	t   *testing.T
	URL string
	DB  *gorm.DB
	// PGProxy stands between the server and Postgres: Cut() makes the database unreachable.
	PGProxy *testkit.Proxy
	Tokens  *auth.JWT
	Routes  []*echo.Route // every route the router serves
	// MetricsURL serves srv.MetricsHandler(), as the metrics listener does in production.
	MetricsURL string
	App        *app.App
	setup      envSetup // what the service was built from; replicas reuse it
}

// envSetup is what a test service is built from: the environment variables the binary
// would read, and replacements of third-party clients.
type envSetup struct {
	vars map[string]string
	// directURL reaches the test database without the proxy.
	directURL string
	app       []app.Option
}

// envOption adjusts a test service before it is built.
type envOption func(*envSetup)

// withVar sets an environment variable of the service (EXPORT_MAX_CONCURRENT, ...).
func withVar(name, value string) envOption {
	return func(s *envSetup) { s.vars[name] = value }
}

// newTestEnv starts the whole loyalty HTTP API over a fresh database. opts may set its
// configuration or replace third-party clients before it is built.
func newTestEnv(t *testing.T, opts ...envOption) *testEnv {
	t.Helper()
	// Postgres is reached through a proxy so tests can cut it (env.PGProxy.Cut()).
	direct := testkit.NewDatabase(t)
	u, err := url.Parse(direct)
	if err != nil {
		t.Fatal(err)
	}
	proxy := testkit.NewProxy(t, u.Host)
	u.Host = proxy.Addr()
	s := envSetup{
		vars:      map[string]string{"DATABASE_URL": u.String(), "JWT_SECRET": string(testSecret), "JWT_TTL": "1h", "DB_MAX_CONNS": "10"},
		directURL: direct,
	}
	for _, opt := range opts {
		opt(&s)
	}
	e := start(t, s, nil)
	e.PGProxy = proxy
	return e
}

// start builds a service from s; over db when given (a replica shares its pool), else
// over a pool of its own.
func start(t *testing.T, s envSetup, db *gorm.DB) *testEnv {
	t.Helper()
	cfg, err := config.Load(func(k string) string { return s.vars[k] })
	if err != nil {
		t.Fatal(err)
	}
	if db == nil {
		if db, err = database.Open(cfg.DatabaseURL, database.Options{Schema: migrations.Schema, MaxOpenConns: cfg.DBMaxConns}); err != nil {
			t.Fatalf("open db: %v", err)
		}
		t.Cleanup(func() { _ = database.Close(db) })
	}
	a, err := app.New(context.Background(), cfg, db, testkit.ServerLog(t), s.app...)
	if err != nil {
		t.Fatalf("app.New: %v", err)
	}
	t.Cleanup(a.Close)
	srv := httpapi.New(a, "test")
	ts := httptest.NewServer(srv.Echo)
	t.Cleanup(ts.Close)
	metrics := httptest.NewServer(srv.MetricsHandler())
	t.Cleanup(metrics.Close)
	return &testEnv{t: t, URL: ts.URL, DB: db, Tokens: a.Tokens, Routes: srv.Echo.Routes(), MetricsURL: metrics.URL, App: a, setup: s}
}

// replica starts another API server over the same database and configuration as e: a
// second replica of the service. opts adjust its configuration.
func (e *testEnv) replica(opts ...envOption) *testEnv {
	e.t.Helper()
	s := envSetup{vars: maps.Clone(e.setup.vars), directURL: e.setup.directURL, app: e.setup.app}
	for _, opt := range opts {
		opt(&s)
	}
	r := start(e.t, s, e.DB)
	r.PGProxy = e.PGProxy
	return r
}

// token returns a bearer token for a principal of the given role. The user row is
// inserted so routes that look the caller up find it.
func (e *testEnv) token(role string) string {
	e.t.Helper()
	id := uuid.NewString()
	name := role + "-" + id[:8]
	if err := e.DB.Exec(`INSERT INTO users (id, username, password_hash, name, role) VALUES (?, ?, 'x', ?, ?)`, id, name, name, role).Error; err != nil {
		e.t.Fatalf("insert user: %v", err)
	}
	tok, err := e.Tokens.Issue(auth.Principal{Subject: id, Role: role, Name: name})
	if err != nil {
		e.t.Fatal(err)
	}
	return tok
}

// response is what a test reads back from a call.
type response = testkit.Response

// do sends a request to the test server; body may be nil, a string (sent as is) or any
// value (sent as JSON). Redirects are not followed.
func (e *testEnv) do(method, path, token string, body any) response {
	e.t.Helper()
	return testkit.Call(e.t, method, e.URL+path, token, body)
}
