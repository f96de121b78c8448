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

	// QR codes (the images are public: /qr/{id}.png and /qr/{id}.svg)
	e.GET("/qr/:file", a.qrImage)
	e.HEAD("/qr/:file", a.qrImage)
	pageParams := []apidoc.Param{
		{Name: "limit", Type: "integer", Default: 15, Description: "results per page (1-100)"},
		{Name: "page", Type: "integer", Default: 1, Description: "page number, from 1"},
	}
	api.Handle(http.MethodGet, "/qr", a.listQR, apidoc.Op{Summary: "List QR codes", Tag: "qr", Response: qrListResponse{}, Params: pageParams})
	api.Handle(http.MethodGet, "/qr/:id", a.getQR, apidoc.Op{Summary: "One QR code with its scan statistics", Tag: "qr", Response: qrDetailsResponse{}})
	api.Handle(http.MethodPost, "/qr/add", a.addQR, apidoc.Op{Summary: "Create a QR code", Tag: "qr", Request: qrAddRequest{}, Response: qrAddResponse{},
		Description: "type: text, vcard, link, email, phone, sms or wifi; data: a string or an object depending on the type (see docs/qr.md). " +
			"A link code gets a short link, so its scans are counted. `link` in the response is the short URL for a link code, the PNG address otherwise."})
	api.Handle(http.MethodPut, "/qr/:id/update", a.updateQR, apidoc.Op{Summary: "Update a QR code", Tag: "qr", Request: qrUpdateRequest{}, Response: qrMessageResponse{}})
	api.Handle(http.MethodDelete, "/qr/:id/delete", a.deleteQR, apidoc.Op{Summary: "Delete a QR code", Tag: "qr", Response: qrMessageResponse{}})
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
