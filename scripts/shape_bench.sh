#!/usr/bin/env bash
# Every size side by side (docs/benchmarks.md "Every size"): the engine's sudoku-bench and sigh's
# Interactive Sudoku Solver (MIT, JavaScript, in node; it takes sizes up to 16) count to 2 the same
# puzzles, one run: N puzzles generated per size 4 to 25 (seeds 0 to N-1, central symmetry, the
# size's default boxes) and the published sets of data/shapes. sigh's solver also says how many
# of each file have exactly one solution: an independent check of the generated puzzles.
#
#   scripts/shape_bench.sh [N]        N puzzles a size (default 50)
#   ISS_CHECKOUT=DIR                  a checkout of github.com/sigh/Interactive-Sudoku-Solver
#                                     (default: made in target/iss from the snapshot `fetch` leaves
#                                     in /work/.mirror, outside the repository's sources)
# Pin it to one core on an idle machine: taskset -c 1 scripts/shape_bench.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
n="${1:-50}"
out="$root/target/shape_bench"
mkdir -p "$out"
iss="${ISS_CHECKOUT:-$root/target/iss}"
if [ ! -f "$iss/js/sudoku_parser.js" ]; then
    mirror=/work/.mirror/sigh+Interactive-Sudoku-Solver/repo
    [ -d "$mirror" ] || { echo "no checkout of sigh's solver: set ISS_CHECKOUT" >&2; exit 2; }
    mkdir -p "$iss" && git -C "$mirror" archive HEAD | tar -x -C "$iss"
fi
cargo build --release --locked -p sudoku-engine --bin sudoku-bench -q
bench="$root/target/release/sudoku-bench"
files=()
for size in $(seq 4 25); do
    "$bench" --generate "$n" "$size" "$out/generated_${size}x${size}.txt" >/dev/null
    files+=("$out/generated_${size}x${size}.txt")
done
cut -f1 "$root/data/shapes/janko_16x16.tsv" >"$out/janko_16x16.txt"
awk -F'\t' '$2 == "{}" { print $1 }' "$root/data/shapes/sigh_iss.tsv" >"$out/sigh_iss_classic.txt"
echo "# sudoku-bench (solve and count to 2, µs a puzzle)"
"$bench" "${files[@]}" "$out/janko_16x16.txt" "$out/sigh_iss_classic.txt"
echo "# sigh's Interactive Sudoku Solver in node $(node --version) (count to 2 and build, µs a puzzle; unique of n)"
node "$root/scripts/sigh_bench.mjs" "$iss" "${files[@]:0:13}" "$out/janko_16x16.txt" "$out/sigh_iss_classic.txt"
