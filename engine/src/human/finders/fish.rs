//! Finned and sashimi fish (issue 48; HoDoKu's names, the definitions of the Ultimate Fish
//! Guide): `k` base lines and `k` crossing cover lines of one digit, the base lines' places all
//! in the covers but for the fins. Either the fish stands, and the digit leaves the covers
//! outside the base lines, or a fin holds it: so the digit leaves the cells of the covers,
//! outside the base lines, that see every fin. A finned fish whose base line would keep at most
//! one place without its fins is sashimi. The fish without fins (X-Wing, Swordfish, Jellyfish)
//! are Sudoku Explainer's (`basics.rs`).

use super::basics::Sink;
use super::board::{bit, cells, combinations, seeing_all, Board, Cells, COL, ROW, T};
use super::{Mask, SeStep, Technique, N};

/// Every finned or sashimi fish of `k` lines (2 to 4) to `sink`, rows as base lines first, then
/// columns (true stops); `sashimi` picks which of the two kinds.
pub(super) fn finned_fish<S: Sink + ?Sized>(b: &Board, k: u32, sashimi: bool, sink: &mut S) -> bool {
    each_finned(b, k, &mut |_, is_sashimi, step| is_sashimi == sashimi && sink.take(step))
}

/// The technique of a finned fish of `k` lines.
fn finned_technique(k: u32, sashimi: bool) -> Technique {
    match (k, sashimi) {
        (2, false) => Technique::FinnedXWing,
        (2, true) => Technique::SashimiXWing,
        (3, false) => Technique::FinnedSwordfish,
        (3, true) => Technique::SashimiSwordfish,
        (_, false) => Technique::FinnedJellyfish,
        (_, true) => Technique::SashimiJellyfish,
    }
}

/// Every finned or sashimi fish of `k` lines to `f` (true stops), with its base (digit, base
/// line type, base lines) and whether it is sashimi.
fn each_finned(b: &Board, k: u32, f: &mut dyn FnMut((u8, usize, Mask), bool, SeStep) -> bool) -> bool {
    for d in 1..=N as u8 {
        let all = b.dcells[d as usize - 1];
        for (base_t, cover_t) in [(ROW, COL), (COL, ROW)] {
            // The lines holding the digit as base candidates.
            let lines: Mask = (0..N).filter(|&r| !(all & T.region_set[base_t][r]).is_empty()).fold(0, |m, r| m | 1 << r);
            for base in combinations(k, lines) {
                let base_set = (0..N).filter(|r| base >> r & 1 != 0).fold(Cells::EMPTY, |s, r| s | T.region_set[base_t][r]);
                let body = all & base_set;
                // The cover lines that hold a base candidate.
                let crossing: Mask = cells(body).fold(0, |m, c| m | 1 << T.of[c][cover_t]);
                for cover in combinations(k, crossing) {
                    let cover_set =
                        (0..N).filter(|r| cover >> r & 1 != 0).fold(Cells::EMPTY, |s, r| s | T.region_set[cover_t][r]);
                    let fins = body & !cover_set;
                    if fins.is_empty() {
                        continue;
                    }
                    let victims = all & cover_set & !base_set & seeing_all(fins);
                    if victims.is_empty() {
                        continue;
                    }
                    let is_sashimi = (0..N)
                        .filter(|r| base >> r & 1 != 0)
                        .any(|r| (body & T.region_set[base_t][r] & !fins).count() <= 1);
                    let technique = finned_technique(k, is_sashimi);
                    let removed = cells(victims).map(|c| (c, bit(d))).collect();
                    let mut step = SeStep::removal(technique, technique.base(), removed).on(cells(body)).about(bit(d));
                    step.fins = cells(fins).collect();
                    if f((d, base_t, base), is_sashimi, step) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// Every siamese fish of `k` lines to `sink` (true stops; HoDoKu's): two finned or sashimi fish
/// of one digit on the same base lines, with different covers and removals: both removals, under
/// the first fish's kind (`sashimi` picks it), the fins of both.
pub(super) fn siamese_fish<S: Sink + ?Sized>(b: &Board, k: u32, sashimi: bool, sink: &mut S) -> bool {
    let mut found: Vec<((u8, usize, Mask), bool, SeStep)> = Vec::new();
    each_finned(b, k, &mut |base, is_sashimi, step| {
        found.push((base, is_sashimi, step));
        false
    });
    let technique = match (k, sashimi) {
        (2, false) => Technique::SiameseFinnedXWing,
        (2, true) => Technique::SiameseSashimiXWing,
        (3, false) => Technique::SiameseFinnedSwordfish,
        (3, true) => Technique::SiameseSashimiSwordfish,
        (_, false) => Technique::SiameseFinnedJellyfish,
        (_, true) => Technique::SiameseSashimiJellyfish,
    };
    for (i, (base1, sashimi1, s1)) in found.iter().enumerate() {
        for (j, (base2, _, s2)) in found.iter().enumerate() {
            if i == j || base1 != base2 || *sashimi1 != sashimi || s1.removed[0] == s2.removed[0] {
                continue;
            }
            let mut removed = s1.removed.clone();
            for r in &s2.removed {
                if !removed.contains(r) {
                    removed.push(*r);
                }
            }
            removed.sort_unstable();
            let mut step = SeStep::removal(technique, technique.base(), removed).on(s1.cells.iter().copied()).about(s1.digits);
            step.fins = s1.fins.iter().chain(&s2.fins).copied().collect();
            step.fins.sort_unstable();
            step.fins.dedup();
            if sink.take(step) {
                return true;
            }
        }
    }
    false
}
