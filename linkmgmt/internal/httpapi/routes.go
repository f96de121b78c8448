package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/shared/server"
)

// routes lists every route of the service in one place.
func (a *API) routes(srv *server.Server) {
	e := srv.Echo

	api := e.Group("/api", requireAPIKey(a.deps.Accounts))
	api.GET("/account", a.getAccount)
}

// getAccount answers GET /api/account.
func (a *API) getAccount(c echo.Context) error {
	acc := currentAccount(c)
	return c.JSON(http.StatusOK, map[string]any{
		"error": 0,
		"data": map[string]any{
			"id":         acc.ID,
			"email":      acc.Email,
			"username":   acc.Username,
			"avatar":     acc.Avatar,
			"status":     acc.Status,
			"expires":    formatDateTime(acc.ExpiresAt),
			"registered": acc.CreatedAt.UTC().Format(dateTimeLayout),
		},
	})
}
