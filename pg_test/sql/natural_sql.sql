-- Plain SQL on grid columns with the search_path PostgreSQL gives a new database ("$user",
-- public): the comparison operators live in pg_catalog, so =, <>, <, BETWEEN, IN, = ANY,
-- JOIN USING, NATURAL JOIN, ORDER BY, DISTINCT, GROUP BY and UNION need no schema tricks, and
-- their clauses use the btree and hash indexes. Each result is checked against the same
-- question asked of the grids' text, which needs no operator of the extension.
RESET search_path;
SHOW search_path;
SELECT o.oprname, o.oprnamespace::regnamespace AS schema
FROM pg_operator o WHERE o.oprleft = 'sudoku.grid'::regtype ORDER BY o.oprname;

CREATE TABLE natural_grid AS
SELECT row_number() OVER (ORDER BY file, n) AS id, file, puzzle, line_text
FROM puzzles WHERE file IN ('top95', 'hardest11', 'easy50');
-- Every puzzle twice, to give DISTINCT, GROUP BY and joins something to do.
CREATE TABLE natural_copy AS SELECT id + 1000 AS id, puzzle FROM natural_grid;
INSERT INTO natural_copy SELECT id + 2000, puzzle FROM natural_grid WHERE id % 2 = 0;
SELECT line_text AS first_text FROM natural_grid WHERE id = 1 \gset
SELECT line_text AS second_text FROM natural_grid WHERE id = 2 \gset

-- A literal compared with a grid column: the untyped literal becomes a grid.
SELECT count(*) AS equal_to_literal,
       count(*) = (SELECT count(*) FROM natural_grid WHERE puzzle::text = (:'first_text'::sudoku.grid)::text) AS as_text
FROM natural_grid WHERE puzzle = :'first_text';
SELECT count(*) = (SELECT count(*) FROM natural_grid) - 1 AS not_equal
FROM natural_grid WHERE puzzle <> :'first_text';
SELECT count(*) AS in_list FROM natural_grid WHERE puzzle IN (:'first_text', :'second_text');
SELECT count(*) AS not_in_list_is_the_rest FROM natural_grid WHERE puzzle NOT IN (:'first_text', :'second_text');
SELECT count(*) AS any_array FROM natural_grid WHERE puzzle = ANY (ARRAY[:'first_text', :'second_text']::sudoku.grid[]);
-- Order: by size, then cells row-major with the blank first, as the text with blanks mapped below '1'.
SELECT count(*) FILTER (WHERE a.puzzle < b.puzzle) AS less,
       count(*) FILTER (WHERE a.puzzle < b.puzzle) = count(*) FILTER (WHERE translate(a.puzzle::text, '.', '0') < translate(b.puzzle::text, '.', '0')) AS less_as_text,
       count(*) FILTER (WHERE a.puzzle <= b.puzzle) - count(*) FILTER (WHERE a.puzzle < b.puzzle) AS equal_pairs,
       count(*) FILTER (WHERE a.puzzle > b.puzzle) = count(*) FILTER (WHERE a.puzzle < b.puzzle) AS symmetric,
       count(*) FILTER (WHERE a.puzzle >= b.puzzle) = count(*) FILTER (WHERE a.puzzle <= b.puzzle) AS symmetric_or_equal
FROM natural_grid a, natural_grid b;
SELECT count(*) AS between_symmetric,
       count(*) = (SELECT count(*) FROM natural_grid
         WHERE translate(puzzle::text, '.', '0')
               BETWEEN least(translate(:'first_text', '.', '0'), translate(:'second_text', '.', '0'))
                   AND greatest(translate(:'first_text', '.', '0'), translate(:'second_text', '.', '0'))) AS as_text
FROM natural_grid
WHERE puzzle BETWEEN SYMMETRIC :'first_text' AND :'second_text';

-- Joins on the grid: USING, NATURAL, ON.
SELECT count(*) AS join_using FROM natural_grid JOIN natural_copy USING (puzzle);
SELECT count(*) AS natural_join FROM (SELECT puzzle FROM natural_grid) g NATURAL JOIN (SELECT puzzle FROM natural_copy) c;
SELECT count(*) = (SELECT count(*) FROM natural_grid g JOIN natural_copy c ON g.puzzle::text = c.puzzle::text) AS join_on_as_text
FROM natural_grid g JOIN natural_copy c ON g.puzzle = c.puzzle;
-- DISTINCT, GROUP BY, UNION, ORDER BY.
SELECT count(DISTINCT puzzle) AS distinct_grids, count(DISTINCT puzzle::text) = count(DISTINCT puzzle) AS as_text
FROM natural_copy;
SELECT count(*) AS groups FROM (SELECT puzzle, count(*) FROM natural_copy GROUP BY puzzle) x;
SELECT count(*) AS union_dedup FROM (SELECT puzzle FROM natural_grid UNION SELECT puzzle FROM natural_copy) u;
SELECT bool_and(ordered) AS order_by_matches_text FROM (
    SELECT translate(puzzle::text, '.', '0') >= lag(translate(puzzle::text, '.', '0')) OVER (ORDER BY puzzle) IS NOT FALSE AS ordered
    FROM natural_grid) x;

-- With indexes, the same clauses are index scans.
CREATE INDEX natural_grid_btree ON natural_grid (puzzle);
CREATE INDEX natural_copy_hash ON natural_copy USING hash (puzzle);
ANALYZE natural_grid, natural_copy;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT id FROM natural_grid WHERE puzzle = :'first_text';
EXPLAIN (COSTS OFF) SELECT id FROM natural_grid WHERE puzzle IN (:'first_text', :'second_text');
EXPLAIN (COSTS OFF) SELECT id FROM natural_grid WHERE puzzle < :'first_text';
EXPLAIN (COSTS OFF) SELECT puzzle FROM natural_grid ORDER BY puzzle LIMIT 3;
EXPLAIN (COSTS OFF) SELECT id FROM natural_copy WHERE puzzle = :'first_text';
SELECT count(*) AS found_through_btree FROM natural_grid WHERE puzzle = :'first_text';
SELECT count(*) AS found_through_hash FROM natural_copy WHERE puzzle = :'first_text';
SELECT count(*) AS in_through_btree FROM natural_grid WHERE puzzle IN (:'first_text', :'second_text');
RESET enable_seqscan;
RESET enable_bitmapscan;

DROP TABLE natural_grid, natural_copy;

-- Any role may use the extension: the schema grants USAGE to PUBLIC, the functions EXECUTE.
CREATE ROLE regress_sudoku_plain_role;
GRANT SELECT ON puzzles TO regress_sudoku_plain_role;
SET ROLE regress_sudoku_plain_role;
SELECT count(*) FILTER (WHERE public.solves(puzzle, sudoku.solve(puzzle))) = count(*) AS plain_role_solves,
       count(*) FILTER (WHERE sudoku.solve(puzzle) = sudoku.solve(puzzle)) = count(*) AS plain_role_compares
FROM puzzles WHERE file = 'top95';
RESET ROLE;
REVOKE SELECT ON puzzles FROM regress_sudoku_plain_role;
DROP ROLE regress_sudoku_plain_role;
