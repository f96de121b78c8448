package overlay

import "github.com/loyaltylinks/platform/shared/apperr"

// The failures of the overlays API that callers tell apart with errors.Is.
var (
	// ErrNotFound: no overlay with that id in the account.
	ErrNotFound = apperr.Define(apperr.NotFound, "overlay_not_found", "Overlay not found")
	// ErrInvalid: a field breaks its rule; the message names the field and the rule.
	ErrInvalid = apperr.Define(apperr.Invalid, "overlay_invalid", "Invalid overlay")
)
