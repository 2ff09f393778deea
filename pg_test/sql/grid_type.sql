-- The sudoku.grid type: text forms, round trips for every size, casts, storage size, errors.
SET search_path = sudoku, public;

-- The three blank styles of the articles (., space, 0) and _ read alike.
SELECT g, g = replace(g::text, '.', ' ')::grid AS spaces, g = replace(g::text, '.', '0')::grid AS zeros,
       g = replace(g::text, '.', '_')::grid AS underscores
FROM (SELECT puzzle AS g FROM public.puzzles WHERE file = 'seed_examples' ORDER BY n) s;

-- Text -> grid -> text, pretty -> grid, int[] -> grid -> int[]: over the real puzzles, and
-- over the solutions of empty grids of all four sizes.
SELECT file, count(*) AS puzzles,
       count(*) FILTER (WHERE puzzle::text::grid = puzzle) AS text_round_trip,
       count(*) FILTER (WHERE pretty(puzzle)::grid = puzzle) AS pretty_round_trip,
       count(*) FILTER (WHERE grid(puzzle::int[]) = puzzle AND (puzzle::int[])::grid::int[] = puzzle::int[]) AS array_round_trip,
       count(*) FILTER (WHERE puzzle::text = line_text) AS same_text_as_file
FROM public.puzzles GROUP BY file ORDER BY file;

CREATE TEMP TABLE sizes AS
SELECT size, repeat('.', size * size)::grid AS empty, solve(repeat('.', size * size)::grid) AS solved
FROM unnest(ARRAY[4, 9, 16, 25]) AS size;
SELECT size, sudoku.size(empty) = size AS size_ok, givens(empty) AS empty_givens, givens(solved) = size * size AS full,
       is_solved(solved) AS solved, solved::text::grid = solved AS text_trip, pretty(solved)::grid = solved AS pretty_trip,
       solved::int[]::grid = solved AS array_trip, cardinality(solved::int[]) AS cells,
       length(solved::text) AS text_length
FROM sizes ORDER BY size;

-- A half-blanked grid of each size survives every form, blanks included.
SELECT size, g::text::grid = g AS text_trip, pretty(g)::grid = g AS pretty_trip, g::int[]::grid = g AS array_trip,
       givens(g) AS givens
FROM (SELECT size, grid((SELECT array_agg(CASE WHEN i % 2 = 0 THEN 0 ELSE v END ORDER BY i)
                         FROM unnest(solved::int[]) WITH ORDINALITY AS u(v, i))) AS g FROM sizes) h
ORDER BY size;

SELECT pretty(solved) FROM sizes WHERE size = 4;
SELECT pretty(empty) FROM sizes WHERE size = 16;

-- Symbols are case-insensitive; another alphabet reads 16x16 puzzles that use 0 as a digit.
SELECT lower(solved::text)::grid = solved AS lower_case_reads FROM sizes WHERE size = 16;
SELECT grid(translate(solved::text, '123456789ABCDEFG', '0123456789abcdef'), '0123456789abcdef') = solved AS hex_alphabet
FROM sizes WHERE size = 16;
SELECT grid('wxyzyzwxxwzyzyxw', 'wxyz') AS letters, grid('W.YZ YZWX XWZY ZYXW', 'wxyz') AS layout_and_case;
SELECT error_of($$SELECT sudoku.grid('1234341221434321', 'wxyz')$$);

-- Accessors.
SELECT get(g, 1, 4) AS r1c4, get(g, 1, 1) AS r1c1_blank, get(g, 9, 9) AS r9c9, sudoku.size(g), givens(g)
FROM (SELECT puzzle AS g FROM public.puzzles WHERE file = 'seed_examples' AND n = 1) s;

-- Storage: a 9x9 grid takes 43 bytes in a table, the same text 82.
CREATE TEMP TABLE stored (g grid, t text);
INSERT INTO stored SELECT puzzle, puzzle::text FROM public.puzzles WHERE file = 'top95';
SELECT max(pg_column_size(g)) AS grid_bytes, max(pg_column_size(t)) AS text_bytes FROM stored;

-- Equality, ordering and hashing: DISTINCT, GROUP BY, hash and merge joins, btree index.
SELECT count(*) AS lines, count(DISTINCT puzzle) AS distinct_puzzles FROM public.puzzles WHERE file = 'multi_solution_serg';
SET enable_mergejoin = off; SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM stored a JOIN stored b ON a.g = b.g;
SELECT count(*) AS hash_join_pairs FROM stored a JOIN stored b ON a.g = b.g;
RESET enable_mergejoin; RESET enable_nestloop;
CREATE INDEX ON stored (g);
SELECT count(*) FILTER (WHERE a < b) AS lt, count(*) FILTER (WHERE a > b) AS gt, count(*) FILTER (WHERE a = b) AS eq
FROM stored a(a) CROSS JOIN stored b(b);
SELECT bool_and(a < b) AS order_by_agrees_with_lt
FROM (SELECT g AS a, lead(g) OVER (ORDER BY g) AS b FROM stored) s WHERE b IS NOT NULL;
SELECT ('1234' || repeat('.', 12))::grid < repeat('.', 81)::grid AS smaller_size_sorts_first;

-- Binary send/receive through a round trip of COPY BINARY.
\getenv outdir PG_SUDOKU_RESULTS
\set binfile :outdir '/grids.bin'
COPY (SELECT g FROM stored) TO :'binfile' WITH (FORMAT binary);
CREATE TEMP TABLE reloaded (g grid);
COPY reloaded FROM :'binfile' WITH (FORMAT binary);
SELECT count(*) AS reloaded, count(*) FILTER (WHERE g IN (SELECT g FROM stored)) AS matching FROM reloaded;
SELECT (SELECT array_agg(g ORDER BY g) FROM reloaded) = (SELECT array_agg(g ORDER BY g) FROM stored) AS same_grids;

-- NULL in gives NULL out.
SELECT solve(NULL) IS NULL AS solve, count_solutions(NULL) IS NULL AS count, pretty(NULL) IS NULL AS pretty,
       get(NULL, 1, 1) IS NULL AS get, is_valid(NULL) IS NULL AS valid, grid(NULL::int[]) IS NULL AS from_array;

-- Bad input: 22P02 for malformed text, with the position; 22023 for arguments out of range.
SELECT error_of($$SELECT 'xx'::sudoku.grid$$);
SELECT error_of($$SELECT ''::sudoku.grid$$);
SELECT error_of($$SELECT repeat('.', 80)::sudoku.grid$$);
SELECT error_of($$SELECT (repeat('.', 40) || 'x' || repeat('.', 40))::sudoku.grid$$);
SELECT error_of($$SELECT (repeat('.', 40) || 'A' || repeat('.', 40))::sudoku.grid$$);
SELECT error_of($$SELECT (repeat('.', 10) || 'Z' || repeat('.', 245))::sudoku.grid$$);
SELECT error_of($$SELECT repeat('.', 626)::sudoku.grid$$);
SELECT error_of($$SELECT repeat('12|', 30)::sudoku.grid$$);
SELECT error_of($$SELECT sudoku.grid(repeat('.', 81), '0123')$$);
SELECT error_of($$SELECT sudoku.grid(repeat('.', 81), '012')$$);
SELECT error_of($$SELECT sudoku.grid(repeat('.', 81), '12345678.')$$);
SELECT error_of($$SELECT sudoku.grid(repeat('.', 81), '123456781')$$);
SELECT error_of($$SELECT sudoku.grid(ARRAY[1, 2, 3])$$);
SELECT error_of($$SELECT sudoku.grid(array_fill(0, ARRAY[80]) || 10)$$);
SELECT error_of($$SELECT sudoku.grid(array_fill(0, ARRAY[80]) || -1)$$);
SELECT error_of($$SELECT sudoku.grid(array_fill(0, ARRAY[80]) || NULL::int)$$);
SELECT error_of($$SELECT sudoku.get(repeat('.', 81)::sudoku.grid, 0, 1)$$);
SELECT error_of($$SELECT sudoku.get(repeat('.', 81)::sudoku.grid, 1, 10)$$);
SELECT error_of($$SELECT sudoku.get(repeat('.', 16)::sudoku.grid, 5, 1)$$);
SELECT error_of($$SELECT sudoku.count_solutions(repeat('.', 81)::sudoku.grid, -1)$$);
SELECT error_of($$SELECT sudoku.count_solutions(repeat('.', 81)::sudoku.grid, 0)$$);
-- A 16x16 grid as a 2-D array reads row-major too.
SELECT grid(array_fill(0, ARRAY[16, 16])) = repeat('.', 256)::grid AS two_d_array;
