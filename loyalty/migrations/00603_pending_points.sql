-- Pending points (issue 28; docs/ledger.md "Pending points"). A sale's credit may be held
-- for the return window (POINTS_PENDING_DAYS): its entry carries available_at, its lot
-- is pending until then, and its points count in customers.points_pending instead of
-- points_balance (which stays what the customer can spend). Debits, redeems and expiries
-- use available lots only; cancelling the sale before the window ends takes the pending
-- lot whole. When the window ends, loyalty.ledger_mature moves the customer's due lots to
-- available: at the customer's next ledger_move (under its lock, before anything else)
-- or at the expiry job's next run, whichever comes first.
--
-- Invariants (ledger.Audit): the customer's open available lots add up to points_balance,
-- its pending lots to points_pending (>= 0); points_pending, like points_balance, moves
-- only from inside the ledger (customers_balance_guard), and maturing is the one change
-- of it without an entry: ledger_mature moves both columns and the lots in one function,
-- marked by a transaction-local setting the guards accept (loyalty.ledger_maturing).
--
-- ledger_move gets p_available_ats (17 arguments); the 16-argument form stays as a call
-- of it. An expiry's points are loyalty.points_lots_due, which ledger_move and the lots
-- trigger both read.

-- +goose Up

ALTER TABLE customers ADD COLUMN points_pending bigint NOT NULL DEFAULT 0
    CONSTRAINT customers_points_pending_range CHECK (points_pending >= 0);

ALTER TABLE points_entries ADD COLUMN available_at timestamptz;
ALTER TABLE points_entries ADD CONSTRAINT points_entries_available_at_range
    CHECK (available_at >= '1900-01-01 00:00:00+00' AND available_at < '9999-01-01 00:00:00+00');
ALTER TABLE points_entries ADD CONSTRAINT points_entries_available_at_credit
    CHECK (available_at IS NULL OR transaction_type = 'C') NOT VALID;
ALTER TABLE points_entries VALIDATE CONSTRAINT points_entries_available_at_credit;
COMMENT ON COLUMN points_entries.available_at IS 'C only: when the points of a held sale become available (null: at once)';

ALTER TABLE points_lots ADD COLUMN pending boolean NOT NULL DEFAULT false,
    ADD COLUMN available_at timestamptz,
    ADD CONSTRAINT points_lots_available_at_range
        CHECK (available_at >= '1900-01-01 00:00:00+00' AND available_at < '9999-01-01 00:00:00+00');
-- Maturing: pending lots by date.
CREATE INDEX points_lots_pending_idx ON points_lots (available_at, customer_id) WHERE pending;

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION customers_balance_guard() RETURNS trigger AS $$
BEGIN
    IF pg_trigger_depth() < 2 AND current_setting('loyalty.ledger_maturing', true) IS DISTINCT FROM 'on' THEN
        RAISE EXCEPTION 'points_balance and points_pending change only through points entries'
            USING ERRCODE = 'LY003', HINT = 'post a points entry';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
DROP TRIGGER customers_balance_guard ON customers;
CREATE TRIGGER customers_balance_guard BEFORE UPDATE OF points_balance, points_pending ON customers
    FOR EACH ROW WHEN (OLD.points_balance IS DISTINCT FROM NEW.points_balance OR OLD.points_pending IS DISTINCT FROM NEW.points_pending)
    EXECUTE FUNCTION customers_balance_guard();
DROP TRIGGER customers_balance_guard_insert ON customers;
CREATE TRIGGER customers_balance_guard_insert BEFORE INSERT ON customers
    FOR EACH ROW WHEN (NEW.points_balance <> 0 OR NEW.points_pending <> 0)
    EXECUTE FUNCTION customers_balance_guard();

DROP TRIGGER points_lots_guard ON points_lots;
CREATE TRIGGER points_lots_guard BEFORE INSERT OR UPDATE OR DELETE ON points_lots
    FOR EACH STATEMENT WHEN (pg_trigger_depth() < 1 AND current_setting('loyalty.ledger_maturing', true) IS DISTINCT FROM 'on')
    EXECUTE FUNCTION loyalty.points_lots_guard();

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
        'available_at', loyalty.ledger_json_time(e.available_at),
        'created_at', loyalty.ledger_json_time(e.created_at),
        'updated_at', loyalty.ledger_json_time(e.updated_at));
$$ LANGUAGE sql STABLE;
-- +goose StatementEnd

-- +goose StatementBegin
-- What a customer's available lots due at cutoff hold: the points of its expiry.
CREATE FUNCTION loyalty.points_lots_due(p_customer uuid, p_cutoff timestamptz) RETURNS bigint AS $$
    SELECT COALESCE(sum(l.remaining), 0)::bigint FROM loyalty.points_lots l
     WHERE l.customer_id = p_customer AND l.open AND NOT l.pending AND l.expires_at <= p_cutoff;
$$ LANGUAGE sql STABLE;
-- +goose StatementEnd

-- +goose StatementBegin
-- Pending lots of a customer whose window ended at p_now become available; returns the
-- points moved. Under the customer's ledger lock (taken here).
CREATE FUNCTION loyalty.ledger_mature(p_customer uuid, p_now timestamptz) RETURNS bigint AS $$
DECLARE
    v_points bigint;
BEGIN
    PERFORM loyalty.ledger_lock_customer(p_customer);
    PERFORM set_config('loyalty.ledger_maturing', 'on', true);
    WITH matured AS (
        UPDATE loyalty.points_lots l SET pending = false
         WHERE l.customer_id = p_customer AND l.pending AND l.open AND l.available_at <= p_now
        RETURNING l.remaining
    )
    SELECT COALESCE(sum(remaining), 0) INTO v_points FROM matured;
    IF v_points > 0 THEN
        UPDATE loyalty.customers SET points_pending = points_pending - v_points, points_balance = points_balance + v_points
         WHERE id = p_customer;
    END IF;
    PERFORM set_config('loyalty.ledger_maturing', 'off', true);
    RETURN v_points;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

-- +goose StatementBegin
-- The job's maturing: the customers of the first p_lots pending lots due at p_now, in
-- customer order (the lock order); returns one row per customer matured.
CREATE FUNCTION loyalty.ledger_mature_due(p_now timestamptz, p_lots integer)
RETURNS TABLE (customer_id uuid, points bigint) AS $$
DECLARE
    v_customer uuid;
BEGIN
    FOR v_customer IN
        SELECT DISTINCT due.customer_id FROM (
            SELECT l.customer_id FROM loyalty.points_lots l
             WHERE l.pending AND l.available_at <= p_now
             ORDER BY l.available_at
             LIMIT p_lots) due
         ORDER BY 1
    LOOP
        customer_id := v_customer;
        points := loyalty.ledger_mature(v_customer, p_now);
        IF points > 0 THEN
            RETURN NEXT;
        END IF;
    END LOOP;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

-- +goose StatementBegin
-- The lot rule of one entry e, just inserted (called by the entries trigger, under the
-- customer's ledger lock, after the balance moved). 00603: pending lots (a sale's
-- credit with available_at) are left alone by debits, redeems and expiries, and a
-- reversal of their credit takes them whole.
CREATE OR REPLACE FUNCTION loyalty.points_lots_apply(e loyalty.points_entries) RETURNS void AS $$
DECLARE
    v_need  bigint;  -- points still to take (> 0)
    v_lot   record;
    v_take  bigint;
    v_moved bigint;
    v_pending boolean;
BEGIN
    IF e.transaction_type = 'C' THEN
        INSERT INTO loyalty.points_lots (id, customer_id, entry_id, points, remaining, expires_at, created_at, pending, available_at)
        VALUES (e.id, e.customer_id, e.id, e.points, e.points, e.expires_at, e.created_at,
                COALESCE(e.available_at > e.created_at, false), e.available_at);
        RETURN;
    END IF;

    IF e.transaction_type = 'X' THEN
        -- Everything due at the cutoff, exactly the entry's points.
        WITH due AS MATERIALIZED (
            SELECT l.id, l.remaining FROM loyalty.points_lots l
             WHERE l.customer_id = e.customer_id AND l.open AND NOT l.pending AND l.expires_at <= e.transaction_date
        ), closed AS (
            UPDATE loyalty.points_lots l SET remaining = 0 FROM due WHERE l.id = due.id
        ), moved AS (
            INSERT INTO loyalty.points_lot_moves (entry_id, lot_id, points) SELECT e.id, due.id, -due.remaining FROM due
        )
        SELECT COALESCE(sum(due.remaining), 0) INTO v_moved FROM due;
        IF v_moved <> -e.points THEN
            RAISE EXCEPTION 'expiry entry % of % points, but % points are due', e.id, e.points, v_moved USING ERRCODE = 'LY004';
        END IF;
        RETURN;
    END IF;

    IF e.transaction_type = 'E' AND e.points > 0 THEN
        -- The reversal of a debit or redeem: what it took, back to the same lots.
        WITH back AS MATERIALIZED (
            SELECT m.lot_id, -m.points AS points FROM loyalty.points_lot_moves m WHERE m.entry_id = e.reverses_id
        ), restored AS (
            UPDATE loyalty.points_lots l SET remaining = l.remaining + back.points FROM back WHERE l.id = back.lot_id
        ), moved AS (
            INSERT INTO loyalty.points_lot_moves (entry_id, lot_id, points) SELECT e.id, back.lot_id, back.points FROM back
        )
        SELECT sum(back.points) INTO v_moved FROM back;
        IF v_moved IS NULL THEN
            -- An entry written before lots: its points come back as a lot that never expires.
            INSERT INTO loyalty.points_lots (id, customer_id, entry_id, points, remaining, expires_at, created_at)
            VALUES (e.id, e.customer_id, e.id, e.points, e.points, NULL, e.created_at);
        ELSIF v_moved <> e.points THEN
            RAISE EXCEPTION 'reversal % of % points, but entry % took %', e.id, e.points, e.reverses_id, v_moved USING ERRCODE = 'LY004';
        END IF;
        RETURN;
    END IF;

    -- Points taken: D, R, and the reversal of a credit (from that credit's lot first,
    -- then like a debit: a credit partly spent is cancelled when the balance covers it).
    v_need := -e.points;
    IF e.transaction_type = 'E' THEN
        SELECT l.remaining, l.pending INTO v_take, v_pending FROM loyalty.points_lots l WHERE l.id = e.reverses_id AND l.open;
        IF FOUND AND v_pending AND v_take <> v_need THEN
            RAISE EXCEPTION 'reversal % of % points, but the pending lot holds %', e.id, e.points, v_take USING ERRCODE = 'LY004';
        END IF;
        IF FOUND THEN
            v_take := LEAST(v_take, v_need);
            UPDATE loyalty.points_lots SET remaining = remaining - v_take WHERE id = e.reverses_id;
            INSERT INTO loyalty.points_lot_moves (entry_id, lot_id, points) VALUES (e.id, e.reverses_id, -v_take);
            v_need := v_need - v_take;
        END IF;
    END IF;
    -- One lot at a time (LIMIT 1: an index probe each; a cursor over every open lot
    -- would be planned as a read and sort of all of them): each lot but the last one
    -- taken is closed, so the next probe finds the next lot.
    WHILE v_need > 0 LOOP
        SELECT l.id, l.remaining INTO v_lot FROM loyalty.points_lots l
         WHERE l.customer_id = e.customer_id AND l.open AND NOT l.pending
         ORDER BY l.expires_at, l.created_at, l.id
         LIMIT 1;
        EXIT WHEN NOT FOUND;
        v_take := LEAST(v_need, v_lot.remaining);
        UPDATE loyalty.points_lots SET remaining = remaining - v_take WHERE id = v_lot.id;
        INSERT INTO loyalty.points_lot_moves (entry_id, lot_id, points) VALUES (e.id, v_lot.id, -v_take);
        v_need := v_need - v_take;
    END LOOP;
    IF v_need > 0 THEN
        RAISE EXCEPTION 'the lots of customer % do not cover entry % (% points short)', e.customer_id, e.id, v_need USING ERRCODE = 'LY004';
    END IF;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

-- +goose StatementBegin
-- The balance (available or pending) and the lots move together.
CREATE OR REPLACE FUNCTION points_entries_apply_balance() RETURNS trigger AS $$
DECLARE
    v_pending boolean;
BEGIN
    IF NEW.points = 0 THEN
        RETURN NULL;
    END IF;
    PERFORM loyalty.ledger_lock_customer(NEW.customer_id);
    -- Pending points (a credit not yet available, or the reversal of one) move
    -- points_pending; every other entry the available balance.
    v_pending := NEW.transaction_type = 'C' AND COALESCE(NEW.available_at > NEW.created_at, false);
    IF NEW.transaction_type = 'E' AND NEW.points < 0 THEN
        v_pending := COALESCE((SELECT l.pending FROM loyalty.points_lots l WHERE l.id = NEW.reverses_id AND l.open), false);
    END IF;
    IF v_pending THEN
        UPDATE loyalty.customers SET points_pending = points_pending + NEW.points
         WHERE id = NEW.customer_id AND points_pending + NEW.points >= 0;
    ELSE
        UPDATE loyalty.customers SET points_balance = points_balance + NEW.points
         WHERE id = NEW.customer_id AND points_balance + NEW.points >= 0;
    END IF;
    IF NOT FOUND THEN
        PERFORM 1 FROM loyalty.customers WHERE id = NEW.customer_id;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'customer % not found', NEW.customer_id USING ERRCODE = 'foreign_key_violation';
        END IF;
        RAISE EXCEPTION 'insufficient points for customer %', NEW.customer_id USING ERRCODE = 'LY001';
    END IF;
    PERFORM loyalty.points_lots_apply(NEW);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
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
    p_expires_ats timestamptz[],
    p_available_ats timestamptz[]
) RETURNS TABLE (outcome text, entry loyalty.points_entries) AS $$
DECLARE
    v_balance numeric;
    v_active  boolean;
    v_pending bigint;
    v_held    boolean;
    v_now     timestamptz;
    v_points  bigint;
BEGIN
    -- The ledger lock first (the same order as the entries trigger): the balance read
    -- below stays true until this statement (or the transaction that calls it) commits.
    PERFORM loyalty.ledger_lock_customer(p_customer);
    SELECT c.points_balance, c.is_active, c.points_pending INTO v_balance, v_active, v_pending
      FROM loyalty.customers c WHERE c.id = p_customer;
    -- Pending points whose window has ended become available before anything else
    -- (nothing to do, and nothing read, for a customer without pending points).
    IF v_pending > 0 AND loyalty.ledger_mature(p_customer, clock_timestamp()) > 0 THEN
        SELECT c.points_balance, c.points_pending INTO v_balance, v_pending FROM loyalty.customers c WHERE c.id = p_customer;
    END IF;
    FOR i IN 1 .. cardinality(p_types) LOOP
        outcome := NULL;
        entry := NULL;
        v_points := p_points[i];
        -- Held points: a credit not yet available moves points_pending, and so does the
        -- reversal of one (the sale cancelled in its window); as the entries trigger does.
        v_held := p_types[i] = 'C' AND COALESCE(p_available_ats[i] > clock_timestamp(), false);
        IF p_types[i] = 'E' AND v_points < 0 THEN
            v_held := EXISTS (SELECT 1 FROM loyalty.points_lots l WHERE l.id = p_reverses_ids[i] AND l.open AND l.pending);
        END IF;
        IF p_types[i] = 'X' AND v_active IS NOT NULL THEN
            -- An expiry takes every lot due at its cutoff (its transaction_date): its
            -- points are what those lots hold now, under the lock.
            v_points := -loyalty.points_lots_due(p_customer, p_transaction_dates[i]);
        END IF;
        IF v_active IS NULL THEN
            outcome := 'not_found';
        ELSIF NOT v_active AND NOT p_allow_inactive THEN
            outcome := 'inactive';
        ELSIF p_types[i] = 'X' AND v_points = 0 THEN
            outcome := 'nothing_due';
        ELSIF (CASE WHEN v_held THEN v_pending ELSE v_balance END) + v_points < 0 THEN
            outcome := 'insufficient';
        ELSIF v_balance + v_points > 9223372036854775807 THEN
            outcome := 'overflow';
        ELSE
            v_now := clock_timestamp();
            INSERT INTO loyalty.points_entries AS pe (id, customer_id, transaction_type, points,
                description, transaction_identifier, coupon_identifier, vendor_document,
                store_code, user_at, transaction_date, redeem_id, reverses_id, expires_at, available_at, created_at, updated_at)
            VALUES (COALESCE(p_ids[i], gen_random_uuid()), p_customer, p_types[i], v_points,
                p_descriptions[i], p_transaction_identifiers[i], p_coupon_identifiers[i],
                p_vendor_documents[i], p_store_codes[i], p_user_ats[i], p_transaction_dates[i],
                p_redeem_ids[i], p_reverses_ids[i], p_expires_ats[i], p_available_ats[i], v_now, v_now)
            ON CONFLICT DO NOTHING
            RETURNING pe.* INTO entry;
            IF FOUND THEN
                outcome := 'posted';
                IF v_held THEN
                    v_pending := v_pending + v_points;
                ELSE
                    v_balance := v_balance + v_points;
                END IF;
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
-- 00601's call: no pending credits.
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
    p_allow_inactive boolean,
    p_expires_ats timestamptz[]
) RETURNS TABLE (outcome text, entry loyalty.points_entries) AS $$
    SELECT * FROM loyalty.ledger_move(p_customer, p_ids, p_types, p_points, p_descriptions,
        p_transaction_identifiers, p_coupon_identifiers, p_vendor_documents, p_store_codes,
        p_user_ats, p_transaction_dates, p_redeem_ids, p_events, p_reverses_ids, p_allow_inactive,
        p_expires_ats, array_fill(NULL::timestamptz, ARRAY[cardinality(p_types)]));
$$ LANGUAGE sql;
-- +goose StatementEnd

-- +goose StatementBegin
-- The job's expiry calls the newest ledger_move.
CREATE OR REPLACE FUNCTION loyalty.ledger_expire(p_cutoff timestamptz, p_lots integer, p_event text)
RETURNS TABLE (customer_id uuid, entry_id uuid, points bigint) AS $$
DECLARE
    v_customer uuid;
    v_row      record;
BEGIN
    FOR v_customer IN
        SELECT DISTINCT due.customer_id FROM (
            SELECT l.customer_id FROM loyalty.points_lots l
             WHERE l.open AND NOT l.pending AND l.expires_at <= p_cutoff
             ORDER BY l.expires_at
             LIMIT p_lots) due
         ORDER BY 1
    LOOP
        SELECT * INTO v_row FROM loyalty.ledger_move(v_customer, ARRAY[NULL]::uuid[], ARRAY['X'], ARRAY[0::bigint],
            ARRAY['Points expired'], ARRAY[NULL], ARRAY[NULL], ARRAY[NULL], ARRAY[NULL], ARRAY['system'],
            ARRAY[p_cutoff], ARRAY[NULL]::uuid[], ARRAY[p_event], ARRAY[NULL]::uuid[], true,
            ARRAY[NULL]::timestamptz[], ARRAY[NULL]::timestamptz[]) m;
        IF v_row.outcome = 'posted' THEN
            customer_id := v_customer;
            entry_id := (v_row.entry).id;
            points := (v_row.entry).points;
            RETURN NEXT;
        ELSIF v_row.outcome NOT IN ('nothing_due', 'not_found') THEN
            RAISE EXCEPTION 'expiry of customer %: %', v_customer, v_row.outcome;
        END IF;
    END LOOP;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

-- +goose Down
-- Not undone: pending points would have to become available or be lost, and the lots'
-- functions of 00600/00601 restored around them. Refused rather than half done.
-- +goose StatementBegin
DO $$ BEGIN
    RAISE EXCEPTION 'migration 00603 (pending points) cannot be undone';
END $$;
-- +goose StatementEnd
