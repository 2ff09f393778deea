//! The state of the search for every size and every layout: the candidates of each cell as a
//! bitmask (digit `d` is bit `d - 1`), and the propagation that every search node runs over a
//! [`Layout`]'s units, peers and cages: naked singles, hidden singles, each cage narrowed to the
//! digits some set with its sum allows, and locked candidates (pointing and claiming). A classic
//! layout (rows, columns, boxes) takes the box-and-line form of locked candidates; any other, the
//! layout's list of unit intersections. Crook's preemptive sets serve `propagate`.

use super::Meter;
use crate::variant::rules::{cell_set, CROSSING_WORDS, UNIT_WORDS};
use crate::variant::Layout;

/// Cells that became naked singles and wait to be assigned. A cell becomes single at most once
/// per propagation, so `C` places suffice.
pub(super) struct Queue<const C: usize> {
    cells: [u16; C],
    pub(super) len: usize,
}

impl<const C: usize> Queue<C> {
    pub(super) fn new() -> Self {
        Queue { cells: [0; C], len: 0 }
    }
    #[inline]
    pub(super) fn push(&mut self, cell: usize) {
        self.cells[self.len] = cell as u16;
        self.len += 1;
    }
    /// The cells queued, in the order they came.
    pub(super) fn queued(&self) -> &[u16] {
        &self.cells[..self.len]
    }
    /// Queues `cells` after what waits already.
    #[inline]
    pub(super) fn extend(&mut self, cells: &[u16]) {
        self.cells[self.len..self.len + cells.len()].copy_from_slice(cells);
        self.len += cells.len();
    }
    #[inline]
    fn pop(&mut self) -> Option<usize> {
        (self.len > 0).then(|| {
            self.len -= 1;
            self.cells[self.len] as usize
        })
    }
}

/// The passes (cages, innies, equal sums, clues) whose wake-up a propagation tracks one by one, in
/// words of 64; a layout's passes past them run every round, as their memo lets them.
const PASS_WORDS: usize = 16;

/// The passes of a layout that may remove a candidate: a pass is a function of the candidates
/// of the cells it watches ([`Layout::watch`]), so once it ran it only needs to run again after
/// one of them lost a candidate. `seen` holds the candidates the passes last saw.
pub(super) struct Awake<const C: usize> {
    seen: [u32; C],
    bits: [u64; PASS_WORDS],
}

impl<const C: usize> Awake<C> {
    /// Every pass awake (no cell seen: every candidate mask differs from 0), or with `settled`
    /// (the candidates of a state propagated to its end) only those whose cells change from
    /// there.
    pub(super) fn new(settled: Option<&[u32; C]>) -> Self {
        Awake { seen: settled.copied().unwrap_or([0; C]), bits: [0; PASS_WORDS] }
    }

    /// Wakes the passes watching the cells of `cells` (bit `c` for cell `c`): those that changed
    /// since the passes last woke, known on grids up to 128 cells ([`State::touched`]).
    #[inline]
    pub(super) fn wake_cells(&mut self, lay: &Layout, mut cells: u128) {
        while cells != 0 {
            let c = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            self.wake_watchers(lay, c);
        }
    }

    /// Wakes the passes watching a cell whose candidates differ from what they saw.
    #[inline]
    pub(super) fn wake(&mut self, lay: &Layout, cand: &[u32; C]) {
        for c in 0..C {
            if cand[c] != self.seen[c] {
                self.seen[c] = cand[c];
                self.wake_watchers(lay, c);
            }
        }
    }

    /// Wakes the passes watching cell `c` (those tracked one by one).
    #[inline(always)]
    fn wake_watchers(&mut self, lay: &Layout, c: usize) {
        for &(w, bits) in &lay.watch[c] {
            if let Some(word) = self.bits.get_mut(w as usize) {
                *word |= bits;
            }
        }
    }

    /// The first awake pass from `from` up to `end` (excluded), which sleeps from now on until
    /// woken again; passes past those tracked one by one are always awake.
    #[inline]
    pub(super) fn take_next(&mut self, from: usize, end: usize) -> Option<usize> {
        let mut k = from;
        while k < end {
            if k >= PASS_WORDS * 64 {
                return Some(k);
            }
            let w = k / 64;
            let word = self.bits[w] & !0u64 << (k % 64);
            if word != 0 {
                let j = w * 64 + word.trailing_zeros() as usize;
                if j >= end {
                    return None;
                }
                self.bits[w] &= !(1 << (j % 64));
                return Some(j);
            }
            k = (w + 1) * 64;
        }
        None
    }
}

/// The union of the per-cell sets of the cells of `cells` (bit `c` for cell `c`): `per_cell`
/// holds `words` words a cell, cell after cell (a layout's [`Layout::cell_units`],
/// [`Layout::cell_crossings`], [`Layout::cell_pairs`]); `words` is at most `W`.
#[inline(always)]
pub(super) fn union_of_cells<const W: usize>(per_cell: &[u64], words: usize, mut cells: u128) -> [u64; W] {
    let mut union = [0u64; W];
    while cells != 0 {
        let c = cells.trailing_zeros() as usize;
        cells &= cells - 1;
        if let Some(sets) = per_cell.get(c * words..(c + 1) * words) {
            union.iter_mut().zip(sets).for_each(|(u, s)| *u |= s);
        }
    }
    union
}

/// Takes the lowest bit of a set of words from word `*word` on (the words before it empty):
/// its index, `None` once the set is empty.
#[inline(always)]
pub(super) fn take_lowest(set: &mut [u64], word: &mut usize) -> Option<usize> {
    while let Some(w) = set.get_mut(*word) {
        if *w != 0 {
            let k = *word * 64 + w.trailing_zeros() as usize;
            *w &= *w - 1;
            return Some(k);
        }
        *word += 1;
    }
    None
}

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

/// The sets of `k` distinct digits of 1..=9 that add up to `sum`, as masks (digit d as bit
/// d - 1): the killer combinations, from a table built at compile time.
#[inline]
pub(super) fn killer_sets(k: usize, sum: u32) -> &'static [u16] {
    if k > 9 || sum > 45 {
        return &[];
    }
    let i = k * 46 + sum as usize;
    &KILLER_SETS[KILLER_STARTS[i] as usize..KILLER_STARTS[i + 1] as usize]
}

/// The 512 masks of 9 digits ordered by size, then sum, then mask ([`KILLER_TABLE`]).
static KILLER_SETS: &[u16; 512] = &KILLER_TABLE.0;

/// Where the masks of size k and sum s begin in [`KILLER_SETS`]: `KILLER_STARTS[k * 46 + s]`.
static KILLER_STARTS: &[u16; 10 * 46 + 1] = &KILLER_TABLE.1;

/// The masks and where each (size, sum) begins, in one pass over the (size, sum) pairs.
static KILLER_TABLE: ([u16; 512], [u16; 10 * 46 + 1]) = {
    let (mut sets, mut start) = ([0u16; 512], [0u16; 10 * 46 + 1]);
    let (mut at, mut i) = (0, 0);
    while i < 10 * 46 {
        start[i] = at as u16;
        let mut m = 0;
        while m < 512 {
            if (m as u32).count_ones() as usize == i / 46 && DIGIT_SUMS[m] as usize == i % 46 {
                sets[at] = m as u16;
                at += 1;
            }
            m += 1;
        }
        i += 1;
    }
    start[10 * 46] = at as u16;
    (sets, start)
};

/// The most sets of digits a layer of [`State::cage_digits_sparse`] may hold.
const SPARSE_SETS: usize = 20_000;

/// The digit sums of the masks of 9 digits, for the hot loops of the cage passes.
static DIGIT_SUMS: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 1;
    while m < 512 {
        t[m] = t[m & (m - 1)] + m.trailing_zeros() as u8 + 1;
        m += 1;
    }
    t
};

/// The number of digits of a mask (digit d as bit d - 1): from a table up to 9 digits, whose
/// load is cheaper than the population count of the baseline x86-64 the engine is built for.
#[inline(always)]
pub(super) fn ones(mask: u32) -> u32 {
    if mask < 512 {
        return ONES[mask as usize] as u32;
    }
    mask.count_ones()
}

/// The number of digits of the masks of 9 digits.
static ONES: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 1;
    while m < 512 {
        t[m] = t[m & (m - 1)] + 1;
        m += 1;
    }
    t
};

/// The sum of the digits of a mask (digit d as bit d - 1).
#[inline]
pub(super) fn digit_sum(mask: u32) -> u32 {
    if mask < 512 {
        return DIGIT_SUMS[mask as usize] as u32;
    }
    let (mut mask, mut s) = (mask, 0);
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
pub(crate) const METER_EVERY: u64 = 1 << 16;

/// The most cells of a cage on grids up to 9x9 (the grids of [`State::scan_cage`]): a cage
/// holds at most n cells (the rules refuse more).
const CAGE_MOST_9: usize = 9;

/// What the cage passes read from a cage's cells in one scan ([`State::scan_cage`]).
struct CageScan {
    /// The candidates of the cells, in the cage's order, and how many cells.
    cand: [u32; CAGE_MOST_9],
    len: usize,
    /// The digits of the cells with one candidate, and whether two such cells share it.
    fixed: u32,
    repeated: bool,
    /// The union of the cells' candidates.
    union: u32,
    /// How many cells are open, the digits and the sum of the placed ones.
    open: u32,
    placed: u32,
    placed_sum: u32,
}

/// The candidates of every cell; assigned cells hold exactly their digit's bit.
#[derive(Clone, Copy)]
pub(super) struct State<const C: usize> {
    pub(super) cand: [u32; C],
    /// Digit (1-based) of each assigned cell; 0 while open.
    pub(super) value: [u8; C],
    pub(super) open: u32,
    /// On grids up to 128 cells, the cells whose candidates changed since propagation last
    /// looked (bit `c` for cell `c`; every cell in a new state, none once propagated to its
    /// end): hidden singles are looked for in their units and their passes woken.
    pub(super) touched: u128,
    /// The cell assigned last: after a contradiction, the cell the propagation placed when it
    /// ran into it (half the conflict's weight in the search's scores).
    pub(super) last: u16,
    /// On grids up to 128 cells (up to [`SPOT_DIGITS`] digits), per digit the cells that still
    /// have it as a candidate (bit `c` for cell `c`), kept with `cand`: the places of a digit in
    /// a set of cells in one AND.
    pub(super) spots: [u128; SPOT_DIGITS],
}

/// The digits of a grid up to 128 cells (11x11 = 121): the length of [`State::spots`].
pub(super) const SPOT_DIGITS: usize = 11;

impl<const C: usize> State<C> {
    /// The state of these candidates and digits with `open` open cells, every cell touched.
    pub(super) fn with_candidates(cand: [u32; C], value: [u8; C], open: u32) -> Self {
        let mut spots = [0u128; SPOT_DIGITS];
        if C <= 128 {
            for (c, &m) in cand.iter().enumerate() {
                let mut m = m;
                while m != 0 {
                    spots[m.trailing_zeros() as usize] |= 1 << c;
                    m &= m - 1;
                }
            }
        }
        State { cand, value, open, touched: !0, last: 0, spots }
    }

    /// `cell` lost the digits `removed` ([`State::spots`]).
    #[inline(always)]
    fn lose(&mut self, cell: usize, mut removed: u32) {
        if C <= 128 {
            while removed != 0 {
                let d = removed.trailing_zeros() as usize;
                removed &= removed - 1;
                self.spots[d] &= !(1u128 << cell);
            }
        }
    }

    /// The state of `cells` with the givens placed, not propagated (their naked singles wait in
    /// `queue`); `None` when two givens conflict.
    pub(super) fn from_cells(lay: &Layout, cells: &[u8], queue: &mut Queue<C>) -> Option<Self> {
        let full = (1u32 << lay.n) - 1;
        let mut s = State::with_candidates([full; C], [0; C], C as u32);
        if !lay.props.unary.is_empty() && !s.restrict_unary(lay, queue) {
            return None;
        }
        for (cell, &v) in cells.iter().enumerate() {
            if v != 0 && s.value[cell] == 0 {
                let bit = 1u32 << (v - 1);
                if s.cand[cell] & bit == 0 || !s.assign(lay, cell, bit, queue) {
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
    pub(super) fn assign(&mut self, lay: &Layout, cell: usize, bit: u32, queue: &mut Queue<C>) -> bool {
        debug_assert!(self.value[cell] == 0 && self.cand[cell] & bit != 0);
        self.lose(cell, self.cand[cell] & !bit);
        self.cand[cell] = bit;
        self.value[cell] = bit.trailing_zeros() as u8 + 1;
        self.open -= 1;
        self.last = cell as u16;
        self.touch(cell);
        if C <= 128 {
            // The peers that hold the digit, from its places: each loses it (or the state
            // fails).
            let d = bit.trailing_zeros() as usize;
            let mut hit = self.spots[d] & lay.peer_sets[cell];
            self.spots[d] &= !lay.peer_sets[cell];
            self.touched |= hit;
            while hit != 0 {
                let p = hit.trailing_zeros() as usize;
                hit &= hit - 1;
                let rest = self.cand[p] & !bit;
                if rest == 0 {
                    return false;
                }
                self.cand[p] = rest;
                if rest & (rest - 1) == 0 {
                    queue.push(p);
                }
            }
            return true;
        }
        for &p in &lay.peers[cell] {
            let p = p as usize;
            let m = self.cand[p];
            if m & bit != 0 {
                let rest = m & !bit;
                if rest == 0 {
                    return false;
                }
                self.cand[p] = rest;
                self.touch(p);
                if rest & (rest - 1) == 0 {
                    queue.push(p);
                }
            }
        }
        true
    }

    /// Marks `cell` changed ([`State::touched`]).
    #[inline(always)]
    fn touch(&mut self, cell: usize) {
        if C <= 128 {
            self.touched |= 1u128 << cell;
        }
    }

    /// Assigns every queued naked single. False on a contradiction.
    #[inline]
    fn drain(&mut self, lay: &Layout, queue: &mut Queue<C>) -> bool {
        while let Some(p) = queue.pop() {
            if self.value[p] == 0 && !self.assign(lay, p, self.cand[p], queue) {
                return false;
            }
        }
        true
    }

    /// The chosen techniques (and the layout's cages, always) until nothing changes. False on a
    /// contradiction (a cell without candidates; with hidden singles, a digit without a place in
    /// a unit; a cage that cannot reach its sum), and when the meter's hook asked to stop
    /// (`meter.stopped`). The passes of cages and constraints run when a cell they watch
    /// changed ([`Awake`]): all of them once, or with `settled` (the candidates this state was
    /// propagated to the end from) those of cells that changed since.
    pub(super) fn propagate(
        &mut self,
        lay: &Layout,
        queue: &mut Queue<C>,
        techniques: Techniques,
        settled: Option<&[u32; C]>,
        meter: &mut Meter,
    ) -> bool {
        let ok = self.propagate_from(lay, queue, techniques, settled, meter);
        if ok {
            self.touched = 0;
        }
        ok
    }

    /// [`State::propagate`], leaving [`State::touched`] as it is.
    #[inline(always)]
    fn propagate_from(
        &mut self,
        lay: &Layout,
        queue: &mut Queue<C>,
        techniques: Techniques,
        settled: Option<&[u32; C]>,
        meter: &mut Meter,
    ) -> bool {
        let full = (1u32 << lay.n) - 1;
        // From a state propagated to its end, the cells touched since are those that changed
        // from it: only their units and passes have work. `pending`: the cells touched since
        // the passes last woke.
        let tracked = settled.is_some() && !lay.unit_sets.is_empty();
        let mut awake = lay.has_passes().then(|| Awake::new(if tracked { None } else { settled }));
        let mut pending = 0u128;
        // The cells touched since the intersections last ran (with `tracked`).
        let mut crossed = 0u128;
        // The cells touched since the pairs of the setters' constraints last ran (with `tracked`).
        let mut paired = 0u128;
        loop {
            if meter.tick(C as u64) {
                return false;
            }
            if techniques.naked_singles {
                if !self.drain(lay, queue) {
                    return false;
                }
            } else {
                queue.len = 0;
            }
            // A filled grid still has its cages' sums to check.
            if self.open == 0 && lay.cages.is_empty() && lay.props.is_empty() {
                return true;
            }
            let mut progress = false;
            let dirty = if tracked {
                let d = std::mem::take(&mut self.touched);
                pending |= d;
                crossed |= d;
                paired |= d;
                d
            } else {
                !0
            };
            let units: &[(_, Vec<u16>)] = if techniques.hidden_singles && self.open != 0 { &lay.units } else { &[] };
            // The units with a changed cell, in order: from the changed cells' units (tracked,
            // up to UNIT_WORDS words of units), else every unit asked.
            let by_cell = tracked && !units.is_empty() && !lay.cell_units.is_empty() && dirty != !0;
            let mut wake: [u64; UNIT_WORDS] =
                if by_cell { union_of_cells(&lay.cell_units, lay.unit_words, dirty) } else { [0; UNIT_WORDS] };
            let (mut word, mut next) = (0, 0);
            let mut next_unit = || -> Option<usize> {
                if by_cell {
                    return take_lowest(&mut wake, &mut word);
                }
                while next < units.len() {
                    let k = next;
                    next += 1;
                    if !tracked || lay.unit_sets[k] & dirty != 0 {
                        return Some(k);
                    }
                }
                None
            };
            while let Some(k) = next_unit() {
                let unit = &units[k].1;
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
                    if self.value[c] == 0 && !self.assign(lay, c, bit, queue) {
                        return false;
                    }
                }
                if techniques.naked_singles && !self.drain(lay, queue) {
                    return false;
                }
                progress = true;
            }
            if progress {
                continue;
            }
            if let Some(awake) = awake.as_mut() {
                if tracked {
                    awake.wake_cells(lay, std::mem::take(&mut pending) | self.touched);
                } else {
                    awake.wake(lay, &self.cand);
                }
            }
            if let (false, Some(awake)) = (lay.cages.is_empty(), awake.as_mut()) {
                // The awake cages and innie sets, in order.
                let (cages, all) = (lay.cages.len(), lay.cages.len() + lay.innies.len());
                let mut from = 0;
                while let Some(k) = awake.take_next(from, all) {
                    from = k + 1;
                    let (sum, cells) = if k < cages { &lay.cages[k] } else { &lay.innies[k - cages] };
                    let (seers, complement) = (&lay.cage_seers[k], &lay.cage_complements[k]);
                    let f = crate::variant::constraints::fingerprint(
                        cells.iter().chain(seers).map(|&c| self.cand[c as usize]),
                    );
                    if lay.memo.settled(k, f) {
                        continue;
                    }
                    let inside = lay.cage_sets.get(k).copied().unwrap_or(0);
                    match self.narrow_cage(lay, cells, inside, *sum, seers, complement, false, queue, meter) {
                        None => return false,
                        Some(true) => progress = true,
                        Some(false) => lay.memo.record(k, f),
                    }
                }
                if progress {
                    continue;
                }
            }
            if let (false, Some(awake)) = (lay.props.is_empty(), awake.as_mut()) {
                let dirty = if tracked { std::mem::take(&mut paired) | self.touched } else { !0 };
                match self.narrow_props(lay, queue, awake, dirty, meter) {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => {}
                }
            }
            if !techniques.locked_candidates || self.open == 0 {
                return true;
            }
            let changed = if lay.classic {
                self.locked_candidates(lay, queue)
            } else if tracked {
                self.intersections(lay, std::mem::take(&mut crossed) | self.touched, queue)
            } else {
                self.intersections(lay, !0, queue)
            };
            match changed {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Locked candidates of a classic layout, in rows and columns alike: a digit whose places in a
    /// box lie on one line leaves the rest of that line (pointing), and a digit whose places on a
    /// line lie in one box leaves the rest of that box (claiming). `Some(true)` when a candidate
    /// was removed, `None` on a contradiction.
    fn locked_candidates(&mut self, lay: &Layout, queue: &mut Queue<C>) -> Option<bool> {
        let n = lay.n;
        let b = match n {
            4 => 2,
            9 => 3,
            16 => 4,
            _ => 5,
        };
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

    /// Locked candidates of any layout, over its list of unit intersections: a digit of one unit
    /// whose places there all lie in the cells it shares with another leaves the rest of the
    /// other. Only the intersections with a cell of `dirty` (the cells changed since the
    /// intersections last ran, bit `c` for cell `c`, on grids up to 128 cells; all of them past
    /// that): the others found nothing when they last ran and their cells are as they were.
    /// What this run removes wakes its intersections for the next round, after the singles,
    /// cages and sums it feeds (taking them in the same run instead: The Barbed Cross 1.29 times
    /// the search nodes, the rest of sigh's examples within 9% either way, the same in sum).
    /// `Some(true)` when a candidate was removed, `None` on a contradiction.
    fn intersections(&mut self, lay: &Layout, dirty: u128, queue: &mut Queue<C>) -> Option<bool> {
        let mut changed = false;
        if !lay.cell_crossings.is_empty() && dirty != !0 {
            // The intersections of the changed cells, from each cell's, in their order.
            let mut wake: [u64; CROSSING_WORDS] = union_of_cells(&lay.cell_crossings, lay.crossing_words, dirty);
            let mut word = 0;
            while let Some(k) = take_lowest(&mut wake, &mut word) {
                changed |= self.intersection(&lay.intersections[k], queue)?;
            }
            return Some(changed);
        }
        for (k, crossing) in lay.intersections.iter().enumerate() {
            if lay.intersection_sets.get(k).is_some_and(|&set| set & dirty == 0) {
                continue;
            }
            changed |= self.intersection(crossing, queue)?;
        }
        Some(changed)
    }

    /// The locked candidates of one intersection (its shared cells, the first unit's others,
    /// the second's) of [`State::intersections`].
    #[inline(always)]
    fn intersection(&mut self, (shared, a, b): &(Vec<u16>, Vec<u16>, Vec<u16>), queue: &mut Queue<C>) -> Option<bool> {
        let or = |cells: &[u16]| cells.iter().fold(0u32, |m, &c| m | self.cand[c as usize]);
        let (s, in_a, in_b) = (or(shared), or(a), or(b));
        let mut changed = false;
        for (locked, other) in [(s & !in_a & in_b, b), (s & !in_b & in_a, a)] {
            if locked == 0 {
                continue;
            }
            for &c in other {
                changed |= self.eliminate(c as usize, locked, queue)?;
            }
        }
        Some(changed)
    }

    /// Crook's preemptive sets in every unit: their digits leave the unit's other open cells.
    /// `Some(true)` when a candidate was removed, `None` on a contradiction.
    pub(super) fn preemptive_sets(
        &mut self,
        lay: &Layout,
        queue: &mut Queue<C>,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<Option<bool>, super::Interrupted> {
        let mut changed = false;
        let mut open = [0u16; 25];
        let mut masks = [0u32; 25];
        for (_, unit) in &lay.units {
            let mut k = 0;
            for &c in unit {
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
    pub(super) fn eliminate(&mut self, cell: usize, digits: u32, queue: &mut Queue<C>) -> Option<bool> {
        let m = self.cand[cell];
        if m & digits == 0 {
            return Some(false);
        }
        let rest = m & !digits;
        if rest == 0 {
            return None;
        }
        self.lose(cell, m & digits);
        self.cand[cell] = rest;
        self.touch(cell);
        if rest & (rest - 1) == 0 && self.value[cell] == 0 {
            queue.push(cell);
        }
        Some(true)
    }

    /// Keeps in each cell of a cage the digits that some assignment of distinct digits with the
    /// cage's sum, each from its cell's candidates, puts there (`exact`; else, on up to 9
    /// digits, the search's cheaper [`State::cage_digits_combos`]). Without `exact`, the digits
    /// every such set holds leave the cells that see all their places in the cage
    /// ([`State::exclude_required`]; past 128 cells, `seers`, the cells that see the whole cage);
    /// with it the cage's own cells alone change. `None` when there is no such assignment, else
    /// whether a candidate was removed. `inside`: the cells as a set ([`Layout::cage_sets`]), or
    /// 0 to make it from `cells` when needed.
    pub(super) fn narrow_cage(
        &mut self,
        lay: &Layout,
        cells: &[u16],
        inside: u128,
        sum: u32,
        seers: &[u16],
        complement: &[u16],
        exact: bool,
        queue: &mut Queue<C>,
        meter: &mut Meter,
    ) -> Option<bool> {
        if C <= 81 && !exact && cells.len() <= CAGE_MOST_9 {
            return self.narrow_cage_combos(lay, cells, inside, sum, seers, complement, queue);
        }
        if cells.iter().all(|&c| self.value[c as usize] != 0) {
            return (cells.iter().map(|&c| self.value[c as usize] as u32).sum::<u32>() == sum).then_some(false);
        }
        let (allowed, required) = if C <= 81 {
            self.cage_digits_dense(cells, sum, meter)?
        } else {
            self.cage_digits_sparse(cells, sum, meter)?
        };
        let mut changed = self.keep_cage(lay, cells, seers, &allowed[..cells.len()], required, queue)?;
        if required != 0 && !exact {
            changed |= self.exclude_required(lay, cells, required, queue)?;
        }
        Some(changed)
    }

    /// The cage's cells keep the digits `allowed` (per cell, in the cage's order). Digits every
    /// set with the sum holds (`required`) are the cage's: past 128 cells, the cells that see
    /// the whole cage (`seers`) lose them here (up to 128, the finer pass after the cage's cells
    /// narrowed, [`State::exclude_required`]). `None` on a contradiction, else whether a
    /// candidate was removed.
    #[inline(always)]
    fn keep_cage(
        &mut self,
        lay: &Layout,
        cells: &[u16],
        seers: &[u16],
        allowed: &[u32],
        required: u32,
        queue: &mut Queue<C>,
    ) -> Option<bool> {
        let mut changed = false;
        if lay.peer_sets.is_empty() && required != 0 {
            for &c in seers {
                changed |= self.eliminate(c as usize, required, queue)?;
            }
        }
        for (i, &c) in cells.iter().enumerate() {
            let c = c as usize;
            if allowed[i] != self.cand[c] {
                self.lose(c, self.cand[c] & !allowed[i]);
                self.cand[c] = allowed[i];
                self.touch(c);
                changed = true;
                if allowed[i] & (allowed[i] - 1) == 0 && self.value[c] == 0 {
                    queue.push(c);
                }
            }
        }
        Some(changed)
    }

    /// [`State::narrow_cage`] without `exact` on grids up to 9x9: the digits of
    /// [`State::cage_digits_combos`], from one scan of the cage's cells that also gives
    /// [`State::exclude_required`] what it needs but the cells' set (`inside`, or 0: made here).
    fn narrow_cage_combos(
        &mut self,
        lay: &Layout,
        cells: &[u16],
        inside: u128,
        sum: u32,
        seers: &[u16],
        complement: &[u16],
        queue: &mut Queue<C>,
    ) -> Option<bool> {
        let mut scan = self.scan_cage(cells);
        if scan.open == 0 {
            return (scan.placed_sum == sum).then_some(false);
        }
        let required = self.cage_digits_combos(&mut scan, sum, complement)?;
        let mut changed = self.keep_cage(lay, cells, seers, &scan.cand[..scan.len], required, queue)?;
        if required != 0 {
            let inside = if inside != 0 { inside } else { cell_set(cells) };
            changed |= self.exclude_required_in(lay, inside, scan.placed, required, queue)?;
        }
        Some(changed)
    }

    /// One pass over a cage's cells (up to 9, on grids up to 9x9: [`State::narrow_cage`] sends
    /// no more) for the cage passes.
    #[inline(always)]
    fn scan_cage(&self, cells: &[u16]) -> CageScan {
        let cells = &cells[..cells.len().min(CAGE_MOST_9)];
        let mut scan = CageScan {
            cand: [0; CAGE_MOST_9],
            len: cells.len(),
            fixed: 0,
            repeated: false,
            union: 0,
            open: 0,
            placed: 0,
            placed_sum: 0,
        };
        for (i, &c) in cells.iter().enumerate() {
            let m = self.cand[c as usize];
            scan.cand[i] = m;
            scan.union |= m;
            if m & (m - 1) == 0 {
                scan.repeated |= scan.fixed & m != 0;
                scan.fixed |= m;
            }
            let v = self.value[c as usize];
            if v != 0 {
                scan.placed |= m;
                scan.placed_sum += v as u32;
            } else {
                scan.open += 1;
            }
        }
        scan
    }

    /// Digits `required` that `cells` must hold: each leaves every cell that sees all its
    /// places left among them (sigh's solver's required-value exclusions; with one place it
    /// leaves that place's peers, as once placed). Needs [`Layout::peer_sets`] (else nothing).
    /// `None` when a required digit has no place, else whether a candidate was removed.
    pub(super) fn exclude_required(
        &mut self,
        lay: &Layout,
        cells: &[u16],
        required: u32,
        queue: &mut Queue<C>,
    ) -> Option<bool> {
        if lay.peer_sets.is_empty() || C > 128 {
            return Some(false);
        }
        // A digit placed among the cells left their peers.
        let placed = cells.iter().filter(|&&c| self.value[c as usize] != 0).fold(0, |m, &c| m | self.cand[c as usize]);
        self.exclude_required_in(lay, cell_set(cells), placed, required, queue)
    }

    /// [`State::exclude_required`] for the cells `inside` (bit `c` for cell `c`), whose placed
    /// cells hold the digits `placed`: a digit not placed there has its places among the open
    /// cells (a placed cell keeps only its digit).
    #[inline]
    fn exclude_required_in(
        &mut self,
        lay: &Layout,
        inside: u128,
        placed: u32,
        required: u32,
        queue: &mut Queue<C>,
    ) -> Option<bool> {
        if lay.peer_sets.is_empty() || C > 128 {
            return Some(false);
        }
        let mut changed = false;
        let mut rest = required & !placed;
        while rest != 0 {
            let d = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mut places = self.spots[d] & inside;
            if places == 0 {
                return None;
            }
            // The cells themselves see every place but are not places: nothing to take there.
            let mut seen = self.spots[d] & !inside;
            while places != 0 && seen != 0 {
                seen &= lay.peer_sets[places.trailing_zeros() as usize];
                places &= places - 1;
            }
            while seen != 0 {
                let p = seen.trailing_zeros() as usize;
                seen &= seen - 1;
                changed |= self.eliminate(p, 1 << d, queue)?;
            }
        }
        Some(changed)
    }

    /// [`State::narrow_cage`]'s digits per cell for up to 9 digits from the table of the sets of
    /// distinct digits with a sum (the killer combinations, as sigh's solver narrows a cage):
    /// the cells with one candidate fix their digits; the sets of the rest's size with the
    /// rest of the sum, drawn from the union of the other cells' candidates, keep their digits
    /// there; a digit of every such set with one place left goes there. Weaker than the exact
    /// pass (a set is kept whose digits the cells cannot take one each), but a few table lookups
    /// where the exact pass walks hundreds of partial sets; more search nodes, each much cheaper
    /// (count to 2 of TAREK_ALL, one core: 17.8 s with the exact pass, 7.3 s with this). Sets
    /// are not checked against each cell (that each open cell holds one of their digits): as
    /// many nodes within 4% on MATHEMAGIC 1-4, TAREK_ALL and the examples, 0.87-0.95 of the
    /// time. With at most one cell open, the exact digits: the rest of the sum in the open cell.
    /// From the scan of the cage's cells ([`State::scan_cage`]), whose candidates it narrows in
    /// place (`scan.cand`); returns the digits every set holds.
    #[inline(always)]
    fn cage_digits_combos(&self, scan: &mut CageScan, sum: u32, complement: &[u16]) -> Option<u32> {
        if scan.repeated {
            return None;
        }
        let (allowed, fixed, union) = (&mut scan.cand, scan.fixed, scan.union);
        let k = scan.len;
        let open = k - ones(fixed) as usize;
        let rest = sum.checked_sub(digit_sum(fixed))?;
        if open <= 1 {
            // What the exact pass ([`State::cage_digits_dense`]) leaves, with one digit left to
            // choose: the rest of the sum, in the open cell, not among the fixed digits.
            if open == 0 {
                return (rest == 0).then_some(fixed);
            }
            let bit = if (1..=9).contains(&rest) { 1u32 << (rest - 1) } else { 0 };
            let m = allowed[..k].iter_mut().find(|m| **m & (**m - 1) != 0)?;
            *m &= bit & !fixed;
            return (*m != 0).then_some(fixed | bit);
        }
        let free = union & !fixed;
        // The house's digits the complement cells cannot take: the cage must hold them.
        let needed = if complement.is_empty() {
            0
        } else {
            // This pass runs on grids up to 9x9: C is n * n.
            let all = (1u32 << C.isqrt()) - 1;
            all & !complement.iter().fold(0, |m, &c| m | self.cand[c as usize])
        };
        // The sets drawn from the free digits that, with the fixed digits, hold every digit the
        // rest of the house cannot (sigh's solver's filter: by the union of the candidates, not
        // cell by cell).
        let (mut possible, mut required) = (0u32, free);
        let (outside, needed) = (!free, needed & !fixed);
        for &set in killer_sets(open, rest) {
            // Without a branch: a set is taken or not as data decides.
            let set = set as u32;
            let take = ((set & outside | needed & !set == 0) as u32).wrapping_neg();
            possible |= set & take;
            required &= set | !take;
        }
        if possible == 0 {
            return None;
        }
        // The open cells keep the digits of those sets.
        let (mut once, mut twice) = (0u32, 0u32);
        for m in allowed[..k].iter_mut() {
            if *m & (*m - 1) != 0 {
                *m &= possible;
                if *m == 0 {
                    return None;
                }
                twice |= once & *m;
                once |= *m;
            }
        }
        // A digit every set holds, with one place left among the open cells, goes there.
        let hidden = required & !twice;
        if hidden != 0 {
            for m in allowed[..k].iter_mut() {
                let h = *m & hidden;
                if h != 0 && *m & (*m - 1) != 0 {
                    if h & (h - 1) != 0 {
                        return None;
                    }
                    *m = h;
                }
            }
        }
        Some(required | fixed)
    }

    /// [`State::narrow_cage`]'s digits per cell for up to 9 digits: the sets of digits the
    /// first i cells can hold, as bitsets over the 512 sets, forward; then backward, the sets
    /// that lead to a set with the sum, and the digits that do.
    fn cage_digits_dense(&self, cells: &[u16], sum: u32, meter: &mut Meter) -> Option<([u32; 25], u32)> {
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
        let mut required = !0u32;
        for (w, &word) in good.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                required &= (w * 64 + bits.trailing_zeros() as usize) as u32;
                bits &= bits - 1;
            }
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
        Some((allowed, required))
    }

    /// [`State::cage_digits_dense`] for any number of digits, the sets kept in sorted vectors. A
    /// layer of more than [`SPARSE_SETS`] sets (a long cage on 16x16 or 25x25 with most digits
    /// still open) ends the pass without narrowing: the cells keep their candidates, so time and
    /// memory stay bounded.
    fn cage_digits_sparse(&self, cells: &[u16], sum: u32, meter: &mut Meter) -> Option<([u32; 25], u32)> {
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
                return Some((unchanged, 0));
            }
            layers.push(next);
        }
        let mut good: Vec<u32> = layers[k].iter().copied().filter(|&u| digit_sum(u) == sum).collect();
        if good.is_empty() {
            return None;
        }
        let required = good.iter().fold(!0u32, |m, &u| m & u);
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
        Some((allowed, required))
    }

    /// The open cell of the highest (score + 1, plus `bonus` when it holds `digit`) per
    /// candidate (the first such); the state must have an open cell.
    pub(super) fn pick_scored(&self, scores: &[u32], (digit, bonus): (u32, u32)) -> usize {
        let (mut best, mut best_score, mut best_count) = (0, 0u64, 1u64);
        for c in 0..C {
            if self.value[c] == 0 {
                let extra = if self.cand[c] & digit != 0 { bonus } else { 0 };
                let (score, count) = (scores[c] as u64 + 1 + extra as u64, ones(self.cand[c]) as u64);
                if score * best_count > best_score * count {
                    (best, best_score, best_count) = (c, score, count);
                }
            }
        }
        best
    }

    /// A digit with exactly two places left in a unit where it is not placed yet: the two
    /// cells (the one of the higher conflict score first), the digit (0-based) and that score,
    /// of the highest such score at least `need` (the last such in the layout's order of units
    /// and digits, as sigh's solver replaces its pick on a tie). On grids up to 128 cells the
    /// two places come from the digit's cell set ([`State::spots`]), the lower cell first on
    /// equal scores, and a unit's places are looked up only when one of its cells scores as
    /// high as the pick so far.
    pub(super) fn two_places(&self, lay: &Layout, scores: &[u32], need: u64) -> Option<(u16, u16, u8, u64)> {
        let mut best: Option<(u16, u16, u8, u64)> = None;
        let mut floor = need;
        let by_set = C <= 128 && lay.unit_sets.len() == lay.units.len();
        for (k, (_, unit)) in lay.units.iter().enumerate() {
            let (mut once, mut twice, mut more, mut placed, mut top) = (0u32, 0u32, 0u32, 0u32, 0u32);
            for &c in unit {
                let m = self.cand[c as usize];
                if self.value[c as usize] != 0 {
                    placed |= m;
                    continue;
                }
                top = top.max(scores[c as usize]);
                more |= twice & m;
                twice |= once & m;
                once |= m;
            }
            if (top as u64) < floor {
                continue;
            }
            let mut two = twice & !more & !placed;
            while two != 0 {
                let d = two.trailing_zeros();
                two &= two - 1;
                let (mut a, mut b) = if by_set {
                    let cells = self.spots[d as usize] & lay.unit_sets[k];
                    (cells.trailing_zeros() as u16, (cells & (cells - 1)).trailing_zeros() as u16)
                } else {
                    let mut cells =
                        unit.iter().filter(|&&c| self.value[c as usize] == 0 && self.cand[c as usize] >> d & 1 != 0);
                    (*cells.next()?, *cells.next()?)
                };
                if scores[b as usize] > scores[a as usize] {
                    (a, b) = (b, a);
                }
                let score = scores[a as usize] as u64;
                if score >= floor {
                    best = Some((a, b, d as u8, score));
                    floor = score;
                }
            }
        }
        best
    }

    /// The open cell to branch on; the state must have an open cell. `first_open`: the first in
    /// row-major order; otherwise the one with the fewest candidates (the first such).
    #[inline]
    pub(super) fn pick(&self, first_open: bool) -> usize {
        if first_open {
            return self.value.iter().position(|&v| v == 0).unwrap_or(0);
        }
        let (mut best, mut best_count) = (0, u32::MAX);
        for c in 0..C {
            if self.value[c] == 0 {
                let k = ones(self.cand[c]);
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

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// With at most one open cell, the cages' combinations pass leaves what the exact pass
    /// ([`State::cage_digits_dense`]) leaves, and fails where it fails: on the cages of sigh's
    /// published setters' puzzles (data/constraints), each cell fixed to its published solution's
    /// digit or, one time in five, to another digit, and one cell (or none) open with random
    /// candidates.
    #[test]
    fn one_open_cell_narrows_as_the_exact_pass() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(50);
        let (mut cages, mut narrowed, mut failed) = (0, 0, 0);
        for (name, lay, solution) in super::super::published_9x9() {
            for (k, (sum, cells)) in lay.cages.iter().chain(&lay.innies).enumerate() {
                for _ in 0..20 {
                    let open = (rng.next_u32() as usize) % (cells.len() + 1);
                    let mut cand: [u32; 81] = std::array::from_fn(|c| solution[c]);
                    for (i, &c) in cells.iter().enumerate() {
                        let c = c as usize;
                        if i == open {
                            cand[c] |= rng.next_u32() % 512;
                        } else if rng.next_u32() % 5 == 0 {
                            cand[c] = 1 << rng.next_u32() % 9;
                        }
                    }
                    let state = State::<81>::with_candidates(cand, [0; 81], 81);
                    let mut uninterrupted = super::super::never;
                    let mut meter = Meter::new(&mut uninterrupted, METER_EVERY);
                    let exact = state.cage_digits_dense(cells, *sum, &mut meter);
                    let mut scan = state.scan_cage(cells);
                    let combos =
                        state.cage_digits_combos(&mut scan, *sum, &lay.cage_complements[k]).map(|r| (scan.cand, r));
                    match (exact, combos) {
                        (Some((a, ra)), Some((b, rb))) => {
                            assert_eq!((&a[..cells.len()], ra), (&b[..cells.len()], rb), "{} cage {k}", name);
                            narrowed += (a[..cells.len()] != cand_of(&cand, cells)[..]) as usize;
                        }
                        (None, None) => failed += 1,
                        (a, b) => panic!("{} cage {k}: exact {a:?}, combinations {b:?}", name),
                    }
                    cages += 1;
                }
            }
        }
        assert!(cages > 1000 && narrowed > cages / 10 && failed > cages / 10, "{cages} {narrowed} {failed}");
    }

    fn cand_of(cand: &[u32; 81], cells: &[u16]) -> Vec<u32> {
        cells.iter().map(|&c| cand[c as usize]).collect()
    }
}
