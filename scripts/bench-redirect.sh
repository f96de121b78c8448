#!/usr/bin/env bash
# make bench-redirect: wrk against GET /{alias} of the link service (a direct link,
# click analytics on) and against a bare Echo handler answering the same 302, both on
# this machine. Prints req/s, p50/p99 and the ratio at $CONNECTIONS connections.
#
#   CONNECTIONS=64 DURATION=15s THREADS=2 scripts/bench-redirect.sh
#   ROUNDS=5 DURATION=10s scripts/bench-redirect.sh   # interleaved rounds, medians
#
# Other jobs on the machine move the figures between runs: ROUNDS > 1 alternates the two
# targets (which one goes first alternates too) and prints each round and the medians.
#
# BENCH_SMOKE=1 (CI): 8 connections for 1 s, no warm-up. The run fails on anything broken
# (a service, the link, an answer other than the 302, figures that cannot be read), never
# on the figures.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
smoke="${BENCH_SMOKE:-}"
CONNECTIONS="${CONNECTIONS:-$([ -n "$smoke" ] && echo 8 || echo 64)}"
DURATION="${DURATION:-$([ -n "$smoke" ] && echo 1s || echo 15s)}"
WARMUP="${WARMUP:-$([ -n "$smoke" ] && echo 0 || echo 2s)}"
THREADS="${THREADS:-2}"
ROUNDS="${ROUNDS:-1}"
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
# The server part of REDIS_URL: without a trailing /<db> when it has one
# (redis://host:6379/0 and redis://host:6379 both give redis://host:6379).
redis_base="${REDIS_URL%%\?*}"
[[ "$redis_base" =~ ^(rediss?://[^/]+)(/[0-9]*)?/?$ ]] || { echo "bench: cannot read REDIS_URL=$REDIS_URL" >&2; exit 1; }
redis_base="${BASH_REMATCH[1]}"
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
  [ -n "${work:-}" ] && rm -rf "$work"
  if [ "$(redis-cli -u "$redis_base/0" GET "testkit:lease:$bench_redis_db")" = "$lease_token" ]; then
    redis-cli -u "$redis_base/0" DEL "testkit:lease:$bench_redis_db" >/dev/null
  fi
}
trap cleanup EXIT

# Built into a scratch directory: GOFLAGS may carry -race (the CI smoke run reuses the
# tests' build cache), and bin/ is left as `make build` made it.
work="$(mktemp -d)"
go build -o "$work/linkmgmt" ./linkmgmt/cmd/linkmgmt
go build -o "$work/redirect-baseline" ./linkmgmt/cmd/redirect-baseline

export DATABASE_URL="$db_url" REDIS_URL="$redis_url" HTTP_ADDR="127.0.0.1:$LINK_PORT" METRICS_ADDR="127.0.0.1:$METRICS_PORT" \
  BASE_URL="http://127.0.0.1:$LINK_PORT" LOG_LEVEL=warn MIGRATE_ON_START=true
redis-cli -u "$redis_url" flushdb >/dev/null 2>&1 || true
key="$("$work/linkmgmt" users create --email bench@example.com | tail -n1)"
"$work/linkmgmt" serve 2>"$work/linkmgmt.log" &
pids+=($!)
"$work/redirect-baseline" -addr "127.0.0.1:$BARE_PORT" &
pids+=($!)
for port in "$LINK_PORT" "$BARE_PORT"; do
  for _ in $(seq 100); do
    curl -s -o /dev/null "http://127.0.0.1:$port/healthz" && break
    sleep 0.1
  done
done
curl -fsS -o /dev/null "http://127.0.0.1:$LINK_PORT/healthz" || { echo "bench: linkmgmt did not start:" >&2; cat "$work/linkmgmt.log" >&2; exit 1; }
created="$(curl -fsS -X POST "http://127.0.0.1:$LINK_PORT/api/url/add" -H "Authorization: Bearer $key" \
  -H 'Content-Type: application/json' -d '{"url":"https://example.org/bench","custom":"bench"}')"
id="$(sed -E 's/.*"id":([0-9]+).*/\1/' <<<"$created")"

ua='Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'
run_wrk() { # url -> "rps p50 p99"
  [ "$WARMUP" = 0 ] || wrk -t"$THREADS" -c"$CONNECTIONS" -d"$WARMUP" -H "User-Agent: $ua" "$1" >/dev/null
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -H "User-Agent: $ua" "$1" | awk '
    function ms(v) { if (v ~ /us$/) return v/1000; if (v ~ /ms$/) return v+0; if (v ~ /s$/) return v*1000; return v }
    /Requests\/sec/ { rps = $2 }
    /^ +50%/ { p50 = ms($2) }
    /^ +99%/ { p99 = ms($2) }
    /Non-2xx or 3xx/ { bad = $NF }
    END { printf "%.0f %.3f %.3f %s\n", rps, p50, p99, (bad == "" ? 0 : bad) }'
}

echo "bench-redirect: wrk -t$THREADS -c$CONNECTIONS -d$DURATION, GET /{alias} -> 302, $ROUNDS round(s); load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
link_runs=() bare_runs=()
for round in $(seq "$ROUNDS"); do
  if [ $((round % 2)) = 1 ]; then
    link_runs+=("$(run_wrk "http://127.0.0.1:$LINK_PORT/bench")")
    bare_runs+=("$(run_wrk "http://127.0.0.1:$BARE_PORT/bench")")
  else
    bare_runs+=("$(run_wrk "http://127.0.0.1:$BARE_PORT/bench")")
    link_runs+=("$(run_wrk "http://127.0.0.1:$LINK_PORT/bench")")
  fi
  [ "$ROUNDS" = 1 ] || echo "round $round: linkmgmt ${link_runs[-1]% *} bare ${bare_runs[-1]% *} (req/s p50 p99)" >&2
done
median() { # column -> median of that column over the runs given on stdin
  sort -n -k"$1" | awk -v c="$1" '{ v[NR] = $c } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
summary() { # runs... -> "rps p50 p99 bad" (medians; bad: the sum)
  printf '%s\n' "$@" | {
    runs="$(cat)"
    echo "$(printf "%.0f" "$(median 1 <<<"$runs")") $(median 2 <<<"$runs") $(median 3 <<<"$runs") $(awk '{ s += $4 } END { print s + 0 }' <<<"$runs")"
  }
}
read -r link_rps link_p50 link_p99 link_bad < <(summary "${link_runs[@]}")
read -r bare_rps bare_p50 bare_p99 bare_bad < <(summary "${bare_runs[@]}")

sleep "$([ -n "$smoke" ] && echo 1 || echo 3)" # let the flusher move the clicks
read_clicks() { curl -fsS "http://127.0.0.1:$LINK_PORT/api/url/$id" -H "Authorization: Bearer $key" | sed -E 's/.*"data":\{"clicks":([0-9]+).*/\1/'; }
clicks="$(read_clicks)"
for _ in $(seq 20); do # a loaded machine (CI) may take longer to move the first clicks
  [ "$clicks" = 0 ] || break
  sleep 0.5
  clicks="$(read_clicks)"
done
dropped="$(curl -fsS "http://127.0.0.1:$METRICS_PORT/metrics" | awk '/^linkmgmt_clicks_dropped_total/ {s += $2} END {print s + 0}')"

# What would make the figures meaningless fails the run; the figures themselves never do.
broken=""
for v in "$link_rps" "$bare_rps"; do [[ "$v" =~ ^[0-9]+$ ]] && [ "$v" -gt 0 ] || broken+=" wrk measured no requests;"; done
[ "${link_bad:-x}" = 0 ] && [ "${bare_bad:-x}" = 0 ] || broken+=" answers other than the 302 (linkmgmt ${link_bad:-?}, bare ${bare_bad:-?});"
[[ "$clicks" =~ ^[0-9]+$ ]] || broken+=" could not read the link's clicks;"
# A run whose clicks were not recorded measured a redirect without analytics.
[ "${clicks:-0}" != 0 ] || broken+=" no click was recorded (see the service log);"
[ "${dropped:-0}" = 0 ] || echo "bench-redirect: the recorder dropped $dropped clicks: the figures are not those of full analytics" >&2

[ "$ROUNDS" = 1 ] || echo "medians of $ROUNDS rounds:"
printf '\n%-34s %12s %10s %10s\n' "target ($CONNECTIONS connections)" "req/s" "p50 ms" "p99 ms"
printf '%-34s %12s %10s %10s\n' "linkmgmt GET /{alias} (analytics)" "$link_rps" "$link_p50" "$link_p99"
printf '%-34s %12s %10s %10s\n' "bare Echo 302" "$bare_rps" "$bare_p50" "$bare_p99"
awk -v a="$link_rps" -v b="$bare_rps" -v p="$link_p99" -v q="$bare_p99" 'BEGIN { printf "ratio linkmgmt/bare: %.1f%% of the bare handler'"'"'s throughput, p99 %.2fx the bare handler'"'"'s\n", 100 * a / b, (q > 0 ? p / q : 0) }'
echo "non-2xx/3xx answers: linkmgmt $link_bad, bare $bare_bad"
echo "clicks counted for the link: $clicks (dropped by the recorder: $dropped)"
if [ -n "$broken" ]; then
  echo "bench-redirect:$broken" >&2
  exit 1
fi
