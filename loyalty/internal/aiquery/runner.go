package aiquery

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/loyaltylinks/platform/shared/apperr"
)

// RunnerConfig bounds report query execution.
type RunnerConfig struct {
	Role             string        // database role the query runs as (SET LOCAL ROLE)
	StatementTimeout time.Duration // per query
	MaxRows          int           // results with more rows are refused
	TimeZone         string        // session time zone (dates in questions and results)
}

// Runner executes checked report queries: in a READ ONLY transaction, as the reporting
// role, with the reporting schema alone on the search path, a statement timeout, and a
// row cap; through the extended protocol, which carries exactly one statement.
type Runner struct {
	db  *sql.DB
	cfg RunnerConfig
}

// NewRunner returns a runner over db (a pgx stdlib pool).
func NewRunner(db *sql.DB, cfg RunnerConfig) *Runner {
	return &Runner{db: db, cfg: cfg}
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
// rows, no permission). Message is fit for the client.
type ExecError struct {
	Message string
	Err     error
}

func (e *ExecError) Error() string {
	if e.Err != nil {
		return e.Message + ": " + e.Err.Error()
	}
	return e.Message
}

func (e *ExecError) Unwrap() error { return e.Err }

// Run executes q and streams its result into sink. It returns the number of rows.
func (r *Runner) Run(ctx context.Context, q Checked, sink Sink) (int, error) {
	conn, err := r.db.Conn(ctx)
	if err != nil {
		return 0, fmt.Errorf("report query: get connection: %w", err)
	}
	defer conn.Close()
	var rows int
	err = conn.Raw(func(driverConn any) error {
		sc, ok := driverConn.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("report query: unexpected driver connection %T", driverConn)
		}
		var runErr error
		rows, runErr = r.run(ctx, sc.Conn(), q.sql, sink)
		return runErr
	})
	return rows, err
}

func (r *Runner) run(ctx context.Context, conn *pgx.Conn, query string, sink Sink) (int, error) {
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{AccessMode: pgx.ReadOnly})
	if err != nil {
		return 0, fmt.Errorf("report query: begin: %w", err)
	}
	defer func() {
		// A fresh context: the request's may be done, and the connection must not go back
		// to the pool inside this transaction (role and settings are LOCAL to it).
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		_ = tx.Rollback(rctx)
	}()
	timeout := strconv.FormatInt(max(r.cfg.StatementTimeout.Milliseconds(), 1), 10)
	if _, err := tx.Exec(ctx, `SELECT set_config('statement_timeout', $1, true), set_config('search_path', $2, true), set_config('TimeZone', $3, true)`,
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

	// ExecParams: Parse/Bind/Execute of the extended protocol. The server refuses a
	// second statement in one Parse message; results come back as text.
	rr := conn.PgConn().ExecParams(ctx, query, nil, nil, nil, nil)
	fields := rr.FieldDescriptions()
	cols := make([]ResultColumn, len(fields))
	for i, f := range fields {
		cols[i] = ResultColumn{Name: f.Name, OID: f.DataTypeOID}
	}
	var sinkErr error
	if len(fields) > 0 {
		sinkErr = sink.Columns(cols)
	}
	rows := 0
	for sinkErr == nil && rr.NextRow() {
		rows++
		if rows > r.cfg.MaxRows {
			sinkErr = &ExecError{Message: fmt.Sprintf("the result has more than %d rows; narrow the question (a period, a store) or add a LIMIT", r.cfg.MaxRows)}
			break
		}
		sinkErr = sink.Row(rr.Values())
	}
	_, err = rr.Close()
	if err != nil {
		return 0, r.classify(ctx, err)
	}
	if sinkErr != nil {
		return 0, sinkErr
	}
	if len(fields) == 0 {
		// Not a row-returning statement: only possible when the guard was bypassed.
		return 0, &ExecError{Message: "the statement returned no result set"}
	}
	return rows, nil
}

// classify turns database errors about the query into ExecErrors; anything else (lost
// connection, server trouble) stays an internal error.
func (r *Runner) classify(ctx context.Context, err error) error {
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
		return &ExecError{Message: fmt.Sprintf("the query took longer than the %s limit; narrow the question", r.cfg.StatementTimeout), Err: err}
	case pgErr.Code == "42501" || pgErr.Code == "25006": // insufficient_privilege, read_only_sql_transaction
		return &ExecError{Message: "the query is not permitted: " + pgErr.Message, Err: err}
	}
	switch pgErr.Code[:2] {
	case "42", "22", "21", "0A", "54", "2F", "38", "39", "P0", "25":
		// syntax / undefined object, data exception, cardinality, unsupported, too complex, ...
		return &ExecError{Message: "the query failed: " + pgErr.Message, Err: err}
	}
	return fmt.Errorf("report query: %w", err)
}
