-- DELETE /customer/{id} at scale (issue 25, docs/sizing.md "Fourth pass"): the three
-- foreign keys that name a points entry are replaced by one rule checked when the
-- reference is written.
--
-- coupons.points_entry_id (ON DELETE SET NULL), redeems.points_entry_id (ON DELETE
-- CASCADE) and points_entries.reverses_id (ON DELETE CASCADE) made Postgres run, for
-- every deleted entry, one query per key on the referencing table: for a customer with
-- 40,000 entries, 120,000 index probes (6 to 8 s at a million customers, most of the
-- DELETE). Those actions never had anything to do: an entry is deleted only with its
-- customer (points_entries_delete_guard), and every row that names an entry belongs to
-- the entry's customer, so the customer's own cascade deletes it in the same statement.
--
-- The rule, in one place (loyalty.entry_reference_check): a coupon, a redeem or a
-- reversal that names a points entry names an existing entry of its own customer. It is
-- checked per written row (insert, or an update of the reference or of the row's
-- customer), and the entry is locked FOR KEY SHARE as a foreign key's check locks it, so
-- a concurrent deletion of the entry waits for the writer or makes it fail. Refusals use
-- foreign_key_violation (23503), the code the foreign keys raised. Reversals and redeems
-- already had to name an entry of their own customer (ledger.Audit, redeem.Audit); a
-- coupon now must too (the sale links a coupon to its own credit). ledger.Audit checks the
-- rule over the whole database (a load that bypasses the triggers is verified by it).

-- +goose Up
-- +goose StatementBegin
CREATE FUNCTION entry_reference_check() RETURNS trigger AS $$
DECLARE
    ref uuid;
BEGIN
    -- each branch is parsed only when taken: the other table has no such column
    IF TG_TABLE_NAME = 'points_entries' THEN
        ref := NEW.reverses_id;
    ELSE
        ref := NEW.points_entry_id;
    END IF;
    PERFORM 1 FROM loyalty.points_entries e WHERE e.id = ref AND e.customer_id = NEW.customer_id FOR KEY SHARE;
    IF NOT FOUND THEN
        RAISE EXCEPTION '% % names points entry %, which is not an entry of its customer %', TG_TABLE_NAME, NEW.id, ref, NEW.customer_id
            USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

ALTER TABLE coupons DROP CONSTRAINT coupons_points_entry_id_fkey;
ALTER TABLE redeems DROP CONSTRAINT redeems_points_entry_id_fkey;
ALTER TABLE points_entries DROP CONSTRAINT points_entries_reverses_id_fkey;

CREATE TRIGGER coupons_entry_reference_insert AFTER INSERT ON coupons
    FOR EACH ROW WHEN (NEW.points_entry_id IS NOT NULL) EXECUTE FUNCTION entry_reference_check();
CREATE TRIGGER coupons_entry_reference_update AFTER UPDATE OF points_entry_id, customer_id ON coupons
    FOR EACH ROW WHEN (NEW.points_entry_id IS NOT NULL AND (NEW.points_entry_id IS DISTINCT FROM OLD.points_entry_id OR NEW.customer_id IS DISTINCT FROM OLD.customer_id))
    EXECUTE FUNCTION entry_reference_check();
CREATE TRIGGER redeems_entry_reference_insert AFTER INSERT ON redeems
    FOR EACH ROW WHEN (NEW.points_entry_id IS NOT NULL) EXECUTE FUNCTION entry_reference_check();
CREATE TRIGGER redeems_entry_reference_update AFTER UPDATE OF points_entry_id, customer_id ON redeems
    FOR EACH ROW WHEN (NEW.points_entry_id IS NOT NULL AND (NEW.points_entry_id IS DISTINCT FROM OLD.points_entry_id OR NEW.customer_id IS DISTINCT FROM OLD.customer_id))
    EXECUTE FUNCTION entry_reference_check();
-- An entry's columns other than cancelled_at never change (points_entries_immutable).
CREATE TRIGGER points_entries_reverses_reference AFTER INSERT ON points_entries
    FOR EACH ROW WHEN (NEW.reverses_id IS NOT NULL) EXECUTE FUNCTION entry_reference_check();

-- +goose Down
DROP TRIGGER points_entries_reverses_reference ON points_entries;
DROP TRIGGER redeems_entry_reference_update ON redeems;
DROP TRIGGER redeems_entry_reference_insert ON redeems;
DROP TRIGGER coupons_entry_reference_update ON coupons;
DROP TRIGGER coupons_entry_reference_insert ON coupons;
DROP FUNCTION entry_reference_check();
ALTER TABLE points_entries ADD CONSTRAINT points_entries_reverses_id_fkey
    FOREIGN KEY (reverses_id) REFERENCES points_entries (id) ON DELETE CASCADE;
ALTER TABLE redeems ADD CONSTRAINT redeems_points_entry_id_fkey
    FOREIGN KEY (points_entry_id) REFERENCES points_entries (id) ON DELETE CASCADE;
ALTER TABLE coupons ADD CONSTRAINT coupons_points_entry_id_fkey
    FOREIGN KEY (points_entry_id) REFERENCES points_entries (id) ON DELETE SET NULL;
