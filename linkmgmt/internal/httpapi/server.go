// Package httpapi is the link-management service's HTTP layer: the /api routes (API key
// auth, rate limit, JSON envelopes), the public redirect routes, and the error mapping.
// Handlers are thin: bind, validate, call a domain package, render.
package httpapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/loyaltylinks/platform/linkmgmt/internal/account"
	"github.com/loyaltylinks/platform/linkmgmt/internal/qr"
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
	QR           *qr.Service
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
		Checks: map[string]func(context.Context) error{
			"postgres": func(ctx context.Context) error { return database.Ping(ctx, d.DB) },
			"redis":    func(ctx context.Context) error { return d.Redis.Ping(ctx).Err() },
		},
	})
	api := &API{log: d.Logger, deps: d}
	api.routes(srv)
	return srv
}

// Handler is New as a plain http.Handler (tests).
func Handler(d Deps) http.Handler { return New(d).Echo }
