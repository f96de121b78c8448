package channel

import "github.com/loyaltylinks/platform/shared/apperr"

// The failures of the channels API that callers tell apart with errors.Is (a missing
// link or QR code is link.ErrNotFound or qr.ErrNotFound: see ItemNotFound).
var (
	// ErrNotFound: no channel with that id in the account.
	ErrNotFound = apperr.Define(apperr.NotFound, "channel_not_found", "Channel not found")
	// ErrBioNotFound: the bio page to assign does not exist (the service has none yet).
	ErrBioNotFound = apperr.Define(apperr.NotFound, "bio_page_not_found", "Bio page not found")
	// ErrItemType: the item type is none of links, bio and qr.
	ErrItemType = apperr.Define(apperr.Invalid, "channel_item_type", "type must be one of links, bio, qr")
	// ErrInvalid: a field breaks its rule; the message names the field and the rule.
	ErrInvalid = apperr.Define(apperr.Invalid, "channel_invalid", "Invalid channel")
)
