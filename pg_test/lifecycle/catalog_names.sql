-- Every object of the database's catalogs, named (never by OID), for scripts/dump_test.sh: the
-- lists before CREATE EXTENSION pg_sudoku and after DROP EXTENSION pg_sudoku CASCADE must be equal.
\pset format unaligned
\pset tuples_only on
SELECT 'schema ' || nspname FROM pg_namespace WHERE nspname !~ '^pg_(toast_)?temp_'
UNION ALL SELECT 'extension ' || extname FROM pg_extension
UNION ALL SELECT 'function ' || oid::regprocedure FROM pg_proc
UNION ALL SELECT 'aggregate ' || aggfnoid::regprocedure FROM pg_aggregate
UNION ALL SELECT 'type ' || typnamespace::regnamespace || '.' || typname FROM pg_type
UNION ALL SELECT 'operator ' || oprnamespace::regnamespace || '.' || oid::regoperator FROM pg_operator
UNION ALL SELECT 'operator class ' || opcnamespace::regnamespace || '.' || opcname || ' ' || (SELECT amname FROM pg_am WHERE oid = opcmethod) FROM pg_opclass
UNION ALL SELECT 'operator family ' || opfnamespace::regnamespace || '.' || opfname || ' ' || (SELECT amname FROM pg_am WHERE oid = opfmethod) FROM pg_opfamily
UNION ALL SELECT 'operator family members ' || count(*) FROM pg_amop
UNION ALL SELECT 'support functions ' || count(*) FROM pg_amproc
UNION ALL SELECT 'cast ' || castsource::regtype || ' -> ' || casttarget::regtype FROM pg_cast
UNION ALL SELECT 'relation ' || relnamespace::regnamespace || '.' || relname || ' ' || relkind::text FROM pg_class
UNION ALL SELECT 'column ' || attrelid::regclass || '.' || attname || ' ' || format_type(atttypid, atttypmod)
          FROM pg_attribute WHERE attnum > 0 AND NOT attisdropped
UNION ALL SELECT 'rule ' || ev_class::regclass || ' ' || rulename FROM pg_rewrite
UNION ALL SELECT 'comments on ' || classoid::regclass || ' ' || count(*) FROM pg_description GROUP BY classoid
UNION ALL SELECT 'dependencies ' || classid::regclass || ' -> ' || refclassid::regclass || ' ' || deptype::text || ' ' || count(*)
          FROM pg_depend GROUP BY classid, refclassid, deptype
ORDER BY 1;
