-- The Sudoku Explainer rating, sudoku.se_rating (issue 24): the published ratings of the Sudoku
-- Exchange bank, the shape of the result, parallel use, and the errors.
SET search_path = sudoku, public;

-- Every 50th puzzle of se_rated_10k (200), with the rating the bank publishes.
CREATE TABLE public.bank (line integer, puzzle sudoku.grid, published numeric(3,1));
CREATE TEMP TABLE raw (line text);
\getenv datadir PG_SUDOKU_DATA
SELECT format('COPY raw FROM %L', :'datadir' || '/se_rated_10k.txt') AS copy_bank \gset
:copy_bank;
INSERT INTO public.bank
SELECT n, split_part(line, ' ', 1)::sudoku.grid, split_part(line, ' ', 2)::numeric
FROM (SELECT line, row_number() OVER () AS n FROM raw) x WHERE n % 50 = 7;
SELECT count(*) AS puzzles, min(published), max(published) FROM public.bank;

-- ER equals the published rating for every one of them; EP and ED are never above ER.
SELECT count(*) AS rated,
       count(*) FILTER (WHERE (r).er = published) AS er_as_published,
       count(*) FILTER (WHERE (r).ep <= (r).er AND (r).ed <= (r).ep) AS ordered
FROM (SELECT published, sudoku.se_rating(puzzle) AS r FROM public.bank) x;

-- The README's examples: one puzzle (the first of se_rated_10k, published 7.2), and what each
-- level of the bank needs, by the hardest technique.
SELECT er, ep, ed, hardest
FROM sudoku.se_rating('.83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.');

SELECT (r).hardest, count(*) AS puzzles, min((r).er), max((r).er)
FROM (SELECT sudoku.se_rating(puzzle) AS r FROM bank) AS rated
GROUP BY 1 ORDER BY 3, 1;

-- numeric(3,1) columns; STRICT (NULL in, NULL out).
SELECT pg_typeof((r).er) AS er_type, (r).er::text AS er_text
FROM (SELECT sudoku.se_rating(puzzle) AS r FROM public.bank WHERE line = 7) x;
SELECT sudoku.se_rating(NULL) IS NULL AS strict;

-- A batch runs in parallel workers (the function is PARALLEL SAFE) and gives the same answers.
SET max_parallel_workers_per_gather = 2;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
ALTER TABLE public.bank SET (parallel_workers = 2);
EXPLAIN (COSTS OFF) SELECT sum((sudoku.se_rating(puzzle)).er) FROM public.bank;
SELECT sum((sudoku.se_rating(puzzle)).er) = (SELECT sum(published) FROM public.bank) AS parallel_sum_as_published
FROM public.bank;
RESET max_parallel_workers_per_gather;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;

-- Errors: 22023 with the reason.
SELECT public.error_of($$ SELECT sudoku.se_rating(repeat('.', 16)::sudoku.grid) $$);
SELECT public.error_of($$ SELECT sudoku.se_rating(repeat('.', 81)::sudoku.grid) $$);
SELECT public.error_of($$ SELECT sudoku.se_rating(('11' || repeat('.', 79))::sudoku.grid) $$);
SELECT public.error_of($$ SELECT sudoku.se_rating(('12345678.' || repeat('.', 8) || '9' || repeat('.', 63))::sudoku.grid) $$);
-- A puzzle of hardest11 that needs nested forcing chains (Sudoku Explainer 10.5).
SELECT public.error_of($$ SELECT sudoku.se_rating('..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..') $$);
-- statement_timeout stops a batch (57014), with the usual message.
SET statement_timeout = '50ms';
SELECT count(sudoku.se_rating(puzzle)) FROM public.bank;
RESET statement_timeout;
