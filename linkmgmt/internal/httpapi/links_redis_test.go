package httpapi_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/app"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/redis/go-redis/v9"
)

// stalledRedis accepts connections and never answers, like a Redis that hangs.
func stalledRedis(t testing.TB) *redis.Client {
	t.Helper()
	addr := testkit.HangingServer(t)
	// The service's own client (cmd/linkmgmt): library defaults, deadlines taken from
	// contexts, the breaker.
	rdb, err := app.OpenRedis("redis://" + addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rdb.Close() })
	return rdb
}

// TestLinksAndQRWhileRedisHangs: Redis holds counters, caches and the password throttle,
// none of which a request may wait on for long. With a Redis that accepts connections
// and never answers, every link, redirect and QR route still answers, each within a
// bound of its own (the client's read time-outs and retries would take tens of seconds).
func TestLinksAndQRWhileRedisHangs(t *testing.T) {
	env := newEnv(t, withRedis(stalledRedis(t)), withoutWorkers())
	_, key := env.newAccount("free")
	// A request waits on Redis at most once: its first time-out (500 ms for most calls,
	// 1 s for the password throttle) opens the client's breaker, and the Redis calls that
	// follow, in this request and the next ones, fail at once for 2 s. They used to wait
	// out one bound each (rate limit, invalidation, statistics, image cache), which added
	// up past this bound on a busy machine.
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
