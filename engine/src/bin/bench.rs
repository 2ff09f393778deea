//! sudoku-bench: the engine's speed on puzzle files, in the format of `peer-bench`.
//!
//! Usage: `cargo run --release -p sudoku-engine --bin sudoku-bench -- [--views] FILE...`
//!
//! For each file (one puzzle per line; anything after the first whitespace-separated field is
//! ignored) it prints
//! `<file> n=<puzzles> solve_us=<mean µs per solve> count2_us=<mean µs per count up to 2>`,
//! where solve is `sudoku_engine::solve` (what `sudoku.solve` runs) and each figure is the best
//! of 3 passes over the whole file, each pass at least 0.5 s of work.
//!
//! With `--views` it prints instead
//! `<file> n=<puzzles> candidates_us=.. preemptive_sets_us=.. propagate_us=.. fill_steps_us=..`:
//! the mean µs per puzzle of the engine calls behind `sudoku.candidates` (collected into a
//! vector), `sudoku.preemptive_sets` (any size), `sudoku.propagate` and `sudoku.fill_steps`
//! (every step collected), all with their default techniques.
use std::hint::black_box;
use std::time::Instant;

use sudoku_engine::trace::FillSteps;
use sudoku_engine::views::{candidates, preemptive_sets};
use sudoku_engine::{count_solutions, propagate, solve, Grid, Techniques};

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
    let mut paths: Vec<String> = std::env::args().skip(1).collect();
    let views = paths.first().is_some_and(|a| a == "--views");
    if views {
        paths.remove(0);
    }
    if paths.is_empty() {
        eprintln!("usage: sudoku-bench [--views] FILE...");
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
        if views {
            let cand_us = best_of_3(n, || puzzles.iter().map(|p| candidates(p).collect::<Vec<_>>().len()).sum());
            let sets_us = best_of_3(n, || {
                puzzles.iter().map(|p| preemptive_sets(p, p.size(), &mut || false).map_or(0, |s| s.len())).sum()
            });
            let prop_us = best_of_3(n, || puzzles.iter().filter_map(|p| propagate(p, Techniques::ALL)).count());
            let steps_us = best_of_3(n, || puzzles.iter().map(|p| FillSteps::new(p, Techniques::ALL).count()).sum());
            println!(
                "{path} n={} candidates_us={cand_us:.3} preemptive_sets_us={sets_us:.3} propagate_us={prop_us:.3} \
                 fill_steps_us={steps_us:.3}",
                puzzles.len()
            );
            continue;
        }
        let solve_us = best_of_3(n, || puzzles.iter().filter(|p| solve(p).is_some()).count());
        let count_us = best_of_3(n, || puzzles.iter().map(|p| count_solutions(p, 2) as usize).sum());
        println!("{path} n={} solve_us={solve_us:.3} count2_us={count_us:.3}", puzzles.len());
    }
}
