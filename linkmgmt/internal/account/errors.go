package account

import "github.com/loyaltylinks/platform/shared/apperr"

// The failures of accounts that callers tell apart with errors.Is.
var (
	// ErrInvalidKey: no account holds the API key.
	ErrInvalidKey = apperr.Define(apperr.Unauthorized, "api_key_invalid", "Invalid API key")
	// ErrKeyInactive: the key's account is disabled or expired.
	ErrKeyInactive = apperr.Define(apperr.Unauthorized, "api_key_inactive", "API key is disabled or expired")
	// ErrNotFound: no account with that id.
	ErrNotFound = apperr.Define(apperr.NotFound, "account_not_found", "Account not found")
	// ErrEmailTaken: another account has the email.
	ErrEmailTaken = apperr.Define(apperr.Conflict, "account_email_taken", "This email is already in use")
	// ErrKeyRotated: the key the caller rotates was already replaced by a concurrent
	// rotation.
	ErrKeyRotated = apperr.Define(apperr.Conflict, "api_key_rotated", "This API key has already been replaced by another rotation; use the key that rotation returned")
	// ErrUnknownPlan: no plan of that name.
	ErrUnknownPlan = apperr.Define(apperr.Invalid, "account_unknown_plan", "unknown plan")
	// ErrInvalidEmail: the email is not a bare address.
	ErrInvalidEmail = apperr.Define(apperr.Invalid, "account_email_invalid", "a valid email is required")
	// ErrInvalidPassword: the password is too short or too long for bcrypt.
	ErrInvalidPassword = apperr.Define(apperr.Invalid, "account_password_invalid", "Invalid password")
	// ErrNothingToUpdate: an update gave neither email nor password.
	ErrNothingToUpdate = apperr.Define(apperr.Invalid, "account_nothing_to_update", "give email and/or password to update")
)
