package database

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/loyaltylinks/platform/shared/apperr"
	"gorm.io/gorm"
)

// A write's answer can be lost: the connection to Postgres breaks after the COMMIT (or
// an autocommit statement) was sent and before its answer arrived. The write may have
// committed or not, and a service that answers 5xx then may be lying about a committed
// write. Tx and Statement never answer before they know:
//
//   - a connection that breaks before the commit was sent (a dead pooled connection,
//     the database restarting) committed nothing: the write runs again on a fresh
//     connection, as after a deadlock or a serialization failure;
//   - when the commit's answer is lost, the backend that ran the write is stopped and
//     waited for (pg_terminate_backend on a fresh connection: once it is gone, its
//     transaction has committed or rolled back for good, and nothing still in flight
//     can commit later), then the change is looked up by a key the service chose before
//     sending it (Change.Committed). Committed: the write succeeded. Not committed: it
//     runs again. The look-up is retried while the database is unreachable, for at
//     most resolveWithin;
//   - what cannot be found out in that time is ErrOutcomeUnknown (503), naming the key
//     to look up; what certainly wrote nothing while the database stayed unreachable is
//     ErrUnavailable (503).
//
// The stop relies on the backend's PID, so the pool must reach Postgres directly or
// through a session-mode pooler (a transaction-mode pooler hides backends).

var (
	// ErrOutcomeUnknown: a write was sent, its answer was lost and the database stayed
	// unreachable while the service tried to find out whether it committed.
	ErrOutcomeUnknown = apperr.Define(apperr.Unavailable, "outcome_unknown",
		"The database stopped answering after the write was sent: whether it was recorded is not known")
	// ErrUnavailable: the database could not be reached and nothing was written.
	ErrUnavailable = apperr.Define(apperr.Unavailable, "database_unavailable",
		"The database cannot be reached: nothing was written, the request may be sent again")
)

const (
	// maxAttempts bounds the runs of one write (first run included) after connection
	// losses, deadlocks and serialization failures.
	maxAttempts = 3
	// resolveWithin bounds the search for a lost commit's outcome while the database
	// is unreachable (the request's own deadline, when sooner, wins).
	resolveWithin = 5 * time.Second
	// stopWaitMillis is how long one pg_terminate_backend call waits for the backend.
	stopWaitMillis = 2000
)

// Change is a write whose outcome the caller must know before answering.
type Change struct {
	// What tells the client, when the outcome stays unknown, how to find it out: the
	// key the service chose for the change and where to look it up ("Look up points
	// entry 5f0c... in GET /points/statement/{customer_id}.").
	What string
	// Committed looks the change up on a fresh connection (db), once the attempt whose
	// answer was lost can no longer commit, and reports whether it is in the database.
	// It may load what the caller answers with. Nil when running the write again is
	// itself the look-up: the write carries a key the database records once, and a
	// second run answers with what the first recorded.
	Committed func(ctx context.Context, db *gorm.DB) (bool, error)
}

// Tx runs fn in a transaction on a connection of db's pool and commits it; it returns
// nil once the transaction committed, fn's error or the database's refusal when nothing
// was written, else ErrUnavailable or ErrOutcomeUnknown (see above). fn may run more
// than once, each time in a new transaction: it must not act outside the database.
func Tx(ctx context.Context, db *gorm.DB, c Change, fn func(tx *gorm.DB) error) error {
	return commit(ctx, db, c, func(ctx context.Context, conn *sql.Conn) (bool, error) {
		tx, err := conn.BeginTx(ctx, nil)
		if err != nil {
			return false, err
		}
		// A GORM session over the transaction, as gorm.DB.Begin makes one.
		gtx := db.Session(&gorm.Session{NewDB: true, Context: ctx})
		gtx.Statement.ConnPool = tx
		if err := fn(gtx); err != nil {
			_ = tx.Rollback()
			return false, err
		}
		// Whatever breaks from here on may have reached the server: pgx reports a
		// COMMIT whose answer was lost as "conn closed", safe to retry, although the
		// server got it (and committed).
		if err := tx.Commit(); err != nil {
			return true, err
		}
		return false, nil
	})
}

// Statement runs fn, statements in autocommit (usually one), on a pgx connection of
// db's pool, with Tx's guarantees. fn may run more than once.
func Statement(ctx context.Context, db *gorm.DB, c Change, fn func(ctx context.Context, conn *pgx.Conn) error) error {
	return commit(ctx, db, c, func(ctx context.Context, conn *sql.Conn) (bool, error) {
		// Any failure may have come after a statement reached the server (see Tx).
		err := onPgx(conn, func(pc *pgx.Conn) error { return fn(ctx, pc) })
		return err != nil, err
	})
}

// attempt runs a write once on conn; sent reports, for a failed run, whether its commit
// (or autocommit statement) may have reached the server.
type attempt func(ctx context.Context, conn *sql.Conn) (sent bool, err error)

func commit(ctx context.Context, db *gorm.DB, c Change, run attempt) error {
	pool, err := db.DB()
	if err != nil {
		return fmt.Errorf("database pool: %w", err)
	}
	var (
		lastErr error
		// unknown: an attempt lost its answer and no later run has told what happened.
		unknown bool
	)
	for try := 0; try < maxAttempts; try++ {
		if try > 0 && !pause(ctx, time.Duration(try)*20*time.Millisecond) {
			break
		}
		conn, err := pool.Conn(ctx)
		if err != nil {
			lastErr = err
			if !ConnectionLost(err) || ctx.Err() != nil {
				break
			}
			continue
		}
		pid := backendPID(conn)
		sent, err := run(ctx, conn)
		_ = conn.Close()
		switch {
		case err == nil:
			return nil
		case RetryableConflict(err):
			lastErr = err // Postgres rolled the whole transaction back
			continue
		case ctx.Err() != nil:
			if unknown {
				return outcomeUnknown(c, err)
			}
			return err
		case !ConnectionLost(err):
			// fn's error or the database's refusal: nothing written by this run. After a
			// lost answer, the run that follows the stop is the look-up, and a refusal
			// means the lost run had recorded nothing (it would have met its key).
			return err
		case !sent:
			lastErr = err // nothing reached the commit: nothing was written
			continue
		}
		lastErr = err
		if c.Committed == nil {
			// The next run is the look-up; make sure the lost one cannot commit after it.
			if err := resolve(ctx, db, pool, pid, nil); err != nil {
				return outcomeUnknown(c, errors.Join(lastErr, err))
			}
			unknown = true
			continue
		}
		var committed bool
		if err := resolve(ctx, db, pool, pid, func(ctx context.Context) error {
			var err error
			committed, err = c.Committed(ctx, db)
			return err
		}); err != nil {
			return outcomeUnknown(c, errors.Join(lastErr, err))
		}
		if committed {
			return nil
		}
	}
	if unknown {
		return outcomeUnknown(c, lastErr)
	}
	if ConnectionLost(lastErr) && ctx.Err() == nil {
		return ErrUnavailable.Because(lastErr)
	}
	if lastErr == nil {
		lastErr = ctx.Err()
	}
	return lastErr
}

func outcomeUnknown(c Change, cause error) error { return OutcomeUnknown(c.What, cause) }

// OutcomeUnknown is ErrOutcomeUnknown telling the client what (see Change.What), for a
// caller that answers several clients from one write.
func OutcomeUnknown(what string, cause error) error {
	return ErrOutcomeUnknown.Withf("The database stopped answering after the write was sent: whether it was recorded is not known. %s", what).Because(cause)
}

// resolve stops the backend pid (the lost attempt's) and then runs lookUp, if any, on a
// fresh connection, again while the database is unreachable, for at most resolveWithin.
func resolve(ctx context.Context, db *gorm.DB, pool *sql.DB, pid uint32, lookUp func(ctx context.Context) error) error {
	ctx, cancel := context.WithTimeout(ctx, resolveWithin)
	defer cancel()
	var err error
	for wait := 20 * time.Millisecond; ; wait = min(2*wait, 500*time.Millisecond) {
		if err = stopBackend(ctx, pool, pid); err == nil && lookUp != nil {
			err = lookUp(ctx)
		}
		if err == nil {
			return nil
		}
		if !ConnectionLost(err) && !errors.Is(err, errBackendRunning) {
			return err
		}
		if !pause(ctx, wait) {
			return errors.Join(err, ctx.Err())
		}
	}
}

var errBackendRunning = errors.New("the backend of the lost write is still running")

// stopBackend terminates backend pid if it still runs and waits until it is gone: its
// transaction is then over for good. Only backends of this login are touched. (A PID
// is reused only after the system has gone through all others, so the one of a
// connection lost a moment ago names that connection's backend.)
func stopBackend(ctx context.Context, pool *sql.DB, pid uint32) error {
	if pid == 0 {
		return errors.New("the lost write's backend is not known")
	}
	var running int
	err := pool.QueryRowContext(ctx, `
		SELECT count(*) FROM pg_stat_activity
		 WHERE pid = $1 AND NOT (usename = current_user AND pg_terminate_backend(pid, $2))`,
		int64(pid), int64(stopWaitMillis)).Scan(&running)
	if err != nil {
		return fmt.Errorf("stop backend %d: %w", pid, err)
	}
	if running > 0 {
		return errBackendRunning
	}
	return nil
}

// backendPID is the PID of the Postgres backend behind conn (0 if unknown). It costs no
// round trip: the server sent it when the connection started.
func backendPID(conn *sql.Conn) uint32 {
	var pid uint32
	_ = onPgx(conn, func(pc *pgx.Conn) error {
		pid = pc.PgConn().PID()
		return nil
	})
	return pid
}

// onPgx runs fn on conn's pgx connection.
func onPgx(conn *sql.Conn, fn func(*pgx.Conn) error) error {
	return conn.Raw(func(dc any) error {
		c, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("database driver %T is not pgx", dc)
		}
		return fn(c.Conn())
	})
}

// RetryableConflict reports whether err is a deadlock or a serialization failure: Postgres
// rolled the whole transaction back, and it may simply run again.
func RetryableConflict(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && (pgErr.Code == "40P01" || pgErr.Code == "40001")
}

// ConnectionLost reports whether err is the loss (or the refusal) of the connection to
// Postgres rather than an answer of the server about the statement: a network error, a
// closed connection, or the server's last words before it closed the connection (shut
// down by an administrator or a crash, starting up, class 08).
func ConnectionLost(err error) bool {
	if err == nil {
		return false
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch pgErr.Code {
		case "57P01", "57P02", "57P03":
			return true
		}
		return strings.HasPrefix(pgErr.Code, "08")
	}
	if _, ok := apperr.As(err); ok {
		return false
	}
	var (
		opErr      *net.OpError
		connectErr *pgconn.ConnectError
	)
	return pgconn.SafeToRetry(err) || errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, net.ErrClosed) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) || errors.Is(err, syscall.ECONNREFUSED) ||
		errors.As(err, &opErr) || errors.As(err, &connectErr)
}

// pause waits d, or less when ctx ends first (then false).
func pause(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// XactID returns the id of tx's transaction (giving it one): a key for Change.Committed
// when a change has no row of its own to look up (an update), resolved by
// XactCommitted.
func XactID(tx *gorm.DB) (string, error) {
	var id string
	if err := tx.Raw(`SELECT pg_current_xact_id()::text`).Scan(&id).Error; err != nil {
		return "", fmt.Errorf("transaction id: %w", err)
	}
	return id, nil
}

// XactCommitted reports whether the transaction of XactID id committed. Called by a
// Change.Committed, after the transaction's backend is gone: it is over for good.
func XactCommitted(ctx context.Context, db *gorm.DB, id string) (bool, error) {
	var status *string
	if err := db.WithContext(ctx).Raw(`SELECT pg_xact_status(?::xid8)`, id).Scan(&status).Error; err != nil {
		return false, fmt.Errorf("status of transaction %s: %w", id, err)
	}
	switch {
	case status == nil:
		return false, fmt.Errorf("status of transaction %s: too old to be known", id)
	case *status == "in progress":
		return false, errBackendRunning
	}
	return *status == "committed", nil
}
