package ledger

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/validation"
	"github.com/loyaltylinks/platform/shared/apperr"
)

// Lots (migration 00600): every credit opens a lot that debits, redemption blocks and
// expiries consume oldest-expiring first, and that reversals give back to. The rule
// lives in the database (the entries trigger points_entries_apply_balance, and
// loyalty.ledger_expire for expiries: migration 00605); this file holds what the service
// decides before it writes: when a credit's lot expires.

// MaxPointsValidity bounds POINTS_VALIDITY and a credit's own expires_at (ten years, as
// a redeem's validity_days): every expiry date stays far inside the dates the API renders.
const MaxPointsValidity = 3650 * 24 * time.Hour

// errNothingDue: an expiry movement found no lot due (ledger_move wrote nothing).
var errNothingDue = errors.New("no points due to expire")

// lotExpiry is the expiry of the lot a credit opens: the one the client asked for (later
// than now, at most MaxPointsValidity ahead), else now + the programme's validity, else
// never (nil).
func (s *Service) lotExpiry(requested *time.Time) (*time.Time, error) {
	now := s.now()
	if requested != nil {
		switch {
		case !requested.After(now):
			return nil, apperr.Validation(validation.Value("expires_at must be later than now", "expires_at"))
		case requested.Sub(now) > MaxPointsValidity:
			return nil, apperr.Validation(validation.Value("expires_at must be at most 3650 days ahead", "expires_at"))
		}
		t := requested.UTC()
		return &t, nil
	}
	if s.validity <= 0 {
		return nil, nil
	}
	t := now.Add(s.validity).UTC()
	return &t, nil
}

// Lot is one lot of a customer's points (GET /points/lots/{customer_id}).
type Lot struct {
	ID        string     `json:"id"`
	EntryID   *string    `json:"entry_id"` // the credit that opened it; null: the balance held before lots began
	Points    int64      `json:"points"`
	Remaining int64      `json:"remaining"`
	ExpiresAt *time.Time `json:"expires_at"` // null: never
	// Pending: a sale's points in their return window, not spendable until AvailableAt.
	Pending     bool       `json:"pending"`
	AvailableAt *time.Time `json:"available_at"`
	CreatedAt   time.Time  `json:"created_at"`
}

// Lots lists a customer's open lots in the order they are consumed (available ones
// oldest-expiring first, then the pending ones), at most limit of them from offset.
func (s *Service) Lots(ctx context.Context, customerID string, limit, offset int) ([]Lot, error) {
	if err := s.requireCustomer(ctx, customerID); err != nil {
		return nil, err
	}
	out := []Lot{}
	err := s.db.WithContext(ctx).Raw(`
		SELECT id, entry_id, points, remaining, expires_at, pending, available_at, created_at FROM points_lots
		 WHERE customer_id = ? AND open
		 ORDER BY pending, expires_at, created_at, id
		 LIMIT ? OFFSET ?`, customerID, limit, offset).Scan(&out).Error
	if err != nil {
		return nil, fmt.Errorf("lots of customer %s: %w", customerID, err)
	}
	return out, nil
}
