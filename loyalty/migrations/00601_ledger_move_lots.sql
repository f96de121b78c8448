-- ledger_move with lots (00600; docs/ledger.md "Lots and expiry"). Two changes:
--   p_expires_ats   per movement, a credit's expiry (the lot it opens; null: never);
--                   null for every other type
--   type X          an expiry: its points are computed here, under the customer's lock,
--                   as everything the customer's open lots due at the movement's
--                   transaction_date (the cutoff) still hold; none due is the outcome
--                   nothing_due (no entry). A replay of an X by its id is answered
--                   whatever its points (they were computed, not sent).
-- Entries render their expires_at (ledger.Entry), in events too (ledger_entry_json).
-- The lots themselves move in the entries trigger (loyalty.points_lots_apply). The
-- 15-argument form of 00552 stays, as a call of this one (no expiry dates), for replicas
-- of the previous version while a rollout runs.

-- +goose Up

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION loyalty.ledger_entry_json(e loyalty.points_entries) RETURNS json AS $$
    SELECT json_build_object(
        'id', e.id, 'customer_id', e.customer_id, 'vendor_document', e.vendor_document,
        'store_code', e.store_code, 'points', e.points,
        'transaction_identifier', e.transaction_identifier, 'description', e.description,
        'user_at', e.user_at, 'transaction_date', loyalty.ledger_json_time(e.transaction_date),
        'coupon_identifier', e.coupon_identifier, 'redeem_id', e.redeem_id,
        'transaction_type', e.transaction_type, 'reverses_id', e.reverses_id,
        'cancelled_at', loyalty.ledger_json_time(e.cancelled_at),
        'expires_at', loyalty.ledger_json_time(e.expires_at),
        'created_at', loyalty.ledger_json_time(e.created_at),
        'updated_at', loyalty.ledger_json_time(e.updated_at));
$$ LANGUAGE sql STABLE;
-- +goose StatementEnd

-- +goose StatementBegin
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
    p_events text[],
    p_reverses_ids uuid[],
    p_allow_inactive boolean,
    p_expires_ats timestamptz[]
) RETURNS TABLE (outcome text, entry loyalty.points_entries) AS $$
DECLARE
    v_balance numeric;
    v_active  boolean;
    v_now     timestamptz;
    v_points  bigint;
BEGIN
    -- The ledger lock first (the same order as the entries trigger): the balance read
    -- below stays true until this statement (or the transaction that calls it) commits.
    PERFORM loyalty.ledger_lock_customer(p_customer);
    SELECT c.points_balance, c.is_active INTO v_balance, v_active
      FROM loyalty.customers c WHERE c.id = p_customer;
    FOR i IN 1 .. cardinality(p_types) LOOP
        outcome := NULL;
        entry := NULL;
        v_points := p_points[i];
        IF p_types[i] = 'X' AND v_active IS NOT NULL THEN
            -- An expiry takes every lot due at its cutoff (its transaction_date): its
            -- points are what those lots hold now, under the lock.
            SELECT -COALESCE(sum(l.remaining), 0) INTO v_points FROM loyalty.points_lots l
             WHERE l.customer_id = p_customer AND l.open AND l.expires_at <= p_transaction_dates[i];
        END IF;
        IF v_active IS NULL THEN
            outcome := 'not_found';
        ELSIF NOT v_active AND NOT p_allow_inactive THEN
            outcome := 'inactive';
        ELSIF p_types[i] = 'X' AND v_points = 0 THEN
            outcome := 'nothing_due';
        ELSIF v_balance + v_points < 0 THEN
            outcome := 'insufficient';
        ELSIF v_balance + v_points > 9223372036854775807 THEN
            outcome := 'overflow';
        ELSE
            v_now := clock_timestamp();
            INSERT INTO loyalty.points_entries AS pe (id, customer_id, transaction_type, points,
                description, transaction_identifier, coupon_identifier, vendor_document,
                store_code, user_at, transaction_date, redeem_id, reverses_id, expires_at, created_at, updated_at)
            VALUES (COALESCE(p_ids[i], gen_random_uuid()), p_customer, p_types[i], v_points,
                p_descriptions[i], p_transaction_identifiers[i], p_coupon_identifiers[i],
                p_vendor_documents[i], p_store_codes[i], p_user_ats[i], p_transaction_dates[i],
                p_redeem_ids[i], p_reverses_ids[i], p_expires_ats[i], v_now, v_now)
            ON CONFLICT DO NOTHING
            RETURNING pe.* INTO entry;
            IF FOUND THEN
                outcome := 'posted';
                v_balance := v_balance + v_points;
                -- A credit with a coupon is a purchase: last_purchase moves forward and the
                -- first purchase's store owns the customer.
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
                    outcome := CASE WHEN entry.points = v_points THEN 'replayed' ELSE 'identifier_reused' END;
                END IF;
            END IF;
            IF outcome IS DISTINCT FROM 'replayed' AND outcome IS DISTINCT FROM 'identifier_reused'
               AND p_ids[i] IS NOT NULL THEN
                SELECT * INTO entry FROM loyalty.points_entries pe WHERE pe.id = p_ids[i];
                IF FOUND THEN
                    outcome := CASE WHEN entry.customer_id = p_customer AND entry.transaction_type = p_types[i]
                                         AND (entry.points = v_points OR p_types[i] = 'X') THEN 'replayed' ELSE 'id_reused' END;
                END IF;
            END IF;
            IF outcome IS NULL AND p_reverses_ids[i] IS NOT NULL THEN
                PERFORM 1 FROM loyalty.points_entries pe WHERE pe.reverses_id = p_reverses_ids[i];
                IF FOUND THEN
                    outcome := 'already_reversed';
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
    p_events text[],
    p_reverses_ids uuid[],
    p_allow_inactive boolean
) RETURNS TABLE (outcome text, entry loyalty.points_entries) AS $$
    SELECT * FROM loyalty.ledger_move(p_customer, p_ids, p_types, p_points, p_descriptions,
        p_transaction_identifiers, p_coupon_identifiers, p_vendor_documents, p_store_codes,
        p_user_ats, p_transaction_dates, p_redeem_ids, p_events, p_reverses_ids, p_allow_inactive,
        array_fill(NULL::timestamptz, ARRAY[cardinality(p_types)]));
$$ LANGUAGE sql;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION loyalty.ledger_entry_json(e loyalty.points_entries) RETURNS json AS $$
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
-- 00552's 15-argument function, as it was.
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
    p_events text[],
    p_reverses_ids uuid[],
    p_allow_inactive boolean
) RETURNS TABLE (outcome text, entry loyalty.points_entries) AS $$
DECLARE
    v_balance numeric;
    v_active  boolean;
    v_now     timestamptz;
BEGIN
    -- The ledger lock first (the same order as the entries trigger): the balance read
    -- below stays true until this statement (or the transaction that calls it) commits.
    PERFORM loyalty.ledger_lock_customer(p_customer);
    SELECT c.points_balance, c.is_active INTO v_balance, v_active
      FROM loyalty.customers c WHERE c.id = p_customer;
    FOR i IN 1 .. cardinality(p_types) LOOP
        outcome := NULL;
        entry := NULL;
        IF v_active IS NULL THEN
            outcome := 'not_found';
        ELSIF NOT v_active AND NOT p_allow_inactive THEN
            outcome := 'inactive';
        ELSIF v_balance + p_points[i] < 0 THEN
            outcome := 'insufficient';
        ELSIF v_balance + p_points[i] > 9223372036854775807 THEN
            outcome := 'overflow';
        ELSE
            v_now := clock_timestamp();
            INSERT INTO loyalty.points_entries AS pe (id, customer_id, transaction_type, points,
                description, transaction_identifier, coupon_identifier, vendor_document,
                store_code, user_at, transaction_date, redeem_id, reverses_id, created_at, updated_at)
            VALUES (COALESCE(p_ids[i], gen_random_uuid()), p_customer, p_types[i], p_points[i],
                p_descriptions[i], p_transaction_identifiers[i], p_coupon_identifiers[i],
                p_vendor_documents[i], p_store_codes[i], p_user_ats[i], p_transaction_dates[i],
                p_redeem_ids[i], p_reverses_ids[i], v_now, v_now)
            ON CONFLICT DO NOTHING
            RETURNING pe.* INTO entry;
            IF FOUND THEN
                outcome := 'posted';
                v_balance := v_balance + p_points[i];
                -- A credit with a coupon is a purchase: last_purchase moves forward and the
                -- first purchase's store owns the customer.
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
            IF outcome IS NULL AND p_reverses_ids[i] IS NOT NULL THEN
                PERFORM 1 FROM loyalty.points_entries pe WHERE pe.reverses_id = p_reverses_ids[i];
                IF FOUND THEN
                    outcome := 'already_reversed';
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
DROP FUNCTION loyalty.ledger_move(uuid, uuid[], text[], bigint[], text[], text[], text[], text[], text[], text[], timestamptz[], uuid[], text[], uuid[], boolean, timestamptz[]);
