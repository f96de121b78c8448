package testkit

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"
)

// Binary is a service's program as its tests run it: its run function (what main
// calls), the variables it needs besides the listeners, and how its API looks to the
// checks of CheckServe.
type Binary struct {
	Run func(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error
	// Env are the service's own variables (DATABASE_URL ...); CheckServe sets HTTP_ADDR,
	// METRICS_ADDR, SHUTDOWN_GRACE (2s), HTTP_READ_TIMEOUT (1s) and LOG_LEVEL.
	Env map[string]string
	// Name prefixes the service's metrics (name_http_requests_total).
	Name string
	// BodyPath is a route that reads a JSON body (POST).
	BodyPath string
	// MessageKey is the key of the error body's message: "message" or "detail".
	MessageKey string
}

// Serving is a service CheckServe started: its API address and its variables.
type Serving struct {
	Ctx context.Context
	API string
	Env map[string]string
}

// FreeAddr returns a loopback address no one listens on right now.
func FreeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// CheckServe runs `<service> serve` as deployed and asserts what every service promises
// of it: the API on HTTP_ADDR without /metrics, Prometheus on METRICS_ADDR; a body
// trickled byte by byte cut at HTTP_READ_TIMEOUT; Content-Length with Transfer-Encoding
// refused (400, in the API's error format) without running the smuggled request;
// oversized headers 431; and both listeners closed once the context ends. more, when not
// nil, runs the service's own checks while it serves.
func CheckServe(t *testing.T, b Binary, more func(t *testing.T, s Serving)) {
	api, metrics := FreeAddr(t), FreeAddr(t)
	env := map[string]string{
		"HTTP_ADDR":         api,
		"METRICS_ADDR":      metrics,
		"SHUTDOWN_GRACE":    "2s",
		"HTTP_READ_TIMEOUT": "1s",
		"LOG_LEVEL":         "error",
	}
	for k, v := range b.Env {
		env[k] = v
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	served := make(chan error, 1)
	go func() {
		served <- b.Run(ctx, []string{"serve"}, func(k string) string { return env[k] }, io.Discard, io.Discard)
	}()

	get := func(url string) (int, string) {
		res, err := http.Get(url)
		if err != nil {
			return 0, err.Error()
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if code, _ := get("http://" + api + "/healthz"); code == http.StatusOK {
			break
		}
		select {
		case err := <-served:
			t.Fatalf("serve stopped: %v", err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("the API never answered /healthz")
		}
	}
	if code, body := get("http://" + api + "/metrics"); code != http.StatusNotFound || strings.Contains(body, "go_goroutines") {
		t.Errorf("API port /metrics: %d, want 404 without metrics", code)
	}
	code, body := get("http://" + metrics + "/metrics")
	if want := b.Name + `_http_requests_total{method="GET",route="/healthz",status="200"}`; code != http.StatusOK || !strings.Contains(body, want) {
		t.Errorf("metrics port /metrics: %d, want 200 with %s", code, want)
	}

	t.Run("a body trickled byte by byte is cut at HTTP_READ_TIMEOUT", func(t *testing.T) {
		CheckTrickleCut(t, api, "POST "+b.BodyPath+" HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{", " ")
	})
	t.Run("Content-Length with Transfer-Encoding is 400 and closes the connection", func(t *testing.T) {
		// RFC 9112 6.1: a proxy in front may frame it by Content-Length, net/http by the
		// chunked body; the bytes one reads as a body must not run as a second request.
		for _, head := range []string{
			"POST PATH HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 48\r\nTransfer-Encoding: chunked\r\n\r\n",
			"POST PATH HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n",
		} {
			conn, err := net.Dial("tcp", api)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			_ = conn.SetDeadline(time.Now().Add(5 * time.Second))
			smuggled := "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
			if _, err := io.WriteString(conn, strings.Replace(head, "PATH", b.BodyPath, 1)+"0\r\n\r\n"+smuggled); err != nil {
				t.Fatal(err)
			}
			br := bufio.NewReader(conn)
			res, err := http.ReadResponse(br, nil)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusBadRequest || !res.Close || !strings.Contains(string(body), `"`+b.MessageKey+`":"a request may not carry both Content-Length and Transfer-Encoding"`) {
				t.Errorf("%q: %d, Connection: close %v, %s; want 400, closed, in the API's error format", head, res.StatusCode, res.Close, body)
			}
			if rest, err := io.ReadAll(br); err != nil || len(rest) != 0 {
				t.Errorf("%q: the smuggled request was answered: %q (%v)", head, rest, err)
			}
		}
	})
	t.Run("oversized headers are 431", func(t *testing.T) {
		conn, err := net.Dial("tcp", api)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		go func() {
			_, _ = io.WriteString(conn, "GET /healthz HTTP/1.1\r\nHost: x\r\nUser-Agent: "+strings.Repeat("a", 1<<20)+"\r\n\r\n")
		}()
		_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil || res.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
			t.Fatalf("1 MiB User-Agent: %v %v, want 431", res, err)
		}
	})
	if more != nil {
		more(t, Serving{Ctx: ctx, API: api, Env: env})
	}

	cancel()
	select {
	case err := <-served:
		if err != nil {
			t.Fatalf("serve returned %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
	for _, addr := range []string{api, metrics} {
		if conn, err := net.Dial("tcp", addr); err == nil {
			conn.Close()
			t.Errorf("%s still accepts connections after shutdown", addr)
		}
	}
}

// CheckTrickleCut sends head to addr, then one more byte every 200 ms, and fails unless
// the server closes the connection about 1 s in (HTTP_READ_TIMEOUT=1s, as CheckServe
// sets it): a client trickling its request cannot hold a connection.
func CheckTrickleCut(t *testing.T, addr, head, oneByte string) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	began := time.Now()
	if _, err := io.WriteString(conn, head); err != nil {
		t.Fatal(err)
	}
	go func() {
		for range 40 {
			time.Sleep(200 * time.Millisecond)
			if _, err := io.WriteString(conn, oneByte); err != nil {
				return
			}
		}
	}()
	_ = conn.SetReadDeadline(time.Now().Add(6 * time.Second))
	_, err = io.Copy(io.Discard, conn) // the answer, then the server's close
	if took := time.Since(began); errors.Is(err, os.ErrDeadlineExceeded) || took > 2500*time.Millisecond {
		t.Fatalf("connection open for %v (%v), want it closed about 1 s in", took, err)
	}
}
