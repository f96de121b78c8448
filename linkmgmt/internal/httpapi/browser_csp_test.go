package httpapi_test

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/loyaltylinks/platform/shared/testkit"
)

// vendorBeacons is, per script host of a pixel vendor, an address its library sends
// measurements to (images and fetch), as the real libraries do.
var vendorBeacons = map[string]string{
	"connect.facebook.net":   "https://www.facebook.com/tr?id=1",
	"snap.licdn.com":         "https://px.ads.linkedin.com/collect",
	"static.ads-twitter.com": "https://analytics.twitter.com/i/adsct",
	"s.adroll.com":           "https://d.adroll.com/consent/check",
	"a.quora.com":            "https://q.quora.com/_/ad/",
	"s.pinimg.com":           "https://ct.pinterest.com/v3/",
	"bat.bing.com":           "https://bat.bing.com/action/0",
	"sc-static.net":          "https://tr.snapchat.com/p",
	"www.redditstatic.com":   "https://alb.reddit.com/rp.gif",
	"analytics.tiktok.com":   "https://analytics.tiktok.com/api/v2/pixel",
}

// fakeVendors stands in for the pixel vendors' servers (the browser resolves every
// host to it): a vendor's script marks itself loaded, loads a second script of its own
// (as real loaders do), and sends an image and a fetch beacon to its measurement host.
func fakeVendors(w http.ResponseWriter, r *http.Request) {
	host := r.Host
	beacon, isScriptHost := vendorBeacons[host]
	if host == "www.googletagmanager.com" {
		isScriptHost = true
		switch id := r.URL.Query().Get("id"); {
		case strings.HasPrefix(id, "AW-"):
			beacon = "https://googleads.g.doubleclick.net/pagead/viewthroughconversion/1/"
		case strings.HasPrefix(id, "G-"):
			beacon = "https://region1.google-analytics.com/g/collect"
		default: // a Tag Manager container
			beacon = "https://www.google-analytics.com/g/collect"
		}
	}
	if !isScriptHost {
		w.WriteHeader(http.StatusNoContent) // a beacon
		return
	}
	w.Header().Set("Content-Type", "application/javascript")
	key := host + r.URL.Path + "?" + r.URL.RawQuery
	if r.URL.Path == "/second.js" {
		fmt.Fprintf(w, `window.__second=window.__second||{};window.__second[%q]=1;`, r.URL.Query().Get("k"))
		return
	}
	if host == "bat.bing.com" {
		fmt.Fprint(w, `window.UET=function(o){this.push=function(){};};`)
	}
	fmt.Fprintf(w, `(function(){var k=%q;window.__vendors=window.__vendors||{};window.__vendors[k]=1;
var s=document.createElement('script');s.src='https://'+%q+'/second.js?k='+encodeURIComponent(k);document.head.appendChild(s);
var i=new Image();i.onload=i.onerror=function(){window.__images=(window.__images||0)+1;};i.src=%q;
fetch(%q,{method:'POST',mode:'no-cors'}).then(function(){window.__beacons=(window.__beacons||0)+1;},function(e){(window.__beaconErrors=window.__beaconErrors||[]).push(k+': '+e);});})();`,
		key, host, beacon, beacon)
}

// recordCSPViolations makes every document the browser opens collect its CSP
// violations in window.__csp, from before its first script runs.
func recordCSPViolations() chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.__csp=[];document.addEventListener('securitypolicyviolation',function(e){window.__csp.push(e.violatedDirective+' '+e.blockedURI+' '+(e.sample||''));});`,
		})
		return err
	})
}

func evaluate[T any](t testing.TB, browser context.Context, expr string) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(browser, 10*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}

// TestBrowserPixelsRunUnderCSP opens, in Chromium, a frame page per pixel vendor under
// the Content-Security-Policy it is served with: the vendor's snippet runs, its library
// loads (and loads its own next script), its image and fetch beacons leave, and the
// browser reports no violation. The overlay's close button and
// the splash countdown, which used an inline handler and inline scripts, work too.
func TestBrowserPixelsRunUnderCSP(t *testing.T) {
	vendors := httptest.NewUnstartedServer(http.HandlerFunc(fakeVendors))
	// Chromium probes the self-signed certificate before it is told to ignore it: the
	// server's "TLS handshake error" lines belong in the test's log, not on the output.
	vendors.Config.ErrorLog = log.New(testkit.LogWriter(t), "vendors: ", 0)
	vendors.StartTLS()
	t.Cleanup(vendors.Close)
	vendorAddr := strings.TrimPrefix(vendors.URL, "https://")
	browser := newBrowser(t,
		chromedp.Flag("host-resolver-rules", "MAP * "+vendorAddr+", EXCLUDE 127.0.0.1"),
		chromedp.Flag("ignore-certificate-errors", true))
	dest := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><title>Destination</title><h1 id="reached">Destination</h1>`)
	}))
	t.Cleanup(dest.Close)

	env := newEnv(t)
	accID, key := env.newAccount("free")
	// Each vendor on a page of its own, so that each page's policy holds only that
	// vendor's hosts: ran is the proof its inline snippet executed.
	vendorPixels := []struct{ typ, tag, ran string }{
		{"gtmpixel", "GTM-ABC1234", `Array.isArray(window.dataLayer) && dataLayer.some(function(e){return e && e.event==='gtm.js';})`},
		{"gapixel", "G-ABC123DEF4", `typeof window.gtag==='function'`},
		{"adwordspixel", "AW-123456789", `typeof window.gtag==='function'`},
		{"fbpixel", "1234567890", `typeof window.fbq==='function'`},
		{"linkedinpixel", "12345", `(window._linkedin_data_partner_ids||[]).indexOf('12345')>=0`},
		{"twitterpixel", "o1a2b", `typeof window.twq==='function'`},
		{"adrollpixel", "ADV123:PIX456", `window.adroll_adv_id==='ADV123'`},
		{"quorapixel", strings.Repeat("ab", 16), `typeof window.qp==='function'`},
		{"pinterest", "1234567890123", `typeof window.pintrk==='function'`},
		{"bing", "12345678", `!!window.uetq`},
		{"snapchat", "0a1b2c3d-1111-2222-3333-444455556666", `typeof window.snaptr==='function'`},
		{"reddit", "t2_abc123", `typeof window.rdt==='function'`},
		{"tiktok", "C1234567890ABCDEFGHI", `!!window.ttq`},
	}
	for _, p := range vendorPixels {
		res := env.do(http.MethodPost, "/api/pixel/add", key, map[string]any{"type": p.typ, "name": p.typ, "tag": p.tag})
		id := wantStatus(t, res, http.StatusOK).ID
		env.createLink(key, map[string]any{"url": dest.URL + "/framed", "custom": "px-" + p.typ, "type": "frame", "pixels": []int64{id}})
	}
	overlay := env.insertID(`INSERT INTO overlays (account_id, name, text, button_label, button_url) VALUES (?, 'cta', 'Join us', 'Join', 'https://news.example.org/')`, accID)
	env.createLink(key, map[string]any{"url": dest.URL + "/overlaid", "custom": "overlaid", "type": fmt.Sprintf("overlay-%d", overlay)})
	env.createLink(key, map[string]any{"url": dest.URL + "/splashed", "custom": "splashed", "type": "splash"})

	run(t, browser, recordCSPViolations())

	for _, p := range vendorPixels {
		t.Run(p.typ, func(t *testing.T) {
			run(t, browser, chromedp.Navigate(env.URL+"/px-"+p.typ), chromedp.WaitVisible(chromedp.CSS("#destination")))
			if !evaluate[bool](t, browser, p.ran) {
				t.Fatalf("the snippet did not run (violations %v)", evaluate[any](t, browser, "window.__csp"))
			}
			// Its library loaded, loaded its next script, and its beacons left.
			ctx, cancel := context.WithTimeout(browser, 15*time.Second)
			defer cancel()
			// The image beacon settles (a 204 is no image: onerror) after its policy check.
			_, err := chromedp.Run(ctx, chromedp.Poll[bool](`Object.keys(window.__vendors||{}).length>=1 && Object.keys(window.__second||{}).length>=1 && (window.__beacons||0)>=1 && (window.__images||0)>=1`,
				chromedp.WithPollingTimeout(10*time.Second)))
			if err != nil {
				t.Fatalf("vendor library: loaded %v, second script %v, beacons %v, beacon errors %v, violations %v: %v",
					evaluate[any](t, browser, "Object.keys(window.__vendors||{})"), evaluate[any](t, browser, "Object.keys(window.__second||{})"),
					evaluate[any](t, browser, "window.__beacons||0"), evaluate[any](t, browser, "window.__beaconErrors||[]"),
					evaluate[any](t, browser, "window.__csp"), err)
			}
			if v := evaluate[[]string](t, browser, "window.__csp"); len(v) > 0 {
				t.Fatalf("CSP violations: %v", v)
			}
			if got := evaluate[string](t, browser, `document.getElementById('destination').src`); got != dest.URL+"/framed" {
				t.Fatalf("iframe src %q", got)
			}
		})
	}

	t.Run("overlay close button", func(t *testing.T) {
		run(t, browser, chromedp.Navigate(env.URL+"/overlaid"), chromedp.WaitVisible(chromedp.CSS("#cta-close")), chromedp.Click(chromedp.CSS("#cta-close")))
		ctx, cancel := context.WithTimeout(browser, 10*time.Second)
		defer cancel()
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!document.getElementById('cta-overlay')`, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
			t.Fatalf("the overlay did not close (violations %v): %v", evaluate[any](t, browser, "window.__csp"), err)
		}
		if v := evaluate[[]string](t, browser, "window.__csp"); len(v) > 0 {
			t.Fatalf("CSP violations: %v", v)
		}
	})

	t.Run("splash countdown", func(t *testing.T) {
		run(t, browser, chromedp.Navigate(env.URL+"/splashed"), chromedp.WaitVisible(chromedp.CSS("#countdown")))
		ctx, cancel := context.WithTimeout(browser, 10*time.Second)
		defer cancel()
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(document.getElementById('countdown')||{}).textContent==='3'`, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
			t.Fatalf("the countdown script did not run (violations %v): %v", evaluate[any](t, browser, "window.__csp"), err)
		}
		if v := evaluate[[]string](t, browser, "window.__csp"); len(v) > 0 {
			t.Fatalf("CSP violations: %v", v)
		}
	})
}
