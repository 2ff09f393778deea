//! Singles, intersections, subsets and fish as Sudoku Explainer finds them, including its
//! "direct" forms: a pattern that leaves a hidden single, rated by the pattern and placing it.

use super::board::{bit, cells, combinations, count, digits, region_cells, Board, Cells, ALL_DIGITS, BOX, COL, ROW, T};
use super::{Mask, B, N};
use super::{SeStep, Technique};

/// The region types in the order singles and subsets search them: boxes, columns, rows.
const SEARCH: [usize; 3] = [BOX, COL, ROW];

/// Where a finder hands each step it finds, in Sudoku Explainer's order; true stops the search.
/// The path's [`First`] is a type of its own, so that the finders it calls compile to the plain
/// search for the first step; a closure lists them all.
pub(super) trait Sink {
    fn take(&mut self, step: SeStep) -> bool;
}

impl<F: FnMut(SeStep) -> bool + ?Sized> Sink for F {
    fn take(&mut self, step: SeStep) -> bool {
        self(step)
    }
}

/// The sink of the path: keeps the first step and stops.
pub(super) struct First(Option<SeStep>);

impl Sink for First {
    #[inline(always)]
    fn take(&mut self, step: SeStep) -> bool {
        self.0 = Some(step);
        true
    }
}

/// What the finders that take the easiest of all they find (turbot fish, three strong links,
/// WXYZ- and VWXYZ-Wings, unique loops) keep: the path keeps the best, the step with the least
/// key (the first found among equals), and skips what cannot beat it; a listing keeps every
/// step, and hands them out least key first (so the path's step comes first), each pattern once.
pub(super) struct Pick<K> {
    every: bool,
    found: Vec<(K, SeStep)>,
    /// A listing went past [`PICK_CAP`] steps.
    pub(super) overflowed: bool,
}

/// The most steps a listing of one technique keeps (the larger grids can hold hundreds of
/// thousands of turbot fish).
pub(super) const PICK_CAP: usize = 20_000;

impl<K: PartialOrd> Pick<K> {
    /// The path's: the best step only.
    pub(super) fn best() -> Pick<K> {
        Pick { every: false, found: Vec::new(), overflowed: false }
    }

    /// A listing's: every step.
    pub(super) fn every() -> Pick<K> {
        Pick { every: true, found: Vec::new(), overflowed: false }
    }

    /// Whether the best kept so far makes the search skip what `beats` says it beats (never
    /// for a listing).
    pub(super) fn beaten(&self, beats: impl Fn(&K) -> bool) -> bool {
        !self.every && self.found.first().is_some_and(|(k, _)| beats(k))
    }

    /// Whether a step of `key` would be kept (then build it and [`Pick::offer`] it).
    pub(super) fn takes(&self, key: &K) -> bool {
        self.every || self.found.first().is_none_or(|(k, _)| key < k)
    }

    /// Keeps the step of `key` if [`Pick::takes`] it.
    pub(super) fn offer(&mut self, key: K, step: SeStep) {
        if self.every && self.found.len() >= PICK_CAP {
            self.overflowed = true;
            return;
        }
        if self.takes(&key) {
            if !self.every {
                self.found.clear();
            }
            self.found.push((key, step));
        }
    }

    /// The best step (the path's: it keeps one step at most, so nothing is sorted).
    pub(super) fn first(self) -> Option<SeStep> {
        if self.every {
            return self.into_steps().into_iter().next();
        }
        self.found.into_iter().next().map(|(_, s)| s)
    }

    /// The steps kept, least key first (a stable sort: the first found first among equals),
    /// each pattern (technique, difficulty, removals and cells) once.
    pub(super) fn into_steps(mut self) -> Vec<SeStep> {
        self.found.sort_by(|(a, _), (b, _)| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
        let mut seen = std::collections::HashSet::new();
        let mut out: Vec<SeStep> = Vec::with_capacity(self.found.len());
        for (_, s) in self.found {
            if seen.insert((s.technique as u32, s.difficulty, s.removed.clone(), s.cells.clone())) {
                out.push(s);
            }
        }
        out
    }
}

/// The first step a finder hands out (what the path takes).
#[inline(always)]
pub(super) fn first(find: impl FnOnce(&mut First) -> bool) -> Option<SeStep> {
    let mut f = First(None);
    find(&mut f);
    f.0
}

/// A region with one empty cell left (full house, 1.0).
pub(super) fn full_house(b: &Board) -> Option<SeStep> {
    first(|sink| singles(b, true, sink))
}

/// A digit with one place left in a box (1.2), a column or a row (1.5), not a full house.
pub(super) fn hidden_single(b: &Board) -> Option<SeStep> {
    first(|sink| singles(b, false, sink))
}

/// Full houses (`alone`) or the other hidden singles, each to `sink`; true when it stopped.
pub(super) fn singles<S: Sink + ?Sized>(b: &Board, alone: bool, sink: &mut S) -> bool {
    {
        for t in SEARCH {
            for r in 0..N {
                for d in 1..=N as u8 {
                    let pos = b.positions(t, r, d);
                    if count(pos) == 1 {
                        let is_alone = b.empty_count(t, r) == 1;
                        if is_alone == alone {
                            let c = T.region[t][r][pos.trailing_zeros() as usize] as usize;
                            let (tech, diff) = match (is_alone, t) {
                                (true, _) => (Technique::FullHouse, 10),
                                (false, BOX) => (Technique::HiddenSingleBox, 12),
                                _ => (Technique::HiddenSingleLine, 15),
                            };
                            if sink.take(SeStep::placement(tech, diff, c, d).on([c]).about(bit(d)).within(t, r)) {
                                return true;
                            }
                        }
                    }
                }
            }
        }
    }
    false
}

pub(super) fn naked_single(b: &Board) -> Option<SeStep> {
    first(|sink| naked_singles(b, sink))
}

/// Every naked single (2.3), cell by cell, to `sink`; true when it stopped.
pub(super) fn naked_singles<S: Sink + ?Sized>(b: &Board, sink: &mut S) -> bool {
    (0..N * N).filter(|&c| b.value[c] == 0 && count(b.cand[c]) == 1).any(|c| {
        sink.take(SeStep::placement(Technique::NakedSingle, 23, c, b.cand[c].trailing_zeros() as u8 + 1).on([c]))
    })
}

/// Whether two regions of different types share cells.
fn crosses(t1: usize, r1: usize, t2: usize, r2: usize) -> bool {
    !(T.region_set[t1][r1] & T.region_set[t2][r2]).is_empty()
}

/// The pairs of region types locked candidates look at, (where the digit is confined, where it
/// is removed), in Sudoku Explainer's order: box-column, box-row (pointing), column-box, row-box
/// (claiming).
pub(super) const POINTING: [(usize, usize); 2] = [(BOX, COL), (BOX, ROW)];
pub(super) const CLAIMING: [(usize, usize); 2] = [(COL, BOX), (ROW, BOX)];

/// The removals of locked candidates: `d` leaves the cells of region 2 outside region 1.
fn locking_removals(b: &Board, t1: usize, r1: usize, t2: usize, r2: usize, d: u8) -> Vec<(usize, Mask)> {
    let outside = T.region_set[t2][r2] & !T.region_set[t1][r1];
    cells(b.holding(outside, d)).map(|c| (c, bit(d))).collect()
}

/// The region of type `t2` that holds every place (two or more) of `d` in region `r1` of type
/// `t1`, if one does (regions of one type are disjoint: at most one).
///
/// Read from the positions of `d` in `r1`: a box's cells go row by row, so a row of it is a
/// band of `B` positions and a column every `B`-th; a line's positions go along it, so a box
/// of it is a band.
fn locked_in(b: &Board, t1: usize, r1: usize, t2: usize, d: u8) -> Option<usize> {
    let places = b.positions(t1, r1, d);
    if places & places.wrapping_sub(1) == 0 {
        return None; // fewer than two
    }
    let first = places.trailing_zeros() as usize;
    const BAND: Mask = ((1u64 << B) - 1) as Mask;
    const STACK: Mask = {
        let (mut m, mut i) = (0 as Mask, 0);
        while i < B {
            m |= 1 << (B * i);
            i += 1;
        }
        m
    };
    let within = if t1 == BOX && t2 == COL { STACK << (first % B) } else { BAND << (first / B * B) };
    let r2 = T.of[T.region[t1][r1][first] as usize][t2] as usize;
    (places & !within == 0).then_some(r2)
}

fn count_cells(set: Cells) -> u32 {
    set.count()
}

/// Direct pointing and claiming: locked candidates after which another region of the first
/// type has one place left for the digit (1.7 from a box, 1.9 from a line). The step places
/// that hidden single only, as Sudoku Explainer's does.
pub(super) fn direct_locking(b: &Board, pairs: [(usize, usize); 2]) -> Option<SeStep> {
    first(|sink| direct_lockings(b, pairs, sink))
}

/// Every direct pointing or claiming ([`direct_locking`]) to `sink`; true when it stopped.
pub(super) fn direct_lockings<S: Sink + ?Sized>(b: &Board, pairs: [(usize, usize); 2], sink: &mut S) -> bool {
    for (t1, t2) in pairs {
        for d in 1..=N as u8 {
            for r1 in 0..N {
                if let Some(r2) = locked_in(b, t1, r1, t2, d) {
                    for r3 in (0..N).filter(|&r3| r3 != r1 && crosses(t1, r3, t2, r2)) {
                        let places3 = b.holding(T.region_set[t1][r3], d);
                        if count_cells(places3) > 1 {
                            let remain = places3 & !T.region_set[t2][r2];
                            if count_cells(remain) == 1 {
                                let (tech, diff) = if t1 == BOX {
                                    (Technique::DirectPointing, 17)
                                } else {
                                    (Technique::DirectClaiming, 19)
                                };
                                let c = remain.first();
                                let locked = b.holding(T.region_set[t1][r1], d);
                                let step = SeStep::placement(tech, diff, c, d).on(cells(locked)).on([c]);
                                if sink.take(step.about(bit(d)).within(t1, r1)) {
                                    return true;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    false
}

/// Every locked set of the region-type pairs, in Sudoku Explainer's order: `f(t1, r1, t2, r2,
/// d)` for digit `d` confined (two or more places) in region `r1` of type `t1` to region `r2` of
/// type `t2`; `f` returns true to stop. With `before` (the board with more candidates a chain
/// started from, for the patterns inside it), only the sets whose region `r1` had a place of
/// `d` struck since.
pub(super) fn locked_sets(
    b: &Board,
    pairs: [(usize, usize); 2],
    before: Option<&Board>,
    f: &mut dyn FnMut(usize, usize, usize, usize, u8) -> bool,
) -> bool {
    for (t1, t2) in pairs {
        for d in 1..=N as u8 {
            for r1 in 0..N {
                if before.is_some_and(|a| a.positions(t1, r1, d) & !b.positions(t1, r1, d) == 0) {
                    continue;
                }
                if let Some(r2) = locked_in(b, t1, r1, t2, d) {
                    if f(t1, r1, t2, r2, d) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// Pointing (2.6) and claiming (2.8).
pub(super) fn locking(b: &Board, pairs: [(usize, usize); 2]) -> Option<SeStep> {
    first(|sink| lockings(b, pairs, sink))
}

/// Every pointing or claiming ([`locking`]) to `sink`; true when it stopped.
pub(super) fn lockings<S: Sink + ?Sized>(b: &Board, pairs: [(usize, usize); 2], sink: &mut S) -> bool {
    locked_sets(b, pairs, None, &mut |t1, r1, t2, r2, d| {
        let removed = locking_removals(b, t1, r1, t2, r2, d);
        if removed.is_empty() {
            return false;
        }
        let (tech, diff) = if t2 != BOX { (Technique::Pointing, 26) } else { (Technique::Claiming, 28) };
        let locked = b.holding(T.region_set[t1][r1], d);
        sink.take(SeStep::removal(tech, diff, removed).on(cells(locked)).about(bit(d)).within(t1, r1))
    })
}

/// Every naked set of `degree` cells, in Sudoku Explainer's order: `f(t, r, m, union)` for the
/// cells at positions `m` of region `r` of type `t` (at least `2 * degree` empty cells), each
/// with two to `degree` candidates, `degree` digits (`union`) between them; `f` returns true to
/// stop.
pub(super) fn naked_sets(b: &Board, degree: u32, f: &mut dyn FnMut(usize, usize, Mask, Mask) -> bool) -> bool {
    for t in SEARCH {
        for r in 0..N {
            if b.empty_count(t, r) < degree * 2 {
                continue;
            }
            let region = &T.region[t][r];
            let eligible = (0..N)
                .filter(|&p| (2..=degree).contains(&count(b.cand[region[p] as usize])))
                .fold(0 as Mask, |m, p| m | 1 << p);
            if degree == 2 {
                // Two cells with the same two candidates, in the order of `combinations`.
                let mut found: Vec<Mask> = Vec::new();
                for p1 in (0..N).filter(|&p| eligible >> p & 1 != 0) {
                    for p2 in (p1 + 1..N).filter(|&p| eligible >> p & 1 != 0) {
                        if b.cand[region[p1] as usize] == b.cand[region[p2] as usize] {
                            found.push((1 << p1 | 1 << p2) as Mask);
                        }
                    }
                }
                found.sort_unstable();
                for m in found {
                    let union = b.cand[region[m.trailing_zeros() as usize] as usize];
                    if f(t, r, m, union) {
                        return true;
                    }
                }
                continue;
            }
            for m in combinations(degree, eligible) {
                let mut union = 0 as Mask;
                let mut rest = m;
                while rest != 0 {
                    union |= b.cand[region[rest.trailing_zeros() as usize] as usize];
                    rest &= rest - 1;
                }
                if count(union) == degree && f(t, r, m, union) {
                    return true;
                }
            }
        }
    }
    false
}

/// Naked pairs, triples and quads (3.0, 3.6, 5.0): `degree` cells of a region with at least
/// `2 * degree` empty cells, each with two or more candidates, `degree` digits between them.
pub(super) fn naked_set(b: &Board, degree: u32) -> Option<SeStep> {
    first(|sink| naked_set_steps(b, degree, sink))
}

/// Every naked set step of `degree` ([`naked_set`]) to `sink`; true when it stopped.
pub(super) fn naked_set_steps<S: Sink + ?Sized>(b: &Board, degree: u32, sink: &mut S) -> bool {
    naked_sets(b, degree, &mut |t, r, m, union| {
        let removed = b.removals_outside(region_cells(t, r, !m & ALL_DIGITS), !union);
        if removed.is_empty() {
            return false;
        }
        let (tech, diff) = match degree {
            2 => (Technique::NakedPair, 30),
            3 => (Technique::NakedTriple, 36),
            _ => (Technique::NakedQuad, 50),
        };
        sink.take(SeStep::removal(tech, diff, removed).on(region_cells(t, r, m)).about(union).within(t, r))
    })
}

/// Every hidden set of `degree` digits, in Sudoku Explainer's order: `f(t, r, m, union)` for
/// the digits `m` of region `r` of type `t`, each in two to `degree` places, `degree` places
/// (`union`, as positions) between them, in regions with more than `2 * degree` empty cells
/// (more than `degree` for the `direct` forms); `f` returns true to stop.
pub(super) fn hidden_sets(b: &Board, degree: u32, direct: bool, f: &mut dyn FnMut(usize, usize, Mask, Mask) -> bool) -> bool {
    for t in SEARCH {
        for r in 0..N {
            let empty = b.empty_count(t, r);
            if !(empty > degree * 2 || direct && empty > degree) {
                continue;
            }
            let eligible = (1..=N as u8)
                .filter(|&d| (2..=degree).contains(&count(b.positions(t, r, d))))
                .fold(0 as Mask, |m, d| m | bit(d));
            if degree == 2 {
                // Two digits with the same two places, in the order of `combinations`.
                let mut found: Vec<Mask> = Vec::new();
                for d1 in digits(eligible) {
                    for d2 in digits(eligible & !(bit(d1) | (bit(d1) - 1))) {
                        if b.positions(t, r, d1) == b.positions(t, r, d2) {
                            found.push(bit(d1) | bit(d2));
                        }
                    }
                }
                found.sort_unstable();
                for m in found {
                    let union = b.positions(t, r, m.trailing_zeros() as u8 + 1);
                    if f(t, r, m, union) {
                        return true;
                    }
                }
                continue;
            }
            for m in combinations(degree, eligible) {
                let union = digits(m).fold(0 as Mask, |u, d| u | b.positions(t, r, d));
                if count(union) == degree && f(t, r, m, union) {
                    return true;
                }
            }
        }
    }
    false
}

/// Hidden pairs, triples and quads (3.4, 4.0, 5.4): `degree` digits of a region with more than
/// `2 * degree` empty cells, each in two or more places, `degree` places between them. The
/// direct forms (pair 2.0, triple 2.5) need more than `degree` empty cells and only place the
/// hidden single the set leaves for another digit.
pub(super) fn hidden_set(b: &Board, degree: u32, direct: bool) -> Option<SeStep> {
    first(|sink| hidden_set_steps(b, degree, direct, sink))
}

/// Every hidden set step ([`hidden_set`]) to `sink`; true when it stopped.
pub(super) fn hidden_set_steps<S: Sink + ?Sized>(b: &Board, degree: u32, direct: bool, sink: &mut S) -> bool {
    hidden_sets(b, degree, direct, &mut |t, r, m, union| {
        if direct {
            for d in (1..=N as u8).filter(|&d| m & bit(d) == 0) {
                let pos = b.positions(t, r, d);
                if count(pos) > 1 && count(pos & !union) == 1 {
                    let c = T.region[t][r][(pos & !union).trailing_zeros() as usize] as usize;
                    let (tech, diff) =
                        if degree == 2 { (Technique::DirectHiddenPair, 20) } else { (Technique::DirectHiddenTriple, 25) };
                    let step = SeStep::placement(tech, diff, c, d).on(region_cells(t, r, union)).on([c]);
                    return sink.take(step.about(m | bit(d)).within(t, r));
                }
            }
            return false;
        }
        let removed = b.removals_outside(region_cells(t, r, union), m);
        if removed.is_empty() {
            return false;
        }
        let (tech, diff) = match degree {
            2 => (Technique::HiddenPair, 34),
            3 => (Technique::HiddenTriple, 40),
            _ => (Technique::HiddenQuad, 54),
        };
        sink.take(SeStep::removal(tech, diff, removed).on(region_cells(t, r, union)).about(m).within(t, r))
    })
}

/// Every fish of `degree` base lines, in Sudoku Explainer's order: `f(base, cover, m, d, union)`
/// for digit `d` (placed at most `N - 2 * degree` times) whose places in the lines `m` of type
/// `base`, two to `degree` each, lie in the `degree` lines `union` of type `cover`; columns
/// first; `f` returns true to stop. With `before`, only the fish with a place of `d` struck
/// since in a base line (see [`locked_sets`]).
pub(super) fn fishes(
    b: &Board,
    degree: u32,
    before: Option<&Board>,
    f: &mut dyn FnMut(usize, usize, Mask, u8, Mask) -> bool,
) -> bool {
    let mut placed = [0u32; N + 1];
    for &v in &b.value {
        placed[v as usize] += 1;
    }
    for (base, cover) in [(COL, ROW), (ROW, COL)] {
        // The base regions each digit can use: two to `degree` places.
        let mut eligible = [0 as Mask; N + 1];
        let mut touched = [ALL_DIGITS; N + 1];
        for d in 1..=N as u8 {
            if let Some(a) = before {
                touched[d as usize] =
                    (0..N).filter(|&r| a.positions(base, r, d) & !b.positions(base, r, d) != 0).fold(0, |s, r| s | 1 << r);
            }
            if touched[d as usize] != 0 && placed[d as usize] + degree * 2 <= N as u32 {
                eligible[d as usize] = (0..N)
                    .filter(|&r| (2..=degree).contains(&count(b.positions(base, r, d))))
                    .fold(0, |m, r| m | 1 << r);
            }
        }
        if degree == 2 {
            // X-Wings: two lines with the same two places, found by pairs and visited in the
            // order of the general loop below (lines `m` ascending, then digits).
            let mut found: Vec<(Mask, u8, Mask)> = Vec::new();
            for d in 1..=N as u8 {
                let lines = eligible[d as usize];
                for r1 in (0..N).filter(|&r| lines >> r & 1 != 0) {
                    let p1 = b.positions(base, r1, d);
                    for r2 in (r1 + 1..N).filter(|&r| lines >> r & 1 != 0) {
                        let m = (1 << r1 | 1 << r2) as Mask;
                        if b.positions(base, r2, d) == p1 && m & touched[d as usize] != 0 {
                            found.push((m, d, p1));
                        }
                    }
                }
            }
            found.sort_unstable();
            for (m, d, union) in found {
                if f(base, cover, m, d, union) {
                    return true;
                }
            }
            continue;
        }
        for m in combinations(degree, ALL_DIGITS) {
            for d in 1..=N as u8 {
                if m & !eligible[d as usize] != 0 || m & touched[d as usize] == 0 {
                    continue;
                }
                let mut union = 0 as Mask;
                let mut rest = m;
                while rest != 0 {
                    union |= b.positions(base, rest.trailing_zeros() as usize, d);
                    rest &= rest - 1;
                }
                if count(union) == degree && f(base, cover, m, d, union) {
                    return true;
                }
            }
        }
    }
    false
}

/// X-Wing, Swordfish and Jellyfish (3.2, 3.8, 5.2): `degree` columns (then rows) whose places
/// for a digit, two or more each, lie in `degree` rows (columns); the digit leaves the rest of
/// those. Only digits placed at most `N - 2 * degree` times.
pub(super) fn fish(b: &Board, degree: u32) -> Option<SeStep> {
    first(|sink| fish_steps(b, degree, sink))
}

/// Every fish step of `degree` ([`fish`]) to `sink`; true when it stopped.
pub(super) fn fish_steps<S: Sink + ?Sized>(b: &Board, degree: u32, sink: &mut S) -> bool {
    fishes(b, degree, None, &mut |base, cover, m, d, union| {
        let removed: Vec<(usize, Mask)> = fish_removals(b, cover, m, d, union).map(|c| (c, bit(d))).collect();
        if removed.is_empty() {
            return false;
        }
        let (tech, diff) = match degree {
            2 => (Technique::XWing, 32),
            3 => (Technique::Swordfish, 38),
            _ => (Technique::Jellyfish, 52),
        };
        let base_cells = (0..N).filter(|r| m >> r & 1 != 0).flat_map(|r| region_cells(base, r, b.positions(base, r, d)));
        sink.take(SeStep::removal(tech, diff, removed).on(base_cells).about(bit(d)))
    })
}

/// The places of `d` a fish removes: in its cover lines (`union`, of type `cover`), outside its
/// base lines (`m`), line by line.
pub(super) fn fish_removals(b: &Board, cover: usize, m: Mask, d: u8, union: Mask) -> impl Iterator<Item = usize> + '_ {
    (0..N).filter(move |r2| union >> r2 & 1 != 0).flat_map(move |r2| {
        T.region[cover][r2]
            .iter()
            .enumerate()
            .filter(move |&(p, &c)| m >> p & 1 == 0 && b.cand[c as usize] & bit(d) != 0)
            .map(|(_, &c)| c as usize)
    })
}
