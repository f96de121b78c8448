-- Credits and debits in one statement (docs/ledger.md, "One statement per credit or
-- debit"). ledger.Service.Credit/Debit call loyalty.ledger_move in autocommit: one round
-- trip to Postgres, no BEGIN/COMMIT around it, and the customer's ledger lock held only
-- while the function runs and its implicit transaction commits (before, it was held
-- across the round trips of INSERT, outbox write and COMMIT). The function writes the
-- entries, the balance moves through the unchanged trigger of 00201/00410 (which still
-- refuses an overdraft), and the webhook event of each entry is written by the same
-- statement when an active subscription wants it: no entry without its event, no event
-- without its entry.
--
-- One call may carry several movements of the same customer (the service combines the
-- credits and debits of one customer that arrive while one of its statements runs).
-- Each gets its own outcome row, in order, so one refused movement does not fail the
-- others: the function checks what the trigger would refuse (missing or inactive
-- customer, overdraft, bigint overflow) before inserting, under the customer's lock.

-- +goose Up

-- +goose StatementBegin
-- A timestamp as Go's encoding/json writes a time.Time in UTC (RFC 3339, fraction
-- without trailing zeros), so an event written here reads exactly like the API's answer.
CREATE FUNCTION loyalty.ledger_json_time(t timestamptz) RETURNS text AS $$
    SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS')
        || rtrim(rtrim(to_char(t AT TIME ZONE 'UTC', '.US'), '0'), '.') || 'Z';
$$ LANGUAGE sql STABLE;
-- +goose StatementEnd

-- +goose StatementBegin
-- An entry as the API renders it (ledger.Entry, PointsResponse): the payload of
-- points.credited and points.debited.
CREATE FUNCTION loyalty.ledger_entry_json(e loyalty.points_entries) RETURNS json AS $$
    SELECT json_build_object(
        'id', e.id, 'customer_id', e.customer_id, 'vendor_document', e.vendor_document,
        'store_code', e.store_code, 'points', e.points,
        'transaction_identifier', e.transaction_identifier, 'description', e.description,
        'user_at', e.user_at, 'transaction_date', loyalty.ledger_json_time(e.transaction_date),
        'coupon_identifier', e.coupon_identifier, 'redeem_id', e.redeem_id,
        'transaction_type', e.transaction_type, 'reverses_id', e.reverses_id,
        'cancelled_at', loyalty.ledger_json_time(e.cancelled_at),
        'created_at', loyalty.ledger_json_time(e.created_at),
        'updated_at', loyalty.ledger_json_time(e.updated_at));
$$ LANGUAGE sql STABLE;
-- +goose StatementEnd

-- +goose StatementBegin
-- ledger_move posts movements (C with points > 0, D with points < 0) of one customer, in
-- array order, and returns one row per movement, in the same order:
--   posted             the entry was written (and its event, if p_events names one and an
--                      active subscription wants it)
--   replayed           an entry with the same transaction_identifier (same customer and
--                      type) or the same id already exists with the same points: entry
--                      is that entry, nothing written
--   identifier_reused  the transaction_identifier was used with other points (entry: it)
--   id_reused          the id belongs to another entry (entry: it)
--   not_found, inactive, insufficient, overflow   nothing written (entry null)
--   skipped            the insert wrote nothing for no known reason
-- The checks follow the order of ledger.Post: an existing entry (replay) wins over a
-- missing or inactive customer and over a short balance. created_at is the time each
-- entry is written (not the transaction's start, which the movements of one call share),
-- so a statement lists them in the order they were applied.
CREATE FUNCTION loyalty.ledger_move(
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

-- +goose Down
DROP FUNCTION loyalty.ledger_move(uuid, uuid[], text[], bigint[], text[], text[], text[], text[], text[], text[], timestamptz[], uuid[], text[]);
DROP FUNCTION loyalty.ledger_entry_json(loyalty.points_entries);
DROP FUNCTION loyalty.ledger_json_time(timestamptz);
