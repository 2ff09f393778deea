//! `propagate` against a reference written here, on real puzzle sets: with singles only it
//! reaches exactly the fixpoint of a plain loop over candidate sets, and with every technique
//! it never places a digit that differs from the puzzle's solution.

use sudoku_engine::{propagate, solve, Grid, Techniques};

mod common;
use common::puzzles;

/// Naked and hidden singles to a fixpoint, the plain way: candidate sets as `Vec<bool>`s,
/// every rule re-checked over the whole grid until a pass changes nothing.
fn reference_singles(grid: &Grid) -> Option<Vec<u8>> {
    let n = grid.size();
    let (br, bc) = (grid.shape().box_rows(), grid.shape().box_cols());
    let boxes = if grid.shape().has_boxes() { n } else { 0 };
    let cells = n * n;
    let units: Vec<Vec<usize>> = (0..n)
        .map(|r| (0..n).map(|c| r * n + c).collect())
        .chain((0..n).map(|c| (0..n).map(|r| r * n + c).collect()))
        .chain((0..boxes).map(|x| {
            let (r0, c0) = ((x / (n / bc)) * br, (x % (n / bc)) * bc);
            (0..n).map(|i| (r0 + i / bc) * n + c0 + i % bc).collect()
        }))
        .collect();
    let peers = |c: usize| -> Vec<usize> {
        (0..cells).filter(|&o| o != c && units.iter().any(|u| u.contains(&c) && u.contains(&o))).collect()
    };
    let mut value: Vec<u8> = grid.cells().to_vec();
    let mut cand: Vec<Vec<bool>> = value.iter().map(|&v| (1..=n as u8).map(|d| v == 0 || v == d).collect()).collect();
    let mut eliminated = vec![false; cells];
    loop {
        let mut changed = false;
        for c in 0..cells {
            if value[c] != 0 && !eliminated[c] {
                eliminated[c] = true;
                changed = true;
                for p in peers(c) {
                    if value[p] == value[c] {
                        return None;
                    }
                    cand[p][value[c] as usize - 1] = false;
                }
            }
        }
        for c in 0..cells {
            let left: Vec<usize> = (0..n).filter(|&d| cand[c][d]).collect();
            if left.is_empty() {
                return None;
            }
            if value[c] == 0 && left.len() == 1 {
                value[c] = left[0] as u8 + 1;
                changed = true;
            }
        }
        for unit in &units {
            for d in 0..n {
                let places: Vec<usize> = unit.iter().copied().filter(|&c| cand[c][d]).collect();
                if places.is_empty() {
                    return None;
                }
                if places.len() == 1 && value[places[0]] == 0 {
                    let c = places[0];
                    value[c] = d as u8 + 1;
                    cand[c] = (0..n).map(|e| e == d).collect();
                    changed = true;
                }
            }
        }
        if !changed {
            return Some(value);
        }
    }
}

const SINGLES: Techniques = Techniques { naked_singles: true, hidden_singles: true, ..Techniques::NONE };

fn singles_match_reference(file: &str) {
    let singles = SINGLES;
    let mut checked = 0;
    for p in puzzles(file) {
        let ours = propagate(&p, singles).map(|g| g.cells().to_vec());
        assert_eq!(ours, reference_singles(&p), "{file}: {p:?}");
        checked += 1;
    }
    assert!(checked > 0);
}

fn every_technique_keeps_the_solution(file: &str) {
    for p in puzzles(file) {
        let solution = solve(&p).expect("the puzzle sets have solutions");
        let propagated = propagate(&p, Techniques::ALL).expect("propagation finds no contradiction");
        for (i, (&v, &s)) in propagated.cells().iter().zip(solution.cells()).enumerate() {
            assert!(v == 0 || v == s, "{file}: {p:?} cell {} placed {v}, solution has {s}", i + 1);
        }
        assert!(propagated.givens() >= p.givens());
    }
}

#[test]
fn singles_top95() {
    singles_match_reference("top95.txt");
}

#[test]
fn singles_magictour_top1465() {
    singles_match_reference("magictour_top1465.txt");
}

#[test]
fn singles_se_rated_10k() {
    singles_match_reference("se_rated_10k.txt");
}

#[test]
fn all_techniques_keep_the_solution() {
    for file in ["top95.txt", "magictour_top1465.txt", "se_rated_10k.txt"] {
        every_technique_keeps_the_solution(file);
    }
}

#[test]
fn technique_choice_matters() {
    // On top95, locked candidates place more than singles alone on some puzzle, preemptive
    // sets more than that, and nothing places nothing.
    let ps = puzzles("top95.txt");
    let placed = |p: &Grid, t: Techniques| propagate(p, t).unwrap().givens();
    assert!(ps.iter().any(|p| placed(p, Techniques::SOLVER) > placed(p, SINGLES)));
    assert!(ps.iter().any(|p| placed(p, Techniques::ALL) > placed(p, Techniques::SOLVER)));
    assert!(ps.iter().all(|p| propagate(p, Techniques::NONE).unwrap() == *p));
}
