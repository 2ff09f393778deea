//! Difficulty rating by solving as a person would: the path of Sudoku Explainer (see
//! [`super::explainer`]), every technique allowed, a guess only when none applies. The score
//! is the path's ER, the difficulty of its hardest step on the Sudoku Explainer scale; on 9x9
//! it is `sudoku.se_rating`'s `er` for every puzzle that has one. A guess counts 9.0; no 9x9
//! puzzle with one solution needs one (nested forcing chains go on where dynamic ones stop), a
//! larger grid where a step's chain search runs past its budget ([`super::STEP_BUDGET`]).
//!
//! The levels are bands of ER ([`LEVEL_BANDS`]), each the techniques a player needs:
//!
//! | level | ER | what it takes |
//! | --- | --- | --- |
//! | easy | 1.0-1.9 | full houses and hidden singles (and the direct pointing and claiming that leave one) |
//! | medium | 2.0-2.5 | naked singles, direct hidden pairs and triples: candidates noted in the head |
//! | hard | 2.6-3.7 | pencil marks: pointing, claiming, naked and hidden pairs, X-Wing, naked triples |
//! | expert | 3.8-6.4 | every pattern short of chains: Swordfish, hidden triples, turbot fish, wings, uniqueness, quads, Jellyfish, BUG, aligned pair exclusion |
//! | extreme | 6.5 and up | chains: cycles, forcing chains, aligned triple exclusion, Nishio, multiple and dynamic forcing chains, guesses |
//!
//! The bounds of easy, medium and hard are those of the rating before 0.4.0 (whose score was
//! on the same scale); expert now ends where the chains begin, 6.5.

use super::{Selection, Step, Steps, Technique};
use crate::grid::Grid;
use crate::search::Interrupted;

/// The rating of a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// easy, medium, hard, expert or extreme.
    pub level: &'static str,
    /// The ER: the hardest step's difficulty on the Sudoku Explainer scale.
    pub score: f64,
    /// The distinct techniques used, in the order the path tries them.
    pub techniques: Vec<Technique>,
    /// Steps taken (placements and eliminations), guesses included.
    pub steps: u32,
    pub guesses: u32,
}

/// Why a grid cannot be rated (or solved along the path).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RateError {
    ConflictingGivens,
    NoSolution,
    SeveralSolutions,
    /// HoDoKu's order on a grid that is not 9x9.
    NotNine,
}

impl std::fmt::Display for RateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            RateError::ConflictingGivens => "the grid has conflicting givens (a digit twice in a row, column or box)",
            RateError::NoSolution => "the grid has no solution",
            RateError::SeveralSolutions => "the grid has several solutions",
            RateError::NotNine => "HoDoKu's order rates 9x9 puzzles only",
        })
    }
}

/// The levels, easiest first.
pub const LEVELS: [&str; 5] = ["easy", "medium", "hard", "expert", "extreme"];

/// Each level's band of ER, in tenths: (level, least, greatest).
pub const LEVEL_BANDS: [(&str, u32, u32); 5] =
    [("easy", 10, 19), ("medium", 20, 25), ("hard", 26, 37), ("expert", 38, 64), ("extreme", 65, u32::MAX)];

/// The level of an ER given in tenths.
pub fn level_of_tenths(er: u32) -> &'static str {
    LEVEL_BANDS.iter().find(|&&(_, lo, hi)| (lo..=hi).contains(&er)).map_or("easy", |&(l, _, _)| l)
}

/// The level of a score (an ER, see the module documentation).
pub fn level(score: f64) -> &'static str {
    level_of_tenths((score * 10.0).round() as u32)
}

/// The band of ER (tenths) of a level, `None` for an unknown name.
pub fn level_band(level: &str) -> Option<(u32, u32)> {
    LEVEL_BANDS.iter().find(|&&(l, _, _)| l == level).map(|&(_, lo, hi)| (lo, hi))
}

/// The solution of a grid the path can run on, or why it cannot.
pub(super) fn unique_solution(
    grid: &Grid,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Grid, RateError>, Interrupted> {
    if !grid.is_valid() {
        return Ok(Err(RateError::ConflictingGivens));
    }
    match crate::search::unique_solution_with(grid, interrupt)? {
        Ok(s) => Ok(Ok(s)),
        Err(0) => Ok(Err(RateError::NoSolution)),
        Err(_) => Ok(Err(RateError::SeveralSolutions)),
    }
}

/// Every step of the path from the grid to its solution, explained when `explain`.
fn path(
    grid: &Grid,
    explain: bool,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Vec<Step>, RateError>, Interrupted> {
    Ok(run_to_end(grid, Selection::all(), explain, interrupt)?.map(|(steps, _)| steps))
}

/// Every step of a run of `selection` from the grid to its end, and the run.
fn run_to_end(
    grid: &Grid,
    selection: Selection,
    explain: bool,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<(Vec<Step>, Steps), RateError>, Interrupted> {
    let mut run = match Steps::new(grid, selection, explain, interrupt)? {
        Ok(run) => run,
        Err(e) => return Ok(Err(e)),
    };
    let mut steps = Vec::new();
    while let Some(step) = run.next_with(interrupt)? {
        steps.push(step);
    }
    Ok(Ok((steps, run)))
}

/// The first step of a run of `selection` on the grid, explained; `None` when it is solved.
fn first_step(
    grid: &Grid,
    selection: Selection,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Option<Step>, RateError>, Interrupted> {
    match Steps::new(grid, selection, true, interrupt)? {
        Ok(mut run) => Ok(Ok(run.next_with(interrupt)?)),
        Err(e) => Ok(Err(e)),
    }
}

/// Every step from the grid to its solution, explained.
pub fn solve_steps(
    grid: &Grid,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Vec<Step>, RateError>, Interrupted> {
    path(grid, true, interrupt)
}

/// The rating of a puzzle with one solution (see the module documentation).
pub fn rate_with(grid: &Grid, interrupt: &mut dyn FnMut() -> bool) -> Result<Result<Rating, RateError>, Interrupted> {
    Ok(path(grid, false, interrupt)?.map(|steps| rating_of(&steps)))
}

/// The rating of a list of steps: the hardest step's difficulty, the techniques used.
pub fn rating_of(steps: &[Step]) -> Rating {
    let er = steps.iter().map(|s| s.difficulty).max().unwrap_or(Technique::FullHouse.base());
    let guesses = steps.iter().filter(|d| d.technique == Technique::Guess).count() as u32;
    let mut techniques: Vec<Technique> = steps.iter().map(|d| d.technique).collect();
    techniques.sort();
    techniques.dedup();
    Rating { level: level_of_tenths(er), score: er as f64 / 10.0, techniques, steps: steps.len() as u32, guesses }
}

/// HoDoKu's score limits of its levels (its default settings): a puzzle whose score passes a
/// level's limit is of the next level at least.
pub const HODOKU_SCORE_LIMITS: [(super::HodokuLevel, u32); 4] = [
    (super::HodokuLevel::Easy, 800),
    (super::HodokuLevel::Medium, 1000),
    (super::HodokuLevel::Hard, 1600),
    (super::HodokuLevel::Unfair, 1800),
];

/// HoDoKu's rating of a 9x9 puzzle with one solution, solved in HoDoKu's order
/// ([`super::Order::Hodoku`]): the score is the sum of its steps' scores, the level the hardest
/// step's, raised while the score passes the level's limit ([`HODOKU_SCORE_LIMITS`]), as HoDoKu
/// 2.2.4 rates with its default settings. The techniques are listed in the order first used;
/// brute force steps count as guesses.
pub fn hodoku_rate_with(
    grid: &Grid,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Rating, RateError>, Interrupted> {
    Ok(hodoku_steps_with(grid, false, interrupt)?.map(|(steps, level)| hodoku_rating_of(&steps, level)))
}

/// Every step of HoDoKu's order from the grid to its solution, explained when `explain`, and
/// the hardest step's level.
pub fn hodoku_steps_with(
    grid: &Grid,
    explain: bool,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<(Vec<Step>, super::HodokuLevel), RateError>, Interrupted> {
    Ok(run_to_end(grid, Selection::hodoku(), explain, interrupt)?.map(|(steps, run)| (steps, run.hodoku_level())))
}

/// HoDoKu's rating of the steps of its order (see [`hodoku_rate_with`]), `hardest` the
/// hardest step's level.
pub fn hodoku_rating_of(steps: &[Step], hardest: super::HodokuLevel) -> Rating {
    let score: u32 = steps.iter().map(|s| s.difficulty).sum();
    let mut level = hardest;
    while let Some(i) = HODOKU_SCORE_LIMITS.iter().position(|&(l, limit)| l == level && score > limit) {
        level = HODOKU_SCORE_LIMITS.get(i + 1).map_or(super::HodokuLevel::Extreme, |&(l, _)| l);
    }
    let mut techniques: Vec<Technique> = Vec::new();
    for s in steps {
        if !techniques.contains(&s.technique) {
            techniques.push(s.technique);
        }
    }
    let guesses = steps.iter().filter(|d| d.technique == Technique::Guess).count() as u32;
    Rating { level: level.name(), score: score as f64, techniques, steps: steps.len() as u32, guesses }
}

/// The next step [`hodoku_rate_with`] would make on `grid`; `None` when it is solved.
pub fn hodoku_hint_with(
    grid: &Grid,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Option<Step>, RateError>, Interrupted> {
    first_step(grid, Selection::hodoku(), interrupt)
}

/// Whether the puzzle (one solution, not checked) rates at most `hi` tenths: the path with only
/// the techniques that can be that easy, stopped at the first step harder than `hi`.
pub fn rates_at_most(grid: &Grid, hi: u32, interrupt: &mut dyn FnMut() -> bool) -> Result<bool, Interrupted> {
    let allowed =
        Technique::ORDER.iter().filter(|t| t.base() <= hi && **t != Technique::Guess).fold(0, |m, t| m | t.bit());
    let mut ctx = super::explainer::Ctx::new(interrupt, allowed, super::step_budget(grid.size()));
    let mut walk = super::explainer::Walk::new(grid);
    while !walk.solved() {
        match walk.next(&mut ctx) {
            Ok(Some(step)) if step.difficulty <= hi => {}
            Ok(_) | Err(super::explainer::SeError::Bound) => return Ok(false),
            Err(_) => return Err(Interrupted),
        }
    }
    Ok(true)
}

/// The next step [`rate_with`] would make on `grid` (a puzzle with one solution, possibly
/// partly filled in); `None` when it is solved.
pub fn hint_with(
    grid: &Grid,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Option<Step>, RateError>, Interrupted> {
    first_step(grid, Selection::all(), interrupt)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn never() -> bool {
        false
    }

    #[test]
    fn seed_examples_rate_and_every_step_is_sound() {
        let seed = include_str!("../../../data/seed_examples.txt");
        for line in seed.lines().filter(|l| !l.is_empty()) {
            let p = Grid::parse(&line[..81]).unwrap();
            let solution = crate::solve(&p).unwrap();
            let steps = solve_steps(&p, &mut never).unwrap().unwrap();
            for s in &steps {
                if let Some((c, d)) = s.placed {
                    assert_eq!(solution.cells()[c], d, "{s:?}");
                }
                for &(c, d) in &s.eliminated {
                    assert_ne!(solution.cells()[c], d, "{s:?}");
                }
            }
            let r = rating_of(&steps);
            assert!(r.score >= 1.0, "{r:?}");
        }
    }

    #[test]
    fn errors_name_the_problem() {
        let conflicting = Grid::parse(&format!("55{}", ".".repeat(79))).unwrap();
        assert_eq!(rate_with(&conflicting, &mut never).unwrap(), Err(RateError::ConflictingGivens));
        let empty = Grid::parse(&".".repeat(81)).unwrap();
        assert_eq!(rate_with(&empty, &mut never).unwrap(), Err(RateError::SeveralSolutions));
        let none = Grid::parse(&format!(".12345678{}9........", ".".repeat(63))).unwrap();
        assert_eq!(rate_with(&none, &mut never).unwrap(), Err(RateError::NoSolution));
    }
}
