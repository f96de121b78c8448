package splash

import "github.com/loyaltylinks/platform/shared/apperr"

// The failures of the splash pages API that callers tell apart with errors.Is.
var (
	// ErrNotFound: no splash page with that id in the account.
	ErrNotFound = apperr.Define(apperr.NotFound, "splash_page_not_found", "Splash page not found")
	// ErrInvalid: a field breaks its rule; the message names the field and the rule.
	ErrInvalid = apperr.Define(apperr.Invalid, "splash_page_invalid", "Invalid splash page")
)
