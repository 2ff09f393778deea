#!/usr/bin/env bash
# The PGXN distribution of pg_sudoku (issue 51): target/package/pg_sudoku-<version>.zip, the
# committed tree (git archive of HEAD) under the directory pg_sudoku-<version>/, as PGXN's
# Manager expects; prints its path.
#   1. META.json is validated against PGXN's own schema by pgxn_meta 0.7.0 (PGXN's validator,
#      crates.io; installed once with cargo into /var/cache/pg_sudoku/pgxn_meta), and its
#      version checked against Cargo.toml's;
#   2. with --test, the archive is built and installed from source the way a PGXN user does it:
#      pgxnclient 1.3.2 (PyPI, in a virtual environment under /var/cache/pg_sudoku/pgxnclient)
#      runs `pgxn install --pg_config <$PG_MAJOR's> ./pg_sudoku-<version>.zip` (the Makefile's
#      `make` and `make install`: cargo pgrx package against that server), then a new cluster
#      of that major runs the README's Quickstart and solves its puzzle. The source build is put
#      back at the end (cargo pgrx install). The build uses $CARGO_TARGET_DIR when set (a warm
#      cache), the unpacked tree's own target/ otherwise (every crate compiled: about 10 minutes).
#
#   scripts/pgxn.sh            build and validate
#   PG_MAJOR=17 scripts/pgxn.sh --test
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
source "$root/scripts/major.sh"
source "$root/scripts/apt.sh"
cache=/var/cache/pg_sudoku
log() { printf '==> %s\n' "$*" >&2; }

version="$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)"
validator="$cache/pgxn_meta/bin/pgxn_meta"
if [ ! -x "$validator" ]; then
    log "installing pgxn_meta 0.7.0 (PGXN's META.json validator) into $cache/pgxn_meta"
    cargo install -q --locked pgxn_meta --version 0.7.0 --root "$cache/pgxn_meta" >&2
fi
"$validator" META.json >&2
python3 - META.json "$version" <<'PY'
import json, sys
meta, version = json.load(open(sys.argv[1])), sys.argv[2]
assert meta["version"] == version and meta["provides"]["pg_sudoku"]["version"] == version, "META.json is not " + version
PY
[ -z "$(git status --porcelain -- META.json Makefile Cargo.toml)" ] \
    || log "note: the archive holds HEAD; META.json, Makefile or Cargo.toml have changes not committed"

out="$root/target/package"
mkdir -p "$out"
zip="$out/pg_sudoku-$version.zip"
git archive --format=zip --prefix="pg_sudoku-$version/" -o "$zip" HEAD
# Not `unzip | grep -q`: grep leaves at the first match, and unzip, still writing, dies of SIGPIPE,
# which pipefail turns into a failure (the matrix run of 2026-11-29 failed so).
grep -qx "pg_sudoku-$version/META.json" < <(unzip -Z1 "$zip") || { echo "$zip: no META.json at its top" >&2; exit 1; }

if [ "${1:-}" != --test ]; then
    echo "$zip"
    exit 0
fi

client="$cache/pgxnclient"
if [ ! -x "$client/bin/pgxn" ]; then
    log "installing pgxnclient 1.3.2 (PyPI) into $client"
    python3 -c 'import ensurepip' 2>/dev/null || apt_install python3-venv
    python3 -m venv "$client" >&2
    "$client/bin/pip" install -q pgxnclient==1.3.2 >&2
fi
bindir="$PG_BINDIR"; extdir="$("$PG_CONFIG" --sharedir)/extension"; libdir="$("$PG_CONFIG" --pkglibdir)"
dir="$root/target/pgxn_test_$PG_MAJOR"
port="${PG_SUDOKU_PGXN_PORT:-286$PG_MAJOR}"
bare=(env -i PATH=/usr/bin:/bin LANG=C.UTF-8)
as_postgres() { runuser -u postgres -- "${bare[@]}" "$@"; }
cleanup() {
    as_postgres "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    cargo pgrx install --release --pg-config "$PG_CONFIG" >"$root/target/pgrx-install.log" 2>&1 \
        || { echo "could not put the source build back" >&2; cat "$root/target/pgrx-install.log" >&2; }
}
trap cleanup EXIT
# Only what pgxn installs: nothing left from a source install.
rm -f "$extdir"/pg_sudoku.control "$extdir"/pg_sudoku--*.sql "$libdir/pg_sudoku.so"
rm -rf "$dir" && mkdir -p "$dir"
cp "$zip" "$dir/"
log "pgxn install ./$(basename "$zip") (PostgreSQL $PG_MAJOR; a build from source)"
started=$SECONDS
(cd "$dir" && "$client/bin/pgxn" install --make make --nosudo --pg_config "$PG_CONFIG" "./$(basename "$zip")") \
    >"$dir/install.log" 2>&1 || { tail -40 "$dir/install.log" >&2; exit 1; }
took=$((SECONDS - started))
[ -f "$libdir/pg_sudoku.so" ] && [ -f "$extdir/pg_sudoku--$version.sql" ] \
    || { echo "pgxn install put no library or install script into $PG_MAJOR's server" >&2; exit 1; }

mkdir -p "$dir/socket" && chown -R postgres:postgres "$dir"
d="$dir"; while [ "$d" != / ]; do d="$(dirname "$d")"; chmod o+x "$d" 2>/dev/null || true; done
as_postgres "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log"
as_postgres "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o "-p $port -k $dir/socket -c listen_addresses=''" start >/dev/null
python3 - "$root/README.md" >"$dir/quickstart.sql" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
section = text[text.index("## Quickstart"):]
print(re.search(r"```sql\n(.*?)```", section, re.S).group(1))
PY
psql_() { "${bare[@]}" "$bindir/psql" -X -v ON_ERROR_STOP=1 -h "$dir/socket" -p "$port" -U postgres "$@"; }
psql_ -d postgres -f "$dir/quickstart.sql" >"$dir/quickstart.out"
checks="$(psql_ -d postgres -At -c "
    SELECT extversion, (SELECT bool_and(sudoku.is_solved(sudoku.solve(puzzle)) AND sudoku.count_solutions(puzzle) = 1)
                        FROM puzzles)
    FROM pg_extension WHERE extname = 'pg_sudoku'")"
[ "$checks" = "$version|t" ] || { echo "the quickstart after pgxn install gave: $checks" >&2; cat "$dir/quickstart.out" >&2; exit 1; }
echo "pgxn test (PostgreSQL $PG_MAJOR): $(basename "$zip") ($(du -k "$zip" | cut -f1) kB) validated by pgxn_meta 0.7.0, built and installed by pgxnclient 1.3.2 in ${took} s; the README quickstart ran in a new cluster (version $version)"
