package ledger

import "github.com/loyaltylinks/platform/shared/apperr"

// Failures of the ledger callers tell apart (errors.Is), each with the reason the API
// puts in the error body's code. A missing or inactive customer or store is the
// customer's or the store's failure (customer.ErrNotFound, store.ErrInactive, ...).
var (
	// ErrInsufficientPoints: the entry would take the balance below zero.
	ErrInsufficientPoints = apperr.Define(apperr.Conflict, "insufficient_points", "Insufficient points")
	// ErrBalanceOverflow: the entry would take the balance past its bigint maximum.
	ErrBalanceOverflow = apperr.Define(apperr.Conflict, "balance_overflow", "The points balance would exceed its maximum")
	// ErrAlreadyCancelled: the entry (or every entry of the coupon) is cancelled already.
	ErrAlreadyCancelled = apperr.Define(apperr.Conflict, "already_cancelled", "Transaction already cancelled")
	// ErrNotCancellable: reversals, and redeem entries outside their redeem's life cycle.
	ErrNotCancellable = apperr.Define(apperr.Conflict, "not_cancellable", "This entry cannot be cancelled")
	// ErrIdentifierReused: a transaction_identifier, entry id or coupon already recorded
	// for something else (other points, another sale, another value).
	ErrIdentifierReused = apperr.Define(apperr.Conflict, "identifier_reused", "The identifier was already used for another operation")
	// ErrCouponCancelled: a sale repeats a coupon that was cancelled.
	ErrCouponCancelled = apperr.Define(apperr.Conflict, "coupon_cancelled", "The coupon was cancelled")
	// ErrEntryNotFound: no points entry with that id.
	ErrEntryNotFound = apperr.Define(apperr.NotFound, "transaction_not_found", "Transaction not found")
	// ErrCouponNotFound: no coupon (or no entry carrying it) with that identifier.
	ErrCouponNotFound = apperr.Define(apperr.NotFound, "coupon_not_found", "Coupon not found")
)
