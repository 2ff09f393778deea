// The modules of sigh's Interactive Sudoku Solver (MIT, github.com/sigh/Interactive-Sudoku-Solver)
// that the harnesses scripts/sigh_bench.mjs and scripts/sigh_constraints.mjs use, imported at run time
// from a checkout outside this repository (nothing of it is copied here), with its test environment
// set up so that they run in node. Reads the checkout and the files from the command line.
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export async function sighModules(script) {
  const [checkout, ...files] = process.argv.slice(2);
  if (!checkout || files.length === 0) {
    console.error(`usage: node scripts/${script} ISS_CHECKOUT FILE...`);
    process.exit(2);
  }
  const root = resolve(checkout);
  const load = (path) => import(pathToFileURL(join(root, path)).href);
  const { ensureGlobalEnvironment } = await load('tests/helpers/test_env.js');
  ensureGlobalEnvironment();
  const { SudokuParser } = await load('js/sudoku_parser.js');
  const { SudokuBuilder } = await load('js/solver/sudoku_builder.js');
  return { files, SudokuParser, SudokuBuilder };
}
