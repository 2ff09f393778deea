//! pg_sudoku: the `sudoku` schema of PostgreSQL objects over the `sudoku-engine` crate.
//!
//! This crate is a thin layer of SQL bindings: the grid type (`grid_type`), the solver and
//! accessors (`functions`), and the operators' schema and SQL comments (`sql/finalize.sql`). The algorithms live in
//! the engine crate (`engine/`).

use pgrx::prelude::*;

mod board_type;
mod canonical;
mod functions;
mod generate;
mod grid_type;
mod json;
mod rows;
mod variant;
mod views;

::pgrx::pg_module_magic!(name, version);

/// Every byte the library allocates through Rust is counted against `sudoku.max_memory`
/// (`sudoku_engine::budget`; issue 46).
#[global_allocator]
static ALLOCATOR: sudoku_engine::budget::Counting = sudoku_engine::budget::Counting;

/// `sudoku.max_memory`'s default: 256 MB. PostgreSQL's own limits are per sort or hash
/// (`work_mem`, 4 MB, which a query may use many times over) or per maintenance command
/// (`maintenance_work_mem`, 64 MB); one pg_sudoku call holds one budget, and the structures that
/// need more than a few megabytes (canonical forms of large grids that repeat digits, the
/// preemptive sets of a 25x25 unit with twenty blanks) are the adversarial ones.
const MAX_MEMORY_DEFAULT_KB: i32 = 256 * 1024;

/// Runs when a backend loads the library: no Rust backtrace ever reaches a client.
///
/// pgrx's panic hook captures a `std::backtrace::Backtrace` on every error raised through Rust
/// (a statement timeout inside a search, a bad argument) and puts it in the error's DETAIL when
/// the server's environment has `RUST_BACKTRACE` or `RUST_LIB_BACKTRACE` set: twenty frames of
/// internals in front of a user, and the time to walk the stack on every error. The standard
/// library reads those variables once, at the first capture, and remembers the answer. So the
/// first capture happens here, with `RUST_LIB_BACKTRACE=0` (which takes precedence over
/// `RUST_BACKTRACE`), and the variable is then put back as it was: this library's captures stay
/// off, and the environment other libraries of the backend see is unchanged.
///
/// It also defines `sudoku.max_memory` (issue 46): the most memory, in kB, that pg_sudoku's Rust
/// code may hold in a backend at once; a call that would hold more stops with `54000`. Only a
/// superuser may change it (`PGC_SUSET`: in `postgresql.conf`, `ALTER ROLE` or `ALTER DATABASE`
/// by a superuser, or `SET` in a superuser's session), so a role that may call the functions
/// cannot lift its own bound; -1 lifts it. PostgreSQL stores the value straight into
/// `sudoku_engine::budget::LIMIT_KB`, where the engine's checks read it.
#[pg_guard]
pub extern "C-unwind" fn _PG_init() {
    // SAFETY: _PG_init runs once per backend, in its only thread; the address is a static's
    // and outlives the setting; the strings are static.
    unsafe {
        pgrx::pg_sys::DefineCustomIntVariable(
            c"sudoku.max_memory".as_ptr(),
            c"The most memory one pg_sudoku call may hold (54000 beyond it); -1: no bound.".as_ptr(),
            c"Counts every allocation of the extension's Rust code in the backend; only superusers may change it."
                .as_ptr(),
            sudoku_engine::budget::LIMIT_KB.as_ptr(),
            MAX_MEMORY_DEFAULT_KB,
            -1,
            i32::MAX,
            pgrx::pg_sys::GucContext::PGC_SUSET,
            pgrx::pg_sys::GUC_UNIT_KB as i32,
            None,
            None,
            None,
        );
        pgrx::pg_sys::RegisterXactCallback(Some(give_back_at_commit), std::ptr::null_mut());
        #[cfg(not(any(feature = "pg13", feature = "pg14")))]
        pgrx::pg_sys::MarkGUCPrefixReserved(c"sudoku".as_ptr());
        #[cfg(any(feature = "pg13", feature = "pg14"))]
        pgrx::pg_sys::EmitWarningsOnPlaceholders(c"sudoku".as_ptr());
    }
    const VARIABLE: &str = "RUST_LIB_BACKTRACE";
    let before = std::env::var_os(VARIABLE);
    // SAFETY: _PG_init runs in the backend's only thread, before any other code of this library.
    unsafe { std::env::set_var(VARIABLE, "0") };
    let first = std::backtrace::Backtrace::capture();
    debug_assert_eq!(first.status(), std::backtrace::BacktraceStatus::Disabled);
    match before {
        // SAFETY: as above.
        Some(value) => unsafe { std::env::set_var(VARIABLE, value) },
        None => unsafe { std::env::remove_var(VARIABLE) },
    }
}

/// At the commit of a transaction in which pg_sudoku ran (issue 46), once PostgreSQL has freed
/// the statement's memory: the C library's free memory beyond 32 MB goes back to the operating
/// system (`sudoku_engine::budget::give_back_free_memory`), so that an idle backend returns near
/// the size it had before a large call. After an abort the statement's memory is freed later:
/// the mark stays for the next commit.
#[pg_guard]
unsafe extern "C-unwind" fn give_back_at_commit(event: pgrx::pg_sys::XactEvent::Type, _arg: *mut std::ffi::c_void) {
    use pgrx::pg_sys::XactEvent::{XACT_EVENT_COMMIT, XACT_EVENT_PARALLEL_COMMIT};
    if (event == XACT_EVENT_COMMIT || event == XACT_EVENT_PARALLEL_COMMIT) && functions::take_ran() {
        sudoku_engine::budget::give_back_free_memory();
    }
}

// Pure-SQL versions of the articles' approaches, next to their native twins.
extension_sql_file!("../sql/compat13.sql", name = "compat13");
extension_sql_file!("../sql/grids_4x4_sql.sql", name = "grids_4x4_sql", requires = ["concrete_type"]);
extension_sql_file!("../sql/solve_sql.sql", name = "solve_sql", requires = ["casts", "compat13", functions::size]);
extension_sql_file!(
    "../sql/propagate_combo_sql.sql",
    name = "propagate_combo_sql",
    requires = ["casts", "compat13", functions::size]
);
extension_sql_file!(
    "../sql/crook_sql.sql",
    name = "crook_sql",
    requires = ["casts", "compat13", "view_types", functions::size]
);
extension_sql_file!("../sql/random_grid_sql.sql", name = "random_grid_sql", requires = ["casts"]);
extension_sql_file!(
    "../sql/variant_sql.sql",
    name = "variant_sql",
    requires = ["casts", functions::size, variant::rules_checked, variant::unit_rules]
);
extension_sql_file!(
    "../sql/compare.sql",
    name = "compare",
    requires = ["solve_sql", "propagate_combo_sql", "crook_sql", "variant_sql", variant::solve_rules]
);

extension_sql_file!("../sql/finalize.sql", finalize);

#[cfg(any(test, feature = "pg_test"))]
mod pg_tests;

/// Required by `cargo pgrx test`.
#[cfg(test)]
pub mod pg_test {
    pub fn setup(_options: Vec<&str>) {}

    pub fn postgresql_conf_options() -> Vec<&'static str> {
        vec![]
    }
}
