package httpapi_test

import (
	"fmt"
	"net/http"
	"strconv"
	"testing"
)

func TestClickAnalytics(t *testing.T) {
	mmdb := writeMMDB(t, map[string]string{"1.2.3.0/24": "US", "2.3.4.0/24": "FR"})
	env := newEnv(t, withTrustedProxies(loopback()), withGeoIP(mmdb))
	_, key := env.newAccount("free")
	id, _ := env.createLink(key, map[string]any{"url": "https://dest.example/", "custom": "counted"})
	otherID, _ := env.createLink(key, map[string]any{"url": "https://dest.example/2", "custom": "other"})

	humans := []map[string]string{
		{"X-Forwarded-For": "1.2.3.4", "User-Agent": uaChromeWindows, "Referer": "https://www.facebook.com/some/post"},
		{"X-Forwarded-For": "1.2.3.4", "User-Agent": uaChromeWindows, "Referer": "https://l.facebook.com/l.php"}, // same visitor again
		{"X-Forwarded-For": "1.2.3.5", "User-Agent": uaIPhone, "Referer": "https://t.co/abc"},
		{"X-Forwarded-For": "2.3.4.5", "User-Agent": uaFirefoxLinux, "Referer": "https://www.google.fr/search?q=x", "Accept-Language": "fr-FR,fr;q=0.9"},
		{"X-Forwarded-For": "2.3.4.6", "User-Agent": uaAndroid},
		{"CF-IPCountry": "DE", "User-Agent": uaSafariMac, "Referer": "https://news.example.com/item"}, // country from the trusted gateway
	}
	for _, h := range humans {
		if res := env.visit(visit{path: "/counted", header: h}); res.Status != http.StatusFound {
			t.Fatalf("visit: %d", res.Status)
		}
	}
	// Not counted: bots, link-preview crawlers, HEAD, an empty user agent.
	for _, h := range []map[string]string{{"User-Agent": uaGooglebot}, {"User-Agent": uaFacebook}, {"User-Agent": "curl/8.5.0"}, {"User-Agent": "python-requests/2.31"}, {}} {
		env.visit(visit{path: "/counted", header: h})
	}
	env.visit(visit{method: http.MethodHead, path: "/counted", header: map[string]string{"User-Agent": uaChromeWindows}})
	env.visit(visit{path: "/other", header: map[string]string{"User-Agent": uaChromeWindows}})

	wantStats := func(t *testing.T, stage string) {
		t.Helper()
		d := env.getLink(key, id).Data
		if d.Clicks != 6 || d.UniqueClicks != 5 {
			t.Fatalf("%s: clicks %d unique %d, want 6 and 5", stage, d.Clicks, d.UniqueClicks)
		}
		checks := []struct {
			name string
			got  any
			want string
		}{
			{"topCountries", d.TopCountries, "map[France:2 Germany:1 United States:3]"},
			{"topReferrers", d.TopReferrers, "map[l.facebook.com:1 news.example.com:1 t.co:1 www.facebook.com:1 www.google.fr:1]"},
			{"topBrowsers", d.TopBrowsers, "map[Chrome:3 Firefox:1 Safari:2]"},
			{"topOs", d.TopOs, "map[Android:1 Linux:1 Windows:2 iOS:1 macOS:1]"},
			{"socialCount", d.SocialCount, "map[facebook:2 google:1 twitter:1]"},
		}
		for _, c := range checks {
			if got := fmt.Sprint(c.got); got != c.want {
				t.Errorf("%s: %s = %s, want %s", stage, c.name, got, c.want)
			}
		}
	}
	// Before the flush, the counts come from Redis.
	env.syncClicks()
	wantStats(t, "pending in redis")
	var rows int64
	env.DB.Raw(`SELECT count(*) FROM clicks`).Scan(&rows)
	if rows != 0 {
		t.Fatalf("clicks reached postgres before a flush: %d", rows)
	}

	env.flush()
	wantStats(t, "after flush")
	var stored struct {
		Rows, Clicks, Daily int64
	}
	env.DB.Raw(`SELECT (SELECT count(*) FROM clicks WHERE link_id = ?) AS rows,
		(SELECT clicks FROM links WHERE id = ?) AS clicks,
		(SELECT sum(clicks) FROM link_click_days WHERE link_id = ?) AS daily`, id, id, id).Scan(&stored)
	if stored.Rows != 6 || stored.Clicks != 6 || stored.Daily != 6 {
		t.Fatalf("postgres holds %+v, want 6 rows, links.clicks 6, daily 6", stored)
	}
	var partition string
	env.DB.Raw(`SELECT tableoid::regclass::text FROM clicks WHERE link_id = ? LIMIT 1`, id).Scan(&partition)
	if partition == "clicks_default" {
		t.Errorf("clicks landed in the default partition; the flusher should create the month's partition")
	}
	var pendingKeys int64
	if n, _ := env.Redis.Exists(t.Context(), "lm:{clk}:p:"+strconv.FormatInt(id, 10)).Result(); n != 0 {
		pendingKeys = n
	}
	if pendingKeys != 0 {
		t.Fatal("pending counters left in redis after the flush")
	}
	if d := env.getLink(key, otherID).Data; d.Clicks != 1 {
		t.Fatalf("other link: %d clicks, want 1", d.Clicks)
	}

	// A second flush has nothing to do and changes nothing.
	env.flush()
	wantStats(t, "after a second flush")
	if got := env.metric(`linkmgmt_clicks_ignored_total{reason="head"}`); got != "1" {
		t.Errorf("ignored head = %q, want 1", got)
	}
}

func TestClicksWhileRedisIsDown(t *testing.T) {
	env := newEnv(t, withClickBacklog(5))
	_, key := env.newAccount("free")
	id, _ := env.createLink(key, map[string]any{"url": "https://dest.example/", "custom": "resilient"})
	browser := map[string]string{"User-Agent": uaChromeWindows}
	// Warm the cache, as a running service would have it.
	expect{status: 302, location: "https://dest.example/"}.check(t, env.visit(visit{path: "/resilient", header: browser}))
	env.flush()

	env.RedisProxy.Cut()
	for i := 0; i < 8; i++ {
		expect{status: 302, location: "https://dest.example/"}.check(t, env.visit(visit{path: "/resilient", header: browser}))
	}
	// The API still answers, from Postgres.
	if d := env.getLink(key, id).Data; d.Clicks != 1 {
		t.Fatalf("while redis is down: clicks %d, want the flushed 1", d.Clicks)
	}
	env.RedisProxy.Restore()
	// Five clicks waited in memory; three went past the bound and were dropped.
	deadline := 50
	for {
		err := func() error {
			ctx, cancel := contextWithTimeout(2)
			defer cancel()
			return env.Clicks.Sync(ctx)
		}()
		if err == nil {
			break
		}
		if deadline--; deadline == 0 {
			t.Fatalf("recorder never caught up with redis: %v", err)
		}
	}
	env.flush()
	if d := env.getLink(key, id).Data; d.Clicks != 6 {
		t.Fatalf("after redis is back: clicks %d, want 1 + 5 buffered", d.Clicks)
	}
	if got := env.metric(`linkmgmt_clicks_dropped_total{reason="redis_unavailable"}`); got != "3" {
		t.Fatalf("dropped metric = %q, want 3", got)
	}
}
