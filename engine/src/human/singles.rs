//! Singles: a naked single (a blank with one candidate left takes it) and a hidden single (a
//! digit with one place left in a row, column or box goes there). `sudoku.hidden_singles` lists
//! every hidden single of a grid from the peers' digits alone.

use super::*;

impl Board {
    /// The first open cell (row-major) with one candidate.
    pub(super) fn naked_single(&self) -> Option<Step> {
        let c = (0..self.geo.cells).find(|&c| self.value[c] == 0 && self.cand[c].count_ones() == 1)?;
        let d = self.cand[c].trailing_zeros() as u8 + 1;
        let explanation =
            explain!(self, "Row {}, column {} has only {d} left.", c / self.geo.n + 1, c % self.geo.n + 1);
        Some(Step::placement(Technique::NakedSingle, None, c, d, 0, explanation))
    }

    /// Every hidden single of `units`, in their order and digits ascending, as (unit, cell,
    /// digit): a digit not placed in the unit with one open cell holding it.
    fn hidden_singles_in(&self, units: std::ops::Range<usize>) -> impl Iterator<Item = (usize, usize, u8)> + '_ {
        units.flat_map(move |u| {
            let placed = digits_held(&self.value, self.geo.unit(u));
            // Candidates held by one open cell of the unit: once and not twice.
            let (mut once, mut twice) = (0u32, 0u32);
            for c in self.open(u) {
                twice |= once & self.cand[c];
                once |= self.cand[c];
            }
            digits(once & !twice & !placed).filter_map(move |d| self.single_place(u, 1 << (d - 1)).map(|c| (u, c, d)))
        })
    }

    /// The first hidden single of `units`.
    pub(super) fn hidden_single(&self, units: std::ops::Range<usize>) -> Option<Step> {
        let (u, c, d) = self.hidden_singles_in(units).next()?;
        let n = self.geo.n;
        let (kind, _) = UnitKind::of_unit(u, n);
        let where_ = || match kind {
            UnitKind::Row => format!("column {}", c % n + 1),
            UnitKind::Column => format!("row {}", c / n + 1),
            UnitKind::Box => format!("row {}, column {}", c / n + 1, c % n + 1),
        };
        let technique = if kind == UnitKind::Box { Technique::HiddenSingleBox } else { Technique::HiddenSingleLine };
        let explanation = explain!(self, "{}: {d} can only go in {}.", unit_name(self.geo, u), where_());
        Some(Step::placement(technique, Some(u), c, d, 0, explanation))
    }
}

/// Every hidden single of `grid` as (unit, cell, digit), 0-based unit (rows, columns, boxes) and
/// cell: rows 1..n, then columns, then boxes, digits ascending within a unit. Candidates are the
/// digits no peer holds (no other deduction), so a cell can appear once per unit it is a hidden
/// single of, and with two digits in an invalid grid.
pub fn hidden_singles(grid: &Grid) -> Vec<(usize, usize, u8)> {
    let board = Board::new(grid, false);
    board.hidden_singles_in(0..board.geo.unit_count()).collect()
}
