-- Read paths that stay bounded at production size (docs/sizing.md): each index below
-- matches the order or the filter of one read, so it streams or stops early instead of
-- reading and sorting every row.

-- +goose Up

-- GET /points/statement/{customer_id}: newest first by (created_at, id). The offset is
-- skipped in this index alone (index-only), then the page is read from its key
-- (ledger.Service.Statement). It replaces points_entries_customer_idx, whose key it
-- extends (the customer's cascade and every lookup by customer use it as well).
CREATE INDEX points_entries_customer_created_idx ON points_entries (customer_id, created_at DESC, id DESC);
DROP INDEX points_entries_customer_idx;

-- GET /customers/sales-coupons/export: ORDER BY transaction_date DESC, id over the sales
-- not cancelled, read through a cursor: rows stream in index order, no sort.
CREATE INDEX coupons_export_order_idx ON coupons (transaction_date DESC, id) WHERE cancelled_at IS NULL;

-- POST /customers/reprocess-store-code-owner: the job walks only the customers without
-- an owner store (not all of them), and finds each one's first purchase credit in one
-- probe of a partial index (a customer who never bought answers at once).
CREATE INDEX customers_without_owner_idx ON customers (id) WHERE store_code_owner IS NULL OR store_code_owner = '';
CREATE INDEX points_entries_first_purchase_idx ON points_entries (customer_id, transaction_date, created_at, id)
    INCLUDE (store_code)
    WHERE transaction_type = 'C' AND NULLIF(store_code, '') IS NOT NULL AND NULLIF(coupon_identifier, '') IS NOT NULL;

-- GET /points/store/redeem-statement: the month's redeems (of a store, or all) with what
-- the totals, the status counts and the top customers need, read from the index alone.
CREATE INDEX redeems_statement_idx ON redeems (created_at DESC, id DESC)
    INCLUDE (store_code, status, customer_id, total_points);
-- Its items total: the quantity of the main items of each redeem, from the index alone.
CREATE INDEX redeem_items_main_qty_idx ON redeem_items (redeem_id) INCLUDE (qty) WHERE parent_item_id IS NULL;

ANALYZE customers, points_entries, coupons, redeems, redeem_items;

-- +goose Down
DROP INDEX redeem_items_main_qty_idx;
DROP INDEX redeems_statement_idx;
DROP INDEX points_entries_first_purchase_idx;
DROP INDEX customers_without_owner_idx;
DROP INDEX coupons_export_order_idx;
CREATE INDEX points_entries_customer_idx ON points_entries (customer_id, created_at DESC);
DROP INDEX points_entries_customer_created_idx;
