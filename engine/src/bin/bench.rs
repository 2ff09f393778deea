//! sudoku-bench: the engine's speed on puzzle files, in the format of `peer-bench`.
//!
//! Usage: `cargo run --release -p sudoku-engine --bin sudoku-bench -- FILE...`
//!
//! For each file (one puzzle per line; anything after the first whitespace-separated field is
//! ignored) it prints
//! `<file> n=<puzzles> solve_us=<mean µs per solve> count2_us=<mean µs per count up to 2>`,
//! where solve is `sudoku_engine::solve` (what `sudoku.solve` runs) and each figure is the best
//! of 3 passes over the whole file, each pass at least 0.5 s of work.
use std::hint::black_box;
use std::time::Instant;

use sudoku_engine::{count_solutions, solve, Grid};

fn best_of_3(n: usize, mut pass: impl FnMut() -> usize) -> f64 {
    (0..3)
        .map(|_| {
            let start = Instant::now();
            let mut passes = 0;
            while passes == 0 || start.elapsed().as_secs_f64() < 0.5 {
                black_box(pass());
                passes += 1;
            }
            start.elapsed().as_secs_f64() * 1e6 / (passes * n) as f64
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!("usage: sudoku-bench FILE...");
        std::process::exit(2);
    }
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
            eprintln!("{path}: {e}");
            std::process::exit(1)
        });
        let puzzles: Vec<Grid> = text
            .lines()
            .filter_map(|l| l.split_whitespace().next())
            .map(|l| {
                Grid::parse(l).unwrap_or_else(|e| {
                    eprintln!("{path}: {l}: {e}");
                    std::process::exit(1)
                })
            })
            .collect();
        let n = puzzles.len().max(1);
        let solve_us = best_of_3(n, || puzzles.iter().filter(|p| solve(p).is_some()).count());
        let count_us = best_of_3(n, || puzzles.iter().map(|p| count_solutions(p, 2) as usize).sum());
        println!("{path} n={} solve_us={solve_us:.3} count2_us={count_us:.3}", puzzles.len());
    }
}
