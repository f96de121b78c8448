package ledger

import (
	"context"
	"database/sql"
	"fmt"
	"math/big"
	"strconv"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/customer"
	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"github.com/loyaltylinks/platform/loyalty/internal/validation"
	"github.com/loyaltylinks/platform/shared/apperr"
	"gorm.io/gorm"
)

// Config tunes the ledger.
type Config struct {
	// PointsPerCurrencyUnit is the earn rate of a sale before promotions (default 1).
	PointsPerCurrencyUnit float64
	// PointsValidity is how long the points of a credit or sale stay valid, counted from
	// when they are recorded (0: they never expire). At most MaxPointsValidity.
	PointsValidity time.Duration
	// PointsPendingDays holds the points of a sale for its return window: pending, not
	// spendable, until that many days after it is recorded (0: available at once).
	PointsPendingDays int
	// Now is the clock (nil: time.Now); tests move it instead of sleeping.
	Now func() time.Time
}

// Service is the ledger's API for the HTTP layer.
type Service struct {
	db       *gorm.DB
	combine  *combiner
	earnRate *big.Rat
	events   *event.Outbox // nil: no events recorded
	validity time.Duration
	pending  time.Duration
	now      func() time.Time
}

// NewService returns a ledger over db.
func NewService(db *gorm.DB, cfg Config) *Service {
	rate := cfg.PointsPerCurrencyUnit
	if rate <= 0 {
		rate = 1
	}
	// Through the shortest decimal form, so 0.3 is exactly 3/10 and not the float's
	// 0.29999..., which would floor a sale of 10.00 to 2 points.
	r, ok := new(big.Rat).SetString(strconv.FormatFloat(rate, 'f', -1, 64))
	if !ok {
		r = big.NewRat(1, 1)
	}
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	validity := min(max(cfg.PointsValidity, 0), MaxPointsValidity)
	return &Service{db: db, combine: &combiner{waiting: map[string][]*movement{}}, earnRate: r, validity: validity, pending: time.Duration(max(cfg.PointsPendingDays, 0)) * 24 * time.Hour, now: now}
}

// Movement is a credit or a debit asked for by a client. Points is positive.
type Movement struct {
	ID                    string
	CustomerID            string
	Points                int64
	Description           string
	TransactionIdentifier *string
	CouponIdentifier      *string
	VendorDocument        *string
	StoreCode             *string
	UserAt                string
	TransactionDate       time.Time
	RedeemID              *string
	// ExpiresAt: credits only, the expiry of the lot the credit opens instead of the
	// programme's validity (later than now, at most MaxPointsValidity ahead).
	ExpiresAt *time.Time
}

// Credit adds points to a customer. replayed is true when the transaction_identifier (or
// id) was already recorded: the first entry is returned and nothing is written.
func (s *Service) Credit(ctx context.Context, m Movement) (Entry, bool, error) {
	expires, err := s.lotExpiry(m.ExpiresAt)
	if err != nil {
		return Entry{}, false, err
	}
	m.ExpiresAt = expires
	return s.move(ctx, TypeCredit, m.Points, m)
}

// Debit takes points from a customer; 409 when the balance is insufficient.
func (s *Service) Debit(ctx context.Context, m Movement) (Entry, bool, error) {
	if m.ExpiresAt != nil {
		return Entry{}, false, apperr.Validation(validation.Value("expires_at is for credits only", "expires_at"))
	}
	return s.move(ctx, TypeDebit, -m.Points, m)
}

// entryAdvice tells a client whose credit or debit has an unknown outcome what to do.
func entryAdvice(id string) string {
	return fmt.Sprintf("The entry's id is %s: send the request again with \"id\": \"%s\" (a recorded entry is answered, "+
		"never recorded twice), or look it up in GET /points/statement/{customer_id}.", id, id)
}

// movementEventType is the event of a credit (C) or debit (D).
func movementEventType(typ string) event.Type {
	if typ == TypeDebit {
		return event.PointsDebited
	}
	return event.PointsCredited
}

// Statement lists a customer's entries, newest first, with their store names.
func (s *Service) Statement(ctx context.Context, customerID string, limit, offset int) ([]StatementEntry, error) {
	if err := s.requireCustomer(ctx, customerID); err != nil {
		return nil, err
	}
	// The page starts at the entry found at offset: the offset is skipped in the index
	// points_entries_customer_created_idx alone (an index-only scan of its keys), then
	// the page is read from that key on. Plain OFFSET read and discarded the whole entry
	// of every skipped row: a hot customer's statement at offset 9000 read 9000 rows.
	out := []StatementEntry{}
	err := s.db.WithContext(ctx).Raw(`
		WITH first AS (
		    SELECT created_at, id FROM points_entries
		     WHERE customer_id = @customer
		     ORDER BY created_at DESC, id DESC
		     OFFSET @offset LIMIT 1
		)
		SELECT e.*, s.name AS store_name
		  FROM points_entries e
		  LEFT JOIN stores s ON s.store_code = e.store_code
		 WHERE e.customer_id = @customer
		   AND (e.created_at, e.id) <= ((SELECT created_at FROM first), (SELECT id FROM first))
		 ORDER BY e.created_at DESC, e.id DESC
		 LIMIT @limit`, sql.Named("customer", customerID), sql.Named("offset", offset), sql.Named("limit", limit)).Scan(&out).Error
	if err != nil {
		return nil, fmt.Errorf("statement of customer %s: %w", customerID, err)
	}
	return out, nil
}

// Balance returns a customer's points_balance.
func (s *Service) Balance(ctx context.Context, customerID string) (int64, error) {
	var b []int64
	if err := s.db.WithContext(ctx).Raw(`SELECT points_balance FROM customers WHERE id = ?`, customerID).Scan(&b).Error; err != nil {
		return 0, fmt.Errorf("balance of customer %s: %w", customerID, err)
	}
	if len(b) == 0 {
		return 0, customer.ErrNotFound
	}
	return b[0], nil
}

func (s *Service) requireCustomer(ctx context.Context, customerID string) error {
	var n int64
	if err := s.db.WithContext(ctx).Raw(`SELECT count(*) FROM customers WHERE id = ?`, customerID).Scan(&n).Error; err != nil {
		return fmt.Errorf("find customer %s: %w", customerID, err)
	}
	if n == 0 {
		return customer.ErrNotFound
	}
	return nil
}
