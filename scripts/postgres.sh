#!/usr/bin/env bash
# PostgreSQL of one major version for pg_sudoku's builds and tests; prints the path of its
# pg_config on stdout (everything else goes to stderr).
#
#   scripts/postgres.sh 15     Debian 12's own binaries: the packages postgresql-15 and
#                              postgresql-server-dev-15 (apt-get), /usr/lib/postgresql/15.
#   scripts/postgres.sh 13     built from the Debian source package of that major (13: suite
#   scripts/postgres.sh 18     bullseye, 17: trixie, 18: sid) with ./configure && make, installed
#                              with the contrib modules amcheck and postgres_fdw into
#                              $PG_SUDOKU_POSTGRES/<major> (default /var/cache/pg_sudoku/postgresql).
#   scripts/postgres.sh --list the majors this machine can have, one a line.
#
# The source build takes about 5 minutes on 2 cores and is kept: a second run prints the path at
# once. It leaves the system's apt configuration alone: the deb-src lines, the package lists and
# the downloaded source live in $PG_SUDOKU_POSTGRES/apt and $PG_SUDOKU_POSTGRES/src. 14 and 16
# have no source reachable here (no Debian suite carries them); 17's source is listed by trixie
# but its files answer 404, so 17 fails with that message. Run as root.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cache="${PG_SUDOKU_POSTGRES:-/var/cache/pg_sudoku/postgresql}"
log() { printf '==> %s\n' "$*" >&2; }

source "$root/scripts/apt.sh"

# The Debian suite whose source package carries each major that is not a Debian 12 binary.
suite_of() {
    case "$1" in
    13) echo bullseye ;;
    17) echo trixie ;;
    18) echo sid ;;
    *) return 1 ;;
    esac
}

major="${1:-}"
case "$major" in
--list)
    printf '%s\n' 13 15 18
    exit 0
    ;;
15)
    apt_install postgresql-15 postgresql-server-dev-15
    echo /usr/lib/postgresql/15/bin/pg_config
    exit 0
    ;;
14 | 16)
    echo "PostgreSQL $major: no source or binary of it is reachable from this machine" >&2
    exit 1
    ;;
13 | 17 | 18) ;;
*)
    echo "usage: $0 13|15|17|18|--list" >&2
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
deb-src http://deb.debian.org/debian trixie main
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
