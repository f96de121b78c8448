-- The webhook fan-out (docs/webhooks.md, "Delivery, retries, order"). Until 00510 the
-- transaction of a change wrote its event and one pending delivery per subscription
-- wanting it; for credits and debits, that was most of the outbox's cost to the ledger
-- (one more table, its indexes and a subscription scan in every movement's statement).
-- Now the change writes the event alone, and webhook.Service.FanOut adds the deliveries
-- afterwards, in bulk and in seq order, once every event up to a frontier is committed
-- (or never will be): webhook_fanout.pos is that frontier.
--
-- A credit's or debit's event does not even carry its payload: rendering the entry as JSON
-- and writing those 600 bytes was most of what remained of its cost. It names the entry
-- (entry_id), and the payload is rendered when the event is read, through the view
-- webhook_event_payloads, from the entry as it was posted: entries are immutable but for
-- cancelled_at and updated_at (00201), which a fresh entry has null and equal to
-- created_at. Deleting a customer deletes its entries, so that transaction first keeps
-- a snapshot of the payloads stored events may still need (webhook_entry_snapshots,
-- event.Outbox.KeepEntries).
--
-- Replicas of the previous version keep working while a rollout runs: their Go writers
-- still add deliveries in the change's transaction, and the fan-out does not add a second
-- pending one (the unique queue index below); their ledger_move is this one (the function
-- lives here), so their credits and debits are fanned out by the new replicas.

-- +goose Up
CREATE TABLE webhook_fanout (
    -- One row.
    id  boolean PRIMARY KEY DEFAULT true CHECK (id),
    -- Every event with seq <= pos has its deliveries.
    pos bigint NOT NULL
);
INSERT INTO webhook_fanout (pos) SELECT COALESCE(max(seq), 0) FROM webhook_events;
-- The fan-out reads the sequence's last value as a frontier: no backend may hold numbers
-- drawn ahead of it (the default; said here so that nobody "tunes" it).
ALTER TABLE webhook_events ALTER COLUMN seq SET CACHE 1;
-- Pruning walks the events in seq order (the primary key) and stops at the first young
-- one, so the change's insert no longer maintains a second index.
DROP INDEX webhook_events_created_at_brin;
-- The queue index becomes unique, so a delivery the previous version already wrote (in
-- the change's transaction, during a rollout) is not added twice: ON CONFLICT DO NOTHING.
DROP INDEX webhook_deliveries_pending_idx;
CREATE UNIQUE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (subscription_id, event_seq) WHERE status = 'pending';

-- An event has its payload (data) or names the entry it describes (entry_id).
ALTER TABLE webhook_events ADD COLUMN entry_id uuid, ALTER COLUMN data DROP NOT NULL;

-- Payloads of entries deleted (with their customer) while events naming them were stored.
CREATE TABLE webhook_entry_snapshots (
    entry_id   uuid PRIMARY KEY,
    data       json NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- +goose StatementBegin
-- The entry as the API rendered it when it was posted (ledger_entry_json of the row
-- ledger_move inserted): not cancelled, updated when created.
CREATE FUNCTION loyalty.ledger_entry_json_as_posted(e loyalty.points_entries) RETURNS json AS $$
BEGIN
    e.cancelled_at := NULL;
    e.updated_at := e.created_at;
    RETURN loyalty.ledger_entry_json(e);
END;
$$ LANGUAGE plpgsql STABLE;
-- +goose StatementEnd

-- Every event with its payload: stored, rendered from its entry, or kept when the entry
-- was deleted. What the delivery worker sends.
CREATE VIEW webhook_event_payloads AS
SELECT e.seq, e.id, e.type, e.created_at,
       CASE WHEN e.data IS NOT NULL THEN e.data
            WHEN pe.id IS NOT NULL THEN loyalty.ledger_entry_json_as_posted(pe)
            ELSE s.data END AS data
  FROM webhook_events e
  LEFT JOIN points_entries pe ON pe.id = e.entry_id
  LEFT JOIN webhook_entry_snapshots s ON s.entry_id = e.entry_id AND pe.id IS NULL;

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION loyalty.ledger_move(
    p_customer uuid,
    p_ids uuid[],
    p_types text[],
    p_points bigint[],
    p_descriptions text[],
    p_transaction_identifiers text[],
    p_coupon_identifiers text[],
    p_vendor_documents text[],
    p_store_codes text[],
    p_user_ats text[],
    p_transaction_dates timestamptz[],
    p_redeem_ids uuid[],
    p_events text[]
) RETURNS TABLE (outcome text, entry loyalty.points_entries) AS $$
DECLARE
    v_balance numeric;
    v_active  boolean;
    v_now     timestamptz;
BEGIN
    -- The ledger lock first (the same order as the entries trigger and AdjustBalance):
    -- the balance read below stays true until this statement commits.
    PERFORM loyalty.ledger_lock_customer(p_customer);
    SELECT c.points_balance, c.is_active INTO v_balance, v_active
      FROM loyalty.customers c WHERE c.id = p_customer;
    FOR i IN 1 .. cardinality(p_types) LOOP
        outcome := NULL;
        entry := NULL;
        IF v_active IS NULL THEN
            outcome := 'not_found';
        ELSIF NOT v_active THEN
            outcome := 'inactive';
        ELSIF v_balance + p_points[i] < 0 THEN
            outcome := 'insufficient';
        ELSIF v_balance + p_points[i] > 9223372036854775807 THEN
            outcome := 'overflow';
        ELSE
            v_now := clock_timestamp();
            INSERT INTO loyalty.points_entries AS pe (id, customer_id, transaction_type, points,
                description, transaction_identifier, coupon_identifier, vendor_document,
                store_code, user_at, transaction_date, redeem_id, created_at, updated_at)
            VALUES (COALESCE(p_ids[i], gen_random_uuid()), p_customer, p_types[i], p_points[i],
                p_descriptions[i], p_transaction_identifiers[i], p_coupon_identifiers[i],
                p_vendor_documents[i], p_store_codes[i], p_user_ats[i], p_transaction_dates[i],
                p_redeem_ids[i], v_now, v_now)
            ON CONFLICT DO NOTHING
            RETURNING pe.* INTO entry;
            IF FOUND THEN
                outcome := 'posted';
                v_balance := v_balance + p_points[i];
                -- ledger.notePurchase: a credit with a coupon is a purchase.
                IF p_types[i] = 'C' AND p_coupon_identifiers[i] IS NOT NULL THEN
                    UPDATE loyalty.customers c
                       SET last_purchase = GREATEST(COALESCE(c.last_purchase, p_transaction_dates[i]), p_transaction_dates[i]),
                           store_code_owner = COALESCE(c.store_code_owner, p_store_codes[i])
                     WHERE c.id = p_customer;
                END IF;
                -- The outbox: the event alone (its seq drawn here, after the lock), naming
                -- the entry it describes; its payload is rendered from the entry when it
                -- is sent (webhook_event_payloads) and its deliveries are added by the
                -- fan-out (webhook.Service.FanOut) once it is committed. p_events names
                -- it only when this replica's view says an active subscription wants
                -- the type.
                IF p_events[i] IS NOT NULL THEN
                    INSERT INTO loyalty.webhook_events (type, entry_id) VALUES (p_events[i], entry.id);
                END IF;
            END IF;
        END IF;
        IF outcome IS DISTINCT FROM 'posted' THEN
            -- Nothing written: an earlier entry with the same key makes it a replay (or a
            -- reuse), whatever else would have refused it.
            IF p_transaction_identifiers[i] IS NOT NULL THEN
                SELECT * INTO entry FROM loyalty.points_entries pe
                 WHERE pe.customer_id = p_customer AND pe.transaction_type = p_types[i]
                   AND pe.transaction_identifier = p_transaction_identifiers[i];
                IF FOUND THEN
                    outcome := CASE WHEN entry.points = p_points[i] THEN 'replayed' ELSE 'identifier_reused' END;
                END IF;
            END IF;
            IF outcome IS DISTINCT FROM 'replayed' AND outcome IS DISTINCT FROM 'identifier_reused'
               AND p_ids[i] IS NOT NULL THEN
                SELECT * INTO entry FROM loyalty.points_entries pe WHERE pe.id = p_ids[i];
                IF FOUND THEN
                    outcome := CASE WHEN entry.customer_id = p_customer AND entry.transaction_type = p_types[i]
                                         AND entry.points = p_points[i] THEN 'replayed' ELSE 'id_reused' END;
                END IF;
            END IF;
            IF outcome IS NULL THEN
                outcome := 'skipped';
            END IF;
            IF outcome NOT IN ('replayed', 'identifier_reused', 'id_reused') THEN
                entry := NULL;
            END IF;
        END IF;
        RETURN NEXT;
    END LOOP;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION loyalty.ledger_move(
    p_customer uuid,
    p_ids uuid[],
    p_types text[],
    p_points bigint[],
    p_descriptions text[],
    p_transaction_identifiers text[],
    p_coupon_identifiers text[],
    p_vendor_documents text[],
    p_store_codes text[],
    p_user_ats text[],
    p_transaction_dates timestamptz[],
    p_redeem_ids uuid[],
    p_events text[]
) RETURNS TABLE (outcome text, entry loyalty.points_entries) AS $$
DECLARE
    v_balance numeric;
    v_active  boolean;
    v_now     timestamptz;
BEGIN
    -- The ledger lock first (the same order as the entries trigger and AdjustBalance):
    -- the balance read below stays true until this statement commits.
    PERFORM loyalty.ledger_lock_customer(p_customer);
    SELECT c.points_balance, c.is_active INTO v_balance, v_active
      FROM loyalty.customers c WHERE c.id = p_customer;
    FOR i IN 1 .. cardinality(p_types) LOOP
        outcome := NULL;
        entry := NULL;
        IF v_active IS NULL THEN
            outcome := 'not_found';
        ELSIF NOT v_active THEN
            outcome := 'inactive';
        ELSIF v_balance + p_points[i] < 0 THEN
            outcome := 'insufficient';
        ELSIF v_balance + p_points[i] > 9223372036854775807 THEN
            outcome := 'overflow';
        ELSE
            v_now := clock_timestamp();
            INSERT INTO loyalty.points_entries AS pe (id, customer_id, transaction_type, points,
                description, transaction_identifier, coupon_identifier, vendor_document,
                store_code, user_at, transaction_date, redeem_id, created_at, updated_at)
            VALUES (COALESCE(p_ids[i], gen_random_uuid()), p_customer, p_types[i], p_points[i],
                p_descriptions[i], p_transaction_identifiers[i], p_coupon_identifiers[i],
                p_vendor_documents[i], p_store_codes[i], p_user_ats[i], p_transaction_dates[i],
                p_redeem_ids[i], v_now, v_now)
            ON CONFLICT DO NOTHING
            RETURNING pe.* INTO entry;
            IF FOUND THEN
                outcome := 'posted';
                v_balance := v_balance + p_points[i];
                -- ledger.notePurchase: a credit with a coupon is a purchase.
                IF p_types[i] = 'C' AND p_coupon_identifiers[i] IS NOT NULL THEN
                    UPDATE loyalty.customers c
                       SET last_purchase = GREATEST(COALESCE(c.last_purchase, p_transaction_dates[i]), p_transaction_dates[i]),
                           store_code_owner = COALESCE(c.store_code_owner, p_store_codes[i])
                     WHERE c.id = p_customer;
                END IF;
                -- The outbox, the statement of event.recordSQL: the event only when an
                -- active subscription wants its type, with one pending delivery per such
                -- subscription; its seq drawn here, after the lock.
                IF p_events[i] IS NOT NULL THEN
                    WITH subs AS (
                        SELECT s.id FROM loyalty.webhook_subscriptions s
                         WHERE s.is_active AND (cardinality(s.event_types) = 0 OR p_events[i] = ANY (s.event_types))
                    ), ev AS (
                        INSERT INTO loyalty.webhook_events (type, data)
                        SELECT p_events[i], loyalty.ledger_entry_json(entry) WHERE EXISTS (SELECT 1 FROM subs)
                        RETURNING seq
                    )
                    INSERT INTO loyalty.webhook_deliveries (subscription_id, event_seq)
                    SELECT subs.id, ev.seq FROM subs CROSS JOIN ev;
                END IF;
            END IF;
        END IF;
        IF outcome IS DISTINCT FROM 'posted' THEN
            -- Nothing written: an earlier entry with the same key makes it a replay (or a
            -- reuse), whatever else would have refused it.
            IF p_transaction_identifiers[i] IS NOT NULL THEN
                SELECT * INTO entry FROM loyalty.points_entries pe
                 WHERE pe.customer_id = p_customer AND pe.transaction_type = p_types[i]
                   AND pe.transaction_identifier = p_transaction_identifiers[i];
                IF FOUND THEN
                    outcome := CASE WHEN entry.points = p_points[i] THEN 'replayed' ELSE 'identifier_reused' END;
                END IF;
            END IF;
            IF outcome IS DISTINCT FROM 'replayed' AND outcome IS DISTINCT FROM 'identifier_reused'
               AND p_ids[i] IS NOT NULL THEN
                SELECT * INTO entry FROM loyalty.points_entries pe WHERE pe.id = p_ids[i];
                IF FOUND THEN
                    outcome := CASE WHEN entry.customer_id = p_customer AND entry.transaction_type = p_types[i]
                                         AND entry.points = p_points[i] THEN 'replayed' ELSE 'id_reused' END;
                END IF;
            END IF;
            IF outcome IS NULL THEN
                outcome := 'skipped';
            END IF;
            IF outcome NOT IN ('replayed', 'identifier_reused', 'id_reused') THEN
                entry := NULL;
            END IF;
        END IF;
        RETURN NEXT;
    END LOOP;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
UPDATE webhook_events e SET data = p.data FROM webhook_event_payloads p WHERE e.data IS NULL AND p.seq = e.seq;
DELETE FROM webhook_events WHERE data IS NULL;
DROP VIEW webhook_event_payloads;
DROP FUNCTION loyalty.ledger_entry_json_as_posted(loyalty.points_entries);
DROP TABLE webhook_entry_snapshots;
ALTER TABLE webhook_events DROP COLUMN entry_id, ALTER COLUMN data SET NOT NULL;
CREATE INDEX webhook_events_created_at_brin ON webhook_events USING brin (created_at);
DROP INDEX webhook_deliveries_pending_idx;
CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (subscription_id, event_seq) WHERE status = 'pending';
DROP TABLE webhook_fanout;
