//! Contradiction and guess: what is left when no pattern applies.

use super::*;

impl Board {
    /// A contradiction (a forcing chain): assuming one candidate of a bivalue cell, singles
    /// alone lead to a cell or a unit with no place left, so the cell holds its other candidate.
    pub(super) fn contradiction(&self) -> Option<Step> {
        let geo = self.geo;
        let mut best: Option<(usize, usize, u8, u8)> = None;
        for c in (0..geo.cells).filter(|&c| self.value[c] == 0 && self.cand[c].count_ones() == 2) {
            for wrong in digit_list(self.cand[c]) {
                if let Some(steps) = self.singles_contradict(c, wrong) {
                    if best.is_none_or(|b| steps < b.0) {
                        let right = digit_list(self.cand[c] & !(1 << (wrong - 1)))[0];
                        best = Some((steps, c, right, wrong));
                    }
                }
            }
        }
        let (steps, c, right, wrong) = best?;
        let explanation =
            explain!(self,
            "If {} were {wrong}, {steps} single{} later a cell or unit would have no candidate left, so it is {right}.",
            cell_name(geo, c),
            if steps == 1 { "" } else { "s" }
        );
        Some(Step::placement(Technique::Contradiction, None, c, right, steps, explanation))
    }

    /// The number of singles after which placing `d` at `c` leaves a cell without candidates
    /// or a digit without a place in a unit; `None` when singles reach no contradiction.
    fn singles_contradict(&self, c: usize, d: u8) -> Option<usize> {
        let (value, cand) = (self.value.clone(), self.cand.clone());
        let mut b = Board { geo: self.geo, value, cand, conflicting: false, explain: false };
        b.place(c, d, None);
        let n = b.geo.n;
        let mut steps = 0;
        loop {
            if b.broken(true) {
                return Some(steps.max(1));
            }
            let mut next =
                b.hidden_single(2 * n..3 * n).or_else(|| b.hidden_single(0..2 * n)).or_else(|| b.naked_single())?;
            b.apply(&mut next, false);
            steps += 1;
        }
    }

    /// The last resort: the solution's digit in a blank with the fewest candidates (the first
    /// such, row-major). It counts the backtracking a solver would need without charging for
    /// its wrong branches.
    pub(super) fn guess(&self, solution: &[u8]) -> Step {
        let c = (0..self.geo.cells)
            .filter(|&c| self.value[c] == 0)
            .min_by_key(|&c| self.cand[c].count_ones())
            .expect("an unsolved board has a blank");
        let d = solution[c];
        let explanation = explain!(
            self,
            "No technique here applies: guess {d} at row {}, column {} (among {}), which backtracking would confirm.",
            c / self.geo.n + 1,
            c % self.geo.n + 1,
            join_digits(self.cand[c])
        );
        Step::placement(Technique::Guess, None, c, d, 0, explanation)
    }
}
