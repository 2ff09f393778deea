-- The player's board (issue 47): sudoku.board, its text forms, its moves, the check of its
-- mistakes and the hint from its own candidates, on real puzzles (setup.sql's files) and
-- generated ones of every size.
SET search_path = sudoku, public;

-- Boards of every size: puzzles of top95 and generated 4x4, 16x16 and 25x25 puzzles, each as
-- given, then with the first open cell's solution digit placed, a candidate that is not the
-- solution's removed from the next open cell, and (for a clash) the first given's digit
-- pencilled back into a peer of it that is open.
CREATE TEMP TABLE board_puzzles AS
SELECT 'top95 ' || n AS source, puzzle FROM puzzles WHERE file = 'top95' AND n <= 30
UNION ALL SELECT 'generated ' || s || 'x' || s || ' seed ' || seed, sudoku.generate(s, seed)
FROM (VALUES (4), (16), (25)) z(s), generate_series(1, 3) seed;
CREATE TEMP TABLE boards AS
SELECT source, puzzle, board(puzzle) AS plain,
       restore_candidates(
           remove_candidates(
               place(board(puzzle), (o1 - 1) / n + 1, (o1 - 1) % n + 1, (to_array(solve(puzzle)))[o1]),
               (o2 - 1) / n + 1, (o2 - 1) % n + 1,
               ARRAY[(SELECT d FROM generate_series(1, n) d WHERE d <> (to_array(solve(puzzle)))[o2] LIMIT 1)]),
           (o3 - 1) / n + 1, (o3 - 1) % n + 1, ARRAY[(to_array(puzzle))[g1]]) AS played
FROM (SELECT source, puzzle, size(puzzle) AS n,
             (SELECT min(i) FROM generate_subscripts(to_array(puzzle), 1) i WHERE (to_array(puzzle))[i] = 0) AS o1,
             (SELECT min(i) FROM generate_subscripts(to_array(puzzle), 1) i WHERE (to_array(puzzle))[i] = 0 AND i > 1 +
                 (SELECT min(i) FROM generate_subscripts(to_array(puzzle), 1) i WHERE (to_array(puzzle))[i] = 0)) AS o2,
             (SELECT min(i) FROM generate_subscripts(to_array(puzzle), 1) i WHERE (to_array(puzzle))[i] <> 0) AS g1
      FROM board_puzzles) x
CROSS JOIN LATERAL (
    -- An open peer of the first given, in its row.
    SELECT min(i) AS o3 FROM generate_subscripts(to_array(puzzle), 1) i
    WHERE (to_array(puzzle))[i] = 0 AND (i - 1) / n = (g1 - 1) / n AND i NOT IN (o1, o2)) y;
SELECT count(*) AS boards, count(DISTINCT size(puzzle)) AS sizes FROM boards;

-- Every text form reads back as the same board, on every size: the output (library line, or
-- the sukaku with the cells for a board with a clash), the sukaku, the pencil-mark grid.
SELECT size(puzzle) AS size, count(*) AS boards,
       count(*) FILTER (WHERE b::text::board = b) AS text,
       count(*) FILTER (WHERE sukaku(b)::board = b) AS sukaku,
       count(*) FILTER (WHERE pretty(b)::board = b) AS pencil_marks,
       count(*) FILTER (WHERE b::jsonb::board = b AND board(to_jsonb(b)) = b) AS jsonb,
       count(*) FILTER (WHERE b::text LIKE ':0000:x:%') AS library_lines
FROM boards, LATERAL (VALUES (plain), (played)) v(b)
GROUP BY 1 ORDER BY 1;
-- A grid is the board of every candidate its digits leave, and back.
SELECT count(*) FILTER (WHERE plain::grid = puzzle AND puzzle(played) = puzzle AND puzzle::board = plain) AS grids_agree,
       count(*) FILTER (WHERE fill_candidates(played) <> played) AS filling_changes_the_played
FROM boards;

-- The jsonb form of a small board, and what its reading refuses (22023 naming the cell).
SELECT place(remove_candidates(board('1...2.3..4...3..'::grid), 1, 2, ARRAY[3]), 1, 3, 4)::jsonb AS board_jsonb;
SELECT error_of($$SELECT sudoku.board('{"givens": [[1]], "placed": [[0]], "candidates": [[[]]]}'::jsonb)$$);
SELECT error_of($$SELECT sudoku.board('{"givens": [], "placed": [], "candidates": [], "notes": 1}'::jsonb)$$);
SELECT error_of(format('SELECT sudoku.board(%L::jsonb)', jsonb_set(to_jsonb(board('1...2.3..4...3..'::grid)), '{placed,0,0}', '2')));
SELECT error_of(format('SELECT sudoku.board(%L::jsonb)', jsonb_set(to_jsonb(board('1...2.3..4...3..'::grid)), '{candidates,0,1}', '[5]')));
SELECT error_of(format('SELECT sudoku.board(%L::jsonb)', jsonb_set(to_jsonb(board('1...2.3..4...3..'::grid)), '{givens,1}', '[0, 0]')));

-- Binary send/receive through a round trip of COPY BINARY.
\getenv outdir PG_SUDOKU_RESULTS
\set binfile :outdir '/boards.bin'
COPY (SELECT played FROM boards) TO :'binfile' WITH (FORMAT binary);
CREATE TEMP TABLE reloaded_boards (b board);
COPY reloaded_boards FROM :'binfile' WITH (FORMAT binary);
SELECT (SELECT array_agg(b ORDER BY b) FROM reloaded_boards) = (SELECT array_agg(played ORDER BY played) FROM boards)
       AS same_boards;
-- Equality, order and hashing: DISTINCT by hash and by sort agree.
SET enable_hashagg = on;
SELECT count(DISTINCT b) AS distinct_sorted FROM (SELECT played FROM boards UNION ALL SELECT played FROM boards) x(b);
SELECT count(*) AS distinct_hashed FROM (SELECT b FROM (SELECT played FROM boards UNION ALL SELECT played FROM boards) x(b) GROUP BY b) y;
-- The bytes of a board in a table.
SELECT size(puzzle) AS size, min(pg_column_size(played)) AS least_bytes, max(pg_column_size(plain)) AS most_bytes
FROM boards GROUP BY 1 ORDER BY 1;

-- The HoDoKu library line of a reglib case (a placed digit, deleted candidates) and the sukaku
-- and pencil-mark forms of the same board.
SELECT ':0002:1:74..+2+9..6+3+9.8..2..+28.3+7.+945.+2..651......+9+3.+2...328....63...7.9+2.+79+6.2...5+1+2+9+3+8+764:118 123 125 126 185::175:'::board AS b \gset
SELECT :'b'::board::text AS library_line;
SELECT pretty(:'b'::board);
SELECT sukaku(:'b'::board)::board = :'b'::board AS sukaku_reads_back, pretty(:'b'::board)::board = :'b'::board AS pencil_marks_read_back;

-- Bad input: 22P02 naming the position, 22023 for moves that cannot be made.
SELECT error_of($$SELECT ':0000:x:12:::'::sudoku.board$$);
SELECT error_of($$SELECT (':0000:x:' || repeat('.', 81) || ':1A1::')::sudoku.board$$);
SELECT error_of($$SELECT (':0000:x:' || repeat('.', 80) || 'x:::')::sudoku.board$$);
SELECT error_of($$SELECT repeat('12 ', 80)::sudoku.board$$);
SELECT error_of(format('SELECT sudoku.place(%L::sudoku.board, 1, 1, 5)', :'b'));
SELECT error_of(format('SELECT sudoku.place(%L::sudoku.board, 1, 3, 10)', :'b'));
SELECT error_of(format('SELECT sudoku.erase(%L::sudoku.board, 1, 1)', :'b'));
SELECT error_of(format('SELECT sudoku.remove_candidates(%L::sudoku.board, 1, 1, ARRAY[1])', :'b'));
SELECT error_of(format('SELECT sudoku.remove_candidates(%L::sudoku.board, 1, 3, ARRAY[NULL]::int[])', :'b'));
SELECT error_of(format('SELECT sudoku.hint(%L::sudoku.board, %L)', :'b', 'all'));

-- The check: every planted mistake is found, on boards of real puzzles. Each puzzle of top95,
-- easy50 and hardest11 gets, twice (at its first open cells, and at the ninth on), a wrong digit
-- placed in one open cell, its solution's candidate removed from the next, and (where its row
-- has a given) a candidate that a digit of its row holds pencilled back into the third; the
-- correct board (the puzzle's own, with the solution's digits placed in the five open cells
-- after those) reports nothing but the board row.
CREATE TEMP TABLE planted AS
SELECT p.file, p.n, p.puzzle, s.solution, o.cells, at.o
FROM puzzles p
CROSS JOIN LATERAL (SELECT to_array(solve(p.puzzle)) AS solution) s
CROSS JOIN LATERAL (SELECT array_agg(i ORDER BY i) AS cells FROM (
    SELECT i FROM generate_subscripts(to_array(p.puzzle), 1) i WHERE (to_array(p.puzzle))[i] = 0 ORDER BY i LIMIT 16) q) o
CROSS JOIN (VALUES (0), (8)) at(o)
WHERE p.file IN ('top95', 'easy50', 'hardest11');
CREATE TEMP TABLE checked AS
SELECT pl.file, pl.n, c1, c2, c3, wrong, clash_digit,
       ARRAY(SELECT ROW(m.kind, m.row, m.col, m.digit)::text FROM sudoku.check(b) m) AS found,
       ARRAY(SELECT m.kind FROM sudoku.check(good) m) AS found_on_good
FROM planted pl
CROSS JOIN LATERAL (SELECT cells[o + 1] AS c1, cells[o + 2] AS c2, cells[o + 3] AS c3,
                           solution[cells[o + 1]] % 9 + 1 AS wrong) c
CROSS JOIN LATERAL (
    -- A digit of c3's row: pencilled back into c3, it clashes.
    SELECT min((to_array(pl.puzzle))[i]) AS clash_digit FROM generate_subscripts(to_array(pl.puzzle), 1) i
    WHERE (to_array(pl.puzzle))[i] <> 0 AND (i - 1) / 9 = (c3 - 1) / 9) k
CROSS JOIN LATERAL (
    SELECT restore_candidates(
               remove_candidates(place(board(pl.puzzle), (c1 - 1) / 9 + 1, (c1 - 1) % 9 + 1, wrong),
                                 (c2 - 1) / 9 + 1, (c2 - 1) % 9 + 1, ARRAY[solution[c2]]),
               (c3 - 1) / 9 + 1, (c3 - 1) % 9 + 1, ARRAY(SELECT clash_digit WHERE clash_digit IS NOT NULL)) AS b,
           (SELECT place(place(place(place(place(board(pl.puzzle),
                   (cells[o + 4] - 1) / 9 + 1, (cells[o + 4] - 1) % 9 + 1, solution[cells[o + 4]]),
                   (cells[o + 5] - 1) / 9 + 1, (cells[o + 5] - 1) % 9 + 1, solution[cells[o + 5]]),
                   (cells[o + 6] - 1) / 9 + 1, (cells[o + 6] - 1) % 9 + 1, solution[cells[o + 6]]),
                   (cells[o + 7] - 1) / 9 + 1, (cells[o + 7] - 1) % 9 + 1, solution[cells[o + 7]]),
                   (cells[o + 8] - 1) / 9 + 1, (cells[o + 8] - 1) % 9 + 1, solution[cells[o + 8]])) AS good) m;
SELECT count(*) AS boards,
       count(*) FILTER (WHERE ROW('wrong_digit', (c1 - 1) / 9 + 1, (c1 - 1) % 9 + 1, wrong)::text = ANY(found)) AS wrong_digit_found,
       count(*) FILTER (WHERE EXISTS (SELECT FROM unnest(found) f
                                      WHERE f LIKE format('(removed_candidate,%s,%s,%%)', (c2 - 1) / 9 + 1, (c2 - 1) % 9 + 1)))
           AS removed_candidate_found,
       count(*) FILTER (WHERE clash_digit IS NOT NULL) AS clashes_planted,
       count(*) FILTER (WHERE ROW('clash', (c3 - 1) / 9 + 1, (c3 - 1) % 9 + 1, clash_digit)::text = ANY(found)) AS clash_found,
       count(*) FILTER (WHERE found[cardinality(found)] = '(board,,,)') AS board_row_last,
       count(*) FILTER (WHERE found_on_good = ARRAY['board']) AS good_boards_clean
FROM checked;
-- What the rows say: the first open cell of top95's first puzzle given a wrong digit (the
-- solution's plus one), and a puzzle with several solutions.
SELECT kind, row, col, digit, explanation
FROM (SELECT puzzle, to_array(solve(puzzle)) AS s FROM puzzles WHERE file = 'top95' AND n = 1) p,
     sudoku.check(place(board(puzzle), 1, 2, s[2] % 9 + 1))
ORDER BY kind;
SELECT kind, explanation FROM sudoku.check(board(repeat('.', 16)::grid));

-- The hint starts from the board's own candidates: along Sudoku Explainer's path of each
-- puzzle (fill_steps with every technique of the path), the board that has made the first k
-- steps (their placements and eliminations) is hinted step k + 1, with the same technique,
-- difficulty, placement and eliminations, on every state of the path; hint(grid) of the same
-- digits, which rebuilds every candidate, is not, once eliminations have been made.
CREATE FUNCTION pg_temp.path_hints(p grid)
RETURNS TABLE (states integer, same_as_path integer, grid_hint_differs integer) LANGUAGE plpgsql AS $$
DECLARE
    b board := board(p);
    s record;
    h step;
    g step;
BEGIN
    states := 0; same_as_path := 0; grid_hint_differs := 0;
    FOR s IN SELECT * FROM fill_steps(p, rating_techniques()) WHERE difficulty IS NOT NULL ORDER BY step LOOP
        h := hint(b);
        states := states + 1;
        IF h.technique = s.technique AND h.difficulty = s.difficulty AND h.placed IS NOT DISTINCT FROM s.placed
           AND h.eliminated IS NOT DISTINCT FROM s.eliminated THEN
            same_as_path := same_as_path + 1;
        END IF;
        g := hint(grid(b));
        IF g.technique IS DISTINCT FROM s.technique OR g.eliminated IS DISTINCT FROM s.eliminated THEN
            grid_hint_differs := grid_hint_differs + 1;
        END IF;
        IF s.placed IS NOT NULL AND cardinality(s.placed) = 3 THEN
            b := place(b, s.placed[1], s.placed[2], s.placed[3]);
        END IF;
        IF s.eliminated IS NOT NULL THEN
            FOR i IN 1 .. coalesce(array_length(s.eliminated, 1), 0) LOOP
                IF (grid(b)::int[])[(s.eliminated[i][1] - 1) * size(p) + s.eliminated[i][2]] = 0 THEN
                    b := remove_candidates(b, s.eliminated[i][1], s.eliminated[i][2], ARRAY[s.eliminated[i][3]]);
                END IF;
            END LOOP;
        END IF;
    END LOOP;
    RETURN NEXT;
END $$;
SELECT count(*) AS puzzles, sum(states) AS states, sum(same_as_path) AS hinted_as_the_path,
       sum(grid_hint_differs) > 0 AS hint_of_the_digits_differs
FROM (SELECT puzzle FROM puzzles WHERE file IN ('top95', 'hardest11') AND n <= 12) x, pg_temp.path_hints(puzzle);
-- The three grades of a hint on the first puzzle of top95 after its first step.
SELECT technique, unit, unit_no, digits, cells IS NOT NULL AND cardinality(cells) > 0 AS shows_cells,
       eliminated IS NOT NULL AND cardinality(eliminated) > 0 AS shows_eliminations, explanation
FROM (VALUES ('technique'), ('area'), ('step')) d(detail),
     LATERAL hint(board((SELECT puzzle FROM puzzles WHERE file = 'top95' AND n = 1)), d.detail);
-- A board with a mistake gets no hint, but is told why.
SELECT error_of(format('SELECT sudoku.hint(%L::sudoku.board)', place(board(puzzle), 1, 2, s[2] % 9 + 1)))
FROM (SELECT puzzle, to_array(solve(puzzle)) AS s FROM puzzles WHERE file = 'top95' AND n = 1) p;
-- fill_steps of a board walks the same path from the board's candidates: from the board of a
-- puzzle, every step of fill_steps(grid, rating_techniques()), row for row.
SELECT count(DISTINCT x.n) AS puzzles, count(*) AS steps,
       count(*) FILTER (WHERE g.technique = b.technique AND g.placed IS NOT DISTINCT FROM b.placed
                          AND g.eliminated IS NOT DISTINCT FROM b.eliminated
                          AND g.difficulty IS NOT DISTINCT FROM b.difficulty) AS same
FROM (SELECT n, puzzle FROM puzzles WHERE file = 'top95' AND n <= 10) x
JOIN LATERAL fill_steps(x.puzzle, rating_techniques()) g ON true
LEFT JOIN LATERAL (SELECT * FROM fill_steps(board(x.puzzle)) b WHERE b.step = g.step) b ON true;
SELECT error_of(format('SELECT count(*) FROM sudoku.fill_steps(%L::sudoku.board)', place(board(puzzle), 1, 2, s[2] % 9 + 1)))
FROM (SELECT puzzle, to_array(solve(puzzle)) AS s FROM puzzles WHERE file = 'top95' AND n = 1) p;

-- A bare sukaku is read as Sukaku Explainer reads one (a single that no peer holds is filled),
-- and a puzzle's line reads as the board of that grid.
SELECT (SELECT puzzle FROM puzzles WHERE file = 'top95' AND n = 1)::text::board
       = board((SELECT puzzle FROM puzzles WHERE file = 'top95' AND n = 1)) AS puzzle_line_reads,
       grid(split_part(sukaku(board((SELECT puzzle FROM puzzles WHERE file = 'top95' AND n = 1))), ' ', 1)::board)
       = (SELECT puzzle FROM puzzles WHERE file = 'top95' AND n = 1) AS bare_sukaku_fills_the_givens;

-- se_rating of a board: Sukaku Explainer's ratings of its own path states read as sukakus
-- (data/se_sukaku.txt, scripts/se_sukaku.sh; the engine's test compares all of them), every
-- 11th through SQL, with the uniqueness techniques and without; a board with a mistake or
-- another size is refused.
CREATE TEMP TABLE sukaku_lines (line text);
\copy sukaku_lines FROM 'data/se_sukaku.txt'
CREATE TEMP TABLE sukakus AS
SELECT n, f[1] AS state, f[2:4] AS oracle, f[5:7] AS oracle_without_uniqueness
FROM (SELECT row_number() OVER () AS n, string_to_array(line, ' ') AS f FROM sukaku_lines WHERE line NOT LIKE '#%') x;
SELECT count(*) AS states,
       count(*) FILTER (WHERE ARRAY[r.er, r.ep, r.ed]::text[] = oracle) AS as_the_oracle,
       count(*) FILTER (WHERE ARRAY[u.er, u.ep, u.ed]::text[] = oracle_without_uniqueness) AS as_the_oracle_without_uniqueness,
       count(*) FILTER (WHERE oracle <> oracle_without_uniqueness) AS uniqueness_matters
FROM sukakus, se_rating(state::board) r, se_rating(state::board, false) u
WHERE n % 11 = 0 OR oracle <> oracle_without_uniqueness;
SELECT error_of(format('SELECT sudoku.se_rating(%L::sudoku.board)', place(board(puzzle), 1, 2, s[2] % 9 + 1)))
FROM (SELECT puzzle, to_array(solve(puzzle)) AS s FROM puzzles WHERE file = 'top95' AND n = 1) p;
SELECT error_of(format('SELECT sudoku.se_rating(%L::sudoku.board)', board(sudoku.generate(4, 1))));

-- svg of a board draws the player's candidates, not those the digits leave: on path states with
-- eliminations made, one text a digit of the sukaku (a filled cell's digit, each candidate),
-- fewer than the grid's picture with its candidates; svg_step draws a step found on the board
-- over it (its eliminations struck in red). svg of an untyped literal is still the grid's.
CREATE FUNCTION pg_temp.texts(svg text) RETURNS integer LANGUAGE sql AS $$
    SELECT (length(svg) - length(replace(svg, '<text', ''))) / 5 $$;
SELECT count(*) AS states,
       count(*) FILTER (WHERE pg_temp.texts(svg(state::board)) = length(replace(state, '.', ''))) AS one_text_a_mark,
       count(*) FILTER (WHERE pg_temp.texts(svg(state::board)) < pg_temp.texts(svg(grid(state::board), candidates => true)))
           AS fewer_than_the_grids,
       count(*) FILTER (WHERE hint(state::board) IS NULL) AS solved,
       count(*) FILTER (WHERE (svg_step(state::board, hint(state::board)) LIKE '%#d62020%')
                              = (coalesce(cardinality((hint(state::board)).eliminated), 0) > 0)) AS steps_drawn,
       bool_and(svg(NULL::board) IS NULL) AS null_board,
       svg('4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......') = svg('4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'::grid) AS literal_is_a_grid
FROM sukakus WHERE n % 11 = 0;

-- steps(board, technique), HoDoKu's "show all", on the path states above: where the path's next
-- step is of a technique that lists every instance, its list starts with the hint (the path takes
-- the first), and every step listed is sound against the solution (its placement the solution's
-- digit, none of the solution's candidates removed).
CREATE TEMP TABLE listed AS
SELECT s.n, h.technique AS hint_technique, h.placed AS hint_placed, h.eliminated AS hint_eliminated,
       to_array(solve(grid(s.state::board))) AS sol, x.step, x.technique, x.placed, x.eliminated
FROM sukakus s
CROSS JOIN LATERAL (SELECT (hint(s.state::board)).*) h
CROSS JOIN LATERAL steps(s.state::board, h.technique) x
WHERE h.technique IN ('full_house', 'hidden_single', 'direct_pointing', 'direct_claiming', 'direct_hidden_pair',
                      'naked_single', 'direct_hidden_triple', 'pointing', 'claiming', 'naked_pair', 'x_wing',
                      'hidden_pair', 'naked_triple', 'swordfish', 'hidden_triple', 'xy_wing', 'xyz_wing', 'naked_quad',
                      'jellyfish', 'hidden_quad', 'aligned_pair_exclusion', 'aligned_triple_exclusion',
                      'turbot_fish', 'three_strong_links', 'wxyz_wing', 'vwxyz_wing', 'unique_rectangle', 'unique_loop');
SELECT count(DISTINCT n) AS states, count(*) AS steps, count(DISTINCT hint_technique) AS techniques,
       count(DISTINCT n) FILTER (WHERE step = 1 AND technique = hint_technique AND placed IS NOT DISTINCT FROM hint_placed
                                   AND eliminated IS NOT DISTINCT FROM hint_eliminated) AS hint_first,
       count(*) FILTER (WHERE (placed IS NULL OR sol[(placed[1] - 1) * 9 + placed[2]] = placed[3])
                          AND NOT EXISTS (SELECT FROM generate_subscripts(eliminated, 1) i
                                          WHERE sol[(eliminated[i][1] - 1) * 9 + eliminated[i][2]] = eliminated[i][3])) AS sound
FROM listed;
-- A family lists its techniques in turn; max_steps bounds the rows; BUG (one pattern of the whole
-- board) and the chains (whose finders stop at their first) are refused (0A000), as are unknown
-- names.
SELECT array_agg(DISTINCT technique ORDER BY technique) AS locked_candidates_family,
       (SELECT count(*) FROM steps(board((SELECT puzzle FROM puzzles WHERE file = 'top95' AND n = 1)), 'hidden_single', 2))
           AS at_most_two
FROM (SELECT state FROM sukakus ORDER BY n) s, steps(s.state::board, 'locked_candidates') x;
SELECT error_of(format('SELECT count(*) FROM sudoku.steps(%L::sudoku.board, %L)', board(puzzle), t))
FROM (SELECT puzzle FROM puzzles WHERE file = 'top95' AND n = 1) p, unnest(ARRAY['bug', 'forcing_chain', 'no_such_technique']) t;
SELECT error_of(format('SELECT count(*) FROM sudoku.steps(%L::sudoku.board, %L, 0)', board(puzzle), 'naked_single'))
FROM (SELECT puzzle FROM puzzles WHERE file = 'top95' AND n = 1) p;
