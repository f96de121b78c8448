package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/loyaltylinks/platform/shared/testkit"
)

// TestLandingPage: / on the service's own host (BASE_URL's) says what the service is and
// links to the docs, the OpenAPI document and the health checks, each of which answers;
// / on a branded domain keeps the redirect engine's answer (its redirectroot, or Link not
// found), and so does a host the service does not know.
func TestLandingPage(t *testing.T) {
	env := newEnv(t)
	testkit.CheckLandingPage(t, env.URL, "/docs", "/openapi.json", "/healthz", "/readyz")

	_, key := env.newAccount("pro")
	for _, d := range []map[string]any{
		{"domain": "https://go.example.com", "redirectroot": "https://example.com/home"},
		{"domain": "https://bare.example.com"},
	} {
		if res := env.do(http.MethodPost, "/api/domain/add", key, d); res.Status != http.StatusOK {
			t.Fatalf("add domain %v: %d %s", d, res.Status, res.Body)
		}
	}
	tests := []struct {
		name, method, host string
		wantStatus         int
		wantLocation       string
		wantBody           string
	}{
		{name: "branded domain with redirectroot", host: "go.example.com", wantStatus: http.StatusFound, wantLocation: "https://example.com/home"},
		{name: "branded domain HEAD", method: http.MethodHead, host: "go.example.com", wantStatus: http.StatusFound, wantLocation: "https://example.com/home"},
		{name: "branded domain without redirectroot", host: "bare.example.com", wantStatus: http.StatusNotFound, wantBody: "Link not found"},
		{name: "unknown host", host: "nobody.example.net", wantStatus: http.StatusNotFound, wantBody: "Link not found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := env.visit(visit{method: tt.method, path: "/", host: tt.host})
			if res.Status != tt.wantStatus || res.Header.Get("Location") != tt.wantLocation {
				t.Fatalf("/ on %s: %d Location %q, want %d %q", tt.host, res.Status, res.Header.Get("Location"), tt.wantStatus, tt.wantLocation)
			}
			if !strings.Contains(string(res.Body), tt.wantBody) || strings.Contains(string(res.Body), "Link Management API") {
				t.Errorf("/ on %s: body %.200s", tt.host, res.Body)
			}
		})
	}
	// HEAD on the service's host is the landing page too, without a body.
	if res := env.visit(visit{method: http.MethodHead, path: "/"}); res.Status != http.StatusOK || len(res.Body) != 0 {
		t.Errorf("HEAD /: %d, %d bytes", res.Status, len(res.Body))
	}
}

// TestDocsPaths: the reference is at /docs, as on loyalty; /docs/readme (loyalty's old
// path) redirects there.
func TestDocsPaths(t *testing.T) {
	testkit.CheckDocsPaths(t, newEnv(t).URL)
}
