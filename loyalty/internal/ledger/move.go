package ledger

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/loyaltylinks/platform/loyalty/internal/customer"
	"github.com/loyaltylinks/platform/loyalty/internal/validation"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/database"
)

// Every entry is written by loyalty.ledger_move (migrations 00510, 00520, 00552, 00601, 00603): the one
// place where the rule of a new entry lives. It locks the customer, checks what the
// entries trigger would refuse, answers a replay, inserts the entry (the trigger moves the
// balance, as for every entry), notes a purchase and writes the webhook event when a
// subscription wants it. Post runs it inside a caller's transaction (sales, redeems,
// reversals); a credit or a debit is that statement alone, in autocommit. One round
// trip, no BEGIN/COMMIT, and the customer's lock is held only while the statement runs
// and commits, not across round trips. The statement goes straight to pgx on a
// connection of the service's pool: no GORM statement building or reflection on the
// path every credit takes.
//
// Several movements of one customer that arrive while one of its statements runs are
// combined into the next statement (combiner): a hot customer is bounded by one commit
// at a time, and this way one commit carries all of them. Each movement still gets its
// own entry, replay flag or error.

// moveSQL returns one row per movement: the outcome and the entry (columns in the order
// of scanMoveRow). Its arguments: moveArgs.
const moveSQL = `
SELECT r.outcome, (r.entry).id, (r.entry).customer_id, (r.entry).vendor_document, (r.entry).store_code,
       (r.entry).points, (r.entry).transaction_identifier, (r.entry).description, (r.entry).user_at,
       (r.entry).transaction_date, (r.entry).coupon_identifier, (r.entry).redeem_id,
       (r.entry).transaction_type, (r.entry).reverses_id, (r.entry).cancelled_at,
       (r.entry).expires_at, (r.entry).available_at, (r.entry).created_at, (r.entry).updated_at
  FROM loyalty.ledger_move($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) r`

// maxCombined bounds the movements one statement carries.
const maxCombined = 64

// combinedTimeout bounds a statement that carries the movements of several requests. It
// does not run under one request's context (that request's client going away must not
// fail the others), so it gets its own limit.
const combinedTimeout = 30 * time.Second

// moveResult is what one movement got.
type moveResult struct {
	entry    Entry
	replayed bool
	err      error
}

// movement is one entry to write: a credit or debit waiting for its statement, or the
// entry of Post.
type movement struct {
	ctx context.Context
	typ string
	pts int64 // signed
	m   Movement
	// reverses: the entry an E entry reverses; allowInactive: an inactive customer may
	// get it (Post's callers only: a client's credit or debit sets neither).
	reverses      *string
	allowInactive bool
	// availableAt: a held sale's credit is pending until then (Post only).
	availableAt *time.Time
	// ownID: the service chose m.ID (the client sent none), so meeting that id again
	// means this movement's own lost statement recorded it, not a replay by the client.
	ownID bool
	event *string // the event type to write, nil: none wanted
	res   moveResult
	done  chan struct{}
	// lead is set (before done is signalled) when this movement's goroutine must run
	// the next statement of its customer, for these movements (itself among them).
	lead []*movement
}

// move runs a credit or a debit as one statement (see above).
func (s *Service) move(ctx context.Context, typ string, points int64, m Movement) (Entry, bool, error) {
	if m.Points <= 0 {
		return Entry{}, false, apperr.Validation(validation.GreaterThan(0, "points"))
	}
	mv := &movement{ctx: ctx, typ: typ, pts: points, m: m, done: make(chan struct{}, 1)}
	if mv.m.ID == "" {
		// The key of the entry, chosen before the statement is sent: a statement whose
		// answer is lost runs again with it and meets the entry if it was recorded.
		mv.m.ID, mv.ownID = uuid.NewString(), true
	}
	if s.events != nil {
		if t := movementEventType(typ); s.events.Wants(t) {
			name := string(t)
			mv.event = &name
		}
	}
	c := s.combine
	c.mu.Lock()
	q, busy := c.waiting[m.CustomerID]
	if !busy {
		// Nothing of this customer runs: run now, alone.
		c.waiting[m.CustomerID] = nil
		c.mu.Unlock()
		s.runMoves([]*movement{mv})
		return mv.res.entry, mv.res.replayed, mv.res.err
	}
	c.waiting[m.CustomerID] = append(q, mv)
	c.mu.Unlock()
	select {
	case <-mv.done:
	case <-ctx.Done():
		c.mu.Lock()
		q := c.waiting[m.CustomerID]
		for i, w := range q {
			if w == mv { // still queued: leave
				c.waiting[m.CustomerID] = append(q[:i:i], q[i+1:]...)
				c.mu.Unlock()
				return Entry{}, false, ctx.Err()
			}
		}
		c.mu.Unlock()
		<-mv.done // already taken into a statement: its result (or its turn to lead) comes
	}
	if mv.lead != nil {
		s.runMoves(mv.lead)
	}
	return mv.res.entry, mv.res.replayed, mv.res.err
}

// runMoves runs one statement for mvs (movements of one customer), hands the customer's
// queue to the first waiting movement, and wakes the others of mvs with their results.
func (s *Service) runMoves(mvs []*movement) {
	s.execMoves(mvs)
	customerID := mvs[0].m.CustomerID
	c := s.combine
	c.mu.Lock()
	var next []*movement
	if q := c.waiting[customerID]; len(q) == 0 {
		delete(c.waiting, customerID)
	} else {
		n := min(len(q), maxCombined)
		next = q[:n:n]
		c.waiting[customerID] = q[n:]
	}
	c.mu.Unlock()
	// mvs[0] is the caller's own movement (it returns its result itself).
	for _, mv := range mvs[1:] {
		mv.done <- struct{}{}
	}
	if next != nil {
		next[0].lead = next
		next[0].done <- struct{}{}
	}
}

// execMoves sets the result of every movement of mvs.
func (s *Service) execMoves(mvs []*movement) {
	if len(mvs) == 1 {
		mvs[0].res = s.moveStatement(mvs[0].ctx, mvs)[0]
		return
	}
	live := mvs[:0:0]
	for _, mv := range mvs {
		if err := mv.ctx.Err(); err != nil {
			mv.res = moveResult{err: err}
		} else {
			live = append(live, mv)
		}
	}
	if len(live) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(live[0].ctx), combinedTimeout)
	defer cancel()
	results := s.moveStatement(ctx, live)
	var pgErr *pgconn.PgError
	if len(live) > 1 && errors.As(results[0].err, &pgErr) {
		// Postgres refused the statement as a whole (so it rolled back whole): run each
		// movement alone, so each gets its own answer and one cannot fail the others.
		for _, mv := range live {
			mv.res = s.moveStatement(mv.ctx, []*movement{mv})[0]
		}
		return
	}
	for i, mv := range live {
		mv.res = results[i]
	}
}

// moveStatement runs loyalty.ledger_move for mvs (one customer) and returns their
// results, or the statement's error for each. A deadlock is retried (the statement
// rolled back whole).
func (s *Service) moveStatement(ctx context.Context, mvs []*movement) []moveResult {
	n := len(mvs)
	customerID := mvs[0].m.CustomerID
	out := make([]moveResult, n)
	// Running the statement again is its own look-up: every movement carries its entry's
	// id, and ledger_move answers an id it meets with the entry recorded under it.
	change := database.Change{What: entryAdvice(mvs[0].m.ID)}
	err := database.Statement(ctx, s.db, change, func(ctx context.Context, conn *pgx.Conn) error {
		rows, err := conn.Query(ctx, moveSQL, moveArgs(mvs)...)
		if err != nil {
			return err
		}
		next := 0 // row i answers movement i
		results, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (moveResult, error) {
			if next >= n {
				return moveResult{}, fmt.Errorf("ledger_move returned more than %d rows", n)
			}
			next++
			return scanMoveRow(row, mvs[next-1])
		})
		if err != nil {
			return err
		}
		if len(results) != n {
			return fmt.Errorf("ledger_move returned %d rows for %d movements", len(results), n)
		}
		copy(out, results)
		return nil
	})
	if err != nil {
		err = translate(err, "post entry for customer "+customerID)
		for i, mv := range mvs {
			out[i] = moveResult{err: err}
			if errors.Is(err, database.ErrOutcomeUnknown) {
				// Each client is told its own entry's id.
				out[i].err = database.OutcomeUnknown(entryAdvice(mv.m.ID), err)
			}
		}
	}
	return out
}

// moveArgs are the arguments of moveSQL for mvs (one customer).
func moveArgs(mvs []*movement) []any {
	n := len(mvs)
	ids := make([]*string, n)
	types := make([]string, n)
	points := make([]int64, n)
	descriptions := make([]string, n)
	tids := make([]*string, n)
	coupons := make([]*string, n)
	vendors := make([]*string, n)
	stores := make([]*string, n)
	userAts := make([]string, n)
	dates := make([]time.Time, n)
	redeems := make([]*string, n)
	events := make([]*string, n)
	reverses := make([]*string, n)
	expires := make([]*time.Time, n)
	availables := make([]*time.Time, n)
	for i, mv := range mvs {
		if mv.m.ID != "" {
			ids[i] = &mv.m.ID
		}
		types[i], points[i], descriptions[i] = mv.typ, mv.pts, mv.m.Description
		tids[i], coupons[i], vendors[i], stores[i] = mv.m.TransactionIdentifier, mv.m.CouponIdentifier, mv.m.VendorDocument, mv.m.StoreCode
		userAts[i], dates[i], redeems[i], events[i] = mv.m.UserAt, mv.m.TransactionDate.UTC(), mv.m.RedeemID, mv.event
		reverses[i] = mv.reverses
		expires[i], availables[i] = utc(mv.m.ExpiresAt), utc(mv.availableAt)
	}
	// One flag per call: only Post sets it, and Post's call carries one movement.
	return []any{mvs[0].m.CustomerID, ids, types, points, descriptions, tids, coupons, vendors, stores,
		userAts, dates, redeems, events, reverses, mvs[0].allowInactive, expires, availables}
}

// scanMoveRow reads one row of moveSQL for mv (from pgx, or database/sql in Post).
func scanMoveRow(rows interface{ Scan(dest ...any) error }, mv *movement) (moveResult, error) {
	var (
		outcome                           string
		id, customerID, description, user *string
		typ                               *string
		pts                               *int64
		date, created, updated            *time.Time
		e                                 Entry
	)
	err := rows.Scan(&outcome, &id, &customerID, &e.VendorDocument, &e.StoreCode, &pts,
		&e.TransactionIdentifier, &description, &user, &date, &e.CouponIdentifier, &e.RedeemID,
		&typ, &e.ReversesID, &e.CancelledAt, &e.ExpiresAt, &e.AvailableAt, &created, &updated)
	if err != nil {
		return moveResult{}, fmt.Errorf("read ledger_move row: %w", err)
	}
	if id != nil {
		e.ID, e.CustomerID, e.Description, e.UserAt = *id, deref(customerID), deref(description), deref(user)
		e.TransactionType = deref(typ)
		if pts != nil {
			e.Points = *pts
		}
		if date != nil {
			e.TransactionDate = *date
		}
		if created != nil {
			e.CreatedAt = *created
		}
		if updated != nil {
			e.UpdatedAt = *updated
		}
	}
	switch outcome {
	case "posted":
		return moveResult{entry: e}, nil
	case "replayed":
		// The service's own id: the first run of this statement recorded it.
		return moveResult{entry: e, replayed: !mv.ownID || e.ID != mv.m.ID}, nil
	case "identifier_reused":
		return moveResult{err: ErrIdentifierReused.Withf(
			"transaction_identifier %q was already used with %d points", deref(mv.m.TransactionIdentifier), abs(e.Points))}, nil
	case "id_reused":
		return moveResult{err: ErrIdentifierReused.Withf("A points entry with id %s already exists", mv.m.ID)}, nil
	case "not_found":
		return moveResult{err: customer.ErrNotFound}, nil
	case "inactive":
		return moveResult{err: customer.ErrInactive}, nil
	case "insufficient":
		return moveResult{err: ErrInsufficientPoints}, nil
	case "overflow":
		return moveResult{err: ErrBalanceOverflow}, nil
	case "already_reversed":
		return moveResult{err: ErrAlreadyCancelled}, nil
	case "nothing_due":
		return moveResult{err: errNothingDue}, nil
	}
	return moveResult{err: fmt.Errorf("insert of entry for customer %s skipped for no known reason (%s)", mv.m.CustomerID, outcome)}, nil
}

// combiner holds, per customer whose statement is running, the movements that arrived
// meanwhile (the key is present, possibly with none, while one runs).
type combiner struct {
	mu      sync.Mutex
	waiting map[string][]*movement
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
