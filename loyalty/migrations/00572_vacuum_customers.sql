-- After 00571 rewrote the customers table, its visibility map is empty: until a VACUUM
-- sets it, every index-only read of customers_name_order_idx (the name search's walk,
-- customer.Store.Find) also reads the table. Autovacuum does not come for a rewrite (no
-- dead rows), so the migration runs it, outside a transaction as VACUUM must.

-- +goose NO TRANSACTION
-- +goose Up
VACUUM (ANALYZE) customers;

-- +goose Down
SELECT 1;
