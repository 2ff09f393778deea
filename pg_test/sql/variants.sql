-- Variants as data (issue 26): rules as jsonb and their errors, the published jigsaw and killer
-- puzzles of data/variants solved by the native solver (and a few by the pure-SQL one),
-- generated X, windoku, jigsaw and killer puzzles, candidates, pictures and sizes 4x4 to 16x16.
SET search_path = sudoku, public;

-- The published puzzles (data/variants/README.md): file, name, puzzle, rules, solution.
CREATE TABLE public.variant_bank (file text, name text, puzzle sudoku.grid, rules jsonb, solution sudoku.grid);
CREATE TEMP TABLE raw (line text);
\getenv variants PG_SUDOKU_VARIANTS
SELECT set_config('pg_sudoku_test.variants', :'variants', false) IS NOT NULL AS variants_set;
DO $$
DECLARE
    f text;
BEGIN
    FOREACH f IN ARRAY ARRAY['jigsaw_janko', 'killer_janko', 'killer_krazydad', 'x_windoku_published'] LOOP
        TRUNCATE raw;
        EXECUTE format('COPY raw FROM %L WITH (FORMAT text, DELIMITER E''\x01'')',
                       current_setting('pg_sudoku_test.variants') || '/' || f || '.tsv');
        INSERT INTO public.variant_bank
        SELECT f, split_part(line, E'\t', 4), split_part(line, E'\t', 1)::sudoku.grid,
               split_part(line, E'\t', 2)::jsonb, split_part(line, E'\t', 3)::sudoku.grid
        FROM raw;
    END LOOP;
END $$;
SELECT file, count(*) AS puzzles FROM public.variant_bank GROUP BY file ORDER BY file;

-- Every published solution keeps its rules (and breaks the classic ones); every puzzle solves
-- to its published solution with exactly one solution, except three killer transcriptions with
-- two (data/variants/README.md), whose published solution is one of the two.
SELECT file,
       count(*) FILTER (WHERE sudoku.is_solved(solution, rules)) AS solutions_keep_rules,
       count(*) FILTER (WHERE sudoku.is_solved(solution)) AS classic_too,
       count(*) FILTER (WHERE sudoku.solve(puzzle, rules) = solution) AS solved_as_published,
       count(*) FILTER (WHERE sudoku.is_unique(puzzle, rules)) AS unique
FROM public.variant_bank GROUP BY file ORDER BY file;
SELECT name, sudoku.count_solutions(puzzle, rules, 5) AS solutions,
       (SELECT count(*) FROM (VALUES (sudoku.solve(puzzle, rules))) s(g) WHERE g = solution) AS first_is_published,
       sudoku.is_solved(sudoku.solve(puzzle, rules), rules) AS found_keeps_rules
FROM public.variant_bank WHERE NOT sudoku.is_unique(puzzle, rules) ORDER BY name;

-- The rules alone make the puzzle: without its regions or cages it has many solutions.
SELECT file, count(*) FILTER (WHERE sudoku.count_solutions(puzzle, '{}'::jsonb, 2) = 2) AS many_without_rules
FROM public.variant_bank GROUP BY file ORDER BY file;

-- The pure-SQL solver agrees on the first three jigsaw puzzles, through compare.
SELECT name, (c).approach, (c).agree, (c).native = solution AS native_as_published
FROM (SELECT name, solution, sudoku.compare(puzzle, rules) AS c
      FROM public.variant_bank WHERE file = 'jigsaw_janko' ORDER BY name LIMIT 3) x;

-- Rules: their plain form, and the errors (22P02 for a shape that is not theirs, 22023 for
-- rules that do not fit the grid).
SELECT sudoku.rules('{"windows": false, "diagonals": true, "regions": null}');
SELECT sudoku.rules('{"regions": "aabb\n aabb\n ccdd\n ccdd"}', 4);
SELECT sudoku.rules(rules) = rules AS round_trip, count(*) FROM public.variant_bank GROUP BY 1;
SELECT error_of($$SELECT sudoku.rules('[1, 2]')$$);
SELECT error_of($$SELECT sudoku.rules('{"diagonal": true}')$$);
SELECT error_of($$SELECT sudoku.rules('{"diagonals": "yes"}')$$);
SELECT error_of($$SELECT sudoku.rules('{"regions": 7}')$$);
SELECT error_of($$SELECT sudoku.rules('{"cages": {"sum": 3}}')$$);
SELECT error_of($$SELECT sudoku.rules('{"cages": [{"sum": 3, "cells": [[1, 1], [1]]}]}')$$);
SELECT error_of($$SELECT sudoku.rules('{"cages": [{"sum": -3, "cells": [[1, 1]]}]}')$$);
SELECT error_of($$SELECT sudoku.rules('{"cages": [{"sum": 3, "cells": [[1, 1]], "colour": "red"}]}')$$);
SELECT error_of($$SELECT sudoku.rules('{"regions": "abc"}')$$);
SELECT error_of($$SELECT sudoku.rules('{"regions": "aabbacbbacddccdd"}', 4)$$);
-- Regions in pieces are regions (since 0.5.0: f-puzzles documents give them so).
SELECT error_of($$SELECT sudoku.rules('{"regions": "abbaabbaccddccdd"}', 4)$$);
SELECT error_of($$SELECT sudoku.rules('{"regions": "aabbaabbccddcccd"}', 4)$$);
SELECT error_of($$SELECT sudoku.rules('{"cages": [{"sum": 18, "cells": [[1, 1], [1, 2]]}]}')$$);
SELECT error_of($$SELECT sudoku.rules('{"cages": [{"sum": 3, "cells": [[1, 1], [1, 1]]}]}')$$);
SELECT error_of($$SELECT sudoku.rules('{"cages": [{"sum": 3, "cells": [[1, 1], [10, 1]]}]}')$$);
SELECT error_of($$SELECT sudoku.rules('{"cages": [{"sum": 3, "cells": [[1, 1], [1, 2]]}, {"sum": 4, "cells": [[1, 2], [1, 3]]}]}')$$);
SELECT error_of($$SELECT sudoku.rules('{"cages": [{"sum": 3, "cells": []}]}')$$);
SELECT error_of($$SELECT sudoku.rules('{"cages": [{"sum": 40, "cells": [[1, 1], [1, 2], [1, 3], [1, 4], [1, 5]]}, {"sum": 10, "cells": [[1, 6], [1, 7], [1, 8], [1, 9]]}]}')$$);
-- A 5x5 grid has no boxes (0.5.0); 3x3 is no grid.
SELECT error_of($$SELECT sudoku.rules('{}', 5)$$);
SELECT error_of($$SELECT sudoku.rules('{}', 3)$$);
SELECT error_of($$SELECT sudoku.solve(repeat('.', 16)::sudoku.grid, '{"regions": "abc"}')$$);
SELECT error_of($$SELECT sudoku.count_solutions(repeat('.', 81)::sudoku.grid, '{}', 0)$$);
SELECT error_of($$SELECT sudoku.generate(rules => '{"cages": [{"sum": 3, "cells": [[1, 1], [1, 2]]}]}', killer => true)$$);
SELECT error_of($$SELECT sudoku.generate(rules => '{}', symmetry => 'spiral')$$);
SELECT error_of($$SELECT sudoku.generate(rules => NULL)$$);
-- An untyped literal where count_solutions also takes an integer needs ::jsonb.
SELECT error_of($$SELECT sudoku.count_solutions(repeat('.', 81)::sudoku.grid, '{}')$$) LIKE '42725%' AS ambiguous;

-- Conflicting givens: equal digits on a diagonal, or a cage past its sum: no solution, no
-- candidates.
SELECT sudoku.solve('1...............................................................................1', '{"diagonals": true}') IS NULL AS diagonal_clash,
       sudoku.solve('1...............................................................................1', '{}') IS NULL AS classic_clash,
       sudoku.solve('98...............................................................................', '{"cages": [{"sum": 16, "cells": [[1, 1], [1, 2]]}]}') IS NULL AS cage_clash,
       (SELECT count(*) FROM sudoku.candidates('98...............................................................................', '{"cages": [{"sum": 16, "cells": [[1, 1], [1, 2]]}]}')) AS candidate_rows;

-- Candidates under rules: a cage of sum 3 in two cells holds 1 and 2 only; a cell on a diagonal
-- loses the digit a given on that diagonal holds; jigsaw rows number their region.
SELECT row, col, box, candidates
FROM sudoku.candidates('....................................5............................................',
                       '{"diagonals": true, "cages": [{"sum": 3, "cells": [[1, 1], [1, 2]]}]}')
WHERE (row, col) IN ((1, 1), (1, 2), (1, 3), (9, 9), (9, 1)) ORDER BY row, col;
SELECT count(*) AS blank_cells, count(DISTINCT box) AS regions
FROM sudoku.candidates((SELECT puzzle FROM public.variant_bank WHERE file = 'jigsaw_janko' ORDER BY name LIMIT 1),
                       (SELECT rules FROM public.variant_bank WHERE file = 'jigsaw_janko' ORDER BY name LIMIT 1));

-- Generated puzzles of every variant: one solution under their rules, reproducible from the
-- seed, the givens centrally symmetric; killer cages of 1-5 cells covering the grid.
CREATE TABLE public.variant_made AS
SELECT kind, seed, (g).puzzle, (g).rules, (g).solution
FROM (VALUES ('x', '{"diagonals": true}'::jsonb, false), ('windoku', '{"windows": true}', false),
             ('x+windoku', '{"diagonals": true, "windows": true}', false),
             ('jigsaw', (SELECT rules FROM public.variant_bank WHERE file = 'jigsaw_janko' ORDER BY name LIMIT 1), false),
             ('killer', '{}', true), ('killer x', '{"diagonals": true}', true)) AS k(kind, rules, killer),
     generate_series(1, 3) AS seed,
     LATERAL sudoku.generate(rules => k.rules, seed => seed, killer => k.killer) AS g;
SELECT kind, count(*) AS puzzles,
       count(*) FILTER (WHERE sudoku.is_unique(puzzle, rules)) AS unique,
       count(*) FILTER (WHERE sudoku.is_solved(solution, rules)) AS solution_keeps_rules,
       count(*) FILTER (WHERE sudoku.solve(puzzle, rules) = solution) AS solves_to_it,
       count(*) FILTER (WHERE (SELECT bool_and((a.value IS NULL) = (b.value IS NULL))
                               FROM sudoku.cells(puzzle) a JOIN sudoku.cells(puzzle) b
                                 ON (b.row, b.col) = (10 - a.row, 10 - a.col))) AS symmetric,
       min(sudoku.givens(puzzle)) AS min_givens, max(sudoku.givens(puzzle)) AS max_givens
FROM public.variant_made GROUP BY kind ORDER BY kind;
SELECT kind, count(*) FILTER (WHERE (SELECT sum(jsonb_array_length(c -> 'cells')) FROM jsonb_array_elements(rules -> 'cages') c) = 81
                              AND (SELECT bool_and(jsonb_array_length(c -> 'cells') BETWEEN 1 AND 5) FROM jsonb_array_elements(rules -> 'cages') c)) AS cages_cover_grid
FROM public.variant_made WHERE kind LIKE 'killer%' GROUP BY kind ORDER BY kind;
SELECT count(*) AS reproduced
FROM public.variant_made m, LATERAL sudoku.generate(rules => CASE WHEN m.kind LIKE 'killer%' THEN m.rules - 'cages' ELSE m.rules END,
                                                    seed => m.seed, killer => m.kind LIKE 'killer%') g
WHERE g.puzzle = m.puzzle AND g.rules = m.rules AND g.solution = m.solution;

-- The pure-SQL solver on a generated X, windoku and jigsaw puzzle, and on a killer puzzle with
-- a third of its solution given (killer without givens takes it seconds to a minute).
SELECT kind, sudoku.solve_sql(puzzle, rules) = solution AS sql_solves
FROM public.variant_made WHERE seed = 1 AND kind IN ('x', 'windoku', 'jigsaw') ORDER BY kind;
SELECT sudoku.solve_sql(sudoku.grid(ARRAY(SELECT CASE WHEN i % 3 = 0 THEN v ELSE 0 END
                                          FROM unnest(solution::integer[]) WITH ORDINALITY AS x(v, i) ORDER BY i)),
                        rules) = solution AS sql_solves_killer
FROM public.variant_made WHERE seed = 1 AND kind = 'killer';

-- 4x4 and 16x16: X and jigsaw 4x4 puzzles, and a 16x16 jigsaw whose two first boxes trade a
-- pair of cells holding the same digit in a classic solution, two thirds of it given.
SELECT kind, (g).puzzle, sudoku.is_unique((g).puzzle, (g).rules) AS unique, sudoku.is_solved((g).solution, (g).rules)
FROM (SELECT 'x' AS kind, sudoku.generate(rules => '{"diagonals": true}', size => 4, seed => 5) AS g
      UNION ALL SELECT 'jigsaw', sudoku.generate(rules => '{"regions": "aabbacbbacddccdd"}', size => 4, seed => 5)) x
ORDER BY kind;
WITH s AS (SELECT sudoku.solve(repeat('.', 256)::sudoku.grid)::integer[] AS v),
-- Cells p (row pr, the last column of a box) and q (row qr of the same band, the first column
-- of the next box) with the same digit: the two boxes trade them and stay connected.
pair AS (
    SELECT p.r AS pr, q.r AS qr, k FROM s, generate_series(0, 15) p(r), generate_series(0, 15) q(r), generate_series(0, 2) k
    WHERE p.r / 4 = q.r / 4 AND p.r <> q.r AND s.v[p.r * 16 + 4 * k + 4] = s.v[q.r * 16 + 4 * k + 5]
    ORDER BY 1, 2, 3 LIMIT 1
),
map AS (
    SELECT jsonb_build_object('regions', string_agg(
        chr(97 + (r / 4) * 4 + CASE WHEN r = pr AND c = 4 * k + 3 THEN k + 1
                                    WHEN r = qr AND c = 4 * k + 4 THEN k ELSE c / 4 END), '' ORDER BY r, c)) AS rules
    FROM pair, generate_series(0, 15) r, generate_series(0, 15) c
    GROUP BY pr, qr, k
),
puzzle AS (
    SELECT sudoku.grid(ARRAY(SELECT CASE WHEN i % 3 <> 0 THEN d ELSE 0 END FROM unnest(s.v) WITH ORDINALITY x(d, i) ORDER BY i)) AS p,
           sudoku.grid(s.v) AS solution
    FROM s
)
SELECT sudoku.is_solved(solution, rules) AS solution_keeps_jigsaw, sudoku.is_solved(solution) AS classic_too,
       sudoku.is_solved(sudoku.solve(p, rules), rules) AS solved, sudoku.count_solutions(p, rules, 2) AS solutions
FROM puzzle, map;

-- A long cage on 25x25 (13 cells, sum 169): its sets of digits are too many to walk while most
-- digits are open, so it is narrowed only once its cells have fewer candidates; time and memory
-- stay bounded (tens of milliseconds, where walking them took 18 s).
SELECT count(*) AS blank_cells, min(cardinality(candidates)) AS fewest_candidates
FROM sudoku.candidates(repeat('.', 625)::sudoku.grid,
                       jsonb_build_object('cages', jsonb_build_array(jsonb_build_object('sum', 169, 'cells',
                           (SELECT jsonb_agg(jsonb_build_array(1, c)) FROM generate_series(1, 13) c)))));

-- Pictures: the shaded cells of X and windoku, thick region borders of a jigsaw, dashed cages
-- with their sums.
SELECT kind,
       (length(svg) - length(replace(svg, '<rect x=', ''))) / length('<rect x=') AS shaded_cells,
       (length(svg) - length(replace(svg, 'stroke-dasharray', ''))) / length('stroke-dasharray') AS cage_paths,
       svg LIKE '%>' || ((rules -> 'cages' -> 0 ->> 'sum')) || '</text>%' AS first_sum_drawn,
       -- Region borders, one cell side (44 pixels) at a time: 36 for boxes, more for a jigsaw.
       (length(svg) - length(replace(svg, 'v44', ''))) / 3 + (length(svg) - length(replace(svg, 'h44', ''))) / 3 AS region_sides
FROM (SELECT kind, rules, sudoku.svg(puzzle, rules => rules, solution => solution) AS svg
      FROM public.variant_made WHERE seed = 1 AND kind IN ('x', 'windoku', 'x+windoku', 'jigsaw', 'killer')) x
ORDER BY kind;
SELECT sudoku.svg(NULL, rules => '{}') IS NULL AS null_grid, sudoku.svg(repeat('.', 81)::sudoku.grid, rules => NULL) IS NULL AS null_rules;

-- Through jsonb in a table with a CHECK: the rules an application stores.
CREATE TABLE public.variant_app (puzzle sudoku.grid, rules jsonb CHECK (sudoku.rules(rules, sudoku.size(puzzle)) IS NOT NULL));
SELECT error_of($$INSERT INTO public.variant_app VALUES (repeat('.', 81)::sudoku.grid, '{"regions": "abc"}')$$);
INSERT INTO public.variant_app SELECT puzzle, rules FROM public.variant_made WHERE seed = 1;
SELECT count(*) FILTER (WHERE sudoku.is_unique(puzzle, rules)) AS unique_stored FROM public.variant_app;

-- The README's examples (section "Variants").
SELECT sudoku.solve('8...........1.....2.....4.6.....8..5...62..18.3...4.2....5..1.7..2.........8...9.',
                    '{"regions": "iiiiihhhheeeiihhhheeeiihccceeeaaacccbbbaaacccbbbaaadddbbbgffdddggggffdddggggfffff"}');

SELECT puzzle, sudoku.is_unique(puzzle, rules) AS unique, sudoku.count_solutions(puzzle, '{}'::jsonb, 2) AS classic
FROM sudoku.generate(rules => '{"diagonals": true}', seed => 1);

SELECT puzzle, sudoku.is_unique(puzzle, rules) AS unique, sudoku.count_solutions(puzzle, '{}'::jsonb, 2) AS classic
FROM sudoku.generate(rules => '{"windows": true}', seed => 2);

SELECT jsonb_array_length(rules -> 'cages') AS cages, rules -> 'cages' -> 0 AS first_cage,
       sudoku.givens(puzzle) AS givens, sudoku.is_unique(puzzle, rules) AS unique
FROM sudoku.generate(rules => '{}', killer => true, seed => 7);

SELECT row, col, candidates
FROM sudoku.candidates(repeat('.', 81)::sudoku.grid,
                       '{"cages": [{"sum": 23, "cells": [[1, 1], [1, 2], [1, 3]]}, {"sum": 4, "cells": [[2, 1], [2, 2]]}]}')
WHERE row <= 2 AND col <= 3;

SELECT approach, agree, native = sql AS same
FROM sudoku.compare('8...........1.....2.....4.6.....8..5...62..18.3...4.2....5..1.7..2.........8...9.',
                    '{"regions": "iiiiihhhheeeiihhhheeeiihccceeeaaacccbbbaaacccbbbaaadddbbbgffdddggggffdddggggfffff"}');
