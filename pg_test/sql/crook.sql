-- Crook's preemptive sets and the fill trace: sudoku.preemptive_sets against the definition and
-- against the enclosed-combo enumeration of the set-based SQL loop written here, and
-- sudoku.fill_steps replayed in SQL against sudoku.propagate.
SET search_path = sudoku, public;

-- Every reported set satisfies the definition on top95, checked against sudoku.candidates:
-- its cells are exactly the blank cells of the unit whose candidates lie in its digits, as many
-- as its digits, and they hold every one of them. The solution never has one of the digits in
-- another blank cell of the unit (so the eliminations are sound).
CREATE TEMP TABLE cand AS
SELECT p.file, p.n, c.* FROM puzzles p, candidates(p.puzzle) c WHERE p.file IN ('top95', 'seed_examples');
CREATE TEMP TABLE ps AS
SELECT p.file, p.n, p.puzzle, solve(p.puzzle) AS solution, s.*
FROM puzzles p, preemptive_sets(p.puzzle) s WHERE p.file IN ('top95', 'seed_examples');
CREATE FUNCTION pg_temp.unit_no(unit text, r int, c int, b int) RETURNS int LANGUAGE sql IMMUTABLE
AS $$ SELECT CASE unit WHEN 'row' THEN r WHEN 'column' THEN c ELSE b END $$;
SELECT file, count(*) AS sets, count(DISTINCT n) AS puzzles, min(size) AS smallest, max(size) AS largest,
       count(*) FILTER (WHERE size = cardinality(digits) AND size = array_length(cells, 1)) AS shaped,
       count(*) FILTER (WHERE (SELECT array_agg(ARRAY[c.row, c.col] ORDER BY c.row, c.col) FROM cand c
                               WHERE c.file = ps.file AND c.n = ps.n
                                 AND pg_temp.unit_no(ps.unit, c.row, c.col, c.box) = ps.unit_no
                                 AND c.candidates <@ ps.digits) = ps.cells) AS cells_are_the_fitting_ones,
       count(*) FILTER (WHERE (SELECT array_agg(DISTINCT d ORDER BY d) FROM cand c, unnest(c.candidates) d
                               WHERE c.file = ps.file AND c.n = ps.n
                                 AND pg_temp.unit_no(ps.unit, c.row, c.col, c.box) = ps.unit_no
                                 AND c.candidates <@ ps.digits) = ps.digits) AS hold_every_digit,
       count(*) FILTER (WHERE NOT EXISTS (
           SELECT 1 FROM cand c
           WHERE c.file = ps.file AND c.n = ps.n AND pg_temp.unit_no(ps.unit, c.row, c.col, c.box) = ps.unit_no
             AND NOT ARRAY[c.row, c.col] <@ ps.cells AND get(ps.solution, c.row, c.col) = ANY (ps.digits))) AS sound
FROM ps GROUP BY file ORDER BY file;

-- The enclosed combos of the set-based SQL loop: every bitmask 1..511 of every unit whose
-- fitting cells (mask within the combo) number its popcount and together hold all of it. The
-- same sets as sudoku.preemptive_sets, on every puzzle of top95.
CREATE TEMP TABLE combos AS
WITH unit_cells AS (
    SELECT c.file, c.n, u.unit, pg_temp.unit_no(u.unit, c.row, c.col, c.box) AS unit_no, c.row, c.col, c.mask
    FROM cand c, unnest(ARRAY['row', 'column', 'box']) AS u(unit)
    WHERE c.file = 'top95'
), fit AS (
    SELECT uc.file, uc.n, uc.unit, uc.unit_no, m.combo,
           count(*) AS cells, bit_or(uc.mask) AS held,
           array_agg(ARRAY[uc.row, uc.col] ORDER BY uc.row, uc.col) AS cell_list
    FROM unit_cells uc, generate_series(1, 511) AS m(combo)
    WHERE uc.mask & ~m.combo = 0
    GROUP BY uc.file, uc.n, uc.unit, uc.unit_no, m.combo
)
SELECT file, n, unit, unit_no,
       ARRAY(SELECT d FROM generate_series(1, 9) d WHERE combo & (1 << (d - 1)) <> 0) AS digits, cell_list AS cells
FROM fit WHERE held = combo AND cells = length(replace(combo::bit(9)::text, '0', ''));
SELECT (SELECT count(*) FROM combos) AS combos,
       (SELECT count(*) FROM (SELECT file, n, unit, unit_no, digits, cells FROM ps WHERE file = 'top95'
                              EXCEPT SELECT * FROM combos) x) AS only_native,
       (SELECT count(*) FROM (SELECT * FROM combos
                              EXCEPT SELECT file, n, unit, unit_no, digits, cells FROM ps WHERE file = 'top95') x) AS only_combos;

-- A sample, max_size, NULL arguments and errors.
SELECT unit, unit_no, size, digits, cells
FROM preemptive_sets((SELECT puzzle FROM puzzles WHERE file = 'seed_examples' AND n = 1), 2) LIMIT 6;
SELECT (SELECT count(*) FROM ps WHERE file = 'top95' AND size <= 3) =
       (SELECT count(*) FROM puzzles p, preemptive_sets(p.puzzle, 3) WHERE p.file = 'top95') AS max_size_filters,
       (SELECT count(*) FROM preemptive_sets(repeat('.', 81)::grid)) AS empty_9x9_whole_units,
       (SELECT count(*) FROM preemptive_sets(NULL)) AS null_grid,
       (SELECT count(*) FROM preemptive_sets(repeat('.', 16)::grid, NULL)) AS null_max_size;
SELECT error_of($$SELECT * FROM sudoku.preemptive_sets(repeat('.', 81)::sudoku.grid, -1)$$);
-- 16x16: a random grid with two cells in three blanked; every set has as many cells as digits.
WITH g AS (
    SELECT grid_agg(c.row, c.col, CASE WHEN (c.row * 16 + c.col) % 3 = 0 THEN c.value END, 16) AS puzzle
    FROM cells(random_grid(16, 7)) c
)
SELECT count(*) AS sets_16x16, bool_and(size = cardinality(digits) AND size = array_length(cells, 1)) AS shaped,
       max(size) AS largest
FROM g, preemptive_sets(g.puzzle);

-- fill_steps: the first steps of a seed example, in full.
SELECT step, technique, unit, unit_no, digits, cells, placed, eliminated
FROM fill_steps((SELECT puzzle FROM puzzles WHERE file = 'seed_examples' AND n = 1)) LIMIT 8;

-- Replayed in SQL: the puzzle's cells plus every placed digit, in step order, make exactly the
-- grid of sudoku.propagate, for the default techniques and for singles alone; every step's
-- grid has its predecessor's digits plus its own placement; no step eliminates or places
-- against the solution; the last row says how it ended.
CREATE TEMP TABLE steps AS
SELECT p.file, p.n, p.puzzle, t.techniques, s.*
FROM puzzles p,
     (VALUES (ARRAY['naked_single', 'hidden_single', 'locked_candidates', 'preemptive_set']),
             (ARRAY['naked_single', 'hidden_single'])) AS t(techniques),
     fill_steps(p.puzzle, t.techniques) s
WHERE p.file IN ('easy50', 'top95', 'hardest11');
WITH replayed AS (
    SELECT file, n, puzzle, techniques,
           (SELECT grid_agg(r, c, v, 9) FROM (
                SELECT row AS r, col AS c, value AS v FROM cells(puzzle)
                UNION ALL
                SELECT placed[1], placed[2], placed[3] FROM steps s2
                WHERE s2.file = s.file AND s2.n = s.n AND s2.techniques = s.techniques AND placed IS NOT NULL) x)
               AS grid
    FROM steps s WHERE technique IN ('solved', 'stalled', 'contradiction')
)
SELECT file, cardinality(techniques) AS techniques, count(*) AS puzzles,
       count(*) FILTER (WHERE grid = propagate(puzzle, techniques)) AS replay_is_propagate,
       count(*) FILTER (WHERE grid = solve(puzzle)) AS solved
FROM replayed GROUP BY 1, 2 ORDER BY 1, 2;
SELECT file, cardinality(techniques) AS techniques, technique, count(*) AS rows,
       count(*) FILTER (WHERE grid = (SELECT grid_agg(r, c, v, 9) FROM (
                                          SELECT row, col, value FROM cells(before) WHERE value IS NOT NULL
                                          UNION ALL SELECT placed[1], placed[2], placed[3] WHERE placed IS NOT NULL
                                      ) AS c(r, c, v))) AS grid_follows,
       count(*) FILTER (WHERE placed IS NULL OR get(solve(puzzle), placed[1], placed[2]) = placed[3]) AS placed_right,
       count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM generate_subscripts(eliminated, 1) i
                                          WHERE get(solve(puzzle), eliminated[i][1], eliminated[i][2]) = eliminated[i][3]))
           AS eliminated_right
FROM (SELECT s.*, coalesce(lag(s.grid) OVER (PARTITION BY s.file, s.n, s.techniques ORDER BY s.step), s.puzzle) AS before
      FROM steps s) x
GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
SELECT technique, step, grid IS NOT NULL AS has_grid
FROM fill_steps(('55' || repeat('.', 79))::grid);
SELECT error_of($$SELECT * FROM sudoku.fill_steps(repeat('.', 81)::sudoku.grid, ARRAY['dancing_links'])$$);
-- The techniques of sudoku.rate need a puzzle with one solution.
SELECT error_of($$SELECT * FROM sudoku.fill_steps(repeat('.', 81)::sudoku.grid, ARRAY['guess'])$$);

-- One vocabulary: with any name beyond propagate's four, fill_steps follows the rating ladder,
-- where a family name (locked_candidates, preemptive_set) stands for its techniques and names
-- their steps: the same steps as with those techniques named one by one, on every top95 puzzle.
CREATE TEMP TABLE by_family AS
SELECT p.n, s.step, s.technique, s.placed, s.eliminated
FROM puzzles p, fill_steps(p.puzzle, ARRAY['hidden_single', 'naked_single', 'locked_candidates', 'preemptive_set',
                                           'x_wing']) s
WHERE p.file = 'top95';
CREATE TEMP TABLE by_name AS
SELECT p.n, s.step, s.technique, s.placed, s.eliminated
FROM puzzles p, fill_steps(p.puzzle, ARRAY['hidden_single', 'naked_single', 'pointing', 'claiming', 'naked_pair',
                                           'hidden_pair', 'naked_triple', 'hidden_triple', 'naked_quad',
                                           'hidden_quad', 'x_wing']) s
WHERE p.file = 'top95';
SELECT f.technique AS by_family, o.technique AS by_name, count(*) AS steps,
       count(*) FILTER (WHERE f.placed IS NOT DISTINCT FROM o.placed AND f.eliminated = o.eliminated) AS same_step
FROM by_family f FULL JOIN by_name o USING (n, step)
GROUP BY 1, 2 ORDER BY 1, 2;

-- One parameter name for a grid: named notation reads the same for a native function and its
-- _sql twin; only the operators' support functions (two grids: left, right) name it otherwise.
SELECT (SELECT count(*) FROM candidates_sql(grid => p.puzzle)) = (SELECT count(*) FROM candidates(grid => p.puzzle))
           AS candidates_named,
       propagate_combo_sql(grid => p.puzzle)::text
           = propagate(grid => p.puzzle, techniques => ARRAY['preemptive_set'])::text AS combo_named
FROM puzzles p WHERE p.file = 'seed_examples' AND p.n = 1;
SELECT count(*) FILTER (WHERE 'grid' = ANY(p.proargnames)) AS with_a_grid_argument,
       count(*) FILTER (WHERE 'puzzle' = ANY(p.proargnames)) AS with_a_puzzle_argument,
       string_agg(p.proname, ', ' ORDER BY p.proname) FILTER (WHERE NOT 'grid' = ANY(p.proargnames)) AS others
FROM pg_proc p
WHERE p.pronamespace = 'sudoku'::regnamespace AND 'sudoku.grid'::regtype = ANY(p.proargtypes);
