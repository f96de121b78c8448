package database

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/shared/testkit"
	"gorm.io/gorm"
)

// TestUnreachable runs every way a real Postgres can fail a query and checks which
// ones Unreachable calls an outage: only those where the database could not be asked
// or did not answer in time, never an answer of the database.
func TestUnreachable(t *testing.T) {
	dbURL := testkit.NewDatabase(t)
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	proxy := testkit.NewProxy(t, u.Host)
	u.Host = proxy.Addr()
	db, err := Open(u.String(), Options{MaxOpenConns: 4})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = Close(db) })
	direct, err := Open(dbURL, Options{MaxOpenConns: 2})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = Close(direct) })
	ctx := context.Background()
	if err := direct.Exec(`CREATE TABLE u (id int PRIMARY KEY)`).Error; err != nil {
		t.Fatal(err)
	}
	if err := direct.Exec(`INSERT INTO u VALUES (1)`).Error; err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name string
		run  func(t *testing.T) error
		want bool
	}{
		{"nil", func(*testing.T) error { return nil }, false},
		{"syntax error", func(*testing.T) error { return db.Exec(`SELEC 1`).Error }, false},
		{"unique violation", func(*testing.T) error { return db.Exec(`INSERT INTO u VALUES (1)`).Error }, false},
		{"no row (gorm)", func(*testing.T) error { var id int; return db.Raw(`SELECT id FROM u WHERE id = 2`).Take(&id).Error }, false},
		{"no row (database/sql)", func(*testing.T) error {
			sqlDB, _ := db.DB()
			var id int
			return sqlDB.QueryRowContext(ctx, `SELECT id FROM u WHERE id = 2`).Scan(&id)
		}, false},
		{"caller cancelled", func(*testing.T) error {
			cctx, cancel := context.WithCancel(ctx)
			cancel()
			return db.WithContext(cctx).Exec(`SELECT 1`).Error
		}, false},
		{"caller's deadline", func(*testing.T) error {
			tctx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
			defer cancel()
			return db.WithContext(tctx).Exec(`SELECT pg_sleep(5)`).Error
		}, true},
		{"statement_timeout", func(*testing.T) error {
			return db.Transaction(func(tx *gorm.DB) error {
				if err := tx.Exec(`SET LOCAL statement_timeout = '20ms'`).Error; err != nil {
					return fmt.Errorf("set: %w (not the error under test)", errors.ErrUnsupported)
				}
				return tx.Exec(`SELECT pg_sleep(5)`).Error
			})
		}, true},
		{"backend terminated (admin_shutdown)", func(t *testing.T) error {
			conn, err := db.DB()
			if err != nil {
				t.Fatal(err)
			}
			c, err := conn.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			var pid int
			if err := c.QueryRowContext(ctx, `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { _, err := c.ExecContext(ctx, `SELECT pg_sleep(5)`); done <- err }()
			waitFor(t, func() bool {
				var n int
				direct.Raw(`SELECT count(*) FROM pg_stat_activity WHERE pid = ? AND query LIKE 'SELECT pg_sleep%'`, pid).Scan(&n)
				return n == 1
			})
			direct.Exec(`SELECT pg_terminate_backend(?)`, pid)
			return <-done
		}, true},
		{"connection cut mid-query", func(t *testing.T) error {
			defer proxy.Restore()
			done := make(chan error, 1)
			go func() { done <- db.Exec(`SELECT pg_sleep(4.5)`).Error }()
			waitFor(t, func() bool {
				var n int
				direct.Raw(`SELECT count(*) FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(4.5)'`).Scan(&n)
				return n == 1
			})
			proxy.Cut()
			return <-done
		}, true},
		{"connection refused", func(*testing.T) error {
			proxy.Cut()
			defer proxy.Restore()
			sqlDB, _ := db.DB()
			sqlDB.SetMaxIdleConns(0) // no pooled connection: a new one must be dialled
			defer sqlDB.SetMaxIdleConns(4)
			return db.Exec(`SELECT 1`).Error
		}, true},
		{"pool closed", func(*testing.T) error {
			other, err := Open(dbURL, Options{})
			if err != nil {
				t.Fatal(err)
			}
			_ = Close(other)
			return other.Exec(`SELECT 1`).Error
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.run(t)
			if errors.Is(err, errors.ErrUnsupported) {
				t.Fatal(err)
			}
			if tt.want && err == nil {
				t.Fatal("the query did not fail")
			}
			// As the stores return them: wrapped with context.
			wrapped := fmt.Errorf("load link %q: %w", "x", err)
			if got := Unreachable(wrapped); err != nil && got != tt.want {
				t.Fatalf("Unreachable(%v) = %v, want %v", err, got, tt.want)
			}
			if err == nil && Unreachable(err) {
				t.Fatal("Unreachable(nil) = true")
			}
		})
	}
}

// waitFor polls cond (a state of the database or the proxy) until it holds.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not reached within 10 s")
		}
		time.Sleep(5 * time.Millisecond)
	}
}
