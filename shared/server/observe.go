package server

import (
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
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
			route := c.Path()
			if route == "" || (status == 404 && route == "/*") {
				route = "unmatched" // keep label cardinality bounded
			}
			code := strconv.Itoa(status)
			method := c.Request().Method
			m.requests.WithLabelValues(route, method, code).Inc()
			m.latency.WithLabelValues(route, method, code).Observe(elapsed.Seconds())

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
