// Package app builds the link-management service: every store and service over one
// Postgres pool and one Redis client, wired to each other, and the background workers
// that go with them. main, the HTTP layer's tests and the benchmarks all build the
// service here, so there is one object graph.
package app

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"sync"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/account"
	"github.com/loyaltylinks/platform/linkmgmt/internal/analytics"
	"github.com/loyaltylinks/platform/linkmgmt/internal/breaker"
	"github.com/loyaltylinks/platform/linkmgmt/internal/cachebus"
	"github.com/loyaltylinks/platform/linkmgmt/internal/campaign"
	"github.com/loyaltylinks/platform/linkmgmt/internal/channel"
	"github.com/loyaltylinks/platform/linkmgmt/internal/click"
	"github.com/loyaltylinks/platform/linkmgmt/internal/config"
	"github.com/loyaltylinks/platform/linkmgmt/internal/domain"
	"github.com/loyaltylinks/platform/linkmgmt/internal/geo"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/loyaltylinks/platform/linkmgmt/internal/lru"
	"github.com/loyaltylinks/platform/linkmgmt/internal/outage"
	"github.com/loyaltylinks/platform/linkmgmt/internal/overlay"
	"github.com/loyaltylinks/platform/linkmgmt/internal/pixel"
	"github.com/loyaltylinks/platform/linkmgmt/internal/qr"
	"github.com/loyaltylinks/platform/linkmgmt/internal/ratelimit"
	"github.com/loyaltylinks/platform/linkmgmt/internal/redirect"
	"github.com/loyaltylinks/platform/linkmgmt/internal/splash"
	"github.com/loyaltylinks/platform/shared/clientip"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"
)

// App is the service: what the HTTP layer serves, and the workers main runs beside it.
type App struct {
	Config config.Config
	Log    *slog.Logger

	Accounts  *account.Store
	Links     *link.Service
	Campaigns *campaign.Store
	// CampaignPages are the rotator and the public list pages of campaigns.
	CampaignPages *campaign.Pages
	Channels      *channel.Store
	Pixels        *pixel.Store
	Domains       *domain.Store
	Overlays      *overlay.Store
	Splash        *splash.Store
	QR            *qr.Service

	Redirects *redirect.Engine
	LinkCache *redirect.Cache
	// Bus carries cache invalidations between replicas; every store that changes what
	// the public pages show publishes on it.
	Bus     *cachebus.Bus
	Locator *geo.Locator
	// Outage follows whether Postgres can be reached (the public pages' lookups and the
	// readiness probe) and lets those caches answer stale meanwhile (LINK_STALE_IF_ERROR).
	Outage *outage.Tracker

	Clicks     *click.Recorder
	Flusher    *click.Flusher
	ClickStats *click.StatsReader
	// Analytics answers questions over time; Scopes finds what a question is about.
	Analytics *analytics.Reader
	Scopes    *analytics.Scopes

	// RateLimit is the API's sliding window (per account, per client address), and
	// RateLimitCheck how long the API waits for it before letting a call through.
	RateLimit      *ratelimit.Limiter
	RateLimitCheck RateLimitCheck

	// Checks are what /readyz asks, and must answer; without the Degraded ones the
	// service limps along. Redis is always among the latter; Postgres too while stale
	// answers are on (LINK_STALE_IF_ERROR), since the redirects of cached links go on
	// without it (readiness in linkmgmt/docs/links.md).
	Checks, Degraded map[string]Pinger

	stop    context.CancelFunc
	stopped sync.WaitGroup
	started bool
}

// Pinger is a dependency a readiness check asks.
type Pinger interface {
	Ping(ctx context.Context) error
}

// PingFunc adapts a function to Pinger.
type PingFunc func(ctx context.Context) error

// Ping calls f.
func (f PingFunc) Ping(ctx context.Context) error { return f(ctx) }

// tuning are settings tests change; production takes the zero values (defaults).
type tuning struct {
	rateWindow    time.Duration
	clickBacklog  int
	flushInterval time.Duration
	qrLogos       *qr.LogoConfig
	cacheClock    lru.Clock
	rateClock     func() time.Time
	rateCheck     RateLimitCheck
}

// RateLimitCheck bounds the API's use of the rate limit: a check waits at most Deadline
// for Redis, and after a failed one the API stops asking for Pause (measured by Now), so
// an outage costs one wait, not one per call. Calls not checked go through (fail open).
type RateLimitCheck struct {
	Deadline time.Duration
	Pause    time.Duration
	Now      func() time.Time
}

// The production bounds of the rate limit check.
const (
	DefaultRateLimitDeadline = 500 * time.Millisecond
	DefaultRateLimitPause    = 2 * time.Second
)

// WithRateLimitCheck replaces the non-zero parts of the rate limit check's bounds
// (tests: a deadline no busy machine reaches, a pause moved by the test's clock).
func WithRateLimitCheck(c RateLimitCheck) Option { return func(t *tuning) { t.rateCheck = c } }

// Option changes a setting that is not configuration (tests).
type Option func(*tuning)

// WithRateLimitWindow sets the length of the API rate limit's sliding window (default
// one minute).
func WithRateLimitWindow(d time.Duration) Option { return func(t *tuning) { t.rateWindow = d } }

// WithRateLimitClock makes the API rate limit read the time from now instead of Redis
// TIME (tests move its window instead of waiting).
func WithRateLimitClock(now func() time.Time) Option { return func(t *tuning) { t.rateClock = now } }

// WithClickBacklog sets how many enriched clicks the recorder holds while Redis is slow
// or down.
func WithClickBacklog(n int) Option { return func(t *tuning) { t.clickBacklog = n } }

// WithQRLogos replaces the QR logo settings taken from the configuration (tests bound
// the decodes at once, or allow loopback downloads).
func WithQRLogos(c qr.LogoConfig) Option { return func(t *tuning) { t.qrLogos = &c } }

// WithFlushInterval sets how often the flusher moves clicks to Postgres on its own.
func WithFlushInterval(d time.Duration) Option { return func(t *tuning) { t.flushInterval = d } }

// WithCacheClock sets the clock of the public pages' caches and of the outage tracker
// (tests move it past TTLs and stale windows instead of waiting).
func WithCacheClock(c lru.Clock) Option { return func(t *tuning) { t.cacheClock = c } }

// New builds the service over db and rdb. It opens nothing but the country database
// (GEOIP_DB, else the embedded one), and fails on a broken optional dependency rather than serving errors
// later. Close releases it; Start and Stop run the background workers.
func New(cfg config.Config, db *gorm.DB, rdb *redis.Client, log *slog.Logger, opts ...Option) (*App, error) {
	var tune tuning
	for _, o := range opts {
		o(&tune)
	}
	locator, err := geo.NewLocator(cfg.GeoIPDB)
	if err != nil {
		return nil, err
	}
	a := &App{Config: cfg, Log: log, Locator: locator}
	a.Bus = cachebus.New(rdb, log)
	a.Outage = outage.New(outage.Options{StaleWindow: cfg.LinkStaleIfError, Clock: tune.cacheClock, Heard: a.Bus.Listening})
	a.LinkCache = redirect.NewCache(redirect.CacheOptions{Outage: a.Outage})

	var checker domain.Checker = domain.NoCheck{}
	if cfg.DomainCheck == "dns" {
		checker = domain.DNSChecker{Targets: cfg.DomainCheckTargets}
	}
	a.Accounts = account.NewStore(db)
	a.Campaigns = campaign.NewStore(db, a.Bus)
	a.Channels = channel.NewStore(db, cfg.BaseURL)
	a.Pixels = pixel.NewStore(db, a.Bus)
	a.Domains = domain.NewStore(db, checker, a.Bus, hostOf(cfg.BaseURL))
	a.Overlays = overlay.NewStore(db, a.Bus)
	a.Splash = splash.NewStore(db, a.Bus)
	a.Links = link.NewService(db, cfg.BaseURL, link.References{
		Domains: a.Domains, Pixels: a.Pixels, Splash: a.Splash, Overlays: a.Overlays,
		Channels: a.Channels, Campaigns: a.Campaigns,
	}, a.Bus)
	a.CampaignPages = campaign.NewPages(a.Campaigns, a.Links, rdb, log, campaign.PagesOptions{Outage: a.Outage})
	a.Bus.Subscribe(a.LinkCache, a.CampaignPages)

	a.Clicks = click.NewRecorder(rdb, locator, log, click.RecorderOptions{MaxBacklog: tune.clickBacklog, MaxAge: cfg.ClickBufferMaxAge})
	a.Flusher = click.NewFlusher(db, rdb, log, click.FlusherOptions{Interval: tune.flushInterval, Retention: cfg.ClickRetention})
	a.ClickStats = click.NewStatsReader(db, rdb, log)
	a.Analytics = analytics.NewReader(db, a.ClickStats.Pending(), cfg.ClickRetention, log)
	a.Scopes = analytics.NewScopes(db)
	logos := qr.LogoConfig{Dir: cfg.QRLogoDir, MaxBytes: cfg.QRLogoMaxBytes, Timeout: cfg.QRLogoTimeout}
	if tune.qrLogos != nil {
		logos = *tune.qrLogos
	}
	// QR link codes get their short links from the links service, so a changed code is
	// forgotten by every replica's redirect cache and its scans are read like clicks.
	a.QR = qr.NewService(qr.Deps{
		DB:      db,
		Redis:   rdb,
		Links:   qr.NewLinks(a.Links),
		Stats:   a.ClickStats,
		Logos:   qr.NewLogoLoader(logos),
		BaseURL: cfg.BaseURL,
		Logger:  log,
	})
	a.Redirects = redirect.NewEngine(redirect.Config{
		Sources: redirect.Sources{Links: a.Links, Domains: a.Domains, Pixels: a.Pixels, Splash: a.Splash, Overlays: a.Overlays},
		Redis:   rdb, Cache: a.LinkCache, Locator: locator, ClientIPs: clientip.New(cfg.TrustedProxies), Clicks: a.Clicks, Logger: log,
	})
	a.RateLimit = ratelimit.New(rdb, tune.rateWindow)
	if tune.rateClock != nil {
		a.RateLimit = a.RateLimit.WithClock(tune.rateClock)
	}
	a.RateLimitCheck = RateLimitCheck{Deadline: DefaultRateLimitDeadline, Pause: DefaultRateLimitPause, Now: time.Now}
	if c := tune.rateCheck; c.Deadline > 0 {
		a.RateLimitCheck.Deadline = c.Deadline
	}
	if c := tune.rateCheck; c.Pause > 0 {
		a.RateLimitCheck.Pause = c.Pause
	}
	if c := tune.rateCheck; c.Now != nil {
		a.RateLimitCheck.Now = c.Now
	}
	a.Checks = map[string]Pinger{}
	a.Degraded = map[string]Pinger{"redis": PingFunc(func(ctx context.Context) error { return rdb.Ping(ctx).Err() })}
	postgres := PingFunc(func(ctx context.Context) error {
		err := database.Ping(ctx, db)
		a.Outage.Observe(err)
		return err
	})
	if cfg.LinkStaleIfError > 0 {
		a.Degraded["postgres"] = postgres
	} else {
		a.Checks["postgres"] = postgres
	}
	return a, nil
}

// OpenRedis returns the service's Redis client for url (REDIS_URL).
func OpenRedis(url string) (*redis.Client, error) {
	opts, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("REDIS_URL: %w", err)
	}
	return NewRedis(opts, breaker.DefaultPause), nil
}

// NewRedis returns a Redis client over opts with the service's settings. Every call
// carries its own deadline (the rate limit's is short) and the client takes it from the
// call's context. After a call times out, the other calls of the same request fail at
// once (breaker.Once, given to every request by the HTTP server), and so do every
// replica's calls for pause (breaker): a Redis that hangs costs a request at most one
// of those deadlines, and the requests that follow within pause none.
func NewRedis(opts *redis.Options, pause time.Duration) *redis.Client {
	opts.ContextTimeoutEnabled = true
	rdb := redis.NewClient(opts)
	rdb.AddHook(breaker.New(pause))
	return rdb
}

// hostOf is the host[:port] of a URL ("" when it has none).
func hostOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return u.Host
}

// Collectors are the service's own metrics (the HTTP server adds its own and Go's).
func (a *App) Collectors() []prometheus.Collector {
	return append(append(a.Clicks.Collectors(), a.Flusher.Collectors()...), a.Outage.Collectors()...)
}

// Start runs the background workers: the cache invalidation listener, the click
// recorder and the click flusher. They outlive ctx's cancellation (values are kept):
// Stop ends them, after the HTTP server has drained, so redirects answered during the
// drain are still recorded and flushed.
func (a *App) Start(ctx context.Context) {
	if a.started {
		return
	}
	a.started = true
	ctx, a.stop = context.WithCancel(context.WithoutCancel(ctx))
	recorderCtx, stopRecorder := context.WithCancel(ctx)
	a.stopped.Go(func() { a.Bus.Listen(ctx) })
	a.stopped.Go(func() { a.Clicks.Run(recorderCtx) })
	a.stopped.Go(func() {
		// The recorder first (it drains its queue into Redis), then the flusher's last
		// pass.
		<-ctx.Done()
		stopRecorder()
	})
	flusherCtx, stopFlusher := context.WithCancel(context.WithoutCancel(ctx))
	a.stopped.Go(func() {
		<-ctx.Done()
		<-a.Clicks.Done()
		stopFlusher()
	})
	a.stopped.Go(func() { a.Flusher.Run(flusherCtx) })
}

// Ready is closed once this replica hears the cache invalidations of the others.
func (a *App) Ready() <-chan struct{} { return a.Bus.Ready() }

// Stop ends the background workers and waits for them: the recorder writes what it
// holds to Redis, then the flusher makes its last pass to Postgres.
func (a *App) Stop() {
	if !a.started {
		return
	}
	a.stop()
	a.stopped.Wait()
}

// Close releases what New opened (the country database).
func (a *App) Close() error {
	if err := a.Locator.Close(); err != nil {
		return fmt.Errorf("close geoip database: %w", err)
	}
	return nil
}
