//! Set-based views of a puzzle, as the SQL articles think of one: a row per cell and the inverse
//! aggregate, the candidates of each blank cell, hidden singles, the propagation fixpoint, every
//! solution as a stream, the recursive fill as rows, and random complete grids.

use pgrx::pg_sys::errcodes::PgSqlErrorCode;
use pgrx::prelude::*;
use sudoku_engine::views;
use sudoku_engine::{Branching, Solutions};

use crate::functions::{interrupts, searched};
use crate::grid_type::{invalid_parameter, raise, Grid};

extension_sql!(
    r#"
CREATE TYPE cell AS (row integer, col integer, box integer, value integer);
CREATE TYPE cell_candidates AS (row integer, col integer, box integer, candidates integer[], mask integer);
CREATE TYPE hidden_single AS (row integer, col integer, value integer, unit text, unit_no integer);
CREATE TYPE node AS (depth integer, row integer, col integer, digit integer, grid grid, is_solution boolean);
"#,
    name = "view_types",
    requires = ["concrete_type"]
);

/// Raises `XX000`: the extension's own composite types do not match its code.
fn internal(message: String) -> ! {
    ereport!(ERROR, PgSqlErrorCode::ERRCODE_INTERNAL_ERROR, message);
}

fn set(tuple: &mut PgHeapTuple<'static, pgrx::AllocatedByRust>, name: &str, value: impl IntoDatum) {
    tuple.set_by_name(name, value).unwrap_or_else(|e| internal(format!("attribute {name}: {e}")));
}

fn new_tuple(type_name: &str) -> PgHeapTuple<'static, pgrx::AllocatedByRust> {
    PgHeapTuple::new_composite_type(type_name).unwrap_or_else(|e| internal(format!("type {type_name}: {e}")))
}

/// One row per cell, row-major: 1-based row, column and box, and the digit (NULL when blank).
#[pg_extern(immutable, strict, parallel_safe, requires = ["view_types"])]
fn cells(grid: Grid) -> SetOfIterator<'static, pgrx::composite_type!('static, "cell")> {
    let rows: Vec<_> = views::cells(&grid.0).collect();
    SetOfIterator::new(rows.into_iter().map(|c| {
        let mut t = new_tuple("sudoku.cell");
        set(&mut t, "row", c.row as i32);
        set(&mut t, "col", c.col as i32);
        set(&mut t, "box", c.box_ as i32);
        set(&mut t, "value", c.value.map(i32::from));
        t
    }))
}

/// One row per blank cell, row-major: the digits none of its peers holds, ascending, and the
/// same set as a bitmask (digit d is bit d - 1).
#[pg_extern(immutable, strict, parallel_safe, requires = ["view_types"])]
fn candidates(grid: Grid) -> SetOfIterator<'static, pgrx::composite_type!('static, "cell_candidates")> {
    let rows: Vec<_> = views::candidates(&grid.0).collect();
    SetOfIterator::new(rows.into_iter().map(|(c, mask)| {
        let mut t = new_tuple("sudoku.cell_candidates");
        set(&mut t, "row", c.row as i32);
        set(&mut t, "col", c.col as i32);
        set(&mut t, "box", c.box_ as i32);
        set(&mut t, "candidates", views::digits(mask).map(i32::from).collect::<Vec<i32>>());
        set(&mut t, "mask", mask as i32);
        t
    }))
}

/// Every solution up to `max_solutions`, in the order of `sudoku.solve`, one per call: the
/// search is resumed for each row, so memory stays flat. In the SELECT list `LIMIT` stops it
/// early; in FROM, PostgreSQL's function scan collects every row into a tuplestore first.
#[pg_extern(immutable, strict, parallel_safe)]
fn solutions(grid: Grid, max_solutions: i32) -> SetOfIterator<'static, Grid> {
    if max_solutions < 0 {
        invalid_parameter(format!("max_solutions must not be negative, not {max_solutions}"));
    }
    let mut search = Solutions::new(&grid.0, Branching::FewestCandidates);
    let mut left = max_solutions;
    SetOfIterator::new(std::iter::from_fn(move || {
        if left == 0 {
            return None;
        }
        left -= 1;
        searched(search.next_with(&mut interrupts())).map(Grid)
    }))
}

/// The final function of `sudoku.grid_agg`: the grid of the accumulated (row, col, value)
/// triples, of `size` (0: the smallest size that holds every row, column and value).
#[pg_extern(immutable, strict, parallel_safe)]
fn grid_agg_final(triples: Vec<Option<i32>>, size: i32) -> Option<Grid> {
    let chunks: Vec<(i64, i64, Option<i64>)> = triples
        .chunks(3)
        .map(|t| match t {
            [Some(r), Some(c), v] => (*r as i64, *c as i64, v.map(i64::from)),
            _ => invalid_parameter("a row or column of sudoku.grid_agg is NULL".into()),
        })
        .collect();
    let size = if size == 0 {
        let largest = chunks.iter().map(|&(r, c, v)| r.max(c).max(v.unwrap_or(0))).max().unwrap_or(0);
        match [4, 9, 16, 25].into_iter().find(|&n| n >= largest) {
            Some(n) => n,
            None => invalid_parameter(format!("{largest} is beyond the largest grid (25x25)")),
        }
    } else {
        size as i64
    };
    match views::grid_from_cells(size as usize, chunks) {
        Ok(g) => Some(Grid(g)),
        Err(e) => raise(&e),
    }
}

extension_sql!(
    r#"
CREATE FUNCTION grid_agg_step(state integer[], "row" integer, col integer, value integer)
RETURNS integer[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN pg_catalog.array_cat(state, ARRAY["row", col, value]);

CREATE FUNCTION grid_agg_step(state integer[], "row" integer, col integer, value integer, size integer)
RETURNS integer[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN pg_catalog.array_cat(COALESCE(state, ARRAY[size]), ARRAY["row", col, value]);

CREATE FUNCTION grid_agg_final(state integer[])
RETURNS grid LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN @extschema@.grid_agg_final(state, 0);

CREATE FUNCTION grid_agg_final_sized(state integer[])
RETURNS grid LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN @extschema@.grid_agg_final(state[2:], state[1]);

CREATE AGGREGATE grid_agg("row" integer, col integer, value integer) (
    SFUNC = grid_agg_step, STYPE = integer[], FINALFUNC = grid_agg_final, PARALLEL = SAFE
);
CREATE AGGREGATE grid_agg("row" integer, col integer, value integer, size integer) (
    SFUNC = grid_agg_step, STYPE = integer[], FINALFUNC = grid_agg_final_sized, PARALLEL = SAFE
);
"#,
    name = "grid_agg",
    requires = [grid_agg_final]
);

/// The technique names `sudoku.propagate` takes.
const TECHNIQUES: [&str; 3] = ["naked_single", "hidden_single", "locked_candidates"];

/// The grid after applying the chosen techniques until nothing changes: cells they place are
/// filled, the rest stay blank; NULL when they prove there is no solution.
#[pg_extern(immutable, strict, parallel_safe)]
fn propagate(
    grid: Grid,
    techniques: default!(Vec<String>, "ARRAY['naked_single', 'hidden_single', 'locked_candidates']"),
) -> Option<Grid> {
    let mut chosen = sudoku_engine::Techniques::NONE;
    for t in &techniques {
        match t.as_str() {
            "naked_single" => chosen.naked_singles = true,
            "hidden_single" => chosen.hidden_singles = true,
            "locked_candidates" => chosen.locked_candidates = true,
            other => invalid_parameter(format!("unknown technique {other:?}; the techniques are {}", TECHNIQUES.join(", "))),
        }
    }
    sudoku_engine::propagate(&grid.0, chosen).map(Grid)
}

/// One row per hidden single: a digit with one possible cell in a row, column or box (by the
/// peers' digits alone), rows first, then columns, then boxes.
#[pg_extern(immutable, strict, parallel_safe, requires = ["view_types"])]
fn hidden_singles(grid: Grid) -> SetOfIterator<'static, pgrx::composite_type!('static, "hidden_single")> {
    let rows = views::hidden_singles(&grid.0);
    SetOfIterator::new(rows.into_iter().map(|h| {
        let mut t = new_tuple("sudoku.hidden_single");
        set(&mut t, "row", h.cell.row as i32);
        set(&mut t, "col", h.cell.col as i32);
        set(&mut t, "value", h.digit as i32);
        set(&mut t, "unit", h.unit.name());
        set(&mut t, "unit_no", h.unit_no as i32);
        t
    }))
}

/// The nodes of the recursive-CTE fill, level by level, at most `max_nodes` of them.
#[pg_extern(immutable, strict, parallel_safe, requires = ["view_types"])]
fn search_tree(grid: Grid, max_nodes: i32) -> SetOfIterator<'static, pgrx::composite_type!('static, "node")> {
    if max_nodes < 0 {
        invalid_parameter(format!("max_nodes must not be negative, not {max_nodes}"));
    }
    let mut seen = 0u32;
    SetOfIterator::new(views::SearchTree::new(&grid.0, max_nodes as u64).map(move |n| {
        seen = seen.wrapping_add(1);
        if seen % 1024 == 0 {
            pgrx::check_for_interrupts!();
        }
        let mut t = new_tuple("sudoku.node");
        set(&mut t, "depth", n.depth as i32);
        set(&mut t, "row", n.cell.map(|c| c.row as i32));
        set(&mut t, "col", n.cell.map(|c| c.col as i32));
        set(&mut t, "digit", n.digit.map(i32::from));
        set(&mut t, "grid", Grid(n.grid));
        set(&mut t, "is_solution", n.is_solution);
        t
    }))
}

/// A grid size argument: 4, 9, 16 or 25, else `22023`.
fn grid_size(size: i32) -> usize {
    match size {
        4 | 9 | 16 | 25 => size as usize,
        _ => invalid_parameter(format!("grid size must be 4, 9, 16 or 25, not {size}")),
    }
}

/// The random complete grid of `size` for `seed`: reproducible across runs, platforms and
/// releases (ChaCha8).
#[pg_extern(name = "random_grid", immutable, strict, parallel_safe)]
fn random_grid_seeded(size: i32, seed: i64) -> Grid {
    let drawn = searched(sudoku_engine::random::random_grid_seeded(grid_size(size), seed as u64, &mut interrupts()));
    drawn.map(Grid).unwrap_or_else(|e| raise(&e))
}

/// A random complete grid of `size`, different at each call.
#[pg_extern(name = "random_grid", volatile, strict, parallel_safe)]
fn random_grid(size: default!(i32, 9)) -> Grid {
    let drawn = searched(sudoku_engine::random::random_grid_with(grid_size(size), &mut rand::rng(), &mut interrupts()));
    drawn.map(Grid).unwrap_or_else(|e| raise(&e))
}
