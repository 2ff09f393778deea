#!/usr/bin/env bash
# The test command, every layer, on every PostgreSQL major this machine can have
# (scripts/postgres.sh --list: 13 to 18), and the moves between them
# (scripts/major_upgrade_test.sh: pg_upgrade from 13 to each newer one in copy and --link mode,
# from 14-17 to each newer one, every older major's dump restored into 18, logical
# replication from each to 18); then the PGXN distribution built from source and installed by
# PGXN's client on 17 (scripts/pgxn.sh --test). scripts/test.sh --ci (CI) covers 15 and 18 (18 in a
# short pass), scripts/test.sh alone 15 without Citus. Run once per release; its result goes into docs/install.md's table.
#   scripts/matrix.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
PG_SUDOKU_SHORT_MAJORS="" PG_SUDOKU_MAJORS="$("$root/scripts/postgres.sh" --list | tr '\n' ' ')" "$root/scripts/test.sh" --ci
PG_MAJOR=17 "$root/scripts/pgxn.sh" --test
