//! A step of the path as [`Step`] and the sentence a player reads: what the pattern is, what
//! it rests on, and what it places or removes. Cells are named `r3c5` (row 3, column 5),
//! regions "row 3", "column 5", "box 7", a chain's candidates `r3c5=7` (holds 7) and `r3c5≠7`.

use super::explainer::{Candidate, SeStep};
use super::{and_list, cell_name as cell, digit_list, join_digits as digits, Step, Technique};

/// The step of the path `s` on a grid of `n` digits, explained when `explain`.
pub(super) fn step_of(s: &SeStep, n: usize, explain: bool) -> Step {
    let unit = s.region.map(|(t, r)| match t {
        1 => r,
        2 => n + r,
        _ => 2 * n + r,
    });
    let mut eliminated: Vec<(usize, u8)> =
        s.removed.iter().flat_map(|&(c, m)| digit_list(m).into_iter().map(move |d| (c, d))).collect();
    eliminated.sort_unstable();
    let explanation = if explain { sentence(s, n) } else { String::new() };
    Step {
        technique: s.technique,
        unit,
        digits: digit_list(s.digits),
        cells: s.cells.clone(),
        placed: s.placed,
        eliminated,
        explanation,
        length: s.links.len(),
        difficulty: s.difficulty,
        scale: s.technique.scale(),
        links: s.links.clone(),
        fins: s.fins.clone(),
    }
}

fn region((t, r): (usize, usize)) -> String {
    let kind = match t {
        0 => "box",
        1 => "row",
        _ => "column",
    };
    format!("{kind} {}", r + 1)
}

fn cells(n: usize, list: impl IntoIterator<Item = usize>) -> String {
    and_list(&list.into_iter().map(|c| cell(n, c)).collect::<Vec<_>>())
}

fn candidate(n: usize, (c, d, on): Candidate) -> String {
    format!("{}{}{d}", cell(n, c), if on { "=" } else { "≠" })
}

/// A chain's links as "r1c1=5 → r1c3≠5 → r2c3=5", branches (a link from a new assumption)
/// apart with "; ".
fn chain(n: usize, links: &[(Candidate, Candidate)]) -> String {
    let mut out = String::new();
    let mut last: Option<Candidate> = None;
    for &(a, z) in links {
        if last != Some(a) {
            if !out.is_empty() {
                out.push_str("; ");
            }
            out.push_str(&candidate(n, a));
        }
        out.push_str(" → ");
        out.push_str(&candidate(n, z));
        last = Some(z);
    }
    out
}

/// What the step does: "r3c4 takes 5" or "5 leaves r3c4 and r3c5; 7 leaves r3c5".
fn outcome(s: &SeStep, n: usize) -> String {
    if let Some((c, d)) = s.placed {
        return format!("{} takes {d}", cell(n, c));
    }
    let all = s.removed.iter().fold(0u32, |m, &(_, r)| m | r);
    let parts: Vec<String> = digit_list(all)
        .into_iter()
        .map(|d| {
            let mut from: Vec<usize> =
                s.removed.iter().filter(|&&(_, m)| m >> (d - 1) & 1 != 0).map(|&(c, _)| c).collect();
            from.sort_unstable();
            format!("{d} leaves {}", cells(n, from))
        })
        .collect();
    parts.join("; ")
}

/// The digits a step removes, as a mask.
fn removed_digits(s: &SeStep) -> u32 {
    s.removed.iter().fold(0, |m, &(_, r)| m | r)
}

/// The sentence of step `s` on a grid of `n` digits.
fn sentence(s: &SeStep, n: usize) -> String {
    use Technique::*;
    let t = s.technique.title();
    let result = outcome(s, n);
    let place = s.placed.map(|(c, _)| c);
    let pattern: Vec<usize> = s.cells.iter().copied().filter(|&c| Some(c) != place).collect();
    let (on, ds) = (cells(n, pattern.iter().copied()), digits(s.digits));
    let within = s.region.map(region).unwrap_or_default();
    match s.technique {
        FullHouse => format!("{t}: {} is the last empty cell of {within}, so {result}.", cells(n, place)),
        HiddenSingleBox | HiddenSingleLine => format!("{t}: in {within}, {ds} fits only {}, so {result}.", cells(n, place)),
        NakedSingle => format!("{t}: {} has no other candidate left, so {result}.", cells(n, place)),
        DirectPointing | DirectClaiming => format!(
            "{t}: in {within}, {ds} lies only in {on}, so it leaves the other cells of the {} they share; \
             then {} is the only place left for {ds} in one of its units, so {result}.",
            if s.technique == DirectPointing { "line" } else { "box" },
            cells(n, place)
        ),
        DirectHiddenPair | DirectHiddenTriple => format!(
            "{t}: in {within}, {} fit only {on}, so those cells hold nothing else; then {} fits only {}, so {result}.",
            digits(s.digits & !s.placed.map_or(0, |(_, d)| 1 << (d - 1))),
            s.placed.map_or(0, |(_, d)| d),
            cells(n, place)
        ),
        Pointing => format!("{t}: in {within}, {ds} lies only in {on}, all in one line, so {result}."),
        Claiming => format!("{t}: in {within}, {ds} lies only in {on}, all in one box, so {result}."),
        NakedPair | NakedTriple | NakedQuad => {
            format!("{t}: in {within}, {on} hold only {ds} between them, so these digits leave the rest of it: {result}.")
        }
        HiddenPair | HiddenTriple | HiddenQuad => {
            format!("{t}: in {within}, {ds} fit only {on}, so those cells hold nothing else: {result}.")
        }
        XWing | Swordfish | Jellyfish | FrankenXWing | FrankenSwordfish | FrankenJellyfish | MutantXWing
        | MutantSwordfish | MutantJellyfish => format!(
            "{t} on {ds}: in as many lines as it covers crossing lines, {ds} lies only in {on}; \
             each crossing line keeps its {ds} among them, so {result}."
        ),
        TurbotFish | ThreeStrongLinks => format!(
            "{t} on {ds}: {}; one of the two ends holds {ds}, so {result}.",
            chain(n, &s.links)
        ),
        XYWing | XYZWing => format!(
            "{t}: {on} hold only {ds} between them, the pivot seeing both wings; whichever digit the pivot takes, \
             {z} is in a wing{pivot}, so {result}.",
            z = digits(removed_digits(s)),
            pivot = if s.technique == XYZWing { " or the pivot" } else { "" }
        ),
        WXYZWing | VWXYZWing => format!(
            "{t}: {on} hold only {ds} between them, one digit more than cells, so one of the cells holding {z} \
             holds it, so {result}.",
            z = digits(removed_digits(s))
        ),
        UniqueRectangle | UniqueLoop => format!(
            "{t}: if {on} held only {ds}, the two digits could swap and the puzzle would have two solutions, so {result}."
        ),
        Bug => format!(
            "{t}: without the extra candidates of {on}, every open cell would hold two digits and every digit two \
             places per unit, which gives two solutions; one extra candidate is true, so {result}."
        ),
        AlignedPairExclusion | AlignedTripleExclusion => format!(
            "{t}: among {on} (the aligned cells and the cells that see them all), a combination of digits for the \
             aligned cells that leaves one of the others without a candidate is impossible, so {result}."
        ),
        BidirectionalCycle => format!(
            "{t}: {} closes a loop that holds either way round, so {result}.",
            chain(n, &s.links)
        ),
        ForcingXChain | ForcingChain | NishioForcingChain => {
            format!("{t}: {}, so {result}.", chain(n, &s.links))
        }
        CellForcingChain | RegionForcingChain | DynamicForcingChain => format!(
            "{t}: every branch reaches the same conclusion ({}), so {result}.",
            chain(n, &s.links)
        ),
        DynamicForcingChainPlus | NestedForcingChain | NestedMultipleForcingChain | NestedDynamicForcingChain => format!(
            "{t}: every branch reaches the same conclusion ({}), some links being patterns or whole chains found in the \
             grid the branch leaves, so {result}.",
            chain(n, &s.links)
        ),
        Guess => format!(
            "{t}: no technique applies (or, on a grid larger than 9x9, its search ran past its budget), so {} takes \
             the solution's digit {}.",
            cells(n, place),
            s.placed.map_or(0, |(_, d)| d)
        ),
        PreemptiveSet => format!("{t}: {result}."),
        LockedPair | LockedTriple => format!(
            "{t}: {on} hold only {ds} between them and share {within} and a box, so these digits leave the rest of \
             both: {result}."
        ),
        Skyscraper | TwoStringKite | DualTwoStringKite | DualEmptyRectangle => format!(
            "{t} on {ds}: {}, two conjugate pairs joined by a weak link; one of the two ends holds {ds}, so {result}.",
            chain(n, &s.links)
        ),
        EmptyRectangle => format!(
            "{t} on {ds}: in {within}, {ds} lies only in one row and one column; with the conjugate pair {}, either \
             the far end holds {ds} or the box's line does, so {result}.",
            chain(n, &s.links)
        ),
        WWing => format!(
            "{t}: {} both hold only {ds}; the conjugate pair {} puts {x} in one of their peers, so one of the two \
             cells holds {y}, so {result}.",
            cells(n, s.links.first().map(|l| l.0 .0).into_iter().chain(s.links.last().map(|l| l.1 .0))),
            chain(n, s.links.get(1..2).unwrap_or(&[])),
            x = s.links.get(1).map_or(0, |l| l.0 .1),
            y = digits(removed_digits(s))
        ),
        SimpleColorsTrap | SimpleColorsWrap | MultiColors1 | MultiColors2 => format!(
            "{t} on {ds}: the places of {ds} joined by conjugate pairs ({on}) take two colors, one of them true in \
             each cluster, so {result}."
        ),
        TemplateSet | TemplateDelete => format!(
            "{t} on {ds}: of the ways to place {ds} once in every row, column and box that fit the board and the \
             other digits' sure places, {}, so {result}.",
            if s.technique == TemplateSet { "every one takes this cell" } else { "none takes these candidates" }
        ),
        UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 | UniqueRectangle5
        | UniqueRectangle6 | HiddenRectangle => format!(
            "{t}: if {on} held only {ds}, the two digits could swap and the puzzle would have two solutions, so {result}."
        ),
        AvoidableRectangle1 | AvoidableRectangle2 => format!(
            "{t}: {on} would let {ds} swap in cells none of which is a given, which the puzzle's one solution forbids, \
             so {result}."
        ),
        BugPlusOne => format!(
            "{t}: every open cell but {on} holds two candidates and every digit two places per unit but {ds} in its \
             units; without {ds} there the board would have two solutions, so {result}."
        ),
        ContinuousNiceLoop | GroupedContinuousNiceLoop => format!(
            "{t}: {} closes on itself, so each of its weak links holds both ways (one end true, one false), so \
             {result}.",
            chain(n, &s.links)
        ),
        DiscontinuousNiceLoop | GroupedDiscontinuousNiceLoop => format!(
            "{t}: {}; the chain returns to the cell it starts from and contradicts its start, or proves it, so {result}.",
            chain(n, &s.links)
        ),
        XChain | XYChain | RemotePair | Aic | GroupedAic => format!(
            "{t}: {}; if its first candidate is false its last is true, so one of the two ends holds, so {result}.",
            chain(n, &s.links)
        ),
        DeathBlossom => format!(
            "{t}: a stem cell holds one of {ds}, and each of its digits has an almost locked set among {on} whose \
             places of it all see the stem, so one set is locked and a digit they all hold is in one of them, so \
             {result}."
        ),
        AlsXz | AlsXyWing | AlsXyChain => format!(
            "{t}: the almost locked sets among {on} (each a unit's cells holding one digit more than cells) are \
             linked by restricted common digits ({ds}), so one set is locked and the digit it then holds is in one of \
             the sets, so {result}."
        ),
        SueDeCoq => format!(
            "{t}: in {within}, {on} hold {ds} and the digits they lock between the line's and the box's cells, so \
             {result}."
        ),
        FinnedXWing | SashimiXWing | FinnedSwordfish | SashimiSwordfish | FinnedJellyfish | SashimiJellyfish
        | SiameseFinnedXWing | SiameseSashimiXWing | SiameseFinnedSwordfish | SiameseSashimiSwordfish
        | SiameseFinnedJellyfish | SiameseSashimiJellyfish | FinnedFrankenXWing | FinnedFrankenSwordfish
        | FinnedFrankenJellyfish | SiameseFinnedFrankenSwordfish | SiameseFinnedFrankenJellyfish
        | FinnedMutantXWing | FinnedMutantSwordfish | FinnedMutantJellyfish | SiameseFinnedMutantJellyfish => {
            format!(
                "{t} on {ds}: its lines hold {ds} only in {on}; either the fish stands or a fin ({}) holds {ds}, \
                 and every cell it removes from sees the fins and a cover line, so {result}.",
                cells(n, s.fins.iter().copied())
            )
        }
    }
}
