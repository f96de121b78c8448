#!/usr/bin/env bash
# Makes Postgres and Redis available for `make run` and `make test`.
#
#   scripts/dev-services.sh up     ensure both answer; print `export VAR=...` lines on stdout,
#                                  DEV_SERVICES_STARTED naming what this call started
#   scripts/dev-services.sh down [postgres] [redis]
#                                  stop what this script started (local binaries under .local/
#                                  or docker compose); no argument: both
#
# For each service, in order: reuse what answers at the configured URL (DATABASE_URL /
# REDIS_URL, or the defaults below); else `docker compose` when a Docker engine runs; else
# local binaries (initdb/pg_ctl, redis-server) with data under .local/; else explain what
# to install. Messages go to stderr so `eval "$(scripts/dev-services.sh up)"` works.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
local_dir="$root/.local"
DEFAULT_DATABASE_URL="postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
DEFAULT_REDIS_URL="redis://127.0.0.1:6379/0"
LOCAL_PG_PORT="${LOCAL_PG_PORT:-55432}"
LOCAL_REDIS_PORT="${LOCAL_REDIS_PORT:-56379}"

say() { echo "dev-services: $*" >&2; }

# host_port URL -> "host port" (defaults per scheme)
host_port() {
  local url="$1" rest host port
  rest="${url#*://}"; rest="${rest#*@}"; rest="${rest%%/*}"; rest="${rest%%\?*}"
  host="${rest%%:*}"; port="${rest##*:}"
  [ "$port" = "$rest" ] && port=""
  if [ -z "$port" ]; then case "$url" in postgres*) port=5432 ;; redis*) port=6379 ;; esac; fi
  echo "${host:-127.0.0.1} $port"
}

answers() { # answers URL: a TCP connect succeeds
  local hp; hp=($(host_port "$1"))
  (exec 3<>"/dev/tcp/${hp[0]}/${hp[1]}") 2>/dev/null
}

wait_for() { # wait_for URL seconds
  local i
  for ((i = 0; i < $2 * 10; i++)); do answers "$1" && return 0; sleep 0.1; done
  return 1
}

docker_engine() { command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; }

pg_bin() {
  local d
  for d in /usr/lib/postgresql/*/bin /usr/local/opt/postgresql*/bin /opt/homebrew/opt/postgresql*/bin; do
    [ -x "$d/initdb" ] && { echo "$d"; return 0; }
  done
  command -v initdb >/dev/null 2>&1 && { dirname "$(command -v initdb)"; return 0; }
  return 1
}

# as_pg runs a command as the postgres user when we are root (initdb refuses root).
as_pg() {
  if [ "$(id -u)" = 0 ]; then
    if command -v runuser >/dev/null 2>&1; then runuser -u postgres -- "$@"; else su postgres -s /bin/bash -c "$(printf '%q ' "$@")"; fi
  else
    "$@"
  fi
}

start_local_postgres() {
  local bin data log url
  bin="$(pg_bin)" || return 1
  data="$local_dir/pg"; log="$local_dir/pg.log"
  mkdir -p "$local_dir"
  [ "$(id -u)" = 0 ] && chown postgres "$local_dir" 2>/dev/null || true
  if [ ! -f "$data/PG_VERSION" ]; then
    say "initdb in $data"
    as_pg "$bin/initdb" -D "$data" -U postgres --auth=trust --no-sync -E UTF8 >/dev/null
  fi
  url="postgres://postgres@127.0.0.1:$LOCAL_PG_PORT/postgres?sslmode=disable"
  if ! answers "$url"; then
    say "starting local postgres on port $LOCAL_PG_PORT"
    as_pg "$bin/pg_ctl" -D "$data" -l "$log" -o "-p $LOCAL_PG_PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300" -w start >/dev/null
  fi
  wait_for "$url" 20 || { say "local postgres did not start; see $log"; return 1; }
  echo "$url"
}

start_local_redis() {
  command -v redis-server >/dev/null 2>&1 || return 1
  local url="redis://127.0.0.1:$LOCAL_REDIS_PORT/0"
  mkdir -p "$local_dir"
  if ! answers "$url"; then
    say "starting local redis on port $LOCAL_REDIS_PORT"
    redis-server --port "$LOCAL_REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
      --pidfile "$local_dir/redis.pid" --logfile "$local_dir/redis.log" --dir "$local_dir" >/dev/null
  fi
  wait_for "$url" 10 || { say "local redis did not start; see $local_dir/redis.log"; return 1; }
  echo "$url"
}

compose_up() { # compose_up service url
  say "starting $1 with docker compose"
  docker compose -f "$root/deploy/compose.yaml" up -d "$1" >&2
  wait_for "$2" 60
}

ensure_postgres() {
  local url="${DATABASE_URL:-$DEFAULT_DATABASE_URL}"
  if answers "$url"; then say "postgres answers at $(host_port "$url" | tr ' ' ':')"; echo "$url"; return; fi
  if docker_engine && compose_up postgres "postgres://127.0.0.1:5432"; then echo "postgres://postgres:postgres@127.0.0.1:5432/postgres?sslmode=disable"; return; fi
  if start_local_postgres; then return; fi
  say "no Postgres: install PostgreSQL (apt-get install postgresql / brew install postgresql) or Docker, or set DATABASE_URL"
  return 1
}

ensure_redis() {
  local url="${REDIS_URL:-$DEFAULT_REDIS_URL}"
  if answers "$url"; then say "redis answers at $(host_port "$url" | tr ' ' ':')"; echo "$url"; return; fi
  if docker_engine && compose_up redis "redis://127.0.0.1:6379"; then echo "redis://127.0.0.1:6379/0"; return; fi
  if start_local_redis; then return; fi
  say "no Redis: install redis-server (apt-get install redis-server / brew install redis) or Docker, or set REDIS_URL"
  return 1
}

down() { # down [postgres] [redis]
  local bin want=" ${*:-postgres redis} "
  if [[ "$want" == *" postgres "* ]]; then
    if [ -f "$local_dir/pg/postmaster.pid" ] && bin="$(pg_bin)"; then
      say "stopping local postgres"; as_pg "$bin/pg_ctl" -D "$local_dir/pg" -m fast stop >/dev/null || true
    fi
    docker_engine && docker compose -f "$root/deploy/compose.yaml" stop postgres >/dev/null 2>&1 || true
  fi
  if [[ "$want" == *" redis "* ]]; then
    if [ -f "$local_dir/redis.pid" ]; then
      say "stopping local redis"; kill "$(cat "$local_dir/redis.pid")" 2>/dev/null || true; rm -f "$local_dir/redis.pid"
    fi
    docker_engine && docker compose -f "$root/deploy/compose.yaml" stop redis >/dev/null 2>&1 || true
  fi
}

case "${1:-up}" in
  up)
    # What answers before this call is someone else's: only what it starts is named in
    # DEV_SERVICES_STARTED, so `make run` stops exactly that on Ctrl-C.
    started=()
    answers "${DATABASE_URL:-$DEFAULT_DATABASE_URL}" || started+=(postgres)
    answers "${REDIS_URL:-$DEFAULT_REDIS_URL}" || started+=(redis)
    pg="$(ensure_postgres)"
    rd="$(ensure_redis)"
    echo "export DATABASE_URL='$pg'"
    echo "export REDIS_URL='$rd'"
    echo "export DEV_SERVICES_STARTED='${started[*]}'"
    ;;
  down) shift; down "$@" ;;
  *) echo "usage: $0 up|down" >&2; exit 2 ;;
esac
