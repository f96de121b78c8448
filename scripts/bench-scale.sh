#!/usr/bin/env bash
# `make bench-scale`: the loyalty service at production size.
#
# 1. Load (scripts/bench-scale-load.sql): BENCH_CUSTOMERS customers (default 1,000,000)
#    with about 19.5 points entries, 8 sales coupons and 0.2 redeems each, 50 stores, and
#    two hot customers of BENCH_HOT_ENTRIES sales each (default 40,000), into its own
#    database loyalty_scale_<customers>, migrated by the service binary. Then every
#    invariant is checked: `loyalty admin audit` (ledger.Audit and redeem.Audit) must
#    find nothing, and Postgres validated every foreign key when the load added it back.
#    A database that a previous run loaded completely is reused (BENCH_RELOAD=1 loads it
#    again). BENCH_DATABASE names it otherwise (two checkouts sharing one server).
# 2. Reads (`make bench-scale-reads` runs only this, on the loaded database): the service
#    is started on it and loyalty/cmd/bench-scale times every route of issue 25's table at
#    1 and BENCH_CLIENTS clients (default 16) for BENCH_DURATION each (default 10s),
#    printing p50, p95 and requests per second (exports at 1 client: the service runs at
#    most MAX_CONCURRENT_EXPORTS at once and answers 429 beyond); before the service
#    starts, the common report questions (scripts/bench-scale-reports.tsv, pt and en,
#    over a month, a quarter and a year) with loyalty/cmd/bench-reports: p50/p95 from the
#    rollups and from raw rows side by side, and their ratio (the rollups are refreshed
#    first, as the service's job would); then the writes that cannot be repeated
#    (reprocess-store-code-owner twice, DELETE of a hot customer) once each.
#
# Postgres: BENCH_DATABASE_URL (a server where the user may CREATE DATABASE), else the
# one scripts/dev-services.sh finds or starts. LOYALTY_BIN: the binary (default: a build
# of the checkout). BENCH_KEEP=0 drops the database at the end (default: kept, it takes
# minutes to load; `BENCH_SMOKE=1` drops it).
#
# BENCH_ROUTES (reads only): an extended regular expression; only the reads whose names
# match it are timed, and the report questions and the writes are skipped (a same-time
# comparison of a few routes, e.g. BENCH_ROUTES='redeem-statement|sales-coupons').
#
# BENCH_SMOKE=1 (CI, `make bench-smoke`): 2,000 customers, hot customers of 2,000 sales,
# 1 s per route. Fails on anything broken (load, audit, service, a route answering an
# error), never on the figures.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

smoke="${BENCH_SMOKE:-}"
customers="${BENCH_CUSTOMERS:-$([ -n "$smoke" ] && echo 2000 || echo 1000000)}"
hot="${BENCH_HOT_ENTRIES:-$([ -n "$smoke" ] && echo 2000 || echo 40000)}"
duration="${BENCH_DURATION:-$([ -n "$smoke" ] && echo 1s || echo 10s)}"
clients="${BENCH_CLIENTS:-16}"
report_runs="${BENCH_REPORT_RUNS:-$([ -n "$smoke" ] && echo 1 || echo 5)}"
report_raw_runs="${BENCH_REPORT_RAW_RUNS:-$([ -n "$smoke" ] && echo 1 || echo 3)}"
keep="${BENCH_KEEP:-$([ -n "$smoke" ] && echo 0 || echo 1)}"
phase="${1:-all}" # all | load (load and audit only) | reads
port="${BENCH_PORT:-18590}"
secret="bench-secret-0123456789abcdef0123456789"
case "$customers" in '' | *[!0-9]*) echo "bench-scale: BENCH_CUSTOMERS must be a number" >&2; exit 2 ;; esac
case "$hot" in '' | *[!0-9]*) echo "bench-scale: BENCH_HOT_ENTRIES must be a number" >&2; exit 2 ;; esac

if [ -z "${BENCH_DATABASE_URL:-}" ]; then
  eval "$(scripts/dev-services.sh up)"
  BENCH_DATABASE_URL="$DATABASE_URL"
fi
scratch="${BENCH_DATABASE:-loyalty_scale_${customers}}"
[ -n "$smoke" ] && scratch="loyalty_scale_smoke_$$"
bench_url="$(echo "$BENCH_DATABASE_URL" | sed -E "s#(://[^/]+)/[^?]*#\1/$scratch#")"
work="$(mktemp -d)"
pid=""
cleanup() {
  set +e
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  [ "$keep" = 0 ] && psql "$BENCH_DATABASE_URL" -qc "DROP DATABASE IF EXISTS \"$scratch\"" >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

loyalty="${LOYALTY_BIN:-}"
if [ -z "$loyalty" ]; then
  # Into the scratch directory: GOFLAGS may carry -race (the CI smoke run), and bin/ is
  # left as `make build` made it.
  echo "building loyalty"
  go build -o "$work/loyalty" ./loyalty/cmd/loyalty
  loyalty="$work/loyalty"
fi
go build -o "$work/bench-scale" ./loyalty/cmd/bench-scale
go build -o "$work/bench-reports" ./loyalty/cmd/bench-reports
export DATABASE_URL="$bench_url" JWT_SECRET="$secret" LOG_LEVEL=warn

loaded() { [ "$(psql "$BENCH_DATABASE_URL" -Atc "SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = '$scratch'")" = "bench-scale loaded" ]; }

if [ "$phase" != reads ] && { [ "${BENCH_RELOAD:-}" = 1 ] || ! loaded; }; then
  psql "$BENCH_DATABASE_URL" -qc "DROP DATABASE IF EXISTS \"$scratch\"" >/dev/null
  psql "$BENCH_DATABASE_URL" -qc "CREATE DATABASE \"$scratch\"" >/dev/null
  "$loyalty" migrate >/dev/null
  echo "bench-scale: loading $customers customers and 2 hot customers of $hot sales into $scratch; load: $(cut -d' ' -f1-3 /proc/loadavg)"
  start=$(date +%s)
  psql "$bench_url" -q -v customers="$customers" -v hot_entries="$hot" -f scripts/bench-scale-load.sql
  echo "bench-scale: loaded in $(($(date +%s) - start)) s; auditing"
  astart=$(date +%s)
  "$loyalty" admin audit
  echo "bench-scale: audit clean in $(($(date +%s) - astart)) s"
  psql "$BENCH_DATABASE_URL" -qc "COMMENT ON DATABASE \"$scratch\" IS 'bench-scale loaded'" >/dev/null
elif ! loaded; then
  echo "bench-scale: $scratch is not loaded; run make bench-scale first" >&2
  exit 1
fi

[ "$phase" = load ] && exit 0
# A kept database follows the checkout: migrations added since it was loaded (indexes
# among them) are applied now, as an operator would.
mstart=$(date +%s)
"$loyalty" migrate >/dev/null
echo "bench-scale: migrated in $(($(date +%s) - mstart)) s"
# The report rollups as the service's job keeps them (the first pass builds them whole).
rstart=$(date +%s)
"$loyalty" admin refresh-rollups >/dev/null
echo "bench-scale: report rollups refreshed in $(($(date +%s) - rstart)) s"
echo "bench-scale: rows and sizes"
psql "$bench_url" -q -P footer=off <<'SQL'
SELECT c.relname AS "table", to_char(c.reltuples, 'FM999,999,999,999') AS "rows",
       pg_size_pretty(pg_table_size(c.oid)) AS "table", pg_size_pretty(pg_indexes_size(c.oid)) AS "indexes"
  FROM pg_class c
 WHERE c.relnamespace = 'loyalty'::regnamespace AND c.relkind = 'r' AND c.relname IN
       ('customers', 'points_entries', 'coupons', 'redeems', 'redeem_items', 'stores')
 ORDER BY pg_total_relation_size(c.oid) DESC;
SELECT pg_size_pretty(pg_database_size(current_database())) AS "database";
SQL

# The report questions first, on the rollups just refreshed: once started, the service
# expires the load's overdue pending redeems for minutes (reversal entries, cancelled
# redeem entries), and every day they touch is read from raw rows until the job's next
# pass: timed then, the rollups' figures were those of raw rows.
status=0
routes="${BENCH_ROUTES:-}"
[ -z "$routes" ] && echo "bench-scale: report questions, from the rollups and from raw rows (BENCH_REPORT_RUNS=$report_runs, raw $report_raw_runs); load: $(cut -d' ' -f1-3 /proc/loadavg)"
[ -z "$routes" ] && { "$work/bench-reports" -database-url "$bench_url" -runs "$report_runs" -raw-runs "$report_raw_runs" <scripts/bench-scale-reports.tsv || status=1; }

# The admin the bearer token speaks for.
admin_id="$("$loyalty" users create --username "bench-admin-$$" --password "bench-password-$$" --admin | sed -nE 's/.*\(id ([0-9a-f-]+)\).*/\1/p')"
[ -n "$admin_id" ] || { echo "bench-scale: could not create the admin user" >&2; exit 1; }
b64url() { openssl base64 -A | tr '+/' '-_' | tr -d '='; }
now=$(date +%s)
header=$(printf '{"alg":"HS256","typ":"JWT"}' | b64url)
payload=$(printf '{"sub":"%s","role":"admin","name":"bench","iss":"loyalty","iat":%d,"exp":%d}' "$admin_id" "$now" $((now + 7200)) | b64url)
signature=$(printf '%s.%s' "$header" "$payload" | openssl dgst -sha256 -hmac "$secret" -binary | b64url)
token="$header.$payload.$signature"

HTTP_ADDR="127.0.0.1:$port" METRICS_ADDR=off MIGRATE_ON_START=false "$loyalty" serve 2>"$work/service.log" &
pid=$!
for _ in $(seq 100); do curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null || { cat "$work/service.log" >&2; exit 1; }

ids="$(psql "$bench_url" -Atc "
  SELECT (SELECT id FROM loyalty.customers WHERE doc = 'HOT00000001'), (SELECT id FROM loyalty.customers WHERE doc = 'HOT00000002'),
         (SELECT doc FROM loyalty.customers WHERE doc = lpad('$((customers / 2))', 11, '0')),
         (SELECT document FROM loyalty.stores WHERE store_code = 'S7')")"
IFS='|' read -r hot1 hot2 some_doc store_doc <<<"$ids"
offset=$(( hot > 9100 ? 9000 : hot / 2 ))
p=/api/v1
tab=$'\t'
cat >"$work/reads" <<EOF
customer by document${tab}read${tab}GET${tab}$p/customer/$some_doc
customers/search?search_name=maria${tab}read${tab}GET${tab}$p/customers/search?search_name=maria
customers/search?search_name=conceicao${tab}read${tab}GET${tab}$p/customers/search?search_name=conceicao
customers/search?search_name=zzqx (none)${tab}read${tab}GET${tab}$p/customers/search?search_name=zzqx
customers/list?search_name=maria${tab}read${tab}GET${tab}$p/customers/list?search_name=maria
statement, hot customer, offset $offset${tab}read${tab}GET${tab}$p/points/statement/$hot1?limit=100&offset=$offset
statement, hot customer, offset 0${tab}read${tab}GET${tab}$p/points/statement/$hot1?limit=100
redeem-statement ALL, 06-2025${tab}read${tab}GET${tab}$p/points/store/redeem-statement?store_document=ALL&period=06-2025
redeem-statement one store, 06-2025${tab}read${tab}GET${tab}$p/points/store/redeem-statement?store_document=$store_doc&period=06-2025
sales-coupons export 06-2025 csv (1st byte)${tab}first${tab}GET${tab}$p/customers/sales-coupons/export?format=csv&start_date=2025-06-01&end_date=2025-06-30
sales-coupons export 06-2025 xlsx (1st byte)${tab}first${tab}GET${tab}$p/customers/sales-coupons/export?format=xlsx&start_date=2025-06-01&end_date=2025-06-30
customers export maria csv (1st byte)${tab}first${tab}GET${tab}$p/customers/export?format=csv&search_name=maria
EOF
# The writes change the data set, so a kept database differs after them: the legacy
# customers have their owner store (a second run of the job has nothing to do either
# time) and the second hot customer is gone (its DELETE is then skipped).
cat >"$work/writes" <<EOF
reprocess-store-code-owner${tab}once${tab}POST${tab}$p/customers/reprocess-store-code-owner
reprocess-store-code-owner (again)${tab}once${tab}POST${tab}$p/customers/reprocess-store-code-owner
EOF
if [ -n "$hot2" ]; then
  echo "DELETE customer with $hot sales${tab}once${tab}DELETE${tab}$p/customer/$hot2" >>"$work/writes"
else
  echo "bench-scale: the second hot customer was deleted by an earlier run; BENCH_RELOAD=1 brings it back"
fi
if [ -n "$routes" ]; then
  grep -E "^[^$tab]*($routes)" "$work/reads" >"$work/reads.only" || { echo "bench-scale: BENCH_ROUTES='$routes' names no read" >&2; exit 2; }
  mv "$work/reads.only" "$work/reads"
  : >"$work/writes"
fi
echo "bench-scale: $customers customers; $duration per route and client count; load: $(cut -d' ' -f1-3 /proc/loadavg)"
"$work/bench-scale" -url "http://127.0.0.1:$port" -token "$token" -duration "$duration" -clients "1,$clients" <"$work/reads" || status=1
[ -s "$work/writes" ] && { "$work/bench-scale" -url "http://127.0.0.1:$port" -token "$token" <"$work/writes" || status=1; }
echo "bench-scale: load after the run: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
