-- Every object of the extension explains itself and states its volatility, strictness and
-- parallel safety.

-- Functions without a COMMENT: none.
SELECT p.oid::regprocedure AS function_without_comment
FROM pg_depend d JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
WHERE d.refclassid = 'pg_extension'::regclass
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'pg_sudoku')
  AND obj_description(p.oid, 'pg_proc') IS NULL
ORDER BY p.oid::regprocedure::text;

-- Operators and types without a COMMENT: none.
SELECT o.oid::regoperator AS operator_without_comment
FROM pg_depend d JOIN pg_operator o ON d.classid = 'pg_operator'::regclass AND d.objid = o.oid
WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'pg_sudoku')
  AND obj_description(o.oid, 'pg_operator') IS NULL;
-- The array types PostgreSQL makes for each of them (sudoku.grid[], ...) are left out: they have
-- no comment of their own, and PostgreSQL 18 records them as members of the extension where 13
-- and 15 record only their dependency on the element type.
SELECT t.oid::regtype AS type_without_comment
FROM pg_depend d JOIN pg_type t ON d.classid = 'pg_type'::regclass AND d.objid = t.oid
WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'pg_sudoku')
  AND t.typcategory <> 'A'
  AND obj_description(t.oid, 'pg_type') IS NULL;

-- The one function the extension puts into pg_catalog exists on PostgreSQL 13 alone: 14's
-- bit_count(bit) for the pure-SQL versions (sql/compat13.sql), which depends on the extension
-- without being a member. The listings below leave it out, so that they are the same on every major.
SELECT count(*) = CASE WHEN current_setting('server_version_num')::int < 140000 THEN 1 ELSE 0 END
           AS bit_count_only_on_13,
       bool_and(p.oid = 'pg_catalog.bit_count(bit)'::regprocedure AND p.provolatile = 'i' AND p.proisstrict
                AND p.proparallel = 's') IS NOT FALSE AS immutable_strict_safe
FROM pg_depend d JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
WHERE d.refclassid = 'pg_extension'::regclass
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'pg_sudoku')
  AND p.pronamespace = 'pg_catalog'::regnamespace;

-- Volatility (i immutable), strictness and parallel safety (s safe) of every function.
SELECT p.oid::regprocedure AS function, p.provolatile AS volatility, p.proisstrict AS strict, p.proparallel AS parallel
FROM pg_depend d JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
WHERE d.refclassid = 'pg_extension'::regclass
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'pg_sudoku')
  AND p.pronamespace <> 'pg_catalog'::regnamespace
ORDER BY p.oid::regprocedure::text;

-- COST (units of cpu_operator_cost, calibrated from measured times: see docs/benchmarks.md) and, for
-- set-returning functions, ROWS of every function. COST 1 stays where a call costs no more than
-- a builtin operator (comparison and hash support, size, get).
SELECT p.oid::regprocedure AS function, p.procost AS cost, CASE WHEN p.proretset THEN p.prorows END AS rows
FROM pg_depend d JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
WHERE d.refclassid = 'pg_extension'::regclass
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'pg_sudoku')
  AND p.pronamespace <> 'pg_catalog'::regnamespace
ORDER BY p.oid::regprocedure::text;
