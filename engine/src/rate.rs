//! Difficulty rating by solving as a person would: always the simplest technique that makes
//! progress, backtracking (a guess) only when none does.
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
//!
//! A guess takes the solution's digit in a blank with the fewest candidates: it counts the
//! backtracking a solver would need without charging for its wrong branches.

use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::solver::{count_solutions_with, solve_with, Interrupted};
use crate::views::UnitKind;

/// The techniques `rate` and `hint` apply, simplest first.
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
}

impl Technique {
    /// Every technique, simplest first.
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

    /// The name SQL uses.
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
        }
    }

    /// The Sudoku Explainer weight (see the module documentation).
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
            Technique::Bug => 5.6,
            Technique::XYChain => 6.8,
            Technique::Contradiction => 7.2,
            Technique::NakedQuad => 5.0,
            Technique::Jellyfish => 5.2,
            Technique::HiddenQuad => 5.4,
            Technique::SimpleChain => 6.6,
            Technique::Guess => 8.5,
        }
    }
}

impl Deduction {
    /// A deduction that places `digit` at `cell`.
    fn placement(
        technique: Technique,
        unit: Option<usize>,
        cell: usize,
        digit: u8,
        length: usize,
        explanation: String,
    ) -> Deduction {
        Deduction {
            technique,
            unit,
            digits: vec![digit],
            cells: vec![cell],
            placed: Some((cell, digit)),
            eliminated: Vec::new(),
            length,
            explanation,
        }
    }

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

/// One deduction: what it found and what it does to the candidates. Cells are 0-based
/// row-major indices; digits are 1-based.
#[derive(Clone, Debug, PartialEq)]
pub struct Deduction {
    pub technique: Technique,
    /// The 0-based unit (rows, then columns, then boxes) the deduction is about, if one.
    pub unit: Option<usize>,
    /// The digits the pattern is about.
    pub digits: Vec<u8>,
    /// The cells of the pattern.
    pub cells: Vec<usize>,
    /// The digit placed, as (cell, digit).
    pub placed: Option<(usize, u8)>,
    /// The candidates removed, as (cell, digit).
    pub eliminated: Vec<(usize, u8)>,
    /// One sentence a player can follow.
    pub explanation: String,
    /// The length of a chain (its cells), or the singles a contradiction takes; 0 otherwise.
    pub length: usize,
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

/// Why a grid cannot be rated.
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

/// The pencil marks of a grid being solved.
struct Board {
    geo: &'static Geometry,
    value: Vec<u8>,
    cand: Vec<u32>,
    /// Whether deductions carry their explanation (`rate` needs none and skips the formatting).
    explain: bool,
}

/// `format!` for a deduction's explanation, or an empty string when `board` explains nothing.
macro_rules! explain {
    ($board:expr, $($arg:tt)*) => {
        if $board.explain { format!($($arg)*) } else { String::new() }
    };
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

fn digit_list(mask: u32) -> Vec<u8> {
    (0..32u8).filter(|d| mask >> d & 1 == 1).map(|d| d + 1).collect()
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

/// The first deduction `f` finds among the k-element subsets of `0..len` (as ascending index
/// lists, in lexicographic order). `fits` tells whether a partial subset can still grow into one
/// `f` accepts (false prunes every subset that extends it), so it changes the cost, not the
/// result.
fn first_subset(
    len: usize,
    k: usize,
    fits: &dyn Fn(&[usize]) -> bool,
    f: &mut dyn FnMut(&[usize]) -> Option<Deduction>,
) -> Option<Deduction> {
    fn rec(
        start: usize,
        len: usize,
        k: usize,
        chosen: &mut Vec<usize>,
        fits: &dyn Fn(&[usize]) -> bool,
        f: &mut dyn FnMut(&[usize]) -> Option<Deduction>,
    ) -> Option<Deduction> {
        if chosen.len() == k {
            return f(chosen);
        }
        for i in start..len {
            if len - i < k - chosen.len() {
                break;
            }
            chosen.push(i);
            if fits(chosen) {
                if let Some(d) = rec(i + 1, len, k, chosen, fits, f) {
                    return Some(d);
                }
            }
            chosen.pop();
        }
        None
    }
    rec(0, len, k, &mut Vec::with_capacity(k), fits, f)
}

impl Board {
    /// The board of a grid with consistent givens; `None` when two givens conflict.
    fn new(grid: &Grid) -> Option<Board> {
        let geo = Geometry::for_box_side(grid.box_side());
        let full = (1u32 << geo.n) - 1;
        let mut b = Board { geo, value: vec![0; geo.cells], cand: vec![full; geo.cells], explain: true };
        for (c, &v) in grid.cells().iter().enumerate() {
            if v != 0 {
                if b.cand[c] & 1 << (v - 1) == 0 {
                    return None;
                }
                b.place(c, v);
            }
        }
        Some(b)
    }

    fn place(&mut self, c: usize, d: u8) {
        let bit = 1u32 << (d - 1);
        self.value[c] = d;
        self.cand[c] = bit;
        for &p in self.geo.peers(c) {
            self.cand[p as usize] &= !bit;
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

    fn apply(&mut self, d: &Deduction) {
        if let Some((c, digit)) = d.placed {
            self.place(c, digit);
        }
        for &(c, digit) in &d.eliminated {
            self.cand[c] &= !(1 << (digit - 1));
        }
    }

    fn solved(&self) -> bool {
        self.value.iter().all(|&v| v != 0)
    }

    fn eliminations(&self, cells: impl Iterator<Item = usize>, mask: u32) -> Vec<(usize, u8)> {
        let mut out = Vec::new();
        for c in cells {
            if self.value[c] == 0 {
                for d in digit_list(self.cand[c] & mask) {
                    out.push((c, d));
                }
            }
        }
        out
    }

    fn hidden_single(&self, boxes: bool) -> Option<Deduction> {
        let n = self.geo.n;
        let units = if boxes { 2 * n..3 * n } else { 0..2 * n };
        for u in units {
            let placed: u32 = self
                .geo
                .unit(u)
                .iter()
                .filter(|&&c| self.value[c as usize] != 0)
                .fold(0, |m, &c| m | 1 << (self.value[c as usize] - 1));
            // Candidates held by one open cell of the unit: once and not twice.
            let (mut once, mut twice) = (0u32, 0u32);
            for c in self.open(u) {
                twice |= once & self.cand[c];
                once |= self.cand[c];
            }
            let mut hidden = once & !twice & !placed;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                let d = bit.trailing_zeros() as u8 + 1;
                if let Some(c) = self.single_place(u, bit) {
                    let (kind, _) = UnitKind::of_unit(u, n);
                    let where_ = || match kind {
                        UnitKind::Row => format!("column {}", c % n + 1),
                        UnitKind::Column => format!("row {}", c / n + 1),
                        UnitKind::Box => format!("row {}, column {}", c / n + 1, c % n + 1),
                    };
                    let technique = if boxes { Technique::HiddenSingleBox } else { Technique::HiddenSingleLine };
                    let explanation = explain!(self, "{}: {d} can only go in {}.", unit_name(self.geo, u), where_());
                    return Some(Deduction::placement(technique, Some(u), c, d, 0, explanation));
                }
            }
        }
        None
    }

    fn naked_single(&self) -> Option<Deduction> {
        (0..self.geo.cells).find(|&c| self.value[c] == 0 && self.cand[c].count_ones() == 1).map(|c| {
            let d = self.cand[c].trailing_zeros() as u8 + 1;
            let explanation =
                explain!(self, "Row {}, column {} has only {d} left.", c / self.geo.n + 1, c % self.geo.n + 1);
            Deduction::placement(Technique::NakedSingle, None, c, d, 0, explanation)
        })
    }

    /// Pointing (`claiming` false): a digit confined to one line within a box leaves the rest
    /// of the line. Claiming: a digit confined to one box within a line leaves the rest of the box.
    fn locked_candidates(&self, claiming: bool) -> Option<Deduction> {
        let geo = self.geo;
        let n = geo.n;
        let bases = if claiming { 0..2 * n } else { 2 * n..3 * n };
        for u in bases {
            for d in 1..=n as u8 {
                let bit = 1u32 << (d - 1);
                // Rows, columns and boxes (bit masks) of the digit's places in the unit.
                let (mut count, mut lines) = (0, [0u32; 3]);
                for c in self.holding(u, bit) {
                    count += 1;
                    for (mask, k) in lines.iter_mut().zip(geo.row_col_box(c)) {
                        *mask |= 1 << k;
                    }
                }
                if count < 2 {
                    continue;
                }
                let one = |mask: u32| (mask.count_ones() == 1).then(|| mask.trailing_zeros() as usize);
                let targets: Vec<usize> = if claiming {
                    one(lines[2]).map(|b| 2 * n + b).into_iter().collect()
                } else {
                    one(lines[0]).into_iter().chain(one(lines[1]).map(|c| n + c)).collect()
                };
                if targets.is_empty() {
                    continue;
                }
                let places = self.places(u, bit);
                for t in targets {
                    let others = geo.unit(t).iter().map(|&c| c as usize).filter(|c| !places.contains(c));
                    let eliminated = self.eliminations(others, bit);
                    if !eliminated.is_empty() {
                        return Some(Deduction {
                            technique: if claiming { Technique::Claiming } else { Technique::Pointing },
                            unit: Some(u),
                            digits: vec![d],
                            cells: places.clone(),
                            placed: None,
                            eliminated,
                            length: 0,
                            explanation: explain!(
                                self,
                                "{}: {d} can only go in {}, so it leaves the rest of {}.",
                                unit_name(geo, u),
                                unit_name(geo, t).to_lowercase(),
                                unit_name(geo, t).to_lowercase()
                            ),
                        });
                    }
                }
            }
        }
        None
    }

    /// Naked subsets of `k` cells (Crook's preemptive sets of size k).
    fn naked_subset(&self, k: usize) -> Option<Deduction> {
        let geo = self.geo;
        for u in 0..3 * geo.n {
            let open: Vec<usize> = self.open(u).filter(|&c| self.cand[c].count_ones() as usize <= k).collect();
            let all_open: Vec<usize> = self.open(u).collect();
            if all_open.len() <= k {
                continue;
            }
            let union_of = |idx: &[usize]| idx.iter().fold(0u32, |m, &i| m | self.cand[open[i]]);
            let fits = |idx: &[usize]| union_of(idx).count_ones() as usize <= k;
            let found = first_subset(open.len(), k, &fits, &mut |idx| {
                let union = union_of(idx);
                if union.count_ones() as usize != k {
                    return None;
                }
                let cells: Vec<usize> = idx.iter().map(|&i| open[i]).collect();
                let eliminated = self.eliminations(all_open.iter().copied().filter(|c| !cells.contains(c)), union);
                if eliminated.is_empty() {
                    return None;
                }
                let names: Vec<String> = cells.iter().map(|&c| cell_name(geo, c)).collect();
                Some(Deduction {
                    technique: [Technique::NakedPair, Technique::NakedTriple, Technique::NakedQuad][k - 2],
                    unit: Some(u),
                    digits: digit_list(union),
                    cells: cells.clone(),
                    placed: None,
                    eliminated,
                    length: 0,
                    explanation: explain!(
                        self,
                        "{}: {} hold only {}, so these digits leave the rest of the {}.",
                        unit_name(geo, u),
                        and_list(&names),
                        join_digits(union),
                        unit_name(geo, u).split(' ').next().unwrap_or("unit").to_lowercase()
                    ),
                })
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// Hidden subsets of `k` digits confined to `k` cells of a unit.
    fn hidden_subset(&self, k: usize) -> Option<Deduction> {
        let geo = self.geo;
        for u in 0..3 * geo.n {
            let all_open: Vec<usize> = self.open(u).collect();
            if all_open.len() <= k {
                continue;
            }
            let digits: Vec<u8> = (1..=geo.n as u8)
                .filter(|&d| {
                    let p = self.holding(u, 1 << (d - 1)).count();
                    p >= 1 && p <= k
                })
                .collect();
            let mask_of = |idx: &[usize]| idx.iter().fold(0u32, |m, &i| m | 1 << (digits[i] - 1));
            let fits = |idx: &[usize]| {
                let mask = mask_of(idx);
                all_open.iter().filter(|&&c| self.cand[c] & mask != 0).count() <= k
            };
            let found = first_subset(digits.len(), k, &fits, &mut |idx| {
                let mask = mask_of(idx);
                let cells: Vec<usize> = all_open.iter().copied().filter(|&c| self.cand[c] & mask != 0).collect();
                if cells.len() != k {
                    return None;
                }
                let eliminated = self.eliminations(cells.iter().copied(), !mask);
                if eliminated.is_empty() {
                    return None;
                }
                let names: Vec<String> = cells.iter().map(|&c| cell_name(geo, c)).collect();
                Some(Deduction {
                    technique: [Technique::HiddenPair, Technique::HiddenTriple, Technique::HiddenQuad][k - 2],
                    unit: Some(u),
                    digits: digit_list(mask),
                    cells: cells.clone(),
                    placed: None,
                    eliminated,
                    length: 0,
                    explanation: explain!(
                        self,
                        "{}: {} can only go in {}, so those cells hold nothing else.",
                        unit_name(geo, u),
                        join_digits(mask),
                        and_list(&names)
                    ),
                })
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// X-Wing (k = 2), Swordfish (3), Jellyfish (4): a digit whose places in k rows lie in k
    /// columns leaves those columns elsewhere (and the same with rows and columns swapped).
    fn fish(&self, k: usize) -> Option<Deduction> {
        let geo = self.geo;
        let n = geo.n;
        for d in 1..=n as u8 {
            let bit = 1u32 << (d - 1);
            for by_rows in [true, false] {
                let base_unit = |i: usize| if by_rows { i } else { n + i };
                let cover_of = |c: usize| if by_rows { c % n } else { c / n };
                let bases: Vec<(usize, u32)> = (0..n)
                    .filter_map(|i| {
                        let (mut count, mut covers) = (0, 0u32);
                        for c in self.holding(base_unit(i), bit) {
                            count += 1;
                            covers |= 1 << cover_of(c);
                        }
                        (2..=k).contains(&count).then_some((i, covers))
                    })
                    .collect();
                let covers_of = |idx: &[usize]| idx.iter().fold(0u32, |m, &i| m | bases[i].1);
                let fits = |idx: &[usize]| covers_of(idx).count_ones() as usize <= k;
                let found = first_subset(bases.len(), k, &fits, &mut |idx| {
                    let covers = covers_of(idx);
                    if covers.count_ones() as usize != k {
                        return None;
                    }
                    let base_set: Vec<usize> = idx.iter().map(|&i| bases[i].0).collect();
                    let cover_units: Vec<usize> =
                        (0..n).filter(|j| covers >> j & 1 == 1).map(|j| if by_rows { n + j } else { j }).collect();
                    let others =
                        cover_units.iter().flat_map(|&cu| geo.unit(cu).iter().map(|&c| c as usize)).filter(|&c| {
                            let base = if by_rows { c / n } else { c % n };
                            !base_set.contains(&base)
                        });
                    let eliminated = self.eliminations(others, bit);
                    if eliminated.is_empty() {
                        return None;
                    }
                    let (bk, ck) = if by_rows { ("rows", "columns") } else { ("columns", "rows") };
                    let bnames: Vec<String> = base_set.iter().map(|b| (b + 1).to_string()).collect();
                    let cnames: Vec<String> =
                        (0..n).filter(|j| covers >> j & 1 == 1).map(|j| (j + 1).to_string()).collect();
                    let technique = [Technique::XWing, Technique::Swordfish, Technique::Jellyfish][k - 2];
                    let cells = base_set.iter().flat_map(|&b| self.places(base_unit(b), bit)).collect();
                    Some(Deduction {
                        technique,
                        unit: None,
                        digits: vec![d],
                        cells,
                        placed: None,
                        eliminated,
                        length: 0,
                        explanation: explain!(
                            self,
                            "{} on {d}: in {bk} {} it can only go in {ck} {}, so it leaves those {ck} elsewhere.",
                            match technique {
                                Technique::XWing => "X-Wing",
                                Technique::Swordfish => "Swordfish",
                                _ => "Jellyfish",
                            },
                            and_list(&bnames),
                            and_list(&cnames)
                        ),
                    })
                });
                if found.is_some() {
                    return found;
                }
            }
        }
        None
    }

    /// XY-Wing (`xyz` false): a pivot {x,y} seeing pincers {x,z} and {y,z}: z leaves the cells
    /// seeing both pincers. XYZ-Wing: a pivot {x,y,z} with such pincers: z leaves the cells
    /// seeing all three.
    fn wing(&self, xyz: bool) -> Option<Deduction> {
        let geo = self.geo;
        let pivot_size = if xyz { 3 } else { 2 };
        for pivot in 0..geo.cells {
            if self.value[pivot] != 0 || self.cand[pivot].count_ones() != pivot_size {
                continue;
            }
            let pincers: Vec<usize> = geo
                .peers(pivot)
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| self.value[c] == 0 && self.cand[c].count_ones() == 2)
                .collect();
            for (i, &a) in pincers.iter().enumerate() {
                for &b in &pincers[i + 1..] {
                    let (pa, pb, pv) = (self.cand[a], self.cand[b], self.cand[pivot]);
                    if pa == pb {
                        continue;
                    }
                    let z = pa & pb;
                    if z.count_ones() != 1 {
                        continue;
                    }
                    let ok = if xyz {
                        pa | pb == pv && pa & pv == pa && pb & pv == pb
                    } else {
                        z & pv == 0 && (pa | pb) & !z == pv
                    };
                    if !ok {
                        continue;
                    }
                    let targets = (0..geo.cells).filter(|&c| {
                        c != pivot
                            && c != a
                            && c != b
                            && self.sees(c, a)
                            && self.sees(c, b)
                            && (!xyz || self.sees(c, pivot))
                    });
                    let eliminated = self.eliminations(targets, z);
                    if eliminated.is_empty() {
                        continue;
                    }
                    let zd = z.trailing_zeros() + 1;
                    return Some(Deduction {
                        technique: if xyz { Technique::XYZWing } else { Technique::XYWing },
                        unit: None,
                        digits: digit_list(pv | z),
                        cells: vec![pivot, a, b],
                        placed: None,
                        eliminated,
                        length: 0,
                        explanation: explain!(
                            self,
                            "{}: whatever {} ({}) is, {zd} goes in {} or {}{}, so {zd} leaves the cells seeing {}.",
                            if xyz { "XYZ-Wing" } else { "XY-Wing" },
                            cell_name(geo, pivot),
                            join_digits(pv),
                            cell_name(geo, a),
                            cell_name(geo, b),
                            if xyz { format!(" or {}", cell_name(geo, pivot)) } else { String::new() },
                            if xyz { "all three" } else { "both" }
                        ),
                    });
                }
            }
        }
        None
    }

    /// A simple chain on one digit: cells linked alternately by strong links (the only two
    /// places of the digit in a unit) and weak links (cells that see each other), starting and
    /// ending with a strong link. One of its two ends holds the digit, so the digit leaves
    /// every cell seeing both ends.
    fn simple_chain(&self) -> Option<Deduction> {
        let geo = self.geo;
        let n = geo.n;
        for d in 1..=n as u8 {
            let bit = 1u32 << (d - 1);
            let cells: Vec<usize> = (0..geo.cells).filter(|&c| self.value[c] == 0 && self.cand[c] & bit != 0).collect();
            let mut strong: Vec<Vec<usize>> = vec![Vec::new(); geo.cells];
            for u in 0..3 * n {
                if let [a, b] = self.places(u, bit)[..] {
                    strong[a].push(b);
                    strong[b].push(a);
                }
            }
            for &start in &cells {
                if strong[start].is_empty() {
                    continue;
                }
                // Breadth-first over (cell, parity): parity 1 = reached by a strong link last.
                let mut seen = vec![[false; 2]; geo.cells];
                let mut prev = vec![[usize::MAX; 2]; geo.cells];
                let mut queue = std::collections::VecDeque::new();
                seen[start][0] = true;
                queue.push_back((start, 0usize));
                while let Some((c, parity)) = queue.pop_front() {
                    let next: Vec<usize> = if parity == 0 {
                        strong[c].clone()
                    } else {
                        cells.iter().copied().filter(|&o| self.sees(c, o)).collect()
                    };
                    let np = 1 - parity;
                    for o in next {
                        if !seen[o][np] {
                            seen[o][np] = true;
                            prev[o][np] = c;
                            queue.push_back((o, np));
                        }
                    }
                }
                for &end in &cells {
                    if end == start || !seen[end][1] {
                        continue;
                    }
                    let targets = cells
                        .iter()
                        .copied()
                        .filter(|&c| c != start && c != end && self.sees(c, start) && self.sees(c, end));
                    let eliminated = self.eliminations(targets, bit);
                    if eliminated.is_empty() {
                        continue;
                    }
                    // The chain, end to start.
                    let mut chain = vec![end];
                    let (mut c, mut p) = (end, 1usize);
                    while c != start || p != 0 {
                        let before = prev[c][p];
                        if before == usize::MAX {
                            break;
                        }
                        chain.push(before);
                        c = before;
                        p = 1 - p;
                    }
                    chain.reverse();
                    return Some(Deduction {
                        technique: Technique::SimpleChain,
                        unit: None,
                        digits: vec![d],
                        length: chain.len(),
                        cells: chain,
                        placed: None,
                        eliminated,
                        explanation: explain!(
                            self,
                            "Chain on {d} from {} to {}: one of them is {d}, so {d} leaves the cells seeing both.",
                            cell_name(geo, start),
                            cell_name(geo, end)
                        ),
                    });
                }
            }
        }
        None
    }

    /// Unique rectangles (the puzzle has one solution, so no deadly pattern may remain): four
    /// cells in two rows, two columns and two boxes all holding {x, y}. Type 1: three of them
    /// are exactly {x, y}, so x and y leave the fourth. Type 2: two are exactly {x, y} and the
    /// other two {x, y, z}, so one of those is z, and z leaves the cells seeing both.
    fn unique_rectangle(&self) -> Option<Deduction> {
        let geo = self.geo;
        let n = geo.n;
        let bivalue: Vec<usize> =
            (0..geo.cells).filter(|&c| self.value[c] == 0 && self.cand[c].count_ones() == 2).collect();
        let mut best: Option<Deduction> = None;
        for (i, &a) in bivalue.iter().enumerate() {
            for &b in &bivalue[i + 1..] {
                let xy = self.cand[a];
                if self.cand[b] != xy || (a / n != b / n && a % n != b % n) {
                    continue;
                }
                // a and b share a row or a column: the rectangle's other side lies in each of
                // the other rows (or columns).
                let same_row = a / n == b / n;
                for other in 0..n {
                    let (c, d) = if same_row {
                        if other == a / n {
                            continue;
                        }
                        (other * n + a % n, other * n + b % n)
                    } else {
                        if other == a % n {
                            continue;
                        }
                        (a / n * n + other, b / n * n + other)
                    };
                    let boxes: std::collections::BTreeSet<usize> =
                        [a, b, c, d].iter().map(|&x| geo.box_of(x)).collect();
                    if boxes.len() != 2 || self.value[c] != 0 || self.value[d] != 0 {
                        continue;
                    }
                    if self.cand[c] & xy != xy || self.cand[d] & xy != xy {
                        continue;
                    }
                    let (technique, eliminated, consequence) = if self.cand[c] == xy && self.cand[d] != xy {
                        (
                            Technique::UniqueRectangle1,
                            self.eliminations(std::iter::once(d), xy),
                            format!("{} leave {}", join_digits(xy), cell_name(geo, d)),
                        )
                    } else if self.cand[d] == xy && self.cand[c] != xy {
                        (
                            Technique::UniqueRectangle1,
                            self.eliminations(std::iter::once(c), xy),
                            format!("{} leave {}", join_digits(xy), cell_name(geo, c)),
                        )
                    } else if self.cand[c] == self.cand[d] && (self.cand[c] & !xy).count_ones() == 1 {
                        let z = self.cand[c] & !xy;
                        let targets =
                            (0..geo.cells).filter(|&t| t != c && t != d && self.sees(t, c) && self.sees(t, d));
                        let zd = z.trailing_zeros() + 1;
                        let consequence = format!(
                            "one of {} and {} is {zd}, and {zd} leaves the cells seeing both",
                            cell_name(geo, c),
                            cell_name(geo, d)
                        );
                        (Technique::UniqueRectangle2, self.eliminations(targets, z), consequence)
                    } else {
                        continue;
                    };
                    if eliminated.is_empty() {
                        continue;
                    }
                    let d_ = Deduction {
                        technique,
                        unit: None,
                        digits: digit_list(xy),
                        cells: vec![a, b, c, d],
                        placed: None,
                        eliminated,
                        length: 0,
                        explanation: explain!(
                            self,
                            "Unique rectangle {}, {}, {}, {}: if all four held only {} the puzzle would have two \
                             solutions, so {consequence}.",
                            cell_name(geo, a),
                            cell_name(geo, b),
                            cell_name(geo, c),
                            cell_name(geo, d),
                            join_digits(xy)
                        ),
                    };
                    if best.as_ref().is_none_or(|b| d_.technique < b.technique) {
                        best = Some(d_);
                    }
                }
            }
        }
        best
    }

    /// Bivalue universal grave + 1: every blank holds two candidates but one, which holds three;
    /// were it not the digit appearing three times in its row, the grid would have two
    /// solutions, so that digit goes there.
    fn bug(&self) -> Option<Deduction> {
        let geo = self.geo;
        let n = geo.n;
        let open: Vec<usize> = (0..geo.cells).filter(|&c| self.value[c] == 0).collect();
        let mut three = open.iter().filter(|&&c| self.cand[c].count_ones() != 2);
        let c = *three.next()?;
        if three.next().is_some() || self.cand[c].count_ones() != 3 {
            return None;
        }
        let row = c / n;
        let d = digit_list(self.cand[c]).into_iter().find(|&d| {
            let bit = 1u32 << (d - 1);
            self.holding(row, bit).count() == 3
        })?;
        let explanation = explain!(
            self,
            "Bivalue universal grave: every other blank has two candidates, so unless {} is {d} (the digit three \
             cells of its row could hold) the puzzle would have two solutions.",
            cell_name(geo, c)
        );
        Some(Deduction::placement(Technique::Bug, Some(row), c, d, 0, explanation))
    }

    /// An XY-chain: bivalue cells each seeing the next, each pair sharing the digit that links
    /// them. If the first cell is not a, the chain forces the last to be a, so a leaves every
    /// cell seeing both ends.
    fn xy_chain(&self) -> Option<Deduction> {
        let geo = self.geo;
        let bivalue: Vec<usize> =
            (0..geo.cells).filter(|&c| self.value[c] == 0 && self.cand[c].count_ones() == 2).collect();
        for &start in &bivalue {
            for a in digit_list(self.cand[start]) {
                let abit = 1u32 << (a - 1);
                // States: (cell, digit the cell is forced to be when start is not a).
                let mut prev: std::collections::HashMap<(usize, u32), (usize, u32)> = std::collections::HashMap::new();
                let first = (start, self.cand[start] & !abit);
                let mut queue = std::collections::VecDeque::from([first]);
                prev.insert(first, (usize::MAX, 0));
                while let Some((c, forced)) = queue.pop_front() {
                    for &o in &bivalue {
                        if o == c || self.cand[o] & forced == 0 || !self.sees(c, o) {
                            continue;
                        }
                        let next = (o, self.cand[o] & !forced);
                        if prev.contains_key(&next) {
                            continue;
                        }
                        prev.insert(next, (c, forced));
                        if next.1 == abit && o != start {
                            let targets = (0..geo.cells)
                                .filter(|&t| t != start && t != o && self.sees(t, start) && self.sees(t, o));
                            let eliminated = self.eliminations(targets, abit);
                            if !eliminated.is_empty() {
                                let mut chain = vec![o];
                                let mut at = (c, forced);
                                while at.0 != usize::MAX {
                                    chain.push(at.0);
                                    at = prev[&at];
                                }
                                chain.reverse();
                                return Some(Deduction {
                                    technique: Technique::XYChain,
                                    unit: None,
                                    digits: vec![a],
                                    length: chain.len(),
                                    cells: chain,
                                    placed: None,
                                    eliminated,
                explanation: explain!(self,
                                        "XY-chain from {} to {}: if {} is not {a}, the chain makes {} {a}, so {a} leaves \
                                         the cells seeing both.",
                                        cell_name(geo, start),
                                        cell_name(geo, o),
                                        cell_name(geo, start),
                                        cell_name(geo, o)
                                    ),
                                });
                            }
                        }
                        queue.push_back(next);
                    }
                }
            }
        }
        None
    }

    /// A contradiction (a forcing chain): assuming one candidate of a bivalue cell, singles
    /// alone lead to a cell or a unit with no place left, so the cell holds its other candidate.
    fn contradiction(&self) -> Option<Deduction> {
        let geo = self.geo;
        let mut best: Option<(usize, usize, u8, u8)> = None;
        for c in (0..geo.cells).filter(|&c| self.value[c] == 0 && self.cand[c].count_ones() == 2) {
            for wrong in digit_list(self.cand[c]) {
                if let Some(steps) = self.singles_contradict(c, wrong) {
                    if best.is_none_or(|b| steps < b.0) {
                        let right = digit_list(self.cand[c] & !(1 << (wrong - 1)))[0];
                        best = Some((steps, c, right, wrong));
                    }
                }
            }
        }
        let (steps, c, right, wrong) = best?;
        let explanation =
            explain!(self,
            "If {} were {wrong}, {steps} single{} later a cell or unit would have no candidate left, so it is {right}.",
            cell_name(geo, c),
            if steps == 1 { "" } else { "s" }
        );
        Some(Deduction::placement(Technique::Contradiction, None, c, right, steps, explanation))
    }

    /// The number of singles after which placing `d` at `c` leaves a cell without candidates
    /// or a digit without a place in a unit; `None` when singles reach no contradiction.
    fn singles_contradict(&self, c: usize, d: u8) -> Option<usize> {
        let mut b = Board { geo: self.geo, value: self.value.clone(), cand: self.cand.clone(), explain: false };
        b.place(c, d);
        let mut steps = 0;
        loop {
            if b.broken() {
                return Some(steps.max(1));
            }
            let Some(next) = b.hidden_single(true).or_else(|| b.hidden_single(false)).or_else(|| b.naked_single())
            else {
                return None;
            };
            b.apply(&next);
            steps += 1;
        }
    }

    /// Whether a blank has no candidate, or a unit a missing digit with no place.
    fn broken(&self) -> bool {
        let geo = self.geo;
        if (0..geo.cells).any(|c| self.value[c] == 0 && self.cand[c] == 0) {
            return true;
        }
        let full = (1u32 << geo.n) - 1;
        (0..3 * geo.n).any(|u| geo.unit(u).iter().fold(0, |m, &c| m | self.cand[c as usize]) != full)
    }

    /// The simplest deduction by an allowed technique (a guess from `solution` is the last
    /// resort when allowed), or `None` when no allowed technique applies.
    fn next_allowed(&self, allowed: &Allowed, solution: &[u8]) -> Option<Deduction> {
        type Finder = fn(&Board) -> Option<Deduction>;
        const LADDER: [(Technique, Finder); 21] = [
            (Technique::HiddenSingleBox, |b| b.hidden_single(true)),
            (Technique::HiddenSingleLine, |b| b.hidden_single(false)),
            (Technique::NakedSingle, |b| b.naked_single()),
            (Technique::Pointing, |b| b.locked_candidates(false)),
            (Technique::Claiming, |b| b.locked_candidates(true)),
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
        if let Some(d) = LADDER.iter().filter(|(t, _)| allowed.has(*t)).find_map(|(_, find)| find(self)) {
            return Some(d);
        }
        if !allowed.has(Technique::Guess) {
            return None;
        }
        let c = (0..self.geo.cells)
            .filter(|&c| self.value[c] == 0)
            .min_by_key(|&c| self.cand[c].count_ones())
            .expect("an unsolved board has a blank");
        let d = solution[c];
        let explanation =
            explain!(self,
            "No technique here applies: guess {d} at row {}, column {} (among {}), which backtracking would confirm.",
            c / self.geo.n + 1,
            c % self.geo.n + 1,
            join_digits(self.cand[c])
        );
        Some(Deduction::placement(Technique::Guess, None, c, d, 0, explanation))
    }
}

/// A set of techniques, by their SQL names: a technique is allowed when its name is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Allowed(Vec<&'static str>);

impl Allowed {
    /// Every technique, guesses included: what `rate` and `hint` use.
    pub fn all() -> Allowed {
        Allowed(Technique::ALL.iter().map(|t| t.name()).collect())
    }

    /// The techniques named; `Err(name)` for the first name that is none of them.
    pub fn from_names<'a>(names: impl IntoIterator<Item = &'a str>) -> Result<Allowed, String> {
        let mut chosen = Vec::new();
        for name in names {
            match Technique::ALL.iter().find(|t| t.name() == name) {
                Some(t) => chosen.push(t.name()),
                None => return Err(name.to_string()),
            }
        }
        Ok(Allowed(chosen))
    }

    fn has(&self, t: Technique) -> bool {
        self.0.contains(&t.name())
    }
}

/// The distinct technique names of the ladder, simplest first (`hidden_single` ...
/// `contradiction`, `guess`).
pub fn technique_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Technique::ALL.iter().map(|t| t.name()).collect();
    names.dedup();
    names
}

/// How a run of steps ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Solved,
    /// No allowed technique applies.
    Stalled,
}

/// Every deduction by the allowed techniques from the grid on, simplest first at each step,
/// each with the grid after it, and how the run ended.
pub fn steps_with(
    grid: &Grid,
    allowed: &Allowed,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<(Vec<(Deduction, Grid)>, Ending), RateError>, Interrupted> {
    let mut steps = Vec::new();
    let ending = run_steps(grid, allowed, true, interrupt, &mut |d, cells| {
        steps.push((d, Grid::from_cells(cells).expect("board digits make a grid")))
    })?;
    Ok(ending.map(|e| (steps, e)))
}

/// The run behind [`steps_with`]: each deduction (explained when `explain`) and the digits
/// after it go to `each`.
fn run_steps(
    grid: &Grid,
    allowed: &Allowed,
    explain: bool,
    interrupt: &mut dyn FnMut() -> bool,
    each: &mut dyn FnMut(Deduction, &[u8]),
) -> Result<Result<Ending, RateError>, Interrupted> {
    let solution = match unique_solution(grid, interrupt)? {
        Ok(s) => s,
        Err(e) => return Ok(Err(e)),
    };
    let mut board = Board::new(grid).expect("a valid grid has consistent givens");
    board.explain = explain;
    while !board.solved() {
        if interrupt() {
            return Err(Interrupted);
        }
        let Some(d) = board.next_allowed(allowed, solution.cells()) else {
            return Ok(Ok(Ending::Stalled));
        };
        board.apply(&d);
        each(d, &board.value);
    }
    Ok(Ok(Ending::Solved))
}

/// The solution of a grid that can be rated, or why it cannot.
fn unique_solution(grid: &Grid, interrupt: &mut dyn FnMut() -> bool) -> Result<Result<Grid, RateError>, Interrupted> {
    if !grid.is_valid() {
        return Ok(Err(RateError::ConflictingGivens));
    }
    match count_solutions_with(grid, 2, interrupt)? {
        0 => Ok(Err(RateError::NoSolution)),
        1 => Ok(Ok(solve_with(grid, interrupt)?.expect("one solution"))),
        _ => Ok(Err(RateError::SeveralSolutions)),
    }
}

/// Every deduction from the grid to its solution, simplest technique first at each step.
pub fn solve_steps(
    grid: &Grid,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Vec<Deduction>, RateError>, Interrupted> {
    Ok(steps_with(grid, &Allowed::all(), interrupt)?.map(|(steps, _)| steps.into_iter().map(|(d, _)| d).collect()))
}

/// The rating of a puzzle with one solution (see the module documentation).
pub fn rate_with(grid: &Grid, interrupt: &mut dyn FnMut() -> bool) -> Result<Result<Rating, RateError>, Interrupted> {
    // The steps of `solve_steps`, without their explanations.
    let mut steps = Vec::new();
    let ending = run_steps(grid, &Allowed::all(), false, interrupt, &mut |d, _| steps.push(d))?;
    Ok(ending.map(|_| rating_of(&steps)))
}

/// The rating of a list of deductions: the hardest step's difficulty plus
/// `0.05 * log2(uses)` (at most 0.3) for how often its technique was used; with guesses,
/// `8.5 + 0.5 * log2(guesses)`.
pub fn rating_of(steps: &[Deduction]) -> Rating {
    let guesses = steps.iter().filter(|d| d.technique == Technique::Guess).count() as u32;
    let mut score: f64 = 0.0;
    for t in Technique::ALL {
        let uses = steps.iter().filter(|d| d.technique == t).count();
        if uses > 0 && t != Technique::Guess {
            let hardest = steps.iter().filter(|d| d.technique == t).map(Deduction::difficulty).fold(0.0, f64::max);
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

/// The next deduction [`rate_with`] would make on `grid` (a puzzle with one solution, possibly
/// partly filled in).
pub fn hint_with(
    grid: &Grid,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Option<Deduction>, RateError>, Interrupted> {
    let solution = match unique_solution(grid, interrupt)? {
        Ok(s) => s,
        Err(e) => return Ok(Err(e)),
    };
    let board = Board::new(grid).expect("a valid grid has consistent givens");
    Ok(Ok(
        (!board.solved()).then(|| board.next_allowed(&Allowed::all(), solution.cells()).expect("guesses are allowed"))
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn never() -> bool {
        false
    }

    #[test]
    fn seed_examples_rate_and_every_step_is_sound() {
        let seed = include_str!("../../data/seed_examples.txt");
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
