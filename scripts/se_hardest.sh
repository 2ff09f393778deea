#!/usr/bin/env bash
# Makes data/se_hardest_oracle.txt: Sukaku Explainer v1.15.10's ratings (ER, EP, ED) of a sample
# of the hardest puzzles, every band from 9.4 to 11.8, chosen by fixed rules (never by what
# passes). engine/tests/se_rating.rs holds the engine to it without Java.
#
#   scripts/se_hardest.sh           all three parts (hours: the oracle takes 2 to 9 minutes a
#                                   puzzle rated 10 and up, on one core of this machine)
#   SE_THREADS=2 scripts/se_hardest.sh   the oracle on two threads
#
# The parts, in the file's order:
#   forum11   every 1,219th puzzle of forum_hardest_1905_11plus from its line 500 (40 puzzles,
#             ER 10.9-11.4): the same rule and the same values as ../shared/data/se_hardest_oracle_40.txt,
#             which is taken as it is when present
#   forum1106 every 25th puzzle of forum_hardest_1106 (15 puzzles, ER 10.3-11.8)
#   magic9    of magictour_top1465, the puzzles our rating puts at 9.4-9.9 (all 7), then every
#             20th of those it puts at 9.0-9.3 (17): the band below nested chains, where the
#             forum lists have none; placed by our ER, compared with the oracle's
# Each line is `<puzzle> <ER> <EP> <ED>`, lines starting with # say where the next part comes from.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
source "$root/scripts/apt.sh"
data="${SUDOKU_DATA:-$(cd "$root/.." && pwd)/shared/data}"
oracle="${SE_ORACLE:-$(cd "$root/.." && pwd)/shared/tools/se-oracle}"
work="$root/target/se_hardest"
mkdir -p "$work"
command -v java >/dev/null || apt_install default-jre-headless
cargo build --locked --release -q -p sudoku-engine --bin sudoku-bench
bench="$root/target/release/sudoku-bench"

rate() { # puzzles on stdin, "<puzzle> ER EP ED" out
    java -Xrs -Xmx500m -cp "$oracle/sukaku-explainer-1.15.10.jar" diuf.sudoku.test.serate \
        --threads="${SE_THREADS:-1}" --format='%g %r %p %d' --input=- 2>/dev/null
}

awk 'NR >= 500 && (NR - 500) % 1219 == 0 { print substr($1, 1, 81) }' "$data/forum_hardest_1905_11plus.txt" >"$work/forum11.in"
if [ -f "$data/se_hardest_oracle_40.txt" ] && cmp -s <(cut -d' ' -f1 "$data/se_hardest_oracle_40.txt") "$work/forum11.in"; then
    cp "$data/se_hardest_oracle_40.txt" "$work/forum11.oracle"
else
    rate <"$work/forum11.in" >"$work/forum11.oracle"
fi
awk 'NR % 25 == 0 { print substr($1, 1, 81) }' "$data/forum_hardest_1106.txt" >"$work/forum1106.in"
rate <"$work/forum1106.in" >"$work/forum1106.oracle"
"$bench" --se "$data/magictour_top1465.txt" | grep -v ' n=' >"$work/magic.ours"
{
    awk '$2 >= 9.4 && $2 < 10 { print $1 }' "$work/magic.ours"
    awk '$2 >= 9.0 && $2 < 9.4 { n++; if (n % 20 == 1) print $1 }' "$work/magic.ours"
} >"$work/magic9.in"
rate <"$work/magic9.in" >"$work/magic9.oracle"

{
    echo "# Sukaku Explainer v1.15.10 (serate) on the hardest puzzles: <puzzle> <ER> <EP> <ED>; made by scripts/se_hardest.sh"
    echo "# every 1,219th puzzle of forum_hardest_1905_11plus from its line 500"
    cat "$work/forum11.oracle"
    echo "# every 25th puzzle of forum_hardest_1106"
    cat "$work/forum1106.oracle"
    echo "# magictour_top1465: those our ER puts at 9.4-9.9, then every 20th of those at 9.0-9.3"
    cat "$work/magic9.oracle"
} >"$root/data/se_hardest_oracle.txt"
wc -l "$root/data/se_hardest_oracle.txt"
