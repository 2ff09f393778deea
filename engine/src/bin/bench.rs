//! sudoku-bench: the engine's speed on puzzle files, in the format of `peer-bench`.
//!
//! Usage: `cargo run --release -p sudoku-engine --bin sudoku-bench -- [--views] FILE...` or
//! `... -- --generate N [SIZE]`.
//!
//! For each file (one puzzle per line; anything after the first whitespace-separated field is
//! ignored) it prints
//! `<file> n=<puzzles> solve_us=<mean µs per solve> count2_us=<mean µs per count up to 2>`,
//! where solve is `sudoku_engine::solve` (what `sudoku.solve` runs) and each figure is the best
//! of 3 passes over the whole file, each pass at least 0.5 s of work. With `SUDOKU_BENCH_ONCE`
//! set, one pass over the file: a fixed amount of work, for instruction counts under valgrind.
//!
//! With `--views` it prints instead
//! `<file> n=<puzzles> candidates_us=.. preemptive_sets_us=.. propagate_us=.. fill_steps_us=..`:
//! the mean µs per puzzle of the engine calls behind `sudoku.candidates` (collected into a
//! vector), `sudoku.preemptive_sets` (any size), `sudoku.propagate` and `sudoku.fill_steps`
//! (every step collected), all with their default techniques.
//!
//! With `--generate N [SIZE]` it prints `generate n=<N> us=<mean µs per puzzle> givens=<mean
//! givens> digest=<a hash of the puzzles, to compare builds>`: N minimal puzzles (9x9 unless SIZE says 4 or 16) with central (180°) symmetry from
//! seeds 0..N, one pass (the format of `peer-bench --generate`).
//!
//! With `--constraints FILE...` (puzzles under the setters' constraints, the form of
//! data/constraints) it prints each puzzle's count to 2 with its layout built, as a call does
//! (see `constraint_file`), and the file's total and median.
//!
//! With `--nodes FILE...` it prints `<file> n=<puzzles> solve_nodes=<mean search nodes of a
//! solve> count2_nodes=<of a count up to 2>`: the size of the search trees, which timings hide.
//!
//! With `--root FILE...` it prints `<file> n=<puzzles> root_us=<mean µs> solve_us= count2_us=`:
//! the fixed cost per puzzle apart from the search (the board of the givens and the first
//! propagation, what `Solutions::new` does before any node), next to the whole solve and count.
//!
//! With `--canonical FILE...` it prints `<file> n=<puzzles> canonical_us=<mean µs per puzzle>
//! grid_canonical_us=<mean µs per solution grid (the puzzles solved)> forms=<distinct canonical
//! forms> slowest_us=<one puzzle's time> slowest=<that puzzle>`.
//!
//! With `--canonical --size=SIZE N` it prints `canonical size= n= puzzle_us= puzzle_max_us=
//! grid_us= grid_max_us=`: `canonical` on the puzzles of `generate` (central symmetry, seeds
//! 1..=N) and on their solution grids, one pass.
//!
//! With `--levels SIZE` it prints, for each level (easy..extreme) and seeds 1-5, `levels
//! size= level= seed= ms=<time> givens= attempts=<grids dug>` for
//! `generate_level_seeded(SIZE, seed, central, no target)`, or `none` when no grid reached it.
//!
//! With `--rate FILE...` it prints `<file> n=<puzzles> rate_us=<mean µs per rating, one pass>
//! spearman=<rank correlation of the score with the line's second field, when every line has
//! one> levels=<puzzles per level>`. With `SUDOKU_BENCH_DUMP` set it also writes, per puzzle,
//! the published rating and the uses of each technique (in `Technique::ALL` order) to stderr.
//!
//! With `--se FILE...` it prints, per puzzle, `<puzzle> <ER> <EP> <ED> <us> <hardest>` (the
//! Sudoku Explainer rating, `serate`'s format plus the µs it took and the hardest technique;
//! `error: ...` for a puzzle it cannot rate), then `<file> n= se_us_mean= se_us_median=`.
//! With `SUDOKU_BENCH_STEPS` set it prints every step too; with `SUDOKU_BENCH_GAPS` set, the
//! widest gap between two calls of the interrupt callback (`gap_us=`, how long a cancel waits).
//!
//! With `--level-puzzles N` it prints the 9x9 puzzles `sudoku.generate(9, seed, 'central', NULL,
//! level)` makes for seeds 1..=N at each level, easy to extreme, one a line.
use std::hint::black_box;
use std::time::Instant;

use sudoku_engine::canonical::canonical;
use sudoku_engine::generate::{generate_level_seeded, generate_seeded, Symmetry};
use sudoku_engine::grid::Shape;
use sudoku_engine::human::{preemptive_sets, rate_with, Selection, Steps, LEVELS, PROPAGATION_NAMES};
use sudoku_engine::views::candidates;
use sudoku_engine::{count_solutions, propagate, solve, Branching, Grid, Solutions, Techniques};

/// Every step of `sudoku.fill_steps(p)` with its default techniques, explained; the count.
fn fill_steps(p: &Grid) -> usize {
    let selection = Selection::from_names(PROPAGATION_NAMES).expect("known names");
    let mut run = Steps::new(p, selection, true, &mut || false).unwrap().expect("the propagation order takes any grid");
    std::iter::from_fn(|| run.next_with(&mut || false).unwrap()).count() + 1
}

/// The mean µs per puzzle of `solve` and of `count_solutions(_, 2)`, each the best of 3 passes.
fn solve_and_count_us(puzzles: &[Grid]) -> (f64, f64) {
    let n = puzzles.len().max(1);
    let solve_us = best_of_3(n, || puzzles.iter().filter(|p| solve(p).is_some()).count());
    let count_us = best_of_3(n, || puzzles.iter().map(|p| count_solutions(p, 2) as usize).sum());
    (solve_us, count_us)
}

fn best_of_3(n: usize, mut pass: impl FnMut() -> usize) -> f64 {
    // SUDOKU_BENCH_ONCE: one pass only, a fixed amount of work for instruction counts (valgrind).
    let once = std::env::var_os("SUDOKU_BENCH_ONCE").is_some();
    (0..if once { 1 } else { 3 })
        .map(|_| {
            let start = Instant::now();
            let mut passes = 0;
            while passes == 0 || (!once && start.elapsed().as_secs_f64() < 0.5) {
                black_box(pass());
                passes += 1;
            }
            start.elapsed().as_secs_f64() * 1e6 / (passes * n) as f64
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let mut paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.first().is_some_and(|a| a == "--rate") {
        for path in &paths[1..] {
            rate_file(path);
        }
        return;
    }
    if paths.first().is_some_and(|a| a == "--level-puzzles") {
        let n: u64 = paths.get(1).and_then(|n| n.parse().ok()).unwrap_or(40);
        for level in LEVELS {
            for seed in 1..=n {
                let g = generate_level_seeded(Shape::NINE, seed, Symmetry::Central, None, level, &mut || false)
                    .expect("never interrupted")
                    .expect("a size");
                if let Some(g) = g {
                    println!("{}", g.puzzle.to_line());
                }
            }
        }
        return;
    }
    if paths.first().is_some_and(|a| a == "--hodoku-states") {
        // Before each step but the singles of HoDoKu's order: the state as a HoDoKu library
        // line, a tab, and the step (technique, eliminations) — to ask hodoku-oracle's --hint.
        for path in &paths[1..] {
            for g in read_grids(path) {
                let sel = sudoku_engine::human::Selection::hodoku();
                let mut run = sudoku_engine::human::Steps::new(&g, sel, false, &mut || false).unwrap().unwrap();
                loop {
                    let cells = run.cells().to_vec();
                    let cand = run.candidates();
                    let Some(step) = run.next_with(&mut || false).unwrap() else { break };
                    if step.placed.is_some() && step.eliminated.is_empty() {
                        continue;
                    }
                    let givens: Vec<u8> = (0..81).map(|c| g.cells()[c]).collect();
                    let placed: Vec<u8> = (0..81).map(|c| if g.cells()[c] == 0 { cells[c] } else { 0 }).collect();
                    let lists: Vec<Vec<u8>> = (0..81)
                        .map(|c| if cells[c] == 0 { sudoku_engine::human::digit_list(cand[c]) } else { Vec::new() })
                        .collect();
                    let b = sudoku_engine::board::Board::from_parts(&givens, &placed, &lists).unwrap();
                    let el: Vec<String> =
                        step.eliminated.iter().map(|&(c, d)| format!("r{}c{}<>{}", c / 9 + 1, c % 9 + 1, d)).collect();
                    println!("{}\t{} {}", b.to_library_line().unwrap(), step.technique.name(), el.join(","));
                }
            }
        }
        return;
    }
    if paths.first().is_some_and(|a| a == "--hodoku") {
        // One line a puzzle, as hodoku-oracle's `run --steps`: puzzle, level, score, then the
        // technique of each step (our names), comma-separated.
        for path in &paths[1..] {
            for g in read_grids(path) {
                let (steps, hardest) = sudoku_engine::human::hodoku_steps_with(&g, false, &mut || false)
                    .expect("never interrupted")
                    .expect("one solution");
                let r = sudoku_engine::human::hodoku_rating_of(&steps, hardest);
                let names: Vec<&str> = steps.iter().map(|s| s.technique.name()).collect();
                println!("{} {} {} {}", g.to_line(), r.level, r.score, names.join(","));
            }
        }
        return;
    }
    if paths.first().is_some_and(|a| a == "--se") {
        for path in &paths[1..] {
            se_file(path);
        }
        return;
    }
    if paths.first().is_some_and(|a| a == "--root") {
        for path in &paths[1..] {
            let puzzles = read_grids(path);
            let n = puzzles.len().max(1);
            let root_us =
                best_of_3(n, || puzzles.iter().map(|p| Solutions::new(p, Branching::Fastest).nodes() as usize).sum());
            let (solve_us, count_us) = solve_and_count_us(&puzzles);
            println!("{path} n={} root_us={root_us:.3} solve_us={solve_us:.3} count2_us={count_us:.3}", puzzles.len());
        }
        return;
    }
    if paths.first().is_some_and(|a| a == "--nodes") {
        for path in &paths[1..] {
            nodes_file(path);
        }
        return;
    }
    if paths.first().is_some_and(|a| a == "--canonical") {
        if let Some(size) = paths.get(1).and_then(|s| s.strip_prefix("--size=")).and_then(|s| s.parse().ok()) {
            let n: u64 = paths.get(2).and_then(|n| n.parse().ok()).unwrap_or(5);
            canonical_generated(size, n);
            return;
        }
        for path in &paths[1..] {
            canonical_file(path);
        }
        return;
    }
    if paths.first().is_some_and(|a| a == "--rate-generated") {
        // `--rate-generated SIZE N`: rate the minimal puzzles of seeds 1..=N, one line each.
        let size: usize = paths.get(1).and_then(|s| s.parse().ok()).unwrap_or(16);
        let n: u64 = paths.get(2).and_then(|s| s.parse().ok()).unwrap_or(5);
        for seed in 1..=n {
            let g = generate_seeded(Shape::of_size(size).unwrap(), seed, Symmetry::Central, None, &mut || false)
                .unwrap()
                .unwrap();
            let start = Instant::now();
            let r = rate_with(&g.puzzle, &mut || false).unwrap().unwrap();
            let ms = start.elapsed().as_secs_f64() * 1e3;
            println!(
                "rate size={size} seed={seed} ms={ms:.1} score={:.1} level={} steps={} guesses={} hardest={:?}",
                r.score,
                r.level,
                r.steps,
                r.guesses,
                r.techniques.last()
            );
        }
        return;
    }
    if paths.first().is_some_and(|a| a == "--er-bands") {
        // `--er-bands N`: 9x9 puzzles of each band of ER a whole point wide, seeds 1..=N.
        let n: u64 = paths.get(1).and_then(|s| s.parse().ok()).unwrap_or(10);
        for lo in (10..=80).step_by(10) {
            let start = Instant::now();
            let found = (1..=n)
                .filter(|&seed| {
                    sudoku_engine::generate::generate_band_seeded(
                        Shape::NINE,
                        seed,
                        Symmetry::Central,
                        None,
                        (lo, lo + 9),
                        &mut || false,
                    )
                    .unwrap()
                    .unwrap()
                    .is_some()
                })
                .count();
            let ms = start.elapsed().as_secs_f64() * 1e3 / n as f64;
            println!(
                "er-band {:.1}-{:.1} seeds={n} found={found} ms_per_call={ms:.1}",
                lo as f64 / 10.0,
                (lo + 9) as f64 / 10.0
            );
        }
        return;
    }
    if paths.first().is_some_and(|a| a == "--levels") {
        let size: usize = paths.get(1).and_then(|s| s.parse().ok()).unwrap_or(9);
        let seeds: u64 = paths.get(2).and_then(|s| s.parse().ok()).unwrap_or(5);
        levels(size, seeds);
        return;
    }
    if paths.first().is_some_and(|a| a == "--generate") {
        let n: u64 = paths.get(1).and_then(|n| n.parse().ok()).unwrap_or_else(|| {
            eprintln!("usage: sudoku-bench --generate N [SIZE [OUT]]");
            std::process::exit(2)
        });
        let size: usize = paths.get(2).and_then(|s| s.parse().ok()).unwrap_or(9);
        let start = Instant::now();
        let puzzles: Vec<Grid> = (0..n)
            .map(|seed| {
                generate_seeded(Shape::of_size(size).unwrap(), seed, Symmetry::Central, None, &mut || false)
                    .expect("never interrupted")
                    .expect("9x9 without a target always succeeds")
                    .puzzle
            })
            .collect();
        let us = start.elapsed().as_secs_f64() * 1e6 / n.max(1) as f64;
        if let Some(out) = paths.get(3) {
            // The puzzles, one line each (seeds 0 to N - 1), for other tools to read.
            let text: String = puzzles.iter().map(|p| format!("{p}\n")).collect();
            std::fs::write(out, text).expect("the output file is writable");
        }
        let givens: usize = puzzles.iter().map(Grid::givens).sum();
        println!(
            "generate n={n} us={us:.1} givens={:.2} digest={:016x}",
            givens as f64 / n.max(1) as f64,
            digest(&puzzles)
        );
        return;
    }
    if paths.first().is_some_and(|a| a == "--variants") {
        for path in &paths[1..] {
            variant_file(path);
        }
        return;
    }
    if paths.first().is_some_and(|a| a == "--constraints") {
        let cap: f64 = std::env::var("SUDOKU_BENCH_CAP_S").ok().and_then(|s| s.parse().ok()).unwrap_or(60.0);
        for path in &paths[1..] {
            constraint_file(path, cap);
        }
        return;
    }
    if paths.first().is_some_and(|a| a == "--generate-variant") {
        let n: u64 = paths.get(1).and_then(|n| n.parse().ok()).unwrap_or(10);
        let kind = paths.get(2).map_or("x", |s| s.as_str());
        let size: usize = paths.get(3).and_then(|s| s.parse().ok()).unwrap_or(9);
        generate_variant(n, kind, size);
        return;
    }
    let views = paths.first().is_some_and(|a| a == "--views");
    if views {
        paths.remove(0);
    }
    if paths.is_empty() {
        eprintln!("usage: sudoku-bench [--views] FILE...");
        std::process::exit(2);
    }
    for path in &paths {
        let puzzles = read_grids(path);
        let n = puzzles.len().max(1);
        if views {
            let cand_us = best_of_3(n, || puzzles.iter().map(|p| candidates(p).collect::<Vec<_>>().len()).sum());
            let sets_us = best_of_3(n, || {
                puzzles.iter().map(|p| preemptive_sets(p, p.size(), &mut || false).map_or(0, |s| s.len())).sum()
            });
            let prop_us = best_of_3(n, || puzzles.iter().filter_map(|p| propagate(p, Techniques::ALL)).count());
            let steps_us = best_of_3(n, || puzzles.iter().map(|p| fill_steps(p)).sum());
            println!(
                "{path} n={} candidates_us={cand_us:.3} preemptive_sets_us={sets_us:.3} propagate_us={prop_us:.3} \
                 fill_steps_us={steps_us:.3}",
                puzzles.len()
            );
            continue;
        }
        let (solve_us, count_us) = solve_and_count_us(&puzzles);
        println!("{path} n={} solve_us={solve_us:.3} count2_us={count_us:.3}", puzzles.len());
    }
}

/// `--levels SIZE`: for each level and seeds 1-5, the time of `generate_level_seeded` (central
/// symmetry), the givens and the grids it dug.
fn levels(size: usize, seeds: u64) {
    for level in LEVELS {
        for seed in 1..=seeds {
            let start = Instant::now();
            let g =
                generate_level_seeded(Shape::of_size(size).unwrap(), seed, Symmetry::Central, None, level, &mut || {
                    false
                })
                .expect("never interrupted")
                .expect("a size");
            let ms = start.elapsed().as_secs_f64() * 1e3;
            match g {
                Some(g) => println!(
                    "levels size={size} level={level} seed={seed} ms={ms:.1} givens={} attempts={}",
                    g.puzzle.givens(),
                    g.attempts
                ),
                None => println!("levels size={size} level={level} seed={seed} ms={ms:.1} none"),
            }
        }
    }
}

/// `--rate`: one pass of `rate_with` over a file, and the Spearman correlation of the scores
/// with the published ratings in the second field.
/// The puzzles of a file: the first whitespace-separated field of each line.
fn read_grids(path: &str) -> Vec<Grid> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1)
    });
    text.lines()
        .filter_map(|l| l.split_whitespace().next())
        .map(|l| {
            Grid::parse(l).unwrap_or_else(|e| {
                eprintln!("{path}: {l}: {e}");
                std::process::exit(1)
            })
        })
        .collect()
}

/// `--canonical`: the mean µs of `canonical` per puzzle and per solution grid, the distinct
/// forms among the puzzles, and the slowest puzzle.
fn canonical_file(path: &str) {
    let puzzles = read_grids(path);
    let grids: Vec<Grid> = puzzles.iter().filter_map(solve).collect();
    let n = puzzles.len().max(1);
    let puzzle_us = best_of_3(n, || puzzles.iter().map(|p| canonical(p).givens()).sum());
    let grid_us = best_of_3(grids.len().max(1), || grids.iter().map(|g| canonical(g).givens()).sum());
    let forms: std::collections::HashSet<Grid> = puzzles.iter().map(canonical).collect();
    let (slowest, worst) = puzzles
        .iter()
        .map(|p| {
            let start = Instant::now();
            black_box(canonical(p));
            (start.elapsed().as_secs_f64() * 1e6, p)
        })
        .fold((0.0, None), |(t, w), (u, p)| if u > t { (u, Some(p)) } else { (t, w) });
    println!(
        "{path} n={} canonical_us={puzzle_us:.3} grid_canonical_us={grid_us:.3} forms={} slowest_us={slowest:.1} slowest={}",
        puzzles.len(),
        forms.len(),
        worst.map(|g| g.to_line()).unwrap_or_default()
    );
}

/// `--canonical --size=SIZE N`: `canonical` on the puzzles `generate_seeded(SIZE, 1..=N,
/// central)` and their solution grids, one pass, the slowest call of each kind.
fn canonical_generated(size: usize, n: u64) {
    let made: Vec<_> = (1..=n)
        .map(|seed| {
            generate_seeded(Shape::of_size(size).unwrap(), seed, Symmetry::Central, None, &mut || false)
                .unwrap()
                .unwrap()
        })
        .collect();
    let time = |g: &Grid| {
        let start = Instant::now();
        black_box(canonical(g));
        start.elapsed().as_secs_f64() * 1e6
    };
    let puzzles: Vec<f64> = made.iter().map(|m| time(&m.puzzle)).collect();
    let grids: Vec<f64> = made.iter().map(|m| time(&m.solution)).collect();
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    let max = |v: &[f64]| v.iter().cloned().fold(0.0, f64::max);
    println!(
        "canonical size={size} n={n} puzzle_us={:.1} puzzle_max_us={:.1} grid_us={:.1} grid_max_us={:.1}",
        mean(&puzzles),
        max(&puzzles),
        mean(&grids),
        max(&grids)
    );
}

/// `--nodes`: the mean search nodes (branch attempts) of a solve and of a count up to 2.
fn nodes_file(path: &str) {
    let grids = read_grids(path);
    let (mut solve_nodes, mut count2_nodes) = (0u64, 0u64);
    for g in &grids {
        let mut search = Solutions::new(g, Branching::Fastest);
        search.next_with(&mut || false).expect("no interrupt");
        solve_nodes += search.nodes();
        search.next_with(&mut || false).expect("no interrupt");
        count2_nodes += search.nodes();
    }
    let n = grids.len().max(1) as f64;
    println!(
        "{path} n={} solve_nodes={:.2} count2_nodes={:.2}",
        grids.len(),
        solve_nodes as f64 / n,
        count2_nodes as f64 / n
    );
}

fn rate_file(path: &str) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1)
    });
    let rows: Vec<(Grid, Option<f64>)> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut fields = l.split_whitespace();
            let grid = Grid::parse(fields.next().unwrap_or_default()).expect("a puzzle per line");
            (grid, fields.next().and_then(|r| r.parse().ok()))
        })
        .collect();
    let start = Instant::now();
    let ratings: Vec<_> = rows
        .iter()
        .map(|(g, _)| rate_with(g, &mut || false).expect("never interrupted").expect("a puzzle with one solution"))
        .collect();
    let us = start.elapsed().as_secs_f64() * 1e6 / rows.len().max(1) as f64;
    if std::env::var_os("SUDOKU_BENCH_DUMP").is_some() {
        // Per puzzle: the published rating, then the steps of each technique of the path.
        for (g, p) in &rows {
            let steps = sudoku_engine::human::solve_steps(g, &mut || false).unwrap().unwrap();
            let counts: Vec<String> = sudoku_engine::human::Technique::ORDER
                .iter()
                .map(|t| steps.iter().filter(|d| d.technique == *t).count().to_string())
                .collect();
            eprintln!("{} {}", p.unwrap_or(0.0), counts.join(" "));
        }
    }
    let mut levels = std::collections::BTreeMap::new();
    for r in &ratings {
        *levels.entry(r.level).or_insert(0) += 1;
    }
    let spearman = if rows.iter().all(|(_, p)| p.is_some()) {
        let ours: Vec<f64> = ratings.iter().map(|r| r.score).collect();
        let theirs: Vec<f64> = rows.iter().map(|(_, p)| p.unwrap()).collect();
        format!("{:.3}", pearson(&ranks(&ours), &ranks(&theirs)))
    } else {
        "none".into()
    };
    println!("{path} n={} rate_us={us:.1} spearman={spearman} levels={levels:?}", rows.len());
}

/// Ranks from 1, ties sharing their mean rank.
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut rank = vec![0.0; values.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
            j += 1;
        }
        for &k in &order[i..=j] {
            rank[k] = (i + j) as f64 / 2.0 + 1.0;
        }
        i = j + 1;
    }
    rank
}

fn pearson(x: &[f64], y: &[f64]) -> f64 {
    let n = x.len() as f64;
    let (mx, my) = (x.iter().sum::<f64>() / n, y.iter().sum::<f64>() / n);
    let cov: f64 = x.iter().zip(y).map(|(a, b)| (a - mx) * (b - my)).sum();
    let vx: f64 = x.iter().map(|a| (a - mx).powi(2)).sum();
    let vy: f64 = y.iter().map(|b| (b - my).powi(2)).sum();
    cov / (vx * vy).sqrt()
}

fn se_file(path: &str) {
    use sudoku_engine::human::explainer::{se_rating_with, se_steps_with, tenths_text as tenths};
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1)
    });
    let steps = std::env::var_os("SUDOKU_BENCH_STEPS").is_some();
    let gaps = std::env::var_os("SUDOKU_BENCH_GAPS").is_some();
    let mut times = Vec::new();
    let mut widest = 0.0f64;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let field = line.split_whitespace().next().unwrap_or_default();
        let grid = Grid::parse(&field[..field.len().min(81)]).expect("a puzzle per line");
        let start = Instant::now();
        // With SUDOKU_BENCH_GAPS, the widest gap between two calls of the interrupt callback:
        // how long a query cancel could wait (the callback is where the server's hook runs).
        let mut last = start;
        let mut gap = 0.0f64;
        let result = se_rating_with(&grid, &mut || {
            if gaps {
                let now = Instant::now();
                gap = gap.max((now - last).as_secs_f64() * 1e6);
                last = now;
            }
            false
        });
        let us = start.elapsed().as_secs_f64() * 1e6;
        if gaps {
            gap = gap.max((Instant::now() - last).as_secs_f64() * 1e6);
            widest = widest.max(gap);
        }
        times.push(us);
        let gap_text = if gaps { format!(" gap_us={gap:.0}") } else { String::new() };
        match result {
            Ok(r) => println!(
                "{} {} {} {} {:.0} {}{gap_text}",
                field,
                tenths(r.er),
                tenths(r.ep),
                tenths(r.ed),
                us,
                r.hardest.name()
            ),
            Err(e) => println!("{field} error: {e}"),
        }
        if steps {
            if let Ok((_, list)) = se_steps_with(&grid, &mut || false) {
                for s in list {
                    println!(
                        "  {} {} placed={:?} removed={:?}",
                        tenths(s.difficulty),
                        s.technique.name(),
                        s.placed,
                        s.removed
                    );
                }
            }
        }
    }
    let n = times.len().max(1);
    let mean = times.iter().sum::<f64>() / n as f64;
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    let gap_text = if gaps { format!(" widest_gap_us={widest:.0}") } else { String::new() };
    println!("{path} n={} se_us_mean={mean:.0} se_us_median={median:.0}{gap_text}", times.len());
}

/// `--variants FILE...`: the puzzles of a data/variants file (puzzle, rules JSON, solution,
/// name; tab-separated) solved and counted to 2 under their rules, µs per puzzle (best of 3
/// passes of at least 0.5 s), with the layout built once per puzzle outside the timing.
fn variant_file(path: &str) {
    use sudoku_engine::variant::{count_solutions_with, solve_with, Rules};
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let puzzles: Vec<_> = text
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let rules = Rules::from_json(&serde_json::from_str(f[1]).expect("JSON")).expect("rules");
            let grid = Grid::parse(f[0]).expect("a grid");
            let lay = rules.layout_of(grid.shape()).expect("rules fit");
            (grid, lay)
        })
        .collect();
    let n = puzzles.len().max(1);
    let solve_us =
        best_of_3(n, || puzzles.iter().filter(|(g, l)| solve_with(g, l, &mut || false).unwrap().is_some()).count());
    let count_us = best_of_3(n, || {
        puzzles.iter().map(|(g, l)| count_solutions_with(g, l, 2, &mut || false).unwrap() as usize).sum()
    });
    println!("{path} n={} solve_us={solve_us:.1} count2_us={count_us:.1}", puzzles.len());
}

/// `--constraints FILE...`: per puzzle of a file in the form of data/constraints (puzzle, rules
/// JSON, ...; tab-separated), the layout built from the rules and the solutions counted to 2,
/// as one call of `sudoku.count_solutions(grid, rules)` does (the layout, and the memo of its
/// passes, new each time): µs, best of 3 runs when a run takes under a second, one run
/// otherwise, stopped past `cap` seconds. Prints `<file>\t<line>\t<name>\t<µs or >cap>\t<count>`
/// per puzzle, then `<file> n=<puzzles> count2_us_total=<sum> count2_us_median=<median>`
/// (a stopped puzzle counts as its cap).
fn constraint_file(path: &str, cap: f64) {
    use sudoku_engine::variant::{count_solutions_with, Rules};
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut times = Vec::new();
    for (no, l) in text.lines().enumerate() {
        let f: Vec<&str> = l.split('\t').collect();
        let rules = Rules::from_json(&serde_json::from_str(f[1]).expect("JSON")).expect("rules");
        let grid = Grid::parse(f[0]).expect("a grid");
        let mut best = f64::INFINITY;
        let mut count = 0;
        for _ in 0..3 {
            let start = Instant::now();
            let mut late = || start.elapsed().as_secs_f64() > cap;
            let lay = rules.layout_of(grid.shape()).expect("rules fit");
            let counted = count_solutions_with(&grid, &lay, 2, &mut late);
            let us = start.elapsed().as_secs_f64() * 1e6;
            match counted {
                Ok(k) => {
                    count = k;
                    best = best.min(us);
                }
                Err(_) => {
                    best = cap * 1e6;
                    count = u64::MAX;
                    break;
                }
            }
            if us > 1e6 {
                break;
            }
        }
        let shown = if count == u64::MAX { format!(">{cap}s") } else { format!("{best:.0}") };
        let counted = if count == u64::MAX { "?".to_string() } else { count.to_string() };
        println!("{path}\t{}\t{}\t{shown}\t{counted}", no + 1, f.get(3).copied().unwrap_or(""));
        times.push(best);
    }
    let total: f64 = times.iter().sum();
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    println!("{path} n={} count2_us_total={total:.0} count2_us_median={median:.0}", times.len());
}

/// `--generate-variant N KIND [SIZE]`: N puzzles of KIND (x, windoku, jigsaw, killer; jigsaw
/// 9x9 only, with the regions of data/variants/jigsaw_janko.tsv's first puzzle) of SIZE (9),
/// µs per puzzle and mean givens.
fn generate_variant(n: u64, kind: &str, size: usize) {
    use sudoku_engine::variant::{generate_seeded, Rules};
    let jigsaw = include_str!("../../../data/variants/jigsaw_janko.tsv")
        .lines()
        .next()
        .expect("a line")
        .split('\t')
        .nth(1)
        .expect("rules");
    let (rules, killer) = match kind {
        "x" => (Rules { diagonals: true, ..Rules::default() }, false),
        "windoku" => (Rules { windows: true, ..Rules::default() }, false),
        "jigsaw" => (Rules::from_json(&serde_json::from_str(jigsaw).expect("JSON")).expect("rules"), false),
        _ => (Rules::default(), true),
    };
    let start = Instant::now();
    let puzzles: Vec<Grid> = (0..n)
        .map(|seed| {
            generate_seeded(Shape::of_size(size).unwrap(), &rules, killer, Symmetry::Central, seed, &mut || false)
                .unwrap()
                .unwrap()
                .puzzle
        })
        .collect();
    let us = start.elapsed().as_secs_f64() * 1e6 / n.max(1) as f64;
    let givens: usize = puzzles.iter().map(Grid::givens).sum();
    println!(
        "generate kind={kind} size={size} n={n} us={us:.1} givens={:.2} digest={:016x}",
        givens as f64 / n.max(1) as f64,
        digest(&puzzles)
    );
}

/// An FNV-1a hash of puzzles' cells, in order: equal digests say two builds made the same puzzles.
fn digest(puzzles: &[Grid]) -> u64 {
    puzzles
        .iter()
        .flat_map(|p| p.cells())
        .fold(0xcbf29ce484222325u64, |h, &c| (h ^ c as u64).wrapping_mul(0x100000001b3))
}
