//! Difficulty rating by solving as a person would: always the simplest technique that makes
//! progress (the ladder, [`super::Order::Ladder`]), a guess only when none does.
//!
//! The techniques and their weights follow the Sudoku Explainer scale (SE 1.2.1), the usual
//! reference for published ratings:
//!
//! | technique | weight |
//! | --- | ---: |
//! | hidden single in a box / in a row or column | 1.2 / 1.5 |
//! | naked single | 2.3 |
//! | locked candidates: pointing / claiming | 2.6 / 2.8 |
//! | naked pair, X-Wing, hidden pair | 3.0, 3.2, 3.4 |
//! | naked triple, Swordfish, hidden triple | 3.6, 3.8, 4.0 |
//! | XY-Wing, XYZ-Wing | 4.2, 4.4 |
//! | unique rectangle type 1 / type 2 | 4.5 / 4.6 |
//! | naked quad, Jellyfish, hidden quad | 5.0, 5.2, 5.4 |
//! | bivalue universal grave + 1 | 5.6 |
//! | simple chain (an X-chain on one digit, which covers simple colouring) | 6.6 + length |
//! | XY-chain | 6.8 + length |
//! | contradiction: one candidate of a bivalue cell leads by singles to a dead end | 7.2 + length |
//! | guess (backtracking) | 8.5 |
//!
//! A step's difficulty is its weight, plus for chains `0.2 * log2(cells / 4)` beyond 4 cells
//! and for contradictions `0.2 * log2(singles / 2)` beyond 2 singles. The score is the hardest
//! step's difficulty plus `0.05 * log2(uses)` (at most 0.3) for how often its technique was
//! used; a puzzle that needs guesses scores `8.5 + 0.5 * log2(guesses)`. Levels: easy (hidden
//! singles only, score < 2.0), medium (< 2.6: naked singles), hard (< 3.8: locked candidates,
//! pairs, X-Wing, naked triples), expert (< 6.0: the other subsets, fish, wings, unique
//! rectangles, BUG), extreme (chains, contradictions, guesses).
//!
//! On `se_rated_10k` (10,000 puzzles rated 5.0 to 9.3 by Sudoku Explainer) the Spearman rank
//! correlation of the score with the published rating is 0.63 (`sudoku-bench --rate`).

use super::{Selection, Step, Steps, Technique};
use crate::grid::Grid;
use crate::search::{count_solutions_with, solve_with, Interrupted};

impl Step {
    /// The difficulty of this step: its technique's weight, plus for chains
    /// `0.2 * log2(cells / 4)` beyond 4 cells and for contradictions `0.2 * log2(singles / 2)`
    /// beyond 2 singles (longer chains are harder to find, as in Sudoku Explainer).
    pub fn difficulty(&self) -> f64 {
        let w = self.technique.weight();
        match self.technique {
            Technique::SimpleChain | Technique::XYChain => w + 0.2 * (self.length as f64 / 4.0).max(1.0).log2(),
            Technique::Contradiction => w + 0.2 * (self.length as f64 / 2.0).max(1.0).log2(),
            _ => w,
        }
    }
}

/// The rating of a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// easy, medium, hard, expert or extreme.
    pub level: &'static str,
    pub score: f64,
    /// The distinct techniques used, simplest first.
    pub techniques: Vec<Technique>,
    /// Deductions made (placements and eliminations), guesses included.
    pub steps: u32,
    pub guesses: u32,
}

/// Why a grid cannot be rated (or solved by the ladder).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RateError {
    ConflictingGivens,
    NoSolution,
    SeveralSolutions,
}

impl std::fmt::Display for RateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            RateError::ConflictingGivens => "the grid has conflicting givens (a digit twice in a row, column or box)",
            RateError::NoSolution => "the grid has no solution",
            RateError::SeveralSolutions => "the grid has several solutions",
        })
    }
}

/// The levels, easiest first.
pub const LEVELS: [&str; 5] = ["easy", "medium", "hard", "expert", "extreme"];

/// The level of a score (see the module documentation).
pub fn level(score: f64) -> &'static str {
    match score {
        s if s < 2.0 => "easy",
        s if s < 2.6 => "medium",
        s if s < 3.8 => "hard",
        s if s < 6.0 => "expert",
        _ => "extreme",
    }
}

/// The solution of a grid the ladder can run on, or why it cannot.
pub(super) fn unique_solution(
    grid: &Grid,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Grid, RateError>, Interrupted> {
    if !grid.is_valid() {
        return Ok(Err(RateError::ConflictingGivens));
    }
    match count_solutions_with(grid, 2, interrupt)? {
        0 => Ok(Err(RateError::NoSolution)),
        1 => Ok(Ok(solve_with(grid, interrupt)?.expect("one solution"))),
        _ => Ok(Err(RateError::SeveralSolutions)),
    }
}

/// Every step of the ladder with every technique from the grid to its solution, explained
/// when `explain`.
fn ladder(
    grid: &Grid,
    explain: bool,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Vec<Step>, RateError>, Interrupted> {
    let mut run = match Steps::new(grid, Selection::all(), explain, interrupt)? {
        Ok(run) => run,
        Err(e) => return Ok(Err(e)),
    };
    let mut steps = Vec::new();
    while let Some(step) = run.next_with(interrupt)? {
        steps.push(step);
    }
    Ok(Ok(steps))
}

/// Every step from the grid to its solution, simplest technique first at each step.
pub fn solve_steps(
    grid: &Grid,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Vec<Step>, RateError>, Interrupted> {
    ladder(grid, true, interrupt)
}

/// The rating of a puzzle with one solution (see the module documentation).
pub fn rate_with(grid: &Grid, interrupt: &mut dyn FnMut() -> bool) -> Result<Result<Rating, RateError>, Interrupted> {
    // The steps of `solve_steps`, without their explanations.
    Ok(ladder(grid, false, interrupt)?.map(|steps| rating_of(&steps)))
}

/// The rating of a list of steps: the hardest step's difficulty plus `0.05 * log2(uses)` (at
/// most 0.3) for how often its technique was used; with guesses, `8.5 + 0.5 * log2(guesses)`.
pub fn rating_of(steps: &[Step]) -> Rating {
    let guesses = steps.iter().filter(|d| d.technique == Technique::Guess).count() as u32;
    let mut score: f64 = 0.0;
    for t in Technique::ALL {
        let uses = steps.iter().filter(|d| d.technique == t).count();
        if uses > 0 && t != Technique::Guess {
            let hardest = steps.iter().filter(|d| d.technique == t).map(Step::difficulty).fold(0.0, f64::max);
            score = score.max(hardest + (0.05 * (uses as f64).log2()).min(0.3));
        }
    }
    if guesses > 0 {
        score = Technique::Guess.weight() + 0.5 * (guesses as f64).log2();
    }
    let mut techniques: Vec<Technique> = steps.iter().map(|d| d.technique).collect();
    techniques.sort();
    techniques.dedup();
    Rating { level: level(score), score, techniques, steps: steps.len() as u32, guesses }
}

/// The next step [`rate_with`] would make on `grid` (a puzzle with one solution, possibly
/// partly filled in); `None` when it is solved.
pub fn hint_with(
    grid: &Grid,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Option<Step>, RateError>, Interrupted> {
    match Steps::new(grid, Selection::all(), true, interrupt)? {
        Ok(mut run) => Ok(Ok(run.next_with(interrupt)?)),
        Err(e) => Ok(Err(e)),
    }
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
            assert!(r.score >= 1.2, "{r:?}");
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
