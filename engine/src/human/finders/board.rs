//! The board the Sudoku Explainer rules read, for the size of the module that includes this file
//! (`B`, `N = B * B` digits, `NC = N * N` cells, `P` peers a cell): each cell's digit and its
//! candidates, and the tables of regions in Sudoku Explainer's order (region type 0 = boxes,
//! 1 = rows, 2 = columns; a box's cells row by row). Candidates are `Mask`s, digit `d` being bit
//! `d - 1`; a filled cell has none, as in Sudoku Explainer.

use super::{Ix, Mask, B, N, NC, P, W};

/// A set of cells, bit `c` for cell `c` (row-major).
pub(super) type Cells = super::super::cells::CellSet<W>;

/// Every cell.
pub(super) const ALL_CELLS: Cells = Cells::first_n(NC);

/// Every digit.
pub(super) const ALL_DIGITS: Mask = ((1u64 << N) - 1) as Mask;

/// The region types, in the order Sudoku Explainer numbers them.
pub(super) const BOX: usize = 0;
pub(super) const ROW: usize = 1;
pub(super) const COL: usize = 2;

pub(super) struct Tables {
    /// `region[t][r][p]`: the cell at position `p` of region `r` of type `t`.
    pub region: [[[Ix; N]; N]; 3],
    /// `of[c][t]`: the region of type `t` holding cell `c`.
    pub of: [[Ix; 3]; NC],
    /// `pos[c][t]`: the position of cell `c` in its region of type `t`.
    pub pos: [[Ix; 3]; NC],
    /// The cells of each region, as a set.
    pub region_set: [[Cells; N]; 3],
    /// The `P` peers of each cell, ascending.
    pub peers: [[Ix; P]; NC],
    /// The peers of each cell, as a set.
    pub peer_set: [Cells; NC],
}

const fn build() -> Tables {
    let mut t = Tables {
        region: [[[0; N]; N]; 3],
        of: [[0; 3]; NC],
        pos: [[0; 3]; NC],
        region_set: [[Cells::EMPTY; N]; 3],
        peers: [[0; P]; NC],
        peer_set: [Cells::EMPTY; NC],
    };
    let mut c = 0;
    while c < NC {
        let (r, k) = (c / N, c % N);
        let b = (r / B) * B + k / B;
        let bp = (r % B) * B + k % B;
        t.region[BOX][b][bp] = c as Ix;
        t.region[ROW][r][k] = c as Ix;
        t.region[COL][k][r] = c as Ix;
        t.of[c] = [b as Ix, r as Ix, k as Ix];
        t.pos[c] = [bp as Ix, k as Ix, r as Ix];
        t.region_set[BOX][b] = t.region_set[BOX][b].with(c);
        t.region_set[ROW][r] = t.region_set[ROW][r].with(c);
        t.region_set[COL][k] = t.region_set[COL][k].with(c);
        c += 1;
    }
    let mut c = 0;
    while c < NC {
        let mut set = Cells::EMPTY;
        let mut ty = 0;
        while ty < 3 {
            set = set.union(t.region_set[ty][t.of[c][ty] as usize]);
            ty += 1;
        }
        set = set.without(c);
        t.peer_set[c] = set;
        let (mut o, mut n) = (0, 0);
        while o < NC {
            if set.has(o) {
                t.peers[c][n] = o as Ix;
                n += 1;
            }
            o += 1;
        }
        c += 1;
    }
    t
}

pub(super) static T: Tables = build();

/// The cells of a set, ascending.
pub(super) fn cells(set: Cells) -> impl Iterator<Item = usize> {
    set.iter()
}

/// The digits (1..=N) of a mask, ascending.
pub(super) fn digits(mut mask: Mask) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let d = mask.trailing_zeros() as u8 + 1;
            mask &= mask - 1;
            d
        })
    })
}

pub(super) fn bit(d: u8) -> Mask {
    1 << (d - 1)
}

pub(super) fn count(mask: Mask) -> u32 {
    mask.count_ones()
}

/// The set of the cells listed.
pub(super) fn set_of(list: &[usize]) -> Cells {
    list.iter().fold(Cells::EMPTY, |m, &c| m.with(c))
}

/// The cells that see every cell of `set` (and are not in it).
/// The cells at positions `mask` (bit `p` for position `p`) of region `r` of type `t`, in
/// position order.
pub(super) fn region_cells(t: usize, r: usize, mask: Mask) -> impl Iterator<Item = usize> {
    let region = &T.region[t][r];
    (0..N).filter(move |p| mask >> p & 1 != 0).map(move |p| region[p] as usize)
}

pub(super) fn seeing_all(set: Cells) -> Cells {
    cells(set).fold(ALL_CELLS, |m, c| m & T.peer_set[c]) & !set
}

/// Whether two distinct cells share a region.
pub(super) fn sees(a: usize, b: usize) -> bool {
    T.peer_set[a].has(b)
}

#[derive(Clone, PartialEq, Eq)]
pub(super) struct Board {
    pub value: [u8; NC],
    pub cand: [Mask; NC],
    /// `pos[t][r][d - 1]`: the positions of digit `d` in region `r` of type `t` (kept by
    /// [`Board::refresh`]).
    pos: [[[Mask; N]; N]; 3],
    /// The cells holding each digit (`dcells[d - 1]`), kept by [`Board::refresh`].
    pub dcells: [Cells; N],
    /// `empty[t][r]`: the empty cells of region `r` of type `t`.
    empty: [[u8; N]; 3],
    /// The givens: the digits of the puzzle (a player's board tells them from the digits placed;
    /// a grid's digits are all givens). HoDoKu's avoidable rectangles rest on digits that are not.
    pub given: Cells,
}

impl Board {
    /// The board of `NC` digits (0 blank): a blank's candidates are the digits none of its peers
    /// holds.
    pub fn new(cells: &[u8]) -> Board {
        let mut b = Board {
            value: [0; NC],
            cand: [0; NC],
            pos: [[[0; N]; N]; 3],
            dcells: [Cells::EMPTY; N],
            empty: [[0; N]; 3],
            given: Cells::EMPTY,
        };
        b.value.copy_from_slice(&cells[..NC]);
        b.given = (0..NC).filter(|&c| b.value[c] != 0).fold(Cells::EMPTY, |s, c| s.with(c));
        for c in 0..NC {
            if b.value[c] == 0 {
                let seen = T.peers[c].iter().fold(0 as Mask, |m, &p| match b.value[p as usize] {
                    0 => m,
                    v => m | bit(v),
                });
                b.cand[c] = ALL_DIGITS & !seen;
            }
        }
        b.refresh();
        b
    }

    /// This board with the candidates `cand` instead, the digits unchanged (the grid a chain
    /// leaves, for the patterns searched inside it).
    /// `cand` holds no candidate `self` does not: the tables are kept by striking the rest.
    pub fn with_candidates(&self, cand: &[Mask; NC]) -> Board {
        let mut b = self.clone();
        for c in 0..NC {
            debug_assert_eq!(cand[c] & !self.cand[c], 0, "only fewer candidates");
            b.strike(c, self.cand[c] & !cand[c]);
        }
        b
    }

    /// Recomputes the position tables and the empty counts from the candidates and digits.
    fn refresh(&mut self) {
        self.pos = [[[0; N]; N]; 3];
        self.dcells = [Cells::EMPTY; N];
        self.empty = [[0; N]; 3];
        for c in 0..NC {
            if self.value[c] == 0 {
                for t in 0..3 {
                    self.empty[t][T.of[c][t] as usize] += 1;
                }
            }
            let m = self.cand[c];
            for d in digits(m) {
                let i = d as usize - 1;
                self.dcells[i] = self.dcells[i].with(c);
                for t in 0..3 {
                    self.pos[t][T.of[c][t] as usize][i] |= 1 << T.pos[c][t];
                }
            }
        }
    }

    /// Places `d` at `c` and removes it from the peers' candidates (Sudoku Explainer's
    /// `setValueAndCancel`).
    pub fn place(&mut self, c: usize, d: u8) {
        self.value[c] = d;
        self.strike(c, self.cand[c]);
        for t in 0..3 {
            self.empty[t][T.of[c][t] as usize] -= 1;
        }
        for &p in &T.peers[c] {
            self.strike(p as usize, bit(d));
        }
    }

    /// Removes the candidates `mask` from cell `c`, keeping the position tables.
    pub fn strike(&mut self, c: usize, mask: Mask) {
        let m = mask & self.cand[c];
        if m == 0 {
            return;
        }
        self.cand[c] &= !m;
        for d in digits(m) {
            let i = d as usize - 1;
            self.dcells[i] = self.dcells[i].without(c);
            for t in 0..3 {
                self.pos[t][T.of[c][t] as usize][i] &= !(1 << T.pos[c][t]);
            }
        }
    }

    /// The digits the placed digits leave a cell (HoDoKu's "allowed" candidates: what the
    /// candidates would be without the eliminations made since); none for a filled cell.
    pub fn allowed(&self, c: usize) -> Mask {
        if self.value[c] != 0 {
            return 0;
        }
        ALL_DIGITS & !T.peers[c].iter().fold(0 as Mask, |m, &p| match self.value[p as usize] {
            0 => m,
            v => m | bit(v),
        })
    }

    /// The open cells.
    pub fn open(&self) -> Cells {
        (0..NC).filter(|&c| self.value[c] == 0).fold(Cells::EMPTY, |s, c| s.with(c))
    }

    pub fn solved(&self) -> bool {
        self.value.iter().all(|&v| v != 0)
    }

    /// The positions (bit `p` for position `p`) of digit `d` among the candidates of region
    /// `r` of type `t`.
    pub fn positions(&self, t: usize, r: usize, d: u8) -> Mask {
        self.pos[t][r][d as usize - 1]
    }

    /// The cells holding candidate `d` in a set of cells.
    pub fn holding(&self, set: Cells, d: u8) -> Cells {
        set & self.dcells[d as usize - 1]
    }

    /// What leaves only the candidates `keep` in `cells`: each cell holding others, with those
    /// others, in the order of `cells`.
    pub fn removals_outside(&self, cells: impl IntoIterator<Item = usize>, keep: Mask) -> Vec<(usize, Mask)> {
        cells.into_iter().filter(|&c| self.cand[c] & !keep != 0).map(|c| (c, self.cand[c] & !keep)).collect()
    }

    pub fn empty_count(&self, t: usize, r: usize) -> u32 {
        self.empty[t][r] as u32
    }
}

/// (cell, digits) removals merged by cell, in cell order (a step that gathers removals from
/// several units or links names each cell once).
pub(super) fn merged(mut list: Vec<(usize, Mask)>) -> Vec<(usize, Mask)> {
    list.sort_unstable();
    let mut out: Vec<(usize, Mask)> = Vec::new();
    for (c, m) in list {
        match out.last_mut() {
            Some((l, lm)) if *l == c => *lm |= m,
            _ => out.push((c, m)),
        }
    }
    out
}

/// The masks of `k` bits (0 to 8) of `within`, in increasing numeric order (Sudoku Explainer's
/// permutations): combinations of `within`'s bits in colexicographic order.
pub(super) fn combinations(k: u32, within: Mask) -> impl Iterator<Item = Mask> {
    let mut bits = [0 as Mask; N];
    let mut n = 0;
    let mut rest = within;
    while rest != 0 {
        bits[n] = rest & rest.wrapping_neg();
        rest &= rest - 1;
        n += 1;
    }
    let k = k as usize;
    // idx: the chosen bit numbers, ascending; colex order moves the lowest index that can move.
    let mut idx = [0usize; 8];
    for (i, x) in idx.iter_mut().enumerate().take(k) {
        *x = i;
    }
    let mut done = k > n;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let m = idx[..k].iter().fold(0 as Mask, |m, &i| m | bits[i]);
        // The next combination: the first index that can grow without meeting the next.
        let mut i = 0;
        while i < k && idx[i] + 1 == if i + 1 < k { idx[i + 1] } else { n } {
            i += 1;
        }
        if i == k {
            done = true;
        } else {
            idx[i] += 1;
            for (j, x) in idx.iter_mut().enumerate().take(i) {
                *x = j;
            }
        }
        Some(m)
    })
}
