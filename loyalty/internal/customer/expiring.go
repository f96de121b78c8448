package customer

import (
	"context"
	"fmt"
	"time"
)

// ExpiringWithinDays is the window of Customer.PointsExpiring.
const ExpiringWithinDays = 30

// Expiring is what a customer's available points will lose in the next
// ExpiringWithinDays days, by UTC date of expiry (docs/ledger.md "Lots and expiry").
// Points already past their date are counted on the date they expired: the expiry job
// has not run for them yet.
type Expiring struct {
	Points     int64          `json:"points"`
	WithinDays int            `json:"within_days"`
	ByDate     []ExpiringDate `json:"by_date"`
}

// ExpiringDate is the points of one date of expiry.
type ExpiringDate struct {
	Date   string `json:"date"` // YYYY-MM-DD, UTC
	Points int64  `json:"points"`
}

// expiring reads the customer's open available lots that expire within the window.
func (s *Repository) expiring(ctx context.Context, customerID string) (Expiring, error) {
	out := Expiring{WithinDays: ExpiringWithinDays, ByDate: []ExpiringDate{}}
	until := s.now().Add(ExpiringWithinDays * 24 * time.Hour)
	err := s.db.WithContext(ctx).Raw(`
		SELECT (expires_at AT TIME ZONE 'UTC')::date::text AS date, sum(remaining) AS points
		  FROM points_lots
		 WHERE customer_id = ? AND open AND NOT pending AND expires_at <= ?
		 GROUP BY 1 ORDER BY 1`, customerID, until.UTC()).Scan(&out.ByDate).Error
	if err != nil {
		return Expiring{}, fmt.Errorf("expiring points of customer %s: %w", customerID, err)
	}
	for _, d := range out.ByDate {
		out.Points += d.Points
	}
	return out, nil
}
