#!/usr/bin/env bash
# Runs `go test -race` over the given packages against real Postgres and Redis.
#
# TEST_DATABASE_URL / TEST_REDIS_URL win when set. Otherwise, for Postgres: with a Docker
# engine the tests start their own container (testcontainers-go); without one, the Postgres
# of scripts/dev-services.sh is brought up and its URL exported (each test works in a
# database of its own, dropped afterwards). Redis is never taken from REDIS_URL, a
# developer's own Redis: without TEST_REDIS_URL each test package runs a redis-server of its
# own on a free port (or a container), see shared/testkit/redis.go.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

if [ -z "${TEST_DATABASE_URL:-}" ]; then
  if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
    echo "test: using testcontainers (Docker engine found)" >&2
  else
    eval "$(scripts/dev-services.sh up)"
    export TEST_DATABASE_URL="$DATABASE_URL"
  fi
fi
if [ -z "${TEST_REDIS_URL:-}" ]; then
  if command -v redis-server >/dev/null 2>&1; then
    echo "test: each test package runs its own redis-server (TEST_REDIS_URL unset)" >&2
  elif ! { command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; }; then
    echo "test: no redis-server and no Docker: the Redis tests will fail (apt-get install redis-server, or set TEST_REDIS_URL to a Redis for tests)" >&2
  fi
fi

# The browser tests of linkmgmt skip without Chromium on a laptop (and fail under CI=true):
# say so up front rather than leave it to a line in the verbose output.
if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
  echo "test: chromium not found: the linkmgmt browser tests will SKIP (apt-get install chromium)" >&2
fi

# The documents' examples (shared/doctest) paste curl and jq commands: without them they
# skip on a laptop (and fail under CI=true).
for tool in curl jq; do
  command -v "$tool" >/dev/null 2>&1 ||
    echo "test: $tool not found: the documents' examples (shared/doctest) will SKIP (apt-get install $tool)" >&2
done

# Slow tests (tens of thousands of requests) run only with SLOW_TESTS=1, or under CI=true.
case "${SLOW_TESTS:-}" in
  1|true) ;;
  "") [ "${CI:-}" = "true" ] || echo "test: slow tests SKIP (SLOW_TESTS=1 or make test-all runs them; CI does)" >&2 ;;
  *) echo "test: slow tests SKIP (SLOW_TESTS=${SLOW_TESTS})" >&2 ;;
esac

args=("$@")
[ ${#args[@]} -eq 0 ] && args=(./shared/... ./loyalty/... ./linkmgmt/...)
# 55 minutes a package: the grammar's tests (thousands of questions and their mutations)
# took 29 minutes under the race detector on a 2-core machine shared with a second test run
# (2026-11-29, fourteenth round; 24 the round before); the limit is a margin for a slow
# machine, and the whole run stays under CI's 90 (34 minutes at the last landing).
exec go test -race -count=1 -timeout 55m "${args[@]}"
