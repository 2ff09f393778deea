-- The plans read_back.sql relies on: each index must be the one that answers (majors print plans
-- differently, so scripts/major_upgrade_test.sh looks for the index names in this output).
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SET enable_sort = off;
EXPLAIN (COSTS OFF) SELECT id FROM collection ORDER BY puzzle;
EXPLAIN (COSTS OFF) SELECT id FROM collection WHERE solution = (SELECT solution FROM collection WHERE id = 1);
EXPLAIN (COSTS OFF) SELECT id FROM collection WHERE sudoku.canonical(puzzle) = (SELECT sudoku.canonical(puzzle) FROM collection WHERE id = 1);
RESET enable_seqscan;
EXPLAIN (COSTS OFF) SELECT id FROM by_grid WHERE puzzle = (SELECT puzzle FROM collection WHERE id = 1);
