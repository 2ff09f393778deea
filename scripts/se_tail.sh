#!/usr/bin/env bash
# The slow tail of the Sudoku Explainer rating through SQL (issue 52): every STRIDE-th line of a
# puzzle file (default every 100th of ../shared/data/forum_hardest_1905_11plus.txt: 488 puzzles,
# all ER 11+), each rated alone by `(sudoku.se_rating(p)).er` in one backend pinned to the last
# core (JIT off), wall clock in the server. Prints the count, median, mean, 90th percentile and
# slowest in ms, then the eight slowest with their line and ER. About 10 minutes for the 488.
# Runs in the quickstart cluster (scripts/setup.sh installs the release build first). A
# benchmark, not a test.
#   scripts/se_tail.sh [FILE [STRIDE]]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
data="${SUDOKU_DATA:-$(cd "$root/.." && pwd)/shared/data}"
file="${1:-$data/forum_hardest_1905_11plus.txt}"
stride="${2:-100}"
lines="$(mktemp)"
trap 'rm -f "$lines"' EXIT
awk -v s="$stride" '(NR - 1) % s == 0 { print NR "\t" $1 }' "$file" >"$lines"
source "$root/scripts/bench_db.sh"
psql -X -q -d "$db" -v ON_ERROR_STOP=1 -v lines="$lines" -v core="$core" -v pin="$pin_psql" <<'SQL'
SET client_min_messages = warning;
\i :pin
SET jit = off;
CREATE EXTENSION IF NOT EXISTS pg_sudoku;
DROP TABLE IF EXISTS se_tail_puzzles, se_tail_times;
CREATE TABLE se_tail_puzzles (line int, p sudoku.grid);
\set copy '\\copy se_tail_puzzles FROM ' :'lines'
:copy
CREATE TABLE se_tail_times (line int, er numeric, ms numeric);
-- One puzzle a transaction, so that a long run shows its progress in se_tail_times.
DO $$
DECLARE r record; t0 timestamptz; e numeric;
BEGIN
    FOR r IN SELECT line, p FROM se_tail_puzzles ORDER BY line LOOP
        t0 := clock_timestamp();
        e := (sudoku.se_rating(r.p)).er;
        INSERT INTO se_tail_times VALUES (r.line, e, extract(epoch FROM clock_timestamp() - t0) * 1000);
        COMMIT;
    END LOOP;
END $$;
SELECT count(*) AS puzzles, round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms)) AS median_ms,
       round(avg(ms)) AS mean_ms, round(percentile_cont(0.9) WITHIN GROUP (ORDER BY ms)) AS p90_ms,
       round(max(ms)) AS slowest_ms
FROM se_tail_times;
SELECT line, er, round(ms) AS ms FROM se_tail_times ORDER BY ms DESC LIMIT 8;
DROP TABLE se_tail_puzzles, se_tail_times;
SQL
