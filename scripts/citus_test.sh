#!/usr/bin/env bash
# The Citus test layer (issue 37): a fresh coordinator and two workers (scripts/citus.sh, which
# builds Citus once and keeps the build), then pg_test/citus/distributed.sql on the coordinator:
# every distributed shape of pg_sudoku gives the same rows as on one node and runs where it
# should (EXPLAIN), a shard row changed behind Citus's back is seen as a difference, and the
# clusters are stopped. PG_SUDOKU_CITUS_BREAK=1 leaves that changed row in place: the layer must
# then fail (how to see that it can). Puzzle data: $SUDOKU_DATA, default ../shared/data.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
source "$root/scripts/major.sh"
SUDOKU_DATA="${SUDOKU_DATA:-$(cd "$root/.." && pwd)/shared/data}"
started=$SECONDS
"$root/scripts/citus.sh" stop >/dev/null 2>&1 || true
rm -rf "$root/target/citus_$PG_MAJOR"
trap '"$root/scripts/citus.sh" stop >/dev/null 2>&1 || true' EXIT
"$root/scripts/citus.sh" start
scratch="$root/target/citus_test"
rm -rf "$scratch" && mkdir -p "$scratch" && chmod 777 "$scratch"
export $("$root/scripts/citus.sh" env)
psql -X -q -v ON_ERROR_STOP=1 -v data="$SUDOKU_DATA" -v dir="$scratch" -v break="${PG_SUDOKU_CITUS_BREAK:-0}" \
    -f "$root/pg_test/citus/distributed.sql" >"$scratch/out.txt" 2>&1 || {
    cat "$scratch/out.txt"
    echo "Citus test layer FAILED (PostgreSQL $PG_MAJOR) after $((SECONDS - started)) s" >&2
    exit 1
}
sed -n '/^ *shape *| rows/,/^([0-9]* rows)/p' "$scratch/out.txt"
grep -o 'Citus: .*' "$scratch/out.txt"
echo "Citus test layer passed (PostgreSQL $PG_MAJOR) in $((SECONDS - started)) s"
