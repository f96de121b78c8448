package apidoc

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// Paths where every service serves its API description, the same on all of them.
const (
	DocsPath    = "/docs"         // the HTML reference (HTMLHandler)
	OpenAPIPath = "/openapi.json" // the OpenAPI 3 document (Handler)
	// oldDocsPath was loyalty's reference path; it stays a permanent redirect to DocsPath
	// on every service so bookmarks and links keep working.
	oldDocsPath = "/docs/readme"
)

// Mount registers the service's API description on e: the OpenAPI document, the HTML
// reference with p's text, and the redirect from the old reference path.
func (d *Doc) Mount(e *echo.Echo, p Page) {
	e.GET(OpenAPIPath, d.Handler())
	e.GET(DocsPath, d.HTMLHandler(p))
	e.GET(oldDocsPath, func(c echo.Context) error {
		return c.Redirect(http.StatusMovedPermanently, DocsPath)
	})
}
