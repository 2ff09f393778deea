//! Canonical forms on real puzzle sets (see `../shared/data/README.md`), and against an
//! independent brute force over every geometric transformation of 9x9 grids.
//!
//! The project's test command runs these in release mode: the brute force tries 3,359,232
//! transformations per grid.

use std::collections::HashSet;

use sudoku_engine::canonical::{canonical, canonical_with, is_equivalent_with, transform_seeded, CanonicalError};
use sudoku_engine::generate::{generate_seeded, Symmetry};
use sudoku_engine::{solve, Grid};

mod common;
use common::puzzles;

fn never() -> bool {
    false
}

/// The 1,296 orders of 9 lines that keep bands: band order, then the rows of each band.
fn line_orders() -> Vec<[usize; 9]> {
    let perms3 = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut out = Vec::new();
    for outer in perms3 {
        for a in perms3 {
            for b in perms3 {
                for c in perms3 {
                    let inner = [a, b, c];
                    let mut m = [0; 9];
                    for (k, &band) in outer.iter().enumerate() {
                        for i in 0..3 {
                            m[k * 3 + i] = band * 3 + inner[k][i];
                        }
                    }
                    out.push(m);
                }
            }
        }
    }
    out
}

/// The minlex string by brute force: every transposition, row order and column order, each
/// relabelled in order of first appearance, compared cell by cell and abandoned at the first
/// cell that is larger than the best so far. Shares no code with the engine's search.
fn brute_force(text: &[u8; 81]) -> [u8; 81] {
    let orders = line_orders();
    let mut best = [u8::MAX; 81];
    for transpose in [false, true] {
        let at = |r: usize, c: usize| if transpose { text[c * 9 + r] } else { text[r * 9 + c] };
        for rows in &orders {
            'cols: for cols in &orders {
                let mut map = [0u8; 10];
                let mut next = 1;
                let mut smaller = false;
                let mut cand = [0u8; 81];
                for i in 0..81 {
                    let v = at(rows[i / 9], cols[i % 9]);
                    let k = if v == 0 {
                        0
                    } else {
                        if map[v as usize] == 0 {
                            map[v as usize] = next;
                            next += 1;
                        }
                        map[v as usize]
                    };
                    if !smaller {
                        if k > best[i] {
                            continue 'cols;
                        }
                        smaller = k < best[i];
                    }
                    cand[i] = k;
                }
                if smaller {
                    best = cand;
                }
            }
        }
    }
    best
}

fn cells81(g: &Grid) -> [u8; 81] {
    g.cells().try_into().expect("a 9x9 grid")
}

#[test]
fn nine_by_nine_matches_brute_force() {
    // Ten hard puzzles, their solution grids, and ten 17-clue puzzles.
    let mut grids: Vec<Grid> = puzzles("top95.txt").into_iter().step_by(10).collect();
    let solutions: Vec<Grid> = grids.iter().map(|p| solve(p).expect("top95 is solvable")).collect();
    grids.extend(solutions);
    grids.extend(puzzles("17_clue.txt").into_iter().step_by(4_999));
    for g in &grids {
        assert_eq!(canonical(g).cells(), brute_force(&cells81(g)).as_slice(), "{g}");
    }
}

#[test]
fn seventeen_clue_puzzles_stay_distinct() {
    // The 17-clue list holds pairwise inequivalent puzzles: every one keeps its own form.
    let all = puzzles("17_clue.txt");
    let forms: HashSet<Grid> = all.iter().map(canonical).collect();
    assert_eq!(forms.len(), all.len());
    assert_eq!(all.len(), 49_158);
}

#[test]
fn every_disguise_of_a_puzzle_has_its_form() {
    for file in ["top95.txt", "magictour_top1465.txt"] {
        for (i, p) in puzzles(file).iter().enumerate() {
            let form = canonical(p);
            assert_eq!(canonical(&form), form, "{file}:{}: not a fixed point", i + 1);
            assert_eq!(form.givens(), p.givens());
            for seed in 0..100u64 {
                let t = transform_seeded(p, seed ^ (i as u64) << 8);
                assert_eq!(canonical(&t), form, "{file}:{}: transform {seed}", i + 1);
            }
        }
    }
}

#[test]
fn solution_grids_keep_their_form_under_transforms() {
    for p in puzzles("magictour_top1465.txt").iter().step_by(7) {
        let s = solve(p).expect("solvable");
        let form = canonical(&s);
        assert!(form.is_solved());
        for seed in 0..20u64 {
            assert_eq!(canonical(&transform_seeded(&s, seed)), form);
        }
    }
}

#[test]
fn equivalence_tells_puzzles_apart() {
    let list = puzzles("top95.txt");
    for (i, p) in list.iter().enumerate() {
        let t = transform_seeded(p, i as u64);
        assert!(is_equivalent_with(p, &t, &mut never).unwrap());
        let other = &list[(i + 1) % list.len()];
        assert_eq!(is_equivalent_with(p, other, &mut never).unwrap(), canonical(p) == canonical(other));
    }
}

#[test]
fn large_grids_keep_their_form_under_transforms() {
    for size in [16, 25] {
        for seed in 1..=3u64 {
            let g = generate_seeded(
                sudoku_engine::Shape::of_size(size).unwrap(),
                seed,
                Symmetry::Central,
                None,
                &mut never,
            )
            .unwrap()
            .unwrap();
            for grid in [&g.puzzle, &g.solution] {
                let form = match canonical_with(grid, &mut never) {
                    Ok(f) => f,
                    Err(CanonicalError::TooManyTies) => panic!("{size}x{size} seed {seed}: too many ties"),
                    Err(e) => panic!("{e:?}"),
                };
                assert_eq!(canonical(&form), form);
                for k in 0..3u64 {
                    assert_eq!(canonical(&transform_seeded(grid, k)), form, "{size}x{size} seed {seed}");
                }
            }
        }
    }
}

#[test]
fn puzzles_listed_twice_in_disguise_are_confirmed_by_brute_force() {
    // top95 and magictour_top1465 each hold one puzzle twice, in different disguises: the
    // canonical forms find the pairs, and the brute force confirms each independently.
    for file in ["top95.txt", "magictour_top1465.txt"] {
        let list = puzzles(file);
        let mut first_seen = std::collections::HashMap::new();
        let mut pairs = Vec::new();
        for (i, p) in list.iter().enumerate() {
            if let Some(j) = first_seen.insert(canonical(p), i) {
                pairs.push((j, i));
            }
        }
        assert!(!pairs.is_empty(), "{file}: no puzzle listed twice");
        for (a, b) in pairs {
            assert_ne!(list[a], list[b]);
            assert_eq!(
                brute_force(&cells81(&list[a])),
                brute_force(&cells81(&list[b])),
                "{file}: {} and {}",
                a + 1,
                b + 1
            );
        }
    }
}

#[test]
fn dense_and_sparse_puzzles_match_brute_force() {
    // Solution grids with a few blanks (rows of new digits that tie everywhere: the lazy search's
    // positional labels at their busiest) and grids thinned to a few givens.
    let solutions: Vec<Grid> =
        puzzles("magictour_top1465.txt").iter().step_by(97).map(|p| solve(p).expect("solvable")).collect();
    for (k, s) in solutions.iter().enumerate() {
        for blanks in [1, 4, 9, 30, 60] {
            let cells: Vec<u8> = s
                .cells()
                .iter()
                .enumerate()
                .map(|(i, &v)| if (i * 37 + k * 11) % 81 < blanks { 0 } else { v })
                .collect();
            let p = Grid::from_cells(&cells).unwrap();
            assert_eq!(canonical(&p).cells(), brute_force(&cells81(&p)).as_slice(), "{p}");
        }
    }
}

/// Grids whose symmetry groups are huge (issue 34): one digit repeated along whole rows, so that
/// every ordering of the columns ties. Each search gives up by its work budget or its state
/// limit (`TooManyTies`), calling the interrupt hook along the way, and stops at once when the
/// hook asks it to.
#[test]
fn grids_with_huge_symmetry_groups_stop_within_the_work_limit() {
    let patterns = [
        // The grid of issue 34: rows of 25 ones, then 25 blanks, twelve times, and one more row.
        format!("{}{}", ["1".repeat(25), ".".repeat(25)].concat().repeat(12), "1".repeat(25)),
        "1".repeat(625),
        ["1".repeat(16), ".".repeat(16)].concat().repeat(8),
        format!("{}{}", "12".repeat(8), ".".repeat(240)),
    ];
    for text in &patterns {
        let grid = Grid::parse(text).unwrap();
        let mut calls = 0u64;
        let result = canonical_with(&grid, &mut || {
            calls += 1;
            false
        });
        assert_eq!(result, Err(CanonicalError::TooManyTies), "{}x{}", grid.size(), grid.size());
        assert!(calls >= 3, "the hook was called {calls} times");
        // A hook that asks to stop at its third call stops the search there.
        let mut left = 3u64;
        let stopped = canonical_with(&grid, &mut || {
            left -= 1;
            left == 0
        });
        assert_eq!(stopped, Err(CanonicalError::Interrupted));
        println!("{}x{}: {result:?} after {calls} interrupt checks", grid.size(), grid.size());
    }
}
