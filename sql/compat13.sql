-- The one place the extension's SQL depends on the server's major version.
--
-- bit_count(bit), the number of bits set, is built in from PostgreSQL 14 on. The pure-SQL
-- versions (solve_sql, propagate_combo_sql, crook_sql) count candidates with it, and they run
-- with search_path = pg_catalog, pg_temp. On PostgreSQL 13 this defines pg_catalog.bit_count(bit)
-- with 14's meaning, so that the same bodies run on every major; on 14 and later it does nothing.
-- It is not a member of the extension but depends on it (DEPENDS ON EXTENSION): DROP EXTENSION
-- drops it all the same, and pg_upgrade to 14 or later leaves it behind where the built-in
-- stands (pg_dump --binary-upgrade recreates every member, and a member in pg_catalog would
-- collide with the built-in; scripts/major_upgrade_test.sh found that). Not in the upgrade script
-- from 0.1.0: 0.1.0 installs only on 14 and later (its SQL-standard function bodies).
DO $$
BEGIN
    IF current_setting('server_version_num')::int < 140000 THEN
        CREATE FUNCTION pg_catalog.bit_count(bit) RETURNS bigint
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        COST 1
        AS 'SELECT pg_catalog.length(pg_catalog.replace($1::text, ''0'', ''''))::bigint';
        ALTER EXTENSION pg_sudoku DROP FUNCTION pg_catalog.bit_count(bit);
        ALTER FUNCTION pg_catalog.bit_count(bit) DEPENDS ON EXTENSION pg_sudoku;
        COMMENT ON FUNCTION pg_catalog.bit_count(bit) IS
            'pg_sudoku on PostgreSQL 13 only: the number of bits set, as PostgreSQL 14''s built-in bit_count(bit), for the pure-SQL versions (sql/compat13.sql).';
    END IF;
END $$;
