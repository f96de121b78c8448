package event

import (
	"context"
	"encoding/json"
	"fmt"

	"gorm.io/gorm"
)

// Outbox writes events into the transaction of the change they describe. It holds no
// state: the zero value is ready, and it is safe for concurrent use.
type Outbox struct{}

// recordSQL adds the event and one pending delivery per active subscription that wants
// its type, in one statement (one round trip inside the caller's transaction). When no
// subscription wants the type, nothing is written at all: an event nobody receives is
// not kept. A subscription created after the statement ran does not get the event.
const recordSQL = `
WITH subs AS (
    SELECT id FROM webhook_subscriptions
     WHERE is_active AND (cardinality(event_types) = 0 OR ?::text = ANY (event_types))
), ev AS (
    INSERT INTO webhook_events (type, data)
    SELECT ?, ?::json WHERE EXISTS (SELECT 1 FROM subs)
    RETURNING seq
)
INSERT INTO webhook_deliveries (subscription_id, event_seq)
SELECT subs.id, ev.seq FROM subs CROSS JOIN ev`

// Record writes an event of type typ whose payload is data rendered as JSON (the resource
// as the API renders it). tx must be the transaction making the change: if it rolls back,
// the event goes with it, and if Record fails the caller must roll back (return the
// error from its transaction function), so no change commits without its event.
func (Outbox) Record(ctx context.Context, tx *gorm.DB, typ Type, data any) error {
	raw, err := json.Marshal(data)
	if err != nil {
		return fmt.Errorf("event %s: render payload: %w", typ, err)
	}
	if err := tx.WithContext(ctx).Exec(recordSQL, string(typ), string(typ), string(raw)).Error; err != nil {
		return fmt.Errorf("event %s: write to outbox: %w", typ, err)
	}
	return nil
}

// Clauses returns WITH clauses that record an event of type typ for every row of the
// common table expression named rows, its data the SQL json expression data over that
// row. They start with a comma, to follow the writer's own expression. A writer that can
// render its resource in SQL uses them to write the change and its event in one
// statement, sparing the round trip of Record: the ledger does for credits and debits,
// where that round trip would cost a tenth of its throughput. rows and data are SQL text
// from the caller's code, never input.
//
// Data-modifying clauses run whether or not the main query reads them, so the caller's
// statement needs nothing more; if it fails, the event goes with it.
func (Outbox) Clauses(typ Type, rows, data string) (string, []any) {
	return `, webhook_subs AS (
    SELECT id FROM webhook_subscriptions
     WHERE is_active AND (cardinality(event_types) = 0 OR ?::text = ANY (event_types))
), webhook_ev AS (
    INSERT INTO webhook_events (type, data)
    SELECT ?, ` + data + ` FROM ` + rows + ` WHERE EXISTS (SELECT 1 FROM webhook_subs)
    RETURNING seq
), webhook_dl AS (
    INSERT INTO webhook_deliveries (subscription_id, event_seq)
    SELECT webhook_subs.id, webhook_ev.seq FROM webhook_subs CROSS JOIN webhook_ev
)`, []any{string(typ), string(typ)}
}
