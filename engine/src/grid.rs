//! Sudoku grids of every size from 4x4 to 25x25, with boxes of any rectangular shape or none.
//!
//! Cells are stored row-major, `0` for a blank and `1..=n` for a digit, where `n` is the grid
//! size (the number of cells in a row). Rows, columns and boxes are numbered from 1 in the public
//! API; boxes left to right, top to bottom. A grid's [`Shape`] is its size and its boxes: by
//! default the most square boxes with no more rows than columns (2x3 for 6x6, 3x4 for 12x12),
//! none for a size with no such shape (5, 7, 11, 13, 17, 19, 23: regions come from rules).

use std::fmt;
use std::hash::{Hash, Hasher};

/// The smallest and largest box side of the square-box grids (4x4 to 25x25) that 0.1.0 to 0.4.0
/// held; their packed form (one byte of box side) is kept as it was.
pub const MIN_BOX_SIDE: usize = 2;
pub const MAX_BOX_SIDE: usize = 5;

/// The smallest and largest grid size (cells per row).
pub const MIN_SIZE: usize = 4;
pub const MAX_SIZE: usize = 25;

/// The canonical symbols: digit `d` (1-based) is `SYMBOLS[d - 1]`.
pub const SYMBOLS: &[u8; 25] = b"123456789ABCDEFGHIJKLMNOP";

/// What went wrong while reading or building a grid.
///
/// `Syntax` errors come from text that is not a grid (SQLSTATE `22P02` in SQL); `Value` errors
/// come from arguments out of range (SQLSTATE `22023`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GridError {
    /// Malformed text: wrong cell count, unknown symbol, unsupported size.
    Syntax(String),
    /// A value or argument out of range: a digit larger than the grid size, row 0, a bad alphabet.
    Value(String),
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::Syntax(m) | GridError::Value(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for GridError {}

/// The shape of a grid: its size `n` (4 to 25) and its boxes of `box_rows` x `box_cols` cells
/// (`box_rows * box_cols = n`, both at least 2), or no boxes (both 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    n: u8,
    box_rows: u8,
    box_cols: u8,
}

impl Shape {
    /// The classic 9x9 grid with 3x3 boxes.
    pub const NINE: Shape = Shape { n: 9, box_rows: 3, box_cols: 3 };

    /// The default shape of an `n` x `n` grid: the most square boxes with no more rows than
    /// columns, or none when `n` is prime. `GridError::Value` outside 4..25.
    pub fn of_size(n: usize) -> Result<Shape, GridError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
            return Err(GridError::Value(format!("a grid size is 4 to 25, not {n}")));
        }
        let rows = (2..=n).take_while(|r| r * r <= n).filter(|r| n % r == 0).last().unwrap_or(0);
        Ok(Shape { n: n as u8, box_rows: rows as u8, box_cols: if rows == 0 { 0 } else { (n / rows) as u8 } })
    }

    /// An `n` x `n` grid with boxes of `box_rows` x `box_cols` cells, or none (`0, 0`).
    pub fn new(n: usize, box_rows: usize, box_cols: usize) -> Result<Shape, GridError> {
        Shape::of_size(n)?;
        let none = box_rows == 0 && box_cols == 0;
        if !none && (box_rows < 2 || box_cols < 2 || box_rows * box_cols != n) {
            return Err(GridError::Value(format!(
                "boxes of {box_rows}x{box_cols} cells do not tile a {n}x{n} grid (rows times columns must be {n}, each at least 2)"
            )));
        }
        Ok(Shape { n: n as u8, box_rows: box_rows as u8, box_cols: box_cols as u8 })
    }

    /// The square-box shape of box side `b` (2 to 5): 4x4, 9x9, 16x16, 25x25.
    pub fn square(b: usize) -> Shape {
        assert!((MIN_BOX_SIDE..=MAX_BOX_SIDE).contains(&b));
        Shape { n: (b * b) as u8, box_rows: b as u8, box_cols: b as u8 }
    }

    /// Reads a shape: `RxC` (boxes of R rows and C columns, e.g. `2x3`, `3x2`), or `none` with
    /// the size (`7x7` grids have no boxes; `none` is the shape of `n` given by `size`).
    pub fn parse(text: &str, size: Option<usize>) -> Result<Shape, GridError> {
        let t = text.trim().to_ascii_lowercase();
        if t == "none" {
            let n = size.ok_or_else(|| GridError::Value("the shape none needs a size".into()))?;
            return Shape::new(n, 0, 0);
        }
        let bad = || GridError::Value(format!("a box shape is written RxC (2x3, 3x2, 3x4, ...) or none, not {text:?}"));
        let (r, c) = t.split_once('x').ok_or_else(bad)?;
        let (r, c): (usize, usize) = (r.trim().parse().map_err(|_| bad())?, c.trim().parse().map_err(|_| bad())?);
        if r > MAX_SIZE || c > MAX_SIZE {
            return Err(bad());
        }
        let shape = Shape::new(r * c, r, c)?;
        if let Some(n) = size.filter(|&n| n != r * c) {
            return Err(GridError::Value(format!("boxes of {r}x{c} cells make a {0}x{0} grid, not {n}x{n}", r * c)));
        }
        Ok(shape)
    }

    /// Cells per row, and the largest digit.
    #[inline]
    pub fn n(self) -> usize {
        self.n as usize
    }

    /// `n * n`.
    #[inline]
    pub fn cells(self) -> usize {
        self.n() * self.n()
    }

    /// Rows of a box (0: no boxes).
    #[inline]
    pub fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// Columns of a box (0: no boxes).
    #[inline]
    pub fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// Whether the grid has boxes.
    #[inline]
    pub fn has_boxes(self) -> bool {
        self.box_rows != 0
    }

    /// The box side of a square-box shape (2 to 5), `None` for rectangular boxes or none.
    #[inline]
    pub fn square_side(self) -> Option<usize> {
        (self.box_rows != 0 && self.box_rows == self.box_cols).then_some(self.box_rows as usize)
    }

    /// Whether this is the size's default shape.
    pub fn is_default(self) -> bool {
        Shape::of_size(self.n()).ok() == Some(self)
    }

    /// `RxC`, or `none`.
    pub fn name(self) -> String {
        if self.has_boxes() {
            format!("{}x{}", self.box_rows, self.box_cols)
        } else {
            "none".into()
        }
    }

    /// The 0-based box of the 0-based cell at `row`, `col` (boxes left to right, top to bottom);
    /// `None` without boxes.
    #[inline]
    pub fn box_at(self, row: usize, col: usize) -> Option<usize> {
        self.has_boxes().then(|| (row / self.box_rows()) * (self.n() / self.box_cols()) + col / self.box_cols())
    }

    /// The bytes that say the shape in the packed and binary forms, and how many there are:
    /// the square-box shapes of 0.1.0 to 0.4.0 (4x4, 9x9, 16x16, 25x25) are one byte of box
    /// side (2 to 5), as they were; any other is two, `0x80 | n` and the box rows (0: none).
    pub fn header(self) -> ([u8; 2], usize) {
        match self.square_side() {
            Some(b) => ([b as u8, 0], 1),
            None => ([0x80 | self.n, self.box_rows], 2),
        }
    }

    /// The shape [`Shape::header`] wrote at the start of `bytes`, and the bytes it took; `None`
    /// when they are not a shape.
    pub fn read_header(bytes: &[u8]) -> Option<(Shape, usize)> {
        let &first = bytes.first()?;
        if (MIN_BOX_SIDE..=MAX_BOX_SIDE).contains(&(first as usize)) {
            return Some((Shape::square(first as usize), 1));
        }
        if first & 0x80 == 0 {
            return None;
        }
        let n = (first & 0x7f) as usize;
        let rows = *bytes.get(1)? as usize;
        let cols = if rows == 0 { 0 } else { n / rows };
        let shape = Shape::new(n, rows, cols).ok()?;
        // A square-box shape has exactly one encoding: its byte of box side.
        shape.square_side().is_none().then_some((shape, 2))
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// A Sudoku grid: `n` x `n` cells of a [`Shape`].
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
}

/// The hash 0.1.0 to 0.4.0 gave a grid (a derived `Hash` of its box side and cells), kept for
/// those shapes: hash indexes and hash-distributed tables (Citus) of stored grids stay valid.
impl Hash for Grid {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // The derived hash wrote the box side as one u8: the shape's header, byte by byte.
        let (header, len) = self.shape.header();
        for &b in &header[..len] {
            state.write_u8(b);
        }
        self.cells.hash(state);
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

/// The size of a grid with `cells` cells (4 to 25 cells a row), if there is one.
pub fn size_for_cells(cells: usize) -> Option<usize> {
    (MIN_SIZE..=MAX_SIZE).find(|n| n * n == cells)
}

/// The box side of a grid with `cells` cells, if that is a square-box size (4x4, 9x9, 16x16, 25x25).
pub fn box_side_for_cells(cells: usize) -> Option<usize> {
    (MIN_BOX_SIDE..=MAX_BOX_SIDE).find(|b| b * b * b * b == cells)
}

fn supported_cell_counts() -> &'static str {
    "n x n cells for n from 4 to 25 (16, 25, 36, ..., 625)"
}

/// Blanks accepted in a single line read cell by cell (besides `0` when `0` is not a symbol).
fn is_line_blank(c: char) -> bool {
    matches!(c, '.' | '_' | ' ')
}

/// Characters a layout ignores: whitespace and the `|`, `+`, `-` of the pretty format.
fn is_layout_filler(c: char) -> bool {
    c.is_whitespace() || matches!(c, '|' | '+' | '-')
}

/// How text symbols map to digits.
struct Alphabet {
    /// `symbols[d - 1]` is the symbol of digit `d`; empty for the default alphabet.
    symbols: Vec<char>,
}

impl Alphabet {
    fn default_symbols() -> Self {
        Alphabet { symbols: Vec::new() }
    }

    fn is_default(&self) -> bool {
        self.symbols.is_empty()
    }

    /// `Some(0)` for a blank, `Some(d)` for digit `d`, `None` for an unknown character.
    fn read(&self, c: char) -> Option<u8> {
        if self.is_default() {
            return match c {
                '0' => Some(0),
                '1'..='9' => Some(c as u8 - b'0'),
                'A'..='P' => Some(c as u8 - b'A' + 10),
                'a'..='p' => Some(c as u8 - b'a' + 10),
                _ => None,
            };
        }
        if let Some(i) = self.symbols.iter().position(|&s| s == c) {
            return Some(i as u8 + 1);
        }
        let folded: Vec<usize> =
            (0..self.symbols.len()).filter(|&i| self.symbols[i].to_lowercase().eq(c.to_lowercase())).collect();
        match folded.as_slice() {
            [i] => Some(*i as u8 + 1),
            _ if c == '0' => Some(0),
            _ => None,
        }
    }
}

impl Grid {
    /// An empty grid of the given size (4 to 25), of the size's default shape.
    pub fn empty(size: usize) -> Result<Grid, GridError> {
        Ok(Grid::empty_shaped(Shape::of_size(size)?))
    }

    /// An empty grid of `shape`.
    pub fn empty_shaped(shape: Shape) -> Grid {
        Grid { shape, cells: vec![0; shape.cells()] }
    }

    /// A grid from row-major cell values (`0` blank, `1..=n` digits); the size is inferred from
    /// the number of cells (n x n for n from 4 to 25), the shape is the size's default.
    pub fn from_cells(cells: &[u8]) -> Result<Grid, GridError> {
        let n = size_for_cells(cells.len())
            .ok_or_else(|| GridError::Value(format!("a grid has {}, not {}", supported_cell_counts(), cells.len())))?;
        Grid::from_cells_shaped(Shape::of_size(n)?, cells)
    }

    /// A grid of `shape` from row-major cell values (`0` blank, `1..=n` digits).
    pub fn from_cells_shaped(shape: Shape, cells: &[u8]) -> Result<Grid, GridError> {
        let n = shape.n();
        if cells.len() != shape.cells() {
            return Err(GridError::Value(format!("a {n}x{n} grid has {} cells, not {}", shape.cells(), cells.len())));
        }
        if let Some(i) = cells.iter().position(|&v| v as usize > n) {
            return Err(GridError::Value(format!(
                "cell {} holds {}, but a {n}x{n} grid takes 0 (blank) to {n}",
                i + 1,
                cells[i]
            )));
        }
        Ok(Grid { shape, cells: cells.to_vec() })
    }

    /// The cells for the search to write a solution over (digits of the same shape only).
    pub(crate) fn cells_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }

    /// A grid of `shape` from cells the engine made (a solver's output): not checked again,
    /// but in debug builds.
    #[inline]
    pub(crate) fn from_engine(shape: Shape, cells: &[u8]) -> Grid {
        debug_assert!(cells.len() == shape.cells() && cells.iter().all(|&v| v as usize <= shape.n()));
        Grid { shape, cells: cells.to_vec() }
    }

    /// This grid's cells in another shape of the same size (`GridError::Value` for another size).
    pub fn with_shape(&self, shape: Shape) -> Result<Grid, GridError> {
        if shape.n() != self.size() {
            let n = self.size();
            return Err(GridError::Value(format!("the shape {shape} is for {0}x{0} grids, not {n}x{n}", shape.n())));
        }
        Ok(Grid { shape, cells: self.cells.clone() })
    }

    /// Reads a grid with the default symbols (`1`-`9`, then `A`-`P`, case-insensitive).
    ///
    /// The text may begin with its box shape, `RxC:` or `none:` (e.g. `3x2:` for a 6x6 grid
    /// of tall boxes); without it the shape is the size's default, or the one a layout's `|`
    /// and separator lines draw. A single line of exactly 16, 81, 256 or 625 characters, or of
    /// n x n characters (n from 4 to 25) with no `|`, `+` or `-`, is read cell by cell, blanks
    /// being `.`, `0`, `_` and space. Any other text is read as a layout: whitespace, `|`, `+`
    /// and `-` are ignored and blanks are `.`, `0` and `_`, so [`Grid::pretty`] output parses
    /// back. Errors are [`GridError::Syntax`] and name the 1-based character position.
    pub fn parse(text: &str) -> Result<Grid, GridError> {
        Self::parse_with(text, &Alphabet::default_symbols())
    }

    /// Reads a grid whose digits are written with `alphabet`: its `n` distinct characters are
    /// the digits 1 to `n` in order, and `n` (4 to 25) is the grid size, e.g.
    /// `"0123456789abcdef"` for 16x16 puzzles that use 0 as a digit, `"0123456789AB"` for a
    /// 12x12 one. Letters match case-insensitively where that is unambiguous; `0` is a blank
    /// when it is not a symbol.
    pub fn parse_with_alphabet(text: &str, alphabet: &str) -> Result<Grid, GridError> {
        let symbols: Vec<char> = alphabet.chars().collect();
        let n = symbols.len();
        if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
            return Err(GridError::Value(format!("an alphabet has 4 to 25 symbols (the grid size), not {n}")));
        }
        for (i, &c) in symbols.iter().enumerate() {
            if is_line_blank(c) || is_layout_filler(c) || c == ':' {
                return Err(GridError::Value(format!(
                    "alphabet symbol {:?} at position {} is reserved for blanks or layout",
                    c,
                    i + 1
                )));
            }
            if symbols[..i].contains(&c) {
                return Err(GridError::Value(format!("alphabet symbol {:?} at position {} appears twice", c, i + 1)));
            }
        }
        let grid = Self::parse_with(text, &Alphabet { symbols })?;
        if grid.size() != n {
            return Err(GridError::Syntax(format!(
                "the alphabet has {n} symbols, so a {n}x{n} grid of {} cells was expected, but the text has {} cells",
                n * n,
                grid.cells.len()
            )));
        }
        Ok(grid)
    }

    fn parse_with(text: &str, alphabet: &Alphabet) -> Result<Grid, GridError> {
        let (declared, offset, text) = split_shape_prefix(text)?;
        let line = text.strip_suffix('\n').unwrap_or(text);
        let line = line.strip_suffix('\r').unwrap_or(line);
        let line_len = line.chars().count();
        let one_line = !line.contains('\n');
        let single_line = one_line
            && (box_side_for_cells(line_len).is_some()
                || (size_for_cells(line_len).is_some() && !line.contains(['|', '+', '-'])));

        let mut cells: Vec<u8> = Vec::with_capacity(if single_line { line_len } else { 81 });
        for (i, c) in line.chars().enumerate() {
            let digit = if single_line && is_line_blank(c) {
                0
            } else if !single_line && is_layout_filler(c) {
                continue;
            } else if !single_line && matches!(c, '.' | '_') {
                0
            } else {
                alphabet.read(c).ok_or_else(|| {
                    GridError::Syntax(format!("unknown symbol {:?} at position {}", c, i + 1 + offset))
                })?
            };
            if cells.len() == MAX_SIZE * MAX_SIZE {
                return Err(GridError::Syntax(format!(
                    "too many cells at position {}: a grid has {}",
                    i + 1 + offset,
                    supported_cell_counts()
                )));
            }
            // Range is checked once the size is known; remember where each digit came from.
            cells.push(digit);
        }
        let n = size_for_cells(cells.len()).ok_or_else(|| {
            GridError::Syntax(format!("found {} cells; a grid has {}", cells.len(), supported_cell_counts()))
        })?;
        if let Some(k) = cells.iter().position(|&v| v as usize > n) {
            let pos = cell_position(line, k, single_line);
            let c = line.chars().nth(pos - 1).unwrap_or('?');
            return Err(GridError::Syntax(format!(
                "symbol {c:?} at position {} is out of range for a {n}x{n} grid",
                pos + offset
            )));
        }
        let shape = match declared {
            Some((r, c)) => Shape::new(n, r, c).map_err(|e| GridError::Syntax(e.to_string()))?,
            None if single_line => Shape::of_size(n).map_err(|e| GridError::Syntax(e.to_string()))?,
            None => drawn_shape(line, n),
        };
        Ok(Grid { shape, cells })
    }

    /// The shape: size and boxes.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The grid size `n` (cells per row, and the largest digit): 4 to 25.
    #[inline]
    pub fn size(&self) -> usize {
        self.shape.n()
    }

    /// The row-major cell values, `0` for a blank.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The number of givens (filled cells).
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// The value at 1-based `row` and `col`: `Ok(None)` for a blank; a [`GridError::Value`] when
    /// either is outside `1..=size`.
    pub fn get(&self, row: i64, col: i64) -> Result<Option<u8>, GridError> {
        let n = self.size() as i64;
        for (what, v) in [("row", row), ("column", col)] {
            if !(1..=n).contains(&v) {
                return Err(GridError::Value(format!("{what} {v} is outside 1..{n} of a {n}x{n} grid")));
            }
        }
        let v = self.cells[((row - 1) * n + (col - 1)) as usize];
        Ok((v != 0).then_some(v))
    }

    /// One line, row-major: `.` for blanks and the canonical symbols `1`-`9`, `A`-`P`; a shape
    /// other than the size's default comes first (`3x2:`, `none:`), so that the line reads back
    /// as this grid.
    pub fn to_line(&self) -> String {
        let mut out = String::with_capacity(self.cells.len() + 6);
        if !self.shape.is_default() {
            out.push_str(&self.shape.name());
            out.push(':');
        }
        out.extend(self.cells.iter().map(|&v| symbol(v) as char));
        out
    }

    /// The multi-line display the articles print, e.g. `735|812|694` rows and `---+---+---`
    /// separators between bands (for boxes of R rows and C columns, a `|` every C cells and a
    /// separator every R rows; none without boxes); blanks are `.`; no trailing newline.
    pub fn pretty(&self) -> String {
        let n = self.size();
        let (br, bc) = (self.shape.box_rows(), self.shape.box_cols());
        let separator = if bc > 0 { vec!["-".repeat(bc); n / bc].join("+") } else { String::new() };
        let mut out = String::with_capacity((n + n / 2) * (n + n / 2));
        for r in 0..n {
            if r > 0 {
                out.push('\n');
                if br > 0 && r % br == 0 {
                    out.push_str(&separator);
                    out.push('\n');
                }
            }
            for c in 0..n {
                if bc > 0 && c > 0 && c % bc == 0 {
                    out.push('|');
                }
                out.push(symbol(self.cells[r * n + c]) as char);
            }
        }
        out
    }

    /// True when no two equal givens share a unit (row, column or box).
    pub fn is_valid(&self) -> bool {
        let geo = crate::geometry::Geometry::of(self.shape);
        geo.units().all(|unit| {
            let mut seen = 0u32;
            unit.iter().all(|&c| {
                let v = self.cells[c as usize];
                if v == 0 {
                    return true;
                }
                let bit = 1u32 << (v - 1);
                let fresh = seen & bit == 0;
                seen |= bit;
                fresh
            })
        })
    }

    /// True when every cell is filled and every unit holds each digit once.
    pub fn is_solved(&self) -> bool {
        self.cells.iter().all(|&v| v != 0) && self.is_valid()
    }

    /// True when `solution` is a solved grid of the same shape that keeps every given of `self`.
    pub fn is_solved_by(&self, solution: &Grid) -> bool {
        solution.shape == self.shape
            && solution.is_solved()
            && self.cells.iter().zip(&solution.cells).all(|(&g, &s)| g == 0 || g == s)
    }

    /// The compact encoding used on disk: the shape ([`Shape::header`]: one byte of box side
    /// for 4x4, 9x9, 16x16 and 25x25 as in 0.1.0 to 0.4.0, two bytes for any other), then each
    /// cell in [`bits_per_cell`] bits, least significant first (a 9x9 grid takes 42 bytes).
    pub fn pack(&self) -> Vec<u8> {
        let mut out = vec![0; self.packed_size()];
        self.pack_into(&mut out);
        out
    }

    /// The length of [`Grid::pack`]'s output.
    pub fn packed_size(&self) -> usize {
        self.shape.header().1 + packed_len(self.size())
    }

    /// [`Grid::pack`] into `out`, which must be [`Grid::packed_size`] bytes long (the SQL type
    /// writes straight into the value it returns).
    pub fn pack_into(&self, out: &mut [u8]) {
        assert_eq!(out.len(), self.packed_size(), "a buffer of the packed size");
        let (header, h) = self.shape.header();
        out[..h].copy_from_slice(&header[..h]);
        if bits_per_cell(self.size()) == 4 {
            // 9x9 (and 8x8 and the others of 4 bits), two cells a byte: the common case,
            // without the bit accumulator; whole pairs first (a loop the compiler vectorizes),
            // then the odd cell of an odd count.
            pack_nibbles(&self.cells, &mut out[h..]);
        } else {
            pack_bits(&self.cells, bits_per_cell(self.size()), &mut out[h..]);
        }
    }

    /// [`Grid::pack`] of a 9x9 grid given by its 81 cells (0 blank, 1-9), without the grid:
    /// what `sudoku.solve` writes into the value it returns.
    pub fn pack_nine(cells: &[u8; 81], out: &mut [u8; 42]) {
        out[0] = 3;
        pack_nibbles(cells, &mut out[1..]);
    }

    /// The cells of a packed 9x9 grid ([`Grid::pack`] output: its byte of box side 3, then 41
    /// bytes of two cells each), read without a heap allocation; `None` for any other bytes (a
    /// grid of another shape, or not a packed grid), which [`Grid::unpack`] then reads.
    pub fn unpack_nine(bytes: &[u8]) -> Option<[u8; 81]> {
        let [3, rest @ ..] = bytes else { return None };
        let rest: &[u8; 41] = rest.try_into().ok()?;
        let mut cells = [0u8; 81];
        unpack_nibbles(rest, &mut cells);
        (top_cell(&cells) <= 9).then_some(cells)
    }

    /// Reads [`Grid::pack`] output; `None` when the bytes are not a packed grid.
    pub fn unpack(bytes: &[u8]) -> Option<Grid> {
        let (shape, h) = Shape::read_header(bytes)?;
        let rest = &bytes[h..];
        let n = shape.n();
        if rest.len() != packed_len(n) {
            return None;
        }
        let bits = bits_per_cell(n);
        let cells = if bits == 4 {
            // Two cells a byte (see `pack`).
            let mut cells = vec![0u8; n * n];
            unpack_nibbles(rest, &mut cells);
            cells
        } else {
            unpack_bits(rest, n * n, bits)
        };
        (top_cell(&cells) as usize <= n).then_some(Grid { shape, cells })
    }
}

/// The box shape a text declares before its cells (`RxC:` or `none:`): the box rows and columns
/// (0, 0 for none), the characters the prefix took, and the rest of the text.
fn split_shape_prefix(text: &str) -> Result<(Option<(usize, usize)>, usize, &str), GridError> {
    let Some(colon) = text.find(':') else {
        return Ok((None, 0, text));
    };
    let head = &text[..colon];
    let taken = head.chars().count() + 1;
    let t = head.trim();
    if t.eq_ignore_ascii_case("none") {
        return Ok((Some((0, 0)), taken, &text[colon + 1..]));
    }
    let bad = || GridError::Syntax(format!("a grid's shape is written RxC: or none: before its cells, not {head:?}"));
    let (r, c) = t.split_once(['x', 'X']).ok_or_else(bad)?;
    let (r, c) = (r.trim().parse::<usize>().map_err(|_| bad())?, c.trim().parse::<usize>().map_err(|_| bad())?);
    Ok((Some((r, c)), taken, &text[colon + 1..]))
}

/// The shape a layout of `n` x `n` cells draws: boxes of R rows and C columns when its first
/// row of cells has a `|` after C cells and a separator line (`-` and `+` only) comes after R
/// rows, and R x C is `n`; else the size's default.
fn drawn_shape(layout: &str, n: usize) -> Shape {
    let default = Shape::of_size(n).expect("a supported size");
    let mut rows = 0;
    let mut cols = None;
    for line in layout.lines() {
        let cells = line.chars().filter(|&c| !is_layout_filler(c)).count();
        if cells == 0 {
            if line.contains('-') && rows > 0 {
                break;
            }
            continue;
        }
        if cells != n {
            // Not one row of cells a line: no drawing to read.
            return default;
        }
        if cols.is_none() {
            cols = line.find('|').map(|at| line[..at].chars().filter(|&c| !is_layout_filler(c)).count());
        }
        rows += 1;
    }
    match cols {
        Some(c) if rows < n && c > 0 => Shape::new(n, rows, c).unwrap_or(default),
        _ => default,
    }
}

/// `cells` in `bits` bits each, least significant first, written to `out` (as many bytes as
/// that takes: `packed_len`'s).
fn pack_bits(cells: &[u8], bits: u32, out: &mut [u8]) {
    let (mut acc, mut have, mut next) = (0u32, 0u32, 0usize);
    for &v in cells {
        acc |= (v as u32) << have;
        have += bits;
        while have >= 8 {
            out[next] = acc as u8;
            next += 1;
            acc >>= 8;
            have -= 8;
        }
    }
    if have > 0 {
        out[next] = acc as u8;
    }
}

/// Cells of 4 bits packed two a byte into `out` (`cells.len().div_ceil(2)` bytes), the first of a
/// pair in the low nibble: whole pairs first, a loop the compiler vectorizes, then the odd cell
/// of an odd count alone in the last byte.
#[inline]
fn pack_nibbles(cells: &[u8], out: &mut [u8]) {
    let pairs = cells.chunks_exact(2);
    let odd = pairs.remainder();
    for (byte, pair) in out.iter_mut().zip(pairs) {
        *byte = pair[0] | pair[1] << 4;
    }
    if let (Some(&lo), Some(last)) = (odd.first(), out.last_mut()) {
        *last = lo;
    }
}

/// The cells [`pack_nibbles`] wrote to `bytes`, into `cells` (its length says how many).
#[inline]
fn unpack_nibbles(bytes: &[u8], cells: &mut [u8]) {
    let mut pairs = cells.chunks_exact_mut(2);
    for (pair, &byte) in (&mut pairs).zip(bytes) {
        pair[0] = byte & 15;
        pair[1] = byte >> 4;
    }
    if let (Some(lo), Some(&byte)) = (pairs.into_remainder().first_mut(), bytes.last()) {
        *lo = byte & 15;
    }
}

/// The largest value among `cells` (a branch-free pass, for the range check of a read grid).
#[inline]
fn top_cell(cells: &[u8]) -> u8 {
    cells.iter().fold(0, |m, &v| m.max(v))
}

/// The first `count` cells of `bits` bits each that [`pack_bits`] wrote to `bytes`.
fn unpack_bits(bytes: &[u8], count: usize, bits: u32) -> Vec<u8> {
    let mask = (1u32 << bits) - 1;
    let mut cells = Vec::with_capacity(count);
    let (mut acc, mut have, mut next) = (0u32, 0u32, 0usize);
    for _ in 0..count {
        while have < bits {
            acc |= (bytes[next] as u32) << have;
            next += 1;
            have += 8;
        }
        cells.push((acc & mask) as u8);
        acc >>= bits;
        have -= bits;
    }
    cells
}

/// Bits per packed cell of an `n` x `n` grid: enough for `0..=n`.
pub fn bits_per_cell(n: usize) -> u32 {
    u32::BITS - (n as u32).leading_zeros()
}

/// Bytes of packed cells of an `n` x `n` grid (without the shape bytes).
pub fn packed_len(n: usize) -> usize {
    (n * n * bits_per_cell(n) as usize).div_ceil(8)
}

fn symbol(v: u8) -> u8 {
    if v == 0 {
        b'.'
    } else {
        SYMBOLS[v as usize - 1]
    }
}

/// The 1-based character position in `text` of the `k`-th cell (0-based).
fn cell_position(text: &str, k: usize, single_line: bool) -> usize {
    if single_line {
        return k + 1;
    }
    text.chars().enumerate().filter(|&(_, c)| !is_layout_filler(c)).nth(k).map_or(0, |(i, _)| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = "...15.....34....89........3.2..6.8...47..9.....9.2...11....2..5...9............74";

    #[test]
    fn line_round_trip() {
        let g = Grid::parse(SEED).unwrap();
        assert_eq!(g.size(), 9);
        assert_eq!(g.to_line(), SEED);
        assert_eq!(g.givens(), SEED.bytes().filter(|&c| c != b'.').count());
    }

    #[test]
    fn blanks_in_a_line() {
        let spaced = SEED.replace('.', " ");
        let zeros = SEED.replace('.', "0");
        let under = SEED.replace('.', "_");
        for t in [spaced, zeros, under] {
            assert_eq!(Grid::parse(&t).unwrap().to_line(), SEED);
        }
    }

    #[test]
    fn pretty_parses_back_for_every_size() {
        for b in 2..=5 {
            let n = b * b;
            let cells: Vec<u8> = (0..n * n).map(|i| ((i * 7 + i / n) % (n + 1)) as u8).collect();
            let g = Grid::from_cells(&cells).unwrap();
            let p = g.pretty();
            assert_eq!(p.lines().count(), n + b - 1);
            assert_eq!(Grid::parse(&p).unwrap(), g, "{p}");
            assert_eq!(Grid::parse(&g.to_line()).unwrap(), g);
            assert_eq!(Grid::unpack(&g.pack()).unwrap(), g);
        }
    }

    #[test]
    fn the_nine_packers_read_and_write_what_pack_and_unpack_do() {
        let lines = [
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        ];
        for line in lines {
            let g = Grid::parse(line).unwrap();
            assert_eq!(Grid::unpack_nine(&g.pack()).map(|c| c.to_vec()), Some(g.cells().to_vec()));
        }
        let mut bad = Grid::parse(lines[0]).unwrap().pack();
        bad[1] = 0xAF; // a cell of 10
        assert_eq!((Grid::unpack_nine(&bad), Grid::unpack(&bad)), (None, None));
        for line in lines {
            let g = Grid::parse(line).unwrap();
            let mut packed = [0u8; 42];
            Grid::pack_nine(g.cells().try_into().unwrap(), &mut packed);
            assert_eq!(packed.to_vec(), g.pack());
        }
        let four = Grid::parse("1...............").unwrap().pack();
        assert_eq!(Grid::unpack_nine(&four), None);
        assert_eq!(Grid::unpack_nine(&bad[..40]), None);
    }

    #[test]
    fn packed_sizes() {
        assert_eq!(1 + packed_len(9), 42);
        assert_eq!(1 + packed_len(4), 7);
        assert_eq!(1 + packed_len(25), 392);
        assert!(Grid::unpack(&[3, 0]).is_none());
        // The 9x9 nibbles are the bit packing of every other size, byte for byte.
        let g = Grid::parse(SEED).unwrap();
        let mut bits = vec![3; 42];
        pack_bits(g.cells(), 4, &mut bits[1..]);
        assert_eq!(g.pack(), bits);
        assert_eq!(unpack_bits(&bits[1..], 81, 4), g.cells());
        assert!(Grid::unpack(&[]).is_none());
        assert!(Grid::unpack(&[7; 42]).is_none());
    }

    #[test]
    fn errors_name_the_position() {
        let bad = format!("{}x{}", &SEED[..10], &SEED[11..]);
        let e = Grid::parse(&bad).unwrap_err();
        assert_eq!(e, GridError::Syntax("unknown symbol 'x' at position 11".into()));
        let e = Grid::parse(&SEED[..80]).unwrap_err();
        assert!(matches!(e, GridError::Syntax(ref m) if m.starts_with("found 80 cells")), "{e}");
        let out_of_range = format!("A{}", &SEED[1..]);
        let e = Grid::parse(&out_of_range).unwrap_err();
        assert!(matches!(e, GridError::Syntax(ref m) if m.contains("position 1")), "{e}");
    }

    #[test]
    fn alphabets() {
        let hex = "0123456789abcdef";
        let line: String = (0..256).map(|i| hex.as_bytes()[(i * 5 + i / 16) % 16] as char).collect();
        let g = Grid::parse_with_alphabet(&line, hex).unwrap();
        assert_eq!(g.size(), 16);
        assert_eq!(g.cells()[0], 1);
        assert_eq!(Grid::parse_with_alphabet(&line.to_uppercase(), hex).unwrap(), g);
        assert!(matches!(Grid::parse_with_alphabet(&line, "0123"), Err(GridError::Syntax(_))));
        assert!(matches!(Grid::parse_with_alphabet(&line, "012"), Err(GridError::Value(_))));
        assert!(matches!(Grid::parse_with_alphabet(&line, "0.23"), Err(GridError::Value(_))));
    }

    #[test]
    fn get_is_one_based() {
        let g = Grid::parse(SEED).unwrap();
        assert_eq!(g.get(1, 4).unwrap(), Some(1));
        assert_eq!(g.get(1, 1).unwrap(), None);
        assert!(g.get(0, 1).is_err());
        assert!(g.get(1, 10).is_err());
    }

    #[test]
    fn default_shapes() {
        let names: Vec<String> = (4..=25).map(|n| Shape::of_size(n).unwrap().name()).collect();
        assert_eq!(
            names.join(" "),
            "2x2 none 2x3 none 2x4 3x3 2x5 none 3x4 none 2x7 3x5 4x4 none 3x6 none 4x5 3x7 2x11 none 4x6 5x5"
        );
        assert!(Shape::of_size(3).is_err() && Shape::of_size(26).is_err());
        assert!(Shape::new(6, 1, 6).is_err() && Shape::new(6, 2, 2).is_err());
        assert_eq!(Shape::parse("3x2", Some(6)).unwrap(), Shape::new(6, 3, 2).unwrap());
        assert!(Shape::parse("3x2", Some(9)).is_err());
        assert_eq!(Shape::parse("none", Some(6)).unwrap().name(), "none");
    }

    /// The hash of 0.1.0 to 0.4.0 (a derived `Hash` of box side and cells) for the square-box
    /// shapes: hash indexes and hash-distributed tables of stored grids stay valid.
    #[test]
    fn legacy_hash() {
        use std::collections::hash_map::DefaultHasher;
        #[derive(Hash)]
        struct Before {
            box_side: u8,
            cells: Vec<u8>,
        }
        let hash = |h: &dyn Fn(&mut DefaultHasher)| {
            let mut s = DefaultHasher::new();
            h(&mut s);
            s.finish()
        };
        for b in 2..=5 {
            let g = Grid::from_cells(&(0..b * b * b * b).map(|i| (i % (b * b + 1)) as u8).collect::<Vec<_>>()).unwrap();
            let old = Before { box_side: b as u8, cells: g.cells().to_vec() };
            assert_eq!(hash(&|s| g.hash(s)), hash(&|s| old.hash(s)));
        }
        let six = Grid::empty(6).unwrap();
        assert_ne!(hash(&|s| six.hash(s)), hash(&|s| six.with_shape(Shape::new(6, 3, 2).unwrap()).unwrap().hash(s)));
    }

    #[test]
    fn every_shape_round_trips() {
        for n in 4..=25 {
            let mut shapes = vec![Shape::new(n, 0, 0).unwrap()];
            shapes.extend((2..n).filter(|r| n % r == 0 && n / r >= 2).map(|r| Shape::new(n, r, n / r).unwrap()));
            for shape in shapes {
                let cells: Vec<u8> = (0..n * n).map(|i| ((i * 7 + i / n) % (n + 1)) as u8).collect();
                let g = Grid::from_cells_shaped(shape, &cells).unwrap();
                assert_eq!(Grid::unpack(&g.pack()).unwrap(), g, "{shape}");
                assert_eq!(g.pack().len(), g.packed_size());
                assert_eq!(Grid::parse(&g.to_line()).unwrap(), g, "{}", g.to_line());
                assert_eq!(g.to_line().starts_with(&format!("{shape}:")), !shape.is_default());
                if shape.has_boxes() {
                    // A layout's bars and separator lines draw its boxes.
                    assert_eq!(Grid::parse(&g.pretty()).unwrap(), g, "{}", g.pretty());
                }
            }
        }
        // Square shapes keep the one-byte form of 0.4.0.
        assert_eq!(Grid::empty(9).unwrap().pack()[0], 3);
        assert_eq!(&Grid::empty(6).unwrap().pack()[..2], &[0x86, 2]);
        assert!(Grid::unpack(&[0x89, 3, 0]).is_none(), "a square shape has one encoding");
        let six = "123456456123231564564231312645645312";
        assert_eq!(Grid::parse(six).unwrap().shape().name(), "2x3");
        assert_eq!(Grid::parse(&format!("3x2:{six}")).unwrap().shape().name(), "3x2");
        assert!(matches!(Grid::parse(&format!("3x3:{six}")), Err(GridError::Syntax(_))));
        assert!(matches!(Grid::parse(&format!("3y2:{six}")), Err(GridError::Syntax(_))));
        let twelve: String = "0123456789AB".repeat(12);
        assert_eq!(Grid::parse_with_alphabet(&twelve, "0123456789AB").unwrap().size(), 12);
    }
}
