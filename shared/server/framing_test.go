package server

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
)

// scriptedConn is a connection whose reads return the pieces of a stream, then EOF.
type scriptedConn struct {
	net.Conn
	pieces []string
}

func (c *scriptedConn) Read(p []byte) (int, error) {
	if len(c.pieces) == 0 {
		return 0, io.EOF
	}
	n := copy(p, c.pieces[0])
	if c.pieces[0] = c.pieces[0][n:]; c.pieces[0] == "" {
		c.pieces = c.pieces[1:]
	}
	return n, nil
}

// framed returns what net/http reads through a framingConn from stream, delivered in
// pieces of size bytes and read in reads of readSize bytes.
func framed(t *testing.T, stream string, size, readSize int) string {
	t.Helper()
	var pieces []string
	for s := stream; s != ""; {
		n := min(size, len(s))
		pieces = append(pieces, s[:n])
		s = s[n:]
	}
	c := &framingConn{Conn: &scriptedConn{pieces: pieces}}
	var out strings.Builder
	buf := make([]byte, readSize)
	for {
		n, err := c.Read(buf)
		out.Write(buf[:n])
		if err == io.EOF {
			return out.String()
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// splits are the ways a stream arrives and is read: whole, byte by byte, odd sizes.
var splits = []struct{ piece, read int }{{1 << 20, 4096}, {1, 4096}, {3, 1}, {7, 5}, {4096, 1}}

// smuggled is a request that must never be read when it follows an ambiguous one.
const smuggled = "GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"

// TestFramingConnPassesWellFramedRequestsUnchanged: pipelined requests of every framing
// net/http accepts (none, Content-Length, chunked with extensions and trailers, HTTP/1.0,
// folded and bare-LF header lines), with bodies that look like requests, reach net/http
// byte for byte, however the stream is split.
func TestFramingConnPassesWellFramedRequestsUnchanged(t *testing.T) {
	lookalike := "POST /x HTTP/1.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n"
	streams := map[string]string{
		"no body": "GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n",
		"content-length body that looks like a request": "POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: " + strconv.Itoa(len(lookalike)) + "\r\n\r\n" + lookalike + smuggled,
		"chunked body that looks like a request": "POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" +
			"5;ext=1\r\nhello\r\n" + strconv.FormatInt(int64(len(lookalike)), 16) + "  \r\n" + lookalike + "\r\n0\r\n\r\n" + smuggled,
		"chunked with trailers":                          "POST /a HTTP/1.1\r\nTransfer-Encoding: Chunked\r\n\r\n3\r\nabc\r\n0\r\nX-Sum: 1\r\nX-More: 2\r\n\r\n" + smuggled,
		"HTTP/1.0 with a length":                         "POST /a HTTP/1.0\r\nConnection: keep-alive\r\nContent-Length: 4\r\n\r\nbody" + smuggled,
		"bare LF header lines":                           "POST /a HTTP/1.1\nHost: x\nContent-Length: 2\n\nok" + smuggled,
		"folded header":                                  "POST /a HTTP/1.1\r\nX-Long: a\r\n b\r\nContent-Length: 2\r\n\r\nok" + smuggled,
		"equal duplicate lengths":                        "POST /a HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\nok" + smuggled,
		"zero length":                                    "POST /a HTTP/1.1\r\ncontent-length: 0\r\n\r\n" + smuggled,
		"a client's own mark is passed on (and refused)": "GET /a HTTP/1.1\r\n" + framingHeader + ": length-and-chunked\r\n\r\n" + smuggled,
	}
	for name, stream := range streams {
		for _, s := range splits {
			if got := framed(t, stream, s.piece, s.read); got != stream {
				t.Errorf("%s (pieces of %d, reads of %d): net/http read\n%q\nwant\n%q", name, s.piece, s.read, got, stream)
			}
		}
	}
}

// TestFramingConnMarksAmbiguousRequestsAndEndsTheInput: a request with both
// Content-Length and Transfer-Encoding (any order, case, folding, values), or an HTTP/1.0
// request with Transfer-Encoding, reaches net/http marked, and nothing after its header
// does: the smuggled request behind it is never read. Framing net/http refuses (another
// Transfer-Encoding, a bad length or chunk) ends the input after it as well.
func TestFramingConnMarksAmbiguousRequestsAndEndsTheInput(t *testing.T) {
	tests := []struct {
		name, head, body, mark string
	}{
		{"length then chunked", "POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n", "0\r\n\r\n", "length-and-chunked"},
		{"chunked then length", "POST /a HTTP/1.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 40\r\n\r\n", "0\r\n\r\n", "length-and-chunked"},
		{"other cases", "POST /a HTTP/1.1\r\ntransfer-ENCODING: chunked\r\ncontent-length: 0\r\n\r\n", "0\r\n\r\n", "length-and-chunked"},
		{"folded encoding", "POST /a HTTP/1.1\r\nContent-Length: 1\r\nTransfer-Encoding:\r\n chunked\r\n\r\n", "0\r\n\r\n", "length-and-chunked"},
		{"unsupported encoding with a length", "POST /a HTTP/1.1\r\nContent-Length: 5\r\nTransfer-Encoding: gzip\r\n\r\n", "hello", "length-and-chunked"},
		{"bare LF", "POST /a HTTP/1.1\nContent-Length: 5\nTransfer-Encoding: chunked\n\n", "0\r\n\r\n", "length-and-chunked"},
		{"HTTP/1.0 with chunked", "POST /a HTTP/1.0\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n", "0\r\n\r\n", "http10-chunked"},
		{"unsupported encoding", "POST /a HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", "", ""},
		{"two encodings", "POST /a HTTP/1.1\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n", "", ""},
		{"differing lengths", "POST /a HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", "", ""},
		{"signed length", "POST /a HTTP/1.1\r\nContent-Length: +2\r\n\r\n", "", ""},
		{"bad chunk size", "POST /a HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", "5 ;x\r\n", ""},
		{"chunk line with a bare LF", "POST /a HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", "5\n", ""},
		{"chunk data without CRLF", "POST /a HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", "1\r\nab\n", ""},
		{"no request line", "\r\n", "", ""},
	}
	for _, tt := range tests {
		want := tt.head + tt.body
		if tt.mark != "" {
			line, rest, _ := strings.Cut(tt.head, "\n")
			want = line + "\n" + framingHeader + ": " + tt.mark + "\r\n" + rest
		}
		for _, s := range splits {
			if got := framed(t, tt.head+tt.body+smuggled, s.piece, s.read); got != want {
				t.Errorf("%s (pieces of %d, reads of %d): net/http read\n%q\nwant\n%q", tt.name, s.piece, s.read, got, want)
			}
		}
	}
}

// TestAmbiguousFramingIsRefusedAndTheConnectionClosed runs a real server: a request with
// both Content-Length and Transfer-Encoding is answered 400 with Connection: close, in
// the service's error format, and the request smuggled behind it is never served.
func TestAmbiguousFramingIsRefusedAndTheConnectionClosed(t *testing.T) {
	var smuggledServed, served atomic.Int32
	s := New(Config{Service: "t", ErrorHandler: func(err error, c echo.Context) {
		he, _ := err.(*echo.HTTPError)
		_ = c.JSON(he.Code, map[string]any{"error": 1, "message": he.Message})
	}})
	s.Echo.POST("/a", func(c echo.Context) error {
		served.Add(1)
		b, _ := io.ReadAll(c.Request().Body)
		return c.String(http.StatusOK, string(b))
	})
	s.Echo.GET("/smuggled", func(c echo.Context) error {
		smuggledServed.Add(1)
		return c.String(http.StatusOK, "smuggled")
	})
	r := start(t, s, ServeOptions{Grace: time.Second})

	for _, head := range []string{
		"POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 40\r\nTransfer-Encoding: chunked\r\n\r\n",
		"POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n",
		"POST /a HTTP/1.0\r\nHost: x\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n",
	} {
		conn, err := net.Dial("tcp", r.API)
		if err != nil {
			t.Fatal(err)
		}
		_ = conn.SetDeadline(time.Now().Add(5 * time.Second))
		if _, err := io.WriteString(conn, head+"0\r\n\r\n"+smuggled); err != nil {
			t.Fatal(err)
		}
		br := bufio.NewReader(conn)
		res, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("%q: %v", head, err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusBadRequest || !res.Close || !strings.Contains(string(body), "Transfer-Encoding") || !strings.Contains(string(body), `"error":1`) {
			t.Errorf("%q: %d close=%v %s, want 400 with Connection: close in the service's format", head, res.StatusCode, res.Close, body)
		}
		if rest, err := io.ReadAll(br); err != nil || len(rest) != 0 {
			t.Errorf("%q: after the 400 the connection gave %q, %v; want it closed without another answer", head, rest, err)
		}
		conn.Close()
	}
	// A well-framed chunked request on a kept-alive connection is served, and so is the
	// request after it.
	conn, err := net.Dial("tcp", r.API)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.WriteString(conn, "POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n"+smuggled); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(conn)
	for _, want := range []string{"ok", "smuggled"} {
		res, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("response %q: %v", want, err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || string(body) != want {
			t.Fatalf("got %d %q, want 200 %q", res.StatusCode, body, want)
		}
	}
	if smuggledServed.Load() != 1 || served.Load() != 1 {
		t.Errorf("served /a %d times and /smuggled %d times, want 1 and 1 (only the well-framed pair)", served.Load(), smuggledServed.Load())
	}
}
