//! Puzzles with exactly one solution, made by removing givens from a random complete grid.
//!
//! The classic digging method (the step the random-grid article leaves as "next"): draw a
//! complete grid, then visit the cells in random order and blank each one, together with its
//! partners under the requested symmetry, keeping the removal only while the puzzle still has
//! exactly one solution: no solution puts another digit in a removed cell, which a search from
//! the givens asks of each removed cell (its propagation, the solver's, settles most of them
//! without branching). When every cell has been visited
//! the puzzle is minimal for its symmetry: putting back no given makes any removable set of
//! givens appear (fewer givens only ever allow more solutions), so with `Symmetry::None` no
//! given can be removed at all. With a target number of givens the digging stops once it is
//! reached; a grid that stays above it is replaced by a new one, within a bounded budget.
//!
//! Everything random comes from one `next_u32` stream (ChaCha8 for a seed, see
//! [`crate::random`]), including the order of the cells, so a seed gives the same puzzle on
//! every platform and release.

use std::sync::OnceLock;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::grid::{Grid, GridError, Shape};
use crate::search::fast9::{first_solution, Board, Stack};
use crate::search::{
    count_solutions_with, differs_at, differs_from, random_solution_with, Interrupted, Placements, INTERRUPT_EVERY,
};
use crate::variant::Layout;

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

    /// [`Symmetry::orbits`], computed once per symmetry and size (4 to 25).
    fn cached_orbits(self, n: usize) -> &'static [Vec<usize>] {
        static CACHE: [[OnceLock<Vec<Vec<usize>>>; 26]; 5] = [const { [const { OnceLock::new() }; 26] }; 5];
        let size = n;
        let symmetry = Symmetry::ALL.iter().position(|&s| s == self).expect("a symmetry");
        CACHE[symmetry][size].get_or_init(|| self.orbits(n))
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
pub fn known_minimum_givens(shape: Shape) -> Option<usize> {
    match (shape.box_rows(), shape.box_cols()) {
        (2, 2) => Some(4),
        (3, 3) => Some(17),
        // 6x6 of 2x3 or 3x2 boxes: 8 (an exhaustive search, G. McGuire's group and others).
        (2, 3) | (3, 2) => Some(8),
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
    /// No attempt went down to `target` givens; the closest had `closest`. With no attempt at
    /// all, `target` is below the known minimum, `closest`.
    Unreachable { target: usize, closest: usize, attempts: u32 },
    /// No attempt ended at the requested level ([`generate_level_with`] returns `None`).
    NoLevel { attempts: u32 },
}

impl std::fmt::Display for GenerateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GenerateError::Size(e) => write!(f, "{e}"),
            GenerateError::Unreachable { target, closest, attempts: 0 } => write!(
                f,
                "no puzzle with one solution has at most {target} givens: at least {closest} are needed for this size"
            ),
            GenerateError::NoLevel { attempts } => {
                write!(f, "no puzzle of the requested level was found in {attempts} attempts")
            }
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
    shape: Shape,
    symmetry: Symmetry,
    target_givens: Option<usize>,
    next_u32: &mut dyn FnMut() -> u32,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Generated, GenerateError>, Interrupted> {
    dig_grids(shape, symmetry, target_givens, None, Digger::for_shape(shape), next_u32, interrupt)
}

/// How [`dig_grids`] tests a removal; all three reach the same puzzles (the tests compare them).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Digger {
    /// [`Dig9`] (9x9 only).
    Fast9,
    /// The cheap refusal of [`Quick`], then a search for a solution with another digit in each
    /// removed cell ([`Quick::no_other_solution`]).
    Quick,
    /// [`Digger::Quick`] with each probe started from the cells ([`differs_at`]) instead of the
    /// placements: the same answers in the same nodes, so the same puzzles even where the 25x25
    /// budgets count the nodes.
    #[cfg_attr(not(test), allow(dead_code))]
    Cells,
    /// A count of solutions stopped at 2 for every removal.
    #[cfg_attr(not(test), allow(dead_code))]
    Plain,
}

impl Digger {
    /// How generation tests removals on an `size`x`size` grid: [`Digger::Fast9`] for 9x9,
    /// [`Digger::Quick`] otherwise.
    fn for_shape(shape: Shape) -> Digger {
        if shape == Shape::NINE {
            Digger::Fast9
        } else {
            Digger::Quick
        }
    }
}

/// [`generate_with`] with the given way of testing removals.
fn dig_grids(
    shape: Shape,
    symmetry: Symmetry,
    target_givens: Option<usize>,
    band: Option<(u32, u32)>,
    digger: Digger,
    next_u32: &mut dyn FnMut() -> u32,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Generated, GenerateError>, Interrupted> {
    let size = shape.n();
    let empty = Grid::empty_shaped(shape);
    if let (Some(target), Some(minimum)) = (target_givens, known_minimum_givens(shape)) {
        if target < minimum {
            return Ok(Err(GenerateError::Unreachable { target, closest: minimum, attempts: 0 }));
        }
    }
    let orbits = symmetry.cached_orbits(size);
    let mut closest = usize::MAX;
    let attempts = if band.is_some() { LEVEL_ATTEMPTS } else { ATTEMPTS };
    for attempt in 1..=attempts {
        let solution = random_complete_grid(&empty, next_u32, interrupt)?;
        let mut cells = solution.cells().to_vec();
        let mut order: Vec<usize> = (0..orbits.len()).collect();
        shuffle(&mut order, next_u32);
        let mut givens = cells.len();
        let mut spent = 0u64;
        if digger == Digger::Fast9 {
            givens = Dig9::new(solution.cells(), &orbits, &order).dig(&mut cells, target_givens, band, interrupt)?;
        }
        let mut quick = matches!(digger, Digger::Quick | Digger::Cells)
            .then(|| Quick::new(shape, solution.cells(), orbits, &order));
        for (t, &o) in order.iter().enumerate().filter(|_| digger != Digger::Fast9) {
            if target_givens.is_some_and(|t| givens <= t) {
                break;
            }
            let orbit = &orbits[o];
            for &c in orbit {
                cells[c] = 0;
            }
            let unique = match &mut quick {
                Some(q) if q.refused(&cells, orbit) => false,
                Some(q) => {
                    let from_cells = digger == Digger::Cells;
                    q.no_other_solution(t, &mut cells, solution.cells(), orbit, from_cells, &mut spent, interrupt)?
                }
                None => stays_unique(&cells, interrupt)?,
            } && within_band(shape, &cells, band, interrupt)?;
            if unique {
                givens -= orbit.len();
            } else {
                for &c in orbit {
                    cells[c] = solution.cells()[c];
                }
                if let Some(q) = &mut quick {
                    q.kept.extend_from_slice(orbit);
                }
            }
        }
        if target_givens.is_none_or(|t| givens <= t) {
            let puzzle = Grid::from_cells_shaped(shape, &cells).expect("digging keeps a grid");
            let met = match band {
                None | Some((0, _)) => true,
                Some((lo, _)) => !crate::human::rates_at_most(&puzzle, lo - 1, interrupt)?,
            };
            if met {
                return Ok(Ok(Generated { puzzle, solution, attempts: attempt }));
            }
            // Too easy even with every removal the level allows: the next grid.
            continue;
        }
        closest = closest.min(givens);
    }
    if band.is_some() && closest == usize::MAX {
        return Ok(Err(GenerateError::NoLevel { attempts }));
    }
    Ok(Err(GenerateError::Unreachable { target: target_givens.unwrap_or(0), closest, attempts }))
}

/// [`generate_with`] from the ChaCha8 stream of `seed`: the same puzzle for the same seed.
pub fn generate_seeded(
    shape: Shape,
    seed: u64,
    symmetry: Symmetry,
    target_givens: Option<usize>,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Generated, GenerateError>, Interrupted> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    generate_with(shape, symmetry, target_givens, &mut || rng.next_u32(), interrupt)
}

/// How many complete grids are dug before a difficulty level is declared unreachable.
pub const LEVEL_ATTEMPTS: u32 = 200;

/// A puzzle as [`generate_with`] makes it whose [`crate::human::rating`] level is `level` (easy,
/// medium, hard, expert or extreme): [`generate_band_with`] with the level's band of ER.
pub fn generate_level_with(
    shape: Shape,
    symmetry: Symmetry,
    target_givens: Option<usize>,
    level: &str,
    next_u32: &mut dyn FnMut() -> u32,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Option<Generated>, GenerateError>, Interrupted> {
    let band = crate::human::level_band(level).expect("one of the levels");
    generate_band_with(shape, symmetry, target_givens, band, next_u32, interrupt)
}

/// A puzzle as [`generate_with`] makes it whose ER (the rating's score, in tenths) lies in
/// `lo..=hi`, the digging steered by the rating: a removal is kept only while the puzzle stays
/// unique and rates at most `hi` (the path stopped at the first harder step), so the digging
/// stops removing givens where the puzzle would get harder than asked, and ends at a puzzle
/// from which no orbit can be removed without leaving one solution or the band. When that
/// puzzle rates below `lo` (too easy even so), the next grid is dug, at most
/// [`LEVEL_ATTEMPTS`]; `Ok(None)` when none reached it. With no upper bound no removal is
/// rated: the grids are dug to minimal puzzles until one rates `lo` or more.
pub fn generate_band_with(
    shape: Shape,
    symmetry: Symmetry,
    target_givens: Option<usize>,
    band: (u32, u32),
    next_u32: &mut dyn FnMut() -> u32,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Option<Generated>, GenerateError>, Interrupted> {
    Ok(match dig_grids(shape, symmetry, target_givens, Some(band), Digger::for_shape(shape), next_u32, interrupt)? {
        Ok(g) => Ok(Some(g)),
        Err(GenerateError::NoLevel { .. }) => Ok(None),
        Err(e) => Err(e),
    })
}

/// Whether the puzzle `cells` (one solution) rates at most the band's upper bound; always true
/// without a band or an upper bound.
fn within_band(
    shape: Shape,
    cells: &[u8],
    band: Option<(u32, u32)>,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<bool, Interrupted> {
    match band {
        Some((_, hi)) if hi != u32::MAX => crate::human::rates_at_most(
            &Grid::from_cells_shaped(shape, cells).expect("digging keeps a grid"),
            hi,
            interrupt,
        ),
        _ => Ok(true),
    }
}

/// [`generate_band_with`] from the ChaCha8 stream of `seed`.
pub fn generate_band_seeded(
    shape: Shape,
    seed: u64,
    symmetry: Symmetry,
    target_givens: Option<usize>,
    band: (u32, u32),
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Option<Generated>, GenerateError>, Interrupted> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    generate_band_with(shape, symmetry, target_givens, band, &mut || rng.next_u32(), interrupt)
}

/// [`generate_level_with`] from the ChaCha8 stream of `seed`.
pub fn generate_level_seeded(
    shape: Shape,
    seed: u64,
    symmetry: Symmetry,
    target_givens: Option<usize>,
    level: &str,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Option<Generated>, GenerateError>, Interrupted> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    generate_level_with(shape, symmetry, target_givens, level, &mut || rng.next_u32(), interrupt)
}

/// The digging of a 9x9 grid on the boards of `fast9`, which reaches the same puzzle as the
/// generic digging of [`generate_with`] (the order and the test are the same; only the cost
/// differs). A removal is kept when every solution of the smaller puzzle must put the removed
/// digits back. A cheap test first: a removal that leaves one of the solution's two-line
/// unavoidable sets without a given is refused at once. Then each removed cell gets one search
/// for a solution with another digit there, trying the solution's digits first; a cell its
/// propagation settles (a naked or hidden single among the givens left) costs no branch. Those
/// searches start from the board of the orbits not visited yet (computed once per grid, from the
/// last orbit back) plus the givens kept so far and the removed cells proved already.
struct Dig9<'a> {
    solution: &'a [u8],
    orbits: &'a [Vec<usize>],
    order: &'a [usize],
    /// `unvisited[t]`: the board of the givens of the orbits `order[t + 1..]`.
    unvisited: Vec<Board>,
    /// The givens now, bit c for cell c.
    givens: u128,
    /// Unavoidable sets of the solution (see [`two_line_unavoidable_sets`]), as cell masks.
    unavoidable: Vec<u128>,
    stack: Stack,
}

/// Unavoidable sets of the complete `n`x`n` grid `solution` (boxes `side` wide) that lie in two
/// rows or two columns: sets of cells whose digits can be rearranged into another grid, so that
/// a puzzle with one solution keeps a given in each. For two rows, the columns where their
/// digits can be swapped form the cycles of the permutation taking each column to the column of
/// the first row holding the second row's digit; each cycle swaps into a grid when the rows
/// share a band (boxes keep their digits), or when the cycle stays within one stack. Columns
/// likewise. Sizes 4 to 2n. `each` gets the cells of every set.
fn two_line_unavoidable_sets(solution: &[u8], shape: Shape, mut each: impl FnMut(&[usize])) {
    let n = shape.n();
    let mut cells = Vec::with_capacity(2 * n);
    for transposed in [false, true] {
        let at = |line: usize, k: usize| if transposed { k * n + line } else { line * n + k };
        // Lines per band and cells per box along a line (rows: the box's rows and columns;
        // columns: the other way round); without boxes, every two lines are one band.
        let (band, side) = match (shape.has_boxes(), transposed) {
            (false, _) => (n, n),
            (true, false) => (shape.box_rows(), shape.box_cols()),
            (true, true) => (shape.box_cols(), shape.box_rows()),
        };
        for a in 0..n {
            // position[d]: the position of digit d in line a
            let mut position = [0usize; 26];
            for k in 0..n {
                position[solution[at(a, k)] as usize] = k;
            }
            for b in a + 1..n {
                let same_band = a / band == b / band;
                let mut seen = 0u32;
                for start in 0..n {
                    if seen >> start & 1 == 1 {
                        continue;
                    }
                    let (mut k, mut one_stack) = (start, true);
                    cells.clear();
                    while seen >> k & 1 == 0 {
                        seen |= 1 << k;
                        one_stack &= k / side == start / side;
                        cells.push(at(a, k));
                        cells.push(at(b, k));
                        k = position[solution[at(b, k)] as usize];
                    }
                    if same_band || one_stack {
                        each(&cells);
                    }
                }
            }
        }
    }
}

/// The digging tests for sizes other than 9x9, as [`Dig9`] has them on its boards: a removal
/// that leaves one of the solution's two-line unavoidable sets without a given is refused
/// without a search; otherwise each removed cell gets one search for a solution with another
/// digit there ([`differs_from`]), which starts from the givens of the orbits not visited yet
/// (placed once per grid, [`Placements`]) plus the givens kept so far and the removed cells
/// proved already. A cell the propagation settles (a naked or hidden single among the givens
/// left) costs no branch.
struct Quick {
    lay: &'static Layout,
    /// The cells of the unavoidable sets, set after set: set `s` is
    /// `set_cells[set_start[s]..set_start[s + 1]]`.
    set_cells: Vec<u16>,
    set_start: Vec<u32>,
    /// The sets holding each cell: cell `c`'s are `sets_of[of_start[c]..of_start[c + 1]]`.
    sets_of: Vec<u32>,
    of_start: Vec<u32>,
    /// Step `t`: the givens of the orbits visited after `order[t]`.
    unvisited: Placements,
    /// The cells of the orbits visited and kept.
    kept: Vec<usize>,
}

impl Quick {
    fn new(shape: Shape, solution: &[u8], orbits: &[Vec<usize>], order: &[usize]) -> Quick {
        let (mut set_cells, mut set_start) = (Vec::new(), vec![0u32]);
        let mut of_start = vec![0u32; solution.len() + 1];
        two_line_unavoidable_sets(solution, shape, |cells| {
            for &c in cells {
                set_cells.push(c as u16);
                of_start[c + 1] += 1;
            }
            set_start.push(set_cells.len() as u32);
        });
        for c in 0..solution.len() {
            of_start[c + 1] += of_start[c];
        }
        let mut sets_of = vec![0u32; set_cells.len()];
        let mut next = of_start.clone();
        for s in 0..set_start.len() - 1 {
            for &c in &set_cells[set_start[s] as usize..set_start[s + 1] as usize] {
                sets_of[next[c as usize] as usize] = s as u32;
                next[c as usize] += 1;
            }
        }
        let lay = Layout::classic(shape);
        let unvisited = Placements::new(lay, solution, order.iter().map(|&o| &orbits[o][..]));
        Quick { lay, set_cells, set_start, sets_of, of_start, unvisited, kept: Vec::with_capacity(solution.len()) }
    }

    /// Whether blanking `orbit` (blank in `cells` already) leaves an unavoidable set given-free.
    fn refused(&self, cells: &[u8], orbit: &[usize]) -> bool {
        orbit.iter().any(|&c| {
            self.sets_of[self.of_start[c] as usize..self.of_start[c + 1] as usize].iter().any(|&s| {
                let set = &self.set_cells[self.set_start[s as usize] as usize..self.set_start[s as usize + 1] as usize];
                set.iter().all(|&e| cells[e as usize] == 0)
            })
        })
    }

    /// Whether the puzzle `cells` at step `t` (the cells of `orbit`, visited then, just blanked;
    /// its one solution `solution` before) still has one solution: for each cell of the orbit
    /// in turn, no solution puts another digit there, the cells proved so given for the next
    /// test. Any other solution differs from `solution` in the orbit, since the puzzle with the
    /// orbit given had one solution. On grids of 20x20 and larger a test over its budget
    /// ([`NODES_PER_TEST_25`], [`NODES_PER_GRID_25`]) counts as another solution. The probes
    /// start from the placements, or with `from_cells` from `cells` ([`Digger::Cells`]);
    /// `cells` is left as it came.
    #[allow(clippy::too_many_arguments)]
    fn no_other_solution(
        &mut self,
        t: usize,
        cells: &mut [u8],
        solution: &[u8],
        orbit: &[usize],
        from_cells: bool,
        spent: &mut u64,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<bool, Interrupted> {
        let before = self.kept.len();
        let mut unique = true;
        for &c in orbit {
            // 20x20 and larger (400 cells or more): the budgets of 25x25.
            let budget = if solution.len() >= 400 {
                NODES_PER_TEST_25.min(NODES_PER_GRID_25.saturating_sub(*spent))
            } else {
                u64::MAX
            };
            let other = if from_cells {
                differs_at(cells, self.lay, solution, c, budget, spent, interrupt)?
            } else {
                differs_from(&self.unvisited, t, &self.kept, self.lay, solution, c, budget, spent, interrupt)?
            };
            if other != Some(false) {
                unique = false;
                break;
            }
            self.kept.push(c);
            cells[c] = solution[c];
        }
        for &c in &self.kept[before..] {
            cells[c] = 0;
        }
        self.kept.truncate(before);
        Ok(unique)
    }
}

impl<'a> Dig9<'a> {
    fn new(solution: &'a [u8], orbits: &'a [Vec<usize>], order: &'a [usize]) -> Dig9<'a> {
        let mut unvisited = vec![Board::empty(); order.len()];
        for t in (0..order.len().saturating_sub(1)).rev() {
            let mut board = unvisited[t + 1];
            for &c in &orbits[order[t + 1]] {
                board.give(c, solution[c]);
            }
            unvisited[t] = board;
        }
        let mut unavoidable = Vec::new();
        two_line_unavoidable_sets(solution, Shape::NINE, |cells| {
            unavoidable.push(cells.iter().fold(0u128, |m, &c| m | 1 << c));
        });
        Dig9 { solution, orbits, order, unvisited, givens: (1u128 << 81) - 1, unavoidable, stack: Stack::default() }
    }

    /// Digs `cells` (the solution on entry) in order; returns the number of givens left.
    fn dig(
        &mut self,
        cells: &mut [u8],
        target: Option<usize>,
        band: Option<(u32, u32)>,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<usize, Interrupted> {
        let mut givens = cells.len();
        let mut kept: Vec<usize> = Vec::with_capacity(81);
        for t in 0..self.order.len() {
            if target.is_some_and(|t| givens <= t) {
                break;
            }
            let orbit = &self.orbits[self.order[t]];
            for &c in orbit {
                self.set(cells, c, 0);
            }
            if self.stays_unique(t, cells, orbit, &kept, interrupt)?
                && within_band(Shape::NINE, cells, band, interrupt)?
            {
                givens -= orbit.len();
            } else {
                for &c in orbit {
                    self.set(cells, c, self.solution[c]);
                }
                kept.extend_from_slice(orbit);
            }
        }
        Ok(givens)
    }

    /// Sets a cell to `digit` (0 blank), keeping the given mask up to date.
    #[inline]
    fn set(&mut self, cells: &mut [u8], c: usize, digit: u8) {
        cells[c] = digit;
        if digit == 0 {
            self.givens &= !(1 << c);
        } else {
            self.givens |= 1 << c;
        }
    }

    /// The board of the puzzle while visiting `order[t]`: the orbits not visited yet, the
    /// givens kept and the removed cells `proved` put back, and the solution's digit excluded
    /// from `c`.
    fn board(&self, t: usize, kept: &[usize], proved: &[usize], c: usize) -> Board {
        let mut board = self.unvisited[t];
        for &e in kept.iter().chain(proved) {
            board.give(e, self.solution[e]);
        }
        board.exclude_digit(c, self.solution[c]);
        board
    }

    /// Whether the puzzle `cells` (visiting `order[t]`, whose cells `orbit` are blank; `kept`
    /// the cells of the orbits visited and kept) still has one solution.
    fn stays_unique(
        &mut self,
        t: usize,
        cells: &mut [u8],
        orbit: &[usize],
        kept: &[usize],
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<bool, Interrupted> {
        if self.unavoidable.iter().any(|&u| u & self.givens == 0) {
            return Ok(false);
        }
        // Removed cells proved (each solution has the solution's digit there), put back as givens.
        let mut proved_cells = [0usize; 8];
        let mut n = 0;
        let mut unique = true;
        for &c in orbit {
            let board = self.board(t, kept, &proved_cells[..n], c);
            if first_solution(board, Some(self.solution), &mut self.stack, interrupt, INTERRUPT_EVERY)?.is_some() {
                unique = false;
                break;
            }
            self.set(cells, c, self.solution[c]);
            proved_cells[n] = c;
            n += 1;
        }
        for &c in &proved_cells[..n] {
            self.set(cells, c, 0);
        }
        Ok(unique)
    }
}

/// Search nodes one digging test of a 25x25 grid may take before its removal is refused (the
/// givens kept, so the puzzle keeps one solution but may not be minimal). Measured on seeds
/// 0-4: a larger budget does not give fewer givens (500: 288 givens, 3,000: 289), it only takes
/// longer; about one test in three runs out.
pub const NODES_PER_TEST_25: u64 = 500;

/// Search nodes the digging tests of one 25x25 grid may take in all (about 60,000 are used on
/// seeds 0-4); once they are spent, every removal the cheap tests cannot settle is refused. So
/// a 25x25 puzzle takes 1-3 s; it is minimal unless a test ran out (then it has the fewest
/// givens found within the budget, about 290 of 625). Counted in nodes, not time, so a seed
/// gives the same puzzle on every machine. Grids of 20x20 to 24x24 take the same budgets;
/// digging smaller grids (16x16 to 19x19 included) has no budget: their puzzles are minimal.
pub const NODES_PER_GRID_25: u64 = 150_000;

/// Whether `cells`, a puzzle with the one solution `solution` from which the cells `removed`
/// have just been blanked, still has one solution: a count of solutions stopped at 2.
fn stays_unique(cells: &[u8], interrupt: &mut dyn FnMut() -> bool) -> Result<bool, Interrupted> {
    let puzzle = Grid::from_cells(cells).expect("digging keeps a grid");
    Ok(count_solutions_with(&puzzle, 2, interrupt)? == 1)
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
    let mut board = Board::empty();
    for b in [0, 4, 8] {
        let mut digits: [u8; 9] = std::array::from_fn(|k| k as u8 + 1);
        shuffle(&mut digits, next_u32);
        let (row, col) = (b / 3 * 3, b % 3 * 3);
        for (k, &d) in digits.iter().enumerate() {
            board.give((row + k / 3) * 9 + col + k % 3, d);
        }
    }
    let cells = first_solution(board, None, &mut Stack::default(), interrupt, INTERRUPT_EVERY)?
        .expect("boxes 1, 5 and 9 always complete to a grid");
    Ok(Grid::from_cells(&cells).expect("a solution is a grid"))
}

/// Fisher-Yates with `next_u32`, so the order depends on nothing but the stream.
pub(crate) fn shuffle<T>(items: &mut [T], next_u32: &mut dyn FnMut() -> u32) {
    for i in (1..items.len()).rev() {
        let j = (next_u32() as u64 * (i as u64 + 1) >> 32) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::LEVELS;
    use crate::search::count_solutions;

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
                    let g = generate_seeded(Shape::of_size(size).unwrap(), seed, s, None, &mut never).unwrap().unwrap();
                    assert_eq!(
                        g,
                        generate_seeded(Shape::of_size(size).unwrap(), seed, s, None, &mut never).unwrap().unwrap()
                    );
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
    fn unavoidable_sets_free_another_grid() {
        for (size, seeds) in [(4, 20), (9, 20), (16, 3)] {
            for seed in 0..seeds {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let empty = Grid::empty(size).unwrap();
                let solution = random_complete_grid(&empty, &mut || rng.next_u32(), &mut never).unwrap();
                let mut sets = Vec::new();
                two_line_unavoidable_sets(solution.cells(), solution.shape(), |c| sets.push(c.to_vec()));
                assert!(!sets.is_empty(), "{size}");
                for set in sets {
                    assert!((4..=2 * size).contains(&set.len()), "{set:?}");
                    let mut cells = solution.cells().to_vec();
                    for &c in &set {
                        cells[c] = 0;
                    }
                    let puzzle = Grid::from_cells(&cells).unwrap();
                    assert_eq!(count_solutions(&puzzle, 2), 2, "{size} seed {seed}: {set:?} is not unavoidable");
                }
            }
        }
    }

    #[test]
    fn every_digger_makes_the_same_puzzles() {
        let cases = [(9, 40, Digger::Fast9), (9, 10, Digger::Quick), (4, 40, Digger::Quick), (16, 2, Digger::Quick)];
        for (size, seeds, digger) in cases {
            for s in Symmetry::ALL {
                for seed in 0..seeds {
                    let targets = if size == 16 { [None, None] } else { [None, Some(size * size * 3 / 8)] };
                    for target in targets {
                        let mut a = ChaCha8Rng::seed_from_u64(seed);
                        let mut b = ChaCha8Rng::seed_from_u64(seed);
                        let dug = dig_grids(
                            Shape::of_size(size).unwrap(),
                            s,
                            target,
                            None,
                            digger,
                            &mut || a.next_u32(),
                            &mut never,
                        );
                        let plain = dig_grids(
                            Shape::of_size(size).unwrap(),
                            s,
                            target,
                            None,
                            Digger::Plain,
                            &mut || b.next_u32(),
                            &mut never,
                        );
                        assert_eq!(dug, plain, "{size} {digger:?} {s:?} seed {seed} target {target:?}");
                    }
                }
            }
        }
    }

    /// On 25x25 grids, where a count of solutions cannot check the digging, the probes from the
    /// placements and from the cells make the same puzzles within the node budgets, which count
    /// their nodes: a root that differed in one naked single would branch once more somewhere.
    #[test]
    fn placements_dig_as_the_cells_within_the_budgets() {
        for seed in [1, 2] {
            let mut a = ChaCha8Rng::seed_from_u64(seed);
            let mut b = ChaCha8Rng::seed_from_u64(seed);
            let quick = dig_grids(
                Shape::of_size(25).unwrap(),
                Symmetry::Central,
                None,
                None,
                Digger::Quick,
                &mut || a.next_u32(),
                &mut never,
            );
            let cells = dig_grids(
                Shape::of_size(25).unwrap(),
                Symmetry::Central,
                None,
                None,
                Digger::Cells,
                &mut || b.next_u32(),
                &mut never,
            );
            assert_eq!(quick, cells, "seed {seed}");
        }
    }

    /// 25x25 within the node budgets: central symmetry, a solution that keeps the givens, the
    /// same puzzle for the same seed, far fewer givens than the 400 a count of solutions could
    /// reach, and one solution: an exact count stopped at 2 would take minutes here, so blanks
    /// sampled across the grid are checked one by one with a bigger budget than digging had.
    #[test]
    fn large_grids_within_the_budget() {
        let g = generate_seeded(Shape::of_size(25).unwrap(), 1, Symmetry::Central, None, &mut never).unwrap().unwrap();
        assert_eq!(
            g,
            generate_seeded(Shape::of_size(25).unwrap(), 1, Symmetry::Central, None, &mut never).unwrap().unwrap()
        );
        assert!(g.puzzle.is_solved_by(&g.solution));
        let cells = g.puzzle.cells();
        for o in Symmetry::Central.orbits(25) {
            assert!(o.iter().all(|&c| cells[c] != 0) || o.iter().all(|&c| cells[c] == 0), "orbit {o:?} half filled");
        }
        let givens = g.puzzle.givens();
        assert!(givens < 320, "{givens} givens");
        // Blanks sampled across the grid: no solution puts another digit there.
        let blanks: Vec<usize> = (0..625).filter(|&c| cells[c] == 0).collect();
        for &c in blanks.iter().step_by(blanks.len() / 6) {
            let mut spent = 0;
            let other = differs_at(
                cells,
                Layout::classic(Shape::square(5)),
                g.solution.cells(),
                c,
                20_000,
                &mut spent,
                &mut never,
            );
            assert_eq!(other, Ok(Some(false)), "cell {c}");
        }
    }

    /// The digging steered by the rating reaches every level for 9x9 and 16x16 on the first
    /// seeds, each puzzle unique and rating exactly the level asked for.
    #[test]
    fn every_level_for_9x9_and_16x16() {
        for size in [9, 16] {
            for level in LEVELS {
                for seed in 1..=2 {
                    let g = generate_level_seeded(
                        Shape::of_size(size).unwrap(),
                        seed,
                        Symmetry::Central,
                        None,
                        level,
                        &mut never,
                    )
                    .unwrap()
                    .unwrap()
                    .unwrap_or_else(|| panic!("{size} {level} seed {seed}: none"));
                    assert_eq!(count_solutions(&g.puzzle, 2), 1, "{size} {level} seed {seed}");
                    let rating = crate::human::rate_with(&g.puzzle, &mut never).unwrap().unwrap();
                    assert_eq!(rating.level, level, "{size} seed {seed}");
                }
            }
        }
    }

    #[test]
    fn levels_are_met_or_reported() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let g = generate_level_with(
            Shape::of_size(9).unwrap(),
            Symmetry::Central,
            None,
            "easy",
            &mut || rng.next_u32(),
            &mut never,
        )
        .unwrap()
        .unwrap()
        .expect("easy puzzles are common");
        assert_eq!(crate::human::rate_with(&g.puzzle, &mut never).unwrap().unwrap().level, "easy");
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let none = generate_level_with(
            Shape::of_size(4).unwrap(),
            Symmetry::None,
            None,
            "extreme",
            &mut || rng.next_u32(),
            &mut never,
        );
        assert_eq!(none.unwrap().unwrap(), None, "4x4 puzzles need no chains or guesses");
    }

    #[test]
    fn target_givens_and_unreachable_targets() {
        let g =
            generate_seeded(Shape::of_size(9).unwrap(), 3, Symmetry::Central, Some(32), &mut never).unwrap().unwrap();
        assert!((31..=32).contains(&g.puzzle.givens()), "{}", g.puzzle.givens());
        assert_eq!(count_solutions(&g.puzzle, 2), 1);
        assert!(matches!(
            generate_seeded(Shape::of_size(9).unwrap(), 3, Symmetry::None, Some(16), &mut never).unwrap(),
            Err(GenerateError::Unreachable { target: 16, .. })
        ));
        // A 5x5 grid has no boxes: a Latin square with one completion.
        let five = generate_seeded(Shape::of_size(5).unwrap(), 3, Symmetry::None, None, &mut never).unwrap().unwrap();
        assert_eq!(count_solutions(&five.puzzle, 2), 1);
    }
}
