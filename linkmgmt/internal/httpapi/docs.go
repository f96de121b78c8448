package httpapi

import (
	"github.com/getkin/kin-openapi/openapi3"
	"github.com/loyaltylinks/platform/shared/apidoc"
)

// docsPage is what GET /docs, the HTML reading of /openapi.json rendered by apidoc, says
// of authentication, errors and rate limits.
var docsPage = apidoc.Page{Intro: `<p>Every <code>/api</code> route needs the header <code>Authorization: Bearer &lt;API key&gt;</code> and answers JSON:
<code>"error": 0</code> on success, <code>{"error": 1, "message": "..."}</code> with a fitting HTTP status otherwise.
API responses carry <code>X-RateLimit-Limit</code>, <code>X-RateLimit-Remaining</code> and <code>X-RateLimit-Reset</code>;
past the limit the answer is 429 with <code>Retry-After</code>.</p>`}

// renderDocs turns an OpenAPI document into the /docs HTML page.
func renderDocs(t *openapi3.T) ([]byte, error) { return apidoc.RenderHTML(t, docsPage) }
