package link

import "github.com/loyaltylinks/platform/shared/apperr"

// The failures of the links API that callers tell apart with errors.Is. Every package
// that answers for a link (campaigns, channels, statistics, the HTTP layer) returns
// these, so the message is written here alone.
var (
	// ErrNotFound: no link with that id, alias or short URL in the account (another
	// account's link is not found either).
	ErrNotFound = apperr.Define(apperr.NotFound, "link_not_found", "Link not found")
	// ErrAliasTaken: the alias is another link's on the same domain.
	ErrAliasTaken = apperr.Define(apperr.Conflict, "link_alias_taken", "The alias is already taken on this domain")
)

// aliasTaken is ErrAliasTaken naming the alias.
func aliasTaken(alias string) error {
	return ErrAliasTaken.Withf("The alias %q is already taken on this domain", alias)
}
