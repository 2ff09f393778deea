#!/usr/bin/env bash
# Every test of pg_sudoku on the PostgreSQL this machine has, or (--ci) what CI runs.
#
#   scripts/test.sh        a newcomer's proof on one server: formatting, the engine crate's tests,
#                          then on PostgreSQL 15 (or each major of $PG_SUDOKU_MAJORS) layers 2-5
#                          below without Citus; nothing else is built (about 20 minutes on a new
#                          machine after scripts/quickstart.sh, caches cold: docs/development.md)
#   scripts/test.sh --ci   CI (.ci/run): 15 and 18 (default), Citus on each, the extension compiled
#                          for every other major (scripts/check_majors.sh) and the moves between
#                          the majors (layer 6); scripts/matrix.sh is this on every major 13-18
#
# The layers: formatting (cargo fmt --check, rustfmt.toml), the engine crate's tests once, then
# for each PostgreSQL major (built from Debian's source or a registry package by
# scripts/postgres.sh when not Debian 12's own 15) the layers that involve a server:
#   1. the engine crate: unit tests and the real puzzle sets, optimized (cargo test --profile
#      test-release: release without its fat LTO, which made the build most of the step); and,
#      with --ci, the extension compiled (cargo check, scripts/check_majors.sh) for every major of
#      scripts/postgres.sh --list that this run does not test;
#   2. the #[pg_test]s of the extension crate (cargo pgrx test pgNN, run as the postgres user);
#   3. the pg_regress suite in pg_test/ against the release build in the throwaway cluster,
#      including every SQL example of the README and docs/ (checked to be there verbatim), and
#      sudoku.svg's pictures rendered by headless Chromium (scripts/svg_test.sh), a table
#      sharded over two postgres_fdw servers (scripts/shards.sh --check), and, with --ci or
#      PG_SUDOKU_CITUS=1, the Citus layer (scripts/citus_test.sh: a coordinator and two workers,
#      every distributed shape the same as on one node and run on the workers; Citus 13.2.2 on
#      15, 14.0.1 on 16-18, built from source on first use);
#   4. the upgrade test from every older release kept in sql/ (scripts/upgrade_test.sh), the
#      hijack test (scripts/hijack_test.sh: look-alikes planted before CREATE and ALTER EXTENSION),
#      the abuse test (scripts/abuse_test.sh: every function on adversarial inputs, each call's
#      stop after a 1 s statement_timeout, a cancel and a terminate, and the backend's peak
#      memory against sudoku.max_memory), and pg_dump/pg_restore of grid columns and indexes, then DROP
#      EXTENSION (scripts/dump_test.sh);
#   5. the package (Debian's for 15, a tarball of the install tree for the others) installed into
#      a new cluster with a bare environment (scripts/package_test.sh);
#   6. across majors, when the run has more than one (scripts/major_upgrade_test.sh): pg_upgrade
#      from 13 (copy and --link) and from 15 and 16, each older major's pg_dump restored into the
#      newest, logical replication from each older major to the newest.
# With --ci, a major of $PG_SUDOKU_SHORT_MAJORS (default "18" when PG_SUDOKU_MAJORS is not set, so
# CI fits in its 45 minutes) gets every layer but two: the abuse test, and the pg_regress suites
# that measure the engine rather than the server (sql_versions, se_rating, shapes, views, crook,
# path: about 8 minutes a major; they run on the first major).
# Installs what is missing first (scripts/setup.sh --deps). Puzzle data: $SUDOKU_DATA, default
# ../shared/data beside the repository.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
export SUDOKU_DATA="${SUDOKU_DATA:-$(cd "$root/.." && pwd)/shared/data}"
[ -f "$SUDOKU_DATA/README.md" ] || { echo "puzzle data not found at $SUDOKU_DATA" >&2; exit 1; }
ci=""
case "${1:-}" in
    --ci) ci=1 ;;
    "") ;;
    *) echo "usage: scripts/test.sh [--ci]" >&2; exit 2 ;;
esac
if [ -n "$ci" ]; then default_majors="15 18"; else default_majors="15"; fi
read -r -a majors <<<"${PG_SUDOKU_MAJORS:-$default_majors}"
if [ -n "${PG_SUDOKU_MAJORS:-}" ] || [ -z "$ci" ]; then short_default=""; else short_default="18"; fi
short_majors=" ${PG_SUDOKU_SHORT_MAJORS-$short_default} "
citus="${ci:-${PG_SUDOKU_CITUS:-}}"
# The pg_regress suites a short major leaves out.
engine_suites="sql_versions se_rating shapes views crook path"
started=$SECONDS
# Each step says when it starts (minutes:seconds since the start), so a slow run shows its slow step.
log() { printf '\n==> [%d:%02d] %s\n' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60)) "$*" >&2; }

for major in "${majors[@]}"; do
    PG_MAJOR="$major" "$root/scripts/setup.sh" --deps
done

# PG_SUDOKU_SERVER_ONLY=1: the layers that involve a server alone (a run on one more major after a
# whole run has passed the formatting, engine and compile checks).
if [ -n "${PG_SUDOKU_SERVER_ONLY:-}" ]; then
    log "formatting, engine tests and the compile check left out (PG_SUDOKU_SERVER_ONLY)"
else
    if cargo fmt --version >/dev/null 2>&1; then
        log "formatting (cargo fmt --check)"
        cargo fmt --all --check
    else
        log "formatting not checked: rustfmt is not installed"
    fi

    log "engine tests (optimized: the test-release profile)"
    cargo test --locked --profile test-release -p sudoku-engine

    if [ -z "$ci" ]; then
        log "the other majors not compiled (scripts/check_majors.sh runs with --ci)"
    else
        untested=()
        for major in $("$root/scripts/postgres.sh" --list); do
            [[ " ${majors[*]} " == *" $major "* ]] || untested+=("$major")
        done
        if [ ${#untested[@]} -gt 0 ]; then
            log "the majors this run does not test compile (scripts/check_majors.sh ${untested[*]})"
            "$root/scripts/check_majors.sh" "${untested[@]}"
        fi
    fi
fi

d="$root"; while [ "$d" != / ]; do chmod o+x "$d" 2>/dev/null || true; d="$(dirname "$d")"; done
results_root="$root/target/regress"
rm -rf "$results_root" && mkdir -p "$results_root" && chmod 777 "$results_root"
status=0

# Layers 2 to 5 against one major ($PG_MAJOR); returns non-zero when any failed. It runs where
# `set -e` does not apply (its caller tests its status), so every step says what a failure means.
test_major() {
    source "$root/scripts/major.sh" || return 1
    local status=0 short=""
    [[ "$short_majors" != *" $PG_MAJOR "* ]] || short=1
    fail_step() { echo "$1 (PostgreSQL $PG_MAJOR)" >>"$results_root/failures.txt"; status=1; }
    log "#[pg_test]s (PostgreSQL $PG_MAJOR)"
    local pgdata="$root/target/pgrx-test-pgdata-$PG_MAJOR"
    mkdir -p "$pgdata" && chown postgres:postgres "$pgdata"
    env -u RUST_BACKTRACE cargo pgrx test "pg$PG_MAJOR" --runas postgres --pgdata "$pgdata" || fail_step "#[pg_test]s"

    log "pg_regress suite (release build, PostgreSQL $PG_MAJOR)"
    # A cluster of its own (not the quickstart's), stopped when the tests end.
    export PG_SUDOKU_CLUSTER="$root/target/pg_sudoku_test_cluster_$PG_MAJOR" PG_SUDOKU_PORT="${PG_SUDOKU_TEST_PORT:-289$PG_MAJOR}"
    trap '"$root/scripts/cluster.sh" stop' EXIT
    # cargo pgrx test installed a debug build: put the release build back. The server starts with
    # Rust backtraces asked for, to prove none reaches a client (pg_test/sql/cancel.sql).
    RUST_BACKTRACE=1 RUST_LIB_BACKTRACE=1 "$root/scripts/setup.sh" || { fail_step "setup"; return 1; }
    export $("$root/scripts/cluster.sh" env)
    local results="$results_root/$PG_MAJOR"
    mkdir -p "$results" && chmod 777 "$results"
    python3 "$root/scripts/check_readme.py" || fail_step "README examples in the suite"
    local schedule="$root/pg_test/schedule"
    if [ -n "$short" ]; then
        schedule="$results/schedule"
        awk -v out="$engine_suites" 'BEGIN { n = split(out, o, " "); for (i = 1; i <= n; i++) skip[o[i]] = 1 }
            /^test:/ { line = "test:"; for (i = 2; i <= NF; i++) if (!($i in skip)) line = line " " $i
                       if (line != "test:") print line; next } { print }' "$root/pg_test/schedule" >"$schedule"
        log "short pass on PostgreSQL $PG_MAJOR: pg_regress without $engine_suites, no abuse test"
    fi
    # The suite reads its data directory with psql's \getenv (psql 15 and later): a server older
    # than 15 is tested through Debian 12's psql 15, which talks to older servers.
    local psql_bindir="$PG_BINDIR"
    [ "$PG_MAJOR" -ge 15 ] || psql_bindir="$(dirname "$(PG_MAJOR=15 "$root/scripts/postgres.sh" 15)")"
    PG_SUDOKU_DATA="$SUDOKU_DATA" PG_SUDOKU_VARIANTS="$root/data/variants" PG_SUDOKU_RESULTS="$results" \
        "$("$PG_CONFIG" --pkglibdir)/pgxs/src/test/regress/pg_regress" \
        --inputdir="$root/pg_test" --outputdir="$results" --bindir="$psql_bindir" \
        --host="$PGHOST" --port="$PGPORT" --user="$PGUSER" --dbname=pg_sudoku_regress \
        --schedule="$schedule" >"$results/summary.txt" 2>&1 || fail_step "pg_regress"
    cat "$results/summary.txt"
    head -200 "$results/regression.diffs" 2>/dev/null || true
    log "pictures in a browser (scripts/svg_test.sh, PostgreSQL $PG_MAJOR)"
    "$root/scripts/svg_test.sh" || fail_step "svg_test.sh"
    log "sharding over postgres_fdw (scripts/shards.sh --check, PostgreSQL $PG_MAJOR)"
    "$root/scripts/shards.sh" --check || fail_step "shards.sh --check"
    if [ -z "$citus" ]; then
        log "Citus layer left out (it runs with --ci or PG_SUDOKU_CITUS=1)"
    elif [ "$PG_MAJOR" -ge 15 ]; then
        log "Citus: distributed shapes against one node (scripts/citus_test.sh, PostgreSQL $PG_MAJOR)"
        "$root/scripts/citus_test.sh" || fail_step "citus_test.sh"
    else
        log "Citus: no release for PostgreSQL $PG_MAJOR (13.2.2 needs 15; 14.0.1 16-18), layer skipped"
    fi
    log "upgrade test (scripts/upgrade_test.sh, PostgreSQL $PG_MAJOR)"
    "$root/scripts/upgrade_test.sh" || fail_step "upgrade_test.sh"
    log "hijack test (scripts/hijack_test.sh, PostgreSQL $PG_MAJOR)"
    "$root/scripts/hijack_test.sh" || fail_step "hijack_test.sh"
    if [ -z "$short" ]; then
        log "abuse test (scripts/abuse_test.sh, PostgreSQL $PG_MAJOR)"
        "$root/scripts/abuse_test.sh" || fail_step "abuse_test.sh"
    fi
    log "dump/restore and DROP EXTENSION test (scripts/dump_test.sh, PostgreSQL $PG_MAJOR)"
    "$root/scripts/dump_test.sh" || fail_step "dump_test.sh"
    log "package test (scripts/package_test.sh, PostgreSQL $PG_MAJOR)"
    "$root/scripts/package_test.sh" || fail_step "package_test.sh"
    return "$status"
}

for major in "${majors[@]}"; do
    (PG_MAJOR="$major" PG_CONFIG="" test_major) || status=1
done

if [ "${#majors[@]}" -gt 1 ]; then
    log "across majors (scripts/major_upgrade_test.sh ${majors[*]})"
    "$root/scripts/major_upgrade_test.sh" "${majors[@]}" || { echo "major_upgrade_test.sh" >>"$results_root/failures.txt"; status=1; }
fi

passed=$(cat "$results_root"/*/summary.txt 2>/dev/null | grep -cE '\.\.\. ok|^ok ' || true)
failed=$(cat "$results_root"/*/summary.txt 2>/dev/null | grep -cE '\.\.\. FAILED|^not ok ' || true)
echo "PostgreSQL ${majors[*]}: tests took $(((SECONDS - started) / 60)) min $(((SECONDS - started) % 60)) s"
[ ! -s "$results_root/failures.txt" ] || sed 's/^/FAILED: /' "$results_root/failures.txt"
echo "pg_regress: $passed passed, $failed failed"
exit "$status"
