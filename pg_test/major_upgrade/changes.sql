-- Inserts, updates and deletes after the first copy (logical replication must carry them).
INSERT INTO collection (id, source, puzzle) SELECT 4000 + i, 'generate 9', sudoku.generate(9, i) FROM generate_series(1, 5) i;
UPDATE collection SET solution = sudoku.solve(puzzle), rating = sudoku.rate(puzzle), first_step = sudoku.hint(puzzle),
                      doc = jsonb_build_object('puzzle', puzzle::jsonb) WHERE id > 4000;
UPDATE collection SET source = 'file, updated', puzzle = t.p, solution = sudoku.solve(t.p), rating = sudoku.rate(t.p),
                      first_step = sudoku.hint(t.p), doc = jsonb_build_object('puzzle', t.p::jsonb)
FROM (SELECT id, sudoku.transform(puzzle, 7) AS p FROM collection WHERE id BETWEEN 1 AND 20) t
WHERE collection.id = t.id;
DELETE FROM collection WHERE id BETWEEN 3001 AND 3010;
INSERT INTO by_grid SELECT puzzle, id FROM collection WHERE id > 4000;
UPDATE by_grid b SET puzzle = c.puzzle FROM collection c WHERE b.id = c.id AND c.id BETWEEN 1 AND 20;
DELETE FROM by_grid WHERE id BETWEEN 3001 AND 3010;
INSERT INTO steps SELECT c.id, (s).step, s, s::jsonb
FROM collection c, sudoku.fill_steps(c.puzzle, sudoku.rating_techniques()) s WHERE c.id = 4001;
DELETE FROM steps WHERE id = 1;
