package httpapi_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/linkmgmt/internal/account"
	"github.com/loyaltylinks/platform/linkmgmt/internal/click"
	"github.com/loyaltylinks/platform/linkmgmt/internal/httpapi"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/loyaltylinks/platform/linkmgmt/internal/qr"
	"github.com/loyaltylinks/platform/linkmgmt/internal/redirect"
	"github.com/loyaltylinks/platform/linkmgmt/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/server"
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
	// RedisURL is the real Redis database behind the proxy (for clients that must not be cut).
	RedisURL string
	Accounts *account.Store
	Routes   []*echo.Route // every route the router serves
	// MetricsURL serves the server's MetricsHandler, as the metrics listener does in
	// production (the API port has no /metrics).
	MetricsURL string
}

// testFreePlanLimit is the free plan's rate limit in test servers: high, so tests that
// make many calls are not throttled. Rate-limit tests set their own (withDeps).
const testFreePlanLimit = 100000

// newTestEnv starts the whole linkmgmt HTTP server. Options may change its Deps (e.g. the
// rate limit) before it starts.
func newTestEnv(t *testing.T, options ...func(*httpapi.Deps)) *testEnv {
	t.Helper()
	db, err := database.Open(testkit.NewDatabase(t), database.Options{Schema: migrations.Schema, MaxOpenConns: 10})
	if err != nil {
		t.Fatalf("open db: %v", err)
	}
	sqlDB, _ := db.DB()
	t.Cleanup(func() { sqlDB.Close() })
	redisURL := testkit.Redis(t)
	opts, err := redis.ParseURL(redisURL)
	if err != nil {
		t.Fatal(err)
	}
	// Redis is reached through a proxy so tests can cut it (env.RedisProxy.Cut()).
	proxy := testkit.NewProxy(t, opts.Addr)
	opts.Addr = proxy.Addr()
	rdb := redis.NewClient(opts)
	t.Cleanup(func() { rdb.Close() })

	env := &testEnv{t: t, DB: db, Redis: rdb, RedisProxy: proxy, RedisURL: redisURL, Accounts: account.NewStore(db)}
	// The handler needs BaseURL before the server exists: listen first, then serve.
	ts := httptest.NewUnstartedServer(nil)
	env.URL = "http://" + ts.Listener.Addr().String()
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	// Links, QR codes and the redirect share one cache and its invalidator, as in main.
	cache := redirect.NewCache(redirect.CacheOptions{})
	inv := redirect.NewInvalidator(rdb, logger, cache)
	links := link.NewService(db, env.URL, inv)
	stats := click.NewStatsReader(db, rdb, logger)
	deps := httpapi.Deps{
		Logger:             logger,
		DB:                 db,
		Redis:              rdb,
		BaseURL:            env.URL,
		Accounts:           env.Accounts,
		RateLimitPerMinute: testFreePlanLimit,
		Links:              links,
		LinkCache:          cache,
		Invalidator:        inv,
		ClickStats:         stats,
		QR: qr.NewService(qr.Deps{DB: db, Redis: rdb, Links: qr.NewLinks(links), Stats: stats,
			Logos: qr.NewLogoLoader(qr.LogoConfig{}), BaseURL: env.URL}),
	}
	for _, opt := range options {
		opt(&deps)
	}
	srv := httpapi.New(deps)
	ts.Config.Handler = srv.Echo
	env.Routes = srv.Echo.Routes()
	env.MetricsURL = serveMetrics(t, srv)
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

// serveMetrics serves srv's metrics on a listener of their own and returns its URL.
func serveMetrics(t *testing.T, srv *server.Server) string {
	t.Helper()
	ts := httptest.NewServer(srv.MetricsHandler())
	t.Cleanup(ts.Close)
	return ts.URL
}

// scrape reads the server's metrics from its metrics listener.
func (e *testEnv) scrape() response {
	e.t.Helper()
	return testkit.Call(e.t, http.MethodGet, e.MetricsURL+"/metrics", "", nil)
}

// response is what a test reads back from a call.
type response = testkit.Response

// do sends a request to the test server; body may be nil, a string (sent as is) or any
// value (sent as JSON). Redirects are not followed.
func (e *testEnv) do(method, path, key string, body any) response {
	e.t.Helper()
	return testkit.Call(e.t, method, e.URL+path, key, body)
}
