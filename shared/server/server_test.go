package server

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
)

func newTestServer(t *testing.T, logs io.Writer, checks map[string]func(context.Context) error) *Server {
	t.Helper()
	logger, err := NewLogger(logs, "info", "test")
	if err != nil {
		t.Fatal(err)
	}
	s := New(Config{Service: "test", Logger: logger, MaxBodyBytes: 16, Checks: checks})
	s.Echo.GET("/panic", func(echo.Context) error { panic("secret internal detail") })
	s.Echo.POST("/echo", func(c echo.Context) error {
		b, err := io.ReadAll(c.Request().Body)
		if err != nil {
			return err
		}
		return c.Blob(http.StatusOK, "text/plain", b)
	})
	s.Echo.GET("/items/:id", func(c echo.Context) error { return c.String(http.StatusOK, c.Param("id")) })
	return s
}

func serve(s *Server, method, path string, body io.Reader, header http.Header) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(method, path, body)
	for k, v := range header {
		req.Header[k] = v
	}
	s.Echo.ServeHTTP(rec, req)
	return rec
}

func TestPanicIs500WithoutStack(t *testing.T) {
	var logs bytes.Buffer
	s := newTestServer(t, &logs, nil)
	rec := serve(s, http.MethodGet, "/panic", nil, nil)
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("status = %d, want 500", rec.Code)
	}
	if strings.Contains(rec.Body.String(), "secret internal detail") || strings.Contains(rec.Body.String(), "goroutine") {
		t.Fatalf("response leaks the panic: %s", rec.Body)
	}
	if !strings.Contains(logs.String(), "secret internal detail") {
		t.Fatalf("panic not logged: %s", logs.String())
	}
}

func TestBodyLimit(t *testing.T) {
	s := newTestServer(t, io.Discard, nil)
	if rec := serve(s, http.MethodPost, "/echo", strings.NewReader("small"), nil); rec.Code != http.StatusOK {
		t.Fatalf("small body: status %d", rec.Code)
	}
	if rec := serve(s, http.MethodPost, "/echo", strings.NewReader(strings.Repeat("x", 17)), nil); rec.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("17-byte body with a 16-byte limit: status %d, want 413", rec.Code)
	}
	// Without Content-Length (chunked), the limit is enforced while reading.
	req := httptest.NewRequest(http.MethodPost, "/echo", io.MultiReader(strings.NewReader(strings.Repeat("y", 40))))
	req.ContentLength = -1
	rec := httptest.NewRecorder()
	s.Echo.ServeHTTP(rec, req)
	if rec.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("chunked 40-byte body: status %d, want 413", rec.Code)
	}
}

func TestRequestID(t *testing.T) {
	var logs bytes.Buffer
	s := newTestServer(t, &logs, nil)
	tests := []struct {
		name, sent string
		keep       bool
	}{
		{"honoured", "req-42.a_b", true},
		{"generated when absent", "", false},
		{"replaced when unsafe", "bad id\nwith newline", false},
		{"replaced when too long", strings.Repeat("a", 200), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := http.Header{}
			if tt.sent != "" {
				h.Set("X-Request-ID", tt.sent)
			}
			got := serve(s, http.MethodGet, "/healthz", nil, h).Header().Get("X-Request-ID")
			if tt.keep && got != tt.sent {
				t.Fatalf("X-Request-ID = %q, want %q", got, tt.sent)
			}
			if !tt.keep && (got == "" || got == tt.sent) {
				t.Fatalf("X-Request-ID = %q, want a fresh id", got)
			}
			if !strings.Contains(logs.String(), `"request_id":"`+got+`"`) {
				t.Fatalf("log line lacks request id %q: %s", got, logs.String())
			}
		})
	}
}

func TestMetricsLabelRoutesNotPaths(t *testing.T) {
	s := newTestServer(t, io.Discard, nil)
	serve(s, http.MethodGet, "/items/1", nil, nil)
	serve(s, http.MethodGet, "/items/2", nil, nil)
	serve(s, http.MethodGet, "/no/such/path", nil, nil)
	body := scrape(t, s)
	for _, want := range []string{
		`test_http_requests_total{method="GET",route="/items/:id",status="200"} 2`,
		`test_http_requests_total{method="GET",route="unmatched",status="404"} 1`,
		`test_http_request_duration_seconds_bucket{method="GET",route="/items/:id",status="200",le="0.005"}`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}

func TestReadiness(t *testing.T) {
	healthy := true
	s := newTestServer(t, io.Discard, map[string]func(context.Context) error{
		"db": func(context.Context) error {
			if healthy {
				return nil
			}
			return errors.New("down")
		},
	})
	if rec := serve(s, http.MethodGet, "/readyz", nil, nil); rec.Code != http.StatusOK {
		t.Fatalf("healthy: %d", rec.Code)
	}
	healthy = false
	rec := serve(s, http.MethodGet, "/readyz", nil, nil)
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), `"db":"unavailable"`) {
		t.Fatalf("unhealthy: %d %s", rec.Code, rec.Body)
	}
	if rec := serve(s, http.MethodGet, "/healthz", nil, nil); rec.Code != http.StatusOK {
		t.Fatalf("healthz must not depend on checks: %d", rec.Code)
	}
}

// TestGracefulShutdown checks that cancelling the context lets an in-flight request
// finish before Serve returns.
func TestGracefulShutdown(t *testing.T) {
	s := newTestServer(t, io.Discard, nil)
	started, release := make(chan struct{}), make(chan struct{})
	s.Echo.GET("/slow", func(c echo.Context) error {
		close(started)
		<-release // until the shutdown is under way
		return c.String(http.StatusOK, "done")
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.ServeListeners(ctx, ln, nil, ServeOptions{Grace: 5 * time.Second}) }()

	result := make(chan string, 1)
	go func() {
		res, err := http.Get("http://" + ln.Addr().String() + "/slow")
		if err != nil {
			result <- err.Error()
			return
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		result <- string(b)
	}()
	<-started
	cancel()
	// The shutdown is under way once the listener refuses new connections; Serve must
	// still be waiting for the request in flight.
	for deadline := time.Now().Add(5 * time.Second); ; {
		conn, err := net.DialTimeout("tcp", ln.Addr().String(), time.Second)
		if err != nil {
			break
		}
		conn.Close()
		if time.Now().After(deadline) {
			t.Fatal("the listener still accepts connections 5 s after the cancel")
		}
		runtime.Gosched()
	}
	select {
	case err := <-served:
		t.Fatalf("Serve returned (%v) with a request in flight", err)
	default:
	}
	close(release)
	if got := <-result; got != "done" {
		t.Fatalf("in-flight request got %q, want done", got)
	}
	if err := <-served; err != nil {
		t.Fatalf("Serve returned %v", err)
	}
}
