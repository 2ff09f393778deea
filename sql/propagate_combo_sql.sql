-- sudoku.propagate_combo_sql(grid): the set-based loop over candidate bitmasks, in pure SQL.
--
-- The approach of the articles: every cell holds a bitmask of its candidates (digit d is bit
-- d - 1; a filled cell holds its digit's bit, a blank all n bits). For each of the 3n units
-- (rows, columns, boxes) and each combo 1 .. 2^n - 1, the cells whose mask lies within the
-- combo are counted; when they number exactly the combo's popcount, the combo is "enclosed":
-- its digits must go in those cells, so they leave every other cell of the unit. A combo of
-- one digit enclosed by a filled cell removes that digit from its peers (a naked single's
-- elimination); larger ones are Crook's preemptive sets, and with them the hidden subsets,
-- whose complements they are. All enclosed combos of a round are applied at once, and rounds
-- repeat (here as the levels of a recursive CTE) until no mask changes.
-- The result is the fixpoint: cells left with one candidate are filled, the rest blank. NULL
-- when the rounds prove there is no solution: a cell without candidates, or two cells of a
-- unit left with the same single digit.
-- A round costs 3n * (2^n - 1) * n mask tests: fine for 4x4 and 9x9, slow for 16x16 (2^16
-- combos per unit), impractical for 25x25.
-- Native twin: sudoku.propagate(grid, ARRAY['preemptive_set']).
-- COST 13000000: 66 ms a call on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
CREATE FUNCTION propagate_combo_sql(grid grid) RETURNS grid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
COST 13000000
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
    -- The units of every cell: rows are units 1..n, columns n+1..2n, boxes 2n+1..3n.
    member AS (
        SELECT cell.i, u.unit FROM shape, cell, LATERAL (VALUES (r), (n + c), (2 * n + b)) AS u(unit)
    ),
    combo AS (
        SELECT m, bit_count(m::bit(32)) AS k FROM shape, generate_series(1, all_digits) AS m
    ),
    round(no, masks, changed, contradiction) AS (
        SELECT 0, ARRAY(SELECT CASE WHEN v[i] = 0 THEN all_digits ELSE 1 << (v[i] - 1) END FROM shape, cell ORDER BY i),
               true, false
        FROM shape
      UNION ALL
        SELECT r.no + 1, nxt.masks, nxt.masks <> r.masks,
               0 = ANY (nxt.masks) OR nxt.clash
        FROM round r
        CROSS JOIN LATERAL (
            WITH unit_mask AS (
                SELECT member.unit, member.i, r.masks[member.i] AS m FROM member
            ),
            -- The digits of each unit's cells with more than one candidate. A combo that mixes
            -- filled digits with open ones encloses nothing its parts do not, so the combos
            -- tried are the single digits and the subsets of the open digits.
            unit_open AS (
                SELECT unit, coalesce(bit_or(m) FILTER (WHERE m & (m - 1) <> 0), 0) AS open
                FROM unit_mask GROUP BY unit
            ),
            enclosed AS (
                -- The combos of each unit whose fitting cells number their popcount, and
                -- whether a single digit fits two cells (a contradiction).
                SELECT u.unit, combo.m, combo.k, count(*) AS fitting
                FROM unit_open u
                JOIN combo ON combo.k = 1 OR combo.m & ~u.open = 0
                JOIN unit_mask um ON um.unit = u.unit AND um.m & ~combo.m = 0
                GROUP BY u.unit, combo.m, combo.k
                HAVING count(*) = combo.k OR (combo.k = 1 AND count(*) > 1)
            ),
            -- The digits leaving each cell: those of the enclosed combos of its units that
            -- it does not fit in.
            gone AS (
                SELECT member.i, bit_or(e.m) AS digits
                FROM member JOIN enclosed e ON e.unit = member.unit
                WHERE e.fitting = e.k AND r.masks[member.i] & ~e.m <> 0
                GROUP BY member.i
            )
            SELECT ARRAY(SELECT r.masks[cell.i] & ~coalesce(gone.digits, 0)
                         FROM cell LEFT JOIN gone ON gone.i = cell.i ORDER BY cell.i) AS masks,
                   EXISTS (SELECT 1 FROM enclosed e WHERE e.fitting > e.k) AS clash
        ) nxt
        WHERE r.changed AND NOT r.contradiction
    )
    SELECT sudoku.with_shape(sudoku.grid(ARRAY(
               SELECT CASE WHEN m & (m - 1) = 0 THEN position('1' IN reverse(m::bit(32)::text)) ELSE 0 END
               FROM unnest(masks) WITH ORDINALITY AS x(m, i) ORDER BY i)), sudoku.shape(grid))
    FROM round
    WHERE NOT contradiction
      AND no = (SELECT max(no) FROM round)
$$;
