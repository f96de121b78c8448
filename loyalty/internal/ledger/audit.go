package ledger

import (
	"context"
	"fmt"

	"gorm.io/gorm"
)

// Audit checks the ledger's invariants over the whole database and describes every
// violation found (none on a healthy ledger):
//   - each customer's points_balance (available) plus points_pending equals the sum of
//     its entries, and neither is negative;
//   - each cancelled entry has exactly one reversal, of the same customer and the
//     opposite points, and each reversal reverses a cancelled entry;
//   - each coupon, redeem and reversal that names a points entry names an existing entry
//     of its own customer (the rule of loyalty.entry_reference_check, migration 00582,
//     which replaced the foreign keys: this finds rows written around the trigger).
//   - each customer's open available lots add up to its points_balance, its pending
//     lots to its points_pending;
//   - the lot movements of each entry written since lots began (migration 00600) add up
//     to its points: the lot it opened (a credit) plus its rows of points_lot_moves.
func Audit(ctx context.Context, db *gorm.DB) ([]string, error) {
	var problems []string
	var balances []struct {
		ID      string
		Balance int64
		Sum     int64
	}
	err := db.WithContext(ctx).Raw(`
		SELECT c.id, c.points_balance + c.points_pending AS balance, COALESCE(e.sum, 0) AS sum
		  FROM customers c
		  LEFT JOIN (SELECT customer_id, sum(points) AS sum FROM points_entries GROUP BY customer_id) e ON e.customer_id = c.id
		 WHERE c.points_balance + c.points_pending <> COALESCE(e.sum, 0) OR c.points_balance < 0 OR c.points_pending < 0`).Scan(&balances).Error
	if err != nil {
		return nil, fmt.Errorf("audit balances: %w", err)
	}
	for _, b := range balances {
		problems = append(problems, fmt.Sprintf("customer %s: points_balance + points_pending %d, entries sum to %d", b.ID, b.Balance, b.Sum))
	}

	var pairs []struct {
		ID      string
		Problem string
	}
	err = db.WithContext(ctx).Raw(`
		SELECT o.id, 'cancelled entry has ' || count(r.id) || ' reversals' AS problem
		  FROM points_entries o LEFT JOIN points_entries r ON r.reverses_id = o.id
		 WHERE o.cancelled_at IS NOT NULL
		 GROUP BY o.id HAVING count(r.id) <> 1
		UNION ALL
		SELECT r.id, 'reversal does not mirror entry ' || o.id
		  FROM points_entries r JOIN points_entries o ON o.id = r.reverses_id
		 WHERE o.cancelled_at IS NULL OR r.points <> -o.points OR r.customer_id <> o.customer_id
		UNION ALL
		SELECT o.id, 'entry has a reversal but is not cancelled'
		  FROM points_entries o
		 WHERE o.cancelled_at IS NULL AND EXISTS (SELECT 1 FROM points_entries r WHERE r.reverses_id = o.id)`).Scan(&pairs).Error
	if err != nil {
		return nil, fmt.Errorf("audit reversals: %w", err)
	}
	for _, p := range pairs {
		problems = append(problems, fmt.Sprintf("entry %s: %s", p.ID, p.Problem))
	}

	var refs []struct {
		Row   string
		Entry string
	}
	err = db.WithContext(ctx).Raw(`
		SELECT 'coupon ' || x.id AS row, x.points_entry_id AS entry
		  FROM coupons x LEFT JOIN points_entries e ON e.id = x.points_entry_id
		 WHERE x.points_entry_id IS NOT NULL AND (e.id IS NULL OR e.customer_id <> x.customer_id)
		UNION ALL
		SELECT 'redeem ' || x.id, x.points_entry_id
		  FROM redeems x LEFT JOIN points_entries e ON e.id = x.points_entry_id
		 WHERE x.points_entry_id IS NOT NULL AND (e.id IS NULL OR e.customer_id <> x.customer_id)
		UNION ALL
		SELECT 'reversal ' || x.id, x.reverses_id
		  FROM points_entries x LEFT JOIN points_entries e ON e.id = x.reverses_id
		 WHERE x.reverses_id IS NOT NULL AND (e.id IS NULL OR e.customer_id <> x.customer_id)`).Scan(&refs).Error
	if err != nil {
		return nil, fmt.Errorf("audit entry references: %w", err)
	}
	for _, r := range refs {
		problems = append(problems, fmt.Sprintf("%s: names entry %s, missing or of another customer", r.Row, r.Entry))
	}
	lots, err := auditLots(ctx, db)
	return append(problems, lots...), err
}

func auditLots(ctx context.Context, db *gorm.DB) ([]string, error) {
	var problems []string
	var rows []struct {
		ID      string
		Problem string
	}
	err := db.WithContext(ctx).Raw(`
		SELECT c.id, 'points_balance ' || c.points_balance || ' and points_pending ' || c.points_pending ||
		       ', open lots hold ' || COALESCE(l.available, 0) || ' available and ' || COALESCE(l.pending, 0) || ' pending' AS problem
		  FROM customers c
		  LEFT JOIN (SELECT customer_id, sum(remaining) FILTER (WHERE NOT pending) AS available, sum(remaining) FILTER (WHERE pending) AS pending
		               FROM points_lots WHERE open GROUP BY customer_id) l ON l.customer_id = c.id
		 WHERE c.points_balance <> COALESCE(l.available, 0) OR c.points_pending <> COALESCE(l.pending, 0)
		UNION ALL
		SELECT e.id, 'entry of ' || e.points || ' points moved ' || (COALESCE(m.sum, 0) + COALESCE(l.points, 0)) || ' in lots'
		  FROM points_entries e
		  LEFT JOIN (SELECT entry_id, sum(points) AS sum FROM points_lot_moves GROUP BY entry_id) m ON m.entry_id = e.id
		  LEFT JOIN points_lots l ON l.entry_id = e.id
		 WHERE e.created_at >= (SELECT started_at FROM points_lots_start)
		   AND e.points <> COALESCE(m.sum, 0) + COALESCE(l.points, 0)`).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("audit lots: %w", err)
	}
	for _, r := range rows {
		problems = append(problems, fmt.Sprintf("lots of %s: %s", r.ID, r.Problem))
	}
	return problems, nil
}
