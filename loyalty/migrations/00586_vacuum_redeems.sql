-- After 00585 rewrote every redeem row, the visibility map of redeems is empty: until a
-- VACUUM sets it, each index-only read of redeems_statement_idx (the redeem statement)
-- also reads the table. As 00572 for customers, the migration runs it, outside a
-- transaction as VACUUM must.

-- +goose NO TRANSACTION
-- +goose Up
VACUUM (ANALYZE) redeems;

-- +goose Down
SELECT 1;
