#!/usr/bin/env bash
# `make run`: Postgres and Redis up (reused, docker compose or local binaries), both
# services migrated and started, their URLs printed; Ctrl-C stops everything this script
# started: the two services, and Postgres or Redis when it had to start them (a server
# that already answered is left alone; STOP_SERVICES=false keeps them running), and
# exits 0. The services' logs go to .local/logs/ (RUN_LOGS=terminal keeps them on the
# terminal) so request logs never scroll the printed URLs and variables away.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

explicit_database_url="${DATABASE_URL:-}"
eval "$(scripts/dev-services.sh up)"

# Keep the services' schemas out of the maintenance database: use (and create) a
# database of their own (APP_DATABASE, default loyaltylinks) unless DATABASE_URL was
# given explicitly, in which case it is used as it is.
if [ -z "$explicit_database_url" ] && command -v psql >/dev/null 2>&1; then
  app_db="${APP_DATABASE:-loyaltylinks}"
  psql "$DATABASE_URL" -qtAc "SELECT 1 FROM pg_database WHERE datname = '$app_db'" | grep -q 1 ||
    psql "$DATABASE_URL" -qc "CREATE DATABASE \"$app_db\"" >/dev/null
  DATABASE_URL="$(echo "$DATABASE_URL" | sed -E "s#(://[^/]+)/[^?]*#\1/$app_db#")"
  export DATABASE_URL
fi

export LOYALTY_ADDR="${LOYALTY_ADDR:-:8080}"
export LINKMGMT_ADDR="${LINKMGMT_ADDR:-:8081}"
export LOYALTY_METRICS_ADDR="${LOYALTY_METRICS_ADDR:-:9090}"
export LINKMGMT_METRICS_ADDR="${LINKMGMT_METRICS_ADDR:-:9091}"
export LOG_LEVEL="${LOG_LEVEL:-info}"
# Development defaults; override in the environment for anything shared.
export JWT_SECRET="${JWT_SECRET:-dev-only-secret-change-me-0123456789abcdef}"
export BASE_URL="${BASE_URL:-http://localhost${LINKMGMT_ADDR}}"
export DOMAIN_CHECK="${DOMAIN_CHECK:-off}"   # branded domains need no DNS on a laptop
# Webhook receivers on this machine (bin/loyalty webhook-receiver, loyalty/docs/webhooks.md):
# loopback and private addresses are refused by default, in production always.
export WEBHOOK_ALLOW_PRIVATE="${WEBHOOK_ALLOW_PRIVATE:-true}"

pids=() names=() # the services started, and their names
stop() {
  trap - INT TERM EXIT
  echo
  echo "stopping services..."
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  if [ "${STOP_SERVICES:-true}" = true ] && [ -n "${DEV_SERVICES_STARTED:-}" ]; then
    # shellcheck disable=SC2086 # a list of service names
    scripts/dev-services.sh down $DEV_SERVICES_STARTED
  fi
}
# Ctrl-C (or a TERM) is how a run ends: stop everything and exit 0, so make reports no
# error. Any other exit (a service that failed) keeps its status.
trap 'stop; exit 0' INT TERM
trap stop EXIT

# Where each service's output goes: a log file (default) or the terminal.
log_dir="${RUN_LOG_DIR:-$root/.local/logs}"
# The binaries make build wrote (RUN_BIN_DIR: elsewhere, as the documents' test builds them).
bin_dir="${RUN_BIN_DIR:-$root/bin}"
case "${RUN_LOGS:-file}" in
file) mkdir -p "$log_dir" ;;
terminal) ;;
*)
  echo "RUN_LOGS must be file or terminal, not '$RUN_LOGS'" >&2
  exit 2
  ;;
esac
start_service() { # start_service name addr metrics_addr
  local log=/dev/stdout
  if [ "${RUN_LOGS:-file}" = file ]; then
    log="$log_dir/$1.log"
    : >"$log"
  fi
  HTTP_ADDR="$2" METRICS_ADDR="$3" MIGRATE_ON_START=false "$bin_dir/$1" serve >>"$log" 2>&1 &
  pids+=($!)
  names+=("$1")
}

"$bin_dir/loyalty" migrate
"$bin_dir/linkmgmt" migrate

start_service loyalty "$LOYALTY_ADDR" "$LOYALTY_METRICS_ADDR"
start_service linkmgmt "$LINKMGMT_ADDR" "$LINKMGMT_METRICS_ADDR"

show_log() { # show_log name: the end of a service's log file, when it has one
  if [ "${RUN_LOGS:-file}" = file ]; then
    echo "--- last lines of $log_dir/$1.log:" >&2
    tail -n 20 "$log_dir/$1.log" >&2
  fi
}
wait_ready() { # wait_ready name url
  local i
  for ((i = 0; i < 100; i++)); do
    if curl -fsS "$2/healthz" >/dev/null 2>&1; then return 0; fi
    sleep 0.1
  done
  echo "$1 did not answer on $2/healthz" >&2
  show_log "$1"
  return 1
}
metrics_url() { # METRICS_ADDR -> its /metrics URL ("off" when disabled)
  case "$1" in off) echo off ;; :*) echo "http://localhost$1/metrics" ;; *) echo "http://$1/metrics" ;; esac
}
loyalty_url="http://localhost${LOYALTY_ADDR}"
linkmgmt_url="http://localhost${LINKMGMT_ADDR}"
wait_ready loyalty "$loyalty_url"
wait_ready linkmgmt "$linkmgmt_url"

cat <<MSG

  loyalty   $loyalty_url   (docs: $loyalty_url/docs, OpenAPI: $loyalty_url/openapi.json)
  linkmgmt  $linkmgmt_url   (docs: $linkmgmt_url/docs, OpenAPI: $linkmgmt_url/openapi.json)
  metrics   $(metrics_url "$LOYALTY_METRICS_ADDR")   $(metrics_url "$LINKMGMT_METRICS_ADDR")   (Prometheus, not on the API ports)

  For the commands below (and the docs' examples), in another terminal:
    export LOYALTY_URL='$loyalty_url' LINKMGMT_URL='$linkmgmt_url'
    export DATABASE_URL='$DATABASE_URL'
    export REDIS_URL='$REDIS_URL'
    export JWT_SECRET='$JWT_SECRET'
  First users:  bin/loyalty users create --username admin --password 'change-me-now' --admin
                bin/linkmgmt users create --email you@example.com

  Logs: $(if [ "${RUN_LOGS:-file}" = file ]; then echo "tail -f $log_dir/loyalty.log $log_dir/linkmgmt.log"; else echo "on this terminal (RUN_LOGS=terminal)"; fi)
  Ctrl-C stops both services${DEV_SERVICES_STARTED:+ and the $DEV_SERVICES_STARTED this run started}.
MSG

# Exit (and stop the other) as soon as either service exits, saying which and why.
status=0
wait -n "${pids[@]}" || status=$?
for i in "${!pids[@]}"; do
  if ! kill -0 "${pids[$i]}" 2>/dev/null; then
    echo "${names[$i]} exited" >&2
    show_log "${names[$i]}"
  fi
done
exit "$status"
