#!/usr/bin/env bash
# Ledger throughput against Postgres, compared with pgbench on the same server.
#
#   scripts/bench-ledger.sh            (make bench-ledger)
#
# 1. Go benchmarks of loyalty/internal/ledger (BenchmarkLedgerSpread, BenchmarkLedgerHot):
#    credit+debit transactions through ledger.Service from 32 concurrent clients, spread
#    over 10,000 customers and on one hot customer. testkit creates a scratch database for
#    each run and drops it. BenchmarkLedgerWebhookRatio then measures the webhook outbox:
#    chunks of 500 transactions alternate without the outbox, with it and no subscription,
#    and with one active subscription to every event (target: with / without >= 0.90).
# 2. pgbench tpcb-like with the same number of clients on a scratch database (created and
#    dropped here).
# Prints the figures, the ratios ledger / pgbench and hot / spread, and the service's CPU
# per transaction (this process's user+system time; Postgres not included).
#
# Postgres: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else scripts/dev-services.sh.
# Knobs: BENCH_TX (ledger transactions per benchmark, default 20000), PGBENCH_SECONDS
# (default 20), PGBENCH_SCALE (default 32, one branch per client), BENCH_CLIENTS is fixed
# at 32 (the Go benchmarks' benchClients).
#
# BENCH_SMOKE=1 (CI): 64 transactions, pgbench at scale 1 for 1 s. The run fails on
# anything broken (a benchmark, pgbench, figures that cannot be read), never on the figures.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

clients=32
smoke="${BENCH_SMOKE:-}"
tx="${BENCH_TX:-$([ -n "$smoke" ] && echo 64 || echo 20000)}"
seconds="${PGBENCH_SECONDS:-$([ -n "$smoke" ] && echo 1 || echo 20)}"
scale="${PGBENCH_SCALE:-$([ -n "$smoke" ] && echo 1 || echo 32)}"

url="${BENCH_DATABASE_URL:-${TEST_DATABASE_URL:-}}"
if [ -z "$url" ]; then
  eval "$(scripts/dev-services.sh up)"
  url="$DATABASE_URL"
fi
command -v pgbench >/dev/null || { echo "bench-ledger: pgbench not found (apt-get install postgresql-client)" >&2; exit 1; }
command -v psql >/dev/null || { echo "bench-ledger: psql not found (apt-get install postgresql-client)" >&2; exit 1; }

# url_for DB: the server URL with another database name.
url_for() {
  local base="${url%%\?*}" query=""
  [[ "$url" == *\?* ]] && query="?${url#*\?}"
  echo "${base%/*}/$1$query"
}

echo "bench-ledger: ledger benchmarks ($clients clients, $tx transactions each)" >&2
if ! out="$(TEST_DATABASE_URL="$url" go test -count=1 -run '^$' -bench 'BenchmarkLedger(Spread|Hot|WebhookRatio)$' -benchtime="${tx}x" -timeout 30m ./loyalty/internal/ledger/)"; then
  echo "$out" >&2
  echo "bench-ledger: the ledger benchmarks failed" >&2
  exit 1
fi
echo "$out" >&2
# metric BENCHMARK UNIT: the value reported with UNIT by BENCHMARK.
metric() { echo "$out" | awk -v name="$1" -v unit="${2:-tx/s}" '$1 ~ "^"name"(-[0-9]+)?$" { for (i = 1; i <= NF; i++) if ($i == unit) print $(i-1) }'; }
spread="$(metric BenchmarkLedgerSpread)"
hot="$(metric BenchmarkLedgerHot)"
hook_none="$(metric BenchmarkLedgerWebhookRatio tx/s-no-outbox)"
hook_off="$(metric BenchmarkLedgerWebhookRatio tx/s-no-subscription)"
hook_on="$(metric BenchmarkLedgerWebhookRatio tx/s-one-subscription)"
cpu_spread="$(metric BenchmarkLedgerSpread cpu-us/tx)"
cpu_hot="$(metric BenchmarkLedgerHot cpu-us/tx)"
cpu_off="$(metric BenchmarkLedgerWebhookRatio cpu-us/tx-no-subscription)"
cpu_on="$(metric BenchmarkLedgerWebhookRatio cpu-us/tx-one-subscription)"
[ -n "$spread" ] && [ -n "$hot" ] && [ -n "$hook_on" ] || { echo "bench-ledger: could not read the benchmark figures" >&2; exit 1; }

scratch="bench_pgbench_$$"
admin="$(url_for postgres)"
psql -q "$admin" -c "CREATE DATABASE $scratch" >/dev/null
trap 'psql -q "$admin" -c "DROP DATABASE IF EXISTS $scratch WITH (FORCE)" >/dev/null 2>&1 || true' EXIT
echo "bench-ledger: pgbench -i -s $scale (server-side data generation)" >&2
pgbench -i -q -s "$scale" -I dtGvp "$(url_for "$scratch")" >/dev/null 2>&1
echo "bench-ledger: pgbench tpcb-like, $clients clients, ${seconds}s" >&2
pg="$(pgbench -n -b tpcb-like -c "$clients" -j 2 -T "$seconds" "$(url_for "$scratch")" 2>&1)" || { echo "$pg" >&2; echo "bench-ledger: pgbench failed" >&2; exit 1; }
echo "$pg" | grep -E 'tps|latency|number of transactions actually' >&2 || true
tps="$(echo "$pg" | awk '/^tps = / { print $3; exit }')"
[ -n "$tps" ] || { echo "bench-ledger: could not read the pgbench tps" >&2; echo "$pg" >&2; exit 1; }

awk -v s="$spread" -v h="$hot" -v p="$tps" -v c="$clients" -v sc="$scale" \
    -v n0="$hook_none" -v n1="$hook_off" -v n2="$hook_on" \
    -v cs="$cpu_spread" -v ch="$cpu_hot" -v c1="$cpu_off" -v c2="$cpu_on" 'BEGIN {
  printf "\nLedger throughput, %d concurrent clients, same Postgres\n", c
  printf "  %-44s %10.1f tx/s\n", "ledger credit+debit, 10,000 customers", s
  printf "  %-44s %10.1f tx/s\n", "ledger credit+debit, one hot customer", h
  printf "  %-44s %10.1f tx/s\n", "pgbench tpcb-like (scale " sc ")", p
  printf "  %-44s %10.2f\n", "ratio spread / pgbench", s / p
  printf "  %-44s %10.2f\n", "ratio hot / pgbench", h / p
  printf "  %-44s %10.2f\n", "ratio hot / spread", h / s
  printf "  %-44s %10.1f us\n", "service CPU per tx, spread", cs
  printf "  %-44s %10.1f us\n", "service CPU per tx, hot", ch
  printf "\nWebhook outbox (10,000 customers, chunks alternated on one database)\n"
  printf "  %-44s %10.1f tx/s\n", "without the outbox", n0
  printf "  %-44s %10.1f tx/s\n", "outbox on, no subscription", n1
  printf "  %-44s %10.1f tx/s\n", "one active subscription (every event)", n2
  printf "  %-44s %10.2f  (target >= 0.90)\n", "ratio one subscription / none", n2 / n1
  printf "  %-44s %10.2f\n", "ratio one subscription / no outbox", n2 / n0
  printf "  %-44s %10.1f us\n", "service CPU per tx, no subscription", c1
  printf "  %-44s %10.1f us\n", "service CPU per tx, one subscription", c2
}'
