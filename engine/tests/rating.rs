//! The rating solver on real puzzle sets: every deduction it makes is sound (never removes or
//! contradicts a digit of the known solution), and it ends with the solution.

mod common;

use std::collections::BTreeMap;

use sudoku_engine::human::{rate_with, rating_of, solve_steps, Technique};
use sudoku_engine::solve;

fn never() -> bool {
    false
}

/// Rates every puzzle of `file`, checks each step against the solution, and counts the steps of
/// each technique.
fn sound_steps(file: &str) -> BTreeMap<Technique, usize> {
    let mut uses = BTreeMap::new();
    for p in common::puzzles(file) {
        let solution = solve(&p).expect("solvable");
        let steps = solve_steps(&p, &mut never).unwrap().unwrap();
        let mut cells = p.cells().to_vec();
        for s in &steps {
            *uses.entry(s.technique).or_insert(0) += 1;
            if let Some((c, d)) = s.placed {
                if s.technique != Technique::Guess {
                    assert_eq!(solution.cells()[c], d, "{file}: {p:?}: {s:?}");
                }
                cells[c] = d;
            }
            for &(c, d) in &s.eliminated {
                assert_ne!(solution.cells()[c], d, "{file}: {p:?}: {s:?}");
            }
        }
        assert_eq!(cells, solution.cells(), "{file}: {p:?}");
        // Every step explained; rate (which skips the explanations) rates these very steps.
        assert!(steps.iter().all(|s| !s.explanation.is_empty()), "{file}: {p:?}");
        assert_eq!(rate_with(&p, &mut never).unwrap().unwrap(), rating_of(&steps), "{file}: {p:?}");
    }
    eprintln!("{file}: {uses:?}");
    uses
}

/// The techniques rare enough to need the 49,158 puzzles of `17_clue` and `magictour_top1465` to
/// show up.
const RARE: [Technique; 4] = [Technique::NakedQuad, Technique::Jellyfish, Technique::HiddenQuad, Technique::Guess];

#[test]
fn every_step_is_sound_and_ends_solved() {
    let mut all_uses = BTreeMap::new();
    for file in ["top95.txt", "easy50.txt", "se_rated_10k.txt"] {
        for (t, k) in sound_steps(file) {
            *all_uses.entry(t).or_insert(0) += k;
        }
    }
    // Every technique of the ladder but the rare ones occurs on these sets, so each is exercised.
    for t in Technique::ALL.into_iter().filter(|t| !RARE.contains(t)) {
        assert!(all_uses.get(&t).is_some_and(|&k| k > 0), "{t:?} never used");
    }
}

#[test]
fn rare_techniques_are_sound_too() {
    // Quads, Jellyfish and guesses (after everything else failed) occur in some 17-given puzzles,
    // a hidden quad in one puzzle of magictour_top1465.
    let mut uses = sound_steps("17_clue.txt");
    for (t, k) in sound_steps("magictour_top1465.txt") {
        *uses.entry(t).or_insert(0) += k;
    }
    for t in RARE {
        assert!(uses.get(&t).is_some_and(|&k| k > 0), "{t:?} never used on 17_clue");
    }
}
