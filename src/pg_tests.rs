//! `#[pg_test]`s: the FFI edges of the grid type and the solver, on the article puzzles
//! (`data/seed_examples.txt`, bundled). The SQL behaviour on the big puzzle sets is covered by
//! the pg_regress suite in `pg_test/`, the engine by its own crate's tests.

use pgrx::prelude::*;

#[pg_schema]
mod tests {
    use pgrx::pg_sys::errcodes::PgSqlErrorCode;
    use pgrx::prelude::*;
    use sudoku_engine::Grid as EngineGrid;

    use crate::grid_type::Grid;

    const SEED_EXAMPLES: &str = include_str!("../data/seed_examples.txt");

    fn seed_examples() -> Vec<EngineGrid> {
        SEED_EXAMPLES.lines().map(|l| EngineGrid::parse(l).expect("a seed example parses")).collect()
    }

    /// The SQLSTATE a statement raises, or `None` when it succeeds.
    fn sqlstate_of(statement: &str) -> Option<PgSqlErrorCode> {
        PgTryBuilder::new(|| {
            Spi::run(statement).expect("statement runs");
            None
        })
        .catch_others(|e| match e {
            pg_sys::panic::CaughtError::PostgresError(r) | pg_sys::panic::CaughtError::ErrorReport(r) => {
                Some(r.sql_error_code())
            }
            pg_sys::panic::CaughtError::RustPanic { ereport, .. } => {
                panic!("a Rust panic escaped as an error: {}", ereport.message())
            }
        })
        .execute()
    }

    #[pg_test]
    fn grid_values_cross_the_boundary_both_ways() {
        for puzzle in seed_examples() {
            // Rust -> datum (argument) -> SQL -> datum (result) -> Rust.
            let solved: Grid = Spi::get_one_with_args("SELECT sudoku.solve($1)", &[Grid(puzzle.clone()).into()])
                .expect("query runs")
                .expect("the article puzzles have a solution");
            assert!(puzzle.is_solved_by(&solved.0), "{puzzle:?} -> {:?}", solved.0);
            let text: String = Spi::get_one_with_args("SELECT $1::text", &[solved.clone().into()]).unwrap().unwrap();
            assert_eq!(text, solved.0.to_line());
        }
    }

    #[pg_test]
    fn every_size_round_trips_through_a_table() {
        Spi::run("CREATE TEMP TABLE g (size int, v sudoku.grid)").unwrap();
        for size in 4..=25 {
            let empty = EngineGrid::empty(size).unwrap();
            let solved = sudoku_engine::solve(&empty).expect("an empty grid has solutions");
            Spi::run_with_args("INSERT INTO g VALUES ($1, $2)", &[(size as i32).into(), Grid(solved.clone()).into()])
                .unwrap();
            let back: Grid =
                Spi::get_one_with_args("SELECT v FROM g WHERE size = $1", &[(size as i32).into()]).unwrap().unwrap();
            assert_eq!(back.0, solved);
            let bytes: i32 =
                Spi::get_one_with_args("SELECT pg_column_size(v) FROM g WHERE size = $1", &[(size as i32).into()])
                    .unwrap()
                    .unwrap();
            // The shape: one byte for 4x4, 9x9, 16x16 and 25x25 (as before 0.5.0), two for any other.
            let shape_bytes = if matches!(size, 4 | 9 | 16 | 25) { 1 } else { 2 };
            let packed = shape_bytes + sudoku_engine::grid::packed_len(size) as i32;
            // Values up to 126 bytes get a 1-byte varlena header on disk, longer ones 4 bytes.
            let header = if packed + 1 <= 127 { 1 } else { 4 };
            assert_eq!(bytes, packed + header, "{size}x{size}: the varlena header and the packed cells");
        }
    }

    #[pg_test]
    fn binary_send_and_receive_agree() {
        for puzzle in seed_examples() {
            let bytes: Vec<u8> =
                Spi::get_one_with_args("SELECT sudoku.grid_send($1)", &[Grid(puzzle.clone()).into()]).unwrap().unwrap();
            assert_eq!(bytes[0], 3);
            assert_eq!(&bytes[1..], puzzle.cells());
        }
    }

    #[pg_test]
    fn bad_input_raises_the_documented_sqlstates() {
        use PgSqlErrorCode::*;
        let cases: &[(&str, PgSqlErrorCode)] = &[
            ("SELECT 'xx'::sudoku.grid", ERRCODE_INVALID_TEXT_REPRESENTATION),
            ("SELECT repeat('.', 80)::sudoku.grid", ERRCODE_INVALID_TEXT_REPRESENTATION),
            ("SELECT ('A' || repeat('.', 80))::sudoku.grid", ERRCODE_INVALID_TEXT_REPRESENTATION),
            ("SELECT sudoku.grid(repeat('.', 81), '12')", ERRCODE_INVALID_PARAMETER_VALUE),
            ("SELECT sudoku.grid(ARRAY[1, 2])", ERRCODE_INVALID_PARAMETER_VALUE),
            ("SELECT sudoku.grid(array_fill(0, ARRAY[80]) || NULL::int)", ERRCODE_NULL_VALUE_NOT_ALLOWED),
            ("SELECT sudoku.get(repeat('.', 81)::sudoku.grid, 0, 1)", ERRCODE_INVALID_PARAMETER_VALUE),
            ("SELECT sudoku.count_solutions(repeat('.', 81)::sudoku.grid, -1)", ERRCODE_INVALID_PARAMETER_VALUE),
        ];
        for (statement, expected) in cases {
            assert_eq!(sqlstate_of(statement), Some(*expected), "{statement}");
        }
        assert_eq!(sqlstate_of("SELECT sudoku.solve(repeat('.', 81)::sudoku.grid)"), None);
    }

    #[pg_test]
    fn a_pending_cancel_stops_the_search() {
        // As query cancel does: flag the interrupt, then let the engine's hook notice it.
        let state = PgTryBuilder::new(|| {
            unsafe {
                pg_sys::QueryCancelPending = 1;
                pg_sys::InterruptPending = 1;
            }
            let empty = EngineGrid::empty(16).unwrap();
            let n = sudoku_engine::count_solutions_with(&empty, 2_000_000_000, &mut crate::functions::interrupts());
            panic!("the search ended without noticing the cancel: {n:?}");
        })
        .catch_others(|e| match e {
            pg_sys::panic::CaughtError::PostgresError(r) | pg_sys::panic::CaughtError::ErrorReport(r) => {
                r.sql_error_code()
            }
            pg_sys::panic::CaughtError::RustPanic { ereport, .. } => panic!("{}", ereport.message()),
        })
        .execute();
        assert_eq!(state, PgSqlErrorCode::ERRCODE_QUERY_CANCELED);
    }
}
