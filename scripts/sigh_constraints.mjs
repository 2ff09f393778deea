// The rival of docs/benchmarks.md "The setters' constraints": sigh's Interactive Sudoku Solver (MIT,
// JavaScript, github.com/sigh/Interactive-Sudoku-Solver) counting to 2 the puzzles of the benchmark's
// files (scripts/constraint_sets.py --bench) from their own constraint strings (the sixth column), in
// node, from a checkout outside this repository. Nothing of it is copied here: its modules are
// imported at run time.
//
// Usage: node scripts/sigh_constraints.mjs ISS_CHECKOUT FILE...
// Prints per puzzle `<file>\t<line>\t<name>\t<µs>\t<count>` (parse, build and countSolutions(2),
// best of 3 runs when a run takes under a second), then per file
// `<file> n=<puzzles> count2_us_total=<sum> count2_us_median=<median>`, the form of sudoku-bench
// --constraints. The first puzzle of the first file is counted once more before timing, so that
// node's compiler has warmed up.
import { readFileSync } from 'node:fs';
import { sighModules } from './sigh_modules.mjs';

const { files, SudokuParser, SudokuBuilder } = await sighModules('sigh_constraints.mjs');

const count2 = (input) => SudokuBuilder.build(SudokuParser.parseText(input)).countSolutions(2);
let warm = false;
for (const file of files) {
  const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim());
  const times = [];
  lines.forEach((line, i) => {
    const f = line.split('\t');
    const input = f[5];
    if (!warm) {
      count2(input);
      warm = true;
    }
    let best = Infinity;
    let count = 0;
    for (let run = 0; run < 3; run++) {
      const t0 = process.hrtime.bigint();
      count = count2(input);
      const us = Number(process.hrtime.bigint() - t0) / 1e3;
      best = Math.min(best, us);
      if (us > 1e6) break;
    }
    times.push(best);
    console.log(`${file}\t${i + 1}\t${f[3]}\t${best.toFixed(0)}\t${count}`);
  });
  const total = times.reduce((a, b) => a + b, 0);
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  console.log(`${file} n=${times.length} count2_us_total=${total.toFixed(0)} count2_us_median=${median.toFixed(0)}`);
}
