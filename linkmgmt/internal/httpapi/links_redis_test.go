package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/app"
	"github.com/loyaltylinks/platform/shared/testkit"
	"github.com/redis/go-redis/v9"
)

// redisWaits counts the commands that get past the client's breaker, outermost ones
// only (a connection's handshake runs inside the command that dialled it). Against a
// Redis that never answers, each is a wait of its full deadline.
type redisWaits struct{ n atomic.Int64 }

type nestedCommand struct{}

func (w *redisWaits) DialHook(next redis.DialHook) redis.DialHook { return next }

func (w *redisWaits) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		return next(w.count(ctx), cmd)
	}
}

func (w *redisWaits) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		return next(w.count(ctx), cmds)
	}
}

func (w *redisWaits) count(ctx context.Context) context.Context {
	if ctx.Value(nestedCommand{}) == nil {
		w.n.Add(1)
	}
	return context.WithValue(ctx, nestedCommand{}, true)
}

// stalledRedis is the service's own client (app.NewRedis: library defaults, deadlines
// taken from contexts, the breaker) over a Redis that accepts connections and never
// answers. Its breaker pauses for pause after a time-out; the counter sees every
// command the breaker lets through.
func stalledRedis(t testing.TB, pause time.Duration) (*redis.Client, *redisWaits) {
	t.Helper()
	opts, err := redis.ParseURL("redis://" + testkit.HangingServer(t))
	if err != nil {
		t.Fatal(err)
	}
	rdb := app.NewRedis(opts, pause)
	t.Cleanup(func() { rdb.Close() })
	waits := &redisWaits{}
	rdb.AddHook(waits) // after the breaker's: inside it
	return rdb, waits
}

// TestLinksAndQRWhileRedisHangs: Redis holds counters, caches and the password throttle,
// none of which a request may wait on for long. With a Redis that accepts connections
// and never answers, every link, redirect and QR route still answers, and waits on
// Redis at most once: its first time-out (500 ms for most calls, 1 s for the password
// throttle) spends the request's budget (breaker.Once) and its other Redis calls fail
// at once. The client's breaker, which also spares the requests that follow, is
// disabled here (pause 0) so that every request meets the hanging Redis, however slow
// the machine: the bound holds per request, not by the clock.
func TestLinksAndQRWhileRedisHangs(t *testing.T) {
	rdb, waits := stalledRedis(t, 0)
	env := newEnv(t, withRedis(rdb), withoutWorkers())
	_, key := env.newAccount("free")
	// A sanity bound only, far above one wait: a Redis call without a deadline would
	// take the client's read time-out (5 s) per try.
	const sanity = 10 * time.Second
	timed := func(name string, call func() response, want int) response {
		t.Helper()
		before := waits.n.Load()
		start := time.Now()
		res := call()
		if elapsed := time.Since(start); elapsed > sanity {
			t.Errorf("%s took %s with Redis hanging", name, elapsed)
		}
		if n := waits.n.Load() - before; n > 1 {
			t.Errorf("%s waited on the hanging Redis %d times, want at most once", name, n)
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
