-- The data that must survive a move between PostgreSQL majors (scripts/major_upgrade_test.sh):
-- a table of grids of every size with their solutions, ratings, first hints and JSON; the steps
-- of a few puzzles as sudoku.step rows and as jsonb; btree, hash and expression indexes (on
-- sudoku.canonical); a table partitioned by hash of a grid; a view; a materialized view.
-- psql variable: data, the directory of the puzzle files.
CREATE EXTENSION IF NOT EXISTS pg_sudoku;
CREATE EXTENSION IF NOT EXISTS amcheck;
CREATE TABLE collection (
    id integer PRIMARY KEY,
    source text NOT NULL,
    puzzle sudoku.grid NOT NULL,
    solution sudoku.grid,
    rating sudoku.rating,
    first_step sudoku.step,
    doc jsonb
);
CREATE TEMP TABLE raw (line text);
\set top95 :data '/top95.txt'
\set hardest11 :data '/hardest11.txt'
COPY raw FROM :'top95';
COPY raw FROM :'hardest11';
INSERT INTO collection (id, source, puzzle)
SELECT row_number() OVER (), 'file', split_part(line, ' ', 1)::sudoku.grid FROM raw;
INSERT INTO collection (id, source, puzzle) SELECT 1000 + i, 'generate 16', sudoku.generate(16, i) FROM generate_series(1, 3) i;
INSERT INTO collection (id, source, puzzle) SELECT 2000, 'generate 25', sudoku.generate(25, 1);
INSERT INTO collection (id, source, puzzle) SELECT 3000 + row_number() OVER (), '4x4', g FROM sudoku.grids_4x4_sql() g;
UPDATE collection SET solution = sudoku.solve(puzzle), doc = jsonb_build_object('puzzle', puzzle::jsonb);
UPDATE collection SET rating = sudoku.rate(puzzle), first_step = sudoku.hint(puzzle) WHERE sudoku.size(puzzle) = 9;
CREATE TABLE steps (id integer, n integer, step sudoku.step NOT NULL, j jsonb NOT NULL, PRIMARY KEY (id, n));
INSERT INTO steps SELECT c.id, (s).step, s, s::jsonb
FROM collection c, sudoku.fill_steps(c.puzzle, sudoku.rating_techniques()) s WHERE c.id <= 5;
CREATE INDEX collection_puzzle ON collection (puzzle);
CREATE INDEX collection_solution ON collection USING hash (solution);
CREATE INDEX collection_canonical ON collection (sudoku.canonical(puzzle));
CREATE TABLE by_grid (puzzle sudoku.grid, id integer, PRIMARY KEY (puzzle, id)) PARTITION BY HASH (puzzle);
CREATE TABLE by_grid_0 PARTITION OF by_grid FOR VALUES WITH (MODULUS 4, REMAINDER 0);
CREATE TABLE by_grid_1 PARTITION OF by_grid FOR VALUES WITH (MODULUS 4, REMAINDER 1);
CREATE TABLE by_grid_2 PARTITION OF by_grid FOR VALUES WITH (MODULUS 4, REMAINDER 2);
CREATE TABLE by_grid_3 PARTITION OF by_grid FOR VALUES WITH (MODULUS 4, REMAINDER 3);
INSERT INTO by_grid SELECT puzzle, id FROM collection;
CREATE VIEW same_solution AS
    SELECT a.id AS a, b.id AS b FROM collection a JOIN collection b ON a.solution = b.solution AND a.id < b.id;
CREATE MATERIALIZED VIEW levels AS
    SELECT (rating).level, count(*) AS puzzles, min(puzzle::text) AS first FROM collection GROUP BY 1;
ANALYZE;
