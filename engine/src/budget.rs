//! The memory budget (issue 46): how many bytes the engine's callers may hold at once, and the
//! count of what they hold.
//!
//! The host installs [`Counting`] as its global allocator (the extension does, in `src/lib.rs`),
//! so every byte allocated through Rust in the process is counted in [`live`], and sets the
//! limit in [`LIMIT_KB`] (PostgreSQL writes the value of the setting `sudoku.max_memory` there
//! itself). Every search calls its interrupt hook often (every few hundred nodes or units of
//! work); the extension's hook asks [`over`] and raises `54000` naming the budget, so a call
//! that would grow past it stops within a few hundred allocations of crossing it, with the
//! memory it held given back as its frames unwind. Large allocations made without a search
//! around them are checked before they are made ([`would_exceed`]).
//!
//! When a call has held more than [`TRIM_ABOVE`] bytes and frees most of it, the allocator asks
//! the C library to return its free pages to the operating system (`malloc_trim`): glibc keeps
//! freed heap pages otherwise, and an idle backend kept hundreds of megabytes resident after one
//! large call.
//!
//! Without [`Counting`] installed (the engine's own tests and benchmarks), [`live`] stays 0 and
//! only [`would_exceed`]'s own request counts.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicI32, AtomicUsize, Ordering::Relaxed};

/// The budget in kB; 0 or less: no budget. PostgreSQL writes the setting's value here (the
/// extension defines `sudoku.max_memory` on this address).
pub static LIMIT_KB: AtomicI32 = AtomicI32::new(0);

/// Bytes allocated through [`Counting`] and not freed yet.
static LIVE: AtomicUsize = AtomicUsize::new(0);

/// The most bytes live since memory was last given back to the operating system.
static PEAK: AtomicUsize = AtomicUsize::new(0);

/// A peak above which memory is given back once most of it is freed (a quarter of the peak or
/// less left).
pub const TRIM_ABOVE: usize = 32 << 20;

/// The budget in bytes, if there is one.
pub fn limit() -> Option<usize> {
    match LIMIT_KB.load(Relaxed) {
        kb if kb <= 0 => None,
        kb => Some(kb as usize * 1024),
    }
}

/// Bytes allocated through [`Counting`] and not freed yet.
pub fn live() -> usize {
    LIVE.load(Relaxed)
}

/// True when more than the budget is live.
pub fn over() -> bool {
    limit().is_some_and(|l| live() > l)
}

/// True when `extra` more bytes would pass the budget.
pub fn would_exceed(extra: usize) -> bool {
    limit().is_some_and(|l| live().saturating_add(extra) > l)
}

/// The global allocator that counts: the system's, with every block's size added to [`live`]
/// while it lives. A PostgreSQL backend runs Rust in one thread, so the count is a plain load and
/// store (no locked instruction); in a process with threads it stays an estimate.
pub struct Counting;

fn add(bytes: usize) {
    let now = LIVE.load(Relaxed).wrapping_add(bytes);
    LIVE.store(now, Relaxed);
    if now > PEAK.load(Relaxed) {
        PEAK.store(now, Relaxed);
    }
}

fn sub(bytes: usize) {
    let now = LIVE.load(Relaxed).wrapping_sub(bytes);
    LIVE.store(now, Relaxed);
    let peak = PEAK.load(Relaxed);
    if peak > TRIM_ABOVE && now <= peak / 4 {
        PEAK.store(now, Relaxed);
        give_back();
    }
}

/// Gives the C library's free memory back to the operating system when it holds more than
/// [`TRIM_ABOVE`] of it: the host calls this when a transaction that ran the engine ends, after
/// PostgreSQL has freed the transaction's memory (its own allocations for large arguments, such
/// as a 20 MB text, which glibc keeps otherwise, having raised its thresholds for them).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn give_back_free_memory() {
    #[repr(C)]
    struct Mallinfo2 {
        arena: usize,
        ordblks: usize,
        smblks: usize,
        hblks: usize,
        hblkhd: usize,
        usmblks: usize,
        fsmblks: usize,
        uordblks: usize,
        fordblks: usize,
        keepcost: usize,
    }
    extern "C" {
        fn mallinfo2() -> Mallinfo2;
    }
    // SAFETY: glibc's mallinfo2 (2.33 and later) only reads the arenas' statistics.
    let free = unsafe { mallinfo2() }.fordblks;
    if free > TRIM_ABOVE {
        give_back();
    }
}

/// Elsewhere, nothing to give back.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn give_back_free_memory() {}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn give_back() {
    extern "C" {
        fn malloc_trim(pad: usize) -> i32;
    }
    // SAFETY: glibc's malloc_trim takes the arenas' locks itself and frees nothing in use.
    unsafe {
        malloc_trim(0);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn give_back() {}

// SAFETY: every method passes its call to `System` unchanged and only counts the sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            add(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            add(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        sub(layout.size());
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            add(new_size);
            sub(layout.size());
        }
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_is_in_kilobytes_and_none_when_not_positive() {
        let before = LIMIT_KB.load(Relaxed);
        LIMIT_KB.store(0, Relaxed);
        assert_eq!(limit(), None);
        assert!(!would_exceed(usize::MAX));
        LIMIT_KB.store(2, Relaxed);
        assert_eq!(limit(), Some(2048));
        assert!(would_exceed(4096));
        LIMIT_KB.store(before, Relaxed);
    }
}
