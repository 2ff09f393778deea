//! Set-based views of a puzzle, as the SQL articles think of one: a row per cell and the inverse
//! aggregate, the candidates of each blank cell, hidden singles, Crook's preemptive sets, the
//! propagation fixpoint and its trace step by step, every solution as a stream, the recursive
//! fill as rows, and random complete grids.

use pgrx::pg_sys::errcodes::PgSqlErrorCode;
use pgrx::prelude::*;
use pgrx::IntoDatum;
use sudoku_engine::rate::{steps_with, technique_names, Allowed, Deduction, Ending};
use sudoku_engine::trace::FillSteps;
use sudoku_engine::views;
use sudoku_engine::{Branching, Solutions, Techniques};

use crate::functions::{interrupts, searched};
use crate::grid_type::{invalid_parameter, raise, Grid};

extension_sql!(
    r#"
CREATE TYPE cell AS (row integer, col integer, box integer, value integer);
CREATE TYPE cell_candidates AS (row integer, col integer, box integer, candidates integer[], mask integer);
CREATE TYPE hidden_single AS (row integer, col integer, value integer, unit text, unit_no integer);
CREATE TYPE node AS (depth integer, row integer, col integer, digit integer, grid grid, is_solution boolean);
CREATE TYPE preemptive_set AS (unit text, unit_no integer, size integer, digits integer[], cells integer[]);
CREATE TYPE step AS (
    step integer, technique text, unit text, unit_no integer, digits integer[], cells integer[],
    placed integer[], eliminated integer[], grid grid, explanation text
);
"#,
    name = "view_types",
    requires = ["concrete_type"]
);

/// Raises `XX000`: the extension's own composite types do not match its code.
fn internal(message: String) -> ! {
    ereport!(ERROR, PgSqlErrorCode::ERRCODE_INTERNAL_ERROR, message);
}

pub(crate) fn set(tuple: &mut PgHeapTuple<'static, pgrx::AllocatedByRust>, name: &str, value: impl IntoDatum) {
    tuple.set_by_name(name, value).unwrap_or_else(|e| internal(format!("attribute {name}: {e}")));
}

pub(crate) fn new_tuple(type_name: &str) -> PgHeapTuple<'static, pgrx::AllocatedByRust> {
    PgHeapTuple::new_composite_type(type_name).unwrap_or_else(|e| internal(format!("type {type_name}: {e}")))
}

/// A two-dimensional `integer[]` of equal-width rows, such as `{{1,2},{1,5}}`; no rows is `{}`.
pub(crate) struct IntMatrix(Vec<Vec<i32>>);

impl IntoDatum for IntMatrix {
    fn into_datum(self) -> Option<pg_sys::Datum> {
        let Some(width) = self.0.first().map(Vec::len) else {
            // SAFETY: builds a palloc'd empty int4 array in the current memory context.
            return Some(pg_sys::Datum::from(unsafe { pg_sys::construct_empty_array(pg_sys::INT4OID) }));
        };
        if self.0.iter().any(|r| r.len() != width) {
            internal("rows of a two-dimensional array differ in width".into());
        }
        let mut elements: Vec<pg_sys::Datum> = self.0.iter().flatten().map(|&v| pg_sys::Datum::from(v)).collect();
        let mut dims = [self.0.len() as i32, width as i32];
        let mut lower_bounds = [1i32, 1];
        // SAFETY: `elements` holds dims[0] * dims[1] by-value int4 datums without NULLs, and the
        // type facts (length 4, by value, int alignment) are those of int4; the array is copied
        // into the current memory context.
        let array = unsafe {
            pg_sys::construct_md_array(
                elements.as_mut_ptr(),
                std::ptr::null_mut(),
                2,
                dims.as_mut_ptr(),
                lower_bounds.as_mut_ptr(),
                pg_sys::INT4OID,
                4,
                true,
                pg_sys::TYPALIGN_INT as std::ffi::c_char,
            )
        };
        Some(pg_sys::Datum::from(array))
    }

    fn type_oid() -> pg_sys::Oid {
        pg_sys::INT4ARRAYOID
    }
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

/// The technique names `sudoku.propagate` and `sudoku.fill_steps` take.
const TECHNIQUES: [&str; 4] = ["naked_single", "hidden_single", "locked_candidates", "preemptive_set"];

/// The techniques named in a `text[]` argument; `22023` for another name.
fn techniques(names: &[String]) -> Techniques {
    let mut chosen = Techniques::NONE;
    for t in names {
        match t.as_str() {
            "naked_single" => chosen.naked_singles = true,
            "hidden_single" => chosen.hidden_singles = true,
            "locked_candidates" => chosen.locked_candidates = true,
            "preemptive_set" => chosen.preemptive_sets = true,
            other => {
                invalid_parameter(format!("unknown technique {other:?}; the techniques are {}", TECHNIQUES.join(", ")))
            }
        }
    }
    chosen
}

/// The grid after applying the chosen techniques until nothing changes: cells they place are
/// filled, the rest stay blank; NULL when they prove there is no solution.
#[pg_extern(immutable, strict, parallel_safe)]
fn propagate(
    grid: Grid,
    techniques: default!(Vec<String>, "ARRAY['naked_single', 'hidden_single', 'locked_candidates', 'preemptive_set']"),
) -> Option<Grid> {
    let chosen = self::techniques(&techniques);
    searched(sudoku_engine::propagate_with(&grid.0, chosen, &mut interrupts())).map(Grid)
}

/// Crook's preemptive sets of every unit, at most `max_size` digits each (NULL: any size).
#[pg_extern(immutable, parallel_safe, requires = ["view_types"])]
fn preemptive_sets(
    grid: Option<Grid>,
    max_size: default!(Option<i32>, "NULL"),
) -> SetOfIterator<'static, pgrx::composite_type!('static, "preemptive_set")> {
    let Some(grid) = grid else {
        return SetOfIterator::new(Vec::new());
    };
    let max_size = match max_size {
        None => grid.0.size(),
        Some(m) if m < 0 => invalid_parameter(format!("max_size must not be negative, not {m}")),
        Some(m) => m as usize,
    };
    let sets = searched(views::preemptive_sets(&grid.0, max_size, &mut interrupts()));
    SetOfIterator::new(sets.into_iter().map(|p| {
        let mut t = new_tuple("sudoku.preemptive_set");
        set(&mut t, "unit", p.unit.name());
        set(&mut t, "unit_no", p.unit_no as i32);
        set(&mut t, "size", p.digits.count_ones() as i32);
        set(&mut t, "digits", views::digits(p.digits).map(i32::from).collect::<Vec<i32>>());
        set(&mut t, "cells", IntMatrix(p.cells.iter().map(|c| vec![c.row as i32, c.col as i32]).collect()));
        t
    }))
}

/// The propagation of `sudoku.propagate`, one deduction per row, ending with a row that says
/// how it ended.
#[pg_extern(immutable, strict, parallel_safe, requires = ["view_types"])]
fn fill_steps(
    grid: Grid,
    techniques: default!(Vec<String>, "ARRAY['naked_single', 'hidden_single', 'locked_candidates', 'preemptive_set']"),
) -> SetOfIterator<'static, pgrx::composite_type!('static, "step")> {
    if !techniques.iter().all(|t| TECHNIQUES.contains(&t.as_str())) {
        return ladder_steps(&grid, &techniques);
    }
    let mut steps = FillSteps::new(&grid.0, self::techniques(&techniques));
    let mut number = 0;
    SetOfIterator::new(std::iter::from_fn(move || {
        let s = searched(steps.next_with(&mut interrupts()))?;
        number += 1;
        let mut t = new_tuple("sudoku.step");
        set(&mut t, "step", number);
        set(&mut t, "technique", s.technique.name());
        set(&mut t, "unit", s.unit.map(|(kind, _)| kind.name()));
        set(&mut t, "unit_no", s.unit.map(|(_, no)| no as i32));
        set(&mut t, "digits", s.digits.iter().map(|&d| d as i32).collect::<Vec<i32>>());
        set(&mut t, "cells", IntMatrix(s.cells.iter().map(|&(r, c)| vec![r as i32, c as i32]).collect()));
        set(&mut t, "placed", s.placed.map(|(r, c, d)| vec![r as i32, c as i32, d as i32]));
        set(
            &mut t,
            "eliminated",
            IntMatrix(s.eliminated.iter().map(|&(r, c, d)| vec![r as i32, c as i32, d as i32]).collect()),
        );
        set(&mut t, "explanation", s.explanation());
        set(&mut t, "grid", Grid(s.grid));
        Some(t)
    }))
}

/// `fill_steps` with the techniques of `sudoku.rate` (any of them named): the logical solution
/// a person would follow, ending with a `solved` or `stalled` row.
fn ladder_steps(grid: &Grid, names: &[String]) -> SetOfIterator<'static, pgrx::composite_type!('static, "step")> {
    let allowed = Allowed::from_names(names.iter().map(String::as_str)).unwrap_or_else(|name| {
        invalid_parameter(format!(
            "unknown technique {name:?}; fill_steps takes either techniques of sudoku.propagate ({}) or of sudoku.rate ({})",
            TECHNIQUES.join(", "),
            technique_names().join(", ")
        ))
    });
    let (steps, ending) = match searched(steps_with(&grid.0, &allowed, &mut interrupts())) {
        Ok(s) => s,
        Err(e) => invalid_parameter(format!("cannot solve this grid step by step: {e}")),
    };
    let n = grid.0.size();
    let last_grid = steps.last().map_or_else(|| grid.0.clone(), |(_, g)| g.clone());
    let mut rows: Vec<_> =
        steps.into_iter().enumerate().map(|(i, (d, after))| deduction_row(i as i32 + 1, &d, after, n)).collect();
    let mut t = new_tuple("sudoku.step");
    set(&mut t, "step", rows.len() as i32 + 1);
    set(&mut t, "technique", if ending == Ending::Solved { "solved" } else { "stalled" });
    set(&mut t, "digits", Vec::<i32>::new());
    set(&mut t, "cells", IntMatrix(Vec::new()));
    set(&mut t, "eliminated", IntMatrix(Vec::new()));
    set(&mut t, "grid", Grid(last_grid));
    set(
        &mut t,
        "explanation",
        if ending == Ending::Solved { "Every cell is filled." } else { "No chosen technique applies any more." },
    );
    rows.push(t);
    SetOfIterator::new(rows)
}

/// A `sudoku.step` row for a deduction of the rating solver on a grid of `n` digits.
pub(crate) fn deduction_row(
    number: i32,
    d: &Deduction,
    after: sudoku_engine::Grid,
    n: usize,
) -> PgHeapTuple<'static, pgrx::AllocatedByRust> {
    let rc = |c: usize| vec![(c / n + 1) as i32, (c % n + 1) as i32];
    let mut t = new_tuple("sudoku.step");
    set(&mut t, "step", number);
    set(&mut t, "technique", d.technique.name());
    let unit = d.unit.map(|u| views::UnitKind::of_unit(u, n));
    set(&mut t, "unit", unit.map(|(kind, _)| kind.name()));
    set(&mut t, "unit_no", unit.map(|(_, no)| no as i32));
    set(&mut t, "digits", d.digits.iter().map(|&x| x as i32).collect::<Vec<i32>>());
    set(&mut t, "cells", IntMatrix(d.cells.iter().map(|&c| rc(c)).collect()));
    set(&mut t, "placed", d.placed.map(|(c, x)| [rc(c), vec![x as i32]].concat()));
    set(&mut t, "eliminated", IntMatrix(d.eliminated.iter().map(|&(c, x)| [rc(c), vec![x as i32]].concat()).collect()));
    set(&mut t, "grid", Grid(after));
    set(&mut t, "explanation", d.explanation.as_str());
    t
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
