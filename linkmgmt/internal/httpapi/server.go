// Package httpapi is the link-management service's HTTP layer: the /api routes (API key
// auth, rate limit, JSON envelopes), the public redirect routes, and the error mapping.
// Handlers are thin: bind, validate, call a domain package, render.
package httpapi

import (
	"context"
	"log/slog"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/linkmgmt/internal/app"
	"github.com/loyaltylinks/platform/linkmgmt/internal/breaker"
	"github.com/loyaltylinks/platform/linkmgmt/internal/lru"
	"github.com/loyaltylinks/platform/shared/apidoc"
	"github.com/loyaltylinks/platform/shared/server"
)

// API holds what the handlers use: the service's parts, built by app.New.
type API struct {
	log       *slog.Logger
	svc       *app.App
	doc       *apidoc.Doc
	rateLimit *rateLimiter
	exports   chan struct{} // clicks CSV downloads running (maxConcurrentExports)
	// statsPages caches the numbers of the public statistics pages (public_stats.go).
	statsPages *lru.Cache[int64, cachedStatsPage]
}

// New returns the linkmgmt HTTP server over the service svc, with every route
// registered. svc's background workers are main's (app.Start).
func New(svc *app.App) *server.Server {
	cfg := svc.Config
	srv := server.New(server.Config{
		Service:      "linkmgmt",
		Logger:       svc.Log,
		MaxBodyBytes: cfg.MaxBodyBytes,
		ErrorHandler: errorHandler(svc.Log),
		QuietRoutes:  publicRoutes,
		Checks:       checks(svc.Checks),
		// Without Redis the API still serves (the rate limit fails open), so a Redis
		// outage degrades the service instead of taking every replica out of rotation.
		Degraded: checks(svc.Degraded),
	})
	srv.Registry.MustRegister(svc.Collectors()...)
	srv.Echo.Use(oneRedisWait)
	freeLimit := cfg.RateLimitPerMinute
	if freeLimit <= 0 {
		freeLimit = 30
	}
	api := &API{
		log: svc.Log,
		svc: svc,
		rateLimit: &rateLimiter{
			limiter:   svc.RateLimit,
			freeLimit: freeLimit,
			log:       svc.Log,
			metrics:   newRateLimitMetrics(srv.Registry),
			clientIP:  svc.Redirects.ClientIP,
			check:     svc.RateLimitCheck,
		},
		exports:    make(chan struct{}, maxConcurrentExports),
		statsPages: newStatsPageCache(),
	}
	api.routes(srv)
	return srv
}

// checks turns the service's readiness dependencies into the server's checks.
func checks(deps map[string]app.Pinger) map[string]func(context.Context) error {
	out := make(map[string]func(context.Context) error, len(deps))
	for name, p := range deps {
		out[name] = p.Ping
	}
	return out
}

// oneRedisWait gives every request a budget of one Redis wait (breaker.Once): Redis is
// optional to every route, so after one of its commands times out the request goes on
// without Redis instead of waiting out each call's bound in turn.
func oneRedisWait(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		c.SetRequest(c.Request().WithContext(breaker.Once(c.Request().Context())))
		return next(c)
	}
}
