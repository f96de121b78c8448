package httpapi

import (
	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/linkmgmt/internal/account"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/auth"
)

// requireAPIKey authenticates "Authorization: Bearer <API key>" and stores the account in
// the request context. Missing, unknown, disabled or expired keys answer 401, counted
// by limits against the caller's address (429 past its limit).
func requireAPIKey(accounts *account.Store, limits *rateLimiter) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			key, ok := auth.BearerToken(c.Request())
			if !ok {
				return limits.anonymous(c, errKeyRequired)
			}
			a, err := accounts.ByAPIKey(c.Request().Context(), key)
			if apperr.Is(err, apperr.Unauthorized) {
				return limits.anonymous(c, err)
			}
			if err != nil {
				return err
			}
			c.SetRequest(c.Request().WithContext(account.WithAccount(c.Request().Context(), a)))
			return next(c)
		}
	}
}

// currentAccount returns the account of a route behind requireAPIKey.
func currentAccount(c echo.Context) account.Account {
	a, _ := account.From(c.Request().Context())
	return a
}
