package ledger_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"gorm.io/gorm"
)

func pendingOf(t *testing.T, db *gorm.DB, customerID string) (available, pending int64) {
	t.Helper()
	var r struct{ PointsBalance, PointsPending int64 }
	if err := db.Raw(`SELECT points_balance, points_pending FROM customers WHERE id = ?`, customerID).Scan(&r).Error; err != nil {
		t.Fatal(err)
	}
	return r.PointsBalance, r.PointsPending
}

// TestPendingPoints: a sale's points are held for POINTS_PENDING_DAYS: pending, not
// spendable, gone with the sale when it is cancelled in its window; then available, at
// the customer's next write or the job's run, whichever comes first.
func TestPendingPoints(t *testing.T) {
	db := newDB(t, 5)
	ctx := context.Background()
	newStore(t, db, "S1")
	realNow := time.Now()
	clock := realNow
	svc := ledger.NewService(db, ledger.Config{PointsPendingDays: 7, Now: func() time.Time { return clock }})
	c := newCustomer(t, db)
	credit(t, svc, c, 100) // a plain credit is available at once
	sale := func(coupon string, points int64) ledger.Entry {
		t.Helper()
		e, _, err := svc.Sale(ctx, ledger.Sale{CustomerID: c, StoreCode: "S1", CouponIdentifier: coupon, TransactionDate: clock, Value: ledger.Cents(points * 100), UserAt: "test"})
		if err != nil {
			t.Fatalf("sale %s: %v", coupon, err)
		}
		return e
	}
	debit := func(points int64) error {
		_, _, err := svc.Debit(ctx, ledger.Movement{CustomerID: c, Points: points, Description: "spend", TransactionDate: clock})
		return err
	}
	check := func(step string, available, pending int64) {
		t.Helper()
		if a, p := pendingOf(t, db, c); a != available || p != pending {
			t.Fatalf("%s: available %d, pending %d; want %d, %d", step, a, p, available, pending)
		}
		assertInvariant(t, db)
	}

	held := sale("NF-1", 50)
	if held.AvailableAt == nil || !held.AvailableAt.Equal(clock.Add(7*24*time.Hour).Truncate(time.Microsecond)) {
		t.Fatalf("sale entry available_at = %v, want 7 days on", held.AvailableAt)
	}
	check("a sale held", 100, 50)
	if err := debit(120); !errors.Is(err, ledger.ErrInsufficientPoints) {
		t.Fatalf("debit of held points: %v, want insufficient points", err)
	}
	cancelled := sale("NF-2", 30)
	check("a second sale held", 100, 80)
	if _, err := svc.CancelEntry(ctx, cancelled.ID, "test"); err != nil {
		t.Fatalf("cancel of a held sale: %v", err)
	}
	check("the second sale cancelled in its window", 100, 50)

	// The job makes the first sale's points available once its window has ended.
	if n, err := svc.MaturePending(ctx, realNow.Add(6*24*time.Hour)); err != nil || n != 0 {
		t.Fatalf("job before the window ends: %d %v", n, err)
	}
	if n, err := svc.MaturePending(ctx, realNow.Add(8*24*time.Hour)); err != nil || n != 1 {
		t.Fatalf("job after the window: %d %v", n, err)
	}
	check("after the job", 150, 0)
	if err := debit(120); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.CancelEntry(ctx, held.ID, "test"); !errors.Is(err, ledger.ErrInsufficientPoints) {
		t.Fatalf("cancel of a sale whose points were made available and spent: %v, want insufficient points", err)
	}
	check("spent", 30, 0)

	// A sale whose window ends a moment from now: the customer's next write makes its
	// points available before it runs (the database's clock decides).
	clock = realNow.Add(-7*24*time.Hour + 2*time.Second)
	soon := sale("NF-3", 40)
	check("a sale about to be available", 30, 40)
	for {
		var ended bool
		if err := db.Raw(`SELECT clock_timestamp() > ?`, *soon.AvailableAt).Scan(&ended).Error; err != nil {
			t.Fatal(err)
		}
		if ended {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err := debit(60); err != nil {
		t.Fatalf("debit right after the window: %v", err)
	}
	check("the write made them available", 10, 0)
}
