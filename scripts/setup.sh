#!/usr/bin/env bash
# Installs what pg_sudoku needs on a Debian 12 machine (run as root), builds the extension in
# release mode, installs it into PostgreSQL 15 and starts the throwaway cluster
# (scripts/cluster.sh). Every step is skipped when already done, so re-running is fast.
#
#   scripts/setup.sh            everything
#   scripts/setup.sh --deps     only the Debian packages, cargo-pgrx and `cargo pgrx init`
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
PGRX_VERSION=0.18.1
PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config
log() { printf '==> %s\n' "$*" >&2; }

# chromium and fonts-dejavu-core: scripts/svg_test.sh renders sudoku.svg pictures in a browser.
packages=(postgresql-15 postgresql-server-dev-15 libclang-dev sudo chromium fonts-dejavu-core)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    log "installing Debian packages: ${missing[*]}"
    apt-get update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >/dev/null
fi

if ! cargo pgrx --version 2>/dev/null | grep -q "^cargo-pgrx $PGRX_VERSION\$"; then
    log "installing cargo-pgrx $PGRX_VERSION (about 5 minutes)"
    cargo install cargo-pgrx --version "=$PGRX_VERSION" --locked --quiet
fi

# Re-running init forces a full rebuild of the bindings: only when the line is missing.
if ! grep -qs "^pg15 = \"$PG_CONFIG\"" "${PGRX_HOME:-$HOME/.pgrx}/config.toml"; then
    log "cargo pgrx init --pg15 $PG_CONFIG"
    cargo pgrx init --pg15 "$PG_CONFIG" >/dev/null
fi

[ "${1:-}" = --deps ] && exit 0

log "building and installing pg_sudoku (release)"
cargo build --locked --release --quiet
mkdir -p target
cargo pgrx install --release --pg-config "$PG_CONFIG" >target/pgrx-install.log 2>&1 || { cat target/pgrx-install.log; exit 1; }

log "starting the cluster"
"$root/scripts/cluster.sh" start
