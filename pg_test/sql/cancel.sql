-- Long searches honour statement_timeout (and so query cancel): 57014 within about a second.
SET statement_timeout = '200ms';
SELECT error_of($$SELECT sudoku.count_solutions(repeat('.', 256)::sudoku.grid, 2000000000)$$);
SELECT error_of($$SELECT sudoku.count_solutions(repeat('.', 625)::sudoku.grid, 2000000000)$$);
RESET statement_timeout;
-- Elapsed time is not asserted here (benchmarks only); the session stays usable.
SELECT sudoku.count_solutions(repeat('.', 16)::sudoku.grid, 1000) AS still_works;
