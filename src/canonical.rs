//! Canonical forms as SQL functions: `sudoku.canonical`, `sudoku.is_equivalent` and
//! `sudoku.transform` over `sudoku_engine::canonical`.

use pgrx::pg_sys::errcodes::PgSqlErrorCode;
use pgrx::prelude::*;
use sudoku_engine::canonical::{
    canonical_with, is_equivalent_with, transform_seeded, CanonicalError, STATE_LIMIT, WORK_LIMIT,
};

use crate::functions::interrupts;
use crate::grid_type::Grid;

/// Raises the SQL error of a canonical form search that did not finish: `57014` for a cancel
/// or timeout (PostgreSQL raises it itself through the interrupt hook), `54000` when the search
/// would keep more partial transformations, or do more work, than its limits.
fn failed(e: CanonicalError) -> ! {
    match e {
        CanonicalError::Interrupted => {
            ereport!(ERROR, PgSqlErrorCode::ERRCODE_QUERY_CANCELED, "canceling the canonical form search");
        }
        CanonicalError::TooManyTies => {
            ereport!(
                ERROR,
                PgSqlErrorCode::ERRCODE_PROGRAM_LIMIT_EXCEEDED,
                format!(
                    "the canonical form search would keep more than {STATE_LIMIT} tied transformations \
                     or take more than {WORK_LIMIT} steps"
                ),
                "No valid grid is known to need that many; large grids that repeat a digit in a row or column can."
            );
        }
        CanonicalError::Shape(shape) => {
            ereport!(
                ERROR,
                PgSqlErrorCode::ERRCODE_FEATURE_NOT_SUPPORTED,
                format!("canonical forms are of grids of square boxes (4x4, 9x9, 16x16, 25x25), not of {shape} boxes"),
                "sudoku.transform takes every shape."
            );
        }
    }
}

/// The minlex form of `grid` (`sudoku_engine::canonical`).
// COST 2000: 10 µs a call on 17_clue (9.4 µs a puzzle, 9.2 µs a solution grid, scripts/bench.sh --engine,
// plus about 1 µs of call overhead), in units of 5 ns (docs/canonical.md "Canonical forms").
#[pg_extern(immutable, strict, parallel_safe, cost = 2000)]
fn canonical(grid: Grid) -> Grid {
    canonical_with(&grid.0, &mut interrupts()).map(Grid).unwrap_or_else(|e| failed(e))
}

/// True when `grid` and `other` are the same puzzle up to relabelling, transposition and the
/// row and column permutations that keep bands and stacks; false for grids of different sizes.
// COST 4000: two canonical forms.
#[pg_extern(immutable, strict, parallel_safe, cost = 4000)]
fn is_equivalent(grid: Grid, other: Grid) -> bool {
    is_equivalent_with(&grid.0, &other.0, &mut interrupts()).unwrap_or_else(|e| failed(e))
}

/// A random grid equivalent to `grid`, the same for the same seed.
// COST 320: 1.6 µs a call on 17_clue through SQL (count(sudoku.transform(p, 1)) less count(p), one core), in
// units of 5 ns.
#[pg_extern(immutable, strict, parallel_safe, cost = 320)]
fn transform(grid: Grid, seed: i64) -> Grid {
    Grid(transform_seeded(&grid.0, seed as u64))
}
