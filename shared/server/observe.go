package server

import (
	"net/http"
	"time"

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

func validRequestID(id string) bool {
	if id == "" || len(id) > 128 {
		return false
	}
	for i := 0; i < len(id); i++ {
		switch c := id[i]; {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '_', c == '.', c == ':':
		default:
			return false
		}
	}
	return true
}
