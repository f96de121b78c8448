// Package httpapi is the link-management service's HTTP layer: the /api routes (API key
// auth, rate limit, JSON envelopes), the public redirect routes, and the error mapping.
// Handlers are methods of one small struct per resource (linkHandlers, qrHandlers, ...)
// holding the services that resource needs, taken from app.App; they bind and validate
// (Binder, body.go), call a domain package and render. The file of a resource holds its
// handlers and its request and response bodies; routes.go registers every route.
package httpapi

import (
	"context"
	"log/slog"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/linkmgmt/internal/app"
	"github.com/loyaltylinks/platform/linkmgmt/internal/breaker"
	"github.com/loyaltylinks/platform/shared/server"
)

// base is what every handler of the API uses besides its services: the logger and the
// binder.
type base struct {
	log  *slog.Logger
	bind *Binder
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
	limiter := &rateLimiter{
		limiter:   svc.RateLimit,
		freeLimit: freeLimit,
		log:       svc.Log,
		metrics:   newRateLimitMetrics(srv.Registry),
		clientIP:  svc.Redirects.ClientIP,
		check:     svc.RateLimitCheck,
	}
	routes(srv, svc, limiter)
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
