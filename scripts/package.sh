#!/usr/bin/env bash
# Builds the Debian package of pg_sudoku for PostgreSQL 15 (issue 13.3): the `cargo pgrx package`
# tree (the release library, the control file, the install and upgrade scripts) wrapped by
# dpkg-deb into target/package/postgresql-15-pg-sudoku_<version>_<arch>.deb. Installing it needs
# no Rust, no pgrx and no build tools: `apt install ./postgresql-15-pg-sudoku_0.2.0_amd64.deb` on a
# Debian 12 machine with postgresql-15, then `CREATE EXTENSION pg_sudoku` in a database.
# Prints the package's path. Needs what scripts/setup.sh --deps installs.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config
version="$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)"
arch="$(dpkg --print-architecture)"
name=postgresql-15-pg-sudoku
out="$root/target/package"
tree="$out/tree"
rm -rf "$tree" && mkdir -p "$out"

cargo pgrx package --pg-config "$PG_CONFIG" --out-dir "$tree" >"$out/pgrx-package.log" 2>&1 \
    || { cat "$out/pgrx-package.log" >&2; exit 1; }

# What the library needs from the system, as Debian packages (the Rust code is linked in): the
# package of each shared library ldd resolves (the dynamic loader comes with libc6).
depends="postgresql-15"
for path in $(ldd "$tree$("$PG_CONFIG" --pkglibdir)/pg_sudoku.so" | awk '$2 == "=>" && $3 ~ /^\// {print $3}'); do
    pkg="$(dpkg -S "$path" 2>/dev/null | head -1 | cut -d: -f1)"
    [ -n "$pkg" ] && [[ ", $depends, " != *", $pkg, "* ]] && depends="$depends, $pkg"
done

mkdir -p "$tree/DEBIAN" "$tree/usr/share/doc/$name"
install -m 644 README.md "$tree/usr/share/doc/$name/README.md"
install -m 644 LICENSE "$tree/usr/share/doc/$name/copyright"
size_kb="$(du -sk --exclude=DEBIAN "$tree" | cut -f1)"
cat >"$tree/DEBIAN/control" <<CONTROL
Package: $name
Version: $version
Architecture: $arch
Maintainer: pg_sudoku developers <pg_sudoku@users.noreply.github.com>
Depends: $depends
Installed-Size: $size_kb
Section: database
Priority: optional
Description: Sudoku engine for PostgreSQL 15
 pg_sudoku adds the schema sudoku: a packed grid type for 4x4 to 25x25
 puzzles, a fast native solver, the SQL articles' approaches as set-based
 views and pure-SQL versions, puzzle generation, rating and hints.
 Install with CREATE EXTENSION pg_sudoku; update with ALTER EXTENSION.
CONTROL
deb="$out/${name}_${version}_${arch}.deb"
dpkg-deb --root-owner-group --build "$tree" "$deb" >/dev/null
echo "$deb"
