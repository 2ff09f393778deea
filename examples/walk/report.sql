-- What each round of the walk found (issue 37): the new puzzles (unique up to equivalence, not
-- met before), how hard they are, and how long the two steps took. The found rows are read
-- first (on Citus: gathered from the workers), then joined to the coordinator's timings.
\set ON_ERROR_STOP 1
WITH f AS MATERIALIZED (SELECT round, (se).er FROM walk_found),
per_round AS (
    SELECT round, count(*) AS puzzles, max(er) AS max_er,
           percentile_disc(0.5) WITHIN GROUP (ORDER BY er) AS median_er,
           count(*) FILTER (WHERE er >= 10) AS er_10_up, count(*) FILTER (WHERE er >= 11) AS er_11_up
    FROM f GROUP BY round
)
SELECT p.*,
       (SELECT seconds FROM walk_time t WHERE t.round = p.round AND step = 'neighbours')::numeric(8,1) AS neighbours_s,
       (SELECT seconds FROM walk_time t WHERE t.round = p.round AND step = 'rating')::numeric(8,1) AS rating_s
FROM per_round p ORDER BY p.round;
