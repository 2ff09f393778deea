-- pg_sudoku 0.1.0 -> 0.2.0 (ALTER EXTENSION pg_sudoku UPDATE). scripts/upgrade_test.sh checks
-- that the result equals a fresh 0.2.0 install, object for object, and that stored grids and
-- their indexes read back unchanged.
\echo Use "ALTER EXTENSION pg_sudoku UPDATE TO '0.2.0'" to load this file. \quit

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

-- Issue 13.1: the comparison operators move to pg_catalog, which every operator lookup searches,
-- so that =, <>, <, IN, JOIN USING work with a search_path that does not name sudoku. They keep
-- their OIDs: operator classes, indexes and stored views that use them are unaffected.
ALTER OPERATOR sudoku.= (grid, grid) SET SCHEMA pg_catalog;
ALTER OPERATOR sudoku.<> (grid, grid) SET SCHEMA pg_catalog;
ALTER OPERATOR sudoku.< (grid, grid) SET SCHEMA pg_catalog;
ALTER OPERATOR sudoku.<= (grid, grid) SET SCHEMA pg_catalog;
ALTER OPERATOR sudoku.> (grid, grid) SET SCHEMA pg_catalog;
ALTER OPERATOR sudoku.>= (grid, grid) SET SCHEMA pg_catalog;

-- Issue 13.1: DROP EXTENSION leaves nothing behind. 0.1.0's control file named the schema sudoku,
-- which CREATE EXTENSION made before the extension existed, so the schema was not part of it and
-- outlived DROP EXTENSION. 0.2.0 names pg_catalog in the control file and creates sudoku in its
-- install script. Here the same end state: the extension's namespace becomes pg_catalog (what
-- ALTER EXTENSION SET SCHEMA would record, which a non-relocatable extension cannot run; a
-- dependency on pg_catalog is never recorded, so the one on sudoku goes), then the schema joins
-- the extension (refused while the extension's namespace is the schema itself).
UPDATE pg_catalog.pg_extension SET extnamespace = 'pg_catalog'::pg_catalog.regnamespace
WHERE extname = 'pg_sudoku';
DELETE FROM pg_catalog.pg_depend
WHERE classid = 'pg_catalog.pg_extension'::pg_catalog.regclass
  AND objid = (SELECT oid FROM pg_catalog.pg_extension WHERE extname = 'pg_sudoku')
  AND refclassid = 'pg_catalog.pg_namespace'::pg_catalog.regclass
  AND refobjid = 'sudoku'::pg_catalog.regnamespace
  AND deptype = 'n';
ALTER EXTENSION pg_sudoku ADD SCHEMA sudoku;
COMMENT ON SCHEMA sudoku IS
'The objects of the extension pg_sudoku (all but the comparison operators of sudoku.grid, which live in pg_catalog). '
'Part of the extension: DROP EXTENSION pg_sudoku removes it.';

-- 0.1.0 left the schema without USAGE for PUBLIC: only its owner and superusers could reach the
-- functions, though they are executable by PUBLIC. Every role can now.
GRANT USAGE ON SCHEMA sudoku TO PUBLIC;

-- Issue 13.5: search_tree keeps one path of the tree instead of a breadth-first queue (same rows).
COMMENT ON FUNCTION search_tree(grid, integer) IS
'The recursive CTE fill of the articles as rows: starting from the grid (depth 0), the first blank in row-major order is '
'filled with every digit its row, column and box allow, then the next blank, level by level (breadth first, as the CTE''s '
'iterations). The same nodes per depth as that CTE, streamed, at most max_nodes of them, in memory for one path of the '
'tree whatever max_nodes (iterative deepening: each level is a depth-first walk from the root). 22023 when max_nodes < 0.';

-- Issue 13.5: grid_agg keeps its rows in an internal state, checked as they come (constant time
-- a row), instead of an integer[] copied at every row and checked at the end. The aggregates are
-- recreated: a view that calls grid_agg must be dropped before the update and made again after
-- (the DROP below stops the update otherwise, changing nothing).
DROP AGGREGATE grid_agg(integer, integer, integer);
DROP AGGREGATE grid_agg(integer, integer, integer, integer);
DROP FUNCTION grid_agg_step(integer[], integer, integer, integer);
DROP FUNCTION grid_agg_step(integer[], integer, integer, integer, integer);
DROP FUNCTION grid_agg_final(integer[]);
DROP FUNCTION grid_agg_final_sized(integer[]);
DROP FUNCTION grid_agg_final(integer[], integer);
CREATE FUNCTION grid_agg_step("state" internal, "row" integer, "col" integer, "value" integer) RETURNS internal
IMMUTABLE PARALLEL SAFE COST 20
LANGUAGE c AS 'MODULE_PATHNAME', 'grid_agg_step_inferred_wrapper';
CREATE FUNCTION grid_agg_step("state" internal, "row" integer, "col" integer, "value" integer, "size" integer)
RETURNS internal
IMMUTABLE PARALLEL SAFE COST 20
LANGUAGE c AS 'MODULE_PATHNAME', 'grid_agg_step_sized_wrapper';
CREATE FUNCTION grid_agg_final("state" internal) RETURNS grid
IMMUTABLE PARALLEL SAFE COST 400
LANGUAGE c AS 'MODULE_PATHNAME', 'grid_agg_finish_wrapper';
CREATE AGGREGATE grid_agg("row" integer, col integer, value integer) (
    SFUNC = grid_agg_step, STYPE = internal, FINALFUNC = grid_agg_final, PARALLEL = SAFE
);
CREATE AGGREGATE grid_agg("row" integer, col integer, value integer, size integer) (
    SFUNC = grid_agg_step, STYPE = internal, FINALFUNC = grid_agg_final, PARALLEL = SAFE
);
COMMENT ON FUNCTION grid_agg_step(internal, integer, integer, integer) IS
'Transition step of sudoku.grid_agg(row, col, value): checks the row at once and stores it in the state (one byte per cell '
'of the largest grid); constant time and memory per row.';
COMMENT ON FUNCTION grid_agg_step(internal, integer, integer, integer, integer) IS
'Transition step of sudoku.grid_agg(row, col, value, size): checks the row at once against the size and stores it in the '
'state (one byte per cell); constant time and memory per row.';
COMMENT ON FUNCTION grid_agg_final(internal) IS 'Final step of sudoku.grid_agg: the grid of the rows collected, NULL for none.';
COMMENT ON AGGREGATE grid_agg(integer, integer, integer) IS
'The grid of (row, col, value) rows (numbered from 1, NULL value = blank): a puzzle stored as one row per cell becomes a '
'grid with GROUP BY. The size is the smallest of 4, 9, 16, 25 that holds every row, column and value. Each row is checked '
'as it comes, in constant time: 22023 at the first row outside the largest grid (25x25), with a value outside 1..25, or '
'giving a cell a second value, and for a NULL row or column.';
COMMENT ON AGGREGATE grid_agg(integer, integer, integer, integer) IS
'The grid of (row, col, value) rows of the given size (4, 9, 16 or 25; 22023 otherwise, 22004 for NULL); each row is '
'checked against the size as it comes (22023 at the first cell outside the grid or value outside 1..n). '
'See sudoku.grid_agg(row, col, value).';

-- Issue 13.4: JSON for applications. A grid is an array of rows of numbers (0 blank); a step an
-- object whose cells, placement and eliminations are objects. Note: to_jsonb() of a grid, or of a
-- row holding one, now gives the rows of numbers (0.1.0 gave the grid's text).
CREATE FUNCTION to_jsonb("grid" grid) RETURNS jsonb
IMMUTABLE STRICT PARALLEL SAFE COST 5300
LANGUAGE c AS 'MODULE_PATHNAME', 'grid_to_jsonb_wrapper';
CREATE FUNCTION to_json("grid" grid) RETURNS json
IMMUTABLE STRICT PARALLEL SAFE COST 560
LANGUAGE c AS 'MODULE_PATHNAME', 'grid_to_json_wrapper';
CREATE FUNCTION grid("json" jsonb) RETURNS grid
IMMUTABLE STRICT PARALLEL SAFE COST 2800
LANGUAGE c AS 'MODULE_PATHNAME', 'grid_from_jsonb_wrapper';
CREATE FUNCTION step_jsonb("step" step) RETURNS jsonb
IMMUTABLE STRICT PARALLEL SAFE COST 9000
LANGUAGE c AS 'MODULE_PATHNAME', 'step_to_jsonb_wrapper';
CREATE CAST (grid AS jsonb) WITH FUNCTION to_jsonb(grid);
CREATE CAST (grid AS json) WITH FUNCTION to_json(grid);
CREATE CAST (jsonb AS grid) WITH FUNCTION grid(jsonb);
CREATE CAST (step AS jsonb) WITH FUNCTION step_jsonb(step);
COMMENT ON FUNCTION to_jsonb(grid) IS
'The grid as a jsonb array of n rows of n numbers, 0 for a blank ([[5,3,0,...],...]), for web and app clients. Also the '
'cast sudoku.grid::jsonb. Inverse: sudoku.grid(jsonb).';
COMMENT ON FUNCTION to_json(grid) IS
'The grid as a json array of rows of numbers, 0 for a blank. Also the cast sudoku.grid::json, which PostgreSQL''s to_json '
'and to_jsonb use for a grid inside a row, an array or a record (to_jsonb(t) of a table row nests the grid''s rows).';
COMMENT ON FUNCTION grid(jsonb) IS
'The grid of a JSON array of n rows of n numbers (n = 4, 9, 16 or 25), 0 or null for a blank. Also the cast '
'jsonb::sudoku.grid. 22P02 for another shape (not an array, a row count or row length that is not n, an element that is '
'not an integer or null), 22023 for a number outside 0..n; the message names the element''s path, $[row][col] from 0.';
COMMENT ON FUNCTION step_jsonb(step) IS
'A step (of fill_steps or hint) as a jsonb object for a client: step, technique, unit {kind, number} or null, digits, '
'cells [{row, col}], placement {row, col, digit} or null, eliminations [{row, col, digit}], grid (rows of numbers), '
'explanation. Also the cast sudoku.step::jsonb. PostgreSQL''s to_jsonb(s) keeps the row''s columns as they are (an '
'overload of to_jsonb would make to_jsonb(record) ambiguous). 22023 for array columns that are not rows of (row, col[, digit]).';

-- Issue 14.2: pictures of grids.
CREATE FUNCTION svg("grid" grid, "solution" grid DEFAULT NULL, "candidates" bool DEFAULT false) RETURNS text
IMMUTABLE PARALLEL SAFE COST 3000
LANGUAGE c AS 'MODULE_PATHNAME', 'svg_wrapper';
COMMENT ON FUNCTION svg(grid, grid, boolean) IS
'An SVG document (text) of the grid as drawn on paper: thick lines around boxes and the grid, thin between cells, givens in '
'bold black, the digits solution adds (its cells blank in grid; any grid of the same size that keeps the givens, such as '
'sudoku.solve(grid) or sudoku.propagate(grid)) in blue, and with candidates => true the candidates of each cell still '
'blank, in small grey type on the cell''s pencil-mark grid. Symbols 1-9 then A-P. Square: 246, 402, 550 or 706 px for '
'4x4, 9x9, 16x16, 25x25. NULL when grid is NULL; 22023 for a solution of another size or one that changes a given; 22004 '
'for candidates NULL.';

-- Issue 14.1: canonical forms and equivalence.
CREATE FUNCTION canonical("grid" grid) RETURNS grid
IMMUTABLE STRICT PARALLEL SAFE COST 2000
LANGUAGE c AS 'MODULE_PATHNAME', 'canonical_wrapper';
CREATE FUNCTION is_equivalent("grid" grid, "other" grid) RETURNS bool
IMMUTABLE STRICT PARALLEL SAFE COST 4000
LANGUAGE c AS 'MODULE_PATHNAME', 'is_equivalent_wrapper';
CREATE FUNCTION transform("grid" grid, "seed" bigint) RETURNS grid
IMMUTABLE STRICT PARALLEL SAFE COST 320
LANGUAGE c AS 'MODULE_PATHNAME', 'transform_wrapper';
COMMENT ON FUNCTION canonical(grid) IS
'The minlex form of the grid: of every grid equivalent to it (relabelled digits, transposed, rows permuted within bands, '
'bands permuted, columns within stacks, stacks), the one whose row-major string is smallest, a blank counting less than '
'every digit and digits relabelled in order of first appearance; the form the Sudoku community deduplicates puzzle '
'lists by (000000000000000001000002030... for a 17-clue puzzle). Equivalent grids, and only they, have the same form, so '
'count(DISTINCT sudoku.canonical(p)) counts essentially different puzzles and an index on it finds a puzzle in any '
'disguise. Exact for every size: a search over the transformations that keep the smallest prefix, cell by cell '
'(engine/src/canonical.rs); about 10 µs for a 9x9 puzzle or solution grid, 0.15 ms for a 25x25 puzzle. Cancellable. '
'54000 when the search would keep more than 1,048,576 tied transformations at once, which no valid grid is known to '
'need (large grids that repeat a digit in a row or column can).';
COMMENT ON FUNCTION is_equivalent(grid, grid) IS
'True when grid and other are the same puzzle in different disguises (sudoku.canonical(grid) = sudoku.canonical(other)); '
'false for grids of different sizes or different numbers of givens. Errors as sudoku.canonical.';
COMMENT ON FUNCTION transform(grid, bigint) IS
'A random grid equivalent to grid: digits relabelled, transposed or not, bands, rows within bands, stacks and columns '
'within stacks permuted, all drawn uniformly from the ChaCha8 stream of seed, so the same seed gives the same grid '
'across runs, platforms and releases (as sudoku.random_grid(size, seed)). Solutions, uniqueness and rating are kept.';

-- Issue 14.4: hash partitioning by a grid (support function 2 of the hash operator class).
CREATE FUNCTION grid_hash_extended("value" grid, "seed" bigint) RETURNS bigint
IMMUTABLE STRICT PARALLEL SAFE COST 1
LANGUAGE c AS 'MODULE_PATHNAME', 'grid_hash_extended_wrapper';
ALTER OPERATOR FAMILY grid_hash_ops USING hash ADD FUNCTION 2 (grid) grid_hash_extended(grid, bigint);
COMMENT ON FUNCTION grid_hash_extended(grid, bigint) IS
'Extended hash support for sudoku.grid: a 64-bit hash salted with seed, whose low 32 bits are grid_hash(grid) for seed 0 '
'(hash partitioning: PARTITION BY HASH (p) or (sudoku.canonical(p))).';

-- Issue 11: the 9x9 fixpoint takes hidden triads, so the first of several solutions may differ from 0.1.0's.
COMMENT ON FUNCTION solve(grid) IS
'The solution of a grid (any size), or NULL when it has none (conflicting givens included). Native engine: naked singles, hidden '
'singles and locked candidates to a fixpoint (9x9: hidden triads of minirows and minicolumns too, after tdoku), then '
'depth-first search. 9x9: tdoku''s branching on the configurations of one '
'digit in one band or stack (the chute with the fewest configurations summed over digits, then its digit with the fewest, '
'when it has two); otherwise and on other sizes: the open cell with the fewest candidates (first in row-major order on a tie), digits ascending. '
'With several solutions, the first in that order (for 9x9 grids not always the one of 0.1.0, which had no hidden triads, '
'nor of builds before November 2026, which branched on cells). '
'Honours query cancel and statement_timeout (57014).';
COMMENT ON FUNCTION solutions(grid, integer) IS
'Every solution up to max_solutions, in the order of sudoku.solve (its first row is solve''s answer; for 9x9 not always the '
'order of 0.1.0, whose fixpoint had no hidden triads, nor of builds before November 2026), found one per call '
'(the search state is kept between rows, so memory stays flat). In the SELECT list, LIMIT stops the search early; in FROM, '
'PostgreSQL first collects every row in a tuplestore (spilling to disk past work_mem). Cancel and statement_timeout are '
'honoured (57014). 22023 when max_solutions < 0. '
'count(*) over an empty 4x4 grid is 288, as the brute-force join of the articles finds.';
-- The 9x9 search is about twice as fast as 0.1.0's: COSTs recalibrated (src/functions.rs, src/views.rs).
ALTER FUNCTION solve(grid) COST 1400;
ALTER FUNCTION count_solutions(grid, integer) COST 2100;
ALTER FUNCTION is_unique(grid) COST 2100;
ALTER FUNCTION solutions(grid, integer) COST 2100;
