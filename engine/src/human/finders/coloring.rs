//! Coloring (issue 48; HoDoKu's simple and multi colors): the places of one digit joined by
//! conjugate pairs (units with two places for it) fall into clusters, each colored in two colors
//! that alternate along the pairs, so that one color of a cluster holds the digit and the other
//! does not.
//!
//! - Simple colors, trap: a cell that sees both colors of a cluster loses the digit.
//! - Simple colors, wrap: two cells of one color see each other, so that color is false.
//! - Multi colors 1: a color of one cluster sees a color of another; one of the two other
//!   colors is true, and a cell seeing both loses the digit.
//! - Multi colors 2: a color of one cluster sees both colors of another, so it is false.

use super::basics::Sink;
use super::board::{bit, cells, Board, Cells, BOX, COL, ROW, T};
use super::{Mask, SeStep, Technique, N};

/// The clusters of digit `d`: each its two colors, both non-empty.
fn clusters(b: &Board, d: u8) -> Vec<[Cells; 2]> {
    // The other place of d in the unit of type t holding c, if it has two.
    let partner = |c: usize, t: usize| {
        let pair = b.holding(T.region_set[t][T.of[c][t] as usize], d);
        (pair.count() == 2).then(|| pair.without(c).first())
    };
    let mut left = Cells::EMPTY;
    for c in cells(b.dcells[d as usize - 1]) {
        if [ROW, COL, BOX].iter().any(|&t| partner(c, t).is_some()) {
            left = left.with(c);
        }
    }
    let mut out = Vec::new();
    while !left.is_empty() {
        let start = left.first();
        let mut colors = [Cells::EMPTY, Cells::EMPTY];
        let mut stack = vec![(start, 0usize)];
        left = left.without(start);
        while let Some((c, k)) = stack.pop() {
            colors[k] = colors[k].with(c);
            for t in [ROW, COL, BOX] {
                if let Some(o) = partner(c, t) {
                    if left.has(o) {
                        left = left.without(o);
                        stack.push((o, 1 - k));
                    }
                }
            }
        }
        if !colors[0].is_empty() && !colors[1].is_empty() {
            out.push(colors);
        }
    }
    out
}

/// Whether a cell of `x` sees a cell of `y`.
fn sees_any(x: Cells, y: Cells) -> bool {
    cells(x).any(|c| !(T.peer_set[c] & y).is_empty())
}

/// The cells that see a cell of `x` and a cell of `y`.
fn seeing_both(x: Cells, y: Cells) -> Cells {
    let sees = |s: Cells| cells(s).fold(Cells::EMPTY, |m, c| m | T.peer_set[c]);
    sees(x) & sees(y)
}

/// A coloring step of `technique` on `d` removing it from `victims`, if any.
fn step(b: &Board, technique: Technique, d: u8, victims: Cells, colors: &[Cells]) -> Option<SeStep> {
    let victims = b.holding(victims, d);
    if victims.is_empty() {
        return None;
    }
    let removed: Vec<(usize, Mask)> = cells(victims).map(|c| (c, bit(d))).collect();
    Some(SeStep::removal(technique, technique.base(), removed).about(bit(d)).on(colors.iter().flat_map(|&k| cells(k))))
}

/// Every simple-colors step of `technique` (trap or wrap) to `sink` (true stops): per digit and
/// cluster, one step.
pub(super) fn simple_colors<S: Sink + ?Sized>(b: &Board, technique: Technique, sink: &mut S) -> bool {
    for d in 1..=N as u8 {
        for [c1, c2] in clusters(b, d) {
            let victims = if technique == Technique::SimpleColorsWrap {
                let wrapped = |k: Cells| cells(k).any(|c| !(T.peer_set[c] & k).is_empty());
                let mut v = Cells::EMPTY;
                for k in [c1, c2] {
                    if wrapped(k) {
                        v |= k;
                    }
                }
                v
            } else {
                seeing_both(c1, c2)
            };
            if let Some(s) = step(b, technique, d, victims, &[c1, c2]) {
                if sink.take(s) {
                    return true;
                }
            }
        }
    }
    false
}

/// Every multi-colors step of `technique` (type 1 or 2) to `sink` (true stops): per digit and
/// ordered pair of clusters, one step.
pub(super) fn multi_colors<S: Sink + ?Sized>(b: &Board, technique: Technique, sink: &mut S) -> bool {
    for d in 1..=N as u8 {
        let all = clusters(b, d);
        for (i, &[a1, a2]) in all.iter().enumerate() {
            for (j, &[b1, b2]) in all.iter().enumerate() {
                if i == j {
                    continue;
                }
                let mut victims = Cells::EMPTY;
                if technique == Technique::MultiColors2 {
                    for k in [a1, a2] {
                        if sees_any(k, b1) && sees_any(k, b2) {
                            victims |= k;
                        }
                    }
                } else {
                    for (x, y, p, q) in [(a1, b1, a2, b2), (a1, b2, a2, b1), (a2, b1, a1, b2), (a2, b2, a1, b1)] {
                        if sees_any(x, y) {
                            victims |= seeing_both(p, q);
                        }
                    }
                }
                if let Some(s) = step(b, technique, d, victims, &[a1, a2, b1, b2]) {
                    if sink.take(s) {
                        return true;
                    }
                }
            }
        }
    }
    false
}
