package ledger_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/customer"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
)

// A write that holds a customer's ledger lock (a redeem block between its R entry and its
// rows) while a coupon cancel and a customer delete of the same customer queue behind it:
// with the ledger's lock order (lock.go) nobody holds a row the holder then needs, so its
// next entry goes through. Without it the cancel holds the entry's row waiting for the
// ledger lock, the delete holds the customer row waiting for that entry, the holder waits
// for the customer row, and Postgres fails one of the three as a deadlock (the holder
// here: its deadlock_timeout is the shortest, so it is the one that finds the cycle).
func TestLedgerLockOrderKeepsWritersFromDeadlocking(t *testing.T) {
	db := newDB(t, 5)
	svc := ledger.NewService(db, ledger.Config{})
	ctx := context.Background()
	c := newCustomer(t, db)
	coupon := "LOCK-ORDER-1"
	if _, _, err := svc.Credit(ctx, ledger.Movement{CustomerID: c, Points: 10, Description: "sale", CouponIdentifier: &coupon,
		UserAt: "test", TransactionDate: time.Now()}); err != nil {
		t.Fatal(err)
	}

	holder := db.Begin()
	defer holder.Rollback()
	if err := holder.Exec(`SET LOCAL deadlock_timeout = '20ms'`).Error; err != nil {
		t.Fatal(err)
	}
	if err := ledger.LockCustomers(ctx, holder, c); err != nil {
		t.Fatal(err)
	}

	waitingOnLocks := func(n int) {
		t.Helper()
		for deadline := time.Now().Add(20 * time.Second); ; {
			var waiting int
			if err := db.Raw(`SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`).Scan(&waiting).Error; err != nil {
				t.Fatal(err)
			}
			if waiting >= n {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d transactions waiting on a lock, want %d", waiting, n)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	cancelled, deleted := make(chan error, 1), make(chan error, 1)
	go func() { _, err := svc.CancelCoupon(ctx, coupon, c, "test"); cancelled <- err }()
	waitingOnLocks(1)
	go func() { _, err := svc.DeleteCustomer(ctx, c); deleted <- err }()
	waitingOnLocks(2)

	if _, _, err := ledger.Post(ctx, holder, ledger.NewEntry{CustomerID: c, Type: ledger.TypeCredit, Points: 1,
		Description: "held", UserAt: "test", TransactionDate: time.Now()}); err != nil {
		t.Fatalf("the ledger lock's holder could not write the customer's next entry: %v", err)
	}
	if err := holder.Commit().Error; err != nil {
		t.Fatalf("commit: %v", err)
	}
	// The queue drains in either order: the cancel before the delete, or the delete first
	// and the cancel finding nothing left.
	if err := <-deleted; err != nil {
		t.Fatalf("delete: %v", err)
	}
	if err := <-cancelled; err != nil && !errors.Is(err, ledger.ErrCouponNotFound) && !errors.Is(err, customer.ErrNotFound) {
		t.Fatalf("cancel: %v", err)
	}
	var left int64
	if err := db.Raw(`SELECT count(*) FROM points_entries WHERE customer_id = ?`, c).Scan(&left).Error; err != nil {
		t.Fatal(err)
	}
	if left != 0 {
		t.Fatalf("%d entries of the deleted customer left", left)
	}
}
