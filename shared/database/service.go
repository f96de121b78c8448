package database

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/loyaltylinks/platform/shared/config"
	"gorm.io/gorm"
)

// Migrator applies a service's migrations to the database at databaseURL (the services'
// migrations.Apply).
type Migrator func(ctx context.Context, databaseURL string, log *slog.Logger) error

// OpenService opens a service's pool from its database settings, as every command of
// either service that uses the database does, so they all agree on whether it migrates:
// migrate first unless MIGRATE_ON_START=false, then a pool of at most DB_MAX_CONNS
// connections (opts gives the rest: the schema, the idle connections kept). done closes
// the pool; a failure to close at exit changes nothing, so it is not reported.
func OpenService(ctx context.Context, cfg config.Database, migrate Migrator, log *slog.Logger, opts Options) (db *gorm.DB, done func(), err error) {
	if cfg.MigrateOnStart {
		if err := migrate(ctx, cfg.DatabaseURL, log); err != nil {
			return nil, nil, err
		}
	}
	opts.MaxOpenConns = cfg.DBMaxConns
	if db, err = Open(cfg.DatabaseURL, opts); err != nil {
		return nil, nil, fmt.Errorf("open database: %w", err)
	}
	return db, func() { _ = Close(db) }, nil
}
