-- DELETE /customer/{id} at scale (docs/sizing.md): the entries' delete guard runs once per
-- statement over the deleted rows (a transition table) instead of once per entry. A
-- customer with 40,000 entries paid 40,000 plpgsql calls, each looking the customer up.
-- The rule is unchanged: an entry is deleted only with its customer (the cascade of the
-- customer's DELETE, when the customer row is already gone); any other DELETE fails with
-- LY002. Updates keep their per-row guard (points_entries_immutable), now for UPDATE only.

-- +goose Up
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION points_entries_immutable() RETURNS trigger AS $$
BEGIN
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
CREATE FUNCTION points_entries_delete_guard() RETURNS trigger AS $$
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

DROP TRIGGER points_entries_immutable ON points_entries;
CREATE TRIGGER points_entries_immutable BEFORE UPDATE ON points_entries
    FOR EACH ROW EXECUTE FUNCTION points_entries_immutable();
CREATE TRIGGER points_entries_delete_guard AFTER DELETE ON points_entries
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION points_entries_delete_guard();

-- +goose Down
DROP TRIGGER points_entries_delete_guard ON points_entries;
DROP FUNCTION points_entries_delete_guard();
DROP TRIGGER points_entries_immutable ON points_entries;
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
CREATE TRIGGER points_entries_immutable BEFORE UPDATE OR DELETE ON points_entries
    FOR EACH ROW EXECUTE FUNCTION points_entries_immutable();
