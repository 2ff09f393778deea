-- The plans read_back.sql relies on: each index must be the one that answers (majors print plans
-- differently, so scripts/major_upgrade_test.sh looks for the index names in this output).
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SET enable_sort = off;
EXPLAIN (COSTS OFF) SELECT id FROM collection ORDER BY puzzle;
EXPLAIN (COSTS OFF) SELECT id FROM collection WHERE solution = (SELECT solution FROM collection WHERE id = 1);
EXPLAIN (COSTS OFF) SELECT id FROM collection WHERE sudoku.canonical(puzzle) = (SELECT sudoku.canonical(puzzle) FROM collection WHERE id = 1);
RESET enable_seqscan;
-- A constant, so that the partitions are pruned when planning (a parameter prunes only when executing).
EXPLAIN (COSTS OFF) SELECT id FROM by_grid WHERE puzzle = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
