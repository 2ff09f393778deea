-- The neighbourhood search for hard puzzles (issue 37), set-up: the seeds of round 0 and the
-- tables of the walk. Run by scripts/walk.sh, once on one node and once on the Citus coordinator.
-- Variables: citus (true: distribute the tables), file (a puzzle list), every (take every n-th
-- line of it), seeds (how many).
\set ON_ERROR_STOP 1
SET client_min_messages = warning;
DROP TABLE IF EXISTS walk_found, walk_seeds, walk_time;
-- The seeds of each round: the canonical forms of the hardest puzzles of the round before.
CREATE TABLE walk_seeds (id bigint PRIMARY KEY, round integer NOT NULL, p sudoku.grid NOT NULL);
-- Every puzzle met, once up to equivalence (canon: sudoku.canonical of it), with its rating.
-- The rows are spread over pages (fillfactor) so that a parallel scan on one node shares them.
CREATE TABLE walk_found (
    canon sudoku.grid PRIMARY KEY,
    round integer NOT NULL,
    parent bigint,
    se sudoku.se_rating
) WITH (fillfactor = 10);
-- How long each step took, on the node that coordinates.
CREATE TABLE walk_time (round integer, step text, seconds numeric);
\if :citus
SELECT create_distributed_table('walk_seeds', 'id');
-- Distributed by canonical form: a puzzle found from two seeds meets itself on one worker.
SELECT create_distributed_table('walk_found', 'canon', colocate_with => 'none');
\endif
CREATE TEMP TABLE raw (line text);
COPY raw FROM :'file';
INSERT INTO walk_found (canon, round)
SELECT sudoku.canonical(line::sudoku.grid), 0
FROM (SELECT line, row_number() OVER () AS n FROM raw) r WHERE n % :every = 1 LIMIT :seeds;
UPDATE walk_found SET se = sudoku.se_rating(canon);
INSERT INTO walk_seeds SELECT row_number() OVER (ORDER BY canon), 0, canon FROM walk_found;
