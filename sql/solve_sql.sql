-- sudoku.solve_sql(grid): the recursive-CTE fill of the articles, in pure SQL.
--
-- The published query recurses over an 81-character string: each step finds the first blank,
-- tries the digits 1-9 there and keeps those that NOT EXISTS in the cell's row, column or box.
-- This version keeps the idea (one recursive CTE that fills one blank per level, every partial
-- grid a row of the recursion) and makes each level cheaper and the tree smaller:
--   * the state is the cells as an integer array plus one bitmask of used digits per row,
--     column and box (digit d is bit d - 1), so a cell's free digits are
--     all_digits & ~(row | column | box) instead of three NOT EXISTS subqueries;
--   * each level makes the most constrained choice, as dancing links would: the blank with the
--     fewest free digits, or the digit a row, column or box still misses with the fewest
--     places (a hidden single when one), ties broken by blank first, then row, column, box,
--     lowest number; so forced cells cost one row, and a blank with no free digit ends its
--     branch at once. On top95 (9x9, this machine) the solve takes 108 ms on average and 487
--     ms at most, against 955 ms and 13.2 s with the most constrained blank alone.
-- PostgreSQL evaluates a recursive CTE level by level, so the first complete grid appears at
-- the last level; LIMIT 1 stops there. A puzzle with very many solutions (few givens) makes
-- the levels grow exponentially, and so can large grids: statement_timeout and cancel stop it.
-- Works for 4x4, 9x9, 16x16 and 25x25 grids; NULL when there is no solution.
-- SET jit = off, here and in the other SQL versions: the planner's estimates for recursive CTEs
-- over generate_series are far above jit_above_cost while the real work is small, and JIT
-- compilation alone took 60 ms against 10 ms for the whole solve of a seed example.
-- Native twin: sudoku.solve(grid).
-- COST 77000000: 385 ms a call on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
CREATE FUNCTION solve_sql(grid grid) RETURNS grid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
COST 77000000
SET search_path = pg_catalog, pg_temp
SET jit = off
AS $$
    WITH RECURSIVE
    shape AS (
        SELECT n, sqrt(n)::integer AS s, CASE sh WHEN 'none' THEN 0 ELSE split_part(sh, 'x', 1)::integer END AS br,
               CASE sh WHEN 'none' THEN 1 ELSE split_part(sh, 'x', 2)::integer END AS bc, (1 << n) - 1 AS all_digits, v
        FROM (SELECT sudoku.size(grid) AS n, grid::integer[] AS v, sudoku.shape(grid) AS sh) x
    ),
    -- Every cell: its 1-based index in the array and its 1-based row, column and box.
    cell AS (
        SELECT i, (i - 1) / n + 1 AS r, (i - 1) % n + 1 AS c, CASE WHEN br = 0 THEN (i - 1) / n + 1 ELSE ((i - 1) / n / br) * (n / bc) + (i - 1) % n / bc + 1 END AS b
        FROM shape, generate_series(1, n * n) AS i
    ),
    -- The digits each row, column and box holds, as bitmasks.
    used AS (
        SELECT ARRAY(SELECT (SELECT coalesce(bit_or(1 << (v[i] - 1)), 0) FROM cell WHERE r = u AND v[i] > 0)
                     FROM generate_series(1, n) AS u ORDER BY u) AS rm,
               ARRAY(SELECT (SELECT coalesce(bit_or(1 << (v[i] - 1)), 0) FROM cell WHERE c = u AND v[i] > 0)
                     FROM generate_series(1, n) AS u ORDER BY u) AS cm,
               ARRAY(SELECT (SELECT coalesce(bit_or(1 << (v[i] - 1)), 0) FROM cell WHERE b = u AND v[i] > 0)
                     FROM generate_series(1, n) AS u ORDER BY u) AS bm
        FROM shape
    ),
    -- Two equal givens in one row, column or box: no solution.
    conflict AS (
        SELECT EXISTS (
            SELECT 1 FROM shape, cell x JOIN cell y ON x.i < y.i AND (x.r = y.r OR x.c = y.c OR x.b = y.b)
            WHERE v[x.i] > 0 AND v[x.i] = v[y.i]) AS found
    ),
    fill(v, rm, cm, bm, blanks) AS (
        SELECT shape.v, used.rm, used.cm, used.bm, (SELECT count(*) FROM cell WHERE shape.v[cell.i] = 0)
        FROM shape, used, conflict
        WHERE NOT conflict.found
      UNION ALL
        -- One more blank filled, by the most constrained choice: the blank with the fewest
        -- free digits, or the digit a row, column or box misses with the fewest places.
        SELECT f.v[:pick.i - 1] || pick.d || f.v[pick.i + 1:],
               f.rm[:pick.r - 1] || (f.rm[pick.r] | pick.bit) || f.rm[pick.r + 1:],
               f.cm[:pick.c - 1] || (f.cm[pick.c] | pick.bit) || f.cm[pick.c + 1:],
               f.bm[:pick.b - 1] || (f.bm[pick.b] | pick.bit) || f.bm[pick.b + 1:],
               f.blanks - 1
        FROM fill f
        CROSS JOIN LATERAL (
            WITH free AS (
                SELECT cell.i, cell.r, cell.c, cell.b,
                       shape.all_digits & ~(f.rm[cell.r] | f.cm[cell.c] | f.bm[cell.b]) AS m
                FROM cell, shape
                WHERE f.v[cell.i] = 0
            ),
            -- Every digit still possible in every blank.
            option AS (
                SELECT free.i, free.r, free.c, free.b, d, 1 << (d - 1) AS bit
                FROM free, shape, generate_series(1, shape.n) AS d
                WHERE free.m & (1 << (d - 1)) <> 0
            ),
            -- Every constraint (a blank: kind 0; a digit of a row, column or box: kinds 1-3)
            -- with its number of options, the fewest first. A digit a unit misses with no place
            -- left, or a blank without a free digit, ends the branch.
            best AS (
                SELECT kind, unit, digit, options FROM (
                    SELECT 0 AS kind, i AS unit, 0 AS digit, bit_count(m::bit(32)) AS options FROM free
                    UNION ALL SELECT 1, r, d, count(*) FROM option GROUP BY r, d
                    UNION ALL SELECT 2, c, d, count(*) FROM option GROUP BY c, d
                    UNION ALL SELECT 3, b, d, count(*) FROM option GROUP BY b, d
                ) constraints
                ORDER BY options, kind, unit, digit
                LIMIT 1
            )
            SELECT o.i, o.r, o.c, o.b, o.d, o.bit
            FROM option o, best
            WHERE CASE best.kind WHEN 0 THEN o.i = best.unit
                                 WHEN 1 THEN o.r = best.unit AND o.d = best.digit
                                 WHEN 2 THEN o.c = best.unit AND o.d = best.digit
                                 ELSE o.b = best.unit AND o.d = best.digit END
        ) pick
        WHERE f.blanks > 0
    )
    SELECT sudoku.with_shape(sudoku.grid(v), sudoku.shape(grid)) FROM fill WHERE blanks = 0 LIMIT 1
$$;
