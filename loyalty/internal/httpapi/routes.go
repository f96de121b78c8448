package httpapi

import (
	"github.com/getkin/kin-openapi/openapi3"
	"github.com/loyaltylinks/platform/shared/apidoc"
	"github.com/loyaltylinks/platform/shared/server"
)

// routes lists every route of the service in one place. Routes are added through
// apidoc.Router.Handle, which registers and documents them in one call, so /openapi.json
// always matches the router (TestEveryRouteIsDocumented checks it).
func (a *API) routes(srv *server.Server) {
	e := srv.Echo
	a.doc = apidoc.New("Loyalty API", "1.0.0",
		"Customer loyalty programme: customers, points ledger, rewards, stores, exports and report queries.",
		&openapi3.SecurityScheme{Type: "http", Scheme: "bearer", BearerFormat: "JWT"},
		errorDetail{})
	e.GET("/openapi.json", a.doc.Handler())

	// public needs no token; v1 routes need a valid bearer JWT.
	public := apidoc.NewRouter(a.doc, e.Group("/api/v1"), "/api/v1")
	v1 := apidoc.NewRouter(a.doc, e.Group("/api/v1", requireAuth(a.tokens)), "/api/v1")
	_, _ = public, v1

	// AI report queries
	a.aiQueryRoutes(v1)
}

// errorDetail documents the error body: a message, or for 422 a list of field errors.
type errorDetail struct {
	Detail any `json:"detail"`
}
