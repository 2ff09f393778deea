-- The setters' constraints (issue 50): thermometers, arrows, kropki, XV and the rest as keys of
-- the rules; published puzzles of data/constraints (sigh's Interactive Sudoku Solver, MIT) solved
-- through SQL, unique, their true candidates their solutions' digits; a known count; errors.
SET search_path = sudoku, public;

CREATE TABLE public.constraint_bank (name text, puzzle sudoku.grid, rules jsonb, solution sudoku.grid);
CREATE TEMP TABLE raw (line text);
\getenv variants PG_SUDOKU_VARIANTS
SELECT set_config('pg_sudoku_test.constraints', :'variants' || '/../constraints', false) IS NOT NULL AS constraints_set;
DO $$
BEGIN
    EXECUTE format('COPY raw FROM %L WITH (FORMAT text, DELIMITER E''\x01'')',
                   current_setting('pg_sudoku_test.constraints') || '/sigh_iss.tsv');
END $$;
INSERT INTO public.constraint_bank
SELECT split_part(line, E'\t', 4), split_part(line, E'\t', 1)::sudoku.grid, split_part(line, E'\t', 2)::jsonb,
       split_part(line, E'\t', 3)::sudoku.grid
FROM raw;
SELECT count(*) AS puzzles FROM public.constraint_bank;

-- Each puzzle through SQL, but the hardest: those the engine's own test (engine/src/variant/solve.rs)
-- takes within its budget of work or names, and docs/benchmarks.md times (seconds each today).
CREATE TABLE public.constraint_hard (name text);
INSERT INTO public.constraint_hard VALUES
    ('Killing with flowers'), ('The Barbed Cross'), ('Triple digits'), ('Sandwich snipe 18'), ('Wecoc #1'), ('Wecoc #1 [mod A]'), ('Wecoc #2'), ('Hard renban 1'), ('Hard renban 2'),
    ('Hard renban 3'), ('A kind of magic'), ('Region sum lines, hard'), ('Raw Spaghetti'), ('I want to break free'),
    ('Hailstone - little killer'), ('Sum lines - single line');
SELECT b.name, (SELECT string_agg(k, ' ' ORDER BY k) FROM jsonb_object_keys(b.rules) k) AS keys,
       sudoku.solve(b.puzzle, b.rules) = b.solution AS solved_as_published,
       sudoku.is_unique(b.puzzle, b.rules) AS is_unique,
       sudoku.is_solved(b.solution, b.rules) AS solution_keeps_rules,
       (SELECT array_agg(t.digit ORDER BY t.row, t.col) FROM sudoku.true_candidates(b.puzzle, b.rules) t)
           = b.solution::integer[] AS true_candidates_are_the_solution
FROM public.constraint_bank b
WHERE b.name NOT IN (SELECT name FROM public.constraint_hard)
ORDER BY b.name, keys;
-- Every key of the file is among the puzzles solved above.
SELECT string_agg(DISTINCT k, ' ' ORDER BY k) AS keys_covered
FROM public.constraint_bank b, jsonb_object_keys(b.rules) k
WHERE b.name NOT IN (SELECT name FROM public.constraint_hard);

-- f-puzzles documents carry the constraints: each puzzle above that f-puzzles can say (its keys
-- and dclamage's solver's) written with sudoku.to_fpuzzles and read back by sudoku.from_fpuzzles
-- to the same puzzle and rules, and to its published solution (the document has none: found).
CREATE FUNCTION pg_temp.fpuzzles_of(g sudoku.grid, r jsonb) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
    RETURN sudoku.to_fpuzzles(g, r);
EXCEPTION WHEN feature_not_supported THEN
    RETURN NULL;
END $$;
SELECT count(*) AS puzzles, count(d) AS written,
       count(*) FILTER (WHERE (p).puzzle = b.puzzle) AS same_puzzle,
       count(*) FILTER (WHERE (p).rules = b.rules) AS same_rules,
       -- f-puzzles keeps white and black dots apart, and cages with a sum apart from those without:
       -- their order may change, nothing else.
       count(*) FILTER (WHERE (p).rules - 'kropki' - 'cages' = b.rules - 'kropki' - 'cages'
                              AND coalesce((p).rules->'kropki', '[]') @> coalesce(b.rules->'kropki', '[]')
                              AND coalesce(b.rules->'kropki', '[]') @> coalesce((p).rules->'kropki', '[]')
                              AND coalesce((p).rules->'cages', '[]') @> coalesce(b.rules->'cages', '[]')
                              AND coalesce(b.rules->'cages', '[]') @> coalesce((p).rules->'cages', '[]'))
           AS same_up_to_order,
       count(*) FILTER (WHERE (p).solution = b.solution) AS solved_as_published
FROM public.constraint_bank b
CROSS JOIN LATERAL (SELECT pg_temp.fpuzzles_of(b.puzzle, b.rules) d) w
LEFT JOIN LATERAL (SELECT sudoku.from_fpuzzles(w.d) p) f ON w.d IS NOT NULL
WHERE b.name NOT IN (SELECT name FROM public.constraint_hard);
-- Those f-puzzles cannot say, by name (a whisper of another difference, a slow thermometer...).
SELECT b.name, substr(error_of(format('SELECT sudoku.to_fpuzzles(%L::sudoku.grid, %L::jsonb)', b.puzzle, b.rules)), 1, 90)
       AS refused
FROM public.constraint_bank b
WHERE pg_temp.fpuzzles_of(b.puzzle, b.rules) IS NULL
ORDER BY b.name;
-- An f-puzzles document as the app saves it: clues outside the grid by their cell, a little
-- killer by its clue's cell and direction, an arrow's line from its circle, values as text.
SELECT (sudoku.from_fpuzzles('{"size": 4, "grid": [[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
    "thermometer": [{"lines": [["R1C1", "R1C2", "R1C3"]]}], "arrow": [{"cells": ["R4C4"], "lines": [["R4C4", "R3C3", "R2C2"]]}],
    "littlekillersum": [{"cell": "R0C2", "direction": "DR", "value": "7"}], "xsum": [{"cell": "R2C5", "value": "6"}],
    "ratio": [{"cells": ["R2C1", "R3C1"], "value": ""}], "negative": ["ratio"], "antiking": true}')).rules
       AS rules;

-- A known count: a blank 9x9 under anti-king, anti-knight and non-consecutive (the rules of the
-- "Miracle Sudoku") has exactly 72 solutions.
SELECT sudoku.count_solutions(sudoku.grid(repeat('.', 81)),
                              '{"anti_king": true, "anti_knight": true, "non_consecutive": true}'::jsonb, 100)
       AS miracle_grids;

-- True candidates with counts: a 4x4 with a thermometer along row 1 reads 1 2 3 4 there; its
-- other cells keep what the 12 fillings put there, each counted.
SELECT t.row, count(*) AS candidates, sum(t.solutions) AS solutions, string_agg(DISTINCT t.digit::text, '') AS digits
FROM sudoku.true_candidates(sudoku.grid(repeat('.', 16)), '{"thermometers": [[[1, 1], [1, 2], [1, 3], [1, 4]]]}', 100) t
GROUP BY t.row ORDER BY t.row;
-- No rows without a solution; max below 1 refused.
SELECT count(*) AS rows_without_solution
FROM sudoku.true_candidates(sudoku.grid('11' || repeat('.', 79)));
SELECT count(*) FROM sudoku.true_candidates(sudoku.grid(repeat('.', 81)), '{}', 0);

-- The rules written back in their plain form, every key.
SELECT sudoku.rules('{"thermometers": [[[1, 1], [1, 2]]], "kropki": [{"cells": [[2, 1], [2, 2]], "color": "black", "value": 2}],
                      "whispers": [{"cells": [[3, 1], [3, 2]], "difference": 5}], "sandwiches": [{"row": 4, "sum": 7}],
                      "cages": [{"cells": [[5, 1], [5, 2]]}], "negative": ["white"], "odd": [[9, 9]]}') AS plain;
-- Errors name the constraint and the cell (22023), or the shape that is wrong (22P02).
SELECT sudoku.rules('{"thermometers": [[[1, 1], [10, 1]]]}');
SELECT sudoku.rules('{"kropki": [{"cells": [[1, 1], [1, 3]], "color": "white"}]}');
SELECT sudoku.rules('{"little_killers": [{"sum": 5, "cells": [[1, 1], [2, 3]]}]}');
SELECT sudoku.rules('{"arrows": [{"circle": [[1, 1]], "lines": [[[1, 1], [1, 2]]]}]}');
SELECT sudoku.rules('{"skyscrapers": [{"row": 1, "count": 10}]}');
SELECT sudoku.rules('{"thermometers": 3}');
SELECT sudoku.rules('{"kropki": [{"cells": [[1, 1], [1, 2]]}]}');
SELECT sudoku.rules('{"thermometer": []}');
-- The pure-SQL versions hold units and cages with sums only: the others are refused by name.
SELECT sudoku.solve_sql(sudoku.grid(repeat('.', 16)), '{"anti_knight": true}');
-- Generation under constraints: unique puzzles keep their rules.
SELECT r.name, sudoku.is_unique((p).puzzle, (p).rules) AS is_unique, sudoku.is_solved((p).solution, r.rules) AS keeps_rules,
       (p).rules = r.rules AS same_rules
FROM (VALUES ('anti-knight', '{"anti_knight": true}'::jsonb),
             ('anti-king', '{"anti_king": true}'),
             ('thermometers', '{"thermometers": [[[1, 1], [2, 2], [3, 3], [4, 4]], [[9, 1], [8, 2], [7, 3]]]}'),
             ('kropki and XV', '{"kropki": [{"cells": [[1, 1], [1, 2]], "color": "white"}, {"cells": [[5, 5], [5, 6]], "color": "black"}],
                                "xv": [{"cells": [[9, 8], [9, 9]], "sum": 10}]}'),
             ('arrow', '{"arrows": [{"circle": [[5, 5]], "lines": [[[4, 4], [3, 3]]]}]}')) r(name, rules),
     LATERAL (SELECT sudoku.generate(rules => r.rules, seed => 50) AS p) g
ORDER BY 1;
-- Pictures draw the constraints as f-puzzles does: every published puzzle's picture is one SVG
-- document, a cell wider on each side when clues sit outside the grid (sandwiches, X-sums,
-- skyscrapers, little killers); thermometer bulbs, kropki dots, odd circles, between-line ends
-- and arrow circles are circles; lines are drawn in their colours.
SELECT b.name,
       substring(svg FROM 'width="([0-9]+)"')::int AS width,
       (length(svg) - length(replace(svg, '<circle', ''))) / length('<circle') AS circles,
       (length(svg) - length(replace(svg, 'opacity="0.8"', ''))) / length('opacity="0.8"') AS lines,
       (length(svg) - length(replace(svg, '<svg', ''))) / length('<svg') AS svg_elements
FROM public.constraint_bank b,
     LATERAL (SELECT sudoku.svg(b.puzzle, rules => b.rules, solution => b.solution) AS svg) s
WHERE b.name IN ('Thermo', 'XV Kropki Sudoku', 'Little Killer Sudoku', 'Arrow', 'Elementary', 'X-Sum',
                 'Sudoku Variants Series (173) - Between Lines Sudoku', 'Odd & even')
ORDER BY b.name;
