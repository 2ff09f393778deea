//! f-puzzles documents in and out: the JSON that f-puzzles (f-puzzles.com) saves and SudokuPad
//! opens, plain or compressed with LZString to base64 as in `?load=` links.
//!
//! A document is a JSON object: `size` (cells a row), `grid` (rows of cell objects: `value`
//! with `given: true` for a given, `region` for the 0-based region of a jigsaw cell), and one
//! key per constraint: f-puzzles' own (`diagonal+`, `diagonal-`, `antiknight`, `antiking`,
//! `disjointgroups`, `nonconsecutive`, `negative`, `killercage`, `extraregion`, `thermometer`,
//! `arrow`, `littlekillersum`, `sandwichsum`, `difference`, `ratio`, `xv`, `palindrome`,
//! `betweenline`, `clone`, `quadruple`, `minimum`, `maximum`, `odd`, `even`) and those
//! dclamage's solver reads beside them (`xsum`, `skyscraper`, `renban`, `whispers`,
//! `regionsumline`, `entropicline`, `modularline`). Clues outside the grid name the cell they
//! sit in (`R0C3` above column 3, `R3C10` right of row 3 on 9x9), a little killer its clue's
//! cell and direction (`UL`, `UR`, `DL`, `DR`), an arrow its circle's cells and lines that start
//! in the circle; values are text (`""` for the default). [`read`] turns a document into a grid
//! and [`Rules`]; a constraint the rules cannot hold is refused, naming it
//! ([`FpuzzlesError::Unsupported`]), never dropped: a solver that ignores a constraint answers
//! wrong. Cosmetic keys (titles, text, lines, shapes without a rule) are skipped. [`write`]
//! makes a document of a grid and rules, refusing by name what f-puzzles cannot say. LZString
//! is the `lz-str` crate.

use serde_json::{json, Map, Value};

use super::constraints::{Arrow, Cell, Clone_, Clue, Constraints, Kropki, Line, LittleKiller, Quadruple, Side, Xv};
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

/// The row and column of an f-puzzles cell name, `R3C12` (from 1), within `0..=max` both.
fn cell_in(
    name: &Value,
    max: usize,
    what: &str,
    bad: impl Fn(&str) -> String,
) -> Result<(usize, usize), FpuzzlesError> {
    let s = name.as_str().ok_or_else(|| syntax(format!("{what}: a cell is named by a string such as \"R1C1\"")))?;
    let parsed = s.strip_prefix(['R', 'r']).and_then(|rest| rest.split_once(['C', 'c'])).and_then(|(r, c)| {
        let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
        (r <= max && c <= max).then_some((r, c))
    });
    parsed.ok_or_else(|| syntax(format!("{what}: {s:?} {}", bad(s))))
}

/// The cell of an f-puzzles cell name, `R3C12` (rows and columns from 1), as 0-based row and
/// column of an `n` x `n` grid.
fn cell_of(name: &Value, n: usize, what: &str) -> Result<(usize, usize), FpuzzlesError> {
    let bad = |_: &str| format!("is not a cell of the {n}x{n} grid (R1C1 to R{n}C{n})");
    match cell_in(name, n, what, bad)? {
        (0, _) | (_, 0) => Err(syntax(format!("{what}: {name} {}", bad("")))),
        (r, c) => Ok((r - 1, c - 1)),
    }
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
            if cell.get("givenPencilMarks").and_then(Value::as_array).is_some_and(|m| !m.is_empty()) {
                return Err(FpuzzlesError::Unsupported(format!(
                    "givenPencilMarks of R{}C{}: given candidates of a cell (the rules hold given digits)",
                    r + 1,
                    c + 1
                )));
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
        // One diagonal alone: an extra region of n cells, a unit as the diagonals are.
        (plus, _) => {
            let n = n as u32;
            let cells = (1..=n).map(|i| if plus { (n + 1 - i, i) } else { (i, i) }).collect();
            rules.constraints.extra_regions.push(cells);
        }
    }
    for (key, value) in obj {
        if COSMETIC.contains(&key.as_str()) || matches!(key.as_str(), "diagonal+" | "diagonal-" | "nonconsecutive") {
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
        read_constraint(key, value, n, shape, &mut rules)?;
    }
    let has_dots = !rules.constraints.kropki.is_empty();
    if on("nonconsecutive") {
        // f-puzzles' nonconsecutive is the negative of its white dots (a pair with a dot is
        // exempt); without dots it is the global rule.
        if has_dots {
            rules.constraints.negative.white = true;
        } else {
            rules.constraints.non_consecutive = true;
        }
    }
    if rules.constraints.negative.black && rules.constraints.kropki.iter().any(|d| d.black && d.value != 2) {
        return Err(FpuzzlesError::Unsupported(
            "negative ratio with black dots of another ratio than 2 (the rules' negative is of ratio 2)".into(),
        ));
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

/// A cell as the rules name it: (row, column) from 1.
fn rc(name: &Value, n: usize, what: &str) -> Result<Cell, FpuzzlesError> {
    let (r, c) = cell_of(name, n, what)?;
    Ok((r as u32 + 1, c as u32 + 1))
}

/// The cells listed under `cells`, as the rules name them.
fn rcs(obj: &Value, n: usize, what: &str) -> Result<Vec<Cell>, FpuzzlesError> {
    Ok(cells_of(obj, n, what)?.into_iter().map(|(r, c)| (r as u32 + 1, c as u32 + 1)).collect())
}

/// The cells of a key whose value is `[{"cell": "R1C1"}, ...]` (odd, even, minimum, maximum).
fn single_cells(value: &Value, n: usize, key: &str) -> Result<Vec<Cell>, FpuzzlesError> {
    let list = value.as_array().ok_or_else(|| syntax(format!("\"{key}\" is a list")))?;
    list.iter()
        .enumerate()
        .map(|(k, item)| {
            let what = format!("{key} {}", k + 1);
            rc(item.get("cell").unwrap_or(&Value::Null), n, &what)
        })
        .collect()
}

/// The lines of an entry `{"lines": [["R1C1", ...], ...]}`.
fn lines_of(entry: &Value, n: usize, what: &str) -> Result<Vec<Vec<Cell>>, FpuzzlesError> {
    let lines =
        entry.get("lines").and_then(Value::as_array).ok_or_else(|| syntax(format!("{what} has no \"lines\" list")))?;
    lines
        .iter()
        .map(|line| {
            let cells = line.as_array().ok_or_else(|| syntax(format!("{what}: a line is a list of cells")))?;
            cells.iter().map(|c| rc(c, n, what)).collect()
        })
        .collect()
}

/// The entries of a key whose value is a list, each named "`key` k" from 1.
fn entries<'v>(value: &'v Value, key: &str) -> Result<Vec<(String, &'v Value)>, FpuzzlesError> {
    let list = value.as_array().ok_or_else(|| syntax(format!("\"{key}\" is a list")))?;
    Ok(list.iter().enumerate().map(|(k, e)| (format!("{key} {}", k + 1), e)).collect())
}

/// The number an entry's `value` holds: f-puzzles writes it as a string ("" when the setter
/// left it empty: `None`), sometimes as a number.
fn value_of(entry: &Value, what: &str) -> Result<Option<u32>, FpuzzlesError> {
    match entry.get("value") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => {
            s.trim().parse::<u32>().map(Some).map_err(|_| syntax(format!("{what}: the value {s:?} is not a number")))
        }
        Some(Value::Number(x)) => x
            .as_u64()
            .filter(|&v| v <= u32::MAX as u64)
            .map(|v| Some(v as u32))
            .ok_or_else(|| syntax(format!("{what}: the value {x} is not a whole number"))),
        Some(other) => Err(syntax(format!("{what}: the value {other} is not a number"))),
    }
}

/// The row or column an outside clue's cell reads, from the side it sits on: `R0C3` above
/// column 3, `R3C0` left of row 3, `R10C3` below column 3 and `R3C10` right of row 3 on 9x9.
fn side_of(name: &Value, n: usize, what: &str) -> Result<Side, FpuzzlesError> {
    let (r, c) = outside_cell(name, n, what)?;
    let last = n as i64 + 1;
    let side = match (r, c) {
        (0, c) if (1..last).contains(&c) => Side { column: true, index: c as u32, reverse: false },
        (r, c) if r == last && (1..last).contains(&c) => Side { column: true, index: c as u32, reverse: true },
        (r, 0) if (1..last).contains(&r) => Side { column: false, index: r as u32, reverse: false },
        (r, c) if c == last && (1..last).contains(&r) => Side { column: false, index: r as u32, reverse: true },
        _ => return Err(syntax(format!("{what}: {name} is not a cell beside a row or a column of the grid"))),
    };
    Ok(side)
}

/// The row and column of a cell name that may lie outside the grid (0 or n + 1).
fn outside_cell(name: &Value, n: usize, what: &str) -> Result<(i64, i64), FpuzzlesError> {
    let (r, c) = cell_in(name, n + 1, what, |_| format!("is not a cell in or around the {n}x{n} grid"))?;
    Ok((r as i64, c as i64))
}

/// The steps of f-puzzles' little killer directions: (rows, columns).
const DIRECTIONS: [(&str, (i64, i64)); 4] = [("UL", (-1, -1)), ("UR", (-1, 1)), ("DL", (1, -1)), ("DR", (1, 1))];

/// Reads one constraint key of a document into `rules` (the grid, diagonals and
/// nonconsecutive are read before). f-puzzles' keys and dclamage's solver's: every
/// constraint of [`Constraints`] that f-puzzles has a key for.
fn read_constraint(key: &str, value: &Value, n: usize, shape: Shape, rules: &mut Rules) -> Result<(), FpuzzlesError> {
    let con = &mut rules.constraints;
    let flag = |v: &Value| v.as_bool().ok_or_else(|| syntax(format!("\"{key}\" is true or false")));
    match key {
        "antiknight" => con.anti_knight = flag(value)?,
        "antiking" => con.anti_king = flag(value)?,
        "disjointgroups" => con.disjoint_groups = flag(value)?,
        "negative" => {
            let list = value.as_array().ok_or_else(|| syntax("\"negative\" is a list"))?;
            for item in list {
                match item.as_str() {
                    Some("ratio") => con.negative.black = true,
                    Some("xv") => (con.negative.x, con.negative.v) = (true, true),
                    _ => {
                        return Err(FpuzzlesError::Unsupported(format!(
                            "negative {item}: the negative constraints read are \"ratio\" and \"xv\""
                        )))
                    }
                }
            }
        }
        "killercage" => {
            for (what, cage) in entries(value, key)? {
                let cells = rcs(cage, n, &what)?;
                match value_of(cage, &what)? {
                    Some(sum) => rules.cages.push(Cage { sum, cells }),
                    None => rules.constraints.plain_cages.push(cells),
                }
            }
        }
        "extraregion" => {
            let mut got: Vec<Vec<u16>> = Vec::new();
            let mut regions = Vec::new();
            for (what, region) in entries(value, key)? {
                let cells = rcs(region, n, &what)?;
                let mut at: Vec<u16> =
                    cells.iter().map(|&(r, c)| ((r - 1) as usize * n + c as usize - 1) as u16).collect();
                at.sort_unstable();
                got.push(at);
                regions.push(cells);
            }
            got.sort();
            if shape.square_side().is_some() && got == windows(shape) {
                rules.windows = true;
            } else {
                con.extra_regions.extend(regions);
            }
        }
        "thermometer" | "palindrome" | "betweenline" | "renban" | "regionsumline" | "entropicline" => {
            for (what, entry) in entries(value, key)? {
                let lines = lines_of(entry, n, &what)?;
                let to = match key {
                    "thermometer" => &mut con.thermometers,
                    "palindrome" => &mut con.palindromes,
                    "betweenline" => &mut con.between_lines,
                    "renban" => &mut con.renban,
                    "regionsumline" => &mut con.region_sum_lines,
                    _ => &mut con.entropic_lines,
                };
                to.extend(lines);
            }
        }
        "whispers" | "modularline" => {
            for (what, entry) in entries(value, key)? {
                let whispers = key == "whispers";
                let value = value_of(entry, &what)?.unwrap_or(if whispers { 5 } else { 3 });
                for cells in lines_of(entry, n, &what)? {
                    let line = Line { cells, value };
                    if whispers {
                        con.whispers.push(line);
                    } else {
                        con.modular_lines.push(line);
                    }
                }
            }
        }
        "arrow" => {
            for (what, entry) in entries(value, key)? {
                let circle = rcs(entry, n, &what)?;
                // f-puzzles' lines start in the circle: its cells are not the line's.
                let lines = lines_of(entry, n, &what)?
                    .into_iter()
                    .map(|l| l.into_iter().filter(|c| !circle.contains(c)).collect::<Vec<_>>())
                    .filter(|l| !l.is_empty())
                    .collect();
                con.arrows.push(Arrow { circle, lines });
            }
        }
        "littlekillersum" => {
            for (what, entry) in entries(value, key)? {
                // An empty or 0 clue is an arrow drawn without a number: no constraint.
                let Some(sum) = value_of(entry, &what)?.filter(|&s| s != 0) else {
                    continue;
                };
                let (mut r, mut c) = outside_cell(entry.get("cell").unwrap_or(&Value::Null), n, &what)?;
                let direction = entry.get("direction").and_then(Value::as_str).unwrap_or("");
                let Some(&(_, (dr, dc))) = DIRECTIONS.iter().find(|(d, _)| *d == direction) else {
                    return Err(syntax(format!("{what}: the direction {direction:?} is not UL, UR, DL or DR")));
                };
                let inside = |r: i64, c: i64| (1..=n as i64).contains(&r) && (1..=n as i64).contains(&c);
                if inside(r, c) {
                    return Err(syntax(format!("{what}: the clue's cell is inside the grid")));
                }
                let mut cells = Vec::new();
                (r, c) = (r + dr, c + dc);
                while inside(r, c) {
                    cells.push((r as u32, c as u32));
                    (r, c) = (r + dr, c + dc);
                }
                if cells.is_empty() {
                    return Err(syntax(format!("{what}: the diagonal from its cell {direction} misses the grid")));
                }
                con.little_killers.push(LittleKiller { sum, cells });
            }
        }
        "odd" => con.odd.extend(single_cells(value, n, key)?),
        "even" => con.even.extend(single_cells(value, n, key)?),
        "minimum" => con.minimum.extend(single_cells(value, n, key)?),
        "maximum" => con.maximum.extend(single_cells(value, n, key)?),
        "difference" | "ratio" => {
            let black = key == "ratio";
            for (what, entry) in entries(value, key)? {
                let cells = rcs(entry, n, &what)?;
                let [a, b] = cells[..] else {
                    return Err(syntax(format!("{what} has two cells, not {}", cells.len())));
                };
                let value = value_of(entry, &what)?.unwrap_or(1 + black as u32);
                con.kropki.push(Kropki { cells: [a, b], black, value });
            }
        }
        "xv" => {
            for (what, entry) in entries(value, key)? {
                let cells = rcs(entry, n, &what)?;
                let [a, b] = cells[..] else {
                    return Err(syntax(format!("{what} has two cells, not {}", cells.len())));
                };
                let sum = match entry.get("value").and_then(Value::as_str).map(str::trim) {
                    Some("X" | "x") => 10,
                    Some("V" | "v") => 5,
                    None | Some("") => continue,
                    Some(other) => return Err(syntax(format!("{what}: the value {other:?} is not X or V"))),
                };
                con.xv.push(Xv { cells: [a, b], sum });
            }
        }
        "clone" => {
            for (what, entry) in entries(value, key)? {
                let cells = rcs(entry, n, &what)?;
                let copy = entry
                    .get("cloneCells")
                    .and_then(Value::as_array)
                    .ok_or_else(|| syntax(format!("{what} has no \"cloneCells\" list")))?
                    .iter()
                    .map(|c| rc(c, n, &what))
                    .collect::<Result<Vec<_>, _>>()?;
                con.clones.push(Clone_ { cells, copy });
            }
        }
        "quadruple" => {
            for (what, entry) in entries(value, key)? {
                let cells = rcs(entry, n, &what)?;
                let values = entry
                    .get("values")
                    .and_then(Value::as_array)
                    .ok_or_else(|| syntax(format!("{what} has no \"values\" list")))?;
                let digits = values
                    .iter()
                    .map(|v| match v {
                        Value::Number(x) => x.as_u64().filter(|&d| d <= 99).map(|d| d as u32),
                        Value::String(s) => s.trim().parse::<u32>().ok().filter(|&d| d <= 99),
                        _ => None,
                    })
                    .collect::<Option<Vec<u32>>>()
                    .ok_or_else(|| syntax(format!("{what}: its values are digits")))?;
                con.quadruples.push(Quadruple { cells, digits });
            }
        }
        "sandwichsum" | "xsum" | "skyscraper" => {
            for (what, entry) in entries(value, key)? {
                let Some(value) = value_of(entry, &what)? else {
                    continue;
                };
                let side = side_of(entry.get("cell").unwrap_or(&Value::Null), n, &what)?;
                let clue = Clue { side, value };
                match key {
                    "sandwichsum" => con.sandwiches.push(clue),
                    "xsum" => con.x_sums.push(clue),
                    _ => con.skyscrapers.push(clue),
                }
            }
        }
        other => {
            return Err(FpuzzlesError::Unsupported(format!(
                "{other}: a constraint the rules do not hold (see sudoku.rules for those they do)"
            )))
        }
    }
    Ok(())
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
/// killer cages and every setter's constraint (see the module's documentation); with
/// `solution`, its digits under `solution` as f-puzzles saves them. Refused
/// ([`FpuzzlesError::Unsupported`]) for a grid of a composite size without boxes, which
/// f-puzzles cannot draw, and for a constraint f-puzzles cannot say, named.
pub fn write(grid: &Grid, rules: &Rules, solution: Option<&Grid>) -> Result<String, FpuzzlesError> {
    let shape = grid.shape();
    let n = shape.n();
    let lay = rules.layout_of(shape).map_err(|e| syntax(format!("the rules do not fit the grid: {e}")))?;
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
    write_constraints(&rules.constraints, n, &mut doc)?;
    if let Some(s) = solution {
        if s.shape() != shape {
            return Err(syntax("the solution is of another shape than the grid"));
        }
        doc.insert("solution".into(), json!(s.cells()));
    }
    Ok(Value::Object(doc).to_string())
}

/// The f-puzzles name of a cell (row, column) from 1, in or around the grid.
fn named((r, c): (i64, i64)) -> String {
    format!("R{r}C{c}")
}

/// The keys of the rules that neither f-puzzles nor dclamage's solver has a key for.
const NO_KEY: [&str; 8] = [
    "zipper_lines",
    "indexing_columns",
    "indexing_rows",
    "numbered_rooms",
    "anti_taxicab",
    "sum_lines",
    "lunchboxes",
    "counting_circles",
];

/// Writes the setters' constraints under f-puzzles' keys (and dclamage's solver's for the
/// lines f-puzzles itself lacks), or refuses one f-puzzles cannot say, by name.
fn write_constraints(con: &Constraints, n: usize, doc: &mut Map<String, Value>) -> Result<(), FpuzzlesError> {
    let unsupported = |m: &str| Err(FpuzzlesError::Unsupported(m.to_string()));
    let name = |&(r, c): &Cell| named((r as i64, c as i64));
    let names = |cells: &[Cell]| Value::Array(cells.iter().map(|c| json!(name(c))).collect());
    let mut put = |key: &str, list: Vec<Value>| {
        if !list.is_empty() {
            let entry = doc.entry(key.to_string()).or_insert_with(|| json!([]));
            entry.as_array_mut().expect("a list").extend(list);
        }
    };
    let lines = |v: &[Vec<Cell>]| v.iter().map(|l| json!({ "lines": [names(l)] })).collect::<Vec<_>>();
    let single = |v: &[Cell]| v.iter().map(|c| json!({ "cell": name(c) })).collect::<Vec<_>>();
    if !con.slow_thermometers.is_empty() {
        return unsupported("slow_thermometers: f-puzzles has no slow thermometer");
    }
    let mut set = Map::new();
    con.write_json(&mut set);
    if let Some(key) = NO_KEY.iter().find(|k| set.contains_key(**k)) {
        return unsupported(&format!("{key}: f-puzzles has no key for them"));
    }
    put("thermometer", lines(&con.thermometers));
    put("palindrome", lines(&con.palindromes));
    put("betweenline", lines(&con.between_lines));
    put("renban", lines(&con.renban));
    put("regionsumline", lines(&con.region_sum_lines));
    put("entropicline", lines(&con.entropic_lines));
    if con.whispers.iter().any(|l| l.value != 5) {
        return unsupported("whispers of a difference other than 5: f-puzzles' whispers differ by 5");
    }
    put("whispers", con.whispers.iter().map(|l| json!({ "lines": [names(&l.cells)] })).collect());
    if con.modular_lines.iter().any(|l| l.value != 3) {
        return unsupported("modular_lines of a modulus other than 3: f-puzzles' modular lines are of 3");
    }
    put("modularline", con.modular_lines.iter().map(|l| json!({ "lines": [names(&l.cells)] })).collect());
    let mut arrows = Vec::new();
    for a in &con.arrows {
        // Each line starts in the circle cell nearest its first cell, as f-puzzles draws it.
        let lines: Vec<Value> = a
            .lines
            .iter()
            .map(|l| {
                let mut cells = vec![a.start(l)];
                cells.extend(l);
                names(&cells)
            })
            .collect();
        arrows.push(json!({ "cells": names(&a.circle), "lines": lines }));
    }
    put("arrow", arrows);
    put("killercage", con.plain_cages.iter().map(|c| json!({ "cells": names(c) })).collect());
    let mut killers = Vec::new();
    for (k, lk) in con.little_killers.iter().enumerate() {
        let at = |i: usize| (lk.cells[i].0 as i64, lk.cells[i].1 as i64);
        let inside = |(r, c): (i64, i64)| (1..=n as i64).contains(&r) && (1..=n as i64).contains(&c);
        // The direction: of the first two cells, or of a corner cell alone the one whose
        // diagonal is that cell only.
        let found = DIRECTIONS.iter().find(|(_, (dr, dc))| {
            let (r, c) = at(0);
            let before = (r - dr, c - dc);
            let along = lk.cells.len() == 1 || at(1) == (r + dr, c + dc);
            let last = at(lk.cells.len() - 1);
            along
                && !inside(before)
                && !inside((last.0 + dr, last.1 + dc))
                && (1..lk.cells.len()).all(|i| at(i) == (r + dr * i as i64, c + dc * i as i64))
        });
        let Some((direction, (dr, dc))) = found else {
            return Err(FpuzzlesError::Unsupported(format!(
                "little killer {}: f-puzzles' little killers cover a whole diagonal from its clue outside the grid",
                k + 1
            )));
        };
        let (r, c) = at(0);
        killers.push(json!({ "cell": named((r - dr, c - dc)), "direction": direction, "value": lk.sum.to_string() }));
    }
    put("littlekillersum", killers);
    let outside = |side: &Side| {
        let (i, last) = (side.index as i64, n as i64 + 1);
        named(match (side.column, side.reverse) {
            (true, false) => (0, i),
            (true, true) => (last, i),
            (false, false) => (i, 0),
            (false, true) => (i, last),
        })
    };
    let clues = |v: &[Clue], both_ways: bool| {
        v.iter()
            .map(|c| {
                // A sandwich reads the same from either side: f-puzzles puts it above or left.
                let side = Side { reverse: c.side.reverse && !both_ways, ..c.side.clone() };
                json!({ "cell": outside(&side), "value": c.value.to_string() })
            })
            .collect::<Vec<_>>()
    };
    put("sandwichsum", clues(&con.sandwiches, true));
    put("xsum", clues(&con.x_sums, false));
    put("skyscraper", clues(&con.skyscrapers, false));
    let dots = |black: bool| {
        con.kropki
            .iter()
            .filter(|d| d.black == black)
            .map(|d| {
                if d.value == 1 + black as u32 {
                    json!({ "cells": names(&d.cells) })
                } else {
                    json!({ "cells": names(&d.cells), "value": d.value.to_string() })
                }
            })
            .collect::<Vec<_>>()
    };
    put("difference", dots(false));
    put("ratio", dots(true));
    let mut xv = Vec::new();
    for (k, m) in con.xv.iter().enumerate() {
        let mark = match m.sum {
            10 => "X",
            5 => "V",
            s => {
                return Err(FpuzzlesError::Unsupported(format!(
                    "XV mark {}: a sum of {s} (f-puzzles has X and V)",
                    k + 1
                )))
            }
        };
        xv.push(json!({ "cells": names(&m.cells), "value": mark }));
    }
    put("xv", xv);
    put(
        "clone",
        con.clones.iter().map(|c| json!({ "cells": names(&c.cells), "cloneCells": names(&c.copy) })).collect(),
    );
    put("quadruple", con.quadruples.iter().map(|q| json!({ "cells": names(&q.cells), "values": q.digits })).collect());
    put("odd", single(&con.odd));
    put("even", single(&con.even));
    put("minimum", single(&con.minimum));
    put("maximum", single(&con.maximum));
    put("extraregion", con.extra_regions.iter().map(|r| json!({ "cells": names(r) })).collect());
    let neg = &con.negative;
    if neg.x != neg.v {
        return unsupported("negative x or v alone: f-puzzles' negative constraint takes X and V together");
    }
    if con.non_consecutive && !con.kropki.is_empty() {
        return unsupported(
            "non_consecutive with kropki dots: f-puzzles' nonconsecutive exempts dotted pairs (use negative white)",
        );
    }
    if neg.black && con.kropki.iter().any(|d| d.black && d.value != 2) {
        return unsupported("negative black with black dots of another ratio than 2");
    }
    let mut negative = Vec::new();
    if neg.black {
        negative.push(json!("ratio"));
    }
    if neg.x {
        negative.push(json!("xv"));
    }
    if !negative.is_empty() {
        doc.insert("negative".into(), Value::Array(negative));
    }
    for (on, key) in [
        (con.non_consecutive || neg.white, "nonconsecutive"),
        (con.anti_knight, "antiknight"),
        (con.anti_king, "antiking"),
        (con.disjoint_groups, "disjointgroups"),
    ] {
        if on {
            doc.insert(key.into(), json!(true));
        }
    }
    Ok(())
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

    /// Rules as JSON with each array sorted: the same constraints in another order compare equal.
    fn sorted(v: Value) -> Value {
        match v {
            Value::Object(m) => Value::Object(m.into_iter().map(|(k, v)| (k, sorted(v))).collect()),
            Value::Array(a) => {
                let mut a: Vec<Value> = a.into_iter().map(sorted).collect();
                a.sort_by_key(|v| v.to_string());
                Value::Array(a)
            }
            v => v,
        }
    }

    fn rules_of(v: Value) -> Rules {
        Rules::from_json(&v).unwrap()
    }

    /// Every constraint f-puzzles has a key for, written and read back to the same rules.
    #[test]
    fn every_constraint_reads_back_as_written() {
        // Every key but those f-puzzles cannot say (a slow thermometer, whispers of difference
        // 4, a modulus of 4, a ratio of 3, x without v, non_consecutive beside dots), plus
        // little killers from each side, clues on every side and both kropki colours.
        let mut v = super::super::constraints::every_key();
        let m = v.as_object_mut().unwrap();
        for key in ["slow_thermometers", "non_consecutive"].iter().chain(&super::NO_KEY) {
            m.remove(*key);
        }
        m.insert("whispers".into(), json!([[[5, 5], [5, 6]]]));
        m.insert("modular_lines".into(), json!([[[3, 7], [3, 8]]]));
        m.insert("negative".into(), json!(["white", "black", "x", "v"]));
        m.insert(
            "little_killers".into(),
            json!([{"sum": 10, "cells": [[1, 2], [2, 1]]}, {"sum": 5, "cells": [[9, 9]]},
                   {"sum": 20, "cells": [[6, 9], [7, 8], [8, 7], [9, 6]]}]),
        );
        m.insert("sandwiches".into(), json!([{"row": 5, "sum": 12}, {"column": 2, "sum": 0}]));
        m.insert("x_sums".into(), json!([{"column": 4, "from": "bottom", "sum": 20}, {"row": 3, "sum": 9}]));
        m.insert("skyscrapers".into(), json!([{"row": 6, "from": "right", "count": 3}, {"column": 9, "count": 1}]));
        m.insert(
            "kropki".into(),
            json!([{"cells": [[7, 1], [7, 2]], "color": "white"}, {"cells": [[7, 3], [8, 3]], "color": "white", "value": 3},
                   {"cells": [[8, 1], [8, 2]], "color": "black"}]),
        );
        m.insert("xv".into(), json!([{"cells": [[9, 1], [9, 2]], "sum": 10}, {"cells": [[9, 3], [9, 4]], "sum": 5}]));
        let rules = rules_of(v);
        let g = Grid::empty(9).unwrap();
        let doc = write(&g, &rules, None).unwrap();
        let back = read(&doc).unwrap();
        assert_eq!(back.rules, rules, "{doc}");
        assert_eq!(read(&compress(&doc)).unwrap().rules, rules);
        // The global rule without dots is f-puzzles' nonconsecutive.
        let global = rules_of(json!({"non_consecutive": true, "anti_king": true}));
        assert_eq!(read(&write(&g, &global, None).unwrap()).unwrap().rules, global);
        // One diagonal: an extra region, written back as one.
        let rows = vec![vec![json!({}); 9]; 9];
        let plus = read(&json!({"size": 9, "grid": rows, "diagonal+": true}).to_string()).unwrap().rules;
        assert_eq!(plus.constraints.extra_regions, vec![(1..=9).map(|i| (10 - i, i)).collect::<Vec<_>>()]);
        assert_eq!(read(&write(&g, &plus, None).unwrap()).unwrap().rules, plus);
    }

    /// A document as f-puzzles saves it: clues outside the grid by their cell, a little
    /// killer by its clue's cell and direction, arrows' lines from the circle, values as text.
    #[test]
    fn reads_f_puzzles_own_form() {
        let rows = vec![vec![json!({}); 9]; 9];
        let doc = json!({
            "size": 9, "grid": rows,
            "littlekillersum": [{"cell": "R4C10", "cells": ["R5C9", "R6C8", "R7C7", "R8C6", "R9C5"],
                                 "direction": "DL", "value": "14"},
                                {"cell": "R0C0", "direction": "DR", "value": ""}],
            "arrow": [{"lines": [["R4C6", "R5C5", "R6C5"]], "cells": ["R4C6"]}],
            "sandwichsum": [{"cell": "R0C3", "value": "7"}, {"cell": "R2C0", "value": ""}],
            "xsum": [{"cell": "R10C3", "value": "15"}],
            "skyscraper": [{"cell": "R5C10", "value": 4}],
            "ratio": [{"cells": ["R1C1", "R1C2"], "value": ""}],
            "xv": [{"cells": ["R2C1", "R2C2"], "value": "V"}, {"cells": ["R3C1", "R3C2"], "value": ""}],
            "clone": [{"cells": ["R1C5"], "cloneCells": ["R9C1"]}],
            "quadruple": [{"cells": ["R4C4", "R4C5", "R5C4", "R5C5"], "values": [1, "3"]}],
            "odd": [{"cell": "R9C9"}],
            "nonconsecutive": true,
            "negative": ["ratio"],
            "line": [{"lines": [["R1C1", "R2C2"]], "outlineC": "#000"}]
        });
        let c = read(&doc.to_string()).unwrap().rules.constraints;
        assert_eq!(
            c.little_killers,
            vec![LittleKiller { sum: 14, cells: vec![(5, 9), (6, 8), (7, 7), (8, 6), (9, 5)] }]
        );
        assert_eq!(c.arrows, vec![Arrow { circle: vec![(4, 6)], lines: vec![vec![(5, 5), (6, 5)]] }]);
        assert_eq!(c.sandwiches, vec![Clue { side: Side { column: true, index: 3, reverse: false }, value: 7 }]);
        assert_eq!(c.x_sums, vec![Clue { side: Side { column: true, index: 3, reverse: true }, value: 15 }]);
        assert_eq!(c.skyscrapers, vec![Clue { side: Side { column: false, index: 5, reverse: true }, value: 4 }]);
        assert_eq!(c.kropki, vec![Kropki { cells: [(1, 1), (1, 2)], black: true, value: 2 }]);
        assert_eq!(c.xv, vec![Xv { cells: [(2, 1), (2, 2)], sum: 5 }]);
        assert_eq!(c.clones, vec![Clone_ { cells: vec![(1, 5)], copy: vec![(9, 1)] }]);
        assert_eq!(c.quadruples[0].digits, vec![1, 3]);
        assert_eq!(c.odd, vec![(9, 9)]);
        // nonconsecutive beside dots is the negative of white dots; the line is cosmetic.
        assert!(c.negative.white && c.negative.black && !c.non_consecutive && !c.negative.x);
    }

    /// The puzzles of sigh's collections published with an f-puzzles link too: the link's
    /// document reads to the same rules as sigh's own constraint string, and its solution keeps
    /// them (data/constraints/sigh_fpuzzles.tsv).
    #[test]
    fn published_links_read_as_their_constraint_strings() {
        let path = format!("{}/../data/constraints/sigh_fpuzzles.tsv", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        assert!(text.lines().count() >= 4);
        for line in text.lines() {
            let f: Vec<&str> = line.split('\t').collect();
            let doc =
                read(&format!("https://www.f-puzzles.com/?load={}", f[5])).unwrap_or_else(|e| panic!("{}: {e}", f[3]));
            let theirs = rules_of(serde_json::from_str(f[1]).unwrap());
            assert_eq!(sorted(doc.rules.to_json()), sorted(theirs.to_json()), "{}", f[3]);
            assert_eq!(doc.grid, Grid::parse(f[0]).unwrap(), "{}", f[3]);
            let solution = Grid::parse(f[2]).unwrap();
            assert!(doc.rules.layout_of(doc.grid.shape()).unwrap().is_solved(solution.cells()), "{}", f[3]);
        }
    }

    #[test]
    fn what_f_puzzles_cannot_say_is_refused_by_name() {
        let g = Grid::empty(9).unwrap();
        let refused = |v: Value| match write(&g, &rules_of(v.clone()), None) {
            Err(FpuzzlesError::Unsupported(m)) => m,
            other => panic!("{v}: {other:?}"),
        };
        assert!(refused(json!({"slow_thermometers": [[[1, 1], [1, 2]]]})).starts_with("slow_thermometers"));
        assert!(refused(json!({"whispers": [{"cells": [[1, 1], [1, 2]], "difference": 4}]})).starts_with("whispers"));
        assert!(refused(json!({"zipper_lines": [[[1, 1], [1, 2]]]})).starts_with("zipper_lines"));
        assert!(refused(json!({"numbered_rooms": [{"row": 1, "digit": 3}]})).starts_with("numbered_rooms"));
        assert!(refused(json!({"modular_lines": [{"cells": [[1, 1], [1, 2]], "modulus": 4}]})).starts_with("modular"));
        assert!(refused(json!({"xv": [{"cells": [[1, 1], [1, 2]], "sum": 7}]})).starts_with("XV mark 1"));
        assert!(refused(json!({"negative": ["x"]})).starts_with("negative x"));
        assert!(
            refused(json!({"little_killers": [{"sum": 10, "cells": [[2, 2], [3, 3]]}]})).starts_with("little killer 1")
        );
        assert!(refused(json!({"non_consecutive": true, "kropki": [{"cells": [[1, 1], [1, 2]], "color": "black"}]}))
            .starts_with("non_consecutive"));
        let rows = vec![vec![json!({}); 9]; 9];
        let doc = |k: &str, v: Value| {
            let mut d = json!({"size": 9, "grid": rows});
            d[k] = v;
            read(&d.to_string())
        };
        assert!(
            matches!(doc("rowindexer", json!([{"cells": ["R1C1"]}])), Err(FpuzzlesError::Unsupported(m)) if m.starts_with("rowindexer"))
        );
        assert!(matches!(doc("negative", json!(["difference"])), Err(FpuzzlesError::Unsupported(_))));
        assert!(
            matches!(doc("xsum", json!([{"cell": "R3C3", "value": "3"}])), Err(FpuzzlesError::Syntax(m)) if m.contains("beside"))
        );
        assert!(matches!(
            doc("littlekillersum", json!([{"cell": "R0C1", "direction": "XX", "value": "3"}])),
            Err(FpuzzlesError::Syntax(_))
        ));
        assert!(matches!(doc("xv", json!([{"cells": ["R1C1", "R1C2"], "value": "Q"}])), Err(FpuzzlesError::Syntax(_))));
    }

    #[test]
    fn refusals_name_the_constraint() {
        let doc = r#"{"size": 9, "grid": [[{}]], "thermometer": [{"lines": [["R1C1", "R1C2"]]}]}"#;
        assert!(matches!(read(doc), Err(FpuzzlesError::Syntax(_))), "the grid is short");
        let rows = vec![vec![json!({}); 9]; 9];
        let doc = json!({"size": 9, "grid": rows, "fogofwar": ["R1C1"]}).to_string();
        assert!(matches!(read(&doc), Err(FpuzzlesError::Unsupported(m)) if m.starts_with("fogofwar")));
        let doc = json!({"size": 9, "grid": rows, "thermometer": [{"lines": [["R1C1", "R1C12"]]}]}).to_string();
        assert!(matches!(read(&doc), Err(FpuzzlesError::Syntax(m)) if m.contains("R1C12")));
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
