//! The solver on every real puzzle set of `../shared/data` (see its README), each solution
//! checked here, independently of the engine's own validity code.
//!
//! The data folder is `$SUDOKU_DATA` or `../shared/data` beside the repository. The big files
//! take minutes in a debug build: the project's test command runs these in release mode.

use sudoku_engine::{count_solutions, solve, Branching, Grid, Solutions};

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

/// Solves every puzzle of `file`, checks each solution and that it is the only one.
fn solves_uniquely(file: &str) {
    let mut failures = Vec::new();
    let all = puzzles(file);
    for (line, text) in &all {
        let grid = Grid::parse(text).unwrap_or_else(|e| panic!("{file}:{line}: {e}"));
        match solve(&grid) {
            None => failures.push(format!("{file}:{line}: no solution found")),
            Some(s) => {
                if let Err(e) = check_solution(text, &s.to_line()) {
                    failures.push(format!("{file}:{line}: {e}"));
                }
            }
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
        match solve(&grid) {
            Some(s) => {
                if let Err(e) = check_solution(&text, &s.to_line()) {
                    failures.push(format!("line {line}: {e}"));
                }
            }
            None => failures.push(format!("line {line}: no solution found")),
        }
    }
    assert!(failures.is_empty(), "{}", failures[..failures.len().min(20)].join("\n"));
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
