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
# one scripts/dev-services.sh finds or starts.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

rows="${BENCH_ROWS:-1000000}"
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

echo "building bin/loyalty"
go build -o bin/loyalty ./loyalty/cmd/loyalty

psql "$BENCH_DATABASE_URL" -qc "CREATE DATABASE \"$scratch\"" >/dev/null
export DATABASE_URL="$bench_url" JWT_SECRET="$secret" LOG_LEVEL=warn
bin/loyalty migrate >/dev/null 2>&1

echo "seeding $rows customers (INSERT ... SELECT generate_series)"
seed_start=$(date +%s.%N)
psql "$bench_url" -q -v ON_ERROR_STOP=1 -v rows="$rows" <<'SQL'
SET search_path = loyalty;
INSERT INTO stores (store_code, name, document)
SELECT 'S' || i, 'Loja ' || i, lpad(i::text, 14, '0') FROM generate_series(1, 50) AS i;
INSERT INTO customers (name, doc, email, phone, gender_identity, birth_date, short_code, points_balance,
                       last_purchase, origin, store_code, store_code_owner, app_user, created_at, updated_at)
SELECT 'Cliente ' || i || ' da Silva',
       lpad(i::text, 11, '0'),
       'cliente' || i || '@example.com',
       '+55119' || lpad(i::text, 8, '0'),
       (ARRAY['M', 'F', 'X'])[1 + i % 3],
       date '1960-01-01' + (i % 15000),
       CASE WHEN i % 4 = 0 THEN 'SC' || i END,
       (i * 37) % 5000,
       CASE WHEN i % 5 <> 0 THEN timestamptz '2024-06-01 12:00Z' - (i % 10000) * interval '17 minutes' END,
       (ARRAY['PDV', 'APP', 'BACKOFFICE', 'TOTEM'])[1 + i % 4],
       'S' || (1 + i % 50),
       'S' || (1 + (i / 7) % 50),
       CASE i % 3 WHEN 0 THEN true WHEN 1 THEN false END,
       timestamptz '2024-06-01 12:00Z' - i * interval '30 seconds',
       timestamptz '2024-06-01 12:00Z' - i * interval '30 seconds'
FROM generate_series(1, :rows) AS i;
ANALYZE;
SQL
seed_end=$(date +%s.%N)
printf 'seeded in %.1f s\n' "$(echo "$seed_end - $seed_start" | bc)"

# The service, with a private temp dir so its use can be measured.
mkdir -p "$work/tmp"
TMPDIR="$work/tmp" HTTP_ADDR="127.0.0.1:$port" METRICS_ADDR=off MIGRATE_ON_START=false bin/loyalty serve 2>"$work/service.log" &
pid=$!
for _ in $(seq 100); do curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null

# An admin bearer token, HS256 with the service's secret.
b64url() { openssl base64 -A | tr '+/' '-_' | tr -d '='; }
now=$(date +%s)
header=$(printf '{"alg":"HS256","typ":"JWT"}' | b64url)
payload=$(printf '{"sub":"00000000-0000-0000-0000-000000000001","role":"admin","name":"bench","iss":"loyalty","iat":%d,"exp":%d}' "$now" $((now + 3600)) | b64url)
signature=$(printf '%s.%s' "$header" "$payload" | openssl dgst -sha256 -hmac "$secret" -binary | b64url)
token="$header.$payload.$signature"

status_kb() { awk -v k="$1:" '$1 == k {print $2}' "/proc/$pid/status"; }

results=()
for format in xlsx csv; do
  out="$work/customers.$format"
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
  ) &
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
  results+=("$(printf '%-10s %9d %10.1f %8.2f %8.2f %9.1f %9.1f %8d' "$format" "$got" "$(echo "$size / 1048576" | bc -l)" "$ttfb" "$total" \
    "$(echo "$base_kb / 1024" | bc -l)" "$(echo "$peak_kb / 1024" | bc -l)" "$(cat "$work/tmp_peak")")")
  rm -f "$out"
done

# psql \copy of the same rows (same columns, joins and order as the customer export).
copy_start=$(date +%s.%N)
psql "$bench_url" -q -v ON_ERROR_STOP=1 <<SQL
SET search_path = loyalty;
\copy (SELECT c.id, c.name, c.doc, c.email, c.phone, c.gender_identity, c.birth_date, c.short_code, c.points_balance, c.last_purchase, c.is_active, c.origin, c.store_code, s.name, c.store_code_owner, so.name, c.email_optin, c.whatsapp_optin, c.sms_optin, c.app_user, c.created_at, c.updated_at FROM customers c LEFT JOIN stores s ON s.store_code = c.store_code LEFT JOIN stores so ON so.store_code = c.store_code_owner ORDER BY c.created_at DESC, c.id) TO '$work/copy.csv' WITH (FORMAT csv, HEADER)
SQL
copy_end=$(date +%s.%N)
copy_rows=$(($(wc -l <"$work/copy.csv") - 1))
copy_size=$(stat -c %s "$work/copy.csv")
results+=("$(printf '%-10s %9d %10.1f %8s %8.2f %9s %9s %8s' "psql copy" "$copy_rows" "$(echo "$copy_size / 1048576" | bc -l)" "-" "$(echo "$copy_end - $copy_start" | bc)" "-" "-" "-")")

echo
echo "customer export, $rows customers (service: bin/loyalty serve, GOMAXPROCS=$(nproc))"
printf '%-10s %9s %10s %8s %8s %9s %9s %8s\n' format rows "size MiB" "ttfb s" "total s" "rss0 MiB" "peak MiB" "tmp KiB"
for r in "${results[@]}"; do echo "$r"; done
if grep -q '"level":"ERROR"' "$work/service.log"; then
  echo "service errors:" && grep '"level":"ERROR"' "$work/service.log"
  exit 1
fi
