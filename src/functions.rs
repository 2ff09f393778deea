//! The solver and accessors of `sudoku.grid`, as SQL functions in schema `sudoku`.

use pgrx::pg_sys::errcodes::PgSqlErrorCode;
use pgrx::prelude::*;
use sudoku_engine::{count_nine_with, count_solutions_with, solve_into_with, solve_nine_packed_with, Interrupted};

use crate::grid_type::{invalid_parameter, Grid, PackedGrid, Solved};

/// The interrupt hook handed to engine searches: honours query cancel and `statement_timeout`
/// (raising `57014`) by letting PostgreSQL process pending interrupts.
pub fn interrupts() -> impl FnMut() -> bool {
    ran();
    || {
        pgrx::check_for_interrupts!();
        check_memory();
        false
    }
}

/// Whether pg_sudoku ran a search or read a large argument since the last transaction that
/// gave memory back ([`crate::give_back_at_commit`]).
static RAN: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Marks that pg_sudoku ran in this transaction.
pub fn ran() {
    RAN.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// Whether pg_sudoku ran since the last call, clearing the mark.
pub fn take_ran() -> bool {
    RAN.swap(false, std::sync::atomic::Ordering::Relaxed)
}

/// Raises `54000` when the backend's Rust code holds more than `sudoku.max_memory`
/// (`sudoku_engine::budget`): called by [`interrupts`], so by every search every few hundred
/// nodes, and after building anything large outside a search.
pub fn check_memory() {
    if sudoku_engine::budget::over() {
        over_budget(sudoku_engine::budget::live());
    }
}

/// Raises `54000` for a call that needs `bytes` (held or about to be) against the budget.
pub fn over_budget(bytes: usize) -> ! {
    let limit = sudoku_engine::budget::limit().unwrap_or(usize::MAX);
    ereport!(
        ERROR,
        PgSqlErrorCode::ERRCODE_PROGRAM_LIMIT_EXCEEDED,
        format!(
            "this call of pg_sudoku needs more memory than sudoku.max_memory ({} MB): {} MB",
            limit >> 20,
            bytes.div_ceil(1 << 20)
        ),
        "Give it a smaller input, or have a superuser raise sudoku.max_memory."
    );
}

/// Raises `54000` before `bytes` more are allocated when they would pass the budget.
pub fn reserve(bytes: usize) {
    if sudoku_engine::budget::would_exceed(bytes) {
        over_budget(sudoku_engine::budget::live().saturating_add(bytes));
    }
}

/// The outcome of an engine search run with [`interrupts`]. That hook raises PostgreSQL's own
/// error before the engine can stop, so `Interrupted` is not expected; should it come, it is
/// reported as the cancel it stands for (`57014`).
pub fn searched<T>(outcome: Result<T, Interrupted>) -> T {
    match outcome {
        Ok(value) => value,
        Err(_) => {
            ereport!(ERROR, PgSqlErrorCode::ERRCODE_QUERY_CANCELED, "canceling the Sudoku search");
        }
    }
}

/// The solution, or NULL when there is none (conflicting givens included). With several
/// solutions, the first in the engine's documented search order.
// COST 600: 3 µs a call, in units of 5 ns, on the puzzles most tables hold: se_rated_10k (human-solvable,
// SE 5.0-9.3) takes 2.3-2.5 µs in the engine (scripts/bench.sh --engine) plus about 0.3 µs of call overhead
// (scripts/bench.sh --sql, easy puzzles); easy puzzles take less, hard ones more (magictour_top1465 about 7 µs).
// It was 1400 (magictour): then a query over 100,000 easy puzzles crossed jit_optimize_above_cost, and LLVM's
// inlining and optimisation (18 ms warm, 95 ms in a new session) cost more than the 100,000 calls' overhead.
#[pg_extern(immutable, strict, parallel_safe, cost = 600)]
fn solve(grid: PackedGrid) -> Option<Solved> {
    // A 9x9 grid's cells are read onto the stack and its solution packed by the search straight
    // into the value returned; another shape's solution is written over the argument's own cells.
    match grid.nine() {
        Some(cells) => Solved::nine(|out| searched(solve_nine_packed_with(&cells, &mut interrupts(), out))),
        None => {
            let mut grid = grid.grid();
            searched(solve_into_with(&mut grid.0, &mut interrupts())).then_some(Solved::Other(grid))
        }
    }
}

/// The number of solutions, counting stops at `max` (at least 1).
// COST 600: 3 µs a call on se_rated_10k, as solve's (engine count2 2.5-2.7 µs plus the call); magictour_top1465
// about 10 µs.
#[pg_extern(immutable, strict, parallel_safe, cost = 600)]
fn count_solutions(grid: PackedGrid, max: default!(i32, 2)) -> i32 {
    if max < 1 {
        invalid_parameter(format!("max must be at least 1, not {max}"));
    }
    count(&grid, max as u64) as i32
}

/// The solutions of `grid` up to `limit`: a 9x9 grid's cells read onto the stack and searched
/// there (no heap copy of the value per call), any other shape as a `Grid`.
fn count(grid: &PackedGrid, limit: u64) -> u64 {
    match grid.nine() {
        Some(cells) => searched(count_nine_with(&cells, limit, &mut interrupts())),
        None => searched(count_solutions_with(&grid.grid().0, limit, &mut interrupts())),
    }
}

/// True when the grid has exactly one solution.
// COST 600: as count_solutions(grid, 2), which it is.
#[pg_extern(immutable, strict, parallel_safe, cost = 600)]
fn is_unique(grid: PackedGrid) -> bool {
    count(&grid, 2) == 1
}

/// True when no two equal givens share a row, column or box.
// COST 170: 0.8 µs a call on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(immutable, strict, parallel_safe, cost = 170)]
fn is_valid(grid: Grid) -> bool {
    grid.0.is_valid()
}

/// True when every cell is filled and every unit holds each digit once.
// COST 70: 0.35 µs a call on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(immutable, strict, parallel_safe, cost = 70)]
fn is_solved(grid: Grid) -> bool {
    grid.0.is_solved()
}

/// The multi-line display: `735|812|694` rows, `---+---+---` between bands.
// COST 160: 0.8 µs a call on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(immutable, strict, parallel_safe, cost = 160)]
fn pretty(grid: Grid) -> String {
    grid.0.pretty()
}

/// An SVG picture of `grid` (`sudoku_engine::picture::svg`): thick box lines, givens in bold,
/// the digits `solution` adds in blue, the candidates of the cells still blank with
/// `candidates`. NULL when `grid` is NULL; `22023` when `solution` differs in size or changes a
/// given; `22004` when `candidates` is NULL.
// COST 3000: 15 µs a call for a 9x9 puzzle with its solution (8.5 µs alone, 37 µs with candidates),
// engine time on magictour_top1465, in units of 5 ns (docs/benchmarks.md "Solving in bulk").
#[pg_extern(immutable, parallel_safe, cost = 3000)]
fn svg(
    grid: Option<Grid>,
    solution: default!(Option<Grid>, "NULL"),
    candidates: default!(Option<bool>, false),
) -> Option<String> {
    let candidates = crate::grid_type::required(candidates, "candidates");
    let grid = grid?;
    match sudoku_engine::picture::svg(&grid.0, solution.as_ref().map(|s| &s.0), candidates) {
        Ok(doc) => Some(doc),
        Err(e) => invalid_parameter(e.to_string()),
    }
}

/// The grid size: 4, 9, 16 or 25.
// COST 1: as cheap as a builtin operator on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(immutable, strict, parallel_safe, cost = 1)]
pub(crate) fn size(grid: Grid) -> i32 {
    grid.0.size() as i32
}

/// The number of givens (filled cells).
// COST 5: 0.03 µs a call on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(immutable, strict, parallel_safe, cost = 5)]
fn givens(grid: Grid) -> i32 {
    grid.0.givens() as i32
}

/// The digit at 1-based `row`, `col`; NULL for a blank; `22023` outside the grid.
// COST 1: as cheap as a builtin operator on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(immutable, strict, parallel_safe, cost = 1)]
fn get(grid: Grid, row: i32, col: i32) -> Option<i32> {
    match grid.0.get(row as i64, col as i64) {
        Ok(v) => v.map(i32::from),
        Err(e) => crate::grid_type::raise(&e),
    }
}
