package ledger

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/loyaltylinks/platform/loyalty/internal/customer"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/database"
	"gorm.io/gorm"
)

// SQLSTATEs raised by the ledger's triggers (migration 00201).
const (
	codeInsufficientPoints = "LY001"
	codeEntryImmutable     = "LY002"
	codeBalanceGuard       = "LY003"
	// numeric_value_out_of_range: the trigger's points_balance + points left bigint.
	codeOutOfRange = "22003"
)

// Post writes one entry inside tx (a transaction of the caller's, which composes it with
// its own rows) through loyalty.ledger_move, the statement every credit and debit runs
// too (move.go): the rule of a new entry lives there alone. The database trigger moves
// the balance in the same statement. Post returns the entry and replayed=false, or, when
// an entry with the same transaction_identifier (same customer and type) or the same id
// already exists with the same points, that entry and replayed=true, having written
// nothing. Errors: 404 customer not found, 409 customer inactive (unless AllowInactive),
// insufficient points, identifier reused with other points, or the entry named by
// ReversesID already reversed.
//
// A concurrent duplicate is safe: ledger_move takes the customer's ledger lock first, and
// its INSERT ... ON CONFLICT DO NOTHING reads the existing row back.
func Post(ctx context.Context, tx *gorm.DB, e NewEntry) (Entry, bool, error) {
	mv := &movement{typ: e.Type, pts: e.Points, reverses: e.ReversesID, allowInactive: e.AllowInactive, m: Movement{
		ID: e.ID, CustomerID: e.CustomerID, Description: e.Description, TransactionIdentifier: e.TransactionIdentifier,
		CouponIdentifier: e.CouponIdentifier, VendorDocument: e.VendorDocument, StoreCode: e.StoreCode,
		UserAt: e.UserAt, TransactionDate: e.TransactionDate, RedeemID: e.RedeemID,
	}}
	what := "post entry for customer " + e.CustomerID
	// Straight to the transaction's connection, with pgx's array arguments (GORM would
	// expand a slice into a list).
	if tx.Statement == nil || tx.Statement.ConnPool == nil {
		return Entry{}, false, fmt.Errorf("%s: no database handle", what)
	}
	rows, err := tx.Statement.ConnPool.QueryContext(ctx, moveSQL, moveArgs([]*movement{mv})...)
	if err != nil {
		return Entry{}, false, translate(err, what)
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return Entry{}, false, translate(err, what)
		}
		return Entry{}, false, fmt.Errorf("%s: ledger_move returned no row", what)
	}
	res, err := scanMoveRow(rows, mv)
	if err != nil {
		return Entry{}, false, err
	}
	if err := rows.Close(); err != nil {
		return Entry{}, false, translate(err, what)
	}
	if err := rows.Err(); err != nil {
		return Entry{}, false, translate(err, what)
	}
	return res.entry, res.replayed, res.err
}

// refreshLastPurchase recomputes last_purchase after a sale was cancelled.
func refreshLastPurchase(ctx context.Context, tx *gorm.DB, customerID string) error {
	err := tx.WithContext(ctx).Exec(`
		UPDATE customers SET last_purchase = (
		    SELECT max(transaction_date) FROM points_entries
		     WHERE customer_id = ? AND transaction_type = 'C' AND coupon_identifier IS NOT NULL AND cancelled_at IS NULL)
		 WHERE id = ?`, customerID, customerID).Error
	if err != nil {
		return fmt.Errorf("refresh last_purchase of customer %s: %w", customerID, err)
	}
	return nil
}

// ReverseOptions describes the reversal written by Reverse.
type ReverseOptions struct {
	Description string
	UserAt      string
	// AllowRedeem lets an R entry be reversed. Only the redeem package sets it: a redeem is
	// cancelled through its own life cycle, not as a transaction.
	AllowRedeem bool
}

// Reverse cancels entry id inside tx: it takes its customer's ledger lock (lock.go), locks the entry, marks it cancelled and writes an
// E entry with the opposite points (which moves the balance back). It returns the original
// and the reversal. Errors: 404 unknown entry, 409 already cancelled, a reversal, a redeem
// entry (unless AllowRedeem), or insufficient points (a credit already spent).
func Reverse(ctx context.Context, tx *gorm.DB, id string, opt ReverseOptions) (orig, rev Entry, err error) {
	db := tx.WithContext(ctx)
	if _, err := LockCustomersOf(ctx, tx, `SELECT customer_id FROM points_entries WHERE id = ?`, id); err != nil {
		return Entry{}, Entry{}, err
	}
	var rows []Entry
	if err := db.Raw(`SELECT * FROM points_entries WHERE id = ? FOR UPDATE`, id).Scan(&rows).Error; err != nil {
		return Entry{}, Entry{}, fmt.Errorf("lock entry %s: %w", id, err)
	}
	if len(rows) == 0 {
		return Entry{}, Entry{}, ErrEntryNotFound
	}
	orig = rows[0]
	switch {
	case orig.CancelledAt != nil:
		return orig, Entry{}, ErrAlreadyCancelled
	case orig.TransactionType == TypeReversal:
		return orig, Entry{}, ErrNotCancellable.Withf("A reversal cannot be cancelled")
	case orig.TransactionType == TypeRedeem && !opt.AllowRedeem:
		return orig, Entry{}, ErrNotCancellable.Withf("A redeem entry is cancelled by cancelling its redeem")
	}
	if err := db.Exec(`UPDATE points_entries SET cancelled_at = now() WHERE id = ?`, id).Error; err != nil {
		return orig, Entry{}, translate(err, "mark entry "+id+" cancelled")
	}
	rev, _, err = Post(ctx, tx, NewEntry{
		CustomerID:       orig.CustomerID,
		Type:             TypeReversal,
		Points:           -orig.Points,
		Description:      opt.Description,
		CouponIdentifier: orig.CouponIdentifier,
		VendorDocument:   orig.VendorDocument,
		StoreCode:        orig.StoreCode,
		UserAt:           opt.UserAt,
		TransactionDate:  time.Now(),
		RedeemID:         orig.RedeemID,
		ReversesID:       &orig.ID,
		AllowInactive:    true,
	})
	if err != nil {
		if errors.Is(err, ErrInsufficientPoints) {
			return orig, Entry{}, ErrInsufficientPoints.Withf("Insufficient points to cancel: the customer has already spent them").Because(err)
		}
		return orig, Entry{}, err
	}
	if orig.TransactionType == TypeCredit && orig.CouponIdentifier != nil {
		if err := refreshLastPurchase(ctx, tx, orig.CustomerID); err != nil {
			return orig, rev, err
		}
	}
	return orig, rev, nil
}

// translate turns database errors of the ledger into API errors; others are wrapped.
func translate(err error, what string) error {
	if _, ok := apperr.As(err); ok {
		return err // already the API's (an unknown outcome, ...)
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch pgErr.Code {
		case codeInsufficientPoints:
			return ErrInsufficientPoints.Because(err)
		case codeOutOfRange:
			return ErrBalanceOverflow.Because(err)
		case codeEntryImmutable, codeBalanceGuard:
			return fmt.Errorf("%s: ledger guard: %w", what, err)
		}
	}
	if gone := customer.NotFoundIfGone(err); gone != err {
		return gone
	}
	return fmt.Errorf("%s: %w", what, err)
}

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// InTx runs fn as one transaction of a customer's ledger and returns once its outcome
// is known (database.Tx: run again after a deadlock or a connection lost before the
// commit; a lost commit looked up through change). A customer deleted while fn ran is
// customer.ErrNotFound, whichever of its rows the database refused.
func InTx(ctx context.Context, db *gorm.DB, change database.Change, fn func(tx *gorm.DB) error) error {
	return customer.NotFoundIfGone(database.Tx(ctx, db, change, fn))
}

// EntryExists is a Change.Committed: whether the entry *id is recorded. id is read when
// the look-up runs, so it may point at a variable the transaction sets.
func EntryExists(id *string) func(ctx context.Context, db *gorm.DB) (bool, error) {
	return func(ctx context.Context, db *gorm.DB) (bool, error) {
		var n int64
		if err := db.WithContext(ctx).Raw(`SELECT count(*) FROM points_entries WHERE id = ?`, *id).Scan(&n).Error; err != nil {
			return false, fmt.Errorf("look up entry %s: %w", *id, err)
		}
		return n == 1, nil
	}
}
