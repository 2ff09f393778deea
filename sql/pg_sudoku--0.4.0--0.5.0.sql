-- pg_sudoku 0.4.0 -> 0.5.0 (ALTER EXTENSION pg_sudoku UPDATE). scripts/upgrade_test.sh checks
-- that the result equals a fresh 0.5.0 install, object for object, and that stored grids and
-- their indexes read back unchanged.
\echo Use "ALTER EXTENSION pg_sudoku UPDATE TO '0.5.0'" to load this file. \quit

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

-- Issue 47: the player's board (sudoku.board), its moves, its check and the hint from it, as
-- the install script makes them (src/board_type.rs).
/* <begin connected objects> */
-- src/board_type.rs:106
-- requires:
--   concrete_type


CREATE TYPE board;
/* </end connected objects> */


/* <begin connected objects> */
-- src/board_type.rs:117
-- pg_sudoku::board_type::board_in
-- requires:
--   board_shell
CREATE  FUNCTION "board_in"(
	"input" cstring /* & CStr */
) RETURNS board /* Board */
IMMUTABLE STRICT PARALLEL SAFE COST 400 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'board_in_wrapper';


-- src/board_type.rs:136
-- pg_sudoku::board_type::board_out
-- requires:
--   board_shell
CREATE  FUNCTION "board_out"(
	"board" board /* Board */
) RETURNS cstring /* CString */
IMMUTABLE STRICT PARALLEL SAFE COST 400 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'board_out_wrapper';


-- src/board_type.rs:143
-- pg_sudoku::board_type::board_recv
-- requires:
--   board_shell
CREATE  FUNCTION "board_recv"(
	"internal" internal /* pgrx :: datum :: Internal */
) RETURNS board /* Board */
IMMUTABLE STRICT PARALLEL SAFE COST 100 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'board_recv_wrapper';


-- src/board_type.rs:160
-- pg_sudoku::board_type::board_send
-- requires:
--   board_shell
CREATE  FUNCTION "board_send"(
	"board" board /* Board */
) RETURNS bytea /* Vec < u8 > */
IMMUTABLE STRICT PARALLEL SAFE COST 100 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'board_send_wrapper';


-- src/board_type.rs:165
-- creates:
--   Type(pg_sudoku::board_type::Board)

-- requires:
--   board_shell
--   board_in
--   board_out
--   board_recv
--   board_send


CREATE TYPE board (
    INPUT = board_in,
    OUTPUT = board_out,
    RECEIVE = board_recv,
    SEND = board_send,
    INTERNALLENGTH = VARIABLE,
    STORAGE = main
);
CREATE TYPE mistake AS (kind text, row integer, col integer, digit integer, explanation text);
/* </end connected objects> */


/* <begin connected objects> */
-- src/board_type.rs:25
-- pg_sudoku::board_type::board_ge
CREATE  FUNCTION "board_ge"(
	"left" board, /* Board */
	"right" board /* Board */
) RETURNS bool /* bool */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'board_ge_wrapper';

-- src/board_type.rs:25
-- pg_sudoku::board_type::board_ge
CREATE OPERATOR >= (
	PROCEDURE="board_ge",
	LEFTARG=board, /* Board */
	RIGHTARG=board, /* Board */
	COMMUTATOR = <=,
	NEGATOR = <,
	RESTRICT = scalargesel,
	JOIN = scalargejoinsel
);
/* </end connected objects> */


/* <begin connected objects> */
-- src/board_type.rs:289
-- pg_sudoku::board_type::check
-- requires:
--   board_type
CREATE  FUNCTION "check"(
	"board" board /* Board */
) RETURNS SETOF mistake /* :: pgrx :: heap_tuple :: PgHeapTuple < '_, :: pgrx :: pgbox :: AllocatedByRust
> */
IMMUTABLE STRICT PARALLEL SAFE COST 20000 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'check_wrapper';
/* </end connected objects> */


/* <begin connected objects> */
-- src/board_type.rs:25
-- pg_sudoku::board_type::board_hash
CREATE  FUNCTION "board_hash"(
	"value" board /* Board */
) RETURNS INT /* i32 */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'board_hash_wrapper';
/* </end connected objects> */


/* <begin connected objects> */
-- src/board_type.rs:25
-- pg_sudoku::board_type::board_lt
CREATE  FUNCTION "board_lt"(
	"left" board, /* Board */
	"right" board /* Board */
) RETURNS bool /* bool */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'board_lt_wrapper';

-- src/board_type.rs:25
-- pg_sudoku::board_type::board_lt
CREATE OPERATOR < (
	PROCEDURE="board_lt",
	LEFTARG=board, /* Board */
	RIGHTARG=board, /* Board */
	COMMUTATOR = >,
	NEGATOR = >=,
	RESTRICT = scalarltsel,
	JOIN = scalarltjoinsel
);
/* </end connected objects> */


/* <begin connected objects> */
-- src/board_type.rs:25
-- pg_sudoku::board_type::board_ne
CREATE  FUNCTION "board_ne"(
	"left" board, /* Board */
	"right" board /* Board */
) RETURNS bool /* bool */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'board_ne_wrapper';

-- src/board_type.rs:25
-- pg_sudoku::board_type::board_ne
CREATE OPERATOR <> (
	PROCEDURE="board_ne",
	LEFTARG=board, /* Board */
	RIGHTARG=board, /* Board */
	COMMUTATOR = <>,
	NEGATOR = =,
	RESTRICT = neqsel,
	JOIN = neqjoinsel
);
/* </end connected objects> */


/* <begin connected objects> */
-- src/board_type.rs:25
-- pg_sudoku::board_type::board_eq
CREATE  FUNCTION "board_eq"(
	"left" board, /* Board */
	"right" board /* Board */
) RETURNS bool /* bool */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'board_eq_wrapper';

-- src/board_type.rs:25
-- pg_sudoku::board_type::board_eq
CREATE OPERATOR = (
	PROCEDURE="board_eq",
	LEFTARG=board, /* Board */
	RIGHTARG=board, /* Board */
	COMMUTATOR = =,
	NEGATOR = <>,
	RESTRICT = eqsel,
	JOIN = eqjoinsel,
	HASHES,
	MERGES
);
/* </end connected objects> */


/* <begin connected objects> */
-- src/board_type.rs:218
-- pg_sudoku::board_type::erase
-- requires:
--   board_type
CREATE  FUNCTION "erase"(
	"board" board, /* Board */
	"row" INT, /* i32 */
	"col" INT /* i32 */
) RETURNS board /* Board */
IMMUTABLE STRICT PARALLEL SAFE COST 400 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'erase_wrapper';
/* </end connected objects> */


/* <begin connected objects> */
-- src/board_type.rs:25
-- pg_sudoku::board_type::board_le
CREATE  FUNCTION "board_le"(
	"left" board, /* Board */
	"right" board /* Board */
) RETURNS bool /* bool */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'board_le_wrapper';

-- src/board_type.rs:25
-- pg_sudoku::board_type::board_le
CREATE OPERATOR <= (
	PROCEDURE="board_le",
	LEFTARG=board, /* Board */
	RIGHTARG=board, /* Board */
	COMMUTATOR = >=,
	NEGATOR = >,
	RESTRICT = scalarlesel,
	JOIN = scalarlejoinsel
);
/* </end connected objects> */


/* <begin connected objects> */
-- src/board_type.rs:25
-- pg_sudoku::board_type::board_gt
CREATE  FUNCTION "board_gt"(
	"left" board, /* Board */
	"right" board /* Board */
) RETURNS bool /* bool */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'board_gt_wrapper';

-- src/board_type.rs:25
-- pg_sudoku::board_type::board_gt
CREATE OPERATOR > (
	PROCEDURE="board_gt",
	LEFTARG=board, /* Board */
	RIGHTARG=board, /* Board */
	COMMUTATOR = <,
	NEGATOR = <=,
	RESTRICT = scalargtsel,
	JOIN = scalargtjoinsel
);
/* </end connected objects> */


/* <begin connected objects> */
-- src/board_type.rs:260
-- pg_sudoku::board_type::fill_candidates
-- requires:
--   board_type
CREATE  FUNCTION "fill_candidates"(
	"board" board /* Board */
) RETURNS board /* Board */
IMMUTABLE STRICT PARALLEL SAFE COST 400 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'fill_candidates_wrapper';
/* </end connected objects> */


/* <begin connected objects> */
-- src/board_type.rs:25
-- pg_sudoku::board_type::board_cmp
CREATE  FUNCTION "board_cmp"(
	"left" board, /* Board */
	"right" board /* Board */
) RETURNS INT /* i32 */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'board_cmp_wrapper';
/* </end connected objects> */


/* <begin connected objects> */
-- src/board_type.rs:185
-- pg_sudoku::board_type::board
-- requires:
--   board_type
CREATE  FUNCTION "board"(
	"grid" grid /* Grid */
) RETURNS board /* Board */
IMMUTABLE STRICT PARALLEL SAFE  COST 400 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'board_of_grid_wrapper';
/* </end connected objects> */


/* <begin connected objects> */
-- src/board_type.rs:193
-- pg_sudoku::board_type::grid
-- requires:
--   board_type
CREATE  FUNCTION "grid"(
	"board" board /* Board */
) RETURNS grid /* Grid */
IMMUTABLE STRICT PARALLEL SAFE  COST 200 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'grid_of_board_wrapper';
/* </end connected objects> */


/* <begin connected objects> */
-- src/board_type.rs:360
-- requires:
--   board_type
--   board_of_grid
--   grid_of_board


CREATE CAST (text AS board) WITH INOUT;
CREATE CAST (board AS text) WITH INOUT AS ASSIGNMENT;
CREATE CAST (grid AS board) WITH FUNCTION board(grid) AS ASSIGNMENT;
CREATE CAST (board AS grid) WITH FUNCTION grid(board);
/* </end connected objects> */


/* <begin connected objects> */
-- src/board_type.rs:316
-- pg_sudoku::board_type::hint
-- requires:
--   board_type
--   view_types
CREATE  FUNCTION "hint"(
	"board" board, /* Board */
	"detail" TEXT DEFAULT 'step' /* & str */
) RETURNS step /* Option < :: pgrx :: heap_tuple :: PgHeapTuple < '_, :: pgrx :: pgbox ::
AllocatedByRust > > */
IMMUTABLE STRICT PARALLEL SAFE  COST 10000 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'hint_board_wrapper';
/* </end connected objects> */


/* <begin connected objects> */
-- src/board_type.rs:208
-- pg_sudoku::board_type::place
-- requires:
--   board_type
CREATE  FUNCTION "place"(
	"board" board, /* Board */
	"row" INT, /* i32 */
	"col" INT, /* i32 */
	"digit" INT /* i32 */
) RETURNS board /* Board */
IMMUTABLE STRICT PARALLEL SAFE COST 400 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'place_wrapper';
/* </end connected objects> */


/* <begin connected objects> */
-- src/board_type.rs:269
-- pg_sudoku::board_type::pretty
-- requires:
--   board_type
CREATE  FUNCTION "pretty"(
	"board" board /* Board */
) RETURNS TEXT /* String */
IMMUTABLE STRICT PARALLEL SAFE  COST 1000 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'pretty_board_wrapper';
/* </end connected objects> */


/* <begin connected objects> */
-- src/board_type.rs:200
-- pg_sudoku::board_type::puzzle
-- requires:
--   board_type
CREATE  FUNCTION "puzzle"(
	"board" board /* Board */
) RETURNS grid /* Grid */
IMMUTABLE STRICT PARALLEL SAFE COST 200 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'puzzle_wrapper';
/* </end connected objects> */


/* <begin connected objects> */
-- src/board_type.rs:237
-- pg_sudoku::board_type::remove_candidates
-- requires:
--   board_type
CREATE  FUNCTION "remove_candidates"(
	"board" board, /* Board */
	"row" INT, /* i32 */
	"col" INT, /* i32 */
	"digits" INT[] /* Array < '_, i32 > */
) RETURNS board /* Board */
IMMUTABLE STRICT PARALLEL SAFE COST 400 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'remove_candidates_wrapper';
/* </end connected objects> */


/* <begin connected objects> */
-- src/board_type.rs:249
-- pg_sudoku::board_type::restore_candidates
-- requires:
--   board_type
CREATE  FUNCTION "restore_candidates"(
	"board" board, /* Board */
	"row" INT, /* i32 */
	"col" INT, /* i32 */
	"digits" INT[] /* Array < '_, i32 > */
) RETURNS board /* Board */
IMMUTABLE STRICT PARALLEL SAFE COST 400 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'restore_candidates_wrapper';
/* </end connected objects> */


/* <begin connected objects> */
-- src/board_type.rs:277
-- pg_sudoku::board_type::sukaku
-- requires:
--   board_type
CREATE  FUNCTION "sukaku"(
	"board" board /* Board */
) RETURNS TEXT /* String */
IMMUTABLE STRICT PARALLEL SAFE COST 1000 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'sukaku_wrapper';
/* </end connected objects> */


/* <begin connected objects> */
-- src/board_type.rs:25
-- Board
CREATE OPERATOR FAMILY Board_btree_ops USING btree;
CREATE OPERATOR CLASS Board_btree_ops DEFAULT FOR TYPE Board USING btree FAMILY Board_btree_ops AS
	OPERATOR 1 <,
	OPERATOR 2 <=,
	OPERATOR 3 =,
	OPERATOR 4 >=,
	OPERATOR 5 >,
	FUNCTION 1 board_cmp(Board, Board);
/* </end connected objects> */


/* <begin connected objects> */
-- src/board_type.rs:25
-- Board
CREATE OPERATOR FAMILY Board_hash_ops USING hash;
CREATE OPERATOR CLASS Board_hash_ops DEFAULT FOR TYPE Board USING hash FAMILY Board_hash_ops AS
	OPERATOR    1   =  (Board, Board),
	FUNCTION    1   board_hash(Board);
/* </end connected objects> */

/* <begin connected objects> */
-- src/board_type.rs:368
-- pg_sudoku::board_type::fill_steps
-- requires:
--   board_type
--   view_types
CREATE  FUNCTION "fill_steps"(
	"board" board /* Board */
) RETURNS SETOF step /* :: pgrx :: heap_tuple :: PgHeapTuple < '_, :: pgrx :: pgbox :: AllocatedByRust
> */
IMMUTABLE STRICT PARALLEL SAFE  COST 1900 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'fill_steps_board_wrapper';
/* </end connected objects> */

/* <begin connected objects> */
-- src/board_type.rs:385
-- pg_sudoku::board_type::se_rating
-- requires:
--   board_type
--   se_rating_type
CREATE  FUNCTION "se_rating"(
	"board" board, /* Board */
	"uniqueness" bool DEFAULT true /* bool */
) RETURNS se_rating /* :: pgrx :: heap_tuple :: PgHeapTuple < '_, :: pgrx :: pgbox :: AllocatedByRust
> */
IMMUTABLE STRICT PARALLEL SAFE  COST 700000 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'se_rating_board_wrapper';
/* </end connected objects> */

/* <begin connected objects> */
-- src/json.rs:410
-- pg_sudoku::json::svg
-- requires:
--   board_type
CREATE  FUNCTION "svg"(
	"board" board /* crate :: board_type :: Board */
) RETURNS TEXT /* String */
IMMUTABLE STRICT PARALLEL SAFE  COST 3000 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'svg_board_wrapper';
/* </end connected objects> */

/* <begin connected objects> */
-- src/json.rs:420
-- pg_sudoku::json::svg_step
-- requires:
--   view_types
--   board_type
CREATE  FUNCTION "svg_step"(
	"board" board, /* crate :: board_type :: Board */
	"step" step /* :: pgrx :: heap_tuple :: PgHeapTuple < '_, :: pgrx :: pgbox :: AllocatedByRust
> */
) RETURNS TEXT /* String */
IMMUTABLE STRICT PARALLEL SAFE  COST 4000 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'svg_step_board_wrapper';
/* </end connected objects> */

/* <begin connected objects> */
-- src/board_type.rs:404
-- pg_sudoku::board_type::steps
-- requires:
--   board_type
--   view_types
CREATE  FUNCTION "steps"(
	"board" board, /* Board */
	"technique" TEXT, /* & str */
	"max_steps" INT DEFAULT 1000 /* i32 */
) RETURNS SETOF step /* :: pgrx :: heap_tuple :: PgHeapTuple < '_, :: pgrx :: pgbox :: AllocatedByRust
> */
IMMUTABLE STRICT PARALLEL SAFE COST 2000 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'steps_wrapper';
/* </end connected objects> */

/* <begin connected objects> */
-- src/json.rs:447
-- pg_sudoku::json::to_jsonb
-- requires:
--   board_type
CREATE  FUNCTION "to_jsonb"(
	"board" board /* crate :: board_type :: Board */
) RETURNS jsonb /* JsonB */
IMMUTABLE STRICT PARALLEL SAFE  COST 8000 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'board_to_jsonb_wrapper';
/* </end connected objects> */

/* <begin connected objects> */
-- src/json.rs:465
-- pg_sudoku::json::board
-- requires:
--   board_type
CREATE  FUNCTION "board"(
	"json" jsonb /* Document */
) RETURNS board /* crate :: board_type :: Board */
IMMUTABLE STRICT PARALLEL SAFE  COST 8000 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'board_from_jsonb_wrapper';
/* </end connected objects> */

/* <begin connected objects> */
-- src/json.rs:488
-- requires:
--   board_to_jsonb
--   board_from_jsonb


CREATE CAST (board AS jsonb) WITH FUNCTION to_jsonb(board);
CREATE CAST (jsonb AS board) WITH FUNCTION board(jsonb);
/* </end connected objects> */

-- The player's board (issue 47, src/board_type.rs, engine/src/board.rs). Its comparison
-- operators live in pg_catalog too, as the grid's do (the same statements are in
-- sql/pg_sudoku--0.4.0--0.5.0.sql).
ALTER OPERATOR sudoku.= (board, board) SET SCHEMA pg_catalog;
ALTER OPERATOR sudoku.<> (board, board) SET SCHEMA pg_catalog;
ALTER OPERATOR sudoku.< (board, board) SET SCHEMA pg_catalog;
ALTER OPERATOR sudoku.<= (board, board) SET SCHEMA pg_catalog;
ALTER OPERATOR sudoku.> (board, board) SET SCHEMA pg_catalog;
ALTER OPERATOR sudoku.>= (board, board) SET SCHEMA pg_catalog;

COMMENT ON TYPE board IS
'A player''s board: the givens, the digits placed, and the candidates pencilled in every open cell, for 4x4 to 25x25. '
'An open cell with one candidate is still open (the single is there to be found, as HoDoKu reads pencil marks), but a '
'bare sukaku is read as Sukaku Explainer reads one: a single no peer holds as a candidate is a filled cell. An open cell '
'with no candidate makes the board unsolvable. The puzzle is the givens; a board without givens is a pencil-mark puzzle '
'solved from its candidates. Text input: a puzzle''s line (the board of that grid), a HoDoKu library line '
'(:<technique>:<candidates>:<cells, + before placed digits>:<deleted candidates>:...), a sukaku (n³ characters, n per cell, '
'optionally followed by the cells) or a pencil-mark grid (n² groups of candidates; one digit: a given, +d: placed). '
'Output: the library line, or the sukaku with the cells when a candidate clashes with a digit. 22P02 naming the position. '
'A 9x9 board takes 82 bytes plus 2 per open cell.';
COMMENT ON TYPE mistake IS
'A row of sudoku.check(board): kind (wrong_digit, clash, removed_candidate, no_candidate, board), row and col (from 1; '
'NULL for the board row), digit, and a sentence a player can read.';
COMMENT ON FUNCTION board_in(cstring) IS 'Text input function of sudoku.board; 22P02 on malformed text, naming the position.';
COMMENT ON FUNCTION board_out(board) IS
'Text output function of sudoku.board: the HoDoKu library line, or the sukaku with the cells when a candidate clashes.';
COMMENT ON FUNCTION board_recv(internal) IS
'Binary input function of sudoku.board: the packed form (box side; a byte per cell, +64 for a placed digit; the '
'candidates of each open cell in ceil(n/8) bytes); 22P03 when malformed.';
COMMENT ON FUNCTION board_send(board) IS 'Binary output function of sudoku.board: the packed form (see board_recv).';
COMMENT ON FUNCTION board(grid) IS
'The board of a grid: its digits are the givens, each open cell holds every candidate they leave. Also the cast grid::board.';
COMMENT ON FUNCTION grid(board) IS 'The digits of the board (givens and placed) as a grid. Also the cast board::grid.';
COMMENT ON FUNCTION puzzle(board) IS 'The puzzle of the board: its givens alone, as a grid.';
COMMENT ON FUNCTION place(board, integer, integer, integer) IS
'The board with digit placed by the player at row, col (from 1), over an open or placed cell; the digit leaves its '
'peers'' candidates, as HoDoKu does. 22023 for a cell or digit out of range, or a given.';
COMMENT ON FUNCTION erase(board, integer, integer) IS
'The board with the digit placed at row, col erased: the cell is open again with every candidate its peers'' digits '
'leave; an open cell is unchanged. 22023 for a given or a cell out of range.';
COMMENT ON FUNCTION remove_candidates(board, integer, integer, integer[]) IS
'The board with the candidates digits removed from the open cell at row, col. 22023 for a filled cell or a digit out '
'of range, 22004 for a NULL digit.';
COMMENT ON FUNCTION restore_candidates(board, integer, integer, integer[]) IS
'The board with the candidates digits pencilled back into the open cell at row, col (a clash with a digit is the '
'player''s to make; sudoku.check reports it). 22023 for a filled cell or a digit out of range.';
COMMENT ON FUNCTION fill_candidates(board) IS
'"Fill in all candidates": the board with every open cell holding every candidate its peers'' digits leave.';
COMMENT ON FUNCTION pretty(board) IS
'The pencil-mark grid: each cell''s candidates (a filled cell its digit, + before a placed one), | between boxes, a line '
'between bands; it reads back as a board.';
COMMENT ON FUNCTION sukaku(board) IS
'The sukaku form of the board (n characters a cell, the candidate digits in place, . elsewhere; 729 for 9x9), a space, '
'then the cells (givens, + before placed digits, . open).';
COMMENT ON FUNCTION "check"(board) IS
'The mistakes of a player''s board, as HoDoKu shows deviations: each placed digit that is not the solution''s, each '
'candidate that a digit of its units holds, each solution digit no longer among its cell''s candidates, each open cell '
'with none; then a row of kind board saying whether the board still leads to the solution. The solution is the one of '
'the givens (of the candidates, for a board without givens); when there are none or several, only clashes and empty '
'cells are reported and the board row says why.';
COMMENT ON FUNCTION hint(board, text) IS
'The next step of Sudoku Explainer''s path from the board''s own candidates (its eliminations already made stay made), '
'as a sudoku.step row, in one of three grades as HoDoKu gives them: technique (its name only), area (and its unit and '
'digits), step (the whole step, the default). NULL for a solved board; 22023 for a board with mistakes (the first is '
'named; sudoku.check lists them) or givens without exactly one solution.';
COMMENT ON FUNCTION fill_steps(board) IS
'Every step of Sudoku Explainer''s path from the board''s own candidates to the solution (its eliminations already made '
'stay made), one sudoku.step row each, then a row saying how the run ended. 22023 for a board with mistakes (the first '
'is named) or givens without exactly one solution.';
COMMENT ON FUNCTION se_rating(board, boolean) IS
'The Sudoku Explainer rating (er, ep, ed, hardest) of a 9x9 board from its own candidates: a pencil-mark puzzle (a '
'sukaku) rated as Sukaku Explainer v1.15.10 rates a 729-character line, or a player''s board from where the player '
'stands. uniqueness false leaves out the uniqueness techniques (unique rectangles and loops, BUG), as the oracle''s '
'--techs=11111111010111011111101011101001001111111 does: they assume one solution, which candidates not derived from '
'givens need not promise. A board without givens is solved from its candidates. 22023 for another size, a board with '
'mistakes or without exactly one solution; 57014 on cancel.';
COMMENT ON FUNCTION svg(board) IS
'An SVG picture of a player''s board: givens in bold, the digits placed in blue, in each open cell the candidates '
'pencilled there (not those the digits leave).';
COMMENT ON FUNCTION svg_step(board, step) IS
'A step drawn on the board it was found on (hint(board), fill_steps(board)): the board''s own candidates, the cells the '
'step rests on highlighted, its placement in green, the candidates it removes struck in red, a chain''s links as arrows. '
'22023 when the step is of another size or its marks fall outside the grid.';
COMMENT ON FUNCTION steps(board, text, integer) IS
'Every step of a technique on the board as it stands (HoDoKu''s "show all"), one sudoku.step row each in Sudoku '
'Explainer''s order (its grid: the board''s digits with that step''s placement), at most max_steps: technique is a name '
'of sudoku.techniques() (hidden_single for both kinds) or a family (locked_candidates). Every technique lists every '
'instance (the turbot fish, wings and unique loops, which take the easiest, easiest first; HoDoKu''s chains each '
'elimination once, by its shortest chain) but BUG (one pattern of the whole board) and Sudoku Explainer''s chains '
'(0A000); HoDoKu''s techniques on 4x4 and 9x9 boards only (0A000 on larger ones). 22023 for an unknown name, max_steps '
'below 1, a board with mistakes or without one solution.';
COMMENT ON FUNCTION to_jsonb(board) IS
'The board as jsonb for apps: {"givens": [[...]], "placed": [[...]], "candidates": [[[...]]]}, rows of cells, 0 for no '
'digit, each open cell''s candidates as an array (empty for a filled cell). Also the cast board::jsonb.';
COMMENT ON FUNCTION board(jsonb) IS
'The board of its jsonb form (to_jsonb(board); null also stands for no digit). 22023 naming the cell for a digit out of '
'range, a cell both given and placed, candidates in a filled cell, or another shape. Also the cast jsonb::board.';
-- Rows the planner expects of the board's set-returning functions: a check lists a few rows,
-- a path some 60 steps, a technique's listing about 10.
ALTER FUNCTION "check"(board) ROWS 2;
ALTER FUNCTION fill_steps(board) ROWS 60;
ALTER FUNCTION steps(board, text, integer) ROWS 10;
COMMENT ON FUNCTION board_eq(board, board) IS 'Implementation of = for sudoku.board.';
COMMENT ON FUNCTION board_ne(board, board) IS 'Implementation of <> for sudoku.board.';
COMMENT ON FUNCTION board_lt(board, board) IS 'Implementation of < for sudoku.board.';
COMMENT ON FUNCTION board_le(board, board) IS 'Implementation of <= for sudoku.board.';
COMMENT ON FUNCTION board_gt(board, board) IS 'Implementation of > for sudoku.board.';
COMMENT ON FUNCTION board_ge(board, board) IS 'Implementation of >= for sudoku.board.';
COMMENT ON FUNCTION board_cmp(board, board) IS
'B-tree comparison support for sudoku.board: by size, then digits, placed marks and candidates cell by cell.';
COMMENT ON FUNCTION board_hash(board) IS 'Hash support for sudoku.board (hash joins, hash aggregation).';
COMMENT ON OPERATOR = (board, board) IS 'Same size, digits, placed digits and candidates.';
COMMENT ON OPERATOR <> (board, board) IS 'Different size, digits, placed digits or candidates.';
COMMENT ON OPERATOR < (board, board) IS 'Less than in the order of board_cmp.';
COMMENT ON OPERATOR <= (board, board) IS 'Less than or equal in the order of board_cmp.';
COMMENT ON OPERATOR > (board, board) IS 'Greater than in the order of board_cmp.';
COMMENT ON OPERATOR >= (board, board) IS 'Greater than or equal in the order of board_cmp.';

-- Issue 48: sudoku.techniques() also lists HoDoKu's techniques, with each one's scale and HoDoKu
-- codes (new columns: the function is made again, as the install script makes it).
DROP FUNCTION techniques();
/* <begin connected objects> */
-- src/generate.rs:263
-- pg_sudoku::generate::techniques
CREATE  FUNCTION "techniques"() RETURNS TABLE (
	"position" INT,  /* Option < i32 > */
	"name" TEXT,  /* String */
	"title" TEXT,  /* String */
	"family" TEXT,  /* String */
	"difficulty" NUMERIC,  /* AnyNumeric */
	"scale" TEXT,  /* String */
	"hodoku" TEXT[]  /* Vec < String > */
)
IMMUTABLE STRICT PARALLEL SAFE COST 10
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'techniques_wrapper';
/* </end connected objects> */
COMMENT ON FUNCTION techniques() IS
'Every technique: first the path''s of sudoku.rate, sudoku.hint, sudoku.fill_steps and sudoku.se_rating, in the order '
'tried (Sudoku Explainer''s), then HoDoKu''s names for patterns that path folds into others (locked pairs, skyscraper, '
'2-String Kite, empty rectangle and their duals, W-Wing, finned, sashimi, siamese, Franken and mutant fish, coloring, '
'templates, unique rectangles types 1-6, hidden and avoidable rectangles, BUG+1, X- and XY-Chains, remote pairs, AICs '
'and nice loops, plain and grouped, ALS-XZ, ALS-XY-Wing, ALS-XY-Chain, death blossom, Sue de Coq), which sudoku.steps(board, '
'technique) lists on 4x4 and 9x9 boards: position (from 1 on the path, NULL for HoDoKu''s), name (as fill_steps and steps '
'take it; hidden_single twice, in a box and in a line), title (as explanations write it), family (singles, '
'intersections, subsets, fish, finned fish, franken fish, mutant fish, single-digit patterns, wings, coloring, '
'uniqueness, aligned exclusion, chains, almost locked sets, forcing chains, templates, guess), the least difficulty of '
'a step on its scale, scale (se: the Sudoku Explainer scale, chains adding to it by their length, some patterns by '
'their size; hodoku: HoDoKu''s score a step) and hodoku, HoDoKu''s technique codes of it (its library format''s, e.g. '
'0400 for the skyscraper; every case of HoDoKu''s regression library with such a code is found by sudoku.steps).';
ALTER FUNCTION techniques() ROWS 107;

-- Issue 48: rate, hint and fill_steps by HoDoKu's order (by => 'hodoku'); new overloads, the
-- functions of one argument unchanged.
/* <begin connected objects> */
-- src/generate.rs:234
-- pg_sudoku::generate::rate
-- requires:
--   rating_type
CREATE  FUNCTION "rate"(
	"grid" grid, /* Grid */
	"by" TEXT /* & str */
) RETURNS rating /* :: pgrx :: heap_tuple :: PgHeapTuple < '_, :: pgrx :: pgbox :: AllocatedByRust
> */
IMMUTABLE STRICT PARALLEL SAFE  COST 940000 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'rate_by_wrapper';
/* </end connected objects> */

/* <begin connected objects> */
-- src/generate.rs:293
-- pg_sudoku::generate::hint
-- requires:
--   view_types
CREATE  FUNCTION "hint"(
	"grid" grid, /* Grid */
	"by" TEXT /* & str */
) RETURNS step /* Option < :: pgrx :: heap_tuple :: PgHeapTuple < '_, :: pgrx :: pgbox ::
AllocatedByRust > > */
IMMUTABLE STRICT PARALLEL SAFE  COST 12000 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'hint_by_wrapper';
/* </end connected objects> */

/* <begin connected objects> */
-- src/views.rs:439
-- pg_sudoku::views::fill_steps
-- requires:
--   view_types
CREATE  FUNCTION "fill_steps"(
	"grid" grid, /* Grid */
	"by" TEXT /* & str */
) RETURNS SETOF step /* :: pgrx :: heap_tuple :: PgHeapTuple < '_, :: pgrx :: pgbox :: AllocatedByRust
> */
IMMUTABLE STRICT PARALLEL SAFE  COST 14000 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'fill_steps_by_wrapper';
/* </end connected objects> */
COMMENT ON FUNCTION rate(grid, text) IS
'sudoku.rate(grid) by the rater by names: ''se'', Sudoku Explainer''s path, as sudoku.rate(grid); ''hodoku'', HoDoKu '
'2.2.4''s rating with its default settings, for 9x9 puzzles with one solution: each step the first the techniques find '
'in HoDoKu''s default solving order (singles from HoDoKu''s queues, then locked pairs and triples, locked candidates, '
'subsets, basic fish, remote pair, BUG+1, skyscraper, 2-String Kite, turbot fish, empty rectangle, W-, XY- and '
'XYZ-Wings, uniqueness, finned and sashimi fish, Sue de Coq, coloring, X- and XY-Chains, nice loops and AICs, '
'grouped, ALS-XZ, ALS-XY-Wing, Franken fish; Sudoku Explainer''s static and dynamic forcing chains stand for HoDoKu''s '
'forcing chains and nets; a guess, HoDoKu''s brute force, last). score is the sum of the steps'' HoDoKu scores, level '
'(easy, medium, hard, unfair, extreme) the hardest step''s, raised while score passes 800, 1000, 1600, 1800; '
'techniques in the order first used. 22023 for another by, another size, conflicting givens, no or several solutions. '
'About 5 ms a puzzle of se_rated_10k (HoDoKu 2.2.4: 14 ms in its JVM).';
COMMENT ON FUNCTION hint(grid, text) IS
'sudoku.hint(grid) by the rater by names: ''se'', as sudoku.hint(grid); ''hodoku'', the next step of HoDoKu''s order '
'(see sudoku.rate(grid, text)) on a 9x9 grid, its difficulty HoDoKu''s score of the step. NULL for a solved grid; '
'22023 for another by, another size, conflicting givens, no or several solutions.';
COMMENT ON FUNCTION fill_steps(grid, text) IS
'Every step from the grid to its solution by the rater by names, one sudoku.step row a step, then a row that says how '
'the run ended: ''se'', Sudoku Explainer''s path with every technique (fill_steps(g, sudoku.rating_techniques())); '
'''hodoku'', HoDoKu''s order (see sudoku.rate(grid, text)), each step''s difficulty its HoDoKu score (their sum is '
'rate(g, by => ''hodoku'')''s score). 22023 for another by, a grid that is not 9x9 (hodoku), no or several solutions.';
ALTER FUNCTION fill_steps(grid, text) ROWS 60;

-- Issue 48: a finned fish's fins come with a step (svg_step draws them apart), and a step's
-- difficulty is on its technique's scale (HoDoKu's scores pass 99.9). A table column of type
-- step keeps its values (fins NULL); PostgreSQL cannot change an attribute's type while a column
-- uses the type, so there difficulty stays numeric(3,1) (HoDoKu's scores are kept as they come,
-- unrounded) and the update says so instead of failing.
ALTER TYPE sudoku.step ADD ATTRIBUTE fins pg_catalog.int4[];
DO $widen$
BEGIN
    ALTER TYPE sudoku.step ALTER ATTRIBUTE difficulty TYPE pg_catalog.numeric;
EXCEPTION WHEN feature_not_supported THEN
    RAISE NOTICE 'sudoku.step.difficulty stays numeric(3,1): %', SQLERRM
        USING HINT = 'Columns of type sudoku.step use it; HoDoKu''s scores (by => ''hodoku'') are kept unrounded.';
END
$widen$;
COMMENT ON TYPE step IS
'One step of sudoku.fill_steps or sudoku.hint: step number (from 1), technique (its name, or the family name it was asked '
'by: locked_candidates for pointing and claiming, preemptive_set for subsets, hidden_single for a full house; the last row '
'of fill_steps solved, stalled or contradiction), the unit (''row'', ''column'', ''box'', unit_no from 1; NULL when the '
'deduction is not about one unit), the digits and cells ({{row, col}, ...}) the deduction rests on, placed ({row, col, '
'digit} or NULL), eliminated ({{row, col, digit}, ...}; in the propagation order a placement also lists the digit leaving '
'its peers), the grid after the step, a sentence a player can follow (explanation), the difficulty on its scale (the '
'Sudoku Explainer scale in points, one decimal, or HoDoKu''s score of a step: see sudoku.techniques() and by => '
'''hodoku''), for a chain its links in order as jsonb [{"from": {"row", "col", "digit", "on"}, "to": {...}}] (on: the '
'cell holds the digit; a forcing chain of several branches lists each from its assumption) and a finned fish''s fins '
'({{row, col}, ...}, among cells; {} for none; svg_step draws them apart).';
COMMENT ON FUNCTION step_jsonb(step) IS
'A step (of fill_steps or hint) as a jsonb object for a client: step, technique, unit {kind, number} or null, digits, '
'cells [{row, col}], placement {row, col, digit} or null, eliminations [{row, col, digit}], grid (rows of numbers), '
'explanation, difficulty (a number or null), links (a chain''s links, [] for none) and fins (a finned fish''s fins '
'[{row, col}], [] for none). Also the cast sudoku.step::jsonb. '
'PostgreSQL''s to_jsonb(s) keeps the row''s columns as they are (an overload of to_jsonb would make to_jsonb(record) '
'ambiguous). 22023 for array columns that are not rows of (row, col[, digit]).';
COMMENT ON FUNCTION fill_steps(grid, text[]) IS
'The logical solution one deduction per row, each with the grid after it and an explanation; techniques are the names of '
'sudoku.techniques(), as sudoku.propagate takes them. When every name is naked_single, hidden_single, '
'locked_candidates or preemptive_set (the default is all four), the propagation order of sudoku.propagate (the trace of '
'the recursive CTE of Crook''s algorithm): each row makes the first deduction found among naked singles (first cell '
'row-major), hidden singles (rows, columns, boxes; digits ascending), locked candidates (pointing along rows, then '
'columns, then claiming from rows, then columns) and preemptive sets of 2 or more cells (units as above, by size then '
'digits), against the current candidates; never guesses; the last row is solved, stalled (the grid equals '
'sudoku.propagate with the same techniques) or contradiction (propagate returns NULL). With any other name (e.g. '
'fill_steps(g, sudoku.rating_techniques())): the path of sudoku.rate and sudoku.se_rating (Sudoku Explainer''s), '
'restricted to the techniques named: each row is the first hint of those techniques in the order of sudoku.techniques() '
'(a family name allows its techniques; hidden_single also allows the full house), a guess only if guess is named; the '
'last row is solved or stalled; 22023 when the grid has conflicting givens, no solution or several. With a name only '
'HoDoKu has (e.g. skyscraper, w_wing): HoDoKu''s order (as fill_steps(grid, by => ''hodoku'')) restricted to the '
'techniques named, on 9x9 grids, each step''s difficulty its HoDoKu score, brute force only if guess is named; 22023 '
'for a name it has no step of. Cancel and statement_timeout are honoured (57014); 22023 for an unknown technique, 22004 '
'for a NULL one.';

-- Issue 49: grids of every size from 4 to 25 with boxes of any shape or none (the type's
-- functions take them as they are; these are new), and f-puzzles documents in and out.
-- src/grid_type.rs:353
-- pg_sudoku::grid_type::shape
CREATE  FUNCTION "shape"(
	"grid" grid /* Grid */
) RETURNS TEXT /* String */
IMMUTABLE STRICT PARALLEL SAFE COST 20
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'shape_wrapper';

-- src/grid_type.rs:361
-- pg_sudoku::grid_type::with_shape
CREATE  FUNCTION "with_shape"(
	"grid" grid, /* Grid */
	"shape" TEXT /* & str */
) RETURNS grid /* Grid */
IMMUTABLE STRICT PARALLEL SAFE COST 100
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'with_shape_wrapper';

-- src/generate.rs:146
-- pg_sudoku::generate::generate
CREATE  FUNCTION "generate"(
	"shape" TEXT, /* & str */
	"seed" bigint DEFAULT NULL, /* Option < i64 > */
	"symmetry" TEXT DEFAULT 'central', /* Option < & str > */
	"givens" INT DEFAULT NULL, /* Option < i32 > */
	"difficulty" TEXT DEFAULT NULL, /* Option < & str > */
	"er" numrange DEFAULT NULL /* Option < Range < AnyNumeric > > */
) RETURNS grid /* Grid */
VOLATILE PARALLEL SAFE  COST 14000
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'generate_shaped_wrapper';

-- src/variant.rs:191
-- pg_sudoku::variant::from_fpuzzles
-- requires:
--   variant_puzzle_type
CREATE  FUNCTION "from_fpuzzles"(
	"document" TEXT /* & str */
) RETURNS variant_puzzle /* :: pgrx :: heap_tuple :: PgHeapTuple < '_, :: pgrx :: pgbox :: AllocatedByRust
> */
IMMUTABLE STRICT PARALLEL SAFE COST 20000 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'from_fpuzzles_wrapper';

-- src/variant.rs:229
-- pg_sudoku::variant::to_fpuzzles
CREATE  FUNCTION "to_fpuzzles"(
	"grid" grid, /* Grid */
	"rules" jsonb DEFAULT '{}', /* Document */
	"compressed" bool DEFAULT true /* bool */
) RETURNS TEXT /* String */
IMMUTABLE STRICT PARALLEL SAFE COST 4000
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'to_fpuzzles_wrapper';

COMMENT ON TYPE grid IS
'A Sudoku grid of n x n cells for every n from 4 to 25, with boxes of R rows and C columns (R x C = n) or none, packed '
'(a 9x9 grid takes 43 bytes on disk). The default boxes of a size are the most square with no more rows than columns '
'(2x3 for 6x6, 2x4 for 8x8, 3x4 for 12x12), none for a prime size (5, 7, 11, 13, 17, 19, 23: regions come from rules). '
'Text input: an optional shape first (RxC: such as 3x2: for tall boxes, or none:), then one line of n*n characters read '
'cell by cell (blanks . 0 _ or space; a line of 16/81/256/625 characters always, another only without | + -), or any '
'layout where whitespace | + - are ignored (blanks . 0 _), whose | and separator lines, when they draw boxes, give the '
'shape. Symbols 1-9 then A-P, case-insensitive. Output: one line, . for blanks, the shape first when it is not the '
'size''s default. Malformed text raises 22P02 naming the character position. 4x4, 9x9, 16x16 and 25x25 grids are stored, '
'sent and hashed exactly as before 0.5.0.';
COMMENT ON FUNCTION grid_recv(internal) IS
'Binary input function of sudoku.grid: the shape (one byte of box side 2-5 for 4x4, 9x9, 16x16 and 25x25; two bytes, '
'128 + n and the box rows (0: none), for any other), then one byte per cell (0 blank); 22P03 when malformed.';
COMMENT ON FUNCTION grid_send(grid) IS
'Binary output function of sudoku.grid: the shape (one byte of box side for 4x4, 9x9, 16x16 and 25x25, as before 0.5.0; '
'two bytes, 128 + n and the box rows (0: none), for any other), then one byte per cell, row-major.';
COMMENT ON FUNCTION grid(text, text) IS
'Parses a grid written with another alphabet: its n distinct symbols are the digits 1..n and n (4 to 25) is the size, '
'e.g. grid(t, ''0123456789abcdef'') for 16x16 puzzles that use 0 as a digit, grid(t, ''0123456789AB'') for a 12x12 one. '
'Blanks: . _ space, and 0 when not a symbol; a shape may come first (3x2:). 22023 for a bad alphabet, 22P02 for malformed text.';
COMMENT ON FUNCTION grid(integer[]) IS
'The grid of row-major cell values (0 blank, 1..n digit) of n*n elements (n from 4 to 25; the size''s default boxes), '
'any array shape. 22023 for a bad length or value, 22004 for a NULL element. Also the cast integer[]::sudoku.grid.';
COMMENT ON FUNCTION random_grid(integer, bigint) IS
'The random complete grid of size n (4 to 25, the size''s default boxes) for seed: the same grid for the same seed across '
'runs, platforms and releases (ChaCha8 stream). Drawn by the solver''s depth-first search with each cell''s digits in '
'random order, like the backtracking recursive query of the articles: every complete grid can be drawn, but not with '
'equal probability. 22023 for another size.';
COMMENT ON FUNCTION random_grid(integer) IS
'A random complete grid of size n (default 9), different at each call (VOLATILE); see random_grid(size, seed) for a '
'reproducible one and for how the grid is drawn. 22023 for a size outside 4 to 25.';
COMMENT ON FUNCTION shape(grid) IS
'The grid''s box shape: RxC, rows by columns of a box (3x3 for 9x9, 2x3 for 6x6, 3x2 for tall boxes), or none for a grid '
'without boxes (the prime sizes by default).';
COMMENT ON FUNCTION with_shape(grid, text) IS
'The same cells with boxes of another shape of the same size: RxC (e.g. 3x2, for a 6x6 book drawn with tall boxes) or '
'none. 22023 for a shape of another size or a text that is not a shape.';
COMMENT ON FUNCTION generate(text, bigint, text, integer, text, numrange) IS
'generate for a grid of boxes of the shape given, RxC (e.g. generate(shape => ''3x2'') for 6x6 of tall boxes, ''3x4'' for '
'12x12): as generate(size, ...) in all else (its default boxes with generate(size => n), none on a prime size). A '
'difficulty or er range needs square boxes (4x4, 9x9, 16x16, 25x25: the rating''s path is built for them): 0A000 '
'otherwise; 22023 for a text that is not a shape. Grids of 20x20 and more dig within the node budgets of 25x25.';
COMMENT ON FUNCTION from_fpuzzles(text) IS
'The puzzle of an f-puzzles document (the JSON that f-puzzles saves and SudokuPad opens), given as the JSON, as its '
'LZString base64 form or as a link with ?load= (at most 8,192 characters compressed, 1 MB of JSON): a '
'sudoku.variant_puzzle of its grid (givens; f-puzzles'' boxes: 2x3 on 6x6, 3x4 on 12x12, none on a prime size), its rules '
'and its solution: the one the document carries, else the puzzle''s one solution under the rules (NULL for none or '
'several; a search that can take long on the hardest, cancel stops it). Rules: regions of a jigsaw, diagonals (one '
'alone as an extra region), windows, killer cages with or without a sum, and every setter''s constraint under '
'f-puzzles'' keys and those of dclamage''s solver: thermometer, arrow, littlekillersum (clue cell and direction), '
'sandwichsum, xsum, skyscraper (clue cells outside the grid), difference and ratio (kropki), xv, negative (ratio, '
'xv), nonconsecutive (the negative of white dots beside dots, else non_consecutive), antiknight, antiking, '
'disjointgroups, whispers, renban, palindrome, betweenline, regionsumline, entropicline, modularline, minimum, '
'maximum, odd, even, quadruple, clone, extraregion. 22P02 for text that is not such a document, 0A000 naming a '
'constraint the rules cannot hold (indexers, fog of war, given pencil marks, ...): a constraint is refused, never '
'dropped. Cosmetic keys (title, text, lines, shapes, cages) are skipped. LZString is the lz-str crate.';
COMMENT ON FUNCTION to_fpuzzles(grid, jsonb, boolean) IS
'The f-puzzles document of a grid under rules (default none), as f-puzzles and SudokuPad open it: compressed (default) '
'it is LZString base64, the data of a link https://www.f-puzzles.com/?load=...; compressed => false gives the JSON. '
'Givens, regions per cell where they are not f-puzzles'' boxes (a jigsaw, tall 3x2 boxes), both diagonals, windows and '
'extra regions, cages as killer cages, and every setter''s constraint under the key sudoku.from_fpuzzles reads, which '
'reads it back to the same grid and rules. 22023 for rules that do not fit the grid, 0A000 for what f-puzzles cannot '
'say, named: a grid of a composite size without boxes, slow thermometers, whispers of a difference other than 5, '
'modular lines of another modulus than 3, XV marks of other sums, the negative of X or V alone, non_consecutive '
'beside kropki dots (f-puzzles exempts dotted pairs: use negative white), little killers that are not a whole '
'diagonal.';
COMMENT ON FUNCTION svg(grid, jsonb, grid, boolean) IS
'An SVG picture of a grid under variant rules (call it with rules => ...): as svg(grid, solution, candidates), with the '
'cells of the diagonals and windows shaded, jigsaw regions with thick borders instead of boxes, each cage outlined with '
'a dashed line and its sum in its first cell, the setters'' constraints as f-puzzles draws them (thermometers with a '
'bulb, arrows from a circle or pill, lines in their colours, kropki dots and XV on the edges, odd circles and even '
'squares, quadruples on the shared corner, clones, extra regions, minimum and maximum cells tinted; sandwiches, X-sums, '
'skyscrapers and little killers outside the grid, which then gains a border of one cell), and the variant candidates. '
'NULL when grid or rules is NULL; 22P02/22023 for bad rules, 22023 when the solution differs in size or changes a given.';
COMMENT ON FUNCTION generate(integer, bigint, text, integer, text, numrange) IS
'A puzzle with exactly one solution: a random complete grid of size 4 to 25 (its default boxes) whose givens are removed in random '
'order together with their partners under symmetry (none, central = 180° rotation, diagonal, mirror = left-right, '
'dihedral = all 8 symmetries of the square), each removal kept only while the solution stays unique (a search per '
'removed cell for a solution with another digit there, trying the solution''s digits first; before any '
'search, a removal leaving a two-line unavoidable set of the solution given-free is refused and one whose removed '
'digits are naked or hidden singles among the givens left is kept). Stops at a minimal puzzle for the symmetry, or once at most givens remain (fewer only by part '
'of one symmetric orbit; up to 64 grids are tried). 20x20 to 25x25: each search may take 500 nodes and a grid 150,000 in all; '
'a removal whose search runs out is refused, so the puzzle is unique and symmetric with the fewest givens found within '
'that budget (about 290 of 625), not always minimal. With difficulty (easy, medium, hard, expert, extreme: the ER bands '
'of sudoku.rate) or er (a numrange of Sudoku Explainer ratings, e.g. numrange(7.0, 8.0, ''[]'')) the digging is steered '
'by the rating: a removal is also refused when the puzzle would rate above the band (the path of sudoku.rate stopped at '
'the first harder step), and a grid whose puzzle ends below it is replaced by the next (up to 200). The same seed gives '
'the same puzzle across runs and platforms (ChaCha8; with a difficulty not the puzzle of builds before 0.4.0, whose '
'levels differed); without one it is random (VOLATILE). Minimal 9x9: about 0.05 ms; 16x16: about 30 ms; 25x25: about '
'0.6 s; a 9x9 level: 0.5 to 5 ms on average (docs/benchmarks.md "Generation and rating"). 22023 for an unknown size, symmetry or '
'difficulty, both a difficulty and an er range, an empty range, a negative or unreachable number of givens (below 17 '
'for 9x9, 4 for 4x4), or a band not met; 22004 for a NULL size or symmetry.';

-- Issue 49: the pure-SQL versions take the grid's boxes from sudoku.shape (rows by columns,
-- or none: then the row stands for the box, a unit that adds nothing) and give their grids the
-- puzzle's shape, as sql/*_sql.sql have them.
CREATE OR REPLACE FUNCTION solve_sql(grid grid) RETURNS grid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
COST 77000000
SET search_path = pg_catalog, pg_temp
SET jit = off
AS $$
    WITH RECURSIVE
    shape AS (
        SELECT n, sqrt(n)::integer AS s, CASE sh WHEN 'none' THEN 0 ELSE split_part(sh, 'x', 1)::integer END AS br,
               CASE sh WHEN 'none' THEN 1 ELSE split_part(sh, 'x', 2)::integer END AS bc, (1 << n) - 1 AS all_digits, v
        FROM (SELECT sudoku.size(grid) AS n, grid::integer[] AS v, sudoku.shape(grid) AS sh) x
    ),
    -- Every cell: its 1-based index in the array and its 1-based row, column and box.
    cell AS (
        SELECT i, (i - 1) / n + 1 AS r, (i - 1) % n + 1 AS c, CASE WHEN br = 0 THEN (i - 1) / n + 1 ELSE ((i - 1) / n / br) * (n / bc) + (i - 1) % n / bc + 1 END AS b
        FROM shape, generate_series(1, n * n) AS i
    ),
    -- The digits each row, column and box holds, as bitmasks.
    used AS (
        SELECT ARRAY(SELECT (SELECT coalesce(bit_or(1 << (v[i] - 1)), 0) FROM cell WHERE r = u AND v[i] > 0)
                     FROM generate_series(1, n) AS u ORDER BY u) AS rm,
               ARRAY(SELECT (SELECT coalesce(bit_or(1 << (v[i] - 1)), 0) FROM cell WHERE c = u AND v[i] > 0)
                     FROM generate_series(1, n) AS u ORDER BY u) AS cm,
               ARRAY(SELECT (SELECT coalesce(bit_or(1 << (v[i] - 1)), 0) FROM cell WHERE b = u AND v[i] > 0)
                     FROM generate_series(1, n) AS u ORDER BY u) AS bm
        FROM shape
    ),
    -- Two equal givens in one row, column or box: no solution.
    conflict AS (
        SELECT EXISTS (
            SELECT 1 FROM shape, cell x JOIN cell y ON x.i < y.i AND (x.r = y.r OR x.c = y.c OR x.b = y.b)
            WHERE v[x.i] > 0 AND v[x.i] = v[y.i]) AS found
    ),
    fill(v, rm, cm, bm, blanks) AS (
        SELECT shape.v, used.rm, used.cm, used.bm, (SELECT count(*) FROM cell WHERE shape.v[cell.i] = 0)
        FROM shape, used, conflict
        WHERE NOT conflict.found
      UNION ALL
        -- One more blank filled, by the most constrained choice: the blank with the fewest
        -- free digits, or the digit a row, column or box misses with the fewest places.
        SELECT f.v[:pick.i - 1] || pick.d || f.v[pick.i + 1:],
               f.rm[:pick.r - 1] || (f.rm[pick.r] | pick.bit) || f.rm[pick.r + 1:],
               f.cm[:pick.c - 1] || (f.cm[pick.c] | pick.bit) || f.cm[pick.c + 1:],
               f.bm[:pick.b - 1] || (f.bm[pick.b] | pick.bit) || f.bm[pick.b + 1:],
               f.blanks - 1
        FROM fill f
        CROSS JOIN LATERAL (
            WITH free AS (
                SELECT cell.i, cell.r, cell.c, cell.b,
                       shape.all_digits & ~(f.rm[cell.r] | f.cm[cell.c] | f.bm[cell.b]) AS m
                FROM cell, shape
                WHERE f.v[cell.i] = 0
            ),
            -- Every digit still possible in every blank.
            option AS (
                SELECT free.i, free.r, free.c, free.b, d, 1 << (d - 1) AS bit
                FROM free, shape, generate_series(1, shape.n) AS d
                WHERE free.m & (1 << (d - 1)) <> 0
            ),
            -- Every constraint (a blank: kind 0; a digit of a row, column or box: kinds 1-3)
            -- with its number of options, the fewest first. A digit a unit misses with no place
            -- left, or a blank without a free digit, ends the branch.
            best AS (
                SELECT kind, unit, digit, options FROM (
                    SELECT 0 AS kind, i AS unit, 0 AS digit, bit_count(m::bit(32)) AS options FROM free
                    UNION ALL SELECT 1, r, d, count(*) FROM option GROUP BY r, d
                    UNION ALL SELECT 2, c, d, count(*) FROM option GROUP BY c, d
                    UNION ALL SELECT 3, b, d, count(*) FROM option GROUP BY b, d
                ) constraints
                ORDER BY options, kind, unit, digit
                LIMIT 1
            )
            SELECT o.i, o.r, o.c, o.b, o.d, o.bit
            FROM option o, best
            WHERE CASE best.kind WHEN 0 THEN o.i = best.unit
                                 WHEN 1 THEN o.r = best.unit AND o.d = best.digit
                                 WHEN 2 THEN o.c = best.unit AND o.d = best.digit
                                 ELSE o.b = best.unit AND o.d = best.digit END
        ) pick
        WHERE f.blanks > 0
    )
    SELECT sudoku.with_shape(sudoku.grid(v), sudoku.shape(grid)) FROM fill WHERE blanks = 0 LIMIT 1
$$;

CREATE OR REPLACE FUNCTION candidates_sql(grid grid) RETURNS SETOF cell_candidates
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
COST 3200 ROWS 60
SET search_path = pg_catalog, pg_temp
SET jit = off
AS $$
    WITH shape AS (
        SELECT n, sqrt(n)::integer AS s, CASE sh WHEN 'none' THEN 0 ELSE split_part(sh, 'x', 1)::integer END AS br,
               CASE sh WHEN 'none' THEN 1 ELSE split_part(sh, 'x', 2)::integer END AS bc, v
        FROM (SELECT sudoku.size(grid) AS n, grid::integer[] AS v, sudoku.shape(grid) AS sh) x
    ),
    cell AS (
        SELECT i, (i - 1) / n + 1 AS r, (i - 1) % n + 1 AS c, CASE WHEN br = 0 THEN (i - 1) / n + 1 ELSE ((i - 1) / n / br) * (n / bc) + (i - 1) % n / bc + 1 END AS b
        FROM shape, generate_series(1, n * n) AS i
    )
    SELECT blank.r, blank.c, CASE WHEN shape.br > 0 THEN blank.b END, coalesce(free.digits, '{}'), coalesce(free.mask, 0)
    FROM shape, cell AS blank
    CROSS JOIN LATERAL (
        SELECT array_agg(d ORDER BY d) AS digits, sum(1 << (d - 1))::integer AS mask
        FROM generate_series(1, shape.n) AS d
        WHERE NOT EXISTS (
            SELECT 1 FROM cell AS peer
            WHERE shape.v[peer.i] = d AND (peer.r = blank.r OR peer.c = blank.c OR peer.b = blank.b))
    ) free
    WHERE shape.v[blank.i] = 0
    ORDER BY blank.i
$$;

CREATE OR REPLACE FUNCTION preemptive_sets_sql(candidates cell_candidates[], max_size integer DEFAULT NULL)
RETURNS SETOF preemptive_set
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
COST 27000 ROWS 34
SET search_path = pg_catalog, pg_temp
SET jit = off
AS $$
BEGIN
    IF max_size < 0 THEN
        RAISE EXCEPTION 'max_size must not be negative, not %', max_size USING ERRCODE = 'invalid_parameter_value';
    END IF;
    RETURN QUERY
    WITH RECURSIVE
    -- The blank cells of each unit, numbered from 1 in row-major order, and how many it has.
    unit_cell AS (
        SELECT u.kind, u.unit, u.unit_no, c.row, c.col, c.candidates, c.mask,
               row_number() OVER (PARTITION BY u.kind, u.unit_no ORDER BY c.row, c.col)::integer AS pos,
               count(*) OVER (PARTITION BY u.kind, u.unit_no)::integer AS open
        FROM unnest(preemptive_sets_sql.candidates) AS c,
             LATERAL (VALUES (1, 'row', c.row), (2, 'column', c.col), (3, 'box', c.box)) AS u(kind, unit, unit_no)
        -- A grid without boxes (sudoku.shape none) has no box units.
        WHERE u.unit_no IS NOT NULL
    ),
    -- Sets of a unit's blank cells, grown in position order: their cells as {row, col} pairs,
    -- a bitmask of their positions, and the union of their candidates. A set that lacks more
    -- digits than there are cells after its last one can never become preemptive.
    grown(kind, unit, unit_no, open, last, size, chosen, cells, held) AS (
        SELECT kind, unit, unit_no, open, pos, 1, 1 << (pos - 1), ARRAY[ARRAY[row, col]], mask
        FROM unit_cell
        WHERE bit_count(mask::bit(32)) - 1 <= open - pos
          AND bit_count(mask::bit(32)) <= coalesce(max_size, open)
      UNION ALL
        SELECT g.kind, g.unit, g.unit_no, g.open, uc.pos, g.size + 1, g.chosen | (1 << (uc.pos - 1)),
               g.cells || ARRAY[ARRAY[uc.row, uc.col]], g.held | uc.mask
        FROM grown g
        JOIN unit_cell uc ON uc.kind = g.kind AND uc.unit_no = g.unit_no AND uc.pos > g.last
        WHERE bit_count((g.held | uc.mask)::bit(32)) - (g.size + 1) <= g.open - uc.pos
          AND bit_count((g.held | uc.mask)::bit(32)) <= coalesce(max_size, g.open)
    )
    SELECT g.unit, g.unit_no, g.size,
           ARRAY(SELECT d FROM generate_series(1, 32) AS d WHERE g.held & (1 << (d - 1)) <> 0),
           g.cells
    FROM grown g
    WHERE bit_count(g.held::bit(32)) = g.size
      -- No other blank cell of the unit fits within the digits.
      AND NOT EXISTS (
          SELECT 1 FROM unit_cell o
          WHERE o.kind = g.kind AND o.unit_no = g.unit_no AND o.mask & ~g.held = 0
            AND g.chosen & (1 << (o.pos - 1)) = 0)
    ORDER BY g.kind, g.unit_no, g.size,
             ARRAY(SELECT d FROM generate_series(1, 32) AS d WHERE g.held & (1 << (d - 1)) <> 0);
END
$$;

CREATE OR REPLACE FUNCTION solve_crook_sql(grid grid) RETURNS grid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
COST 23000000
SET search_path = pg_catalog, pg_temp
SET jit = off
AS $$
    WITH RECURSIVE
    shape AS (
        SELECT n, sqrt(n)::integer AS s, CASE sh WHEN 'none' THEN 0 ELSE split_part(sh, 'x', 1)::integer END AS br,
               CASE sh WHEN 'none' THEN 1 ELSE split_part(sh, 'x', 2)::integer END AS bc, v
        FROM (SELECT sudoku.size(grid) AS n, grid::integer[] AS v, sudoku.shape(grid) AS sh) x
    ),
    cell AS (
        SELECT i, (i - 1) / n + 1 AS r, (i - 1) % n + 1 AS c, CASE WHEN br = 0 THEN (i - 1) / n + 1 ELSE ((i - 1) / n / br) * (n / bc) + (i - 1) % n / bc + 1 END AS b
        FROM shape, generate_series(1, n * n) AS i
    ),
    crook(round, state, changed, contradiction) AS (
        SELECT 0, ARRAY(SELECT c FROM sudoku.candidates_sql(grid) AS c), true,
               EXISTS (SELECT 1 FROM shape, cell x JOIN cell y ON x.i < y.i AND (x.r = y.r OR x.c = y.c OR x.b = y.b)
                       WHERE v[x.i] > 0 AND v[x.i] = v[y.i])
      UNION ALL
        SELECT k.round + 1, nxt.state, nxt.state <> k.state, nxt.contradiction
        FROM crook k
        CROSS JOIN LATERAL (
            WITH cand AS (
                SELECT * FROM unnest(k.state)
            ),
            unit_cand AS (
                SELECT u.kind, u.unit_no, c.row, c.col, c.candidates, c.mask
                FROM cand c, LATERAL (VALUES ('row', c.row), ('column', c.col), ('box', c.box)) AS u(kind, unit_no)
                WHERE u.unit_no IS NOT NULL
            ),
            preemptive AS (
                SELECT * FROM sudoku.preemptive_sets_sql(k.state)
            ),
            -- Hidden singles: a digit among the candidates of one cell only of a unit.
            hidden AS (
                SELECT min(row) AS row, min(col) AS col, 1 << (d - 1) AS bit
                FROM unit_cand, unnest(candidates) AS d
                GROUP BY kind, unit_no, d
                HAVING count(*) = 1
            ),
            next_cand AS (
                SELECT c.row, c.col, c.box,
                       c.mask
                       & ~coalesce((SELECT bit_or(m) FROM preemptive p,
                                           LATERAL (SELECT sum(1 << (d - 1))::integer AS m FROM unnest(p.digits) AS d) pm
                                    WHERE ((p.unit = 'row' AND p.unit_no = c.row) OR (p.unit = 'column' AND p.unit_no = c.col)
                                           OR (p.unit = 'box' AND p.unit_no = c.box))
                                      AND NOT c.candidates <@ p.digits), 0)
                       & coalesce((SELECT bit_or(h.bit) FROM hidden h WHERE h.row = c.row AND h.col = c.col), -1) AS mask
                FROM cand c
            )
            SELECT ARRAY(SELECT ROW(row, col, box,
                                    ARRAY(SELECT d FROM generate_series(1, 32) AS d WHERE mask & (1 << (d - 1)) <> 0),
                                    mask)::sudoku.cell_candidates
                         FROM next_cand ORDER BY row, col) AS state,
                   EXISTS (SELECT 1 FROM next_cand WHERE mask = 0)
                   OR EXISTS (SELECT 1 FROM unit_cand WHERE cardinality(candidates) = 1
                              GROUP BY kind, unit_no, candidates HAVING count(*) > 1)
                   OR EXISTS (SELECT 1 FROM unit_cand GROUP BY kind, unit_no
                              HAVING bit_count(bit_or(mask)::bit(32)) < count(*)) AS contradiction
        ) nxt
        WHERE k.changed AND NOT k.contradiction
    )
    SELECT sudoku.with_shape(sudoku.grid(ARRAY(
               SELECT coalesce(nullif(shape.v[cell.i], 0), (
                   SELECT f.candidates[1] FROM unnest(crook.state) AS f
                   WHERE f.row = cell.r AND f.col = cell.c AND cardinality(f.candidates) = 1), 0)
               FROM shape, cell ORDER BY cell.i)), sudoku.shape(grid))
    FROM crook
    WHERE NOT contradiction
      AND round = (SELECT max(round) FROM crook)
$$;

CREATE OR REPLACE FUNCTION propagate_combo_sql(grid grid) RETURNS grid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
COST 13000000
SET search_path = pg_catalog, pg_temp
SET jit = off
AS $$
    WITH RECURSIVE
    shape AS (
        SELECT n, sqrt(n)::integer AS s, CASE sh WHEN 'none' THEN 0 ELSE split_part(sh, 'x', 1)::integer END AS br,
               CASE sh WHEN 'none' THEN 1 ELSE split_part(sh, 'x', 2)::integer END AS bc, (1 << n) - 1 AS all_digits, v
        FROM (SELECT sudoku.size(grid) AS n, grid::integer[] AS v, sudoku.shape(grid) AS sh) x
    ),
    -- Every cell: its 1-based index in the array and its 1-based row, column and box.
    cell AS (
        SELECT i, (i - 1) / n + 1 AS r, (i - 1) % n + 1 AS c, CASE WHEN br = 0 THEN (i - 1) / n + 1 ELSE ((i - 1) / n / br) * (n / bc) + (i - 1) % n / bc + 1 END AS b
        FROM shape, generate_series(1, n * n) AS i
    ),
    -- The units of every cell: rows are units 1..n, columns n+1..2n, boxes 2n+1..3n.
    member AS (
        SELECT cell.i, u.unit FROM shape, cell, LATERAL (VALUES (r), (n + c), (2 * n + b)) AS u(unit)
    ),
    combo AS (
        SELECT m, bit_count(m::bit(32)) AS k FROM shape, generate_series(1, all_digits) AS m
    ),
    round(no, masks, changed, contradiction) AS (
        SELECT 0, ARRAY(SELECT CASE WHEN v[i] = 0 THEN all_digits ELSE 1 << (v[i] - 1) END FROM shape, cell ORDER BY i),
               true, false
        FROM shape
      UNION ALL
        SELECT r.no + 1, nxt.masks, nxt.masks <> r.masks,
               0 = ANY (nxt.masks) OR nxt.clash
        FROM round r
        CROSS JOIN LATERAL (
            WITH unit_mask AS (
                SELECT member.unit, member.i, r.masks[member.i] AS m FROM member
            ),
            -- The digits of each unit's cells with more than one candidate. A combo that mixes
            -- filled digits with open ones encloses nothing its parts do not, so the combos
            -- tried are the single digits and the subsets of the open digits.
            unit_open AS (
                SELECT unit, coalesce(bit_or(m) FILTER (WHERE m & (m - 1) <> 0), 0) AS open
                FROM unit_mask GROUP BY unit
            ),
            enclosed AS (
                -- The combos of each unit whose fitting cells number their popcount, and
                -- whether a single digit fits two cells (a contradiction).
                SELECT u.unit, combo.m, combo.k, count(*) AS fitting
                FROM unit_open u
                JOIN combo ON combo.k = 1 OR combo.m & ~u.open = 0
                JOIN unit_mask um ON um.unit = u.unit AND um.m & ~combo.m = 0
                GROUP BY u.unit, combo.m, combo.k
                HAVING count(*) = combo.k OR (combo.k = 1 AND count(*) > 1)
            ),
            -- The digits leaving each cell: those of the enclosed combos of its units that
            -- it does not fit in.
            gone AS (
                SELECT member.i, bit_or(e.m) AS digits
                FROM member JOIN enclosed e ON e.unit = member.unit
                WHERE e.fitting = e.k AND r.masks[member.i] & ~e.m <> 0
                GROUP BY member.i
            )
            SELECT ARRAY(SELECT r.masks[cell.i] & ~coalesce(gone.digits, 0)
                         FROM cell LEFT JOIN gone ON gone.i = cell.i ORDER BY cell.i) AS masks,
                   EXISTS (SELECT 1 FROM enclosed e WHERE e.fitting > e.k) AS clash
        ) nxt
        WHERE r.changed AND NOT r.contradiction
    )
    SELECT sudoku.with_shape(sudoku.grid(ARRAY(
               SELECT CASE WHEN m & (m - 1) = 0 THEN position('1' IN reverse(m::bit(32)::text)) ELSE 0 END
               FROM unnest(masks) WITH ORDINALITY AS x(m, i) ORDER BY i)), sudoku.shape(grid))
    FROM round
    WHERE NOT contradiction
      AND no = (SELECT max(no) FROM round)
$$;

-- Issue 50: the setters' constraints. The pure-SQL versions read the rules through unit_rules (0A000 for
-- the constraints they do not hold); true candidates under any rules.
-- pg_sudoku::variant::unit_rules
CREATE  FUNCTION "unit_rules"(
	"rules" jsonb, /* Document */
	"size" INT DEFAULT 9 /* i32 */
) RETURNS jsonb /* JsonB */
IMMUTABLE STRICT PARALLEL SAFE COST 2000
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'unit_rules_wrapper';

-- pg_sudoku::variant::true_candidates
CREATE  FUNCTION "true_candidates"(
	"grid" grid, /* Grid */
	"rules" jsonb DEFAULT '{}', /* Document */
	"max" INT DEFAULT 1 /* i32 */
) RETURNS TABLE (
	"row" INT,  /* i32 */
	"col" INT,  /* i32 */
	"digit" INT,  /* i32 */
	"solutions" bigint  /* i64 */
)
IMMUTABLE STRICT PARALLEL SAFE COST 500
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'true_candidates_wrapper';
-- A unique 9x9 puzzle: one row a cell.
ALTER FUNCTION true_candidates(grid, jsonb, integer) ROWS 81;

CREATE OR REPLACE FUNCTION solve_sql(grid grid, rules jsonb) RETURNS grid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
COST 100000000
SET search_path = pg_catalog, pg_temp
SET jit = off
AS $$
    WITH RECURSIVE
    shape AS (
        SELECT n, sqrt(n)::integer AS s, CASE sh WHEN 'none' THEN 0 ELSE split_part(sh, 'x', 1)::integer END AS br,
               CASE sh WHEN 'none' THEN 1 ELSE split_part(sh, 'x', 2)::integer END AS bc, (1 << n) - 1 AS all_digits, v, checked
        FROM (SELECT sudoku.size(grid) AS n, grid::integer[] AS v, sudoku.shape(grid) AS sh,
                     sudoku.unit_rules(rules, sudoku.size(grid)) AS checked) x
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
                    WHEN br > 0 THEN 'box ' || ((r - 1) / br * (n / bc) + (c - 1) / bc + 1) END, i, NULL
        FROM cell, shape
        -- A grid without boxes and without regions has no third kind of unit.
        WHERE br > 0 OR checked ? 'regions'
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
    SELECT sudoku.with_shape(sudoku.grid(v), sudoku.shape(grid)) FROM fill WHERE blanks = 0 LIMIT 1
$$;

-- Issue 50: the comments of the rules' functions name the setters' constraints.
COMMENT ON FUNCTION rules(jsonb, integer) IS
'Variant rules checked for a grid of size (4 to 25) and written back in their plain form (only the keys set). '
'Rules are a jsonb object {"diagonals": true, "windows": true, "regions": "<one symbol per cell, row-major>", '
'"cages": [{"sum": 15, "cells": [[1, 1], [1, 2]]}]}, every key optional, rows and columns from 1: diagonals (X Sudoku), '
'the windows of windoku (the size-1 squares of box side at rows and columns 2, b+3, ...), jigsaw regions replacing the '
'boxes (whitespace ignored), killer cages (distinct digits with that sum, or without "sum" distinct only); and the '
'setters'' constraints (docs/variants.md): thermometers, slow_thermometers, arrows ({"circle", "lines"}), '
'little_killers, sandwiches, x_sums, skyscrapers ({"row" or "column", "from", "sum" or "count"}), kropki ({"cells", '
'"color", "value"}), xv, negative, non_consecutive, anti_knight, anti_king, disjoint_groups, whispers, renban, '
'palindromes, between_lines, region_sum_lines, entropic_lines, modular_lines, minimum, maximum, odd, even, quadruples, '
'clones, extra_regions, zipper_lines, indexing_columns, indexing_rows, numbered_rooms ({"row" or "column", "from", '
'"digit"}), anti_taxicab, sum_lines ({"cells", "sum", "loop"}), lunchboxes ({"sum", "cells"}), counting_circles. 22P02 for another shape (not an object, an unknown key, a wrong JSON type); 22023 for rules that '
'do not fit the size, naming the constraint and the cell: a cell outside the grid or twice, regions not n regions of n '
'cells, a cell in two cages, a sum its cells cannot make, a dot between cells that do not touch, a little killer off '
'its diagonal.';
COMMENT ON FUNCTION unit_rules(jsonb, integer) IS
'The rules as sudoku.rules writes them, when they hold only units and cages with sums (diagonals, windows, regions, '
'cages): what the pure-SQL versions read (sudoku.solve_sql(grid, rules)). 0A000 naming the first other key; '
'22P02/22023 as sudoku.rules.';
COMMENT ON FUNCTION true_candidates(grid, jsonb, integer) IS
'The true candidates of a grid under rules (default none): one row (row, col, digit, solutions) per cell and digit '
'that some solution puts there, row-major, with the number of solutions that do, counted up to max (default 1: which '
'digits are possible). A given''s row counts the grid''s solutions up to max. No rows without a solution. One search '
'counts up to max + 1 solutions; past that, one search per candidate not yet seen max times. As sigh''s Interactive '
'Sudoku Solver''s "all possibilities" and dclamage''s SudokuSolver''s true candidates. 22023 for max below 1 or bad '
'rules, 22P02 for rules of another shape; 57014 on cancel or statement_timeout.';
COMMENT ON FUNCTION solve(grid, jsonb) IS
'The first solution of a grid under variant rules (see sudoku.rules), NULL when there is none. Native variant solver '
'(sudoku_engine::variant): naked and hidden singles in every unit (rows, columns, boxes or regions, diagonals, '
'windows), locked candidates between any two units, each cage narrowed to the digits its sum''s combinations of '
'distinct digits can still put in each cell, and the rule of 45 (the cells of a unit outside its cages), each '
'setter''s constraint its own pass (pairs of cells, equal sums, clues), then depth-first search on the open cell with '
'the fewest candidates, digits ascending (with cages or constraints: the highest conflict score per candidate, or '
'a digit''s two places in a unit when that cell has more than two candidates). '
'22P02/22023 for bad rules (see sudoku.rules); 57014 on cancel or statement_timeout. Pure-SQL twin: '
'sudoku.solve_sql(grid, rules).';
COMMENT ON FUNCTION is_solved(grid, jsonb) IS
'True when every cell is filled and the grid keeps the variant rules: each row, column, box or region, diagonal and '
'window holds every digit once, each cage distinct digits with its sum, each setter''s constraint holds.';
COMMENT ON FUNCTION candidates(grid, jsonb) IS
'One row per blank cell under variant rules, as sudoku.candidates(grid) (box: the box, or the jigsaw region numbered in '
'order of first appearance): the digits none of its peers holds (the cells sharing a unit or its cage), narrowed in a '
'cage to those that some set of distinct digits with the cage''s sum can put there, and by one pass of each setter''s '
'constraint. No rows when givens clash or a cell or cage is left without a way.';
COMMENT ON FUNCTION solve_sql(grid, jsonb) IS
'Pure SQL: the recursive-CTE fill of the articles for variant rules. The units are rows of a table built from the '
'rules (rows, columns, boxes or regions, diagonals, windows, cages with their sums); one recursive CTE fills one blank '
'per level by the most constrained choice, every unit''s used digits one bitmask, and a digit goes in a cage only '
'while the cage''s sum stays reachable. The same query solves classic, X, windoku, jigsaw and killer grids; killer '
'puzzles without givens are slow (seconds to a minute). Rules checked by sudoku.unit_rules (0A000 for the setters'' '
'constraints, which this query does not hold). Native twin: sudoku.solve(grid, rules).';
