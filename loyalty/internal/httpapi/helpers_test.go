package httpapi_test

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
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

// testEnv is one loyalty API over its own fresh database.
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
}

// newTestEnv starts the whole loyalty HTTP API over a fresh database. opts may adjust
// the dependencies (e.g. fakes of third-party services) before the server is built.
func newTestEnv(t *testing.T, opts ...func(*httpapi.Deps)) *testEnv {
	t.Helper()
	// Postgres is reached through a proxy so tests can cut it (env.PGProxy.Cut()).
	u, err := url.Parse(testkit.NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	proxy := testkit.NewProxy(t, u.Host)
	u.Host = proxy.Addr()
	db, err := database.Open(u.String(), database.Options{Schema: migrations.Schema, MaxOpenConns: 10})
	if err != nil {
		t.Fatalf("open db: %v", err)
	}
	sqlDB, _ := db.DB()
	t.Cleanup(func() { sqlDB.Close() })
	tokens, err := auth.NewJWT(testSecret, "loyalty", time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	deps := httpapi.Deps{
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		DB:     db,
		Tokens: tokens,
	}
	for _, opt := range opts {
		opt(&deps)
	}
	srv := httpapi.New(deps)
	ts := httptest.NewServer(srv.Echo)
	t.Cleanup(ts.Close)
	metrics := httptest.NewServer(srv.MetricsHandler())
	t.Cleanup(metrics.Close)
	return &testEnv{t: t, URL: ts.URL, DB: db, PGProxy: proxy, Tokens: tokens, Routes: srv.Echo.Routes(), MetricsURL: metrics.URL}
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
