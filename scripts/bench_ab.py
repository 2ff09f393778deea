#!/usr/bin/env python3
"""Side by side: builds of sudoku-bench (or any tool that prints `<file> n= solve_us= count2_us=`,
such as ../shared/tools/peer-bench/run) on the same files, in interleaved rounds.

    scripts/bench_ab.py ROUNDS TOOL... -- FILE...

Each round runs every tool on every file, one after the other; the table keeps each tool's best
solve and count2 time over the rounds, and its ratio to the first tool's. This is how the
README's before/after ratios were measured: build the two commits' `sudoku-bench` into two
paths (e.g. `git worktree add`, `cargo build --release -p sudoku-engine --bin sudoku-bench`,
copy the binary) and give both. Run it pinned to one core (`taskset -c 1`) on an idle machine.
"""
import re
import subprocess
import sys

if "--" not in sys.argv[2:]:
    sys.exit(__doc__)
rounds = int(sys.argv[1])
cut = sys.argv.index("--")
tools, files = sys.argv[2:cut], sys.argv[cut + 1 :]
best = {}
for _ in range(rounds):
    for f in files:
        for t in tools:
            out = subprocess.run(t.split() + [f], capture_output=True, text=True, check=True).stdout
            m = re.search(r"solve_us=([\d.]+) count2_us=([\d.]+)", out)
            old = best.get((t, f), (float("inf"), float("inf")))
            best[(t, f)] = (min(old[0], float(m[1])), min(old[1], float(m[2])))
print("| file | " + " | ".join(f"`{t}` solve / count2 µs (ratio)" for t in tools) + " |")
print("| --- |" + " ---: |" * len(tools))
for f in files:
    base = best[(tools[0], f)]
    cells = [f"{b[0]:.3f} / {b[1]:.3f} ({b[0] / base[0]:.2f} / {b[1] / base[1]:.2f})" for b in (best[(t, f)] for t in tools)]
    print(f"| `{f.rsplit('/', 1)[-1]}` | " + " | ".join(cells) + " |")
