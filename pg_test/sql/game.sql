-- The game in stored procedures (examples/game/game.sql): whole games played to the end through
-- its functions and procedures, every error it raises, the leaderboard, and (issue 34) two
-- players kept apart: each attack of one on the other fails with 42501.
-- Roles: regress_game_owner owns the game (not a superuser); regress_alice and regress_bob are
-- players (members of sudoku_player); regress_mallory is a role that is no player.
SET client_min_messages = warning;
DROP ROLE IF EXISTS regress_alice, regress_bob, regress_mallory, regress_game_owner;
DROP ROLE IF EXISTS sudoku_player;
RESET client_min_messages;
CREATE ROLE regress_game_owner;
CREATE ROLE sudoku_player;
CREATE ROLE regress_alice IN ROLE sudoku_player;
CREATE ROLE regress_bob IN ROLE sudoku_player;
CREATE ROLE regress_mallory;
DO $$ BEGIN EXECUTE format('GRANT CREATE ON DATABASE %I TO regress_game_owner', current_database()); END $$;
-- pg_regress runs from the repository's root (scripts/test.sh), so the example loads by path.
-- (Not echoed: the file is long; an error in it still shows.)
SET ROLE regress_game_owner;
\set ECHO none
\i examples/game/game.sql
\set ECHO all
RESET ROLE;

-- Calls that may fail go through error_of() (setup.sql): the SQLSTATE and the message.

-- Three games: the level asked is the level sudoku.rate gives, the puzzle is unique, and the
-- stored solution solves it.
SET ROLE regress_alice;
SELECT sudoku_game.start('easy', 7) AS g1 \gset
SET ROLE regress_bob;
SELECT sudoku_game.start('easy', 11) AS g2 \gset
SET ROLE regress_alice;
SELECT sudoku_game.start('hard', 3) AS g3 \gset
RESET ROLE;
SELECT g.game_id = ANY (ARRAY[:g1, :g2, :g3]::bigint[]) AS ours, p.name, g.difficulty, g.level = g.difficulty AS level_kept,
       sudoku.is_unique(g.puzzle) AS is_unique, sudoku.solve(g.puzzle) = s.solution AS solved,
       g.board = g.puzzle AS untouched, sudoku.givens(g.puzzle) BETWEEN 17 AND 40 AS givens_plausible
FROM sudoku_game.games g JOIN sudoku_game.players p USING (player_id) JOIN sudoku_game.solutions s USING (game_id)
ORDER BY g.game_id;
SELECT count(*) AS players FROM sudoku_game.players;
SET ROLE regress_alice;
SELECT error_of('SELECT sudoku_game.start(''impossible'', 1)') AS unknown_level;

-- Each player sees only their own rows, and no solution.
SELECT current_user, (SELECT array_agg(game_id ORDER BY game_id) = ARRAY[:g1, :g3]::bigint[] FROM sudoku_game.games) AS own_games,
       (SELECT array_agg(name) FROM sudoku_game.players) AS players_seen;
SET ROLE regress_bob;
SELECT current_user, (SELECT array_agg(game_id) = ARRAY[:g2]::bigint[] FROM sudoku_game.games) AS own_games,
       (SELECT array_agg(name) FROM sudoku_game.players) AS players_seen,
       (SELECT count(*) FROM sudoku_game.moves WHERE game_id = :g1) AS moves_of_alice_seen;

-- The attacks of issue 34, by bob on alice's games, each refused with 42501: reading solutions,
-- playing, undoing, asking a hint or the progress of alice's game, calling the helpers, starting
-- a game in alice's name, finishing a game with one UPDATE (onto the leaderboard), forging or
-- deleting rows.
SELECT attack, error_of(statement) AS refused FROM (VALUES
    ('read the solutions', 'SELECT solution FROM sudoku_game.solutions'),
    ('read one solution', format('SELECT solution FROM sudoku_game.solutions WHERE game_id = %s', :g1)),
    ('play alice''s game', format('SELECT sudoku_game.play(%s, 1, 1, 0)', :g1)),
    ('undo alice''s move', format('CALL sudoku_game.undo(%s)', :g1)),
    ('hint on alice''s game', format('SELECT sudoku_game.hint(%s)', :g1)),
    ('progress of alice''s game', format('SELECT sudoku_game.progress(%s)', :g1)),
    ('the helper lock_game', format('SELECT sudoku_game.lock_game(%s, false)', :g1)),
    ('start in alice''s name', format('INSERT INTO sudoku_game.games (player_id, difficulty, level, score, seed, puzzle, board) '
                                      'SELECT player_id, ''easy'', ''easy'', 1, 1, puzzle, puzzle FROM sudoku_game.games WHERE game_id = %s', :g2)),
    ('a new player row', 'INSERT INTO sudoku_game.players (name) VALUES (''regress_alice'')'),
    ('finish with one UPDATE', format('UPDATE sudoku_game.games SET finished_at = now() WHERE game_id = %s', :g2)),
    ('write the board', format('UPDATE sudoku_game.games SET board = puzzle WHERE game_id = %s', :g2)),
    ('forge a move', format('INSERT INTO sudoku_game.moves (game_id, move_no, "row", col, digit, previous) VALUES (%s, 1, 1, 1, 1, 0)', :g1)),
    ('delete a game', format('DELETE FROM sudoku_game.games WHERE game_id = %s', :g2))) AS a(attack, statement);
-- The leaderboard is a view players may only read; nor can bob become alice (SET ROLE checks the
-- session's user, so bob logs in here).
SELECT has_table_privilege('sudoku_game.leaderboard', 'SELECT') AS read_leaderboard,
       has_table_privilege('sudoku_game.leaderboard', 'UPDATE, INSERT, DELETE, TRUNCATE') AS write_leaderboard;
RESET ROLE;
SET SESSION AUTHORIZATION regress_bob;
SELECT error_of('SET ROLE regress_alice') AS become_alice;
RESET SESSION AUTHORIZATION;
-- A role that is no player can call nothing of the game.
SET ROLE regress_mallory;
SELECT error_of('SELECT sudoku_game.start(''easy'', 1)') AS no_player_start,
       error_of('SELECT * FROM sudoku_game.games') AS no_player_read;
RESET ROLE;

-- The game is alice's to play.
SET ROLE regress_alice;
-- Refused moves on game 1, each with 22023 and a message that says why.
RESET ROLE;
SELECT puzzle AS p1, solution AS s1 FROM sudoku_game.games JOIN sudoku_game.solutions USING (game_id) WHERE game_id = :g1 \gset
SET ROLE regress_alice;
SELECT error_of(format('SELECT sudoku_game.play(%s, %s, %s, %s)', :g1, r, c, d)) AS refused, why
FROM (VALUES
    (0, 1, 1, 'row outside the grid'),
    (1, 10, 1, 'column outside the grid'),
    (1, 1, 10, 'digit outside 0-9'),
    (1, 1, -1, 'negative digit')) AS t(r, c, d, why);
-- A given: the first one of the puzzle.
SELECT error_of(format('SELECT sudoku_game.play(%s, %s, %s, %s)', :g1, "row", col, value % 9 + 1)) AS refused
FROM sudoku.cells(:'p1') WHERE value IS NOT NULL ORDER BY "row", col LIMIT 1;
-- Conflicts: the first blank of the puzzle where a given's digit clashes in the blank's row, one
-- in its column (and not its row), and one in its box (and neither): each is named.
WITH blank AS (
    SELECT b."row" AS r, b.col AS c, b.box AS bx,
           (SELECT min(x.value) FROM sudoku.cells(:'p1') x WHERE x."row" = b."row") AS in_row,
           (SELECT min(x.value) FROM sudoku.cells(:'p1') x WHERE x.col = b.col
             AND x.value NOT IN (SELECT y.value FROM sudoku.cells(:'p1') y
                                  WHERE y."row" = b."row" AND y.value IS NOT NULL)) AS in_col,
           (SELECT min(x.value) FROM sudoku.cells(:'p1') x WHERE x.box = b.box
             AND x.value NOT IN (SELECT y.value FROM sudoku.cells(:'p1') y
                                  WHERE (y."row" = b."row" OR y.col = b.col) AND y.value IS NOT NULL)) AS in_box
    FROM sudoku.cells(:'p1') b WHERE b.value IS NULL
)
SELECT r, c, unit, error_of(format('SELECT sudoku_game.play(%s, %s, %s, %s)', :g1, r, c, d)) AS refused
FROM (SELECT * FROM blank WHERE in_row IS NOT NULL AND in_col IS NOT NULL AND in_box IS NOT NULL
      ORDER BY r, c LIMIT 1) first,
     LATERAL (VALUES (1, 'row', in_row), (2, 'column', in_col), (3, 'box', in_box)) AS u(k, unit, d)
ORDER BY k;
SELECT error_of(format('CALL sudoku_game.undo(%s)', :g1)) AS nothing_to_undo;
SELECT moves, blanks, mistakes FROM sudoku_game.progress(:g1);

-- A wrong digit that breaks no rule is accepted and counted; the hint points at it; erasing it
-- (digit 0) or undoing it gives the position back.
SELECT "row" AS wr, col AS wc, d AS wd FROM sudoku.cells(:'s1') s,
     LATERAL (SELECT d FROM generate_series(1, 9) d
              WHERE d <> s.value
                AND d NOT IN (SELECT x.value FROM sudoku.cells(:'p1') x
                               WHERE (x."row" = s."row" OR x.col = s.col OR x.box = s.box) AND x.value IS NOT NULL)
              ORDER BY d LIMIT 1) w
WHERE sudoku.get(:'p1', s."row", s.col) IS NULL ORDER BY "row", col LIMIT 1 \gset
SELECT moves, blanks, mistakes FROM sudoku_game.play(:g1, :wr, :wc, :wd);
SELECT sudoku_game.hint(:g1) = format('The %s in row %s, column %s is wrong.', :wd, :wr, :wc) AS hint_finds_the_mistake;
SELECT moves, blanks, mistakes FROM sudoku_game.play(:g1, :wr, :wc, 0);
CALL sudoku_game.undo(:g1);
SELECT p.moves, p.blanks, p.mistakes, sudoku.get(g.board, :wr, :wc) = :wd AS mistake_back
FROM sudoku_game.progress(:g1) p, sudoku_game.games g WHERE g.game_id = :g1;
CALL sudoku_game.undo(:g1);
SELECT p.moves, p.blanks, p.mistakes, g.board = g.puzzle AS back_to_start
FROM sudoku_game.progress(:g1) p, sudoku_game.games g WHERE g.game_id = :g1;
-- With no mistake, the hint is sudoku.hint's next step on the position.
SELECT sudoku_game.hint(:g1) = (sudoku.hint(:'p1')).explanation AS hint_is_the_next_step;

-- Plays game `g` to the end: the solution's digit in each blank, row by row, with `undo_every`
-- > 0 also playing a wrong-then-undone move before every undo_every-th cell. The cells come from
-- the solution, read by the test as superuser; the moves are played as the game's player.
RESET ROLE;
CREATE TABLE public.solution_cells AS
SELECT g.game_id, s."row", s.col, s.value
FROM sudoku_game.games g JOIN sudoku_game.solutions USING (game_id), sudoku.cells(solution) s
WHERE sudoku.get(g.puzzle, s."row", s.col) IS NULL;
GRANT SELECT ON public.solution_cells TO PUBLIC;
CREATE PROCEDURE public.play_out(g bigint, undo_every int) LANGUAGE plpgsql AS $$
DECLARE
    cell record;
    n int := 0;
BEGIN
    FOR cell IN
        SELECT s."row", s.col, s.value FROM public.solution_cells s WHERE s.game_id = g ORDER BY s."row", s.col
    LOOP
        n := n + 1;
        IF undo_every > 0 AND n % undo_every = 0 THEN
            PERFORM sudoku_game.play(g, cell."row", cell.col, 0);
            CALL sudoku_game.undo(g);
        END IF;
        PERFORM sudoku_game.play(g, cell."row", cell.col, cell.value);
    END LOOP;
END
$$;
SET ROLE regress_alice;
CALL public.play_out(:g1, 0);
SET ROLE regress_bob;
CALL public.play_out(:g2, 5);
RESET ROLE;
-- Each player's finished game, through RLS: the query names both games, each sees its own.
SET ROLE regress_alice;
SELECT current_user, g.game_id = :g1 AS first, p.filled, p.blanks, p.mistakes, p.moves = g.blanks_at_start AS one_move_per_blank,
       p.hints, p.finished, p.elapsed > '0' AS took_time
FROM (SELECT game_id, 81 - sudoku.givens(puzzle) AS blanks_at_start FROM sudoku_game.games WHERE game_id IN (:g1, :g2)) g,
     LATERAL sudoku_game.progress(g.game_id) p
ORDER BY g.game_id;
SET ROLE regress_bob;
SELECT current_user, g.game_id = :g1 AS first, p.filled, p.blanks, p.mistakes, p.moves = g.blanks_at_start AS one_move_per_blank,
       p.hints, p.finished, p.elapsed > '0' AS took_time
FROM (SELECT game_id, 81 - sudoku.givens(puzzle) AS blanks_at_start FROM sudoku_game.games WHERE game_id IN (:g1, :g2)) g,
     LATERAL sudoku_game.progress(g.game_id) p
ORDER BY g.game_id;
RESET ROLE;
-- The moves, replayed over the puzzle, give the final board.
SELECT bool_and(replayed = board) AS moves_replay_to_board
FROM (SELECT g.game_id, g.board,
             sudoku.grid_agg(c."row", c.col, coalesce(m.digit, c.value)) AS replayed
      FROM sudoku_game.games g
      CROSS JOIN LATERAL sudoku.cells(g.puzzle) c
      LEFT JOIN LATERAL (SELECT digit FROM sudoku_game.moves m
                          WHERE m.game_id = g.game_id AND m."row" = c."row" AND m.col = c.col
                          ORDER BY move_no DESC LIMIT 1) m ON true
      WHERE g.game_id IN (:g1, :g2)
      GROUP BY g.game_id, g.board) x;

-- A finished game refuses every change with 22023 and says how long it took.
SET ROLE regress_alice;
SELECT error_of(format('SELECT sudoku_game.play(%s, 1, 1, 0)', :g1)) LIKE '22023: game % is finished' AS play_refused,
       error_of(format('CALL sudoku_game.undo(%s)', :g1)) LIKE '22023: game % is finished' AS undo_refused,
       error_of(format('SELECT sudoku_game.hint(%s)', :g1)) LIKE '22023: game % is finished' AS hint_refused;
-- A game that does not exist: P0002.
SELECT error_of('SELECT sudoku_game.play(-1, 1, 1, 1)') AS no_game_play,
       error_of('CALL sudoku_game.undo(-1)') AS no_game_undo,
       error_of('SELECT sudoku_game.progress(-1)') AS no_game_progress;
RESET ROLE;

-- The leaderboard ranks finished games by time, then hints. Elapsed times depend on the
-- machine, so the test sets the clocks (as superuser): bob 4 minutes, alice 3 minutes 5 seconds.
-- Players read it (every finished game), and cannot change it.
UPDATE sudoku_game.games SET started_at = finished_at - interval '4 minutes' WHERE game_id = :g2;
UPDATE sudoku_game.games SET started_at = finished_at - interval '3 minutes 5 seconds' WHERE game_id = :g1;
SET ROLE regress_bob;
SELECT difficulty, rank, player, elapsed, hints, moves > 0 AS moved FROM sudoku_game.leaderboard ORDER BY difficulty, rank;

-- The hard game is still open: it is not on the leaderboard, and its progress says so.
SET ROLE regress_alice;
SELECT finished, blanks > 0 AS open, moves FROM sudoku_game.progress(:g3);

-- The README's example, as alice: a game, its board, a hint, and the move the hint gives.
SELECT sudoku_game.start('medium', 42) AS game \gset
SELECT board FROM sudoku_game.progress(:game);
SELECT sudoku_game.hint(:game);
SELECT blanks, mistakes, finished FROM sudoku_game.play(:game, 1, 9, 7);
SELECT sudoku_game.hint(:game);
RESET ROLE;

-- The player's notes (issue 47): a whole game played from the notes, as a player who follows
-- the hints would: each hint of the game is sudoku.hint of the notes, and the player makes its
-- step, a digit played or each candidate it removes pencilled out; the game ends solved, the
-- notes and the board agree, every pencil mark is a move.
RESET ROLE;
CREATE PROCEDURE public.play_with_notes(g bigint, INOUT steps int DEFAULT 0, INOUT hints_agree int DEFAULT 0,
                                        INOUT pencilled int DEFAULT 0) LANGUAGE plpgsql AS $$
DECLARE
    n sudoku.board;
    h sudoku.step;
    e int[];
BEGIN
    LOOP
        SELECT notes INTO n FROM sudoku_game.games WHERE game_id = g AND finished_at IS NULL;
        EXIT WHEN NOT FOUND OR steps >= 500;
        h := sudoku.hint(n);
        steps := steps + 1;
        IF sudoku_game.hint(g) = h.explanation THEN
            hints_agree := hints_agree + 1;
        END IF;
        IF h.placed IS NOT NULL THEN
            PERFORM sudoku_game.play(g, h.placed[1], h.placed[2], h.placed[3]);
        ELSE
            FOREACH e SLICE 1 IN ARRAY h.eliminated LOOP
                PERFORM sudoku_game.pencil(g, e[1], e[2], ARRAY[e[3]]);
                pencilled := pencilled + 1;
            END LOOP;
        END IF;
    END LOOP;
END
$$;
SET ROLE regress_alice;
SELECT sudoku_game.start('expert', 2) AS noted \gset
CALL public.play_with_notes(:noted);
SELECT p.finished, p.mistakes, p.hints > 0 AS hinted, p.moves - (81 - sudoku.givens(g.puzzle)) AS pencil_moves,
       sudoku.grid(g.notes) = g.board AS notes_are_the_board,
       (SELECT count(*) FROM sudoku_game.moves m WHERE m.game_id = :noted AND m.kind = 'pencil') AS pencil_rows
FROM sudoku_game.progress(:noted) p, sudoku_game.games g WHERE g.game_id = :noted;

-- Mistakes in the notes: the solution's digit pencilled out of the first open cell is what the
-- hint names and check lists; undo takes it back; a candidate pencilled back in that a digit
-- of its row holds is a clash. The three grades of the hint; the errors of pencil and hint.
SELECT sudoku_game.start('easy', 7) AS marked \gset
SELECT c."row" AS mr, c.col AS mc, (SELECT s.value FROM sudoku.cells(sudoku.solve(g.puzzle)) s
                                    WHERE s."row" = c."row" AND s.col = c.col) AS md
FROM sudoku_game.games g, sudoku.cells(g.puzzle) c
WHERE g.game_id = :marked AND c.value IS NULL ORDER BY c."row", c.col LIMIT 1 \gset
SELECT moves FROM sudoku_game.pencil(:marked, :mr, :mc, ARRAY[:md]);
SELECT kind, "row" = :mr AND col = :mc AS at_the_cell, digit = :md AS the_digit, explanation
FROM sudoku_game.check(:marked) ORDER BY kind;
SELECT sudoku_game.hint(:marked) = (SELECT explanation FROM sudoku_game.check(:marked) WHERE kind = 'removed_candidate')
       AS hint_names_the_removed_candidate;
CALL sudoku_game.undo(:marked);
SELECT array_agg(kind) AS after_undo FROM sudoku_game.check(:marked);
SELECT (SELECT min(c.value) FROM sudoku.cells(g.puzzle) c WHERE c."row" = :mr AND c.value IS NOT NULL) AS clash_digit
FROM sudoku_game.games g WHERE g.game_id = :marked \gset
SELECT moves FROM sudoku_game.unpencil(:marked, :mr, :mc, ARRAY[:clash_digit]);
SELECT kind, digit = :clash_digit AS the_row_digit FROM sudoku_game.check(:marked) ORDER BY kind;
CALL sudoku_game.undo(:marked);
SELECT sudoku_game.hint(:marked, 'technique') LIKE 'Look for a %.' AS technique_grade,
       sudoku_game.hint(:marked, 'area') LIKE 'Look for a % on %.' AS area_grade,
       sudoku_game.hint(:marked, 'step') = sudoku_game.hint(:marked) AS step_grade_by_default;
SELECT c."row" AS gr, c.col AS gc FROM sudoku_game.games g, sudoku.cells(g.puzzle) c
WHERE g.game_id = :marked AND c.value IS NOT NULL ORDER BY c."row", c.col LIMIT 1 \gset
SELECT error_of(format('SELECT sudoku_game.pencil(%s, %s, %s, ARRAY[1])', :marked, :gr, :gc)) AS pencil_on_a_given,
       error_of(format('SELECT sudoku_game.pencil(%s, %s, %s, ARRAY[10])', :marked, :mr, :mc)) AS digit_out_of_range,
       error_of(format('SELECT sudoku_game.pencil(%s, 10, 1, ARRAY[1])', :marked)) AS cell_outside,
       error_of(format('SELECT sudoku_game.hint(%s, %L)', :marked, 'all')) AS unknown_grade;
SET ROLE regress_bob;
SELECT error_of(format('SELECT sudoku_game.pencil(%s, %s, %s, ARRAY[1])', :marked, :mr, :mc)) AS pencil_in_alices_game,
       error_of(format('SELECT count(*) FROM sudoku_game.check(%s)', :marked)) AS check_alices_game;
RESET ROLE;
DROP PROCEDURE public.play_with_notes(bigint, int, int, int);

-- Issue 34's hijack: functions planted in public that a game function would call if it resolved
-- names by the caller's search_path. A superuser (every superuser may play) with public first
-- on the path plays a wrong digit and asks for hints: the game's functions ignore the plants.
CREATE TABLE public.game_trap_log (what text);
CREATE FUNCTION public.format(text, integer, bigint, bigint) RETURNS text LANGUAGE sql
    AS $$ INSERT INTO public.game_trap_log VALUES ('format'); SELECT 'planted' $$;
CREATE FUNCTION public.format(text, interval) RETURNS text LANGUAGE sql
    AS $$ INSERT INTO public.game_trap_log VALUES ('format interval'); SELECT 'planted' $$;
CREATE FUNCTION public.unnest(integer[], integer[]) RETURNS TABLE (a integer, b integer) LANGUAGE sql
    AS $$ INSERT INTO public.game_trap_log VALUES ('unnest'); SELECT 1, 1 $$;
SET search_path = public, pg_catalog;
SELECT sudoku_game.start('easy', 7) AS mine \gset
SELECT "row" AS wr, col AS wc, d AS wd FROM sudoku.cells((SELECT solution FROM sudoku_game.solutions WHERE game_id = :mine)) s,
     LATERAL (SELECT d FROM generate_series(1, 9) d
              WHERE d <> s.value
                AND d NOT IN (SELECT x.value FROM sudoku.cells((SELECT puzzle FROM sudoku_game.games WHERE game_id = :mine)) x
                               WHERE (x."row" = s."row" OR x.col = s.col OR x.box = s.box) AND x.value IS NOT NULL)
              ORDER BY d LIMIT 1) w
WHERE sudoku.get((SELECT puzzle FROM sudoku_game.games WHERE game_id = :mine), s."row", s.col) IS NULL
ORDER BY "row", col LIMIT 1 \gset
SELECT mistakes FROM sudoku_game.play(:mine, :wr, :wc, :wd);
SELECT sudoku_game.hint(:mine) = pg_catalog.format('The %s in row %s, column %s is wrong.', :wd, :wr, :wc) AS hint_not_hijacked;
SELECT count(*) AS planted_calls FROM public.game_trap_log;
RESET search_path;
DROP FUNCTION public.format(text, integer, bigint, bigint), public.format(text, interval),
    public.unnest(integer[], integer[]);
DROP TABLE public.game_trap_log;

-- The roles go with the game.
DROP SCHEMA sudoku_game CASCADE;
DROP PROCEDURE public.play_out(bigint, integer);
DROP TABLE public.solution_cells;
DO $$ BEGIN EXECUTE format('REVOKE CREATE ON DATABASE %I FROM regress_game_owner', current_database()); END $$;
DROP ROLE regress_alice, regress_bob, regress_mallory, regress_game_owner, sudoku_player;
