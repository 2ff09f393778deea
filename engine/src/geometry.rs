//! The fixed shape of a grid of one shape: its units (rows, columns, boxes) and each cell's peers.
//!
//! Cells are indexed row-major from 0. Units are indexed 0..3n: rows first, then columns, then
//! boxes (left to right, top to bottom); a grid without boxes has the 2n rows and columns only.
//! The public API numbers each kind from 1.

use std::sync::OnceLock;

use crate::grid::{Shape, MAX_SIZE};

/// Units and peers of the grids of one shape, built once per process.
#[derive(Debug)]
pub struct Geometry {
    pub shape: Shape,
    /// Cells per unit, and the number of digits.
    pub n: usize,
    /// `n * n`.
    pub cells: usize,
    /// Peers per cell: `3(n - 1) - (R - 1) - (C - 1)` for boxes of R x C cells, `2(n - 1)`
    /// without boxes.
    pub peer_count: usize,
    /// `units[u * n .. (u + 1) * n]`: the cells of unit `u`, ascending.
    unit_cells: Vec<u16>,
    /// `peers[c * peer_count ..]`: the peers of cell `c`, ascending.
    peers: Vec<u16>,
    /// The 0-based row, column and box of each cell (no divisions in hot loops); the box is
    /// `u8::MAX` without boxes.
    places: Vec<[u8; 3]>,
}

impl Geometry {
    /// The geometry of the square-box grids of box side 2 to 5 (panics on any other).
    pub fn for_box_side(box_side: usize) -> &'static Geometry {
        Geometry::of(Shape::square(box_side))
    }

    /// The geometry of `shape`.
    pub fn of(shape: Shape) -> &'static Geometry {
        // One slot per size and box rows (0: none).
        static TABLES: [[OnceLock<Geometry>; MAX_SIZE + 1]; MAX_SIZE + 1] =
            [const { [const { OnceLock::new() }; MAX_SIZE + 1] }; MAX_SIZE + 1];
        TABLES[shape.n()][shape.box_rows()].get_or_init(|| Geometry::build(shape))
    }

    fn build(shape: Shape) -> Geometry {
        let n = shape.n();
        let cells = n * n;
        let (br, bc) = (shape.box_rows(), shape.box_cols());
        let mut unit_cells = Vec::with_capacity(3 * n * n);
        for r in 0..n {
            unit_cells.extend((0..n).map(|c| (r * n + c) as u16));
        }
        for c in 0..n {
            unit_cells.extend((0..n).map(|r| (r * n + c) as u16));
        }
        if shape.has_boxes() {
            let stacks = n / bc;
            for bx in 0..n {
                let (r0, c0) = ((bx / stacks) * br, (bx % stacks) * bc);
                unit_cells.extend((0..n).map(|i| ((r0 + i / bc) * n + c0 + i % bc) as u16));
            }
        }
        let box_of = |cell: usize| shape.box_at(cell / n, cell % n);
        let peer_count = if shape.has_boxes() { 3 * (n - 1) - (br - 1) - (bc - 1) } else { 2 * (n - 1) };
        let mut peers = Vec::with_capacity(cells * peer_count);
        for cell in 0..cells {
            let (r, c) = (cell / n, cell % n);
            let bx = box_of(cell);
            let before = peers.len();
            peers.extend(
                (0..cells)
                    .filter(|&o| o != cell && (o / n == r || o % n == c || (bx.is_some() && box_of(o) == bx)))
                    .map(|o| o as u16),
            );
            debug_assert_eq!(peers.len() - before, peer_count);
        }
        let places =
            (0..cells).map(|c| [c / n, c % n, box_of(c).unwrap_or(u8::MAX as usize)].map(|x| x as u8)).collect();
        Geometry { shape, n, cells, peer_count, unit_cells, peers, places }
    }

    /// The cells of unit `u` (0-based: rows, then columns, then boxes).
    #[inline]
    pub fn unit(&self, u: usize) -> &[u16] {
        &self.unit_cells[u * self.n..(u + 1) * self.n]
    }

    /// How many units: 3n, or 2n without boxes.
    #[inline]
    pub fn unit_count(&self) -> usize {
        self.unit_cells.len() / self.n
    }

    /// All units: 3n, or 2n without boxes.
    pub fn units(&self) -> impl Iterator<Item = &[u16]> {
        self.unit_cells.chunks_exact(self.n)
    }

    /// The peers of `cell`: the other cells of its row, column and box.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count]
    }

    /// The 0-based box of a 0-based cell (`u8::MAX` without boxes).
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
        a != b && (p[0] == q[0] || p[1] == q[1] || (p[2] == q[2] && p[2] != u8::MAX))
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
            assert_eq!(g.shape, Shape::square(b));
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

    #[test]
    fn every_shape() {
        for n in 4..=25 {
            let mut shapes = vec![Shape::new(n, 0, 0).unwrap()];
            shapes.extend((2..n).filter(|r| n % r == 0 && n / r >= 2).map(|r| Shape::new(n, r, n / r).unwrap()));
            for shape in shapes {
                let g = Geometry::of(shape);
                let kinds = if shape.has_boxes() { 3 } else { 2 };
                assert_eq!(g.units().count(), kinds * n, "{shape}");
                for cell in 0..g.cells {
                    let in_units = g.units().filter(|u| u.contains(&(cell as u16))).count();
                    assert_eq!(in_units, kinds);
                    for other in 0..g.cells {
                        assert_eq!(
                            g.sees(cell, other),
                            g.peers(cell).contains(&(other as u16)),
                            "{shape} {cell} {other}"
                        );
                    }
                }
                for u in g.units() {
                    let mut seen: Vec<u16> = u.to_vec();
                    seen.dedup();
                    assert_eq!(seen.len(), n);
                }
            }
        }
        // 6x6 of 2x3 boxes: box 2 is the top right, rows 1-2 and columns 4-6.
        let g = Geometry::of(Shape::of_size(6).unwrap());
        assert_eq!(g.unit(12 + 1), &[3, 4, 5, 9, 10, 11]);
        assert_eq!(g.peer_count, 15 - 1 - 2);
    }
}
