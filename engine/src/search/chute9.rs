//! The 9x9 search of `solve`, `count_solutions` and `sudoku.solutions`
//! ([`Branching::Fastest`](super::Branching::Fastest)).
//!
//! The board is [`fast9`](super::fast9)'s: each digit's candidate cells as three 27-bit words,
//! one per band. What differs is the order of the work, after the band-wise solvers surveyed in
//! T. Dillon's write-up "A Sudoku story" (JCZSolve, fsss2): propagation is driven by the words
//! that changed, one (band, digit) word at a time, and each update of a word does all that word
//! alone can tell:
//! - locked candidates inside the band ([`LOCKED`] on the 3x3 matrix of the word's segments:
//!   pointing from boxes to rows, claiming from rows to boxes), and a contradiction when a row
//!   or box of the band is left without a place;
//! - the cells it fixes: a segment alone in its row (so in its box) holding one cell is a hidden
//!   single, which leaves the cell's other candidates (their words change in turn);
//! - pointing from boxes to columns: a box of the band whose places lie in one column clears
//!   that column from the digit's other two bands.
//!
//! The update has no data-dependent branch but the contradiction: clearing nothing costs less
//! than a mispredicted branch, and that is most of what made it faster than `fast9`'s rounds.
//! A large batch of changed words (the root's 27, most of all) is swept instead
//! ([`Board::sweep`]): every word's deduction is made from the board as it was, and all are
//! applied together, so the updates do not wait for each other through memory.
//! Once no word changes, naked singles are found 27 cells at a time (cells in one word only);
//! when there are none, each digit whose words changed gets locked candidates in its stacks and
//! the hidden singles of its columns. When nothing changes any more, and while at least 35
//! cells are open ([`TRIADS_MIN_OPEN`]), [`Board::triads`] looks for hidden triads in the
//! minirows and minicolumns (tdoku's triad constraint: three cells hold three digits), and the
//! rounds start again when it removes something. The fixpoint is the
//! generic solver's (naked and hidden singles, locked candidates along rows and columns) plus
//! hidden triads, which the generic solver does not take: they cut the search tree of hard
//! puzzles by a quarter to a third and cost less than the nodes they save. (Naked triads of
//! minirows and minicolumns saved another 2-3% of nodes but cost more than that, so they are
//! left out.)
//!
//! Then the search branches as tdoku does: a digit takes one of 6 configurations in a band or
//! stack (which box on each of the chute's three lines, [`PERMS`]); the search picks the chute
//! whose digits have the fewest configurations left in all, then the first digit with the
//! fewest there, and when that digit has 2 left tries them in [`PERMS`] order; otherwise it
//! branches on the open cell with the fewest candidates (a pair if any, the first in row-major
//! order), digits ascending. One configuration fixes three triads at once, and the search tree
//! of hard puzzles is about half that of cell branching. The configurations cost a table lookup
//! and a byte store per update: the board keeps them per chute and digit, and sums them per
//! chute only when it branches (kept up to date, the sums made a chain of dependent memory
//! writes through the updates of a band).
//!
//! The tests compare the solutions with the generic solver's as sets (multi-solution puzzles,
//! thinned top95 puzzles) and count the 288 4x4 grids; on magictour_top1465 they check that the
//! fixpoint with hidden triads keeps each solution's digits and only narrows the one without.

use super::control::{Interrupted, INTERRUPT_EVERY};
use super::fast9::{
    fewest_candidates, fold_thirds, segments, solved_digits, solved_nibbles, stack_allowed, stack_matrix, ALONE3, BAND,
    BOX, COL, CONFIGS, COUNT6, LOCKED, LONE_SEGMENT, PERMS, ROW, ROWBOX_CELLS,
};

/// For row `l` of a band and its 9 bits `v`: bits `9l`.. the cells alone in their segment,
/// bits `32 + 3l`.. the segments (boxes) with a cell; so that OR-ing the three rows' entries
/// gives a word's lone cells (low half) and its row-box occupancy matrix (high half).
const ROW_INFO: [[u64; 512]; 3] = {
    let mut t = [[0u64; 512]; 3];
    let mut v: usize = 0;
    while v < 512 {
        let mut occupied = 0;
        let mut g = 0;
        while g < 3 {
            if (v >> (3 * g)) & 7 != 0 {
                occupied |= 1 << g;
            }
            g += 1;
        }
        let mut l = 0;
        while l < 3 {
            t[l][v] = (ALONE3[v] as u64) << (9 * l) | (occupied as u64) << (32 + 3 * l);
            l += 1;
        }
        v += 1;
    }
    t
};

/// Per occupancy matrix, the cells of the segments alone in their row or box.
const LONE_CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = ROWBOX_CELLS[LONE_SEGMENT[m] as usize];
        m += 1;
    }
    t
};

/// Per occupancy matrix `m` of a band word, what its locked candidates leave, in one entry so
/// that the update's chain of dependent loads is one shorter: bits 0-26 the cells kept
/// (`ROWBOX_CELLS[LOCKED[m]]`, 0 on a contradiction), 6 bits from [`KEPT_CONFIGS`] the
/// configurations left (`CONFIGS[LOCKED[m]]`), 27 bits from [`KEPT_LONE`] the cells of the
/// segments kept that are alone in their row or box (`LONE_CELLS[LOCKED[m]]`).
const KEPT_INFO: [u64; 512] = {
    let mut t = [0u64; 512];
    let mut m = 0;
    while m < 512 {
        let kept = LOCKED[m] as usize;
        t[m] =
            ROWBOX_CELLS[kept] as u64 | (CONFIGS[kept] as u64) << KEPT_CONFIGS | (LONE_CELLS[kept] as u64) << KEPT_LONE;
        m += 1;
    }
    t
};

/// Where [`KEPT_INFO`] keeps the configurations and the lone cells.
const KEPT_CONFIGS: u32 = 27;
const KEPT_LONE: u32 = 33;

/// For the columns of a band word (bit per column, [`fold_thirds`]), those alone in their stack,
/// spread to the three rows ([`columns`]): what the word's boxes point out of the other bands.
const POINTING: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut v = 0;
    while v < 512 {
        t[v] = columns(ALONE3[v]);
        v += 1;
    }
    t
};

/// [`ROW_INFO`] of a band word: its lone cells and its occupancy matrix.
#[inline]
fn row_info(w: u32) -> (u32, usize) {
    let r = ROW_INFO[0][(w & 0x1FF) as usize]
        | ROW_INFO[1][(w >> 9 & 0x1FF) as usize]
        | ROW_INFO[2][(w >> 18 & 0x1FF) as usize];
    (r as u32, (r >> 32 & 0x1FF) as usize)
}

/// Per cell (row-major), its units as one word: bit `row`, bit `9 + column`, bit `18 + box`.
const UNITS: [u32; 81] = {
    let mut t = [0u32; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        t[cell] = 1 << r | 1 << (9 + c) | 1 << (18 + r / 3 * 3 + c / 3);
        cell += 1;
    }
    t
};

/// Per 3-bit set of the three `parts` (rows or boxes of a band), their union.
const fn unions3(parts: [u32; 3]) -> [u32; 8] {
    let mut t = [0u32; 8];
    let mut m = 0;
    while m < 8 {
        let mut j = 0;
        while j < 3 {
            if m >> j & 1 != 0 {
                t[m] |= parts[j];
            }
            j += 1;
        }
        m += 1;
    }
    t
}

/// The rows of a band (bit l of the index for row l) as cells.
const LINES3: [u32; 8] = unions3(ROW);

/// The boxes of a band (bit g of the index for box g) as cells.
const BOXES3: [u32; 8] = unions3(BOX);

/// For word `band * 9 + digit`, the same digit's words in the other two bands.
const OTHER_BANDS: [[u8; 2]; 27] = {
    let mut t = [[0u8; 2]; 27];
    let mut k = 0;
    while k < 27 {
        let (band, d) = (k / 9, k % 9);
        t[k] = [(((band + 1) % 3) * 9 + d) as u8, (((band + 2) % 3) * 9 + d) as u8];
        k += 1;
    }
    t
};

/// Clears `cells` from the nine words of a band; the words (bit per word) that had any.
#[cfg(target_arch = "x86_64")]
#[inline]
fn clear_cells(words: &mut [u32], cells: u32) -> u32 {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_andnot_si128, _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_loadu_si128, _mm_movemask_ps,
        _mm_set1_epi32, _mm_setzero_si128, _mm_storeu_si128,
    };
    assert_eq!(words.len(), 9);
    // SAFETY: SSE2 is part of x86-64; the loads and stores stay inside the nine words (checked above).
    unsafe {
        let p = words.as_mut_ptr() as *mut __m128i;
        let c = _mm_set1_epi32(cells as i32);
        let (a, b) = (_mm_loadu_si128(p), _mm_loadu_si128(p.add(1)));
        let zero = _mm_setzero_si128();
        let kept = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(a, c), zero)))
            | _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(b, c), zero))) << 4;
        _mm_storeu_si128(p, _mm_andnot_si128(c, a));
        _mm_storeu_si128(p.add(1), _mm_andnot_si128(c, b));
        let last = words[8];
        words[8] = last & !cells;
        (!kept as u32 & 0xFF) | ((last & cells != 0) as u32) << 8
    }
}

/// Clears `cells` from the nine words of a band; the words (bit per word) that had any.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
fn clear_cells(words: &mut [u32], cells: u32) -> u32 {
    let mut changed = 0;
    for (e, x) in words.iter_mut().enumerate() {
        changed |= ((*x & cells != 0) as u32) << e;
        *x &= !cells;
    }
    changed
}

/// A batch of more words than this is updated in one [`Board::sweep`]; a smaller one (the
/// propagation of a branch, mostly) word by word with [`Board::update`], which sees the changes
/// of the updates before it.
const SERIAL_MAX: u32 = 8;

/// Hidden triads are looked for while at least this many cells are open. With fewer they
/// remove almost nothing (0.1% more nodes on `forum_hardest_1106` and `se_rated_10k` without
/// them under 30 open cells; 2% under 40, 15% under 50) and cost a scan of the board at every
/// fixpoint.
const TRIADS_MIN_OPEN: u32 = 35;

/// What one band word tells ([`Board::deduce`]): masks over cells.
struct Deduction {
    /// The word's cells left by its locked candidates (a band mask).
    cells: u32,
    /// The open cells of the band where the digit must go.
    fixed: u32,
    /// The columns (spread to the three rows) the digit leaves in its other two bands.
    pointing: u32,
}

/// A 9-bit set of columns spread to the three rows of a band.
#[inline]
const fn columns(c: u32) -> u32 {
    c * (1 | 1 << 9 | 1 << 18)
}

/// Candidate cells per band and digit (word `band * 9 + digit`); a fixed cell stays in its
/// digit's word only.
#[derive(Clone, Copy)]
struct Board {
    f: [u32; 27],
    /// Per band, the cells not fixed yet.
    open: [u32; 3],
    /// The words (bit `band * 9 + digit`) changed since their last update.
    dirty: u32,
    /// Per chute (bands 0-2, stacks 3-5) and digit (`chute * 9 + digit`), the configurations
    /// left (a mask over [`PERMS`]) as the last update of the band word or the last
    /// [`Board::stacks`] saw them: exact once propagation is done.
    configs: [u8; 54],
    /// The digits (bit d) whose words changed since the last [`Board::stacks`].
    stale: u16,
}

impl Board {
    /// The board of `cells` (row-major, 0 blank, digits 1-9) with the givens placed, not
    /// propagated; `None` when givens conflict. The givens are gathered per digit first (their
    /// cells per band, their units as one word) and each word is then written once: placing
    /// them one by one made a chain of dependent writes through the board.
    #[inline(always)]
    fn new(cells: &[u8]) -> Option<Board> {
        let cells: &[u8; 81] = cells.try_into().ok()?;
        // Per digit (index 1-9, masked to 16 so that no index is checked): per band the cells
        // given, and the units (bit row, 9 + column, 18 + box) holding it; a unit met twice
        // is a conflict.
        let mut given = [[0u32; 16]; 3];
        let mut units = [0u32; 16];
        let mut clash = 0;
        let mut open = [0u32; 3];
        for band in 0..3 {
            let mut blank = 0;
            for i in 0..27 {
                blank |= ((cells[band * 27 + i] == 0) as u32) << i;
            }
            open[band] = blank;
            let mut rest = !blank & BAND;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let d = (cells[band * 27 + i] & 15) as usize;
                let u = UNITS[band * 27 + i];
                clash |= units[d] & u;
                units[d] |= u;
                given[band][d] |= 1 << i;
            }
        }
        if clash != 0 {
            return None;
        }
        let mut f = [0u32; 27];
        for d in 0..9 {
            let u = units[d + 1];
            let cols = columns(u >> 9 & 0x1FF);
            for band in 0..3 {
                let lines = LINES3[(u >> (3 * band) & 7) as usize] | BOXES3[(u >> (18 + 3 * band) & 7) as usize];
                f[band * 9 + d] = (open[band] & !cols & !lines) | given[band][d + 1];
            }
        }
        Some(Board { f, open, dirty: (1 << 27) - 1, configs: [0x3F; 54], stale: 0x1FF })
    }

    /// Keeps digit `d` at bit `i` of `band` alone in its row and box of the band; the update of
    /// the word does the rest. False when `d` is no longer possible there.
    #[inline(always)]
    fn assign(&mut self, band: usize, i: u32, d: usize) -> bool {
        let k = band * 9 + d;
        let w = self.f[k];
        if w >> i & 1 == 0 {
            return false;
        }
        self.f[k] = (w & !(ROW[(i / 9) as usize] | BOX[(i % 9 / 3) as usize])) | 1 << i;
        self.dirty |= 1 << k;
        true
    }

    /// What word `k` alone tells (see the module's documentation), as masks for the caller to
    /// apply: the cells it keeps (its locked candidates), the cells it fixes (open cells where
    /// the digit must go) and the columns it clears from the digit's other two bands. It reads
    /// the word and the band's open cells, and writes only the word's configurations. `None`
    /// on a contradiction.
    #[inline(always)]
    fn deduce(&mut self, k: usize) -> Option<Deduction> {
        let x = self.f[k];
        let (alone, m) = row_info(x);
        let info = KEPT_INFO[m];
        let cells = info as u32 & BAND;
        if cells == 0 {
            return None;
        }
        self.configs[k] = (info >> KEPT_CONFIGS & 0x3F) as u8;
        Some(Deduction {
            cells,
            // The one cell of a segment alone in its row and box. Locked candidates remove
            // whole segments, so the lone cells of the segments kept are those of the word
            // before.
            fixed: alone & (info >> KEPT_LONE) as u32 & self.open[k / 9],
            // Boxes whose places lie in one column.
            pointing: POINTING[fold_thirds(x & cells) as usize],
        })
    }

    /// Applies what word `k` tells at once: the words it changed (bit per word, to OR into
    /// `dirty`), `None` on a contradiction. The caller marks the digit stale.
    #[inline(always)]
    fn update(&mut self, k: usize) -> Option<u32> {
        let band = k / 9;
        let Deduction { cells, fixed, pointing } = self.deduce(k)?;
        let w = self.f[k] & cells;
        // The fixed cells leave the other digits' words (a no-op when there are none: cheaper
        // than a mispredicted branch).
        self.open[band] &= !fixed;
        let changed = clear_cells(&mut self.f[band * 9..band * 9 + 9], fixed);
        self.f[k] = w;
        let [j1, j2] = OTHER_BANDS[k];
        let (x1, x2) = (self.f[j1 as usize], self.f[j2 as usize]);
        let (y1, y2) = (x1 & !pointing, x2 & !pointing);
        self.f[j1 as usize] = y1;
        self.f[j2 as usize] = y2;
        Some((changed << (band * 9) & !(1 << k)) | ((x1 != y1) as u32) << j1 | ((x2 != y2) as u32) << j2)
    }

    /// The updates of the words of `batch` as one sweep: every word is read (and its deduction
    /// made) before any is written, then all 27 words are written at once, branch-free. The
    /// deductions of a serial [`Board::update`] feed the next one through memory, a chain of
    /// dependent loads and stores; here they are independent. A word changed by the sweep is
    /// queued again even when it was in the batch, so there are more updates than serially
    /// (122 against 107 a puzzle on the first 2,000 of `se_rated_10k`), each cheaper; the
    /// fixpoint is the same. The words changed go into `dirty`; false on a contradiction,
    /// including two digits fixed in one cell. The caller marks the digits stale.
    #[inline(always)]
    fn sweep(&mut self, mut batch: u32, dirty: &mut u32) -> bool {
        // Per word, the cells its own deduction keeps, the cells the other bands' pointing
        // leaves it, and the cells it fixes.
        let (mut kept, mut left, mut fix) = ([!0u32; 27], [!0u32; 27], [0u32; 27]);
        while batch != 0 {
            let k = batch.trailing_zeros() as usize;
            batch &= batch - 1;
            let Some(Deduction { cells, fixed, pointing }) = self.deduce(k) else { return false };
            kept[k] = cells;
            fix[k] = fixed;
            let [j1, j2] = OTHER_BANDS[k];
            left[j1 as usize] &= !pointing;
            left[j2 as usize] &= !pointing;
        }
        let mut changed = 0u32;
        for band in 0..3 {
            let (mut once, mut twice) = (0u32, 0u32);
            for &x in &fix[band * 9..band * 9 + 9] {
                twice |= once & x;
                once |= x;
            }
            if twice != 0 {
                return false;
            }
            self.open[band] &= !once;
            for d in 0..9 {
                let k = band * 9 + d;
                let own = self.f[k] & kept[k];
                let new = own & left[k] & !(once & !fix[k]);
                self.f[k] = new;
                changed |= ((new != own) as u32) << k;
            }
        }
        *dirty |= changed;
        true
    }

    /// Naked singles: open cells in one word only take that digit. `None` on an open cell
    /// without candidates, else whether any was found.
    #[inline(always)]
    fn naked_singles(&mut self) -> Option<bool> {
        // The three bands side by side: three independent chains of ORs, not one long one.
        let (mut once, mut twice) = ([0u32; 3], [0u32; 3]);
        for d in 0..9 {
            for band in 0..3 {
                let p = self.f[band * 9 + d] & self.open[band];
                twice[band] |= once[band] & p;
                once[band] |= p;
            }
        }
        if once != self.open {
            return None;
        }
        let mut found = false;
        for band in 0..3 {
            let singles = once[band] & !twice[band];
            if singles == 0 {
                continue;
            }
            found = true;
            for d in 0..9 {
                let mut s = singles & self.f[band * 9 + d];
                while s != 0 {
                    let i = s.trailing_zeros();
                    s &= s - 1;
                    // A single placed a moment ago in the same row or box may have taken it.
                    if !self.assign(band, i, d) {
                        return None;
                    }
                }
            }
        }
        Some(found)
    }

    /// For each digit whose words changed since the last call: hidden singles in the columns,
    /// then locked candidates in the stacks (columns by boxes). `None` on a contradiction (a
    /// column or box without a place), else whether anything changed.
    #[inline(always)]
    fn stacks(&mut self) -> Option<bool> {
        let mut changed = false;
        let mut digits = std::mem::take(&mut self.stale) as u32;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let w = [self.f[d], self.f[9 + d], self.f[18 + d]];
            // Columns with exactly one place in all nine rows, and columns the digit holds.
            let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
            for band in 0..3 {
                let (r0, r1, r2) = (w[band] & 0x1FF, w[band] >> 9 & 0x1FF, w[band] >> 18);
                twice |= once & r0 | (once | r0) & r1 | (once | r0 | r1) & r2;
                once |= r0 | r1 | r2;
                let fixed = w[band] & !self.open[band];
                placed |= fixed | fixed >> 9 | fixed >> 18;
            }
            if once != 0x1FF {
                return None;
            }
            let mut hidden = once & !twice & !placed;
            while hidden != 0 {
                let col = hidden.trailing_zeros() as usize;
                hidden &= hidden - 1;
                let band = if w[0] & COL[col] != 0 {
                    0
                } else if w[1] & COL[col] != 0 {
                    1
                } else {
                    2
                };
                if !self.assign(band, (w[band] & COL[col]).trailing_zeros(), d) {
                    return None;
                }
                changed = true;
            }
            let cols = w.map(fold_thirds);
            for stack in 0..3 {
                let m = stack_matrix(&cols, stack);
                let kept = LOCKED[m] as usize;
                self.configs[27 + stack * 9 + d] = CONFIGS[kept];
                if kept == m {
                    continue;
                }
                if kept == 0 {
                    return None;
                }
                for band in 0..3 {
                    let (j, allowed) = (band * 9 + d, stack_allowed(stack, kept, band));
                    if self.f[j] & !allowed != 0 {
                        self.f[j] &= allowed;
                        self.dirty |= 1 << j;
                    }
                }
                changed = true;
            }
        }
        Some(changed)
    }

    /// Hidden triads: the three cells of a minirow (a row inside a box) or a minicolumn hold
    /// exactly three digits, so where three digits must be there (each has no other place in
    /// its row or column, so in its box), no other digit is. `None` on a contradiction (more
    /// than three must), else whether anything changed. Branch-free over the 27 words:
    /// the three bands' minirows are interleaved in one word (lane `3 * segment + band`), the
    /// minicolumns too (lane `9 * band + column`), and the digits that must be there are
    /// counted bit-sliced.
    #[inline(always)]
    fn triads(&mut self) -> Option<bool> {
        const S: u32 = 0o111_111_111;
        const X0: u32 = (1 | 1 << 9 | 1 << 18) * 7;
        const X1: u32 = X0 << 3;
        const X2: u32 = X0 << 6;
        // Per digit, lane-parallel (the compiler vectorizes it): the minirows and minicolumns
        // holding it, and those where it has no other place in its row or column.
        let (mut row_o, mut row_alone, mut col_o, mut col_alone) = ([0u32; 9], [0u32; 9], [0u32; 9], [0u32; 9]);
        for d in 0..9 {
            let (a, b, c) = (self.f[d], self.f[9 + d], self.f[18 + d]);
            // Minirows: the other two segments of the row.
            let o = segments(a) | segments(b) << 1 | segments(c) << 2;
            let others = ((o >> 3) & (X0 | X1)) | ((o << 6) & X2) | ((o << 3) & (X1 | X2)) | ((o >> 6) & X0);
            row_o[d] = o;
            row_alone[d] = o & !others;
            // Minicolumns: the same column in the other two bands.
            let o = fold_thirds(a) | fold_thirds(b) << 9 | fold_thirds(c) << 18;
            col_o[d] = o;
            col_alone[d] = o & !(((o >> 9) | (o << 18) | (o << 9) | (o >> 18)) & BAND);
        }
        // How many digits must be in each minirow and minicolumn, bit-sliced (1, 2, 4 or more).
        let (mut r1, mut r2, mut r4) = (0u32, 0u32, 0u32);
        let (mut c1, mut c2, mut c4) = (0u32, 0u32, 0u32);
        for d in 0..9 {
            let k = r1 & row_alone[d];
            r1 ^= row_alone[d];
            r4 |= r2 & k;
            r2 ^= k;
            let k = c1 & col_alone[d];
            c1 ^= col_alone[d];
            c4 |= c2 & k;
            c2 ^= k;
        }
        if r4 | c4 != 0 {
            return None;
        }
        let (row_triads, col_triads) = (r1 & r2, c1 & c2);
        let mut extra = 0;
        for d in 0..9 {
            extra |= row_o[d] & !row_alone[d] & row_triads | col_o[d] & !col_alone[d] & col_triads;
        }
        if extra == 0 {
            return Some(false);
        }
        for d in 0..9 {
            let (rc, cc) = (row_triads & !row_alone[d], col_triads & !col_alone[d]);
            for band in 0..3 {
                let k = band * 9 + d;
                let w = self.f[k];
                let y = w & !((rc >> band & S) * 7 | columns(cc >> (9 * band) & 0x1FF));
                self.f[k] = y;
                self.dirty |= ((w != y) as u32) << k;
            }
        }
        Some(true)
    }

    /// Every deduction to the fixpoint (hidden triads while [`TRIADS_MIN_OPEN`] cells are
    /// open); false on a contradiction.
    #[inline(always)]
    fn propagate(&mut self) -> bool {
        self.propagate_to::<TRIADS_MIN_OPEN, SERIAL_MAX>()
    }

    /// The fixpoint, with hidden triads while at least `TRIADS_FROM` cells are open (0: always;
    /// `u32::MAX`: never, the generic solver's fixpoint, for the tests), and batches of more
    /// than `SERIAL` words swept (0: every batch; 27: none); false on a contradiction.
    #[inline(always)]
    fn propagate_to<const TRIADS_FROM: u32, const SERIAL: u32>(&mut self) -> bool {
        loop {
            // The words dirty now, in a batch: the next word to update does not wait for the
            // dirty bits of the update before it. Word by word, a word an update changes that
            // is still to come in the batch is read then, changes included, so it is not queued
            // again.
            let mut dirty = std::mem::take(&mut self.dirty);
            while dirty != 0 {
                let mut batch = std::mem::take(&mut dirty);
                self.stale |= fold_thirds(batch) as u16;
                if batch.count_ones() > SERIAL {
                    if !self.sweep(batch, &mut dirty) {
                        return false;
                    }
                    continue;
                }
                while batch != 0 {
                    let k = batch.trailing_zeros() as usize;
                    batch &= batch - 1;
                    match self.update(k) {
                        Some(changed) => dirty |= changed & !batch,
                        None => return false,
                    }
                }
            }
            if self.open == [0; 3] {
                return true;
            }
            match self.naked_singles() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.stacks() {
                None => return false,
                Some(true) => {}
                Some(false) if self.open.iter().map(|o| o.count_ones()).sum::<u32>() < TRIADS_FROM => return true,
                Some(false) => match self.triads() {
                    None => return false,
                    Some(true) => {}
                    Some(false) => return true,
                },
            }
        }
    }

    /// tdoku's branching (see [`fast9`](super::fast9)'s `pick_chute`): the chute (0-2 bands,
    /// 3-5 stacks) with the fewest configurations over its digits, more than one for some
    /// digit, and in it the first digit with the fewest, when that is 2; with those two as a
    /// mask over [`PERMS`].
    #[inline(always)]
    fn pick_chute(&self) -> Option<(usize, usize, u32)> {
        let (mut chute, mut fewest) = (usize::MAX, u8::MAX);
        for (c, configs) in self.configs.chunks_exact(9).enumerate() {
            let head = u64::from_le_bytes(configs[..8].try_into().expect("8 bytes"));
            let sum = (head.count_ones() + configs[8].count_ones()) as u8;
            if sum > 9 && sum < fewest {
                (chute, fewest) = (c, sum);
            }
        }
        if chute == usize::MAX {
            return None;
        }
        let (mut best, mut best_count) = ((0, 0), u8::MAX);
        for (d, &c) in self.configs[chute * 9..chute * 9 + 9].iter().enumerate() {
            let k = COUNT6[c as usize];
            if k >= 2 && k < best_count {
                (best, best_count) = ((d, c as u32), k);
            }
        }
        (best_count == 2).then_some((best.0, chute, best.1))
    }

    /// The open cell with the fewest candidates (a pair if any, the first in row-major order),
    /// as band, bit and candidates.
    #[inline(always)]
    fn pick_cell(&self) -> (usize, u32, u32) {
        fewest_candidates(&self.open, |b, d| self.f[b * 9 + d])
    }

    /// Keeps digit `d` to configuration `PERMS[k]` of `chute` (0-2 bands, 3-5 stacks).
    #[inline(always)]
    fn restrict(&mut self, d: usize, chute: usize, k: usize) {
        let perm = PERMS[k] as usize;
        if chute < 3 {
            self.f[chute * 9 + d] &= ROWBOX_CELLS[perm];
            self.dirty |= 1 << (chute * 9 + d);
        } else {
            for band in 0..3 {
                self.f[band * 9 + d] &= stack_allowed(chute - 3, perm, band);
                self.dirty |= 1 << (band * 9 + d);
            }
        }
    }

    /// The digits of a solved board, row-major, 1-based.
    fn digits(&self) -> [u8; 81] {
        solved_digits(|b, d| self.f[b * 9 + d])
    }

    /// The digits of a solved board packed two a byte (see [`solved_nibbles`]).
    fn nibbles(&self, out: &mut [u8; 41]) {
        solved_nibbles(|b, d| self.f[b * 9 + d], out)
    }
}

struct Frame {
    board: Board,
    /// A configuration frame: digit and chute. A cell frame: band and bit.
    a: u8,
    b: u8,
    config: bool,
    /// The configurations (bit k for `PERMS[k]`) or digits (bit d - 1) not tried yet.
    rest: u32,
}

/// Whether this CPU runs the search's AVX2 build: AVX2 and the bit instructions that come with
/// it (BMI1, BMI2, LZCNT, POPCNT), detected at run time; the portable build (SSE2, part of
/// x86-64) runs elsewhere. It is the same code compiled twice: the wider instructions only give
/// the compiler more to choose from (three-operand shifts, and-not, broadcasts), 3-7% faster.
fn wide() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// The board of `cells` propagated, `None` when givens conflict or propagation finds a
/// contradiction; inlined into each build.
#[inline(always)]
fn root(cells: &[u8]) -> Option<Board> {
    let mut board = Board::new(cells)?;
    board.propagate().then_some(board)
}

/// [`root`] in the AVX2 build (see [`wide`]).
///
/// # Safety
/// The CPU has the features [`wide`] checks.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
unsafe fn root_wide(cells: &[u8]) -> Option<Board> {
    root(cells)
}

/// A resumable depth-first search over a 9x9 grid with [`Branching::Fastest`](super::Branching).
pub(crate) struct Search {
    frames: Vec<Frame>,
    solved_at_root: Option<Board>,
    pub(crate) nodes: u64,
    /// Whether the search runs its AVX2 build ([`wide`]).
    wide: bool,
}

impl Search {
    pub(crate) fn new(cells: &[u8]) -> Search {
        Self::with_build(cells, wide())
    }

    /// A search that runs the AVX2 build when `wide` (which only [`wide`]`()` may make true)
    /// and the portable one otherwise; the tests run both.
    fn with_build(cells: &[u8], wide: bool) -> Search {
        let mut search = Search { frames: Vec::new(), solved_at_root: None, nodes: 0, wide };
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `wide` is true only where the CPU has the features.
        let board = if wide { unsafe { root_wide(cells) } } else { root(cells) };
        #[cfg(not(target_arch = "x86_64"))]
        let board = root(cells);
        if let Some(b) = board {
            if b.open == [0; 3] {
                search.solved_at_root = Some(b);
            } else {
                search.frames.reserve(32);
                search.branch(b);
            }
        }
        search
    }

    #[inline(always)]
    fn branch(&mut self, board: Board) {
        self.frames.push(Frame { board, a: 0, b: 0, config: false, rest: 0 });
        Self::pick(self.frames.last_mut().expect("just pushed"));
    }

    /// Sets the branching of a frame whose board is propagated and open.
    #[inline(always)]
    fn pick(frame: &mut Frame) {
        match frame.board.pick_chute() {
            Some((d, chute, rest)) => (frame.a, frame.b, frame.config, frame.rest) = (d as u8, chute as u8, true, rest),
            None => {
                let (band, bit, rest) = frame.board.pick_cell();
                (frame.a, frame.b, frame.config, frame.rest) = (band as u8, bit as u8, false, rest);
            }
        }
    }

    /// The next solution's digits, or `None` when the search is over; `interrupt` is asked
    /// every [`INTERRUPT_EVERY`] nodes.
    pub(crate) fn next(&mut self, interrupt: &mut dyn FnMut() -> bool) -> Result<Option<[u8; 81]>, Interrupted> {
        Ok(self.next_board(interrupt)?.map(|b| b.digits()))
    }

    /// Searches on to the next solution and writes its digits packed two a byte into `out`
    /// ([`crate::Grid::pack_nine`]'s cells): false, `out` untouched, when the search is over.
    pub(crate) fn next_packed(
        &mut self,
        interrupt: &mut dyn FnMut() -> bool,
        out: &mut [u8; 41],
    ) -> Result<bool, Interrupted> {
        Ok(self.next_board(interrupt)?.map(|b| b.nibbles(out)).is_some())
    }

    /// Searches on to the next solution without writing out its digits (for counting): false
    /// when the search is over.
    pub(crate) fn skip(&mut self, interrupt: &mut dyn FnMut() -> bool) -> Result<bool, Interrupted> {
        Ok(self.next_board(interrupt)?.is_some())
    }

    /// The next solved board, in the build [`wide`] chose.
    #[inline(always)]
    fn next_board(&mut self, interrupt: &mut dyn FnMut() -> bool) -> Result<Option<Board>, Interrupted> {
        #[cfg(target_arch = "x86_64")]
        if self.wide {
            // SAFETY: `wide` is true only where the CPU has the features.
            return unsafe { self.next_wide(interrupt) };
        }
        self.next_in_build(interrupt)
    }

    /// [`Search::next_board`] in the AVX2 build (see [`wide`]).
    ///
    /// # Safety
    /// The CPU has the features [`wide`] checks.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    unsafe fn next_wide(&mut self, interrupt: &mut dyn FnMut() -> bool) -> Result<Option<Board>, Interrupted> {
        self.next_in_build(interrupt)
    }

    /// [`Search::next_board`], inlined into each build.
    #[inline(always)]
    fn next_in_build(&mut self, interrupt: &mut dyn FnMut() -> bool) -> Result<Option<Board>, Interrupted> {
        if let Some(b) = self.solved_at_root.take() {
            return Ok(Some(b));
        }
        while let Some(top) = self.frames.last_mut() {
            if top.rest == 0 {
                self.frames.pop();
                continue;
            }
            // Asked before the branch is taken, so that a search resumed after an interrupt
            // loses nothing.
            if (self.nodes + 1) % INTERRUPT_EVERY == 0 && interrupt() {
                return Err(Interrupted);
            }
            self.nodes += 1;
            let choice = top.rest.trailing_zeros();
            top.rest &= top.rest - 1;
            let (config, a, b) = (top.config, top.a as usize, top.b as usize);
            // The branch works in a frame of its own: a copy of the parent's board, or the
            // parent's frame itself for its last branch. It becomes the child's frame in place.
            if top.rest != 0 {
                let board = top.board;
                self.frames.push(Frame { board, a: 0, b: 0, config: false, rest: 0 });
            }
            let frame = self.frames.last_mut().expect("a frame to work in");
            let consistent = if config {
                frame.board.restrict(a, b, choice as usize);
                true
            } else {
                frame.board.assign(a, b as u32, choice as usize)
            };
            if consistent && frame.board.propagate() {
                if frame.board.open == [0; 3] {
                    let board = frame.board;
                    self.frames.pop();
                    return Ok(Some(board));
                }
                Self::pick(frame);
            } else {
                self.frames.pop();
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::{wide, Board, Search, SERIAL_MAX};
    use crate::{solve, Grid};

    /// The AVX2 build and the portable build find the same solutions in the same order with
    /// the same nodes, on hard puzzles (top95, all solutions) and on puzzles with many
    /// solutions (the seed examples thinned). Where the CPU lacks AVX2, the portable build is
    /// the only one and the test says so.
    #[test]
    fn both_builds_search_alike() {
        if !wide() {
            eprintln!("this CPU has no AVX2: only the portable build runs");
            return;
        }
        let seed = include_str!("../../../data/seed_examples.txt");
        let dir = std::env::var("SUDOKU_DATA")
            .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data").to_string());
        let hard = std::fs::read_to_string(format!("{dir}/top95.txt")).expect("top95.txt");
        let mut puzzles: Vec<Vec<u8>> = Vec::new();
        for line in hard.lines().chain(seed.lines()).filter_map(|l| l.split_whitespace().next()) {
            let cells = Grid::parse(line).expect("a puzzle").cells().to_vec();
            // The puzzle, and the puzzle without its first five givens (many solutions).
            let mut thinned = cells.clone();
            for i in thinned.iter_mut().filter(|v| **v != 0).take(5) {
                *i = 0;
            }
            puzzles.push(cells);
            puzzles.push(thinned);
        }
        assert!(puzzles.len() >= 190);
        for cells in &puzzles {
            let (mut a, mut b) = (Search::with_build(cells, false), Search::with_build(cells, true));
            for _ in 0..50 {
                let (x, y) = (a.next(&mut || false).unwrap(), b.next(&mut || false).unwrap());
                assert_eq!(x, y);
                assert_eq!(a.nodes, b.nodes);
                if x.is_none() {
                    break;
                }
            }
        }
    }

    /// The solution packed straight from the bit planes is the solution's digits packed by
    /// `Grid::pack_nine`, on top95 and the seed examples (every one of the first solutions
    /// of the thinned ones too); a puzzle with none leaves the output untouched.
    #[test]
    fn packed_solution_is_the_digits_packed() {
        let seed = include_str!("../../../data/seed_examples.txt");
        let dir = std::env::var("SUDOKU_DATA")
            .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data").to_string());
        let hard = std::fs::read_to_string(format!("{dir}/top95.txt")).expect("top95.txt");
        let mut checked = 0;
        for line in hard.lines().chain(seed.lines()).filter_map(|l| l.split_whitespace().next()) {
            let cells = Grid::parse(line).expect("a puzzle").cells().to_vec();
            let mut thinned = cells.clone();
            thinned.iter_mut().filter(|v| **v != 0).take(5).for_each(|v| *v = 0);
            for cells in [cells, thinned] {
                let (mut a, mut b) = (Search::new(&cells), Search::new(&cells));
                for _ in 0..20 {
                    let mut packed = [0xAAu8; 41];
                    let found = b.next_packed(&mut || false, &mut packed).unwrap();
                    match a.next(&mut || false).unwrap() {
                        Some(digits) => {
                            let mut want = [0u8; 42];
                            Grid::pack_nine(&digits, &mut want);
                            assert!(found);
                            assert_eq!(packed[..], want[1..]);
                            checked += 1;
                        }
                        None => {
                            assert!(!found);
                            assert_eq!(packed, [0xAA; 41]);
                            break;
                        }
                    }
                }
            }
        }
        assert!(checked >= 1000, "{checked} solutions");
    }

    fn candidates(b: &Board) -> u32 {
        b.f.iter().map(|w| w.count_ones()).sum()
    }

    /// Hidden triads on magictour_top1465 (each puzzle has one solution): the fixpoint with
    /// them keeps every digit of the solution as a candidate, has no candidate the fixpoint
    /// without them lacks, is a fixpoint of the triads too, and has fewer candidates on many
    /// puzzles. The search's fixpoint (triads while 35 cells are open) lies between the two.
    #[test]
    fn hidden_triads_are_sound_and_take_candidates_on_hard_puzzles() {
        let dir = std::env::var("SUDOKU_DATA")
            .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data").to_string());
        let text = std::fs::read_to_string(format!("{dir}/magictour_top1465.txt")).expect("magictour_top1465.txt");
        let (mut puzzles, mut fewer) = (0, 0);
        for (line, p) in text.lines().filter_map(|l| l.split_whitespace().next()).enumerate() {
            let grid = Grid::parse(p).expect("a puzzle");
            let solution = solve(&grid).expect("a solution");
            let mut with = Board::new(grid.cells()).expect("no conflict");
            let (mut without, mut search) = (with, with);
            assert!(with.propagate_to::<0, SERIAL_MAX>(), "line {}: a contradiction", line + 1);
            assert!(without.propagate_to::<{ u32::MAX }, SERIAL_MAX>(), "line {}", line + 1);
            assert!(search.propagate(), "line {}", line + 1);
            for (cell, &v) in solution.cells().iter().enumerate() {
                let (band, bit) = (cell / 27, 1u32 << (cell % 27));
                assert!(
                    with.f[band * 9 + v as usize - 1] & bit != 0,
                    "line {}: the solution's digit left cell {cell}",
                    line + 1
                );
            }
            assert!(with.f.iter().zip(&search.f).all(|(a, b)| a & !b == 0), "line {}", line + 1);
            assert!(search.f.iter().zip(&without.f).all(|(a, b)| a & !b == 0), "line {}", line + 1);
            assert_eq!(with.triads(), Some(false), "line {}: not a fixpoint", line + 1);
            puzzles += 1;
            fewer += (candidates(&with) < candidates(&without)) as usize;
        }
        assert_eq!(puzzles, 1465);
        assert!(fewer * 10 > puzzles, "hidden triads took candidates on only {fewer} of {puzzles} puzzles");
        eprintln!("hidden triads took candidates at the root of {fewer} of {puzzles} puzzles");
    }

    /// Sweeping a batch and updating it word by word reach the same fixpoint (the same
    /// candidates, open cells and contradictions), with and without hidden triads, on the
    /// roots of hard puzzles, of puzzles with many solutions and of grids with conflicting
    /// candidates: magictour_top1465 as given, with its first 8 givens blanked, and with a
    /// wrong digit in its first blank cell (where no given repeats it).
    #[test]
    fn sweeps_and_serial_updates_reach_the_same_fixpoint() {
        let dir = std::env::var("SUDOKU_DATA")
            .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data").to_string());
        let text = std::fs::read_to_string(format!("{dir}/magictour_top1465.txt")).expect("magictour_top1465.txt");
        let (mut roots, mut contradictions, mut solved) = (0, 0, 0);
        for p in text.lines().filter_map(|l| l.split_whitespace().next()) {
            let grid = Grid::parse(p).expect("a puzzle");
            let solution = solve(&grid).expect("a solution");
            let cells = grid.cells().to_vec();
            let mut thinned = cells.clone();
            for v in thinned.iter_mut().filter(|v| **v != 0).take(8) {
                *v = 0;
            }
            let mut wrong = cells.clone();
            let blank = wrong.iter().position(|&v| v == 0).expect("a blank");
            wrong[blank] = solution.cells()[blank] % 9 + 1;
            for grid in [&cells, &thinned, &wrong] {
                let Some(board) = Board::new(grid) else { continue };
                let (mut a, mut b, mut c, mut d) = (board, board, board, board);
                let ok = a.propagate_to::<0, 0>();
                assert_eq!(ok, b.propagate_to::<0, 27>());
                assert_eq!(c.propagate_to::<{ u32::MAX }, 0>(), d.propagate_to::<{ u32::MAX }, 27>());
                if ok {
                    assert_eq!((a.f, a.open), (b.f, b.open));
                    assert_eq!((c.f, c.open), (d.f, d.open));
                    solved += (a.open == [0; 3]) as usize;
                } else {
                    contradictions += 1;
                }
                roots += 1;
            }
        }
        // A wrong digit that repeats a given in its row, column or box gives no board.
        assert!(roots > 2 * 1465, "{roots} roots");
        assert!(contradictions > 0 && solved > 0, "{contradictions} contradictions, {solved} solved");
        eprintln!("{roots} roots: {contradictions} contradictions, {solved} solved by propagation");
    }
}
