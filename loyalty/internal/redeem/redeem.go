// Package redeem is the redemption life cycle of reward products: points are blocked for a
// set of products (one R entry in the ledger, one redeem id), the block is applied to a
// coupon at a store, an application can be rolled back, and a pending block can be
// cancelled or expires after the products' validity_days, giving the points back through
// an E entry. It also answers the stores' redeem statement and a customer's pending
// redeem state per product.
//
// States: pending -> applied (apply) -> pending (rollback); pending -> cancelled (cancel);
// pending -> expired (expiry job). Any other move is a 409. Every transition takes the
// customer's ledger lock, then locks the redeem row (ledger.LockCustomers: the ledger's
// lock order), so the user's cancel, an apply, the expiry job on several replicas and a
// customer delete serialise on them.
package redeem

import (
	"context"
	"fmt"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/shared/database"
	"gorm.io/gorm"
)

// Redeem statuses.
const (
	StatusPending   = "pending"
	StatusApplied   = "applied"
	StatusCancelled = "cancelled"
	StatusExpired   = "expired"
)

// Redeem is one redemption block with its items (the redeem id response, and the body of
// the apply and rollback answers).
type Redeem struct {
	ID               string     `json:"redeem_id"`
	PointsEntryID    string     `json:"points_id"` // the R entry: apply/rollback take it
	CustomerID       string     `json:"customer_id"`
	Status           string     `json:"status"`
	StoreCode        *string    `json:"store_code"`
	TotalPoints      int64      `json:"total_points"`
	CouponIdentifier *string    `json:"coupon_identifier"`
	AppliedAt        *time.Time `json:"applied_at"`
	ExpiresAt        time.Time  `json:"expires_at"`
	CancelledAt      *time.Time `json:"cancelled_at"`
	CreatedAt        time.Time  `json:"created_at"`
	UpdatedAt        time.Time  `json:"updated_at"`
	Items            []Item     `json:"items" gorm:"-"`
}

// Item is one product of a redeem; toppings point to their product's item.
type Item struct {
	ID               string     `json:"id"`
	ProductID        string     `json:"product_id"`
	SKU              string     `json:"sku"`
	Name             string     `json:"name"`
	ParentItemID     *string    `json:"parent_item_id"`
	Qty              int        `json:"qty"`
	Points           int64      `json:"points"`
	StoreCode        *string    `json:"store_code"`
	AppliedAt        *time.Time `json:"applied_at"`
	CouponIdentifier *string    `json:"coupon_identifier"`
}

// Service runs the redemption life cycle.
type Service struct {
	db     *gorm.DB
	events Events // nil: no events recorded
}

// NewService returns the redeem service over db.
func NewService(db *gorm.DB) *Service { return &Service{db: db} }

// Apply marks a pending redeem (found by its R entry, points_id) as used on a coupon:
// applied_at and coupon_identifier are set on the redeem and its items. A store_code, when
// given, records where it was used.
func (s *Service) Apply(ctx context.Context, pointsID, coupon string, storeCode *string) (Redeem, error) {
	return s.transition(ctx, pointsID, event.RedeemApplied, func(tx *gorm.DB, r Redeem) error {
		switch {
		case r.Status == StatusApplied:
			return ErrAlreadyApplied
		case r.Status != StatusPending:
			return ErrNotPending.Withf("Redeem is %s", r.Status)
		case !r.ExpiresAt.After(time.Now()):
			return ErrExpired
		}
		db := tx.WithContext(ctx)
		if err := db.Exec(`UPDATE redeems SET status = 'applied', applied_at = now(), coupon_identifier = ?, store_code = COALESCE(?, store_code) WHERE id = ?`,
			coupon, storeCode, r.ID).Error; err != nil {
			return fmt.Errorf("apply redeem %s: %w", r.ID, err)
		}
		if err := db.Exec(`UPDATE redeem_items SET applied_at = now(), coupon_identifier = ?, store_code = COALESCE(?, store_code) WHERE redeem_id = ?`,
			coupon, storeCode, r.ID).Error; err != nil {
			return fmt.Errorf("apply items of redeem %s: %w", r.ID, err)
		}
		return nil
	})
}

// Rollback undoes an application: the redeem is pending again, applied_at and
// coupon_identifier are cleared. Its expiry date is kept.
func (s *Service) Rollback(ctx context.Context, pointsID string) (Redeem, error) {
	return s.transition(ctx, pointsID, event.RedeemRolledBack, func(tx *gorm.DB, r Redeem) error {
		if r.Status != StatusApplied {
			return ErrNotApplied.Withf("Redeem is not applied (status %s)", r.Status)
		}
		db := tx.WithContext(ctx)
		if err := db.Exec(`UPDATE redeems SET status = 'pending', applied_at = NULL, coupon_identifier = NULL WHERE id = ?`, r.ID).Error; err != nil {
			return fmt.Errorf("roll back redeem %s: %w", r.ID, err)
		}
		if err := db.Exec(`UPDATE redeem_items SET applied_at = NULL, coupon_identifier = NULL WHERE redeem_id = ?`, r.ID).Error; err != nil {
			return fmt.Errorf("roll back items of redeem %s: %w", r.ID, err)
		}
		return nil
	})
}

// transition locks the redeem of an R entry, runs change, records the event typ and
// returns the redeem as it is afterwards.
func (s *Service) transition(ctx context.Context, pointsID string, typ event.Type, change func(tx *gorm.DB, r Redeem) error) (Redeem, error) {
	var (
		out  Redeem
		xact string // the transaction's id: a state change has no row of its own to look up
	)
	lookUp := database.Change{
		What: fmt.Sprintf("Look up the redeem of points entry %s (its status) before sending the request again.", pointsID),
		Committed: func(ctx context.Context, db *gorm.DB) (bool, error) {
			return database.XactCommitted(ctx, db, xact)
		},
	}
	err := ledger.InTx(ctx, s.db, lookUp, func(tx *gorm.DB) error {
		var err error
		if xact, err = database.XactID(tx.WithContext(ctx)); err != nil {
			return err
		}
		r, err := lockRedeem(ctx, tx, `points_entry_id = ?`, pointsID)
		if err != nil {
			return err
		}
		if err := change(tx, r); err != nil {
			return err
		}
		if out, err = load(ctx, tx, r.ID); err != nil {
			return err
		}
		return s.record(ctx, tx, typ, out)
	})
	return out, err
}

// lockRedeem takes the ledger lock of the redeem's customer, then locks the redeem row
// (the ledger's lock order: ledger.LockCustomers).
func lockRedeem(ctx context.Context, tx *gorm.DB, where string, arg any) (Redeem, error) {
	if _, err := ledger.LockCustomersOf(ctx, tx, `SELECT customer_id FROM redeems WHERE `+where, arg); err != nil {
		return Redeem{}, err
	}
	var rows []Redeem
	if err := tx.WithContext(ctx).Raw(`SELECT * FROM redeems WHERE `+where+` FOR UPDATE`, arg).Scan(&rows).Error; err != nil {
		return Redeem{}, fmt.Errorf("lock redeem: %w", err)
	}
	if len(rows) == 0 {
		return Redeem{}, ErrNotFound
	}
	return rows[0], nil
}

// Get returns a redeem with its items.
func (s *Service) Get(ctx context.Context, id string) (Redeem, error) {
	return load(ctx, s.db, id)
}

func load(ctx context.Context, db *gorm.DB, id string) (Redeem, error) {
	var rows []Redeem
	if err := db.WithContext(ctx).Raw(`SELECT * FROM redeems WHERE id = ?`, id).Scan(&rows).Error; err != nil {
		return Redeem{}, fmt.Errorf("load redeem %s: %w", id, err)
	}
	if len(rows) == 0 {
		return Redeem{}, ErrNotFound
	}
	r := rows[0]
	r.Items = []Item{}
	err := db.WithContext(ctx).Raw(`
		SELECT i.id, i.product_id, p.sku, p.name, i.parent_item_id, i.qty, i.points, i.store_code, i.applied_at, i.coupon_identifier
		  FROM redeem_items i JOIN products p ON p.id = i.product_id
		 WHERE i.redeem_id = ?
		 ORDER BY i.created_at, i.parent_item_id NULLS FIRST, i.id`, id).Scan(&r.Items).Error
	if err != nil {
		return Redeem{}, fmt.Errorf("load items of redeem %s: %w", id, err)
	}
	return r, nil
}
