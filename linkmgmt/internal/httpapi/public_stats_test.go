package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"net/netip"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/loyaltylinks/platform/linkmgmt/internal/click"
)

// hostileTitle is a link title made to break out of the page's HTML.
const hostileTitle = `Spring <script>alert("x")</script> & "sale" <img src=x onerror=alert(1)>`

// seedPublicPage creates a public link with a hostile title and clicks over the last
// 30 days, a private link, and returns their aliases.
func seedPublicPage(t *testing.T, env *testEnv, key string) (id int64, public, private string) {
	t.Helper()
	id, _ = env.createLink(key, map[string]any{"url": "https://e.org/spring", "custom": "spring", "status": "public", "metatitle": hostileTitle})
	env.createLink(key, map[string]any{"url": "https://e.org/secret", "custom": "secret", "status": "private"})
	var account int64
	env.scalar(&account, `SELECT account_id FROM links WHERE id = ?`, id)
	agents := []string{
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
	}
	now := time.Now()
	for day := range 30 {
		for i := range 3 + (day*7)%11 {
			env.Clicks.Record(click.Hit{LinkID: id, AccountID: account, At: now.Add(-time.Duration(day)*24*time.Hour - time.Duration(i)*time.Minute),
				IP:        netip.AddrFrom4([4]byte{10, 2, byte(day), byte(i)}),
				Country:   []string{"US", "FR", "DE", "BR", "JP"}[(day+i)%5],
				UserAgent: agents[(day+i)%3],
				Referer:   []string{"https://t.co/x", "https://www.facebook.com/p", "", "https://news.example/a?<b>"}[i%4]})
		}
	}
	env.flush()
	return id, "spring", "secret"
}

// TestPublicStatsPage: /{alias}+ of a public link is an HTML page with the totals, 30
// bars and the breakdowns, every value escaped, under the pages' CSP and frame
// protection; of a private or unknown link, or anything but GET and HEAD, the 404 page.
func TestPublicStatsPage(t *testing.T) {
	env := newEnv(t)
	_, key := env.newAccount("business")
	id, public, private := seedPublicPage(t, env, key)

	res := env.visit(visit{path: "/" + public + "+"})
	body := string(res.Body)
	if res.Status != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("public page: %d %s", res.Status, res.Header.Get("Content-Type"))
	}
	csp := res.Header.Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'none'", "frame-ancestors 'none'", "script-src 'nonce-"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
	if res.Header.Get("X-Frame-Options") != "DENY" || res.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("frame and sniffing protection: %v", res.Header)
	}
	for _, bad := range []string{"<script>", "<img src=x"} {
		if strings.Contains(body, bad) {
			t.Errorf("the page carries %q unescaped", bad)
		}
	}
	if !strings.Contains(body, "Spring &lt;script&gt;") || strings.Count(body, `class="bar"`) != 30 {
		t.Errorf("title escaped %v, %d bars", strings.Contains(body, "Spring &lt;script&gt;"), strings.Count(body, `class="bar"`))
	}
	// Nothing comes from outside. The one outside address is the country data's credit,
	// a link its licence asks for, followed only when clicked.
	own := strings.Replace(body, `<a href="https://db-ip.com">`, "", 1)
	for _, ext := range []string{"http://", "https://"} {
		for _, attr := range []string{`src="` + ext, `href="` + ext} {
			if strings.Contains(own, attr) {
				t.Errorf("the page loads something from outside: %s", attr)
			}
		}
	}
	if head := env.visit(visit{method: http.MethodHead, path: "/" + public + "+"}); head.Status != http.StatusOK || len(head.Body) != 0 {
		t.Errorf("HEAD: %d, %d bytes", head.Status, len(head.Body))
	}
	for _, path := range []string{"/" + private + "+", "/nosuchlink+", "/+", "/" + public + "++", "/api+"} {
		if r := env.visit(visit{path: path}); r.Status != http.StatusNotFound || !strings.Contains(string(r.Body), "<html") {
			t.Errorf("%s: %d, want the 404 page", path, r.Status)
		}
	}
	if r := env.visit(visit{method: http.MethodPost, path: "/" + public + "+"}); r.Status != http.StatusNotFound {
		t.Errorf("POST: %d", r.Status)
	}
	// Made private, the page goes at once.
	wantStatus(t, env.do(http.MethodPut, fmt.Sprintf("/api/url/%d/update", id), key, map[string]any{"status": "private"}), http.StatusOK)
	if r := env.visit(visit{path: "/" + public + "+"}); r.Status != http.StatusNotFound {
		t.Errorf("after the link went private: %d", r.Status)
	}
}

// TestBrowserPublicStatsPage renders the page in headless Chromium with JavaScript off:
// the totals, the 30 bars of the chart and the breakdowns are there, the hostile title
// is text. The screenshot goes to $STATS_SCREENSHOT when set.
func TestBrowserPublicStatsPage(t *testing.T) {
	browser := newBrowser(t)
	env := newEnv(t)
	_, key := env.newAccount("business")
	_, public, _ := seedPublicPage(t, env, key)

	ctx, cancel := context.WithTimeout(browser, 30*time.Second)
	defer cancel()
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	run(t, browser,
		chromedp.EmulateViewport(1100, 1400),
		chromedp.Navigate(env.URL+"/"+public+"+"),
		chromedp.WaitVisible(chromedp.CSS("#chart")),
	)
	if got := text(t, browser, "#title"); got != hostileTitle {
		t.Errorf("title shown %q, want the text %q", got, hostileTitle)
	}
	var total int64
	env.scalar(&total, `SELECT clicks FROM links WHERE alias = 'spring'`)
	if got := text(t, browser, "#clicks"); got != formatGrouped(total) {
		t.Errorf("clicks shown %q, want %d", got, total)
	}
	nodes, err := chromedp.Run(ctx, chromedp.Nodes(chromedp.CSSAll("#chart rect.bar")))
	if err != nil || len(nodes) != 30 {
		t.Fatalf("%d bars (%v), want 30", len(nodes), err)
	}
	sections, err := chromedp.Run(ctx, chromedp.Nodes(chromedp.CSSAll(".breakdown li")))
	if err != nil || len(sections) < 12 {
		t.Fatalf("%d breakdown lines (%v)", len(sections), err)
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	out := os.Getenv("STATS_SCREENSHOT")
	if out == "" {
		out = filepath.Join(t.TempDir(), "stats.png")
	}
	if err := os.WriteFile(out, png, 0o644); err != nil {
		t.Fatal(err)
	}
}

func formatGrouped(n int64) string {
	digits := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i := range len(digits) {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(digits[i])
	}
	return b.String()
}
