-- pg_sudoku 0.3.0 -> 0.4.0 (ALTER EXTENSION pg_sudoku UPDATE). scripts/upgrade_test.sh checks
-- that the result equals a fresh 0.4.0 install, object for object; scripts/hijack_test.sh that
-- nothing a user planted is picked up on the way.
\echo Use "ALTER EXTENSION pg_sudoku UPDATE TO '0.4.0'" to load this file. \quit

-- Issue 34: names resolve in the extension's schema, then pg_catalog, with pg_temp last (0.2.0
-- and 0.3.0 set search_path = sudoku, which searched pg_temp first for types).
SET LOCAL search_path = sudoku, pg_catalog, pg_temp;

-- An install made through that hole has functions or types built on a type of some other
-- schema (a temporary one, or one a user owns): refuse to carry it forward.
DO $$
DECLARE
    bad text;
BEGIN
    SELECT string_agg(DISTINCT pg_catalog.pg_describe_object(d.classid, d.objid, d.objsubid), ', ')
      INTO bad
      FROM pg_catalog.pg_depend e
      JOIN pg_catalog.pg_depend d ON d.classid = e.classid AND d.objid = e.objid
      JOIN pg_catalog.pg_type t ON d.refclassid = 'pg_catalog.pg_type'::pg_catalog.regclass AND t.oid = d.refobjid
     WHERE e.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass
       AND e.refobjid = (SELECT x.oid FROM pg_catalog.pg_extension x WHERE x.extname = 'pg_sudoku')
       AND e.deptype = 'e'
       AND t.typnamespace NOT IN ('pg_catalog'::pg_catalog.regnamespace, 'sudoku'::pg_catalog.regnamespace);
    IF bad IS NOT NULL THEN
        RAISE EXCEPTION 'pg_sudoku objects depend on types outside pg_catalog and sudoku: %', bad
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  HINT = 'The install was made with look-alike types in the path (issue 34): DROP EXTENSION pg_sudoku and CREATE it again.';
    END IF;
END
$$;

-- Issue 34: the schema is the bootstrap superuser's (a trusted install left it to the
-- installing role, who could add overloads to it or drop its objects).
DO $$
BEGIN
    EXECUTE pg_catalog.format('ALTER SCHEMA sudoku OWNER TO %I',
                              (SELECT r.rolname FROM pg_catalog.pg_roles r WHERE r.oid = 10));
END
$$;

-- Issue 34: the canonical form search is bounded by its work too.
COMMENT ON FUNCTION canonical(grid) IS
'The minlex form of the grid: of every grid equivalent to it (relabelled digits, transposed, rows permuted within bands, '
'bands permuted, columns within stacks, stacks), the one whose row-major string is smallest, a blank counting less than '
'every digit and digits relabelled in order of first appearance; the form the Sudoku community deduplicates puzzle '
'lists by (000000000000000001000002030... for a 17-clue puzzle). Equivalent grids, and only they, have the same form, so '
'count(DISTINCT sudoku.canonical(p)) counts essentially different puzzles and an index on it finds a puzzle in any '
'disguise. Exact for every size: a search over the transformations that keep the smallest prefix, cell by cell '
'(engine/src/canonical.rs); about 10 µs for a 9x9 puzzle or solution grid, 0.15 ms for a 25x25 puzzle. Cancellable. '
'54000 when the search would keep more than 1,048,576 tied transformations at once or take more than 33,554,432 steps '
'(about a second), which no valid grid is known to need (large grids that repeat a digit in a row or column can).';
