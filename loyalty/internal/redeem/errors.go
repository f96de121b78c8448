package redeem

import (
	"github.com/loyaltylinks/platform/shared/apperr"
)

// Failures of the redemption life cycle callers tell apart (errors.Is). Products that
// are missing or inactive are the product's failures (product.ErrNotFound, ...), a short
// balance the ledger's (ledger.ErrInsufficientPoints), a second cancel
// ledger.ErrAlreadyCancelled.
var (
	ErrNotFound       = apperr.Define(apperr.NotFound, "redeem_not_found", "Redeem not found")
	ErrAlreadyApplied = apperr.Define(apperr.Conflict, "redeem_already_applied", "Redeem already applied")
	ErrNotApplied     = apperr.Define(apperr.Conflict, "redeem_not_applied", "Redeem is not applied")
	ErrNotPending     = apperr.Define(apperr.Conflict, "redeem_not_pending", "Redeem is not pending")
	ErrExpired        = apperr.Define(apperr.Conflict, "redeem_expired", "Redeem has expired")
)
