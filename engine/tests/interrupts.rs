//! The interrupt hook is asked often on every path: the longest stretch of work between two
//! questions (and from the last question to the return) stays far below the second a cancel may
//! take (`scripts/abuse_test.sh` measures the same from SQL; a stretch of 2 s in
//! `true_candidates` on an empty 16x16 grid, many short searches that never reached their 256th
//! node, is what it caught). Each call is stopped by its hook after about a second, or ends
//! first. A safety bound with a wide margin, not a speed target.

use std::time::{Duration, Instant};
use sudoku_engine::variant::{self, Rules};
use sudoku_engine::Grid;

/// Runs `call` with a hook that stops it after `RUN`; the longest stretch without a question.
fn longest_stretch(call: impl FnOnce(&mut dyn FnMut() -> bool)) -> Duration {
    const RUN: Duration = Duration::from_millis(1200);
    let started = Instant::now();
    let mut last = started;
    let mut longest = Duration::ZERO;
    let mut hook = || {
        let now = Instant::now();
        longest = longest.max(now - last);
        last = now;
        now - started > RUN
    };
    call(&mut hook);
    longest.max(last.elapsed())
}

/// The bound: a quarter of the second a cancel may take.
const BOUND: Duration = Duration::from_millis(250);

fn rules(json: &str) -> Rules {
    Rules::from_json(&serde_json::from_str(json).unwrap()).unwrap()
}

/// Cages over the first half of every row, sums in range (the abuse test's long killer cages).
fn long_cages(n: usize) -> String {
    let half = (n + 1) / 2;
    let sum = (n + 1) * half / 2;
    let cages: Vec<String> = (1..=n)
        .map(|r| {
            let cells: Vec<String> = (1..=half).map(|c| format!("[{r}, {c}]")).collect();
            format!(r#"{{"sum": {sum}, "cells": [{}]}}"#, cells.join(", "))
        })
        .collect();
    format!(r#"{{"cages": [{}]}}"#, cages.join(", "))
}

#[test]
fn every_search_asks_its_hook_often() {
    let cases = [
        (16, "{}".to_string()),
        (25, "{}".to_string()),
        (9, long_cages(9)),
        (16, long_cages(16)),
        (9, r#"{"anti_knight": true, "non_consecutive": true}"#.to_string()),
        (16, r#"{"diagonals": true, "windows": true}"#.to_string()),
    ];
    for (n, json) in cases {
        let lay = rules(&json).layout(n).unwrap();
        let empty = Grid::from_cells(&vec![0; n * n]).unwrap();
        let what = format!("{n}x{n} empty under {json}");
        let t = longest_stretch(|hook| {
            let _ = variant::true_candidates_with(&empty, &lay, 1, hook);
        });
        assert!(t < BOUND, "true candidates, {what}: {t:?} without asking");
        let t = longest_stretch(|hook| {
            let _ = variant::true_candidates_with(&empty, &lay, 1_000_000, hook);
        });
        assert!(t < BOUND, "true candidates up to a million, {what}: {t:?} without asking");
        let t = longest_stretch(|hook| {
            let _ = variant::count_solutions_with(&empty, &lay, u64::MAX, hook);
        });
        assert!(t < BOUND, "counting, {what}: {t:?} without asking");
        let t = longest_stretch(|hook| {
            let _ = variant::candidates_with(&empty, &lay, hook);
        });
        assert!(t < BOUND, "candidates, {what}: {t:?} without asking");
    }
}
