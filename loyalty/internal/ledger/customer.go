package ledger

import (
	"context"
	"fmt"

	"github.com/loyaltylinks/platform/loyalty/internal/customer"
	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"github.com/loyaltylinks/platform/shared/database"
	"gorm.io/gorm"
)

// Deletion reports what DELETE /customer/{id} removed.
type Deletion struct {
	Detail        string `json:"detail"`
	CustomerID    string `json:"customer_id"`
	PointsEntries int64  `json:"points_entries"`
	Redeems       int64  `json:"redeems"`
	RedeemItems   int64  `json:"redeem_items"`
	Coupons       int64  `json:"coupons"`
}

// DeleteCustomer removes a customer and, in the same transaction, all its entries, redeems,
// redeem items and coupons (its coupons first, then the foreign keys cascade; the entries'
// delete guard, once per statement, lets the cascade through because the customer row is
// gone by then).
func (s *Service) DeleteCustomer(ctx context.Context, customerID string) (Deletion, error) {
	d := Deletion{Detail: "customer deleted", CustomerID: customerID}
	change := database.Change{
		What: fmt.Sprintf("Look up customer %s (GET /customer/{document} answers 404 once it is deleted) before sending the request again.", customerID),
		Committed: func(ctx context.Context, db *gorm.DB) (bool, error) {
			var n int64
			if err := db.WithContext(ctx).Raw(`SELECT count(*) FROM customers WHERE id = ?`, customerID).Scan(&n).Error; err != nil {
				return false, fmt.Errorf("look up customer %s: %w", customerID, err)
			}
			return n == 0, nil
		},
	}
	err := InTx(ctx, s.db, change, func(tx *gorm.DB) error {
		db := tx.WithContext(ctx)
		// The ledger lock first (lock.go), then the row lock: concurrent writes of this
		// customer wait, then fail as not found.
		if err := LockCustomers(ctx, tx, customerID); err != nil {
			return err
		}
		var ids []string
		if err := db.Raw(`SELECT id FROM customers WHERE id = ? FOR UPDATE`, customerID).Scan(&ids).Error; err != nil {
			return fmt.Errorf("lock customer %s: %w", customerID, err)
		}
		if len(ids) == 0 {
			return customer.ErrNotFound
		}
		err := db.Raw(`SELECT
			(SELECT count(*) FROM points_entries WHERE customer_id = @id) AS points_entries,
			(SELECT count(*) FROM redeems WHERE customer_id = @id) AS redeems,
			(SELECT count(*) FROM redeem_items WHERE customer_id = @id) AS redeem_items,
			(SELECT count(*) FROM coupons WHERE customer_id = @id) AS coupons`,
			map[string]any{"id": customerID}).Scan(&d).Error
		if err != nil {
			return fmt.Errorf("count history of customer %s: %w", customerID, err)
		}
		d.Detail, d.CustomerID = "customer deleted", customerID
		var gone customer.Customer
		if s.events != nil {
			if gone, err = customer.Load(ctx, tx, customerID); err != nil {
				return err
			}
			if err := s.events.KeepEntries(ctx, tx, customerID); err != nil {
				return err
			}
		}
		// One statement: the customer's coupons, redeems (with their items) and entries go
		// by its cascades, one DELETE each, and no per-entry work is left (no foreign key
		// names an entry: migration 00582, docs/sizing.md "Fourth pass").
		if err := db.Exec(`DELETE FROM customers WHERE id = ?`, customerID).Error; err != nil {
			return fmt.Errorf("delete customer %s: %w", customerID, err)
		}
		return s.record(ctx, tx, event.CustomerDeleted, gone)
	})
	return d, err
}
