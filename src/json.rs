//! JSON for applications (issue 13.4), through serde_json and pgrx's `JsonB` / `Json`.
//!
//! A grid is a JSON array of rows, each an array of numbers, `0` for a blank: the shape a web
//! or app client draws from. Input also takes `null` for a blank. A step becomes an object
//! whose cells, placement and eliminations are objects (`{"row": 3, "col": 11, "digit": 3}`).

use pgrx::datum::{Json, JsonB};
use pgrx::pg_sys::errcodes::PgSqlErrorCode;
use pgrx::prelude::*;
use serde::Serialize;
use serde_json::Value;
use sudoku_engine::Grid as EngineGrid;

use crate::grid_type::{invalid_parameter, Grid};

/// A `jsonb` argument as a `serde_json::Value`, read with bounds (issue 46): the document's
/// size is checked before anything is made of it (at most [`MAX_DOCUMENT_BYTES`] bytes as
/// stored, `54000` beyond: a rules object of a 25x25 killer with a cage per cell takes about 40
/// kB), so its text and its value are bounded too; what serde_json cannot hold (a number of
/// 1e309 or more, nesting deeper than 128) is `22023` with serde_json's own words, never a
/// panic. The type of the SQL argument is `jsonb`, as pgrx's `JsonB`, whose reading panics on
/// those (`XX000`).
pub struct Document(pub Value);

/// The most bytes of `jsonb` (as stored, before decompression) a pg_sudoku argument may take.
pub const MAX_DOCUMENT_BYTES: usize = 1 << 20;

impl FromDatum for Document {
    unsafe fn from_polymorphic_datum(datum: pg_sys::Datum, is_null: bool, _: pg_sys::Oid) -> Option<Document> {
        if is_null {
            return None;
        }
        // SAFETY: a non-null datum of type jsonb, possibly toasted: its raw size is read from
        // its header (or the toast pointer) without detoasting it.
        let size = unsafe { pg_sys::toast_raw_datum_size(datum) };
        if size > MAX_DOCUMENT_BYTES {
            ereport!(
                ERROR,
                PgSqlErrorCode::ERRCODE_PROGRAM_LIMIT_EXCEEDED,
                format!(
                    "a jsonb argument of pg_sudoku takes at most {} kB, not {} kB",
                    MAX_DOCUMENT_BYTES >> 10,
                    size.div_ceil(1024)
                )
            );
        }
        crate::functions::ran();
        crate::functions::reserve(size * 8);
        // SAFETY: as above; the copy (when detoasting made one) is freed with the call's memory.
        let text = unsafe {
            let detoasted = pg_sys::pg_detoast_datum_packed(datum.cast_mut_ptr());
            pgrx::direct_function_call::<&core::ffi::CStr>(pg_sys::jsonb_out, &[Some(detoasted.into())])
        };
        let text = text.and_then(|t| t.to_str().ok()).unwrap_or_else(|| {
            ereport!(ERROR, PgSqlErrorCode::ERRCODE_INVALID_TEXT_REPRESENTATION, "a jsonb argument is not valid UTF-8");
        });
        let value = serde_json::from_str(text).unwrap_or_else(|e| {
            invalid_parameter(format!("a jsonb argument pg_sudoku cannot read: {e}"));
        });
        crate::functions::check_memory();
        Some(Document(value))
    }
}

impl IntoDatum for Document {
    fn into_datum(self) -> Option<pg_sys::Datum> {
        JsonB(self.0).into_datum()
    }

    fn type_oid() -> pg_sys::Oid {
        pg_sys::JSONBOID
    }
}

// SAFETY: read as `from_datum` reads it, the datum living as long as the tuple.
unsafe impl pgrx::datum::UnboxDatum for Document {
    type As<'src> = Document;

    unsafe fn unbox<'src>(d: pgrx::datum::Datum<'src>) -> Self::As<'src>
    where
        Self: 'src,
    {
        // SAFETY: a non-null jsonb datum (UnboxDatum is asked only of those).
        unsafe { Document::from_datum(d.sans_lifetime(), false) }.expect("a non-null datum")
    }
}

// SAFETY: pgrx calls this for an argument declared as jsonb.
unsafe impl<'fcx> pgrx::callconv::ArgAbi<'fcx> for Document {
    unsafe fn unbox_arg_unchecked(arg: pgrx::callconv::Arg<'_, 'fcx>) -> Self {
        let index = arg.index();
        unsafe { arg.unbox_arg_using_from_datum() }
            .unwrap_or_else(|| crate::grid_type::required(None, &format!("argument {index}")))
    }
}

// SAFETY: the SQL type is PostgreSQL's jsonb, as for pgrx's JsonB.
unsafe impl pgrx::pgrx_sql_entity_graph::metadata::SqlTranslatable for Document {
    const TYPE_IDENT: &'static str = pgrx::pgrx_resolved_type!(Document);
    const TYPE_ORIGIN: pgrx::pgrx_sql_entity_graph::metadata::TypeOrigin =
        pgrx::pgrx_sql_entity_graph::metadata::TypeOrigin::External;
    const ARGUMENT_SQL: Result<
        pgrx::pgrx_sql_entity_graph::metadata::SqlMappingRef,
        pgrx::pgrx_sql_entity_graph::metadata::ArgumentError,
    > = Ok(pgrx::pgrx_sql_entity_graph::metadata::SqlMappingRef::literal("jsonb"));
    const RETURN_SQL: Result<
        pgrx::pgrx_sql_entity_graph::metadata::ReturnsRef,
        pgrx::pgrx_sql_entity_graph::metadata::ReturnsError,
    > = Ok(pgrx::pgrx_sql_entity_graph::metadata::ReturnsRef::One(
        pgrx::pgrx_sql_entity_graph::metadata::SqlMappingRef::literal("jsonb"),
    ));
}

/// The rows of a grid, each a list of cell values (0 for blank).
fn rows(grid: &Grid) -> Vec<Vec<u8>> {
    grid.0.cells().chunks(grid.0.size()).map(|row| row.to_vec()).collect()
}

/// The rows of a grid as a JSON value, for both the `json` and the `jsonb` casts.
fn rows_value(grid: &Grid) -> Value {
    serde_json::to_value(rows(grid)).expect("numbers serialize")
}

/// `n` and `noun`, plural when `n` is not 1: "1 row", "3 cells".
fn count(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// The grid as a JSON array of rows of numbers, 0 for a blank (`[[5,3,0,...],...]`). Also the
/// cast `grid::jsonb`.
// COST 5300: 26.6 µs a call on magictour_top1465 (most of it jsonb_in making 81 numerics), in units of 5 ns (psql
// \timing of count(p::jsonb) over 14,650 grids, docs/grid-type.md "JSON").
#[pg_extern(name = "to_jsonb", immutable, strict, parallel_safe, cost = 5300)]
fn grid_to_jsonb(grid: Grid) -> JsonB {
    JsonB(rows_value(&grid))
}

/// The grid as a `json` array of rows, as `to_jsonb`; the cast `grid::json`, which PostgreSQL's
/// `to_json` and `to_jsonb` use for a grid inside a row or an array.
// COST 560: 2.8 µs a call on magictour_top1465, in units of 5 ns (psql \timing of count(to_json(p)) over 14,650
// grids, docs/grid-type.md "JSON").
#[pg_extern(name = "to_json", immutable, strict, parallel_safe, cost = 560)]
fn grid_to_json(grid: Grid) -> Json {
    Json(rows_value(&grid))
}

/// Raises `22P02` for JSON that is not shaped like a grid, naming the offending element's path.
fn shape_error(path: &str, message: String) -> ! {
    ereport!(
        ERROR,
        PgSqlErrorCode::ERRCODE_INVALID_TEXT_REPRESENTATION,
        format!("invalid JSON for sudoku.grid: {path} {message}")
    );
}

/// What a JSON value is, for error messages.
fn kind(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("the boolean {b}"),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) => format!("the string {s:?}"),
        Value::Array(a) => format!("an array of {} elements", a.len()),
        Value::Object(_) => "an object".into(),
    }
}

/// The grid of a JSON array of n rows of n numbers (n from 4 to 25; the size's default boxes), `0` or `null` for a
/// blank. `22P02` for another shape (not an array, a row count or length that is not n, an
/// element that is not an integer or null), `22023` for a number outside `0..n`; both name the
/// element's path (`$[row][col]`, from 0). Also the cast `jsonb::grid`.
// COST 2800: 14 µs a call on magictour_top1465, in units of 5 ns (psql \timing of count(j::sudoku.grid) over
// 14,650 grids, docs/grid-type.md "JSON").
#[pg_extern(name = "grid", immutable, strict, parallel_safe, cost = 2800)]
fn grid_from_jsonb(json: Document) -> Grid {
    let Value::Array(rows) = &json.0 else {
        shape_error("$", format!("is {}, not an array of rows", kind(&json.0)));
    };
    let n = rows.len();
    if !(4..=25).contains(&n) {
        shape_error("$", format!("has {}; a grid has 4 to 25", count(n, "row")));
    }
    let mut values = Vec::with_capacity(n * n);
    for (r, row) in rows.iter().enumerate() {
        let Value::Array(cells) = row else {
            shape_error(&format!("$[{r}]"), format!("is {}, not an array of {n} cells", kind(row)));
        };
        if cells.len() != n {
            shape_error(&format!("$[{r}]"), format!("has {}, not {n}", count(cells.len(), "cell")));
        }
        for (c, cell) in cells.iter().enumerate() {
            let v = match cell {
                Value::Null => 0,
                Value::Number(x) => match x.as_i64() {
                    Some(v) if (0..=n as i64).contains(&v) => v as u8,
                    Some(v) => invalid_parameter(format!(
                        "invalid JSON for sudoku.grid: $[{r}][{c}] is {v}; cells take 0 (blank) to {n}"
                    )),
                    None => shape_error(&format!("$[{r}][{c}]"), format!("is {}, not an integer", kind(cell))),
                },
                other => shape_error(&format!("$[{r}][{c}]"), format!("is {}, not a number or null", kind(other))),
            };
            values.push(v);
        }
    }
    Grid(EngineGrid::from_cells(&values).unwrap_or_else(|e| crate::grid_type::raise(&e)))
}

/// A cell of a step, for a client: `{"row": 3, "col": 11}`, with the digit when it has one.
#[derive(Serialize)]
struct CellJson {
    row: i32,
    col: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    digit: Option<i32>,
}

/// A step for a client: the `sudoku.step` row with its unit, cells, placement and eliminations
/// as objects and its grid as rows.
#[derive(Serialize)]
struct StepJson {
    step: Option<i32>,
    technique: Option<String>,
    unit: Option<UnitJson>,
    digits: Vec<i32>,
    cells: Vec<CellJson>,
    placement: Option<CellJson>,
    eliminations: Vec<CellJson>,
    grid: Option<Vec<Vec<u8>>>,
    explanation: Option<String>,
    difficulty: Option<f64>,
    links: serde_json::Value,
    fins: Vec<CellJson>,
}

#[derive(Serialize)]
struct UnitJson {
    kind: String,
    number: Option<i32>,
}

type StepTuple<'a> = pgrx::heap_tuple::PgHeapTuple<'a, pgrx::AllocatedByRust>;

/// An attribute of a step (NULL as `None`); `22023` when the row has no such attribute of that type.
fn attribute<'t, T>(step: &'t StepTuple<'_>, name: &str) -> Option<T>
where
    T: FromDatum + IntoDatum + pgrx::datum::UnboxDatum<As<'t> = T> + 't,
{
    step.get_by_name(name).unwrap_or_else(|e| invalid_parameter(e.to_string()))
}

/// An attribute 0.4.0 added to `sudoku.step` (NULL as `None`, and `None` too on a step of an
/// install not updated yet, which lacks it); `22023` when it has another type.
fn added_attribute<'t, T>(step: &'t StepTuple<'_>, name: &str) -> Option<T>
where
    T: FromDatum + IntoDatum + pgrx::datum::UnboxDatum<As<'t> = T> + 't,
{
    match step.get_by_name(name) {
        Err(pgrx::datum::TryFromDatumError::NoSuchAttributeName(_)) => None,
        other => other.unwrap_or_else(|e| invalid_parameter(e.to_string())),
    }
}

/// The integers of an array attribute of a step, row-major for the 2-D ones; `22004` for a NULL
/// element.
/// `22023` beyond [`MAX_STEP_NUMBERS`], before the numbers are read (issue 46: a crafted step row
/// with 2 million cells took 1.5 GB).
fn ints(step: &StepTuple<'_>, name: &str) -> Vec<i32> {
    attribute::<Array<i32>>(step, name)
        .map(|a| {
            if a.len() > MAX_STEP_NUMBERS {
                invalid_parameter(format!(
                    "{name} holds {} numbers; a step of the largest grid has at most {MAX_STEP_NUMBERS}",
                    a.len()
                ));
            }
            a.iter().map(|v| crate::grid_type::required(v, &format!("an element of {name}"))).collect()
        })
        .unwrap_or_default()
}

/// [`ints`] of an attribute a release added (`fins`, 0.5.0): none where the install has not the
/// attribute yet.
fn added_ints(step: &StepTuple<'_>, name: &str) -> Vec<i32> {
    match step.get_by_name::<Array<i32>>(name) {
        Err(pgrx::datum::TryFromDatumError::NoSuchAttributeName(_)) => Vec::new(),
        _ => ints(step, name),
    }
}

/// The most numbers an array attribute of a step may hold: (row, col, digit) for every
/// candidate of a 25x25 grid.
const MAX_STEP_NUMBERS: usize = 3 * 25 * 25 * 25;

/// Groups `values` into cells of `width` numbers (row, col[, digit]); `22023` when they do not divide.
fn cells_of(values: &[i32], width: usize, name: &str) -> Vec<CellJson> {
    if values.len() % width != 0 {
        invalid_parameter(format!("{name} holds {} numbers, not rows of {width}", values.len()));
    }
    values.chunks(width).map(|c| CellJson { row: c[0], col: c[1], digit: c.get(2).copied() }).collect()
}

/// A step as a JSON object for a client: `{"step", "technique", "unit": {"kind", "number"},
/// "digits", "cells": [{"row", "col"}], "placement": {"row", "col", "digit"} or null,
/// "eliminations": [{"row", "col", "digit"}], "grid": rows of numbers, "explanation",
/// "difficulty", "links": a chain's links, `[]` for none, "fins": a finned fish's fins
/// `[{"row", "col"}]`, `[]` for none}`. Also the
/// cast `step::jsonb`. Not an overload of `to_jsonb`: with the schema on the search_path, a
/// `to_jsonb(step)` would make PostgreSQL's `to_jsonb(record)` ambiguous; `to_jsonb(s)` stays the
/// generic row of columns. `22023` for array columns that are not rows of (row, col[, digit]).
// COST 9000: 45 µs a step on the fill_steps of 100 magictour_top1465 puzzles, in units of 5 ns (psql \timing of
// count(s::jsonb) over 4,908 steps, docs/grid-type.md "JSON").
#[pg_extern(name = "step_jsonb", immutable, strict, parallel_safe, requires = ["view_types"], cost = 9000)]
fn step_to_jsonb(step: pgrx::composite_type!("step")) -> JsonB {
    let unit = attribute(&step, "unit").map(|kind| UnitJson { kind, number: attribute(&step, "unit_no") });
    let placed = ints(&step, "placed");
    let grid: Option<Grid> = attribute(&step, "grid");
    let shaped = StepJson {
        step: attribute(&step, "step"),
        technique: attribute(&step, "technique"),
        unit,
        digits: ints(&step, "digits"),
        cells: cells_of(&ints(&step, "cells"), 2, "cells"),
        placement: match placed.len() {
            0 => None,
            _ => cells_of(&placed, 3, "placed").into_iter().next(),
        },
        eliminations: cells_of(&ints(&step, "eliminated"), 3, "eliminated"),
        grid: grid.as_ref().map(rows),
        explanation: attribute(&step, "explanation"),
        difficulty: added_attribute::<AnyNumeric>(&step, "difficulty").and_then(|d| f64::try_from(d).ok()),
        links: added_attribute::<Document>(&step, "links").map_or(serde_json::json!([]), |j| j.0),
        fins: cells_of(&added_ints(&step, "fins"), 2, "fins"),
    };
    crate::functions::check_memory();
    let value = serde_json::to_value(shaped).expect("a step serializes");
    crate::functions::check_memory();
    JsonB(value)
}

extension_sql!(
    r#"
CREATE CAST (grid AS jsonb) WITH FUNCTION to_jsonb(grid);
CREATE CAST (grid AS json) WITH FUNCTION to_json(grid);
CREATE CAST (jsonb AS grid) WITH FUNCTION grid(jsonb);
CREATE CAST (step AS jsonb) WITH FUNCTION step_jsonb(step);
"#,
    name = "json_casts",
    requires = [grid_to_jsonb, grid_to_json, grid_from_jsonb, step_to_jsonb]
);

/// What a `sudoku.step` row marks on a grid of `n` x `n` (cells, placement, eliminations,
/// links), its cells checked against the grid: 22023 for cells, digits or links outside it or
/// of the wrong shape.
fn step_marks(step: &pgrx::composite_type!("step"), n: usize) -> sudoku_engine::picture::StepMarks {
    let at = |row: i32, col: i32| -> usize {
        if row < 1 || col < 1 || row as usize > n || col as usize > n {
            invalid_parameter(format!("the step names row {row}, column {col}, outside the {n}x{n} grid"));
        }
        (row as usize - 1) * n + col as usize - 1
    };
    let digit = |d: Option<i32>| -> u8 {
        match d {
            Some(d) if d >= 1 && d as usize <= n => d as u8,
            Some(d) => invalid_parameter(format!("the step names digit {d}, outside 1..{n}")),
            None => invalid_parameter(format!("the step names a cell without its digit (1..{n})")),
        }
    };
    let placed = cells_of(&ints(step, "placed"), 3, "placed").into_iter().next();
    let placed = placed.map(|p| (at(p.row, p.col), digit(p.digit)));
    let node = |v: &Value| -> (usize, u8, bool) {
        let num = |k: &str| v.get(k).and_then(Value::as_i64).map(|x| x as i32);
        let (Some(row), Some(col)) = (num("row"), num("col")) else {
            invalid_parameter(format!("a link end is not {{\"row\", \"col\", \"digit\", \"on\"}}: {v}"))
        };
        (at(row, col), digit(num("digit")), v.get("on").and_then(Value::as_bool).unwrap_or(true))
    };
    let links = match added_attribute::<Document>(step, "links").map(|j| j.0) {
        None => Vec::new(),
        Some(Value::Array(list)) => list
            .iter()
            .map(|l| match (l.get("from"), l.get("to")) {
                (Some(a), Some(z)) => (node(a), node(z)),
                _ => invalid_parameter(format!("a link is not {{\"from\", \"to\"}}: {l}")),
            })
            .collect(),
        Some(other) => invalid_parameter(format!("links is not an array: {other}")),
    };
    sudoku_engine::picture::StepMarks {
        cells: cells_of(&ints(step, "cells"), 2, "cells").iter().map(|c| at(c.row, c.col)).collect(),
        placed,
        eliminated: cells_of(&ints(step, "eliminated"), 3, "eliminated")
            .iter()
            .map(|c| (at(c.row, c.col), digit(c.digit)))
            .collect(),
        links,
        fins: cells_of(&added_ints(step, "fins"), 2, "fins").iter().map(|c| at(c.row, c.col)).collect(),
    }
}

/// A step's picture: the grid before it (the step's grid without its placement), with the
/// candidates its digits leave, the cells the step rests on highlighted, its placement in green,
/// the candidates it removes struck in red and a chain's links as arrows
/// (`sudoku_engine::picture::svg_step`). NULL for a step without a grid; `22023` for cells,
/// digits or links outside the grid or of the wrong shape.
// COST 4000: 16 µs a call on the 70 steps of a 9x9 puzzle's path (psql \timing, 20 rounds), in units of 5 ns.
#[pg_extern(immutable, strict, parallel_safe, requires = ["view_types"], cost = 4000)]
fn svg_step(step: pgrx::composite_type!("step")) -> Option<String> {
    let after: Grid = attribute(&step, "grid")?;
    let marks = step_marks(&step, after.0.size());
    let mut before = after.0.cells().to_vec();
    if let Some((c, _)) = marks.placed {
        before[c] = 0;
    }
    let before = EngineGrid::from_cells_shaped(after.0.shape(), &before).expect("the step's grid without a digit");
    Some(sudoku_engine::picture::svg_step(&before, &marks).unwrap_or_else(|e| invalid_parameter(e.to_string())))
}

/// The picture of a player's board (`sudoku_engine::picture::svg_board`): givens in bold, the
/// digits placed in blue, in each open cell the candidates pencilled there (not those the
/// digits leave).
// COST 3000: as svg(grid) with candidates, in units of 5 ns.
#[pg_extern(name = "svg", immutable, strict, parallel_safe, requires = ["board_type"], cost = 3000)]
fn svg_board(board: crate::board_type::Board) -> String {
    sudoku_engine::picture::svg_board(&board.0, None).unwrap_or_else(|e| invalid_parameter(e.to_string()))
}

/// A step drawn on the board it was found on (`hint(board)`, `fill_steps(board)`): the board's
/// own candidates (as `svg(board)`), the cells the step rests on highlighted, its placement in
/// green, the candidates it removes struck in red, a chain's links as arrows. `22023` when the
/// step's grid is of another size or its marks fall outside the grid.
// COST 4000: as svg_step(step), in units of 5 ns.
#[pg_extern(name = "svg_step", immutable, strict, parallel_safe, requires = ["view_types", "board_type"], cost = 4000)]
fn svg_step_board(board: crate::board_type::Board, step: pgrx::composite_type!("step")) -> String {
    let n = board.0.size();
    if let Some(g) = attribute::<Grid>(&step, "grid") {
        if g.0.size() != n {
            invalid_parameter(format!("the step is on a {0}x{0} grid, the board is {n}x{n}", g.0.size()));
        }
    }
    let marks = step_marks(&step, n);
    sudoku_engine::picture::svg_board(&board.0, Some(&marks)).unwrap_or_else(|e| invalid_parameter(e.to_string()))
}

/// The `jsonb` form of a player's board: three arrays of `n` rows of `n` cells, the givens (0
/// for none), the placed digits (0 for none) and each open cell's candidates (an array of
/// digits; empty for a filled cell).
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardJson {
    givens: Vec<Vec<Option<u8>>>,
    placed: Vec<Vec<Option<u8>>>,
    candidates: Vec<Vec<Vec<u8>>>,
}

/// The board as `jsonb` for apps: `{"givens": [[5,0,...],...], "placed": [[0,3,...],...],
/// "candidates": [[[],[1,2,4],...],...]}` (rows of cells; 0 for no digit, an empty array for a
/// filled cell). Also the cast `board::jsonb`; `sudoku.board(jsonb)` reads it back.
// COST 8000: about 40 µs a 9x9 board (jsonb_in of some 400 numbers), in units of 5 ns (estimated from to_jsonb(grid)).
#[pg_extern(name = "to_jsonb", immutable, strict, parallel_safe, requires = ["board_type"], cost = 8000)]
fn board_to_jsonb(board: crate::board_type::Board) -> JsonB {
    let n = board.0.size();
    let (givens, placed, candidates) = board.0.parts();
    let rows = |v: Vec<u8>| v.chunks(n).map(|r| r.iter().map(|&d| Some(d)).collect()).collect();
    let doc = BoardJson {
        givens: rows(givens),
        placed: rows(placed),
        candidates: candidates.chunks(n).map(|r| r.to_vec()).collect(),
    };
    JsonB(serde_json::to_value(doc).expect("a board serializes"))
}

/// The board of its `jsonb` form (`to_jsonb(board)`; `null` also stands for no digit). `22023`
/// for another shape (keys other than givens, placed and candidates, rows that are not `n` of
/// `n` cells, the three of different sizes), a digit out of range, a cell both given and placed,
/// candidates in a filled cell, naming the cell. Also the cast `jsonb::board`.
// COST 8000: as to_jsonb(board), in units of 5 ns.
#[pg_extern(name = "board", immutable, strict, parallel_safe, requires = ["board_type"], cost = 8000)]
fn board_from_jsonb(json: Document) -> crate::board_type::Board {
    let doc: BoardJson = serde_json::from_value(json.0)
        .unwrap_or_else(|e| invalid_parameter(format!("invalid JSON for sudoku.board: {e}")));
    let square = |rows: usize, lens: &mut dyn Iterator<Item = usize>, what: &str| {
        if let Some((r, len)) = lens.enumerate().find(|&(_, len)| len != rows) {
            invalid_parameter(format!(
                "invalid JSON for sudoku.board: {what} row {} has {len} cells, not {rows}",
                r + 1
            ));
        }
    };
    square(doc.givens.len(), &mut doc.givens.iter().map(Vec::len), "givens");
    square(doc.placed.len(), &mut doc.placed.iter().map(Vec::len), "placed");
    square(doc.candidates.len(), &mut doc.candidates.iter().map(Vec::len), "candidates");
    let flat = |rows: &[Vec<Option<u8>>]| -> Vec<u8> { rows.iter().flatten().map(|d| d.unwrap_or(0)).collect() };
    let candidates: Vec<Vec<u8>> = doc.candidates.into_iter().flatten().collect();
    match sudoku_engine::board::Board::from_parts(&flat(&doc.givens), &flat(&doc.placed), &candidates) {
        Ok(b) => crate::board_type::Board(b),
        Err(why) => invalid_parameter(format!("invalid JSON for sudoku.board: {why}")),
    }
}

extension_sql!(
    r#"
CREATE CAST (board AS jsonb) WITH FUNCTION to_jsonb(board);
CREATE CAST (jsonb AS board) WITH FUNCTION board(jsonb);
"#,
    name = "board_json_casts",
    requires = [board_to_jsonb, board_from_jsonb]
);
