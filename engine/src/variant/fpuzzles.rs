//! f-puzzles documents in and out: the JSON that f-puzzles (f-puzzles.com) saves and SudokuPad
//! opens, plain or compressed with LZString to base64 as in `?load=` links.
//!
//! A document is a JSON object: `size` (cells a row), `grid` (rows of cell objects: `value`
//! with `given: true` for a given, `region` for the 0-based region of a jigsaw cell), and one
//! key per constraint (`diagonal+`, `diagonal-`, `killercage`, `extraregion`, `thermometer`,
//! ...). [`read`] turns a document into a grid and [`Rules`]; a constraint the rules cannot
//! hold is refused, naming it ([`FpuzzlesError::Unsupported`]), never dropped: a solver that
//! ignores a constraint answers wrong. Cosmetic keys (titles, text, lines, shapes without a
//! rule) are skipped. [`write`] makes a document of a grid and rules. LZString is the
//! `lz-str` crate.

use serde_json::{json, Map, Value};

use super::rules::{Cage, Rules};
use crate::geometry::Geometry;
use crate::grid::{Grid, Shape, MAX_SIZE, MIN_SIZE};

/// The most bytes of text [`read`] takes: a document's JSON, or its LZString base64 form (the
/// compressed form at most [`MAX_COMPRESSED`]).
pub const MAX_TEXT: usize = 1 << 20;

/// The most characters of LZString base64 [`read`] decompresses. LZString's output can grow
/// with the square of its input (each dictionary entry one character longer than the last),
/// so the input is bounded: the worst 8,192 characters (a run of one character, compressed)
/// decompress to fewer than 18 million UTF-16 units, 36 MB (9 million take about 7,900:
/// the test `a_run_is_the_worst_case`), parsed in well under a second;
/// real documents are far below (the f-puzzles links of sigh's collections take 700 to 1,100
/// characters, a 9x9 killer of 30 cages about 1,000).
pub const MAX_COMPRESSED: usize = 8_192;

/// Why a text is not a document pg_sudoku can read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FpuzzlesError {
    /// Not a document: not JSON, not LZString base64 of JSON, a field of the wrong type or out
    /// of range (SQLSTATE 22P02 in SQL).
    Syntax(String),
    /// A constraint the rules cannot hold, named (SQLSTATE 0A000).
    Unsupported(String),
}

impl std::fmt::Display for FpuzzlesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FpuzzlesError::Syntax(m) | FpuzzlesError::Unsupported(m) => f.write_str(m),
        }
    }
}

fn syntax(m: impl Into<String>) -> FpuzzlesError {
    FpuzzlesError::Syntax(m.into())
}

/// Keys that draw without a rule: f-puzzles' cosmetic objects and the document's metadata.
const COSMETIC: &[&str] = &[
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "text",
    "line",
    "rectangle",
    "circle",
    "cage",
    "solution",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
    "version",
];

/// The JSON of `text`: the document itself, the LZString base64 of it, or an f-puzzles or
/// SudokuPad link whose `load=` (or `fpuz`) parameter holds that.
pub fn document_text(text: &str) -> Result<String, FpuzzlesError> {
    if text.len() > MAX_TEXT {
        return Err(syntax(format!("an f-puzzles document has at most {MAX_TEXT} bytes, not {}", text.len())));
    }
    let t = text.trim();
    if t.starts_with('{') {
        return Ok(t.to_string());
    }
    // A link: the value of its load= parameter (f-puzzles), or what follows "fpuz" (SudokuPad).
    let data = if let Some(at) = t.find("load=") {
        t[at + 5..].split('&').next().unwrap_or("")
    } else if let Some(at) = t.find("fpuz") {
        t[at + 4..].split(['&', '?']).next().unwrap_or("")
    } else {
        t
    };
    let data = percent_decoded(data);
    if data.len() > MAX_COMPRESSED {
        return Err(syntax(format!(
            "compressed f-puzzles data has at most {MAX_COMPRESSED} characters, not {}",
            data.len()
        )));
    }
    if data.is_empty() || !data.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=')) {
        return Err(syntax("not an f-puzzles document: neither JSON nor LZString base64 (a ?load= link's data)"));
    }
    let wide =
        lz_str::decompress_from_base64(&data).ok_or_else(|| syntax("the LZString base64 data does not decompress"))?;
    String::from_utf16(&wide).map_err(|_| syntax("the decompressed data is not text"))
}

/// `%2B`, `%2F` and `%3D` of a link written back as `+`, `/` and `=`; spaces (a `+` read as a
/// space somewhere on the way) as `+`.
fn percent_decoded(s: &str) -> String {
    s.replace("%2B", "+")
        .replace("%2b", "+")
        .replace("%2F", "/")
        .replace("%2f", "/")
        .replace("%3D", "=")
        .replace("%3d", "=")
        .replace(' ', "+")
}

/// A puzzle read from a document: its grid (givens only) and rules, and the solution the
/// document carries, if any.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    pub grid: Grid,
    pub rules: Rules,
    pub solution: Option<Grid>,
}

/// The cell of an f-puzzles cell name, `R3C12` (rows and columns from 1), as 0-based row and
/// column of an `n` x `n` grid.
fn cell_of(name: &Value, n: usize, what: &str) -> Result<(usize, usize), FpuzzlesError> {
    let s = name.as_str().ok_or_else(|| syntax(format!("{what}: a cell is named by a string such as \"R1C1\"")))?;
    let bad = || syntax(format!("{what}: {s:?} is not a cell of the {n}x{n} grid (R1C1 to R{n}C{n})"));
    let rest = s.strip_prefix(['R', 'r']).ok_or_else(bad)?;
    let (r, c) = rest.split_once(['C', 'c']).ok_or_else(bad)?;
    let (r, c): (usize, usize) = (r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?);
    if !(1..=n).contains(&r) || !(1..=n).contains(&c) {
        return Err(bad());
    }
    Ok((r - 1, c - 1))
}

/// The cells listed under `cells` of a constraint object.
fn cells_of(obj: &Value, n: usize, what: &str) -> Result<Vec<(usize, usize)>, FpuzzlesError> {
    let list =
        obj.get("cells").and_then(Value::as_array).ok_or_else(|| syntax(format!("{what} has no \"cells\" list")))?;
    list.iter().map(|v| cell_of(v, n, what)).collect()
}

/// The default boxes f-puzzles draws on an `n` x `n` grid, as pg_sudoku's default shape: the
/// most square boxes with no more rows than columns (2x3 for 6x6, 3x4 for 12x12); none for a
/// prime size.
fn default_shape(n: usize) -> Shape {
    Shape::of_size(n).expect("a size checked before")
}

/// Reads an f-puzzles document (see [`document_text`] for the forms taken).
pub fn read(text: &str) -> Result<Document, FpuzzlesError> {
    let json = document_text(text)?;
    let doc: Value = serde_json::from_str(&json).map_err(|e| syntax(format!("the document is not JSON: {e}")))?;
    let obj = doc.as_object().ok_or_else(|| syntax("an f-puzzles document is a JSON object"))?;
    let n =
        obj.get("size").and_then(Value::as_u64).ok_or_else(|| syntax("the document has no \"size\" (cells a row)"))?
            as usize;
    if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
        return Err(FpuzzlesError::Unsupported(format!("size {n}: grids are 4x4 to 25x25")));
    }
    let shape = default_shape(n);
    let rows = obj.get("grid").and_then(Value::as_array).ok_or_else(|| syntax("the document has no \"grid\""))?;
    if rows.len() != n || rows.iter().any(|r| r.as_array().is_none_or(|r| r.len() != n)) {
        return Err(syntax(format!("\"grid\" is not {n} rows of {n} cells")));
    }
    let mut cells = vec![0u8; n * n];
    let geo = Geometry::of(shape);
    let mut region = vec![u16::MAX; n * n];
    let mut explicit = false;
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.as_array().expect("checked").iter().enumerate() {
            let at = r * n + c;
            if shape.has_boxes() {
                region[at] = geo.box_of(at) as u16;
            }
            let Some(cell) = cell.as_object() else {
                continue;
            };
            if let Some(k) = cell.get("region").filter(|v| !v.is_null()) {
                let k = k
                    .as_u64()
                    .filter(|&k| (k as usize) < n)
                    .ok_or_else(|| syntax(format!("the region of R{}C{} is not 0 to {}", r + 1, c + 1, n - 1)))?;
                explicit |= region[at] != k as u16;
                region[at] = k as u16;
            }
            let given = cell.get("given").and_then(Value::as_bool).unwrap_or(false);
            if let (true, Some(v)) = (given, cell.get("value").filter(|v| !v.is_null())) {
                let v = v
                    .as_u64()
                    .filter(|&v| (1..=n as u64).contains(&v))
                    .ok_or_else(|| syntax(format!("the given of R{}C{} is not 1 to {n}", r + 1, c + 1)))?;
                cells[at] = v as u8;
            }
        }
    }
    let mut rules = Rules::default();
    if explicit {
        if region.contains(&u16::MAX) {
            return Err(FpuzzlesError::Unsupported(
                "regions: some cells of this grid without boxes have a region and some do not".into(),
            ));
        }
        rules.regions = Some(region.iter().map(|&k| crate::grid::SYMBOLS[k as usize] as char).collect());
    }
    let on = |key: &str| obj.get(key).and_then(Value::as_bool).unwrap_or(false);
    match (on("diagonal+"), on("diagonal-")) {
        (true, true) => rules.diagonals = true,
        (false, false) => {}
        (plus, _) => {
            return Err(FpuzzlesError::Unsupported(format!(
                "{}: one diagonal alone (the rules hold both diagonals together)",
                if plus { "diagonal+" } else { "diagonal-" }
            )))
        }
    }
    for (key, value) in obj {
        if COSMETIC.contains(&key.as_str()) || matches!(key.as_str(), "diagonal+" | "diagonal-") {
            continue;
        }
        let empty = match value {
            Value::Null => true,
            Value::Bool(b) => !b,
            Value::Array(a) => a.is_empty(),
            Value::Object(o) => o.is_empty(),
            _ => false,
        };
        if empty {
            continue;
        }
        match key.as_str() {
            "killercage" => {
                for (k, cage) in value.as_array().ok_or_else(|| syntax("\"killercage\" is a list"))?.iter().enumerate()
                {
                    let what = format!("killercage {}", k + 1);
                    let cells = cells_of(cage, n, &what)?;
                    let sum = match cage.get("value").filter(|v| !v.is_null()) {
                        Some(Value::String(s)) if !s.trim().is_empty() => s.trim().parse::<u32>().ok(),
                        Some(Value::Number(x)) => x.as_u64().map(|v| v as u32),
                        _ => None,
                    };
                    let Some(sum) = sum else {
                        return Err(FpuzzlesError::Unsupported(format!(
                            "{what}: a killer cage without a sum (the rules hold cages with sums)"
                        )));
                    };
                    rules
                        .cages
                        .push(Cage { sum, cells: cells.iter().map(|&(r, c)| (r as u32 + 1, c as u32 + 1)).collect() });
                }
            }
            "extraregion" => {
                let list = value.as_array().ok_or_else(|| syntax("\"extraregion\" is a list"))?;
                let mut got: Vec<Vec<u16>> = Vec::new();
                for (k, region) in list.iter().enumerate() {
                    let mut cells: Vec<u16> = cells_of(region, n, &format!("extraregion {}", k + 1))?
                        .into_iter()
                        .map(|(r, c)| (r * n + c) as u16)
                        .collect();
                    cells.sort_unstable();
                    got.push(cells);
                }
                got.sort();
                if shape.square_side().is_none() || got != windows(shape) {
                    return Err(FpuzzlesError::Unsupported(
                        "extraregion: extra regions other than the windows of windoku".into(),
                    ));
                }
                rules.windows = true;
            }
            other => {
                return Err(FpuzzlesError::Unsupported(format!(
                    "{other}: a constraint the rules do not hold (they hold givens, regions, both diagonals, \
                     windoku's extra regions and killer cages with sums)"
                )))
            }
        }
    }
    let grid = Grid::from_cells_shaped(shape, &cells).map_err(|e| syntax(e.to_string()))?;
    if let Err(e) = rules.layout_of(shape) {
        return Err(syntax(format!("the document's rules do not fit: {e}")));
    }
    let solution = match obj.get("solution").and_then(Value::as_array) {
        Some(values) if values.len() == n * n => {
            let digits: Option<Vec<u8>> =
                values.iter().map(|v| v.as_u64().filter(|&v| (1..=n as u64).contains(&v)).map(|v| v as u8)).collect();
            digits.and_then(|d| Grid::from_cells_shaped(shape, &d).ok())
        }
        _ => None,
    };
    Ok(Document { grid, rules, solution })
}

/// The windows of windoku on a square-box shape, each sorted, sorted.
fn windows(shape: Shape) -> Vec<Vec<u16>> {
    let lay = Rules { windows: true, ..Rules::default() }.layout_of(shape).expect("windows fit square boxes");
    let mut out: Vec<Vec<u16>> = lay
        .units
        .iter()
        .filter(|(k, _)| *k == super::UnitKind::Window)
        .map(|(_, u)| {
            let mut u = u.clone();
            u.sort_unstable();
            u
        })
        .collect();
    out.sort();
    out
}

fn name(n: usize, cell: usize) -> String {
    format!("R{}C{}", cell / n + 1, cell % n + 1)
}

/// The f-puzzles document of `grid` under `rules` (as JSON text): its size, givens, regions
/// where they are not f-puzzles' default boxes (jigsaw regions, or boxes of another
/// orientation than f-puzzles draws), both diagonals, windoku's windows as extra regions and
/// killer cages; with `solution`, its digits under `solution` as f-puzzles saves them. Refused
/// ([`FpuzzlesError::Unsupported`]) for a grid of a composite size without boxes, which
/// f-puzzles cannot draw.
pub fn write(grid: &Grid, rules: &Rules, solution: Option<&Grid>) -> Result<String, FpuzzlesError> {
    let shape = grid.shape();
    let n = shape.n();
    let lay = rules.layout_of(shape).map_err(|e| syntax(format!("the rules do not fit the grid: {e}")))?;
    // The setters' constraints are not written yet: refused by name rather than dropped.
    if let Some(key) = rules.constraints.first_key() {
        return Err(FpuzzlesError::Unsupported(format!(
            "the rules' \"{key}\" are not written to f-puzzles documents yet"
        )));
    }
    let default = default_shape(n);
    let regions: Option<Vec<u16>> = if rules.regions.is_some() || shape != default {
        if lay.region_of.contains(&u16::MAX) {
            return Err(FpuzzlesError::Unsupported(format!(
                "a {n}x{n} grid without boxes: f-puzzles draws boxes on every size with boxes"
            )));
        }
        Some(lay.region_of.clone())
    } else {
        None
    };
    let rows: Vec<Value> = (0..n)
        .map(|r| {
            Value::Array(
                (0..n)
                    .map(|c| {
                        let at = r * n + c;
                        let mut cell = Map::new();
                        let v = grid.cells()[at];
                        if v != 0 {
                            cell.insert("value".into(), json!(v));
                            cell.insert("given".into(), json!(true));
                        }
                        if let Some(reg) = &regions {
                            cell.insert("region".into(), json!(reg[at]));
                        }
                        Value::Object(cell)
                    })
                    .collect(),
            )
        })
        .collect();
    let mut doc = Map::new();
    doc.insert("size".into(), json!(n));
    doc.insert("grid".into(), Value::Array(rows));
    if rules.diagonals {
        doc.insert("diagonal+".into(), json!(true));
        doc.insert("diagonal-".into(), json!(true));
    }
    if rules.windows {
        let list: Vec<Value> = windows(shape)
            .iter()
            .map(|w| json!({ "cells": w.iter().map(|&c| name(n, c as usize)).collect::<Vec<_>>() }))
            .collect();
        doc.insert("extraregion".into(), Value::Array(list));
    }
    if !rules.cages.is_empty() {
        let list: Vec<Value> = rules
            .cages
            .iter()
            .map(|cage| {
                let cells: Vec<String> = cage.cells.iter().map(|&(r, c)| format!("R{r}C{c}")).collect();
                json!({ "cells": cells, "value": cage.sum.to_string() })
            })
            .collect();
        doc.insert("killercage".into(), Value::Array(list));
    }
    if let Some(s) = solution {
        if s.shape() != shape {
            return Err(syntax("the solution is of another shape than the grid"));
        }
        doc.insert("solution".into(), json!(s.cells()));
    }
    Ok(Value::Object(doc).to_string())
}

/// [`write`] compressed as f-puzzles' links carry it: LZString to base64.
pub fn compress(document: &str) -> String {
    lz_str::compress_to_base64(document)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let six = Grid::parse("3x2:.....4.1.3.5...2..........6.2.5..5.......").ok();
        assert!(six.is_none(), "a malformed line");
        let six = Grid::parse("3x2:325146416325541263263514632451154632").unwrap();
        let doc = write(&six, &Rules::default(), None).unwrap();
        let back = read(&doc).unwrap();
        // f-puzzles draws 2x3 boxes on 6x6: tall boxes come back as regions.
        assert_eq!(back.grid.cells(), six.cells());
        assert!(back.rules.regions.is_some());
        assert_eq!(read(&compress(&doc)).unwrap(), back);
        assert_eq!(read(&format!("https://www.f-puzzles.com/?load={}", compress(&doc))).unwrap(), back);
        let killer = Rules {
            diagonals: true,
            windows: true,
            cages: vec![Cage { sum: 3, cells: vec![(1, 1), (1, 2)] }],
            regions: None,
            constraints: Default::default(),
        };
        let g = Grid::empty(9).unwrap();
        let back = read(&write(&g, &killer, None).unwrap()).unwrap();
        assert_eq!(back.rules, killer);
    }

    #[test]
    fn refusals_name_the_constraint() {
        let doc = r#"{"size": 9, "grid": [[{}]], "thermometer": [{"lines": [["R1C1", "R1C2"]]}]}"#;
        assert!(matches!(read(doc), Err(FpuzzlesError::Syntax(_))), "the grid is short");
        let rows = vec![vec![json!({}); 9]; 9];
        let doc = json!({"size": 9, "grid": rows, "thermometer": [{"lines": [["R1C1", "R1C2"]]}]}).to_string();
        assert!(matches!(read(&doc), Err(FpuzzlesError::Unsupported(m)) if m.starts_with("thermometer")));
        let doc = json!({"size": 9, "grid": rows, "diagonal+": true}).to_string();
        assert!(matches!(read(&doc), Err(FpuzzlesError::Unsupported(m)) if m.starts_with("diagonal+")));
        let doc = json!({"size": 9, "grid": rows, "killercage": [{"cells": ["R1C1"]}]}).to_string();
        assert!(matches!(read(&doc), Err(FpuzzlesError::Unsupported(m)) if m.contains("without a sum")));
        let doc =
            json!({"size": 9, "grid": rows, "title": "x", "text": [{"cells": ["R1C1"], "value": "a"}]}).to_string();
        assert!(read(&doc).is_ok(), "cosmetic keys are skipped");
        assert!(matches!(read("not a document"), Err(FpuzzlesError::Syntax(_))));
        assert!(matches!(read(&"A".repeat(MAX_COMPRESSED + 1)), Err(FpuzzlesError::Syntax(_))));
    }

    /// The longest output of a compressed text within the bound: a run of one character (each
    /// dictionary entry one longer than the last); its compressed length grows with the square
    /// root of the run's, so a run twice as long as one whose form takes over 71% of the bound
    /// no longer fits.
    #[test]
    fn a_run_is_the_worst_case() {
        let run = 9_000_000;
        let bomb = lz_str::compress_to_base64("a".repeat(run).as_str());
        eprintln!("{run} units from {} characters", bomb.len());
        assert!(bomb.len() <= MAX_COMPRESSED && bomb.len() * 100 > MAX_COMPRESSED * 71, "{}", bomb.len());
        assert!(matches!(read(&bomb), Err(FpuzzlesError::Syntax(m)) if m.contains("not JSON")));
    }
}
