package httpapi_test

import (
	"context"
	"net/http"
	"syscall"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/linkmgmt/internal/campaign"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/loyaltylinks/platform/shared/nullable"
)

// BenchmarkRedirect measures the public pages of cached links through the whole Echo
// stack (middleware, engine, click hand-off), beside a bare Echo handler answering the
// same 302: a direct link GET /{alias}, the campaign rotator GET /r/{slug} (its leased
// Redis turns included) and the campaign list page GET /u/{slug}. Handler time only,
// no network; `make bench-redirect` measures over TCP with wrk. The click recorder does
// not run (its queue fills, then each click is dropped at the same small cost on every
// route): the click pipeline has a benchmark of its own. cpu-ns/op is the process's CPU
// time per request (Postgres and Redis not included), which other load on the machine
// does not inflate.
func BenchmarkRedirect(b *testing.B) {
	env := newEnv(b, withDirectRedis(), withoutWorkers())
	ctx := context.Background()
	accountID, _ := env.newAccount("free")
	var in link.Input
	in.URL = nullable.Of("https://example.org/bench")
	in.Custom = nullable.Of("bench")
	if _, err := env.App.Links.Create(ctx, accountID, in); err != nil {
		b.Fatal(err)
	}
	// A public campaign rotating over three links, for /r/{slug} and /u/{slug}.
	c, err := env.App.Campaigns.Create(ctx, accountID, campaign.CreateInput{Name: "bench", Slug: "bench", Public: true})
	if err != nil {
		b.Fatal(err)
	}
	for range 3 {
		var member link.Input
		member.URL = nullable.Of("https://example.org/rotated")
		member.Campaign = nullable.Of(c.ID)
		if _, err := env.App.Links.Create(ctx, accountID, member); err != nil {
			b.Fatal(err)
		}
	}
	host := hostOf(b, env.URL)
	bare := echo.New()
	bare.GET("/:alias", func(c echo.Context) error { return c.Redirect(http.StatusFound, "https://example.org/bench") })

	b.Run("bare-echo", func(b *testing.B) { benchServe(b, bare, host, "/bench", http.StatusFound) })
	b.Run("linkmgmt", func(b *testing.B) { benchServe(b, env.Handler, host, "/bench", http.StatusFound) })
	b.Run("rotator", func(b *testing.B) { benchServe(b, env.Handler, host, "/r/bench", http.StatusFound) })
	b.Run("campaign-list", func(b *testing.B) { benchServe(b, env.Handler, host, "/u/bench", http.StatusOK) })
}

func benchServe(b *testing.B, h http.Handler, host, path string, want int) {
	b.ReportAllocs()
	before := cpuTime()
	b.RunParallel(func(pb *testing.PB) {
		req, err := http.NewRequest(http.MethodGet, "http://"+host+path, nil)
		if err != nil {
			b.Error(err)
			return
		}
		req.Body = http.NoBody // as net/http hands a GET to the handler
		req.RemoteAddr = "192.0.2.1:1234"
		req.Header.Set("User-Agent", uaChromeWindows)
		w := &discardWriter{h: http.Header{}}
		for pb.Next() {
			clear(w.h)
			w.code = 0
			h.ServeHTTP(w, req)
			if w.code != want {
				b.Errorf("GET %s: status %d, want %d", path, w.code, want)
				return
			}
		}
	})
	b.ReportMetric(float64((cpuTime()-before).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// discardWriter is a ResponseWriter that keeps only the header map and the status.
type discardWriter struct {
	h    http.Header
	code int
}

func (w *discardWriter) Header() http.Header { return w.h }
func (w *discardWriter) Write(p []byte) (int, error) {
	if w.code == 0 {
		w.code = http.StatusOK
	}
	return len(p), nil
}
func (w *discardWriter) WriteHeader(code int) { w.code = code }

// cpuTime is the process's CPU time so far, user and system, every thread.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
