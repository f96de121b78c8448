package ledger

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"gorm.io/gorm"
)

// The points expiry job (migration 00602; docs/ledger.md "The points expiry job"). Every
// replica runs it. A run makes available the pending points whose window ended, expires,
// customer by customer, every lot due at the run's cutoff (one X entry per customer,
// through ledger_move, with the points.expired event), then writes the points.expiring
// notices of lots due within the notice window.

// ExpiryConfig tunes the job.
type ExpiryConfig struct {
	// Interval between runs (POINTS_EXPIRY_INTERVAL).
	Interval time.Duration
	// NoticeDays: points.expiring is sent this many days before a lot expires
	// (POINTS_EXPIRING_NOTICE_DAYS; 0: no notice).
	NoticeDays int
}

// ExpiryRun is what one run did.
type ExpiryRun struct {
	Matured   int   // customers whose pending points became available
	Customers int   // X entries written
	Points    int64 // points expired (positive)
	Notices   int   // points.expiring events written
}

const (
	// expiryLots bounds the lots one statement of the job looks at (their customers are
	// expired whole, set-based: migration 00605): one statement holds those customers'
	// ledger locks until it commits, each an entry of Postgres's shared lock table
	// (max_locks_per_transaction x max_connections slots for the whole server: 6,400 by
	// default), so a statement takes at most 1,000.
	expiryLots = 1000
	// expiryStatements bounds one run, so a backlog is worked off over several runs.
	expiryStatements = 400
	// noticeBatch bounds the notices one transaction writes.
	noticeBatch = 500
	// expiryTimeout bounds one statement of the job.
	expiryTimeout = time.Minute
)

// ExpirePoints expires every lot due at cutoff (at most expiryStatements statements of
// expiryLots lots), and returns what it expired. A crash leaves nothing half done: each
// statement is one transaction (see the migration).
func (s *Service) ExpirePoints(ctx context.Context, cutoff time.Time) (ExpiryRun, error) {
	var run ExpiryRun
	// The X entries' event is written by ledger_move, when a subscription wants it.
	var expired *string
	if s.events != nil && s.events.Wants(event.PointsExpired) {
		name := string(event.PointsExpired)
		expired = &name
	}
	for range expiryStatements {
		var rows []struct {
			CustomerID string
			EntryID    string
			Points     int64
		}
		sctx, cancel := context.WithTimeout(ctx, expiryTimeout)
		err := s.db.WithContext(sctx).Raw(`SELECT * FROM loyalty.ledger_expire(?, ?, ?)`, cutoff.UTC(), expiryLots, expired).Scan(&rows).Error
		cancel()
		if err != nil {
			return run, fmt.Errorf("expire points due at %s: %w", cutoff.UTC().Format(time.RFC3339), err)
		}
		if len(rows) == 0 {
			return run, nil
		}
		for _, r := range rows {
			run.Customers++
			run.Points -= r.Points
		}
	}
	return run, nil
}

// MaturePending makes available the pending points of sales whose window ended by now
// (at most expiryStatements statements of expiryLots lots), and returns the customers
// changed. A customer's next ledger write does the same for it alone (ledger_move).
func (s *Service) MaturePending(ctx context.Context, now time.Time) (int, error) {
	matured := 0
	for range expiryStatements {
		var rows []struct{ CustomerID string }
		sctx, cancel := context.WithTimeout(ctx, expiryTimeout)
		err := s.db.WithContext(sctx).Raw(`SELECT customer_id FROM loyalty.ledger_mature_due(?, ?)`, now.UTC(), expiryLots).Scan(&rows).Error
		cancel()
		if err != nil {
			return matured, fmt.Errorf("make pending points available at %s: %w", now.UTC().Format(time.RFC3339), err)
		}
		if len(rows) == 0 {
			return matured, nil
		}
		matured += len(rows)
	}
	return matured, nil
}

// ExpiringNotice is the payload of points.expiring: points of a customer that expire on
// a date (UTC), sent once per customer and date, NoticeDays before.
type ExpiringNotice struct {
	CustomerID string    `json:"customer_id"`
	ExpiresOn  string    `json:"expires_on"` // YYYY-MM-DD, UTC
	ExpiresAt  time.Time `json:"expires_at"` // the first lot of that date to expire
	Points     int64     `json:"points"`     // what the lots expiring that date hold now
}

// NoticeExpiring writes the points.expiring events of lots that expire after now and
// within days, once per customer and UTC date, and returns how many it wrote. Without
// the outbox (or days <= 0) it does nothing.
func (s *Service) NoticeExpiring(ctx context.Context, now time.Time, days int) (int, error) {
	if s.events == nil || days <= 0 {
		return 0, nil
	}
	written := 0
	for {
		var batch []ExpiringNotice
		err := s.db.Transaction(func(tx *gorm.DB) error {
			batch = batch[:0]
			// The notice row is the once: a concurrent run's insert of the same (customer,
			// date) waits for it and then writes nothing.
			err := tx.WithContext(ctx).Raw(`
				WITH due AS (
				    SELECT l.customer_id, (l.expires_at AT TIME ZONE 'UTC')::date AS expires_on,
				           min(l.expires_at) AS expires_at, sum(l.remaining) AS points
				      FROM points_lots l
				     WHERE l.open AND l.expires_at > @now AND l.expires_at <= @until
				       AND NOT EXISTS (SELECT 1 FROM points_expiry_notices n
				                        WHERE n.customer_id = l.customer_id AND n.expires_on = (l.expires_at AT TIME ZONE 'UTC')::date)
				     GROUP BY 1, 2
				     ORDER BY 1, 2
				     LIMIT @limit
				)
				INSERT INTO points_expiry_notices (customer_id, expires_on, expires_at, points)
				SELECT customer_id, expires_on, expires_at, points FROM due
				ON CONFLICT DO NOTHING
				RETURNING customer_id, expires_on::text AS expires_on, expires_at, points`,
				map[string]any{"now": now.UTC(), "until": now.Add(time.Duration(days) * 24 * time.Hour).UTC(), "limit": noticeBatch}).Scan(&batch).Error
			if err != nil {
				return fmt.Errorf("note expiring points: %w", err)
			}
			for _, n := range batch {
				if err := s.events.Record(ctx, tx, event.PointsExpiring, n); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return written, err
		}
		written += len(batch)
		if len(batch) < noticeBatch {
			return written, nil
		}
	}
}

// RunExpiry runs the job every cfg.Interval until ctx ends (serve starts it).
func (s *Service) RunExpiry(ctx context.Context, cfg ExpiryConfig, log *slog.Logger) {
	ticker := time.NewTicker(cfg.Interval)
	defer ticker.Stop()
	for {
		now := s.now()
		var run ExpiryRun
		matured, err := s.MaturePending(ctx, now)
		if err == nil {
			// Matured first: a lot held past its expiry (the job did not run for that long)
			// is available, then expired.
			run, err = s.ExpirePoints(ctx, now)
		}
		run.Matured = matured
		if err == nil {
			run.Notices, err = s.NoticeExpiring(ctx, now, cfg.NoticeDays)
		}
		switch {
		case err != nil && !errors.Is(err, context.Canceled):
			log.ErrorContext(ctx, "points expiry failed", "error", err, "customers", run.Customers, "points", run.Points)
		case run.Matured > 0 || run.Customers > 0 || run.Notices > 0:
			log.InfoContext(ctx, "points expiry run", "matured", run.Matured, "customers", run.Customers, "points", run.Points, "notices", run.Notices)
		}
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}
