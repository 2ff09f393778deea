//! The Sudoku Explainer rating against Sukaku Explainer v1.15.10 itself (issue 24).
//!
//! `data/se_oracle.txt` holds what the oracle (`../shared/tools/se-oracle/run`, its `serate`)
//! printed for 1,004 puzzles of every level: 400 made by `qqwing` at its four levels, the 106 of
//! top95 and hardest11, 98 of magictour_top1465 (every 15th), 200 of the Sudoku Exchange bank
//! (every 50th line of se_rated_10k) and 200 made by `sudoku.generate` at its five levels (seeds
//! 1..40). Each line is `<puzzle> <ER> <EP> <ED>`; `scripts/se_compare.sh` remakes such a file.
//! Committed values, so the test needs no Java.

mod common;

use sudoku_engine::human::explainer::{se_rating_with, tenths_text, SeError};
use sudoku_engine::Grid;

fn tenths(field: &str) -> u32 {
    let (whole, tenth) = field.split_once('.').expect("a rating such as 7.2");
    whole.parse::<u32>().unwrap() * 10 + tenth.parse::<u32>().unwrap()
}

#[test]
fn every_level_matches_the_oracle() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/se_oracle.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let (mut equal, mut beyond, mut wrong) = (0, 0, Vec::new());
    for line in text.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        let want = (tenths(f[1]), tenths(f[2]), tenths(f[3]));
        match se_rating_with(&Grid::parse(f[0]).unwrap(), &mut || false) {
            Ok(r) if (r.er, r.ep, r.ed) == want => {
                equal += 1;
                beyond += (want.0 >= 90) as usize;
            }
            got => wrong.push(format!("{}: oracle {} {} {}, got {got:?}", f[0], f[1], f[2], f[3])),
        }
    }
    assert!(wrong.is_empty(), "{} of {} differ:\n{}", wrong.len(), equal + beyond + wrong.len(), wrong.join("\n"));
    assert!(equal >= 1000, "only {equal} equal");
    assert!(beyond >= 30, "{beyond} rated 9.0 or more");
    println!("{equal} equal, {beyond} of them rated 9.0 or more (forcing chains (+) and nested ones)");
}

/// ER equal to the published rating on every 10th puzzle of the Sudoku Exchange bank.
#[test]
fn the_bank_ratings_match() {
    let path = common::data_dir().join("se_rated_10k.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let mut wrong = Vec::new();
    let mut n = 0;
    for line in text.lines().skip(9).step_by(10) {
        let mut f = line.split_whitespace();
        let (p, want) = (f.next().unwrap(), tenths(f.next().unwrap()));
        n += 1;
        match se_rating_with(&Grid::parse(p).unwrap(), &mut || false) {
            Ok(r) if r.er == want => {}
            got => wrong.push(format!("{p}: published {}, got {got:?}", tenths_text(want))),
        }
    }
    assert_eq!(n, 1000);
    assert!(wrong.is_empty(), "{} of {n} differ:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn errors_say_why() {
    let four = Grid::parse("1...............").unwrap();
    assert_eq!(se_rating_with(&four, &mut || false), Err(SeError::NotNine));
    let empty = Grid::parse(&".".repeat(81)).unwrap();
    assert_eq!(se_rating_with(&empty, &mut || false), Err(SeError::SeveralSolutions));
    let clash = Grid::parse(&format!("11{}", ".".repeat(79))).unwrap();
    assert_eq!(se_rating_with(&clash, &mut || false), Err(SeError::ConflictingGivens));
    // r1c9 has no candidate: the row takes 1-8, the column 9.
    let dead = Grid::parse(&format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63))).unwrap();
    assert_eq!(se_rating_with(&dead, &mut || false), Err(SeError::NoSolution));
    let mut calls = 0;
    let hard =
        Grid::parse("57..8.4.........3...32..1.5...4.8........5...2.7.....19.1.....4.8.7.9.....2....6.").unwrap();
    let stop = se_rating_with(&hard, &mut || {
        calls += 1;
        calls > 3
    });
    assert_eq!(stop, Err(SeError::Interrupted));
}

/// The hardest puzzles (nested forcing chains, ER 9.5 to 11.9) against the oracle's ratings in
/// `data/se_hardest_oracle.txt` (see its header): ER equal for at least 95%, within 0.1 for
/// 99%, EP and ED equal for 95% (issue 36's bar); every one rated, none refused.
#[test]
fn the_hardest_match_the_oracle() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/se_hardest_oracle.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let (mut n, mut er, mut near, mut ep, mut ed) = (0usize, 0usize, 0usize, 0usize, 0usize);
    let mut bands = std::collections::BTreeMap::new();
    let mut differ = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let want = (tenths(f[1]), tenths(f[2]), tenths(f[3]));
        let r = se_rating_with(&Grid::parse(f[0]).unwrap(), &mut || false)
            .unwrap_or_else(|e| panic!("{}: oracle {} {} {}, refused: {e}", f[0], f[1], f[2], f[3]));
        n += 1;
        er += (r.er == want.0) as usize;
        near += (r.er.abs_diff(want.0) <= 1) as usize;
        ep += (r.ep == want.1) as usize;
        ed += (r.ed == want.2) as usize;
        let band = bands.entry(want.0 / 5).or_insert((0, 0));
        band.0 += 1;
        band.1 += (r.er == want.0) as usize;
        if (r.er, r.ep, r.ed) != want {
            differ.push(format!(
                "{}: oracle {} {} {}, got {} {} {}",
                f[0],
                f[1],
                f[2],
                f[3],
                tenths_text(r.er),
                tenths_text(r.ep),
                tenths_text(r.ed)
            ));
        }
    }
    let bands: Vec<String> = bands
        .iter()
        .map(|(b, (k, eq))| format!("{}-{}: {eq} of {k}", tenths_text(b * 5), tenths_text(b * 5 + 4)))
        .collect();
    println!("{n} puzzles: ER equal {er}, within 0.1 {near}, EP equal {ep}, ED equal {ed}; by band {bands:?}");
    println!("{}", differ.join("\n"));
    assert!(n >= 50, "only {n} puzzles");
    assert!(er * 100 >= n * 95, "ER equal for {er} of {n}:\n{}", differ.join("\n"));
    assert!(near * 100 >= n * 99, "ER within 0.1 for {near} of {n}:\n{}", differ.join("\n"));
    assert!(ep * 100 >= n * 95 && ed * 100 >= n * 95, "EP equal {ep}, ED equal {ed} of {n}:\n{}", differ.join("\n"));
}
