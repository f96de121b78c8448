package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery"
	"github.com/loyaltylinks/platform/loyalty/internal/appusers"
	"github.com/loyaltylinks/platform/loyalty/internal/config"
	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"github.com/loyaltylinks/platform/loyalty/internal/httpapi"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/loyalty/internal/redeem"
	"github.com/loyaltylinks/platform/loyalty/internal/user"
	"github.com/loyaltylinks/platform/loyalty/internal/webhook"
	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/auth"
	"github.com/loyaltylinks/platform/shared/clientip"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/server"
	"gorm.io/gorm"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

const usage = `usage: loyalty [command]

commands:
  serve     run the HTTP API (default)
  migrate   apply database migrations and exit
  admin     batch jobs: reprocess-store-owner, sync-app-users (loyalty admin help)
  version   print the version
  users     manage service users: create (the first admin, typically), list, deactivate,
            activate, set-role, reset-password, delete (loyalty users help)
`

// run is the whole program: main only supplies the process's context, arguments,
// environment and output streams, so tests can call it directly.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cmd := "serve"
	if len(args) > 0 {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "version", "--version", "-v":
		fmt.Fprintln(stdout, version)
		return nil
	case "help", "--help", "-h":
		fmt.Fprint(stdout, usage)
		return nil
	case "admin":
		return runAdmin(ctx, args, getenv, stdout, stderr)
	case "serve", "migrate":
	case "users":
		return usersCommand(ctx, args, getenv, stdout, stderr)
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown command %q", cmd)
	}

	cfg, err := config.Load(getenv)
	if err != nil {
		return err
	}
	logger, err := server.NewLogger(stderr, cfg.LogLevel, "loyalty")
	if err != nil {
		return err
	}

	switch cmd {
	case "migrate":
		return migrations.Apply(ctx, cfg.DatabaseURL, logger)
	default:
		return serve(ctx, cfg, logger)
	}
}

// openDB opens the service's pool and returns the function that closes it (a failure
// to close at exit changes nothing, so it is not reported).
func openDB(cfg config.Config) (*gorm.DB, func(), error) {
	db, err := database.Open(cfg.DatabaseURL, database.Options{Schema: migrations.Schema, MaxOpenConns: cfg.DBMaxConns})
	if err != nil {
		return nil, nil, fmt.Errorf("open database: %w", err)
	}
	return db, func() { _ = database.Close(db) }, nil
}

func serve(ctx context.Context, cfg config.Config, logger *slog.Logger) error {
	if cfg.MigrateOnStart {
		if err := migrations.Apply(ctx, cfg.DatabaseURL, logger); err != nil {
			return err
		}
	}
	db, closeDB, err := openDB(cfg)
	if err != nil {
		return err
	}
	defer closeDB()

	tokens, err := auth.NewJWT(cfg.JWTSecret, cfg.JWTIssuer, cfg.JWTTTL)
	if err != nil {
		return fmt.Errorf("jwt: %w", err)
	}
	ai, closeAI, err := newAIQueries(cfg, db, logger)
	if err != nil {
		return err
	}
	defer closeAI()
	deps := httpapi.Deps{
		Logger:               logger,
		DB:                   db,
		Tokens:               tokens,
		MaxBodyBytes:         cfg.MaxBodyBytes,
		MaxConcurrentExports: cfg.MaxConcurrentExports,
		Version:              version,
		AIQueries:            ai,
		Ledger:               ledger.Config{PointsPerCurrencyUnit: cfg.PointsPerCurrencyUnit},
		AccessTTL:            cfg.AuthCacheTTL,
		ClientIP:             clientip.New(cfg.TrustedProxies),
		LoginThrottle: user.ThrottleLimits{
			Window: cfg.LoginThrottleWindow, PerPair: cfg.LoginMaxFailures,
			PerAddress: cfg.LoginMaxFailuresPerAddress, PerUsername: cfg.LoginMaxFailuresPerUser,
		},
	}
	if cfg.AuthCacheTTL == 0 {
		deps.AccessTTL = -1 // AUTH_CACHE_TTL=0: read the user's state on every request
	}
	if cfg.ExternalAppUsersURL != "" {
		if deps.AppUsers, err = appusers.New(cfg.ExternalAppUsersURL); err != nil {
			return err
		}
	}
	// One outbox for the replica: it knows which event types active subscriptions want,
	// so changes nobody subscribed to write nothing (docs/webhooks.md).
	events := &event.Outbox{}
	hooks, err := webhook.New(db, webhook.Config{
		MaxAge: cfg.WebhookMaxAge, AllowPrivate: cfg.WebhookAllowPrivate, Timeout: cfg.WebhookTimeout,
		PollInterval: cfg.WebhookPollInterval, Concurrency: cfg.WebhookConcurrency, Retention: cfg.WebhookRetention,
		RetryBase: cfg.WebhookRetryBase, RetryMax: cfg.WebhookRetryMax, SecretKey: cfg.WebhookSecretKey, Logger: logger,
		Outbox: events,
	})
	if err != nil {
		return err
	}
	deps.Webhooks, deps.Events = hooks, events
	srv := httpapi.New(deps)

	// The redeem expiry job and the webhook delivery workers run in every replica (both
	// claim rows with SKIP LOCKED) and stop with the server, before the database closes.
	jobCtx, stopJobs := context.WithCancel(ctx)
	var jobs sync.WaitGroup
	jobs.Go(func() {
		redeem.NewService(db).WithEvents(events).RunExpiry(jobCtx, cfg.RedeemExpiryInterval, logger)
	})
	jobs.Go(func() { events.Watch(jobCtx, db, cfg.WebhookPollInterval, logger) })
	jobs.Go(func() { hooks.Run(jobCtx) })
	defer jobs.Wait()
	defer stopJobs()

	logger.InfoContext(ctx, "loyalty starting", "addr", cfg.HTTPAddr, "metrics_addr", cfg.MetricsAddr, "version", version)
	err = srv.Serve(ctx, server.ServeOptions{
		Addr:              cfg.HTTPAddr,
		MetricsAddr:       cfg.MetricsAddr,
		Grace:             cfg.ShutdownGrace,
		ReadTimeout:       cfg.HTTPReadTimeout,
		WriteStallTimeout: cfg.HTTPWriteStallTimeout,
	})
	if err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	logger.Info("loyalty stopped")
	return nil
}

// newAIQueries builds the report-query service: the configured generator, and the pool
// report queries run on. That pool is always their own (AI_DB_MAX_CONNS connections, on
// AI_DATABASE_URL when set, else DATABASE_URL), so report queries can never take the
// connections the rest of the API needs.
func newAIQueries(cfg config.Config, db *gorm.DB, logger *slog.Logger) (*aiquery.Service, func(), error) {
	opts := aiquery.Options{
		Logger:           logger,
		Role:             cfg.AIDBRole,
		StatementTimeout: cfg.AIStatementTimeout,
		MaxRows:          cfg.AIMaxRows,
		MaxResultBytes:   cfg.AIMaxResultBytes,
		MaxConcurrent:    cfg.AIMaxConcurrent,
		Location:         cfg.AITimezone,
	}
	if cfg.AIProvider == "openai" {
		opts.Generator = aiquery.NewOpenAI(aiquery.OpenAIConfig{
			BaseURL: cfg.AIBaseURL, APIKey: cfg.AIAPIKey, Model: cfg.AIModel,
			Timeout: cfg.AITimeout, TimeZone: cfg.AITimezone.String(),
		})
	}
	reportURL := cfg.AIDatabaseURL
	if reportURL == "" {
		reportURL = cfg.DatabaseURL
	}
	reportDB, err := database.OpenSQL(reportURL, database.Options{Schema: aiquery.ReportingSchema, MaxOpenConns: cfg.AIDBMaxConns})
	if err != nil {
		return nil, nil, fmt.Errorf("report query pool: %w", err)
	}
	opts.ReportDB = reportDB
	closeFn := func() { _ = reportDB.Close() }
	ai, err := aiquery.NewService(db, opts)
	if err != nil {
		closeFn()
		return nil, nil, err
	}
	return ai, closeFn, nil
}
