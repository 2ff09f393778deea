-- The native solver on real puzzles: every puzzle solved in one statement, every solution
-- checked by public.solves (plain SQL, independent of the engine), uniqueness counted.
SET search_path = sudoku, public;

CREATE TEMP TABLE solved AS
SELECT file, n, puzzle, solve(puzzle) AS solution, count_solutions(puzzle) AS solutions, is_unique(puzzle) AS is_unique
FROM puzzles WHERE file <> 'multi_solution_serg';

SELECT file, count(*) AS puzzles,
       count(solution) AS solved,
       count(*) FILTER (WHERE solves(puzzle, solution)) AS checked,
       count(*) FILTER (WHERE solutions = 1 AND is_unique) AS unique_solution,
       count(*) FILTER (WHERE is_solved(solution)) AS is_solved,
       count(*) FILTER (WHERE is_valid(puzzle) AND NOT is_solved(puzzle)) AS valid_unsolved_puzzles
FROM solved GROUP BY file ORDER BY file;

-- A solved grid is its own solution.
SELECT count(*) FILTER (WHERE solve(solution) = solution AND count_solutions(solution, 5) = 1) AS fixed_points
FROM solved WHERE file = 'top95';

-- multi_solution_serg: two or more solutions each (first 500 lines); solve still returns one.
SELECT count(*) AS puzzles,
       count(*) FILTER (WHERE count_solutions(puzzle) = 2) AS at_least_two,
       count(*) FILTER (WHERE NOT is_unique(puzzle)) AS not_unique,
       count(*) FILTER (WHERE solves(puzzle, solve(puzzle))) AS solved_and_checked
FROM puzzles WHERE file = 'multi_solution_serg' AND n <= 500;

-- count_solutions stops at max: the empty 4x4 grid has 288 solutions.
SELECT count_solutions(repeat('.', 16)::grid, 1000) AS all_4x4, count_solutions(repeat('.', 16)::grid, 100) AS capped,
       count_solutions(repeat('.', 81)::grid, 7) AS capped_9x9;

-- solve is deterministic: the same grid twice, and the first of several solutions is a solution.
SELECT solve(g) = solve(g) AS same, solves(g, solve(g)) AS valid
FROM (SELECT repeat('.', 81)::grid AS g) e;

-- Conflicting givens: not valid, no solution, NULL from solve; a removed given is noticed.
SELECT is_valid(g) AS valid, solve(g) IS NULL AS no_solution, count_solutions(g) AS solutions, is_unique(g) AS is_unique
FROM (SELECT ('55' || repeat('.', 79))::grid AS g UNION ALL SELECT ('5' || repeat('.', 8) || '5' || repeat('.', 71))::grid
      UNION ALL SELECT ('5' || repeat('.', 9) || '5' || repeat('.', 70))::grid) c;

-- Other sizes: puzzles made by blanking every third cell of a solved grid. The solution found
-- is complete and keeps every given (it need not be the grid the puzzle came from).
SELECT size, count_solutions(p, 2) AS solutions, is_valid(p) AS valid, is_solved(solve(p)) AS solved,
       NOT EXISTS (SELECT 1 FROM unnest(p::int[], solve(p)::int[]) AS c(g, v) WHERE g <> 0 AND g <> v) AS givens_kept
FROM (SELECT size, s, grid((SELECT array_agg(CASE WHEN i % 3 = 0 THEN 0 ELSE v END ORDER BY i)
                            FROM unnest(s::int[]) WITH ORDINALITY AS u(v, i))) AS p
      FROM (SELECT size, solve(repeat('.', size * size)::grid) AS s FROM unnest(ARRAY[4, 9, 16, 25]) AS size) e) q
ORDER BY size;
