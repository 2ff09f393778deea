#!/usr/bin/env bash
# The abuse test (issue 34): every function of the extension, on adversarial grids of every size,
# under statement_timeout, must end within a second of the timeout with a clear SQL error (57014
# for the timeout; a data exception, class 22, or 54000 for input it refuses) or an answer, and
# the backend must live on (the same backend pid answers after the last call). Then issue 34's
# canonical call must stop by itself, and a search that runs forever is ended by
# pg_terminate_backend, which must take effect within a second.
#
# The grids, for each size 4, 9, 16 and 25: empty; one given; one digit everywhere; one valid row
# repeated in every row; rows of one digit alternating with blank rows (issue 34's canonical
# grid, whose symmetry group is huge); random digits (invalid, seeded); a generated puzzle.
# Each function is called once per grid with its required arguments made from the grid: an
# integer argument named size gets the grid's size, other integers 2,000,000,000 (counts and
# limits as large as they go), text[] the rating's techniques, jsonb each of two rules (X and
# windoku; killer cages over the first half of every row, which made one propagation of the
# variant search take seconds on 25x25 before it metered its work), text 'none'; grid arguments
# all get the grid (so is_equivalent(g, g)). Set-returning functions are read to the end with count(*).
#
#   scripts/abuse_test.sh            the whole test (about a minute)
#   ABUSE_TIMEOUT_MS=500 (default)   the statement_timeout
# Needs the current build installed and the PG* variables of a running cluster (scripts/cluster.sh env).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
db="${ABUSE_DB:-pg_sudoku_abuse_test}"
timeout_ms="${ABUSE_TIMEOUT_MS:-500}"
out="${ABUSE_TEST_DIR:-$root/target/abuse_test}"
rm -rf "$out" && mkdir -p "$out"
psql_() { psql -X -q -v ON_ERROR_STOP=1 "$@"; }
psql_ -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
psql_ -d "$db" -c "CREATE EXTENSION pg_sudoku"

# The grids, as (size, name, text), and every call on them.
psql_ -d "$db" -At >"$out/calls.sql" <<'SQL'
CREATE TEMP TABLE grids (size int, name text, grid text);
INSERT INTO grids
SELECT n, g.name, g.text
FROM (VALUES (4), (9), (16), (25)) s(n)
CROSS JOIN LATERAL (VALUES
    ('empty', repeat('.', n * n)),
    ('one given', '1' || repeat('.', n * n - 1)),
    ('one digit everywhere', repeat('1', n * n)),
    ('one row repeated', repeat(left(sudoku.solve(repeat('.', n * n)::sudoku.grid)::text, n), n)),
    ('rows of one digit', left(repeat(repeat('1', n) || repeat('.', n), n), n * n)),
    ('random invalid', (SELECT string_agg(substr(sudoku.solve(repeat('.', n * n)::sudoku.grid)::text,
                                                 1 + ((i::bigint * 7919 + i::bigint * i * 104729) % n)::int, 1), '' ORDER BY i)
                        FROM generate_series(1, n * n) i)),
    ('generated', sudoku.generate(n, 34)::text)
) g(name, text);
-- Rules: X and windoku, and killer cages over the first half of every row (sums in range).
CREATE TEMP TABLE rules (size int, kind text, rules text);
INSERT INTO rules
SELECT n, 'X and windoku', '{"diagonals": true, "windows": true}' FROM (VALUES (4), (9), (16), (25)) s(n)
UNION ALL
SELECT n, 'killer, long cages',
       json_build_object('cages', (SELECT json_agg(json_build_object('sum', (n + 1) * ((n + 1) / 2) / 2,
                                                                     'cells', (SELECT json_agg(json_build_array(r, c))
                                                                               FROM generate_series(1, (n + 1) / 2) c)))
                                   FROM generate_series(1, n) r))::text
FROM (VALUES (4), (9), (16), (25)) s(n);
SELECT format(E'\\echo CASE %s %sx%s %s%s\n%s',
              p.proname || '(' || oidvectortypes(p.proargtypes) || ')', g.size, g.size, g.name,
              CASE WHEN args.takes_rules THEN ', ' || r.kind ELSE '' END,
              CASE WHEN p.proretset
                   THEN format('SELECT count(*) FROM sudoku.%I(%s);', p.proname, args.list)
                   ELSE format('SELECT sudoku.%I(%s) IS NULL;', p.proname, args.list) END)
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
                AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'pg_sudoku')
CROSS JOIN grids g
JOIN rules r ON r.size = g.size
CROSS JOIN LATERAL (
    SELECT coalesce(string_agg(CASE
               WHEN t = 'sudoku.grid'::regtype THEN quote_literal(g.grid) || '::sudoku.grid'
               WHEN t IN ('integer'::regtype, 'smallint'::regtype, 'bigint'::regtype)
                   THEN CASE WHEN p.proargnames[i] = 'size' THEN g.size::text ELSE '2000000000' END
               WHEN t IN ('double precision'::regtype, 'real'::regtype, 'numeric'::regtype) THEN '0.5'
               WHEN t = 'boolean'::regtype THEN 'true'
               WHEN t = 'text[]'::regtype THEN 'sudoku.rating_techniques()'
               WHEN t = 'integer[]'::regtype THEN format('(%L::sudoku.grid)::int[]', g.grid)
               WHEN t = 'jsonb'::regtype THEN quote_literal(r.rules) || '::jsonb'
               WHEN t = 'json'::regtype THEN '''{}''::json'
               WHEN t = 'text'::regtype THEN '''none'''
               ELSE 'NULL::' || t::regtype END, ', ' ORDER BY i), '') AS list,
           bool_or(t = 'sudoku.grid'::regtype) AS takes_grid,
           coalesce(bool_or(t = 'jsonb'::regtype), false) AS takes_rules
    FROM unnest(p.proargtypes::oid[]) WITH ORDINALITY a(t, i)
    WHERE i <= p.pronargs - p.pronargdefaults
) args
WHERE p.prokind = 'f'
  AND NOT EXISTS (SELECT FROM unnest(p.proargtypes::oid[] || p.prorettype) a(t)
                  WHERE t IN ('cstring'::regtype, 'internal'::regtype))
  -- A function without a grid argument runs once per size, on the size's first grid.
  AND (args.takes_grid OR g.name = 'empty')
  -- A function without rules runs once per grid.
  AND (args.takes_rules OR r.kind = 'X and windoku')
ORDER BY p.proname, oidvectortypes(p.proargtypes), g.size, g.name, r.kind;
-- Generation under rules at every size (the calls above leave size at its default, 9), and
-- killer puzzles made from scratch.
SELECT format(E'\\echo CASE generate(rules) %sx%s %s\nSELECT (sudoku.generate(%L::jsonb, %s, 1)).puzzle IS NULL;',
              size, size, kind, rules, size)
FROM rules ORDER BY size, kind;
SELECT format(E'\\echo CASE generate(killer) %sx%s\nSELECT (sudoku.generate(''{}''::jsonb, %s, 1, killer => true)).puzzle IS NULL;',
              n, n, n)
FROM (VALUES (4), (9), (16), (25)) s(n);
-- The aggregate: a grid built from (row, column, value) rows that never end.
SELECT format(E'\\echo CASE grid_agg %sx%s endless rows\nSELECT sudoku.grid_agg(i %% %s + 1, i / %s %% %s + 1, NULL) IS NULL FROM generate_series(1, 2000000000) i;',
              n, n, n, n, n)
FROM (VALUES (9), (25)) s(n);
SQL
calls="$(grep -c '^\\echo CASE' "$out/calls.sql")"
functions="$(grep '^\\echo CASE' "$out/calls.sql" | awk '{print $3}' | sort -u | wc -l)"

{
    echo "\\set VERBOSITY sqlstate"
    echo "SELECT pg_backend_pid() AS pid_before \\gset"
    echo "\\echo PID :pid_before"
    echo "SET statement_timeout = $timeout_ms;"
    echo "\\timing on"
    cat "$out/calls.sql"
    echo "\\timing off"
    echo "SELECT pg_backend_pid() AS pid_after \\gset"
    echo "\\echo PID :pid_after"
} >"$out/run.sql"
psql -X -d "$db" -f "$out/run.sql" >"$out/run.txt" 2>&1 || true

# One line per call: outcome (finished or the SQLSTATE) and milliseconds.
awk '
    /^CASE / { if (name != "") print name "\t" outcome "\t" ms; name = substr($0, 6); outcome = "finished"; ms = 0; next }
    /ERROR: / { sub(/^.*ERROR: +/, ""); outcome = $1; next }
    /^Time: / { ms += $2; next }
    END { if (name != "") print name "\t" outcome "\t" ms }' "$out/run.txt" >"$out/outcomes.tsv"

status=0
pids="$(grep '^PID ' "$out/run.txt" | awk '{print $2}' | sort -u | wc -l)"
[ "$(grep -c '^PID ' "$out/run.txt")" = 2 ] && [ "$pids" = 1 ] \
    || { echo "abuse test: the backend did not live through the calls:" >&2; grep -E '^PID|server closed|terminat' "$out/run.txt" >&2 || true; status=1; }
[ "$(grep -c '' "$out/outcomes.tsv")" = "$calls" ] || { echo "abuse test: $calls calls, $(grep -c '' "$out/outcomes.tsv") outcomes" >&2; status=1; }
limit=$((timeout_ms + 1000))
awk -F'\t' -v limit="$limit" '
    $2 != "finished" && $2 != "57014" && $2 != "54000" && $2 !~ /^22/ { print "abuse test: " $1 ": " $2 " is not a clear SQL error"; bad = 1 }
    $3 > limit { print "abuse test: " $1 ": ran " $3 " ms, past " limit; bad = 1 }
    END { exit bad }' "$out/outcomes.tsv" >&2 || status=1

echo "abuse test: $calls calls of $functions functions under statement_timeout = $timeout_ms ms, one backend throughout; outcomes:"
cut -f2 "$out/outcomes.tsv" | sort | uniq -c | sort -rn | sed 's/^/    /'
echo "    slowest: $(sort -t$'\t' -k3 -n -r "$out/outcomes.tsv" | head -3 | awk -F'\t' '{printf "%s (%s, %.0f ms); ", $1, $2, $3}')"

# Issue 34's canonical call, with no timeout: it must end by itself (54000) within a second.
grid="$(printf '%s' "$(printf '1%.0s' $(seq 25))$(printf '.%.0s' $(seq 25))" | awk '{for (i = 0; i < 12; i++) printf "%s", $0}')$(printf '1%.0s' $(seq 25))"
started=$(date +%s%N)
outcome="$(psql -X -d "$db" -At -v VERBOSITY=sqlstate -c "SELECT sudoku.canonical('$grid'::sudoku.grid)" 2>&1 || true)"
ms=$(( ($(date +%s%N) - started) / 1000000 ))
echo "abuse test: canonical of issue 34's grid, no timeout: ${outcome} in $ms ms"
[[ "$outcome" == *54000* ]] && [ "$ms" -lt 1500 ] || { echo "abuse test: canonical of issue 34's grid did not stop with 54000 within 1.5 s" >&2; status=1; }

# Termination: a search that runs forever (every solution of the empty 25x25 grid counted), with
# no timeout, ended by pg_terminate_backend.
psql -X -d "$db" -c "SET application_name = 'abuse_terminate'" \
    -c "SELECT sudoku.count_solutions(repeat('.', 625)::sudoku.grid, 2000000000)" >"$out/terminate.txt" 2>&1 &
client=$!
pid=""
for _ in $(seq 50); do
    pid="$(psql_ -d "$db" -At -c "SELECT pid FROM pg_stat_activity WHERE application_name = 'abuse_terminate' AND state = 'active'")"
    [ -z "$pid" ] || break
    sleep 0.1
done
if [ -z "$pid" ]; then
    echo "abuse test: the search ended before it could be terminated: $(cat "$out/terminate.txt")" >&2
    status=1
else
    sleep 1
    started=$(date +%s%N)
    psql_ -d "$db" -At -c "SELECT pg_terminate_backend($pid, 5000)" >/dev/null
    wait "$client" || true
    ms=$(( ($(date +%s%N) - started) / 1000000 ))
    echo "abuse test: count_solutions of the empty 25x25 grid terminated in $ms ms"
    [ "$ms" -lt 1000 ] || { echo "abuse test: pg_terminate_backend took $ms ms" >&2; status=1; }
fi
exit "$status"
