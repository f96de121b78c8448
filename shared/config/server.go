package config

import "time"

// Server is how a service listens, read alike by both services: the API's address and
// body limit, the drain at shutdown, the Prometheus listener apart from the public port
// ("" when METRICS_ADDR=off), and the time limits of slow clients
// (shared/server.ServeOptions). Only the default addresses differ between services.
type Server struct {
	HTTPAddr              string
	MaxBodyBytes          int64
	ShutdownGrace         time.Duration
	MetricsAddr           string
	HTTPReadTimeout       time.Duration
	HTTPWriteStallTimeout time.Duration
}

// Server reads the listener variables, httpAddr and metricsAddr being the service's
// default addresses. Metrics on the API's port are refused: they need a port of their
// own.
func (e *Env) Server(httpAddr, metricsAddr string) Server {
	s := Server{
		HTTPAddr:      e.ListenAddr("HTTP_ADDR", httpAddr, false),
		MaxBodyBytes:  int64(e.Int("MAX_BODY_BYTES", 1<<20, 1024)),
		ShutdownGrace: e.Duration("SHUTDOWN_GRACE", 20*time.Second),

		MetricsAddr:           e.ListenAddr("METRICS_ADDR", metricsAddr, true),
		HTTPReadTimeout:       e.Duration("HTTP_READ_TIMEOUT", 30*time.Second),
		HTTPWriteStallTimeout: e.Duration("HTTP_WRITE_STALL_TIMEOUT", 60*time.Second),
	}
	if s.MetricsAddr != "" && SamePort(s.HTTPAddr, s.MetricsAddr) {
		e.fail("METRICS_ADDR", "%q is HTTP_ADDR's port; metrics need a port of their own", s.MetricsAddr)
	}
	return s
}
