package httpapi

import (
	"fmt"
	"html/template"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/shared/apidoc"
)

// root answers GET/HEAD / . On the service's own host (BASE_URL's) it is the landing
// page: what the service is and where its docs and health checks are. On a branded
// domain it stays the redirect engine's: the domain's redirectroot, or "Link not found".
func (h *redirectHandlers) root(c echo.Context) error {
	if !h.redirects.OnBaseHost(c.Request()) {
		return h.redirect(c)
	}
	apidoc.SecureHTMLHeaders(c.Response().Header())
	var b strings.Builder
	if err := landingTemplate.Execute(&b, map[string]string{"BaseURL": h.baseURL}); err != nil {
		return fmt.Errorf("render %s: %w", landingTemplate.Name(), err)
	}
	// The same Content-Type as the redirect engine's pages on this path.
	return c.Blob(http.StatusOK, "text/html; charset=utf-8", []byte(b.String()))
}

var landingTemplate = template.Must(template.New("landing").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Link Management API</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; color: #222; line-height: 1.5; }
code { background: #f3f3f3; padding: 0 .2rem; }
</style>
</head>
<body>
<h1>Link Management API</h1>
<p>Short links and their redirects, campaigns, channels, QR codes, pixels, branded domains and click analytics.
Short links on this host look like <code>{{.BaseURL}}/alias</code>.</p>
<ul>
<li><a href="/docs">API reference</a>: every route, its parameters and bodies.</li>
<li><a href="/openapi.json">OpenAPI 3 document</a> (<code>/openapi.json</code>) for tools and client generators.</li>
<li><a href="/healthz">Health</a> and <a href="/readyz">readiness</a>.</li>
</ul>
<p>Every <code>/api</code> route needs <code>Authorization: Bearer &lt;API key&gt;</code>; an operator creates an account and its key with <code>linkmgmt users create</code>.</p>
</body>
</html>
`))
