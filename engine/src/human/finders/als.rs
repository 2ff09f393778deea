//! Almost locked sets (issue 48; HoDoKu's ALS family): an ALS is `k` open cells of one unit
//! holding `k + 1` digits between them (a bivalue cell is one of a single cell). Take one digit
//! out and the rest is locked: each of its digits is in it.
//!
//! Two ALS share a restricted common candidate `x` (an RC) when every place of `x` in one sees
//! every place of `x` in the other, none shared: `x` is in at most one of them, so the other is
//! locked.
//!
//! - ALS-XZ: ALS A and B with an RC `x`: one of them is locked, so a digit `z` of both is in A or
//!   in B, and leaves every cell seeing all its places in both. With two RCs (doubly linked) both
//!   are locked in a ring: each RC leaves the cells seeing all its places, and each other digit
//!   of either ALS leaves the cells seeing all its places in that ALS.
//! - ALS-XY-Wing: ALS A and B each share an RC with a third, C (different digits): one of A and B
//!   is locked, so a digit `z` of both (not an RC) leaves every cell seeing all its places in
//!   both.
//! - ALS-XY-Chain: ALS A1 ... An, each sharing an RC with the next, no two consecutive RCs the
//!   same digit: if A1 is not locked by its RC, each next one is, to An. So one of A1 and An is
//!   locked, and a digit `z` of both, not an RC at either end, leaves every cell seeing all its
//!   places in both.

use super::basics::Sink;
use super::board::{bit, cells, count, digits, merged, Board, Cells, BOX, COL, ROW, T};
use super::{Mask, SeStep, Technique, N};

/// An almost locked set: its cells and digits.
#[derive(Clone, Copy)]
pub(super) struct Als {
    pub(super) cells: Cells,
    pub(super) digits: Mask,
}

/// Every ALS of 1 to `N - 1` cells in a unit, each once (the chains' ALS nodes take those of two
/// cells or more).
pub(super) fn all_als(b: &Board) -> Vec<Als> {
    let mut out: Vec<Als> = Vec::new();
    for t in [ROW, COL, BOX] {
        for r in 0..N {
            let open: Vec<usize> = cells(T.region_set[t][r]).filter(|&c| b.value[c] == 0).collect();
            // Depth-first over subsets in order, with the digits so far.
            let mut stack: Vec<(usize, Cells, Mask, usize)> = vec![(0, Cells::EMPTY, 0, 0)];
            while let Some((from, set, m, k)) = stack.pop() {
                for i in from..open.len() {
                    let (s2, m2, k2) = (set.with(open[i]), m | b.cand[open[i]], k + 1);
                    if k2 >= N {
                        continue;
                    }
                    if count(m2) as usize == k2 + 1 && !out.iter().any(|a| a.cells == s2) {
                        out.push(Als { cells: s2, digits: m2 });
                    }
                    stack.push((i + 1, s2, m2, k2));
                }
            }
        }
    }
    out
}

/// The places of `d` in an ALS.
fn places(b: &Board, a: &Als, d: u8) -> Cells {
    b.holding(a.cells, d)
}

/// The cells outside `a` holding `d` that see all its places of `d`.
fn seeing(b: &Board, a: &Als, d: u8) -> Cells {
    let p = places(b, a, d);
    let seen = cells(p).fold(!Cells::EMPTY, |m, c| m & T.peer_set[c]);
    b.holding(seen & !a.cells, d)
}

/// The restricted common candidates of two ALS (digits), as HoDoKu keeps them: at most two.
fn restricted_commons(b: &Board, a: &Als, z: &Als) -> Mask {
    let overlap = a.cells & z.cells;
    let mut rc = 0 as Mask;
    let mut n = 0;
    for x in digits(a.digits & z.digits) {
        let (pa, pz) = (places(b, a, x), places(b, z, x));
        if !((pa | pz) & overlap).is_empty() {
            continue;
        }
        if cells(pa).all(|c| (pz & !T.peer_set[c]).is_empty()) {
            n += 1;
            if n <= 2 {
                rc |= bit(x);
            } else {
                // HoDoKu keeps the last as its second.
                rc = (rc & rc.wrapping_neg()) | bit(x);
            }
        }
    }
    rc
}

/// The removals of the digits `zs`, each from the cells seeing all its places in both ALS.
fn common_removals(b: &Board, a: &Als, z: &Als, zs: Mask) -> Vec<(usize, Mask)> {
    let mut out = Vec::new();
    for d in digits(zs) {
        for c in cells(seeing(b, a, d) & seeing(b, z, d)) {
            out.push((c, bit(d)));
        }
    }
    out
}


fn step(t: Technique, removed: Vec<(usize, Mask)>, sets: &[&Als], rc: Mask) -> SeStep {
    SeStep::removal(t, t.base(), removed).about(rc).on(sets.iter().flat_map(|a| cells(a.cells)))
}

/// Every ALS-XZ to `sink` (true stops): pairs of ALS that do not overlap, with one or two RCs.
pub(super) fn als_xz<S: Sink + ?Sized>(b: &Board, sink: &mut S, poll: &mut dyn FnMut() -> bool) -> bool {
    let all = all_als(b);
    for (i, a) in all.iter().enumerate() {
        if poll() {
            return true;
        }
        for z in &all[i + 1..] {
            if !(a.cells & z.cells).is_empty() {
                continue;
            }
            let rc = restricted_commons(b, a, z);
            if rc == 0 {
                continue;
            }
            let common = a.digits & z.digits;
            let mut removed = Vec::new();
            if count(rc) == 1 {
                removed = common_removals(b, a, z, common & !rc);
            } else {
                for x in digits(rc) {
                    removed.extend(common_removals(b, a, z, common & !bit(x)));
                }
                for (one, other) in [(a, z), (z, a)] {
                    for d in digits(one.digits & !rc) {
                        for c in cells(seeing(b, one, d) & !other.cells) {
                            removed.push((c, bit(d)));
                        }
                    }
                }
            }
            let removed = merged(removed);
            if !removed.is_empty() && sink.take(step(Technique::AlsXz, removed, &[a, z], rc)) {
                return true;
            }
        }
    }
    false
}

/// The RCs of each ALS of `all` with the others, as (other, RC digits); with `disjoint`, only
/// between ALS that share no cell. `None` when `poll` stops the search.
fn rc_links(b: &Board, all: &[Als], disjoint: bool, poll: &mut dyn FnMut() -> bool) -> Option<Vec<Vec<(usize, Mask)>>> {
    let mut rcs: Vec<Vec<(usize, Mask)>> = vec![Vec::new(); all.len()];
    for i in 0..all.len() {
        if poll() {
            return None;
        }
        for j in i + 1..all.len() {
            if disjoint && !(all[i].cells & all[j].cells).is_empty() {
                continue;
            }
            let rc = restricted_commons(b, &all[i], &all[j]);
            if rc != 0 {
                rcs[i].push((j, rc));
                rcs[j].push((i, rc));
            }
        }
    }
    Some(rcs)
}

/// Every ALS-XY-Wing to `sink` (true stops): ALS A and B (overlapping allowed, neither within the
/// other) each with an RC with a third ALS C, the two RCs not one same single digit.
pub(super) fn als_xy_wings<S: Sink + ?Sized>(b: &Board, sink: &mut S, poll: &mut dyn FnMut() -> bool) -> bool {
    let all = all_als(b);
    let Some(rcs) = rc_links(b, &all, false, poll) else { return true };
    for (c, links) in rcs.iter().enumerate() {
        if poll() {
            return true;
        }
        for (p, &(ia, rca)) in links.iter().enumerate() {
            for &(ib, rcb) in &links[p + 1..] {
                if count(rca) == 1 && count(rcb) == 1 && rca == rcb {
                    continue;
                }
                let (a, z) = (&all[ia], &all[ib]);
                let union = a.cells | z.cells;
                if ia == ib || union == a.cells || union == z.cells {
                    continue;
                }
                let zs = a.digits & z.digits & !rca & !rcb;
                let removed = merged(common_removals(b, a, z, zs));
                if !removed.is_empty() && sink.take(step(Technique::AlsXyWing, removed, &[a, z, &all[c]], rca | rcb)) {
                    return true;
                }
            }
        }
    }
    false
}

/// The longest ALS-XY-Chain searched, in RCs (HoDoKu's is 50, searched only towards ALS later
/// in its list; ours searches both ways, the shortest chain to each end first).
const MAX_CHAIN_RCS: usize = 12;

/// Every ALS-XY-Chain to `sink` (true stops): from each ALS and RC digit (a doubly linked first
/// pair tried with each), the shortest chains through ALS linked by RCs that do not overlap
/// (each link's active RC digits those of its RCs the previous link's are not), three RCs or
/// more, no ALS twice, to each end; the digits of both ends but their RCs leave every cell
/// seeing all their places in both. Each set of removals once, by its shortest chain.
pub(super) fn als_xy_chains<S: Sink + ?Sized>(b: &Board, sink: &mut S, poll: &mut dyn FnMut() -> bool) -> bool {
    let all = all_als(b);
    let Some(rcs) = rc_links(b, &all, true, poll) else { return true };
    // The kept steps: (removals, RCs, step).
    let mut kept: Vec<(Vec<(usize, Mask)>, usize, SeStep)> = Vec::new();
    // A state: (ALS, the active RC digits that reached it); its predecessor and depth.
    let mut prev: std::collections::HashMap<(usize, Mask), ((usize, Mask), usize)> = Default::default();
    let mut queue = std::collections::VecDeque::new();
    for start in 0..all.len() {
        for &(next, rc) in &rcs[start] {
            for first in digits(rc) {
                if poll() {
                    return true;
                }
                let first = bit(first);
                prev.clear();
                queue.clear();
                prev.insert((next, first), ((start, 0), 1));
                queue.push_back((next, first));
                while let Some((at, active)) = queue.pop_front() {
                    let depth = prev[&(at, active)].1;
                    // The chain so far, end first.
                    let mut path = vec![at];
                    let mut s = (at, active);
                    while let Some(&(p, _)) = prev.get(&s) {
                        path.push(p.0);
                        s = p;
                        if p.0 == start {
                            break;
                        }
                    }
                    if depth >= 3 && at != start {
                        let (a, z) = (&all[start], &all[at]);
                        let zs = a.digits & z.digits & !first & !active;
                        let removed = merged(common_removals(b, a, z, zs));
                        if !removed.is_empty() {
                            match kept.iter_mut().find(|k| k.0 == removed) {
                                Some(k) if k.1 <= depth => {}
                                found => {
                                    let sets: Vec<&Als> = path.iter().rev().map(|&i| &all[i]).collect();
                                    let st = step(Technique::AlsXyChain, removed.clone(), &sets, first | active);
                                    match found {
                                        Some(k) => *k = (removed, depth, st),
                                        None => kept.push((removed, depth, st)),
                                    }
                                }
                            }
                        }
                    }
                    if depth >= MAX_CHAIN_RCS {
                        continue;
                    }
                    for &(to, rc) in &rcs[at] {
                        let next_active = rc & !active;
                        if next_active == 0 || path.contains(&to) || prev.contains_key(&(to, next_active)) {
                            continue;
                        }
                        prev.insert((to, next_active), ((at, active), depth + 1));
                        queue.push_back((to, next_active));
                    }
                }
            }
        }
    }
    kept.into_iter().any(|(_, _, st)| sink.take(st))
}

/// The cells of `list` picked by the bits of `pick`, as a set.
fn picked(list: &[usize], pick: u32) -> Cells {
    (0..list.len()).filter(|i| pick >> i & 1 != 0).fold(Cells::EMPTY, |s, i| s.with(list[i]))
}

/// The digits of a set of cells.
fn digits_of(b: &Board, set: Cells) -> Mask {
    cells(set).fold(0, |m, c| m | b.cand[c])
}

/// Every Sue de Coq to `sink` (true stops; HoDoKu's, after the forum's two-sector disjoint
/// subsets): two or three open cells `C` where a line meets a box, holding `n` digits more than
/// cells (`n` at least 2), with cells `A` of the line and `B` of the box outside them that take
/// those extra places: `A` holds some of `C`'s digits and `B` others, none of `A`'s, each with
/// as many cells as its digits outside `C` plus the places of `C` it takes. Then `C`, `A` and `B`
/// are locked together: the line outside `C` and `A` loses `C`'s and `A`'s digits that `B` does
/// not hold, and the digits both hold; the box outside `C` and `B`, `C`'s and `B`'s digits that
/// `A` does not hold, and the digits both hold.
pub(super) fn sue_de_coq<S: Sink + ?Sized>(b: &Board, sink: &mut S) -> bool {
    for line_t in [ROW, COL] {
        for line in 0..N {
            let line_set = T.region_set[line_t][line] & b.open();
            for bx in 0..N {
                let box_set = T.region_set[BOX][bx] & b.open();
                let inter: Vec<usize> = cells(line_set & box_set).collect();
                if inter.len() < 2 {
                    continue;
                }
                for pick in 1u32..(1 << inter.len()) {
                    let k = pick.count_ones() as usize;
                    if !(2..=3).contains(&k) {
                        continue;
                    }
                    let c_set = picked(&inter, pick);
                    let v = digits_of(b, c_set);
                    let n_plus = count(v) as i32 - k as i32;
                    if n_plus < 2 {
                        continue;
                    }
                    let line_rest: Vec<usize> = cells(line_set & !c_set).filter(|c| !box_set.has(*c)).collect();
                    for pa in 1u32..(1 << line_rest.len()) {
                        let a_set = picked(&line_rest, pa);
                        let va = digits_of(b, a_set);
                        let (contained, extra) = (count(va & v) as i32, count(va & !v) as i32);
                        let size_a = pa.count_ones() as i32;
                        if contained == 0 || size_a <= extra || size_a - extra >= n_plus {
                            continue;
                        }
                        let need = n_plus - (size_a - extra);
                        let allowed = !(va & v);
                        let box_rest: Vec<usize> = cells(box_set & !c_set & !a_set).filter(|c| !line_set.has(*c)).collect();
                        for pb in 1u32..(1 << box_rest.len()) {
                            let b_set = picked(&box_rest, pb);
                            let vb = digits_of(b, b_set);
                            if vb & !allowed != 0 {
                                continue;
                            }
                            let (contained_b, extra_b) = (count(vb & v) as i32, count(vb & !v) as i32);
                            if contained_b == 0 || pb.count_ones() as i32 - extra_b != need {
                                continue;
                            }
                            let both = va & vb;
                            let in_box = ((v | vb) & !va) | both;
                            let in_line = ((v | va) & !vb) | both;
                            let mut removed = Vec::new();
                            for c in cells(box_set & !b_set & !c_set) {
                                if b.cand[c] & in_box != 0 {
                                    removed.push((c, b.cand[c] & in_box));
                                }
                            }
                            for c in cells(line_set & !a_set & !c_set) {
                                if b.cand[c] & in_line != 0 {
                                    removed.push((c, b.cand[c] & in_line));
                                }
                            }
                            let removed = merged(removed);
                            if removed.is_empty() {
                                continue;
                            }
                            let t = Technique::SueDeCoq;
                            let s = SeStep::removal(t, t.base(), removed).about(v).on(cells(c_set | a_set | b_set));
                            if sink.take(s.within(line_t, line)) {
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

/// The most petal choices a death blossom's search tries from one stem cell.
const BLOSSOM_BUDGET: usize = 200_000;

/// Every death blossom to `sink` (true stops; HoDoKu's): a stem cell and, for each of its
/// digits `x`, an ALS (a petal) holding `x` whose places of `x` all see the stem. The stem holds
/// one digit, which leaves that petal, so the petal is locked: a digit `z` of every petal (not
/// of the stem) is in one of them, and leaves every cell that sees all its places in them.
/// Petals may overlap (HoDoKu's option).
pub(super) fn death_blossoms<S: Sink + ?Sized>(b: &Board, sink: &mut S, poll: &mut dyn FnMut() -> bool) -> bool {
    let all = all_als(b);
    for stem in (0..N * N).filter(|&c| b.value[c] == 0) {
        if poll() {
            return true;
        }
        let stem_digits: Vec<u8> = digits(b.cand[stem]).collect();
        let petals: Vec<Vec<usize>> = stem_digits
            .iter()
            .map(|&x| {
                (0..all.len())
                    .filter(|&i| {
                        let a = &all[i];
                        a.digits & bit(x) != 0 && !a.cells.has(stem) && cells(places(b, a, x)).all(|p| T.peer_set[stem].has(p))
                    })
                    .collect()
            })
            .collect();
        if petals.iter().any(|p| p.is_empty()) {
            continue;
        }
        // Depth-first: one petal per stem digit, the digits common to all kept.
        let mut chosen: Vec<usize> = Vec::new();
        let mut next: Vec<usize> = vec![0];
        let mut tried = 0usize;
        while let Some(i) = next.last_mut() {
            let level = chosen.len();
            if *i >= petals[level].len() || tried > BLOSSOM_BUDGET {
                next.pop();
                chosen.pop();
                continue;
            }
            let a = petals[level][*i];
            *i += 1;
            tried += 1;
            if tried % 1024 == 0 && poll() {
                return true;
            }
            let common = chosen.iter().fold(all[a].digits, |m, &p| m & all[p].digits);
            if common == 0 {
                continue;
            }
            chosen.push(a);
            if chosen.len() < stem_digits.len() {
                next.push(0);
                continue;
            }
            // Every stem digit has its petal: the common digits outside the stem.
            let union = chosen.iter().fold(Cells::EMPTY, |s, &p| s | all[p].cells);
            let mut removed = Vec::new();
            for z in digits(common & !b.cand[stem]) {
                let zs = chosen.iter().fold(Cells::EMPTY, |s, &p| s | places(b, &all[p], z));
                let seen = cells(zs).fold(!Cells::EMPTY, |m, c| m & T.peer_set[c]);
                for c in cells(b.holding(seen & !union, z)).filter(|&c| c != stem) {
                    removed.push((c, bit(z)));
                }
            }
            chosen.pop();
            let removed = merged(removed);
            if !removed.is_empty() {
                let t = Technique::DeathBlossom;
                let cells_of = union.with(stem);
                let s = SeStep::removal(t, t.base(), removed).about(b.cand[stem]).on(cells(cells_of));
                if sink.take(s) {
                    return true;
                }
            }
        }
    }
    false
}
