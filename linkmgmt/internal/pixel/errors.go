package pixel

import "github.com/loyaltylinks/platform/shared/apperr"

// The failures of the pixels API that callers tell apart with errors.Is.
var (
	// ErrNotFound: no pixel with that id in the account.
	ErrNotFound = apperr.Define(apperr.NotFound, "pixel_not_found", "Pixel not found")
	// ErrInvalid: a field breaks its rule; the message names the field and the rule.
	ErrInvalid = apperr.Define(apperr.Invalid, "pixel_invalid", "Invalid pixel")

	errTagRequired = ErrInvalid.Withf("tag is required")
)
