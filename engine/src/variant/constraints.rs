//! The setters' constraints: thermometers, arrows, little killers, sandwiches, X-sums,
//! skyscrapers, kropki dots, XV, whispers, renban, palindromes, between lines, region-sum lines,
//! entropic and modular lines, minimum and maximum cells, odd and even cells, quadruples,
//! clones, extra regions, cages without a sum, sum lines, lunchboxes, counting circles, zipper lines, indexing cells (of columns or rows)
//! and numbered rooms, and the global rules anti-knight, anti-king, anti-taxicab,
//! non-consecutive, disjoint groups and the negative constraints of kropki and XV.
//!
//! [`Constraints`] holds them as the rules name them (cells as (row, column) from 1, in the order
//! a setter draws them); [`Constraints::compile`] checks them against a grid and turns them into
//! [`Props`], what the search propagates at every node:
//! - **pairs**: a relation between two cells as a table (per digit of the first cell, the digits
//!   the second may hold): thermometers (`<`, `≤` along the bulb's line), whispers, renban
//!   palindromes and clones (`=`), entropic and modular
//!   lines (other classes within a window), minimum and maximum cells, kropki, XV, their negative
//!   constraints, non-consecutive and anti-taxicab (per pair of cells `k` apart, not both `k`);
//!   indexing cells and numbered rooms (the cell whose digit
//!   indexes and each cell it may point to: pointing there, that cell holds the named digit). Arc consistency on a pair keeps each digit that has a
//!   partner; on a line of pairs (a thermometer) that is the whole constraint. Renban lines
//!   are a clue below.
//! - **equal sums**: parts whose values are all equal (and equal to a total when there is one),
//!   a part's value the sum of its digits, or the number its digits read (a pill): arrows (the
//!   line and the circle), little killers (one part and its total), region-sum lines (each
//!   segment a part), zipper lines (each pair of cells at one distance from the middle a part,
//!   and the middle cell). Each part's reachable values are computed over the sets of digits used so
//!   far when its cells must differ (on grids up to 9x9), else over the reachable partial sums
//!   (digits may repeat); the values all parts can reach are kept, then each digit that leads
//!   to one of them.
//! - **clues**: sandwiches, X-sums, skyscrapers, renban, between lines, quadruples, sum lines,
//!   lunchboxes and counting circles, each with its own pass (per placement of the 1 and the largest digit; per first
//!   digit; over the states (tallest so far, seen); per run of digits the line may hold; per pair
//!   of end digits; over the quadruple's assignments; over the sums of the open segment, both
//!   ways; per placement and digits of the two ends, the sums of the cells between; per set of
//!   digits adding up to the number of circles, how many circles may and must hold each).
//! - **peers and units**: anti-knight and anti-king cells, renban lines, lunchboxes, cages
//!   without a sum and extra regions hold distinct digits (their cells become peers); an extra
//!   region of `n` cells and the disjoint groups (the cells at one position of every box) are
//!   full units.
//! - **unary**: odd and even cells keep only such digits.
//!
//! The passes of sums and clues ignore that some of their cells must differ (the units do
//! that), so they are sound, exact on a filled grid, and narrow less than they could only there.

use super::rules::{RulesError, RulesSyntaxError};
use crate::grid::Shape;
use serde_json::{json, Map, Value};

/// A cell as (row, column), both from 1.
pub type Cell = (u32, u32);

/// A row or a column read from one side: the outside clues of sandwiches, X-sums, skyscrapers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    /// A column (read top to bottom, or bottom to top when `reverse`) rather than a row (left to
    /// right, or right to left).
    pub column: bool,
    /// The row or column, from 1.
    pub index: u32,
    /// Read from the right (a row) or the bottom (a column).
    pub reverse: bool,
}

/// An outside clue: a side of the grid and its number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clue {
    pub side: Side,
    pub value: u32,
}

/// A line with a number: a whisper's least difference, a modular line's modulus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub cells: Vec<Cell>,
    pub value: u32,
}

/// An arrow: the digits of each line add up to the circle's digit, or to the number a pill of
/// two or more cells reads (its cells in the order given, most significant first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrow {
    pub circle: Vec<Cell>,
    pub lines: Vec<Vec<Cell>>,
}

impl Arrow {
    /// The circle's cell nearest the first cell of `line` (taxicab), where the line leaves the
    /// circle as f-puzzles draws it; the circle's first cell for an empty line.
    pub fn start(&self, line: &[Cell]) -> Cell {
        let first = line.first().copied().unwrap_or(self.circle[0]);
        *self
            .circle
            .iter()
            .min_by_key(|c| c.0.abs_diff(first.0) + c.1.abs_diff(first.1))
            .expect("an arrow has a circle")
    }
}

/// A sum line: its cells, in order, split into one or more segments whose digits add up to
/// `sum` each (10 by default); on a loop, the line closes and a segment may pass its first cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumLine {
    pub cells: Vec<Cell>,
    pub sum: u32,
    pub looped: bool,
}

/// A kropki dot between two orthogonally adjacent cells: white, the digits differ by `value`
/// (1 by default); black, one is `value` times the other (2 by default).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kropki {
    pub cells: [Cell; 2],
    pub black: bool,
    pub value: u32,
}

/// A sum between two orthogonally adjacent cells: X is 10, V is 5.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Xv {
    pub cells: [Cell; 2],
    pub sum: u32,
}

/// A little killer: the digits along a diagonal (which may repeat) add up to `sum`. A lunchbox
/// is the same pair of a sum and cells (see [`Constraints::lunchboxes`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LittleKiller {
    pub sum: u32,
    pub cells: Vec<Cell>,
}

/// A quadruple: the digits (with repeats) appear in the 2x2 block of cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quadruple {
    pub cells: Vec<Cell>,
    pub digits: Vec<u32>,
}

/// A clone: the cells of `copy` hold the digits of `cells`, one for one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clone_ {
    pub cells: Vec<Cell>,
    pub copy: Vec<Cell>,
}

/// The negative constraints: every pair of orthogonally adjacent cells without a mark is not
/// what the mark would say.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Negative {
    /// Without a kropki dot: not consecutive.
    pub white: bool,
    /// Without a kropki dot: neither is twice the other.
    pub black: bool,
    /// Without an X or a V: no sum of 10.
    pub x: bool,
    /// Without an X or a V: no sum of 5.
    pub v: bool,
}

/// The setters' constraints of a set of rules (see the module's documentation).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Constraints {
    pub thermometers: Vec<Vec<Cell>>,
    pub slow_thermometers: Vec<Vec<Cell>>,
    pub arrows: Vec<Arrow>,
    pub little_killers: Vec<LittleKiller>,
    pub sandwiches: Vec<Clue>,
    pub x_sums: Vec<Clue>,
    pub skyscrapers: Vec<Clue>,
    pub kropki: Vec<Kropki>,
    pub xv: Vec<Xv>,
    pub negative: Negative,
    pub non_consecutive: bool,
    pub anti_knight: bool,
    pub anti_king: bool,
    pub disjoint_groups: bool,
    pub sum_lines: Vec<SumLine>,
    /// Lunchboxes: distinct digits, those between the smallest and the largest (by place on the
    /// line) adding up to the sum.
    pub lunchboxes: Vec<LittleKiller>,
    /// Counting circles: each digit in a set of circles appears in as many of its circles as
    /// it says.
    pub counting_circles: Vec<Vec<Cell>>,
    /// A digit `d` is never `d` cells away (taxicab distance: rows plus columns) from another `d`.
    pub anti_taxicab: bool,
    pub whispers: Vec<Line>,
    pub renban: Vec<Vec<Cell>>,
    pub palindromes: Vec<Vec<Cell>>,
    pub between_lines: Vec<Vec<Cell>>,
    pub region_sum_lines: Vec<Vec<Cell>>,
    pub entropic_lines: Vec<Vec<Cell>>,
    pub modular_lines: Vec<Line>,
    pub minimum: Vec<Cell>,
    pub maximum: Vec<Cell>,
    pub odd: Vec<Cell>,
    pub even: Vec<Cell>,
    pub quadruples: Vec<Quadruple>,
    pub clones: Vec<Clone_>,
    pub extra_regions: Vec<Vec<Cell>>,
    /// Cages without a sum: distinct digits only.
    pub plain_cages: Vec<Vec<Cell>>,
    /// Zipper lines: the digits at equal distance from the line's middle add up to one sum,
    /// the middle cell's digit on a line of odd length.
    pub zipper_lines: Vec<Vec<Cell>>,
    /// Column indexing: a cell in column `c` holding `d` says that column `d` of its row holds `c`.
    pub indexing_columns: Vec<Cell>,
    /// Row indexing: a cell in row `r` holding `d` says that row `d` of its column holds `r`.
    pub indexing_rows: Vec<Cell>,
    /// Numbered rooms: the first digit `x` seen from the side says that the clue's digit is the
    /// `x`-th of the row or column from that side.
    pub numbered_rooms: Vec<Clue>,
}

/// The JSON keys of [`Constraints`], in the order [`Constraints::to_json`] writes them.
pub const KEYS: [&str; 36] = [
    "thermometers",
    "slow_thermometers",
    "arrows",
    "little_killers",
    "sandwiches",
    "x_sums",
    "skyscrapers",
    "kropki",
    "xv",
    "negative",
    "non_consecutive",
    "anti_knight",
    "anti_king",
    "disjoint_groups",
    "whispers",
    "renban",
    "palindromes",
    "between_lines",
    "region_sum_lines",
    "entropic_lines",
    "modular_lines",
    "minimum",
    "maximum",
    "odd",
    "even",
    "quadruples",
    "clones",
    "extra_regions",
    "zipper_lines",
    "indexing_columns",
    "indexing_rows",
    "numbered_rooms",
    "anti_taxicab",
    "sum_lines",
    "lunchboxes",
    "counting_circles",
];

type Syntax<T> = Result<T, RulesSyntaxError>;

fn syntax<T>(what: String) -> Syntax<T> {
    Err(RulesSyntaxError(what))
}

/// A `[row, column]` pair.
fn cell_json(v: &Value, what: &str) -> Syntax<Cell> {
    let pair = v.as_array().filter(|p| p.len() == 2).and_then(|p| Some((p[0].as_u64()?, p[1].as_u64()?)));
    match pair {
        Some((r, c)) if r <= u32::MAX as u64 && c <= u32::MAX as u64 => Ok((r as u32, c as u32)),
        _ => syntax(format!("{what} has a cell {v} that is not a [row, column] pair of whole numbers")),
    }
}

/// An array of `[row, column]` pairs.
fn cells_json(v: &Value, what: &str) -> Syntax<Vec<Cell>> {
    let Some(list) = v.as_array() else {
        return syntax(format!("{what} is an array of [row, column] pairs"));
    };
    list.iter().map(|c| cell_json(c, what)).collect()
}

fn number(v: Option<&Value>, what: &str, key: &str) -> Syntax<u32> {
    match v.and_then(|s| s.as_u64()).filter(|&s| s <= u32::MAX as u64) {
        Some(s) => Ok(s as u32),
        None => syntax(format!("{what} has no \"{key}\" that is a whole number of 0 or more")),
    }
}

/// An object with only `keys`.
fn object<'v>(v: &'v Value, what: &str, keys: &[&str]) -> Syntax<&'v Map<String, Value>> {
    let Some(map) = v.as_object() else {
        return syntax(format!("{what} is an object with the keys {}", keys.join(", ")));
    };
    if let Some(other) = map.keys().find(|k| !keys.contains(&k.as_str())) {
        return syntax(format!("unknown key \"{other}\" in {what} (the keys are {})", keys.join(", ")));
    }
    Ok(map)
}

/// An array under `key`, each element read by `read` with its name ("thermometer 2").
fn list<T>(v: &Value, key: &str, one: &str, read: impl Fn(&Value, &str) -> Syntax<T>) -> Syntax<Vec<T>> {
    let Some(items) = v.as_array() else {
        return syntax(format!("\"{key}\" is an array"));
    };
    items.iter().enumerate().map(|(k, item)| read(item, &format!("{one} {}", k + 1))).collect()
}

/// A line: an array of cells, or `{"cells": [...], "<param>": k}` with `param` defaulting to
/// `default`.
fn line_json(v: &Value, what: &str, param: &str, default: u32) -> Syntax<Line> {
    if v.is_array() {
        return Ok(Line { cells: cells_json(v, what)?, value: default });
    }
    let map = object(v, what, &["cells", param])?;
    let cells = cells_json(map.get("cells").unwrap_or(&Value::Null), what)?;
    let value = match map.get(param) {
        None | Some(Value::Null) => default,
        some => number(some, what, param)?,
    };
    Ok(Line { cells, value })
}

/// An outside clue: `{"row": k}` or `{"column": k}`, `"from"` a side (left or right of a row,
/// top or bottom of a column; left and top by default) and the number under `key`.
fn clue_json(v: &Value, what: &str, key: &str) -> Syntax<Clue> {
    let map = object(v, what, &["row", "column", "from", key])?;
    let (column, index) = match (map.get("row"), map.get("column")) {
        (Some(r), None) => (false, number(Some(r), what, "row")?),
        (None, Some(c)) => (true, number(Some(c), what, "column")?),
        _ => return syntax(format!("{what} names one \"row\" or one \"column\"")),
    };
    let reverse = match (column, map.get("from").and_then(|f| f.as_str())) {
        (_, None) if map.get("from").is_none() => false,
        (false, Some("left")) | (true, Some("top")) => false,
        (false, Some("right")) | (true, Some("bottom")) => true,
        _ => {
            return syntax(format!(
                "{what}: \"from\" is \"{}\"",
                if column { "top\" or \"bottom" } else { "left\" or \"right" }
            ))
        }
    };
    Ok(Clue { side: Side { column, index, reverse }, value: number(map.get(key), what, key)? })
}

fn pair_json(v: &Value, what: &str) -> Syntax<[Cell; 2]> {
    let cells = cells_json(v, what)?;
    match cells[..] {
        [a, b] => Ok([a, b]),
        _ => syntax(format!("{what} has two cells, not {}", cells.len())),
    }
}

fn flag(v: &Value, key: &str) -> Syntax<bool> {
    v.as_bool().map_or_else(|| syntax(format!("\"{key}\" is true or false")), Ok)
}

impl Constraints {
    /// Reads the value of one of the [`KEYS`] (or an unsummed cage) into these constraints.
    pub fn read_key(&mut self, key: &str, v: &Value) -> Syntax<()> {
        let lines = |one: &str| list(v, key, one, |c, w| cells_json(c, w));
        match key {
            "thermometers" => self.thermometers = lines("thermometer")?,
            "slow_thermometers" => self.slow_thermometers = lines("slow thermometer")?,
            "arrows" => {
                self.arrows = list(v, key, "arrow", |a, w| {
                    let map = object(a, w, &["circle", "lines"])?;
                    let circle = cells_json(map.get("circle").unwrap_or(&Value::Null), w)?;
                    let lines =
                        list(map.get("lines").unwrap_or(&Value::Null), "lines", &format!("{w}'s line"), |l, w| {
                            cells_json(l, w)
                        })?;
                    Ok(Arrow { circle, lines })
                })?
            }
            "little_killers" | "lunchboxes" => {
                let one = if key == "lunchboxes" { "lunchbox" } else { "little killer" };
                let read = list(v, key, one, |a, w| {
                    let map = object(a, w, &["sum", "cells"])?;
                    Ok(LittleKiller {
                        sum: number(map.get("sum"), w, "sum")?,
                        cells: cells_json(map.get("cells").unwrap_or(&Value::Null), w)?,
                    })
                })?;
                if key == "lunchboxes" {
                    self.lunchboxes = read;
                } else {
                    self.little_killers = read;
                }
            }
            "sandwiches" => self.sandwiches = list(v, key, "sandwich", |c, w| clue_json(c, w, "sum"))?,
            "x_sums" => self.x_sums = list(v, key, "X-sum", |c, w| clue_json(c, w, "sum"))?,
            "skyscrapers" => self.skyscrapers = list(v, key, "skyscraper", |c, w| clue_json(c, w, "count"))?,
            "kropki" => {
                self.kropki = list(v, key, "kropki dot", |d, w| {
                    let map = object(d, w, &["cells", "color", "value"])?;
                    let black = match map.get("color").and_then(|c| c.as_str()) {
                        Some("white") => false,
                        Some("black") => true,
                        _ => return syntax(format!("{w} has a \"color\", \"white\" or \"black\"")),
                    };
                    let value = match map.get("value") {
                        None | Some(Value::Null) => 1 + black as u32,
                        some => number(some, w, "value")?,
                    };
                    Ok(Kropki { cells: pair_json(map.get("cells").unwrap_or(&Value::Null), w)?, black, value })
                })?
            }
            "xv" => {
                self.xv = list(v, key, "XV mark", |d, w| {
                    let map = object(d, w, &["cells", "sum"])?;
                    let sum = match map.get("sum") {
                        Some(Value::String(s)) if s == "X" || s == "x" => 10,
                        Some(Value::String(s)) if s == "V" || s == "v" => 5,
                        some => number(some, w, "sum")?,
                    };
                    Ok(Xv { cells: pair_json(map.get("cells").unwrap_or(&Value::Null), w)?, sum })
                })?
            }
            "negative" => {
                let Some(items) = v.as_array() else {
                    return syntax("\"negative\" is an array of \"white\", \"black\", \"x\", \"v\"".into());
                };
                for item in items {
                    match item.as_str() {
                        Some("white") => self.negative.white = true,
                        Some("black") => self.negative.black = true,
                        Some("x") => self.negative.x = true,
                        Some("v") => self.negative.v = true,
                        _ => {
                            return syntax(format!(
                                "\"negative\" holds \"white\", \"black\", \"x\" or \"v\", not {item}"
                            ))
                        }
                    }
                }
            }
            "non_consecutive" => self.non_consecutive = flag(v, key)?,
            "anti_knight" => self.anti_knight = flag(v, key)?,
            "anti_king" => self.anti_king = flag(v, key)?,
            "disjoint_groups" => self.disjoint_groups = flag(v, key)?,
            "anti_taxicab" => self.anti_taxicab = flag(v, key)?,
            "sum_lines" => {
                self.sum_lines = list(v, key, "sum line", |l, w| {
                    if l.is_array() {
                        return Ok(SumLine { cells: cells_json(l, w)?, sum: 10, looped: false });
                    }
                    let map = object(l, w, &["cells", "sum", "loop"])?;
                    let sum = match map.get("sum") {
                        None | Some(Value::Null) => 10,
                        some => number(some, w, "sum")?,
                    };
                    let looped = match map.get("loop") {
                        None | Some(Value::Null) => false,
                        Some(f) => {
                            f.as_bool().map_or_else(|| syntax(format!("{w}'s \"loop\" is true or false")), Ok)?
                        }
                    };
                    Ok(SumLine { cells: cells_json(map.get("cells").unwrap_or(&Value::Null), w)?, sum, looped })
                })?
            }
            "whispers" => self.whispers = list(v, key, "whisper", |l, w| line_json(l, w, "difference", 5))?,
            "renban" => self.renban = lines("renban line")?,
            "palindromes" => self.palindromes = lines("palindrome")?,
            "between_lines" => self.between_lines = lines("between line")?,
            "region_sum_lines" => self.region_sum_lines = lines("region-sum line")?,
            "entropic_lines" => self.entropic_lines = lines("entropic line")?,
            "modular_lines" => self.modular_lines = list(v, key, "modular line", |l, w| line_json(l, w, "modulus", 3))?,
            "minimum" => self.minimum = cells_json(v, "\"minimum\"")?,
            "maximum" => self.maximum = cells_json(v, "\"maximum\"")?,
            "odd" => self.odd = cells_json(v, "\"odd\"")?,
            "even" => self.even = cells_json(v, "\"even\"")?,
            "quadruples" => {
                self.quadruples = list(v, key, "quadruple", |q, w| {
                    let map = object(q, w, &["cells", "digits"])?;
                    let Some(digits) = map.get("digits").and_then(|d| d.as_array()) else {
                        return syntax(format!("{w} has no \"digits\" array"));
                    };
                    let digits = digits.iter().map(|d| number(Some(d), w, "digits")).collect::<Syntax<Vec<u32>>>()?;
                    Ok(Quadruple { cells: cells_json(map.get("cells").unwrap_or(&Value::Null), w)?, digits })
                })?
            }
            "clones" => {
                self.clones = list(v, key, "clone", |q, w| {
                    let map = object(q, w, &["cells", "copy"])?;
                    Ok(Clone_ {
                        cells: cells_json(map.get("cells").unwrap_or(&Value::Null), w)?,
                        copy: cells_json(map.get("copy").unwrap_or(&Value::Null), w)?,
                    })
                })?
            }
            "extra_regions" => self.extra_regions = lines("extra region")?,
            "zipper_lines" => self.zipper_lines = lines("zipper line")?,
            "counting_circles" => self.counting_circles = lines("set of counting circles")?,
            "indexing_columns" => self.indexing_columns = cells_json(v, "\"indexing_columns\"")?,
            "indexing_rows" => self.indexing_rows = cells_json(v, "\"indexing_rows\"")?,
            "numbered_rooms" => self.numbered_rooms = list(v, key, "numbered room", |c, w| clue_json(c, w, "digit"))?,
            _ => return syntax(format!("unknown key \"{key}\"")),
        }
        Ok(())
    }

    /// Whether no constraint is set.
    pub fn is_empty(&self) -> bool {
        *self == Constraints::default()
    }

    /// The key of the first constraint set (as [`Constraints::write_json`] orders them), or
    /// "cages without a sum": what a reader of units and summed cages only refuses by name.
    pub fn first_key(&self) -> Option<String> {
        let mut keys = Map::new();
        self.write_json(&mut keys);
        keys.keys()
            .next()
            .cloned()
            .or_else(|| (!self.plain_cages.is_empty()).then(|| "cages without a sum".to_string()))
    }

    /// The keys set, as JSON (the form [`Constraints::read_key`] reads), into `map`.
    pub fn write_json(&self, map: &mut Map<String, Value>) {
        let cell = |&(r, c): &Cell| json!([r, c]);
        let cells = |v: &[Cell]| Value::Array(v.iter().map(cell).collect());
        let lines = |v: &[Vec<Cell>]| Value::Array(v.iter().map(|l| cells(l)).collect());
        let numbered = |v: &[Line], key: &str, default: u32| {
            Value::Array(
                v.iter()
                    .map(|l| {
                        if l.value == default {
                            cells(&l.cells)
                        } else {
                            json!({"cells": cells(&l.cells), key: l.value})
                        }
                    })
                    .collect(),
            )
        };
        let clues = |v: &[Clue], key: &str| {
            Value::Array(
                v.iter()
                    .map(|c| {
                        let mut o = Map::new();
                        o.insert(if c.side.column { "column" } else { "row" }.into(), json!(c.side.index));
                        if c.side.reverse {
                            o.insert("from".into(), json!(if c.side.column { "bottom" } else { "right" }));
                        }
                        o.insert(key.into(), json!(c.value));
                        Value::Object(o)
                    })
                    .collect(),
            )
        };
        let mut put = |key: &str, v: Value, set: bool| {
            if set {
                map.insert(key.into(), v);
            }
        };
        put("thermometers", lines(&self.thermometers), !self.thermometers.is_empty());
        put("slow_thermometers", lines(&self.slow_thermometers), !self.slow_thermometers.is_empty());
        put(
            "arrows",
            Value::Array(
                self.arrows.iter().map(|a| json!({"circle": cells(&a.circle), "lines": lines(&a.lines)})).collect(),
            ),
            !self.arrows.is_empty(),
        );
        put(
            "little_killers",
            Value::Array(self.little_killers.iter().map(|k| json!({"sum": k.sum, "cells": cells(&k.cells)})).collect()),
            !self.little_killers.is_empty(),
        );
        put("sandwiches", clues(&self.sandwiches, "sum"), !self.sandwiches.is_empty());
        put("x_sums", clues(&self.x_sums, "sum"), !self.x_sums.is_empty());
        put("skyscrapers", clues(&self.skyscrapers, "count"), !self.skyscrapers.is_empty());
        put(
            "kropki",
            Value::Array(
                self.kropki
                    .iter()
                    .map(|k| {
                        let color = if k.black { "black" } else { "white" };
                        if k.value == 1 + k.black as u32 {
                            json!({"cells": cells(&k.cells), "color": color})
                        } else {
                            json!({"cells": cells(&k.cells), "color": color, "value": k.value})
                        }
                    })
                    .collect(),
            ),
            !self.kropki.is_empty(),
        );
        put(
            "xv",
            Value::Array(self.xv.iter().map(|x| json!({"cells": cells(&x.cells), "sum": x.sum})).collect()),
            !self.xv.is_empty(),
        );
        let neg = &self.negative;
        let marks: Vec<Value> = [(neg.white, "white"), (neg.black, "black"), (neg.x, "x"), (neg.v, "v")]
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, k)| json!(k))
            .collect();
        put("negative", Value::Array(marks.clone()), !marks.is_empty());
        put("non_consecutive", json!(true), self.non_consecutive);
        put("anti_knight", json!(true), self.anti_knight);
        put("anti_king", json!(true), self.anti_king);
        put("disjoint_groups", json!(true), self.disjoint_groups);
        put("whispers", numbered(&self.whispers, "difference", 5), !self.whispers.is_empty());
        put("renban", lines(&self.renban), !self.renban.is_empty());
        put("palindromes", lines(&self.palindromes), !self.palindromes.is_empty());
        put("between_lines", lines(&self.between_lines), !self.between_lines.is_empty());
        put("region_sum_lines", lines(&self.region_sum_lines), !self.region_sum_lines.is_empty());
        put("entropic_lines", lines(&self.entropic_lines), !self.entropic_lines.is_empty());
        put("modular_lines", numbered(&self.modular_lines, "modulus", 3), !self.modular_lines.is_empty());
        put("minimum", cells(&self.minimum), !self.minimum.is_empty());
        put("maximum", cells(&self.maximum), !self.maximum.is_empty());
        put("odd", cells(&self.odd), !self.odd.is_empty());
        put("even", cells(&self.even), !self.even.is_empty());
        put(
            "quadruples",
            Value::Array(
                self.quadruples.iter().map(|q| json!({"cells": cells(&q.cells), "digits": q.digits})).collect(),
            ),
            !self.quadruples.is_empty(),
        );
        put(
            "clones",
            Value::Array(
                self.clones.iter().map(|c| json!({"cells": cells(&c.cells), "copy": cells(&c.copy)})).collect(),
            ),
            !self.clones.is_empty(),
        );
        put("extra_regions", lines(&self.extra_regions), !self.extra_regions.is_empty());
        put("zipper_lines", lines(&self.zipper_lines), !self.zipper_lines.is_empty());
        put("indexing_columns", cells(&self.indexing_columns), !self.indexing_columns.is_empty());
        put("indexing_rows", cells(&self.indexing_rows), !self.indexing_rows.is_empty());
        put("numbered_rooms", clues(&self.numbered_rooms, "digit"), !self.numbered_rooms.is_empty());
        put("anti_taxicab", json!(true), self.anti_taxicab);
        put(
            "sum_lines",
            Value::Array(
                self.sum_lines
                    .iter()
                    .map(|l| match (l.sum, l.looped) {
                        (10, false) => cells(&l.cells),
                        (_, false) => json!({"cells": cells(&l.cells), "sum": l.sum}),
                        _ => json!({"cells": cells(&l.cells), "sum": l.sum, "loop": true}),
                    })
                    .collect(),
            ),
            !self.sum_lines.is_empty(),
        );
        put(
            "lunchboxes",
            Value::Array(self.lunchboxes.iter().map(|k| json!({"sum": k.sum, "cells": cells(&k.cells)})).collect()),
            !self.lunchboxes.is_empty(),
        );
        put("counting_circles", lines(&self.counting_circles), !self.counting_circles.is_empty());
    }
}

/// A relation between the digits of two cells: per digit `d` of the first cell (bit `d - 1`),
/// the digits the second may hold, and the converse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Relation {
    pub forward: [u32; 25],
    pub backward: [u32; 25],
}

impl Relation {
    fn of(n: usize, holds: impl Fn(u32, u32) -> bool) -> Relation {
        let mut r = Relation { forward: [0; 25], backward: [0; 25] };
        for a in 1..=n as u32 {
            for b in 1..=n as u32 {
                if holds(a, b) {
                    r.forward[a as usize - 1] |= 1 << (b - 1);
                    r.backward[b as usize - 1] |= 1 << (a - 1);
                }
            }
        }
        r
    }
}

/// A part of an [`EqualSums`]: its value is `Σ weights[i] · digit[i]`, the last `reversed`
/// digits taken as `n + 1 - digit`.
#[derive(Clone, Debug)]
pub struct Part {
    pub cells: Vec<u16>,
    /// 1 for a sum; 100, 10, 1 for a pill of three cells.
    pub weights: Vec<u32>,
    /// The cells see each other (set by the layout once it knows the peers).
    pub distinct: bool,
    /// Ranges of `cells` whose cells see each other (set with `distinct`, the cells reordered
    /// so that each group's are together; a pill's cells keep their order, one a group).
    pub groups: Vec<(usize, usize)>,
    /// How many of the last cells count `n + 1 - digit`, in groups of their own: a sum of a few
    /// cells less the digits of others, made a sum of digits (the layout's innies less the
    /// outies of cages sticking out of the houses, sigh's solver's hidden cages and sums with
    /// negative cells; sums of weights 1 on grids up to 9x9 only).
    pub reversed: usize,
}

impl Part {
    pub fn sum(cells: Vec<u16>) -> Part {
        let weights = vec![1; cells.len()];
        let groups = (0..cells.len()).map(|i| (i, i + 1)).collect();
        Part { cells, weights, distinct: false, groups, reversed: 0 }
    }

    /// The value of the part's digit at `i` (`n + 1 - d` for a reversed cell).
    pub fn digit_value(&self, i: usize, d: u32, n: usize) -> u32 {
        if i + self.reversed >= self.cells.len() {
            n as u32 + 1 - d
        } else {
            d
        }
    }

    /// Groups the cells by whom they see (`peers` sorted per cell), as [`Part::groups`] says.
    /// Larger groups narrow the part's sums more (a group of distinct digits of size `s` adds
    /// at least `s(s+1)/2`), so of a few greedy partitions into groups, the one with the largest
    /// sum of squared sizes is kept, as sigh's solver picks its exclusion groups: each cell in
    /// the first group it fits, over the part's order, ascending cells and a few seeded
    /// shuffles; and groups grown one at a time from the cell that sees most of the rest.
    pub fn group(&mut self, peers: &[Vec<u16>]) {
        if self.reversed > 0 {
            // The others grouped, then the reversed cells grouped after them.
            let k = self.cells.len() - self.reversed;
            let mut tail = Part::sum(self.cells.split_off(k));
            self.weights.truncate(k);
            let reversed = std::mem::take(&mut self.reversed);
            self.group(peers);
            tail.group(peers);
            self.reversed = reversed;
            self.distinct = false;
            self.groups.extend(tail.groups.iter().map(|&(a, b)| (a + k, b + k)));
            self.cells.extend(tail.cells);
            self.weights.extend(tail.weights);
            return;
        }
        let sees = |a: u16, b: u16| peers[a as usize].binary_search(&b).is_ok();
        let cells = &self.cells;
        self.distinct = cells.iter().enumerate().all(|(i, &a)| cells[i + 1..].iter().all(|&b| sees(a, b)));
        if self.weights.iter().any(|&w| w != 1) {
            return;
        }
        let first_fit = |order: &[u16]| first_fit(order, peers);
        let score = |groups: &[Vec<u16>]| groups.iter().map(|g| g.len() * g.len()).sum::<usize>();
        let mut best = first_fit(cells);
        let mut consider = |groups: Vec<Vec<u16>>| {
            if score(&groups) > score(&best) {
                best = groups;
            }
        };
        let mut order = cells.clone();
        order.sort_unstable();
        consider(first_fit(&order));
        use rand::{seq::SliceRandom, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(cells.len() as u64);
        for _ in 0..4 {
            order.shuffle(&mut rng);
            consider(first_fit(&order));
        }
        // Grown one at a time (cubic in the cells: long parts keep the first fits).
        if cells.len() <= 100 {
            let mut rest = cells.clone();
            let mut groups = Vec::new();
            while !rest.is_empty() {
                let mut open = rest.clone();
                let mut group = Vec::new();
                while !open.is_empty() {
                    let reach = |c: u16| open.iter().filter(|&&o| o != c && sees(c, o)).count();
                    let c = *open.iter().max_by_key(|&&c| (reach(c), std::cmp::Reverse(c))).unwrap();
                    group.push(c);
                    open.retain(|&o| o != c && sees(c, o));
                }
                rest.retain(|c| !group.contains(c));
                groups.push(group);
            }
            consider(groups);
        }
        self.cells = best.concat();
        let mut at = 0;
        self.groups = best
            .iter()
            .map(|g| {
                at += g.len();
                (at - g.len(), at)
            })
            .collect();
    }
}

/// Parts of equal value, equal to `total` when there is one.
#[derive(Clone, Debug)]
pub struct EqualSums {
    pub parts: Vec<Part>,
    pub total: Option<u32>,
}

/// A constraint with its own pass (see the module's documentation).
#[derive(Clone, Debug)]
pub enum Special {
    /// The digits between the 1 and the largest digit of a line add up to `sum`.
    Sandwich { cells: Vec<u16>, sum: u32 },
    /// The first `x` digits of a line add up to `sum`, `x` the first digit.
    XSum { cells: Vec<u16>, sum: u32 },
    /// Seen from the line's start, `count` digits are taller than all before them.
    Skyscraper { cells: Vec<u16>, count: u32 },
    /// The digits are a run of consecutive digits (distinct: the cells are a group of peers).
    Renban { cells: Vec<u16> },
    /// The middle cells' digits lie strictly between the two ends'.
    Between { cells: Vec<u16> },
    /// The digits (a mask per digit kind, with how many) appear among the cells.
    Quadruple { cells: Vec<u16>, digits: Vec<u32> },
    /// The line splits into segments of digits adding up to `sum` each (`looped`: it closes).
    SumLine { cells: Vec<u16>, sum: u32, looped: bool },
    /// The digits between the smallest and the largest add up to `sum` (distinct: the cells
    /// are a group of peers).
    Lunchbox { cells: Vec<u16>, sum: u32 },
    /// Each digit among the cells appears as many times as it says. `groups` as
    /// [`Part::groups`]: ranges of `cells` that see each other (set by the layout).
    CountingCircles { cells: Vec<u16>, groups: Vec<(usize, usize)> },
}

impl Special {
    /// The clue's cells.
    pub fn cells(&self) -> &[u16] {
        match self {
            Special::Sandwich { cells, .. }
            | Special::XSum { cells, .. }
            | Special::Skyscraper { cells, .. }
            | Special::Between { cells }
            | Special::Renban { cells }
            | Special::Quadruple { cells, .. }
            | Special::SumLine { cells, .. }
            | Special::Lunchbox { cells, .. }
            | Special::CountingCircles { cells, .. } => cells,
        }
    }
}

/// What the search propagates for the setters' constraints of one layout.
#[derive(Clone, Debug, Default)]
pub struct Props {
    /// (cell, digits it may hold).
    pub unary: Vec<(u16, u32)>,
    /// (first cell, second cell, relation index).
    pub pairs: Vec<(u16, u16, u16)>,
    pub relations: Vec<Relation>,
    pub sums: Vec<EqualSums>,
    pub specials: Vec<Special>,
}

impl Props {
    /// Whether there is nothing to propagate.
    pub fn is_empty(&self) -> bool {
        self.unary.is_empty() && self.pairs.is_empty() && self.sums.is_empty() && self.specials.is_empty()
    }

    /// Whether the digits of `cells` (row-major, 0 blank) break none of these constraints: each
    /// relation between two filled cells, each odd or even cell, each sum and clue whose cells
    /// are all filled (all of them when `complete`).
    pub fn holds(&self, n: usize, cells: &[u8], complete: bool) -> bool {
        let v = |c: u16| cells[c as usize] as u32;
        let filled = |cs: &[u16]| cs.iter().all(|&c| cells[c as usize] != 0);
        let unary = self.unary.iter().all(|&(c, m)| v(c) == 0 || m >> (v(c) - 1) & 1 != 0);
        let pairs = self.pairs.iter().all(|&(a, b, r)| {
            v(a) == 0 || v(b) == 0 || self.relations[r as usize].forward[v(a) as usize - 1] >> (v(b) - 1) & 1 != 0
        });
        let sums = self.sums.iter().all(|s| {
            if !s.parts.iter().all(|p| filled(&p.cells)) {
                return !complete;
            }
            let mut values = s.parts.iter().map(|p| {
                p.cells
                    .iter()
                    .zip(&p.weights)
                    .enumerate()
                    .map(|(i, (&c, &w))| w * p.digit_value(i, v(c), n))
                    .sum::<u32>()
            });
            let first = s.total.unwrap_or_else(|| values.clone().next().unwrap_or(0));
            values.all(|x| x == first)
        });
        let specials = self.specials.iter().all(|s| {
            let cs = s.cells();
            if !filled(cs) {
                return !complete;
            }
            let d: Vec<u32> = cs.iter().map(|&c| v(c)).collect();
            match s {
                Special::Sandwich { sum, .. } => {
                    let (Some(a), Some(b)) = (d.iter().position(|&x| x == 1), d.iter().position(|&x| x == n as u32))
                    else {
                        return false;
                    };
                    d[a.min(b) + 1..a.max(b)].iter().sum::<u32>() == *sum
                }
                Special::XSum { sum, .. } => d[0] as usize <= d.len() && d[..d[0] as usize].iter().sum::<u32>() == *sum,
                Special::Skyscraper { count, .. } => {
                    let (mut top, mut seen) = (0, 0);
                    for &x in &d {
                        if x > top {
                            top = x;
                            seen += 1;
                        }
                    }
                    seen == *count
                }
                Special::Renban { .. } => {
                    let (lo, hi) = (d.iter().min().unwrap(), d.iter().max().unwrap());
                    (hi - lo) as usize == d.len() - 1
                }
                Special::Between { .. } => {
                    let (lo, hi) = (d[0].min(d[d.len() - 1]), d[0].max(d[d.len() - 1]));
                    d[1..d.len() - 1].iter().all(|&x| lo < x && x < hi)
                }
                Special::Quadruple { digits, .. } => digits
                    .iter()
                    .all(|&q| d.iter().filter(|&&x| x == q).count() >= digits.iter().filter(|&&y| y == q).count()),
                Special::CountingCircles { .. } => {
                    d.iter().all(|&x| d.iter().filter(|&&y| y == x).count() == x as usize)
                }
                Special::Lunchbox { sum, .. } => {
                    let at = |x: u32| d.iter().position(|&y| y == x).unwrap_or(0);
                    let (a, b) = (at(*d.iter().min().unwrap()), at(*d.iter().max().unwrap()));
                    d[a.min(b) + 1..a.max(b)].iter().sum::<u32>() == *sum
                }
                Special::SumLine { sum, looped, .. } => {
                    // From a segment's first cell the split is forced: from the line's start, or
                    // on a loop from some cell, the running sums meet `sum` exactly and end there.
                    let split_from = |start: usize| {
                        let mut run = 0;
                        for i in 0..d.len() {
                            run += d[(start + i) % d.len()];
                            if run == *sum {
                                run = 0;
                            } else if run > *sum {
                                return false;
                            }
                        }
                        run == 0
                    };
                    if *looped {
                        (0..d.len()).any(split_from)
                    } else {
                        split_from(0)
                    }
                }
            }
        });
        unary && pairs && sums && specials
    }
}

/// What [`Constraints::compile`] makes: the propagators, the cells that must differ (pairs),
/// the groups of distinct cells and the extra full units.
#[derive(Default)]
pub struct Compiled {
    pub props: Props,
    /// Pairs of cells whose digits differ (anti-knight, anti-king).
    pub distinct_pairs: Vec<(u16, u16)>,
    /// Groups of cells with distinct digits, fewer than `n` (renban, plain cages, small extra
    /// regions).
    pub groups: Vec<Vec<u16>>,
    /// Extra units of `n` cells (extra regions of `n` cells, disjoint groups).
    pub units: Vec<Vec<u16>>,
}

/// Checks cells against a grid for one named constraint.
struct Place {
    n: usize,
}

impl Place {
    fn at(&self, (r, c): Cell, what: &str) -> Result<u16, RulesError> {
        let n = self.n as u32;
        if r < 1 || c < 1 || r > n || c > n {
            return Err(RulesError(format!("{what} has the cell ({r}, {c}), outside the {n}x{n} grid")));
        }
        Ok(((r - 1) * n + c - 1) as u16)
    }

    fn all(&self, cells: &[Cell], what: &str, least: usize) -> Result<Vec<u16>, RulesError> {
        let at = self.line(cells, what, least)?;
        for (i, a) in at.iter().enumerate() {
            if at[..i].contains(a) {
                let (r, c) = cells[i];
                return Err(RulesError(format!("{what} has the cell ({r}, {c}) twice")));
            }
        }
        Ok(at)
    }

    /// The cells of a line that may pass a cell twice (a loop of a whisper, say).
    fn line(&self, cells: &[Cell], what: &str, least: usize) -> Result<Vec<u16>, RulesError> {
        if cells.len() < least {
            return Err(RulesError(format!("{what} has {} cells, fewer than {least}", cells.len())));
        }
        cells.iter().map(|&c| self.at(c, what)).collect()
    }

    /// The two cells of a dot or a mark, checked: inside the grid, distinct, touching by an edge.
    fn touching(&self, cells: &[Cell], what: &str) -> Result<(u16, u16), RulesError> {
        let at = self.all(cells, what, 2)?;
        let n = self.n as i32;
        let (a, b) = (at[0], at[1]);
        let (ra, ca, rb, cb) = (a as i32 / n, a as i32 % n, b as i32 / n, b as i32 % n);
        if (ra - rb).abs() + (ca - cb).abs() != 1 {
            return Err(RulesError(format!(
                "{what} joins {} and {}, which are not adjacent",
                self.name(a),
                self.name(b)
            )));
        }
        Ok((a, b))
    }

    fn name(&self, c: u16) -> String {
        format!("({}, {})", c as usize / self.n + 1, c as usize % self.n + 1)
    }

    fn side(&self, side: &Side, what: &str) -> Result<Vec<u16>, RulesError> {
        let n = self.n;
        if side.index < 1 || side.index as usize > n {
            let kind = if side.column { "column" } else { "row" };
            return Err(RulesError(format!("{what} is on {kind} {}, outside the {n}x{n} grid", side.index)));
        }
        let k = side.index as usize - 1;
        let mut cells: Vec<u16> = (0..n).map(|i| if side.column { i * n + k } else { k * n + i } as u16).collect();
        if side.reverse {
            cells.reverse();
        }
        Ok(cells)
    }
}

impl Constraints {
    /// The constraints on a grid of `shape` with its regions (`region_of`, `u16::MAX` for none),
    /// checked: every cell inside the grid and at most once per constraint, dots and XV marks
    /// between adjacent cells, a little killer along a diagonal, a quadruple on a 2x2 block, a
    /// clone of the same length, sums and counts that the cells can make. Errors name the
    /// constraint (numbered from 1 in its key's array) and the cell.
    pub fn compile(&self, shape: Shape, region_of: &[u16]) -> Result<Compiled, RulesError> {
        let n = shape.n();
        let place = Place { n };
        let mut out = Compiled::default();
        let rel = |out: &mut Compiled, a: u16, b: u16, r: Relation| {
            let p = &mut out.props;
            let k = match p.relations.iter().position(|x| *x == r) {
                Some(k) => k,
                None => {
                    p.relations.push(r);
                    p.relations.len() - 1
                }
            };
            if a != b {
                p.pairs.push((a, b, k as u16));
            }
        };
        let nn = n as u32;
        for (slow, list) in [(false, &self.thermometers), (true, &self.slow_thermometers)] {
            for (k, line) in list.iter().enumerate() {
                let what = format!("{} {}", if slow { "slow thermometer" } else { "thermometer" }, k + 1);
                let at = place.all(line, &what, 1)?;
                if !slow && at.len() > n {
                    return Err(RulesError(format!("{what} has {} cells, more than the {n} digits", at.len())));
                }
                for w in at.windows(2) {
                    let r = if slow { Relation::of(n, |a, b| a <= b) } else { Relation::of(n, |a, b| a < b) };
                    rel(&mut out, w[0], w[1], r);
                }
            }
        }
        for (k, arrow) in self.arrows.iter().enumerate() {
            let what = format!("arrow {}", k + 1);
            let circle = place.all(&arrow.circle, &what, 1)?;
            if circle.len() > 3 {
                return Err(RulesError(format!("{what} has a circle of {} cells, at most 3", circle.len())));
            }
            if arrow.lines.is_empty() {
                return Err(RulesError(format!("{what} has no line")));
            }
            for line in &arrow.lines {
                let at = place.all(line, &what, 1)?;
                if let Some(&c) = at.iter().find(|c| circle.contains(c)) {
                    return Err(RulesError(format!(
                        "{what} has the cell {} on its circle and its line",
                        place.name(c)
                    )));
                }
                let weights = (0..circle.len()).map(|i| 10u32.pow((circle.len() - 1 - i) as u32)).collect();
                let groups = (0..circle.len()).map(|i| (i, i + 1)).collect();
                let pill = Part { cells: circle.clone(), weights, distinct: false, groups, reversed: 0 };
                out.props.sums.push(EqualSums { parts: vec![Part::sum(at), pill], total: None });
            }
        }
        for (k, killer) in self.little_killers.iter().enumerate() {
            let what = format!("little killer {}", k + 1);
            let at = place.all(&killer.cells, &what, 1)?;
            let step =
                |a: u16, b: u16| (b as i32 / n as i32 - a as i32 / n as i32, b as i32 % n as i32 - a as i32 % n as i32);
            if let Some(w) = at.windows(2).find(|w| {
                let (dr, dc) = step(w[0], w[1]);
                dr.abs() != 1 || dc.abs() != 1 || step(at[0], at[1]) != (dr, dc)
            }) {
                return Err(RulesError(format!(
                    "{what} goes from {} to {}, not along one diagonal",
                    place.name(w[0]),
                    place.name(w[1])
                )));
            }
            let len = at.len() as u32;
            if killer.sum < len || killer.sum > len * nn {
                return Err(RulesError(format!(
                    "{what} has {len} cells, whose digits add up to {len} to {}, not {}",
                    len * nn,
                    killer.sum
                )));
            }
            out.props.sums.push(EqualSums { parts: vec![Part::sum(at)], total: Some(killer.sum) });
        }
        let most = nn * (nn + 1) / 2;
        for (k, clue) in self.sandwiches.iter().enumerate() {
            let what = format!("sandwich {}", k + 1);
            let cells = place.side(&clue.side, &what)?;
            if clue.value > most - 1 - nn {
                return Err(RulesError(format!(
                    "{what} has the sum {}, more than the {} of 2 to {}",
                    clue.value,
                    most - 1 - nn,
                    nn - 1
                )));
            }
            out.props.specials.push(Special::Sandwich { cells, sum: clue.value });
        }
        for (k, clue) in self.x_sums.iter().enumerate() {
            let what = format!("X-sum {}", k + 1);
            let cells = place.side(&clue.side, &what)?;
            if clue.value < 1 || clue.value > most {
                return Err(RulesError(format!("{what} has the sum {}, not 1 to {most}", clue.value)));
            }
            out.props.specials.push(Special::XSum { cells, sum: clue.value });
        }
        for (k, clue) in self.skyscrapers.iter().enumerate() {
            let what = format!("skyscraper {}", k + 1);
            let cells = place.side(&clue.side, &what)?;
            if clue.value < 1 || clue.value > nn {
                return Err(RulesError(format!("{what} sees {} skyscrapers, not 1 to {n}", clue.value)));
            }
            out.props.specials.push(Special::Skyscraper { cells, count: clue.value });
        }
        let mut marked_dots = Vec::new();
        for (k, dot) in self.kropki.iter().enumerate() {
            let what = format!("kropki dot {}", k + 1);
            let (a, b) = place.touching(&dot.cells, &what)?;
            let v = dot.value;
            if dot.black && v < 1 || !dot.black && (v < 1 || v >= nn) {
                return Err(RulesError(format!("{what} has the value {v}, which no two digits of 1 to {n} make")));
            }
            let r = if dot.black {
                Relation::of(n, |p, q| p == v * q || q == v * p)
            } else {
                Relation::of(n, |p, q| p.abs_diff(q) == v)
            };
            rel(&mut out, a, b, r);
            marked_dots.push((a.min(b), a.max(b)));
        }
        let mut marked_xv = Vec::new();
        for (k, mark) in self.xv.iter().enumerate() {
            let what = format!("XV mark {}", k + 1);
            let (a, b) = place.touching(&mark.cells, &what)?;
            let s = mark.sum;
            rel(&mut out, a, b, Relation::of(n, |p, q| p + q == s));
            marked_xv.push((a.min(b), a.max(b)));
        }
        // Every pair of orthogonally adjacent cells, first cell first.
        let adjacent: Vec<(u16, u16)> = (0..n * n)
            .flat_map(|c| {
                let right = (c % n + 1 < n).then_some((c as u16, c as u16 + 1));
                let down = (c + n < n * n).then_some((c as u16, (c + n) as u16));
                right.into_iter().chain(down)
            })
            .collect();
        let neg = &self.negative;
        for &(a, b) in &adjacent {
            let (white, black) =
                (neg.white && !marked_dots.contains(&(a, b)), neg.black && !marked_dots.contains(&(a, b)));
            let (x, v) = (neg.x && !marked_xv.contains(&(a, b)), neg.v && !marked_xv.contains(&(a, b)));
            let nc = self.non_consecutive;
            if white || black || x || v || nc {
                let r = Relation::of(n, |p, q| {
                    !((white || nc) && p.abs_diff(q) == 1
                        || black && (p == 2 * q || q == 2 * p)
                        || x && p + q == 10
                        || v && p + q == 5)
                });
                rel(&mut out, a, b, r);
            }
        }
        let moves: &[(i32, i32)] = &[(1, 2), (2, 1), (2, -1), (1, -2), (1, 1), (1, -1), (1, 0), (0, 1)];
        for (on, steps) in [(self.anti_knight, &moves[..4]), (self.anti_king, &moves[4..6])] {
            if !on {
                continue;
            }
            for c in 0..n * n {
                let (r, col) = ((c / n) as i32, (c % n) as i32);
                for &(dr, dc) in steps {
                    let (r2, c2) = (r + dr, col + dc);
                    if r2 >= 0 && c2 >= 0 && (r2 as usize) < n && (c2 as usize) < n {
                        out.distinct_pairs.push((c as u16, (r2 as usize * n + c2 as usize) as u16));
                    }
                }
            }
        }
        if self.anti_taxicab {
            // Each pair of cells `k` apart (k < n: two cells of one row are at most n - 1 apart,
            // and farther pairs would need a digit above n) holds no `k` together.
            for a in 0..n * n {
                for b in a + 1..n * n {
                    let k = (a / n).abs_diff(b / n) + (a % n).abs_diff(b % n);
                    if k <= n {
                        let k = k as u32;
                        rel(&mut out, a as u16, b as u16, Relation::of(n, |p, q| p != k || q != k));
                    }
                }
            }
        }
        if self.disjoint_groups {
            let (br, bc) = (shape.box_rows(), shape.box_cols());
            if br == 0 {
                return Err(RulesError(format!(
                    "disjoint groups are the cells at one place of every box; a {n}x{n} grid of {} has no boxes",
                    shape.name()
                )));
            }
            for i in 0..br {
                for j in 0..bc {
                    let unit = (0..n).map(|b| ((b / (n / bc) * br + i) * n + b % (n / bc) * bc + j) as u16).collect();
                    out.units.push(unit);
                }
            }
        }
        for (k, line) in self.whispers.iter().enumerate() {
            let what = format!("whisper {}", k + 1);
            let at = place.line(&line.cells, &what, 2)?;
            let d = line.value;
            if d < 1 || d >= nn {
                return Err(RulesError(format!("{what} has the difference {d}, not 1 to {}", n - 1)));
            }
            for w in at.windows(2) {
                rel(&mut out, w[0], w[1], Relation::of(n, |a, b| a.abs_diff(b) >= d));
            }
        }
        for (k, line) in self.renban.iter().enumerate() {
            let what = format!("renban line {}", k + 1);
            let at = place.all(line, &what, 1)?;
            if at.len() > n {
                return Err(RulesError(format!("{what} has {} cells, more than the {n} digits", at.len())));
            }
            out.groups.push(at.clone());
            out.props.specials.push(Special::Renban { cells: at });
        }
        for (k, line) in self.palindromes.iter().enumerate() {
            let at = place.all(line, &format!("palindrome {}", k + 1), 1)?;
            for i in 0..at.len() / 2 {
                rel(&mut out, at[i], at[at.len() - 1 - i], Relation::of(n, |a, b| a == b));
            }
        }
        for (k, line) in self.between_lines.iter().enumerate() {
            let cells = place.all(line, &format!("between line {}", k + 1), 2)?;
            out.props.specials.push(Special::Between { cells });
        }
        for (k, line) in self.region_sum_lines.iter().enumerate() {
            let what = format!("region-sum line {}", k + 1);
            let at = place.all(line, &what, 1)?;
            if let Some(&c) = at.iter().find(|&&c| region_of[c as usize] == u16::MAX) {
                return Err(RulesError(format!("{what} has the cell {}, in no box or region", place.name(c))));
            }
            let mut segments: Vec<Vec<u16>> = Vec::new();
            for &c in &at {
                match segments.last_mut() {
                    Some(s) if region_of[s[0] as usize] == region_of[c as usize] => s.push(c),
                    _ => segments.push(vec![c]),
                }
            }
            if segments.len() > 1 {
                out.props.sums.push(EqualSums { parts: segments.into_iter().map(Part::sum).collect(), total: None });
            }
        }
        let windows = |out: &mut Compiled, at: &[u16], span: usize, class: &dyn Fn(u32) -> u32| {
            for i in 0..at.len() {
                for j in i + 1..(i + span).min(at.len()) {
                    let r = Relation::of(n, |a, b| class(a) != class(b));
                    rel(out, at[i], at[j], r);
                }
            }
        };
        for (k, line) in self.entropic_lines.iter().enumerate() {
            let what = format!("entropic line {}", k + 1);
            let at = place.line(line, &what, 1)?;
            if n % 3 != 0 {
                return Err(RulesError(format!("{what} needs digits in three equal classes, and {n} digits are not")));
            }
            let third = nn / 3;
            windows(&mut out, &at, 3, &|d| (d - 1) / third);
        }
        for (k, line) in self.modular_lines.iter().enumerate() {
            let what = format!("modular line {}", k + 1);
            let at = place.line(&line.cells, &what, 1)?;
            let m = line.value;
            if m < 2 || m > nn {
                return Err(RulesError(format!("{what} has the modulus {m}, not 2 to {n}")));
            }
            windows(&mut out, &at, m as usize, &|d| d % m);
        }
        for (big, list) in [(false, &self.minimum), (true, &self.maximum)] {
            let what = if big { "a maximum cell" } else { "a minimum cell" };
            for &cell in list.iter() {
                let c = place.at(cell, what)?;
                for &(a, b) in adjacent.iter().filter(|(a, b)| *a == c || *b == c) {
                    let other = if a == c { b } else { a };
                    let r = if big { Relation::of(n, |x, y| x > y) } else { Relation::of(n, |x, y| x < y) };
                    rel(&mut out, c, other, r);
                }
            }
        }
        for (odd, list) in [(true, &self.odd), (false, &self.even)] {
            let what = if odd { "an odd cell" } else { "an even cell" };
            let mask = (1..=nn).filter(|d| d % 2 == odd as u32).fold(0u32, |m, d| m | 1 << (d - 1));
            for &cell in list.iter() {
                out.props.unary.push((place.at(cell, what)?, mask));
            }
        }
        for (k, quad) in self.quadruples.iter().enumerate() {
            let what = format!("quadruple {}", k + 1);
            let mut at = place.all(&quad.cells, &what, 4)?;
            at.sort_unstable();
            let square = at.len() == 4
                && at[1] == at[0] + 1
                && at[2] == at[0] + n as u16
                && at[3] == at[2] + 1
                && (at[0] as usize % n) + 1 < n;
            if !square {
                return Err(RulesError(format!("{what} has cells that are not a 2x2 block")));
            }
            if quad.digits.is_empty() || quad.digits.len() > 4 || quad.digits.iter().any(|&d| d < 1 || d > nn) {
                return Err(RulesError(format!("{what} has 1 to 4 digits of 1 to {n}, not {:?}", quad.digits)));
            }
            out.props.specials.push(Special::Quadruple { cells: at, digits: quad.digits.clone() });
        }
        for (k, clone) in self.clones.iter().enumerate() {
            let what = format!("clone {}", k + 1);
            let a = place.all(&clone.cells, &what, 1)?;
            let b = place.all(&clone.copy, &what, 1)?;
            if a.len() != b.len() {
                return Err(RulesError(format!("{what} copies {} cells into {}", a.len(), b.len())));
            }
            for (x, y) in a.into_iter().zip(b) {
                rel(&mut out, x, y, Relation::of(n, |p, q| p == q));
            }
        }
        for (k, region) in self.extra_regions.iter().chain(&self.plain_cages).enumerate() {
            let what = if k < self.extra_regions.len() {
                format!("extra region {}", k + 1)
            } else {
                format!("cage without a sum {}", k + 1 - self.extra_regions.len())
            };
            let at = place.all(region, &what, 1)?;
            if at.len() > n {
                return Err(RulesError(format!("{what} has {} cells, more than the {n} digits", at.len())));
            }
            if at.len() == n {
                out.units.push(at);
            } else {
                out.groups.push(at);
            }
        }
        for (k, line) in self.zipper_lines.iter().enumerate() {
            let what = format!("zipper line {}", k + 1);
            let at = place.all(line, &what, 2)?;
            let len = at.len();
            let mut parts: Vec<Part> = (0..len / 2).map(|i| Part::sum(vec![at[i], at[len - 1 - i]])).collect();
            if len % 2 == 1 {
                parts.push(Part::sum(vec![at[len / 2]]));
            }
            if parts.len() > 1 {
                out.props.sums.push(EqualSums { parts, total: None });
            }
        }
        // An indexing cell `control` holding `d` puts `value` in the `d`-th of `cells`: a
        // relation between it and each other cell of the list; on itself, only `value` when it
        // is its own place.
        let index = |out: &mut Compiled, control: u16, cells: &[u16], value: u32| {
            for (i, &c) in cells.iter().enumerate() {
                let d = i as u32 + 1;
                if c == control {
                    if d != value {
                        out.props.unary.push((control, !(1u32 << (d - 1)) & ((1u32 << n) - 1)));
                    }
                } else {
                    rel(out, control, c, Relation::of(n, |a, b| a != d || b == value));
                }
            }
        };
        for (rows, list) in [(false, &self.indexing_columns), (true, &self.indexing_rows)] {
            let what = if rows { "a row-indexing cell" } else { "a column-indexing cell" };
            for &cell in list.iter() {
                let c = place.at(cell, what)?;
                let (r, col) = (c as usize / n, c as usize % n);
                let (cells, value): (Vec<u16>, u32) = if rows {
                    ((0..n).map(|i| (i * n + col) as u16).collect(), r as u32 + 1)
                } else {
                    ((0..n).map(|i| (r * n + i) as u16).collect(), col as u32 + 1)
                };
                index(&mut out, c, &cells, value);
            }
        }
        for (k, line) in self.sum_lines.iter().enumerate() {
            let what = format!("sum line {}", k + 1);
            let cells = place.all(&line.cells, &what, 1)?;
            let most = cells.len() as u32 * nn;
            if line.sum < 1 || line.sum > 127 || line.sum > most {
                return Err(RulesError(format!(
                    "{what} has the sum {}, not 1 to {} (at most 127)",
                    line.sum,
                    most.min(127)
                )));
            }
            out.props.specials.push(Special::SumLine { cells, sum: line.sum, looped: line.looped });
        }
        for (k, lunchbox) in self.lunchboxes.iter().enumerate() {
            let what = format!("lunchbox {}", k + 1);
            let at = place.all(&lunchbox.cells, &what, 2)?;
            if at.len() > n {
                return Err(RulesError(format!("{what} has {} cells, more than the {n} digits", at.len())));
            }
            // At most the digits 2 to n - 1 between the ends.
            let inner = (at.len() - 2) as u32;
            let most = (0..inner).map(|i| nn - 1 - i).sum::<u32>();
            if lunchbox.sum > most.min(127) {
                return Err(RulesError(format!(
                    "{what} has the sum {}, more than its cells can make ({})",
                    lunchbox.sum,
                    most.min(127)
                )));
            }
            out.groups.push(at.clone());
            out.props.specials.push(Special::Lunchbox { cells: at, sum: lunchbox.sum });
        }
        for (k, circles) in self.counting_circles.iter().enumerate() {
            let what = format!("set of counting circles {}", k + 1);
            let cells = place.all(circles, &what, 1)?;
            let groups = (0..cells.len()).map(|i| (i, i + 1)).collect();
            out.props.specials.push(Special::CountingCircles { cells, groups });
        }
        for (k, clue) in self.numbered_rooms.iter().enumerate() {
            let what = format!("numbered room {}", k + 1);
            let cells = place.side(&clue.side, &what)?;
            if clue.value < 1 || clue.value > nn {
                return Err(RulesError(format!("{what} has the digit {}, not 1 to {n}", clue.value)));
            }
            index(&mut out, cells[0], &cells, clue.value);
        }
        Ok(out)
    }
}

/// Per pass of a layout (cages, innies, equal sums, clues), the fingerprint of the candidates of
/// its cells when it last ran without removing anything: a pass is a function of those
/// candidates alone, so with the same ones it would remove nothing again and is skipped
/// (whatever branch of the search the candidates come from). Shared by the searches of one
/// layout; relaxed atomics, so the layout stays `Sync`.
#[derive(Debug, Default)]
pub struct Memo(pub Vec<std::sync::atomic::AtomicU64>);

impl Clone for Memo {
    fn clone(&self) -> Memo {
        Memo::new(self.0.len())
    }
}

impl Memo {
    pub fn new(len: usize) -> Memo {
        Memo((0..len).map(|_| std::sync::atomic::AtomicU64::new(0)).collect())
    }

    /// Whether pass `k` ran on candidates with fingerprint `f` and removed nothing.
    #[inline]
    pub fn settled(&self, k: usize, f: u64) -> bool {
        self.0[k].load(std::sync::atomic::Ordering::Relaxed) == f
    }

    #[inline]
    pub fn record(&self, k: usize, f: u64) {
        self.0[k].store(f, std::sync::atomic::Ordering::Relaxed)
    }
}

/// Cells in groups that see each other (by `peers`): each cell of `order` in the first group
/// all of whose cells it sees, else a group of its own (sigh's solver's greedy exclusion groups).
pub(crate) fn first_fit(order: &[u16], peers: &[Vec<u16>]) -> Vec<Vec<u16>> {
    let sees = |a: u16, b: u16| peers[a as usize].binary_search(&b).is_ok();
    let mut groups: Vec<Vec<u16>> = Vec::new();
    for &c in order {
        match groups.iter_mut().find(|g| g.iter().all(|&o| sees(o, c))) {
            Some(g) => g.push(c),
            None => groups.push(vec![c]),
        }
    }
    groups
}

/// The fingerprint of candidate masks (never 0, the unset memo).
#[inline]
pub fn fingerprint(masks: impl Iterator<Item = u32>) -> u64 {
    // Each mask mixed with its position on its own (no chain from one to the next, so the
    // multiplications overlap), the mixes added.
    let mut h: u64 = 0;
    for (i, m) in masks.enumerate() {
        let x = (m as u64 | (i as u64) << 32).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h = h.wrapping_add((x ^ x >> 29).wrapping_mul(0x517C_C1B7_2722_0A95));
    }
    h | 1
}

/// Rules with every key set (and a cage with a sum and one without), for the tests of the
/// modules that read, write and draw them.
#[cfg(test)]
pub(crate) fn every_key() -> Value {
    json!({
        "thermometers": [[[1, 1], [1, 2], [1, 3]]],
        "slow_thermometers": [[[2, 1], [2, 2]]],
        "arrows": [{"circle": [[3, 1], [3, 2]], "lines": [[[4, 1], [4, 2]], [[4, 3]]]}],
        "little_killers": [{"sum": 10, "cells": [[1, 2], [2, 1]]}],
        "sandwiches": [{"row": 5, "sum": 12}],
        "x_sums": [{"column": 4, "from": "bottom", "sum": 20}],
        "skyscrapers": [{"row": 6, "from": "right", "count": 3}],
        "kropki": [{"cells": [[7, 1], [7, 2]], "color": "white"}, {"cells": [[8, 1], [8, 2]], "color": "black", "value": 3}],
        "xv": [{"cells": [[9, 1], [9, 2]], "sum": 10}],
        "negative": ["white", "x"],
        "non_consecutive": true,
        "anti_knight": true,
        "anti_king": true,
        "disjoint_groups": true,
        "whispers": [[[5, 5], [5, 6]], {"cells": [[6, 5], [6, 6]], "difference": 4}],
        "renban": [[[7, 5], [7, 6]]],
        "palindromes": [[[8, 5], [8, 6], [8, 7]]],
        "between_lines": [[[9, 5], [9, 6], [9, 7]]],
        "region_sum_lines": [[[1, 3], [1, 4]]],
        "entropic_lines": [[[2, 7], [2, 8], [2, 9]]],
        "modular_lines": [{"cells": [[3, 7], [3, 8]], "modulus": 4}],
        "minimum": [[4, 5]],
        "maximum": [[4, 7]],
        "odd": [[1, 9]],
        "even": [[2, 9]],
        "quadruples": [{"cells": [[5, 8], [5, 9], [6, 8], [6, 9]], "digits": [1, 2]}],
        "clones": [{"cells": [[7, 8]], "copy": [[8, 9]]}],
        "extra_regions": [[[9, 8], [9, 9]]],
        "zipper_lines": [[[6, 1], [6, 2], [6, 3]]],
        "indexing_columns": [[1, 4]],
        "indexing_rows": [[2, 4]],
        "numbered_rooms": [{"column": 2, "from": "bottom", "digit": 7}],
        "anti_taxicab": true,
        "lunchboxes": [{"sum": 5, "cells": [[2, 5], [2, 6], [2, 7], [2, 8]]}],
        "counting_circles": [[[3, 3], [3, 4], [3, 5]]],
        "sum_lines": [[[7, 3], [7, 4]], {"cells": [[8, 3], [8, 4], [9, 4], [9, 3]], "sum": 5, "loop": true}],
        "cages": [{"sum": 3, "cells": [[1, 5], [1, 6]]}, {"cells": [[1, 7], [1, 8]]}]
    })
}

#[cfg(test)]
mod tests {
    use crate::grid::Grid;
    use crate::variant::{count_solutions_with, Rules};
    use serde_json::json;

    fn rules(v: serde_json::Value) -> Rules {
        Rules::from_json(&v).unwrap()
    }

    fn count(text: &str, r: &Rules, limit: u64) -> u64 {
        let g = Grid::parse(text).unwrap();
        count_solutions_with(&g, &r.layout_of(g.shape()).unwrap(), limit, &mut || false).unwrap()
    }

    #[test]
    fn blank_grid_under_anti_king_anti_knight_and_non_consecutive_has_72_solutions() {
        // The count known for the "miracle" rules (Cracking the Cryptic's Miracle Sudoku):
        // 72 grids, the 9 relabelings of a sequence of 8 by symmetry.
        let r = rules(json!({"anti_king": true, "anti_knight": true, "non_consecutive": true}));
        assert_eq!(count(&".".repeat(81), &r, 100), 72);
        // Without non-consecutive there are many more.
        let r = rules(json!({"anti_king": true, "anti_knight": true}));
        assert_eq!(count(&".".repeat(81), &r, 100), 100);
    }

    #[test]
    fn every_key_reads_back_as_written() {
        let v = super::every_key();
        let r = rules(v.clone());
        assert_eq!(r.to_json(), v);
        assert_eq!(rules(r.to_json()), r);
        assert!(r.layout(9).is_ok());
    }

    #[test]
    fn rules_that_do_not_fit_name_the_constraint_and_the_cell() {
        let err = |v: serde_json::Value| rules(v).layout(9).unwrap_err().0;
        assert!(
            err(json!({"thermometers": [[[1, 1], [10, 1]]]})).contains("thermometer 1 has the cell (10, 1), outside")
        );
        assert!(err(json!({"kropki": [{"cells": [[1, 1], [1, 3]], "color": "white"}]}))
            .contains("kropki dot 1 joins (1, 1) and (1, 3)"));
        assert!(err(json!({"little_killers": [{"sum": 5, "cells": [[1, 1], [2, 3]]}]}))
            .contains("little killer 1 goes from (1, 1) to (2, 3)"));
        assert!(err(json!({"quadruples": [{"cells": [[1, 1], [1, 2], [2, 1], [3, 1]], "digits": [1]}]}))
            .contains("not a 2x2 block"));
        assert!(err(json!({"sandwiches": [{"row": 10, "sum": 3}]})).contains("row 10, outside"));
        assert!(
            err(json!({"clones": [{"cells": [[1, 1]], "copy": [[2, 1], [2, 2]]}]})).contains("copies 1 cells into 2")
        );
        assert!(err(json!({"renban": [[[1, 1], [1, 1]]]})).contains("(1, 1) twice"));
        assert!(err(json!({"zipper_lines": [[[1, 1]]]})).contains("zipper line 1 has 1 cells, fewer than 2"));
        assert!(err(json!({"sum_lines": [{"cells": [[1, 1], [1, 2]], "sum": 19}]}))
            .contains("sum line 1 has the sum 19, not 1 to 18"));
        assert!(err(json!({"indexing_rows": [[1, 10]]})).contains("row-indexing cell has the cell (1, 10), outside"));
        assert!(
            err(json!({"numbered_rooms": [{"column": 3, "digit": 10}]})).contains("numbered room 1 has the digit 10")
        );
        let syntax = |v: serde_json::Value| Rules::from_json(&v).unwrap_err().0;
        assert!(syntax(json!({"thermometers": 3})).contains("\"thermometers\" is an array"));
        assert!(syntax(json!({"kropki": [{"cells": [[1, 1], [1, 2]]}]})).contains("\"color\""));
        assert!(syntax(json!({"skyscrapers": [{"row": 1, "from": "top", "count": 2}]})).contains("\"from\""));
        assert!(syntax(json!({"thermometer": []})).contains("unknown key \"thermometer\""));
    }

    #[test]
    fn each_constraint_keeps_its_digits() {
        // Small checks of each pass on 4x4 and 9x9, by counting completions.
        let blank4 = ".".repeat(16);
        // A thermometer of 4 along a row: 1, 2, 3, 4 there; the 4x4 then has 288 / 24 = 12 fillings.
        let r = rules(json!({"thermometers": [[[1, 1], [1, 2], [1, 3], [1, 4]]]}));
        assert_eq!(count(&blank4, &r, 1000), 12);
        // Renban of 4 on a row holds any order: no change.
        let r = rules(json!({"renban": [[[1, 1], [1, 2], [1, 3], [1, 4]]]}));
        assert_eq!(count(&blank4, &r, 1000), 288);
        // A sandwich of 0 in row 1: 1 and 4 adjacent.
        let r = rules(json!({"sandwiches": [{"row": 1, "sum": 0}]}));
        let n = count(&blank4, &r, 1000);
        assert!(n > 0 && n < 288);
        // A skyscraper that sees 4 reads 1, 2, 3, 4: the same as the thermometer.
        let r = rules(json!({"skyscrapers": [{"row": 1, "count": 4}]}));
        assert_eq!(count(&blank4, &r, 1000), 12);
        // Seen from the right, 1 means the 4 is last.
        let r = rules(json!({"skyscrapers": [{"row": 1, "from": "right", "count": 1}]}));
        assert_eq!(count(&blank4, &r, 1000), 288 / 4);
        // An X-sum of 10 on a 4x4 row: the first digit is 4 (1 + 2 + 3 + 4).
        let r = rules(json!({"x_sums": [{"row": 1, "sum": 10}]}));
        assert_eq!(count(&blank4, &r, 1000), 288 / 4);
        // A black dot of ratio 2 between (1,1) and (1,2): 1-2 or 2-4 in some order.
        let r = rules(json!({"kropki": [{"cells": [[1, 1], [1, 2]], "color": "black"}]}));
        assert_eq!(count(&blank4, &r, 1000), 288 * 4 / 12);
        // A V (sum 5) between two cells: 1+4 or 2+3, in either order.
        let r = rules(json!({"xv": [{"cells": [[1, 1], [1, 2]], "sum": 5}]}));
        assert_eq!(count(&blank4, &r, 1000), 288 * 4 / 12);
        // An arrow of one cell would make two cells of a column equal: no solution.
        let r = rules(json!({"arrows": [{"circle": [[1, 1]], "lines": [[[2, 1]]]}]}));
        assert_eq!(count(&blank4, &r, 1000), 0);
        // A palindrome across the grid: (1,1) equals (4,4).
        let r = rules(json!({"palindromes": [[[1, 1], [2, 2], [3, 3], [4, 4]]]}));
        let with = count(&blank4, &r, 1000);
        assert!(with > 0 && with < 288);
        // Odd and even cells; a quadruple of 1 and 2 in the top-left box always holds.
        let r = rules(json!({"odd": [[1, 1]], "even": [[1, 2]]}));
        assert_eq!(count(&blank4, &r, 1000), 288 / 3);
        let r = rules(json!({"quadruples": [{"cells": [[1, 1], [1, 2], [2, 1], [2, 2]], "digits": [1, 2]}]}));
        assert_eq!(count(&blank4, &r, 1000), 288);
        // A between line with ends 1 and 4 fixed by givens takes the 4 from (2,2): the
        // solutions without a 4 there.
        let r = rules(json!({"between_lines": [[[1, 1], [2, 2], [1, 3]]]}));
        let plain = Rules::default();
        assert_eq!(
            count("1.4.............", &r, 1000),
            count("1.4.............", &plain, 1000) - count("1.4..4..........", &plain, 1000)
        );
        // A clone of box 1 onto box 4: some fillings have them equal, not all.
        let r = rules(
            json!({"clones": [{"cells": [[1, 1], [1, 2], [2, 1], [2, 2]], "copy": [[3, 3], [3, 4], [4, 3], [4, 4]]}]}),
        );
        let n = count(&blank4, &r, 1000);
        assert!(n > 0 && n < 288);
    }
}
