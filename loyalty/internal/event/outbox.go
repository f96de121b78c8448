package event

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"gorm.io/gorm"
)

// Outbox writes events into the transaction of the change they describe. It is safe for
// concurrent use. The zero value records every event: each Record asks the database
// whether an active subscription wants it. Watch adds a view, per replica, of the types
// active subscriptions want, so a change nobody subscribed to costs nothing (no
// statement at all); the view is refreshed every interval and at once after a
// subscription changes on this replica (Refresh).
//
// The view only decides whether to write; which subscriptions get the event is decided
// by the database, when the webhook fan-out adds its deliveries after it committed
// (webhook.Service.FanOut). So a stale view can delay the start of a subscription
// created or re-activated on another replica by up to one interval, and never sends an
// event to a deleted or inactive one.
type Outbox struct {
	wanted atomic.Pointer[interest] // nil: unknown, record everything
}

// interest is what active subscriptions want.
type interest struct {
	all   bool
	types map[Type]bool
}

// recordSQL adds the event when an active subscription wants its type; nothing is
// written otherwise (an event nobody receives is not kept). Only the event: its
// deliveries are added by the fan-out (webhook.Service.FanOut) once it is committed, so
// a subscription created after the change does not get it. Its seq, the delivery order,
// is drawn here, after the change took its locks.
//
// The fan-out relies on the transaction having its id before it draws the seq. A change
// has written its rows by now, so it has one; pg_current_xact_id() in the filter, which
// runs before the row (and its seq) is formed, makes sure of it even when the event is
// a transaction's first write.
const recordSQL = `
INSERT INTO webhook_events (type, data)
SELECT $1, $2::json
 WHERE pg_current_xact_id() IS NOT NULL
   AND EXISTS (SELECT 1 FROM webhook_subscriptions
                WHERE is_active AND (cardinality(event_types) = 0 OR $1::text = ANY (event_types)))`

// Record writes an event of type typ whose payload is data rendered as JSON (the resource
// as the API renders it). tx must be the transaction making the change: if it rolls back,
// the event goes with it, and if Record fails the caller must roll back (return the
// error from its transaction function), so no change commits without its event.
func (o *Outbox) Record(ctx context.Context, tx *gorm.DB, typ Type, data any) error {
	if !o.Wants(typ) {
		return nil
	}
	raw, err := json.Marshal(data)
	if err != nil {
		return fmt.Errorf("event %s: render payload: %w", typ, err)
	}
	// Straight to the transaction's connection: this runs inside every ledger
	// transaction, and GORM's statement building would be most of its cost in Go.
	if tx.Statement == nil || tx.Statement.ConnPool == nil {
		return fmt.Errorf("event %s: no database handle", typ)
	}
	if _, err := tx.Statement.ConnPool.ExecContext(ctx, recordSQL, string(typ), string(raw)); err != nil {
		return fmt.Errorf("event %s: write to outbox: %w", typ, err)
	}
	return nil
}

// KeepEntries keeps, in tx, the payloads of the customer's entries that stored events
// may still need: a credit's or debit's event names its entry and is rendered from it
// when sent (migration 00520), and deleting a customer deletes its entries. Call it in
// the deleting transaction, before the delete. Entries older than every stored event
// (less an hour, for transactions that ran long) cannot be named by one; with no event
// stored, nothing is kept.
func (o *Outbox) KeepEntries(ctx context.Context, tx *gorm.DB, customerID string) error {
	err := tx.WithContext(ctx).Exec(`
		INSERT INTO webhook_entry_snapshots (entry_id, data)
		SELECT pe.id, ledger_entry_json_as_posted(pe) FROM points_entries pe
		 WHERE pe.customer_id = ?
		   AND pe.created_at >= (SELECT created_at - interval '1 hour' FROM webhook_events ORDER BY seq LIMIT 1)
		ON CONFLICT (entry_id) DO NOTHING`, customerID).Error
	if err != nil {
		return fmt.Errorf("keep event payloads of customer %s: %w", customerID, err)
	}
	return nil
}

// Wants reports whether, as far as this replica's view knows, an active subscription may
// want events of type typ (true while the view is unknown). Writers that put the event in
// their own statement (ledger credits and debits, migration 00510) ask it so that nobody
// subscribed costs nothing; the database still decides who gets the event.
func (o *Outbox) Wants(typ Type) bool {
	w := o.wanted.Load()
	return w == nil || w.all || w.types[typ]
}

// Refresh reads which types the active subscriptions want. On failure the view becomes
// unknown (every event is recorded) until a refresh succeeds.
func (o *Outbox) Refresh(ctx context.Context, db *gorm.DB) error {
	var types []string
	err := db.WithContext(ctx).Raw(`
		SELECT DISTINCT t FROM webhook_subscriptions s,
		       unnest(CASE WHEN cardinality(s.event_types) = 0 THEN ARRAY['*'] ELSE s.event_types END) t
		 WHERE s.is_active`).Scan(&types).Error
	if err != nil {
		o.wanted.Store(nil)
		return fmt.Errorf("read webhook subscriptions: %w", err)
	}
	w := &interest{types: map[Type]bool{}}
	for _, t := range types {
		if t == "*" {
			w.all = true
		}
		w.types[Type(t)] = true
	}
	o.wanted.Store(w)
	return nil
}

// Watch refreshes the view every interval until ctx ends (serve runs it).
func (o *Outbox) Watch(ctx context.Context, db *gorm.DB, interval time.Duration, log *slog.Logger) {
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	for {
		if err := o.Refresh(ctx, db); err != nil && !errors.Is(err, context.Canceled) {
			log.WarnContext(ctx, "webhook subscriptions not read; recording every event meanwhile", "error", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}
