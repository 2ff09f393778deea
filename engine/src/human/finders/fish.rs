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
    siamese_pairs(&found, Some(sashimi), technique, sink)
}

/// The siamese steps of `technique` among fish `found` (base key, kind, step), to `sink` (true
/// stops; HoDoKu's): two on the same base with different first removals make one step, both
/// removals and both fins, under the first's kind. With `first` (finned or sashimi basic fish)
/// the first of the two must be of that kind, in either order; without, each pair once.
fn siamese_pairs<K: PartialEq, S: Sink + ?Sized>(
    found: &[(K, bool, SeStep)],
    first: Option<bool>,
    technique: Technique,
    sink: &mut S,
) -> bool {
    for (i, (base1, kind1, s1)) in found.iter().enumerate() {
        if first.is_some_and(|k| k != *kind1) {
            continue;
        }
        for (j, (base2, _, s2)) in found.iter().enumerate() {
            let ordered = first.is_some() || j > i;
            if i == j || !ordered || base1 != base2 || s1.removed[0] == s2.removed[0] {
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

/// HoDoKu's bounds on a fish's fins and endo fins (places of the digit in two base units), as its
/// "show all" searches them.
const MAX_FINS: u32 = 5;
const MAX_ENDO_FINS: u32 = 2;

/// The cells of unit `u`: rows `0..N`, columns `N..2N`, boxes `2N..3N`.
fn unit_cells(u: usize) -> Cells {
    let t = match u / N {
        0 => ROW,
        1 => COL,
        _ => super::board::BOX,
    };
    T.region_set[t][u % N]
}

/// The `k`-element combinations of `items`, in order, to `f` (true stops).
fn each_combination(items: &[usize], k: usize, f: &mut dyn FnMut(&[usize]) -> bool) -> bool {
    if k > items.len() {
        return false;
    }
    let mut idx: Vec<usize> = (0..k).collect();
    let mut pick = vec![0; k];
    loop {
        for (p, &i) in pick.iter_mut().zip(&idx) {
            *p = items[i];
        }
        if f(&pick) {
            return true;
        }
        // The next combination: the last index that can move.
        let mut i = k;
        loop {
            if i == 0 {
                return false;
            }
            i -= 1;
            if idx[i] < items.len() - (k - i) {
                break;
            }
            if i == 0 {
                return false;
            }
        }
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

/// Every Franken fish of `k` units (2 to 4), finned or not as `finned` says, to `f` (true
/// stops), with its base (digit, base units): base units rows and boxes, covers columns and
/// boxes, or the other way round, a box among them (HoDoKu's Franken fish, the Ultimate Fish
/// Guide's definitions). Base places in two base units are endo fins; a base place in two covers
/// is cannibalistic and goes too. At most five fins, two of them endo.
fn each_franken(
    b: &Board,
    k: usize,
    finned: bool,
    poll: &mut dyn FnMut() -> bool,
    f: &mut dyn FnMut((u8, Vec<usize>), SeStep) -> bool,
) -> bool {
    let technique = match (k, finned) {
        (2, false) => Technique::FrankenXWing,
        (2, true) => Technique::FinnedFrankenXWing,
        (3, false) => Technique::FrankenSwordfish,
        (3, true) => Technique::FinnedFrankenSwordfish,
        (_, false) => Technique::FrankenJellyfish,
        (_, true) => Technique::FinnedFrankenJellyfish,
    };
    let is_box = |u: usize| u >= 2 * N;
    for d in 1..=N as u8 {
        if poll() {
            return true;
        }
        let all = b.dcells[d as usize - 1];
        for (base_line, cover_line) in [(0, 1), (1, 0)] {
            let with = |line: usize| -> Vec<usize> {
                (line * N..line * N + N).chain(2 * N..3 * N).filter(|&u| !(unit_cells(u) & all).is_empty()).collect()
            };
            let (bases, covers) = (with(base_line), with(cover_line));
            let stop = each_combination(&bases, k, &mut |base| {
                if poll() {
                    return true;
                }
                let mut body = Cells::EMPTY;
                let mut endo = Cells::EMPTY;
                for &u in base {
                    let p = unit_cells(u) & all;
                    endo |= body & p;
                    body |= p;
                }
                if endo.count() > MAX_ENDO_FINS {
                    return false;
                }
                let base_box = base.iter().any(|&u| is_box(u));
                let candidates: Vec<usize> =
                    covers.iter().copied().filter(|u| !base.contains(u) && !(unit_cells(*u) & body).is_empty()).collect();
                each_combination(&candidates, k, &mut |cover| {
                    if !base_box && !cover.iter().any(|&u| is_box(u)) {
                        return false; // a basic fish
                    }
                    let mut covered = Cells::EMPTY;
                    let mut twice = Cells::EMPTY;
                    for &u in cover {
                        let p = unit_cells(u) & all;
                        twice |= covered & p;
                        covered |= p;
                    }
                    let fins = (body & !covered) | endo;
                    if fins.count() > MAX_FINS || fins.is_empty() == finned {
                        return false;
                    }
                    let mut victims = (covered & !body) | (twice & body);
                    if !fins.is_empty() {
                        victims &= seeing_all(fins);
                    }
                    victims &= !fins;
                    if victims.is_empty() {
                        return false;
                    }
                    let removed = cells(victims).map(|c| (c, bit(d))).collect();
                    let mut step = SeStep::removal(technique, technique.base(), removed).on(cells(body)).about(bit(d));
                    step.fins = cells(fins).collect();
                    f((d, base.to_vec()), step)
                })
            });
            if stop {
                return true;
            }
        }
    }
    false
}

/// Every Franken fish of `k` units, finned or not, to `sink` (true stops).
pub(super) fn franken_fish<S: Sink + ?Sized>(
    b: &Board,
    k: usize,
    finned: bool,
    sink: &mut S,
    poll: &mut dyn FnMut() -> bool,
) -> bool {
    each_franken(b, k, finned, poll, &mut |_, s| sink.take(s))
}

/// Every siamese finned Franken fish of `k` units to `sink` (true stops): two on the same base
/// units with different removals, both removals.
pub(super) fn siamese_franken_fish<S: Sink + ?Sized>(
    b: &Board,
    k: usize,
    sink: &mut S,
    poll: &mut dyn FnMut() -> bool,
) -> bool {
    let mut found: Vec<((u8, Vec<usize>), bool, SeStep)> = Vec::new();
    if each_franken(b, k, true, poll, &mut |base, s| {
        found.push((base, true, s));
        false
    }) {
        return true;
    }
    let technique = if k == 3 { Technique::SiameseFinnedFrankenSwordfish } else { Technique::SiameseFinnedFrankenJellyfish };
    siamese_pairs(&found, None, technique, sink)
}

/// Every mutant fish of `k` units (2 to 4), finned or not as `finned` says, to `f` (true stops),
/// with its base (digit, base units): any units as base and as covers, rows and columns mixed in
/// the base or in the covers (neither a basic nor a Franken fish). The covers are searched from
/// the base places: the lowest place not yet covered is a fin or lies in a cover (its row, its
/// column or its box), so that only cover sets that leave at most five fins are tried.
fn each_mutant(
    b: &Board,
    k: usize,
    finned: bool,
    poll: &mut dyn FnMut() -> bool,
    f: &mut dyn FnMut((u8, Vec<usize>), SeStep) -> bool,
) -> bool {
    let technique = match (k, finned) {
        (2, false) => Technique::MutantXWing,
        (2, true) => Technique::FinnedMutantXWing,
        (3, false) => Technique::MutantSwordfish,
        (3, true) => Technique::FinnedMutantSwordfish,
        (_, false) => Technique::MutantJellyfish,
        (_, true) => Technique::FinnedMutantJellyfish,
    };
    // The kinds of units of a set: bit 0 rows, 1 columns, 2 boxes.
    let kinds = |units: &[usize]| units.iter().fold(0u8, |m, &u| m | 1 << (u / N));
    let mutant = |base: u8, cover: u8| {
        let lines = |x: u8, line: u8| x & !(line | 4) == 0;
        !(lines(base, 1) && lines(cover, 2) || lines(base, 2) && lines(cover, 1))
    };
    for d in 1..=N as u8 {
        if poll() {
            return true;
        }
        let all = b.dcells[d as usize - 1];
        let units: Vec<usize> = (0..3 * N).filter(|&u| !(unit_cells(u) & all).is_empty()).collect();
        let stop = each_combination(&units, k, &mut |base| {
            if poll() {
                return true;
            }
            let mut body = Cells::EMPTY;
            let mut endo = Cells::EMPTY;
            for &u in base {
                let p = unit_cells(u) & all;
                endo |= body & p;
                body |= p;
            }
            if endo.count() > MAX_ENDO_FINS {
                return false;
            }
            let mut seen: Vec<Vec<usize>> = Vec::new();
            // Depth-first: (covers chosen, places declared fins).
            let mut stack: Vec<(Vec<usize>, Cells)> = vec![(Vec::new(), Cells::EMPTY)];
            while let Some((cover, fins)) = stack.pop() {
                let covered = cover.iter().fold(Cells::EMPTY, |s, &u| s | (unit_cells(u) & all));
                let open = body & !covered & !fins;
                if open.is_empty() || cover.len() == k {
                    if cover.len() != k || !open.is_empty() {
                        continue; // too few covers for every place, or places left over
                    }
                    let mut key = cover.clone();
                    key.sort_unstable();
                    if seen.contains(&key) || !mutant(kinds(base), kinds(&key)) {
                        continue;
                    }
                    seen.push(key.clone());
                    let mut twice = Cells::EMPTY;
                    let mut acc = Cells::EMPTY;
                    for &u in &key {
                        let p = unit_cells(u) & all;
                        twice |= acc & p;
                        acc |= p;
                    }
                    let fins = (body & !covered) | endo;
                    if fins.count() > MAX_FINS || fins.is_empty() == finned {
                        continue;
                    }
                    let mut victims = (covered & !body) | (twice & body);
                    if !fins.is_empty() {
                        victims &= seeing_all(fins);
                    }
                    victims &= !fins;
                    if victims.is_empty() {
                        continue;
                    }
                    let removed = cells(victims).map(|c| (c, bit(d))).collect();
                    let mut step = SeStep::removal(technique, technique.base(), removed).on(cells(body)).about(bit(d));
                    step.fins = cells(fins).collect();
                    if f((d, base.to_vec()), step) {
                        return true;
                    }
                    continue;
                }
                let c = open.first();
                if fins.count() < MAX_FINS {
                    stack.push((cover.clone(), fins.with(c)));
                }
                for u in [c / N, N + c % N, 2 * N + T.of[c][super::board::BOX] as usize] {
                    if !base.contains(&u) && !cover.contains(&u) {
                        let mut next = cover.clone();
                        next.push(u);
                        stack.push((next, fins));
                    }
                }
            }
            false
        });
        if stop {
            return true;
        }
    }
    false
}

/// Every mutant fish of `k` units, finned or not, to `sink` (true stops).
pub(super) fn mutant_fish<S: Sink + ?Sized>(
    b: &Board,
    k: usize,
    finned: bool,
    sink: &mut S,
    poll: &mut dyn FnMut() -> bool,
) -> bool {
    each_mutant(b, k, finned, poll, &mut |_, s| sink.take(s))
}

/// Every siamese finned mutant Jellyfish to `sink` (true stops): two on the same base units with
/// different removals, both removals.
pub(super) fn siamese_mutant_jellyfish<S: Sink + ?Sized>(b: &Board, sink: &mut S, poll: &mut dyn FnMut() -> bool) -> bool {
    let mut found: Vec<((u8, Vec<usize>), bool, SeStep)> = Vec::new();
    if each_mutant(b, 4, true, poll, &mut |base, s| {
        found.push((base, true, s));
        false
    }) {
        return true;
    }
    siamese_pairs(&found, None, Technique::SiameseFinnedMutantJellyfish, sink)
}
