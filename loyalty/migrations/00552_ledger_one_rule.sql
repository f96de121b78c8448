-- One rule for every points entry (docs/ledger.md, "The invariant and how it is kept").
-- Until now the checks of a new entry were written twice: in loyalty.ledger_move (00510,
-- 00520), which credits and debits run, and in Go (ledger.Post), which sales, redeem
-- blocks and reversals ran inside their transactions. Now every entry goes through
-- ledger_move: ledger.Post calls it with one movement inside the caller's transaction. For that it takes two more arguments:
--   p_reverses_ids     the entry each movement reverses (E entries), null otherwise
--   p_allow_inactive   an inactive customer may get the entries (reversals and expiries:
--                      giving points back is never refused)
-- and has one more outcome, already_reversed.
--
-- ledger_move posts movements of one customer (C credit > 0, or a sale's 0; D debit < 0;
-- R redeem block <= 0; E reversal), in array order, and returns one row per movement, in
-- the same order:
--   posted             the entry was written (and its event, if p_events names one)
--   replayed           an entry with the same transaction_identifier (same customer and
--                      type) or the same id already exists with the same points: entry
--                      is that entry, nothing written
--   identifier_reused  the transaction_identifier was used with other points (entry: it)
--   id_reused          the id belongs to another entry (entry: it)
--   not_found, inactive, insufficient, overflow   nothing written (entry null)
--   already_reversed   the entry named in p_reverses_ids already has its reversal
--   skipped            the insert wrote nothing for no known reason
-- An existing entry (replay) wins over a missing or inactive customer and over a short
-- balance. created_at is the time each entry is written (clock_timestamp, not the
-- transaction's start), so a statement lists entries in the order they were applied.
-- The entries trigger (00201, 00410) still moves the balance and still refuses an
-- overdraft: these checks let one call answer per movement instead of failing whole.
--
-- The 13-argument form of 00520 stays, as a call of this one, for replicas of the
-- previous version while a rollout runs.

-- +goose Up

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

-- +goose StatementBegin
-- The previous version's call: credits and debits of active customers.
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
    SELECT * FROM loyalty.ledger_move(p_customer, p_ids, p_types, p_points, p_descriptions,
        p_transaction_identifiers, p_coupon_identifiers, p_vendor_documents, p_store_codes,
        p_user_ats, p_transaction_dates, p_redeem_ids, p_events, NULL::uuid[], false);
$$ LANGUAGE sql;
-- +goose StatementEnd

-- +goose Down
-- 00520's function, as it was.
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
DROP FUNCTION loyalty.ledger_move(uuid, uuid[], text[], bigint[], text[], text[], text[], text[], text[], text[], timestamptz[], uuid[], text[], uuid[], boolean);
