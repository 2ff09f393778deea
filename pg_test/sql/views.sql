-- Set-based views: cells and grid_agg, candidates, solutions, propagate, hidden_singles, search_tree, random_grid.
SET search_path = sudoku, public;

-- cells then grid_agg round-trips every grid of top95, with and without the size argument.
SELECT count(*) AS puzzles,
       count(*) FILTER (WHERE (SELECT grid_agg(c.row, c.col, c.value) FROM cells(puzzle) c) = puzzle) AS round_trip,
       count(*) FILTER (WHERE (SELECT grid_agg(c.row, c.col, c.value, 9) FROM cells(puzzle) c) = puzzle) AS sized,
       count(*) FILTER (WHERE (SELECT count(*) FROM cells(puzzle)) = 81) AS rows_81
FROM puzzles WHERE file = 'top95';
SELECT * FROM cells((SELECT puzzle FROM puzzles WHERE file = 'seed_examples' AND n = 1)) LIMIT 12;
-- Other sizes: every row of a solved grid, blanks too.
SELECT size, (SELECT grid_agg(c.row, c.col, c.value, size) FROM cells(g) c) = g AS round_trip,
       (SELECT count(*) FROM cells(g) WHERE value IS NULL) AS blanks, (SELECT max(box) FROM cells(g)) AS boxes
FROM (SELECT size, grid((SELECT array_agg(CASE WHEN i % 2 = 0 THEN 0 ELSE v END ORDER BY i)
                         FROM unnest(solve(repeat('.', size * size)::grid)::int[]) WITH ORDINALITY AS u(v, i))) AS g
      FROM unnest(ARRAY[4, 9, 16, 25]) AS size) s ORDER BY size;
-- The classic one-row-per-cell table, grouped back into grids.
CREATE TEMP TABLE sudoku_field AS
SELECT p.n AS puzzle_id, c.row, c.col, c.value FROM puzzles p, cells(p.puzzle) c
WHERE p.file = 'easy50' AND c.value IS NOT NULL;
SELECT count(*) AS grids, count(*) FILTER (WHERE g = p.puzzle) AS equal
FROM (SELECT puzzle_id, grid_agg(row, col, value, 9) AS g FROM sudoku_field GROUP BY puzzle_id) a
JOIN puzzles p ON p.file = 'easy50' AND p.n = a.puzzle_id;
SELECT grid_agg(r, c, v) AS inferred_4x4 FROM (VALUES (1, 1, 1), (2, 3, 4), (4, 4, NULL)) AS t(r, c, v);
SELECT grid_agg(r, c, v) IS NULL AS no_rows FROM (SELECT 1, 1, 1 WHERE false) AS t(r, c, v);
SELECT error_of($$SELECT sudoku.grid_agg(r, c, v) FROM (VALUES (1, 1, 1), (1, 1, 2)) AS t(r, c, v)$$);
SELECT error_of($$SELECT sudoku.grid_agg(r, c, v, 4) FROM (VALUES (5, 1, 1)) AS t(r, c, v)$$);
SELECT error_of($$SELECT sudoku.grid_agg(r, c, v, 4) FROM (VALUES (1, 1, 9)) AS t(r, c, v)$$);
SELECT error_of($$SELECT sudoku.grid_agg(r, c, v) FROM (VALUES (1, 1, 26)) AS t(r, c, v)$$);
SELECT error_of($$SELECT sudoku.grid_agg(r, c, v, 26) FROM (VALUES (1, 1, 1)) AS t(r, c, v)$$);
SELECT error_of($$SELECT sudoku.grid_agg(r, c, v, NULL) FROM (VALUES (1, 1, 1)) AS t(r, c, v)$$);
SELECT error_of($$SELECT sudoku.grid_agg(r, c, v) FROM (VALUES (1, NULL::integer, 1)) AS t(r, c, v)$$);
-- A forgotten GROUP BY over a million cell rows: the first row no grid can hold (row 26) is an
-- error at once, not after the million (each row is checked as it comes, in constant time).
SELECT error_of($$SELECT sudoku.grid_agg(i, 1, 1) FROM generate_series(1, 1000000) i$$);
-- grid_agg in a parallel plan (issue 37): the cells of top95's solutions, grouped back per puzzle
-- and, for one puzzle whose rows are spread over the workers, combined from their partial states;
-- the same grids as without parallel query. The partial and finalize steps are in the plan.
CREATE TABLE solved_cells AS
SELECT p.n, c.row, c.col, c.value FROM puzzles p, cells(solve(p.puzzle)) c, generate_series(1, 8) copy
WHERE p.file = 'top95';
ANALYZE solved_cells;
CREATE TEMP TABLE serial_grids AS SELECT n, grid_agg(row, col, value) AS g FROM solved_cells GROUP BY n;
SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0; SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2; SET parallel_leader_participation = off;
SELECT bool_or(line ~ 'Partial .*Aggregate') AS partial, bool_or(line ~ 'Finalize .*Aggregate') AS finalize,
       bool_or(line ~ 'Gather') AS gather
FROM plan_of($$SELECT n, grid_agg(row, col, value) FROM solved_cells GROUP BY n$$) AS line;
SELECT count(*) AS groups, count(*) FILTER (WHERE a.g = s.g) AS equal_to_serial,
       count(*) FILTER (WHERE a.g = solve(p.puzzle)) AS solutions
FROM (SELECT n, grid_agg(row, col, value) AS g FROM solved_cells GROUP BY n) a
JOIN serial_grids s USING (n) JOIN puzzles p ON p.file = 'top95' AND p.n = a.n;
SELECT bool_or(line ~ 'Partial .*Aggregate') AS partial, bool_or(line ~ 'Finalize .*Aggregate') AS finalize,
       bool_or(line ~ 'Gather') AS gather
FROM plan_of($$SELECT grid_agg(row, col, value, 9) FROM solved_cells WHERE n = 17$$) AS line;
SELECT (SELECT grid_agg(row, col, value, 9) FROM solved_cells WHERE n = 17) = (SELECT g FROM serial_grids WHERE n = 17)
       AS one_grid_from_two_workers;
-- A cell given two values, whether the rows meet in one worker's steps or in the combine step.
INSERT INTO solved_cells SELECT 17, 9, 9, (SELECT 1 + value % 9 FROM solved_cells WHERE n = 17 AND row = 9 AND col = 9 LIMIT 1)
FROM generate_series(1, 1000);
SELECT regexp_replace(error_of($$SELECT grid_agg(row, col, value) FROM solved_cells WHERE n = 17$$),
                      'both [0-9] and [0-9]', 'both x and y') AS conflict;
RESET parallel_setup_cost; RESET parallel_tuple_cost; RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather; RESET parallel_leader_participation;
DROP TABLE solved_cells;
-- The steps called by hand: states are checked, and two made for different sizes do not combine.
SELECT grid_agg_final(grid_agg_combine(grid_agg_step(NULL, 1, 1, 1, 4), grid_agg_step(NULL, 2, 2, 2, 4))) AS combined;
SELECT error_of($$SELECT sudoku.grid_agg_combine(sudoku.grid_agg_step(NULL, 1, 1, 1), sudoku.grid_agg_step(NULL, 2, 2, 1, 9))$$);
SELECT error_of($$SELECT sudoku.grid_agg_final('\x0102'::bytea)$$);
SELECT error_of($$SELECT sudoku.grid_agg_step('\x09'::bytea, 1, 1, 1)$$);
-- The same rows grouped per puzzle, in one query over many groups: each group's state is its own.
SELECT count(*) AS groups, count(*) FILTER (WHERE g = p.puzzle) AS equal
FROM (SELECT n, grid_agg(c.row, c.col, c.value) AS g FROM puzzles, cells(puzzle) c
      WHERE file = 'top95' GROUP BY n) a
JOIN puzzles p ON p.file = 'top95' AND p.n = a.n;

-- candidates are exactly the digits absent from the cell's peers, checked here in plain SQL
-- over cells, on every puzzle of top95.
CREATE TEMP TABLE top95_cells AS SELECT p.n, c.* FROM puzzles p, cells(p.puzzle) c WHERE p.file = 'top95';
CREATE INDEX ON top95_cells (n, value);
ANALYZE top95_cells;
CREATE TEMP TABLE expected_candidates AS
SELECT b.n, b.row, b.col, array_agg(d ORDER BY d) AS digits
FROM top95_cells b, generate_series(1, 9) d
WHERE b.value IS NULL
  AND NOT EXISTS (SELECT 1 FROM top95_cells o
                  WHERE o.n = b.n AND o.value = d AND (o.row = b.row OR o.col = b.col OR o.box = b.box))
GROUP BY b.n, b.row, b.col;
CREATE TEMP TABLE native_candidates AS
SELECT p.n, c.* FROM puzzles p, candidates(p.puzzle) c WHERE p.file = 'top95';
SELECT (SELECT count(*) FROM native_candidates) AS native_rows,
       (SELECT count(*) FROM (SELECT n, row, col, candidates FROM native_candidates
                              EXCEPT SELECT n, row, col, digits FROM expected_candidates) x) AS native_only,
       (SELECT count(*) FROM (SELECT n, row, col, digits FROM expected_candidates
                              EXCEPT SELECT n, row, col, candidates FROM native_candidates) x) AS expected_only,
       (SELECT count(*) FROM native_candidates
        WHERE mask <> (SELECT sum(1 << (d - 1)) FROM unnest(candidates) d)) AS mask_mismatches;
SELECT * FROM candidates((SELECT puzzle FROM puzzles WHERE file = 'seed_examples' AND n = 1)) LIMIT 5;

-- solutions: the empty 4x4 grid has 288, the set the brute-force join finds: the 24 rows
-- that are permutations of 1-4, joined four times with column and box constraints.
CREATE TEMP TABLE perms AS
SELECT ARRAY[a, b, c, d] AS r FROM generate_series(1, 4) a, generate_series(1, 4) b, generate_series(1, 4) c,
       generate_series(1, 4) d
WHERE a <> b AND a <> c AND a <> d AND b <> c AND b <> d AND c <> d;
CREATE TEMP TABLE joined AS
SELECT grid(r1.r || r2.r || r3.r || r4.r) AS g
FROM perms r1, perms r2, perms r3, perms r4
WHERE r1.r[1] <> r2.r[1] AND r1.r[2] <> r2.r[2] AND r1.r[3] <> r2.r[3] AND r1.r[4] <> r2.r[4]
  AND r3.r[1] NOT IN (r1.r[1], r2.r[1]) AND r3.r[2] NOT IN (r1.r[2], r2.r[2])
  AND r3.r[3] NOT IN (r1.r[3], r2.r[3]) AND r3.r[4] NOT IN (r1.r[4], r2.r[4])
  AND r4.r[1] NOT IN (r1.r[1], r2.r[1], r3.r[1]) AND r4.r[2] NOT IN (r1.r[2], r2.r[2], r3.r[2])
  AND r4.r[3] NOT IN (r1.r[3], r2.r[3], r3.r[3]) AND r4.r[4] NOT IN (r1.r[4], r2.r[4], r3.r[4])
  AND r2.r[1] NOT IN (r1.r[1], r1.r[2]) AND r2.r[2] NOT IN (r1.r[1], r1.r[2])
  AND r2.r[3] NOT IN (r1.r[3], r1.r[4]) AND r2.r[4] NOT IN (r1.r[3], r1.r[4])
  AND r4.r[1] NOT IN (r3.r[1], r3.r[2]) AND r4.r[2] NOT IN (r3.r[1], r3.r[2])
  AND r4.r[3] NOT IN (r3.r[3], r3.r[4]) AND r4.r[4] NOT IN (r3.r[3], r3.r[4]);
CREATE TEMP TABLE streamed AS SELECT g FROM solutions(repeat('.', 16)::grid, 1000) g;
SELECT (SELECT count(*) FROM joined) AS joined, (SELECT count(*) FROM streamed) AS streamed,
       (SELECT count(DISTINCT g) FROM streamed) AS distinct_grids,
       (SELECT count(*) FROM streamed WHERE is_solved(g)) AS valid,
       (SELECT count(*) FROM (SELECT g FROM streamed EXCEPT SELECT g FROM joined) x) AS not_joined;
-- The first solution is solve's; max_solutions caps; a unique puzzle has one. Called in the
-- SELECT list, the search runs one row per call, so LIMIT stops a search of a billion early.
SELECT (SELECT g FROM solutions(repeat('.', 81)::grid, 3) g LIMIT 1) = solve(repeat('.', 81)::grid) AS first_is_solve,
       (SELECT count(*) FROM (SELECT solutions(repeat('.', 256)::grid, 1000000000) LIMIT 5) x) AS limited,
       (SELECT count(*) FROM solutions(repeat('.', 81)::grid, 7)) AS capped,
       (SELECT count(*) FROM solutions(repeat('.', 81)::grid, 0)) AS none;
SELECT count(*) AS puzzles, count(*) FILTER (WHERE (SELECT array_agg(g) FROM solutions(puzzle, 5) g) = ARRAY[solve(puzzle)]) AS one_each
FROM puzzles WHERE file = 'top95';
SELECT count(*) FILTER (WHERE (SELECT count(*) FROM solutions(puzzle, 2)) = 2) AS two_or_more
FROM puzzles WHERE file = 'multi_solution_serg' AND n <= 200;
SELECT error_of($$SELECT sudoku.solutions(repeat('.', 81)::sudoku.grid, -1)$$);
SET statement_timeout = '200ms';
SELECT count(*) FROM sudoku.solutions(repeat('.', 81)::sudoku.grid, 2000000000);
RESET statement_timeout;

-- propagate: the fixpoint of the chosen techniques. Every placed digit agrees with the
-- solution; more techniques place at least as much; no technique changes nothing.
CREATE TEMP TABLE propagated AS
SELECT p.file, p.n, p.puzzle, solve(p.puzzle) AS solution,
       propagate(p.puzzle) AS every,
       propagate(p.puzzle, ARRAY['naked_single', 'hidden_single']) AS singles,
       propagate(p.puzzle, ARRAY['naked_single']) AS naked,
       propagate(p.puzzle, ARRAY[]::text[]) AS nothing
FROM puzzles p WHERE p.file IN ('easy50', 'top95', 'hardest11');
SELECT file, count(*) AS puzzles,
       count(*) FILTER (WHERE every = solution) AS solved_by_every,
       count(*) FILTER (WHERE singles = solution) AS solved_by_singles,
       count(*) FILTER (WHERE naked = solution) AS solved_by_naked,
       count(*) FILTER (WHERE nothing = puzzle) AS nothing_unchanged,
       count(*) FILTER (WHERE givens(every) >= givens(singles) AND givens(singles) >= givens(naked)
                          AND givens(naked) >= givens(puzzle)) AS monotone,
       count(*) FILTER (WHERE NOT EXISTS (
           SELECT 1 FROM unnest(every::int[], singles::int[], naked::int[], solution::int[]) AS c(e, s, k, v)
           WHERE (e <> 0 AND e <> v) OR (s <> 0 AND s <> v) OR (k <> 0 AND k <> v))) AS agree_with_solution
FROM propagated GROUP BY file ORDER BY file;
SELECT propagate(('55' || repeat('.', 79))::grid) IS NULL AS conflict_is_null,
       propagate(repeat('.', 16)::grid) = repeat('.', 16)::grid AS empty_stays_empty;
-- One vocabulary: propagate also takes the rating techniques (the ladder's steps to their end).
-- The fixpoint of the singles and locked candidates is the same by either path (bulk, or
-- ladder with the techniques named one by one); with a guess allowed the ladder solves; a
-- family name stands for its techniques.
SELECT p.file, count(*) AS puzzles,
       count(*) FILTER (WHERE propagate(p.puzzle, ARRAY['hidden_single', 'naked_single', 'pointing', 'claiming'])
                              = propagate(p.puzzle, ARRAY['naked_single', 'hidden_single', 'locked_candidates']))
           AS ladder_is_bulk,
       count(*) FILTER (WHERE propagate(p.puzzle, rating_techniques()) = solve(p.puzzle)) AS with_guess_solves,
       count(*) FILTER (WHERE propagate(p.puzzle, ARRAY['hidden_single', 'naked_single', 'locked_candidates', 'x_wing'])
                              = propagate(p.puzzle, ARRAY['hidden_single', 'naked_single', 'pointing', 'claiming', 'x_wing']))
           AS family_is_its_techniques
FROM puzzles p WHERE p.file IN ('easy50', 'top95') GROUP BY p.file ORDER BY p.file;
SELECT error_of($$SELECT sudoku.propagate(repeat('.', 81)::sudoku.grid, ARRAY['x_wing'])$$);
SELECT error_of($$SELECT sudoku.propagate(repeat('.', 81)::sudoku.grid, ARRAY['wing'])$$);
SELECT error_of($$SELECT sudoku.propagate(repeat('.', 81)::sudoku.grid, ARRAY['x_wing', NULL])$$);
SELECT error_of($$SELECT * FROM sudoku.fill_steps(repeat('.', 81)::sudoku.grid, ARRAY[NULL::text])$$);

-- hidden_singles: each has exactly one candidate place in its unit, checked on top95 against
-- the candidates view; and placing them never contradicts the solution.
CREATE TEMP TABLE hs AS
SELECT p.n, p.puzzle, solve(p.puzzle) AS solution, h.* FROM puzzles p, hidden_singles(p.puzzle) h WHERE p.file = 'top95';
SELECT count(*) AS hidden_singles, count(DISTINCT n) AS puzzles_with_some,
       count(*) FILTER (WHERE get(solution, row, col) = value) AS agree_with_solution,
       count(*) FILTER (WHERE (SELECT count(*) FROM candidates(hs.puzzle) c
                               WHERE hs.value = ANY (c.candidates)
                                 AND CASE hs.unit WHEN 'row' THEN c.row WHEN 'column' THEN c.col ELSE c.box END = hs.unit_no) = 1)
           AS one_place
FROM hs;
SELECT * FROM hidden_singles((SELECT puzzle FROM puzzles WHERE file = 'seed_examples' AND n = 1)) LIMIT 5;

-- search_tree: the same nodes per depth as a plain recursive CTE over the 81-character string
-- (the article's approach: fill the first blank with every digit not in its row, column or box).
CREATE TEMP TABLE cte_levels AS
WITH RECURSIVE fill(n, depth, s) AS (
    SELECT n, 0, puzzle::text FROM puzzles WHERE file = 'seed_examples'
    UNION ALL
    SELECT f.n, f.depth + 1, overlay(f.s PLACING d::text FROM strpos(f.s, '.') FOR 1)
    FROM fill f, generate_series(1, 9) d
    WHERE strpos(f.s, '.') > 0
      AND NOT EXISTS (
          SELECT 1 FROM generate_series(0, 80) j
          WHERE substr(f.s, j + 1, 1) = d::text
            AND (j / 9 = (strpos(f.s, '.') - 1) / 9
                 OR j % 9 = (strpos(f.s, '.') - 1) % 9
                 OR (j / 27 = (strpos(f.s, '.') - 1) / 27 AND j % 9 / 3 = (strpos(f.s, '.') - 1) % 9 / 3)))
)
SELECT n, depth, count(*) AS nodes, count(*) FILTER (WHERE strpos(s, '.') = 0) AS solutions FROM fill GROUP BY n, depth;
CREATE TEMP TABLE native_levels AS
SELECT p.n, t.depth, count(*) AS nodes, count(*) FILTER (WHERE t.is_solution) AS solutions
FROM puzzles p, search_tree(p.puzzle, 10000000) t WHERE p.file = 'seed_examples' GROUP BY p.n, t.depth;
SELECT (SELECT count(*) FROM cte_levels) AS levels, (SELECT sum(nodes) FROM cte_levels) AS cte_nodes,
       (SELECT sum(nodes) FROM native_levels) AS native_nodes,
       (SELECT count(*) FROM (SELECT * FROM cte_levels EXCEPT SELECT * FROM native_levels) x) AS cte_only,
       (SELECT count(*) FROM (SELECT * FROM native_levels EXCEPT SELECT * FROM cte_levels) x) AS native_only,
       (SELECT sum(solutions) FROM native_levels) AS solutions;
SELECT t.depth, t.row, t.col, t.digit, t.is_solution
FROM search_tree((SELECT puzzle FROM puzzles WHERE file = 'seed_examples' AND n = 1), 6) t;
SELECT count(*) AS capped FROM search_tree(repeat('.', 81)::grid, 1000);
SELECT error_of($$SELECT * FROM sudoku.search_tree(repeat('.', 81)::sudoku.grid, -1)$$);

-- random_grid: a seed gives the same grid; 10,000 seeds give 10,000 valid, distinct grids;
-- without a seed, grids differ from call to call.
SELECT count(*) AS seeds, count(DISTINCT g) AS distinct_grids, count(*) FILTER (WHERE is_solved(g)) AS valid,
       count(*) FILTER (WHERE g = random_grid(9, s)) AS reproduced
FROM (SELECT s, random_grid(9, s) AS g FROM generate_series(1, 10000) s) r;
SELECT size, is_solved(random_grid(size, 42)) AS valid, random_grid(size, 42) = random_grid(size, 42) AS same,
       sudoku.size(random_grid(size, 42)) = size AS sized
FROM unnest(ARRAY[4, 9, 16, 25]) size ORDER BY size;
SELECT count(DISTINCT g) AS distinct_unseeded, bool_and(is_solved(g)) AS valid
FROM (SELECT random_grid() AS g FROM generate_series(1, 20)) r;
SELECT count(DISTINCT random_grid(4, s)) AS all_4x4_reachable FROM generate_series(1, 20000) s;
SELECT error_of($$SELECT sudoku.random_grid(26, 1)$$);
SELECT error_of($$SELECT sudoku.random_grid(3)$$);
