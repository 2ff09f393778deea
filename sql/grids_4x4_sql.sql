-- sudoku.grids_4x4_sql(): every complete 4x4 grid by a brute-force join, in pure SQL.
--
-- The approach of the articles: a table of the 24 valid rows (the permutations of 1-4), joined
-- with itself four times, keeping the combinations whose columns each hold four different
-- digits and whose boxes (rows 1-2 and 3-4, columns 1-2 and 3-4) do too. There are 288.
-- A box of two rows holds four different digits when the second row's half has no digit of the
-- first row's half: translate() deletes the first half's digits from the second's, and nothing
-- may go. Native twin: sudoku.solutions(repeat('.', 16)::sudoku.grid, 1000).
-- COST 35000 ROWS 288: 176 µs a row (51 ms for all 288) on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
CREATE FUNCTION grids_4x4_sql() RETURNS SETOF grid
LANGUAGE sql IMMUTABLE PARALLEL SAFE
COST 35000 ROWS 288
SET search_path = pg_catalog, pg_temp
AS $$
    WITH digit(d) AS (VALUES ('1'), ('2'), ('3'), ('4')),
    valid_row(r) AS (
        SELECT a.d || b.d || c.d || e.d
        FROM digit a, digit b, digit c, digit e
        WHERE a.d NOT IN (b.d, c.d, e.d) AND b.d NOT IN (c.d, e.d) AND c.d <> e.d
    )
    SELECT (r1.r || r2.r || r3.r || r4.r)::sudoku.grid
    FROM valid_row r1, valid_row r2, valid_row r3, valid_row r4
    WHERE translate(left(r2.r, 2), left(r1.r, 2), '') = left(r2.r, 2)
      AND translate(right(r2.r, 2), right(r1.r, 2), '') = right(r2.r, 2)
      AND translate(left(r4.r, 2), left(r3.r, 2), '') = left(r4.r, 2)
      AND translate(right(r4.r, 2), right(r3.r, 2), '') = right(r4.r, 2)
      AND NOT EXISTS (
          SELECT 1 FROM generate_series(1, 4) AS col(i)
          WHERE (SELECT count(DISTINCT x) FROM (VALUES (substr(r1.r, col.i, 1)), (substr(r2.r, col.i, 1)),
                                                       (substr(r3.r, col.i, 1)), (substr(r4.r, col.i, 1))) AS v(x)) < 4)
    ORDER BY r1.r || r2.r || r3.r || r4.r
$$;
