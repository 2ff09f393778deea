//! Subsets: Crook's preemptive sets of any size (the propagation order, `sudoku.preemptive_sets`,
//! and the solver's bulk pass), found by one search over a unit's cells or digits; the path's
//! naked and hidden pairs, triples and quads are `explainer/basics.rs`'s.
//!
//! A preemptive set of a unit is a set `D` of `m >= 1` digits and the set `S` of the unit's
//! blank cells whose candidates all lie in `D`, when `S` has exactly `m` cells and their
//! candidates together are exactly `D` (the SQL articles' "enclosed combo": a combo of
//! digits whose fitting cells number its popcount). The digits of `D` then leave every other
//! cell of the unit (Crook's occupancy theorem).
//!
//! Every hidden subset is the complement of one: if a unit has `k` blank cells and `(S, D)` is
//! a preemptive set of size `m`, the other `k - m` digits have places only in the other
//! `k - m` cells, and removing `D` from those cells is exactly what the hidden subset would
//! remove. So the sets of every size together cover naked and hidden subsets.
//!
//! Trying all `2^n - 1` digit sets costs 33 million per unit of a 25x25 grid. Instead, sets of
//! size `m <= k / 2` are found by a depth-first search over cell subsets whose candidates
//! together stay within `m` digits, and larger ones from their complements: a search over
//! digit subsets whose places stay within `k - m < k / 2` cells. Both searches prune as soon as
//! a union grows past the bound, so a unit of wide candidate sets costs next to nothing.

use super::*;

/// How often (in search nodes) the interrupt callback is asked.
const INTERRUPT_EVERY: u64 = 4096;

/// Calls `found(cells, digits)` for every preemptive set of one unit whose size is at most
/// `max_size`. `masks[i]` are the candidates of the unit's i-th blank cell (digit d is bit
/// d - 1; at most 32 cells); `cells` has bit i for the i-th blank cell. Sets come in no
/// particular order, each once.
pub fn each_set(
    masks: &[u32],
    max_size: usize,
    interrupt: &mut dyn FnMut() -> bool,
    found: &mut dyn FnMut(u32, u32),
) -> Result<(), Interrupted> {
    let k = masks.len();
    let mut search = Search { masks, nodes: 0, interrupt, bound: 0, spare: 0 };
    // Sizes up to k / 2: cell subsets whose candidates span at most that many digits.
    let small = max_size.min(k / 2);
    if small > 0 {
        search.bound = small;
        search.cells(0, 0, 0, &mut |cells, union| {
            let size = cells.count_ones();
            if union.count_ones() == size && fitting(masks, union) == cells {
                found(cells, union);
            }
        })?;
    }
    // Sizes above k / 2: the complement of a digit subset whose places span fewer cells.
    if max_size > k / 2 {
        let all_cells = if k == 32 { u32::MAX } else { (1u32 << k) - 1 };
        let all_digits = masks.iter().fold(0, |u, &m| u | m);
        let bound = k - k / 2 - 1;
        // Digits beyond one per cell (none in a consistent unit).
        let spare = (all_digits.count_ones() as usize).saturating_sub(k);
        (search.bound, search.spare) = (bound, spare);
        search.digits(all_digits, 0, 0, &mut |digits, places| {
            let cells = all_cells & !places;
            let size = cells.count_ones() as usize;
            if size == 0 || size > max_size || size <= k / 2 {
                return;
            }
            let union = union_of(masks, cells);
            if union == all_digits & !digits && union.count_ones() as usize == size {
                found(cells, union);
            }
        })?;
    }
    Ok(())
}

/// [`each_set`] collected as `(cells, digits)` pairs in the order the views list them:
/// by size, then by digits as ascending lists compared lexicographically.
pub fn sets_in_order(
    masks: &[u32],
    max_size: usize,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Vec<(u32, u32)>, Interrupted> {
    let mut found = Vec::new();
    each_set(masks, max_size, interrupt, &mut |cells, digits| found.push((cells, digits)))?;
    // Among equal sizes, lexicographic order of ascending digit lists is descending order of
    // the reversed masks.
    found.sort_unstable_by_key(|&(_, digits)| (digits.count_ones(), std::cmp::Reverse(digits.reverse_bits())));
    Ok(found)
}

impl Board {
    /// The open cells of unit `u` and their candidates.
    fn unit_masks(&self, u: usize) -> (Vec<usize>, Vec<u32>) {
        let open: Vec<usize> = self.open(u).collect();
        let masks = open.iter().map(|&c| self.cand[c]).collect();
        (open, masks)
    }

    /// A step removing `digits` from `cells` (bits over `open`), if that removes anything.
    #[allow(clippy::too_many_arguments)]
    fn subset_step(
        &self,
        technique: Technique,
        u: usize,
        open: &[usize],
        set: u32,
        set_digits: u32,
        cells: u32,
        digits: u32,
        hidden: bool,
    ) -> Option<Step> {
        let from = (0..open.len()).filter(|i| cells >> i & 1 == 1).map(|i| open[i]);
        let eliminated = self.eliminations(from, digits);
        if eliminated.is_empty() {
            return None;
        }
        let set: Vec<usize> = (0..open.len()).filter(|i| set >> i & 1 == 1).map(|i| open[i]).collect();
        let geo = self.geo;
        let names: Vec<String> = set.iter().map(|&c| cell_name(geo.n, c)).collect();
        let unit = unit_name(geo, u);
        let explanation = if hidden {
            explain!(
                self,
                "{unit}: {} can only go in {}, so those cells hold nothing else.",
                join_digits(set_digits),
                and_list(&names)
            )
        } else {
            let kind = unit.split(' ').next().unwrap_or("unit").to_lowercase();
            explain!(
                self,
                "{unit}: {} hold only {}, so these digits leave the rest of the {kind}.",
                and_list(&names),
                join_digits(set_digits)
            )
        };
        let length = if technique == Technique::PreemptiveSet { set.len() } else { 0 };
        Some(Step { length, ..Step::removal(technique, Some(u), digit_list(set_digits), set, eliminated, explanation) })
    }

    /// The propagation order's step: the first preemptive set of 2 or more cells that removes a
    /// candidate, units in order, then by size, then by digits.
    pub(super) fn preemptive_set(&self, interrupt: &mut dyn FnMut() -> bool) -> Result<Option<Step>, Interrupted> {
        for u in 0..self.geo.unit_count() {
            let (open, masks) = self.unit_masks(u);
            let all = (1u32 << open.len()) - 1;
            for (cells, digits) in sets_in_order(&masks, open.len(), interrupt)? {
                if cells.count_ones() >= 2 {
                    let step = self.subset_step(
                        Technique::PreemptiveSet,
                        u,
                        &open,
                        cells,
                        digits,
                        all & !cells,
                        digits,
                        false,
                    );
                    if step.is_some() {
                        return Ok(step);
                    }
                }
            }
        }
        Ok(None)
    }
}

/// Every preemptive set of `grid` of at most `max_size` digits, as (unit, digits, cells): 0-based
/// unit and cells, digit d as bit d - 1. Candidates are the digits no peer holds (no other
/// deduction). Units in order (rows, columns, boxes); within a unit by size, then by digits
/// (as ascending lists, compared lexicographically). The set of all blank cells of a unit is
/// one; a naked single is one of size 1 in each of its units.
pub fn preemptive_sets(
    grid: &Grid,
    max_size: usize,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Vec<(usize, u32, Vec<usize>)>, Interrupted> {
    let board = Board::new(grid, false);
    let mut out = Vec::new();
    for u in 0..board.geo.unit_count() {
        let (open, masks) = board.unit_masks(u);
        for (i, (cells, digits)) in sets_in_order(&masks, max_size, interrupt)?.into_iter().enumerate() {
            // A unit of 25 open cells can hold millions of sets: the copy asks the hook too
            // (the host's memory budget is checked there; issue 46).
            if i % INTERRUPT_EVERY as usize == INTERRUPT_EVERY as usize - 1 && interrupt() {
                return Err(Interrupted);
            }
            out.push((u, digits, (0..open.len()).filter(|i| cells >> i & 1 == 1).map(|i| open[i]).collect()));
        }
    }
    Ok(out)
}

/// The cells (as bits) whose candidates lie within `digits`.
fn fitting(masks: &[u32], digits: u32) -> u32 {
    masks.iter().enumerate().filter(|(_, &m)| m & !digits == 0).fold(0, |s, (i, _)| s | 1 << i)
}

/// The candidates of `cells` (as bits) together.
fn union_of(masks: &[u32], cells: u32) -> u32 {
    masks.iter().enumerate().filter(|(i, _)| cells >> i & 1 == 1).fold(0, |u, (_, &m)| u | m)
}

/// What a search calls with each set it visits: (cells, digits) or (digits, places).
type Visit<'v> = &'v mut dyn FnMut(u32, u32);

struct Search<'a> {
    masks: &'a [u32],
    nodes: u64,
    interrupt: &'a mut dyn FnMut() -> bool,
    /// The most digits (a cell search) or cells (a digit search) a set may span.
    bound: usize,
    /// Digits beyond one per cell (none in a consistent unit).
    spare: usize,
}

impl Search<'_> {
    fn tick(&mut self) -> Result<(), Interrupted> {
        self.nodes += 1;
        if self.nodes % INTERRUPT_EVERY == 0 && (self.interrupt)() {
            return Err(Interrupted);
        }
        Ok(())
    }

    /// Visits every nonempty set of cells from index `from` on, added to `cells`, whose
    /// candidates together (`union`) span at most `self.bound` digits.
    fn cells(&mut self, from: usize, cells: u32, union: u32, visit: Visit) -> Result<(), Interrupted> {
        let bound = self.bound;
        for i in from..self.masks.len() {
            let u = union | self.masks[i];
            // Any set found further on has at least the cells fitting in `u`, and as many
            // digits as cells.
            if u.count_ones() as usize > bound || fitting(self.masks, u).count_ones() as usize > bound {
                continue;
            }
            self.tick()?;
            visit(cells | 1 << i, u);
            self.cells(i + 1, cells | 1 << i, u, visit)?;
        }
        Ok(())
    }

    /// Visits every set of the digits in `left` (the empty set first, at the top call), added
    /// to `digits`, whose places together (`places`, cells as bits) span at most `self.bound` cells.
    fn digits(&mut self, left: u32, digits: u32, places: u32, visit: Visit) -> Result<(), Interrupted> {
        let (bound, spare) = (self.bound, self.spare);
        if digits == 0 {
            visit(0, 0);
        }
        let mut rest = left;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest ^= bit;
            let p = places | fitting_places(self.masks, bit);
            // Digits with every place in `p` belong to any set found further on, whose digits
            // number `spare + |places|`.
            if p.count_ones() as usize > bound || confined(self.masks, p) as usize > spare + bound {
                continue;
            }
            self.tick()?;
            visit(digits | bit, p);
            self.digits(rest, digits | bit, p, visit)?;
        }
        Ok(())
    }
}

/// How many digits have all their places (at least one) within `cells` (as bits).
fn confined(masks: &[u32], cells: u32) -> u32 {
    let (inside, outside) =
        masks.iter().enumerate().fold(
            (0u32, 0u32),
            |(i_, o), (i, &m)| {
                if cells >> i & 1 == 1 {
                    (i_ | m, o)
                } else {
                    (i_, o | m)
                }
            },
        );
    (inside & !outside).count_ones()
}

/// The cells (as bits) that have the digit `bit` as a candidate.
fn fitting_places(masks: &[u32], bit: u32) -> u32 {
    masks.iter().enumerate().filter(|(_, &m)| m & bit != 0).fold(0, |s, (i, _)| s | 1 << i)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every digit set, checked against the definition.
    fn brute(masks: &[u32], n: u32, max_size: usize) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        for d in 1..1u32 << n {
            let cells = fitting(masks, d);
            if cells.count_ones() == d.count_ones()
                && union_of(masks, cells) == d
                && d.count_ones() as usize <= max_size
            {
                out.push((cells, d));
            }
        }
        out.sort_unstable();
        out
    }

    fn fast(masks: &[u32], max_size: usize) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        each_set(masks, max_size, &mut || false, &mut |c, d| out.push((c, d))).unwrap();
        out.sort_unstable();
        out
    }

    #[test]
    fn matches_every_digit_set() {
        // A pair {1,2}, a triple {3,4,5} spread over three cells, and the rest.
        let masks = [0b11, 0b11, 0b1100, 0b11000, 0b10100, 0b1_1110_0011, 0b1_1110_0000, 0b1_0110_0000, 0b1_1100_0001];
        let want = brute(&masks, 9, 9);
        assert!(want.contains(&(0b11, 0b11)));
        assert!(want.contains(&(0b11100, 0b11100)));
        assert_eq!(fast(&masks, 9), want);
        for max in 0..9 {
            assert_eq!(fast(&masks, max), brute(&masks, 9, max));
        }
        // Pseudo-random units of every width.
        let mut x = 0x2545_f491u32;
        for n in [4u32, 9, 16] {
            for _ in 0..300 {
                let k = 1 + (x % n) as usize;
                let masks: Vec<u32> = (0..k)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 17;
                        x ^= x << 5;
                        let m = x & ((1 << n) - 1) & (x >> 7 | x >> 3);
                        if m == 0 {
                            1 << (x % n)
                        } else {
                            m
                        }
                    })
                    .collect();
                assert_eq!(fast(&masks, n as usize), brute(&masks, n, n as usize), "{masks:?}");
            }
        }
    }

    #[test]
    fn wide_units_are_cheap_and_interruptible() {
        let full = (1u32 << 25) - 1;
        let masks = vec![full; 25];
        let mut n = 0;
        each_set(&masks, 25, &mut || false, &mut |_, _| n += 1).unwrap();
        assert_eq!(n, 1); // the whole unit
                          // Contradictory: twenty cells share three digits. Pruned at once.
        let narrow = vec![0b111u32; 20];
        assert_eq!(fast(&narrow, 25), brute(&narrow, 25, 25));
        // Twelve digit pairs, each held by two cells: every union of pairs is a set, and the
        // search is long enough to be interrupted.
        let pairs: Vec<u32> = (0..24).map(|i| 0b11 << (2 * (i / 2))).collect();
        let mut n = 0;
        each_set(&pairs, 25, &mut || false, &mut |_, _| n += 1).unwrap();
        assert_eq!(n, (1 << 12) - 1);
        assert!(each_set(&pairs, 25, &mut || true, &mut |_, _| {}).is_err());
    }
}
