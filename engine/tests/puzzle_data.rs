//! The solver on every real puzzle set of `../shared/data` (see its README), each solution
//! checked here, independently of the engine's own validity code.
//!
//! The data folder is `$SUDOKU_DATA` or `../shared/data` beside the repository. The big files
//! take minutes in a debug build: the project's test command runs these in release mode.

use sudoku_engine::{count_solutions, solve, solve_into_with, Branching, Grid, Solutions};

mod common;
use common::puzzle_lines as puzzles;

/// Independent check: 81 digits, every row, column and box a permutation of 1-9, every given
/// kept. Works on the text, not on the engine's types.
fn check_solution(puzzle: &str, solution: &str) -> Result<(), String> {
    let p: Vec<u8> = puzzle.bytes().collect();
    let s: Vec<u8> = solution.bytes().collect();
    if s.len() != 81 || s.iter().any(|c| !(b'1'..=b'9').contains(c)) {
        return Err(format!("not 81 digits: {solution}"));
    }
    for (i, (&g, &v)) in p.iter().zip(&s).enumerate() {
        if g.is_ascii_digit() && g != b'0' && g != v {
            return Err(format!("given {} at cell {} changed to {}", g as char, i + 1, v as char));
        }
    }
    for k in 0..9 {
        let row: Vec<usize> = (0..9).map(|j| k * 9 + j).collect();
        let col: Vec<usize> = (0..9).map(|j| j * 9 + k).collect();
        let bx: Vec<usize> = (0..9).map(|j| (k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3).collect();
        for (kind, unit) in [("row", row), ("column", col), ("box", bx)] {
            let mut seen: Vec<u8> = unit.iter().map(|&c| s[c]).collect();
            seen.sort_unstable();
            if seen != b"123456789" {
                return Err(format!("{kind} {} is not a permutation of 1-9", k + 1));
            }
        }
    }
    Ok(())
}

/// `solve_into_with` (what `sudoku.solve` runs) writes over its grid what `solve` returns, and
/// leaves the grid alone when there is no solution.
fn solves_in_place_as_solve(grid: &Grid, solution: Option<&Grid>) -> Result<(), String> {
    let mut written = grid.clone();
    let found = solve_into_with(&mut written, &mut || false).map_err(|_| "interrupted".to_string())?;
    match (found, solution) {
        (true, Some(s)) if written == *s => Ok(()),
        (false, None) if written == *grid => Ok(()),
        _ => Err(format!(
            "solve_into_with gave {found} and {} where solve gave {:?}",
            written.to_line(),
            solution.map(Grid::to_line)
        )),
    }
}

/// Solves every puzzle of `file`, checks each solution and that it is the only one.
fn solves_uniquely(file: &str) {
    let mut failures = Vec::new();
    let all = puzzles(file);
    for (line, text) in &all {
        let grid = Grid::parse(text).unwrap_or_else(|e| panic!("{file}:{line}: {e}"));
        let solution = solve(&grid);
        match &solution {
            None => failures.push(format!("{file}:{line}: no solution found")),
            Some(s) => {
                if let Err(e) = check_solution(text, &s.to_line()) {
                    failures.push(format!("{file}:{line}: {e}"));
                }
            }
        }
        if let Err(e) = solves_in_place_as_solve(&grid, solution.as_ref()) {
            failures.push(format!("{file}:{line}: {e}"));
        }
        let n = count_solutions(&grid, 2);
        if n != 1 {
            failures.push(format!("{file}:{line}: count_solutions(p, 2) = {n}, want 1"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} failed:\n{}",
        failures.len(),
        all.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}

#[test]
fn seed_examples() {
    solves_uniquely("seed_examples.txt");
}

#[test]
fn easy50() {
    solves_uniquely("easy50.txt");
}

#[test]
fn top95() {
    solves_uniquely("top95.txt");
}

#[test]
fn hardest11() {
    solves_uniquely("hardest11.txt");
}

#[test]
fn magictour_top1465() {
    solves_uniquely("magictour_top1465.txt");
}

#[test]
fn forum_hardest_1106() {
    solves_uniquely("forum_hardest_1106.txt");
}

#[test]
fn se_rated_10k() {
    solves_uniquely("se_rated_10k.txt");
}

#[test]
fn seventeen_clue() {
    solves_uniquely("17_clue.txt");
}

#[test]
fn forum_hardest_1905_11plus() {
    solves_uniquely("forum_hardest_1905_11plus.txt");
}

#[test]
fn multi_solution_serg_has_two_or_more() {
    let mut failures = Vec::new();
    for (line, text) in puzzles("multi_solution_serg.txt") {
        let grid = Grid::parse(&text).unwrap();
        let n = count_solutions(&grid, 2);
        if n != 2 {
            failures.push(format!("line {line}: count_solutions(p, 2) = {n}, want 2"));
        }
        let solution = solve(&grid);
        match &solution {
            Some(s) => {
                if let Err(e) = check_solution(&text, &s.to_line()) {
                    failures.push(format!("line {line}: {e}"));
                }
            }
            None => failures.push(format!("line {line}: no solution found")),
        }
        if let Err(e) = solves_in_place_as_solve(&grid, solution.as_ref()) {
            failures.push(format!("line {line}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures[..failures.len().min(20)].join("\n"));
}

#[test]
fn solve_into_with_leaves_a_grid_without_solution_alone() {
    // Each top95 puzzle with its first blank given a digit other than its solution's: a
    // grid with no solution (any would solve the puzzle too, whose only solution differs).
    for (line, text) in puzzles("top95.txt") {
        let solution = solve(&Grid::parse(&text).unwrap()).unwrap().to_line();
        let blank = text.bytes().position(|c| !(b'1'..=b'9').contains(&c)).unwrap();
        let wrong = (solution.as_bytes()[blank] - b'0') % 9 + 1;
        let mut broken = text.into_bytes();
        broken[blank] = b'0' + wrong;
        let grid = Grid::parse(std::str::from_utf8(&broken).unwrap()).unwrap();
        assert!(solve(&grid).is_none(), "line {line}: solved with a wrong digit");
        solves_in_place_as_solve(&grid, None).unwrap_or_else(|e| panic!("line {line}: {e}"));
    }
}

#[test]
fn the_independent_check_rejects_broken_solutions() {
    let (_, text) = puzzles("seed_examples.txt").remove(0);
    let solution = solve(&Grid::parse(&text).unwrap()).unwrap().to_line();
    assert_eq!(check_solution(&text, &solution), Ok(()));
    let mut swapped = solution.clone().into_bytes();
    swapped.swap(0, 1);
    assert!(check_solution(&text, &String::from_utf8(swapped).unwrap()).is_err());
    let blanked = format!(".{}", &solution[1..]);
    assert!(check_solution(&text, &blanked).is_err());
}

/// The 9x9 fast path and the size-generic code walk the same search tree: the same solutions
/// in the same order after the same number of nodes, in both branching orders.
fn same_search_as_generic(file: &str, limit: usize, solutions: usize) {
    let never = &mut || false;
    for (line, text) in puzzles(file).into_iter().take(limit) {
        let grid = Grid::parse(&text).unwrap();
        for branching in [Branching::FewestCandidates, Branching::FirstOpen] {
            let mut fast = Solutions::new(&grid, branching);
            let mut generic = Solutions::new_generic(&grid, branching);
            for k in 0..solutions {
                let (a, b) = (fast.next_with(never).unwrap(), generic.next_with(never).unwrap());
                assert_eq!(a, b, "{file}:{line} {branching:?} solution {k}");
                assert_eq!(fast.nodes(), generic.nodes(), "{file}:{line} {branching:?} nodes after solution {k}");
            }
        }
    }
}

#[test]
fn fast_path_matches_generic_on_top95() {
    same_search_as_generic("top95.txt", usize::MAX, 2);
}

#[test]
fn fast_path_matches_generic_on_magictour_top1465() {
    same_search_as_generic("magictour_top1465.txt", usize::MAX, 2);
}

#[test]
fn fast_path_matches_generic_on_multi_solution_serg() {
    same_search_as_generic("multi_solution_serg.txt", 2000, 4);
}

/// Every solution of `grid` up to `cap`, in the order `branching` finds them; the generic code
/// path when `generic`.
fn all_solutions(grid: &Grid, branching: Branching, generic: bool, cap: usize) -> Vec<String> {
    let never = &mut || false;
    let mut search = if generic { Solutions::new_generic(grid, branching) } else { Solutions::new(grid, branching) };
    let mut found = Vec::new();
    while found.len() < cap {
        match search.next_with(never).unwrap() {
            Some(g) => found.push(g.to_line()),
            None => break,
        }
    }
    found
}

/// The search `solve` uses (tdoku's configuration branching on 9x9) yields every solution
/// exactly once: the same set as the generic solver's cell branching, no duplicates, each a
/// real solution, and `solve` returns its first.
fn fastest_finds_every_solution_once(file: &str, limit: usize, cap: usize) {
    let mut compared = 0;
    for (line, text) in puzzles(file).into_iter().take(limit) {
        let grid = Grid::parse(&text).unwrap();
        let fastest = all_solutions(&grid, Branching::Fastest, false, cap + 1);
        let generic = all_solutions(&grid, Branching::FewestCandidates, true, cap + 1);
        assert_eq!(fastest.len(), generic.len(), "{file}:{line}: how many solutions");
        assert_eq!(solve(&grid).map(|s| s.to_line()).as_ref(), fastest.first(), "{file}:{line}: solve is the first");
        if fastest.len() > cap {
            continue; // capped: the first `cap` of two orders are different sets
        }
        compared += 1;
        for s in &fastest {
            check_solution(&text, s).unwrap_or_else(|e| panic!("{file}:{line}: {e}"));
        }
        let (mut a, mut b) = (fastest.clone(), generic);
        a.sort();
        b.sort();
        let before = a.len();
        a.dedup();
        assert_eq!(a.len(), before, "{file}:{line}: a solution came twice");
        assert_eq!(a, b, "{file}:{line}: different solutions");
    }
    assert!(compared > 0, "{file}: no puzzle had at most {cap} solutions");
}

#[test]
fn fastest_search_finds_every_solution_of_multi_solution_serg_once() {
    fastest_finds_every_solution_once("multi_solution_serg.txt", 3000, 2000);
}

#[test]
fn fastest_search_finds_the_288_4x4_grids_once() {
    let empty = Grid::empty(4).unwrap();
    let mut all = all_solutions(&empty, Branching::Fastest, false, 1000);
    assert!(all.iter().all(|s| Grid::parse(s).unwrap().is_solved()));
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 288);
}

/// Grids with many solutions: the givens of a real puzzle with some removed, so that the 9x9
/// configuration branching meets digits already placed in some rows of a band.
#[test]
fn fastest_search_matches_generic_on_thinned_puzzles() {
    for (line, text) in puzzles("top95.txt") {
        let grid = Grid::parse(&text).unwrap();
        let solution = solve(&grid).unwrap().to_line();
        // Keep every second given: a few hundred to thousands of solutions.
        let mut seen = 0;
        let thinned: String = text
            .chars()
            .map(|c| {
                if c == '.' || c == '0' {
                    return '.';
                }
                seen += 1;
                if seen % 2 == 0 {
                    '.'
                } else {
                    c
                }
            })
            .collect();
        let g = Grid::parse(&thinned).unwrap();
        let fastest = all_solutions(&g, Branching::Fastest, false, 5001);
        let generic = all_solutions(&g, Branching::FewestCandidates, true, 5001);
        assert_eq!(fastest.len(), generic.len(), "top95.txt:{line} thinned");
        assert!(fastest.len() > 1, "top95.txt:{line} thinned still unique");
        if fastest.len() <= 5000 {
            let (mut a, mut b) = (fastest, generic);
            a.sort();
            b.sort();
            a.dedup();
            assert_eq!(a, b, "top95.txt:{line} thinned");
            assert!(a.binary_search(&solution).is_ok(), "top95.txt:{line}: the puzzle's solution is among them");
        }
    }
}
