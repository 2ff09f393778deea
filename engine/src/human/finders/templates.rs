//! Templates (issue 48; HoDoKu's "Template Set" and "Template Delete", after the template method
//! of the Sudoku Programmers forum): a template of a digit is one place in every row, column and
//! box. The digit's templates that fit the board (its placed digits in, only its candidates
//! otherwise) are refined against the other digits: a template that takes a cell every template
//! of another digit needs is dropped, until none is. A cell in every template left takes the
//! digit; a candidate in none leaves.
//!
//! Only on 9x9 grids: a digit has at most 46,656 templates there, a bounded search (a few
//! milliseconds, nothing to interrupt); a 16x16 grid has too many to list.

use super::basics::Sink;
use super::board::{bit, cells, Board, Cells, ALL_CELLS, T};
use super::{SeStep, Technique, B, N};

/// The templates of each digit that fit the board, refined against each other; `None` on a
/// grid that is not 9x9.
fn templates(b: &Board) -> Option<Vec<Vec<Cells>>> {
    if B != 3 {
        return None;
    }
    let mut all: Vec<Vec<Cells>> = Vec::with_capacity(N);
    for d in 1..=N as u8 {
        let placed = cells(ALL_CELLS).filter(|&c| b.value[c] == d).fold(Cells::EMPTY, |s, c| s.with(c));
        let allowed = placed | b.dcells[d as usize - 1];
        let mut found = Vec::new();
        // Row by row: a column not yet used, in a box not yet used, allowed.
        let mut stack: Vec<(usize, Cells, u32, u32)> = vec![(0, Cells::EMPTY, 0, 0)];
        while let Some((row, set, cols, boxes)) = stack.pop() {
            if row == N {
                if (placed & !set).is_empty() {
                    found.push(set);
                }
                continue;
            }
            for col in 0..N {
                let c = row * N + col;
                let bx = T.of[c][0] as u32;
                if cols >> col & 1 == 0 && boxes >> bx & 1 == 0 && allowed.has(c) {
                    stack.push((row + 1, set.with(c), cols | 1 << col, boxes | 1 << bx));
                }
            }
        }
        all.push(found);
    }
    // Drop the templates that take a cell another digit's templates all need, until none does.
    loop {
        let must: Vec<Cells> = all.iter().map(|ts| ts.iter().fold(ALL_CELLS, |m, &t| m & t)).collect();
        let mut dropped = false;
        for d in 0..N {
            let others = (0..N).filter(|&k| k != d && !all[k].is_empty()).fold(Cells::EMPTY, |m, k| m | must[k]);
            let before = all[d].len();
            all[d].retain(|&t| (t & others).is_empty());
            dropped |= all[d].len() != before;
        }
        if !dropped {
            break;
        }
    }
    Some(all)
}

/// Every template step of `technique` to `sink` (true stops): a template set places the digit
/// in each cell every template of it takes (a step a cell); a template delete removes, per
/// digit, the candidates no template of it takes.
pub(super) fn template_steps<S: Sink + ?Sized>(b: &Board, technique: Technique, sink: &mut S) -> bool {
    let Some(all) = templates(b) else { return false };
    for d in 1..=N as u8 {
        let ts = &all[d as usize - 1];
        if ts.is_empty() {
            continue;
        }
        if technique == Technique::TemplateSet {
            let must = ts.iter().fold(ALL_CELLS, |m, &t| m & t);
            for c in cells(must).filter(|&c| b.value[c] == 0) {
                if sink.take(SeStep::placement(technique, technique.base(), c, d).on([c]).about(bit(d))) {
                    return true;
                }
            }
        } else {
            let any = ts.iter().fold(Cells::EMPTY, |m, &t| m | t);
            let gone = b.dcells[d as usize - 1] & !any;
            if !gone.is_empty() {
                let removed = cells(gone).map(|c| (c, bit(d))).collect();
                if sink.take(SeStep::removal(technique, technique.base(), removed).about(bit(d))) {
                    return true;
                }
            }
        }
    }
    false
}
