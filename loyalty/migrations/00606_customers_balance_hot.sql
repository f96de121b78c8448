-- A balance update that is a HOT update and calls no trigger function (issue 28;
-- docs/ledger.md "Benchmark" and "The points expiry job").
--
-- Every ledger movement updates its customer's row (points_balance or points_pending;
-- updated_at by customers_updated_at), and the expiry job one row per customer it
-- expires. None of those columns is indexed, so the update can be HOT (no new entry in
-- any of customers' ten indexes, two of them GIN trigram indexes) whenever the row's page
-- has room for the new version. With the default fillfactor (100) a bulk-loaded page is
-- full: measured on the expiry's balance UPDATE of 1,000 customers, none was HOT. A
-- fillfactor of 80 leaves a fifth of each page for new versions. It applies to pages
-- written from now on (new customers, and rows moved by an update); existing pages are
-- repacked only by a rewrite (VACUUM FULL or pg_repack of customers, an operator's
-- choice: not done here, a migration must not lock the table for that long).
--
-- customers_balance_guard (LY003: a balance changes only through points entries) was a
-- PL/pgSQL call on every balance update, only to find it was called from the entries
-- trigger (pg_trigger_depth() >= 2) or from the maturing/expiry statements (their
-- settings). The same test is now the trigger's WHEN, evaluated without a function call:
-- in WHEN, pg_trigger_depth() is the depth of the statement doing the update (1 inside
-- the entries trigger, 0 at top level), one less than inside the function. The function
-- and what it refuses are unchanged (lots_test and ledger tests: LY003).

-- +goose Up
ALTER TABLE customers SET (fillfactor = 80);

DROP TRIGGER customers_balance_guard ON customers;
CREATE TRIGGER customers_balance_guard BEFORE UPDATE OF points_balance, points_pending ON customers
    FOR EACH ROW
    WHEN ((OLD.points_balance IS DISTINCT FROM NEW.points_balance OR OLD.points_pending IS DISTINCT FROM NEW.points_pending)
          AND pg_trigger_depth() < 1
          AND current_setting('loyalty.ledger_maturing', true) IS DISTINCT FROM 'on'
          AND current_setting('loyalty.ledger_expiring', true) IS DISTINCT FROM 'on')
    EXECUTE FUNCTION customers_balance_guard();

-- +goose Down
DROP TRIGGER customers_balance_guard ON customers;
CREATE TRIGGER customers_balance_guard BEFORE UPDATE OF points_balance, points_pending ON customers
    FOR EACH ROW WHEN (OLD.points_balance IS DISTINCT FROM NEW.points_balance OR OLD.points_pending IS DISTINCT FROM NEW.points_pending)
    EXECUTE FUNCTION customers_balance_guard();
ALTER TABLE customers RESET (fillfactor);
