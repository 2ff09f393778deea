//! The set-based views on real puzzle sets (`top95`, `magictour_top1465`, `se_rated_10k`),
//! each checked against an independent routine written here: candidates against the peers'
//! digits, preemptive sets against every digit set of every unit, and the steps in the propagation order against
//! `propagate` and the puzzle's solution.

use std::collections::BTreeSet;

use sudoku_engine::human::{preemptive_sets, Ending, Selection, Step, Steps, PROPAGATION_NAMES};
use sudoku_engine::views::candidates;
use sudoku_engine::{propagate, solve, Grid, Techniques};

const FILES: [&str; 3] = ["top95.txt", "magictour_top1465.txt", "se_rated_10k.txt"];

mod common;
use common::puzzles;

/// The candidates of each cell (0-based row-major; empty for a filled cell), from the digits in
/// its row, column and box, by coordinates.
fn reference_candidates(g: &Grid) -> Vec<BTreeSet<u8>> {
    let n = g.size();
    let (br, bc) = (g.shape().box_rows().max(1), g.shape().box_cols().max(1));
    let boxed = g.shape().has_boxes();
    let v = g.cells();
    (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            if v[i] != 0 {
                return BTreeSet::new();
            }
            let seen: BTreeSet<u8> = (0..n * n)
                .filter(|&j| {
                    let (r2, c2) = (j / n, j % n);
                    r2 == r || c2 == c || (boxed && r2 / br == r / br && c2 / bc == c / bc)
                })
                .map(|j| v[j])
                .collect();
            (1..=n as u8).filter(|d| !seen.contains(d)).collect()
        })
        .collect()
}

/// The 0-based cells of the 27 units: rows, columns, boxes.
fn units9() -> Vec<Vec<usize>> {
    (0..9)
        .map(|r| (0..9).map(|c| r * 9 + c).collect())
        .chain((0..9).map(|c| (0..9).map(|r| r * 9 + c).collect()))
        .chain((0..9).map(|x| (0..9).map(|i| (x / 3 * 3 + i / 3) * 9 + x % 3 * 3 + i % 3).collect()))
        .collect()
}

type SetKey = (usize, Vec<u8>, Vec<usize>);

/// Every (unit, digits, cells) that satisfies the definition, trying all 511 digit sets.
fn reference_preemptive_sets(g: &Grid) -> BTreeSet<SetKey> {
    let cand = reference_candidates(g);
    let mut out = BTreeSet::new();
    for (u, unit) in units9().iter().enumerate() {
        let open: Vec<usize> = unit.iter().copied().filter(|&c| g.cells()[c] == 0).collect();
        for combo in 1u32..512 {
            let digits: BTreeSet<u8> = (1..=9).filter(|d| combo >> (d - 1) & 1 == 1).collect();
            let fitting: Vec<usize> = open.iter().copied().filter(|&c| cand[c].is_subset(&digits)).collect();
            let union: BTreeSet<u8> = fitting.iter().flat_map(|&c| cand[c].iter().copied()).collect();
            if fitting.len() == digits.len() && union == digits {
                out.insert((u, digits.into_iter().collect(), fitting));
            }
        }
    }
    out
}

#[test]
fn candidates_and_preemptive_sets_match_the_definitions() {
    for file in FILES {
        let mut sets = 0usize;
        for g in puzzles(file) {
            let want = reference_candidates(&g);
            let got: Vec<(usize, BTreeSet<u8>)> = candidates(&g)
                .map(|(c, m)| {
                    let i = (c.row as usize - 1) * 9 + c.col as usize - 1;
                    (i, sudoku_engine::views::digits(m).collect())
                })
                .collect();
            assert_eq!(got.len(), g.cells().iter().filter(|&&v| v == 0).count(), "{file}: {g:?}");
            for (i, set) in got {
                assert_eq!(set, want[i], "{file}: {g:?} cell {i}");
            }

            let found = preemptive_sets(&g, 9, &mut || false).unwrap();
            let keys: BTreeSet<SetKey> = found
                .iter()
                .map(|(u, digits, cells)| (*u, sudoku_engine::views::digits(*digits).collect(), cells.clone()))
                .collect();
            assert_eq!(keys.len(), found.len(), "{file}: {g:?} reports a set twice");
            assert_eq!(keys, reference_preemptive_sets(&g), "{file}: {g:?}");
            sets += found.len();

            // The occupancy theorem: the set's digits leave the unit's other cells, and none of
            // them is the solution's digit there.
            let solution = solve(&g).expect("the puzzle sets have solutions");
            for (u, digits, cells) in &keys {
                for &c in &units9()[*u] {
                    if g.cells()[c] == 0 && !cells.contains(&c) {
                        assert!(!digits.contains(&solution.cells()[c]), "{file}: {g:?} unit {u} {digits:?}");
                    }
                }
            }
            // A size bound keeps exactly the smaller sets, in the same order.
            let small = preemptive_sets(&g, 3, &mut || false).unwrap();
            let want_small: Vec<_> = found.iter().filter(|s| s.1.count_ones() <= 3).cloned().collect();
            assert_eq!(small, want_small, "{file}: {g:?}");
        }
        assert!(sets > 0, "{file}");
    }
}

/// The names `sudoku.fill_steps` takes for the bulk techniques `t`.
fn selection(t: Techniques) -> Selection {
    let on = [t.naked_singles, t.hidden_singles, t.locked_candidates, t.preemptive_sets];
    let names: Vec<&str> = PROPAGATION_NAMES.iter().zip(on).filter(|(_, on)| *on).map(|(n, _)| *n).collect();
    let s = Selection::from_names(names.iter().copied()).expect("known names");
    assert_eq!(s.techniques(), Some(t));
    s
}

fn check_trace(file: &str, g: &Grid, t: Techniques, solution: &Grid) {
    let mut run = Steps::new(g, selection(t), false, &mut || false).unwrap().unwrap();
    let steps: Vec<Step> = std::iter::from_fn(|| run.next_with(&mut || false).unwrap()).collect();
    assert!(matches!(run.ending(), Some(Ending::Solved | Ending::Stalled)), "{file}: {g:?} {t:?}");
    assert_eq!(Some(&run.grid()), propagate(g, t).as_ref(), "{file}: {g:?} {t:?}");
    let mut grid = g.cells().to_vec();
    for s in &steps {
        assert!(s.placed.is_some() || !s.eliminated.is_empty(), "{file}: {g:?} a step without progress");
        if let Some((i, d)) = s.placed {
            assert_eq!(grid[i], 0);
            assert_eq!(solution.cells()[i], d, "{file}: {g:?} placed a wrong digit");
            grid[i] = d;
        }
        for &(i, d) in &s.eliminated {
            assert_ne!(solution.cells()[i], d, "{file}: {g:?} {:?} eliminated a solution digit", s.technique);
        }
    }
    assert_eq!(run.cells(), &grid[..], "{file}: {g:?} the grid is the placements");
}

#[test]
fn fill_steps_end_where_propagate_ends() {
    let singles = Techniques { naked_singles: true, hidden_singles: true, ..Techniques::NONE };
    let combos = [
        Techniques::ALL,
        Techniques::SOLVER,
        singles,
        Techniques { naked_singles: true, ..Techniques::NONE },
        Techniques { hidden_singles: true, locked_candidates: true, ..Techniques::NONE },
        Techniques { preemptive_sets: true, ..Techniques::NONE },
    ];
    for file in FILES {
        for (i, g) in puzzles(file).iter().enumerate() {
            let solution = solve(g).unwrap();
            // Every combination on the smaller sets; all techniques on every tenth of the
            // largest, to keep the test quick.
            if file != "se_rated_10k.txt" {
                combos.iter().for_each(|&t| check_trace(file, g, t, &solution));
            } else if i % 10 == 0 {
                check_trace(file, g, Techniques::ALL, &solution);
                check_trace(file, g, combos[(i / 10) % combos.len()], &solution);
            }
        }
    }
}
