-- JSON for applications: a grid is an array of rows of numbers (0 blank; null also read as a
-- blank), a step an object whose cells, placement and eliminations are objects. Every result is
-- checked against the grid's own integer[] or the step's own columns.
SET search_path = sudoku, public;

-- Round trips and shape on every puzzle and solution of top95, the 288 4x4 grids, and generated
-- 16x16 and 25x25 puzzles.
CREATE TEMP TABLE json_grids AS
SELECT 'top95 puzzle' AS what, puzzle AS g FROM puzzles WHERE file = 'top95'
UNION ALL SELECT 'top95 solution', solve(puzzle) FROM puzzles WHERE file = 'top95'
UNION ALL SELECT '4x4 grid', g FROM grids_4x4_sql() g
UNION ALL SELECT '16x16 puzzle', generate(16, s) FROM generate_series(1, 3) s
UNION ALL SELECT '25x25 puzzle', generate(25, 1);
SELECT what, count(*) AS grids,
       count(*) FILTER (WHERE g::jsonb::grid = g) AS jsonb_round_trip,
       count(*) FILTER (WHERE to_jsonb(g) = g::jsonb AND to_json(g)::jsonb = g::jsonb) AS same_json,
       count(*) FILTER (WHERE jsonb_array_length(g::jsonb) = size(g)
                          AND (SELECT bool_and(jsonb_array_length(r) = size(g)) FROM jsonb_array_elements(g::jsonb) r)
                          AND (SELECT array_agg(v::integer ORDER BY i, j)
                               FROM jsonb_array_elements(g::jsonb) WITH ORDINALITY AS x(r, i),
                                    jsonb_array_elements(r) WITH ORDINALITY AS y(v, j)) = g::integer[]) AS rows_of_cells
FROM json_grids GROUP BY what ORDER BY what;
-- null is a blank on input, as 0 is.
SELECT count(*) FILTER (WHERE (SELECT jsonb_agg((SELECT jsonb_agg(CASE WHEN v = '0' THEN 'null'::jsonb ELSE v END ORDER BY j)
                                                 FROM jsonb_array_elements(r) WITH ORDINALITY AS y(v, j)) ORDER BY i)
                                FROM jsonb_array_elements(g::jsonb) WITH ORDINALITY AS x(r, i))::grid = g) AS nulls_read_as_blanks
FROM json_grids WHERE what = 'top95 puzzle';
-- PostgreSQL's to_jsonb of a row nests the grid's rows (the cast to json), with the schema on the
-- search_path too (to_jsonb(record) stays unambiguous).
SELECT to_jsonb(t) -> 'g' = t.g::jsonb AS row_nests_rows, jsonb_typeof(to_jsonb(t) -> 'g') AS kind
FROM (SELECT 1 AS id, g FROM json_grids WHERE what = 'top95 puzzle' LIMIT 1) t;

-- Bad shapes: 22P02 with the element's path; a number outside 0..n: 22023.
SELECT error_of($$SELECT '{"rows": []}'::jsonb::sudoku.grid$$) AS not_an_array;
SELECT error_of($$SELECT '[]'::jsonb::sudoku.grid$$) AS no_rows;
SELECT error_of($$SELECT '[[1,2,3,4],[1,2,3,4],[1,2,3,4]]'::jsonb::sudoku.grid$$) AS three_rows;
SELECT error_of($$SELECT '[[0,0,0,0],"0000",[0,0,0,0],[0,0,0,0]]'::jsonb::sudoku.grid$$) AS row_not_array;
SELECT error_of($$SELECT '[[0,0,0,0],[0,0,0,0],[0,0,0],[0,0,0,0]]'::jsonb::sudoku.grid$$) AS short_row;
SELECT error_of($$SELECT '[[0,0,0,0],[0,0,0,0],[0,0,"1",0],[0,0,0,0]]'::jsonb::sudoku.grid$$) AS string_cell;
SELECT error_of($$SELECT '[[0,0,0,0],[0,0,0,0],[0,0,1.5,0],[0,0,0,0]]'::jsonb::sudoku.grid$$) AS fraction;
SELECT error_of($$SELECT '[[0,0,0,0],[0,0,0,0],[0,0,true,0],[0,0,0,0]]'::jsonb::sudoku.grid$$) AS boolean_cell;
SELECT error_of($$SELECT '[[0,0,0,0],[0,0,0,0],[0,0,5,0],[0,0,0,0]]'::jsonb::sudoku.grid$$) AS out_of_range;
SELECT error_of($$SELECT '[[0,0,0,0],[0,0,0,0],[0,0,-1,0],[0,0,0,0]]'::jsonb::sudoku.grid$$) AS negative;

-- Steps: the object holds what the row holds, as objects, on every step of fill_steps for
-- top95's first ten puzzles (propagation order) and their hints (ladder order).
CREATE TEMP TABLE json_steps AS
SELECT s FROM puzzles p, fill_steps(p.puzzle) s WHERE p.file = 'top95' AND p.n <= 10
UNION ALL SELECT hint(p.puzzle) FROM puzzles p WHERE p.file = 'top95' AND p.n <= 10;
SELECT count(*) AS steps,
       count(*) FILTER (WHERE j = step_jsonb(s)) AS cast_is_the_function,
       count(*) FILTER (WHERE (j ->> 'step')::integer = (s).step AND j ->> 'technique' = (s).technique
                          AND j ->> 'explanation' = (s).explanation) AS same_scalars,
       count(*) FILTER (WHERE (j -> 'unit') = CASE WHEN (s).unit IS NULL THEN 'null'::jsonb
                              ELSE jsonb_build_object('kind', (s).unit, 'number', (s).unit_no) END) AS same_unit,
       count(*) FILTER (WHERE j -> 'digits' = to_jsonb((s).digits)) AS same_digits,
       count(*) FILTER (WHERE (SELECT coalesce(array_agg(array[(c ->> 'row')::int, (c ->> 'col')::int] ORDER BY o), '{}')
                               FROM jsonb_array_elements(j -> 'cells') WITH ORDINALITY AS x(c, o)) = (s).cells) AS same_cells,
       count(*) FILTER (WHERE CASE WHEN (s).placed IS NULL THEN j -> 'placement' = 'null'::jsonb
                              ELSE ARRAY[(j #>> '{placement,row}')::int, (j #>> '{placement,col}')::int,
                                         (j #>> '{placement,digit}')::int] = (s).placed END) AS same_placement,
       count(*) FILTER (WHERE (SELECT coalesce(array_agg(array[(c ->> 'row')::int, (c ->> 'col')::int, (c ->> 'digit')::int]
                                                         ORDER BY o), '{}')
                               FROM jsonb_array_elements(j -> 'eliminations') WITH ORDINALITY AS x(c, o)) = (s).eliminated)
           AS same_eliminations,
       count(*) FILTER (WHERE (j -> 'grid')::grid = (s).grid) AS same_grid
FROM (SELECT s, s::jsonb AS j FROM json_steps) x;
SELECT string_agg(key, ', ' ORDER BY key) AS step_keys
FROM (SELECT DISTINCT jsonb_object_keys(s::jsonb) AS key FROM json_steps) k;

-- A rating is already shaped for a client by PostgreSQL's to_jsonb.
SELECT jsonb_typeof(r -> 'level') AS level, jsonb_typeof(r -> 'score') AS score, jsonb_typeof(r -> 'techniques') AS techniques,
       jsonb_typeof(r -> 'steps') AS steps, jsonb_typeof(r -> 'guesses') AS guesses,
       r ->> 'level' = (rate(puzzle)).level AS same_level
FROM (SELECT puzzle, to_jsonb(rate(puzzle)) AS r FROM puzzles WHERE file = 'top95' AND n = 1) x;
