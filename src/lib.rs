//! pg_sudoku: the `sudoku` schema of PostgreSQL objects over the `sudoku-engine` crate.
//!
//! This crate is a thin layer of SQL bindings: the grid type (`grid_type`), the solver and
//! accessors (`functions`), and the operators' schema and SQL comments (`sql/finalize.sql`). The algorithms live in
//! the engine crate (`engine/`).

use pgrx::prelude::*;

mod functions;
mod generate;
mod grid_type;
mod rows;
mod views;

::pgrx::pg_module_magic!(name, version);

// Pure-SQL versions of the articles' approaches, next to their native twins.
extension_sql_file!("../sql/grids_4x4_sql.sql", name = "grids_4x4_sql", requires = ["concrete_type"]);
extension_sql_file!("../sql/solve_sql.sql", name = "solve_sql", requires = ["casts", functions::size]);
extension_sql_file!(
    "../sql/propagate_combo_sql.sql",
    name = "propagate_combo_sql",
    requires = ["casts", functions::size]
);
extension_sql_file!("../sql/crook_sql.sql", name = "crook_sql", requires = ["casts", "view_types", functions::size]);
extension_sql_file!("../sql/random_grid_sql.sql", name = "random_grid_sql", requires = ["casts"]);
extension_sql_file!(
    "../sql/compare.sql",
    name = "compare",
    requires = ["solve_sql", "propagate_combo_sql", "crook_sql"]
);

extension_sql_file!("../sql/finalize.sql", finalize);

#[cfg(any(test, feature = "pg_test"))]
mod pg_tests;

/// Required by `cargo pgrx test`.
#[cfg(test)]
pub mod pg_test {
    pub fn setup(_options: Vec<&str>) {}

    pub fn postgresql_conf_options() -> Vec<&'static str> {
        vec![]
    }
}
