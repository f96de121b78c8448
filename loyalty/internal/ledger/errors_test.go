package ledger_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/customer"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/loyalty/internal/store"
)

// TestFailuresAreTyped: each refusal of the ledger is its sentinel for errors.Is,
// whatever message it carries (no message matching, no marker errors joined in).
func TestFailuresAreTyped(t *testing.T) {
	db := newDB(t, 5)
	svc := ledger.NewService(db, ledger.Config{})
	ctx := context.Background()
	c := newCustomer(t, db)
	newStore(t, db, "T1")
	spent := credit(t, svc, c, 50)
	move := func(points int64, ident string) ledger.Movement {
		m := ledger.Movement{CustomerID: c, Points: points, Description: "x", UserAt: "test", TransactionDate: time.Now()}
		if ident != "" {
			m.TransactionIdentifier = &ident
		}
		return m
	}
	if _, _, err := svc.Credit(ctx, move(5, "T-1")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := svc.Debit(ctx, move(40, "")); err != nil {
		t.Fatal(err)
	}
	cancelled := credit(t, svc, c, 1)
	if _, err := svc.CancelEntry(ctx, cancelled.ID, "test"); err != nil {
		t.Fatal(err)
	}
	unknown := "00000000-0000-4000-8000-000000000000"
	sale := func(storeCode string) error {
		_, _, err := svc.Sale(ctx, ledger.Sale{CustomerID: c, StoreCode: storeCode, CouponIdentifier: "S-" + storeCode, TransactionDate: time.Now(), Value: 100})
		return err
	}
	if err := db.Exec(`INSERT INTO stores (store_code, name, document, is_active) VALUES ('OFF', 'Off', 'off', false)`).Error; err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name string
		err  func() error
		want error
	}{
		{"debit beyond the balance", func() error { _, _, err := svc.Debit(ctx, move(1000, "")); return err }, ledger.ErrInsufficientPoints},
		{"cancelling a credit already spent", func() error { _, err := svc.CancelEntry(ctx, spent.ID, "test"); return err }, ledger.ErrInsufficientPoints},
		{"second cancel", func() error { _, err := svc.CancelEntry(ctx, cancelled.ID, "test"); return err }, ledger.ErrAlreadyCancelled},
		{"identifier with other points", func() error { _, _, err := svc.Credit(ctx, move(6, "T-1")); return err }, ledger.ErrIdentifierReused},
		{"unknown entry", func() error { _, err := svc.CancelEntry(ctx, unknown, "test"); return err }, ledger.ErrEntryNotFound},
		{"unknown coupon", func() error { _, err := svc.CancelCoupon(ctx, "NOPE", "", "test"); return err }, ledger.ErrCouponNotFound},
		{"unknown customer", func() error {
			_, _, err := svc.Credit(ctx, ledger.Movement{CustomerID: unknown, Points: 1})
			return err
		}, customer.ErrNotFound},
		{"unknown store", func() error { return sale("NOPE") }, store.ErrNotFound},
		{"inactive store", func() error { return sale("OFF") }, store.ErrInactive},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.err(); !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
		})
	}
	assertInvariant(t, db)
}
