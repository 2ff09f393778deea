//! Variants as data (issue 26): X (diagonals), windoku (windows), jigsaw (regions) and killer
//! (cages) Sudoku. The rules are a `jsonb` value in the shape of
//! `sudoku_engine::variant::Rules::from_json`; every function checks them against the grid's
//! size (`22P02` for a wrong shape, `22023` for rules that do not fit) and runs the engine's
//! variant solver (`sudoku_engine::variant`).

use pgrx::datum::JsonB;
use pgrx::pg_sys::errcodes::PgSqlErrorCode;
use pgrx::prelude::*;
use sudoku_engine::variant::{self, Layout, Rules};
use sudoku_engine::Shape;

use crate::functions::{interrupts, searched};
use crate::grid_type::{invalid_parameter, required, Grid};
use crate::json::Document;
use crate::rows::{datum, int_list, RowType};

/// The default shape of an `n` x `n` grid, raising `22023` outside 4..25.
pub(crate) fn shape_of_size(n: i32) -> Shape {
    Shape::of_size(n.max(0) as usize).unwrap_or_else(|e| invalid_parameter(e.to_string()))
}

/// The rules of `json`, raising `22P02` for a shape that is not theirs.
fn rules_of(json: &Document) -> Rules {
    Rules::from_json(&json.0).unwrap_or_else(|e| {
        ereport!(ERROR, PgSqlErrorCode::ERRCODE_INVALID_TEXT_REPRESENTATION, format!("invalid rules: {e}"));
    })
}

/// The rules of `json` on a grid of `shape`, raising `22P02` or `22023` (see the module).
fn layout_of(json: &Document, shape: Shape) -> (Rules, Layout) {
    let rules = rules_of(json);
    match rules.layout_of(shape) {
        Ok(lay) => (rules, lay),
        Err(e) => invalid_parameter(format!("invalid rules: {e}")),
    }
}

/// The rules, checked for a grid of `size` and written back in their plain form (only the keys
/// set). For a CHECK constraint or to normalise what an application stores.
// COST 2000: about 10 µs for killer rules of 30 cages, in units of 5 ns (the cage combinations are built).
#[pg_extern(name = "rules", immutable, strict, parallel_safe, cost = 2000)]
fn rules_checked(rules: Document, size: default!(i32, 9)) -> JsonB {
    let (r, _) = layout_of(&rules, shape_of_size(size));
    JsonB(r.to_json())
}

/// The rules as [`rules_checked`] writes them, when they hold only units and cages with sums
/// (diagonals, windows, regions, cages): the rules the pure-SQL versions (`sudoku.solve_sql`)
/// read; `0A000` naming the first other key.
// COST 2000: as rules(jsonb, integer).
#[pg_extern(immutable, strict, parallel_safe, cost = 2000)]
fn unit_rules(rules: Document, size: default!(i32, 9)) -> JsonB {
    let (r, _) = layout_of(&rules, shape_of_size(size));
    if let Some(key) = r.constraints.first_key() {
        ereport!(
            ERROR,
            PgSqlErrorCode::ERRCODE_FEATURE_NOT_SUPPORTED,
            format!("the pure-SQL versions hold diagonals, windows, regions and cages with sums, not \"{key}\"")
        );
    }
    JsonB(r.to_json())
}

/// The first solution under the rules, NULL when there is none.
// COST 20000: 100 µs a call, between jigsaw (11 µs) and killer without givens (1.2-1.6 ms) on the
// published sets, in units of 5 ns (sudoku-bench --variants data/variants/*.tsv).
#[pg_extern(name = "solve", immutable, strict, parallel_safe, cost = 20000)]
fn solve_rules(grid: Grid, rules: Document) -> Option<Grid> {
    let (_, lay) = layout_of(&rules, grid.0.shape());
    searched(variant::solve_with(&grid.0, &lay, &mut interrupts())).map(Grid)
}

/// The number of solutions under the rules, counting stops at `max` (at least 1).
// COST 20000: as solve(grid, rules).
#[pg_extern(name = "count_solutions", immutable, strict, parallel_safe, cost = 20000)]
fn count_solutions_rules(grid: Grid, rules: Document, max: default!(i32, 2)) -> i32 {
    if max < 1 {
        invalid_parameter(format!("max must be at least 1, not {max}"));
    }
    let (_, lay) = layout_of(&rules, grid.0.shape());
    searched(variant::count_solutions_with(&grid.0, &lay, max as u64, &mut interrupts())) as i32
}

/// True when the grid has exactly one solution under the rules.
// COST 20000: as count_solutions(grid, rules, 2).
#[pg_extern(name = "is_unique", immutable, strict, parallel_safe, cost = 20000)]
fn is_unique_rules(grid: Grid, rules: Document) -> bool {
    let (_, lay) = layout_of(&rules, grid.0.shape());
    searched(variant::count_solutions_with(&grid.0, &lay, 2, &mut interrupts())) == 1
}

/// True when every cell is filled and the grid keeps the rules: each row, column, box or region,
/// diagonal and window holds every digit once, each cage distinct digits with its sum.
// COST 400: 2 µs a call, in units of 5 ns.
#[pg_extern(name = "is_solved", immutable, strict, parallel_safe, cost = 400)]
fn is_solved_rules(grid: Grid, rules: Document) -> bool {
    let (_, lay) = layout_of(&rules, grid.0.shape());
    lay.is_solved(grid.0.cells())
}

/// The true candidates under the rules: one row per cell (row-major) and digit that some
/// solution puts there, with the number of solutions that do, counted up to `max` (at least 1;
/// `max => 1` answers only which digits are possible). A given's row counts the grid's
/// solutions up to `max`. No rows when the grid has no solution. `22023` for `max` below 1 or
/// rules that do not fit; `57014` when cancelled. One search counts up to `max + 1` solutions;
/// past that, a search per candidate it did not see `max` times (sigh's Interactive Sudoku
/// Solver's "all possibilities", dclamage's SudokuSolver's true candidates).
// COST 500 (a row, as PostgreSQL counts a set-returning function): 200 µs a call of 81 rows for a unique
// 9x9 variant puzzle (one search to 2), in units of 5 ns.
#[pg_extern(immutable, strict, parallel_safe, cost = 500)]
fn true_candidates(
    grid: Grid,
    rules: default!(Document, "'{}'"),
    max: default!(i32, 1),
) -> TableIterator<'static, (name!(row, i32), name!(col, i32), name!(digit, i32), name!(solutions, i64))> {
    if max < 1 {
        invalid_parameter(format!("max must be at least 1, not {max}"));
    }
    let (_, lay) = layout_of(&rules, grid.0.shape());
    let n = lay.n;
    let counts =
        searched(variant::true_candidates_with(&grid.0, &lay, max as u64, &mut interrupts())).unwrap_or_default();
    let rows: Vec<_> = counts
        .iter()
        .enumerate()
        .filter(|&(_, &k)| k > 0)
        .map(|(i, &k)| (((i / n) / n + 1) as i32, ((i / n) % n + 1) as i32, (i % n + 1) as i32, k as i64))
        .collect();
    TableIterator::new(rows)
}

/// One row per blank cell (row-major) under the rules: row, column, region (the box, or the
/// jigsaw region numbered in order of first appearance), the candidates ascending and as a
/// bitmask: the digits none of its peers holds (the cells sharing a unit or its cage), narrowed
/// in a cage to those some set of distinct digits with the cage's sum puts there. No rows when
/// givens clash or a cell or cage is left without a way.
// COST 200: 1 µs a row, in units of 5 ns.
#[pg_extern(name = "candidates", immutable, strict, parallel_safe, requires = ["view_types"], cost = 200)]
fn candidates_rules(
    grid: Grid,
    rules: Document,
) -> SetOfIterator<'static, pgrx::composite_type!('static, "cell_candidates")> {
    let (_, lay) = layout_of(&rules, grid.0.shape());
    let n = lay.n;
    let masks = searched(variant::candidates_with(&grid.0, &lay, &mut interrupts())).unwrap_or_default();
    let cells = grid.0.cells().to_vec();
    let ty = RowType::new("sudoku.cell_candidates");
    let rows: Vec<_> = masks
        .into_iter()
        .enumerate()
        .filter(|&(i, _)| cells[i] == 0)
        .map(|(i, mask)| {
            ty.row([
                datum((i / n + 1) as i32),
                datum((i % n + 1) as i32),
                datum((lay.region_of[i] != u16::MAX).then(|| lay.region_of[i] as i32 + 1)),
                int_list(sudoku_engine::views::digits(mask).map(i32::from)),
                datum(mask as i32),
            ])
        })
        .collect();
    SetOfIterator::new(rows)
}

extension_sql!(
    r#"
CREATE TYPE variant_puzzle AS (puzzle grid, rules jsonb, solution grid);
"#,
    name = "variant_puzzle_type",
    requires = ["concrete_type"]
);

/// A puzzle with one solution under the rules, of `size`, from `seed` (NULL: a random seed); its
/// givens keep `symmetry`; with `killer`, cages are drawn from the solution and returned in the
/// rules (which must have none then). Returns the puzzle, its rules and its solution.
// COST 2000000: 10 ms a call (9x9: X 2.3 ms, windoku 1 ms, jigsaw 1.6 ms, killer 4.5 ms), in units of 5 ns
// (sudoku-bench --generate-variant).
#[pg_extern(name = "generate", volatile, parallel_safe, requires = ["variant_puzzle_type"], cost = 2000000)]
fn generate_rules(
    rules: Option<Document>,
    size: default!(Option<i32>, 9),
    seed: default!(Option<i64>, "NULL"),
    symmetry: default!(Option<&str>, "'central'"),
    killer: default!(Option<bool>, false),
) -> pgrx::composite_type!('static, "variant_puzzle") {
    let rules = rules_of(&required(rules, "rules"));
    let size = required(size, "size");
    let killer = required(killer, "killer");
    let symmetry = crate::generate::symmetry(required(symmetry, "symmetry"));
    let seed = seed.map_or_else(rand::random::<u64>, |s| s as u64);
    let p = match searched(variant::generate_seeded(
        shape_of_size(size),
        &rules,
        killer,
        symmetry,
        seed,
        &mut interrupts(),
    )) {
        Ok(p) => p,
        Err(e) => invalid_parameter(format!("invalid rules: {e}")),
    };
    RowType::new("sudoku.variant_puzzle").row([
        datum(Grid(p.puzzle)),
        datum(JsonB(p.rules.to_json())),
        datum(Grid(p.solution)),
    ])
}

/// The SVG picture of a grid under the rules (`sudoku_engine::picture::svg_variant`): diagonals
/// and windows shaded, jigsaw regions with thick borders, cages dashed with their sums, the
/// setters' constraints as f-puzzles draws them (a border of one cell for clues outside the
/// grid); the rest as `svg(grid, solution, candidates)`.
// COST 4000: 20 µs a call for a 9x9 killer puzzle with its solution, in units of 5 ns.
#[pg_extern(name = "svg", immutable, parallel_safe, cost = 4000)]
fn svg_rules(
    grid: Option<Grid>,
    rules: Option<Document>,
    solution: default!(Option<Grid>, "NULL"),
    candidates: default!(Option<bool>, false),
) -> Option<String> {
    let candidates = required(candidates, "candidates");
    let grid = grid?;
    let (r, lay) = layout_of(&rules?, grid.0.shape());
    let marks = Some(&r.constraints);
    match sudoku_engine::picture::svg_variant(&grid.0, solution.as_ref().map(|s| &s.0), candidates, &lay, marks) {
        Ok(doc) => Some(doc),
        Err(e) => invalid_parameter(e.to_string()),
    }
}

/// The puzzle of an f-puzzles document (`sudoku_engine::variant::fpuzzles`): the JSON that
/// f-puzzles saves, its LZString base64 form, or a `?load=` link (f-puzzles, SudokuPad). Returns
/// the grid (givens; f-puzzles' boxes: 2x3 on 6x6, 3x4 on 12x12, none on a prime size), its
/// rules (jigsaw regions, diagonals, windows, killer cages, and every setter's constraint under
/// f-puzzles' keys and dclamage's solver's: thermometers, arrows, little killers, sandwiches,
/// kropki, XV, lines, ...) and the solution the document carries, else the puzzle's one
/// solution under the rules (NULL when it has none or several). `22P02` for text that is not
/// such a document, `0A000` naming a constraint the rules cannot hold (indexers, fog of war,
/// given pencil marks): a constraint is refused, never dropped.
// COST 20000: as solve(grid, rules); the document is parsed in about 20 µs (9x9), in units of 5 ns.
#[pg_extern(immutable, strict, parallel_safe, requires = ["variant_puzzle_type"], cost = 20000)]
fn from_fpuzzles(document: &str) -> pgrx::composite_type!('static, "variant_puzzle") {
    use sudoku_engine::variant::fpuzzles::{read, FpuzzlesError};
    let doc = match read(document) {
        Ok(d) => d,
        Err(FpuzzlesError::Syntax(m)) => {
            ereport!(
                ERROR,
                PgSqlErrorCode::ERRCODE_INVALID_TEXT_REPRESENTATION,
                format!("invalid f-puzzles document: {m}")
            );
        }
        Err(FpuzzlesError::Unsupported(m)) => {
            ereport!(
                ERROR,
                PgSqlErrorCode::ERRCODE_FEATURE_NOT_SUPPORTED,
                format!("the f-puzzles document holds a constraint pg_sudoku's rules cannot: {m}")
            );
        }
    };
    let solution = match doc.solution.clone() {
        Some(s) => Some(s),
        None => {
            let lay = doc.rules.layout_of(doc.grid.shape()).expect("checked by read");
            let found = searched(variant::solutions_with(&doc.grid, &lay, 2, &mut interrupts()));
            (found.len() == 1).then(|| found.into_iter().next().expect("one"))
        }
    };
    RowType::new("sudoku.variant_puzzle").row([
        datum(Grid(doc.grid)),
        datum(JsonB(doc.rules.to_json())),
        datum(solution.map(Grid)),
    ])
}

/// The f-puzzles document of a grid under rules (`sudoku_engine::variant::fpuzzles::write`),
/// for f-puzzles and SudokuPad: LZString base64, the data of a link
/// `https://www.f-puzzles.com/?load=...` (`compressed => false`: the JSON itself). Regions are
/// written per cell where they are not f-puzzles' boxes (jigsaw, tall 3x2 boxes), windows and
/// extra regions as extra regions, cages as killer cages, each setter's constraint under its
/// f-puzzles key. `22023` for rules that do not fit the grid, `0A000` naming what f-puzzles
/// cannot say (a grid of a composite size without boxes, slow thermometers, whispers of another
/// difference than 5, ...).
// COST 4000: 20 µs a call (9x9, compressed), in units of 5 ns.
#[pg_extern(immutable, strict, parallel_safe, cost = 4000)]
fn to_fpuzzles(grid: Grid, rules: default!(Document, "'{}'"), compressed: default!(bool, true)) -> String {
    use sudoku_engine::variant::fpuzzles::{compress, write, FpuzzlesError};
    let (r, _) = layout_of(&rules, grid.0.shape());
    match write(&grid.0, &r, None) {
        Ok(doc) if compressed => compress(&doc),
        Ok(doc) => doc,
        Err(FpuzzlesError::Syntax(m)) => invalid_parameter(m),
        Err(FpuzzlesError::Unsupported(m)) => {
            ereport!(ERROR, PgSqlErrorCode::ERRCODE_FEATURE_NOT_SUPPORTED, format!("no f-puzzles document: {m}"));
        }
    }
}
