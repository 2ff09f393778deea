//! The pg_sudoku engine: Sudoku grids of 4x4, 9x9, 16x16 and 25x25 cells, text parsing and
//! formatting, and a bit-parallel solver. No PostgreSQL inside: the `pg_sudoku` extension crate
//! maps this API to SQL, and `cargo test` / `cargo bench` run it on their own.
//!
//! Rows, columns and boxes are numbered from 1 in the public API; digits are `1..=n` and `0`
//! marks a blank cell.

mod fast9;
pub mod generate;
pub mod geometry;
pub mod grid;
pub mod random;
pub mod rate;
pub mod solver;
pub mod subsets;
pub mod trace;
pub mod views;

pub use grid::{Grid, GridError};
pub use solver::{
    count_solutions, count_solutions_with, propagate, propagate_with, solve, solve_with, Branching, Interrupted,
    Solutions, Techniques,
};
