// Package server builds the Echo instance both services run behind: request ids, JSON
// request logs, Prometheus metrics (served on a listener of their own), panic recovery,
// body size limit, health and readiness endpoints, connection deadlines against slow
// clients, and a graceful shutdown.
package server

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// Config is what New needs to know.
type Config struct {
	Service      string // service name, used as a metric namespace
	Logger       *slog.Logger
	MaxBodyBytes int64 // request body limit; 0 means 1 MiB
	// ErrorHandler renders errors in the service's own format. It receives every error a
	// handler or middleware returned, including panics turned into errors and the 413 of
	// the body limit.
	ErrorHandler echo.HTTPErrorHandler
	// Checks are run by GET /readyz; any failing check answers 503.
	Checks map[string]func(context.Context) error
	// Degraded checks are dependencies the service can limp along without. While one
	// fails, /readyz answers 503 with status "degraded" (monitoring sees the outage), but
	// /readyz?allow_degraded=true answers 200: the Kubernetes readiness probe uses that
	// form so an outage of such a dependency does not empty the Service's endpoints.
	Degraded map[string]func(context.Context) error
	// QuietRoutes are route templates ("/:alias") of public hot paths: their requests are
	// not logged unless they fail (metrics are still recorded), and their requests
	// without a body keep the context they came with (the request id is in the response
	// header and in the log line of a failure, not in the context).
	QuietRoutes []string
}

// Server is an Echo instance with the platform's operational endpoints.
type Server struct {
	Echo     *echo.Echo
	Registry *prometheus.Registry
	logger   *slog.Logger
	metrics  http.Handler
}

// New returns an Echo instance with the operational middleware installed and /healthz and
// /readyz routed. Services add their routes to s.Echo. /metrics is not among them: it is
// served by MetricsHandler on the metrics listener (ServeOptions.MetricsAddr), never on
// the public port.
func New(cfg Config) *Server {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.MaxBodyBytes <= 0 {
		cfg.MaxBodyBytes = 1 << 20
	}
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	if cfg.ErrorHandler != nil {
		e.HTTPErrorHandler = cfg.ErrorHandler
	}

	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	metrics := newHTTPMetrics(reg, cfg.Service)

	quiet := make(map[string]bool, len(cfg.QuietRoutes))
	for _, r := range cfg.QuietRoutes {
		quiet[r] = true
	}
	f := &front{log: cfg.Logger, maxBody: cfg.MaxBodyBytes, ids: newIDSource(), series: newSeriesCache(metrics), quiet: quiet}
	e.Use(f.middleware)

	e.GET("/healthz", func(c echo.Context) error {
		return c.JSON(http.StatusOK, map[string]string{"status": "ok"})
	})
	e.GET("/readyz", readiness(cfg.Logger, cfg.Checks, cfg.Degraded))

	return &Server{Echo: e, Registry: reg, logger: cfg.Logger, metrics: newMetricsHandler(reg)}
}

// deadlineBody remembers a read that failed on the connection's read deadline.
type deadlineBody struct {
	io.ReadCloser
	timeout error
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	var netErr net.Error
	if err != nil && (errors.Is(err, os.ErrDeadlineExceeded) || errors.As(err, &netErr) && netErr.Timeout()) {
		b.timeout = err
	}
	return n, err
}

func readiness(logger *slog.Logger, checks, degraded map[string]func(context.Context) error) echo.HandlerFunc {
	return func(c echo.Context) error {
		ctx, cancel := context.WithTimeout(c.Request().Context(), 2*time.Second)
		defer cancel()
		status := map[string]string{}
		run := func(checks map[string]func(context.Context) error) (ok bool) {
			ok = true
			for name, check := range checks {
				if err := check(ctx); err != nil {
					status[name] = "unavailable"
					ok = false
					logger.WarnContext(ctx, "readiness check failed", "check", name, "error", err)
					continue
				}
				status[name] = "ok"
			}
			return ok
		}
		ready := run(checks)
		whole := run(degraded)
		code, overall := http.StatusOK, "ok"
		switch {
		case !ready:
			code, overall = http.StatusServiceUnavailable, "unavailable"
		case !whole:
			overall = "degraded"
			if c.QueryParam("allow_degraded") != "true" {
				code = http.StatusServiceUnavailable
			}
		}
		return c.JSON(code, map[string]any{"status": overall, "checks": status})
	}
}
