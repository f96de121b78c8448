package httpapi_test

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// rawGet sends path exactly as written (escapes included) with the given Host header
// over a bare connection, and returns the status and headers.
func rawGet(t testing.TB, base, host, path string) (int, http.Header) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", path, host)
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("GET %q: %v", path, err)
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, res.Body)
	return res.StatusCode, res.Header
}

// TestPublicPathsNoLinkCanHaveAre404WithoutDatabase: NUL or invalid UTF-8 in a public
// path used to reach Postgres, which refused the text: 503 and an ERROR log. A value no
// link, campaign, QR code or domain can have is now a 404 before any lookup: with
// Postgres cut, these still answer 404, while a well-formed unknown alias shows the
// database really is unreachable.
func TestPublicPathsNoLinkCanHaveAre404WithoutDatabase(t *testing.T) {
	env := newEnv(t, withCutDB())
	accID, _ := env.newAccount("free")
	if err := env.DB.Exec(`INSERT INTO domains (account_id, domain, host) VALUES (?, 'https://brand.example', 'brand.example')`, accID).Error; err != nil {
		t.Fatal(err)
	}
	env.DBProxy.Cut()
	own := strings.TrimPrefix(env.URL, "http://")

	long := strings.Repeat("a", 65)
	for _, tt := range []struct{ host, path string }{
		{own, "/%00"}, {own, "/%FF"}, {own, "/ab%00cd"}, {own, "/%C3%A9t%C3%A9"}, {own, "/" + long},
		{own, "/" + strings.Repeat("b", 8000)}, {own, "/a%20b"}, {own, "/a.b"},
		{own, "/r/%FF"}, {own, "/r/%00"}, {own, "/r/" + long}, {own, "/r/-x"}, {own, "/r/1234"},
		{own, "/u/1%00"}, {own, "/u/%FF"}, {own, "/u/0"}, {own, "/u/" + long}, {own, "/u/99999999999999999999"},
		{own, "/qr/%00.png"}, {own, "/qr/%FF.svg"}, {own, "/qr/1%00.png"}, {own, "/qr/1.gif"},
		{"brand.example", "/%00"}, {"brand.example", "/%FF"}, {"brand.example.", "/" + long},
		{"brand.example:99999", "/abc"}, {"bad..host", "/abc"}, {"brand.example:8a", "/abc"},
	} {
		t.Run(tt.host+tt.path[:min(len(tt.path), 24)], func(t *testing.T) {
			status, h := rawGet(t, env.URL, tt.host, tt.path)
			if status != http.StatusNotFound {
				t.Fatalf("status %d, want 404", status)
			}
			if !strings.HasPrefix(tt.path, "/qr/") && h.Get("Content-Type") != "text/html; charset=utf-8" {
				t.Fatalf("Content-Type %q, want the HTML 404 page", h.Get("Content-Type"))
			}
		})
	}
	if logs := env.Logs.String(); strings.Contains(logs, `"level":"ERROR"`) {
		t.Fatalf("errors logged:\n%s", logs)
	}
	// The control: a well-formed alias needs the database, which is cut.
	if status, _ := rawGet(t, env.URL, own, "/wellformed"); status != http.StatusServiceUnavailable {
		t.Fatalf("well-formed unknown alias with Postgres cut: %d, want 503 (is the database really cut?)", status)
	}
}

// TestBrandedDomainHostSpellings: a browser may send the Host of a branded domain with a
// trailing dot, a default port or in capitals; each names the same stored domain.
func TestBrandedDomainHostSpellings(t *testing.T) {
	env := newEnv(t)
	accID, key := env.newAccount("free")
	res := env.do(http.MethodPost, "/api/domain/add", key, map[string]any{"domain": "https://Brand.Example", "redirectroot": "https://root.example.org/"})
	domainID := wantStatus(t, res, http.StatusOK).ID
	linkID := env.insertID(`INSERT INTO links (account_id, domain_id, alias, long_url) VALUES (?, ?, 'promo', 'https://dest.example/promo')`, accID, domainID)
	_ = linkID
	for _, host := range []string{"brand.example", "Brand.Example", "brand.example.", "BRAND.EXAMPLE.", "brand.example:443", "brand.example:80", "brand.example.:443"} {
		t.Run(host, func(t *testing.T) {
			expect{status: 302, location: "https://dest.example/promo"}.check(t, env.visit(visit{path: "/promo", host: host, header: map[string]string{"User-Agent": uaChromeWindows}}))
			expect{status: 302, location: "https://root.example.org/"}.check(t, env.visit(visit{path: "/", host: host}))
		})
	}
	t.Run("another port is another host", func(t *testing.T) {
		expect{status: 404, contains: []string{"Link not found"}}.check(t, env.visit(visit{path: "/promo", host: "brand.example:8443"}))
	})
	t.Run("the service's own host, spelled differently, is not a branded domain", func(t *testing.T) {
		own := hostOf(t, env.URL)
		id, _ := env.createLink(key, map[string]any{"url": "https://dest.example/own", "custom": "own"})
		_ = id
		for _, h := range []string{own, strings.ToUpper(own)} {
			expect{status: 302, location: "https://dest.example/own"}.check(t, env.visit(visit{path: "/own", host: h}))
		}
	})
}

// TestHugeHeadersCostWhatSmallOnesCost: megabyte User-Agent, Accept-Language and Referer
// headers used to be parsed whole, on the request (Accept-Language: seconds of CPU on a
// language-targeted link) and on the click recorder's one goroutine (15 s for four
// visits), and kept whole in never-evicted caches (about 50 MB of live heap for 48
// distinct facebookexternalhit agents). They are cut at the door now.
func TestHugeHeadersCostWhatSmallOnesCost(t *testing.T) {
	env := newEnv(t)
	_, key := env.newAccount("free")
	id, _ := env.createLink(key, map[string]any{"url": "https://dest.example/default", "custom": "lang",
		"languagetarget": []map[string]any{{"language": "fr", "link": "https://dest.example/fr"}}})
	pad := strings.Repeat("x", 900<<10)
	acceptLanguage := "fr," + strings.Repeat("en-US;q=0.1,de;q=0.9,", 800<<10/21) // 800 KB, 80,000 tags

	t.Run("accept-language", func(t *testing.T) {
		start := time.Now()
		for range 3 {
			expect{status: 302, location: "https://dest.example/fr"}.check(t, env.visit(visit{path: "/lang",
				header: map[string]string{"User-Agent": uaChromeWindows, "Accept-Language": acceptLanguage}}))
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Fatalf("3 visits with an 800 KB Accept-Language took %v", d)
		}
	})

	t.Run("user agents on the recorder", func(t *testing.T) {
		start := time.Now()
		for i := range 8 {
			env.visit(visit{path: "/lang", header: map[string]string{
				"User-Agent": fmt.Sprintf("Mozilla/5.0 (X11; Linux x86_64) Firefox/%d.0 ", i) + pad,
				"Referer":    "https://www.facebook.com/" + pad[:100<<10],
			}})
		}
		env.flush()
		if d := time.Since(start); d > 5*time.Second {
			t.Fatalf("8 visits with 900 KB user agents took %v to record", d)
		}
		var clicks int64
		env.scalar(&clicks, `SELECT count(*) FROM clicks WHERE link_id = ? AND referrer_host = 'www.facebook.com' AND browser = 'Firefox'`, id)
		if clicks != 8 {
			t.Fatalf("%d clicks recorded with their referrer and browser, want 8", clicks)
		}
	})

	t.Run("crawler user agents leave nothing behind", func(t *testing.T) {
		// Warm up, then measure the live heap around 48 distinct megabyte crawler agents.
		env.visit(visit{path: "/lang", header: map[string]string{"User-Agent": uaFacebook}})
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		for i := range 48 {
			expect{status: 200}.check(t, env.visit(visit{path: "/lang", header: map[string]string{
				"User-Agent": fmt.Sprintf("facebookexternalhit/1.%d ", i) + pad}}))
		}
		runtime.GC()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		if grown := int64(after.HeapAlloc) - int64(before.HeapAlloc); grown > 10<<20 {
			t.Fatalf("live heap grew by %d MB after 48 distinct 900 KB crawler agents", grown>>20)
		}
	})
}

// TestPasswordGuessesAreReservedBeforeBcrypt: the throttle used to read the failure
// count, run bcrypt, then count the failure; 40 concurrent guesses were all evaluated.
// Now each guess reserves one of five per link and client address first.
func TestPasswordGuessesAreReservedBeforeBcrypt(t *testing.T) {
	env := newEnv(t, withTrustedProxies(loopback()))
	_, key := env.newAccount("free")
	env.createLink(key, map[string]any{"url": "https://dest.example/secret", "custom": "vault", "password": "open sesame"})
	guess := func(client, pw string) response {
		return env.visit(visit{path: "/vault", header: map[string]string{"X-Forwarded-For": client}, form: url.Values{"password": {pw}}})
	}

	t.Run("five wrong guesses lock the address out, the right one included", func(t *testing.T) {
		for i := range 5 {
			expect{status: 401, contains: []string{"Wrong password"}}.check(t, guess("203.0.113.6", fmt.Sprint("nope ", i)))
		}
		res := guess("203.0.113.6", "open sesame")
		expect{status: 429, contains: []string{"Too many wrong passwords"}}.check(t, res)
		if ra := res.Header.Get("Retry-After"); ra == "" || ra == "0" {
			t.Fatalf("Retry-After = %q", ra)
		}
		// Another address, and another IPv6 /64, are not locked out.
		expect{status: 302, location: "https://dest.example/secret"}.check(t, guess("203.0.113.7", "open sesame"))
	})

	t.Run("an IPv6 /64 is one client", func(t *testing.T) {
		for i := range 5 {
			expect{status: 401}.check(t, guess(fmt.Sprintf("2001:db8:1:2::%x", i+1), "nope"))
		}
		expect{status: 429}.check(t, guess("2001:db8:1:2:ffff::9", "open sesame"))
		expect{status: 302, location: "https://dest.example/secret"}.check(t, guess("2001:db8:1:3::1", "open sesame"))
	})

	t.Run("people who know the password are never locked out", func(t *testing.T) {
		for range 8 {
			expect{status: 302, location: "https://dest.example/secret"}.check(t, guess("203.0.113.8", "open sesame"))
		}
		expect{status: 401}.check(t, guess("203.0.113.8", "nope"))
	})

	t.Run("an oversized form is refused unread", func(t *testing.T) {
		res := guess("203.0.113.9", strings.Repeat("p", 64<<10))
		expect{status: 400, contains: []string{"could not be read"}}.check(t, res)
	})

	// Last among the guesses that need Redis: on a loaded machine some of these 40 may
	// time out, which opens the Redis breaker for a moment (503s by design), and the
	// sequential cases above must not run into it.
	t.Run("40 concurrent guesses, one right", func(t *testing.T) {
		const guesses = 40
		statuses := make([]int, guesses)
		var wg sync.WaitGroup
		gun := make(chan struct{})
		for i := range guesses {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-gun
				pw := fmt.Sprintf("wrong %d", i)
				if i == guesses/2 {
					pw = "open sesame"
				}
				statuses[i] = guess("203.0.113.5", pw).Status
			}()
		}
		close(gun)
		wg.Wait()
		count := map[int]int{}
		for _, s := range statuses {
			count[s]++
		}
		// 401: a wrong guess evaluated; 302: the right one evaluated; 429: refused, the
		// allowance is used up; 503: refused, Redis did not answer in time (a loaded test
		// machine). Neither refusal is evaluated.
		evaluated := count[http.StatusUnauthorized] + count[http.StatusFound]
		if count[http.StatusUnauthorized] > 5 || count[http.StatusFound] > 1 || evaluated == 0 ||
			count[http.StatusTooManyRequests] == 0 ||
			evaluated+count[http.StatusTooManyRequests]+count[http.StatusServiceUnavailable] != guesses {
			t.Fatalf("statuses %v: at most 5 wrong guesses may be evaluated", count)
		}
		t.Logf("statuses: %v", count)
	})

	t.Run("without redis guesses are refused, not evaluated", func(t *testing.T) {
		env.RedisProxy.Cut()
		defer env.RedisProxy.Restore()
		for range 3 {
			res := guess("203.0.113.10", "open sesame")
			expect{status: 503, contains: []string{"cannot be checked right now"}}.check(t, res)
			if res.Header.Get("Retry-After") == "" {
				t.Fatal("503 without Retry-After")
			}
		}
	})
}
