//! Wings: XY-Wing and XYZ-Wing, a pivot cell and two pincers (HoDoKu's wings).

use super::*;

impl Board {
    /// XY-Wing (`xyz` false): a pivot {x,y} seeing pincers {x,z} and {y,z}: z leaves the cells
    /// seeing both pincers. XYZ-Wing: a pivot {x,y,z} with such pincers: z leaves the cells
    /// seeing all three.
    pub(super) fn wing(&self, xyz: bool) -> Option<Step> {
        let geo = self.geo;
        let pivot_size = if xyz { 3 } else { 2 };
        for pivot in 0..geo.cells {
            if self.value[pivot] != 0 || self.cand[pivot].count_ones() != pivot_size {
                continue;
            }
            let pincers: Vec<usize> = geo
                .peers(pivot)
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| self.value[c] == 0 && self.cand[c].count_ones() == 2)
                .collect();
            for (i, &a) in pincers.iter().enumerate() {
                for &b in &pincers[i + 1..] {
                    let (pa, pb, pv) = (self.cand[a], self.cand[b], self.cand[pivot]);
                    if pa == pb {
                        continue;
                    }
                    let z = pa & pb;
                    if z.count_ones() != 1 {
                        continue;
                    }
                    let ok = if xyz {
                        pa | pb == pv && pa & pv == pa && pb & pv == pb
                    } else {
                        z & pv == 0 && (pa | pb) & !z == pv
                    };
                    if !ok {
                        continue;
                    }
                    let targets = (0..geo.cells).filter(|&c| {
                        c != pivot
                            && c != a
                            && c != b
                            && self.sees(c, a)
                            && self.sees(c, b)
                            && (!xyz || self.sees(c, pivot))
                    });
                    let eliminated = self.eliminations(targets, z);
                    if eliminated.is_empty() {
                        continue;
                    }
                    let zd = z.trailing_zeros() + 1;
                    return Some(Step {
                        technique: if xyz { Technique::XYZWing } else { Technique::XYWing },
                        unit: None,
                        digits: digit_list(pv | z),
                        cells: vec![pivot, a, b],
                        placed: None,
                        eliminated,
                        length: 0,
                        explanation: explain!(
                            self,
                            "{}: whatever {} ({}) is, {zd} goes in {} or {}{}, so {zd} leaves the cells seeing {}.",
                            if xyz { "XYZ-Wing" } else { "XY-Wing" },
                            cell_name(geo, pivot),
                            join_digits(pv),
                            cell_name(geo, a),
                            cell_name(geo, b),
                            if xyz { format!(" or {}", cell_name(geo, pivot)) } else { String::new() },
                            if xyz { "all three" } else { "both" }
                        ),
                    });
                }
            }
        }
        None
    }
}
