-- pg_sudoku 0.1.0 -> 0.2.0 (ALTER EXTENSION pg_sudoku UPDATE). scripts/upgrade_test.sh checks
-- that the result equals a fresh 0.2.0 install, object for object, and that stored grids and
-- their indexes read back unchanged.
\echo Use "ALTER EXTENSION pg_sudoku UPDATE TO '0.2.0'" to load this file. \quit
