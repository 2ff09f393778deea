//! What every search of [`search`](crate::search) shares, and nothing else: how it branches, how
//! often it asks to be interrupted, and what it returns when it is. The searches (the generic one
//! in `search/mod.rs`, `fast9`, `chute9`) import this module and not each other's entry points,
//! so the search modules form no circle.

/// The search was stopped by its interrupt callback (query cancel, `statement_timeout`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interrupted;

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the search was interrupted")
    }
}

impl std::error::Error for Interrupted {}

/// How often (in search nodes) the interrupt callback is asked.
pub(crate) const INTERRUPT_EVERY: u64 = 256;

/// Work counted in units of the caller's choosing, with the interrupt callback asked every
/// `every` units: for searches whose steps vary too much in cost for a count of nodes (the
/// canonical form search, the variant search's cage passes; issue 34).
pub(crate) struct Meter<'i> {
    pub(crate) units: u64,
    next_check: u64,
    every: u64,
    pub(crate) interrupt: &'i mut dyn FnMut() -> bool,
    /// The callback asked to stop; it is not asked again.
    pub(crate) stopped: bool,
}

impl<'i> Meter<'i> {
    pub(crate) fn new(interrupt: &'i mut dyn FnMut() -> bool, every: u64) -> Self {
        Meter { units: 0, next_check: every, every, interrupt, stopped: false }
    }

    /// Counts `n` units; true once the callback asked to stop.
    pub(crate) fn tick(&mut self, n: u64) -> bool {
        self.units += n;
        if self.units >= self.next_check && !self.stopped {
            self.next_check = self.units + self.every;
            self.stopped = (self.interrupt)();
        }
        self.stopped
    }
}

/// Which open cell the search branches on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Branching {
    /// The first open cell in row-major order, digits ascending: solutions come out in
    /// lexicographic order of their row-major digit strings.
    FirstOpen,
    /// The open cell with the fewest candidates (the first such in row-major order), digits
    /// ascending: the smallest search tree, in no particular solution order.
    FewestCandidates,
    /// The search [`solve`](crate::solve), [`count_solutions`](crate::count_solutions) and
    /// `sudoku.solutions` use: on 9x9 grids the branching of tdoku (T. Dillon's solver): the
    /// band or stack whose digits have the fewest configurations left (a configuration: which
    /// box the digit takes on each of the chute's three lines, one of 6), and in it the digit
    /// with the fewest; when it has two, each is a branch, otherwise the open cell with the
    /// fewest candidates is. It halves the search tree of hard 9x9 puzzles. Other sizes:
    /// [`Branching::FewestCandidates`].
    Fastest,
}
