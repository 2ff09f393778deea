//! The single-digit patterns players name (issue 48; HoDoKu's and SudokuWiki's names): the
//! skyscraper, the 2-String Kite and the empty rectangle. Sudoku Explainer finds the same
//! eliminations as turbot fish (`wings.rs`); these finders name them as a player does.
//!
//! A conjugate pair of digit `d` is a unit with exactly two places for it: one of the two holds
//! it. Each pattern joins two such links (or a link and a box's cross) so that one of two cells
//! holds `d`, and `d` leaves every cell that sees both.

use super::basics::Sink;
use super::board::{bit, cells, seeing_all, Board, Cells, BOX, COL, ROW, T};
use super::wings::node_chain;
use super::{SeStep, Technique, B, N};

/// The conjugate pairs of `d` in the units of type `t`: (unit, first place, second place), the
/// places in the unit's order.
fn pairs(b: &Board, t: usize, d: u8) -> Vec<(usize, usize, usize)> {
    (0..N)
        .filter_map(|r| {
            let places = b.holding(T.region_set[t][r], d);
            (places.count() == 2).then(|| {
                let mut it = cells(places);
                let (x, y) = (it.next().expect("two"), it.next().expect("two"));
                (r, x, y)
            })
        })
        .collect()
}

/// What `d` leaves: the cells holding it that see both `x` and `y`, outside `pattern`.
fn victims(b: &Board, d: u8, x: usize, y: usize, pattern: Cells) -> Vec<(usize, super::Mask)> {
    let seen = seeing_all(Cells::EMPTY.with(x).with(y)) & !pattern;
    cells(b.holding(seen, d)).map(|c| (c, bit(d))).collect()
}

/// The step of a chain `x - base1 = base2 - y` on `d` (free ends `x`, `y`), if it removes any.
fn two_links(b: &Board, t: Technique, d: u8, chain: [usize; 4]) -> Option<SeStep> {
    let pattern = chain.iter().fold(Cells::EMPTY, |s, &c| s.with(c));
    if pattern.count() != 4 {
        return None;
    }
    let removed = victims(b, d, chain[0], chain[3], pattern);
    if removed.is_empty() {
        return None;
    }
    let nodes: Vec<Cells> = chain.iter().map(|&c| Cells::EMPTY.with(c)).collect();
    Some(node_chain(SeStep::removal(t, t.base(), removed), d, &nodes))
}

/// Every skyscraper to `sink` (true stops): two rows (or two columns) with two places each for
/// a digit, one end of each in the same column (row), the other two ends not; one of those
/// two holds the digit.
pub(super) fn skyscrapers<S: Sink + ?Sized>(b: &Board, sink: &mut S) -> bool {
    for d in 1..=N as u8 {
        for (t, cross) in [(ROW, COL), (COL, ROW)] {
            let list = pairs(b, t, d);
            for (i, &(_, a0, a1)) in list.iter().enumerate() {
                for &(_, b0, b1) in &list[i + 1..] {
                    for (base_a, free_a) in [(a0, a1), (a1, a0)] {
                        for (base_b, free_b) in [(b0, b1), (b1, b0)] {
                            let same = |x: usize, y: usize| T.of[x][cross] == T.of[y][cross];
                            if !same(base_a, base_b) || same(free_a, free_b) {
                                continue;
                            }
                            let chain = [free_a, base_a, base_b, free_b];
                            if let Some(s) = two_links(b, Technique::Skyscraper, d, chain) {
                                if sink.take(s) {
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

/// Every 2-String Kite to `sink` (true stops): a row and a column with two places each for a
/// digit, one end of each in one box (not the same cell), the other ends outside it.
pub(super) fn two_string_kites<S: Sink + ?Sized>(b: &Board, sink: &mut S) -> bool {
    for d in 1..=N as u8 {
        let (rows, cols) = (pairs(b, ROW, d), pairs(b, COL, d));
        for &(_, r0, r1) in &rows {
            for &(_, c0, c1) in &cols {
                for (in_r, free_r) in [(r0, r1), (r1, r0)] {
                    for (in_c, free_c) in [(c0, c1), (c1, c0)] {
                        let bx = T.of[in_r][BOX];
                        if in_r == in_c || T.of[in_c][BOX] != bx || T.of[free_r][BOX] == bx || T.of[free_c][BOX] == bx {
                            continue;
                        }
                        let chain = [free_r, in_r, in_c, free_c];
                        if let Some(s) = two_links(b, Technique::TwoStringKite, d, chain) {
                            if sink.take(s) {
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

/// Every empty rectangle to `sink` (true stops): a box whose places for a digit all lie in one
/// of its rows and one of its columns, with places in each outside the other (so the digit is
/// in that row or that column of the box), and a conjugate pair in a line crossing the box's
/// row (column) outside the box: its far end and the box's column (row) meet in a cell that
/// loses the digit. With `two` also a box of two places only, one in each arm (HoDoKu's
/// "Empty Rectangle with only two candidates", off by default: it is a turbot fish).
pub(super) fn empty_rectangles<S: Sink + ?Sized>(b: &Board, two: bool, sink: &mut S) -> bool {
    for d in 1..=N as u8 {
        for bx in 0..N {
            let in_box = b.holding(T.region_set[BOX][bx], d);
            let n = in_box.count() as usize;
            if n < 2 || n > 2 * B - 1 {
                continue;
            }
            let first = T.region[BOX][bx][0] as usize;
            let (row0, col0) = (first / N, first % N);
            for er_row in row0..row0 + B {
                for er_col in col0..col0 + B {
                    let row_set = T.region_set[ROW][er_row];
                    let col_set = T.region_set[COL][er_col];
                    if !(in_box & !row_set & !col_set).is_empty() {
                        continue;
                    }
                    let (row_part, col_part) = (in_box & row_set, in_box & col_set);
                    if (row_part & !col_set).is_empty() || (col_part & !row_set).is_empty() {
                        continue;
                    }
                    if !two && row_part.count() < 2 && col_part.count() < 2 {
                        continue;
                    }
                    // A conjugate pair in a column crossing the ER row outside the box, then in
                    // a row crossing the ER column.
                    for (line_t, line, cross_t, cross) in [(ROW, er_row, COL, er_col), (COL, er_col, ROW, er_row)] {
                        for x in cells(b.holding(T.region_set[line_t][line], d)) {
                            if T.of[x][BOX] as usize == bx {
                                continue;
                            }
                            let pair = b.holding(T.region_set[cross_t][T.of[x][cross_t] as usize], d);
                            if pair.count() != 2 {
                                continue;
                            }
                            let y = cells(pair.without(x)).next().expect("two");
                            // The cell of y's line (along line_t) in the ER's cross line.
                            let target = if line_t == ROW { (y / N) * N + cross } else { cross * N + y % N };
                            if T.of[target][BOX] as usize == bx || target == y || b.cand[target] & bit(d) == 0 {
                                continue;
                            }
                            let removed = vec![(target, bit(d))];
                            let step = SeStep::removal(Technique::EmptyRectangle, Technique::EmptyRectangle.base(), removed)
                                .on(cells(in_box).chain([x, y]))
                                .about(bit(d))
                                .within(BOX, bx);
                            let mut step = step;
                            step.links.push(((x, d, false), (y, d, true)));
                            if sink.take(step) {
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

/// Every dual 2-String Kite to `sink` (true stops; HoDoKu's): two kites through the same two
/// cells of a box (the row's and the column's ends swapped, or, as HoDoKu pairs them, kites of
/// two digits both cells hold), with different removals: the first kite's and the second's.
pub(super) fn dual_two_string_kites<S: Sink + ?Sized>(b: &Board, sink: &mut S) -> bool {
    let mut kites: Vec<SeStep> = Vec::new();
    two_string_kites(b, &mut |s: SeStep| {
        kites.push(s);
        false
    });
    // A kite's chain is free end, box end, box end, free end: its box cells are the middle two.
    let box_pair = |s: &SeStep| {
        let (x, y) = (s.links[1].0 .0, s.links[1].1 .0);
        (x.min(y), x.max(y))
    };
    for (i, k1) in kites.iter().enumerate() {
        for k2 in &kites[i + 1..] {
            if box_pair(k1) != box_pair(k2) || k1.removed[0] == k2.removed[0] {
                continue;
            }
            if sink.take(dual(Technique::DualTwoStringKite, k1, k2)) {
                return true;
            }
        }
    }
    false
}

/// Every dual empty rectangle to `sink` (true stops; HoDoKu's): two empty rectangles of one
/// digit in the same box (its places the same) with different removals: both.
pub(super) fn dual_empty_rectangles<S: Sink + ?Sized>(b: &Board, sink: &mut S) -> bool {
    let mut ers: Vec<SeStep> = Vec::new();
    empty_rectangles(b, true, &mut |s: SeStep| {
        ers.push(s);
        false
    });
    for (i, e1) in ers.iter().enumerate() {
        for e2 in &ers[i + 1..] {
            if e1.digits != e2.digits || e1.region != e2.region || e1.removed[0] == e2.removed[0] {
                continue;
            }
            if sink.take(dual(Technique::DualEmptyRectangle, e1, e2)) {
                return true;
            }
        }
    }
    false
}

/// The dual of two steps: the first's removals and the second's first, both patterns.
fn dual(t: Technique, s1: &SeStep, s2: &SeStep) -> SeStep {
    let mut removed = s1.removed.clone();
    if !removed.contains(&s2.removed[0]) {
        removed.push(s2.removed[0]);
    }
    removed.sort_unstable();
    let mut s = SeStep::removal(t, t.base(), removed).about(s1.digits | s2.digits).on(s1.cells.iter().chain(&s2.cells).copied());
    s.region = s1.region;
    s.links = s1.links.iter().chain(&s2.links).copied().collect();
    s
}
