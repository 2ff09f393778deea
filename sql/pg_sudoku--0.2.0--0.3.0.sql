-- pg_sudoku 0.2.0 -> 0.3.0 (ALTER EXTENSION pg_sudoku UPDATE). scripts/upgrade_test.sh checks
-- that the result equals a fresh 0.3.0 install, object for object, and that stored grids and
-- their indexes read back unchanged.
\echo Use "ALTER EXTENSION pg_sudoku UPDATE TO '0.3.0'" to load this file. \quit

SET LOCAL search_path = sudoku;

-- Issue 24: the Sudoku Explainer rating.
CREATE TYPE se_rating AS (er numeric(3,1), ep numeric(3,1), ed numeric(3,1), hardest text);
CREATE FUNCTION se_rating("grid" grid) RETURNS se_rating
IMMUTABLE STRICT PARALLEL SAFE COST 700000
LANGUAGE c AS 'MODULE_PATHNAME', 'se_rating_wrapper';
COMMENT ON TYPE se_rating IS
'The Sudoku Explainer rating of a puzzle (sudoku.se_rating(grid)), each number numeric(3,1) on Sudoku Explainer''s '
'scale: er, the difficulty of the hardest step of the solution path; ep, of the hardest step up to the first '
'placement; ed, of the first step; hardest, the technique of the hardest step (its first step of that difficulty).';
COMMENT ON FUNCTION se_rating(grid) IS
'The Sudoku Explainer rating (ER, EP, ED) of a 9x9 puzzle with one solution, by the rules of Sukaku Explainer '
'v1.15.10, the rater of the Sudoku Exchange puzzle bank: each step takes the first hint of the techniques in its order '
'(full house 1.0, hidden singles 1.2/1.5, direct pointing, claiming, hidden pair and triple 1.7-2.5, naked single 2.3, '
'pointing and claiming 2.6/2.8, subsets and fish 3.0-5.4, turbot fish 4.0-4.3, XY- and XYZ-Wing 4.2/4.4, unique '
'rectangles and loops 4.5-5.x, three strong links 5.4-5.7, WXYZ-Wing 5.5/5.6, BUG 5.6-6.0, VWXYZ-Wing 6.2-6.4, '
'bidirectional cycles and forcing X-chains from 6.5, forcing chains from 7.0, Nishio from 7.5, cell and region '
'forcing chains from 8.0, dynamic forcing chains from 8.5), a chain adding 0.1 each time its length passes 4, 6, 8, '
'12, 16, 24, ... Our own implementation (sudoku_engine::human::explainer), checked against Sukaku Explainer itself '
'(README "The Sudoku Explainer rating"). About 3.5 ms a puzzle of the Sudoku Exchange bank on average, 1.5 ms at the median. 22023 for another size, '
'conflicting givens, no or several solutions, and a puzzle that needs more than dynamic forcing chains (9.0 and up); '
'57014 on cancel or statement_timeout.';
