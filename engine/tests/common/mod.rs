//! Shared by the data tests: where the puzzle sets are, and how to read one.

use std::path::PathBuf;

use sudoku_engine::Grid;

/// `$SUDOKU_DATA`, or `../shared/data` beside the repository.
pub fn data_dir() -> PathBuf {
    let dir = std::env::var_os("SUDOKU_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data"));
    assert!(dir.join("README.md").exists(), "puzzle data not found at {} (set SUDOKU_DATA)", dir.display());
    dir
}

/// The puzzles of one file (the first field of each line) with their 1-based line numbers.
#[allow(dead_code)]
pub fn puzzle_lines(file: &str) -> Vec<(usize, String)> {
    let path = data_dir().join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let lines: Vec<(usize, String)> = text
        .lines()
        .enumerate()
        .filter_map(|(i, l)| l.split_whitespace().next().map(|p| (i + 1, p.to_string())))
        .collect();
    assert!(!lines.is_empty(), "{file} has no puzzles");
    lines
}

/// The puzzles of one file, parsed.
#[allow(dead_code)]
pub fn puzzles(file: &str) -> Vec<Grid> {
    puzzle_lines(file).into_iter().map(|(i, p)| Grid::parse(&p).unwrap_or_else(|e| panic!("{file}:{i}: {e}"))).collect()
}
