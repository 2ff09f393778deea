//! The path of `rate`, `hint` and `fill_steps` is Sudoku Explainer's, step by step: on every
//! 20th puzzle of `data/se_oracle.txt` (all levels), each step of our path has the difficulty
//! of Sukaku Explainer v1.15.10's step and removes the same candidates (`data/se_paths.txt`,
//! made by `scripts/se_paths.sh` from the oracle), the steps of 9.0 and more (forcing chains (+)
//! and nested forcing chains) included. `hint` is the first step.

use std::collections::BTreeMap;

use sudoku_engine::board::Board;
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

/// The state before each step of an oracle path, as Sukaku Explainer prints it (`%m`, 729
/// characters: a filled cell shows its digit alone): the puzzle's candidates less what the
/// steps before removed.
fn states(puzzle: &str, steps: &[OracleStep]) -> Vec<String> {
    let grid = Grid::parse(puzzle).unwrap();
    let mut masks = Board::from_grid(&grid).masks();
    let mut out = Vec::new();
    for s in steps {
        out.push(
            masks
                .iter()
                .flat_map(|&m| (0..9).map(move |d| if m >> d & 1 == 1 { (b'1' + d) as char } else { '.' }))
                .collect(),
        );
        for &(c, ds) in &s.removed {
            masks[c] &= !ds;
        }
    }
    out
}

/// `hint(board)` from the oracle's own states: the state before each step of every committed
/// path is hinted that step (the same difficulty and the same removals, cells 0-80), read two
/// ways: as a player's board (the 729 characters and beside them the cells the path has filled,
/// `+` before the placed ones), on every state; and bare, as Sukaku Explainer reads a
/// 729-character line (a single that no peer holds is filled), on every state where that
/// reading fills no cell the path has still to fill (the last step's full house, for one).
#[test]
fn hint_of_each_oracle_state_is_the_oracles_next_step() {
    let paths = oracle();
    let (mut compared, mut bare) = (0, 0);
    let mut differing = Vec::new();
    for (p, steps) in &paths {
        for (i, player_text) in states_of(p, steps).iter().enumerate() {
            let text = player_text.split(' ').next().unwrap();
            let player = Board::parse(player_text).unwrap();
            let read_bare = Board::parse(text).unwrap();
            let mut boards = vec![player];
            if read_bare.cells() == boards[0].cells() {
                boards.push(read_bare);
                bare += 1;
            }
            for board in boards {
                let mut run =
                    board.steps(&mut never).unwrap().unwrap_or_else(|why| panic!("{p} step {}: {why}", i + 1));
                let before = run.candidates();
                let ours = run
                    .next_with(&mut never)
                    .unwrap()
                    .unwrap_or_else(|| panic!("{p} step {}: no step from {text}", i + 1));
                let hint = board.hint(&mut never).unwrap().unwrap().unwrap();
                assert_eq!(
                    (hint.technique, hint.placed, &hint.eliminated),
                    (ours.technique, ours.placed, &ours.eliminated)
                );
                let se = &steps[i];
                let last = i + 1 == steps.len();
                if tenths_text(ours.difficulty) != se.difficulty
                    || (!last && removed(&before, &run.candidates()) != se.removed)
                {
                    differing.push(format!("{p} step {}: {ours:?} / {} {}", i + 1, se.difficulty, se.description));
                }
                compared += 1;
            }
        }
    }
    eprintln!("{compared} hints of oracle states on {} paths ({bare} states read bare too)", paths.len());
    for d in differing.iter().take(10) {
        eprintln!("differs: {d}");
    }
    assert!(differing.is_empty(), "{} of {compared} hints differ", differing.len());
    assert!(compared > 6000 && bare > 2500, "{compared} {bare}");
}

/// `se_rating` of a board rates the pencil-mark puzzle as Sukaku Explainer does: the states of
/// `data/se_sukaku.txt` (a sample of the oracle's path states, `scripts/se_sukaku.sh`) read as
/// sukakus have the oracle's ER/EP/ED, with the uniqueness techniques and without them.
#[test]
fn sukaku_ratings_are_the_oracles() {
    let text = include_str!("../../data/se_sukaku.txt");
    let (mut rated, mut uniqueness_matters) = (0, 0);
    let mut differing = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split(' ').collect();
        let board = Board::parse(f[0]).unwrap();
        for (uniqueness, want) in [(true, &f[1..4]), (false, &f[4..7])] {
            let r = board.se_rating(uniqueness, &mut never).unwrap().unwrap();
            let got = [tenths_text(r.er), tenths_text(r.ep), tenths_text(r.ed)];
            if got != want {
                differing.push(format!("{} uniqueness {uniqueness}: {got:?} / oracle {want:?}", f[0]));
            }
            rated += 1;
        }
        uniqueness_matters += (f[1..4] != f[4..7]) as usize;
    }
    eprintln!("{rated} sukaku ratings compared; {uniqueness_matters} states rated otherwise without uniqueness");
    for d in differing.iter().take(10) {
        eprintln!("differs: {d}");
    }
    assert!(differing.is_empty(), "{} of {rated} ratings differ", differing.len());
    assert!(rated >= 600, "{rated}");
    assert!(uniqueness_matters >= 5, "{uniqueness_matters}");
}

/// `steps(board, technique)` (HoDoKu's "show all"): on every oracle state whose next step is of
/// a technique that lists every instance (all but BUG and the chains), the list of every step of
/// that technique has the hint first (the path takes the first instance, or the easiest), and
/// every step listed is sound against the solution: it places the solution's digit, removes none
/// of the solution's candidates, and changes the board. BUG and the chains are refused.
#[test]
fn every_step_of_a_technique_starts_with_the_hint_and_is_sound() {
    use sudoku_engine::human::{every_step, ListError};
    let paths = oracle();
    let (mut listed, mut states, mut refused, mut more_than_one) = (0, 0, 0, 0);
    for (p, steps) in &paths {
        let grid = Grid::parse(p).unwrap();
        let solution = sudoku_engine::solve(&grid).unwrap();
        let sol = solution.cells();
        for text in states_of(p, steps) {
            let board = Board::parse(&text).unwrap();
            let Some(hint) = board.hint(&mut never).unwrap().unwrap() else { continue };
            match every_step(&board, hint.technique.name(), 10_000, &mut never).unwrap() {
                Ok(all) => {
                    states += 1;
                    assert_eq!(
                        (all[0].technique, all[0].placed, &all[0].eliminated),
                        (hint.technique, hint.placed, &hint.eliminated),
                        "{p}: {text}"
                    );
                    for s in &all {
                        assert!(s.placed.is_none_or(|(c, d)| sol[c] == d), "{p}: {s:?}");
                        assert!(
                            s.eliminated.iter().all(|&(c, d)| sol[c] != d && board.candidates(c) >> (d - 1) & 1 == 1),
                            "{p}: {s:?}"
                        );
                        assert!(s.placed.is_some() || !s.eliminated.is_empty(), "{p}: {s:?}");
                    }
                    listed += all.len();
                    more_than_one += (all.len() > 1) as usize;
                }
                Err(why) => {
                    assert!(
                        matches!(&why, ListError::NotListable(w) if w.contains("cannot list every step yet")),
                        "{why}"
                    );
                    refused += 1;
                }
            }
        }
    }
    eprintln!("{listed} steps listed on {states} states ({more_than_one} with more than one); {refused} refused");
    assert!(states > 2500 && more_than_one > 1000 && refused > 100, "{states} {more_than_one} {refused}");
    let b = Board::parse(&states_of(paths.keys().next().unwrap(), paths.values().next().unwrap())[0]).unwrap();
    assert!(every_step(&b, "no_such_technique", 10, &mut never)
        .unwrap()
        .unwrap_err()
        .to_string()
        .contains("unknown technique"));
    // A family lists its techniques in the path's order; the limit holds.
    let family = every_step(&b, "hidden_single", 3, &mut never).unwrap().unwrap();
    assert!(family.len() <= 3);
}

/// The player's-board reading of each state of a path ([`states`] with the cells beside).
fn states_of(p: &str, steps: &[OracleStep]) -> Vec<String> {
    let grid = Grid::parse(p).unwrap();
    let mut path = Steps::new(&grid, Selection::all(), false, &mut never).unwrap().unwrap();
    let mut out = Vec::new();
    for text in states(p, steps) {
        let cells: String = path
            .cells()
            .iter()
            .zip(grid.cells())
            .map(|(&v, &g)| match (v, g) {
                (0, _) => ".".to_string(),
                (v, 0) => format!("+{v}"),
                (v, _) => v.to_string(),
            })
            .collect();
        out.push(format!("{text} {cells}"));
        path.next_with(&mut never).unwrap();
    }
    out
}
