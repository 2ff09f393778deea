//! A player's board (issue 47): the givens, the digits the player placed, and the candidates
//! pencilled in every open cell, for every grid size.
//!
//! A grid is the board whose open cells hold every candidate its digits leave
//! ([`Board::from_grid`]). An open cell with one candidate is still open: the single is there to
//! be found (HoDoKu reads a pencil-mark puzzle so); an open cell with none makes the board
//! unsolvable. The one exception is Sukaku Explainer's reading of a bare sukaku (729 characters
//! and no cells beside them): there a single that no peer holds as a candidate is a filled cell
//! ([`Board::settle_singles`]). The puzzle of a board is its givens; a board without givens is a
//! pencil-mark puzzle, whose puzzle is its candidates ([`Board::solution`]). A candidate may
//! clash with a digit in its units (a player's
//! mistake, which [`Board::check`] reports).
//!
//! Text forms, all read by [`Board::parse`]:
//! - a puzzle's line (16, 81, 256 or 625 symbols, as `sudoku.grid` reads it): the board of that
//!   grid ([`Board::from_grid`]);
//! - the HoDoKu library line, `:<technique>:<candidates>:<cells>:<deleted>:...`, the form of
//!   HoDoKu's regression library and clipboard: only the cells (givens, `+` before a placed
//!   digit, `.` or `0` for an open cell) and the deleted candidates (space-separated
//!   `<digit><row><col>` tokens, one symbol each) make the board: each open cell holds what the
//!   digits leave less what is deleted. [`Board::to_library_line`] writes it (for every size,
//!   with the grid's symbols);
//! - the sukaku form: `n³` characters, `n` per cell, the `i`-th the digit `i` or `.`/`0` (the 729
//!   characters of a 9x9 pencil-mark puzzle), optionally followed by the cells (as in the
//!   library line) that tell givens and placed digits from open cells;
//!   [`Board::to_sukaku`] writes both;
//! - the pencil-mark grid: `n²` groups of candidates separated by whitespace, a group of one
//!   digit a given (`+` before it: placed), a `.` in a group marking an open cell (`5.`: one
//!   candidate, `.`: none), lines of `-`, `+`, `=` and the `|` separators ignored; what
//!   [`Board::pretty`] prints.

use std::fmt::Write as _;

use crate::geometry::Geometry;
use crate::grid::{box_side_for_cells, Grid, GridError, Shape, SYMBOLS};

/// A player's board: givens, placed digits and the candidates of the open cells.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    shape: Shape,
    /// Row-major: `0` for an open cell, else its digit.
    cells: Vec<u8>,
    /// Per cell: the digit was placed by the player (not a given).
    placed: Vec<bool>,
    /// Per cell: the candidates of an open cell (digit `d` as bit `d - 1`); `0` for a filled one.
    cand: Vec<u32>,
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board({})", self.to_text())
    }
}

/// One mistake of a board, or what the check compared with ([`Board::check`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mistake {
    pub kind: MistakeKind,
    /// 1-based; 0 for a row about the whole board.
    pub row: usize,
    pub col: usize,
    pub digit: u8,
    pub explanation: String,
}

/// What a [`Mistake`] row says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MistakeKind {
    /// A placed digit that is not the solution's.
    WrongDigit,
    /// A candidate of an open cell that a digit of one of its units already holds.
    Clash,
    /// The solution's digit of an open cell is no longer among its candidates.
    RemovedCandidate,
    /// An open cell with no candidate left.
    NoCandidate,
    /// About the whole board: whether it still has a solution, or why nothing could be compared.
    Board,
}

impl MistakeKind {
    /// The SQL name of the kind.
    pub fn name(self) -> &'static str {
        match self {
            MistakeKind::WrongDigit => "wrong_digit",
            MistakeKind::Clash => "clash",
            MistakeKind::RemovedCandidate => "removed_candidate",
            MistakeKind::NoCandidate => "no_candidate",
            MistakeKind::Board => "board",
        }
    }
}

fn symbol(d: u8) -> char {
    SYMBOLS[d as usize - 1] as char
}

/// The digit of a symbol (`1`-`9`, `A`-`P`, case-insensitive), if it is one.
fn digit_of(c: char) -> Option<u8> {
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        'A'..='P' => Some(c as u8 - b'A' + 10),
        'a'..='p' => Some(c as u8 - b'a' + 10),
        _ => None,
    }
}

fn syntax(message: String) -> GridError {
    GridError::Syntax(message)
}

/// The largest number of cells a board has (25x25).
const MAX_CELLS: usize = 625;

/// The most bytes of text a board is read from.
pub const MAX_TEXT: usize = 1 << 20;

impl Board {
    /// The board of a grid: its digits are the givens, and each open cell holds every candidate
    /// its peers' digits leave.
    pub fn from_grid(grid: &Grid) -> Board {
        let cells = grid.cells().to_vec();
        let mut board =
            Board { shape: grid.shape(), placed: vec![false; cells.len()], cand: vec![0; cells.len()], cells };
        board.fill_candidates();
        board
    }

    /// The shape: size and boxes (a board read from text has square boxes: 4x4 to 25x25).
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The size `n` (cells per row, and the largest digit).
    pub fn size(&self) -> usize {
        self.shape.n()
    }

    /// Row-major digits, `0` for an open cell.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Whether the digit of cell `c` (0-based) was placed by the player.
    pub fn is_placed(&self, c: usize) -> bool {
        self.placed[c]
    }

    /// The candidates of cell `c` (0-based) as a mask; `0` for a filled cell.
    pub fn candidates(&self, c: usize) -> u32 {
        self.cand[c]
    }

    /// The candidates of every cell, a filled cell holding its own digit's bit (the form the
    /// human engine walks).
    pub fn masks(&self) -> Vec<u32> {
        self.cells.iter().zip(&self.cand).map(|(&v, &m)| if v == 0 { m } else { 1 << (v - 1) }).collect()
    }

    /// The givens alone.
    pub fn givens(&self) -> Grid {
        let cells: Vec<u8> = self.cells.iter().zip(&self.placed).map(|(&v, &p)| if p { 0 } else { v }).collect();
        Grid::from_cells_shaped(self.shape, &cells).expect("a board keeps a grid's shape")
    }

    /// The givens and placed digits.
    pub fn digits(&self) -> Grid {
        Grid::from_cells_shaped(self.shape, &self.cells).expect("a board keeps a grid's shape")
    }

    fn geometry(&self) -> &'static Geometry {
        Geometry::of(self.shape)
    }

    /// The digits no filled peer of cell `c` holds.
    fn left(&self, c: usize) -> u32 {
        let full = (1u32 << self.size()) - 1;
        self.geometry()
            .peers(c)
            .iter()
            .map(|&p| self.cells[p as usize])
            .filter(|&v| v != 0)
            .fold(full, |m, v| m & !(1 << (v - 1)))
    }

    /// For every open cell, the digits none of its peers holds (for a filled cell, the digits
    /// its units lack): the digits of each row, column and box gathered once, so a whole board costs one pass (where [`Board::left`] of every cell
    /// would walk each cell's peers).
    fn left_all(&self) -> Vec<u32> {
        let n = self.size();
        let geo = self.geometry();
        let mut held = vec![0u32; 3 * n];
        for (c, &v) in self.cells.iter().enumerate() {
            if v != 0 {
                let [r, col, b] = geo.row_col_box(c);
                for u in [r, n + col, 2 * n + b] {
                    held[u] |= 1 << (v - 1);
                }
            }
        }
        let full = (1u32 << n) - 1;
        (0..self.cells.len())
            .map(|c| {
                let [r, col, b] = geo.row_col_box(c);
                full & !(held[r] | held[n + col] | held[2 * n + b])
            })
            .collect()
    }

    /// "Fill in all candidates": every open cell holds every candidate its peers' digits leave.
    pub fn fill_candidates(&mut self) {
        let left = self.left_all();
        for c in 0..self.cells.len() {
            self.cand[c] = if self.cells[c] == 0 { left[c] } else { 0 };
        }
    }

    /// The 0-based cell of 1-based `row` and `col`, or the error naming them.
    pub fn cell(&self, row: i64, col: i64) -> Result<usize, GridError> {
        let n = self.size() as i64;
        if !(1..=n).contains(&row) || !(1..=n).contains(&col) {
            return Err(GridError::Value(format!("row {row}, column {col} is outside the {n}x{n} board")));
        }
        Ok(((row - 1) * n + col - 1) as usize)
    }

    fn check_digit(&self, digit: i64) -> Result<u8, GridError> {
        let n = self.size() as i64;
        if !(1..=n).contains(&digit) {
            return Err(GridError::Value(format!("digit {digit} is outside 1..{n}")));
        }
        Ok(digit as u8)
    }

    fn name(&self, c: usize) -> String {
        let n = self.size();
        format!("row {} column {}", c / n + 1, c % n + 1)
    }

    /// The player places `digit` at (`row`, `col`), over an open or placed cell (not a given);
    /// the digit leaves the candidates of the cell's peers, as HoDoKu does.
    pub fn place(&mut self, row: i64, col: i64, digit: i64) -> Result<(), GridError> {
        let c = self.cell(row, col)?;
        let d = self.check_digit(digit)?;
        if self.cells[c] != 0 && !self.placed[c] {
            return Err(GridError::Value(format!("{} is a given ({})", self.name(c), symbol(self.cells[c]))));
        }
        self.cells[c] = d;
        self.placed[c] = true;
        self.cand[c] = 0;
        for &p in self.geometry().peers(c) {
            self.cand[p as usize] &= !(1 << (d - 1));
        }
        Ok(())
    }

    /// The player erases the digit placed at (`row`, `col`): the cell is open again and holds
    /// every candidate its peers' digits leave. Erasing an open cell changes nothing; a given
    /// cannot be erased.
    pub fn erase(&mut self, row: i64, col: i64) -> Result<(), GridError> {
        let c = self.cell(row, col)?;
        if self.cells[c] != 0 && !self.placed[c] {
            return Err(GridError::Value(format!("{} is a given ({})", self.name(c), symbol(self.cells[c]))));
        }
        if self.cells[c] != 0 {
            self.cells[c] = 0;
            self.placed[c] = false;
            self.cand[c] = self.left(c);
        }
        Ok(())
    }

    /// Removes (`keep` false) or restores (`keep` true) the candidate `digit` of the open cell
    /// (`row`, `col`); a filled cell is an error.
    pub fn pencil(&mut self, row: i64, col: i64, digit: i64, keep: bool) -> Result<(), GridError> {
        let c = self.cell(row, col)?;
        let d = self.check_digit(digit)?;
        if self.cells[c] != 0 {
            return Err(GridError::Value(format!(
                "{} holds the digit {}, not candidates",
                self.name(c),
                symbol(self.cells[c])
            )));
        }
        if keep {
            self.cand[c] |= 1 << (d - 1);
        } else {
            self.cand[c] &= !(1 << (d - 1));
        }
        Ok(())
    }

    /// Reads a board in any of the text forms of the module; `22P02` errors name the position.
    pub fn parse(text: &str) -> Result<Board, GridError> {
        // The longest form, a 25x25 pencil-mark grid with wide columns and separators, takes
        // about 40 kB: longer text is refused before it is split (issue 46).
        if text.len() > MAX_TEXT {
            return Err(syntax(format!("a board's text has at most {MAX_TEXT} bytes, not {}", text.len())));
        }
        let t = text.trim();
        if t.starts_with(':') {
            return Board::parse_library_line(t);
        }
        let tokens: Vec<&str> = t.split_whitespace().collect();
        // A puzzle's line (16, 81, 256 or 625 symbols): the board of that grid.
        if let [one] = tokens.as_slice() {
            // Any size's line, but 64 symbols are a 4x4 sukaku (4³) as before 0.5.0; an 8x8
            // grid's line is written with its shape then (`2x4:`).
            let len = one.chars().count();
            if box_side_for_cells(len).is_some()
                || (crate::grid::size_for_cells(len).is_some() && len != 64)
                || one.contains(':')
            {
                if let Ok(g) = Grid::parse(one) {
                    return Ok(Board::from_grid(&g));
                }
            }
        }
        // Sukaku: the first tokens joined make n³ characters, each place a blank or its digit;
        // the tokens after them, if any, are the cells.
        let mut joined = String::new();
        for (k, tok) in tokens.iter().enumerate() {
            if !tok.chars().all(|c| c == '.' || c == '0' || digit_of(c).is_some()) {
                break;
            }
            joined.push_str(tok);
            let len = joined.chars().count();
            if let Some(n) = (2..=5usize).map(|b| b * b).find(|n| n * n * n == len) {
                if Board::is_sukaku(&joined, n) {
                    return Board::from_sukaku(&joined, n, &tokens[k + 1..].concat());
                }
            }
            if len > MAX_CELLS * 25 {
                break;
            }
        }
        Board::parse_pencil_marks(t)
    }

    /// Whether `s` (n³ characters) has in each place either a blank or the digit of that place.
    fn is_sukaku(s: &str, n: usize) -> bool {
        s.chars().enumerate().all(|(i, c)| c == '.' || c == '0' || digit_of(c) == Some((i % n) as u8 + 1))
    }

    fn from_sukaku(s: &str, n: usize, digits: &str) -> Result<Board, GridError> {
        let cells = n * n;
        let mut cand = vec![0u32; cells];
        for (i, c) in s.chars().enumerate() {
            if c != '.' && c != '0' {
                cand[i / n] |= 1 << (i % n);
            }
        }
        let b = box_side_for_cells(cells).expect("n is a square of 2..5");
        let mut board = Board { shape: Shape::square(b), cells: vec![0; cells], placed: vec![false; cells], cand };
        if digits.is_empty() {
            board.settle_singles();
        } else {
            let (values, placed) = read_cells(digits, s.len())?;
            if values.len() != cells {
                return Err(syntax(format!(
                    "the digits beside the candidates have {} cells, not {cells}",
                    values.len()
                )));
            }
            for c in 0..cells {
                if values[c] != 0 {
                    if values[c] as usize > n {
                        return Err(syntax(format!(
                            "digit {} of cell {} is out of range for {n}x{n}",
                            values[c],
                            c + 1
                        )));
                    }
                    board.cells[c] = values[c];
                    board.placed[c] = placed[c];
                    board.cand[c] = 0;
                }
            }
        }
        Ok(board)
    }

    /// Sukaku Explainer's reading of a bare pencil-mark puzzle (`Grid.adjustPencilmarks`): a
    /// cell with one candidate that no peer holds as a candidate is a filled cell (placed: the
    /// puzzle of a board without givens is its candidates), and an open single whose digit a
    /// peer still holds stays open, a naked single to be found. A state of Sudoku Explainer's
    /// path, printed as 729 characters, so reads back with its filled cells filled.
    fn settle_singles(&mut self) {
        let geo = self.geometry();
        let settled: Vec<usize> = (0..self.cells.len())
            .filter(|&c| {
                let m = self.cand[c];
                m != 0 && m & (m - 1) == 0 && geo.peers(c).iter().all(|&p| self.cand[p as usize] & m == 0)
            })
            .collect();
        for c in settled {
            self.cells[c] = self.cand[c].trailing_zeros() as u8 + 1;
            self.placed[c] = true;
            self.cand[c] = 0;
        }
    }

    fn parse_library_line(t: &str) -> Result<Board, GridError> {
        let fields: Vec<&str> = t.split(':').collect();
        if fields.len() < 5 {
            return Err(syntax(
                "a HoDoKu library line has the fields :<technique>:<candidates>:<cells>:<deleted candidates>:".into(),
            ));
        }
        // fields[0] is empty (the line starts with ':').
        let start = fields[0].len() + fields[1].len() + fields[2].len() + 3;
        let (values, placed) = read_cells(fields[3], start)?;
        let cells = values.len();
        let b = box_side_for_cells(cells).ok_or_else(|| {
            syntax(format!(
                "the cells of the library line (from position {}) are {cells}, not 16, 81, 256 or 625",
                start + 1
            ))
        })?;
        let n = b * b;
        if let Some(c) = values.iter().position(|&v| v as usize > n) {
            return Err(syntax(format!("digit {} of cell {} is out of range for {n}x{n}", values[c], c + 1)));
        }
        let mut board = Board { shape: Shape::square(b), cand: vec![0; cells], cells: values, placed };
        board.fill_candidates();
        let mut at = start + fields[3].len() + 1;
        for token in fields[4].split(' ') {
            if token.is_empty() {
                at += 1;
                continue;
            }
            let parts: Vec<Option<u8>> = token.chars().map(digit_of).collect();
            match parts.as_slice() {
                [Some(d), Some(r), Some(c)] if (*d as usize) <= n && (*r as usize) <= n && (*c as usize) <= n => {
                    let cell = (*r as usize - 1) * n + *c as usize - 1;
                    board.cand[cell] &= !(1 << (d - 1));
                }
                _ => {
                    return Err(syntax(format!(
                        "deleted candidate {token:?} at position {} is not <digit><row><col> of a {n}x{n} board",
                        at + 1
                    )))
                }
            }
            at += token.len() + 1;
        }
        Ok(board)
    }

    fn parse_pencil_marks(t: &str) -> Result<Board, GridError> {
        let mut groups: Vec<(usize, &str)> = Vec::new();
        let mut pos = 0;
        for piece in t.split(|c: char| c.is_whitespace() || c == '|') {
            let here = pos;
            pos += piece.len() + 1;
            if piece.is_empty() || piece.chars().all(|c| matches!(c, '-' | '+' | '=' | '*')) {
                continue;
            }
            groups.push((here, piece));
            if groups.len() > MAX_CELLS {
                return Err(syntax(format!("too many cells at position {}: a board has 16, 81, 256 or 625", here + 1)));
            }
        }
        let cells = groups.len();
        let b = box_side_for_cells(cells).ok_or_else(|| {
            syntax(format!(
                "found {cells} cells; a board is a library line (:...), a sukaku (n³ characters) or n² groups of candidates (16, 81, 256 or 625)"
            ))
        })?;
        let n = b * b;
        let mut board =
            Board { shape: Shape::square(b), cells: vec![0; cells], placed: vec![false; cells], cand: vec![0; cells] };
        for (c, &(at, group)) in groups.iter().enumerate() {
            let (is_placed, digits) = match group.strip_prefix('+') {
                Some(rest) => (true, rest),
                None => (false, group),
            };
            let mut mask = 0u32;
            let marked_open = digits.contains('.');
            for (k, ch) in digits.chars().enumerate() {
                if ch == '.' && !is_placed {
                    continue;
                }
                match digit_of(ch) {
                    Some(d) if (d as usize) <= n => mask |= 1 << (d - 1),
                    _ => {
                        return Err(syntax(format!(
                            "symbol {ch:?} at position {} is not a candidate of a {n}x{n} board",
                            at + 1 + k + is_placed as usize
                        )))
                    }
                }
            }
            if is_placed && mask.count_ones() != 1 {
                return Err(syntax(format!("a placed digit (+) at position {} is one digit", at + 1)));
            }
            if mask.count_ones() == 1 && !marked_open && (is_placed || digits.chars().count() == 1) {
                board.cells[c] = mask.trailing_zeros() as u8 + 1;
                board.placed[c] = is_placed;
            } else {
                board.cand[c] = mask;
            }
        }
        Ok(board)
    }

    /// The cells as the library line writes them: givens, `+` before placed digits, `.` open.
    pub fn cells_text(&self) -> String {
        let mut s = String::with_capacity(self.cells.len() * 2);
        for (c, &v) in self.cells.iter().enumerate() {
            if v == 0 {
                s.push('.');
            } else {
                if self.placed[c] {
                    s.push('+');
                }
                s.push(symbol(v));
            }
        }
        s
    }

    /// Whether every open cell's candidates lie within what the digits leave (the library line
    /// can then say the board exactly).
    fn within_digits(&self, left: &[u32]) -> bool {
        (0..self.cells.len()).all(|c| self.cells[c] != 0 || self.cand[c] & !left[c] == 0)
    }

    /// The HoDoKu library line (`:0000:x:<cells>:<deleted>::`), if it says the board exactly:
    /// not when a candidate clashes with a digit (the line can only delete candidates).
    pub fn to_library_line(&self) -> Option<String> {
        let left = self.left_all();
        if !self.within_digits(&left) {
            return None;
        }
        let n = self.size();
        let mut deleted = Vec::new();
        for d in 1..=n as u8 {
            for c in 0..self.cells.len() {
                if self.cells[c] == 0 && left[c] >> (d - 1) & 1 == 1 && self.cand[c] >> (d - 1) & 1 == 0 {
                    deleted.push(format!("{}{}{}", symbol(d), symbol((c / n) as u8 + 1), symbol((c % n) as u8 + 1)));
                }
            }
        }
        Some(format!(":0000:x:{}:{}::", self.cells_text(), deleted.join(" ")))
    }

    /// The sukaku form: `n` characters a cell, the candidate digits in place, `.` elsewhere
    /// (a filled cell shows its digit alone), then a space and the cells ([`Board::cells_text`]).
    pub fn to_sukaku(&self) -> String {
        let n = self.size();
        let mut s = String::with_capacity(self.cells.len() * (n + 2) + 1);
        for m in self.masks() {
            for d in 1..=n as u8 {
                s.push(if m >> (d - 1) & 1 == 1 { symbol(d) } else { '.' });
            }
        }
        s.push(' ');
        s.push_str(&self.cells_text());
        s
    }

    /// The text output of the SQL type: the library line when it says the board exactly, else
    /// the sukaku form with the cells.
    pub fn to_text(&self) -> String {
        self.to_library_line().unwrap_or_else(|| self.to_sukaku())
    }

    /// The pencil-mark grid: each cell's candidates (a filled cell its digit, `+` before a
    /// placed one) padded to one width per column of boxes, `|` between boxes, a line of `-`
    /// between bands.
    pub fn pretty(&self) -> String {
        let n = self.size();
        let (br, bc) = (self.shape.box_rows(), self.shape.box_cols());
        let text: Vec<String> = (0..self.cells.len())
            .map(|c| {
                if self.cells[c] != 0 {
                    format!("{}{}", if self.placed[c] { "+" } else { "" }, symbol(self.cells[c]))
                } else {
                    let mut s: String =
                        (1..=n as u8).filter(|d| self.cand[c] >> (d - 1) & 1 == 1).map(symbol).collect();
                    // An open cell of one candidate or none is marked: a lone digit is a given.
                    if s.chars().count() <= 1 {
                        s.push('.');
                    }
                    s
                }
            })
            .collect();
        let width: Vec<usize> =
            (0..n).map(|col| (0..n).map(|row| text[row * n + col].len()).max().unwrap_or(1).max(1)).collect();
        let mut out = String::new();
        for row in 0..n {
            if br > 0 && row > 0 && row % br == 0 {
                // Each stack's width: its cells and the spaces between them, one more at each side
                // but the grid's edges.
                let stacks = n / bc;
                let line: Vec<String> = (0..stacks)
                    .map(|s| {
                        let w = (s * bc..(s + 1) * bc).map(|c| width[c] + 1).sum::<usize>() - 1;
                        "-".repeat(w + usize::from(s > 0) + usize::from(s + 1 < stacks))
                    })
                    .collect();
                out.push_str(&line.join("+"));
                out.push('\n');
            }
            for col in 0..n {
                if bc > 0 && col > 0 && col % bc == 0 {
                    out.push_str(" |");
                }
                if col > 0 {
                    out.push(' ');
                }
                let _ = write!(out, "{:<w$}", text[row * n + col], w = width[col]);
            }
            let trimmed = out.trim_end_matches(' ').len();
            out.truncate(trimmed);
            out.push('\n');
        }
        out
    }

    /// The packed form (binary I/O and storage): the shape as a grid packs it (one byte of box
    /// side for 4x4, 9x9, 16x16, 25x25, else two: `0x80 | n` and the box rows); per cell one byte, `0`
    /// open, the digit for a given, the digit plus 64 for a placed one; then per open cell its
    /// candidates in `ceil(n / 8)` bytes, little-endian. A 9x9 board takes 82 bytes plus 2 per
    /// open cell.
    pub fn to_bytes(&self) -> Vec<u8> {
        let w = self.size().div_ceil(8);
        let open = self.cells.iter().filter(|&&v| v == 0).count();
        let mut out = Vec::with_capacity(1 + self.cells.len() + open * w);
        let (header, len) = self.shape.header();
        out.extend_from_slice(&header[..len]);
        for (c, &v) in self.cells.iter().enumerate() {
            out.push(if v != 0 && self.placed[c] { v | 64 } else { v });
        }
        for (c, &v) in self.cells.iter().enumerate() {
            if v == 0 {
                out.extend_from_slice(&self.cand[c].to_le_bytes()[..w]);
            }
        }
        out
    }

    /// The board of [`Board::to_bytes`]'s form, or what is wrong with the bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Board, GridError> {
        let bad = |m: &str| GridError::Syntax(format!("malformed packed board: {m}"));
        let (shape, h) = Shape::read_header(bytes).ok_or_else(|| bad("not a shape"))?;
        let rest = &bytes[h..];
        let n = shape.n();
        let cells = n * n;
        if rest.len() < cells {
            return Err(bad("too short"));
        }
        let (head, tail) = rest.split_at(cells);
        let w = n.div_ceil(8);
        let open = head.iter().filter(|&&v| v == 0).count();
        if tail.len() != open * w {
            return Err(bad("wrong length"));
        }
        let full = (1u64 << n) - 1;
        let mut board = Board { shape, cells: vec![0; cells], placed: vec![false; cells], cand: vec![0; cells] };
        let mut at = 0;
        for (c, &v) in head.iter().enumerate() {
            let digit = v & !64;
            if digit as usize > n || (v & 64 != 0 && digit == 0) || v & 128 != 0 {
                return Err(bad(&format!("cell {}", c + 1)));
            }
            board.cells[c] = digit;
            board.placed[c] = v & 64 != 0;
            if v == 0 {
                let mut m = [0u8; 4];
                m[..w].copy_from_slice(&tail[at..at + w]);
                at += w;
                let mask = u32::from_le_bytes(m);
                if mask as u64 & !full != 0 {
                    return Err(bad(&format!("candidates of cell {}", c + 1)));
                }
                board.cand[c] = mask;
            }
        }
        Ok(board)
    }

    /// The board of its parts, as an app keeps them (the board's `jsonb` form): per cell,
    /// row-major, the given (0 none), the placed digit (0 none) and the candidates of an open
    /// cell (digits, any order; empty for a filled cell). Why not, naming the cell (row and
    /// column from 1): a count of cells that is not 16, 81, 256 or 625, lists of unequal length,
    /// a digit out of range, a cell both given and placed, candidates in a filled cell.
    pub fn from_parts(givens: &[u8], placed: &[u8], candidates: &[Vec<u8>]) -> Result<Board, String> {
        let cells = givens.len();
        let b =
            box_side_for_cells(cells).ok_or_else(|| format!("a board has 16, 81, 256 or 625 cells, not {cells}"))?;
        if placed.len() != cells || candidates.len() != cells {
            return Err(format!(
                "givens, placed and candidates have {cells}, {} and {} cells; they must be as many",
                placed.len(),
                candidates.len()
            ));
        }
        let n = b * b;
        let at = |c: usize| format!("row {} column {}", c / n + 1, c % n + 1);
        let mut board =
            Board { shape: Shape::square(b), cells: vec![0; cells], placed: vec![false; cells], cand: vec![0; cells] };
        for c in 0..cells {
            let (g, p) = (givens[c], placed[c]);
            if let Some(d) = [g, p].into_iter().find(|&d| d as usize > n) {
                return Err(format!("{}: digit {d} is outside 1..{n}", at(c)));
            }
            if g != 0 && p != 0 {
                return Err(format!("{}: a given ({g}) and a placed digit ({p}) in one cell", at(c)));
            }
            if g + p != 0 && !candidates[c].is_empty() {
                return Err(format!("{}: a filled cell has no candidates", at(c)));
            }
            board.cells[c] = g + p;
            board.placed[c] = p != 0;
            for &d in &candidates[c] {
                if d == 0 || d as usize > n {
                    return Err(format!("{}: candidate {d} is outside 1..{n}", at(c)));
                }
                board.cand[c] |= 1 << (d - 1);
            }
        }
        Ok(board)
    }

    /// The board's parts ([`Board::from_parts`]): givens, placed digits and candidate lists.
    pub fn parts(&self) -> (Vec<u8>, Vec<u8>, Vec<Vec<u8>>) {
        let givens = self.cells.iter().zip(&self.placed).map(|(&v, &p)| if p { 0 } else { v }).collect();
        let placed = self.cells.iter().zip(&self.placed).map(|(&v, &p)| if p { v } else { 0 }).collect();
        let cand = self.cand.iter().map(|&m| crate::human::digit_list(m)).collect();
        (givens, placed, cand)
    }

    /// The board's mistakes, against `solution` (the puzzle's one solution, or `None` when the
    /// givens have none or several: then only what needs no solution is reported, clashes and
    /// empty cells, with a row saying why). A last row of kind `board` says whether the board
    /// still has a solution.
    pub fn check(&self, solution: Option<&Grid>, why_none: &str) -> Vec<Mistake> {
        let n = self.size();
        let at = |c: usize| (c / n + 1, c % n + 1);
        let mut out = Vec::new();
        let mut push = |kind, c: usize, digit: u8, explanation: String| {
            let (row, col) = at(c);
            out.push(Mistake { kind, row, col, digit, explanation });
        };
        if let Some(s) = solution {
            for c in 0..self.cells.len() {
                if self.placed[c] && self.cells[c] != s.cells()[c] {
                    push(
                        MistakeKind::WrongDigit,
                        c,
                        self.cells[c],
                        format!(
                            "{} holds {}, but the solution has {} there",
                            self.name(c),
                            symbol(self.cells[c]),
                            symbol(s.cells()[c])
                        ),
                    );
                }
            }
        }
        let left = self.left_all();
        for c in 0..self.cells.len() {
            if self.cells[c] != 0 {
                continue;
            }
            // The candidates a digit of the cell's units holds (one pass over the board), then a
            // search for the peer only for those.
            let clashing = self.cand[c] & !left[c];
            for d in 1..=n as u8 {
                if clashing >> (d - 1) & 1 == 0 {
                    continue;
                }
                if let Some(&p) = self.geometry().peers(c).iter().find(|&&p| self.cells[p as usize] == d) {
                    push(
                        MistakeKind::Clash,
                        c,
                        d,
                        format!(
                            "{} has the candidate {}, which {} already holds",
                            self.name(c),
                            symbol(d),
                            self.name(p as usize)
                        ),
                    );
                }
            }
            if self.cand[c] == 0 {
                push(MistakeKind::NoCandidate, c, 0, format!("{} has no candidate left", self.name(c)));
            }
            if let Some(s) = solution {
                let d = s.cells()[c];
                if self.cand[c] >> (d - 1) & 1 == 0 {
                    push(
                        MistakeKind::RemovedCandidate,
                        c,
                        d,
                        format!("{} lost the candidate {}, the solution's digit there", self.name(c), symbol(d)),
                    );
                }
            }
        }
        let broken = out.iter().any(|m| {
            matches!(m.kind, MistakeKind::WrongDigit | MistakeKind::RemovedCandidate | MistakeKind::NoCandidate)
        });
        let verdict = match solution {
            Some(_) if broken => "the board has no solution left: the mistakes above must be undone",
            Some(_) => "the board still leads to the puzzle's solution",
            None => why_none,
        };
        out.push(Mistake { kind: MistakeKind::Board, row: 0, col: 0, digit: 0, explanation: verdict.to_string() });
        out
    }
}

impl Board {
    /// The puzzle's solution: the one solution of the givens, or why there is none to compare
    /// with (no solution, or more than one).
    ///
    /// The puzzle is the givens; a board without givens is a pencil-mark puzzle (a sukaku), whose
    /// puzzle is its candidates and placed digits.
    pub fn solution(&self, interrupt: &mut dyn FnMut() -> bool) -> Result<Result<Grid, String>, crate::Interrupted> {
        let givens = self.givens();
        if givens.cells().iter().all(|&v| v == 0) {
            let lay = crate::variant::Layout::classic(self.shape);
            let found = crate::search::solutions_of_candidates(&self.cells, &self.masks(), lay, 2, interrupt)?;
            return Ok(match found.len() {
                0 => Err("the candidates (a pencil-mark puzzle: the board has no givens) have no solution".into()),
                1 => Ok(found.into_iter().next().expect("one")),
                _ => {
                    Err("the candidates (a pencil-mark puzzle: the board has no givens) have more than one solution, \
                          so no digit or candidate can be called wrong"
                        .into())
                }
            });
        }
        if !givens.is_valid() {
            return Ok(Err("the givens break a rule (a digit twice in a unit)".into()));
        }
        Ok(match crate::search::unique_solution_with(&givens, interrupt)? {
            Ok(s) => Ok(s),
            Err(0) => Err("the givens have no solution".into()),
            Err(_) => {
                Err("the givens have more than one solution, so no digit or candidate can be called wrong".into())
            }
        })
    }

    /// The puzzle's solution when steps may be taken from this board, or why not, `what` first
    /// (`no hint`, `no steps`, ...): the puzzle has no single solution, or the board holds
    /// mistakes (the first is named; [`Board::check`] lists them all): deducing from an error
    /// would mislead.
    pub fn ready(
        &self,
        what: &str,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<Result<Grid, String>, crate::Interrupted> {
        let solution = match self.solution(interrupt)? {
            Ok(s) => s,
            Err(why) => return Ok(Err(format!("{what}: {why}"))),
        };
        let mistakes = self.check(Some(&solution), "");
        if let Some(m) = mistakes.iter().find(|m| m.kind != MistakeKind::Board) {
            let more = mistakes.len() - 2;
            return Ok(Err(format!(
                "{what} from a board with mistakes: {}{} (sudoku.check lists them)",
                m.explanation,
                if more > 0 { format!(", and {more} more") } else { String::new() }
            )));
        }
        Ok(Ok(solution))
    }

    /// The run of Sudoku Explainer's path from this board's candidates (`fill_steps`), or why
    /// there is none ([`Board::ready`]).
    pub fn steps(
        &self,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<Result<crate::human::Steps, String>, crate::Interrupted> {
        Ok(self
            .ready("no steps", interrupt)?
            .map(|solution| crate::human::Steps::from_board(self, &solution, crate::human::Selection::all(), true)))
    }

    /// The Sudoku Explainer rating of this board from its candidates, as Sukaku Explainer rates
    /// a pencil-mark puzzle ([`crate::human::explainer::se_steps_of_board`]), with or without
    /// the uniqueness techniques; or why there is none (not 9x9, [`Board::ready`]).
    pub fn se_rating(
        &self,
        uniqueness: bool,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<Result<crate::human::explainer::SeRating, String>, crate::Interrupted> {
        use crate::human::explainer::{se_steps_of_board, SeError};
        if self.shape != Shape::NINE {
            return Ok(Err(SeError::NotNine.to_string()));
        }
        if let Err(why) = self.ready("no Sudoku Explainer rating", interrupt)? {
            return Ok(Err(why));
        }
        match se_steps_of_board(self, uniqueness, interrupt) {
            Ok((r, _)) => Ok(Ok(r)),
            Err(SeError::Interrupted) => Err(crate::Interrupted),
            Err(e) => Ok(Err(format!("no Sudoku Explainer rating: {e}"))),
        }
    }

    /// The next step of Sudoku Explainer's path from this board's candidates (`hint`), or why
    /// there is none ([`Board::ready`]). `Ok(Ok(None))` for a solved board.
    pub fn hint(
        &self,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Result<Result<Option<crate::human::Step>, String>, crate::Interrupted> {
        let solution = match self.ready("no hint", interrupt)? {
            Ok(s) => s,
            Err(why) => return Ok(Err(why)),
        };
        let mut run = crate::human::Steps::from_board(self, &solution, crate::human::Selection::all(), true);
        run.next_with(interrupt).map(Ok)
    }
}

/// The cells of a library line's field: symbols, `.` or `0` for open, `+` before a placed
/// digit; `start` is the field's position in the text, for errors.
fn read_cells(field: &str, start: usize) -> Result<(Vec<u8>, Vec<bool>), GridError> {
    let mut values = Vec::new();
    let mut placed = Vec::new();
    let mut plus = false;
    for (i, ch) in field.chars().enumerate() {
        if values.len() > MAX_CELLS {
            return Err(syntax(format!("too many cells at position {}", start + i + 1)));
        }
        match ch {
            '+' if !plus => plus = true,
            '.' | '0' if !plus => {
                values.push(0);
                placed.push(false);
            }
            _ => match digit_of(ch) {
                Some(d) => {
                    values.push(d);
                    placed.push(plus);
                    plus = false;
                }
                None => return Err(syntax(format!("unknown symbol {ch:?} at position {}", start + i + 1))),
            },
        }
    }
    if plus {
        return Err(syntax(format!("a + at the end of the cells (position {})", start + field.len())));
    }
    Ok((values, placed))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn a_grid_is_the_board_of_every_candidate_its_digits_leave() {
        let g = Grid::parse(PUZZLE).unwrap();
        let b = Board::from_grid(&g);
        assert_eq!(b.digits(), g);
        assert_eq!(b.givens(), g);
        // r1c2 sees 4 and 8 and 5 in its row, 3 in its box and column 2's 2.
        assert_eq!(b.candidates(1) & (1 << 3), 0);
        assert_eq!(b.to_library_line().unwrap(), format!(":0000:x:{}:::", PUZZLE));
    }

    #[test]
    fn every_form_reads_back() {
        let g = Grid::parse(PUZZLE).unwrap();
        let mut b = Board::from_grid(&g);
        b.place(1, 2, 1).unwrap();
        b.pencil(1, 3, 2, false).unwrap();
        b.pencil(9, 9, 9, false).unwrap();
        for text in [b.to_library_line().unwrap(), b.to_sukaku(), b.pretty(), b.to_text()] {
            assert_eq!(Board::parse(&text).unwrap(), b, "{text}");
        }
        assert_eq!(Board::from_bytes(&b.to_bytes()).unwrap(), b);
        // An open cell of one candidate, and one of none, stay open in the pencil-mark grid.
        let mut single = b.clone();
        for d in 2..=9 {
            single.pencil(1, 3, d, false).unwrap();
        }
        single.pencil(1, 3, 1, true).unwrap();
        single.pencil(9, 8, 1, false).unwrap();
        for d in 1..=9 {
            single.pencil(9, 9, d, false).unwrap();
        }
        assert_eq!(Board::parse(&single.pretty()).unwrap(), single, "{}", single.pretty());
        // A clash makes the text the sukaku form.
        b.pencil(1, 3, 4, true).unwrap();
        assert!(b.to_library_line().is_none());
        assert_eq!(Board::parse(&b.to_text()).unwrap(), b);
    }

    #[test]
    fn a_hint_starts_from_the_pencilled_candidates() {
        let g = Grid::parse(PUZZLE).unwrap();
        let mut never = || false;
        let b = Board::from_grid(&g);
        // The first hint of the board of a grid is the grid's.
        let first = b.hint(&mut never).unwrap().unwrap().unwrap();
        let of_grid = crate::human::hint_with(&g, &mut never).unwrap().unwrap().unwrap();
        assert_eq!(
            (first.technique, &first.eliminated, first.placed),
            (of_grid.technique, &of_grid.eliminated, of_grid.placed)
        );
        // With the first step's eliminations made on the board, the hint moves on.
        let mut after = b.clone();
        for &(c, d) in &first.eliminated {
            after.pencil((c / 9 + 1) as i64, (c % 9 + 1) as i64, d as i64, false).unwrap();
        }
        if let Some((c, d)) = first.placed {
            after.place((c / 9 + 1) as i64, (c % 9 + 1) as i64, d as i64).unwrap();
        }
        let next = after.hint(&mut never).unwrap().unwrap().unwrap();
        assert!(next.eliminated != first.eliminated || next.placed != first.placed);
        // A removed candidate of the solution: no hint, and check names it.
        let s = crate::solve(&g).unwrap();
        let mut wrong = b.clone();
        let c = (0..81).find(|&c| g.cells()[c] == 0).unwrap();
        wrong.pencil((c / 9 + 1) as i64, (c % 9 + 1) as i64, s.cells()[c] as i64, false).unwrap();
        assert!(wrong.hint(&mut never).unwrap().is_err());
        let found = wrong.check(Some(&s), "");
        assert_eq!(found[0].kind, MistakeKind::RemovedCandidate);
        assert_eq!((found[0].row - 1) * 9 + found[0].col - 1, c);
    }

    #[test]
    fn moves_and_their_errors() {
        let mut b = Board::from_grid(&Grid::parse(PUZZLE).unwrap());
        assert!(b.place(1, 1, 3).is_err(), "a given");
        assert!(b.place(1, 2, 10).is_err());
        assert!(b.place(0, 2, 1).is_err());
        b.place(1, 2, 1).unwrap();
        assert_eq!(b.candidates(2) & 1, 0, "the digit left its peers");
        b.erase(1, 2).unwrap();
        assert_ne!(b.candidates(1) & 1, 0);
        assert!(b.pencil(1, 1, 2, false).is_err(), "a filled cell");
    }
}
