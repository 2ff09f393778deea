#!/usr/bin/env bash
# Makes the benchmark sets of data/bench/ (see data/bench/README.md) from tools no one here wrote.
#
#   scripts/bench_sets.sh --tdoku [SEED]   tdoku_random.txt and tdoku_minimal.txt from tdoku's generator
#                                          (default seed 1, the committed sets), 1,000 puzzles each
#   scripts/bench_sets.sh --qqwing         the four qqwing_*.txt sets, 1,000 puzzles each (qqwing has no
#                                          seed: a new draw each time; "simple" takes about 5 minutes)
#
# tdoku's generator is built from its source, outside the repository (target/bench-tools), by a
# 15-line driver that calls its Constrain (random clues until one solution is left) and Minimize
# (drop every clue that keeps it unique, in random order) with a fixed seed. The source is taken
# from $TDOKU_SRC: a checkout of github.com/t-dillon/tdoku, or a git directory of one (default:
# the tool library's snapshot, /work/.mirror/t-dillon+tdoku/repo). qqwing is a Debian package.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/data/bench"
n=1000

case "${1:-}" in
--tdoku)
    seed="${2:-1}"
    src="${TDOKU_SRC:-/work/.mirror/t-dillon+tdoku/repo}"
    build="$root/target/bench-tools/tdoku"
    rm -rf "$build" && mkdir -p "$build/src" "$build/include"
    for f in src/solver_dpll_triad_simd.cc src/simd_vectors.h src/bitutil.h src/util.h src/util.cc include/tdoku.h; do
        if [ -f "$src/$f" ]; then
            cp "$src/$f" "$build/$f"
        elif git --git-dir="$src" rev-parse --verify -q HEAD >/dev/null 2>&1; then
            git --git-dir="$src" show "HEAD:$f" >"$build/$f"
        else
            echo "tdoku's source is not at $src (set TDOKU_SRC to a checkout of github.com/t-dillon/tdoku)" >&2
            exit 1
        fi
    done
    command -v g++ >/dev/null || { . "$root/scripts/apt.sh"; apt_install g++; }
    # The driver includes the solver's source to reach its generator (file-local there) and seed it.
    cat >"$build/sample.cc" <<'EOF'
#include "solver_dpll_triad_simd.cc"
#include <cstdio>
#include <cstdlib>
int main(int argc, char **argv) {
    generator.util_.RandomSeed(strtoull(argv[1], nullptr, 10));
    for (long i = 0, n = atol(argv[2]); i < n;) {
        char p[82];
        memset(p, '.', 81);
        p[81] = 0;
        if (!generator.Constrain(false, p)) continue;
        printf("%.81s ", p);
        generator.Minimize(false, false, p);
        printf("%.81s\n", p);
        i++;
    }
}
EOF
    g++ -O2 -msse4.2 -std=c++17 -I"$build/src" -o "$build/sample" "$build/sample.cc" "$build/src/util.cc"
    "$build/sample" "$seed" "$n" >"$build/pairs.txt"
    cut -d' ' -f1 "$build/pairs.txt" >"$out/tdoku_random.txt"
    cut -d' ' -f2 "$build/pairs.txt" >"$out/tdoku_minimal.txt"
    ;;
--qqwing)
    command -v qqwing >/dev/null || { . "$root/scripts/apt.sh"; apt_install qqwing; }
    for level in simple easy intermediate expert; do
        qqwing --generate "$n" --difficulty "$level" --one-line >"$out/qqwing_$level.txt"
    done
    ;;
*)
    sed -n '2,14p' "$0" >&2
    exit 2
    ;;
esac
for f in "$out"/*.txt; do
    echo "$(basename "$f"): $(wc -l <"$f") puzzles, $(awk '{n = gsub(/[1-9]/, "", $1); s += n} END {printf "%.1f", s / NR}' "$f") givens on average"
done
