#!/usr/bin/env bash
# Proof under abuse (issue 13.5), against the running cluster (scripts/cluster.sh env) with the
# current build installed. Each part prints a table for the README and the closing notes.
#
#   scripts/abuse.sh cancel     every long-running function under statement_timeout = 200 ms:
#                               the SQLSTATE and how long it ran (target: within 1 s of the timeout)
#   scripts/abuse.sh memory     backend RSS of every function on empty 9x9, 16x16 and 25x25 grids
#                               under an 8 s timeout, sampled every 100 ms (target: flat)
#   scripts/abuse.sh big        one query rating 1,000,000 generated puzzles and one streaming
#                               5,000,000 solutions, with their peak RSS (about 10 minutes)
#   scripts/abuse.sh one MS SQL  RSS before, peak RSS (MB), outcome and ms of one statement
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
db="${ABUSE_DB:-pg_sudoku_abuse}"
psql_() { psql -X -q -v ON_ERROR_STOP=1 "$@"; }

prepare() {
    if ! psql_ -d "$db" -c "SELECT" >/dev/null 2>&1; then
        psql_ -d postgres -c "CREATE DATABASE $db"
    fi
    psql_ -d "$db" -c "CREATE EXTENSION IF NOT EXISTS pg_sudoku"
}

cancel() {
    echo "| function | outcome | ran (ms, timeout 200) |"
    echo "| --- | --- | ---: |"
    psql -X -d "$db" -f "$root/pg_test/abuse/cancel_times.sql" 2>&1 | awk '
        /^CASE / { name = $2; outcome = "finished"; next }
        /ERROR:/ { sub(/^.*ERROR: +/, ""); outcome = $0; next }
        /^Time: / && name != "" { printf "| %s | %s | %.0f |\n", name, outcome, $2; name = "" }'
}

# Peak RSS of the backend that runs $2 (with statement_timeout $1), sampled every 100 ms, and
# its RSS before; prints "before_mb peak_mb outcome seconds".
peak_rss() {
    local timeout="$1" statement="$2" fifo pid peak=0 before rss started outcome
    fifo="$(mktemp -u)"; mkfifo "$fifo"
    psql -X -At -d "$db" <"$fifo" >"$fifo.out" 2>&1 &
    local client=$!
    exec 7>"$fifo"
    echo "SELECT pg_backend_pid();" >&7
    while [ ! -s "$fifo.out" ]; do sleep 0.05; done
    pid="$(head -1 "$fifo.out")"
    before=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status")
    started=$(date +%s%N)
    printf 'SET statement_timeout = %s;\n%s;\n\\q\n' "$timeout" "$statement" >&7
    exec 7>&-
    while kill -0 "$client" 2>/dev/null; do
        rss=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
        [ "${rss:-0}" -gt "$peak" ] && peak=$rss
        sleep 0.1
    done
    wait "$client" || true
    outcome="$(grep -m1 -o 'ERROR: .*' "$fifo.out" | cut -c8-60 || true)"
    echo "$((before / 1024)) $((peak / 1024)) ${outcome:-finished} $(( ($(date +%s%N) - started) / 1000000 ))"
    rm -f "$fifo" "$fifo.out"
}

memory() {
    local e9 e16 e25
    e9="repeat('.', 81)::sudoku.grid"; e16="repeat('.', 256)::sudoku.grid"; e25="repeat('.', 625)::sudoku.grid"
    local statements=(
        "SELECT count(*) FROM sudoku.search_tree($e9, 2000000000)"
        "SELECT count(*) FROM sudoku.search_tree($e25, 2000000000)"
        "SELECT count(*) FROM sudoku.solutions($e9, 2000000000)"
        "SELECT count(s) FROM (SELECT sudoku.solutions($e9, 2000000000) s) x"
        "SELECT count(s) FROM (SELECT sudoku.solutions($e25, 2000000000) s) x"
        "SELECT sudoku.count_solutions($e9, 2000000000)"
        "SELECT sudoku.count_solutions($e16, 2000000000)"
        "SELECT sudoku.count_solutions($e25, 2000000000)"
        "SELECT sudoku.solve($e25)"
        "SELECT count(*) FROM sudoku.generate_many(2000000000, 9)"
        "SELECT count(*) FROM sudoku.generate_many(2000000000, 25)"
        "SELECT count(sudoku.rate(p)) FROM sudoku.generate_many(2000000000, 9) p"
        "SELECT count(*) FROM sudoku.fill_steps($e25)"
        "SELECT count(*) FROM sudoku.candidates($e25)"
        "SELECT count(*) FROM sudoku.preemptive_sets($e25, 12)"
        "SELECT sudoku.solve_sql($e9)"
        "SELECT sudoku.solve_sql($e16)"
        "SELECT sudoku.propagate_combo_sql($e16)"
        "SELECT sudoku.solve_crook_sql($e25)"
        "SELECT count(*) FROM sudoku.candidates_sql($e25)"
        "SELECT count(*) FROM sudoku.preemptive_sets_sql($e16, 8)"
        "SELECT sudoku.random_grid_sql(0.5, 25)"
        "SELECT count(*) FROM sudoku.compare($e9)"
        "SELECT count(*) FROM sudoku.compare($e16)"
        "SELECT count(*) FROM sudoku.compare($e25)"
        "SELECT sudoku.grid_agg(i % 25 + 1, i / 25 % 25 + 1, NULL) FROM generate_series(1, 2000000000) i"
    )
    echo "| statement (timeout 8 s) | RSS before (MB) | peak RSS (MB) | outcome | ms |"
    echo "| --- | ---: | ---: | --- | ---: |"
    for s in "${statements[@]}"; do
        local line; line="$(peak_rss 8000 "$s")"
        before="${line%% *}"; line="${line#* }"; peak="${line%% *}"; line="${line#* }"
        ms="${line##* }"; outcome="${line% *}"
        echo "| \`${s//sudoku./}\` | $before | $peak | $outcome | $ms |"
    done
}

big() {
    echo "| statement | RSS before (MB) | peak RSS (MB) | outcome | ms |"
    echo "| --- | ---: | ---: | --- | ---: |"
    for s in "SELECT count(sudoku.rate(p)) FROM sudoku.generate_many(1000000, 9, 1) p" \
             "SELECT count(s) FROM (SELECT sudoku.solutions(repeat('.', 81)::sudoku.grid, 5000000) s) x" \
             "SELECT count(*) FROM sudoku.solutions(repeat('.', 81)::sudoku.grid, 5000000)"; do
        local line; line="$(peak_rss 0 "$s")"
        local before="${line%% *}"; line="${line#* }"; local peak="${line%% *}"; line="${line#* }"
        echo "| \`$s\` | $before | $peak | ${line% *} | ${line##* } |"
    done
}

prepare
case "${1:-}" in
cancel) cancel ;;
memory) memory ;;
big) big ;;
one) peak_rss "$2" "$3" ;;
*) sed -n '2,12p' "$0" >&2; exit 2 ;;
esac
