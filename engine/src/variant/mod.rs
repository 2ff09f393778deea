//! Sudoku variants as data: X (diagonals), windoku (windows), jigsaw (regions) and killer
//! (cages) Sudoku.
//!
//! After the set-based SQL articles, a variant is only more units: [`Rules`] name them, a
//! [`Layout`] lists them for one grid size (every unit's cells, every cell's peers, each cage's
//! digit combinations), and [`solve`] searches under it. The classic grid keeps its own fast
//! solvers; these serve every other set of rules, on every grid size.

pub mod constraints;
pub mod fpuzzles;
pub mod generate;
pub mod rules;
pub mod solve;

pub use generate::{generate_seeded, generate_with, VariantPuzzle};
pub use rules::{combinations, Cage, Layout, Rules, RulesError, RulesSyntaxError, UnitKind};
pub use solve::{
    candidates, candidates_with, count_solutions_with, random_solution_with, solutions_with, solve_with,
    true_candidates_with,
};
