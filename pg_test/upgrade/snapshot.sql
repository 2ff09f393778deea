-- Every object of the extension pg_sudoku in the current database, one row each, described by
-- name (never by OID) with everything that defines it: a function's whole definition (arguments,
-- defaults, result, language, volatility, strictness, parallel safety, cost, rows, settings and
-- body), an aggregate's functions and state, a type's I/O functions, storage and attributes, an
-- operator's function, commutator, negator, estimators and flags, an operator family's members,
-- a cast's function and context, the privileges on schemas, functions and types, and every comment. scripts/upgrade_test.sh diffs the output of
-- a fresh install against that of an install of an older version after ALTER EXTENSION UPDATE.
\pset format unaligned
\pset tuples_only on
\pset fieldsep ' | '
WITH ext AS (
    SELECT oid, extname, extversion, extnamespace::regnamespace AS schema, extrelocatable
    FROM pg_extension WHERE extname = 'pg_sudoku'
),
member AS (
    SELECT d.classid, d.objid, d.objsubid
    FROM pg_depend d, ext
    WHERE d.refclassid = 'pg_extension'::regclass AND d.refobjid = ext.oid AND d.deptype = 'e'
),
detail AS (
    SELECT m.classid, m.objid,
           pg_describe_object(m.classid, m.objid, m.objsubid) AS object,
           CASE m.classid
           WHEN 'pg_proc'::regclass THEN (
               SELECT CASE WHEN p.prokind = 'a' THEN (
                          SELECT format('aggregate kind=%s transfn=%s finalfn=%s combinefn=%s serialfn=%s '
                                        'deserialfn=%s stype=%s sspace=%s initval=%s finalmodify=%s parallel=%s',
                                        a.aggkind, a.aggtransfn::regprocedure, a.aggfinalfn::regprocedure,
                                        a.aggcombinefn::regprocedure, a.aggserialfn::regprocedure,
                                        a.aggdeserialfn::regprocedure, a.aggtranstype::regtype, a.aggtransspace,
                                        a.agginitval, a.aggfinalmodify, p.proparallel)
                          FROM pg_aggregate a WHERE a.aggfnoid = p.oid)
                      ELSE pg_get_functiondef(p.oid) END || format(' acl=%s', p.proacl)
               FROM pg_proc p WHERE p.oid = m.objid)
           WHEN 'pg_type'::regclass THEN (
               SELECT format('type kind=%s len=%s byval=%s align=%s storage=%s category=%s preferred=%s '
                             'in=%s out=%s recv=%s send=%s elem=%s array=%s acl=%s attributes=%s',
                             t.typtype, t.typlen, t.typbyval, t.typalign, t.typstorage, t.typcategory,
                             t.typispreferred, t.typinput::regproc, t.typoutput::regproc, t.typreceive::regproc,
                             t.typsend::regproc, t.typelem::regtype, t.typarray::regtype, t.typacl,
                             (SELECT string_agg(format('%s %s', a.attname, format_type(a.atttypid, a.atttypmod)),
                                                ', ' ORDER BY a.attnum)
                              FROM pg_attribute a
                              WHERE a.attrelid = t.typrelid AND a.attnum > 0 AND NOT a.attisdropped))
               FROM pg_type t WHERE t.oid = m.objid)
           WHEN 'pg_operator'::regclass THEN (
               SELECT format('operator schema=%s result=%s code=%s commutator=%s negator=%s restrict=%s join=%s '
                             'hashes=%s merges=%s',
                             o.oprnamespace::regnamespace, o.oprresult::regtype, o.oprcode::regprocedure,
                             o.oprcom::regoperator, o.oprnegate::regoperator, o.oprrest::regprocedure,
                             o.oprjoin::regprocedure, o.oprcanhash, o.oprcanmerge)
               FROM pg_operator o WHERE o.oid = m.objid)
           WHEN 'pg_opclass'::regclass THEN (
               SELECT format('opclass default=%s type=%s family=%s', c.opcdefault, c.opcintype::regtype,
                             (SELECT pg_describe_object('pg_opfamily'::regclass, c.opcfamily, 0)))
               FROM pg_opclass c WHERE c.oid = m.objid)
           WHEN 'pg_opfamily'::regclass THEN (
               SELECT format('opfamily operators=%s functions=%s',
                             (SELECT string_agg(format('%s:%s(%s,%s)', o.amopstrategy, o.amopopr::regoperator,
                                                       o.amoplefttype::regtype, o.amoprighttype::regtype),
                                                ' ' ORDER BY o.amopstrategy)
                              FROM pg_amop o WHERE o.amopfamily = m.objid),
                             (SELECT string_agg(format('%s:%s', p.amprocnum, p.amproc::regprocedure),
                                                ' ' ORDER BY p.amprocnum)
                              FROM pg_amproc p WHERE p.amprocfamily = m.objid))
           )
           WHEN 'pg_namespace'::regclass THEN (
               SELECT format('schema acl=%s', n.nspacl) FROM pg_namespace n WHERE n.oid = m.objid)
           WHEN 'pg_cast'::regclass THEN (
               SELECT format('cast function=%s context=%s method=%s', c.castfunc::regprocedure, c.castcontext,
                             c.castmethod)
               FROM pg_cast c WHERE c.oid = m.objid)
           ELSE 'other'
           END AS definition,
           (SELECT d.description FROM pg_description d
            WHERE d.classoid = m.classid AND d.objoid = m.objid AND d.objsubid = 0) AS comment
    FROM member m
)
SELECT format('extension %s schema=%s relocatable=%s', extname, schema, extrelocatable), NULL, NULL FROM ext
UNION ALL
SELECT object, definition, coalesce('COMMENT ' || comment, 'NO COMMENT') FROM detail
ORDER BY 1, 2;
