-- The Citus test layer (issue 37), run by scripts/citus_test.sh on the coordinator of a fresh
-- cluster (scripts/citus.sh: a coordinator and two workers). Every shape of pg_sudoku that users
-- distribute is run twice: on distributed tables, and on plain tables of the same rows on the
-- coordinator (one node, no Citus in the plan). check() records whether the two answers are the
-- same rows and where EXPLAIN says the work ran: the number of tasks on the workers, whether the
-- task's own query calls the function, and what the coordinator does besides. The last statement
-- fails when any shape differs from one node or did not run where it should; before it, a shard
-- row is changed behind Citus's back to show that check() sees a difference.
-- Variables: data (the puzzle directory), dir (a scratch directory for COPY files), break (1 to
-- leave that changed row in place, so that the layer fails).
\set ON_ERROR_STOP 1
SET client_min_messages = warning;
DROP EXTENSION IF EXISTS pg_sudoku CASCADE;
CREATE EXTENSION pg_sudoku;
SET search_path = public, sudoku;

-- What each shape gave: rows, the same as on one node, and where it ran.
CREATE TABLE checks (
    shape text PRIMARY KEY,
    rows bigint,
    same boolean,
    tasks integer,
    in_task boolean,
    coordinator text,
    expected text
);

-- The plan of a statement, one line a row.
CREATE FUNCTION plan_lines(statement text) RETURNS SETOF text LANGUAGE plpgsql AS $$
BEGIN
    RETURN QUERY EXECUTE 'EXPLAIN (VERBOSE, COSTS OFF) ' || statement;
END $$;

-- Runs `distributed` (on the distributed tables) and `local` (the same on the plain tables) and
-- records whether they give the same rows (as multisets), how many tasks EXPLAIN of `explained`
-- (default: `distributed`) sends to the workers, whether the text of a task matches `in_task`
-- (the function that must run there), and the coordinator's own steps of note (a combine of
-- partial aggregates, a repartition, a subplan). `expected` says where the shape must run:
-- 'workers' (tasks > 1 and in_task), 'router' (one task, in_task).
CREATE FUNCTION check_shape(shape text, distributed text, local text, in_task text, expected text,
                            explained text DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    plan text[];
    task_at integer;
    n bigint;
    differ bigint;
BEGIN
    EXECUTE 'CREATE TEMP TABLE d AS ' || distributed;
    EXECUTE 'CREATE TEMP TABLE l AS ' || local;
    SELECT count(*) INTO n FROM d;
    SELECT count(*) INTO differ FROM ((TABLE d EXCEPT ALL TABLE l) UNION ALL (TABLE l EXCEPT ALL TABLE d)) x;
    DROP TABLE d;
    DROP TABLE l;
    plan := ARRAY(SELECT plan_lines(coalesce(explained, distributed)));
    task_at := coalesce(array_position(ARRAY(SELECT x ~ '->  Task' FROM unnest(plan) x), true), 0);
    INSERT INTO checks VALUES (
        shape, n, differ = 0,
        (SELECT max(substring(x FROM 'Task Count: (\d+)')::int) FROM unnest(plan) x),
        task_at > 0 AND EXISTS (SELECT 1 FROM unnest(plan[task_at:]) x WHERE x ~ in_task),
        (SELECT string_agg(DISTINCT m[1], ', ') FROM unnest(plan[1:greatest(task_at - 1, 1)]) x,
                regexp_matches(x, '(coord_combine_agg|INSERT/SELECT method: \w+|Distributed Subplan|HashAggregate|GroupAggregate)') m),
        expected)
    ON CONFLICT ON CONSTRAINT checks_pkey DO UPDATE
        SET rows = excluded.rows, same = excluded.same, tasks = excluded.tasks, in_task = excluded.in_task,
            coordinator = excluded.coordinator;
END $$;

-- The puzzles: top95, hardest11, every 500th of the 17-clue list, every 4th of the forum's hardest
-- rated by Sukaku Explainer; the same rows in a plain table and in one distributed by id.
CREATE TEMP TABLE raw (line text);
CREATE TABLE local_puzzles (id bigint PRIMARY KEY, source text, p sudoku.grid NOT NULL);
\set file :data '/top95.txt'
COPY raw FROM :'file';
INSERT INTO local_puzzles SELECT row_number() OVER (), 'top95', line::sudoku.grid FROM raw;
TRUNCATE raw;
\set file :data '/hardest11.txt'
COPY raw FROM :'file';
INSERT INTO local_puzzles SELECT 100 + row_number() OVER (), 'hardest11', line::sudoku.grid FROM raw;
TRUNCATE raw;
\set file :data '/17_clue.txt'
COPY raw FROM :'file';
INSERT INTO local_puzzles
SELECT 1000 + n, '17_clue', line::sudoku.grid FROM (SELECT line, row_number() OVER () AS n FROM raw) r WHERE n % 500 = 1;
TRUNCATE raw;
\set file :data '/se_hardest_oracle_40.txt'
COPY raw FROM :'file';
INSERT INTO local_puzzles
SELECT 100000 + n, 'se_hardest', split_part(line, ' ', 1)::sudoku.grid
FROM (SELECT line, row_number() OVER () AS n FROM raw) r WHERE n % 4 = 1;
SELECT source, count(*) FROM local_puzzles GROUP BY source ORDER BY source;

CREATE TABLE puzzles (id bigint PRIMARY KEY, source text, p sudoku.grid NOT NULL, s sudoku.grid, solutions integer);
SELECT create_distributed_table('puzzles', 'id');
INSERT INTO puzzles (id, source, p) SELECT id, source, p FROM local_puzzles;

-- 1. By id: solve and count_solutions in one UPDATE, on the workers.
UPDATE puzzles SET s = sudoku.solve(p), solutions = sudoku.count_solutions(p);
SELECT check_shape('by id: UPDATE solve, count_solutions',
    'SELECT id, s, solutions FROM puzzles',
    'SELECT id, sudoku.solve(p), sudoku.count_solutions(p) FROM local_puzzles',
    'sudoku\.solve', 'workers',
    'UPDATE puzzles SET s = sudoku.solve(p), solutions = sudoku.count_solutions(p)');

-- 2. Colocated: ratings beside their puzzles, made by INSERT ... SELECT on the workers, read back
-- by a join on the distribution column (pushed down).
CREATE TABLE ratings (id bigint PRIMARY KEY, rating sudoku.rating, se sudoku.se_rating);
SELECT create_distributed_table('ratings', 'id', colocate_with => 'puzzles');
INSERT INTO ratings SELECT id, sudoku.rate(p), sudoku.se_rating(p) FROM puzzles;
SELECT check_shape('colocated: INSERT SELECT rate, se_rating',
    'SELECT id, rating::text, se::text FROM ratings',
    'SELECT id, sudoku.rate(p)::text, sudoku.se_rating(p)::text FROM local_puzzles',
    'sudoku\.se_rating', 'workers',
    'INSERT INTO ratings SELECT id, sudoku.rate(p), sudoku.se_rating(p) FROM puzzles');
SELECT check_shape('colocated: join on id',
    'SELECT p.source, (r.se).er, count(*) FROM puzzles p JOIN ratings r USING (id) GROUP BY 1, 2',
    'SELECT source, (sudoku.se_rating(p)).er, count(*) FROM local_puzzles GROUP BY 1, 2',
    'JOIN|Join', 'workers');

-- 3. By the grid itself (its hash operator class): equal grids on one shard; a lookup by grid is
-- routed to one worker, and two tables distributed by grid join on the workers.
CREATE TABLE by_grid (p sudoku.grid PRIMARY KEY, source text);
SELECT create_distributed_table('by_grid', 'p', colocate_with => 'none');
INSERT INTO by_grid SELECT p, source FROM local_puzzles;
CREATE TABLE solutions_by_grid (p sudoku.grid PRIMARY KEY, s sudoku.grid);
SELECT create_distributed_table('solutions_by_grid', 'p', colocate_with => 'by_grid');
INSERT INTO solutions_by_grid SELECT p, sudoku.solve(p) FROM by_grid;
SELECT check_shape('by grid: lookup routed to one worker',
    format('SELECT source, sudoku.solve(p) FROM by_grid WHERE p = %L', (SELECT p FROM local_puzzles WHERE id = 101)),
    'SELECT source, sudoku.solve(p) FROM local_puzzles WHERE id = 101',
    'sudoku\.solve', 'router');
SELECT check_shape('by grid: colocated join on the grid',
    'SELECT b.source, s.s FROM by_grid b JOIN solutions_by_grid s USING (p)',
    'SELECT source, sudoku.solve(p) FROM local_puzzles',
    'Join', 'workers');

-- 4. By canonical form stored in a column: a puzzle and its disguises (sudoku.transform) meet on
-- one worker, so counting the puzzles up to equivalence is grouped there.
CREATE TABLE disguises (canon sudoku.grid NOT NULL, p sudoku.grid NOT NULL);
SELECT create_distributed_table('disguises', 'canon', colocate_with => 'none');
INSERT INTO disguises
SELECT sudoku.canonical(q), q FROM (SELECT sudoku.transform(p, k) AS q FROM puzzles, generate_series(1, 3) k) t;
SELECT check_shape('by canonical: disguises grouped on the workers',
    'SELECT canon, count(*) AS copies, count(DISTINCT p) AS distinct_p FROM disguises GROUP BY canon',
    'SELECT sudoku.canonical(q), count(*) AS copies, count(DISTINCT q) AS distinct_q
       FROM (SELECT sudoku.transform(p, k) AS q FROM local_puzzles, generate_series(1, 3) k) t GROUP BY 1',
    'GROUP BY canon', 'workers');
SELECT check_shape('by canonical: INSERT SELECT canonical (repartitioned)',
    'SELECT canon, p FROM disguises',
    'SELECT sudoku.canonical(q), q FROM (SELECT sudoku.transform(p, k) AS q FROM local_puzzles, generate_series(1, 3) k) t',
    'sudoku\.canonical', 'workers',
    'INSERT INTO disguises SELECT sudoku.canonical(q), q FROM (SELECT sudoku.transform(p, k) AS q FROM puzzles, generate_series(1, 3) k) t');

-- 5. A reference table of grids (a copy on every node) joined to the distributed puzzles.
CREATE TABLE known (s sudoku.grid PRIMARY KEY, note text);
SELECT create_reference_table('known');
INSERT INTO known SELECT sudoku.solve(p), source FROM local_puzzles WHERE id % 3 = 0;
SELECT check_shape('reference table: join on a grid',
    'SELECT p.id, k.note FROM puzzles p JOIN known k ON k.s = p.s',
    'SELECT id, source FROM local_puzzles WHERE id % 3 = 0',
    'Join', 'workers');

-- 6. COPY into a distributed table, in text and in binary (the grid's send and receive functions).
CREATE TABLE copied_text (id bigint PRIMARY KEY, p sudoku.grid);
SELECT create_distributed_table('copied_text', 'id');
CREATE TABLE copied_binary (id bigint PRIMARY KEY, p sudoku.grid);
SELECT create_distributed_table('copied_binary', 'id');
\set file :dir '/puzzles.txt'
COPY (SELECT id, p FROM local_puzzles) TO :'file';
COPY copied_text FROM :'file';
\set file :dir '/puzzles.bin'
COPY (SELECT id, p FROM local_puzzles) TO :'file' WITH (FORMAT binary);
COPY copied_binary FROM :'file' WITH (FORMAT binary);
SELECT check_shape('COPY text into a distributed table',
    'SELECT id, p, sudoku.count_solutions(p) FROM copied_text',
    'SELECT id, p, sudoku.count_solutions(p) FROM local_puzzles',
    'sudoku\.count_solutions', 'workers');
SELECT check_shape('COPY binary into a distributed table',
    'SELECT id, p, sudoku.count_solutions(p) FROM copied_binary',
    'SELECT id, p, sudoku.count_solutions(p) FROM local_puzzles',
    'sudoku\.count_solutions', 'workers');

-- 7. generate on the workers: a bank made from distributed seeds (generate is volatile, so Citus
-- runs the SELECT on the workers and repartitions its rows by id).
CREATE TABLE seeds (id bigint PRIMARY KEY);
SELECT create_distributed_table('seeds', 'id');
INSERT INTO seeds SELECT generate_series(1, 64);
CREATE TABLE bank (id bigint PRIMARY KEY, p sudoku.grid);
SELECT create_distributed_table('bank', 'id', colocate_with => 'seeds');
INSERT INTO bank SELECT id, sudoku.generate(9, id) FROM seeds;
SELECT check_shape('generate: INSERT SELECT from seeds',
    'SELECT id, p FROM bank',
    'SELECT id, sudoku.generate(9, id) FROM generate_series(1, 64) id',
    'sudoku\.generate', 'workers',
    'INSERT INTO bank SELECT id, sudoku.generate(9, id) FROM seeds');

-- 8. The views as lateral joins: cells and candidates of each puzzle, on the workers.
SELECT check_shape('cells as a lateral join',
    'SELECT id, c.* FROM puzzles, LATERAL sudoku.cells(p) c',
    'SELECT id, c.* FROM local_puzzles, LATERAL sudoku.cells(p) c',
    'sudoku\.cells', 'workers');
SELECT check_shape('candidates as a lateral join',
    'SELECT id, c.row, c.col, c.candidates FROM puzzles, LATERAL sudoku.candidates(p) c',
    'SELECT id, c.row, c.col, c.candidates FROM local_puzzles, LATERAL sudoku.candidates(p) c',
    'sudoku\.candidates', 'workers');

-- 9. grid_agg: cells distributed by their puzzle (the whole aggregate on the workers) and by row
-- (partial aggregates on the workers, combined on the coordinator).
CREATE TABLE cells_by_id (id bigint, "row" integer, col integer, value integer);
SELECT create_distributed_table('cells_by_id', 'id', colocate_with => 'puzzles');
INSERT INTO cells_by_id SELECT id, c.row, c.col, c.value FROM puzzles, LATERAL sudoku.cells(s) c;
CREATE TABLE cells_by_row (id bigint, "row" integer, col integer, value integer);
SELECT create_distributed_table('cells_by_row', 'row', colocate_with => 'none');
INSERT INTO cells_by_row SELECT id, row, col, value FROM cells_by_id;
-- The README's example: the grids back from cells distributed by row, equal to the solutions.
SELECT count(*) AS grids, count(*) FILTER (WHERE a.g = p.s) AS equal
FROM (SELECT id, sudoku.grid_agg(row, col, value) AS g FROM cells_by_row GROUP BY id) a JOIN puzzles p USING (id);
SELECT check_shape('grid_agg grouped by the distribution column',
    'SELECT id, sudoku.grid_agg(row, col, value) FROM cells_by_id GROUP BY id',
    'SELECT id, sudoku.solve(p) FROM local_puzzles',
    'sudoku\.grid_agg', 'workers');
-- Citus 13 (PostgreSQL 15) ships the partial states as text (worker_partial_agg), Citus 14
-- (PostgreSQL 18) in binary (worker_binary_partial_agg); the bytea state serves both.
SELECT check_shape('grid_agg grouped by another column',
    'SELECT id, sudoku.grid_agg(row, col, value) FROM cells_by_row GROUP BY id',
    'SELECT id, sudoku.solve(p) FROM local_puzzles',
    'worker_(binary_)?partial_agg', 'workers');

-- 10. The neighbourhood search, one round from two of hardest11: the {-1+1} neighbours of each,
-- kept once up to equivalence in a table distributed by canonical form (duplicates meet on one
-- worker: ON CONFLICT there), then rated where they live.
CREATE TABLE found (canon sudoku.grid PRIMARY KEY, p sudoku.grid NOT NULL, se sudoku.se_rating);
SELECT create_distributed_table('found', 'canon', colocate_with => 'none');
INSERT INTO found (canon, p)
SELECT sudoku.canonical(n), n FROM puzzles, LATERAL sudoku.neighbours(p) n WHERE id IN (101, 106)
ON CONFLICT (canon) DO NOTHING;
UPDATE found SET se = sudoku.se_rating(p);
SELECT check_shape('neighbours: INSERT SELECT by canonical form',
    'SELECT canon FROM found',
    'SELECT DISTINCT sudoku.canonical(n) FROM local_puzzles, LATERAL sudoku.neighbours(p) n WHERE id IN (101, 106)',
    'sudoku\.neighbours', 'workers',
    'INSERT INTO found (canon, p) SELECT sudoku.canonical(n), n FROM puzzles, LATERAL sudoku.neighbours(p) n
     WHERE id IN (101, 106) ON CONFLICT (canon) DO NOTHING');
SELECT check_shape('neighbours: rated where they live',
    'SELECT canon, (se).er, (se).ep, (se).ed FROM found',
    'SELECT canon, (r).er, (r).ep, (r).ed FROM (SELECT DISTINCT ON (canon) canon, sudoku.se_rating(n) AS r
       FROM (SELECT sudoku.canonical(n) AS canon, n FROM local_puzzles, LATERAL sudoku.neighbours(p) n
             WHERE id IN (101, 106)) x) y',
    'sudoku\.se_rating', 'workers',
    'UPDATE found SET se = sudoku.se_rating(p)');

-- The check can fail: one solution changed on its worker, behind Citus's back, is a difference.
SELECT run_command_on_shards('puzzles', $$UPDATE %s SET s = p WHERE id = 1$$) IS NOT NULL AS changed_on_a_worker;
SELECT check_shape('negative control: a shard row changed on its worker',
    'SELECT id, s, solutions FROM puzzles',
    'SELECT id, sudoku.solve(p), sudoku.count_solutions(p) FROM local_puzzles',
    'Seq Scan', 'differs');
\if :break
\else
UPDATE puzzles SET s = sudoku.solve(p) WHERE id = 1;
\endif
SELECT check_shape('after the control: restored',
    'SELECT id, s, solutions FROM puzzles',
    'SELECT id, sudoku.solve(p), sudoku.count_solutions(p) FROM local_puzzles',
    'Seq Scan', 'workers');

SELECT shape, rows, same, tasks, in_task, coordinator FROM checks ORDER BY shape;
DO $$
DECLARE
    bad text;
BEGIN
    SELECT string_agg(shape, '; ') INTO bad FROM checks
    WHERE CASE expected
              WHEN 'workers' THEN NOT (same AND tasks > 1 AND in_task)
              WHEN 'router' THEN NOT (same AND tasks = 1 AND in_task)
              WHEN 'differs' THEN same
          END;
    IF bad IS NOT NULL THEN
        RAISE EXCEPTION 'distributed shapes differ from one node or did not run where they should: %', bad;
    END IF;
END $$;
SELECT format('Citus: %s shapes the same as on one node, each where it should run', count(*)) AS outcome FROM checks;
