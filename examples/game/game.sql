-- A Sudoku game in stored procedures: the design card's "stored procedures in database-centric
-- apps" as a working example, and a model of one that keeps its players apart. Players, games and
-- moves are tables; starting a game, playing a move, pencilling candidates in and out, undoing,
-- asking for a hint (in three grades, from the player's own notes), checking the notes for
-- mistakes and checking progress are functions and procedures that any client (psql, an
-- application's SQL) calls; the leaderboard is a view. Each game keeps the player's notes as a
-- sudoku.board (issue 47): the digits and, in every open cell, the candidates pencilled there.
--
-- The security model (issue 34):
-- - Each player is a database role, a member of the group role sudoku_player (created here when
--   missing). An application that logs in once and serves many players does SET ROLE to the
--   player's role for each request.
-- - Players get no INSERT, UPDATE or DELETE on any table: every change goes through the
--   functions below, which are SECURITY DEFINER (they run as the role that ran this script, the
--   app's owner, ideally not a superuser), set search_path = pg_catalog, pg_temp and qualify
--   every name, and check the caller: a game belongs to the role that started it, and any other
--   caller gets 42501 (insufficient_privilege).
-- - Row-level security lets a player SELECT only their own rows of players, games and moves.
-- - The solution is in sudoku_game.solutions, on which players have no privilege at all: only
--   the SECURITY DEFINER functions read it.
-- - The leaderboard is a view, read-only to players; it shows finished games of everyone.
-- The caller of a SECURITY DEFINER function is not current_user (that is the function's owner):
-- it is the role of SET ROLE, or the session's user when none was set (sudoku_game.caller()).
--
--   CREATE EXTENSION pg_sudoku;
--   \i examples/game/game.sql                              -- as the app's owner
--   CREATE ROLE alice LOGIN IN ROLE sudoku_player;
--   -- then, as alice:
--   SELECT sudoku_game.start('easy', 7);                   -- the new game's id, say 1
--   SELECT * FROM sudoku_game.play(1, 1, 1, 4);            -- row 1, column 1, digit 4
--   CALL sudoku_game.undo(1);
--   SELECT * FROM sudoku_game.pencil(1, 1, 2, '{5,6}');   -- candidates 5 and 6 out of row 1, column 2
--   SELECT * FROM sudoku_game.unpencil(1, 1, 2, '{6}');   -- and 6 back in
--   SELECT sudoku_game.hint(1);                            -- or hint(1, 'technique'), hint(1, 'area')
--   SELECT * FROM sudoku_game.check(1);                    -- the mistakes in the notes
--   SELECT * FROM sudoku_game.progress(1);
--   SELECT * FROM sudoku_game.leaderboard;
--
-- Errors are SQLSTATE 22023 (invalid_parameter_value) with a message a player can read: a cell
-- outside the grid, a digit outside 0-9, a given, a digit already in the cell's row, column or
-- box, a finished game, nothing to undo; P0002 (no_data_found) for a game that does not exist;
-- 42501 (insufficient_privilege) for a game of another player, a caller who is no player, and
-- any direct change to a table.
-- Everything runs in the caller's transaction: a move is committed or not with it.

DO $$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'sudoku_player') THEN
        CREATE ROLE sudoku_player NOLOGIN;
    END IF;
END
$$;

CREATE SCHEMA sudoku_game;
COMMENT ON SCHEMA sudoku_game IS 'A Sudoku game in stored procedures (pg_sudoku examples/game): players, games, moves, a leaderboard.';
REVOKE ALL ON SCHEMA sudoku_game FROM PUBLIC;
GRANT USAGE ON SCHEMA sudoku_game TO sudoku_player;

-- A player is a role: name is its name.
CREATE TABLE sudoku_game.players (
    player_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name name NOT NULL UNIQUE,
    joined_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

CREATE TABLE sudoku_game.games (
    game_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    player_id bigint NOT NULL REFERENCES sudoku_game.players,
    -- The level asked for, and what sudoku.rate says of the puzzle (the same when generate
    -- found one of that level).
    difficulty text NOT NULL,
    level text NOT NULL,
    score double precision NOT NULL,
    seed bigint NOT NULL,
    puzzle sudoku.grid NOT NULL,
    -- The position now: the givens and the player's digits.
    board sudoku.grid NOT NULL,
    -- The player's notes: the same digits, and the candidates pencilled in each open cell (a
    -- new game has every candidate, as HoDoKu starts one).
    notes sudoku.board NOT NULL,
    hints integer NOT NULL DEFAULT 0,
    started_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    finished_at timestamptz,
    CHECK (finished_at IS NULL OR sudoku.is_solved(board)),
    CHECK (sudoku.grid(notes) OPERATOR(pg_catalog.=) board)
);
CREATE INDEX ON sudoku_game.games (player_id);

-- The solutions, apart: no player has any privilege on this table.
CREATE TABLE sudoku_game.solutions (
    game_id bigint PRIMARY KEY REFERENCES sudoku_game.games ON DELETE CASCADE,
    solution sudoku.grid NOT NULL
);

CREATE TABLE sudoku_game.moves (
    game_id bigint NOT NULL REFERENCES sudoku_game.games ON DELETE CASCADE,
    move_no integer NOT NULL,
    "row" integer NOT NULL CHECK ("row" BETWEEN 1 AND 9),
    col integer NOT NULL CHECK (col BETWEEN 1 AND 9),
    -- A digit played (digit: 0 erases the cell), or candidates pencilled out or back in (digits).
    kind text NOT NULL DEFAULT 'digit' CHECK (kind IN ('digit', 'pencil', 'unpencil')),
    -- previous is what the cell held before (0: blank), and notes_before the notes: for undo.
    digit integer NOT NULL CHECK (digit BETWEEN 0 AND 9),
    previous integer NOT NULL CHECK (previous BETWEEN 0 AND 9),
    digits integer[],
    notes_before sudoku.board NOT NULL,
    played_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (game_id, move_no)
);

-- Players read their own rows; they change nothing directly (no INSERT, UPDATE or DELETE).
REVOKE ALL ON sudoku_game.players, sudoku_game.games, sudoku_game.solutions, sudoku_game.moves FROM PUBLIC;
GRANT SELECT ON sudoku_game.players, sudoku_game.games, sudoku_game.moves TO sudoku_player;
ALTER TABLE sudoku_game.players ENABLE ROW LEVEL SECURITY;
ALTER TABLE sudoku_game.games ENABLE ROW LEVEL SECURITY;
ALTER TABLE sudoku_game.moves ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_row ON sudoku_game.players FOR SELECT TO sudoku_player USING (name = current_user);
CREATE POLICY own_games ON sudoku_game.games FOR SELECT TO sudoku_player
    USING (player_id IN (SELECT p.player_id FROM sudoku_game.players p WHERE p.name = current_user));
CREATE POLICY own_moves ON sudoku_game.moves FOR SELECT TO sudoku_player
    USING (game_id IN (SELECT g.game_id FROM sudoku_game.games g));

-- The role that called the game's SECURITY DEFINER function (where current_user is the owner):
-- the role of SET ROLE, or the session's user. 42501 when it is not a member of sudoku_player.
CREATE FUNCTION sudoku_game.caller() RETURNS name LANGUAGE plpgsql STABLE
SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    who name := CASE pg_catalog.current_setting('role') WHEN 'none' THEN session_user
                ELSE pg_catalog.current_setting('role')::name END;
BEGIN
    IF NOT pg_catalog.pg_has_role(who, 'sudoku_player', 'MEMBER') THEN
        RAISE EXCEPTION 'role % is not a player', who
            USING ERRCODE = 'insufficient_privilege', HINT = 'Players are members of the role sudoku_player.';
    END IF;
    RETURN who;
END
$$;
COMMENT ON FUNCTION sudoku_game.caller() IS 'The role calling the game (SET ROLE''s role, else the session user), as a name; 42501 when it is not a member of sudoku_player.';

-- Where a game stands.
CREATE TYPE sudoku_game.progress AS (
    game_id bigint,
    filled integer,      -- cells holding a digit, givens included
    blanks integer,      -- cells left to fill
    mistakes integer,    -- player's digits that differ from the solution
    moves integer,       -- moves played (undone ones are gone)
    hints integer,
    finished boolean,
    elapsed interval,    -- start to finish, or to now while the game goes on
    board text,          -- sudoku.pretty(board)
    notes text           -- sudoku.pretty(notes): the pencil-mark grid
);

-- The game row, locked for the caller's transaction; P0002 when there is none, 42501 when it
-- belongs to another player, 22023 when it is finished and the caller wants to change it.
CREATE FUNCTION sudoku_game.lock_game(game bigint, for_change boolean DEFAULT true)
RETURNS sudoku_game.games LANGUAGE plpgsql
SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    g sudoku_game.games;
BEGIN
    SELECT * INTO g FROM sudoku_game.games WHERE game_id = game FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'game % does not exist', game USING ERRCODE = 'no_data_found';
    END IF;
    IF NOT EXISTS (SELECT FROM sudoku_game.players p
                    WHERE p.player_id = g.player_id AND p.name = sudoku_game.caller()) THEN
        RAISE EXCEPTION 'game % belongs to another player', game USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF for_change AND g.finished_at IS NOT NULL THEN
        RAISE EXCEPTION 'game % is finished', game
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = format('It was solved in %s.', g.finished_at - g.started_at);
    END IF;
    RETURN g;
END
$$;
COMMENT ON FUNCTION sudoku_game.lock_game(bigint, boolean) IS 'The caller''s game row locked FOR UPDATE; P0002 when it does not exist, 42501 when it is another player''s, 22023 when it is finished and for_change.';

CREATE FUNCTION sudoku_game.progress(game bigint) RETURNS sudoku_game.progress
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    p sudoku_game.progress;
BEGIN
    PERFORM sudoku_game.lock_game(game, false);
    SELECT g.game_id,
           sudoku.givens(g.board),
           81 - sudoku.givens(g.board),
           (SELECT count(*)::int FROM unnest(g.board::int[], s.solution::int[]) AS c(now, sol)
             WHERE now <> 0 AND now <> sol),
           (SELECT count(*)::int FROM sudoku_game.moves m WHERE m.game_id = g.game_id),
           g.hints,
           g.finished_at IS NOT NULL,
           coalesce(g.finished_at, clock_timestamp()) - g.started_at,
           sudoku.pretty(g.board),
           sudoku.pretty(g.notes)
      INTO p
      FROM sudoku_game.games g JOIN sudoku_game.solutions s USING (game_id) WHERE g.game_id = game;
    RETURN p;
END
$$;
COMMENT ON FUNCTION sudoku_game.progress(bigint) IS 'Where one of the caller''s games stands: filled cells, blanks, mistakes (digits that differ from the solution), moves, hints, finished, elapsed time, the board and the notes (pencil-mark grid). P0002: no such game; 42501: another player''s game, or the caller is no player.';

-- Starts a game for the calling role (its player row created on first use) at a level easy,
-- medium, hard, expert or extreme; `seed` makes the puzzle reproducible (sudoku.generate's
-- seed), NULL picks one.
CREATE FUNCTION sudoku_game.start(difficulty text DEFAULT 'medium', seed bigint DEFAULT NULL)
RETURNS bigint LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    who name := sudoku_game.caller();
    pid bigint;
    s bigint := coalesce(seed, (random() * 1e9)::bigint);
    p sudoku.grid;
    r sudoku.rating;
    id bigint;
BEGIN
    INSERT INTO sudoku_game.players (name) VALUES (who)
        ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name
        RETURNING player_id INTO pid;
    p := sudoku.generate(9, s, difficulty => difficulty);
    r := sudoku.rate(p);
    INSERT INTO sudoku_game.games (player_id, difficulty, level, score, seed, puzzle, board, notes)
        VALUES (pid, difficulty, r.level, r.score, s, p, p, sudoku.board(p))
        RETURNING game_id INTO id;
    INSERT INTO sudoku_game.solutions (game_id, solution) VALUES (id, sudoku.solve(p));
    RETURN id;
END
$$;
COMMENT ON FUNCTION sudoku_game.start(text, bigint) IS 'Starts a game for the calling role: a unique 9x9 puzzle from sudoku.generate at the level asked (easy..extreme), rated with sudoku.rate; the player is created on first use. Returns the game id. 22023 from generate for an unknown level; 42501 when the caller is no player.';

-- Plays `digit` (1-9, or 0 to erase) in row `r`, column `c`. Refused with 22023: a cell outside
-- the grid, a digit outside 0-9, a given, a digit already in the cell's row, column or box, a
-- finished game. A wrong digit that breaks no rule is accepted: progress counts it as a mistake.
-- The move that fills the last blank finishes the game.
CREATE FUNCTION sudoku_game.play(game bigint, r integer, c integer, digit integer)
RETURNS sudoku_game.progress LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    g sudoku_game.games := sudoku_game.lock_game(game);
    cells int[] := g.board::int[];
    i int;
    clash record;
BEGIN
    IF r NOT BETWEEN 1 AND 9 OR c NOT BETWEEN 1 AND 9 THEN
        RAISE EXCEPTION 'row % column % is outside the grid', r, c
            USING ERRCODE = 'invalid_parameter_value', HINT = 'Rows and columns go from 1 to 9.';
    END IF;
    IF digit NOT BETWEEN 0 AND 9 THEN
        RAISE EXCEPTION 'digit % is not a Sudoku digit', digit
            USING ERRCODE = 'invalid_parameter_value', HINT = 'Play 1 to 9, or 0 to erase a cell.';
    END IF;
    IF sudoku.get(g.puzzle, r, c) IS NOT NULL THEN
        RAISE EXCEPTION 'row % column % is a given (%)', r, c, sudoku.get(g.puzzle, r, c)
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    i := (r - 1) * 9 + c;
    IF digit <> 0 THEN
        -- The first peer holding the digit: its row, else its column, else its box.
        SELECT CASE u.unit WHEN 'row' THEN format('row %s (column %s)', cl."row", cl.col)
                           WHEN 'column' THEN format('column %s (row %s)', cl.col, cl."row")
                           ELSE format('box %s (row %s, column %s)', cl.box, cl."row", cl.col) END AS place
          INTO clash
        FROM sudoku.cells(g.board) AS cl
        CROSS JOIN LATERAL (VALUES (CASE WHEN cl."row" = r THEN 'row'
                                         WHEN cl.col = c THEN 'column'
                                         ELSE 'box' END)) AS u(unit)
        WHERE cl.value = digit AND NOT (cl."row" = r AND cl.col = c)
          AND (cl."row" = r OR cl.col = c OR cl.box = (r - 1) / 3 * 3 + (c - 1) / 3 + 1)
        ORDER BY (cl."row" = r) DESC, (cl.col = c) DESC, cl."row", cl.col
        LIMIT 1;
        IF FOUND THEN
            RAISE EXCEPTION '% is already in %', digit, clash.place
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
    END IF;
    INSERT INTO sudoku_game.moves (game_id, move_no, "row", col, digit, previous, notes_before)
        SELECT game, coalesce(max(move_no), 0) + 1, r, c, play.digit, cells[i], g.notes
        FROM sudoku_game.moves WHERE game_id = game;
    cells[i] := digit;
    -- The notes follow: a digit placed leaves its peers' candidates; an erased cell gets back
    -- every candidate its peers' digits leave.
    UPDATE sudoku_game.games
       SET board = sudoku.grid(cells),
           notes = CASE WHEN digit = 0 THEN sudoku.erase(g.notes, r, c) ELSE sudoku.place(g.notes, r, c, digit) END,
           finished_at = CASE WHEN sudoku.grid(cells) OPERATOR(pg_catalog.=) s.solution THEN clock_timestamp() END
      FROM sudoku_game.solutions s
     WHERE games.game_id = game AND s.game_id = game;
    RETURN sudoku_game.progress(game);
END
$$;
COMMENT ON FUNCTION sudoku_game.play(bigint, integer, integer, integer) IS 'Plays a digit (1-9, 0 erases) in row r, column c of one of the caller''s games and returns its progress; the move that completes the grid finishes the game. 22023: cell outside the grid, digit outside 0-9, a given, a digit already in the row, column or box, a finished game; P0002: no such game; 42501: another player''s game, or the caller is no player.';

-- Takes back the last move of a game. 22023 when there is none or the game is finished.
CREATE PROCEDURE sudoku_game.undo(game bigint) LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    g sudoku_game.games := sudoku_game.lock_game(game);
    m sudoku_game.moves;
    cells int[] := g.board::int[];
BEGIN
    DELETE FROM sudoku_game.moves
     WHERE game_id = game AND move_no = (SELECT max(move_no) FROM sudoku_game.moves WHERE game_id = game)
    RETURNING * INTO m;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'game % has no move to undo', game USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF m.kind = 'digit' THEN
        cells[(m."row" - 1) * 9 + m.col] := m.previous;
    END IF;
    UPDATE sudoku_game.games SET board = sudoku.grid(cells), notes = m.notes_before WHERE game_id = game;
END
$$;
COMMENT ON PROCEDURE sudoku_game.undo(bigint) IS 'Takes back the last move (a digit, or candidates pencilled out or in) of one of the caller''s games, its notes as they were. 22023: no move to undo, or the game is finished; P0002: no such game; 42501: another player''s game, or the caller is no player.';

-- Pencils candidates out of (pencil) or back into (unpencil) the open cell at row r, column c.
-- Refused with 22023: a cell outside the grid or filled, a digit outside 1-9, a finished game.
-- A candidate pencilled back in that a digit of its units holds is the player's mistake to
-- make: check reports it, and hint names it rather than deducing from it.
CREATE FUNCTION sudoku_game.pencil_move(game bigint, r integer, c integer, digits integer[], keep boolean)
RETURNS sudoku_game.progress LANGUAGE plpgsql VOLATILE
SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    g sudoku_game.games := sudoku_game.lock_game(game);
    after sudoku.board;
BEGIN
    IF r NOT BETWEEN 1 AND 9 OR c NOT BETWEEN 1 AND 9 THEN
        RAISE EXCEPTION 'row % column % is outside the grid', r, c
            USING ERRCODE = 'invalid_parameter_value', HINT = 'Rows and columns go from 1 to 9.';
    END IF;
    IF digits IS NULL OR cardinality(digits) = 0 THEN
        RAISE EXCEPTION 'no candidates to pencil' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    after := CASE WHEN keep THEN sudoku.restore_candidates(g.notes, r, c, digits)
                  ELSE sudoku.remove_candidates(g.notes, r, c, digits) END;
    INSERT INTO sudoku_game.moves (game_id, move_no, "row", col, kind, digit, previous, digits, notes_before)
        SELECT game, coalesce(max(move_no), 0) + 1, r, c, CASE WHEN keep THEN 'unpencil' ELSE 'pencil' END,
               0, coalesce(sudoku.get(g.board, r, c), 0), pencil_move.digits, g.notes
        FROM sudoku_game.moves WHERE game_id = game;
    UPDATE sudoku_game.games SET notes = after WHERE game_id = game;
    RETURN sudoku_game.progress(game);
END
$$;
COMMENT ON FUNCTION sudoku_game.pencil_move(bigint, integer, integer, integer[], boolean) IS 'The move of pencil and unpencil: removes (keep false) or restores the candidates digits of an open cell of one of the caller''s games and records the move for undo.';

CREATE FUNCTION sudoku_game.pencil(game bigint, r integer, c integer, digits integer[])
RETURNS sudoku_game.progress LANGUAGE sql VOLATILE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$ SELECT sudoku_game.pencil_move(game, r, c, digits, false) $$;
COMMENT ON FUNCTION sudoku_game.pencil(bigint, integer, integer, integer[]) IS 'Pencils the candidates digits out of the open cell at row r, column c of one of the caller''s games; returns its progress. 22023: cell outside the grid or filled, digit outside 1-9, no digits, a finished game; P0002: no such game; 42501: another player''s game, or the caller is no player.';

CREATE FUNCTION sudoku_game.unpencil(game bigint, r integer, c integer, digits integer[])
RETURNS sudoku_game.progress LANGUAGE sql VOLATILE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$ SELECT sudoku_game.pencil_move(game, r, c, digits, true) $$;
COMMENT ON FUNCTION sudoku_game.unpencil(bigint, integer, integer, integer[]) IS 'Pencils the candidates digits back into the open cell at row r, column c of one of the caller''s games; returns its progress. Errors as pencil.';

-- The mistakes in the player's notes (sudoku.check of the notes): wrong digits, candidates
-- that clash with a digit of their units, the solution's candidates pencilled out. Not counted
-- as a hint.
CREATE FUNCTION sudoku_game.check(game bigint) RETURNS SETOF sudoku.mistake
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    g sudoku_game.games := sudoku_game.lock_game(game, false);
BEGIN
    RETURN QUERY SELECT * FROM sudoku."check"(g.notes);
END
$$;
COMMENT ON FUNCTION sudoku_game.check(bigint) IS 'The mistakes in the notes of one of the caller''s games, one sudoku.mistake row each (kind, row, col, digit, explanation), then a board row saying whether the notes still lead to the solution. P0002: no such game; 42501: another player''s game, or the caller is no player.';

-- A hint on the current position, from the player's own notes: the first wrong digit if the
-- player placed one (a wrong digit has no logical next step), else the first other mistake of
-- the notes (a solution's candidate pencilled out, a clash), else the next step of
-- sudoku.hint(board) from the notes in the grade asked: technique (its name), area (and its
-- unit and digits) or step (the whole step, the default). Counted in the game.
CREATE FUNCTION sudoku_game.hint(game bigint, detail text DEFAULT 'step') RETURNS text LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    g sudoku_game.games := sudoku_game.lock_game(game);
    wrong record;
    step sudoku.step;
BEGIN
    IF detail IS NULL OR detail NOT IN ('technique', 'area', 'step') THEN
        RAISE EXCEPTION 'detail is technique, area or step, not %', coalesce(detail, 'NULL')
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    UPDATE sudoku_game.games SET hints = hints + 1 WHERE game_id = game;
    SELECT (i - 1) / 9 + 1 AS r, (i - 1) % 9 + 1 AS c, now INTO wrong
    FROM unnest(g.board::int[], (SELECT s.solution::int[] FROM sudoku_game.solutions s WHERE s.game_id = game))
         WITH ORDINALITY AS x(now, sol, i)
    WHERE now <> 0 AND now <> sol ORDER BY i LIMIT 1;
    IF FOUND THEN
        RETURN format('The %s in row %s, column %s is wrong.', wrong.now, wrong.r, wrong.c);
    END IF;
    SELECT m.explanation INTO wrong FROM sudoku."check"(g.notes) m WHERE m.kind <> 'board' LIMIT 1;
    IF FOUND THEN
        RETURN wrong.explanation;
    END IF;
    step := sudoku.hint(g.notes, detail);
    RETURN step.explanation;
END
$$;
COMMENT ON FUNCTION sudoku_game.hint(bigint, text) IS 'A hint on the current position of one of the caller''s games, from the player''s notes (counted in the game): the first wrong digit if there is one, else the first other mistake of the notes (sudoku.check), else the explanation of sudoku.hint(board)''s next step in the grade detail (technique, area, or step: the default). 22023: the game is finished, an unknown detail; P0002: no such game; 42501: another player''s game, or the caller is no player.';

CREATE VIEW sudoku_game.leaderboard AS
SELECT g.difficulty,
       rank() OVER (PARTITION BY g.difficulty ORDER BY g.finished_at - g.started_at, g.hints) AS rank,
       p.name AS player,
       g.game_id,
       g.finished_at - g.started_at AS elapsed,
       g.hints,
       (SELECT count(*) FROM sudoku_game.moves m WHERE m.game_id = g.game_id) AS moves
FROM sudoku_game.games g
JOIN sudoku_game.players p USING (player_id)
WHERE g.finished_at IS NOT NULL;
COMMENT ON VIEW sudoku_game.leaderboard IS 'Finished games per difficulty, fastest first (then fewest hints): rank, player, elapsed time, hints and moves.';
GRANT SELECT ON sudoku_game.leaderboard TO sudoku_player;

-- Players call the game's API and nothing else: the helpers stay the owner's.
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA sudoku_game FROM PUBLIC;
REVOKE ALL ON ALL PROCEDURES IN SCHEMA sudoku_game FROM PUBLIC;
GRANT EXECUTE ON FUNCTION sudoku_game.start(text, bigint), sudoku_game.play(bigint, integer, integer, integer),
    sudoku_game.pencil(bigint, integer, integer, integer[]), sudoku_game.unpencil(bigint, integer, integer, integer[]),
    sudoku_game.check(bigint), sudoku_game.hint(bigint, text), sudoku_game.progress(bigint) TO sudoku_player;
GRANT EXECUTE ON PROCEDURE sudoku_game.undo(bigint) TO sudoku_player;
