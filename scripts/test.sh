#!/usr/bin/env bash
# Runs `go test -race` over the given packages against real Postgres and Redis.
#
# TEST_DATABASE_URL / TEST_REDIS_URL win when set. Otherwise, with a Docker engine the
# tests start their own containers (testcontainers-go); without one, the local services of
# scripts/dev-services.sh are brought up and their URLs exported.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

if [ -z "${TEST_DATABASE_URL:-}" ] || [ -z "${TEST_REDIS_URL:-}" ]; then
  if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
    echo "test: using testcontainers (Docker engine found)" >&2
  else
    eval "$(scripts/dev-services.sh up)"
    export TEST_DATABASE_URL="${TEST_DATABASE_URL:-$DATABASE_URL}"
    export TEST_REDIS_URL="${TEST_REDIS_URL:-$REDIS_URL}"
  fi
fi

# The browser tests of linkmgmt skip without Chromium on a laptop (and fail under CI=true):
# say so up front rather than leave it to a line in the verbose output.
if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
  echo "test: chromium not found: the linkmgmt browser tests will SKIP (apt-get install chromium)" >&2
fi

# Slow tests (tens of thousands of requests) run only with SLOW_TESTS=1, or under CI=true.
case "${SLOW_TESTS:-}" in
  1|true) ;;
  "") [ "${CI:-}" = "true" ] || echo "test: slow tests SKIP (SLOW_TESTS=1 or make test-all runs them; CI does)" >&2 ;;
  *) echo "test: slow tests SKIP (SLOW_TESTS=${SLOW_TESTS})" >&2 ;;
esac

args=("$@")
[ ${#args[@]} -eq 0 ] && args=(./shared/... ./loyalty/... ./linkmgmt/...)
exec go test -race -count=1 -timeout 20m "${args[@]}"
