// Package httpapi is the loyalty service's HTTP layer: routes, request binding and
// validation (FastAPI-compatible 422 bodies), authentication and the error mapping.
// Handlers are thin: bind, validate, call a domain service, render.
package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery"
	"github.com/loyaltylinks/platform/loyalty/internal/batch"
	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/loyalty/internal/redeem"
	"github.com/loyaltylinks/platform/loyalty/internal/user"
	"github.com/loyaltylinks/platform/loyalty/internal/webhook"
	"github.com/loyaltylinks/platform/shared/apidoc"
	"github.com/loyaltylinks/platform/shared/auth"
	"github.com/loyaltylinks/platform/shared/clientip"
	"github.com/loyaltylinks/platform/shared/server"
	"gorm.io/gorm"

	"github.com/loyaltylinks/platform/shared/database"
)

// Deps is everything the HTTP layer needs. main builds it.
type Deps struct {
	Logger       *slog.Logger
	DB           *gorm.DB
	Tokens       *auth.JWT
	MaxBodyBytes int64
	Version      string
	// AIQueries is the report-query service; nil gives the offline rules generator with
	// the default limits over DB.
	AIQueries *aiquery.Service
	Ledger    ledger.Config
	// MaxConcurrentExports bounds the file exports running at once in this replica (each
	// holds a database connection and some memory); 0 means 4. Beyond it: 429.
	MaxConcurrentExports int
	// AppUsers looks documents up in the external app-user service; nil when
	// EXTERNAL_APP_USERS_URL is not set.
	AppUsers batch.AppUserDirectory
	// Webhooks manages webhook subscriptions (and pings them); nil gives one with the
	// default configuration (private receiver addresses refused) over DB.
	Webhooks *webhook.Service
	// Events is the webhook outbox the domain packages record their changes in; nil gives
	// one that asks the database on every change (serve shares one kept up to date).
	Events *event.Outbox
	// AccessTTL bounds how long a replica acts on a user's state (active, role, token
	// version) it read: 0 means user.DefaultAccessTTL, negative reads it on every request.
	AccessTTL time.Duration
	// LoginThrottle limits password guessing; zero fields take the defaults.
	LoginThrottle user.ThrottleLimits
	// ClientIP derives a request's client address (login throttle); nil means the TCP
	// peer, trusting no proxy.
	ClientIP *clientip.Resolver
}

// API holds the dependencies the handlers use.
type API struct {
	log    *slog.Logger
	bind   *Binder
	tokens *auth.JWT
	deps   Deps
	doc    *apidoc.Doc
	ai     *aiquery.Service

	ledger  *ledger.Service
	redeems *redeem.Service
	hooks   *webhook.Service
	events  *event.Outbox

	access   *user.Access
	clientIP *clientip.Resolver
}

// New returns the loyalty HTTP server with every route registered.
func New(d Deps) *server.Server {
	srv := server.New(server.Config{
		Service:      "loyalty",
		Logger:       d.Logger,
		MaxBodyBytes: d.MaxBodyBytes,
		ErrorHandler: errorHandler(d.Logger),
		Checks: map[string]func(context.Context) error{
			"postgres": func(ctx context.Context) error { return database.Ping(ctx, d.DB) },
		},
	})
	// Every change integrators can subscribe to is written to the webhook outbox in its
	// own transaction (docs/webhooks.md).
	events := d.Events
	if events == nil {
		events = &event.Outbox{}
	}
	api := &API{log: d.Logger, bind: NewBinder(), tokens: d.Tokens, deps: d, ai: d.AIQueries,
		ledger: ledger.NewService(d.DB, d.Ledger).WithEvents(events), redeems: redeem.NewService(d.DB).WithEvents(events), events: events,
		access: user.NewAccess(d.DB, accessTTL(d.AccessTTL)), clientIP: d.ClientIP}
	if api.hooks = d.Webhooks; api.hooks == nil {
		// Without a secret key the defaults cannot fail.
		api.hooks, _ = webhook.New(d.DB, webhook.Config{Logger: d.Logger})
	}
	if api.ai == nil && d.DB != nil {
		ai, err := aiquery.NewService(d.DB, aiquery.Options{Logger: d.Logger})
		if err != nil {
			d.Logger.Error("ai queries unavailable", "error", err)
		}
		api.ai = ai
	}
	api.routes(srv)
	return srv
}

func accessTTL(ttl time.Duration) time.Duration {
	switch {
	case ttl == 0:
		return user.DefaultAccessTTL
	case ttl < 0:
		return 0
	}
	return ttl
}

// Handler is New as a plain http.Handler (tests).
func Handler(d Deps) http.Handler { return New(d).Echo }
