#!/usr/bin/env bash
# Sets everything up (scripts/setup.sh), then the main job: CREATE EXTENSION pg_sudoku, load a
# puzzle file into a table, solve every puzzle in one SQL statement, check every solution, and
# print a summary and one solved grid. Leaves the cluster running.
#
#   scripts/quickstart.sh [FILE]   FILE: one puzzle per line (default ../shared/data/top95.txt,
#                                  or the bundled data/seed_examples.txt where that is absent)
#   PG_MAJOR=18 scripts/quickstart.sh   the same on another PostgreSQL major (scripts/postgres.sh)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/major.sh"  # PG_MAJOR: its psql first on the PATH
file="${1:-}"
if [ -z "$file" ]; then
    file="$root/../shared/data/top95.txt"
    [ -f "$file" ] || file="$root/data/seed_examples.txt"
fi
[ -f "$file" ] || { echo "no such puzzle file: $file" >&2; exit 2; }
file="$(cd "$(dirname "$file")" && pwd)/$(basename "$file")"

"$root/scripts/setup.sh"
export $("$root/scripts/cluster.sh" env)
db=pg_sudoku
psql -qAt -d postgres -c "SELECT 1 FROM pg_database WHERE datname = '$db'" | grep -q 1 || createdb "$db"

echo "==> solving $file" >&2
# The file is read by psql (\copy), so any readable path works; the first field of a line is the puzzle.
psql -X -q -d "$db" -v ON_ERROR_STOP=1 -v file="$file" <<'SQL'
SET client_min_messages = warning;
DROP EXTENSION IF EXISTS pg_sudoku CASCADE;
CREATE EXTENSION pg_sudoku;
CREATE TEMP TABLE lines (line text);
\set copy '\\copy lines FROM ' :'file'
:copy
DROP TABLE IF EXISTS puzzles;
CREATE TABLE puzzles (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, puzzle sudoku.grid NOT NULL, solution sudoku.grid);
INSERT INTO puzzles (puzzle) SELECT split_part(btrim(line), ' ', 1)::sudoku.grid FROM lines WHERE btrim(line) <> '';
\pset footer off
SELECT clock_timestamp() AS started \gset
UPDATE puzzles SET solution = sudoku.solve(puzzle);
SELECT round(extract(epoch FROM clock_timestamp() - :'started') * 1000, 1) AS solve_ms \gset
SELECT count(*) AS puzzles,
       count(solution) AS solved,
       count(*) FILTER (WHERE sudoku.is_solved(solution)
                          AND NOT EXISTS (SELECT 1 FROM unnest(puzzle::int[], solution::int[]) AS c(g, s)
                                          WHERE g <> 0 AND g <> s)) AS checked,
       :solve_ms AS total_ms
FROM puzzles;
\pset format unaligned
\pset tuples_only on
SELECT E'\npuzzle ' || id || E':\n' || sudoku.pretty(puzzle) || E'\n\nsolution:\n' || sudoku.pretty(solution)
FROM puzzles WHERE solution IS NOT NULL ORDER BY id LIMIT 1;
SQL
cat <<EOF

The cluster (PostgreSQL $PG_MAJOR) is running. Connect with:
    $PG_BINDIR/psql -h $PGHOST -p $PGPORT -U $PGUSER $db
Stop it with: PG_MAJOR=$PG_MAJOR scripts/cluster.sh stop
EOF
