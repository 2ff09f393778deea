//! Uniqueness: unique rectangles (types 1 and 2) and the bivalue universal grave + 1, which rely on the puzzle having one solution.

use super::*;

impl Board {
    /// Unique rectangles (the puzzle has one solution, so no deadly pattern may remain): four
    /// cells in two rows, two columns and two boxes all holding {x, y}. Type 1: three of them
    /// are exactly {x, y}, so x and y leave the fourth. Type 2: two are exactly {x, y} and the
    /// other two {x, y, z}, so one of those is z, and z leaves the cells seeing both.
    pub(super) fn unique_rectangle(&self) -> Option<Step> {
        let geo = self.geo;
        let n = geo.n;
        let bivalue: Vec<usize> =
            (0..geo.cells).filter(|&c| self.value[c] == 0 && self.cand[c].count_ones() == 2).collect();
        let mut best: Option<Step> = None;
        for (i, &a) in bivalue.iter().enumerate() {
            for &b in &bivalue[i + 1..] {
                let xy = self.cand[a];
                if self.cand[b] != xy || (a / n != b / n && a % n != b % n) {
                    continue;
                }
                // a and b share a row or a column: the rectangle's other side lies in each of
                // the other rows (or columns).
                let same_row = a / n == b / n;
                for other in 0..n {
                    let (c, d) = if same_row {
                        if other == a / n {
                            continue;
                        }
                        (other * n + a % n, other * n + b % n)
                    } else {
                        if other == a % n {
                            continue;
                        }
                        (a / n * n + other, b / n * n + other)
                    };
                    let boxes: std::collections::BTreeSet<usize> =
                        [a, b, c, d].iter().map(|&x| geo.box_of(x)).collect();
                    if boxes.len() != 2 || self.value[c] != 0 || self.value[d] != 0 {
                        continue;
                    }
                    if self.cand[c] & xy != xy || self.cand[d] & xy != xy {
                        continue;
                    }
                    let (technique, eliminated, consequence) = if self.cand[c] == xy && self.cand[d] != xy {
                        (
                            Technique::UniqueRectangle1,
                            self.eliminations(std::iter::once(d), xy),
                            format!("{} leave {}", join_digits(xy), cell_name(geo, d)),
                        )
                    } else if self.cand[d] == xy && self.cand[c] != xy {
                        (
                            Technique::UniqueRectangle1,
                            self.eliminations(std::iter::once(c), xy),
                            format!("{} leave {}", join_digits(xy), cell_name(geo, c)),
                        )
                    } else if self.cand[c] == self.cand[d] && (self.cand[c] & !xy).count_ones() == 1 {
                        let z = self.cand[c] & !xy;
                        let targets =
                            (0..geo.cells).filter(|&t| t != c && t != d && self.sees(t, c) && self.sees(t, d));
                        let zd = z.trailing_zeros() + 1;
                        let consequence = format!(
                            "one of {} and {} is {zd}, and {zd} leaves the cells seeing both",
                            cell_name(geo, c),
                            cell_name(geo, d)
                        );
                        (Technique::UniqueRectangle2, self.eliminations(targets, z), consequence)
                    } else {
                        continue;
                    };
                    if eliminated.is_empty() {
                        continue;
                    }
                    let d_ = Step {
                        technique,
                        unit: None,
                        digits: digit_list(xy),
                        cells: vec![a, b, c, d],
                        placed: None,
                        eliminated,
                        length: 0,
                        explanation: explain!(
                            self,
                            "Unique rectangle {}, {}, {}, {}: if all four held only {} the puzzle would have two \
                             solutions, so {consequence}.",
                            cell_name(geo, a),
                            cell_name(geo, b),
                            cell_name(geo, c),
                            cell_name(geo, d),
                            join_digits(xy)
                        ),
                    };
                    if best.as_ref().is_none_or(|b| d_.technique < b.technique) {
                        best = Some(d_);
                    }
                }
            }
        }
        best
    }

    /// Bivalue universal grave + 1: every blank holds two candidates but one, which holds three;
    /// were it not the digit appearing three times in its row, the grid would have two
    /// solutions, so that digit goes there.
    pub(super) fn bug(&self) -> Option<Step> {
        let geo = self.geo;
        let n = geo.n;
        let open: Vec<usize> = (0..geo.cells).filter(|&c| self.value[c] == 0).collect();
        let mut three = open.iter().filter(|&&c| self.cand[c].count_ones() != 2);
        let c = *three.next()?;
        if three.next().is_some() || self.cand[c].count_ones() != 3 {
            return None;
        }
        let row = c / n;
        let d = digit_list(self.cand[c]).into_iter().find(|&d| {
            let bit = 1u32 << (d - 1);
            self.holding(row, bit).count() == 3
        })?;
        let explanation = explain!(
            self,
            "Bivalue universal grave: every other blank has two candidates, so unless {} is {d} (the digit three \
             cells of its row could hold) the puzzle would have two solutions.",
            cell_name(geo, c)
        );
        Some(Step::placement(Technique::Bug, Some(row), c, d, 0, explanation))
    }
}
