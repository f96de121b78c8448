package click

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"
)

// Retention is how long raw clicks are kept (CLICK_RETENTION). The rollups keep every
// total, series and breakdown beyond it; what needs the raw clicks (filters, the CSV of
// clicks, the partial days at the ends of a period in a zone other than UTC) covers the
// retention period.
type Retention struct {
	Months int // whole months, or
	Days   int // days; both zero: raw clicks are kept forever
}

// DefaultRetention is 13 months: a year of raw clicks, and the month before it whole.
var DefaultRetention = Retention{Months: 13}

// ParseRetention reads CLICK_RETENTION: "13mo" (months), "400d" (days), or "off".
func ParseRetention(s string) (Retention, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	if s == "off" || s == "0" {
		return Retention{}, nil
	}
	m := regexp.MustCompile(`^([0-9]{1,4})(mo|d)$`).FindStringSubmatch(s)
	if m == nil {
		return Retention{}, fmt.Errorf("%q is not a number of months (13mo) or days (400d), or off", s)
	}
	n, _ := strconv.Atoi(m[1])
	switch {
	case m[2] == "mo" && n >= 1 && n <= 1200:
		return Retention{Months: n}, nil
	case m[2] == "d" && n >= 31 && n <= 36500:
		return Retention{Days: n}, nil
	}
	return Retention{}, fmt.Errorf("%q is out of range (1mo to 1200mo, 31d to 36500d)", s)
}

// Forever reports whether raw clicks are never dropped.
func (r Retention) Forever() bool { return r.Months == 0 && r.Days == 0 }

// Horizon is the oldest time whose raw clicks are kept at now (UTC midnight).
func (r Retention) Horizon(now time.Time) time.Time {
	now = now.UTC()
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	switch {
	case r.Months > 0:
		return day.AddDate(0, -r.Months, 0)
	case r.Days > 0:
		return day.AddDate(0, 0, -r.Days)
	}
	return time.Time{}
}

// String is the setting as CLICK_RETENTION takes it.
func (r Retention) String() string {
	switch {
	case r.Months > 0:
		return strconv.Itoa(r.Months) + "mo"
	case r.Days > 0:
		return strconv.Itoa(r.Days) + "d"
	}
	return "off"
}

// maintain creates the coming partitions, drops raw clicks past the retention and
// forgets old batch ids. It runs hourly on every replica; each step is safe with several.
func (f *Flusher) maintain(ctx context.Context) error {
	now := f.now()
	return errors.Join(
		EnsurePartitions(ctx, f.db, now),
		DropExpired(ctx, f.db, f.opts.Retention, now),
		pruneBatches(ctx, f.db, now),
	)
}

// Maintain runs the hourly maintenance now (tests, admin).
func (f *Flusher) Maintain(ctx context.Context) error { return f.maintain(ctx) }

// EnsurePartitions creates the monthly clicks partitions for now's month and the next
// one. A month whose rows already sit in the default partition cannot get its own
// partition; it stays in the default one (logged by the caller).
func EnsurePartitions(ctx context.Context, db *gorm.DB, now time.Time) error {
	start := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	var errs []error
	for i := 0; i < 2; i++ {
		from := start.AddDate(0, i, 0)
		to := from.AddDate(0, 1, 0)
		name := partitionName(from)
		err := db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			// Replicas start together: serialise the DDL.
			if err := tx.Exec(`SELECT pg_advisory_xact_lock(hashtext('linkmgmt.clicks_partitions'))`).Error; err != nil {
				return err
			}
			return tx.Exec(fmt.Sprintf(`CREATE TABLE IF NOT EXISTS %s PARTITION OF clicks FOR VALUES FROM ('%s') TO ('%s')`,
				name, from.Format(time.DateOnly), to.Format(time.DateOnly))).Error
		})
		if err != nil {
			errs = append(errs, fmt.Errorf("partition %s: %w", name, err))
		}
	}
	return errors.Join(errs...)
}

func partitionName(month time.Time) string {
	return fmt.Sprintf("clicks_p%04d%02d", month.Year(), int(month.Month()))
}

var partitionPattern = regexp.MustCompile(`^clicks_p([0-9]{4})([0-9]{2})$`)

// retentionLockTimeout bounds the wait for the lock a partition drop takes on the clicks
// table: a long export holding it must not make every click query queue behind the DROP.
// The drop is retried at the next maintenance.
const retentionLockTimeout = 2 * time.Second

// DropExpired drops the monthly partitions whose whole month is older than the retention
// horizon, and deletes older rows from the default partition. One replica at a time
// (an advisory lock taken without waiting: the others skip); nothing is dropped while
// rollups are still being rebuilt from raw clicks (after an upgrade).
func DropExpired(ctx context.Context, db *gorm.DB, r Retention, now time.Time) error {
	if r.Forever() {
		return nil
	}
	horizon := r.Horizon(now)
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var got bool
		if err := tx.Raw(`SELECT pg_try_advisory_xact_lock(hashtext('linkmgmt.clicks_retention'))`).Scan(&got).Error; err != nil {
			return err
		}
		if !got {
			return nil
		}
		var queued int64
		if err := tx.Raw(`SELECT count(*) FROM click_rollup_rebuilds`).Scan(&queued).Error; err != nil {
			return err
		}
		if queued > 0 {
			return nil
		}
		if err := tx.Exec(fmt.Sprintf(`SET LOCAL lock_timeout = '%dms'`, retentionLockTimeout.Milliseconds())).Error; err != nil {
			return err
		}
		var names []string
		if err := tx.Raw(`SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
			WHERE i.inhparent = 'clicks'::regclass ORDER BY 1`).Scan(&names).Error; err != nil {
			return fmt.Errorf("list click partitions: %w", err)
		}
		for _, name := range names {
			m := partitionPattern.FindStringSubmatch(name)
			if m == nil {
				continue
			}
			year, _ := strconv.Atoi(m[1])
			month, _ := strconv.Atoi(m[2])
			end := time.Date(year, time.Month(month), 1, 0, 0, 0, 0, time.UTC).AddDate(0, 1, 0)
			if end.After(horizon) {
				continue
			}
			if err := tx.Exec(`DROP TABLE ` + name).Error; err != nil {
				return fmt.Errorf("drop click partition %s: %w", name, err)
			}
		}
		if err := tx.Exec(`DELETE FROM clicks_default WHERE clicked_at < ?`, horizon).Error; err != nil {
			return fmt.Errorf("delete expired clicks of the default partition: %w", err)
		}
		return nil
	})
}

// batchMemory is how long the ids of stored batches are kept. A batch is re-delivered
// only until its entry is acknowledged (seconds; a minute when a replica died holding
// it), so a week is far more than needed.
const batchMemory = 7 * 24 * time.Hour

// pruneBatches forgets the ids of batches stored longer ago than batchMemory, in slices
// that keep each transaction short.
func pruneBatches(ctx context.Context, db *gorm.DB, now time.Time) error {
	for {
		res := db.WithContext(ctx).Exec(`DELETE FROM click_batches WHERE batch_id IN (
			SELECT batch_id FROM click_batches WHERE flushed_at < ? LIMIT 10000)`, now.Add(-batchMemory))
		if res.Error != nil {
			return fmt.Errorf("prune click batches: %w", res.Error)
		}
		if res.RowsAffected < 10000 {
			return nil
		}
	}
}
