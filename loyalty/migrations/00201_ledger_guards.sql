-- Ledger guards: the database itself keeps customers.points_balance equal to the sum of the
-- customer's points entries, never negative, and keeps entries immutable. Application code
-- cannot break the invariant by mistake (a stale write-back of points_balance, an UPDATE of
-- an entry's points), whatever package it lives in.
--
-- SQLSTATEs raised here (the ledger package maps them to API errors):
--   LY001 insufficient points: the entry would make the balance negative
--   LY002 points entries are append-only (only cancelled_at may be set, once)
--   LY003 points_balance may only change through a points entry

-- +goose Up

-- Sign of points per entry type: C credit >= 0 (a sale may earn 0), D debit < 0,
-- R redemption block <= 0 (a free reward costs 0), E reversal of an earlier entry.
ALTER TABLE points_entries ADD CONSTRAINT points_entries_sign_check CHECK (
    (transaction_type = 'C' AND points >= 0 AND reverses_id IS NULL) OR
    (transaction_type = 'D' AND points < 0 AND reverses_id IS NULL) OR
    (transaction_type = 'R' AND points <= 0 AND reverses_id IS NULL) OR
    (transaction_type = 'E' AND reverses_id IS NOT NULL)
);

-- +goose StatementBegin
-- The per-customer ledger lock: a transaction-scoped advisory lock. Writers queue on it
-- before touching the customer row. (Queuing on the row lock instead keeps every waiter's
-- pin on the row's heap page, so Postgres can never prune the row's old versions; on a hot
-- customer the version chain then grows with every write and throughput collapses.)
CREATE FUNCTION ledger_lock_customer(customer uuid) RETURNS void AS $$
    SELECT pg_advisory_xact_lock(hashtextextended(customer::text, 4242));
$$ LANGUAGE sql;
-- +goose StatementEnd

-- +goose StatementBegin
-- Inserting an entry moves the customer's balance in the same statement (and so in the same
-- transaction). The UPDATE takes the customer's row lock and re-checks the condition on the
-- latest row version, so concurrent entries serialise per customer and never overdraw.
CREATE FUNCTION points_entries_apply_balance() RETURNS trigger AS $$
BEGIN
    IF NEW.points = 0 THEN
        RETURN NULL;
    END IF;
    PERFORM ledger_lock_customer(NEW.customer_id);
    UPDATE customers SET points_balance = points_balance + NEW.points
     WHERE id = NEW.customer_id AND points_balance + NEW.points >= 0;
    IF NOT FOUND THEN
        PERFORM 1 FROM customers WHERE id = NEW.customer_id;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'customer % not found', NEW.customer_id USING ERRCODE = 'foreign_key_violation';
        END IF;
        RAISE EXCEPTION 'insufficient points for customer %', NEW.customer_id USING ERRCODE = 'LY001';
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

CREATE TRIGGER points_entries_apply_balance AFTER INSERT ON points_entries
    FOR EACH ROW EXECUTE FUNCTION points_entries_apply_balance();

-- +goose StatementBegin
-- Entries are append-only: an UPDATE may only set cancelled_at (and updated_at) on an entry
-- not yet cancelled; a DELETE only happens when the customer itself is deleted (the cascade
-- of DELETE /customer/{id}, where the customer row is already gone).
CREATE FUNCTION points_entries_immutable() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM 1 FROM customers WHERE id = OLD.customer_id;
        IF FOUND THEN
            RAISE EXCEPTION 'points entry % cannot be deleted', OLD.id USING ERRCODE = 'LY002';
        END IF;
        RETURN OLD;
    END IF;
    IF OLD.cancelled_at IS NOT NULL THEN
        RAISE EXCEPTION 'points entry % is cancelled and cannot change', OLD.id USING ERRCODE = 'LY002';
    END IF;
    IF (to_jsonb(NEW) - 'cancelled_at' - 'updated_at') IS DISTINCT FROM (to_jsonb(OLD) - 'cancelled_at' - 'updated_at') THEN
        RAISE EXCEPTION 'points entry % is immutable: only cancelled_at may be set', OLD.id USING ERRCODE = 'LY002';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

CREATE TRIGGER points_entries_immutable BEFORE UPDATE OR DELETE ON points_entries
    FOR EACH ROW EXECUTE FUNCTION points_entries_immutable();

-- +goose StatementBegin
-- points_balance only moves from inside points_entries_apply_balance (trigger depth 2). A
-- direct UPDATE that changes it, or an INSERT with a non-zero balance, is refused; callers
-- post an entry instead (ledger.AdjustBalance sets a balance to a target).
CREATE FUNCTION customers_balance_guard() RETURNS trigger AS $$
BEGIN
    IF pg_trigger_depth() < 2 THEN
        RAISE EXCEPTION 'points_balance changes only through points entries'
            USING ERRCODE = 'LY003', HINT = 'post a points entry (ledger.AdjustBalance)';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

CREATE TRIGGER customers_balance_guard BEFORE UPDATE OF points_balance ON customers
    FOR EACH ROW WHEN (OLD.points_balance IS DISTINCT FROM NEW.points_balance)
    EXECUTE FUNCTION customers_balance_guard();
CREATE TRIGGER customers_balance_guard_insert BEFORE INSERT ON customers
    FOR EACH ROW WHEN (NEW.points_balance <> 0)
    EXECUTE FUNCTION customers_balance_guard();

-- Lookups of the ledger: a redeem by its R entry (apply/rollback), cancels by coupon.
CREATE UNIQUE INDEX redeems_points_entry_key ON redeems (points_entry_id) WHERE points_entry_id IS NOT NULL;
CREATE INDEX redeems_store_created_idx ON redeems (created_at, store_code);

-- +goose Down
DROP INDEX redeems_store_created_idx;
DROP INDEX redeems_points_entry_key;
DROP TRIGGER customers_balance_guard_insert ON customers;
DROP TRIGGER customers_balance_guard ON customers;
DROP FUNCTION customers_balance_guard();
DROP TRIGGER points_entries_immutable ON points_entries;
DROP FUNCTION points_entries_immutable();
DROP TRIGGER points_entries_apply_balance ON points_entries;
DROP FUNCTION points_entries_apply_balance();
DROP FUNCTION ledger_lock_customer(uuid);
ALTER TABLE points_entries DROP CONSTRAINT points_entries_sign_check;
