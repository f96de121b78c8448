package testkit

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// CheckDocsPaths asserts what every service promises of its API description (the paths
// of apidoc.Mount): GET /docs is the HTML reference under the pages' security headers,
// /openapi.json the document, and the old /docs/readme a permanent redirect to /docs.
func CheckDocsPaths(t *testing.T, baseURL string) {
	t.Helper()
	docs := Call(t, http.MethodGet, baseURL+"/docs", "", nil)
	if docs.Status != http.StatusOK || !strings.HasPrefix(docs.Header.Get("Content-Type"), "text/html") {
		t.Errorf("GET /docs: %d %s", docs.Status, docs.Header.Get("Content-Type"))
	}
	if !strings.Contains(docs.Header.Get("Content-Security-Policy"), "default-src 'none'") {
		t.Errorf("GET /docs: Content-Security-Policy %q", docs.Header.Get("Content-Security-Policy"))
	}
	if doc := Call(t, http.MethodGet, baseURL+"/openapi.json", "", nil); doc.Status != http.StatusOK || !strings.HasPrefix(doc.Header.Get("Content-Type"), "application/json") {
		t.Errorf("GET /openapi.json: %d %s", doc.Status, doc.Header.Get("Content-Type"))
	}
	old := Call(t, http.MethodGet, baseURL+"/docs/readme", "", nil)
	if old.Status != http.StatusMovedPermanently || old.Header.Get("Location") != "/docs" {
		t.Errorf("GET /docs/readme: %d Location %q, want 301 to /docs", old.Status, old.Header.Get("Location"))
	}
}

var hrefAttr = regexp.MustCompile(`href="([^"]*)"`)

// CheckLandingPage asserts that GET / at baseURL is an HTML page under a
// Content-Security-Policy that links (at least) to want, and that every link it holds
// answers 200, a redirect followed: a landing page with a dead link is a dead end.
func CheckLandingPage(t *testing.T, baseURL string, want ...string) {
	t.Helper()
	res := Call(t, http.MethodGet, baseURL+"/", "", nil)
	if res.Status != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET /: %d %s", res.Status, res.Header.Get("Content-Type"))
	}
	if !strings.Contains(res.Header.Get("Content-Security-Policy"), "default-src 'none'") {
		t.Errorf("GET /: Content-Security-Policy %q", res.Header.Get("Content-Security-Policy"))
	}
	links := map[string]bool{}
	for _, m := range hrefAttr.FindAllStringSubmatch(string(res.Body), -1) {
		links[m[1]] = true
	}
	for _, href := range want {
		if !links[href] {
			t.Errorf("GET / links to %v, not to %s", links, href)
		}
	}
	for href := range links {
		if !strings.HasPrefix(href, "/") {
			t.Errorf("GET / links outside the service: %s", href)
			continue
		}
		got, err := http.Get(baseURL + href) // follows redirects
		if err != nil {
			t.Errorf("GET %s (linked from /): %v", href, err)
			continue
		}
		got.Body.Close()
		if got.StatusCode != http.StatusOK {
			t.Errorf("GET %s (linked from /): %d", href, got.StatusCode)
		}
	}
}
