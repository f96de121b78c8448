package apidoc

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"
)

type htmlItem struct {
	SKU   string `json:"sku" validate:"required"`
	Price int    `json:"price" default:"0"`
}

type htmlEnvelope struct {
	Data struct {
		Total int        `json:"total"`
		Items []htmlItem `json:"items"`
	} `json:"data"`
}

// TestRenderHTML: one operation per section, anchored by method and path, with its
// parameters, its request fields (required ones marked), the nested fields of its
// response spelled out with dotted names, links to component schemas, and every text
// of the document escaped.
func TestRenderHTML(t *testing.T) {
	doc := New(`API <b>bold</b>`, "2.0", `desc "<script>alert(1)</script>"`,
		&openapi3.SecurityScheme{Type: "http", Scheme: "bearer"}, struct {
			Detail string `json:"detail"`
		}{})
	doc.PathParams(Param{Name: "item_id", Type: "integer"})
	doc.Add(http.MethodPost, "/api/items/:item_id", Op{Tag: "Items", Summary: `Create <img src=x onerror=alert(1)>`,
		Request: htmlItem{}, Response: htmlEnvelope{}, Params: []Param{{Name: "limit", Type: "integer", Default: 1000, Description: "a & b"}}})
	doc.Add(http.MethodGet, "/api/public", Op{Tag: `zz"><script>`, Summary: "Public", Public: true, ContentType: "text/csv"})
	spec, err := doc.Build()
	if err != nil {
		t.Fatal(err)
	}
	raw, err := RenderHTML(spec, Page{Intro: "<p>Send <code>X-Key</code>.</p>"})
	if err != nil {
		t.Fatal(err)
	}
	page := string(raw)
	for _, want := range []string{
		`id="post-api-items-item_id"`,
		`<span class="method post">POST</span> <code>/api/items/{item_id}</code>`,
		"<td><code>limit</code></td><td>query</td><td>integer</td><td>no</td><td>1000</td><td>a &amp; b</td>",
		"<tr><td><code>sku</code></td><td>string</td><td>yes</td>",
		"<code>data.items[].price</code>",
		`<a href="#schema-htmlItem">htmlItem</a>`,
		`id="schema-htmlItem"`,
		"<p>Send <code>X-Key</code>.</p>", // the service's own text, as given
		"(public: no authentication)",
		"text/csv",
		"&lt;img src=x onerror=alert(1)&gt;",
		"&lt;script&gt;alert(1)&lt;/script&gt;",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	for _, raw := range []string{"<script>", "<img", "<b>bold", `zz">`} {
		if strings.Contains(page, raw) {
			t.Errorf("page contains unescaped %q", raw)
		}
	}
}

// TestHTMLHandler serves the page with the headers that keep it inert.
func TestHTMLHandler(t *testing.T) {
	doc := New("API", "1", "", nil, nil)
	doc.Add(http.MethodGet, "/x", Op{Summary: "X"})
	e := echo.New()
	e.GET("/docs", doc.HTMLHandler(Page{}))
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/docs", nil))
	h := rec.Header()
	if rec.Code != http.StatusOK || !strings.HasPrefix(h.Get("Content-Type"), "text/html") || !strings.Contains(rec.Body.String(), "<code>/x</code>") {
		t.Fatalf("GET /docs: %d %s %.200s", rec.Code, h.Get("Content-Type"), rec.Body)
	}
	if !strings.Contains(h.Get("Content-Security-Policy"), "default-src 'none'") || h.Get("X-Frame-Options") != "DENY" ||
		h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "no-referrer" {
		t.Fatalf("headers %v", h)
	}
}
