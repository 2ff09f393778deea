#!/usr/bin/env bash
# The upgrade test (issue 13, pgvector's practice): for every released version whose install
# script is kept in sql/ (pg_sudoku--X.Y.Z.sql), install that version into a database, store grids,
# ratings and steps in a table with a btree and a hash index on grid columns, run
# ALTER EXTENSION pg_sudoku UPDATE, and check that
#   (a) the extension's objects (pg_test/upgrade/snapshot.sql: functions with their volatility,
#       strictness, parallel safety, cost, settings, bodies and comments; aggregates; types;
#       operators; operator classes and families; casts) equal those of a fresh install of the
#       current version, and
#   (b) the stored data reads back identically, through the indexes too, amcheck finds the
#       btree index sound, and solve and grid_agg (replaced by 0.2.0) give the same answers.
# Needs the current build installed and the PG* variables of a running cluster (scripts/cluster.sh
# env); the puzzles come from $SUDOKU_DATA. Copies the old install scripts into PostgreSQL's
# extension directory (they are not part of a normal install).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
SUDOKU_DATA="${SUDOKU_DATA:-$(cd "$root/.." && pwd)/shared/data}"
source "$root/scripts/major.sh"
extdir="$("$PG_CONFIG" --sharedir)/extension"
current="$(sed -n 's/^version = "\(.*\)"/\1/p' "$root/Cargo.toml" | head -1)"
out="${UPGRADE_TEST_DIR:-$root/target/upgrade_test}"
rm -rf "$out" && mkdir -p "$out"
psql_() { psql -X -q -v ON_ERROR_STOP=1 "$@"; }

# The table every old version stores: 9x9 puzzles of top95 with their solutions and ratings,
# generated 16x16 and 25x25 puzzles, and the 288 4x4 grids.
load_data() {
    psql_ -d "$1" <<SQL
CREATE EXTENSION IF NOT EXISTS amcheck;
CREATE TABLE stored (id integer PRIMARY KEY, p sudoku.grid NOT NULL, s sudoku.grid, r sudoku.rating);
CREATE TEMP TABLE raw (line text);
\copy raw FROM '$SUDOKU_DATA/top95.txt'
INSERT INTO stored (id, p) SELECT row_number() OVER (), line::sudoku.grid FROM raw;
INSERT INTO stored (id, p) SELECT 1000 + i, sudoku.generate(16, i) FROM generate_series(1, 5) i;
INSERT INTO stored (id, p) SELECT 2000, sudoku.generate(25, 1);
INSERT INTO stored (id, p) SELECT 3000 + row_number() OVER (), g FROM sudoku.grids_4x4_sql() g;
UPDATE stored SET s = sudoku.solve(p);
UPDATE stored SET r = sudoku.rate(p) WHERE sudoku.size(p) = 9;
CREATE INDEX stored_p ON stored (p);
CREATE INDEX stored_s ON stored USING hash (s);
ANALYZE stored;
SQL
}

# What must read back identically: every row in id order, the rows in the btree index's order
# (index scan forced), each row found again through the hash index, and amcheck on the btree.
read_back() {
    psql_ -d "$1" <<'SQL'
\pset format unaligned
\pset tuples_only on
-- 0.1.0's operators are found only with the schema in the path.
SET search_path = public, sudoku;
SELECT id, p, s, r FROM stored ORDER BY id;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SET enable_sort = off;
SELECT 'btree order', id, p FROM stored ORDER BY p;
SELECT 'hash lookup', a.id, (SELECT array_agg(b.id ORDER BY b.id) FROM stored b WHERE b.s = a.s) FROM stored a ORDER BY a.id;
SELECT 'functions', id, sudoku.solve(p) = s, (SELECT sudoku.grid_agg(c.row, c.col, c.value) FROM sudoku.cells(p) c) = p
FROM stored ORDER BY id;
SELECT 'amcheck', bt_index_parent_check('stored_p', true);
SQL
    # The same lookups must be index scans, or the comparison above proves nothing about them.
    psql_ -d "$1" -At -c "SET enable_seqscan = off; SET enable_bitmapscan = off; SET enable_sort = off;
        EXPLAIN (COSTS OFF) SELECT id, p FROM stored ORDER BY p;" | grep -q "Index Scan using stored_p" \
        || { echo "$1: the btree order was not read through stored_p" >&2; exit 1; }
    psql_ -d "$1" -At -c "SET search_path = public, sudoku; SET enable_seqscan = off; SET enable_bitmapscan = off;
        EXPLAIN (COSTS OFF) SELECT id FROM stored WHERE s = (SELECT s FROM stored WHERE id = 1);" \
        | grep -q "Index Scan using stored_s" \
        || { echo "$1: the hash lookup did not use stored_s" >&2; exit 1; }
}

psql_ -d postgres -c "DROP DATABASE IF EXISTS upgrade_fresh" -c "CREATE DATABASE upgrade_fresh"
psql_ -d upgrade_fresh -c "CREATE EXTENSION pg_sudoku"
[ "$(psql_ -d upgrade_fresh -At -c "SELECT extversion FROM pg_extension WHERE extname = 'pg_sudoku'")" = "$current" ] \
    || { echo "the fresh install is not version $current" >&2; exit 1; }
psql_ -d upgrade_fresh -f "$root/pg_test/upgrade/snapshot.sql" >"$out/fresh.txt"

status=0
checked=0
skipped=0
for script in "$root"/sql/pg_sudoku--*.sql; do
    name="$(basename "$script")"
    [[ "$name" =~ ^pg_sudoku--([0-9]+\.[0-9]+\.[0-9]+)\.sql$ ]] || continue
    old="${BASH_REMATCH[1]}"
    [ "$old" != "$current" ] || continue
    # 0.1.0's install script uses SQL-standard function bodies (RETURN ...), which PostgreSQL
    # reads from 14 on: on 13 there was never a 0.1.0 to upgrade from.
    if [ "$old" = 0.1.0 ] && [ "$PG_MAJOR" -lt 14 ]; then
        echo "upgrade $old -> $current: not on PostgreSQL $PG_MAJOR ($old installs on 14 and later)"
        skipped=$((skipped + 1))
        continue
    fi
    install -m 644 "$script" "$extdir/$name"
    # The settings of that version's control file that differ from today's (its schema, for 0.1.0).
    [ ! -f "${script%.sql}.control" ] || install -m 644 "${script%.sql}.control" "$extdir/$(basename "${script%.sql}.control")"
    db="upgrade_from_${old//./_}"
    psql_ -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
    psql_ -d "$db" -c "CREATE EXTENSION pg_sudoku VERSION '$old'"
    load_data "$db"
    read_back "$db" >"$out/$old-data-before.txt"
    psql_ -d "$db" -c "ALTER EXTENSION pg_sudoku UPDATE"
    got="$(psql_ -d "$db" -At -c "SELECT extversion FROM pg_extension WHERE extname = 'pg_sudoku'")"
    [ "$got" = "$current" ] || { echo "$old: ALTER EXTENSION UPDATE ended at $got, not $current" >&2; status=1; }
    psql_ -d "$db" -f "$root/pg_test/upgrade/snapshot.sql" >"$out/$old-upgraded.txt"
    read_back "$db" >"$out/$old-data-after.txt"
    if ! diff -u "$out/fresh.txt" "$out/$old-upgraded.txt" >"$out/$old-catalog.diff"; then
        echo "$old -> $current: the upgraded objects differ from a fresh install:" >&2
        head -100 "$out/$old-catalog.diff" >&2
        status=1
    fi
    if ! diff -u "$out/$old-data-before.txt" "$out/$old-data-after.txt" >"$out/$old-data.diff"; then
        echo "$old -> $current: the stored data reads back differently:" >&2
        head -50 "$out/$old-data.diff" >&2
        status=1
    fi
    rows="$(grep -c '' "$out/$old-data-after.txt")"
    objects="$(psql_ -d "$db" -At -c "SELECT count(*) FROM pg_depend WHERE deptype = 'e' AND refobjid =
        (SELECT oid FROM pg_extension WHERE extname = 'pg_sudoku')")"
    echo "upgrade $old -> $current: $objects objects compared with a fresh install, $rows lines of data read back"
    checked=$((checked + 1))
done
[ "$checked" -gt 0 ] || [ "$skipped" -gt 0 ] || { echo "no older install script in sql/: nothing to upgrade from" >&2; exit 1; }
exit "$status"
