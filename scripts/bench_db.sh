#!/usr/bin/env bash
# Sourced by the SQL benchmarks (bench.sh, sql_overhead.sh, se_tail.sh) once $root is set: installs
# the release build into the quickstart cluster (scripts/setup.sh), exports that cluster's
# connection settings, makes the benchmarks' database when missing, and sets
#   db        pg_sudoku_bench
#   core      the machine's last core, where the engine's runs and the backend are pinned
#   pin_psql  scripts/pin_backend.psql, which a benchmark's psql runs first (\i :pin, with -v pin=...; a path without spaces)
# A process moved between cores loses its caches, at random: every timed process stays on one.
"$root/scripts/setup.sh" >/dev/null
export $("$root/scripts/cluster.sh" env)
db=pg_sudoku_bench
psql -qAtX -d postgres -c "SELECT 1 FROM pg_database WHERE datname = '$db'" | grep -q 1 || createdb "$db"
core="$(($(nproc) - 1))"
pin_psql="$root/scripts/pin_backend.psql"
