-- Random JSON documents cast to sudoku.grid (scripts/abuse.sh json N): mostly grid-shaped arrays
-- of every size with mutations (a row too short or long, a string, a fraction, a boolean, an
-- object, a nested array, numbers out of range, null), and some documents of no grid shape at all.
-- Every cast must succeed or fail with 22P02 / 22023; the result is a count per outcome.
SELECT setseed(0.42);
CREATE TEMP TABLE docs AS
WITH shape AS (
    SELECT i, (ARRAY[4, 9, 16, 25, 3, 10, 26, 0])[1 + floor(random() * 8)::int] AS n,
           random() < 0.9 AS gridlike
    FROM generate_series(1, :cases) i
)
SELECT i,
       CASE WHEN NOT gridlike THEN (ARRAY['{}', '[]', '"..."', '42', 'null', '[[1,2],[3,4]]', '[1,2,3,4]',
                                          '{"rows": [[1]]}', '[[[1]]]', '[null, null, null, null]'])[1 + floor(random() * 10)::int]::jsonb
       ELSE (SELECT coalesce(jsonb_agg(row ORDER BY r), '[]')
             FROM (SELECT r, CASE WHEN random() < 0.01 THEN '"row"'::jsonb
                              ELSE (SELECT coalesce(jsonb_agg(cell ORDER BY c), '[]')
                                    FROM (SELECT c, CASE
                                                 WHEN x < 0.90 THEN to_jsonb(floor(random() * (s.n + 1))::int)
                                                 WHEN x < 0.95 THEN 'null'::jsonb
                                                 WHEN x < 0.96 THEN to_jsonb(s.n + 1)
                                                 WHEN x < 0.97 THEN '-1'::jsonb
                                                 WHEN x < 0.975 THEN '1.5'::jsonb
                                                 WHEN x < 0.98 THEN '"5"'::jsonb
                                                 WHEN x < 0.985 THEN 'true'::jsonb
                                                 WHEN x < 0.99 THEN '{}'::jsonb
                                                 WHEN x < 0.995 THEN '[1]'::jsonb
                                                 ELSE '1e300'::jsonb END AS cell
                                          FROM generate_series(1, s.n + CASE WHEN random() < 0.01 THEN 1 ELSE 0 END) c,
                                               LATERAL (SELECT random() AS x) u) cells) END AS row
                   FROM generate_series(1, s.n) r) rows)
       END AS doc
FROM shape s;
CREATE FUNCTION pg_temp.cast_outcome(doc jsonb) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
    PERFORM doc::sudoku.grid;
    RETURN 'cast';
EXCEPTION WHEN OTHERS THEN
    RETURN SQLSTATE;
END $$;
SELECT pg_temp.cast_outcome(doc) AS outcome, count(*) FROM docs GROUP BY 1 ORDER BY 2 DESC;
