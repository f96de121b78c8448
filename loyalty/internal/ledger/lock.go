package ledger

import (
	"context"
	"fmt"
	"slices"

	"gorm.io/gorm"
)

// The lock order of a customer's ledger. Every transaction that writes a customer's
// ledger rows (entries, redeems and their items, coupons, the customer row itself) takes
// the customer's ledger lock (loyalty.ledger_lock_customer, the advisory lock
// ledger_move and the entries' trigger take) BEFORE it locks any of those rows. Writers
// then queue on that one lock: a coupon cancel holding an entry's row while it waits for
// the ledger lock, a redeem block holding the ledger lock while it waits for the customer
// row, and a customer delete holding the customer row while its cascade waits for the
// entry's row would otherwise close a cycle, and Postgres breaks a cycle by failing one of
// them (a deadlock the write's retries may not outlast under load).

// LockCustomers takes the ledger lock of each customer inside tx, in one fixed order (by
// id), so transactions locking several customers cannot wait for each other in a cycle.
// The lock is held until tx ends; taking it again in tx does not wait.
func LockCustomers(ctx context.Context, tx *gorm.DB, customerIDs ...string) error {
	ids := slices.Clone(customerIDs)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	for _, id := range ids {
		if err := tx.WithContext(ctx).Exec(`SELECT loyalty.ledger_lock_customer(?::uuid)`, id).Error; err != nil {
			return fmt.Errorf("ledger lock of customer %s: %w", id, err)
		}
	}
	return nil
}

// LockCustomersOf takes the ledger lock of the customers of the rows a query selects
// (its one column is customer_id; the rows themselves are not locked) and reports how
// many such customers there are: 0 means the rows do not exist (yet).
func LockCustomersOf(ctx context.Context, tx *gorm.DB, customersQuery string, args ...any) (int, error) {
	var ids []string
	if err := tx.WithContext(ctx).Raw(customersQuery, args...).Scan(&ids).Error; err != nil {
		return 0, fmt.Errorf("customers to lock: %w", err)
	}
	return len(ids), LockCustomers(ctx, tx, ids...)
}
