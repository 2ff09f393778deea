#!/usr/bin/env python3
"""The table of scripts/bench.sh's engine part.

stdin: one `kind|file` line per set, in the table's order; argv[1]: the log of tool lines,
`<round> <tool> <file> n=<puzzles> solve_us=<µs> count2_us=<µs> ...`. Prints a Markdown table with
each tool's best time over the rounds and the engine's time over the best rival's (peer, tdoku),
solve / count2; a ratio above 0.85 is marked with `*`.
"""
import re
import sys

best = {}
for line in open(sys.argv[1]):
    m = re.match(r"\d+ (\S+) (\S+) n=(\d+) solve_us=([\d.]+) count2_us=([\d.]+)", line)
    if m:
        tool, path, n, solve, count2 = m[1], m[2], int(m[3]), float(m[4]), float(m[5])
        old = best.get((tool, path), (n, float("inf"), float("inf")))
        best[(tool, path)] = (n, min(old[1], solve), min(old[2], count2))

print("| kind | file | puzzles | engine µs solve / count2 | peer | tdoku | engine ÷ best rival |")
print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
for row in sys.stdin.read().splitlines():
    kind, path = row.split("|", 1)
    engine = best.get(("engine", path))
    if engine is None:
        continue
    rivals = [best[(t, path)] for t in ("peer", "tdoku") if (t, path) in best]
    cells = []
    for t in ("peer", "tdoku"):
        r = best.get((t, path))
        cells.append(f"{r[1]:.2f} / {r[2]:.2f}" if r else "-")
    ratio = "-"
    if rivals:
        parts = []
        for col in (1, 2):
            x = engine[col] / min(r[col] for r in rivals)
            parts.append(f"{x:.2f}" + ("*" if x > 0.85 else ""))
        ratio = " / ".join(parts)
    name = path.rsplit("/", 1)[-1].removesuffix(".txt")
    print(f"| {kind} | `{name}` | {engine[0]:,} | {engine[1]:.2f} / {engine[2]:.2f} | {cells[0]} | {cells[1]} | {ratio} |")
