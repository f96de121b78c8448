package server

import (
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

type httpMetrics struct {
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
}

func newHTTPMetrics(reg prometheus.Registerer, namespace string) *httpMetrics {
	m := &httpMetrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: namespace,
			Name:      "http_requests_total",
			Help:      "HTTP requests by route, method and status code.",
		}, []string{"route", "method", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: namespace,
			Name:      "http_request_duration_seconds",
			Help:      "HTTP request latency by route, method and status code.",
			Buckets:   []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"route", "method", "status"}),
	}
	reg.MustRegister(m.requests, m.latency)
	return m
}

// Every label value is a series kept for the life of the process, so no label may take a
// value chosen by the client: the method is one of the standard ones or "OTHER", the
// route is a registered route template or "unmatched", the status is the one the service
// wrote (net/http allows only 100-999).
const (
	otherMethod    = "OTHER"
	unmatchedRoute = "unmatched"
)

// methodLabel folds every method but the nine of RFC 9110 into "OTHER": any token is a
// valid method on the wire.
func methodLabel(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions, http.MethodConnect, http.MethodTrace:
		return method
	}
	return otherMethod
}

// routeLabel is the route template Echo matched (a finite set, fixed by the code), or
// "unmatched" when no route matched or only the catch-all's 404 did.
func routeLabel(path string, status int) string {
	if path == "" || (status == http.StatusNotFound && path == "/*") {
		return unmatchedRoute
	}
	return path
}

// newMetricsHandler serves the registry for the metrics listener. Scrapes are few and
// trusted, but still bounded: at most a few at once, each cut after a while.
func newMetricsHandler(reg *prometheus.Registry) http.Handler {
	h := promhttp.InstrumentMetricHandler(reg, promhttp.HandlerFor(reg, promhttp.HandlerOpts{
		Registry:            reg,
		MaxRequestsInFlight: 4,
		Timeout:             10 * time.Second,
	}))
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", h)
	return mux
}

// MetricsHandler serves GET /metrics (Prometheus text format) and 404 for anything else.
// ServeListeners runs it on the metrics listener; tests may mount it themselves.
func (s *Server) MetricsHandler() http.Handler { return s.metrics }

// observe renders handler errors (so the status is known), then records metrics and
// writes one JSON log line per request.
func observe(logger *slog.Logger, m *httpMetrics, skipLog func(echo.Context) bool) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			err := next(c)
			if err != nil {
				// Render now so the status written is the one we record and log.
				c.Error(err)
			}
			elapsed := time.Since(start)
			status := c.Response().Status
			route := routeLabel(c.Path(), status)
			code := strconv.Itoa(status)
			method := c.Request().Method
			m.requests.WithLabelValues(route, methodLabel(method), code).Inc()
			m.latency.WithLabelValues(route, methodLabel(method), code).Observe(elapsed.Seconds())

			if skipLog != nil && skipLog(c) && err == nil && status < 500 {
				return nil
			}
			level := slog.LevelInfo
			if status >= 500 {
				level = slog.LevelError
			}
			attrs := []slog.Attr{
				slog.String("method", method),
				slog.String("path", c.Request().URL.Path),
				slog.String("route", route),
				slog.Int("status", status),
				slog.Float64("duration_ms", float64(elapsed.Microseconds())/1000),
				slog.Int64("bytes_out", c.Response().Size),
				slog.String("remote_ip", c.RealIP()),
			}
			if err != nil && status >= 500 {
				attrs = append(attrs, slog.String("error", err.Error()))
			}
			logger.LogAttrs(c.Request().Context(), level, "http request", attrs...)
			return nil
		}
	}
}

// requestID honours a sane incoming X-Request-ID (or generates one), echoes it in the
// response and stores it in the request context for log lines.
func requestID() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			id := c.Request().Header.Get(echo.HeaderXRequestID)
			if !validRequestID(id) {
				id = newRequestID()
			}
			c.Response().Header().Set(echo.HeaderXRequestID, id)
			c.SetRequest(c.Request().WithContext(WithRequestID(c.Request().Context(), id)))
			return next(c)
		}
	}
}

func validRequestID(id string) bool {
	if id == "" || len(id) > 128 {
		return false
	}
	for _, r := range id {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.', r == ':':
		default:
			return false
		}
	}
	return true
}

func newRequestID() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b) // crypto/rand.Read never fails on supported platforms
	return hex.EncodeToString(b)
}
