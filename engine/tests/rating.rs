//! The path (`rate`, `hint`, `fill_steps`) on real puzzle sets: every deduction it makes is
//! sound (never removes or contradicts a digit of the known solution), it ends with the
//! solution, and every technique of the path occurs.

mod common;

use std::collections::BTreeMap;

use sudoku_engine::human::{rate_with, rating_of, solve_steps, Selection, Steps, Technique};
use sudoku_engine::solve;

fn never() -> bool {
    false
}

/// Rates every `every`th puzzle of the first `first` of `file`, checks each step against the solution, and counts the steps of
/// each technique.
fn sound_steps(file: &str, every: usize, first: usize) -> BTreeMap<Technique, usize> {
    let mut uses = BTreeMap::new();
    for p in common::puzzles(file).into_iter().take(first).step_by(every) {
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

#[test]
fn every_step_is_sound_and_ends_solved() {
    let mut all_uses = BTreeMap::new();
    let sets = [("top95.txt", 1, usize::MAX), ("easy50.txt", 1, usize::MAX), ("se_rated_10k.txt", 20, usize::MAX)];
    // The hardest: hardest11, and the first 11 of the forum's hardest-of-the-hardest (ER 10.3 to
    // 11.8), whose paths take nested forcing chains of every level.
    let hardest = [("hardest11.txt", 1, usize::MAX), ("forum_hardest_1106.txt", 1, 11)];
    for (file, every, first) in sets.into_iter().chain(hardest) {
        for (t, k) in sound_steps(file, every, first) {
            *all_uses.entry(t).or_insert(0) += k;
        }
    }
    // Every technique of the path occurs on these sets but four: two that Sudoku Explainer's
    // order leaves to others almost always (direct claiming, aligned pair exclusion: see
    // `techniques_alone_are_sound`) and two rare ones (Jellyfish, hidden quad: see
    // `rare_techniques_are_sound_too`). No 9x9 puzzle with one solution needs a guess: nested
    // forcing chains go on where dynamic ones stop.
    let rare =
        [Technique::DirectClaiming, Technique::AlignedPairExclusion, Technique::Jellyfish, Technique::HiddenQuad];
    let missing: Vec<Technique> = Technique::ORDER
        .into_iter()
        .filter(|t| !rare.contains(t) && *t != Technique::Guess && !all_uses.contains_key(t))
        .collect();
    assert!(missing.is_empty(), "never used: {missing:?}");
    assert!(!all_uses.contains_key(&Technique::Guess), "a 9x9 path guessed: {all_uses:?}");
}

#[test]
fn rare_techniques_are_sound_too() {
    let uses = sound_steps("magictour_top1465.txt", 1, usize::MAX);
    for t in [Technique::Jellyfish, Technique::HiddenQuad] {
        assert!(uses.contains_key(&t), "{t:?} never used on magictour_top1465");
    }
}

/// The path restricted to the singles and one technique (`fill_steps(p, ARRAY['full_house',
/// 'hidden_single', 'naked_single', name])`) for the two techniques the whole path leaves to
/// others: every step sound, and the technique found on every 100th puzzle of `se_rated_10k`
/// and every 10th of `magictour_top1465`.
#[test]
fn techniques_alone_are_sound() {
    let bank = common::puzzles("se_rated_10k.txt").into_iter().step_by(100);
    let puzzles: Vec<_> = bank.chain(common::puzzles("magictour_top1465.txt").into_iter().step_by(10)).collect();
    let singles =
        [Technique::FullHouse, Technique::HiddenSingleBox, Technique::HiddenSingleLine, Technique::NakedSingle];
    for t in [Technique::DirectClaiming, Technique::AlignedPairExclusion] {
        let names = ["full_house", "hidden_single", "naked_single", t.name()];
        let mut used = 0;
        for p in &puzzles {
            let solution = solve(p).expect("solvable");
            let selection = Selection::from_names(names).unwrap();
            let mut run = Steps::new(p, selection, true, &mut never).unwrap().unwrap();
            while let Some(s) = run.next_with(&mut never).unwrap() {
                assert!(s.technique == t || singles.contains(&s.technique), "{s:?}");
                used += (s.technique == t) as usize;
                if let Some((c, d)) = s.placed {
                    assert_eq!(solution.cells()[c], d, "{t:?} {p:?}: {s:?}");
                }
                for &(c, d) in &s.eliminated {
                    assert_ne!(solution.cells()[c], d, "{t:?} {p:?}: {s:?}");
                }
            }
        }
        assert!(used > 0, "{t:?} never used alone");
    }
}

/// HoDoKu's order (issue 48) on every 40th puzzle of se_rated_10k and on top95 and hardest11
/// (whose paths reach HoDoKu's forcing chains and nets, here Sudoku Explainer's, and brute force):
/// every step sound, the run solved, the score the sum of its steps' HoDoKu scores, the level at
/// least the hardest step's and past every limit the score passes, the techniques in order of
/// first use, and hint the run's first step.
#[test]
fn hodoku_order_is_sound_and_scored_as_hodoku_scores() {
    use sudoku_engine::human::{hodoku_hint_with, hodoku_rate_with, hodoku_steps_with, HODOKU_SCORE_LIMITS};
    let puzzles = common::puzzles("se_rated_10k.txt").into_iter().step_by(40).chain(common::puzzles("top95.txt"));
    let mut levels = BTreeMap::new();
    for p in puzzles.chain(common::puzzles("hardest11.txt")) {
        let solution = solve(&p).expect("solvable");
        let (steps, hardest) = hodoku_steps_with(&p, true, &mut never).unwrap().unwrap();
        let mut cells = p.cells().to_vec();
        for s in &steps {
            if let Some((c, d)) = s.placed {
                assert_eq!(solution.cells()[c], d, "{p:?}: {s:?}");
                cells[c] = d;
            }
            for &(c, d) in &s.eliminated {
                assert_ne!(solution.cells()[c], d, "{p:?}: {s:?}");
            }
            assert!(!s.explanation.is_empty(), "{p:?}: {s:?}");
        }
        assert_eq!(cells, solution.cells(), "{p:?}");
        let r = hodoku_rate_with(&p, &mut never).unwrap().unwrap();
        let score: u32 = steps.iter().map(|s| s.difficulty).sum();
        assert_eq!(r.score, score as f64, "{p:?}");
        assert_eq!(r.steps as usize, steps.len());
        let level = |name: &str| ["easy", "medium", "hard", "unfair", "extreme"].iter().position(|&l| l == name);
        assert!(level(r.level) >= level(hardest.name()), "{p:?}: {} below {}", r.level, hardest.name());
        for (l, limit) in HODOKU_SCORE_LIMITS {
            if score > limit {
                assert!(level(r.level) > level(l.name()), "{p:?}: score {score} past {limit}, level {}", r.level);
            }
        }
        let mut first_use = Vec::new();
        for s in &steps {
            if !first_use.contains(&s.technique) {
                first_use.push(s.technique);
            }
        }
        assert_eq!(r.techniques, first_use);
        assert_eq!(hodoku_hint_with(&p, &mut never).unwrap().unwrap().as_ref(), steps.first(), "{p:?}");
        *levels.entry(r.level).or_insert(0) += 1;
    }
    eprintln!("HoDoKu's levels: {levels:?}");
    // These sets span HoDoKu's hard, unfair and extreme puzzles.
    assert!(["hard", "unfair", "extreme"].iter().all(|l| levels.contains_key(l)), "{levels:?}");
}

/// HoDoKu's order is for 9x9 puzzles with one solution, as HoDoKu.
#[test]
fn hodoku_order_refuses_other_sizes_and_several_solutions() {
    use sudoku_engine::human::{hodoku_rate_with, RateError};
    let four = sudoku_engine::Grid::parse("1...............").unwrap();
    assert_eq!(hodoku_rate_with(&four, &mut never).unwrap(), Err(RateError::NotNine));
    let several = common::puzzles("multi_solution_serg.txt").into_iter().next().expect("a puzzle");
    assert_eq!(hodoku_rate_with(&several, &mut never).unwrap(), Err(RateError::SeveralSolutions));
}
