#!/usr/bin/env bash
# `make bench-export`: time and memory of the customer export at scale.
#
# Seeds BENCH_ROWS customers (default 1,000,000) into a scratch database, starts the real
# service binary, downloads the xlsx and csv exports with curl, and prints for each the
# time to first byte, total time, size and the service's peak RSS (VmHWM, reset before
# each download through /proc/<pid>/clear_refs), plus the peak size of its temp dir;
# beside it, psql \copy of the same rows. The scratch database is dropped at the end.
#
# Postgres: BENCH_DATABASE_URL (a server where the user may CREATE DATABASE), else the
# one scripts/dev-services.sh finds or starts. Knobs: BENCH_ROWS, BENCH_ROUNDS (default 3:
# xlsx, csv and psql \copy interleaved, medians shown), BENCH_SEED_BATCH, LOYALTY_BIN (the
# binary to run; default: a build of the checkout).
#
# BENCH_SMOKE=1 (CI): 1,000 rows, one round. The run fails on anything broken (seed,
# service, a download, a row count that is not BENCH_ROWS), never on the figures.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

smoke="${BENCH_SMOKE:-}"
rows="${BENCH_ROWS:-$([ -n "$smoke" ] && echo 1000 || echo 1000000)}"
seed_batch="${BENCH_SEED_BATCH:-1000}"
rounds="${BENCH_ROUNDS:-$([ -n "$smoke" ] && echo 1 || echo 3)}"
port="${BENCH_PORT:-18580}"
secret="bench-secret-0123456789abcdef0123456789"

if [ -z "${BENCH_DATABASE_URL:-}" ]; then
  eval "$(scripts/dev-services.sh up)"
  BENCH_DATABASE_URL="$DATABASE_URL"
fi
scratch="loyalty_bench_$$"
bench_url="$(echo "$BENCH_DATABASE_URL" | sed -E "s#(://[^/]+)/[^?]*#\1/$scratch#")"
work="$(mktemp -d)"
pid=""

cleanup() {
  set +e
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  [ -n "${sampler:-}" ] && kill "$sampler" 2>/dev/null
  psql "$BENCH_DATABASE_URL" -qc "DROP DATABASE IF EXISTS \"$scratch\"" >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

loyalty="${LOYALTY_BIN:-}"
if [ -z "$loyalty" ]; then
  # Into the scratch directory: GOFLAGS may carry -race (the CI smoke run reuses the tests'
  # build cache), and bin/ is left as `make build` made it.
  echo "building loyalty"
  go build -o "$work/loyalty" ./loyalty/cmd/loyalty
  loyalty="$work/loyalty"
fi

psql "$BENCH_DATABASE_URL" -qc "CREATE DATABASE \"$scratch\"" >/dev/null
export DATABASE_URL="$bench_url" JWT_SECRET="$secret" LOG_LEVEL=warn
"$loyalty" migrate >/dev/null
# The admin the bearer token speaks for: the service resolves the token's subject on every
# request and refuses one that is not an active user.
admin_id="$("$loyalty" users create --username bench-admin --password "bench-password-$$" --admin | sed -nE 's/.*\(id ([0-9a-f-]+)\).*/\1/p')"
[ -n "$admin_id" ] || { echo "bench-export: could not create the admin user" >&2; exit 1; }

echo "seeding $rows customers (INSERT ... SELECT generate_series, balances through points entries)"
seed_start=$(date +%s.%N)
# Customers start at balance 0 (the balance guard refuses any other); their balances then
# come from credit entries, whose trigger moves points_balance and keeps the ledger
# invariant. The entries go in batches of $seed_batch customers, one transaction each: the
# trigger takes a transaction-scoped advisory lock per customer, and a million of them in
# one transaction would exhaust the server's lock table.
psql "$bench_url" -q -v ON_ERROR_STOP=1 -v rows="$rows" -v batch="$seed_batch" <<'SQL'
SET search_path = loyalty;
INSERT INTO stores (store_code, name, document)
SELECT 'S' || i, 'Loja ' || i, lpad(i::text, 14, '0') FROM generate_series(1, 50) AS i;
INSERT INTO customers (name, doc, email, phone, gender_identity, birth_date, short_code,
                       last_purchase, origin, store_code, store_code_owner, app_user, created_at, updated_at)
SELECT 'Cliente ' || i || ' da Silva',
       lpad(i::text, 11, '0'),
       'cliente' || i || '@example.com',
       '+55119' || lpad(i::text, 8, '0'),
       (ARRAY['M', 'F', 'X'])[1 + i % 3],
       date '1960-01-01' + (i % 15000),
       CASE WHEN i % 4 = 0 THEN 'SC' || i END,
       CASE WHEN i % 5 <> 0 THEN timestamptz '2024-06-01 12:00Z' - (i % 10000) * interval '17 minutes' END,
       (ARRAY['PDV', 'APP', 'BACKOFFICE', 'TOTEM'])[1 + i % 4],
       'S' || (1 + i % 50),
       'S' || (1 + (i / 7) % 50),
       CASE i % 3 WHEN 0 THEN true WHEN 1 THEN false END,
       timestamptz '2024-06-01 12:00Z' - i * interval '30 seconds',
       timestamptz '2024-06-01 12:00Z' - i * interval '30 seconds'
FROM generate_series(1, :rows) AS i;
-- One credit of (i * 37) % 5000 points per customer i (none where that is 0), a batch per
-- statement; psql runs each generated statement in its own transaction.
SELECT format($q$INSERT INTO points_entries (customer_id, transaction_type, points, description, transaction_date, created_at)
SELECT c.id, 'C', (i * 37) %% 5000, 'bench seed', c.created_at, c.created_at
FROM generate_series(%s, %s) AS i JOIN customers c ON c.doc = lpad(i::text, 11, '0')
WHERE (i * 37) %% 5000 > 0$q$, lo, least(lo + :batch - 1, :rows))
FROM generate_series(1, :rows, :batch) AS lo \gexec
VACUUM ANALYZE;
SELECT (SELECT sum(points_balance) FROM customers) IS DISTINCT FROM (SELECT sum(points) FROM points_entries) AS bad
\gset
\if :bad
  \echo 'bench-export: the seeded balances differ from their entries'
  SELECT 1/0;
\endif
SQL
seed_end=$(date +%s.%N)
printf 'seeded in %.1f s\n' "$(echo "$seed_end - $seed_start" | bc)"

# The service, with a private temp dir so its use can be measured.
mkdir -p "$work/tmp"
TMPDIR="$work/tmp" HTTP_ADDR="127.0.0.1:$port" METRICS_ADDR=off MIGRATE_ON_START=false "$loyalty" serve 2>"$work/service.log" &
pid=$!
for _ in $(seq 100); do curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null

# An admin bearer token, HS256 with the service's secret.
b64url() { openssl base64 -A | tr '+/' '-_' | tr -d '='; }
now=$(date +%s)
header=$(printf '{"alg":"HS256","typ":"JWT"}' | b64url)
payload=$(printf '{"sub":"%s","role":"admin","name":"bench","iss":"loyalty","iat":%d,"exp":%d}' "$admin_id" "$now" $((now + 3600)) | b64url)
signature=$(printf '%s.%s' "$header" "$payload" | openssl dgst -sha256 -hmac "$secret" -binary | b64url)
token="$header.$payload.$signature"

status_kb() { awk -v k="$1:" '$1 == k {print $2}' "/proc/$pid/status"; }

# export_once FORMAT: downloads the customer export; sets got, size (bytes), ttfb and total
# (s), base_kb (RSS before), peak_kb (peak RSS during) and tmp_kb (peak temp dir use).
export_once() {
  local format="$1" out="$work/customers.$1" timing sheets
  echo 5 >"/proc/$pid/clear_refs" # reset the peak RSS (VmHWM) to the current RSS
  base_kb=$(status_kb VmRSS)
  # Peak size of the service's temp dir while the export runs.
  echo 0 >"$work/tmp_peak"
  (
    peak=0
    while true; do
      used=$(find "$work/tmp" -type f -printf '%s\n' | awk '{s += $1} END {print int(s / 1024)}')
      [ "$used" -gt "$peak" ] && peak=$used && echo "$peak" >"$work/tmp_peak"
      sleep 0.2
    done
  ) >/dev/null &
  sampler=$!
  timing=$(curl -fsS -o "$out" -H "Authorization: Bearer $token" \
    -w '%{time_starttransfer} %{time_total} %{size_download}' \
    "http://127.0.0.1:$port/api/v1/customers/export?format=$format")
  kill "$sampler" 2>/dev/null; wait "$sampler" 2>/dev/null || true
  sampler=""
  peak_kb=$(status_kb VmHWM)
  read -r ttfb total size <<<"$timing"
  if [ "$format" = csv ]; then
    got=$(($(wc -l <"$out") - 1))
  else
    # Rows of every sheet, header rows excluded (the sheet XML is one long line: split it).
    sheets=$(unzip -Z1 "$out" | grep -c '^xl/worksheets/sheet')
    got=$(($(unzip -p "$out" 'xl/worksheets/sheet*.xml' | tr '<' '\n' | grep -c '^row ') - sheets))
  fi
  rm -f "$out"
  tmp_kb=$(cat "$work/tmp_peak")
}

# copy_once: psql \copy of the same rows (same columns, joins and order as the customer
# export); sets got, size (bytes) and total (s).
copy_once() {
  local start end
  start=$(date +%s.%N)
  psql "$bench_url" -q -v ON_ERROR_STOP=1 <<SQL
SET search_path = loyalty;
\copy (SELECT c.id, c.name, c.doc, c.email, c.phone, c.gender_identity, c.birth_date, c.short_code, c.points_balance, c.last_purchase, c.is_active, c.origin, c.store_code, s.name, c.store_code_owner, so.name, c.email_optin, c.whatsapp_optin, c.sms_optin, c.app_user, c.created_at, c.updated_at FROM customers c LEFT JOIN stores s ON s.store_code = c.store_code LEFT JOIN stores so ON so.store_code = c.store_code_owner ORDER BY c.created_at DESC, c.id) TO '$work/copy.csv' WITH (FORMAT csv, HEADER)
SQL
  end=$(date +%s.%N)
  got=$(($(wc -l <"$work/copy.csv") - 1)) size=$(stat -c %s "$work/copy.csv") total=$(echo "$end - $start" | bc)
  rm -f "$work/copy.csv"
}

# Interleaved rounds (xlsx, csv, psql copy in each), so a burst of load elsewhere on the
# machine hits all three alike; the table shows the median time of each and the worst
# memory figures.
declare -A times peaks rss0 tmps sizes ttfbs
for round in $(seq "$rounds"); do
  for format in xlsx csv; do
    export_once "$format"
    if [ "$got" -ne "$rows" ]; then
      echo "bench-export: the $format export has $got rows, want $rows" >&2
      exit 1
    fi
    times[$format]+="$total " ttfbs[$format]+="$ttfb " sizes[$format]=$size
    peaks[$format]=$(( $peak_kb > ${peaks[$format]:-0} ? $peak_kb : ${peaks[$format]:-0} ))
    tmps[$format]=$(( $tmp_kb > ${tmps[$format]:-0} ? $tmp_kb : ${tmps[$format]:-0} ))
    rss0[$format]=$base_kb
  done
  copy_once
  [ "$got" -eq "$rows" ] || { echo "bench-export: psql \\copy wrote $got rows, want $rows" >&2; exit 1; }
  times[copy]+="$total " sizes[copy]=$size
  echo "round $round/$rounds: xlsx $(echo "${times[xlsx]}" | awk '{print $NF}') s, csv $(echo "${times[csv]}" | awk '{print $NF}') s, psql copy $total s" >&2
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{v[NR] = $1} END {print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2)}'; }
copy_median=$(echo "${times[copy]}" | median)

echo
echo "customer export, $rows customers, median of $rounds round(s) (service: loyalty serve, GOMAXPROCS=$(nproc))"
printf '%-10s %10s %8s %8s %9s %9s %8s %9s\n' format "size MiB" "ttfb s" "total s" "rss0 MiB" "peak MiB" "tmp KiB" "vs copy"
for format in xlsx csv; do
  t=$(echo "${times[$format]}" | median)
  printf '%-10s %10.1f %8.2f %8.2f %9.1f %9.1f %8d %8.2fx\n' "$format" "$(echo "${sizes[$format]} / 1048576" | bc -l)" \
    "$(echo "${ttfbs[$format]}" | median)" "$t" "$(echo "${rss0[$format]} / 1024" | bc -l)" \
    "$(echo "${peaks[$format]} / 1024" | bc -l)" "${tmps[$format]}" "$(echo "$t / $copy_median" | bc -l)"
done
printf '%-10s %10.1f %8s %8.2f %9s %9s %8s %9s\n' "psql copy" "$(echo "${sizes[copy]} / 1048576" | bc -l)" - "$copy_median" - - - 1.00x
if grep -q '"level":"ERROR"' "$work/service.log"; then
  echo "service errors:" && grep '"level":"ERROR"' "$work/service.log"
  exit 1
fi
