package server

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/textproto"
	"runtime"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"
)

// front is the one middleware every request passes, route or not: request id, panic
// recovery, body limit, metrics and the request log line. It is a single middleware,
// not four, because Echo chains global middleware anew for every request; and it keeps
// the public hot paths (Config.QuietRoutes) within a few hundred nanoseconds of a bare
// handler: the request id costs an atomic add, a request without a body is not
// wrapped, the metric series are looked up once per route, method and status, and a
// quiet request without a body is served without cloning its request.
type front struct {
	log     *slog.Logger
	maxBody int64
	ids     *idSource
	series  *seriesCache
	quiet   map[string]bool // route templates
}

func (f *front) middleware(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := time.Now()
		req := c.Request()
		var id string
		if sent := req.Header[requestIDHeader]; len(sent) > 0 && validRequestID(sent[0]) {
			id = sent[0]
		} else {
			id = f.ids.next()
		}
		c.Response().Header()[requestIDHeader] = []string{id}
		quiet := f.quiet[c.Path()]
		// The request id goes into the request's context for the log lines handlers
		// write, which takes a copy of the request. A quiet route's GET or HEAD has no
		// log line of its own to carry it (failures reach the request log line below,
		// which names the id), so it is served as it came.
		withID := !quiet || req.Body != http.NoBody
		if withID {
			c.SetRequest(req.WithContext(WithRequestID(req.Context(), id)))
		}
		err := ambiguousFraming(c) // a request smuggling attempt: refused, never served
		if err == nil {
			err = f.serve(c, next)
		}
		if err != nil {
			// Render now so the status written is the one we record and log.
			c.Error(err)
		}
		elapsed := time.Since(start)
		status := c.Response().Status
		route := routeLabel(c.Path(), status)
		method := methodLabel(c.Request().Method)
		s := f.series.get(route, method, status)
		s.requests.Inc()
		s.latency.Observe(elapsed.Seconds())
		if quiet && err == nil && status < 500 {
			return nil
		}
		f.logRequest(c, id, withID, route, status, elapsed, err)
		return nil
	}
}

// serve runs the handler with the body bounded, turning a panic into a 500. Over
// maxBody bytes is a 413, whether announced by Content-Length or discovered while
// reading. A body the client did not finish sending before the connection's read
// deadline (ServeOptions.ReadTimeout) is a 408. Both hold whatever the handler made of
// the failed read (an ignored form error, a 400 for bad JSON).
func (f *front) serve(c echo.Context, next echo.HandlerFunc) (err error) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if r == http.ErrAbortHandler {
			panic(r)
		}
		perr, ok := r.(error)
		if !ok {
			perr = fmt.Errorf("%v", r)
		}
		stack := make([]byte, 4<<10)
		stack = stack[:runtime.Stack(stack, false)]
		f.log.ErrorContext(c.Request().Context(), "panic recovered", "error", perr, "stack", string(stack))
		// The client gets a plain 500; the stack stays in the log.
		err = echo.NewHTTPError(http.StatusInternalServerError, http.StatusText(http.StatusInternalServerError)).SetInternal(perr)
	}()
	req := c.Request()
	// A request without a body (net/http's NoBody: every GET and HEAD a browser sends)
	// has nothing to bound.
	if req.Body == http.NoBody || req.Body == nil {
		return next(c)
	}
	if req.ContentLength > f.maxBody {
		return echo.ErrStatusRequestEntityTooLarge
	}
	body := &deadlineBody{ReadCloser: http.MaxBytesReader(c.Response(), req.Body, f.maxBody)}
	req.Body = body
	err = next(c)
	if body.timeout != nil {
		// The read's error, not the handler's: Echo's default error handler would
		// render an *echo.HTTPError found in Internal instead of this one.
		return echo.NewHTTPError(http.StatusRequestTimeout, "request body not received in time").SetInternal(body.timeout)
	}
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return echo.ErrStatusRequestEntityTooLarge.WithInternal(err)
	}
	return err
}

// logRequest writes the request's log line. inContext says whether the request's
// context carries the request id (the log handler adds it then).
func (f *front) logRequest(c echo.Context, id string, inContext bool, route string, status int, elapsed time.Duration, err error) {
	level := slog.LevelInfo
	if status >= 500 {
		level = slog.LevelError
	}
	req := c.Request()
	attrs := make([]slog.Attr, 0, 9)
	attrs = append(attrs,
		slog.String("method", req.Method),
		slog.String("path", req.URL.Path),
		slog.String("route", route),
		slog.Int("status", status),
		slog.Float64("duration_ms", float64(elapsed.Microseconds())/1000),
		slog.Int64("bytes_out", c.Response().Size),
		slog.String("remote_ip", c.RealIP()),
	)
	if err != nil && status >= 500 {
		attrs = append(attrs, slog.String("error", err.Error()))
	}
	if !inContext {
		attrs = append(attrs, slog.String("request_id", id))
	}
	f.log.LogAttrs(req.Context(), level, "http request", attrs...)
}

// requestIDHeader is X-Request-ID in the canonical form net/http keeps header names in,
// so the maps are indexed without canonicalising the name on every request.
var requestIDHeader = textproto.CanonicalMIMEHeaderKey(echo.HeaderXRequestID)

// idSource hands out request ids: a random prefix drawn once per process (so ids of
// different replicas do not collide) and a counter, 28 hexadecimal characters in all.
// Ids are not secrets (a client may choose its own), so they need no randomness per
// request.
type idSource struct {
	prefix [16]byte // 64 random bits, hexadecimal
	n      atomic.Uint64
}

func newIDSource() *idSource {
	var raw [8]byte
	_, _ = rand.Read(raw[:]) // crypto/rand.Read never fails on supported platforms
	s := &idSource{}
	hex.Encode(s.prefix[:], raw[:])
	return s
}

// next is the next id: the prefix and 48 bits of counter (2.8e14 requests before it
// wraps).
func (s *idSource) next() string {
	n := s.n.Add(1)
	var buf [28]byte
	copy(buf[:16], s.prefix[:])
	const digits = "0123456789abcdef"
	for i := 27; i >= 16; i-- {
		buf[i] = digits[n&0xf]
		n >>= 4
	}
	return string(buf[:])
}

// seriesKey names one metric series: every label is bounded (see routeLabel and
// methodLabel; status is what the service wrote).
type seriesKey struct {
	route, method string
	status        int
}

type series struct {
	requests interface{ Inc() }
	latency  interface{ Observe(float64) }
}

// seriesCache resolves each series once: the label lookup of the Prometheus vectors
// (hashing every label value under a lock) is paid by the first request of a route,
// method and status, later ones read an immutable map without locking.
type seriesCache struct {
	metrics *httpMetrics
	known   atomic.Pointer[map[seriesKey]series]
	adding  chan struct{} // a one-slot lock for writers
}

func newSeriesCache(m *httpMetrics) *seriesCache {
	c := &seriesCache{metrics: m, adding: make(chan struct{}, 1)}
	c.known.Store(&map[seriesKey]series{})
	return c
}

func (c *seriesCache) get(route, method string, status int) series {
	k := seriesKey{route: route, method: method, status: status}
	if s, ok := (*c.known.Load())[k]; ok {
		return s
	}
	c.adding <- struct{}{}
	defer func() { <-c.adding }()
	old := *c.known.Load()
	if s, ok := old[k]; ok {
		return s
	}
	code := strconv.Itoa(status)
	s := series{
		requests: c.metrics.requests.WithLabelValues(route, method, code),
		latency:  c.metrics.latency.WithLabelValues(route, method, code),
	}
	next := make(map[seriesKey]series, len(old)+1)
	for key, v := range old {
		next[key] = v
	}
	next[k] = s
	c.known.Store(&next)
	return s
}
