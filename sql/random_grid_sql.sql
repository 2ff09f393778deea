-- sudoku.random_grid_sql(seed, size): a random complete grid from one recursive query, in pure SQL.
--
-- The approach of the articles: fill the cells one by one in row-major order, each with a
-- digit drawn at random among those its filled peers leave free, and keep the backtracking
-- stack in the recursion so the query never restarts and never fails. Each level of the
-- recursive CTE is one move, carried in a single row:
--   * the cells so far (an integer array, 0 for blank) and the position being filled;
--   * the stack: for every position up to the current one, the bitmask of digits not yet
--     tried there (digit d is bit d - 1).
-- A move either places a digit drawn from the current position's untried ones and pushes the
-- next position with its free digits, or, when none is left, pops back to the previous
-- position, clears it and tries another digit there. Every digit is tried at most once per
-- visit, so the search is complete: it ends with a all_digits grid.
-- setseed(seed) (seed in [-1, 1]) makes the draw reproducible; it also seeds the session's
-- random(). Sizes 4 and 9 take milliseconds; 16 can backtrack for very long.
-- Native twin: sudoku.random_grid(size, seed) (a different generator: same kind of grid, not
-- the same grid).
-- COST 4500000: 23 ms a 9x9 grid on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
CREATE FUNCTION random_grid_sql(seed double precision DEFAULT NULL, size integer DEFAULT 9) RETURNS grid
LANGUAGE plpgsql VOLATILE PARALLEL RESTRICTED
COST 4500000
SET search_path = pg_catalog, pg_temp
SET jit = off
AS $$
DECLARE
    n constant integer := size;
    box_side constant integer := sqrt(size)::integer;
    all_digits constant integer := (1 << size) - 1;
    drawn sudoku.grid;
BEGIN
    IF size IS NULL OR size NOT IN (4, 9, 16, 25) THEN
        RAISE EXCEPTION 'grid size must be 4, 9, 16 or 25, not %', coalesce(size::text, 'NULL')
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF seed IS NOT NULL THEN
        PERFORM setseed(seed);
    END IF;
    WITH RECURSIVE
    cell AS (
        SELECT i, (i - 1) / n + 1 AS r, (i - 1) % n + 1 AS c,
               ((i - 1) / n / box_side) * box_side + (i - 1) % n / box_side + 1 AS b
        FROM generate_series(1, n * n) AS i
    ),
    -- One move per level: the position being filled, the cells, and the stack of untried digits.
    move(pos, v, untried) AS (
        SELECT 1, array_fill(0, ARRAY[n * n]), all_digits || array_fill(0, ARRAY[n * n - 1])
      UNION ALL
        SELECT step.pos, placed.v, step.untried
        FROM move m
        -- A digit drawn from the untried ones here; none left: backtrack.
        LEFT JOIN LATERAL (
            SELECT d FROM generate_series(1, n) AS d
            WHERE m.untried[m.pos] & (1 << (d - 1)) <> 0
            ORDER BY random()
            LIMIT 1
        ) pick ON true
        CROSS JOIN LATERAL (
            SELECT CASE WHEN pick.d IS NULL THEN m.v[:m.pos - 2] || 0 || m.v[m.pos:]
                        ELSE m.v[:m.pos - 1] || pick.d || m.v[m.pos + 1:] END AS v
        ) placed
        -- Moving forward pushes the next position with the digits its filled peers leave free.
        CROSS JOIN LATERAL (
            SELECT CASE WHEN pick.d IS NULL THEN m.pos - 1 ELSE m.pos + 1 END AS pos,
                   CASE WHEN pick.d IS NULL THEN m.untried
                        ELSE m.untried[:m.pos - 1] || (m.untried[m.pos] & ~(1 << (pick.d - 1)))
                             || CASE WHEN m.pos < n * n THEN ARRAY[all_digits & ~coalesce((
                                    SELECT bit_or(1 << (placed.v[peer.i] - 1))
                                    FROM cell AS here, cell AS peer
                                    WHERE here.i = m.pos + 1 AND placed.v[peer.i] > 0
                                      AND (peer.r = here.r OR peer.c = here.c OR peer.b = here.b)), 0)]
                                ELSE '{}'::integer[] END
                             || m.untried[m.pos + 2:] END AS untried
        ) step
        WHERE m.pos BETWEEN 1 AND n * n
    )
    SELECT sudoku.grid(v) INTO drawn FROM move WHERE pos > n * n;
    RETURN drawn;
END
$$;
