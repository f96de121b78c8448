package httpapi

import (
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/loyaltylinks/platform/shared/apidoc"
)

// TestDocsEscapesTheDocument: text from the OpenAPI document is escaped in /docs.
func TestDocsEscapesTheDocument(t *testing.T) {
	doc := apidoc.New(`API <b>bold</b>`, "1", `desc "<script>alert(1)</script>"`,
		&openapi3.SecurityScheme{Type: "http", Scheme: "bearer"}, errorBody{})
	doc.Add("GET", "/api/x", apidoc.Op{Summary: `<img src=x onerror=alert(1)>`, Tag: `zz"><script>`,
		Params: []apidoc.Param{{Name: `<i>q</i>`, Description: `a & b`}}})
	spec, err := doc.Build()
	if err != nil {
		t.Fatal(err)
	}
	page, err := renderDocs(spec)
	if err != nil {
		t.Fatal(err)
	}
	out := string(page)
	for _, raw := range []string{"<script>", "<img", "<b>bold", "<i>q", `zz">`} {
		if strings.Contains(out, raw) {
			t.Errorf("page contains unescaped %q", raw)
		}
	}
	for _, escaped := range []string{"&lt;img src=x onerror=alert(1)&gt;", "&lt;script&gt;alert(1)&lt;/script&gt;", "a &amp; b"} {
		if !strings.Contains(out, escaped) {
			t.Errorf("page lacks escaped %q", escaped)
		}
	}
}
