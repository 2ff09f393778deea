#!/usr/bin/env bash
# hint from a board against hint from a grid, through SQL, side by side (issue 47). Each round
# times SELECT count(sudoku.hint(g)) and SELECT count(sudoku.hint(b)) over one table, interleaved:
#   scripts/bench_hint_board.sh [N] [ROUNDS]            the first N puzzles of se_rated_10k
#                                                       (default 1000), b = sudoku.board(g)
#   scripts/bench_hint_board.sh --states [N] [ROUNDS]   the states along Sudoku Explainer's path
#                                                       of the first N puzzles (default 200),
#                                                       every 4th: b the board that has made the
#                                                       steps before (its eliminations made), g
#                                                       its digits (hint(g) rebuilds every candidate)
# Then each call timed alone: the median, 90th percentile and mean per call of each.
# KEEP_DB=1 keeps the database (pg_sudoku_bench_hint) for more queries.
# Needs the current build installed and the PG* variables of a running cluster (scripts/cluster.sh env).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
data="${SUDOKU_DATA:-$(cd "$root/.." && pwd)/shared/data}"
states=false
if [ "${1:-}" = --states ]; then states=true; shift; fi
n="${1:-$($states && echo 200 || echo 1000)}" rounds="${2:-3}" db=pg_sudoku_bench_hint
psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" 2>/dev/null
psql -X -q -d $db -c "CREATE EXTENSION pg_sudoku" -c "CREATE TABLE p (p sudoku.grid)" \
    -c "\\copy p FROM PROGRAM 'head -$n $data/se_rated_10k.txt | cut -c1-81'"
if $states; then
    psql -X -q -d $db -v ON_ERROR_STOP=1 <<'SQL'
CREATE FUNCTION pg_temp.states(p sudoku.grid, every integer) RETURNS SETOF sudoku.board LANGUAGE plpgsql AS $$
DECLARE
    b sudoku.board := sudoku.board(p);
    s record;
    k integer := 0;
BEGIN
    FOR s IN SELECT * FROM sudoku.fill_steps(b) WHERE difficulty IS NOT NULL ORDER BY step LOOP
        IF k % every = 0 THEN
            RETURN NEXT b;
        END IF;
        k := k + 1;
        IF cardinality(s.placed) = 3 THEN
            b := sudoku.place(b, s.placed[1], s.placed[2], s.placed[3]);
        END IF;
        FOR i IN 1 .. coalesce(array_length(s.eliminated, 1), 0) LOOP
            IF sudoku.get(sudoku.grid(b), s.eliminated[i][1], s.eliminated[i][2]) IS NULL THEN
                b := sudoku.remove_candidates(b, s.eliminated[i][1], s.eliminated[i][2], ARRAY[s.eliminated[i][3]]);
            END IF;
        END LOOP;
    END LOOP;
END $$;
CREATE TABLE t AS SELECT sudoku.grid(b) AS g, b FROM p, pg_temp.states(p.p, 4) b;
SQL
else
    psql -X -q -d $db -c "CREATE TABLE t AS SELECT p AS g, sudoku.board(p) AS b FROM p"
fi
psql -X -q -d $db -c "VACUUM ANALYZE t"
rows=$(psql -X -q -d $db -Atc "SELECT count(*) FROM t")
echo "$rows rows"
for round in $(seq "$rounds"); do
    for what in "sudoku.hint(g)" "sudoku.hint(b)"; do
        started=$(date +%s%N)
        psql -X -q -d $db -Atc "SELECT count($what) FROM t" >/dev/null
        echo "round $round: $what $(( ($(date +%s%N) - started) / 1000 / rows )) µs a call"
    done
done
# Per call (each hint timed alone with clock_timestamp(), whole µs, both in one loop): the
# median and the 90th percentile, where the means above weigh the few slow states most.
psql -X -q -d $db <<'SQL'
CREATE TEMP TABLE times (kind text, us double precision);
DO $$
DECLARE
    r record;
    t0 timestamptz;
    h sudoku.step;
BEGIN
    FOR r IN SELECT g, b FROM t LOOP
        t0 := clock_timestamp();
        h := sudoku.hint(r.g);
        INSERT INTO times VALUES ('hint(g)', extract(epoch FROM clock_timestamp() - t0) * 1e6);
        t0 := clock_timestamp();
        h := sudoku.hint(r.b);
        INSERT INTO times VALUES ('hint(b)', extract(epoch FROM clock_timestamp() - t0) * 1e6);
    END LOOP;
END $$;
SELECT kind, count(*) AS calls, round(percentile_cont(0.5) WITHIN GROUP (ORDER BY us)::numeric, 1) AS median_us,
       round(percentile_cont(0.9) WITHIN GROUP (ORDER BY us)::numeric, 1) AS p90_us, round(avg(us)::numeric, 1) AS mean_us
FROM times GROUP BY kind ORDER BY kind DESC;
SQL
[ -n "${KEEP_DB:-}" ] || psql -X -q -d postgres -c "DROP DATABASE $db"
