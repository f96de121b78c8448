-- Per-customer report questions over a month or a quarter (issue 25, docs/sizing.md "Fourth
-- pass"): buyers, top customers and spend per customer group a period's sales by customer.
-- The period's coupons were found through the date index and read from the table: at a
-- million customers a month's 670k coupons lie on nearly every page of the table. The
-- index of the sales in date order (coupons_export_order_idx, which the sales-coupon
-- export and the per-customer summary's coverage check follow) now carries the customer
-- and the value, so such a question reads the index alone (an index-only scan) and no
-- index is added to the sale's writes. Same name, same key, same predicate.

-- +goose Up
DROP INDEX coupons_export_order_idx;
CREATE INDEX coupons_export_order_idx ON coupons (transaction_date DESC, id) INCLUDE (customer_id, value) WHERE cancelled_at IS NULL;

-- +goose Down
DROP INDEX coupons_export_order_idx;
CREATE INDEX coupons_export_order_idx ON coupons (transaction_date DESC, id) WHERE cancelled_at IS NULL;
