#!/usr/bin/env bash
# `make bench-stats`: click analytics at scale (issue #15). Seeds one link with
# BENCH_LINK_CLICKS raw clicks over the last year (default 10,000,000) and an account of
# BENCH_LINKS links (default 10,000; the others with BENCH_ACCOUNT_CLICKS clicks each,
# default 100), builds the rollups from the raw clicks with the flusher's own code, then
# prints p50/p99 of "a year of daily stats" per query (link and account, UTC and
# America/New_York) beside the same answer computed by SQL from the raw table, and
# fails if the two answers differ. Goal: rollups p99 under 200 ms.
#
# Knobs: BENCH_LINK_CLICKS, BENCH_LINKS, BENCH_ACCOUNT_CLICKS, BENCH_ROUNDS (default 50),
# BENCH_RAW_ROUNDS (default 5). Postgres and Redis: TEST_DATABASE_URL / TEST_REDIS_URL,
# else what scripts/dev-services.sh finds or starts; the seed goes to a scratch database
# dropped at the end. The full size needs about 2 GB of disk and several minutes.
#
# BENCH_SMOKE=1 (CI): 20,000 clicks, 50 links, 3 rounds. It fails when something breaks
# or the answers disagree, never on the figures.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

if [ -z "${TEST_DATABASE_URL:-}" ] || [ -z "${TEST_REDIS_URL:-}" ]; then
  eval "$(scripts/dev-services.sh up)"
  export TEST_DATABASE_URL="${TEST_DATABASE_URL:-$DATABASE_URL}"
  export TEST_REDIS_URL="${TEST_REDIS_URL:-$REDIS_URL}"
fi
export BENCH_STATS=1
exec go test -count=1 -run '^TestBenchStats$' -v -timeout 3h ./linkmgmt/internal/analytics/
