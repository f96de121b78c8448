package httpapi

import (
	"context"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/auth"
)

// requireAuth verifies the bearer JWT on every route it wraps.
func requireAuth(tokens *auth.JWT) echo.MiddlewareFunc {
	verify := func(_ context.Context, token string) (auth.Principal, error) { return tokens.Verify(token) }
	return auth.Middleware(verify, func(c echo.Context, err error) error {
		if err == nil {
			return apperr.New(apperr.Unauthorized, "Not authenticated")
		}
		return apperr.Wrap(apperr.Unauthorized, err, "Could not validate credentials")
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
