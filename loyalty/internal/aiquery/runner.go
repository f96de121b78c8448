package aiquery

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgproto3"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/loyaltylinks/platform/shared/apperr"
)

// RunnerConfig bounds report query execution.
type RunnerConfig struct {
	Role             string        // database role the query runs as (SET LOCAL ROLE)
	StatementTimeout time.Duration // per query
	MaxRows          int           // results with more rows are refused
	MaxResultBytes   int           // results whose values add up to more bytes are refused; 0: DefaultMaxResultBytes
	MaxConcurrent    int           // queries running at once; 0: DefaultMaxConcurrent
	TimeZone         string        // session time zone (dates in questions and results)
}

// DefaultMaxConcurrent is how many report queries run at once in one service by default.
const DefaultMaxConcurrent = 4

// Runner executes checked report queries: in a READ ONLY transaction, as the reporting
// role, with the reporting schema alone on the search path, a statement timeout, a row
// cap and a size cap; through the extended protocol, which carries exactly one statement.
// Each query gets a connection of its own, closed afterwards.
type Runner struct {
	db    *sql.DB
	cfg   RunnerConfig
	slots chan struct{} // one per query allowed to run at once
}

// NewRunner returns a runner over db (a pgx stdlib pool).
func NewRunner(db *sql.DB, cfg RunnerConfig) *Runner {
	if cfg.MaxResultBytes <= 0 {
		cfg.MaxResultBytes = DefaultMaxResultBytes
	}
	if cfg.MaxConcurrent <= 0 {
		cfg.MaxConcurrent = DefaultMaxConcurrent
	}
	return &Runner{db: db, cfg: cfg, slots: make(chan struct{}, cfg.MaxConcurrent)}
}

// Busy says report queries are at their cap; RetryAfter is when a place is sure to be
// free (every running query ends by its statement timeout).
type Busy struct {
	RetryAfter time.Duration
}

func (b *Busy) Error() string { return "report queries at their concurrency cap" }

// acquire takes a place among the queries running at once, without waiting: beyond the
// cap, a RateLimited error wrapping *Busy. release gives the place back (once).
func (r *Runner) acquire() (release func(), err error) {
	select {
	case r.slots <- struct{}{}:
		var once sync.Once
		return func() { once.Do(func() { <-r.slots }) }, nil
	default:
		wait := max(time.Second, (r.cfg.StatementTimeout + time.Second - 1).Truncate(time.Second))
		return nil, apperr.Wrap(apperr.RateLimited, &Busy{RetryAfter: wait},
			"Too many report queries are running (at most %d at once); retry in %d seconds", r.cfg.MaxConcurrent, int(wait.Seconds()))
	}
}

// ResultColumn names one column of a result and its Postgres type.
type ResultColumn struct {
	Name string
	OID  uint32
}

// Sink receives a result as it streams. values are Postgres text (nil for NULL), valid
// only during the call.
type Sink interface {
	Columns(cols []ResultColumn) error
	Row(values [][]byte) error
}

// ExecError is a query the database refused or stopped (bad column, time-out, too many
// rows, too large, no permission). Message is fit for the client; Type is the 422 item's
// type.
type ExecError struct {
	Message string
	Type    string // "query_failed" or "result_too_large"
	Err     error
}

func (e *ExecError) Error() string {
	if e.Err != nil {
		return e.Message + ": " + e.Err.Error()
	}
	return e.Message
}

func (e *ExecError) Unwrap() error { return e.Err }

const (
	typeQueryFailed    = "query_failed"
	typeResultTooLarge = "result_too_large"
)

// closeTimeout bounds the goodbye to a report connection.
const closeTimeout = 5 * time.Second

// Run executes q and streams its result into sink. It returns the number of rows.
//
// The connection is closed afterwards, never handed back to the pool: whatever the
// statement did to its session (a session advisory lock, a setting, a prepared
// statement, a temporary object), were it ever to slip past the guard, the role and the
// read-only transaction, ends with the session. Report queries are few and long, so a
// fresh connection each costs little.
func (r *Runner) Run(ctx context.Context, q Checked, sink Sink) (int, error) {
	conn, err := r.db.Conn(ctx)
	if err != nil {
		return 0, fmt.Errorf("report query: get connection: %w", err)
	}
	defer conn.Close()
	var rows int
	var runErr error
	rawErr := conn.Raw(func(driverConn any) error {
		sc, ok := driverConn.(*stdlib.Conn)
		if !ok {
			runErr = fmt.Errorf("report query: unexpected driver connection %T", driverConn)
			return driver.ErrBadConn
		}
		rows, runErr = r.run(ctx, sc.Conn(), q.sql, sink)
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), closeTimeout)
		defer cancel()
		_ = sc.Conn().Close(cctx) // the session ends: its locks and state go with it
		return driver.ErrBadConn  // and database/sql drops the connection
	})
	if runErr == nil && rawErr != nil && !errors.Is(rawErr, driver.ErrBadConn) {
		runErr = fmt.Errorf("report query: %w", rawErr)
	}
	return rows, runErr
}

// run executes query on conn. On an error the connection may be mid-result: the caller
// closes it rather than reading the rest.
func (r *Runner) run(ctx context.Context, conn *pgx.Conn, query string, sink Sink) (int, error) {
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{AccessMode: pgx.ReadOnly})
	if err != nil {
		return 0, fmt.Errorf("report query: begin: %w", err)
	}
	timeout := strconv.FormatInt(max(r.cfg.StatementTimeout.Milliseconds(), 1), 10)
	// jit off: the reporting views' plans are estimated costly (the daily rollups' raw
	// fallback), and compiling them took seconds on a loaded machine for queries that
	// then run in milliseconds.
	if _, err := tx.Exec(ctx, `SELECT set_config('statement_timeout', $1, true), set_config('search_path', $2, true), set_config('TimeZone', $3, true), set_config('jit', 'off', true)`,
		timeout, ReportingSchema, r.cfg.TimeZone); err != nil {
		return 0, fmt.Errorf("report query: session settings: %w", err)
	}
	if _, err := tx.Exec(ctx, "SET LOCAL ROLE "+pgx.Identifier{r.cfg.Role}.Sanitize()); err != nil {
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && (pgErr.Code == "22023" || pgErr.Code == "42704" || pgErr.Code == "42501") {
			// role missing or not granted: a set-up problem, not the query's
			return 0, apperr.Wrap(apperr.Unavailable, err, "Report queries are not available: the database role %s is missing or not granted to the service (see docs/ai-queries.md)", r.cfg.Role)
		}
		return 0, fmt.Errorf("report query: switch to role %s: %w", r.cfg.Role, err)
	}

	// The size cap holds on the wire too: a message (a row, or an error quoting a value)
	// longer than the most an acceptable row can take is refused from its 5-byte header,
	// before its body is read into memory.
	frontend := conn.PgConn().Frontend()
	frontend.SetMaxBodyLen(r.maxMessage(0))
	// ExecParams: Parse/Bind/Execute of the extended protocol. The server refuses a
	// second statement in one Parse message; results come back as text.
	rr := conn.PgConn().ExecParams(ctx, query, nil, nil, nil, nil)
	fields := rr.FieldDescriptions()
	frontend.SetMaxBodyLen(r.maxMessage(len(fields)))
	cols := make([]ResultColumn, len(fields))
	for i, f := range fields {
		cols[i] = ResultColumn{Name: f.Name, OID: f.DataTypeOID}
	}
	if len(fields) > 0 {
		if err := sink.Columns(cols); err != nil {
			return 0, err
		}
	}
	rows, budget := 0, r.cfg.MaxResultBytes
	for rr.NextRow() {
		rows++
		if rows > r.cfg.MaxRows {
			return 0, &ExecError{Type: typeResultTooLarge, Message: fmt.Sprintf("the result has more than %d rows; narrow the question (a period, a store) or add a LIMIT", r.cfg.MaxRows)}
		}
		values := rr.Values()
		for i, v := range values {
			if len(v) > MaxCellChars && cellChars(v) > MaxCellChars {
				return 0, &ExecError{Type: typeResultTooLarge, Message: fmt.Sprintf("a value of column %q is longer than %d characters, the most a spreadsheet cell holds", cols[i].Name, MaxCellChars)}
			}
			budget -= len(v)
		}
		if budget < 0 {
			return 0, r.tooLarge(nil)
		}
		if err := sink.Row(values); err != nil {
			return 0, err
		}
	}
	if _, err := rr.Close(); err != nil {
		return 0, r.classify(ctx, err)
	}
	if len(fields) == 0 {
		// Not a row-returning statement: only possible when the guard was bypassed.
		return 0, &ExecError{Type: typeQueryFailed, Message: "the statement returned no result set"}
	}
	return rows, nil
}

// maxCellBytes is the longest a value within MaxCellChars can be in UTF-8: three bytes
// per UTF-16 unit (a four-byte character takes two units).
const maxCellBytes = 3 * MaxCellChars

// maxMessage is the longest protocol message a result of ncols columns may bring: a row
// of ncols values each within the cell cap and all within the size cap, and never less
// than 1 MiB so that error messages and row descriptions pass.
func (r *Runner) maxMessage(ncols int) int {
	const overhead = 64
	row := ncols*(maxCellBytes+4) + overhead // each value has a 4-byte length
	return max(min(row, r.cfg.MaxResultBytes+4*ncols+overhead), 1<<20)
}

func (r *Runner) tooLarge(err error) *ExecError {
	return &ExecError{Type: typeResultTooLarge, Err: err, Message: fmt.Sprintf("the result is larger than %s; narrow the question (a period, a store), select fewer columns or add a LIMIT", byteSize(r.cfg.MaxResultBytes))}
}

// cellChars is the length of a value in UTF-16 units, as a spreadsheet counts it.
func cellChars(v []byte) int {
	n := 0
	for _, c := range string(v) {
		if c >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// byteSize renders a byte count for messages: "32 MiB", "100 KiB", "1000 bytes".
func byteSize(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// classify turns database errors about the query into ExecErrors; anything else (lost
// connection, server trouble) stays an internal error.
func (r *Runner) classify(ctx context.Context, err error) error {
	var tooBig *pgproto3.ExceededMaxBodyLenErr
	if errors.As(err, &tooBig) {
		return r.tooLarge(err)
	}
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) {
		if ctx.Err() != nil {
			return fmt.Errorf("report query: %w", ctx.Err())
		}
		return fmt.Errorf("report query: %w", err)
	}
	switch {
	case pgErr.Code == "57014": // query_canceled: the statement timeout
		if ctx.Err() != nil {
			return fmt.Errorf("report query: %w", ctx.Err())
		}
		return &ExecError{Type: typeQueryFailed, Message: fmt.Sprintf("the query took longer than the %s limit; narrow the question", r.cfg.StatementTimeout), Err: err}
	case pgErr.Code == "42501" || pgErr.Code == "25006": // insufficient_privilege, read_only_sql_transaction
		return &ExecError{Type: typeQueryFailed, Message: "the query is not permitted: " + clip(pgErr.Message), Err: err}
	}
	switch pgErr.Code[:2] {
	case "42", "22", "21", "0A", "54", "2F", "38", "39", "P0", "25":
		// syntax / undefined object, data exception, cardinality, unsupported, too complex, ...
		return &ExecError{Type: typeQueryFailed, Message: "the query failed: " + clip(pgErr.Message), Err: err}
	}
	return fmt.Errorf("report query: %w", err)
}

// clip shortens a database message for the client: it may quote a value of any size.
func clip(msg string) string {
	const maxMessage = 300
	if len(msg) <= maxMessage {
		return msg
	}
	cut := maxMessage
	for cut > 0 && !utf8.RuneStart(msg[cut]) {
		cut--
	}
	return msg[:cut] + "..."
}
