package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"

	"github.com/loyaltylinks/platform/loyalty/internal/app"
	"github.com/loyaltylinks/platform/loyalty/internal/config"
	"github.com/loyaltylinks/platform/loyalty/internal/httpapi"
	"github.com/loyaltylinks/platform/loyalty/migrations"
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
  webhook-receiver
            a local webhook receiver that checks signatures and prints each delivery
            (loyalty webhook-receiver --help; docs/webhooks.md)
  users     manage service users: create (the first admin, typically), list, deactivate,
            activate, set-role, reset-password, delete (loyalty users help)

serve and admin read the whole configuration (README); migrate and users read only the
database variables (DATABASE_URL, DB_MAX_CONNS, MIGRATE_ON_START, LOG_LEVEL), so the
schema and the first admin can be set up before the rest is configured. serve, admin
and users apply the migrations first unless MIGRATE_ON_START=false.
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
	case "users":
		return usersCommand(ctx, args, getenv, stdout, stderr)
	case "webhook-receiver":
		return webhookReceiver(ctx, args, getenv, stdout, stderr)
	case "migrate":
		db, err := config.LoadDatabase(getenv)
		if err != nil {
			return err
		}
		logger, err := server.NewLogger(stderr, db.LogLevel, "loyalty")
		if err != nil {
			return err
		}
		return migrations.Apply(ctx, db.DatabaseURL, logger)
	case "serve":
		cfg, err := config.Load(getenv)
		if err != nil {
			return err
		}
		logger, err := server.NewLogger(stderr, cfg.LogLevel, "loyalty")
		if err != nil {
			return err
		}
		return serve(ctx, cfg, logger)
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown command %q", cmd)
	}
}

// openDB opens the service's pool (database.OpenService: every command that uses the
// database, serve, admin and users, opens it there). Idle connections are kept up to the
// pool size (they still close after ConnMaxIdleTime): the ledger's statement
// (loyalty.ledger_move) is a PL/pgSQL function compiled and planned once per connection,
// and closing the connections of a burst beyond 10 idle ones would pay that again at the
// next burst.
func openDB(ctx context.Context, db config.Database, logger *slog.Logger) (*gorm.DB, func(), error) {
	return database.OpenService(ctx, db, migrations.Apply, logger, database.Options{Schema: migrations.Schema, MaxIdleConns: db.DBMaxConns})
}

// openApp opens the database (openDB) and builds the service over it (app.New): how
// serve and admin start. done closes both.
func openApp(ctx context.Context, cfg config.Config, logger *slog.Logger) (a *app.App, done func(), err error) {
	db, closeDB, err := openDB(ctx, cfg.Database, logger)
	if err != nil {
		return nil, nil, err
	}
	if a, err = app.New(ctx, cfg, db, logger); err != nil {
		closeDB()
		return nil, nil, err
	}
	return a, func() { a.Close(); closeDB() }, nil
}

func serve(ctx context.Context, cfg config.Config, logger *slog.Logger) error {
	a, done, err := openApp(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer done()
	srv := httpapi.New(a, version)

	// The background jobs run in every replica and stop with the server, before the
	// database closes.
	jobCtx, stopJobs := context.WithCancel(ctx)
	var jobs sync.WaitGroup
	jobs.Go(func() { a.RunJobs(jobCtx) })
	defer jobs.Wait()
	defer stopJobs()

	logger.InfoContext(ctx, "loyalty starting", "addr", cfg.HTTPAddr, "metrics_addr", cfg.MetricsAddr, "version", version)
	err = srv.Serve(ctx, server.Options(cfg.Server))
	if err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	logger.Info("loyalty stopped")
	return nil
}
