-- pg_sudoku 0.1.0 -> 0.2.0 (ALTER EXTENSION pg_sudoku UPDATE). scripts/upgrade_test.sh checks
-- that the result equals a fresh 0.2.0 install, object for object, and that stored grids and
-- their indexes read back unchanged.
\echo Use "ALTER EXTENSION pg_sudoku UPDATE TO '0.2.0'" to load this file. \quit

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
