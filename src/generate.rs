//! Puzzle generation as SQL functions: `sudoku.generate` and `sudoku.generate_many`.

use pgrx::datum::{AnyNumeric, Range, RangeBound};
use pgrx::prelude::*;
use sudoku_engine::generate::{generate_band_seeded, generate_seeded, GenerateError, Symmetry, LEVEL_ATTEMPTS};
use sudoku_engine::human::explainer::{se_rating_with, tenths_text, SeError};
use sudoku_engine::human::{
    hint_with, hodoku_hint_with, hodoku_rate_with, level_band, rate_with, technique_names, Rating, Scale, Technique,
    LEVELS,
};

use crate::rows::{datum, RowType};
use crate::views::{after_step, step_row};

use crate::functions::{interrupts, searched};
use crate::grid_type::{human_shape, invalid_parameter, parse_shape, raise, required, Grid};
use crate::variant::shape_of_size;
use sudoku_engine::Shape;

/// The symmetry named in SQL; `22023` for another name.
pub(crate) fn symmetry(name: &str) -> Symmetry {
    Symmetry::from_name(name).unwrap_or_else(|| {
        let names: Vec<&str> = Symmetry::ALL.iter().map(|s| s.name()).collect();
        invalid_parameter(format!("unknown symmetry {name:?}; the symmetries are {}", names.join(", ")))
    })
}

/// The checked arguments shared by `generate` and `generate_many`.
struct Request {
    shape: Shape,
    symmetry: Symmetry,
    givens: Option<usize>,
    /// The band of ER asked for, in tenths, and how to name it in an error.
    band: Option<((u32, u32), String)>,
}

/// A bound of an ER range in tenths: the least (`lower`) or greatest tenth it lets in.
fn tenth(bound: &RangeBound<AnyNumeric>, lower: bool) -> u32 {
    let Some(v) = bound.get() else {
        return if lower { 0 } else { u32::MAX };
    };
    let x: f64 = v.clone().try_into().unwrap_or_else(|e| invalid_parameter(format!("{e}")));
    let t = x * 10.0;
    let exact = (t - t.round()).abs() < 1e-9;
    let t = if exact {
        t.round()
    } else if lower {
        t.ceil()
    } else {
        t.floor()
    };
    let t = match (exact, bound.is_exclusive(), lower) {
        (true, true, true) => t + 1.0,
        (true, true, false) => t - 1.0,
        _ => t,
    };
    t.clamp(0.0, 1000.0) as u32
}

fn request(
    shape: Shape,
    symmetry_name: Option<&str>,
    givens: Option<i32>,
    difficulty: Option<&str>,
    er: Option<Range<AnyNumeric>>,
) -> Request {
    let symmetry_name = required(symmetry_name, "symmetry");
    let givens = match givens {
        Some(g) if g < 0 => invalid_parameter(format!("givens must not be negative, not {g}")),
        Some(g) => Some(g as usize),
        None => None,
    };
    let level = difficulty.map(|d| match level_band(d) {
        Some(band) => (band, format!("{d} puzzle")),
        None => invalid_parameter(format!("unknown difficulty {d:?}; the levels are {}", LEVELS.join(", "))),
    });
    let er = er.map(|r| {
        let (lo, hi) = match r.lower().zip(r.upper()) {
            Some((l, u)) => (tenth(l, true), tenth(u, false)),
            None => invalid_parameter("the ER range is empty".to_string()),
        };
        if lo > hi {
            invalid_parameter("the ER range holds no tenth of the scale".to_string());
        }
        let top = if hi == u32::MAX { "infinity".to_string() } else { tenths_text(hi) };
        ((lo, hi), format!("puzzle of ER in [{}, {top}]", tenths_text(lo)))
    });
    let band = match (level, er) {
        (Some(_), Some(_)) => invalid_parameter("give a difficulty or an ER range, not both".to_string()),
        (l, e) => l.or(e),
    };
    if band.is_some() {
        human_shape(shape, "a difficulty or an ER range");
    }
    Request { shape, symmetry: symmetry(symmetry_name), givens, band }
}

/// One puzzle for `seed`, raising `22023` when the request cannot be met.
fn one(r: &Request, seed: u64) -> Grid {
    if let Some((band, what)) = &r.band {
        return match searched(generate_band_seeded(r.shape, seed, r.symmetry, r.givens, *band, &mut interrupts())) {
            Ok(Some(g)) => Grid(g.puzzle),
            Ok(None) => invalid_parameter(format!(
                "no {what} was found in {LEVEL_ATTEMPTS} attempts for this size, symmetry and givens"
            )),
            Err(GenerateError::Size(e)) => raise(&e),
            Err(e) => invalid_parameter(format!("{e}")),
        };
    }
    match searched(generate_seeded(r.shape, seed, r.symmetry, r.givens, &mut interrupts())) {
        Ok(g) => Grid(g.puzzle),
        Err(GenerateError::Size(e)) => raise(&e),
        Err(e) => invalid_parameter(format!("{e}")),
    }
}

/// The seed of the i-th puzzle of `generate_many`: SplitMix64 of the seed and the index, so
/// neighbouring seeds and indexes give unrelated streams.
fn derived_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed.wrapping_add(i.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A puzzle with exactly one solution, dug from a random complete grid keeping `symmetry`;
/// with `difficulty` or `er`, rating within that band of ER.
// COST 14000: 68 µs a call (9x9) on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(name = "generate", volatile, parallel_safe, cost = 14000)]
fn generate_in_band(
    size: default!(Option<i32>, 9),
    seed: default!(Option<i64>, "NULL"),
    symmetry: default!(Option<&str>, "'central'"),
    givens: default!(Option<i32>, "NULL"),
    difficulty: default!(Option<&str>, "NULL"),
    er: default!(Option<Range<AnyNumeric>>, "NULL"),
) -> Grid {
    let size = shape_of_size(required(size, "size"));
    let r = request(size, symmetry, givens, difficulty, er);
    one(&r, seed.map_or_else(rand::random::<u64>, |s| s as u64))
}

/// `generate` for a grid of boxes of the shape given, `RxC` (e.g. `3x2`: 6x6 of tall boxes) or
/// `none` with its size (`7x7`: written `none` needs the size, so `generate(size => 7)`).
// COST 14000: as generate(size) for 9x9; 6x6 and 8x8 take less, 12x12 more (docs/grid-type.md "Every size").
#[pg_extern(name = "generate", volatile, parallel_safe, cost = 14000)]
fn generate_shaped(
    shape: Option<&str>,
    seed: default!(Option<i64>, "NULL"),
    symmetry: default!(Option<&str>, "'central'"),
    givens: default!(Option<i32>, "NULL"),
    difficulty: default!(Option<&str>, "NULL"),
    er: default!(Option<Range<AnyNumeric>>, "NULL"),
) -> Grid {
    let shape = parse_shape(required(shape, "shape"));
    let r = request(shape, symmetry, givens, difficulty, er);
    one(&r, seed.map_or_else(rand::random::<u64>, |s| s as u64))
}

/// `n` puzzles, streamed one per row: the i-th from a seed derived from `seed` and i.
// COST 14000: 70 µs a row (9x9) on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(name = "generate_many", volatile, parallel_safe, cost = 14000)]
#[allow(clippy::too_many_arguments)]
fn generate_many_in_band(
    n: Option<i32>,
    size: default!(Option<i32>, 9),
    seed: default!(Option<i64>, "NULL"),
    symmetry: default!(Option<&str>, "'central'"),
    givens: default!(Option<i32>, "NULL"),
    difficulty: default!(Option<&str>, "NULL"),
    er: default!(Option<Range<AnyNumeric>>, "NULL"),
) -> SetOfIterator<'static, Grid> {
    let n = required(n, "n");
    if n < 0 {
        invalid_parameter(format!("n must not be negative, not {n}"));
    }
    let r = request(shape_of_size(required(size, "size")), symmetry, givens, difficulty, er);
    let base = seed.map_or_else(rand::random::<u64>, |s| s as u64);
    SetOfIterator::new((0..n as u64).map(move |i| one(&r, derived_seed(base, i))))
}

/// `generate` of releases before 0.4.0 (no `er`): the C function their SQL definition names,
/// so an install keeps working with this library until `ALTER EXTENSION pg_sudoku UPDATE`.
#[pg_extern(sql = false)]
fn generate(
    size: Option<i32>,
    seed: Option<i64>,
    symmetry: Option<&str>,
    givens: Option<i32>,
    difficulty: Option<&str>,
) -> Grid {
    generate_in_band(size, seed, symmetry, givens, difficulty, None)
}

/// `generate_many` of releases before 0.4.0 (no `er`), as [`generate`].
#[pg_extern(sql = false)]
fn generate_many(
    n: Option<i32>,
    size: Option<i32>,
    seed: Option<i64>,
    symmetry: Option<&str>,
    givens: Option<i32>,
    difficulty: Option<&str>,
) -> SetOfIterator<'static, Grid> {
    generate_many_in_band(n, size, seed, symmetry, givens, difficulty, None)
}

extension_sql!(
    r#"
CREATE TYPE rating AS (level text, score double precision, techniques text[], steps integer, guesses integer);
"#,
    name = "rating_type",
    requires = ["concrete_type"]
);

/// The difficulty of a puzzle with one solution, solving it as a person would.
// COST 260000: 1.3 ms a call on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(immutable, strict, parallel_safe, requires = ["rating_type"], cost = 260000)]
fn rate(grid: Grid) -> pgrx::composite_type!('static, "rating") {
    human_shape(grid.0.shape(), "rate");
    let rating = match searched(rate_with(&grid.0, &mut interrupts())) {
        Ok(r) => r,
        Err(e) => invalid_parameter(format!("cannot rate this grid: {e}")),
    };
    let mut names: Vec<&str> = rating.techniques.iter().map(|t| t.name()).collect();
    names.dedup();
    rating_row(&rating, names, (rating.score * 10.0).round() / 10.0)
}

/// A `sudoku.rating` row of `rating`, its techniques named `names`, its score `score`.
fn rating_row(rating: &Rating, names: Vec<&str>, score: f64) -> pgrx::composite_type!('static, "rating") {
    RowType::new("sudoku.rating").row([
        datum(rating.level),
        datum(score),
        datum(names.into_iter().map(String::from).collect::<Vec<String>>()),
        datum(rating.steps as i32),
        datum(rating.guesses as i32),
    ])
}

/// Which rater `by` names: false for Sudoku Explainer's path (`se`), true for HoDoKu's order
/// (`hodoku`); 22023 for another name.
pub(crate) fn by_hodoku(by: &str) -> bool {
    match by {
        "se" => false,
        "hodoku" => true,
        _ => invalid_parameter(format!(
            "unknown order {by:?}; by is 'se' (Sudoku Explainer's path) or 'hodoku' (HoDoKu's)"
        )),
    }
}

/// `rate(grid)` by the rater `by` names: `se`, as `rate(grid)`; `hodoku`, HoDoKu 2.2.4's
/// rating with its default settings (level easy, medium, hard, unfair or extreme; score the sum
/// of its steps' scores; the techniques in the order first used).
// COST 940000: 4.7 ms a call through SQL on 300 puzzles of se_rated_10k (every 33rd), in units of 5 ns (psql \timing).
#[pg_extern(immutable, strict, parallel_safe, name = "rate", requires = ["rating_type"], cost = 940000)]
fn rate_by(grid: Grid, by: &str) -> pgrx::composite_type!('static, "rating") {
    if !by_hodoku(by) {
        return rate(grid);
    }
    let rating = match searched(hodoku_rate_with(&grid.0, &mut interrupts())) {
        Ok(r) => r,
        Err(e) => invalid_parameter(format!("cannot rate this grid: {e}")),
    };
    let names = rating.techniques.iter().map(|t| t.name()).collect();
    rating_row(&rating, names, rating.score)
}

extension_sql!(
    r#"
CREATE TYPE se_rating AS (er numeric(3,1), ep numeric(3,1), ed numeric(3,1), hardest text);
"#,
    name = "se_rating_type",
    requires = ["concrete_type"]
);

/// A rating in tenths as `numeric` with one decimal (`72` is 7.2).
pub(crate) fn tenths(t: u32) -> Option<pg_sys::Datum> {
    datum(AnyNumeric::try_from(tenths_text(t).as_str()).unwrap_or_else(|e| invalid_parameter(format!("{e}"))))
}

/// The Sudoku Explainer rating (ER, EP, ED and the hardest technique) of a 9x9 puzzle with one
/// solution, with the rules of Sukaku Explainer v1.15.10 (`sudoku_engine::human::explainer`).
/// Every 9x9 puzzle with one solution is rated, nested forcing chains (9.5 to 11.9) included.
/// Raises 22023 for another size, conflicting givens, no or several solutions; honours query
/// cancel and `statement_timeout` (57014), within milliseconds even inside nested chains.
// COST 700000: 3.5 ms a call on se_rated_10k (3.74 ms through SQL), in units of 5 ns (scripts/se_compare.sh, docs/rating.md "The Sudoku Explainer rating").
#[pg_extern(immutable, strict, parallel_safe, requires = ["se_rating_type"], cost = 700000)]
fn se_rating(grid: Grid) -> pgrx::composite_type!('static, "se_rating") {
    human_shape(grid.0.shape(), "se_rating");
    let mut check = interrupts();
    let r = match se_rating_with(&grid.0, &mut check) {
        Ok(r) => r,
        Err(SeError::Interrupted) => searched(Err(sudoku_engine::Interrupted)),
        Err(e) => invalid_parameter(format!("no Sudoku Explainer rating: {e}")),
    };
    RowType::new("sudoku.se_rating").row([tenths(r.er), tenths(r.ep), tenths(r.ed), datum(r.hardest.name())])
}

/// The next deduction `rate` would make on the grid, as a `sudoku.step` row with a sentence
/// that explains it; NULL when the grid is already solved.
// COST 10000: 50 µs a call on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(immutable, strict, parallel_safe, requires = ["view_types"], cost = 10000)]
fn hint(grid: Grid) -> Option<pgrx::composite_type!('static, "step")> {
    hint_row(&grid, hint_with)
}

/// The `sudoku.step` row of the next step `next_step` finds on the grid; NULL when it is solved,
/// 22023 when the grid cannot be solved step by step.
fn hint_row(
    grid: &Grid,
    next_step: fn(
        &sudoku_engine::Grid,
        &mut dyn FnMut() -> bool,
    ) -> Result<
        Result<Option<sudoku_engine::human::Step>, sudoku_engine::human::RateError>,
        sudoku_engine::Interrupted,
    >,
) -> Option<pgrx::composite_type!('static, "step")> {
    human_shape(grid.0.shape(), "hint");
    let next = match searched(next_step(&grid.0, &mut interrupts())) {
        Ok(d) => d?,
        Err(e) => invalid_parameter(format!("no hint for this grid: {e}")),
    };
    let after = after_step(grid.0.cells(), &next);
    Some(step_row(&RowType::new("sudoku.step"), 1, next.technique.name(), &next, after, grid.0.size()))
}

/// `hint(grid)` by the rater `by` names: `se`, as `hint(grid)`; `hodoku`, the next step of
/// HoDoKu's order, its difficulty HoDoKu's score.
// COST 12000: 62 µs a call through SQL on 300 puzzles of se_rated_10k (every 33rd), in units of 5 ns (psql \timing).
#[pg_extern(immutable, strict, parallel_safe, name = "hint", requires = ["view_types"], cost = 12000)]
fn hint_by(grid: Grid, by: &str) -> Option<pgrx::composite_type!('static, "step")> {
    hint_row(&grid, if by_hodoku(by) { hodoku_hint_with } else { hint_with })
}

/// Every technique: the path's in the order tried (position from 1), then HoDoKu's own
/// (position NULL; `sudoku.steps(board, technique)` lists them), each with its name (as
/// `fill_steps` and `steps` take it), title, family, least difficulty on its scale, the scale
/// (`se`: Sudoku Explainer's, in points; `hodoku`: HoDoKu's score a step) and HoDoKu's technique
/// codes of it (its library format's; empty where HoDoKu has none, or its finder is not claimed).
// COST 10 (a row, as PostgreSQL counts a set-returning function): 2 µs a call of 42 rows, in units of 5 ns
// (psql \timing of 10,000 correlated calls).
#[pg_extern(immutable, parallel_safe, cost = 10)]
fn techniques() -> TableIterator<
    'static,
    (
        name!(position, Option<i32>),
        name!(name, String),
        name!(title, String),
        name!(family, String),
        name!(difficulty, AnyNumeric),
        name!(scale, String),
        name!(hodoku, Vec<String>),
    ),
> {
    let path = Technique::ORDER.into_iter().enumerate().map(|(i, t)| (Some(i as i32 + 1), t));
    TableIterator::new(path.chain(Technique::HODOKU.into_iter().map(|t| (None, t))).map(|(position, t)| {
        let d = AnyNumeric::try_from(difficulty_text(t.scale(), t.base()).as_str()).expect("a number");
        let codes = t.hodoku().iter().map(|c| c.to_string()).collect();
        (
            position,
            t.name().to_string(),
            t.title().to_string(),
            t.family().to_string(),
            d,
            t.scale().name().to_string(),
            codes,
        )
    }))
}

/// A difficulty as its technique's scale writes it: Sudoku Explainer's in points (`45` tenths is
/// `4.5`), HoDoKu's score as it is.
pub(crate) fn difficulty_text(scale: Scale, d: u32) -> String {
    match scale {
        Scale::SudokuExplainer => tenths_text(d),
        Scale::Hodoku => d.to_string(),
    }
}

/// The technique names of `sudoku.rate`, simplest first: what `fill_steps` takes to solve like
/// a person.
// COST 200: about 1 µs a call, estimated (not measured) in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(immutable, parallel_safe, cost = 200)]
fn rating_techniques() -> Vec<String> {
    technique_names().into_iter().map(String::from).collect()
}

/// The unique puzzles of the `{-remove+add}` neighbourhood of `grid` (the Sudoku forum's move in
/// its search for the hardest puzzles): `remove` givens removed and `add` givens added on cells
/// that were blank, with any digit, kept when they have exactly one solution; lazily, in a fixed
/// order, checking for cancel at each puzzle tried (`sudoku_engine::neighbours`). `22023` for a
/// negative count, more than the grid's givens or blanks, or a neighbourhood of more than 100
/// million puzzles to try; `57014` on cancel.
// COST 54000 a row (ROWS 80 in sql/finalize.sql): {-1+1} of the shared 40 hardest (ER 10.9-11.4) gives
// 3,135 unique puzzles, 78 a seed, in 0.84 s: 21 ms a seed, 270 µs a row, in units of 5 ns (EXPLAIN
// ANALYZE of `SELECT n FROM h, sudoku.neighbours(h.p) n`).
#[pg_extern(immutable, strict, parallel_safe, cost = 54000)]
fn neighbours(grid: Grid, remove: default!(i32, 1), add: default!(i32, 1)) -> SetOfIterator<'static, Grid> {
    let count = |n: i32, name: &str| {
        usize::try_from(n).unwrap_or_else(|_| invalid_parameter(format!("{name} must not be negative, not {n}")))
    };
    let mut walk = sudoku_engine::neighbours::Neighbours::new(&grid.0, count(remove, "remove"), count(add, "add"))
        .unwrap_or_else(|e| raise(&e));
    SetOfIterator::new(std::iter::from_fn(move || searched(walk.next_with(&mut interrupts())).map(Grid)))
}
