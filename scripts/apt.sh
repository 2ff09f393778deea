# Sourced by the scripts that install Debian packages (run as root): apt_install PACKAGE...
# installs those not installed yet, running apt-get update once per process tree. A new machine
# may come with an interrupted upgrade (half-configured packages): that is repaired once
# (apt-get -f install) and the install tried again.
apt_install() {
    local missing=() p
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -gt 0 ] || return 0
    printf '==> installing Debian packages: %s\n' "${missing[*]}" >&2
    [ -n "${PG_SUDOKU_APT_UPDATED:-}" ] || { apt-get update -q >/dev/null; export PG_SUDOKU_APT_UPDATED=1; }
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >/dev/null 2>&1 || {
        DEBIAN_FRONTEND=noninteractive apt-get -f install -y -q >/dev/null
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >/dev/null
    }
}
