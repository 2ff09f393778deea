#!/usr/bin/env bash
# Sukaku ratings of Sudoku Explainer's own path states, for engine/tests/se_paths.rs: for every
# puzzle of data/se_paths.txt, the state before each step as Sukaku Explainer v1.15.10 prints it
# (`%m`, 729 characters; the oracle of ../shared/tools/se-oracle), a sample of them (the first
# state, every 8th, and each state before a uniqueness step: unique rectangle/loop, BUG), each
# rated by the oracle as a pencil-mark puzzle with its default techniques and with the
# uniqueness techniques off (--techs=11111111010111011111101011101001001111111). Writes
# data/se_sukaku.txt, one line a state: <729 characters> <ER EP ED> <ER EP ED without uniqueness>.
# Run it again only to refresh the file (about 3 minutes on 2 cores; needs Java).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
oracle="${SE_ORACLE:-$root/../shared/tools/se-oracle/run}"
command -v java >/dev/null || { source "$root/scripts/apt.sh"; apt_install default-jre-headless; }
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
cut -d' ' -f1 "$root/data/se_paths.txt" | uniq >"$tmp/puzzles.txt"
while read -r p; do
    echo "$p" >"$tmp/one.txt"
    "$oracle" "$tmp/one.txt" --before='B %m' --after='A %r %s' --format='E' |
        awk '/^B /{ b = substr($0, 3) } /^A /{ n++; print n, b, $0 }'
done <"$tmp/puzzles.txt" | awk '$1 == 1 || $1 % 8 == 0 || /Unique|Bivalue/ { print $2 }' >"$tmp/sample.txt"
SE_THREADS=2 "$oracle" "$tmp/sample.txt" >"$tmp/with.txt"
SE_THREADS=2 "$oracle" "$tmp/sample.txt" --techs=11111111010111011111101011101001001111111 >"$tmp/without.txt"
{
    echo "# Sukaku Explainer v1.15.10's ratings of its own path states read as sukakus (scripts/se_sukaku.sh):"
    echo "# <state> <ER EP ED> <ER EP ED without the uniqueness techniques>"
    paste -d' ' "$tmp/with.txt" <(cut -d' ' -f2-4 "$tmp/without.txt")
} >"$root/data/se_sukaku.txt"
wc -l "$root/data/se_sukaku.txt"
