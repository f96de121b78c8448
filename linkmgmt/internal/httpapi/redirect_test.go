package httpapi_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// User agents of real browsers and link-preview crawlers.
const (
	uaChromeWindows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36"
	uaFirefoxLinux  = "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0"
	uaSafariMac     = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15"
	uaIPhone        = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
	uaIPad          = "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
	uaAndroid       = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36"
	uaFacebook      = "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"
	uaTwitterbot    = "Twitterbot/1.0"
	uaSlack         = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"
	uaGooglebot     = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
)

// expect describes what a visit must answer.
type expect struct {
	status   int
	location string   // exact Location header, for redirects
	contains []string // in the body
	absent   []string // not in the body
}

func (x expect) check(t testing.TB, res response) {
	t.Helper()
	if res.Status != x.status {
		t.Fatalf("status = %d, want %d; location %q; body %.300s", res.Status, x.status, res.Header.Get("Location"), res.Body)
	}
	if got := res.Header.Get("Location"); got != x.location {
		t.Fatalf("Location = %q, want %q", got, x.location)
	}
	for _, s := range x.contains {
		if !strings.Contains(string(res.Body), s) {
			t.Fatalf("body lacks %q:\n%s", s, res.Body)
		}
	}
	for _, s := range x.absent {
		if strings.Contains(string(res.Body), s) {
			t.Fatalf("body must not contain %q:\n%s", s, res.Body)
		}
	}
	if len(x.contains) > 0 && res.Header.Get("Content-Type") != "text/html; charset=utf-8" {
		t.Fatalf("Content-Type = %q, want html", res.Header.Get("Content-Type"))
	}
}

func TestRedirectRules(t *testing.T) {
	mmdb := writeMMDB(t, map[string]string{"1.2.3.0/24": "US", "2.3.4.0/24": "FR", "81.2.69.0/24": "GB"})
	env := newEnv(t, withTrustedProxies(loopback()), withGeoIP(mmdb))
	accID, key := env.newFixturesAccount()
	fx := env.newFixtures(accID, "go.example.com")

	mk := func(body map[string]any) string {
		t.Helper()
		_, short := env.createLink(key, body)
		u, _ := url.Parse(short)
		return u.Path
	}
	direct := mk(map[string]any{"url": "https://dest.example/a?x=1", "parameters": []map[string]string{{"name": "utm_source", "value": "short link"}}})
	protected := mk(map[string]any{"url": "https://dest.example/secret", "password": "open sesame"})
	expiredProtected := mk(map[string]any{"url": "https://dest.example/old", "password": "open sesame", "expiry": time.Now().UTC().Add(time.Hour).Format("2006-01-02 15:04:05")})
	expired := mk(map[string]any{"url": "https://dest.example/old", "expiry": time.Now().UTC().Add(time.Hour).Format("2006-01-02 15:04:05")})
	for _, alias := range []string{expired, expiredProtected} {
		if err := env.DB.Exec(`UPDATE links SET expires_at = now() - interval '1 minute' WHERE alias = ?`, strings.TrimPrefix(alias, "/")).Error; err != nil {
			t.Fatal(err)
		}
	}
	targeted := mk(map[string]any{
		"url":            "https://dest.example/default",
		"geotarget":      []map[string]string{{"location": "United States", "link": "https://dest.example/us"}, {"location": "GB", "link": "https://dest.example/uk"}},
		"devicetarget":   []map[string]string{{"device": "iPhone", "link": "https://dest.example/iphone"}, {"device": "Android", "link": "https://dest.example/android"}, {"device": "Windows", "link": "https://dest.example/windows"}, {"device": "Mac", "link": "https://dest.example/mac"}, {"device": "Linux", "link": "https://dest.example/linux"}, {"device": "iPad", "link": "https://dest.example/ipad"}},
		"languagetarget": []map[string]string{{"language": "fr", "link": "https://dest.example/fr"}, {"language": "pt-BR", "link": "https://dest.example/br"}},
	})
	langOnly := mk(map[string]any{"url": "https://dest.example/default", "languagetarget": []map[string]string{{"language": "fr", "link": "https://dest.example/fr"}, {"language": "pt-BR", "link": "https://dest.example/br"}, {"language": "pt", "link": "https://dest.example/pt"}}})
	deep := mk(map[string]any{"url": "https://dest.example/app", "type": "frame", "deeplink": map[string]any{"apple": "https://apps.apple.com/app/id42", "google": "https://play.google.com/store/apps/details?id=app"}})
	deepAuto := mk(map[string]any{"url": "https://dest.example/auto", "type": "splash", "deeplink": map[string]any{"auto": true}})
	frame := mk(map[string]any{"url": "https://dest.example/framed", "type": "frame", "metatitle": "Framed page"})
	splash := mk(map[string]any{"url": "https://dest.example/splashed", "type": "splash", "pixels": fx.Pixels})
	customSplash := mk(map[string]any{"url": "https://dest.example/custom", "type": fx.Splash})
	overlay := mk(map[string]any{"url": "https://dest.example/overlaid", "type": fmt.Sprintf("overlay-%d", fx.Overlay)})
	meta := mk(map[string]any{"url": "https://dest.example/meta", "metatitle": `Sale <script>alert("x")</script>`, "metadescription": "Half price & more", "metaimage": "https://cdn.example/i.jpg"})
	branded := mk(map[string]any{"url": "https://dest.example/branded", "domain": fx.Domain, "custom": "promo"})
	protectedSplash := mk(map[string]any{"url": "https://dest.example/ps", "type": "splash", "password": "open sesame"})

	browser := map[string]string{"User-Agent": uaChromeWindows}
	from := func(ip, ua string) map[string]string {
		return map[string]string{"X-Forwarded-For": ip, "User-Agent": ua}
	}
	tests := []struct {
		name string
		v    visit
		want expect
	}{
		{"unknown alias", visit{path: "/nope"}, expect{status: 404, contains: []string{"Link not found"}}},
		{"reserved first segment", visit{path: "/api"}, expect{status: 401}},
		{"direct with parameters", visit{path: direct, header: browser}, expect{status: 302, location: "https://dest.example/a?x=1&utm_source=short+link"}},
		{"HEAD is answered", visit{method: http.MethodHead, path: direct}, expect{status: 302, location: "https://dest.example/a?x=1&utm_source=short+link"}},
		{"expired", visit{path: expired, header: browser}, expect{status: 410, contains: []string{"Link expired"}}},
		{"expired wins over password", visit{path: expiredProtected, header: browser}, expect{status: 410, contains: []string{"Link expired"}, absent: []string{`name="password"`}}},
		{"password form", visit{path: protected, header: browser}, expect{status: 200, contains: []string{`<form method="post"`, `name="password"`}, absent: []string{"dest.example"}}},
		{"wrong password", visit{path: protected, header: browser, form: url.Values{"password": {"guess"}}}, expect{status: 401, contains: []string{"Wrong password", `name="password"`}}},
		{"right password", visit{path: protected, header: browser, form: url.Values{"password": {"open sesame"}}}, expect{status: 302, location: "https://dest.example/secret"}},
		{"password then splash page", visit{path: protectedSplash, header: browser, form: url.Values{"password": {"open sesame"}}}, expect{status: 200, contains: []string{`id="continue" href="https://dest.example/ps"`}}},
		{"crawler does not pass the password", visit{path: protected, header: map[string]string{"User-Agent": uaFacebook}}, expect{status: 200, contains: []string{"Password required"}, absent: []string{"dest.example"}}},
		{"geo from mmdb: US", visit{path: targeted, header: from("1.2.3.4", uaChromeWindows)}, expect{status: 302, location: "https://dest.example/us"}},
		{"geo from mmdb: GB", visit{path: targeted, header: from("81.2.69.160", uaChromeWindows)}, expect{status: 302, location: "https://dest.example/uk"}},
		{"geo beats device: US iPhone", visit{path: targeted, header: from("1.2.3.4", uaIPhone)}, expect{status: 302, location: "https://dest.example/us"}},
		{"device when no geo match: FR iPhone", visit{path: targeted, header: from("2.3.4.5", uaIPhone)}, expect{status: 302, location: "https://dest.example/iphone"}},
		{"device iPad", visit{path: targeted, header: from("2.3.4.5", uaIPad)}, expect{status: 302, location: "https://dest.example/ipad"}},
		{"device Android", visit{path: targeted, header: from("2.3.4.5", uaAndroid)}, expect{status: 302, location: "https://dest.example/android"}},
		{"device Windows", visit{path: targeted, header: from("2.3.4.5", uaChromeWindows)}, expect{status: 302, location: "https://dest.example/windows"}},
		{"device Mac", visit{path: targeted, header: from("2.3.4.5", uaSafariMac)}, expect{status: 302, location: "https://dest.example/mac"}},
		{"device Linux", visit{path: targeted, header: from("2.3.4.5", uaFirefoxLinux)}, expect{status: 302, location: "https://dest.example/linux"}},
		{"geo from trusted gateway header", visit{path: targeted, header: map[string]string{"CF-IPCountry": "GB", "User-Agent": "curl-like/1 Mozilla/5.0"}}, expect{status: 302, location: "https://dest.example/uk"}},
		{"X-Country-Code header", visit{path: targeted, header: map[string]string{"X-Country-Code": "us"}}, expect{status: 302, location: "https://dest.example/us"}},
		{"language after geo and device", visit{path: targeted, header: map[string]string{"Accept-Language": "de-DE,fr;q=0.8"}}, expect{status: 302, location: "https://dest.example/fr"}},
		{"language exact region", visit{path: langOnly, header: map[string]string{"Accept-Language": "pt-BR,pt;q=0.9", "User-Agent": uaChromeWindows}}, expect{status: 302, location: "https://dest.example/br"}},
		{"language primary match", visit{path: langOnly, header: map[string]string{"Accept-Language": "pt-PT", "User-Agent": uaChromeWindows}}, expect{status: 302, location: "https://dest.example/pt"}},
		{"language by weight", visit{path: langOnly, header: map[string]string{"Accept-Language": "de;q=0.9, fr-CA;q=0.95", "User-Agent": uaChromeWindows}}, expect{status: 302, location: "https://dest.example/fr"}},
		{"no language match", visit{path: langOnly, header: map[string]string{"Accept-Language": "de-DE", "User-Agent": uaChromeWindows}}, expect{status: 302, location: "https://dest.example/default"}},
		{"deep link iPhone", visit{path: deep, header: map[string]string{"User-Agent": uaIPhone}}, expect{status: 302, location: "https://apps.apple.com/app/id42"}},
		{"deep link Android", visit{path: deep, header: map[string]string{"User-Agent": uaAndroid}}, expect{status: 302, location: "https://play.google.com/store/apps/details?id=app"}},
		{"deep link not for desktops", visit{path: deep, header: browser}, expect{status: 200, contains: []string{`<iframe src="https://dest.example/app"`}}},
		{"auto deep link goes straight to the URL", visit{path: deepAuto, header: map[string]string{"User-Agent": uaIPhone}}, expect{status: 302, location: "https://dest.example/auto"}},
		{"auto deep link desktop gets the splash", visit{path: deepAuto, header: browser}, expect{status: 200, contains: []string{"You are being redirected"}}},
		{"frame", visit{path: frame, header: browser}, expect{status: 200, contains: []string{`<iframe src="https://dest.example/framed"`, `<title>Framed page</title>`, `og:title`}}},
		{"splash with pixels", visit{path: splash, header: browser}, expect{status: 200, contains: []string{`id="continue" href="https://dest.example/splashed"`, `fbq('init',"1234567890")`, `GTM-ABC\u003c/script\u003e`}, absent: []string{`GTM-ABC</script>`}}},
		{"custom splash page", visit{path: customSplash, header: browser}, expect{status: 200, contains: []string{"Spring sale", "Everything &lt;b&gt;half&lt;/b&gt; price", `href="https://shop.example.org/"`, `id="continue" href="https://dest.example/custom"`}}},
		{"overlay", visit{path: overlay, header: browser}, expect{status: 200, contains: []string{`<iframe src="https://dest.example/overlaid"`, "Join our newsletter", `href="https://news.example.org/"`}}},
		{"facebook crawler gets meta", visit{path: meta, header: map[string]string{"User-Agent": uaFacebook}}, expect{status: 200, contains: []string{`<meta property="og:title" content="Sale &lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;">`, `og:description" content="Half price &amp; more"`, `og:image" content="https://cdn.example/i.jpg"`, `twitter:card" content="summary_large_image"`}, absent: []string{`<script>alert`}}},
		{"twitterbot gets meta", visit{path: direct, header: map[string]string{"User-Agent": uaTwitterbot}}, expect{status: 200, contains: []string{"og:url"}}},
		{"slackbot gets meta", visit{path: frame, header: map[string]string{"User-Agent": uaSlack}}, expect{status: 200, contains: []string{"og:title"}, absent: []string{"<iframe"}}},
		{"search crawler is redirected", visit{path: direct, header: map[string]string{"User-Agent": uaGooglebot}}, expect{status: 302, location: "https://dest.example/a?x=1&utm_source=short+link"}},
		{"branded domain alias", visit{path: "/promo", host: "go.example.com", header: browser}, expect{status: 302, location: "https://dest.example/branded"}},
		{"branded domain root", visit{path: "/", host: "go.example.com"}, expect{status: 302, location: "https://root.example.org/"}},
		{"branded domain + unknown alias -> redirect404", visit{path: "/missing", host: "go.example.com"}, expect{status: 302, location: "https://notfound.example.org/missing"}},
		{"branded domain + base alias is not there", visit{path: direct, host: "go.example.com"}, expect{status: 302, location: "https://notfound.example.org/missing"}},
		{"branded alias is not on the base host", visit{path: branded}, expect{status: 404}},
		{"unknown host", visit{path: direct, host: "unknown.example.net"}, expect{status: 404, contains: []string{"Link not found"}}},
		{"base root is the landing page", visit{path: "/"}, expect{status: 200, contains: []string{"Link Management API"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.want.check(t, env.visit(tt.v))
		})
	}

	t.Run("operational routes are not shadowed", func(t *testing.T) {
		for _, p := range []string{"/healthz", "/readyz", "/openapi.json"} {
			if res := env.visit(visit{path: p}); res.Status != http.StatusOK {
				t.Errorf("%s: %d", p, res.Status)
			}
		}
		// /metrics is on the metrics listener; here it is a reserved alias: 404.
		if res := env.visit(visit{path: "/metrics"}); res.Status != http.StatusNotFound {
			t.Errorf("/metrics on the public port: %d, want 404", res.Status)
		}
	})
	t.Run("untrusted peers cannot fake country or IP", func(t *testing.T) {
		plain := newEnv(t, withGeoIP(mmdb), replicaOf(env))
		res := plain.visit(visit{path: targeted, host: hostOf(t, env.URL), header: map[string]string{"CF-IPCountry": "US", "X-Forwarded-For": "1.2.3.4", "Accept-Language": "en"}})
		expect{status: 302, location: "https://dest.example/default"}.check(t, res)
	})
	t.Run("password guessing is throttled", func(t *testing.T) {
		guess := func(pw string) response {
			return env.visit(visit{path: protected, header: map[string]string{"X-Forwarded-For": "9.9.9.9"}, form: url.Values{"password": {pw}}})
		}
		for i := 0; i < 5; i++ {
			if res := guess("wrong"); res.Status != http.StatusUnauthorized {
				t.Fatalf("guess %d: %d", i, res.Status)
			}
		}
		expect{status: 429, contains: []string{"Too many wrong passwords"}}.check(t, guess("open sesame"))
		// Another visitor is not locked out.
		res := env.visit(visit{path: protected, header: map[string]string{"X-Forwarded-For": "9.9.9.10"}, form: url.Values{"password": {"open sesame"}}})
		expect{status: 302, location: "https://dest.example/secret"}.check(t, res)
	})
}

// newFixturesAccount is an account for redirect tests.
func (e *testEnv) newFixturesAccount() (int64, string) { return e.newAccount("free") }

// TestCacheInvalidationAcrossReplicas: a change made on replica a reaches replica b's
// link cache through Redis pub/sub. b's cache clock stands still, so its TTL never
// expires: only the invalidation can change what b answers, however slow the machine.
func TestCacheInvalidationAcrossReplicas(t *testing.T) {
	a := newEnv(t)
	b := newEnv(t, replicaOf(a), withCacheClock(&manualClock{}))
	_, key := a.newAccount("free")
	id, _ := a.createLink(key, map[string]any{"url": "https://one.example/", "custom": "moving"})
	// b caches what it loads unless an invalidation arrives meanwhile, and the creation's
	// own event reaches b through Redis at its own pace: visit until b holds the link.
	for cached := time.Now().Add(30 * time.Second); b.LinkCache.Len() == 0; {
		expect{status: 302, location: "https://one.example/"}.check(t, b.visit(visit{path: "/moving", host: hostOf(t, a.URL)}))
		if b.LinkCache.Len() == 0 && time.Now().After(cached) {
			t.Fatal("replica b did not cache the link")
		}
	}
	if res := a.do(http.MethodPut, fmt.Sprintf("/api/url/%d/update", id), key, map[string]any{"url": "https://two.example/"}); res.Status != http.StatusOK {
		t.Fatalf("update: %d %s", res.Status, res.Body)
	}
	// Replica b hears of the change through Redis pub/sub (the deadline only stops a hang).
	deadline := time.Now().Add(30 * time.Second)
	for {
		res := b.visit(visit{path: "/moving", host: hostOf(t, a.URL)})
		if res.Header.Get("Location") == "https://two.example/" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("replica b still redirects to %q", res.Header.Get("Location"))
		}
		time.Sleep(20 * time.Millisecond)
	}
	if res := a.do(http.MethodDelete, fmt.Sprintf("/api/url/%d/delete", id), key, nil); res.Status != http.StatusOK {
		t.Fatalf("delete: %d", res.Status)
	}
	deadline = time.Now().Add(30 * time.Second)
	for b.visit(visit{path: "/moving", host: hostOf(t, a.URL)}).Status != http.StatusNotFound {
		if time.Now().After(deadline) {
			t.Fatal("replica b still serves a deleted link")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
