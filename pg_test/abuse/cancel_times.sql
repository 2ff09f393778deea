-- The long-running functions of pg_sudoku under statement_timeout = 200 ms (scripts/abuse.sh
-- cancel): each statement should fail with 57014 and psql's \timing show how long it ran
-- (target: under 1,200 ms, i.e. within 1 s of the timeout). The inputs run for seconds to forever.
SELECT sudoku.generate(25, 1)::text AS g25, sudoku.generate(16, 1)::text AS g16 \gset
SET statement_timeout = 200;
\timing on
\echo CASE count_solutions
SELECT sudoku.count_solutions(repeat('.', 625)::sudoku.grid, 2000000000);
\echo CASE solutions
SELECT count(*) FROM sudoku.solutions(repeat('.', 81)::sudoku.grid, 2000000000);
\echo CASE solutions_select_list
SELECT count(s) FROM (SELECT sudoku.solutions(repeat('.', 256)::sudoku.grid, 2000000000) s) x;
\echo CASE search_tree
SELECT count(*) FROM sudoku.search_tree(repeat('.', 625)::sudoku.grid, 2000000000);
\echo CASE generate
SELECT sudoku.generate(25, 7);
\echo CASE generate_many
SELECT count(*) FROM sudoku.generate_many(1000000, 25);
\echo CASE rate
SELECT sudoku.rate(:'g25');
\echo CASE se_rating
SELECT sudoku.se_rating('..9...4...7.3...2.8...6...71..8....6....1..7.....56...3....5..1.4.....9...2...7..');
\echo CASE fill_steps
SELECT count(*) FROM sudoku.fill_steps(:'g25', sudoku.rating_techniques());
\echo CASE propagate
SELECT sudoku.propagate(:'g25', sudoku.rating_techniques());
\echo CASE solve_sql
SELECT sudoku.solve_sql(:'g16');
\echo CASE propagate_combo_sql
SELECT sudoku.propagate_combo_sql(:'g16');
\echo CASE solve_crook_sql
SELECT sudoku.solve_crook_sql(:'g25');
\echo CASE random_grid_sql
SELECT sudoku.random_grid_sql(0.5, 16);
\echo CASE compare
SELECT count(*) FROM sudoku.compare(:'g16');
\echo CASE grid_agg
SELECT sudoku.grid_agg(i % 25 + 1, i / 25 % 25 + 1, NULL) FROM generate_series(1, 2000000000) i;
