//! HoDoKu's regression library against `steps(board, technique)` (issue 48): every case of
//! `reglib-1.3.txt` (1,112 one-line cases, each a candidate state and what one technique must
//! find there) whose HoDoKu technique code one of our techniques claims ([`Technique::hodoku`]):
//! the board of the case's library line, every step of that technique on it
//! ([`every_step`]), and one of them must have exactly the case's eliminations or placement; a
//! fail case (variant `x`) passes when no step of the technique removes a candidate of the case's
//! digits. Every case of a claimed code must pass, but the ones [`WRONG`] lists with the reason.
//!
//! The library is GPL data from HoDoKu's source (`../shared/tools/hodoku-oracle/reglib-1.3.txt`,
//! or `$HODOKU_REGLIB`): the test reads it where it lies, never a copy in the repository. Run with
//! `--nocapture` for the table by code.

use std::collections::BTreeMap;
use std::path::PathBuf;

use sudoku_engine::board::Board;
use sudoku_engine::human::{every_step, Technique};

/// Cases the library has wrong, as (code, line of the library), with why; none so far.
const WRONG: [(&str, usize, &str); 0] = [];

/// Codes a technique finds most cases of but does not claim yet: their cases run and are
/// reported (`--nocapture`), not required. The grouped continuous nice loops' removals are those
/// of one loop, and the loop taken (the shortest back through each weak link) is not always
/// HoDoKu's. (The plain ones pass every case since their weak links remove nothing from the
/// loop's own cells, as HoDoKu's.)
const PARTIAL: [(&str, Technique); 1] = [("0709", Technique::GroupedContinuousNiceLoop)];

fn reglib() -> PathBuf {
    std::env::var_os("HODOKU_REGLIB").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/tools/hodoku-oracle/reglib-1.3.txt")
    })
}

/// The technique claiming a HoDoKu code, if one does.
fn ours(code: &str) -> Option<(Technique, bool)> {
    let claimed = Technique::LISTED.into_iter().find(|t| t.hodoku().contains(&code)).map(|t| (t, true));
    claimed.or_else(|| PARTIAL.iter().find(|(c, _)| *c == code).map(|&(_, t)| (t, false)))
}

/// `<digit><row><col>` tokens as (cell, digit), sorted.
fn tokens(field: &str) -> Vec<(usize, u8)> {
    let mut v: Vec<(usize, u8)> = field
        .split_whitespace()
        .map(|t| {
            let b = t.as_bytes();
            ((b[1] - b'1') as usize * 9 + (b[2] - b'1') as usize, b[0] - b'0')
        })
        .collect();
    v.sort_unstable();
    v
}

#[test]
fn hodoku_regression_library() {
    let path = reglib();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e} (set HODOKU_REGLIB)", path.display()));
    // By code: (cases, passed, our technique's name).
    let mut by_code: BTreeMap<String, (usize, usize, &'static str)> = BTreeMap::new();
    let (mut cases, mut claimed, mut failures) = (0, 0, Vec::new());
    for (no, line) in text.lines().enumerate().filter(|(_, l)| l.starts_with(':')) {
        cases += 1;
        let f: Vec<&str> = line.split(':').collect();
        let (code, variant) = f[1].split_once('-').unwrap_or((f[1], ""));
        let Some((technique, required)) = ours(code) else { continue };
        claimed += required as usize;
        let fail = variant == "x";
        let digits: Vec<u8> = f[2].bytes().map(|b| b - b'0').collect();
        let (elims, places) = (tokens(f.get(5).unwrap_or(&"")), tokens(f.get(6).unwrap_or(&"")));
        let board = Board::parse(line).unwrap_or_else(|e| panic!("line {}: {e}", no + 1));
        let steps = match every_step(&board, technique.name(), 1_000_000, &mut || false).expect("never interrupted") {
            Ok(steps) => steps,
            Err(e) => panic!("line {}: {e}", no + 1),
        };
        let found = if fail {
            steps.iter().any(|s| digits.is_empty() || s.digits == digits)
        } else {
            steps.iter().any(|s| {
                let mut e = s.eliminated.clone();
                e.sort_unstable();
                if places.is_empty() {
                    e == elims
                } else {
                    s.placed.is_some_and(|p| places.contains(&p))
                }
            })
        };
        let label = if required { f[1].to_string() } else { format!("({})", f[1]) };
        let entry = by_code.entry(label).or_insert((0, 0, technique.name()));
        entry.0 += 1;
        if found != fail {
            entry.1 += 1;
        } else if required && !WRONG.iter().any(|&(c, l, _)| c == f[1] && l == no + 1) {
            failures.push(format!("line {} ({}, {}): {line}", no + 1, f[1], technique.name()));
        }
    }
    let mut passed = 0;
    for (code, (n, ok, name)) in &by_code {
        println!("{code:8} {name:32} {ok:4} of {n:4}");
        passed += ok * !code.starts_with('(') as usize;
    }
    println!(
        "{passed} of {claimed} claimed cases passed; {claimed} of {cases} cases claimed (in parentheses: not claimed)"
    );
    assert_eq!(cases, 1112, "the library has 1,112 cases");
    assert!(failures.is_empty(), "{} cases failed:\n{}", failures.len(), failures.join("\n"));
}

/// Every technique of HoDoKu's has its score and level, and all but the partial ones a code.
#[test]
fn every_hodoku_technique_is_rated() {
    for t in Technique::HODOKU {
        let (score, _) = t.hodoku_rating().unwrap_or_else(|| panic!("{} has no HoDoKu score", t.name()));
        assert!(score > 0 && t.base() == score, "{}", t.name());
        assert!(!t.hodoku().is_empty() || PARTIAL.iter().any(|&(_, p)| p == t), "{} has no code", t.name());
    }
}
