package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/linkmgmt/internal/account"
	"github.com/loyaltylinks/platform/linkmgmt/internal/httpapi"
	"github.com/loyaltylinks/platform/linkmgmt/internal/qr"
	"github.com/loyaltylinks/platform/linkmgmt/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"
)

func TestMain(m *testing.M) {
	testkit.Main(m, func(ctx context.Context, url string) error { return migrations.Apply(ctx, url, nil) })
}

// testEnv is one linkmgmt server over its own fresh database and Redis database.
type testEnv struct {
	t     *testing.T
	URL   string
	DB    *gorm.DB
	Redis *redis.Client
	// RedisProxy stands between the server and Redis: Cut() makes Redis unreachable.
	RedisProxy *testkit.Proxy
	Accounts   *account.Store
	Routes     []*echo.Route // every route the router serves
}

// newTestEnv starts the whole linkmgmt HTTP server. configure, when given, adjusts the
// dependencies before the server is built.
func newTestEnv(t *testing.T, configure ...func(*httpapi.Deps)) *testEnv {
	t.Helper()
	db, err := database.Open(testkit.NewDatabase(t), database.Options{Schema: migrations.Schema, MaxOpenConns: 10})
	if err != nil {
		t.Fatalf("open db: %v", err)
	}
	sqlDB, _ := db.DB()
	t.Cleanup(func() { sqlDB.Close() })
	opts, err := redis.ParseURL(testkit.Redis(t))
	if err != nil {
		t.Fatal(err)
	}
	// Redis is reached through a proxy so tests can cut it (env.RedisProxy.Cut()).
	proxy := testkit.NewProxy(t, opts.Addr)
	opts.Addr = proxy.Addr()
	rdb := redis.NewClient(opts)
	t.Cleanup(func() { rdb.Close() })

	env := &testEnv{t: t, DB: db, Redis: rdb, RedisProxy: proxy, Accounts: account.NewStore(db)}
	// The handler needs BaseURL before the server exists: listen first, then serve.
	ts := httptest.NewUnstartedServer(nil)
	env.URL = "http://" + ts.Listener.Addr().String()
	deps := httpapi.Deps{
		Logger:   slog.New(slog.NewTextHandler(io.Discard, nil)),
		DB:       db,
		Redis:    rdb,
		BaseURL:  env.URL,
		Accounts: env.Accounts,
		QR: qr.NewService(qr.Deps{DB: db, Redis: rdb, Links: qr.NewSQLLinks(db, env.URL),
			Logos: qr.NewLogoLoader(qr.LogoConfig{}), BaseURL: env.URL}),
	}
	for _, f := range configure {
		f(&deps)
	}
	srv := httpapi.New(deps)
	ts.Config.Handler = srv.Echo
	env.Routes = srv.Echo.Routes()
	ts.Start()
	t.Cleanup(ts.Close)
	return env
}

var accountSeq atomic.Int64

// newAccount creates an account on the given plan and returns its id and API key.
func (e *testEnv) newAccount(plan string) (int64, string) {
	e.t.Helper()
	email := fmt.Sprintf("user%d@example.com", accountSeq.Add(1))
	acc, key, err := e.Accounts.Create(context.Background(), account.CreateInput{Email: email, Plan: plan})
	if err != nil {
		e.t.Fatalf("create account: %v", err)
	}
	return acc.ID, key
}

// response is what a test reads back from a call.
type response struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body into v, failing the test when it is not JSON.
func (r response) JSON(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode body %q: %v", r.Body, err)
	}
}

// do sends a request; body may be nil, a string (sent as is) or any value (sent as JSON).
func (e *testEnv) do(method, path, key string, body any) response {
	e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			e.t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, e.URL+path, rd)
	if err != nil {
		e.t.Fatal(err)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	res, err := noRedirectClient.Do(req)
	if err != nil {
		e.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	return response{Status: res.StatusCode, Header: res.Header, Body: raw}
}

// noRedirectClient lets tests see redirects instead of following them.
var noRedirectClient = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
