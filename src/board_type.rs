//! `sudoku.board` (issue 47): a player's board, the givens, the digits placed and the candidates
//! pencilled in every open cell, over `sudoku_engine::board`; the moves an app makes on it, the
//! check of its mistakes and the hint from its candidates.
//!
//! Stored packed (`sudoku_engine::board::Board::to_bytes`): a 9x9 board takes 82 bytes and 2 more
//! per open cell (at most 244), against the 43 of a grid. Binary I/O sends the same bytes.

use core::ffi::CStr;
use std::ffi::CString;

use pgrx::callconv::{Arg, ArgAbi, BoxRet, FcInfo};
use pgrx::datum::{Datum, UnboxDatum};
use pgrx::pg_sys::errcodes::PgSqlErrorCode;
use pgrx::pgrx_sql_entity_graph::metadata::{
    ArgumentError, ReturnsError, ReturnsRef, SqlMappingRef, SqlTranslatable, TypeOrigin,
};
use pgrx::prelude::*;
use sudoku_engine::board::Board as EngineBoard;
use sudoku_engine::human::ListError;

use crate::functions::{interrupts, searched};
use crate::grid_type::{invalid_parameter, raise, required, Grid};
use crate::rows::{datum, RowType};

/// A player's board as a PostgreSQL value.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, PostgresEq, PostgresHash, PostgresOrd)]
pub struct Board(pub EngineBoard);

// SAFETY: the SQL type `board` is created below with a varlena layout matching into/from_datum.
unsafe impl SqlTranslatable for Board {
    const TYPE_IDENT: &'static str = pgrx::pgrx_resolved_type!(Board);
    const TYPE_ORIGIN: TypeOrigin = TypeOrigin::ThisExtension;
    const ARGUMENT_SQL: Result<SqlMappingRef, ArgumentError> = Ok(SqlMappingRef::literal("board"));
    const RETURN_SQL: Result<ReturnsRef, ReturnsError> = Ok(ReturnsRef::One(SqlMappingRef::literal("board")));
}

impl IntoDatum for Board {
    fn into_datum(self) -> Option<pg_sys::Datum> {
        let bytes = self.0.to_bytes();
        let total = pg_sys::VARHDRSZ + bytes.len();
        // SAFETY: palloc returns `total` writable bytes (or raises); the header takes VARHDRSZ.
        unsafe {
            let ptr = pg_sys::palloc(total) as *mut pg_sys::varlena;
            pgrx::set_varsize_4b(ptr, total as i32);
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), (ptr as *mut u8).add(pg_sys::VARHDRSZ), bytes.len());
            Some(pg_sys::Datum::from(ptr))
        }
    }

    fn type_oid() -> pg_sys::Oid {
        pgrx::regtypein("sudoku.board")
    }
}

impl FromDatum for Board {
    unsafe fn from_polymorphic_datum(datum: pg_sys::Datum, is_null: bool, typoid: pg_sys::Oid) -> Option<Self> {
        if is_null || datum.is_null() {
            return None;
        }
        // SAFETY: a non-null datum of this type is a varlena written by `into_datum`.
        let bytes: &[u8] = unsafe { <&[u8]>::from_polymorphic_datum(datum, is_null, typoid)? };
        match EngineBoard::from_bytes(bytes) {
            Ok(b) => Some(Board(b)),
            Err(_) => {
                ereport!(
                    ERROR,
                    PgSqlErrorCode::ERRCODE_DATA_CORRUPTED,
                    format!("a sudoku.board value of {} bytes is corrupt", bytes.len())
                );
            }
        }
    }
}

unsafe impl UnboxDatum for Board {
    type As<'dat>
        = Board
    where
        Self: 'dat;
    unsafe fn unbox<'dat>(datum: Datum<'dat>) -> Self::As<'dat>
    where
        Self: 'dat,
    {
        // SAFETY: the caller hands a non-null datum of this type.
        unsafe { Board::from_datum(datum.sans_lifetime(), false) }.expect("a non-null sudoku.board")
    }
}

unsafe impl<'fcx> ArgAbi<'fcx> for Board {
    unsafe fn unbox_arg_unchecked(arg: Arg<'_, 'fcx>) -> Self {
        let index = arg.index();
        // SAFETY: pgrx calls this for an argument declared as sudoku.board.
        unsafe { arg.unbox_arg_using_from_datum() }
            .unwrap_or_else(|| invalid_parameter(format!("argument {index} must not be null")))
    }
}

unsafe impl BoxRet for Board {
    unsafe fn box_into<'fcx>(self, fcinfo: &mut FcInfo<'fcx>) -> Datum<'fcx> {
        match self.into_datum() {
            Some(datum) => unsafe { fcinfo.return_raw_datum(datum) },
            None => fcinfo.return_null(),
        }
    }
}

extension_sql!(
    r#"
CREATE TYPE board;
"#,
    name = "board_shell",
    requires = ["concrete_type"]
);

/// Text input: a HoDoKu library line, a sukaku (n³ characters, optionally with the cells), or a
/// pencil-mark grid (`sudoku_engine::board::Board::parse`); `22P02` naming the position.
// COST 400: about 2 µs a call for a 9x9 board, in units of 5 ns (estimated from grid_in's 0.45 µs and the 729 characters).
#[pg_extern(immutable, strict, parallel_safe, requires = ["board_shell"], cost = 400)]
fn board_in(input: &CStr) -> Board {
    let text = input.to_str().unwrap_or_else(|_| board_syntax("the text is not valid UTF-8"));
    Board(EngineBoard::parse(text).unwrap_or_else(|e| board_syntax(&e.to_string())))
}

/// Raises `22P02` for text that is not a board.
fn board_syntax(m: &str) -> ! {
    ereport!(
        ERROR,
        PgSqlErrorCode::ERRCODE_INVALID_TEXT_REPRESENTATION,
        format!("invalid input syntax for type sudoku.board: {m}")
    );
}

/// Text output: the HoDoKu library line when it says the board exactly, else the sukaku form
/// with the cells (a candidate that clashes with a digit).
// COST 400: about 2 µs a call for a 9x9 board, in units of 5 ns (estimated).
#[pg_extern(immutable, strict, parallel_safe, requires = ["board_shell"], cost = 400)]
fn board_out(board: Board) -> CString {
    CString::new(board.0.to_text()).expect("board text has no NUL")
}

/// Binary input: the packed form (`to_bytes`); `22P03` when malformed.
// COST 100: about 0.5 µs a call, in units of 5 ns (estimated).
#[pg_extern(immutable, strict, parallel_safe, requires = ["board_shell"], cost = 100)]
fn board_recv(mut internal: pgrx::datum::Internal) -> Board {
    // SAFETY: PostgreSQL passes a StringInfo to a type's receive function.
    let buf = unsafe { internal.get_mut::<pg_sys::StringInfoData>() }
        .unwrap_or_else(|| invalid_parameter("no message buffer".into()));
    let remaining = (buf.len - buf.cursor).max(0) as usize;
    // SAFETY: `data[cursor..len]` is the unread part of the message.
    let unread = unsafe { std::slice::from_raw_parts((buf.data as *const u8).add(buf.cursor as usize), remaining) };
    let board = EngineBoard::from_bytes(unread).unwrap_or_else(|e| {
        ereport!(
            ERROR,
            PgSqlErrorCode::ERRCODE_INVALID_BINARY_REPRESENTATION,
            format!("invalid binary sudoku.board: {e}")
        );
    });
    buf.cursor = buf.len;
    Board(board)
}

/// Binary output: the packed form.
// COST 100: about 0.5 µs a call, in units of 5 ns (estimated).
#[pg_extern(immutable, strict, parallel_safe, requires = ["board_shell"], cost = 100)]
fn board_send(board: Board) -> Vec<u8> {
    board.0.to_bytes()
}

extension_sql!(
    r#"
CREATE TYPE board (
    INPUT = board_in,
    OUTPUT = board_out,
    RECEIVE = board_recv,
    SEND = board_send,
    INTERNALLENGTH = VARIABLE,
    STORAGE = main
);
CREATE TYPE mistake AS (kind text, row integer, col integer, digit integer, explanation text);
"#,
    name = "board_type",
    creates = [Type(Board)],
    requires = ["board_shell", board_in, board_out, board_recv, board_send]
);

/// The board of a grid: its digits the givens, every open cell holding every candidate they
/// leave. Also the cast `grid::board`.
// COST 400: about 2 µs a call for 9x9, in units of 5 ns (estimated).
#[pg_extern(name = "board", immutable, strict, parallel_safe, requires = ["board_type"], cost = 400)]
fn board_of_grid(grid: Grid) -> Board {
    crate::grid_type::human_shape(grid.0.shape(), "sudoku.board");
    Board(EngineBoard::from_grid(&grid.0))
}

/// The digits of the board, givens and placed, as a grid (the candidates are dropped). Also
/// the cast `board::grid`.
// COST 200: about 1 µs a call, in units of 5 ns (estimated).
#[pg_extern(name = "grid", immutable, strict, parallel_safe, requires = ["board_type"], cost = 200)]
fn grid_of_board(board: Board) -> Grid {
    Grid(board.0.digits())
}

/// The puzzle of the board: its givens alone.
// COST 200: about 1 µs a call, in units of 5 ns (estimated).
#[pg_extern(immutable, strict, parallel_safe, requires = ["board_type"], cost = 200)]
fn puzzle(board: Board) -> Grid {
    Grid(board.0.givens())
}

/// Places `digit` at (`row`, `col`) as the player's (not over a given); the digit leaves its
/// peers' candidates. `22023` for a cell or digit out of range or a given.
// COST 400: about 2 µs a call, in units of 5 ns (estimated).
#[pg_extern(immutable, strict, parallel_safe, requires = ["board_type"], cost = 400)]
fn place(board: Board, row: i32, col: i32, digit: i32) -> Board {
    let mut b = board.0;
    b.place(row as i64, col as i64, digit as i64).unwrap_or_else(|e| raise(&e));
    Board(b)
}

/// Erases the digit placed at (`row`, `col`): the cell is open again with every candidate its
/// peers' digits leave; an open cell is unchanged. `22023` for a given.
// COST 400: about 2 µs a call, in units of 5 ns (estimated).
#[pg_extern(immutable, strict, parallel_safe, requires = ["board_type"], cost = 400)]
fn erase(board: Board, row: i32, col: i32) -> Board {
    let mut b = board.0;
    b.erase(row as i64, col as i64).unwrap_or_else(|e| raise(&e));
    Board(b)
}

/// The digits of a candidate list: `22004` for a NULL, at most the 25 digits of the largest board
/// (a digit may repeat).
fn digit_list(digits: &Array<'_, i32>) -> Vec<i32> {
    if digits.len() > 625 {
        invalid_parameter(format!("at most 625 digits, not {}", digits.len()));
    }
    digits.iter().map(|d| required(d, "a digit")).collect()
}

/// The board with the candidates `digits` of the open cell (`row`, `col`) kept (`keep`) or removed.
fn pencilled(board: Board, row: i32, col: i32, digits: &Array<'_, i32>, keep: bool) -> Board {
    let mut b = board.0;
    for d in digit_list(digits) {
        b.pencil(row as i64, col as i64, d as i64, keep).unwrap_or_else(|e| raise(&e));
    }
    Board(b)
}

/// Removes the candidates `digits` from the open cell (`row`, `col`). `22023` for a filled cell
/// or a digit out of range.
// COST 400: about 2 µs a call, in units of 5 ns (estimated).
#[pg_extern(immutable, strict, parallel_safe, requires = ["board_type"], cost = 400)]
fn remove_candidates(board: Board, row: i32, col: i32, digits: Array<'_, i32>) -> Board {
    pencilled(board, row, col, &digits, false)
}

/// Pencils the candidates `digits` back into the open cell (`row`, `col`), whatever the digits
/// around it (a clash is the player's to make; `sudoku.check` reports it).
// COST 400: about 2 µs a call, in units of 5 ns (estimated).
#[pg_extern(immutable, strict, parallel_safe, requires = ["board_type"], cost = 400)]
fn restore_candidates(board: Board, row: i32, col: i32, digits: Array<'_, i32>) -> Board {
    pencilled(board, row, col, &digits, true)
}

/// "Fill in all candidates": every open cell holds every candidate its peers' digits leave.
// COST 400: about 2 µs a call, in units of 5 ns (estimated).
#[pg_extern(immutable, strict, parallel_safe, requires = ["board_type"], cost = 400)]
fn fill_candidates(board: Board) -> Board {
    let mut b = board.0;
    b.fill_candidates();
    Board(b)
}

/// The pencil-mark grid (`sudoku_engine::board::Board::pretty`), which reads back as a board.
// COST 1000: about 5 µs a call for 9x9, in units of 5 ns (estimated).
#[pg_extern(name = "pretty", immutable, strict, parallel_safe, requires = ["board_type"], cost = 1000)]
fn pretty_board(board: Board) -> String {
    board.0.pretty()
}

/// The sukaku form (n characters a cell) followed by a space and the cells (givens, `+` before
/// placed digits, `.` open).
// COST 1000: about 5 µs a call for 9x9, in units of 5 ns (estimated).
#[pg_extern(immutable, strict, parallel_safe, requires = ["board_type"], cost = 1000)]
fn sukaku(board: Board) -> String {
    board.0.to_sukaku()
}

/// The board's mistakes (`sudoku_engine::board::Board::check`), one row each: a placed digit
/// that is not the solution's (`wrong_digit`), a candidate a digit of its units already holds
/// (`clash`), a solution's digit no longer among its cell's candidates (`removed_candidate`),
/// an open cell with no candidate (`no_candidate`); then one row of kind `board` saying whether
/// the board still leads to the solution, or why nothing could be compared (givens with no
/// solution or several: only clashes and empty cells are reported then).
// COST 20000: 100 µs a call (the puzzle is solved and counted to two), in units of 5 ns (estimated).
#[pg_extern(immutable, strict, parallel_safe, requires = ["board_type"], cost = 20000)]
fn check(board: Board) -> SetOfIterator<'static, pgrx::composite_type!('static, "mistake")> {
    let solution = searched(board.0.solution(&mut interrupts()));
    let (solution, why) = match solution {
        Ok(s) => (Some(s), String::new()),
        Err(why) => (None, format!("nothing compared: {why}")),
    };
    let rows = board.0.check(solution.as_ref(), &why);
    let ty = RowType::new("sudoku.mistake");
    SetOfIterator::new(rows.into_iter().map(move |m| {
        let at = |v: usize| (v > 0).then_some(v as i32);
        ty.row([
            datum(m.kind.name()),
            datum(at(m.row)),
            datum(at(m.col)),
            datum((m.digit > 0).then_some(m.digit as i32)),
            datum(m.explanation.as_str()),
        ])
    }))
}

/// The next step of Sudoku Explainer's path from the board's own candidates (HoDoKu's hint
/// from the current candidates), as a `sudoku.step` row, in one of three grades: `technique`
/// (its name and a sentence naming it only), `area` (and its unit and digits), `step` (the
/// whole step, the default). NULL for a solved board; `22023` for a board with mistakes (the
/// first named) or givens without one solution.
// COST 10000: 50 µs a call, as hint(grid), in units of 5 ns.
#[pg_extern(name = "hint", immutable, strict, parallel_safe, requires = ["board_type", "view_types"], cost = 10000)]
fn hint_board(board: Board, detail: default!(&str, "'step'")) -> Option<pgrx::composite_type!('static, "step")> {
    if !matches!(detail, "technique" | "area" | "step") {
        invalid_parameter(format!("detail is technique, area or step, not {detail:?}"));
    }
    let step = match searched(board.0.hint(&mut interrupts())) {
        Ok(s) => s?,
        Err(why) => invalid_parameter(why),
    };
    let n = board.0.size();
    // The grid after the step only when the whole step is shown: a lesser grade keeps its
    // placement to itself.
    let after = match detail {
        "step" => crate::views::after_step(board.0.cells(), &step),
        _ => board.0.digits(),
    };
    let mut shown = step.clone();
    let title = step.technique.title();
    match detail {
        "technique" => {
            shown.unit = None;
            shown.digits.clear();
            shown.cells.clear();
            shown.placed = None;
            shown.eliminated.clear();
            shown.links.clear();
            shown.explanation = format!("Look for a {title}.");
        }
        "area" => {
            shown.cells.clear();
            shown.placed = None;
            shown.eliminated.clear();
            shown.links.clear();
            let digits: Vec<String> = step.digits.iter().map(|d| d.to_string()).collect();
            shown.explanation = match step.unit.map(|u| sudoku_engine::geometry::UnitKind::of_unit(u, n)) {
                Some((kind, no)) => format!("Look for a {title} in {} {no} on {}.", kind.name(), digits.join(", ")),
                None => format!("Look for a {title} on {}.", digits.join(", ")),
            };
        }
        _ => {}
    }
    Some(crate::views::step_row(&RowType::new("sudoku.step"), 1, step.technique.name(), &shown, after, n))
}

/// Every step of Sudoku Explainer's path from the board's own candidates to the solution, one
/// row each, then a row that says how the run ended (as `fill_steps(grid, rating_techniques())`
/// from the grid's). `22023` for a board with mistakes or givens without exactly one solution.
// COST 1900: as fill_steps(grid), a row, in units of 5 ns.
#[pg_extern(name = "fill_steps", immutable, strict, parallel_safe, requires = ["board_type", "view_types"], cost = 1900)]
fn fill_steps_board(board: Board) -> SetOfIterator<'static, pgrx::composite_type!('static, "step")> {
    match searched(board.0.steps(&mut interrupts())) {
        Ok(run) => crate::views::step_rows(run, board.0.size()),
        Err(why) => invalid_parameter(why),
    }
}

/// The Sudoku Explainer rating (ER, EP, ED, hardest technique) of a 9x9 board from its own
/// candidates: a pencil-mark puzzle (a sukaku) rated as Sukaku Explainer v1.15.10 rates a
/// 729-character line, or a player's board rated from where the player stands. With
/// `uniqueness` false the uniqueness techniques (unique rectangles and loops, BUG) are left
/// out, as the oracle's `--techs=11111111010111011111101011101001001111111`: they assume the
/// one solution that candidates not derived from givens need not promise. `22023` for another
/// size, a board with mistakes, or one without exactly one solution (a board without givens is
/// solved from its candidates); 57014 on cancel.
// COST 700000: as se_rating(grid), in units of 5 ns.
#[pg_extern(name = "se_rating", immutable, strict, parallel_safe, requires = ["board_type", "se_rating_type"], cost = 700000)]
fn se_rating_board(board: Board, uniqueness: default!(bool, true)) -> pgrx::composite_type!('static, "se_rating") {
    let r = match searched(board.0.se_rating(uniqueness, &mut interrupts())) {
        Ok(r) => r,
        Err(why) => invalid_parameter(why),
    };
    use crate::generate::tenths;
    RowType::new("sudoku.se_rating").row([tenths(r.er), tenths(r.ep), tenths(r.ed), datum(r.hardest.name())])
}

/// Every step of a technique on the board as it stands (HoDoKu's "show all"), one `sudoku.step`
/// row each in Sudoku Explainer's order (numbered from 1; each row's grid is the board's digits
/// with that step's placement), at most `max_steps`: `technique` is a name of
/// `sudoku.techniques()` (`hidden_single` for both kinds) or a family (`locked_candidates`).
/// Every technique lists every instance (those that take the easiest of what they find, the
/// turbot fish, wings and unique loops, list theirs easiest first) but BUG and the chains:
/// `0A000` (its finder stops at the first). `22023` for an unknown name, `max_steps` below 1,
/// a board with mistakes or without one solution; 57014 on cancel.
// COST 2000: a row, about 10 µs a 9x9 board's listing of one technique, in units of 5 ns (estimated).
#[pg_extern(immutable, strict, parallel_safe, requires = ["board_type", "view_types"], cost = 2000)]
fn steps(
    board: Board,
    technique: &str,
    max_steps: default!(i32, 1000),
) -> SetOfIterator<'static, pgrx::composite_type!('static, "step")> {
    if max_steps < 1 {
        invalid_parameter(format!("max_steps is at least 1, not {max_steps}"));
    }
    let all =
        match searched(sudoku_engine::human::every_step(&board.0, technique, max_steps as usize, &mut interrupts())) {
            Ok(all) => all,
            Err(ListError::NotListable(why)) => {
                ereport!(ERROR, PgSqlErrorCode::ERRCODE_FEATURE_NOT_SUPPORTED, why);
            }
            Err(ListError::Refused(why)) => invalid_parameter(why),
        };
    let n = board.0.size();
    let ty = RowType::new("sudoku.step");
    let cells = board.0.cells().to_vec();
    SetOfIterator::new(all.into_iter().enumerate().map(move |(i, step)| {
        let after = crate::views::after_step(&cells, &step);
        crate::views::step_row(&ty, i as i32 + 1, step.technique.name(), &step, after, n)
    }))
}

extension_sql!(
    r#"
CREATE CAST (text AS board) WITH INOUT;
CREATE CAST (board AS text) WITH INOUT AS ASSIGNMENT;
CREATE CAST (grid AS board) WITH FUNCTION board(grid) AS ASSIGNMENT;
CREATE CAST (board AS grid) WITH FUNCTION grid(board);
"#,
    name = "board_casts",
    requires = ["board_type", board_of_grid, grid_of_board]
);
