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
