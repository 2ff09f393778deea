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

/// The digits held by `cells` of `values`, as a mask (digit d is bit d - 1).
pub(crate) fn digits_held(values: &[u8], cells: &[u16]) -> u32 {
    cells.iter().fold(0u32, |m, &c| match values[c as usize] {
        0 => m,
        v => m | 1 << (v - 1),
    })
}

/// The candidates of every blank cell: the digits none of its peers holds, as a mask (digit d
/// is bit d - 1), row-major. No other deduction is made, so a blank cell of an invalid grid can
/// have an empty mask.
pub fn candidates(grid: &Grid) -> impl Iterator<Item = (Cell, u32)> + '_ {
    let geo = Geometry::for_box_side(grid.box_side());
    let full = (1u32 << geo.n) - 1;
    // The digits each unit holds: a cell's peers are the other cells of its three units.
    let held: Vec<u32> = geo.units().map(|unit| digits_held(grid.cells(), unit)).collect();
    cells(grid).filter(|c| c.value.is_none()).map(move |cell| {
        let (r, c, b) = (cell.row as usize - 1, cell.col as usize - 1, cell.box_ as usize - 1);
        (cell, full & !(held[r] | held[geo.n + c] | held[2 * geo.n + b]))
    })
}

/// The candidates of every cell as in [`candidates`], indexed row-major from 0; 0 for a filled
/// cell.
pub fn candidate_masks(grid: &Grid) -> Vec<u32> {
    let geo = Geometry::for_box_side(grid.box_side());
    let mut mask = vec![0u32; geo.cells];
    for (cell, m) in candidates(grid) {
        mask[(cell.row as usize - 1) * geo.n + cell.col as usize - 1] = m;
    }
    mask
}

/// The digits of a mask, ascending (digit d is bit d - 1).
pub fn digits(mut mask: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        let d = (mask != 0).then(|| mask.trailing_zeros() as u8 + 1);
        mask &= mask.wrapping_sub(1);
        d
    })
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
        assert_eq!(
            digits(first.1).count() + {
                let mut p = peers.clone();
                p.sort_unstable();
                p.dedup();
                p.len()
            },
            9
        );
    }

    #[test]
    fn conflicting_cells_are_errors() {
        assert!(grid_from_cells(4, [(1, 1, Some(2)), (1, 1, Some(3))]).is_err());
        assert!(grid_from_cells(4, [(0, 1, Some(2))]).is_err());
        assert!(grid_from_cells(4, [(1, 1, Some(5))]).is_err());
        assert!(grid_from_cells(4, [(1, 1, Some(2)), (1, 1, Some(2)), (2, 2, None)]).is_ok());
    }
}

/// A node of the recursive fill: the grid after `depth` blanks were filled, the last one at
/// `cell` with `digit` (`None` at the root).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeNode {
    pub depth: u32,
    pub cell: Option<Cell>,
    pub digit: Option<u8>,
    pub grid: Grid,
    pub is_solution: bool,
}

/// The nodes of the recursive CTE that fills the first blank (row-major) with every digit its
/// peers allow, then the next blank, level by level: breadth first, so depth by depth as the
/// CTE's iterations produce them; within a level, children follow their parents' order, digits
/// ascending. At most `max_nodes` nodes are generated.
pub struct SearchTree {
    queue: std::collections::VecDeque<TreeNode>,
    generated: u64,
    max_nodes: u64,
}

impl SearchTree {
    pub fn new(grid: &Grid, max_nodes: u64) -> SearchTree {
        let root = TreeNode {
            depth: 0,
            cell: None,
            digit: None,
            grid: grid.clone(),
            is_solution: grid.cells().iter().all(|&v| v != 0) && grid.is_valid(),
        };
        let mut queue = std::collections::VecDeque::new();
        if max_nodes > 0 {
            queue.push_back(root);
        }
        SearchTree { queue, generated: max_nodes.min(1), max_nodes }
    }
}

impl Iterator for SearchTree {
    type Item = TreeNode;

    fn next(&mut self) -> Option<TreeNode> {
        let node = self.queue.pop_front()?;
        let values = node.grid.cells();
        if let Some(blank) = values.iter().position(|&v| v == 0) {
            let geo = Geometry::for_box_side(node.grid.box_side());
            let used = digits_held(values, geo.peers(blank));
            let cell = cells(&node.grid).nth(blank).expect("the blank is a cell");
            for d in 1..=geo.n as u8 {
                if used >> (d - 1) & 1 == 1 || self.generated >= self.max_nodes {
                    continue;
                }
                let mut next = values.to_vec();
                next[blank] = d;
                let filled = !next.contains(&0);
                self.generated += 1;
                self.queue.push_back(TreeNode {
                    depth: node.depth + 1,
                    cell: Some(Cell { value: Some(d), ..cell }),
                    digit: Some(d),
                    grid: Grid::from_cells(&next).expect("a digit of the grid's size"),
                    is_solution: filled,
                });
            }
        }
        Some(node)
    }
}

#[cfg(test)]
mod more_tests {
    use super::*;

    #[test]
    fn empty_4x4_tree_ends_in_the_288_grids() {
        let tree: Vec<TreeNode> = SearchTree::new(&Grid::empty(4).unwrap(), u64::MAX).collect();
        let leaves: Vec<&TreeNode> = tree.iter().filter(|n| n.is_solution).collect();
        assert_eq!(leaves.len(), 288);
        assert!(leaves.iter().all(|n| n.depth == 16 && n.grid.is_solved()));
        assert!(tree.windows(2).all(|w| w[0].depth <= w[1].depth));
        assert_eq!(SearchTree::new(&Grid::empty(4).unwrap(), 10).count(), 10);
    }
}
