-- Long searches honour statement_timeout (and so query cancel): 57014 instead of running on.
-- Every function that can run long has a case whose input takes far longer than the timeout
-- (seconds to forever; the borderline ones take 0.4 s against a 50 ms timeout), so a function
-- that stopped checking for interrupts would return a value here and fail the test. Elapsed
-- times are not asserted (scripts/abuse.sh measures them: under 1 s past the timeout).
-- The error carries no DETAIL: no Rust backtrace reaches the client, although scripts/test.sh
-- starts this server with RUST_BACKTRACE=1 and RUST_LIB_BACKTRACE=1 in its environment.
CREATE FUNCTION public.cancelled(statement text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    detail text;
BEGIN
    EXECUTE statement;
    RETURN 'finished';
EXCEPTION WHEN query_canceled THEN
    GET STACKED DIAGNOSTICS detail = PG_EXCEPTION_DETAIL;
    RETURN SQLSTATE || ': ' || SQLERRM || CASE WHEN detail <> '' THEN ' DETAIL: ' || detail ELSE '' END;
END $$;
SELECT sudoku.generate(25, 1)::text AS g25, sudoku.generate(16, 1)::text AS g16 \gset
SELECT line_text AS hardest FROM puzzles WHERE file = 'hardest11' AND n = 1 \gset

SET statement_timeout = '200ms';
SELECT sudoku.count_solutions(repeat('.', 256)::sudoku.grid, 2000000000);
SELECT sudoku.count_solutions(repeat('.', 625)::sudoku.grid, 2000000000);
SELECT cancelled($$SELECT count(*) FROM sudoku.solutions(repeat('.', 81)::sudoku.grid, 2000000000)$$) AS solutions;
SELECT cancelled($$SELECT count(*) FROM sudoku.search_tree(repeat('.', 81)::sudoku.grid, 2000000000)$$) AS search_tree;
SELECT cancelled($$SELECT count(*) FROM sudoku.generate_many(1000000, 25)$$) AS generate_many;
SELECT cancelled(format('SELECT sudoku.propagate_combo_sql(%L)', :'g16')) AS propagate_combo_sql;
SELECT cancelled(format('SELECT sudoku.solve_sql(%L)', :'g16')) AS solve_sql;
SELECT cancelled(format('SELECT sudoku.solve_crook_sql(%L)', :'g25')) AS solve_crook_sql;
SELECT cancelled($$SELECT sudoku.random_grid_sql(0.5, 16)$$) AS random_grid_sql;
SET statement_timeout = '50ms';
SELECT cancelled($$SELECT sudoku.generate(25, 2)$$) AS generate;
SELECT cancelled(format('SELECT sudoku.rate(%L)', :'g25')) AS rate;
SELECT cancelled(format('SELECT count(*) FROM sudoku.fill_steps(%L, sudoku.rating_techniques())', :'g25')) AS fill_steps;
SELECT cancelled(format('SELECT sudoku.propagate(%L, sudoku.rating_techniques())', :'g25')) AS propagate;
-- HoDoKu's order (issue 48) on the slowest of top95 for it (0.54 s: its forcing nets and brute
-- force), and a row of its fill_steps.
SELECT line_text AS slowest_hodoku FROM puzzles WHERE file = 'top95' AND n = 54 \gset
SELECT cancelled(format($$SELECT sudoku.rate(%L, by => 'hodoku')$$, :'slowest_hodoku')) AS rate_by_hodoku;
SELECT cancelled(format($$SELECT count(*) FROM sudoku.fill_steps(%L, by => 'hodoku')$$, :'slowest_hodoku'))
       AS fill_steps_by_hodoku;
-- A conflict is found by propagation at once: no search to cancel.
SET statement_timeout = '200ms';
SELECT sudoku.solve(('1' || repeat('.', 15) || '1' || repeat('.', 608))::sudoku.grid) IS NULL AS conflict_is_fast;
-- compare ends with the statement's timeout as every call does (issue 46: it used to catch it
-- and go on); the timeout fires in solve_sql on this 16x16 puzzle.
SELECT cancelled(format('SELECT count(*) FROM sudoku.compare(%L)', :'g16')) AS compare;
RESET statement_timeout;
-- The session stays usable.
SELECT sudoku.count_solutions(repeat('.', 16)::sudoku.grid, 1000) AS still_works;
DROP FUNCTION public.cancelled(text);
