//! The Sudoku Explainer rating (SE): the scale puzzle collections are ranked by, with the rules
//! of Sukaku Explainer v1.15.10 (SudokuMonster's fork of Nicolas Juillerat's Sudoku Explainer
//! 1.2.1), the rater the Sudoku Exchange puzzle bank was graded with. Our own code, written from
//! the description of its rules: which techniques, in which order, at which difficulty, and how
//! a chain's length adds to its difficulty.
//!
//! A rating solves the puzzle step by step. Each step takes the first hint the techniques give
//! in a fixed order, roughly easiest first (the table below, top to bottom); chains are searched
//! as a whole and the easiest chain found is taken. Three numbers come out:
//!
//! - **ER**, the difficulty of the hardest step of the whole path;
//! - **EP**, the hardest step up to and including the first placement;
//! - **ED**, the difficulty of the first step.
//!
//! | techniques, in the order tried | difficulty |
//! | --- | ---: |
//! | full house, hidden single in a box, in a row or column | 1.0, 1.2, 1.5 |
//! | direct pointing, direct claiming (locked candidates giving a hidden single) | 1.7, 1.9 |
//! | direct hidden pair (a hidden pair giving a hidden single) | 2.0 |
//! | naked single | 2.3 |
//! | direct hidden triple | 2.5 |
//! | pointing, claiming | 2.6, 2.8 |
//! | naked pair, X-Wing, hidden pair | 3.0, 3.2, 3.4 |
//! | naked triple, Swordfish, hidden triple | 3.6, 3.8, 4.0 |
//! | turbot fish (skyscraper 4.0, two-string kite 4.1, through a box 4.2, grouped 4.3) | 4.0-4.3 |
//! | XY-Wing, XYZ-Wing | 4.2, 4.4 |
//! | unique rectangles and loops (types 1-4; 4.5 a rectangle, more for longer loops and bigger sets) | 4.5-5.3 |
//! | naked quad, Jellyfish, hidden quad | 5.0, 5.2, 5.4 |
//! | three strong links (parallel lines 5.4, with a box 5.5, rows and columns 5.6, grouped 5.7) | 5.4-5.7 |
//! | WXYZ-Wing (three cells with four digits and a bivalue cell) | 5.5-5.6 |
//! | bivalue universal grave (types 1-4) | 5.6-6.0 |
//! | VWXYZ-Wing (four cells with five digits and a bivalue cell) | 6.2-6.4 |
//! | aligned pair exclusion | 6.2 |
//! | bidirectional X- or Y-cycle, forcing X-chain; bidirectional cycle, forcing chain | 6.5, 6.6; 7.0, 7.0 (+ length) |
//! | aligned triple exclusion | 7.5 |
//! | Nishio forcing chain | 7.5 (+ length) |
//! | cell and region forcing chains (multiple forcing chains) | 8.0 (+ length) |
//! | dynamic forcing chains (contradiction, double, cell, region) | 8.5 (+ length) |
//! | dynamic forcing chains (+): with pointing, claiming, hidden and naked pairs and X-Wings inside | 9.0 (+ length) |
//! | nested forcing chains: also with forcing chains and cycles inside | 9.5 (+ length) |
//! | ... also with multiple (cell and region) forcing chains inside | 10.0 (+ length) |
//! | ... also with dynamic forcing chains inside, themselves plain, then (+), then nested up to two levels | 10.5 (+ length) |
//!
//! A chain's length is the number of distinct candidates it rests on (for a cell or region
//! forcing chain, the sum over its branches), plus the length of every distinct chain nested in
//! it; the difficulty grows by 0.1 each time the length
//! minus 2 passes the next of 4, 6, 8, 12, 16, 24, 32, ... (alternately times 3/2 and 4/3).
//!
//! Difficulties are kept in tenths (`55` is 5.5).

#[path = "../finders/cells.rs"]
mod cells;

use super::Technique;
use crate::grid::Grid;

/// The finders and the path, compiled once for each board size from the same files: `B` is the
/// box side, `N` the digits, `NC` the cells, `P` a cell's peers, `W` the 64-bit words of a set
/// of cells, `Mask` the type of a digit mask and `Ix` of a cell number.
macro_rules! sized {
    ($name:ident, $b:literal, $w:literal, $mask:ty, $ix:ty) => {
        #[path = "."]
        pub(super) mod $name {
            pub(super) const B: usize = $b;
            pub(super) const N: usize = B * B;
            pub(super) const NC: usize = N * N;
            pub(super) const P: usize = 3 * N - 2 * B - 1;
            pub(super) const W: usize = $w;
            pub(super) type Mask = $mask;
            pub(super) type Ix = $ix;
            pub(super) use super::{Candidate, Ctx, SeError, SeStep, Technique};

            #[path = "../finders/aligned.rs"]
            mod aligned;
            #[path = "../finders/als.rs"]
            mod als;
            #[path = "../finders/basics.rs"]
            mod basics;
            #[path = "../finders/board.rs"]
            pub(super) mod board;
            #[path = "../finders/chaining.rs"]
            mod chaining;
            #[path = "../finders/chains.rs"]
            mod chains;
            #[path = "../finders/coloring.rs"]
            mod coloring;
            #[path = "../finders/fish.rs"]
            mod fish;
            #[path = "hodoku.rs"]
            #[allow(dead_code)]
            pub(super) mod hodoku;
            #[path = "path.rs"]
            pub(super) mod path;
            #[path = "../finders/single_digit.rs"]
            mod single_digit;
            #[path = "../finders/subsets.rs"]
            mod subsets;
            #[path = "../finders/templates.rs"]
            mod templates;
            #[path = "../finders/uniqueness.rs"]
            mod uniqueness;
            #[path = "../finders/wings.rs"]
            mod wings;
        }
    };
}

sized!(four, 2, 1, u16, u8);
sized!(nine, 3, 2, u16, u8);
sized!(sixteen, 4, 4, u16, u8);
sized!(twenty_five, 5, 10, u32, u16);

/// A candidate in a chain: (cell, digit, on), on meaning the cell holds the digit.
pub type Candidate = (usize, u8, bool);

/// One step Sudoku Explainer would take: what it removes, then what it places, and what its
/// reason rests on.
#[derive(Clone, Debug, PartialEq)]
pub struct SeStep {
    pub technique: Technique,
    /// The difficulty, in tenths.
    pub difficulty: u32,
    /// The digit placed, as (cell, digit), cells 0-based row-major.
    pub placed: Option<(usize, u8)>,
    /// The candidates removed, as (cell, digits mask), digit `d` being bit `d - 1`.
    pub removed: Vec<(usize, u32)>,
    /// The cells the reason rests on (a subset's cells, a fish's places, a wing's cells, a
    /// chain's cells), ascending.
    pub cells: Vec<usize>,
    /// The digits the pattern is about, as a mask.
    pub digits: u32,
    /// The region the deduction is about, if one: (type, number), type 0 a box, 1 a row, 2 a
    /// column, numbers 0-based.
    pub region: Option<(usize, usize)>,
    /// A chain's links in order, each (from, to); a forcing chain of several branches lists
    /// each branch from its assumption.
    pub links: Vec<(Candidate, Candidate)>,
    /// A finned fish's fins (cells among `cells`), ascending.
    pub fins: Vec<usize>,
}

impl SeStep {
    fn removal<M: Into<u32>>(technique: Technique, difficulty: u32, removed: Vec<(usize, M)>) -> SeStep {
        let removed = removed.into_iter().map(|(c, m)| (c, m.into())).collect();
        SeStep {
            technique,
            difficulty,
            placed: None,
            removed,
            cells: Vec::new(),
            digits: 0,
            region: None,
            links: Vec::new(),
            fins: Vec::new(),
        }
    }

    fn placement(technique: Technique, difficulty: u32, c: usize, d: u8) -> SeStep {
        let mut s = SeStep::removal::<u32>(technique, difficulty, Vec::new());
        s.placed = Some((c, d));
        s
    }

    /// This step, resting on `cells` (any order, repeats dropped).
    fn on(mut self, cells: impl IntoIterator<Item = usize>) -> SeStep {
        self.cells.extend(cells);
        self.cells.sort_unstable();
        self.cells.dedup();
        self
    }

    /// This step, about the digits of `mask`.
    fn about<M: Into<u32>>(mut self, mask: M) -> SeStep {
        self.digits |= mask.into();
        self
    }

    /// This step, about region `r` of type `t`.
    fn within(mut self, t: usize, r: usize) -> SeStep {
        self.region = Some((t, r));
        self
    }
}

/// The three numbers of the Sudoku Explainer scale, in tenths, and the hardest technique.
#[derive(Clone, Debug, PartialEq)]
pub struct SeRating {
    /// The hardest step (ER), in tenths.
    pub er: u32,
    /// The hardest step up to the first placement (EP), in tenths.
    pub ep: u32,
    /// The first step (ED), in tenths.
    pub ed: u32,
    /// The technique of the hardest step (the first step of that difficulty).
    pub hardest: Technique,
    /// The steps taken.
    pub steps: usize,
}

/// A difficulty in tenths as Sudoku Explainer writes it (`72` is `7.2`).
pub fn tenths_text(t: u32) -> String {
    format!("{}.{}", t / 10, t % 10)
}

/// Why a grid has no Sudoku Explainer rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeError {
    /// Only 9x9 grids are rated.
    NotNine,
    ConflictingGivens,
    NoSolution,
    SeveralSolutions,
    /// No technique of the scale makes progress, nested dynamic forcing chains of every level
    /// included (Sudoku Explainer then gives up too; no puzzle with one solution is known to).
    Exhausted,
    /// The interrupt callback asked to stop (query cancel, `statement_timeout`).
    Interrupted,
    /// A step's search went past its budget (grids larger than 9x9).
    Bound,
}

impl std::fmt::Display for SeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SeError::NotNine => "the grid is not 9x9 (the scale is defined for 9x9 only)",
            SeError::ConflictingGivens => "the grid has conflicting givens (a digit twice in a row, column or box)",
            SeError::NoSolution => "the grid has no solution",
            SeError::SeveralSolutions => "the grid has several solutions",
            SeError::Exhausted => "no technique of the scale makes progress, nested forcing chains included",
            SeError::Interrupted => "the rating was interrupted",
            SeError::Bound => "a step's search went past its budget",
        })
    }
}

impl std::error::Error for SeError {}

/// What a technique search may be stopped by, and what it may find.
pub(crate) struct Ctx<'a> {
    interrupt: &'a mut dyn FnMut() -> bool,
    polls: u32,
    /// The techniques allowed (bit `t as u32` for technique `t`).
    pub(crate) allowed: crate::human::TechniqueSet,
    /// The polls a step may take before it gives up with [`SeError::Bound`].
    budget: u32,
}

impl<'a> Ctx<'a> {
    pub(crate) fn new(
        interrupt: &'a mut dyn FnMut() -> bool,
        allowed: crate::human::TechniqueSet,
        budget: u32,
    ) -> Ctx<'a> {
        Ctx { interrupt, polls: 0, allowed, budget }
    }

    /// Polls the interrupt callback every 64 calls; counts against the budget.
    pub(super) fn check(&mut self) -> Result<(), SeError> {
        self.polls += 1;
        if self.polls > self.budget {
            return Err(SeError::Bound);
        }
        if self.polls & 63 == 0 && (self.interrupt)() {
            return Err(SeError::Interrupted);
        }
        Ok(())
    }

    /// Starts the budget of a new step.
    pub(crate) fn next_step(&mut self) {
        self.polls = 0;
    }
}

/// A walk along the path over a grid of any size (the sized finders behind one type).
#[derive(Clone)]
pub(crate) enum Walk {
    Four(Box<four::path::Walk>),
    Nine(Box<nine::path::Walk>),
    Sixteen(Box<sixteen::path::Walk>),
    TwentyFive(Box<twenty_five::path::Walk>),
}

macro_rules! each_size {
    ($w:expr, $x:ident => $e:expr) => {
        match $w {
            Walk::Four($x) => $e,
            Walk::Nine($x) => $e,
            Walk::Sixteen($x) => $e,
            Walk::TwentyFive($x) => $e,
        }
    };
}

impl Walk {
    pub(crate) fn new(grid: &Grid) -> Walk {
        let cells = grid.cells();
        match grid.shape().square_side().expect("the explainer's path is of square boxes") {
            2 => Walk::Four(Box::new(four::path::Walk::new(cells))),
            3 => Walk::Nine(Box::new(nine::path::Walk::new(cells))),
            4 => Walk::Sixteen(Box::new(sixteen::path::Walk::new(cells))),
            _ => Walk::TwentyFive(Box::new(twenty_five::path::Walk::new(cells))),
        }
    }

    /// The walk from a player's board ([`crate::board::Board`]): its digits and its candidates.
    pub(crate) fn from_board(board: &crate::board::Board) -> Walk {
        let (cells, cand) = (board.cells(), board.masks());
        let placed: Vec<bool> = (0..cells.len()).map(|c| board.is_placed(c)).collect();
        match board.shape().square_side().expect("the explainer's path is of square boxes") {
            2 => Walk::Four(Box::new(four::path::Walk::with_candidates(cells, &cand, &placed))),
            3 => Walk::Nine(Box::new(nine::path::Walk::with_candidates(cells, &cand, &placed))),
            4 => Walk::Sixteen(Box::new(sixteen::path::Walk::with_candidates(cells, &cand, &placed))),
            _ => Walk::TwentyFive(Box::new(twenty_five::path::Walk::with_candidates(cells, &cand, &placed))),
        }
    }

    pub(crate) fn solved(&self) -> bool {
        each_size!(self, w => w.solved())
    }

    pub(crate) fn cells(&self) -> &[u8] {
        each_size!(self, w => w.cells())
    }

    pub(crate) fn candidates(&self) -> Vec<u32> {
        each_size!(self, w => w.candidates())
    }

    pub(crate) fn next(&mut self, ctx: &mut Ctx) -> Result<Option<SeStep>, SeError> {
        ctx.next_step();
        each_size!(self, w => w.next(ctx))
    }

    pub(crate) fn guess(&mut self, solution: &[u8]) -> SeStep {
        each_size!(self, w => w.guess(solution))
    }

    pub(crate) fn every(
        &self,
        technique: Technique,
        keep: crate::human::TechniqueSet,
        limit: usize,
        ctx: &mut Ctx,
    ) -> Result<Option<Vec<SeStep>>, SeError> {
        each_size!(self, w => w.every(technique, keep, limit, ctx))
    }
}

/// Every technique a step of HoDoKu's order may be of ([`nine::hodoku::ORDER`]), the guess
/// (its brute force) included.
pub(crate) fn hodoku_techniques() -> crate::human::TechniqueSet {
    nine::hodoku::techniques()
}

/// A walk in HoDoKu's order ([`nine::hodoku`]): 9x9 only, as HoDoKu.
#[derive(Clone)]
pub(crate) struct HodokuWalk(Box<nine::hodoku::Walk>);

/// The slot of HoDoKu's order a step came from: its score and level.
pub(crate) struct HodokuSlot {
    pub(crate) score: u32,
    pub(crate) level: crate::human::HodokuLevel,
}

impl HodokuWalk {
    /// The walk from a 9x9 grid's digits; `None` for another size.
    pub(crate) fn new(grid: &Grid) -> Option<HodokuWalk> {
        (grid.shape() == crate::grid::Shape::NINE).then(|| HodokuWalk(Box::new(nine::hodoku::Walk::new(grid.cells()))))
    }

    /// The walk from a player's 9x9 board: its digits and candidates; `None` for another size.
    pub(crate) fn from_board(board: &crate::board::Board) -> Option<HodokuWalk> {
        match Walk::from_board(board) {
            Walk::Nine(w) => Some(HodokuWalk(Box::new(nine::hodoku::Walk::from_path(&w)))),
            _ => None,
        }
    }

    pub(crate) fn solved(&self) -> bool {
        self.0.solved()
    }

    pub(crate) fn cells(&self) -> &[u8] {
        self.0.cells()
    }

    pub(crate) fn candidates(&self) -> Vec<u32> {
        self.0.candidates()
    }

    /// The next step in HoDoKu's order, applied, with its slot; `None` when only brute force is
    /// left.
    pub(crate) fn next(&mut self, ctx: &mut Ctx) -> Result<Option<(SeStep, HodokuSlot)>, SeError> {
        ctx.next_step();
        Ok(self.0.next(ctx)?.map(|(s, slot)| (s, HodokuSlot { score: slot.score, level: slot.level })))
    }

    /// HoDoKu's brute force (the solution's digit in a cell), applied, with its slot.
    pub(crate) fn brute_force(&mut self, solution: &[u8]) -> (SeStep, HodokuSlot) {
        let b = &nine::hodoku::BRUTE_FORCE;
        (self.0.brute_force(solution), HodokuSlot { score: b.score, level: b.level })
    }
}

/// The ER, EP and ED of the steps of a path, and its hardest technique.
pub fn rating_of_steps<'s>(steps: impl IntoIterator<Item = &'s SeStep>) -> SeRating {
    let mut r = SeRating { er: 0, ep: 0, ed: 0, hardest: Technique::FullHouse, steps: 0 };
    for s in steps {
        if s.difficulty > r.er {
            r.er = s.difficulty;
            r.hardest = s.technique;
        }
        if r.ep == 0 {
            if r.ed == 0 {
                r.ed = r.er;
            }
            if s.placed.is_some() {
                r.ep = r.er;
            }
        }
        r.steps += 1;
    }
    r
}

/// The Sudoku Explainer rating of a 9x9 puzzle with one solution.
pub fn se_rating_with(grid: &Grid, interrupt: &mut dyn FnMut() -> bool) -> Result<SeRating, SeError> {
    se_steps_with(grid, interrupt).map(|(r, _)| r)
}

/// The Sudoku Explainer rating of a player's board or a pencil-mark puzzle (a sukaku), as
/// Sukaku Explainer v1.15.10 rates a 729-character line: from the board's own candidates, its
/// placed digits and givens filled. With `uniqueness` false the uniqueness techniques (unique
/// rectangles and loops, BUG) are not used, as the oracle's
/// `--techs=11111111010111011111101011101001001111111` leaves them out: they assume one
/// solution, which candidates not derived from givens need not promise. The caller has checked
/// that the board has one solution and no mistakes ([`crate::board::Board::steps`]).
pub fn se_steps_of_board(
    board: &crate::board::Board,
    uniqueness: bool,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<(SeRating, Vec<SeStep>), SeError> {
    if board.shape() != crate::grid::Shape::NINE {
        return Err(SeError::NotNine);
    }
    let mut allowed = Technique::RATED;
    if !uniqueness {
        allowed &= !(Technique::UniqueRectangle.bit() | Technique::UniqueLoop.bit() | Technique::Bug.bit());
    }
    let mut ctx = Ctx::new(interrupt, allowed, u32::MAX);
    rate_walk(Walk::from_board(board), &mut ctx)
}

/// [`se_rating_with`], and the steps taken.
pub fn se_steps_with(grid: &Grid, interrupt: &mut dyn FnMut() -> bool) -> Result<(SeRating, Vec<SeStep>), SeError> {
    if grid.shape() != crate::grid::Shape::NINE {
        return Err(SeError::NotNine);
    }
    if !grid.is_valid() {
        return Err(SeError::ConflictingGivens);
    }
    match crate::search::count_solutions_with(grid, 2, interrupt) {
        Err(_) => return Err(SeError::Interrupted),
        Ok(0) => return Err(SeError::NoSolution),
        Ok(1) => {}
        Ok(_) => return Err(SeError::SeveralSolutions),
    }
    let mut ctx = Ctx::new(interrupt, Technique::RATED, u32::MAX);
    rate_walk(Walk::new(grid), &mut ctx)
}

/// The path from `walk` to the solution, and its rating; [`SeError::Exhausted`] when no allowed
/// technique makes progress.
fn rate_walk(mut walk: Walk, ctx: &mut Ctx) -> Result<(SeRating, Vec<SeStep>), SeError> {
    let mut steps = Vec::new();
    while !walk.solved() {
        match walk.next(ctx)? {
            Some(s) => steps.push(s),
            None => return Err(SeError::Exhausted),
        }
    }
    Ok((rating_of_steps(&steps), steps))
}
