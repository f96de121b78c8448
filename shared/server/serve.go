package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/loyaltylinks/platform/shared/config"
)

// Limits of every connection, on both listeners. The README's Operations section states
// them; the timeouts that vary with deployment are ServeOptions.
const (
	// MaxHeaderBytes caps the request line and headers together. Anything larger is
	// answered 431 by net/http before a handler (or a header parser) sees it. 32 KiB is
	// what common proxies accept (nginx: four 8 KiB buffers) and far above real requests.
	MaxHeaderBytes = 32 << 10
	// DefaultReadTimeout is the time a client has to send a whole request, headers and
	// body (a 1 MiB body then needs about 35 KB/s). Past it, the read fails, the handler
	// answers 408 and the connection is closed.
	DefaultReadTimeout = 30 * time.Second
	// DefaultWriteStallTimeout is how long one write of a response may wait for the client
	// to read. There is no deadline on the whole response: a streaming export of a
	// million rows takes as long as it takes while the client keeps reading.
	DefaultWriteStallTimeout = 60 * time.Second

	readHeaderTimeout = 10 * time.Second  // headers alone (within ReadTimeout)
	idleTimeout       = 120 * time.Second // keep-alive connection between requests
	// headerSlop is what net/http reads beyond http.Server.MaxHeaderBytes before it
	// refuses the request; subtracted so MaxHeaderBytes is the cap clients see.
	headerSlop = 4096

	// The metrics listener serves small answers to a trusted scraper.
	metricsReadTimeout  = 10 * time.Second
	metricsWriteTimeout = 30 * time.Second
)

// ServeOptions says where a Server listens and how long clients may take.
type ServeOptions struct {
	Addr        string // API listener (public)
	MetricsAddr string // Prometheus /metrics listener; "" serves no metrics
	// Grace is the time in-flight requests have to finish once ctx is cancelled;
	// connections still open after it are closed.
	Grace time.Duration
	// ReadTimeout bounds reading a whole request, headers and body; 0 means
	// DefaultReadTimeout.
	ReadTimeout time.Duration
	// WriteStallTimeout bounds each write of a response; 0 means DefaultWriteStallTimeout.
	WriteStallTimeout time.Duration
}

// Options are the ServeOptions of a service's listener configuration.
func Options(c config.Server) ServeOptions {
	return ServeOptions{
		Addr:              c.HTTPAddr,
		MetricsAddr:       c.MetricsAddr,
		Grace:             c.ShutdownGrace,
		ReadTimeout:       c.HTTPReadTimeout,
		WriteStallTimeout: c.HTTPWriteStallTimeout,
	}
}

func (o ServeOptions) withDefaults() ServeOptions {
	if o.ReadTimeout <= 0 {
		o.ReadTimeout = DefaultReadTimeout
	}
	if o.WriteStallTimeout <= 0 {
		o.WriteStallTimeout = DefaultWriteStallTimeout
	}
	return o
}

// Serve opens the API listener (and the metrics one, when MetricsAddr is set) and serves
// until ctx is cancelled; see ServeListeners.
func (s *Server) Serve(ctx context.Context, opts ServeOptions) error {
	api, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", opts.Addr, err)
	}
	var metrics net.Listener
	if opts.MetricsAddr != "" {
		if metrics, err = net.Listen("tcp", opts.MetricsAddr); err != nil {
			_ = api.Close()
			return fmt.Errorf("metrics: listen on %s: %w", opts.MetricsAddr, err)
		}
	}
	return s.ServeListeners(ctx, api, metrics, opts)
}

// listener is one http.Server and where it listens.
type listener struct {
	name string
	ln   net.Listener
	srv  *http.Server
}

// ServeListeners serves the API on api and /metrics on metrics (nil: no metrics) until ctx
// is cancelled or either fails. Then both shut down: in-flight requests have opts.Grace to
// finish, after which the connections still open are closed and the overrun is returned
// as an error. The listeners' Addr fields are ignored (tests pass port-0 listeners).
func (s *Server) ServeListeners(ctx context.Context, api, metrics net.Listener, opts ServeOptions) error {
	opts = opts.withDefaults()
	errorLog := slog.NewLogLogger(s.logger.Handler(), slog.LevelWarn)
	// The API's connections are watched for ambiguous request framing (framing.go); the
	// metrics listener serves a trusted scraper on the pod's own port.
	servers := []listener{{name: "http", ln: framingListener{api}, srv: &http.Server{
		Handler:           limitWriteStalls(s.Echo, opts.WriteStallTimeout),
		ReadHeaderTimeout: min(readHeaderTimeout, opts.ReadTimeout),
		ReadTimeout:       opts.ReadTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    MaxHeaderBytes - headerSlop,
		ErrorLog:          errorLog,
	}}}
	if metrics != nil {
		servers = append(servers, listener{name: "metrics", ln: metrics, srv: &http.Server{
			Handler:           s.metrics,
			ReadHeaderTimeout: metricsReadTimeout,
			ReadTimeout:       metricsReadTimeout,
			WriteTimeout:      metricsWriteTimeout,
			IdleTimeout:       idleTimeout,
			MaxHeaderBytes:    MaxHeaderBytes - headerSlop,
			ErrorLog:          errorLog,
		}})
	}

	stopped := make(chan error, len(servers))
	for _, l := range servers {
		go func() {
			err := l.srv.Serve(l.ln)
			if errors.Is(err, http.ErrServerClosed) {
				err = nil
			} else {
				err = fmt.Errorf("%s server: %w", l.name, err)
			}
			stopped <- err
		}()
		s.logger.InfoContext(ctx, l.name+" server listening", "addr", l.ln.Addr().String())
	}

	var errs []error
	running := len(servers)
	select {
	case err := <-stopped: // a listener failed: stop the other one too
		errs = append(errs, err)
		running--
	case <-ctx.Done():
	}

	s.logger.Info("shutting down http server", "grace", opts.Grace.String())
	shutdownCtx, cancel := context.WithTimeout(context.Background(), opts.Grace)
	defer cancel()
	// The API drains first; the metrics listener stays up meanwhile so the drain itself
	// can be scraped. Both share the one grace period.
	for _, l := range servers {
		if err := l.srv.Shutdown(shutdownCtx); err != nil {
			// Grace is over: a slow client or a stuck handler must not hold the process.
			_ = l.srv.Close()
			errs = append(errs, fmt.Errorf("%s shutdown: connections still open after %s closed: %w", l.name, opts.Grace, err))
		}
	}
	for ; running > 0; running-- {
		if err := <-stopped; err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// limitWriteStalls gives every write of a response stall to reach the client. A long
// stream keeps its connection as long as the client keeps reading; a client that stops
// reading loses the connection after stall instead of holding a goroutine and its
// buffers forever. (http.Server.WriteTimeout would bound the whole response instead, and
// cut long exports.)
func limitWriteStalls(next http.Handler, stall time.Duration) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		g := &stallGuard{ResponseWriter: w, stall: stall}
		g.rc = *http.NewResponseController(w)
		if r.Body == http.NoBody {
			// No body, so net/http writes nothing of its own while the handler works (no
			// "100 Continue"): the deadline may run from now, every write of the handler
			// moves it, and the buffered end of the response is written within it. One
			// deadline per request on the hot path (redirects), not two.
			g.extend()
			next.ServeHTTP(g, r)
			if time.Since(g.extended) > stall/2 {
				g.extend()
			}
			return
		}
		// No deadline while the handler works: only writes are bounded (a handler may
		// read a body for long, and net/http may answer "100 Continue" meanwhile). This
		// also clears the deadline the previous request on this keep-alive connection left.
		_ = g.rc.SetWriteDeadline(time.Time{})
		next.ServeHTTP(g, r)
		// net/http writes the buffered end of the response after the handler returns.
		g.extend()
	})
}

// stallGuard moves the connection's write deadline before every write and flush.
type stallGuard struct {
	http.ResponseWriter
	rc       http.ResponseController
	stall    time.Duration
	extended time.Time // when the deadline was last moved
}

func (g *stallGuard) extend() {
	g.extended = time.Now()
	_ = g.rc.SetWriteDeadline(g.extended.Add(g.stall)) // ErrNotSupported only in tests' recorders
}

func (g *stallGuard) Write(p []byte) (int, error) {
	g.extend()
	return g.ResponseWriter.Write(p)
}

// FlushError is the flush http.ResponseController (and so Echo's Response.Flush) calls.
func (g *stallGuard) FlushError() error {
	g.extend()
	return http.NewResponseController(g.ResponseWriter).Flush()
}

func (g *stallGuard) Flush() { _ = g.FlushError() }

// Unwrap lets http.ResponseController reach the connection (deadlines, hijacking).
func (g *stallGuard) Unwrap() http.ResponseWriter { return g.ResponseWriter }
