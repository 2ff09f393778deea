//! The 9x9 board the Sudoku Explainer rules read: each cell's digit and its candidates, and the
//! tables of regions in Sudoku Explainer's order (region type 0 = boxes, 1 = rows, 2 = columns;
//! a box's cells row by row). Candidates are `u16` masks, digit `d` being bit `d - 1`; a filled
//! cell has none, as in Sudoku Explainer.

/// A set of cells, bit `c` for cell `c` (row-major, 0..81).
pub(super) type Cells = u128;

/// Every cell.
pub(super) const ALL_CELLS: Cells = (1 << 81) - 1;

/// The region types, in the order Sudoku Explainer numbers them.
pub(super) const BOX: usize = 0;
pub(super) const ROW: usize = 1;
pub(super) const COL: usize = 2;

pub(super) struct Tables {
    /// `region[t][r][p]`: the cell at position `p` of region `r` of type `t`.
    pub region: [[[u8; 9]; 9]; 3],
    /// `of[c][t]`: the region of type `t` holding cell `c`.
    pub of: [[u8; 3]; 81],
    /// `pos[c][t]`: the position of cell `c` in its region of type `t`.
    pub pos: [[u8; 3]; 81],
    /// The cells of each region, as a set.
    pub region_set: [[Cells; 9]; 3],
    /// The 20 peers of each cell, ascending.
    pub peers: [[u8; 20]; 81],
    /// The peers of each cell, as a set.
    pub peer_set: [Cells; 81],
}

const fn build() -> Tables {
    let mut t = Tables {
        region: [[[0; 9]; 9]; 3],
        of: [[0; 3]; 81],
        pos: [[0; 3]; 81],
        region_set: [[0; 9]; 3],
        peers: [[0; 20]; 81],
        peer_set: [0; 81],
    };
    let mut c = 0;
    while c < 81 {
        let (r, k) = (c / 9, c % 9);
        let b = (r / 3) * 3 + k / 3;
        let bp = (r % 3) * 3 + k % 3;
        t.region[BOX][b][bp] = c as u8;
        t.region[ROW][r][k] = c as u8;
        t.region[COL][k][r] = c as u8;
        t.of[c] = [b as u8, r as u8, k as u8];
        t.pos[c] = [bp as u8, k as u8, r as u8];
        t.region_set[BOX][b] |= 1u128 << c;
        t.region_set[ROW][r] |= 1u128 << c;
        t.region_set[COL][k] |= 1u128 << c;
        c += 1;
    }
    let mut c = 0;
    while c < 81 {
        let mut set = 0u128;
        let mut ty = 0;
        while ty < 3 {
            set |= t.region_set[ty][t.of[c][ty] as usize];
            ty += 1;
        }
        set &= !(1u128 << c);
        t.peer_set[c] = set;
        let (mut o, mut n) = (0, 0);
        while o < 81 {
            if set >> o & 1 != 0 {
                t.peers[c][n] = o as u8;
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
pub(super) fn cells(mut set: Cells) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let c = set.trailing_zeros() as usize;
            set &= set - 1;
            c
        })
    })
}

/// The digits (1..=9) of a mask, ascending.
pub(super) fn digits(mut mask: u16) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let d = mask.trailing_zeros() as u8 + 1;
            mask &= mask - 1;
            d
        })
    })
}

pub(super) fn bit(d: u8) -> u16 {
    1 << (d - 1)
}

pub(super) fn count(mask: u16) -> u32 {
    mask.count_ones()
}

/// The set of the cells listed.
pub(super) fn set_of(list: &[usize]) -> Cells {
    list.iter().fold(0, |m, &c| m | 1u128 << c)
}

/// The cells that see every cell of `set` (and are not in it).
/// The cells at positions `mask` (bit `p` for position `p`) of region `r` of type `t`, in
/// position order.
pub(super) fn region_cells(t: usize, r: usize, mask: u16) -> impl Iterator<Item = usize> {
    let region = &T.region[t][r];
    (0..9).filter(move |p| mask >> p & 1 != 0).map(move |p| region[p] as usize)
}

pub(super) fn seeing_all(set: Cells) -> Cells {
    cells(set).fold(ALL_CELLS, |m, c| m & T.peer_set[c]) & !set
}

/// Whether two distinct cells share a region.
pub(super) fn sees(a: usize, b: usize) -> bool {
    T.peer_set[a] >> b & 1 != 0
}

#[derive(Clone, PartialEq, Eq)]
pub(super) struct Board {
    pub value: [u8; 81],
    pub cand: [u16; 81],
    /// `pos[t][r][d - 1]`: the positions of digit `d` in region `r` of type `t` (kept by
    /// [`Board::refresh`]).
    pos: [[[u16; 9]; 9]; 3],
    /// The cells holding each digit (`dcells[d - 1]`), kept by [`Board::refresh`].
    pub dcells: [Cells; 9],
}

impl Board {
    /// The board of 81 digits (0 blank): a blank's candidates are the digits none of its peers
    /// holds.
    pub fn new(cells: &[u8]) -> Board {
        let mut b = Board { value: [0; 81], cand: [0; 81], pos: [[[0; 9]; 9]; 3], dcells: [0; 9] };
        b.value.copy_from_slice(&cells[..81]);
        for c in 0..81 {
            if b.value[c] == 0 {
                let seen = T.peers[c].iter().fold(0u16, |m, &p| match b.value[p as usize] {
                    0 => m,
                    v => m | bit(v),
                });
                b.cand[c] = 0x1ff & !seen;
            }
        }
        b.refresh();
        b
    }

    /// Recomputes the position tables from the candidates.
    pub fn refresh(&mut self) {
        self.pos = [[[0; 9]; 9]; 3];
        self.dcells = [0; 9];
        for c in 0..81 {
            let m = self.cand[c];
            for d in digits(m) {
                let i = d as usize - 1;
                self.dcells[i] |= 1u128 << c;
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
        self.cand[c] = 0;
        for &p in &T.peers[c] {
            self.cand[p as usize] &= !bit(d);
        }
    }

    pub fn solved(&self) -> bool {
        self.value.iter().all(|&v| v != 0)
    }

    /// The positions (bit `p` for position `p`) of digit `d` among the candidates of region
    /// `r` of type `t`.
    pub fn positions(&self, t: usize, r: usize, d: u8) -> u16 {
        self.pos[t][r][d as usize - 1]
    }

    /// The cells holding candidate `d` in a set of cells.
    pub fn holding(&self, set: Cells, d: u8) -> Cells {
        set & self.dcells[d as usize - 1]
    }

    /// What leaves only the candidates `keep` in `cells`: each cell holding others, with those
    /// others, in the order of `cells`.
    pub fn removals_outside(&self, cells: impl IntoIterator<Item = usize>, keep: u16) -> Vec<(usize, u16)> {
        cells.into_iter().filter(|&c| self.cand[c] & !keep != 0).map(|c| (c, self.cand[c] & !keep)).collect()
    }

    pub fn empty_count(&self, t: usize, r: usize) -> u32 {
        T.region[t][r].iter().filter(|&&c| self.value[c as usize] == 0).count() as u32
    }
}
