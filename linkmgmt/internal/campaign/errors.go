package campaign

import "github.com/loyaltylinks/platform/shared/apperr"

// The failures of the campaigns API that callers tell apart with errors.Is (a missing
// link to assign is link.ErrNotFound).
var (
	// ErrNotFound: no campaign with that id in the account (or, on the public pages, no
	// public campaign with that id or slug).
	ErrNotFound = apperr.Define(apperr.NotFound, "campaign_not_found", "Campaign not found")
	// ErrSlugTaken: another campaign has the rotator slug.
	ErrSlugTaken = apperr.Define(apperr.Conflict, "campaign_slug_taken", "This slug is already in use")
	// ErrInvalid: a field breaks its rule; the message names the field and the rule.
	ErrInvalid = apperr.Define(apperr.Invalid, "campaign_invalid", "Invalid campaign")
)
