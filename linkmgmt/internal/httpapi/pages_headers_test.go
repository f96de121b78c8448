package httpapi_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

var (
	cspNonce     = regexp.MustCompile(`script-src 'nonce-([A-Za-z0-9_-]{16,})'`)
	scriptTag    = regexp.MustCompile(`<script[^>]*>`)
	inlineHandle = regexp.MustCompile(`(?i)<[^>]+\son[a-z]+\s*=`)
)

// checkPageHeaders checks what every HTML page must carry: a Content-Security-Policy
// whose nonce is on every script of the page (and no inline event handler, which no
// nonce can allow), frame protection in both spellings, nosniff.
func checkPageHeaders(t testing.TB, res response, wantInCSP ...string) {
	t.Helper()
	if ct := res.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
		t.Fatalf("Content-Type %q, want an HTML page (status %d)", ct, res.Status)
	}
	csp := res.Header.Get("Content-Security-Policy")
	for _, want := range append([]string{"default-src 'none'", "frame-ancestors 'none'", "base-uri 'none'", "'strict-dynamic'"}, wantInCSP...) {
		if !strings.Contains(csp, want) {
			t.Fatalf("Content-Security-Policy lacks %q: %q", want, csp)
		}
	}
	if strings.Contains(csp, "'unsafe-inline'") && !strings.Contains(csp, "style-src 'unsafe-inline'") || strings.Contains(csp, "'unsafe-eval'") {
		t.Fatalf("scripts may run unchecked: %q", csp)
	}
	if got := res.Header.Get("X-Frame-Options"); got != "DENY" {
		t.Fatalf("X-Frame-Options = %q, want DENY", got)
	}
	if got := res.Header.Get("X-Content-Type-Options"); got != "nosniff" {
		t.Fatalf("X-Content-Type-Options = %q", got)
	}
	m := cspNonce.FindStringSubmatch(csp)
	if m == nil {
		t.Fatalf("no script nonce in %q", csp)
	}
	for _, tag := range scriptTag.FindAllString(string(res.Body), -1) {
		if !strings.Contains(tag, `nonce="`+m[1]+`"`) {
			t.Fatalf("script without the response's nonce: %s", tag)
		}
	}
	if h := inlineHandle.FindString(string(res.Body)); h != "" {
		t.Fatalf("inline event handler (blocked by the CSP): %s", h)
	}
}

// TestEveryHTMLPageHasCSPAndFrameProtection visits every kind of HTML page the public
// routes render. Before, none carried a Content-Security-Policy and only the password,
// not-found and expired pages carried X-Frame-Options.
func TestEveryHTMLPageHasCSPAndFrameProtection(t *testing.T) {
	env := newEnv(t)
	accID, key := env.newAccount("free")
	fx := env.newFixtures(accID, "go.example.com")
	mk := func(body map[string]any) string {
		t.Helper()
		_, short := env.createLink(key, body)
		u, _ := url.Parse(short)
		return u.Path
	}
	splashImage := env.insertID(`INSERT INTO splash_pages (account_id, name, title, image_url, countdown) VALUES (?, 'img', 'Look', 'https://img.example.net:8443/a.png', 2)`, accID)
	campaign := env.newCampaign(key, map[string]any{"name": "Spring", "slug": "spring", "public": true})
	browser := map[string]string{"User-Agent": uaChromeWindows}
	expired := env.insertID(`INSERT INTO links (account_id, alias, long_url, expires_at) VALUES (?, 'gone', 'https://dest.example/', now() - interval '1 day')`, accID)
	_ = expired

	for _, tt := range []struct {
		name   string
		v      visit
		status int
		csp    []string
	}{
		{"frame, with pixels", visit{path: mk(map[string]any{"url": "https://dest.example/f", "type": "frame", "pixels": fx.Pixels}), header: browser}, 200,
			[]string{"frame-src", "https:", "https://connect.facebook.net", "https://www.googletagmanager.com", "connect-src"}},
		{"splash", visit{path: mk(map[string]any{"url": "https://dest.example/s", "type": "splash"}), header: browser}, 200, nil},
		{"custom splash", visit{path: mk(map[string]any{"url": "https://dest.example/c", "type": fmt.Sprintf("splash-%d", splashImage)}), header: browser}, 200,
			[]string{"img-src data: https://img.example.net:8443"}},
		{"overlay", visit{path: mk(map[string]any{"url": "https://dest.example/o", "type": fmt.Sprintf("overlay-%d", fx.Overlay)}), header: browser}, 200, []string{"frame-src http: https:"}},
		{"crawler meta page", visit{path: mk(map[string]any{"url": "https://dest.example/m", "campaign": campaign}), header: map[string]string{"User-Agent": uaFacebook}}, 200, nil},
		{"password form", visit{path: mk(map[string]any{"url": "https://dest.example/p", "password": "right one"}), header: browser}, 200, []string{"form-action 'self'"}},
		{"wrong password", visit{path: mk(map[string]any{"url": "https://dest.example/p2", "password": "right one"}), header: browser, form: url.Values{"password": {"nope"}}}, 401, nil},
		{"expired", visit{path: "/gone", header: browser}, 410, nil},
		{"not found", visit{path: "/no-such-link", header: browser}, 404, nil},
		{"not found, impossible alias", visit{path: "/%FF", header: browser}, 404, nil},
		{"campaign list", visit{path: "/u/spring"}, 200, nil},
		{"campaign rotator without links", visit{path: "/r/nothing-here"}, 404, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res := env.visit(tt.v)
			if res.Status != tt.status {
				t.Fatalf("status %d, want %d: %.200s", res.Status, tt.status, res.Body)
			}
			checkPageHeaders(t, res, tt.csp...)
		})
	}

	t.Run("every response has its own nonce", func(t *testing.T) {
		a := cspNonce.FindStringSubmatch(env.visit(visit{path: "/no-such-link"}).Header.Get("Content-Security-Policy"))
		b := cspNonce.FindStringSubmatch(env.visit(visit{path: "/no-such-link"}).Header.Get("Content-Security-Policy"))
		if a == nil || b == nil || a[1] == b[1] {
			t.Fatalf("nonces %v and %v", a, b)
		}
	})
	t.Run("a page without pixels allows no third party", func(t *testing.T) {
		csp := env.visit(visit{path: "/no-such-link"}).Header.Get("Content-Security-Policy")
		for _, s := range []string{"https:", "http:", "connect-src", "frame-src"} {
			if strings.Contains(csp, s) {
				t.Fatalf("the 404 page's policy allows %q: %s", s, csp)
			}
		}
	})
	t.Run("the unavailable page", func(t *testing.T) {
		cut := newEnv(t, withCutDB())
		cut.DBProxy.Cut()
		res := cut.do(http.MethodGet, "/wellformed", "", nil)
		if res.Status != http.StatusServiceUnavailable {
			t.Fatalf("status %d", res.Status)
		}
		checkPageHeaders(t, res)
	})
	t.Run("the API documentation page", func(t *testing.T) {
		res := env.do(http.MethodGet, "/docs", "", nil)
		if res.Status != http.StatusOK {
			t.Fatalf("status %d", res.Status)
		}
		csp := res.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "frame-ancestors 'none'") || res.Header.Get("X-Frame-Options") != "DENY" {
			t.Fatalf("/docs: CSP %q, X-Frame-Options %q", csp, res.Header.Get("X-Frame-Options"))
		}
		if scriptTag.MatchString(string(res.Body)) {
			t.Fatal("/docs carries a script its policy forbids")
		}
	})
}
