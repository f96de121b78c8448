// Package httpapi is the loyalty service's HTTP layer: every route (routes.go), request
// binding and validation (FastAPI-compatible 422 bodies), authentication and the one
// mapping from errors to statuses and bodies (errors.go).
//
// Handlers are methods of one small struct per resource (customerHandlers, ...) holding
// the services that resource needs, taken from app.App; they bind, validate, call a
// domain service and render. The file of a resource holds its handlers and its request
// bodies: customers.go serves /customer and /customers, and so on.
package httpapi

import (
	"context"
	"log/slog"

	"github.com/loyaltylinks/platform/loyalty/internal/app"
	"github.com/loyaltylinks/platform/shared/server"
)

// New returns the loyalty HTTP server over the wired service, every route registered.
// version is shown on the landing page.
func New(a *app.App, version string) *server.Server {
	srv := server.New(server.Config{
		Service:      "loyalty",
		Logger:       a.Log,
		MaxBodyBytes: a.Config.MaxBodyBytes,
		ErrorHandler: errorHandler(a.Log),
		Checks:       map[string]func(context.Context) error{"postgres": a.Ping},
	})
	routes(srv, a, version)
	return srv
}

// base is what every handler uses besides its services: the logger and the binder.
type base struct {
	log  *slog.Logger
	bind *Binder
}
