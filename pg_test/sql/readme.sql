-- Every SQL example of README.md, verbatim and in order (scripts/check_readme.py enforces it), so the
-- docs cannot drift from what the extension does. Starts from a fresh install, as a reader would.
SET client_min_messages = warning;
DROP TABLE IF EXISTS public.puzzles;
DROP EXTENSION pg_sudoku CASCADE;
RESET client_min_messages;

CREATE EXTENSION pg_sudoku;
CREATE TABLE puzzles (id int PRIMARY KEY, puzzle sudoku.grid);
INSERT INTO puzzles VALUES (1, '...15.....34....89........3.2..6.8...47..9.....9.2...11....2..5...9............74');
SELECT id, sudoku.solve(puzzle) FROM puzzles;

CREATE INDEX ON puzzles (puzzle);
SELECT id FROM puzzles
WHERE puzzle = '...15.....34....89........3.2..6.8...47..9.....9.2...11....2..5...9............74';

SELECT sudoku.pretty('
  53. .7. ...
  6.. 195 ...
  .98 ... .6.
  8.. .6. ..3
  4.. 8.3 ..1
  7.. .2. ..6
  .6. ... 28.
  ... 419 ..5
  ... .8. .79');

SELECT sudoku.grid('abcd cdab badc dcba', 'abcd') AS letters,
       sudoku.grid(ARRAY[1,2,3,4, 3,4,1,2, 2,1,4,3, 4,3,2,1]) AS from_array,
       ('12344321' || repeat('.', 8))::sudoku.grid::int[] AS to_array;

SELECT sudoku.count_solutions(puzzle) AS solutions, sudoku.is_unique(puzzle), sudoku.givens(puzzle),
       sudoku.get(puzzle, 1, 4) AS r1c4, sudoku.get(sudoku.solve(puzzle), 1, 1) AS solved_r1c1
FROM puzzles WHERE id = 1;

SELECT sudoku.count_solutions(repeat('.', 16)::sudoku.grid, 1000) AS all_4x4_grids;

SELECT * FROM sudoku.candidates((SELECT puzzle FROM puzzles WHERE id = 1)) LIMIT 3;

SELECT count(*) AS all_4x4_grids FROM sudoku.solutions(repeat('.', 16)::sudoku.grid, 1000);

SELECT unit, unit_no, size, digits, cells
FROM sudoku.preemptive_sets((SELECT puzzle FROM puzzles WHERE id = 1), 2)
LIMIT 4;

SELECT step, technique, unit, unit_no, digits, placed
FROM sudoku.fill_steps((SELECT puzzle FROM puzzles WHERE id = 1))
ORDER BY step DESC
LIMIT 3;

SELECT sudoku.grid_agg(c.row, c.col, c.value) = p.puzzle AS round_trip
FROM puzzles p, sudoku.cells(p.puzzle) c
WHERE p.id = 1
GROUP BY p.puzzle;

SELECT position, name, family, difficulty, scale, hodoku FROM sudoku.techniques()
WHERE family IN ('fish', 'wings') ORDER BY position, name;

SELECT sudoku.propagate(g, ARRAY['naked_single', 'hidden_single', 'locked_candidates'])::text
       = sudoku.propagate(g, ARRAY['hidden_single', 'naked_single', 'pointing', 'claiming'])::text AS same_fixpoint,
       sudoku.propagate(g, array_remove(sudoku.rating_techniques(), 'guess'))::text
       = sudoku.solve(g)::text AS path_solves_it
FROM (VALUES ('...15.....34....89........3.2..6.8...47..9.....9.2...11....2..5...9............74'::sudoku.grid)) AS t(g);

SELECT approach, agree, native IS NOT DISTINCT FROM sql AS same_grid
FROM sudoku.compare('...15.....34....89........3.2..6.8...47..9.....9.2...11....2..5...9............74');

SELECT sudoku.solve_sql(g) = sudoku.solve(g) AS same_solution,
       sudoku.propagate_combo_sql(g) = sudoku.propagate(g, ARRAY['preemptive_set']) AS same_fixpoint
FROM (VALUES ('4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'::sudoku.grid)) AS t(g);

SELECT g AS puzzle, sudoku.givens(g) AS givens, sudoku.count_solutions(g) AS solutions, (sudoku.rate(g)).level
FROM sudoku.generate_many(3, 9, 2026) AS g;

SELECT (sudoku.se_rating(g)).er
FROM sudoku.generate_many(3, 9, 7, er => numrange(7.0, 8.0, '[]')) AS g;

SELECT level, score, techniques, steps, guesses
FROM sudoku.rate('4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......');

SELECT technique, placed, explanation
FROM sudoku.hint('4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......');

SELECT step, technique, difficulty, eliminated, explanation
FROM sudoku.fill_steps('...15.....34....89........3.2..6.8...47..9.....9.2...11....2..5...9............74',
                       sudoku.rating_techniques())
WHERE difficulty >= 3.0;

SELECT sudoku.canonical(p) AS form,
       sudoku.is_equivalent(p, sudoku.transform(p, 42)) AS equivalent,
       sudoku.canonical(sudoku.transform(p, 42)) = sudoku.canonical(p) AS same_form
FROM (SELECT '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'::sudoku.grid AS p) t;

CREATE TABLE collection (id int PRIMARY KEY, puzzle sudoku.grid NOT NULL);
INSERT INTO collection SELECT i, sudoku.generate(9, i) FROM generate_series(1, 300) i;
-- The first 20 again, each in a disguise of its own.
INSERT INTO collection SELECT 300 + id, sudoku.transform(puzzle, id) FROM collection WHERE id <= 20;
CREATE INDEX collection_form ON collection (sudoku.canonical(puzzle));
ANALYZE collection;

SELECT count(*) AS puzzles, count(DISTINCT sudoku.canonical(puzzle)) AS essentially_different FROM collection;

EXPLAIN (COSTS OFF)
SELECT b.id FROM collection a
JOIN collection b ON sudoku.canonical(b.puzzle) = sudoku.canonical(sudoku.transform(a.puzzle, 2026))
WHERE a.id = 7;

SELECT b.id FROM collection a
JOIN collection b ON sudoku.canonical(b.puzzle) = sudoku.canonical(sudoku.transform(a.puzzle, 2026))
WHERE a.id = 7
ORDER BY b.id;

SELECT h.technique, h.explanation
FROM puzzles, sudoku.hint(sudoku.board(puzzle), 'area') AS h WHERE id = 1;
SELECT kind, row, col, digit, explanation
FROM puzzles, sudoku.check(sudoku.place(sudoku.board(puzzle), 1, 1, 1)) WHERE id = 1;
SELECT technique, eliminated, explanation
FROM sudoku.steps(sudoku.board('000000010400000000020000000000050407008000300001090000300400200050100000000806000'),
                  'sashimi_x_wing');

SELECT sudoku.hint(puzzle)::jsonb -> 'placement' AS placement,
       sudoku.hint(puzzle)::jsonb ->> 'explanation' AS explanation,
       jsonb_array_length(puzzle::jsonb) AS rows,
       '[[1,2,3,4],[3,4,1,2],[2,1,4,3],[4,3,2,null]]'::jsonb::sudoku.grid AS from_json
FROM puzzles WHERE id = 1;

SELECT count(*) AS neighbours, count(DISTINCT sudoku.canonical(n)) AS essentially_different,
       bool_and(sudoku.givens(n) = 22 AND sudoku.is_unique(n)) AS one_out_one_in
FROM sudoku.neighbours('85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.', remove => 1, add => 1) AS n;

SELECT '...15.....34..x.89'::sudoku.grid;
ALTER TABLE puzzles SET (parallel_workers = 2);

SELECT length(sudoku.svg(p, sudoku.solve(p))) > 0 AS drawn,
       sudoku.svg(p) LIKE '<svg xmlns="http://www.w3.org/2000/svg" width="402" height="402"%' AS square
FROM (SELECT '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'::sudoku.grid AS p) t;
