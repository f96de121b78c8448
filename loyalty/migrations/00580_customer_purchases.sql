-- Per-customer purchase summary for report questions (docs/sizing.md, "Report rollups"):
-- one row per customer with at least one sale not cancelled: first and last purchase,
-- number of purchases, total spent. "Quantos clientes nunca compraram", "quantos clientes
-- compraram em 2025", "top 10 clientes que mais gastaram" read it instead of every coupon.
--
-- Kept exact as the day rollups of 00560 are, without touching the ledger's locks:
--   * statement-level triggers on coupons append the customers a statement touched (an
--     insert, a delete, an update of what the summary reads) to customer_purchase_marks:
--     append only, no key, so writers never wait on each other's marks;
--   * loyalty.customer_purchases_refresh() (run by the rollup job after rollup_refresh,
--     one at a time by its own advisory lock) deletes the marks it sees and recomputes
--     those customers from their coupons, in one transaction;
--   * the view reporting.customer_purchases answers a marked customer from raw coupons,
--     any other from the summary: exact whether or not the job ran.
-- The summary has no time zone (timestamps), so the migration builds it whole: creating
-- the triggers locks coupons against writes until it commits, so no sale falls between
-- the build's snapshot and the triggers.

-- +goose Up
CREATE TABLE customer_purchases (
    customer_id    uuid PRIMARY KEY,
    first_purchase timestamptz NOT NULL,
    last_purchase  timestamptz NOT NULL,
    purchases      bigint NOT NULL,  -- sales not cancelled
    spent          numeric NOT NULL  -- their value
);

CREATE TABLE customer_purchase_marks (
    customer_id uuid NOT NULL
);
CREATE INDEX customer_purchase_marks_idx ON customer_purchase_marks (customer_id);

-- +goose StatementBegin
-- Inserted or deleted coupons (transition table "changed"): mark their customers.
CREATE FUNCTION loyalty.customer_purchases_mark() RETURNS trigger AS $$
BEGIN
    INSERT INTO loyalty.customer_purchase_marks (customer_id)
    SELECT DISTINCT x.customer_id FROM changed x WHERE x.customer_id IS NOT NULL;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

-- +goose StatementBegin
-- Updated coupons: mark the old and new customer of the ones whose summarised columns
-- changed (the sale's link of its coupon to its entry marks nothing).
CREATE FUNCTION loyalty.customer_purchases_mark_update() RETURNS trigger AS $$
BEGIN
    INSERT INTO loyalty.customer_purchase_marks (customer_id)
    SELECT DISTINCT x.customer_id
      FROM old_rows o JOIN new_rows n ON n.id = o.id,
           LATERAL (VALUES (o.customer_id), (n.customer_id)) AS x (customer_id)
     WHERE x.customer_id IS NOT NULL
       AND (o.customer_id, o.transaction_date, o.value, o.cancelled_at IS NULL)
           IS DISTINCT FROM (n.customer_id, n.transaction_date, n.value, n.cancelled_at IS NULL);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

CREATE TRIGGER coupons_customer_purchases_insert AFTER INSERT ON coupons
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION loyalty.customer_purchases_mark();
CREATE TRIGGER coupons_customer_purchases_delete AFTER DELETE ON coupons
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION loyalty.customer_purchases_mark();
CREATE TRIGGER coupons_customer_purchases_update AFTER UPDATE ON coupons
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION loyalty.customer_purchases_mark_update();

-- +goose StatementBegin
-- One pass: under an advisory lock (another pass running: -1 at once), take the marks this
-- transaction sees and recompute their customers from their coupons. A mark it sees is of
-- a committed write, which the recompute (a later snapshot) reads. Returns the number of
-- customers recomputed.
CREATE FUNCTION loyalty.customer_purchases_refresh() RETURNS integer AS $$
DECLARE
    ids uuid[];
BEGIN
    IF NOT pg_try_advisory_xact_lock(hashtextextended('loyalty.customer_purchases_refresh', 0)) THEN
        RETURN -1;
    END IF;
    WITH claimed AS (DELETE FROM loyalty.customer_purchase_marks RETURNING customer_id)
    SELECT array_agg(DISTINCT c.customer_id) INTO ids FROM claimed c;
    IF ids IS NULL THEN
        RETURN 0;
    END IF;
    DELETE FROM loyalty.customer_purchases s WHERE s.customer_id = ANY (ids);
    INSERT INTO loyalty.customer_purchases (customer_id, first_purchase, last_purchase, purchases, spent)
    SELECT x.customer_id, min(x.transaction_date), max(x.transaction_date), count(*), sum(x.value)
      FROM loyalty.coupons x
     WHERE x.customer_id = ANY (ids) AND x.cancelled_at IS NULL
     GROUP BY x.customer_id;
    RETURN cardinality(ids);
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

INSERT INTO customer_purchases (customer_id, first_purchase, last_purchase, purchases, spent)
SELECT x.customer_id, min(x.transaction_date), max(x.transaction_date), count(*), sum(x.value)
  FROM coupons x
 WHERE x.cancelled_at IS NULL AND x.customer_id IS NOT NULL
 GROUP BY x.customer_id;
ANALYZE customer_purchases;

-- The exact view: the summary of unmarked customers, the raw coupons of marked ones.
CREATE VIEW reporting.customer_purchases AS
SELECT s.customer_id, s.first_purchase, s.last_purchase, s.purchases, s.spent
  FROM loyalty.customer_purchases s
 WHERE NOT EXISTS (SELECT 1 FROM loyalty.customer_purchase_marks m WHERE m.customer_id = s.customer_id)
UNION ALL
SELECT x.customer_id, min(x.transaction_date), max(x.transaction_date), count(*), sum(x.value)
  FROM loyalty.coupons x
 WHERE x.customer_id IN (SELECT m.customer_id FROM loyalty.customer_purchase_marks m)
   AND x.cancelled_at IS NULL
 GROUP BY x.customer_id;

-- +goose StatementBegin
DO $$
BEGIN
    IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'loyalty_reporting') THEN
        GRANT SELECT ON reporting.customer_purchases TO loyalty_reporting;
    END IF;
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP VIEW reporting.customer_purchases;
DROP FUNCTION loyalty.customer_purchases_refresh();
DROP TRIGGER coupons_customer_purchases_update ON coupons;
DROP TRIGGER coupons_customer_purchases_delete ON coupons;
DROP TRIGGER coupons_customer_purchases_insert ON coupons;
DROP FUNCTION loyalty.customer_purchases_mark_update();
DROP FUNCTION loyalty.customer_purchases_mark();
DROP TABLE customer_purchase_marks;
DROP TABLE customer_purchases;
