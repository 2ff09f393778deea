//! Variant rules as data, and the layout they make on a grid of one size.
//!
//! In the set-based approach of the SQL articles a unit is a row of a table: the cells that must
//! hold different digits. A variant is more such rows ([`Rules`]): the two diagonals (X Sudoku),
//! the windows (windoku, hyper Sudoku), regions that replace the boxes (jigsaw), and cages, units
//! whose digits are distinct and add up to a sum (killer). [`Rules::layout`] checks the rules
//! against a grid size and turns them into a [`Layout`]: every unit as a list of cells, every
//! cell's peers, and per cage the digit combinations its sum allows.

use super::constraints::{first_fit, Constraints, EqualSums, Memo, Part, Props, Special};
use crate::geometry::Geometry;
use crate::grid::{Shape, MAX_SIZE};

/// A cage of a killer Sudoku: distinct digits that add up to `sum`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cage {
    /// The total of the cage's digits.
    pub sum: u32,
    /// Its cells as (row, column), both from 1, in the order given.
    pub cells: Vec<(u32, u32)>,
}

/// The rules of a variant: what a grid must satisfy besides rows and columns.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rules {
    /// Each of the two main diagonals holds every digit once (X Sudoku).
    pub diagonals: bool,
    /// Each window holds every digit once (windoku): the `b`x`b` squares of a grid of box side
    /// `b` whose top-left cells are at rows and columns `1 + k(b + 1)` (0-based), `k < b - 1`;
    /// on 9x9, rows and columns 2-4 and 6-8.
    pub windows: bool,
    /// One symbol per cell (row-major) naming its region, replacing the boxes (jigsaw); `None`:
    /// the boxes. Cells with the same symbol form a region.
    pub regions: Option<String>,
    /// The cages (killer Sudoku).
    pub cages: Vec<Cage>,
    /// The setters' other constraints: thermometers, arrows, kropki dots and the rest.
    pub constraints: Constraints,
}

/// Rules that do not fit a grid: the text says what is wrong (SQLSTATE 22023 in SQL).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError(pub String);

impl std::fmt::Display for RulesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Rules written in a shape that is not theirs (SQLSTATE 22P02 in SQL): not an object, an
/// unknown key, a value of the wrong JSON type; the text says which.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesSyntaxError(pub String);

impl std::fmt::Display for RulesSyntaxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RulesError {}

/// What a unit of a [`Layout`] is, for pictures and messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitKind {
    Row,
    Column,
    /// A box, or a region of a jigsaw.
    Region,
    Diagonal,
    Window,
    /// An extra region of `n` cells, or a disjoint group.
    Extra,
}

/// Rules applied to one grid size: every unit whose cells hold each digit once, the cages, and
/// each cell's peers.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The grid's shape (its boxes are the regions unless the rules give regions).
    pub shape: Shape,
    /// Digits, and cells per row.
    pub n: usize,
    /// The full units (each holds every digit once): rows, columns, regions (boxes or jigsaw),
    /// then diagonals and windows.
    pub units: Vec<(UnitKind, Vec<u16>)>,
    /// The cages: sum and cells.
    pub cages: Vec<(u32, Vec<u16>)>,
    /// The rule of 45 (of `n(n + 1) / 2`): per full unit with cages wholly inside it, the sum of
    /// its other cells (the unit's total less those cages' sums) and those cells, whose digits
    /// are distinct as the unit's are; a constraint like a cage's that the rules imply.
    pub innies: Vec<(u32, Vec<u16>)>,
    /// Per pair of full units sharing two cells or more: the shared cells, the cells of the
    /// first only, of the second only (locked candidates: a digit of the first unit whose places
    /// there are all shared leaves the rest of the second).
    pub intersections: Vec<(Vec<u16>, Vec<u16>, Vec<u16>)>,
    /// Per cell, the other cells that must hold a different digit (sharing a unit or a cage),
    /// ascending.
    pub peers: Vec<Vec<u16>>,
    /// Per cell, its peers as a set of cells (bit `c` for cell `c`), on grids of at most 128
    /// cells (up to 11x11); empty on larger ones.
    pub peer_sets: Vec<u128>,
    /// Per unit of `units`, its cells as a set (as `peer_sets`; empty past 128 cells): the
    /// search looks for hidden singles only in the units where a cell changed.
    pub unit_sets: Vec<u128>,
    /// Per intersection of `intersections`, the cells of its two units as a set (as
    /// `unit_sets`): the search takes the locked candidates of an intersection again only
    /// when one of them changed.
    pub intersection_sets: Vec<u128>,
    /// Per cell, the intersections whose two units hold it, as a set of `crossing_words` words
    /// (bit `k` for intersection `k`), cell after cell; empty past 128 cells or past
    /// [`CROSSING_WORDS`] words: the search wakes the intersections of the cells that changed
    /// from these instead of asking each intersection.
    pub cell_crossings: Vec<u64>,
    pub crossing_words: usize,
    /// Per cell, the units of `units` that hold it, as a set of `unit_words` words (bit `k` for
    /// unit `k`), cell after cell; empty past 128 cells or past [`UNIT_WORDS`] words: the search
    /// looks for hidden singles in the units of the cells that changed from these.
    pub cell_units: Vec<u64>,
    pub unit_words: usize,
    /// Per cell, the pairs of `loose_pairs` that hold it, as a set of `pair_words` words (bit
    /// `k` for pair `k`), cell after cell; empty past 128 cells or past [`PAIR_WORDS`] words:
    /// the search takes the pairs of the cells that changed from these.
    pub cell_pairs: Vec<u64>,
    pub pair_words: usize,
    /// Per cell, its region (0-based; `u16::MAX` on a grid without boxes or regions).
    pub region_of: Vec<u16>,
    /// The classic rules (rows, columns, square boxes, nothing else): the search takes locked
    /// candidates in their box-and-line form.
    pub classic: bool,
    /// The setters' constraints the search propagates besides units and cages.
    pub props: Props,
    /// On grids up to 128 cells, the pairs of `props` whose relation removes a digit only from
    /// a cell's one candidate (any two of the first cell's digits allow every digit of the
    /// second, and back: anti-taxicab), per cell: the other cell, the relation and whether this
    /// cell is the pair's first. The search takes them when the cell is fixed, not every round.
    pub fixed_pairs: Vec<Vec<(u16, u16, bool)>>,
    /// The other pairs of `props` (all of them past 128 cells).
    pub loose_pairs: Vec<(u16, u16, u16)>,
    /// Per cage, then per innie set (in the order of `cages` and `innies`): the cells outside it
    /// that see all its cells (they lose the digits every combination of the cage holds).
    pub cage_seers: Vec<Vec<u16>>,
    /// Per cage, then per innie set (as `cage_seers`): the other cells of a house holding all its
    /// cells (empty when none does). They hold the house's digits the cage does not, so a
    /// combination of the cage that leaves them a digit none of them can take is out (sigh's
    /// solver's sums with complement cells).
    pub cage_complements: Vec<Vec<u16>>,
    /// On grids up to 128 cells, per cage, then per innie set (as `cage_seers`): its cells as a
    /// set (bit `c` for cell `c`), for the required digits' places; empty past 128 cells.
    pub cage_sets: Vec<u128>,
    /// The fingerprints of the passes (cages, innies, equal sums, clues, in that order).
    pub memo: Memo,
    /// Per cell, the passes (numbered as in `memo`) whose result its candidates change: a pass
    /// runs again only when a cell it watches lost a candidate since it last ran. Grouped by
    /// words of 64 passes: `(w, bits)` holds pass `64 * w + i` when bit `i` of `bits` is set
    /// (one word or two per cell, where a list of passes runs to ten or more).
    pub watch: Vec<Vec<(u32, u64)>>,
    /// Per cell, the conflict score the search starts from on a layout with passes (sigh's
    /// solver's cell priorities): what each unit, cage, sum and clue holding the cell adds
    /// ([`priorities`]).
    pub priorities: Vec<u32>,
}

impl Rules {
    /// Whether these are the classic rules (no key set): the fast solvers apply.
    pub fn is_classic(&self) -> bool {
        !self.diagonals
            && !self.windows
            && self.regions.is_none()
            && self.cages.is_empty()
            && self.constraints.is_empty()
    }

    /// The layout on an `n`x`n` grid of the size's default shape; see [`Rules::layout_of`].
    pub fn layout(&self, n: usize) -> Result<Layout, RulesError> {
        let shape = Shape::of_size(n).map_err(|_| RulesError(format!("a grid is 4x4 to 25x25, not {n}x{n}")))?;
        self.layout_of(shape)
    }

    /// The layout on a grid of `shape`, or what is wrong: regions that are not `n` regions of
    /// `n` cells (connected or not), windows on a grid whose boxes are not square, a cage with a cell
    /// outside the grid or twice, a cell in two cages, a cage of more than `n` cells, or a sum
    /// that its number of cells cannot reach.
    pub fn layout_of(&self, shape: Shape) -> Result<Layout, RulesError> {
        let n = shape.n();
        let cells = n * n;
        // Rows, columns and boxes as the grid's geometry has them; jigsaw regions in place of
        // the boxes.
        let geo = Geometry::of(shape);
        let region_of: Vec<u16> = match &self.regions {
            None if shape.has_boxes() => (0..cells).map(|c| geo.box_of(c) as u16).collect(),
            None => vec![u16::MAX; cells],
            Some(map) => regions(&map.chars().collect::<Vec<_>>(), n)?,
        };
        let mut units: Vec<(UnitKind, Vec<u16>)> = Vec::new();
        for u in 0..2 * n {
            units.push((if u < n { UnitKind::Row } else { UnitKind::Column }, geo.unit(u).to_vec()));
        }
        let region_count = if shape.has_boxes() || self.regions.is_some() { n } else { 0 };
        for g in 0..region_count {
            let region = match &self.regions {
                None => geo.unit(2 * n + g).to_vec(),
                Some(_) => (0..cells).filter(|&c| region_of[c] as usize == g).map(|c| c as u16).collect(),
            };
            units.push((UnitKind::Region, region));
        }
        if self.diagonals {
            units.push((UnitKind::Diagonal, (0..n).map(|i| (i * n + i) as u16).collect()));
            units.push((UnitKind::Diagonal, (0..n).map(|i| (i * n + n - 1 - i) as u16).collect()));
        }
        if self.windows {
            let b = shape.square_side().ok_or_else(|| {
                RulesError(format!(
                    "windows are squares of a box's size inside a grid of square boxes, not on a {n}x{n} grid of {} boxes",
                    shape.name()
                ))
            })?;
            for wr in 0..b - 1 {
                for wc in 0..b - 1 {
                    let (r0, c0) = (1 + wr * (b + 1), 1 + wc * (b + 1));
                    units.push((UnitKind::Window, (0..n).map(|i| ((r0 + i / b) * n + c0 + i % b) as u16).collect()));
                }
            }
        }
        let compiled = self.constraints.compile(shape, &region_of)?;
        units.extend(compiled.units.iter().map(|u| (UnitKind::Extra, u.clone())));
        let mut cage_of = vec![usize::MAX; cells];
        let mut cages = Vec::with_capacity(self.cages.len());
        for (k, cage) in self.cages.iter().enumerate() {
            let no = k + 1;
            if cage.cells.is_empty() {
                return Err(RulesError(format!("cage {no} has no cells")));
            }
            if cage.cells.len() > n {
                return Err(RulesError(format!("cage {no} has {} cells, more than the {n} digits", cage.cells.len())));
            }
            let mut at = Vec::with_capacity(cage.cells.len());
            for &(r, c) in &cage.cells {
                if r < 1 || c < 1 || r as usize > n || c as usize > n {
                    return Err(RulesError(format!("cage {no} has the cell ({r}, {c}), outside the {n}x{n} grid")));
                }
                let c = (r as usize - 1) * n + c as usize - 1;
                at.push(c as u16);
                if cage_of[c] == k {
                    return Err(RulesError(format!("cage {no} has the cell ({}, {}) twice", c / n + 1, c % n + 1)));
                }
                if cage_of[c] != usize::MAX {
                    return Err(RulesError(format!(
                        "the cell ({}, {}) is in cage {} and cage {no}",
                        c / n + 1,
                        c % n + 1,
                        cage_of[c] + 1
                    )));
                }
                cage_of[c] = k;
            }
            let k = cage.cells.len();
            let (lo, hi) = sums(n, k);
            if !(lo..=hi).contains(&(cage.sum as usize)) {
                return Err(RulesError(format!(
                    "cage {no} has {k} cells, whose distinct digits add up to {lo} to {hi}, not {}",
                    cage.sum
                )));
            }
            cages.push((cage.sum, at));
        }
        let total = (n * (n + 1) / 2) as u32;
        let mut innies = Vec::new();
        let mut innie_complements: Vec<Vec<u16>> = Vec::new();
        for (kind, unit) in &units {
            let inside: Vec<&(u32, Vec<u16>)> =
                cages.iter().filter(|(_, c)| c.iter().all(|x| unit.contains(x))).collect();
            if inside.is_empty() {
                continue;
            }
            let held: u32 = inside.iter().map(|(s, _)| s).sum();
            let rest: Vec<u16> = unit.iter().copied().filter(|x| !inside.iter().any(|(_, c)| c.contains(x))).collect();
            let what = match kind {
                UnitKind::Row => "a row",
                UnitKind::Column => "a column",
                UnitKind::Region => "a box or region",
                UnitKind::Diagonal => "a diagonal",
                UnitKind::Window => "a window",
                UnitKind::Extra => "an extra region",
            };
            let (lo, hi) = sums(n, rest.len());
            let reachable = rest.is_empty() || (lo..=hi).contains(&(total.saturating_sub(held) as usize));
            if rest.is_empty() && held != total || held > total || !reachable {
                let (r, c) = (unit[0] as usize / n + 1, unit[0] as usize % n + 1);
                return Err(RulesError(format!(
                    "the cages inside {what} (the one of cell ({r}, {c})) add up to {held}, which the other {} cells cannot make up to {total}",
                    rest.len()
                )));
            }
            if !rest.is_empty() {
                innie_complements.push(unit.iter().copied().filter(|x| !rest.contains(x)).collect());
                innies.push((total - held, rest));
            }
        }
        let mut intersections = Vec::new();
        for (i, (_, a)) in units.iter().enumerate() {
            for (_, b) in &units[i + 1..] {
                let shared: Vec<u16> = a.iter().copied().filter(|x| b.contains(x)).collect();
                if shared.len() >= 2 {
                    let only = |u: &Vec<u16>| u.iter().copied().filter(|x| !shared.contains(x)).collect::<Vec<u16>>();
                    intersections.push((shared.clone(), only(a), only(b)));
                }
            }
        }
        let mut peers = vec![Vec::new(); cells];
        let groups = units.iter().map(|(_, u)| u).chain(cages.iter().map(|(_, u)| u)).chain(&compiled.groups);
        for unit in groups {
            for &a in unit {
                for &o in unit {
                    if a != o {
                        peers[a as usize].push(o);
                    }
                }
            }
        }
        for &(a, b) in &compiled.distinct_pairs {
            peers[a as usize].push(b);
            peers[b as usize].push(a);
        }
        for p in &mut peers {
            p.sort_unstable();
            p.dedup();
        }
        let classic = self.is_classic() && shape.square_side().is_some();
        let mut compiled = compiled;
        // The plain sums: the killer cages first, then the other sums of distinct cells with a
        // total (little killers, sum lines of one part).
        let plain: Vec<(u32, &[u16])> = cages
            .iter()
            .map(|(s, cs)| (*s, &cs[..]))
            .chain(compiled.props.sums.iter().filter_map(|sum| match (sum.total, &sum.parts[..]) {
                (Some(total), [part]) if plain_sum(part) => Some((total, &part.cells[..])),
                _ => None,
            }))
            .collect();
        // The rule of 45 over those that overlap none before them (the cages are disjoint).
        let mut taken = vec![false; cells];
        let regions: Vec<(u32, &[u16])> = plain
            .iter()
            .filter(|(_, cs)| {
                let free = cs.iter().all(|&c| !taken[c as usize]);
                if free {
                    cs.iter().for_each(|&c| taken[c as usize] = true);
                }
                free
            })
            .copied()
            .collect();
        let mut derived = innies_and_outies(shape, &units, &regions, cages.len());
        overlap_sums(n, &units, &regions, &mut derived);
        covering_sums(n, &units, &plain, cages.len(), &peers, &mut derived);
        let peer_sets = cell_sets(cells, peers.iter());
        combined_sums(n, &plain, &peer_sets, &mut derived);
        compiled.props.sums.extend(derived);
        let cage_seers = cages
            .iter()
            .chain(&innies)
            .map(|(_, cs)| {
                peers[cs[0] as usize]
                    .iter()
                    .copied()
                    .filter(|o| !cs.contains(o) && cs.iter().all(|&x| peers[x as usize].binary_search(o).is_ok()))
                    .collect()
            })
            .collect();
        let cage_complements = cages
            .iter()
            .map(|(_, cs)| {
                let house = units.iter().find(|(_, u)| cs.iter().all(|x| u.contains(x)));
                house.map_or_else(Vec::new, |(_, u)| u.iter().copied().filter(|x| !cs.contains(x)).collect())
            })
            .chain(innie_complements)
            .collect();
        let cage_sets = cell_sets(cells, cages.iter().chain(&innies).map(|(_, cs)| cs));
        let memo = Memo::new(cages.len() + innies.len() + compiled.props.sums.len() + compiled.props.specials.len());
        for part in compiled.props.sums.iter_mut().flat_map(|s| s.parts.iter_mut()) {
            part.group(&peers);
        }
        for special in compiled.props.specials.iter_mut() {
            if let Special::CountingCircles { cells, groups } = special {
                let mut part = Part::sum(std::mem::take(cells));
                part.group(&peers);
                (*cells, *groups) = (part.cells, part.groups);
            }
        }
        let p = &compiled.props;
        let mut watch = vec![Vec::new(); cells];
        let watched = cages.iter().chain(&innies).map(|(_, cs)| cs.clone());
        let watched =
            watched.chain(p.sums.iter().map(|s| s.parts.iter().flat_map(|p| p.cells.iter().copied()).collect()));
        for (k, cs) in watched.chain(p.specials.iter().map(|s| s.cells().to_vec())).enumerate() {
            let (w, bit) = (k as u32 / 64, 1u64 << (k % 64));
            for c in cs {
                let list: &mut Vec<(u32, u64)> = &mut watch[c as usize];
                match list.last_mut() {
                    Some((last, bits)) if *last == w => *bits |= bit,
                    _ => list.push((w, bit)),
                }
            }
        }
        let unit_sets = cell_sets(cells, units.iter().map(|(_, u)| u));
        let intersection_sets = cell_sets(cells, intersections.iter().map(|(s, a, b)| s.iter().chain(a).chain(b)));
        let (cell_units, unit_words) = cell_items(cells, UNIT_WORDS, units.iter().map(|(_, u)| u.iter().copied()));
        let crossings = intersections.iter().map(|(s, a, b)| s.iter().chain(a).chain(b).copied());
        let (cell_crossings, crossing_words) = cell_items(cells, CROSSING_WORDS, crossings);
        let priorities = priorities(n, &units, &cages, &innies, &compiled.props);
        let (fixed_pairs, loose_pairs) = split_pairs(n, cells, &compiled.props);
        let (cell_pairs, pair_words) = cell_items(cells, PAIR_WORDS, loose_pairs.iter().map(|&(a, b, _)| [a, b]));
        Ok(Layout {
            priorities,
            shape,
            n,
            units,
            cages,
            innies,
            intersections,
            peers,
            peer_sets,
            unit_sets,
            intersection_sets,
            cell_crossings,
            crossing_words,
            cell_units,
            unit_words,
            region_of,
            classic,
            memo,
            watch,
            props: compiled.props,
            fixed_pairs,
            loose_pairs,
            cell_pairs,
            pair_words,
            cage_seers,
            cage_complements,
            cage_sets,
        })
    }
}

impl Rules {
    /// The rules of a JSON object of the shape `{"diagonals": true, "windows": true, "regions":
    /// "<one symbol per cell, row-major>", "cages": [{"sum": 15, "cells": [[1, 1], [1, 2]]}]}`:
    /// every key optional (absent or `null`: not set), rows and columns from 1, whitespace in
    /// `regions` ignored (so that it can be written one row per line). Checked here: the shape
    /// only; [`Rules::layout`] checks the rest against a grid size.
    pub fn from_json(v: &serde_json::Value) -> Result<Rules, RulesSyntaxError> {
        use serde_json::Value;
        let bad = |what: &str| Err(RulesSyntaxError(what.to_string()));
        let Value::Object(map) = v else {
            return bad("rules are a JSON object, such as {\"diagonals\": true}");
        };
        let mut rules = Rules::default();
        for (key, value) in map {
            if value.is_null() {
                continue;
            }
            match key.as_str() {
                "diagonals" | "windows" => {
                    let Some(on) = value.as_bool() else {
                        return bad(&format!("\"{key}\" is true or false"));
                    };
                    if key == "diagonals" {
                        rules.diagonals = on;
                    } else {
                        rules.windows = on;
                    }
                }
                "regions" => {
                    let Some(text) = value.as_str() else {
                        return bad("\"regions\" is a string of one symbol per cell, row-major");
                    };
                    rules.regions = Some(text.chars().filter(|c| !c.is_whitespace()).collect());
                }
                "cages" => {
                    let Some(list) = value.as_array() else {
                        return bad("\"cages\" is an array of {\"sum\": ..., \"cells\": [[row, column], ...]}");
                    };
                    for (k, cage) in list.iter().enumerate() {
                        match cage_from_json(cage, k + 1)? {
                            (Some(sum), cells) => rules.cages.push(Cage { sum, cells }),
                            (None, cells) => rules.constraints.plain_cages.push(cells),
                        }
                    }
                }
                other if super::constraints::KEYS.contains(&other) => rules.constraints.read_key(other, value)?,
                other => {
                    return bad(&format!(
                        "unknown key \"{other}\" in rules (the keys are diagonals, windows, regions, cages, {})",
                        super::constraints::KEYS.join(", ")
                    ))
                }
            }
        }
        Ok(rules)
    }

    /// The rules as JSON in the shape [`Rules::from_json`] reads, with only the keys set.
    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::{json, Map, Value};
        let mut map = Map::new();
        if self.diagonals {
            map.insert("diagonals".into(), Value::Bool(true));
        }
        if self.windows {
            map.insert("windows".into(), Value::Bool(true));
        }
        if let Some(regions) = &self.regions {
            map.insert("regions".into(), Value::String(regions.clone()));
        }
        if !self.cages.is_empty() {
            let cages = self
                .cages
                .iter()
                .map(
                    |c| json!({"sum": c.sum, "cells": c.cells.iter().map(|&(r, c)| json!([r, c])).collect::<Vec<_>>()}),
                )
                .collect();
            map.insert("cages".into(), Value::Array(cages));
        }
        if !self.constraints.plain_cages.is_empty() {
            let plain = self
                .constraints
                .plain_cages
                .iter()
                .map(|c| json!({"cells": c.iter().map(|&(r, c)| json!([r, c])).collect::<Vec<_>>()}));
            match map.get_mut("cages") {
                Some(Value::Array(list)) => list.extend(plain),
                _ => {
                    map.insert("cages".into(), Value::Array(plain.collect()));
                }
            }
        }
        self.constraints.write_json(&mut map);
        Value::Object(map)
    }
}

/// Cage number `no` (from 1) of JSON rules: its sum (none: distinct digits only) and cells.
fn cage_from_json(v: &serde_json::Value, no: usize) -> Result<(Option<u32>, Vec<(u32, u32)>), RulesSyntaxError> {
    let bad = |what: String| Err(RulesSyntaxError(what));
    let Some(map) = v.as_object() else {
        return bad(format!("cage {no} is an object {{\"sum\": ..., \"cells\": [[row, column], ...]}}"));
    };
    if let Some(other) = map.keys().find(|k| *k != "sum" && *k != "cells") {
        return bad(format!("unknown key \"{other}\" in cage {no} (the keys are sum and cells)"));
    }
    let sum = match map.get("sum") {
        None | Some(serde_json::Value::Null) => None,
        Some(s) => match s.as_u64().filter(|&s| s <= u32::MAX as u64) {
            Some(s) => Some(s as u32),
            None => return bad(format!("cage {no} has a \"sum\" that is not a whole number of 0 or more")),
        },
    };
    let Some(list) = map.get("cells").and_then(|c| c.as_array()) else {
        return bad(format!("cage {no} has no \"cells\" array of [row, column] pairs"));
    };
    let mut cells = Vec::with_capacity(list.len());
    for cell in list {
        let pair = cell.as_array().filter(|p| p.len() == 2).and_then(|p| Some((p[0].as_u64()?, p[1].as_u64()?)));
        match pair {
            Some((r, c)) if r <= u32::MAX as u64 && c <= u32::MAX as u64 => cells.push((r as u32, c as u32)),
            _ => return bad(format!("cage {no} has a cell {cell} that is not a [row, column] pair of whole numbers")),
        }
    }
    Ok((sum, cells))
}

/// The weight of one unit of priority in the search's conflict scores (a conflict adds 16).
const PRIORITY_WEIGHT: u32 = 16;

/// Per cell, the conflict score a search over the layout starts from, as sigh's solver sets its
/// cell priorities: each unit, clue or pair of cells holding the cell adds its number of cells,
/// each cage or sum (innies and outies too) `max(2n - cells, n)` (small sums first), times
/// [`PRIORITY_WEIGHT`]. Cells under more and tighter constraints are branched on first, until
/// conflicts take over. Count to 2 beside the matrix run, one core: TAREK_ALL 1.02-1.20 s to
/// 0.78 s, sigh's examples 36.4 s to 24.0 s, two of MATHEMAGIC_KILLERS in a third of the nodes.
fn priorities(
    n: usize,
    units: &[(UnitKind, Vec<u16>)],
    cages: &[(u32, Vec<u16>)],
    innies: &[(u32, Vec<u16>)],
    props: &Props,
) -> Vec<u32> {
    let mut out = vec![0u32; n * n];
    let mut add = |cells: &mut dyn Iterator<Item = u16>, len: usize, sum: bool| {
        let p = if sum { (2 * n).saturating_sub(len).max(n) } else { len } as u32 * PRIORITY_WEIGHT;
        cells.for_each(|c| out[c as usize] += p);
    };
    for (_, u) in units {
        add(&mut u.iter().copied(), u.len(), false);
    }
    for (_, cs) in cages.iter().chain(innies) {
        add(&mut cs.iter().copied(), cs.len(), true);
    }
    for s in &props.sums {
        let len = s.parts.iter().map(|p| p.cells.len()).sum();
        add(&mut s.parts.iter().flat_map(|p| p.cells.iter().copied()), len, true);
    }
    for special in &props.specials {
        add(&mut special.cells().iter().copied(), special.cells().len(), false);
    }
    for &(a, b, _) in &props.pairs {
        add(&mut [a, b].into_iter(), 2, false);
    }
    out
}

/// The pairs of `props` whose relation removes digits only from a cell's one candidate, per
/// cell ([`Layout::fixed_pairs`]; none past 128 cells), and the others.
#[allow(clippy::type_complexity)]
fn split_pairs(n: usize, cells: usize, props: &Props) -> (Vec<Vec<(u16, u16, bool)>>, Vec<(u16, u16, u16)>) {
    if cells > 128 {
        return (Vec::new(), props.pairs.clone());
    }
    let full = (1u32 << n) - 1;
    let loose_of = |maps: &[u32; 25]| (0..n).any(|x| (x + 1..n).any(|y| maps[x] | maps[y] != full));
    let fixed: Vec<bool> = props.relations.iter().map(|r| !loose_of(&r.forward) && !loose_of(&r.backward)).collect();
    let mut per_cell = vec![Vec::new(); cells];
    let mut loose = Vec::new();
    for &(a, b, r) in &props.pairs {
        if fixed[r as usize] {
            per_cell[a as usize].push((b, r, true));
            per_cell[b as usize].push((a, r, false));
        } else {
            loose.push((a, b, r));
        }
    }
    if per_cell.iter().all(|l| l.is_empty()) {
        per_cell.clear();
    }
    (per_cell, loose)
}

/// The most cells of an innie or outie sum [`innies_and_outies`] adds when all its cells are in
/// sums (sigh's solver's limit there; 8 before the sums with negative cells: 1.10 times the time
/// on the hard killers of MATHEMAGIC, 0.93 on TAREK_ALL, docs/benchmarks.md); up to n when one
/// of them is in none.
pub(super) const INNIES_MOST: usize = 6;

/// The rule of 45 over unions of houses, for the search, from `cages`: disjoint sum regions
/// (sum, cells), the first `killers` of them killer cages, the rest the sums of little killers or
/// sum lines (sigh's solver takes every sum): per band of `k` consecutive rows or columns (1 to n - 1 of
/// them) and per region, the cells of the union outside the sum regions wholly inside it add
/// up to `k` times the digits' total less those regions' sums (the innies; a single house's
/// with killer cages alone inside are [`Layout::innies`] already); and when every cell of the
/// union is in a sum region, the cells of the regions sticking out add up to those regions'
/// sums less the innies' total (the outies). Only sums of at most [`INNIES_MOST`] cells, or n
/// with a cell in no sum.
fn innies_and_outies(
    shape: Shape,
    units: &[(UnitKind, Vec<u16>)],
    cages: &[(u32, &[u16])],
    killers: usize,
) -> Vec<EqualSums> {
    let n = shape.n();
    if cages.is_empty() {
        return Vec::new();
    }
    let total = (n * (n + 1) / 2) as u32;
    let mut unions: Vec<(usize, Vec<bool>)> = Vec::new();
    for columns in [false, true] {
        for k in 1..n {
            for first in 0..=n - k {
                let inside = (0..n * n)
                    .map(|c| {
                        let line = if columns { c % n } else { c / n };
                        (first..first + k).contains(&line)
                    })
                    .collect();
                unions.push((k, inside));
            }
        }
    }
    // Each region, and the unions of the first (and of the last) k regions in their order, as
    // sigh's solver grows its super-regions box by box.
    let boxes: Vec<&Vec<u16>> = units.iter().filter(|(kind, _)| *kind == UnitKind::Region).map(|(_, u)| u).collect();
    for unit in &boxes {
        let mut inside = vec![false; n * n];
        unit.iter().for_each(|&c| inside[c as usize] = true);
        unions.push((1, inside));
    }
    if boxes.len() == n {
        for order in [false, true] {
            let mut inside = vec![false; n * n];
            for k in 1..n {
                let unit = if order { boxes[n - k] } else { boxes[k - 1] };
                unit.iter().for_each(|&c| inside[c as usize] = true);
                if k >= 2 {
                    unions.push((k, inside.clone()));
                }
            }
        }
    }
    let mut out: Vec<EqualSums> = Vec::new();
    // The cages are disjoint (checked by the layout): each cell's cage, if any.
    let mut cage_of = vec![usize::MAX; n * n];
    for (k, (_, cs)) in cages.iter().enumerate() {
        cs.iter().for_each(|&c| cage_of[c as usize] = k);
    }
    // Up to n cells when one is in no sum (its first sum; sigh's solver takes all the help it
    // can get there), else at most INNIES_MOST.
    let push = |cells: Vec<u16>, sum: u32, out: &mut Vec<EqualSums>| {
        let most = if cells.iter().all(|&c| cage_of[c as usize] != usize::MAX) { INNIES_MOST } else { n };
        if !cells.is_empty() && cells.len() <= most {
            add_sum(out, Part::sum(cells), sum);
        }
    };
    let mut held = vec![0usize; cages.len()];
    for (k, inside) in unions {
        held.fill(0);
        (0..n * n).filter(|&c| inside[c] && cage_of[c] != usize::MAX).for_each(|c| held[cage_of[c]] += 1);
        let whole = |g: usize| held[g] == cages[g].1.len();
        let partial: Vec<usize> = (0..cages.len()).filter(|&g| held[g] > 0 && !whole(g)).collect();
        let in_whole: u32 = (0..cages.len()).filter(|&g| whole(g)).map(|g| cages[g].0).sum();
        let Some(rest) = (k as u32 * total).checked_sub(in_whole) else { continue };
        // The union's cells outside its whole cages: free cells and cells of partial cages.
        let innies: Vec<u16> = (0..n * n)
            .filter(|&c| inside[c] && (cage_of[c] == usize::MAX || !whole(cage_of[c])))
            .map(|c| c as u16)
            .collect();
        if k > 1 || (killers..cages.len()).any(whole) {
            push(innies.clone(), rest, &mut out);
        }
        let free = innies.iter().any(|&c| cage_of[c as usize] == usize::MAX);
        if !free && !partial.is_empty() {
            let mut outies: Vec<u16> =
                partial.iter().flat_map(|&g| cages[g].1.iter().copied().filter(|&c| !inside[c as usize])).collect();
            let in_partial: u32 = partial.iter().map(|&g| cages[g].0).sum();
            if let Some(sum) = in_partial.checked_sub(rest) {
                outies.sort_unstable();
                push(outies, sum, &mut out);
            }
        }
    }
    // A cage with one cell outside a house: the house's cells outside its whole cages and that
    // cage add up to that cell's digit plus what the house's total leaves (sigh's solver's
    // hidden cages, an arrow with an offset): sum(rest) + (n + 1 - outside) = offset + n + 1.
    if n <= 9 {
        for (_, unit) in units {
            let whole: Vec<usize> = (0..cages.len()).filter(|&g| cages[g].1.iter().all(|c| unit.contains(c))).collect();
            let held: u32 = whole.iter().map(|&g| cages[g].0).sum();
            for &(sum, cells) in cages {
                let outside: Vec<u16> = cells.iter().copied().filter(|c| !unit.contains(c)).collect();
                let [x] = outside[..] else { continue };
                let rest: Vec<u16> = unit
                    .iter()
                    .copied()
                    .filter(|&c| !cells.contains(&c) && whole.iter().all(|&g| !cages[g].1.contains(&c)))
                    .collect();
                if rest.is_empty() || rest.len() + 1 > HIDDEN_MOST {
                    continue;
                }
                let Some(rest_sum) = (total + n as u32 + 1).checked_sub(held + sum) else {
                    continue;
                };
                let mut part = Part::sum(rest.into_iter().chain([x]).collect());
                part.reversed = 1;
                out.push(EqualSums { parts: vec![part], total: Some(rest_sum) });
            }
        }
    }
    out
}

/// Sums with negative cells over growing unions of houses (sigh's solver's innie-outie sums):
/// rows from the top and from the bottom, columns from the left and from the right, regions in
/// order, each union of two houses or more; a plain sum of `regions` (disjoint) joins once more
/// than half of its cells are inside, and stays. The union's cells outside the joined sums (A)
/// less the joined sums' cells outside it (B) add up to what the houses' totals leave:
/// `Σ A − Σ B = k · total − Σ joined`. Kept when both sides have cells (one side alone is the
/// layout's innies or outies), at most `n` together, not both over 2, and at most 6 when each
/// is in a sum; the smaller side counts reversed ([`Part::reversed`]). Grids up to 9x9.
fn overlap_sums(n: usize, units: &[(UnitKind, Vec<u16>)], regions: &[(u32, &[u16])], out: &mut Vec<EqualSums>) {
    if n > 9 || regions.is_empty() {
        return;
    }
    let cells = n * n;
    let house = (n * (n + 1) / 2) as i64;
    let of = |kind: UnitKind| units.iter().filter(move |(k, _)| *k == kind).map(|(_, u)| &u[..]);
    let rows: Vec<&[u16]> = of(UnitKind::Row).collect();
    let columns: Vec<&[u16]> = of(UnitKind::Column).collect();
    let boxes: Vec<&[u16]> = of(UnitKind::Region).collect();
    let mut orders: Vec<Vec<&[u16]>> = Vec::new();
    for houses in [rows, columns] {
        if houses.len() == n {
            orders.push(houses.iter().rev().copied().collect());
            orders.push(houses);
        }
    }
    if boxes.len() == n {
        orders.push(boxes);
    }
    let mut in_sum = vec![false; cells];
    regions.iter().flat_map(|(_, cs)| cs.iter()).for_each(|&c| in_sum[c as usize] = true);
    for order in orders {
        let mut inside = vec![false; cells];
        let mut joined = vec![false; regions.len()];
        let mut covered = vec![false; cells];
        let mut joined_total = 0i64;
        for (k, unit) in order.iter().enumerate().take(n - 1) {
            unit.iter().for_each(|&c| inside[c as usize] = true);
            for (g, &(sum, cs)) in regions.iter().enumerate() {
                if !joined[g] && 2 * cs.iter().filter(|&&c| inside[c as usize]).count() > cs.len() {
                    joined[g] = true;
                    joined_total += sum as i64;
                    cs.iter().for_each(|&c| covered[c as usize] = true);
                }
            }
            if k == 0 {
                continue;
            }
            let a: Vec<u16> = (0..cells).filter(|&c| inside[c] && !covered[c]).map(|c| c as u16).collect();
            let b: Vec<u16> = (0..cells).filter(|&c| covered[c] && !inside[c]).map(|c| c as u16).collect();
            let size = a.len() + b.len();
            if a.is_empty() || b.is_empty() || size > n || (a.len() > 2 && b.len() > 2) {
                continue;
            }
            if size > 6 && a.iter().chain(&b).all(|&c| in_sum[c as usize]) {
                continue;
            }
            // Σ A − Σ B = delta; the smaller side reversed: Σ pos + Σ (n + 1 − neg) = ±delta + |neg| (n + 1).
            let delta = (k as i64 + 1) * house - joined_total;
            let (pos, neg, delta) = if a.len() > b.len() { (a, b, delta) } else { (b, a, -delta) };
            let total = delta + neg.len() as i64 * (n as i64 + 1);
            let Ok(total) = u32::try_from(total) else { continue };
            let reversed = neg.len();
            let mut part = Part::sum(pos.into_iter().chain(neg).collect());
            part.reversed = reversed;
            add_sum(out, part, total);
        }
    }
}

/// Adds the sum of `part` to `total` to the derived sums `out`, unless it is there already (the
/// same cells, reversed the same way).
fn add_sum(out: &mut Vec<EqualSums>, part: Part, total: u32) {
    let same = |p: &Part| p.cells == part.cells && p.reversed == part.reversed;
    if !out.iter().any(|s| s.total == Some(total) && same(&s.parts[0])) {
        out.push(EqualSums { parts: vec![part], total: Some(total) });
    }
}

/// A part that is a plain sum of distinct cells: every weight 1, not reversed, no cell twice.
fn plain_sum(part: &Part) -> bool {
    let mut cs = part.cells.clone();
    cs.sort_unstable();
    cs.dedup();
    part.reversed == 0 && part.weights.iter().all(|&w| w == 1) && cs.len() == part.cells.len()
}

/// Sums across a house (sigh's solver's hidden cages and sum intersections). Per house, the
/// plain sums `regions` (total, cells; the first `killers` of them killer cages) that cross it,
/// and a set of those that do not overlap (the ones that overlap the fewest others first):
/// - the house's cells outside the ones of the set wholly inside it add up to what those leave
///   of the house's total (when one of them is not a killer cage: the layout's innies are
///   those);
/// - where the set leaves cells of the house uncovered, other houses that cross it only there
///   (by at least two cells) and overlap none of it join it; once the house is covered, the
///   cells of all these outside the house add up to their totals less the house's, less the
///   houses wholly among them, whose cells leave. Kept when that sum is tight: its range over
///   the cells' groups of distinct digits (greedy, by `peers`) more than 4 times its leeway.
fn covering_sums(
    n: usize,
    units: &[(UnitKind, Vec<u16>)],
    regions: &[(u32, &[u16])],
    killers: usize,
    peers: &[Vec<u16>],
    out: &mut Vec<EqualSums>,
) {
    let cells = n * n;
    let house = (n * (n + 1) / 2) as u32;
    let mut in_unit = vec![false; cells];
    let mut taken = vec![false; cells];
    for (_, unit) in units {
        in_unit.fill(false);
        unit.iter().for_each(|&c| in_unit[c as usize] = true);
        let crossing: Vec<usize> =
            (0..regions.len()).filter(|&k| regions[k].1.iter().any(|&c| in_unit[c as usize])).collect();
        if crossing.is_empty() {
            continue;
        }
        let overlaps =
            |k: usize| crossing.iter().filter(|&&o| regions[o].1.iter().any(|c| regions[k].1.contains(c))).count();
        let mut order = crossing.clone();
        order.sort_by_key(|&k| overlaps(k));
        taken.fill(false);
        let (mut total, mut inside, mut rest, mut other) = (0u32, 0u32, unit.clone(), false);
        for k in order {
            if regions[k].1.iter().all(|&c| !taken[c as usize]) {
                regions[k].1.iter().for_each(|&c| taken[c as usize] = true);
                total += regions[k].0;
                if regions[k].1.iter().all(|&c| in_unit[c as usize]) {
                    inside += regions[k].0;
                    rest.retain(|c| !regions[k].1.contains(c));
                    other |= k >= killers;
                }
            }
        }
        // The house's cells outside the chosen regions wholly inside it: its hidden cage (the
        // layout's innies already when they are all killer cages).
        if other && !rest.is_empty() && inside < house {
            rest.sort_unstable();
            add_sum(out, Part::sum(rest), house - inside);
        }
        let mut uncovered = unit.iter().filter(|&&c| !taken[c as usize]).count();
        for (_, gap) in units {
            if uncovered == 0 {
                break;
            }
            let meets = gap.iter().filter(|&&c| in_unit[c as usize]).count();
            let fills = gap.iter().filter(|&&c| in_unit[c as usize] && !taken[c as usize]).count();
            if fills < 2 || fills != meets || gap.iter().any(|&c| taken[c as usize]) {
                continue;
            }
            gap.iter().for_each(|&c| taken[c as usize] = true);
            total += house;
            uncovered -= fills;
        }
        let Some(mut total) = total.checked_sub(house).filter(|_| uncovered == 0) else { continue };
        unit.iter().for_each(|&c| taken[c as usize] = false);
        for (_, inner) in units {
            if inner.iter().all(|&c| taken[c as usize]) {
                let Some(rest) = total.checked_sub(house) else { break };
                total = rest;
                inner.iter().for_each(|&c| taken[c as usize] = false);
            }
        }
        let outside: Vec<u16> = (0..cells).filter(|&c| taken[c]).map(|c| c as u16).collect();
        if outside.is_empty() {
            continue;
        }
        let (mut lo, mut hi) = (0u32, 0u32);
        for g in &first_fit(&outside, peers) {
            let (a, b) = sums(n, g.len().min(n));
            lo += a as u32;
            hi += b as u32;
        }
        if !(lo..=hi).contains(&total) {
            continue;
        }
        let leeway = (total - lo).min(hi - total);
        if hi - lo > 4 * leeway {
            add_sum(out, Part::sum(outside), total);
        }
    }
}

/// Sums of disjoint plain sums that are tighter together than apart (sigh's solver's combined
/// sums: three parallel little killers whose cells share boxes, say). A sum's score is, over its
/// groups of cells that see each other (greedy, by `sees`, each cell's peers as a set), the group's size times the digits
/// it leaves out, less the sum's leeway (the distance of its total to the least or greatest
/// total of its groups) per group. Two sums, disjoint, the smaller of at least 6 cells of which
/// at least 6 see a cell of the other, merge when their union scores above each of them or
/// above both together; the best merge first, until none is left. The merged sums of a positive
/// score are added (up to 25 cells and a total under 128, the search's small sums). Grids up to
/// 9x9.
fn combined_sums(n: usize, plain: &[(u32, &[u16])], sees: &[u128], out: &mut Vec<EqualSums>) {
    const RELATED: usize = 6;
    if n > 9 || plain.len() < 2 || sees.is_empty() {
        return;
    }
    struct Sum {
        cells: Vec<u16>,
        set: u128,
        total: u32,
        score: i64,
        original: bool,
    }
    // The sizes of the groups of cells that see each other, each grown from the cells left by
    // the one that sees the most of the others still eligible (the least on a tie), as sigh's.
    let group_sizes = |set: u128| {
        let (mut left, mut sizes) = (set, Vec::new());
        while left != 0 {
            let (mut eligible, mut size) = (left, 0usize);
            while eligible != 0 {
                let (mut best, mut most, mut rest) = (0usize, -1i64, eligible);
                while rest != 0 {
                    let c = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let k = (eligible & sees[c]).count_ones() as i64;
                    if k > most {
                        (best, most) = (c, k);
                    }
                }
                size += 1;
                left &= !(1u128 << best);
                eligible &= sees[best] & !(1u128 << best);
            }
            sizes.push(size);
        }
        sizes
    };
    let sum_of = |cells: Vec<u16>, total: u32, original: bool| -> Option<Sum> {
        let set = cells.iter().fold(0u128, |s, &c| s | 1 << c);
        let groups = group_sizes(set);
        let (mut lo, mut hi) = (0usize, 0usize);
        for &k in &groups {
            let (a, b) = sums(n, k.min(n));
            lo += a;
            hi += b;
        }
        let t = total as usize;
        if t < lo || t > hi {
            return None;
        }
        let leeway = (t - lo).min(hi - t) as i64;
        let score = groups.iter().map(|&k| (k * n.saturating_sub(k)) as i64 - leeway).sum();
        Some(Sum { cells, set, total, score, original })
    };
    let related = |a: &Sum, b: &Sum| {
        let (small, big) = if b.cells.len() < a.cells.len() { (b, a) } else { (a, b) };
        a.set & b.set == 0
            && small.cells.len() >= RELATED
            && small.cells.iter().filter(|&&c| sees[c as usize] & big.set != 0).count() >= RELATED
    };
    let mut active: Vec<Option<Sum>> = Vec::new();
    for &(total, cells) in plain {
        let mut cells = cells.to_vec();
        cells.sort_unstable();
        if active.iter().flatten().any(|s| s.cells == cells) {
            continue;
        }
        active.extend(sum_of(cells, total, true).map(Some));
    }
    // Candidate merges: (the two sums' places in `active`, the union).
    let mut candidates: Vec<(usize, usize, Sum)> = Vec::new();
    let consider = |active: &[Option<Sum>], i: usize, j: usize, candidates: &mut Vec<(usize, usize, Sum)>| {
        let (Some(a), Some(b)) = (&active[i], &active[j]) else { return };
        if !related(a, b) {
            return;
        }
        let mut cells: Vec<u16> = a.cells.iter().chain(&b.cells).copied().collect();
        cells.sort_unstable();
        if active.iter().flatten().any(|s| s.cells == cells) {
            return;
        }
        let Some(u) = sum_of(cells, a.total + b.total, false) else { return };
        if (u.score > a.score && u.score > b.score) || u.score > a.score + b.score {
            candidates.push((i, j, u));
        }
    };
    for i in 0..active.len() {
        for j in i + 1..active.len() {
            consider(&active, i, j, &mut candidates);
        }
    }
    loop {
        candidates.retain(|(i, j, u)| {
            active[*i].is_some() && active[*j].is_some() && !active.iter().flatten().any(|s| s.cells == u.cells)
        });
        let Some(best) = (0..candidates.len()).max_by(|&x, &y| {
            let (a, b) = (&candidates[x].2, &candidates[y].2);
            a.score.cmp(&b.score).then_with(|| a.cells.cmp(&b.cells))
        }) else {
            break;
        };
        let (i, j, merged) = candidates.swap_remove(best);
        active[i] = None;
        active[j] = None;
        active.push(Some(merged));
        let k = active.len() - 1;
        for o in 0..k {
            consider(&active, o, k, &mut candidates);
        }
    }
    for s in active.into_iter().flatten() {
        if !s.original && s.score > 0 && s.cells.len() <= 25 && s.total < 128 {
            add_sum(out, Part::sum(s.cells), s.total);
        }
    }
}

/// The most cells (the outside one included) of a hidden cage [`innies_and_outies`] adds.
const HIDDEN_MOST: usize = 6;

/// The region numbers (0-based, in order of first appearance) of a region map, checked: `n`
/// regions of `n` cells. A region need not be connected: an f-puzzles document gives each cell
/// its region, in pieces or not, and f-puzzles, SudokuPad and their solvers take it as it is.
fn regions(map: &[char], n: usize) -> Result<Vec<u16>, RulesError> {
    let cells = n * n;
    if map.len() != cells {
        return Err(RulesError(format!("regions has {} symbols, a {n}x{n} grid has {cells} cells", map.len())));
    }
    let mut names: Vec<char> = Vec::new();
    let region_of: Vec<u16> = map
        .iter()
        .map(|v| match names.iter().position(|x| x == v) {
            Some(i) => i as u16,
            None => {
                names.push(*v);
                (names.len() - 1) as u16
            }
        })
        .collect();
    if names.len() != n {
        return Err(RulesError(format!("regions names {} regions, a {n}x{n} grid has {n}", names.len())));
    }
    for g in 0..n {
        let members: Vec<usize> = (0..cells).filter(|&c| region_of[c] as usize == g).collect();
        let (r, c) = (members[0] / n + 1, members[0] % n + 1);
        if members.len() != n {
            return Err(RulesError(format!("the region of cell ({r}, {c}) has {} cells, not {n}", members.len())));
        }
    }
    Ok(region_of)
}

/// The least and the most `k` distinct digits of 1..=`n` add up to. Every sum between is made by
/// some set (swap one digit for the next one up), so the range is the whole check of a sum: a
/// constant-time test where listing the sets took C(25, 12) steps on a row of 25x25 (issue 46).
fn sums(n: usize, k: usize) -> (usize, usize) {
    (k * (k + 1) / 2, k * (2 * n + 1 - k) / 2)
}

/// The sets of `k` distinct digits of 1..=`n` that add up to `sum`, as masks (digit d as bit
/// d - 1), ascending.
pub fn combinations(n: usize, k: usize, sum: u32) -> Vec<u32> {
    let mut out = Vec::new();
    // Depth-first over digits ascending: (next digit, mask, count, total).
    fn walk(n: usize, k: usize, sum: u32, from: usize, mask: u32, count: usize, total: u32, out: &mut Vec<u32>) {
        if count == k {
            if total == sum {
                out.push(mask);
            }
            return;
        }
        for d in from..=n {
            let t = total + d as u32;
            // The smallest the rest can add (the next digits up) already passes the sum.
            let rest = (k - count - 1) as u32;
            if t + rest * d as u32 + rest * (rest + 1) / 2 > sum {
                break;
            }
            walk(n, k, sum, d + 1, mask | 1 << (d - 1), count + 1, t, out);
        }
    }
    walk(n, k, sum, 1, 0, 0, 0, &mut out);
    out.sort_unstable();
    out
}

/// Lists of cells as sets ([`cell_set`]) on a grid of at most 128 cells; none past that.
fn cell_sets<'a, L: IntoIterator<Item = &'a u16>>(cells: usize, lists: impl Iterator<Item = L>) -> Vec<u128> {
    if cells > 128 {
        return Vec::new();
    }
    lists.map(cell_set).collect()
}

/// A list of cells as a set (bit `c` for cell `c`), for grids of at most 128 cells (the
/// callers' check; a cell past them would wrap): the layout's sets of peers, units, cages and
/// intersections, and the search's cage passes.
#[inline]
pub(crate) fn cell_set<'a>(cells: impl IntoIterator<Item = &'a u16>) -> u128 {
    cells.into_iter().fold(0, |set, &c| set | 1 << (c % 128))
}

/// Per cell, the items (numbered in their order) that hold it, as a set of `words` words (bit `k`
/// for item `k`), cell after cell, and `words`: [`Layout::cell_units`], [`Layout::cell_crossings`],
/// [`Layout::cell_pairs`]. Empty past 128 cells or past `most` words a cell.
fn cell_items<I: IntoIterator<Item = u16>>(
    cells: usize,
    most: usize,
    items: impl ExactSizeIterator<Item = I>,
) -> (Vec<u64>, usize) {
    let words = items.len().div_ceil(64);
    if cells > 128 || words > most {
        return (Vec::new(), words);
    }
    let mut per_cell = vec![0u64; cells * words];
    for (k, item) in items.enumerate() {
        for c in item {
            per_cell[c as usize * words + k / 64] |= 1 << (k % 64);
        }
    }
    (per_cell, words)
}

/// The most words of [`Layout::cell_crossings`] per cell (512 intersections).
pub const CROSSING_WORDS: usize = 8;

/// The most words of [`Layout::cell_units`] per cell (256 units).
pub const UNIT_WORDS: usize = 4;

/// The most words of [`Layout::cell_pairs`] per cell (1,024 pairs).
pub const PAIR_WORDS: usize = 16;

impl Layout {
    /// The classic layout of a grid of `shape`: rows, columns and boxes, made once per shape.
    pub fn classic(shape: Shape) -> &'static Layout {
        use std::sync::OnceLock;
        static LAYOUTS: [[OnceLock<Layout>; MAX_SIZE + 1]; MAX_SIZE + 1] =
            [const { [const { OnceLock::new() }; MAX_SIZE + 1] }; MAX_SIZE + 1];
        LAYOUTS[shape.n()][shape.box_rows()]
            .get_or_init(|| Rules::default().layout_of(shape).expect("the classic rules fit every shape"))
    }

    /// Whether the layout has passes beside its units: cages or setters' constraints (the
    /// search then starts each node from its frame's state and wakes passes by cell).
    pub fn has_passes(&self) -> bool {
        !self.cages.is_empty() || !self.props.is_empty()
    }

    /// Cells of the grid.
    pub fn cells(&self) -> usize {
        self.n * self.n
    }

    /// Whether `cells` (row-major, 0 blank) is a solution: filled, each full unit holding every
    /// digit once, each cage distinct digits with its sum.
    pub fn is_solved(&self, cells: &[u8]) -> bool {
        if cells.len() != self.cells() || cells.iter().any(|&v| v == 0 || v as usize > self.n) {
            return false;
        }
        let full = (1u32 << self.n) - 1;
        let units_hold =
            self.units.iter().all(|(_, u)| u.iter().fold(0u32, |m, &c| m | 1 << (cells[c as usize] - 1)) == full);
        units_hold
            && self.cages.iter().all(|(sum, u)| self.cage_holds(cells, *sum, u, true))
            && self.props.holds(self.n, cells, true)
    }

    /// Whether no two givens of `cells` break a rule: equal digits sharing a unit or a cage,
    /// a full cage with another sum, or a cage whose givens pass its sum.
    pub fn is_valid(&self, cells: &[u8]) -> bool {
        if cells.len() != self.cells() {
            return false;
        }
        let distinct = (0..cells.len())
            .filter(|&c| cells[c] != 0)
            .all(|c| self.peers[c].iter().all(|&p| cells[p as usize] != cells[c]));
        distinct
            && self.cages.iter().all(|(sum, u)| self.cage_holds(cells, *sum, u, false))
            && self.props.holds(self.n, cells, false)
    }

    fn cage_holds(&self, cells: &[u8], sum: u32, cage: &[u16], complete: bool) -> bool {
        let total: u32 = cage.iter().map(|&c| cells[c as usize] as u32).sum();
        let filled = cage.iter().all(|&c| cells[c as usize] != 0);
        if complete || filled {
            filled && total == sum
        } else {
            total < sum
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sum_is_made_exactly_when_it_is_in_the_range() {
        for n in [4, 9, 16] {
            for k in 1..=n.min(8) {
                let (lo, hi) = sums(n, k);
                for sum in 0..=(n * (n + 1) / 2 + 1) {
                    let made = !combinations(n, k, sum as u32).is_empty();
                    assert_eq!(made, (lo..=hi).contains(&sum), "n {n}, k {k}, sum {sum}");
                }
            }
        }
    }

    #[test]
    fn combinations_of_killer_cages() {
        // The classic cage tables: 3 in 2 cells is 1+2 only, 17 in 2 is 8+9, 45 in 9 is all.
        assert_eq!(combinations(9, 2, 3), vec![0b11]);
        assert_eq!(combinations(9, 2, 17), vec![0b1_1000_0000]);
        assert_eq!(combinations(9, 9, 45), vec![0x1FF]);
        assert_eq!(combinations(9, 3, 6), vec![0b111]);
        // 10 in 3 cells: 1+2+7, 1+3+6, 1+4+5, 2+3+5.
        assert_eq!(combinations(9, 3, 10).len(), 4);
        assert!(combinations(9, 2, 18).is_empty());
        // Every set of every size is counted once: 2^9 - 1 nonempty sets in all.
        let all: usize = (1..=9)
            .map(|k| (k * (k + 1) / 2..=k * (19 - k) / 2).map(|s| combinations(9, k, s as u32).len()).sum::<usize>())
            .sum();
        assert_eq!(all, 511);
    }

    #[test]
    fn pairs_that_only_a_fixed_cell_narrows() {
        let lay = |v: serde_json::Value, n: usize| Rules::from_json(&v).unwrap().layout(n).unwrap();
        // Anti-taxicab: a cell's digit d leaves the cells d away, so two digits leave nothing.
        let taxi = lay(serde_json::json!({"anti_taxicab": true}), 9);
        assert!(!taxi.props.pairs.is_empty() && taxi.loose_pairs.is_empty());
        assert_eq!(taxi.fixed_pairs.iter().map(Vec::len).sum::<usize>(), 2 * taxi.props.pairs.len());
        // Non-consecutive: 1 and 3 both leave 2, so its pairs narrow every round.
        let apart = lay(serde_json::json!({"non_consecutive": true}), 9);
        assert!(apart.fixed_pairs.is_empty() && apart.loose_pairs.len() == apart.props.pairs.len());
        // On a 5x5 grid (rows and columns) the search under anti-taxicab finds exactly the Latin
        // squares that keep it.
        let taxi = lay(serde_json::json!({"anti_taxicab": true}), 5);
        let blank = crate::grid::Grid::empty(5).unwrap();
        let all = crate::search::solutions_in(&blank, Layout::classic(blank.shape()), 200_000, &mut || false).unwrap();
        assert_eq!(all.len(), 161_280);
        let keep = all.iter().filter(|g| taxi.props.holds(5, g.cells(), true)).count();
        let found = crate::search::count_in(&blank, &taxi, 200_000, &mut || false).unwrap();
        assert!(keep > 0 && keep < all.len(), "{keep}");
        assert_eq!(found, keep as u64, "{keep}");
    }

    #[test]
    fn little_killers_combine_where_tighter() {
        // sigh's example "Little Killer Sudoku": its optimizer adds one combined sum, of the three
        // parallel little killers from (1,1), (2,1) and (3,1) (9 + 8 + 7 cells, 22 + 28 + 26 = 76).
        let line = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/constraints/sigh_iss.tsv"))
            .unwrap()
            .lines()
            .find(|l| l.split('\t').any(|f| f == "Little Killer Sudoku"))
            .map(str::to_owned)
            .expect("the puzzle in data/constraints");
        let rules =
            line.split('\t').find_map(|f| serde_json::from_str::<serde_json::Value>(f).ok().filter(|v| v.is_object()));
        let lay = Rules::from_json(&rules.unwrap()).unwrap().layout(9).unwrap();
        let killers: Vec<u16> = [(0, 0, 9), (1, 0, 8), (2, 0, 7)]
            .iter()
            .flat_map(|&(r, c, k)| (0..k).map(move |i| ((r + i) * 9 + c + i) as u16))
            .collect();
        let combined = |cells: &[u16]| {
            let mut cells = cells.to_vec();
            cells.sort_unstable();
            lay.props.sums.iter().any(|s| {
                let mut own = s.parts[0].cells.clone();
                own.sort_unstable();
                s.parts.len() == 1 && s.total == Some(76) && own == cells
            })
        };
        assert!(combined(&killers));
        // Apart, the long diagonal and the one beside it do not make it.
        assert!(!combined(&killers[..17]));
    }

    #[test]
    fn layouts_and_their_errors() {
        let x = Rules { diagonals: true, windows: true, ..Rules::default() }.layout(9).unwrap();
        assert_eq!(x.units.len(), 27 + 2 + 4);
        assert!(x.units.iter().all(|(_, u)| u.len() == 9));
        // The centre cell sees its row, column, box and both diagonals: 8+8+8+8+8 minus overlaps.
        assert!(x.peers[40].contains(&0) && x.peers[40].contains(&80) && x.peers[40].contains(&8));
        // A window cell (row 2, column 2) sees the whole window 2-4 x 2-4.
        assert!(x.peers[10].contains(&30));
        let err = |r: Rules, n| r.layout(n).unwrap_err().0;
        let stripes: Vec<char> = (0..81).map(|c| char::from(b'a' + (c / 9) as u8)).collect();
        let text = |v: &[char]| Some(v.iter().collect::<String>());
        assert!(Rules { regions: text(&stripes), ..Rules::default() }.layout(9).is_ok());
        let mut bad = stripes.clone();
        bad[0] = 'b';
        assert!(err(Rules { regions: text(&bad), ..Rules::default() }, 9).contains("has 10 cells, not 9"));
        let mut split = stripes.clone();
        split[36] = 'z';
        assert!(err(Rules { regions: text(&split), ..Rules::default() }, 9).contains("10 regions"));
        let mut apart = stripes.clone();
        // Rows 1 and 2 swap their first cells: each region has 9 cells, one of them cut off.
        (apart[0], apart[9]) = ('b', 'a');
        assert!(Rules { regions: text(&apart), ..Rules::default() }.layout(9).is_ok(), "regions in pieces");
        assert!(err(Rules { regions: text(&stripes[..80]), ..Rules::default() }, 9).contains("80 symbols"));
        let cage = |sum, cells: Vec<(u32, u32)>| Rules { cages: vec![Cage { sum, cells }], ..Rules::default() };
        assert!(err(cage(18, vec![(1, 1), (1, 2)]), 9).contains("3 to 17, not 18"));
        assert!(err(cage(3, vec![(1, 1), (1, 1)]), 9).contains("twice"));
        assert!(err(cage(3, vec![(1, 1), (10, 1)]), 9).contains("outside"));
        let two = Rules {
            cages: vec![Cage { sum: 3, cells: vec![(1, 1), (1, 2)] }, Cage { sum: 4, cells: vec![(1, 2), (1, 3)] }],
            ..Rules::default()
        };
        assert!(err(two, 9).contains("in cage 1 and cage 2"));
        assert!(cage(3, vec![(1, 1), (1, 2)]).layout(4).is_ok());
    }
}
