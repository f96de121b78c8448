package httpapi

import (
	"fmt"
	"html/template"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/shared/apidoc"
)

// pageHandlers serve the landing page. The API reference (/docs) is rendered by
// apidoc from the same OpenAPI document as /openapi.json, with referencePage's text.
type pageHandlers struct {
	version string
}

func (h *pageHandlers) landing(c echo.Context) error {
	apidoc.SecureHTMLHeaders(c.Response().Header())
	var b strings.Builder
	if err := landingTemplate.Execute(&b, map[string]string{"Version": h.version}); err != nil {
		return fmt.Errorf("render %s: %w", landingTemplate.Name(), err)
	}
	return c.HTML(http.StatusOK, b.String())
}

// referencePage is what the API reference says of authentication and errors.
var referencePage = apidoc.Page{Intro: `<p>Every route but the public ones needs
<code>Authorization: Bearer &lt;token&gt;</code> from <code>POST /api/v1/authorization</code>. Errors answer
<code>{"detail": "message", "code": "..."}</code>; invalid input answers 422 with
<code>{"detail": [{"loc": [...], "msg": ..., "type": ...}], "code": "invalid"}</code>. <code>code</code> names the failure
for programs (<code>insufficient_points</code>, <code>customer_not_found</code>, ...).</p>`}

var landingTemplate = template.Must(template.New("landing").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Loyalty API</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; color: #222; line-height: 1.5; }
code { background: #f3f3f3; padding: 0 .2rem; }
</style>
</head>
<body>
<h1>Loyalty API</h1>
<p>Customer loyalty programme: customers, points ledger, rewards, promotions, stores, exports and report queries.
Version <code>{{.Version}}</code>.</p>
<ul>
<li><a href="/docs">API reference</a>: every route, its parameters and bodies.</li>
<li><a href="/openapi.json">OpenAPI 3 document</a> (<code>/openapi.json</code>) for tools and client generators.</li>
<li><a href="/healthz">Health</a> and <a href="/readyz">readiness</a>.</li>
</ul>
<p>Get a token with <code>POST /api/v1/authorization</code> and send it as <code>Authorization: Bearer &lt;token&gt;</code>.</p>
</body>
</html>
`))
