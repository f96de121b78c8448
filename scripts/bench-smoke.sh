#!/usr/bin/env bash
# `make bench-smoke` (CI, after `make test`): every benchmark target at tiny sizes
# (BENCH_SMOKE=1: see each script), so none of them rots unnoticed. It fails when a
# target fails (a script error, a service that does not start, a broken download, a
# failed benchmark), never on the figures, which at these sizes mean nothing.
#
# The binaries are built with the race detector: after `make test` the cache holds every
# package built that way, so the run costs links rather than a second full compile (and a
# race under load would show in the logs).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export BENCH_SMOKE=1
export GOFLAGS="${GOFLAGS:--buildvcs=false} -race"

# One build of the loyalty binary for the two scripts that run it.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
go build -o "$work/loyalty" ./loyalty/cmd/loyalty
export LOYALTY_BIN="$work/loyalty"

failed=()
for target in bench bench-ledger bench-webhooks bench-redirect bench-export bench-delete bench-stats bench-scale; do
  echo "== make $target (smoke)"
  start=$(date +%s)
  if make --no-print-directory "$target"; then
    echo "== make $target: ok in $(($(date +%s) - start)) s"
  else
    echo "== make $target: FAILED after $(($(date +%s) - start)) s" >&2
    failed+=("$target")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "bench smoke: ${failed[*]} failed" >&2
  exit 1
fi
