#!/usr/bin/env bash
# Issue 38's side-by-side check of the search over a layout: two builds of sudoku-bench (OLD and
# NEW: e.g. `git worktree add` of each commit, `cargo build --release -p sudoku-engine --bin
# sudoku-bench`, the binaries copied) on
#   - classic solving and counting (scripts/bench_ab.py, 3 interleaved rounds) on generated
#     4x4, 16x16 and 25x25 puzzles (the shared data has none: `sudoku.generate(size, seed)`,
#     seeds 1..N, written to $DIR by the caller or by this script from NEW's --generate-file) and
#     on top95 (the 9x9 fast path, which the change leaves alone);
#   - variant solving and counting on data/variants (--variants);
#   - generation of every size and variant (--generate, --generate-variant), best of 3 each, and
#     the digest of the puzzles made, which must be equal.
# Pinned to one core; run it on an idle machine.
#   scripts/bench_layouts.sh OLD NEW DIR    (DIR holds gen4.txt, gen16.txt, gen25.txt)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
old="$1" new="$2" dir="$3"
run() { taskset -c 1 "$@"; }
echo "## classic solving and counting"
run python3 "$root/scripts/bench_ab.py" 3 "$old" "$new" -- "$dir/gen4.txt" "$dir/gen16.txt" "$dir/gen25.txt" \
    "$root/../shared/data/top95.txt"
echo "## variant solving and counting"
run python3 "$root/scripts/bench_ab.py" 3 "$old --variants" "$new --variants" -- "$root"/data/variants/*.tsv
echo "## generation (best of 3 µs a puzzle; digests must be equal)"
echo "| what | old µs | new µs | new ÷ old | same puzzles |"
echo "| --- | ---: | ---: | ---: | --- |"
for args in "--generate 200 4" "--generate 20 9" "--generate 5 16" "--generate 2 25" \
    "--generate-variant 20 x 9" "--generate-variant 20 windoku 9" "--generate-variant 20 jigsaw 9" \
    "--generate-variant 10 killer 9" "--generate-variant 20 x 4" "--generate-variant 3 x 16"; do
    best_old=inf best_new=inf
    for _ in 1 2 3; do
        o="$(run $old $args)"
        n="$(run $new $args)"
        best_old="$(python3 -c "print(min(float('$best_old'), float('$(sed -E 's/.* us=([0-9.]+).*/\1/' <<<"$o")')))")"
        best_new="$(python3 -c "print(min(float('$best_new'), float('$(sed -E 's/.* us=([0-9.]+).*/\1/' <<<"$n")')))")"
        d_old="$(grep -o 'digest=[0-9a-f]*' <<<"$o")" d_new="$(grep -o 'digest=[0-9a-f]*' <<<"$n")"
    done
    same=no
    [ "$d_old" = "$d_new" ] && same=yes
    echo "| \`$args\` | $best_old | $best_new | $(python3 -c "print(f'{$best_new / $best_old:.2f}')") | $same |"
done
