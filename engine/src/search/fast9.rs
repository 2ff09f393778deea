//! The 9x9 fast path of the solver. Each digit's candidate cells are three 27-bit words, one per
//! band (3 rows), so that singles and placements work on many cells per instruction and locked
//! candidates become a table lookup on a 3x3 occupancy matrix (lines of a band or stack by the
//! boxes they cross).
//!
//! It makes exactly the deductions of the generic solver (naked singles, hidden singles and
//! locked candidates to a fixpoint). With [`Branching::FewestCandidates`] or
//! [`Branching::FirstOpen`] it branches on cells as the generic solver does, so it walks the
//! same search tree and yields the same solutions in the same order: the tests compare the two
//! node for node on real puzzle sets. Generation relies on that order.
//!
//! [`Branching::Fastest`] (what `solve`, `count_solutions` and `sudoku.solutions` use) has its
//! own search on the same words, in [`chute9`](super::chute9); this module keeps the tables both
//! share, and the cell-branching search that generation and the node-for-node tests rely on.
//!
//! Cell `r * 9 + c` is bit `(r % 3) * 9 + c` of band `r / 3`.

use super::control::{Branching, Interrupted};

pub(crate) const BAND: u32 = (1 << 27) - 1;

/// The three rows of a band.
pub(crate) const ROW: [u32; 3] = [0x1FF, 0x1FF << 9, 0x1FF << 18];

/// The three boxes of a band.
pub(crate) const BOX: [u32; 3] =
    [0x7 | 0x7 << 9 | 0x7 << 18, 0x38 | 0x38 << 9 | 0x38 << 18, 0x1C0 | 0x1C0 << 9 | 0x1C0 << 18];

/// Bit c of a 3-bit value moved to bit 3c.
const SPREAD3: [usize; 8] = [0, 1, 8, 9, 64, 65, 72, 73];

/// The nine columns within a band.
pub(crate) const COL: [u32; 9] = {
    let mut c = [0u32; 9];
    let mut i = 0;
    while i < 9 {
        c[i] = 1 << i | 1 << (i + 9) | 1 << (i + 18);
        i += 1;
    }
    c
};

/// Locked candidates on a 3x3 occupancy matrix `m` (bit `3 * line + box`: whether the digit can
/// be on that line inside that box): the fixpoint of pointing (a box whose places lie on one
/// line clears that line in the other boxes) and claiming (a line whose places lie in one box
/// clears that box on the other lines). 0 when a line or a box is left without a place.
pub(crate) const LOCKED: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut m0 = 0;
    while m0 < 512 {
        let mut m = m0 as u16;
        loop {
            let before = m;
            let mut i = 0;
            while i < 3 {
                let line = (m >> (3 * i)) & 7;
                if line.count_ones() == 1 {
                    // Claiming: box `k` of line i: clear box k on the other lines.
                    let k = line.trailing_zeros();
                    let mut j = 0;
                    while j < 3 {
                        if j != i {
                            m &= !(1 << (3 * j + k as usize));
                        }
                        j += 1;
                    }
                }
                let boxed = ((m >> i) & 1) | ((m >> (i + 2)) & 2) | ((m >> (i + 4)) & 4);
                if boxed.count_ones() == 1 {
                    // Pointing: box i's places lie on one line: clear that line in the other boxes.
                    let l = boxed.trailing_zeros() as usize;
                    let mut k = 0;
                    while k < 3 {
                        if k != i {
                            m &= !(1 << (3 * l + k));
                        }
                        k += 1;
                    }
                }
                i += 1;
            }
            if m == before {
                break;
            }
        }
        let mut ok = true;
        let mut i = 0;
        while i < 3 {
            let line = (m >> (3 * i)) & 7;
            let boxed = ((m >> i) & 1) | ((m >> (i + 2)) & 2) | ((m >> (i + 4)) & 4);
            if line == 0 || boxed == 0 {
                ok = false;
            }
            i += 1;
        }
        t[m0] = if ok { m } else { 0 };
        m0 += 1;
    }
    t
};

/// The band mask of a row-box occupancy matrix: bit `3 * line + box` -> 3 cells.
pub(crate) const ROWBOX_CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut mask = 0u32;
        let mut i = 0;
        while i < 9 {
            if m >> i & 1 == 1 {
                mask |= 7 << (9 * (i / 3) + 3 * (i % 3));
            }
            i += 1;
        }
        t[m] = mask;
        m += 1;
    }
    t
};

/// The six ways a digit can sit in a band (or stack): one box per line, one line per box, as
/// row-box occupancy matrices (bit `3 * line + box`).
pub(crate) const PERMS: [u16; 6] = [0x111, 0x0A1, 0x10A, 0x062, 0x08C, 0x054];

/// Per occupancy matrix, the permutations of [`PERMS`] it still allows (bit k for `PERMS[k]`).
pub(crate) const CONFIGS: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        let mut k = 0;
        while k < 6 {
            if PERMS[k] as usize & !m == 0 {
                t[m] |= 1 << k;
            }
            k += 1;
        }
        m += 1;
    }
    t
};

/// The occupancy matrix of a digit's band word: bit `3 * row + box`, whether the digit can be
/// on that row inside that box.
#[inline]
pub(crate) fn band_matrix(b: u32) -> usize {
    gather(segments(b))
}

/// One bit per segment of a band word (row l, box k: bits 9l + 3k .. +2 folded to bit
/// 9l + 3k), set when the segment holds a place.
#[inline]
pub(crate) fn segments(b: u32) -> u32 {
    (b | b >> 1 | b >> 2) & 0o111_111_111
}

/// The three 9-bit thirds of a 27-bit word OR-ed: of a band word, the columns (bit per column)
/// it holds; of a mask over words `band * 9 + digit`, the digits.
#[inline]
pub(crate) fn fold_thirds(b: u32) -> u32 {
    (b | b >> 9 | b >> 18) & 0x1FF
}

/// Bits `9l + 3k` of a band word (one per segment) moved to bit `3l + k`: the three of each
/// row to bits 9l .. 9l + 2, then the rows together.
#[inline]
pub(crate) fn gather(y: u32) -> usize {
    let z = (y | y >> 2 | y >> 4) as usize;
    (z & 7) | (z >> 6 & 0o70) | (z >> 12 & 0o700)
}

/// For a 9-bit value read as three 3-bit groups (the segments of a row, or the columns of a
/// band by stack), the bits that are alone in their group.
pub(crate) const ALONE3: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut v: usize = 0;
    while v < 512 {
        let mut g = 0;
        while g < 3 {
            let x = (v >> (3 * g)) & 7;
            if x.count_ones() == 1 {
                t[v] |= (x << (3 * g)) as u32;
            }
            g += 1;
        }
        v += 1;
    }
    t
};

/// Per occupancy matrix (bit `3 * row + box`), the segments that are the only one of their row
/// or of their box: where a single place in the segment is a hidden single.
pub(crate) const LONE_SEGMENT: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut m: usize = 0;
    while m < 512 {
        // The rows are the matrix's 3-bit groups.
        t[m] = ALONE3[m] as u16;
        let mut i = 0;
        while i < 3 {
            let boxed = ((m >> i) & 1) | ((m >> (i + 2)) & 2) | ((m >> (i + 4)) & 4);
            if boxed.count_ones() == 1 {
                t[m] |= 1 << (3 * boxed.trailing_zeros() as usize + i);
            }
            i += 1;
        }
        m += 1;
    }
    t
};

/// The occupancy matrix of a digit in `stack`, from the column occupancy (bits 0-8) of each
/// band: bit `3 * column + band`.
#[inline]
pub(crate) fn stack_matrix(cols: &[u32; 3], stack: usize) -> usize {
    SPREAD3[(cols[0] >> (3 * stack)) as usize & 7]
        | SPREAD3[(cols[1] >> (3 * stack)) as usize & 7] << 1
        | SPREAD3[(cols[2] >> (3 * stack)) as usize & 7] << 2
}

/// The cells of band `band` a digit may keep under the occupancy matrix `m` of `stack` (bit
/// `3 * column + band`): every cell outside the stack, and the stack's columns `m` allows there.
#[inline]
pub(crate) fn stack_allowed(stack: usize, m: usize, band: usize) -> u32 {
    let mut allowed = !(COL[3 * stack] | COL[3 * stack + 1] | COL[3 * stack + 2]);
    for c in 0..3 {
        if m >> (3 * c + band) & 1 == 1 {
            allowed |= COL[3 * stack + c];
        }
    }
    allowed
}

/// The number of configurations in a mask over [`PERMS`].
pub(crate) const COUNT6: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut m = 0;
    while m < 64 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

/// Candidate cells per digit and band; a placed cell stays in its digit's words only.
#[derive(Clone, Copy)]
pub(crate) struct Board {
    f: [[u32; 3]; 9],
    open: [u32; 3],
    /// Per digit, the bands (bits 0-2) whose places changed since the last hidden-single scan.
    hidden_dirty: [u8; 9],
    /// Per digit, the bands (bits 0-2) and stacks (bits 3-5) whose places changed since the
    /// last locked-candidates pass. What did not change has nothing new to give.
    locked_dirty: [u8; 9],
}

impl Board {
    /// The board of `cells` (row-major, 0 blank) before propagation; `None` when givens conflict.
    pub(crate) fn from_cells(cells: &[u8]) -> Option<Board> {
        let mut b = Board::empty();
        for (cell, &v) in cells.iter().enumerate() {
            if v != 0 && !b.place_given(cell / 27, (cell % 27) as u32, (v - 1) as usize) {
                return None;
            }
        }
        Some(b)
    }

    /// A board with every candidate open and nothing placed.
    pub(crate) fn empty() -> Board {
        Board { f: [[BAND; 3]; 9], open: [BAND; 3], hidden_dirty: [7; 9], locked_dirty: [0x3F; 9] }
    }

    /// Places the given `digit` (1-9) in `cell` (row-major from 0) of a board not propagated
    /// yet; false when it conflicts with a given placed before.
    #[inline]
    pub(crate) fn give(&mut self, cell: usize, digit: u8) -> bool {
        self.place_given(cell / 27, (cell % 27) as u32, (digit - 1) as usize)
    }

    /// Removes `digit` (1-9) from the candidates of `cell` (row-major from 0).
    pub(crate) fn exclude_digit(&mut self, cell: usize, digit: u8) {
        self.exclude(cell / 27, (cell % 27) as u32, (digit - 1) as usize);
    }

    /// Removes digit `d` (0-based) from the candidates of bit `i` of band `band`.
    fn exclude(&mut self, band: usize, i: u32, d: usize) {
        if self.f[d][band] >> i & 1 == 1 {
            self.f[d][band] &= !(1 << i);
            self.hidden_dirty[d] |= 1 << band;
            self.locked_dirty[d] |= (1u8 << band) | (8u8 << (i % 9 / 3));
        }
    }

    /// [`Board::place`] for a given of a new board, whose digits are all marked dirty already:
    /// no dirty marks to keep, so placing the givens costs a few instructions each.
    #[inline]
    fn place_given(&mut self, band: usize, i: u32, d: usize) -> bool {
        if self.f[d][band] >> i & 1 == 0 {
            return false;
        }
        let clear = !(1u32 << i);
        for digit in self.f.iter_mut() {
            digit[band] &= clear;
        }
        self.f[d][band] |= 1 << i;
        self.place_single(band, i, d);
        true
    }

    /// Places digit `d` (0-based) at bit `i` of band `band`; false when `d` is no longer
    /// possible there.
    #[inline]
    pub(crate) fn place(&mut self, band: usize, i: u32, d: usize) -> bool {
        if self.f[d][band] >> i & 1 == 0 {
            return false;
        }
        let mark = (1u8 << band) | (8u8 << (i % 9 / 3));
        // The other candidates of the cell: each loses the cell.
        let mut others = self.candidates(band, i) & !(1 << d);
        while others != 0 {
            let e = others.trailing_zeros() as usize;
            others &= others - 1;
            self.f[e][band] &= !(1 << i);
            self.hidden_dirty[e] |= 1 << band;
            self.locked_dirty[e] |= mark;
        }
        self.place_single(band, i, d);
        true
    }

    /// Places digit `d` at bit `i` of `band`, a cell where `d` is the only candidate left.
    #[inline]
    fn place_single(&mut self, band: usize, i: u32, d: usize) {
        let bit = 1u32 << i;
        let (row, col) = ((i / 9) as usize, (i % 9) as usize);
        let fd = &mut self.f[d];
        let keep = !COL[col];
        fd[0] &= keep;
        fd[1] &= keep;
        fd[2] &= keep;
        fd[band] = (fd[band] & !(ROW[row] | BOX[col / 3])) | bit;
        self.hidden_dirty[d] = 7;
        self.locked_dirty[d] = 0x3F;
        self.open[band] &= !bit;
    }

    #[inline]
    fn is_solved(&self) -> bool {
        self.open == [0; 3]
    }

    /// Naked singles, hidden singles and locked candidates until nothing changes; false on a
    /// contradiction (an open cell without candidates, or a digit without a place in a unit).
    pub(crate) fn propagate(&mut self) -> bool {
        loop {
            if self.is_solved() {
                return true;
            }
            // Naked singles, 27 cells at a time: open cells seen in one digit's word only.
            let mut any = false;
            for band in 0..3 {
                let open = self.open[band];
                if open == 0 {
                    continue;
                }
                let (mut once, mut twice) = (0u32, 0u32);
                for digit in &self.f {
                    let p = digit[band] & open;
                    twice |= once & p;
                    once |= p;
                }
                if once != open {
                    return false;
                }
                let singles = once & !twice;
                if singles != 0 {
                    any = true;
                    for d in 0..9 {
                        let mut s = singles & self.f[d][band];
                        while s != 0 {
                            let i = s.trailing_zeros();
                            s &= s - 1;
                            // An earlier single of this digit may have seen this one.
                            if self.f[d][band] >> i & 1 == 0 {
                                return false;
                            }
                            self.place_single(band, i, d);
                        }
                    }
                }
            }
            if any {
                continue;
            }
            // Hidden singles: a digit with one place in a row, box or column, not yet placed.
            let mut progress = false;
            for d in 0..9 {
                let bands = std::mem::take(&mut self.hidden_dirty[d]);
                if bands == 0 {
                    continue;
                }
                let fd = self.f[d];
                if (fd[0] & self.open[0]) | (fd[1] & self.open[1]) | (fd[2] & self.open[2]) == 0 {
                    continue; // placed in every unit already
                }
                for band in 0..3 {
                    if bands >> band & 1 == 0 {
                        continue;
                    }
                    // Rows and boxes of the band at once, on the 3x3 matrix of its segments: a
                    // segment with one open place that is the only one of its row or its box.
                    let w = self.f[d][band];
                    if LOCKED[band_matrix(w)] == 0 {
                        return false; // a row or box without a place (or locked candidates empty one)
                    }
                    let wo = w & self.open[band];
                    let (a, b, c) = (wo & 0o111_111_111, wo >> 1 & 0o111_111_111, wo >> 2 & 0o111_111_111);
                    let any = gather(a | b | c);
                    let mut hits = LONE_SEGMENT[any] as usize & gather((a ^ b ^ c) & !(a & b & c));
                    while hits != 0 {
                        let i = (wo & ROWBOX_CELLS[hits & hits.wrapping_neg()]).trailing_zeros();
                        hits &= hits - 1;
                        if self.open[band] >> i & 1 == 0 {
                            continue; // placed a moment ago as the lone place of its row and box
                        }
                        if !self.place(band, i, d) {
                            return false;
                        }
                        progress = true;
                    }
                }
                // Columns: the nine row words of the digit folded with once/twice.
                let fd = self.f[d];
                let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
                for band in 0..3 {
                    let closed = fd[band] & !self.open[band];
                    placed |= closed | closed >> 9 | closed >> 18;
                    for row in 0..3 {
                        let x = (fd[band] >> (9 * row)) & 0x1FF;
                        twice |= once & x;
                        once |= x;
                    }
                }
                if once != 0x1FF {
                    return false;
                }
                let mut hidden = once & !twice & !(placed & 0x1FF);
                while hidden != 0 {
                    let col = hidden.trailing_zeros() as usize;
                    hidden &= hidden - 1;
                    let band = (0..3).find(|&b| self.f[d][b] & COL[col] != 0);
                    let Some(band) = band else { return false };
                    if !self.place(band, (self.f[d][band] & COL[col]).trailing_zeros(), d) {
                        return false;
                    }
                    progress = true;
                }
            }
            if progress {
                continue;
            }
            match self.locked_candidates() {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Locked candidates in every band (rows by boxes) and stack (columns by boxes).
    /// `Some(true)` when a candidate was removed, `None` on a contradiction.
    fn locked_candidates(&mut self) -> Option<bool> {
        let mut changed = false;
        for d in 0..9 {
            let mut marks = std::mem::take(&mut self.locked_dirty[d]);
            if marks == 0 {
                continue;
            }
            let fd = &mut self.f[d];
            // Bands: rows by boxes.
            for (band, w) in fd.iter_mut().enumerate() {
                if marks >> band & 1 == 0 {
                    continue;
                }
                let b = *w;
                let m = band_matrix(b);
                let kept = LOCKED[m] as usize;
                if kept == 0 {
                    return None;
                }
                if kept != m {
                    *w = b & ROWBOX_CELLS[kept];
                    changed = true;
                    self.hidden_dirty[d] |= 1 << band;
                    marks |= 0x38; // the band's columns changed: every stack
                }
            }
            // Stacks: columns by boxes (bands). Column occupancy of each band first.
            let cols = [fd[0], fd[1], fd[2]].map(fold_thirds);
            for stack in 0..3 {
                if marks >> (3 + stack) & 1 == 0 {
                    continue;
                }
                // Bit 3c + band: column c of the stack has a place in that band.
                let m = stack_matrix(&cols, stack);
                let kept = LOCKED[m] as usize;
                if kept == 0 {
                    return None;
                }
                if kept != m {
                    for (band, w) in fd.iter_mut().enumerate() {
                        let allowed = stack_allowed(stack, kept, band);
                        if *w & !allowed != 0 {
                            *w &= allowed;
                            self.hidden_dirty[d] |= 1 << band;
                            self.locked_dirty[d] |= 1 << band;
                        }
                    }
                    changed = true;
                }
            }
        }
        Some(changed)
    }

    /// The candidates of the cell at bit `i` of `band`, as a digit mask.
    #[inline]
    fn candidates(&self, band: usize, i: u32) -> u32 {
        cell_candidates(band, i, |b, d| self.f[d][b])
    }

    /// The open cell to branch on (band, bit) and its candidates; the board must be
    /// propagated and open.
    #[inline]
    fn pick(&self, branching: Branching) -> (usize, u32, u32) {
        if branching == Branching::FirstOpen {
            let band = self.open.iter().position(|&o| o != 0).unwrap_or(0);
            let i = self.open[band].trailing_zeros();
            return (band, i, self.candidates(band, i));
        }
        fewest_candidates(&self.open, |b, d| self.f[d][b])
    }

    /// The digits of a solved board, row-major, 1-based.
    fn digits(&self) -> [u8; 81] {
        solved_digits(|b, d| self.f[d][b])
    }
}

/// The candidates of the cell at bit `i` of `band` as a digit mask, on a board whose words
/// `word(band, digit)` reads: shared by this module's board and [`chute9`](super::chute9)'s,
/// which lay the same words out differently.
#[inline]
pub(crate) fn cell_candidates(band: usize, i: u32, word: impl Fn(usize, usize) -> u32) -> u32 {
    (0..9).fold(0, |m, d| m | ((word(band, d) >> i) & 1) << d)
}

/// The open cell with the fewest candidates, as band, bit and candidates: the first cell
/// with exactly two (found 27 at a time), else the first with the fewest in row-major order.
/// `open` holds each band's open cells; `word(band, digit)` reads the board.
#[inline]
pub(crate) fn fewest_candidates(open: &[u32; 3], word: impl Fn(usize, usize) -> u32) -> (usize, u32, u32) {
    for (band, &o) in open.iter().enumerate() {
        let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
        for d in 0..9 {
            let p = word(band, d) & o;
            three |= two & p;
            two |= one & p;
            one |= p;
        }
        let pairs = two & !three;
        if pairs != 0 {
            let i = pairs.trailing_zeros();
            return (band, i, cell_candidates(band, i, &word));
        }
    }
    let (mut best, mut best_count) = ((0, 0, 0), u32::MAX);
    for (band, &o) in open.iter().enumerate() {
        let mut left = o;
        while left != 0 {
            let i = left.trailing_zeros();
            left &= left - 1;
            let c = cell_candidates(band, i, &word);
            if c.count_ones() < best_count {
                (best, best_count) = ((band, i, c), c.count_ones());
            }
        }
    }
    best
}

/// Per byte, its bit j moved to bit `step * j`.
const fn spread(step: usize) -> [u64; 256] {
    let mut t = [0u64; 256];
    let mut v = 0;
    while v < 256 {
        let mut j = 0;
        while j < 8 {
            t[v] |= ((v >> j & 1) as u64) << (step * j);
            j += 1;
        }
        v += 1;
    }
    t
}

/// Per byte, its bit j moved to bit 0 of byte j.
const SPREAD8: [u64; 256] = spread(8);

/// Per byte, its bit j moved to bit 0 of nibble j (in the low 32 bits).
const SPREAD4: [u64; 256] = spread(4);

/// A band's bit planes of a solved board whose words `word(band, digit)` reads: plane b holds
/// the cells whose digit has bit b.
#[inline(always)]
fn digit_planes(word: &impl Fn(usize, usize) -> u32, band: usize) -> [u32; 4] {
    let mut planes = [0u32; 4];
    for d in 0..9 {
        let w = word(band, d);
        for (b, plane) in planes.iter_mut().enumerate() {
            if (d + 1) >> b & 1 != 0 {
                *plane |= w;
            }
        }
    }
    planes
}

/// The digits of a solved board whose words `word(band, digit)` reads, packed two cells a byte
/// as [`crate::Grid::pack_nine`] writes them after its byte of box side (cell `i` in bits
/// `4i..4i + 4` of the 41 bytes, little-endian): per band, the digits' bit planes spread 8
/// cells at a time to nibbles by [`SPREAD4`], each band's 108 bits laid after the last's.
#[inline]
pub(crate) fn solved_nibbles(word: impl Fn(usize, usize) -> u32, out: &mut [u8; 41]) {
    let mut words = [0u64; 6];
    for band in 0..3 {
        let planes = digit_planes(&word, band);
        let mut bits = 0u128;
        for chunk in 0..4 {
            let nibbles =
                planes.iter().enumerate().fold(0u64, |x, (b, p)| x | SPREAD4[(p >> (8 * chunk) & 0xFF) as usize] << b);
            bits |= (nibbles as u128) << (32 * chunk);
        }
        // 27 cells: 108 bits, from bit 108 * band of the stream.
        let at = 108 * band;
        let (word, shift) = (at / 64, at % 64);
        words[word] |= (bits << shift) as u64;
        words[word + 1] |= (bits << shift >> 64) as u64;
        if shift > 20 {
            words[word + 2] |= (bits >> (128 - shift)) as u64;
        }
    }
    let mut bytes = [0u8; 48];
    for (i, w) in words.iter().enumerate() {
        bytes[8 * i..8 * i + 8].copy_from_slice(&w.to_le_bytes());
    }
    out.copy_from_slice(&bytes[..41]);
}

/// The digits of a solved board whose words `word(band, digit)` reads, row-major, 1-based.
/// Without a branch on the board: per band, the digits' bit planes (plane b holds the cells
/// whose digit has bit b), spread 8 cells at a time to bytes by [`SPREAD8`].
#[inline]
pub(crate) fn solved_digits(word: impl Fn(usize, usize) -> u32) -> [u8; 81] {
    // Each band writes 32 bytes from its first cell; the 5 past its 27 cells are zero, and
    // the next band (or the padding) overwrites them.
    let mut out = [0u8; 88];
    for band in 0..3 {
        let planes = digit_planes(&word, band);
        for chunk in 0..4 {
            let bytes =
                planes.iter().enumerate().fold(0u64, |x, (b, p)| x | SPREAD8[(p >> (8 * chunk) & 0xFF) as usize] << b);
            let at = band * 27 + 8 * chunk;
            out[at..at + 8].copy_from_slice(&bytes.to_le_bytes());
        }
    }
    out[..81].try_into().expect("81 of 88")
}

struct Frame {
    board: Board,
    /// Band and bit of the cell.
    band: u8,
    bit: u8,
    /// Candidates of the cell not tried yet (bit d-1 for digit d).
    rest: u32,
}

/// A resumable depth-first search over a 9x9 grid.
pub(crate) struct Search9<'a> {
    branching: Branching,
    frames: Vec<Frame>,
    solved_at_root: Option<Board>,
    /// The digit to try first in each cell (row-major, 1-9), when not ascending order.
    prefer: Option<&'a [u8]>,
    pub(crate) nodes: u64,
}

impl Search9<'_> {
    pub(crate) fn new(cells: &[u8], branching: Branching) -> Search9<'static> {
        let mut search =
            Search9 { branching, frames: Vec::with_capacity(81), solved_at_root: None, prefer: None, nodes: 0 };
        if let Some(b) = Board::from_cells(cells) {
            search.start(b);
        }
        search
    }

    /// Propagates the root board and opens the search from it.
    fn start(&mut self, mut board: Board) {
        if board.propagate() {
            if board.is_solved() {
                self.solved_at_root = Some(board);
            } else {
                self.branch(board);
            }
        }
    }

    #[inline]
    fn branch(&mut self, board: Board) {
        let (band, bit, rest) = board.pick(self.branching);
        self.frames.push(Frame { board, band: band as u8, bit: bit as u8, rest });
    }

    /// The next solution's digits, or `None` when the search is over; `interrupt` is asked
    /// every `every` nodes.
    pub(crate) fn next(
        &mut self,
        interrupt: &mut dyn FnMut() -> bool,
        every: u64,
    ) -> Result<Option<[u8; 81]>, Interrupted> {
        if let Some(b) = self.solved_at_root.take() {
            return Ok(Some(b.digits()));
        }
        while let Some(top) = self.frames.last_mut() {
            if top.rest == 0 {
                self.frames.pop();
                continue;
            }
            let (band, bit) = (top.band as usize, top.bit as u32);
            let lowest = top.rest & top.rest.wrapping_neg();
            let choice = match self.prefer {
                Some(p) if top.rest >> (p[band * 27 + bit as usize] - 1) & 1 == 1 => {
                    1 << (p[band * 27 + bit as usize] - 1)
                }
                _ => lowest,
            };
            top.rest &= !choice;
            let k = choice.trailing_zeros() as usize;
            // The last candidate reuses the frame's board instead of copying it.
            let mut b = if top.rest == 0 { self.frames.pop().map(|f| f.board).unwrap() } else { top.board };
            self.nodes += 1;
            if self.nodes % every == 0 && interrupt() {
                return Err(Interrupted);
            }
            if b.place(band, bit, k) && b.propagate() {
                if b.is_solved() {
                    return Ok(Some(b.digits()));
                }
                self.branch(b);
            }
        }
        Ok(None)
    }
}

/// The stack of [`first_solution`], kept between calls so that repeated searches allocate once.
#[derive(Default)]
pub(crate) struct Stack(Vec<Frame>);

/// The first solution of `board` (givens placed, not propagated yet), or `None`: the search of
/// [`Search9`] with the fewest-candidates branching. Without `prefer` it tries the digits in
/// ascending order and so finds [`Search9`]'s first solution; with `prefer` (81 digits,
/// row-major) it tries that digit first. When `board` is a grid close to `prefer` with a few
/// candidates removed, a solution usually differs from `prefer` in a few cells only, and this
/// order finds it after a few nodes. `stack` is reused between calls; `interrupt` is asked every
/// `every` nodes.
pub(crate) fn first_solution(
    board: Board,
    prefer: Option<&[u8]>,
    stack: &mut Stack,
    interrupt: &mut dyn FnMut() -> bool,
    every: u64,
) -> Result<Option<[u8; 81]>, Interrupted> {
    let mut search = Search9 {
        branching: Branching::FewestCandidates,
        frames: std::mem::take(&mut stack.0),
        solved_at_root: None,
        prefer,
        nodes: 0,
    };
    search.frames.clear();
    search.start(board);
    let found = search.next(interrupt, every);
    stack.0 = search.frames;
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locked_table() {
        // Everything possible: nothing to remove.
        assert_eq!(LOCKED[511], 511);
        // Box 0 only on line 1: line 1 cleared in boxes 1 and 2 -> then boxes 1, 2 only on
        // lines 0 and 2, which is consistent.
        let m = 0b111_111_111 & !(1 << 0) & !(1 << 6);
        assert_eq!(LOCKED[m] as usize, m & !(1 << 4) & !(1 << 5));
        // A box with no line: contradiction.
        assert_eq!(LOCKED[0b110_110_110], 0);
        // The diagonal is a fixpoint.
        assert_eq!(LOCKED[0b100_010_001], 0b100_010_001);
    }
}
