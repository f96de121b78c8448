-- GET /points/store/redeem-statement (issue 25, docs/sizing.md "Fifth pass"): the
-- statement's total_items, the quantity of the main items (toppings apart) of the month's
-- redeems, probed redeem_items_main_qty_idx once per redeem: at a million customers a
-- month of all stores is 14k redeems, 41k index pages, most of the route's time. Each
-- redeem now keeps that quantity (main_items_qty), read with the rest from
-- redeems_statement_idx alone.
--
-- One rule, here only: main_items_qty is the sum of qty over the redeem's items whose
-- parent_item_id is null. Statement-level triggers on redeem_items apply every insert,
-- delete and update (transition tables) to their redeems in the same transaction, one
-- UPDATE per statement, and only where the quantity changes: applying or cancelling a
-- redeem (an update of the items' applied_at) writes no redeem row. A redeem's items are
-- written in the transaction that creates it (redeem.Service.Block), so its updated_at
-- is unchanged (now() is the transaction's start). redeem.Audit checks the column against
-- the items. The column is filled here with the triggers in place: creating them locks
-- redeem_items against writes until the migration commits.

-- +goose Up
ALTER TABLE redeems ADD COLUMN main_items_qty bigint NOT NULL DEFAULT 0;

-- +goose StatementBegin
-- The net change of main quantity per redeem of a statement on redeem_items (transition
-- tables "old_items", "new_items", whichever the operation has) added to its redeems.
CREATE FUNCTION loyalty.redeem_main_items_qty_apply() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE loyalty.redeems r SET main_items_qty = r.main_items_qty + d.qty
          FROM (SELECT redeem_id, sum(qty) AS qty FROM new_items WHERE parent_item_id IS NULL GROUP BY redeem_id) d
         WHERE r.id = d.redeem_id;
    ELSIF TG_OP = 'DELETE' THEN
        UPDATE loyalty.redeems r SET main_items_qty = r.main_items_qty - d.qty
          FROM (SELECT redeem_id, sum(qty) AS qty FROM old_items WHERE parent_item_id IS NULL GROUP BY redeem_id) d
         WHERE r.id = d.redeem_id;
    ELSE
        UPDATE loyalty.redeems r SET main_items_qty = r.main_items_qty + d.qty
          FROM (SELECT redeem_id, sum(qty) AS qty
                  FROM (SELECT redeem_id, qty FROM new_items WHERE parent_item_id IS NULL
                        UNION ALL
                        SELECT redeem_id, -qty FROM old_items WHERE parent_item_id IS NULL) x
                 GROUP BY redeem_id HAVING sum(qty) <> 0) d
         WHERE r.id = d.redeem_id;
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

CREATE TRIGGER redeem_items_main_qty_insert AFTER INSERT ON redeem_items
    REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION loyalty.redeem_main_items_qty_apply();
CREATE TRIGGER redeem_items_main_qty_delete AFTER DELETE ON redeem_items
    REFERENCING OLD TABLE AS old_items FOR EACH STATEMENT EXECUTE FUNCTION loyalty.redeem_main_items_qty_apply();
CREATE TRIGGER redeem_items_main_qty_update AFTER UPDATE ON redeem_items
    REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION loyalty.redeem_main_items_qty_apply();

-- The existing redeems, without moving their updated_at (nothing about them changed).
ALTER TABLE redeems DISABLE TRIGGER redeems_updated_at;
UPDATE redeems r SET main_items_qty = d.qty
  FROM (SELECT redeem_id, sum(qty) AS qty FROM redeem_items WHERE parent_item_id IS NULL GROUP BY redeem_id) d
 WHERE r.id = d.redeem_id;
ALTER TABLE redeems ENABLE TRIGGER redeems_updated_at;

-- The statement's index gains the column (same name, key and order); the per-redeem
-- probe's index has no other reader.
DROP INDEX redeems_statement_idx;
CREATE INDEX redeems_statement_idx ON redeems (created_at DESC, id DESC)
    INCLUDE (store_code, status, customer_id, total_points, main_items_qty);
DROP INDEX redeem_items_main_qty_idx;

-- +goose Down
CREATE INDEX redeem_items_main_qty_idx ON redeem_items (redeem_id) INCLUDE (qty) WHERE parent_item_id IS NULL;
DROP INDEX redeems_statement_idx;
CREATE INDEX redeems_statement_idx ON redeems (created_at DESC, id DESC)
    INCLUDE (store_code, status, customer_id, total_points);
DROP TRIGGER redeem_items_main_qty_update ON redeem_items;
DROP TRIGGER redeem_items_main_qty_delete ON redeem_items;
DROP TRIGGER redeem_items_main_qty_insert ON redeem_items;
DROP FUNCTION loyalty.redeem_main_items_qty_apply();
ALTER TABLE redeems DROP COLUMN main_items_qty;
