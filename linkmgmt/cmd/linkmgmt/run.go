package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"

	"github.com/loyaltylinks/platform/linkmgmt/internal/account"
	"github.com/loyaltylinks/platform/linkmgmt/internal/click"
	"github.com/loyaltylinks/platform/linkmgmt/internal/config"
	"github.com/loyaltylinks/platform/linkmgmt/internal/domain"
	"github.com/loyaltylinks/platform/linkmgmt/internal/geo"
	"github.com/loyaltylinks/platform/linkmgmt/internal/httpapi"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/loyaltylinks/platform/linkmgmt/internal/qr"
	"github.com/loyaltylinks/platform/linkmgmt/internal/redirect"
	"github.com/loyaltylinks/platform/linkmgmt/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/server"
	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

const usage = `usage: linkmgmt [command]

commands:
  serve                 run the HTTP API and redirect server (default)
  migrate               apply database migrations and exit
  version               print the version
  users create --email E [--password P] [--admin] [--plan NAME]
                        create an account; prints its API key alone on the last line
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
	case "serve", "migrate", "users":
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown command %q", cmd)
	}

	cfg, err := config.Load(getenv)
	if err != nil {
		return err
	}
	logger, err := server.NewLogger(stderr, cfg.LogLevel, "linkmgmt")
	if err != nil {
		return err
	}

	switch cmd {
	case "migrate":
		return migrations.Apply(ctx, cfg.DatabaseURL, logger)
	case "users":
		return usersCommand(ctx, cfg, logger, args, stdout, stderr)
	default:
		return serve(ctx, cfg, logger)
	}
}

// openDB applies the migrations first when MIGRATE_ON_START is set, then opens the
// service's pool and returns the function that closes it (a failure to close at exit
// changes nothing, so it is not reported).
func openDB(ctx context.Context, cfg config.Config, logger *slog.Logger) (*gorm.DB, func(), error) {
	if cfg.MigrateOnStart {
		if err := migrations.Apply(ctx, cfg.DatabaseURL, logger); err != nil {
			return nil, nil, err
		}
	}
	db, err := database.Open(cfg.DatabaseURL, database.Options{Schema: migrations.Schema, MaxOpenConns: cfg.DBMaxConns})
	if err != nil {
		return nil, nil, fmt.Errorf("open database: %w", err)
	}
	return db, func() { _ = database.Close(db) }, nil
}

func usersCommand(ctx context.Context, cfg config.Config, logger *slog.Logger, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "create" {
		fmt.Fprint(stderr, usage)
		return errors.New("usage: linkmgmt users create --email E [--password P] [--admin] [--plan NAME]")
	}
	fs := flag.NewFlagSet("users create", flag.ContinueOnError)
	fs.SetOutput(stderr)
	email := fs.String("email", "", "account email (required)")
	password := fs.String("password", "", "account password (optional)")
	admin := fs.Bool("admin", false, "make the account an administrator")
	plan := fs.String("plan", "free", "plan name (free, pro, business)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if *email == "" {
		return errors.New("users create: --email is required")
	}
	db, closeDB, err := openDB(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer closeDB()
	acc, key, err := account.NewStore(db).Create(ctx, account.CreateInput{Email: *email, Password: *password, Admin: *admin, Plan: *plan})
	if err != nil {
		return fmt.Errorf("users create: %w", err)
	}
	fmt.Fprintf(stdout, "created account %d (%s), plan %s, admin %t\n", acc.ID, acc.Email, acc.Plan, acc.IsAdmin)
	fmt.Fprintln(stdout, "API key (shown once, store it now):")
	fmt.Fprintln(stdout, key)
	return nil
}

func serve(ctx context.Context, cfg config.Config, logger *slog.Logger) error {
	db, closeDB, err := openDB(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer closeDB()

	redisOpts, err := redis.ParseURL(cfg.RedisURL)
	if err != nil {
		return fmt.Errorf("REDIS_URL: %w", err)
	}
	// Calls carry their own deadlines (the rate limit's is short), and a Redis that hangs
	// must not hold API calls longer than that.
	redisOpts.ContextTimeoutEnabled = true
	rdb := redis.NewClient(redisOpts)
	defer rdb.Close()

	var domainChecker domain.Checker = domain.NoCheck{}
	if cfg.DomainCheck == "dns" {
		domainChecker = domain.DNSChecker{Targets: cfg.DomainCheckTargets}
	}
	// Links, redirects and click analytics.
	locator, err := geo.NewLocator(cfg.TrustedProxies, cfg.GeoIPDB)
	if err != nil {
		return err
	}
	defer locator.Close()
	linkCache := redirect.NewCache(redirect.CacheOptions{})
	invalidator := redirect.NewInvalidator(rdb, logger, linkCache)
	links := link.NewService(db, cfg.BaseURL, invalidator)
	clicks := click.NewRecorder(rdb, locator, logger, click.RecorderOptions{})
	flusher := click.NewFlusher(db, rdb, logger, click.FlusherOptions{})
	clickStats := click.NewStatsReader(db, rdb, logger)
	// QR link codes get their short links from the links service, so a changed code is
	// forgotten by every replica's redirect cache and its scans are read like clicks.
	qrCodes := qr.NewService(qr.Deps{
		DB:      db,
		Redis:   rdb,
		Links:   qr.NewLinks(links),
		Stats:   clickStats,
		Logos:   qr.NewLogoLoader(qr.LogoConfig{Dir: cfg.QRLogoDir, MaxBytes: cfg.QRLogoMaxBytes, Timeout: cfg.QRLogoTimeout}),
		BaseURL: cfg.BaseURL,
		Logger:  logger,
	})
	redirects := redirect.NewEngine(redirect.Config{
		DB: db, Redis: rdb, Links: links, Cache: linkCache, Locator: locator, Clicks: clicks, Logger: logger,
	})

	srv := httpapi.New(httpapi.Deps{
		Logger:             logger,
		DB:                 db,
		Redis:              rdb,
		BaseURL:            cfg.BaseURL,
		MaxBodyBytes:       cfg.MaxBodyBytes,
		Accounts:           account.NewStore(db),
		RateLimitPerMinute: cfg.RateLimitPerMinute,
		DomainChecker:      domainChecker,
		QR:                 qrCodes,
		Links:              links,
		Redirects:          redirects,
		LinkCache:          linkCache,
		Invalidator:        invalidator,
		Clicks:             clicks,
		ClickStats:         clickStats,
		Flusher:            flusher,
	})

	// The click workers outlive the HTTP server by a little: they stop after it has
	// drained, so redirects answered during the drain are still recorded and flushed.
	recorderCtx, stopRecorder := context.WithCancel(context.WithoutCancel(ctx))
	defer stopRecorder()
	flusherCtx, stopFlusher := context.WithCancel(context.WithoutCancel(ctx))
	defer stopFlusher()
	go invalidator.Listen(flusherCtx)
	go clicks.Run(recorderCtx)
	flusherDone := make(chan struct{})
	go func() {
		defer close(flusherDone)
		flusher.Run(flusherCtx)
	}()

	logger.InfoContext(ctx, "linkmgmt starting", "addr", cfg.HTTPAddr, "metrics_addr", cfg.MetricsAddr, "base_url", cfg.BaseURL, "version", version)
	serveErr := srv.Serve(ctx, server.ServeOptions{
		Addr:              cfg.HTTPAddr,
		MetricsAddr:       cfg.MetricsAddr,
		Grace:             cfg.ShutdownGrace,
		ReadTimeout:       cfg.HTTPReadTimeout,
		WriteStallTimeout: cfg.HTTPWriteStallTimeout,
	})
	// Recorder first (it drains its queue into Redis), then the flusher's last pass.
	stopRecorder()
	<-clicks.Done()
	stopFlusher()
	<-flusherDone
	if serveErr != nil && !errors.Is(serveErr, context.Canceled) {
		return serveErr
	}
	logger.Info("linkmgmt stopped")
	return nil
}
