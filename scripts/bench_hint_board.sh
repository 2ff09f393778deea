#!/usr/bin/env bash
# hint from a board against hint from a grid, through SQL, side by side (issue 47): the first N
# puzzles of se_rated_10k (default 1000) in a table with their boards (sudoku.board(p)); each
# round times SELECT count(sudoku.hint(p)) and SELECT count(sudoku.hint(b)), interleaved.
#   scripts/bench_hint_board.sh [N] [ROUNDS]
# Needs the current build installed and the PG* variables of a running cluster (scripts/cluster.sh env).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
data="${SUDOKU_DATA:-$(cd "$root/.." && pwd)/shared/data}"
n="${1:-1000}" rounds="${2:-3}" db=pg_sudoku_bench_hint
psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" 2>/dev/null
psql -X -q -d $db -c "CREATE EXTENSION pg_sudoku" -c "CREATE TABLE t (p sudoku.grid, b sudoku.board)" \
    -c "\\copy t (p) FROM PROGRAM 'head -$n $data/se_rated_10k.txt | cut -c1-81'" \
    -c "UPDATE t SET b = sudoku.board(p)" -c "VACUUM ANALYZE t"
for round in $(seq "$rounds"); do
    for what in "sudoku.hint(p)" "sudoku.hint(b)"; do
        started=$(date +%s%N)
        psql -X -q -d $db -Atc "SELECT count($what) FROM t" >/dev/null
        echo "round $round: $what $(( ($(date +%s%N) - started) / 1000 / n )) µs a call"
    done
done
psql -X -q -d postgres -c "DROP DATABASE $db"
