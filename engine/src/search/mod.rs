//! The native solver: bit-parallel candidate sets, propagation of naked singles, hidden singles,
//! cages and locked candidates, and depth-first search with an explicit stack (no recursion, no
//! allocation per node).
//!
//! One search serves every size and every set of rules: the per-size state is a fixed array
//! (`C` cells, candidates as a `u32` bitmask, digit `d` being bit `d - 1`, `state.rs`), and the
//! units, peers and cages come from a [`Layout`]: the classic one ([`Layout::classic`]) for a plain
//! grid, a variant's ([`crate::variant::Rules::layout`]) for X, windoku, jigsaw and killer. 9x9
//! classic grids take a fast path: `chute9` for [`Branching::Fastest`] (the same fixpoint at each
//! node, so the same branches), `fast9` for cell branching (the same search tree, node for node).
//! The search is resumable ([`Solutions`]), so solutions can be streamed one by one.
//!
//! This module is the searches' one entry point: [`Solutions`] picks the search for the grid and
//! the branching; [`solve`] and [`count_solutions`] take it for 9x9 grids and the layout search
//! directly for the other sizes (the same search, without the enum around it); the `*_in`
//! functions search under any layout; [`differs_at`] and `differs_from` are the digging probes
//! of the generators. Its children do not call back into it: `chute9` uses `fast9`'s board and
//! tables, and both take what they share with the generic search (the branching, the interrupt)
//! from `control`.

mod chute9;
mod control;
pub(crate) mod fast9;
mod props;
mod state;

pub use control::{Branching, Interrupted};
pub(crate) use control::{Meter, INTERRUPT_EVERY};
pub use state::Techniques;

use crate::grid::{Grid, Shape};
use crate::variant::Layout;
use state::{Awake, Queue, State, METER_EVERY};

/// Runs `f` with the const size of a grid of `cells` cells.
macro_rules! by_size {
    ($cells:expr, $f:ident($($arg:expr),*)) => {
        match $cells {
            16 => $f::<16>($($arg),*),
            25 => $f::<25>($($arg),*),
            36 => $f::<36>($($arg),*),
            49 => $f::<49>($($arg),*),
            64 => $f::<64>($($arg),*),
            81 => $f::<81>($($arg),*),
            100 => $f::<100>($($arg),*),
            121 => $f::<121>($($arg),*),
            144 => $f::<144>($($arg),*),
            169 => $f::<169>($($arg),*),
            196 => $f::<196>($($arg),*),
            225 => $f::<225>($($arg),*),
            256 => $f::<256>($($arg),*),
            289 => $f::<289>($($arg),*),
            324 => $f::<324>($($arg),*),
            361 => $f::<361>($($arg),*),
            400 => $f::<400>($($arg),*),
            441 => $f::<441>($($arg),*),
            484 => $f::<484>($($arg),*),
            529 => $f::<529>($($arg),*),
            576 => $f::<576>($($arg),*),
            _ => $f::<625>($($arg),*),
        }
    };
}

/// The grid after applying `techniques` until nothing changes: cells they place are filled,
/// the others stay blank. `None` when they prove the grid has no solution (conflicting givens
/// included). The fixpoint does not depend on the order the deductions are made in: every
/// technique only removes candidates, and removing one never disables another deduction.
pub fn propagate(grid: &Grid, techniques: Techniques) -> Option<Grid> {
    propagate_with(grid, techniques, &mut || false).unwrap_or_else(|_| unreachable!("never interrupted"))
}

/// [`propagate`], asking `interrupt` now and then (the search for preemptive sets is the part
/// whose cost can grow quickly, on 16x16 and 25x25 grids).
pub fn propagate_with(
    grid: &Grid,
    techniques: Techniques,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Option<Grid>, Interrupted> {
    fn run<const C: usize>(
        grid: &Grid,
        techniques: Techniques,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<Option<Vec<u8>>, Interrupted> {
        let lay = Layout::classic(grid.shape());
        let mut queue = Queue::<C>::new();
        let Some(mut s) = State::<C>::from_cells(lay, grid.cells(), &mut queue) else {
            return Ok(None);
        };
        let mut meter = Meter::new(interrupt, METER_EVERY);
        let single = Techniques { preemptive_sets: false, ..techniques };
        if !techniques.preemptive_sets {
            let consistent = s.propagate(lay, &mut queue, single, None, &mut meter);
            return if meter.stopped { Err(Interrupted) } else { Ok(consistent.then(|| s.value.to_vec())) };
        }
        let single = Techniques { naked_singles: true, ..single };
        loop {
            if !s.propagate(lay, &mut queue, single, None, &mut meter) {
                return if meter.stopped { Err(Interrupted) } else { Ok(None) };
            }
            match s.preemptive_sets(lay, &mut queue, &mut *meter.interrupt)? {
                None => return Ok(None),
                Some(false) => return Ok(Some(s.value.to_vec())),
                Some(true) => {}
            }
        }
    }
    let cells = by_size!(grid.cells().len(), run(grid, techniques, interrupt))?;
    Ok(cells.map(|c| Grid::from_cells_shaped(grid.shape(), &c).expect("propagation output is a grid")))
}

/// One candidate of `rest` (a digit mask) drawn uniformly from `next_u32`: the k-th, k in
/// 0..count by multiply-shift (no rejection). The random searches' choice of a digit.
pub(crate) fn random_candidate(rest: u32, next_u32: &mut dyn FnMut() -> u32) -> u32 {
    let k = ((next_u32() as u64 * rest.count_ones() as u64) >> 32) as u32;
    let mut m = rest;
    for _ in 0..k {
        m &= m - 1;
    }
    m & m.wrapping_neg()
}

/// Digits ascending: the lowest candidate left.
#[inline]
fn lowest(_: usize, rest: u32) -> u32 {
    rest & rest.wrapping_neg()
}

struct Frame<const C: usize> {
    state: State<C>,
    cell: u16,
    /// Candidates of `cell` not tried yet; for a branch over a digit's two places in a unit
    /// (`other` set), bit 0 for `cell` and bit 1 for `other`.
    rest: u32,
    /// The digit's second place of a branch over the two places of `digit` in a unit (the
    /// house-based branching of sigh's solver); `NO_CELL` for a branch over a cell's digits.
    other: u16,
    digit: u8,
}

const NO_CELL: u16 = u16::MAX;

/// The root of a [`Search`] not yet searched from.
enum Root<const C: usize> {
    /// Nothing waits: the search goes on from its frames.
    Done,
    /// The givens placed, not propagated: a layout with cages, whose passes can take long, has
    /// its root propagated by the first call of `next`, where the interrupt hook is at hand.
    Unpropagated(State<C>),
    /// A grid the propagation of the root solved, not yet handed out.
    Solved(State<C>),
}

/// A resumable depth-first search of one grid under a layout: from the givens, propagated at
/// every node, it branches on an open cell (the first one, or the one with the fewest
/// candidates) and tries its digits in the order a `choose` function picks them. It is built
/// idle ([`Search::idle`]) and started in place ([`Search::start`]), so that nothing the start
/// computes is moved afterwards.
struct Search<'a, const C: usize> {
    lay: &'a Layout,
    first_open: bool,
    frames: Vec<Frame<C>>,
    root: Root<C>,
    queue: Queue<C>,
    /// Search nodes (branch attempts) so far.
    nodes: u64,
    /// The nodes the search may take; past them `next` gives up (returns false and sets
    /// `over_budget`).
    budget: u64,
    over_budget: bool,
    /// Conflict scores per cell, for the layouts of the setters' constraints and cages (empty
    /// otherwise): a branch whose digit fails at once adds half a conflict to its cell's score
    /// and half to the cell the propagation placed last ([`State::last`]), halved for all
    /// every [`DECAY_EVERY`] conflicts, and the search branches on the open cell of the highest
    /// score per candidate (raised by the bonus of [`Search::value_scores`]; the history
    /// heuristic of CSP solvers; with all scores 0, the fewest candidates), or, when that cell
    /// has more than two candidates, on a digit's two places in a unit (the pair of the
    /// highest score, when it stands high enough: sigh's house-based branching). The scores
    /// start from the layout's [`Layout::priorities`].
    scores: Vec<u32>,
    conflicts: u32,
    /// Conflicts per digit (0-based), quartered at every halving of the cell scores; the most
    /// conflict-prone digit, when it stands out ([`Search::value_bonus`]), adds a fifth of its
    /// score to every cell that still holds it (sigh's value scores).
    value_scores: [u32; 32],
    /// That digit's bit and the bonus it gives (0 and 0 when no digit stands out).
    value_bonus: (u32, u32),
    /// The layout has passes (cages or constraints), which run only where cells changed.
    passes: bool,
    /// Two-way branching: once a branch of a cell's digits is over (its subtree searched), the
    /// digits tried leave the cell, the frame's state propagates again and the search picks
    /// the cell to branch on anew (`x = v` or `x ≠ v`, as sigh's solver branches), instead of
    /// trying the cell's next digit. On layouts with passes but no cages or sums, whose
    /// propagation stays cheap in the wider states it searches: Hard renban 2 0.10 of the
    /// nodes, the 101 examples 0.35 (docs/benchmarks.md); with sums, more time.
    two_way: bool,
}

/// Conflicts between two halvings of the conflict scores.
const DECAY_EVERY: u32 = 256;

impl<'a, const C: usize> Search<'a, C> {
    /// A search with nothing to search yet.
    #[inline(always)]
    fn idle(lay: &'a Layout, first_open: bool) -> Self {
        Search {
            lay,
            first_open,
            frames: Vec::new(),
            root: Root::Done,
            queue: Queue::new(),
            nodes: 0,
            budget: u64::MAX,
            over_budget: false,
            scores: if !first_open && lay.has_passes() { lay.priorities.clone() } else { Vec::new() },
            conflicts: 0,
            value_scores: [0; 32],
            value_bonus: (0, 0),
            passes: lay.has_passes(),
            two_way: lay.has_passes() && lay.cages.is_empty() && lay.props.sums.is_empty(),
        }
    }

    /// The search of `cells`.
    #[inline(always)]
    fn new(lay: &'a Layout, cells: &[u8], first_open: bool) -> Self {
        let mut search = Self::idle(lay, first_open);
        search.start(cells, None);
        search
    }

    /// Starts the search of `cells` with one digit (cell, digit bit) taken from a blank cell's
    /// candidates first: places the givens, and without cages propagates the root (bounded
    /// work) into a solved root or the first frame.
    #[inline(always)]
    fn start(&mut self, cells: &[u8], exclude: Option<(usize, u32)>) {
        if let Some(s) = State::<C>::from_cells(self.lay, cells, &mut self.queue) {
            self.begin(s, exclude);
        }
    }

    /// [`Search::start`] from step `step` of `base` with the cells `extra` given `known`'s
    /// digits: the same root as from the cells, without placing every given again.
    #[inline(always)]
    fn start_from(
        &mut self,
        base: &Placements,
        step: usize,
        extra: &[usize],
        known: &[u8],
        exclude: Option<(usize, u32)>,
    ) {
        let mut s = base.state::<C>(step);
        // The naked singles the base's givens left wait in the queue, as `from_cells` leaves
        // them (a cell single already is never queued again, so `C` places still suffice).
        self.queue.extend(base.queued(step));
        for &c in extra {
            let bit = 1u32 << (known[c] - 1);
            if s.value[c] == 0 && (s.cand[c] & bit == 0 || !s.assign(self.lay, c, bit, &mut self.queue)) {
                return;
            }
        }
        self.begin(s, exclude);
    }

    /// Starts the search from `s`, its givens placed: takes the excluded digit out, and without
    /// cages propagates the root.
    #[inline(always)]
    fn begin(&mut self, mut s: State<C>, exclude: Option<(usize, u32)>) {
        let excluded = match exclude {
            Some((cell, bit)) if s.value[cell] == 0 => s.eliminate(cell, bit, &mut self.queue).is_some(),
            _ => true,
        };
        if !excluded {
            return;
        }
        if self.lay.has_passes() {
            self.root = Root::Unpropagated(s);
            return;
        }
        let mut uninterrupted = never;
        let mut meter = Meter::new(&mut uninterrupted, METER_EVERY);
        if s.propagate(self.lay, &mut self.queue, Techniques::SOLVER, None, &mut meter) {
            if let Some(s) = self.settle(s) {
                self.root = Root::Solved(s);
            }
        }
    }

    /// Searches on to the next solution, trying the digits of a cell in the order
    /// `choose(cell, rest)` picks them (one bit of `rest`), and hands its digits to `take`;
    /// false when the search is over.
    fn next(
        &mut self,
        choose: &mut impl FnMut(usize, u32) -> u32,
        interrupt: &mut dyn FnMut() -> bool,
        take: impl FnOnce(&[u8]),
    ) -> Result<bool, Interrupted> {
        let mut meter = Meter::new(interrupt, METER_EVERY);
        match std::mem::replace(&mut self.root, Root::Done) {
            Root::Done => {}
            Root::Solved(s) => {
                take(&s.value);
                return Ok(true);
            }
            Root::Unpropagated(mut s) => {
                // The queue holds the naked singles the givens left.
                if s.propagate(self.lay, &mut self.queue, Techniques::SOLVER, None, &mut meter) {
                    if let Some(s) = self.settle(s) {
                        take(&s.value);
                        return Ok(true);
                    }
                } else if meter.stopped {
                    return Err(Interrupted);
                }
            }
        }
        while let Some(top) = self.frames.last_mut() {
            if top.rest == 0 {
                self.frames.pop();
                continue;
            }
            // The branch: its cell, the digits it places (one) or takes out, and the digit a
            // contradiction scores.
            let (mut s, cell, digits, place, scored);
            if self.two_way && top.other == NO_CELL && top.rest != top.state.cand[top.cell as usize] {
                // A digit of the cell was searched: the cell keeps the others, and the search
                // picks again from the state propagated.
                let frame = self.frames.pop().unwrap();
                (s, cell, place, scored) = (frame.state, frame.cell as usize, false, frame.rest);
                digits = s.cand[cell] & !frame.rest;
            } else {
                let bit;
                (cell, bit) = if top.other == NO_CELL {
                    let bit = choose(top.cell as usize, top.rest);
                    top.rest ^= bit;
                    (top.cell as usize, bit)
                } else {
                    let first = top.rest & 1 != 0;
                    top.rest &= top.rest - 1;
                    (if first { top.cell } else { top.other } as usize, 1u32 << top.digit)
                };
                // The last candidate reuses the frame's state instead of copying it.
                s = if top.rest == 0 { self.frames.pop().map(|f| f.state).unwrap() } else { top.state };
                (digits, place, scored) = (bit, true, bit);
            }
            if !self.count_node(&mut meter)? {
                return Ok(false);
            }
            // The frame's state is propagated to its end: only the passes of cells that change
            // from it have work.
            let settled = self.passes.then_some(s.cand);
            s.last = cell as u16;
            let changed = if place {
                s.assign(self.lay, cell, digits, &mut self.queue)
            } else {
                s.eliminate(cell, digits, &mut self.queue).is_some()
            };
            if changed && s.propagate(self.lay, &mut self.queue, Techniques::SOLVER, settled.as_ref(), &mut meter) {
                if let Some(s) = self.settle(s) {
                    take(&s.value);
                    return Ok(true);
                }
            } else if meter.stopped {
                return Err(Interrupted);
            } else {
                self.conflict(cell, s.last as usize, scored);
            }
        }
        Ok(false)
    }

    /// Counts a search node: false past the budget (`over_budget` set), an error when the
    /// interrupt asks to stop (asked every [`INTERRUPT_EVERY`] nodes, at the first too: a caller
    /// that runs many short searches, one per candidate in true_candidates_in, is interrupted
    /// within one of them).
    #[inline(always)]
    fn count_node(&mut self, meter: &mut Meter) -> Result<bool, Interrupted> {
        if self.nodes == self.budget {
            self.over_budget = true;
            return Ok(false);
        }
        if self.nodes % INTERRUPT_EVERY == 0 && (meter.interrupt)() {
            return Err(Interrupted);
        }
        self.nodes += 1;
        self.queue.len = 0;
        Ok(true)
    }

    /// Scores a contradiction met at once by branching on `digits` (the lowest counts) in
    /// `cell`: half to the branch's cell, half to the cell placed last on the way to it (sigh's
    /// solver scores the cell of the forced round that failed).
    #[inline(always)]
    fn conflict(&mut self, cell: usize, last: usize, digits: u32) {
        if self.scores.is_empty() {
            return;
        }
        self.scores[cell] += 8;
        self.scores[last] += 8;
        self.value_scores[digits.trailing_zeros() as usize] += 16;
        self.conflicts += 1;
        if self.conflicts % DECAY_EVERY == 0 {
            self.scores.iter_mut().for_each(|x| *x /= 2);
            self.value_scores.iter_mut().for_each(|x| *x /= 4);
        }
        self.value_bonus = self.value_bonus();
    }

    /// The probe of [`differs_at`] on a started search (`known`'s digit excluded from the cell):
    /// whether a solution comes, trying `known`'s digit first in every cell so that a solution
    /// close to `known` comes after a few nodes; `None` past `budget` nodes. The nodes it took
    /// are added to `spent`.
    #[inline(always)]
    fn differs(
        &mut self,
        known: &[u8],
        budget: u64,
        spent: &mut u64,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<Option<bool>, Interrupted> {
        let mut prefer = |c: usize, rest: u32| {
            let bit = 1u32 << (known[c] - 1);
            if rest & bit != 0 {
                bit
            } else {
                rest & rest.wrapping_neg()
            }
        };
        self.budget = budget;
        let found = self.next(&mut prefer, interrupt, |_| {});
        *spent += self.nodes;
        Ok((!self.over_budget).then_some(found?))
    }

    /// The most conflict-prone digit's bit and a fifth of its score, when it stands out: a
    /// score of at least as many conflicts as the layout has digits, and over 1.5 times the
    /// least non-zero one (sigh's thresholds); else (0, 0).
    fn value_bonus(&self) -> (u32, u32) {
        let n = self.lay.n;
        let (mut best, mut max, mut min) = (0, 0, u32::MAX);
        for (d, &v) in self.value_scores[..n].iter().enumerate() {
            if v > max {
                (best, max) = (d, v);
            }
            if v != 0 && v < min {
                min = v;
            }
        }
        if max < 16 * n as u32 || 2 * max as u64 <= 3 * min as u64 {
            (0, 0)
        } else {
            (1 << best, max / 5)
        }
    }

    /// After a consistent propagation of `s`: `s` when it solved the grid (at the root, kept as
    /// the solved root), else a frame that branches on one of its open cells.
    #[inline(always)]
    fn settle(&mut self, s: State<C>) -> Option<State<C>> {
        if s.open == 0 {
            return Some(s);
        }
        let cell = if self.scores.is_empty() {
            s.pick(self.first_open)
        } else {
            s.pick_scored(&self.scores, self.value_bonus)
        };
        if !self.scores.is_empty() && state::ones(s.cand[cell]) > 2 {
            // A digit's two places in a unit (two branches) rather than the cell's digits, when
            // the higher score of the two is at least half the cell's score per candidate: the
            // house-based branching of sigh's solver, which asks for twice the score per
            // candidate (taking it this readily halved the nodes on little killers and
            // thermometers and took 0.7 of them on the hard killers; docs/benchmarks.md).
            let need = (self.scores[cell] as u64).div_ceil(2 * state::ones(s.cand[cell]) as u64);
            if let Some((a, b, digit, _)) = s.two_places(self.lay, &self.scores, need) {
                self.frames.push(Frame { rest: 0b11, cell: a, other: b, digit, state: s });
                return None;
            }
        }
        self.frames.push(Frame { rest: s.cand[cell], cell: cell as u16, other: NO_CELL, digit: 0, state: s });
        None
    }
}

/// The first solution of `grid` under `lay` (digits tried ascending in the cell with the
/// fewest candidates), `None` when it has none. The grid's size is the layout's.
pub fn solve_in(grid: &Grid, lay: &Layout, interrupt: &mut dyn FnMut() -> bool) -> Result<Option<Grid>, Interrupted> {
    let mut found = None;
    walk_in(grid, lay, 1, interrupt, &mut |v| found = Some(Grid::from_engine(lay.shape, v)))?;
    Ok(found)
}

/// The number of solutions of `grid` under `lay`, counting stops at `limit`.
pub fn count_in(
    grid: &Grid,
    lay: &Layout,
    limit: u64,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<u64, Interrupted> {
    walk_in(grid, lay, limit, interrupt, &mut |_| {})
}

/// The first `limit` solutions of `grid` under `lay`, in the order of [`solve_in`].
pub fn solutions_in(
    grid: &Grid,
    lay: &Layout,
    limit: u64,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Vec<Grid>, Interrupted> {
    let mut out = Vec::new();
    walk_in(grid, lay, limit, interrupt, &mut |v| out.push(Grid::from_engine(lay.shape, v)))?;
    Ok(out)
}

/// The true candidates of `grid` under `lay`: per cell (row-major) and digit (`cell * n + digit
/// - 1`), the number of solutions with that digit in that cell, counted up to `limit` (at
/// least 1); a digit of no solution counts 0. One search for up to `limit + 1` solutions counts
/// them all when there are no more; past that, each candidate the search did not see `limit`
/// times is counted by a search of its own, with the digit placed. `None` when the grid has no
/// solution.
pub fn true_candidates_in(
    grid: &Grid,
    lay: &Layout,
    limit: u64,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Option<Vec<u64>>, Interrupted> {
    let (n, limit) = (lay.n, limit.max(1));
    let mut counts = vec![0u64; grid.cells().len() * n];
    let total = walk_in(grid, lay, limit + 1, interrupt, &mut |v| {
        for (c, &d) in v.iter().enumerate() {
            counts[c * n + d as usize - 1] += 1;
        }
    })?;
    if total == 0 {
        return Ok(None);
    }
    if total > limit {
        let cand = candidates_in(grid, lay, interrupt)?.unwrap_or_default();
        let mut cells = grid.cells().to_vec();
        for (c, &mask) in cand.iter().enumerate() {
            if grid.cells()[c] != 0 {
                continue;
            }
            for d in 0..n {
                if mask >> d & 1 == 0 || counts[c * n + d] >= limit {
                    continue;
                }
                cells[c] = d as u8 + 1;
                counts[c * n + d] = count_in(&Grid::from_engine(lay.shape, &cells), lay, limit, interrupt)?;
            }
            cells[c] = 0;
        }
    }
    counts.iter_mut().for_each(|k| *k = (*k).min(limit));
    Ok(Some(counts))
}

/// Hands the digits of the first `limit` solutions of `grid` under `lay` to `take`, in the order
/// of [`solve_in`]; how many there were.
fn walk_in(
    grid: &Grid,
    lay: &Layout,
    limit: u64,
    interrupt: &mut dyn FnMut() -> bool,
    take: &mut dyn FnMut(&[u8]),
) -> Result<u64, Interrupted> {
    fn run<const C: usize>(
        grid: &Grid,
        lay: &Layout,
        limit: u64,
        interrupt: &mut dyn FnMut() -> bool,
        take: &mut dyn FnMut(&[u8]),
    ) -> Result<u64, Interrupted> {
        let mut search = Search::<C>::idle(lay, false);
        search.start(grid.cells(), None);
        let mut found = 0;
        while found < limit && search.next(&mut lowest, interrupt, &mut *take)? {
            found += 1;
        }
        Ok(found)
    }
    assert_eq!(grid.size(), lay.n, "the layout is for the grid's size");
    by_size!(grid.cells().len(), run(grid, lay, limit, interrupt, take))
}

/// The first `limit` solutions of a pencil-mark puzzle (a player's board, a sukaku): the digits
/// `cells` (row-major, 0 open) and, in each open cell, only the candidates of `masks` (digit `d`
/// as bit `d - 1`; a filled cell's mask is ignored). The grid's size is the layout's; the order
/// is [`solve_in`]'s. Empty when a filled cell clashes or an open cell has no candidate left.
pub fn solutions_of_candidates(
    cells: &[u8],
    masks: &[u32],
    lay: &Layout,
    limit: u64,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Vec<Grid>, Interrupted> {
    fn run<const C: usize>(
        cells: &[u8],
        masks: &[u32],
        lay: &Layout,
        limit: u64,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<Vec<Grid>, Interrupted> {
        let mut out = Vec::new();
        let mut search = Search::<C>::idle(lay, false);
        let Some(mut s) = State::<C>::from_cells(lay, cells, &mut search.queue) else {
            return Ok(out);
        };
        let full = (1u32 << lay.n) - 1;
        for c in 0..C {
            if cells[c] == 0 && s.eliminate(c, full & !masks[c], &mut search.queue).is_none() {
                return Ok(out);
            }
        }
        search.begin(s, None);
        let mut take = |v: &[u8]| out.push(Grid::from_engine(lay.shape, v));
        let mut found = 0;
        while found < limit && search.next(&mut lowest, interrupt, &mut take)? {
            found += 1;
        }
        Ok(out)
    }
    assert_eq!(cells.len(), lay.n * lay.n, "the layout is for the grid's size");
    assert_eq!(masks.len(), cells.len(), "one mask a cell");
    by_size!(cells.len(), run(cells, masks, lay, limit, interrupt))
}

/// Whether the grid `cells` (row-major, 0 blank, of the layout's size) has a solution under `lay`
/// with another digit than `known`'s in `cell` (blank in `cells`), asked within `budget` search
/// nodes (`None`: no answer within them): a search with that digit excluded there that tries
/// `known`'s digit first in every other cell, so that a solution close to `known` comes after a
/// few nodes. The nodes it took are added to `spent`.
/// The digging test of the generators: a puzzle that had one solution keeps it after blanking
/// some cells exactly when no solution differs in one of them.
pub fn differs_at(
    cells: &[u8],
    lay: &Layout,
    known: &[u8],
    cell: usize,
    budget: u64,
    spent: &mut u64,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Option<bool>, Interrupted> {
    fn run<const C: usize>(
        cells: &[u8],
        lay: &Layout,
        known: &[u8],
        cell: usize,
        budget: u64,
        spent: &mut u64,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<Option<bool>, Interrupted> {
        let mut search = Search::<C>::idle(lay, false);
        search.start(cells, Some((cell, 1u32 << (known[cell] - 1))));
        search.differs(known, budget, spent, interrupt)
    }
    assert_eq!(cells.len(), lay.cells(), "the layout is for the grid's size");
    by_size!(cells.len(), run(cells, lay, known, cell, budget, spent, interrupt))
}

/// [`differs_at`] for the puzzle of step `step` of `base` with the cells `extra` given `known`'s
/// digits, `cell` blank: the probe of a digging that keeps its givens as [`Placements`].
#[allow(clippy::too_many_arguments)]
pub(crate) fn differs_from(
    base: &Placements,
    step: usize,
    extra: &[usize],
    lay: &Layout,
    known: &[u8],
    cell: usize,
    budget: u64,
    spent: &mut u64,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Option<bool>, Interrupted> {
    #[allow(clippy::too_many_arguments)]
    fn run<const C: usize>(
        base: &Placements,
        step: usize,
        extra: &[usize],
        lay: &Layout,
        known: &[u8],
        cell: usize,
        budget: u64,
        spent: &mut u64,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<Option<bool>, Interrupted> {
        let mut search = Search::<C>::idle(lay, false);
        search.start_from(base, step, extra, known, Some((cell, 1u32 << (known[cell] - 1))));
        search.differs(known, budget, spent, interrupt)
    }
    assert_eq!(base.cells, lay.cells(), "the layout is for the placements' size");
    by_size!(base.cells, run(base, step, extra, lay, known, cell, budget, spent, interrupt))
}

/// Givens placed on the candidates of a layout (not propagated) at each step of a digging: step
/// `t` holds the givens of the groups of cells after it, `groups[t + 1..]`, with the digits of a
/// complete grid. Built once per grid from the last step back, each step from the next, so that
/// the digging's probes ([`differs_from`]) start from a copy of their step instead of placing
/// every given again.
pub(crate) struct Placements {
    cells: usize,
    /// Step after step, `cells` entries each.
    cand: Vec<u32>,
    value: Vec<u8>,
    open: Vec<u32>,
    /// The cells the placing made naked singles, in order: step `t`'s are the first
    /// `queued[t]` (some of them placed since, which the propagation skips).
    singles: Vec<u16>,
    queued: Vec<u32>,
}

impl Placements {
    /// The placements of the cells of `groups` with `known`'s digits (a solution under `lay`).
    pub(crate) fn new<'g, G>(lay: &Layout, known: &[u8], groups: G) -> Placements
    where
        G: DoubleEndedIterator<Item = &'g [usize]> + ExactSizeIterator,
    {
        fn run<'g, const C: usize>(
            lay: &Layout,
            known: &[u8],
            groups: impl DoubleEndedIterator<Item = &'g [usize]> + ExactSizeIterator,
            out: &mut Placements,
        ) {
            let mut s = State::<C>::with_candidates([(1u32 << lay.n) - 1; C], [0; C], C as u32);
            // Each cell becomes single at most once, so the queue holds every cell that did.
            let mut queue = Queue::<C>::new();
            for (t, group) in groups.enumerate().rev() {
                out.cand[t * C..(t + 1) * C].copy_from_slice(&s.cand);
                out.value[t * C..(t + 1) * C].copy_from_slice(&s.value);
                out.open[t] = s.open;
                out.queued[t] = queue.len as u32;
                for &c in group {
                    let placed = s.assign(lay, c, 1u32 << (known[c] - 1), &mut queue);
                    debug_assert!(placed, "a solution's digits never conflict");
                }
            }
            out.singles.extend_from_slice(queue.queued());
        }
        let (cells, steps) = (lay.cells(), groups.len());
        let mut out = Placements {
            cells,
            cand: vec![0; steps * cells],
            value: vec![0; steps * cells],
            open: vec![0; steps],
            singles: Vec::with_capacity(cells),
            queued: vec![0; steps],
        };
        by_size!(cells, run(lay, known, groups, &mut out));
        out
    }

    /// The naked singles waiting at step `t`.
    #[inline(always)]
    fn queued(&self, t: usize) -> &[u16] {
        &self.singles[..self.queued[t] as usize]
    }

    /// Step `t` as a search state.
    #[inline(always)]
    fn state<const C: usize>(&self, t: usize) -> State<C> {
        let (mut cand, mut value) = ([0; C], [0; C]);
        cand.copy_from_slice(&self.cand[t * C..(t + 1) * C]);
        value.copy_from_slice(&self.value[t * C..(t + 1) * C]);
        State::with_candidates(cand, value, self.open[t])
    }
}

/// Nodes of the first try of [`random_solution_in`] with restarts.
pub const RESTART_NODES: u64 = 1000;
/// Tries of [`random_solution_in`] with restarts, the last without a limit.
pub const RESTARTS: u32 = 12;

/// A solution of `grid` under `lay` drawn at random (the digits of each cell tried in an order
/// drawn from `next_u32`: every solution can come first), `None` when it has none. With
/// `restarts`, the search starts again with new draws after [`RESTART_NODES`] nodes, then twice
/// as many, and so on, the last try without a limit: a depth-first search can wander into a
/// subtree without solutions for a long time (an empty 16x16 jigsaw grid does).
pub fn random_solution_in(
    grid: &Grid,
    lay: &Layout,
    restarts: bool,
    next_u32: &mut dyn FnMut() -> u32,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Option<Grid>, Interrupted> {
    fn run<const C: usize>(
        grid: &Grid,
        lay: &Layout,
        restarts: bool,
        next_u32: &mut dyn FnMut() -> u32,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<Option<Vec<u8>>, Interrupted> {
        let mut choose = |_: usize, rest: u32| random_candidate(rest, next_u32);
        let tries = if restarts { RESTARTS } else { 1 };
        let mut budget = RESTART_NODES;
        for attempt in 0..tries {
            let mut search = Search::<C>::idle(lay, false);
            search.start(grid.cells(), None);
            if attempt + 1 < tries {
                search.budget = budget;
            }
            let mut found = None;
            if search.next(&mut choose, interrupt, |v| found = Some(v.to_vec()))? {
                return Ok(found);
            }
            if !search.over_budget {
                return Ok(None);
            }
            budget *= 2;
        }
        unreachable!("the last attempt has no budget")
    }
    assert_eq!(grid.size(), lay.n, "the layout is for the grid's size");
    let cells = by_size!(grid.cells().len(), run(grid, lay, restarts, next_u32, interrupt))?;
    Ok(cells.map(|c| Grid::from_cells_shaped(grid.shape(), &c).expect("solver output is a grid")))
}

/// The candidates of every cell of `grid` under `lay` (digit d as bit d - 1; a given: its
/// digit): the digits none of its peers holds (the cells sharing a unit or its cage), narrowed
/// in each cage to the digits some set of distinct digits with the cage's sum puts there. No
/// singles are placed. `None` when givens clash, a blank cell has no candidate left or a cage
/// can no longer reach its sum; `interrupt` is asked while the cage passes run.
pub fn candidates_in(
    grid: &Grid,
    lay: &Layout,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Option<Vec<u32>>, Interrupted> {
    assert_eq!(grid.size(), lay.n, "the layout is for the grid's size");
    let cells = grid.cells();
    let full = (1u32 << lay.n) - 1;
    let mut cand: Vec<u32> = (0..cells.len())
        .map(|c| match cells[c] {
            0 => lay.peers[c].iter().fold(full, |m, &p| match cells[p as usize] {
                0 => m,
                v => m & !(1 << (v - 1)),
            }),
            v => 1 << (v - 1),
        })
        .collect();
    if !lay.is_valid(cells) || cand.contains(&0) {
        return Ok(None);
    }
    fn narrow<const C: usize>(lay: &Layout, cells: &[u8], cand: &mut [u32], meter: &mut Meter) -> bool {
        let (mut c, mut value) = ([0; C], [0; C]);
        c.copy_from_slice(cand);
        value.copy_from_slice(cells);
        let mut s = State::<C>::with_candidates(c, value, 0);
        let mut queue = Queue::new();
        for (sum, cage) in &lay.cages {
            if s.narrow_cage(lay, cage, 0, *sum, &[], &[], true, &mut queue, meter).is_none() {
                return false;
            }
        }
        if !lay.props.is_empty() {
            // Every pass awake: none has seen the cells.
            let mut awake = Awake::new(None);
            awake.wake(lay, &s.cand);
            if !s.restrict_unary(lay, &mut queue) || s.narrow_props(lay, &mut queue, &mut awake, !0, meter).is_none() {
                return false;
            }
        }
        cand.copy_from_slice(&s.cand);
        true
    }
    let mut meter = Meter::new(interrupt, METER_EVERY);
    let narrowed = by_size!(cells.len(), narrow(lay, cells, &mut cand, &mut meter));
    if meter.stopped {
        return Err(Interrupted);
    }
    Ok(narrowed.then_some(cand))
}

/// A solution of a classic grid drawn at random: [`random_solution_in`] under
/// [`Layout::classic`], without restarts.
pub fn random_solution_with(
    grid: &Grid,
    next_u32: &mut dyn FnMut() -> u32,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Option<Grid>, Interrupted> {
    random_solution_in(grid, Layout::classic(grid.shape()), false, next_u32, interrupt)
}

enum AnySearch {
    S4(Search<'static, 16>),
    S9(Box<fast9::Search9<'static>>),
    Fastest9(chute9::Search),
    Generic9(Box<Search<'static, 81>>),
    S16(Box<Search<'static, 256>>),
    S25(Box<Search<'static, 625>>),
    /// Every other shape: rectangular boxes (6x6, 8x8, 12x12, ...) and grids without boxes.
    Other(Box<dyn OtherSearch>),
}

/// The size-generic search of a shape without a variant of its own in [`AnySearch`].
trait OtherSearch {
    fn advance(
        &mut self,
        interrupt: &mut dyn FnMut() -> bool,
        take: &mut dyn FnMut(&[u8]),
    ) -> Result<bool, Interrupted>;
    fn nodes(&self) -> u64;
}

impl<const C: usize> OtherSearch for Search<'static, C> {
    fn advance(
        &mut self,
        interrupt: &mut dyn FnMut() -> bool,
        take: &mut dyn FnMut(&[u8]),
    ) -> Result<bool, Interrupted> {
        self.next(&mut lowest, interrupt, take)
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// The solutions of a grid, found one at a time by a resumable search.
///
/// Memory stays flat: the search keeps one frame (a copy of the candidates) per branching level,
/// at most one per cell.
pub struct Solutions {
    search: AnySearch,
    shape: Shape,
}

impl Solutions {
    /// Starts a search; nothing is explored until the first call to [`Solutions::next_with`].
    pub fn new(grid: &Grid, branching: Branching) -> Solutions {
        fn other<const C: usize>(lay: &'static Layout, cells: &[u8], first_open: bool) -> AnySearch {
            AnySearch::Other(Box::new(Search::<C>::new(lay, cells, first_open)))
        }
        let lay = Layout::classic(grid.shape());
        let first_open = branching == Branching::FirstOpen;
        let search = match grid.shape().square_side() {
            Some(2) => AnySearch::S4(Search::new(lay, grid.cells(), first_open)),
            Some(3) if branching == Branching::Fastest => AnySearch::Fastest9(chute9::Search::new(grid.cells())),
            Some(3) => AnySearch::S9(Box::new(fast9::Search9::new(grid.cells(), branching))),
            Some(4) => AnySearch::S16(Box::new(Search::new(lay, grid.cells(), first_open))),
            Some(5) => AnySearch::S25(Box::new(Search::new(lay, grid.cells(), first_open))),
            _ => by_size!(grid.cells().len(), other(lay, grid.cells(), first_open)),
        };
        Solutions { search, shape: grid.shape() }
    }

    /// The same search on the size-generic code path even for a 9x9 grid, which otherwise takes
    /// the fast path of `fast9`; for tests that compare the two.
    #[doc(hidden)]
    pub fn new_generic(grid: &Grid, branching: Branching) -> Solutions {
        if grid.shape() == Shape::NINE {
            let first_open = branching == Branching::FirstOpen;
            let search = Search::new(Layout::classic(Shape::NINE), grid.cells(), first_open);
            return Solutions { search: AnySearch::Generic9(Box::new(search)), shape: Shape::NINE };
        }
        Solutions::new(grid, branching)
    }

    /// The next solution; `interrupt` is called every few hundred search nodes and stops the
    /// search with [`Interrupted`] when it returns true.
    pub fn next_with(&mut self, interrupt: &mut dyn FnMut() -> bool) -> Result<Option<Grid>, Interrupted> {
        let mut found = None;
        let shape = self.shape;
        self.advance(interrupt, |cells| found = Some(Grid::from_engine(shape, cells)))?;
        Ok(found)
    }

    /// The number of further solutions, stopping at `limit`.
    pub fn count_with(&mut self, limit: u64, interrupt: &mut dyn FnMut() -> bool) -> Result<u64, Interrupted> {
        let mut found = 0;
        while found < limit && self.skip(interrupt)? {
            found += 1;
        }
        Ok(found)
    }

    /// Searches on to the next solution without handing out its digits; false when the search
    /// is over.
    fn skip(&mut self, interrupt: &mut dyn FnMut() -> bool) -> Result<bool, Interrupted> {
        match &mut self.search {
            AnySearch::Fastest9(s) => s.skip(interrupt),
            _ => self.advance(interrupt, |_| {}),
        }
    }

    /// Searches on to the next solution and hands its digits to `take`; false when the search
    /// is over.
    fn advance(&mut self, interrupt: &mut dyn FnMut() -> bool, take: impl FnOnce(&[u8])) -> Result<bool, Interrupted> {
        match &mut self.search {
            AnySearch::S4(s) => s.next(&mut lowest, interrupt, take),
            AnySearch::S9(s) => Ok(s.next(interrupt, INTERRUPT_EVERY)?.map(|v| take(&v)).is_some()),
            AnySearch::Fastest9(s) => Ok(s.next(interrupt)?.map(|v| take(&v)).is_some()),
            AnySearch::Generic9(s) => s.next(&mut lowest, interrupt, take),
            AnySearch::S16(s) => s.next(&mut lowest, interrupt, take),
            AnySearch::S25(s) => s.next(&mut lowest, interrupt, take),
            AnySearch::Other(s) => {
                let mut take = Some(take);
                s.advance(interrupt, &mut |v| {
                    if let Some(t) = take.take() {
                        t(v)
                    }
                })
            }
        }
    }

    /// Search nodes (branch attempts) explored so far.
    pub fn nodes(&self) -> u64 {
        match &self.search {
            AnySearch::S4(s) => s.nodes,
            AnySearch::S9(s) => s.nodes,
            AnySearch::Fastest9(s) => s.nodes,
            AnySearch::Generic9(s) => s.nodes,
            AnySearch::S16(s) => s.nodes,
            AnySearch::S25(s) => s.nodes,
            AnySearch::Other(s) => s.nodes(),
        }
    }
}

fn never() -> bool {
    false
}

/// The first solution in the search order, or `None` when the grid has no solution
/// (conflicting givens included).
///
/// The search order is deterministic: after naked singles, hidden singles and locked candidates
/// (pointing and claiming, along rows and columns) are propagated, the search branches as
/// [`Branching::Fastest`] says (9x9: on the configurations of a digit in a band or stack;
/// other sizes: on the open cell with the fewest candidates, the first in row-major order on a
/// tie, digits ascending), depth first. A grid with one solution gives that solution whatever
/// the order; [`Solutions`] with [`Branching::Fastest`] yields all solutions in this same order.
pub fn solve_with(grid: &Grid, interrupt: &mut dyn FnMut() -> bool) -> Result<Option<Grid>, Interrupted> {
    if grid.shape() == Shape::NINE {
        Ok(solve_nine_with(grid.cells(), interrupt)?.map(|d| Grid::from_engine(Shape::NINE, &d)))
    } else {
        solve_other(grid, interrupt)
    }
}

/// [`solve_with`] on the 81 cells of a 9x9 grid (0 blank, 1-9 given; [`Grid::unpack_nine`]
/// reads them from a packed value), the solution's digits or `None`: the 9x9 search itself,
/// what [`Solutions`] would wrap, a small value on the stack where the enum of every shape's
/// search is kilobytes to set up and move.
pub fn solve_nine_with(cells: &[u8], interrupt: &mut dyn FnMut() -> bool) -> Result<Option<[u8; 81]>, Interrupted> {
    assert_eq!(cells.len(), 81, "the cells of a 9x9 grid");
    chute9::Search::new(cells).next(interrupt)
}

/// [`solve_nine_with`] that writes the solution as [`Grid::pack_nine`] packs it into `out` (its
/// byte of box side, then the cells two a byte, straight from the search's bit planes): true
/// when there is one, false (`out` untouched) when there is none. What `sudoku.solve` runs on
/// a 9x9 grid, into the value it returns.
pub fn solve_nine_packed_with(
    cells: &[u8],
    interrupt: &mut dyn FnMut() -> bool,
    out: &mut [u8; 42],
) -> Result<bool, Interrupted> {
    assert_eq!(cells.len(), 81, "the cells of a 9x9 grid");
    let (side, rest) = out.split_first_mut().expect("42 bytes");
    let found = chute9::Search::new(cells).next_packed(interrupt, rest.try_into().expect("41 bytes"))?;
    if found {
        *side = 3;
    }
    Ok(found)
}

/// [`count_solutions_with`] on the 81 cells of a 9x9 grid (see [`solve_nine_with`]).
pub fn count_nine_with(cells: &[u8], limit: u64, interrupt: &mut dyn FnMut() -> bool) -> Result<u64, Interrupted> {
    assert_eq!(cells.len(), 81, "the cells of a 9x9 grid");
    let mut search = chute9::Search::new(cells);
    let mut found = 0;
    while found < limit && search.skip(interrupt)? {
        found += 1;
    }
    Ok(found)
}

/// [`solve_with`] for the shapes other than 9x9, out of line so that the 9x9 callers keep a
/// small stack frame.
#[inline(never)]
fn solve_other(grid: &Grid, interrupt: &mut dyn FnMut() -> bool) -> Result<Option<Grid>, Interrupted> {
    solve_in(grid, Layout::classic(grid.shape()), interrupt)
}

/// [`solve_with`] that writes the solution over `grid`'s own cells instead of making a new grid:
/// true when there is one (`grid` then holds it), false when there is none (`grid` unchanged).
/// What `sudoku.solve` runs: the value it returns is packed from the grid it was given, with no
/// second grid allocated and freed per call.
pub fn solve_into_with(grid: &mut Grid, interrupt: &mut dyn FnMut() -> bool) -> Result<bool, Interrupted> {
    if grid.shape() == Shape::NINE {
        Ok(match solve_nine_with(grid.cells(), interrupt)? {
            Some(digits) => {
                grid.cells_mut().copy_from_slice(&digits);
                true
            }
            None => false,
        })
    } else {
        Ok(match solve_other(grid, interrupt)? {
            Some(solution) => {
                *grid = solution;
                true
            }
            None => false,
        })
    }
}

/// [`solve_with`] without an interrupt.
pub fn solve(grid: &Grid) -> Option<Grid> {
    solve_with(grid, &mut never).unwrap_or(None)
}

/// The number of solutions, counting stops at `limit` (0 for conflicting givens).
pub fn count_solutions_with(grid: &Grid, limit: u64, interrupt: &mut dyn FnMut() -> bool) -> Result<u64, Interrupted> {
    if grid.shape() == Shape::NINE {
        count_nine_with(grid.cells(), limit, interrupt)
    } else {
        count_other(grid, limit, interrupt)
    }
}

/// [`count_solutions_with`] for the shapes other than 9x9, out of line (see [`solve_other`]).
#[inline(never)]
fn count_other(grid: &Grid, limit: u64, interrupt: &mut dyn FnMut() -> bool) -> Result<u64, Interrupted> {
    count_in(grid, Layout::classic(grid.shape()), limit, interrupt)
}

/// The one solution of `grid`: `Ok(Ok(solution))`, or `Ok(Err(count))` with the count (0, or 2
/// for two or more). One search, where a count to two and then a solve would run two: the
/// first solution found is kept while the search goes on to prove there is no other.
pub fn unique_solution_with(
    grid: &Grid,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Grid, u64>, Interrupted> {
    let mut search = Solutions::new(grid, Branching::Fastest);
    let Some(first) = search.next_with(interrupt)? else {
        return Ok(Err(0));
    };
    Ok(match search.count_with(1, interrupt)? {
        0 => Ok(first),
        _ => Err(2),
    })
}

/// [`count_solutions_with`] without an interrupt.
pub fn count_solutions(grid: &Grid, limit: u64) -> u64 {
    count_solutions_with(grid, limit, &mut never).unwrap_or(0)
}

/// The 9x9 puzzles of sigh's published setters' puzzles (data/constraints/sigh_iss.tsv), for
/// the passes' tests: each its name, its layout and its published solution as candidate masks.
#[cfg(test)]
pub(crate) fn published_9x9() -> Vec<(String, Layout, Vec<u32>)> {
    let path = format!("{}/../data/constraints/sigh_iss.tsv", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut out = Vec::new();
    for line in text.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        let grid = Grid::parse(f[0]).unwrap();
        if grid.size() != 9 {
            continue;
        }
        let rules = crate::variant::Rules::from_json(&serde_json::from_str(f[1]).unwrap()).unwrap();
        let lay = rules.layout_of(grid.shape()).unwrap();
        let solution = Grid::parse(f[2]).unwrap().cells().iter().map(|&v| 1u32 << (v - 1)).collect();
        out.push((f[3].to_string(), lay, solution));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    fn lines(text: &str) -> Vec<Grid> {
        text.lines().filter(|l| !l.is_empty()).map(|l| Grid::parse(&l[..81]).unwrap()).collect()
    }

    /// One search gives the one solution, as a count to two and a solve do: on the seed puzzles,
    /// on them with a given taken out until they have several solutions, and with a given
    /// changed so they have none; on an empty grid of each size.
    #[test]
    fn unique_solution_is_count_and_solve_in_one() {
        for p in lines(include_str!("../../../data/seed_examples.txt")) {
            let want = |g: &Grid| match count_solutions(g, 2) {
                1 => Ok(solve(g).unwrap()),
                n => Err(n.min(2)),
            };
            let mut g = p.clone();
            let mut cells = g.cells().to_vec();
            for c in 0..81 {
                assert_eq!(unique_solution_with(&g, &mut never).unwrap(), want(&g), "{g:?}");
                if cells[c] != 0 {
                    cells[c] = 0;
                    g = Grid::from_cells(&cells).unwrap();
                    if count_solutions(&g, 2) > 1 {
                        assert_eq!(unique_solution_with(&g, &mut never).unwrap(), Err(2));
                        break;
                    }
                }
            }
            let first = p.cells().iter().position(|&v| v != 0).unwrap();
            let mut wrong = p.cells().to_vec();
            let other = solve(&p).unwrap().cells()[first] % 9 + 1;
            wrong[first] = 0;
            let blank = (0..81).find(|&c| wrong[c] == 0 && c / 9 == first / 9 && c != first).unwrap();
            wrong[blank] = other;
            let wrong = Grid::from_cells(&wrong).unwrap();
            assert_eq!(unique_solution_with(&wrong, &mut never).unwrap(), want(&wrong));
        }
        for n in [4, 9, 16, 25] {
            assert_eq!(unique_solution_with(&Grid::empty(n).unwrap(), &mut never).unwrap(), Err(2));
        }
    }

    /// A digit's two places in a unit, as the search's branching takes them: by a plain scan of
    /// each unit's open cells, units in the layout's order and digits ascending, the pair whose
    /// higher score is highest and at least `need` (the last such on a tie).
    fn two_places_scanned(s: &State<81>, lay: &Layout, scores: &[u32], need: u64) -> Option<(u16, u16, u8, u64)> {
        let mut best = None;
        for (_, unit) in &lay.units {
            for d in 0..lay.n as u32 {
                let bit = 1u32 << d;
                if unit.iter().any(|&c| s.value[c as usize] as u32 == d + 1) {
                    continue;
                }
                let places: Vec<u16> = unit.iter().copied().filter(|&c| s.cand[c as usize] & bit != 0).collect();
                if let [a, b] = places[..] {
                    let (a, b) = if scores[b as usize] > scores[a as usize] { (b, a) } else { (a, b) };
                    let score = scores[a as usize] as u64;
                    if score >= need && best.is_none_or(|(_, _, _, s)| score >= s) {
                        best = Some((a, b, d as u8, score));
                    }
                }
            }
        }
        best
    }

    /// [`State::spots`] holds, per digit, exactly the cells with it as a candidate: after the
    /// givens, after propagation, and down a path of branches (each propagated from its parent
    /// as the search does), on every 9x9 puzzle of sigh's published setters' puzzles
    /// (data/constraints), killers, little killers, sums and pairs among them. At each of those
    /// states the branching's two places, read from those sets, are a plain scan's
    /// ([`two_places_scanned`]), for random distinct scores and three bounds.
    #[test]
    fn spots_follow_the_candidates() {
        let path = format!("{}/../data/constraints/sigh_iss.tsv", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        // Distinct scores, so that the pick has no tie between the two cells of a pair.
        let mut scores: Vec<u32> = (0..81).map(|i| i * 1000).collect();
        let mut check = |s: &State<81>, lay: &Layout, name: &str| {
            for d in 0..state::SPOT_DIGITS {
                let want = (0..81).filter(|&c| s.cand[c] >> d & 1 != 0).fold(0u128, |m, c| m | 1 << c);
                assert_eq!(s.spots[d], want, "{name}: digit {}", d + 1);
            }
            // The branching's two places, found from those cell sets, are the plain scan's.
            scores.iter_mut().for_each(|x| *x = *x / 1000 * 1000 + rng.next_u32() % 1000);
            for i in (1..81).rev() {
                scores.swap(i, rng.next_u32() as usize % (i + 1));
            }
            for need in [0, 40_000, 70_000] {
                assert_eq!(s.two_places(lay, &scores, need), two_places_scanned(s, lay, &scores, need), "{name}");
            }
        };
        let mut checked = 0;
        for line in text.lines() {
            let f: Vec<&str> = line.split('\t').collect();
            let grid = Grid::parse(f[0]).unwrap();
            let rules = crate::variant::Rules::from_json(&serde_json::from_str(f[1]).unwrap()).unwrap();
            if grid.size() != 9 {
                continue;
            }
            let lay = rules.layout_of(grid.shape()).unwrap();
            let mut check = |s: &State<81>, name: &str| check(s, &lay, name);
            let mut queue = Queue::<81>::new();
            let Some(mut s) = State::<81>::from_cells(&lay, grid.cells(), &mut queue) else { continue };
            check(&s, f[3]);
            let mut uninterrupted = never;
            let mut meter = Meter::new(&mut uninterrupted, METER_EVERY);
            if !s.propagate(&lay, &mut queue, Techniques::SOLVER, None, &mut meter) {
                continue;
            }
            check(&s, f[3]);
            // Down one path: the first open cell's candidates in turn, the first that holds.
            'path: while let Some(cell) = (0..81).find(|&c| s.value[c] == 0) {
                let m = s.cand[cell];
                for d in (0..9).filter(|&d| m >> d & 1 != 0) {
                    let mut t = s;
                    queue.len = 0;
                    if t.assign(&lay, cell, 1 << d, &mut queue) {
                        check(&t, f[3]);
                        if t.propagate(&lay, &mut queue, Techniques::SOLVER, Some(&s.cand), &mut meter) {
                            check(&t, f[3]);
                            s = t;
                            continue 'path;
                        }
                    }
                }
                break;
            }
            checked += 1;
        }
        assert!(checked >= 90, "{checked} puzzles checked");
    }

    #[test]
    fn seed_examples_solve_uniquely() {
        let seed = include_str!("../../../data/seed_examples.txt");
        for p in lines(seed) {
            let s = solve(&p).expect("solvable");
            assert!(p.is_solved_by(&s), "{p:?} -> {s:?}");
            assert_eq!(count_solutions(&p, 2), 1);
        }
    }

    /// The root of a started search: the propagated candidates and digits of its solved root or
    /// first frame, `None` when the root is a contradiction; `Some(None)` when it waits for the
    /// first call of `next` (a layout with cages).
    #[allow(clippy::type_complexity)]
    fn root_of<const C: usize>(search: &Search<C>) -> Option<Option<(Vec<u32>, Vec<u8>)>> {
        match (&search.root, search.frames.last()) {
            (Root::Solved(s), _) => Some(Some((s.cand.to_vec(), s.value.to_vec()))),
            (Root::Done, Some(f)) => Some(Some((f.state.cand.to_vec(), f.state.value.to_vec()))),
            (Root::Done, None) => None,
            (Root::Unpropagated(_), _) => Some(None),
        }
    }

    /// Compares searches started from the cells and from placements at every step of a digging
    /// of the complete grid `known` under `lay` in central orbits (in a scrambled order), as
    /// generation digs: each blanked cell in turn asked whether a solution puts another digit
    /// there within each of `budgets` nodes (the first answer decides), the cells answered no
    /// given for the next, the orbit kept when one is not. Their roots must be equal (where
    /// propagated at the start), and so their answers and nodes; some orbit is removed. Adds to
    /// (compared, refuted, solved, kept, nodes).
    fn compare_digging<const C: usize>(lay: &Layout, known: &[u8], budgets: &[u64], counts: &mut [u64; 5]) {
        let orbits = crate::generate::Symmetry::Central.orbits(lay.n);
        let groups: Vec<&[usize]> = (0..orbits.len()).map(|k| &orbits[(k * 17) % orbits.len()][..]).collect();
        assert!(groups.len() % 17 != 0);
        let placed = Placements::new(lay, known, groups.iter().copied());
        let (mut cells, mut kept, mut removed) = (known.to_vec(), Vec::new(), 0);
        for (t, group) in groups.iter().enumerate() {
            for &c in group.iter() {
                cells[c] = 0;
            }
            let mut unique = true;
            for (i, &c) in group.iter().enumerate() {
                let exclude = Some((c, 1u32 << (known[c] - 1)));
                let extra: Vec<usize> = kept.iter().chain(&group[..i]).copied().collect();
                let mut first = None;
                for &budget in budgets {
                    let mut from_cells = Search::<C>::idle(lay, false);
                    from_cells.start(&cells, exclude);
                    let mut from_placed = Search::<C>::idle(lay, false);
                    from_placed.start_from(&placed, t, &extra, known, exclude);
                    let root = root_of(&from_cells);
                    assert_eq!(root, root_of(&from_placed), "{}x{}: step {t}, cell {c}", lay.n, lay.n);
                    let (mut a, mut b) = (0, 0);
                    let answer = from_cells.differs(known, budget, &mut a, &mut never);
                    let other = from_placed.differs(known, budget, &mut b, &mut never);
                    assert_eq!((answer, a), (other, b), "step {t}, cell {c}, budget {budget}");
                    counts[4] += a;
                    if first.is_none() {
                        counts[0] += 1;
                        match root {
                            None => counts[1] += 1,
                            Some(Some((_, value))) if !value.contains(&0) => counts[2] += 1,
                            Some(_) => {}
                        }
                        first = Some(answer);
                    }
                }
                if first != Some(Ok(Some(false))) {
                    unique = false;
                    break;
                }
                cells[c] = known[c];
            }
            for &c in group.iter() {
                cells[c] = if unique { 0 } else { known[c] };
            }
            if unique {
                removed += 1;
            } else {
                kept.extend_from_slice(group);
                counts[3] += 1;
            }
        }
        assert!(removed > 0, "{}x{}: nothing removed", lay.n, lay.n);
    }

    /// A search started from placed givens ([`Placements`], with kept and proved cells on top)
    /// has the propagated root of the same search started from the cells, and the same answer in
    /// the same nodes, at every step of a digging: the root the node budgets of digging count
    /// from. On the solutions of the seed examples (9x9, within 500 nodes as 25x25 digging asks),
    /// on a random complete 25x25 grid, and on published jigsaw and killer solutions of
    /// `data/variants` under their own rules (regions, cages) and the classic ones, without a
    /// budget and within 3 nodes.
    #[test]
    fn a_search_from_placements_has_the_root_of_the_cells() {
        let mut counts = [0; 5];
        for p in lines(include_str!("../../../data/seed_examples.txt")) {
            compare_digging::<81>(Layout::classic(Shape::NINE), solve(&p).unwrap().cells(), &[500], &mut counts);
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let grid =
            random_solution_with(&Grid::empty(25).unwrap(), &mut || rng.next_u32(), &mut never).unwrap().unwrap();
        compare_digging::<625>(Layout::classic(Shape::square(5)), grid.cells(), &[500], &mut counts);
        for file in ["jigsaw_janko.tsv", "killer_janko.tsv"] {
            let path = format!("{}/../data/variants/{file}", env!("CARGO_MANIFEST_DIR"));
            for line in std::fs::read_to_string(&path).unwrap().lines().take(3) {
                let f: Vec<&str> = line.split('\t').collect();
                let rules = crate::variant::Rules::from_json(&serde_json::from_str(f[1]).unwrap()).unwrap();
                let solution = Grid::parse(f[2]).unwrap();
                for lay in [rules.layout(9).unwrap(), crate::variant::Rules::default().layout(9).unwrap()] {
                    compare_digging::<81>(&lay, solution.cells(), &[u64::MAX, 3], &mut counts);
                }
            }
        }
        // Roots of every kind (refuted by propagation, solved by it, left to branch) and orbits
        // kept.
        let [compared, refuted, solved, kept, nodes] = counts;
        assert!(
            refuted > 0 && solved > 0 && compared > refuted + solved && kept > 0 && nodes > 0,
            "{compared}: {refuted} refuted, {solved} solved, {kept} orbits kept, {nodes} nodes"
        );
    }

    #[test]
    fn empty_4x4_has_288_solutions_in_lexicographic_order() {
        let empty = Grid::empty(4).unwrap();
        let mut all = Solutions::new(&empty, Branching::FirstOpen);
        let mut found: Vec<Grid> = Vec::new();
        while let Some(g) = all.next_with(&mut never).unwrap() {
            assert!(g.is_solved());
            found.push(g);
        }
        assert_eq!(found.len(), 288);
        assert!(found.windows(2).all(|w| w[0].cells() < w[1].cells()));
        assert_eq!(count_solutions(&empty, 1000), 288);
    }

    #[test]
    fn conflicting_givens_have_no_solution() {
        let mut cells = vec![0u8; 81];
        cells[0] = 5;
        cells[8] = 5;
        let g = Grid::from_cells(&cells).unwrap();
        assert!(!g.is_valid());
        assert_eq!(solve(&g), None);
        assert_eq!(count_solutions(&g, 2), 0);
    }

    #[test]
    fn every_size_solves_from_empty() {
        for size in [4, 9, 16, 25] {
            let g = Grid::empty(size).unwrap();
            let s = solve(&g).expect("an empty grid has solutions");
            assert!(g.is_solved_by(&s));
            assert_eq!(count_solutions(&g, 3), 3);
        }
    }

    #[test]
    fn interrupt_stops_the_search() {
        let g = Grid::empty(16).unwrap();
        let mut calls = 0;
        let r = count_solutions_with(&g, u64::MAX, &mut || {
            calls += 1;
            calls > 3
        });
        assert_eq!(r, Err(Interrupted));
    }
}
