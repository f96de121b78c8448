-- Per customer x calendar quarter, x calendar year and over all time: the customer's sales
-- not cancelled (count) and their value (sum), for report questions by customer over a
-- whole quarter, a whole year or all time ("top 10 clientes que mais gastaram no segundo
-- trimestre", "quantos clientes compraram em 2025", "quantos clientes nunca compraram";
-- docs/sizing.md, "Sixth pass"). A period's rows are one per customer who bought in it:
-- a ranking reads them in the order of an index (no grouping, no sort of every buyer) and
-- buyers are counted from that index.
--
-- Kept in the same transaction as the writes: statement-level triggers on coupons (insert,
-- delete, and updates of customer, date, value or cancellation; transition tables) add
-- each statement's net change per customer and period, and delete a row whose count
-- reaches zero. No marks and no job: the table is exact at every commit, so its view
-- needs no per-row check of what changed since a refresh. A sale's customer row is
-- already locked by the ledger, so the sale's upserts (its customer's rows) wait on no
-- other customer's sale.
--
-- Quarters and years are those of a time zone (the report time zone, AI_TIMEZONE), kept in
-- rollup_settings.customer_periods_time_zone. The report rollup job calls
-- loyalty.customer_periods_refresh(AI_TIMEZONE) each pass: when the zone differs (the
-- first pass after this migration, or AI_TIMEZONE changed) it rebuilds the table whole,
-- holding writes to coupons back meanwhile (LOCK ... SHARE: no delta can fall between the
-- rebuild's snapshot and the triggers); otherwise it does nothing. Until then, and in a
-- session whose TimeZone is not that zone, the view reads every customer from raw coupons
-- (exact, slow), as the daily views of 00560 do.

-- +goose Up
ALTER TABLE rollup_settings ADD COLUMN customer_periods_time_zone text NOT NULL DEFAULT '';

CREATE TABLE customer_period_purchases (
    grain        text NOT NULL CHECK (grain IN ('Q', 'Y', 'A')),    -- calendar quarter, calendar year, all time
    period_start date NOT NULL,                                     -- its first day ('-infinity' for all time)
    customer_id  uuid NOT NULL,
    purchases    bigint NOT NULL,                                   -- sales not cancelled (additive; 0 only inside a statement)
    spent        numeric NOT NULL,                                  -- their value (additive)
    PRIMARY KEY (customer_id, grain, period_start)
);
-- A period's buyers in the order of a ranking by spend, largest first; every question the
-- compiler answers from the table reads only this index.
CREATE INDEX customer_period_purchases_rank_idx
    ON customer_period_purchases (grain, period_start, spent DESC NULLS LAST) INCLUDE (customer_id, purchases);

-- +goose StatementBegin
-- Every customer's rows, in the session's time zone, from raw coupons: grouped by quarter
-- first, the years and all time summed from the quarters. The rebuild's source (in the
-- table's zone) and the view's when the session's zone is not the table's. A function
-- (not inlined) so that the planner does not cost this branch of the view, never run in
-- the usual case, as a full aggregation of the coupons in every plan; parallel safe, or
-- no query of the view could count a period's rows with parallel workers.
CREATE FUNCTION loyalty.customer_periods_raw()
RETURNS TABLE (grain text, period_start date, customer_id uuid, purchases bigint, spent numeric) AS $$
    WITH q AS MATERIALIZED (
        SELECT x.customer_id, date_trunc('quarter', x.transaction_date)::date AS period_start,
               count(*) AS purchases, sum(x.value) AS spent
          FROM loyalty.coupons x
         WHERE x.cancelled_at IS NULL AND x.customer_id IS NOT NULL
         GROUP BY 1, 2
    )
    SELECT 'Q'::text, q.period_start, q.customer_id, q.purchases, q.spent FROM q
    UNION ALL
    SELECT 'Y'::text, date_trunc('year', q.period_start)::date, q.customer_id, sum(q.purchases)::bigint, sum(q.spent) FROM q GROUP BY 2, 3
    UNION ALL
    SELECT 'A'::text, '-infinity'::date, q.customer_id, sum(q.purchases)::bigint, sum(q.spent) FROM q GROUP BY 3;
$$ LANGUAGE sql STABLE PARALLEL SAFE SECURITY DEFINER SET search_path = pg_catalog, pg_temp ROWS 1000;
-- +goose StatementEnd

-- +goose StatementBegin
-- Adds signed coupons (sign +1: a sale that counts appeared; -1: it stopped counting) to
-- the rows of their customers' quarters, years and all time in zone tz; the rows whose
-- count reaches zero go. In key order, so that two statements over the same customers lock
-- their rows in one order.
CREATE FUNCTION loyalty.customer_periods_add(p_customers uuid[], p_dates timestamptz[], p_values numeric[], p_signs integer[], tz text)
RETURNS void AS $$
BEGIN
    INSERT INTO loyalty.customer_period_purchases AS t (grain, period_start, customer_id, purchases, spent)
    SELECT g.grain, g.period_start, x.customer_id, sum(x.sign), sum(x.sign * x.value)
      FROM unnest(p_customers, p_dates, p_values, p_signs) AS x (customer_id, transaction_date, value, sign),
           LATERAL (VALUES ('Q'::text, date_trunc('quarter', x.transaction_date AT TIME ZONE tz)::date),
                           ('Y'::text, date_trunc('year', x.transaction_date AT TIME ZONE tz)::date),
                           ('A'::text, '-infinity'::date)) AS g (grain, period_start)
     GROUP BY 3, 1, 2
    HAVING sum(x.sign) <> 0 OR sum(x.sign * x.value) <> 0
     ORDER BY 3, 1, 2
    ON CONFLICT (customer_id, grain, period_start) DO UPDATE
       SET purchases = t.purchases + excluded.purchases, spent = t.spent + excluded.spent;
    IF -1 = ANY (p_signs) THEN
        DELETE FROM loyalty.customer_period_purchases t WHERE t.customer_id = ANY (p_customers) AND t.purchases = 0;
    END IF;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

-- +goose StatementBegin
-- The triggers' function: the statement's coupons that stopped counting (old rows, -1) and
-- started counting (new rows, +1), only those whose customer, date, value or cancellation
-- changed (the sale's link of its coupon to its entry adds nothing). Nothing while the
-- table has no zone (before the first rebuild).
CREATE FUNCTION loyalty.customer_periods_apply() RETURNS trigger AS $$
DECLARE
    tz text;
    c  uuid[];
    d  timestamptz[];
    v  numeric[];
    s  integer[];
BEGIN
    SELECT st.customer_periods_time_zone INTO tz FROM loyalty.rollup_settings st;
    IF tz IS NULL OR tz = '' THEN
        RETURN NULL;
    END IF;
    IF TG_OP = 'INSERT' THEN
        SELECT array_agg(x.customer_id), array_agg(x.transaction_date), array_agg(x.value), array_agg(1)
          INTO c, d, v, s
          FROM new_rows x WHERE x.customer_id IS NOT NULL AND x.cancelled_at IS NULL;
    ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(x.customer_id), array_agg(x.transaction_date), array_agg(x.value), array_agg(-1)
          INTO c, d, v, s
          FROM old_rows x WHERE x.customer_id IS NOT NULL AND x.cancelled_at IS NULL;
    ELSE
        SELECT array_agg(x.customer_id), array_agg(x.transaction_date), array_agg(x.value), array_agg(x.sign)
          INTO c, d, v, s
          FROM old_rows o JOIN new_rows n ON n.id = o.id,
               LATERAL (VALUES (o.customer_id, o.transaction_date, o.value, -1, o.cancelled_at IS NULL),
                               (n.customer_id, n.transaction_date, n.value, 1, n.cancelled_at IS NULL)) AS x (customer_id, transaction_date, value, sign, counts)
         WHERE x.counts AND x.customer_id IS NOT NULL
           AND (o.customer_id, o.transaction_date, o.value, o.cancelled_at IS NULL)
               IS DISTINCT FROM (n.customer_id, n.transaction_date, n.value, n.cancelled_at IS NULL);
    END IF;
    IF c IS NOT NULL THEN
        PERFORM loyalty.customer_periods_add(c, d, v, s, tz);
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

CREATE TRIGGER coupons_customer_periods_insert AFTER INSERT ON coupons
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION loyalty.customer_periods_apply();
CREATE TRIGGER coupons_customer_periods_delete AFTER DELETE ON coupons
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION loyalty.customer_periods_apply();
CREATE TRIGGER coupons_customer_periods_update AFTER UPDATE ON coupons
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION loyalty.customer_periods_apply();

-- +goose StatementBegin
-- The job's call, each pass: nothing when the table is in zone p_time_zone; else (under an
-- advisory lock: another replica at it returns -1 at once) coupons are locked against
-- writes, the zone set and the table rebuilt from them in that zone. Returns the rows
-- written.
CREATE FUNCTION loyalty.customer_periods_refresh(p_time_zone text) RETURNS integer AS $$
DECLARE
    n integer;
BEGIN
    IF EXISTS (SELECT 1 FROM loyalty.rollup_settings s WHERE s.customer_periods_time_zone = p_time_zone) THEN
        RETURN 0;
    END IF;
    IF NOT pg_try_advisory_xact_lock(hashtextextended('loyalty.customer_periods_refresh', 0)) THEN
        RETURN -1;
    END IF;
    PERFORM set_config('TimeZone', p_time_zone, true); -- an unknown zone fails here, before anything changes
    LOCK TABLE loyalty.coupons IN SHARE MODE;
    IF EXISTS (SELECT 1 FROM loyalty.rollup_settings s WHERE s.customer_periods_time_zone = p_time_zone) THEN
        RETURN 0; -- another replica's rebuild committed meanwhile
    END IF;
    UPDATE loyalty.rollup_settings SET customer_periods_time_zone = p_time_zone;
    DELETE FROM loyalty.customer_period_purchases;
    INSERT INTO loyalty.customer_period_purchases (grain, period_start, customer_id, purchases, spent)
    SELECT * FROM loyalty.customer_periods_raw() ORDER BY 1, 2, 4 DESC; -- a period's rows together
    GET DIAGNOSTICS n = ROW_COUNT;
    RETURN n;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

-- The exact view: the table when the session's time zone is the table's (its quarters
-- and years are then the session's), else every customer from raw coupons. The choice is
-- a column of each branch filtered outside them, not a condition inside: a branch of a
-- UNION ALL with a WHERE of its own is planned apart (an Append of whole results), and a
-- ranking then sorts a period's every row; without one, a ranking by spend reads the
-- first rows of customer_period_purchases_rank_idx (a Merge Append).
CREATE VIEW reporting.customer_period_purchases AS
SELECT u.grain, u.period_start, u.customer_id, u.purchases, u.spent
  FROM (SELECT p.grain, p.period_start, p.customer_id, p.purchases, p.spent,
               (SELECT s.customer_periods_time_zone = current_setting('TimeZone') FROM loyalty.rollup_settings s) AS answers
          FROM loyalty.customer_period_purchases p
        UNION ALL
        SELECT r.grain, r.period_start, r.customer_id, r.purchases, r.spent,
               NOT (SELECT s.customer_periods_time_zone = current_setting('TimeZone') FROM loyalty.rollup_settings s)
          FROM loyalty.customer_periods_raw() r) AS u
 WHERE u.answers;

-- +goose StatementBegin
DO $$
BEGIN
    IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'loyalty_reporting') THEN
        GRANT SELECT ON reporting.customer_period_purchases TO loyalty_reporting;
    END IF;
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP VIEW reporting.customer_period_purchases;
DROP FUNCTION loyalty.customer_periods_refresh(text);
DROP TRIGGER coupons_customer_periods_update ON coupons;
DROP TRIGGER coupons_customer_periods_delete ON coupons;
DROP TRIGGER coupons_customer_periods_insert ON coupons;
DROP FUNCTION loyalty.customer_periods_apply();
DROP FUNCTION loyalty.customer_periods_add(uuid[], timestamptz[], numeric[], integer[], text);
DROP FUNCTION loyalty.customer_periods_raw();
DROP TABLE customer_period_purchases;
ALTER TABLE rollup_settings DROP COLUMN customer_periods_time_zone;
