-- Crook's pencil-and-paper algorithm in PostgreSQL arrays, in pure SQL:
-- sudoku.candidates_sql(grid), sudoku.preemptive_sets_sql(...) and sudoku.solve_crook_sql(grid).
--
-- J. F. Crook's method ("A Pencil-and-Paper Algorithm for Solving Sudoku Puzzles", Notices of
-- the AMS, 2009) as the PostgreSQL article wrote it: every blank cell gets an array of
-- candidates (the digits no peer holds); a preemptive set of a row, column or box is a set of
-- m digits whose candidate arrays confine m of the unit's blank cells, so those digits leave
-- the unit's other cells (the occupancy theorem); a digit with one place left in a unit goes
-- there (a hidden single). A recursive CTE repeats these rounds until the candidate arrays no
-- longer change. A cell left with one candidate is filled (its digit is a preemptive set of
-- size 1, so it also leaves the cell's peers).
--
-- The state of a round is an array of sudoku.cell_candidates, one element per blank cell with
-- its candidates as an integer array and as a bitmask (digit d is bit d - 1), the same rows
-- sudoku.candidates returns. Preemptive sets are found per unit by growing sets of blank cells
-- in row-major order with the union of their candidates, abandoning a set once it lacks more
-- digits than it has cells left to take in.

-- The candidates of every blank cell, row-major: the digits 1..n that NOT EXISTS in a peer.
-- Native twin: sudoku.candidates(grid).
-- COST 3200 ROWS 60: 16 µs a row on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
CREATE FUNCTION candidates_sql(grid grid) RETURNS SETOF cell_candidates
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
COST 3200 ROWS 60
SET search_path = pg_catalog, pg_temp
SET jit = off
AS $$
    WITH shape AS (
        SELECT n, sqrt(n)::integer AS s, CASE sh WHEN 'none' THEN 0 ELSE split_part(sh, 'x', 1)::integer END AS br,
               CASE sh WHEN 'none' THEN 1 ELSE split_part(sh, 'x', 2)::integer END AS bc, v
        FROM (SELECT sudoku.size(grid) AS n, grid::integer[] AS v, sudoku.shape(grid) AS sh) x
    ),
    cell AS (
        SELECT i, (i - 1) / n + 1 AS r, (i - 1) % n + 1 AS c, CASE WHEN br = 0 THEN (i - 1) / n + 1 ELSE ((i - 1) / n / br) * (n / bc) + (i - 1) % n / bc + 1 END AS b
        FROM shape, generate_series(1, n * n) AS i
    )
    SELECT blank.r, blank.c, CASE WHEN shape.br > 0 THEN blank.b END, coalesce(free.digits, '{}'), coalesce(free.mask, 0)
    FROM shape, cell AS blank
    CROSS JOIN LATERAL (
        SELECT array_agg(d ORDER BY d) AS digits, sum(1 << (d - 1))::integer AS mask
        FROM generate_series(1, shape.n) AS d
        WHERE NOT EXISTS (
            SELECT 1 FROM cell AS peer
            WHERE shape.v[peer.i] = d AND (peer.r = blank.r OR peer.c = blank.c OR peer.b = blank.b))
    ) free
    WHERE shape.v[blank.i] = 0
    ORDER BY blank.i
$$;

-- Crook's preemptive sets of a candidate state (any array of sudoku.cell_candidates, such as
-- ARRAY(SELECT sudoku.candidates_sql(g)) or a state after some eliminations), at most max_size
-- digits each (NULL: any size): every set of m >= 1 digits and the m blank cells of a unit
-- whose candidates lie within them, when those cells hold all m digits. Ordered by unit (rows,
-- columns, boxes), unit number, size, then digits.
-- COST 27000 ROWS 34: 136 µs a row on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
CREATE FUNCTION preemptive_sets_sql(candidates cell_candidates[], max_size integer DEFAULT NULL)
RETURNS SETOF preemptive_set
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
COST 27000 ROWS 34
SET search_path = pg_catalog, pg_temp
SET jit = off
AS $$
BEGIN
    IF max_size < 0 THEN
        RAISE EXCEPTION 'max_size must not be negative, not %', max_size USING ERRCODE = 'invalid_parameter_value';
    END IF;
    RETURN QUERY
    WITH RECURSIVE
    -- The blank cells of each unit, numbered from 1 in row-major order, and how many it has.
    unit_cell AS (
        SELECT u.kind, u.unit, u.unit_no, c.row, c.col, c.candidates, c.mask,
               row_number() OVER (PARTITION BY u.kind, u.unit_no ORDER BY c.row, c.col)::integer AS pos,
               count(*) OVER (PARTITION BY u.kind, u.unit_no)::integer AS open
        FROM unnest(preemptive_sets_sql.candidates) AS c,
             LATERAL (VALUES (1, 'row', c.row), (2, 'column', c.col), (3, 'box', c.box)) AS u(kind, unit, unit_no)
        -- A grid without boxes (sudoku.shape none) has no box units.
        WHERE u.unit_no IS NOT NULL
    ),
    -- Sets of a unit's blank cells, grown in position order: their cells as {row, col} pairs,
    -- a bitmask of their positions, and the union of their candidates. A set that lacks more
    -- digits than there are cells after its last one can never become preemptive.
    grown(kind, unit, unit_no, open, last, size, chosen, cells, held) AS (
        SELECT kind, unit, unit_no, open, pos, 1, 1 << (pos - 1), ARRAY[ARRAY[row, col]], mask
        FROM unit_cell
        WHERE bit_count(mask::bit(32)) - 1 <= open - pos
          AND bit_count(mask::bit(32)) <= coalesce(max_size, open)
      UNION ALL
        SELECT g.kind, g.unit, g.unit_no, g.open, uc.pos, g.size + 1, g.chosen | (1 << (uc.pos - 1)),
               g.cells || ARRAY[ARRAY[uc.row, uc.col]], g.held | uc.mask
        FROM grown g
        JOIN unit_cell uc ON uc.kind = g.kind AND uc.unit_no = g.unit_no AND uc.pos > g.last
        WHERE bit_count((g.held | uc.mask)::bit(32)) - (g.size + 1) <= g.open - uc.pos
          AND bit_count((g.held | uc.mask)::bit(32)) <= coalesce(max_size, g.open)
    )
    SELECT g.unit, g.unit_no, g.size,
           ARRAY(SELECT d FROM generate_series(1, 32) AS d WHERE g.held & (1 << (d - 1)) <> 0),
           g.cells
    FROM grown g
    WHERE bit_count(g.held::bit(32)) = g.size
      -- No other blank cell of the unit fits within the digits.
      AND NOT EXISTS (
          SELECT 1 FROM unit_cell o
          WHERE o.kind = g.kind AND o.unit_no = g.unit_no AND o.mask & ~g.held = 0
            AND g.chosen & (1 << (o.pos - 1)) = 0)
    ORDER BY g.kind, g.unit_no, g.size,
             ARRAY(SELECT d FROM generate_series(1, 32) AS d WHERE g.held & (1 << (d - 1)) <> 0);
END
$$;

-- Crook's preemptive sets of a grid's candidates. Native twin: sudoku.preemptive_sets(grid, max_size).
-- COST 27000 ROWS 34: 136 µs a row on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
CREATE FUNCTION preemptive_sets_sql(grid grid, max_size integer DEFAULT NULL)
RETURNS SETOF preemptive_set
LANGUAGE sql IMMUTABLE PARALLEL SAFE
COST 27000 ROWS 34
SET search_path = pg_catalog, pg_temp
SET jit = off
AS $$
    SELECT s.*
    FROM sudoku.preemptive_sets_sql(ARRAY(SELECT c FROM sudoku.candidates_sql(grid) AS c), max_size) AS s
    WHERE grid IS NOT NULL
$$;

-- Crook's algorithm to its fixpoint: rounds of preemptive sets and hidden singles over the
-- candidate arrays, in a recursive CTE, until nothing changes. The grid with every cell left
-- with one candidate filled; NULL when a round proves there is no solution (equal givens in a
-- unit, a cell without candidates, two cells of a unit left with the same single digit, or a
-- unit with fewer candidate digits than blank cells).
-- Native twin: sudoku.propagate(grid, ARRAY['naked_single', 'hidden_single', 'preemptive_set']).
-- COST 23000000: 115 ms a call on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
CREATE FUNCTION solve_crook_sql(grid grid) RETURNS grid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
COST 23000000
SET search_path = pg_catalog, pg_temp
SET jit = off
AS $$
    WITH RECURSIVE
    shape AS (
        SELECT n, sqrt(n)::integer AS s, CASE sh WHEN 'none' THEN 0 ELSE split_part(sh, 'x', 1)::integer END AS br,
               CASE sh WHEN 'none' THEN 1 ELSE split_part(sh, 'x', 2)::integer END AS bc, v
        FROM (SELECT sudoku.size(grid) AS n, grid::integer[] AS v, sudoku.shape(grid) AS sh) x
    ),
    cell AS (
        SELECT i, (i - 1) / n + 1 AS r, (i - 1) % n + 1 AS c, CASE WHEN br = 0 THEN (i - 1) / n + 1 ELSE ((i - 1) / n / br) * (n / bc) + (i - 1) % n / bc + 1 END AS b
        FROM shape, generate_series(1, n * n) AS i
    ),
    crook(round, state, changed, contradiction) AS (
        SELECT 0, ARRAY(SELECT c FROM sudoku.candidates_sql(grid) AS c), true,
               EXISTS (SELECT 1 FROM shape, cell x JOIN cell y ON x.i < y.i AND (x.r = y.r OR x.c = y.c OR x.b = y.b)
                       WHERE v[x.i] > 0 AND v[x.i] = v[y.i])
      UNION ALL
        SELECT k.round + 1, nxt.state, nxt.state <> k.state, nxt.contradiction
        FROM crook k
        CROSS JOIN LATERAL (
            WITH cand AS (
                SELECT * FROM unnest(k.state)
            ),
            unit_cand AS (
                SELECT u.kind, u.unit_no, c.row, c.col, c.candidates, c.mask
                FROM cand c, LATERAL (VALUES ('row', c.row), ('column', c.col), ('box', c.box)) AS u(kind, unit_no)
                WHERE u.unit_no IS NOT NULL
            ),
            preemptive AS (
                SELECT * FROM sudoku.preemptive_sets_sql(k.state)
            ),
            -- Hidden singles: a digit among the candidates of one cell only of a unit.
            hidden AS (
                SELECT min(row) AS row, min(col) AS col, 1 << (d - 1) AS bit
                FROM unit_cand, unnest(candidates) AS d
                GROUP BY kind, unit_no, d
                HAVING count(*) = 1
            ),
            next_cand AS (
                SELECT c.row, c.col, c.box,
                       c.mask
                       & ~coalesce((SELECT bit_or(m) FROM preemptive p,
                                           LATERAL (SELECT sum(1 << (d - 1))::integer AS m FROM unnest(p.digits) AS d) pm
                                    WHERE ((p.unit = 'row' AND p.unit_no = c.row) OR (p.unit = 'column' AND p.unit_no = c.col)
                                           OR (p.unit = 'box' AND p.unit_no = c.box))
                                      AND NOT c.candidates <@ p.digits), 0)
                       & coalesce((SELECT bit_or(h.bit) FROM hidden h WHERE h.row = c.row AND h.col = c.col), -1) AS mask
                FROM cand c
            )
            SELECT ARRAY(SELECT ROW(row, col, box,
                                    ARRAY(SELECT d FROM generate_series(1, 32) AS d WHERE mask & (1 << (d - 1)) <> 0),
                                    mask)::sudoku.cell_candidates
                         FROM next_cand ORDER BY row, col) AS state,
                   EXISTS (SELECT 1 FROM next_cand WHERE mask = 0)
                   OR EXISTS (SELECT 1 FROM unit_cand WHERE cardinality(candidates) = 1
                              GROUP BY kind, unit_no, candidates HAVING count(*) > 1)
                   OR EXISTS (SELECT 1 FROM unit_cand GROUP BY kind, unit_no
                              HAVING bit_count(bit_or(mask)::bit(32)) < count(*)) AS contradiction
        ) nxt
        WHERE k.changed AND NOT k.contradiction
    )
    SELECT sudoku.with_shape(sudoku.grid(ARRAY(
               SELECT coalesce(nullif(shape.v[cell.i], 0), (
                   SELECT f.candidates[1] FROM unnest(crook.state) AS f
                   WHERE f.row = cell.r AND f.col = cell.c AND cardinality(f.candidates) = 1), 0)
               FROM shape, cell ORDER BY cell.i)), sudoku.shape(grid))
    FROM crook
    WHERE NOT contradiction
      AND round = (SELECT max(round) FROM crook)
$$;
