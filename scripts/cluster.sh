#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for pg_sudoku, of the major $PG_MAJOR (default 15,
# scripts/major.sh), run as the postgres user on a private port and socket directory
# (PostgreSQL refuses to run as root).
#
#   scripts/cluster.sh start   initdb (once) and start; prints nothing else
#   scripts/cluster.sh stop    stop it
#   scripts/cluster.sh env     print the PG* variables that point psql at it
#
# PG_SUDOKU_PORT (default 288<major>: 28815 for 15) and PG_SUDOKU_CLUSTER (default
# target/pg_sudoku_cluster for 15, target/pg_sudoku_cluster_<major> for the others) move it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/major.sh"
bindir="$PG_BINDIR"
if [ "$PG_MAJOR" = "$PG_DEFAULT_MAJOR" ]; then suffix=""; else suffix="_$PG_MAJOR"; fi
dir="${PG_SUDOKU_CLUSTER:-$root/target/pg_sudoku_cluster$suffix}"
port="${PG_SUDOKU_PORT:-288$PG_MAJOR}"
data="$dir/data"
sock="$dir/socket"

as_postgres() {
    if [ "$(id -un)" = postgres ]; then "$@"; else runuser -u postgres -- "$@"; fi
}

case "${1:-}" in
start)
    mkdir -p "$dir" "$sock"
    # postgres must be able to reach the cluster directory.
    chown postgres:postgres "$dir" "$sock"
    d="$dir"; while [ "$d" != / ]; do d="$(dirname "$d")"; chmod o+x "$d" 2>/dev/null || true; done
    if [ -s "$data/PG_VERSION" ] && [ "$(cat "$data/PG_VERSION")" != "$PG_MAJOR" ]; then
        echo "$data holds a cluster of PostgreSQL $(cat "$data/PG_VERSION"), not $PG_MAJOR" >&2
        exit 1
    fi
    if [ ! -s "$data/PG_VERSION" ]; then
        as_postgres "$bindir/initdb" -D "$data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log"
    fi
    if ! as_postgres "$bindir/pg_ctl" -D "$data" status >/dev/null 2>&1; then
        # The server keeps the caller's environment: with RUST_BACKTRACE set, pgrx would put a
        # Rust backtrace in every error's DETAIL, which the library turns off when it loads
        # (src/lib.rs, _PG_init); scripts/test.sh starts its cluster with both variables set.
        as_postgres "$bindir/pg_ctl" -D "$data" -l "$dir/server.log" -w \
            -o "-p $port -k $sock -c listen_addresses=''" start >/dev/null
    fi
    ;;
stop)
    if [ -s "$data/PG_VERSION" ] && as_postgres "$bindir/pg_ctl" -D "$data" status >/dev/null 2>&1; then
        as_postgres "$bindir/pg_ctl" -D "$data" -m fast -w stop >/dev/null
    fi
    ;;
env)
    echo "PGHOST=$sock PGPORT=$port PGUSER=postgres"
    ;;
*)
    echo "usage: $0 start|stop|env" >&2
    exit 2
    ;;
esac
