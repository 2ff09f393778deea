//! Set-based views of a grid, as the SQL articles think of a puzzle: one row per cell, and the
//! candidates of each blank cell.
//!
//! Rows, columns, boxes and digits are numbered from 1; boxes left to right, top to bottom.

use crate::geometry::Geometry;
use crate::grid::Grid;

/// One cell of a grid: 1-based row, column and box, and its digit (`None` when blank).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    pub row: u8,
    pub col: u8,
    pub box_: u8,
    pub value: Option<u8>,
}

/// Every cell of `grid`, row-major (the `SudokuField(CellID, Value)` view of a puzzle).
pub fn cells(grid: &Grid) -> impl Iterator<Item = Cell> + '_ {
    let geo = Geometry::for_box_side(grid.box_side());
    grid.cells().iter().enumerate().map(move |(i, &v)| Cell {
        row: (i / geo.n + 1) as u8,
        col: (i % geo.n + 1) as u8,
        box_: (geo.box_of(i) + 1) as u8,
        value: (v != 0).then_some(v),
    })
}

/// The candidates of every blank cell: the digits none of its peers holds, as a mask (digit d
/// is bit d - 1), row-major. No other deduction is made, so a blank cell of an invalid grid can
/// have an empty mask.
pub fn candidates(grid: &Grid) -> impl Iterator<Item = (Cell, u32)> + '_ {
    let geo = Geometry::for_box_side(grid.box_side());
    let full = (1u32 << geo.n) - 1;
    let values = grid.cells();
    cells(grid).enumerate().filter(|(_, c)| c.value.is_none()).map(move |(i, cell)| {
        let used = geo.peers(i).iter().fold(0u32, |m, &p| match values[p as usize] {
            0 => m,
            v => m | 1 << (v - 1),
        });
        (cell, full & !used)
    })
}

/// The digits of a mask, ascending (digit d is bit d - 1).
pub fn digits(mask: u32) -> impl Iterator<Item = u8> {
    (0..32u8).filter(move |d| mask >> d & 1 == 1).map(|d| d + 1)
}

/// The grid of `(row, col, value)` triples (1-based) of the given size: the inverse of [`cells`].
/// Cells without a triple, or with a `None` value, are blank. A triple outside the grid, a value
/// outside `1..=size`, or two different values for one cell is an error naming the triple.
pub fn grid_from_cells(
    size: usize,
    triples: impl IntoIterator<Item = (i64, i64, Option<i64>)>,
) -> Result<Grid, crate::GridError> {
    use crate::GridError::Value;
    let mut grid = Grid::empty(size)?;
    let mut values = grid.cells().to_vec();
    let n = size as i64;
    for (row, col, value) in triples {
        if !(1..=n).contains(&row) || !(1..=n).contains(&col) {
            return Err(Value(format!("cell ({row}, {col}) is outside the {n}x{n} grid")));
        }
        let Some(v) = value else { continue };
        if !(1..=n).contains(&v) {
            return Err(Value(format!("cell ({row}, {col}) holds {v}, but a {n}x{n} grid takes 1 to {n}")));
        }
        let slot = &mut values[((row - 1) * n + col - 1) as usize];
        if *slot != 0 && *slot as i64 != v {
            return Err(Value(format!("cell ({row}, {col}) is given both {} and {v}", *slot)));
        }
        *slot = v as u8;
    }
    grid = Grid::from_cells(&values)?;
    Ok(grid)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = "...15.....34....89........3.2..6.8...47..9.....9.2...11....2..5...9............74";

    #[test]
    fn cells_round_trip() {
        let g = Grid::parse(SEED).unwrap();
        let all: Vec<Cell> = cells(&g).collect();
        assert_eq!(all.len(), 81);
        assert_eq!(all[3], Cell { row: 1, col: 4, box_: 2, value: Some(1) });
        assert_eq!(all[80].box_, 9);
        let back = grid_from_cells(9, all.iter().map(|c| (c.row as i64, c.col as i64, c.value.map(i64::from))));
        assert_eq!(back.unwrap(), g);
    }

    #[test]
    fn candidates_exclude_peer_digits() {
        let g = Grid::parse(SEED).unwrap();
        let first = candidates(&g).next().unwrap();
        // r1c1: row has 1 5, column 1 (no given in rows 2..3 col 1 except r7c1=1), box 1 has 3 4.
        let peers: Vec<u8> = cells(&g)
            .filter(|c| c.value.is_some() && (c.row == 1 || c.col == 1 || c.box_ == 1))
            .filter_map(|c| c.value)
            .collect();
        assert!(digits(first.1).all(|d| !peers.contains(&d)));
        assert_eq!(digits(first.1).count() + {
            let mut p = peers.clone();
            p.sort_unstable();
            p.dedup();
            p.len()
        }, 9);
    }

    #[test]
    fn conflicting_cells_are_errors() {
        assert!(grid_from_cells(4, [(1, 1, Some(2)), (1, 1, Some(3))]).is_err());
        assert!(grid_from_cells(4, [(0, 1, Some(2))]).is_err());
        assert!(grid_from_cells(4, [(1, 1, Some(5))]).is_err());
        assert!(grid_from_cells(4, [(1, 1, Some(2)), (1, 1, Some(2)), (2, 2, None)]).is_ok());
    }
}
