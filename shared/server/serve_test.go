package server

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
)

// running is a Server serving on loopback port-0 listeners.
type running struct {
	API, Metrics string // host:port
	stop         func() error
}

// start serves s until the test ends (or r.stop is called) and returns its addresses.
func start(t *testing.T, s *Server, opts ServeOptions) *running {
	t.Helper()
	api, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	metrics, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.ServeListeners(ctx, api, metrics, opts) }()
	var result error
	var once atomic.Bool
	r := &running{API: api.Addr().String(), Metrics: metrics.Addr().String(), stop: func() error {
		if once.CompareAndSwap(false, true) {
			cancel()
			result = <-served
		}
		return result
	}}
	t.Cleanup(func() { _ = r.stop() })
	return r
}

// scrape returns the metrics text of s.
func scrape(t *testing.T, s *Server) string {
	t.Helper()
	rec := httptest.NewRecorder()
	s.MetricsHandler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /metrics: %d", rec.Code)
	}
	return rec.Body.String()
}

// seriesOf counts the series of a metric family in a scrape.
func seriesOf(scrape, family string) int {
	n := 0
	for _, line := range strings.Split(scrape, "\n") {
		if strings.HasPrefix(line, family+"{") {
			n++
		}
	}
	return n
}

// rawRequest writes a request on a fresh connection and returns the parsed response and
// how long it took to come. The connection is returned for further checks.
func rawRequest(t *testing.T, addr, head string) (*http.Response, net.Conn) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	go func() { _, _ = io.WriteString(conn, head) }() // may block: the server stops reading
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("reading the response: %v", err)
	}
	return res, conn
}

// TestMetricsLabelsStayBounded sends invented methods and paths, as an attacker would,
// and checks that the number of series does not grow with them.
func TestMetricsLabelsStayBounded(t *testing.T) {
	s := newTestServer(t, io.Discard, nil)
	srv := start(t, s, ServeOptions{Grace: time.Second})
	client := &http.Client{}
	send := func(round, n int) {
		for i := range n {
			method := fmt.Sprintf("M%dX%d", round, i)
			path := fmt.Sprintf("/no/such/%d/%d", round, i)
			if i%3 == 0 {
				path = fmt.Sprintf("/items/%d-%d", round, i) // a real route, invented method
			}
			if i%5 == 0 {
				method = http.MethodGet // a real method, invented path
			}
			req, err := http.NewRequest(method, "http://"+srv.API+path, nil)
			if err != nil {
				t.Fatal(err)
			}
			res, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
	}
	families := []string{"test_http_requests_total", "test_http_request_duration_seconds_bucket"}
	send(1, 300)
	first := scrape(t, s)
	send(2, 1500)
	second := scrape(t, s)
	for _, family := range families {
		if a, b := seriesOf(first, family), seriesOf(second, family); a == 0 || a != b {
			t.Errorf("%s: %d series after 300 invented requests, %d after 1,500 more; want the same", family, a, b)
		}
	}
	for _, want := range []string{
		`test_http_requests_total{method="OTHER",route="/items/:id",status="405"}`,
		`test_http_requests_total{method="OTHER",route="unmatched",status="404"}`,
		`test_http_requests_total{method="GET",route="unmatched",status="404"}`,
	} {
		if !strings.Contains(second, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	if strings.Contains(second, "M2X") || strings.Contains(second, "/no/such") {
		t.Error("a client-chosen method or path became a label value")
	}
}

func TestMethodLabel(t *testing.T) {
	for _, m := range []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "CONNECT", "TRACE"} {
		if got := methodLabel(m); got != m {
			t.Errorf("methodLabel(%q) = %q", m, got)
		}
	}
	for _, m := range []string{"get", "PROPFIND", "BREW", strings.Repeat("X", 10000), ""} {
		if got := methodLabel(m); got != "OTHER" {
			t.Errorf("methodLabel(%.10q) = %q, want OTHER", m, got)
		}
	}
}

// TestMetricsOnlyOnMetricsListener: the public port does not serve /metrics, the metrics
// port serves nothing else.
func TestMetricsOnlyOnMetricsListener(t *testing.T) {
	s := newTestServer(t, io.Discard, nil)
	srv := start(t, s, ServeOptions{Grace: time.Second})
	get := func(url string) (int, string) {
		t.Helper()
		res, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	if code, _ := get("http://" + srv.API + "/healthz"); code != http.StatusOK {
		t.Fatalf("API /healthz: %d", code)
	}
	if code, body := get("http://" + srv.API + "/metrics"); code != http.StatusNotFound || strings.Contains(body, "go_goroutines") {
		t.Fatalf("API /metrics: %d, want 404 without metrics", code)
	}
	code, body := get("http://" + srv.Metrics + "/metrics")
	if code != http.StatusOK || !strings.Contains(body, `test_http_requests_total{method="GET",route="/healthz",status="200"} 1`) || !strings.Contains(body, "go_goroutines") {
		t.Fatalf("metrics listener /metrics: %d\n%s", code, body)
	}
	for _, p := range []string{"/healthz", "/", "/metrics/x"} {
		if code, _ := get("http://" + srv.Metrics + p); code != http.StatusNotFound {
			t.Errorf("metrics listener %s: %d, want 404", p, code)
		}
	}
}

func TestServeFailsWhenTheMetricsAddressIsTaken(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	s := newTestServer(t, io.Discard, nil)
	err = s.Serve(context.Background(), ServeOptions{Addr: "127.0.0.1:0", MetricsAddr: taken.Addr().String(), Grace: time.Second})
	if err == nil || !strings.Contains(err.Error(), "metrics") {
		t.Fatalf("Serve = %v, want a metrics listen error", err)
	}
}

// TestSlowBodyIsCut sends a body one byte at a time, never finishing: the request is
// answered 408 at the read deadline however the handler treats the failed read.
func TestSlowBodyIsCut(t *testing.T) {
	const readTimeout = time.Second
	s := newTestServer(t, io.Discard, nil)
	s.Echo.POST("/own-error", func(c echo.Context) error {
		if _, err := io.ReadAll(c.Request().Body); err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, "could not read the body")
		}
		return c.NoContent(http.StatusNoContent)
	})
	srv := start(t, s, ServeOptions{Grace: time.Second, ReadTimeout: readTimeout})
	for _, path := range []string{"/echo", "/own-error"} {
		t.Run(path, func(t *testing.T) {
			conn, err := net.Dial("tcp", srv.API)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			began := time.Now()
			if _, err := fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: x\r\nContent-Length: 15\r\n\r\n", path); err != nil {
				t.Fatal(err)
			}
			go func() {
				for range 14 { // one byte short, one byte every 250 ms
					if _, err := conn.Write([]byte("a")); err != nil {
						return
					}
					time.Sleep(250 * time.Millisecond)
				}
			}()
			_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
			br := bufio.NewReader(conn)
			res, err := http.ReadResponse(br, nil)
			if err != nil {
				t.Fatalf("no response: %v", err)
			}
			_, _ = io.ReadAll(res.Body)
			took := time.Since(began)
			if res.StatusCode != http.StatusRequestTimeout {
				t.Fatalf("status %d, want 408", res.StatusCode)
			}
			if took < readTimeout-100*time.Millisecond || took > readTimeout+time.Second {
				t.Fatalf("answered after %v, want about %v", took, readTimeout)
			}
			// EOF, or a reset when the server closed on the bytes still trickling in.
			if rest, err := io.ReadAll(br); errors.Is(err, os.ErrDeadlineExceeded) || len(rest) > 0 {
				t.Fatalf("connection still open after the 408: %q %v", rest, err)
			}
		})
	}
}

// TestOversizedHeadersAre431 sends large User-Agents: past MaxHeaderBytes, net/http
// answers 431 and no handler runs.
func TestOversizedHeadersAre431(t *testing.T) {
	s := newTestServer(t, io.Discard, nil)
	var handled atomic.Int64
	s.Echo.GET("/ua", func(c echo.Context) error {
		handled.Add(1)
		return c.String(http.StatusOK, fmt.Sprint(len(c.Request().UserAgent())))
	})
	srv := start(t, s, ServeOptions{Grace: time.Second})
	tests := []struct {
		name       string
		size       int
		wantStatus int
	}{
		{"16 KiB", 16 << 10, http.StatusOK},
		{"just under the cap", MaxHeaderBytes - 200, http.StatusOK},
		{"just over the cap", MaxHeaderBytes + 10, http.StatusRequestHeaderFieldsTooLarge},
		{"64 KiB", 64 << 10, http.StatusRequestHeaderFieldsTooLarge},
		{"1 MiB", 1 << 20, http.StatusRequestHeaderFieldsTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := handled.Load()
			res, _ := rawRequest(t, srv.API, "GET /ua HTTP/1.1\r\nHost: x\r\nUser-Agent: "+strings.Repeat("a", tt.size)+"\r\n\r\n")
			res.Body.Close()
			if res.StatusCode != tt.wantStatus {
				t.Fatalf("status %d, want %d", res.StatusCode, tt.wantStatus)
			}
			if ran := handled.Load() > before; ran != (tt.wantStatus == http.StatusOK) {
				t.Fatalf("handler ran: %t", ran)
			}
		})
	}
}

// TestWriteStalls: a client that stops reading loses the connection after the stall
// timeout, while a long stream read steadily is never cut.
func TestWriteStalls(t *testing.T) {
	const stall = 500 * time.Millisecond
	s := newTestServer(t, io.Discard, nil)
	writeErr := make(chan error, 1)
	s.Echo.GET("/flood", func(c echo.Context) error {
		chunk := make([]byte, 32<<10)
		for range 2048 { // 64 MiB, far beyond the socket buffers
			if _, err := c.Response().Write(chunk); err != nil {
				writeErr <- err
				return err
			}
		}
		writeErr <- nil
		return nil
	})
	s.Echo.Match([]string{http.MethodGet, http.MethodPost}, "/stream", func(c echo.Context) error {
		var query struct{ Q string }
		if err := c.Bind(&query); err != nil { // a POST export reads its JSON body first
			return err
		}
		c.Response().Header().Set(echo.HeaderContentType, "text/plain")
		for i := range 40 { // 2 s: four times the stall timeout and twice the read timeout
			time.Sleep(50 * time.Millisecond)
			fmt.Fprintf(c.Response(), "row %d\n", i)
			c.Response().Flush()
		}
		return nil
	})
	s.Echo.GET("/slow-redirect", func(c echo.Context) error {
		time.Sleep(3 * stall) // longer than the stall time, before anything is written
		return c.Redirect(http.StatusFound, "https://example.org/")
	})
	srv := start(t, s, ServeOptions{Grace: time.Second, ReadTimeout: time.Second, WriteStallTimeout: stall})

	t.Run("an answer written after the stall time, without a body, still arrives", func(t *testing.T) {
		client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		for range 2 { // the second on the same keep-alive connection
			res, err := client.Get("http://" + srv.API + "/slow-redirect")
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != http.StatusFound {
				t.Fatalf("status %d, want 302", res.StatusCode)
			}
		}
	})
	t.Run("a client that stops reading is cut", func(t *testing.T) {
		conn, err := net.Dial("tcp", srv.API)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		if tcp, ok := conn.(*net.TCPConn); ok {
			_ = tcp.SetReadBuffer(4096)
		}
		if _, err := io.WriteString(conn, "GET /flood HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
			t.Fatal(err)
		}
		select {
		case err := <-writeErr:
			if err == nil {
				t.Fatal("64 MiB written to a client that reads nothing")
			}
		case <-time.After(10 * time.Second):
			t.Fatal("the handler is still blocked writing to a client that reads nothing")
		}
	})
	for _, method := range []string{http.MethodGet, http.MethodPost} {
		t.Run("a long stream read steadily completes: "+method, func(t *testing.T) {
			req, _ := http.NewRequest(method, "http://"+srv.API+"/stream", strings.NewReader(`{"q":"all"}`))
			req.Header.Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			body, err := io.ReadAll(res.Body)
			if err != nil || !strings.HasSuffix(string(body), "row 39\n") {
				t.Fatalf("stream cut: %v, %d bytes", err, len(body))
			}
		})
	}
}

// TestShutdownWithinGraceDespiteSlowClients: a client dribbling a body must not hold the
// process past the grace period, nor keep its connection afterwards.
func TestShutdownWithinGraceDespiteSlowClients(t *testing.T) {
	const grace = time.Second
	s := newTestServer(t, io.Discard, nil)
	reading := make(chan struct{})
	s.Echo.POST("/dribble", func(c echo.Context) error {
		close(reading)
		_, err := io.ReadAll(c.Request().Body)
		return err
	})
	srv := start(t, s, ServeOptions{Grace: grace, ReadTimeout: time.Minute})
	conn, err := net.Dial("tcp", srv.API)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, "POST /dribble HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\na"); err != nil {
		t.Fatal(err)
	}
	select { // the request is in the handler, reading its body
	case <-reading:
	case <-time.After(10 * time.Second):
		t.Fatal("the request never reached its handler")
	}

	began := time.Now()
	err = srv.stop()
	if took := time.Since(began); took > grace+500*time.Millisecond {
		t.Fatalf("shutdown took %v with grace %v", took, grace)
	}
	if err == nil || !strings.Contains(err.Error(), "still open") {
		t.Fatalf("Serve = %v, want the grace overrun reported", err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(2 * time.Second))
	if _, err := conn.Read(make([]byte, 512)); err == nil || errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("slow client's connection still open after shutdown: %v", err)
	}
}
