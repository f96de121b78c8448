package auth

import (
	"context"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
)

type principalKey struct{}

// WithPrincipal returns a context carrying the principal.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// PrincipalFrom returns the principal stored by the middleware, if any.
func PrincipalFrom(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(principalKey{}).(Principal)
	return p, ok
}

// BearerToken extracts the token of an "Authorization: Bearer <token>" header. The scheme
// is case-insensitive as RFC 6750 allows.
func BearerToken(r *http.Request) (string, bool) {
	h := r.Header.Get(echo.HeaderAuthorization)
	scheme, token, ok := strings.Cut(h, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	token = strings.TrimSpace(token)
	return token, token != ""
}

// Authenticator turns a bearer token into a principal.
type Authenticator func(ctx context.Context, token string) (Principal, error)

// Middleware authenticates every request through authenticate and stores the principal
// in the request context. onFail renders the service's own 401 body; err is nil when the
// header is missing.
func Middleware(authenticate Authenticator, onFail func(c echo.Context, err error) error) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			token, ok := BearerToken(c.Request())
			if !ok {
				return onFail(c, nil)
			}
			p, err := authenticate(c.Request().Context(), token)
			if err != nil {
				return onFail(c, err)
			}
			c.SetRequest(c.Request().WithContext(WithPrincipal(c.Request().Context(), p)))
			return next(c)
		}
	}
}
