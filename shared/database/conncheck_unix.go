//go:build linux || darwin || freebsd || netbsd || openbsd

package database

import (
	"crypto/tls"
	"errors"
	"net"
	"syscall"
)

// peerClosed reports, without a round trip or a wait, whether the server has closed an
// idle connection (Postgres restarted, a proxy or the network cut it): a read that
// peeks without blocking finds the end of the stream or an error. On a plain
// connection, bytes waiting while idle also count: an idle pgx connection has nothing
// to read, and what a server sends then is its notice before closing (57P01, ...).
func peerClosed(c net.Conn) bool {
	plain := true
	if tc, ok := c.(*tls.Conn); ok {
		c, plain = tc.NetConn(), false
	}
	sc, ok := c.(syscall.Conn)
	if !ok {
		return false
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return false
	}
	closed := false
	// Control, not Read: pgx may leave a background reader blocked in a read of an idle
	// connection (it holds the descriptor's read lock); a peek that does not block and
	// consumes nothing is safe beside it.
	err = raw.Control(func(fd uintptr) {
		var b [1]byte
		n, _, err := syscall.Recvfrom(int(fd), b[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
		switch {
		case errors.Is(err, syscall.EAGAIN) || errors.Is(err, syscall.EWOULDBLOCK):
			// nothing to read: the connection looks alive
		case err != nil || n == 0:
			closed = true
		default:
			closed = plain
		}
	})
	return closed || err != nil
}
