// Package rollup keeps the report rollups up to date (migrations 00560 and 00580,
// docs/sizing.md "Report rollups"): writers of coupons and points entries only mark the
// days x stores (and the customers) they touch; this job re-aggregates the marked ones
// from raw rows. Every replica runs it; one pass runs at a time (advisory locks in
// loyalty.rollup_refresh and loyalty.customer_purchases_refresh), the others skip their
// turn. Report answers never depend on it: the reporting views read what is marked from
// raw rows until a pass has re-aggregated it.
package rollup

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"gorm.io/gorm"
)

// Job re-aggregates the report rollups.
type Job struct {
	db       *gorm.DB
	timeZone string
	log      *slog.Logger
}

// New returns the job. timeZone is the reporting time zone (AI_TIMEZONE): the rollups'
// days are its days, and a change of it rebuilds them on the next pass.
func New(db *gorm.DB, timeZone *time.Location, log *slog.Logger) *Job {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Job{db: db, timeZone: timeZone.String(), log: log}
}

// Pass is what one refresh did.
type Pass struct {
	// Partitions is the number of days x stores re-aggregated (on a rebuild, the rollup
	// rows written).
	Partitions int
	// Customers is the number of customers whose purchase summary was recomputed
	// (migration 00580).
	Customers int
	// CustomerPeriods is the number of rows of the customers' quarters, years and all time
	// (migration 00587) rebuilt: 0 unless the report time zone is not theirs (the first
	// pass after the migration, or AI_TIMEZONE changed); the triggers keep them otherwise.
	CustomerPeriods int
	// Busy: another replica's pass was running; this one did nothing.
	Busy bool
}

// Refresh runs one pass in one transaction: the marks it sees are taken and their days x
// stores re-aggregated, or nothing (Busy) when another pass holds the lock. A pass that
// fails or is cancelled rolls back whole, marks included: the next one does its work.
//
// The per-customer summary is refreshed after the daily rollups, in a transaction of its
// own under its own lock: Busy when another replica holds either. Then the customers'
// quarters, years and all time (kept by triggers) are rebuilt if their time zone is not
// the report time zone: that rebuild holds writes to coupons back while it runs.
func (j *Job) Refresh(ctx context.Context) (Pass, error) {
	var p Pass
	if err := j.db.WithContext(ctx).Raw(`SELECT loyalty.rollup_refresh(?)`, j.timeZone).Row().Scan(&p.Partitions); err != nil {
		return Pass{}, fmt.Errorf("refresh report rollups: %w", err)
	}
	if err := j.vacuumMarks(ctx, p.Partitions, "rollup_marks"); err != nil {
		return p, err
	}
	if err := j.db.WithContext(ctx).Raw(`SELECT loyalty.customer_purchases_refresh()`).Row().Scan(&p.Customers); err != nil {
		return p, fmt.Errorf("refresh the customers' purchase summary: %w", err)
	}
	if err := j.vacuumMarks(ctx, p.Customers, "customer_purchase_marks"); err != nil {
		return p, err
	}
	if err := j.db.WithContext(ctx).Raw(`SELECT loyalty.customer_periods_refresh(?)`, j.timeZone).Row().Scan(&p.CustomerPeriods); err != nil {
		return p, fmt.Errorf("rebuild the customers' quarters and years: %w", err)
	}
	if p.Partitions < 0 || p.Customers < 0 || p.CustomerPeriods < 0 {
		return Pass{Busy: true}, nil
	}
	return p, nil
}

// vacuumMarks vacuums a marks table after a pass that took n > 0 of its marks. The marks a
// pass deletes stay in the table and its index until vacuumed, and every report reads the
// live ones: after a bulk load, 400k dead marks made each report take seconds. The table
// is small once vacuumed, so this is cheap; a vacuum already running is not waited for.
func (j *Job) vacuumMarks(ctx context.Context, n int, table string) error {
	if n <= 0 {
		return nil
	}
	if err := j.db.WithContext(ctx).Exec(`VACUUM (SKIP_LOCKED) loyalty.` + table).Error; err != nil {
		return fmt.Errorf("vacuum %s: %w", table, err)
	}
	return nil
}

// Run refreshes at once, then every interval, until ctx ends. A failed pass is logged and
// retried at the next tick.
func (j *Job) Run(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		started := time.Now()
		p, err := j.Refresh(ctx)
		switch {
		case ctx.Err() != nil:
			return
		case err != nil:
			j.log.ErrorContext(ctx, "report rollups: pass failed", "error", err)
		case p.Partitions > 0 || p.Customers > 0 || p.CustomerPeriods > 0:
			j.log.InfoContext(ctx, "report rollups refreshed", "partitions", p.Partitions, "customers", p.Customers, "customer_periods", p.CustomerPeriods, "took", time.Since(started).Round(time.Millisecond))
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
