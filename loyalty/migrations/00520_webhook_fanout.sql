-- The webhook fan-out (docs/webhooks.md, "Delivery, retries, order"). Until 00510 the
-- transaction of a change wrote its event and one pending delivery per subscription
-- wanting it; for credits and debits, that was most of the outbox's cost to the ledger
-- (one more table, its indexes and a subscription scan in every movement's statement).
-- Now the change writes the event alone, and webhook.Service.FanOut adds the deliveries
-- afterwards, in bulk and in seq order, once every event up to a frontier is committed
-- (or never will be): webhook_fanout.pos is that frontier.
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
-- Pruning walks the events in seq order (the primary key) and stops at the first young
-- one, so the change's insert no longer maintains a second index.
DROP INDEX webhook_events_created_at_brin;
-- The queue index becomes unique, so a delivery the previous version already wrote (in
-- the change's transaction, during a rollout) is not added twice: ON CONFLICT DO NOTHING.
DROP INDEX webhook_deliveries_pending_idx;
CREATE UNIQUE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (subscription_id, event_seq) WHERE status = 'pending';

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
                -- The outbox: the event alone (its seq drawn here, after the lock); the
                -- deliveries are added by the fan-out (webhook.Service.FanOut) once the
                -- event is committed. p_events names it only when this replica's view
                -- says an active subscription wants the type.
                IF p_events[i] IS NOT NULL THEN
                    INSERT INTO loyalty.webhook_events (type, data) VALUES (p_events[i], loyalty.ledger_entry_json(entry));
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
CREATE INDEX webhook_events_created_at_brin ON webhook_events USING brin (created_at);
DROP INDEX webhook_deliveries_pending_idx;
CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (subscription_id, event_seq) WHERE status = 'pending';
DROP TABLE webhook_fanout;
