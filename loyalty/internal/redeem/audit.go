package redeem

import (
	"context"
	"fmt"

	"gorm.io/gorm"
)

// Audit checks that every redeem agrees with the ledger and describes each disagreement:
// a pending or applied redeem holds its points (its R entry is not cancelled and carries
// -total_points, the items add up to total_points); a cancelled or expired one gave them
// back (its R entry is cancelled); applied_at and coupon_identifier are set exactly when
// the redeem is applied; main_items_qty is the quantity of its main items (migration
// 00585 keeps it).
func Audit(ctx context.Context, db *gorm.DB) ([]string, error) {
	var rows []struct {
		ID      string
		Problem string
	}
	err := db.WithContext(ctx).Raw(`
		SELECT r.id, 'R entry missing, of another customer or with other points' AS problem
		  FROM redeems r LEFT JOIN points_entries e ON e.id = r.points_entry_id
		 WHERE e.id IS NULL OR e.transaction_type <> 'R' OR e.customer_id <> r.customer_id OR e.points <> -r.total_points
		UNION ALL
		SELECT r.id, 'status ' || r.status || ' but R entry cancelled = ' || (e.cancelled_at IS NOT NULL)
		  FROM redeems r JOIN points_entries e ON e.id = r.points_entry_id
		 WHERE (r.status IN ('pending', 'applied')) = (e.cancelled_at IS NOT NULL)
		UNION ALL
		SELECT r.id, 'items add up to ' || COALESCE(sum(i.points), 0) || ', not ' || r.total_points
		  FROM redeems r LEFT JOIN redeem_items i ON i.redeem_id = r.id
		 GROUP BY r.id, r.total_points HAVING COALESCE(sum(i.points), 0) <> r.total_points
		UNION ALL
		SELECT r.id, 'main_items_qty ' || r.main_items_qty || ' but its main items add up to ' || COALESCE(sum(i.qty), 0)
		  FROM redeems r LEFT JOIN redeem_items i ON i.redeem_id = r.id AND i.parent_item_id IS NULL
		 GROUP BY r.id, r.main_items_qty HAVING COALESCE(sum(i.qty), 0) <> r.main_items_qty
		UNION ALL
		SELECT r.id, 'applied markers do not match status ' || r.status
		  FROM redeems r
		 WHERE (r.status = 'applied') <> (r.applied_at IS NOT NULL AND r.coupon_identifier IS NOT NULL)
		    OR EXISTS (SELECT 1 FROM redeem_items i WHERE i.redeem_id = r.id AND (i.applied_at IS NOT NULL) <> (r.status = 'applied'))`).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("audit redeems: %w", err)
	}
	problems := make([]string, 0, len(rows))
	for _, r := range rows {
		problems = append(problems, fmt.Sprintf("redeem %s: %s", r.ID, r.Problem))
	}
	return problems, nil
}
