package httpapi_test

import (
	"html"
	"net/http"
	"strings"
	"testing"

	"github.com/loyaltylinks/platform/shared/testkit"
)

// TestLandingPage: / is an HTML page under a CSP linking to the docs, the OpenAPI
// document and the health checks, each of which answers.
func TestLandingPage(t *testing.T) {
	env := newTestEnv(t)
	testkit.CheckLandingPage(t, env.URL, "/docs", "/openapi.json", "/healthz", "/readyz")
}

// TestDocsPaths: the reference is at /docs, as on linkmgmt; the old /docs/readme
// redirects there.
func TestDocsPaths(t *testing.T) {
	testkit.CheckDocsPaths(t, newTestEnv(t).URL)
}

// TestReadmeRendersTheOpenAPIDocument checks that /docs, public, lists every
// documented operation with its parameters, bodies and defaults, escaped.
func TestReadmeRendersTheOpenAPIDocument(t *testing.T) {
	env := newTestEnv(t)
	res := env.do(http.MethodGet, "/docs", "", nil)
	if res.Status != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET /docs: %d %s %s", res.Status, res.Header.Get("Content-Type"), res.Body)
	}
	page := string(res.Body)

	var doc struct {
		Paths map[string]map[string]struct {
			Summary string   `json:"summary"`
			Tags    []string `json:"tags"`
		} `json:"paths"`
	}
	env.do(http.MethodGet, "/openapi.json", "", nil).JSON(t, &doc)
	ops := 0
	for path, methods := range doc.Paths {
		for method, op := range methods {
			ops++
			anchor := `id="` + method + strings.NewReplacer("/", "-", "{", "", "}", "").Replace(path) + `"`
			if !strings.Contains(page, anchor) {
				t.Errorf("%s %s has no section (%s) in /docs", strings.ToUpper(method), path, anchor)
			}
			if strings.HasPrefix(path, "/api/v1/") && op.Summary != "" && !strings.Contains(page, html.EscapeString(op.Summary)) {
				t.Errorf("summary %q of %s %s not on the page", op.Summary, method, path)
			}
		}
	}
	if ops < 25 {
		t.Fatalf("only %d operations documented", ops)
	}

	for _, want := range []string{
		"store_code_owner_name",        // a query parameter
		"America/Sao_Paulo",            // a parameter default
		"<code>gender_identity</code>", // a request field
		"<code>topping_skus</code>",
		"<tr><td><code>sku</code></td><td>string</td><td>yes</td>", // a required request field
		`id="schema-Reward"`,                                       // a nested schema of the customer response
		"<td><code>limit</code></td><td>query</td><td>integer</td><td>no</td><td>1000</td>", // product/all default limit
		"start_date &lt;= now &lt;= end_date",                                               // descriptions are escaped
	} {
		if !strings.Contains(page, want) {
			t.Errorf("/docs lacks %q", want)
		}
	}
	if strings.Contains(page, "start_date <= now") {
		t.Error("a description was rendered without escaping")
	}
}

// TestOpenAPIDescribesCoreBodies checks the documented request bodies of this area:
// required fields, enums and defaults, as clients generating code rely on them.
func TestOpenAPIDescribesCoreBodies(t *testing.T) {
	env := newTestEnv(t)
	type schema struct {
		Required   []string `json:"required"`
		Properties map[string]struct {
			Enum    []any `json:"enum"`
			Default any   `json:"default"`
		} `json:"properties"`
	}
	var doc struct {
		Paths map[string]map[string]struct {
			Summary     string   `json:"summary"`
			Tags        []string `json:"tags"`
			RequestBody struct {
				Content map[string]struct {
					Schema schema `json:"schema"`
				} `json:"content"`
			} `json:"requestBody"`
		} `json:"paths"`
	}
	env.do(http.MethodGet, "/openapi.json", "", nil).JSON(t, &doc)
	body := func(method, path string) schema {
		return doc.Paths[path][method].RequestBody.Content["application/json"].Schema
	}

	c := body("post", "/api/v1/customer")
	if strings.Join(c.Required, ",") != "name,doc,email,phone" {
		t.Errorf("customer create required = %v", c.Required)
	}
	if c.Properties["origin"].Default != "PDV" || len(c.Properties["origin"].Enum) != 5 || c.Properties["email_optin"].Default != true {
		t.Errorf("customer create origin/email_optin = %+v / %+v", c.Properties["origin"], c.Properties["email_optin"])
	}
	if len(c.Properties["gender_identity"].Enum) != 3 {
		t.Errorf("gender_identity enum = %v", c.Properties["gender_identity"].Enum)
	}
	p := body("post", "/api/v1/product")
	if p.Properties["validity_days"].Default != 2.0 || p.Properties["is_active"].Default != true || p.Properties["points"].Default != 0.0 {
		t.Errorf("product defaults = %+v", p.Properties)
	}
	if u := body("post", "/api/v1/users"); u.Properties["role"].Default != "user" || len(u.Properties["role"].Enum) != 2 {
		t.Errorf("user create role = %+v", u.Properties["role"])
	}
	if pr := body("post", "/api/v1/promotion"); strings.Join(pr.Required, ",") != "name,start_date,end_date" {
		t.Errorf("promotion create required = %v", pr.Required)
	}

	tags := map[string]bool{"Authorization": true, "Users": true, "Customers": true, "Stores": true, "Products": true, "Promotions": true}
	for path, methods := range doc.Paths {
		for method, op := range methods {
			if len(op.Tags) == 1 && tags[op.Tags[0]] && op.Summary == "" {
				t.Errorf("%s %s has no summary", method, path)
			}
		}
	}
}
