// Package database opens the services' Postgres connections (GORM over the pgx driver,
// with a bounded pool and the service schema on the search path) and applies their
// embedded goose migrations.
package database

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"hash/fnv"
	"io/fs"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// Options tunes the connection pool.
type Options struct {
	Schema          string // put first on search_path; created by Migrate
	MaxOpenConns    int    // default 20
	MaxIdleConns    int    // default 10
	ConnMaxLifetime time.Duration
	ConnMaxIdleTime time.Duration
}

func (o *Options) defaults() {
	if o.MaxOpenConns <= 0 {
		o.MaxOpenConns = 20
	}
	if o.MaxIdleConns <= 0 {
		o.MaxIdleConns = min(10, o.MaxOpenConns)
	}
	if o.ConnMaxLifetime <= 0 {
		o.ConnMaxLifetime = 30 * time.Minute
	}
	if o.ConnMaxIdleTime <= 0 {
		o.ConnMaxIdleTime = 5 * time.Minute
	}
}

// OpenSQL opens a database/sql pool over pgx with the schema on the search path. It does
// not connect; call Ping to check.
func OpenSQL(databaseURL string, opts Options) (*sql.DB, error) {
	opts.defaults()
	cfg, err := pgx.ParseConfig(databaseURL)
	if err != nil {
		return nil, fmt.Errorf("parse database url: %w", err)
	}
	if opts.Schema != "" {
		cfg.RuntimeParams["search_path"] = opts.Schema + ",public"
	}
	db := stdlib.OpenDB(*cfg, stdlib.OptionResetSession(discardClosed))
	db.SetMaxOpenConns(opts.MaxOpenConns)
	db.SetMaxIdleConns(opts.MaxIdleConns)
	db.SetConnMaxLifetime(opts.ConnMaxLifetime)
	db.SetConnMaxIdleTime(opts.ConnMaxIdleTime)
	return db, nil
}

// discardClosed runs whenever the pool hands out a connection it used before: one the
// server has already closed is discarded (driver.ErrBadConn), and database/sql takes
// another or opens a new one. Without it, the first statement of each request that
// drew a dead connection fails after a cut or a restart of Postgres, for as long as
// such connections remain in the pool. It costs no round trip (peerClosed).
func discardClosed(_ context.Context, conn *pgx.Conn) error {
	if peerClosed(conn.PgConn().Conn()) {
		return driver.ErrBadConn
	}
	return nil
}

// Open returns a GORM handle over OpenSQL's pool. GORM's own logger is silenced: slow
// queries and errors are logged by the callers, with context.
func Open(databaseURL string, opts Options) (*gorm.DB, error) {
	sqlDB, err := OpenSQL(databaseURL, opts)
	if err != nil {
		return nil, err
	}
	gdb, err := gorm.Open(postgres.New(postgres.Config{Conn: sqlDB}), &gorm.Config{
		Logger:                 logger.Discard,
		SkipDefaultTransaction: true,
		TranslateError:         true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
	})
	if err != nil {
		_ = sqlDB.Close()
		return nil, fmt.Errorf("open gorm: %w", err)
	}
	return gdb, nil
}

// Ping checks that the database answers.
func Ping(ctx context.Context, db *gorm.DB) error {
	sqlDB, err := db.DB()
	if err != nil {
		return fmt.Errorf("database handle: %w", err)
	}
	if err := sqlDB.PingContext(ctx); err != nil {
		return fmt.Errorf("ping database: %w", err)
	}
	return nil
}

// Close closes the pool under a GORM handle from Open.
func Close(db *gorm.DB) error {
	sqlDB, err := db.DB()
	if err != nil {
		return fmt.Errorf("database handle: %w", err)
	}
	if err := sqlDB.Close(); err != nil {
		return fmt.Errorf("close database: %w", err)
	}
	return nil
}

// Migrate applies every pending migration of fsys (goose SQL files at its root) inside
// schema, keeping goose's version table in that schema too. A Postgres advisory lock
// (keyed by schema) lets several replicas start at once safely.
func Migrate(ctx context.Context, db *sql.DB, fsys fs.FS, schema string, log *slog.Logger) error {
	h := fnv.New64a()
	h.Write([]byte("goose:" + schema))
	lockID := int64(h.Sum64() >> 1)
	if err := createSchema(ctx, db, schema, lockID); err != nil {
		return err
	}
	locker, err := lock.NewPostgresSessionLocker(lock.WithLockID(lockID), lock.WithLockTimeout(1, 300))
	if err != nil {
		return fmt.Errorf("migration locker: %w", err)
	}
	provider, err := goose.NewProvider(goose.DialectPostgres, db, fsys,
		goose.WithTableName(schema+".goose_db_version"),
		goose.WithSessionLocker(locker),
		goose.WithAllowOutofOrder(true),
		goose.WithDisableGlobalRegistry(true),
	)
	if err != nil {
		return fmt.Errorf("migration provider: %w", err)
	}
	results, err := provider.Up(ctx)
	if err != nil {
		return fmt.Errorf("apply migrations: %w", err)
	}
	for _, r := range results {
		if log != nil {
			log.InfoContext(ctx, "migration applied", "schema", schema, "version", r.Source.Version, "file", r.Source.Path, "duration_ms", r.Duration.Milliseconds())
		}
	}
	return nil
}

// createSchema creates the schema under the migration lock: CREATE SCHEMA IF NOT EXISTS
// is not safe against a concurrent twin (unique violation on pg_namespace).
func createSchema(ctx context.Context, db *sql.DB, schema string, lockID int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("create schema %s: %w", schema, err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, lockID); err != nil {
		return fmt.Errorf("create schema %s: lock: %w", schema, err)
	}
	if _, err := tx.ExecContext(ctx, `CREATE SCHEMA IF NOT EXISTS `+pgx.Identifier{schema}.Sanitize()); err != nil {
		return fmt.Errorf("create schema %s: %w", schema, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("create schema %s: %w", schema, err)
	}
	return nil
}

// MigrateURL opens a short-lived pool to databaseURL and applies Migrate.
func MigrateURL(ctx context.Context, databaseURL string, fsys fs.FS, schema string, log *slog.Logger) error {
	db, err := OpenSQL(databaseURL, Options{Schema: schema, MaxOpenConns: 2})
	if err != nil {
		return err
	}
	defer db.Close()
	if err := Migrate(ctx, db, fsys, schema, log); err != nil {
		return fmt.Errorf("%s migrations: %w", schema, err)
	}
	return nil
}
