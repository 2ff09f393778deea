#!/usr/bin/env bash
# What a call through SQL costs over the engine's own time for the same work, measured side by
# side in one run (issue 52): for each puzzle file, rounds that each run the engine on the file
# (sudoku-bench: solve and count to 2, µs a puzzle, best of 3 passes) and then, in one backend
# pinned to the same core, the statements
#   SELECT count(sudoku.solve(p)) FROM t
#   SELECT sum(sudoku.count_solutions(p)) FROM t
#   SELECT count(*) FILTER (WHERE sudoku.is_unique(p)) FROM t
# over a table holding the file's puzzles repeated to at least 100,000 rows (µs a row, wall clock
# in the server); and sudoku.rate (the Sudoku Explainer path, tens of µs to ms a puzzle) once
# over the file's puzzles, against sudoku-bench --rate on the file:
#   SELECT count((sudoku.rate(p)).level) FROM (the file's puzzles once)
# It prints, per file and function, the best SQL time over the best engine time and the median
# of the rounds' ratios, with the scan alone (count(p)) for reference.
#
#   scripts/sql_overhead.sh [FILE...]   default: data/bench/qqwing_simple + qqwing_easy (2,000
#                                       easy puzzles, as one file) and ../shared/data/se_rated_10k
#   SQL_OVERHEAD_ROUNDS=8 (default)     rounds per file
#
# Runs in the quickstart cluster (scripts/setup.sh installs the release build first) and builds
# sudoku-bench (release). A benchmark, not a test: nothing fails on a slow figure.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
data="${SUDOKU_DATA:-$(cd "$root/.." && pwd)/shared/data}"
rounds="${SQL_OVERHEAD_ROUNDS:-8}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
    cat data/bench/qqwing_simple.txt data/bench/qqwing_easy.txt >"$work/easy_qqwing.txt"
    files=("$work/easy_qqwing.txt" "$data/se_rated_10k.txt")
fi
cargo build --locked --release -q -p sudoku-engine --bin sudoku-bench
source "$root/scripts/bench_db.sh"
taskset=()
command -v taskset >/dev/null && taskset=(taskset -c "$core")
bench="${CARGO_TARGET_DIR:-$root/target}/release/sudoku-bench"
for file in "${files[@]}"; do
    name="$(basename "$file" .txt)"
    cut -d' ' -f1 "$file" >"$work/$name.lines"
    {
        cat <<'SQL'
SET client_min_messages = warning;
\i :pin
DROP TABLE IF EXISTS overhead_lines, overhead_puzzles, overhead_once;
DROP EXTENSION IF EXISTS pg_sudoku CASCADE;
DROP SCHEMA IF EXISTS sudoku CASCADE;
CREATE EXTENSION pg_sudoku;
CREATE TABLE overhead_lines (line text);
\set copy '\\copy overhead_lines FROM ' :'lines'
:copy
CREATE TABLE overhead_puzzles AS
    SELECT line::sudoku.grid AS p
    FROM overhead_lines,
         generate_series(1, (99999 + (SELECT count(*) FROM overhead_lines)) / (SELECT count(*) FROM overhead_lines));
VACUUM ANALYZE overhead_puzzles;
SELECT count(*) AS n FROM overhead_puzzles \gset
CREATE TABLE overhead_once AS SELECT line::sudoku.grid AS p FROM overhead_lines;
SELECT count(*) AS once FROM overhead_once \gset
-- µs a row of one statement, wall clock in the server; JIT and parallel workers off, so the
-- statement is the scan and the calls and nothing else.
CREATE FUNCTION pg_temp.us(q text, n bigint) RETURNS numeric LANGUAGE plpgsql AS $$
DECLARE t0 timestamptz;
BEGIN
    t0 := clock_timestamp();
    EXECUTE q;
    RETURN round(extract(epoch FROM clock_timestamp() - t0) * 1e6 / n, 4);
END $$;
SET jit = off;
SET max_parallel_workers_per_gather = 0;
CREATE TEMP TABLE timings (round int, what text, us numeric);
-- One warm-up of each statement.
SELECT pg_temp.us('SELECT count(sudoku.solve(p)) FROM overhead_puzzles', :n);
SELECT pg_temp.us('SELECT sum(sudoku.count_solutions(p)) FROM overhead_puzzles', :n);
SELECT pg_temp.us('SELECT count((sudoku.rate(p)).level) FROM overhead_once', :once);
SQL
        for r in $(seq "$rounds"); do
            cat <<SQL
\! ${taskset[*]} "$bench" "$file" >> "$work/$name.engine"
\! ${taskset[*]} "$bench" --rate "$file" >> "$work/$name.rate"
INSERT INTO timings VALUES
    ($r, 'scan', pg_temp.us('SELECT count(p) FROM overhead_puzzles', :n)),
    ($r, 'solve', pg_temp.us('SELECT count(sudoku.solve(p)) FROM overhead_puzzles', :n)),
    ($r, 'count_solutions', pg_temp.us('SELECT sum(sudoku.count_solutions(p)) FROM overhead_puzzles', :n)),
    ($r, 'is_unique', pg_temp.us('SELECT count(*) FILTER (WHERE sudoku.is_unique(p)) FROM overhead_puzzles', :n)),
    ($r, 'rate', pg_temp.us('SELECT count((sudoku.rate(p)).level) FROM overhead_once', :once));
SQL
        done
        echo "\\copy timings TO '$work/$name.sql'"
        echo "DROP TABLE overhead_lines, overhead_puzzles, overhead_once;"
    } >"$work/$name.psql"
    psql -X -q -d "$db" -v ON_ERROR_STOP=1 -v lines="$work/$name.lines" -v core="$core" -v pin="$pin_psql" -f "$work/$name.psql" >/dev/null
    python3 - "$file" "$work/$name" "$(wc -l <"$work/$name.lines")" <<'PY'
import statistics, sys
file, out, n = sys.argv[1], sys.argv[2], sys.argv[3]
engine = []
for line in open(out + ".engine"):
    f = dict(x.split("=") for x in line.split()[1:])
    engine.append((float(f["solve_us"]), float(f["count2_us"])))
for i, line in enumerate(open(out + ".rate")):
    f = dict(x.split("=", 1) for x in line.split()[1:4])
    engine[i] = engine[i] + (float(f["rate_us"]),)
sql = {}
for line in open(out + ".sql"):
    r, what, us = line.split("\t")
    sql.setdefault(what, []).append(float(us))
print(f"{file} ({n} puzzles, {len(engine)} rounds; µs a puzzle, best / median)")
scan = sql["scan"]
print(f"  the scan alone  SQL {min(scan):.3f} / {statistics.median(scan):.3f}")
for what, k in (("solve", 0), ("count_solutions", 1), ("is_unique", 1), ("rate", 2)):
    s, e = sql[what], [x[k] for x in engine]
    ratios = [a / b for a, b in zip(s, e)]
    print(f"  {what:<15} SQL {min(s):.3f} / {statistics.median(s):.3f}  engine {min(e):.3f} / "
          f"{statistics.median(e):.3f}  SQL / engine {min(s) / min(e):.3f} best, {statistics.median(ratios):.3f} median")
PY
done
