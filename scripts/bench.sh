#!/usr/bin/env bash
# The benchmark behind the README's tables, in one run on this machine:
#   1. the engine (sudoku-bench), the peer (../shared/tools/peer-bench/run) and tdoku
#      (../shared/tools/tdoku-bench/run) on 17_clue, magictour_top1465,
#      forum_hardest_1905_11plus and forum_hardest_1106, one after the other, each tool's
#      `<file> n= solve_us= count2_us=` line (best of 3 passes of at least 0.5 s, one core);
#      a tool that is absent is skipped with a note;
#      then the canonical forms (sudoku-bench --canonical): per puzzle and per solution grid on
#      17_clue, top95 and magictour_top1465, and on generated 16x16 and 25x25 puzzles;
#   2. through SQL, in the quickstart cluster (scripts/setup.sh): batch solving with and without
#      parallel workers, and the cost of rows from set-returning functions against unnest.
#
#   scripts/bench.sh            both parts
#   scripts/bench.sh --engine   part 1 only
#   scripts/bench.sh --sql      part 2 only
#
# SQL timings are the best of 2 runs of each statement, wall clock measured in the server
# (clock_timestamp), all settings PostgreSQL's defaults unless a line says otherwise.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
data="${SUDOKU_DATA:-$(cd "$root/.." && pwd)/shared/data}"
tools="$(cd "$root/.." && pwd)/shared/tools"
part="${1:-all}"
sets=(17_clue magictour_top1465 forum_hardest_1905_11plus forum_hardest_1106)

if [ "$part" != --sql ]; then
    echo "== engine, peer and tdoku (µs per puzzle; $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs))"
    cargo build --locked --release -q -p sudoku-engine --bin sudoku-bench
    for s in "${sets[@]}"; do
        f="$data/$s.txt"
        target/release/sudoku-bench "$f" | sed 's/^/engine /'
        for tool in peer-bench tdoku-bench; do
            if [ -x "$tools/$tool/run" ]; then
                "$tools/$tool/run" "$f" | sed "s/^/${tool%-bench} /"
            else
                echo "${tool%-bench} skipped: $tools/$tool/run is absent"
            fi
        done
    done
    echo "== canonical forms (µs per grid, best of 3 passes; generated sizes one pass)"
    for s in 17_clue top95 magictour_top1465; do
        target/release/sudoku-bench --canonical "$data/$s.txt"
    done
    for size in 16 25; do
        target/release/sudoku-bench --canonical --size="$size" 5
    done
fi

[ "$part" = --engine ] && exit 0

echo "== SQL (quickstart cluster, release build)"
"$root/scripts/setup.sh" >/dev/null
export $("$root/scripts/cluster.sh" env)
db=pg_sudoku_bench
psql -qAt -d postgres -c "SELECT 1 FROM pg_database WHERE datname = '$db'" | grep -q 1 || createdb "$db"
psql -X -q -d "$db" -v ON_ERROR_STOP=1 -v forum="$data/forum_hardest_1905_11plus.txt" \
    -v magic="$data/magictour_top1465.txt" <<'SQL'
SET client_min_messages = warning;
DROP TABLE IF EXISTS forum20k, magic;
DROP EXTENSION IF EXISTS pg_sudoku CASCADE;
-- The benchmark's own database: a schema left behind by an interrupted run goes too.
DROP SCHEMA IF EXISTS sudoku CASCADE;
CREATE EXTENSION pg_sudoku;
CREATE TEMP TABLE lines (line text);
\set copy '\\copy lines FROM ' :'forum'
:copy
CREATE TABLE forum20k AS SELECT split_part(line, ' ', 1)::sudoku.grid AS p FROM lines LIMIT 20000;
ALTER TABLE forum20k SET (parallel_workers = 2);
TRUNCATE lines;
\set copy '\\copy lines FROM ' :'magic'
:copy
CREATE TABLE magic AS SELECT split_part(line, ' ', 1)::sudoku.grid AS p FROM lines;
VACUUM ANALYZE forum20k, magic;

CREATE FUNCTION pg_temp.best_ms(q text, settings text DEFAULT '') RETURNS numeric LANGUAGE plpgsql AS $$
DECLARE t0 timestamptz; best numeric := 'Infinity';
BEGIN
    IF settings <> '' THEN EXECUTE settings; END IF;
    FOR i IN 1..2 LOOP
        t0 := clock_timestamp();
        EXECUTE q;
        best := least(best, extract(epoch FROM clock_timestamp() - t0) * 1000);
    END LOOP;
    RESET ALL;
    RETURN round(best, 1);
END $$;
\pset footer off
\echo batch solve, 20,000 forum_hardest_1905_11plus puzzles, table parallel_workers = 2:
SELECT serial_ms, parallel_ms, round(serial_ms / parallel_ms, 2) AS speedup
FROM (SELECT pg_temp.best_ms('SELECT count(sudoku.solve(p)) FROM forum20k',
                             'SET max_parallel_workers_per_gather = 0') AS serial_ms,
             pg_temp.best_ms('SELECT count(sudoku.solve(p)) FROM forum20k') AS parallel_ms) t;
EXPLAIN (COSTS OFF) SELECT count(sudoku.solve(p)) FROM forum20k;
\echo rows of set-returning functions, magictour_top1465 (1,465 puzzles):
SELECT unnest_ms, cells_ms, round(cells_ms / unnest_ms, 2) AS cells_ratio,
       candidates_ms, round(candidates_ms / unnest_ms, 2) AS candidates_ratio
FROM (SELECT pg_temp.best_ms('SELECT count(*) FROM magic, unnest(p::int[])') AS unnest_ms,
             pg_temp.best_ms('SELECT count(*) FROM magic, sudoku.cells(p)') AS cells_ms,
             pg_temp.best_ms('SELECT count(*) FROM magic, sudoku.candidates(p)') AS candidates_ms) t;
SQL
