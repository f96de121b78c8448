package click

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
)

// One click, or one stream entry, that cannot be stored must not keep the others out:
// the flusher sets it aside and stores the rest. What is set aside is counted (metrics
// below) and kept for inspection in a bounded Redis stream, and its entry is
// acknowledged like any other, which takes its pending counters back: counters and rows
// agree afterwards.
//
//   - An entry that does not parse (not a batch: nothing a recorder writes) is set aside
//     whole; it carries no counters the flusher could know.
//   - A click that breaks checkClick's rule is set aside before the COPY.
//   - A click Postgres refuses all the same (a data or constraint error of the COPY,
//     which fails as a whole) is found by halving the COPY under savepoints
//     (copyStorable), within the same transaction.
//   - An entry Postgres refuses for another reason is found by halving the flush into
//     transactions of fewer entries (Flusher.storeRefusing) and set aside whole.

// Redis stream of what was set aside, at most about rejectedMaxLen entries (XADD MAXLEN
// ~), each field cut to rejectedFieldBytes.
const (
	rejectedKey        = "lm:{clk}:rejected"
	rejectedMaxLen     = 1000
	rejectedFieldBytes = 4096
)

// Reasons, the label of the set-aside metrics.
const (
	reasonMalformed = "malformed" // an entry that does not parse
	reasonInvalid   = "invalid"   // a click that breaks checkClick
	reasonRefused   = "refused"   // refused by Postgres
)

// rejection is a click or an entry set aside.
type rejection struct {
	stream, entry string
	reason        string // reasonMalformed, reasonInvalid or reasonRefused
	err           error
	click         *Click // nil: the whole entry
	clicks        int    // for a whole entry: how many clicks it held (0 when unknown)
	raw           string // for a whole entry: its bytes
}

// setAsideMetrics count what was set aside.
type setAsideMetrics struct {
	clicks  *prometheus.CounterVec
	entries *prometheus.CounterVec
}

func newSetAsideMetrics() setAsideMetrics {
	return setAsideMetrics{
		clicks: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "linkmgmt", Name: "clicks_set_aside_total",
			Help: "Clicks the flusher could not store and set aside (kept in lm:{clk}:rejected): invalid (breaks the storable-click rule) or refused (by Postgres).",
		}, []string{"reason"}),
		entries: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "linkmgmt", Name: "click_entries_set_aside_total",
			Help: "Click stream entries set aside whole: malformed (do not parse) or refused (by Postgres).",
		}, []string{"reason"}),
	}
}

// setAside counts what was set aside, logs it and keeps it in rejectedKey. Keeping it
// is best effort: a failure is logged, the entries are acknowledged all the same (their
// clicks are counted; only the copy for inspection is missing).
func (f *Flusher) setAside(ctx context.Context, rs []rejection) {
	if len(rs) == 0 {
		return
	}
	for _, r := range rs {
		if r.click != nil {
			f.setAsideN.clicks.WithLabelValues(r.reason).Inc()
		} else {
			f.setAsideN.entries.WithLabelValues(r.reason).Inc()
		}
	}
	f.log.WarnContext(ctx, "click flush: set aside what cannot be stored; the rest is stored",
		"count", len(rs), "first_reason", rs[0].reason, "first_error", rs[0].err, "kept_in", rejectedKey)
	_, err := f.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for _, r := range rs {
			p.XAdd(ctx, &redis.XAddArgs{Stream: rejectedKey, MaxLen: rejectedMaxLen, Approx: true, Values: r.fields()})
		}
		return nil
	})
	if err != nil {
		f.log.WarnContext(ctx, "click flush: keep set-aside clicks for inspection", "error", err)
	}
}

// fields are what rejectedKey keeps of r: readable, every value escaped and bounded.
func (r rejection) fields() []string {
	out := []string{"reason", r.reason, "error", cut(r.err.Error()), "stream", r.stream, "entry", r.entry}
	if r.click == nil {
		return append(out, "clicks", strconv.Itoa(r.clicks), "bytes", strconv.Itoa(len(r.raw)), "raw", cut(r.raw))
	}
	c := r.click
	out = append(out, "link", strconv.FormatInt(c.LinkID, 10), "account", strconv.FormatInt(c.AccountID, 10),
		"at", time.UnixMicro(c.At).UTC().Format(time.RFC3339Nano), "visitor", c.VisitorHex())
	for d, v := range c.Dims {
		out = append(out, Dim(d).String(), cut(strconv.QuoteToASCII(v)))
	}
	return out
}

func cut(s string) string {
	if len(s) > rejectedFieldBytes {
		return s[:rejectedFieldBytes]
	}
	return s
}

// refusedByDatabase reports whether Postgres refused the data itself (data exception,
// integrity constraint, program limit: the same rows would be refused again), as
// opposed to a failure of the connection, a time-out or a lock, which a retry may get
// past.
func refusedByDatabase(err error) bool {
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || len(pgErr.Code) < 2 {
		return false
	}
	switch pgErr.Code[:2] {
	case "22", "23", "54":
		return true
	}
	return false
}

// maxRefusedCopies bounds the failing COPYs of one transaction's search for refused
// clicks (each refused click costs about log2(clicks) of them): past it, Postgres
// refuses too much for a click to be the cause, and the transaction fails with the
// refusal (the flusher then halves the entries, Flusher.storeRefusing).
const maxRefusedCopies = 256

// copyStorable COPYs clicks in tx. When Postgres refuses the COPY (refusedByDatabase),
// which fails it as a whole, the clicks it refuses are found by halving: each COPY runs
// under a savepoint, a refused half is split again, down to the single click, which is
// refused; the rest is stored, in this transaction.
func copyStorable(ctx context.Context, tx pgx.Tx, clicks []*Click) (stored []*Click, refused []rejection, err error) {
	budget := maxRefusedCopies
	var search func(part []*Click) error
	search = func(part []*Click) error {
		if len(part) == 0 {
			return nil
		}
		sp, err := tx.Begin(ctx) // a savepoint
		if err != nil {
			return fmt.Errorf("savepoint: %w", err)
		}
		_, copyErr := copyClicks(ctx, sp, part)
		if copyErr == nil {
			if err := sp.Commit(ctx); err != nil {
				return fmt.Errorf("release savepoint: %w", err)
			}
			stored = append(stored, part...)
			return nil
		}
		if err := sp.Rollback(ctx); err != nil || !refusedByDatabase(copyErr) {
			return errors.Join(copyErr, err)
		}
		if budget--; budget < 0 {
			return fmt.Errorf("postgres refused more than %d parts of the copy: %w", maxRefusedCopies, copyErr)
		}
		if len(part) == 1 {
			refused = append(refused, rejection{reason: reasonRefused, err: copyErr, click: part[0]})
			return nil
		}
		if err := search(part[:len(part)/2]); err != nil {
			return err
		}
		return search(part[len(part)/2:])
	}
	if err := search(clicks); err != nil {
		return nil, nil, err
	}
	return stored, refused, nil
}
