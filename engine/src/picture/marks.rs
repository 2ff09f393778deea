//! The setters' constraints drawn the way f-puzzles draws them: thermometers as grey tubes with a
//! bulb, arrows as a circle (or pill) and a thin line ending in a head, lines in their colours
//! (whispers green, renban purple, palindromes grey, between lines blue with circles at the ends,
//! region-sum lines light blue, entropic orange, modular teal, zipper lavender, sum lines blue, a
//! loop closed, lunchboxes brown with their sum in the first cell), kropki dots white or black on
//! the edge between their cells (the value inside when it is not the default), X and V (or the sum)
//! on the edge, odd cells a grey circle, counting circles a grey ring, even cells a grey square,
//! minimum and maximum cells tinted blue and red, quadruples a white circle on the shared corner
//! holding the digits, clones, extra regions and indexing cells tinted (column indexing orange, row
//! indexing green), cages without a sum dashed; sandwiches, X-sums, skyscrapers, numbered rooms and
//! little killers as numbers outside the grid (a little killer with a small arrow along its
//! diagonal). Global rules (anti-knight, anti-king, anti-taxicab, non-consecutive, disjoint groups,
//! the negative constraints) have no mark, as in f-puzzles.

use crate::grid::SYMBOLS;
use crate::variant::constraints::{Cell, Clue, Constraints};
use std::fmt::Write;

const TUBE: &str = "#c8c8c8";
const ARROW: &str = "#8a8a8a";
const SHAPE: &str = "#b4b4b4";
const CLONE: &str = "#dfe7ff";
const EXTRA: &str = "#ececec";
const MINIMUM: &str = "#d8ecff";
const MAXIMUM: &str = "#ffdede";
const CLUE: &str = "#101010";
/// Line colours by kind, near f-puzzles' own.
const LINES: [(&str, &str); 10] = [
    ("whispers", "#5fcf5f"),
    ("renban", "#e070e0"),
    ("palindromes", "#b0b0b0"),
    ("between_lines", "#7aa8ff"),
    ("region_sum_lines", "#35c6ff"),
    ("entropic_lines", "#f0a030"),
    ("modular_lines", "#30b0a0"),
    ("zipper_lines", "#b98cf0"),
    ("sum_lines", "#4a7fd8"),
    ("lunchboxes", "#c89650"),
];
const INDEXING_COLUMNS: &str = "#ffe2c4";
const INDEXING_ROWS: &str = "#d6f2d6";

/// Whether any clue sits outside the grid: the picture then has a border of one cell for them.
pub(super) fn has_outside(con: &Constraints) -> bool {
    !(con.sandwiches.is_empty()
        && con.x_sums.is_empty()
        && con.skyscrapers.is_empty()
        && con.numbered_rooms.is_empty()
        && con.little_killers.is_empty())
}

/// The picture's geometry: cells of `cell` pixels, the grid's top-left corner at `origin`.
pub(super) struct Frame {
    pub n: usize,
    pub cell: usize,
    pub origin: usize,
}

impl Frame {
    /// The centre of a cell (row, column from 1).
    fn centre(&self, (r, c): Cell) -> (f64, f64) {
        let half = self.cell as f64 / 2.0;
        (
            self.origin as f64 + (c as f64 - 1.0) * self.cell as f64 + half,
            self.origin as f64 + (r as f64 - 1.0) * self.cell as f64 + half,
        )
    }

    fn path(&self, cells: &[Cell]) -> String {
        let mut d = String::new();
        for (k, &c) in cells.iter().enumerate() {
            let (x, y) = self.centre(c);
            let _ = write!(d, "{}{x:.1} {y:.1}", if k == 0 { "M" } else { "L" });
        }
        d
    }

    fn tint(&self, out: &mut String, colour: &str, cells: &[Cell]) {
        if cells.is_empty() {
            return;
        }
        let _ = write!(out, "<g fill=\"{colour}\">");
        for &(r, c) in cells {
            let (x, y) = (self.origin + (c as usize - 1) * self.cell, self.origin + (r as usize - 1) * self.cell);
            let _ = write!(out, "<rect x=\"{x}\" y=\"{y}\" width=\"{0}\" height=\"{0}\"/>", self.cell);
        }
        out.push_str("</g>\n");
    }
}

/// Tinted cells, drawn under the grid's lines: clones, extra regions, minimum and maximum.
pub(super) fn draw_tints(out: &mut String, con: &Constraints, f: &Frame) {
    for clone in &con.clones {
        f.tint(out, CLONE, &clone.cells);
        f.tint(out, CLONE, &clone.copy);
    }
    for region in &con.extra_regions {
        f.tint(out, EXTRA, region);
    }
    f.tint(out, MINIMUM, &con.minimum);
    f.tint(out, MAXIMUM, &con.maximum);
    f.tint(out, INDEXING_COLUMNS, &con.indexing_columns);
    f.tint(out, INDEXING_ROWS, &con.indexing_rows);
}

/// A path of round ends and joins, `extra` attributes added.
fn stroke(out: &mut String, d: &str, colour: &str, width: f64, extra: &str) {
    let _ = writeln!(
        out,
        "<path d=\"{d}\" stroke=\"{colour}\" stroke-width=\"{width:.1}\" stroke-linecap=\"round\" \
         stroke-linejoin=\"round\" fill=\"none\"{extra}/>"
    );
}

/// The marks inside the grid, drawn over its lines and under the digits.
pub(super) fn draw_marks(out: &mut String, con: &Constraints, f: &Frame) {
    let cell = f.cell as f64;
    // Thermometers: a tube and a bulb (slow ones: a hollow bulb).
    for (slow, list) in [(false, &con.thermometers), (true, &con.slow_thermometers)] {
        for thermo in list {
            stroke(out, &f.path(thermo), TUBE, cell * 0.3, "");
            let (x, y) = f.centre(thermo[0]);
            let fill = if slow { "#ffffff" } else { TUBE };
            let _ = writeln!(
                out,
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"{fill}\" stroke=\"{TUBE}\" stroke-width=\"{:.1}\"/>",
                cell * 0.38,
                cell * 0.08
            );
        }
    }
    // Lines of every other kind, in their colours.
    let closed: Vec<Vec<Cell>> = con
        .sum_lines
        .iter()
        .map(|l| l.cells.iter().chain(l.looped.then_some(&l.cells[0])).copied().collect())
        .collect();
    let lines: [Vec<&[Cell]>; 10] = [
        con.whispers.iter().map(|l| &l.cells[..]).collect(),
        con.renban.iter().map(|l| &l[..]).collect(),
        con.palindromes.iter().map(|l| &l[..]).collect(),
        con.between_lines.iter().map(|l| &l[..]).collect(),
        con.region_sum_lines.iter().map(|l| &l[..]).collect(),
        con.entropic_lines.iter().map(|l| &l[..]).collect(),
        con.modular_lines.iter().map(|l| &l.cells[..]).collect(),
        con.zipper_lines.iter().map(|l| &l[..]).collect(),
        closed.iter().map(|l| &l[..]).collect(),
        con.lunchboxes.iter().map(|l| &l.cells[..]).collect(),
    ];
    for ((_, colour), list) in LINES.iter().zip(&lines) {
        for line in list {
            stroke(out, &f.path(line), colour, cell * 0.16, " opacity=\"0.8\"");
        }
    }
    // A lunchbox's sum, small, in the top left corner of its first cell.
    for lunchbox in &con.lunchboxes {
        let (x, y) = f.centre(lunchbox.cells[0]);
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"{CLUE}\" font-size=\"{:.1}\">{}</text>",
            x - cell * 0.45,
            y - cell * 0.22,
            cell * 0.25,
            lunchbox.sum
        );
    }
    for line in &con.between_lines {
        for end in [line[0], line[line.len() - 1]] {
            let (x, y) = f.centre(end);
            let _ = writeln!(
                out,
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"#ffffff\" stroke=\"{}\" stroke-width=\"{:.1}\"/>",
                cell * 0.4,
                LINES[3].1,
                cell * 0.05
            );
        }
    }
    // Arrows: the circle (a pill around several cells) and each line with a head at its end.
    for arrow in &con.arrows {
        let r = cell * 0.4;
        // The circle: a grey disc per cell joined by a grey tube (a pill), then the same in
        // white, a little thinner, over it.
        let pill = f.path(&arrow.circle);
        let w = cell * 0.06;
        for (colour, radius) in [(ARROW, r), ("#ffffff", r - w)] {
            let _ = write!(
                out,
                "<path d=\"{pill}\" stroke=\"{colour}\" stroke-width=\"{:.1}\" stroke-linejoin=\"round\" fill=\"none\"/>",
                2.0 * radius
            );
            for &c in &arrow.circle {
                let (x, y) = f.centre(c);
                let _ = write!(out, "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{radius:.1}\" fill=\"{colour}\"/>");
            }
            out.push('\n');
        }
        for line in &arrow.lines {
            let start = arrow.start(line);
            let mut cells = vec![start];
            cells.extend(line);
            let (x0, y0) = f.centre(start);
            let (x1, y1) = f.centre(cells[1]);
            let len = ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt().max(1.0);
            // The line leaves the circle at its edge.
            let (sx, sy) = (x0 + (x1 - x0) / len * r, y0 + (y1 - y0) / len * r);
            let mut d = format!("M{sx:.1} {sy:.1}");
            for &c in &cells[1..] {
                let (x, y) = f.centre(c);
                let _ = write!(d, "L{x:.1} {y:.1}");
            }
            let (ex, ey) = f.centre(cells[cells.len() - 1]);
            let (px, py) = f.centre(cells[cells.len() - 2]);
            let len = ((ex - px).powi(2) + (ey - py).powi(2)).sqrt().max(1.0);
            let (ux, uy) = ((ex - px) / len, (ey - py) / len);
            let h = cell * 0.2;
            let _ = write!(
                d,
                "M{:.1} {:.1}L{ex:.1} {ey:.1}L{:.1} {:.1}",
                ex - ux * h - uy * h,
                ey - uy * h + ux * h,
                ex - ux * h + uy * h,
                ey - uy * h - ux * h
            );
            stroke(out, &d, ARROW, cell * 0.05, "");
        }
    }
    // Odd: a circle; even: a square.
    for &c in &con.odd {
        let (x, y) = f.centre(c);
        let _ = writeln!(out, "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"{SHAPE}\"/>", cell * 0.38);
    }
    // Counting circles: a hollow grey ring.
    for &c in con.counting_circles.iter().flatten() {
        let (x, y) = f.centre(c);
        let _ = writeln!(
            out,
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"none\" stroke=\"{ARROW}\" stroke-width=\"{:.1}\"/>",
            cell * 0.4,
            cell * 0.05
        );
    }
    for &c in &con.even {
        let (x, y) = f.centre(c);
        let s = cell * 0.72;
        let _ = writeln!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{s:.1}\" height=\"{s:.1}\" fill=\"{SHAPE}\"/>",
            x - s / 2.0,
            y - s / 2.0
        );
    }
    let small = (cell * 0.24).max(7.0);
    let midpoint = |[a, b]: [Cell; 2]| {
        let ((x1, y1), (x2, y2)) = (f.centre(a), f.centre(b));
        ((x1 + x2) / 2.0, (y1 + y2) / 2.0)
    };
    // Kropki dots on the edge, their value inside when it is not the default.
    for dot in &con.kropki {
        let (x, y) = midpoint(dot.cells);
        let (fill, ink) = if dot.black { ("#000000", "#ffffff") } else { ("#ffffff", "#000000") };
        let _ = writeln!(
            out,
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"{fill}\" stroke=\"#000000\" stroke-width=\"1\"/>",
            cell * 0.13
        );
        if dot.value != 1 + dot.black as u32 {
            let _ = writeln!(
                out,
                "<text x=\"{x:.1}\" y=\"{y:.1}\" fill=\"{ink}\" font-size=\"{small:.1}\" text-anchor=\"middle\" \
                 dominant-baseline=\"central\">{}</text>",
                dot.value
            );
        }
    }
    // XV: the letter (or the sum) on the edge, on white.
    for mark in &con.xv {
        let (x, y) = midpoint(mark.cells);
        let text = match mark.sum {
            10 => "X".to_string(),
            5 => "V".to_string(),
            s => s.to_string(),
        };
        let size = cell * 0.32;
        let _ = writeln!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{size:.1}\" height=\"{size:.1}\" fill=\"#ffffff\"/>\
             <text x=\"{x:.1}\" y=\"{y:.1}\" fill=\"{CLUE}\" font-size=\"{size:.1}\" font-weight=\"bold\" \
             text-anchor=\"middle\" dominant-baseline=\"central\">{text}</text>",
            x - size / 2.0,
            y - size / 2.0
        );
    }
    // Quadruples: a white circle on the corner the four cells share, the digits inside.
    for quad in &con.quadruples {
        let (r, c) = quad.cells.iter().fold((u32::MAX, u32::MAX), |(r, c), &(qr, qc)| (r.min(qr), c.min(qc)));
        let (x, y) = (f.origin as f64 + c as f64 * cell, f.origin as f64 + r as f64 * cell);
        let digits: String =
            quad.digits.iter().map(|&d| SYMBOLS.get(d as usize - 1).map_or('?', |&s| s as char)).collect();
        let _ = writeln!(
            out,
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"#ffffff\" stroke=\"#000000\" stroke-width=\"1\"/>\
             <text x=\"{x:.1}\" y=\"{y:.1}\" fill=\"{CLUE}\" font-size=\"{:.1}\" text-anchor=\"middle\" \
             dominant-baseline=\"central\">{digits}</text>",
            cell * 0.3,
            (cell * 0.5 / digits.len().max(2) as f64).max(6.0)
        );
    }
}

/// The clues outside the grid, in the border of one cell the picture then has: sandwiches,
/// X-sums and skyscrapers beside their row or column on their side, little killers at the
/// corner their diagonal starts from with a small arrow along it.
pub(super) fn draw_outside(out: &mut String, con: &Constraints, f: &Frame) {
    let cell = f.cell as f64;
    let size = cell * 0.45;
    let _ = writeln!(
        out,
        "<g fill=\"{CLUE}\" font-size=\"{size:.1}\" text-anchor=\"middle\" dominant-baseline=\"central\">"
    );
    let n = f.n as u32;
    let at_side = |clue: &Clue| -> (f64, f64) {
        let s = &clue.side;
        let beside = match (s.column, s.reverse) {
            (true, false) => (0, s.index),
            (true, true) => (n + 1, s.index),
            (false, false) => (s.index, 0),
            (false, true) => (s.index, n + 1),
        };
        f.centre(beside)
    };
    for clue in con.sandwiches.iter().chain(&con.x_sums).chain(&con.skyscrapers).chain(&con.numbered_rooms) {
        let (x, y) = at_side(clue);
        let _ = writeln!(out, "<text x=\"{x:.1}\" y=\"{y:.1}\">{}</text>", clue.value);
    }
    out.push_str("</g>\n");
    for lk in &con.little_killers {
        let (r, c) = (lk.cells[0].0 as i64, lk.cells[0].1 as i64);
        let (dr, dc) = match lk.cells.get(1) {
            Some(&(r2, c2)) => (r2 as i64 - r, c2 as i64 - c),
            // One cell: the corner it is in points away from the grid's centre.
            None => (if r == 1 { 1 } else { -1 }, if c == 1 { 1 } else { -1 }),
        };
        // The clue sits where the diagonal, walked back, leaves the grid.
        let (cr, cc) = (r - dr, c - dc);
        let (x, y) = f.centre((cr as u32, cc as u32));
        let (ax, ay) = (x + dc as f64 * cell * 0.35, y + dr as f64 * cell * 0.35);
        let (bx, by) = (x + dc as f64 * cell * 0.5, y + dr as f64 * cell * 0.5);
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"{CLUE}\" font-size=\"{:.1}\" text-anchor=\"middle\" \
             dominant-baseline=\"central\">{}</text><path d=\"M{ax:.1} {ay:.1}L{bx:.1} {by:.1}\" stroke=\"{CLUE}\" \
             stroke-width=\"1.5\"/>",
            x - dc as f64 * cell * 0.08,
            y - dr as f64 * cell * 0.08,
            size * 0.8,
            lk.sum
        );
    }
}
