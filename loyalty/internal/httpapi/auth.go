package httpapi

import (
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/user"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/auth"
)

// requireAuth verifies the bearer JWT on every route it wraps, then resolves its subject's
// current state through access: a user deleted, deactivated or at another token version
// is refused (401), and the request acts with the user's current role and name. When the
// state cannot be read, the answer is 503, not a 401 that would make clients drop a good
// token.
func requireAuth(tokens *auth.JWT, access *user.Access) echo.MiddlewareFunc {
	return auth.Middleware(tokens.Authenticator(access.Resolve), func(c echo.Context, err error) error {
		switch {
		case err == nil:
			return apperr.New(apperr.Unauthorized, "Not authenticated")
		case auth.Refused(err):
			return apperr.Wrap(apperr.Unauthorized, err, "Could not validate credentials")
		}
		return apperr.Wrap(apperr.Unavailable, err, "Could not check the credentials now; try again")
	})
}

// requireAdmin lets only principals with the admin role through. Use after requireAuth.
func requireAdmin(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		p, ok := auth.PrincipalFrom(c.Request().Context())
		if !ok {
			return apperr.New(apperr.Unauthorized, "Not authenticated")
		}
		if !p.IsAdmin() {
			return apperr.New(apperr.Forbidden, "Admin role required")
		}
		return next(c)
	}
}

// principal returns the authenticated caller of a route behind requireAuth.
func principal(c echo.Context) auth.Principal {
	p, _ := auth.PrincipalFrom(c.Request().Context())
	return p
}

// userAt names who did an operation: the body's user_at when sent, else the caller.
func userAt(c echo.Context, sent *string) string {
	if sent != nil && strings.TrimSpace(*sent) != "" {
		return strings.TrimSpace(*sent)
	}
	p := principal(c)
	if p.Name != "" {
		return p.Name
	}
	return p.Subject
}
