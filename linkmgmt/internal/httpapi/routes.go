package httpapi

import (
	"net/http"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
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

	// Links (issue #7)
	api.Handle(http.MethodPost, "/url/add", a.createLink, apidoc.Op{Summary: "Shorten a link", Tag: "links", Request: link.Input{}, Response: linkCreateResponse{}})
	api.Handle(http.MethodGet, "/url/:id", a.getLink, apidoc.Op{Summary: "One link with its statistics", Tag: "links", Response: linkResponse{}})
	api.Handle(http.MethodPut, "/url/:id/update", a.updateLink, apidoc.Op{Summary: "Change a link (absent fields are kept, null or \"\" clears)", Tag: "links", Request: link.Input{}, Response: linkUpdateResponse{}})
	api.Handle(http.MethodDelete, "/url/:id/delete", a.deleteLink, apidoc.Op{Summary: "Delete a link and its statistics", Tag: "links", Response: linkMessageResponse{}})
	api.Handle(http.MethodGet, "/urls", a.listLinks, apidoc.Op{
		Summary:     "List links",
		Description: "With `short`, the single link whose short URL matches exactly (single-link response); other parameters are then ignored.",
		Tag:         "links", Response: linkListResponse{},
		Params: []apidoc.Param{
			{Name: "limit", Type: "integer", Default: 15, Description: "results per page, 1 to 100"},
			{Name: "page", Type: "integer", Default: 1},
			{Name: "order", Enum: []any{"date", "click"}, Default: "date"},
			{Name: "q", Description: "keyword searched in the long URL, title, alias and description"},
			{Name: "short", Description: "exact short URL"},
		},
	})

	// Redirects (issue #7): public, outside /api, no API key and no API rate limit.
	// Static routes (/healthz, /readyz, /metrics, /openapi.json, /docs) and multi-segment
	// ones (/api/..., /r/:slug, /u/:slug, /qr/...) take precedence over /:alias in Echo's
	// router, and those first segments are reserved aliases.
	for _, method := range []string{http.MethodGet, http.MethodHead, http.MethodPost} {
		e.Add(method, "/:alias", a.redirect)
	}
	e.GET("/", a.redirect)
	e.HEAD("/", a.redirect)
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
