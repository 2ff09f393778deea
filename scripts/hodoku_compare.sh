#!/usr/bin/env bash
# HoDoKu's order (rate/hint/fill_steps by => 'hodoku', issue 48) next to HoDoKu 2.2.4 itself, in
# one run: the same puzzles through hodoku-oracle (`run --steps`) and sudoku-bench --hodoku, one
# after the other, one core each.
#
#   scripts/hodoku_compare.sh [FILE...]   FILEs of puzzles (the first 81 characters of each line)
#   scripts/hodoku_compare.sh             two samples of se_rated_10k, made afresh:
#     a   every 33rd puzzle from line 1 (300), the sample the order was matched on
#     b   every 33rd puzzle from line 17 (300), held out
#
# For each set one line (scripts/hodoku_compare.py): puzzles, same level, same score, the same
# techniques in the same order of first use, the same steps; then each side's time (HoDoKu's
# in-JVM time from --time, ours from the bench), and with HODOKU_STATES=1 every state of our
# path (but its singles) against HoDoKu's hint from it. Files stay in target/hodoku_compare.
# Needs Java for the oracle (../shared/tools/hodoku-oracle): installed when missing.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
source "$root/scripts/apt.sh"
data="${SUDOKU_DATA:-$(cd "$root/.." && pwd)/shared/data}"
oracle="${HODOKU_ORACLE:-$(cd "$root/.." && pwd)/shared/tools/hodoku-oracle}"
out="$root/target/hodoku_compare"
mkdir -p "$out"
command -v java >/dev/null || apt_install default-jre-headless
cargo build --locked --release -q -p sudoku-engine --bin sudoku-bench
bench="$root/target/release/sudoku-bench"

sets=()
if [ $# -gt 0 ]; then
    for f in "$@"; do name="$(basename "$f" .txt)"; cut -c1-81 "$f" >"$out/$name.txt"; sets+=("$name"); done
else
    awk 'NR % 33 == 1' "$data/se_rated_10k.txt" | head -300 | cut -c1-81 >"$out/a.txt"
    awk 'NR % 33 == 17' "$data/se_rated_10k.txt" | head -300 | cut -c1-81 >"$out/b.txt"
    sets=(a b)
fi
for s in "${sets[@]}"; do
    "$oracle/run" "$out/$s.txt" --steps --time >"$out/$s.oracle" 2>"$out/$s.oracle_time"
    start=$(date +%s%N)
    "$bench" --hodoku "$out/$s.txt" >"$out/$s.ours"
    ours_ms=$(( ($(date +%s%N) - start) / 1000000 ))
    python3 "$root/scripts/hodoku_compare.py" "$out/$s.oracle" "$out/$s.ours"
    echo "  time: HoDoKu $(tail -1 "$out/$s.oracle_time" | tr -d '\n'); ours ${ours_ms} ms in all"
    if [ -n "${HODOKU_STATES:-}" ]; then
        "$bench" --hodoku-states "$out/$s.txt" >"$out/$s.states"
        cut -f1 "$out/$s.states" >"$out/$s.lib"
        "$oracle/run" "$out/$s.lib" --hint >"$out/$s.hints"
        python3 "$root/scripts/hodoku_compare.py" --states "$out/$s.states" "$out/$s.hints"
    fi
done
