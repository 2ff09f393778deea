#!/usr/bin/env bash
# Citus, the distributed PostgreSQL engine, beside pg_sudoku on this machine (issue 37): a
# coordinator and two workers, pg_sudoku installed on every node. Citus is AGPL and a separate
# extension: it is built from ../shared/tools/citus (or $PG_SUDOKU_CITUS_SRC) into PostgreSQL's own
# directories, never linked into or copied into pg_sudoku.
#
#   scripts/citus.sh build   builds Citus for $PG_MAJOR (default 15: 13.2.2 with its one-line patch
#                            for Debian's 15.20; 16-18: 14.0.1) and installs it; the build tree is
#                            kept in $PG_SUDOKU_CITUS (default /var/cache/pg_sudoku/citus), so a
#                            second run only installs it again (about 3 minutes the first time)
#   scripts/citus.sh start   build, pg_sudoku installed (scripts/setup.sh), then the three
#                            clusters started (scripts/cluster.sh) with citus preloaded, the
#                            extensions created in the database pg_sudoku of each, the workers added
#   scripts/citus.sh stop    stops the three clusters
#   scripts/citus.sh env     the PG* variables of the coordinator, for psql
#
# Ports: the coordinator on 28600 + 10 * major (28750 for 15), the workers on the next two
# (PG_SUDOKU_CITUS_PORT moves them); clusters in target/citus_<major>/{coordinator,worker1,worker2}.
# On real hosts the steps are the same, one node a host: Citus installed on each (a package or
# this build), shared_preload_libraries = 'citus', CREATE EXTENSION citus and pg_sudoku in the
# database on each node, citus_set_coordinator_host on the coordinator, citus_add_node for each
# worker, and pg_hba.conf letting the nodes connect to one another.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/major.sh"
source "$root/scripts/apt.sh"
log() { printf '==> %s\n' "$*" >&2; }

src_dir="${PG_SUDOKU_CITUS_SRC:-$(cd "$root/.." && pwd)/shared/tools/citus}"
cache="${PG_SUDOKU_CITUS:-/var/cache/pg_sudoku/citus}"
case "$PG_MAJOR" in
15) version=13.2.2 ;;
16 | 17 | 18) version=14.0.1 ;;
*)
    echo "Citus has no release for PostgreSQL $PG_MAJOR here (15: 13.2.2; 16-18: 14.0.1)" >&2
    exit 1
    ;;
esac
build="$cache/$version-pg$PG_MAJOR"
base="${PG_SUDOKU_CITUS_PORT:-$((28600 + 10 * PG_MAJOR))}"
nodes=(coordinator worker1 worker2)
db=pg_sudoku

node_env() { # node index -> the variables cluster.sh reads
    echo "PG_SUDOKU_CLUSTER=$root/target/citus_$PG_MAJOR/${nodes[$1]} PG_SUDOKU_PORT=$((base + $1))"
}

do_build() {
    if [ ! -f "$build/.complete" ]; then
        log "building Citus $version for PostgreSQL $PG_MAJOR in $build"
        apt_install build-essential liblz4-dev libzstd-dev libkrb5-dev libcurl4-openssl-dev
        [ "$PG_MAJOR" != 15 ] || apt_install postgresql-server-dev-15
        rm -rf "$build"
        mkdir -p "$build"
        tar xzf "$src_dir/citus-$version-src.tar.gz" -C "$build" --strip-components=1
        if [ "$version" = 13.2.2 ]; then
            (cd "$build" && patch -p1 -s <"$src_dir/citus-13.2.2-pg15-minor.patch")
        fi
        (cd "$build" && ./configure --without-libcurl PG_CONFIG="$PG_CONFIG" >configure.log 2>&1 &&
            make -j"$(nproc)" >make.log 2>&1) || {
            echo "Citus build failed: see $build/configure.log and $build/make.log" >&2
            exit 1
        }
        touch "$build/.complete"
    fi
    (cd "$build" && make install >install.log 2>&1) || {
        echo "Citus install failed: see $build/install.log" >&2
        exit 1
    }
}

psql_node() { # node index, then psql arguments
    local i="$1"
    shift
    psql -X -q -v ON_ERROR_STOP=1 -h "$root/target/citus_$PG_MAJOR/${nodes[$i]}/socket" -p $((base + i)) -U postgres "$@"
}

case "${1:-}" in
build)
    do_build
    ;;
start)
    do_build
    "$root/scripts/setup.sh" >/dev/null
    for i in 0 1 2; do
        env $(node_env "$i") "$root/scripts/cluster.sh" start
        if [ "$(psql_node "$i" -d postgres -Atc "SHOW shared_preload_libraries")" != citus ]; then
            psql_node "$i" -d postgres -c "ALTER SYSTEM SET shared_preload_libraries = 'citus'"
            env $(node_env "$i") "$root/scripts/cluster.sh" stop
            env $(node_env "$i") "$root/scripts/cluster.sh" start
        fi
    done
    # The workers first: once the coordinator knows them, it sends them its DDL.
    for i in 1 2 0; do
        psql_node "$i" -d postgres -Atc "SELECT 1 FROM pg_database WHERE datname = '$db'" | grep -q 1 ||
            psql_node "$i" -d postgres -c "CREATE DATABASE $db"
        # Only where missing: a worker the coordinator knows refuses DDL, even IF NOT EXISTS.
        for ext in citus pg_sudoku; do
            psql_node "$i" -d "$db" -Atc "SELECT 1 FROM pg_extension WHERE extname = '$ext'" | grep -q 1 ||
                psql_node "$i" -d "$db" -c "SET client_min_messages = warning" -c "CREATE EXTENSION $ext"
        done
    done
    # The nodes reach one another through their socket directories (a host that is a directory).
    psql_node 0 -d "$db" -v dir="$root/target/citus_$PG_MAJOR" -v base="$base" <<'SQL'
SET client_min_messages = warning;
SELECT citus_set_coordinator_host(:'dir' || '/coordinator/socket', :base);
SELECT citus_add_node(:'dir' || '/worker' || w || '/socket', :base + w)
FROM generate_series(1, 2) AS w
WHERE NOT EXISTS (SELECT 1 FROM pg_dist_node WHERE nodeport = :base + w);
SQL
    log "Citus $version on PostgreSQL $PG_MAJOR: coordinator on port $base, workers on $((base + 1)) and $((base + 2)); database $db"
    ;;
stop)
    for i in 2 1 0; do
        env $(node_env "$i") "$root/scripts/cluster.sh" stop
    done
    ;;
env)
    echo "PGHOST=$root/target/citus_$PG_MAJOR/coordinator/socket PGPORT=$base PGUSER=postgres PGDATABASE=$db"
    ;;
*)
    echo "usage: $0 build|start|stop|env" >&2
    exit 2
    ;;
esac
