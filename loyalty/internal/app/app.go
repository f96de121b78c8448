// Package app builds the loyalty service: every domain service, once, over one database
// pool, from the configuration. `loyalty serve`, `loyalty admin`, the HTTP layer and the
// tests all take their services from New, so there is one object graph and it cannot
// drift between them.
//
// A configured optional dependency that cannot work (report queries whose database role
// is missing or not granted, an AI provider that refuses the key) stops New with an
// error naming it: the service refuses to start rather than answer 503 or 502 to every
// request that needs it.
package app

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery"
	"github.com/loyaltylinks/platform/loyalty/internal/appusers"
	"github.com/loyaltylinks/platform/loyalty/internal/batch"
	"github.com/loyaltylinks/platform/loyalty/internal/config"
	"github.com/loyaltylinks/platform/loyalty/internal/customer"
	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"github.com/loyaltylinks/platform/loyalty/internal/export"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/loyalty/internal/product"
	"github.com/loyaltylinks/platform/loyalty/internal/promotion"
	"github.com/loyaltylinks/platform/loyalty/internal/redeem"
	"github.com/loyaltylinks/platform/loyalty/internal/rollup"
	"github.com/loyaltylinks/platform/loyalty/internal/store"
	"github.com/loyaltylinks/platform/loyalty/internal/user"
	"github.com/loyaltylinks/platform/loyalty/internal/webhook"
	"github.com/loyaltylinks/platform/shared/auth"
	"github.com/loyaltylinks/platform/shared/clientip"
	"github.com/loyaltylinks/platform/shared/database"
	"gorm.io/gorm"
)

// App is the wired service. Its fields are the services the HTTP layer and the operator
// commands call; the database handle itself stays inside (Ping answers readiness).
type App struct {
	Config config.Config
	Log    *slog.Logger

	Tokens   *auth.JWT          // access tokens: issue and verify
	Users    *user.Repository   // service users: sign-in, admin routes, CLI
	Access   *user.Access       // a token's user as it is now (per request, cached AUTH_CACHE_TTL)
	Throttle *user.Throttle     // login throttle
	ClientIP *clientip.Resolver // a request's client address (TRUSTED_PROXIES)

	Stores     *store.Repository
	Promotions *promotion.Repository
	Products   *product.Repository
	Customers  *customer.Repository
	Ledger     *ledger.Service
	Redeems    *redeem.Service

	Exporter *export.Exporter
	Batch    *batch.Jobs
	// AppUsers is the external app-user service; nil when EXTERNAL_APP_USERS_URL is not
	// set (the feature is off, and its route says so).
	AppUsers batch.AppUserDirectory
	// AIQueries answers report questions, on its own pool (AI_DB_MAX_CONNS connections).
	AIQueries *aiquery.Service
	// Rollups re-aggregates the report rollups (every replica; one pass at a time).
	Rollups *rollup.Job

	// Events is the webhook outbox: Customers, Ledger and Redeems record every change
	// integrators can subscribe to through it, in the change's transaction.
	Events *event.Outbox
	// Webhooks manages subscriptions and delivers the events (docs/webhooks.md).
	Webhooks *webhook.Service

	db       *gorm.DB
	reportDB *sql.DB
}

// Option changes how New builds the service.
type Option func(*App)

// WithAppUsers replaces the external app-user client New would build from
// EXTERNAL_APP_USERS_URL (tests point a client with short time-outs at a fake service).
func WithAppUsers(d batch.AppUserDirectory) Option { return func(a *App) { a.AppUsers = d } }

// WithAccessClock sets the clock of the users' state cache (AUTH_CACHE_TTL): tests move
// it past the TTL instead of waiting.
func WithAccessClock(now func() time.Time) Option {
	return func(a *App) { a.Access = user.NewAccessWithClock(a.db, a.Config.AuthCacheTTL, now) }
}

// New wires the service over db (the pool of cfg.DatabaseURL, which the caller opens and
// closes). Close releases what New opened itself (the report queries' pool).
func New(ctx context.Context, cfg config.Config, db *gorm.DB, log *slog.Logger, opts ...Option) (*App, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, fmt.Errorf("database pool: %w", err)
	}
	tokens, err := auth.NewJWT(cfg.JWTSecret, cfg.JWTIssuer, cfg.JWTTTL)
	if err != nil {
		return nil, fmt.Errorf("JWT_SECRET: %w", err)
	}
	stores, promotions := store.NewRepository(db), promotion.NewRepository(db)
	events := &event.Outbox{}
	customers := customer.NewRepository(db, stores, promotions).WithEvents(events)
	hooks, err := webhook.New(db, webhook.Config{
		MaxAge: cfg.WebhookMaxAge, AllowPrivate: cfg.WebhookAllowPrivate, Timeout: cfg.WebhookTimeout,
		PollInterval: cfg.WebhookPollInterval, Concurrency: cfg.WebhookConcurrency, Retention: cfg.WebhookRetention,
		RetryBase: cfg.WebhookRetryBase, RetryMax: cfg.WebhookRetryMax, SecretKey: cfg.WebhookSecretKey,
		Logger: log, Outbox: events,
	})
	if err != nil {
		return nil, err
	}
	a := &App{
		Config:   cfg,
		Log:      log,
		Tokens:   tokens,
		Users:    user.NewRepository(db),
		Access:   user.NewAccess(db, cfg.AuthCacheTTL),
		Throttle: user.NewThrottle(db, throttleLimits(cfg), log),
		ClientIP: clientip.New(cfg.TrustedProxies),

		Stores:     stores,
		Promotions: promotions,
		Products:   product.NewRepository(db),
		Customers:  customers,
		Ledger: ledger.NewService(db, ledger.Config{
			PointsPerCurrencyUnit: cfg.PointsPerCurrencyUnit, PointsValidity: cfg.PointsValidity,
			PointsPendingDays: cfg.PointsPendingDays,
		}).WithEvents(events),
		Redeems:  redeem.NewService(db).WithEvents(events),
		Events:   events,
		Webhooks: hooks,

		Exporter: export.New(sqlDB, log),
		Batch:    batch.New(sqlDB, log).WithEvents(customers),
		Rollups:  rollup.New(db, cfg.AITimezone, log),
		db:       db,
	}
	if cfg.ExternalAppUsersURL != "" {
		client, err := appusers.New(cfg.ExternalAppUsersURL)
		if err != nil {
			return nil, fmt.Errorf("EXTERNAL_APP_USERS_URL: %w", err)
		}
		a.AppUsers = client
	}
	for _, opt := range opts {
		opt(a)
	}
	if err := a.openAIQueries(ctx, cfg); err != nil {
		a.Close()
		return nil, err
	}
	return a, nil
}

func throttleLimits(cfg config.Config) user.ThrottleLimits {
	return user.ThrottleLimits{
		Window: cfg.LoginThrottleWindow, PerPair: cfg.LoginMaxFailures,
		PerAddress: cfg.LoginMaxFailuresPerAddress, PerUsername: cfg.LoginMaxFailuresPerUser,
	}
}

// openAIQueries builds the report-query service: the configured generator, and the pool
// report queries run on. That pool is always their own (AI_DB_MAX_CONNS connections, on
// AI_DATABASE_URL when set, else DATABASE_URL), so report queries can never take the
// connections the rest of the API needs. A reporting role the report login cannot take
// stops the start; a database that does not answer yet does not (readiness says so).
func (a *App) openAIQueries(ctx context.Context, cfg config.Config) error {
	opts := aiquery.Options{
		Logger:           a.Log,
		Role:             cfg.AIDBRole,
		StatementTimeout: cfg.AIStatementTimeout,
		MaxRows:          cfg.AIMaxRows,
		MaxResultBytes:   cfg.AIMaxResultBytes,
		MaxConcurrent:    cfg.AIMaxConcurrent,
		Location:         cfg.AITimezone,
	}
	if cfg.AIProvider == "openai" {
		if err := a.checkAIProvider(ctx, cfg); err != nil {
			return err
		}
		// The rules answer first; the model only the questions they refuse (never a
		// request to change data).
		opts.Generator = aiquery.Fallback{
			First: aiquery.NewRules(time.Now, cfg.AITimezone),
			Second: aiquery.NewOpenAI(aiquery.OpenAIConfig{
				BaseURL: cfg.AIBaseURL, APIKey: cfg.AIAPIKey, Model: cfg.AIModel,
				Timeout: cfg.AITimeout, TimeZone: cfg.AITimezone.String(), Location: cfg.AITimezone,
			}),
		}
	}
	reportURL := cfg.AIDatabaseURL
	if reportURL == "" {
		reportURL = cfg.DatabaseURL
	}
	reportDB, err := database.OpenSQL(reportURL, database.Options{Schema: aiquery.ReportingSchema, MaxOpenConns: cfg.AIDBMaxConns})
	if err != nil {
		return fmt.Errorf("report query pool (AI_DATABASE_URL): %w", err)
	}
	a.reportDB, opts.ReportDB = reportDB, reportDB
	ai, err := aiquery.NewService(a.db, opts)
	if err != nil {
		return fmt.Errorf("report queries: %w", err)
	}
	checkCtx, cancel := context.WithTimeout(ctx, setupCheckTimeout)
	defer cancel()
	switch err := ai.CheckSetup(checkCtx); {
	case errors.Is(err, aiquery.ErrSetup):
		return fmt.Errorf("AI_DB_ROLE / AI_DATABASE_URL: %w", err)
	case err != nil:
		a.Log.WarnContext(ctx, "report queries could not be checked at start; the database may not answer yet", "error", err)
	}
	a.AIQueries = ai
	return nil
}

// setupCheckTimeout bounds the start-time checks of optional dependencies.
const setupCheckTimeout = 10 * time.Second

// Ping reports whether the database answers (readiness).
func (a *App) Ping(ctx context.Context) error { return database.Ping(ctx, a.db) }

// Audit checks the ledger's and the redeems' invariants over the whole database
// (ledger.Audit, redeem.Audit) and describes every violation; none on a healthy database.
func (a *App) Audit(ctx context.Context) ([]string, error) {
	problems, err := ledger.Audit(ctx, a.db)
	if err != nil {
		return nil, err
	}
	redeems, err := redeem.Audit(ctx, a.db)
	if err != nil {
		return nil, err
	}
	return append(problems, redeems...), nil
}

// RunJobs runs the background jobs of a replica until ctx ends: the expiry of pending
// redeems past their validity and of points past theirs, the webhook delivery workers with their pruning, the
// outbox's re-reading of the event types subscriptions want, and the report rollups'
// refresh. Every replica runs them (rows are claimed with SKIP LOCKED; one rollup pass at
// a time). It returns when they have stopped.
func (a *App) RunJobs(ctx context.Context) {
	var jobs sync.WaitGroup
	jobs.Go(func() { a.Redeems.RunExpiry(ctx, a.Config.RedeemExpiryInterval, a.Log) })
	jobs.Go(func() {
		a.Ledger.RunExpiry(ctx, ledger.ExpiryConfig{Interval: a.Config.PointsExpiryInterval, NoticeDays: a.Config.PointsExpiringNoticeDays}, a.Log)
	})
	jobs.Go(func() { a.Events.Watch(ctx, a.db, a.Config.WebhookPollInterval, a.Log) })
	jobs.Go(func() { a.Webhooks.Run(ctx) })
	jobs.Go(func() { a.Rollups.Run(ctx, a.Config.ReportRollupInterval) })
	jobs.Wait()
}

// Close releases what New opened: the report queries' pool. The main pool is the
// caller's.
func (a *App) Close() {
	if a.reportDB != nil {
		_ = a.reportDB.Close()
	}
}
