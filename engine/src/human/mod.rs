//! The deductions a person makes, one step at a time: one [`Technique`] enum, one [`Step`], one
//! board of candidates, and one file per family as HoDoKu groups its solvers:
//!
//! | family | file | techniques |
//! | --- | --- | --- |
//! | singles | `singles.rs` | naked single, hidden single (in a box, in a line) |
//! | intersections | `intersections.rs` | locked candidates: pointing, claiming |
//! | subsets | `subsets.rs` | naked and hidden pairs, triples, quads; Crook's preemptive sets of any size |
//! | fish | `fish.rs` | X-Wing, Swordfish, Jellyfish |
//! | wings | `wings.rs` | XY-Wing, XYZ-Wing |
//! | chains | `chains.rs` | simple chain (X-chain), XY-chain |
//! | uniqueness | `uniqueness.rs` | unique rectangle (types 1, 2), BUG + 1 |
//! | contradiction | `contradiction.rs` | contradiction (singles from one candidate reach a dead end), guess |
//! | Sudoku Explainer | `explainer/` | the SE rating (`sudoku.se_rating`): its own 9x9 board and one file per family (singles and subsets, wings and fish chains, uniqueness, aligned exclusion, forcing chains); its techniques are the variants from `FullHouse` on |
//!
//! `sudoku.fill_steps`, `sudoku.propagate` (beyond its bulk techniques), `sudoku.rate`,
//! `sudoku.hint`, `sudoku.hidden_singles` and `sudoku.preemptive_sets` all read from here; the
//! solver's bulk propagation (`search/mod.rs`, `search/fast9.rs`) stays apart as the hot path,
//! and the tests hold it to the same fixpoint as the [`Order::Propagation`] steps.
//!
//! A run tries the techniques in one of two orders ([`Order`]): the order of the set-based SQL
//! loop (`propagate`'s techniques, which never guess), or the rating ladder, simplest first by
//! the Sudoku Explainer weight (see [`rating`]).
//!
//! Names ([`Selection::from_names`]) are the technique names of [`Technique::name`] and two
//! family names kept from the SQL articles: `locked_candidates` (pointing and claiming) and
//! `preemptive_set` (Crook's preemptive sets: naked and hidden subsets of every size).

use crate::geometry::{Geometry, UnitKind};
use crate::grid::Grid;
use crate::search::{Interrupted, Techniques};
use crate::views::{candidate_masks, digits, digits_held};

/// `format!` for a step's explanation, or an empty string when `board` explains nothing.
macro_rules! explain {
    ($board:expr, $($arg:tt)*) => {
        if $board.explain { format!($($arg)*) } else { String::new() }
    };
}

mod chains;
mod contradiction;
pub mod explainer;
mod fish;
mod intersections;
pub mod rating;
mod singles;
pub mod subsets;
mod uniqueness;
mod wings;

pub use rating::{hint_with, level, rate_with, rating_of, solve_steps, RateError, Rating, LEVELS};
pub use singles::hidden_singles;
pub use subsets::preemptive_sets;

/// Every technique, in the order of the rating ladder (simplest first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    HiddenSingleBox,
    HiddenSingleLine,
    NakedSingle,
    Pointing,
    Claiming,
    NakedPair,
    XWing,
    HiddenPair,
    NakedTriple,
    Swordfish,
    HiddenTriple,
    XYWing,
    XYZWing,
    UniqueRectangle1,
    UniqueRectangle2,
    NakedQuad,
    Jellyfish,
    HiddenQuad,
    Bug,
    SimpleChain,
    XYChain,
    Contradiction,
    Guess,
    /// Crook's preemptive set as [`Order::Propagation`] finds it: a naked subset of any size in
    /// a unit (its complement there is a hidden subset); the ladder finds the same sets as the
    /// naked and hidden pairs, triples and quads.
    PreemptiveSet,
    /// The techniques from here on are Sudoku Explainer's own (see [`explainer`]); the rating ladder
    /// does not use them.
    FullHouse,
    DirectPointing,
    DirectClaiming,
    DirectHiddenPair,
    DirectHiddenTriple,
    TurbotFish,
    ThreeStrongLinks,
    UniqueLoop,
    WXYZWing,
    VWXYZWing,
    AlignedPairExclusion,
    AlignedTripleExclusion,
    BidirectionalCycle,
    ForcingXChain,
    ForcingChain,
    NishioForcingChain,
    CellForcingChain,
    RegionForcingChain,
    DynamicForcingChain,
    DynamicForcingChainPlus,
}

impl Technique {
    /// The techniques of the rating ladder, simplest first.
    pub const ALL: [Technique; 23] = [
        Technique::HiddenSingleBox,
        Technique::HiddenSingleLine,
        Technique::NakedSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::XYWing,
        Technique::XYZWing,
        Technique::UniqueRectangle1,
        Technique::UniqueRectangle2,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::Bug,
        Technique::SimpleChain,
        Technique::XYChain,
        Technique::Contradiction,
        Technique::Guess,
    ];

    /// The name SQL uses (`hidden_single` for both kinds of hidden single, `unique_rectangle`
    /// for both types).
    pub fn name(self) -> &'static str {
        match self {
            Technique::HiddenSingleBox | Technique::HiddenSingleLine => "hidden_single",
            Technique::NakedSingle => "naked_single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked_pair",
            Technique::XWing => "x_wing",
            Technique::HiddenPair => "hidden_pair",
            Technique::NakedTriple => "naked_triple",
            Technique::Swordfish => "swordfish",
            Technique::HiddenTriple => "hidden_triple",
            Technique::XYWing => "xy_wing",
            Technique::XYZWing => "xyz_wing",
            Technique::UniqueRectangle1 | Technique::UniqueRectangle2 => "unique_rectangle",
            Technique::Bug => "bug",
            Technique::XYChain => "xy_chain",
            Technique::Contradiction => "contradiction",
            Technique::NakedQuad => "naked_quad",
            Technique::Jellyfish => "jellyfish",
            Technique::HiddenQuad => "hidden_quad",
            Technique::SimpleChain => "simple_chain",
            Technique::Guess => "guess",
            Technique::PreemptiveSet => "preemptive_set",
            Technique::FullHouse => "full_house",
            Technique::DirectPointing => "direct_pointing",
            Technique::DirectClaiming => "direct_claiming",
            Technique::DirectHiddenPair => "direct_hidden_pair",
            Technique::DirectHiddenTriple => "direct_hidden_triple",
            Technique::TurbotFish => "turbot_fish",
            Technique::ThreeStrongLinks => "three_strong_links",
            Technique::UniqueLoop => "unique_loop",
            Technique::WXYZWing => "wxyz_wing",
            Technique::VWXYZWing => "vwxyz_wing",
            Technique::AlignedPairExclusion => "aligned_pair_exclusion",
            Technique::AlignedTripleExclusion => "aligned_triple_exclusion",
            Technique::BidirectionalCycle => "bidirectional_cycle",
            Technique::ForcingXChain => "forcing_x_chain",
            Technique::ForcingChain => "forcing_chain",
            Technique::NishioForcingChain => "nishio_forcing_chain",
            Technique::CellForcingChain => "cell_forcing_chain",
            Technique::RegionForcingChain => "region_forcing_chain",
            Technique::DynamicForcingChain => "dynamic_forcing_chain",
            Technique::DynamicForcingChainPlus => "dynamic_forcing_chain_plus",
        }
    }

    /// The family name that also selects it (`locked_candidates`, `preemptive_set`), if any.
    pub fn family_name(self) -> Option<&'static str> {
        use Technique::*;
        match self {
            Pointing | Claiming => Some("locked_candidates"),
            NakedPair | HiddenPair | NakedTriple | HiddenTriple | NakedQuad | HiddenQuad | PreemptiveSet => {
                Some("preemptive_set")
            }
            _ => None,
        }
    }

    /// The Sudoku Explainer weight (see [`rating`]); a preemptive set weighs as the naked or
    /// hidden subset the ladder would find it as, at most a quad's.
    pub fn weight(self) -> f64 {
        match self {
            Technique::HiddenSingleBox => 1.2,
            Technique::HiddenSingleLine => 1.5,
            Technique::NakedSingle => 2.3,
            Technique::Pointing => 2.6,
            Technique::Claiming => 2.8,
            Technique::NakedPair => 3.0,
            Technique::XWing => 3.2,
            Technique::HiddenPair => 3.4,
            Technique::NakedTriple => 3.6,
            Technique::Swordfish => 3.8,
            Technique::HiddenTriple => 4.0,
            Technique::XYWing => 4.2,
            Technique::XYZWing => 4.4,
            Technique::UniqueRectangle1 => 4.5,
            Technique::UniqueRectangle2 => 4.6,
            Technique::NakedQuad => 5.0,
            Technique::Jellyfish => 5.2,
            Technique::HiddenQuad | Technique::PreemptiveSet => 5.4,
            Technique::Bug => 5.6,
            Technique::SimpleChain => 6.6,
            Technique::XYChain => 6.8,
            Technique::Contradiction => 7.2,
            Technique::Guess => 8.5,
            Technique::FullHouse => 1.0,
            Technique::DirectPointing => 1.7,
            Technique::DirectClaiming => 1.9,
            Technique::DirectHiddenPair => 2.0,
            Technique::DirectHiddenTriple => 2.5,
            Technique::TurbotFish => 4.0,
            Technique::ThreeStrongLinks => 5.4,
            Technique::UniqueLoop => 4.5,
            Technique::WXYZWing => 5.5,
            Technique::VWXYZWing => 6.2,
            Technique::AlignedPairExclusion => 6.2,
            Technique::AlignedTripleExclusion => 7.5,
            Technique::BidirectionalCycle => 6.5,
            Technique::ForcingXChain => 6.6,
            Technique::ForcingChain => 7.0,
            Technique::NishioForcingChain => 7.5,
            Technique::CellForcingChain | Technique::RegionForcingChain => 8.0,
            Technique::DynamicForcingChain => 8.5,
            Technique::DynamicForcingChainPlus => 9.0,
        }
    }
}

/// One deduction: the pattern it found and what it does to the candidates. Cells are 0-based
/// row-major indices, units 0-based (rows, then columns, then boxes), digits 1-based.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub technique: Technique,
    /// The unit the deduction is about, if one.
    pub unit: Option<usize>,
    /// The digits the pattern is about, ascending.
    pub digits: Vec<u8>,
    /// The cells of the pattern (a single's cell, a digit's places, a subset's cells, a chain).
    pub cells: Vec<usize>,
    /// The digit placed, as (cell, digit).
    pub placed: Option<(usize, u8)>,
    /// The candidates removed, as (cell, digit). In [`Order::Propagation`] a placement lists
    /// what it removes from its peers, as the SQL loop's round does; in the ladder it lists none.
    pub eliminated: Vec<(usize, u8)>,
    /// One sentence a player can follow.
    pub explanation: String,
    /// The length of a chain (its cells), the singles a contradiction takes, or the size of a
    /// preemptive set; 0 otherwise.
    pub length: usize,
}

impl Step {
    /// A step that places `digit` at `cell`.
    fn placement(
        technique: Technique,
        unit: Option<usize>,
        cell: usize,
        digit: u8,
        length: usize,
        explanation: String,
    ) -> Step {
        let (digits, cells, placed) = (vec![digit], vec![cell], Some((cell, digit)));
        Step { technique, unit, digits, cells, placed, eliminated: Vec::new(), explanation, length }
    }

    /// A step that removes `eliminated` and places nothing.
    fn removal(
        technique: Technique,
        unit: Option<usize>,
        digits: Vec<u8>,
        cells: Vec<usize>,
        eliminated: Vec<(usize, u8)>,
        explanation: String,
    ) -> Step {
        Step { technique, unit, digits, cells, placed: None, eliminated, explanation, length: 0 }
    }
}

/// The pencil marks of a grid being solved: each cell's digit (0 blank) and candidates (a
/// filled cell keeps its own digit's bit).
struct Board {
    geo: &'static Geometry,
    value: Vec<u8>,
    cand: Vec<u32>,
    /// Two givens of a unit are equal.
    conflicting: bool,
    /// Whether steps carry their explanation (`rate` needs none and skips the formatting).
    explain: bool,
}

fn cell_name(geo: &Geometry, c: usize) -> String {
    format!("r{}c{}", c / geo.n + 1, c % geo.n + 1)
}

fn unit_name(geo: &Geometry, u: usize) -> String {
    let (kind, no) = UnitKind::of_unit(u, geo.n);
    let kind = match kind {
        UnitKind::Row => "Row",
        UnitKind::Column => "Column",
        UnitKind::Box => "Box",
    };
    format!("{kind} {no}")
}

/// The digits of a mask, ascending (digit d is bit d - 1), as [`crate::views::digits`] yields them.
pub fn digit_list(mask: u32) -> Vec<u8> {
    digits(mask).collect()
}

fn join_digits(mask: u32) -> String {
    let d: Vec<String> = digit_list(mask).iter().map(|d| d.to_string()).collect();
    and_list(&d)
}

fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

impl Board {
    /// The board of a grid: a blank's candidates are the digits none of its peers holds.
    fn new(grid: &Grid, explain: bool) -> Board {
        let geo = Geometry::for_box_side(grid.box_side());
        let value = grid.cells().to_vec();
        let mut cand = candidate_masks(grid);
        for (m, &v) in cand.iter_mut().zip(&value).filter(|(_, &v)| v != 0) {
            *m = 1 << (v - 1);
        }
        Board { geo, value, cand, conflicting: !grid.is_valid(), explain }
    }

    /// Places `d` at `c`; what it removes from open peers goes to `removed`, when given.
    fn place(&mut self, c: usize, d: u8, mut removed: Option<&mut Vec<(usize, u8)>>) {
        let bit = 1u32 << (d - 1);
        self.value[c] = d;
        self.cand[c] = bit;
        for &p in self.geo.peers(c) {
            let p = p as usize;
            if self.cand[p] & bit != 0 && self.value[p] == 0 {
                self.cand[p] &= !bit;
                if let Some(out) = removed.as_deref_mut() {
                    out.push((p, d));
                }
            }
        }
    }

    /// Applies a step; with `record`, a placement lists what it removed from its peers.
    fn apply(&mut self, step: &mut Step, record: bool) {
        if let Some((c, digit)) = step.placed {
            let mut removed = Vec::new();
            self.place(c, digit, record.then_some(&mut removed));
            removed.sort_unstable();
            step.eliminated.extend(removed);
        } else {
            for &(c, digit) in &step.eliminated {
                self.cand[c] &= !(1 << (digit - 1));
            }
        }
    }

    fn sees(&self, a: usize, b: usize) -> bool {
        self.geo.sees(a, b)
    }

    fn open(&self, u: usize) -> impl Iterator<Item = usize> + '_ {
        self.geo.unit(u).iter().map(|&c| c as usize).filter(|&c| self.value[c] == 0)
    }

    /// The open cells of unit `u` holding candidate `bit`, in unit order.
    fn holding(&self, u: usize, bit: u32) -> impl Iterator<Item = usize> + '_ {
        self.open(u).filter(move |&c| self.cand[c] & bit != 0)
    }

    /// [`Board::holding`], collected.
    fn places(&self, u: usize, bit: u32) -> Vec<usize> {
        self.holding(u, bit).collect()
    }

    /// The open cell of unit `u` holding candidate `bit`, when there is exactly one.
    fn single_place(&self, u: usize, bit: u32) -> Option<usize> {
        let mut places = self.holding(u, bit);
        let first = places.next()?;
        places.next().is_none().then_some(first)
    }

    fn solved(&self) -> bool {
        self.value.iter().all(|&v| v != 0)
    }

    /// The candidates in `mask` of the open `cells`, cell by cell, digits ascending.
    fn eliminations(&self, cells: impl Iterator<Item = usize>, mask: u32) -> Vec<(usize, u8)> {
        let mut out = Vec::new();
        for c in cells.filter(|&c| self.value[c] == 0) {
            out.extend(digits(self.cand[c] & mask).map(|d| (c, d)));
        }
        out
    }

    /// A cell without candidates, or (with `units`) a unit without a place for a digit.
    fn broken(&self, units: bool) -> bool {
        let full = (1u32 << self.geo.n) - 1;
        self.cand.contains(&0)
            || units && self.geo.units().any(|unit| unit.iter().fold(0, |m, &c| m | self.cand[c as usize]) != full)
    }
}

/// The order a run tries its techniques in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// The set-based SQL loop's order, `sudoku.propagate`'s techniques only: naked single (also
    /// with preemptive sets alone: it is one of size 1); hidden single in rows 1..n, columns,
    /// boxes, digits ascending; locked candidates, pointing from boxes along rows, then along
    /// columns, then claiming from rows and from columns (a digit with a single place counts);
    /// Crook's preemptive sets of 2 or more cells, units as for hidden singles, then by size,
    /// then by digits. It never guesses, works on any grid, and ends in a contradiction when
    /// the steps prove there is no solution; its last grid is `propagate`'s.
    Propagation,
    /// The rating ladder: the allowed technique of least weight first (the order of
    /// [`Technique::ALL`]), a guess last. Needs a puzzle with one solution.
    Ladder,
}

/// The techniques of a run, their order, and the name each step is reported under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    order: Order,
    /// Bit `t as usize` for each allowed technique.
    allowed: u32,
    /// Techniques selected by their family name only, and reported under it.
    by_family: u32,
    /// The bulk techniques named, in the propagation order.
    bulk: Techniques,
}

/// The names `sudoku.propagate` takes for its bulk techniques.
pub const PROPAGATION_NAMES: [&str; 4] = ["naked_single", "hidden_single", "locked_candidates", "preemptive_set"];

impl Selection {
    /// Every technique of the ladder, guesses included: what `rate` and `hint` use.
    pub fn all() -> Selection {
        let allowed = Technique::ALL.iter().fold(0, |m, &t| m | 1 << t as u32);
        Selection { order: Order::Ladder, allowed, by_family: 0, bulk: Techniques::NONE }
    }

    /// The techniques named (see the module documentation), in [`Order::Propagation`] when
    /// every name is one of [`PROPAGATION_NAMES`], else in the ladder; `Err(name)` for the first
    /// unknown name.
    pub fn from_names<'a>(names: impl IntoIterator<Item = &'a str> + Clone) -> Result<Selection, String> {
        let propagation = names.clone().into_iter().all(|n| PROPAGATION_NAMES.contains(&n));
        let named = |i: usize| names.clone().into_iter().any(|n| n == PROPAGATION_NAMES[i]);
        let bulk = Techniques {
            naked_singles: named(0),
            hidden_singles: named(1),
            locked_candidates: named(2),
            preemptive_sets: named(3),
        };
        let all = Technique::ALL.into_iter().chain([Technique::PreemptiveSet]);
        let (mut own, mut family) = (0u32, 0u32);
        for name in names {
            let by_name = all.clone().filter(|t| t.name() == name).fold(0, |m, t| m | 1 << t as u32);
            let by_family = all.clone().filter(|t| t.family_name() == Some(name)).fold(0, |m, t| m | 1 << t as u32);
            if by_name | by_family == 0 {
                return Err(name.to_string());
            }
            own |= by_name;
            family |= by_family;
        }
        let order = if propagation { Order::Propagation } else { Order::Ladder };
        // A preemptive set is a technique of its own in the propagation order only, where it
        // brings naked singles (its sets of size 1).
        let (allowed, by_family) = match order {
            Order::Propagation if bulk.preemptive_sets => (own | family | 1 << Technique::NakedSingle as u32, family),
            Order::Propagation => (own | family, family),
            Order::Ladder => ((own | family) & !(1 << Technique::PreemptiveSet as u32), family & !own),
        };
        Ok(Selection { order, allowed, by_family, bulk })
    }

    pub fn order(&self) -> Order {
        self.order
    }

    fn has(&self, t: Technique) -> bool {
        self.allowed >> t as u32 & 1 == 1
    }

    /// The name a step of technique `t` is reported under: its family's when the selection
    /// named the family and not the technique (`locked_candidates` for pointing in
    /// `fill_steps(p)`), else its own.
    pub fn name_of(&self, t: Technique) -> &'static str {
        match t.family_name() {
            Some(family) if self.by_family >> t as u32 & 1 == 1 => family,
            _ => t.name(),
        }
    }

    /// The solver's bulk techniques that make the same fixpoint, in the propagation order.
    pub fn techniques(&self) -> Option<Techniques> {
        (self.order == Order::Propagation).then_some(self.bulk)
    }
}

/// The distinct technique names of the ladder, simplest first (`hidden_single` ...
/// `contradiction`, `guess`): what `sudoku.rating_techniques()` lists.
pub fn technique_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Technique::ALL.iter().map(|t| t.name()).collect();
    names.dedup();
    names
}

/// How a run of steps ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Every cell is filled.
    Solved,
    /// No allowed technique applies.
    Stalled,
    /// The steps proved the grid has no solution (the propagation order only).
    Contradiction,
}

impl Ending {
    /// The name of the last row of `sudoku.fill_steps`, and its explanation.
    pub fn name_and_explanation(self) -> (&'static str, &'static str) {
        match self {
            Ending::Solved => ("solved", "Every cell is filled."),
            Ending::Stalled => ("stalled", "No chosen technique applies any more."),
            Ending::Contradiction => {
                ("contradiction", "A cell or a digit of a unit has no place left: the grid has no solution.")
            }
        }
    }
}

/// The steps of one run, resumable: each call makes the next deduction.
pub struct Steps {
    board: Board,
    selection: Selection,
    /// The solution, for guesses (the ladder only).
    solution: Vec<u8>,
    ending: Option<Ending>,
}

impl Steps {
    /// A run over `grid`. The ladder needs a puzzle with one solution (else the error); the
    /// propagation order takes any grid.
    pub fn new(
        grid: &Grid,
        selection: Selection,
        explain: bool,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<Result<Steps, RateError>, Interrupted> {
        let solution = match selection.order {
            Order::Ladder => match rating::unique_solution(grid, interrupt)? {
                Ok(s) => s.cells().to_vec(),
                Err(e) => return Ok(Err(e)),
            },
            Order::Propagation => Vec::new(),
        };
        Ok(Ok(Steps { board: Board::new(grid, explain), selection, solution, ending: None }))
    }

    /// The next step, or `None` once the run has ended ([`Steps::ending`] says how).
    /// `interrupt` is asked before each step and during the search for preemptive sets.
    pub fn next_with(&mut self, interrupt: &mut dyn FnMut() -> bool) -> Result<Option<Step>, Interrupted> {
        if self.ending.is_some() {
            return Ok(None);
        }
        if interrupt() {
            return Err(Interrupted);
        }
        let b = &self.board;
        let found = match self.selection.order {
            Order::Propagation if b.conflicting || b.broken(self.selection.has(Technique::HiddenSingleBox)) => {
                Err(Ending::Contradiction)
            }
            _ if b.solved() => Err(Ending::Solved),
            Order::Propagation => self.propagation_step(interrupt)?.ok_or(Ending::Stalled),
            Order::Ladder => self.ladder_step().ok_or(Ending::Stalled),
        };
        match found {
            Ok(mut step) => {
                self.board.apply(&mut step, self.selection.order == Order::Propagation);
                Ok(Some(step))
            }
            Err(ending) => {
                self.ending = Some(ending);
                Ok(None)
            }
        }
    }

    fn propagation_step(&self, interrupt: &mut dyn FnMut() -> bool) -> Result<Option<Step>, Interrupted> {
        let (b, s, n) = (&self.board, &self.selection, self.board.geo.n);
        let (rows, cols, boxes) = (0..n, n..2 * n, 2 * n..3 * n);
        let found = s
            .has(Technique::NakedSingle)
            .then(|| b.naked_single())
            .flatten()
            .or_else(|| s.has(Technique::HiddenSingleBox).then(|| b.hidden_single(0..3 * n)).flatten())
            .or_else(|| {
                let locked = s.has(Technique::Pointing);
                locked
                    .then(|| {
                        b.locked(boxes.clone(), &[UnitKind::Row], 1)
                            .or_else(|| b.locked(boxes, &[UnitKind::Column], 1))
                            .or_else(|| b.locked(rows.start..cols.end, &[UnitKind::Box], 1))
                    })
                    .flatten()
            });
        match found {
            Some(step) => Ok(Some(step)),
            None if s.has(Technique::PreemptiveSet) => b.preemptive_set(interrupt),
            None => Ok(None),
        }
    }

    fn ladder_step(&self) -> Option<Step> {
        type Finder = fn(&Board) -> Option<Step>;
        const LADDER: [(Technique, Finder); 21] = [
            (Technique::HiddenSingleBox, |b| b.hidden_single(2 * b.geo.n..3 * b.geo.n)),
            (Technique::HiddenSingleLine, |b| b.hidden_single(0..2 * b.geo.n)),
            (Technique::NakedSingle, |b| b.naked_single()),
            (Technique::Pointing, |b| b.locked(2 * b.geo.n..3 * b.geo.n, &[UnitKind::Row, UnitKind::Column], 2)),
            (Technique::Claiming, |b| b.locked(0..2 * b.geo.n, &[UnitKind::Box], 2)),
            (Technique::NakedPair, |b| b.naked_subset(2)),
            (Technique::XWing, |b| b.fish(2)),
            (Technique::HiddenPair, |b| b.hidden_subset(2)),
            (Technique::NakedTriple, |b| b.naked_subset(3)),
            (Technique::Swordfish, |b| b.fish(3)),
            (Technique::HiddenTriple, |b| b.hidden_subset(3)),
            (Technique::XYWing, |b| b.wing(false)),
            (Technique::XYZWing, |b| b.wing(true)),
            (Technique::UniqueRectangle1, |b| b.unique_rectangle()),
            (Technique::NakedQuad, |b| b.naked_subset(4)),
            (Technique::Jellyfish, |b| b.fish(4)),
            (Technique::HiddenQuad, |b| b.hidden_subset(4)),
            (Technique::Bug, |b| b.bug()),
            (Technique::SimpleChain, |b| b.simple_chain()),
            (Technique::XYChain, |b| b.xy_chain()),
            (Technique::Contradiction, |b| b.contradiction()),
        ];
        let b = &self.board;
        LADDER
            .iter()
            .filter(|(t, _)| self.selection.has(*t))
            .find_map(|(_, find)| find(b))
            .or_else(|| self.selection.has(Technique::Guess).then(|| b.guess(&self.solution)))
    }

    /// How the run ended, once it has.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// The digits of the grid so far, row-major (0 blank).
    pub fn cells(&self) -> &[u8] {
        &self.board.value
    }

    /// The grid so far.
    pub fn grid(&self) -> Grid {
        Grid::from_cells(&self.board.value).expect("a run keeps a grid's digits")
    }

    /// The selection the run follows.
    pub fn selection(&self) -> &Selection {
        &self.selection
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = "...15.....34....89........3.2..6.8...47..9.....9.2...11....2..5...9............74";

    fn run(grid: &Grid, names: &[&str]) -> (Vec<Step>, Steps) {
        let selection = Selection::from_names(names.iter().copied()).unwrap();
        let mut run = Steps::new(grid, selection, true, &mut || false).unwrap().unwrap();
        (std::iter::from_fn(|| run.next_with(&mut || false).unwrap()).collect(), run)
    }

    #[test]
    fn propagation_order_ends_where_propagate_ends() {
        let g = Grid::parse(SEED).unwrap();
        for names in [&PROPAGATION_NAMES[..], &PROPAGATION_NAMES[..3], &["naked_single", "locked_candidates"]] {
            let (steps, run) = run(&g, names);
            let t = run.selection().techniques().unwrap();
            assert_eq!(Some(run.grid()), crate::propagate(&g, t));
            assert!(steps.iter().all(|s| s.placed.is_some() || !s.eliminated.is_empty()));
            assert!(steps.iter().all(|s| !s.explanation.is_empty()));
        }
        let bad = Grid::parse(&SEED.replacen('.', "1", 1)).unwrap();
        let (steps, run) = run(&bad, &PROPAGATION_NAMES);
        assert!(steps.is_empty());
        assert_eq!(run.ending(), Some(Ending::Contradiction));
    }

    #[test]
    fn names_select_techniques_and_report_families() {
        let s = Selection::from_names(PROPAGATION_NAMES).unwrap();
        assert_eq!(s.order(), Order::Propagation);
        assert_eq!(s.techniques(), Some(Techniques::ALL));
        assert_eq!(s.name_of(Technique::Pointing), "locked_candidates");
        assert_eq!(s.name_of(Technique::PreemptiveSet), "preemptive_set");
        // Any other name: the ladder, where a family stands for its techniques.
        let s = Selection::from_names(["pointing", "locked_candidates", "preemptive_set"]).unwrap();
        assert_eq!(s.order(), Order::Ladder);
        assert_eq!((s.name_of(Technique::Pointing), s.name_of(Technique::Claiming)), ("pointing", "locked_candidates"));
        assert_eq!(s.name_of(Technique::HiddenTriple), "preemptive_set");
        assert!(s.has(Technique::NakedQuad) && !s.has(Technique::PreemptiveSet) && !s.has(Technique::NakedSingle));
        assert_eq!(Selection::from_names(["x_wing", "dancing_links"]), Err("dancing_links".to_string()));
        // The ladder with a family name makes the same steps as with its techniques.
        let g = Grid::parse(SEED).unwrap();
        // (x_wing makes it a ladder run, where the family name stands for pointing and claiming).
        let by = |names: &[&str]| run(&g, names).0;
        assert_eq!(
            by(&["hidden_single", "naked_single", "locked_candidates", "x_wing"]),
            by(&["hidden_single", "naked_single", "pointing", "claiming", "x_wing"])
        );
    }

    #[test]
    fn hidden_singles_have_one_place() {
        let g = Grid::parse(SEED).unwrap();
        let board = Board::new(&g, false);
        let singles = hidden_singles(&g);
        assert!(!singles.is_empty());
        for (u, c, d) in singles {
            assert_eq!(g.cells()[c], 0);
            assert_eq!(board.places(u, 1 << (d - 1)), vec![c]);
        }
    }
}
