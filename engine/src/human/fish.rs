//! Fish: X-Wing, Swordfish and Jellyfish (HoDoKu's basic fish), one digit over k rows and k columns.

use super::*;

impl Board {
    /// X-Wing (k = 2), Swordfish (3), Jellyfish (4): a digit whose places in k rows lie in k
    /// columns leaves those columns elsewhere (and the same with rows and columns swapped).
    pub(super) fn fish(&self, k: usize) -> Option<Step> {
        let geo = self.geo;
        let n = geo.n;
        for d in 1..=n as u8 {
            let bit = 1u32 << (d - 1);
            for by_rows in [true, false] {
                let base_unit = |i: usize| if by_rows { i } else { n + i };
                let cover_of = |c: usize| if by_rows { c % n } else { c / n };
                let bases: Vec<(usize, u32)> = (0..n)
                    .filter_map(|i| {
                        let (mut count, mut covers) = (0, 0u32);
                        for c in self.holding(base_unit(i), bit) {
                            count += 1;
                            covers |= 1 << cover_of(c);
                        }
                        (2..=k).contains(&count).then_some((i, covers))
                    })
                    .collect();
                let covers_of = |idx: &[usize]| idx.iter().fold(0u32, |m, &i| m | bases[i].1);
                let fits = |idx: &[usize]| covers_of(idx).count_ones() as usize <= k;
                let found = first_subset(bases.len(), k, &fits, &mut |idx| {
                    let covers = covers_of(idx);
                    if covers.count_ones() as usize != k {
                        return None;
                    }
                    let base_set: Vec<usize> = idx.iter().map(|&i| bases[i].0).collect();
                    let cover_units: Vec<usize> =
                        (0..n).filter(|j| covers >> j & 1 == 1).map(|j| if by_rows { n + j } else { j }).collect();
                    let others =
                        cover_units.iter().flat_map(|&cu| geo.unit(cu).iter().map(|&c| c as usize)).filter(|&c| {
                            let base = if by_rows { c / n } else { c % n };
                            !base_set.contains(&base)
                        });
                    let eliminated = self.eliminations(others, bit);
                    if eliminated.is_empty() {
                        return None;
                    }
                    let (bk, ck) = if by_rows { ("rows", "columns") } else { ("columns", "rows") };
                    let bnames: Vec<String> = base_set.iter().map(|b| (b + 1).to_string()).collect();
                    let cnames: Vec<String> =
                        (0..n).filter(|j| covers >> j & 1 == 1).map(|j| (j + 1).to_string()).collect();
                    let technique = [Technique::XWing, Technique::Swordfish, Technique::Jellyfish][k - 2];
                    let cells = base_set.iter().flat_map(|&b| self.places(base_unit(b), bit)).collect();
                    Some(Step {
                        technique,
                        unit: None,
                        digits: vec![d],
                        cells,
                        placed: None,
                        eliminated,
                        length: 0,
                        explanation: explain!(
                            self,
                            "{} on {d}: in {bk} {} it can only go in {ck} {}, so it leaves those {ck} elsewhere.",
                            match technique {
                                Technique::XWing => "X-Wing",
                                Technique::Swordfish => "Swordfish",
                                _ => "Jellyfish",
                            },
                            and_list(&bnames),
                            and_list(&cnames)
                        ),
                    })
                });
                if found.is_some() {
                    return found;
                }
            }
        }
        None
    }
}

/// The first step `f` finds among the k-element subsets of `0..len` (as ascending index
/// lists, in lexicographic order). `fits` tells whether a partial subset can still grow into one
/// `f` accepts (false prunes every subset that extends it), so it changes the cost, not the
/// result.
fn first_subset(
    len: usize,
    k: usize,
    fits: &dyn Fn(&[usize]) -> bool,
    f: &mut dyn FnMut(&[usize]) -> Option<Step>,
) -> Option<Step> {
    fn rec(
        start: usize,
        len: usize,
        k: usize,
        chosen: &mut Vec<usize>,
        fits: &dyn Fn(&[usize]) -> bool,
        f: &mut dyn FnMut(&[usize]) -> Option<Step>,
    ) -> Option<Step> {
        if chosen.len() == k {
            return f(chosen);
        }
        for i in start..len {
            if len - i < k - chosen.len() {
                break;
            }
            chosen.push(i);
            if fits(chosen) {
                if let Some(d) = rec(i + 1, len, k, chosen, fits, f) {
                    return Some(d);
                }
            }
            chosen.pop();
        }
        None
    }
    rec(0, len, k, &mut Vec::with_capacity(k), fits, f)
}
