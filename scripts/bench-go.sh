#!/usr/bin/env bash
# `make bench`: the Go benchmarks of every package that has some, against real Postgres
# and Redis found or started as for the tests (TEST_DATABASE_URL / TEST_REDIS_URL win).
# No race detector: it would make the figures meaningless.
#
#   scripts/bench-go.sh                       every benchmark, default -benchtime
#   BENCH='Export|XLSX' scripts/bench-go.sh   only those matching
#
# BENCH_SMOKE=1 (CI): each benchmark once (-benchtime 1x) with -short (benchmarks shrink
# their fixtures). It fails when a benchmark fails, never on the figures.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

if [ -z "${TEST_DATABASE_URL:-}" ] || [ -z "${TEST_REDIS_URL:-}" ]; then
  eval "$(scripts/dev-services.sh up)"
  export TEST_DATABASE_URL="${TEST_DATABASE_URL:-$DATABASE_URL}"
  export TEST_REDIS_URL="${TEST_REDIS_URL:-$REDIS_URL}"
fi

# Only the packages holding benchmarks: every other test binary would be built for nothing.
mapfile -t pkgs < <(grep -rl --include='*_test.go' '^func Benchmark' shared loyalty linkmgmt | xargs -n1 dirname | sort -u | sed 's#^#./#')
[ ${#pkgs[@]} -gt 0 ] || { echo "bench: no benchmarks found" >&2; exit 1; }

args=(-count=1 -run '^$' -bench "${BENCH:-.}" -benchmem -timeout 30m)
[ -n "${BENCH_SMOKE:-}" ] && args+=(-short -benchtime 1x)
exec go test "${args[@]}" "${pkgs[@]}"
