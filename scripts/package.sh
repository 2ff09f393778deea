#!/usr/bin/env bash
# Builds the package of pg_sudoku for the PostgreSQL major $PG_MAJOR (default 15, scripts/major.sh)
# from the `cargo pgrx package` tree (the release library, the control file, the install and
# upgrade scripts). Installing it needs no Rust, no pgrx and no build tools. Prints its path.
#   a major Debian's packages installed (15, Debian 12's postgresql-15): a Debian package made by
#      dpkg-deb, target/package/postgresql-<major>-pg-sudoku_<version>_<arch>.deb:
#      `apt install ./postgresql-15-pg-sudoku_0.3.0_amd64.deb`, then CREATE EXTENSION pg_sudoku.
#   a major built from source (scripts/postgres.sh; no Debian package of it to depend on):
#      a tarball, target/package/pg_sudoku-<version>-pg<major>-linux-<arch>.tar.gz, holding
#      lib/pg_sudoku.so, extension/ (control file and SQL scripts) and install.sh, which copies
#      them where the server's pg_config says: `tar -xzf ...; PG_CONFIG=... ./install.sh`.
# Needs what scripts/setup.sh --deps installs.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
source "$root/scripts/major.sh"
version="$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)"
arch="$(dpkg --print-architecture)"
name="postgresql-$PG_MAJOR-pg-sudoku"
out="$root/target/package"
tree="$out/tree"
rm -rf "$tree" && mkdir -p "$out"

cargo pgrx package --pg-config "$PG_CONFIG" --out-dir "$tree" >"$out/pgrx-package.log" 2>&1 \
    || { cat "$out/pgrx-package.log" >&2; exit 1; }
libdir="$("$PG_CONFIG" --pkglibdir)"
extdir="$("$PG_CONFIG" --sharedir)/extension"

# A server that Debian's packages installed gets a Debian package; one built from source a tarball.
if ! dpkg -S "$PG_CONFIG" >/dev/null 2>&1; then
    base="pg_sudoku-$version-pg$PG_MAJOR-linux-$arch"
    stage="$out/$base"
    rm -rf "$stage" && mkdir -p "$stage/lib" "$stage/extension"
    install -m 755 "$tree$libdir/pg_sudoku.so" "$stage/lib/"
    install -m 644 "$tree$extdir"/pg_sudoku* "$stage/extension/"
    install -m 644 README.md LICENSE "$stage/"
    mkdir -p "$stage/docs" && install -m 644 docs/*.md "$stage/docs/"
    cat >"$stage/install.sh" <<INSTALL
#!/bin/sh
# Installs pg_sudoku $version into the PostgreSQL $PG_MAJOR whose pg_config is \$PG_CONFIG (or the
# first pg_config on the PATH); run as the owner of its directories.
set -eu
here="\$(cd "\$(dirname "\$0")" && pwd)"
pg_config="\${PG_CONFIG:-pg_config}"
major="\$("\$pg_config" --version | sed -E 's/^PostgreSQL ([0-9]+).*/\\1/')"
[ "\$major" = $PG_MAJOR ] || { echo "this package is for PostgreSQL $PG_MAJOR, not \$major" >&2; exit 1; }
install -m 755 "\$here/lib/pg_sudoku.so" "\$("\$pg_config" --pkglibdir)/"
install -m 644 "\$here"/extension/* "\$("\$pg_config" --sharedir)/extension/"
echo "pg_sudoku $version installed into PostgreSQL \$major"
INSTALL
    chmod 755 "$stage/install.sh"
    tarball="$out/$base.tar.gz"
    tar -czf "$tarball" -C "$out" --owner=0 --group=0 "$base"
    echo "$tarball"
    exit 0
fi

# What the library needs from the system, as Debian packages (the Rust code is linked in): the
# package of each shared library ldd resolves (the dynamic loader comes with libc6).
depends="postgresql-$PG_MAJOR"
for path in $(ldd "$tree$libdir/pg_sudoku.so" | awk '$2 == "=>" && $3 ~ /^\// {print $3}'); do
    pkg="$(dpkg -S "$path" 2>/dev/null | head -1 | cut -d: -f1)"
    [ -n "$pkg" ] && [[ ", $depends, " != *", $pkg, "* ]] && depends="$depends, $pkg"
done

mkdir -p "$tree/DEBIAN" "$tree/usr/share/doc/$name"
install -m 644 README.md "$tree/usr/share/doc/$name/README.md"
mkdir -p "$tree/usr/share/doc/$name/docs" && install -m 644 docs/*.md "$tree/usr/share/doc/$name/docs/"
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
Description: Sudoku engine for PostgreSQL $PG_MAJOR
 pg_sudoku adds the schema sudoku: a packed grid type for 4x4 to 25x25
 puzzles, a fast native solver, the SQL articles' approaches as set-based
 views and pure-SQL versions, puzzle generation, rating and hints.
 Install with CREATE EXTENSION pg_sudoku; update with ALTER EXTENSION.
CONTROL
deb="$out/${name}_${version}_${arch}.deb"
dpkg-deb --root-owner-group --build "$tree" "$deb" >/dev/null
echo "$deb"
