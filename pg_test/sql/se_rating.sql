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
SELECT level, score, techniques
FROM sudoku.rate('.83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.', by => 'hodoku');

SELECT (r).hardest, count(*) AS puzzles, min((r).er), max((r).er)
FROM (SELECT sudoku.se_rating(puzzle) AS r FROM bank OFFSET 0) AS rated
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

-- The hardest puzzles (nested forcing chains, 9.5 and up): every 8th of the forum's 11+ puzzles
-- that Sukaku Explainer rated (se_hardest_oracle_40.txt, 5 puzzles), in parallel workers,
-- against the oracle's ER, EP and ED.
CREATE TEMP TABLE oracle_raw (line text);
SELECT format('COPY oracle_raw FROM %L', :'datadir' || '/se_hardest_oracle_40.txt') AS copy_oracle \gset
:copy_oracle;
CREATE TABLE public.hardest_rated AS
SELECT n, split_part(line, ' ', 1)::sudoku.grid AS puzzle, split_part(line, ' ', 2)::numeric AS er,
       split_part(line, ' ', 3)::numeric AS ep, split_part(line, ' ', 4)::numeric AS ed
FROM (SELECT line, row_number() OVER () AS n FROM oracle_raw) x WHERE n % 8 = 1;
ALTER TABLE public.hardest_rated SET (parallel_workers = 2);
SET max_parallel_workers_per_gather = 2;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SELECT count(*) AS puzzles, min(er) AS oracle_min, max(er) AS oracle_max,
       count(*) FILTER (WHERE ((r).er, (r).ep, (r).ed) = (er, ep, ed)) AS all_three_as_oracle,
       count(*) FILTER (WHERE (r).hardest LIKE 'nested%') AS nested
FROM (SELECT er, ep, ed, sudoku.se_rating(puzzle) AS r FROM public.hardest_rated OFFSET 0) x;
RESET max_parallel_workers_per_gather;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
-- The README's example: the forum's hardest list (48,766 puzzles rated 11 and up) in a table,
-- every 200th of them (243) rated in one statement by parallel workers.
CREATE TABLE public.hardest (id bigint PRIMARY KEY, puzzle sudoku.grid NOT NULL);
CREATE TEMP TABLE hardest_raw (line text);
SELECT format('COPY hardest_raw FROM %L', :'datadir' || '/forum_hardest_1905_11plus.txt') AS copy_hardest \gset
:copy_hardest;
INSERT INTO public.hardest SELECT row_number() OVER (), line::sudoku.grid FROM hardest_raw;
ANALYZE public.hardest;
SET search_path = public, sudoku;
ALTER TABLE hardest SET (parallel_workers = 2);
SET max_parallel_workers_per_gather = 2;

-- The subquery's plan: the ratings run in the parallel workers, once a puzzle (the grouping above
-- it is planned differently by PostgreSQL 15 and 18).
EXPLAIN (COSTS OFF) SELECT sudoku.se_rating(puzzle) FROM hardest WHERE id % 200 = 0;

SELECT (r).er, count(*) AS puzzles, min((r).ed) AS min_ed, max((r).ed) AS max_ed,
       string_agg(DISTINCT (r).hardest, ', ') AS hardest
FROM (SELECT sudoku.se_rating(puzzle) AS r FROM hardest WHERE id % 200 = 0 OFFSET 0) AS rated
GROUP BY 1 ORDER BY 1;
RESET max_parallel_workers_per_gather;
SET search_path = sudoku, public;

-- A single rating deep in nested chains (ER 11.7, seconds of dynamic forcing chains nested in
-- dynamic forcing chains) stops at statement_timeout too.
SET statement_timeout = '100ms';
SELECT sudoku.se_rating('..9...4...7.3...2.8...6...71..8....6....1..7.....56...3....5..1.4.....9...2...7..');
RESET statement_timeout;
-- statement_timeout stops a batch (57014), with the usual message.
SET statement_timeout = '50ms';
SELECT count(sudoku.se_rating(puzzle)) FROM public.bank;
RESET statement_timeout;

-- Issue 48: HoDoKu's order (by => 'hodoku'), on the bank. Its levels; the score is the sum of
-- the steps' HoDoKu scores and steps their count; hint is the first step; by => 'se' is rate(g).
SELECT (r).level, count(*) AS puzzles, min((r).score) AS least, max((r).score) AS most
FROM (SELECT sudoku.rate(puzzle, by => 'hodoku') AS r FROM public.bank OFFSET 0) x
GROUP BY 1 ORDER BY min((r).score);
SELECT count(*) AS puzzles,
       count(*) FILTER (WHERE (r).score = total AND (r).steps = n AND (r).guesses = 0) AS summed,
       count(*) FILTER (WHERE first_step) AS hinted,
       count(*) FILTER (WHERE sudoku.rate(puzzle, by => 'se') = sudoku.rate(puzzle)) AS se_by_default
FROM (SELECT puzzle, sudoku.rate(puzzle, by => 'hodoku') AS r,
             (SELECT sum(difficulty) FROM sudoku.fill_steps(puzzle, by => 'hodoku')) AS total,
             (SELECT count(*) FROM sudoku.fill_steps(puzzle, by => 'hodoku') WHERE technique <> 'solved') AS n,
             (SELECT (h.technique, h.eliminated, h.placed) = (f.technique, f.eliminated, f.placed)
              FROM sudoku.hint(puzzle, by => 'hodoku') AS h,
                   sudoku.fill_steps(puzzle, by => 'hodoku') AS f WHERE f.step = 1) AS first_step
      FROM public.bank WHERE line < 2000) x;
-- A step of HoDoKu's order carries HoDoKu's score as its difficulty.
SELECT technique, difficulty, explanation
FROM sudoku.hint('..3.7.6...54..3.7.9...4..32.1.......4.9.3.5.7.......8.59..2...4.4.6..25...7.5.8..', by => 'hodoku');
SELECT step, technique, difficulty, eliminated
FROM sudoku.fill_steps('..3.7.6...54..3.7.9...4..32.1.......4.9.3.5.7.......8.59..2...4.4.6..25...7.5.8..', by => 'hodoku')
WHERE technique NOT IN ('full_house', 'naked_single', 'hidden_single', 'solved');
-- Errors: an unknown order, another size (HoDoKu is 9x9), several solutions.
SELECT sudoku.rate('.83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.', by => 'hodouk');
SELECT sudoku.rate('1...............', by => 'hodoku');
SELECT sudoku.hint('8.........95.......76.........426798...571243...893165......916....3.487....1.532', by => 'hodoku');
SELECT count(*) FROM sudoku.fill_steps('1...............', by => 'hodoku');
