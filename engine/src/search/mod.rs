//! The native solver: bit-parallel candidate sets, propagation of naked singles, hidden singles
//! and locked candidates, and depth-first search with an explicit stack (no recursion, no
//! allocation per node).
//!
//! One code path serves every size: the per-size state is a fixed array (`C` cells, candidates
//! as a `u32` bitmask, digit `d` being bit `d - 1`), and the unit and peer tables come from
//! [`Geometry`]. 9x9 grids take a fast path: `chute9` for [`Branching::Fastest`] (the same
//! fixpoint at each node, so the same branches), `fast9` for cell branching (the same search tree,
//! node for node). The search is resumable ([`Solutions`]), so solutions can be streamed one by one.
//!
//! This module is the searches' one entry point: [`Solutions`] (and [`solve`], [`count_solutions`]
//! over it) picks the search for the grid and the branching. Its children do not call back into
//! it: `chute9` uses `fast9`'s board and tables, and both take what they share with the generic
//! search (the branching, the interrupt) from `control`.

mod chute9;
mod control;
pub(crate) mod fast9;

pub use control::{Branching, Interrupted};
pub(crate) use control::{Meter, INTERRUPT_EVERY};

use crate::geometry::Geometry;
use crate::grid::{box_side_for_cells, Grid};

/// The deductions propagation may make; the solver uses them all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Techniques {
    /// A cell with one candidate left takes it.
    pub naked_singles: bool,
    /// A digit with one possible cell in a unit goes there.
    pub hidden_singles: bool,
    /// Pointing and claiming, along rows and columns.
    pub locked_candidates: bool,
    /// Crook's preemptive sets (naked subsets of every size, which cover hidden subsets; see
    /// [`crate::human::subsets`]): their digits leave the other cells of the unit. Implies naked
    /// singles, the preemptive sets of size 1.
    pub preemptive_sets: bool,
}

impl Techniques {
    /// Every technique.
    pub const ALL: Techniques =
        Techniques { naked_singles: true, hidden_singles: true, locked_candidates: true, preemptive_sets: true };
    /// No technique: propagation returns the grid unchanged (or finds conflicting givens).
    pub const NONE: Techniques =
        Techniques { naked_singles: false, hidden_singles: false, locked_candidates: false, preemptive_sets: false };
    /// The techniques the solver propagates with at every search node.
    pub const SOLVER: Techniques = Techniques { preemptive_sets: false, ..Techniques::ALL };
}

/// The grid after applying `techniques` until nothing changes: cells they place are filled,
/// the others stay blank. `None` when they prove the grid has no solution (conflicting givens
/// included). The fixpoint does not depend on the order the deductions are made in: every
/// technique only removes candidates, and removing one never disables another deduction.
pub fn propagate(grid: &Grid, techniques: Techniques) -> Option<Grid> {
    propagate_with(grid, techniques, &mut || false).unwrap_or_else(|_| unreachable!("never interrupted"))
}

/// [`propagate`], asking `interrupt` now and then during the search for preemptive sets (the
/// only part whose cost can grow quickly, on 16x16 and 25x25 grids).
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
        let geo = Geometry::for_box_side(grid.box_side());
        let mut queue = Queue::<C>::new();
        let Some(mut s) = State::<C>::from_cells(geo, grid.cells(), &mut queue) else {
            return Ok(None);
        };
        let single = Techniques { preemptive_sets: false, ..techniques };
        if !techniques.preemptive_sets {
            return Ok(s.propagate_with(geo, &mut queue, single).then(|| s.value.to_vec()));
        }
        let single = Techniques { naked_singles: true, ..single };
        loop {
            if !s.propagate_with(geo, &mut queue, single) {
                return Ok(None);
            }
            match s.preemptive_sets(geo, &mut queue, interrupt)? {
                None => return Ok(None),
                Some(false) => return Ok(Some(s.value.to_vec())),
                Some(true) => {}
            }
        }
    }
    let cells = match grid.box_side() {
        2 => run::<16>(grid, techniques, interrupt),
        3 => run::<81>(grid, techniques, interrupt),
        4 => run::<256>(grid, techniques, interrupt),
        _ => run::<625>(grid, techniques, interrupt),
    }?;
    Ok(cells.map(|c| Grid::from_cells(&c).expect("propagation output is a grid")))
}

/// A solution drawn at random: the depth-first search of [`solve_with`] (same propagation, same
/// choice of cell) but trying the digits of each cell in an order drawn from `next_u32`, so
/// every solution can come first. `None` when the grid has no solution.
pub fn random_solution_with(
    grid: &Grid,
    next_u32: &mut dyn FnMut() -> u32,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Option<Grid>, Interrupted> {
    fn run<const C: usize>(
        grid: &Grid,
        next_u32: &mut dyn FnMut() -> u32,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<Option<Vec<u8>>, Interrupted> {
        let geo = Geometry::for_box_side(grid.box_side());
        let mut queue = Queue::<C>::new();
        let Some(mut root) = State::<C>::from_cells(geo, grid.cells(), &mut queue) else {
            return Ok(None);
        };
        if !root.propagate(geo, &mut queue) {
            return Ok(None);
        }
        let mut choose = |_: usize, rest: u32| random_candidate(rest, next_u32);
        Ok(match depth_first(geo, root, &mut choose, u64::MAX, &mut 0, interrupt)? {
            Dfs::Found(values) => Some(values.to_vec()),
            _ => None,
        })
    }
    let cells = match grid.box_side() {
        2 => run::<16>(grid, next_u32, interrupt)?,
        3 => run::<81>(grid, next_u32, interrupt)?,
        4 => run::<256>(grid, next_u32, interrupt)?,
        _ => run::<625>(grid, next_u32, interrupt)?,
    };
    Ok(cells.map(|c| Grid::from_cells(&c).expect("solver output is a grid")))
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

/// What [`other_solution_with`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Other {
    /// A solution with another digit in the cell.
    Found,
    /// No solution has another digit there.
    None,
    /// The search passed its node budget first.
    OverBudget,
}

/// The question of [`other_solution_with`]: does the puzzle `cells` (any size), one of whose
/// solutions is `solution`, have a solution with another digit than `solution[cell]` in `cell`
/// (blank in `cells`)? Asked within `budget` search nodes.
pub(crate) struct Probe<'a> {
    pub cells: &'a [u8],
    pub solution: &'a [u8],
    pub cell: usize,
    pub budget: u64,
}

/// The answer to `probe`: a depth-first search with the solution's digit excluded from the
/// cell that tries the solution's digit first in every cell, so that a solution close to
/// `solution` comes after a few nodes. The nodes it took are added to `spent`. This is the
/// digging test of [`crate::generate`] for sizes other than 9x9, where a count of solutions
/// stopped at 2 first walks to the known solution and then through the rest of the tree.
pub(crate) fn other_solution_with(
    probe: &Probe,
    spent: &mut u64,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Other, Interrupted> {
    fn run<const C: usize>(
        p: &Probe,
        spent: &mut u64,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<Other, Interrupted> {
        let Probe { cells, solution, cell, budget } = *p;
        let geo = Geometry::for_box_side(box_side_for_cells(C).expect("a grid size"));
        let mut queue = Queue::<C>::new();
        let Some(mut root) = State::<C>::from_cells(geo, cells, &mut queue) else {
            return Ok(Other::None);
        };
        if root.eliminate(cell, 1 << (solution[cell] - 1), &mut queue).is_none() || !root.propagate(geo, &mut queue) {
            return Ok(Other::None);
        }
        let mut choose = |c: usize, rest: u32| {
            let preferred = 1u32 << (solution[c] - 1);
            if rest & preferred != 0 {
                preferred
            } else {
                rest & rest.wrapping_neg()
            }
        };
        Ok(match depth_first(geo, root, &mut choose, budget, spent, interrupt)? {
            Dfs::Found(_) => Other::Found,
            Dfs::Exhausted => Other::None,
            Dfs::OverBudget => Other::OverBudget,
        })
    }
    match probe.cells.len() {
        16 => run::<16>(probe, spent, interrupt),
        81 => run::<81>(probe, spent, interrupt),
        256 => run::<256>(probe, spent, interrupt),
        _ => run::<625>(probe, spent, interrupt),
    }
}

/// How [`depth_first`] ended.
enum Dfs<const C: usize> {
    /// The digits of the first solution found.
    Found([u8; C]),
    /// No solution.
    Exhausted,
    /// The node budget ran out first.
    OverBudget,
}

/// The first solution below the propagated state `root` by a depth-first search that branches
/// on the open cell with the fewest candidates and tries first the digit `choose(cell, rest)`
/// picks among the candidates `rest` not tried yet (one bit of them). At most `budget` nodes;
/// the nodes taken are added to `spent`.
fn depth_first<const C: usize>(
    geo: &Geometry,
    root: State<C>,
    choose: &mut dyn FnMut(usize, u32) -> u32,
    budget: u64,
    spent: &mut u64,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Dfs<C>, Interrupted> {
    let mut queue = Queue::<C>::new();
    let mut frames: Vec<Frame<C>> = Vec::new();
    let mut nodes = 0u64;
    let mut state = root;
    loop {
        if state.open == 0 {
            return Ok(Dfs::Found(state.value));
        }
        let cell = state.pick(Branching::FewestCandidates);
        frames.push(Frame { rest: state.cand[cell], cell: cell as u16, state });
        loop {
            let Some(top) = frames.last_mut() else {
                return Ok(Dfs::Exhausted);
            };
            if top.rest == 0 {
                frames.pop();
                continue;
            }
            let bit = choose(top.cell as usize, top.rest);
            top.rest ^= bit;
            let mut s = top.state;
            if nodes == budget {
                return Ok(Dfs::OverBudget);
            }
            nodes += 1;
            *spent += 1;
            if nodes % INTERRUPT_EVERY == 0 && interrupt() {
                return Err(Interrupted);
            }
            queue.len = 0;
            if s.assign(geo, top.cell as usize, bit, &mut queue) && s.propagate(geo, &mut queue) {
                state = s;
                break;
            }
        }
    }
}

/// The candidates of every cell; assigned cells hold exactly their digit's bit.
#[derive(Clone, Copy)]
struct State<const C: usize> {
    cand: [u32; C],
    /// Digit (1-based) of each assigned cell; 0 while open.
    value: [u8; C],
    open: u32,
}

/// Cells that became naked singles and wait to be assigned. A cell becomes single at most once
/// per propagation, so `C` places suffice.
struct Queue<const C: usize> {
    cells: [u16; C],
    len: usize,
}

impl<const C: usize> Queue<C> {
    fn new() -> Self {
        Queue { cells: [0; C], len: 0 }
    }
    #[inline]
    fn push(&mut self, cell: usize) {
        self.cells[self.len] = cell as u16;
        self.len += 1;
    }
    #[inline]
    fn pop(&mut self) -> Option<usize> {
        (self.len > 0).then(|| {
            self.len -= 1;
            self.cells[self.len] as usize
        })
    }
}

impl<const C: usize> State<C> {
    /// The state of `cells` before propagation; `None` when two givens conflict.
    fn from_cells(geo: &Geometry, cells: &[u8], queue: &mut Queue<C>) -> Option<Self> {
        let full = (1u32 << geo.n) - 1;
        let mut s = State { cand: [full; C], value: [0; C], open: C as u32 };
        for (cell, &v) in cells.iter().enumerate() {
            if v != 0 && s.value[cell] == 0 {
                let bit = 1u32 << (v - 1);
                if s.cand[cell] & bit == 0 || !s.assign(geo, cell, bit, queue) {
                    return None;
                }
            } else if v != 0 && s.value[cell] != v {
                return None;
            }
        }
        Some(s)
    }

    /// Places the digit `bit` in open `cell` and removes it from the peers; queues peers that
    /// become naked singles. False on a contradiction (a peer left without candidates).
    #[inline]
    fn assign(&mut self, geo: &Geometry, cell: usize, bit: u32, queue: &mut Queue<C>) -> bool {
        debug_assert!(self.value[cell] == 0 && self.cand[cell] & bit != 0);
        self.cand[cell] = bit;
        self.value[cell] = bit.trailing_zeros() as u8 + 1;
        self.open -= 1;
        for &p in geo.peers(cell) {
            let p = p as usize;
            let m = self.cand[p];
            if m & bit != 0 {
                let rest = m & !bit;
                if rest == 0 {
                    return false;
                }
                self.cand[p] = rest;
                if rest & (rest - 1) == 0 {
                    queue.push(p);
                }
            }
        }
        true
    }

    /// Assigns every queued naked single. False on a contradiction.
    #[inline]
    fn drain(&mut self, geo: &Geometry, queue: &mut Queue<C>) -> bool {
        while let Some(p) = queue.pop() {
            if self.value[p] == 0 && !self.assign(geo, p, self.cand[p], queue) {
                return false;
            }
        }
        true
    }

    /// Naked singles, hidden singles and locked candidates until nothing changes. False on a
    /// contradiction.
    fn propagate(&mut self, geo: &Geometry, queue: &mut Queue<C>) -> bool {
        self.propagate_with(geo, queue, Techniques::SOLVER)
    }

    /// The chosen techniques until nothing changes. False on a contradiction (a cell without
    /// candidates, or, with hidden singles, a digit without a place in a unit).
    fn propagate_with(&mut self, geo: &Geometry, queue: &mut Queue<C>, techniques: Techniques) -> bool {
        let full = (1u32 << geo.n) - 1;
        loop {
            if techniques.naked_singles {
                if !self.drain(geo, queue) {
                    return false;
                }
            } else {
                queue.len = 0;
            }
            if self.open == 0 {
                return true;
            }
            let mut progress = false;
            for u in (0..3 * geo.n).filter(|_| techniques.hidden_singles) {
                let unit = geo.unit(u);
                let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
                for &c in unit {
                    let m = self.cand[c as usize];
                    twice |= once & m;
                    once |= m;
                    if self.value[c as usize] != 0 {
                        placed |= m;
                    }
                }
                if once != full {
                    return false;
                }
                let mut hidden = once & !twice & !placed;
                if hidden == 0 {
                    continue;
                }
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden ^= bit;
                    // An earlier hidden single of this unit may have taken the cell: then the
                    // digit has no place left.
                    let Some(&c) = unit.iter().find(|&&c| self.cand[c as usize] & bit != 0) else {
                        return false;
                    };
                    let c = c as usize;
                    if self.value[c] == 0 && !self.assign(geo, c, bit, queue) {
                        return false;
                    }
                }
                if techniques.naked_singles && !self.drain(geo, queue) {
                    return false;
                }
                progress = true;
            }
            if !progress {
                if !techniques.locked_candidates {
                    return true;
                }
                match self.locked_candidates(geo, queue) {
                    None => return false,
                    Some(false) => return true,
                    Some(true) => {}
                }
            }
        }
    }

    /// Locked candidates, in rows and columns alike: a digit whose places in a box lie on one
    /// line leaves the rest of that line (pointing), and a digit whose places on a line lie in
    /// one box leaves the rest of that box (claiming). `Some(true)` when a candidate was
    /// removed, `None` on a contradiction.
    fn locked_candidates(&mut self, geo: &Geometry, queue: &mut Queue<C>) -> Option<bool> {
        let (b, n) = (geo.box_side, geo.n);
        let mut changed = false;
        for columns in [false, true] {
            // The cell at position `p` of line `l` (a row, or a column when `columns`).
            let at = |l: usize, p: usize| if columns { p * n + l } else { l * n + p };
            // seg[l * b + k]: the candidates of line l inside the k-th box it crosses.
            let mut seg = [0u32; 25 * 5];
            for l in 0..n {
                for k in 0..b {
                    seg[l * b + k] = (0..b).fold(0, |m, j| m | self.cand[at(l, k * b + j)]);
                }
            }
            for band in 0..b {
                for k in 0..b {
                    // Pointing: digits of box (band, k) confined to one of its lines.
                    let (mut once, mut twice) = (0u32, 0u32);
                    for i in 0..b {
                        let g = seg[(band * b + i) * b + k];
                        twice |= once & g;
                        once |= g;
                    }
                    for i in 0..b {
                        let l = band * b + i;
                        // Only digits the line still has outside this box have anything to lose.
                        let outside = (0..b).filter(|&k2| k2 != k).fold(0, |m, k2| m | seg[l * b + k2]);
                        let confined = seg[l * b + k] & !twice & outside;
                        if confined == 0 {
                            continue;
                        }
                        for k2 in (0..b).filter(|&k2| k2 != k) {
                            for j in 0..b {
                                changed |= self.eliminate(at(l, k2 * b + j), confined, queue)?;
                            }
                        }
                    }
                }
                for i in 0..b {
                    // Claiming: digits of line l confined to one of the boxes it crosses.
                    let l = band * b + i;
                    let (mut once, mut twice) = (0u32, 0u32);
                    for k in 0..b {
                        let g = seg[l * b + k];
                        twice |= once & g;
                        once |= g;
                    }
                    for k in 0..b {
                        // Only digits the box still has on its other lines have anything to lose.
                        let elsewhere = (0..b).filter(|&i2| i2 != i).fold(0, |m, i2| m | seg[(band * b + i2) * b + k]);
                        let confined = seg[l * b + k] & !twice & elsewhere;
                        if confined == 0 {
                            continue;
                        }
                        for i2 in (0..b).filter(|&i2| i2 != i) {
                            for j in 0..b {
                                changed |= self.eliminate(at(band * b + i2, k * b + j), confined, queue)?;
                            }
                        }
                    }
                }
            }
        }
        Some(changed)
    }

    /// Crook's preemptive sets in every unit: their digits leave the unit's other open cells.
    /// `Some(true)` when a candidate was removed, `None` on a contradiction.
    fn preemptive_sets(
        &mut self,
        geo: &Geometry,
        queue: &mut Queue<C>,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<Option<bool>, Interrupted> {
        let mut changed = false;
        let mut open = [0u16; 25];
        let mut masks = [0u32; 25];
        for u in 0..3 * geo.n {
            let mut k = 0;
            for &c in geo.unit(u) {
                if self.value[c as usize] == 0 {
                    open[k] = c;
                    masks[k] = self.cand[c as usize];
                    k += 1;
                }
            }
            let mut sets = Vec::new();
            crate::human::subsets::each_set(&masks[..k], k, interrupt, &mut |cells, digits| {
                sets.push((cells, digits))
            })?;
            for (cells, digits) in sets {
                for (i, &c) in open[..k].iter().enumerate() {
                    if cells >> i & 1 == 0 {
                        match self.eliminate(c as usize, digits, queue) {
                            None => return Ok(None),
                            Some(e) => changed |= e,
                        }
                    }
                }
            }
        }
        Ok(Some(changed))
    }

    /// Removes `digits` from the candidates of `cell`: `Some(true)` when some were there,
    /// `None` when none would be left.
    #[inline]
    fn eliminate(&mut self, cell: usize, digits: u32, queue: &mut Queue<C>) -> Option<bool> {
        let m = self.cand[cell];
        if m & digits == 0 {
            return Some(false);
        }
        let rest = m & !digits;
        if rest == 0 {
            return None;
        }
        self.cand[cell] = rest;
        if rest & (rest - 1) == 0 && self.value[cell] == 0 {
            queue.push(cell);
        }
        Some(true)
    }

    /// The open cell to branch on; the state must have an open cell.
    #[inline]
    fn pick(&self, branching: Branching) -> usize {
        match branching {
            Branching::FirstOpen => self.value.iter().position(|&v| v == 0).unwrap_or(0),
            Branching::FewestCandidates | Branching::Fastest => {
                let (mut best, mut best_count) = (0, u32::MAX);
                for c in 0..C {
                    if self.value[c] == 0 {
                        let k = self.cand[c].count_ones();
                        if k < best_count {
                            best = c;
                            best_count = k;
                            if k <= 2 {
                                break;
                            }
                        }
                    }
                }
                best
            }
        }
    }
}

struct Frame<const C: usize> {
    state: State<C>,
    cell: u16,
    /// Candidates of `cell` not tried yet.
    rest: u32,
}

/// A resumable depth-first search over one grid size.
struct Search<const C: usize> {
    geo: &'static Geometry,
    branching: Branching,
    frames: Vec<Frame<C>>,
    /// A grid solved by propagation alone, not yet handed out.
    solved_at_root: Option<State<C>>,
    nodes: u64,
}

impl<const C: usize> Search<C> {
    fn new(grid: &Grid, branching: Branching) -> Self {
        let geo = Geometry::for_box_side(grid.box_side());
        debug_assert_eq!(geo.cells, C);
        let mut search = Search { geo, branching, frames: Vec::new(), solved_at_root: None, nodes: 0 };
        let mut queue = Queue::new();
        if let Some(mut s) = State::<C>::from_cells(geo, grid.cells(), &mut queue) {
            if s.propagate(geo, &mut queue) {
                if s.open == 0 {
                    search.solved_at_root = Some(s);
                } else {
                    search.branch(s);
                }
            }
        }
        search
    }

    /// Pushes a frame that branches on an open cell of a consistent, propagated state.
    #[inline]
    fn branch(&mut self, s: State<C>) {
        let cell = s.pick(self.branching);
        self.frames.push(Frame { rest: s.cand[cell], cell: cell as u16, state: s });
    }

    /// The next solution's digits, or `None` when the search is over.
    fn next(&mut self, interrupt: &mut dyn FnMut() -> bool) -> Result<Option<[u8; C]>, Interrupted> {
        if let Some(s) = self.solved_at_root.take() {
            return Ok(Some(s.value));
        }
        let mut queue = Queue::new();
        while let Some(top) = self.frames.last_mut() {
            if top.rest == 0 {
                self.frames.pop();
                continue;
            }
            let bit = top.rest & top.rest.wrapping_neg();
            top.rest ^= bit;
            let cell = top.cell as usize;
            // The last candidate reuses the frame's state instead of copying it.
            let mut s = if top.rest == 0 { self.frames.pop().map(|f| f.state).unwrap() } else { top.state };
            self.nodes += 1;
            if self.nodes % INTERRUPT_EVERY == 0 && interrupt() {
                return Err(Interrupted);
            }
            queue.len = 0;
            if s.assign(self.geo, cell, bit, &mut queue) && s.propagate(self.geo, &mut queue) {
                if s.open == 0 {
                    return Ok(Some(s.value));
                }
                self.branch(s);
            }
        }
        Ok(None)
    }
}

enum AnySearch {
    S4(Search<16>),
    S9(Box<fast9::Search9<'static>>),
    Fastest9(chute9::Search),
    Generic9(Box<Search<81>>),
    S16(Box<Search<256>>),
    S25(Box<Search<625>>),
}

/// The solutions of a grid, found one at a time by a resumable search.
///
/// Memory stays flat: the search keeps one frame (a copy of the candidates) per branching level,
/// at most one per cell.
pub struct Solutions {
    search: AnySearch,
}

impl Solutions {
    /// Starts a search; nothing is explored until the first call to [`Solutions::next_with`].
    pub fn new(grid: &Grid, branching: Branching) -> Solutions {
        let search = match grid.box_side() {
            2 => AnySearch::S4(Search::new(grid, branching)),
            3 if branching == Branching::Fastest => AnySearch::Fastest9(chute9::Search::new(grid.cells())),
            3 => AnySearch::S9(Box::new(fast9::Search9::new(grid.cells(), branching))),
            4 => AnySearch::S16(Box::new(Search::new(grid, branching))),
            _ => AnySearch::S25(Box::new(Search::new(grid, branching))),
        };
        Solutions { search }
    }

    /// The same search on the size-generic code path even for a 9x9 grid, which otherwise takes
    /// the fast path of `fast9`; for tests that compare the two.
    #[doc(hidden)]
    pub fn new_generic(grid: &Grid, branching: Branching) -> Solutions {
        if grid.box_side() == 3 {
            return Solutions { search: AnySearch::Generic9(Box::new(Search::new(grid, branching))) };
        }
        Solutions::new(grid, branching)
    }

    /// The next solution; `interrupt` is called every few hundred search nodes and stops the
    /// search with [`Interrupted`] when it returns true.
    pub fn next_with(&mut self, interrupt: &mut dyn FnMut() -> bool) -> Result<Option<Grid>, Interrupted> {
        let mut found = None;
        self.advance(interrupt, |cells| found = Some(Grid::from_cells(cells).expect("solver output is a grid")))?;
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
        let digits = match &mut self.search {
            AnySearch::S4(s) => s.next(interrupt)?.map(|v| take(&v)),
            AnySearch::S9(s) => s.next(interrupt, INTERRUPT_EVERY)?.map(|v| take(&v)),
            AnySearch::Fastest9(s) => s.next(interrupt)?.map(|v| take(&v)),
            AnySearch::Generic9(s) => s.next(interrupt)?.map(|v| take(&v)),
            AnySearch::S16(s) => s.next(interrupt)?.map(|v| take(&v)),
            AnySearch::S25(s) => s.next(interrupt)?.map(|v| take(&v)),
        };
        Ok(digits.is_some())
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
    Solutions::new(grid, Branching::Fastest).next_with(interrupt)
}

/// [`solve_with`] without an interrupt.
pub fn solve(grid: &Grid) -> Option<Grid> {
    solve_with(grid, &mut never).unwrap_or(None)
}

/// The number of solutions, counting stops at `limit` (0 for conflicting givens).
pub fn count_solutions_with(grid: &Grid, limit: u64, interrupt: &mut dyn FnMut() -> bool) -> Result<u64, Interrupted> {
    Solutions::new(grid, Branching::Fastest).count_with(limit, interrupt)
}

/// [`count_solutions_with`] without an interrupt.
pub fn count_solutions(grid: &Grid, limit: u64) -> u64 {
    count_solutions_with(grid, limit, &mut never).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<Grid> {
        text.lines().filter(|l| !l.is_empty()).map(|l| Grid::parse(&l[..81]).unwrap()).collect()
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
