//! Set-based views of a puzzle, as the SQL articles think of one: a row per cell and the inverse
//! aggregate, the candidates of each blank cell, hidden singles, Crook's preemptive sets, the
//! propagation fixpoint and its trace step by step, every solution as a stream, the recursive
//! fill as rows, and random complete grids.

use pgrx::prelude::*;
use pgrx::IntoDatum;
use sudoku_engine::geometry::UnitKind;
use sudoku_engine::human::{self, technique_names, Selection, Step, Steps};
use sudoku_engine::views;
use sudoku_engine::{Branching, Solutions};

use crate::functions::{interrupts, searched};
use crate::grid_type::{invalid_parameter, raise, required, Grid};
use crate::rows::{datum, int4_array, int_list, internal, Row, RowType};

extension_sql!(
    r#"
CREATE TYPE cell AS (row integer, col integer, box integer, value integer);
CREATE TYPE cell_candidates AS (row integer, col integer, box integer, candidates integer[], mask integer);
CREATE TYPE hidden_single AS (row integer, col integer, value integer, unit text, unit_no integer);
CREATE TYPE node AS (depth integer, row integer, col integer, digit integer, grid grid, is_solution boolean);
CREATE TYPE preemptive_set AS (unit text, unit_no integer, size integer, digits integer[], cells integer[]);
CREATE TYPE step AS (
    step integer, technique text, unit text, unit_no integer, digits integer[], cells integer[],
    placed integer[], eliminated integer[], grid grid, explanation text, difficulty numeric, links jsonb,
    fins integer[]
);
"#,
    name = "view_types",
    requires = ["concrete_type"]
);

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
        let elements: Vec<pg_sys::Datum> = self.0.iter().flatten().map(|&v| pg_sys::Datum::from(v)).collect();
        Some(int4_array(elements, &[self.0.len() as i32, width as i32]))
    }

    fn type_oid() -> pg_sys::Oid {
        pg_sys::INT4ARRAYOID
    }
}

/// One row per cell, row-major: 1-based row, column and box, and the digit (NULL when blank).
// COST 60: 0.31 µs a row on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(immutable, strict, parallel_safe, requires = ["view_types"], cost = 60)]
fn cells(grid: Grid) -> SetOfIterator<'static, pgrx::composite_type!('static, "cell")> {
    let rows: Vec<_> = views::cells(&grid.0).collect();
    let ty = RowType::new("sudoku.cell");
    SetOfIterator::new(rows.into_iter().map(move |c| {
        ty.row([
            datum(c.row as i32),
            datum(c.col as i32),
            datum((c.box_ != 0).then_some(c.box_ as i32)),
            datum(c.value.map(i32::from)),
        ])
    }))
}

/// One row per blank cell, row-major: the digits none of its peers holds, ascending, and the
/// same set as a bitmask (digit d is bit d - 1).
// COST 110: 0.54 µs a row on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(immutable, strict, parallel_safe, requires = ["view_types"], cost = 110)]
fn candidates(grid: Grid) -> SetOfIterator<'static, pgrx::composite_type!('static, "cell_candidates")> {
    let rows: Vec<_> = views::candidates(&grid.0).collect();
    let ty = RowType::new("sudoku.cell_candidates");
    SetOfIterator::new(rows.into_iter().map(move |(c, mask)| {
        ty.row([
            datum(c.row as i32),
            datum(c.col as i32),
            datum((c.box_ != 0).then_some(c.box_ as i32)),
            int_list(views::digits(mask).map(i32::from)),
            datum(mask as i32),
        ])
    }))
}

/// Every solution up to `max_solutions`, in the order of `sudoku.solve`, one per call: the
/// search is resumed for each row, so memory stays flat. In the SELECT list `LIMIT` stops it
/// early; in FROM, PostgreSQL's function scan collects every row into a tuplestore first.
// COST 2100: 10.4 µs a row on magictour_top1465 (two rows walk the tree of count_solutions(p, 2)), in units of 5 ns.
#[pg_extern(immutable, strict, parallel_safe, cost = 2100)]
fn solutions(grid: Grid, max_solutions: i32) -> SetOfIterator<'static, Grid> {
    if max_solutions < 0 {
        invalid_parameter(format!("max_solutions must not be negative, not {max_solutions}"));
    }
    let mut search = Solutions::new(&grid.0, Branching::Fastest);
    let mut left = max_solutions;
    SetOfIterator::new(std::iter::from_fn(move || {
        if left == 0 {
            return None;
        }
        left -= 1;
        searched(search.next_with(&mut interrupts())).map(Grid)
    }))
}

/// 0.1.0's final function of `sudoku.grid_agg` over an `integer[]` state, kept in the library
/// (not in 0.2.0's SQL) so that `CREATE EXTENSION pg_sudoku VERSION '0.1.0'` and 0.1.0 databases
/// not yet updated still find it: the grid of flattened (row, col, value) triples, of `size` (0:
/// inferred).
#[pg_extern(immutable, strict, parallel_safe, sql = false)]
fn grid_agg_final(triples: Vec<Option<i32>>, size: i32) -> Option<Grid> {
    let chunks = triples.chunks(3).map(|t| match t {
        [Some(r), Some(c), v] => (*r as i64, *c as i64, v.map(i64::from)),
        _ => invalid_parameter("a row or column of sudoku.grid_agg is NULL".into()),
    });
    let mut collector = views::GridCollector::new((size != 0).then_some(size as usize)).unwrap_or_else(|e| raise(&e));
    for (r, c, v) in chunks {
        collector.add(r, c, v).unwrap_or_else(|e| raise(&e));
    }
    Some(Grid(collector.finish().unwrap_or_else(|e| raise(&e))))
}

/// The transition of `sudoku.grid_agg`: adds one (row, col, value) row to the state, a
/// [`views::GridCollector`] in the aggregate's memory context, checking it at once; constant
/// time and memory per row.
fn grid_agg_add(
    mut state: pgrx::datum::Internal,
    size: Option<i32>,
    row: Option<i32>,
    col: Option<i32>,
    value: Option<i32>,
    fcinfo: pg_sys::FunctionCallInfo,
) -> pgrx::datum::Internal {
    if !state.initialized() {
        let collector = views::GridCollector::new(size.map(grid_size)).unwrap_or_else(|e| raise(&e));
        let mut context = std::ptr::null_mut();
        // SAFETY: fcinfo is the call's own; AggCheckCallContext only reads it.
        if unsafe { pg_sys::AggCheckCallContext(fcinfo, &mut context) } == 0 {
            invalid_parameter("sudoku.grid_agg's transition function must be called by the aggregate".into());
        }
        let kept = pgrx::PgMemoryContexts::For(context).leak_and_drop_on_delete(collector);
        state = pgrx::datum::Internal::from(Some(pg_sys::Datum::from(kept)));
    }
    // SAFETY: a non-null state is the GridCollector allocated above for this group.
    let collector = unsafe { state.get_mut::<views::GridCollector>() }.expect("an initialized state");
    let (Some(row), Some(col)) = (row, col) else {
        invalid_parameter("a row or column of sudoku.grid_agg is NULL".into());
    };
    collector.add(row as i64, col as i64, value.map(i64::from)).unwrap_or_else(|e| raise(&e));
    state
}

/// 0.3.0's transition of `sudoku.grid_agg(row, col, value)` over an `internal` state, kept in the
/// library (not in 0.4.0's SQL) for 0.3.0 installs not yet updated.
#[pg_extern(name = "grid_agg_step", immutable, parallel_safe, sql = false)]
fn grid_agg_step_inferred(
    state: pgrx::datum::Internal,
    row: Option<i32>,
    col: Option<i32>,
    value: Option<i32>,
    fcinfo: pg_sys::FunctionCallInfo,
) -> pgrx::datum::Internal {
    grid_agg_add(state, None, row, col, value, fcinfo)
}

/// 0.3.0's transition of `sudoku.grid_agg(row, col, value, size)` over an `internal` state, kept in
/// the library (not in 0.4.0's SQL) for 0.3.0 installs not yet updated.
#[pg_extern(name = "grid_agg_step", immutable, parallel_safe, sql = false)]
fn grid_agg_step_sized(
    state: pgrx::datum::Internal,
    row: Option<i32>,
    col: Option<i32>,
    value: Option<i32>,
    size: Option<i32>,
    fcinfo: pg_sys::FunctionCallInfo,
) -> pgrx::datum::Internal {
    let size = required(size, "the size of sudoku.grid_agg");
    grid_agg_add(state, Some(size), row, col, value, fcinfo)
}

/// 0.3.0's final function of `sudoku.grid_agg` over an `internal` state, kept in the library (not
/// in 0.4.0's SQL) for 0.3.0 installs not yet updated.
#[pg_extern(name = "grid_agg_final", immutable, parallel_safe, sql = false)]
fn grid_agg_finish(mut state: pgrx::datum::Internal) -> Option<Grid> {
    // SAFETY: a non-null state of grid_agg is a GridCollector (grid_agg_add).
    let collector = unsafe { state.get_mut::<views::GridCollector>() }?;
    Some(Grid(collector.finish().unwrap_or_else(|e| raise(&e))))
}

/// The bytes of a `bytea` state of `sudoku.grid_agg`, to update in place: the datum itself when
/// the aggregate owns it (called by an aggregate, plain 4-byte header), else a copy in the
/// current memory context; the aggregate keeps a returned datum that is its own, and copies any
/// other into its context.
///
/// # Safety
/// `datum` is a non-null `bytea` datum.
unsafe fn owned_state<'a>(datum: pg_sys::Datum, fcinfo: pg_sys::FunctionCallInfo) -> (pg_sys::Datum, &'a mut [u8]) {
    let ptr = datum.cast_mut_ptr::<pg_sys::varlena>();
    // SAFETY: fcinfo is the call's own; AggCheckCallContext only reads it.
    let in_aggregate = unsafe { pg_sys::AggCheckCallContext(fcinfo, std::ptr::null_mut()) } != 0;
    // SAFETY: ptr is a bytea datum; detoasting returns it unchanged when it is a plain one.
    let owned = unsafe {
        if in_aggregate {
            pg_sys::pg_detoast_datum(ptr)
        } else {
            pg_sys::pg_detoast_datum_copy(ptr)
        }
    };
    // SAFETY: owned is an untoasted 4-byte-header varlena of varsize_4b bytes.
    let bytes = unsafe {
        let len = pgrx::varlena::varsize_4b(owned) - pg_sys::VARHDRSZ;
        std::slice::from_raw_parts_mut(pgrx::varlena::vardata_4b(owned) as *mut u8, len)
    };
    (pg_sys::Datum::from(owned), bytes)
}

/// The transition of `sudoku.grid_agg`: adds one (row, col, value) row to the `bytea` state
/// (created on the first row, for `size` or inferred), in place, checking it at once; constant
/// time and memory per row.
fn grid_agg_add_bytes(
    state: pgrx::datum::Internal,
    size: Option<i32>,
    row: Option<i32>,
    col: Option<i32>,
    value: Option<i32>,
    fcinfo: pg_sys::FunctionCallInfo,
) -> pgrx::datum::Internal {
    let (Some(row), Some(col)) = (row, col) else {
        invalid_parameter("a row or column of sudoku.grid_agg is NULL".into());
    };
    let datum = match state.unwrap() {
        Some(datum) => datum,
        None => {
            let size = size.map(grid_size);
            let empty = views::collected::empty(size).unwrap_or_else(|e| raise(&e));
            pg_sys::Datum::from(pgrx::rust_byte_slice_to_bytea(&empty).into_pg())
        }
    };
    // SAFETY: the state is a bytea datum: the one made above or one this aggregate returned.
    let (datum, bytes) = unsafe { owned_state(datum, fcinfo) };
    views::collected::add(bytes, row as i64, col as i64, value.map(i64::from)).unwrap_or_else(|e| raise(&e));
    pgrx::datum::Internal::from(Some(datum))
}

/// Transition of `sudoku.grid_agg(row, col, value)`.
// COST 20: about 0.1 µs a row, estimated (not measured) in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(
    immutable,
    parallel_safe,
    sql = r#"
CREATE FUNCTION grid_agg_step(state bytea, "row" integer, col integer, value integer) RETURNS bytea
IMMUTABLE PARALLEL SAFE COST 20 LANGUAGE c AS 'MODULE_PATHNAME', 'grid_agg_step_bytes_wrapper';
"#
)]
fn grid_agg_step_bytes(
    state: pgrx::datum::Internal,
    row: Option<i32>,
    col: Option<i32>,
    value: Option<i32>,
    fcinfo: pg_sys::FunctionCallInfo,
) -> pgrx::datum::Internal {
    grid_agg_add_bytes(state, None, row, col, value, fcinfo)
}

/// Transition of `sudoku.grid_agg(row, col, value, size)`; `22004` for a NULL size on the first
/// row.
// COST 20: about 0.1 µs a row, estimated (not measured) in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(
    immutable,
    parallel_safe,
    sql = r#"
CREATE FUNCTION grid_agg_step(state bytea, "row" integer, col integer, value integer, size integer) RETURNS bytea
IMMUTABLE PARALLEL SAFE COST 20 LANGUAGE c AS 'MODULE_PATHNAME', 'grid_agg_step_sized_bytes_wrapper';
"#
)]
fn grid_agg_step_sized_bytes(
    state: pgrx::datum::Internal,
    row: Option<i32>,
    col: Option<i32>,
    value: Option<i32>,
    size: Option<i32>,
    fcinfo: pg_sys::FunctionCallInfo,
) -> pgrx::datum::Internal {
    if !state.initialized() {
        required(size, "the size of sudoku.grid_agg");
    }
    grid_agg_add_bytes(state, size, row, col, value, fcinfo)
}

/// The combine function of `sudoku.grid_agg`: the rows of `other` (collected by a parallel
/// worker or a Citus worker) added to `state`, in place when the aggregate owns it.
// COST 400: one pass over the 627 bytes of a state, estimated (not measured) in units of 5 ns.
#[pg_extern(
    immutable,
    strict,
    parallel_safe,
    sql = r#"
CREATE FUNCTION grid_agg_combine(state bytea, other bytea) RETURNS bytea
IMMUTABLE STRICT PARALLEL SAFE COST 400 LANGUAGE c AS 'MODULE_PATHNAME', 'grid_agg_combine_bytes_wrapper';
"#
)]
fn grid_agg_combine_bytes(
    state: pgrx::datum::Internal,
    other: &[u8],
    fcinfo: pg_sys::FunctionCallInfo,
) -> pgrx::datum::Internal {
    let datum = state.unwrap().expect("a strict function's argument");
    // SAFETY: the state is a bytea datum (the function is strict).
    let (datum, bytes) = unsafe { owned_state(datum, fcinfo) };
    views::collected::merge(bytes, other).unwrap_or_else(|e| raise(&e));
    pgrx::datum::Internal::from(Some(datum))
}

/// The final function of `sudoku.grid_agg`: the grid of the rows collected (NULL for no row).
// COST 400: about 2 µs a 9x9 grid, estimated (not measured) in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(name = "grid_agg_final", immutable, strict, parallel_safe, cost = 400)]
fn grid_agg_final_bytes(state: &[u8]) -> Grid {
    Grid(views::collected::finish(state).unwrap_or_else(|e| raise(&e)))
}

extension_sql!(
    r#"
CREATE AGGREGATE grid_agg("row" integer, col integer, value integer) (
    SFUNC = grid_agg_step, STYPE = bytea, FINALFUNC = grid_agg_final, COMBINEFUNC = grid_agg_combine,
    PARALLEL = SAFE
);
CREATE AGGREGATE grid_agg("row" integer, col integer, value integer, size integer) (
    SFUNC = grid_agg_step, STYPE = bytea, FINALFUNC = grid_agg_final, COMBINEFUNC = grid_agg_combine,
    PARALLEL = SAFE
);
"#,
    name = "grid_agg",
    requires = [grid_agg_step_bytes, grid_agg_step_sized_bytes, grid_agg_combine_bytes, grid_agg_final_bytes]
);

/// The most technique names an array may hold (the techniques number about forty, and a name
/// may repeat): `22023` beyond, before any is read (issue 46).
const MAX_TECHNIQUE_NAMES: usize = 1024;

/// The techniques named in a `text[]` argument of `propagate` or `fill_steps`; `22004` for a NULL
/// element, `22023` for an unknown name or more than [`MAX_TECHNIQUE_NAMES`].
fn selection(names: &Array<'_, &str>) -> Selection {
    if names.len() > MAX_TECHNIQUE_NAMES {
        invalid_parameter(format!("at most {MAX_TECHNIQUE_NAMES} technique names, not {}", names.len()));
    }
    let names: Vec<&str> = names.iter().map(|n| required(n, "a technique name")).collect();
    Selection::from_names(names.iter().copied()).unwrap_or_else(|name| {
        if sudoku_engine::human::Technique::LISTED.iter().any(|t| t.name() == name) {
            invalid_parameter(format!(
                "{name:?} is not a technique of HoDoKu's order (Sudoku Explainer's, or one HoDoKu leaves off), the \
                 order a run takes when a name only HoDoKu has is among the names; sudoku.steps(board, {name:?}) \
                 lists its steps"
            ))
        }
        invalid_parameter(format!(
            "unknown technique {name:?}; the techniques are {}, and the families locked_candidates and preemptive_set",
            technique_names().join(", ")
        ))
    })
}

/// The run of `selection` over `grid`; `22023` when the ladder cannot run (no unique solution).
fn run(grid: &Grid, selection: Selection, explain: bool) -> Steps {
    crate::grid_type::human_shape(grid.0.shape(), "solving step by step");
    match searched(Steps::new(&grid.0, selection, explain, &mut interrupts())) {
        Ok(run) => run,
        Err(e) => invalid_parameter(format!("cannot solve this grid step by step: {e}")),
    }
}

/// The grid after applying the chosen techniques until nothing changes: cells they place are
/// filled, the rest stay blank; NULL when they prove there is no solution. Propagate's four names
/// run the solver's bulk propagation; any other technique name, the ladder's steps
/// (`sudoku_engine::human`) to their end, which needs one solution (22023 otherwise).
// COST 6400: 32 µs a call on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(immutable, strict, parallel_safe, cost = 6400)]
fn propagate<'a>(
    grid: Grid,
    techniques: default!(
        Array<'a, &'a str>,
        "ARRAY['naked_single', 'hidden_single', 'locked_candidates', 'preemptive_set']"
    ),
) -> Option<Grid> {
    let selection = selection(&techniques);
    if let Some(bulk) = selection.techniques() {
        return searched(sudoku_engine::propagate_with(&grid.0, bulk, &mut interrupts())).map(Grid);
    }
    // Other techniques: the ladder's steps to their end.
    let mut steps = run(&grid, selection, false);
    while searched(steps.next_with(&mut interrupts())).is_some() {}
    Some(Grid(steps.grid()))
}

/// Crook's preemptive sets of every unit, at most `max_size` digits each (NULL: any size).
// COST 290: 1.5 µs a row on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(immutable, parallel_safe, requires = ["view_types"], cost = 290)]
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
    let sets = searched(human::preemptive_sets(&grid.0, max_size, &mut interrupts()));
    let n = grid.0.size();
    let ty = RowType::new("sudoku.preemptive_set");
    SetOfIterator::new(sets.into_iter().map(move |(u, digits, cells)| {
        let (kind, no) = UnitKind::of_unit(u, n);
        ty.row([
            datum(kind.name()),
            datum(no as i32),
            datum(digits.count_ones() as i32),
            int_list(views::digits(digits).map(i32::from)),
            datum(IntMatrix(cells.iter().map(|&c| vec![(c / n + 1) as i32, (c % n + 1) as i32]).collect())),
        ])
    }))
}

/// The steps of the chosen techniques, one deduction per row, ending with a row that says how
/// the run ended: in the propagation order when every name is one of propagate's four, in
/// HoDoKu's order when a name only HoDoKu has is among them (9x9), else in the rating ladder
/// (`sudoku_engine::human::Order`).
// COST 1900: 9.7 µs a row (18.7 with the rating techniques) on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(immutable, strict, parallel_safe, requires = ["view_types"], cost = 1900)]
fn fill_steps<'a>(
    grid: Grid,
    techniques: default!(
        Array<'a, &'a str>,
        "ARRAY['naked_single', 'hidden_single', 'locked_candidates', 'preemptive_set']"
    ),
) -> SetOfIterator<'static, pgrx::composite_type!('static, "step")> {
    step_rows(run(&grid, selection(&techniques), true), grid.0.size())
}

/// `fill_steps(grid)` by the rater `by` names: `se`, Sudoku Explainer's path with every
/// technique (`fill_steps(grid, sudoku.rating_techniques())`); `hodoku`, HoDoKu's order, each
/// step's difficulty its HoDoKu score. 22023 for another name, a grid that is not 9x9 (HoDoKu's
/// order), no or several solutions.
// COST 14000: 71 µs a row through SQL on 300 puzzles of se_rated_10k (every 33rd; 66 rows a puzzle), in units of 5 ns (psql \timing).
#[pg_extern(immutable, strict, parallel_safe, name = "fill_steps", requires = ["view_types"], cost = 14000)]
fn fill_steps_by(grid: Grid, by: &str) -> SetOfIterator<'static, pgrx::composite_type!('static, "step")> {
    let selection = if crate::generate::by_hodoku(by) { Selection::hodoku() } else { Selection::all() };
    step_rows(run(&grid, selection, true), grid.0.size())
}

/// The rows of a run of steps, one a deduction, then one that says how the run ended.
pub(crate) fn step_rows(mut steps: Steps, n: usize) -> SetOfIterator<'static, pgrx::composite_type!('static, "step")> {
    let (mut number, mut done) = (0, false);
    let ty = RowType::new("sudoku.step");
    SetOfIterator::new(std::iter::from_fn(move || {
        if done {
            return None;
        }
        number += 1;
        if let Some(step) = searched(steps.next_with(&mut interrupts())) {
            let name = steps.selection().name_of(step.technique);
            return Some(step_row(&ty, number, name, &step, steps.grid(), n));
        }
        // The last row, once: how the run ended.
        let (name, explanation) = steps.ending()?.name_and_explanation();
        done = true;
        let first = [
            datum(number),
            datum(name),
            None,
            None,
            int_list([]),
            datum(IntMatrix(Vec::new())),
            None,
            datum(IntMatrix(Vec::new())),
            datum(Grid(steps.grid())),
            datum(explanation),
        ];
        let row = step_of(&ty, first, [None, None, datum(IntMatrix(Vec::new()))]);
        Some(row)
    }))
}

/// The grid of `cells` once `step` has placed its digit, if it places one (the `grid` of a hint's
/// row).
pub(crate) fn after_step(cells: &[u8], step: &Step) -> sudoku_engine::Grid {
    let mut cells = cells.to_vec();
    if let Some((c, d)) = step.placed {
        cells[c] = d;
    }
    sudoku_engine::Grid::from_cells(&cells).expect("a placement keeps a grid")
}

/// A `sudoku.step` row: step `number` reported as `name`, on a grid of `n` digits.
pub(crate) fn step_row(ty: &RowType, number: i32, name: &str, d: &Step, after: sudoku_engine::Grid, n: usize) -> Row {
    let rc = |c: usize| vec![(c / n + 1) as i32, (c % n + 1) as i32];
    let unit = d.unit.map(|u| UnitKind::of_unit(u, n));
    let node = |(c, digit, on): (usize, u8, bool)| serde_json::json!({"row": c / n + 1, "col": c % n + 1, "digit": digit, "on": on});
    let links: Vec<serde_json::Value> =
        d.links.iter().map(|&(a, z)| serde_json::json!({"from": node(a), "to": node(z)})).collect();
    let difficulty = AnyNumeric::try_from(crate::generate::difficulty_text(d.scale, d.difficulty).as_str())
        .expect("a difficulty is a number");
    let first = [
        datum(number),
        datum(name),
        datum(unit.map(|(kind, _)| kind.name())),
        datum(unit.map(|(_, no)| no as i32)),
        int_list(d.digits.iter().map(|&x| x as i32)),
        datum(IntMatrix(d.cells.iter().map(|&c| rc(c)).collect())),
        d.placed.and_then(|(c, x)| int_list([(c / n + 1) as i32, (c % n + 1) as i32, x as i32])),
        datum(IntMatrix(d.eliminated.iter().map(|&(c, x)| [rc(c), vec![x as i32]].concat()).collect())),
        datum(Grid(after)),
        datum(d.explanation.as_str()),
    ];
    let fins = datum(IntMatrix(d.fins.iter().map(|&c| rc(c)).collect()));
    step_of(ty, first, [datum(difficulty), datum(pgrx::JsonB(serde_json::Value::Array(links))), fins])
}

/// A `sudoku.step` row of the ten attributes before 0.4.0, the two 0.4.0 added (difficulty,
/// links) and the one 0.5.0 added (fins), or of those the install has where it is not updated
/// yet (`ALTER EXTENSION pg_sudoku UPDATE`).
pub(crate) fn step_of(ty: &RowType, first: [Option<pg_sys::Datum>; 10], added: [Option<pg_sys::Datum>; 3]) -> Row {
    let [a, b, c, d, e, f, g, h, i, j] = first;
    let [k, l, m] = added;
    match ty.natts() {
        10 => ty.row(first),
        12 => ty.row([a, b, c, d, e, f, g, h, i, j, k, l]),
        _ => ty.row([a, b, c, d, e, f, g, h, i, j, k, l, m]),
    }
}

/// One row per hidden single: a digit with one possible cell in a row, column or box (by the
/// peers' digits alone), rows first, then columns, then boxes.
// COST 570: 2.8 µs a row on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(immutable, strict, parallel_safe, requires = ["view_types"], cost = 570)]
fn hidden_singles(grid: Grid) -> SetOfIterator<'static, pgrx::composite_type!('static, "hidden_single")> {
    let rows = human::hidden_singles(&grid.0);
    let n = grid.0.size();
    let ty = RowType::new("sudoku.hidden_single");
    SetOfIterator::new(rows.into_iter().map(move |(u, c, d)| {
        let (kind, no) = UnitKind::of_unit(u, n);
        ty.row([
            datum((c / n + 1) as i32),
            datum((c % n + 1) as i32),
            datum(d as i32),
            datum(kind.name()),
            datum(no as i32),
        ])
    }))
}

/// The nodes of the recursive-CTE fill, level by level, at most `max_nodes` of them; memory for
/// one path of the tree, whatever `max_nodes` (iterative deepening, `views::SearchTree`).
// COST 130: 0.64 µs a row on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(immutable, strict, parallel_safe, requires = ["view_types"], cost = 130)]
fn search_tree(grid: Grid, max_nodes: i32) -> SetOfIterator<'static, pgrx::composite_type!('static, "node")> {
    if max_nodes < 0 {
        invalid_parameter(format!("max_nodes must not be negative, not {max_nodes}"));
    }
    let ty = RowType::new("sudoku.node");
    let mut tree = views::SearchTree::new(&grid.0, max_nodes as u64);
    let nodes = std::iter::from_fn(move || searched(tree.next_with(&mut interrupts())));
    SetOfIterator::new(nodes.map(move |n| {
        ty.row([
            datum(n.depth as i32),
            datum(n.cell.map(|c| c.row as i32)),
            datum(n.cell.map(|c| c.col as i32)),
            datum(n.digit.map(i32::from)),
            datum(Grid(n.grid)),
            datum(n.is_solution),
        ])
    }))
}

/// A grid size argument: 4 to 25, else `22023`.
fn grid_size(size: i32) -> usize {
    match size {
        4..=25 => size as usize,
        _ => invalid_parameter(format!("grid size must be 4 to 25, not {size}")),
    }
}

/// The random complete grid of `size` for `seed`: reproducible across runs, platforms and
/// releases (ChaCha8).
// COST 18000: 92 µs a call (9x9) on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(name = "random_grid", immutable, strict, parallel_safe, cost = 18000)]
fn random_grid_seeded(size: i32, seed: i64) -> Grid {
    let drawn = searched(sudoku_engine::random::random_grid_seeded(grid_size(size), seed as u64, &mut interrupts()));
    drawn.map(Grid).unwrap_or_else(|e| raise(&e))
}

/// A random complete grid of `size`, different at each call.
// COST 18000: 86 µs a call (9x9) on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(name = "random_grid", volatile, strict, parallel_safe, cost = 18000)]
fn random_grid(size: default!(i32, 9)) -> Grid {
    let drawn = searched(sudoku_engine::random::random_grid_with(grid_size(size), &mut rand::rng(), &mut interrupts()));
    drawn.map(Grid).unwrap_or_else(|e| raise(&e))
}
