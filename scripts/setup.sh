#!/usr/bin/env bash
# Installs what pg_sudoku needs on a Debian 12 machine (run as root), builds the extension in
# release mode, installs it into one PostgreSQL major and starts its throwaway cluster
# (scripts/cluster.sh). Every step is skipped when already done, so re-running is fast.
#
#   scripts/setup.sh            everything, for PostgreSQL $PG_MAJOR (default 15)
#   scripts/setup.sh --deps     only the Debian packages, that PostgreSQL (scripts/postgres.sh),
#                               cargo-pgrx and `cargo pgrx init`
#   PG_MAJOR=18 scripts/setup.sh   the same for 18 (built from Debian's source once, ~5 minutes)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
PGRX_VERSION=0.18.1
log() { printf '==> %s\n' "$*" >&2; }

# chromium and fonts-dejavu-core: scripts/svg_test.sh renders sudoku.svg pictures in a browser.
source "$root/scripts/apt.sh"
apt_install libclang-dev sudo chromium fonts-dejavu-core
# The server and headers of PG_MAJOR (apt for 15, a cached source build for the others).
source "$root/scripts/major.sh"

if ! cargo pgrx --version 2>/dev/null | grep -q "^cargo-pgrx $PGRX_VERSION\$"; then
    log "installing cargo-pgrx $PGRX_VERSION (about 5 minutes)"
    cargo install cargo-pgrx --version "=$PGRX_VERSION" --locked --quiet
fi

# Re-running init forces a full rebuild of the bindings: only when this major's line is missing.
# The majors already listed stay listed (init writes the whole file).
config="${PGRX_HOME:-$HOME/.pgrx}/config.toml"
if ! grep -qs "^pg$PG_MAJOR = \"$PG_CONFIG\"" "$config"; then
    args=("--pg$PG_MAJOR" "$PG_CONFIG")
    while read -r key path; do
        [ "$key" = "pg$PG_MAJOR" ] || [ ! -x "$path" ] || args+=("--$key" "$path")
    done < <(sed -n 's/^\(pg[0-9]*\) = "\(.*\)"$/\1 \2/p' "$config" 2>/dev/null)
    log "cargo pgrx init ${args[*]}"
    cargo pgrx init "${args[@]}" >/dev/null
fi

[ "${1:-}" = --deps ] && exit 0

log "building and installing pg_sudoku (release, PostgreSQL $PG_MAJOR)"
# cargo pgrx install has no --locked: cargo metadata --locked fails, without compiling anything,
# when Cargo.lock would change. (A cargo build --locked here compiled everything twice, pgrx's
# install passing rustflags of its own.)
cargo metadata --locked --format-version 1 >/dev/null
mkdir -p target
cargo pgrx install --release --pg-config "$PG_CONFIG" >target/pgrx-install.log 2>&1 || { cat target/pgrx-install.log; exit 1; }

log "starting the cluster"
"$root/scripts/cluster.sh" start
