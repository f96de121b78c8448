package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chromiumPath finds Debian's chromium. Without it the browser test skips on a
// developer's machine and fails in CI (CI=true), where .ci/run installs it.
func chromiumPath(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is not installed; CI must install it (apt-get install -y --no-install-recommends chromium)")
	}
	t.Skip("chromium not found: install it with `apt-get install -y --no-install-recommends chromium` to run the browser test")
	return ""
}

func newBrowser(t testing.TB, extra ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	path := chromiumPath(t)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
	}
	opts = append(opts, extra...)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(allocCtx)
	t.Cleanup(func() {
		cancelCtx()
		cancelAlloc()
	})
	// The first call starts the browser; it must not carry a timeout (it would stop the
	// browser with it).
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

// run runs browser steps with a time limit.
func run(t testing.TB, browser context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(browser, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("browser: %v", err)
	}
}

func text(t testing.TB, browser context.Context, css string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(browser, 10*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(css)))
	if err != nil {
		t.Fatalf("read %s: %v", css, err)
	}
	return v
}

func location(t testing.TB, browser context.Context) string {
	t.Helper()
	v, err := chromedp.Run(browser, chromedp.Location())
	if err != nil {
		t.Fatalf("location: %v", err)
	}
	return v
}

func TestBrowserPasswordAndSplash(t *testing.T) {
	browser := newBrowser(t)
	dest := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><title>Destination</title><h1 id="reached">Destination reached: %s</h1>`, r.URL.Path)
	}))
	t.Cleanup(dest.Close)

	env := newEnv(t)
	_, key := env.newAccount("free")
	env.createLink(key, map[string]any{"url": dest.URL + "/secret", "custom": "locked", "password": "open sesame"})
	env.createLink(key, map[string]any{"url": dest.URL + "/after-splash", "custom": "welcome", "type": "splash"})

	t.Run("password-protected link", func(t *testing.T) {
		run(t, browser,
			chromedp.Navigate(env.URL+"/locked"),
			chromedp.WaitVisible(chromedp.CSS("#password")),
			// A wrong password first: the form comes back with an error.
			chromedp.SendKeys(chromedp.CSS("#password"), "not it"),
			chromedp.Click(chromedp.CSS("#submit")),
			chromedp.WaitVisible(chromedp.CSS("#error")),
		)
		if got := text(t, browser, "#error"); !strings.Contains(got, "Wrong password") {
			t.Errorf("error shown = %q", got)
		}
		run(t, browser,
			chromedp.SendKeys(chromedp.CSS("#password"), "open sesame"),
			chromedp.Click(chromedp.CSS("#submit")),
			chromedp.WaitVisible(chromedp.CSS("#reached")),
		)
		if got := location(t, browser); got != dest.URL+"/secret" {
			t.Fatalf("landed on %q, want %s/secret", got, dest.URL)
		}
		if got := text(t, browser, "#reached"); !strings.Contains(got, "/secret") {
			t.Fatalf("destination page says %q", got)
		}
	})

	t.Run("splash link", func(t *testing.T) {
		run(t, browser,
			chromedp.Navigate(env.URL+"/welcome"),
			chromedp.WaitVisible(chromedp.CSS("#continue")),
		)
		if got := text(t, browser, "main"); !strings.Contains(got, "You are being redirected") {
			t.Errorf("splash page text = %q", got)
		}
		run(t, browser,
			chromedp.Click(chromedp.CSS("#continue")),
			chromedp.WaitVisible(chromedp.CSS("#reached")),
		)
		if got := location(t, browser); got != dest.URL+"/after-splash" {
			t.Fatalf("landed on %q, want %s/after-splash", got, dest.URL)
		}
	})
}

func TestBrowserCampaignPages(t *testing.T) {
	browser := newBrowser(t)
	dest := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><title>Destination</title><h1 id="reached">Destination reached: %s</h1>`, r.URL.Path)
	}))
	t.Cleanup(dest.Close)

	env := newEnv(t)
	_, key := env.newAccount("free")
	campaign := env.newCampaign(key, map[string]any{"name": "Spring <sale>", "slug": "spring", "public": true})
	env.createLink(key, map[string]any{"url": dest.URL + "/first", "metatitle": "First offer", "description": "The first one", "campaign": campaign})
	env.createLink(key, map[string]any{"url": dest.URL + "/second", "metatitle": "Second offer", "campaign": campaign})

	t.Run("list page", func(t *testing.T) {
		run(t, browser,
			chromedp.Navigate(env.URL+"/u/spring"),
			chromedp.WaitVisible(chromedp.CSS("#links")),
		)
		if got := text(t, browser, "h1"); got != "Spring <sale>" {
			t.Errorf("heading = %q", got)
		}
		if got := text(t, browser, "#links li:nth-child(1)"); !strings.Contains(got, "First offer") || !strings.Contains(got, "The first one") {
			t.Errorf("first item = %q", got)
		}
		run(t, browser,
			chromedp.Click(chromedp.CSS("#links li:nth-child(2) a.title")),
			chromedp.WaitVisible(chromedp.CSS("#reached")),
		)
		if got := location(t, browser); got != dest.URL+"/second" {
			t.Fatalf("clicking the second link landed on %q, want %s/second", got, dest.URL)
		}
	})

	t.Run("rotator", func(t *testing.T) {
		for _, want := range []string{"/first", "/second", "/first"} {
			run(t, browser,
				chromedp.Navigate(env.URL+"/r/spring"),
				chromedp.WaitVisible(chromedp.CSS("#reached")),
			)
			if got := location(t, browser); got != dest.URL+want {
				t.Fatalf("rotator landed on %q, want %s%s", got, dest.URL, want)
			}
		}
	})
}
