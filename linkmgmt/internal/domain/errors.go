package domain

import "github.com/loyaltylinks/platform/shared/apperr"

// The failures of the branded domains API that callers tell apart with errors.Is.
var (
	// ErrNotFound: no domain with that id (or host) in the account.
	ErrNotFound = apperr.Define(apperr.NotFound, "domain_not_found", "Domain not found")
	// ErrTaken: the host is already registered, by this account or another.
	ErrTaken = apperr.Define(apperr.Conflict, "domain_taken", "This domain is already registered")
	// ErrNotPointing: the domain's DNS does not lead to this service.
	ErrNotPointing = apperr.Define(apperr.Invalid, "domain_not_pointing", "The domain does not point to this service")
	// ErrCheckUnavailable: the service's own addresses, which a domain must point to,
	// cannot be resolved now.
	ErrCheckUnavailable = apperr.Define(apperr.Unavailable, "domain_check_unavailable", "Branded domains cannot be checked right now, try again later")
	// ErrInvalid: the domain or a redirect breaks its rule; the message says which.
	ErrInvalid = apperr.Define(apperr.Invalid, "domain_invalid", "Invalid domain")
)
