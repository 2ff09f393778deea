//! The pg_sudoku engine: Sudoku grids of 4x4, 9x9, 16x16 and 25x25 cells, text parsing and
//! formatting, and a bit-parallel solver. No PostgreSQL inside: the `pg_sudoku` extension crate
//! maps this API to SQL, and `cargo test` / `cargo bench` run it on their own.
//!
//! Rows, columns and boxes are numbered from 1 in the public API; digits are `1..=n` and `0`
//! marks a blank cell.
//!
//! Each approach of the SQL articles the extension mirrors has one pure-SQL file and one module
//! here:
//!
//! | approach | SQL file | module |
//! | --- | --- | --- |
//! | recursive CTE filling the blanks | `sql/solve_sql.sql` | [`search`] (the CTE's tree as rows: [`views`]) |
//! | set-based loop over candidate bitmasks ("enclosed combos") | `sql/propagate_combo_sql.sql` | [`human::subsets`] |
//! | brute-force join of the 288 4x4 grids | `sql/grids_4x4_sql.sql` | [`search`] |
//! | Crook's algorithm (candidates, preemptive sets, hidden singles) | `sql/crook_sql.sql` | [`human`] |
//! | random complete grids from one recursive query | `sql/random_grid_sql.sql` | [`random`] |
//! | unique puzzles | — | [`generate`] |
// The rules of every key (constraints::every_key) are one json! literal, deeper than the default.
#![cfg_attr(test, recursion_limit = "256")]

pub mod board;
pub mod budget;
pub mod canonical;
pub mod generate;
pub mod geometry;
pub mod grid;
pub mod human;
pub mod neighbours;
pub mod picture;
pub mod random;
pub mod search;
pub mod variant;
pub mod views;

pub use grid::{Grid, GridError, Shape};
pub use search::{
    count_nine_with, count_solutions, count_solutions_with, propagate, propagate_with, solve, solve_into_with,
    solve_nine_packed_with, solve_nine_with, solve_with, Branching, Interrupted, Solutions, Techniques,
};
