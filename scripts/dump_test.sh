#!/usr/bin/env bash
# Issue 13.1: a database with grid columns survives pg_dump / pg_restore, and DROP EXTENSION
# pg_sudoku CASCADE leaves nothing behind.
#   1. A database with a table of grids (puzzles of top95 and hardest11, their solutions and
#      ratings, generated 16x16 and 4x4 grids), a btree index, a hash index, an expression index
#      on sudoku.givens, and a view that compares grids with a plain =, all with the search_path
#      PostgreSQL gives a new database.
#   2. pg_dump -Fc, pg_restore into a new database: the rows, the rows read through each index
#      (index scans forced and shown by EXPLAIN), the view and amcheck agree with the original.
#   3. DROP EXTENSION pg_sudoku CASCADE in the original: every catalog, listed by name
#      (pg_test/lifecycle/catalog_names.sql), equals its list from before CREATE EXTENSION.
# Needs the current build installed and the PG* variables of a running cluster (scripts/cluster.sh env).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
SUDOKU_DATA="${SUDOKU_DATA:-$(cd "$root/.." && pwd)/shared/data}"
source "$root/scripts/major.sh"
bindir="$PG_BINDIR"
out="${DUMP_TEST_DIR:-$root/target/dump_test}"
rm -rf "$out" && mkdir -p "$out" && chmod 777 "$out"
psql_() { psql -X -q -v ON_ERROR_STOP=1 "$@"; }
status=0
fail() { echo "dump test: $*" >&2; status=1; }

for db in dump_source dump_restored; do
    psql_ -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
done
psql_ -d dump_source -c "CREATE EXTENSION amcheck"
# The user's table exists before the extension, so that after DROP ... CASCADE it is back as it was.
psql_ -d dump_source -c "CREATE TABLE collection (id integer PRIMARY KEY, source text)"
psql_ -d dump_source -f "$root/pg_test/lifecycle/catalog_names.sql" >"$out/before_create.txt"

psql_ -d dump_source <<SQL
CREATE EXTENSION pg_sudoku;
ALTER TABLE collection ADD COLUMN puzzle sudoku.grid NOT NULL, ADD COLUMN solution sudoku.grid,
                       ADD COLUMN rating sudoku.rating;
CREATE TEMP TABLE raw (line text);
\copy raw FROM '$SUDOKU_DATA/top95.txt'
\copy raw FROM '$SUDOKU_DATA/hardest11.txt'
INSERT INTO collection (id, source, puzzle) SELECT row_number() OVER (), 'file', line::sudoku.grid FROM raw;
INSERT INTO collection (id, source, puzzle) SELECT 1000 + i, 'generate 16', sudoku.generate(16, i) FROM generate_series(1, 3) i;
INSERT INTO collection (id, source, puzzle) SELECT 2000 + row_number() OVER (), '4x4', g FROM sudoku.grids_4x4_sql() g;
UPDATE collection SET solution = sudoku.solve(puzzle);
UPDATE collection SET rating = sudoku.rate(puzzle) WHERE sudoku.size(puzzle) = 9;
CREATE INDEX collection_puzzle ON collection (puzzle);
CREATE INDEX collection_solution ON collection USING hash (solution);
CREATE INDEX collection_givens ON collection (sudoku.givens(puzzle));
CREATE VIEW same_solution AS
    SELECT a.id AS a, b.id AS b FROM collection a JOIN collection b ON a.solution = b.solution AND a.id < b.id;
ANALYZE collection;
SQL

# What must read back the same: the rows, each index's order or lookups (index scans forced), the view.
read_back() {
    psql_ -d "$1" <<'SQL'
\pset format unaligned
\pset tuples_only on
SELECT id, source, puzzle, solution, rating FROM collection ORDER BY id;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SET enable_sort = off;
SELECT 'btree', id FROM collection ORDER BY puzzle;
SELECT 'hash', a.id, (SELECT array_agg(b.id ORDER BY b.id) FROM collection b WHERE b.solution = a.solution)
FROM collection a ORDER BY a.id;
SELECT 'expression', id FROM collection WHERE sudoku.givens(puzzle) >= 30 ORDER BY sudoku.givens(puzzle), id;
SELECT 'view', * FROM same_solution ORDER BY a, b;
SELECT 'amcheck', bt_index_parent_check('collection_puzzle', true), bt_index_parent_check('collection_givens', true);
SQL
}
plans() {
    psql_ -d "$1" -At <<'SQL'
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT id FROM collection ORDER BY puzzle;
EXPLAIN (COSTS OFF) SELECT id FROM collection WHERE solution = (SELECT solution FROM collection WHERE id = 1);
EXPLAIN (COSTS OFF) SELECT id FROM collection WHERE sudoku.givens(puzzle) >= 30;
SQL
}
read_back dump_source >"$out/source.txt"
plans dump_source >"$out/source_plans.txt"

"$bindir/pg_dump" -Fc -d dump_source -f "$out/dump_source.dump"
"$bindir/pg_restore" --exit-on-error -d dump_restored "$out/dump_source.dump"
read_back dump_restored >"$out/restored.txt"
plans dump_restored >"$out/restored_plans.txt"
diff -u "$out/source.txt" "$out/restored.txt" >"$out/restore.diff" || { fail "the restored data differs"; head -40 "$out/restore.diff" >&2; }
for index in collection_puzzle collection_solution collection_givens; do
    grep -q "Index.* Scan using $index" "$out/restored_plans.txt" || fail "the restored $index is not used: $(cat "$out/restored_plans.txt")"
done
diff -q "$out/source_plans.txt" "$out/restored_plans.txt" >/dev/null || fail "the plans differ after restore"
rows="$(grep -c '' "$out/restored.txt")"

psql_ -d dump_source -c "SET client_min_messages = warning" -c "DROP EXTENSION pg_sudoku CASCADE"
psql_ -d dump_source -f "$root/pg_test/lifecycle/catalog_names.sql" >"$out/after_drop.txt"
diff -u "$out/before_create.txt" "$out/after_drop.txt" >"$out/drop.diff" || { fail "DROP EXTENSION CASCADE left objects behind"; head -40 "$out/drop.diff" >&2; }
objects="$(grep -c '' "$out/after_drop.txt")"
[ "$status" -eq 0 ] && echo "dump test: pg_dump/pg_restore read back $rows lines identically through 3 indexes and a view; DROP EXTENSION CASCADE: $objects catalog entries as before CREATE EXTENSION"
exit "$status"
