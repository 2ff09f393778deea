//! Pictures of grids: an SVG document of a grid the way it is drawn on paper, for every size
//! (4x4 to 25x25) with its symbols (`1`-`9`, then `A`-`P`).
//!
//! Thick lines around the boxes and the whole grid, thin lines between cells; givens in bold
//! black; the digits a second grid (a solution, or any position that keeps the givens) adds in
//! blue; on request, the candidates of each cell still blank, in small grey type placed on a
//! `box side` x `box side` pencil-mark grid inside the cell (digit 1 top left), as printed
//! Sudoku books do. A step of the path ([`svg_step`]) adds its cells highlighted, its placement
//! in green, the candidates it removes struck in red and a chain's links as arrows.

mod marks;

use crate::grid::{Grid, SYMBOLS};
use crate::variant::constraints::Constraints;
use crate::variant::{Layout, UnitKind};
use crate::views::candidate_masks;
use std::fmt::Write;

/// Why a picture cannot be drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PictureError {
    /// The second grid's size differs from the grid's.
    SizeMismatch { grid: usize, solution: usize },
    /// The second grid changes a given of the grid (row and column from 1).
    GivenChanged { row: usize, col: usize },
    /// A step names a cell (0-based) or digit outside the grid.
    OutOfGrid { cell: usize, digit: u8 },
}

impl std::fmt::Display for PictureError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PictureError::SizeMismatch { grid, solution } => {
                write!(f, "the solution is {solution}x{solution}, the grid {grid}x{grid}")
            }
            PictureError::GivenChanged { row, col } => {
                write!(f, "the solution changes the given at row {row}, column {col}")
            }
            PictureError::OutOfGrid { cell, digit } => {
                write!(f, "the step names cell {cell} (from 0) or digit {digit}, outside the grid")
            }
        }
    }
}

impl std::error::Error for PictureError {}

/// Pixels per cell, by grid size: the picture is 246 (4x4), 402 (9x9), 550 (16x16) or 706 (25x25) pixels wide.
fn cell_px(n: usize) -> usize {
    match n {
        4 => 60,
        9 => 44,
        16 => 34,
        _ => 28,
    }
}

/// Room around the grid for half of the thick border line.
const MARGIN: usize = 3;
const GIVEN_COLOUR: &str = "#000000";
const ADDED_COLOUR: &str = "#1c5fd6";
const CANDIDATE_COLOUR: &str = "#6b6b6b";
const THIN_COLOUR: &str = "#a0a0a0";
const THICK_COLOUR: &str = "#101010";

/// The width and height in pixels of the picture of an `n` x `n` grid.
pub fn svg_side(n: usize) -> usize {
    n * cell_px(n) + 2 * MARGIN
}

/// The SVG document of `grid`: givens in bold black, the digits `solution` adds (its cells that
/// are blank in `grid`) in blue, and with `candidates` the candidates of every cell blank in
/// both, computed on the position drawn (the grid with the solution's digits). The document is
/// [`svg_side`] pixels square. Errors when `solution` differs in size or changes a given.
pub fn svg(grid: &Grid, solution: Option<&Grid>, candidates: bool) -> Result<String, PictureError> {
    draw(grid, solution, candidates, None, None, None, None)
}

/// What a step adds to the picture of the grid before it.
#[derive(Clone, Debug, Default)]
pub struct StepMarks {
    /// The cells the step rests on, highlighted.
    pub cells: Vec<usize>,
    /// The digit placed, as (cell, digit): drawn in green.
    pub placed: Option<(usize, u8)>,
    /// The candidates removed, as (cell, digit): struck through in red.
    pub eliminated: Vec<(usize, u8)>,
    /// A chain's links, each (from, to) as (cell, digit, on): an arrow between the candidates,
    /// solid to a candidate that is on (a strong inference), dashed to one that is off.
    pub links: Vec<((usize, u8, bool), (usize, u8, bool))>,
    /// A finned fish's fins (cells among `cells`): highlighted in blue instead.
    pub fins: Vec<usize>,
}

/// The picture of a step on the grid before it (`before`): the candidates its digits leave, the
/// cells the step rests on highlighted in yellow, the digit it places in green, the candidates
/// it removes struck in red, and a chain's links as orange arrows between candidates. Errors
/// when a cell or digit is outside the grid.
pub fn svg_step(before: &Grid, marks: &StepMarks) -> Result<String, PictureError> {
    marks.check(before.size())?;
    draw(before, None, true, None, Some(marks), None, None)
}

impl StepMarks {
    /// Every cell and digit the marks name lies in an `n` x `n` grid.
    fn check(&self, n: usize) -> Result<(), PictureError> {
        let cells = self.cells.iter().chain(&self.fins).copied();
        let links = self.links.iter().flat_map(|&(a, z)| [(a.0, a.1), (z.0, z.1)]);
        let all = cells.map(|c| (c, 1)).chain(self.placed).chain(self.eliminated.iter().copied()).chain(links);
        for (c, d) in all {
            if c >= n * n || d == 0 || d as usize > n {
                return Err(PictureError::OutOfGrid { cell: c, digit: d });
            }
        }
        Ok(())
    }
}

/// The picture of a player's board ([`crate::board::Board`]): its givens in bold black, the
/// digits the player placed in blue, and in every open cell the candidates the player has
/// pencilled (not those the digits leave); with `marks`, a step found on that board drawn over
/// it as [`svg_step`] draws one. Errors when a mark is outside the grid.
pub fn svg_board(board: &crate::board::Board, marks: Option<&StepMarks>) -> Result<String, PictureError> {
    let n = board.size();
    if let Some(m) = marks {
        m.check(n)?;
    }
    // A filled cell's candidates are none.
    let masks: Vec<u32> = (0..n * n).map(|c| board.candidates(c)).collect();
    draw(&board.givens(), Some(&board.digits()), true, None, marks, Some(&masks), None)
}

/// [`svg`] under variant rules (their [`Layout`] for the grid's size): the cells of the
/// diagonals and of the windows shaded, thick lines between regions (jigsaw) instead of boxes,
/// each cage outlined with a dashed line inside its cells and its sum small in its first cell
/// (row-major), and the candidates those of [`crate::variant::candidates`]. With the rules'
/// `constraints`, their marks as f-puzzles draws them (see the module `marks`): lines,
/// thermometers, arrows, dots, shapes in the cells; with clues outside the grid (sandwiches,
/// X-sums, skyscrapers, little killers) the picture gains a border of one cell for them.
pub fn svg_variant(
    grid: &Grid,
    solution: Option<&Grid>,
    candidates: bool,
    layout: &Layout,
    constraints: Option<&Constraints>,
) -> Result<String, PictureError> {
    let inner = draw(grid, solution, candidates, Some(layout), None, None, constraints)?;
    let Some(con) = constraints.filter(|c| marks::has_outside(c)) else {
        return Ok(inner);
    };
    // A border of one cell: the grid's picture nested at (cell, cell), the clues around it.
    let (n, cell) = (grid.size(), cell_px(grid.size()));
    let side = svg_side(n) + 2 * cell;
    let mut out = String::with_capacity(inner.len() + 2048);
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{side}\" height=\"{side}\" viewBox=\"0 0 {side} {side}\" \
         font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">\n\
         <rect width=\"{side}\" height=\"{side}\" fill=\"#ffffff\"/>\n"
    );
    out.push_str(&inner.replacen("<svg ", &format!("<svg x=\"{cell}\" y=\"{cell}\" "), 1));
    marks::draw_outside(&mut out, con, &marks::Frame { n, cell, origin: MARGIN + cell });
    out.push_str("</svg>\n");
    Ok(out)
}

const SHADE_COLOUR: &str = "#e4e4e4";
const HIGHLIGHT_COLOUR: &str = "#fff0a0";
const FIN_COLOUR: &str = "#b8dcff";
const PLACED_COLOUR: &str = "#178a36";
const STRUCK_COLOUR: &str = "#d62020";
const LINK_COLOUR: &str = "#f08c00";
const CAGE_COLOUR: &str = "#303030";

/// Squares of `colour` under the cells listed (none: nothing), on a grid of `n` cells a side of
/// `cell` pixels.
fn fill_cells(out: &mut String, colour: &str, cells: &[usize], n: usize, cell: usize) {
    if cells.is_empty() {
        return;
    }
    let _ = write!(out, "<g fill=\"{colour}\">");
    for &i in cells {
        let (x, y) = (MARGIN + i % n * cell, MARGIN + i / n * cell);
        let _ = write!(out, "<rect x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\"/>");
    }
    out.push_str("</g>\n");
}

/// The picture, classic or under a layout.
fn draw(
    grid: &Grid,
    solution: Option<&Grid>,
    candidates: bool,
    layout: Option<&Layout>,
    marks: Option<&StepMarks>,
    own: Option<&[u32]>,
    constraints: Option<&Constraints>,
) -> Result<String, PictureError> {
    let n = grid.size();
    let (box_rows, box_cols) = (grid.shape().box_rows(), grid.shape().box_cols());
    if let Some(s) = solution {
        if s.size() != n {
            return Err(PictureError::SizeMismatch { grid: n, solution: s.size() });
        }
        if let Some(i) = grid.cells().iter().zip(s.cells()).position(|(&g, &v)| g != 0 && g != v) {
            return Err(PictureError::GivenChanged { row: i / n + 1, col: i % n + 1 });
        }
    }
    // The position drawn: the solution when there is one (it keeps the givens).
    let position = solution.unwrap_or(grid);
    let shown = position.cells();
    let cell = cell_px(n);
    let side = svg_side(n);
    let span = n * cell;
    let mut out = String::with_capacity(4096 + n * n * 96);
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{side}\" height=\"{side}\" viewBox=\"0 0 {side} {side}\" \
         font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">\n\
         <rect width=\"{side}\" height=\"{side}\" fill=\"#ffffff\"/>\n"
    );
    if let Some(lay) = layout {
        // Shaded cells: those of the diagonals and windows.
        let mut shaded = vec![false; n * n];
        for (kind, unit) in &lay.units {
            if matches!(kind, UnitKind::Diagonal | UnitKind::Window) {
                for &c in unit {
                    shaded[c as usize] = true;
                }
            }
        }
        let cells: Vec<usize> = (0..n * n).filter(|&i| shaded[i]).collect();
        fill_cells(&mut out, SHADE_COLOUR, &cells, n, cell);
    }
    let frame = marks::Frame { n, cell, origin: MARGIN };
    if let Some(con) = constraints {
        marks::draw_tints(&mut out, con, &frame);
    }
    if let Some(m) = marks {
        let body: Vec<usize> = m.cells.iter().copied().filter(|c| !m.fins.contains(c)).collect();
        fill_cells(&mut out, HIGHLIGHT_COLOUR, &body, n, cell);
        fill_cells(&mut out, FIN_COLOUR, &m.fins, n, cell);
    }
    // Thin lines between cells, then thick lines around boxes (regions) and the grid on top.
    let mut thin = String::new();
    let mut thick = String::new();
    match layout {
        None => {
            // Boxes of R rows and C columns: a thick line every R rows and every C columns;
            // without boxes, only the grid's edges.
            let edge = |k: usize, every: usize| k == 0 || k == n || (every > 0 && k % every == 0);
            for k in 0..=n {
                let at = MARGIN + k * cell;
                let across = if edge(k, box_rows) { &mut thick } else { &mut thin };
                let _ = write!(across, "M{MARGIN} {at}h{span}");
                let down = if edge(k, box_cols) { &mut thick } else { &mut thin };
                let _ = write!(down, "M{at} {MARGIN}v{span}");
            }
        }
        Some(lay) => {
            for k in 1..n {
                let at = MARGIN + k * cell;
                let _ = write!(thin, "M{MARGIN} {at}h{span}M{at} {MARGIN}v{span}");
            }
            let _ = write!(thick, "M{MARGIN} {MARGIN}h{span}v{span}h-{span}z");
            let region = &lay.region_of;
            for r in 0..n {
                for c in 0..n {
                    let (x, y) = (MARGIN + c * cell, MARGIN + r * cell);
                    // The right and bottom sides of a cell that border another region.
                    if c + 1 < n && region[r * n + c] != region[r * n + c + 1] {
                        let _ = write!(thick, "M{} {y}v{cell}", x + cell);
                    }
                    if r + 1 < n && region[r * n + c] != region[(r + 1) * n + c] {
                        let _ = write!(thick, "M{x} {}h{cell}", y + cell);
                    }
                }
            }
        }
    }
    let _ = writeln!(out, "<path d=\"{thin}\" stroke=\"{THIN_COLOUR}\" stroke-width=\"1\" fill=\"none\"/>");
    let _ = writeln!(
        out,
        "<path d=\"{thick}\" stroke=\"{THICK_COLOUR}\" stroke-width=\"3\" stroke-linecap=\"square\" fill=\"none\"/>"
    );
    // Cages with a sum (the layout's) and without (the constraints').
    let mut cages: Vec<(Option<u32>, Vec<u16>)> =
        layout.map_or(Vec::new(), |l| l.cages.iter().map(|(s, c)| (Some(*s), c.clone())).collect());
    for plain in constraints.map_or(&[][..], |c| &c.plain_cages[..]) {
        let cells = plain.iter().map(|&(r, c)| ((r as usize - 1) * n + c as usize - 1) as u16).collect();
        cages.push((None, cells));
    }
    if !cages.is_empty() {
        // Cages: a dashed line inset in each cell along the sides the cage does not cross; the
        // sum top left of its first cell.
        let inset = (cell / 10).max(3);
        let mut cage_of = vec![usize::MAX; n * n];
        for (k, (_, cells)) in cages.iter().enumerate() {
            for &c in cells {
                cage_of[c as usize] = k;
            }
        }
        let mut dashes = String::new();
        for (i, &k) in cage_of.iter().enumerate() {
            if k == usize::MAX {
                continue;
            }
            let (r, c) = (i / n, i % n);
            let same = |rr: isize, cc: isize| {
                rr >= 0
                    && cc >= 0
                    && (rr as usize) < n
                    && (cc as usize) < n
                    && cage_of[rr as usize * n + cc as usize] == k
            };
            let (x0, y0) = (MARGIN + c * cell + inset, MARGIN + r * cell + inset);
            let (x1, y1) = (MARGIN + (c + 1) * cell - inset, MARGIN + (r + 1) * cell - inset);
            let (ri, ci) = (r as isize, c as isize);
            // Each side runs to the cell's edge where the cage goes on, so neighbours join up.
            let left = if same(ri, ci - 1) { MARGIN + c * cell } else { x0 };
            let right = if same(ri, ci + 1) { MARGIN + (c + 1) * cell } else { x1 };
            let top = if same(ri - 1, ci) { MARGIN + r * cell } else { y0 };
            let bottom = if same(ri + 1, ci) { MARGIN + (r + 1) * cell } else { y1 };
            if !same(ri - 1, ci) {
                let _ = write!(dashes, "M{left} {y0}H{right}");
            }
            if !same(ri + 1, ci) {
                let _ = write!(dashes, "M{left} {y1}H{right}");
            }
            if !same(ri, ci - 1) {
                let _ = write!(dashes, "M{x0} {top}V{bottom}");
            }
            if !same(ri, ci + 1) {
                let _ = write!(dashes, "M{x1} {top}V{bottom}");
            }
        }
        let _ = writeln!(
            out,
            "<path d=\"{dashes}\" stroke=\"{CAGE_COLOUR}\" stroke-width=\"1\" stroke-dasharray=\"3 2\" fill=\"none\"/>"
        );
        let sum_size = (cell * 24 / 100).max(7);
        let _ = writeln!(out, "<g fill=\"{CAGE_COLOUR}\" font-size=\"{sum_size}\">");
        for (sum, cells) in cages.iter().filter_map(|(s, c)| Some((s.as_ref()?, c))) {
            let first = *cells.iter().min().expect("a cage has cells") as usize;
            let (x, y) = (MARGIN + first % n * cell + inset + 1, MARGIN + first / n * cell + inset + sum_size);
            let _ = writeln!(out, "<text x=\"{x}\" y=\"{y}\">{sum}</text>");
        }
        out.push_str("</g>\n");
    }
    if let Some(con) = constraints {
        marks::draw_marks(&mut out, con, &frame);
    }
    let digit_size = cell * 62 / 100;
    let centre = |i: usize| MARGIN + i * cell + cell / 2;
    let mut texts = |colour: &str, weight: &str, keep: &dyn Fn(usize) -> bool| {
        let _ = writeln!(
            out,
            "<g fill=\"{colour}\" font-size=\"{digit_size}\" font-weight=\"{weight}\" text-anchor=\"middle\" \
             dominant-baseline=\"central\">"
        );
        for (i, &v) in shown.iter().enumerate() {
            if v != 0 && keep(i) {
                let _ = writeln!(
                    out,
                    "<text x=\"{}\" y=\"{}\">{}</text>",
                    centre(i % n),
                    centre(i / n),
                    SYMBOLS[v as usize - 1] as char
                );
            }
        }
        out.push_str("</g>\n");
    };
    texts(GIVEN_COLOUR, "bold", &|i| grid.cells()[i] != 0);
    texts(ADDED_COLOUR, "normal", &|i| grid.cells()[i] == 0);
    if let Some((c, d)) = marks.and_then(|m| m.placed) {
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" fill=\"{PLACED_COLOUR}\" font-size=\"{digit_size}\" font-weight=\"bold\" \
             text-anchor=\"middle\" dominant-baseline=\"central\">{}</text>",
            centre(c % n),
            centre(c / n),
            SYMBOLS[d as usize - 1] as char
        );
    }
    // Where a candidate sits: digit d + 1 at row d / b, column d % b of the cell's pencil marks.
    // Candidates in a square of side ceil(sqrt(n)) small places (3 for 9x9, 4 for 12x12).
    let b = (1..=n).find(|k| k * k >= n).unwrap_or(1);
    let small = cell / b;
    let spot = |i: usize, d: usize| {
        (
            MARGIN + (i % n) * cell + (d % b) * small + small / 2 + (cell % b) / 2,
            MARGIN + (i / n) * cell + (d / b) * small + small / 2 + (cell % b) / 2,
        )
    };
    let placed_cell = marks.and_then(|m| m.placed).map(|(c, _)| c);
    let struck = |i: usize, d: usize| marks.is_some_and(|m| m.eliminated.contains(&(i, d as u8 + 1)));
    if candidates {
        let size = (small * 85 / 100).max(4);
        let _ = writeln!(
            out,
            "<g fill=\"{CANDIDATE_COLOUR}\" font-size=\"{size}\" text-anchor=\"middle\" dominant-baseline=\"central\">"
        );
        let masks = match (own, layout) {
            (Some(own), _) => own.to_vec(),
            (None, None) => candidate_masks(position),
            (None, Some(lay)) => {
                let all = crate::variant::candidates(position, lay).unwrap_or_else(|| vec![0; n * n]);
                all.into_iter().enumerate().map(|(i, m)| if shown[i] == 0 { m } else { 0 }).collect()
            }
        };
        let mut strikes = String::new();
        for (i, mask) in masks.into_iter().enumerate() {
            if Some(i) == placed_cell {
                continue;
            }
            let mut left = mask;
            while left != 0 {
                let d = left.trailing_zeros() as usize;
                left &= left - 1;
                let (x, y) = spot(i, d);
                if struck(i, d) {
                    let _ = write!(
                        strikes,
                        "<text x=\"{x}\" y=\"{y}\">{}</text><path d=\"M{} {}l{} -{}\"/>",
                        SYMBOLS[d] as char,
                        x - small / 2 + 1,
                        y + small / 2 - 1,
                        small - 2,
                        small - 2
                    );
                } else {
                    let _ = writeln!(out, "<text x=\"{x}\" y=\"{y}\">{}</text>", SYMBOLS[d] as char);
                }
            }
        }
        out.push_str("</g>\n");
        if !strikes.is_empty() {
            let _ = writeln!(
                out,
                "<g fill=\"{STRUCK_COLOUR}\" stroke=\"{STRUCK_COLOUR}\" stroke-width=\"2\" font-size=\"{size}\" \
                 font-weight=\"bold\" text-anchor=\"middle\" dominant-baseline=\"central\">{strikes}</g>"
            );
        }
    }
    if let Some(m) = marks.filter(|m| !m.links.is_empty()) {
        let _ = writeln!(
            out,
            "<defs><marker id=\"arrow\" viewBox=\"0 0 6 6\" refX=\"6\" refY=\"3\" markerWidth=\"6\" \
             markerHeight=\"6\" orient=\"auto\"><path d=\"M0 0L6 3L0 6z\" fill=\"{LINK_COLOUR}\"/></marker></defs>"
        );
        let _ = writeln!(out, "<g stroke=\"{LINK_COLOUR}\" stroke-width=\"2\" fill=\"none\">");
        for &((c1, d1, _), (c2, d2, on)) in &m.links {
            let ((x1, y1), (x2, y2)) = (spot(c1, d1 as usize - 1), spot(c2, d2 as usize - 1));
            let dash = if on { "" } else { " stroke-dasharray=\"4 3\"" };
            let _ = writeln!(
                out,
                "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\"{dash} marker-end=\"url(#arrow)\"/>"
            );
        }
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_draw_their_units_and_cages() {
        use crate::variant::{Cage, Rules};
        let p = Grid::empty(9).unwrap();
        let x = Rules { diagonals: true, windows: true, ..Rules::default() }.layout(9).unwrap();
        // 17 diagonal cells and 36 window cells, 3 of each window's on a diagonal.
        assert_eq!(svg_variant(&p, None, false, &x, None).unwrap().matches("<rect x=").count(), 17 + 36 - 12);
        let killer = Rules {
            cages: vec![Cage { sum: 3, cells: vec![(1, 1), (1, 2)] }, Cage { sum: 17, cells: vec![(9, 8), (9, 9)] }],
            ..Rules::default()
        };
        let doc = svg_variant(&p, None, true, &killer.layout(9).unwrap(), None).unwrap();
        assert!(doc.contains(">3</text>") && doc.contains(">17</text>") && doc.contains("stroke-dasharray"));
        // The cage's cells have only 1 and 2 (and 8 and 9) left as candidates.
        assert!(doc.matches("<text").count() > 2 + 4);
    }

    /// Every constraint has its mark: the rules of every key drawn, each mark counted.
    #[test]
    fn constraints_draw_as_f_puzzles_does() {
        use crate::variant::Rules;
        let rules = Rules::from_json(&crate::variant::constraints::every_key()).unwrap();
        let p = Grid::empty(9).unwrap();
        let lay = rules.layout(9).unwrap();
        let plain = svg_variant(&p, None, false, &lay, None).unwrap();
        let doc = svg_variant(&p, None, false, &lay, Some(&rules.constraints)).unwrap();
        // A border of one cell (44 pixels on 9x9) for the clues outside.
        assert!(doc.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"490\""), "{}", &doc[..120]);
        assert!(plain.contains("width=\"402\""));
        // Two bulbs, two between-line ends, an arrow's pill of two cells (grey, then white), a
        // black and a white dot, a quadruple, an odd cell, three counting circles.
        assert_eq!(doc.matches("<circle").count(), 2 + 2 + 4 + 2 + 1 + 1 + 3);
        // Outside: the sandwich, X-sum and skyscraper numbers and the little killer; the dot's 3,
        // the X, the cage's sum.
        for text in [">12</text>", ">20</text>", ">3</text>", ">10</text>", ">X</text>", ">7</text>"] {
            assert!(doc.contains(text), "{text}");
        }
        // Twelve lines in their colours: two whispers, renban, palindrome, between, region-sum,
        // entropic, modular, zipper, two sum lines (a loop, closed) and a lunchbox.
        assert_eq!(doc.matches("opacity=\"0.8\"").count(), 12);
        assert!(doc.contains("d=\"M113.0 333.0L157.0 333.0L157.0 377.0L113.0 377.0L113.0 333.0\""));
        // Tints: a clone pair, an extra region, minimum and maximum; the even cell's square.
        assert!(
            doc.contains("#dfe7ff") && doc.contains("#ececec") && doc.contains("#d8ecff") && doc.contains("#ffdede")
        );
        // Indexing cells: a column-indexing cell and a row-indexing cell.
        assert!(doc.contains("#ffe2c4") && doc.contains("#d6f2d6"));
        // Both cages are dashed (the dashed path grows by the cage without a sum); only the one
        // with a sum has a number.
        let dashes = |s: &str| s.split(" stroke-dasharray").next().unwrap().rsplit("<path d=\"").next().unwrap().len();
        assert!(dashes(&doc) > dashes(&plain) && dashes(&plain) > 0 && doc.contains(">3</text>"));
        // Rules without clues outside keep the picture's size.
        let inside = Rules::from_json(&serde_json::json!({"thermometers": [[[1, 1], [1, 2]]]})).unwrap();
        let doc = svg_variant(&p, None, false, &inside.layout(9).unwrap(), Some(&inside.constraints)).unwrap();
        assert!(doc.contains("width=\"402\"") && doc.matches("<circle").count() == 1);
    }

    #[test]
    fn every_cell_is_drawn_once() {
        let p =
            Grid::parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").unwrap();
        let s = crate::solve(&p).unwrap();
        // The classic layout draws the same picture as the classic rules.
        let classic = crate::variant::Rules::default().layout(9).unwrap();
        assert_eq!(
            svg_variant(&p, Some(&s), true, &classic, None).unwrap().matches("<text").count(),
            svg(&p, Some(&s), true).unwrap().matches("<text").count()
        );
        let doc = svg(&p, Some(&s), false).unwrap();
        assert_eq!(doc.matches("<text").count(), 81);
        assert_eq!(doc.matches("font-weight=\"bold\"").count(), 1);
        let alone = svg(&p, None, false).unwrap();
        assert_eq!(alone.matches("<text").count(), p.givens());
        // Candidates of the blank cells: as many marks as candidates in the views.
        let with = svg(&p, None, true).unwrap();
        let marks: u32 = crate::views::candidates(&p).map(|(_, m)| m.count_ones()).sum();
        assert_eq!(with.matches("<text").count(), p.givens() + marks as usize);
    }

    #[test]
    fn solution_must_keep_givens_and_size() {
        let p = Grid::parse(&format!("1{}", ".".repeat(80))).unwrap();
        let other = Grid::parse(&format!("2{}", ".".repeat(80))).unwrap();
        assert_eq!(svg(&p, Some(&other), false), Err(PictureError::GivenChanged { row: 1, col: 1 }));
        let small = Grid::empty(4).unwrap();
        assert_eq!(svg(&p, Some(&small), false), Err(PictureError::SizeMismatch { grid: 9, solution: 4 }));
    }
}
