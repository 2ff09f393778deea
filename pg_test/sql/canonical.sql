-- Canonical forms (issue 14.1): sudoku.canonical, sudoku.is_equivalent and sudoku.transform on
-- real puzzle lists. The brute force over every transformation is in the engine's tests
-- (engine/tests/canonical.rs for 9x9, engine/src/canonical.rs for 4x4).
\getenv datadir PG_SUDOKU_DATA
CREATE TEMP TABLE clue17 (line bigserial, puzzle text);
SELECT format('COPY clue17 (puzzle) FROM %L', :'datadir' || '/17_clue.txt') AS copy_17 \gset
:copy_17;
CREATE TEMP TABLE magictour (line bigserial, puzzle text);
SELECT format('COPY magictour (puzzle) FROM %L', :'datadir' || '/magictour_top1465.txt') AS copy_magictour \gset
:copy_magictour;

-- The 17-clue list holds pairwise inequivalent puzzles: as many forms as puzzles.
SELECT count(*) AS puzzles, count(DISTINCT sudoku.canonical(puzzle::sudoku.grid)) AS forms FROM clue17;

-- top95 and magictour_top1465 (as in the data folder, each may hold a puzzle twice in disguise):
-- every puzzle under 100 random transforms keeps one form, the form is a fixed point, keeps the
-- givens, and is no larger than any disguise (text order is minlex order: '.' < '1' < ... < '9').
CREATE TEMP TABLE hard AS
SELECT 'top95' AS file, n AS line, puzzle FROM puzzles WHERE file = 'top95'
UNION ALL
SELECT 'magictour', line, puzzle::sudoku.grid FROM magictour;
CREATE TEMP TABLE forms AS
SELECT file, line, puzzle, sudoku.canonical(puzzle) AS form FROM hard;
SELECT file, count(*) AS puzzles,
       count(*) FILTER (WHERE sudoku.canonical(form) <> form) AS not_fixed,
       count(*) FILTER (WHERE sudoku.givens(form) <> sudoku.givens(puzzle)) AS givens_changed,
       count(*) FILTER (WHERE form::text > puzzle::text) AS larger_than_the_puzzle
FROM forms GROUP BY file ORDER BY file;
SELECT f.file, count(*) AS disguises,
       count(*) FILTER (WHERE sudoku.canonical(d.disguise) <> f.form) AS other_form,
       count(*) FILTER (WHERE f.form::text > d.disguise::text) AS larger_than_a_disguise,
       count(*) FILTER (WHERE NOT sudoku.is_equivalent(f.puzzle, d.disguise)) AS not_equivalent,
       count(*) FILTER (WHERE d.disguise = f.puzzle) AS unchanged
FROM forms f
CROSS JOIN LATERAL (SELECT sudoku.transform(f.puzzle, s) AS disguise FROM generate_series(1, 100) s) d
GROUP BY f.file ORDER BY f.file;

-- Deduplication: the lists' puzzles that are the same puzzle in disguise (each pair is checked
-- equivalent below: a disguise of one equals the other after relabelling and moving lines).
SELECT a.file, a.line, b.line AS same_as_line
FROM forms a JOIN forms b ON a.form = b.form AND a.file = b.file AND a.line < b.line
ORDER BY 1, 2;
SELECT count(*) AS all_puzzles, count(DISTINCT form) AS distinct_puzzles FROM forms;

-- Solution grids: a disguised solution has the solution's form; solutions of inequivalent
-- puzzles can still be equivalent grids, so only the disguises are compared.
SELECT count(*) AS grids,
       count(*) FILTER (WHERE sudoku.canonical(sudoku.transform(s, 7)) <> sudoku.canonical(s)) AS other_form,
       count(*) FILTER (WHERE NOT sudoku.is_solved(sudoku.canonical(s))) AS not_solved,
       min(left(sudoku.canonical(s)::text, 9)) AS first_row_min, max(left(sudoku.canonical(s)::text, 9)) AS first_row_max
FROM (SELECT sudoku.solve(puzzle) AS s FROM forms WHERE line % 5 = 0) x;

-- Inequivalent puzzles are told apart; different sizes are never equivalent.
SELECT count(*) AS pairs, count(*) FILTER (WHERE sudoku.is_equivalent(a.puzzle::sudoku.grid, b.puzzle::sudoku.grid)) AS equivalent
FROM clue17 a JOIN clue17 b ON b.line = a.line + 1 WHERE a.line <= 2000;
SELECT sudoku.is_equivalent(sudoku.random_grid(4, 1), sudoku.random_grid(9, 1)) AS four_and_nine;

-- The 288 complete 4x4 grids (the brute-force join of the articles) fall into two classes.
SELECT count(*) AS grids, count(DISTINCT sudoku.canonical(g)) AS forms FROM sudoku.grids_4x4_sql() g;

-- 16x16 and 25x25: generated puzzles, their solutions, and a grid thinned alike in every row
-- (rows and stacks that tie in many ways), in disguise.
CREATE TEMP TABLE large AS
SELECT 16 AS size, seed, sudoku.generate(16, seed) AS g FROM generate_series(1, 2) seed
UNION ALL
SELECT 16, seed, sudoku.solve(sudoku.generate(16, seed)) FROM generate_series(1, 2) seed
UNION ALL
SELECT 25, 1, sudoku.random_grid(25, 1)
UNION ALL
SELECT 25, 2, string_agg(CASE WHEN (i * 7 + i / 25) % 4 = 0 THEN substr(g, i + 1, 1) ELSE '.' END, '' ORDER BY i)::sudoku.grid
FROM (SELECT sudoku.random_grid(25, 2)::text AS g) x, generate_series(0, 624) i;
SELECT size, seed, sudoku.givens(g) AS givens,
       bool_and(sudoku.canonical(sudoku.transform(g, s)) = sudoku.canonical(g)) AS one_form,
       bool_and(sudoku.canonical(g)::text <= sudoku.transform(g, s)::text) AS smallest
FROM large, generate_series(1, 3) s
GROUP BY size, seed, g ORDER BY size, seed, givens;

-- transform is seeded: the same seed, the same disguise; another seed, another one.
SELECT sudoku.transform(puzzle, 42) = sudoku.transform(puzzle, 42) AS same_seed_same_grid,
       sudoku.transform(puzzle, 42) <> sudoku.transform(puzzle, 43) AS other_seed_other_grid,
       sudoku.count_solutions(sudoku.transform(puzzle, 42)) AS solutions
FROM puzzles WHERE file = 'top95' AND n = 1;

-- An empty grid is its own form; NULL in, NULL out (STRICT).
SELECT sudoku.canonical(repeat('.', 81)::sudoku.grid) = repeat('.', 81)::sudoku.grid AS empty_is_canonical,
       sudoku.canonical(NULL) IS NULL AS null_form, sudoku.is_equivalent(NULL, NULL) IS NULL AS null_equivalent,
       sudoku.transform(NULL, 1) IS NULL AS null_transform;
-- Clashing givens are still a grid: the form exists, and disguises share it.
SELECT sudoku.canonical('11..............'::sudoku.grid) AS clashing_form,
       sudoku.canonical(sudoku.transform('11..............', 5)) = sudoku.canonical('11..............') AS same;
-- A 25x25 grid whose every row is the same permutation repeats each digit down every column: its
-- first row ties in 120⁶ ways that the eager search (for such grids) would have to order.
SELECT error_of($$SELECT sudoku.canonical(repeat('123456789ABCDEFGHIJKLMNOP', 25)::sudoku.grid)$$) AS too_many_ties;

-- Hash partitioning by the canonical form keeps every puzzle of a class in one partition (the
-- hash operator class's support function 2, grid_hash_extended); by the grid itself, a lookup
-- by = reads one partition.
CREATE TEMP TABLE by_form (line bigint, p sudoku.grid) PARTITION BY HASH (sudoku.canonical(p));
CREATE TEMP TABLE by_form_0 PARTITION OF by_form FOR VALUES WITH (MODULUS 2, REMAINDER 0);
CREATE TEMP TABLE by_form_1 PARTITION OF by_form FOR VALUES WITH (MODULUS 2, REMAINDER 1);
INSERT INTO by_form SELECT line, puzzle FROM forms WHERE file = 'magictour';
INSERT INTO by_form SELECT -line, sudoku.transform(puzzle, line) FROM forms WHERE file = 'magictour';
SELECT count(*) AS rows, count(DISTINCT tableoid) AS partitions_used,
       count(*) FILTER (WHERE tableoid <> (SELECT b.tableoid FROM by_form b WHERE b.line = -a.line)) AS disguise_elsewhere
FROM by_form a WHERE line > 0;
CREATE TEMP TABLE by_grid (p sudoku.grid) PARTITION BY HASH (p);
CREATE TEMP TABLE by_grid_0 PARTITION OF by_grid FOR VALUES WITH (MODULUS 2, REMAINDER 0);
CREATE TEMP TABLE by_grid_1 PARTITION OF by_grid FOR VALUES WITH (MODULUS 2, REMAINDER 1);
INSERT INTO by_grid SELECT puzzle FROM forms;
EXPLAIN (COSTS OFF) SELECT count(*) FROM by_grid WHERE p = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
SELECT count(*) AS found FROM by_grid WHERE p = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
-- With seed 0 the extended hash's low 32 bits are the 32-bit hash, as PostgreSQL requires.
SELECT bool_and((sudoku.grid_hash_extended(puzzle, 0) & 4294967295) = (sudoku.grid_hash(puzzle)::bigint & 4294967295)) AS low_bits_agree,
       count(DISTINCT sudoku.grid_hash_extended(puzzle, 1)) = count(DISTINCT puzzle) AS salted_distinct
FROM forms;
