#!/usr/bin/env bash
# The hijack test (issue 34): a role with only CREATE on its database plants look-alikes of every
# name our scripts use, then installs or updates the trusted extension in the same session, and a
# superuser calls every function while that session lives. It checks that
#   (a) nothing planted ran: a planted object records each call in public.hijack_log and makes
#       the attacker superuser when its caller is one;
#   (b) after the attacker's session ends (and its temporary schema with it), the extension's
#       objects (pg_test/upgrade/snapshot.sql) equal those of a clean install, object for object;
#   (c) the attacker is no superuser, and neither owns nor may create in the schema sudoku.
# Scenarios: CREATE EXTENSION of the current version, and ALTER EXTENSION UPDATE from every older
# release kept in sql/ (0.1.0 only on 14 and later, as in scripts/upgrade_test.sh), each once
# more with look-alikes planted in the schema sudoku as well (issue 46: 0.1.0 left the schema
# to its installer, and the updates from it kept it so), where the update must be refused with
# nothing planted run, and pass once the attacker has dropped what it made there.
#
# The look-alikes, for every identifier of every pg_sudoku--*.sql script in the extension
# directory (the install script and the upgrade scripts) that is not a reserved keyword:
#   - a domain pg_temp.NAME and public.NAME whose CHECK calls the trap (over the pg_catalog type of
#     that name when there is one, else over int4); for pseudo-types (cstring, internal, ...), over
#     which no domain can be and whose shell types need a superuser, a composite type;
#   - for a name of a pg_catalog function, a public and a pg_temp function of each of its
#     signatures (those without pseudo-types) that calls the trap; for the other names, a function
#     NAME(text) and NAME(int4);
#   - for each operator symbol of the scripts, a public and a pg_temp operator of each signature
#     pg_catalog has for it, whose function calls the trap.
# Needs the current build installed and the PG* variables of a running cluster (scripts/cluster.sh
# env); the puzzles come from $SUDOKU_DATA.
# HIJACK_KEEP_SCRIPTS=1 keeps the old install scripts already in the extension directory (to run
# the test against scripts as released: it fails on 0.3.0's, issue 34).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
SUDOKU_DATA="${SUDOKU_DATA:-$(cd "$root/.." && pwd)/shared/data}"
source "$root/scripts/major.sh"
extdir="$("$PG_CONFIG" --sharedir)/extension"
current="$(sed -n 's/^version = "\(.*\)"/\1/p' "$root/Cargo.toml" | head -1)"
out="${HIJACK_TEST_DIR:-$root/target/hijack_test}"
rm -rf "$out" && mkdir -p "$out" && chmod 777 "$out"
psql_() { psql -X -q -v ON_ERROR_STOP=1 "$@"; }
attacker=hijack_attacker

# The old install scripts, to update from (they are not part of a normal install).
for script in "$root"/sql/pg_sudoku--*.sql; do
    name="$(basename "$script")"
    [[ "$name" =~ ^pg_sudoku--[0-9.]+\.sql$ ]] && [ "$name" != "pg_sudoku--$current.sql" ] || continue
    [ -n "${HIJACK_KEEP_SCRIPTS:-}" ] && [ -f "$extdir/$name" ] || install -m 644 "$script" "$extdir/$name"
    [ ! -f "${script%.sql}.control" ] || install -m 644 "${script%.sql}.control" "$extdir/$(basename "${script%.sql}.control")"
done

# Every identifier and operator symbol of the scripts CREATE and ALTER EXTENSION run.
cat "$extdir"/pg_sudoku--*.sql | sed "s/--.*\$//; s/'[^']*'//g" | grep -oE '[A-Za-z_][A-Za-z0-9_]*' | tr 'A-Z' 'a-z' \
    | sort -u >"$out/words.txt"
cat "$extdir"/pg_sudoku--*.sql | sed "s/--.*\$//; s/'[^']*'//g" | grep -oE '[-+*/<>=~!@#%^&|`?]+' | sort -u >"$out/symbols.txt"

psql_ -d postgres -c "DO \$\$ BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$attacker') THEN CREATE ROLE $attacker LOGIN; END IF;
END \$\$" -c "ALTER ROLE $attacker LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE"

# The SQL that plants every look-alike, made by the server from the words and symbols: run by
# the attacker in the session that then installs or updates the extension.
plants() {
    psql_ -d postgres -At <<SQL
CREATE TEMP TABLE word (w text);
CREATE TEMP TABLE symbol (s text);
\copy word FROM '$out/words.txt'
\copy symbol FROM '$out/symbols.txt'
-- Names a user cannot shadow: reserved and column-name keywords, and names too generic to be ours.
DELETE FROM word WHERE w IN (SELECT word FROM pg_get_keywords() WHERE catcode IN ('R', 'C', 'T'));
-- The trap: records its call, and makes the attacker superuser when a superuser calls it.
SELECT \$plant\$
CREATE TABLE public.hijack_log (caller text, what text, at timestamptz DEFAULT clock_timestamp());
GRANT INSERT, SELECT ON public.hijack_log TO PUBLIC;
CREATE FUNCTION public.hijack_trap(what text) RETURNS boolean LANGUAGE plpgsql AS \$f\$
BEGIN
    INSERT INTO public.hijack_log (caller, what) VALUES (current_user, what);
    IF (SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = current_user) THEN
        EXECUTE 'ALTER ROLE $attacker SUPERUSER';
    END IF;
    RETURN true;
END
\$f\$;
\$plant\$;
-- Domains (and shell types for pseudo-types) in pg_temp and public.
-- Names are always double-quoted: psql reads an unquoted begin after CREATE FUNCTION as the
-- start of a BEGIN ATOMIC body.
SELECT format('CREATE DOMAIN %1\$s.%2\$s AS %3\$s CHECK (public.hijack_trap(%4\$L));',
              s.schema, '"' || w.w || '"', coalesce(t.oid, 'int4'::regtype)::regtype, s.schema || '.' || w.w || ' (type)')
FROM word w
LEFT JOIN pg_type t ON t.typname = w.w AND t.typnamespace = 'pg_catalog'::regnamespace
CROSS JOIN (VALUES ('pg_temp'), ('public')) s(schema)
WHERE t.typtype IS DISTINCT FROM 'p'
ORDER BY 1;
-- Pseudo-types (cstring, internal, ...): a role that is no superuser cannot create a shell type,
-- and no domain can be over one; a composite type of the name stands in.
SELECT format('CREATE TYPE %s.%s AS (hijack boolean);', s.schema, '"' || t.typname || '"')
FROM word w
JOIN pg_type t ON t.typname = w.w AND t.typnamespace = 'pg_catalog'::regnamespace AND t.typtype = 'p'
CROSS JOIN (VALUES ('pg_temp'), ('public')) s(schema)
ORDER BY 1;
-- Functions: each pg_catalog signature of the name, or (text) and (int4) for our own names.
WITH sig AS (
    SELECT w.w, oidvectortypes(p.proargtypes) AS args, p.prorettype::regtype AS ret
    FROM word w JOIN pg_proc p ON p.proname = w.w AND p.pronamespace = 'pg_catalog'::regnamespace
    WHERE p.prokind = 'f' AND NOT p.proretset
      AND NOT EXISTS (SELECT FROM unnest(p.proargtypes::oid[] || p.prorettype) a(t) JOIN pg_type y ON y.oid = a.t
                      WHERE y.typtype = 'p')
    UNION
    SELECT w.w, a.args, 'boolean'::regtype
    FROM word w CROSS JOIN (VALUES ('text'), ('integer')) a(args)
    WHERE NOT EXISTS (SELECT FROM pg_proc p WHERE p.proname = w.w AND p.pronamespace = 'pg_catalog'::regnamespace)
)
SELECT format('CREATE FUNCTION %1\$s.%2\$s(%3\$s) RETURNS %4\$s LANGUAGE sql AS %5\$L;',
              s.schema, '"' || sig.w || '"', sig.args, sig.ret,
              format('SELECT CASE WHEN public.hijack_trap(%L) THEN NULL::%s END', s.schema || '.' || sig.w || '(' || sig.args || ')', sig.ret))
FROM sig CROSS JOIN (VALUES ('pg_temp'), ('public')) s(schema)
ORDER BY 1;
-- Operators: each pg_catalog signature of the symbol.
CREATE TEMP TABLE op AS
    SELECT row_number() OVER (ORDER BY o.oid) AS i, o.oprname, o.oprleft, o.oprright, o.oprresult
    FROM symbol s JOIN pg_operator o ON o.oprname = s.s AND o.oprnamespace = 'pg_catalog'::regnamespace
    WHERE NOT EXISTS (SELECT FROM pg_type y WHERE y.oid IN (o.oprleft, o.oprright, o.oprresult) AND y.typtype = 'p');
SELECT format('CREATE FUNCTION public.hijack_op_%1\$s(%2\$s) RETURNS %3\$s LANGUAGE sql AS %4\$L;',
              op.i, concat_ws(', ', nullif(op.oprleft, 0)::regtype, op.oprright::regtype), op.oprresult::regtype,
              format('SELECT CASE WHEN public.hijack_trap(%L) THEN NULL::%s END', 'operator ' || op.oprname, op.oprresult::regtype))
FROM op ORDER BY op.i;
SELECT format('CREATE OPERATOR %1\$s.%2\$s (%3\$s RIGHTARG = %4\$s, FUNCTION = public.hijack_op_%5\$s);',
              s.schema, op.oprname, CASE WHEN op.oprleft <> 0 THEN format('LEFTARG = %s,', op.oprleft::regtype) END,
              op.oprright::regtype, op.i)
FROM op CROSS JOIN (VALUES ('pg_temp'), ('public')) s(schema)
ORDER BY op.i, s.schema;
SQL
}

# Every function of the schema sudoku called by a superuser, with arguments made from a real
# puzzle by their types; set-returning functions read up to 3 rows. Errors are expected (a 9x9
# puzzle is not what every argument wants) and ignored: what counts is what ran.
calls() {
    psql_ -d "$1" -At <<'SQL'
SELECT format('SELECT %s FROM %s LIMIT 3;',
              CASE WHEN p.prokind = 'a' OR NOT p.proretset THEN 'x' ELSE '*' END,
              CASE WHEN p.prokind = 'a' OR NOT p.proretset
                   THEN format('(SELECT %s.%I(%s)) AS c(x)', n.nspname, p.proname, args.list)
                   ELSE format('%s.%I(%s)', n.nspname, p.proname, args.list) END)
FROM pg_proc p
JOIN pg_namespace n ON n.oid = p.pronamespace
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
                AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'pg_sudoku')
CROSS JOIN LATERAL (
    SELECT coalesce(string_agg(CASE
               WHEN t = 'sudoku.grid'::regtype THEN
                   '''4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......''::sudoku.grid'
               WHEN t = 'sudoku.board'::regtype THEN
                   '''4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......''::sudoku.grid::sudoku.board'
               WHEN t IN ('integer'::regtype, 'smallint'::regtype) THEN CASE WHEN i = 1 THEN '9' ELSE '3' END
               WHEN t = 'bigint'::regtype THEN '1'
               WHEN t IN ('double precision'::regtype, 'real'::regtype, 'numeric'::regtype) THEN '0.5'
               WHEN t = 'boolean'::regtype THEN 'true'
               WHEN t = 'text[]'::regtype THEN 'sudoku.rating_techniques()'
               WHEN t = 'integer[]'::regtype THEN 'sudoku.to_array(''4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......''::sudoku.grid)'
               WHEN t IN ('jsonb'::regtype, 'json'::regtype) THEN '''{}''::' || t::regtype
               WHEN t = 'text'::regtype THEN 'NULL::text'
               ELSE 'NULL::' || t::regtype END, ', ' ORDER BY i), '') AS list
    FROM unnest(p.proargtypes::oid[]) WITH ORDINALITY a(t, i)
    WHERE i <= p.pronargs - p.pronargdefaults
) args
WHERE p.prokind IN ('f', 'a')
  AND NOT EXISTS (SELECT FROM unnest(p.proargtypes::oid[] || p.prorettype) a(t)
                  WHERE t IN ('cstring'::regtype, 'internal'::regtype))
ORDER BY p.proname, 1;
-- The type's I/O, casts and operators.
SELECT $$SELECT g::text, g::jsonb, g::json, g::int[], g::text::sudoku.grid, g::jsonb::sudoku.grid, g = g, g <> g,
       g < g, g >= g, sudoku.grid_send(g) IS NOT NULL
FROM (SELECT '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'::sudoku.grid) x(g);$$;
SQL
}

status=0
fail() { echo "hijack test ($1, PostgreSQL $PG_MAJOR): $2" >&2; status=1; }

# A clean install's objects, to compare with: made by the same role, so that the schema it owns
# (a trusted extension's script creates it for the installing role) is named alike.
psql_ -d postgres -c "DROP DATABASE IF EXISTS hijack_clean" -c "CREATE DATABASE hijack_clean OWNER $attacker"
psql_ -d hijack_clean -U "$attacker" -c "CREATE EXTENSION pg_sudoku"
psql_ -d hijack_clean -f "$root/pg_test/upgrade/snapshot.sql" >"$out/clean.txt"
plants >"$out/plants.sql"
# The same look-alikes in the schema sudoku, where 0.1.0 left its installer free to create (issue
# 46), and operators of exact signatures across the catalog's reference types, which beat
# pg_catalog's = (oid, oid) in a comparison such as refclassid = 'pg_catalog.pg_namespace'::regclass.
{
    grep -E '^CREATE (DOMAIN|TYPE|FUNCTION|OPERATOR) pg_temp\.' "$out/plants.sql" | sed 's/^\(CREATE [A-Z]* \)pg_temp\./\1sudoku./'
    psql_ -d postgres -At <<'SQL'
WITH t(name) AS (SELECT 'pg_catalog.' || x FROM unnest(ARRAY['oid', 'regclass', 'regnamespace', 'regtype', 'regproc',
                        'regprocedure', 'regoperator', 'regrole', 'name', 'text', '"char"', 'int4']) x),
     pair AS (SELECT row_number() OVER (ORDER BY l.name, r.name) AS i, l.name AS l, r.name AS r, o.op
              FROM t l, t r, (VALUES ('='), ('<>')) o(op) WHERE l.name <> r.name)
SELECT format('CREATE FUNCTION public.hijack_xop_%s(%s, %s) RETURNS boolean LANGUAGE sql AS %L;', i, l, r,
              format('SELECT CASE WHEN public.hijack_trap(%L) THEN NULL::boolean END', 'operator sudoku.' || op || '(' || replace(l, 'pg_catalog.', '') || ', ' || replace(r, 'pg_catalog.', '') || ')'))
       || E'\n' || format('CREATE OPERATOR sudoku.%s (LEFTARG = %s, RIGHTARG = %s, FUNCTION = public.hijack_xop_%s);', op, l, r, i)
FROM pair ORDER BY i;
SQL
} >"$out/plants_sudoku.sql"
echo "hijack test: $(grep -c '' "$out/words.txt") words and $(grep -c '' "$out/symbols.txt") operator symbols in the scripts, $(grep -c '^CREATE' "$out/plants.sql") look-alikes planted"

# One scenario: $1 a name, $2 the version installed cleanly first (empty: none), $3 the statement
# the attacker runs after planting, $4 "sudoku" to plant in the schema sudoku first (issue 46):
# then the statement must be refused, naming the planted objects, with nothing planted run; the
# attacker drops its objects there (the remedy the error gives) and the scenario goes on as the
# others.
scenario() {
    local name="$1" from="$2" statement="$3" in_schema="${4:-}" db="hijack_$1"
    db="${db//./_}"
    psql_ -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db OWNER $attacker"
    psql_ -d postgres -c "ALTER ROLE $attacker NOSUPERUSER"
    if [ -n "$from" ]; then
        psql_ -d "$db" -U "$attacker" -c "CREATE EXTENSION pg_sudoku VERSION '$from'"
    fi
    if [ -n "$in_schema" ]; then
        local refused="$out/$name.refused.txt" made
        # An install of 0.2.0 or 0.3.0 that was updated from 0.1.0 by the scripts before issue 46
        # kept the schema its installer's: made so here.
        [ "$from" = 0.1.0 ] || psql_ -d "$db" -c "ALTER SCHEMA sudoku OWNER TO $attacker"
        { echo "SET client_min_messages = warning;"; cat "$out/plants.sql" "$out/plants_sudoku.sql"
          echo "\\set VERBOSITY verbose"; echo "$statement;"; } \
            | psql -X -d "$db" -U "$attacker" >"$refused" 2>&1 || true
        made="$(psql_ -d "$db" -At -c "SELECT count(*) FROM pg_proc WHERE pronamespace = 'sudoku'::regnamespace AND proowner = '$attacker'::regrole")"
        [ "$made" -gt 100 ] || fail "$name" "the attacker could not plant in the schema sudoku ($made functions)"
        grep -q "ERROR:  55000: pg_sudoku cannot be updated: the schema sudoku holds objects that are not the extension's.*operator sudoku.=(oid,regclass)" "$refused" \
            || fail "$name" "$statement was not refused naming the planted =(oid, regclass): $(grep -a ERROR "$refused" | tail -2 | cut -c1-300)"
        [ "$(psql_ -d "$db" -At -c "SELECT extversion FROM pg_extension WHERE extname = 'pg_sudoku'")" = "$from" ] \
            || fail "$name" "the refused update changed the version"
        [ "$(psql_ -d "$db" -At -c "SELECT count(*) FROM public.hijack_log")" = 0 ] \
            || fail "$name" "planted objects ran during the refused update: $(psql_ -d "$db" -At -c "SELECT string_agg(DISTINCT caller || ': ' || what, '; ') FROM public.hijack_log")"
        [ "$(psql_ -d postgres -At -c "SELECT rolsuper FROM pg_roles WHERE rolname = '$attacker'")" = f ] \
            || fail "$name" "the attacker became superuser during the refused update"
        echo "hijack test $name: $made functions planted in sudoku, the update refused: $(grep -ao 'ERROR:  55000: pg_sudoku cannot be updated[^:]*' "$refused")"
        # The remedy: the attacker drops what it made in sudoku (the statements listed by the
        # server, run without the look-alikes on the path), once its session has ended and taken
        # its temporary schema (and the functions over its types) with it; each drop on its own,
        # a later one may find its object gone with an earlier one.
        local left=1 tries=0
        while [ "$left" != 0 ] && [ "$tries" -lt 100 ]; do
            left="$(psql_ -d "$db" -At -c "SELECT count(*) FROM pg_stat_activity WHERE usename = '$attacker' AND datname = '$db'")"
            sleep 0.1; tries=$((tries + 1))
        done
        psql_ -d "$db" -At >"$out/$name.remedy.sql" <<'SQL'
SELECT 'SET search_path = pg_catalog;';
SELECT format('DROP OPERATOR IF EXISTS %s CASCADE;', o.oid::regoperator) FROM pg_operator o
WHERE o.oprnamespace = 'sudoku'::regnamespace AND o.oprowner <> 10;
SELECT format('DROP ROUTINE IF EXISTS %s CASCADE;', p.oid::regprocedure) FROM pg_proc p
WHERE p.pronamespace = 'sudoku'::regnamespace AND p.proowner <> 10;
SELECT format('DROP TYPE IF EXISTS %s CASCADE;', t.oid::regtype) FROM pg_type t
WHERE t.typnamespace = 'sudoku'::regnamespace AND t.typowner <> 10 AND t.typtype IN ('d', 'c') AND t.typelem = 0;
SQL
        psql -X -q -d "$db" -U "$attacker" -f "$out/$name.remedy.sql" >"$out/$name.remedy.txt" 2>&1 || true
        made="$(psql_ -d "$db" -At -c "SELECT count(*) FROM pg_proc WHERE pronamespace = 'sudoku'::regnamespace AND proowner = '$attacker'::regrole")"
        [ "$made" = 0 ] || fail "$name" "the remedy left $made of the attacker's functions in sudoku"
    fi
    # The attacker's session plants, runs the statement, then sleeps: it stays open while the
    # superuser calls everything, and ends when cancelled.
    local script="$out/$name.attack.sql" log="$out/$name.attacker.txt"
    {
        echo "SET client_min_messages = warning;"
        cat "$out/plants.sql"
        echo "\\set ON_ERROR_STOP 1"
        echo "$statement;"
        echo "SELECT pg_sleep(3600);"
    } >"$script"
    psql -X -d "$db" -U "$attacker" -f "$script" >"$log" 2>&1 &
    local session=$! tries=0 version=""
    until [ "$(psql_ -d "$db" -At -c "SELECT count(*) FROM pg_stat_activity WHERE usename = '$attacker'
            AND datname = '$db' AND state = 'active' AND query LIKE 'SELECT pg_sleep%'")" = 1 ]; do
        kill -0 "$session" 2>/dev/null || break
        sleep 0.2; tries=$((tries + 1))
        [ "$tries" -lt 1500 ] || break
    done
    version="$(psql_ -d "$db" -At -c "SELECT extversion FROM pg_extension WHERE extname = 'pg_sudoku'")"
    if [ "$version" != "$current" ]; then
        psql_ -d "$db" -At -c "SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE usename = '$attacker'" >/dev/null
        wait "$session" || true
        fail "$name" "the attacker's $statement did not give $current (${version:-no extension}): $(grep -a ERROR "$log" | tail -2)"
        return
    fi
    local planted
    planted="$(psql_ -d "$db" -At -c "SELECT count(*) FROM pg_type t WHERE t.typnamespace = 'public'::regnamespace AND t.typtype = 'd'")"
    # The superuser calls every function while the temporary look-alikes exist.
    calls "$db" >"$out/$name.calls.sql"
    psql -X -d "$db" -v ON_ERROR_STOP=0 -f "$out/$name.calls.sql" >"$out/$name.calls.txt" 2>&1 || true
    local ran
    ran="$(psql_ -d "$db" -At -c "SELECT count(*) FROM public.hijack_log")"
    [ "$ran" = 0 ] || fail "$name" "planted objects ran: $(psql_ -d "$db" -At -c "SELECT string_agg(DISTINCT caller || ': ' || what, '; ') FROM public.hijack_log")"
    psql_ -d "$db" -At -c "SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE usename = '$attacker'" >/dev/null
    wait "$session" || true
    # The temporary schema goes when the session's backend exits.
    local left=1 tries=0
    while [ "$left" != 0 ] && [ "$tries" -lt 100 ]; do
        left="$(psql_ -d "$db" -At -c "SELECT count(*) FROM pg_stat_activity WHERE usename = '$attacker' AND datname = '$db'")"
        sleep 0.1; tries=$((tries + 1))
    done
    psql_ -d "$db" -f "$root/pg_test/upgrade/snapshot.sql" >"$out/$name.txt"
    if ! diff -u "$out/clean.txt" "$out/$name.txt" >"$out/$name.diff"; then
        fail "$name" "the extension's objects differ from a clean install's (after the attacker's session):"
        head -40 "$out/$name.diff" >&2
    fi
    # The installer owns the extension, nothing in it: not the schema, where it could add overloads.
    local owns
    owns="$(psql_ -d "$db" -At -c "SELECT has_schema_privilege('$attacker', 'sudoku', 'CREATE')
        OR pg_has_role('$attacker', (SELECT nspowner FROM pg_namespace WHERE nspname = 'sudoku'), 'USAGE')")"
    [ "$owns" = f ] || fail "$name" "the attacker owns or may create in the schema sudoku"
    [ "$(psql_ -d postgres -At -c "SELECT rolsuper FROM pg_roles WHERE rolname = '$attacker'")" = f ] \
        || fail "$name" "the attacker became superuser"
    echo "hijack test $name: $planted domains planted in public, $(grep -c '^SELECT' "$out/$name.calls.sql") calls as superuser, $ran planted objects ran"
}

scenario install "" "CREATE EXTENSION pg_sudoku"
for script in "$root"/sql/pg_sudoku--*.sql; do
    name="$(basename "$script")"
    [[ "$name" =~ ^pg_sudoku--([0-9]+\.[0-9]+\.[0-9]+)\.sql$ ]] || continue
    old="${BASH_REMATCH[1]}"
    [ "$old" != "$current" ] || continue
    if [ "$old" = 0.1.0 ] && [ "$PG_MAJOR" -lt 14 ]; then
        echo "hijack test update from $old: not on PostgreSQL $PG_MAJOR ($old installs on 14 and later)"
        continue
    fi
    scenario "update_from_$old" "$old" "ALTER EXTENSION pg_sudoku UPDATE"
    # Issue 46: 0.1.0 left the schema to its installer (and so did the updates from it), who
    # plants there too.
    scenario "update_from_${old}_planted_in_sudoku" "$old" "ALTER EXTENSION pg_sudoku UPDATE" sudoku
done
psql_ -d postgres -c "ALTER ROLE $attacker NOSUPERUSER"
exit "$status"
