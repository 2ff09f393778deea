//! Fuzzing on stable Rust (issue 13.5): property tests with generated inputs (proptest) for
//! every way a value enters the engine (text in both layouts, alphabets, the packed binary form,
//! cell arrays) and for every engine entry point on arbitrary grids of every size, conflicting
//! givens included. Nothing may panic; what is accepted must round-trip, and what a search
//! returns must hold (a solution solves and keeps the givens).
//!
//! `cargo test --release -p sudoku-engine --test fuzz` runs 256 cases per property (the CI run);
//! `scripts/fuzz.sh N` runs N per property (the long run, millions of inputs in all).
//! Searches get a budget of interrupt calls, so an arbitrary 25x25 grid cannot run for hours.

use proptest::prelude::*;
use sudoku_engine::human::{rating, Selection, Steps};
use sudoku_engine::{views, Grid, Techniques};

/// The interrupt hook of a search with a budget: true (stop) after `calls` questions.
fn budget(calls: u32) -> impl FnMut() -> bool {
    let mut asked = 0;
    move || {
        asked += 1;
        asked > calls
    }
}

/// Characters of every kind the text parser meets: digits, letters of the 16x16 and 25x25
/// alphabets (both cases) and beyond, blanks, layout characters, whitespace, and a few others.
fn text_char() -> impl Strategy<Value = char> {
    prop_oneof![
        8 => prop::sample::select(".0_ 123456789".chars().collect::<Vec<_>>()),
        4 => prop::sample::select("ABCDEFGHIJKLMNOPabcdefghijklmnopQRSTUVWXYZqz".chars().collect::<Vec<_>>()),
        2 => prop::sample::select("|+-\n\r\t*#é€\u{0}".chars().collect::<Vec<_>>()),
        1 => any::<char>(),
    ]
}

/// Text of the lengths that matter (around 16, 81, 256, 625 cells, with layout) and any other.
fn grid_text() -> impl Strategy<Value = String> {
    let len = prop_oneof![Just(16usize), Just(81), Just(256), Just(625), 0usize..720];
    len.prop_flat_map(|n| prop::collection::vec(text_char(), n..=n + n / 8)).prop_map(|v| v.into_iter().collect())
}

/// A grid of every size: each cell blank with probability `blank_share`, else a random digit of
/// the size, so peers often conflict.
fn arbitrary_grid() -> impl Strategy<Value = Grid> {
    (prop::sample::select(vec![4usize, 9, 16, 25]), 0.0f64..1.0)
        .prop_flat_map(|(n, blank_share)| {
            prop::collection::vec((0.0f64..1.0, 1..=n as u8), n * n)
                .prop_map(move |cells| cells.into_iter().map(|(p, d)| if p < blank_share { 0 } else { d }).collect())
        })
        .prop_map(|cells: Vec<u8>| Grid::from_cells(&cells).expect("digits of the size"))
}

/// A grid as a solution with some givens removed: grids with solutions, which the searches
/// explore deeper than conflicting ones.
fn thinned_solution() -> impl Strategy<Value = Grid> {
    (prop::sample::select(vec![4usize, 9, 16]), any::<u64>(), 0.0f64..1.0).prop_map(|(n, seed, keep)| {
        let full =
            sudoku_engine::random::random_grid_seeded(n, seed, &mut || false).expect("never interrupted").unwrap();
        let cells: Vec<u8> = full
            .cells()
            .iter()
            .enumerate()
            .map(|(i, &v)| if ((i as u64).wrapping_mul(seed | 1) % 1000) as f64 / 1000.0 < keep { v } else { 0 })
            .collect();
        Grid::from_cells(&cells).unwrap()
    })
}

fn any_grid() -> impl Strategy<Value = Grid> {
    prop_oneof![arbitrary_grid(), thinned_solution()]
}

/// `s` solves `g`: complete, valid, and every given kept.
fn solves(g: &Grid, s: &Grid) -> bool {
    s.is_solved() && g.cells().iter().zip(s.cells()).all(|(&a, &b)| a == 0 || a == b)
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn text_parses_or_errs_and_round_trips(text in grid_text()) {
        if let Ok(g) = Grid::parse(&text) {
            prop_assert_eq!(Grid::parse(&g.to_line()).unwrap(), g.clone());
            prop_assert_eq!(Grid::parse(&g.pretty()).unwrap(), g);
        }
    }

    #[test]
    fn alphabets_parse_or_err(text in grid_text(), alphabet in prop::collection::vec(text_char(), 0..30)) {
        let alphabet: String = alphabet.into_iter().collect();
        if let Ok(g) = Grid::parse_with_alphabet(&text, &alphabet) {
            prop_assert_eq!(g.size(), alphabet.chars().count());
        }
    }

    #[test]
    fn binary_unpacks_or_errs_and_round_trips(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        if let Some(g) = Grid::unpack(&bytes) {
            prop_assert_eq!(Grid::unpack(&g.pack()).unwrap(), g);
        }
    }

    #[test]
    fn packed_grids_survive_bit_flips(g in any_grid(), flip in any::<prop::sample::Index>(), bit in 0u8..8) {
        let mut bytes = g.pack();
        let i = flip.index(bytes.len());
        bytes[i] ^= 1 << bit;
        let _ = Grid::unpack(&bytes);
    }

    #[test]
    fn cell_arrays_build_or_err(
        len in prop_oneof![Just(16usize), Just(81), Just(256), Just(625), 0usize..700],
        values in prop::collection::vec(0u8..30, 700),
    ) {
        if let Ok(g) = Grid::from_cells(&values[..len]) {
            prop_assert_eq!(g.cells(), &values[..len]);
        }
    }

    #[test]
    fn collected_cells_build_or_err(
        size in prop::option::of(prop::sample::select(vec![0usize, 4, 5, 9, 16, 25, 26])),
        triples in prop::collection::vec((-2i64..30, -2i64..30, prop::option::of(-2i64..30)), 0..200),
    ) {
        if let Ok(mut c) = views::GridCollector::new(size) {
            for (r, col, v) in triples {
                if c.add(r, col, v).is_err() {
                    break;
                }
            }
            let _ = c.finish();
        }
    }

    #[test]
    fn searches_never_panic_and_what_they_return_holds(g in any_grid()) {
        if let Ok(Some(s)) = sudoku_engine::solve_with(&g, &mut budget(3_000)) {
            prop_assert!(solves(&g, &s));
        }
        if let Ok(count) = sudoku_engine::count_solutions_with(&g, 3, &mut budget(3_000)) {
            prop_assert!(count <= 3);
            if count > 0 {
                prop_assert!(g.is_valid());
            }
        }
        let mut all = sudoku_engine::Solutions::new(&g, sudoku_engine::Branching::Fastest);
        for _ in 0..3 {
            match all.next_with(&mut budget(3_000)) {
                Ok(Some(s)) => prop_assert!(solves(&g, &s)),
                _ => break,
            }
        }
        for techniques in [Techniques::ALL, Techniques::SOLVER, Techniques::NONE] {
            if let Ok(Some(p)) = sudoku_engine::propagate_with(&g, techniques, &mut budget(3_000)) {
                prop_assert!(g.cells().iter().zip(p.cells()).all(|(&a, &b)| a == 0 || a == b));
            }
        }
    }

    #[test]
    fn views_never_panic(g in any_grid()) {
        prop_assert_eq!(views::cells(&g).count(), g.cells().len());
        let _ = views::candidates(&g).count();
        let _ = sudoku_engine::human::hidden_singles(&g);
        let _ = sudoku_engine::human::preemptive_sets(&g, 4, &mut budget(3_000));
        let mut tree = views::SearchTree::new(&g, 500);
        let mut nodes = 0;
        while let Ok(Some(_)) = tree.next_with(&mut budget(3_000)) {
            nodes += 1;
        }
        prop_assert!(nodes <= 500);
    }

    #[test]
    fn steps_ratings_and_hints_never_panic(g in any_grid()) {
        for selection in [Selection::from_names(["naked_single", "hidden_single", "locked_candidates", "preemptive_set"]).unwrap(), Selection::all()] {
            if let Ok(Ok(mut run)) = Steps::new(&g, selection, true, &mut budget(3_000)) {
                let mut interrupt = budget(3_000);
                for _ in 0..2_000 {
                    match run.next_with(&mut interrupt) {
                        Ok(Some(_)) => {}
                        _ => break,
                    }
                }
            }
        }
        if let Ok(Ok(r)) = rating::rate_with(&g, &mut budget(3_000)) {
            prop_assert!(r.score >= 0.0);
        }
        let _ = rating::hint_with(&g, &mut budget(3_000));
    }
}
