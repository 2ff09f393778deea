#!/usr/bin/env bash
# The setters' constraints side by side (docs/benchmarks.md "The setters' constraints"): the engine
# (sudoku-bench --constraints: the layout built from the rules and the solutions counted to 2, as
# one call of sudoku.count_solutions(grid, rules) does) and sigh's Interactive Sudoku Solver (MIT,
# JavaScript, in node; parse, build and countSolutions(2) of its own constraint strings), one run,
# the same puzzles: the published puzzles of data/constraints (sigh's examples and collections)
# and sigh's hard killer collections TAREK_ALL (42) and MATHEMAGIC_KILLERS (14). A second rival:
# Google OR-Tools' CP-SAT (scripts/cpsat_constraints.py, one worker), on the puzzles whose keys it
# models, from a virtual environment made in target/cpsat (pip install ortools).
#
#   scripts/constraint_bench.sh           both solvers, every file, then the table
#   SUDOKU_BENCH_CAP_S=60 (default)       the engine stops a puzzle past this many seconds (counted as the cap)
#   ROUNDS=3 (default)                    rounds of the engine then sigh, alternated; each puzzle's time is its
#                                         best over the rounds (a shared machine's speed drifts over minutes, and
#                                         one solver's whole run could fall in a slow stretch)
#   CPSAT_AGAIN=0                         keep CP-SAT's times of an earlier run (target/constraint_bench/cpsat.txt;
#                                         CP-SAT does not change with the engine, and takes most of the run)
#   CPSAT=0                               leave CP-SAT out (its column reads "none")
#   ISS_CHECKOUT=DIR                      a checkout of github.com/sigh/Interactive-Sudoku-Solver (default:
#                                         made in target/iss from the snapshot `fetch` leaves in /work/.mirror)
# Pin it to one core on an idle machine: taskset -c 1 scripts/constraint_bench.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/target/constraint_bench"
mkdir -p "$out"
iss="${ISS_CHECKOUT:-$root/target/iss}"
mirror=/work/.mirror/sigh+Interactive-Sudoku-Solver/repo
if [ ! -f "$iss/js/sudoku_parser.js" ]; then
    [ -d "$mirror" ] || { echo "no checkout of sigh's solver: set ISS_CHECKOUT" >&2; exit 2; }
    mkdir -p "$iss" && git -C "$mirror" archive HEAD | tar -x -C "$iss"
fi
python3 "$root/scripts/constraint_sets.py" --bench "$out" "${ISS_CHECKOUT:-$mirror}"
cargo build --release --locked -p sudoku-engine --bin sudoku-bench -q
files=("$out/examples.tsv" "$out/TAREK_ALL.tsv" "$out/MATHEMAGIC_KILLERS.tsv")
rounds="${ROUNDS:-3}"
rm -f "$out"/engine.*.txt "$out"/sigh.*.txt
for r in $(seq "$rounds"); do
    "$root/target/release/sudoku-bench" --constraints "${files[@]}" >"$out/engine.$r.txt"
    node "$root/scripts/sigh_constraints.mjs" "$iss" "${files[@]}" >"$out/sigh.$r.txt"
done
if [ "${CPSAT:-1}" = 0 ]; then
    : >"$out/cpsat.none.txt"
    cpsat="$out/cpsat.none.txt"
elif [ "${CPSAT_AGAIN:-1}" != 0 ] || [ ! -s "$out/cpsat.txt" ]; then
    [ -x "$root/target/cpsat/bin/python" ] || { python3 -m venv "$root/target/cpsat" && "$root/target/cpsat/bin/pip" install -q ortools; }
    "$root/target/cpsat/bin/python" "$root/scripts/cpsat_constraints.py" "${files[@]}" >"$out/cpsat.txt"
fi
python3 - "$rounds" "$out" "${cpsat:-$out/cpsat.txt}" <<'PY'
import statistics, sys
def read(path):
    per = {}
    for line in open(path):
        f = line.rstrip("\n").split("\t")
        if len(f) == 5 and f[3] != "skipped":
            us = float(f[3][1:-1]) * 1e6 if f[3].startswith(">") else float(f[3])
            per.setdefault(f[0].rsplit("/", 1)[1], []).append((int(f[1]), us, f[3].startswith(">"), f[4]))
    return per
def best(paths):
    """Each puzzle's best time over the rounds; its count must not change between them."""
    runs = [read(p) for p in paths]
    for run in runs[1:]:
        for name, rows in run.items():
            assert [(x[0], x[3]) for x in rows] == [(x[0], x[3]) for x in runs[0][name]], f"{name}: counts differ between rounds"
    return {name: [min((run[name][i] for run in runs), key=lambda x: x[1]) for i in range(len(rows))]
            for name, rows in runs[0].items()}
rounds, out = int(sys.argv[1]), sys.argv[2]
engine = best([f"{out}/engine.{r}.txt" for r in range(1, rounds + 1)])
sigh = best([f"{out}/sigh.{r}.txt" for r in range(1, rounds + 1)])
cpsat = read(sys.argv[3])
print("| set | puzzles | engine total (s) | sigh total (s) | engine ÷ sigh, total | median engine ÷ sigh, per puzzle | puzzles at most 0.5 of sigh's time | engine stopped at the cap | counts agree | CP-SAT: puzzles modelled, total (s), engine ÷ CP-SAT on them |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
for name in engine:
    e, s = engine[name], sigh[name]
    ratios = [a[1] / max(b[1], 1) for a, b in zip(e, s)]
    agree = sum(1 for a, b in zip(e, s) if a[3] == b[3])
    te, ts = sum(x[1] for x in e) / 1e6, sum(x[1] for x in s) / 1e6
    c = {x[0]: x[1] for x in cpsat.get(name, [])}
    capped = sum(x[2] for x in cpsat.get(name, []))
    tc = sum(c.values()) / 1e6
    te_c = sum(x[1] for x in e if x[0] in c) / 1e6
    cp = f"{len(c)} ({capped} at the cap), {tc:.2f}, {te_c / tc:.3f}" if c else "none"
    print(f"| {name} | {len(e)} | {te:.2f} | {ts:.2f} | {te / ts:.2f} | {statistics.median(ratios):.2f} | "
          f"{sum(r <= 0.5 for r in ratios)} | {sum(x[2] for x in e)} | {agree} of {len(e)} | {cp} |")
PY
