-- sudoku.solve_sql(grid): the recursive-CTE fill of the articles, in pure SQL.
--
-- The published query recurses over an 81-character string: each step finds the first blank,
-- tries the digits 1-9 there and keeps those that NOT EXISTS in the cell's row, column or box.
-- This version keeps the idea (one recursive CTE that fills one blank per level, every partial
-- grid a row of the recursion) and makes each level cheaper and the tree smaller:
--   * the state is the cells as an integer array plus one bitmask of used digits per row,
--     column and box (digit d is bit d - 1), so a cell's free digits are
--     all_digits & ~(row | column | box) instead of three NOT EXISTS subqueries;
--   * each level fills the most constrained blank (fewest free digits, then the first in
--     row-major order), so forced cells cost one row and a blank with no free digit ends its
--     branch at once.
-- PostgreSQL evaluates a recursive CTE level by level, so the first complete grid appears at
-- the last level; LIMIT 1 stops there. Works for 4x4, 9x9, 16x16 and 25x25 grids (the larger
-- ones can take very long: there is no propagation beyond the most constrained blank).
-- Native twin: sudoku.solve(grid).
CREATE FUNCTION solve_sql(puzzle grid) RETURNS grid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
    WITH RECURSIVE
    shape AS (
        SELECT n, sqrt(n)::integer AS s, (1 << n) - 1 AS all_digits, v
        FROM (SELECT @extschema@.size(puzzle) AS n, puzzle::integer[] AS v) x
    ),
    -- Every cell: its 1-based index in the array and its 1-based row, column and box.
    cell AS (
        SELECT i, (i - 1) / n + 1 AS r, (i - 1) % n + 1 AS c, ((i - 1) / n / s) * s + (i - 1) % n / s + 1 AS b
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
        -- One more blank filled: the most constrained one, with each of its free digits.
        SELECT f.v[:best.i - 1] || d || f.v[best.i + 1:],
               f.rm[:best.r - 1] || (f.rm[best.r] | bit) || f.rm[best.r + 1:],
               f.cm[:best.c - 1] || (f.cm[best.c] | bit) || f.cm[best.c + 1:],
               f.bm[:best.b - 1] || (f.bm[best.b] | bit) || f.bm[best.b + 1:],
               f.blanks - 1
        FROM fill f
        CROSS JOIN LATERAL (
            SELECT cell.i, cell.r, cell.c, cell.b, free.m
            FROM cell, shape,
                 LATERAL (SELECT shape.all_digits & ~(f.rm[cell.r] | f.cm[cell.c] | f.bm[cell.b]) AS m) free
            WHERE f.v[cell.i] = 0
            ORDER BY bit_count(free.m::bit(32)), cell.i
            LIMIT 1
        ) best
        CROSS JOIN LATERAL generate_series(1, 32) AS d
        CROSS JOIN LATERAL (SELECT 1 << (d - 1) AS bit) b
        WHERE f.blanks > 0 AND best.m & b.bit <> 0
    )
    SELECT @extschema@.grid(v) FROM fill WHERE blanks = 0 LIMIT 1
$$;
