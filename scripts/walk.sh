#!/usr/bin/env bash
# The neighbourhood search for hard puzzles (issue 37) on one node and on Citus, side by side in
# one run: examples/walk/ from the same seeds (every WALK_EVERY-th line of WALK_FILE, WALK_SEEDS
# of them, default every 90th of forum_hardest_1106: 5 puzzles), WALK_ROUNDS rounds keeping the
# WALK_KEEP hardest as the next seeds; first in the quickstart cluster (scripts/cluster.sh, one
# node, parallel query on: max_parallel_workers_per_gather 2 on this 2-core machine), then on
# the coordinator and two workers of scripts/citus.sh, the other idle each time. Prints each
# round (new puzzles up to equivalence, their ratings, the time of each step), says whether the
# two walks found the same puzzles with the same ratings, and keeps EXPLAIN ANALYZE of each
# distributed step of the last round in target/walk/explain_citus.txt (and of the rating on one
# node in explain_single.txt).
#   scripts/walk.sh [single|citus|both]   (default both)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
source "$root/scripts/major.sh"
SUDOKU_DATA="${SUDOKU_DATA:-$(cd "$root/.." && pwd)/shared/data}"
file="$SUDOKU_DATA/${WALK_FILE:-forum_hardest_1106.txt}"
every="${WALK_EVERY:-90}" seeds="${WALK_SEEDS:-5}" rounds="${WALK_ROUNDS:-2}" keep="${WALK_KEEP:-5}"
out="$root/target/walk"
mkdir -p "$out"
mode="${1:-both}"

walk() { # citus (true|false): the whole walk in the database the PG* variables name
    local citus="$1" started=$SECONDS
    # The tables first: a distribution column whose type DROP EXTENSION ... CASCADE removed would
    # leave Citus's metadata pointing at a type that no longer exists.
    psql -X -q -v ON_ERROR_STOP=1 -c "SET client_min_messages = warning" \
        -c "DROP TABLE IF EXISTS walk_found, walk_seeds, walk_time" \
        -c "DROP EXTENSION IF EXISTS pg_sudoku CASCADE" -c "CREATE EXTENSION pg_sudoku" >/dev/null
    psql -X -q -v citus="$citus" -v file="$file" -v every="$every" -v seeds="$seeds" -f examples/walk/setup.sql >/dev/null
    for round in $(seq 1 "$rounds"); do
        psql -X -q -v citus="$citus" -v round="$round" -v keep="$keep" -f examples/walk/round.sql >/dev/null
    done
    psql -X -q -f examples/walk/report.sql
    psql -X -qAt -c "COPY (SELECT canon, round, (se).er, (se).ep, (se).ed FROM walk_found ORDER BY canon) TO STDOUT" \
        >"$out/found_$citus.txt"
    echo "total $((SECONDS - started)) s (set-up, rating the seeds, $rounds rounds)"
}

if [ "$mode" != citus ]; then
    echo "== one node, parallel query on (PostgreSQL $PG_MAJOR)"
    "$root/scripts/setup.sh" >/dev/null
    (
        export $("$root/scripts/cluster.sh" env)
        walk false
        psql -X -q -v r="$rounds" >"$out/explain_single.txt" <<'SQL'
SET min_parallel_table_scan_size = 0;
EXPLAIN (ANALYZE, VERBOSE)
CREATE UNLOGGED TABLE walk_rated AS SELECT canon, sudoku.se_rating(canon) AS se FROM walk_found WHERE round = :r;
DROP TABLE walk_rated;
SQL
    )
fi
if [ "$mode" != single ]; then
    echo "== Citus: a coordinator and two workers on this machine"
    "$root/scripts/citus.sh" start >/dev/null
    (
        export $("$root/scripts/citus.sh" env)
        walk true
        # Where the time goes: the last round's two steps again, explained (Citus cannot EXPLAIN
        # ANALYZE a repartitioned INSERT ... SELECT: its plan only; the rating runs in full and
        # is rolled back).
        r="$rounds"
        psql -X -q -v r="$r" >"$out/explain_citus.txt" <<'SQL'
EXPLAIN (VERBOSE)
INSERT INTO walk_found (canon, round, parent)
SELECT sudoku.canonical(n), :r, s.id FROM walk_seeds s, LATERAL sudoku.neighbours(s.p) n
WHERE s.round = :r - 1 ON CONFLICT (canon) DO NOTHING;
BEGIN;
EXPLAIN (ANALYZE, VERBOSE) UPDATE walk_found SET se = sudoku.se_rating(canon) WHERE round = :r;
ROLLBACK;
SQL
    )
fi
if [ "$mode" = both ]; then
    if cmp -s "$out/found_false.txt" "$out/found_true.txt"; then
        echo "same puzzles and ratings on one node and on Citus: $(wc -l <"$out/found_true.txt") puzzles"
    else
        echo "the walks differ: diff $out/found_false.txt $out/found_true.txt" >&2
        exit 1
    fi
fi
