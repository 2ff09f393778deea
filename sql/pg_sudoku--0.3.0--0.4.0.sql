-- pg_sudoku 0.3.0 -> 0.4.0 (ALTER EXTENSION pg_sudoku UPDATE). scripts/upgrade_test.sh checks
-- that the result equals a fresh 0.4.0 install, object for object; scripts/hijack_test.sh that
-- nothing a user planted is picked up on the way.
\echo Use "ALTER EXTENSION pg_sudoku UPDATE TO '0.4.0'" to load this file. \quit

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

-- Issue 35: one engine of human steps. A step carries its difficulty and a chain's links;
-- generate takes a band of ER; sudoku.techniques() lists the path; the functions that walk the
-- path say so.
ALTER TYPE step ADD ATTRIBUTE difficulty numeric(3,1), ADD ATTRIBUTE links jsonb;
DROP FUNCTION generate(integer, bigint, text, integer, text);
DROP FUNCTION generate_many(integer, integer, bigint, text, integer, text);
CREATE FUNCTION "generate"(
	"size" INT DEFAULT 9, /* Option < i32 > */
	"seed" bigint DEFAULT NULL, /* Option < i64 > */
	"symmetry" TEXT DEFAULT 'central', /* Option < & str > */
	"givens" INT DEFAULT NULL, /* Option < i32 > */
	"difficulty" TEXT DEFAULT NULL, /* Option < & str > */
	"er" numrange DEFAULT NULL /* Option < Range < AnyNumeric > > */
) RETURNS grid /* Grid */
VOLATILE PARALLEL SAFE COST 14000
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'generate_in_band_wrapper';
CREATE FUNCTION "generate_many"(
	"n" INT, /* Option < i32 > */
	"size" INT DEFAULT 9, /* Option < i32 > */
	"seed" bigint DEFAULT NULL, /* Option < i64 > */
	"symmetry" TEXT DEFAULT 'central', /* Option < & str > */
	"givens" INT DEFAULT NULL, /* Option < i32 > */
	"difficulty" TEXT DEFAULT NULL, /* Option < & str > */
	"er" numrange DEFAULT NULL /* Option < Range < AnyNumeric > > */
) RETURNS SETOF grid /* Grid */
VOLATILE PARALLEL SAFE COST 14000
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'generate_many_in_band_wrapper';
CREATE FUNCTION "techniques"() RETURNS TABLE (
	"position" INT,  /* i32 */
	"name" TEXT,  /* String */
	"title" TEXT,  /* String */
	"family" TEXT,  /* String */
	"difficulty" NUMERIC  /* AnyNumeric */
)
IMMUTABLE STRICT PARALLEL SAFE COST 10
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'techniques_wrapper';
ALTER FUNCTION techniques() ROWS 42;
CREATE FUNCTION "svg_step"(
	"step" step /* :: pgrx :: heap_tuple :: PgHeapTuple < '_, :: pgrx :: pgbox :: AllocatedByRust
> */
) RETURNS TEXT /* Option < String > */
IMMUTABLE STRICT PARALLEL SAFE  COST 4000 
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'svg_step_wrapper';
COMMENT ON TYPE step IS
'One step of sudoku.fill_steps or sudoku.hint: step number (from 1), technique (its name, or the family name it was asked '
'by: locked_candidates for pointing and claiming, preemptive_set for subsets, hidden_single for a full house; the last row '
'of fill_steps solved, stalled or contradiction), the unit (''row'', ''column'', ''box'', unit_no from 1; NULL when the '
'deduction is not about one unit), the digits and cells ({{row, col}, ...}) the deduction rests on, placed ({row, col, '
'digit} or NULL), eliminated ({{row, col, digit}, ...}; in the propagation order a placement also lists the digit leaving '
'its peers), the grid after the step, a sentence a player can follow (explanation), the difficulty on the Sudoku '
'Explainer scale (numeric(3,1)) and, for a chain, its links in order as jsonb [{"from": {"row", "col", "digit", "on"}, '
'"to": {...}}] (on: the cell holds the digit; a forcing chain of several branches lists each from its assumption).';
COMMENT ON FUNCTION step_jsonb(step) IS
'A step (of fill_steps or hint) as a jsonb object for a client: step, technique, unit {kind, number} or null, digits, '
'cells [{row, col}], placement {row, col, digit} or null, eliminations [{row, col, digit}], grid (rows of numbers), '
'explanation, difficulty (a number or null) and links (a chain''s links, [] for none). Also the cast sudoku.step::jsonb. '
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
'last row is solved or stalled; 22023 when the grid has conflicting givens, no solution or several. Cancel and '
'statement_timeout are honoured (57014); 22023 for an unknown technique, 22004 for a NULL one.';
COMMENT ON FUNCTION generate(integer, bigint, text, integer, text, numrange) IS
'A puzzle with exactly one solution: a random complete grid of size 4, 9, 16 or 25 whose givens are removed in random '
'order together with their partners under symmetry (none, central = 180° rotation, diagonal, mirror = left-right, '
'dihedral = all 8 symmetries of the square), each removal kept only while the solution stays unique (a search per '
'removed cell for a solution with another digit there, trying the solution''s digits first; before any '
'search, a removal leaving a two-line unavoidable set of the solution given-free is refused and one whose removed '
'digits are naked or hidden singles among the givens left is kept). Stops at a minimal puzzle for the symmetry, or once at most givens remain (fewer only by part '
'of one symmetric orbit; up to 64 grids are tried). 25x25: each search may take 500 nodes and a grid 150,000 in all; '
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
COMMENT ON FUNCTION generate_many(integer, integer, bigint, text, integer, text, numrange) IS
'n puzzles as sudoku.generate makes them, streamed one per row (cancellable between and within puzzles): the i-th from a '
'seed derived from seed and i (SplitMix64), so the same seed gives the same rows. 22023 for a negative n and as '
'sudoku.generate.';
COMMENT ON TYPE rating IS
'The difficulty of a puzzle: level (easy, medium, hard, expert, extreme: bands of ER), score (the ER, the hardest step on '
'the Sudoku Explainer scale, 1.0 to about 12), the techniques used (in the order sudoku.techniques() lists them), the number '
'of steps (guesses included) and of guesses.';
COMMENT ON FUNCTION rate(grid) IS
'The difficulty of a puzzle with one solution of any size, solving it as a person would: the path of Sudoku Explainer '
'(the rules of Sukaku Explainer v1.15.10, as sudoku.se_rating; one engine, engine/src/human/explainer), each step the '
'first hint of the techniques in the order of sudoku.techniques(). score is the path''s ER: on 9x9 the er of '
'sudoku.se_rating for every puzzle that has one (nested forcing chains included, so no 9x9 puzzle guesses). A guess '
'(the solution''s digit, 9.0) only on 16x16 and 25x25, where a step''s chain search runs past its budget. '
'Levels: easy ER 1.0-1.9 (full houses, hidden singles), medium 2.0-2.5 (naked singles, direct hidden subsets), hard '
'2.6-3.7 (pointing, claiming, pairs, X-Wing, naked triples), expert 3.8-6.4 (every pattern short of chains), extreme '
'6.5 and up (chains, forcing chains, nested forcing chains to 11.9, guesses). About 3.7 ms per se_rated_10k puzzle on '
'average, 1.6 ms at the median; 0.05 to 3 s for the forum''s hardest (ER 10 to 11.9). '
'22023 when the grid has conflicting givens, no solution or several solutions (the message says which); 57014 on '
'cancel or statement_timeout.';
COMMENT ON FUNCTION se_rating(grid) IS
'The Sudoku Explainer rating (ER, EP, ED) of a 9x9 puzzle with one solution, by the rules of Sukaku Explainer '
'v1.15.10, the rater of the Sudoku Exchange puzzle bank: each step takes the first hint of the techniques in its order '
'(sudoku.techniques(): full house 1.0, hidden singles 1.2/1.5, direct pointing, claiming, hidden pair and triple 1.7-2.5, '
'naked single 2.3, pointing and claiming 2.6/2.8, subsets and fish 3.0-5.4, turbot fish 4.0-4.3, XY- and XYZ-Wing '
'4.2/4.4, unique rectangles and loops 4.5-5.x, three strong links 5.4-5.7, WXYZ-Wing 5.5/5.6, BUG 5.6-6.0, VWXYZ-Wing '
'6.2-6.4, bidirectional cycles and forcing X-chains from 6.5, forcing chains from 7.0, Nishio from 7.5, cell and region '
'forcing chains from 8.0, dynamic forcing chains from 8.5, dynamic forcing chains (+) with pointing, claiming, pairs '
'and X-Wings inside from 9.0, nested forcing chains from 9.5 (forcing chains inside), 10.0 (multiple), 10.5 (dynamic)), '
'a chain adding 0.1 each time its length passes 4, 6, 8, 12, 16, 24, ... Every 9x9 puzzle with one solution is rated. '
'The same path as sudoku.rate, sudoku.hint and sudoku.fill_steps; our own implementation '
'(sudoku_engine::human::explainer), checked against Sukaku Explainer itself (docs/rating.md "The Sudoku Explainer rating"). '
'About 3.5 ms a puzzle of the Sudoku Exchange bank on average, 1.5 ms at the median; about 0.6 s at the median for the '
'forum''s hardest (ER 10.9 to 11.4), memory under 30 MB. 22023 for another size, conflicting givens, no or several '
'solutions; 57014 on cancel or statement_timeout.';
COMMENT ON FUNCTION hint(grid) IS
'The next step of the path of sudoku.rate on the grid (a puzzle with one solution of any size, possibly partly filled '
'in): the first hint of the techniques in Sudoku Explainer''s order, as a sudoku.step row: technique, unit, digits and '
'cells it rests on, the digit placed or the candidates eliminated, the grid after it, one sentence a player can follow '
'(e.g. ''Hidden single: in box 4, 7 fits only r5c2, so r5c2 takes 7.''), its difficulty and a chain''s links. The '
'candidates are those the grid''s digits leave. NULL for a solved grid; 22023 when the grid has conflicting givens, no '
'solution or several solutions.';
COMMENT ON FUNCTION rating_techniques() IS
'The technique names of sudoku.rate and sudoku.hint in the order tried (full_house, hidden_single ... '
'nested_dynamic_forcing_chain, guess): pass them, or some of them, to sudoku.fill_steps (or sudoku.propagate) to see the '
'logical solution a person would follow. Those functions also take the family names locked_candidates (pointing, '
'claiming) and preemptive_set (every subset). sudoku.techniques() lists each with its family and difficulty.';
COMMENT ON FUNCTION techniques() IS
'Every technique of the path of sudoku.rate, sudoku.hint, sudoku.fill_steps and sudoku.se_rating, in the order tried '
'(Sudoku Explainer''s): position (from 1), name (as fill_steps takes it; hidden_single twice, in a box and in a line), '
'title (as explanations write it), family (singles, intersections, subsets, fish, single-digit patterns, wings, '
'uniqueness, aligned exclusion, chains, forcing chains, guess) and the least difficulty of a step on the Sudoku '
'Explainer scale (chains add to it by their length, some patterns by their size).';
COMMENT ON FUNCTION svg_step(step) IS
'The picture of a step (of sudoku.fill_steps or sudoku.hint) as an SVG document, as sudoku.svg draws a grid (a name of its '
'own: an overload of svg would make svg(''...'') ambiguous): the grid '
'before the step (its grid without its placement) with the candidates its digits leave, the cells the step rests on '
'highlighted in yellow, the digit it places in green, the candidates it removes struck through in red, and a chain''s '
'links as orange arrows between candidates (solid to a candidate that is on, dashed to one that is off). The candidates '
'drawn are the digits''; the path may have removed some before. NULL for a step without a grid (the last row of '
'fill_steps has one: the solved or stalled grid). 22023 for a cell, digit or link outside the grid or of another shape.';

-- Issue 37: grid_agg's state is a bytea updated in place, with a combine function, so that a
-- parallel plan splits one grid's rows between workers and Citus aggregates on its workers (Citus
-- refuses internal states). An aggregate's state type cannot be altered: it is dropped and made
-- again, so a view that calls grid_agg must be dropped before the update and made again after
-- (the DROP below stops the update otherwise, changing nothing). The 0.3.0 functions stay in the
-- library for 0.3.0 installs not yet updated.
DROP AGGREGATE grid_agg(integer, integer, integer);
DROP AGGREGATE grid_agg(integer, integer, integer, integer);
DROP FUNCTION grid_agg_step(internal, integer, integer, integer);
DROP FUNCTION grid_agg_step(internal, integer, integer, integer, integer);
DROP FUNCTION grid_agg_final(internal);
CREATE FUNCTION grid_agg_step(state bytea, "row" integer, col integer, value integer) RETURNS bytea
IMMUTABLE PARALLEL SAFE COST 20 LANGUAGE c AS 'MODULE_PATHNAME', 'grid_agg_step_bytes_wrapper';
CREATE FUNCTION grid_agg_step(state bytea, "row" integer, col integer, value integer, size integer) RETURNS bytea
IMMUTABLE PARALLEL SAFE COST 20 LANGUAGE c AS 'MODULE_PATHNAME', 'grid_agg_step_sized_bytes_wrapper';
CREATE FUNCTION grid_agg_combine(state bytea, other bytea) RETURNS bytea
IMMUTABLE STRICT PARALLEL SAFE COST 400 LANGUAGE c AS 'MODULE_PATHNAME', 'grid_agg_combine_bytes_wrapper';
CREATE FUNCTION grid_agg_final(state bytea) RETURNS grid
IMMUTABLE STRICT PARALLEL SAFE COST 400 LANGUAGE c AS 'MODULE_PATHNAME', 'grid_agg_final_bytes_wrapper';
CREATE AGGREGATE grid_agg("row" integer, col integer, value integer) (
    SFUNC = grid_agg_step, STYPE = bytea, FINALFUNC = grid_agg_final, COMBINEFUNC = grid_agg_combine,
    PARALLEL = SAFE
);
CREATE AGGREGATE grid_agg("row" integer, col integer, value integer, size integer) (
    SFUNC = grid_agg_step, STYPE = bytea, FINALFUNC = grid_agg_final, COMBINEFUNC = grid_agg_combine,
    PARALLEL = SAFE
);
COMMENT ON FUNCTION grid_agg_step(bytea, integer, integer, integer) IS
'Transition step of sudoku.grid_agg(row, col, value): checks the row at once and stores it in the state, a bytea of '
'627 bytes (the size byte, the largest row, column or value so far, then one byte per cell of the largest grid) that '
'the aggregate updates in place; constant time and memory per row. 22023 for a state it did not make.';
COMMENT ON FUNCTION grid_agg_step(bytea, integer, integer, integer, integer) IS
'Transition step of sudoku.grid_agg(row, col, value, size): checks the row at once against the size (taken from the '
'first row; 22004 when NULL there) and stores it in the state (2 + n*n bytes, updated in place); constant time and '
'memory per row.';
COMMENT ON FUNCTION grid_agg_combine(bytea, bytea) IS
'Combine step of sudoku.grid_agg: the rows of the second state (collected by a parallel worker, or by a Citus worker '
'and shipped as bytea text) added to the first; what lets PostgreSQL''s parallel aggregation and Citus''s distributed '
'aggregation split one grid''s rows. 22023 when the two give a cell different values or were made for different sizes.';
COMMENT ON FUNCTION grid_agg_final(bytea) IS
'Final step of sudoku.grid_agg: the grid of the rows collected (the aggregate is NULL for no row); 22023 for a state it '
'did not make.';
COMMENT ON AGGREGATE grid_agg(integer, integer, integer) IS
'The grid of (row, col, value) rows (numbered from 1, NULL value = blank): a puzzle stored as one row per cell becomes a '
'grid with GROUP BY. The size is the smallest of 4, 9, 16, 25 that holds every row, column and value. Each row is checked '
'as it comes, in constant time: 22023 at the first row outside the largest grid (25x25), with a value outside 1..25, or '
'giving a cell a second value, and for a NULL row or column. Parallel safe with a combine function: a parallel plan '
'splits the rows between workers, and Citus aggregates on its workers and combines their states on the coordinator.';
COMMENT ON AGGREGATE grid_agg(integer, integer, integer, integer) IS
'The grid of (row, col, value) rows of the given size (4, 9, 16 or 25; 22023 otherwise, 22004 for NULL); each row is '
'checked against the size as it comes (22023 at the first cell outside the grid or value outside 1..n). '
'See sudoku.grid_agg(row, col, value).';

-- Issue 37: the {-remove+add} neighbourhood of a puzzle, the forum's search for hard puzzles.
CREATE FUNCTION "neighbours"(
	"grid" grid, /* Grid */
	"remove" INT DEFAULT 1, /* i32 */
	"add" INT DEFAULT 1 /* i32 */
) RETURNS SETOF grid /* Grid */
IMMUTABLE STRICT PARALLEL SAFE COST 54000
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'neighbours_wrapper';
ALTER FUNCTION neighbours(grid, integer, integer) ROWS 80;
COMMENT ON FUNCTION neighbours(grid, integer, integer) IS
'The unique puzzles of the {-remove+add} neighbourhood of a puzzle, the move of the Sudoku forum''s search for its '
'hardest puzzles (remove defaults to 1, add to 1): remove givens removed and add givens added on cells that were blank, '
'with any digit, kept when they have exactly one solution; lazily, in a fixed order (removed givens, added cells, their '
'digits, ascending), in constant memory, checking for cancel at each puzzle tried. Any size. Two neighbourhoods give '
'puzzles equal up to equivalence: group them by sudoku.canonical. {-1+1} of a hard 9x9 puzzle tries about 12,000 puzzles '
'in 20 ms and keeps about 80. 22023 for a negative count, more than the grid''s givens or blanks, or more than 100 '
'million puzzles to try ({-2+2} of a 25-given 9x9 tries 37 million); 57014 on cancel or statement_timeout.';

-- Issue 38: the README's reference moved to docs/.
COMMENT ON FUNCTION propagate(grid, text[]) IS
'The grid after applying the chosen techniques until nothing changes (the fixpoint the set-based SQL loop over candidate '
'bitmasks reaches, and Crook''s algorithm when it stops without guessing): cells they place are filled, the others stay '
'blank; NULL when they prove the grid has no solution (conflicting givens included). Techniques: the names of '
'sudoku.techniques() (docs/functions.md, "Techniques"), the same as sudoku.fill_steps takes. With naked_single, hidden_single, locked_candidates (the family '
'of pointing and claiming) and preemptive_set (Crook''s preemptive sets of every size, i.e. naked and hidden subsets; '
'implies naked_single) only (the default is all four), the solver''s bulk propagation, on any grid; the fixpoint does not '
'depend on the order of the deductions. With any other name (x_wing, xy_chain, ...), the steps of sudoku.fill_steps with '
'those names to their end, which needs a puzzle with one solution (22023 otherwise). Cancel and statement_timeout are '
'honoured (57014). 22023 for an unknown technique, 22004 for a NULL one.';

-- Issue 46: compare no longer catches query_canceled (it outran the statement's timeout and a
-- user's cancel): the timeout, a cancel and pg_terminate_backend end it as any other call.
CREATE OR REPLACE FUNCTION compare(grid grid)
RETURNS TABLE (approach text, native grid, sql grid, agree boolean, native_ms double precision, sql_ms double precision)
LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
COST 23000000 ROWS 5
SET search_path = pg_catalog, pg_temp
SET jit = off
AS $$
DECLARE
    pair record;
    native_result text;
    sql_result text;
    started timestamptz;
BEGIN
    FOR pair IN
        SELECT * FROM (VALUES (1, 'solve', true), (2, 'propagate_combo', true), (3, 'crook', true),
                              (4, 'candidates', false), (5, 'preemptive_sets', false)) AS p(no, approach, returns_grid)
        ORDER BY no
    LOOP
        approach := pair.approach;
        native := NULL; sql := NULL; agree := NULL; native_ms := NULL; sql_ms := NULL;
        native_result := NULL; sql_result := NULL;
        started := clock_timestamp();
        -- Static calls (plans cached by PL/pgSQL); CASE runs only the chosen branch.
        native_result := CASE pair.no
            WHEN 1 THEN sudoku.solve(grid)::text
            WHEN 2 THEN sudoku.propagate(grid, ARRAY['preemptive_set'])::text
            WHEN 3 THEN sudoku.propagate(grid, ARRAY['naked_single', 'hidden_single', 'preemptive_set'])::text
            WHEN 4 THEN (SELECT array_agg(c ORDER BY c)::text FROM sudoku.candidates(grid) AS c)
            ELSE (SELECT array_agg(s ORDER BY s)::text FROM sudoku.preemptive_sets(grid) AS s)
        END;
        native_ms := extract(epoch FROM clock_timestamp() - started) * 1000;
        started := clock_timestamp();
        sql_result := CASE pair.no
            WHEN 1 THEN sudoku.solve_sql(grid)::text
            WHEN 2 THEN sudoku.propagate_combo_sql(grid)::text
            WHEN 3 THEN sudoku.solve_crook_sql(grid)::text
            WHEN 4 THEN (SELECT array_agg(c ORDER BY c)::text FROM sudoku.candidates_sql(grid) AS c)
            ELSE (SELECT array_agg(s ORDER BY s)::text FROM sudoku.preemptive_sets_sql(grid) AS s)
        END;
        sql_ms := extract(epoch FROM clock_timestamp() - started) * 1000;
        agree := native_result IS NOT DISTINCT FROM sql_result;
        IF pair.returns_grid THEN
            native := native_result::sudoku.grid;
            sql := sql_result::sudoku.grid;
        END IF;
        RETURN NEXT;
    END LOOP;
END
$$;
COMMENT ON FUNCTION compare(grid) IS
'Every pure-SQL version next to its native twin on one puzzle, one row per approach (solve, propagate_combo, crook, '
'candidates, preemptive_sets): both grids (NULL for the row-returning approaches, compared as sets of rows), whether '
'they agree, and the wall-clock time of each in ms. statement_timeout, a cancel and pg_terminate_backend end it as any '
'other call (bound a slow approach with statement_timeout). VOLATILE (timings).';

CREATE OR REPLACE FUNCTION compare(grid grid, rules jsonb)
RETURNS TABLE (approach text, native grid, sql grid, agree boolean, native_ms double precision, sql_ms double precision)
LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
COST 100000000 ROWS 1
SET search_path = pg_catalog, pg_temp
SET jit = off
AS $$
DECLARE
    started timestamptz;
BEGIN
    approach := 'solve';
    started := clock_timestamp();
    native := sudoku.solve(grid, rules);
    native_ms := extract(epoch FROM clock_timestamp() - started) * 1000;
    started := clock_timestamp();
    sql := sudoku.solve_sql(grid, rules);
    sql_ms := extract(epoch FROM clock_timestamp() - started) * 1000;
    agree := native IS NOT DISTINCT FROM sql;
    RETURN NEXT;
END
$$;
COMMENT ON FUNCTION compare(grid, jsonb) IS
'The native variant solver next to the pure-SQL one on a puzzle under variant rules: one row (approach solve) with '
'sudoku.solve(grid, rules) and sudoku.solve_sql(grid, rules), whether they agree and their times in ms; '
'statement_timeout and a cancel end it as any other call.';
