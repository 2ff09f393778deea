//! Sudoku grids of every supported size: 4x4, 9x9, 16x16 and 25x25 (box side 2 to 5).
//!
//! Cells are stored row-major, `0` for a blank and `1..=n` for a digit, where `n` is the grid
//! size (the number of cells in a row). Rows, columns and boxes are numbered from 1 in the public
//! API; boxes left to right, top to bottom.

use std::fmt;

/// The smallest and largest supported box side (grids 4x4 to 25x25).
pub const MIN_BOX_SIDE: usize = 2;
pub const MAX_BOX_SIDE: usize = 5;

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

/// A Sudoku grid: `size` x `size` cells with `size = box_side²`.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    box_side: u8,
    cells: Vec<u8>,
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

/// The box side of a grid with `cells` cells, if that is a supported size.
pub fn box_side_for_cells(cells: usize) -> Option<usize> {
    (MIN_BOX_SIDE..=MAX_BOX_SIDE).find(|b| b * b * b * b == cells)
}

fn supported_cell_counts() -> &'static str {
    "16 (4x4), 81 (9x9), 256 (16x16) or 625 (25x25)"
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
    /// An empty grid of the given size (4, 9, 16 or 25).
    pub fn empty(size: usize) -> Result<Grid, GridError> {
        let box_side = (MIN_BOX_SIDE..=MAX_BOX_SIDE)
            .find(|b| b * b == size)
            .ok_or_else(|| GridError::Value(format!("grid size must be 4, 9, 16 or 25, not {size}")))?;
        Ok(Grid { box_side: box_side as u8, cells: vec![0; size * size] })
    }

    /// A grid from row-major cell values (`0` blank, `1..=n` digits); the size is inferred from
    /// the number of cells (16, 81, 256 or 625).
    pub fn from_cells(cells: &[u8]) -> Result<Grid, GridError> {
        let box_side = box_side_for_cells(cells.len()).ok_or_else(|| {
            GridError::Value(format!("a grid has {} cells, not {}", supported_cell_counts(), cells.len()))
        })?;
        let n = box_side * box_side;
        if let Some(i) = cells.iter().position(|&v| v as usize > n) {
            return Err(GridError::Value(format!(
                "cell {} holds {}, but a {n}x{n} grid takes 0 (blank) to {n}",
                i + 1,
                cells[i]
            )));
        }
        Ok(Grid { box_side: box_side as u8, cells: cells.to_vec() })
    }

    /// Reads a grid with the default symbols (`1`-`9`, then `A`-`P`, case-insensitive).
    ///
    /// A single line of exactly 16, 81, 256 or 625 characters is read cell by cell, blanks being
    /// `.`, `0`, `_` and space. Any other text is read as a layout: whitespace, `|`, `+` and `-`
    /// are ignored and blanks are `.`, `0` and `_`, so [`Grid::pretty`] output parses back.
    /// Errors are [`GridError::Syntax`] and name the 1-based character position.
    pub fn parse(text: &str) -> Result<Grid, GridError> {
        Self::parse_with(text, &Alphabet::default_symbols())
    }

    /// Reads a grid whose digits are written with `alphabet`: its `n` distinct characters are
    /// the digits 1 to `n` in order, and `n` (4, 9, 16 or 25) is the grid size, e.g.
    /// `"0123456789abcdef"` for 16x16 puzzles that use 0 as a digit. Letters match
    /// case-insensitively where that is unambiguous; `0` is a blank when it is not a symbol.
    pub fn parse_with_alphabet(text: &str, alphabet: &str) -> Result<Grid, GridError> {
        let symbols: Vec<char> = alphabet.chars().collect();
        let n = symbols.len();
        if !matches!(n, 4 | 9 | 16 | 25) {
            return Err(GridError::Value(format!("an alphabet has 4, 9, 16 or 25 symbols (the grid size), not {n}")));
        }
        for (i, &c) in symbols.iter().enumerate() {
            if is_line_blank(c) || is_layout_filler(c) {
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
        let line = text.strip_suffix('\n').unwrap_or(text);
        let line = line.strip_suffix('\r').unwrap_or(line);
        let line_len = line.chars().count();
        let single_line = !line.contains('\n') && box_side_for_cells(line_len).is_some();

        let mut cells: Vec<u8> = Vec::with_capacity(if single_line { line_len } else { 81 });
        for (i, c) in line.chars().enumerate() {
            let digit = if single_line && is_line_blank(c) {
                0
            } else if !single_line && is_layout_filler(c) {
                continue;
            } else if !single_line && matches!(c, '.' | '_') {
                0
            } else {
                alphabet
                    .read(c)
                    .ok_or_else(|| GridError::Syntax(format!("unknown symbol {:?} at position {}", c, i + 1)))?
            };
            if cells.len() == 625 {
                return Err(GridError::Syntax(format!(
                    "too many cells at position {}: a grid has {}",
                    i + 1,
                    supported_cell_counts()
                )));
            }
            // Range is checked once the size is known; remember where each digit came from.
            cells.push(digit);
        }
        let box_side = box_side_for_cells(cells.len()).ok_or_else(|| {
            GridError::Syntax(format!("found {} cells; a grid has {}", cells.len(), supported_cell_counts()))
        })?;
        let n = box_side * box_side;
        if let Some(k) = cells.iter().position(|&v| v as usize > n) {
            let pos = cell_position(line, k, single_line);
            let c = line.chars().nth(pos - 1).unwrap_or('?');
            return Err(GridError::Syntax(format!(
                "symbol {c:?} at position {pos} is out of range for a {n}x{n} grid"
            )));
        }
        Ok(Grid { box_side: box_side as u8, cells })
    }

    /// The box side: 2, 3, 4 or 5.
    pub fn box_side(&self) -> usize {
        self.box_side as usize
    }

    /// The grid size `n` (cells per row, and the largest digit): 4, 9, 16 or 25.
    pub fn size(&self) -> usize {
        self.box_side() * self.box_side()
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

    /// One line, row-major: `.` for blanks and the canonical symbols `1`-`9`, `A`-`P`.
    pub fn to_line(&self) -> String {
        self.cells.iter().map(|&v| symbol(v) as char).collect()
    }

    /// The multi-line display the articles print, e.g. `735|812|694` rows and `---+---+---`
    /// separators between bands (scaled for other sizes); blanks are `.`; no trailing newline.
    pub fn pretty(&self) -> String {
        let (b, n) = (self.box_side(), self.size());
        let separator = vec!["-".repeat(b); b].join("+");
        let mut out = String::with_capacity((n + b) * (n + b));
        for r in 0..n {
            if r > 0 {
                out.push('\n');
                if r % b == 0 {
                    out.push_str(&separator);
                    out.push('\n');
                }
            }
            for c in 0..n {
                if c > 0 && c % b == 0 {
                    out.push('|');
                }
                out.push(symbol(self.cells[r * n + c]) as char);
            }
        }
        out
    }

    /// True when no two equal givens share a unit (row, column or box).
    pub fn is_valid(&self) -> bool {
        let geo = crate::geometry::Geometry::for_box_side(self.box_side());
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

    /// True when `solution` is a solved grid of the same size that keeps every given of `self`.
    pub fn is_solved_by(&self, solution: &Grid) -> bool {
        solution.box_side == self.box_side
            && solution.is_solved()
            && self.cells.iter().zip(&solution.cells).all(|(&g, &s)| g == 0 || g == s)
    }

    /// The compact encoding used on disk: one byte of box side, then each cell in
    /// [`bits_per_cell`] bits, least significant first (a 9x9 grid takes 42 bytes).
    pub fn pack(&self) -> Vec<u8> {
        let mut out = vec![0; self.packed_size()];
        self.pack_into(&mut out);
        out
    }

    /// The length of [`Grid::pack`]'s output.
    pub fn packed_size(&self) -> usize {
        1 + packed_len(self.box_side())
    }

    /// [`Grid::pack`] into `out`, which must be [`Grid::packed_size`] bytes long (the SQL type
    /// writes straight into the value it returns).
    pub fn pack_into(&self, out: &mut [u8]) {
        assert_eq!(out.len(), self.packed_size(), "a buffer of the packed size");
        out[0] = self.box_side;
        if bits_per_cell(self.box_side()) == 4 {
            // 9x9, two cells a byte: the common case, without the bit accumulator.
            for (byte, pair) in out[1..].iter_mut().zip(self.cells.chunks(2)) {
                *byte = pair[0] | pair.get(1).map_or(0, |hi| hi << 4);
            }
        } else {
            pack_bits(&self.cells, bits_per_cell(self.box_side()), &mut out[1..]);
        }
    }

    /// Reads [`Grid::pack`] output; `None` when the bytes are not a packed grid.
    pub fn unpack(bytes: &[u8]) -> Option<Grid> {
        let (&side, rest) = bytes.split_first()?;
        let b = side as usize;
        if !(MIN_BOX_SIDE..=MAX_BOX_SIDE).contains(&b) || rest.len() != packed_len(b) {
            return None;
        }
        let (n, bits) = (b * b, bits_per_cell(b));
        let cells = if bits == 4 {
            // 9x9, two cells a byte (see `pack`).
            let mut cells = vec![0u8; n * n];
            for (pair, &byte) in cells.chunks_mut(2).zip(rest) {
                pair[0] = byte & 15;
                if let Some(hi) = pair.get_mut(1) {
                    *hi = byte >> 4;
                }
            }
            cells
        } else {
            unpack_bits(rest, n * n, bits)
        };
        cells.iter().all(|&v| v as usize <= n).then_some(Grid { box_side: side, cells })
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

/// Bits per packed cell: enough for `0..=n`.
pub fn bits_per_cell(box_side: usize) -> u32 {
    let n = (box_side * box_side) as u32;
    u32::BITS - n.leading_zeros()
}

/// Bytes of packed cells (without the box-side byte).
pub fn packed_len(box_side: usize) -> usize {
    let cells = box_side.pow(4);
    (cells * bits_per_cell(box_side) as usize).div_ceil(8)
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
    fn packed_sizes() {
        assert_eq!(1 + packed_len(3), 42);
        assert_eq!(1 + packed_len(2), 7);
        assert_eq!(1 + packed_len(5), 392);
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
}
