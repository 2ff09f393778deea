//! The deductions a person makes, one step at a time: one [`Technique`] enum, one [`Step`], and
//! one engine of human steps. The finders live by family in `finders/`, Sudoku Explainer's
//! techniques and HoDoKu's side by side, compiled for every grid size from one source (the
//! sized modules of `explainer/mod.rs`); `explainer/path.rs` walks them in Sudoku Explainer's
//! order (the path) and lists every step of one technique (`steps(board, technique)`).
//!
//! | family | file | techniques |
//! | --- | --- | --- |
//! | singles, intersections, subsets, fish (Sudoku Explainer's) | `finders/basics.rs` | full house, hidden and naked singles, direct pointing and claiming, direct hidden pair and triple, pointing, claiming, naked and hidden pairs, triples and quads, X-Wing, Swordfish, Jellyfish |
//! | subsets (HoDoKu's, every unit) | `finders/subsets.rs` | locked pair and triple; naked and hidden pairs, triples and quads of every unit |
//! | finned and Franken fish | `finders/fish.rs` | finned, sashimi and siamese X-Wing, Swordfish, Jellyfish; Franken fish, finned and siamese |
//! | single-digit patterns | `finders/single_digit.rs` | skyscraper, 2-String Kite, empty rectangle, their duals |
//! | coloring | `finders/coloring.rs` | simple colors (trap, wrap), multi colors (types 1 and 2) |
//! | templates | `finders/templates.rs` | template set and delete (9x9) |
//! | wings and fish chains | `finders/wings.rs` | turbot fish, XY-Wing, XYZ-Wing, W-Wing, three strong links, WXYZ-Wing, VWXYZ-Wing |
//! | uniqueness | `finders/uniqueness.rs` | unique rectangles and loops, bivalue universal grave (Sudoku Explainer's); unique rectangles types 1-6, hidden and avoidable rectangles, BUG+1 (HoDoKu's) |
//! | aligned exclusion | `finders/aligned.rs` | aligned pair and triple exclusion |
//! | chains (HoDoKu's) | `finders/chains.rs` | X-Chain, XY-Chain, remote pair, AIC, discontinuous nice loop |
//! | almost locked sets | `finders/als.rs` | ALS-XZ, ALS-XY-Wing, death blossom, Sue de Coq |
//! | chains | `finders/chaining.rs` | bidirectional cycles, forcing X-chains and forcing chains; Nishio, cell, region and dynamic forcing chains |
//! | the board they read | `finders/board.rs`, `finders/cells.rs` | candidates, units, peers, sets of cells |
//! | the path | `explainer/path.rs` | the order tried, the guess when nothing applies; every step of a technique |
//!
//! `sudoku.rate`, `sudoku.hint`, `sudoku.fill_steps` with any technique beyond propagate's four,
//! and `sudoku.se_rating` all walk that path ([`Order::Path`]): at each step the first hint of
//! the allowed techniques in the order of [`Technique::ORDER`]. The set-based SQL loop's order
//! ([`Order::Propagation`], `sudoku.propagate`'s four techniques: naked and hidden singles,
//! locked candidates and Crook's preemptive sets of any size) keeps its own order and finders
//! (`singles.rs`, `intersections.rs`, `subsets.rs`), as the article it mirrors; the solver's
//! bulk propagation (`search/mod.rs`, `search/fast9.rs`) stays apart as the hot path, and the
//! tests hold it to the same fixpoint as the [`Order::Propagation`] steps.
//!
//! Names ([`Selection::from_names`]) are the technique names of [`Technique::name`] and two
//! family names kept from the SQL articles: `locked_candidates` (pointing and claiming) and
//! `preemptive_set` (Crook's preemptive sets: naked and hidden subsets of every size).

use crate::geometry::{Geometry, UnitKind};
use crate::grid::Grid;
use crate::search::{Interrupted, Techniques};
use crate::views::{candidate_masks, digits, digits_held};

/// `format!` for a step's explanation, or an empty string when `board` explains nothing.
macro_rules! explain {
    ($board:expr, $($arg:tt)*) => {
        if $board.explain { format!($($arg)*) } else { String::new() }
    };
}

mod explain;
pub mod explainer;
mod intersections;
pub mod rating;
mod singles;
pub mod subsets;

pub use rating::{
    hint_with, hodoku_hint_with, hodoku_rate_with, hodoku_rating_of, hodoku_steps_with, level, level_band,
    level_of_tenths, rate_with, rates_at_most, rating_of, solve_steps, RateError, Rating, HODOKU_SCORE_LIMITS, LEVELS,
    LEVEL_BANDS,
};
pub use singles::hidden_singles;
pub use subsets::preemptive_sets;

/// A set of techniques: bit `t as u32` for technique `t` ([`Technique::bit`]).
pub type TechniqueSet = u128;

/// Every technique, in the order the path tries them (Sudoku Explainer's), then the guess and
/// the propagation order's preemptive set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    FullHouse,
    HiddenSingleBox,
    HiddenSingleLine,
    DirectPointing,
    DirectClaiming,
    DirectHiddenPair,
    NakedSingle,
    DirectHiddenTriple,
    Pointing,
    Claiming,
    NakedPair,
    XWing,
    HiddenPair,
    NakedTriple,
    Swordfish,
    HiddenTriple,
    TurbotFish,
    XYWing,
    XYZWing,
    UniqueRectangle,
    UniqueLoop,
    NakedQuad,
    Jellyfish,
    HiddenQuad,
    ThreeStrongLinks,
    WXYZWing,
    Bug,
    VWXYZWing,
    AlignedPairExclusion,
    BidirectionalCycle,
    ForcingXChain,
    ForcingChain,
    AlignedTripleExclusion,
    NishioForcingChain,
    CellForcingChain,
    RegionForcingChain,
    DynamicForcingChain,
    /// A dynamic forcing chain whose implications also use pointing, claiming, hidden and naked
    /// pairs and X-Wings (Sudoku Explainer's "Dynamic Forcing Chains (+)", 9.0 +).
    DynamicForcingChainPlus,
    /// A dynamic forcing chain (+) whose implications also use forcing chains and cycles found
    /// in the grid it leaves (9.5 +).
    NestedForcingChain,
    /// ... also multiple (cell and region) forcing chains (10.0 +).
    NestedMultipleForcingChain,
    /// ... also dynamic forcing chains, themselves plain or nested up to three levels (10.5 +).
    NestedDynamicForcingChain,
    /// The solution's digit in a cell, when no technique applies (or, on grids larger than
    /// 9x9, when a step's search runs past its budget).
    Guess,
    /// Crook's preemptive set as [`Order::Propagation`] finds it: a naked subset of any size in
    /// a unit (its complement there is a hidden subset); the path finds the same sets as the
    /// naked and hidden pairs, triples and quads.
    PreemptiveSet,
    // HoDoKu's techniques that Sudoku Explainer's path folds into others (issue 48), in
    // HoDoKu's solving order; rated on HoDoKu's scale ([`Technique::scale`]).
    /// A naked pair of a line within one box: its digits leave both (HoDoKu's "Locked Pair").
    LockedPair,
    /// A naked triple of a line within one box, its digits leaving both.
    LockedTriple,
    /// Two parallel conjugate pairs of a digit, one end of each in one crossing line.
    Skyscraper,
    /// A row's and a column's conjugate pairs of a digit, one end of each in one box.
    TwoStringKite,
    /// A box whose places for a digit lie in one row and one column, with a conjugate pair.
    EmptyRectangle,
    /// Two equal bivalue cells joined by a conjugate pair of one of their digits.
    WWing,
    /// An X-Wing with fins: extra places of its digit in its base lines, all in one box.
    FinnedXWing,
    /// A finned X-Wing that, without its fins, would have a base line of one place.
    SashimiXWing,
    FinnedSwordfish,
    SashimiSwordfish,
    FinnedJellyfish,
    SashimiJellyfish,
    /// A cell that sees both colors of a digit's cluster of conjugate pairs loses it.
    SimpleColorsTrap,
    /// Two cells of one color see each other: that color is false.
    SimpleColorsWrap,
    /// A color of one cluster sees a color of another: a cell seeing both other colors loses it.
    MultiColors1,
    /// A color of one cluster sees both colors of another: it is false.
    MultiColors2,
    /// A cell every template of a digit takes (one place a row, column and box) holds it.
    TemplateSet,
    /// A candidate no template of its digit takes leaves.
    TemplateDelete,
    /// A rectangle of two digits with one cell holding more: those two digits leave it.
    UniqueRectangle1,
    /// Two extra cells of a rectangle in a line, one more digit between them: it leaves the cells seeing both.
    UniqueRectangle2,
    /// Two extra cells of a rectangle act as one cell of a naked subset in their unit.
    UniqueRectangle3,
    /// Two extra cells of a rectangle in a line, one digit confined to them there: the other leaves them.
    UniqueRectangle4,
    /// Diagonal or three extra cells of a rectangle with one more digit: it leaves the cells seeing them all.
    UniqueRectangle5,
    /// Two diagonal extra cells, one digit in no other cell of the rectangle's lines: it leaves them.
    UniqueRectangle6,
    /// A rectangle whose digit has no other place in the lines of a corner: the other digit leaves it.
    HiddenRectangle,
    /// Three placed digits (not givens) of a rectangle: the fourth cell may not complete the swap.
    AvoidableRectangle1,
    /// Two placed digits and two open cells of a rectangle with one more digit: it leaves the cells seeing both.
    AvoidableRectangle2,
    /// Every open cell bivalue but one: that cell holds the digit with three places in its units.
    BugPlusOne,
    /// A chain of cells all holding the same two digits: two cells an odd number apart hold both.
    RemotePair,
    /// A chain of strong and weak links on one digit: one of its ends holds it.
    XChain,
    /// A chain of bivalue cells starting and ending on one digit: one of its ends holds it.
    XYChain,
    /// A chain from a candidate back to its cell that contradicts or proves it.
    DiscontinuousNiceLoop,
    /// An alternating inference chain: one of its two end candidates is true.
    Aic,
    /// A discontinuous nice loop through groups: a digit's places where a box meets a line.
    GroupedDiscontinuousNiceLoop,
    /// An AIC through groups: a digit's places where a box meets a line.
    GroupedAic,
    /// Two almost locked sets with a restricted common digit: a digit of both leaves what sees all its places in both.
    AlsXz,
    /// Two almost locked sets, each with a restricted common digit with a third: a digit of both leaves what sees all its places.
    AlsXyWing,
    /// Cells where a line meets a box, locked with cells of the line and of the box: their digits leave the rest of both.
    SueDeCoq,
    /// Two 2-String Kites through the same two cells of a box.
    DualTwoStringKite,
    /// Two empty rectangles of one digit in the same box.
    DualEmptyRectangle,
    /// Two finned fish of one digit on the same base lines with different covers: both removals.
    SiameseFinnedXWing,
    SiameseSashimiXWing,
    SiameseFinnedSwordfish,
    SiameseSashimiSwordfish,
    SiameseFinnedJellyfish,
    SiameseSashimiJellyfish,
    /// A stem cell with an ALS for each of its digits: a digit of every petal leaves what sees all its places.
    DeathBlossom,
    /// A loop of alternating links closing on itself: each weak link holds both ways.
    ContinuousNiceLoop,
    /// A continuous nice loop through groups and almost locked sets.
    GroupedContinuousNiceLoop,
    /// A fish whose base or cover units include boxes (HoDoKu's Franken fish), finned or not.
    FrankenXWing,
    FrankenSwordfish,
    FrankenJellyfish,
    FinnedFrankenXWing,
    FinnedFrankenSwordfish,
    FinnedFrankenJellyfish,
    SiameseFinnedFrankenSwordfish,
    SiameseFinnedFrankenJellyfish,
    /// A fish mixing rows and columns in its base or its covers (HoDoKu's mutant fish).
    MutantXWing,
    MutantSwordfish,
    MutantJellyfish,
    FinnedMutantXWing,
    FinnedMutantSwordfish,
    FinnedMutantJellyfish,
    SiameseFinnedMutantJellyfish,
    /// Almost locked sets in a chain, each with a restricted common digit with the next: a digit of both ends leaves what sees all its places in both.
    AlsXyChain,
}

impl Technique {
    /// The techniques of the path, in the order tried, the guess last.
    pub const ORDER: [Technique; 42] = {
        use Technique::*;
        [
            FullHouse,
            HiddenSingleBox,
            HiddenSingleLine,
            DirectPointing,
            DirectClaiming,
            DirectHiddenPair,
            NakedSingle,
            DirectHiddenTriple,
            Pointing,
            Claiming,
            NakedPair,
            XWing,
            HiddenPair,
            NakedTriple,
            Swordfish,
            HiddenTriple,
            TurbotFish,
            XYWing,
            XYZWing,
            UniqueRectangle,
            UniqueLoop,
            NakedQuad,
            Jellyfish,
            HiddenQuad,
            ThreeStrongLinks,
            WXYZWing,
            Bug,
            VWXYZWing,
            AlignedPairExclusion,
            BidirectionalCycle,
            ForcingXChain,
            ForcingChain,
            AlignedTripleExclusion,
            NishioForcingChain,
            CellForcingChain,
            RegionForcingChain,
            DynamicForcingChain,
            DynamicForcingChainPlus,
            NestedForcingChain,
            NestedMultipleForcingChain,
            NestedDynamicForcingChain,
            Guess,
        ]
    };

    /// The techniques beyond the path, HoDoKu's names for patterns Sudoku Explainer folds into
    /// others, in HoDoKu's solving order.
    pub const HODOKU: [Technique; 65] = {
        use Technique::*;
        [
            LockedPair,
            LockedTriple,
            Skyscraper,
            TwoStringKite,
            EmptyRectangle,
            WWing,
            FinnedXWing,
            SashimiXWing,
            FinnedSwordfish,
            SashimiSwordfish,
            FinnedJellyfish,
            SashimiJellyfish,
            SimpleColorsTrap,
            SimpleColorsWrap,
            MultiColors1,
            MultiColors2,
            TemplateSet,
            TemplateDelete,
            UniqueRectangle1,
            UniqueRectangle2,
            UniqueRectangle3,
            UniqueRectangle4,
            UniqueRectangle5,
            UniqueRectangle6,
            HiddenRectangle,
            AvoidableRectangle1,
            AvoidableRectangle2,
            BugPlusOne,
            RemotePair,
            XChain,
            XYChain,
            DiscontinuousNiceLoop,
            Aic,
            GroupedDiscontinuousNiceLoop,
            GroupedAic,
            AlsXz,
            AlsXyWing,
            SueDeCoq,
            DualTwoStringKite,
            DualEmptyRectangle,
            SiameseFinnedXWing,
            SiameseSashimiXWing,
            SiameseFinnedSwordfish,
            SiameseSashimiSwordfish,
            SiameseFinnedJellyfish,
            SiameseSashimiJellyfish,
            DeathBlossom,
            ContinuousNiceLoop,
            GroupedContinuousNiceLoop,
            FrankenXWing,
            FrankenSwordfish,
            FrankenJellyfish,
            FinnedFrankenXWing,
            FinnedFrankenSwordfish,
            FinnedFrankenJellyfish,
            SiameseFinnedFrankenSwordfish,
            SiameseFinnedFrankenJellyfish,
            MutantXWing,
            MutantSwordfish,
            MutantJellyfish,
            FinnedMutantXWing,
            FinnedMutantSwordfish,
            FinnedMutantJellyfish,
            SiameseFinnedMutantJellyfish,
            AlsXyChain,
        ]
    };

    /// Every technique `sudoku.steps(board, technique)` lists: the path's, then HoDoKu's.
    pub const LISTED: [Technique; 107] = {
        let mut all = [Technique::FullHouse; 107];
        let mut i = 0;
        while i < 42 {
            all[i] = Technique::ORDER[i];
            i += 1;
        }
        while i < 107 {
            all[i] = Technique::HODOKU[i - 42];
            i += 1;
        }
        all
    };

    /// Every technique of the path but the guess: what Sudoku Explainer's rating uses.
    pub const RATED: TechniqueSet = (1 << Technique::Guess as u32) - 1;

    /// This technique's bit in a set of techniques.
    pub const fn bit(self) -> TechniqueSet {
        1 << self as u32
    }

    /// Whether this technique is in the set `allowed`.
    pub const fn within(self, allowed: TechniqueSet) -> bool {
        allowed & self.bit() != 0
    }

    /// The name SQL uses (`hidden_single` for both kinds of hidden single).
    pub fn name(self) -> &'static str {
        use Technique::*;
        match self {
            FullHouse => "full_house",
            HiddenSingleBox | HiddenSingleLine => "hidden_single",
            DirectPointing => "direct_pointing",
            DirectClaiming => "direct_claiming",
            DirectHiddenPair => "direct_hidden_pair",
            NakedSingle => "naked_single",
            DirectHiddenTriple => "direct_hidden_triple",
            Pointing => "pointing",
            Claiming => "claiming",
            NakedPair => "naked_pair",
            XWing => "x_wing",
            HiddenPair => "hidden_pair",
            NakedTriple => "naked_triple",
            Swordfish => "swordfish",
            HiddenTriple => "hidden_triple",
            TurbotFish => "turbot_fish",
            XYWing => "xy_wing",
            XYZWing => "xyz_wing",
            UniqueRectangle => "unique_rectangle",
            UniqueLoop => "unique_loop",
            NakedQuad => "naked_quad",
            Jellyfish => "jellyfish",
            HiddenQuad => "hidden_quad",
            ThreeStrongLinks => "three_strong_links",
            WXYZWing => "wxyz_wing",
            Bug => "bug",
            VWXYZWing => "vwxyz_wing",
            AlignedPairExclusion => "aligned_pair_exclusion",
            BidirectionalCycle => "bidirectional_cycle",
            ForcingXChain => "forcing_x_chain",
            ForcingChain => "forcing_chain",
            AlignedTripleExclusion => "aligned_triple_exclusion",
            NishioForcingChain => "nishio_forcing_chain",
            CellForcingChain => "cell_forcing_chain",
            RegionForcingChain => "region_forcing_chain",
            DynamicForcingChain => "dynamic_forcing_chain",
            DynamicForcingChainPlus => "dynamic_forcing_chain_plus",
            NestedForcingChain => "nested_forcing_chain",
            NestedMultipleForcingChain => "nested_multiple_forcing_chain",
            NestedDynamicForcingChain => "nested_dynamic_forcing_chain",
            Guess => "guess",
            PreemptiveSet => "preemptive_set",
            LockedPair => "locked_pair",
            LockedTriple => "locked_triple",
            Skyscraper => "skyscraper",
            TwoStringKite => "two_string_kite",
            EmptyRectangle => "empty_rectangle",
            WWing => "w_wing",
            FinnedXWing => "finned_x_wing",
            SashimiXWing => "sashimi_x_wing",
            FinnedSwordfish => "finned_swordfish",
            SashimiSwordfish => "sashimi_swordfish",
            FinnedJellyfish => "finned_jellyfish",
            SashimiJellyfish => "sashimi_jellyfish",
            SimpleColorsTrap => "simple_colors_trap",
            SimpleColorsWrap => "simple_colors_wrap",
            MultiColors1 => "multi_colors_1",
            MultiColors2 => "multi_colors_2",
            TemplateSet => "template_set",
            TemplateDelete => "template_delete",
            UniqueRectangle1 => "unique_rectangle_type_1",
            UniqueRectangle2 => "unique_rectangle_type_2",
            UniqueRectangle3 => "unique_rectangle_type_3",
            UniqueRectangle4 => "unique_rectangle_type_4",
            UniqueRectangle5 => "unique_rectangle_type_5",
            UniqueRectangle6 => "unique_rectangle_type_6",
            HiddenRectangle => "hidden_rectangle",
            AvoidableRectangle1 => "avoidable_rectangle_type_1",
            AvoidableRectangle2 => "avoidable_rectangle_type_2",
            BugPlusOne => "bug_plus_1",
            RemotePair => "remote_pair",
            XChain => "x_chain",
            XYChain => "xy_chain",
            DiscontinuousNiceLoop => "discontinuous_nice_loop",
            Aic => "aic",
            GroupedDiscontinuousNiceLoop => "grouped_discontinuous_nice_loop",
            GroupedAic => "grouped_aic",
            AlsXz => "als_xz",
            AlsXyWing => "als_xy_wing",
            AlsXyChain => "als_xy_chain",
            SueDeCoq => "sue_de_coq",
            DualTwoStringKite => "dual_two_string_kite",
            DualEmptyRectangle => "dual_empty_rectangle",
            SiameseFinnedXWing => "siamese_finned_x_wing",
            SiameseSashimiXWing => "siamese_sashimi_x_wing",
            SiameseFinnedSwordfish => "siamese_finned_swordfish",
            SiameseSashimiSwordfish => "siamese_sashimi_swordfish",
            SiameseFinnedJellyfish => "siamese_finned_jellyfish",
            SiameseSashimiJellyfish => "siamese_sashimi_jellyfish",
            DeathBlossom => "death_blossom",
            ContinuousNiceLoop => "continuous_nice_loop",
            GroupedContinuousNiceLoop => "grouped_continuous_nice_loop",
            FrankenXWing => "franken_x_wing",
            FrankenSwordfish => "franken_swordfish",
            FrankenJellyfish => "franken_jellyfish",
            FinnedFrankenXWing => "finned_franken_x_wing",
            FinnedFrankenSwordfish => "finned_franken_swordfish",
            FinnedFrankenJellyfish => "finned_franken_jellyfish",
            SiameseFinnedFrankenSwordfish => "siamese_finned_franken_swordfish",
            SiameseFinnedFrankenJellyfish => "siamese_finned_franken_jellyfish",
            MutantXWing => "mutant_x_wing",
            MutantSwordfish => "mutant_swordfish",
            MutantJellyfish => "mutant_jellyfish",
            FinnedMutantXWing => "finned_mutant_x_wing",
            FinnedMutantSwordfish => "finned_mutant_swordfish",
            FinnedMutantJellyfish => "finned_mutant_jellyfish",
            SiameseFinnedMutantJellyfish => "siamese_finned_mutant_jellyfish",
        }
    }

    /// The name a player reads ("Hidden single", "X-Wing").
    pub fn title(self) -> &'static str {
        use Technique::*;
        match self {
            FullHouse => "Full house",
            HiddenSingleBox | HiddenSingleLine => "Hidden single",
            DirectPointing => "Direct pointing",
            DirectClaiming => "Direct claiming",
            DirectHiddenPair => "Direct hidden pair",
            NakedSingle => "Naked single",
            DirectHiddenTriple => "Direct hidden triple",
            Pointing => "Pointing",
            Claiming => "Claiming",
            NakedPair => "Naked pair",
            XWing => "X-Wing",
            HiddenPair => "Hidden pair",
            NakedTriple => "Naked triple",
            Swordfish => "Swordfish",
            HiddenTriple => "Hidden triple",
            TurbotFish => "Turbot fish",
            XYWing => "XY-Wing",
            XYZWing => "XYZ-Wing",
            UniqueRectangle => "Unique rectangle",
            UniqueLoop => "Unique loop",
            NakedQuad => "Naked quad",
            Jellyfish => "Jellyfish",
            HiddenQuad => "Hidden quad",
            ThreeStrongLinks => "Three strong links",
            WXYZWing => "WXYZ-Wing",
            Bug => "Bivalue universal grave",
            VWXYZWing => "VWXYZ-Wing",
            AlignedPairExclusion => "Aligned pair exclusion",
            BidirectionalCycle => "Bidirectional cycle",
            ForcingXChain => "Forcing X-chain",
            ForcingChain => "Forcing chain",
            AlignedTripleExclusion => "Aligned triple exclusion",
            NishioForcingChain => "Nishio forcing chain",
            CellForcingChain => "Cell forcing chain",
            RegionForcingChain => "Region forcing chain",
            DynamicForcingChain => "Dynamic forcing chain",
            DynamicForcingChainPlus => "Dynamic forcing chain (+)",
            NestedForcingChain => "Dynamic forcing chain (+ forcing chains)",
            NestedMultipleForcingChain => "Dynamic forcing chain (+ multiple forcing chains)",
            NestedDynamicForcingChain => "Dynamic forcing chain (+ dynamic forcing chains)",
            Guess => "Guess",
            PreemptiveSet => "Preemptive set",
            LockedPair => "Locked pair",
            LockedTriple => "Locked triple",
            Skyscraper => "Skyscraper",
            TwoStringKite => "2-String Kite",
            EmptyRectangle => "Empty rectangle",
            WWing => "W-Wing",
            FinnedXWing => "Finned X-Wing",
            SashimiXWing => "Sashimi X-Wing",
            FinnedSwordfish => "Finned Swordfish",
            SashimiSwordfish => "Sashimi Swordfish",
            FinnedJellyfish => "Finned Jellyfish",
            SashimiJellyfish => "Sashimi Jellyfish",
            SimpleColorsTrap => "Simple colors trap",
            SimpleColorsWrap => "Simple colors wrap",
            MultiColors1 => "Multi colors 1",
            MultiColors2 => "Multi colors 2",
            TemplateSet => "Template set",
            TemplateDelete => "Template delete",
            UniqueRectangle1 => "Unique rectangle type 1",
            UniqueRectangle2 => "Unique rectangle type 2",
            UniqueRectangle3 => "Unique rectangle type 3",
            UniqueRectangle4 => "Unique rectangle type 4",
            UniqueRectangle5 => "Unique rectangle type 5",
            UniqueRectangle6 => "Unique rectangle type 6",
            HiddenRectangle => "Hidden rectangle",
            AvoidableRectangle1 => "Avoidable rectangle type 1",
            AvoidableRectangle2 => "Avoidable rectangle type 2",
            BugPlusOne => "BUG+1",
            RemotePair => "Remote pair",
            XChain => "X-Chain",
            XYChain => "XY-Chain",
            DiscontinuousNiceLoop => "Discontinuous nice loop",
            Aic => "AIC",
            GroupedDiscontinuousNiceLoop => "Grouped discontinuous nice loop",
            GroupedAic => "Grouped AIC",
            AlsXz => "ALS-XZ",
            AlsXyWing => "ALS-XY-Wing",
            AlsXyChain => "ALS-XY-Chain",
            SueDeCoq => "Sue de Coq",
            DualTwoStringKite => "Dual 2-String Kite",
            DualEmptyRectangle => "Dual empty rectangle",
            SiameseFinnedXWing => "Siamese finned X-Wing",
            SiameseSashimiXWing => "Siamese sashimi X-Wing",
            SiameseFinnedSwordfish => "Siamese finned Swordfish",
            SiameseSashimiSwordfish => "Siamese sashimi Swordfish",
            SiameseFinnedJellyfish => "Siamese finned Jellyfish",
            SiameseSashimiJellyfish => "Siamese sashimi Jellyfish",
            DeathBlossom => "Death blossom",
            ContinuousNiceLoop => "Continuous nice loop",
            GroupedContinuousNiceLoop => "Grouped continuous nice loop",
            FrankenXWing => "Franken X-Wing",
            FrankenSwordfish => "Franken Swordfish",
            FrankenJellyfish => "Franken Jellyfish",
            FinnedFrankenXWing => "Finned Franken X-Wing",
            FinnedFrankenSwordfish => "Finned Franken Swordfish",
            FinnedFrankenJellyfish => "Finned Franken Jellyfish",
            SiameseFinnedFrankenSwordfish => "Siamese finned Franken Swordfish",
            SiameseFinnedFrankenJellyfish => "Siamese finned Franken Jellyfish",
            MutantXWing => "Mutant X-Wing",
            MutantSwordfish => "Mutant Swordfish",
            MutantJellyfish => "Mutant Jellyfish",
            FinnedMutantXWing => "Finned mutant X-Wing",
            FinnedMutantSwordfish => "Finned mutant Swordfish",
            FinnedMutantJellyfish => "Finned mutant Jellyfish",
            SiameseFinnedMutantJellyfish => "Siamese finned mutant Jellyfish",
        }
    }

    /// The family name that also selects it (`locked_candidates`, `preemptive_set`), if any.
    pub fn family_name(self) -> Option<&'static str> {
        use Technique::*;
        match self {
            Pointing | Claiming => Some("locked_candidates"),
            NakedPair | HiddenPair | NakedTriple | HiddenTriple | NakedQuad | HiddenQuad | PreemptiveSet => {
                Some("preemptive_set")
            }
            _ => None,
        }
    }

    /// The family it belongs to, as `sudoku.techniques()` groups them.
    pub fn family(self) -> &'static str {
        use Technique::*;
        match self {
            FullHouse | HiddenSingleBox | HiddenSingleLine | NakedSingle => "singles",
            DirectPointing | DirectClaiming | Pointing | Claiming => "intersections",
            DirectHiddenPair | DirectHiddenTriple | NakedPair | HiddenPair | NakedTriple | HiddenTriple | NakedQuad
            | HiddenQuad | PreemptiveSet | LockedPair | LockedTriple => "subsets",
            XWing | Swordfish | Jellyfish => "fish",
            FinnedXWing
            | SashimiXWing
            | FinnedSwordfish
            | SashimiSwordfish
            | FinnedJellyfish
            | SashimiJellyfish
            | SiameseFinnedXWing
            | SiameseSashimiXWing
            | SiameseFinnedSwordfish
            | SiameseSashimiSwordfish
            | SiameseFinnedJellyfish
            | SiameseSashimiJellyfish => "finned fish",
            FrankenXWing
            | FrankenSwordfish
            | FrankenJellyfish
            | FinnedFrankenXWing
            | FinnedFrankenSwordfish
            | FinnedFrankenJellyfish
            | SiameseFinnedFrankenSwordfish
            | SiameseFinnedFrankenJellyfish => "franken fish",
            MutantXWing
            | MutantSwordfish
            | MutantJellyfish
            | FinnedMutantXWing
            | FinnedMutantSwordfish
            | FinnedMutantJellyfish
            | SiameseFinnedMutantJellyfish => "mutant fish",
            TurbotFish | ThreeStrongLinks | Skyscraper | TwoStringKite | EmptyRectangle | DualTwoStringKite
            | DualEmptyRectangle => "single-digit patterns",
            XYWing | XYZWing | WXYZWing | VWXYZWing | WWing => "wings",
            UniqueRectangle | UniqueLoop | Bug | UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3
            | UniqueRectangle4 | UniqueRectangle5 | UniqueRectangle6 | HiddenRectangle | AvoidableRectangle1
            | AvoidableRectangle2 | BugPlusOne => "uniqueness",
            AlignedPairExclusion | AlignedTripleExclusion => "aligned exclusion",
            BidirectionalCycle
            | ForcingXChain
            | ForcingChain
            | RemotePair
            | XChain
            | XYChain
            | DiscontinuousNiceLoop
            | Aic
            | GroupedDiscontinuousNiceLoop
            | GroupedAic
            | ContinuousNiceLoop
            | GroupedContinuousNiceLoop => "chains",
            AlsXz | AlsXyWing | AlsXyChain | SueDeCoq | DeathBlossom => "almost locked sets",
            NishioForcingChain | CellForcingChain | RegionForcingChain | DynamicForcingChain => "forcing chains",
            DynamicForcingChainPlus | NestedForcingChain | NestedMultipleForcingChain | NestedDynamicForcingChain => {
                "nested forcing chains"
            }
            Guess => "guess",
            SimpleColorsTrap | SimpleColorsWrap | MultiColors1 | MultiColors2 => "coloring",
            TemplateSet | TemplateDelete => "templates",
        }
    }

    /// The least difficulty of a step of this technique, in tenths of the Sudoku Explainer
    /// scale (a chain adds to it by its length, some patterns by their size). A guess is 9.0:
    /// harder than every technique the path has.
    pub const fn base(self) -> u32 {
        use Technique::*;
        match self {
            FullHouse => 10,
            HiddenSingleBox => 12,
            HiddenSingleLine => 15,
            DirectPointing => 17,
            DirectClaiming => 19,
            DirectHiddenPair => 20,
            NakedSingle => 23,
            DirectHiddenTriple => 25,
            Pointing => 26,
            Claiming => 28,
            NakedPair => 30,
            XWing => 32,
            HiddenPair => 34,
            NakedTriple => 36,
            Swordfish => 38,
            HiddenTriple => 40,
            TurbotFish => 40,
            XYWing => 42,
            XYZWing => 44,
            UniqueRectangle => 45,
            UniqueLoop => 46,
            NakedQuad => 50,
            Jellyfish => 52,
            HiddenQuad | PreemptiveSet => 54,
            ThreeStrongLinks => 54,
            WXYZWing => 55,
            Bug => 56,
            VWXYZWing => 62,
            AlignedPairExclusion => 62,
            BidirectionalCycle => 65,
            ForcingXChain => 66,
            ForcingChain => 70,
            AlignedTripleExclusion => 75,
            NishioForcingChain => 75,
            CellForcingChain | RegionForcingChain => 80,
            DynamicForcingChain => 85,
            DynamicForcingChainPlus => 90,
            NestedForcingChain => 95,
            NestedMultipleForcingChain => 100,
            NestedDynamicForcingChain => 105,
            Guess => 90,
            // HoDoKu's scale: its step score.
            t => match t.hodoku_rating() {
                Some((score, _)) => score,
                None => 0,
            },
        }
    }

    /// The scale [`Technique::base`] and a step's difficulty are on: Sudoku Explainer's (in
    /// tenths) for the path's techniques, HoDoKu's (its score a step) for HoDoKu's own.
    pub const fn scale(self) -> Scale {
        if (self as u32) < Technique::LockedPair as u32 {
            Scale::SudokuExplainer
        } else {
            Scale::Hodoku
        }
    }

    /// HoDoKu's technique codes for this technique (its library format's, `SolutionType.java`),
    /// where its finder finds every instance HoDoKu's regression library names; empty for none.
    pub const fn hodoku(self) -> &'static [&'static str] {
        use Technique::*;
        match self {
            FullHouse => &["0000"],
            HiddenSingleBox | HiddenSingleLine => &["0002"],
            NakedSingle => &["0003"],
            Pointing => &["0100"],
            Claiming => &["0101"],
            LockedPair => &["0110"],
            LockedTriple => &["0111"],
            NakedPair => &["0200"],
            NakedTriple => &["0201"],
            NakedQuad => &["0202"],
            HiddenPair => &["0210"],
            HiddenTriple => &["0211"],
            HiddenQuad => &["0212"],
            XWing => &["0300"],
            Swordfish => &["0301"],
            Jellyfish => &["0302"],
            FinnedXWing => &["0310"],
            FinnedSwordfish => &["0311"],
            FinnedJellyfish => &["0312"],
            SashimiXWing => &["0320"],
            SashimiSwordfish => &["0321"],
            SashimiJellyfish => &["0322"],
            Skyscraper => &["0400"],
            TwoStringKite => &["0401"],
            EmptyRectangle => &["0402"],
            TurbotFish => &["0403"],
            XYWing => &["0800"],
            XYZWing => &["0801"],
            WWing => &["0803"],
            SimpleColorsTrap => &["0500"],
            SimpleColorsWrap => &["0501"],
            MultiColors1 => &["0502"],
            MultiColors2 => &["0503"],
            TemplateSet => &["1201"],
            TemplateDelete => &["1202"],
            UniqueRectangle1 => &["0600"],
            UniqueRectangle2 => &["0601"],
            UniqueRectangle3 => &["0602"],
            UniqueRectangle4 => &["0603"],
            UniqueRectangle5 => &["0604"],
            UniqueRectangle6 => &["0605"],
            HiddenRectangle => &["0606"],
            AvoidableRectangle1 => &["0607"],
            AvoidableRectangle2 => &["0608"],
            BugPlusOne => &["0610"],
            RemotePair => &["0703"],
            XChain => &["0701"],
            XYChain => &["0702"],
            ContinuousNiceLoop => &["0706"],
            DiscontinuousNiceLoop => &["0707"],
            Aic => &["0708"],
            GroupedDiscontinuousNiceLoop => &["0710"],
            GroupedAic => &["0711"],
            AlsXz => &["0901"],
            AlsXyWing => &["0902"],
            AlsXyChain => &["0903"],
            SueDeCoq => &["1101"],
            DualTwoStringKite => &["0404"],
            DualEmptyRectangle => &["0405"],
            SiameseFinnedXWing => &["03101"],
            SiameseSashimiXWing => &["03201"],
            SiameseFinnedSwordfish => &["03111"],
            SiameseSashimiSwordfish => &["03211"],
            SiameseFinnedJellyfish => &["03121"],
            SiameseSashimiJellyfish => &["03221"],
            DeathBlossom => &["0904"],
            FrankenXWing => &["0330"],
            FrankenSwordfish => &["0331"],
            FrankenJellyfish => &["0332"],
            FinnedFrankenXWing => &["0340"],
            FinnedFrankenSwordfish => &["0341"],
            FinnedFrankenJellyfish => &["0342"],
            SiameseFinnedFrankenSwordfish => &["03411"],
            SiameseFinnedFrankenJellyfish => &["03421"],
            MutantXWing => &["0350"],
            MutantSwordfish => &["0351"],
            MutantJellyfish => &["0352"],
            FinnedMutantXWing => &["0360"],
            FinnedMutantSwordfish => &["0361"],
            FinnedMutantJellyfish => &["0362"],
            SiameseFinnedMutantJellyfish => &["03621"],
            _ => &[],
        }
    }

    /// HoDoKu's score for a step of this technique and its level (HoDoKu's default settings),
    /// for the techniques HoDoKu has.
    pub const fn hodoku_rating(self) -> Option<(u32, HodokuLevel)> {
        use HodokuLevel::*;
        use Technique::*;
        Some(match self {
            FullHouse | NakedSingle => (4, Easy),
            HiddenSingleBox | HiddenSingleLine => (14, Easy),
            LockedPair => (40, Medium),
            LockedTriple => (60, Medium),
            Pointing | Claiming => (50, Medium),
            NakedPair => (60, Medium),
            NakedTriple => (80, Medium),
            HiddenPair => (70, Medium),
            HiddenTriple => (100, Medium),
            NakedQuad => (120, Hard),
            HiddenQuad => (150, Hard),
            XWing => (140, Hard),
            Swordfish => (150, Hard),
            Jellyfish => (160, Hard),
            Skyscraper => (130, Hard),
            TwoStringKite => (150, Hard),
            EmptyRectangle | TurbotFish => (120, Hard),
            WWing => (150, Hard),
            XYWing => (160, Hard),
            XYZWing => (180, Hard),
            FinnedXWing => (130, Hard),
            SashimiXWing => (150, Hard),
            FinnedSwordfish => (200, Unfair),
            SashimiSwordfish => (240, Unfair),
            FinnedJellyfish => (250, Unfair),
            SashimiJellyfish => (260, Unfair),
            SimpleColorsTrap | SimpleColorsWrap => (150, Hard),
            MultiColors1 | MultiColors2 => (200, Hard),
            TemplateSet | TemplateDelete => (10000, Extreme),
            UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 | UniqueRectangle5
            | UniqueRectangle6 | HiddenRectangle | AvoidableRectangle1 | AvoidableRectangle2 | BugPlusOne => {
                (100, Hard)
            }
            RemotePair => (110, Hard),
            XChain | XYChain => (260, Unfair),
            DiscontinuousNiceLoop | Aic => (280, Unfair),
            GroupedDiscontinuousNiceLoop | GroupedAic => (300, Unfair),
            AlsXz => (300, Unfair),
            AlsXyWing => (320, Unfair),
            AlsXyChain => (340, Unfair),
            SueDeCoq => (250, Unfair),
            DualTwoStringKite => (150, Hard),
            DualEmptyRectangle => (120, Hard),
            SiameseFinnedXWing => (130, Hard),
            SiameseSashimiXWing => (150, Hard),
            SiameseFinnedSwordfish => (200, Unfair),
            SiameseSashimiSwordfish => (240, Unfair),
            SiameseFinnedJellyfish => (250, Unfair),
            SiameseSashimiJellyfish => (260, Unfair),
            DeathBlossom => (360, Unfair),
            ContinuousNiceLoop => (280, Unfair),
            GroupedContinuousNiceLoop => (300, Unfair),
            FrankenXWing => (300, Unfair),
            FrankenSwordfish => (350, Unfair),
            FrankenJellyfish => (370, Unfair),
            FinnedFrankenXWing => (390, Unfair),
            FinnedFrankenSwordfish => (410, Unfair),
            FinnedFrankenJellyfish => (430, Unfair),
            SiameseFinnedFrankenSwordfish => (410, Unfair),
            SiameseFinnedFrankenJellyfish => (430, Unfair),
            MutantXWing => (450, Extreme),
            MutantSwordfish => (450, Extreme),
            MutantJellyfish => (450, Extreme),
            FinnedMutantXWing => (470, Extreme),
            FinnedMutantSwordfish => (470, Extreme),
            FinnedMutantJellyfish => (470, Extreme),
            SiameseFinnedMutantJellyfish => (470, Extreme),
            _ => return None,
        })
    }
}

/// The scale a technique's difficulty is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// Sudoku Explainer's, in tenths (`45` is 4.5).
    SudokuExplainer,
    /// HoDoKu's score a step (a skyscraper scores 130).
    Hodoku,
}

impl Scale {
    /// The name `sudoku.techniques()` gives it.
    pub fn name(self) -> &'static str {
        match self {
            Scale::SudokuExplainer => "se",
            Scale::Hodoku => "hodoku",
        }
    }
}

/// HoDoKu's difficulty levels, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum HodokuLevel {
    Easy,
    Medium,
    Hard,
    Unfair,
    Extreme,
}

impl HodokuLevel {
    pub fn name(self) -> &'static str {
        match self {
            HodokuLevel::Easy => "easy",
            HodokuLevel::Medium => "medium",
            HodokuLevel::Hard => "hard",
            HodokuLevel::Unfair => "unfair",
            HodokuLevel::Extreme => "extreme",
        }
    }
}

/// One deduction: the pattern it found and what it does to the candidates. Cells are 0-based
/// row-major indices, units 0-based (rows, then columns, then boxes), digits 1-based.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub technique: Technique,
    /// The unit the deduction is about, if one.
    pub unit: Option<usize>,
    /// The digits the pattern is about, ascending.
    pub digits: Vec<u8>,
    /// The cells of the pattern (a single's cell, a digit's places, a subset's cells, a chain).
    pub cells: Vec<usize>,
    /// The digit placed, as (cell, digit).
    pub placed: Option<(usize, u8)>,
    /// The candidates removed, as (cell, digit). In [`Order::Propagation`] a placement lists
    /// what it removes from its peers, as the SQL loop's round does; on the path, what the step
    /// itself removes (a forcing chain that places a digit removes the cell's others).
    pub eliminated: Vec<(usize, u8)>,
    /// One sentence a player can follow.
    pub explanation: String,
    /// The size of a preemptive set, or the links of a chain; 0 otherwise.
    pub length: usize,
    /// The difficulty on `scale`: tenths of the Sudoku Explainer scale, or HoDoKu's score.
    pub difficulty: u32,
    /// The scale of `difficulty`: its technique's, or HoDoKu's in [`Order::Hodoku`].
    pub scale: Scale,
    /// A chain's links in order, each (from, to) as (cell, digit, on): on means the cell holds
    /// the digit; a forcing chain of several branches lists each from its assumption.
    pub links: Vec<(explainer::Candidate, explainer::Candidate)>,
    /// A finned fish's fins (cells among `cells`), ascending; empty otherwise.
    pub fins: Vec<usize>,
}

impl Step {
    /// A step that places `digit` at `cell`.
    fn placement(
        technique: Technique,
        unit: Option<usize>,
        cell: usize,
        digit: u8,
        length: usize,
        explanation: String,
    ) -> Step {
        let (digits, cells, placed) = (vec![digit], vec![cell], Some((cell, digit)));
        let difficulty = technique.base();
        Step {
            technique,
            unit,
            digits,
            cells,
            placed,
            eliminated: Vec::new(),
            explanation,
            length,
            difficulty,
            scale: technique.scale(),
            links: Vec::new(),
            fins: Vec::new(),
        }
    }

    /// A step that removes `eliminated` and places nothing.
    fn removal(
        technique: Technique,
        unit: Option<usize>,
        digits: Vec<u8>,
        cells: Vec<usize>,
        eliminated: Vec<(usize, u8)>,
        explanation: String,
    ) -> Step {
        let difficulty = technique.base();
        Step {
            technique,
            unit,
            digits,
            cells,
            placed: None,
            eliminated,
            explanation,
            length: 0,
            difficulty,
            scale: technique.scale(),
            links: Vec::new(),
            fins: Vec::new(),
        }
    }
}

/// The pencil marks of a grid being solved: each cell's digit (0 blank) and candidates (a
/// filled cell keeps its own digit's bit).
struct Board {
    geo: &'static Geometry,
    value: Vec<u8>,
    cand: Vec<u32>,
    /// Two givens of a unit are equal.
    conflicting: bool,
    /// Whether steps carry their explanation (`rate` needs none and skips the formatting).
    explain: bool,
}

/// A cell as `r3c5` (row 3, column 5) on a grid of `n` digits.
fn cell_name(n: usize, c: usize) -> String {
    format!("r{}c{}", c / n + 1, c % n + 1)
}

fn unit_name(geo: &Geometry, u: usize) -> String {
    let (kind, no) = UnitKind::of_unit(u, geo.n);
    let kind = match kind {
        UnitKind::Row => "Row",
        UnitKind::Column => "Column",
        UnitKind::Box => "Box",
    };
    format!("{kind} {no}")
}

/// The digits of a mask, ascending (digit d is bit d - 1), as [`crate::views::digits`] yields them.
pub fn digit_list(mask: u32) -> Vec<u8> {
    digits(mask).collect()
}

fn join_digits(mask: u32) -> String {
    let d: Vec<String> = digit_list(mask).iter().map(|d| d.to_string()).collect();
    and_list(&d)
}

fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

impl Board {
    /// The board of a grid: a blank's candidates are the digits none of its peers holds.
    fn new(grid: &Grid, explain: bool) -> Board {
        let geo = Geometry::of(grid.shape());
        let value = grid.cells().to_vec();
        let mut cand = candidate_masks(grid);
        for (m, &v) in cand.iter_mut().zip(&value).filter(|(_, &v)| v != 0) {
            *m = 1 << (v - 1);
        }
        Board { geo, value, cand, conflicting: !grid.is_valid(), explain }
    }

    /// Places `d` at `c`; what it removes from open peers goes to `removed`, when given.
    fn place(&mut self, c: usize, d: u8, mut removed: Option<&mut Vec<(usize, u8)>>) {
        let bit = 1u32 << (d - 1);
        self.value[c] = d;
        self.cand[c] = bit;
        for &p in self.geo.peers(c) {
            let p = p as usize;
            if self.cand[p] & bit != 0 && self.value[p] == 0 {
                self.cand[p] &= !bit;
                if let Some(out) = removed.as_deref_mut() {
                    out.push((p, d));
                }
            }
        }
    }

    /// Applies a step; with `record`, a placement lists what it removed from its peers.
    fn apply(&mut self, step: &mut Step, record: bool) {
        if let Some((c, digit)) = step.placed {
            let mut removed = Vec::new();
            self.place(c, digit, record.then_some(&mut removed));
            removed.sort_unstable();
            step.eliminated.extend(removed);
        } else {
            for &(c, digit) in &step.eliminated {
                self.cand[c] &= !(1 << (digit - 1));
            }
        }
    }

    fn open(&self, u: usize) -> impl Iterator<Item = usize> + '_ {
        self.geo.unit(u).iter().map(|&c| c as usize).filter(|&c| self.value[c] == 0)
    }

    /// The open cells of unit `u` holding candidate `bit`, in unit order.
    fn holding(&self, u: usize, bit: u32) -> impl Iterator<Item = usize> + '_ {
        self.open(u).filter(move |&c| self.cand[c] & bit != 0)
    }

    /// [`Board::holding`], collected.
    fn places(&self, u: usize, bit: u32) -> Vec<usize> {
        self.holding(u, bit).collect()
    }

    /// The open cell of unit `u` holding candidate `bit`, when there is exactly one.
    fn single_place(&self, u: usize, bit: u32) -> Option<usize> {
        let mut places = self.holding(u, bit);
        let first = places.next()?;
        places.next().is_none().then_some(first)
    }

    fn solved(&self) -> bool {
        self.value.iter().all(|&v| v != 0)
    }

    /// The candidates in `mask` of the open `cells`, cell by cell, digits ascending.
    fn eliminations(&self, cells: impl Iterator<Item = usize>, mask: u32) -> Vec<(usize, u8)> {
        let mut out = Vec::new();
        for c in cells.filter(|&c| self.value[c] == 0) {
            out.extend(digits(self.cand[c] & mask).map(|d| (c, d)));
        }
        out
    }

    /// A cell without candidates, or (with `units`) a unit without a place for a digit.
    fn broken(&self, units: bool) -> bool {
        let full = (1u32 << self.geo.n) - 1;
        self.cand.contains(&0)
            || units && self.geo.units().any(|unit| unit.iter().fold(0, |m, &c| m | self.cand[c as usize]) != full)
    }
}

/// The order a run tries its techniques in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// The set-based SQL loop's order, `sudoku.propagate`'s techniques only: naked single (also
    /// with preemptive sets alone: it is one of size 1); hidden single in rows 1..n, columns,
    /// boxes, digits ascending; locked candidates, pointing from boxes along rows, then along
    /// columns, then claiming from rows and from columns (a digit with a single place counts);
    /// Crook's preemptive sets of 2 or more cells, units as for hidden singles, then by size,
    /// then by digits. It never guesses, works on any grid, and ends in a contradiction when
    /// the steps prove there is no solution; its last grid is `propagate`'s.
    Propagation,
    /// The path: the first hint of the allowed techniques in the order of
    /// [`Technique::ORDER`] (Sudoku Explainer's), a guess last when allowed. Needs a puzzle with
    /// one solution.
    Path,
    /// HoDoKu's: its default solving order (`explainer::hodoku`), each step scored and levelled
    /// as HoDoKu scores it, brute force last. 9x9 puzzles with one solution.
    Hodoku,
}

/// The techniques of a run, their order, and the name each step is reported under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    order: Order,
    /// Bit `t as usize` for each allowed technique.
    allowed: TechniqueSet,
    /// Techniques selected by their family name only, and reported under it.
    by_family: TechniqueSet,
    /// The bulk techniques named, in the propagation order.
    bulk: Techniques,
}

/// The names `sudoku.propagate` takes for its bulk techniques.
pub const PROPAGATION_NAMES: [&str; 4] = ["naked_single", "hidden_single", "locked_candidates", "preemptive_set"];

impl Selection {
    /// Every technique of the path, guesses included: what `rate` and `hint` use.
    pub fn all() -> Selection {
        let allowed = Technique::ORDER.iter().fold(0, |m, &t| m | t.bit());
        Selection { order: Order::Path, allowed, by_family: 0, bulk: Techniques::NONE }
    }

    /// Every technique of HoDoKu's order ([`Order::Hodoku`]), brute force included.
    pub fn hodoku() -> Selection {
        Selection {
            order: Order::Hodoku,
            allowed: explainer::hodoku_techniques(),
            by_family: 0,
            bulk: Techniques::NONE,
        }
    }

    /// The techniques named (see the module documentation), in [`Order::Propagation`] when
    /// every name is one of [`PROPAGATION_NAMES`], else on the path; `Err(name)` for the first
    /// unknown name. On the path, `hidden_single` also selects the full house (a hidden single
    /// too), reported as a hidden single unless `full_house` is named.
    pub fn from_names<'a>(names: impl IntoIterator<Item = &'a str> + Clone) -> Result<Selection, String> {
        let propagation = names.clone().into_iter().all(|n| PROPAGATION_NAMES.contains(&n));
        let named = |i: usize| names.clone().into_iter().any(|n| n == PROPAGATION_NAMES[i]);
        let bulk = Techniques {
            naked_singles: named(0),
            hidden_singles: named(1),
            locked_candidates: named(2),
            preemptive_sets: named(3),
        };
        let all = Technique::ORDER.into_iter().chain([Technique::PreemptiveSet]).chain(Technique::HODOKU);
        // A name only HoDoKu has (skyscraper, W-Wing, ...) makes the run one of HoDoKu's order.
        let hodoku = names.clone().into_iter().any(|n| Technique::HODOKU.iter().any(|t| t.name() == n));
        let (mut own, mut family): (TechniqueSet, TechniqueSet) = (0, 0);
        for name in names.clone() {
            let by_name = all.clone().filter(|t| t.name() == name).fold(0, |m, t| m | t.bit());
            let mut by_family = all.clone().filter(|t| t.family_name() == Some(name)).fold(0, |m, t| m | t.bit());
            if name == "hidden_single" {
                by_family |= Technique::FullHouse.bit();
            }
            if by_name | by_family == 0 {
                return Err(name.to_string());
            }
            own |= by_name;
            family |= by_family;
        }
        let order = match (propagation, hodoku) {
            (true, _) => Order::Propagation,
            (false, true) => Order::Hodoku,
            (false, false) => Order::Path,
        };
        // Every technique named must be one the order takes.
        let takes = match order {
            Order::Propagation => TechniqueSet::MAX,
            Order::Path => Technique::ORDER.iter().fold(0, |m, t| m | t.bit()),
            Order::Hodoku => explainer::hodoku_techniques(),
        };
        for name in names.clone() {
            let bits =
                all.clone().filter(|t| t.name() == name || t.family_name() == Some(name)).fold(0, |m, t| m | t.bit());
            if name != "preemptive_set" && bits & takes == 0 {
                return Err(name.to_string());
            }
        }
        // A preemptive set is a technique of its own in the propagation order only, where it
        // brings naked singles (its sets of size 1).
        let (allowed, by_family) = match order {
            Order::Propagation if bulk.preemptive_sets => (own | family | Technique::NakedSingle.bit(), family),
            Order::Propagation => (own | family, family),
            Order::Path => ((own | family) & !Technique::PreemptiveSet.bit(), family & !own),
            Order::Hodoku => ((own | family) & explainer::hodoku_techniques(), family & !own),
        };
        Ok(Selection { order, allowed, by_family, bulk })
    }

    pub fn order(&self) -> Order {
        self.order
    }

    fn has(&self, t: Technique) -> bool {
        t.within(self.allowed)
    }

    /// The name a step of technique `t` is reported under: its family's when the selection
    /// named the family and not the technique (`locked_candidates` for pointing in
    /// `fill_steps(p)`), else its own.
    pub fn name_of(&self, t: Technique) -> &'static str {
        if t == Technique::FullHouse && t.within(self.by_family) {
            return "hidden_single";
        }
        match t.family_name() {
            Some(family) if t.within(self.by_family) => family,
            _ => t.name(),
        }
    }

    /// The solver's bulk techniques that make the same fixpoint, in the propagation order.
    pub fn techniques(&self) -> Option<Techniques> {
        (self.order == Order::Propagation).then_some(self.bulk)
    }
}

/// Why [`every_step`] lists nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListError {
    /// The technique's finder stops at its first instance (BUG, Sudoku Explainer's chains), or
    /// it is one of HoDoKu's and the board is larger than 9x9.
    NotListable(String),
    /// An unknown name, a board no step may be taken from, too many steps.
    Refused(String),
}

impl std::fmt::Display for ListError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ListError::NotListable(why) | ListError::Refused(why) => f.write_str(why),
        }
    }
}

/// Every step of a technique on a player's board as it stands (HoDoKu's "show all"), at most
/// `limit`, in Sudoku Explainer's order: `name` is a technique's name (`hidden_single` for both
/// kinds, as `sudoku.techniques()` lists them) or a family's (`locked_candidates`), whose
/// techniques are listed one after the other in the path's order. Why not: an unknown name, a
/// technique whose finder stops at its first instance (BUG and the chains; every other
/// technique lists every instance: [`ListError::NotListable`]), a board with mistakes or
/// without one solution ([`crate::board::Board::ready`]).
pub fn every_step(
    board: &crate::board::Board,
    name: &str,
    limit: usize,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Result<Vec<Step>, ListError>, Interrupted> {
    let named = |t: &Technique| t.name() == name || t.family_name() == Some(name);
    let mask = Technique::LISTED.iter().filter(|t| named(t)).fold(0, |m: TechniqueSet, t| m | t.bit());
    if mask == 0 {
        return Ok(Err(ListError::Refused(format!("unknown technique {name:?} (sudoku.techniques() lists them)"))));
    }
    if board.size() > 9 && Technique::HODOKU.iter().any(|t| t.within(mask)) {
        // HoDoKu is a 9x9 program; its ALS, subset and chain searches grow exponentially with
        // a unit's cells.
        return Ok(Err(ListError::NotListable(format!(
            "{name} is one of HoDoKu's techniques, listed on 4x4 and 9x9 boards only, not {n}x{n}",
            n = board.size()
        ))));
    }
    if let Err(why) = board.ready("no steps", interrupt)? {
        return Ok(Err(ListError::Refused(why)));
    }
    let walk = explainer::Walk::from_board(board);
    let mut ctx = explainer::Ctx::new(interrupt, Technique::RATED, u32::MAX);
    let mut out = Vec::new();
    // One finder gives both hidden singles, and both unique rectangles and loops.
    let finder = |t: Technique| match t {
        Technique::HiddenSingleLine => Technique::HiddenSingleBox,
        Technique::UniqueLoop => Technique::UniqueRectangle,
        t => t,
    };
    let mut finders: Vec<Technique> = Vec::new();
    for t in Technique::LISTED.iter().copied().filter(|t| t.within(mask)) {
        if !finders.contains(&finder(t)) {
            finders.push(finder(t));
        }
    }
    for t in finders {
        if out.len() >= limit {
            break;
        }
        match walk.every(t, mask, limit - out.len(), &mut ctx) {
            Ok(Some(steps)) => out.extend(steps.iter().map(|s| explain::step_of(s, board.size(), true))),
            Ok(None) => {
                return Ok(Err(ListError::NotListable(format!(
                    "{} cannot list every step yet: BUG is one pattern of the whole board, and the chains' \
                     finders stop at their first",
                    t.name()
                ))))
            }
            Err(explainer::SeError::Interrupted) => return Err(Interrupted),
            Err(explainer::SeError::Bound) => {
                return Ok(Err(ListError::Refused(format!(
                    "{} has more than 20,000 steps on this board: too many to list",
                    t.name()
                ))))
            }
            Err(e) => return Ok(Err(ListError::Refused(e.to_string()))),
        }
    }
    Ok(Ok(out))
}

/// The distinct technique names of the path, in the order tried (`full_house`,
/// `hidden_single` ... `dynamic_forcing_chain`, `guess`): what `sudoku.rating_techniques()`
/// lists.
pub fn technique_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Technique::ORDER.iter().map(|t| t.name()).collect();
    names.dedup();
    names
}

/// How a run of steps ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Every cell is filled.
    Solved,
    /// No allowed technique applies.
    Stalled,
    /// The steps proved the grid has no solution (the propagation order only).
    Contradiction,
}

impl Ending {
    /// The name of the last row of `sudoku.fill_steps`, and its explanation.
    pub fn name_and_explanation(self) -> (&'static str, &'static str) {
        match self {
            Ending::Solved => ("solved", "Every cell is filled."),
            Ending::Stalled => ("stalled", "No chosen technique applies any more."),
            Ending::Contradiction => {
                ("contradiction", "A cell or a digit of a unit has no place left: the grid has no solution.")
            }
        }
    }
}

/// How many interrupt polls (about one candidate's chain search each) a step of the path may
/// take on a grid larger than 9x9 before it gives up and guesses; 9x9 and 4x4 are unbounded.
pub const STEP_BUDGET: u32 = 2048;

/// The poll budget of a step of the path on a grid of `n` digits (see [`STEP_BUDGET`]).
fn step_budget(n: usize) -> u32 {
    if n > 9 {
        STEP_BUDGET
    } else {
        u32::MAX
    }
}

/// What a run walks on.
enum Walker {
    Propagation(Board),
    Path(explainer::Walk),
    Hodoku(explainer::HodokuWalk),
}

/// The steps of one run, resumable: each call makes the next deduction.
pub struct Steps {
    walker: Walker,
    selection: Selection,
    explain: bool,
    n: usize,
    /// The solution, for guesses (the path only).
    solution: Vec<u8>,
    ending: Option<Ending>,
    /// The hardest level of HoDoKu's steps so far ([`Order::Hodoku`]).
    hodoku_level: HodokuLevel,
}

impl Steps {
    /// A run over `grid`. The path needs a puzzle with one solution (else the error); the
    /// propagation order takes any grid.
    pub fn new(
        grid: &Grid,
        selection: Selection,
        explain: bool,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<Result<Steps, RateError>, Interrupted> {
        let (walker, solution) = match selection.order {
            Order::Path => match rating::unique_solution(grid, interrupt)? {
                Ok(s) => (Walker::Path(explainer::Walk::new(grid)), s.cells().to_vec()),
                Err(e) => return Ok(Err(e)),
            },
            Order::Propagation => (Walker::Propagation(Board::new(grid, explain)), Vec::new()),
            Order::Hodoku => {
                let Some(walk) = explainer::HodokuWalk::new(grid) else {
                    return Ok(Err(RateError::NotNine));
                };
                match rating::unique_solution(grid, interrupt)? {
                    Ok(s) => (Walker::Hodoku(walk), s.cells().to_vec()),
                    Err(e) => return Ok(Err(e)),
                }
            }
        };
        Ok(Ok(Steps {
            walker,
            selection,
            explain,
            n: grid.size(),
            solution,
            ending: None,
            hodoku_level: HodokuLevel::Easy,
        }))
    }

    /// A run of the path (Sudoku Explainer's order) from a player's board: its digits and the
    /// candidates pencilled in, with `solution` the puzzle's (for guesses). The caller checks the
    /// board first ([`crate::board::Board::check`]): a run from a wrong board deduces from the
    /// error.
    pub fn from_board(board: &crate::board::Board, solution: &Grid, selection: Selection, explain: bool) -> Steps {
        let hodoku = match selection.order {
            Order::Hodoku => explainer::HodokuWalk::from_board(board),
            _ => None,
        };
        let (walker, order) = match hodoku {
            Some(w) => (Walker::Hodoku(w), Order::Hodoku),
            None => (Walker::Path(explainer::Walk::from_board(board)), Order::Path),
        };
        Steps {
            walker,
            selection: Selection { order, ..selection },
            explain,
            n: board.size(),
            solution: solution.cells().to_vec(),
            ending: None,
            hodoku_level: HodokuLevel::Easy,
        }
    }

    /// The next step, or `None` once the run has ended ([`Steps::ending`] says how).
    /// `interrupt` is asked before each step and during the searches.
    pub fn next_with(&mut self, interrupt: &mut dyn FnMut() -> bool) -> Result<Option<Step>, Interrupted> {
        if self.ending.is_some() {
            return Ok(None);
        }
        if interrupt() {
            return Err(Interrupted);
        }
        let found = match &mut self.walker {
            Walker::Propagation(b) => {
                let s = &self.selection;
                if b.conflicting || b.broken(s.has(Technique::HiddenSingleBox)) {
                    Err(Ending::Contradiction)
                } else if b.solved() {
                    Err(Ending::Solved)
                } else {
                    match propagation_step(b, s, interrupt)? {
                        Some(mut step) => {
                            b.apply(&mut step, true);
                            Ok(step)
                        }
                        None => Err(Ending::Stalled),
                    }
                }
            }
            Walker::Path(w) if w.solved() => Err(Ending::Solved),
            Walker::Path(w) => {
                let allowed = self.selection.allowed;
                let mut ctx = explainer::Ctx::new(interrupt, allowed & !Technique::Guess.bit(), step_budget(self.n));
                let guess = Technique::Guess.within(allowed);
                let step = match w.next(&mut ctx) {
                    Ok(Some(s)) => Some(s),
                    Ok(None) | Err(explainer::SeError::Bound) if guess => Some(w.guess(&self.solution)),
                    Ok(None) | Err(explainer::SeError::Bound) => None,
                    Err(_) => return Err(Interrupted),
                };
                match step {
                    Some(s) => Ok(explain::step_of(&s, self.n, self.explain)),
                    None => Err(Ending::Stalled),
                }
            }
            Walker::Hodoku(w) if w.solved() => Err(Ending::Solved),
            Walker::Hodoku(w) => {
                let allowed = self.selection.allowed;
                let mut ctx = explainer::Ctx::new(interrupt, allowed & !Technique::Guess.bit(), u32::MAX);
                let found = match w.next(&mut ctx) {
                    Ok(Some(found)) => Some(found),
                    Ok(None) | Err(explainer::SeError::Bound) if Technique::Guess.within(allowed) => {
                        Some(w.brute_force(&self.solution))
                    }
                    Ok(None) | Err(explainer::SeError::Bound) => None,
                    Err(_) => return Err(Interrupted),
                };
                let Some((s, slot)) = found else {
                    self.ending = Some(Ending::Stalled);
                    return Ok(None);
                };
                let mut step = explain::step_of(&s, self.n, self.explain);
                step.difficulty = slot.score;
                step.scale = Scale::Hodoku;
                self.hodoku_level = self.hodoku_level.max(slot.level);
                Ok(step)
            }
        };
        match found {
            Ok(step) => Ok(Some(step)),
            Err(ending) => {
                self.ending = Some(ending);
                Ok(None)
            }
        }
    }

    /// How the run ended, once it has.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// The digits of the grid so far, row-major (0 blank).
    pub fn cells(&self) -> &[u8] {
        match &self.walker {
            Walker::Propagation(b) => &b.value,
            Walker::Path(w) => w.cells(),
            Walker::Hodoku(w) => w.cells(),
        }
    }

    /// The candidates of each cell so far, as masks (digit `d` is bit `d - 1`); a filled cell
    /// has its own digit's bit.
    pub fn candidates(&self) -> Vec<u32> {
        match &self.walker {
            Walker::Propagation(b) => b.cand.clone(),
            Walker::Path(w) => with_digits(w.candidates(), w.cells()),
            Walker::Hodoku(w) => with_digits(w.candidates(), w.cells()),
        }
    }

    /// The grid so far.
    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.cells()).expect("a run keeps a grid's digits")
    }

    /// The hardest of HoDoKu's levels of the steps so far ([`Order::Hodoku`]; easy otherwise).
    pub fn hodoku_level(&self) -> HodokuLevel {
        self.hodoku_level
    }

    /// The selection the run follows.
    pub fn selection(&self) -> &Selection {
        &self.selection
    }
}

/// A walk's candidates with each filled cell given its own digit's bit.
fn with_digits(mut cand: Vec<u32>, cells: &[u8]) -> Vec<u32> {
    for (m, &v) in cand.iter_mut().zip(cells).filter(|(_, &v)| v != 0) {
        *m = 1 << (v - 1);
    }
    cand
}

/// The propagation order's next step on `b` (not applied).
fn propagation_step(
    b: &Board,
    s: &Selection,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Option<Step>, Interrupted> {
    let n = b.geo.n;
    let (rows, cols, boxes) = (0..n, n..2 * n, 2 * n..3 * n);
    let found = s
        .has(Technique::NakedSingle)
        .then(|| b.naked_single())
        .flatten()
        .or_else(|| s.has(Technique::HiddenSingleBox).then(|| b.hidden_single(0..3 * n)).flatten())
        .or_else(|| {
            let locked = s.has(Technique::Pointing);
            locked
                .then(|| {
                    b.locked(boxes.clone(), &[UnitKind::Row], 1)
                        .or_else(|| b.locked(boxes, &[UnitKind::Column], 1))
                        .or_else(|| b.locked(rows.start..cols.end, &[UnitKind::Box], 1))
                })
                .flatten()
        });
    match found {
        Some(step) => Ok(Some(step)),
        None if s.has(Technique::PreemptiveSet) => b.preemptive_set(interrupt),
        None => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = "...15.....34....89........3.2..6.8...47..9.....9.2...11....2..5...9............74";

    fn run(grid: &Grid, names: &[&str]) -> (Vec<Step>, Steps) {
        let selection = Selection::from_names(names.iter().copied()).unwrap();
        let mut run = Steps::new(grid, selection, true, &mut || false).unwrap().unwrap();
        (std::iter::from_fn(|| run.next_with(&mut || false).unwrap()).collect(), run)
    }

    #[test]
    fn propagation_order_ends_where_propagate_ends() {
        let g = Grid::parse(SEED).unwrap();
        for names in [&PROPAGATION_NAMES[..], &PROPAGATION_NAMES[..3], &["naked_single", "locked_candidates"]] {
            let (steps, run) = run(&g, names);
            let t = run.selection().techniques().unwrap();
            assert_eq!(Some(run.grid()), crate::propagate(&g, t));
            assert!(steps.iter().all(|s| s.placed.is_some() || !s.eliminated.is_empty()));
            assert!(steps.iter().all(|s| !s.explanation.is_empty()));
        }
        let bad = Grid::parse(&SEED.replacen('.', "1", 1)).unwrap();
        let (steps, run) = run(&bad, &PROPAGATION_NAMES);
        assert!(steps.is_empty());
        assert_eq!(run.ending(), Some(Ending::Contradiction));
    }

    #[test]
    fn names_select_techniques_and_report_families() {
        let s = Selection::from_names(PROPAGATION_NAMES).unwrap();
        assert_eq!(s.order(), Order::Propagation);
        assert_eq!(s.techniques(), Some(Techniques::ALL));
        assert_eq!(s.name_of(Technique::Pointing), "locked_candidates");
        assert_eq!(s.name_of(Technique::PreemptiveSet), "preemptive_set");
        // Any other name: the path, where a family stands for its techniques.
        let s = Selection::from_names(["pointing", "locked_candidates", "preemptive_set"]).unwrap();
        assert_eq!(s.order(), Order::Path);
        assert_eq!((s.name_of(Technique::Pointing), s.name_of(Technique::Claiming)), ("pointing", "locked_candidates"));
        assert_eq!(s.name_of(Technique::HiddenTriple), "preemptive_set");
        assert!(s.has(Technique::NakedQuad) && !s.has(Technique::PreemptiveSet) && !s.has(Technique::NakedSingle));
        assert_eq!(Selection::from_names(["x_wing", "dancing_links"]), Err("dancing_links".to_string()));
        // The path with a family name makes the same steps as with its techniques.
        let g = Grid::parse(SEED).unwrap();
        // (x_wing makes it a run of the path, where the family name stands for pointing and claiming).
        let by = |names: &[&str]| run(&g, names).0;
        assert_eq!(
            by(&["hidden_single", "naked_single", "locked_candidates", "x_wing"]),
            by(&["hidden_single", "naked_single", "pointing", "claiming", "x_wing"])
        );
    }

    #[test]
    fn a_name_only_hodoku_has_runs_hodokus_order() {
        let s =
            Selection::from_names(["hidden_single", "naked_single", "full_house", "pointing", "skyscraper"]).unwrap();
        assert_eq!(s.order(), Order::Hodoku);
        assert!(s.has(Technique::Skyscraper) && !s.has(Technique::XWing) && !s.has(Technique::Guess));
        // A technique HoDoKu's order has no step of is refused, by name.
        let refused = Selection::from_names(["skyscraper", "aligned_pair_exclusion"]);
        assert_eq!(refused, Err("aligned_pair_exclusion".to_string()));
        // A run of those techniques only: sound steps, each of a technique named, stalling
        // where they run out (the first of se_rated_10k needs more).
        let g =
            Grid::parse(".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.").unwrap();
        let solution = crate::solve(&g).unwrap();
        let (steps, run) =
            run(&g, &["hidden_single", "naked_single", "full_house", "pointing", "claiming", "skyscraper"]);
        assert!(!steps.is_empty());
        for st in &steps {
            assert!(s.has(st.technique) || st.technique == Technique::Claiming, "{st:?}");
            assert!(st.eliminated.iter().all(|&(c, d)| solution.cells()[c] != d), "{st:?}");
            assert!(st.placed.is_none_or(|(c, d)| solution.cells()[c] == d), "{st:?}");
        }
        assert_eq!(run.ending(), Some(Ending::Stalled));
    }

    #[test]
    fn hidden_singles_have_one_place() {
        let g = Grid::parse(SEED).unwrap();
        let board = Board::new(&g, false);
        let singles = hidden_singles(&g);
        assert!(!singles.is_empty());
        for (u, c, d) in singles {
            assert_eq!(g.cells()[c], 0);
            assert_eq!(board.places(u, 1 << (d - 1)), vec![c]);
        }
    }
}
