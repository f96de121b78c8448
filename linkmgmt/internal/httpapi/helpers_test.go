package httpapi_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/linkmgmt/internal/account"
	"github.com/loyaltylinks/platform/linkmgmt/internal/app"
	"github.com/loyaltylinks/platform/linkmgmt/internal/breaker"
	"github.com/loyaltylinks/platform/linkmgmt/internal/click"
	"github.com/loyaltylinks/platform/linkmgmt/internal/config"
	"github.com/loyaltylinks/platform/linkmgmt/internal/httpapi"
	"github.com/loyaltylinks/platform/linkmgmt/internal/qr"
	"github.com/loyaltylinks/platform/linkmgmt/internal/redirect"
	"github.com/loyaltylinks/platform/linkmgmt/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/server"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/loyaltylinks/platform/shared/testkit/testdb"
	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"
)

func TestMain(m *testing.M) {
	testkit.Main(m, func(ctx context.Context, url string) error { return migrations.Apply(ctx, url, nil) })
}

// testEnv is one linkmgmt server built as main builds it (app.New, httpapi.New), over
// its own fresh database and Redis database (or another server's, as a second replica),
// with its background workers running. It is the one fixture of this package's tests:
// options (envOption) change what a test needs.
type testEnv struct {
	t   testing.TB
	URL string
	App *app.App
	DB  *gorm.DB
	// Redis is the server's client. It reaches Redis through RedisProxy, so tests can
	// cut it (RedisProxy.Cut()); RedisURL is the real Redis database behind the proxy.
	Redis      *redis.Client
	RedisProxy *testkit.Proxy
	RedisURL   string
	// DBProxy stands between the server and Postgres with withCutDB, else nil.
	DBProxy  *testkit.Proxy
	Logs     *lockedBuffer // the server's log lines (JSON)
	Accounts *account.Store
	Routes   []*echo.Route // every route the router serves
	Handler  http.Handler  // the server's handler (benchmarks call it without a network)
	// MetricsURL serves the server's MetricsHandler, as the metrics listener does in
	// production (the API port has no /metrics).
	MetricsURL string

	Clicks    *click.Recorder
	Flusher   *click.Flusher
	LinkCache *redirect.Cache
}

// testFreePlanLimit is the free plan's rate limit in test servers: high, so tests that
// make many calls are not throttled. Rate-limit tests set their own (withRateLimit).
const testFreePlanLimit = 100000

// envOptions are what a test may change in its server.
type envOptions struct {
	cfg         config.Config
	tune        []app.Option
	redis       *redis.Client // the server's Redis client instead of the proxied one
	directRedis bool
	noWorkers   bool
	cutDB       bool
	replicaOf   *testEnv
	// patientRedis: Redis commands and the rate limit check wait as long as the test
	// runs, so a busy machine cannot turn a check into a fail-open (withPatientRedis).
	patientRedis bool
}

type envOption func(*envOptions)

// withRateLimit sets the free plan's limit (RATE_LIMIT_PER_MINUTE).
func withRateLimit(perWindow int) envOption {
	return func(o *envOptions) { o.cfg.RateLimitPerMinute = perWindow }
}

// withWindow sets the rate limit's window length.
func withWindow(w time.Duration) envOption {
	return func(o *envOptions) { o.tune = append(o.tune, app.WithRateLimitWindow(w)) }
}

// withPatientRedis makes the server wait for Redis instead of giving up after the
// production bounds: tests of the limit's rule then do not depend on the machine's
// speed (the fail-open path has its own test).
func withPatientRedis() envOption {
	return func(o *envOptions) {
		o.patientRedis = true
		o.tune = append(o.tune, app.WithRateLimitCheck(app.RateLimitCheck{Deadline: time.Hour}))
	}
}

// withTrustedProxies sets TRUSTED_PROXIES.
func withTrustedProxies(p []netip.Prefix) envOption {
	return func(o *envOptions) { o.cfg.TrustedProxies = p }
}

// withGeoIP sets GEOIP_DB.
func withGeoIP(path string) envOption { return func(o *envOptions) { o.cfg.GeoIPDB = path } }

// withDomainCheck sets DOMAIN_CHECK=dns with these targets (the default is off).
func withDomainCheck(targets ...string) envOption {
	return func(o *envOptions) { o.cfg.DomainCheck, o.cfg.DomainCheckTargets = "dns", targets }
}

// withQRLogos sets the QR logo settings.
func withQRLogos(c qr.LogoConfig) envOption {
	return func(o *envOptions) { o.tune = append(o.tune, app.WithQRLogos(c)) }
}

// withClickBacklog bounds the clicks the recorder holds while Redis is down.
func withClickBacklog(n int) envOption {
	return func(o *envOptions) { o.tune = append(o.tune, app.WithClickBacklog(n)) }
}

// withRedis gives the server this Redis client (e.g. one that hangs).
func withRedis(rdb *redis.Client) envOption { return func(o *envOptions) { o.redis = rdb } }

// withDirectRedis reaches Redis without the proxy (benchmarks: the proxy's copying
// would be counted as the service's work). RedisProxy is nil then.
func withDirectRedis() envOption { return func(o *envOptions) { o.directRedis = true } }

// withoutWorkers leaves the background workers stopped (the recorder's queue fills and
// then drops; nothing hears other replicas).
func withoutWorkers() envOption { return func(o *envOptions) { o.noWorkers = true } }

// withCutDB reaches Postgres through a proxy the test can cut (env.DBProxy): whatever
// still answers correctly then needed no database call.
func withCutDB() envOption { return func(o *envOptions) { o.cutDB = true } }

// replicaOf makes the server a second replica of other: same database, same Redis
// database (through a proxy of its own), same public address.
func replicaOf(other *testEnv) envOption { return func(o *envOptions) { o.replicaOf = other } }

// testConfig is the configuration of a test server at baseURL.
func testConfig(baseURL string) config.Config {
	c := config.Config{
		Database:           config.Database{LogLevel: "info"},
		BaseURL:            baseURL,
		RateLimitPerMinute: testFreePlanLimit,
		DomainCheck:        "off",
		QRLogoMaxBytes:     1 << 20,
		QRLogoTimeout:      5 * time.Second,
	}
	c.MaxBodyBytes = 1 << 20
	return c
}

// newEnv starts a whole linkmgmt server.
func newEnv(t testing.TB, options ...envOption) *testEnv {
	t.Helper()
	// The handler needs BaseURL before the server exists: listen first, then serve.
	ts := httptest.NewUnstartedServer(nil)
	// Tests flush clicks when they want them in Postgres (env.flush).
	o := envOptions{cfg: testConfig("http://" + ts.Listener.Addr().String()), tune: []app.Option{app.WithFlushInterval(time.Hour)}}
	for _, opt := range options {
		opt(&o)
	}
	env := &testEnv{t: t, URL: "http://" + ts.Listener.Addr().String(), Logs: &lockedBuffer{}}

	if other := o.replicaOf; other != nil {
		env.DB, env.RedisURL = other.DB, other.RedisURL
		o.cfg.BaseURL = other.App.Config.BaseURL // replicas serve the same public address
	} else {
		dbURL := testkit.NewDatabase(t)
		if o.cutDB {
			u, err := url.Parse(dbURL)
			if err != nil {
				t.Fatal(err)
			}
			env.DBProxy = testkit.NewProxy(t, u.Host)
			u.Host = env.DBProxy.Addr()
			dbURL = u.String()
		}
		db := testdb.OpenURL(t, dbURL, database.Options{Schema: migrations.Schema, MaxOpenConns: 10})
		env.DB, env.RedisURL = db, testkit.Redis(t)
	}

	env.Redis = o.redis
	if env.Redis == nil {
		opts, err := redis.ParseURL(env.RedisURL)
		if err != nil {
			t.Fatal(err)
		}
		// Redis is reached through a proxy so tests can cut it; calls fail at once
		// while it is cut instead of retrying (so the breaker stays closed, and Redis's
		// return is seen at once).
		if !o.directRedis {
			env.RedisProxy = testkit.NewProxy(t, opts.Addr)
			opts.Addr = env.RedisProxy.Addr()
		}
		opts.DialTimeout, opts.ReadTimeout, opts.WriteTimeout = 300*time.Millisecond, 300*time.Millisecond, 300*time.Millisecond
		if o.patientRedis {
			opts.DialTimeout, opts.ReadTimeout, opts.WriteTimeout = time.Hour, time.Hour, time.Hour
		}
		opts.MaxRetries, opts.DialerRetries = -1, 1
		env.Redis = app.NewRedis(opts, breaker.DefaultPause)
		t.Cleanup(func() { env.Redis.Close() })
	}

	var logOut io.Writer = env.Logs
	if os.Getenv("TEST_LOG") != "" {
		logOut = io.MultiWriter(env.Logs, os.Stderr)
	}
	svc, err := app.New(o.cfg, env.DB, env.Redis, slog.New(slog.NewJSONHandler(logOut, nil)), o.tune...)
	if err != nil {
		t.Fatalf("build the service: %v", err)
	}
	env.App, env.Accounts = svc, svc.Accounts
	env.Clicks, env.Flusher, env.LinkCache = svc.Clicks, svc.Flusher, svc.LinkCache
	srv := httpapi.New(svc)
	ts.Config.Handler = srv.Echo
	env.Handler, env.Routes = srv.Echo, srv.Echo.Routes()
	env.MetricsURL = serveMetrics(t, srv)
	ts.Start()
	t.Cleanup(func() {
		ts.Close()
		svc.Stop()
		_ = svc.Close()
	})
	if !o.noWorkers {
		svc.Start(context.Background())
		// A replica that is not yet subscribed misses the others' invalidations.
		select {
		case <-svc.Ready():
		case <-time.After(10 * time.Second):
			t.Fatal("the cache invalidation listener did not subscribe within 10 s")
		}
	}
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
func serveMetrics(t testing.TB, srv *server.Server) string {
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
