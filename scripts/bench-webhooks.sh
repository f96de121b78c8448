#!/usr/bin/env bash
# Webhook catch-up: how fast a subscription's backlog drains when its receiver returns.
#
#   scripts/bench-webhooks.sh            (make bench-webhooks)
#
# BenchmarkCatchUp (loyalty/internal/webhook) queues BENCH_EVENTS pending events for one
# subscription (default 36,000: an hour at 10 events a second; the head has been failing
# for that hour and its retry is due), then runs one replica's delivery workers against
# an httptest receiver that verifies every signature, until all are delivered. testkit
# creates a scratch database and drops it.
#
# Postgres: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else scripts/dev-services.sh.
#
# BENCH_SMOKE=1 (CI): 200 events. The run fails on anything broken (the benchmark, a
# signature a receiver refuses, figures that cannot be read), never on the figures.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

smoke="${BENCH_SMOKE:-}"
events="${BENCH_EVENTS:-$([ -n "$smoke" ] && echo 200 || echo 36000)}"
url="${BENCH_DATABASE_URL:-${TEST_DATABASE_URL:-}}"
if [ -z "$url" ]; then
  eval "$(scripts/dev-services.sh up)"
  url="$DATABASE_URL"
fi

echo "bench-webhooks: catch-up of $events pending events" >&2
if ! out="$(TEST_DATABASE_URL="$url" go test -count=1 -run '^$' -bench 'BenchmarkCatchUp$' -benchtime="${events}x" -timeout 30m ./loyalty/internal/webhook/)"; then
  echo "$out" >&2
  echo "bench-webhooks: the benchmark failed" >&2
  exit 1
fi
echo "$out" >&2
rate="$(echo "$out" | awk '$1 ~ /^BenchmarkCatchUp(-[0-9]+)?$/ { for (i = 1; i <= NF; i++) if ($i == "events/s") print $(i-1) }')"
[ -n "$rate" ] || { echo "bench-webhooks: could not read the figure" >&2; exit 1; }
awk -v r="$rate" -v n="$events" 'BEGIN {
  printf "\nWebhook catch-up, one subscription, %d events pending\n", n
  printf "  %-44s %10.1f events/s  (target >= 500)\n", "delivered (signed, verified, in order)", r
  printf "  %-44s %10.1f s\n", "backlog drained in", n / r
}'
