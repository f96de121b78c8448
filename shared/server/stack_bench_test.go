package server

import (
	"io"
	"log/slog"
	"net/http"
	"syscall"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
)

// discardWriter is a ResponseWriter that keeps nothing but the header map, reset per
// request, so a benchmark measures the handler stack and not a recorder.
type discardWriter struct {
	h    http.Header
	code int
}

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (w *discardWriter) WriteHeader(code int)        { w.code = code }

func redirect302(c echo.Context) error {
	return c.Redirect(http.StatusFound, "https://example.org/bench")
}

// BenchmarkStack: the same 302 handler served by a bare Echo and by the platform's
// stack (request id, metrics, recovery, body limit), on a route that skips logging.
func BenchmarkStack(b *testing.B) {
	bare := echo.New()
	bare.GET("/:alias", redirect302)
	s := New(Config{Service: "bench", Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		QuietRoutes: []string{"/:alias"}})
	s.Echo.GET("/:alias", redirect302)
	for _, tt := range []struct {
		name string
		h    http.Handler
	}{{"bare-echo", bare}, {"stack", s.Echo}} {
		b.Run(tt.name, func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b)()
			b.RunParallel(func(pb *testing.PB) {
				req, _ := http.NewRequest(http.MethodGet, "http://short.test/bench", nil)
				req.Body = http.NoBody
				w := &discardWriter{h: http.Header{}}
				for pb.Next() {
					clear(w.h)
					tt.h.ServeHTTP(w, req)
					if w.code != http.StatusFound {
						b.Fatalf("status %d", w.code)
					}
				}
			})
		})
	}
}

// reportCPU adds cpu-ns/op: the process's CPU time (user and system, every thread, the
// garbage collector's included) per operation. Unlike ns/op it does not grow when other
// processes take the machine's cores. Use: defer reportCPU(b)().
func reportCPU(b *testing.B) func() {
	before := cpuTime()
	return func() { b.ReportMetric(float64((cpuTime()-before).Nanoseconds())/float64(b.N), "cpu-ns/op") }
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
