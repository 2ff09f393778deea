//! Puzzles for variant rules: the digging method of [`crate::generate`] under a [`Layout`],
//! and killer puzzles whose cages are drawn from the solution.
//!
//! - X, windoku, jigsaw (and any rules with fixed cages): draw a solution of the empty grid
//!   under the rules, then visit the cells in random order, blanking each with its partners
//!   under the symmetry while the puzzle keeps one solution (a count of solutions stopped at 2).
//!   The symmetry is that of the givens' pattern; it holds whatever the regions.
//! - Killer: draw a solution under the rules without cages, cut it into cages (a cell not yet
//!   in a cage starts one, of 1 to 5 cells drawn at random; the cage grows into a random
//!   neighbouring free cell whose digit it does not hold yet, until it has its size or no such
//!   cell is left), each cage's sum being its digits' sum. The puzzle has no givens when the
//!   cages alone leave one solution (up to [`KILLER_TRIES`] cuttings are tried); otherwise
//!   givens of the solution are added where a second solution differs until one is left, and
//!   then each is taken out again when one solution remains without it.
//!
//! Everything random comes from one `next_u32` stream (ChaCha8 for a seed).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::rules::{Cage, Layout, Rules, RulesError};
use super::solve::{count_solutions_with, random_solution_with};
use crate::generate::{shuffle, Symmetry};
use crate::grid::{Grid, Shape};
use crate::search::differs_at;
use crate::search::Interrupted;

/// Cuttings into cages tried for a killer puzzle without givens before givens are added.
pub const KILLER_TRIES: usize = 4;

/// A generated variant puzzle: the givens, the rules (with the cages drawn, for killer), and the
/// one solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantPuzzle {
    pub puzzle: Grid,
    pub rules: Rules,
    pub solution: Grid,
}

/// A puzzle of `shape` (any size from 4 to 25) with one solution under `rules`, reproducible from
/// `seed`; with `killer`, cages are drawn too (then `rules` must have none). `Err` for rules
/// that do not fit the size, or cages given with `killer`.
pub fn generate_seeded(
    shape: Shape,
    rules: &Rules,
    killer: bool,
    symmetry: Symmetry,
    seed: u64,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<VariantPuzzle, RulesError>, Interrupted> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    generate_with(shape, rules, killer, symmetry, &mut || rng.next_u32(), interrupt)
}

/// [`generate_seeded`] drawing from `next_u32`.
pub fn generate_with(
    shape: Shape,
    rules: &Rules,
    killer: bool,
    symmetry: Symmetry,
    next_u32: &mut dyn FnMut() -> u32,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<VariantPuzzle, RulesError>, Interrupted> {
    if killer && !rules.cages.is_empty() {
        return Ok(Err(RulesError("a killer puzzle draws its own cages: give rules without \"cages\"".into())));
    }
    let size = shape.n();
    let lay = match rules.layout_of(shape) {
        Ok(l) => l,
        Err(e) => return Ok(Err(e)),
    };
    let empty = Grid::empty_shaped(shape);
    let Some(solution) = random_solution_with(&empty, &lay, next_u32, interrupt)? else {
        return Ok(Err(RulesError("no grid follows these rules".into())));
    };
    if !killer {
        let puzzle = dig(&lay, &solution, symmetry, next_u32, interrupt)?;
        return Ok(Ok(VariantPuzzle { puzzle, rules: rules.clone(), solution }));
    }
    let mut best: Option<(Rules, Layout)> = None;
    for _ in 0..KILLER_TRIES {
        let mut with_cages = rules.clone();
        with_cages.cages = cut_into_cages(size, solution.cells(), next_u32);
        let caged = with_cages.layout_of(shape).expect("cages of a solution fit");
        if count_solutions_with(&empty, &caged, 2, interrupt)? == 1 {
            return Ok(Ok(VariantPuzzle { puzzle: empty, rules: with_cages, solution }));
        }
        best = Some((with_cages, caged));
    }
    let (with_cages, caged) = best.expect("at least one try");
    let puzzle = fewest_givens(&caged, &solution, interrupt)?;
    Ok(Ok(VariantPuzzle { puzzle, rules: with_cages, solution }))
}

/// A uniform draw in `0..n`.
fn below(next_u32: &mut dyn FnMut() -> u32, n: usize) -> usize {
    ((next_u32() as u64 * n as u64) >> 32) as usize
}

/// The cells in a random order ([`shuffle`], the classic generator's).
fn shuffled(cells: usize, next_u32: &mut dyn FnMut() -> u32) -> Vec<usize> {
    let mut order: Vec<usize> = (0..cells).collect();
    shuffle(&mut order, next_u32);
    order
}

/// Search nodes a digging test may take; a test without an answer within them keeps the givens.
pub const PROBE_NODES: u64 = 20_000;

/// The solution with givens blanked in random order while one solution remains: a cell (with
/// its partners) stays blank when no solution differs from `solution` in one of them
/// ([`differs_at`], within [`PROBE_NODES`]).
fn dig(
    lay: &Layout,
    solution: &Grid,
    symmetry: Symmetry,
    next_u32: &mut dyn FnMut() -> u32,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Grid, Interrupted> {
    let n = lay.n;
    let known = solution.cells();
    let mut cells = known.to_vec();
    for cell in shuffled(n * n, next_u32) {
        if cells[cell] == 0 {
            continue;
        }
        let orbit = symmetry.orbit(n, cell);
        let mut trial = cells.clone();
        for &c in &orbit {
            trial[c] = 0;
        }
        let mut unique = true;
        for &c in &orbit {
            // No answer within the budget counts as another solution: the given stays.
            if differs_at(&trial, lay, known, c, PROBE_NODES, &mut 0, interrupt)? != Some(false) {
                unique = false;
                break;
            }
        }
        if unique {
            cells = trial;
        }
    }
    Ok(Grid::from_cells(&cells).expect("a grid"))
}

/// Cages of 1 to 5 connected cells covering the grid, each of distinct digits of `solution`.
fn cut_into_cages(n: usize, solution: &[u8], next_u32: &mut dyn FnMut() -> u32) -> Vec<Cage> {
    let mut taken = vec![false; n * n];
    let mut cages = Vec::new();
    for start in shuffled(n * n, next_u32) {
        if taken[start] {
            continue;
        }
        // Sizes 1-5, two to four cells most often.
        let size = [1, 2, 2, 3, 3, 3, 4, 4, 5][below(next_u32, 9)];
        let mut cage = vec![start];
        taken[start] = true;
        let mut digits = 1u32 << solution[start];
        while cage.len() < size {
            let mut free = Vec::new();
            for &c in &cage {
                let (r, k) = (c / n, c % n);
                let next = [
                    (r > 0).then(|| c - n),
                    (r + 1 < n).then(|| c + n),
                    (k > 0).then(|| c - 1),
                    (k + 1 < n).then(|| c + 1),
                ];
                for x in next.into_iter().flatten() {
                    if !taken[x] && digits >> solution[x] & 1 == 0 && !free.contains(&x) {
                        free.push(x);
                    }
                }
            }
            if free.is_empty() {
                break;
            }
            free.sort_unstable();
            let x = free[below(next_u32, free.len())];
            taken[x] = true;
            digits |= 1 << solution[x];
            cage.push(x);
        }
        cage.sort_unstable();
        let sum = cage.iter().map(|&c| solution[c] as u32).sum();
        cages.push(Cage { sum, cells: cage.iter().map(|&c| ((c / n + 1) as u32, (c % n + 1) as u32)).collect() });
    }
    cages.sort_by_key(|c| c.cells[0]);
    cages
}

/// Givens of `solution` that leave one solution under `lay`: added where a second solution
/// differs from it (its first differing cell) until none is left, then each dropped again when
/// one solution remains without it.
fn fewest_givens(lay: &Layout, solution: &Grid, interrupt: &mut dyn FnMut() -> bool) -> Result<Grid, Interrupted> {
    let sol = solution.cells();
    let mut cells = vec![0u8; sol.len()];
    loop {
        let g = Grid::from_cells(&cells).expect("a grid");
        match other_solution(&g, lay, sol, interrupt)? {
            None => break,
            Some(other) => {
                let at = (0..sol.len()).find(|&c| other[c] != sol[c]).expect("another solution differs");
                cells[at] = sol[at];
            }
        }
    }
    for c in 0..sol.len() {
        if cells[c] == 0 {
            continue;
        }
        let mut trial = cells.clone();
        trial[c] = 0;
        if count_solutions_with(&Grid::from_cells(&trial).expect("a grid"), lay, 2, interrupt)? == 1 {
            cells = trial;
        }
    }
    Ok(Grid::from_cells(&cells).expect("a grid"))
}

/// A solution of `grid` under `lay` other than `known`, if any (of the first two found).
fn other_solution(
    grid: &Grid,
    lay: &Layout,
    known: &[u8],
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Option<Vec<u8>>, Interrupted> {
    for s in super::solve::solutions_with(grid, lay, 2, interrupt)? {
        if s.cells() != known {
            return Ok(Some(s.cells().to_vec()));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn never() -> bool {
        false
    }

    #[test]
    fn variant_puzzles_are_unique_and_reproducible() {
        let jigsaw: String =
            std::fs::read_to_string(format!("{}/../data/variants/jigsaw_janko.tsv", env!("CARGO_MANIFEST_DIR")))
                .unwrap()
                .lines()
                .next()
                .unwrap()
                .split('\t')
                .nth(1)
                .unwrap()
                .to_string();
        let jigsaw = Rules::from_json(&serde_json::from_str(&jigsaw).unwrap()).unwrap();
        let all = [
            (9, Rules { diagonals: true, ..Rules::default() }, false),
            (9, Rules { windows: true, ..Rules::default() }, false),
            (9, jigsaw, false),
            (9, Rules::default(), true),
            (4, Rules { diagonals: true, ..Rules::default() }, false),
        ];
        for (size, rules, killer) in all {
            for seed in 0..3 {
                let p =
                    generate_seeded(Shape::of_size(size).unwrap(), &rules, killer, Symmetry::Central, seed, &mut never)
                        .unwrap()
                        .unwrap();
                let lay = p.rules.layout(size).unwrap();
                assert!(lay.is_solved(p.solution.cells()), "{rules:?} seed {seed}");
                assert!(p.puzzle.cells().iter().zip(p.solution.cells()).all(|(&g, &s)| g == 0 || g == s));
                assert_eq!(count_solutions_with(&p.puzzle, &lay, 2, &mut never).unwrap(), 1, "{rules:?} seed {seed}");
                let again =
                    generate_seeded(Shape::of_size(size).unwrap(), &rules, killer, Symmetry::Central, seed, &mut never)
                        .unwrap()
                        .unwrap();
                assert_eq!(p, again);
                if killer {
                    assert!(p.rules.cages.iter().all(|c| (1..=5).contains(&c.cells.len())));
                    assert_eq!(p.rules.cages.iter().map(|c| c.cells.len()).sum::<usize>(), 81);
                } else {
                    // Central symmetry of the givens.
                    let c = p.puzzle.cells();
                    assert!((0..c.len()).all(|i| (c[i] == 0) == (c[c.len() - 1 - i] == 0)));
                }
            }
        }
        assert!(generate_seeded(
            Shape::of_size(9).unwrap(),
            &Rules { cages: vec![Cage { sum: 3, cells: vec![(1, 1), (1, 2)] }], ..Rules::default() },
            true,
            Symmetry::None,
            1,
            &mut never
        )
        .unwrap()
        .is_err());
    }

    /// The digging test ([`differs_at`] on each blanked cell) says what a count of solutions
    /// says: on X puzzles, blanking any given (with its partner) of the result leaves two
    /// solutions, and the probe finds one of them.
    #[test]
    fn probes_agree_with_counting() {
        let rules = Rules { diagonals: true, ..Rules::default() };
        let lay = rules.layout(9).unwrap();
        for seed in 0..3 {
            let p = generate_seeded(Shape::of_size(9).unwrap(), &rules, false, Symmetry::Central, seed, &mut never)
                .unwrap()
                .unwrap();
            let c = p.puzzle.cells().to_vec();
            for i in (0..81).filter(|&i| c[i] != 0) {
                let mut t = c.clone();
                for &o in &Symmetry::Central.orbit(9, i) {
                    t[o] = 0;
                }
                let g = Grid::from_cells(&t).unwrap();
                let two = count_solutions_with(&g, &lay, 2, &mut never).unwrap() == 2;
                let differs = Symmetry::Central.orbit(9, i).iter().any(|&o| {
                    differs_at(g.cells(), &lay, p.solution.cells(), o, u64::MAX, &mut 0, &mut never).unwrap()
                        == Some(true)
                });
                assert!(two && differs, "seed {seed}, cell {i}");
            }
        }
    }
}
