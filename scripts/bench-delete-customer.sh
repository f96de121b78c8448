#!/usr/bin/env bash
# Time of DELETE /customer/{id}'s statement on a customer with a long history, in a
# database whose other customers hold many coupons and redeem items.
#
# Seeds BENCH_COUPONS coupons and BENCH_ITEMS redeem items (defaults 100,000 and
# 50,000) over 1,000 other customers, and one customer with BENCH_ENTRIES points entries
# (default 1,000), each with its coupon, plus BENCH_ENTRIES/10 redeems of two items (a
# product and its topping). Then it runs the deletion (the same cascade as the route)
# three times, each rolled back, and prints the times. Every foreign key the cascade
# follows must be indexed, or each deleted row scans the referencing table.
#
# Postgres: BENCH_DATABASE_URL (a server where the user may CREATE DATABASE), else the
# one scripts/dev-services.sh finds or starts. LOYALTY_BIN picks the binary that migrates
# the scratch database (default: a build of the checkout), e.g. an older build to compare.
#
# BENCH_SMOKE=1 (CI): 2,000 coupons, 1,000 items, 100 entries. The run fails on anything
# broken (seed, migration, the deletion), never on the times.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

smoke="${BENCH_SMOKE:-}"
coupons="${BENCH_COUPONS:-$([ -n "$smoke" ] && echo 2000 || echo 100000)}"
items="${BENCH_ITEMS:-$([ -n "$smoke" ] && echo 1000 || echo 50000)}"
entries="${BENCH_ENTRIES:-$([ -n "$smoke" ] && echo 100 || echo 1000)}"

if [ -z "${BENCH_DATABASE_URL:-}" ]; then
  eval "$(scripts/dev-services.sh up)"
  BENCH_DATABASE_URL="$DATABASE_URL"
fi
scratch="loyalty_bench_delete_$$"
bench_url="$(echo "$BENCH_DATABASE_URL" | sed -E "s#(://[^/]+)/[^?]*#\1/$scratch#")"
work="$(mktemp -d)"
cleanup() {
  psql "$BENCH_DATABASE_URL" -qc "DROP DATABASE IF EXISTS \"$scratch\"" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

bin="${LOYALTY_BIN:-}"
if [ -z "$bin" ]; then
  # Into the scratch directory: GOFLAGS may carry -race (the CI smoke run reuses the tests'
  # build cache), and bin/ is left as `make build` made it.
  echo "building loyalty"
  go build -o "$work/loyalty" ./loyalty/cmd/loyalty
  bin="$work/loyalty"
fi
psql "$BENCH_DATABASE_URL" -qc "CREATE DATABASE \"$scratch\"" >/dev/null
DATABASE_URL="$bench_url" JWT_SECRET=bench-secret-0123456789abcdef0123456789 LOG_LEVEL=warn "$bin" migrate >/dev/null

echo "seeding $coupons coupons, $items redeem items, one customer with $entries entries"
psql "$bench_url" -q -v ON_ERROR_STOP=1 -v coupons="$coupons" -v items="$items" -v entries="$entries" <<'SQL'
SET search_path = loyalty;
INSERT INTO customers (name, doc, email, phone)
SELECT 'Cliente ' || i, 'D' || i, 'c' || i || '@example.com', '1' FROM generate_series(1, 1000) AS i;
INSERT INTO products (sku, name, points, has_toppings) VALUES ('P', 'Produto', 1, true);
INSERT INTO products (sku, name, points, is_addon) VALUES ('T', 'Topping', 1, true);
WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM customers)
INSERT INTO coupons (customer_id, coupon_identifier, transaction_date, value)
SELECT c.ids[1 + i % 1000], 'K' || i, now(), 1 FROM c, generate_series(1, :coupons) AS i;
WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM customers)
INSERT INTO redeems (customer_id, total_points, expires_at)
SELECT c.ids[1 + i % 1000], 0, now() FROM c, generate_series(1, :items / 2) AS i;
INSERT INTO redeem_items (redeem_id, customer_id, product_id, qty, points)
SELECT r.id, r.customer_id, (SELECT id FROM products WHERE sku = 'P'), 1, 0 FROM redeems r;
INSERT INTO redeem_items (redeem_id, customer_id, product_id, parent_item_id, qty, points)
SELECT i.redeem_id, i.customer_id, (SELECT id FROM products WHERE sku = 'T'), i.id, 1, 0 FROM redeem_items i;

INSERT INTO customers (name, doc, email, phone) VALUES ('Victim', 'VICTIM', 'v@example.com', '1');
INSERT INTO points_entries (customer_id, transaction_type, points, transaction_date, coupon_identifier)
SELECT (SELECT id FROM customers WHERE doc = 'VICTIM'), 'C', 10, now(), 'V' || i FROM generate_series(1, :entries) AS i;
INSERT INTO coupons (customer_id, coupon_identifier, transaction_date, value, points_entry_id)
SELECT customer_id, coupon_identifier, transaction_date, 1, id FROM points_entries;
INSERT INTO redeems (customer_id, total_points, expires_at)
SELECT (SELECT id FROM customers WHERE doc = 'VICTIM'), 0, now() FROM generate_series(1, :entries / 10);
INSERT INTO redeem_items (redeem_id, customer_id, product_id, qty, points)
SELECT r.id, r.customer_id, (SELECT id FROM products WHERE sku = 'P'), 1, 0
  FROM redeems r JOIN customers c ON c.id = r.customer_id WHERE c.doc = 'VICTIM';
INSERT INTO redeem_items (redeem_id, customer_id, product_id, parent_item_id, qty, points)
SELECT i.redeem_id, i.customer_id, (SELECT id FROM products WHERE sku = 'T'), i.id, 1, 0
  FROM redeem_items i JOIN customers c ON c.id = i.customer_id WHERE c.doc = 'VICTIM';
ANALYZE;
SQL

echo "DELETE FROM customers WHERE doc = 'VICTIM' (rolled back each time):"
for run in 1 2 3; do
  psql "$bench_url" -qAt -v ON_ERROR_STOP=1 <<'SQL' | sed -n 's/^Time: /  run: /p'
SET search_path = loyalty;
BEGIN;
\timing on
DELETE FROM customers WHERE doc = 'VICTIM';
\timing off
ROLLBACK;
SQL
done
