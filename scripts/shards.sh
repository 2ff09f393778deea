#!/usr/bin/env bash
# Scale-out with PostgreSQL's own machinery: a hash-partitioned table of puzzles whose two
# partitions are postgres_fdw foreign tables on two shard clusters, with the server options
# `extensions 'pg_sudoku'` (so sudoku.* functions and the grid operators may be shipped) and
# `async_capable 'true'` (so the shards work at once). Three throwaway clusters on this machine
# (scripts/cluster.sh): a coordinator on port 28820 and shards on 28821 and 28822, under
# target/shards/pg<major>/ (a cluster belongs to one major).
#
#   scripts/shards.sh             measure: 20,000 forum_hardest_1905_11plus puzzles, each query
#                                 shape on the sharded table against the same rows in one local
#                                 table with parallelism off (max_parallel_workers_per_gather = 0);
#                                 best of 2 runs, wall clock measured by psql (\timing)
#   scripts/shards.sh --check     the test (scripts/test.sh): 2,000 puzzles; every shape gives
#                                 the same answer sharded as locally, and EXPLAIN VERBOSE shows
#                                 what is pushed down (sudoku.* in the Remote SQL, Async Foreign
#                                 Scan) and what is not
#   scripts/shards.sh stop        stop the three clusters
#
# Needs the extension installed (scripts/setup.sh) and postgres_fdw (Debian's postgresql-15).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/major.sh"  # PG_MAJOR: its psql first on the PATH
data="${SUDOKU_DATA:-$(cd "$root/.." && pwd)/shared/data}"
mode="${1:-measure}"
dir="$root/target/shards/pg$PG_MAJOR"
names=(coordinator shard1 shard2)
ports=(28820 28821 28822)

cluster() { # NAME PORT ACTION
    PG_SUDOKU_CLUSTER="$dir/$1" PG_SUDOKU_PORT="$2" "$root/scripts/cluster.sh" "$3"
}
for i in 0 1 2; do
    if [ "$mode" = stop ]; then cluster "${names[$i]}" "${ports[$i]}" stop; else cluster "${names[$i]}" "${ports[$i]}" start; fi
done
[ "$mode" = stop ] && exit 0
# The test leaves nothing running.
[ "$mode" = --check ] && trap 'for i in 0 1 2; do cluster "${names[$i]}" "${ports[$i]}" stop; done' EXIT
sock() { echo "$dir/$1/socket"; }
on() { # NAME: psql on that cluster, reading SQL from stdin
    local i
    for i in 0 1 2; do [ "${names[$i]}" = "$1" ] && break; done
    psql -X -q -v ON_ERROR_STOP=1 -h "$(sock "$1")" -p "${ports[$i]}" -U postgres -d postgres "${@:2}"
}

n=20000
[ "$mode" = --check ] && n=${SHARDS_N:-2000}
head -n "$n" "$data/forum_hardest_1905_11plus.txt" | cut -d' ' -f1 > "$dir/puzzles.txt"
chmod o+r "$dir/puzzles.txt"

# Each shard holds one partition as a plain table.
for s in 1 2; do
    on "shard$s" <<SQL
SET client_min_messages = warning;
DROP TABLE IF EXISTS puzzles_p$((s - 1)) CASCADE;
DROP EXTENSION IF EXISTS pg_sudoku CASCADE;
CREATE EXTENSION pg_sudoku;
CREATE TABLE puzzles_p$((s - 1)) (id bigint PRIMARY KEY, p sudoku.grid NOT NULL, solution sudoku.grid);
-- Work done where the rows are: a view the coordinator reads as a foreign table, so that each
-- shard solves and rates its own rows (columns the query does not ask for are not computed).
CREATE VIEW solved_p$((s - 1)) AS
SELECT id, p, sudoku.solve(p) AS solution, (sudoku.rate(p)).level AS level, sudoku.canonical(p) AS form
FROM puzzles_p$((s - 1));
-- Finding a puzzle in any disguise: an expression index on its canonical form, on each shard.
CREATE INDEX puzzles_p$((s - 1))_form ON puzzles_p$((s - 1)) (sudoku.canonical(p));
SQL
done

# The coordinator: the partitioned table over the foreign partitions, and the same rows in one
# local table for comparison.
# async_capable and batch_size are postgres_fdw options from PostgreSQL 14 on: a 13 coordinator
# reads the shards one after the other and sends rows one at a time.
if [ "$PG_MAJOR" -ge 14 ]; then
    fdw_options=", async_capable 'true', fetch_size '1000', batch_size '1000'"
    both_at_once=""
else
    fdw_options=", fetch_size '1000'"
    both_at_once=absent
fi
on coordinator -v file="$dir/puzzles.txt" -v s1="$(sock shard1)" -v s2="$(sock shard2)" -v fdw_options="$fdw_options" <<'SQL'
SET client_min_messages = warning;
DROP TABLE IF EXISTS puzzles, solved, puzzles_local, lines;
DROP SERVER IF EXISTS shard1, shard2 CASCADE;
DROP EXTENSION IF EXISTS pg_sudoku CASCADE;
CREATE EXTENSION pg_sudoku;
CREATE EXTENSION IF NOT EXISTS postgres_fdw;
CREATE SERVER shard1 FOREIGN DATA WRAPPER postgres_fdw
    OPTIONS (host :'s1', port '28821', dbname 'postgres', extensions 'pg_sudoku' :fdw_options);
CREATE SERVER shard2 FOREIGN DATA WRAPPER postgres_fdw
    OPTIONS (host :'s2', port '28822', dbname 'postgres', extensions 'pg_sudoku' :fdw_options);
CREATE USER MAPPING FOR postgres SERVER shard1 OPTIONS (user 'postgres');
CREATE USER MAPPING FOR postgres SERVER shard2 OPTIONS (user 'postgres');
CREATE TABLE puzzles (id bigint NOT NULL, p sudoku.grid NOT NULL, solution sudoku.grid) PARTITION BY HASH (id);
CREATE FOREIGN TABLE puzzles_p0 PARTITION OF puzzles FOR VALUES WITH (MODULUS 2, REMAINDER 0)
    SERVER shard1 OPTIONS (table_name 'puzzles_p0');
CREATE FOREIGN TABLE puzzles_p1 PARTITION OF puzzles FOR VALUES WITH (MODULUS 2, REMAINDER 1)
    SERVER shard2 OPTIONS (table_name 'puzzles_p1');
-- The shards' views, partitioned the same way: solve and rate run on the shards, both at once.
CREATE TABLE solved (id bigint NOT NULL, p sudoku.grid NOT NULL, solution sudoku.grid, level text, form sudoku.grid)
    PARTITION BY HASH (id);
CREATE FOREIGN TABLE solved_p0 PARTITION OF solved FOR VALUES WITH (MODULUS 2, REMAINDER 0)
    SERVER shard1 OPTIONS (table_name 'solved_p0');
CREATE FOREIGN TABLE solved_p1 PARTITION OF solved FOR VALUES WITH (MODULUS 2, REMAINDER 1)
    SERVER shard2 OPTIONS (table_name 'solved_p1');
CREATE TABLE lines (id bigserial, line text);
\set copy '\\copy lines (line) FROM ' :'file'
:copy
INSERT INTO puzzles (id, p) SELECT id, line::sudoku.grid FROM lines;
CREATE TABLE puzzles_local (id bigint PRIMARY KEY, p sudoku.grid NOT NULL, solution sudoku.grid);
INSERT INTO puzzles_local (id, p) SELECT id, line::sudoku.grid FROM lines;
CREATE INDEX puzzles_local_form ON puzzles_local (sudoku.canonical(p));
ANALYZE puzzles_local;
SQL
for s in 1 2; do on "shard$s" -c "ANALYZE puzzles_p$((s - 1))"; done
on coordinator -c "ANALYZE puzzles"

# A puzzle of the list, to look for in a disguise.
disguised="$(sed -n 2p "$dir/puzzles.txt")"
# The rating shape takes 20 puzzles: rate walks these forum puzzles to the end (nested forcing
# chains, about a second each) since 0.4.0.
# The query shapes: name | sharded SQL | the same question of the local table, with parallelism
# off (one node, one core). enable_partitionwise_aggregate stays off (the default) but for the
# grouped shape, which needs it to push an aggregate down per partition: with it on, the
# aggregate of the shards' views becomes a partial aggregate per partition, and foreign scans
# under it are not asynchronous (the shards then work one after the other).
shapes=(
"solve, in the coordinator|SELECT count(sudoku.solve(p)) FROM puzzles|SELECT count(sudoku.solve(p)) FROM puzzles_local"
"solve, grouped by the partition key|SET enable_partitionwise_aggregate = on; SELECT sum(n) FROM (SELECT id, count(sudoku.solve(p)) AS n FROM puzzles GROUP BY id) x|SELECT sum(n) FROM (SELECT id, count(sudoku.solve(p)) AS n FROM puzzles_local GROUP BY id) x"
"solve, in the shards' views|SELECT count(solution) FROM solved|SELECT count(sudoku.solve(p)) FROM puzzles_local"
"solutions' checksum, shards' views|SELECT md5(string_agg(solution::text, ',' ORDER BY id)) FROM solved|SELECT md5(string_agg(sudoku.solve(p)::text, ',' ORDER BY id)) FROM puzzles_local"
"unique puzzles (WHERE)|SELECT count(*) FROM puzzles WHERE sudoku.is_unique(p)|SELECT count(*) FROM puzzles_local WHERE sudoku.is_unique(p)"
"distinct puzzles (grid =)|SELECT count(*) FROM (SELECT p FROM puzzles GROUP BY p) x|SELECT count(*) FROM (SELECT p FROM puzzles_local GROUP BY p) x"
"distinct puzzles (canonical), shards' views|SELECT count(DISTINCT form) FROM solved|SELECT count(DISTINCT sudoku.canonical(p)) FROM puzzles_local"
"a puzzle in disguise (canonical =)|SELECT id FROM puzzles WHERE sudoku.canonical(p) = sudoku.canonical(sudoku.transform('$disguised', 7)) ORDER BY id|SELECT id FROM puzzles_local WHERE sudoku.canonical(p) = sudoku.canonical(sudoku.transform('$disguised', 7)) ORDER BY id"
"rating levels, ids <= 20, shards' views|SELECT level, count(*) FROM solved WHERE id <= 20 GROUP BY level ORDER BY level|SELECT (sudoku.rate(p)).level AS level, count(*) FROM puzzles_local WHERE id <= 20 GROUP BY 1 ORDER BY 1"
)
settings="SET max_parallel_workers_per_gather = 0;"
fail=0
best_ms() { # SQL: the best of 2 runs, in ms
    local a b
    a=$(on coordinator -At -c "$settings" -c '\timing on' -c "$1" | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p')
    b=$(on coordinator -At -c "$settings" -c '\timing on' -c "$1" | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p')
    awk -v a="$a" -v b="$b" 'BEGIN { printf "%.0f", (a < b ? a : b) }'
}
if [ "$mode" != --check ]; then
    echo "== $n puzzles of forum_hardest_1905_11plus; 2 shards on this machine ($(nproc) cores); ms, best of 2"
    printf '%-40s %10s %10s %7s\n' shape sharded "one node" ratio
fi
for shape in "${shapes[@]}"; do
    IFS='|' read -r name sharded local <<<"$shape"
    a=$(on coordinator -At -c "$settings" -c "$sharded")
    b=$(on coordinator -At -c "$settings" -c "$local")
    if [ "$a" != "$b" ]; then
        echo "FAILED: $name: sharded [$a] local [$b]"
        fail=1
    elif [ "$mode" = --check ]; then
        echo "ok: $name: same answer sharded and on one node"
    fi
    if [ "$mode" != --check ]; then
        ms_a=$(best_ms "$sharded")
        ms_b=$(best_ms "$local")
        printf '%-40s %10s %10s %7s\n' "$name" "$ms_a" "$ms_b" "$(awk -v a="$ms_a" -v b="$ms_b" 'BEGIN { printf "%.2f", b / a }')"
    fi
done

# Storing solutions: one UPDATE of the partitioned table is pushed down (a direct modification
# per partition) but runs the partitions one after the other; one UPDATE per partition, from two
# sessions at once, keeps both shards busy. Both are checked against the local UPDATE.
store_one() { on coordinator -c "UPDATE puzzles SET solution = NULL" -c '\timing on' -c "UPDATE puzzles SET solution = sudoku.solve(p)" | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p'; }
store_two() {
    on coordinator -c "UPDATE puzzles SET solution = NULL"
    local start end
    start=$(date +%s%N)
    on coordinator -c "UPDATE puzzles_p0 SET solution = sudoku.solve(p)" &
    on coordinator -c "UPDATE puzzles_p1 SET solution = sudoku.solve(p)" &
    wait
    end=$(date +%s%N)
    echo $(((end - start) / 1000000))
}
store_local() { on coordinator -c "UPDATE puzzles_local SET solution = NULL" -c "SET max_parallel_workers_per_gather = 0" -c '\timing on' -c "UPDATE puzzles_local SET solution = sudoku.solve(p)" | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p'; }
same_solutions() {
    on coordinator -At -c "SELECT count(*) FROM puzzles s JOIN puzzles_local l USING (id) WHERE s.solution = l.solution AND sudoku.is_solved(s.solution)"
}
t_local=$(store_local)
t_one=$(store_one)
ok_one=$(same_solutions)
t_two=$(store_two)
ok_two=$(same_solutions)
for ok in "$ok_one" "$ok_two"; do
    if [ "$ok" != "$n" ]; then echo "FAILED: stored solutions: $ok of $n equal the local ones"; fail=1; fi
done
if [ "$mode" = --check ]; then
    [ "$ok_one" = "$n" ] && [ "$ok_two" = "$n" ] && echo "ok: solutions stored on the shards (one UPDATE, and one per partition at once) equal the local ones"
else
    printf '%-40s %10.0f %10.0f %7s\n' "store solutions, one UPDATE" "$t_one" "$t_local" "$(awk -v a="$t_one" -v b="$t_local" 'BEGIN { printf "%.2f", b / a }')"
    printf '%-40s %10.0f %10.0f %7s\n' "store solutions, an UPDATE per shard" "$t_two" "$t_local" "$(awk -v a="$t_two" -v b="$t_local" 'BEGIN { printf "%.2f", b / a }')"
fi

# What is pushed down: the plans, checked for the marks that matter.
explain() { # SQL, or SET ...; EXPLAIN ... for other settings
    case "$1" in
    SET*) on coordinator -At -c "$settings" -c "$1" ;;
    *) on coordinator -At -c "$settings" -c "EXPLAIN (VERBOSE, COSTS OFF) $1" ;;
    esac
}
expect() { # DESCRIPTION PATTERN SQL [absent]
    local plan
    plan="$(explain "$3")"
    if grep -Eq "$2" <<<"$plan"; then found=1; else found=0; fi
    if [ "$found" = "$([ "${4:-}" = absent ] && echo 0 || echo 1)" ]; then
        if [ "$mode" = --check ]; then echo "ok: $1"; fi
    else
        echo "FAILED: $1 (pattern '$2' ${4:-expected} in:)"; echo "$plan"; fail=1
    fi
}
expect "the shards' views: solve runs on the shards" 'Remote SQL: SELECT solution FROM public\.solved_p0' \
    "SELECT count(solution) FROM solved"
expect "the shards' views: both shards at once (PostgreSQL 14 and later; 13: one after the other)" 'Async Foreign Scan' \
    "SELECT count(solution) FROM solved" $both_at_once
expect "partitionwise aggregation on: the shards' views are read one after the other" 'Async Foreign Scan' \
    "SET enable_partitionwise_aggregate = on; EXPLAIN (VERBOSE, COSTS OFF) SELECT count(solution) FROM solved" absent
expect "count(solve) without grouping: solve runs on the coordinator" 'Remote SQL: .*sudoku\.solve' \
    "SELECT count(sudoku.solve(p)) FROM puzzles" absent
expect "WHERE is_unique: pushed down" 'Remote SQL: .*WHERE \(sudoku\.is_unique\(p\)\)' \
    "SELECT count(*) FROM puzzles WHERE sudoku.is_unique(p)"
expect "grid = : the operator is pushed down" "Remote SQL: .*WHERE \(\(p = '" \
    "SELECT id FROM puzzles WHERE p = '$(head -1 "$dir/puzzles.txt")'"
expect "the shards' views: canonical runs on the shards" 'Remote SQL: SELECT form FROM public\.solved_p0' \
    "SELECT count(DISTINCT form) FROM solved"
expect "WHERE canonical(p) = ...: pushed down, the disguise's form computed once on the coordinator" \
    "Remote SQL: .*WHERE \(\(sudoku\.canonical\(p\) = '" \
    "SELECT id FROM puzzles WHERE sudoku.canonical(p) = sudoku.canonical(sudoku.transform('$disguised', 7))"
expect "UPDATE SET solution = solve(p): a direct modification on each shard" \
    'Remote SQL: UPDATE public\.puzzles_p0 SET solution = sudoku\.solve\(p\)' "UPDATE puzzles SET solution = sudoku.solve(p)"
if [ "$mode" != --check ]; then
    echo "== plans"
    explain "SELECT count(solution) FROM solved"
    explain "SET enable_partitionwise_aggregate = on; EXPLAIN (VERBOSE, COSTS OFF) SELECT sum(n) FROM (SELECT id, count(sudoku.solve(p)) AS n FROM puzzles GROUP BY id) x"
fi
exit "$fail"
