-- Bounds and indexes: no stored value can break a read, every foreign key has the index
-- its cascade or check needs, and the ledger's trigger functions work under any
-- search_path. (docs/core.md "Limits on stored values", docs/ledger.md.)
--
-- 1. Dates. Every date and timestamp column is kept within UTC years 1900 to 9998,
--    [1900-01-01, 9999-01-01), the range the API accepts (shared/jsontime). The year of
--    margin keeps every rendering the service does (Go's JSON encoding handles years 0 to
--    9999 in the value's own zone, xlsx dates, exports in any time zone) and every date
--    step it takes (a day, a month, a redeem's validity) representable.
-- 2. Numbers. validity_days 0 to 3650 (it feeds now() + make_interval(days => ...)); money
--    0 to 999999999999.99; quantities not negative. numeric 'NaN' sorts above every
--    number, so it passed the ">= 0" checks of 00001 and then broke every answer reading
--    it: each bounded check below also refuses NaN.
-- 3. promotions.store_codes: one dimension, from index 1, no NULL element (they are read
--    into a Go []string).
-- 4. coupons.data: nested less than 64 levels (encoding/json refuses past 10000).
--
-- Rows out of these bounds could only come from the defects this migration closes; they
-- are clamped to the nearest bound first (a WARNING names how many), so the constraints
-- hold for every row. Adding them scans each table once under its lock.

-- +goose Up

-- +goose StatementBegin
DO $$
DECLARE
    lo constant timestamptz := '1900-01-01 00:00:00+00';
    hi constant timestamptz := '9999-01-01 00:00:00+00';
    col record;
    fixed bigint;
BEGIN
    -- Entries are append-only; a clamped transaction_date is the one change let through.
    ALTER TABLE loyalty.points_entries DISABLE TRIGGER points_entries_immutable;
    FOR col IN
        SELECT * FROM (VALUES
            ('stores', 'created_at'), ('stores', 'updated_at'),
            ('customers', 'last_purchase'), ('customers', 'created_at'), ('customers', 'updated_at'),
            ('products', 'created_at'), ('products', 'updated_at'),
            ('promotions', 'start_date'), ('promotions', 'end_date'),
            ('promotions', 'created_at'), ('promotions', 'updated_at'),
            ('points_entries', 'transaction_date'), ('points_entries', 'cancelled_at'),
            ('points_entries', 'created_at'), ('points_entries', 'updated_at'),
            ('redeems', 'applied_at'), ('redeems', 'expires_at'), ('redeems', 'cancelled_at'),
            ('redeems', 'created_at'), ('redeems', 'updated_at'),
            ('redeem_items', 'applied_at'), ('redeem_items', 'created_at'), ('redeem_items', 'updated_at'),
            ('coupons', 'transaction_date'), ('coupons', 'cancelled_at'),
            ('coupons', 'created_at'), ('coupons', 'updated_at'),
            ('users', 'created_at'), ('users', 'updated_at'),
            ('ai_queries', 'created_at'), ('ai_queries', 'updated_at')
        ) AS c (tbl, name)
    LOOP
        EXECUTE format('UPDATE loyalty.%1$I SET %2$I = LEAST(GREATEST(%2$I, $1), $2 - interval ''1 microsecond'')
                         WHERE NOT (%2$I >= $1 AND %2$I < $2)', col.tbl, col.name) USING lo, hi;
        GET DIAGNOSTICS fixed = ROW_COUNT;
        IF fixed > 0 THEN
            RAISE WARNING '%.%: % values outside [1900-01-01, 9999-01-01) clamped', col.tbl, col.name, fixed;
        END IF;
        EXECUTE format('ALTER TABLE loyalty.%1$I ADD CONSTRAINT %3$I
                        CHECK (%2$I >= ''1900-01-01 00:00:00+00'' AND %2$I < ''9999-01-01 00:00:00+00'')',
                       col.tbl, col.name, col.tbl || '_' || col.name || '_range');
    END LOOP;
    ALTER TABLE loyalty.points_entries ENABLE TRIGGER points_entries_immutable;

    UPDATE loyalty.customers SET birth_date = LEAST(GREATEST(birth_date, '1900-01-01'), '9998-12-31')
     WHERE NOT (birth_date >= '1900-01-01' AND birth_date < '9999-01-01');
    UPDATE loyalty.products SET validity_days = LEAST(GREATEST(validity_days, 0), 3650)
     WHERE NOT (validity_days BETWEEN 0 AND 3650);
    UPDATE loyalty.products SET price = NULL WHERE NOT (price BETWEEN 0 AND 999999999999.99);
    UPDATE loyalty.products SET discount_price = NULL WHERE NOT (discount_price BETWEEN 0 AND 999999999999.99);
    UPDATE loyalty.products SET minimum_purchase = NULL WHERE NOT (minimum_purchase BETWEEN 0 AND 999999999999.99);
    UPDATE loyalty.products SET min_qty = 0 WHERE min_qty < 0;
    UPDATE loyalty.products SET max_qty = 0 WHERE max_qty < 0;
    UPDATE loyalty.promotions SET points_multiplier = 1 WHERE NOT (points_multiplier <= 99999.999);
    UPDATE loyalty.promotions SET min_purchase = NULL WHERE NOT (min_purchase BETWEEN 0 AND 999999999999.99);
    UPDATE loyalty.promotions SET store_codes = ARRAY(SELECT c FROM unnest(store_codes) AS c WHERE c IS NOT NULL)
     WHERE cardinality(store_codes) > 0
       AND (array_ndims(store_codes) <> 1 OR array_lower(store_codes, 1) <> 1 OR array_position(store_codes, NULL) IS NOT NULL);
    UPDATE loyalty.coupons SET value = 0 WHERE NOT (value <= 999999999999.99);
END
$$;
-- +goose StatementEnd

ALTER TABLE customers ADD CONSTRAINT customers_birth_date_range
    CHECK (birth_date >= '1900-01-01' AND birth_date < '9999-01-01');
ALTER TABLE products
    ADD CONSTRAINT products_validity_days_range CHECK (validity_days BETWEEN 0 AND 3650),
    ADD CONSTRAINT products_price_range CHECK (price BETWEEN 0 AND 999999999999.99),
    ADD CONSTRAINT products_discount_price_range CHECK (discount_price BETWEEN 0 AND 999999999999.99),
    ADD CONSTRAINT products_minimum_purchase_range CHECK (minimum_purchase BETWEEN 0 AND 999999999999.99),
    ADD CONSTRAINT products_min_qty_range CHECK (min_qty >= 0),
    ADD CONSTRAINT products_max_qty_range CHECK (max_qty >= 0);
ALTER TABLE promotions
    ADD CONSTRAINT promotions_points_multiplier_range CHECK (points_multiplier <= 99999.999),
    ADD CONSTRAINT promotions_min_purchase_range CHECK (min_purchase BETWEEN 0 AND 999999999999.99),
    -- CASE fixes the order: array_position fails on an array of several dimensions.
    ADD CONSTRAINT promotions_store_codes_shape CHECK (CASE
        WHEN store_codes IS NULL OR cardinality(store_codes) = 0 THEN true
        WHEN array_ndims(store_codes) <> 1 OR array_lower(store_codes, 1) <> 1 THEN false
        ELSE array_position(store_codes, NULL) IS NULL END);
ALTER TABLE coupons ADD CONSTRAINT coupons_value_range CHECK (value <= 999999999999.99);

-- Deeper data cannot have been written through the API (the sale route refuses more than
-- 32 levels); if an older row is that deep anyway, the constraint still guards new rows
-- and a WARNING says so.
ALTER TABLE coupons ADD CONSTRAINT coupons_data_depth
    CHECK (NOT jsonb_path_exists(data, 'strict $.**{64}')) NOT VALID;
-- +goose StatementBegin
DO $$
BEGIN
    ALTER TABLE loyalty.coupons VALIDATE CONSTRAINT coupons_data_depth;
EXCEPTION WHEN check_violation THEN
    RAISE WARNING 'coupons.data: some rows are nested 64 levels or more; coupons_data_depth guards new rows only';
END
$$;
-- +goose StatementEnd

-- Every foreign key gets an index on its referencing columns: deleting (or updating) a
-- referenced row looks the referencing rows up by them, once per row. Without these,
-- DELETE /customer/{id} scanned the whole coupons table once per deleted points entry
-- (ON DELETE SET NULL) and redeem_items once per deleted item (parent_item_id).
CREATE INDEX coupons_points_entry_idx ON coupons (points_entry_id) WHERE points_entry_id IS NOT NULL;
CREATE INDEX redeem_items_parent_item_idx ON redeem_items (parent_item_id) WHERE parent_item_id IS NOT NULL;
CREATE INDEX redeem_items_product_idx ON redeem_items (product_id);
CREATE INDEX product_toppings_topping_idx ON product_toppings (topping_id);

-- The ledger's trigger functions name their tables and functions with the schema: they
-- run with the search_path of whoever writes (psql, a reporting tool, a migration), not
-- the service's.

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

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION points_entries_immutable() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM 1 FROM loyalty.customers WHERE id = OLD.customer_id;
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

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION points_entries_immutable() RETURNS trigger AS $$
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

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION points_entries_apply_balance() RETURNS trigger AS $$
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

DROP INDEX product_toppings_topping_idx;
DROP INDEX redeem_items_product_idx;
DROP INDEX redeem_items_parent_item_idx;
DROP INDEX coupons_points_entry_idx;

ALTER TABLE coupons DROP CONSTRAINT coupons_data_depth, DROP CONSTRAINT coupons_value_range;
ALTER TABLE promotions DROP CONSTRAINT promotions_store_codes_shape,
    DROP CONSTRAINT promotions_min_purchase_range, DROP CONSTRAINT promotions_points_multiplier_range;
ALTER TABLE products DROP CONSTRAINT products_max_qty_range, DROP CONSTRAINT products_min_qty_range,
    DROP CONSTRAINT products_minimum_purchase_range, DROP CONSTRAINT products_discount_price_range,
    DROP CONSTRAINT products_price_range, DROP CONSTRAINT products_validity_days_range;
ALTER TABLE customers DROP CONSTRAINT customers_birth_date_range;

-- +goose StatementBegin
DO $$
DECLARE
    col record;
BEGIN
    FOR col IN
        SELECT * FROM (VALUES
            ('stores', 'created_at'), ('stores', 'updated_at'),
            ('customers', 'last_purchase'), ('customers', 'created_at'), ('customers', 'updated_at'),
            ('products', 'created_at'), ('products', 'updated_at'),
            ('promotions', 'start_date'), ('promotions', 'end_date'),
            ('promotions', 'created_at'), ('promotions', 'updated_at'),
            ('points_entries', 'transaction_date'), ('points_entries', 'cancelled_at'),
            ('points_entries', 'created_at'), ('points_entries', 'updated_at'),
            ('redeems', 'applied_at'), ('redeems', 'expires_at'), ('redeems', 'cancelled_at'),
            ('redeems', 'created_at'), ('redeems', 'updated_at'),
            ('redeem_items', 'applied_at'), ('redeem_items', 'created_at'), ('redeem_items', 'updated_at'),
            ('coupons', 'transaction_date'), ('coupons', 'cancelled_at'),
            ('coupons', 'created_at'), ('coupons', 'updated_at'),
            ('users', 'created_at'), ('users', 'updated_at'),
            ('ai_queries', 'created_at'), ('ai_queries', 'updated_at')
        ) AS c (tbl, name)
    LOOP
        EXECUTE format('ALTER TABLE loyalty.%I DROP CONSTRAINT %I', col.tbl, col.tbl || '_' || col.name || '_range');
    END LOOP;
END
$$;
-- +goose StatementEnd
