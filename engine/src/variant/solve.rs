//! The solver of variant grids: the generic solver's method (candidates as bitmasks, naked and
//! hidden singles to a fixpoint, then depth-first search on the open cell with the fewest
//! candidates) over the units and peers of a [`Layout`], plus the cages: each cage keeps, in
//! each cell, only the digits that some set of distinct digits with the cage's sum can put
//! there, given the candidates of its other cells (the combinations of the killer cage tables,
//! narrowed by the candidates; computed exactly, one cell after another over the sets of
//! digits used so far).

use super::rules::Layout;
use crate::grid::Grid;
use crate::search::{random_candidate, Interrupted, Meter, INTERRUPT_EVERY};

/// Candidates per cell (digit d as bit d - 1); a placed cell holds its digit's bit alone.
#[derive(Clone, Copy)]
struct State<const C: usize> {
    cand: [u32; C],
    value: [u8; C],
    open: u32,
}

/// The most sets of digits a layer of [`State::cage_digits_sparse`] may hold.
const SPARSE_SETS: usize = 20_000;

/// The sum of the digits of a mask.
#[inline]
fn digit_sum(mut mask: u32) -> u32 {
    let mut s = 0;
    while mask != 0 {
        s += mask.trailing_zeros() + 1;
        mask &= mask - 1;
    }
    s
}

/// Units of work (sets of digits built by the cage passes, cells per round of propagation)
/// between two calls of the interrupt hook, about a millisecond: one propagation with long
/// cages on 25x25 can take seconds, more than the nodes between two checks of the search
/// (issue 34).
const METER_EVERY: u64 = 1 << 16;

impl<const C: usize> State<C> {
    /// The state of `cells` with the givens placed (not propagated); `None` when givens clash.
    fn new(lay: &Layout, cells: &[u8], queue: &mut Vec<u16>) -> Option<Self> {
        let full = (1u32 << lay.n) - 1;
        let mut s = State { cand: [full; C], value: [0; C], open: C as u32 };
        for (cell, &v) in cells.iter().enumerate() {
            if v != 0 {
                let bit = 1u32 << (v - 1);
                if s.cand[cell] & bit == 0 || (s.value[cell] == 0 && !s.assign(lay, cell, bit, queue)) {
                    return None;
                }
            }
        }
        Some(s)
    }

    /// Places digit `bit` in open `cell` and removes it from the peers; queues peers left with
    /// one candidate. False when a peer is left with none.
    fn assign(&mut self, lay: &Layout, cell: usize, bit: u32, queue: &mut Vec<u16>) -> bool {
        self.cand[cell] = bit;
        self.value[cell] = bit.trailing_zeros() as u8 + 1;
        self.open -= 1;
        for &p in &lay.peers[cell] {
            let p = p as usize;
            let m = self.cand[p];
            if m & bit != 0 {
                let rest = m & !bit;
                if rest == 0 {
                    return false;
                }
                self.cand[p] = rest;
                if rest & (rest - 1) == 0 {
                    queue.push(p as u16);
                }
            }
        }
        true
    }

    /// Places every queued naked single. False on a contradiction.
    fn drain(&mut self, lay: &Layout, queue: &mut Vec<u16>) -> bool {
        while let Some(p) = queue.pop() {
            let p = p as usize;
            if self.value[p] == 0 && !self.assign(lay, p, self.cand[p], queue) {
                return false;
            }
        }
        true
    }

    /// Naked singles, hidden singles in every full unit, and the cages, until nothing changes.
    /// False on a contradiction, and when the meter's hook asked to stop (`meter.stopped`).
    fn propagate(&mut self, lay: &Layout, queue: &mut Vec<u16>, meter: &mut Meter) -> bool {
        let full = (1u32 << lay.n) - 1;
        loop {
            if meter.tick(C as u64) || !self.drain(lay, queue) {
                return false;
            }
            let mut progress = false;
            if self.open != 0 {
                for (_, unit) in &lay.units {
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
                    while hidden != 0 {
                        let bit = hidden & hidden.wrapping_neg();
                        hidden ^= bit;
                        let Some(&c) = unit.iter().find(|&&c| self.cand[c as usize] & bit != 0) else {
                            return false;
                        };
                        if self.value[c as usize] == 0 && !self.assign(lay, c as usize, bit, queue) {
                            return false;
                        }
                        progress = true;
                    }
                }
                if progress {
                    continue;
                }
            }
            let sums = lay.cages.iter().chain(&lay.innies);
            for (sum, cells) in sums {
                match self.narrow_cage(cells, *sum, queue, meter) {
                    None => return false,
                    Some(changed) => progress |= changed,
                }
            }
            if progress {
                continue;
            }
            for (shared, a, b) in &lay.intersections {
                let or = |cells: &[u16]| cells.iter().fold(0u32, |m, &c| m | self.cand[c as usize]);
                let (s, in_a, in_b) = (or(shared), or(a), or(b));
                for (locked, other) in [(s & !in_a & in_b, b), (s & !in_b & in_a, a)] {
                    if locked == 0 {
                        continue;
                    }
                    for &c in other {
                        let c = c as usize;
                        let m = self.cand[c];
                        if m & locked != 0 {
                            let rest = m & !locked;
                            if rest == 0 {
                                return false;
                            }
                            self.cand[c] = rest;
                            progress = true;
                            if rest & (rest - 1) == 0 && self.value[c] == 0 {
                                queue.push(c as u16);
                            }
                        }
                    }
                }
            }
            if !progress {
                return true;
            }
        }
    }

    /// Keeps in each cell of a cage the digits that some assignment of distinct digits with the
    /// cage's sum, each from its cell's candidates, puts there. `None` when there is no such
    /// assignment, else whether a candidate was removed.
    fn narrow_cage(&mut self, cells: &[u16], sum: u32, queue: &mut Vec<u16>, meter: &mut Meter) -> Option<bool> {
        if cells.iter().all(|&c| self.value[c as usize] != 0) {
            return (cells.iter().map(|&c| self.value[c as usize] as u32).sum::<u32>() == sum).then_some(false);
        }
        let allowed = if C <= 81 {
            self.cage_digits_dense(cells, sum, meter)?
        } else {
            self.cage_digits_sparse(cells, sum, meter)?
        };
        let mut changed = false;
        for (i, &c) in cells.iter().enumerate() {
            let c = c as usize;
            if allowed[i] != self.cand[c] {
                self.cand[c] = allowed[i];
                changed = true;
                if allowed[i] & (allowed[i] - 1) == 0 && self.value[c] == 0 {
                    queue.push(c as u16);
                }
            }
        }
        Some(changed)
    }

    /// [`State::narrow_cage`]'s digits per cell for up to 9 digits: the sets of digits the
    /// first i cells can hold, as bitsets over the 512 sets, forward; then backward, the sets
    /// that lead to a set with the sum, and the digits that do.
    fn cage_digits_dense(&self, cells: &[u16], sum: u32, meter: &mut Meter) -> Option<[u32; 25]> {
        let k = cells.len();
        if meter.tick(512 * k as u64) {
            return None;
        }
        let mut layers = [[0u64; 8]; 10];
        layers[0][0] = 1;
        for (i, &c) in cells.iter().enumerate() {
            let m = self.cand[c as usize];
            let rest = (k - i - 1) as u32;
            let (now, next) = layers.split_at_mut(i + 1);
            let mut any = 0;
            for (w, &word) in now[i].iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let used = (w * 64 + bits.trailing_zeros() as usize) as u32;
                    bits &= bits - 1;
                    let mut free = m & !used;
                    while free != 0 {
                        let bit = free & free.wrapping_neg();
                        free ^= bit;
                        let u = used | bit;
                        if digit_sum(u) + rest * (rest + 1) / 2 <= sum {
                            next[0][u as usize / 64] |= 1 << (u % 64);
                            any |= 1;
                        }
                    }
                }
            }
            if any == 0 {
                return None;
            }
        }
        let mut good = [0u64; 8];
        for (w, &word) in layers[k].iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let u = (w * 64 + bits.trailing_zeros() as usize) as u32;
                bits &= bits - 1;
                if digit_sum(u) == sum {
                    good[u as usize / 64] |= 1 << (u % 64);
                }
            }
        }
        if good == [0; 8] {
            return None;
        }
        let mut allowed = [0u32; 25];
        for i in (0..k).rev() {
            let m = self.cand[cells[i] as usize];
            let mut before = [0u64; 8];
            for (w, &word) in layers[i].iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let used = (w * 64 + bits.trailing_zeros() as usize) as u32;
                    bits &= bits - 1;
                    let mut free = m & !used;
                    while free != 0 {
                        let bit = free & free.wrapping_neg();
                        free ^= bit;
                        let u = used | bit;
                        if good[u as usize / 64] >> (u % 64) & 1 != 0 {
                            allowed[i] |= bit;
                            before[w] |= 1 << (used % 64);
                        }
                    }
                }
            }
            good = before;
        }
        Some(allowed)
    }

    /// [`State::cage_digits_dense`] for any number of digits, the sets kept in sorted vectors. A
    /// layer of more than [`SPARSE_SETS`] sets (a long cage on 16x16 or 25x25 with most digits
    /// still open) ends the pass without narrowing: the cells keep their candidates, so time and
    /// memory stay bounded.
    fn cage_digits_sparse(&self, cells: &[u16], sum: u32, meter: &mut Meter) -> Option<[u32; 25]> {
        let k = cells.len();
        let mut layers: Vec<Vec<u32>> = Vec::with_capacity(k + 1);
        layers.push(vec![0]);
        for (i, &c) in cells.iter().enumerate() {
            let m = self.cand[c as usize];
            let rest = (k - i - 1) as u32;
            let mut next = Vec::new();
            if meter.tick(layers[i].len() as u64) {
                return None;
            }
            for &used in &layers[i] {
                let mut free = m & !used;
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free ^= bit;
                    let u = used | bit;
                    if digit_sum(u) + rest * (rest + 1) / 2 <= sum {
                        next.push(u);
                    }
                }
            }
            next.sort_unstable();
            next.dedup();
            if next.is_empty() {
                return None;
            }
            if next.len() > SPARSE_SETS {
                let mut unchanged = [0u32; 25];
                for (i, &c) in cells.iter().enumerate() {
                    unchanged[i] = self.cand[c as usize];
                }
                return Some(unchanged);
            }
            layers.push(next);
        }
        let mut good: Vec<u32> = layers[k].iter().copied().filter(|&u| digit_sum(u) == sum).collect();
        if good.is_empty() {
            return None;
        }
        let mut allowed = [0u32; 25];
        for i in (0..k).rev() {
            let m = self.cand[cells[i] as usize];
            let mut before = Vec::new();
            if meter.tick(layers[i].len() as u64) {
                return None;
            }
            for &used in &layers[i] {
                let (mut free, mut ok) = (m & !used, false);
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free ^= bit;
                    if good.binary_search(&(used | bit)).is_ok() {
                        allowed[i] |= bit;
                        ok = true;
                    }
                }
                if ok {
                    before.push(used);
                }
            }
            good = before;
        }
        Some(allowed)
    }

    /// The open cell with the fewest candidates (the first such in row-major order).
    fn pick(&self) -> usize {
        let (mut best, mut best_count) = (0, u32::MAX);
        for c in 0..C {
            if self.value[c] == 0 {
                let k = self.cand[c].count_ones();
                if k < best_count {
                    (best, best_count) = (c, k);
                    if k <= 2 {
                        break;
                    }
                }
            }
        }
        best
    }
}

struct Frame<const C: usize> {
    state: State<C>,
    cell: u16,
    /// Candidates of `cell` not tried yet.
    rest: u32,
}

/// A resumable depth-first search over the grids of one size under a layout.
struct Search<'a, const C: usize> {
    lay: &'a Layout,
    frames: Vec<Frame<C>>,
    /// The root with the givens placed, propagated by the first call of `next` (where the
    /// interrupt hook is at hand).
    root: Option<State<C>>,
    queue: Vec<u16>,
    nodes: u64,
    /// The nodes the search may take; past them `next` gives up (returns `None` and sets
    /// `over_budget`).
    budget: u64,
    over_budget: bool,
}

impl<'a, const C: usize> Search<'a, C> {
    fn new(lay: &'a Layout, cells: &[u8]) -> Self {
        Self::excluding(lay, cells, None)
    }

    /// The search of `cells` with one digit (cell, digit bit) taken from a blank cell's
    /// candidates first.
    fn excluding(lay: &'a Layout, cells: &[u8], exclude: Option<(usize, u32)>) -> Self {
        let mut search = Search {
            lay,
            frames: Vec::new(),
            root: None,
            queue: Vec::with_capacity(C),
            nodes: 0,
            budget: u64::MAX,
            over_budget: false,
        };
        if let Some(mut s) = State::<C>::new(lay, cells, &mut search.queue) {
            let excluded = match exclude {
                Some((cell, bit)) if s.value[cell] == 0 => {
                    s.cand[cell] &= !bit;
                    match s.cand[cell] {
                        0 => false,
                        m => {
                            if m & (m - 1) == 0 {
                                search.queue.push(cell as u16);
                            }
                            true
                        }
                    }
                }
                _ => true,
            };
            if excluded {
                search.root = Some(s);
            }
        }
        search
    }

    /// The next solution, trying the digits of a cell in the order `choose(cell, rest)` picks
    /// them (one bit of `rest`); `None` when the search is over.
    fn next(
        &mut self,
        choose: &mut dyn FnMut(usize, u32) -> u32,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<Option<[u8; C]>, Interrupted> {
        let mut meter = Meter::new(interrupt, METER_EVERY);
        if let Some(mut s) = self.root.take() {
            // The queue holds the naked singles the givens left.
            if s.propagate(self.lay, &mut self.queue, &mut meter) {
                if s.open == 0 {
                    return Ok(Some(s.value));
                }
                let cell = s.pick();
                self.frames.push(Frame { rest: s.cand[cell], cell: cell as u16, state: s });
            } else if meter.stopped {
                return Err(Interrupted);
            }
        }
        while let Some(top) = self.frames.last_mut() {
            if top.rest == 0 {
                self.frames.pop();
                continue;
            }
            let bit = choose(top.cell as usize, top.rest);
            top.rest ^= bit;
            let cell = top.cell as usize;
            let mut s = top.state;
            if self.nodes == self.budget {
                self.over_budget = true;
                return Ok(None);
            }
            self.nodes += 1;
            if self.nodes % INTERRUPT_EVERY == 0 && (meter.interrupt)() {
                return Err(Interrupted);
            }
            self.queue.clear();
            if s.assign(self.lay, cell, bit, &mut self.queue) && s.propagate(self.lay, &mut self.queue, &mut meter) {
                if s.open == 0 {
                    return Ok(Some(s.value));
                }
                let next = s.pick();
                self.frames.push(Frame { rest: s.cand[next], cell: next as u16, state: s });
            } else if meter.stopped {
                return Err(Interrupted);
            }
        }
        Ok(None)
    }
}

/// Digits ascending: the lowest candidate left.
fn lowest(_: usize, rest: u32) -> u32 {
    rest & rest.wrapping_neg()
}

/// Runs `f` with the search of the grid's size.
macro_rules! by_size {
    ($cells:expr, $f:ident($($arg:expr),*)) => {
        match $cells {
            16 => $f::<16>($($arg),*),
            81 => $f::<81>($($arg),*),
            256 => $f::<256>($($arg),*),
            _ => $f::<625>($($arg),*),
        }
    };
}

/// The first solution of `grid` under `lay` (digits tried ascending in the cell with the
/// fewest candidates), `None` when it has none. The grid's size is the layout's.
pub fn solve_with(grid: &Grid, lay: &Layout, interrupt: &mut dyn FnMut() -> bool) -> Result<Option<Grid>, Interrupted> {
    fn run<const C: usize>(
        grid: &Grid,
        lay: &Layout,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<Option<Vec<u8>>, Interrupted> {
        Ok(Search::<C>::new(lay, grid.cells()).next(&mut lowest, interrupt)?.map(|v| v.to_vec()))
    }
    assert_eq!(grid.size(), lay.n, "the layout is for the grid's size");
    let cells = by_size!(grid.cells().len(), run(grid, lay, interrupt))?;
    Ok(cells.map(|c| Grid::from_cells(&c).expect("solver output is a grid")))
}

/// The number of solutions of `grid` under `lay`, counting stops at `limit`.
pub fn count_solutions_with(
    grid: &Grid,
    lay: &Layout,
    limit: u64,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<u64, Interrupted> {
    fn run<const C: usize>(
        grid: &Grid,
        lay: &Layout,
        limit: u64,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<u64, Interrupted> {
        let mut search = Search::<C>::new(lay, grid.cells());
        let mut found = 0;
        while found < limit && search.next(&mut lowest, interrupt)?.is_some() {
            found += 1;
        }
        Ok(found)
    }
    assert_eq!(grid.size(), lay.n, "the layout is for the grid's size");
    by_size!(grid.cells().len(), run(grid, lay, limit, interrupt))
}

/// The first `limit` solutions of `grid` under `lay`, in the order of [`solve_with`].
pub fn solutions_with(
    grid: &Grid,
    lay: &Layout,
    limit: u64,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Vec<Grid>, Interrupted> {
    fn run<const C: usize>(
        grid: &Grid,
        lay: &Layout,
        limit: u64,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<Vec<Grid>, Interrupted> {
        let mut search = Search::<C>::new(lay, grid.cells());
        let mut out = Vec::new();
        while (out.len() as u64) < limit {
            match search.next(&mut lowest, interrupt)? {
                Some(v) => out.push(Grid::from_cells(&v).expect("solver output is a grid")),
                None => break,
            }
        }
        Ok(out)
    }
    assert_eq!(grid.size(), lay.n, "the layout is for the grid's size");
    by_size!(grid.cells().len(), run(grid, lay, limit, interrupt))
}

/// Whether `grid` has a solution under `lay` with another digit than `known`'s in `cell` (blank
/// in `grid`), asked within `budget` search nodes (`None`: no answer within them): a search
/// with that digit excluded there that tries `known`'s digit first in every other cell, so that
/// a solution close to `known` comes after a few nodes. The digging test of the generator: a
/// puzzle that had one solution keeps it after blanking some cells exactly when no solution
/// differs in one of them.
pub fn differs_at(
    grid: &Grid,
    lay: &Layout,
    known: &[u8],
    cell: usize,
    budget: u64,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Option<bool>, Interrupted> {
    fn run<const C: usize>(
        grid: &Grid,
        lay: &Layout,
        known: &[u8],
        cell: usize,
        budget: u64,
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
        let exclude = Some((cell, 1u32 << (known[cell] - 1)));
        let mut search = Search::<C>::excluding(lay, grid.cells(), exclude);
        search.budget = budget;
        let found = search.next(&mut prefer, interrupt)?.is_some();
        Ok((!search.over_budget).then_some(found))
    }
    assert_eq!(grid.size(), lay.n, "the layout is for the grid's size");
    by_size!(grid.cells().len(), run(grid, lay, known, cell, budget, interrupt))
}

/// A solution of `grid` under `lay` drawn at random (the digits of each cell tried in an order
/// drawn from `next_u32`), `None` when it has none. A depth-first search can wander into a
/// subtree without solutions for a long time (an empty 16x16 jigsaw grid does), so the search
/// starts again with new draws after [`RESTART_NODES`] nodes, then twice as many, and so on;
/// the last try has no limit.
pub fn random_solution_with(
    grid: &Grid,
    lay: &Layout,
    next_u32: &mut dyn FnMut() -> u32,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Option<Grid>, Interrupted> {
    fn run<const C: usize>(
        grid: &Grid,
        lay: &Layout,
        next_u32: &mut dyn FnMut() -> u32,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<Option<Vec<u8>>, Interrupted> {
        let mut choose = |_: usize, rest: u32| random_candidate(rest, next_u32);
        let mut budget = RESTART_NODES;
        for attempt in 0..RESTARTS {
            let mut search = Search::<C>::new(lay, grid.cells());
            if attempt + 1 < RESTARTS {
                search.budget = budget;
            }
            if let Some(v) = search.next(&mut choose, interrupt)? {
                return Ok(Some(v.to_vec()));
            }
            if !search.over_budget {
                return Ok(None);
            }
            budget *= 2;
        }
        unreachable!("the last attempt has no budget")
    }
    assert_eq!(grid.size(), lay.n, "the layout is for the grid's size");
    let cells = by_size!(grid.cells().len(), run(grid, lay, next_u32, interrupt))?;
    Ok(cells.map(|c| Grid::from_cells(&c).expect("solver output is a grid")))
}

/// Nodes of the first try of [`random_solution_with`].
pub const RESTART_NODES: u64 = 1000;
/// Tries of [`random_solution_with`], the last without a limit.
pub const RESTARTS: u32 = 12;

/// The candidates of every cell of `grid` under `lay` (digit d as bit d - 1; a given: its
/// digit): the digits none of its peers holds (the cells sharing a unit or its cage), narrowed
/// in each cage to the digits some set of distinct digits with the cage's sum puts there. No
/// singles are placed. `None` when givens clash, a blank cell has no candidate left or a cage
/// can no longer reach its sum.
pub fn candidates(grid: &Grid, lay: &Layout) -> Option<Vec<u32>> {
    candidates_with(grid, lay, &mut || false).unwrap_or(None)
}

/// [`candidates`] with an interrupt hook, called while the cage passes run.
pub fn candidates_with(
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
        let mut s = State::<C> { cand: [0; C], value: [0; C], open: 0 };
        s.cand.copy_from_slice(cand);
        s.value.copy_from_slice(cells);
        let mut queue = Vec::new();
        for (sum, cage) in &lay.cages {
            if s.narrow_cage(cage, *sum, &mut queue, meter).is_none() {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Rules;

    /// (puzzle, rules, published solution, name) of a file of data/variants.
    fn published(file: &str) -> Vec<(Grid, Rules, Grid, String)> {
        let path = format!("{}/../data/variants/{file}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{path}: {e}"))
            .lines()
            .map(|l| {
                let f: Vec<&str> = l.split('\t').collect();
                let rules = Rules::from_json(&serde_json::from_str(f[1]).unwrap()).unwrap();
                (Grid::parse(f[0]).unwrap(), rules, Grid::parse(f[2]).unwrap(), f[3].to_string())
            })
            .collect()
    }

    /// The puzzles whose transcription in the collection has two solutions (two digits swap in
    /// two cages of three cells: a given or a cage border was lost); data/variants/README.md.
    const AMBIGUOUS: [&str; 3] =
        ["janko.at Killer-Sudoku 196", "janko.at Killer-Sudoku 197", "janko.at Killer-Sudoku 198"];

    /// Every published puzzle of a file: solved to its published solution, which its rules
    /// hold, and unique.
    fn solves_published(file: &str) {
        let puzzles = published(file);
        assert!(puzzles.len() >= 3, "{file}: {} puzzles", puzzles.len());
        for (puzzle, rules, solution, name) in puzzles {
            let lay = rules.layout(9).unwrap();
            assert!(lay.is_solved(solution.cells()), "{name}: the published solution breaks its rules");
            assert!(lay.is_valid(puzzle.cells()), "{name}");
            if AMBIGUOUS.contains(&name.as_str()) {
                // Both solutions, the published one among them.
                let mut search = Search::<81>::new(&lay, puzzle.cells());
                let mut all = Vec::new();
                while let Some(s) = search.next(&mut lowest, &mut || false).unwrap() {
                    all.push(s.to_vec());
                }
                assert_eq!(all.len(), 2, "{name}");
                assert!(all.iter().any(|s| s == solution.cells()), "{name}");
                continue;
            }
            let found = solve_with(&puzzle, &lay, &mut || false).unwrap();
            assert_eq!(found.as_ref(), Some(&solution), "{name}");
            assert_eq!(count_solutions_with(&puzzle, &lay, 2, &mut || false).unwrap(), 1, "{name}");
            // Without its extra rules the puzzle has more solutions (or none of the same).
            let plain = Rules::default().layout(9).unwrap();
            assert!(
                !plain.is_solved(solution.cells())
                    || count_solutions_with(&puzzle, &plain, 2, &mut || false).unwrap() == 2
            );
        }
    }

    #[test]
    fn published_jigsaw_puzzles_solve_uniquely() {
        solves_published("jigsaw_janko.tsv");
    }

    #[test]
    fn published_x_and_windoku_puzzles_solve_uniquely() {
        solves_published("x_windoku_published.tsv");
    }

    #[test]
    fn published_killer_puzzles_solve_uniquely() {
        solves_published("killer_janko.tsv");
        solves_published("killer_krazydad.tsv");
    }
}
