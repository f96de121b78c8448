package ledger_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/shared/apperr"
)

// TestCancelCouponDependsOnTheNetOnly cancels coupons carrying a credit and a debit whose
// ids are forced into both orders: the answer must depend on the net effect of the
// reversals only, never on which uuid sorts first. (Reversing in id order used to give
// 201 or 409 for the same coupon, by chance.)
func TestCancelCouponDependsOnTheNetOnly(t *testing.T) {
	tests := []struct {
		name           string
		before         int64 // balance credited outside the coupon
		spent          int64 // debited outside the coupon, after the coupon's entries
		credit, debit  int64 // the coupon's entries
		wantOK         bool
		wantBalanceEnd int64
	}{
		{name: "net zero from an empty balance", credit: 10, debit: 10, wantOK: true, wantBalanceEnd: 0},
		{name: "net zero with other points", before: 7, credit: 10, debit: 10, wantOK: true, wantBalanceEnd: 7},
		{name: "net positive reversal", before: 20, credit: 5, debit: 10, wantOK: true, wantBalanceEnd: 20},
		{name: "net negative, covered", before: 5, credit: 10, debit: 3, wantOK: true, wantBalanceEnd: 5},
		{name: "net negative, already spent", credit: 10, debit: 3, spent: 5, wantOK: false, wantBalanceEnd: 2},
	}
	for _, tt := range tests {
		for _, creditFirst := range []bool{true, false} {
			order := "debit id sorts first"
			if creditFirst {
				order = "credit id sorts first"
			}
			t.Run(tt.name+", "+order, func(t *testing.T) {
				db := newDB(t, 3)
				svc := ledger.NewService(db, ledger.Config{})
				ctx := context.Background()
				c := newCustomer(t, db)
				if tt.before > 0 {
					credit(t, svc, c, tt.before)
				}
				low, high := orderedIDs()
				creditID, debitID := high, low
				if creditFirst {
					creditID, debitID = low, high
				}
				coupon := "NF-" + low[:8]
				move := func(f func(context.Context, ledger.Movement) (ledger.Entry, bool, error), id string, points int64, coupon *string) {
					t.Helper()
					if _, _, err := f(ctx, ledger.Movement{ID: id, CustomerID: c, Points: points, Description: "coupon",
						CouponIdentifier: coupon, UserAt: "test", TransactionDate: time.Now()}); err != nil {
						t.Fatalf("post %d: %v", points, err)
					}
				}
				move(svc.Credit, creditID, tt.credit, &coupon)
				move(svc.Debit, debitID, tt.debit, &coupon)
				if tt.spent > 0 {
					move(svc.Debit, "", tt.spent, nil)
				}

				res, err := svc.CancelCoupon(ctx, coupon, "", "test")
				switch {
				case tt.wantOK && err != nil:
					t.Fatalf("cancel: %v, want success", err)
				case !tt.wantOK && !apperr.Is(err, apperr.Conflict):
					t.Fatalf("cancel: %v (%+v), want 409", err, res)
				case tt.wantOK && len(res.Cancelled) != 2:
					t.Fatalf("cancelled %+v, want both entries", res.Cancelled)
				}
				if b := balance(t, db, c); b != tt.wantBalanceEnd {
					t.Errorf("balance %d, want %d", b, tt.wantBalanceEnd)
				}
				assertInvariant(t, db)
			})
		}
	}
}

// orderedIDs returns two fresh uuids, the first sorting before the second (as text and
// as uuid).
func orderedIDs() (low, high string) {
	id := uuid.NewString()
	return "0" + id[1:], "f" + id[1:]
}
