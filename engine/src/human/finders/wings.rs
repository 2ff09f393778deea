//! Wings and turbot fish as Sudoku Explainer rates them: XY-Wing and XYZ-Wing; WXYZ-Wing and
//! VWXYZ-Wing (an almost locked set of three or four cells that see each other, with one more
//! digit than cells, and a bivalue cell); turbot fish (two strong links on one digit joined by
//! a weak link: skyscraper, two-string kite, turbot fish through a box).

use super::board::{bit, cells, count, digits, seeing_all, set_of, Board, Cells, BOX, COL, ROW, T};
use super::{Mask, B, N, NC};
use super::basics::Pick;
use super::{SeStep, Technique};
use std::cmp::Reverse;

/// XY-Wing (4.2) and XYZ-Wing (4.4), pivot by pivot, wings among its peers.
pub(super) fn xy_wing(b: &Board, xyz: bool) -> Option<SeStep> {
    super::basics::first(|sink| xy_wings(b, xyz, sink))
}

/// Every XY-Wing or XYZ-Wing ([`xy_wing`]) to `sink`; true when it stopped.
pub(super) fn xy_wings<S: super::basics::Sink + ?Sized>(b: &Board, xyz: bool, sink: &mut S) -> bool {
    let size = if xyz { 3 } else { 2 };
    for xy in 0..NC {
        let xyv = b.cand[xy];
        if count(xyv) != size {
            continue;
        }
        for &xz in &T.peers[xy] {
            let xz = xz as usize;
            let xzv = b.cand[xz];
            if count(xzv) != 2 || count(xyv & !xzv) != 1 {
                continue;
            }
            for &yz in &T.peers[xy] {
                let yz = yz as usize;
                let yzv = b.cand[yz];
                if count(yzv) != 2 || count(xyv | xzv | yzv) != 3 {
                    continue;
                }
                let common = count(xyv & xzv & yzv);
                if common != if xyz { 1 } else { 0 } {
                    continue;
                }
                let z = xzv & yzv;
                let mut victims = T.peer_set[xz] & T.peer_set[yz];
                if xyz {
                    victims &= T.peer_set[xy];
                }
                victims &= !Cells::EMPTY.with(xy).with(xz).with(yz);
                let removed: Vec<(usize, Mask)> =
                    cells(victims).filter(|&c| b.cand[c] & z != 0).map(|c| (c, z)).collect();
                if !removed.is_empty() {
                    let (tech, diff) = if xyz { (Technique::XYZWing, 44) } else { (Technique::XYWing, 42) };
                    if sink.take(SeStep::removal(tech, diff, removed).on([xy, xz, yz]).about(xyv | xzv | yzv)) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// WXYZ-Wing (`k` = 3: 5.5, or 5.6 when its biggest cell has three candidates) and VWXYZ-Wing
/// (`k` = 4: 6.2 to 6.4 by the same measure): `k` cells that see each other holding `k + 1`
/// digits, and a bivalue cell with two of them that sees every wing cell holding one of its
/// digits (the restricted common digit). The other digit leaves every cell that sees all the
/// cells holding it; when both digits are restricted, each of the set's other digits leaves the
/// cells seeing all its holders too. The easiest wing found is taken.
pub(super) fn als_wing(b: &Board, k: usize) -> Option<SeStep> {
    als_wings(b, k, Pick::best()).first()
}

/// The key of a WXYZ- or VWXYZ-Wing among others: the easiest, then the most eliminations and
/// Sudoku Explainer's suffix (see [`als_pivots`]).
type AlsKey = (u32, Reverse<(usize, String)>);

/// The WXYZ- or VWXYZ-Wings `pick` keeps ([`als_wing`]).
pub(super) fn als_wings(b: &Board, k: usize, mut pick: Pick<AlsKey>) -> Pick<AlsKey> {
    let open: Cells =
        (0..NC).filter(|&c| (2..=k as u32 + 1).contains(&count(b.cand[c]))).fold(Cells::EMPTY, |m, c| m.with(c));
    let mut stack = [0usize; 4];
    als_extend(b, open, k, 0, open, 0, &mut stack, &mut pick);
    pick
}

/// Extends the wing in `stack[..depth]` by a cell of `next` (open cells after the last one that
/// see every cell so far), depth first.
#[allow(clippy::too_many_arguments)]
fn als_extend(
    b: &Board,
    open: Cells,
    k: usize,
    depth: usize,
    next: Cells,
    union: Mask,
    stack: &mut [usize; 4],
    best: &mut Pick<AlsKey>,
) {
    if depth == k {
        if count(union) as usize == k + 1 {
            als_pivots(b, &stack[..k], union, k, best);
        }
        return;
    }
    for c in cells(next) {
        let u = union | b.cand[c];
        if count(u) as usize > k + 1 {
            continue;
        }
        stack[depth] = c;
        let after = Cells::after(c);
        als_extend(b, open, k, depth + 1, next & T.peer_set[c] & after, u, stack, best);
    }
}

fn als_pivots(b: &Board, wing: &[usize], union: Mask, k: usize, best: &mut Pick<AlsKey>) {
    let set: Cells = set_of(wing);
    let near = wing.iter().fold(Cells::EMPTY, |m, &c| m | T.peer_set[c]) & !set;
    let biggest = wing.iter().map(|&c| count(b.cand[c])).max().unwrap_or(0) as i32;
    let mid = (k as i32 + 3) / 2;
    let diff = if k == 3 { 55 } else { 62 } + ((k as i32 + 1 - mid) - (mid - biggest).abs()) as u32;
    if best.beaten(|(d, _)| *d < diff) {
        return;
    }
    let holders = |d: u8| set & b.dcells[d as usize - 1];
    for yz in cells(near) {
        let yzv = b.cand[yz];
        if count(yzv) != 2 || yzv & union != yzv {
            continue;
        }
        let restricted = |d: u8| (holders(d) & !T.peer_set[yz]).is_empty();
        let mut ds = digits(yzv);
        let (x, z) = (ds.next().unwrap(), ds.next().unwrap());
        let (rx, rz) = (restricted(x), restricted(z));
        if !rx && !rz {
            continue;
        }
        let mut removed: Vec<(usize, Mask)> = Vec::new();
        let mut remove = |victims: Cells, d: u8| {
            for c in cells(victims) {
                if c != yz && b.cand[c] & bit(d) != 0 {
                    match removed.iter_mut().find(|(o, _)| *o == c) {
                        Some((_, m)) => *m |= bit(d),
                        None => removed.push((c, bit(d))),
                    }
                }
            }
        };
        let around = |d: u8| seeing_all(holders(d).with(yz));
        if rx && rz {
            for w in digits(union & !yzv) {
                remove(seeing_all(holders(w)), w);
            }
            remove(around(x), x);
            remove(around(z), z);
        } else if rx {
            remove(around(z), z);
        } else {
            remove(around(x), x);
        }
        if removed.is_empty() {
            continue;
        }
        // Among wings of one difficulty, as Sudoku Explainer sorts them: the most eliminations,
        // then both digits restricted, then the biggest cell; then the first found.
        // (Its "suffix", compared as text: both restricted 2 else 1, the biggest cell's
        // candidates, the wing's candidates in all.)
        let elims: usize = removed.iter().map(|&(_, m)| count(m) as usize).sum();
        let size: u32 = wing.iter().map(|&c| count(b.cand[c])).sum();
        let rank = (elims, format!("{}{biggest}{size}", if rx && rz { 2 } else { 1 }));
        let key = (diff, Reverse(rank));
        if best.takes(&key) {
            let tech = if k == 3 { Technique::WXYZWing } else { Technique::VWXYZWing };
            let step = SeStep::removal(tech, diff, removed).on(wing.iter().copied()).on([yz]).about(union);
            best.offer(key, step);
        }
    }
}

/// A strong link on a digit in a region: its places there split into two nodes, each a cell or
/// (grouped) the places in one box-line intersection.
struct Link {
    region: (usize, usize),
    a: Cells,
    b: Cells,
    grouped: bool,
    /// Every place of the digit in the region: the regions of a pattern share none.
    places: Cells,
}

/// The strong links of digit `d` in region `r` of type `t`, Sudoku Explainer's way: two places;
/// in a box, places on a cross (a row and a column through one cell, the four other cells empty
/// of it), and for three strong links (`two_lines`) four or more places in two of its rows or
/// columns; in a line, places in two of its three box segments.
fn links(b: &Board, t: usize, r: usize, d: u8, two_lines: bool, out: &mut Vec<Link>) {
    let region = &T.region[t][r];
    let pos = b.positions(t, r, d);
    let n = count(pos);
    let cell_at = |p: usize| Cells::one(region[p] as usize);
    let group = |mut m: Mask| {
        let mut set = Cells::EMPTY;
        while m != 0 {
            set |= cell_at(m.trailing_zeros() as usize);
            m &= m - 1;
        }
        set
    };
    let places = group(pos);
    if n == 2 {
        let p1 = pos.trailing_zeros() as usize;
        let p2 = Mask::BITS as usize - 1 - pos.leading_zeros() as usize;
        out.push(Link { region: (t, r), a: cell_at(p1), b: cell_at(p2), grouped: false, places });
        return;
    }
    if n < 2 || n > 6 || t == BOX && n > 5 {
        return;
    }
    if t == BOX {
        for h in 0..N {
            let (hr, hc) = (h / B, h % B);
            let rect: Mask = (0..N).filter(|&p| p / B != hr && p % B != hc).fold(0, |m, p| m | 1 << p);
            if pos & rect != 0 {
                continue;
            }
            let blade1 = pos & (0..N).filter(|&p| p / B == hr && p != h).fold(0 as Mask, |m, p| m | 1 << p);
            let blade2 = pos & (0..N).filter(|&p| p % B == hc && p != h).fold(0 as Mask, |m, p| m | 1 << p);
            if blade1 != 0 && blade2 != 0 {
                let heart = (1 as Mask) << h;
                if count(blade1) == 1 || count(blade2) == 1 {
                    if count(blade1) == 1 {
                        out.push(Link {
                            region: (t, r),
                            a: group(blade1),
                            b: group(blade2 | heart),
                            grouped: true,
                            places,
                        });
                    }
                    if count(blade2) == 1 {
                        out.push(Link {
                            region: (t, r),
                            a: group(blade2),
                            b: group(blade1 | heart),
                            grouped: true,
                            places,
                        });
                    }
                } else {
                    out.push(Link { region: (t, r), a: group(blade1), b: group(blade2), grouped: true, places });
                }
            }
            return;
        }
        // With `two_lines` (three strong links), four or more places in two rows (or two
        // columns) of the box: a link between the two.
        // (When the box has an empty line: a link if exactly two of its lines hold places.)
        if two_lines && n >= 4 {
            let row: Mask = (1 << B) - 1;
            let col: Mask = (0..B).fold(0, |m, k| m | 1 << (k * B));
            for (lines, of) in [(row, B), (col, 1)] {
                let line = |k: usize| pos & (lines << (k * of));
                if (0..B).all(|k| line(k) != 0) {
                    continue;
                }
                let mut held = (0..B).filter(|&k| line(k) != 0);
                if let (Some(k1), Some(k2), None) = (held.next(), held.next(), held.next()) {
                    out.push(Link { region: (t, r), a: group(line(k1)), b: group(line(k2)), grouped: true, places });
                }
                return;
            }
        }
    } else {
        // A line's places in exactly two of its box segments, when one segment has none.
        let seg = |k: usize| pos & ((((1 as Mask) << B) - 1) << (B * k));
        if (0..B).any(|k| seg(k) == 0) {
            let mut held = (0..B).map(seg).filter(|&m| m != 0);
            if let (Some(b1), Some(b2), None) = (held.next(), held.next(), held.next()) {
                out.push(Link { region: (t, r), a: group(b1), b: group(b2), grouped: true, places });
            }
        }
    }
}

/// `step` resting on a chain of nodes on digit `d`, strong and weak links alternating from a
/// node assumed off (each node's first cell stands for a grouped node in the links).
pub(super) fn node_chain(step: SeStep, d: u8, nodes: &[Cells]) -> SeStep {
    let mut step = step.on(nodes.iter().flat_map(|n| cells(*n))).about(bit(d));
    for (i, w) in nodes.windows(2).enumerate() {
        let on = i % 2 == 0;
        step.links.push(((w[0].first(), d, !on), (w[1].first(), d, on)));
    }
    step
}

/// Whether every cell of a set lies in one row or one column.
fn one_line(set: Cells) -> bool {
    let c = set.first();
    [ROW, COL].iter().any(|&t| (set & !T.region_set[t][T.of[c][t] as usize]).is_empty())
}

/// Whether every cell of a set lies in one row, one column or one box.
fn one_region(set: Cells) -> bool {
    if set.is_empty() {
        return true;
    }
    let c = set.first();
    (0..3).any(|t| (set & !T.region_set[t][T.of[c][t] as usize]).is_empty())
}

/// Turbot fish: two strong links on one digit (in a base region and a cover region), a node of
/// each in one region; the digit leaves the cells seeing both far nodes. Two rows or two columns
/// (skyscraper) 4.0, a row and a column (two-string kite) 4.1, with a box 4.2, with a grouped
/// node (empty rectangle, grouped kite) 4.3. The easiest found is taken, the most eliminations
/// first.
pub(super) fn turbot_fish(b: &Board) -> Option<SeStep> {
    turbot_fishes(b, Pick::best()).first()
}

/// The key of a turbot fish or three strong links among others: the easiest, then the most
/// eliminations.
type LinksKey = (u32, Reverse<usize>);

/// The turbot fish `best` keeps ([`turbot_fish`]).
pub(super) fn turbot_fishes(b: &Board, mut best: Pick<LinksKey>) -> Pick<LinksKey> {
    const SETS: [(usize, usize); 6] = [(ROW, ROW), (COL, COL), (COL, ROW), (ROW, BOX), (COL, BOX), (BOX, BOX)];
    for d in 1..=N as u8 {
        let mut all: [Vec<Link>; 3] = [Vec::new(), Vec::new(), Vec::new()];
        for (t, list) in all.iter_mut().enumerate() {
            for r in 0..N {
                links(b, t, r, d, false, list);
            }
        }
        for (base, cover) in SETS {
            for l1 in &all[base] {
                for l2 in &all[cover] {
                    if base == cover && l2.region.1 <= l1.region.1 || !(l1.places & l2.places).is_empty() {
                        continue;
                    }
                    let diff = if l1.grouped || l2.grouped {
                        43
                    } else {
                        match (base, cover) {
                            (BOX, _) | (_, BOX) => 42,
                            (x, y) if x == y => 40,
                            _ => 41,
                        }
                    };
                    if best.beaten(|(bd, _)| *bd < diff) {
                        continue;
                    }
                    for (bridge1, end1) in [(l1.a, l1.b), (l1.b, l1.a)] {
                        for (bridge2, end2) in [(l2.a, l2.b), (l2.b, l2.a)] {
                            let nodes = [bridge1, end1, bridge2, end2];
                            if (0..4).any(|x| (x + 1..4).any(|y| !(nodes[x] & nodes[y]).is_empty())) {
                                continue;
                            }
                            if !one_region(bridge1 | bridge2) {
                                continue;
                            }
                            let ends = b.holding(end1 | end2, d);
                            let victims = seeing_all(ends) & !(bridge1 | bridge2 | end1 | end2);
                            let removed: Vec<(usize, Mask)> =
                                cells(b.holding(victims, d)).map(|c| (c, bit(d))).collect();
                            if removed.is_empty() {
                                continue;
                            }
                            let key = (diff, Reverse(removed.len()));
                            if best.takes(&key) {
                                let step = SeStep::removal(Technique::TurbotFish, diff, removed);
                                best.offer(key, node_chain(step, d, &[end1, bridge1, bridge2, end2]));
                            }
                        }
                    }
                }
            }
        }
    }
    best
}

/// Three strong links on one digit joined by two weak links (Sudoku Explainer's "3 Skyscrapers",
/// "3-String Kite", "3 Strong links including blocks"): one of the two far nodes holds the digit,
/// which leaves the cells seeing both. 5.4 with parallel lines only, 5.5 with a box, 5.6 with rows
/// and columns, 5.7 with a grouped link. The easiest found is taken, the most eliminations first.
pub(super) fn three_strong_links(b: &Board) -> Option<SeStep> {
    three_strong_link_steps(b, Pick::best()).first()
}

/// The three strong links `best` keeps ([`three_strong_links`]).
pub(super) fn three_strong_link_steps(b: &Board, mut best: Pick<LinksKey>) -> Pick<LinksKey> {
    for d in 1..=N as u8 {
        let mut all: Vec<Link> = Vec::new();
        for t in [BOX, ROW, COL] {
            for r in 0..N {
                links(b, t, r, d, true, &mut all);
            }
        }
        // A box's two places in one line are that line's link.
        all.retain(|l| l.grouped || l.region.0 != BOX || !one_line(l.a | l.b));
        // Oriented links: (start node, end node, link index).
        let oriented: Vec<(Cells, Cells, usize)> =
            all.iter().enumerate().flat_map(|(i, l)| [(l.a, l.b, i), (l.b, l.a, i)]).collect();
        // follows[a]: the oriented links that can come after oriented link a.
        let follows: Vec<Vec<usize>> = oriented
            .iter()
            .map(|&(_, e1, i1)| {
                (0..oriented.len())
                    .filter(|&j| {
                        let (s2, _, i2) = oriented[j];
                        all[i2].region != all[i1].region
                            && (all[i1].places & all[i2].places).is_empty()
                            && one_region(e1 | s2)
                    })
                    .collect()
            })
            .collect();
        for (a, &(s1, e1, i1)) in oriented.iter().enumerate() {
            for &bj in &follows[a] {
                let (s2, e2, i2) = oriented[bj];
                for &ck in &follows[bj] {
                    let (s3, e3, i3) = oriented[ck];
                    let l3 = &all[i3];
                    if l3.region == all[i1].region || !(l3.places & all[i1].places).is_empty() {
                        continue;
                    }
                    let types = [all[i1].region.0, all[i2].region.0, l3.region.0];
                    let diff = if all[i1].grouped || all[i2].grouped || l3.grouped {
                        57
                    } else if types.contains(&BOX) {
                        55
                    } else if types.contains(&ROW) && types.contains(&COL) {
                        56
                    } else {
                        54
                    };
                    if best.beaten(|(bd, _)| *bd < diff) {
                        continue;
                    }
                    let ends = b.holding(s1 | e3, d);
                    let nodes = s1 | e1 | s2 | e2 | s3 | e3;
                    let victims = seeing_all(ends) & !nodes;
                    let hit = b.holding(victims, d);
                    if hit.is_empty() {
                        continue;
                    }
                    let n = hit.count() as usize;
                    let key = (diff, Reverse(n));
                    if best.takes(&key) {
                        let removed: Vec<(usize, Mask)> = cells(hit).map(|c| (c, bit(d))).collect();
                        let step = SeStep::removal(Technique::ThreeStrongLinks, diff, removed);
                        best.offer(key, node_chain(step, d, &[s1, e1, s2, e2, s3, e3]));
                    }
                }
            }
        }
    }
    best
}

/// Every W-Wing to `sink` (true stops; issue 48, HoDoKu's and SudokuWiki's name): two cells that
/// do not see each other, both holding only the digits `x` and `y`, and a conjugate pair of `x`
/// (a unit with two places for it) with one end seeing each cell. One end holds `x`, so the cell
/// it sees does not, and holds `y`: one of the two cells holds `y`, which leaves every cell that
/// sees both.
pub(super) fn w_wings<S: super::basics::Sink + ?Sized>(b: &Board, sink: &mut S) -> bool {
    for p in 0..NC {
        if count(b.cand[p]) != 2 {
            continue;
        }
        for q in p + 1..NC {
            if b.cand[q] != b.cand[p] || T.peer_set[p].has(q) {
                continue;
            }
            let both = b.cand[p];
            for x in digits(both) {
                let y = both & !bit(x);
                let seen = T.peer_set[p] & T.peer_set[q];
                let removed: Vec<(usize, Mask)> = cells(seen).filter(|&c| b.cand[c] & y != 0).map(|c| (c, y)).collect();
                if removed.is_empty() {
                    continue;
                }
                for t in [ROW, COL, BOX] {
                    for r in 0..N {
                        let pair = b.holding(T.region_set[t][r], x);
                        if pair.count() != 2 || pair.has(p) || pair.has(q) {
                            continue;
                        }
                        let mut it = cells(pair);
                        let (e0, e1) = (it.next().expect("two"), it.next().expect("two"));
                        for (ep, eq) in [(e0, e1), (e1, e0)] {
                            if !T.peer_set[p].has(ep) || !T.peer_set[q].has(eq) {
                                continue;
                            }
                            let mut step = SeStep::removal(Technique::WWing, Technique::WWing.base(), removed.clone())
                                .about(both)
                                .on([p, q, ep, eq]);
                            step.links = vec![((p, x, true), (ep, x, false)), ((ep, x, false), (eq, x, true)), ((eq, x, true), (q, x, false))];
                            if sink.take(step) {
                                return true;
                            }
                        }
                    }
                }
            }
        }
    }
    false
}
