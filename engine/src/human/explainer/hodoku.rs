//! HoDoKu's order: the second walk over the same finders. At each step the techniques are tried
//! in HoDoKu 2.2.4's default solving order (its `Options.DEFAULT_SOLVER_STEPS`, the enabled
//! ones, by index), each slot with HoDoKu's score and level; the first slot that finds a step
//! gives it. Within a slot the step is the one HoDoKu would take: the singles come from queues
//! kept as HoDoKu's `Sudoku2` keeps them (a cell or a unit joins when a removal leaves it one
//! candidate or one place), the locked candidates and subsets from HoDoKu's scan (boxes, rows,
//! columns; digits ascending), every other technique by HoDoKu's step order (most eliminations,
//! then the lowest weighted index sum of the eliminations, then the shortest pattern). Our own
//! code, written from the description of HoDoKu's rules; where a slot has no finder of ours the
//! nearest one stands in (forcing chains and nets: Sudoku Explainer's static and dynamic
//! forcing chains; brute force: the solution's digit, as a guess).

use super::board::{count, digits, sees, Board, BOX, COL, ROW, T};
use super::{Mask, N, NC};
use super::path::{apply, every};
use super::{chaining, chains, Ctx, SeError, SeStep, Technique};
use crate::human::{HodokuLevel, TechniqueSet};

/// How a slot's step is chosen among the instances its finders list.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Choice {
    /// The first in HoDoKu's scan: boxes, then rows, then columns, each in order.
    Scan,
    /// HoDoKu's step order (`SolutionStep.compareTo`).
    Sorted,
    /// The first of HoDoKu's scan of cell pairs and triples: by the pattern's cells, the cell
    /// with three candidates first (XY- and XYZ-Wings).
    Cells,
    /// The first of HoDoKu's W-Wing scan: by its two bivalue cells, then the digit removed.
    WWing,
    /// The first of HoDoKu's single-digit scan: by digit, then cells.
    Digit,
    /// The first of HoDoKu's skyscraper scan: rows before columns, then by digit and lines.
    Skyscraper,
    /// The first of HoDoKu's fish scan: by digit, base rows before base columns, then the base
    /// lines.
    Fish,
}

/// What a slot tries.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Find {
    FullHouse,
    NakedSingle,
    HiddenSingle,
    /// The finders of these techniques, their steps chosen as said.
    Listed(&'static [Technique], Choice),
    /// HoDoKu's turbot fish: an X-Chain of three links.
    Turbot,
    /// HoDoKu's nice loops and AICs (continuous, discontinuous, AIC), grouped or not, without
    /// ALS nodes (HoDoKu's default): one step per set of eliminations, its shortest chain.
    Loops(bool),
    /// HoDoKu's forcing chains (contradiction and verity): Sudoku Explainer's static ones.
    ForcingChain,
    /// HoDoKu's forcing nets: Sudoku Explainer's dynamic forcing chains.
    ForcingNet,
    /// HoDoKu's brute force: the solution's digit in a cell.
    BruteForce,
}

/// One slot of the order: what it tries, its score and level.
pub(crate) struct Slot {
    find: Find,
    pub(crate) score: u32,
    pub(crate) level: HodokuLevel,
}

const fn slot(find: Find, score: u32, level: HodokuLevel) -> Slot {
    Slot { find, score, level }
}

/// HoDoKu's default solving order, the enabled steps by index (100 full house ... 8900 brute
/// force), with their scores and levels.
pub(crate) const ORDER: [Slot; 56] = {
    use Choice::*;
    use Find::*;
    use HodokuLevel::*;
    use Technique as K;
    [
        slot(FullHouse, 4, Easy),
        slot(NakedSingle, 4, Easy),
        slot(HiddenSingle, 14, Easy),
        slot(Listed(&[K::LockedPair], Scan), 40, Medium),
        slot(Listed(&[K::LockedTriple], Scan), 60, Medium),
        slot(Listed(&[K::Pointing], Scan), 50, Medium),
        slot(Listed(&[K::Claiming], Scan), 50, Medium),
        slot(Listed(&[K::NakedPair], Scan), 60, Medium),
        slot(Listed(&[K::NakedTriple], Scan), 80, Medium),
        slot(Listed(&[K::HiddenPair], Scan), 70, Medium),
        slot(Listed(&[K::HiddenTriple], Scan), 100, Medium),
        slot(Listed(&[K::NakedQuad], Scan), 120, Hard),
        slot(Listed(&[K::HiddenQuad], Scan), 150, Hard),
        slot(Listed(&[K::XWing], Fish), 140, Hard),
        slot(Listed(&[K::Swordfish], Fish), 150, Hard),
        slot(Listed(&[K::Jellyfish], Fish), 160, Hard),
        slot(Listed(&[K::RemotePair], Sorted), 110, Hard),
        slot(Listed(&[K::BugPlusOne], Sorted), 100, Hard),
        slot(Listed(&[K::Skyscraper], Skyscraper), 130, Hard),
        slot(Listed(&[K::TwoStringKite], Digit), 150, Hard),
        slot(Turbot, 120, Hard),
        slot(Listed(&[K::EmptyRectangle], Digit), 120, Hard),
        slot(Listed(&[K::WWing], WWing), 150, Hard),
        slot(Listed(&[K::XYWing], Cells), 160, Hard),
        slot(Listed(&[K::XYZWing], Cells), 180, Hard),
        slot(Listed(&[K::UniqueRectangle1], Sorted), 100, Hard),
        slot(Listed(&[K::UniqueRectangle2], Sorted), 100, Hard),
        slot(Listed(&[K::UniqueRectangle3], Sorted), 100, Hard),
        slot(Listed(&[K::UniqueRectangle4], Sorted), 100, Hard),
        slot(Listed(&[K::UniqueRectangle5], Sorted), 100, Hard),
        slot(Listed(&[K::UniqueRectangle6], Sorted), 100, Hard),
        slot(Listed(&[K::HiddenRectangle], Sorted), 100, Hard),
        slot(Listed(&[K::AvoidableRectangle1], Sorted), 100, Hard),
        slot(Listed(&[K::AvoidableRectangle2], Sorted), 100, Hard),
        slot(Listed(&[K::FinnedXWing], Fish), 130, Hard),
        slot(Listed(&[K::SashimiXWing], Fish), 150, Hard),
        slot(Listed(&[K::FinnedSwordfish], Fish), 200, Unfair),
        slot(Listed(&[K::SashimiSwordfish], Fish), 240, Unfair),
        slot(Listed(&[K::FinnedJellyfish], Fish), 250, Unfair),
        slot(Listed(&[K::SashimiJellyfish], Fish), 260, Unfair),
        slot(Listed(&[K::SueDeCoq], Sorted), 250, Unfair),
        slot(Listed(&[K::SimpleColorsTrap, K::SimpleColorsWrap], Sorted), 150, Hard),
        slot(Listed(&[K::MultiColors1, K::MultiColors2], Sorted), 200, Hard),
        slot(Listed(&[K::XChain], Sorted), 260, Unfair),
        slot(Listed(&[K::XYChain], Sorted), 260, Unfair),
        slot(Loops(false), 280, Unfair),
        slot(Loops(true), 300, Unfair),
        slot(Listed(&[K::AlsXz], Sorted), 300, Unfair),
        slot(Listed(&[K::AlsXyWing], Sorted), 320, Unfair),
        slot(Listed(&[K::AlsXyChain], Sorted), 340, Unfair),
        slot(Listed(&[K::FrankenXWing], Sorted), 300, Unfair),
        slot(Listed(&[K::FrankenSwordfish], Sorted), 350, Unfair),
        slot(Listed(&[K::FinnedFrankenXWing], Sorted), 390, Unfair),
        slot(Listed(&[K::FinnedFrankenSwordfish], Sorted), 410, Unfair),
        slot(ForcingChain, 500, Extreme),
        slot(ForcingNet, 700, Extreme),
    ]
};

/// Sudoku Explainer's static forcing chains, standing in for HoDoKu's forcing chains.
const FORCING_CHAINS: TechniqueSet = Technique::ForcingChain.bit()
    | Technique::ForcingXChain.bit()
    | Technique::BidirectionalCycle.bit()
    | Technique::NishioForcingChain.bit()
    | Technique::CellForcingChain.bit()
    | Technique::RegionForcingChain.bit();

/// Sudoku Explainer's dynamic forcing chains, standing in for HoDoKu's forcing nets.
const FORCING_NETS: TechniqueSet = Technique::DynamicForcingChain.bit() | Technique::DynamicForcingChainPlus.bit();

impl Slot {
    /// The techniques whose steps this slot gives.
    pub(crate) fn techniques(&self) -> TechniqueSet {
        use Technique::*;
        match self.find {
            Find::FullHouse => FullHouse.bit(),
            Find::NakedSingle => NakedSingle.bit(),
            Find::HiddenSingle => HiddenSingleBox.bit() | HiddenSingleLine.bit(),
            Find::Listed(ts, _) => ts.iter().fold(0, |m, t| m | t.bit()),
            Find::Turbot => TurbotFish.bit(),
            Find::Loops(false) => ContinuousNiceLoop.bit() | DiscontinuousNiceLoop.bit() | Aic.bit(),
            Find::Loops(true) => {
                GroupedContinuousNiceLoop.bit() | GroupedDiscontinuousNiceLoop.bit() | GroupedAic.bit()
            }
            Find::ForcingChain => FORCING_CHAINS,
            Find::ForcingNet => FORCING_NETS,
            Find::BruteForce => Guess.bit(),
        }
    }
}

/// Every technique a step of HoDoKu's order may be of, brute force (a guess) included.
pub(crate) fn techniques() -> TechniqueSet {
    ORDER.iter().fold(BRUTE_FORCE.techniques(), |m, s| m | s.techniques())
}

/// HoDoKu's brute force, its last resort: score 10,000, extreme.
pub(crate) const BRUTE_FORCE: Slot = slot(Find::BruteForce, 10_000, HodokuLevel::Extreme);

/// HoDoKu's singles queues and candidate counts (its `Sudoku2`'s `nsQueue`, `hsQueue` and
/// `free`), kept in step with the board: they decide which single comes next.
#[derive(Clone)]
struct Singles {
    cand: [Mask; NC],
    value: [u8; NC],
    /// `free[k][d]`: the open cells of constraint `k` (rows 0-8, columns 9-17, boxes 18-26)
    /// with candidate `d`.
    free: Vec<[u8; 33]>,
    /// Cells left with one candidate, in the order they were left so.
    naked: Vec<(usize, u8)>,
    /// (cell, digit): a unit left with one place for the digit, in that order.
    hidden: Vec<(usize, u8)>,
}

/// HoDoKu's three constraints of a cell: its row, its column, its box.
fn constraints(c: usize) -> [usize; 3] {
    [T.of[c][ROW] as usize, N + T.of[c][COL] as usize, 2 * N + T.of[c][BOX] as usize]
}

/// The cells of constraint `k`, in order.
fn unit(k: usize) -> impl Iterator<Item = usize> {
    let (t, r) = match k / N {
        0 => (ROW, k),
        1 => (COL, k - N),
        _ => (BOX, k - 2 * N),
    };
    T.region[t][r].iter().map(|&c| c as usize)
}

impl Singles {
    /// The queues after the givens are set one by one, row-major, from a board of every
    /// candidate (HoDoKu's `setSudoku`).
    fn new(cells: &[u8]) -> Singles {
        let all = ((1u64 << N) - 1) as Mask;
        let mut s = Singles {
            cand: [all; NC],
            value: [0; NC],
            free: vec![[0; 33]; 3 * N],
            naked: Vec::new(),
            hidden: Vec::new(),
        };
        for k in 0..3 * N {
            for d in 1..=N {
                s.free[k][d] = N as u8;
            }
        }
        for (c, &d) in cells.iter().enumerate().take(NC) {
            if d != 0 {
                s.set(c, d);
            }
        }
        s
    }

    /// The queues of a board whose candidates are already set (a player's board): rebuilt
    /// from scratch, as HoDoKu's `rebuildInternalData`.
    fn rebuilt(b: &Board) -> Singles {
        let mut s = Singles {
            cand: b.cand,
            value: b.value,
            free: vec![[0; 33]; 3 * N],
            naked: Vec::new(),
            hidden: Vec::new(),
        };
        for c in 0..NC {
            if s.value[c] == 0 {
                for d in digits(s.cand[c]) {
                    for k in constraints(c) {
                        s.free[k][d as usize] += 1;
                    }
                }
                if count(s.cand[c]) == 1 {
                    s.naked.push((c, digits(s.cand[c]).next().expect("one")));
                }
            }
        }
        for k in 0..3 * N {
            for d in 1..=N as u8 {
                if s.free[k][d as usize] == 1 {
                    s.add_hidden(k, d);
                }
            }
        }
        s
    }

    fn add_hidden(&mut self, k: usize, d: u8) {
        let m = 1 << (d - 1);
        if let Some(c) = unit(k).find(|&c| self.cand[c] & m != 0) {
            self.hidden.push((c, d));
        }
    }

    /// Removes candidate `d` from `c` (HoDoKu's `setCandidate(index, value, false)`).
    fn delete(&mut self, c: usize, d: u8) {
        let m: Mask = 1 << (d - 1);
        if self.cand[c] & m == 0 {
            return;
        }
        self.cand[c] &= !m;
        if self.cand[c] == 0 {
            return;
        }
        if count(self.cand[c]) == 1 {
            self.naked.push((c, digits(self.cand[c]).next().expect("one")));
        }
        for k in constraints(c) {
            self.free[k][d as usize] -= 1;
            match self.free[k][d as usize] {
                1 => self.add_hidden(k, d),
                0 => {
                    if let Some(i) =
                        self.hidden.iter().position(|&(x, v)| v == d && constraints(x).contains(&k))
                    {
                        self.hidden.remove(i);
                    }
                }
                _ => {}
            }
        }
    }

    /// Sets `d` in `c` (HoDoKu's `setCell`): the peers lose `d`, then the cell's own
    /// candidates leave its units.
    fn set(&mut self, c: usize, d: u8) {
        let own = self.cand[c];
        self.cand[c] = 0;
        self.value[c] = d;
        for &p in &T.peers[c] {
            self.delete(p as usize, d);
        }
        for x in digits(own) {
            for k in constraints(c) {
                self.free[k][x as usize] -= 1;
                if self.free[k][x as usize] == 1 && x != d {
                    self.add_hidden(k, x);
                }
            }
        }
    }

    /// A step applied: its removals in order, then its placement.
    fn apply(&mut self, s: &SeStep) {
        for &(c, m) in &s.removed {
            for d in digits(m as Mask) {
                self.delete(c, d);
            }
        }
        if let Some((c, d)) = s.placed {
            self.set(c, d);
        }
    }

    /// The first naked single of the queue that is the last open cell of one of its units.
    fn full_house(&self) -> Option<(usize, u8)> {
        self.naked.iter().copied().find(|&(c, d)| {
            self.value[c] == 0
                && constraints(c).iter().any(|&k| (1..=N).all(|x| x == d as usize || self.free[k][x] == 0))
        })
    }

    /// The next naked single (taken from the queue).
    fn naked_single(&mut self) -> Option<(usize, u8)> {
        while !self.naked.is_empty() {
            let (c, d) = self.naked.remove(0);
            if self.value[c] == 0 {
                return Some((c, d));
            }
        }
        None
    }

    /// The next hidden single (taken from the queue), and whether its unit is a box.
    fn hidden_single(&mut self) -> Option<(usize, u8, bool)> {
        while !self.hidden.is_empty() {
            let (c, d) = self.hidden.remove(0);
            if self.value[c] == 0 {
                let k = constraints(c).into_iter().find(|&k| self.free[k][d as usize] == 1)?;
                return Some((c, d, k >= 2 * N));
            }
        }
        None
    }
}

/// HoDoKu's step order for the steps of one slot: most eliminations first, then the lowest
/// index sum of the eliminations (the k-th, by cell then digit, weighted by 1 + 80k), then the
/// fewest cells.
fn sort_key(s: &SeStep) -> (i64, i64, usize, usize) {
    let mut elims: Vec<(usize, u8)> =
        s.removed.iter().flat_map(|&(c, m)| digits(m as Mask).map(move |d| (c, d))).collect();
    elims.sort_unstable();
    let sum = elims.iter().enumerate().map(|(k, &(c, d))| (c as i64) * (1 + 80 * k as i64) + d as i64).sum();
    (-(elims.len() as i64), sum, s.links.len(), s.cells.len())
}

/// The key of a step in its slot's choice, lower first: HoDoKu's step order ([`sort_key`]) or
/// the place of the step in the scan that stops at its first.
fn choice_key(b: &Board, choice: Choice, s: &SeStep) -> Vec<i64> {
    match choice {
        Choice::Sorted => {
            let (n, sum, links, cells) = sort_key(s);
            vec![n, sum, links as i64, cells as i64]
        }
        // Boxes, rows, columns, each by number, then the digits, then the cells.
        Choice::Scan => {
            let (t, r) = s.region.unwrap_or((3, 0));
            [t, r, s.digits as usize].into_iter().chain(s.cells.iter().copied()).map(|x| x as i64).collect()
        }
        _ => first_key(b, choice, s).into_iter().map(|x| x as i64).collect(),
    }
}

/// The key of HoDoKu's scans of patterns that stop at their first step ([`Choice::Cells`],
/// [`Choice::WWing`], [`Choice::Digit`], [`Choice::Skyscraper`], [`Choice::Fish`]).
fn first_key(b: &Board, choice: Choice, s: &SeStep) -> Vec<usize> {
    let removed = s.removed.iter().fold(0u32, |m, &(_, x)| m | x) as usize;
    match choice {
        Choice::Cells => {
            let mut cells = s.cells.clone();
            cells.sort_by_key(|&c| (count(b.cand[c]) != 3, c));
            cells
        }
        Choice::WWing => {
            // The two bivalue cells every removal sees (a link cell may hold the same pair).
            let pair: Vec<usize> =
                s.cells.iter().copied().filter(|&c| count(b.cand[c]) == 2 && b.cand[c] as u32 == s.digits).collect();
            let sees_all = |p: usize, q: usize| s.removed.iter().all(|&(c, _)| sees(c, p) && sees(c, q));
            let mut key = pair
                .iter()
                .enumerate()
                .flat_map(|(i, &p)| pair[i + 1..].iter().map(move |&q| (p, q)))
                .find(|&(p, q)| sees_all(p, q))
                .map_or_else(Vec::new, |(p, q)| vec![p, q]);
            key.push(removed);
            key
        }
        Choice::Skyscraper | Choice::Fish => {
            let d = s.digits.trailing_zeros() as usize;
            let all: Vec<usize> = s.cells.iter().chain(&s.fins).copied().collect();
            let lines = |t: usize| {
                let mut l: Vec<usize> = all.iter().map(|&c| T.of[c][t] as usize).collect();
                l.sort_unstable();
                l.dedup();
                l
            };
            let (rows, cols) = (lines(ROW), lines(COL));
            let by_rows = match choice {
                Choice::Skyscraper => rows.len() == 2,
                _ => s.removed.iter().all(|&(c, _)| !rows.contains(&(T.of[c][ROW] as usize))),
            };
            let base = if by_rows { rows } else { cols };
            let mut key = match choice {
                Choice::Skyscraper => vec![!by_rows as usize, d],
                _ => vec![d, !by_rows as usize],
            };
            key.extend(base);
            key.extend(&s.cells);
            key
        }
        _ => {
            let mut key = vec![s.digits.trailing_zeros() as usize];
            key.extend(&s.cells);
            key
        }
    }
}

/// Whether a chain's cells, a cell's links within it taken as one visit, are all distinct but
/// a loop's start and end: the chains HoDoKu builds.
fn simple(s: &SeStep) -> bool {
    let mut visits: Vec<usize> = Vec::new();
    for c in s.links.iter().map(|l| l.0 .0).chain(s.links.last().map(|l| l.1 .0)) {
        if visits.last() != Some(&c) {
            visits.push(c);
        }
    }
    if visits.len() > 1 && visits.first() == visits.last() {
        visits.pop();
    }
    let mut sorted = visits.clone();
    sorted.sort_unstable();
    sorted.dedup();
    sorted.len() == visits.len()
}

/// A run of HoDoKu's order over one puzzle, a step at a time.
#[derive(Clone)]
pub(crate) struct Walk {
    board: Board,
    singles: Singles,
    buffers: chaining::Buffers,
}

impl Walk {
    pub(crate) fn new(cells: &[u8]) -> Walk {
        Walk { board: Board::new(cells), singles: Singles::new(cells), buffers: chaining::Buffers::default() }
    }

    /// The walk from a player's board (`path::Walk::with_candidates`'s board).
    pub(crate) fn from_path(w: &super::path::Walk) -> Walk {
        let board = w.board().clone();
        Walk { singles: Singles::rebuilt(&board), board, buffers: chaining::Buffers::default() }
    }

    pub(crate) fn solved(&self) -> bool {
        self.board.solved()
    }

    pub(crate) fn cells(&self) -> &[u8] {
        &self.board.value
    }

    pub(crate) fn candidates(&self) -> Vec<u32> {
        self.board.cand.iter().map(|&m| m as u32).collect()
    }

    /// The next step in HoDoKu's order of the techniques `ctx` allows and the slot that found
    /// it, applied; `None` when no slot but brute force applies.
    pub(crate) fn next(&mut self, ctx: &mut Ctx) -> Result<Option<(SeStep, &'static Slot)>, SeError> {
        let allowed = ctx.allowed;
        for slot in ORDER.iter().filter(|s| s.techniques() & allowed != 0) {
            if let Some(s) = self.find(slot, ctx)? {
                apply(&s, &mut self.board);
                self.singles.apply(&s);
                return Ok(Some((s, slot)));
            }
        }
        Ok(None)
    }

    /// HoDoKu's brute force: the solution's digit in the middle open cell (HoDoKu's
    /// `BruteForceSolver` takes the cell in the middle of the open ones), applied.
    pub(crate) fn brute_force(&mut self, solution: &[u8]) -> SeStep {
        let open: Vec<usize> = (0..NC).filter(|&c| self.board.value[c] == 0).collect();
        let c = open[open.len() / 2];
        let s = SeStep::placement(Technique::Guess, BRUTE_FORCE.score, c, solution[c]).on([c]);
        apply(&s, &mut self.board);
        self.singles.apply(&s);
        s
    }

    /// The single at (c, d) as the finders of technique `t` report it (their sentence), or a
    /// bare placement.
    fn single(&self, t: Technique, c: usize, d: u8, poll: &mut dyn FnMut() -> bool) -> SeStep {
        let mut found = None;
        let _ = every(
            &self.board,
            t,
            &mut |s: SeStep| {
                if s.placed == Some((c, d)) {
                    found = Some(s);
                    return true;
                }
                false
            },
            poll,
        );
        found.map(|s| SeStep { technique: t, ..s }).unwrap_or_else(|| SeStep::placement(t, 0, c, d).on([c]))
    }

    fn find(&mut self, slot: &Slot, ctx: &mut Ctx) -> Result<Option<SeStep>, SeError> {
        ctx.check()?;
        let allowed = ctx.allowed;
        let stopped = std::cell::Cell::new(None);
        let found = {
            let ctx = std::cell::RefCell::new(&mut *ctx);
            let mut poll = || match ctx.borrow_mut().check() {
                Ok(()) => false,
                Err(e) => {
                    stopped.set(Some(e));
                    true
                }
            };
            match slot.find {
                Find::FullHouse => {
                    self.singles.full_house().map(|(c, d)| self.single(Technique::FullHouse, c, d, &mut poll))
                }
                Find::NakedSingle => {
                    self.singles.naked_single().map(|(c, d)| self.single(Technique::NakedSingle, c, d, &mut poll))
                }
                Find::HiddenSingle => self.singles.hidden_single().map(|(c, d, in_box)| {
                    let t = if in_box { Technique::HiddenSingleBox } else { Technique::HiddenSingleLine };
                    let s = self.single(Technique::HiddenSingleBox, c, d, &mut poll);
                    SeStep { technique: t, ..s }
                }),
                Find::Listed(techniques, choice) => {
                    let board = &self.board;
                    let mut best: Option<(Vec<i64>, SeStep)> = None;
                    for &t in techniques.iter().filter(|t| t.within(allowed)) {
                        let mut sink = |s: SeStep| {
                            if s.technique != t || !simple(&s) {
                                return false;
                            }
                            let key = choice_key(board, choice, &s);
                            if best.as_ref().is_none_or(|(k, _)| key < *k) {
                                best = Some((key, s));
                            }
                            false
                        };
                        if let Some(Err(e)) = every(&self.board, t, &mut sink, &mut poll) {
                            return Err(e);
                        }
                    }
                    best.map(|(_, s)| s)
                }
                Find::Turbot => {
                    let mut best: Option<(_, SeStep)> = None;
                    chains::x_chains(
                        &self.board,
                        &mut |s: SeStep| {
                            if s.cells.len() <= 4 && simple(&s) {
                                let key = sort_key(&s);
                                if best.as_ref().is_none_or(|(k, _)| key < *k) {
                                    best = Some((key, SeStep { technique: Technique::TurbotFish, ..s }));
                                }
                            }
                            false
                        },
                        &mut poll,
                    );
                    best.map(|(_, s)| s)
                }
                Find::Loops(grouped) => {
                    use Technique::*;
                    let kinds = if grouped {
                        [GroupedContinuousNiceLoop, GroupedDiscontinuousNiceLoop, GroupedAic]
                    } else {
                        [ContinuousNiceLoop, DiscontinuousNiceLoop, Aic]
                    };
                    // One step per set of eliminations, the shortest chain's.
                    let mut kept: Vec<(_, SeStep)> = Vec::new();
                    for t in kinds.into_iter().filter(|t| t.within(allowed)) {
                        let mut sink = |s: SeStep| {
                            // HoDoKu's chains never come back to a cell they left (but a loop
                            // to its start).
                            if !simple(&s) {
                                return false;
                            }
                            // HoDoKu takes an AIC for two eliminations or more (one is a
                            // discontinuous nice loop's).
                            if t == kinds[2] && s.removed.iter().map(|&(_, m)| m.count_ones()).sum::<u32>() < 2 {
                                return false;
                            }
                            let key = sort_key(&s);
                            match kept.iter_mut().find(|(_, k)| k.removed == s.removed) {
                                Some((k, _)) if *k <= key => {}
                                Some(kept) => *kept = (key, s),
                                None => kept.push((key, s)),
                            }
                            false
                        };
                        if t == kinds[0] {
                            chains::continuous_loops_with(&self.board, t, false, &mut sink, &mut poll);
                        } else {
                            chains::alternating_chains_with(&self.board, t, false, &mut sink, &mut poll);
                        }
                    }
                    kept.into_iter().min_by(|a, b| a.0.cmp(&b.0)).map(|(_, s)| s)
                }
                Find::ForcingChain | Find::ForcingNet | Find::BruteForce => None,
            }
        };
        if let Some(e) = stopped.get() {
            return Err(e);
        }
        match slot.find {
            Find::ForcingChain => {
                let saved = ctx.allowed;
                ctx.allowed = saved & FORCING_CHAINS;
                let mut s = chaining::cycles_and_forcing_chains(&self.board, ctx, &mut self.buffers);
                if matches!(s, Ok(None)) {
                    s = chaining::multiple_forcing_chains(&self.board, ctx, &mut self.buffers);
                }
                ctx.allowed = saved;
                s
            }
            Find::ForcingNet => {
                let saved = ctx.allowed;
                ctx.allowed = saved & FORCING_NETS;
                let mut s = chaining::multiple_forcing_chains(&self.board, ctx, &mut self.buffers);
                if matches!(s, Ok(None)) && Technique::DynamicForcingChainPlus.within(saved) {
                    let mut memo = chaining::Memo::default();
                    s = chaining::nested_forcing_chains(&self.board, ctx, 1, 0, &mut memo, &mut self.buffers);
                }
                ctx.allowed = saved;
                s
            }
            _ => Ok(found),
        }
    }
}
