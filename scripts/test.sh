#!/usr/bin/env bash
# Every test of pg_sudoku: formatting (cargo fmt --check, rustfmt.toml), then five layers:
#   1. the engine crate: unit tests and the real puzzle sets, in release mode (cargo test);
#   2. the #[pg_test]s of the extension crate (cargo pgrx test, run as the postgres user);
#   3. the pg_regress suite in pg_test/ against the release build in the throwaway cluster,
#      including every SQL example of the README (checked to be there verbatim), and
#      sudoku.svg's pictures rendered by headless Chromium (scripts/svg_test.sh), and a table
#      sharded over two postgres_fdw servers (scripts/shards.sh --check);
#   4. the upgrade test from every older release kept in sql/ (scripts/upgrade_test.sh), and
#      pg_dump/pg_restore of grid columns and indexes, then DROP EXTENSION (scripts/dump_test.sh);
#   5. the Debian package installed into a new cluster with a bare environment (scripts/package_test.sh).
# Installs what is missing first (scripts/setup.sh). Puzzle data: $SUDOKU_DATA, default
# ../shared/data beside the repository.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
export SUDOKU_DATA="${SUDOKU_DATA:-$(cd "$root/.." && pwd)/shared/data}"
[ -f "$SUDOKU_DATA/README.md" ] || { echo "puzzle data not found at $SUDOKU_DATA" >&2; exit 1; }
PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config
log() { printf '\n==> %s\n' "$*" >&2; }

"$root/scripts/setup.sh" --deps

if cargo fmt --version >/dev/null 2>&1; then
    log "formatting (cargo fmt --check)"
    cargo fmt --all --check
else
    log "formatting not checked: rustfmt is not installed"
fi

log "engine tests (release)"
cargo test --locked --release -p sudoku-engine

log "#[pg_test]s"
pgdata="$root/target/pgrx-test-pgdata"
mkdir -p "$pgdata" && chown postgres:postgres "$pgdata"
d="$root"; while [ "$d" != / ]; do chmod o+x "$d" 2>/dev/null || true; d="$(dirname "$d")"; done
env -u RUST_BACKTRACE cargo pgrx test pg15 --runas postgres --pgdata "$pgdata"

log "pg_regress suite (release build)"
# A cluster of its own (not the quickstart's), stopped when the tests end.
export PG_SUDOKU_CLUSTER="$root/target/pg_sudoku_test_cluster" PG_SUDOKU_PORT="${PG_SUDOKU_TEST_PORT:-28816}"
trap '"$root/scripts/cluster.sh" stop' EXIT
# cargo pgrx test installed a debug build: put the release build back. The server starts with
# Rust backtraces asked for, to prove none reaches a client (pg_test/sql/cancel.sql).
RUST_BACKTRACE=1 RUST_LIB_BACKTRACE=1 "$root/scripts/setup.sh"
export $("$root/scripts/cluster.sh" env)
results="$root/target/regress"
rm -rf "$results" && mkdir -p "$results" && chmod 777 "$results"
python3 "$root/scripts/check_readme.py"
status=0
PG_SUDOKU_DATA="$SUDOKU_DATA" PG_SUDOKU_RESULTS="$results" \
    "$("$PG_CONFIG" --pkglibdir)/pgxs/src/test/regress/pg_regress" \
    --inputdir="$root/pg_test" --outputdir="$results" --bindir="$("$PG_CONFIG" --bindir)" \
    --host="$PGHOST" --port="$PGPORT" --user="$PGUSER" --dbname=pg_sudoku_regress \
    --schedule="$root/pg_test/schedule" | tee "$results/summary.txt" || status=$?
if [ "$status" -ne 0 ]; then
    cat "$results/regression.diffs" 2>/dev/null | head -200
fi
log "pictures in a browser (scripts/svg_test.sh)"
SUDOKU_DATA="$SUDOKU_DATA" "$root/scripts/svg_test.sh" || status=1
log "sharding over postgres_fdw (scripts/shards.sh --check)"
SUDOKU_DATA="$SUDOKU_DATA" "$root/scripts/shards.sh" --check || status=1
log "upgrade test (scripts/upgrade_test.sh)"
SUDOKU_DATA="$SUDOKU_DATA" "$root/scripts/upgrade_test.sh" || status=1
log "dump/restore and DROP EXTENSION test (scripts/dump_test.sh)"
SUDOKU_DATA="$SUDOKU_DATA" "$root/scripts/dump_test.sh" || status=1
log "Debian package test (scripts/package_test.sh)"
"$root/scripts/package_test.sh" || status=1
passed=$(grep -cE '\.\.\. ok' "$results/summary.txt" || true)
failed=$(grep -cE '\.\.\. FAILED' "$results/summary.txt" || true)
echo "pg_regress: $passed passed, $failed failed"
exit "$status"
