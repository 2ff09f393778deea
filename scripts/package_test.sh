#!/usr/bin/env bash
# The package test (issues 13.3, 23.3): builds the package for PostgreSQL $PG_MAJOR
# (scripts/package.sh: a Debian package for 15, a tarball for a major built from source), removes
# every pg_sudoku file a source install put into that server, installs the package (dpkg -i, or
# the tarball's install.sh run with a bare environment), starts a new cluster with a bare
# environment (no cargo, rustc or pgrx on the PATH, no RUST_* variable), runs the README's
# Quickstart SQL in it and checks the result; then removes the package and puts the source build
# back (cargo pgrx install). Prints what it checked.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
source "$root/scripts/major.sh"
bindir="$PG_BINDIR"; extdir="$("$PG_CONFIG" --sharedir)/extension"; libdir="$("$PG_CONFIG" --pkglibdir)"
dir="$root/target/package_test_$PG_MAJOR"
port="${PG_SUDOKU_PACKAGE_PORT:-287$PG_MAJOR}"
bare=(env -i PATH=/usr/bin:/bin LANG=C.UTF-8)
as_postgres() { runuser -u postgres -- "${bare[@]}" "$@"; }
name="postgresql-$PG_MAJOR-pg-sudoku"

version="$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)"

# PGXN's META.json describes this version.
python3 - "$root/META.json" "$version" <<'PY'
import json, sys
meta = json.load(open(sys.argv[1]))
version = sys.argv[2]
assert meta["version"] == version and meta["provides"]["pg_sudoku"]["version"] == version, "META.json is not " + version
assert meta["meta-spec"]["version"] == "1.0.0" and meta["license"] == "postgresql"
PY

package="$(scripts/package.sh)"
cleanup() {
    as_postgres "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    [[ "$package" != *.deb ]] || dpkg -r "$name" >/dev/null 2>&1 || true
    cargo pgrx install --release --pg-config "$PG_CONFIG" >"$root/target/pgrx-install.log" 2>&1 \
        || { echo "could not put the source build back" >&2; cat "$root/target/pgrx-install.log" >&2; }
}
trap cleanup EXIT

# Only the package's files: nothing left from a source install.
rm -f "$extdir"/pg_sudoku.control "$extdir"/pg_sudoku--*.sql "$extdir"/pg_sudoku--*.control "$libdir/pg_sudoku.so"
rm -rf "$dir" && mkdir -p "$dir"
if [[ "$package" == *.deb ]]; then
    dpkg -i "$package" >"$dir.install.log" 2>&1 || { cat "$dir.install.log" >&2; exit 1; }
    dpkg -L "$name" | grep -q "$libdir/pg_sudoku.so" || { echo "the package does not hold the library" >&2; exit 1; }
    described="Depends: $(dpkg-deb -f "$package" Depends)"
else
    mkdir -p "$dir/unpacked" && tar -xzf "$package" -C "$dir/unpacked"
    "${bare[@]}" PG_CONFIG="$PG_CONFIG" "$dir/unpacked"/*/install.sh >"$dir.install.log" 2>&1 \
        || { cat "$dir.install.log" >&2; exit 1; }
    [ -f "$libdir/pg_sudoku.so" ] || { echo "the tarball's install.sh put no library into $libdir" >&2; exit 1; }
    described="$(tar -tzf "$package" | grep -c '[^/]$') files"
fi
! ldd "$libdir/pg_sudoku.so" | grep -qiE "rust|std-|not found" || { echo "the library needs Rust at run time" >&2; exit 1; }

mkdir -p "$dir/socket" && chown -R postgres:postgres "$dir"
d="$dir"; while [ "$d" != / ]; do d="$(dirname "$d")"; chmod o+x "$d" 2>/dev/null || true; done
as_postgres "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log"
as_postgres "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o "-p $port -k $dir/socket -c listen_addresses=''" start >/dev/null

# The README's Quickstart, verbatim.
python3 - "$root/README.md" >"$dir/quickstart.sql" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
section = text[text.index("## Quickstart"):]
print(re.search(r"```sql\n(.*?)```", section, re.S).group(1))
PY
psql_() { "${bare[@]}" "$bindir/psql" -X -v ON_ERROR_STOP=1 -h "$dir/socket" -p "$port" -U postgres "$@"; }
psql_ -d postgres -f "$dir/quickstart.sql" >"$dir/quickstart.out"
checks="$(psql_ -d postgres -At -c "
    SELECT extversion, (SELECT count(*) FROM puzzles), (SELECT bool_and(sudoku.is_solved(sudoku.solve(puzzle))
                        AND sudoku.count_solutions(puzzle) = 1) FROM puzzles)
    FROM pg_extension WHERE extname = 'pg_sudoku'")"
[ "$checks" = "$version|1|t" ] || { echo "the quickstart against the package gave: $checks" >&2; cat "$dir/quickstart.out" >&2; exit 1; }
grep -qE '^ +1 \| [1-9]{81}$' "$dir/quickstart.out" || { echo "no solved grid in the quickstart output" >&2; cat "$dir/quickstart.out" >&2; exit 1; }
echo "package test (PostgreSQL $PG_MAJOR): $(basename "$package") ($(du -k "$package" | cut -f1) kB, $described) installed into a new cluster with a bare environment; the README quickstart ran and solved its puzzle (version $version)"
