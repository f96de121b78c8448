package qr

import "github.com/loyaltylinks/platform/shared/apperr"

// The failures of the QR code API that callers tell apart with errors.Is. The Invalid
// ones carry a message naming the field and the rule broken.
var (
	// ErrNotFound is the one answer for a code that does not exist or belongs to another
	// account: the caller cannot tell the two apart.
	ErrNotFound = apperr.Define(apperr.NotFound, "qr_not_found", "QR code not found")
	// ErrLogosBusy refuses a logo when every decoding slot stayed taken for DecodeWait.
	// It answers 429; the API adds Retry-After: LogoRetryAfter.
	ErrLogosBusy = apperr.Define(apperr.RateLimited, "qr_logos_busy", "Too many logos are being processed right now; retry in a moment")
	// ErrInvalidData: the type or the data to encode is not acceptable (or does not fit).
	ErrInvalidData = apperr.Define(apperr.Invalid, "qr_data_invalid", "Invalid QR code data")
	// ErrInvalidLogo: the logo cannot be read, fetched or used.
	ErrInvalidLogo = apperr.Define(apperr.Invalid, "qr_logo_invalid", "Invalid logo")
	// ErrInvalidColour: a colour is malformed, or the two do not scan.
	ErrInvalidColour = apperr.Define(apperr.Invalid, "qr_colour_invalid", "Invalid colours")
	// ErrInvalid: another field (the name) breaks its rule.
	ErrInvalid = apperr.Define(apperr.Invalid, "qr_invalid", "Invalid QR code")
)
