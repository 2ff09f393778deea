//! Canonical forms: the minlex representative of a grid's equivalence class, equivalence, and
//! random equivalent grids.
//!
//! Two grids are equivalent when one becomes the other by relabelling digits, permuting rows
//! within a band, bands, columns within a stack, stacks, and transposing (for 9x9: 2 x 6⁴ x 6⁴
//! = 3,359,232 geometric transformations times 9! relabellings). The **minlex** form is the
//! lexicographically smallest row-major string over the whole class, a blank counting less than
//! every digit, digits relabelled in order of first appearance: the form the Sudoku community
//! uses to deduplicate puzzle lists (`000000000000000001000002030...` for the first 17-clue puzzle).
//! A solution grid's form begins `123456789`; for 84% of the 17-clue puzzles' solution grids the
//! second row is `457189236`, `456789123` or `456789132`.
//!
//! The search builds the minimal string row by row, cell by cell, and keeps every partial
//! transformation that still produces the smallest prefix, so the work grows with the number of
//! ties, not with the size of the group. The column order is kept as an ordered partition: of
//! stacks, and within each stack of columns, each part a set of lines still interchangeable.
//! Three searches share that frame:
//!
//! - **Puzzles** (`Lazy`): at each position the columns of the part there compete by their
//!   value in the row: blank, a label, or a digit not seen yet. Blanks go first, together, and
//!   stay interchangeable, so empty rows cost nothing. New digits that tie stay together too:
//!   their labels are *positional* (the rank of their column's final place among the row's new
//!   cells), the same for every order the part allows. A later row reading such a digit moves
//!   the column where it was first seen to the front of its part, the smallest label it can get;
//!   only two such moves that tie branch, and stacks that tie while holding digits.
//! - **Solution grids** (`Full`): the same idea with every column placed one at a time, and
//!   shortcuts for the second row of 9x9 and 4x4 grids, whose first box is known from the band's
//!   shape alone (see `pure_second_row` and `mixed_first_box`).
//! - **Grids that repeat a digit in a row or column** (`Eager`): such a digit's label depends
//!   on more than its position, so this older search orders tied new digits every way, eagerly.
//!   It is also the tests' oracle for the lazy one.
//!
//! Rows that are identical, and bands that are identical, are interchangeable and tried once.
//! Every search is exact for every size. A 9x9 puzzle or solution grid takes about 10 µs; a
//! generated 25x25 puzzle about 0.15 ms and a 25x25 solution grid about 1 ms (`sudoku-bench
//! --canonical`). The searches call the interrupt hook every 4,096 units of work (a state
//! extended, or one ordering of tied lines tried), and stop with [`CanonicalError::TooManyTies`]
//! rather than keep more than [`STATE_LIMIT`] partial transformations or do more than
//! [`WORK_LIMIT`] units of work (no 4x4 or 9x9 grid comes near either; grids that repeat one
//! digit in every line, whose symmetry groups are huge, reach them in about a second).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::grid::Grid;
use crate::search::{Interrupted, Meter};

/// The key of a digit not labelled yet; greater than every label.
const NEW: u8 = u8::MAX;
/// An undecided position, column, slot or stack.
const OPEN: u8 = u8::MAX;

/// The grid and its transpose, row-major.
struct Oriented {
    n: usize,
    b: usize,
    cells: [Vec<u8>; 2],
    /// Per orientation and row: the earlier rows of its band with the same content, as a
    /// bitmask. A row is tried only when they are all placed: identical rows are interchangeable.
    twin_rows: [[u32; 25]; 2],
    /// Per orientation and band: the earlier bands with the same content, likewise.
    twin_bands: [[u32; 5]; 2],
}

impl Oriented {
    fn new(grid: &Grid) -> Oriented {
        let n = grid.size();
        let a = grid.cells().to_vec();
        let mut t = vec![0; n * n];
        for r in 0..n {
            for c in 0..n {
                t[c * n + r] = a[r * n + c];
            }
        }
        let b = grid.shape().square_side().expect("square boxes");
        let mut g = Oriented { n, b, cells: [a, t], twin_rows: [[0; 25]; 2], twin_bands: [[0; 5]; 2] };
        let b = g.b;
        for t in 0..2u8 {
            for r in 0..n {
                let band = r / b;
                g.twin_rows[t as usize][r] =
                    (band * b..r).filter(|&q| g.row(t, q as u8) == g.row(t, r as u8)).fold(0, |m, q| m | 1 << q);
            }
            for band in 0..b {
                g.twin_bands[t as usize][band] =
                    (0..band).filter(|&o| g.band(t, o) == g.band(t, band)).fold(0, |m, o| m | 1 << o);
            }
        }
        g
    }

    /// True when no row or column repeats a digit: what the lazy search needs (a digit seen
    /// again is in another row and another column). Boxes do not matter to it.
    fn lines_distinct(&self) -> bool {
        self.cells.iter().all(|cells| {
            cells.chunks(self.n).all(|row| {
                let mut seen = 0u32;
                row.iter().all(|&v| {
                    let bit = (1u32 << v) & !1;
                    let fresh = seen & bit == 0;
                    seen |= bit;
                    fresh
                })
            })
        })
    }

    fn row(&self, t: u8, r: u8) -> &[u8] {
        let n = self.n;
        &self.cells[t as usize][r as usize * n..(r as usize + 1) * n]
    }

    fn band(&self, t: u8, band: usize) -> &[u8] {
        let (n, b) = (self.n, self.b);
        &self.cells[t as usize][band * b * n..(band + 1) * b * n]
    }
}

/// The rows already placed: the search's choice of rows, common to both searches.
#[derive(Clone, Copy)]
struct Rows {
    t: u8,
    /// Rows placed so far, as a bitmask of row numbers in orientation `t`.
    used: u32,
    /// Bands placed so far, as a bitmask.
    bands: u32,
    /// The band the next row comes from, while one is open.
    band: u8,
    /// The first row and the last row placed.
    first: u8,
    last: u8,
}

/// The rows that may come next after `rows`: `(band, row)`, identical rows and identical bands
/// tried once. `level` is the number of rows placed.
fn next_rows(g: &Oriented, rows: &Rows, level: usize, out: &mut Vec<(u8, u8)>) {
    out.clear();
    let b = g.b;
    let t = rows.t as usize;
    let consider_band = |band: usize, out: &mut Vec<(u8, u8)>| {
        for r in band * b..(band + 1) * b {
            if rows.used & (1 << r) == 0 && g.twin_rows[t][r] & !rows.used == 0 {
                out.push((band as u8, r as u8));
            }
        }
    };
    if level.is_multiple_of(b) {
        for band in 0..b {
            if rows.bands & (1 << band) == 0 && g.twin_bands[t][band] & !rows.bands == 0 {
                consider_band(band, out);
            }
        }
    } else {
        consider_band(rows.band as usize, out);
    }
}

/// A state of a search: the rows it placed.
trait Placed: Copy {
    fn rows_mut(&mut self) -> &mut Rows;
}

/// Replaces `states` by every state extended with every row that may come next, each then
/// prepared by `init`. `next` and `choices` are scratch space.
fn with_next_rows<T: Placed>(
    g: &Oriented,
    states: &mut Vec<T>,
    level: usize,
    next: &mut Vec<T>,
    choices: &mut Vec<(u8, u8)>,
    init: impl Fn(&mut T),
) {
    next.clear();
    for s in states.iter_mut() {
        next_rows(g, s.rows_mut(), level, choices);
        for &(band, r) in choices.iter() {
            let mut c = *s;
            place_row(c.rows_mut(), band, r);
            init(&mut c);
            next.push(c);
        }
    }
    std::mem::swap(states, next);
}

fn place_row(rows: &mut Rows, band: u8, r: u8) {
    if rows.used == 0 {
        rows.first = r;
    }
    rows.last = r;
    rows.used |= 1 << r;
    rows.bands |= 1 << band;
    rows.band = band;
}

/// A partial transformation of the eager search (grids that repeat a digit in a line).
#[derive(Clone, Copy)]
struct Eager {
    rows: Rows,
    /// Stacks in slot order; bit `i` of `stack_cut` separates slots `i` and `i + 1`.
    stack_order: [u8; 5],
    stack_cut: u8,
    /// Per stack, its columns (0..b within the stack) in offset order, with cuts as above.
    col_order: [[u8; 5]; 5],
    col_cut: [u8; 5],
    /// The label of each digit, 0 while unlabelled.
    label: [u8; 26],
    next: u8,
}

/// Runs of `order[..len]` that `cut` leaves together: `(start, end)` pairs.
fn runs(cut: u8, len: usize, mut f: impl FnMut(usize, usize)) {
    let mut start = 0;
    for i in 0..len {
        if i + 1 == len || cut & (1 << i) != 0 {
            f(start, i + 1);
            start = i + 1;
        }
    }
}

/// Sorts `items[start..end]` by `key` (insertion sort, stable: the run is at most 5 long).
fn sort_run<K: Ord + Copy>(items: &mut [u8], start: usize, end: usize, key: impl Fn(u8) -> K) {
    for i in start + 1..end {
        let x = items[i];
        let kx = key(x);
        let mut j = i;
        while j > start && key(items[j - 1]) > kx {
            items[j] = items[j - 1];
            j -= 1;
        }
        items[j] = x;
    }
}

/// Every ordering of each tied run, one after the other: calls `f` with each combination until
/// it returns false. False when stopped so.
fn permute_runs(state: &mut Eager, ties: &[(u8, u8, u8)], f: &mut impl FnMut(&Eager) -> bool) -> bool {
    let Some((&(which, start, end), rest)) = ties.split_first() else {
        return f(state);
    };
    let (start, end) = (start as usize, end as usize);
    // Heap's algorithm over the run.
    let len = end - start;
    let mut c = [0usize; 5];
    if !permute_runs(state, rest, f) {
        return false;
    }
    let mut i = 0;
    while i < len {
        if c[i] < i {
            let (x, y) = if i % 2 == 0 { (start, start + i) } else { (start + c[i], start + i) };
            let items = if which == 5 { &mut state.stack_order } else { &mut state.col_order[which as usize] };
            items.swap(x, y);
            if !permute_runs(state, rest, f) {
                return false;
            }
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    true
}

/// Extends `s` by row `r`: the smallest row it can give, and the states that give it.
fn extend_eager(
    g: &Oriented,
    s: &Eager,
    (band, r): (u8, u8),
    key_row: &mut [u8; 25],
    children: &mut Vec<Eager>,
    work: &mut Work,
) -> Result<(), CanonicalError> {
    let (n, b) = (g.n, g.b);
    let row = g.row(s.rows.t, r);
    let key = |col: usize| -> u8 {
        let v = row[col];
        if v == 0 {
            0
        } else if s.label[v as usize] != 0 {
            s.label[v as usize]
        } else {
            NEW
        }
    };
    let mut t = *s;
    place_row(&mut t.rows, band, r);
    if repeats_new_digit(row, &s.label) {
        return extend_every_way(g, t, row, key_row, children, work);
    }
    let mut sig = [[0u8; 5]; 5];
    for st in 0..b {
        let order = &mut t.col_order[st];
        let mut cut = t.col_cut[st];
        runs(t.col_cut[st], b, |a, e| {
            sort_run(order, a, e, |c| key(st * b + c as usize));
            for i in a..e - 1 {
                if key(st * b + order[i] as usize) != key(st * b + order[i + 1] as usize) {
                    cut |= 1 << i;
                }
            }
        });
        t.col_cut[st] = cut;
        for i in 0..b {
            sig[st][i] = key(st * b + order[i] as usize);
        }
    }
    let mut cut = t.stack_cut;
    runs(t.stack_cut, b, |a, e| {
        sort_run(&mut t.stack_order, a, e, |st| sig[st as usize]);
        for i in a..e - 1 {
            if sig[t.stack_order[i] as usize] != sig[t.stack_order[i + 1] as usize] {
                cut |= 1 << i;
            }
        }
    });
    t.stack_cut = cut;
    let mut k = [0u8; 25];
    for slot in 0..b {
        k[slot * b..(slot + 1) * b].copy_from_slice(&sig[t.stack_order[slot] as usize][..b]);
    }
    let mut next = s.next;
    for x in &mut k[..n] {
        if *x == NEW {
            *x = next;
            next += 1;
        }
    }
    if !still_smallest(&k[..n], &mut key_row[..n], children) {
        return Ok(());
    }
    // New digits that tie must be ordered every way: their labels follow the order.
    let mut ties: Vec<(u8, u8, u8)> = Vec::new();
    for st in 0..b {
        let mut cut = t.col_cut[st];
        runs(t.col_cut[st], b, |a, e| {
            if sig[st][a] == NEW && e - a > 1 {
                ties.push((st as u8, a as u8, e as u8));
            }
            for i in a..e {
                if sig[st][i] == NEW && i + 1 < b {
                    cut |= 1 << i;
                }
                if sig[st][i] == NEW && i > 0 {
                    cut |= 1 << (i - 1);
                }
            }
        });
        t.col_cut[st] = cut;
    }
    let mut cut = t.stack_cut;
    runs(t.stack_cut, b, |a, e| {
        if e - a > 1 && sig[t.stack_order[a] as usize].contains(&NEW) {
            ties.push((5, a as u8, e as u8));
            for i in a..e - 1 {
                cut |= 1 << i;
            }
        }
    });
    t.stack_cut = cut;
    let mut stopped = Ok(());
    permute_runs(&mut t, &ties, &mut |p: &Eager| {
        stopped = work.add(1).and_then(|()| within_limit(children));
        if stopped.is_err() {
            return false;
        }
        let mut c = *p;
        c.label_row(b, row);
        children.push(c);
        true
    });
    stopped
}

/// `TooManyTies` once `children` holds more than [`STATE_LIMIT`] states.
fn within_limit<T>(children: &[T]) -> Result<(), CanonicalError> {
    if children.len() > STATE_LIMIT {
        Err(CanonicalError::TooManyTies)
    } else {
        Ok(())
    }
}

impl Eager {
    /// Labels the new digits of `row` in the state's column order; the row as labelled.
    fn label_row(&mut self, b: usize, row: &[u8]) -> [u8; 25] {
        let mut labelled = [0u8; 25];
        for slot in 0..b {
            let st = self.stack_order[slot] as usize;
            for i in 0..b {
                let v = row[st * b + self.col_order[st][i] as usize] as usize;
                if v != 0 && self.label[v] == 0 {
                    self.label[v] = self.next;
                    self.next += 1;
                }
                labelled[slot * b + i] = if v == 0 { 0 } else { self.label[v] };
            }
        }
        labelled
    }
}

/// Compares a candidate row `k` with the smallest so far, `best`: false when it is larger; when
/// it is smaller, it becomes `best` and the states kept for the old one are dropped.
fn still_smallest(k: &[u8], best: &mut [u8], children: &mut Vec<Eager>) -> bool {
    match k.cmp(best) {
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Less => {
            best.copy_from_slice(k);
            children.clear();
            true
        }
        std::cmp::Ordering::Equal => true,
    }
}

/// True when `row` holds an unlabelled digit twice (only in grids with clashing givens): then
/// the labels of the row depend on more than the order of its new digits.
fn repeats_new_digit(row: &[u8], label: &[u8; 26]) -> bool {
    let mut seen = 0u32;
    for &v in row {
        if v != 0 && label[v as usize] == 0 {
            if seen & (1 << v) != 0 {
                return true;
            }
            seen |= 1 << v;
        }
    }
    false
}

/// [`extend_eager`] for a row that repeats a new digit: every column order the state allows
/// is tried, and the children keep fully ordered columns.
fn extend_every_way(
    g: &Oriented,
    mut t: Eager,
    row: &[u8],
    key_row: &mut [u8; 25],
    children: &mut Vec<Eager>,
    work: &mut Work,
) -> Result<(), CanonicalError> {
    let (n, b) = (g.n, g.b);
    let mut ties: Vec<(u8, u8, u8)> = Vec::new();
    for st in 0..b {
        runs(t.col_cut[st], b, |a, e| {
            if e - a > 1 {
                ties.push((st as u8, a as u8, e as u8));
            }
        });
        t.col_cut[st] = u8::MAX;
    }
    runs(t.stack_cut, b, |a, e| {
        if e - a > 1 {
            ties.push((5, a as u8, e as u8));
        }
    });
    t.stack_cut = u8::MAX;
    // Every ordering is tried, kept or not: the work, not only the states kept, is bounded.
    let mut stopped = Ok(());
    permute_runs(&mut t, &ties, &mut |p: &Eager| {
        stopped = work.add(1).and_then(|()| within_limit(children));
        if stopped.is_err() {
            return false;
        }
        let mut c = *p;
        let k = c.label_row(b, row);
        if still_smallest(&k[..n], &mut key_row[..n], children) {
            children.push(c);
        }
        true
    });
    stopped
}

/// A partial transformation of the lazy puzzle search (grids that repeat no digit in a row or column).
///
/// The column order is an ordered partition, as in [`Eager`], but the labels of new digits are
/// not chosen when they tie: a digit first seen in row `level` at column `c` gets label
/// `base[level] + 1 + (the rank of c's final position among the row's new positions,
/// newmask[level])`, so every order the partition allows gives the same prefix. A later row
/// that reads such a digit moves `c` to the front of its part (the smallest label it can get),
/// which is forced: only a tie between two such moves branches.
#[derive(Clone, Copy)]
struct Lazy<const B: usize, const N: usize, const D: usize> {
    rows: Rows,
    /// The row being built (rows placed, minus one).
    level: u8,
    /// Stacks in slot order, the slot of each stack, and cuts (bit `i`: slots `i`, `i + 1`
    /// apart).
    stack_order: [u8; B],
    slot_of: [u8; B],
    stack_cut: u8,
    /// Per stack: columns in offset order, the offset of each column, and cuts.
    col_order: [[u8; B]; B],
    off_of: [[u8; B]; B],
    col_cut: [u8; B],
    /// Where each digit was first seen: the row (plus one; 0 for unseen) and the column.
    seen_level: [u8; D],
    seen_col: [u8; D],
    /// Per row: the labels used before it, and the positions of its new digits.
    base: [u8; N],
    newmask: [u32; N],
    /// Labels used so far.
    used: u8,
    /// The row being built: its keys so far (`NEW` for a new digit) and the next position.
    keys: [u8; N],
    cursor: u8,
}

/// The run `(start, end)` of `cut` (bit `i` separates `i` and `i + 1`) that holds `i`.
fn run_of(cut: u8, len: usize, i: usize) -> (usize, usize) {
    let mut start = i;
    while start > 0 && cut & (1 << (start - 1)) == 0 {
        start -= 1;
    }
    let mut end = i + 1;
    while end < len && cut & (1 << (end - 1)) == 0 {
        end += 1;
    }
    (start, end)
}

/// Moves the items at the positions of `moved` (a bitmask within the part `start..end` of
/// `order`) to the front of the part, both groups in their order, and cuts after them when others
/// remain; `place` (each item's position) follows. How many moved.
fn to_front(order: &mut [u8], place: &mut [u8], cut: &mut u8, start: usize, end: usize, moved: u32) -> usize {
    let mut sorted = [0u8; 5];
    let mut k = 0;
    for pass in [true, false] {
        for i in start..end {
            if (moved >> i & 1 == 1) == pass {
                sorted[k] = order[i];
                k += 1;
            }
        }
    }
    for (i, &x) in sorted[..end - start].iter().enumerate() {
        order[start + i] = x;
        place[x as usize] = (start + i) as u8;
    }
    let count = moved.count_ones() as usize;
    if count < end - start {
        *cut |= 1 << (start + count - 1);
    }
    count
}

impl<const B: usize, const N: usize, const D: usize> Placed for Lazy<B, N, D> {
    fn rows_mut(&mut self) -> &mut Rows {
        &mut self.rows
    }
}

impl<const B: usize, const N: usize, const D: usize> Lazy<B, N, D> {
    fn start(t: u8) -> Self {
        let identity: [u8; B] = std::array::from_fn(|i| i as u8);
        Lazy {
            rows: Rows { t, used: 0, bands: 0, band: 0, first: 0, last: 0 },
            level: 0,
            stack_order: identity,
            slot_of: identity,
            stack_cut: 0,
            col_order: [identity; B],
            off_of: [identity; B],
            col_cut: [0; B],
            seen_level: [0; D],
            seen_col: [0; D],
            base: [0; N],
            newmask: [0; N],
            used: 0,
            keys: [0; N],
            cursor: 0,
        }
    }

    fn swap_slots(&mut self, a: usize, b: usize) {
        self.stack_order.swap(a, b);
        self.slot_of[self.stack_order[a] as usize] = a as u8;
        self.slot_of[self.stack_order[b] as usize] = b as u8;
    }

    fn swap_offsets(&mut self, stack: usize, a: usize, b: usize) {
        let order = &mut self.col_order[stack];
        order.swap(a, b);
        self.off_of[stack][order[a] as usize] = a as u8;
        self.off_of[stack][order[b] as usize] = b as u8;
    }

    /// Moves column `c` (and its stack) to the front of their parts and cuts them off there.
    fn individualize(&mut self, b: usize, c: usize) {
        let stack = c / b;
        let (start, end) = run_of(self.stack_cut, b, self.slot_of[stack] as usize);
        if end - start > 1 {
            self.swap_slots(start, self.slot_of[stack] as usize);
            self.stack_cut |= 1 << start;
        }
        let (start, end) = run_of(self.col_cut[stack], b, self.off_of[stack][c % b] as usize);
        if end - start > 1 {
            self.swap_offsets(stack, start, self.off_of[stack][c % b] as usize);
            self.col_cut[stack] |= 1 << start;
        }
    }

    /// The label of a digit first seen in row `level` whose column ends at `pos`.
    fn label_at(&self, level: usize, pos: usize) -> u8 {
        self.base[level] + 1 + (self.newmask[level] & ((1u32 << pos) - 1)).count_ones() as u8
    }

    /// The smallest position column `c` can still take, when the part `(start, end)` of stack
    /// `stack` gives its first place to another column.
    fn min_pos(&self, b: usize, c: usize, stack: usize, start: usize) -> usize {
        let t = c / b;
        let slot = run_of(self.stack_cut, b, self.slot_of[t] as usize).0;
        let (first, _) = run_of(self.col_cut[t], b, self.off_of[t][c % b] as usize);
        slot * b + if t == stack && first == start { first + 1 } else { first }
    }

    /// Builds position `j` of the row (`cursor == j`), in place; other ways that tie go to
    /// `extra`, built as far.
    fn step(&mut self, g: &Oriented, row: &[u8], j: usize, extra: &mut Vec<Self>) {
        let b = g.b;
        let slot = j / b;
        if j.is_multiple_of(b) {
            let (start, end) = run_of(self.stack_cut, b, slot);
            debug_assert_eq!(start, slot);
            if end - start > 1 {
                // Stacks still interchangeable: those blank in this row come first, together.
                let blank = |st: u8| row[st as usize * b..(st as usize + 1) * b].iter().all(|&v| v == 0);
                let blanks = (start..end).filter(|&i| blank(self.stack_order[i])).fold(0, |m, i| m | 1 << i);
                if blanks != 0 {
                    let blanks =
                        to_front(&mut self.stack_order, &mut self.slot_of, &mut self.stack_cut, start, end, blanks);
                    self.keys[j..(start + blanks) * b].fill(0);
                    self.cursor = ((start + blanks) * b) as u8;
                    return;
                }
                // Otherwise each stack of the part may open the slot.
                self.stack_cut |= 1 << start;
                for i in start + 1..end {
                    let mut child = *self;
                    child.swap_slots(start, i);
                    child.cell(g, row, j, extra);
                    extra.push(child);
                }
            }
        }
        self.cell(g, row, j, extra);
    }

    /// [`Lazy::step`] once the stack at `j`'s slot is known.
    fn cell(&mut self, g: &Oriented, row: &[u8], j: usize, extra: &mut Vec<Self>) {
        let b = g.b;
        let stack = self.stack_order[j / b] as usize;
        let (start, end) = run_of(self.col_cut[stack], b, j % b);
        debug_assert_eq!(start, j % b);
        let column = |o: usize, s: &Self| stack * b + s.col_order[stack][o] as usize;
        let mut best = NEW;
        let mut keys = [0u8; B];
        for o in start..end {
            let v = row[column(o, self)] as usize;
            keys[o] = if v == 0 {
                0
            } else if self.seen_level[v] != 0 {
                let level = self.seen_level[v] as usize - 1;
                self.label_at(level, self.min_pos(b, self.seen_col[v] as usize, stack, start))
            } else {
                NEW
            };
            best = best.min(keys[o]);
        }
        let len = end - start;
        if best == 0 || best == NEW {
            // Blanks first, together; or a part of new digits, labelled by their final order.
            let moved = (start..end).filter(|&o| keys[o] == best).fold(0, |m, o| m | 1 << o);
            let count = to_front(
                &mut self.col_order[stack],
                &mut self.off_of[stack],
                &mut self.col_cut[stack],
                start,
                end,
                moved,
            );
            if best == NEW {
                for o in start..end {
                    let x = column(o, self);
                    self.seen_level[row[x] as usize] = self.level + 1;
                    self.seen_col[row[x] as usize] = x as u8;
                }
                self.newmask[self.level as usize] |= ((1u32 << len) - 1) << j;
            }
            self.keys[j..j + count].fill(best);
            self.cursor = (j + count) as u8;
            return;
        }
        // A label: the column that reads it comes here, and the column where its digit was first
        // seen moves to the front of its part. Columns that tie branch.
        let before = *self;
        let mut first = true;
        for o in start..end {
            if keys[o] != best {
                continue;
            }
            let mut child = before;
            child.swap_offsets(stack, start, o);
            child.col_cut[stack] |= 1 << start;
            let v = row[column(start, &child)] as usize;
            child.individualize(b, child.seen_col[v] as usize);
            child.keys[j] = best;
            child.cursor = (j + 1) as u8;
            if first {
                first = false;
                *self = child;
            } else {
                extra.push(child);
            }
        }
    }
}

/// The lazy puzzle search for the grid's box side.
fn canonical_lazy(g: &Oriented, work: &mut Work) -> Result<Vec<u8>, CanonicalError> {
    match g.b {
        2 => lazy_search::<2, 4, 5>(g, work),
        3 => lazy_search::<3, 9, 10>(g, work),
        4 => lazy_search::<4, 16, 17>(g, work),
        _ => lazy_search::<5, 25, 26>(g, work),
    }
}

fn lazy_search<const B: usize, const N: usize, const D: usize>(
    g: &Oriented,
    work: &mut Work,
) -> Result<Vec<u8>, CanonicalError> {
    let n = N;
    let mut states = vec![Lazy::<B, N, D>::start(0)];
    if g.cells[0] != g.cells[1] {
        states.push(Lazy::start(1));
    }
    let mut out = Vec::with_capacity(n * n);
    let mut choices = Vec::new();
    let mut next = Vec::new();
    let mut extra = Vec::new();
    for level in 0..n {
        work.add(states.len() as u64)?;
        with_next_rows(g, &mut states, level, &mut next, &mut choices, |c| {
            c.level = level as u8;
            c.base[level] = c.used;
            c.cursor = 0;
        });
        for j in 0..n {
            extra.clear();
            let mut best = NEW;
            for s in states.iter_mut() {
                work.add(1)?;
                if s.cursor as usize == j {
                    let row = g.row(s.rows.t, s.rows.last);
                    s.step(g, row, j, &mut extra);
                }
                best = best.min(s.keys[j]);
            }
            for s in &extra {
                best = best.min(s.keys[j]);
            }
            states.retain(|s| s.keys[j] == best);
            states.extend(extra.iter().filter(|s| s.keys[j] == best));
            within_limit(&states)?;
        }
        let s = &states[0];
        for p in 0..n {
            out.push(if s.keys[p] == NEW { s.label_at(level, p) } else { s.keys[p] });
        }
        for s in &mut states {
            s.used += s.newmask[level].count_ones() as u8;
        }
    }
    Ok(out)
}

fn canonical_eager(g: &Oriented, work: &mut Work) -> Result<Vec<u8>, CanonicalError> {
    let (n, b) = (g.n, g.b);
    let mut order = [0u8; 5];
    for (i, o) in order.iter_mut().enumerate() {
        *o = i as u8;
    }
    let start = |t: u8| Eager {
        rows: Rows { t, used: 0, bands: 0, band: 0, first: 0, last: 0 },
        stack_order: order,
        stack_cut: 0,
        col_order: [order; 5],
        col_cut: [0; 5],
        label: [0; 26],
        next: 1,
    };
    // A grid equal to its transpose needs only one orientation.
    let mut states = vec![start(0)];
    if g.cells[0] != g.cells[1] {
        states.push(start(1));
    }
    let mut out = Vec::with_capacity(n * n);
    let mut choices = Vec::new();
    let mut next = Vec::new();
    for level in 0..n {
        let mut key_row = [NEW; 25];
        next.clear();
        for s in &states {
            next_rows(g, &s.rows, level, &mut choices);
            for &choice in &choices {
                work.add(1)?;
                extend_eager(g, s, choice, &mut key_row, &mut next, work)?;
            }
            within_limit(&next)?;
        }
        // Every state left gives the same row; read it with the first one's labels (all given).
        let mut s = next[0];
        out.extend_from_slice(&s.label_row(b, g.row(s.rows.t, s.rows.last))[..n]);
        std::mem::swap(&mut states, &mut next);
    }
    Ok(out)
}

/// The search keeps at most this many partial transformations at once. Only grids of 16x16 and
/// 25x25 with many tied rows come near it; 9x9 grids stay below 50,000.
pub const STATE_LIMIT: usize = 1 << 20;

/// The most units of work (a state extended by a row or a column, an ordering of tied lines
/// tried) one search does before it gives up with [`CanonicalError::TooManyTies`]: about a second
/// on this machine's cores. The grids of the tests' lists (`engine/tests/canonical.rs`) take at most 15,136,
/// a 25x25 solution grid.
pub const WORK_LIMIT: u64 = 1 << 25;

/// Units of work between two calls of a search's interrupt hook.
const CHECK_EVERY: u64 = 4096;

/// The work budget of one search, and the interrupt hook it calls every [`CHECK_EVERY`] units.
struct Work<'a>(Meter<'a>);

impl Work<'_> {
    fn add(&mut self, units: u64) -> Result<(), CanonicalError> {
        if self.0.units + units > WORK_LIMIT {
            Err(CanonicalError::TooManyTies)
        } else if self.0.tick(units) {
            Err(CanonicalError::Interrupted)
        } else {
            Ok(())
        }
    }
}

/// Why a canonical form was not found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CanonicalError {
    /// The interrupt hook asked to stop.
    Interrupted,
    /// The search would keep more than [`STATE_LIMIT`] partial transformations at once, or do
    /// more than [`WORK_LIMIT`] units of work.
    TooManyTies,
    /// The grid's boxes are not square (4x4, 9x9, 16x16, 25x25 only): the search is built
    /// for the symmetry group of square boxes.
    Shape(crate::grid::Shape),
}

impl From<Interrupted> for CanonicalError {
    fn from(_: Interrupted) -> Self {
        CanonicalError::Interrupted
    }
}

/// A partial transformation of the solution-grid search, for box side `B` and `N = B²`.
#[derive(Clone, Copy)]
struct Full<const B: usize, const N: usize> {
    rows: Rows,
    /// The position of each column, and the column at each position (`OPEN` while undecided).
    pos_of: [u8; N],
    col_at: [u8; N],
    /// The slot of each stack, and the stack at each slot.
    slot_of: [u8; B],
    stack_at: [u8; B],
}

impl<const B: usize, const N: usize> Placed for Full<B, N> {
    fn rows_mut(&mut self) -> &mut Rows {
        &mut self.rows
    }
}

impl<const B: usize, const N: usize> Full<B, N> {
    fn place(&mut self, c: usize, p: usize) {
        self.pos_of[c] = p as u8;
        self.col_at[p] = c as u8;
        self.slot_of[c / B] = (p / B) as u8;
        self.stack_at[p / B] = (c / B) as u8;
    }

    /// The label of the first row's digit in column `c`: the column's final position, plus one.
    /// An undecided column goes to the smallest position still open to it, as the minimal
    /// string requires.
    fn label(&mut self, c: usize) -> u8 {
        if self.pos_of[c] == OPEN {
            let slot = self.slot_of[c / B] as usize;
            let p = if slot != OPEN as usize {
                (slot * B..(slot + 1) * B).find(|&p| self.col_at[p] == OPEN).expect("the stack has a free place")
            } else {
                B * (0..B).find(|&s| self.stack_at[s] == OPEN).expect("a slot is free")
            };
            self.place(c, p);
        }
        self.pos_of[c] + 1
    }

    /// The stacks whose digits in the last row all sit in one stack of the first row, as a
    /// bitmask. `first[v]` is the column of digit `v` in the first row.
    fn pure_stacks(&self, row: &[u8], first: &[u8]) -> u32 {
        let mut stacks = 0;
        for st in 0..B {
            let mask = (st * B..(st + 1) * B).fold(0u32, |m, c| m | 1 << (first[row[c] as usize] as usize / B));
            if mask.count_ones() == 1 {
                stacks |= 1 << st;
            }
        }
        stacks
    }
}

fn canonical_full<const B: usize, const N: usize>(g: &Oriented, work: &mut Work) -> Result<Vec<u8>, CanonicalError> {
    // column_of[(t * N + r) * (N + 1) + v]: the column of digit v in row r of orientation t.
    let mut column_of = vec![0u8; 2 * N * (N + 1)];
    for t in 0..2u8 {
        for r in 0..N {
            for (c, &v) in g.row(t, r as u8).iter().enumerate() {
                column_of[(t as usize * N + r) * (N + 1) + v as usize] = c as u8;
            }
        }
    }
    let first_of = |s: &Full<B, N>| &column_of[(s.rows.t as usize * N + s.rows.first as usize) * (N + 1)..][..N + 1];
    let blank = Full::<B, N> {
        rows: Rows { t: 0, used: 0, bands: 0, band: 0, first: 0, last: 0 },
        pos_of: [OPEN; N],
        col_at: [OPEN; N],
        slot_of: [OPEN; B],
        stack_at: [OPEN; B],
    };
    let mut states = Vec::new();
    let mut choices = Vec::new();
    for t in 0..if g.cells[0] == g.cells[1] { 1 } else { 2 } {
        let mut s = blank;
        s.rows.t = t;
        next_rows(g, &s.rows, 0, &mut choices);
        for &(band, r) in &choices {
            let mut c = s;
            place_row(&mut c.rows, band, r);
            states.push(c);
        }
    }
    let mut out: Vec<u8> = (1..=N as u8).collect();
    let mut next = Vec::new();
    let mut keys: Vec<u8> = Vec::new();
    let mut next_keys: Vec<u8> = Vec::new();
    for level in 1..N {
        work.add(states.len() as u64)?;
        with_next_rows(g, &mut states, level, &mut next, &mut choices, |_| {});
        // The second row's first box reads B+1..2B only when its stack is pure (its digits all sit
        // in one stack of the first row). In a band, one pure stack makes every stack pure. When
        // any choice of rows has them, keep only those, and open the second row with one.
        let mut only_pure = false;
        if level == 1 && states.iter().any(|s| s.pure_stacks(g.row(s.rows.t, s.rows.last), first_of(s)) != 0) {
            states.retain(|s| s.pure_stacks(g.row(s.rows.t, s.rows.last), first_of(s)) != 0);
            only_pure = true;
            if B <= 3 {
                pure_second_row::<B, N>(g, &column_of, &mut states, &mut next, &mut out);
                continue;
            }
        }
        let mut start = 0;
        if level == 1 && !only_pure && B == 3 {
            mixed_first_box::<B, N>(g, &column_of, &mut states, &mut next, &mut out);
            start = B;
        }
        for j in start..N {
            let mut best = NEW;
            next.clear();
            keys.clear();
            next_keys.clear();
            // States that placed this column already extend in place; the others branch into `next`.
            for s in states.iter_mut() {
                work.add(1)?;
                let row = g.row(s.rows.t, s.rows.last);
                let first = first_of(s);
                if s.col_at[j] != OPEN {
                    let key = s.label(first[row[s.col_at[j] as usize] as usize] as usize);
                    best = best.min(key);
                    keys.push(key);
                    continue;
                }
                keys.push(NEW);
                let slot = j / B;
                let stacks = if only_pure && j == 0 { s.pure_stacks(row, first) } else { u32::MAX };
                for col in 0..N {
                    let open = stacks & (1 << (col / B)) != 0
                        && s.pos_of[col] == OPEN
                        && if s.stack_at[slot] != OPEN {
                            s.stack_at[slot] as usize == col / B
                        } else {
                            s.slot_of[col / B] == OPEN
                        };
                    if open {
                        let mut c = *s;
                        c.place(col, j);
                        let key = c.label(first[row[col] as usize] as usize);
                        if key <= best {
                            best = key;
                            next.push(c);
                            next_keys.push(key);
                        }
                    }
                }
            }
            let mut kept = 0;
            for i in 0..states.len() {
                if keys[i] == best {
                    states[kept] = states[i];
                    kept += 1;
                }
            }
            states.truncate(kept);
            states.extend(next.iter().zip(&next_keys).filter(|&(_, &k)| k == best).map(|(c, _)| *c));
            within_limit(&states)?;
            out.push(best);
        }
    }
    Ok(out)
}

/// The second row when its band is pure and `B` is 2 or 3: then the stacks form one cycle under
/// `φ` (a column's digit in the second row sits in column `φ(c)` of the first), so once the
/// first stack `A` and its order `x₀..` are chosen, the lazy placement puts `φᵏ(xᵢ)` at
/// position `kB + i`, and the row reads `B+1..N` followed by the positions of `φᴮ(xᵢ)` in the
/// order. Only that last box differs between choices: it is the order's view of the permutation
/// `φᴮ` on `A`. Every pair of rows, first stack and order that gives the smallest last box
/// becomes a state, with every column placed.
fn pure_second_row<const B: usize, const N: usize>(
    g: &Oriented,
    column_of: &[u8],
    states: &mut Vec<Full<B, N>>,
    next: &mut Vec<Full<B, N>>,
    out: &mut Vec<u8>,
) {
    let orders: &[[usize; 3]] = if B == 2 {
        &[[0, 1, 0], [1, 0, 0]]
    } else {
        &[[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
    };
    let mut best = [NEW; 3];
    next.clear();
    for s in states.iter() {
        let first = &column_of[(s.rows.t as usize * N + s.rows.first as usize) * (N + 1)..][..N + 1];
        let row = g.row(s.rows.t, s.rows.last);
        let phi = |c: usize| first[row[c] as usize] as usize;
        for a in 0..B {
            for order in orders {
                let x = |i: usize| a * B + order[i];
                let mut last = [0u8; 3];
                for i in 0..B {
                    let mut y = x(i);
                    for _ in 0..B {
                        y = phi(y);
                    }
                    last[i] = (0..B).position(|k| x(k) == y).expect("a pure band cycles through its stacks") as u8 + 1;
                }
                if last[..B] > best[..B] {
                    continue;
                }
                if last[..B] < best[..B] {
                    best = last;
                    next.clear();
                }
                let mut c = *s;
                for i in 0..B {
                    let mut y = x(i);
                    for k in 0..B {
                        c.place(y, k * B + i);
                        y = phi(y);
                    }
                }
                next.push(c);
            }
        }
    }
    std::mem::swap(states, next);
    out.extend(B as u8 + 1..=N as u8);
    out.extend_from_slice(&best[..B]);
}

/// The first box of the second row when `B` is 3 and no band is pure: then each stack `A` sends
/// two of its columns' digits to one stack `S` of the first row and one to another stack `S'`
/// (never to `A` itself: the rows share a band). The box reads `4 5 7` at best, exactly when
/// the two columns bound for `S` come first, in either order: `φ` of the first goes to position
/// 3, of the second to 4, of the third to 6. Every pair of rows, stack and such order becomes a
/// state.
fn mixed_first_box<const B: usize, const N: usize>(
    g: &Oriented,
    column_of: &[u8],
    states: &mut Vec<Full<B, N>>,
    next: &mut Vec<Full<B, N>>,
    out: &mut Vec<u8>,
) {
    next.clear();
    for s in states.iter() {
        let first = &column_of[(s.rows.t as usize * N + s.rows.first as usize) * (N + 1)..][..N + 1];
        let row = g.row(s.rows.t, s.rows.last);
        let phi = |c: usize| first[row[c] as usize] as usize;
        for a in 0..B {
            let (c0, c1, c2) = (a * B, a * B + 1, a * B + 2);
            let (s0, s1, s2) = (phi(c0) / B, phi(c1) / B, phi(c2) / B);
            // The lone column: the one whose digit goes to the other stack.
            let (m1, m2, lone) = if s0 == s1 {
                (c0, c1, c2)
            } else if s0 == s2 {
                (c0, c2, c1)
            } else {
                (c1, c2, c0)
            };
            for (x, y) in [(m1, m2), (m2, m1)] {
                let mut c = *s;
                for (i, col) in [x, y, lone].into_iter().enumerate() {
                    c.place(col, i);
                    c.label(phi(col));
                }
                next.push(c);
            }
        }
    }
    std::mem::swap(states, next);
    out.extend_from_slice(&[B as u8 + 1, B as u8 + 2, 2 * B as u8 + 1]);
}

/// The solution-grid search for the grid's box side.
fn canonical_solution(g: &Oriented, work: &mut Work) -> Result<Vec<u8>, CanonicalError> {
    match g.b {
        2 => canonical_full::<2, 4>(g, work),
        3 => canonical_full::<3, 9>(g, work),
        4 => canonical_full::<4, 16>(g, work),
        _ => canonical_full::<5, 25>(g, work),
    }
}

/// The minlex form of `grid` (see the module documentation), with an interrupt hook called
/// between steps of the search.
pub fn canonical_with(grid: &Grid, interrupt: &mut dyn FnMut() -> bool) -> Result<Grid, CanonicalError> {
    if grid.shape().square_side().is_none() {
        return Err(CanonicalError::Shape(grid.shape()));
    }
    let g = Oriented::new(grid);
    let work = &mut Work(Meter::new(interrupt, CHECK_EVERY));
    let cells = if grid.is_solved() {
        canonical_solution(&g, work)?
    } else if g.lines_distinct() {
        canonical_lazy(&g, work)?
    } else {
        canonical_eager(&g, work)?
    };
    Ok(Grid::from_cells(&cells).expect("a relabelled grid of the same size"))
}

/// The minlex form of `grid`.
///
/// # Panics
/// When the search exceeds [`STATE_LIMIT`] or [`WORK_LIMIT`] (never for 4x4 and 9x9); use [`canonical_with`] to
/// get the error instead.
pub fn canonical(grid: &Grid) -> Grid {
    canonical_with(grid, &mut || false).expect("the canonical form search fits its limit")
}

/// True when `a` and `b` are the same puzzle up to relabelling and the geometric
/// transformations (see the module documentation); false for grids of different sizes.
pub fn is_equivalent_with(a: &Grid, b: &Grid, interrupt: &mut dyn FnMut() -> bool) -> Result<bool, CanonicalError> {
    if a.size() != b.size() || a.givens() != b.givens() || digit_counts(a) != digit_counts(b) {
        return Ok(false);
    }
    Ok(canonical_with(a, interrupt)? == canonical_with(b, interrupt)?)
}

/// How many times each digit occurs, sorted: the same for equivalent grids.
fn digit_counts(g: &Grid) -> Vec<usize> {
    let mut counts = vec![0; g.size() + 1];
    for &v in g.cells() {
        if v != 0 {
            counts[v as usize] += 1;
        }
    }
    counts.sort_unstable();
    counts
}

/// A random grid equivalent to `grid`, the same for the same seed everywhere: the
/// transformation is drawn uniformly (relabelling, transposition, bands, rows in each band,
/// stacks, columns in each stack) from the ChaCha8 stream of `seed`, using only `next_u32`, as
/// [`crate::random::random_grid_seeded`] does. Boxes of R x C cells with R != C keep their
/// shape: no transposition, bands of R rows, stacks of C columns; a grid without boxes takes
/// any order of rows and of columns, and transposition.
pub fn transform_seeded(grid: &Grid, seed: u64) -> Grid {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let shape = grid.shape();
    let n = grid.size();
    // Lines per band (stack) for rows and columns: 1 band of n without boxes.
    let (per_band, per_stack) = if shape.has_boxes() { (shape.box_rows(), shape.box_cols()) } else { (n, n) };
    let may_transpose = per_band == per_stack;
    // Lemire's multiply-shift maps a u32 to 0..k; the bias (below 2^-27 here) does not matter.
    let mut draw = |k: usize| ((rng.next_u32() as u64 * k as u64) >> 32) as usize;
    let shuffled = |len: usize, draw: &mut dyn FnMut(usize) -> usize| {
        let mut v: Vec<usize> = (0..len).collect();
        for i in (1..len).rev() {
            v.swap(i, draw(i + 1));
        }
        v
    };
    let digits = shuffled(n, &mut draw);
    let transpose = may_transpose && draw(2) == 1;
    let lines = |per: usize, draw: &mut dyn FnMut(usize) -> usize| -> Vec<usize> {
        let outer = shuffled(n / per, draw);
        let mut map = Vec::with_capacity(n);
        for &o in &outer {
            for i in shuffled(per, draw) {
                map.push(o * per + i);
            }
        }
        map
    };
    let rows = lines(per_band, &mut draw);
    let cols = lines(per_stack, &mut draw);
    let src = grid.cells();
    let mut cells = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            let (sr, sc) = if transpose { (cols[c], rows[r]) } else { (rows[r], cols[c]) };
            let v = src[sr * n + sc];
            cells[r * n + c] = if v == 0 { 0 } else { digits[v as usize - 1] as u8 + 1 };
        }
    }
    Grid::from_cells_shaped(shape, &cells).expect("a permuted grid of the same shape")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::random_grid_seeded;

    fn never() -> bool {
        false
    }

    /// Digits relabelled in order of first appearance: the smallest relabelling of a string.
    fn relabel(cells: &[u8]) -> Vec<u8> {
        let mut map = [0u8; 26];
        let mut next = 1;
        cells
            .iter()
            .map(|&v| {
                if v != 0 && map[v as usize] == 0 {
                    map[v as usize] = next;
                    next += 1;
                }
                if v == 0 {
                    0
                } else {
                    map[v as usize]
                }
            })
            .collect()
    }

    /// Every permutation of `0..k`.
    fn perms(k: usize) -> Vec<Vec<usize>> {
        if k == 0 {
            return vec![vec![]];
        }
        let mut out = Vec::new();
        for p in perms(k - 1) {
            for i in 0..=p.len() {
                let mut q = p.clone();
                q.insert(i, k - 1);
                out.push(q);
            }
        }
        out
    }

    /// The line maps of a side-`b` grid: band order then row order in each band, every way.
    fn line_maps(b: usize) -> Vec<Vec<usize>> {
        let ps = perms(b);
        let mut maps = vec![vec![]];
        // Choose the outer order, then an inner order per band.
        let mut result = Vec::new();
        for outer in &ps {
            maps.clear();
            maps.push(vec![]);
            for &o in outer {
                let mut grown = Vec::new();
                for m in &maps {
                    for inner in &ps {
                        let mut m2: Vec<usize> = m.clone();
                        m2.extend(inner.iter().map(|&i| o * b + i));
                        grown.push(m2);
                    }
                }
                maps = grown;
            }
            result.append(&mut maps);
        }
        result
    }

    /// The minlex form by trying every geometric transformation (4x4 only: 128 of them).
    fn brute_force(grid: &Grid) -> Vec<u8> {
        let (n, b) = (grid.size(), grid.shape().square_side().expect("square boxes"));
        let maps = line_maps(b);
        let src = grid.cells();
        let mut best: Option<Vec<u8>> = None;
        for transpose in [false, true] {
            for rows in &maps {
                for cols in &maps {
                    let mut cells = vec![0u8; n * n];
                    for r in 0..n {
                        for c in 0..n {
                            let (sr, sc) = if transpose { (cols[c], rows[r]) } else { (rows[r], cols[c]) };
                            cells[r * n + c] = src[sr * n + sc];
                        }
                    }
                    let cand = relabel(&cells);
                    if best.as_ref().is_none_or(|b| cand < *b) {
                        best = Some(cand);
                    }
                }
            }
        }
        best.unwrap()
    }

    fn all_4x4_grids() -> Vec<Grid> {
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..20_000u64 {
            seen.insert(random_grid_seeded(4, seed, &mut never).unwrap().unwrap());
        }
        assert_eq!(seen.len(), 288);
        seen.into_iter().collect()
    }

    #[test]
    fn four_by_four_matches_brute_force() {
        let grids = all_4x4_grids();
        let mut forms = std::collections::BTreeSet::new();
        for g in &grids {
            let c = canonical(g);
            assert_eq!(c.cells(), brute_force(g).as_slice(), "{g}");
            forms.insert(c);
            // Puzzles: every grid thinned by several masks, including sparse and dense ones.
            for mask in [0x0001u32, 0x8421, 0x1248, 0xf000, 0x0ff0, 0x5a5a, 0x7bde, 0xfffe, 0x0000, 0x1111, 0x3c3c] {
                let cells: Vec<u8> =
                    g.cells().iter().enumerate().map(|(i, &v)| if mask & (1 << i) != 0 { v } else { 0 }).collect();
                let p = Grid::from_cells(&cells).unwrap();
                assert_eq!(canonical(&p).cells(), brute_force(&p).as_slice(), "{p}");
            }
        }
        // The 288 grids fall into the two classes known since the 4x4 enumeration.
        assert_eq!(forms.len(), 2);
    }

    #[test]
    fn four_by_four_clashing_grids_match_brute_force() {
        // Not Sudoku grids at all: the puzzle search must still find the minimum.
        for seed in 0..300u64 {
            let cells: Vec<u8> = (0..16).map(|i| ((seed * 7 + i * i * 13 + i * seed) % 5) as u8).collect();
            let p = Grid::from_cells(&cells).unwrap();
            assert_eq!(canonical(&p).cells(), brute_force(&p).as_slice(), "{p}");
        }
    }

    #[test]
    fn transforms_keep_the_form_and_the_form_is_a_fixed_point() {
        for seed in 0..40u64 {
            for size in [4, 9, 16] {
                let grid = random_grid_seeded(size, seed, &mut never).unwrap().unwrap();
                let c = canonical(&grid);
                assert!(c.is_solved());
                assert_eq!(canonical(&c), c);
                let t = transform_seeded(&grid, seed * 31 + 1);
                assert!(t.is_solved());
                assert_eq!(canonical(&t), c, "{size}x{size} seed {seed}");
                assert!(is_equivalent_with(&grid, &t, &mut never).unwrap());
            }
        }
    }

    #[test]
    fn the_two_searches_agree_on_solution_grids() {
        for seed in 0..6u64 {
            let grid = random_grid_seeded(9, seed, &mut never).unwrap().unwrap();
            let g = Oriented::new(&grid);
            assert_eq!(
                canonical_solution(&g, &mut Work(Meter::new(&mut never, CHECK_EVERY))).unwrap(),
                canonical_eager(&g, &mut Work(Meter::new(&mut never, CHECK_EVERY))).unwrap()
            );
        }
    }

    #[test]
    fn the_lazy_and_eager_puzzle_searches_agree() {
        // The eager search (kept for clashing grids) is the oracle of the lazy one.
        for seed in 0..300u64 {
            for size in [4, 9] {
                let grid = random_grid_seeded(size, seed, &mut never).unwrap().unwrap();
                let n = size * size;
                let keep = [2, 3, 5, 8][seed as usize % 4];
                let cells: Vec<u8> = grid
                    .cells()
                    .iter()
                    .enumerate()
                    .map(|(i, &v)| if (i * 7 + i / n + seed as usize) % keep == 0 { v } else { 0 })
                    .collect();
                let p = Grid::from_cells(&cells).unwrap();
                let g = Oriented::new(&p);
                assert_eq!(
                    canonical_lazy(&g, &mut Work(Meter::new(&mut never, CHECK_EVERY))).unwrap(),
                    canonical_eager(&g, &mut Work(Meter::new(&mut never, CHECK_EVERY))).unwrap(),
                    "{p}"
                );
            }
        }
    }

    #[test]
    fn regular_large_puzzles_finish() {
        // Every row thinned alike: rows and stacks tie in many ways.
        for size in [16, 25] {
            let grid = random_grid_seeded(size, 2, &mut never).unwrap().unwrap();
            let n = size * size;
            for keep in 2..10 {
                let cells: Vec<u8> = grid
                    .cells()
                    .iter()
                    .enumerate()
                    .map(|(i, &v)| if (i * 7 + i / size) % keep == 0 { v } else { 0 })
                    .collect();
                let p = Grid::from_cells(&cells).unwrap();
                assert_eq!(p.cells().len(), n);
                let form =
                    canonical_with(&p, &mut never).unwrap_or_else(|e| panic!("{size}x{size} keep {keep}: {e:?}"));
                assert_eq!(canonical(&transform_seeded(&p, keep as u64)), form);
            }
        }
    }

    #[test]
    fn transform_is_seeded_and_keeps_validity() {
        let grid = random_grid_seeded(9, 5, &mut never).unwrap().unwrap();
        assert_eq!(transform_seeded(&grid, 3), transform_seeded(&grid, 3));
        assert_ne!(transform_seeded(&grid, 3), transform_seeded(&grid, 4));
        let empty = Grid::empty(25).unwrap();
        assert_eq!(canonical(&empty), empty);
        assert_eq!(transform_seeded(&empty, 9), empty);
    }
}
