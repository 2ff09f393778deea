//! HoDoKu's regression library against `steps(board, technique)` (issue 48's yardstick): for each
//! case of `reglib-1.3.txt` whose HoDoKu technique code has a counterpart in the path's techniques,
//! the board of the case's library line, every step of that technique on it, and whether one of
//! them has exactly the case's eliminations or placement (a fail case, variant `x`: whether none
//! does). Prints one line per code (cases, passed, the technique asked) and the totals.
//!
//! Usage: `cargo run --release -p sudoku-engine --example reglib -- ../shared/tools/hodoku-oracle/reglib-1.3.txt`
//! The library is GPL data: it is read where it lies, never copied into the repository.

use std::collections::BTreeMap;

use sudoku_engine::board::Board;
use sudoku_engine::human::every_step;

/// The path's technique (or family) a HoDoKu code is asked as, for the codes that have one.
fn ours(code: &str) -> Option<&'static str> {
    Some(match code {
        "0000" => "full_house",
        "0002" => "hidden_single",
        "0003" => "naked_single",
        "0100" => "pointing",
        "0101" => "claiming",
        "0200" | "0110" => "naked_pair",
        "0201" | "0111" => "naked_triple",
        "0202" => "naked_quad",
        "0210" => "hidden_pair",
        "0211" => "hidden_triple",
        "0212" => "hidden_quad",
        "0300" => "x_wing",
        "0301" => "swordfish",
        "0302" => "jellyfish",
        "0400" | "0401" | "0402" | "0403" => "turbot_fish",
        "0600" | "0601" | "0602" | "0603" => "unique_rectangle",
        "0800" => "xy_wing",
        "0801" => "xyz_wing",
        _ => return None,
    })
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

fn main() {
    let path = std::env::args().nth(1).expect("usage: reglib REGLIB");
    let text = std::fs::read_to_string(&path).expect("the regression library");
    let mut by_code: BTreeMap<String, (usize, usize, &'static str)> = BTreeMap::new();
    let (mut cases, mut mapped) = (0, 0);
    for line in text.lines().filter(|l| l.starts_with(':')) {
        cases += 1;
        let f: Vec<&str> = line.split(':').collect();
        let (code, variant) = f[1].split_once('-').unwrap_or((f[1], ""));
        let Some(name) = ours(code) else { continue };
        mapped += 1;
        let fail = variant == "x";
        let (elims, places) = (tokens(f.get(5).unwrap_or(&"")), tokens(f.get(6).unwrap_or(&"")));
        let board = Board::parse(line).expect("a library line");
        let found = match every_step(&board, name, 100_000, &mut || false).expect("no interrupt") {
            Ok(steps) => steps.iter().any(|s| {
                let mut e = s.eliminated.clone();
                e.sort_unstable();
                if places.is_empty() {
                    !elims.is_empty() && e == elims
                } else {
                    s.placed.is_some_and(|p| places.contains(&p))
                }
            }),
            Err(_) => false,
        };
        let entry = by_code.entry(f[1].to_string()).or_insert((0, 0, name));
        entry.0 += 1;
        entry.1 += (found != fail) as usize;
    }
    let mut passed = 0;
    for (code, (n, ok, name)) in &by_code {
        println!("{code:8} {name:18} {ok:4} of {n:4}");
        passed += ok;
    }
    println!("{passed} of {mapped} cases with a counterpart passed; {mapped} of {cases} cases have one");
}
