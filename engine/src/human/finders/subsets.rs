//! Naked, locked and hidden subsets as HoDoKu finds them (issue 48): in every unit, boxes first,
//! then rows, then columns. Sudoku Explainer's own finders (`basics.rs`) look for a naked set of
//! `k` cells only in a unit of at least `2k` empty cells (else its hidden complement is smaller)
//! and remove a naked set's digits from one unit a step; a player, and HoDoKu, see every subset
//! of every unit, and a naked pair or triple of a line within one box ("locked") clears both.

use super::basics::Sink;
use super::board::{cells, combinations, count, set_of, Board, Cells, BOX, COL, ROW, T};
use super::{Mask, SeStep, Technique, N};

/// The unit types in the order HoDoKu searches them.
const UNITS: [usize; 3] = [BOX, ROW, COL];

/// Every naked subset of `k` cells (2 to 4) in every unit, to `sink` (true stops): `k` open cells
/// of a unit holding only `k` digits between them, which leave every other cell of each unit the
/// cells share. A pair or triple of one line and one box that removes from both is a locked pair
/// or triple (with `locked`, only those; else only the others).
pub(super) fn naked_subsets<S: Sink + ?Sized>(b: &Board, k: u32, locked: bool, sink: &mut S) -> bool {
    for t in UNITS {
        for r in 0..N {
            // The open cells of the unit with at most k candidates, by position.
            let small: Mask = (0..N)
                .filter(|&p| {
                    let c = T.region[t][r][p] as usize;
                    b.value[c] == 0 && (1..=k).contains(&count(b.cand[c]))
                })
                .fold(0, |m, p| m | (1 << p));
            for pick in combinations(k, small) {
                let list: Vec<usize> = (0..N).filter(|p| pick >> p & 1 != 0).map(|p| T.region[t][r][p] as usize).collect();
                let digits = list.iter().fold(0 as Mask, |m, &c| m | b.cand[c]);
                if count(digits) != k {
                    continue;
                }
                if let Some(step) = naked_step(b, &list, digits, k, locked) {
                    if sink.take(step.within(t, r)) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The step of the naked subset `list` of `digits`, if it removes anything and is of the kind
/// asked (locked or not).
fn naked_step(b: &Board, list: &[usize], digits: Mask, k: u32, locked: bool) -> Option<SeStep> {
    let set = set_of(list);
    let first = list[0];
    let shared = |t: usize| list.iter().all(|&c| T.of[c][t] == T.of[first][t]);
    let box_of = T.of[first][BOX] as usize;
    let mut victims = Cells::EMPTY;
    // The units that lose a candidate: the box, or a line outside the subset's box.
    let mut units_hit = 0;
    for t in [ROW, COL, BOX] {
        if !shared(t) {
            continue;
        }
        let others = T.region_set[t][T.of[first][t] as usize] & !set;
        let hit: Vec<usize> = cells(others).filter(|&c| b.cand[c] & digits != 0).collect();
        if hit.iter().any(|&c| t == BOX || T.of[c][BOX] as usize != box_of) {
            units_hit += 1;
        }
        for c in hit {
            victims = victims.with(c);
        }
    }
    if victims.is_empty() {
        return None;
    }
    let is_locked = k < 4 && units_hit > 1 && shared(BOX) && (shared(ROW) || shared(COL));
    if is_locked != locked {
        return None;
    }
    let technique = match (k, is_locked) {
        (2, true) => Technique::LockedPair,
        (3, true) => Technique::LockedTriple,
        (2, _) => Technique::NakedPair,
        (3, _) => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    };
    let removed = cells(victims).map(|c| (c, b.cand[c] & digits)).collect();
    Some(SeStep::removal(technique, technique.base(), removed).on(list.iter().copied()).about(digits))
}

/// Every hidden subset of `k` digits (2 to 4) in every unit of more than `k` open cells, to
/// `sink` (true stops): `k` digits that fit only `k` cells of the unit between them, so those
/// cells hold nothing else.
pub(super) fn hidden_subsets<S: Sink + ?Sized>(b: &Board, k: u32, sink: &mut S) -> bool {
    let technique = match k {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    };
    for t in UNITS {
        for r in 0..N {
            let open = T.region[t][r].iter().filter(|&&c| b.value[c as usize] == 0).count() as u32;
            if open <= k {
                continue;
            }
            let few: Mask = (1..=N as u8)
                .filter(|&d| (1..=k).contains(&count(b.positions(t, r, d))))
                .fold(0, |m, d| m | (1 << (d - 1)));
            for pick in combinations(k, few) {
                let places = (1..=N as u8).filter(|d| pick >> (d - 1) & 1 != 0).fold(0 as Mask, |m, d| {
                    m | b.positions(t, r, d)
                });
                if count(places) != k {
                    continue;
                }
                let list: Vec<usize> = (0..N).filter(|p| places >> p & 1 != 0).map(|p| T.region[t][r][p] as usize).collect();
                let removed = b.removals_outside(list.iter().copied(), pick);
                if removed.is_empty() {
                    continue;
                }
                let step = SeStep::removal(technique, technique.base(), removed).on(list).about(pick).within(t, r);
                if sink.take(step) {
                    return true;
                }
            }
        }
    }
    false
}
