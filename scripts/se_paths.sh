#!/usr/bin/env bash
# Sudoku Explainer's whole path on puzzles of data/se_oracle.txt, for engine/tests/se_paths.rs:
# every 20th puzzle (all levels), each step as SE takes it (Sukaku Explainer v1.15.10, the oracle
# of ../shared/tools/se-oracle): its difficulty, the candidates it removes and SE's short
# description. Writes data/se_paths.txt, one line a step:
#   <puzzle> <step number from 1> <difficulty> <removed: cell:digits,... (cells 0-80 row-major;
#   a placement removes the cell's other candidates and the digit from its peers); - for none>
#   <SE's description>
# Run it again only to refresh the file (about a minute; needs Java, installed when missing).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
oracle="${SE_ORACLE:-$root/../shared/tools/se-oracle/run}"
command -v java >/dev/null || { source "$root/scripts/apt.sh"; apt_install default-jre-headless; }
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
awk 'NR % 20 == 1 { print $1 }' "$root/data/se_oracle.txt" >"$tmp/puzzles.txt"
while read -r p; do
    echo "$p" >"$tmp/one.txt"
    "$oracle" "$tmp/one.txt" --before='B %m' --after='A %r %s' --format='E' | python3 -c '
import sys
p = sys.argv[1]
before, steps = [], []
for l in sys.stdin:
    l = l.rstrip("\n")
    if l.startswith("B "):
        before.append(l[2:])
    elif l.startswith("A "):
        _, r, desc = l.split(" ", 2)
        steps.append((r, desc))
# Each step: what it removes, as cell:digits (cells 0-80 row-major), from the state before it to
# the state before the next (the last step: to the solved grid, one candidate a cell left).
for i, (r, desc) in enumerate(steps):
    a = before[i]
    z = before[i + 1] if i + 1 < len(before) else None
    gone = []
    for c in range(81):
        was = a[9 * c:9 * c + 9]
        now = z[9 * c:9 * c + 9] if z else None
        removed = "".join(d for d in was if d != "." and (now is None or d not in now))
        if now is None:
            removed = removed[:-1] if len(removed) > 1 else ""
        if removed:
            gone.append("%d:%s" % (c, removed))
    print(p, i + 1, r, ",".join(gone) or "-", desc)
' "$p"
done <"$tmp/puzzles.txt" >"$root/data/se_paths.txt"
wc -l "$root/data/se_paths.txt"
