//! Rows of the extension's composite types (`sudoku.cell`, `sudoku.step`, ...), built cheaply.
//!
//! A set-returning function looks its row type up once per call ([`RowType::new`], which runs in
//! the call's multi-call memory context, so the descriptor lives as long as the scan) and forms
//! each row from its attribute values in order with one `heap_form_tuple`. Looking the type up
//! by name and setting attributes by name for every row cost about 4 µs a row.

use pgrx::pg_sys::errcodes::PgSqlErrorCode;
use pgrx::prelude::*;
use pgrx::{AllocatedByRust, IntoDatum, PgTupleDesc};

/// A composite row of one of the extension's types.
pub(crate) type Row = PgHeapTuple<'static, AllocatedByRust>;

/// Raises `XX000`: the extension's own composite types do not match its code.
pub(crate) fn internal(message: String) -> ! {
    ereport!(ERROR, PgSqlErrorCode::ERRCODE_INTERNAL_ERROR, message);
}

/// The tuple descriptor of a composite type, looked up once.
///
/// The descriptor is a copy palloc'd in the memory context current at [`RowType::new`] and is
/// never freed by Rust: the rows made from it point at it until PostgreSQL copies them into a
/// datum, which for a function returning one row happens after the function (and any temporary
/// `RowType`) has returned. Freeing it on drop was a use-after-free that PostgreSQL 15 happened to
/// survive and 18 did not ("type with OID 0 does not exist" from `rate` and `hint`: 18's `pfree`
/// writes its free-list link over the first bytes of the chunk, `natts` and `tdtypeid`). The
/// memory context frees it: the call's, or the scan's for a set-returning function.
pub(crate) struct RowType {
    desc: pg_sys::TupleDesc,
    name: &'static str,
}

impl RowType {
    /// The row type named `name` (schema-qualified, such as `sudoku.cell`).
    pub(crate) fn new(name: &'static str) -> RowType {
        let desc = PgTupleDesc::for_composite_type(name)
            .unwrap_or_else(|| internal(format!("no composite type {name}")))
            .into_pg();
        RowType { desc, name }
    }

    /// The number of attributes (a type an install has not updated yet may have fewer).
    pub(crate) fn natts(&self) -> usize {
        // SAFETY: `desc` is a valid descriptor that lives as long as its memory context (above).
        unsafe { (*self.desc).natts as usize }
    }

    /// The row of these attribute values, in the type's attribute order (`None` for NULL).
    pub(crate) fn row<const N: usize>(&self, values: [Option<pg_sys::Datum>; N]) -> Row {
        let natts = self.natts();
        if natts != N {
            internal(format!("{} has {natts} attributes, not {N}", self.name));
        }
        // SAFETY: each datum comes from `IntoDatum` of the Rust type that maps to the attribute's
        // SQL type, in attribute order (the regression suite reads every attribute back), and the
        // descriptor outlives the row: `from_pg_unchecked` neither releases nor frees it, and
        // nothing else does (above).
        unsafe { PgHeapTuple::from_datums(PgTupleDesc::from_pg_unchecked(self.desc), values) }
            .unwrap_or_else(|e| internal(format!("{}: {e}", self.name)))
    }
}

/// A value as an attribute datum.
#[inline]
pub(crate) fn datum(value: impl IntoDatum) -> Option<pg_sys::Datum> {
    value.into_datum()
}

/// A one-dimensional `integer[]` of `values` (`{}` when there are none), built in one step:
/// pgrx's `Vec<i32>` goes through an array accumulator and a type-cache lookup per array.
pub(crate) fn int_list(values: impl IntoIterator<Item = i32>) -> Option<pg_sys::Datum> {
    let elements: Vec<pg_sys::Datum> = values.into_iter().map(pg_sys::Datum::from).collect();
    let len = elements.len() as i32;
    Some(int4_array(elements, &[len]))
}

/// An `integer[]` of by-value int4 `elements` in row-major order, shaped `dims` (one or two
/// dimensions, lower bounds 1); `{}` when there are no elements.
pub(crate) fn int4_array(mut elements: Vec<pg_sys::Datum>, dims: &[i32]) -> pg_sys::Datum {
    if elements.is_empty() {
        // SAFETY: builds a palloc'd empty int4 array in the current memory context.
        return pg_sys::Datum::from(unsafe { pg_sys::construct_empty_array(pg_sys::INT4OID) });
    }
    if dims.iter().product::<i32>() as usize != elements.len() {
        internal(format!("{} elements do not fill an array of dimensions {dims:?}", elements.len()));
    }
    let mut dims = dims.to_vec();
    let mut lower_bounds = vec![1i32; dims.len()];
    // SAFETY: `elements` holds the product of `dims` by-value int4 datums without NULLs, and the
    // type facts (length 4, by value, int alignment) are those of int4; the array is copied into
    // the current memory context.
    let array = unsafe {
        pg_sys::construct_md_array(
            elements.as_mut_ptr(),
            std::ptr::null_mut(),
            dims.len() as i32,
            dims.as_mut_ptr(),
            lower_bounds.as_mut_ptr(),
            pg_sys::INT4OID,
            4,
            true,
            pg_sys::TYPALIGN_INT as std::ffi::c_char,
        )
    };
    pg_sys::Datum::from(array)
}
