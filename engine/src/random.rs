//! Random complete grids, reproducible from a seed.
//!
//! The draw fills an empty grid by the solver's depth-first search with the digits of each
//! branching cell tried in random order. Every complete grid can be drawn, but not with equal
//! probability: a grid's chance depends on the shape of the search tree around it (as with the
//! backtracking recursive query of the articles). The seeded stream is ChaCha8 (`rand_chacha`),
//! whose output is fixed for a seed across platforms and releases, and the digit choice uses
//! only `next_u32`, so a seed gives the same grid wherever it runs.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::grid::{Grid, GridError};
use crate::search::{random_solution_with, Interrupted};

/// A random complete grid of `size` (4, 9, 16 or 25) drawn with `rng`.
pub fn random_grid_with(
    size: usize,
    rng: &mut impl Rng,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Grid, GridError>, Interrupted> {
    let empty = match Grid::empty(size) {
        Ok(g) => g,
        Err(e) => return Ok(Err(e)),
    };
    let grid = random_solution_with(&empty, &mut || rng.next_u32(), interrupt)?;
    Ok(Ok(grid.expect("an empty grid has solutions")))
}

/// The random complete grid of `size` for `seed`: the same for the same seed, everywhere.
pub fn random_grid_seeded(
    size: usize,
    seed: u64,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Grid, GridError>, Interrupted> {
    random_grid_with(size, &mut ChaCha8Rng::seed_from_u64(seed), interrupt)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn never() -> bool {
        false
    }

    #[test]
    fn seeds_reproduce_and_differ() {
        for size in [4, 9, 16, 25] {
            let a = random_grid_seeded(size, 7, &mut never).unwrap().unwrap();
            let b = random_grid_seeded(size, 7, &mut never).unwrap().unwrap();
            assert_eq!(a, b);
            assert!(a.is_solved());
            let c = random_grid_seeded(size, 8, &mut never).unwrap().unwrap();
            assert!(c.is_solved());
            assert_ne!(a, c, "{size}x{size}: seeds 7 and 8 drew the same grid");
        }
        assert!(random_grid_seeded(3, 1, &mut never).unwrap().is_err());
        assert!(random_grid_seeded(5, 1, &mut never).unwrap().unwrap().is_solved());
    }

    #[test]
    fn ten_thousand_seeds_give_distinct_valid_grids() {
        let mut seen = std::collections::HashSet::new();
        for seed in 0..10_000u64 {
            let g = random_grid_seeded(9, seed, &mut never).unwrap().unwrap();
            assert!(g.is_solved());
            seen.insert(g);
        }
        assert_eq!(seen.len(), 10_000);
    }

    #[test]
    fn every_4x4_grid_is_reachable() {
        let mut seen = std::collections::HashSet::new();
        for seed in 0..20_000u64 {
            seen.insert(random_grid_seeded(4, seed, &mut never).unwrap().unwrap());
        }
        assert_eq!(seen.len(), 288);
    }
}
