#!/usr/bin/env bash
# The comparison table of docs/sql-versions.md: sudoku.compare (every pure-SQL version against its native
# twin) on each puzzle of the given files, per file and approach: how many agree, the mean
# native time in µs and SQL time in ms (wall clock inside sudoku.compare, so the native figure
# includes one EXECUTE), and their ratio. Uses the cluster of scripts/cluster.sh (started by
# scripts/setup.sh) and the installed extension.
#
#   scripts/compare.sh ../shared/data/seed_examples.txt ../shared/data/top95.txt
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
[ $# -gt 0 ] || { echo "usage: $0 FILE..." >&2; exit 2; }
"$root/scripts/cluster.sh" start
export $("$root/scripts/cluster.sh" env)
psql() { runuser -u postgres -- psql -X -q -v ON_ERROR_STOP=1 -h "$PGHOST" -p "$PGPORT" "$@"; }
psql -d postgres -c "DROP DATABASE IF EXISTS pg_sudoku_compare" -c "CREATE DATABASE pg_sudoku_compare"
psql -d pg_sudoku_compare -c "CREATE EXTENSION pg_sudoku" \
     -c "CREATE TABLE puzzle (file text, line bigserial, puzzle text)"
for f in "$@"; do
    name="$(basename "$f" .txt)"
    # Lines of 81 (or n*n) characters; COPY reads them as one text column.
    grep -v '^\s*$' "$f" | psql -d pg_sudoku_compare \
        -c "\\copy puzzle (puzzle) FROM STDIN" -c "UPDATE puzzle SET file = '$name' WHERE file IS NULL"
done
psql -d pg_sudoku_compare <<'SQL'
\pset footer off
SELECT p.file, c.approach, count(*) AS puzzles, count(*) FILTER (WHERE c.agree) AS agree,
       round(avg(c.native_ms)::numeric * 1000, 1) AS native_us, round(avg(c.sql_ms)::numeric, 1) AS sql_ms,
       round(avg(c.sql_ms)::numeric / nullif(avg(c.native_ms)::numeric, 0)) AS ratio
FROM puzzle p, sudoku.compare(p.puzzle::sudoku.grid) c
GROUP BY p.file, c.approach
ORDER BY min(p.line), min(CASE c.approach WHEN 'solve' THEN 1 WHEN 'propagate_combo' THEN 2 WHEN 'crook' THEN 3
                                          WHEN 'candidates' THEN 4 ELSE 5 END);
SQL
