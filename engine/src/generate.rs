//! Puzzles with exactly one solution, made by removing givens from a random complete grid.
//!
//! The classic digging method (the step the random-grid article leaves as "next"): draw a
//! complete grid, then visit the cells in random order and blank each one, together with its
//! partners under the requested symmetry, keeping the removal only while the puzzle still has
//! exactly one solution (for 9x9, no solution puts another digit in a removed cell; otherwise
//! a count of solutions stopped at 2). When every cell has been visited
//! the puzzle is minimal for its symmetry: putting back no given makes any removable set of
//! givens appear (fewer givens only ever allow more solutions), so with `Symmetry::None` no
//! given can be removed at all. With a target number of givens the digging stops once it is
//! reached; a grid that stays above it is replaced by a new one, within a bounded budget.
//!
//! Everything random comes from one `next_u32` stream (ChaCha8 for a seed, see
//! [`crate::random`]), including the order of the cells, so a seed gives the same puzzle on
//! every platform and release.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::grid::{Grid, GridError};
use crate::solver::{count_solutions_with, has_solution_without9, random_solution_with, solve_with, Interrupted};

/// The symmetry a puzzle's givens keep: a cell is a given exactly when its partners are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// No constraint: every given is removed on its own.
    None,
    /// 180° rotation about the centre: (r, c) with (n+1-r, n+1-c).
    Central,
    /// Reflection in the main diagonal: (r, c) with (c, r).
    Diagonal,
    /// Reflection in the vertical middle line: (r, c) with (r, n+1-c).
    Mirror,
    /// All eight symmetries of the square (rotations by 90° and the four reflections).
    Dihedral,
}

impl Symmetry {
    /// Every symmetry, in the order of their names in the docs.
    pub const ALL: [Symmetry; 5] =
        [Symmetry::None, Symmetry::Central, Symmetry::Diagonal, Symmetry::Mirror, Symmetry::Dihedral];

    /// The SQL name: `none`, `central`, `diagonal`, `mirror`, `dihedral`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Central => "central",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Mirror => "mirror",
            Symmetry::Dihedral => "dihedral",
        }
    }

    /// The symmetry of a name; `None` for another name.
    pub fn from_name(name: &str) -> Option<Symmetry> {
        Symmetry::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The cells (row-major indices from 0) a cell of an `n`x`n` grid is tied to, itself
    /// included, ascending and without repeats.
    pub fn orbit(self, n: usize, cell: usize) -> Vec<usize> {
        let (r, c) = (cell / n, cell % n);
        let m = n - 1;
        let images: Vec<(usize, usize)> = match self {
            Symmetry::None => vec![(r, c)],
            Symmetry::Central => vec![(r, c), (m - r, m - c)],
            Symmetry::Diagonal => vec![(r, c), (c, r)],
            Symmetry::Mirror => vec![(r, c), (r, m - c)],
            Symmetry::Dihedral => {
                vec![(r, c), (c, m - r), (m - r, m - c), (m - c, r), (c, r), (m - r, c), (m - c, m - r), (r, m - c)]
            }
        };
        let mut cells: Vec<usize> = images.into_iter().map(|(r, c)| r * n + c).collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// The orbits of every cell of an `n`x`n` grid, each once, ordered by their first cell.
    pub fn orbits(self, n: usize) -> Vec<Vec<usize>> {
        (0..n * n)
            .map(|cell| self.orbit(n, cell))
            .enumerate()
            .filter(|(cell, o)| o[0] == *cell)
            .map(|(_, o)| o)
            .collect()
    }
}

/// How many complete grids are dug before a target number of givens is declared unreachable.
pub const ATTEMPTS: u32 = 64;

/// The fewest givens a puzzle with one solution can have, where it is known: 4 for 4x4, 17
/// for 9x9 (McGuire, Tugemann and Civario, 2012).
pub fn known_minimum_givens(size: usize) -> Option<usize> {
    match size {
        4 => Some(4),
        9 => Some(17),
        _ => None,
    }
}

/// A generated puzzle, its solution, and how many complete grids were dug to reach it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    pub puzzle: Grid,
    pub solution: Grid,
    pub attempts: u32,
}

/// Why no puzzle was generated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenerateError {
    /// The size is not 4, 9, 16 or 25.
    Size(GridError),
    /// No attempt went down to `target` givens; the closest had `closest`.
    Unreachable { target: usize, closest: usize, attempts: u32 },
}

impl std::fmt::Display for GenerateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GenerateError::Size(e) => write!(f, "{e}"),
            GenerateError::Unreachable { target, closest, attempts } => write!(
                f,
                "no puzzle with one solution and at most {target} givens was found in {attempts} attempts \
                 (the closest had {closest})"
            ),
        }
    }
}

/// A puzzle with exactly one solution, from the random stream `next_u32`: see the module
/// documentation. `target_givens` stops the digging there (the result has at most that many
/// givens, and fewer only by part of one symmetric orbit); `None` digs to a minimal puzzle.
pub fn generate_with(
    size: usize,
    symmetry: Symmetry,
    target_givens: Option<usize>,
    next_u32: &mut dyn FnMut() -> u32,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Generated, GenerateError>, Interrupted> {
    let empty = match Grid::empty(size) {
        Ok(g) => g,
        Err(e) => return Ok(Err(GenerateError::Size(e))),
    };
    if let (Some(target), Some(minimum)) = (target_givens, known_minimum_givens(size)) {
        if target < minimum {
            return Ok(Err(GenerateError::Unreachable { target, closest: minimum, attempts: 0 }));
        }
    }
    let orbits = symmetry.orbits(size);
    let mut closest = usize::MAX;
    for attempt in 1..=ATTEMPTS {
        let solution = random_complete_grid(&empty, next_u32, interrupt)?;
        let mut cells = solution.cells().to_vec();
        let mut order: Vec<usize> = (0..orbits.len()).collect();
        shuffle(&mut order, next_u32);
        let mut givens = cells.len();
        for &o in &order {
            if target_givens.is_some_and(|t| givens <= t) {
                break;
            }
            let orbit = &orbits[o];
            for &c in orbit {
                cells[c] = 0;
            }
            if stays_unique(&mut cells, &solution, orbit, interrupt)? {
                givens -= orbit.len();
            } else {
                for &c in orbit {
                    cells[c] = solution.cells()[c];
                }
            }
        }
        if target_givens.is_none_or(|t| givens <= t) {
            let puzzle = Grid::from_cells(&cells).expect("digging keeps a grid");
            return Ok(Ok(Generated { puzzle, solution, attempts: attempt }));
        }
        closest = closest.min(givens);
    }
    Ok(Err(GenerateError::Unreachable { target: target_givens.unwrap_or(0), closest, attempts: ATTEMPTS }))
}

/// [`generate_with`] from the ChaCha8 stream of `seed`: the same puzzle for the same seed.
pub fn generate_seeded(
    size: usize,
    seed: u64,
    symmetry: Symmetry,
    target_givens: Option<usize>,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Generated, GenerateError>, Interrupted> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    generate_with(size, symmetry, target_givens, &mut || rng.next_u32(), interrupt)
}

/// How many puzzles are generated and rated before a difficulty level is declared unreachable.
pub const LEVEL_ATTEMPTS: u32 = 200;

/// A puzzle as [`generate_with`] makes it whose [`crate::rate`] level is `level` (easy,
/// medium, hard, expert or extreme): puzzles are drawn from the one stream and rated until one
/// has that level, at most [`LEVEL_ATTEMPTS`]; `Ok(None)` when none did.
pub fn generate_level_with(
    size: usize,
    symmetry: Symmetry,
    target_givens: Option<usize>,
    level: &str,
    next_u32: &mut dyn FnMut() -> u32,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Option<Generated>, GenerateError>, Interrupted> {
    for _ in 0..LEVEL_ATTEMPTS {
        let g = match generate_with(size, symmetry, target_givens, next_u32, interrupt)? {
            Ok(g) => g,
            Err(e) => return Ok(Err(e)),
        };
        let rating = crate::rate::rate_with(&g.puzzle, interrupt)?.expect("a generated puzzle has one solution");
        if rating.level == level {
            return Ok(Ok(Some(g)));
        }
    }
    Ok(Ok(None))
}

/// [`generate_level_with`] from the ChaCha8 stream of `seed`.
pub fn generate_level_seeded(
    size: usize,
    seed: u64,
    symmetry: Symmetry,
    target_givens: Option<usize>,
    level: &str,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Option<Generated>, GenerateError>, Interrupted> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    generate_level_with(size, symmetry, target_givens, level, &mut || rng.next_u32(), interrupt)
}

/// Whether `cells`, a puzzle with the one solution `solution` from which the cells `removed`
/// have just been blanked, still has one solution. For 9x9, a second solution must differ
/// from `solution` in a removed cell: for each removed cell in turn, a search for a solution
/// with another digit there, the cells before it put back (so each search is smaller than the
/// last); these searches never have to find `solution` itself. Other sizes count solutions up
/// to 2. `cells` is left as it came.
fn stays_unique(
    cells: &mut [u8],
    solution: &Grid,
    removed: &[usize],
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<bool, Interrupted> {
    if solution.box_side() != 3 {
        let puzzle = Grid::from_cells(cells).expect("digging keeps a grid");
        return Ok(count_solutions_with(&puzzle, 2, interrupt)? == 1);
    }
    let mut unique = true;
    for &c in removed {
        let puzzle = Grid::from_cells(cells).expect("digging keeps a grid");
        let other = has_solution_without9(&puzzle, c, solution.cells()[c], interrupt)?;
        cells[c] = solution.cells()[c];
        if other {
            unique = false;
            break;
        }
    }
    for &c in removed {
        cells[c] = 0;
    }
    Ok(unique)
}

/// A random complete grid to dig from. For 9x9: boxes 1, 5 and 9 (which share no row or
/// column) filled with random permutations, completed by the solver's first solution, which
/// always exists; 9!^3 fillings give as many different grids, and it costs one fast solve
/// instead of a randomised search (about 5 against 80 µs). Other sizes: the randomised
/// search of [`random_solution_with`].
fn random_complete_grid(
    empty: &Grid,
    next_u32: &mut dyn FnMut() -> u32,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Grid, Interrupted> {
    if empty.size() != 9 {
        return Ok(random_solution_with(empty, next_u32, interrupt)?.expect("an empty grid has solutions"));
    }
    let mut cells = [0u8; 81];
    for b in [0, 4, 8] {
        let mut digits: Vec<usize> = (1..=9).collect();
        shuffle(&mut digits, next_u32);
        let (row, col) = (b / 3 * 3, b % 3 * 3);
        for (k, &d) in digits.iter().enumerate() {
            cells[(row + k / 3) * 9 + col + k % 3] = d as u8;
        }
    }
    let start = Grid::from_cells(&cells).expect("three boxes of digits make a grid");
    Ok(solve_with(&start, interrupt)?.expect("boxes 1, 5 and 9 always complete to a grid"))
}

/// Fisher-Yates with `next_u32`, so the order depends on nothing but the stream.
fn shuffle(items: &mut [usize], next_u32: &mut dyn FnMut() -> u32) {
    for i in (1..items.len()).rev() {
        let j = (next_u32() as u64 * (i as u64 + 1) >> 32) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::count_solutions;

    fn never() -> bool {
        false
    }

    #[test]
    fn orbits_partition_the_grid() {
        for n in [4, 9, 16] {
            for s in Symmetry::ALL {
                let orbits = s.orbits(n);
                let mut seen = vec![0; n * n];
                for o in &orbits {
                    for &c in o {
                        seen[c] += 1;
                        assert_eq!(&s.orbit(n, c), o, "{s:?} {n}: orbit of {c}");
                    }
                }
                assert!(seen.iter().all(|&k| k == 1), "{s:?} {n}");
            }
        }
        assert_eq!(Symmetry::Central.orbits(9).len(), 41);
        assert_eq!(Symmetry::Dihedral.orbit(9, 0), vec![0, 8, 72, 80]);
        assert_eq!(Symmetry::from_name("mirror"), Some(Symmetry::Mirror));
        assert_eq!(Symmetry::from_name("radial"), None);
    }

    #[test]
    fn minimal_unique_symmetric_and_reproducible() {
        for size in [4, 9] {
            for s in Symmetry::ALL {
                for seed in 0..5 {
                    let g = generate_seeded(size, seed, s, None, &mut never).unwrap().unwrap();
                    assert_eq!(g, generate_seeded(size, seed, s, None, &mut never).unwrap().unwrap());
                    assert_eq!(count_solutions(&g.puzzle, 2), 1, "{size} {s:?} {seed}");
                    assert!(g.puzzle.is_solved_by(&g.solution));
                    let cells = g.puzzle.cells();
                    for o in s.orbits(size) {
                        let filled = o.iter().filter(|&&c| cells[c] != 0).count();
                        assert!(filled == 0 || filled == o.len(), "{s:?}: orbit {o:?} half filled");
                        if filled == o.len() {
                            let mut fewer = cells.to_vec();
                            for &c in &o {
                                fewer[c] = 0;
                            }
                            let fewer = Grid::from_cells(&fewer).unwrap();
                            assert!(count_solutions(&fewer, 2) > 1, "{size} {s:?} {seed}: orbit {o:?} is redundant");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn levels_are_met_or_reported() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let g = generate_level_with(9, Symmetry::Central, None, "easy", &mut || rng.next_u32(), &mut never)
            .unwrap()
            .unwrap()
            .expect("easy puzzles are common");
        assert_eq!(crate::rate::rate_with(&g.puzzle, &mut never).unwrap().unwrap().level, "easy");
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let none = generate_level_with(4, Symmetry::None, None, "extreme", &mut || rng.next_u32(), &mut never);
        assert_eq!(none.unwrap().unwrap(), None, "4x4 puzzles need no chains or guesses");
    }

    #[test]
    fn target_givens_and_unreachable_targets() {
        let g = generate_seeded(9, 3, Symmetry::Central, Some(32), &mut never).unwrap().unwrap();
        assert!((31..=32).contains(&g.puzzle.givens()), "{}", g.puzzle.givens());
        assert_eq!(count_solutions(&g.puzzle, 2), 1);
        assert!(matches!(
            generate_seeded(9, 3, Symmetry::None, Some(16), &mut never).unwrap(),
            Err(GenerateError::Unreachable { target: 16, .. })
        ));
        assert!(matches!(
            generate_seeded(5, 3, Symmetry::None, None, &mut never).unwrap(),
            Err(GenerateError::Size(_))
        ));
    }
}
