-- sudoku.compare(grid): every pure-SQL version next to its native twin, on one puzzle.
--
-- One row per approach: the native and the SQL result (grids; for the row-returning
-- approaches NULL, their rows being compared as sets), whether they agree, and how long each
-- took in milliseconds (wall clock, clock_timestamp()). The approaches:
--   solve            sudoku.solve                                    / sudoku.solve_sql
--   propagate_combo  sudoku.propagate(g, ARRAY['preemptive_set'])    / sudoku.propagate_combo_sql
--   crook            sudoku.propagate(g, ARRAY['naked_single', 'hidden_single', 'preemptive_set'])
--                                                                    / sudoku.solve_crook_sql
--   candidates       sudoku.candidates                               / sudoku.candidates_sql
--   preemptive_sets  sudoku.preemptive_sets                          / sudoku.preemptive_sets_sql
-- statement_timeout, a cancel and pg_terminate_backend end the call as they end any other
-- (issue 46: it used to catch query_canceled and go on, which outran the statement's timeout
-- and a user's cancel); bound a slow approach with statement_timeout around the call.
-- COST 23000000 ROWS 5: 0.58 s a call, 5 rows on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
CREATE FUNCTION compare(grid grid)
RETURNS TABLE (approach text, native grid, sql grid, agree boolean, native_ms double precision, sql_ms double precision)
LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
COST 23000000 ROWS 5
SET search_path = pg_catalog, pg_temp
SET jit = off
AS $$
DECLARE
    pair record;
    native_result text;
    sql_result text;
    started timestamptz;
BEGIN
    FOR pair IN
        SELECT * FROM (VALUES (1, 'solve', true), (2, 'propagate_combo', true), (3, 'crook', true),
                              (4, 'candidates', false), (5, 'preemptive_sets', false)) AS p(no, approach, returns_grid)
        ORDER BY no
    LOOP
        approach := pair.approach;
        native := NULL; sql := NULL; agree := NULL; native_ms := NULL; sql_ms := NULL;
        native_result := NULL; sql_result := NULL;
        started := clock_timestamp();
        -- Static calls (plans cached by PL/pgSQL); CASE runs only the chosen branch.
        native_result := CASE pair.no
            WHEN 1 THEN sudoku.solve(grid)::text
            WHEN 2 THEN sudoku.propagate(grid, ARRAY['preemptive_set'])::text
            WHEN 3 THEN sudoku.propagate(grid, ARRAY['naked_single', 'hidden_single', 'preemptive_set'])::text
            WHEN 4 THEN (SELECT array_agg(c ORDER BY c)::text FROM sudoku.candidates(grid) AS c)
            ELSE (SELECT array_agg(s ORDER BY s)::text FROM sudoku.preemptive_sets(grid) AS s)
        END;
        native_ms := extract(epoch FROM clock_timestamp() - started) * 1000;
        started := clock_timestamp();
        sql_result := CASE pair.no
            WHEN 1 THEN sudoku.solve_sql(grid)::text
            WHEN 2 THEN sudoku.propagate_combo_sql(grid)::text
            WHEN 3 THEN sudoku.solve_crook_sql(grid)::text
            WHEN 4 THEN (SELECT array_agg(c ORDER BY c)::text FROM sudoku.candidates_sql(grid) AS c)
            ELSE (SELECT array_agg(s ORDER BY s)::text FROM sudoku.preemptive_sets_sql(grid) AS s)
        END;
        sql_ms := extract(epoch FROM clock_timestamp() - started) * 1000;
        agree := native_result IS NOT DISTINCT FROM sql_result;
        IF pair.returns_grid THEN
            native := native_result::sudoku.grid;
            sql := sql_result::sudoku.grid;
        END IF;
        RETURN NEXT;
    END LOOP;
END
$$;

-- sudoku.compare(grid, rules): the native variant solver next to the pure-SQL one, on one
-- puzzle under variant rules (X, windoku, jigsaw, killer; sudoku.solve(grid, rules) and
-- sudoku.solve_sql(grid, rules)). The same columns as sudoku.compare(grid), one row (approach
-- 'solve'); statement_timeout and a cancel end it as any other call.
-- COST 100000000 ROWS 1: as solve_sql(grid, rules).
CREATE FUNCTION compare(grid grid, rules jsonb)
RETURNS TABLE (approach text, native grid, sql grid, agree boolean, native_ms double precision, sql_ms double precision)
LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
COST 100000000 ROWS 1
SET search_path = pg_catalog, pg_temp
SET jit = off
AS $$
DECLARE
    started timestamptz;
BEGIN
    approach := 'solve';
    started := clock_timestamp();
    native := sudoku.solve(grid, rules);
    native_ms := extract(epoch FROM clock_timestamp() - started) * 1000;
    started := clock_timestamp();
    sql := sudoku.solve_sql(grid, rules);
    sql_ms := extract(epoch FROM clock_timestamp() - started) * 1000;
    agree := native IS NOT DISTINCT FROM sql;
    RETURN NEXT;
END
$$;
