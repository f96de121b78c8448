package testkit

import (
	"net"
	"sync"
	"sync/atomic"
	"testing"
)

// Proxy is a TCP proxy in front of a real server that a test can cut and restore, to
// check how code behaves while Postgres or Redis is unreachable and after it returns.
type Proxy struct {
	t      testing.TB
	target string

	mu       sync.Mutex
	addr     string
	ln       net.Listener
	conns    map[net.Conn]struct{}
	accepted int    // client connections accepted so far
	fault    *fault // armed by CutWhen, nil once fired
	faults   int    // faults armed so far: a connection's record of what it sent restarts with each
}

// NewProxy listens on a free local port and forwards every connection to target
// (host:port). It is closed when the test ends.
func NewProxy(t testing.TB, target string) *Proxy {
	t.Helper()
	p := &Proxy{t: t, target: target, conns: map[net.Conn]struct{}{}}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("testkit proxy: %v", err)
	}
	p.addr = ln.Addr().String()
	p.serve(ln)
	t.Cleanup(p.Cut)
	return p
}

// Addr is the proxy's host:port; point the client under test at it.
func (p *Proxy) Addr() string { return p.addr }

// Cut closes the listener and every open connection: the target looks down.
func (p *Proxy) Cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	for c := range p.conns {
		c.Close()
	}
	p.conns = map[net.Conn]struct{}{}
}

// Accepted is the number of client connections the proxy has accepted so far.
func (p *Proxy) Accepted() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.accepted
}

// Open is the number of client connections open now (a closed connection leaves the
// count once the proxy has seen it close).
func (p *Proxy) Open() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.conns) / 2
}

// Restore listens again on the same address.
func (p *Proxy) Restore() {
	p.t.Helper()
	ln, err := net.Listen("tcp", p.addr)
	if err != nil {
		p.t.Fatalf("testkit proxy: relisten on %s: %v", p.addr, err)
	}
	p.serve(ln)
}

func (p *Proxy) serve(ln net.Listener) {
	p.mu.Lock()
	p.ln = ln
	p.mu.Unlock()
	go func() {
		for {
			client, err := ln.Accept()
			if err != nil {
				return
			}
			server, err := net.Dial("tcp", p.target)
			if err != nil {
				client.Close()
				continue
			}
			p.mu.Lock()
			p.accepted++
			p.conns[client] = struct{}{}
			p.conns[server] = struct{}{}
			p.mu.Unlock()
			l := &link{p: p, client: client, server: server}
			go l.upstream()
			go l.downstream()
		}
	}()
}

// FaultMode says what a fault armed by CutWhen does with the bytes that set it off.
type FaultMode int

const (
	// ForwardThenCut delivers the bytes to the server, and the client never hears back:
	// its connection is closed first, the server's answer is read and thrown away, and
	// the server's connection is then closed from this side once it has answered. A
	// write the client sent happens; the client cannot know whether it did.
	ForwardThenCut FaultMode = iota
	// DropAndCut closes both connections without delivering the bytes: the client has
	// sent its request and gets no answer, the server never got it.
	DropAndCut
)

// CutWhen arms a one-shot fault on what clients send: as soon as a client connection
// has sent bytes for which match(sent) is true, where sent is what that connection sent
// since the fault was armed (its last 64 KiB), the read that completed the match is
// handled as mode says and that connection alone is cut; the others go on. The returned
// channel is closed when the fault has fired. Arming another fault replaces this one.
func (p *Proxy) CutWhen(mode FaultMode, match func(sent []byte) bool) <-chan struct{} {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.faults++
	f := &fault{mode: mode, match: match, fired: make(chan struct{}), n: p.faults}
	p.fault = f
	return f.fired
}

// fault is an armed CutWhen.
type fault struct {
	mode  FaultMode
	match func(sent []byte) bool
	fired chan struct{}
	n     int // which fault it is (Proxy.faults)
}

// sentWindow bounds what a connection remembers having sent for CutWhen's match.
const sentWindow = 64 << 10

// link is one client connection and its connection to the server.
type link struct {
	p              *Proxy
	client, server net.Conn
	// severed: the client is gone by a fault; what the server still sends is dropped.
	severed atomic.Bool
}

// upstream copies what the client sends to the server, watching for an armed fault.
func (l *link) upstream() {
	buf := make([]byte, 32<<10)
	var (
		sent   []byte
		faultN int
	)
	for {
		n, err := l.client.Read(buf)
		if n > 0 {
			chunk := buf[:n]
			if f := l.p.armed(); f != nil {
				if f.n != faultN {
					sent, faultN = sent[:0], f.n
				}
				sent = append(sent, chunk...)
				if len(sent) > sentWindow {
					sent = append(sent[:0], sent[len(sent)-sentWindow:]...)
				}
				if f.match(sent) && l.p.fire(f) {
					l.cut(f.mode, chunk)
					return
				}
			}
			if _, werr := l.server.Write(chunk); werr != nil {
				l.close()
				return
			}
		}
		if err != nil {
			l.close()
			return
		}
	}
}

// cut ends the link for a fault that fired on chunk (see FaultMode).
func (l *link) cut(mode FaultMode, chunk []byte) {
	l.severed.Store(true)
	l.client.Close()
	if mode == DropAndCut {
		l.close()
		return
	}
	if _, err := l.server.Write(chunk); err != nil {
		l.close()
		return
	}
	// Half-close: the server reads the request and then the end of the stream; downstream
	// drains its answer and closes the link when the server closes. (A full close here
	// could reset the connection before the server has read the request.)
	if tc, ok := l.server.(*net.TCPConn); ok {
		_ = tc.CloseWrite()
	}
}

// downstream copies what the server sends to the client, or drops it once severed.
func (l *link) downstream() {
	defer l.close()
	buf := make([]byte, 32<<10)
	for {
		n, err := l.server.Read(buf)
		if n > 0 && !l.severed.Load() {
			if _, werr := l.client.Write(buf[:n]); werr != nil && !l.severed.Load() {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// close closes both connections and forgets them.
func (l *link) close() {
	l.client.Close()
	l.server.Close()
	l.p.mu.Lock()
	delete(l.p.conns, l.client)
	delete(l.p.conns, l.server)
	l.p.mu.Unlock()
}

// armed returns the fault armed now, if any.
func (p *Proxy) armed() *fault {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.fault
}

// fire disarms f and reports whether this caller fired it (a fault fires once).
func (p *Proxy) fire(f *fault) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.fault != f {
		return false
	}
	p.fault = nil
	close(f.fired)
	return true
}

// HangingServer listens on a free local port, accepts every connection and never
// answers: a server that hangs (a stalled Redis, say). It returns the address;
// the listener and its connections are closed when the test ends.
func HangingServer(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var (
		mu    sync.Mutex
		conns []net.Conn
	)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	return ln.Addr().String()
}
