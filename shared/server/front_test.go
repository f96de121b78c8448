package server

import (
	"bytes"
	"errors"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/labstack/echo/v4"
)

func TestRequestIDsAreUniqueAcrossProcesses(t *testing.T) {
	a, b := newIDSource(), newIDSource() // two replicas
	shape := regexp.MustCompile(`^[0-9a-f]{28}$`)
	seen := sync.Map{}
	var wg sync.WaitGroup
	for _, src := range []*idSource{a, a, b, b} {
		wg.Go(func() {
			for range 5000 {
				id := src.next()
				if !shape.MatchString(id) || !validRequestID(id) {
					t.Errorf("id %q: want 28 hexadecimal characters", id)
					return
				}
				if _, dup := seen.LoadOrStore(id, true); dup {
					t.Errorf("id %q handed out twice", id)
					return
				}
			}
		})
	}
	wg.Wait()
	if a.next()[:16] == b.next()[:16] {
		t.Fatal("two sources share their random prefix")
	}
}

// TestQuietRoutes: a quiet route's successful requests are not logged but counted; its
// failures are logged with the request id the client got, though a request without a
// body keeps its own context; a request with a body gets the id in its context.
func TestQuietRoutes(t *testing.T) {
	var logs bytes.Buffer
	logger, err := NewLogger(&logs, "info", "test")
	if err != nil {
		t.Fatal(err)
	}
	s := New(Config{Service: "test", Logger: logger, QuietRoutes: []string{"/:alias"}})
	var (
		mu      sync.Mutex
		ctxIDs  []string
		failing = errors.New("lookup failed")
	)
	s.Echo.Match([]string{http.MethodGet, http.MethodPost}, "/:alias", func(c echo.Context) error {
		mu.Lock()
		ctxIDs = append(ctxIDs, RequestID(c.Request().Context()))
		mu.Unlock()
		if c.Param("alias") == "broken" {
			return failing
		}
		return c.Redirect(http.StatusFound, "https://example.org/")
	})

	if rec := serve(s, http.MethodGet, "/fine", nil, nil); rec.Code != http.StatusFound || rec.Header().Get("X-Request-ID") == "" {
		t.Fatalf("GET /fine: %d, request id %q", rec.Code, rec.Header().Get("X-Request-ID"))
	}
	if logs.Len() != 0 {
		t.Fatalf("a successful quiet request was logged: %s", logs.String())
	}
	rec := serve(s, http.MethodGet, "/broken", nil, nil)
	id := rec.Header().Get("X-Request-ID")
	if rec.Code != http.StatusInternalServerError || id == "" {
		t.Fatalf("GET /broken: %d, request id %q", rec.Code, id)
	}
	if line := logs.String(); !strings.Contains(line, `"request_id":"`+id+`"`) || !strings.Contains(line, "lookup failed") || strings.Count(line, `"request_id"`) != 1 {
		t.Fatalf("the failure's log line lacks its request id %q and error (or names it twice): %s", id, line)
	}
	rec = serve(s, http.MethodPost, "/fine", strings.NewReader("password=x"), http.Header{"Content-Type": {"application/x-www-form-urlencoded"}})
	postID := rec.Header().Get("X-Request-ID")
	mu.Lock()
	got := append([]string(nil), ctxIDs...)
	mu.Unlock()
	if len(got) != 3 || got[0] != "" || got[1] != "" || got[2] != postID {
		t.Fatalf("request ids in the handlers' contexts = %q, want none for the GETs and %q for the POST", got, postID)
	}
	if body := scrape(t, s); !strings.Contains(body, `test_http_requests_total{method="GET",route="/:alias",status="302"} 1`) ||
		!strings.Contains(body, `test_http_requests_total{method="GET",route="/:alias",status="500"} 1`) ||
		!strings.Contains(body, `test_http_requests_total{method="POST",route="/:alias",status="302"} 1`) {
		t.Fatalf("quiet requests not counted by status:\n%s", body)
	}
}

// TestQuietGETCostsLittle: the stack adds a handful of allocations to a quiet GET (the
// request id, its header value, the middleware closure), not a copy of the request, a
// wrapped body or label lookups (14 allocations before).
func TestQuietGETCostsLittle(t *testing.T) {
	s := New(Config{Service: "test", Logger: slog.New(slog.DiscardHandler), QuietRoutes: []string{"/:alias"}})
	s.Echo.GET("/:alias", redirect302)
	bare := echo.New()
	bare.GET("/:alias", redirect302)
	measure := func(h http.Handler) float64 {
		req, _ := http.NewRequest(http.MethodGet, "http://short.test/bench", nil)
		req.Body = http.NoBody
		w := &discardWriter{h: http.Header{}}
		return testing.AllocsPerRun(200, func() {
			clear(w.h)
			h.ServeHTTP(w, req)
		})
	}
	// The fewest of a few runs: a garbage collection during a run empties the sync.Pools
	// of both stacks and shows up as an allocation that is not the stack's (seen on a
	// loaded CI machine).
	fewest := func(h http.Handler) float64 {
		n := measure(h)
		for range 4 {
			n = min(n, measure(h))
		}
		return n
	}
	measure(s.Echo) // the first request of a series resolves its labels
	if extra := fewest(s.Echo) - fewest(bare); extra > 3 {
		t.Fatalf("the stack adds %.0f allocations to a quiet GET, want at most 3", extra)
	}
}

// TestPanicStackIsLogged: the stack of a recovered panic reaches the log (it used to be
// logged empty).
func TestPanicStackIsLogged(t *testing.T) {
	var logs bytes.Buffer
	s := newTestServer(t, &logs, nil)
	serve(s, http.MethodGet, "/panic", nil, nil)
	if !strings.Contains(logs.String(), "server_test.go") {
		t.Fatalf("panic logged without its stack: %s", logs.String())
	}
}
