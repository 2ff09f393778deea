-- sudoku.svg: pictures of grids of every size (scripts/svg_test.sh renders them in a browser).
-- Here the document itself: its size, one text element per digit drawn (givens bold, the
-- solution's added digits in blue), pencil marks as many as the candidates, and the errors.
CREATE TEMP TABLE pics AS
SELECT size, p, sudoku.solve(p) AS s
FROM (VALUES (4, sudoku.generate(4, 1)), (9, (SELECT puzzle FROM public.puzzles WHERE file = 'top95' AND n = 1)),
             (16, sudoku.generate(16, 1)), (25, sudoku.generate(25, 1))) AS t(size, p);
SELECT size,
       substring(sudoku.svg(p) FROM 'width="([0-9]+)"')::int AS width,
       substring(sudoku.svg(p) FROM 'height="([0-9]+)"')::int AS height,
       (SELECT count(*) FROM regexp_matches(sudoku.svg(p), '<text', 'g')) = sudoku.givens(p) AS puzzle_texts_are_givens,
       (SELECT count(*) FROM regexp_matches(sudoku.svg(p, s), '<text', 'g')) = size * size AS solved_texts_are_cells,
       (SELECT count(*) FROM regexp_matches(sudoku.svg(p, candidates => true), '<text', 'g'))
         = sudoku.givens(p) + (SELECT sum(array_length(c.candidates, 1)) FROM sudoku.candidates(p) c) AS pencil_marks_are_candidates,
       sudoku.svg(p, s) LIKE '%fill="#1c5fd6"%' AS added_in_blue,
       sudoku.svg(p) = sudoku.svg(p, p) AS own_grid_adds_nothing
FROM pics ORDER BY size;
-- The propagated position as the second grid: the digits logic finds are drawn in blue.
SELECT (SELECT count(*) FROM regexp_matches(sudoku.svg(p, sudoku.propagate(p)), '<text', 'g'))
       = sudoku.givens(sudoku.propagate(p)) AS propagated_digits_drawn
FROM pics WHERE size = 9;
-- Symbols beyond 9: a 16x16 solution uses A-G.
SELECT sudoku.svg(p, s) ~ '>G</text>' AS has_g FROM pics WHERE size = 16;
-- NULLs and errors.
SELECT sudoku.svg(NULL) IS NULL AS null_grid, sudoku.svg(p, NULL) = sudoku.svg(p) AS null_solution FROM pics WHERE size = 9;
SELECT error_of(format('SELECT sudoku.svg(%L, %L)', a.p, b.s)) AS other_size
FROM pics a, pics b WHERE a.size = 9 AND b.size = 4;
SELECT error_of(format('SELECT sudoku.svg(%L, %L)', p, sudoku.solve(sudoku.grid(array_fill(0, ARRAY[81]))))) AS given_changed
FROM pics WHERE size = 9;
-- (A typed NULL: with untyped NULLs svg(grid, rules => ...) fits the call too, 42725.)
SELECT error_of(format('SELECT sudoku.svg(%L, NULL, NULL::boolean)', p)) AS null_candidates FROM pics WHERE size = 9;
SELECT provolatile, proisstrict, proparallel, procost FROM pg_proc WHERE oid = 'sudoku.svg(sudoku.grid, sudoku.grid, boolean)'::regprocedure;
