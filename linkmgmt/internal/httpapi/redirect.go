package httpapi

import "github.com/labstack/echo/v4"

// redirect answers GET/HEAD/POST /{alias} and / on BASE_URL and on branded domains. It
// is public: no API key, no API rate limit. The engine decides; this only writes.
func (a *API) redirect(c echo.Context) error {
	alias := c.Param("alias")
	// /{alias}+ is the link's public statistics page (a '+' is never part of an alias:
	// one byte compared, nothing more, on the redirect's path).
	if n := len(alias); n > 1 && alias[n-1] == '+' {
		return a.publicStats(c, alias[:n-1])
	}
	a.deps.Redirects.Serve(c.Request(), alias).Write(c.Response(), c.Request())
	return nil
}

// isRedirectRoute tells the request logger to stay quiet on the public hot paths (the
// redirect and the campaign pages; metrics are still recorded).
func isRedirectRoute(c echo.Context) bool {
	switch c.Path() {
	case "/:alias", "/", "/r/:slug", "/u/:ref":
		return true
	}
	return false
}

// redirectPagesChanged drops every replica's redirect cache after a pixel, CTA overlay
// or custom splash page changed or went away: cached links carry copies of them, and
// finding the links that use one is not worth it for such rare writes.
func (a *API) redirectPagesChanged(c echo.Context) {
	a.deps.Invalidator.PurgeAll(c.Request().Context())
}
