//! Aligned pair and triple exclusion as Sudoku Explainer finds them: for a few cells, every
//! combination of their candidates is tried; one that puts a digit twice in a region, or takes
//! every candidate of a cell seeing them all (an excluder), cannot be; a candidate of the cells
//! that only such combinations use is removed.

use super::board::{bit, cells, count, digits, sees, Board, Cells, T};
use super::{Mask, NC, P};
use super::{SeStep, Technique};

/// The cells worth aligning and their excluders: cells with two or more candidates and no peer
/// left with one, whose excluders (peers with 2 to `degree` candidates) are not none.
fn candidates(b: &Board, degree: u32) -> (Vec<usize>, Vec<Cells>) {
    let mut list = Vec::new();
    let mut excluders = Vec::new();
    for c in 0..NC {
        if count(b.cand[c]) < 2 {
            continue;
        }
        let mut single = false;
        let mut ex = Cells::EMPTY;
        for &p in &T.peers[c] {
            let n = count(b.cand[p as usize]);
            if n == 1 {
                single = true;
            } else if (2..=degree).contains(&n) {
                ex = ex.with(p as usize);
            }
        }
        if !single && !ex.is_empty() {
            list.push(c);
            excluders.push(ex);
        }
    }
    (list, excluders)
}

/// The removals of an aligned exclusion over `cells` (two or three) with `common` excluders.
fn exclusion(b: &Board, cells: &[usize], common: Cells) -> Vec<(usize, Mask)> {
    let n = cells.len();
    let mut excl = [0 as Mask; P];
    let mut ne = 0;
    for c in common.iter().take(P) {
        excl[ne] = b.cand[c];
        ne += 1;
    }
    let excl = &excl[..ne];
    let mut allowed = [0 as Mask; 3];
    let see = [n > 1 && sees(cells[0], cells[1]), n > 2 && sees(cells[0], cells[2]), n > 2 && sees(cells[1], cells[2])];
    let last = if n > 2 { b.cand[cells[2]] } else { 1 };
    for v0 in digits(b.cand[cells[0]]) {
        for v1 in digits(b.cand[cells[1]]) {
            if v0 == v1 && see[0] {
                continue;
            }
            let mut rest2 = last;
            while rest2 != 0 {
                let (v2, m2) = if n > 2 {
                    let v = rest2.trailing_zeros() as u8 + 1;
                    (v, bit(v))
                } else {
                    (0, 0)
                };
                rest2 &= rest2 - 1;
                if n > 2 && (v2 == v0 && see[1] || v2 == v1 && see[2]) {
                    continue;
                }
                let taken = bit(v0) | bit(v1) | m2;
                if !excl.iter().any(|&e| e & !taken == 0) {
                    allowed[0] |= bit(v0);
                    allowed[1] |= bit(v1);
                    allowed[2] |= m2;
                }
            }
        }
    }
    cells
        .iter()
        .enumerate()
        .filter(|&(i, &c)| b.cand[c] & !allowed[i] != 0)
        .map(|(i, &c)| (c, b.cand[c] & !allowed[i]))
        .collect()
}

/// The pairs of indices below `n` in Sudoku Explainer's order: (0,1), (0,2), (1,2), (0,3), ...
fn pairs(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (1..n).flat_map(|j| (0..j).map(move |i| (i, j)))
}

/// Aligned pair exclusion (6.2): two cells with two or more bivalue cells seeing both.
pub(super) fn aligned_pair(b: &Board) -> Option<SeStep> {
    super::basics::first(|sink| aligned_pairs(b, sink))
}

/// Every aligned pair exclusion ([`aligned_pair`]) to `sink`; true when it stopped.
pub(super) fn aligned_pairs<S: super::basics::Sink + ?Sized>(b: &Board, sink: &mut S) -> bool {
    let (list, ex) = candidates(b, 2);
    for (i, j) in pairs(list.len()) {
        let common = ex[i] & ex[j];
        if common.count() >= 2 {
            let removed = exclusion(b, &[list[i], list[j]], common);
            if !removed.is_empty() {
                let step = SeStep::removal(Technique::AlignedPairExclusion, 62, removed);
                if sink.take(step.on([list[i], list[j]]).on(cells(common))) {
                    return true;
                }
            }
        }
    }
    false
}

/// Aligned triple exclusion (7.5): two cells and a third that is an excluder of either (a peer
/// with two or three candidates), with two or more such excluders seeing all three.
pub(super) fn aligned_triple(b: &Board) -> Option<SeStep> {
    super::basics::first(|sink| aligned_triples(b, sink))
}

/// Every aligned triple exclusion ([`aligned_triple`]) to `sink`; true when it stopped.
pub(super) fn aligned_triples<S: super::basics::Sink + ?Sized>(b: &Board, sink: &mut S) -> bool {
    let (list, ex) = candidates(b, 3);
    if list.len() < 3 {
        return false;
    }
    let in_list = list.iter().fold(Cells::EMPTY, |m, &c| m.with(c));
    let mut index = [0usize; NC];
    for (k, &c) in list.iter().enumerate() {
        index[c] = k;
    }
    for (i, j) in pairs(list.len()) {
        let (c0, c1) = (list[i], list[j]);
        let twin = (ex[i] | ex[j]) & in_list & !Cells::EMPTY.with(c0).with(c1);
        for k in cells(twin).map(|c| index[c]) {
            let common = ex[i] & ex[j] & ex[k];
            if common.count() >= 2 {
                let removed = exclusion(b, &[c0, c1, list[k]], common);
                if !removed.is_empty() {
                    let step = SeStep::removal(Technique::AlignedTripleExclusion, 75, removed);
                    if sink.take(step.on([c0, c1, list[k]]).on(cells(common))) {
                        return true;
                    }
                }
            }
        }
    }
    false
}
