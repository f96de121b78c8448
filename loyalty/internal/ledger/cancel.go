package ledger

import (
	"context"
	"fmt"

	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"github.com/loyaltylinks/platform/shared/database"
	"gorm.io/gorm"
)

// Cancellation is one entry cancelled by a reversal.
type Cancellation struct {
	PointID       string `json:"point_id"`    // the cancelled entry
	ReversalID    string `json:"reversal_id"` // the E entry written
	CustomerID    string `json:"customer_id"`
	Points        int64  `json:"points"`         // points of the reversal (signed)
	PointsBalance int64  `json:"points_balance"` // the customer's balance afterwards
}

// CancelResult is the body of the cancel routes.
type CancelResult struct {
	Detail    string         `json:"detail"`
	Cancelled []Cancellation `json:"cancelled"`
}

// CancelEntry cancels one credit or debit (and the sale coupon that produced it).
func (s *Service) CancelEntry(ctx context.Context, pointID, userAt string) (CancelResult, error) {
	res := CancelResult{Detail: "Transaction cancelled", Cancelled: []Cancellation{}}
	var reversalID string
	change := database.Change{
		What:      fmt.Sprintf("Look up the cancelled_at of points entry %s (GET /points/statement/{customer_id}) before sending the request again.", pointID),
		Committed: EntryExists(&reversalID),
	}
	err := InTx(ctx, s.db, change, func(tx *gorm.DB) error {
		res.Cancelled = res.Cancelled[:0]
		c, err := s.cancelOne(ctx, tx, pointID, userAt, "Cancellation of transaction")
		if err != nil {
			return err
		}
		res.Cancelled = append(res.Cancelled, c)
		reversalID = c.ReversalID
		return nil
	})
	return res, err
}

// CancelCoupon cancels every credit and debit carrying a coupon_identifier (of one
// customer when customerID is set) and marks the coupon records cancelled. 404 when no
// entry carries it, 409 when all of them are already cancelled.
func (s *Service) CancelCoupon(ctx context.Context, coupon, customerID, userAt string) (CancelResult, error) {
	res := CancelResult{Detail: "Coupon cancelled", Cancelled: []Cancellation{}}
	var reversalID string // the first reversal written: the cancel committed with it
	change := database.Change{
		What:      fmt.Sprintf("Look up whether coupon %s is cancelled (GET /customer/{customer_id}/coupons/search) before sending the request again.", coupon),
		Committed: EntryExists(&reversalID),
	}
	err := InTx(ctx, s.db, change, func(tx *gorm.DB) error {
		res.Cancelled = res.Cancelled[:0]
		db := tx.WithContext(ctx)
		// Locked and reversed per customer, debits before credits (points ascending): the
		// reversals that give points back come first, so the balance rises, then falls,
		// and its lowest point is its start or its end. The cancel is thus refused exactly
		// when its net effect would overdraw the customer, whatever order the entries'
		// ids have. The order is total (id last), so two cancels spanning several
		// customers take the row locks in the same order.
		var entries []Entry
		where := ` FROM points_entries WHERE coupon_identifier = ? AND transaction_type IN ('C', 'D')`
		args := []any{coupon}
		if customerID != "" {
			where += ` AND customer_id = ?`
			args = append(args, customerID)
		}
		if _, err := LockCustomersOf(ctx, tx, `SELECT DISTINCT customer_id`+where, args...); err != nil {
			return err
		}
		if err := db.Raw(`SELECT *`+where+` ORDER BY customer_id, points, id FOR UPDATE`, args...).Scan(&entries).Error; err != nil {
			return fmt.Errorf("lock entries of coupon %q: %w", coupon, err)
		}
		if len(entries) == 0 {
			return ErrCouponNotFound
		}
		for _, e := range entries {
			if e.CancelledAt != nil {
				continue
			}
			c, err := s.cancelOne(ctx, tx, e.ID, userAt, "Cancellation of coupon "+coupon)
			if err != nil {
				return err
			}
			res.Cancelled = append(res.Cancelled, c)
		}
		if len(res.Cancelled) == 0 {
			return ErrAlreadyCancelled.Withf("Coupon already cancelled")
		}
		reversalID = res.Cancelled[0].ReversalID
		q := `UPDATE coupons SET cancelled_at = now() WHERE coupon_identifier = ? AND cancelled_at IS NULL`
		if customerID != "" {
			q += ` AND customer_id = ?`
		}
		if err := db.Exec(q, args...).Error; err != nil {
			return fmt.Errorf("mark coupon %q cancelled: %w", coupon, err)
		}
		return nil
	})
	return res, err
}

// cancelOne reverses an entry, marks the coupon it came from cancelled, records the
// transaction.cancelled event, and reports the customer's new balance.
func (s *Service) cancelOne(ctx context.Context, tx *gorm.DB, pointID, userAt, description string) (Cancellation, error) {
	orig, rev, err := Reverse(ctx, tx, pointID, ReverseOptions{Description: description, UserAt: userAt})
	if err != nil {
		return Cancellation{}, err
	}
	db := tx.WithContext(ctx)
	if err := db.Exec(`UPDATE coupons SET cancelled_at = now() WHERE points_entry_id = ? AND cancelled_at IS NULL`, orig.ID).Error; err != nil {
		return Cancellation{}, fmt.Errorf("mark coupon of entry %s cancelled: %w", orig.ID, err)
	}
	var balance int64
	if err := db.Raw(`SELECT points_balance FROM customers WHERE id = ?`, orig.CustomerID).Scan(&balance).Error; err != nil {
		return Cancellation{}, fmt.Errorf("balance of customer %s: %w", orig.CustomerID, err)
	}
	c := Cancellation{PointID: orig.ID, ReversalID: rev.ID, CustomerID: orig.CustomerID, Points: rev.Points, PointsBalance: balance}
	if err := s.record(ctx, tx, event.TransactionCancelled, CancellationEvent{Cancellation: c, Reversal: rev}); err != nil {
		return Cancellation{}, err
	}
	return c, nil
}
