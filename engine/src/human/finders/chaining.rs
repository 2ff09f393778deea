//! Forcing chains as Sudoku Explainer searches and rates them: implications between candidates
//! ("potentials"), each either on (the cell holds the digit) or off.
//!
//! - An **on** candidate turns off the cell's other candidates (a Y-link, not in X-chains) and
//!   the digit's other places in its box, row and column.
//! - An **off** candidate turns on the cell's other candidate if it had two (Y), and the digit's
//!   other place in a box, row or column that had two (X).
//!
//! In a *dynamic* search each off candidate is also struck from a working copy of the grid, so
//! later links see the grid as the assumption leaves it, and a link then rests on the
//! candidates struck before it (its hidden parents). The difficulty of a chain is its kind's
//! base plus an increment for its length: the number of distinct candidates it rests on.
//!
//! The searches, in the order tried: cycles and forcing chains with X-links only, with Y-links
//! only (cycles), with both (6.5 / 6.6 / 7.0 +); Nishio (7.5 +, one digit, dynamic,
//! contradiction); multiple forcing chains (8.0 +, static: every candidate of a cell, or every
//! place of a digit in a region, leads to the same conclusion); dynamic forcing chains (8.5 +:
//! contradiction, double implication, cell and region forcing chains, all dynamic). Each search
//! gathers every chain it finds and takes the easiest (difficulty, then length, then kind).

use super::basics::{fish_removals, fishes, hidden_sets, locked_sets, naked_sets, CLAIMING, POINTING};
use super::board::{bit, cells, count, digits, region_cells, Board, Cells, ALL_DIGITS, BOX, COL, ROW, T};
use super::{Ix, Mask, N, NC};
use super::{Candidate, Ctx, SeError, SeStep, Technique};

use std::ops::ControlFlow;

const NONE: u32 = u32::MAX;

/// A first-in first-out queue of nodes, its buffer reused.
#[derive(Default)]
struct Fifo {
    items: Vec<u32>,
    head: usize,
}

impl Fifo {
    fn clear(&mut self) {
        self.items.clear();
        self.head = 0;
    }

    fn push_back(&mut self, n: u32) {
        self.items.push(n);
    }

    fn pop_front(&mut self) -> Option<u32> {
        let n = self.items.get(self.head).copied()?;
        self.head += 1;
        Some(n)
    }

    fn is_empty(&self) -> bool {
        self.head == self.items.len()
    }
}

/// A candidate of a cell: `cell * N + digit - 1`.
fn cand(c: usize, d: u8) -> usize {
    c * N + d as usize - 1
}

/// Why a node holds: the rule that made an on node (a cell with one candidate left, a region
/// with one place left) or an off node (a pattern inside the chain: [`Search::advanced`]).
const BY_CELL: u8 = 1;
const BY_REGION: u8 = 2; // + the region type
const BY_PATTERN: u8 = 5;

#[derive(Clone, Copy)]
struct Node {
    cell: Ix,
    digit: u8,
    on: bool,
    /// 0 (an assumption, or an off node an on node made), [`BY_CELL`], [`BY_REGION`] + type or
    /// [`BY_PATTERN`].
    cause: u8,
    /// For an off node a nested chain made: its entry in `Chain::nested`, else `NONE`.
    nested: u32,
    /// 1 for an assumption, its first parent's plus 1 otherwise.
    depth: u16,
    /// The first parent (when `len` > 0); the others follow it in `Chain::parents` from
    /// `first` when there are more.
    p0: u32,
    first: u32,
    len: u32,
}

/// The implications of one assumption: the nodes made, and which on and off candidates they
/// reached (first node each, in the order reached).
struct Chain {
    nodes: Vec<Node>,
    parents: Vec<u32>,
    on: Vec<u32>,
    off: Vec<u32>,
    on_list: Vec<u32>,
    off_list: Vec<u32>,
    /// The on and off candidates reached, as bit sets.
    on_bits: Bits,
    off_bits: Bits,
    /// The nested chains the off nodes of patterns rest on: (fingerprint, complexity).
    nested: Vec<(u64, u32)>,
}

impl Chain {
    fn new() -> Chain {
        Chain {
            nodes: Vec::with_capacity(256),
            parents: Vec::with_capacity(512),
            on: vec![NONE; NC * N],
            off: vec![NONE; NC * N],
            on_list: Vec::with_capacity(128),
            off_list: Vec::with_capacity(256),
            on_bits: [0; BITS],
            off_bits: [0; BITS],
            nested: Vec::new(),
        }
    }

    /// Empties the chain. The node entries of `on` and `off` stay: only those of the candidates
    /// in `on_bits` and `off_bits` are read.
    fn clear(&mut self) {
        self.nodes.clear();
        self.parents.clear();
        self.on_list.clear();
        self.off_list.clear();
        self.on_bits = [0; BITS];
        self.off_bits = [0; BITS];
        self.nested.clear();
    }

    fn node(&mut self, c: usize, d: u8, on: bool, parents: &[u32]) -> u32 {
        let first = self.parents.len() as u32;
        if parents.len() > 1 {
            self.parents.extend_from_slice(parents);
        }
        let p0 = parents.first().copied().unwrap_or(NONE);
        let depth = if p0 == NONE { 1 } else { self.nodes[p0 as usize].depth + 1 };
        self.nodes.push(Node {
            cell: c as Ix,
            digit: d,
            on,
            cause: 0,
            nested: NONE,
            depth,
            p0,
            first,
            len: parents.len() as u32,
        });
        self.nodes.len() as u32 - 1
    }

    fn insert(&mut self, n: u32) {
        let nd = self.nodes[n as usize];
        let k = cand(nd.cell as usize, nd.digit);
        if nd.on {
            self.on[k] = n;
            self.on_list.push(n);
            self.on_bits[k / 64] |= 1 << (k % 64);
        } else {
            self.off[k] = n;
            self.off_list.push(n);
            self.off_bits[k / 64] |= 1 << (k % 64);
        }
    }

    /// The first node of candidate (c, d) on or off, or `NONE`.
    #[inline]
    fn get(&self, c: usize, d: u8, on: bool) -> u32 {
        let k = cand(c, d);
        let (bits, first) = if on { (&self.on_bits, &self.on) } else { (&self.off_bits, &self.off) };
        if bits[k / 64] >> (k % 64) & 1 != 0 {
            first[k]
        } else {
            NONE
        }
    }

    /// The links from the assumption to node `n` along first parents, in order, added to `out`.
    fn links_to(&self, n: u32, out: &mut Vec<(Candidate, Candidate)>) {
        let start = out.len();
        let of = |nd: &Node| (nd.cell as usize, nd.digit, nd.on);
        let mut p = n;
        while self.nodes[p as usize].len > 0 {
            let nd = &self.nodes[p as usize];
            out.push((of(&self.nodes[nd.p0 as usize]), of(nd)));
            p = nd.p0;
        }
        out[start..].reverse();
    }

    fn parents_of(&self, n: u32) -> &[u32] {
        let nd = &self.nodes[n as usize];
        match nd.len {
            0 => &[],
            1 => std::slice::from_ref(&nd.p0),
            len => &self.parents[nd.first as usize..(nd.first + len) as usize],
        }
    }

    /// The number of distinct candidates (on or off) `n` rests on, itself included, walked
    /// breadth first; a candidate met twice is followed the first time only.
    fn ancestors(&self, n: u32, seen: &mut Seen) -> u32 {
        seen.next_round();
        let (mut todo, mut next) = (std::mem::take(&mut seen.todo), std::mem::take(&mut seen.next));
        todo.clear();
        todo.push(n);
        let mut total = 0;
        while !todo.is_empty() {
            next.clear();
            for &p in &todo {
                let nd = &self.nodes[p as usize];
                let key = cand(nd.cell as usize, nd.digit) * 2 + nd.on as usize;
                if seen.mark(key) {
                    total += 1;
                    if nd.nested != NONE {
                        seen.nested.push(self.nested[nd.nested as usize]);
                    }
                    next.extend_from_slice(self.parents_of(p));
                }
            }
            std::mem::swap(&mut todo, &mut next);
        }
        seen.todo = todo;
        seen.next = next;
        total
    }

    /// Whether candidate (c, d, on) is an ancestor of `n` along first parents.
    fn is_parent(&self, n: u32, c: usize, d: u8, on: bool) -> bool {
        let mut p = n;
        while self.nodes[p as usize].len > 0 {
            p = self.nodes[p as usize].p0;
            let nd = &self.nodes[p as usize];
            if nd.cell as usize == c && nd.digit == d && nd.on == on {
                return true;
            }
        }
        false
    }
}

/// A set of candidates (`cand`), as bits.
const BITS: usize = (NC * N).div_ceil(64);
type Bits = [u64; BITS];

/// The implications of a candidate assumed on, and the contradiction they reached.
type OnChain = (Box<Chain>, Option<(u32, u32)>);

/// The [`OnChain`]s of one search, by candidate.
type OnCache = Vec<Option<OnChain>>;

/// A visited set over the on/off candidates (`2 * NC * N`), cleared in O(1).
struct Seen {
    stamp: Vec<u32>,
    now: u32,
    todo: Vec<u32>,
    next: Vec<u32>,
    /// The nested chains met by [`Chain::ancestors`] since [`Seen::nested_complexity`] last
    /// emptied it.
    nested: Vec<(u64, u32)>,
}

impl Default for Seen {
    fn default() -> Seen {
        Seen::new()
    }
}

impl Seen {
    fn new() -> Seen {
        Seen { stamp: vec![0; 2 * NC * N], now: 0, todo: Vec::new(), next: Vec::new(), nested: Vec::new() }
    }



    /// The complexity of the distinct nested chains met (a chain met by several branches
    /// counts once), emptying the list.
    fn nested_complexity(&mut self) -> u32 {
        if self.nested.is_empty() {
            return 0;
        }
        self.nested.sort_unstable();
        self.nested.dedup_by_key(|n| n.0);
        let total = self.nested.iter().map(|n| n.1).sum();
        self.nested.clear();
        total
    }

    fn next_round(&mut self) {
        if self.now == u32::MAX {
            self.stamp.fill(0);
            self.now = 0;
        }
        self.now += 1;
    }

    /// Marks `k`; whether it was unmarked.
    fn mark(&mut self, k: usize) -> bool {
        if self.stamp[k] == self.now {
            false
        } else {
            self.stamp[k] = self.now;
            true
        }
    }
}

/// A working copy of the grid's candidates, with the cells of each digit.
#[derive(Clone, Copy)]
struct Work {
    cand: [Mask; NC],
    dcells: [Cells; N],
}

impl Work {
    fn of(b: &Board) -> Work {
        Work { cand: b.cand, dcells: b.dcells }
    }

    fn strike(&mut self, c: usize, d: u8) {
        self.cand[c] &= !bit(d);
        self.dcells[d as usize - 1] = self.dcells[d as usize - 1].without(c);
    }
}

/// What an on candidate turns off, each passed to `f` in order until it breaks: with `y`, the
/// cell's other candidates; then the digit's other places in its box, in its row outside the
/// box, in its column outside the box.
#[inline(always)]
fn on_to_off<B>(grid: &Work, c: usize, d: u8, y: bool, mut f: impl FnMut(usize, u8) -> ControlFlow<B>) -> ControlFlow<B> {
    if y {
        for v in digits(grid.cand[c] & !bit(d)) {
            f(c, v)?;
        }
    }
    let places = grid.dcells[d as usize - 1].without(c);
    let bx = T.region_set[BOX][T.of[c][BOX] as usize];
    for set in [
        places & bx,
        places & T.region_set[ROW][T.of[c][ROW] as usize] & !bx,
        places & T.region_set[COL][T.of[c][COL] as usize] & !bx,
    ] {
        for o in cells(set) {
            f(o, d)?;
        }
    }
    ControlFlow::Continue(())
}

/// A candidate an off candidate turns on, and by which rule: the cell's (`region`
/// [`NO_REGION`]) or a region's (`region` = its type).
#[derive(Clone, Copy, Default)]
struct On {
    cell: usize,
    digit: u8,
    region: u8,
}

/// What off candidate (c, d) turns on, each passed to `f` in order until it breaks: with `y`,
/// the cell's other candidate if it has two; with `x`, the digit's other place in a box, a row
/// or a column that has two. At most four. The same whether or not `grid` has (c, d) struck
/// already. (Passed one by one rather than returned as an array: the array, written field by
/// field and read back whole, stalled each read on the writes.)
#[inline(always)]
fn off_to_on<B>(grid: &Work, c: usize, d: u8, y: bool, x: bool, mut f: impl FnMut(On) -> ControlFlow<B>) -> ControlFlow<B> {
    // The cell's other candidates, one only (a bit trick: no popcount instruction here).
    let rest = grid.cand[c] & !bit(d);
    if y && rest != 0 && rest & rest.wrapping_sub(1) == 0 {
        f(On { cell: c, digit: rest.trailing_zeros() as u8 + 1, region: NO_REGION })?;
    }
    if x {
        let places = grid.dcells[d as usize - 1].without(c);
        for t in [BOX, ROW, COL] {
            let others = places & T.region_set[t][T.of[c][t] as usize];
            if others.is_single() {
                f(On { cell: others.first(), digit: d, region: t as u8 })?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The links of a grid that stays as it is (a static search), computed once for its many
/// searches: what each candidate turns off when on and on when off, with Y- and X-links.
struct Links {
    /// By candidate: the range of `offs` it turns off, and how many of those are the cell's
    /// other candidates (first, as [`on_to_off`] lists them).
    off_range: Vec<(u32, u16, u16)>,
    offs: Vec<(Ix, u8)>,
    /// By candidate: the range of `ons` it turns on, as [`off_to_on`] lists them: (cell,
    /// digit, region type or `NO_REGION`).
    on_range: Vec<(u32, u8)>,
    ons: Vec<(Ix, u8, u8)>,
}

const NO_REGION: u8 = u8::MAX;

impl Links {
    /// The links of `grid`, in the buffers of `reuse` if given.
    fn of(grid: &Work, reuse: Option<Box<Links>>) -> Box<Links> {
        let mut l = reuse.unwrap_or_else(|| {
            Box::new(Links { off_range: Vec::new(), offs: Vec::new(), on_range: Vec::new(), ons: Vec::new() })
        });
        l.off_range.clear();
        l.off_range.resize(NC * N, (0, 0, 0));
        l.on_range.clear();
        l.on_range.resize(NC * N, (0, 0));
        l.offs.clear();
        l.ons.clear();
        let mut out = Vec::new();
        for c in 0..NC {
            for d in digits(grid.cand[c]) {
                let k = cand(c, d);
                out.clear();
                let _ = on_to_off::<()>(grid, c, d, true, |o, v| {
                    out.push((o, v));
                    ControlFlow::Continue(())
                });
                let ny = count(grid.cand[c]) as u16 - 1;
                l.off_range[k] = (l.offs.len() as u32, out.len() as u16, ny);
                l.offs.extend(out.iter().map(|&(o, v)| (o as Ix, v)));
                let start = l.ons.len();
                let _ = off_to_on::<()>(grid, c, d, true, true, |f| {
                    l.ons.push((f.cell as Ix, f.digit, f.region));
                    ControlFlow::Continue(())
                });
                l.on_range[k] = (start as u32, (l.ons.len() - start) as u8);
            }
        }
        l
    }

    /// What (c, d) turns off when on, with or without the cell's other candidates (`y`).
    fn off(&self, c: usize, d: u8, y: bool) -> &[(Ix, u8)] {
        let (start, len, ny) = self.off_range[cand(c, d)];
        let skip = if y { 0 } else { ny as usize };
        &self.offs[start as usize + skip..start as usize + len as usize]
    }

    /// What (c, d) turns on when off, by Y-links (`y`) and X-links (`x`).
    fn on(&self, c: usize, d: u8, y: bool, x: bool) -> impl Iterator<Item = On> + '_ {
        let (start, n) = self.on_range[cand(c, d)];
        self.ons[start as usize..start as usize + n as usize]
            .iter()
            .filter(move |f| if f.2 == NO_REGION { y } else { x })
            .map(|&(cell, digit, region)| On { cell: cell as usize, digit, region })
    }

    /// Calls `f` with each node (`2 * candidate + on`) node `v` implies: an on candidate's off
    /// ones, an off candidate's on ones.
    fn successors(&self, v: usize, y: bool, x: bool, mut f: impl FnMut(usize)) {
        let (c, d) = (v / 2 / N, (v / 2 % N) as u8 + 1);
        if v % 2 == 1 {
            for &(o, w) in self.off(c, d, y) {
                f(2 * cand(o as usize, w));
            }
        } else {
            for on in self.on(c, d, y, x) {
                f(2 * cand(on.cell, on.digit) + 1);
            }
        }
    }

    /// Whether off (c, d) turns anything on, by Y-links (`y`) and X-links (`x`).
    fn turns_on(&self, c: usize, d: u8, y: bool, x: bool) -> bool {
        self.on(c, d, y, x).next().is_some()
    }

    /// Whether off (oc, od) turns on (c, d): the cause, if it does.
    fn implies_on(&self, oc: usize, od: u8, c: usize, d: u8, y: bool, x: bool) -> Option<u8> {
        if (oc != c || !y) && (od != d || !x || !T.peer_set[oc].has(c)) {
            return None;
        }
        self.on(oc, od, y, x).find(|f| f.cell == c && f.digit == d).map(|f| f.cause())
    }
}

/// Whether `grid` has a link that `g0` (the same grid with more candidates) did not: a cell with
/// two candidates that had more (a Y-link, with `y`), or a region with two places of a digit
/// that had more (an X-link, with `x`).
fn has_new_links(grid: &Work, g0: &Work, y: bool, x: bool) -> bool {
    // Only a cell or a region that lost candidates since `g0` can have one.
    if y && (0..NC).any(|c| grid.cand[c] != g0.cand[c] && count(grid.cand[c]) == 2 && count(g0.cand[c]) > 2) {
        return true;
    }
    x && (0..N).any(|i| {
        cells(g0.dcells[i] & !grid.dcells[i]).any(|o| {
            [BOX, ROW, COL].into_iter().any(|t| {
                let r = T.region_set[t][T.of[o][t] as usize];
                (grid.dcells[i] & r).count() == 2 && (g0.dcells[i] & r).count() > 2
            })
        })
    })
}

/// The hidden parents of an on candidate that off candidate (c, d) forced, in a dynamic search:
/// the off candidates struck since the search began (`source`), before (c, d) itself, from the
/// cell (cell rule, as digits) or from the region (region rule, as cells). `grid` may have
/// (c, d) struck already.
fn hidden_parents(grid: &Work, source: &Board, c: usize, d: u8, on: &On) -> (Mask, Cells) {
    if on.region == NO_REGION {
        (source.cand[c] & !grid.cand[c] & !bit(d), Cells::EMPTY)
    } else {
        let (i, t) = (d as usize - 1, on.region as usize);
        (0, (source.dcells[i] & !grid.dcells[i] & T.region_set[t][T.of[c][t] as usize]).without(c))
    }
}

impl On {
    /// The cause of the on node it makes.
    fn cause(&self) -> u8 {
        if self.region == NO_REGION {
            BY_CELL
        } else {
            BY_REGION + self.region
        }
    }
}

/// The extra difficulty (tenths) of a chain resting on `complexity` candidates: 0.1 each time
/// the complexity minus 2 passes the next of 4, 6, 8, 12, 16, 24, ... (times 3/2 and 4/3 in turn).
fn length_difficulty(complexity: u32) -> u32 {
    match LENGTH_DIFFICULTY.get(complexity as usize) {
        Some(&added) => added as u32,
        None => length_difficulty_of(complexity),
    }
}

const fn length_difficulty_of(complexity: u32) -> u32 {
    let length = complexity as i64 - 2;
    let (mut ceil, mut added, mut odd) = (4i64, 0, false);
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

static LENGTH_DIFFICULTY: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut i = 0;
    while i < 512 {
        t[i] = length_difficulty_of(i as u32) as u8;
        i += 1;
    }
    t
};

/// What a chain found inside another chain (a nested forcing chain) gives that chain: the
/// candidates it removes, in the order Sudoku Explainer lists them; the off candidates of the
/// outer chain it rests on; and a fingerprint of its branches, so that a nested chain met twice
/// in one conclusion counts once.
struct Inner {
    removals: Vec<(usize, u8)>,
    parents: Vec<(usize, u8)>,
    fingerprint: u64,
}

/// A chain hint found, with what orders it: difficulty, complexity, kind.
struct Found {
    difficulty: u32,
    complexity: u32,
    sort_key: u32,
    /// Set when the search runs inside another chain.
    inner: Option<Box<Inner>>,
    /// Where Sudoku Explainer's search would have found it: the candidate searched from (the
    /// cycles and forcing chains visit the candidates in an order of their own); found ones of
    /// one candidate stay in the order found.
    seq: u32,
    step: SeStep,
}

/// The index of the easiest of the hints, the first of equals.
fn easiest_found(found: &[Found]) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (i, f) in found.iter().enumerate() {
        let better = match best {
            None => true,
            Some(b) => {
                let b = &found[b];
                (f.difficulty, f.complexity, f.sort_key, f.seq) < (b.difficulty, b.complexity, b.sort_key, b.seq)
            }
        };
        if better {
            best = Some(i);
        }
    }
    best
}

/// The easiest of the hints, the first of equals.
fn easiest(mut found: Vec<Found>) -> Option<SeStep> {
    easiest_found(&found).map(|i| found.swap_remove(i).step)
}

/// A chain hint's kind: its base difficulty (tenths), technique, sort key (Sudoku Explainer's
/// order among equals) and the cause of its assumptions (see [`Search::inner_of`]).
type Kind = (u32, Technique, u32, u8);

/// The cells of `removed` in the order a Java `HashMap` keyed by cell number lists them: by
/// the number modulo the table size (16, doubled while the map is more than 3/4 full), then in
/// the order put; each cell's digits ascending.
fn hash_order(removed: &[(usize, u32)]) -> Vec<(usize, u8)> {
    let mut size = 16;
    while removed.len() * 4 > size * 3 {
        size *= 2;
    }
    let mut order: Vec<usize> = (0..removed.len()).collect();
    order.sort_by_key(|&i| (removed[i].0 & (size - 1), i));
    let mut out = Vec::new();
    for i in order {
        let (c, m) = removed[i];
        let mut m = m;
        while m != 0 {
            out.push((c, m.trailing_zeros() as u8 + 1));
            m &= m - 1;
        }
    }
    out
}

/// A step that sets candidate (c, d) on (the cell's other candidates leave and d is placed) or
/// off, by the chain of `links`; `None` when it changes nothing.
fn conclusion(
    b: &Board,
    tech: Technique,
    difficulty: u32,
    (c, d, on): Candidate,
    links: Vec<(Candidate, Candidate)>,
) -> Option<SeStep> {
    let mut step = if on {
        let others = b.cand[c] & !bit(d);
        if others == 0 {
            return None;
        }
        let mut s = SeStep::removal(tech, difficulty, vec![(c, others)]);
        s.placed = Some((c, d));
        s
    } else {
        SeStep::removal(tech, difficulty, vec![(c, bit(d))])
    };
    step = step.on(links.iter().flat_map(|&(a, z)| [a.0, z.0])).about(bit(d));
    step.links = links;
    Some(step)
}

/// What the chains nested in a search found in the grids its chains left, by (rule, grid): for
/// each candidate removed, in order, the outer chain's struck candidates it rests on and the
/// nested chain's (fingerprint, complexity). The searches of one step at levels 2 and 3 meet
/// the same grids (level 3 tries forcing chains and cycles first, as level 2 does), and so do
/// chains of one search that reach the same grid; their grid is the key, the step's grid fixed.
pub(super) type Memo = std::collections::HashMap<(u32, [Mask; NC]), Vec<MemoEntry>>;
pub(super) type MemoEntry = (usize, u8, std::rc::Rc<[(usize, u8)]>, (u64, u32));

/// The entries a [`Memo`] holds before it starts again (each a few hundred bytes).
const MEMO_LIMIT: usize = 20_000;

/// The techniques of the search for cycles and forcing chains.
const CYCLES: crate::human::TechniqueSet = Technique::BidirectionalCycle.bit() | Technique::ForcingXChain.bit() | Technique::ForcingChain.bit();

/// An off candidate a pattern inside a chain gives it (see [`Search::advanced`]).
struct Advanced {
    cell: usize,
    digit: u8,
    parents: Vec<u32>,
    nested: Option<(u64, u32)>,
}

struct Search<'a> {
    b: &'a Board,
    /// The nesting level of the dynamic chains searched: 0 none; 1 with the patterns of
    /// [`Search::advanced`] inside (forcing chains (+)); 2, 3 also with forcing chains and
    /// cycles, multiple forcing chains inside; 4 with dynamic forcing chains of level
    /// `nesting` inside.
    level: u32,
    nesting: u32,
    /// Every chain is wanted, not the easiest (a search nested in a chain).
    all: bool,
    /// For a search nested in a chain, the grid that chain started from.
    outer: Option<Work>,
    /// The buffers the searches nested in this one reuse.
    spare: Option<Box<Spare>>,
    /// The on chains of a search by candidate (empty between searches).
    cache: OnCache,
    /// What the chains nested in this search's gave, by grid (see [`Memo`]).
    memo: Memo,
    /// The links of the grid, for the static searches (built by the first), and whether they
    /// were built (the buffers may be an earlier search's).
    links: Option<Box<Links>>,
    links_ready: bool,
    /// For a search nested in a chain, a grid with more candidates searched for the same
    /// chains, whose chains the outer chain has all taken (see [`Search::reaching_new_links`]).
    since: Option<Work>,
    /// The techniques a chain found may be of (bit `t as u32` for technique `t`).
    allowed: crate::human::TechniqueSet,
    /// The (difficulty, complexity) the search for cycles and forcing chains is bounded by (see
    /// [`cycles_and_forcing_chains`]), and the least difficulty of a branch it cut, if any.
    limit: (u32, u32),
    next_limit: Option<u32>,
    /// The candidate being searched from, as `cell * N + digit - 1`.
    seq: u32,
    work: Work,
    pool: Vec<Box<Chain>>,
    seen: Seen,
    scratch_parents: Vec<u32>,
    fifo: (Fifo, Fifo),
    /// For a search nested in a chain: by candidate, the least sort key of the hints found so
    /// far that remove it (see [`Search::outranked`]).
    best: Vec<SortKey>,
}

/// What orders the hints of a search: difficulty, complexity, kind, place found.
type SortKey = (u32, u32, u32, u32);

/// The buffers of a search, for the next one nested in the same search.
#[derive(Default)]
struct Spare {
    pool: Vec<Box<Chain>>,
    seen: Seen,
    cache: OnCache,
    fifo: (Fifo, Fifo),
    scratch_parents: Vec<u32>,
    best: Vec<SortKey>,
    links: Option<Box<Links>>,
    spare: Option<Box<Spare>>,
}

impl<'a> Search<'a> {
    /// Its buffers, for a next search.
    fn into_spare(self) -> Box<Spare> {
        Box::new(Spare {
            pool: self.pool,
            seen: self.seen,
            cache: self.cache,
            fifo: self.fifo,
            scratch_parents: self.scratch_parents,
            best: self.best,
            links: self.links,
            spare: self.spare,
        })
    }

    /// A search over `b` with the buffers of an earlier one, if given.
    fn reusing(b: &'a Board, spare: Option<Box<Spare>>) -> Search<'a> {
        let Spare { pool, seen, cache, fifo, scratch_parents, best, links, spare } = *spare.unwrap_or_default();
        Search {
            b,
            level: 0,
            nesting: 0,
            all: false,
            outer: None,
            spare,
            cache,
            memo: Memo::default(),
            links,
            links_ready: false,
            since: None,
            allowed: !0,
            limit: (u32::MAX, u32::MAX),
            next_limit: None,
            seq: 0,
            work: Work::of(b),
            pool,
            seen,
            scratch_parents,
            fifo,
            best,
        }
    }
}

/// The easiest bidirectional cycle or forcing chain with X-links only, Y-links only (cycles) or
/// both, or `None`.
///
/// The easiest is the least by difficulty, then complexity (length), then kind, then the order
/// found, as Sudoku Explainer sorts them. A static chain's complexity is its length, which
/// grows with the depth of the breadth-first search, so a search bounded by a difficulty limit
/// finds every chain within it, as the same nodes in the same order as an unbounded search. A
/// round starts with the limit 7.2 (most chains are easier) and tightens it to each chain it
/// finds: a chain found later that is not easier never wins, since the kinds searched later
/// sort after the earlier ones and among equals the first found is taken. When a round finds
/// nothing within its limit, the next starts at the least difficulty it cut; a round that cut
/// nothing has searched everything.
pub(super) fn cycles_and_forcing_chains(b: &Board, ctx: &mut Ctx, buffers: &mut Buffers) -> Result<Option<SeStep>, SeError> {
    let mut s = Search::reusing(b, buffers.0.take());
    let result = cycles_and_forcing_chains_in(&mut s, ctx);
    buffers.0 = Some(s.into_spare());
    result
}

fn cycles_and_forcing_chains_in(s: &mut Search, ctx: &mut Ctx) -> Result<Option<SeStep>, SeError> {
    s.allowed = ctx.allowed;
    let mut start = 72;
    loop {
        s.limit = (start, u32::MAX);
        s.next_limit = None;
        let mut found = Vec::new();
        for (y, x) in [(false, true), (true, false), (true, true)] {
            s.loops(y, x, &mut found, ctx)?;
        }
        let best = easiest_found(&found);
        match (best, s.next_limit) {
            (Some(i), _) if found[i].difficulty <= start => return Ok(easiest(found)),
            (_, None) => return Ok(easiest(found)),
            (_, Some(next)) => start = next.max(start + 1),
        }
    }
}

/// The easiest Nishio forcing chain; else the easiest multiple (cell or region) forcing chain;
/// else the easiest dynamic forcing chain; or `None`.
pub(super) fn multiple_forcing_chains(b: &Board, ctx: &mut Ctx, buffers: &mut Buffers) -> Result<Option<SeStep>, SeError> {
    let mut s = Search::reusing(b, buffers.0.take());
    s.allowed = ctx.allowed;
    let mut result = Ok(None);
    for (multiple, dynamic, nishio) in [(false, true, true), (true, false, false), (true, true, false)] {
        let mut found = Vec::new();
        if let Err(e) = s.multiple(multiple, dynamic, nishio, &mut found, ctx) {
            result = Err(e);
            break;
        }
        if let Some(step) = easiest(found) {
            result = Ok(Some(step));
            break;
        }
    }
    buffers.0 = Some(s.into_spare());
    result
}

/// The easiest dynamic forcing chain of nesting `level` (1: forcing chains (+), 9.0 +; 2, 3:
/// with forcing chains, multiple forcing chains nested, 9.5 +, 10.0 +; 4: with dynamic
/// forcing chains of level `nesting` nested, 10.5 +), or `None`.
///
/// `memo` carries what the nested chains found from one level's search to the next of the same
/// step (see [`Memo`]).
pub(super) fn nested_forcing_chains(
    b: &Board,
    ctx: &mut Ctx,
    level: u32,
    nesting: u32,
    memo: &mut Memo,
    buffers: &mut Buffers,
) -> Result<Option<SeStep>, SeError> {
    let mut s = Search::reusing(b, buffers.0.take());
    s.allowed = ctx.allowed;
    s.level = level;
    s.nesting = nesting;
    s.memo = std::mem::take(memo);
    let mut found = Vec::new();
    let result = s.multiple(true, true, false, &mut found, ctx);
    *memo = std::mem::take(&mut s.memo);
    buffers.0 = Some(s.into_spare());
    result?;
    Ok(easiest(found))
}

/// The buffers of the chain searches (chains, queues, visited sets), kept from one search and
/// step to the next of a path. A clone starts empty.
#[derive(Default)]
pub(super) struct Buffers(Option<Box<Spare>>);

impl Clone for Buffers {
    fn clone(&self) -> Buffers {
        Buffers(None)
    }
}

impl Search<'_> {
    /// Whether a static chain of kind `base` and at least `complexity` (its length, which grows
    /// with depth) could be within the limit; when not, the branch is cut, and the least
    /// difficulty cut is kept for a next round.
    fn could_win(&mut self, base: u32, complexity: u32) -> bool {
        let difficulty = base + length_difficulty(complexity);
        if (difficulty, complexity) <= self.limit {
            return true;
        }
        self.next_limit = Some(self.next_limit.map_or(difficulty, |n| n.min(difficulty)));
        false
    }

    /// For a search nested in a chain, whether a hint of sort key `key` removing the candidates
    /// `removed` is outranked: each of them is removed by a hint found before that sorts before
    /// it. Of the hints that remove a candidate, the outer chain takes the first in sort order
    /// (see [`Search::advanced`]; ties stay in the order found), so an outranked one gives it
    /// nothing and is left out. Else the least keys are updated.
    fn outranked(&mut self, removed: &[(usize, Mask)], key: SortKey) -> bool {
        let each = || removed.iter().flat_map(|&(c, m)| digits(m).map(move |v| cand(c, v)));
        if each().all(|k| self.best[k] <= key) {
            return true;
        }
        for k in each() {
            if key < self.best[k] {
                self.best[k] = key;
            }
        }
        false
    }

    /// Adds a chain found; the limit tightens to it (a chain found later that is not easier
    /// never wins: see [`cycles_and_forcing_chains`]).
    fn record(&mut self, found: &mut Vec<Found>, mut f: Found) {
        if !f.step.technique.within(self.allowed) {
            return;
        }
        f.seq = self.seq;
        if !self.all && (f.difficulty, f.complexity) < self.limit {
            self.limit = (f.difficulty, f.complexity);
        }
        found.push(f);
    }

    /// The two queues of a search, emptied.
    fn fifos(&mut self) -> (Fifo, Fifo) {
        let (mut a, mut b) = std::mem::take(&mut self.fifo);
        a.clear();
        b.clear();
        (a, b)
    }

    /// An empty chain, from the pool when one is there.
    fn take(&mut self) -> Box<Chain> {
        self.pool.pop().unwrap_or_else(|| Box::new(Chain::new()))
    }

    /// Returns a chain to the pool, emptied.
    fn give(&mut self, mut ch: Box<Chain>) {
        ch.clear();
        self.pool.push(ch);
    }

    /// Cycles and forcing chains from every candidate of every cell with two or more.
    ///
    /// Sudoku Explainer visits the cells in order; here the bivalue cells come first, as they
    /// tend to give short chains that tighten the limit early, and each chain keeps the place
    /// Sudoku Explainer would have found it at for ties.
    fn loops(&mut self, y: bool, x: bool, found: &mut Vec<Found>, ctx: &mut Ctx) -> Result<(), SeError> {
        if self.since.is_some_and(|g0| !has_new_links(&self.work, &g0, y, x)) {
            // Every chain here would pass a link `g0` did not have (see `reaching_new_links`).
            return Ok(());
        }
        let links = match self.links.take() {
            Some(l) if self.links_ready => l,
            reuse => Links::of(&self.work, reuse),
        };
        self.links_ready = true;
        let result = self.loops_with(&links, y, x, found, ctx);
        self.links = Some(links);
        result
    }

    fn loops_with(&mut self, links: &Links, y: bool, x: bool, found: &mut Vec<Found>, ctx: &mut Ctx) -> Result<(), SeError> {
        let useful = self.since.map(|g0| self.reaching_new_links(&g0, links, y, x));
        for bivalue in [true, false] {
            for c in 0..NC {
                let cands = self.b.cand[c];
                if self.b.value[c] != 0 || count(cands) < 2 || (count(cands) == 2) != bivalue {
                    continue;
                }
                if !x && count(cands) > 2 {
                    continue;
                }
                for d in digits(cands) {
                    ctx.check()?;
                    let k = cand(c, d);
                    self.seq = k as u32;
                    // A chain from on (c, d) back to it or to its off must pass a new link, and so
                    // must one from off (c, d) to its on.
                    let (on, off) = (2 * k + 1, 2 * k);
                    if useful.as_ref().is_none_or(|(back, forth)| back[on] && (forth[on] || forth[off])) {
                        self.cycles(links, c, d, y, x, found);
                    }
                    if x && useful.as_ref().is_none_or(|(back, forth)| back[off] && forth[on]) {
                        self.forcing_from_off(links, c, d, y, found);
                    }
                }
            }
        }
        Ok(())
    }

    /// For a search nested in a chain, `g0` an earlier grid of that chain (more candidates)
    /// whose cycles and forcing chains the chain has all taken (or which had none): which nodes
    /// (`2 * candidate + on`) can reach a link `g0` did not have, and which can be reached from
    /// one. A new link is an off candidate turning on the other candidate of a cell or place of
    /// a region that has two only since `g0`. A chain or cycle of links all in `g0` was one
    /// there, with the removals it has here and more, and those were taken (struck): it removes
    /// nothing here. So every chain found here passes a new link: a search that cannot finds
    /// nothing, and is skipped.
    fn reaching_new_links(&self, g0: &Work, links: &Links, y: bool, x: bool) -> (Vec<bool>, Vec<bool>) {
        let grid = &self.work;
        let nodes = 2 * NC * N;
        let mut mark = vec![false; nodes];
        let mut forth = vec![false; nodes];
        let mut todo = Vec::new();
        let mut ahead = Vec::new();
        for c in 0..NC {
            for d in digits(grid.cand[c]) {
                // (A cell or region that lost no candidate since `g0` had the link there.)
                let is_new = links.on(c, d, y, x).any(|f| {
                    if f.region == NO_REGION {
                        g0.cand[c] != grid.cand[c] && count(g0.cand[c]) > 2
                    } else {
                        let (i, t) = (d as usize - 1, f.region as usize);
                        let r = T.region_set[t][T.of[c][t] as usize];
                        !(g0.dcells[i] & !grid.dcells[i] & r).is_empty() && (g0.dcells[i] & r).count() > 2
                    }
                });
                if is_new {
                    let k = 2 * cand(c, d);
                    mark[k] = true;
                    todo.push(k);
                    for f in links.on(c, d, y, x) {
                        let v = 2 * cand(f.cell, f.digit) + 1;
                        if !forth[v] {
                            forth[v] = true;
                            ahead.push(v);
                        }
                    }
                }
            }
        }
        // The links are symmetric (a candidate on turns off its peers and cell mates, and each of
        // them on turns it off; an off candidate turns on the other of two, and that one off turns
        // it on): the predecessors of a node are the successors of its flip (on for off), flipped.
        while let Some(v) = todo.pop() {
            links.successors(v ^ 1, y, x, |u| {
                if !mark[u ^ 1] {
                    mark[u ^ 1] = true;
                    todo.push(u ^ 1);
                }
            });
        }
        while let Some(u) = ahead.pop() {
            links.successors(u, y, x, |v| {
                if !forth[v] {
                    forth[v] = true;
                    ahead.push(v);
                }
            });
        }
        (mark, forth)
    }

    /// Bidirectional cycles through candidate (c, d) assumed on, and (with X-links) the forcing
    /// chain from it to its own removal. Both searches of Sudoku Explainer reach the same first
    /// node of every candidate in the same order (a candidate reached again only closes cycles),
    /// so one search serves both; the cycles are listed first, as there.
    fn cycles(&mut self, links: &Links, c: usize, d: u8, y: bool, x: bool, found: &mut Vec<Found>) {
        let cycle_base = if y && x { 70 } else { 65 };
        // An off candidate that turns nothing on ends every chain through it: none of its nodes
        // is an ancestor, closes a cycle or is the forcing chain's target (unless it is the
        // source's own), so a search that cuts nothing (nested: every chain is wanted) skips
        // them. A bounded search keeps them, as they tell it the least difficulty it cut.
        let dead_ends = self.all;
        let mut target = NONE;
        let mut ch = self.take();
        let src = ch.node(c, d, true, &[]);
        ch.insert(src);
        let (mut pending_on, mut pending_off) = self.fifos();
        pending_on.push_back(src);
        let mut cycles = Vec::new();
        let mut length = 0;
        while !pending_on.is_empty() || !pending_off.is_empty() {
            length += 1;
            while let Some(p) = pending_on.pop_front() {
                let nd = ch.nodes[p as usize];
                // A cycle through it has at least depth + 1 nodes, the source twice.
                if !self.could_win(cycle_base, nd.depth as u32) {
                    continue;
                }
                for &(oc, od) in links.off(nd.cell as usize, nd.digit, y) {
                    let oc = oc as usize;
                    if ch.get(oc, od, false) == NONE {
                        if dead_ends && !(oc == c && od == d) && !links.turns_on(oc, od, y, x) {
                            continue;
                        }
                        let n = ch.node(oc, od, false, &[p]);
                        ch.insert(n);
                        pending_off.push_back(n);
                        if x && oc == c && od == d && target == NONE {
                            target = n;
                        }
                    } else if links.implies_on(oc, od, c, d, y, x).is_some() && !ch.is_parent(p, oc, od, false) {
                        // Reached again by another path: it can only close a cycle.
                        pending_off.push_back(ch.node(oc, od, false, &[p]));
                    }
                }
            }
            length += 1;
            while let Some(p) = pending_off.pop_front() {
                let nd = ch.nodes[p as usize];
                if !self.could_win(cycle_base, nd.depth as u32) {
                    continue;
                }
                if ch.get(nd.cell as usize, nd.digit, false) != p {
                    // A second node of a candidate already reached: what it turns on is known,
                    // but it may close a cycle by another path.
                    if let Some(cause) = links.implies_on(nd.cell as usize, nd.digit, c, d, y, x).filter(|_| length >= 4) {
                        let n = ch.node(c, d, true, &[p]);
                        ch.nodes[n as usize].cause = cause;
                        cycles.push(n);
                    }
                    continue;
                }
                for f in links.on(nd.cell as usize, nd.digit, y, x) {
                    let is_src = f.cell == c && f.digit == d;
                    let known = ch.get(f.cell, f.digit, true) != NONE;
                    if length >= 4 && is_src {
                        let n = ch.node(f.cell, f.digit, true, &[p]);
                        ch.nodes[n as usize].cause = f.cause();
                        cycles.push(n);
                    }
                    if !known {
                        let n = ch.node(f.cell, f.digit, true, &[p]);
                        ch.nodes[n as usize].cause = f.cause();
                        ch.insert(n);
                        pending_on.push_back(n);
                    }
                }
            }
        }
        self.fifo = (pending_on, pending_off);
        for dst in cycles {
            if let Some(f) = self.cycle_hint(&ch, dst, y, x) {
                self.record(found, f);
            }
        }
        if target != NONE {
            self.forcing_hint(&ch, target, y, found);
        }
        self.give(ch);
    }

    /// The forcing chain ending at `t`, the conclusion about its source.
    fn forcing_hint(&mut self, ch: &Chain, t: u32, y: bool, found: &mut Vec<Found>) {
        let nd = ch.nodes[t as usize];
        let complexity = ch.ancestors(t, &mut self.seen) + self.seen.nested_complexity();
        let tech = if y { Technique::ForcingChain } else { Technique::ForcingXChain };
        let difficulty = if y { 70 } else { 66 } + length_difficulty(complexity);
        let sort_key = if y { 4 } else { 2 };
        if self.outer.is_some() {
            let (c, d) = (nd.cell as usize, nd.digit);
            let removed = if nd.on { self.b.cand[c] & !bit(d) } else { bit(d) };
            if self.outranked(&[(c, removed)], (difficulty, complexity, sort_key, self.seq)) {
                return;
            }
        }
        let mut links = Vec::new();
        if self.outer.is_none() {
            ch.links_to(t, &mut links);
        }
        if let Some(step) = conclusion(self.b, tech, difficulty, (nd.cell as usize, nd.digit, nd.on), links) {
            let inner = self.inner_of(&[(ch, t)], 0, &step);
            self.record(found, Found { difficulty, complexity, sort_key, inner, seq: 0, step });
        }
    }

    fn cycle_hint(&mut self, ch: &Chain, dst: u32, y: bool, x: bool) -> Option<Found> {
        let grid = &self.b.cand;
        let mut in_chain = Cells::EMPTY;
        let mut p = dst;
        while ch.nodes[p as usize].len > 0 {
            in_chain = in_chain.with(ch.nodes[p as usize].cell as usize);
            p = ch.nodes[p as usize].p0;
        }
        let (mut forw, mut back) = ([0 as Mask; NC], [0 as Mask; NC]);
        let mut p = dst;
        while ch.nodes[p as usize].len > 0 {
            let nd = ch.nodes[p as usize];
            for &o in &T.peers[nd.cell as usize] {
                let o = o as usize;
                if !in_chain.has(o) && grid[o] & bit(nd.digit) != 0 {
                    if nd.on {
                        forw[o] |= bit(nd.digit);
                    } else {
                        back[o] |= bit(nd.digit);
                    }
                }
            }
            p = ch.nodes[p as usize].p0;
        }
        let removed: Vec<(usize, Mask)> =
            (0..NC).filter(|&o| forw[o] & back[o] != 0).map(|o| (o, forw[o] & back[o])).collect();
        if removed.is_empty() {
            return None;
        }
        let complexity = ch.ancestors(dst, &mut self.seen) + self.seen.nested_complexity();
        let base = if y && x { 70 } else { 65 };
        let difficulty = base + length_difficulty(complexity);
        let sort_key = if y && x {
            4
        } else if y {
            3
        } else {
            2
        };
        if self.outer.is_some() {
            if self.outranked(&removed, (difficulty, complexity, sort_key, self.seq)) {
                return None;
            }
        }
        let step = {
            let mut links = Vec::new();
            if self.outer.is_none() {
                ch.links_to(dst, &mut links);
            }
            let mut step = SeStep::removal(Technique::BidirectionalCycle, difficulty, removed);
            step = step.on(links.iter().flat_map(|&(a, z)| [a.0, z.0]));
            step.digits = links.iter().fold(0, |m, &(a, _)| m | 1 << (a.1 - 1));
            step.links = links;
            step
        };
        let mut inner = self.inner_of(&[(ch, dst)], 0, &step);
        if let Some(i) = &mut inner {
            self.reversed_cycle(ch, dst, i);
        }
        Some(Found { difficulty, complexity, sort_key, inner, seq: 0, step })
    }

    /// The forcing chain from candidate (c, d) assumed off to (c, d) on, which places it (the
    /// chain from it assumed on is found by [`Search::cycles`]).
    fn forcing_from_off(&mut self, links: &Links, c: usize, d: u8, y: bool, found: &mut Vec<Found>) {
        let base = if y { 70 } else { 66 };
        let mut ch = self.take();
        let src = ch.node(c, d, false, &[]);
        ch.insert(src);
        let (mut pending_on, mut pending_off) = self.fifos();
        pending_off.push_back(src);
        let mut target = NONE;
        while !pending_on.is_empty() || !pending_off.is_empty() {
            while let Some(p) = pending_on.pop_front() {
                let nd = ch.nodes[p as usize];
                if !self.could_win(base, nd.depth as u32 + 1) {
                    continue;
                }
                for &(oc, od) in links.off(nd.cell as usize, nd.digit, y) {
                    let oc = oc as usize;
                    // An off candidate that turns nothing on is a dead end (see `cycles`).
                    if ch.get(oc, od, false) == NONE && !(self.all && !links.turns_on(oc, od, y, true)) {
                        let n = ch.node(oc, od, false, &[p]);
                        ch.insert(n);
                        pending_off.push_back(n);
                    }
                }
            }
            while let Some(p) = pending_off.pop_front() {
                let nd = ch.nodes[p as usize];
                if !self.could_win(base, nd.depth as u32 + 1) {
                    continue;
                }
                for f in links.on(nd.cell as usize, nd.digit, y, true) {
                    if ch.get(f.cell, f.digit, true) == NONE {
                        let n = ch.node(f.cell, f.digit, true, &[p]);
                        ch.nodes[n as usize].cause = f.cause();
                        if f.cell == c && f.digit == d && target == NONE {
                            target = n;
                        }
                        ch.insert(n);
                        pending_on.push_back(n);
                    }
                }
            }
        }
        self.fifo = (pending_on, pending_off);
        if target != NONE {
            self.forcing_hint(&ch, target, y, found);
        }
        self.give(ch);
    }

    /// Completes the implications of the candidates in `ch`; on a contradiction, the on and off
    /// nodes of the candidate that would be both.
    fn chaining(&mut self, ch: &mut Chain, dynamic: bool, nishio: bool, ctx: &mut Ctx) -> Result<Option<(u32, u32)>, SeError> {
        // The grid the chain starts from: the search's (its `work` holds the same candidates).
        let source: &Board = self.b;
        let mut grid = self.work;
        let (mut pending_on, mut pending_off) = self.fifos();
        pending_on.items.extend_from_slice(&ch.on_list);
        pending_off.items.extend_from_slice(&ch.off_list);
        let mut parents = std::mem::take(&mut self.scratch_parents);
        // The grid in which this chain last searched for nested cycles and forcing chains: every
        // one found since passes a link it did not have (see [`Search::reaching_new_links`]). At
        // the start, the step's grid, when the path searched it for them.
        let mut reference = (self.level >= 2 && self.outer.is_none() && self.allowed & CYCLES == CYCLES).then_some(self.work);
        let result = 'search: loop {
            if let Some(p) = pending_on.pop_front() {
                let nd = ch.nodes[p as usize];
                // What it turns off; a candidate both on and off is the contradiction.
                let absurd = on_to_off(&grid, nd.cell as usize, nd.digit, !nishio, |oc, od| {
                    let conj = ch.get(oc, od, true);
                    if conj != NONE {
                        return ControlFlow::Break((conj, ch.node(oc, od, false, &[p])));
                    }
                    if ch.get(oc, od, false) == NONE {
                        let n = ch.node(oc, od, false, &[p]);
                        ch.insert(n);
                        pending_off.push_back(n);
                    }
                    ControlFlow::Continue(())
                });
                if let ControlFlow::Break(pair) = absurd {
                    break 'search Some(pair);
                }
                continue;
            }
            if let Some(p) = pending_off.pop_front() {
                let nd = ch.nodes[p as usize];
                let (pc, pd) = (nd.cell as usize, nd.digit);
                if dynamic {
                    grid.strike(pc, pd);
                }
                let absurd = off_to_on(&grid, pc, pd, !nishio, true, |f| {
                    let conj = ch.get(f.cell, f.digit, false);
                    if conj == NONE && ch.get(f.cell, f.digit, true) != NONE {
                        return ControlFlow::Continue(());
                    }
                    let (hidden_digits, hidden_cells) = hidden_parents(&grid, source, pc, pd, &f);
                    parents.clear();
                    parents.push(p);
                    for v in digits(hidden_digits) {
                        parents.push(ch.get(f.cell, v, false));
                    }
                    for o in cells(hidden_cells) {
                        parents.push(ch.get(o, f.digit, false));
                    }
                    let n = ch.node(f.cell, f.digit, true, &parents);
                    ch.nodes[n as usize].cause = f.cause();
                    if conj != NONE {
                        return ControlFlow::Break((n, conj));
                    }
                    ch.insert(n);
                    pending_on.push_back(n);
                    ControlFlow::Continue(())
                });
                if let ControlFlow::Break(pair) = absurd {
                    break 'search Some(pair);
                }
                continue;
            }
            if self.level > 0 {
                // Nothing left to follow: the patterns the grid now shows (forcing chains (+)).
                let mut added = false;
                for a in self.advanced(&grid, ch, &mut reference, ctx)? {
                    if ch.get(a.cell, a.digit, false) == NONE {
                        let n = ch.node(a.cell, a.digit, false, &a.parents);
                        let nd = &mut ch.nodes[n as usize];
                        nd.cause = BY_PATTERN;
                        if let Some(nested) = a.nested {
                            nd.nested = ch.nested.len() as u32;
                            ch.nested.push(nested);
                        }
                        ch.insert(n);
                        pending_off.push_back(n);
                        added = true;
                    }
                }
                if added {
                    continue;
                }
            }
            break None;
        };
        self.scratch_parents = parents;
        self.fifo = (pending_on, pending_off);
        Ok(result)
    }

    /// The off candidates the patterns of the grid a dynamic chain left (`grid`, struck from
    /// `source`) give it, Sudoku Explainer's "advanced" implications: those of the first rule
    /// that gives any, of pointing and claiming, hidden pairs, naked pairs and X-Wings; then, by
    /// the search's level, forcing chains and cycles (2), multiple forcing chains (3) or dynamic
    /// forcing chains of level `nesting` (4) found in that grid. A pattern counts only when it
    /// rests on candidates the chain struck (they become its parents); what the grid showed
    /// before the chain is no implication of it.
    fn advanced(
        &mut self,
        grid: &Work,
        ch: &Chain,
        reference: &mut Option<Work>,
        ctx: &mut Ctx,
    ) -> Result<Vec<Advanced>, SeError> {
        ctx.check()?;
        let wb = self.b.with_candidates(&grid.cand);
        // The grid the chain started from: the search's.
        let source: &Board = self.b;
        let struck = |c: usize, d: u8| source.cand[c] & bit(d) != 0 && grid.cand[c] & bit(d) == 0;
        let mut out = Vec::new();
        let mut add = |removed: &[(usize, u32)], parents: &[(usize, u8)], nested: Option<(u64, u32)>| {
            let ids: Vec<u32> =
                parents.iter().map(|&(c, d)| ch.get(c, d, false)).filter(|&n| n != NONE).collect();
            for (cell, digit) in hash_order(removed) {
                out.push(Advanced { cell, digit, parents: ids.clone(), nested });
            }
        };
        let mut found = false;
        // The patterns count only when they rest on struck candidates: only those that meet them
        // are looked at (`self.b` holds the candidates of `source`).
        for pairs in [POINTING, CLAIMING] {
            locked_sets(&wb, pairs, Some(self.b), &mut |t1, r1, t2, r2, d| {
                let outside = wb.holding(T.region_set[t2][r2] & !T.region_set[t1][r1], d);
                let i = d as usize - 1;
                let struck_here = T.region_set[t1][r1] & !T.region_set[t2][r2] & source.dcells[i] & !grid.dcells[i];
                if !outside.is_empty() && !struck_here.is_empty() {
                    let removed: Vec<(usize, u32)> = cells(outside).map(|c| (c, bit(d) as u32)).collect();
                    let parents: Vec<(usize, u8)> = cells(struck_here).map(|c| (c, d)).collect();
                    add(&removed, &parents, None);
                    found = true;
                }
                false
            });
        }
        if !found {
            hidden_sets(&wb, 2, false, &mut |t, r, m, union| {
                let mut parents = Vec::new();
                for c in region_cells(t, r, !union & ALL_DIGITS) {
                    for d in digits(m) {
                        if source.cand[c] & bit(d) != 0 {
                            parents.push((c, d));
                        }
                    }
                }
                if parents.is_empty() {
                    return false;
                }
                let removed = wb.removals_outside(region_cells(t, r, union), m);
                if !removed.is_empty() {
                    let removed: Vec<(usize, u32)> = removed.into_iter().map(|(c, m)| (c, m as u32)).collect();
                    add(&removed, &parents, None);
                    found = true;
                }
                false
            });
        }
        if !found {
            naked_sets(&wb, 2, &mut |t, r, m, union| {
                let mut parents = Vec::new();
                for c in region_cells(t, r, m) {
                    for d in digits(source.cand[c] & !union) {
                        parents.push((c, d));
                    }
                }
                if parents.is_empty() {
                    return false;
                }
                let removed = wb.removals_outside(region_cells(t, r, !m & ALL_DIGITS), !union);
                if !removed.is_empty() {
                    let removed: Vec<(usize, u32)> = removed.into_iter().map(|(c, m)| (c, m as u32)).collect();
                    add(&removed, &parents, None);
                    found = true;
                }
                false
            });
        }
        if !found {
            fishes(&wb, 2, Some(self.b), &mut |base, cover, m, d, union| {
                let covered = (0..N).filter(|r| union >> r & 1 != 0).fold(Cells::EMPTY, |s, r| s | T.region_set[cover][r]);
                let mut parents = Vec::new();
                for r in (0..N).filter(|r| m >> r & 1 != 0) {
                    for c in cells(T.region_set[base][r] & !covered) {
                        if struck(c, d) {
                            parents.push((c, d));
                        }
                    }
                }
                if parents.is_empty() {
                    return false;
                }
                let removed: Vec<(usize, u32)> =
                    fish_removals(&wb, cover, m, d, union).map(|c| (c, bit(d) as u32)).collect();
                if !removed.is_empty() {
                    add(&removed, &parents, None);
                    found = true;
                }
                false
            });
        }
        if found || self.level < 2 {
            return Ok(out);
        }
        // The chains nested in this one, searched whole in the grid it left.
        let rules: &[(bool, bool, u32)] = if self.level < 4 {
            &[(false, false, 0), (true, false, 0)][..(self.level as usize - 1).min(2)]
        } else {
            &[(true, true, self.nesting)]
        };
        for (k, &(multiple, dynamic, level)) in rules.iter().enumerate() {
            let key = (if dynamic { 2 + level } else { k as u32 }, grid.cand);
            let since = if !multiple { reference.replace(*grid) } else { None };
            if let Some(known) = self.memo.get(&key) {
                for (cell, digit, parents, nested) in known.iter() {
                    let ids: Vec<u32> = parents.iter().map(|&(c, d)| ch.get(c, d, false)).filter(|&n| n != NONE).collect();
                    out.push(Advanced { cell: *cell, digit: *digit, parents: ids, nested: Some(*nested) });
                }
                if !known.is_empty() {
                    break;
                }
                continue;
            }
            let mut inner = Search::reusing(&wb, self.spare.take());
            inner.all = true;
            inner.since = since;
            inner.outer = Some(self.work);
            inner.best.clear();
            inner.best.resize(NC * N, (u32::MAX, u32::MAX, u32::MAX, u32::MAX));
            inner.level = level;
            let mut hints = Vec::new();
            if !multiple {
                for (y, x) in [(false, true), (true, false), (true, true)] {
                    inner.loops(y, x, &mut hints, ctx)?;
                }
            } else {
                inner.multiple(true, dynamic, false, &mut hints, ctx)?;
            }
            self.spare = Some(inner.into_spare());
            hints.sort_by_key(|f| (f.difficulty, f.complexity, f.sort_key, f.seq));
            let mut known = Vec::new();
            for f in &hints {
                let Some(i) = &f.inner else { continue };
                if !i.parents.is_empty() {
                    let parents: std::rc::Rc<[(usize, u8)]> = i.parents.as_slice().into();
                    for &(cell, digit) in &i.removals {
                        let ids: Vec<u32> =
                            i.parents.iter().map(|&(c, d)| ch.get(c, d, false)).filter(|&n| n != NONE).collect();
                        out.push(Advanced { cell, digit, parents: ids, nested: Some((i.fingerprint, f.complexity)) });
                        known.push((cell, digit, parents.clone(), (i.fingerprint, f.complexity)));
                    }
                }
            }
            if self.memo.len() >= MEMO_LIMIT {
                self.memo.clear();
            }
            self.memo.insert(key, known);
            if !out.is_empty() {
                break;
            }
        }
        Ok(out)
    }

    /// A conclusion about candidate (c, d), on or off, resting on a node of each branch: its
    /// complexity is the sum of their ancestors. Added when it changes the grid.
    fn conclude<'c>(
        &mut self,
        nodes: impl IntoIterator<Item = (&'c Chain, u32)>,
        (base, tech, sort_key, cause): Kind,
        (c, d, on): (usize, u8, bool),
        found: &mut Vec<Found>,
    ) {
        let branches: Vec<(&Chain, u32)> = nodes.into_iter().collect();
        let mut links = Vec::new();
        let mut complexity = 0;
        for &(ch, n) in &branches {
            complexity += ch.ancestors(n, &mut self.seen);
            if self.outer.is_none() {
                ch.links_to(n, &mut links);
            }
        }
        complexity += self.seen.nested_complexity();
        let difficulty = base + length_difficulty(complexity);
        if self.outer.is_some() {
            let removed = if on { self.b.cand[c] & !bit(d) } else { bit(d) };
            if self.outranked(&[(c, removed)], (difficulty, complexity, sort_key, 0)) {
                return;
            }
        }
        if let Some(step) = conclusion(self.b, tech, difficulty, (c, d, on), links) {
            if step.technique.within(self.allowed) {
                let inner = self.inner_of(&branches, cause, &step);
                found.push(Found { difficulty, complexity, sort_key, inner, seq: 0, step });
            }
        }
    }

    /// A cycle's second target in Sudoku Explainer is the cycle walked backwards, each
    /// candidate flipped: the off candidates of the cycle become on ones, each resting on the
    /// rule that turned it off (its cell, or the region it shares with the candidate before it).
    /// Their struck candidates join the rule parents, and their list the fingerprint.
    fn reversed_cycle(&mut self, ch: &Chain, dst: u32, inner: &mut Inner) {
        let (Some(source), current) = (self.outer, &self.work) else { return };
        let mut path = vec![dst];
        let mut p = dst;
        while ch.nodes[p as usize].len > 0 {
            p = ch.nodes[p as usize].p0;
            path.push(p);
        }
        let mut fingerprint = inner.fingerprint;
        for (i, &n) in path.iter().enumerate().rev() {
            let nd = ch.nodes[n as usize];
            let (c, d) = (nd.cell as usize, nd.digit);
            fingerprint = (fingerprint ^ (cand(c, d) * 2 + !nd.on as usize) as u64).wrapping_mul(0x0100_0000_01b3);
            if nd.on || i + 1 == path.len() {
                continue;
            }
            let from = ch.nodes[path[i + 1] as usize].cell as usize;
            if from == c {
                for v in digits(source.cand[c] & !current.cand[c]) {
                    inner.parents.push((c, v));
                }
            } else {
                let t = [BOX, ROW, COL].into_iter().find(|&t| T.of[c][t] == T.of[from][t]).expect("peers");
                let idx = d as usize - 1;
                for o in cells(source.dcells[idx] & !current.dcells[idx] & T.region_set[t][T.of[c][t] as usize]) {
                    inner.parents.push((o, d));
                }
            }
        }
        inner.fingerprint = (fingerprint ^ u32::MAX as u64).wrapping_mul(0x0100_0000_01b3);
        let mut kept = Vec::with_capacity(inner.parents.len());
        inner.parents.retain(|p| {
            let fresh = !kept.contains(p);
            if fresh {
                kept.push(*p);
            }
            fresh
        });
    }

    /// For a search inside another chain, what the hint of `branches` (each a chain and its
    /// target) gives that chain (see [`Inner`]); `assumed` is the cause of the assumptions (a
    /// cell forcing chain's rest on the cell, a region forcing chain's on the region).
    ///
    /// The outer chain's off candidates it rests on: for each on node of its branches made by a
    /// cell (or assumed in a cell forcing chain), the cell's candidates the outer chain struck;
    /// by a region, the region's places of the digit it struck.
    fn inner_of(&mut self, branches: &[(&Chain, u32)], assumed: u8, step: &SeStep) -> Option<Box<Inner>> {
        let source = self.outer?;
        let current = &self.work;
        let mut parents: Vec<(usize, u8)> = Vec::new();
        let mut fingerprint: u64 = 0xcbf2_9ce4_8422_2325;
        let mut keys: Vec<u32> = Vec::new();
        let (mut todo, mut next) = (std::mem::take(&mut self.seen.todo), std::mem::take(&mut self.seen.next));
        for &(ch, t) in branches {
            self.seen.next_round();
            keys.clear();
            todo.clear();
            todo.push(t);
            while !todo.is_empty() {
                next.clear();
                for &p in &todo {
                    let nd = ch.nodes[p as usize];
                    let (c, d) = (nd.cell as usize, nd.digit);
                    let key = cand(c, d) * 2 + nd.on as usize;
                    if !self.seen.mark(key) {
                        continue;
                    }
                    keys.push(key as u32);
                    let cause = if nd.len == 0 { assumed } else { nd.cause };
                    if nd.on && cause == BY_CELL {
                        for v in digits(source.cand[c] & !current.cand[c]) {
                            parents.push((c, v));
                        }
                    } else if nd.on && (BY_REGION..BY_REGION + 3).contains(&cause) {
                        let t = (cause - BY_REGION) as usize;
                        let i = d as usize - 1;
                        let struck = source.dcells[i] & !current.dcells[i] & T.region_set[t][T.of[c][t] as usize];
                        for o in cells(struck) {
                            parents.push((o, d));
                        }
                    }
                    next.extend_from_slice(ch.parents_of(p));
                }
                std::mem::swap(&mut todo, &mut next);
            }
            // Sudoku Explainer tells two nested chains apart by their targets and the lists of
            // their ancestors in breadth-first order: two orders are two chains.
            for &k in keys.iter().chain(std::iter::once(&u32::MAX)) {
                fingerprint = (fingerprint ^ k as u64).wrapping_mul(0x0100_0000_01b3);
            }
        }
        (self.seen.todo, self.seen.next) = (todo, next);
        let mut seen_parent = Vec::with_capacity(parents.len());
        parents.retain(|p| {
            let fresh = !seen_parent.contains(p);
            if fresh {
                seen_parent.push(*p);
            }
            fresh
        });
        let removals = hash_order(&step.removed);
        Some(Box::new(Inner { removals, parents, fingerprint }))
    }

    /// The conclusions every one of `chains` reaches (a double implication, a cell or a region
    /// forcing chain), in the order of the first chain's candidates, the ons first.
    fn common_conclusions(&mut self, chains: &[&Chain], kind: Kind, found: &mut Vec<Found>) {
        let first = chains[0];
        for on in [true, false] {
            let mut common = if on { first.on_bits } else { first.off_bits };
            for o in &chains[1..] {
                let bits = if on { &o.on_bits } else { &o.off_bits };
                for (w, b) in common.iter_mut().zip(bits) {
                    *w &= b;
                }
            }
            if common == [0; BITS] {
                continue;
            }
            let list = if on { &first.on_list } else { &first.off_list };
            for &p in list {
                let nd = first.nodes[p as usize];
                let (tc, td) = (nd.cell as usize, nd.digit);
                let k = cand(tc, td);
                if common[k / 64] >> (k % 64) & 1 != 0 {
                    self.conclude(chains.iter().map(|o| (*o, o.get(tc, td, on))), kind, (tc, td, on), found);
                }
            }
        }
    }

    /// The implications of candidate (c, d) assumed on, and the contradiction they reach if
    /// any, computed once per search: the cell's own chains and the region chains of the cells
    /// before it in a region both need them.
    fn on_chain<'c>(
        &mut self,
        cache: &'c mut OnCache,
        c: usize,
        d: u8,
        dynamic: bool,
        nishio: bool,
        ctx: &mut Ctx,
    ) -> Result<&'c OnChain, SeError> {
        let k = cand(c, d);
        if cache[k].is_none() {
            let mut ch = self.take();
            let n = ch.node(c, d, true, &[]);
            ch.insert(n);
            let absurd = self.chaining(&mut ch, dynamic, nishio, ctx)?;
            cache[k] = Some((ch, absurd));
        }
        Ok(cache[k].as_ref().expect("just filled"))
    }

    /// Nishio, multiple and dynamic forcing chains, cell by cell.
    fn multiple(
        &mut self,
        multiple: bool,
        dynamic: bool,
        nishio: bool,
        found: &mut Vec<Found>,
        ctx: &mut Ctx,
    ) -> Result<(), SeError> {
        let (base, tech_cell, tech_region, tech_binary) = if nishio {
            (75, Technique::NishioForcingChain, Technique::NishioForcingChain, Technique::NishioForcingChain)
        } else if dynamic {
            let tech = match self.level {
                0 => Technique::DynamicForcingChain,
                1 => Technique::DynamicForcingChainPlus,
                2 => Technique::NestedForcingChain,
                3 => Technique::NestedMultipleForcingChain,
                _ => Technique::NestedDynamicForcingChain,
            };
            (85 + 5 * self.level.min(4), tech, tech, tech)
        } else {
            (80, Technique::CellForcingChain, Technique::RegionForcingChain, Technique::CellForcingChain)
        };
        let mut cache: OnCache = std::mem::take(&mut self.cache);
        cache.resize_with(NC * N, || None);
        let result = self.multiple_cells(
            &mut cache,
            (multiple, dynamic, nishio),
            (base, tech_cell, tech_region, tech_binary),
            found,
            ctx,
        );
        for slot in cache.iter_mut() {
            if let Some((ch, _)) = slot.take() {
                self.give(ch);
            }
        }
        self.cache = cache;
        result
    }

    fn multiple_cells(
        &mut self,
        cache: &mut OnCache,
        (multiple, dynamic, nishio): (bool, bool, bool),
        (base, tech_cell, tech_region, tech_binary): (u32, Technique, Technique, Technique),
        found: &mut Vec<Found>,
        ctx: &mut Ctx,
    ) -> Result<(), SeError> {
        for c in 0..NC {
            let cands = self.b.cand[c];
            let card = count(cands);
            if self.b.value[c] != 0 || !(card > 2 || card > 1 && dynamic) {
                continue;
            }
            ctx.check()?;
            for d in digits(cands) {
                let do_double = card >= 3 && !nishio && dynamic;
                let do_contradiction = dynamic || nishio;
                // Assume (c, d) on.
                let (on_ch, absurd) = self.on_chain(cache, c, d, dynamic, nishio, ctx)?;
                if do_contradiction {
                    if let Some((a_on, a_off)) = *absurd {
                        self.conclude([(&**on_ch, a_on), (&**on_ch, a_off)], (base, tech_binary, 7, 0), (c, d, false), found);
                    }
                }
                // Assume (c, d) off, when something uses it (static multiple forcing chains only
                // use the on chains).
                if do_contradiction || do_double {
                    let mut off_ch = self.take();
                    let n = off_ch.node(c, d, false, &[]);
                    off_ch.insert(n);
                    let absurd = self.chaining(&mut off_ch, dynamic, nishio, ctx)?;
                    let on_ch = &cache[cand(c, d)].as_ref().expect("computed above").0;
                    if do_contradiction {
                        if let Some((a_on, a_off)) = absurd {
                            self.conclude([(&*off_ch, a_on), (&*off_ch, a_off)], (base, tech_binary, 7, 0), (c, d, true), found);
                        }
                    }
                    if do_double {
                        self.common_conclusions(&[on_ch, &off_ch], (base, tech_binary, 1, 0), found);
                    }
                    self.give(off_ch);
                }
                if !nishio {
                    self.regions(cache, c, d, (multiple, dynamic, nishio), base, tech_region, found, ctx)?;
                }
            }
            if !nishio && (card == 2 || multiple && card > 2) {
                let outcomes: Vec<&Chain> =
                    digits(cands).map(|v| &*cache[cand(c, v)].as_ref().expect("computed").0).collect();
                self.common_conclusions(&outcomes, (base, tech_cell, 5, BY_CELL), found);
            }
        }
        Ok(())
    }

    /// Region forcing chains from the regions where (c, d) is the first place of d.
    #[allow(clippy::too_many_arguments)]
    fn regions(
        &mut self,
        cache: &mut OnCache,
        c: usize,
        d: u8,
        (multiple, dynamic, nishio): (bool, bool, bool),
        base: u32,
        tech: Technique,
        found: &mut Vec<Found>,
        ctx: &mut Ctx,
    ) -> Result<(), SeError> {
        for t in [BOX, ROW, COL] {
            let r = T.of[c][t] as usize;
            let pos = self.b.positions(t, r, d);
            let n = count(pos);
            if !(n == 2 || multiple && n > 2) {
                continue;
            }
            let first = T.region[t][r][pos.trailing_zeros() as usize] as usize;
            if first != c {
                continue;
            }
            let places: Vec<usize> = region_cells(t, r, pos).collect();
            for &o in &places {
                self.on_chain(cache, o, d, dynamic, nishio, ctx)?;
            }
            let chains: Vec<&Chain> =
                places.iter().map(|&o| &*cache[cand(o, d)].as_ref().expect("computed").0).collect();
            self.common_conclusions(&chains, (base, tech, 6, BY_REGION + t as u8), found);
        }
        Ok(())
    }
}
