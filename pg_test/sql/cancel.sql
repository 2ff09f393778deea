-- Long searches honour statement_timeout (and so query cancel): 57014 within about a second
-- instead of counting to two billion. Elapsed time is not asserted (benchmarks only).
SET statement_timeout = '200ms';
SELECT sudoku.count_solutions(repeat('.', 256)::sudoku.grid, 2000000000);
SELECT sudoku.count_solutions(repeat('.', 625)::sudoku.grid, 2000000000);
SELECT sudoku.solve(('1' || repeat('.', 15) || '1' || repeat('.', 608))::sudoku.grid) IS NULL AS conflict_is_fast;
RESET statement_timeout;
-- The session stays usable.
SELECT sudoku.count_solutions(repeat('.', 16)::sudoku.grid, 1000) AS still_works;
