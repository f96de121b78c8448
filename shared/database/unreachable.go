package database

import (
	"context"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"os"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// Unreachable reports whether err says that Postgres could not be reached or did not
// answer in time: no connection (refused, reset, closed mid-query, the server shutting
// down or refusing new connections) or a time-out (the caller's deadline, the
// statement_timeout). Every other error, a not-found among them, is an answer of the
// database and false: callers that fall back to older data during an outage (the
// redirect caches, stale-if-error) must never do so for those.
func Unreachable(err error) bool {
	if err == nil {
		return false
	}
	// An error the server sent: only the codes that mean it cannot serve the session.
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch pgErr.Code {
		case "57P01", "57P02", "57P03": // admin_shutdown, crash_shutdown, cannot_connect_now
			return true
		case "53300": // too_many_connections
			return true
		case "57014": // query_canceled: the statement_timeout
			return true
		}
		return strings.HasPrefix(pgErr.Code, "08") // connection_exception
	}
	var connectErr *pgconn.ConnectError
	var netErr net.Error
	return errors.As(err, &connectErr) ||
		pgconn.Timeout(err) ||
		errors.Is(err, context.DeadlineExceeded) ||
		errors.Is(err, os.ErrDeadlineExceeded) ||
		errors.Is(err, driver.ErrBadConn) ||
		errors.Is(err, pgconn.ErrConnClosed) ||
		errors.Is(err, io.EOF) ||
		errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.As(err, &netErr)
}
