-- The pure-SQL versions of the articles' approaches against their native twins.
SET search_path = sudoku, public;

-- grids_4x4_sql: the brute-force join in pure SQL finds the same 288 grids as the native search.
SELECT count(*) AS sql_grids, count(DISTINCT g) AS distinct_grids, bool_and(is_solved(g)) AS all_solved,
       (SELECT count(*) FROM (SELECT g FROM grids_4x4_sql() g
                              EXCEPT SELECT s FROM solutions(repeat('.', 16)::grid, 1000) s) x) AS only_sql,
       (SELECT count(*) FROM (SELECT s FROM solutions(repeat('.', 16)::grid, 1000) s
                              EXCEPT SELECT g FROM grids_4x4_sql() g) x) AS only_native
FROM grids_4x4_sql() g;

-- The first 200 puzzles of magictour_top1465, next to the files setup.sql loads.
\getenv datadir PG_SUDOKU_DATA
CREATE TEMP TABLE magictour_lines (line bigserial, puzzle text);
SELECT format('COPY magictour_lines (puzzle) FROM %L', :'datadir' || '/magictour_top1465.txt') AS copy_magictour \gset
:copy_magictour;
CREATE TEMP TABLE versus AS
SELECT file, n, puzzle FROM puzzles
UNION ALL
SELECT 'magictour_top1465', line, puzzle::grid FROM magictour_lines WHERE line <= 200;
SELECT file, count(*) AS puzzles FROM versus GROUP BY file ORDER BY file;

-- solve_sql: the recursive-CTE fill finds the solution of every seed example, easy50 and
-- top95 puzzle, the same as sudoku.solve, and the independent check accepts it.
CREATE TEMP TABLE solved AS
SELECT file, n, puzzle, solve_sql(puzzle) AS sql, solve(puzzle) AS native
FROM versus WHERE file IN ('seed_examples', 'easy50', 'top95');
SELECT file, count(*) AS puzzles, count(*) FILTER (WHERE sql = native) AS same_as_solve,
       count(*) FILTER (WHERE solves(puzzle, sql)) AS checked
FROM solved GROUP BY file ORDER BY file;
-- Other sizes, no solution, several solutions: a 4x4 and a 16x16 puzzle (a random grid with
-- every third cell blank) come back solved with their givens kept; conflicting givens and an
-- unsolvable grid give NULL; with several solutions, one of them.
WITH g16 AS (
    SELECT grid_agg(c.row, c.col, CASE WHEN (c.row * 16 + c.col) % 3 <> 0 THEN c.value END, 16) AS puzzle
    FROM cells(random_grid(16, 7)) c
), cases(name, puzzle) AS (
    VALUES ('4x4', '1...' || '..3.' || '.4..' || '...2'),
           ('16x16', (SELECT puzzle::text FROM g16)),
           ('conflicting givens', '55' || repeat('.', 79)),
           ('no solution', '.12345678' || repeat('.', 63) || '9........'),
           ('several solutions', (SELECT puzzle::text FROM puzzles WHERE file = 'multi_solution_serg' AND n = 1))
)
SELECT name, size(puzzle::grid) AS size, solve_sql(puzzle::grid) IS NULL AS no_solution,
       is_solved(solve_sql(puzzle::grid)) AS solved,
       count_solutions(puzzle::grid, 3) AS solutions,
       NOT EXISTS (SELECT 1 FROM cells(puzzle::grid) c
                   WHERE c.value IS NOT NULL AND get(solve_sql(puzzle::grid), c.row, c.col) <> c.value) AS givens_kept
FROM cases;

-- propagate_combo_sql and solve_crook_sql reach the fixpoint of sudoku.propagate with the
-- matching techniques, NULL included, on every puzzle loaded here.
CREATE TEMP TABLE fixpoints AS
SELECT file, n, propagate_combo_sql(puzzle) AS combo, propagate(puzzle, ARRAY['preemptive_set']) AS native_combo,
       solve_crook_sql(puzzle) AS crook,
       propagate(puzzle, ARRAY['naked_single', 'hidden_single', 'preemptive_set']) AS native_crook
FROM versus WHERE file IN ('top95', 'magictour_top1465', 'hardest11', 'seed_examples');
SELECT file, count(*) AS puzzles,
       count(*) FILTER (WHERE combo IS NOT DISTINCT FROM native_combo) AS combo_agrees,
       count(*) FILTER (WHERE crook IS NOT DISTINCT FROM native_crook) AS crook_agrees,
       count(*) FILTER (WHERE is_solved(combo)) AS solved_by_combo,
       count(*) FILTER (WHERE combo IS NULL) AS no_solution
FROM fixpoints GROUP BY file ORDER BY file;
-- Conflicting givens, and givens that leave a blank without candidates: NULL from all three.
SELECT name, propagate_combo_sql(g) IS NULL AS combo_null, solve_crook_sql(g) IS NULL AS crook_null,
       propagate(g, ARRAY['preemptive_set']) IS NULL AS native_null
FROM (VALUES ('conflicting givens', ('55' || repeat('.', 79))::grid),
             ('blank without candidates', ('.12345678' || repeat('.', 63) || '9........')::grid)) AS c(name, g);

-- candidates_sql and preemptive_sets_sql return the same rows as their native twins, as sets
-- of rows, on top95 and the first 200 of magictour_top1465.
SELECT file, count(DISTINCT n) AS puzzles,
       (SELECT count(*) FROM (SELECT v.n, c.* FROM versus v, candidates_sql(v.puzzle) c WHERE v.file = x.file
                              EXCEPT ALL SELECT v.n, c.* FROM versus v, candidates(v.puzzle) c WHERE v.file = x.file) d)
           AS candidates_only_sql,
       (SELECT count(*) FROM (SELECT v.n, c.* FROM versus v, candidates(v.puzzle) c WHERE v.file = x.file
                              EXCEPT ALL SELECT v.n, c.* FROM versus v, candidates_sql(v.puzzle) c WHERE v.file = x.file) d)
           AS candidates_only_native,
       (SELECT count(*) FROM (SELECT v.n, s.* FROM versus v, preemptive_sets_sql(v.puzzle) s WHERE v.file = x.file
                              EXCEPT ALL SELECT v.n, s.* FROM versus v, preemptive_sets(v.puzzle) s WHERE v.file = x.file) d)
           AS sets_only_sql,
       (SELECT count(*) FROM (SELECT v.n, s.* FROM versus v, preemptive_sets(v.puzzle) s WHERE v.file = x.file
                              EXCEPT ALL SELECT v.n, s.* FROM versus v, preemptive_sets_sql(v.puzzle) s WHERE v.file = x.file) d)
           AS sets_only_native,
       (SELECT count(*) FROM versus v, preemptive_sets_sql(v.puzzle) s WHERE v.file = x.file) AS sets
FROM versus x WHERE file IN ('top95', 'magictour_top1465')
GROUP BY file ORDER BY file;
-- The same order as the native rows, max_size, a state after eliminations, NULL and errors.
WITH g AS (SELECT puzzle FROM puzzles WHERE file = 'top95' AND n = 1)
SELECT (SELECT array_agg(s) FROM g, preemptive_sets_sql(g.puzzle) s) = (SELECT array_agg(s) FROM g, preemptive_sets(g.puzzle) s)
           AS same_order,
       (SELECT array_agg(s) FROM g, preemptive_sets_sql(g.puzzle, 6) s) = (SELECT array_agg(s) FROM g, preemptive_sets(g.puzzle, 6) s)
           AS same_with_max_size,
       (SELECT count(*) FROM g, preemptive_sets_sql(g.puzzle, 6) s) AS sets_up_to_6,
       (SELECT array_agg(c) FROM g, candidates_sql(g.puzzle) c) = (SELECT array_agg(c) FROM g, candidates(g.puzzle) c)
           AS candidates_same_order,
       (SELECT count(*) FROM preemptive_sets_sql(NULL::grid)) AS null_grid,
       (SELECT count(*) FROM preemptive_sets_sql(repeat('.', 81)::grid)) AS empty_9x9_whole_units;
SELECT error_of($$SELECT * FROM sudoku.preemptive_sets_sql(repeat('.', 81)::sudoku.grid, -1)$$);
-- A candidate state of one's own: the blank cells of row 1 of an empty 4x4 grid, two of them
-- narrowed to {1,2}: the pair {1,2} in row 1 and in box 1 (whose other cells are not in the
-- state), and the whole row.
SELECT unit, unit_no, size, digits, cells
FROM preemptive_sets_sql(ARRAY[ROW(1, 1, 1, '{1,2}', 3), ROW(1, 2, 1, '{1,2}', 3),
                               ROW(1, 3, 2, '{1,2,3,4}', 15), ROW(1, 4, 2, '{1,2,3,4}', 15)]::cell_candidates[]);

-- random_grid_sql: complete grids; a seed reproduces its grid; different seeds differ; 4x4 too.
SELECT count(*) AS grids, bool_and(is_solved(g)) AS all_solved, count(DISTINCT g) AS distinct_grids
FROM (SELECT random_grid_sql() AS g FROM generate_series(1, 20)) x;
SELECT random_grid_sql(0.25) = random_grid_sql(0.25) AS reproducible,
       random_grid_sql(0.25) <> random_grid_sql(-0.5) AS seeds_differ,
       is_solved(random_grid_sql(0.25, 4)) AND size(random_grid_sql(0.25, 4)) = 4 AS solved_4x4;
SELECT error_of($$SELECT sudoku.random_grid_sql(0.5, 10)$$);
SELECT error_of($$SELECT sudoku.random_grid_sql(2)$$);

-- The SQL versions qualify what they call: they work with nothing of the extension on the
-- search_path, and a user's function of the same name does not hijack them.
CREATE FUNCTION public.bit_count(bit) RETURNS bigint LANGUAGE sql AS 'SELECT 0::bigint';
SET search_path = public;
SELECT sudoku.solve_sql(puzzle) = sudoku.solve(puzzle) AS solve_sql,
       sudoku.propagate_combo_sql(puzzle) = sudoku.propagate(puzzle, ARRAY['preemptive_set']) AS combo,
       sudoku.solve_crook_sql(puzzle) =
           sudoku.propagate(puzzle, ARRAY['naked_single', 'hidden_single', 'preemptive_set']) AS crook,
       sudoku.is_solved(sudoku.random_grid_sql(0.5)) AS random_grid
FROM puzzles WHERE file = 'top95' AND n = 2;
DROP FUNCTION public.bit_count(bit);
SET search_path = sudoku, public;

-- compare: every approach on a seed example agrees.
SELECT approach, agree, native IS NOT NULL AS native_grid, sql IS NOT NULL AS sql_grid,
       native_ms >= 0 AS native_timed, sql_ms >= 0 AS sql_timed
FROM compare((SELECT puzzle FROM puzzles WHERE file = 'seed_examples' AND n = 1));
-- Under statement_timeout, a SQL version that cannot finish (solve_sql enumerates the
-- partial grids of an empty grid level by level) ends the call, as the timeout ends any other
-- (issue 46: compare used to catch it and go on).
SET statement_timeout = '1s';
\set VERBOSITY sqlstate
SELECT approach FROM compare(repeat('.', 81)::grid);
\set VERBOSITY default
RESET statement_timeout;
