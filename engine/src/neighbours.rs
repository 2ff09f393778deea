//! The `{-r+a}` neighbourhood of a puzzle, the move of the Sudoku forum's search for its hardest
//! puzzles ("The hardest sudokus" thread, where the lists of `../shared/data` come from): remove
//! `r` givens, add `a` givens on cells that were blank, with any digits, and keep the puzzles
//! with exactly one solution. Walked lazily in a fixed order (the removed givens, then the cells
//! added, then their digits, each ascending), in constant memory, checking the interrupt hook for
//! every puzzle tried; the number of puzzles to try is bounded before the walk starts
//! ([`MAX_TRIED`]).

use crate::{count_solutions_with, geometry::Geometry, Grid, GridError, Interrupted};

/// The most puzzles a neighbourhood may try (about five minutes of uniqueness checks on a 9x9):
/// `{-2+2}` of a 25-given 9x9 puzzle tries 37 million, `{-3+3}` 46 billion.
pub const MAX_TRIED: u128 = 100_000_000;

/// The unique puzzles of a grid's `{-remove+add}` neighbourhood, in order; see the module.
pub struct Neighbours {
    base: Vec<u8>,
    geometry: &'static Geometry,
    n: u8,
    givens: Vec<usize>,
    blanks: Vec<usize>,
    /// Indexes into `givens` of the givens removed, ascending.
    removed: Vec<usize>,
    /// Indexes into `blanks` of the cells added, ascending.
    added: Vec<usize>,
    /// The digit of each added cell.
    digits: Vec<u8>,
    /// The state above has not been tried yet.
    fresh: bool,
    done: bool,
    /// The puzzle being tried, reused.
    work: Vec<u8>,
}

/// `C(m, k)`, saturating.
fn choose(m: usize, k: usize) -> u128 {
    if k > m {
        return 0;
    }
    (0..k as u128).fold(1u128, |acc, i| acc.saturating_mul(m as u128 - i) / (i + 1))
}

/// The next combination of `c.len()` indexes of `0..m` in lexicographic order; false after the last.
fn next_combination(c: &mut [usize], m: usize) -> bool {
    let k = c.len();
    for i in (0..k).rev() {
        if c[i] < m - k + i {
            c[i] += 1;
            for j in i + 1..k {
                c[j] = c[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

impl Neighbours {
    /// The neighbourhood of `grid`: `remove` of its givens removed and `add` givens added on its
    /// blank cells. An error when the grid has fewer givens or blanks than that, or when the
    /// neighbourhood has more than [`MAX_TRIED`] puzzles to try.
    pub fn new(grid: &Grid, remove: usize, add: usize) -> Result<Neighbours, GridError> {
        let base = grid.cells().to_vec();
        let givens: Vec<usize> = (0..base.len()).filter(|&i| base[i] != 0).collect();
        let blanks: Vec<usize> = (0..base.len()).filter(|&i| base[i] == 0).collect();
        if remove > givens.len() || add > blanks.len() {
            return Err(GridError::Value(format!(
                "cannot remove {remove} of {} givens and add {add} on {} blank cells",
                givens.len(),
                blanks.len()
            )));
        }
        let n = grid.size();
        let tried = choose(givens.len(), remove)
            .saturating_mul(choose(blanks.len(), add))
            .saturating_mul((n as u128).saturating_pow(add as u32));
        if tried > MAX_TRIED {
            return Err(GridError::Value(format!(
                "the {{-{remove}+{add}}} neighbourhood of this grid has {tried} puzzles to try, more than {MAX_TRIED}; \
                 walk a smaller one"
            )));
        }
        Ok(Neighbours {
            geometry: Geometry::of(grid.shape()),
            n: n as u8,
            work: base.clone(),
            base,
            givens,
            blanks,
            removed: (0..remove).collect(),
            added: (0..add).collect(),
            digits: vec![1; add],
            fresh: true,
            done: false,
        })
    }

    /// Moves to the next puzzle to try; false after the last.
    fn advance(&mut self) -> bool {
        for d in self.digits.iter_mut().rev() {
            if *d < self.n {
                *d += 1;
                return true;
            }
            *d = 1;
        }
        if next_combination(&mut self.added, self.blanks.len()) {
            return true;
        }
        self.added.iter_mut().enumerate().for_each(|(i, a)| *a = i);
        next_combination(&mut self.removed, self.givens.len())
    }

    /// The puzzle of the current state in `work`; false when an added digit repeats one of its
    /// peers' (no solution, not worth a search).
    fn build(&mut self) -> bool {
        self.work.copy_from_slice(&self.base);
        for &r in &self.removed {
            self.work[self.givens[r]] = 0;
        }
        for (&a, &d) in self.added.iter().zip(&self.digits) {
            let cell = self.blanks[a];
            if self.geometry.peers(cell).iter().any(|&p| self.work[p as usize] == d) {
                return false;
            }
            self.work[cell] = d;
        }
        true
    }

    /// The next unique puzzle of the neighbourhood, `None` after the last; `Err` when
    /// `interrupted` says to stop (it is asked once a puzzle tried).
    pub fn next_with(&mut self, interrupted: &mut impl FnMut() -> bool) -> Result<Option<Grid>, Interrupted> {
        while !self.done {
            if self.fresh {
                self.fresh = false;
            } else if !self.advance() {
                self.done = true;
                break;
            }
            if interrupted() {
                return Err(Interrupted);
            }
            if !self.build() {
                continue;
            }
            let puzzle = Grid::from_cells(&self.work).expect("cells of the grid's own size");
            if count_solutions_with(&puzzle, 2, interrupted)? == 1 {
                return Ok(Some(puzzle));
            }
        }
        Ok(None)
    }
}

impl Iterator for Neighbours {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        self.next_with(&mut || false).expect("never interrupted")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use crate::grid::Shape;

    /// A puzzle with one solution from the shared data's examples (top95's first).
    const TOP95_1: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn combinations_walk_in_order() {
        let mut c = vec![0, 1];
        let mut all = vec![c.clone()];
        while next_combination(&mut c, 4) {
            all.push(c.clone());
        }
        assert_eq!(all, [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]);
        assert_eq!(choose(25, 2), 300);
        assert_eq!(choose(3, 4), 0);
        let mut none: Vec<usize> = vec![];
        assert!(!next_combination(&mut none, 5));
    }

    /// Every neighbour is found by brute force and is unique, with exactly `r` givens removed and
    /// `a` added elsewhere; the walk finds them all, in order, once each.
    #[test]
    fn the_walk_finds_every_unique_neighbour_once() {
        let p = Grid::parse(TOP95_1).unwrap();
        let cells = p.cells();
        let mut expected = Vec::new();
        for g in (0..81).filter(|&i| cells[i] != 0) {
            for b in (0..81).filter(|&i| cells[i] == 0) {
                for d in 1..=9u8 {
                    let mut c = cells.to_vec();
                    c[g] = 0;
                    c[b] = d;
                    let q = Grid::from_cells(&c).unwrap();
                    if crate::count_solutions(&q, 2) == 1 {
                        expected.push(q);
                    }
                }
            }
        }
        let found: Vec<Grid> = Neighbours::new(&p, 1, 1).unwrap().collect();
        assert!(!found.is_empty());
        assert_eq!(found, expected);
        for q in &found {
            let removed = (0..81).filter(|&i| cells[i] != 0 && q.cells()[i] == 0).count();
            let added = (0..81).filter(|&i| cells[i] == 0 && q.cells()[i] != 0).count();
            let changed = (0..81).filter(|&i| cells[i] != 0 && q.cells()[i] != 0 && cells[i] != q.cells()[i]).count();
            assert_eq!((removed, added, changed), (1, 1, 0));
        }
    }

    #[test]
    fn other_shapes_and_bounds() {
        let p = Grid::parse(TOP95_1).unwrap();
        // {-0+0}: the puzzle itself, which is unique.
        assert_eq!(Neighbours::new(&p, 0, 0).unwrap().collect::<Vec<_>>(), [p.clone()]);
        // {-1+0}: removing a given of a minimal-ish puzzle; every result has one solution.
        for q in Neighbours::new(&p, 1, 0).unwrap() {
            assert_eq!(crate::count_solutions(&q, 2), 1);
            assert_eq!(q.givens(), p.givens() - 1);
        }
        // {-0+1}: adding a given to a unique puzzle keeps it unique only with its solution's digit.
        let s = crate::solve(&p).unwrap();
        let added: Vec<Grid> = Neighbours::new(&p, 0, 1).unwrap().collect();
        assert_eq!(added.len(), 81 - p.givens());
        assert!(added.iter().all(|q| q.is_solved_by(&s)));
        // Too many to try, or more than the grid has.
        assert!(Neighbours::new(&p, 3, 3).is_err());
        assert!(Neighbours::new(&p, 18, 0).is_err());
        assert!(Neighbours::new(&s, 0, 1).is_err());
        // A 4x4 grid: the walk stops when asked.
        let four = crate::generate::generate_seeded(
            Shape::of_size(4).unwrap(),
            7,
            crate::generate::Symmetry::None,
            None,
            &mut || false,
        )
        .unwrap()
        .unwrap()
        .puzzle;
        let mut walk = Neighbours::new(&four, 1, 1).unwrap();
        assert!(walk.next_with(&mut || true).is_err());
    }
}
