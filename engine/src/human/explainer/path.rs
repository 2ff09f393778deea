//! The path: at each step the first hint of the allowed techniques in Sudoku Explainer's order
//! (`Technique::ORDER`), a guess when none applies.

use super::basics::{CLAIMING, POINTING};
use super::board::{count, Board};
use super::{aligned, als, basics, chaining, chains, coloring, fish, single_digit, subsets, templates, uniqueness, wings};
use super::{Ctx, SeError, SeStep, Technique};

/// Applies a step to the board: its removals, then its placement.
pub(super) fn apply(s: &SeStep, b: &mut Board) {
    for &(c, m) in &s.removed {
        b.strike(c, m as super::Mask);
    }
    if let Some((c, d)) = s.placed {
        b.place(c, d);
    }
}

type Finder = fn(&Board) -> Option<SeStep>;

/// The techniques before the chains, in the order tried, each with its finder.
const QUICK: [(Technique, Finder); 27] = {
    use Technique::*;
    [
        (FullHouse, basics::full_house),
        (HiddenSingleBox, basics::hidden_single),
        (DirectPointing, |b| basics::direct_locking(b, POINTING)),
        (DirectClaiming, |b| basics::direct_locking(b, CLAIMING)),
        (DirectHiddenPair, |b| basics::hidden_set(b, 2, true)),
        (NakedSingle, basics::naked_single),
        (DirectHiddenTriple, |b| basics::hidden_set(b, 3, true)),
        (Pointing, |b| basics::locking(b, POINTING)),
        (Claiming, |b| basics::locking(b, CLAIMING)),
        (NakedPair, |b| basics::naked_set(b, 2)),
        (XWing, |b| basics::fish(b, 2)),
        (HiddenPair, |b| basics::hidden_set(b, 2, false)),
        (NakedTriple, |b| basics::naked_set(b, 3)),
        (Swordfish, |b| basics::fish(b, 3)),
        (HiddenTriple, |b| basics::hidden_set(b, 3, false)),
        (TurbotFish, wings::turbot_fish),
        (XYWing, |b| wings::xy_wing(b, false)),
        (XYZWing, |b| wings::xy_wing(b, true)),
        (UniqueRectangle, uniqueness::unique_loops),
        (NakedQuad, |b| basics::naked_set(b, 4)),
        (Jellyfish, |b| basics::fish(b, 4)),
        (HiddenQuad, |b| basics::hidden_set(b, 4, false)),
        (ThreeStrongLinks, wings::three_strong_links),
        (WXYZWing, |b| wings::als_wing(b, 3)),
        (Bug, uniqueness::bug),
        (VWXYZWing, |b| wings::als_wing(b, 4)),
        (AlignedPairExclusion, aligned::aligned_pair),
    ]
};

/// The dynamic forcing chains with patterns and chains nested, in the order tried: (technique,
/// level, nesting of the level-4 ones).
const NESTED: [(Technique, u32, u32); 7] = [
    (Technique::DynamicForcingChainPlus, 1, 0),
    (Technique::NestedForcingChain, 2, 0),
    (Technique::NestedMultipleForcingChain, 3, 0),
    (Technique::NestedDynamicForcingChain, 4, 0),
    (Technique::NestedDynamicForcingChain, 4, 1),
    (Technique::NestedDynamicForcingChain, 4, 2),
    (Technique::NestedDynamicForcingChain, 4, 3),
];

/// Whether a finder listed under `t` may give an allowed step: the hidden singles and the
/// unique loops each give two techniques.
fn wanted(t: Technique, allowed: crate::human::TechniqueSet) -> bool {
    match t {
        Technique::HiddenSingleBox => Technique::HiddenSingleBox.within(allowed) || Technique::HiddenSingleLine.within(allowed),
        Technique::UniqueRectangle => Technique::UniqueRectangle.within(allowed) || Technique::UniqueLoop.within(allowed),
        t => t.within(allowed),
    }
}

/// The first hint of the allowed techniques in Sudoku Explainer's order, or `None`.
fn next_step(b: &Board, ctx: &mut Ctx, buffers: &mut chaining::Buffers) -> Result<Option<SeStep>, SeError> {
    let allowed = ctx.allowed;
    for (t, f) in &QUICK {
        if wanted(*t, allowed) {
            if let Some(s) = f(b).filter(|s| s.technique.within(allowed)) {
                return Ok(Some(s));
            }
        }
    }
    ctx.check()?;
    let cycles = Technique::BidirectionalCycle.bit() | Technique::ForcingXChain.bit() | Technique::ForcingChain.bit();
    if allowed & cycles != 0 {
        if let Some(s) = chaining::cycles_and_forcing_chains(b, ctx, buffers)? {
            return Ok(Some(s));
        }
    }
    ctx.check()?;
    if Technique::AlignedTripleExclusion.within(allowed) {
        if let Some(s) = aligned::aligned_triple(b) {
            return Ok(Some(s));
        }
    }
    let multiple = Technique::NishioForcingChain.bit()
        | Technique::CellForcingChain.bit()
        | Technique::RegionForcingChain.bit()
        | Technique::DynamicForcingChain.bit();
    if allowed & multiple != 0 {
        if let Some(s) = chaining::multiple_forcing_chains(b, ctx, buffers)? {
            return Ok(Some(s));
        }
    }
    // Sudoku Explainer's last resorts, in its order: forcing chains (+), then nested ones.
    let mut memo = chaining::Memo::default();
    for (t, level, nesting) in NESTED {
        if t.within(allowed) {
            ctx.check()?;
            if let Some(s) = chaining::nested_forcing_chains(b, ctx, level, nesting, &mut memo, buffers)? {
                return Ok(Some(s));
            }
        }
    }
    Ok(None)
}

/// The steps a listing's [`basics::Pick`] kept, to `sink`; [`SeError::Bound`] when it overflowed.
fn picked<K: PartialOrd>(pick: basics::Pick<K>, sink: &mut dyn FnMut(SeStep) -> bool) -> Result<bool, SeError> {
    if pick.overflowed {
        return Err(SeError::Bound);
    }
    Ok(pick.into_steps().into_iter().any(sink))
}

/// Every step of technique `t` on the board, in Sudoku Explainer's order, to `sink` (true
/// stops): the singles, intersections, subsets, fish, XY- and XYZ-Wings and aligned exclusions
/// in the order the path meets them; the turbot fish, three strong links, WXYZ- and VWXYZ-Wings
/// and unique loops, whose finders take the easiest of all they find, easiest first (each
/// pattern once). `None` for the others: BUG is one pattern of the whole board, and the chains
/// stop at their first. [`SeError::Bound`] when a listing of the second kind passes
/// [`basics::PICK_CAP`] steps.
pub(super) fn every(
    b: &Board,
    t: Technique,
    sink: &mut dyn FnMut(SeStep) -> bool,
    poll: &mut dyn FnMut() -> bool,
) -> Option<Result<bool, SeError>> {
    use Technique::*;
    Some(Ok(match t {
        FullHouse => basics::singles(b, true, sink),
        HiddenSingleBox | HiddenSingleLine => basics::singles(b, false, sink),
        DirectPointing => basics::direct_lockings(b, POINTING, sink),
        DirectClaiming => basics::direct_lockings(b, CLAIMING, sink),
        DirectHiddenPair => basics::hidden_set_steps(b, 2, true, sink),
        DirectHiddenTriple => basics::hidden_set_steps(b, 3, true, sink),
        NakedSingle => basics::naked_singles(b, sink),
        Pointing => basics::lockings(b, POINTING, sink),
        Claiming => basics::lockings(b, CLAIMING, sink),
        NakedPair => subsets_too(|s| basics::naked_set_steps(b, 2, s), |s| subsets::naked_subsets(b, 2, false, s), sink),
        NakedTriple => subsets_too(|s| basics::naked_set_steps(b, 3, s), |s| subsets::naked_subsets(b, 3, false, s), sink),
        NakedQuad => subsets_too(|s| basics::naked_set_steps(b, 4, s), |s| subsets::naked_subsets(b, 4, false, s), sink),
        HiddenPair => subsets_too(|s| basics::hidden_set_steps(b, 2, false, s), |s| subsets::hidden_subsets(b, 2, s), sink),
        HiddenTriple => {
            subsets_too(|s| basics::hidden_set_steps(b, 3, false, s), |s| subsets::hidden_subsets(b, 3, s), sink)
        }
        HiddenQuad => subsets_too(|s| basics::hidden_set_steps(b, 4, false, s), |s| subsets::hidden_subsets(b, 4, s), sink),
        LockedPair => subsets::naked_subsets(b, 2, true, sink),
        LockedTriple => subsets::naked_subsets(b, 3, true, sink),
        Skyscraper => single_digit::skyscrapers(b, sink),
        TwoStringKite => single_digit::two_string_kites(b, sink),
        EmptyRectangle => single_digit::empty_rectangles(b, true, sink),
        DualTwoStringKite => single_digit::dual_two_string_kites(b, sink),
        DualEmptyRectangle => single_digit::dual_empty_rectangles(b, sink),
        WWing => wings::w_wings(b, sink),
        FinnedXWing => fish::finned_fish(b, 2, false, sink),
        SashimiXWing => fish::finned_fish(b, 2, true, sink),
        FinnedSwordfish => fish::finned_fish(b, 3, false, sink),
        SashimiSwordfish => fish::finned_fish(b, 3, true, sink),
        FinnedJellyfish => fish::finned_fish(b, 4, false, sink),
        SashimiJellyfish => fish::finned_fish(b, 4, true, sink),
        SiameseFinnedXWing => fish::siamese_fish(b, 2, false, sink),
        SiameseSashimiXWing => fish::siamese_fish(b, 2, true, sink),
        SiameseFinnedSwordfish => fish::siamese_fish(b, 3, false, sink),
        SiameseSashimiSwordfish => fish::siamese_fish(b, 3, true, sink),
        SiameseFinnedJellyfish => fish::siamese_fish(b, 4, false, sink),
        SiameseSashimiJellyfish => fish::siamese_fish(b, 4, true, sink),
        FrankenXWing => fish::franken_fish(b, 2, false, sink, poll),
        FrankenSwordfish => fish::franken_fish(b, 3, false, sink, poll),
        FrankenJellyfish => fish::franken_fish(b, 4, false, sink, poll),
        FinnedFrankenXWing => fish::franken_fish(b, 2, true, sink, poll),
        FinnedFrankenSwordfish => fish::franken_fish(b, 3, true, sink, poll),
        FinnedFrankenJellyfish => fish::franken_fish(b, 4, true, sink, poll),
        SiameseFinnedFrankenSwordfish => fish::siamese_franken_fish(b, 3, sink, poll),
        SiameseFinnedFrankenJellyfish => fish::siamese_franken_fish(b, 4, sink, poll),
        MutantXWing => fish::mutant_fish(b, 2, false, sink, poll),
        MutantSwordfish => fish::mutant_fish(b, 3, false, sink, poll),
        MutantJellyfish => fish::mutant_fish(b, 4, false, sink, poll),
        FinnedMutantXWing => fish::mutant_fish(b, 2, true, sink, poll),
        FinnedMutantSwordfish => fish::mutant_fish(b, 3, true, sink, poll),
        FinnedMutantJellyfish => fish::mutant_fish(b, 4, true, sink, poll),
        SiameseFinnedMutantJellyfish => fish::siamese_mutant_jellyfish(b, sink, poll),
        SimpleColorsTrap | SimpleColorsWrap => coloring::simple_colors(b, t, sink),
        MultiColors1 | MultiColors2 => coloring::multi_colors(b, t, sink),
        TemplateSet | TemplateDelete => templates::template_steps(b, t, sink),
        UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 | UniqueRectangle5
        | UniqueRectangle6 | HiddenRectangle => uniqueness::unique_rectangles(b, t, sink),
        AvoidableRectangle1 | AvoidableRectangle2 => uniqueness::avoidable_rectangles(b, t, sink),
        BugPlusOne => uniqueness::bug_plus_one(b, sink),
        XChain => chains::x_chains(b, sink, poll),
        AlsXz => als::als_xz(b, sink, poll),
        AlsXyWing => als::als_xy_wings(b, sink, poll),
        AlsXyChain => als::als_xy_chains(b, sink, poll),
        SueDeCoq => als::sue_de_coq(b, sink),
        DeathBlossom => als::death_blossoms(b, sink, poll),
        ContinuousNiceLoop | GroupedContinuousNiceLoop => chains::continuous_loops(b, t, sink, poll),
        XYChain => chains::xy_chains(b, sink, poll),
        Aic | DiscontinuousNiceLoop | GroupedAic | GroupedDiscontinuousNiceLoop => {
            chains::alternating_chains(b, t, sink, poll)
        }
        RemotePair => return Some(chains::remote_pairs(b, sink, poll)),
        XWing => basics::fish_steps(b, 2, sink),
        Swordfish => basics::fish_steps(b, 3, sink),
        Jellyfish => basics::fish_steps(b, 4, sink),
        XYWing => wings::xy_wings(b, false, sink),
        XYZWing => wings::xy_wings(b, true, sink),
        AlignedPairExclusion => aligned::aligned_pairs(b, sink),
        AlignedTripleExclusion => aligned::aligned_triples(b, sink),
        TurbotFish => return Some(picked(wings::turbot_fishes(b, basics::Pick::every()), sink)),
        ThreeStrongLinks => return Some(picked(wings::three_strong_link_steps(b, basics::Pick::every()), sink)),
        WXYZWing => return Some(picked(wings::als_wings(b, 3, basics::Pick::every()), sink)),
        VWXYZWing => return Some(picked(wings::als_wings(b, 4, basics::Pick::every()), sink)),
        UniqueRectangle | UniqueLoop => return Some(picked(uniqueness::unique_loop_steps(b, basics::Pick::every()), sink)),
        _ => return None,
    }))
}

/// The subsets of a kind as the path meets them (`path`: Sudoku Explainer's finder), then the
/// others a player sees (`more`: HoDoKu's, in every unit) that remove other candidates, each
/// once (true stops).
fn subsets_too(
    path: impl FnOnce(&mut dyn FnMut(SeStep) -> bool) -> bool,
    more: impl FnOnce(&mut dyn FnMut(SeStep) -> bool) -> bool,
    sink: &mut dyn FnMut(SeStep) -> bool,
) -> bool {
    let mut seen: Vec<Vec<(usize, u32)>> = Vec::new();
    let key = |s: &SeStep| {
        let mut r = s.removed.clone();
        r.sort_unstable();
        r
    };
    if path(&mut |s: SeStep| {
        seen.push(key(&s));
        sink(s)
    }) {
        return true;
    }
    more(&mut |s: SeStep| !seen.contains(&key(&s)) && sink(s))
}

/// A run of the path over one puzzle, a step at a time.
#[derive(Clone)]
pub(crate) struct Walk {
    board: Board,
    /// The chain searches' buffers, reused from step to step.
    buffers: chaining::Buffers,
}

impl Walk {
    /// The walk from `cells` (`NC` digits, 0 blank).
    pub(crate) fn new(cells: &[u8]) -> Walk {
        Walk { board: Board::new(cells), buffers: chaining::Buffers::default() }
    }

    /// The walk from `cells` with the candidates `cand` (masks, digit `d` as bit `d - 1`) instead
    /// of every candidate the digits leave: a player's board (issue 47). A candidate the digits
    /// do not leave is not kept (it clashes; a board with one is refused before it gets here).
    pub(crate) fn with_candidates(cells: &[u8], cand: &[u32], placed: &[bool]) -> Walk {
        let mut w = Walk::new(cells);
        for (c, _) in placed.iter().enumerate().filter(|(_, &p)| p) {
            w.board.given = w.board.given.without(c);
        }
        for c in 0..cells.len() {
            if cells[c] == 0 {
                w.board.strike(c, w.board.cand[c] & !(cand[c] as super::Mask));
            }
        }
        w
    }

    pub(crate) fn solved(&self) -> bool {
        self.board.solved()
    }

    /// The board as it stands.
    pub(super) fn board(&self) -> &Board {
        &self.board
    }

    /// The digits so far, row-major (0 blank).
    pub(crate) fn cells(&self) -> &[u8] {
        &self.board.value
    }

    /// The candidates of each cell so far (a filled cell has none).
    pub(crate) fn candidates(&self) -> Vec<u32> {
        self.board.cand.iter().map(|&m| m as u32).collect()
    }

    /// The next step of the allowed techniques, applied; `None` when none applies.
    /// [`SeError::Bound`] when the search went past `ctx`'s budget (nothing is applied).
    pub(crate) fn next(&mut self, ctx: &mut Ctx) -> Result<Option<SeStep>, SeError> {
        let step = next_step(&self.board, ctx, &mut self.buffers)?;
        if let Some(s) = &step {
            apply(s, &mut self.board);
        }
        Ok(step)
    }

    /// Every step of `technique` on the board as it stands (none applied), at most `limit`, in
    /// Sudoku Explainer's order; `None` when its finder cannot list every instance ([`every`]).
    /// Only the steps of the techniques `keep` are kept (the hidden singles' finder gives both
    /// kinds).
    pub(crate) fn every(
        &self,
        technique: Technique,
        keep: crate::human::TechniqueSet,
        limit: usize,
        ctx: &mut Ctx,
    ) -> Result<Option<Vec<SeStep>>, SeError> {
        // The sink and the chains' searches both poll the context (one after the other).
        let ctx = std::cell::RefCell::new(ctx);
        let stopped = std::cell::Cell::new(None);
        let mut poll = || match ctx.borrow_mut().check() {
            Ok(()) => false,
            Err(e) => {
                stopped.set(Some(e));
                true
            }
        };
        let mut out = Vec::new();
        let mut take = |s: SeStep| {
            if s.technique.within(keep) {
                out.push(s);
            }
            if let Err(e) = ctx.borrow_mut().check() {
                stopped.set(Some(e));
                return true;
            }
            out.len() >= limit
        };
        let listed = every(&self.board, technique, &mut take, &mut poll);
        if let Some(e) = stopped.get() {
            return Err(e);
        }
        match listed {
            None => Ok(None),
            Some(Err(e)) => Err(e),
            Some(Ok(_)) => Ok(Some(out)),
        }
    }

    /// A guess: the solution's digit in the first open cell with the fewest candidates, applied.
    pub(crate) fn guess(&mut self, solution: &[u8]) -> SeStep {
        let b = &self.board;
        let c = (0..b.value.len()).filter(|&c| b.value[c] == 0).min_by_key(|&c| count(b.cand[c])).expect("an open cell");
        let s = SeStep::placement(Technique::Guess, Technique::Guess.base(), c, solution[c]).on([c]);
        apply(&s, &mut self.board);
        s
    }
}
