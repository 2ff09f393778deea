//! The rating solver on real puzzle sets: every deduction it makes is sound (never removes or
//! contradicts a digit of the known solution), and it ends with the solution.

mod common;

use sudoku_engine::rate::{solve_steps, Technique};
use sudoku_engine::solve;

fn never() -> bool {
    false
}

#[test]
fn every_step_is_sound_and_ends_solved() {
    let mut all_uses = std::collections::BTreeMap::new();
    for (file, limit) in [("top95.txt", usize::MAX), ("easy50.txt", usize::MAX), ("se_rated_10k.txt", usize::MAX)] {
        let mut uses = std::collections::BTreeMap::new();
        for p in common::puzzles(file).into_iter().take(limit) {
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
        }
        eprintln!("{file}: {uses:?}");
        for (t, k) in uses {
            *all_uses.entry(t).or_insert(0) += k;
        }
    }
    // Every technique of the ladder but the quads and Jellyfish (and guesses, which the ladder
    // avoids) occurs on these sets, so each is exercised.
    let rare = [Technique::NakedQuad, Technique::Jellyfish, Technique::HiddenQuad, Technique::Guess];
    for t in Technique::ALL.into_iter().filter(|t| !rare.contains(t)) {
        assert!(all_uses.get(&t).is_some_and(|&k| k > 0), "{t:?} never used");
    }
}
