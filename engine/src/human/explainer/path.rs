//! The path: at each step the first hint of the techniques in Sudoku Explainer's order.

use super::board::Board;
use super::{aligned, basics, chaining, uniqueness, wings};
use super::{Ctx, SeError, SeStep, Technique};
use crate::human::explainer::SeRating;

/// Applies a step to the board: its removals, then its placement.
pub(crate) fn apply(s: &SeStep, b: &mut Board) {
    for &(c, m) in &s.removed {
        b.cand[c] &= !(m as super::Mask);
    }
    if let Some((c, d)) = s.placed {
        b.place(c, d);
    }
    b.refresh();
}

/// The first hint of the techniques in Sudoku Explainer's order, or `None`.
fn next_step(b: &Board, ctx: &mut Ctx) -> Result<Option<SeStep>, SeError> {
    let quick: [fn(&Board) -> Option<SeStep>; 24] = [
        basics::hidden_single,
        basics::direct_locking,
        |b| basics::hidden_set(b, 2, true),
        basics::naked_single,
        |b| basics::hidden_set(b, 3, true),
        basics::locking,
        |b| basics::naked_set(b, 2),
        |b| basics::fish(b, 2),
        |b| basics::hidden_set(b, 2, false),
        |b| basics::naked_set(b, 3),
        |b| basics::fish(b, 3),
        |b| basics::hidden_set(b, 3, false),
        wings::turbot_fish,
        |b| wings::xy_wing(b, false),
        |b| wings::xy_wing(b, true),
        uniqueness::unique_loops,
        |b| basics::naked_set(b, 4),
        |b| basics::fish(b, 4),
        |b| basics::hidden_set(b, 4, false),
        wings::three_strong_links,
        |b| wings::als_wing(b, 3),
        uniqueness::bug,
        |b| wings::als_wing(b, 4),
        aligned::aligned_pair,
    ];
    for f in quick {
        if let Some(s) = f(b) {
            return Ok(Some(s));
        }
    }
    ctx.check()?;
    if let Some(s) = chaining::cycles_and_forcing_chains(b, ctx)? {
        return Ok(Some(s));
    }
    ctx.check()?;
    if let Some(s) = aligned::aligned_triple(b) {
        return Ok(Some(s));
    }
    chaining::multiple_forcing_chains(b, ctx)
}

/// Walks the path from `cells` (a puzzle with one solution, `NC` digits, 0 blank) until it is
/// solved or `each` returns false, and rates the steps walked.
pub(crate) fn walk(cells: &[u8], ctx: &mut Ctx, each: &mut dyn FnMut(&SeStep) -> bool) -> Result<SeRating, SeError> {
    let mut b = Board::new(cells);
    let mut r = SeRating { er: 0, ep: 0, ed: 0, hardest: Technique::HiddenSingleBox, steps: 0 };
    while !b.solved() {
        let Some(s) = next_step(&b, ctx)? else {
            return Err(SeError::BeyondDynamic);
        };
        if s.difficulty > r.er {
            r.er = s.difficulty;
            r.hardest = s.technique;
        }
        apply(&s, &mut b);
        if r.ep == 0 {
            if r.ed == 0 {
                r.ed = r.er;
            }
            if s.placed.is_some() {
                r.ep = r.er;
            }
        }
        r.steps += 1;
        if !each(&s) {
            break;
        }
    }
    Ok(r)
}
