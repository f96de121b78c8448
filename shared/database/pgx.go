package database

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/jackc/pgx/v5"
	"gorm.io/gorm"
)

// WithPgx runs fn on one connection of pool as a pgx connection, for what database/sql
// and GORM do not offer or make costly: COPY, arrays, one statement without reflection.
// The connection goes back to the pool afterwards.
func WithPgx(ctx context.Context, pool *sql.DB, fn func(*pgx.Conn) error) error {
	conn, err := pool.Conn(ctx)
	if err != nil {
		return fmt.Errorf("get connection: %w", err)
	}
	defer conn.Close()
	return onPgx(conn, fn)
}

// WithPgxGorm is WithPgx on the pool behind db.
func WithPgxGorm(ctx context.Context, db *gorm.DB, fn func(*pgx.Conn) error) error {
	pool, err := db.DB()
	if err != nil {
		return fmt.Errorf("database pool: %w", err)
	}
	return WithPgx(ctx, pool, fn)
}
