#!/usr/bin/env bash
# The Sudoku Explainer rating next to Sukaku Explainer v1.15.10 itself (issue 24), in one run:
# the same puzzles through both, one core each, one after the other.
#
#   scripts/se_compare.sh [FILE...]   FILEs of puzzles (the first 81 characters of each line)
#   scripts/se_compare.sh             the sets below, made afresh:
#     bank     every 10th puzzle of se_rated_10k (1,000; Sudoku Exchange "diabolical" puzzles)
#     qqwing   100 puzzles of each qqwing level (simple, easy, intermediate, expert; qqwing has
#              no seed, so each run makes new ones)
#     generate 40 puzzles of each sudoku.generate level, seeds 1..40 (engine, central symmetry)
#     hard     top95 and hardest11
# With SE_COMPARE_PIN=1 the oracle and ours run at once, the oracle on core 1 and ours on core 0
# (taskset), each alone on its core (they still share the caches and memory: ours ran 10-15% slower
# so on the hardest puzzles, which the README's speed table now times one after the other).
#
# For each set it prints one line: puzzles, ER / EP / ED equal to the oracle's, ER within 0.1,
# the puzzles we do not rate (beyond dynamic forcing chains) and the oracle's rating of them,
# the mean and median ms per puzzle of each (the oracle's own per-puzzle time, %e of serate, so
# the JVM start is left out; ours from sudoku-bench --se), and the ratio of the means. Files
# stay in target/se_compare: <set>.oracle (serate's "<puzzle> ER EP ED time"), <set>.ours.
# With PGHOST set (scripts/cluster.sh env) it also times sudoku.se_rating through SQL on the
# bank set: each call in a PL/pgSQL loop, median and mean ms.
#
# Needs Java for the oracle (../shared/tools/se-oracle) and qqwing: installed when missing.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
source "$root/scripts/apt.sh"
data="${SUDOKU_DATA:-$(cd "$root/.." && pwd)/shared/data}"
oracle="${SE_ORACLE:-$(cd "$root/.." && pwd)/shared/tools/se-oracle}"
out="$root/target/se_compare"
mkdir -p "$out"
command -v java >/dev/null || apt_install default-jre-headless
command -v qqwing >/dev/null || apt_install qqwing
cargo build --locked --release -q -p sudoku-engine --bin sudoku-bench
bench="$root/target/release/sudoku-bench"

pin_oracle=() pin_ours=()
[ -z "${SE_COMPARE_PIN:-}" ] || { pin_oracle=(taskset -c 1); pin_ours=(taskset -c 0); }

files=("$@")
if [ ${#files[@]} -eq 0 ]; then
    awk 'NR % 10 == 0 { print substr($1, 1, 81) }' "$data/se_rated_10k.txt" >"$out/bank.txt"
    for level in simple easy intermediate expert; do
        qqwing --generate 100 --difficulty "$level" --one-line | tr 0 .
    done >"$out/qqwing.txt"
    "$bench" --level-puzzles 40 >"$out/generate.txt"
    cat "$data/top95.txt" "$data/hardest11.txt" >"$out/hard.txt"
    files=("$out/bank.txt" "$out/qqwing.txt" "$out/generate.txt" "$out/hard.txt")
fi

printf '%-10s %6s %7s %7s %7s %9s %7s %-14s %10s %10s %10s %10s %7s\n' set n ER= EP= ED= 'ER±0.1' beyond 'oracle-of-them' \
    oracle_ms oracle_med ours_ms ours_med ratio
for f in "${files[@]}"; do
    name="$(basename "${f%.txt}")"
    cut -c1-81 "$f" | tr -d '\r' >"$out/$name.in"
    oracle_run() {
        "${pin_oracle[@]}" java -Xrs -Xmx500m -cp "$oracle/sukaku-explainer-1.15.10.jar" diuf.sudoku.test.serate \
            --threads=1 --format='%g %r %p %d %e' --input=- <"$out/$name.in" >"$out/$name.oracle" 2>/dev/null
    }
    if [ -n "${SE_COMPARE_PIN:-}" ]; then
        # Both at once, each on a core of its own (the oracle on core 1, ours on core 0): the
        # hardest puzzles take the oracle hours, and nothing else then shares its core.
        oracle_run &
    else
        oracle_run
    fi
    "${pin_ours[@]}" "$bench" --se "$out/$name.in" | grep -v ' n=' >"$out/$name.ours"
    wait
    paste -d' ' "$out/$name.oracle" "$out/$name.ours" | awk -v name="$name" '
        function secs(t,   m) { # serate prints 0.15s, 12.3s or 1m 2s
            if (t ~ /m/) { split(t, m, "m"); return m[1] * 60 + m[2] + 0 }
            return t + 0
        }
        {
            n++; o[n] = secs($5) * 1000
            if ($7 == "error:") { beyond++; them = them " " $2; next }
            r[n] = $10 / 1000; rated++
            if ($2 == $7) er++
            if ($3 == $8) ep++
            if ($4 == $9) ed++
            d = $2 - $7; if (d < 0) d = -d; if (d < 0.11) near++
        }
        function median(a, k,   i, j, t, b) {
            for (i = 1; i <= k; i++) b[i] = a[i]
            for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (b[j] < b[i]) { t = b[i]; b[i] = b[j]; b[j] = t }
            return b[int((k + 1) / 2)]
        }
        END {
            for (i = 1; i <= n; i++) { os += o[i]; if (i in r) { rs += r[i]; ro[++m] = r[i] } }
            printf "%-10s %6d %6.1f%% %6.1f%% %6.1f%% %8.1f%% %7d %-14s %10.2f %10.2f %10.2f %10.2f %6.1fx\n",
                name, n, 100 * er / n, 100 * ep / n, 100 * ed / n, 100 * near / n, beyond, (them == "" ? "-" : them),
                os / n, median(o, n), rs / m, median(ro, m), (os / n) / (rs / m)
        }'
done

if [ -n "${PGHOST:-}" ] && [ -f "$out/bank.in" ]; then
    psql -X -q -v ON_ERROR_STOP=1 -d "${PGDATABASE:-postgres}" -v file="$out/bank.in" <<'SQL'
CREATE EXTENSION IF NOT EXISTS pg_sudoku;
CREATE TEMP TABLE se_bank (puzzle sudoku.grid);
\set copy 'COPY se_bank FROM ' :'file'
:copy;
CREATE TEMP TABLE se_ms (ms double precision);
DO $$
DECLARE
    p sudoku.grid;
    t timestamptz;
BEGIN
    FOR p IN SELECT puzzle FROM se_bank LOOP
        t := clock_timestamp();
        PERFORM sudoku.se_rating(p);
        INSERT INTO se_ms VALUES (extract(epoch FROM clock_timestamp() - t) * 1000);
    END LOOP;
END $$;
SELECT 'sql bank' AS "set", count(*) AS n, round(avg(ms)::numeric, 2) AS mean_ms,
       round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms)::numeric, 2) AS median_ms
FROM se_ms;
SQL
fi
