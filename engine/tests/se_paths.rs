//! The path of `rate`, `hint` and `fill_steps` is Sudoku Explainer's, step by step: on every
//! 20th puzzle of `data/se_oracle.txt` (all levels), each step of our path has the difficulty
//! of Sukaku Explainer v1.15.10's step and removes the same candidates (`data/se_paths.txt`,
//! made by `scripts/se_paths.sh` from the oracle), the steps of 9.0 and more (forcing chains (+)
//! and nested forcing chains) included. `hint` is the first step.

use std::collections::BTreeMap;

use sudoku_engine::human::explainer::tenths_text;
use sudoku_engine::human::{hint_with, Selection, Steps};
use sudoku_engine::Grid;

fn never() -> bool {
    false
}

/// One step of the oracle's path: its difficulty and what it removes (cell, digits mask).
struct OracleStep {
    difficulty: String,
    removed: Vec<(usize, u32)>,
    description: String,
}

fn oracle() -> BTreeMap<String, Vec<OracleStep>> {
    let text = include_str!("../../data/se_paths.txt");
    let mut paths: BTreeMap<String, Vec<OracleStep>> = BTreeMap::new();
    for line in text.lines() {
        let mut f = line.splitn(5, ' ');
        let (p, _, difficulty, removed, description) =
            (f.next().unwrap(), f.next().unwrap(), f.next().unwrap(), f.next().unwrap(), f.next().unwrap_or(""));
        let removed = match removed {
            "-" => Vec::new(),
            list => list
                .split(',')
                .map(|cd| {
                    let (c, ds) = cd.split_once(':').unwrap();
                    (c.parse().unwrap(), ds.bytes().fold(0u32, |m, d| m | 1 << (d - b'1')))
                })
                .collect(),
        };
        paths.entry(p.to_string()).or_default().push(OracleStep {
            difficulty: difficulty.to_string(),
            removed,
            description: description.to_string(),
        });
    }
    paths
}

/// What changed between two candidate states, as (cell, removed digits).
fn removed(before: &[u32], after: &[u32]) -> Vec<(usize, u32)> {
    (0..before.len()).filter(|&c| before[c] & !after[c] != 0).map(|c| (c, before[c] & !after[c])).collect()
}

#[test]
fn our_path_is_sudoku_explainers() {
    let paths = oracle();
    assert!(paths.len() >= 50, "{} puzzles", paths.len());
    let (mut compared, mut nested) = (0, 0);
    let mut diverging = Vec::new();
    for (p, steps) in &paths {
        let grid = Grid::parse(p).unwrap();
        let mut run = Steps::new(&grid, Selection::all(), false, &mut never).unwrap().unwrap();
        let hint = hint_with(&grid, &mut never).unwrap().unwrap().unwrap();
        for (i, se) in steps.iter().enumerate() {
            nested += (se.difficulty.parse::<f64>().unwrap() >= 9.0) as usize;
            let before = run.candidates();
            let ours = run.next_with(&mut never).unwrap().expect("a step where Sudoku Explainer takes one");
            assert_eq!(
                tenths_text(ours.difficulty),
                se.difficulty,
                "{p} step {}: {ours:?} / {}",
                i + 1,
                se.description
            );
            if i == 0 {
                assert_eq!(
                    (hint.technique, hint.placed, &hint.eliminated),
                    (ours.technique, ours.placed, &ours.eliminated)
                );
            }
            compared += 1;
            if i + 1 < steps.len() && removed(&before, &run.candidates()) != se.removed {
                diverging.push(format!(
                    "{p} step {}: {:?} {:?} / {}",
                    i + 1,
                    ours.technique,
                    ours.eliminated,
                    se.description
                ));
                break;
            }
        }
    }
    eprintln!("{compared} steps of {} puzzles compared; {nested} of 9.0 or more", paths.len());
    for d in &diverging {
        eprintln!("diverges: {d}");
    }
    assert!(diverging.is_empty(), "{} paths diverge", diverging.len());
    assert!(compared > 3000, "{compared}");
    assert!(nested >= 40, "{nested} steps of 9.0 or more");
}
