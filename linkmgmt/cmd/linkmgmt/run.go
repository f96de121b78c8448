package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"

	"github.com/loyaltylinks/platform/linkmgmt/internal/account"
	"github.com/loyaltylinks/platform/linkmgmt/internal/app"
	"github.com/loyaltylinks/platform/linkmgmt/internal/config"
	"github.com/loyaltylinks/platform/linkmgmt/internal/geo"
	"github.com/loyaltylinks/platform/linkmgmt/internal/httpapi"
	"github.com/loyaltylinks/platform/linkmgmt/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/server"
	"gorm.io/gorm"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

const usage = `usage: linkmgmt [command]

commands:
  serve                 run the HTTP API and redirect server (default)
  migrate               apply database migrations and exit
  version               print the version and the build date of the embedded country data
  users create --email E [--password P] [--admin] [--plan NAME]
                        create an account; prints its API key alone on the last line

serve reads the whole configuration (README); migrate and users read only the database
variables (DATABASE_URL, DB_MAX_CONNS, MIGRATE_ON_START, LOG_LEVEL), so the schema and
the first account can be set up before the rest is configured. serve and users apply
the migrations first unless MIGRATE_ON_START=false.
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
		return printVersion(stdout)
	case "help", "--help", "-h":
		fmt.Fprint(stdout, usage)
		return nil
	case "migrate", "users":
		db, err := config.LoadDatabase(getenv)
		if err != nil {
			return err
		}
		logger, err := server.NewLogger(stderr, db.LogLevel, "linkmgmt")
		if err != nil {
			return err
		}
		if cmd == "migrate" {
			return migrations.Apply(ctx, db.DatabaseURL, logger)
		}
		return usersCommand(ctx, db, logger, args, stdout, stderr)
	case "serve":
		cfg, err := config.Load(getenv)
		if err != nil {
			return err
		}
		logger, err := server.NewLogger(stderr, cfg.LogLevel, "linkmgmt")
		if err != nil {
			return err
		}
		return serve(ctx, cfg, logger)
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown command %q", cmd)
	}
}

// printVersion prints the build's version, then the country data compiled in with its
// build date (GEOIP_DB, which replaces it, is read by serve, which logs what it reads).
func printVersion(stdout io.Writer) error {
	data, err := geo.EmbeddedDatabase()
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, version)
	fmt.Fprintf(stdout, "country data: %v\n", data)
	return nil
}

// openDB opens the service's pool (database.OpenService: every command that uses the
// database, serve and users, opens it there).
func openDB(ctx context.Context, db config.Database, logger *slog.Logger) (*gorm.DB, func(), error) {
	return database.OpenService(ctx, db, migrations.Apply, logger, database.Options{Schema: migrations.Schema})
}

func usersCommand(ctx context.Context, cfg config.Database, logger *slog.Logger, args []string, stdout, stderr io.Writer) error {
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
	db, closeDB, err := openDB(ctx, cfg.Database, logger)
	if err != nil {
		return err
	}
	defer closeDB()
	rdb, err := app.OpenRedis(cfg.RedisURL)
	if err != nil {
		return err
	}
	defer rdb.Close()
	svc, err := app.New(cfg, db, rdb, logger)
	if err != nil {
		return err
	}
	defer svc.Close()
	srv := httpapi.New(svc)

	// The workers outlive the HTTP server by a little: they stop after it has drained,
	// so redirects answered during the drain are still recorded and flushed.
	svc.Start(ctx)
	logger.InfoContext(ctx, "linkmgmt starting", "addr", cfg.HTTPAddr, "metrics_addr", cfg.MetricsAddr, "base_url", cfg.BaseURL, "version", version, "country_data", svc.Locator.Database().String())
	serveErr := srv.Serve(ctx, server.Options(cfg.Server))
	svc.Stop()
	if serveErr != nil && !errors.Is(serveErr, context.Canceled) {
		return serveErr
	}
	logger.Info("linkmgmt stopped")
	return nil
}
