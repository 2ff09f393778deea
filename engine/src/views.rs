//! Set-based views of a grid, as the SQL articles think of a puzzle: one row per cell, and the
//! candidates of each blank cell.
//!
//! Rows, columns, boxes and digits are numbered from 1; boxes left to right, top to bottom.

use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::search::Interrupted;

/// One cell of a grid: 1-based row, column and box, and its digit (`None` when blank).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    pub row: u8,
    pub col: u8,
    /// The box from 1; 0 on a grid without boxes.
    pub box_: u8,
    pub value: Option<u8>,
}

/// Every cell of `grid`, row-major (the `SudokuField(CellID, Value)` view of a puzzle).
pub fn cells(grid: &Grid) -> impl Iterator<Item = Cell> + '_ {
    let geo = Geometry::of(grid.shape());
    grid.cells().iter().enumerate().map(move |(i, &v)| Cell {
        row: (i / geo.n + 1) as u8,
        col: (i % geo.n + 1) as u8,
        // 0 on a grid without boxes.
        box_: if geo.shape.has_boxes() { (geo.box_of(i) + 1) as u8 } else { 0 },
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
    let geo = Geometry::of(grid.shape());
    let full = (1u32 << geo.n) - 1;
    // The digits each unit holds: a cell's peers are the other cells of its three units.
    let held: Vec<u32> = geo.units().map(|unit| digits_held(grid.cells(), unit)).collect();
    cells(grid).filter(|c| c.value.is_none()).map(move |cell| {
        let (r, c) = (cell.row as usize - 1, cell.col as usize - 1);
        // Box 0: a grid without boxes (its 2n units are the rows and columns).
        let in_box = if cell.box_ == 0 { 0 } else { held[2 * geo.n + cell.box_ as usize - 1] };
        (cell, full & !(held[r] | held[geo.n + c] | in_box))
    })
}

/// The candidates of every cell as in [`candidates`], indexed row-major from 0; 0 for a filled
/// cell.
pub fn candidate_masks(grid: &Grid) -> Vec<u32> {
    let geo = Geometry::of(grid.shape());
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
    let mut collector = GridCollector::new(Some(size))?;
    for (row, col, value) in triples {
        collector.add(row, col, value)?;
    }
    collector.finish()
}

/// The largest grid's side: rows, columns and values of a grid without a given size stay within it.
const LARGEST: i64 = 25;

/// `(row, col, value)` triples collected one at a time into a grid (the state of
/// `sudoku.grid_agg`): each triple is checked as it comes, so the first impossible one is an error
/// at once, in constant time and memory (one byte per cell of the grid, or of the largest grid
/// when the size is inferred). The state is its bytes ([`GridCollector::as_bytes`]), so that
/// PostgreSQL can keep it in a `bytea`, update it in place, ship it between processes and hosts,
/// and combine two of them ([`collected`] works on the bytes themselves).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GridCollector {
    bytes: Vec<u8>,
}

impl GridCollector {
    /// An empty collection for a grid of `size` (4, 9, 16 or 25; else an error), or of the
    /// smallest size that holds every triple when `None`.
    pub fn new(size: Option<usize>) -> Result<GridCollector, crate::GridError> {
        Ok(GridCollector { bytes: collected::empty(size)? })
    }

    /// Adds one triple; `None` is a blank. An error for a cell outside the grid (the largest one
    /// when the size is inferred), a value outside `1..=n` or two different values for one cell.
    pub fn add(&mut self, row: i64, col: i64, value: Option<i64>) -> Result<(), crate::GridError> {
        collected::add(&mut self.bytes, row, col, value)
    }

    /// Adds every triple of `other`, a collection of other rows of the same aggregate made
    /// elsewhere (a parallel worker, a Citus worker). An error when the two were made for
    /// different sizes or give one cell two different values.
    pub fn merge(&mut self, other: &GridCollector) -> Result<(), crate::GridError> {
        collected::merge(&mut self.bytes, &other.bytes)
    }

    /// The collection's bytes: the size (0 when inferred), the largest row, column or value so
    /// far, then one byte per cell of the side (`side`² bytes, row-major, 0 for blank).
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The collection of [`GridCollector::as_bytes`]; an error for bytes it cannot have made.
    pub fn from_bytes(bytes: &[u8]) -> Result<GridCollector, crate::GridError> {
        collected::check_all(bytes)?;
        Ok(GridCollector { bytes: bytes.to_vec() })
    }

    /// The grid: of the size given, or the smallest of 4, 9, 16, 25 that holds every row,
    /// column and value added (4x4 when none was).
    pub fn finish(&self) -> Result<Grid, crate::GridError> {
        collected::finish(&self.bytes)
    }
}

/// The operations of [`GridCollector`] on its bytes, borrowed from wherever they live (a
/// `bytea` the aggregate updates in place).
pub mod collected {
    use super::{Grid, LARGEST};
    use crate::GridError;

    /// The bytes before the cells: the size given (0: inferred) and the largest row, column or
    /// value so far.
    const HEADER: usize = 2;

    /// The empty state for `size` (see [`super::GridCollector::new`]).
    pub fn empty(size: Option<usize>) -> Result<Vec<u8>, GridError> {
        if let Some(n) = size {
            Grid::empty(n)?;
        }
        let side = size.unwrap_or(LARGEST as usize);
        let mut bytes = vec![0; HEADER + side * side];
        bytes[0] = size.unwrap_or(0) as u8;
        Ok(bytes)
    }

    fn bad(bytes: &[u8]) -> GridError {
        GridError::Value(format!("not a sudoku.grid_agg state ({} bytes)", bytes.len()))
    }

    /// The side of a state, in constant time: an error unless its size byte and length agree.
    pub fn side(bytes: &[u8]) -> Result<usize, GridError> {
        let side = match bytes.first() {
            Some(0) => LARGEST as usize,
            Some(&n) if (4..=25).contains(&n) => n as usize,
            _ => return Err(bad(bytes)),
        };
        if bytes.len() != HEADER + side * side || bytes[1] as usize > side {
            return Err(bad(bytes));
        }
        Ok(side)
    }

    /// [`side`]'s check and every cell within the side: what a state from elsewhere must pass.
    pub fn check_all(bytes: &[u8]) -> Result<usize, GridError> {
        let side = side(bytes)?;
        if bytes[HEADER..].iter().any(|&v| v as usize > side) {
            return Err(bad(bytes));
        }
        Ok(side)
    }

    /// Adds one triple to a state (see [`super::GridCollector::add`]).
    pub fn add(bytes: &mut [u8], row: i64, col: i64, value: Option<i64>) -> Result<(), GridError> {
        use GridError::Value;
        let side = side(bytes)?;
        let inferred = bytes[0] == 0;
        let n = side as i64;
        if !(1..=n).contains(&row) || !(1..=n).contains(&col) {
            let grid = if inferred { format!("the largest grid ({n}x{n})") } else { format!("the {n}x{n} grid") };
            return Err(Value(format!("cell ({row}, {col}) is outside {grid}")));
        }
        let mut largest = (bytes[1] as i64).max(row).max(col);
        if let Some(v) = value {
            if !(1..=n).contains(&v) {
                let grid = if inferred { format!("the largest grid ({n}x{n})") } else { format!("a {n}x{n} grid") };
                return Err(Value(format!("cell ({row}, {col}) holds {v}, but {grid} takes 1 to {n}")));
            }
            let slot = &mut bytes[HEADER + ((row - 1) * n + col - 1) as usize];
            if *slot != 0 && *slot as i64 != v {
                return Err(Value(format!("cell ({row}, {col}) is given both {} and {v}", *slot)));
            }
            *slot = v as u8;
            largest = largest.max(v);
        }
        bytes[1] = largest as u8;
        Ok(())
    }

    /// Adds every triple of `other` to `bytes` (see [`super::GridCollector::merge`]).
    pub fn merge(bytes: &mut [u8], other: &[u8]) -> Result<(), GridError> {
        let side = check_all(bytes)?;
        check_all(other)?;
        if bytes[0] != other[0] {
            let name = |s: u8| if s == 0 { "an inferred size".to_string() } else { format!("{s}x{s}") };
            return Err(GridError::Value(format!(
                "cannot combine rows collected for {} with rows collected for {}",
                name(bytes[0]),
                name(other[0])
            )));
        }
        for (i, (mine, theirs)) in bytes[HEADER..].iter_mut().zip(&other[HEADER..]).enumerate() {
            if *theirs == 0 {
                continue;
            }
            if *mine != 0 && mine != theirs {
                let (row, col) = (i / side + 1, i % side + 1);
                return Err(GridError::Value(format!("cell ({row}, {col}) is given both {mine} and {theirs}")));
            }
            *mine = *theirs;
        }
        bytes[1] = bytes[1].max(other[1]);
        Ok(())
    }

    /// The grid of a state (see [`super::GridCollector::finish`]).
    pub fn finish(bytes: &[u8]) -> Result<Grid, GridError> {
        let side = check_all(bytes)?;
        let n = match bytes[0] {
            0 => [4, 9, 16, 25].into_iter().find(|&n| n >= bytes[1] as usize).expect("within the largest grid"),
            n => n as usize,
        };
        let cells: Vec<u8> = (0..n * n).map(|i| bytes[HEADER + i / n * side + i % n]).collect();
        Grid::from_cells(&cells)
    }
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
    fn collected_triples_infer_the_smallest_size_and_fail_at_once() {
        let mut c = GridCollector::new(None).unwrap();
        c.add(1, 1, Some(1)).unwrap();
        c.add(2, 3, Some(4)).unwrap();
        c.add(4, 4, None).unwrap();
        assert_eq!(c.finish().unwrap().to_line(), "1.....4.........");
        c.add(5, 1, None).unwrap();
        assert_eq!(c.finish().unwrap().size(), 9);
        assert!(c.add(26, 1, Some(1)).is_err());
        assert!(c.add(1, 1, Some(26)).is_err());
        assert!(c.add(1, 1, Some(2)).is_err());
        assert!(c.add(1, 1, Some(0)).is_err());
        assert_eq!(GridCollector::new(None).unwrap().finish().unwrap(), Grid::empty(4).unwrap());
        assert!(GridCollector::new(Some(3)).is_err());
        assert!(GridCollector::new(Some(26)).is_err());
        assert_eq!(GridCollector::new(Some(6)).unwrap().finish().unwrap().shape().name(), "2x3");
        // Every solved grid of every size, cell by cell, with and without the size.
        for n in [4, 9, 16, 25] {
            let g = crate::solve(&Grid::empty(n).unwrap()).unwrap();
            for size in [None, Some(n)] {
                let mut c = GridCollector::new(size).unwrap();
                for cell in cells(&g) {
                    c.add(cell.row as i64, cell.col as i64, cell.value.map(i64::from)).unwrap();
                }
                assert_eq!(c.finish().unwrap(), g);
            }
        }
    }

    #[test]
    fn collections_merge_and_round_trip_as_bytes() {
        // A solved grid's cells dealt into three collections, merged in two orders, and through bytes.
        for n in [4, 9, 16, 25] {
            let g = crate::solve(&Grid::empty(n).unwrap()).unwrap();
            for size in [None, Some(n)] {
                let mut parts: Vec<GridCollector> = (0..3).map(|_| GridCollector::new(size).unwrap()).collect();
                for (i, cell) in cells(&g).enumerate() {
                    parts[i % 3].add(cell.row as i64, cell.col as i64, cell.value.map(i64::from)).unwrap();
                }
                let mut forward = GridCollector::from_bytes(parts[0].as_bytes()).unwrap();
                for p in &parts[1..] {
                    forward.merge(&GridCollector::from_bytes(p.as_bytes()).unwrap()).unwrap();
                }
                assert_eq!(forward.finish().unwrap(), g);
                let mut backward = parts[2].clone();
                backward.merge(&parts[1]).unwrap();
                backward.merge(&parts[0]).unwrap();
                assert_eq!(backward.finish().unwrap(), g);
            }
        }
        // A 4x4 corner alone infers 4x4; merged with a row 5 it is 9x9.
        let mut small = GridCollector::new(None).unwrap();
        small.add(1, 1, Some(3)).unwrap();
        let mut other = GridCollector::new(None).unwrap();
        other.add(5, 2, None).unwrap();
        let mut merged = small.clone();
        merged.merge(&other).unwrap();
        assert_eq!(small.finish().unwrap().size(), 4);
        assert_eq!(merged.finish().unwrap().size(), 9);
        // Conflicts, mixed sizes and foreign bytes are errors.
        let mut clash = GridCollector::new(None).unwrap();
        clash.add(1, 1, Some(4)).unwrap();
        assert!(small.clone().merge(&clash).is_err());
        assert!(small.clone().merge(&GridCollector::new(Some(9)).unwrap()).is_err());
        assert!(GridCollector::from_bytes(&[]).is_err());
        assert!(GridCollector::from_bytes(&[9, 0, 1]).is_err());
        assert!(GridCollector::from_bytes(&[5, 0]).is_err());
        let mut bytes = GridCollector::new(Some(4)).unwrap().as_bytes().to_vec();
        bytes[2] = 5;
        assert!(GridCollector::from_bytes(&bytes).is_err());
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
/// ascending. At most `max_nodes` nodes: the first `max_nodes` of that order.
///
/// The order is breadth first but the memory is not: a breadth-first queue holds a whole level
/// (the empty 9x9 grid's levels grow to billions of nodes), so the walk is iterative deepening.
/// Level `d` is a depth-first walk from the root that yields the nodes of depth `d` left to right,
/// which is the breadth-first order of that level; the walk keeps one path (a digit per level, at
/// most 625) and the grid along it. Walking the upper levels again costs at most the nodes above
/// (a constant factor when the tree branches, `depth²/2` steps along a chain of forced cells).
pub struct SearchTree {
    geo: &'static Geometry,
    /// The blanks of the root, row-major, and their cells; the node at depth `k` has filled the
    /// first `k`.
    blanks: Vec<usize>,
    blank_cells: Vec<Cell>,
    /// The cells along the current path (the root's when it is empty), and the digit placed at
    /// each level of it.
    values: Vec<u8>,
    path: Vec<u8>,
    /// The depth being listed (the path is at a node already yielded when it is that long), and
    /// whether the level has yielded a node (else the tree ends above it).
    level: usize,
    level_found: bool,
    yielded: u64,
    max_nodes: u64,
    visited: u64,
}

impl SearchTree {
    pub fn new(grid: &Grid, max_nodes: u64) -> SearchTree {
        let values = grid.cells().to_vec();
        let blanks: Vec<usize> = (0..values.len()).filter(|&i| values[i] == 0).collect();
        let all: Vec<Cell> = cells(grid).collect();
        let blank_cells = blanks.iter().map(|&i| all[i]).collect();
        SearchTree {
            geo: Geometry::of(grid.shape()),
            blanks,
            blank_cells,
            values,
            path: Vec::new(),
            level: 0,
            level_found: false,
            yielded: 0,
            max_nodes,
            visited: 0,
        }
    }

    /// The next node, calling `interrupted` every 1,024 steps of the walk (a step places or
    /// removes one digit); `Err` when it answers true.
    pub fn next_with(&mut self, interrupted: &mut impl FnMut() -> bool) -> Result<Option<TreeNode>, Interrupted> {
        if self.yielded >= self.max_nodes {
            return Ok(None);
        }
        if self.level == 0 {
            self.level = 1;
            self.yielded = 1;
            let root = Grid::from_cells(&self.values).expect("the root's cells");
            let is_solution = self.blanks.is_empty() && root.is_valid();
            return Ok(Some(TreeNode { depth: 0, cell: None, digit: None, grid: root, is_solution }));
        }
        loop {
            if self.level > self.blanks.len() {
                return Ok(None);
            }
            if self.walk_to_next_node(interrupted)? {
                self.yielded += 1;
                self.level_found = true;
                let k = self.level - 1;
                let digit = self.path[k];
                return Ok(Some(TreeNode {
                    depth: self.level as u32,
                    cell: Some(Cell { value: Some(digit), ..self.blank_cells[k] }),
                    digit: Some(digit),
                    grid: Grid::from_cells(&self.values).expect("digits of the grid's size"),
                    is_solution: self.level == self.blanks.len(),
                }));
            }
            // The level is done: the next one, unless this one had no node.
            if !self.level_found {
                self.level = self.blanks.len() + 1;
                return Ok(None);
            }
            self.level += 1;
            self.level_found = false;
        }
    }

    /// Moves the path to the next node of depth `level` (left to right); false when the level
    /// has no more, with the path back at the root.
    fn walk_to_next_node(&mut self, interrupted: &mut impl FnMut() -> bool) -> Result<bool, Interrupted> {
        // At a node already yielded: on to its next sibling.
        let mut from = if self.path.len() == self.level { self.pop() + 1 } else { 1 };
        loop {
            self.visited += 1;
            if self.visited % 1024 == 0 && interrupted() {
                return Err(Interrupted);
            }
            let k = self.path.len();
            let blank = self.blanks[k];
            let used = digits_held(&self.values, self.geo.peers(blank));
            match (from..=self.geo.n as u8).find(|&d| used >> (d - 1) & 1 == 0) {
                Some(d) => {
                    self.values[blank] = d;
                    self.path.push(d);
                    if self.path.len() == self.level {
                        return Ok(true);
                    }
                    from = 1;
                }
                None if k == 0 => return Ok(false),
                None => from = self.pop() + 1,
            }
        }
    }

    /// Takes the last digit off the path; returns it.
    fn pop(&mut self) -> u8 {
        let d = self.path.pop().expect("a digit on the path");
        self.values[self.blanks[self.path.len()]] = 0;
        d
    }
}

impl Iterator for SearchTree {
    type Item = TreeNode;

    fn next(&mut self) -> Option<TreeNode> {
        self.next_with(&mut || false).expect("never interrupted")
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

    /// The breadth-first queue the tree used to keep (its memory grew with the widest level):
    /// the order iterative deepening must reproduce.
    fn breadth_first(grid: &Grid, max_nodes: usize) -> Vec<TreeNode> {
        let mut out = Vec::new();
        if max_nodes == 0 {
            return out;
        }
        let mut queue = std::collections::VecDeque::new();
        let root_done = grid.cells().iter().all(|&v| v != 0) && grid.is_valid();
        queue.push_back(TreeNode { depth: 0, cell: None, digit: None, grid: grid.clone(), is_solution: root_done });
        let mut generated = max_nodes.min(1);
        while let Some(node) = queue.pop_front() {
            let values = node.grid.cells();
            if let Some(blank) = values.iter().position(|&v| v == 0) {
                let geo = Geometry::of(node.grid.shape());
                let used = digits_held(values, geo.peers(blank));
                let cell = cells(&node.grid).nth(blank).unwrap();
                for d in 1..=geo.n as u8 {
                    if used >> (d - 1) & 1 == 1 || generated >= max_nodes {
                        continue;
                    }
                    let mut next = values.to_vec();
                    next[blank] = d;
                    generated += 1;
                    queue.push_back(TreeNode {
                        depth: node.depth + 1,
                        cell: Some(Cell { value: Some(d), ..cell }),
                        digit: Some(d),
                        is_solution: !next.contains(&0),
                        grid: Grid::from_cells(&next).unwrap(),
                    });
                }
            }
            out.push(node);
        }
        out
    }

    #[test]
    fn iterative_deepening_lists_the_breadth_first_nodes() {
        let mut grids: Vec<Grid> = vec![Grid::empty(4).unwrap(), Grid::empty(9).unwrap(), Grid::empty(16).unwrap()];
        // Puzzles with every second given removed (deep, bushy trees), a solved grid, a grid with
        // conflicting givens, and a 4x4 dead end (the blank's peers hold every digit).
        let puzzle =
            Grid::parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").unwrap();
        let solved = crate::solve(&puzzle).unwrap();
        let mut thinned = puzzle.cells().to_vec();
        let mut seen = 0;
        for v in thinned.iter_mut().filter(|v| **v != 0) {
            seen += 1;
            if seen % 2 == 0 {
                *v = 0;
            }
        }
        grids.push(Grid::from_cells(&thinned).unwrap());
        grids.push(puzzle);
        grids.push(solved);
        grids.push(Grid::parse(&format!("11{}", ".".repeat(79))).unwrap());
        grids.push(Grid::parse("1234............").unwrap());
        grids.push(Grid::parse(".234.1..........").unwrap());
        for grid in &grids {
            for max in [0, 1, 2, 17, 1000, 30_000] {
                let expected = breadth_first(grid, max);
                let got: Vec<TreeNode> = SearchTree::new(grid, max as u64).collect();
                assert_eq!(got, expected, "{} with max {max}", grid.to_line());
            }
        }
        // The whole tree of the 4x4 grid.
        let empty = Grid::empty(4).unwrap();
        assert_eq!(SearchTree::new(&empty, u64::MAX).collect::<Vec<_>>(), breadth_first(&empty, usize::MAX));
    }

    #[test]
    fn the_tree_walk_can_be_interrupted() {
        let mut calls = 0;
        let mut tree = SearchTree::new(&Grid::empty(9).unwrap(), u64::MAX);
        let mut stop = || {
            calls += 1;
            calls == 3
        };
        let outcome = (0..100_000).try_for_each(|_| tree.next_with(&mut stop).map(|_| ()));
        assert!(outcome.is_err());
    }
}
