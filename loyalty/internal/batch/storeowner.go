package batch

import (
	"context"
	"database/sql"
	"fmt"
)

// StoreOwnerStats are the statistics of the store-owner job, named as in the spec.
type StoreOwnerStats struct {
	TotalCustomers int `json:"total_customers"` // customers without an owner store, visited
	Updated        int `json:"updated"`         // given an owner store
	NotFound       int `json:"not_found"`       // no qualifying credit entry: left as they are
	Errors         int `json:"errors"`          // could not be updated
}

// withoutOwner selects the customers the job is about (an empty code counts as none).
const withoutOwner = `(c.store_code_owner IS NULL OR c.store_code_owner = '')`

// ownerCandidates is one batch of customers without an owner store, after a given id,
// each with the store of its first credit entry that carries a store and a coupon (NULL
// when there is none). It takes no lock: most customers without an owner never bought
// and are only read (one probe of points_entries_first_purchase_idx each); the update
// locks, and checks again, only the customers it gives an owner.
const ownerCandidates = `
SELECT c.id::text, e.store_code
FROM customers c
LEFT JOIN LATERAL (
    SELECT p.store_code
    FROM points_entries p
    WHERE p.customer_id = c.id
      AND p.transaction_type = 'C'
      AND NULLIF(p.store_code, '') IS NOT NULL
      AND NULLIF(p.coupon_identifier, '') IS NOT NULL
    ORDER BY p.transaction_date, p.created_at, p.id
    LIMIT 1
) e ON true
WHERE ` + withoutOwner + ` AND c.id > $1::uuid
ORDER BY c.id
LIMIT $2`

// ReprocessStoreCodeOwner gives every customer without store_code_owner the store_code
// of its first credit ('C') entry that has a store_code and a coupon_identifier.
//
// Customers are read in batches (keyset on id, so customers left without an owner are
// not visited twice) without locks; those with such an entry are updated in one
// transaction per batch, the update locking them and skipping any that got an owner in
// the meantime (not counted, as it is no longer without one). A batch of customers who
// never bought writes nothing (docs/sizing.md). When a batch's update fails, its
// customers are retried one by one so that one bad row counts in Errors without stopping
// the job. A database failure outside that (the batch query itself) stops the job and is
// returned with the statistics so far.
func (j *Jobs) ReprocessStoreCodeOwner(ctx context.Context, p Progress) (StoreOwnerStats, error) {
	p = progressOrNone(p)
	var stats StoreOwnerStats
	var expected int
	if err := j.db.QueryRowContext(ctx, `SELECT count(*) FROM customers c WHERE `+withoutOwner).Scan(&expected); err != nil {
		return stats, fmt.Errorf("count customers without owner store: %w", err)
	}
	p.Total(expected)
	j.log.InfoContext(ctx, "reprocess store owner: start", "customers", expected)

	after := "00000000-0000-0000-0000-000000000000"
	for {
		last, n, err := j.ownerBatchRun(ctx, after, &stats)
		if err != nil {
			return stats, err
		}
		if n == 0 {
			break
		}
		p.Add(n)
		after = last
	}
	j.log.InfoContext(ctx, "reprocess store owner: done", "total_customers", stats.TotalCustomers,
		"updated", stats.Updated, "not_found", stats.NotFound, "errors", stats.Errors)
	return stats, nil
}

type ownerCandidate struct {
	id    string
	store sql.NullString
}

// ownerBatchRun processes the batch after the given id; it returns the batch's last id
// and size (0 when there is nothing left).
func (j *Jobs) ownerBatchRun(ctx context.Context, after string, stats *StoreOwnerStats) (string, int, error) {
	batch, err := readOwnerCandidates(ctx, j.db, after, j.ownerBatch)
	if err != nil || len(batch) == 0 {
		return "", 0, err
	}
	ids, stores := make([]string, 0, len(batch)), make([]string, 0, len(batch))
	for _, c := range batch {
		if c.store.Valid {
			ids, stores = append(ids, c.id), append(stores, c.store.String)
		}
	}
	last := batch[len(batch)-1].id
	notFound := len(batch) - len(ids)
	if len(ids) == 0 {
		stats.TotalCustomers += notFound
		stats.NotFound += notFound
		return last, len(batch), nil
	}

	tx, err := j.db.BeginTx(ctx, nil)
	if err != nil {
		return "", 0, fmt.Errorf("store owner batch: begin: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after commit
	changed, err := updateOwners(ctx, tx, ids, stores)
	if err == nil {
		err = j.customersUpdated(ctx, tx, changed)
	}
	if err != nil {
		if ctx.Err() != nil {
			return "", 0, fmt.Errorf("store owner batch: %w", ctx.Err())
		}
		j.log.WarnContext(ctx, "store owner batch update failed; retrying its customers one by one", "error", err)
		_ = tx.Rollback()
		return last, len(batch), j.ownerOneByOne(ctx, ids, stores, notFound, stats)
	}
	if err := tx.Commit(); err != nil {
		return "", 0, fmt.Errorf("store owner batch: commit: %w", err)
	}
	stats.TotalCustomers += notFound + len(changed)
	stats.NotFound += notFound
	stats.Updated += len(changed)
	return last, len(batch), nil
}

// updateOwners sets the owner store of each customer of ids still without one and
// returns those updated.
func updateOwners(ctx context.Context, tx *sql.Tx, ids, stores []string) ([]string, error) {
	rows, err := tx.QueryContext(ctx, `
UPDATE customers c SET store_code_owner = v.store_code
FROM unnest($1::uuid[], $2::text[]) AS v(id, store_code)
WHERE c.id = v.id AND `+withoutOwner+`
RETURNING c.id::text`, ids, stores)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var changed []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		changed = append(changed, id)
	}
	return changed, rows.Err()
}

func readOwnerCandidates(ctx context.Context, db *sql.DB, after string, limit int) ([]ownerCandidate, error) {
	rows, err := db.QueryContext(ctx, ownerCandidates, after, limit)
	if err != nil {
		return nil, fmt.Errorf("store owner batch: select: %w", err)
	}
	defer rows.Close()
	var out []ownerCandidate
	for rows.Next() {
		var c ownerCandidate
		if err := rows.Scan(&c.id, &c.store); err != nil {
			return nil, fmt.Errorf("store owner batch: scan: %w", err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store owner batch: select: %w", err)
	}
	return out, nil
}

// ownerOneByOne updates the customers of a failed batch one at a time. A customer that
// got an owner in the meantime is no longer "without owner" and is not counted.
func (j *Jobs) ownerOneByOne(ctx context.Context, ids, stores []string, notFound int, stats *StoreOwnerStats) error {
	stats.TotalCustomers += notFound
	stats.NotFound += notFound
	for i, id := range ids {
		n, err := j.setOwner(ctx, id, stores[i])
		switch {
		case ctx.Err() != nil:
			return fmt.Errorf("store owner batch: %w", ctx.Err())
		case err != nil:
			stats.TotalCustomers++
			stats.Errors++
			j.log.WarnContext(ctx, "store owner update failed", "customer_id", id, "error", err)
		case n == 1:
			stats.TotalCustomers++
			stats.Updated++
		}
	}
	return nil
}

// setOwner gives one customer still without an owner store its owner, with its event, in
// one transaction; n is 1 when it was updated.
func (j *Jobs) setOwner(ctx context.Context, id, store string) (n int64, err error) {
	tx, err := j.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback() //nolint:errcheck // no-op after commit
	res, err := tx.ExecContext(ctx, `UPDATE customers c SET store_code_owner = $2 WHERE c.id = $1 AND `+withoutOwner, id, store)
	if err == nil {
		n, err = res.RowsAffected()
	}
	if err == nil && n == 1 {
		err = j.customersUpdated(ctx, tx, []string{id})
	}
	if err == nil {
		err = tx.Commit()
	}
	return n, err
}
