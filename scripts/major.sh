# Sourced by the scripts: which PostgreSQL major they work with, and where it is.
#   PG_MAJOR   the major version (default 15, Debian 12's own; scripts/postgres.sh --list the others)
#   PG_CONFIG  its pg_config (scripts/postgres.sh installs or builds that major once and prints it)
#   PG_BINDIR  its programs (initdb, pg_ctl, psql, pg_dump, pg_regress's directory ...)
# The one place a default major is named. Needs $root, the repository.
PG_DEFAULT_MAJOR=15
PG_MAJOR="${PG_MAJOR:-$PG_DEFAULT_MAJOR}"
if [ -z "${PG_CONFIG:-}" ] || [ "$("$PG_CONFIG" --version 2>/dev/null | sed -E 's/^PostgreSQL ([0-9]+).*/\1/')" != "$PG_MAJOR" ]; then
    PG_CONFIG="$("$root/scripts/postgres.sh" "$PG_MAJOR")"
fi
PG_BINDIR="$("$PG_CONFIG" --bindir)"
export PG_DEFAULT_MAJOR PG_MAJOR PG_CONFIG PG_BINDIR
export PATH="$PG_BINDIR:$PATH"
