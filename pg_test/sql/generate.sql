-- Puzzle generation and rating: sudoku.generate, sudoku.generate_many, sudoku.rate.
SET search_path = sudoku, public;

-- 200 seeds for each symmetry on 9x9, 50 on 4x4: every puzzle has exactly one solution, keeps
-- its symmetry (a cell is a given exactly when its partners are), is minimal for it (removing
-- any orbit of givens allows a second solution), and the seeds give distinct puzzles.
CREATE FUNCTION pg_temp.orbit(symmetry text, n int, r int, c int) RETURNS int[][] LANGUAGE sql IMMUTABLE AS $$ SELECT
    CASE symmetry
        WHEN 'none' THEN ARRAY[[r, c]]
        WHEN 'central' THEN ARRAY[[r, c], [n + 1 - r, n + 1 - c]]
        WHEN 'diagonal' THEN ARRAY[[r, c], [c, r]]
        WHEN 'mirror' THEN ARRAY[[r, c], [r, n + 1 - c]]
        ELSE ARRAY[[r, c], [c, n + 1 - r], [n + 1 - r, n + 1 - c], [n + 1 - c, r],
                   [c, r], [n + 1 - r, c], [n + 1 - c, n + 1 - r], [r, n + 1 - c]]
    END $$;
CREATE TEMP TABLE generated AS
SELECT s.symmetry, z.size, seed, generate(z.size, seed, s.symmetry) AS puzzle
FROM (VALUES ('none'), ('central'), ('diagonal'), ('mirror'), ('dihedral')) AS s(symmetry),
     (VALUES (9, 200), (4, 50)) AS z(size, seeds),
     LATERAL generate_series(1, z.seeds) AS seed;
SELECT symmetry, size, count(*) AS puzzles, count(DISTINCT puzzle) AS distinct_puzzles,
       count(*) FILTER (WHERE count_solutions(puzzle, 2) = 1) AS unique_solution,
       count(*) FILTER (WHERE NOT EXISTS (
           SELECT 1 FROM cells(puzzle) c, LATERAL (SELECT pg_temp.orbit(symmetry, size, c.row, c.col) AS o) x,
                generate_subscripts(x.o, 1) k
           WHERE (c.value IS NULL) <> (get(puzzle, x.o[k][1], x.o[k][2]) IS NULL))) AS symmetric,
       count(*) FILTER (WHERE NOT EXISTS (
           SELECT 1 FROM cells(puzzle) c, LATERAL (SELECT pg_temp.orbit(symmetry, size, c.row, c.col) AS o) x
           WHERE c.value IS NOT NULL
             AND count_solutions((SELECT grid_agg(y.row, y.col, y.value, size) FROM cells(puzzle) y
                                  WHERE NOT EXISTS (SELECT 1 FROM generate_subscripts(x.o, 1) k
                                                    WHERE x.o[k][1] = y.row AND x.o[k][2] = y.col)), 2) = 1))
           AS minimal,
       round(avg(givens(puzzle)), 1) AS mean_givens
FROM generated GROUP BY symmetry, size ORDER BY size, symmetry;

-- 1,000 seeds give 1,000 distinct puzzles; generate_many streams the same puzzles for a seed.
SELECT count(DISTINCT g) AS distinct_puzzles FROM generate_many(1000, 9, 7) g;
SELECT (SELECT array_agg(g) FROM generate_many(5, 9, 3) g) = (SELECT array_agg(g) FROM generate_many(5, 9, 3) g)
           AS reproducible,
       (SELECT count(*) FROM generate_many(0)) AS none_asked,
       (SELECT count(DISTINCT g) FROM generate_many(3) g) AS unseeded_distinct;
-- A target number of givens, a difficulty, and 16x16.
SELECT givens(generate(9, 11, 'central', 30)) BETWEEN 29 AND 30 AS near_30_givens,
       count_solutions(generate(9, 11, 'central', 30), 2) AS solutions,
       (rate(generate(9, 11, 'central', NULL, 'hard'))).level AS asked_hard,
       (rate(generate(9, 11, 'central', NULL, 'easy'))).level AS asked_easy,
       count_solutions(generate(16, 1), 2) AS solutions_16x16;
-- The difficulty steers the digging (a removal is kept only while the puzzle rates at most the
-- level asked for): every level comes back for 9x9 and 16x16, unique and rated as asked.
SELECT z.size, l.level, count(*) AS puzzles,
       count(*) FILTER (WHERE (rate(g)).level = l.level) AS rated_as_asked,
       count(*) FILTER (WHERE count_solutions(g, 2) = 1) AS unique_solution
FROM (VALUES (9), (16)) AS z(size),
     unnest(ARRAY['easy', 'medium', 'hard', 'expert', 'extreme']) WITH ORDINALITY AS l(level, k),
     generate_series(1, 3) AS seed,
     LATERAL generate(z.size, seed, 'central', NULL, l.level) AS g
GROUP BY z.size, l.level, l.k ORDER BY z.size, l.k;
-- 25x25 within the digging's node budget: valid, symmetric, about 290 of 625 cells given.
CREATE TEMP TABLE big AS SELECT generate(25, 1) AS puzzle;
SELECT size(puzzle) AS size, is_valid(puzzle) AS valid, givens(puzzle) BETWEEN 250 AND 320 AS about_290_givens,
       NOT EXISTS (SELECT 1 FROM cells(puzzle) c
                   WHERE (c.value IS NULL) <> (get(puzzle, 26 - c.row, 26 - c.col) IS NULL)) AS symmetric
FROM big;
-- Errors.
SELECT error_of($$SELECT sudoku.generate(9, 1, 'none', 16)$$);
SELECT error_of($$SELECT sudoku.generate(26)$$);
SELECT error_of($$SELECT sudoku.generate(9, 1, 'spiral')$$);
SELECT error_of($$SELECT sudoku.generate(9, 1, 'none', NULL, 'insane')$$);
SELECT error_of($$SELECT sudoku.generate(9, 1, 'none', -1)$$);
SELECT error_of($$SELECT sudoku.generate(4, 1, 'none', NULL, 'extreme')$$);
-- A NULL size (typed: an untyped NULL is read as the shape of generate(shape => ...), text being
-- the preferred type of the overloads' first arguments since 0.5.0; 42725 before).
SELECT error_of($$SELECT sudoku.generate(NULL::integer)$$);
SELECT error_of($$SELECT sudoku.generate(NULL)$$) AS untyped_null_is_a_shape;
SELECT error_of($$SELECT count(*) FROM sudoku.generate_many(-1)$$);

-- rate: every puzzle of easy50 and top95 is rated; the levels of easy50 lie below those of top95.
CREATE TEMP TABLE rated AS SELECT p.file, p.n, (rate(p.puzzle)).* FROM puzzles p WHERE file IN ('easy50', 'top95');
SELECT file, level, count(*) AS puzzles, min(score) AS min_score, max(score) AS max_score,
       sum(guesses) AS guesses
FROM rated GROUP BY file, level
ORDER BY file, min(score);
SELECT (SELECT count(*) FROM rated e WHERE e.file = 'easy50'
          AND e.score < ALL (SELECT h.score FROM rated h WHERE h.file = 'top95')) AS easy50_below_every_top95,
       (SELECT count(*) FROM rated WHERE file = 'easy50') AS easy50;
SELECT level, score, techniques, steps, guesses
FROM rate((SELECT puzzle FROM puzzles WHERE file = 'seed_examples' AND n = 1));
SELECT error_of($$SELECT sudoku.rate(repeat('.', 81)::sudoku.grid)$$);
SELECT error_of($$SELECT sudoku.rate(('55' || repeat('.', 79))::sudoku.grid)$$);
SELECT error_of($$SELECT sudoku.rate(('.12345678' || repeat('.', 63) || '9........')::sudoku.grid)$$);

-- The techniques of sudoku.rate, and fill_steps with them: the logical solution of every top95
-- puzzle, step by step. Every step is sound (no placement or elimination against the known
-- solution), explained, and the last row is solved with the solution.
SELECT rating_techniques();
CREATE TEMP TABLE ladder AS
SELECT p.n, solve(p.puzzle) AS solution, s.*
FROM puzzles p, fill_steps(p.puzzle, rating_techniques()) s WHERE p.file = 'top95';
SELECT count(DISTINCT n) AS puzzles, count(*) AS steps,
       count(*) FILTER (WHERE technique = 'solved' AND grid = solution) AS solved,
       count(*) FILTER (WHERE placed IS NOT NULL AND get(solution, placed[1], placed[2]) <> placed[3]) AS wrong_placements,
       count(*) FILTER (WHERE EXISTS (SELECT 1 FROM generate_subscripts(eliminated, 1) i
                                      WHERE get(solution, eliminated[i][1], eliminated[i][2]) = eliminated[i][3]))
           AS wrong_eliminations,
       count(*) FILTER (WHERE coalesce(explanation, '') = '') AS unexplained
FROM ladder;
SELECT technique, count(*) AS steps, count(DISTINCT n) AS puzzles FROM ladder
GROUP BY technique ORDER BY array_position(rating_techniques() || ARRAY['solved'], technique);
-- One of each technique, as a player reads it.
SELECT DISTINCT ON (technique) technique, explanation FROM ladder
WHERE technique <> 'solved' ORDER BY technique, n, step;
-- Only some techniques: the steps stop where none of them applies.
SELECT technique, explanation FROM fill_steps((SELECT puzzle FROM puzzles WHERE file = 'top95' AND n = 1),
                                              ARRAY['hidden_single', 'naked_single'])
WHERE technique IN ('solved', 'stalled');

-- hint: the first step of that solution, with the grid after it; NULL for a solved grid.
SELECT count(*) AS puzzles,
       count(*) FILTER (WHERE (h).technique = l.technique AND (h).explanation = l.explanation AND (h).grid = l.grid)
           AS hint_is_first_step
FROM (SELECT n, hint(puzzle) AS h FROM puzzles WHERE file = 'top95') x JOIN ladder l USING (n)
WHERE l.step = 1;
SELECT step, technique, unit, unit_no, digits, cells, placed, eliminated, explanation
FROM hint((SELECT puzzle FROM puzzles WHERE file = 'seed_examples' AND n = 1));
SELECT hint(solve((SELECT puzzle FROM puzzles WHERE file = 'top95' AND n = 1))) IS NULL AS solved_grid_has_no_hint;
SELECT error_of($$SELECT sudoku.hint(repeat('.', 81)::sudoku.grid)$$);
SELECT error_of($$SELECT sudoku.hint(('55' || repeat('.', 79))::sudoku.grid)$$);

-- neighbours (issue 37): the {-1+1} neighbourhood of two of hardest11, two 17-clue puzzles of top95
-- (one with none) and one of easy50, against a
-- brute force in plain SQL (every given blanked, every blank given every digit, kept when
-- count_solutions says one): the same puzzles, in the same order, each with one given fewer in
-- one place and one more in another.
CREATE FUNCTION pg_temp.brute_neighbours(p sudoku.grid) RETURNS SETOF sudoku.grid LANGUAGE sql STABLE AS $$
    SELECT q FROM (
        SELECT g.i AS gi, b.i AS bi, d,
               sudoku.grid((SELECT array_agg(CASE WHEN k = g.i THEN 0 WHEN k = b.i THEN d ELSE v END ORDER BY k)
                            FROM unnest(p::int[]) WITH ORDINALITY AS u(v, k))) AS q
        FROM unnest(p::int[]) WITH ORDINALITY AS g(v, i), unnest(p::int[]) WITH ORDINALITY AS b(v, i),
             generate_series(1, 9) AS d
        WHERE g.v <> 0 AND b.v = 0) c
    WHERE sudoku.count_solutions(q) = 1
    ORDER BY gi, bi, d
$$;
CREATE TEMP TABLE seeds AS
SELECT file, n, puzzle FROM puzzles
WHERE (file = 'hardest11' AND n IN (1, 6)) OR (file = 'top95' AND n IN (1, 2)) OR (file = 'easy50' AND n = 6);
SELECT s.file, s.n,
       (SELECT count(*) FROM neighbours(s.puzzle)) AS neighbours,
       (SELECT array_agg(q) FROM neighbours(s.puzzle) q)
           IS NOT DISTINCT FROM (SELECT array_agg(q) FROM pg_temp.brute_neighbours(s.puzzle) q)
           AS same_as_brute_force,
       (SELECT coalesce(bool_and(is_unique(q) AND givens(q) = givens(s.puzzle)
                        AND (SELECT count(*) FILTER (WHERE a <> 0 AND b = 0) = 1 AND count(*) FILTER (WHERE a = 0 AND b <> 0) = 1
                                    AND count(*) FILTER (WHERE a <> 0 AND b <> 0 AND a <> b) = 0
                             FROM unnest(s.puzzle::int[], q::int[]) AS z(a, b))), true)
        FROM neighbours(s.puzzle, remove => 1, add => 1) q) AS each_one_move
FROM seeds s ORDER BY s.file, s.n;
-- The shapes around it: {-0+1} keeps a unique puzzle unique only with its solution's digits;
-- {-1+0} of a minimal puzzle is empty; duplicates up to equivalence meet under canonical.
SELECT (SELECT count(*) FROM neighbours(puzzle, 0, 1)) = 81 - givens(puzzle) AS add_only,
       (SELECT bool_and(solve(q) = solve(puzzle)) FROM neighbours(puzzle, 0, 1) q) AS add_only_keeps_solution,
       (SELECT count(*) FROM neighbours(puzzle, 1, 0)) AS remove_only,
       (SELECT count(DISTINCT canonical(q)) FROM neighbours(puzzle) q) AS up_to_equivalence
FROM puzzles WHERE file = 'hardest11' AND n = 1;
SELECT error_of($$SELECT count(*) FROM sudoku.neighbours((SELECT puzzle FROM puzzles WHERE file = 'top95' AND n = 1), -1, 1)$$);
SELECT error_of($$SELECT count(*) FROM sudoku.neighbours((SELECT puzzle FROM puzzles WHERE file = 'top95' AND n = 1), 3, 3)$$);
SELECT error_of($$SELECT count(*) FROM sudoku.neighbours((SELECT puzzle FROM puzzles WHERE file = 'top95' AND n = 1), 30, 0)$$);
-- A neighbourhood of 22 million puzzles to try stops at statement_timeout.
SET statement_timeout = '200ms';
SELECT count(*) FROM neighbours((SELECT puzzle FROM puzzles WHERE file = 'top95' AND n = 1), 2, 2);
RESET statement_timeout;
