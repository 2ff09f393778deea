//! `sudoku.grid`: a hand-declared varlena base type holding a packed grid (4x4 to 25x25).
//!
//! On disk a 9x9 grid is a 1-byte varlena header, one byte of box side and 81 cells of 4 bits:
//! 43 bytes. Text I/O follows [`sudoku_engine::Grid::parse`] and `to_line`; binary I/O is one
//! byte of box side followed by one byte per cell (0 blank, 1..n digit).

use core::ffi::CStr;
use std::ffi::CString;

use pgrx::callconv::{Arg, ArgAbi, BoxRet, FcInfo};
use pgrx::datum::{Datum, UnboxDatum};
use pgrx::pg_sys::errcodes::PgSqlErrorCode;
use pgrx::pgrx_sql_entity_graph::metadata::{
    ArgumentError, ReturnsError, ReturnsRef, SqlMappingRef, SqlTranslatable, TypeOrigin,
};
use pgrx::prelude::*;
use sudoku_engine::{Grid as EngineGrid, GridError, Shape as EngineShape};

/// A Sudoku grid as a PostgreSQL value: the engine's grid behind the packed on-disk format.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, PostgresEq, PostgresHash, PostgresOrd)]
pub struct Grid(pub EngineGrid);

/// Raises the SQL error for a grid error: `22P02` for text that is not a grid, `22023` for a
/// value out of range.
pub fn raise(e: &GridError) -> ! {
    match e {
        GridError::Syntax(m) => {
            ereport!(
                ERROR,
                PgSqlErrorCode::ERRCODE_INVALID_TEXT_REPRESENTATION,
                format!("invalid input syntax for type sudoku.grid: {m}")
            );
        }
        GridError::Value(m) => {
            ereport!(ERROR, PgSqlErrorCode::ERRCODE_INVALID_PARAMETER_VALUE, m.clone());
        }
    }
}

/// The shape `text` names (`RxC`, e.g. `3x2`), raising `22023` for another text.
pub fn parse_shape(text: &str) -> sudoku_engine::Shape {
    sudoku_engine::Shape::parse(text, None).unwrap_or_else(|e| raise(&e))
}

/// Raises `0A000 feature_not_supported` unless the human techniques (steps, hints, ratings)
/// take grids of `shape`: square boxes (4x4, 9x9, 16x16, 25x25), the shapes Sudoku
/// Explainer's path is built for; `what` names what was asked.
pub fn human_shape(shape: sudoku_engine::Shape, what: &str) {
    if shape.square_side().is_none() {
        ereport!(
            ERROR,
            PgSqlErrorCode::ERRCODE_FEATURE_NOT_SUPPORTED,
            format!(
                "{what} takes grids of square boxes (4x4, 9x9, 16x16, 25x25), not a {0}x{0} grid of {1} boxes",
                shape.n(),
                shape.name()
            ),
            "solve, count_solutions, propagate, generate without a level and the views take every shape."
        );
    }
}

/// Raises `22023 invalid_parameter_value` with `message`.
pub fn invalid_parameter(message: String) -> ! {
    ereport!(ERROR, PgSqlErrorCode::ERRCODE_INVALID_PARAMETER_VALUE, message);
}

/// Raises `22004` for a NULL argument (or array element) that has no meaning.
pub fn required<T>(value: Option<T>, name: &str) -> T {
    value.unwrap_or_else(|| {
        ereport!(ERROR, PgSqlErrorCode::ERRCODE_NULL_VALUE_NOT_ALLOWED, format!("{name} must not be NULL"));
    })
}

impl Grid {
    /// Parses grid text, raising `22P02` on malformed text.
    pub fn parse(text: &str) -> Grid {
        EngineGrid::parse(text).map(Grid).unwrap_or_else(|e| raise(&e))
    }
}

/// A new `sudoku.grid` value of `len` bytes of packed grid, which `fill` writes straight into it
/// (no intermediate buffer), in the current memory context.
fn new_value(len: usize, fill: impl FnOnce(&mut [u8])) -> pg_sys::Datum {
    let total = pg_sys::VARHDRSZ + len;
    // SAFETY: palloc returns `total` writable bytes in the current memory context (or raises);
    // the header takes VARHDRSZ of them and the grid the rest.
    unsafe {
        let ptr = pg_sys::palloc(total) as *mut pg_sys::varlena;
        pgrx::set_varsize_4b(ptr, total as i32);
        fill(std::slice::from_raw_parts_mut((ptr as *mut u8).add(pg_sys::VARHDRSZ), len));
        pg_sys::Datum::from(ptr)
    }
}

/// Returns a value made by `into_datum`, or NULL (the `BoxRet` of the types below).
///
/// # Safety
/// As `BoxRet::box_into`: `datum` is a value of the function's declared return type.
unsafe fn box_value<'fcx>(datum: Option<pg_sys::Datum>, fcinfo: &mut FcInfo<'fcx>) -> Datum<'fcx> {
    match datum {
        Some(datum) => unsafe { fcinfo.return_raw_datum(datum) },
        None => fcinfo.return_null(),
    }
}

impl IntoDatum for Grid {
    fn into_datum(self) -> Option<pg_sys::Datum> {
        Some(new_value(self.0.packed_size(), |data| self.0.pack_into(data)))
    }

    fn type_oid() -> pg_sys::Oid {
        pgrx::regtypein("sudoku.grid")
    }
}

impl FromDatum for Grid {
    unsafe fn from_polymorphic_datum(datum: pg_sys::Datum, is_null: bool, typoid: pg_sys::Oid) -> Option<Self> {
        if is_null || datum.is_null() {
            return None;
        }
        // SAFETY: a non-null datum of this type.
        Some(PackedGrid(unsafe { packed_bytes(datum, typoid) }).grid())
    }
}

/// A `sudoku.grid` argument read in place: the value's packed bytes, borrowed for the call, for
/// the functions called per row that want a 9x9 grid's cells without a heap copy of them
/// ([`PackedGrid::nine`]); any other shape is read into a [`Grid`] ([`PackedGrid::grid`]).
pub struct PackedGrid<'a>(&'a [u8]);

impl PackedGrid<'_> {
    /// The 81 cells when the value is a 9x9 grid, on the stack.
    pub fn nine(&self) -> Option<[u8; 81]> {
        EngineGrid::unpack_nine(self.0)
    }

    /// The value as a grid; `XX001` when its bytes are not a packed grid.
    pub fn grid(&self) -> Grid {
        match EngineGrid::unpack(self.0) {
            Some(g) => Grid(g),
            None => corrupt(self.0.len()),
        }
    }
}

/// Raises `XX001` for a stored value that is not a packed grid.
fn corrupt(len: usize) -> ! {
    ereport!(ERROR, PgSqlErrorCode::ERRCODE_DATA_CORRUPTED, format!("a sudoku.grid value of {len} bytes is corrupt"));
}

/// The bytes of a non-null `sudoku.grid` datum: in place when the value is inline and not
/// compressed (as grids are unless their row was large enough for PostgreSQL to compress or
/// move its values), without a call into PostgreSQL; detoasted otherwise.
///
/// # Safety
/// `datum` is a non-null value of type `sudoku.grid` (a varlena written by `into_datum`).
unsafe fn packed_bytes<'a>(datum: pg_sys::Datum, typoid: pg_sys::Oid) -> &'a [u8] {
    let ptr = datum.cast_mut_ptr::<pg_sys::varlena>();
    unsafe {
        if (pgrx::varatt_is_1b(ptr) && !pgrx::varatt_is_1b_e(ptr)) || pgrx::varatt_is_4b_u(ptr) {
            std::slice::from_raw_parts(pgrx::vardata_any(ptr) as *const u8, pgrx::varsize_any_exhdr(ptr))
        } else {
            <&[u8]>::from_polymorphic_datum(datum, false, typoid).expect("a non-null datum")
        }
    }
}

impl FromDatum for PackedGrid<'_> {
    unsafe fn from_polymorphic_datum(datum: pg_sys::Datum, is_null: bool, typoid: pg_sys::Oid) -> Option<Self> {
        if is_null || datum.is_null() {
            return None;
        }
        // SAFETY: a non-null datum of this type.
        Some(PackedGrid(unsafe { packed_bytes(datum, typoid) }))
    }
}

unsafe impl<'fcx> ArgAbi<'fcx> for PackedGrid<'fcx> {
    unsafe fn unbox_arg_unchecked(arg: Arg<'_, 'fcx>) -> Self {
        let index = arg.index();
        // SAFETY: pgrx calls this for an argument declared as sudoku.grid.
        unsafe { arg.unbox_arg_using_from_datum() }
            .unwrap_or_else(|| invalid_parameter(format!("argument {index} must not be null")))
    }
}

/// What `sudoku.solve` returns: a 9x9 solution, written by the search straight into the new
/// value ([`Solved::nine`]), or a grid of another shape.
pub enum Solved {
    /// A `sudoku.grid` value already made.
    Value(pg_sys::Datum),
    Other(Grid),
}

impl Solved {
    /// The value `fill` writes a 9x9 solution into (`Grid::pack_nine`'s 42 bytes), made before
    /// the search so that the solution is packed in place; `None`, the value given back, when
    /// `fill` finds no solution.
    pub fn nine(fill: impl FnOnce(&mut [u8; 42]) -> bool) -> Option<Solved> {
        let mut found = false;
        let datum = new_value(42, |data| found = fill(data.try_into().expect("42 bytes")));
        if found {
            Some(Solved::Value(datum))
        } else {
            // SAFETY: the value just made by palloc, not handed to anyone.
            unsafe { pg_sys::pfree(datum.cast_mut_ptr()) };
            None
        }
    }
}

impl IntoDatum for Solved {
    fn into_datum(self) -> Option<pg_sys::Datum> {
        match self {
            Solved::Value(datum) => Some(datum),
            Solved::Other(grid) => grid.into_datum(),
        }
    }

    fn type_oid() -> pg_sys::Oid {
        Grid::type_oid()
    }
}

unsafe impl BoxRet for Solved {
    unsafe fn box_into<'fcx>(self, fcinfo: &mut FcInfo<'fcx>) -> Datum<'fcx> {
        // SAFETY: a sudoku.grid value for a function returning sudoku.grid.
        unsafe { box_value(self.into_datum(), fcinfo) }
    }
}

unsafe impl UnboxDatum for Grid {
    type As<'dat>
        = Grid
    where
        Self: 'dat;
    unsafe fn unbox<'dat>(datum: Datum<'dat>) -> Self::As<'dat>
    where
        Self: 'dat,
    {
        // SAFETY: the caller hands a non-null datum of this type.
        unsafe { Grid::from_datum(std::mem::transmute::<Datum<'dat>, pg_sys::Datum>(datum), false) }
            .expect("a non-null sudoku.grid")
    }
}

unsafe impl<'fcx> ArgAbi<'fcx> for Grid {
    unsafe fn unbox_arg_unchecked(arg: Arg<'_, 'fcx>) -> Self {
        let index = arg.index();
        // SAFETY: pgrx calls this for an argument declared as sudoku.grid.
        unsafe { arg.unbox_arg_using_from_datum() }
            .unwrap_or_else(|| invalid_parameter(format!("argument {index} must not be null")))
    }
}

unsafe impl BoxRet for Grid {
    unsafe fn box_into<'fcx>(self, fcinfo: &mut FcInfo<'fcx>) -> Datum<'fcx> {
        // SAFETY: a sudoku.grid value for a function returning sudoku.grid.
        unsafe { box_value(self.into_datum(), fcinfo) }
    }
}

/// `sudoku.grid` in SQL for a Rust type that reads or writes its values: `Grid`, and the
/// argument read in place and the solution packed straight of the per-row functions.
macro_rules! sql_type_grid {
    ($($t:ty),*) => {$(
        // SAFETY: the SQL type `grid` is created below with a varlena layout matching
        // Grid's into/from_datum, which these types read and write alike.
        unsafe impl SqlTranslatable for $t {
            const TYPE_IDENT: &'static str = pgrx::pgrx_resolved_type!(Grid);
            const TYPE_ORIGIN: TypeOrigin = TypeOrigin::ThisExtension;
            const ARGUMENT_SQL: Result<SqlMappingRef, ArgumentError> = Ok(SqlMappingRef::literal("grid"));
            const RETURN_SQL: Result<ReturnsRef, ReturnsError> = Ok(ReturnsRef::One(SqlMappingRef::literal("grid")));
        }
    )*};
}
sql_type_grid!(Grid, PackedGrid<'_>, Solved);

// The install script begins here: the schema sudoku, made by the script so that it belongs to the
// extension (DROP EXTENSION removes it; the control file names pg_catalog, where the comparison
// operators go), usable by every role (as the functions are executable by PUBLIC), and the
// search_path that puts every unqualified object of the script in it, then resolves names in
// pg_catalog, with pg_temp last: unlisted, pg_temp would be searched first for types, and a
// role allowed to CREATE EXTENSION could plant pg_temp.text or pg_temp.jsonb (issue 34,
// scripts/hijack_test.sh). CREATE EXTENSION restores the search_path when the script ends.
// The schema is the bootstrap superuser's, as the extension's other objects are: a trusted
// install would leave it to the installing role, which could then add look-alike overloads to
// it (sudoku.generate(integer, integer)) that a superuser's call would pick, or drop objects.
extension_sql!(
    r#"
CREATE SCHEMA sudoku;
DO $$
BEGIN
    EXECUTE pg_catalog.format('ALTER SCHEMA sudoku OWNER TO %I',
                              (SELECT r.rolname FROM pg_catalog.pg_roles r WHERE r.oid = 10));
END
$$;
GRANT USAGE ON SCHEMA sudoku TO PUBLIC;
SET LOCAL search_path = sudoku, pg_catalog, pg_temp;
CREATE TYPE grid;
"#,
    name = "shell_type",
    bootstrap
);

/// Text input: see `sudoku_engine::Grid::parse`; `22P02` on malformed text.
// COST 90: 0.45 µs a call on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(immutable, strict, parallel_safe, requires = ["shell_type"], cost = 90)]
fn grid_in(input: &CStr) -> Grid {
    if input.count_bytes() > 1 << 20 {
        crate::functions::ran();
    }
    match input.to_str() {
        Ok(text) => Grid::parse(text),
        Err(_) => raise(&GridError::Syntax("the text is not valid UTF-8".into())),
    }
}

/// Text output: one line, `.` for blanks.
// COST 100: 0.5 µs a call on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(immutable, strict, parallel_safe, requires = ["shell_type"], cost = 100)]
fn grid_out(grid: Grid) -> CString {
    CString::new(grid.0.to_line()).expect("grid text has no NUL")
}

/// Binary input: the shape (as `grid_send` writes it), then one byte per cell, row-major.
// COST 50: about 0.25 µs a call, estimated (not measured) in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(immutable, strict, parallel_safe, requires = ["shell_type"], cost = 50)]
fn grid_recv(mut internal: pgrx::datum::Internal) -> Grid {
    // SAFETY: PostgreSQL passes a StringInfo to a type's receive function.
    let buf = unsafe { internal.get_mut::<pg_sys::StringInfoData>() }
        .unwrap_or_else(|| invalid_parameter("no message buffer".into()));
    let remaining = (buf.len - buf.cursor).max(0) as usize;
    // SAFETY: `data[cursor..len]` is the unread part of the message.
    let unread = unsafe { std::slice::from_raw_parts((buf.data as *const u8).add(buf.cursor as usize), remaining) };
    if unread.is_empty() {
        ereport_binary("the message is empty");
    }
    let Some((shape, header)) = EngineShape::read_header(unread) else {
        ereport_binary(&format!(
            "the first byte {} is neither a box side of 2 to 5 nor a shape (0x80 | size, then the box rows)",
            unread[0]
        ));
    };
    let cells = shape.cells();
    let rest = &unread[header..];
    if rest.len() < cells {
        ereport_binary(&format!("{} cell bytes for a grid of {cells} cells", rest.len()));
    }
    let grid = EngineGrid::from_cells_shaped(shape, &rest[..cells]).unwrap_or_else(|e| ereport_binary(&e.to_string()));
    buf.cursor += (header + cells) as i32;
    Grid(grid)
}

fn ereport_binary(what: &str) -> ! {
    ereport!(
        ERROR,
        PgSqlErrorCode::ERRCODE_INVALID_BINARY_REPRESENTATION,
        format!("invalid binary sudoku.grid: {what}")
    );
}

/// Binary output: the shape (one byte of box side 2 to 5 for 4x4, 9x9, 16x16 and 25x25 grids,
/// as before 0.5.0; two bytes, `0x80 | size` and the box rows (0: none), for any other), then
/// one byte per cell.
// COST 50: about 0.25 µs a call, estimated (not measured) in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(immutable, strict, parallel_safe, requires = ["shell_type"], cost = 50)]
fn grid_send(grid: Grid) -> Vec<u8> {
    let (header, len) = grid.0.shape().header();
    let mut out = header[..len].to_vec();
    out.reserve(grid.0.cells().len());
    out.extend_from_slice(grid.0.cells());
    out
}

extension_sql!(
    r#"
CREATE TYPE grid (
    INPUT = grid_in,
    OUTPUT = grid_out,
    RECEIVE = grid_recv,
    SEND = grid_send,
    INTERNALLENGTH = VARIABLE,
    STORAGE = main,
    -- The preferred type of its category (U, user-defined): where an overload takes a grid or
    -- a jsonb (the rules of variants) at the same place, an untyped literal is read as a grid,
    -- so sudoku.svg('...', '...') means svg(grid, grid) as before the variants came.
    PREFERRED = true
);
"#,
    name = "concrete_type",
    creates = [Type(Grid)],
    requires = ["shell_type", grid_in, grid_out, grid_recv, grid_send]
);

/// Parses `text` written with `alphabet` (its n symbols are the digits 1..n; n is the size).
// COST 160: 0.8 µs a call on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(name = "grid", immutable, strict, parallel_safe, cost = 160)]
fn grid_from_alphabet(text: &str, alphabet: &str) -> Grid {
    EngineGrid::parse_with_alphabet(text, alphabet).map(Grid).unwrap_or_else(|e| raise(&e))
}

/// The grid of row-major cell values (0 blank); `22023` for a bad length or value, `22004` for
/// a NULL element.
// COST 160: 0.8 µs a call on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(name = "grid", immutable, strict, parallel_safe, cost = 160)]
fn grid_from_array(cells: Array<i32>) -> Grid {
    let mut values = Vec::with_capacity(cells.len());
    for (i, v) in cells.iter().enumerate() {
        let Some(v) = v else {
            ereport!(
                ERROR,
                PgSqlErrorCode::ERRCODE_NULL_VALUE_NOT_ALLOWED,
                format!("array element {} is NULL; use 0 for a blank cell", i + 1)
            );
        };
        if !(0..=25).contains(&v) {
            invalid_parameter(format!("array element {} is {v}; cells take 0 (blank) to the grid size", i + 1));
        }
        values.push(v as u8);
    }
    EngineGrid::from_cells(&values).map(Grid).unwrap_or_else(|e| raise(&e))
}

/// The cells as a row-major `integer[]`, 0 for a blank.
// COST 400: 2 µs a call on magictour_top1465, in units of 5 ns (scripts/bench.sh, docs/benchmarks.md "Solving in bulk").
#[pg_extern(immutable, strict, parallel_safe, cost = 400)]
fn to_array(grid: Grid) -> Vec<i32> {
    grid.0.cells().iter().map(|&v| v as i32).collect()
}

/// The 64-bit hash of `grid` salted with `seed`: support function 2 of the hash operator class,
/// which hash partitioning (`PARTITION BY HASH`) needs. With seed 0 its low 32 bits are
/// `grid_hash(grid)`, as PostgreSQL requires of an extended hash function.
// COST 1: as cheap as grid_hash, a builtin-like hash of 43 bytes for a 9x9 grid.
#[pg_extern(immutable, strict, parallel_safe, cost = 1)]
fn grid_hash_extended(value: Grid, seed: i64) -> i64 {
    if seed == 0 {
        pgrx::misc::pgrx_seahash(&value) as i64
    } else {
        pgrx::misc::pgrx_seahash(&(seed, &value)) as i64
    }
}

extension_sql!(
    r#"
CREATE CAST (text AS grid) WITH INOUT;
CREATE CAST (grid AS text) WITH INOUT AS ASSIGNMENT;
CREATE CAST (integer[] AS grid) WITH FUNCTION grid(integer[]);
CREATE CAST (grid AS integer[]) WITH FUNCTION to_array(grid);
"#,
    name = "casts",
    requires = ["concrete_type", grid_from_array, to_array]
);

/// The grid's box shape: `RxC` (rows by columns of a box: `3x3` for 9x9, `2x3` for 6x6), or
/// `none` for a grid without boxes (the prime sizes 5, 7, 11, 13, 17, 19, 23 by default).
// COST 20: a field of the packed value, in units of 5 ns (estimated).
#[pg_extern(immutable, strict, parallel_safe, cost = 20)]
fn shape(grid: Grid) -> String {
    grid.0.shape().name()
}

/// The same cells with boxes of another shape of the same size: `RxC` (e.g. `3x2` for a 6x6
/// book drawn with tall boxes) or `none`; `22023` for a shape of another size or not a shape.
// COST 100: as grid_out, in units of 5 ns (estimated).
#[pg_extern(immutable, strict, parallel_safe, cost = 100)]
fn with_shape(grid: Grid, shape: &str) -> Grid {
    let shape = EngineShape::parse(shape, Some(grid.0.size())).unwrap_or_else(|e| raise(&e));
    grid.0.with_shape(shape).map(Grid).unwrap_or_else(|e| raise(&e))
}
