-- Reporting schema for natural-language report queries (docs/ai-queries.md).
--
-- "reporting" holds read-only views over the loyalty tables, without secrets: no users,
-- no password hashes, no query history, no raw coupon payloads. Views run with their
-- owner's rights, so the role that report queries run as (loyalty_reporting) needs only
-- USAGE on this schema and SELECT on these views, and nothing in the loyalty schema.
--
-- Keep the column lists in step with loyalty/internal/aiquery/schema.go (a test compares
-- them).

-- +goose Up
CREATE SCHEMA IF NOT EXISTS reporting;
REVOKE ALL ON SCHEMA reporting FROM PUBLIC;

CREATE VIEW reporting.customers AS
SELECT id, name, doc, email, phone, gender_identity, birth_date, points_balance,
       last_purchase, is_active, origin, store_code, store_code_owner, email_optin,
       whatsapp_optin, sms_optin, app_user, created_at, updated_at
FROM customers;

CREATE VIEW reporting.stores AS
SELECT id, store_code, name, document, is_active, address, city, state, phone, email,
       created_at, updated_at
FROM stores;

CREATE VIEW reporting.points_entries AS
SELECT id, customer_id, transaction_type,
       CASE transaction_type
           WHEN 'C' THEN 'credit'
           WHEN 'D' THEN 'debit'
           WHEN 'R' THEN 'redemption'
           WHEN 'E' THEN 'reversal'
       END AS transaction_type_name,
       points, description, transaction_identifier, coupon_identifier, store_code,
       transaction_date, redeem_id, reverses_id, cancelled_at, created_at
FROM points_entries;

CREATE VIEW reporting.coupons AS
SELECT id, customer_id, coupon_identifier, store_code, transaction_date, value,
       payment_type, payment_type_description, cancelled_at, created_at
FROM coupons;

CREATE VIEW reporting.redeems AS
SELECT id, customer_id, status, store_code, total_points, coupon_identifier, applied_at,
       expires_at, cancelled_at, created_at
FROM redeems;

CREATE VIEW reporting.redeem_items AS
SELECT id, redeem_id, customer_id, product_id, parent_item_id, qty, points, store_code,
       applied_at, coupon_identifier, created_at
FROM redeem_items;

CREATE VIEW reporting.products AS
SELECT id, sku, name, points, description, is_active, price, discount_price, validity_days,
       minimum_purchase, has_toppings, is_addon, min_qty, max_qty, created_at, updated_at
FROM products;

CREATE VIEW reporting.promotions AS
SELECT id, name, description, start_date, end_date, is_active, points_multiplier,
       bonus_points, min_purchase, store_codes, created_at, updated_at
FROM promotions;

-- The read-only role. Roles are cluster-wide: several databases (and concurrent test
-- runs) share it, so creation is idempotent and tolerates a concurrent creator. A
-- migrating user without CREATEROLE only gets a warning: a DBA then creates the role and
-- grants it (docs/ai-queries.md, "Database role"). Privileges are per database, so they
-- are granted here whenever the role exists.
-- +goose StatementBegin
DO $$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'loyalty_reporting') THEN
        BEGIN
            CREATE ROLE loyalty_reporting NOLOGIN NOINHERIT;
        EXCEPTION
            WHEN duplicate_object OR unique_violation THEN
                NULL; -- another migration created it at the same moment
            WHEN insufficient_privilege THEN
                RAISE WARNING 'cannot create role loyalty_reporting (no CREATEROLE): a DBA must create it, see docs/ai-queries.md';
        END;
    END IF;

    IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'loyalty_reporting') THEN
        GRANT USAGE ON SCHEMA reporting TO loyalty_reporting;
        GRANT SELECT ON ALL TABLES IN SCHEMA reporting TO loyalty_reporting;
        -- The service switches to the role with SET LOCAL ROLE, which needs membership.
        IF NOT pg_has_role(current_user, 'loyalty_reporting', 'MEMBER') THEN
            BEGIN
                EXECUTE format('GRANT loyalty_reporting TO %I', current_user);
            EXCEPTION
                WHEN duplicate_object OR unique_violation THEN
                    NULL;
                WHEN insufficient_privilege OR invalid_grant_operation THEN
                    RAISE WARNING 'cannot grant loyalty_reporting to %: a DBA must grant it, see docs/ai-queries.md', current_user;
            END;
        END IF;
    END IF;
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP SCHEMA reporting CASCADE;
-- The role is shared by every database of the cluster and is left in place.
