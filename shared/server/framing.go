package server

import (
	"bytes"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
)

// Request smuggling (RFC 9112 6.1, 11.2). A request with both Content-Length and
// Transfer-Encoding is framed one way by net/http (the chunked body; it deletes the
// Content-Length header before any handler runs) and may be framed the other way by a
// proxy in front of the service: the bytes one of them reads as a body, the other runs as
// a second request. HTTP/1.0 with Transfer-Encoding is the same ambiguity (net/http
// ignores Transfer-Encoding there). The RFC asks to refuse or close; handlers cannot
// tell, so the API listener's connections are watched where the raw header is still
// visible: framingConn follows the framing of every request on the connection (header
// block, Content-Length or chunked body), and on an ambiguous request it marks the header
// (framingHeader) and ends the connection's input after it, so nothing that follows is
// ever read as a request. The front middleware answers a marked request 400 with
// Connection: close.

// framingHeader marks a request whose framing is ambiguous; its value is the reason. A
// client sending it itself only gets its own request refused.
const framingHeader = "X-Ambiguous-Framing"

// framingReasons are the answers to a marked request, by the marker's value.
var framingReasons = map[string]string{
	"length-and-chunked": "a request may not carry both Content-Length and Transfer-Encoding",
	"http10-chunked":     "an HTTP/1.0 request may not carry Transfer-Encoding",
}

// ambiguousFraming is the front middleware's answer to a request framingConn marked: a
// 400, with the connection closed after it (its input has already ended); nil for every
// other request.
func ambiguousFraming(c echo.Context) error {
	marks, ok := c.Request().Header[framingHeader]
	if !ok {
		return nil
	}
	reason, known := framingReasons[marks[0]]
	if !known {
		reason = "ambiguous request framing"
	}
	c.Response().Header().Set("Connection", "close")
	return echo.NewHTTPError(http.StatusBadRequest, reason)
}

// framingListener wraps every accepted connection in a framingConn.
type framingListener struct{ net.Listener }

func (l framingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &framingConn{Conn: c}, nil
}

// States of framingConn: where in a request the next byte read belongs.
type framingState uint8

const (
	inHeader    framingState = iota // request line and header fields, up to the empty line
	inBody                          // remain bytes of a Content-Length body
	inChunkSize                     // a chunk-size line (with extensions)
	inChunkData                     // remain bytes of a chunk
	inChunkEnd                      // the CRLF after a chunk's data
	inTrailer                       // trailer fields after the last chunk, up to the empty line
	ended                           // nothing more is passed on: the input has ended
)

const (
	// maxFramingHeader bounds a held header block: beyond it net/http has already
	// refused the request (431 past MaxHeaderBytes), so it is passed on and the input ends.
	maxFramingHeader = MaxHeaderBytes + 1024
	// maxChunkLine and maxTrailer are net/http's own bounds of a chunk-size line and of
	// trailers (its read buffer).
	maxChunkLine = 4096
	maxTrailer   = 4096
)

// framingConn follows the framing of the requests read from a connection and passes
// their bytes on unchanged, except for an ambiguous request: its header is marked and
// the input ends after it. A header block is held until complete (net/http acts on
// nothing before that either); bodies pass through as they come. Whatever it cannot
// follow (a malformed size, an unsupported Transfer-Encoding) net/http refuses too: the
// input ends after it, so the connection cannot go on out of step.
type framingConn struct {
	net.Conn
	state  framingState
	remain int64  // of the body or chunk being passed
	excess int64  // chunked overhead beyond what net/http tolerates
	line   []byte // header block or chunk line or trailers being read
	out    []byte // framed bytes not yet handed to the reader
	rbuf   [4096]byte
}

func (c *framingConn) Read(p []byte) (int, error) {
	for len(c.out) == 0 {
		if c.state == ended {
			return 0, io.EOF
		}
		n, err := c.Conn.Read(c.rbuf[:])
		c.feed(c.rbuf[:n])
		if err != nil {
			if len(c.out) > 0 {
				break // hand on what there is; the error comes again on the next read
			}
			if errors.Is(err, io.EOF) && len(c.line) > 0 {
				// A header cut short: net/http refuses what there is.
				c.out, c.line, c.state = c.line, nil, ended
				break
			}
			return 0, err
		}
	}
	n := copy(p, c.out)
	c.out = c.out[n:]
	if len(c.out) == 0 {
		c.out = nil
	}
	return n, nil
}

// CloseWrite lets net/http half-close the connection before closing it after an error
// answer, so the answer reaches the client before a reset.
func (c *framingConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// feed frames data, appending what may be handed on to c.out.
func (c *framingConn) feed(data []byte) {
	for len(data) > 0 {
		switch c.state {
		case ended:
			return
		case inBody, inChunkData:
			n := int(min(c.remain, int64(len(data))))
			c.out = append(c.out, data[:n]...)
			data = data[n:]
			if c.remain -= int64(n); c.remain == 0 {
				if c.state == inBody {
					c.state = inHeader
				} else {
					c.state = inChunkEnd
				}
			}
		case inChunkEnd:
			// net/http requires exactly CRLF after a chunk's data.
			c.line = append(c.line, data[0])
			c.out = append(c.out, data[0])
			data = data[1:]
			if len(c.line) == 2 {
				if string(c.line) != "\r\n" {
					c.state = ended
				} else {
					c.state = inChunkSize
				}
				c.line = c.line[:0]
			}
		default: // inHeader, inChunkSize, inTrailer: lines
			i := bytes.IndexByte(data, '\n')
			if i < 0 {
				c.takeLine(data, false)
				return
			}
			c.takeLine(data[:i+1], true)
			data = data[i+1:]
		}
	}
}

// takeLine adds part of a line (complete: up to its '\n') in a line-oriented state.
func (c *framingConn) takeLine(part []byte, complete bool) {
	switch c.state {
	case inHeader:
		c.line = append(c.line, part...)
		if len(c.line) > maxFramingHeader {
			c.out, c.line, c.state = append(c.out, c.line...), nil, ended
			return
		}
		if complete && isEmptyLine(lastLine(c.line)) {
			c.endHeader()
		}
	case inChunkSize:
		c.line = append(c.line, part...)
		c.out = append(c.out, part...)
		if len(c.line) > maxChunkLine+2 {
			c.state = ended
			return
		}
		if complete {
			size, ok := chunkSize(c.line)
			// net/http's bound on what is not data: 16 bytes per chunk and twice its size.
			c.excess = max(c.excess+int64(len(c.line))-16-2*size, 0)
			c.line = c.line[:0]
			switch {
			case !ok || c.excess > 16*1024:
				c.state = ended
			case size == 0:
				c.state = inTrailer
			default:
				c.state, c.remain = inChunkData, size
			}
		}
	case inTrailer:
		c.line = append(c.line, part...)
		c.out = append(c.out, part...)
		if len(c.line) > maxTrailer {
			c.state = ended
			return
		}
		if complete && isEmptyLine(lastLine(c.line)) {
			// net/http takes a lone CRLF, or fields ended by a double CRLF.
			if string(c.line) != "\r\n" && !bytes.Contains(c.line, []byte("\r\n\r\n")) {
				c.state = ended
			} else {
				c.state, c.line, c.excess = inHeader, c.line[:0], 0
			}
		}
	}
}

// endHeader frames the request whose header block c.line holds, and passes it on.
func (c *framingConn) endHeader() {
	block := c.line
	c.line = nil
	lines := splitLines(block)
	requestLine := lines[0]
	if isEmptyLine(requestLine) || len(lines) < 2 {
		// net/http refuses a request that does not start with its request line.
		c.out, c.state = append(c.out, block...), ended
		return
	}
	http11 := true
	if f := strings.Fields(string(requestLine)); len(f) == 3 {
		if major, minor, ok := http.ParseHTTPVersion(f[2]); ok && (major < 1 || major == 1 && minor == 0) {
			http11 = false
		}
	}
	var lengths, encodings []string
	var field *[]string // the field a continuation line continues
	for _, l := range lines[1 : len(lines)-1] {
		text := strings.TrimRight(string(l), "\r\n")
		if text != "" && (text[0] == ' ' || text[0] == '\t') {
			if field != nil { // obs-fold: net/http joins the lines with a space
				(*field)[len(*field)-1] = strings.TrimSpace((*field)[len(*field)-1] + " " + strings.TrimSpace(text))
			}
			continue
		}
		name, value, _ := strings.Cut(text, ":")
		field = nil
		switch {
		case strings.EqualFold(strings.TrimSpace(name), "Content-Length"):
			field = &lengths
		case strings.EqualFold(strings.TrimSpace(name), "Transfer-Encoding"):
			field = &encodings
		default:
			continue
		}
		*field = append(*field, strings.TrimSpace(value))
	}

	var mark string
	switch {
	case len(encodings) > 0 && len(lengths) > 0:
		mark = "length-and-chunked"
	case len(encodings) > 0 && !http11:
		mark = "http10-chunked"
	}
	if mark != "" {
		// The request line, the mark, the rest of the header; then the input ends.
		c.out = append(c.out, requestLine...)
		c.out = append(c.out, framingHeader+": "+mark+"\r\n"...)
		c.out = append(c.out, block[len(requestLine):]...)
		c.state = ended
		return
	}
	c.out = append(c.out, block...)
	switch {
	case len(encodings) > 0:
		// net/http takes one Transfer-Encoding field, "chunked", and answers 501 to the rest.
		if len(encodings) != 1 || !strings.EqualFold(encodings[0], "chunked") {
			c.state = ended
			return
		}
		c.state = inChunkSize
	case len(lengths) > 0:
		n, err := strconv.ParseInt(lengths[0], 10, 64)
		for _, l := range lengths[1:] {
			if l != lengths[0] {
				err = errors.New("differing lengths")
			}
		}
		switch {
		case err != nil || n < 0 || strings.TrimLeft(lengths[0], "0123456789") != "":
			c.state = ended // net/http answers 400
		case n == 0:
			c.state = inHeader
		default:
			c.state, c.remain = inBody, n
		}
	default:
		c.state = inHeader
	}
}

// chunkSize reads a chunk-size line as net/http does: ended by CRLF with no other CR,
// trailing blanks dropped, then extensions (";..."), then 1 to 16 hexadecimal digits.
func chunkSize(line []byte) (int64, bool) {
	if !bytes.HasSuffix(line, []byte("\r\n")) || bytes.IndexByte(line, '\r') != len(line)-2 || len(line)-2 >= maxChunkLine {
		return 0, false
	}
	s := strings.TrimRight(string(line[:len(line)-2]), " \t")
	s, _, _ = strings.Cut(s, ";")
	if s == "" || len(s) > 16 || strings.TrimLeft(s, "0123456789abcdefABCDEF") != "" {
		return 0, false
	}
	n, err := strconv.ParseUint(s, 16, 64)
	if err != nil || n > 1<<62 {
		return 0, false
	}
	return int64(n), true
}

// splitLines splits a header block into its lines, each with its line ending.
func splitLines(block []byte) [][]byte {
	var lines [][]byte
	for len(block) > 0 {
		i := bytes.IndexByte(block, '\n')
		if i < 0 {
			lines = append(lines, block)
			break
		}
		lines = append(lines, block[:i+1])
		block = block[i+1:]
	}
	return lines
}

// lastLine is the last complete line of block (which ends with '\n').
func lastLine(block []byte) []byte {
	i := bytes.LastIndexByte(block[:len(block)-1], '\n')
	return block[i+1:]
}

// isEmptyLine reports whether line is "\n" or "\r\n".
func isEmptyLine(line []byte) bool {
	return string(line) == "\n" || string(line) == "\r\n"
}
