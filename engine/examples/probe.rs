use sudoku_engine::*;
use std::time::Instant;
fn main() {
    for size in [4usize, 9, 16, 25] {
        let g = Grid::empty(size).unwrap();
        let t = Instant::now();
        let s = solve(&g).unwrap();
        println!("{size} solve {:?} {}", t.elapsed(), &s.to_line()[..size*2]);
    }
    let text = std::fs::read_to_string("../shared/data/multi_solution_serg.txt").unwrap();
    let t = Instant::now();
    let mut n = 0;
    for l in text.lines() { let g = Grid::parse(&l[..81]).unwrap(); let s = solve(&g).unwrap(); assert!(g.is_solved_by(&s)); n+=1;}
    println!("serg {n} mean {:?}", t.elapsed() / n);
}
