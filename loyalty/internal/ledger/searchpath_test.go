package ledger_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"
)

// TestLedgerTriggersWorkUnderAnySearchPath runs the ledger's database guards from a
// session whose search_path does not hold the loyalty schema (a psql session, a
// migration, a reporting tool): the trigger functions must name their tables with the
// schema, or every entry insert fails with "relation does not exist".
func TestLedgerTriggersWorkUnderAnySearchPath(t *testing.T) {
	for _, path := range []string{"public", "pg_catalog", `"$user"`} {
		t.Run(path, func(t *testing.T) {
			db := newDB(t, 2)
			c := newCustomer(t, db)
			ctx := context.Background()

			// Each step runs in its own transaction whose search_path leaves loyalty out.
			run := func(sql string, args ...any) error {
				return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
					if err := tx.Exec("SET LOCAL search_path TO " + path).Error; err != nil {
						return err
					}
					return tx.Exec(sql, args...).Error
				})
			}
			wantCode := func(err error, code, what string) {
				t.Helper()
				var pgErr *pgconn.PgError
				if !errors.As(err, &pgErr) || pgErr.Code != code {
					t.Fatalf("%s: %v, want SQLSTATE %s", what, err, code)
				}
			}

			var credit string
			err := db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
				if err := tx.Exec("SET LOCAL search_path TO " + path).Error; err != nil {
					return err
				}
				return tx.Raw(`INSERT INTO loyalty.points_entries (customer_id, transaction_type, points, transaction_date)
					VALUES (?, 'C', 50, ?) RETURNING id`, c, time.Now()).Scan(&credit).Error
			})
			if err != nil {
				t.Fatalf("credit: %v", err)
			}
			if b := balance(t, db, c); b != 50 {
				t.Fatalf("balance %d after a credit of 50", b)
			}
			wantCode(run(`INSERT INTO loyalty.points_entries (customer_id, transaction_type, points, transaction_date)
				VALUES (?, 'D', -80, now())`, c), "LY001", "overdraft")
			wantCode(run(`UPDATE loyalty.customers SET points_balance = 1 WHERE id = ?`, c), "LY003", "balance write")
			wantCode(run(`UPDATE loyalty.points_entries SET points = 1 WHERE id = ?`, credit), "LY002", "entry update")
			wantCode(run(`DELETE FROM loyalty.points_entries WHERE id = ?`, credit), "LY002", "entry delete")
			if err := run(`UPDATE loyalty.points_entries SET cancelled_at = now() WHERE id = ?`, credit); err != nil {
				t.Fatalf("mark cancelled: %v", err)
			}
			if err := run(`INSERT INTO loyalty.points_entries (customer_id, transaction_type, points, transaction_date, reverses_id)
				VALUES (?, 'E', -50, now(), ?)`, c, credit); err != nil {
				t.Fatalf("reversal: %v", err)
			}
			if err := run(`UPDATE loyalty.customers SET name = 'renamed' WHERE id = ?`, c); err != nil {
				t.Fatalf("customer update: %v", err)
			}
			if err := run(`DELETE FROM loyalty.customers WHERE id = ?`, c); err != nil {
				t.Fatalf("customer delete (cascading to its entries): %v", err)
			}
			assertInvariant(t, db)
		})
	}
}
