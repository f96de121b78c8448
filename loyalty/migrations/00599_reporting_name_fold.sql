-- Customer name search in reports, with the service's one folding rule (issue 24).
--
-- Report queries run as loyalty_reporting, which reads the reporting schema only. Until
-- now the interpreter wrote name_fold's body out in the SQL it generated and again in Go,
-- a second and third copy of the rule. Instead:
-- * reporting.customers shows name_search, the stored name_fold(name) of migration 00571
--   (served by its trigram indexes), at the end of the view (existing columns keep their
--   places);
-- * reporting.name_fold(term) folds a searched term with loyalty.name_fold itself. It is
--   SECURITY DEFINER so that the reporting role needs nothing in the loyalty schema, with a
--   fixed search_path; IMMUTABLE, so a call on a literal is folded once at plan time.
--   The report guard allows it by name (aiquery guard.go allowedFunctions).

-- +goose Up
CREATE OR REPLACE VIEW reporting.customers AS
SELECT id, name, doc, email, phone, gender_identity, birth_date, points_balance,
       last_purchase, is_active, origin, store_code, store_code_owner, email_optin,
       whatsapp_optin, sms_optin, app_user, created_at, updated_at, name_search
FROM customers;

-- +goose StatementBegin
CREATE FUNCTION reporting.name_fold(term text) RETURNS text AS $$
    SELECT loyalty.name_fold(term);
$$ LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY DEFINER SET search_path = pg_catalog, pg_temp;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION reporting.name_fold(text);
-- A view's columns cannot be dropped by CREATE OR REPLACE: re-create it, with its grant.
DROP VIEW reporting.customers;
-- +goose StatementBegin
CREATE VIEW reporting.customers AS
SELECT id, name, doc, email, phone, gender_identity, birth_date, points_balance,
       last_purchase, is_active, origin, store_code, store_code_owner, email_optin,
       whatsapp_optin, sms_optin, app_user, created_at, updated_at
FROM customers;
-- +goose StatementEnd
-- +goose StatementBegin
DO $$
BEGIN
    IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'loyalty_reporting') THEN
        GRANT SELECT ON reporting.customers TO loyalty_reporting;
    END IF;
END
$$;
-- +goose StatementEnd
