-- One round of the neighbourhood search (issue 37): the {-1+1} neighbours of the seeds of the
-- round before, kept once up to equivalence and only when new; rated where they live; the
-- hardest `keep` become the next seeds. Variables: citus, round, keep.
-- On Citus each step is one distributed statement run on the workers. On one node, INSERT and
-- UPDATE never use parallel workers, so the heavy step of each is a CREATE TABLE AS (which does)
-- and the write back a cheap join. A parallel scan is considered for tables of any size (the
-- tables are small, the functions called on each row are not), over fresh statistics.
\set ON_ERROR_STOP 1
SET client_min_messages = warning;
\if :citus
\else
SET min_parallel_table_scan_size = 0;
ANALYZE walk_seeds;
\endif
SELECT clock_timestamp() AS t0 \gset
\if :citus
INSERT INTO walk_found (canon, round, parent)
SELECT sudoku.canonical(n), :round, s.id
FROM walk_seeds s, LATERAL sudoku.neighbours(s.p) n
WHERE s.round = :round - 1
ON CONFLICT (canon) DO NOTHING;
\else
CREATE UNLOGGED TABLE walk_new AS
SELECT sudoku.canonical(n) AS canon, s.id AS parent
FROM walk_seeds s, LATERAL sudoku.neighbours(s.p) n
WHERE s.round = :round - 1;
INSERT INTO walk_found (canon, round, parent) SELECT canon, :round, parent FROM walk_new ON CONFLICT (canon) DO NOTHING;
DROP TABLE walk_new;
\endif
INSERT INTO walk_time SELECT :round, 'neighbours', extract(epoch FROM clock_timestamp() - :'t0'::timestamptz);
SELECT clock_timestamp() AS t0 \gset
\if :citus
UPDATE walk_found SET se = sudoku.se_rating(canon) WHERE round = :round;
\else
ANALYZE walk_found;
CREATE UNLOGGED TABLE walk_rated AS SELECT canon, sudoku.se_rating(canon) AS se FROM walk_found WHERE round = :round;
UPDATE walk_found f SET se = r.se FROM walk_rated r WHERE f.canon = r.canon;
DROP TABLE walk_rated;
\endif
INSERT INTO walk_time SELECT :round, 'rating', extract(epoch FROM clock_timestamp() - :'t0'::timestamptz);
INSERT INTO walk_seeds
SELECT :round * 1000 + row_number() OVER (ORDER BY (se).er DESC, (se).ep DESC, (se).ed DESC, canon), :round, canon
FROM (SELECT canon, se FROM walk_found WHERE round = :round
      ORDER BY (se).er DESC, (se).ep DESC, (se).ed DESC, canon LIMIT :keep) h;
