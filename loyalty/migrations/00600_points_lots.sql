-- Points lots (issue 28, docs/ledger.md "Lots and expiry"). Each credit opens a lot: its
-- points, what remains of them, and when they expire (null: never). Debits, redemption
-- blocks and expiries consume the open lots oldest-expiring first (FIFO: expires_at,
-- nulls last, then the order they were opened); a reversal gives back exactly what the
-- reversed entry took, to the same lots, with their original dates.
--
-- The rule lives in one place, loyalty.points_lots_apply, called by the entries trigger
-- that already moves the balance (points_entries_apply_balance): whatever writes an entry
-- (ledger_move, a migration, psql), the balance and the lots move in the same statement
-- under the customer's ledger lock. Invariants, kept by the database:
--   * the open lots of a customer add up to points_balance (both move in that trigger,
--     and lots cannot be written any other way: points_lots_guard, LY005);
--   * 0 <= remaining <= points (CHECK);
--   * the lot movements of every entry written from now on add up to its points: a
--     credit's movement is its lot (points_lots.entry_id), any other entry's are rows of
--     points_lot_moves; an entry that cannot be covered exactly raises LY004.
-- Entries written before this migration carry no movements: each customer's balance
-- becomes one opening lot that never expires (entry_id null), so no balance changes. A
-- reversal of such an old debit or redeem gives its points back as a new lot that never
-- expires; a reversal of such an old credit takes them FIFO.
--
-- New entry type X (expiry): points < 0, consumes every open lot of the customer whose
-- expires_at is at or before the entry's transaction_date (the run's cutoff), all of it.
-- ledger_move computes its points under the customer's lock (00601).
--
-- SQLSTATEs: LY004 the lots do not cover an entry exactly; LY005 lots written outside the
-- entries trigger.

-- +goose Up

ALTER TABLE points_entries ADD COLUMN expires_at timestamptz;
ALTER TABLE points_entries ADD CONSTRAINT points_entries_expires_at_range
    CHECK (expires_at >= '1900-01-01 00:00:00+00' AND expires_at < '9999-01-01 00:00:00+00');
COMMENT ON COLUMN points_entries.expires_at IS 'C only: when the lot this credit opens expires (null: never)';

ALTER TABLE points_entries DROP CONSTRAINT points_entries_transaction_type_check;
ALTER TABLE points_entries ADD CONSTRAINT points_entries_transaction_type_check
    CHECK (transaction_type IN ('C', 'D', 'R', 'E', 'X')) NOT VALID;
ALTER TABLE points_entries VALIDATE CONSTRAINT points_entries_transaction_type_check;
ALTER TABLE points_entries DROP CONSTRAINT points_entries_sign_check;
ALTER TABLE points_entries ADD CONSTRAINT points_entries_sign_check CHECK (
    (transaction_type = 'C' AND points >= 0 AND reverses_id IS NULL) OR
    (transaction_type = 'D' AND points < 0 AND reverses_id IS NULL AND expires_at IS NULL) OR
    (transaction_type = 'R' AND points <= 0 AND reverses_id IS NULL AND expires_at IS NULL) OR
    (transaction_type = 'E' AND reverses_id IS NOT NULL AND expires_at IS NULL) OR
    (transaction_type = 'X' AND points < 0 AND reverses_id IS NULL AND expires_at IS NULL)
) NOT VALID;
ALTER TABLE points_entries VALIDATE CONSTRAINT points_entries_sign_check;

CREATE TABLE points_lots (
    id          uuid PRIMARY KEY,          -- the entry that opened it (entry_id), or a new id for an opening lot
    customer_id uuid NOT NULL,             -- deleted with the customer's entries (points_entries_delete_lots)
    entry_id    uuid,                      -- the credit (or the reversal of an old entry) that opened it; null: opening lot
    points      bigint NOT NULL CHECK (points > 0),
    remaining   bigint NOT NULL,
    expires_at  timestamptz,               -- null: never
    created_at  timestamptz NOT NULL,
    -- Kept apart from remaining so that an update of remaining alone is a HOT update (no
    -- new index entries): only opening and closing a lot touch the indexes.
    open        boolean GENERATED ALWAYS AS (remaining > 0) STORED,
    CONSTRAINT points_lots_remaining_range CHECK (remaining >= 0 AND remaining <= points),
    CONSTRAINT points_lots_expires_at_range CHECK (expires_at >= '1900-01-01 00:00:00+00' AND expires_at < '9999-01-01 00:00:00+00'),
    CONSTRAINT points_lots_created_at_range CHECK (created_at >= '1900-01-01 00:00:00+00' AND created_at < '9999-01-01 00:00:00+00')
) WITH (fillfactor = 80);
-- FIFO order of a customer's open lots. No foreign key to customers: a credit would pay
-- its check (a lookup and a lock of the customer row) on the hottest path; lots go with
-- the customer's entries instead.
CREATE INDEX points_lots_customer_fifo_idx ON points_lots (customer_id, open, expires_at, created_at, id);
-- The expiry job: open lots that expire, by date.
CREATE INDEX points_lots_expiry_idx ON points_lots (expires_at, customer_id) WHERE open AND expires_at IS NOT NULL;

-- What each entry other than a credit took from (points < 0) or gave back to (points > 0)
-- each lot. Deleted with the entry (points_entries_delete_lots): no foreign key, so a
-- movement costs one index entry.
CREATE TABLE points_lot_moves (
    entry_id uuid NOT NULL,
    lot_id   uuid NOT NULL,
    points   bigint NOT NULL CHECK (points <> 0),
    PRIMARY KEY (entry_id, lot_id)
);

-- When lots began: entries created before carry no movements (ledger.Audit checks the
-- later ones).
CREATE TABLE points_lots_start (
    singleton  boolean PRIMARY KEY DEFAULT true CHECK (singleton),
    started_at timestamptz NOT NULL
);
INSERT INTO points_lots_start (started_at) VALUES (clock_timestamp());

-- Existing balances: one opening lot each, never expiring, opened before any later lot.
INSERT INTO points_lots (id, customer_id, entry_id, points, remaining, expires_at, created_at)
SELECT gen_random_uuid(), c.id, NULL, c.points_balance, c.points_balance, NULL, s.started_at - interval '1 microsecond'
  FROM customers c, points_lots_start s
 WHERE c.points_balance > 0;

-- +goose StatementBegin
-- The lot rule of one entry e, just inserted (called by the entries trigger, under the
-- customer's ledger lock, after the balance moved).
CREATE FUNCTION loyalty.points_lots_apply(e loyalty.points_entries) RETURNS void AS $$
DECLARE
    v_need  bigint;  -- points still to take (> 0)
    v_lot   record;
    v_take  bigint;
    v_moved bigint;
BEGIN
    IF e.transaction_type = 'C' THEN
        INSERT INTO loyalty.points_lots (id, customer_id, entry_id, points, remaining, expires_at, created_at)
        VALUES (e.id, e.customer_id, e.id, e.points, e.points, e.expires_at, e.created_at);
        RETURN;
    END IF;

    IF e.transaction_type = 'X' THEN
        -- Everything due at the cutoff, exactly the entry's points.
        WITH due AS MATERIALIZED (
            SELECT l.id, l.remaining FROM loyalty.points_lots l
             WHERE l.customer_id = e.customer_id AND l.open AND l.expires_at <= e.transaction_date
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
        SELECT l.remaining INTO v_take FROM loyalty.points_lots l WHERE l.id = e.reverses_id AND l.open;
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
         WHERE l.customer_id = e.customer_id AND l.open
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
-- The balance and the lots move together (00410's function, plus the lots).
CREATE OR REPLACE FUNCTION points_entries_apply_balance() RETURNS trigger AS $$
BEGIN
    IF NEW.points = 0 THEN
        RETURN NULL;
    END IF;
    PERFORM loyalty.ledger_lock_customer(NEW.customer_id);
    UPDATE loyalty.customers SET points_balance = points_balance + NEW.points
     WHERE id = NEW.customer_id AND points_balance + NEW.points >= 0;
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
-- Lots and movements go with the entries, which go only with their customer (00570): a
-- customer with lots has entries (a lot is opened by an entry, or holds a balance that
-- entries made).
CREATE FUNCTION loyalty.points_entries_delete_lots() RETURNS trigger AS $$
BEGIN
    DELETE FROM loyalty.points_lot_moves m USING gone g WHERE m.entry_id = g.id;
    DELETE FROM loyalty.points_lots l USING (SELECT DISTINCT customer_id FROM gone) g WHERE l.customer_id = g.customer_id;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
CREATE TRIGGER points_entries_delete_lots AFTER DELETE ON points_entries
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION loyalty.points_entries_delete_lots();

-- +goose StatementBegin
-- Lots and movements change only from inside the entries' triggers (and the deletion of
-- a customer's entries, itself a trigger): a direct write would break the invariants.
CREATE FUNCTION loyalty.points_lots_guard() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION '% changes only through points entries', TG_TABLE_NAME
        USING ERRCODE = 'LY005', HINT = 'post a points entry';
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
CREATE TRIGGER points_lots_guard BEFORE INSERT OR UPDATE OR DELETE ON points_lots
    FOR EACH STATEMENT WHEN (pg_trigger_depth() < 1) EXECUTE FUNCTION loyalty.points_lots_guard();
CREATE TRIGGER points_lot_moves_guard BEFORE INSERT OR UPDATE OR DELETE ON points_lot_moves
    FOR EACH STATEMENT WHEN (pg_trigger_depth() < 1) EXECUTE FUNCTION loyalty.points_lots_guard();

-- +goose Down
DROP TRIGGER points_lot_moves_guard ON points_lot_moves;
DROP TRIGGER points_lots_guard ON points_lots;
DROP FUNCTION loyalty.points_lots_guard();
DROP TRIGGER points_entries_delete_lots ON points_entries;
DROP FUNCTION loyalty.points_entries_delete_lots();
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION points_entries_apply_balance() RETURNS trigger AS $$
BEGIN
    IF NEW.points = 0 THEN
        RETURN NULL;
    END IF;
    PERFORM loyalty.ledger_lock_customer(NEW.customer_id);
    UPDATE loyalty.customers SET points_balance = points_balance + NEW.points
     WHERE id = NEW.customer_id AND points_balance + NEW.points >= 0;
    IF NOT FOUND THEN
        PERFORM 1 FROM loyalty.customers WHERE id = NEW.customer_id;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'customer % not found', NEW.customer_id USING ERRCODE = 'foreign_key_violation';
        END IF;
        RAISE EXCEPTION 'insufficient points for customer %', NEW.customer_id USING ERRCODE = 'LY001';
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
DROP FUNCTION loyalty.points_lots_apply(loyalty.points_entries);
DROP TABLE points_lots_start, points_lot_moves, points_lots;
ALTER TABLE points_entries DROP CONSTRAINT points_entries_sign_check;
ALTER TABLE points_entries ADD CONSTRAINT points_entries_sign_check CHECK (
    (transaction_type = 'C' AND points >= 0 AND reverses_id IS NULL) OR
    (transaction_type = 'D' AND points < 0 AND reverses_id IS NULL) OR
    (transaction_type = 'R' AND points <= 0 AND reverses_id IS NULL) OR
    (transaction_type = 'E' AND reverses_id IS NOT NULL)
);
ALTER TABLE points_entries DROP CONSTRAINT points_entries_transaction_type_check;
ALTER TABLE points_entries ADD CONSTRAINT points_entries_transaction_type_check
    CHECK (transaction_type IN ('C', 'D', 'R', 'E'));
ALTER TABLE points_entries DROP COLUMN expires_at;
