-- The FIFO probe of a customer's lots stays one index entry per lot taken, whatever the
-- customer's size (issue 28; docs/ledger.md "Benchmark"). Measured on one hot customer
-- (BenchmarkLedgerHot, 20,000 transactions): each debit read every open lot of the
-- customer (points_lots_customer_fifo_idx: 12,000 index entries read per scan at 12,000
-- lots), so the rate fell as the run went on. The cause was the plan, not dead entries
-- (99.9% of the lot updates were HOT): points_lots_apply's probe (ORDER BY ... LIMIT 1)
-- is planned once per session and then kept as a generic plan; planned while the table
-- was small, or from statistics where the average customer has a few lots, that plan is
-- a bitmap read of all the customer's open lots and a sort, run for every lot a debit
-- takes, for a customer with thousands of lots too.
--
-- Two changes:
--   * the FIFO index carries pending, so both readers' conditions are index conditions
--     (the probe: customer, open, not pending; the lots route: customer, open, in the
--     order pending, expires_at, created_at, id) and the probe filters nothing on the
--     heap. Its columns are those a debit does not change (only remaining moves), so the
--     update of a lot being spent stays HOT; a lot leaves the index's order only when it
--     closes or becomes available (once in its life).
--   * points_lots_apply plans without sorts (enable_sort off, for its statements only):
--     every statement in it is keyed (an entry, a lot, a customer's FIFO), so a sort is
--     only ever the bad plan above. The ordered index scan is then the one plan of the
--     probe, generic or not, and the rule itself (00603's body) is not copied here.

-- +goose Up
CREATE INDEX points_lots_fifo_idx ON points_lots (customer_id, open, pending, expires_at, created_at, id);
DROP INDEX points_lots_customer_fifo_idx;
ALTER FUNCTION loyalty.points_lots_apply(loyalty.points_entries) SET enable_sort = off;

-- +goose Down
ALTER FUNCTION loyalty.points_lots_apply(loyalty.points_entries) RESET enable_sort;
CREATE INDEX points_lots_customer_fifo_idx ON points_lots (customer_id, open, expires_at, created_at, id);
DROP INDEX points_lots_fifo_idx;
