#!/usr/bin/env bash
# The benchmark behind the tables of docs/benchmarks.md, in one run on this machine:
#   1. the engine (sudoku-bench), the peer (../shared/tools/peer-bench/run) and tdoku
#      (../shared/tools/tdoku-bench/run) on every kind of puzzle: easy, medium and qqwing's
#      expert (data/bench/qqwing_*), human-solvable hard (se_rated_10k), random and random
#      minimal (data/bench/tdoku_*), and the four shared benchmark sets (17_clue and the hard
#      magictour_top1465, forum_hardest_1905_11plus, forum_hardest_1106).
#      Each tool prints `<file> n= solve_us= count2_us=` (best of 3 passes of at least 0.5 s,
#      one core); every tool runs pinned to the machine's last core (taskset), and the sets are
#      run in 5 interleaved rounds (engine, peer, tdoku on one set, then the next set; then all
#      again; BENCH_ROUNDS changes the number: with 3, one burst of noise on this machine could
#      still move a tool's best by a tenth) and the table keeps each tool's best, with the
#      engine's time over the best rival's; a tool that is absent is skipped with a note;
#      then the canonical forms (sudoku-bench --canonical): per puzzle and per solution grid on
#      17_clue, top95 and magictour_top1465, and on generated 16x16 and 25x25 puzzles;
#   2. through SQL, in the quickstart cluster (scripts/setup.sh): batch solving with and without
#      parallel workers, the cost of rows from set-returning functions against unnest, and the
#      SQL functions against the engine on easy puzzles (data/bench/qqwing_simple + _easy).
#
#   scripts/bench.sh            both parts
#   scripts/bench.sh --engine   part 1 only
#   scripts/bench.sh --sql      part 2 only
#
# SQL timings are the best of 2 runs of each statement (5 for the easy puzzles; the backend and the
# engine's runs next to them pinned to the last core), wall clock
# measured in the server (clock_timestamp), all settings PostgreSQL's defaults unless a line says
# otherwise.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
data="${SUDOKU_DATA:-$(cd "$root/.." && pwd)/shared/data}"
tools="$(cd "$root/.." && pwd)/shared/tools"
bench="$root/data/bench"
part="${1:-all}"
# One core for every tool, the SQL backend included: a process that moves between cores loses
# its caches, at random.
core="$(($(nproc) - 1))"
pin=()
command -v taskset >/dev/null && pin=(taskset -c "$core")
# kind|file, in the order of the table.
kinds=(
    "easy (qqwing simple)|$bench/qqwing_simple.txt"
    "easy (qqwing easy)|$bench/qqwing_easy.txt"
    "medium (qqwing intermediate)|$bench/qqwing_intermediate.txt"
    "qqwing expert|$bench/qqwing_expert.txt"
    "human-solvable hard, SE 5.0-9.3|$data/se_rated_10k.txt"
    "random (tdoku)|$bench/tdoku_random.txt"
    "random minimal (tdoku)|$bench/tdoku_minimal.txt"
    "17-clue|$data/17_clue.txt"
    "hard|$data/magictour_top1465.txt"
    "hard|$data/forum_hardest_1905_11plus.txt"
    "hard|$data/forum_hardest_1106.txt"
)

if [ "$part" != --sql ]; then
    echo "== engine, peer and tdoku (µs per puzzle; $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs))"
    cargo build --locked --release -q -p sudoku-engine --bin sudoku-bench
    log="$(mktemp)"
    trap 'rm -f "$log"' EXIT
    for round in $(seq "${BENCH_ROUNDS:-5}"); do
        for k in "${kinds[@]}"; do
            f="${k#*|}"
            "${pin[@]}" target/release/sudoku-bench "$f" | sed "s/^/$round engine /" | tee -a "$log"
            for tool in peer-bench tdoku-bench; do
                if [ -x "$tools/$tool/run" ]; then
                    "${pin[@]}" "$tools/$tool/run" "$f" | sed "s/^/$round ${tool%-bench} /" | tee -a "$log"
                elif [ "$round" = 1 ]; then
                    echo "${tool%-bench} skipped: $tools/$tool/run is absent"
                fi
            done
        done
    done
    echo
    printf '%s\n' "${kinds[@]}" | python3 "$root/scripts/bench_table.py" "$log"
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
source "$root/scripts/bench_db.sh"
# The engine on the easy puzzles of the SQL comparison, measured here, next to the SQL runs.
cargo build --locked --release -q -p sudoku-engine --bin sudoku-bench
easy="$(mktemp --suffix=.txt)"
trap 'rm -f "$easy" "${log:-}"' EXIT
cat "$bench/qqwing_simple.txt" "$bench/qqwing_easy.txt" >"$easy"
# Three runs (each a best of 3 passes), the least of each figure: as noisy a machine gives the
# engine the same chance as the best of 5 statements gives SQL.
# The engine and the backend that runs the statements are pinned to the same core.
engine_lines="$(for i in 1 2 3; do "${pin[@]}" target/release/sudoku-bench "$easy"; done)"
canonical_lines="$(for i in 1 2 3; do "${pin[@]}" target/release/sudoku-bench --canonical "$easy"; done)"
field() { sed -n "s/.* $1=\([0-9.]*\).*/\1/p" | sort -g | head -1; }
psql -X -q -d "$db" -v ON_ERROR_STOP=1 -v forum="$data/forum_hardest_1905_11plus.txt" \
    -v magic="$data/magictour_top1465.txt" -v easy="$easy" \
    -v engine_solve="$(field solve_us <<<"$engine_lines")" -v engine_count2="$(field count2_us <<<"$engine_lines")" \
    -v engine_canonical="$(field canonical_us <<<"$canonical_lines")" -v core="$core" -v pin="$pin_psql" <<'SQL'
SET client_min_messages = warning;
\i :pin
DROP TABLE IF EXISTS forum20k, magic, easy;
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
TRUNCATE lines;
\set copy '\\copy lines FROM ' :'easy'
:copy
-- 50 copies of the 2,000 puzzles, as the engine's passes go over its file again and again.
CREATE TABLE easy AS SELECT line::sudoku.grid AS p FROM lines, generate_series(1, 50);
VACUUM ANALYZE forum20k, magic, easy;

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
CREATE FUNCTION pg_temp.best_us(q text, calls int) RETURNS numeric LANGUAGE plpgsql AS $$
DECLARE t0 timestamptz; best numeric := 'Infinity';
BEGIN
    FOR i IN 1..5 LOOP
        t0 := clock_timestamp();
        EXECUTE q;
        best := least(best, extract(epoch FROM clock_timestamp() - t0) * 1e6 / calls);
    END LOOP;
    RETURN round(best, 3);
END $$;
\echo easy puzzles (qqwing simple and easy, 2,000 puzzles 50 times), µs a call through SQL and in the engine (sudoku-bench, same puzzles, least of 3 runs just before):
SELECT statement, sql_us, engine_us, round(sql_us / engine_us, 2) AS sql_over_engine
FROM (VALUES
    ('SELECT count(p) FROM easy (the scan alone)', pg_temp.best_us('SELECT count(p) FROM easy', 100000), NULL),
    ('SELECT count(sudoku.solve(p)) FROM easy', pg_temp.best_us('SELECT count(sudoku.solve(p)) FROM easy', 100000),
     :engine_solve),
    ('SELECT count(*) FILTER (WHERE sudoku.is_unique(p)) FROM easy',
     pg_temp.best_us('SELECT count(*) FILTER (WHERE sudoku.is_unique(p)) FROM easy', 100000), :engine_count2),
    ('SELECT sum(sudoku.count_solutions(p)) FROM easy',
     pg_temp.best_us('SELECT sum(sudoku.count_solutions(p)) FROM easy', 100000), :engine_count2),
    ('SELECT count(sudoku.canonical(p)) FROM easy',
     pg_temp.best_us('SELECT count(sudoku.canonical(p)) FROM easy', 100000), :engine_canonical)
) AS m(statement, sql_us, engine_us);
SQL
