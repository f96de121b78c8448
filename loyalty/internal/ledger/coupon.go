package ledger

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// Coupon is a sale's coupon record (DataTransactionResponse). data holds the payment
// fields, value, points and whatever the client sent in the sale's data.
type Coupon struct {
	ID               string          `json:"id"`
	CustomerID       string          `json:"customer_id"`
	CouponIdentifier string          `json:"coupon_identifier"`
	Data             json.RawMessage `json:"data"`
	StoreName        *string         `json:"store_name"`
	CancelledAt      *time.Time      `json:"cancelled_at"`
	CreatedAt        time.Time       `json:"created_at"`
	UpdatedAt        time.Time       `json:"updated_at"`
}

const couponColumns = `c.id, c.customer_id, c.coupon_identifier, c.data, s.name AS store_name, c.cancelled_at, c.created_at, c.updated_at`

// Coupons lists a customer's coupons, newest first, and their total count.
func (s *Service) Coupons(ctx context.Context, customerID string, limit, offset int) ([]Coupon, int64, error) {
	if err := s.requireCustomer(ctx, customerID); err != nil {
		return nil, 0, err
	}
	db := s.db.WithContext(ctx)
	var total int64
	if err := db.Raw(`SELECT count(*) FROM coupons WHERE customer_id = ?`, customerID).Scan(&total).Error; err != nil {
		return nil, 0, fmt.Errorf("count coupons of %s: %w", customerID, err)
	}
	out := []Coupon{}
	err := db.Raw(`SELECT `+couponColumns+` FROM coupons c LEFT JOIN stores s ON s.store_code = c.store_code
		WHERE c.customer_id = ? ORDER BY c.created_at DESC, c.id DESC LIMIT ? OFFSET ?`, customerID, limit, offset).Scan(&out).Error
	if err != nil {
		return nil, 0, fmt.Errorf("list coupons of %s: %w", customerID, err)
	}
	return out, total, nil
}

// CouponByIdentifier returns one of a customer's coupons.
func (s *Service) CouponByIdentifier(ctx context.Context, customerID, identifier string) (Coupon, error) {
	if err := s.requireCustomer(ctx, customerID); err != nil {
		return Coupon{}, err
	}
	var out []Coupon
	err := s.db.WithContext(ctx).Raw(`SELECT `+couponColumns+` FROM coupons c LEFT JOIN stores s ON s.store_code = c.store_code
		WHERE c.customer_id = ? AND c.coupon_identifier = ?`, customerID, identifier).Scan(&out).Error
	if err != nil {
		return Coupon{}, fmt.Errorf("find coupon %q of %s: %w", identifier, customerID, err)
	}
	if len(out) == 0 {
		return Coupon{}, ErrCouponNotFound
	}
	return out[0], nil
}
