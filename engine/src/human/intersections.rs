//! Intersections: locked candidates. Pointing: a digit whose places in a box all lie in one
//! line leaves the rest of that line. Claiming: a digit whose places in a line all lie in one
//! box leaves the rest of that box.

use super::*;

impl Board {
    /// For each unit of `from` in order, each digit ascending with at least `min_places` open
    /// places, and each kind of `toward` in order: when those places all lie in one unit of
    /// that kind, the digit leaves the rest of it. The first that removes a candidate. From
    /// boxes it is pointing, from lines claiming.
    pub(super) fn locked(&self, from: std::ops::Range<usize>, toward: &[UnitKind], min_places: usize) -> Option<Step> {
        let geo = self.geo;
        let n = geo.n;
        for u in from {
            for d in 1..=n as u8 {
                let bit = 1u32 << (d - 1);
                // Rows, columns and boxes (bit masks) of the digit's places in the unit.
                let (mut count, mut lines) = (0, [0u32; 3]);
                for c in self.holding(u, bit) {
                    count += 1;
                    for (mask, k) in lines.iter_mut().zip(geo.row_col_box(c)) {
                        *mask |= 1 << k;
                    }
                }
                if count < min_places.max(1) {
                    continue;
                }
                for &kind in toward {
                    let k = kind as usize;
                    if lines[k].count_ones() != 1 {
                        continue;
                    }
                    let t = k * n + lines[k].trailing_zeros() as usize;
                    let places = self.places(u, bit);
                    let others = geo.unit(t).iter().map(|&c| c as usize).filter(|c| !places.contains(c));
                    let eliminated = self.eliminations(others, bit);
                    if eliminated.is_empty() {
                        continue;
                    }
                    let target = unit_name(geo, t).to_lowercase();
                    let explanation = explain!(
                        self,
                        "{}: {d} can only go in {target}, so it leaves the rest of {target}.",
                        unit_name(geo, u)
                    );
                    let technique = if u >= 2 * n { Technique::Pointing } else { Technique::Claiming };
                    return Some(Step::removal(technique, Some(u), vec![d], places, eliminated, explanation));
                }
            }
        }
        None
    }
}
