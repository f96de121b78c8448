package httpapi_test

import (
	"html"
	"net/http"
	"strings"
	"testing"
)

// TestDocsPage: /docs is public HTML describing every operation of /openapi.json.
func TestDocsPage(t *testing.T) {
	env := newEnv(t)
	res := env.do(http.MethodGet, "/docs", "", nil)
	if res.Status != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET /docs: %d %s", res.Status, res.Header.Get("Content-Type"))
	}
	page := html.UnescapeString(string(res.Body))

	var doc struct {
		Paths map[string]map[string]struct {
			Summary string `json:"summary"`
		} `json:"paths"`
	}
	env.do(http.MethodGet, "/openapi.json", "", nil).JSON(t, &doc)
	if len(doc.Paths) < 25 {
		t.Fatalf("only %d paths documented", len(doc.Paths))
	}
	for path, ops := range doc.Paths {
		for method, op := range ops {
			head := `<span class="method ` + method + `">` + strings.ToUpper(method) + `</span> <code>` + path + `</code>`
			if !strings.Contains(page, head) {
				t.Errorf("/docs lacks %s %s", strings.ToUpper(method), path)
			}
			if !strings.Contains(page, op.Summary) {
				t.Errorf("/docs lacks the summary of %s %s: %q", method, path, op.Summary)
			}
		}
	}
	for _, field := range []string{"<code>data.campaigns[].rotator</code>", "<code>limit</code>", "<code>redirect404</code>"} {
		if !strings.Contains(page, field) {
			t.Errorf("/docs lacks field %s", field)
		}
	}
}
