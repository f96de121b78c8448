package ledger_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
)

// A customer with many sales, cancellations and debits is deleted with all of its rows in
// one statement, no per-entry foreign key action left (migration 00582): the other
// customers' rows are untouched and the audit (balances, reversals, and every coupon,
// redeem and reversal naming an existing entry of its own customer) stays clean.
func TestDeleteCustomerWithManyEntriesLeavesTheAuditClean(t *testing.T) {
	db := newDB(t, 5)
	svc := ledger.NewService(db, ledger.Config{})
	ctx := context.Background()
	newStore(t, db, "S1")
	gone, keep := newCustomer(t, db), newCustomer(t, db)
	const sales = 300
	at := time.Now().Add(-time.Hour)
	for i := 0; i < sales; i++ {
		for _, c := range []string{gone, keep} {
			if _, _, err := svc.Sale(ctx, ledger.Sale{CustomerID: c, StoreCode: "S1", CouponIdentifier: fmt.Sprintf("M-%d", i), TransactionDate: at, Value: 1000}); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i := 0; i < sales; i += 10 {
		for _, c := range []string{gone, keep} {
			if _, err := svc.CancelCoupon(ctx, fmt.Sprintf("M-%d", i), c, "ana"); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, c := range []string{gone, keep} {
		if _, _, err := svc.Debit(ctx, ledger.Movement{CustomerID: c, Points: 5, TransactionDate: at}); err != nil {
			t.Fatal(err)
		}
	}
	keepSum, keepEntries := entriesSum(t, db, keep)
	d, err := svc.DeleteCustomer(ctx, gone)
	if err != nil {
		t.Fatal(err)
	}
	if want := int64(sales + sales/10 + 1); d.PointsEntries != want || d.Coupons != sales {
		t.Fatalf("deletion = %+v, want %d entries and %d coupons", d, want, sales)
	}
	var left int64
	if err := db.Raw(`SELECT (SELECT count(*) FROM points_entries WHERE customer_id = @c) + (SELECT count(*) FROM coupons WHERE customer_id = @c)`,
		map[string]any{"c": gone}).Scan(&left).Error; err != nil {
		t.Fatal(err)
	}
	if left != 0 {
		t.Fatalf("%d rows of the deleted customer left", left)
	}
	if sum, n := entriesSum(t, db, keep); sum != keepSum || n != keepEntries || balance(t, db, keep) != keepSum {
		t.Fatalf("other customer: entries sum %d count %d balance %d, want %d and %d", sum, n, balance(t, db, keep), keepSum, keepEntries)
	}
	var linked int64
	if err := db.Raw(`SELECT count(*) FROM coupons WHERE customer_id = ? AND points_entry_id IS NOT NULL`, keep).Scan(&linked).Error; err != nil {
		t.Fatal(err)
	}
	if linked != sales {
		t.Fatalf("other customer: %d coupons linked to their entries, want %d", linked, sales)
	}
	assertInvariant(t, db)
}

// The rule that replaced the foreign keys naming an entry: a coupon, a redeem or a
// reversal names an existing entry of its own customer, or the write fails with
// foreign_key_violation; and the audit finds a reference written around the check.
func TestEntryReferencesAreChecked(t *testing.T) {
	db := newDB(t, 1) // one connection: the session setting below applies to the next statements
	svc := ledger.NewService(db, ledger.Config{})
	ctx := context.Background()
	newStore(t, db, "S1")
	a, b := newCustomer(t, db), newCustomer(t, db)
	sale, _, err := svc.Sale(ctx, ledger.Sale{CustomerID: a, StoreCode: "S1", CouponIdentifier: "R-1", TransactionDate: time.Now(), Value: 1000})
	if err != nil {
		t.Fatal(err)
	}
	const missing = "00000000-0000-4000-8000-000000000099"
	refused := func(what, q string, args ...any) {
		t.Helper()
		err := db.Exec(q, args...).Error
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || pgErr.Code != "23503" {
			t.Errorf("%s: %v, want foreign_key_violation", what, err)
		}
	}
	refused("coupon naming another customer's entry",
		`INSERT INTO coupons (customer_id, coupon_identifier, transaction_date, value, points_entry_id) VALUES (?, 'X-1', now(), 1, ?)`, b, sale.ID)
	refused("coupon naming a missing entry",
		`INSERT INTO coupons (customer_id, coupon_identifier, transaction_date, value, points_entry_id) VALUES (?, 'X-2', now(), 1, ?)`, a, missing)
	refused("coupon moved to another customer with its entry",
		`UPDATE coupons SET customer_id = ? WHERE coupon_identifier = 'R-1'`, b)
	refused("coupon relinked to a missing entry",
		`UPDATE coupons SET points_entry_id = ? WHERE coupon_identifier = 'R-1'`, missing)
	refused("redeem naming another customer's entry",
		`INSERT INTO redeems (customer_id, points_entry_id, status, total_points, expires_at) VALUES (?, ?, 'pending', 10, now() + interval '1 day')`, b, sale.ID)
	refused("reversal of a missing entry",
		`INSERT INTO points_entries (customer_id, transaction_type, points, description, user_at, transaction_date, reverses_id) VALUES (?, 'E', 0, 'x', 'test', now(), ?)`, a, missing)
	assertInvariant(t, db)

	// Around the check, as only a superuser can: the audit names the coupon.
	for _, q := range []string{`SET session_replication_role = replica`,
		`UPDATE coupons SET points_entry_id = '` + missing + `' WHERE coupon_identifier = 'R-1'`,
		`SET session_replication_role = DEFAULT`} {
		if err := db.Exec(q).Error; err != nil {
			t.Fatal(err)
		}
	}
	problems, err := ledger.Audit(ctx, db)
	if err != nil || len(problems) != 1 {
		t.Fatalf("audit of a coupon naming a missing entry = %v, %v; want one problem", problems, err)
	}
}
