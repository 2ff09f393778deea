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
#   scripts/abuse.sh pgbench    8 clients for 60 s mixing solve, count_solutions, rate, hint,
#                               candidates, fill_steps, generate and compare: tps, failed transactions
#   scripts/abuse.sh sqlsmith [N]  N sqlsmith queries (default 20,000) on a cluster of its own:
#                               errors by SQLSTATE, backends terminated by a signal (must be 0)
#   scripts/abuse.sh json [N]   N random JSON documents (default 100,000) cast to sudoku.grid: every
#                               outcome a grid, 22P02 or 22023
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
# its RSS before; prints the cells of a table row: "before_mb | peak_mb | outcome | ms".
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
    outcome="$(grep -m1 -o 'ERROR: .*' "$fifo.out" | sed 's/^ERROR: *//' | cut -c1-55 || true)"
    echo "$((before / 1024)) | $((peak / 1024)) | ${outcome:-finished} | $(( ($(date +%s%N) - started) / 1000000 ))"
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
        "SELECT sudoku.se_rating('..9...4...7.3...2.8...6...71..8....6....1..7.....56...3....5..1.4.....9...2...7..')"
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
        echo "| \`${s//sudoku./}\` | $(peak_rss 8000 "$s") |"
    done
}

big() {
    echo "| statement | RSS before (MB) | peak RSS (MB) | outcome | ms |"
    echo "| --- | ---: | ---: | --- | ---: |"
    for s in "SELECT count(sudoku.rate(p)) FROM sudoku.generate_many(1000000, 9, 1) p" \
             "SELECT count(s) FROM (SELECT sudoku.solutions(repeat('.', 81)::sudoku.grid, 5000000) s) x" \
             "SELECT count(*) FROM sudoku.solutions(repeat('.', 81)::sudoku.grid, 5000000)"; do
        echo "| \`$s\` | $(peak_rss 0 "$s") |"
    done
}

# Concurrency: 8 pgbench clients for 60 s, each transaction one puzzle of the shared sets through
# solve, count_solutions, rate, hint, candidates, fill_steps, generate and compare.
pgbench_mix() {
    local data="${SUDOKU_DATA:-$(cd "$root/.." && pwd)/shared/data}"
    psql_ -d "$db" <<SQL
DROP TABLE IF EXISTS bench_puzzles;
CREATE TABLE bench_puzzles (id serial PRIMARY KEY, puzzle sudoku.grid NOT NULL);
CREATE TEMP TABLE raw (line text);
\copy raw FROM '$data/top95.txt'
\copy raw FROM '$data/magictour_top1465.txt'
\copy raw FROM '$data/easy50.txt'
INSERT INTO bench_puzzles (puzzle) SELECT line::sudoku.grid FROM raw;
ANALYZE bench_puzzles;
SQL
    local n; n="$(psql_ -d "$db" -At -c "SELECT count(*) FROM bench_puzzles")"
    pgbench -n -c 8 -j 2 -T "${PGBENCH_SECONDS:-60}" -D puzzles="$n" -f "$root/pg_test/abuse/pgbench_mix.sql" "$db" \
        2>&1 | grep -E "clients|duration|transactions|failed|latency average|tps"
}

# sqlsmith (a Debian package, installed here when missing) against a cluster of its own whose
# database holds the extension and tables of grids, as a plain role with a 1 s statement_timeout:
# N queries (default 20,000) from a fixed seed; reports the queries that named a pg_sudoku object,
# the errors by SQLSTATE (from the server log), and any backend that died ("terminated by signal").
sqlsmith_run() {
    local queries="${1:-20000}"
    command -v sqlsmith >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -q sqlsmith >/dev/null
    local cluster="$root/target/sqlsmith_cluster" port=28818
    export PG_SUDOKU_CLUSTER="$cluster" PG_SUDOKU_PORT="$port"
    "$root/scripts/cluster.sh" stop
    rm -rf "$cluster"
    "$root/scripts/cluster.sh" start
    local env_line; env_line="$("$root/scripts/cluster.sh" env)"
    export $env_line
    local data="${SUDOKU_DATA:-$(cd "$root/.." && pwd)/shared/data}"
    {
    psql_ -d postgres <<SQL
ALTER SYSTEM SET log_line_prefix = '%m [%p] %e ';
ALTER SYSTEM SET log_min_messages = warning;
SELECT pg_reload_conf();
CREATE ROLE smith LOGIN;
ALTER ROLE smith SET statement_timeout = '1s';
CREATE DATABASE smith OWNER smith;
SQL
    } >/dev/null
    psql_ -d smith <<SQL
CREATE EXTENSION pg_sudoku;
CREATE TABLE puzzles (id int PRIMARY KEY, puzzle sudoku.grid, solution sudoku.grid, rating sudoku.rating);
CREATE TEMP TABLE raw (line text);
\copy raw FROM '$data/top95.txt'
\copy raw FROM '$data/hardest11.txt'
INSERT INTO puzzles (id, puzzle) SELECT row_number() OVER (), line::sudoku.grid FROM raw;
INSERT INTO puzzles (id, puzzle) SELECT 1000 + 10 * n + i, sudoku.generate(n, i) FROM generate_series(1, 3) i, unnest(ARRAY[4, 16]) n;
UPDATE puzzles SET solution = sudoku.solve(puzzle);
UPDATE puzzles SET rating = sudoku.rate(puzzle) WHERE sudoku.size(puzzle) = 9;
CREATE TABLE cells AS SELECT p.id, c.* FROM puzzles p, sudoku.cells(p.puzzle) c;
CREATE TABLE steps AS SELECT p.id, s.* FROM puzzles p, sudoku.fill_steps(p.puzzle) s WHERE p.id <= 5;
CREATE TABLE documents AS SELECT id, puzzle::jsonb AS doc FROM puzzles;
CREATE INDEX ON puzzles (puzzle);
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO smith;
ANALYZE;
SQL
    local log="$cluster/server.log" start_line
    start_line=$(wc -l <"$log")
    local started; started=$(date +%s)
    sqlsmith --target="host=$PGHOST port=$PGPORT dbname=smith user=smith" --seed=1 --max-queries="$queries" \
        --exclude-catalog --dump-all-queries >"$cluster/queries.sql" 2>"$cluster/sqlsmith.err" || true
    local seconds=$(( $(date +%s) - started ))
    sleep 1
    local ours; ours="$(grep -c 'sudoku\.' "$cluster/queries.sql" || true)"
    echo "sqlsmith: $queries queries in $seconds s, $ours naming a pg_sudoku object"
    echo "| SQLSTATE | errors |"
    echo "| --- | ---: |"
    tail -n +"$((start_line + 1))" "$log" | awk 'length($5) == 5 && $5 ~ /^[0-9A-Z]+$/ && $6 == "ERROR:" {print $5}' | sort | uniq -c | sort -rn |
        awk '{printf "| %s | %d |\n", $2, $1}'
    local crashes; crashes="$(tail -n +"$((start_line + 1))" "$log" | grep -c "terminated by signal" || true)"
    echo "backends terminated by a signal: $crashes"
    "$root/scripts/cluster.sh" stop
    [ "$crashes" -eq 0 ]
}

# JSON input: N random documents (default 100,000), grid-shaped with mutations or of no grid
# shape, cast to sudoku.grid; every outcome must be a grid, 22P02 or 22023.
json_fuzz() {
    local out; out="$(psql_ -d "$db" -v cases="${1:-100000}" -f "$root/pg_test/abuse/json_fuzz.sql" -At)"
    echo "$out" | tail -n +2
    ! echo "$out" | tail -n +2 | grep -vqE '^(cast|22P02|22023)\|'
}

[ "${1:-}" = sqlsmith ] || prepare
case "${1:-}" in
cancel) cancel ;;
memory) memory ;;
big) big ;;
one) peak_rss "$2" "$3" ;;
pgbench) pgbench_mix ;;
sqlsmith) sqlsmith_run "${2:-}" ;;
json) json_fuzz "${2:-}" ;;
*) sed -n '2,20p' "$0" >&2; exit 2 ;;
esac
