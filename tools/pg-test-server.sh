#!/usr/bin/env bash
# A throwaway PostgreSQL server for the server test suite (DESIGN "Testing": the same suite on
# PGlite and on a PostgreSQL server).
#
#   tools/pg-test-server.sh run CMD [ARGS…]   start a server, run CMD with TEST_DATABASE_URL set,
#                                             stop and delete the server, exit with CMD's status
#   tools/pg-test-server.sh start             start one; prints TEST_DATABASE_URL=… and PG_TEST_DIR=…
#   tools/pg-test-server.sh stop DIR          stop the server started in DIR and delete DIR
#
# initdb + pg_ctl in a temporary directory, on a free loopback port, trust authentication, no
# fsync (test data only). Uses initdb/pg_ctl from PATH or /usr/lib/postgresql/*/bin; installs
# Debian's postgresql package (apt-get) when there is none and we are root. PostgreSQL refuses
# to run as root, so as root the server runs as the 'postgres' user (created when missing).
set -euo pipefail

log() { echo "pg-test-server: $*" >&2; }

find_bin() {
  local name=$1 candidate
  if candidate=$(command -v "$name" 2>/dev/null); then echo "$candidate"; return 0; fi
  for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$candidate/$name" ]; then echo "$candidate/$name"; return 0; fi
  done
  return 1
}

ensure_binaries() {
  if ! INITDB=$(find_bin initdb) || ! PG_CTL=$(find_bin pg_ctl); then
    if [ "$(id -u)" -ne 0 ]; then
      log "initdb/pg_ctl not found; install PostgreSQL (apt-get install -y postgresql) or run as root"
      exit 1
    fi
    log "installing PostgreSQL (apt-get install -y postgresql)…"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
    INITDB=$(find_bin initdb)
    PG_CTL=$(find_bin pg_ctl)
  fi
}

# Runs a command as the server's owner: ourselves, or 'postgres' when we are root.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    if command -v runuser >/dev/null 2>&1; then
      runuser -u "$PG_USER" -- "$@"
    else
      su "$PG_USER" -s /bin/sh -c "$(printf '%q ' "$@")"
    fi
  else
    "$@"
  fi
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

start() {
  ensure_binaries
  PG_USER=$(id -un)
  if [ "$(id -u)" -eq 0 ]; then
    PG_USER=postgres
    if ! id "$PG_USER" >/dev/null 2>&1; then
      useradd --system --no-create-home --shell /usr/sbin/nologin "$PG_USER"
    fi
  fi
  local dir port
  dir=$(mktemp -d "${TMPDIR:-/tmp}/storefront-pg.XXXXXX")
  chmod 700 "$dir"
  [ "$(id -u)" -eq 0 ] && chown "$PG_USER" "$dir"
  port=$(free_port)
  as_owner "$INITDB" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || as_owner "$INITDB" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --no-locale >"$dir/initdb.log" 2>&1 \
    || { log "initdb failed:"; cat "$dir/initdb.log" >&2; exit 1; }
  as_owner "$PG_CTL" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
    start >/dev/null || { log "server did not start:"; cat "$dir/server.log" >&2; exit 1; }
  echo "$dir" >"$dir/.dir"
  PG_TEST_DIR=$dir
  TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
}

stop() {
  local dir=$1
  [ -d "$dir/data" ] || { log "no server in $dir"; return 0; }
  ensure_binaries
  PG_USER=$(stat -c %U "$dir/data")
  as_owner "$PG_CTL" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}

command=${1:-}
case "$command" in
  start)
    start
    echo "TEST_DATABASE_URL=$TEST_DATABASE_URL"
    echo "PG_TEST_DIR=$PG_TEST_DIR"
    ;;
  stop)
    stop "${2:?usage: $0 stop DIR}"
    ;;
  run)
    shift
    [ $# -gt 0 ] || { echo "usage: $0 run CMD [ARGS…]" >&2; exit 2; }
    start
    trap 'stop "$PG_TEST_DIR"' EXIT
    trap 'exit 130' INT TERM
    log "PostgreSQL $("$PG_CTL" --version | awk '{print $3}') at $TEST_DATABASE_URL"
    status=0
    TEST_DATABASE_URL=$TEST_DATABASE_URL "$@" || status=$?
    exit $status
    ;;
  *)
    echo "usage: $0 run CMD [ARGS…] | start | stop DIR" >&2
    exit 2
    ;;
esac
