-- Every grid people play (issue 49): every size from 4 to 25, boxes of every rectangular shape
-- or none, in three families (square boxes, rectangular boxes, regions only); the published
-- puzzles of data/shapes (sigh's Interactive Sudoku Solver, MIT) solved to their published
-- solutions; f-puzzles documents read, solved and written back.
SET search_path = sudoku, public;

-- Default shapes: the most square boxes with no more rows than columns, none on a prime size.
SELECT string_agg(n || ':' || sudoku.shape(sudoku.generate(size => n, seed => 1, givens => n * n)), ' ' ORDER BY n)
       AS default_shapes
FROM generate_series(4, 25) n;

-- Family 1, square boxes (4x4, 9x9, 16x16, 25x25): read, solve, count, generate, draw, as
-- before 0.5.0 (their text, binary form and hash are those of 0.4.0: grid_type, dump and
-- upgrade tests).
-- Family 2, rectangular boxes: every size with a box shape that is not square.
-- Family 3, regions only: the prime sizes (a Latin square unless rules give regions).
-- Per size: the puzzle generate makes for seed 49 has one solution, which solve finds and which
-- keeps every given; its text reads back; the picture draws it; the count of a blank grid is
-- at least 2.
CREATE TABLE public.shaped AS
SELECT n, sudoku.generate(size => n, seed => 49) AS puzzle FROM generate_series(4, 25) n;
SELECT n,
       CASE WHEN sudoku.shape(puzzle) = 'none' THEN 'regions only'
            WHEN split_part(sudoku.shape(puzzle), 'x', 1) = split_part(sudoku.shape(puzzle), 'x', 2) THEN 'square boxes'
            ELSE 'rectangular boxes' END AS family,
       sudoku.shape(puzzle) AS shape,
       sudoku.count_solutions(puzzle) AS solutions,
       sudoku.is_unique(puzzle) AS is_unique,
       sudoku.is_solved(solution)
           AND (SELECT bool_and(a.value IS NULL OR a.value = b.value)
                FROM sudoku.cells(puzzle) a JOIN sudoku.cells(solution) b USING (row, col)) AS solved,
       puzzle::text::sudoku.grid = puzzle AS text_reads_back,
       sudoku.pretty(puzzle)::sudoku.grid = puzzle AS pretty_reads_back,
       sudoku.givens(puzzle) < n * n AS dug,
       sudoku.count_solutions(sudoku.with_shape(repeat('.', n * n)::sudoku.grid, sudoku.shape(puzzle)), 2) AS blank_count,
       sudoku.svg(puzzle) LIKE '<svg%</svg>%' AS draws,
       sudoku.propagate(puzzle) IS NOT NULL AS propagates
FROM public.shaped, LATERAL (SELECT sudoku.solve(puzzle) AS solution) s ORDER BY n;

-- The other orientation where asked: 3x2 boxes on 6x6 (books that draw tall boxes), 4x3 on
-- 12x12; the shape is kept through solve, text and the binary form.
SELECT s AS asked, sudoku.shape(p) AS shape, sudoku.is_unique(p) AS is_unique,
       sudoku.shape(sudoku.solve(p)) AS solution_shape, p::text LIKE s || ':%' AS text_says_shape,
       p::text::sudoku.grid = p AS reads_back
FROM unnest(ARRAY['3x2', '2x3', '4x3', '3x4', '2x6', '5x4']) s, LATERAL (SELECT sudoku.generate(shape => s, seed => 5) p) x;
SELECT sudoku.pretty(sudoku.generate(shape => '3x2', seed => 5));
-- A layout's bars and separator lines give its shape.
SELECT sudoku.shape(sudoku.pretty(sudoku.generate(shape => '3x2', seed => 5))::sudoku.grid) AS drawn_3x2,
       sudoku.shape(sudoku.pretty(sudoku.generate(shape => '4x3', seed => 5))::sudoku.grid) AS drawn_4x3;

-- with_shape keeps the cells; a 2x3 puzzle need not be one under 3x2 boxes.
SELECT sudoku.with_shape(g, '3x2') AS tall, sudoku.shape(sudoku.with_shape(g, 'none')) AS latin,
       sudoku.count_solutions(sudoku.with_shape(g, 'none'), 3) AS latin_solutions
FROM (SELECT '325146416325541263263514632451154632'::sudoku.grid g) x;
SELECT error_of($$SELECT sudoku.with_shape(repeat('.', 36)::sudoku.grid, '3x3')$$);
SELECT error_of($$SELECT sudoku.with_shape(repeat('.', 36)::sudoku.grid, 'tall')$$);
SELECT error_of($$SELECT sudoku.generate(shape => '1x6')$$);
SELECT error_of($$SELECT '3x3:325146416325541263263514632451154632'::sudoku.grid$$);
SELECT error_of($$SELECT sudoku.generate(size => 26)$$);
SELECT error_of($$SELECT sudoku.generate(size => 3)$$);

-- Alphabets of every size: a 12x12 written 0-B (zero-based, as setters write it).
SELECT sudoku.grid(translate(sudoku.solve(p)::text, '123456789ABC', '0123456789AB'), '0123456789AB') = sudoku.solve(p)
       AS zero_based_reads
FROM (SELECT sudoku.generate(size => 12, seed => 3) p) x;

-- Human steps are built for square boxes: 0A000 elsewhere, and the views and propagation take every shape.
SELECT error_of($$SELECT sudoku.rate(sudoku.generate(size => 6, seed => 1))$$);
SELECT error_of($$SELECT sudoku.hint(sudoku.generate(size => 12, seed => 1))$$);
SELECT error_of($$SELECT count(*) FROM sudoku.fill_steps(sudoku.generate(size => 8, seed => 1))$$);
SELECT error_of($$SELECT sudoku.generate(size => 6, seed => 1, difficulty => 'easy')$$);
SELECT error_of($$SELECT sudoku.canonical(sudoku.generate(size => 6, seed => 1))$$);
SELECT count(*) AS cells, count(*) FILTER (WHERE box IS NULL) AS without_box
FROM sudoku.cells(sudoku.generate(size => 7, seed => 1));
SELECT count(*) AS cells, max(box) AS boxes FROM sudoku.cells(sudoku.generate(size => 6, seed => 1));
SELECT count(*) AS hidden_singles FROM sudoku.hidden_singles(sudoku.generate(size => 7, seed => 2));
-- transform keeps a rectangular shape (no transposition) and its solution count.
SELECT sudoku.shape(t) AS shape, sudoku.is_unique(t) AS is_unique, t <> p AS moved
FROM (SELECT p, sudoku.transform(p, 11) t FROM (SELECT sudoku.generate(size => 12, seed => 2) p) x) y;

-- The pure-SQL versions take the grid's boxes (and none): each agrees with its native twin.
SELECT sudoku.shape(g) AS shape, string_agg(approach || ':' || agree, ' ' ORDER BY approach) AS agree
FROM (SELECT sudoku.generate(size => n, seed => 3) g FROM unnest(ARRAY[4, 6, 7, 8]) n
      UNION ALL SELECT sudoku.generate(shape => '3x2', seed => 3)) x,
     LATERAL sudoku.compare(g)
GROUP BY 1 ORDER BY 1;
SELECT sudoku.solve_sql(p, '{"regions": "aaaaaaabbbbbbbcccccccdddddddeeeeeeefffffffggggggg"}')
       = sudoku.solve(p, '{"regions": "aaaaaaabbbbbbbcccccccdddddddeeeeeeefffffffggggggg"}') AS latin_rows_agree
FROM (SELECT sudoku.generate(size => 7, seed => 3) p) x;

-- The binary form: 4x4, 9x9, 16x16 and 25x25 as before 0.5.0 (one byte of box side), any other
-- shape in two (128 + n, the box rows); binary COPY out and in gives the same grids.
SELECT sudoku.shape(g) AS shape, substr(sudoku.grid_send(g)::text, 1, 10) AS first_bytes
FROM (VALUES (repeat('.', 16)::sudoku.grid), (repeat('.', 81)::sudoku.grid), (repeat('.', 36)::sudoku.grid),
             (('3x2:' || repeat('.', 36))::sudoku.grid), (repeat('.', 49)::sudoku.grid)) v(g);
\getenv outdir PG_SUDOKU_RESULTS
SELECT set_config('pg_sudoku_test.outdir', :'outdir', false) IS NOT NULL AS outdir_set;
CREATE TABLE public.shaped_copy (LIKE public.shaped);
DO $$
BEGIN
    EXECUTE format('COPY public.shaped TO %L WITH (FORMAT binary)', current_setting('pg_sudoku_test.outdir') || '/shaped.bin');
    EXECUTE format('COPY public.shaped_copy FROM %L WITH (FORMAT binary)', current_setting('pg_sudoku_test.outdir') || '/shaped.bin');
END $$;
SELECT count(*) AS copied, count(*) FILTER (WHERE a.puzzle = b.puzzle AND sudoku.shape(a.puzzle) = sudoku.shape(b.puzzle)) AS same
FROM public.shaped a JOIN public.shaped_copy b USING (n);
DROP TABLE public.shaped_copy;

-- Grids of every shape order, hash, aggregate and index like the others.
SELECT count(DISTINCT puzzle) AS distinct_puzzles, count(DISTINCT sudoku.solve(puzzle)) AS distinct_solutions
FROM public.shaped;
CREATE INDEX shaped_puzzle ON public.shaped USING hash (puzzle);
SET enable_seqscan = off;
SELECT n FROM public.shaped WHERE puzzle = (SELECT puzzle FROM public.shaped WHERE n = 14);
RESET enable_seqscan;
SELECT sudoku.grid_agg(row, col, value, 12) = sudoku.generate(size => 12, seed => 4) AS agg_reads_12x12
FROM sudoku.cells(sudoku.generate(size => 12, seed => 4));

-- The published puzzles of data/shapes (scripts/shape_sets.py): sigh's Interactive Sudoku
-- Solver's examples and collections and janko.at's 16x16 Sudoku; each solved, unique and equal
-- to its published solution, under its rules.
CREATE TABLE public.shape_bank (file text, name text, puzzle sudoku.grid, rules jsonb, solution sudoku.grid);
CREATE TEMP TABLE raw (line text);
\getenv variants PG_SUDOKU_VARIANTS
SELECT set_config('pg_sudoku_test.shapes', :'variants' || '/../shapes', false) IS NOT NULL AS shapes_set;
DO $$
DECLARE
    f text;
BEGIN
    FOREACH f IN ARRAY ARRAY['sigh_iss', 'janko_16x16'] LOOP
        TRUNCATE raw;
        EXECUTE format('COPY raw FROM %L WITH (FORMAT text, DELIMITER E''\x01'')',
                       current_setting('pg_sudoku_test.shapes') || '/' || f || '.tsv');
        INSERT INTO public.shape_bank
        SELECT f, split_part(line, E'\t', 4), split_part(line, E'\t', 1)::sudoku.grid,
               split_part(line, E'\t', 2)::jsonb, split_part(line, E'\t', 3)::sudoku.grid
        FROM raw;
    END LOOP;
END $$;
SELECT file, sudoku.size(puzzle) AS size, sudoku.shape(puzzle) AS shape, rules, count(*) AS puzzles,
       count(*) FILTER (WHERE sudoku.solve(puzzle, rules) = solution) AS solved_as_published,
       count(*) FILTER (WHERE sudoku.is_unique(puzzle, rules)) AS is_unique,
       count(*) FILTER (WHERE rules = '{}' AND sudoku.solve(puzzle) = solution) AS classic_solve_agrees
FROM public.shape_bank GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4::text;

-- f-puzzles documents of published puzzles, written with f-puzzles' field names
-- (data/shapes/fpuzzles.tsv, scripts/fpuzzles_docs.py): each read, solved to its published
-- solution; written back (compressed and plain), each reads the same.
TRUNCATE raw;
DO $$
BEGIN
    EXECUTE format('COPY raw FROM %L WITH (FORMAT text, DELIMITER E''\x01'')',
                   current_setting('pg_sudoku_test.shapes') || '/fpuzzles.tsv');
END $$;
CREATE TABLE public.fpuzzles AS
SELECT split_part(line, E'\t', 1) AS set, split_part(line, E'\t', 2) AS name, split_part(line, E'\t', 3) AS document,
       split_part(line, E'\t', 4)::sudoku.grid AS published
FROM raw;
SELECT set, sudoku.size((p).puzzle) AS size, count(*) AS documents,
       count(*) FILTER (WHERE (p).solution = published) AS solved_as_published,
       count(*) FILTER (WHERE sudoku.solve((p).puzzle, (p).rules) = published) AS solve_agrees,
       count(*) FILTER (WHERE (sudoku.from_fpuzzles(sudoku.to_fpuzzles((p).puzzle, (p).rules))).puzzle = (p).puzzle
                          AND (sudoku.from_fpuzzles(sudoku.to_fpuzzles((p).puzzle, (p).rules))).rules = (p).rules)
           AS compressed_round_trip,
       count(*) FILTER (WHERE (sudoku.from_fpuzzles(sudoku.to_fpuzzles((p).puzzle, (p).rules, false))).rules = (p).rules)
           AS json_round_trip,
       count(*) FILTER (WHERE (sudoku.from_fpuzzles('https://www.f-puzzles.com/?load=' || sudoku.to_fpuzzles((p).puzzle, (p).rules))).puzzle
                          = (p).puzzle) AS link_reads
FROM (SELECT set, published, sudoku.from_fpuzzles(document) p FROM public.fpuzzles) x
GROUP BY 1, 2 ORDER BY 1, 2;
-- Every shape's document: a 3x2 grid goes out as regions and comes back as that jigsaw (f-puzzles
-- draws 2x3 boxes on 6x6); a 7x7 Latin square has no regions.
SELECT sudoku.shape(g) AS shape, (sudoku.from_fpuzzles(sudoku.to_fpuzzles(g))).rules ? 'regions' AS as_regions,
       sudoku.solve((sudoku.from_fpuzzles(sudoku.to_fpuzzles(g))).puzzle, (sudoku.from_fpuzzles(sudoku.to_fpuzzles(g))).rules)
           = sudoku.with_shape(sudoku.solve(g), sudoku.shape((sudoku.from_fpuzzles(sudoku.to_fpuzzles(g))).puzzle)) AS same_solution
FROM (SELECT sudoku.generate(shape => s, seed => 8) g FROM unnest(ARRAY['3x2', '2x3', '3x4', '2x4']) s
      UNION ALL SELECT sudoku.generate(size => 7, seed => 8)) x;
SELECT error_of($$SELECT sudoku.from_fpuzzles('{"size": 9}')$$);
SELECT error_of($$SELECT sudoku.from_fpuzzles('not a document')$$);
SELECT error_of($$SELECT sudoku.from_fpuzzles(repeat('A', 20000))$$);
SELECT error_of($$SELECT sudoku.from_fpuzzles('{"size": 4, "grid": [[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]], "fogofwar": ["R1C1"]}')$$);
SELECT error_of($$SELECT sudoku.to_fpuzzles(sudoku.with_shape(repeat('.', 36)::sudoku.grid, 'none'))$$);
SELECT sudoku.to_fpuzzles('12344321........'::sudoku.grid, compressed => false);
SELECT (sudoku.from_fpuzzles(sudoku.to_fpuzzles('12344321........'::sudoku.grid))).*;

DROP TABLE public.shaped, public.shape_bank, public.fpuzzles;
