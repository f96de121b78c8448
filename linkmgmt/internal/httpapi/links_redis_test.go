package httpapi_test

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/click"
	"github.com/loyaltylinks/platform/linkmgmt/internal/httpapi"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/loyaltylinks/platform/linkmgmt/internal/qr"
	"github.com/loyaltylinks/platform/linkmgmt/internal/redirect"
	"github.com/redis/go-redis/v9"
)

// stalledRedis accepts connections and never answers, like a Redis that hangs.
func stalledRedis(t *testing.T) *redis.Client {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var (
		mu    sync.Mutex
		conns []net.Conn
	)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	// The service's own client settings (cmd/linkmgmt): library defaults, deadlines
	// taken from contexts.
	rdb := redis.NewClient(&redis.Options{Addr: ln.Addr().String(), ContextTimeoutEnabled: true})
	t.Cleanup(func() {
		rdb.Close()
		ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	return rdb
}

// TestLinksAndQRWhileRedisHangs: Redis holds counters, caches and the password throttle,
// none of which a request may wait on for long. With a Redis that accepts connections
// and never answers, every link, redirect and QR route still answers, each within a
// bound of its own (the client's read time-outs and retries would take tens of seconds).
func TestLinksAndQRWhileRedisHangs(t *testing.T) {
	env := newTestEnv(t, func(d *httpapi.Deps) {
		rdb := stalledRedis(t)
		d.Redis = rdb
		d.LinkCache = redirect.NewCache(redirect.CacheOptions{})
		d.Invalidator = redirect.NewInvalidator(rdb, d.Logger, d.LinkCache)
		d.Links = link.NewService(d.DB, d.BaseURL, d.Invalidator)
		d.ClickStats = click.NewStatsReader(d.DB, rdb, d.Logger)
		d.QR = qr.NewService(qr.Deps{DB: d.DB, Redis: rdb, Links: qr.NewLinks(d.Links), Stats: d.ClickStats, Logos: qr.NewLogoLoader(qr.LogoConfig{}), BaseURL: d.BaseURL})
	})
	_, key := env.newAccount("free")
	// Each API call may spend the rate limit's 500 ms on Redis, and one more bounded wait
	// of its own.
	const bound = 2500 * time.Millisecond
	timed := func(name string, call func() response, want int) response {
		t.Helper()
		start := time.Now()
		res := call()
		if elapsed := time.Since(start); elapsed > bound {
			t.Errorf("%s took %s with Redis hanging", name, elapsed)
		}
		if res.Status != want {
			t.Errorf("%s: status %d, want %d; body %.200s", name, res.Status, want, res.Body)
		}
		return res
	}
	api := func(method, path string, body any, want int) response {
		t.Helper()
		return timed(method+" "+path, func() response { return env.do(method, path, key, body) }, want)
	}
	visit := func(name string, form url.Values, path string, want int) response {
		t.Helper()
		return timed(name, func() response {
			method, body := http.MethodGet, ""
			if form != nil {
				method, body = http.MethodPost, form.Encode()
			}
			req, _ := http.NewRequest(method, env.URL+path, strings.NewReader(body))
			if form != nil {
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			}
			res, err := noRedirectClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			return response{Status: res.StatusCode, Header: res.Header}
		}, want)
	}

	var created struct{ ID int64 }
	api(http.MethodPost, "/api/url/add", map[string]any{"url": "https://e.org/", "custom": "hang", "password": "open sesame"}, 200).JSON(t, &created)
	api(http.MethodGet, fmt.Sprintf("/api/url/%d", created.ID), nil, 200)
	api(http.MethodGet, "/api/urls", nil, 200)
	api(http.MethodPut, fmt.Sprintf("/api/url/%d/update", created.ID), map[string]any{"metatitle": "x"}, 200)
	visit("password form", nil, "/hang", 200)
	// Guesses cannot be counted without Redis: they are refused at once (fail closed).
	visit("wrong password", url.Values{"password": {"guess"}}, "/hang", 503)
	visit("right password", url.Values{"password": {"open sesame"}}, "/hang", 503)

	var code struct{ ID int64 }
	api(http.MethodPost, "/api/qr/add", map[string]any{"type": "text", "data": "hello"}, 200).JSON(t, &code)
	visit("QR image", nil, fmt.Sprintf("/qr/%d.png", code.ID), 200)
	api(http.MethodPut, fmt.Sprintf("/api/qr/%d/update", code.ID), map[string]any{"data": "bye"}, 200)
	api(http.MethodGet, fmt.Sprintf("/api/qr/%d", code.ID), nil, 200)
	api(http.MethodDelete, fmt.Sprintf("/api/url/%d/delete", created.ID), nil, 200)
}
