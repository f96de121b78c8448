package httpapi_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Hostile values: text that closes tags and scripts, and URLs that would run script.
const (
	hostileText = `"'></title></script></iframe><script>alert(1)</script><img src=x onerror=alert(2)>`
	hostileURL  = `https://e.org/"'></iframe></script><script>alert(3)</script>`
	scriptURL   = `javascript:alert(4)`
	hostileCSS  = `red;}</style><script>alert(5)</script>`
)

// hostileMarkers must never appear in a page: each is the start of script a hostile
// value would have injected.
var hostileMarkers = []string{
	"<script>alert", "<img src=x", "javascript:alert", `"'></`, "</iframe></script>",
}

// TestPagesEscapeHostileValues renders every HTML page of the redirect engine with
// hostile text in every user-supplied field. Validation refuses most of these values on
// the way in; the rows are written with SQL, as an old row or another writer could have
// left them, so the pages themselves are what is tested.
func TestPagesEscapeHostileValues(t *testing.T) {
	env := newEnv(t)
	accID, key := env.newAccount("free")
	overlay := env.insertID(`INSERT INTO overlays (account_id, name, text, button_label, button_url, background_color, text_color, button_color)
		VALUES (?, 'o', ?, ?, ?, ?, ?, ?)`, accID, hostileText, hostileText, scriptURL, hostileCSS, hostileCSS, hostileCSS)
	splash := env.insertID(`INSERT INTO splash_pages (account_id, name, title, message, image_url, countdown, button_label, button_url)
		VALUES (?, 's', ?, ?, ?, 3, ?, ?)`, accID, hostileText, hostileText, scriptURL, hostileText, scriptURL)
	pixel := env.insertID(`INSERT INTO pixels (account_id, type, name, tag) VALUES (?, 'gapixel', 'ga', ?)`, accID, hostileText)

	link := func(alias, typ, longURL string) {
		t.Helper()
		id := env.insertID(`INSERT INTO links (account_id, alias, long_url, type, splash_id, overlay_id, title, meta_title, meta_description, meta_image, description)
			VALUES (?, ?, ?, ?, NULLIF(?, 0), NULLIF(?, 0), ?, ?, ?, ?, ?)`,
			accID, alias, longURL, typ, map[bool]int64{true: splash}[strings.HasPrefix(typ, "splash-")],
			map[bool]int64{true: overlay}[strings.HasPrefix(typ, "overlay-")], hostileText, hostileText, hostileText, scriptURL, hostileText)
		if err := env.DB.Exec(`INSERT INTO link_pixels (link_id, pixel_id) VALUES (?, ?)`, id, pixel).Error; err != nil {
			t.Fatal(err)
		}
	}
	link("h-frame", "frame", hostileURL)
	link("h-splash", "splash", hostileURL)
	link("h-custom", fmt.Sprintf("splash-%d", splash), hostileURL)
	link("h-overlay", fmt.Sprintf("overlay-%d", overlay), hostileURL)
	link("h-meta", "direct", hostileURL)
	link("h-js-splash", "splash", scriptURL)
	link("h-js-frame", "frame", scriptURL)
	link("h-js-direct", "direct", scriptURL)
	env.createLink(key, map[string]any{"url": "https://e.org/pw", "custom": "h-pw", "password": "right", "metatitle": hostileText})
	campaign := env.insertID(`INSERT INTO campaigns (account_id, name, slug, public) VALUES (?, ?, 'hostile', true)`, accID, hostileText)
	if err := env.DB.Exec(`UPDATE links SET campaign_id = ? WHERE account_id = ?`, campaign, accID).Error; err != nil {
		t.Fatal(err)
	}

	browser := map[string]string{"User-Agent": uaChromeWindows}
	for _, tt := range []struct {
		name     string
		v        visit
		status   int
		contains []string // proof the page was rendered with the values, escaped
	}{
		{"frame", visit{path: "/h-frame", header: browser}, 200, []string{`<iframe src="https://e.org/%22%27%3e%3c/iframe%3e`, "&lt;/title&gt;"}},
		{"splash", visit{path: "/h-splash", header: browser}, 200, []string{`dest="https://e.org/\"'\u003e\u003c/iframe\u003e`}},
		{"custom splash", visit{path: "/h-custom", header: browser}, 200, []string{`&lt;script&gt;alert(1)`, `href="#ZgotmplZ"`}},
		{"overlay", visit{path: "/h-overlay", header: browser}, 200, []string{`&lt;script&gt;alert(1)`, `href="#ZgotmplZ"`, "ZgotmplZ"}},
		{"crawler meta page", visit{path: "/h-meta", header: map[string]string{"User-Agent": uaFacebook}}, 200, []string{`og:title" content="&#34;&#39;&gt;&lt;/title&gt;`}},
		{"campaign list page", visit{path: "/u/hostile"}, 200, []string{`&lt;script&gt;alert(1)`}},
		{"password form after a hostile guess", visit{path: "/h-pw", header: browser, form: url.Values{"password": {hostileText}}}, 401, []string{"Wrong password"}},
		{"splash to a javascript: URL is refused", visit{path: "/h-js-splash", header: browser}, 404, nil},
		{"frame of a javascript: URL is refused", visit{path: "/h-js-frame", header: browser}, 404, nil},
		{"redirect to a javascript: URL is refused", visit{path: "/h-js-direct", header: browser}, 404, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res := env.visit(tt.v)
			if res.Status != tt.status {
				t.Fatalf("status = %d, want %d; location %q; body %.400s", res.Status, tt.status, res.Header.Get("Location"), res.Body)
			}
			if loc := res.Header.Get("Location"); loc != "" && !strings.HasPrefix(loc, "https://") {
				t.Fatalf("redirect to %q", loc)
			}
			body := string(res.Body)
			for _, m := range hostileMarkers {
				if strings.Contains(body, m) {
					t.Errorf("page contains %q:\n%s", m, excerpt(body, m))
				}
			}
			for _, s := range tt.contains {
				if !strings.Contains(body, s) {
					t.Errorf("page lacks %q", s)
				}
			}
		})
	}
	// The API hands the hostile values back as JSON, never as HTML.
	res := env.do(http.MethodGet, "/api/urls?q=h-frame", key, nil)
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("Content-Type = %q", ct)
	}
}

// excerpt is the part of body around the first s.
func excerpt(body, s string) string {
	i := strings.Index(body, s)
	return body[max(0, i-120):min(len(body), i+len(s)+120)]
}

// TestPasswordCannotBeBypassed tries every other way into a protected link than its
// form with the right password.
func TestPasswordCannotBeBypassed(t *testing.T) {
	env := newEnv(t)
	_, key := env.newAccount("free")
	env.createLink(key, map[string]any{
		"url": "https://secret.example/", "custom": "locked", "password": "open sesame", "type": "frame",
		"devicetarget": []map[string]string{{"device": "iPhone", "link": "https://secret.example/ios"}},
		"deeplink":     map[string]any{"auto": true, "google": "https://play.google.com/store/apps/details?id=secret"},
	})
	env.createLink(key, map[string]any{"url": "https://open.example/", "custom": "open"})
	for _, tt := range []struct {
		name string
		v    visit
	}{
		{"HEAD", visit{method: http.MethodHead, path: "/locked"}},
		{"iPhone (device target, auto deep link)", visit{path: "/locked", header: map[string]string{"User-Agent": uaIPhone}}},
		{"Android (deep link)", visit{path: "/locked", header: map[string]string{"User-Agent": uaAndroid}}},
		{"social crawler", visit{path: "/locked", header: map[string]string{"User-Agent": uaTwitterbot}}},
		{"search crawler", visit{path: "/locked", header: map[string]string{"User-Agent": uaGooglebot}}},
		{"password in the query string", visit{path: "/locked?password=open+sesame", header: map[string]string{"User-Agent": uaChromeWindows}}},
		{"PUT with the password", visit{method: http.MethodPut, path: "/locked", form: url.Values{"password": {"open sesame"}}}},
		{"empty password", visit{path: "/locked", form: url.Values{"password": {""}}}},
		{"password field twice, wrong first", visit{path: "/locked", form: url.Values{"password": {"guess", "open sesame"}}}},
		{"case changed", visit{path: "/LOCKED", form: url.Values{"password": {"open sesame"}}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res := env.visit(tt.v)
			if loc := res.Header.Get("Location"); loc != "" {
				t.Fatalf("redirected to %q", loc)
			}
			if strings.Contains(string(res.Body), "secret.example") || strings.Contains(string(res.Body), "play.google.com") {
				t.Fatalf("the destination leaked: %d %s", res.Status, res.Body)
			}
		})
	}
	// The right password posted to another link's address opens that link only.
	res := env.visit(visit{path: "/open", form: url.Values{"password": {"open sesame"}}})
	if res.Header.Get("Location") != "https://open.example/" {
		t.Fatalf("POST to an open link: %d %q", res.Status, res.Header.Get("Location"))
	}
	if res := env.visit(visit{path: "/locked"}); res.Status != http.StatusOK || !strings.Contains(string(res.Body), `name="password"`) {
		t.Fatalf("after a POST elsewhere the link still asks: %d", res.Status)
	}
	// And the form does work with the right password.
	if res := env.visit(visit{path: "/locked", form: url.Values{"password": {"open sesame"}}}); res.Status != http.StatusOK || !strings.Contains(string(res.Body), `<iframe src="https://secret.example/"`) {
		t.Fatalf("right password: %d %s", res.Status, res.Body)
	}
}
