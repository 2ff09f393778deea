-- pg_sudoku 0.2.0 -> 0.3.0 (ALTER EXTENSION pg_sudoku UPDATE). scripts/upgrade_test.sh checks
-- that the result equals a fresh 0.3.0 install, object for object, and that stored grids and
-- their indexes read back unchanged.
\echo Use "ALTER EXTENSION pg_sudoku UPDATE TO '0.3.0'" to load this file. \quit

-- Issue 46: before anything is evaluated, the schema must hold nothing a user made. 0.1.0's
-- control file named the schema sudoku, so a trusted CREATE EXTENSION left it to the installing
-- role, who could plant in it an operator (=(oid, regclass), an exact match that beats
-- pg_catalog's) that this script, run as a superuser, would evaluate, or an overload such as
-- sudoku.generate(integer, integer) for a superuser's later call to pick. So names resolve in
-- pg_catalog only (pg_temp last, where functions and operators are never looked up unqualified),
-- every operator and function below is qualified, and the update stops, changing nothing, when
-- the schema holds an object that is not a member of the extension, or the extension has a
-- member that no superuser owns (its installer may ADD its own objects to it). Then the schema
-- becomes the bootstrap superuser's and no one else may create in it. The same block opens
-- every update script (scripts/hijack_test.sh plants in sudoku too).
SET LOCAL search_path = pg_catalog, pg_temp;
DO $guard$
DECLARE
    ext pg_catalog.oid := (SELECT x.oid FROM pg_catalog.pg_extension x
                           WHERE x.extname OPERATOR(pg_catalog.=) 'pg_sudoku');
    ns pg_catalog.oid := (SELECT n.oid FROM pg_catalog.pg_namespace n
                          WHERE n.nspname OPERATOR(pg_catalog.=) 'sudoku');
    bad pg_catalog.text;
    grantee pg_catalog.oid;
BEGIN
    WITH RECURSIVE objects (classid, objid, owner) AS (
        SELECT 'pg_catalog.pg_class'::pg_catalog.regclass::pg_catalog.oid, c.oid, c.relowner
          FROM pg_catalog.pg_class c WHERE c.relnamespace OPERATOR(pg_catalog.=) ns
        UNION ALL
        SELECT 'pg_catalog.pg_type'::pg_catalog.regclass::pg_catalog.oid, t.oid, t.typowner
          FROM pg_catalog.pg_type t WHERE t.typnamespace OPERATOR(pg_catalog.=) ns
        UNION ALL
        SELECT 'pg_catalog.pg_proc'::pg_catalog.regclass::pg_catalog.oid, p.oid, p.proowner
          FROM pg_catalog.pg_proc p WHERE p.pronamespace OPERATOR(pg_catalog.=) ns
        UNION ALL
        SELECT 'pg_catalog.pg_operator'::pg_catalog.regclass::pg_catalog.oid, o.oid, o.oprowner
          FROM pg_catalog.pg_operator o WHERE o.oprnamespace OPERATOR(pg_catalog.=) ns
        UNION ALL
        SELECT 'pg_catalog.pg_opclass'::pg_catalog.regclass::pg_catalog.oid, o.oid, o.opcowner
          FROM pg_catalog.pg_opclass o WHERE o.opcnamespace OPERATOR(pg_catalog.=) ns
        UNION ALL
        SELECT 'pg_catalog.pg_opfamily'::pg_catalog.regclass::pg_catalog.oid, o.oid, o.opfowner
          FROM pg_catalog.pg_opfamily o WHERE o.opfnamespace OPERATOR(pg_catalog.=) ns
        UNION ALL
        SELECT 'pg_catalog.pg_collation'::pg_catalog.regclass::pg_catalog.oid, o.oid, o.collowner
          FROM pg_catalog.pg_collation o WHERE o.collnamespace OPERATOR(pg_catalog.=) ns
        UNION ALL
        SELECT 'pg_catalog.pg_conversion'::pg_catalog.regclass::pg_catalog.oid, o.oid, o.conowner
          FROM pg_catalog.pg_conversion o WHERE o.connamespace OPERATOR(pg_catalog.=) ns
        UNION ALL
        SELECT 'pg_catalog.pg_ts_config'::pg_catalog.regclass::pg_catalog.oid, o.oid, o.cfgowner
          FROM pg_catalog.pg_ts_config o WHERE o.cfgnamespace OPERATOR(pg_catalog.=) ns
        UNION ALL
        SELECT 'pg_catalog.pg_ts_dict'::pg_catalog.regclass::pg_catalog.oid, o.oid, o.dictowner
          FROM pg_catalog.pg_ts_dict o WHERE o.dictnamespace OPERATOR(pg_catalog.=) ns
        UNION ALL
        SELECT 'pg_catalog.pg_ts_parser'::pg_catalog.regclass::pg_catalog.oid, o.oid, 10::pg_catalog.oid
          FROM pg_catalog.pg_ts_parser o WHERE o.prsnamespace OPERATOR(pg_catalog.=) ns
        UNION ALL
        SELECT 'pg_catalog.pg_ts_template'::pg_catalog.regclass::pg_catalog.oid, o.oid, 10::pg_catalog.oid
          FROM pg_catalog.pg_ts_template o WHERE o.tmplnamespace OPERATOR(pg_catalog.=) ns
        UNION ALL
        SELECT 'pg_catalog.pg_statistic_ext'::pg_catalog.regclass::pg_catalog.oid, o.oid, o.stxowner
          FROM pg_catalog.pg_statistic_ext o WHERE o.stxnamespace OPERATOR(pg_catalog.=) ns
    ),
    -- The extension's own: its members, and what PostgreSQL made for them (array and row
    -- types, a composite type's relation, indexes), which depend on them internally.
    own (classid, objid) AS (
        SELECT d.classid, d.objid FROM pg_catalog.pg_depend d
         WHERE d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_extension'::pg_catalog.regclass::pg_catalog.oid
           AND d.refobjid OPERATOR(pg_catalog.=) ext AND d.deptype OPERATOR(pg_catalog.=) 'e'
        UNION
        SELECT d.classid, d.objid FROM pg_catalog.pg_depend d
          JOIN own o ON d.refclassid OPERATOR(pg_catalog.=) o.classid AND d.refobjid OPERATOR(pg_catalog.=) o.objid
         WHERE d.deptype OPERATOR(pg_catalog.=) ANY ('{i,a}'::pg_catalog."char"[])
    ),
    members (classid, objid) AS (
        SELECT d.classid, d.objid FROM pg_catalog.pg_depend d
         WHERE d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_extension'::pg_catalog.regclass::pg_catalog.oid
           AND d.refobjid OPERATOR(pg_catalog.=) ext AND d.deptype OPERATOR(pg_catalog.=) 'e'
    ),
    -- Each member's owner, wherever it lives.
    owners (classid, objid, owner) AS (
        SELECT o.classid, o.objid, o.owner FROM objects o
        UNION ALL
        SELECT m.classid, m.objid, c.relowner FROM members m JOIN pg_catalog.pg_class c ON c.oid OPERATOR(pg_catalog.=) m.objid
         WHERE m.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_class'::pg_catalog.regclass::pg_catalog.oid
           AND c.relnamespace OPERATOR(pg_catalog.<>) ns
        UNION ALL
        SELECT m.classid, m.objid, t.typowner FROM members m JOIN pg_catalog.pg_type t ON t.oid OPERATOR(pg_catalog.=) m.objid
         WHERE m.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_type'::pg_catalog.regclass::pg_catalog.oid
           AND t.typnamespace OPERATOR(pg_catalog.<>) ns
        UNION ALL
        SELECT m.classid, m.objid, p.proowner FROM members m JOIN pg_catalog.pg_proc p ON p.oid OPERATOR(pg_catalog.=) m.objid
         WHERE m.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass::pg_catalog.oid
           AND p.pronamespace OPERATOR(pg_catalog.<>) ns
        UNION ALL
        SELECT m.classid, m.objid, o.oprowner FROM members m JOIN pg_catalog.pg_operator o ON o.oid OPERATOR(pg_catalog.=) m.objid
         WHERE m.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_operator'::pg_catalog.regclass::pg_catalog.oid
           AND o.oprnamespace OPERATOR(pg_catalog.<>) ns
    )
    SELECT pg_catalog.string_agg(q.what, ', ' ORDER BY q.what) INTO bad
      FROM (SELECT pg_catalog.format('%s (owner %s)', pg_catalog.pg_describe_object(b.classid, b.objid, 0),
                                     pg_catalog.quote_ident(r.rolname)) AS what
      FROM (SELECT o.classid, o.objid, o.owner FROM objects o
             WHERE NOT EXISTS (SELECT FROM own w WHERE w.classid OPERATOR(pg_catalog.=) o.classid
                                                   AND w.objid OPERATOR(pg_catalog.=) o.objid)
            UNION
            SELECT w.classid, w.objid, w.owner FROM owners w
              JOIN members m ON m.classid OPERATOR(pg_catalog.=) w.classid AND m.objid OPERATOR(pg_catalog.=) w.objid
              JOIN pg_catalog.pg_roles s ON s.oid OPERATOR(pg_catalog.=) w.owner
             WHERE NOT s.rolsuper) b
      LEFT JOIN pg_catalog.pg_roles r ON r.oid OPERATOR(pg_catalog.=) b.owner) q;
    IF bad IS NOT NULL THEN
        RAISE EXCEPTION 'pg_sudoku cannot be updated: the schema sudoku holds objects that are not the extension''s, or the extension has members no superuser owns: %', bad
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  HINT = 'Drop those objects (a superuser, or their owner), then run ALTER EXTENSION pg_sudoku UPDATE again; or DROP EXTENSION pg_sudoku and CREATE EXTENSION pg_sudoku.';
    END IF;
    -- The schema is the bootstrap superuser's; CREATE on it is no one else's (an owner's grants
    -- pass to the new owner with the schema).
    EXECUTE pg_catalog.format('ALTER SCHEMA sudoku OWNER TO %I',
                              (SELECT r.rolname FROM pg_catalog.pg_roles r WHERE r.oid OPERATOR(pg_catalog.=) 10::pg_catalog.oid));
    FOR grantee IN
        SELECT DISTINCT a.grantee
          FROM pg_catalog.pg_namespace n, pg_catalog.aclexplode(n.nspacl) a
         WHERE n.oid OPERATOR(pg_catalog.=) ns AND a.privilege_type OPERATOR(pg_catalog.=) 'CREATE'
           AND a.grantee OPERATOR(pg_catalog.<>) 10::pg_catalog.oid
    LOOP
        EXECUTE pg_catalog.format('REVOKE CREATE ON SCHEMA sudoku FROM %s',
                                  CASE WHEN grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC'
                                       ELSE pg_catalog.quote_ident((SELECT r.rolname FROM pg_catalog.pg_roles r
                                                                    WHERE r.oid OPERATOR(pg_catalog.=) grantee)) END);
    END LOOP;
END
$guard$;

SET LOCAL search_path = sudoku, pg_catalog, pg_temp;

-- Issue 25: solve, count_solutions and is_unique cost what they take on the puzzles most tables
-- hold (se_rated_10k, 3 µs), not on the hard magictour_top1465 (7-10 µs): a query over 100,000
-- easy puzzles no longer crosses jit_optimize_above_cost for nothing.
ALTER FUNCTION solve(grid) COST 600;
ALTER FUNCTION count_solutions(grid, integer) COST 600;
ALTER FUNCTION is_unique(grid) COST 600;

-- Issue 24: the Sudoku Explainer rating.
CREATE TYPE se_rating AS (er numeric(3,1), ep numeric(3,1), ed numeric(3,1), hardest text);
CREATE FUNCTION se_rating("grid" grid) RETURNS se_rating
IMMUTABLE STRICT PARALLEL SAFE COST 700000
LANGUAGE c AS 'MODULE_PATHNAME', 'se_rating_wrapper';
COMMENT ON TYPE se_rating IS
'The Sudoku Explainer rating of a puzzle (sudoku.se_rating(grid)), each number numeric(3,1) on Sudoku Explainer''s '
'scale: er, the difficulty of the hardest step of the solution path; ep, of the hardest step up to the first '
'placement; ed, of the first step; hardest, the technique of the hardest step (its first step of that difficulty).';
COMMENT ON FUNCTION se_rating(grid) IS
'The Sudoku Explainer rating (ER, EP, ED) of a 9x9 puzzle with one solution, by the rules of Sukaku Explainer '
'v1.15.10, the rater of the Sudoku Exchange puzzle bank: each step takes the first hint of the techniques in its order '
'(full house 1.0, hidden singles 1.2/1.5, direct pointing, claiming, hidden pair and triple 1.7-2.5, naked single 2.3, '
'pointing and claiming 2.6/2.8, subsets and fish 3.0-5.4, turbot fish 4.0-4.3, XY- and XYZ-Wing 4.2/4.4, unique '
'rectangles and loops 4.5-5.x, three strong links 5.4-5.7, WXYZ-Wing 5.5/5.6, BUG 5.6-6.0, VWXYZ-Wing 6.2-6.4, '
'bidirectional cycles and forcing X-chains from 6.5, forcing chains from 7.0, Nishio from 7.5, cell and region '
'forcing chains from 8.0, dynamic forcing chains from 8.5), a chain adding 0.1 each time its length passes 4, 6, 8, '
'12, 16, 24, ... Our own implementation (sudoku_engine::human::explainer), checked against Sukaku Explainer itself '
'(README "The Sudoku Explainer rating"). About 3.5 ms a puzzle of the Sudoku Exchange bank on average, 1.5 ms at the median. 22023 for another size, '
'conflicting givens, no or several solutions, and a puzzle that needs more than dynamic forcing chains (9.0 and up); '
'57014 on cancel or statement_timeout.';

-- Issue 26: variants as data (native functions, then the pure-SQL solver and compare).
-- sudoku.grid becomes the preferred type of its category (U), as CREATE TYPE ... PREFERRED = true
-- makes it in a fresh install: where an overload takes a grid or a jsonb (the rules) at the same
-- place, an untyped literal is read as a grid, so sudoku.svg('...', '...') keeps meaning
-- svg(grid, grid). ALTER TYPE cannot change it; the catalog row is updated (the script runs as
-- a superuser).
UPDATE pg_catalog.pg_type SET typispreferred = true WHERE oid = 'sudoku.grid'::pg_catalog.regtype;
CREATE TYPE variant_puzzle AS (puzzle grid, rules jsonb, solution grid);
CREATE FUNCTION "generate"(
	"rules" jsonb,
	"size" INT DEFAULT 9,
	"seed" bigint DEFAULT NULL,
	"symmetry" TEXT DEFAULT 'central',
	"killer" bool DEFAULT false
) RETURNS variant_puzzle
VOLATILE PARALLEL SAFE  COST 2000000
LANGUAGE c
AS 'MODULE_PATHNAME', 'generate_rules_wrapper';
CREATE FUNCTION "candidates"(
	"grid" grid,
	"rules" jsonb
) RETURNS SETOF cell_candidates
IMMUTABLE STRICT PARALLEL SAFE  COST 200
LANGUAGE c
AS 'MODULE_PATHNAME', 'candidates_rules_wrapper';
CREATE FUNCTION "count_solutions"(
	"grid" grid,
	"rules" jsonb,
	"max" INT DEFAULT 2
) RETURNS INT
IMMUTABLE STRICT PARALLEL SAFE  COST 20000
LANGUAGE c
AS 'MODULE_PATHNAME', 'count_solutions_rules_wrapper';
CREATE FUNCTION "is_solved"(
	"grid" grid,
	"rules" jsonb
) RETURNS bool
IMMUTABLE STRICT PARALLEL SAFE  COST 400
LANGUAGE c
AS 'MODULE_PATHNAME', 'is_solved_rules_wrapper';
CREATE FUNCTION "is_unique"(
	"grid" grid,
	"rules" jsonb
) RETURNS bool
IMMUTABLE STRICT PARALLEL SAFE  COST 20000
LANGUAGE c
AS 'MODULE_PATHNAME', 'is_unique_rules_wrapper';
CREATE FUNCTION "rules"(
	"rules" jsonb,
	"size" INT DEFAULT 9
) RETURNS jsonb
IMMUTABLE STRICT PARALLEL SAFE  COST 2000
LANGUAGE c
AS 'MODULE_PATHNAME', 'rules_checked_wrapper';
CREATE FUNCTION "solve"(
	"grid" grid,
	"rules" jsonb
) RETURNS grid
IMMUTABLE STRICT PARALLEL SAFE  COST 20000
LANGUAGE c
AS 'MODULE_PATHNAME', 'solve_rules_wrapper';
CREATE FUNCTION "svg"(
	"grid" grid,
	"rules" jsonb,
	"solution" grid DEFAULT NULL,
	"candidates" bool DEFAULT false
) RETURNS TEXT
IMMUTABLE PARALLEL SAFE  COST 4000
LANGUAGE c
AS 'MODULE_PATHNAME', 'svg_rules_wrapper';

-- sql/variant_sql.sql
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
-- The rules are checked first by sudoku.rules(rules, size) (the native check, so that the
-- errors are the same as sudoku.solve(grid, rules)'s: 22P02, 22023).
-- Killer puzzles without givens are what this query finds hardest: the cage-sum check prunes
-- far less than the native solver's cage combinations; statement_timeout and cancel stop it.
-- Native twin: sudoku.solve(grid, rules).
-- COST 100000000: 500 ms a call (9x9 jigsaw and X puzzles), in units of 5 ns (README "Variants").
CREATE FUNCTION solve_sql(grid grid, rules jsonb) RETURNS grid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
COST 100000000
SET search_path = pg_catalog, pg_temp
SET jit = off
AS $$
    WITH RECURSIVE
    shape AS (
        SELECT n, sqrt(n)::integer AS s, (1 << n) - 1 AS all_digits, v, checked
        FROM (SELECT sudoku.size(grid) AS n, grid::integer[] AS v,
                     sudoku.rules(rules, sudoku.size(grid)) AS checked) x
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
                    ELSE 'box ' || ((r - 1) / s * s + (c - 1) / s + 1) END, i, NULL
        FROM cell, shape
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
    SELECT sudoku.grid(v) FROM fill WHERE blanks = 0 LIMIT 1
$$;

-- sql/compare.sql, its second function
-- sudoku.compare(grid, rules): the native variant solver next to the pure-SQL one, on one
-- puzzle under variant rules (X, windoku, jigsaw, killer; sudoku.solve(grid, rules) and
-- sudoku.solve_sql(grid, rules)). The same columns as sudoku.compare(grid), one row (approach
-- 'solve'); a statement timeout inside the SQL version is reported in the row (sql NULL, agree
-- NULL), a cancel by the user still cancels.
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
    timeout_ms double precision := (SELECT setting::double precision FROM pg_catalog.pg_settings
                                    WHERE name = 'statement_timeout');
BEGIN
    approach := 'solve';
    started := clock_timestamp();
    native := sudoku.solve(grid, rules);
    native_ms := extract(epoch FROM clock_timestamp() - started) * 1000;
    BEGIN
        started := clock_timestamp();
        sql := sudoku.solve_sql(grid, rules);
        sql_ms := extract(epoch FROM clock_timestamp() - started) * 1000;
        agree := native IS NOT DISTINCT FROM sql;
    EXCEPTION WHEN query_canceled THEN
        IF timeout_ms = 0
           OR extract(epoch FROM clock_timestamp() - statement_timestamp()) * 1000 < timeout_ms THEN
            RAISE;
        END IF;
    END;
    RETURN NEXT;
END
$$;

-- Issue 26: variants as data.
COMMENT ON TYPE variant_puzzle IS
'A generated variant puzzle (sudoku.generate(rules => ...)): the puzzle, its rules as jsonb (with the cages drawn, for '
'killer) and its one solution.';
COMMENT ON FUNCTION rules(jsonb, integer) IS
'Variant rules checked for a grid of size (4, 9, 16, 25) and written back in their plain form (only the keys set). '
'Rules are a jsonb object {"diagonals": true, "windows": true, "regions": "<one symbol per cell, row-major>", '
'"cages": [{"sum": 15, "cells": [[1, 1], [1, 2]]}]}, every key optional, rows and columns from 1: diagonals (X Sudoku), '
'the windows of windoku (the size-1 squares of box side at rows and columns 2, b+3, ...), jigsaw regions replacing the '
'boxes (whitespace ignored), killer cages (distinct digits with that sum). 22P02 for another shape (not an object, an '
'unknown key, a wrong JSON type); 22023 for rules that do not fit the size: regions not n connected regions of n cells, '
'a cage cell outside the grid, twice, or in two cages, a sum its cells cannot make, cages inside a unit past its total.';
COMMENT ON FUNCTION solve(grid, jsonb) IS
'The first solution of a grid under variant rules (see sudoku.rules), NULL when there is none. Native variant solver '
'(sudoku_engine::variant): naked and hidden singles in every unit (rows, columns, boxes or regions, diagonals, '
'windows), locked candidates between any two units, each cage narrowed to the digits its sum''s combinations of '
'distinct digits can still put in each cell, and the rule of 45 (the cells of a unit outside its cages), then '
'depth-first search on the open cell with the fewest candidates, digits ascending. 22P02/22023 for bad rules (see '
'sudoku.rules); 57014 on cancel or statement_timeout. Pure-SQL twin: sudoku.solve_sql(grid, rules).';
COMMENT ON FUNCTION count_solutions(grid, jsonb, integer) IS
'The number of solutions under variant rules (see sudoku.rules), counting stops at max (at least 1; 22023 otherwise). '
'The search of sudoku.solve(grid, rules); 57014 on cancel or statement_timeout. Write an untyped rules literal as '
'''...''::jsonb when max is left out (count_solutions(grid, integer) takes two arguments too).';
COMMENT ON FUNCTION is_unique(grid, jsonb) IS
'True when the grid has exactly one solution under variant rules (count_solutions(grid, rules, 2) = 1).';
COMMENT ON FUNCTION is_solved(grid, jsonb) IS
'True when every cell is filled and the grid keeps the variant rules: each row, column, box or region, diagonal and '
'window holds every digit once, each cage distinct digits with its sum.';
COMMENT ON FUNCTION candidates(grid, jsonb) IS
'One row per blank cell under variant rules, as sudoku.candidates(grid) (box: the box, or the jigsaw region numbered in '
'order of first appearance): the digits none of its peers holds (the cells sharing a unit or its cage), narrowed in a '
'cage to those that some set of distinct digits with the cage''s sum can put there. No rows when givens clash or a '
'cell or cage is left without a way.';
COMMENT ON FUNCTION generate(jsonb, integer, bigint, text, boolean) IS
'A puzzle with one solution under variant rules, as a sudoku.variant_puzzle (puzzle, rules, solution); call it with '
'rules => ... (the classic sudoku.generate takes no rules). X, windoku, jigsaw (and fixed cages): a random solution '
'under the rules, then givens removed in random order, with their partners under symmetry (none, central, diagonal, '
'mirror, dihedral), while one solution remains. killer => true: cages of 1-5 connected cells of distinct digits cut '
'at random from the solution, sums from it; no givens when the cages alone leave one solution (4 cuttings tried), '
'else as few as keep one. Reproducible from seed (NULL: random). 9x9 in milliseconds; 16x16 may take seconds. '
'22023 for bad rules, cages given with killer, or an unknown symmetry; 57014 on cancel or statement_timeout.';
COMMENT ON FUNCTION svg(grid, jsonb, grid, boolean) IS
'An SVG picture of a grid under variant rules (call it with rules => ...): as svg(grid, solution, candidates), with the '
'cells of the diagonals and windows shaded, jigsaw regions with thick borders instead of boxes, each cage outlined with '
'a dashed line and its sum in its first cell, and the variant candidates. NULL when grid or rules is NULL; 22P02/22023 '
'for bad rules, 22023 when the solution differs in size or changes a given.';
COMMENT ON FUNCTION solve_sql(grid, jsonb) IS
'Pure SQL: the recursive-CTE fill of the articles for variant rules. The units are rows of a table built from the '
'rules (rows, columns, boxes or regions, diagonals, windows, cages with their sums); one recursive CTE fills one blank '
'per level by the most constrained choice, every unit''s used digits one bitmask, and a digit goes in a cage only '
'while the cage''s sum stays reachable. The same query solves classic, X, windoku, jigsaw and killer grids; killer '
'puzzles without givens are slow (seconds to a minute). Rules checked by sudoku.rules. Native twin: '
'sudoku.solve(grid, rules).';
COMMENT ON FUNCTION compare(grid, jsonb) IS
'The native variant solver next to the pure-SQL one on a puzzle under variant rules: one row (approach solve) with '
'sudoku.solve(grid, rules) and sudoku.solve_sql(grid, rules), whether they agree and their times in ms; a '
'statement_timeout inside the SQL version leaves sql and agree NULL.';
