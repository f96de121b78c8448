#!/usr/bin/env bash
# make bench-redirect: wrk against GET /{alias} of the link service (a direct link,
# click analytics on) and against a bare Echo handler answering the same 302, both on
# this machine. Prints req/s, p50/p99 and the ratio at $CONNECTIONS connections.
#
#   CONNECTIONS=64 DURATION=15s THREADS=2 scripts/bench-redirect.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
CONNECTIONS="${CONNECTIONS:-64}"
DURATION="${DURATION:-15s}"
THREADS="${THREADS:-2}"
LINK_PORT="${LINK_PORT:-18081}"
BARE_PORT="${BARE_PORT:-18082}"
METRICS_PORT="${METRICS_PORT:-18091}"
export GOFLAGS="${GOFLAGS:--buildvcs=false}"

if ! command -v wrk >/dev/null 2>&1; then
  echo "bench: installing wrk (Debian package)" >&2
  (apt-get update -qq && apt-get install -y -qq --no-install-recommends wrk) >/dev/null
fi

eval "$(scripts/dev-services.sh up)"
# A database of its own, so the run neither sees nor leaves other data.
bench_db="linkmgmt_bench_$$"
admin_url="$DATABASE_URL"
db_url="${DATABASE_URL%%\?*}"; db_url="${db_url%/*}/$bench_db"
[[ "$DATABASE_URL" == *\?* ]] && db_url="$db_url?${DATABASE_URL#*\?}"
psql "$admin_url" -qc "CREATE DATABASE $bench_db" >/dev/null
# Lease a numbered Redis database the way the tests do (testkit: a lock key in database
# 0), so a concurrent test run never flushes the benchmark's data or the other way round.
redis_base="${REDIS_URL%/*}"
lease_token="bench-$$"
bench_redis_db=""
for n in $(seq 15 -1 1); do
  if [ "$(redis-cli -u "$redis_base/0" SET "testkit:lease:$n" "$lease_token" NX EX 1800)" = "OK" ]; then
    bench_redis_db=$n; break
  fi
done
[ -n "$bench_redis_db" ] || { echo "bench: every Redis test database is leased; retry later" >&2; exit 1; }
redis_url="$redis_base/$bench_redis_db"

pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  psql "$admin_url" -qc "DROP DATABASE IF EXISTS $bench_db WITH (FORCE)" >/dev/null 2>&1 || true
  redis-cli -u "$redis_url" flushdb >/dev/null 2>&1 || true
  if [ "$(redis-cli -u "$redis_base/0" GET "testkit:lease:$bench_redis_db")" = "$lease_token" ]; then
    redis-cli -u "$redis_base/0" DEL "testkit:lease:$bench_redis_db" >/dev/null
  fi
}
trap cleanup EXIT

mkdir -p bin
go build -o bin/linkmgmt ./linkmgmt/cmd/linkmgmt
go build -o bin/redirect-baseline ./linkmgmt/cmd/redirect-baseline

export DATABASE_URL="$db_url" REDIS_URL="$redis_url" HTTP_ADDR="127.0.0.1:$LINK_PORT" METRICS_ADDR="127.0.0.1:$METRICS_PORT" \
  BASE_URL="http://127.0.0.1:$LINK_PORT" LOG_LEVEL=warn MIGRATE_ON_START=true
redis-cli -u "$redis_url" flushdb >/dev/null 2>&1 || true
key="$(bin/linkmgmt users create --email bench@example.com | tail -n1)"
bin/linkmgmt serve 2>/tmp/bench-linkmgmt.log &
pids+=($!)
bin/redirect-baseline -addr "127.0.0.1:$BARE_PORT" &
pids+=($!)
for _ in $(seq 50); do
  curl -fs "http://127.0.0.1:$LINK_PORT/healthz" >/dev/null 2>&1 && break
  sleep 0.1
done
created="$(curl -fsS -X POST "http://127.0.0.1:$LINK_PORT/api/url/add" -H "Authorization: Bearer $key" \
  -H 'Content-Type: application/json' -d '{"url":"https://example.org/bench","custom":"bench"}')"
id="$(sed -E 's/.*"id":([0-9]+).*/\1/' <<<"$created")"

ua='Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'
run_wrk() { # url -> "rps p50 p99"
  wrk -t"$THREADS" -c"$CONNECTIONS" -d2s -H "User-Agent: $ua" "$1" >/dev/null # warm up
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -H "User-Agent: $ua" "$1" | awk '
    function ms(v) { if (v ~ /us$/) return v/1000; if (v ~ /ms$/) return v+0; if (v ~ /s$/) return v*1000; return v }
    /Requests\/sec/ { rps = $2 }
    /^ +50%/ { p50 = ms($2) }
    /^ +99%/ { p99 = ms($2) }
    /Non-2xx or 3xx/ { bad = $NF }
    END { printf "%.0f %.3f %.3f %s\n", rps, p50, p99, (bad == "" ? 0 : bad) }'
}

echo "bench-redirect: wrk -t$THREADS -c$CONNECTIONS -d$DURATION, GET /{alias} -> 302" >&2
read -r link_rps link_p50 link_p99 link_bad < <(run_wrk "http://127.0.0.1:$LINK_PORT/bench")
read -r bare_rps bare_p50 bare_p99 bare_bad < <(run_wrk "http://127.0.0.1:$BARE_PORT/bench")

sleep 3 # let the flusher move the clicks
clicks="$(curl -fsS "http://127.0.0.1:$LINK_PORT/api/url/$id" -H "Authorization: Bearer $key" | sed -E 's/.*"data":\{"clicks":([0-9]+).*/\1/')"
dropped="$(curl -fsS "http://127.0.0.1:$METRICS_PORT/metrics" | awk '/^linkmgmt_clicks_dropped_total/ {s += $2} END {print s + 0}')"

printf '\n%-34s %12s %10s %10s\n' "target ($CONNECTIONS connections)" "req/s" "p50 ms" "p99 ms"
printf '%-34s %12s %10s %10s\n' "linkmgmt GET /{alias} (analytics)" "$link_rps" "$link_p50" "$link_p99"
printf '%-34s %12s %10s %10s\n' "bare Echo 302" "$bare_rps" "$bare_p50" "$bare_p99"
awk -v a="$link_rps" -v b="$bare_rps" 'BEGIN { printf "ratio linkmgmt/bare: %.1f%% of the bare handler'"'"'s throughput\n", 100 * a / b }'
echo "non-2xx/3xx answers: linkmgmt $link_bad, bare $bare_bad"
echo "clicks counted for the link: $clicks (dropped by the recorder: $dropped)"
