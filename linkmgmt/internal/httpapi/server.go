// Package httpapi is the link-management service's HTTP layer: the /api routes (API key
// auth, rate limit, JSON envelopes), the public redirect routes, and the error mapping.
// Handlers are thin: bind, validate, call a domain package, render.
package httpapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/loyaltylinks/platform/linkmgmt/internal/account"
	"github.com/loyaltylinks/platform/linkmgmt/internal/click"
	"github.com/loyaltylinks/platform/linkmgmt/internal/geo"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/loyaltylinks/platform/linkmgmt/internal/redirect"
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

	// Links, redirects and click analytics. main wires them (with their background
	// workers); New builds working defaults for whatever is nil.
	Links      *link.Service
	Redirects  *redirect.Engine
	Clicks     *click.Recorder
	ClickStats *click.StatsReader
	Flusher    *click.Flusher // only its metrics are registered here
}

// API holds the dependencies the handlers use.
type API struct {
	log  *slog.Logger
	deps Deps
	doc  *apidoc.Doc
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
			"redis":    func(ctx context.Context) error { return d.Redis.Ping(ctx).Err() },
		},
	})
	d = linkDefaults(d)
	srv.Registry.MustRegister(d.Clicks.Collectors()...)
	if d.Flusher != nil {
		srv.Registry.MustRegister(d.Flusher.Collectors()...)
	}
	api := &API{log: d.Logger, deps: d}
	api.routes(srv)
	return srv
}

// Handler is New as a plain http.Handler (tests).
func Handler(d Deps) http.Handler { return New(d).Echo }

// linkDefaults fills the link area's dependencies main did not provide. The recorder
// built here is not running: its queue fills and then drops, which is what a server
// without background workers (some tests) should do.
func linkDefaults(d Deps) Deps {
	if d.Links == nil {
		d.Links = link.NewService(d.DB, d.BaseURL, nil)
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
			DB: d.DB, Redis: d.Redis, Links: d.Links, Cache: redirect.NewCache(redirect.CacheOptions{}),
			Locator: loc, Clicks: d.Clicks, Logger: d.Logger,
		})
	}
	return d
}
