-- One engine of human steps (issue 35): rate, hint, fill_steps and se_rating walk one path,
-- Sudoku Explainer's, on real puzzles (public.bank: every 50th puzzle of se_rated_10k, from
-- se_rating.sql; top95 and the others from setup.sql).
SET search_path = sudoku, public;

-- Every technique of the path, in the order tried, with its family and least difficulty, then
-- HoDoKu's own (issue 48: position NULL, HoDoKu's scale), each with HoDoKu's codes.
SELECT position, name, title, family, difficulty, scale, hodoku FROM techniques() ORDER BY position, name;
-- rating_techniques() is the path's list by name.
SELECT rating_techniques() = ARRAY(SELECT name FROM techniques() WHERE position IS NOT NULL
                                   GROUP BY name ORDER BY min(position))
       AS same_names;
-- Every name techniques() lists is one steps(board, technique) takes (the chains and BUG
-- refuse with 0A000, not as unknown).
SELECT t.name, t.scale, count(s.*) AS steps_on_first_state
FROM techniques() t
LEFT JOIN LATERAL (SELECT * FROM steps(board('000000010400000000020000000000050407008000300001090000300400200050100000000806000'),
                                       t.name)) s ON true
WHERE t.position IS NULL OR t.family IN ('fish', 'subsets')
GROUP BY t.name, t.scale, t.position ORDER BY t.position, t.name;
-- A name only HoDoKu has makes fill_steps (and propagate) follow HoDoKu's order, restricted
-- to the techniques named; a name that order has no step of is refused.
SELECT step, technique, difficulty, eliminated
FROM fill_steps('.83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.'::grid,
                ARRAY['full_house', 'naked_single', 'hidden_single', 'locked_candidates', 'locked_pair', 'xy_wing',
                      'w_wing', 'skyscraper'])
WHERE technique NOT IN ('full_house', 'naked_single', 'hidden_single');
SELECT propagate('.83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.'::grid,
                 ARRAY['full_house', 'naked_single', 'hidden_single', 'locked_candidates', 'skyscraper'])::text
       = (SELECT grid::text FROM fill_steps('.83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.'::grid,
                 ARRAY['full_house', 'naked_single', 'hidden_single', 'locked_candidates', 'skyscraper'])
          ORDER BY step DESC LIMIT 1) AS propagate_ends_where_fill_steps_ends;
DO $$
BEGIN
    PERFORM fill_steps('000000010400000000020000000000050407008000300001090000300400200050100000000806000'::grid,
                       ARRAY['skyscraper', 'aligned_pair_exclusion']);
EXCEPTION WHEN invalid_parameter_value THEN
    RAISE NOTICE 'fill_steps refuses: %', SQLERRM;
END $$;
-- HoDoKu's techniques are listed on 4x4 and 9x9 boards only (0A000 on larger ones: HoDoKu's
-- ALS and chain searches grow exponentially with a unit's cells).
DO $$
BEGIN
    PERFORM count(*) FROM steps(board(generate(16, 1)), 'grouped_aic');
EXCEPTION WHEN feature_not_supported THEN
    RAISE NOTICE 'steps refuses grouped_aic on 16x16: %', SQLERRM;
END $$;

-- rate's score is the path's ER: se_rating's er on every bank puzzle, the published rating
-- too; its techniques are the path's, its hardest the one se_rating names.
SELECT count(*) AS puzzles,
       count(*) FILTER (WHERE (r).score = (s).er) AS score_is_er,
       count(*) FILTER (WHERE (r).score = published) AS score_as_published,
       count(*) FILTER (WHERE (s).hardest = ANY((r).techniques)) AS hardest_among_techniques,
       count(*) FILTER (WHERE (r).guesses = 0) AS without_guesses
FROM (SELECT published, rate(puzzle) AS r, se_rating(puzzle) AS s FROM bank) x;

-- The levels are bands of ER: easy below 2.0, medium to 2.5, hard to 3.7, expert to 6.4,
-- extreme from 6.5 (chains). No 9x9 puzzle guesses: hardest11's two that need more than dynamic
-- forcing chains take nested ones (10.5, 10.6).
SELECT (r).level, count(*) AS puzzles, min((r).score), max((r).score), sum((r).guesses) AS guesses
FROM (SELECT rate(puzzle) AS r FROM puzzles WHERE file IN ('easy50', 'top95', 'hardest11')
      UNION ALL SELECT rate(puzzle) FROM bank) x
GROUP BY 1 ORDER BY 3;

-- The first step of the path on a puzzle by the path restricted to one technique: the
-- first puzzle (top95, then the bank) where the path with the singles and that technique
-- uses it, its step, difficulty and explanation. Every technique occurs but the unique loop,
-- which needs the whole path (below).
CREATE FUNCTION pg_temp.first_use(technique text)
RETURNS TABLE (source text, step integer, difficulty numeric, cells integer, explanation text)
LANGUAGE plpgsql AS $$
DECLARE
    p record;
    s record;
    names text[] := ARRAY['full_house', 'hidden_single', 'naked_single', technique];
BEGIN
    FOR p IN SELECT 'top95 ' || n AS source, puzzle FROM public.puzzles WHERE file = 'top95'
             UNION ALL SELECT 'bank ' || line, puzzle FROM public.bank ORDER BY 1 LOOP
        FOR s IN SELECT * FROM sudoku.fill_steps(p.puzzle, names) LOOP
            IF s.technique NOT IN ('full_house', 'hidden_single', 'naked_single', 'solved', 'stalled')
               AND s.technique <> technique THEN
                RAISE EXCEPTION 'fill_steps made a % step with %', s.technique, names;
            END IF;
            IF s.technique = technique THEN
                RETURN QUERY SELECT p.source, s.step, s.difficulty,
                                    coalesce(array_length(s.cells, 1), 0), s.explanation;
                RETURN;
            END IF;
        END LOOP;
    END LOOP;
END $$;
SELECT t.name, f.source, f.step, f.difficulty, f.cells AS rests_on
FROM techniques() t LEFT JOIN LATERAL pg_temp.first_use(t.name) f ON true
WHERE t.name NOT IN ('full_house', 'hidden_single', 'naked_single', 'guess') AND t.position IS NOT NULL
ORDER BY t.position;
-- A unique loop (more than four cells) is rare: line 59 of se_rated_10k takes one on its path.
CREATE TEMP TABLE raw (line text);
\getenv datadir PG_SUDOKU_DATA
SELECT format('COPY raw FROM %L', :'datadir' || '/se_rated_10k.txt') AS copy_bank \gset
:copy_bank;
CREATE TEMP TABLE loop_puzzle AS
SELECT split_part(line, ' ', 1)::grid AS puzzle FROM (SELECT line, row_number() OVER () AS n FROM raw) x WHERE n = 59;
SELECT s.step, s.technique, s.difficulty, array_length(s.cells, 1) AS loop_cells, s.eliminated, s.explanation
FROM loop_puzzle p, fill_steps(p.puzzle, rating_techniques()) s WHERE s.technique = 'unique_loop';
-- The explanations of a few of them, one per family.
SELECT t.name, f.explanation
FROM unnest(ARRAY['pointing', 'naked_pair', 'x_wing', 'turbot_fish', 'xy_wing', 'unique_rectangle',
                  'aligned_pair_exclusion', 'forcing_chain', 'cell_forcing_chain']) AS t(name),
     LATERAL pg_temp.first_use(t.name) f;
-- A guess, and the singles, by name: with only the singles and guesses, the path of
-- hardest11's first puzzle guesses where the singles stop.
SELECT technique, count(*) AS steps, min(difficulty), max(difficulty)
FROM puzzles p, fill_steps(p.puzzle, ARRAY['full_house', 'hidden_single', 'naked_single', 'guess']) s
WHERE p.file = 'hardest11' AND p.n = 1
GROUP BY 1 ORDER BY 1;

-- hint is the first step of the path: the first row of fill_steps with every technique, on
-- every bank and top95 puzzle.
SELECT count(*) AS puzzles,
       count(*) FILTER (WHERE (h).technique = f.technique AND (h).placed IS NOT DISTINCT FROM f.placed
                               AND (h).eliminated = f.eliminated AND (h).difficulty = f.difficulty
                               AND (h).explanation = f.explanation) AS hint_is_first_step
FROM (SELECT puzzle FROM bank UNION ALL SELECT puzzle FROM puzzles WHERE file = 'top95') p,
     LATERAL (SELECT hint(p.puzzle) AS h) h,
     LATERAL (SELECT * FROM fill_steps(p.puzzle, rating_techniques()) WHERE step = 1) f;
-- And on the grids along the path of the first 20 top95 puzzles: the techniques hint gives.
SELECT (h).technique, count(*) AS hints, min((h).difficulty), max((h).difficulty)
FROM puzzles p, fill_steps(p.puzzle, rating_techniques()) s, LATERAL (SELECT hint(s.grid) AS h) x
WHERE p.file = 'top95' AND p.n <= 20 AND s.technique <> 'solved' AND (h).step IS NOT NULL
GROUP BY 1 ORDER BY min((h).difficulty), 1;

-- A chain's links in order, as jsonb, and the step as a client reads it.
SELECT technique, difficulty, jsonb_array_length(links) AS links, links -> 0 AS first_link,
       (s::jsonb) ? 'links' AS in_json, (s::jsonb) -> 'difficulty' AS json_difficulty
FROM bank p, fill_steps(p.puzzle, rating_techniques()) s
WHERE p.line = 1007 AND jsonb_array_length(links) > 0
ORDER BY step LIMIT 3;

-- Every step is sound on the bank: a placement is the solution's digit, an elimination never.
SELECT count(*) AS steps,
       count(*) FILTER (WHERE placed IS NULL OR get(sol, placed[1], placed[2]) = placed[3]) AS placements_right,
       count(*) FILTER (WHERE NOT EXISTS (SELECT FROM generate_subscripts(eliminated, 1) i
                                         WHERE get(sol, eliminated[i][1], eliminated[i][2]) = eliminated[i][3]))
           AS eliminations_right
FROM (SELECT puzzle, solve(puzzle) AS sol FROM bank WHERE line % 200 = 7) b,
     fill_steps(b.puzzle, rating_techniques()) s
WHERE s.technique <> 'solved';

-- Errors.
SELECT error_of($$SELECT sudoku.rate(repeat('.', 81)::sudoku.grid)$$);
SELECT error_of($$SELECT sudoku.hint(('55' || repeat('.', 79))::sudoku.grid)$$);
SELECT error_of($$SELECT * FROM sudoku.fill_steps(repeat('.', 81)::sudoku.grid, ARRAY['forcing_chain'])$$);
SELECT error_of($$SELECT * FROM sudoku.fill_steps(repeat('.', 81)::sudoku.grid, ARRAY['simple_chain'])$$)
       LIKE '22023: unknown technique "simple_chain"; the techniques are full_house, %' AS old_name_refused;

-- A step's picture (sudoku.svg_step): the cells it rests on highlighted, what it removes struck,
-- a chain's links as arrows; a single places its digit in green.
SELECT s.technique, position('#fff0a0' IN svg_step(s)) > 0 AS highlighted,
       position('#d62020' IN svg_step(s)) > 0 AS struck, position('marker-end' IN svg_step(s)) > 0 AS arrows,
       position('#178a36' IN svg_step(s)) > 0 AS placed_in_green
FROM bank p, fill_steps(p.puzzle, ARRAY['full_house', 'hidden_single', 'naked_single', 'forcing_chain']) s
WHERE p.line = 1007 AND s.step IN (1, 15)
ORDER BY s.step;
-- A finned fish's fins come with its step and are drawn apart, in blue (issue 48).
SELECT s.technique, s.fins, s.fins <@ s.cells AS fins_among_cells,
       position('#b8dcff' IN svg_step(s)) > 0 AS fins_in_blue
FROM sudoku.steps(sudoku.board('000000010400000000020000000000050407008000300001090000300400200050100000000806000'),
                  'sashimi_x_wing') AS s;
SELECT error_of($$SELECT sudoku.svg_step(ROW(1, 'x', NULL, NULL, '{}', '{}', NULL, '{}', repeat('.', 81)::sudoku.grid,
                                          '', NULL, NULL, '{{0,1}}')::sudoku.step)$$);
SELECT error_of($$SELECT sudoku.svg_step(ROW(1, 'x', NULL, NULL, '{}', '{{10,1}}', NULL, '{}', repeat('.', 81)::sudoku.grid,
                                          '', NULL, NULL, NULL)::sudoku.step)$$);
SELECT error_of($$SELECT sudoku.svg_step(ROW(1, 'x', NULL, NULL, '{}', '{}', NULL, '{}', repeat('.', 81)::sudoku.grid,
                                          '', NULL, '{"from": 1}', NULL)::sudoku.step)$$);
