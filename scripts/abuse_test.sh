#!/usr/bin/env bash
# The abuse test (issue 34): every function of the extension, on adversarial grids of every size,
# under statement_timeout, must end within a second of the timeout with a clear SQL error (57014
# for the timeout; a data exception, class 22, or 54000 for input it refuses) or an answer, and
# the backend must live on (the same backend pid answers after the last call). Then issue 34's
# canonical call must stop by itself, and a search that runs forever is ended by
# pg_terminate_backend, which must take effect within a second.
#
# The grids, for each size 4, 9, 16 and 25 (and the empty, one-given, random and generated ones for 7,
# without boxes, and 12, with boxes of 3x4): empty; one given; one digit everywhere; one valid row
# repeated in every row; rows of one digit alternating with blank rows (issue 34's canonical
# grid, whose symmetry group is huge); random digits (invalid, seeded); a generated puzzle.
# Each function is called once per grid with its required arguments made from the grid: an
# integer argument named size gets the grid's size, other integers 2,000,000,000 (counts and
# limits as large as they go), text[] the rating's techniques, jsonb each of three rules (X and
# windoku; killer cages over the first half of every row, which made one propagation of the
# variant search take seconds on 25x25 before it metered its work; every setter's constraint of
# issue 50 at once, long lines on every size), text 'none'; grid arguments
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
FROM (VALUES (4), (7), (9), (12), (16), (25)) s(n)
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
) g(name, text)
-- 7x7 (no boxes) and 12x12 (boxes of 3x4): the four kinds that reach the shape's own code.
WHERE n NOT IN (7, 12) OR g.name IN ('empty', 'one given', 'random invalid', 'generated');
-- Rules: X and windoku, killer cages over the first half of every row (sums in range), and the
-- setters' constraints.
CREATE TEMP TABLE rules (size int, kind text, rules text);
INSERT INTO rules
SELECT n, 'X and windoku', '{"diagonals": true, "windows": true}' FROM (VALUES (4), (7), (9), (12), (16), (25)) s(n)
UNION ALL
SELECT n, 'killer, long cages',
       json_build_object('cages', (SELECT json_agg(json_build_object('sum', (n + 1) * ((n + 1) / 2) / 2,
                                                                     'cells', (SELECT json_agg(json_build_array(r, c))
                                                                               FROM generate_series(1, (n + 1) / 2) c)))
                                   FROM generate_series(1, n) r))::text
FROM (VALUES (4), (7), (9), (12), (16), (25)) s(n)
UNION ALL
-- The setters' constraints (issue 50), every key at once, long where a key can be: a
-- thermometer and a little killer along the diagonal, an arrow from a pill of two cells along
-- row 2, a chain of white dots along row 3, a whisper along row 4, renban along row 5, a
-- region-sum line along row 6, palindrome, between and modular lines down columns 1-3, outside
-- clues on every row, the global rules (disjoint groups where there are boxes, entropic lines
-- where the digits split in three).
SELECT n, 'setters'' constraints',
       (jsonb_build_object(
           'thermometers', jsonb_build_array((SELECT jsonb_agg(jsonb_build_array(i, i)) FROM generate_series(1, n) i)),
           'little_killers', jsonb_build_array(jsonb_build_object('sum', n * (n + 1) / 2,
               'cells', (SELECT jsonb_agg(jsonb_build_array(i, n + 1 - i)) FROM generate_series(1, n) i))),
           'arrows', jsonb_build_array(jsonb_build_object('circle', '[[1, 1], [1, 2]]'::jsonb,
               'lines', jsonb_build_array((SELECT jsonb_agg(jsonb_build_array(2, c)) FROM generate_series(3, n) c)))),
           'kropki', (SELECT jsonb_agg(jsonb_build_object('cells', jsonb_build_array(jsonb_build_array(3, c), jsonb_build_array(3, c + 1)),
                                                           'color', CASE WHEN c % 2 = 0 THEN 'white' ELSE 'black' END))
                      FROM generate_series(1, n - 1) c),
           'xv', jsonb_build_array(jsonb_build_object('cells', jsonb_build_array(jsonb_build_array(n, 1), jsonb_build_array(n, 2)), 'sum', 10)),
           'negative', '["white", "black", "x", "v"]'::jsonb,
           'whispers', jsonb_build_array((SELECT jsonb_agg(jsonb_build_array(4, c)) FROM generate_series(1, n) c)),
           'renban', jsonb_build_array((SELECT jsonb_agg(jsonb_build_array(5, c)) FROM generate_series(1, n) c)),
           'region_sum_lines', jsonb_build_array((SELECT jsonb_agg(jsonb_build_array(6, c)) FROM generate_series(1, n) c)),
           'palindromes', jsonb_build_array((SELECT jsonb_agg(jsonb_build_array(r, 1)) FROM generate_series(1, n) r)),
           'between_lines', jsonb_build_array((SELECT jsonb_agg(jsonb_build_array(r, 2)) FROM generate_series(1, n) r)),
           'modular_lines', jsonb_build_array((SELECT jsonb_agg(jsonb_build_array(r, 3)) FROM generate_series(1, n) r)),
           'sandwiches', (SELECT jsonb_agg(jsonb_build_object('row', r, 'sum', r)) FROM generate_series(1, n) r),
           'x_sums', (SELECT jsonb_agg(jsonb_build_object('column', c, 'from', 'bottom', 'sum', n + c)) FROM generate_series(1, n) c),
           'skyscrapers', (SELECT jsonb_agg(jsonb_build_object('row', r, 'from', 'right', 'count', 1 + r % (n - 1))) FROM generate_series(1, n) r),
           'non_consecutive', true, 'anti_knight', true, 'anti_king', true,
           'minimum', '[[1, 3]]'::jsonb, 'maximum', '[[2, 2]]'::jsonb, 'odd', '[[3, 3]]'::jsonb, 'even', '[[4, 4]]'::jsonb,
           'quadruples', jsonb_build_array(jsonb_build_object('cells', '[[7, 1], [7, 2], [8, 1], [8, 2]]'::jsonb, 'digits', '[1, 1, 2, 2]'::jsonb)),
           'clones', jsonb_build_array(jsonb_build_object('cells', '[[1, 4], [2, 4]]'::jsonb, 'copy', '[[3, 4], [4, 5]]'::jsonb)),
           'extra_regions', jsonb_build_array((SELECT jsonb_agg(jsonb_build_array(r, n)) FROM generate_series(1, n) r)),
           'cages', jsonb_build_array(jsonb_build_object('cells', '[[1, 4], [1, 5]]'::jsonb)),
           'zipper_lines', jsonb_build_array((SELECT jsonb_agg(jsonb_build_array(r, n - 1)) FROM generate_series(1, n) r)),
           'sum_lines', jsonb_build_array(jsonb_build_object('sum', n + 1, 'loop', true,
               'cells', (SELECT jsonb_agg(jsonb_build_array(r, n - 1)) FROM generate_series(1, n) r))),
           'lunchboxes', jsonb_build_array(jsonb_build_object('sum', n,
               'cells', (SELECT jsonb_agg(jsonb_build_array(n, c)) FROM generate_series(1, n) c))),
           'counting_circles', jsonb_build_array((SELECT jsonb_agg(jsonb_build_array(i, i)) FROM generate_series(1, n) i)),
           'indexing_columns', '[[1, 1]]'::jsonb, 'indexing_rows', '[[2, 1]]'::jsonb,
           'numbered_rooms', '[{"column": 1, "digit": 1}]'::jsonb, 'anti_taxicab', true)
        || CASE WHEN n IN (4, 9, 12, 16, 25) THEN '{"disjoint_groups": true}'::jsonb ELSE '{}' END
        || CASE WHEN n % 3 = 0 THEN jsonb_build_object('entropic_lines', jsonb_build_array((SELECT jsonb_agg(jsonb_build_array(r, 4)) FROM generate_series(1, n) r)))
                ELSE '{}' END)::text
FROM (VALUES (4), (7), (9), (12), (16), (25)) s(n)
UNION ALL
-- Loose enough to search long: anti-knight and non-consecutive, a long arrow along row 1 from a
-- pill of two at the bottom, a little killer along the diagonal (9x9 and 25x25).
SELECT n, 'setters'' constraints, loose',
       jsonb_build_object('anti_knight', true, 'non_consecutive', true,
           'arrows', jsonb_build_array(jsonb_build_object('circle', jsonb_build_array(jsonb_build_array(n, 1), jsonb_build_array(n, 2)),
               'lines', jsonb_build_array((SELECT jsonb_agg(jsonb_build_array(1, c)) FROM generate_series(1, n) c)))),
           'little_killers', jsonb_build_array(jsonb_build_object('sum', n * (n + 1) / 2 - 1,
               'cells', (SELECT jsonb_agg(jsonb_build_array(i + 1, i)) FROM generate_series(1, n - 1) i))))::text
FROM (VALUES (9), (25)) s(n)
UNION ALL
-- Counting circles on 150 cells of a 25x25 grid (many sets of digits add up to 150) and a sum
-- line looping through the rest of its first rows.
SELECT 25, 'setters'' constraints, counting',
       jsonb_build_object(
           'counting_circles', jsonb_build_array((SELECT jsonb_agg(jsonb_build_array(r, c))
                                                  FROM generate_series(1, 6) r, generate_series(1, 25) c)),
           'sum_lines', jsonb_build_array(jsonb_build_object('sum', 100, 'loop', true,
               'cells', (SELECT jsonb_agg(jsonb_build_array(7, c)) FROM generate_series(1, 25) c))))::text;
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
               WHEN t = 'sudoku.board'::regtype THEN quote_literal(g.grid) || '::sudoku.grid::sudoku.board'
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
           bool_or(t IN ('sudoku.grid'::regtype, 'sudoku.board'::regtype)) AS takes_grid,
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
# Issue 46's reproductions, and inputs as large as PostgreSQL passes: huge arrays, documents,
# text and crafted composite rows.
cat >>"$out/calls.sql" <<'CASES'
\echo CASE rules(jsonb,integer) issue 46: 325 one-cell cages on 25x25
SELECT sudoku.rules((SELECT jsonb_build_object('cages', jsonb_agg(jsonb_build_object('sum', (sudoku.to_array(x.s))[(r - 1) * 25 + c], 'cells', jsonb_build_array(jsonb_build_array(r, c))))) FROM (SELECT sudoku.solve(repeat('.', 625)::sudoku.grid) AS s) x, generate_series(1, 13) r, generate_series(1, 25) c), 25) IS NULL;
\echo CASE count_solutions(sudoku.grid,jsonb,integer) issue 46: 325 one-cell cages on the empty 25x25
SELECT sudoku.count_solutions(repeat('.', 625)::sudoku.grid, (SELECT jsonb_build_object('cages', jsonb_agg(jsonb_build_object('sum', (sudoku.to_array(x.s))[(r - 1) * 25 + c], 'cells', jsonb_build_array(jsonb_build_array(r, c))))) FROM (SELECT sudoku.solve(repeat('.', 625)::sudoku.grid) AS s) x, generate_series(1, 13) r, generate_series(1, 25) c), 2000000000);
\echo CASE compare(sudoku.grid) issue 46: a 16x16 puzzle, then pg_sleep(5)
SELECT count(*) FROM sudoku.compare(sudoku.generate(16, 1)), pg_sleep(5);
\echo CASE preemptive_sets(sudoku.grid,integer) issue 46: a 25x25 solution with row 1 blank
SELECT count(*) FROM sudoku.preemptive_sets((repeat('.', 25) || substr(sudoku.solve(repeat('.', 625)::sudoku.grid)::text, 26))::sudoku.grid);
\echo CASE preemptive_sets(sudoku.grid,integer) issue 46: a 25x25 solution with 22 blanks in row 1
SELECT count(*) FROM sudoku.preemptive_sets((repeat('.', 22) || substr(sudoku.solve(repeat('.', 625)::sudoku.grid)::text, 23))::sudoku.grid);
\echo CASE step_jsonb(sudoku.step) issue 46: a step row of 2 million cell numbers
SELECT sudoku.step_jsonb(ROW(1, 'x', NULL, NULL, NULL, (SELECT array_agg(ARRAY[1, 1]) FROM generate_series(1, 1000000)), NULL, NULL, NULL, NULL, NULL, NULL, NULL)::sudoku.step) IS NULL;
\echo CASE svg_step(sudoku.step) issue 46: a step row of 2 million cell numbers
SELECT sudoku.svg_step(ROW(1, 'x', NULL, NULL, NULL, (SELECT array_agg(ARRAY[1, 1]) FROM generate_series(1, 1000000)), NULL, NULL, sudoku.solve(repeat('.', 625)::sudoku.grid)::text::sudoku.grid, NULL, NULL, NULL, NULL)::sudoku.step) IS NULL;
\echo CASE svg_step(sudoku.step) issue 48: a step row of 2 million fin numbers
SELECT sudoku.svg_step(ROW(1, 'x', NULL, NULL, NULL, NULL, NULL, NULL, sudoku.solve(repeat('.', 625)::sudoku.grid)::text::sudoku.grid, NULL, NULL, NULL, (SELECT array_agg(ARRAY[1, 1]) FROM generate_series(1, 1000000)))::sudoku.step) IS NULL;
\echo CASE svg_step(sudoku.step) issue 46: a placement without its digit
SELECT sudoku.svg_step(ROW(1, 'x', NULL, NULL, NULL, NULL, ARRAY[1, 1, 0], NULL, sudoku.solve(repeat('.', 625)::sudoku.grid)::text::sudoku.grid, NULL, NULL, NULL, NULL)::sudoku.step) IS NULL;
\echo CASE from_fpuzzles(text) issue 49: a document of a million bytes, 120,000 cage cells
SELECT sudoku.from_fpuzzles('{"size": 25, "grid": [' || rtrim(repeat('[' || rtrim(repeat('{}, ', 25), ', ') || '], ', 25), ', ') || '], "killercage": [{"value": "3", "cells": [' || rtrim(repeat('"R1C1", ', 120000), ', ') || ']}]}') IS NULL;
\echo CASE from_fpuzzles(text) issue 49: 8,192 characters of LZString base64
SELECT sudoku.from_fpuzzles(repeat('N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCIm', 160)) IS NULL;
\echo CASE rules(jsonb,integer) issue 46: a 2-million-element array
SELECT sudoku.rules((SELECT jsonb_agg(i) FROM generate_series(1, 2000000) i), 9) IS NULL;
\echo CASE grid(jsonb) issue 46: a 2-million-element array
SELECT sudoku.grid((SELECT jsonb_agg(i) FROM generate_series(1, 2000000) i)) IS NULL;
\echo CASE rules(jsonb,integer) issue 46: a number of 1e309
SELECT sudoku.rules('{"cages": [{"sum": 1e309, "cells": [[1, 1]]}]}', 9) IS NULL;
\echo CASE rules(jsonb,integer) issue 46: nested 200 deep
SELECT sudoku.rules((repeat('[', 200) || repeat(']', 200))::jsonb, 9) IS NULL;
\echo CASE grid(jsonb) issue 46: nested 200 deep
SELECT sudoku.grid((repeat('[', 200) || repeat(']', 200))::jsonb) IS NULL;
\echo CASE canonical(sudoku.grid) issue 46: 25x25 with 25 givens on the diagonal
SELECT sudoku.canonical((SELECT string_agg(CASE WHEN i / 25 = i % 25 THEN '1' ELSE '.' END, '' ORDER BY i) FROM generate_series(0, 624) i)::sudoku.grid) IS NULL;
\echo CASE is_equivalent(sudoku.grid,sudoku.grid) issue 46: 25x25 with 25 givens on the diagonal
SELECT sudoku.is_equivalent((SELECT string_agg(CASE WHEN i / 25 = i % 25 THEN '1' ELSE '.' END, '' ORDER BY i) FROM generate_series(0, 624) i)::sudoku.grid, (SELECT string_agg(CASE WHEN i / 25 = i % 25 THEN '1' ELSE '.' END, '' ORDER BY i) FROM generate_series(0, 624) i)::sudoku.grid);
\echo CASE grid_in issue 46: 20 MB of text
SELECT repeat('1', 20000000)::sudoku.grid IS NULL;
\echo CASE board_in issue 46: 20 MB of text, 10 million groups
SELECT repeat('1 ', 10000000)::sudoku.board IS NULL;
\echo CASE grid(integer[]) issue 46: 5 million elements
SELECT sudoku.grid(array_fill(1, ARRAY[5000000])) IS NULL;
\echo CASE fill_steps(sudoku.grid,text[]) issue 46: 2 million technique names
SELECT count(*) FROM sudoku.fill_steps(sudoku.generate(9, 1), array_fill('naked_single'::text, ARRAY[2000000]));
CASES
# Every call measured (scripts/abuse_harness.py): the stop after the timeout, after a cancel and
# after a terminate, and the backend's peak memory; the table goes to target/abuse_test/table.md.
python3 "$root/scripts/abuse_harness.py" "$db" "$out/calls.sql" "$out/table.md"
