#!/usr/bin/env bash
# The test command on every PostgreSQL major this machine can have (scripts/postgres.sh --list:
# 13, 15 and 18), and the moves between them (scripts/major_upgrade_test.sh: pg_upgrade from 13
# to 15 and to 18 in copy and --link mode, 15's dump restored into 18, logical replication from
# 15 to 18). scripts/test.sh alone covers 15 and 18; this adds 13 (about 15 minutes more on a
# machine that has built 13 once, 20 on one that has not).
#   scripts/matrix.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
PG_SUDOKU_MAJORS="$("$root/scripts/postgres.sh" --list | tr '\n' ' ')" exec "$root/scripts/test.sh"
