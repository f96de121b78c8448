// Package httpapi is the link-management service's HTTP layer: the /api routes (API key
// auth, rate limit, JSON envelopes), the public redirect routes, and the error mapping.
// Handlers are thin: bind, validate, call a domain package, render.
package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"net/url"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/account"
	"github.com/loyaltylinks/platform/linkmgmt/internal/campaign"
	"github.com/loyaltylinks/platform/linkmgmt/internal/channel"
	"github.com/loyaltylinks/platform/linkmgmt/internal/click"
	"github.com/loyaltylinks/platform/linkmgmt/internal/domain"
	"github.com/loyaltylinks/platform/linkmgmt/internal/geo"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/loyaltylinks/platform/linkmgmt/internal/overlay"
	"github.com/loyaltylinks/platform/linkmgmt/internal/pixel"
	"github.com/loyaltylinks/platform/linkmgmt/internal/qr"
	"github.com/loyaltylinks/platform/linkmgmt/internal/ratelimit"
	"github.com/loyaltylinks/platform/linkmgmt/internal/redirect"
	"github.com/loyaltylinks/platform/linkmgmt/internal/splash"
	"github.com/loyaltylinks/platform/shared/apidoc"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/server"
	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"
)

// Deps is everything the HTTP layer needs. main builds it.
type Deps struct {
	Logger       *slog.Logger
	DB           *gorm.DB
	Redis        *redis.Client
	BaseURL      string
	MaxBodyBytes int64
	Accounts     *account.Store

	// RateLimitPerMinute is the free plan's API limit (RATE_LIMIT_PER_MINUTE); other
	// plans take plans.requests_per_minute. 0 means the spec's 30.
	RateLimitPerMinute int
	// RateLimitWindow is the length of the sliding window; 0 means one minute. Tests
	// shorten it to watch the window slide.
	RateLimitWindow time.Duration
	// DomainChecker verifies that a new branded domain already points to the service
	// (DOMAIN_CHECK); nil accepts every domain.
	DomainChecker domain.Checker
	QR            *qr.Service
	// Links, redirects and click analytics. main wires them (with their background
	// workers); New builds working defaults for whatever is nil.
	Links     *link.Service
	Redirects *redirect.Engine
	// LinkCache is the cache Redirects reads and Invalidator clears (used to build the
	// defaults when those are nil).
	LinkCache *redirect.Cache
	// Invalidator tells every replica's redirect cache about changes: links (through
	// Links), and the domain, pixel, overlay and splash routes.
	Invalidator *redirect.Invalidator
	Clicks      *click.Recorder
	ClickStats  *click.StatsReader
	Flusher     *click.Flusher // only its metrics are registered here
}

// API holds the dependencies the handlers use.
type API struct {
	log  *slog.Logger
	deps Deps
	doc  *apidoc.Doc

	rateLimit *rateLimiter
	campaigns *campaign.Store
	rotation  *campaign.Rotator
	channels  *channel.Store
	pixels    *pixel.Store
	domains   *domain.Store
	overlays  *overlay.Store
	splash    *splash.Store
}

// New returns the linkmgmt HTTP server with every route registered.
func New(d Deps) *server.Server {
	srv := server.New(server.Config{
		Service:      "linkmgmt",
		Logger:       d.Logger,
		MaxBodyBytes: d.MaxBodyBytes,
		ErrorHandler: errorHandler(d.Logger),
		SkipLog:      isRedirectRoute,
		Checks: map[string]func(context.Context) error{
			"postgres": func(ctx context.Context) error { return database.Ping(ctx, d.DB) },
		},
		// Without Redis the API still serves (the rate limit fails open), so a Redis
		// outage degrades the service instead of taking every replica out of rotation.
		Degraded: map[string]func(context.Context) error{
			"redis": func(ctx context.Context) error { return d.Redis.Ping(ctx).Err() },
		},
	})
	d = linkDefaults(d)
	srv.Registry.MustRegister(d.Clicks.Collectors()...)
	if d.Flusher != nil {
		srv.Registry.MustRegister(d.Flusher.Collectors()...)
	}
	if d.RateLimitPerMinute <= 0 {
		d.RateLimitPerMinute = 30
	}
	api := &API{
		log:  d.Logger,
		deps: d,
		rateLimit: &rateLimiter{
			limiter:   ratelimit.New(d.Redis, d.RateLimitWindow),
			freeLimit: d.RateLimitPerMinute,
			log:       d.Logger,
			metrics:   newRateLimitMetrics(srv.Registry),
			clientIP:  d.Redirects.ClientIP,
		},
		campaigns: campaign.NewStore(d.DB),
		channels:  channel.NewStore(d.DB, d.BaseURL),
		pixels:    pixel.NewStore(d.DB),
		domains:   domain.NewStore(d.DB, d.DomainChecker, hostOf(d.BaseURL)),
		overlays:  overlay.NewStore(d.DB),
		splash:    splash.NewStore(d.DB),
	}
	api.rotation = campaign.NewRotator(api.campaigns, d.Redis, d.Logger)
	api.routes(srv)
	return srv
}

// hostOf is the lower-case host[:port] of a URL ("" when it has none).
func hostOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return u.Host
}

// Handler is New as a plain http.Handler (tests).
func Handler(d Deps) http.Handler { return New(d).Echo }

// linkDefaults fills the link area's dependencies main did not provide. The recorder
// built here is not running: its queue fills and then drops, which is what a server
// without background workers (some tests) should do.
func linkDefaults(d Deps) Deps {
	if d.LinkCache == nil {
		d.LinkCache = redirect.NewCache(redirect.CacheOptions{})
	}
	if d.Invalidator == nil {
		d.Invalidator = redirect.NewInvalidator(d.Redis, d.Logger, d.LinkCache)
	}
	if d.Links == nil {
		d.Links = link.NewService(d.DB, d.BaseURL, d.Invalidator)
	}
	if d.Clicks == nil {
		d.Clicks = click.NewRecorder(d.Redis, nil, d.Logger, click.RecorderOptions{})
	}
	if d.ClickStats == nil {
		d.ClickStats = click.NewStatsReader(d.DB, d.Redis, d.Logger)
	}
	if d.Redirects == nil {
		loc, _ := geo.NewLocator(nil, "")
		d.Redirects = redirect.NewEngine(redirect.Config{
			DB: d.DB, Redis: d.Redis, Links: d.Links, Cache: d.LinkCache,
			Locator: loc, Clicks: d.Clicks, Logger: d.Logger,
		})
	}
	return d
}
