-- The pure-SQL versions of the articles' approaches against their native twins.
SET search_path = sudoku, public;

-- grids_4x4_sql: the brute-force join in pure SQL finds the same 288 grids as the native search.
SELECT count(*) AS sql_grids, count(DISTINCT g) AS distinct_grids, bool_and(is_solved(g)) AS all_solved,
       (SELECT count(*) FROM (SELECT g FROM grids_4x4_sql() g
                              EXCEPT SELECT s FROM solutions(repeat('.', 16)::grid, 1000) s) x) AS only_sql,
       (SELECT count(*) FROM (SELECT s FROM solutions(repeat('.', 16)::grid, 1000) s
                              EXCEPT SELECT g FROM grids_4x4_sql() g) x) AS only_native
FROM grids_4x4_sql() g;
