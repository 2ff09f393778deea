#!/usr/bin/env bash
# The variant solver next to a public solver that handles jigsaw and killer Sudoku: Google
# OR-Tools' CP-SAT (PyPI `ortools`, pinned below; a general constraint solver, installed into
# target/variant-bench, outside the repository's code), one worker thread, on the published
# puzzles of data/variants. Each prints `<file> n= solve_us= count2_us=` (µs per puzzle): the
# engine's sudoku-bench --variants (best of 3 passes), CP-SAT one pass (model built outside the
# timing: AllDifferent per row, column, region, diagonal, window and cage, a linear sum per cage,
# the givens fixed; count2 enumerates solutions and stops at the second).
#
#   scripts/variant_bench.sh [FILE...]     default: data/variants/*.tsv
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
ORTOOLS_VERSION=9.15.6755
venv="$root/target/variant-bench"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import ortools, sys; sys.exit(ortools.__version__ != '$ORTOOLS_VERSION')" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "ortools==$ORTOOLS_VERSION"
fi
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(data/variants/*.tsv)
cargo build --locked --release -q -p sudoku-engine --bin sudoku-bench
echo "== engine (sudoku-bench --variants)"
target/release/sudoku-bench --variants "${files[@]}"
echo "== OR-Tools CP-SAT $ORTOOLS_VERSION, 1 worker"
"$venv/bin/python" - "${files[@]}" <<'PY'
import json
import sys
import time

from ortools.sat.python import cp_model


def model(puzzle, rules):
    n = 9
    m = cp_model.CpModel()
    x = [m.new_int_var(1, n, f"c{i}") for i in range(n * n)]
    for i, ch in enumerate(puzzle):
        if ch not in ".0":
            m.add(x[i] == int(ch))
    units = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]
    if "regions" in rules:
        regions = {}
        for i, s in enumerate(rules["regions"]):
            regions.setdefault(s, []).append(i)
        units += list(regions.values())
    else:
        units += [[(br * 3 + k // 3) * n + bc * 3 + k % 3 for k in range(n)] for br in range(3) for bc in range(3)]
    if rules.get("diagonals"):
        units += [[i * n + i for i in range(n)], [i * n + n - 1 - i for i in range(n)]]
    if rules.get("windows"):
        units += [[(r0 + k // 3) * n + c0 + k % 3 for k in range(n)] for r0 in (1, 5) for c0 in (1, 5)]
    for u in units:
        m.add_all_different([x[i] for i in u])
    for cage in rules.get("cages", []):
        cells = [x[(r - 1) * n + c - 1] for r, c in cage["cells"]]
        m.add_all_different(cells)
        m.add(sum(cells) == cage["sum"])
    return m


class Stop(cp_model.CpSolverSolutionCallback):
    def __init__(self, limit):
        super().__init__()
        self.found, self.limit = 0, limit

    def on_solution_callback(self):
        self.found += 1
        if self.found >= self.limit:
            self.stop_search()


for path in sys.argv[1:]:
    puzzles = []
    for line in open(path):
        f = line.rstrip("\n").split("\t")
        puzzles.append((f[0], json.loads(f[1])))
    solve_s = count_s = 0.0
    for puzzle, rules in puzzles:
        for count in (False, True):
            m = model(puzzle, rules)
            solver = cp_model.CpSolver()
            solver.parameters.num_workers = 1
            if count:
                solver.parameters.enumerate_all_solutions = True
                stop = Stop(2)
                start = time.perf_counter()
                solver.solve(m, stop)
                count_s += time.perf_counter() - start
            else:
                start = time.perf_counter()
                status = solver.solve(m)
                solve_s += time.perf_counter() - start
                assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE), path
    n = len(puzzles)
    print(f"{path} n={n} solve_us={solve_s * 1e6 / n:.1f} count2_us={count_s * 1e6 / n:.1f}")
PY
