package redeem

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"github.com/loyaltylinks/platform/loyalty/internal/ledger"
	"github.com/loyaltylinks/platform/shared/database"
	"gorm.io/gorm"
)

// Cancellation is the body of POST /points/redeem/cancel/{redeem_id}.
type Cancellation struct {
	Detail        string `json:"detail"`
	RedeemID      string `json:"redeem_id"`
	Status        string `json:"status"`
	ReversalID    string `json:"reversal_id"`    // the E entry that gave the points back
	Points        int64  `json:"points"`         // points given back
	PointsBalance int64  `json:"points_balance"` // the customer's balance afterwards
}

// Cancel gives back the points of a pending redeem. An applied redeem must be rolled back
// first; a cancelled or expired one is a 409.
func (s *Service) Cancel(ctx context.Context, redeemID, userAt string) (Cancellation, error) {
	var out Cancellation
	change := database.Change{
		What:      fmt.Sprintf("Look up the status of redeem %s before sending the request again.", redeemID),
		Committed: ledger.EntryExists(&out.ReversalID),
	}
	err := ledger.InTx(ctx, s.db, change, func(tx *gorm.DB) error {
		out = Cancellation{}
		r, err := lockRedeem(ctx, tx, `id = ?`, redeemID)
		if err != nil {
			return err
		}
		switch r.Status {
		case StatusPending:
		case StatusApplied:
			return ErrNotPending.Withf("Redeem is applied: roll it back before cancelling")
		case StatusCancelled:
			return ledger.ErrAlreadyCancelled.Withf("Redeem already cancelled")
		default:
			return ErrNotPending.Withf("Redeem is %s", r.Status)
		}
		out, err = s.release(ctx, tx, r, StatusCancelled, "Redeem cancelled", userAt)
		return err
	})
	return out, err
}

// release reverses the R entry of a locked pending redeem, moves it to status (cancelled
// or expired) and records the event of that status.
func (s *Service) release(ctx context.Context, tx *gorm.DB, r Redeem, status, description, userAt string) (Cancellation, error) {
	_, rev, err := ledger.Reverse(ctx, tx, r.PointsEntryID, ledger.ReverseOptions{Description: description, UserAt: userAt, AllowRedeem: true})
	if err != nil {
		return Cancellation{}, err
	}
	db := tx.WithContext(ctx)
	if err := db.Exec(`UPDATE redeems SET status = ?, cancelled_at = now() WHERE id = ?`, status, r.ID).Error; err != nil {
		return Cancellation{}, fmt.Errorf("mark redeem %s %s: %w", r.ID, status, err)
	}
	var balance int64
	if err := db.Raw(`SELECT points_balance FROM customers WHERE id = ?`, r.CustomerID).Scan(&balance).Error; err != nil {
		return Cancellation{}, fmt.Errorf("balance of customer %s: %w", r.CustomerID, err)
	}
	if s.events != nil {
		after, err := load(ctx, tx, r.ID)
		if err != nil {
			return Cancellation{}, err
		}
		typ := event.RedeemCancelled
		if status == StatusExpired {
			typ = event.RedeemExpired
		}
		if err := s.record(ctx, tx, typ, ReleaseEvent{Redeem: after, Reversal: rev}); err != nil {
			return Cancellation{}, err
		}
	}
	return Cancellation{Detail: description, RedeemID: r.ID, Status: status, ReversalID: rev.ID, Points: rev.Points, PointsBalance: balance}, nil
}

// ExpireDue expires pending redeems whose expires_at is at or before now, at most max of
// them, each in its own transaction, and returns how many it expired. A due redeem is
// picked, its customer's ledger lock taken, then the redeem claimed with SELECT ... FOR
// UPDATE SKIP LOCKED (the ledger's lock order: ledger.LockCustomers), so replicas running
// it at once share the work and a redeem being cancelled or applied by a request is left
// to that request.
func (s *Service) ExpireDue(ctx context.Context, now time.Time, max int) (int, error) {
	done := 0
	// A redeem that cannot be reversed (its error is returned) is skipped for the rest of
	// the run, so one bad row never stops the others from expiring; so is one another
	// transaction holds (it is that transaction's to change).
	failed, passed := []string{}, []string{}
	var errs []error
	for done+len(failed)+len(passed) < max {
		var claimed, picked string
		var expired bool
		// The job's next run is its look-up: an expired redeem is no longer pending.
		change := database.Change{What: "The expiry job runs again."}
		err := ledger.InTx(ctx, s.db, change, func(tx *gorm.DB) error {
			claimed, picked, expired = "", "", false
			db := tx.WithContext(ctx)
			var due []Redeem
			err := db.Raw(`SELECT id, customer_id FROM redeems WHERE status = 'pending' AND expires_at <= ?
				AND NOT (id = ANY(?::uuid[])) ORDER BY expires_at LIMIT 1`, now.UTC(), uuidArray(append(failed, passed...))).Scan(&due).Error
			if err != nil {
				return fmt.Errorf("pick expired redeem: %w", err)
			}
			if len(due) == 0 {
				return nil
			}
			picked = due[0].ID
			if err := ledger.LockCustomers(ctx, tx, due[0].CustomerID); err != nil {
				return err
			}
			var rows []Redeem
			if err := db.Raw(`SELECT * FROM redeems WHERE id = ? AND status = 'pending' FOR UPDATE SKIP LOCKED`, picked).Scan(&rows).Error; err != nil {
				return fmt.Errorf("claim expired redeem %s: %w", picked, err)
			}
			if len(rows) == 0 {
				return nil // taken meanwhile
			}
			claimed = rows[0].ID
			if _, err := s.release(ctx, tx, rows[0], StatusExpired, "Redeem expired", "system"); err != nil {
				return fmt.Errorf("expire redeem %s: %w", rows[0].ID, err)
			}
			expired = true
			return nil
		})
		switch {
		case err != nil && claimed == "":
			return done, errors.Join(append(errs, err)...)
		case err != nil:
			errs = append(errs, err)
			failed = append(failed, claimed)
		case picked == "":
			return done, errors.Join(errs...)
		case !expired:
			passed = append(passed, picked)
		default:
			done++
		}
	}
	return done, errors.Join(errs...)
}

// uuidArray renders ids (uuids read from the database) as a Postgres array literal; GORM
// would expand a Go slice into a list instead.
func uuidArray(ids []string) string { return "{" + strings.Join(ids, ",") + "}" }

// expiryBatch bounds one run of the job, so a backlog is worked off over several ticks
// without holding a goroutine for long.
const expiryBatch = 1000

// RunExpiry runs ExpireDue every interval until ctx ends (the service's `serve` starts it).
func (s *Service) RunExpiry(ctx context.Context, interval time.Duration, log *slog.Logger) {
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	for {
		n, err := s.ExpireDue(ctx, time.Now(), expiryBatch)
		switch {
		case err != nil && !errors.Is(err, context.Canceled):
			log.ErrorContext(ctx, "redeem expiry failed", "error", err, "expired", n)
		case n > 0:
			log.InfoContext(ctx, "redeems expired", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}
