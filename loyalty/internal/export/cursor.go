package export

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// cursorBatch is the number of rows fetched per round trip, after a first fetch of
// cursorFirstBatch: the file starts as soon as a few rows are read (on a cold cache each
// row of a sales-coupon export costs two random reads; 1000 of them took a second before
// the first byte at 200,000 customers).
const (
	cursorBatch      = 1000
	cursorFirstBatch = 50
)

// cursorRows reads a query through a server-side cursor in a read-only transaction.
//
// Why a cursor: Postgres plans a cursor's query for its first rows (cursor_tuple_fraction),
// a plain query for its last one. The exports are ordered (newest first); through a
// cursor the plan follows the index that has that order (coupons_export_order_idx,
// customers_created_at_idx) and rows stream from the first one, where the plain query
// joined and sorted every row before the first byte (3.5 s for a month of sales coupons
// at 1M customers).
type cursorRows struct {
	ctx   context.Context
	tx    *sql.Tx
	batch *sql.Rows
	n     int // rows of the current batch read so far
	size  int // rows the current batch asked for
	done  bool
	err   error
}

func openCursor(ctx context.Context, db *sql.DB, query string, args []any) (*cursorRows, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	// No JIT compilation: Postgres decides on it from the cost of the whole query (a month
	// of sales coupons at 1M customers: 644k rows, past jit_above_cost and the inlining and
	// optimisation thresholds) and compiles before the first row, which cost 550 to 680 ms
	// of the export's first byte against 20 to 65 ms without (docs/sizing.md "Fifth pass").
	// It changes how rows are computed, never which.
	if _, err := tx.ExecContext(ctx, "SET LOCAL jit = off"); err != nil {
		_ = tx.Rollback()
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, "DECLARE export_rows NO SCROLL CURSOR FOR "+query, args...); err != nil {
		_ = tx.Rollback()
		return nil, err
	}
	return &cursorRows{ctx: ctx, tx: tx}, nil
}

// Next advances to the next row, fetching the next batch when the current one is read.
func (c *cursorRows) Next() bool {
	for !c.done && c.err == nil {
		if c.batch != nil && c.batch.Next() {
			c.n++
			return true
		}
		if c.batch != nil {
			if err := c.batch.Err(); err != nil {
				c.err = err
				return false
			}
			_ = c.batch.Close()
			if c.n < c.size { // a short batch is the last one
				c.done = true
				return false
			}
		}
		// Simple protocol: a prepared FETCH would be cached per connection with the
		// columns of the first cursor it read, and misread the next export's.
		c.size = cursorBatch
		if c.batch == nil {
			c.size = cursorFirstBatch
		}
		c.batch, c.err = c.tx.QueryContext(c.ctx, fmt.Sprintf("FETCH %d FROM export_rows", c.size), pgx.QueryExecModeSimpleProtocol)
		c.n = 0
	}
	return false
}

// Scan reads the current row.
func (c *cursorRows) Scan(dest ...any) error {
	if c.batch == nil {
		return errors.New("export cursor: Scan before Next")
	}
	return c.batch.Scan(dest...)
}

// Err is the error that ended the rows, if any.
func (c *cursorRows) Err() error { return c.err }

// Close ends the transaction (and with it the cursor).
func (c *cursorRows) Close() {
	if c.batch != nil {
		_ = c.batch.Close()
	}
	_ = c.tx.Rollback()
}
