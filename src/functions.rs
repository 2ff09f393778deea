//! The solver and accessors of `sudoku.grid`, as SQL functions in schema `sudoku`.

use pgrx::pg_sys::errcodes::PgSqlErrorCode;
use pgrx::prelude::*;
use sudoku_engine::{count_solutions_with, solve_with, Interrupted};

use crate::grid_type::{invalid_parameter, Grid};

/// The interrupt hook handed to engine searches: honours query cancel and `statement_timeout`
/// (raising `57014`) by letting PostgreSQL process pending interrupts.
pub fn interrupts() -> impl FnMut() -> bool {
    || {
        pgrx::check_for_interrupts!();
        false
    }
}

/// The outcome of an engine search run with [`interrupts`]. That hook raises PostgreSQL's own
/// error before the engine can stop, so `Interrupted` is not expected; should it come, it is
/// reported as the cancel it stands for (`57014`).
pub fn searched<T>(outcome: Result<T, Interrupted>) -> T {
    match outcome {
        Ok(value) => value,
        Err(_) => {
            ereport!(ERROR, PgSqlErrorCode::ERRCODE_QUERY_CANCELED, "canceling the Sudoku search");
        }
    }
}

/// The solution, or NULL when there is none (conflicting givens included). With several
/// solutions, the first in the engine's documented search order.
#[pg_extern(immutable, strict, parallel_safe)]
fn solve(grid: Grid) -> Option<Grid> {
    searched(solve_with(&grid.0, &mut interrupts())).map(Grid)
}

/// The number of solutions, counting stops at `max` (at least 1).
#[pg_extern(immutable, strict, parallel_safe)]
fn count_solutions(grid: Grid, max: default!(i32, 2)) -> i32 {
    if max < 1 {
        invalid_parameter(format!("max must be at least 1, not {max}"));
    }
    searched(count_solutions_with(&grid.0, max as u64, &mut interrupts())) as i32
}

/// True when the grid has exactly one solution.
#[pg_extern(immutable, strict, parallel_safe)]
fn is_unique(grid: Grid) -> bool {
    searched(count_solutions_with(&grid.0, 2, &mut interrupts())) == 1
}

/// True when no two equal givens share a row, column or box.
#[pg_extern(immutable, strict, parallel_safe)]
fn is_valid(grid: Grid) -> bool {
    grid.0.is_valid()
}

/// True when every cell is filled and every unit holds each digit once.
#[pg_extern(immutable, strict, parallel_safe)]
fn is_solved(grid: Grid) -> bool {
    grid.0.is_solved()
}

/// The multi-line display: `735|812|694` rows, `---+---+---` between bands.
#[pg_extern(immutable, strict, parallel_safe)]
fn pretty(grid: Grid) -> String {
    grid.0.pretty()
}

/// The grid size: 4, 9, 16 or 25.
#[pg_extern(immutable, strict, parallel_safe)]
pub(crate) fn size(grid: Grid) -> i32 {
    grid.0.size() as i32
}

/// The number of givens (filled cells).
#[pg_extern(immutable, strict, parallel_safe)]
fn givens(grid: Grid) -> i32 {
    grid.0.givens() as i32
}

/// The digit at 1-based `row`, `col`; NULL for a blank; `22023` outside the grid.
#[pg_extern(immutable, strict, parallel_safe)]
fn get(grid: Grid, row: i32, col: i32) -> Option<i32> {
    match grid.0.get(row as i64, col as i64) {
        Ok(v) => v.map(i32::from),
        Err(e) => crate::grid_type::raise(&e),
    }
}
