-- One pgbench transaction of scripts/abuse.sh pgbench: a random puzzle of the shared sets
-- (bench_puzzles, loaded by the script) through a mix of pg_sudoku's functions.
\set id random(1, :puzzles)
SELECT sudoku.solve(puzzle) FROM bench_puzzles WHERE id = :id;
SELECT sudoku.count_solutions(puzzle, 2) FROM bench_puzzles WHERE id = :id;
SELECT sudoku.rate(puzzle) FROM bench_puzzles WHERE id = :id AND id % 4 = 0;
SELECT sudoku.hint(puzzle) FROM bench_puzzles WHERE id = :id;
SELECT count(*) FROM bench_puzzles, sudoku.candidates(puzzle) WHERE id = :id;
SELECT count(*) FROM bench_puzzles, sudoku.fill_steps(puzzle) WHERE id = :id;
SELECT sudoku.generate(9, :id);
SELECT count(*) FROM bench_puzzles, sudoku.compare(puzzle) WHERE id = :id AND id % 50 = 0;
