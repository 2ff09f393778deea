#!/usr/bin/env python3
"""Fails when a SQL example of README.md or docs/*.md is not in the regression suite (pg_test/sql/*.sql) or in
the Citus test layer (pg_test/citus/*.sql, run by scripts/citus_test.sh).

Every ```sql block of the README and of docs/ must appear verbatim in one of the suite's files (most are in
pg_test/sql/readme.sql; the game's in game.sql, after the example is loaded; the Citus examples in
pg_test/citus/distributed.sql), so the docs cannot drift from what the extension does: the suite
runs them and compares their output, the Citus layer runs them on a cluster.
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
pages = [root / "README.md"] + sorted((root / "docs").glob("*.md"))
readme = "\n".join(p.read_text() for p in pages)
files = sorted((root / "pg_test" / "sql").glob("*.sql")) + sorted((root / "pg_test" / "citus").glob("*.sql"))
suite = "\n".join(p.read_text() for p in files)
blocks = re.findall(r"```sql\n(.*?)```", readme, flags=re.S)
missing = [b for b in blocks if b.strip() not in suite]
for b in missing:
    print("README or docs/ example not in the suite (pg_test/sql/*.sql, pg_test/citus/*.sql):\n" + b, file=sys.stderr)
print(f"README and docs/ examples: {len(blocks) - len(missing)} in the suite, {len(missing)} missing")
sys.exit(1 if missing or not blocks else 0)
