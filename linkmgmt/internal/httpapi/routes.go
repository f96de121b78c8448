package httpapi

import (
	"net/http"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/shared/apidoc"
	"github.com/loyaltylinks/platform/shared/server"
)

// routes lists every route of the service in one place. API routes are added through
// apidoc.Router.Handle, which registers and documents them in one call, so /openapi.json
// always matches the router (TestEveryRouteIsDocumented checks it).
func (a *API) routes(srv *server.Server) {
	e := srv.Echo
	a.doc = apidoc.New("Link Management API", "3.0.0",
		"Short links, redirects, campaigns, channels, QR codes, pixels, branded domains and click analytics.",
		&openapi3.SecurityScheme{Type: "http", Scheme: "bearer", Description: "Authorization: Bearer <API key>"},
		errorBody{})
	e.GET("/openapi.json", a.doc.Handler())

	api := apidoc.NewRouter(a.doc, e.Group("/api", requireAPIKey(a.deps.Accounts)), "/api")

	// Account
	api.Handle(http.MethodGet, "/account", a.getAccount, apidoc.Op{Summary: "The caller's account", Tag: "account", Response: accountResponse{}})
}

type accountData struct {
	ID         int64  `json:"id"`
	Email      string `json:"email"`
	Username   string `json:"username"`
	Avatar     string `json:"avatar"`
	Status     string `json:"status"`
	Expires    string `json:"expires"`
	Registered string `json:"registered"`
}

type accountResponse struct {
	Error int         `json:"error"`
	Data  accountData `json:"data"`
}

// getAccount answers GET /api/account.
func (a *API) getAccount(c echo.Context) error {
	acc := currentAccount(c)
	return c.JSON(http.StatusOK, accountResponse{Data: accountData{
		ID:         acc.ID,
		Email:      acc.Email,
		Username:   acc.Username,
		Avatar:     acc.Avatar,
		Status:     acc.Status,
		Expires:    formatDateTime(acc.ExpiresAt),
		Registered: acc.CreatedAt.UTC().Format(dateTimeLayout),
	}})
}
