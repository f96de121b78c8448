package batch

import (
	"context"
	"fmt"
	"sync"
)

// DefaultConcurrency is the number of external look-ups in flight at once.
const DefaultConcurrency = 8

// AppUserStats are the statistics of one call of the app-user job, named as in the spec.
type AppUserStats struct {
	TotalCustomers int  `json:"total_customers"` // matching the criteria when the call started
	Processed      int  `json:"processed"`       // visited by this call (updated or failed)
	UpdatedToTrue  int  `json:"updated_to_true"`
	UpdatedToFalse int  `json:"updated_to_false"`
	Errors         int  `json:"errors"` // look-up or update failed: app_user stays null
	Offset         int  `json:"offset"`
	Limit          int  `json:"limit"`
	NextOffset     *int `json:"next_offset"` // where the next call continues; null when none is left
	Remaining      int  `json:"remaining"`   // matching customers after this call's window, not yet visited
}

// AppUserOptions are the paging and concurrency of one call.
type AppUserOptions struct {
	Limit       int
	Offset      int
	Concurrency int // default DefaultConcurrency
}

// appUserCriteria selects the customers whose app-user flag is unknown: active, app_user
// null, and not registered by the app itself (origin APP).
const appUserCriteria = `c.is_active AND c.app_user IS NULL AND COALESCE(upper(c.origin), '') <> 'APP'`

// CountAppUserCandidates counts the customers the app-user job is about.
func (j *Jobs) CountAppUserCandidates(ctx context.Context) (int, error) {
	var n int
	if err := j.db.QueryRowContext(ctx, `SELECT count(*) FROM customers c WHERE `+appUserCriteria).Scan(&n); err != nil {
		return 0, fmt.Errorf("count app-user candidates: %w", err)
	}
	return n, nil
}

// SyncAppUsers asks dir about the window [Offset, Offset+Limit) of the matching
// customers (oldest first) and sets their app_user to the answer. A failed look-up or
// update counts in Errors and leaves that customer's app_user null; the others go on.
//
// Updated customers leave the selection, so the window does not move by Limit: the next
// call continues at Offset + Errors (the failed ones now sit first in the window). A
// caller that follows next_offset until it is null visits every customer once.
func (j *Jobs) SyncAppUsers(ctx context.Context, dir AppUserDirectory, o AppUserOptions, p Progress) (AppUserStats, error) {
	p = progressOrNone(p)
	stats := AppUserStats{Offset: o.Offset, Limit: o.Limit}
	total, err := j.CountAppUserCandidates(ctx)
	if err != nil {
		return stats, err
	}
	stats.TotalCustomers = total

	window, err := j.appUserWindow(ctx, o.Limit, o.Offset)
	if err != nil {
		return stats, err
	}
	concurrency := o.Concurrency
	if concurrency <= 0 {
		concurrency = DefaultConcurrency
	}
	var (
		mu  sync.Mutex
		wg  sync.WaitGroup
		sem = make(chan struct{}, concurrency)
	)
	for _, c := range window {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			found, err := j.syncAppUser(ctx, dir, c)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err != nil:
				stats.Errors++
				j.log.WarnContext(ctx, "app-user sync failed", "customer_id", c.id, "error", err)
			case found:
				stats.UpdatedToTrue++
			default:
				stats.UpdatedToFalse++
			}
			p.Add(1)
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return stats, fmt.Errorf("app-user sync: %w", err)
	}
	stats.Processed = len(window)
	stats.Remaining = max(0, total-o.Offset-stats.Processed)
	if stats.Remaining > 0 {
		next := o.Offset + stats.Errors
		stats.NextOffset = &next
	}
	return stats, nil
}

type appUserCandidate struct{ id, doc string }

func (j *Jobs) appUserWindow(ctx context.Context, limit, offset int) ([]appUserCandidate, error) {
	rows, err := j.db.QueryContext(ctx, `SELECT c.id::text, c.doc FROM customers c WHERE `+appUserCriteria+
		` ORDER BY c.created_at, c.id OFFSET $1 LIMIT $2`, offset, limit)
	if err != nil {
		return nil, fmt.Errorf("select app-user candidates: %w", err)
	}
	defer rows.Close()
	var out []appUserCandidate
	for rows.Next() {
		var c appUserCandidate
		if err := rows.Scan(&c.id, &c.doc); err != nil {
			return nil, fmt.Errorf("select app-user candidates: %w", err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("select app-user candidates: %w", err)
	}
	return out, nil
}

// syncAppUser looks one customer up and records the answer.
func (j *Jobs) syncAppUser(ctx context.Context, dir AppUserDirectory, c appUserCandidate) (bool, error) {
	found, err := dir.IsAppUser(ctx, c.doc)
	if err != nil {
		return false, err
	}
	// The change and its customer.updated event commit together.
	tx, err := j.db.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("update customer %s: begin: %w", c.id, err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after commit
	res, err := tx.ExecContext(ctx, `UPDATE customers SET app_user = $2 WHERE id = $1`, c.id, found)
	if err != nil {
		return false, fmt.Errorf("update customer %s: %w", c.id, err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return false, fmt.Errorf("update customer %s: customer no longer exists", c.id)
	}
	if err := j.customersUpdated(ctx, tx, []string{c.id}); err != nil {
		return false, fmt.Errorf("update customer %s: %w", c.id, err)
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("update customer %s: commit: %w", c.id, err)
	}
	return found, nil
}
