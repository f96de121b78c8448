package httpapi

import (
	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/linkmgmt/internal/redirect"
)

// redirectHandlers serve the public pages of short links: the redirect /{alias}, the
// statistics page /{alias}+ and the root / (landing.go).
type redirectHandlers struct {
	redirects *redirect.Engine
	baseURL   string
	stats     *publicStatsPages
}

// publicRoutes are the public hot paths (the redirect and the campaign pages): the
// server's stack keeps them cheap and logs only their failures (metrics are still
// recorded).
var publicRoutes = []string{"/:alias", "/", "/r/:slug", "/u/:ref"}

// redirect answers GET/HEAD/POST /{alias} and / on BASE_URL and on branded domains. It
// is public: no API key, no API rate limit. The engine decides; this only writes.
func (h *redirectHandlers) redirect(c echo.Context) error {
	alias := c.Param("alias")
	// /{alias}+ is the link's public statistics page (a '+' is never part of an alias:
	// one byte compared, nothing more, on the redirect's path).
	if n := len(alias); n > 1 && alias[n-1] == '+' {
		return h.publicStats(c, alias[:n-1])
	}
	return writeOutcome(c, h.redirects.Serve(c.Request(), alias))
}

// writeOutcome writes a public page and hands its failure, if any, to the server's
// request log line, which names the request id.
func writeOutcome(c echo.Context, out redirect.Outcome) error {
	out.Write(c.Response(), c.Request())
	return out.Err
}
