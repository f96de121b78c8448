-- The entries' delete guard (migration 00570) looked the customer up once per deleted
-- entry: 40,000 probes of the customers' key for a customer with 40,000 entries (about
-- 0.1 s of its DELETE, docs/sizing.md "Fourth pass"). It now looks each distinct customer
-- of the statement's deleted entries up once. The rule is unchanged: an entry is deleted
-- only with its customer (the cascade of the customer's DELETE, when the customer row is
-- already gone); any other DELETE fails with LY002.

-- +goose Up
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION points_entries_delete_guard() RETURNS trigger AS $$
DECLARE
    kept uuid;
BEGIN
    SELECT g.id INTO kept
      FROM (SELECT DISTINCT customer_id FROM gone) d
      JOIN loyalty.customers c ON c.id = d.customer_id
      JOIN LATERAL (SELECT id FROM gone WHERE customer_id = d.customer_id LIMIT 1) g ON true
     LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'points entry % cannot be deleted', kept USING ERRCODE = 'LY002';
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION points_entries_delete_guard() RETURNS trigger AS $$
DECLARE
    kept uuid;
BEGIN
    SELECT g.id INTO kept FROM gone g WHERE EXISTS (SELECT 1 FROM loyalty.customers c WHERE c.id = g.customer_id) LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'points entry % cannot be deleted', kept USING ERRCODE = 'LY002';
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
