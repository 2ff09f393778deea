// The rival of docs/benchmarks.md "Every size": sigh's Interactive Sudoku Solver (MIT, JavaScript,
// github.com/sigh/Interactive-Sudoku-Solver) counting the solutions of puzzle lines to 2, in
// node, from a checkout of it outside this repository (scripts/shape_bench.sh makes one from the
// snapshot `fetch` leaves). Nothing of it is copied here: its modules are imported at run time.
//
// Usage: node scripts/sigh_bench.mjs ISS_CHECKOUT FILE...
// Each FILE holds one puzzle a line as sudoku.grid writes it (an RxC: or none: prefix for a
// shape other than the size's default). Prints, per file, in the form of sudoku-bench:
//   <file> n=<puzzles> count2_us=<mean microseconds a puzzle> build_us=<mean> unique=<count>
// count2_us is the solver's countSolutions(2) alone; build_us its parse and build.
import { readFileSync } from 'node:fs';
import { sighModules } from './sigh_modules.mjs';

const { files, SudokuParser, SudokuBuilder } = await sighModules('sigh_bench.mjs');

const SYMBOLS = '123456789ABCDEFGHIJKLMNOP';
const cellName = (i) => (i < 9 ? String(i + 1) : String.fromCharCode(97 + i - 9));

// sigh's constraint text of one of our puzzle lines.
const constraintText = (line) => {
  let shape = null;
  let cells = line;
  const colon = line.indexOf(':');
  if (colon >= 0) {
    shape = line.slice(0, colon);
    cells = line.slice(colon + 1);
  }
  const n = Math.round(Math.sqrt(cells.length));
  if (n * n !== cells.length) throw new Error(`not a grid line: ${line}`);
  const givens = [];
  for (let i = 0; i < cells.length; i++) {
    const ch = cells[i];
    if (ch === '.' || ch === '0') continue;
    const v = SYMBOLS.indexOf(ch.toUpperCase()) + 1;
    givens.push(`R${cellName(Math.floor(i / n))}C${cellName(i % n)}_${v}`);
  }
  let text = `.Shape~${n}x${n}`;
  if (shape === 'none') text += '.NoBoxes';
  else if (shape) throw new Error(`shape ${shape}: this harness takes the default boxes and none`);
  return text + '.~' + givens.join('~');
};

for (const file of files) {
  const lines = readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  let build = 0n;
  let count = 0n;
  let unique = 0;
  for (const line of lines) {
    const t0 = process.hrtime.bigint();
    const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(SudokuParser.parseText(constraintText(line))));
    const t1 = process.hrtime.bigint();
    const found = solver.countSolutions(2);
    const t2 = process.hrtime.bigint();
    build += t1 - t0;
    count += t2 - t1;
    if (found === 1) unique++;
  }
  const per = (ns) => (Number(ns) / 1000 / lines.length).toFixed(1);
  console.log(`${file} n=${lines.length} count2_us=${per(count)} build_us=${per(build)} unique=${unique}`);
}
