-- sudoku.solve_sql(grid, rules): the recursive-CTE fill of the articles for any rules, in pure SQL.
--
-- In the set-based articles a unit is rows of a table: the cells that must hold different
-- digits. Here that table is built from the rules (member: one row per unit and cell): the rows,
-- the columns, the boxes or the jigsaw regions, the two diagonals (X), the windows (windoku),
-- and the cages (killer), a cage's row also carrying its sum. The search is sudoku.solve_sql's
-- (one recursive CTE that fills one blank per level, the most constrained choice first: the
-- blank with the fewest free digits or the digit a full unit misses with the fewest places),
-- with every unit's used digits as one bitmask in an array indexed by unit number instead of
-- one array per kind, so the same query solves classic, X, windoku and jigsaw grids; and for
-- cages the cage-sum check: a digit is an option only while the cage's sum stays reachable
-- (what its cells hold so far, plus at least the smallest and at most the largest distinct
-- digits its blank cells could still take).
-- The rules are checked first by sudoku.unit_rules(rules, size) (the native check, so that the
-- errors are the same as sudoku.solve(grid, rules)'s: 22P02, 22023; and 0A000 for the setters'
-- constraints, thermometers and the rest, which this query does not hold).
-- Killer puzzles without givens are what this query finds hardest: the cage-sum check prunes
-- far less than the native solver's cage combinations; statement_timeout and cancel stop it.
-- Native twin: sudoku.solve(grid, rules).
-- COST 100000000: 500 ms a call (9x9 jigsaw and X puzzles), in units of 5 ns (docs/variants.md "Variants").
CREATE FUNCTION solve_sql(grid grid, rules jsonb) RETURNS grid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
COST 100000000
SET search_path = pg_catalog, pg_temp
SET jit = off
AS $$
    WITH RECURSIVE
    shape AS (
        SELECT n, sqrt(n)::integer AS s, CASE sh WHEN 'none' THEN 0 ELSE split_part(sh, 'x', 1)::integer END AS br,
               CASE sh WHEN 'none' THEN 1 ELSE split_part(sh, 'x', 2)::integer END AS bc, (1 << n) - 1 AS all_digits, v, checked
        FROM (SELECT sudoku.size(grid) AS n, grid::integer[] AS v, sudoku.shape(grid) AS sh,
                     sudoku.unit_rules(rules, sudoku.size(grid)) AS checked) x
    ),
    cell AS (
        SELECT i, (i - 1) / n + 1 AS r, (i - 1) % n + 1 AS c
        FROM shape, generate_series(1, n * n) AS i
    ),
    -- The units as rows: (unit, cell, the cage's sum or NULL).
    member(unit, i, total) AS (
        SELECT 'row ' || r, i, NULL::integer FROM cell
        UNION ALL
        SELECT 'column ' || c, i, NULL FROM cell
        UNION ALL
        SELECT CASE WHEN checked ? 'regions'
                    THEN 'region ' || substr(checked ->> 'regions', i, 1)
                    WHEN br > 0 THEN 'box ' || ((r - 1) / br * (n / bc) + (c - 1) / bc + 1) END, i, NULL
        FROM cell, shape
        -- A grid without boxes and without regions has no third kind of unit.
        WHERE br > 0 OR checked ? 'regions'
        UNION ALL
        SELECT 'diagonal ' || CASE WHEN r = c THEN 1 ELSE 2 END, i, NULL
        FROM cell, shape
        WHERE checked ? 'diagonals' AND (r = c OR r + c = n + 1)
        UNION ALL
        -- A cell on both diagonals (the centre of an odd grid) is in both.
        SELECT 'diagonal 2', i, NULL
        FROM cell, shape
        WHERE checked ? 'diagonals' AND r = c AND r + c = n + 1
        UNION ALL
        -- Windows: the s x s squares whose top-left cells are at rows and columns 2, s + 3, ...
        SELECT 'window ' || (r - 2) / (s + 1) || ',' || (c - 2) / (s + 1), i, NULL
        FROM cell, shape
        WHERE checked ? 'windows' AND r >= 2 AND c >= 2
          AND (r - 2) % (s + 1) < s AND (c - 2) % (s + 1) < s
          AND (r - 2) / (s + 1) < s - 1 AND (c - 2) / (s + 1) < s - 1
        UNION ALL
        SELECT 'cage ' || k, ((x ->> 0)::integer - 1) * n + (x ->> 1)::integer, (cage ->> 'sum')::integer
        FROM shape,
             jsonb_array_elements(coalesce(checked -> 'cages', '[]')) WITH ORDINALITY AS g(cage, k),
             jsonb_array_elements(cage -> 'cells') AS x
    ),
    -- Each unit numbered, with its size and the cage's sum.
    unit AS (
        SELECT unit, row_number() OVER (ORDER BY unit)::integer AS u, count(*)::integer AS size, max(total) AS total
        FROM member GROUP BY unit
    ),
    cell_units AS (
        SELECT m.i, array_agg(unit.u ORDER BY unit.u) AS us FROM member m JOIN unit USING (unit) GROUP BY m.i
    ),
    -- Per unit: the digits its givens hold, their sum and count.
    start AS (
        SELECT array_agg(um ORDER BY u) AS um, array_agg(cs ORDER BY u) AS cs, array_agg(cn ORDER BY u) AS cn,
               bool_or(clash) AS clash
        FROM (
            SELECT unit.u, coalesce(bit_or(1 << (shape.v[m.i] - 1)) FILTER (WHERE shape.v[m.i] > 0), 0) AS um,
                   coalesce(sum(shape.v[m.i]), 0)::integer AS cs, count(*) FILTER (WHERE shape.v[m.i] > 0)::integer AS cn,
                   -- Two equal givens, or givens past a cage's sum.
                   count(DISTINCT shape.v[m.i]) FILTER (WHERE shape.v[m.i] > 0)
                       < count(*) FILTER (WHERE shape.v[m.i] > 0)
                   OR unit.total IS NOT NULL AND (sum(shape.v[m.i]) > unit.total
                       OR count(*) FILTER (WHERE shape.v[m.i] > 0) = unit.size AND sum(shape.v[m.i]) <> unit.total) AS clash
            FROM unit JOIN member m USING (unit), shape
            GROUP BY unit.u, unit.total, unit.size
        ) per_unit
    ),
    fill(v, um, cs, cn, blanks) AS (
        SELECT shape.v, start.um, start.cs, start.cn, (SELECT count(*) FROM cell WHERE shape.v[cell.i] = 0)
        FROM shape, start
        WHERE NOT start.clash
      UNION ALL
        SELECT f.v[:pick.i - 1] || pick.d || f.v[pick.i + 1:],
               ARRAY(SELECT CASE WHEN k = ANY (pick.us) THEN f.um[k] | pick.bit ELSE f.um[k] END
                     FROM generate_series(1, cardinality(f.um)) AS k ORDER BY k),
               ARRAY(SELECT CASE WHEN k = ANY (pick.us) THEN f.cs[k] + pick.d ELSE f.cs[k] END
                     FROM generate_series(1, cardinality(f.cs)) AS k ORDER BY k),
               ARRAY(SELECT CASE WHEN k = ANY (pick.us) THEN f.cn[k] + 1 ELSE f.cn[k] END
                     FROM generate_series(1, cardinality(f.cn)) AS k ORDER BY k),
               f.blanks - 1
        FROM fill f
        CROSS JOIN LATERAL (
            WITH free AS (
                SELECT cu.i, cu.us,
                       shape.all_digits & ~(SELECT bit_or(f.um[u]) FROM unnest(cu.us) AS u) AS m
                FROM cell_units cu, shape
                WHERE f.v[cu.i] = 0
            ),
            -- Every digit still possible in every blank, its cages' sums still reachable.
            option AS (
                SELECT free.i, free.us, d, 1 << (d - 1) AS bit
                FROM free, shape, generate_series(1, shape.n) AS d
                WHERE free.m & (1 << (d - 1)) <> 0
                  AND NOT EXISTS (
                      SELECT 1 FROM unit
                      WHERE unit.u = ANY (free.us) AND unit.total IS NOT NULL
                        AND (f.cs[unit.u] + d + (unit.size - f.cn[unit.u] - 1) * (unit.size - f.cn[unit.u]) / 2 > unit.total
                          OR f.cs[unit.u] + d + (unit.size - f.cn[unit.u] - 1) * (2 * shape.n + 2 - unit.size + f.cn[unit.u]) / 2
                             < unit.total))
            ),
            -- Every constraint (a blank: unit 0; a digit of a full unit) with its number of
            -- options, the fewest first; a blank without an option ends the branch.
            best AS (
                SELECT unit, cell, digit FROM (
                    SELECT 0 AS unit, i AS cell, 0 AS digit, count(o.d) AS options
                    FROM free LEFT JOIN option o USING (i) GROUP BY i
                    UNION ALL
                    SELECT unit.u, 0, option.d, count(*)
                    FROM option, unnest(option.us) AS x(u), unit, shape
                    WHERE unit.u = x.u AND unit.total IS NULL AND unit.size = shape.n
                    GROUP BY unit.u, option.d
                ) constraints
                ORDER BY options, unit, cell, digit
                LIMIT 1
            )
            SELECT o.i, o.us, o.d, o.bit
            FROM option o, best
            WHERE CASE WHEN best.unit = 0 THEN o.i = best.cell
                       ELSE best.unit = ANY (o.us) AND o.d = best.digit END
        ) pick
        WHERE f.blanks > 0
    )
    SELECT sudoku.with_shape(sudoku.grid(v), sudoku.shape(grid)) FROM fill WHERE blanks = 0 LIMIT 1
$$;
