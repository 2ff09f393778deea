#!/usr/bin/env bash
# sudoku.svg in a real browser: headless Chromium renders pictures of real puzzles to PNG, and
# scripts/png_stats.py checks each is the size the function promises and holds what it should:
#   - the first puzzle of top95 with its solution: 402x402, dark lines and givens, blue digits;
#   - the same puzzle alone: no blue, and as many dark pixels as with the solution (the added
#     digits are blue, not dark);
#   - the same puzzle with candidates: more grey (pencil marks) than without;
#   - a 16x16 puzzle from sudoku.generate(16, 1) with its solution: 550x550, dark and blue;
#   - variants (sudoku.svg(grid, rules => ...)), generated with seed 1: an X + windoku puzzle with
#     its solution (the diagonals and windows shaded light grey), a jigsaw puzzle (janko.at
#     Chaos-Sudoku 93's regions: thick region borders, more dark than the classic puzzle) and a
#     killer puzzle (dashed cages and their sums: more grey than the classic puzzle);
#   - the setters' constraints (issue 50), on published puzzles of data/constraints/sigh_iss.tsv:
#     a little killer puzzle (490x490: a border of one cell holds the clues, dark numbers there)
#     and a thermometer puzzle (grey tubes and bulbs: more grey than the same grid without rules);
#   - steps of the path (sudoku.svg_step(step)) on bank puzzles: a single (its cell highlighted, its
#     digit green), an X-Wing and an XY-Wing (cells highlighted, removals struck in red) and a
#     forcing chain (its links as orange arrows).
# Runs against the server of $PGHOST/$PGPORT (scripts/test.sh's throwaway cluster, or the
# quickstart's: export $(scripts/cluster.sh env)). With --readme it also writes the README's
# picture, examples/pictures/top95-1.png (and its SVG).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/major.sh"  # PG_MAJOR: its psql first on the PATH
data="${SUDOKU_DATA:-$(cd "$root/.." && pwd)/shared/data}"
out="$root/target/svg_test"
rm -rf "$out" && mkdir -p "$out"
command -v chromium >/dev/null || { echo "svg_test: chromium is missing (scripts/setup.sh --deps installs it)" >&2; exit 1; }
db=pg_sudoku_svg
psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
psql -X -q -d "$db" -c "CREATE EXTENSION pg_sudoku"
puzzle="$(head -1 "$data/top95.txt" | cut -d' ' -f1)"
draw() { # FILE: the SVG the query on stdin returns, :'p' being the puzzle
    psql -X -At -d "$db" -v p="$puzzle" > "$out/$1"
}
draw solved9.svg <<<"SELECT sudoku.svg(:'p', sudoku.solve(:'p'));"
draw puzzle9.svg <<<"SELECT sudoku.svg(:'p');"
draw pencil9.svg <<<"SELECT sudoku.svg(:'p', candidates => true);"
draw solved16.svg <<<"SELECT sudoku.svg(p, sudoku.solve(p)) FROM sudoku.generate(16, 1) p;"
draw xwindoku9.svg <<<"SELECT sudoku.svg(puzzle, rules => rules, solution => solution) FROM sudoku.generate(rules => '{\"diagonals\": true, \"windows\": true}', seed => 1);"
jigsaw="$(head -1 "$root/data/variants/jigsaw_janko.tsv" | cut -f2)"
draw jigsaw9.svg <<<"SELECT sudoku.svg(puzzle, rules => rules) FROM sudoku.generate(rules => '$jigsaw', seed => 1);"
draw killer9.svg <<<"SELECT sudoku.svg(puzzle, rules => rules) FROM sudoku.generate(rules => '{}', killer => true, seed => 1);"
published() { # FILE NAME: the published puzzle of that name drawn under its constraints (--plain: no rules)
    local line
    line="$(awk -F'\t' -v n="$2" '$4 == n { print; exit }' "$root/data/constraints/sigh_iss.tsv")"
    psql -X -At -d "$db" -v p="$(cut -f1 <<<"$line")" -v r="$(cut -f2 <<<"$line")" > "$out/$1" \
        <<<"SELECT sudoku.svg(:'p', rules => $([ "${3:-}" = --plain ] && echo "'{}'" || echo ":'r'"));"
}
published lk9.svg "Little Killer Sudoku"
published lk9_plain.svg "Little Killer Sudoku" --plain
published thermo9.svg "Thermo"
published thermo9_plain.svg "Thermo" --plain
# Steps of the path (sudoku.svg_step) on puzzles of se_rated_10k (lines 107 and 1007): the first
# step (a single), and the first step of a technique asked for alone with the singles.
bank() { sed -n "$1p" "$data/se_rated_10k.txt" | cut -d' ' -f1; }
step() { # FILE LINE TECHNIQUE: the first step of that technique on that puzzle
    psql -X -At -d "$db" -v p="$(bank "$2")" -v t="$3" > "$out/$1" <<<"SELECT sudoku.svg_step(s) FROM sudoku.fill_steps(:'p',
        ARRAY['full_house', 'hidden_single', 'naked_single', :'t']) s WHERE s.technique = :'t' ORDER BY s.step LIMIT 1;"
}
psql -X -At -d "$db" -v p="$(bank 1007)" > "$out/single9.svg" <<<"SELECT sudoku.svg_step(sudoku.hint(:'p'));"
step fish9.svg 107 x_wing
step wing9.svg 107 xy_wing
step chain9.svg 1007 forcing_chain

render() { # FILE SIDE: FILE.png, the SVG rendered in a SIDE x SIDE window
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size="$2,$2" \
        --screenshot="$1.png" "file://$1" >/dev/null 2>&1
    python3 "$root/scripts/png_stats.py" "$1.png"
}
field() { sed -n "s/.*\b$2=\([0-9]*\).*/\1/p" <<<"$1"; }
fail=0
check() { # DESCRIPTION CONDITION
    if eval "$2"; then echo "ok: $1"; else echo "FAILED: $1 ($2)"; fail=1; fi
}
solved9="$(render "$out/solved9.svg" 402)"
puzzle9="$(render "$out/puzzle9.svg" 402)"
pencil9="$(render "$out/pencil9.svg" 402)"
solved16="$(render "$out/solved16.svg" 550)"
xwindoku9="$(render "$out/xwindoku9.svg" 402)"
jigsaw9="$(render "$out/jigsaw9.svg" 402)"
killer9="$(render "$out/killer9.svg" 402)"
single9="$(render "$out/single9.svg" 402)"
fish9="$(render "$out/fish9.svg" 402)"
wing9="$(render "$out/wing9.svg" 402)"
chain9="$(render "$out/chain9.svg" 402)"
lk9="$(render "$out/lk9.svg" 490)"
lk9_plain="$(render "$out/lk9_plain.svg" 402)"
thermo9="$(render "$out/thermo9.svg" 402)"
thermo9_plain="$(render "$out/thermo9_plain.svg" 402)"
printf '%s\n' "solved9  $solved9" "puzzle9  $puzzle9" "pencil9  $pencil9" "solved16 $solved16" \
    "xwindoku9 $xwindoku9" "jigsaw9 $jigsaw9" "killer9 $killer9" "single9 $single9" "fish9 $fish9" \
    "wing9 $wing9" "chain9 $chain9" "lk9 $lk9" "lk9_plain $lk9_plain" "thermo9 $thermo9" "thermo9_plain $thermo9_plain"
for v in solved9 puzzle9 pencil9 xwindoku9 jigsaw9 killer9 single9 fish9 wing9 chain9; do
    s="${!v}"
    check "$v is 402x402" "[ $(field "$s" width) = 402 ] && [ $(field "$s" height) = 402 ]"
    check "$v is not blank (dark pixels: lines, givens)" "[ $(field "$s" dark) -gt 1600 ]"
done
check "solved16 is 550x550" "[ $(field "$solved16" width) = 550 ] && [ $(field "$solved16" height) = 550 ]"
check "solved16 has dark lines and givens, blue digits" \
    "[ $(field "$solved16" dark) -gt 3000 ] && [ $(field "$solved16" blue) -gt 3000 ]"
check "the solution's digits are blue" "[ $(field "$solved9" blue) -gt 1000 ]"
check "a puzzle alone has no blue" "[ $(field "$puzzle9" blue) = 0 ]"
d1=$(field "$solved9" dark) d2=$(field "$puzzle9" dark)
check "added digits are not dark (dark $d1 with the solution, $d2 without)" \
    "[ $((d1 > d2 ? d1 - d2 : d2 - d1)) -lt $((d2 / 20)) ]"
check "candidates add grey pencil marks" "[ $(field "$pencil9" grey) -gt $(( $(field "$puzzle9" grey) + 2000 )) ]"
check "X + windoku shades its 41 diagonal and window cells (light grey, beyond the classic picture's antialiasing)" \
    "[ $(field "$xwindoku9" light) -gt $(( $(field "$solved9" light) + 40000 )) ]"
check "X + windoku draws the solution in blue" "[ $(field "$xwindoku9" blue) -gt 1000 ]"
check "a jigsaw's region borders are thick (more dark than the classic puzzle)" \
    "[ $(field "$jigsaw9" dark) -gt $(( $(field "$puzzle9" dark) + 1000 )) ]"
check "a killer's dashed cages and sums are drawn (thin dark lines, grey once antialiased)" \
    "[ $(field "$killer9" grey) -gt $(( $(field "$puzzle9" grey) + 5000 )) ]"
check "a single's step: its cell highlighted, its digit placed in green, nothing struck" \
    "[ $(field "$single9" yellow) -gt 500 ] && [ $(field "$single9" green) -gt 50 ] && [ $(field "$single9" red) = 0 ]"
for v in fish9 wing9; do
    s="${!v}"
    check "$v: the pattern's cells highlighted, removed candidates struck in red, no arrow" \
        "[ $(field "$s" yellow) -gt 2000 ] && [ $(field "$s" red) -gt 20 ] && [ $(field "$s" orange) = 0 ]"
done
check "a forcing chain's links drawn as orange arrows, its removal struck" \
    "[ $(field "$chain9" orange) -gt 200 ] && [ $(field "$chain9" yellow) -gt 2000 ] && [ $(field "$chain9" red) -gt 5 ]"
check "little killers: the picture is 490x490, a border of one cell" \
    "[ $(field "$lk9" width) = 490 ] && [ $(field "$lk9" height) = 490 ]"
check "little killers: their sums and arrows outside the grid are dark" \
    "[ $(field "$lk9" dark) -gt $(( $(field "$lk9_plain" dark) + 300 )) ]"
check "thermometers: grey tubes and bulbs" "[ $(field "$thermo9" grey) -gt $(( $(field "$thermo9_plain" grey) + 3000 )) ]"
if [ "${1:-}" = --readme ]; then
    mkdir -p "$root/examples/pictures"
    cp "$out/solved9.svg" "$root/examples/pictures/top95-1.svg"
    cp "$out/solved9.svg.png" "$root/examples/pictures/top95-1.png"
fi
psql -X -q -d postgres -c "DROP DATABASE $db"
exit "$fail"
