-- What must read back identically after a move between majors (scripts/major_upgrade_test.sh):
-- every row, the rows in each index's order or found through it (index scans forced: the script
-- checks the plans apart, since EXPLAIN's text differs between majors), the partition of each
-- row and its agreement with the hash function, the view, the materialized view, amcheck, and
-- solve, rate and canonical computed again from the stored puzzles.
\pset format unaligned
\pset tuples_only on
SELECT 'row', id, source, puzzle, solution, rating, first_step, doc FROM collection ORDER BY id;
SELECT 'step', id, n, step, j FROM steps ORDER BY id, n;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SET enable_sort = off;
SELECT 'btree', id FROM collection ORDER BY puzzle;
SELECT 'hash', a.id, (SELECT array_agg(b.id ORDER BY b.id) FROM collection b WHERE b.solution = a.solution)
FROM collection a ORDER BY a.id;
SELECT 'canonical', a.id, (SELECT array_agg(b.id ORDER BY b.id) FROM collection b
                           WHERE sudoku.canonical(b.puzzle) = sudoku.canonical(a.puzzle))
FROM collection a ORDER BY a.id;
RESET enable_seqscan;
RESET enable_bitmapscan;
RESET enable_sort;
SELECT 'partition', tableoid::regclass, id, puzzle FROM by_grid ORDER BY id;
SELECT 'partition hash', p.relid::regclass, count(*) FILTER (WHERE NOT satisfies_hash_partition('by_grid'::regclass, 4, p.remainder, b.puzzle))
FROM (VALUES ('by_grid_0'::regclass, 0), ('by_grid_1', 1), ('by_grid_2', 2), ('by_grid_3', 3)) p(relid, remainder)
JOIN by_grid b ON b.tableoid = p.relid GROUP BY p.relid ORDER BY p.relid::text;
SELECT 'pruned lookup', c.id, (SELECT b.id FROM by_grid b WHERE b.puzzle = c.puzzle AND b.id = c.id)
FROM collection c ORDER BY c.id;
SELECT 'view', a, b FROM same_solution ORDER BY a, b;
REFRESH MATERIALIZED VIEW levels;
SELECT 'matview', level, puzzles, first FROM levels ORDER BY level;
SELECT 'amcheck', bt_index_parent_check('collection_puzzle', true), bt_index_parent_check('collection_canonical', true),
       bt_index_parent_check('by_grid_0_pkey', true), bt_index_parent_check('by_grid_3_pkey', true);
SELECT 'functions', id, sudoku.solve(puzzle) = solution, sudoku.canonical(puzzle),
       CASE WHEN sudoku.size(puzzle) = 9 THEN sudoku.rate(puzzle) = rating AND sudoku.hint(puzzle) = first_step END
FROM collection ORDER BY id;
