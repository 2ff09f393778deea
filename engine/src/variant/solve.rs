//! The solver of variant grids: the one search of [`crate::search`] (candidates as bitmasks,
//! naked and hidden singles, locked candidates over the unit intersections, depth-first search
//! on the open cell with the fewest candidates) over the units, peers and cages of a [`Layout`].
//! At every node each cage keeps, in each cell, the digits of the killer combinations (the sets of
//! distinct digits with the cage's sum) that its open cells' candidates can still hold, and a
//! digit every such set holds goes to its one place; the innie and outie sums over unions of
//! houses keep, per group of their cells that see each other, the digits of the combinations
//! whose sums the other groups can make up to the total (and a cage sticking out of a house by
//! one cell makes the house's other open cells a sum with that cell's digit, sigh's hidden
//! cages); a cage inside a house keeps only the combinations whose missing digits the rest of
//! the house can still take (its complement cells); a cage or constraint runs again only
//! when a cell it watches changed. [`candidates_with`] narrows each cage exactly instead: the digits
//! some assignment of distinct digits with the sum puts in each cell, one cell after another over
//! the sets of digits used so far. These are the variant names of the layout searches.

use super::rules::Layout;
use crate::grid::Grid;
use crate::search::{self, Interrupted};

pub use crate::search::{RESTARTS, RESTART_NODES};

/// The first solution of `grid` under `lay` (digits tried ascending in the cell with the fewest
/// candidates), the number of its solutions up to a limit, the first of them, and the candidates
/// of its cells: the layout searches under their variant names.
pub use crate::search::{
    candidates_in as candidates_with, count_in as count_solutions_with, solutions_in as solutions_with,
    solve_in as solve_with, true_candidates_in as true_candidates_with,
};

/// A solution of `grid` under `lay` drawn at random, with restarts ([`search::random_solution_in`]).
pub fn random_solution_with(
    grid: &Grid,
    lay: &Layout,
    next_u32: &mut dyn FnMut() -> u32,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<Option<Grid>, Interrupted> {
    search::random_solution_in(grid, lay, true, next_u32, interrupt)
}

/// The candidates of every cell of `grid` under `lay` ([`search::candidates_in`]), never
/// interrupted.
pub fn candidates(grid: &Grid, lay: &Layout) -> Option<Vec<u32>> {
    candidates_with(grid, lay, &mut || false).unwrap_or(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Rules;

    /// (puzzle, rules, published solution, name) of a file of data/variants.
    fn published(file: &str) -> Vec<(Grid, Rules, Grid, String)> {
        published_in("variants", file)
    }

    /// (puzzle, rules, published solution, name) of a file of a folder of data/.
    fn published_in(dir: &str, file: &str) -> Vec<(Grid, Rules, Grid, String)> {
        let path = format!("{}/../data/{dir}/{file}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{path}: {e}"))
            .lines()
            .map(|l| {
                let f: Vec<&str> = l.split('\t').collect();
                let rules = Rules::from_json(&serde_json::from_str(f[1]).unwrap()).unwrap();
                (Grid::parse(f[0]).unwrap(), rules, Grid::parse(f[2]).unwrap(), f[3].to_string())
            })
            .collect()
    }

    /// The puzzles whose transcription in the collection has two solutions (two digits swap in
    /// two cages of three cells: a given or a cage border was lost); data/variants/README.md.
    const AMBIGUOUS: [&str; 3] =
        ["janko.at Killer-Sudoku 196", "janko.at Killer-Sudoku 197", "janko.at Killer-Sudoku 198"];

    /// Every published puzzle of a file: solved to its published solution, which its rules
    /// hold, and unique.
    fn solves_published(file: &str) {
        let puzzles = published(file);
        assert!(puzzles.len() >= 3, "{file}: {} puzzles", puzzles.len());
        for (puzzle, rules, solution, name) in puzzles {
            let lay = rules.layout(9).unwrap();
            assert!(lay.is_solved(solution.cells()), "{name}: the published solution breaks its rules");
            assert!(lay.is_valid(puzzle.cells()), "{name}");
            if AMBIGUOUS.contains(&name.as_str()) {
                // Both solutions, the published one among them.
                let all = crate::search::solutions_in(&puzzle, &lay, 3, &mut || false).unwrap();
                assert_eq!(all.len(), 2, "{name}");
                assert!(all.contains(&solution), "{name}");
                continue;
            }
            let found = solve_with(&puzzle, &lay, &mut || false).unwrap();
            assert_eq!(found.as_ref(), Some(&solution), "{name}");
            assert_eq!(count_solutions_with(&puzzle, &lay, 2, &mut || false).unwrap(), 1, "{name}");
            // Without its extra rules the puzzle has more solutions (or none of the same).
            let plain = Rules::default().layout(9).unwrap();
            assert!(
                !plain.is_solved(solution.cells())
                    || count_solutions_with(&puzzle, &plain, 2, &mut || false).unwrap() == 2
            );
        }
    }

    /// Calls of the interrupt hook a puzzle of data/constraints may take in the test below (each
    /// after about 256 search nodes, or about 2^16 units of a constraint's passes).
    const BUDGET: u64 = 4_000;

    /// Published puzzles of data/constraints whose solution is not unique (sigh's solver finds
    /// two as well): a snipe, one of a series finding the least clue of a kind.
    const NOT_UNIQUE: [&str; 1] = ["Sandwich snipe 18"];

    /// sigh's published puzzles of the setters' constraints (data/constraints): each one's
    /// solution holds its rules, its true candidates are its solution's digits (it is unique),
    /// and the search finds it. The hardest may pass the test's budget of work (the benchmark
    /// times them all, scripts/constraint_bench.sh); at most [`OVER_BUDGET`] of them.
    #[test]
    fn published_constraint_puzzles_solve_uniquely() {
        let path = format!("{}/../data/constraints/sigh_iss.tsv", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let (mut failed, mut over_budget, mut solved) = (Vec::new(), Vec::new(), 0);
        for line in text.lines() {
            let f: Vec<&str> = line.split('\t').collect();
            let puzzle = Grid::parse(f[0]).unwrap();
            let solution = Grid::parse(f[2]).unwrap();
            let rules = Rules::from_json(&serde_json::from_str(f[1]).unwrap()).unwrap();
            let lay = match rules.layout_of(puzzle.shape()) {
                Ok(lay) => lay,
                Err(e) => {
                    failed.push(format!("{}: {e}", f[3]));
                    continue;
                }
            };
            let start = std::time::Instant::now();
            if !lay.is_solved(solution.cells()) {
                failed.push(format!("{}: the published solution breaks its rules", f[3]));
                continue;
            }
            // A budget of work, not of time: the interrupt hook is asked every few hundred nodes
            // or about a millisecond of a constraint's passes.
            let mut asked = 0u64;
            let mut over = || {
                asked += 1;
                asked > BUDGET
            };
            let Ok(truth) = true_candidates_with(&puzzle, &lay, 1, &mut over) else {
                eprintln!("{:>10.3} ms  over budget  {}", start.elapsed().as_secs_f64() * 1e3, f[3]);
                over_budget.push(f[3].to_string());
                continue;
            };
            let n = lay.n;
            let digits: Vec<Vec<u8>> = (0..n * n)
                .map(|c| {
                    (0..n).filter(|&d| truth.as_ref().is_some_and(|t| t[c * n + d] > 0)).map(|d| d as u8 + 1).collect()
                })
                .collect();
            let expected: Vec<Vec<u8>> = solution.cells().iter().map(|&d| vec![d]).collect();
            if NOT_UNIQUE.contains(&f[3]) {
                // Its published solution is one of its solutions.
                if !(0..n * n).all(|c| digits[c].contains(&solution.cells()[c])) || digits == expected {
                    failed.push(format!("{}: true candidates {digits:?}", f[3]));
                }
            } else if digits != expected {
                failed.push(format!("{}: true candidates {digits:?}", f[3]));
            } else {
                let found = solve_with(&puzzle, &lay, &mut || false).unwrap();
                if found.as_ref() != Some(&solution) {
                    failed.push(format!("{}: solved as {:?}", f[3], found.map(|g| g.to_string())));
                }
            }
            solved += 1;
            eprintln!("{:>10.3} ms  {}", start.elapsed().as_secs_f64() * 1e3, f[3]);
        }
        assert!(failed.is_empty(), "{} of {}:\n{}", failed.len(), text.lines().count(), failed.join("\n"));
        assert!(over_budget.len() <= OVER_BUDGET, "over the budget: {over_budget:?}");
        assert!(solved >= 91, "{solved} decided");
    }

    /// How many puzzles of data/constraints may pass the budget of the test above.
    const OVER_BUDGET: usize = 10;

    /// `candidates_with` runs every constraint's pass once: on each puzzle of data/constraints it
    /// keeps every digit of the published solution, and the arrows narrow. In "Long sums 3" (a
    /// pill of two cells equal to a line of 32 cells, on an empty grid) the line's cells fall in
    /// groups that see each other whose least sums add up to 98, so the pill's first cell is left
    /// its solution's digit alone.
    #[test]
    fn candidates_keep_the_solution_and_the_constraints_narrow() {
        let mut long_sums = None;
        for (puzzle, rules, solution, name) in published_in("constraints", "sigh_iss.tsv") {
            let lay = rules.layout_of(puzzle.shape()).unwrap();
            let cand = candidates(&puzzle, &lay).unwrap_or_else(|| panic!("{name}: no candidates"));
            for (c, &d) in solution.cells().iter().enumerate() {
                assert!(cand[c] >> (d - 1) & 1 == 1, "{name}: cell {c} lost its solution's digit {d}");
            }
            if name == "Long sums 3" {
                long_sums = Some((cand, solution, rules));
            }
        }
        let (cand, solution, rules) = long_sums.expect("Long sums 3 in data/constraints");
        let pill = rules.to_json()["arrows"][0]["circle"][0].clone();
        let (r, c) = (pill[0].as_u64().unwrap() as usize, pill[1].as_u64().unwrap() as usize);
        let at = (r - 1) * 9 + c - 1;
        assert_eq!(cand[at], 1 << (solution.cells()[at] - 1), "the pill's first cell, r{r}c{c}");
    }

    #[test]
    fn published_jigsaw_puzzles_solve_uniquely() {
        solves_published("jigsaw_janko.tsv");
    }

    #[test]
    fn published_x_and_windoku_puzzles_solve_uniquely() {
        solves_published("x_windoku_published.tsv");
    }

    /// The hidden cages the layout adds (a cage sticking out of a house by one cell), its sums
    /// with negative cells over unions of houses, and the complement cells of cages in a house
    /// hold on every published killer's solution (checked by `is_solved` in
    /// `solves_published`), and a killer layout has them.
    #[test]
    fn killer_layouts_have_hidden_cages_that_hold() {
        let mut negative = 0;
        for (_, rules, solution, name) in published("killer_janko.tsv") {
            let lay = rules.layout(9).unwrap();
            let hidden = lay.props.sums.iter().filter(|s| s.parts.iter().any(|p| p.reversed > 0)).count();
            assert!(hidden > 0, "{name}: no hidden cage");
            assert!(lay.props.holds(9, solution.cells(), true), "{name}");
            assert_eq!(lay.cage_complements.len(), lay.cages.len() + lay.innies.len(), "{name}");
            negative += lay.props.sums.iter().filter(|s| s.parts.iter().any(|p| p.reversed > 1)).count();
        }
        // Two negative cells or more: only the sums over unions of houses have them.
        assert!(negative > 0, "no sum with negative cells over a union of houses");
    }

    /// Every sum the layout derives holds on sigh's published killers (data/constraints; the
    /// HS_KILLERS leave cells outside every cage), among them sums of more than
    /// `INNIES_MOST` cells, up to 9, with a cell in no cage (innies of unions of houses, sums
    /// across a house).
    #[test]
    fn sigh_killer_layouts_hold_long_sums_included() {
        let (mut killers, mut long) = (0, 0);
        for (puzzle, rules, solution, name) in published_in("constraints", "sigh_iss.tsv") {
            if rules.cages.is_empty() || puzzle.shape().n() != 9 {
                continue;
            }
            killers += 1;
            let lay = rules.layout(9).unwrap();
            assert!(lay.props.holds(9, solution.cells(), true), "{name}");
            let free = |c: &u16| lay.cages.iter().all(|(_, cs)| !cs.contains(c));
            let most = crate::variant::rules::INNIES_MOST;
            long += lay
                .props
                .sums
                .iter()
                .filter(|s| match &s.parts[..] {
                    [p] => (most + 1..=9).contains(&p.cells.len()) && p.reversed == 0 && p.cells.iter().any(free),
                    _ => false,
                })
                .count();
        }
        assert!(killers >= 9 && long > 0, "{killers} killers, {long} long sums with a cell in no cage");
    }

    #[test]
    fn published_killer_puzzles_solve_uniquely() {
        solves_published("killer_janko.tsv");
        solves_published("killer_krazydad.tsv");
    }
}
