//! Uniqueness as Sudoku Explainer uses it (with lkSudoku's corrections, on by default in
//! v1.15.10): unique rectangles and loops, types 1 to 4, and the bivalue universal grave (BUG),
//! types 1 to 4. Both rest on the puzzle having one solution.

use super::board::{
    bit, cells, combinations, count, digits, region_cells, seeing_all, set_of, Board, Cells, ALL_CELLS,
    BOX, COL, ROW, T,
};
use super::{Mask, N, NC};
use super::basics::Pick;
use super::{SeStep, Technique};

/// The region of type `t` holding every cell of `list`, if one does.
fn shared_region(t: usize, list: &[usize]) -> Option<usize> {
    let r = T.of[list[0]][t] as usize;
    list.iter().all(|&c| T.of[c][t] as usize == r).then_some(r)
}

/// Unique rectangles and loops: a loop of cells holding digits v1 and v2, alternating between
/// regions so that v1 and v2 could swap, would give two solutions; what breaks it must hold.
/// 4.5 for a rectangle, 4.6 for 6 cells, 4.7 for 8, 5.0 for 10 or more; type 3 adds 0.1 for each
/// cell of its naked or hidden set beyond the first.
pub(super) fn unique_loops(b: &Board) -> Option<SeStep> {
    unique_loop_steps(b, Pick::best()).first()
}

/// The unique rectangles and loops `best` keeps ([`unique_loops`]), keyed by difficulty then type.
pub(super) fn unique_loop_steps(b: &Board, mut best: Pick<(u32, u32)>) -> Pick<(u32, u32)> {
    let mut offer = |lp: &[usize], both: Mask, diff: u32, ty: u32, removed: Vec<(usize, Mask)>| {
        if removed.is_empty() {
            return;
        }
        if best.takes(&(diff, ty)) {
            let tech = if lp.len() == 4 { Technique::UniqueRectangle } else { Technique::UniqueLoop };
            best.offer((diff, ty), SeStep::removal(tech, diff, removed).on(lp.iter().copied()).about(both));
        }
    };
    let mut visits = LOOP_VISITS;
    for start in 0..NC {
        if count(b.cand[start]) != 2 {
            continue;
        }
        let mut ds = digits(b.cand[start]);
        let (v1, v2) = (ds.next().unwrap(), ds.next().unwrap());
        let both = bit(v1) | bit(v2);
        let mut loops = Vec::new();
        let mut path = Vec::new();
        find_loops(b, start, both, &mut path, (2, 0, usize::MAX), &mut visits, &mut loops);
        for lp in loops {
            if !valid_loop(&lp) {
                continue;
            }
            let base = 45
                + if lp.len() >= 10 {
                    5
                } else if lp.len() >= 8 {
                    2
                } else if lp.len() >= 6 {
                    1
                } else {
                    0
                };
            let extra: Vec<usize> = lp.iter().copied().filter(|&c| count(b.cand[c]) > 2).collect();
            match extra.len() {
                1 => offer(&lp, both, base, 1, vec![(extra[0], b.cand[extra[0]] & both)]),
                2 => {
                    let (c1, c2) = (extra[0], extra[1]);
                    let rest = (b.cand[c1] | b.cand[c2]) & !both;
                    if count(rest) == 1 {
                        offer(&lp, both, base, 2, type2(b, &extra, rest));
                    } else if count(rest) >= 2 {
                        type3(b, c1, c2, both, &mut |diff, removed| offer(&lp, both, base + diff, 3, removed));
                    }
                    if let Some(removed) = type4(b, c1, c2, v1, v2) {
                        offer(&lp, both, base, 4, removed);
                    }
                }
                n if n > 2 => {
                    let rest = extra.iter().fold(0 as Mask, |m, &c| m | b.cand[c]) & !both;
                    offer(&lp, both, base, 2, type2(b, &extra, rest));
                }
                _ => {}
            }
        }
    }
    best
}

/// How many cells the search for unique loops may visit in one step: unbounded on 4x4 and 9x9
/// (as Sudoku Explainer), 50,000 on larger grids, where the loops can be too many to list (a
/// 25x25 puzzle took 14 s to rate without the bound).
const LOOP_VISITS: u32 = if N <= 9 { u32::MAX } else { 50_000 };

/// Depth-first search of loops through cells holding both digits, changing region type at each
/// cell; up to two cells with extra digits, more while the extras are one digit; at most
/// `visits` cells visited.
fn find_loops(
    b: &Board,
    cell: usize,
    both: Mask,
    path: &mut Vec<usize>,
    (allowed, ex, last): (i32, Mask, usize),
    visits: &mut u32,
    out: &mut Vec<Vec<usize>>,
) {
    if *visits == 0 {
        return;
    }
    *visits -= 1;
    path.push(cell);
    let on_path: Cells = set_of(path);
    for t in [BOX, ROW, COL] {
        if t == last {
            continue;
        }
        // The cells of the region holding both digits, in region order (ascending cells).
        let region = T.region_set[t][T.of[cell][t] as usize];
        let holding = region & b.dcells[both.trailing_zeros() as usize] & b.dcells[Mask::BITS as usize - 1 - both.leading_zeros() as usize];
        for next in cells(holding) {
            if next == path[0] && path.len() >= 4 {
                out.push(path.clone());
            } else if !on_path.has(next) {
                let new_ex = (ex | b.cand[next]) & !both;
                let card = count(b.cand[next]);
                if card == 2 || count(new_ex) == 1 || allowed > 0 {
                    let allowed = if card > 2 { allowed - 1 } else { allowed };
                    find_loops(b, next, both, path, (allowed, new_ex, t), visits, out);
                }
            }
        }
    }
    path.pop();
}

/// A loop is valid when the regions of its odd cells and of its even cells are the same, none
/// twice on one side.
fn valid_loop(lp: &[usize]) -> bool {
    let (mut odd, mut even) = ([0u32; 3], [0u32; 3]);
    for (i, &c) in lp.iter().enumerate() {
        let side = if i % 2 == 1 { &mut odd } else { &mut even };
        for t in 0..3 {
            let r = 1u32 << T.of[c][t];
            if side[t] & r != 0 {
                return false;
            }
            side[t] |= r;
        }
    }
    odd == even
}

/// Type 2: the extra cells share one extra digit, which leaves every cell seeing them all.
fn type2(b: &Board, extra: &[usize], rest: Mask) -> Vec<(usize, Mask)> {
    let d = rest.trailing_zeros() as u8 + 1;
    let victims = seeing_all(set_of(extra));
    cells(b.holding(victims, d)).map(|c| (c, bit(d))).collect()
}

/// Type 3: the extra digits of the two extra cells form a naked set with other cells of a region
/// they share (or the loop digits a hidden set there). Calls `offer(added difficulty, removals)`.
fn type3(b: &Board, c1: usize, c2: usize, both: Mask, offer: &mut dyn FnMut(u32, Vec<(usize, Mask)>)) {
    let extra = (b.cand[c1] | b.cand[c2]) & !both;
    for degree in 2..=7u32 {
        for t in [BOX, ROW, COL] {
            let Some(r) = shared_region(t, &[c1, c2]) else { continue };
            let region = &T.region[t][r];
            let empty = b.empty_count(t, r);
            let (i1, i2) = (T.pos[c1][t] as usize, T.pos[c2][t] as usize);
            if degree * 2 <= empty && degree >= count(extra) {
                // The sets of `degree` positions holding i1 and not i2 (in increasing numeric
                // order): i1 and positions of cells with two or more candidates (any other
                // position would fail below).
                let others: Mask = (0..N)
                    .filter(|&p| p != i1 && p != i2 && count(b.cand[region[p] as usize]) >= 2)
                    .fold(0, |m, p| m | 1 << p);
                for rest in combinations(degree - 1, others) {
                    let m = rest | (1 as Mask) << i1;
                    let mut naked = extra & b.cand[c1] & b.cand[c2];
                    let mut union = 0 as Mask;
                    let mut ok = true;
                    let mut others = Cells::EMPTY;
                    for p in (0..N).filter(|p| m >> p & 1 != 0) {
                        let pot = if p == i1 { extra } else { b.cand[region[p] as usize] };
                        if p != i1 {
                            naked |= pot;
                            others = others.with(region[p] as usize);
                        }
                        if count(pot) <= 1 {
                            ok = false;
                        }
                        union |= pot;
                    }
                    if count(naked) != degree || !ok || count(union) != degree {
                        continue;
                    }
                    let removed: Vec<(usize, Mask)> = region
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| c != c1 && c != c2 && !others.has(c) && b.cand[c] & union != 0)
                        .map(|c| (c, b.cand[c] & union))
                        .collect();
                    offer(degree - 1, removed);
                }
            }
            if degree * 2 < empty {
                let rem: Vec<u8> = (1..=N as u8).filter(|&d| both & bit(d) == 0 && extra & bit(d) == 0).collect();
                if degree as usize - 2 > rem.len() {
                    continue;
                }
                let n = rem.len() as u32;
                for pm in combinations(degree - 2, ((1u64 << n) - 1) as Mask) {
                    let values = (0..n as usize).filter(|i| pm >> i & 1 != 0).fold(both, |m, i| m | bit(rem[i]));
                    let mut union = 0 as Mask;
                    let mut ok = true;
                    for d in digits(values) {
                        let pos = b.positions(t, r, d) & !(1 << i2);
                        if pos == 0 {
                            ok = false;
                        }
                        union |= pos;
                    }
                    if !ok || count(union) != degree {
                        continue;
                    }
                    let hidden = union & !(1 << i1) & !(1 << i2);
                    let removed = b.removals_outside(region_cells(t, r, hidden), values);
                    offer(count(hidden).saturating_sub(1), removed);
                }
            }
        }
    }
}

/// Type 4: the two extra cells share a region where one loop digit has no other place; the other
/// loop digit leaves both.
fn type4(b: &Board, c1: usize, c2: usize, v1: u8, v2: u8) -> Option<Vec<(usize, Mask)>> {
    let (mut lock1, mut lock2) = (false, false);
    for t in [BOX, ROW, COL] {
        let Some(r) = shared_region(t, &[c1, c2]) else { continue };
        let rest = T.region_set[t][r] & !Cells::EMPTY.with(c1).with(c2);
        if b.holding(rest, v1).is_empty() {
            lock1 = true;
        }
        if b.holding(rest, v2).is_empty() {
            lock2 = true;
        }
    }
    let rem = if lock1 {
        v2
    } else if lock2 {
        v1
    } else {
        return None;
    };
    Some([c1, c2].iter().filter(|&&c| b.cand[c] & bit(rem) != 0).map(|&c| (c, bit(rem))).collect())
}

/// The bivalue universal grave: every unsolved cell bivalue and every digit twice in each
/// region, but for the extra candidates of a few cells; one of them must be true. Type 1 (one
/// cell, 5.6), type 2 (one extra digit, 5.7), type 3 (a naked set with the extra digits, 5.7 +
/// 0.1 a cell beyond two), type 4 (two cells and a locked digit, 5.7).
pub(super) fn bug(b: &Board) -> Option<SeStep> {
    let mut temp = b.cand;
    let mut bug_cells: Vec<usize> = Vec::new();
    let mut bug_values = [0 as Mask; NC];
    let mut all_values = 0 as Mask;
    let mut common: Option<Cells> = None;
    let mut all_extra: Option<Vec<usize>> = None;
    let mut only_value = 0u8;
    let mut one_value = true;
    for t in [BOX, ROW, COL] {
        for r in 0..N {
            for d in 1..=N as u8 {
                let pos = b.positions(t, r, d);
                let n = count(pos);
                if n == 0 || n == 2 {
                    continue;
                }
                let new_bug: Vec<usize> = region_cells(t, r, pos).filter(|&c| count(b.cand[c]) >= 3).collect();
                match &mut all_extra {
                    None => {
                        all_extra = Some(new_bug.clone());
                        only_value = d;
                    }
                    Some(list) if one_value => {
                        if only_value == d {
                            for &c in &new_bug {
                                if !list.contains(&c) {
                                    list.push(c);
                                }
                            }
                        } else {
                            one_value = false;
                        }
                    }
                    _ => {}
                }
                if new_bug.len() == 1 {
                    let c = new_bug[0];
                    if !bug_cells.contains(&c) {
                        bug_cells.push(c);
                    }
                    bug_values[c] |= bit(d);
                    all_values |= bit(d);
                    temp[c] &= !bit(d);
                    let cm = common.unwrap_or(ALL_CELLS) & T.peer_set[c] & !set_of(&bug_cells);
                    common = Some(cm);
                    if bug_cells.len() > 1 && count(all_values) > 1 && cm.is_empty() {
                        return None;
                    }
                }
                if new_bug.is_empty() {
                    return None;
                }
            }
        }
    }
    if let (true, Some(list)) = (one_value, &all_extra) {
        if list.len() > bug_cells.len() {
            for c in list.clone() {
                if bug_cells.contains(&c) {
                    continue;
                }
                bug_cells.push(c);
                bug_values[c] |= bit(only_value);
                temp[c] &= !bit(only_value);
                let cm = common.unwrap_or(ALL_CELLS) & T.peer_set[c] & !set_of(&bug_cells);
                common = Some(cm);
                if bug_cells.len() > 1 && count(all_values) > 1 && cm.is_empty() {
                    return None;
                }
            }
        }
    }
    if (0..NC).any(|c| b.value[c] == 0 && count(temp[c]) != 2) {
        return None;
    }
    for t in [BOX, ROW, COL] {
        for r in 0..N {
            for d in 1..=N as u8 {
                let n = T.region[t][r].iter().filter(|&&c| temp[c as usize] & bit(d) != 0).count();
                if n != 0 && n != 2 {
                    return None;
                }
            }
        }
    }
    let common = common.unwrap_or(Cells::EMPTY);
    if bug_cells.len() == 1 {
        let c = bug_cells[0];
        let removed = b.cand[c] & !all_values;
        return (removed != 0).then(|| SeStep::removal(Technique::Bug, 56, vec![(c, removed)]).on([c]).about(all_values));
    }
    if count(all_values) == 1 {
        if !common.is_empty() {
            let d = all_values.trailing_zeros() as u8 + 1;
            let removed: Vec<(usize, Mask)> = cells(b.holding(common, d)).map(|c| (c, bit(d))).collect();
            if !removed.is_empty() {
                return Some(SeStep::removal(Technique::Bug, 57, removed).on(bug_cells).about(all_values));
            }
        }
        if bug_cells.len() == 2 {
            return bug4(b, &bug_cells, &bug_values, all_values);
        }
        return None;
    }
    if !common.is_empty() {
        if bug_cells.len() == 2 {
            if let Some(s) = bug4(b, &bug_cells, &bug_values, all_values) {
                return Some(s);
            }
        }
        return bug3(b, &bug_cells, all_values, common);
    }
    None
}

fn bug4(b: &Board, bug_cells: &[usize], bug_values: &[Mask; NC], all_values: Mask) -> Option<SeStep> {
    let (c1, c2) = (bug_cells[0], bug_cells[1]);
    let shared = b.cand[c1] & b.cand[c2] & !all_values;
    if count(shared) != 1 {
        return None;
    }
    if ![BOX, ROW, COL].iter().any(|&t| shared_region(t, &[c1, c2]).is_some()) {
        return None;
    }
    let r1 = b.cand[c1] & !bug_values[c1] & !shared;
    let r2 = b.cand[c2] & !bug_values[c2] & !shared;
    let removed: Vec<(usize, Mask)> = [(c1, r1), (c2, r2)].into_iter().filter(|&(_, m)| m != 0).collect();
    (!removed.is_empty()).then(|| SeStep::removal(Technique::Bug, 57, removed).on([c1, c2]).about(all_values))
}

fn bug3(b: &Board, bug_cells: &[usize], all_values: Mask, common: Cells) -> Option<SeStep> {
    for degree in 2..=6u32 {
        for t in [BOX, ROW, COL] {
            let Some(r) = shared_region(t, bug_cells) else { continue };
            let region_cells: Vec<usize> = cells(common & T.region_set[t][r]).collect();
            if (region_cells.len() as u32) < degree {
                continue;
            }
            let n = region_cells.len() as u32;
            for m in combinations(degree - 1, ((1u64 << n) - 1) as Mask) {
                let naked: Vec<usize> = (0..n as usize).filter(|i| m >> i & 1 != 0).map(|i| region_cells[i]).collect();
                let other = naked.iter().fold(0 as Mask, |u, &c| u | b.cand[c]);
                if count(other) != degree {
                    continue;
                }
                if naked.iter().any(|&c| count(b.cand[c]) <= 1) || count(all_values) <= 1 {
                    continue;
                }
                let set = other | all_values;
                if count(set) != degree {
                    continue;
                }
                let removed: Vec<(usize, Mask)> = region_cells
                    .iter()
                    .copied()
                    .filter(|c| !naked.contains(c) && !bug_cells.contains(c) && b.cand[*c] & set != 0)
                    .map(|c| (c, b.cand[c] & set))
                    .collect();
                if !removed.is_empty() {
                    let step = SeStep::removal(Technique::Bug, 57 + degree - 1, removed);
                    return Some(step.on(bug_cells.iter().copied()).on(naked).about(set));
                }
            }
        }
    }
    None
}

// HoDoKu's uniqueness techniques (issue 48): unique rectangles of types 1 to 6, hidden and
// avoidable rectangles and BUG+1, by the names players know, as HoDoKu's finder defines them.
// A rectangle is four cells in two rows, two columns and two boxes; if two digits could fill
// them alternately, they could swap, and the puzzle would have two solutions.

use super::basics::Sink;
use super::board::merged;

/// Whether every cell of `list` lies in one row, or every one in one column.
fn one_line(list: &[usize]) -> bool {
    shared_region(ROW, list).is_some() || shared_region(COL, list).is_some()
}

/// The rectangles of unique-rectangle tests: a cell of two candidates `a` and `b`, a cell of its
/// box in its row or column, and the two cells across in another band or stack, none filled,
/// where the placed digits leave both `a` and `b` (HoDoKu's "missing candidates" allowed: an
/// elimination since does not break the deadly pattern of the givens). Each once:
/// ([c11, c12, c21, c22], a, b), c21 across from c11.
fn rectangles(b: &Board) -> Vec<([usize; 4], u8, u8)> {
    let mut out: Vec<([usize; 4], u8, u8)> = Vec::new();
    let both = |c: usize, m: Mask| b.value[c] == 0 && b.allowed(c) & m == m;
    for c11 in 0..NC {
        if b.value[c11] != 0 || count(b.cand[c11]) != 2 {
            continue;
        }
        let m = b.cand[c11];
        let mut ds = digits(m);
        let (a, z) = (ds.next().expect("two"), ds.next().expect("two"));
        let bx = T.of[c11][BOX];
        for c12 in cells(T.region_set[BOX][bx as usize]) {
            let lines = T.of[c12][ROW] == T.of[c11][ROW];
            if c12 == c11 || !lines && T.of[c12][COL] != T.of[c11][COL] || !both(c12, m) {
                continue;
            }
            // Across: along the column (row) of each of the two cells, outside their box.
            let along = if lines { COL } else { ROW };
            for p in 0..N {
                let c21 = T.region[along][T.of[c11][along] as usize][p] as usize;
                let c22 = T.region[along][T.of[c12][along] as usize][p] as usize;
                if T.of[c21][BOX] == bx || !both(c21, m) || !both(c22, m) {
                    continue;
                }
                let mut key = [c11, c12, c21, c22];
                key.sort_unstable();
                if !out.iter().any(|(k, x, y)| {
                    let mut k = *k;
                    k.sort_unstable();
                    k == key && (*x, *y) == (a, z)
                }) {
                    out.push(([c11, c12, c21, c22], a, z));
                }
            }
        }
    }
    out
}

/// A step of HoDoKu's uniqueness family on `rect` (digits `m`), removing `removed`.
fn rect_step(t: Technique, rect: &[usize], m: Mask, removed: Vec<(usize, Mask)>) -> SeStep {
    SeStep::removal(t, t.base(), removed).on(rect.iter().copied()).about(m)
}


/// Every unique rectangle of types 1 to 6 and every hidden rectangle ([`Technique::UniqueRectangle1`]
/// ...), the kind `want`, to `sink` (true stops). With the rectangle's digits `a`, `b` and its
/// cells that hold nothing else (the "two" cells) and the others (the "extra" cells):
/// - type 1: one extra cell; it is not `a` nor `b`.
/// - types 2 and 5: the extra cells have one more digit `x` between them; one holds it, so `x`
///   leaves the cells seeing them all (type 2: two extra cells in a line; 5: diagonal or three).
/// - type 3: two extra cells in a unit act as one cell of their other digits, a naked subset
///   with other cells of the unit.
/// - type 4: two extra cells in a line, where `a` has no other place: `b` leaves both.
/// - type 6: two diagonal extra cells, `a` in no other cell of the rectangle's lines: `a`
///   leaves both.
/// - hidden rectangle: a "two" cell, and `a` has no other place in the row and column of the
///   opposite corner: `b` leaves that corner.
pub(super) fn unique_rectangles<S: Sink + ?Sized>(b: &Board, want: Technique, sink: &mut S) -> bool {
    for (rect, a, z) in rectangles(b) {
        let ur = bit(a) | bit(z);
        let rect_set = set_of(&rect);
        let mut sorted = rect;
        sorted.sort_unstable();
        let two: Vec<usize> = sorted.iter().copied().filter(|&c| b.cand[c] & !ur == 0).collect();
        let extra: Vec<usize> = sorted.iter().copied().filter(|&c| b.cand[c] & !ur != 0).collect();
        let mut found: Vec<SeStep> = Vec::new();
        let has = |c: usize, d: u8| b.cand[c] & bit(d) != 0;
        if two.len() == 3 && want == Technique::UniqueRectangle1 {
            let e = extra[0];
            if b.cand[e] & ur != 0 {
                found.push(rect_step(want, &rect, ur, vec![(e, b.cand[e] & ur)]));
            }
        }
        if (two.len() == 1 || two.len() == 2)
            && (want == Technique::UniqueRectangle2 || want == Technique::UniqueRectangle5)
        {
            let add = extra.iter().fold(0 as Mask, |m, &c| m | (b.cand[c] & !ur));
            if count(add) == 1 {
                let x = add.trailing_zeros() as u8 + 1;
                let seen = extra.iter().fold(ALL_CELLS, |s, &c| s & T.peer_set[c]);
                let victims = b.holding(seen, x);
                let t = if extra.len() == 3 || !one_line(&extra) {
                    Technique::UniqueRectangle5
                } else {
                    Technique::UniqueRectangle2
                };
                if !victims.is_empty() && t == want {
                    found.push(rect_step(t, &rect, ur, cells(victims).map(|c| (c, add)).collect()));
                }
            }
        }
        if two.len() == 2 && want == Technique::UniqueRectangle3 {
            let u3 = extra.iter().fold(0 as Mask, |m, &c| m | (b.cand[c] & !ur));
            for t in [ROW, COL, BOX] {
                let Some(r) = shared_region(t, &extra) else { continue };
                let unit = T.region_set[t][r];
                let others: Vec<usize> =
                    cells(unit & !rect_set).filter(|&c| b.cand[c] != 0 && b.cand[c] & ur == 0).collect();
                // Every non-empty subset of the other cells, with the two extra cells.
                for pick in 1u32..(1 << others.len()) {
                    let chosen: Vec<usize> = (0..others.len()).filter(|i| pick >> i & 1 != 0).map(|i| others[i]).collect();
                    let mut akt = extra.clone();
                    akt.extend(&chosen);
                    let digits_of = chosen.iter().fold(u3, |m, &c| m | b.cand[c]);
                    if t == BOX && one_line(&akt) || count(digits_of) as usize != akt.len() - 1 {
                        continue;
                    }
                    let akt_set = set_of(&akt);
                    let mut removed: Vec<(usize, Mask)> = cells(unit & !akt_set)
                        .filter(|&c| b.cand[c] & digits_of != 0)
                        .map(|c| (c, b.cand[c] & digits_of))
                        .collect();
                    if removed.is_empty() {
                        continue;
                    }
                    if t != BOX {
                        if let Some(bx) = shared_region(BOX, &akt) {
                            removed.extend(
                                cells(T.region_set[BOX][bx] & !akt_set)
                                    .filter(|&c| b.cand[c] & digits_of != 0)
                                    .map(|c| (c, b.cand[c] & digits_of)),
                            );
                        }
                    }
                    found.push(rect_step(want, &rect, ur, merged(removed)));
                }
            }
        }
        if two.len() == 2 && (want == Technique::UniqueRectangle4 || want == Technique::UniqueRectangle6) {
            let (e0, e1) = (extra[0], extra[1]);
            let lined = one_line(&extra);
            let (zone, t) = if lined {
                (T.peer_set[e0] & T.peer_set[e1], Technique::UniqueRectangle4)
            } else {
                let lines = [ROW, COL]
                    .iter()
                    .flat_map(|&t| [T.region_set[t][T.of[e0][t] as usize], T.region_set[t][T.of[e1][t] as usize]])
                    .fold(Cells::EMPTY, |s, l| s | l);
                (lines & !rect_set, Technique::UniqueRectangle6)
            };
            // Type 4: a digit confined to the two cells in their line, so the other leaves them;
            // type 6: a digit absent from the lines, so it leaves them.
            let absent = |d: u8| b.holding(zone, d).is_empty();
            let del = match (lined, absent(a), absent(z)) {
                (true, true, _) => Some(z),
                (true, false, true) => Some(a),
                (false, true, _) => Some(a),
                (false, false, true) => Some(z),
                _ => None,
            };
            if let Some(d) = del.filter(|_| t == want) {
                let removed: Vec<(usize, Mask)> = [e0, e1].into_iter().filter(|&c| has(c, d)).map(|c| (c, bit(d))).collect();
                if !removed.is_empty() {
                    found.push(rect_step(t, &rect, ur, removed));
                }
            }
        }
        if (two.len() == 1 || two.len() == 2 && !one_line(&two)) && want == Technique::HiddenRectangle {
            for &corner in &two {
                let pick = |t: usize| {
                    let first = T.of[extra[0]][t];
                    if first != T.of[corner][t] {
                        first
                    } else {
                        T.of[extra[1]][t]
                    }
                };
                let (row, col) = (pick(ROW) as usize, pick(COL) as usize);
                let target = row * N + col;
                for (x, y) in [(a, z), (z, a)] {
                    let outside = |t: usize, r: usize| !(b.holding(T.region_set[t][r], x) & !rect_set).is_empty();
                    if outside(ROW, row) || outside(COL, col) || !has(target, y) {
                        continue;
                    }
                    found.push(rect_step(want, &rect, ur, vec![(target, bit(y))]));
                }
            }
        }
        for s in found {
            if sink.take(s) {
                return true;
            }
        }
    }
    false
}

/// Every avoidable rectangle of the kind `want` to `sink` (true stops): two digits `a` and `b`
/// placed (not givens) in one box, in one line, and the two cells across that would complete
/// the swap (`b` across from `a`, `a` across from `b`), each placed so or open with that digit
/// and one other. Type 1: one of the two is placed, so the other may not take the swap's digit.
/// Type 2: both open, with one more digit `x` in each: one holds `x`, which leaves the cells
/// seeing both.
pub(super) fn avoidable_rectangles<S: Sink + ?Sized>(b: &Board, want: Technique, sink: &mut S) -> bool {
    let placed = |c: usize| b.value[c] != 0 && !b.given.has(c);
    let open_with = |c: usize, d: u8| b.value[c] == 0 && b.cand[c] & bit(d) != 0 && count(b.cand[c]) == 2;
    let mut seen: Vec<[usize; 4]> = Vec::new();
    for c11 in (0..NC).filter(|&c| placed(c)) {
        let a = b.value[c11];
        let bx = T.of[c11][BOX];
        for c12 in cells(T.region_set[BOX][bx as usize]) {
            let lines = T.of[c12][ROW] == T.of[c11][ROW];
            if c12 == c11 || !lines && T.of[c12][COL] != T.of[c11][COL] || !placed(c12) {
                continue;
            }
            let z = b.value[c12];
            let along = if lines { COL } else { ROW };
            for p in 0..N {
                let c21 = T.region[along][T.of[c11][along] as usize][p] as usize;
                let c22 = T.region[along][T.of[c12][along] as usize][p] as usize;
                if T.of[c21][BOX] == bx {
                    continue;
                }
                let ok = (b.value[c21] == z && placed(c21) && open_with(c22, a))
                    || (b.value[c22] == a && placed(c22) && open_with(c21, z))
                    || (open_with(c21, z) && open_with(c22, a));
                let mut key = [c11, c12, c21, c22];
                key.sort_unstable();
                if !ok || seen.contains(&key) {
                    continue;
                }
                seen.push(key);
                let rect = [c11, c12, c21, c22];
                let m = bit(a) | bit(z);
                let step = if b.value[c21] != 0 || b.value[c22] != 0 {
                    let (c, d) = if b.value[c21] != 0 { (c22, a) } else { (c21, z) };
                    (want == Technique::AvoidableRectangle1 && b.cand[c] & bit(d) != 0)
                        .then(|| rect_step(want, &rect, m, vec![(c, bit(d))]))
                } else {
                    let x = b.cand[c21] & !bit(z);
                    let victims = b.holding(T.peer_set[c21] & T.peer_set[c22], x.trailing_zeros() as u8 + 1);
                    (want == Technique::AvoidableRectangle2 && b.cand[c22] & x != 0 && !victims.is_empty())
                        .then(|| rect_step(want, &rect, m | x, cells(victims).map(|c| (c, x)).collect()))
                };
                if let Some(s) = step {
                    if sink.take(s) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// BUG+1 to `sink` (true stops), as HoDoKu finds it: every open cell holds two candidates but
/// one, which holds three, and every digit has at most two places in each unit but one digit in
/// that cell's row, column and box, with three: without it the board would be a bivalue
/// universal grave (two solutions), so the cell holds that digit and its other two leave.
pub(super) fn bug_plus_one<S: Sink + ?Sized>(b: &Board, sink: &mut S) -> bool {
    let mut three = None;
    for c in 0..NC {
        match count(b.cand[c]) {
            0..=2 => {}
            3 if three.is_none() => three = Some(c),
            _ => return false,
        }
    }
    let Some(cell) = three else { return false };
    let mut digit = None;
    let mut units = [None; 3];
    for t in [ROW, COL, BOX] {
        for r in 0..N {
            for d in 1..=N as u8 {
                match count(b.positions(t, r, d)) {
                    0..=2 => {}
                    3 if units[t].is_none() && digit.is_none_or(|x| x == d) => {
                        digit = Some(d);
                        units[t] = Some(r);
                    }
                    _ => return false,
                }
            }
        }
    }
    let Some(d) = digit else { return false };
    if b.cand[cell] & bit(d) == 0 || [ROW, COL, BOX].iter().any(|&t| units[t] != Some(T.of[cell][t] as usize)) {
        return false;
    }
    let others = b.cand[cell] & !bit(d);
    sink.take(SeStep::removal(Technique::BugPlusOne, Technique::BugPlusOne.base(), vec![(cell, others)]).on([cell]).about(bit(d)))
}
