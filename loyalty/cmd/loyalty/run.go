package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"

	"github.com/loyaltylinks/platform/loyalty/internal/appusers"
	"github.com/loyaltylinks/platform/loyalty/internal/config"
	"github.com/loyaltylinks/platform/loyalty/internal/httpapi"
	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/auth"
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

func openDB(cfg config.Config) (*gorm.DB, func(), error) {
	db, err := database.Open(cfg.DatabaseURL, database.Options{Schema: migrations.Schema, MaxOpenConns: cfg.DBMaxConns})
	if err != nil {
		return nil, nil, fmt.Errorf("open database: %w", err)
	}
	closeDB := func() {
		if sqlDB, err := db.DB(); err == nil {
			_ = sqlDB.Close()
		}
	}
	return db, closeDB, nil
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
	deps := httpapi.Deps{
		Logger:       logger,
		DB:           db,
		Tokens:       tokens,
		MaxBodyBytes: cfg.MaxBodyBytes,
		Version:      version,
	}
	if cfg.ExternalAppUsersURL != "" {
		if deps.AppUsers, err = appusers.New(cfg.ExternalAppUsersURL); err != nil {
			return err
		}
	}
	srv := httpapi.New(deps)
	logger.InfoContext(ctx, "loyalty starting", "addr", cfg.HTTPAddr, "version", version)
	if err := srv.Serve(ctx, cfg.HTTPAddr, cfg.ShutdownGrace); err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	logger.Info("loyalty stopped")
	return nil
}
