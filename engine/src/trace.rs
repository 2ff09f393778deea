//! The propagation of [`crate::propagate`] one deduction at a time, as a readable trace: what
//! the set-based SQL loop does in rounds, written out step by step. It never guesses.
//!
//! Each step makes the first deduction found in this order, against the current candidates
//! (the digits no peer holds, less what earlier steps eliminated):
//! 1. naked single: the first open cell (row-major) with one candidate;
//! 2. hidden single: units in the order rows 1..n, columns, boxes, digits ascending: a digit
//!    missing from the unit with one open cell holding it;
//! 3. locked candidates: pointing (boxes 1..n, digits ascending: the box's places of a digit lie
//!    in one row, and the digit leaves the rest of that row; then the same with columns), then
//!    claiming (rows 1..n, digits ascending: the row's places of a digit lie in one box, and the
//!    digit leaves the rest of that box; then the same with columns);
//! 4. preemptive set of 2 or more cells: units as for hidden singles, sets by size then digits
//!    (as [`crate::views::preemptive_sets`]): the set's digits leave the unit's other cells.
//!
//! A step is only reported when it places a digit or eliminates a candidate. The last step says
//! how the trace ended: `solved`, `stalled` (no chosen technique applies) or `contradiction` (a
//! cell without candidates, conflicting givens, or, with hidden singles, a digit with no place
//! in a unit). The grid after the last step equals `propagate` with the same techniques (or
//! `propagate` returns `None` exactly when the trace ends in a contradiction).

use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::solver::{Interrupted, Techniques};
use crate::views::UnitKind;

/// What a step did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Technique {
    NakedSingle,
    HiddenSingle,
    LockedCandidates,
    PreemptiveSet,
    /// The last step: every cell is filled.
    Solved,
    /// The last step: no chosen technique makes progress.
    Stalled,
    /// The last step: the grid has no solution.
    Contradiction,
}

impl Technique {
    /// The name SQL uses, as `sudoku.propagate` takes them (`naked_single`, ...), or `solved`,
    /// `stalled`, `contradiction`.
    pub fn name(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked_single",
            Technique::HiddenSingle => "hidden_single",
            Technique::LockedCandidates => "locked_candidates",
            Technique::PreemptiveSet => "preemptive_set",
            Technique::Solved => "solved",
            Technique::Stalled => "stalled",
            Technique::Contradiction => "contradiction",
        }
    }
}

/// One step of the trace. Cells are `(row, col)` and eliminations `(row, col, digit)`, 1-based.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    pub technique: Technique,
    /// The unit the deduction is about (`None` for a naked single and the last step).
    pub unit: Option<(UnitKind, u8)>,
    /// The digits the deduction is about, ascending.
    pub digits: Vec<u8>,
    /// The cells the deduction is about (the single's cell, a digit's places in the box or
    /// line, the preemptive set's cells), row-major.
    pub cells: Vec<(u8, u8)>,
    /// The digit placed, as `(row, col, digit)`.
    pub placed: Option<(u8, u8, u8)>,
    /// The candidates removed, row-major (a placement removes its digit from the peers).
    pub eliminated: Vec<(u8, u8, u8)>,
    /// The grid after the step.
    pub grid: Grid,
}

impl Step {
    /// One sentence a player can follow, e.g. "Row 4: 7 can only go in row 4, column 2."
    pub fn explanation(&self) -> String {
        let cell = |&(r, c): &(u8, u8)| format!("r{r}c{c}");
        let cells: Vec<String> = self.cells.iter().map(cell).collect();
        let cells = match &cells[..] {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
        };
        let digits: Vec<String> = self.digits.iter().map(|d| d.to_string()).collect();
        let digits = match &digits[..] {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
        };
        let unit = self.unit.map(|(kind, no)| {
            let kind = match kind {
                UnitKind::Row => "Row",
                UnitKind::Column => "Column",
                UnitKind::Box => "Box",
            };
            format!("{kind} {no}")
        });
        let unit = unit.unwrap_or_default();
        match self.technique {
            Technique::NakedSingle => match self.placed {
                Some((r, c, d)) => format!("Row {r}, column {c} can only be {d}."),
                None => String::new(),
            },
            Technique::HiddenSingle => match self.placed {
                Some((r, c, d)) => format!("{unit}: {d} can only go in row {r}, column {c}."),
                None => String::new(),
            },
            Technique::LockedCandidates => {
                let shared = if self.cells.iter().all(|&(r, _)| r == self.cells[0].0) && !unit.starts_with("Row") {
                    format!("row {}", self.cells[0].0)
                } else if self.cells.iter().all(|&(_, c)| c == self.cells[0].1) && !unit.starts_with("Column") {
                    format!("column {}", self.cells[0].1)
                } else {
                    "box".to_string()
                };
                format!("{unit}: {digits} can only go in {cells}, so it leaves the rest of their {shared}.")
            }
            Technique::PreemptiveSet => format!(
                "{unit}: {cells} hold only {digits} (a preemptive set), so these digits leave the rest of the {}.",
                unit.split(' ').next().unwrap_or_default().to_lowercase()
            ),
            Technique::Solved => "Every cell is filled.".to_string(),
            Technique::Stalled => "No chosen technique applies any more.".to_string(),
            Technique::Contradiction => {
                "A cell or a digit of a unit has no place left: the grid has no solution.".to_string()
            }
        }
    }
}

/// The steps of one propagation; see the module documentation.
pub struct FillSteps {
    geo: &'static Geometry,
    techniques: Techniques,
    value: Vec<u8>,
    cand: Vec<u32>,
    /// Two givens of a unit are equal.
    conflicting: bool,
    ended: bool,
}

impl FillSteps {
    pub fn new(grid: &Grid, techniques: Techniques) -> FillSteps {
        let geo = Geometry::for_box_side(grid.box_side());
        let value = grid.cells().to_vec();
        let mut cand = crate::views::candidate_masks(grid);
        for (c, &v) in value.iter().enumerate().filter(|(_, &v)| v != 0) {
            cand[c] = 1 << (v - 1);
        }
        FillSteps { geo, techniques, value, cand, conflicting: !grid.is_valid(), ended: false }
    }

    /// The next step, or `None` after the last; `interrupt` is asked during the search for
    /// preemptive sets.
    pub fn next_with(&mut self, interrupt: &mut dyn FnMut() -> bool) -> Result<Option<Step>, Interrupted> {
        if self.ended {
            return Ok(None);
        }
        let t = self.techniques;
        let found = if self.contradiction() {
            None
        } else if !self.value.contains(&0) {
            Some(self.last(Technique::Solved))
        } else if let Some(s) = (t.naked_singles || t.preemptive_sets).then(|| self.naked_single()).flatten() {
            Some(s)
        } else if let Some(s) = t.hidden_singles.then(|| self.hidden_single()).flatten() {
            Some(s)
        } else if let Some(s) = t.locked_candidates.then(|| self.locked_candidates()).flatten() {
            Some(s)
        } else if t.preemptive_sets {
            match self.preemptive_set(interrupt)? {
                Some(s) => Some(s),
                None => Some(self.last(Technique::Stalled)),
            }
        } else {
            Some(self.last(Technique::Stalled))
        };
        Ok(Some(found.unwrap_or_else(|| self.last(Technique::Contradiction))))
    }

    fn grid(&self) -> Grid {
        Grid::from_cells(&self.value).expect("the trace keeps a grid's digits")
    }

    fn last(&mut self, technique: Technique) -> Step {
        self.ended = true;
        let grid = self.grid();
        Step { technique, unit: None, digits: vec![], cells: vec![], placed: None, eliminated: vec![], grid }
    }

    fn rc(&self, c: usize) -> (u8, u8) {
        ((c / self.geo.n + 1) as u8, (c % self.geo.n + 1) as u8)
    }

    /// A cell without candidates, conflicting givens, or (with hidden singles) a digit without
    /// a place in a unit.
    fn contradiction(&self) -> bool {
        let n = self.geo.n;
        if self.conflicting || self.cand.iter().any(|&m| m == 0) {
            return true;
        }
        self.techniques.hidden_singles
            && self.geo.units().any(|unit| unit.iter().fold(0u32, |u, &c| u | self.cand[c as usize]) != (1 << n) - 1)
    }

    /// Removes `digits` from open `cells`, recording what was there.
    fn eliminate(&mut self, cells: impl IntoIterator<Item = usize>, digits: u32, out: &mut Vec<(u8, u8, u8)>) {
        for c in cells {
            let hit = self.cand[c] & digits;
            if self.value[c] == 0 && hit != 0 {
                self.cand[c] &= !digits;
                let (r, col) = self.rc(c);
                out.extend(crate::views::digits(hit).map(|d| (r, col, d)));
            }
        }
    }

    fn place(&mut self, technique: Technique, unit: Option<(UnitKind, u8)>, c: usize, d: u8) -> Step {
        let bit = 1u32 << (d - 1);
        self.value[c] = d;
        self.cand[c] = bit;
        let mut eliminated = Vec::new();
        self.eliminate(self.geo.peers(c).iter().map(|&p| p as usize), bit, &mut eliminated);
        eliminated.sort_unstable();
        let (r, col) = self.rc(c);
        Step {
            technique,
            unit,
            digits: vec![d],
            cells: vec![(r, col)],
            placed: Some((r, col, d)),
            eliminated,
            grid: self.grid(),
        }
    }

    fn unit_of(&self, u: usize) -> (UnitKind, u8) {
        UnitKind::of_unit(u, self.geo.n)
    }

    fn naked_single(&mut self) -> Option<Step> {
        let c = (0..self.geo.cells).find(|&c| self.value[c] == 0 && self.cand[c].count_ones() == 1)?;
        let d = self.cand[c].trailing_zeros() as u8 + 1;
        Some(self.place(Technique::NakedSingle, None, c, d))
    }

    fn hidden_single(&mut self) -> Option<Step> {
        for u in 0..3 * self.geo.n {
            let unit = self.geo.unit(u);
            for d in 1..=self.geo.n as u8 {
                let bit = 1u32 << (d - 1);
                if unit.iter().any(|&c| self.value[c as usize] == d) {
                    continue;
                }
                let mut places = unit.iter().filter(|&&c| self.cand[c as usize] & bit != 0);
                if let (Some(&c), None) = (places.next(), places.next()) {
                    return Some(self.place(Technique::HiddenSingle, Some(self.unit_of(u)), c as usize, d));
                }
            }
        }
        None
    }

    /// For each digit of each `from` unit (in order): when its open places all lie in one unit
    /// of the `into` kind, remove it from that unit's other cells.
    fn locked_in(&mut self, from: std::ops::Range<usize>, into: std::ops::Range<usize>) -> Option<Step> {
        let geo = self.geo;
        for u in from {
            for d in 1..=geo.n as u8 {
                let bit = 1u32 << (d - 1);
                let places: Vec<usize> = geo
                    .unit(u)
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| self.value[c] == 0 && self.cand[c] & bit != 0)
                    .collect();
                if places.is_empty() {
                    continue;
                }
                let Some(v) = into.clone().find(|&v| places.iter().all(|&c| geo.unit(v).contains(&(c as u16)))) else {
                    continue;
                };
                let mut eliminated = Vec::new();
                let others: Vec<usize> =
                    geo.unit(v).iter().map(|&c| c as usize).filter(|c| !geo.unit(u).contains(&(*c as u16))).collect();
                self.eliminate(others, bit, &mut eliminated);
                if !eliminated.is_empty() {
                    eliminated.sort_unstable();
                    return Some(Step {
                        technique: Technique::LockedCandidates,
                        unit: Some(self.unit_of(u)),
                        digits: vec![d],
                        cells: places.iter().map(|&c| self.rc(c)).collect(),
                        placed: None,
                        eliminated,
                        grid: self.grid(),
                    });
                }
            }
        }
        None
    }

    fn locked_candidates(&mut self) -> Option<Step> {
        let n = self.geo.n;
        let (rows, cols, boxes) = (0..n, n..2 * n, 2 * n..3 * n);
        // Pointing along rows, pointing along columns, claiming from rows, from columns.
        self.locked_in(boxes.clone(), rows.clone())
            .or_else(|| self.locked_in(boxes.clone(), cols.clone()))
            .or_else(|| self.locked_in(rows, boxes.clone()))
            .or_else(|| self.locked_in(cols, boxes))
    }

    fn preemptive_set(&mut self, interrupt: &mut dyn FnMut() -> bool) -> Result<Option<Step>, Interrupted> {
        let geo = self.geo;
        for u in 0..3 * geo.n {
            let open: Vec<usize> = geo.unit(u).iter().map(|&c| c as usize).filter(|&c| self.value[c] == 0).collect();
            let masks: Vec<u32> = open.iter().map(|&c| self.cand[c]).collect();
            let found = crate::subsets::preemptive_sets_in_order(&masks, open.len(), interrupt)?;
            // Sets of one cell are naked singles, placed by the first rule.
            for (cells, digits) in found.into_iter().filter(|&(cells, _)| cells.count_ones() >= 2) {
                let mut eliminated = Vec::new();
                let others: Vec<usize> = (0..open.len()).filter(|i| cells >> i & 1 == 0).map(|i| open[i]).collect();
                self.eliminate(others, digits, &mut eliminated);
                if !eliminated.is_empty() {
                    eliminated.sort_unstable();
                    return Ok(Some(Step {
                        technique: Technique::PreemptiveSet,
                        unit: Some(self.unit_of(u)),
                        digits: crate::views::digits(digits).collect(),
                        cells: (0..open.len()).filter(|i| cells >> i & 1 == 1).map(|i| self.rc(open[i])).collect(),
                        placed: None,
                        eliminated,
                        grid: self.grid(),
                    }));
                }
            }
        }
        Ok(None)
    }
}

impl Iterator for FillSteps {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        self.next_with(&mut || false).unwrap_or_else(|_| unreachable!("never interrupted"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = "...15.....34....89........3.2..6.8...47..9.....9.2...11....2..5...9............74";

    #[test]
    fn ends_where_propagate_ends() {
        let g = Grid::parse(SEED).unwrap();
        for t in [Techniques::ALL, Techniques::SOLVER, Techniques { hidden_singles: false, ..Techniques::NONE }] {
            let steps: Vec<Step> = FillSteps::new(&g, t).collect();
            let last = steps.last().unwrap();
            assert_eq!(Some(last.grid.clone()), crate::propagate(&g, t));
            assert!(steps[..steps.len() - 1].iter().all(|s| s.placed.is_some() || !s.eliminated.is_empty()));
        }
        let bad = Grid::parse(&SEED.replacen('.', "1", 1)).unwrap();
        let steps: Vec<Step> = FillSteps::new(&bad, Techniques::ALL).collect();
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].technique, Technique::Contradiction);
    }
}
