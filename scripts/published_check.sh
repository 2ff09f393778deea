#!/usr/bin/env bash
# Checks published puzzles kept outside the repository the way pg_test/sql/constraints.sql checks
# data/constraints (issue 50): for each line of FILE (tab-separated: the puzzle as sudoku.grid reads
# it, the rules as jsonb, the published solution, a name; more columns are ignored), through SQL:
# solved to the published solution, unique, the solution keeps the rules, and the true candidates
# are the solution's digits. Prints one row per puzzle and a total; exits 1 when any is false.
#
#   scripts/published_check.sh FILE [SKIP_TRUE_CANDIDATES_NAME ...]
#
# The names after FILE skip the true candidates (one search per candidate; slow on the hardest).
# E.g. the ORsudoku test puzzles: scripts/orsudoku_sets.py > /tmp/orsudoku.tsv (GPL-3 data, kept out
# of the repository), then scripts/published_check.sh /tmp/orsudoku.tsv 'Truth or Consequads'.
# Needs the current build installed and the PG* variables of a running cluster (scripts/cluster.sh env).
set -euo pipefail
file="$(realpath "$1")"
shift
skip="$(printf '%s\n' "$@" | python3 -c 'import json, sys; print(json.dumps([l.rstrip("\n") for l in sys.stdin if l.strip()]))')"
tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT
psql -X -q -v ON_ERROR_STOP=1 -v skip="$skip" -d postgres >"$tmp" <<SQL
CREATE TEMP TABLE raw (line text);
\copy raw FROM '$file' WITH (FORMAT text, DELIMITER E'\x01')
CREATE TEMP TABLE bank AS
SELECT split_part(line, E'\t', 4) AS name, split_part(line, E'\t', 1)::sudoku.grid AS puzzle,
       split_part(line, E'\t', 2)::jsonb AS rules, split_part(line, E'\t', 3)::sudoku.grid AS solution
FROM raw WHERE line <> '';
CREATE TEMP TABLE checked AS
SELECT name, (SELECT string_agg(k, ' ' ORDER BY k) FROM jsonb_object_keys(rules) k) AS keys,
       sudoku.solve(puzzle, rules) = solution AS solved_as_published,
       sudoku.is_unique(puzzle, rules) AS is_unique,
       sudoku.is_solved(solution, rules) AS solution_keeps_rules,
       CASE WHEN (:'skip')::jsonb ? name THEN NULL
            ELSE (SELECT array_agg(t.digit ORDER BY t.row, t.col) FROM sudoku.true_candidates(puzzle, rules) t)
                 = solution::integer[] END AS true_candidates_are_the_solution
FROM bank;
SELECT * FROM checked ORDER BY name;
SELECT count(*) AS puzzles,
       count(*) FILTER (WHERE solved_as_published AND is_unique AND solution_keeps_rules
                          AND true_candidates_are_the_solution IS NOT FALSE) AS passed
FROM checked;
SQL
cat "$tmp"
# The last table's one row: puzzles | passed.
read -r total passed < <(grep -E '^ +[0-9]+ \| +[0-9]+$' "$tmp" | tail -1 | tr -d '|')
[ "$total" = "$passed" ] || { echo "published check: $passed of $total passed" >&2; exit 1; }
echo "published check: all $total passed"
