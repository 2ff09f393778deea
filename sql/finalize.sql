-- The last part of the install script: where the comparison operators live, then a COMMENT ON
-- for every object of pg_sudoku, so that \dT+, \df+ and \do+ explain themselves. A regression
-- test (pg_test/sql/catalog.sql) fails when an object of the extension has none.

-- The comparison operators of sudoku.grid live in pg_catalog, which every operator lookup
-- searches whatever the search_path: WHERE p = '...', IN (...), JOIN ... USING (p), <> and <
-- work in a database whose search_path does not name the schema sudoku, and their clauses use
-- the btree and hash indexes (the operator classes refer to these operators). pgrx creates them
-- in the extension's schema; they move here, keeping their OIDs, so stored views and indexes are
-- unaffected. They remain members of the extension: DROP EXTENSION removes them. The trade-off:
-- OPERATOR(sudoku.=) no longer resolves (write = or OPERATOR(pg_catalog.=)), and no other
-- extension may define the same operator on these argument types, which only it could own.
-- The same statements are in sql/pg_sudoku--0.1.0--0.2.0.sql.
ALTER OPERATOR sudoku.= (grid, grid) SET SCHEMA pg_catalog;
ALTER OPERATOR sudoku.<> (grid, grid) SET SCHEMA pg_catalog;
ALTER OPERATOR sudoku.< (grid, grid) SET SCHEMA pg_catalog;
ALTER OPERATOR sudoku.<= (grid, grid) SET SCHEMA pg_catalog;
ALTER OPERATOR sudoku.> (grid, grid) SET SCHEMA pg_catalog;
ALTER OPERATOR sudoku.>= (grid, grid) SET SCHEMA pg_catalog;

-- Support function 2 (extended hash) of the hash operator class, which PARTITION BY HASH on a
-- grid, or on an expression such as sudoku.canonical(p), needs.
ALTER OPERATOR FAMILY grid_hash_ops USING hash ADD FUNCTION 2 (grid) grid_hash_extended(grid, bigint);

COMMENT ON SCHEMA sudoku IS
'The objects of the extension pg_sudoku (all but the comparison operators of sudoku.grid, which live in pg_catalog). '
'Part of the extension: DROP EXTENSION pg_sudoku removes it.';

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

COMMENT ON FUNCTION grid_in(cstring) IS 'Text input function of sudoku.grid; 22P02 on malformed text.';
COMMENT ON FUNCTION grid_out(grid) IS 'Text output function of sudoku.grid: one row-major line, . for blanks.';
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
COMMENT ON FUNCTION to_array(grid) IS
'The cells as a row-major integer[] of n*n elements, 0 for a blank. Also the cast sudoku.grid::integer[].';

COMMENT ON FUNCTION solve(grid) IS
'The solution of a grid (any size), or NULL when it has none (conflicting givens included). Native engine: naked singles, hidden '
'singles and locked candidates to a fixpoint (9x9: hidden triads of minirows and minicolumns too, after tdoku), then '
'depth-first search. 9x9: tdoku''s branching on the configurations of one '
'digit in one band or stack (the chute with the fewest configurations summed over digits, then its digit with the fewest, '
'when it has two); otherwise and on other sizes: the open cell with the fewest candidates (first in row-major order on a tie), digits ascending. '
'With several solutions, the first in that order (for 9x9 grids not always the one of 0.1.0, which had no hidden triads, '
'nor of builds before November 2026, which branched on cells). '
'Honours query cancel and statement_timeout (57014).';
COMMENT ON FUNCTION count_solutions(grid, integer) IS
'The number of solutions, counting stops at max (default 2, so 1 means unique). 0 for conflicting givens. '
'22023 when max < 1. Honours query cancel and statement_timeout (57014).';
COMMENT ON FUNCTION is_unique(grid) IS 'True when the grid has exactly one solution (count_solutions(grid, 2) = 1).';
COMMENT ON FUNCTION is_valid(grid) IS 'True when no two equal givens share a unit (row, column or box); says nothing of solvability.';
COMMENT ON FUNCTION is_solved(grid) IS 'True when every cell is filled and every row, column and box holds each digit once.';
COMMENT ON FUNCTION pretty(grid) IS
'The multi-line display the SQL articles print: rows like 735|812|694 with ---+---+--- between bands (scaled for '
'4x4, 16x16, 25x25), . for blanks, no trailing newline. Parses back as a sudoku.grid.';
COMMENT ON FUNCTION svg(grid, grid, boolean) IS
'An SVG document (text) of the grid as drawn on paper: thick lines around boxes and the grid, thin between cells, givens in '
'bold black, the digits solution adds (its cells blank in grid; any grid of the same size that keeps the givens, such as '
'sudoku.solve(grid) or sudoku.propagate(grid)) in blue, and with candidates => true the candidates of each cell still '
'blank, in small grey type on the cell''s pencil-mark grid. Symbols 1-9 then A-P. Square: 246, 402, 550 or 706 px for '
'4x4, 9x9, 16x16, 25x25. NULL when grid is NULL; 22023 for a solution of another size or one that changes a given; 22004 '
'for candidates NULL.';
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
COMMENT ON FUNCTION is_equivalent(grid, grid) IS
'True when grid and other are the same puzzle in different disguises (sudoku.canonical(grid) = sudoku.canonical(other)); '
'false for grids of different sizes or different numbers of givens. Errors as sudoku.canonical.';
COMMENT ON FUNCTION transform(grid, bigint) IS
'A random grid equivalent to grid: digits relabelled, transposed or not, bands, rows within bands, stacks and columns '
'within stacks permuted, all drawn uniformly from the ChaCha8 stream of seed, so the same seed gives the same grid '
'across runs, platforms and releases (as sudoku.random_grid(size, seed)). Solutions, uniqueness and rating are kept.';
COMMENT ON FUNCTION size(grid) IS 'The grid size n (cells per row, largest digit): 4, 9, 16 or 25.';
COMMENT ON FUNCTION givens(grid) IS 'The number of givens (filled cells).';
COMMENT ON FUNCTION get(grid, integer, integer) IS
'The digit at row, col (numbered from 1, row-major), NULL for a blank; 22023 when row or col is outside 1..n.';

COMMENT ON FUNCTION grid_eq(grid, grid) IS 'Implementation of = for sudoku.grid.';
COMMENT ON FUNCTION grid_ne(grid, grid) IS 'Implementation of <> for sudoku.grid.';
COMMENT ON FUNCTION grid_lt(grid, grid) IS 'Implementation of < for sudoku.grid.';
COMMENT ON FUNCTION grid_le(grid, grid) IS 'Implementation of <= for sudoku.grid.';
COMMENT ON FUNCTION grid_gt(grid, grid) IS 'Implementation of > for sudoku.grid.';
COMMENT ON FUNCTION grid_ge(grid, grid) IS 'Implementation of >= for sudoku.grid.';
COMMENT ON FUNCTION grid_cmp(grid, grid) IS 'B-tree comparison support for sudoku.grid: by size, then cells row-major (blank first).';
COMMENT ON FUNCTION grid_hash(grid) IS 'Hash support for sudoku.grid (hash joins, hash aggregation).';
COMMENT ON FUNCTION grid_hash_extended(grid, bigint) IS
'Extended hash support for sudoku.grid: a 64-bit hash salted with seed, whose low 32 bits are grid_hash(grid) for seed 0 '
'(hash partitioning: PARTITION BY HASH (p) or (sudoku.canonical(p))).';

COMMENT ON OPERATOR = (grid, grid) IS 'Same size and same cells.';
COMMENT ON OPERATOR <> (grid, grid) IS 'Different size or cells.';
COMMENT ON OPERATOR < (grid, grid) IS 'Less than: by size, then cells row-major, blank before 1.';
COMMENT ON OPERATOR <= (grid, grid) IS 'Less than or equal: by size, then cells row-major, blank before 1.';
COMMENT ON OPERATOR > (grid, grid) IS 'Greater than: by size, then cells row-major, blank before 1.';
COMMENT ON OPERATOR >= (grid, grid) IS 'Greater than or equal: by size, then cells row-major, blank before 1.';

-- Set-based views of a puzzle (src/views.rs).
COMMENT ON TYPE cell IS 'One cell of a grid: row, col and box numbered from 1 (boxes left to right, top to bottom), value NULL when blank.';
COMMENT ON TYPE cell_candidates IS
'The candidates of one blank cell: row, col, box (from 1), candidates (ascending digits) and mask (digit d is bit d-1).';
COMMENT ON FUNCTION cells(grid) IS
'One sudoku.cell row per cell of a grid of any size, row-major (n*n rows): the SudokuField(CellID, Value) view of the '
'articles. Inverse: sudoku.grid_agg.';
COMMENT ON FUNCTION candidates(grid) IS
'One sudoku.cell_candidates row per blank cell, row-major: the digits none of its peers (same row, column or box) holds, '
'as an ascending integer[] and as a bitmask 1..2^n-1 (the candidate arrays of Crook''s algorithm and the bitmasks of the '
'set-based SQL loop). No other deduction is made.';
COMMENT ON FUNCTION solutions(grid, integer) IS
'Every solution up to max_solutions, in the order of sudoku.solve (its first row is solve''s answer; for 9x9 not always the '
'order of 0.1.0, whose fixpoint had no hidden triads, nor of builds before November 2026), found one per call '
'(the search state is kept between rows, so memory stays flat). In the SELECT list, LIMIT stops the search early; in FROM, '
'PostgreSQL first collects every row in a tuplestore (spilling to disk past work_mem). Cancel and statement_timeout are '
'honoured (57014). 22023 when max_solutions < 0. '
'count(*) over an empty 4x4 grid is 288, as the brute-force join of the articles finds.';
COMMENT ON FUNCTION to_jsonb(grid) IS
'The grid as a jsonb array of n rows of n numbers, 0 for a blank ([[5,3,0,...],...]), for web and app clients. Also the '
'cast sudoku.grid::jsonb. Inverse: sudoku.grid(jsonb).';
COMMENT ON FUNCTION to_json(grid) IS
'The grid as a json array of rows of numbers, 0 for a blank. Also the cast sudoku.grid::json, which PostgreSQL''s to_json '
'and to_jsonb use for a grid inside a row, an array or a record (to_jsonb(t) of a table row nests the grid''s rows).';
COMMENT ON FUNCTION grid(jsonb) IS
'The grid of a JSON array of n rows of n numbers (n = 4, 9, 16 or 25), 0 or null for a blank. Also the cast '
'jsonb::sudoku.grid. 22P02 for another shape (not an array, a row count or row length that is not n, an element that is '
'not an integer or null), 22023 for a number outside 0..n; the message names the element''s path, $[row][col] from 0.';
COMMENT ON FUNCTION step_jsonb(step) IS
'A step (of fill_steps or hint) as a jsonb object for a client: step, technique, unit {kind, number} or null, digits, '
'cells [{row, col}], placement {row, col, digit} or null, eliminations [{row, col, digit}], grid (rows of numbers), '
'explanation, difficulty (a number or null), links (a chain''s links, [] for none) and fins (a finned fish''s fins '
'[{row, col}], [] for none). Also the cast sudoku.step::jsonb. '
'PostgreSQL''s to_jsonb(s) keeps the row''s columns as they are (an overload of to_jsonb would make to_jsonb(record) '
'ambiguous). 22023 for array columns that are not rows of (row, col[, digit]).';
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
COMMENT ON TYPE preemptive_set IS
'A preemptive set (Crook), the "enclosed combo" of the set-based SQL loop: in the unit (''row'', ''column'', ''box'') numbered '
'unit_no (from 1), the size blank cells (cells: {{row, col}, ...}, from 1, row-major) whose candidates all lie in digits '
'(ascending), as many cells as digits. Those digits can leave every other cell of the unit.';
COMMENT ON FUNCTION preemptive_sets(grid, integer) IS
'One sudoku.preemptive_set row per preemptive set (Crook''s algorithm; the enclosed combos of the set-based SQL loop) of at '
'most max_size digits (NULL: any size), candidates being the digits no peer holds (as sudoku.candidates): every digit set D '
'of a unit whose fitting blank cells (candidates within D) number exactly |D| and hold all of D. Size 1 is a naked single; '
'the set of all blank cells of a unit is always one. Hidden subsets are the complements: if a unit has k blank cells, the '
'digits outside a set of size m are confined to the other k - m cells. Rows 1..n, then columns, then boxes; within a unit '
'by size, then digits. Found by a pruned search, not by trying all 2^n - 1 digit sets, so 16x16 and 25x25 grids are cheap; '
'cancel and statement_timeout are honoured (57014). 22023 when max_size < 0. Not STRICT: a NULL max_size means any size.';
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
COMMENT ON TYPE hidden_single IS 'A hidden single: value has one possible cell (row, col, from 1) in the unit (''row'', ''column'', ''box'') numbered unit_no.';
COMMENT ON TYPE node IS
'A node of the recursive fill: the grid after depth blanks were filled, the last at (row, col) with digit (NULL at the root).';
COMMENT ON FUNCTION hidden_singles(grid) IS
'One sudoku.hidden_single row per digit that has one possible cell in a row, column or box, judged by the digits its peers '
'hold (no other deduction): rows 1..n, then columns, then boxes, digits ascending. The hidden singles of Crook''s algorithm.';
COMMENT ON FUNCTION search_tree(grid, integer) IS
'The recursive CTE fill of the articles as rows: starting from the grid (depth 0), the first blank in row-major order is '
'filled with every digit its row, column and box allow, then the next blank, level by level (breadth first, as the CTE''s '
'iterations). The same nodes per depth as that CTE, streamed, at most max_nodes of them, in memory for one path of the '
'tree whatever max_nodes (iterative deepening: each level is a depth-first walk from the root). 22023 when max_nodes < 0.';
COMMENT ON FUNCTION random_grid(integer, bigint) IS
'The random complete grid of size n (4 to 25, the size''s default boxes) for seed: the same grid for the same seed across '
'runs, platforms and releases (ChaCha8 stream). Drawn by the solver''s depth-first search with each cell''s digits in '
'random order, like the backtracking recursive query of the articles: every complete grid can be drawn, but not with '
'equal probability. 22023 for another size.';
COMMENT ON FUNCTION random_grid(integer) IS
'A random complete grid of size n (default 9), different at each call (VOLATILE); see random_grid(size, seed) for a '
'reproducible one and for how the grid is drawn. 22023 for a size outside 4 to 25.';

-- Pure-SQL versions of the approaches (sql/*_sql.sql).
COMMENT ON FUNCTION grids_4x4_sql() IS
'Every complete 4x4 grid (288 rows, ascending) by the brute-force join of the articles, in pure SQL: the 24 valid rows '
'joined four times, keeping column- and box-valid combinations. Native twin: sudoku.solutions(<empty 4x4>, 1000).';
COMMENT ON FUNCTION solve_sql(grid) IS
'The solution by the recursive-CTE fill of the articles, in pure SQL (sql/solve_sql.sql): one blank filled per level, '
'the state an integer[] plus per-unit bitmasks of used digits, each level making the most constrained choice (the blank '
'with the fewest free digits or the digit a row, column or box misses with the fewest places). Any size (4, 9, 16, 25); '
'NULL when there is none (conflicting givens included); with several solutions one of them, not necessarily '
'sudoku.solve''s. Puzzles with very many solutions grow the levels exponentially: statement_timeout and cancel apply. '
'top95: 108 ms mean, 487 ms at most. Native twin: sudoku.solve(grid).';
COMMENT ON FUNCTION propagate_combo_sql(grid) IS
'The fixpoint of the set-based loop over candidate bitmasks of the articles, in pure SQL (sql/propagate_combo_sql.sql): '
'per unit, every combo of digits (1..2^n-1) whose fitting cells number its popcount is enclosed and its digits leave the '
'unit''s other cells; rounds of a recursive CTE repeat until no mask changes. Cells left with one candidate are filled; '
'NULL when a cell loses every candidate or two cells of a unit keep the same single digit. 9x9: about 70 ms per top95 '
'puzzle; 16x16 is slow (65535 combos per unit). Native twin: sudoku.propagate(grid, ARRAY[''preemptive_set'']).';
COMMENT ON FUNCTION candidates_sql(grid) IS
'The candidates of every blank cell, row-major, as sudoku.cell_candidates rows: the digits that NOT EXISTS in a peer, '
'in pure SQL (sql/crook_sql.sql, the candidate arrays of Crook''s algorithm). Native twin: sudoku.candidates(grid).';
COMMENT ON FUNCTION preemptive_sets_sql(cell_candidates[], integer) IS
'Crook''s preemptive sets of any candidate state (an array of sudoku.cell_candidates, one per blank cell; e.g. '
'ARRAY(SELECT sudoku.candidates_sql(g)) or a state after eliminations), at most max_size digits each (NULL: any size), '
'in pure SQL (sql/crook_sql.sql): sets of a unit''s blank cells grown in row-major order with the union of their '
'candidate bitmasks, kept when the union has as many digits as cells and no other blank cell of the unit fits in it. '
'Ordered by unit (rows, columns, boxes), unit number, size, digits. 22023 for a negative max_size.';
COMMENT ON FUNCTION preemptive_sets_sql(grid, integer) IS
'Crook''s preemptive sets of a grid''s candidates (sudoku.candidates_sql), in pure SQL; the same rows in the same order as '
'the native twin sudoku.preemptive_sets(grid, max_size). No rows for a NULL grid; 22023 for a negative max_size.';
COMMENT ON FUNCTION solve_crook_sql(grid) IS
'Crook''s algorithm to its fixpoint in pure SQL (sql/crook_sql.sql): a recursive CTE over the candidate arrays '
'(sudoku.cell_candidates[]) applying preemptive sets (sudoku.preemptive_sets_sql) and hidden singles each round until '
'nothing changes. Cells left with one candidate are filled; NULL when a round proves there is no solution. 9x9: about '
'75 ms per top95 puzzle. Native twin: sudoku.propagate(grid, ARRAY[''naked_single'', ''hidden_single'', ''preemptive_set'']).';
COMMENT ON FUNCTION random_grid_sql(double precision, integer) IS
'A random complete grid of size 4, 9, 16 or 25 (default 9) from one recursive query, in pure SQL '
'(sql/random_grid_sql.sql): cells filled in row-major order with digits drawn by random() among the free ones, and a '
'backtracking stack of untried digits kept in the recursion, so it never restarts and never fails. A seed in [-1, 1] '
'calls setseed first (reproducible with the same PostgreSQL random(); it also seeds the session). VOLATILE. 9x9 takes '
'about 30 ms; 16x16 can backtrack for very long. 22023 for another size or a seed outside [-1, 1]. Native twin: '
'sudoku.random_grid(size, seed).';
COMMENT ON FUNCTION compare(grid) IS
'Every pure-SQL version next to its native twin on one puzzle, one row per approach (solve, propagate_combo, crook, '
'candidates, preemptive_sets): both grids (NULL for the row-returning approaches, compared as sets of rows), whether '
'they agree, and the wall-clock time of each in ms. statement_timeout, a cancel and pg_terminate_backend end it as any '
'other call (bound a slow approach with statement_timeout). VOLATILE (timings).';

-- Generation and rating (src/generate.rs, engine/src/generate.rs and engine/src/rate.rs).
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
COMMENT ON TYPE se_rating IS
'The Sudoku Explainer rating of a puzzle (sudoku.se_rating(grid)), each number numeric(3,1) on Sudoku Explainer''s '
'scale: er, the difficulty of the hardest step of the solution path; ep, of the hardest step up to the first '
'placement; ed, of the first step; hardest, the technique of the hardest step (its first step of that difficulty).';
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

COMMENT ON FUNCTION svg_step(step) IS
'The picture of a step (of sudoku.fill_steps or sudoku.hint) as an SVG document, as sudoku.svg draws a grid (a name of its '
'own: an overload of svg would make svg(''...'') ambiguous): the grid '
'before the step (its grid without its placement) with the candidates its digits leave, the cells the step rests on '
'highlighted in yellow, the digit it places in green, the candidates it removes struck through in red, and a chain''s '
'links as orange arrows between candidates (solid to a candidate that is on, dashed to one that is off). The candidates '
'drawn are the digits''; the path may have removed some before. NULL for a step without a grid (the last row of '
'fill_steps has one: the solved or stalled grid). 22023 for a cell, digit or link outside the grid or of another shape.';
-- Issue 35: every technique of the path.
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

COMMENT ON FUNCTION neighbours(grid, integer, integer) IS
'The unique puzzles of the {-remove+add} neighbourhood of a puzzle, the move of the Sudoku forum''s search for its '
'hardest puzzles (remove defaults to 1, add to 1): remove givens removed and add givens added on cells that were blank, '
'with any digit, kept when they have exactly one solution; lazily, in a fixed order (removed givens, added cells, their '
'digits, ascending), in constant memory, checking for cancel at each puzzle tried. Any size. Two neighbourhoods give '
'puzzles equal up to equivalence: group them by sudoku.canonical. {-1+1} of a hard 9x9 puzzle tries about 12,000 puzzles '
'in 20 ms and keeps about 80. 22023 for a negative count, more than the grid''s givens or blanks, or more than 100 '
'million puzzles to try ({-2+2} of a 25-given 9x9 tries 37 million); 57014 on cancel or statement_timeout.';

-- ROWS: the rows a set-returning function returns per call, for the planner (pgrx has no
-- attribute for it; each native function's COST stands next to it in src/, the SQL versions'
-- in their files). Typical counts on magictour_top1465; where an argument bounds the rows, a
-- typical use.
ALTER FUNCTION cells(grid) ROWS 81;
ALTER FUNCTION candidates(grid) ROWS 60;
ALTER FUNCTION hidden_singles(grid) ROWS 4;
ALTER FUNCTION preemptive_sets(grid, integer) ROWS 34;
ALTER FUNCTION fill_steps(grid, text[]) ROWS 27;
ALTER FUNCTION techniques() ROWS 107;
ALTER FUNCTION solutions(grid, integer) ROWS 10;
ALTER FUNCTION search_tree(grid, integer) ROWS 1000;
ALTER FUNCTION neighbours(grid, integer, integer) ROWS 80;
-- A unique 9x9 puzzle: one row a cell.
ALTER FUNCTION true_candidates(grid, jsonb, integer) ROWS 81;

-- Issue 26: variants as data.
COMMENT ON TYPE variant_puzzle IS
'A generated variant puzzle (sudoku.generate(rules => ...)): the puzzle, its rules as jsonb (with the cages drawn, for '
'killer) and its one solution.';
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
COMMENT ON FUNCTION count_solutions(grid, jsonb, integer) IS
'The number of solutions under variant rules (see sudoku.rules), counting stops at max (at least 1; 22023 otherwise). '
'The search of sudoku.solve(grid, rules); 57014 on cancel or statement_timeout. Write an untyped rules literal as '
'''...''::jsonb when max is left out (count_solutions(grid, integer) takes two arguments too).';
COMMENT ON FUNCTION is_unique(grid, jsonb) IS
'True when the grid has exactly one solution under variant rules (count_solutions(grid, rules, 2) = 1).';
COMMENT ON FUNCTION is_solved(grid, jsonb) IS
'True when every cell is filled and the grid keeps the variant rules: each row, column, box or region, diagonal and '
'window holds every digit once, each cage distinct digits with its sum, each setter''s constraint holds.';
COMMENT ON FUNCTION candidates(grid, jsonb) IS
'One row per blank cell under variant rules, as sudoku.candidates(grid) (box: the box, or the jigsaw region numbered in '
'order of first appearance): the digits none of its peers holds (the cells sharing a unit or its cage), narrowed in a '
'cage to those that some set of distinct digits with the cage''s sum can put there, and by one pass of each setter''s '
'constraint. No rows when givens clash or a cell or cage is left without a way.';
COMMENT ON FUNCTION generate(jsonb, integer, bigint, text, boolean) IS
'A puzzle with one solution under variant rules, as a sudoku.variant_puzzle (puzzle, rules, solution); call it with '
'rules => ... (the classic sudoku.generate takes no rules). X, windoku, jigsaw (and fixed cages): a random solution '
'under the rules, then givens removed in random order, with their partners under symmetry (none, central, diagonal, '
'mirror, dihedral), while one solution remains. killer => true: cages of 1-5 connected cells of distinct digits cut '
'at random from the solution, sums from it; no givens when the cages alone leave one solution (4 cuttings tried), '
'else as few as keep one. Reproducible from seed (NULL: random). 9x9 in milliseconds; 16x16 may take seconds. '
'22023 for bad rules, cages given with killer, or an unknown symmetry; 57014 on cancel or statement_timeout.';
COMMENT ON FUNCTION svg(grid, jsonb, grid, boolean) IS
'An SVG picture of a grid under variant rules (call it with rules => ...): as svg(grid, solution, candidates), with the '
'cells of the diagonals and windows shaded, jigsaw regions with thick borders instead of boxes, each cage outlined with '
'a dashed line and its sum in its first cell, the setters'' constraints as f-puzzles draws them (thermometers with a '
'bulb, arrows from a circle or pill, lines in their colours, kropki dots and XV on the edges, odd circles and even '
'squares, quadruples on the shared corner, clones, extra regions, minimum and maximum cells tinted; sandwiches, X-sums, '
'skyscrapers and little killers outside the grid, which then gains a border of one cell), and the variant candidates. '
'NULL when grid or rules is NULL; 22P02/22023 for bad rules, 22023 when the solution differs in size or changes a given.';
COMMENT ON FUNCTION solve_sql(grid, jsonb) IS
'Pure SQL: the recursive-CTE fill of the articles for variant rules. The units are rows of a table built from the '
'rules (rows, columns, boxes or regions, diagonals, windows, cages with their sums); one recursive CTE fills one blank '
'per level by the most constrained choice, every unit''s used digits one bitmask, and a digit goes in a cage only '
'while the cage''s sum stays reachable. The same query solves classic, X, windoku, jigsaw and killer grids; killer '
'puzzles without givens are slow (seconds to a minute). Rules checked by sudoku.unit_rules (0A000 for the setters'' '
'constraints, which this query does not hold). Native twin: sudoku.solve(grid, rules).';
COMMENT ON FUNCTION compare(grid, jsonb) IS
'The native variant solver next to the pure-SQL one on a puzzle under variant rules: one row (approach solve) with '
'sudoku.solve(grid, rules) and sudoku.solve_sql(grid, rules), whether they agree and their times in ms; '
'statement_timeout and a cancel end it as any other call.';

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

-- Issue 48: rate, hint and fill_steps by HoDoKu's order (by => 'hodoku').
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
