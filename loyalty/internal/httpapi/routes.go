package httpapi

import (
	"github.com/loyaltylinks/platform/shared/server"
)

// routes lists every route of the service in one place.
func (a *API) routes(srv *server.Server) {
	e := srv.Echo

	v1 := e.Group("/api/v1")
	authed := v1.Group("", requireAuth(a.tokens))
	_ = authed
}
