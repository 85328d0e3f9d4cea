#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests and the benchmark of @jangts/agent-trace/postgres.
#
#   scripts/postgres-test-server.sh start        # prints PGURL=postgres://… and PGSERVER_DIR=…
#   scripts/postgres-test-server.sh stop DIR     # stops the server started in DIR and removes DIR
#
# start: initdb into a new temporary directory (as the `postgres` user when run as root: initdb
# refuses root), pg_ctl start listening on 127.0.0.1 only, on a free port, with a random password
# (scram-sha-256) and the database `agent_trace_test`. The cluster's default collation is ICU
# `en-US` (where ICU is built in), so a query that forgets `COLLATE "C"` sorts trace ids wrongly
# and the listing tests notice. Use it with:  eval "$(scripts/postgres-test-server.sh start)"
#
# Needs PostgreSQL's server programs (Debian: apt-get install -y postgresql). PG_BIN overrides
# where they are; otherwise the newest /usr/lib/postgresql/*/bin, then the PATH.
set -euo pipefail

find_bin() {
  if [ -n "${PG_BIN:-}" ]; then echo "$PG_BIN"; return; fi
  local newest
  newest=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$newest" ] && [ -x "$newest/initdb" ]; then echo "$newest"; return; fi
  if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; return; fi
  echo "postgres-test-server: no initdb found (Debian: apt-get install -y postgresql, or set PG_BIN)" >&2
  exit 1
}

# Runs a command as the server's owner: `postgres` when we are root, ourselves otherwise.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# True when something listens on 127.0.0.1:$1.
port_taken() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

start() {
  local bin dir password port tries=0
  bin=$(find_bin)
  dir=$(mktemp -d "${TMPDIR:-/tmp}/agent-trace-pg.XXXXXX")
  chmod 700 "$dir"
  [ "$(id -u)" = 0 ] && chown postgres: "$dir"
  password=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
  printf '%s\n' "$password" > "$dir/password"
  [ "$(id -u)" = 0 ] && chown postgres: "$dir/password"
  local locale_args=(--locale=C.UTF-8)
  if as_owner "$bin/initdb" --help 2>/dev/null | grep -q -- '--locale-provider'; then
    locale_args=(--locale=C.UTF-8 --locale-provider=icu --icu-locale=en-US)
  fi
  if ! as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=scram-sha-256 --pwfile="$dir/password" -E UTF8 "${locale_args[@]}" >"$dir/initdb.log" 2>&1; then
    # Without ICU support the C.UTF-8 locale alone.
    rm -rf "$dir/data"
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=scram-sha-256 --pwfile="$dir/password" -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || {
      cat "$dir/initdb.log" >&2
      rm -rf "$dir"
      exit 1
    }
  fi
  rm -f "$dir/password"
  while :; do
    port=$((20000 + RANDOM % 40000))
    tries=$((tries + 1))
    if ! port_taken "$port" && as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$dir -c max_connections=200" start >/dev/null 2>&1; then
      break
    fi
    if [ "$tries" -ge 10 ]; then
      echo "postgres-test-server: could not start the server:" >&2
      cat "$dir/server.log" >&2 || true
      rm -rf "$dir"
      exit 1
    fi
  done
  PGPASSWORD="$password" "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres agent_trace_test
  echo "PGURL=postgres://postgres:$password@127.0.0.1:$port/agent_trace_test"
  echo "PGSERVER_DIR=$dir"
}

stop() {
  local dir=${1:-}
  if [ -z "$dir" ] || [ ! -d "$dir" ] || [ "${dir#"${TMPDIR:-/tmp}"/agent-trace-pg.}" = "$dir" ]; then
    echo "postgres-test-server: stop needs the PGSERVER_DIR that start printed" >&2
    exit 1
  fi
  local bin
  bin=$(find_bin)
  if [ -d "$dir/data" ]; then as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true; fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) stop "${2:-}" ;;
  *)
    echo "usage: $0 start | stop DIR" >&2
    exit 2
    ;;
esac
