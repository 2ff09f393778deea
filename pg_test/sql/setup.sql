-- Installs the extension, a helper that shows an error's SQLSTATE and message, and the real
-- puzzle sets from the data folder (PG_SUDOKU_DATA, set by scripts/test.sh).
CREATE EXTENSION pg_sudoku;
-- The objects are in the schema sudoku, which belongs to the extension (its control file names
-- pg_catalog, where the comparison operators are), and every role may use it.
SELECT extname, extversion IS NOT NULL AS has_version, nspname AS extension_schema,
       EXISTS (SELECT FROM pg_depend d
               WHERE d.classid = 'pg_namespace'::regclass AND d.objid = 'sudoku'::regnamespace
                 AND d.refobjid = e.oid AND d.deptype = 'e') AS schema_sudoku_is_a_member,
       has_schema_privilege('public', 'sudoku', 'USAGE') AS public_usage
FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
WHERE extname = 'pg_sudoku';

-- The SQLSTATE and message of the error a statement raises, or 'no error'.
CREATE FUNCTION public.error_of(statement text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE statement;
    RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
    RETURN SQLSTATE || ': ' || SQLERRM;
END $$;

-- The lines of a statement's plan (EXPLAIN, costs off), to check where work runs.
CREATE FUNCTION public.plan_of(statement text) RETURNS SETOF text LANGUAGE plpgsql AS $$
BEGIN
    RETURN QUERY EXECUTE 'EXPLAIN (COSTS OFF) ' || statement;
END $$;

-- Every puzzle file as a table of (file, line, puzzle); line numbers are 1-based.
CREATE TABLE public.puzzle_lines (file text, line bigserial, puzzle text);
\getenv datadir PG_SUDOKU_DATA
SELECT set_config('pg_sudoku_test.datadir', :'datadir', false) IS NOT NULL AS datadir_set;
CREATE TEMP TABLE raw (puzzle text);
DO $$
DECLARE
    f text;
BEGIN
    FOREACH f IN ARRAY ARRAY['seed_examples', 'easy50', 'top95', 'hardest11', 'multi_solution_serg'] LOOP
        EXECUTE format('COPY raw FROM %L', current_setting('pg_sudoku_test.datadir') || '/' || f || '.txt');
        INSERT INTO public.puzzle_lines (file, puzzle) SELECT f, puzzle FROM raw;
        TRUNCATE raw;
    END LOOP;
END $$;

CREATE TABLE public.puzzles AS
SELECT file, row_number() OVER (PARTITION BY file ORDER BY line) AS n, puzzle AS line_text, puzzle::sudoku.grid AS puzzle
FROM public.puzzle_lines;
SELECT file, count(*) FROM public.puzzles GROUP BY file ORDER BY file;

-- An independent check of a 9x9 solution, in plain SQL over integer arrays: 81 digits 1-9,
-- every row, column and box a permutation, every given of the puzzle kept.
CREATE FUNCTION public.solves(puzzle sudoku.grid, solution sudoku.grid) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
    WITH p AS (SELECT puzzle::int[] AS p, solution::int[] AS s),
    cells AS (
        SELECT i, p[i + 1] AS given, s[i + 1] AS v, i / 9 AS r, i % 9 AS c, (i / 27) * 3 + (i % 9) / 3 AS b
        FROM p, generate_series(0, 80) AS i
    )
    SELECT count(*) = 81
       AND bool_and(v BETWEEN 1 AND 9)
       AND bool_and(given = 0 OR given = v)
       AND (SELECT count(DISTINCT (r, v)) FROM cells) = 81
       AND (SELECT count(DISTINCT (c, v)) FROM cells) = 81
       AND (SELECT count(DISTINCT (b, v)) FROM cells) = 81
    FROM cells
$$;
-- The check itself can fail: two swapped cells of a row break their columns; blanks are no solution.
WITH s AS (SELECT puzzle, sudoku.solve(puzzle) AS solution FROM public.puzzles WHERE file = 'seed_examples' AND n = 1),
a AS (SELECT puzzle, solution, solution::int[] AS cells FROM s)
SELECT public.solves(puzzle, solution) AS true_solution,
       public.solves(puzzle, sudoku.grid(cells[2:2] || cells[1:1] || cells[3:81])) AS swapped_pair,
       public.solves(puzzle, puzzle) AS the_puzzle_itself
FROM a;
