package httpapi

import "github.com/labstack/echo/v4"

// redirect answers GET/HEAD/POST /{alias} and / on BASE_URL and on branded domains. It
// is public: no API key, no API rate limit. The engine decides; this only writes.
func (a *API) redirect(c echo.Context) error {
	a.deps.Redirects.Serve(c.Request(), c.Param("alias")).Write(c.Response(), c.Request())
	return nil
}

// isRedirectRoute tells the request logger to stay quiet on the hot path (metrics are
// still recorded).
func isRedirectRoute(c echo.Context) bool {
	p := c.Path()
	return p == "/:alias" || p == "/"
}
