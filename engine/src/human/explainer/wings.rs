//! Wings and turbot fish as Sudoku Explainer rates them: XY-Wing and XYZ-Wing; WXYZ-Wing and
//! VWXYZ-Wing (an almost locked set of three or four cells that see each other, with one more
//! digit than cells, and a bivalue cell); turbot fish (two strong links on one digit joined by
//! a weak link: skyscraper, two-string kite, turbot fish through a box).

use super::board::{bit, cells, count, digits, sees, Board, Cells, BOX, COL, ROW, T};
use super::{SeStep, Technique};

/// XY-Wing (4.2) and XYZ-Wing (4.4), pivot by pivot, wings among its peers.
pub(super) fn xy_wing(b: &Board, xyz: bool) -> Option<SeStep> {
    let size = if xyz { 3 } else { 2 };
    for xy in 0..81 {
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
                victims &= !(1u128 << xy | 1u128 << xz | 1u128 << yz);
                let removed: Vec<(usize, u16)> =
                    cells(victims).filter(|&c| b.cand[c] & z != 0).map(|c| (c, z)).collect();
                if !removed.is_empty() {
                    let (tech, diff) = if xyz { (Technique::XYZWing, 44) } else { (Technique::XYWing, 42) };
                    return Some(SeStep::removal(tech, diff, removed));
                }
            }
        }
    }
    None
}

/// The cells that see every cell of `set` (and are not in it).
fn seeing_all(set: Cells) -> Cells {
    cells(set).fold(!0u128 >> 47, |m, c| m & T.peer_set[c]) & !set
}

/// WXYZ-Wing (`k` = 3: 5.5, or 5.6 when its biggest cell has three candidates) and VWXYZ-Wing
/// (`k` = 4: 6.2 to 6.4 by the same measure): `k` cells that see each other holding `k + 1`
/// digits, and a bivalue cell with two of them that sees every wing cell holding one of its
/// digits (the restricted common digit). The other digit leaves every cell that sees all the
/// cells holding it; when both digits are restricted, each of the set's other digits leaves the
/// cells seeing all its holders too. The easiest wing found is taken.
pub(super) fn als_wing(b: &Board, k: usize) -> Option<SeStep> {
    let open: Vec<usize> = (0..81).filter(|&c| (2..=k as u32 + 1).contains(&count(b.cand[c]))).collect();
    let mut best: Option<(u32, usize, SeStep)> = None;
    let mut stack = [0usize; 4];
    als_extend(b, &open, k, 0, 0, 0, &mut stack, &mut best);
    best.map(|(_, _, s)| s)
}

#[allow(clippy::too_many_arguments)]
fn als_extend(
    b: &Board,
    open: &[usize],
    k: usize,
    depth: usize,
    from: usize,
    union: u16,
    stack: &mut [usize; 4],
    best: &mut Option<(u32, usize, SeStep)>,
) {
    if depth == k {
        if count(union) as usize == k + 1 {
            als_pivots(b, &stack[..k], union, k, best);
        }
        return;
    }
    for i in from..open.len() {
        let c = open[i];
        if stack[..depth].iter().any(|&o| !sees(o, c)) {
            continue;
        }
        let u = union | b.cand[c];
        if count(u) as usize > k + 1 {
            continue;
        }
        stack[depth] = c;
        als_extend(b, open, k, depth + 1, i + 1, u, stack, best);
    }
}

fn als_pivots(b: &Board, wing: &[usize], union: u16, k: usize, best: &mut Option<(u32, usize, SeStep)>) {
    let set: Cells = wing.iter().fold(0, |m, &c| m | 1u128 << c);
    let near = wing.iter().fold(0u128, |m, &c| m | T.peer_set[c]) & !set;
    let biggest = wing.iter().map(|&c| count(b.cand[c])).max().unwrap_or(0) as i32;
    let mid = (k as i32 + 3) / 2;
    let diff = if k == 3 { 55 } else { 62 } + ((k as i32 + 1 - mid) - (mid - biggest).abs()) as u32;
    if best.as_ref().is_some_and(|(d, _, _)| *d <= diff) && best.as_ref().is_some_and(|(d, _, _)| *d < diff) {
        return;
    }
    let holders = |d: u8| cells(set).filter(|&c| b.cand[c] & bit(d) != 0).fold(0u128, |m, c| m | 1u128 << c);
    for yz in cells(near) {
        let yzv = b.cand[yz];
        if count(yzv) != 2 || yzv & union != yzv {
            continue;
        }
        let restricted = |d: u8| holders(d) & !T.peer_set[yz] == 0;
        let mut ds = digits(yzv);
        let (x, z) = (ds.next().unwrap(), ds.next().unwrap());
        let (rx, rz) = (restricted(x), restricted(z));
        if !rx && !rz {
            continue;
        }
        let mut removed: Vec<(usize, u16)> = Vec::new();
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
        let around = |d: u8| seeing_all(holders(d) | 1u128 << yz);
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
        let elims: usize = removed.iter().map(|&(_, m)| count(m) as usize).sum();
        let better = match best {
            None => true,
            Some((d, e, _)) => diff < *d || diff == *d && elims > *e,
        };
        if better {
            let tech = if k == 3 { Technique::WXYZWing } else { Technique::VWXYZWing };
            *best = Some((diff, elims, SeStep::removal(tech, diff, removed)));
        }
    }
}

/// A strong link: the two places of a digit in a region.
struct Link {
    ty: usize,
    a: usize,
    b: usize,
}

/// Turbot fish: two strong links on one digit (in a base region and a cover region), one end of
/// each seeing the other's; the digit leaves the cells seeing both far ends. Two rows or two
/// columns (skyscraper) 4.0, a row and a column (two-string kite) 4.1, a box 4.2. The easiest
/// found is taken, the most eliminations first.
pub(super) fn turbot_fish(b: &Board) -> Option<SeStep> {
    const SETS: [(usize, usize); 6] = [(ROW, ROW), (COL, COL), (COL, ROW), (ROW, BOX), (COL, BOX), (BOX, BOX)];
    let mut best: Option<(u32, usize, SeStep)> = None;
    for d in 1..=9u8 {
        let mut links: [Vec<Link>; 3] = [Vec::new(), Vec::new(), Vec::new()];
        for (ty, list) in links.iter_mut().enumerate() {
            for r in 0..9 {
                let pos = b.positions(ty, r, d);
                if count(pos) == 2 {
                    let p1 = pos.trailing_zeros() as usize;
                    let p2 = 15 - (pos.leading_zeros() as usize);
                    list.push(Link { ty, a: T.region[ty][r][p1] as usize, b: T.region[ty][r][p2] as usize });
                }
            }
        }
        for (base, cover) in SETS {
            let diff = match (base, cover) {
                (BOX, _) | (_, BOX) => 42,
                (x, y) if x == y => 40,
                _ => 41,
            };
            if best.as_ref().is_some_and(|(bd, _, _)| *bd < diff) {
                continue;
            }
            for (i, l1) in links[base].iter().enumerate() {
                for (j, l2) in links[cover].iter().enumerate() {
                    if base == cover && j <= i {
                        continue;
                    }
                    let _ = l1.ty + l2.ty;
                    let four = [l1.a, l1.b, l2.a, l2.b];
                    if (0..4).any(|x| (x + 1..4).any(|y| four[x] == four[y])) {
                        continue;
                    }
                    for (bridge1, end1) in [(l1.a, l1.b), (l1.b, l1.a)] {
                        for (bridge2, end2) in [(l2.a, l2.b), (l2.b, l2.a)] {
                            if !sees(bridge1, bridge2) {
                                continue;
                            }
                            let victims = T.peer_set[end1] & T.peer_set[end2] & !(1u128 << bridge1 | 1u128 << bridge2);
                            let removed: Vec<(usize, u16)> =
                                cells(b.holding(victims, d)).map(|c| (c, bit(d))).collect();
                            if removed.is_empty() {
                                continue;
                            }
                            let better = match &best {
                                None => true,
                                Some((bd, be, _)) => diff < *bd || diff == *bd && removed.len() > *be,
                            };
                            if better {
                                best =
                                    Some((diff, removed.len(), SeStep::removal(Technique::TurbotFish, diff, removed)));
                            }
                        }
                    }
                }
            }
        }
    }
    best.map(|(_, _, s)| s)
}
