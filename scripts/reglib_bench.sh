#!/usr/bin/env bash
# sudoku.steps(board, technique) through SQL on the boards of HoDoKu's regression library
# (issue 48): each case's board (the library line itself, which sudoku.board reads) listed with
# the technique claiming its code, one call at a time in a PL/pgSQL loop; per technique the
# cases, the median and the slowest ms. Needs a running cluster with pg_sudoku installed
# (export $(scripts/cluster.sh env)); the library is read where it lies (GPL data, never copied
# into the repository): $HODOKU_REGLIB or ../shared/tools/hodoku-oracle/reglib-1.3.txt.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
reglib="${HODOKU_REGLIB:-$(cd "$root/.." && pwd)/shared/tools/hodoku-oracle/reglib-1.3.txt}"
db="${PGDATABASE:-postgres}"
tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT
grep '^:' "$reglib" | awk -F: '{print $2 "\t" $0}' >"$tmp"
chmod a+r "$tmp"
psql -X -q -v ON_ERROR_STOP=1 -d "$db" <<SQL
CREATE EXTENSION IF NOT EXISTS pg_sudoku;
CREATE TEMP TABLE reglib (code text, line text);
\copy reglib FROM '$tmp'
CREATE TEMP TABLE timed AS
SELECT t.name, r.line, 0.0::float8 AS ms FROM reglib r
JOIN sudoku.techniques() t ON split_part(r.code, '-', 1) = ANY (t.hodoku);
DO \$\$
DECLARE
    r record;
    s timestamptz;
BEGIN
    FOR r IN SELECT ctid, name, line FROM timed LOOP
        s := clock_timestamp();
        PERFORM count(*) FROM sudoku.steps(r.line::sudoku.board, r.name);
        UPDATE timed SET ms = extract(epoch FROM clock_timestamp() - s) * 1000 WHERE ctid = r.ctid;
    END LOOP;
END \$\$;
SELECT name AS technique, count(*) AS cases,
       round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms)::numeric, 2) AS median_ms,
       round(max(ms)::numeric, 2) AS slowest_ms
FROM timed GROUP BY name ORDER BY max(ms) DESC, name;
SQL
