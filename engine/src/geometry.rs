//! The fixed shape of a grid of one size: its units (rows, columns, boxes) and each cell's peers.
//!
//! Cells are indexed row-major from 0. Units are indexed 0..3n: rows first, then columns, then
//! boxes (left to right, top to bottom); the public API numbers each kind from 1.

use std::sync::OnceLock;

use crate::grid::{MAX_BOX_SIDE, MIN_BOX_SIDE};

/// Units and peers of the grids with one box side, built once per process.
#[derive(Debug)]
pub struct Geometry {
    pub box_side: usize,
    /// Cells per unit, and the number of digits.
    pub n: usize,
    /// `n * n`.
    pub cells: usize,
    /// Peers per cell: `3(n - 1) - 2(b - 1)`.
    pub peer_count: usize,
    /// `units[u * n .. (u + 1) * n]`: the cells of unit `u`, ascending.
    unit_cells: Vec<u16>,
    /// `peers[c * peer_count ..]`: the peers of cell `c`, ascending.
    peers: Vec<u16>,
    /// The 0-based row, column and box of each cell (no divisions in hot loops).
    places: Vec<[u8; 3]>,
}

impl Geometry {
    /// The geometry for box side 2 to 5 (panics on any other: callers hold a valid grid).
    pub fn for_box_side(box_side: usize) -> &'static Geometry {
        static TABLES: [OnceLock<Geometry>; MAX_BOX_SIDE + 1] = [const { OnceLock::new() }; MAX_BOX_SIDE + 1];
        assert!((MIN_BOX_SIDE..=MAX_BOX_SIDE).contains(&box_side));
        TABLES[box_side].get_or_init(|| Geometry::build(box_side))
    }

    fn build(b: usize) -> Geometry {
        let n = b * b;
        let cells = n * n;
        let mut unit_cells = Vec::with_capacity(3 * n * n);
        for r in 0..n {
            unit_cells.extend((0..n).map(|c| (r * n + c) as u16));
        }
        for c in 0..n {
            unit_cells.extend((0..n).map(|r| (r * n + c) as u16));
        }
        for bx in 0..n {
            let (r0, c0) = ((bx / b) * b, (bx % b) * b);
            unit_cells.extend((0..n).map(|i| ((r0 + i / b) * n + c0 + i % b) as u16));
        }
        let peer_count = 3 * (n - 1) - 2 * (b - 1);
        let mut peers = Vec::with_capacity(cells * peer_count);
        for cell in 0..cells {
            let (r, c) = (cell / n, cell % n);
            let bx = (r / b) * b + c / b;
            let before = peers.len();
            peers.extend(
                (0..cells)
                    .filter(|&o| {
                        let (or, oc) = (o / n, o % n);
                        o != cell && (or == r || oc == c || (or / b) * b + oc / b == bx)
                    })
                    .map(|o| o as u16),
            );
            debug_assert_eq!(peers.len() - before, peer_count);
        }
        let places = (0..cells).map(|c| [c / n, c % n, (c / n / b) * b + c % n / b].map(|x| x as u8)).collect();
        Geometry { box_side: b, n, cells, peer_count, unit_cells, peers, places }
    }

    /// The cells of unit `u` (0-based: rows, then columns, then boxes).
    #[inline]
    pub fn unit(&self, u: usize) -> &[u16] {
        &self.unit_cells[u * self.n..(u + 1) * self.n]
    }

    /// All 3n units.
    pub fn units(&self) -> impl Iterator<Item = &[u16]> {
        self.unit_cells.chunks_exact(self.n)
    }

    /// The peers of `cell`: the other cells of its row, column and box.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count]
    }

    /// The 0-based box of a 0-based cell.
    #[inline]
    pub fn box_of(&self, cell: usize) -> usize {
        self.places[cell][2] as usize
    }

    /// The 0-based row, column and box of a 0-based cell.
    #[inline]
    pub fn row_col_box(&self, cell: usize) -> [usize; 3] {
        self.places[cell].map(|x| x as usize)
    }

    /// Whether two cells are peers (different cells sharing a row, column or box).
    #[inline]
    pub fn sees(&self, a: usize, b: usize) -> bool {
        let (p, q) = (self.places[a], self.places[b]);
        a != b && (p[0] == q[0] || p[1] == q[1] || p[2] == q[2])
    }
}

/// Which kind of unit: rows, columns, boxes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnitKind {
    Row,
    Column,
    Box,
}

impl UnitKind {
    /// The name SQL uses: `row`, `column`, `box`.
    pub fn name(self) -> &'static str {
        match self {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box => "box",
        }
    }

    /// The kind and 1-based number of the 0-based unit `u` of a grid of `n` digits (units are
    /// rows, then columns, then boxes, as [`Geometry::unit`] numbers them).
    pub fn of_unit(u: usize, n: usize) -> (UnitKind, u8) {
        ([UnitKind::Row, UnitKind::Column, UnitKind::Box][u / n], (u % n + 1) as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        for b in 2..=5 {
            let g = Geometry::for_box_side(b);
            assert_eq!(g.units().count(), 3 * g.n);
            for cell in 0..g.cells {
                let in_units = g.units().filter(|u| u.contains(&(cell as u16))).count();
                assert_eq!(in_units, 3);
                assert!(!g.peers(cell).contains(&(cell as u16)));
            }
        }
        assert_eq!(Geometry::for_box_side(3).peer_count, 20);
        assert_eq!(Geometry::for_box_side(3).unit(18), &[0, 1, 2, 9, 10, 11, 18, 19, 20]);
        assert_eq!(Geometry::for_box_side(3).box_of(80), 8);
        for b in 2..=5 {
            let g = Geometry::for_box_side(b);
            for cell in 0..g.cells {
                let box_no = g.units().skip(2 * g.n).position(|u| u.contains(&(cell as u16))).unwrap();
                assert_eq!(g.box_of(cell), box_no);
                for other in 0..g.cells {
                    assert_eq!(g.sees(cell, other), g.peers(cell).contains(&(other as u16)));
                }
            }
        }
    }
}
