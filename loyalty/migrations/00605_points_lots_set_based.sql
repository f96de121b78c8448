-- Lots at the ledger's speed (issue 28; docs/ledger.md "Lots, expiry and pending points"
-- and "Benchmark"). Two changes, the rules themselves unchanged:
--
--   * The entries trigger applies the lot rule itself (00603's points_lots_apply, now
--     inlined and dropped: no second call per entry, and one copy of the rule). A debit's
--     lot step is one statement per lot it takes (find the oldest available lot, take
--     from it, record the movement: one data-modifying WITH), instead of three. The
--     trigger keeps 00604's enable_sort = off (every statement in it is keyed; see 00604).
--
--   * The expiry is set-based: loyalty.ledger_expire handles the customers of a batch of
--     due lots in one statement (their ledger locks, in ascending id; then one UPDATE
--     closes all their due lots, one INSERT writes their movements, one INSERT one X
--     entry per customer, one UPDATE their balances, one INSERT their events), instead
--     of one ledger_move per customer. X entries are written only there: the entries
--     trigger skips them (WHEN), and a guard refuses an X entry written anywhere else
--     (LY005), so the X rule (everything available and due at the cutoff, exactly, one
--     entry per customer and run) has one place. The set-based writer is marked by a
--     transaction-local setting (loyalty.ledger_expiring) that the balance and lot
--     guards accept, as 00603's maturing is (loyalty.ledger_maturing).
--
-- Invariants, unchanged and still the database's: a customer's open available lots add
-- up to points_balance (the expiry takes from both the same points, computed from the
-- lots it closes, and refuses, LY001, a balance that would go below zero); every entry's
-- movements add up to its points (an X entry's are exactly the lots it closed); 0 <=
-- remaining <= points (CHECK).
--
-- The expiry's index: due lots are open, available and dated; the partial index carries
-- exactly those, so picking a batch reads the index only.

-- +goose Up

CREATE INDEX points_lots_due_idx ON points_lots (expires_at, customer_id) WHERE open AND NOT pending AND expires_at IS NOT NULL;
DROP INDEX points_lots_expiry_idx;

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION customers_balance_guard() RETURNS trigger AS $$
BEGIN
    IF pg_trigger_depth() < 2 AND current_setting('loyalty.ledger_maturing', true) IS DISTINCT FROM 'on'
       AND current_setting('loyalty.ledger_expiring', true) IS DISTINCT FROM 'on' THEN
        RAISE EXCEPTION 'points_balance and points_pending change only through points entries'
            USING ERRCODE = 'LY003', HINT = 'post a points entry';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

DROP TRIGGER points_lots_guard ON points_lots;
CREATE TRIGGER points_lots_guard BEFORE INSERT OR UPDATE OR DELETE ON points_lots
    FOR EACH STATEMENT WHEN (pg_trigger_depth() < 1 AND current_setting('loyalty.ledger_maturing', true) IS DISTINCT FROM 'on'
                             AND current_setting('loyalty.ledger_expiring', true) IS DISTINCT FROM 'on')
    EXECUTE FUNCTION loyalty.points_lots_guard();
DROP TRIGGER points_lot_moves_guard ON points_lot_moves;
CREATE TRIGGER points_lot_moves_guard BEFORE INSERT OR UPDATE OR DELETE ON points_lot_moves
    FOR EACH STATEMENT WHEN (pg_trigger_depth() < 1 AND current_setting('loyalty.ledger_expiring', true) IS DISTINCT FROM 'on')
    EXECUTE FUNCTION loyalty.points_lots_guard();

-- +goose StatementBegin
CREATE FUNCTION loyalty.points_entries_expiry_guard() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'expiry entries are written only by the expiry job (loyalty.ledger_expire)'
        USING ERRCODE = 'LY005', HINT = 'run the points expiry job';
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
CREATE TRIGGER points_entries_expiry_guard BEFORE INSERT ON points_entries
    FOR EACH ROW WHEN (NEW.transaction_type = 'X' AND current_setting('loyalty.ledger_expiring', true) IS DISTINCT FROM 'on')
    EXECUTE FUNCTION loyalty.points_entries_expiry_guard();

-- +goose StatementBegin
-- The balance (available or pending) and the lots of one entry, under the customer's
-- ledger lock. Every type but X (written set-based by ledger_expire).
CREATE OR REPLACE FUNCTION points_entries_apply_balance() RETURNS trigger AS $$
DECLARE
    v_pending boolean := false;
    v_need    bigint;  -- points still to take (> 0)
    v_take    bigint;
    v_moved   bigint;
BEGIN
    IF NEW.points = 0 THEN
        RETURN NULL;
    END IF;
    PERFORM loyalty.ledger_lock_customer(NEW.customer_id);
    -- Pending points (a credit not yet available, or the reversal of one) move
    -- points_pending; every other entry the available balance.
    IF NEW.transaction_type = 'C' THEN
        v_pending := COALESCE(NEW.available_at > NEW.created_at, false);
    ELSIF NEW.transaction_type = 'E' AND NEW.points < 0 THEN
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

    -- The lots. A credit opens its lot (pending while held).
    IF NEW.transaction_type = 'C' THEN
        INSERT INTO loyalty.points_lots (id, customer_id, entry_id, points, remaining, expires_at, created_at, pending, available_at)
        VALUES (NEW.id, NEW.customer_id, NEW.id, NEW.points, NEW.points, NEW.expires_at, NEW.created_at, v_pending, NEW.available_at);
        RETURN NULL;
    END IF;

    IF NEW.transaction_type = 'E' AND NEW.points > 0 THEN
        -- The reversal of a debit or redeem: what it took, back to the same lots.
        WITH back AS MATERIALIZED (
            SELECT m.lot_id, -m.points AS points FROM loyalty.points_lot_moves m WHERE m.entry_id = NEW.reverses_id
        ), restored AS (
            UPDATE loyalty.points_lots l SET remaining = l.remaining + back.points FROM back WHERE l.id = back.lot_id
        ), moved AS (
            INSERT INTO loyalty.points_lot_moves (entry_id, lot_id, points) SELECT NEW.id, back.lot_id, back.points FROM back
        )
        SELECT sum(back.points) INTO v_moved FROM back;
        IF v_moved IS NULL THEN
            -- An entry written before lots: its points come back as a lot that never expires.
            INSERT INTO loyalty.points_lots (id, customer_id, entry_id, points, remaining, expires_at, created_at)
            VALUES (NEW.id, NEW.customer_id, NEW.id, NEW.points, NEW.points, NULL, NEW.created_at);
        ELSIF v_moved <> NEW.points THEN
            RAISE EXCEPTION 'reversal % of % points, but entry % took %', NEW.id, NEW.points, NEW.reverses_id, v_moved USING ERRCODE = 'LY004';
        END IF;
        RETURN NULL;
    END IF;

    -- Points taken: D, R, and the reversal of a credit (from that credit's lot first,
    -- whole if it is pending; then like a debit: a credit partly spent is cancelled when
    -- the balance covers it).
    v_need := -NEW.points;
    IF NEW.transaction_type = 'E' THEN
        WITH own AS (
            SELECT l.id, l.remaining, l.pending FROM loyalty.points_lots l WHERE l.id = NEW.reverses_id AND l.open
        ), taken AS (
            UPDATE loyalty.points_lots l SET remaining = l.remaining - LEAST(own.remaining, v_need)
              FROM own WHERE l.id = own.id AND (NOT own.pending OR own.remaining = v_need)
            RETURNING l.id, own.remaining - l.remaining AS points
        )
        INSERT INTO loyalty.points_lot_moves (entry_id, lot_id, points) SELECT NEW.id, taken.id, -taken.points FROM taken
        RETURNING -points INTO v_take;
        IF FOUND THEN
            v_need := v_need - v_take;
        ELSIF v_pending THEN
            RAISE EXCEPTION 'reversal % of % points, but the pending lot of % holds other points', NEW.id, NEW.points, NEW.reverses_id USING ERRCODE = 'LY004';
        END IF;
    END IF;
    -- One statement per lot taken (the oldest available lot: an index probe; each lot
    -- but the last one taken closes, so the next probe finds the next lot).
    WHILE v_need > 0 LOOP
        WITH lot AS (
            SELECT l.ctid, l.remaining FROM loyalty.points_lots l
             WHERE l.customer_id = NEW.customer_id AND l.open AND NOT l.pending
             ORDER BY l.expires_at, l.created_at, l.id
             LIMIT 1
        ), taken AS (
            -- By the row the probe found (a TID scan, no second index probe): under the
            -- customer's lock no one else moves it.
            UPDATE loyalty.points_lots l SET remaining = l.remaining - LEAST(lot.remaining, v_need)
              FROM lot WHERE l.ctid = lot.ctid
            RETURNING l.id, lot.remaining - l.remaining AS points
        )
        INSERT INTO loyalty.points_lot_moves (entry_id, lot_id, points) SELECT NEW.id, taken.id, -taken.points FROM taken
        RETURNING -points INTO v_take;
        EXIT WHEN NOT FOUND;
        v_need := v_need - v_take;
    END LOOP;
    IF v_need > 0 THEN
        RAISE EXCEPTION 'the lots of customer % do not cover entry % (% points short)', NEW.customer_id, NEW.id, v_need USING ERRCODE = 'LY004';
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql SET enable_sort = off;
-- +goose StatementEnd

DROP TRIGGER points_entries_apply_balance ON points_entries;
CREATE TRIGGER points_entries_apply_balance AFTER INSERT ON points_entries
    FOR EACH ROW WHEN (NEW.transaction_type <> 'X') EXECUTE FUNCTION points_entries_apply_balance();
DROP FUNCTION loyalty.points_lots_apply(loyalty.points_entries);

-- +goose StatementBegin
-- The job's expiry, set-based: the customers of the first p_lots lots due at p_cutoff
-- (oldest first), each expired whole: one X entry per customer (description "Points
-- expired", user_at system, transaction_date the cutoff) taking every available lot of
-- it due at the cutoff, its balance moved by the same points, and p_event (when not
-- null) for each entry. Returns one row per customer expired, in customer order.
-- Safe with several replicas: the customers' ledger locks are taken (ascending id, the
-- order of every writer of several customers) before the due lots are read, so a
-- customer another run has just expired has nothing due any more and gets no entry.
CREATE OR REPLACE FUNCTION loyalty.ledger_expire(p_cutoff timestamptz, p_lots integer, p_event text)
RETURNS TABLE (customer_id uuid, entry_id uuid, points bigint) AS $$
DECLARE
    v_customers uuid[];
    v_ids       uuid[];
    v_entries   uuid[];
    v_points    bigint[];
    v_moved     bigint;
BEGIN
    SELECT array_agg(d.customer_id ORDER BY d.customer_id) INTO v_customers
      FROM (SELECT DISTINCT due.customer_id FROM (
                SELECT l.customer_id FROM loyalty.points_lots l
                 WHERE l.open AND NOT l.pending AND l.expires_at <= p_cutoff
                 ORDER BY l.expires_at
                 LIMIT p_lots) due) d;
    IF v_customers IS NULL THEN
        RETURN;
    END IF;
    PERFORM loyalty.ledger_lock_customer(c) FROM unnest(v_customers) AS c;
    PERFORM set_config('loyalty.ledger_expiring', 'on', true);
    -- Read after the locks (a new statement, a new snapshot): what is due now.
    WITH due AS MATERIALIZED (
        SELECT l.id, l.customer_id, l.remaining FROM loyalty.points_lots l
         WHERE l.customer_id = ANY (v_customers) AND l.open AND NOT l.pending AND l.expires_at <= p_cutoff
    ), per AS MATERIALIZED (
        SELECT d.customer_id, gen_random_uuid() AS entry_id, -sum(d.remaining)::bigint AS points, clock_timestamp() AS at
          FROM due d GROUP BY d.customer_id
    ), closed AS (
        UPDATE loyalty.points_lots l SET remaining = 0 FROM due WHERE l.id = due.id
    ), moved AS (
        INSERT INTO loyalty.points_lot_moves (entry_id, lot_id, points)
        SELECT per.entry_id, due.id, -due.remaining FROM due JOIN per ON per.customer_id = due.customer_id
    ), entries AS (
        INSERT INTO loyalty.points_entries (id, customer_id, transaction_type, points, description, user_at,
                                            transaction_date, created_at, updated_at)
        SELECT per.entry_id, per.customer_id, 'X', per.points, 'Points expired', 'system', p_cutoff, per.at, per.at
          FROM per
    ), balances AS (
        UPDATE loyalty.customers c SET points_balance = c.points_balance + per.points
          FROM per WHERE c.id = per.customer_id AND c.points_balance + per.points >= 0
        RETURNING c.id
    ), events AS (
        INSERT INTO loyalty.webhook_events (type, entry_id)
        SELECT p_event, per.entry_id FROM per WHERE p_event IS NOT NULL ORDER BY per.customer_id
    )
    SELECT array_agg(per.customer_id ORDER BY per.customer_id), array_agg(per.entry_id ORDER BY per.customer_id),
           array_agg(per.points ORDER BY per.customer_id), (SELECT count(*) FROM balances)
      INTO v_ids, v_entries, v_points, v_moved
      FROM per;
    IF v_moved IS DISTINCT FROM COALESCE(cardinality(v_ids), 0)::bigint THEN
        RAISE EXCEPTION 'expiry at %: % of % balances could not take their expired points', p_cutoff, v_moved, cardinality(v_ids)
            USING ERRCODE = 'LY001';
    END IF;
    PERFORM set_config('loyalty.ledger_expiring', 'off', true);
    RETURN QUERY SELECT * FROM unnest(v_ids, v_entries, v_points);
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

-- +goose Down
-- Not undone: the X entries written set-based carry no trigger work to replay, and
-- 00603's points_lots_apply would have to come back with the trigger around it.
-- +goose StatementBegin
DO $$ BEGIN
    RAISE EXCEPTION 'migration 00605 (set-based lots) cannot be undone';
END $$;
-- +goose StatementEnd
