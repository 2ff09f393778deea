#!/usr/bin/env python3
"""The adversarial harness of scripts/abuse_test.sh (issue 46): every call of a list, measured.

Reads the calls (lines "\\echo CASE <name>" each followed by one line of SQL) from CALLS and
runs them against database DB:

1. Under statement_timeout = 1 s, one backend throughout, each call in turn: its outcome
   (finished or the SQLSTATE), its time, and the backend's peak resident memory during the call
   (VmHWM of /proc/<pid>/status, reset before each call by writing 5 to /proc/<pid>/clear_refs;
   the harness runs as root, the backend as postgres). A call fails the test when it ends more
   than 1 s after the timeout, with an error that is not a clear SQL one (57014, 54000, class 22
   or 42804/42883 for a call the generator could not type), or when the backend's resident
   memory grew by more than the budget (sudoku.max_memory) plus MARGIN_MB during it.
2. Each call that ran into the timeout (the first per function, and every call named in
   ALWAYS), again with no timeout in a backend of its own: pg_cancel_backend after it has run a
   second, then pg_terminate_backend after a second; each must take effect within 1 s (the
   client sees the error; the backend process is gone).
3. After the calls and one more statement, the first backend's own resident memory (RssAnon:
   the libraries' code and mapped data files are shared and not counted) must be back within
   IDLE_MARGIN_MB (64) of where it was before the first call (the catalog and plan caches grow).

Writes TABLE (markdown: function, input, outcome, stop times, peak memory) and exits 1 on any
failure. Needs the PG* variables of a running cluster, and root.
"""
import os
import subprocess
import sys
import time

DB, CALLS, TABLE = sys.argv[1], sys.argv[2], sys.argv[3]
TIMEOUT_MS = 1000
STOP_MS = 1000
MARGIN_MB = int(os.environ.get("ABUSE_MARGIN_MB", "128"))
IDLE_MARGIN_MB = 64
ALWAYS = ("issue 46",)
# 0A000: what a shape does not take (human steps, boards and canonical forms off square boxes,
# f-puzzles constraints the rules do not hold), said by name.
CLEAR = ("57014", "54000", "42804", "42883", "0A000")


def function_of(name):
    """The function of a call's name: "solve(sudoku.grid, jsonb) 9x9 empty" -> "solve(sudoku.grid, jsonb)"."""
    return name.split(")", 1)[0] + ")" if "(" in name.split(" ", 1)[0] else name.split(" ", 1)[0]


def status(pid, key):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1]) // 1024  # MB
    return 0


def clear_peak(pid):
    with open(f"/proc/{pid}/clear_refs", "w") as f:
        f.write("5")


class Session:
    """One psql process fed statement by statement, each answered up to a marker line."""

    def __init__(self, settings=""):
        self.p = subprocess.Popen(
            ["psql", "-X", "-q", "-At", "-d", DB, "-v", "VERBOSITY=sqlstate"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.run(settings)
        self.pid = int(self.run("SELECT pg_backend_pid();")[-1])

    def run(self, sql):
        self.p.stdin.write(sql + "\n\\echo @@END\n")
        self.p.stdin.flush()
        lines = []
        while True:
            line = self.p.stdout.readline()
            if line == "" or line.rstrip("\n") == "@@END":
                return lines
            lines.append(line.rstrip("\n"))

    def close(self):
        self.p.stdin.close()
        self.p.wait()


def outcome_of(lines):
    for line in lines:
        if "ERROR:" in line:
            return line.split("ERROR:", 1)[1].split()[0].rstrip(":")
        if "server closed the connection" in line or "terminat" in line:
            return "backend lost"
    return "finished"


def read_calls():
    calls, name = [], None
    with open(CALLS) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("\\echo CASE "):
                name = line[len("\\echo CASE "):]
            elif name is not None and line.strip():
                calls.append((name, line))
                name = None
    return calls


def budget_mb(session):
    session.run("SELECT sudoku.solve(('1' || repeat('.', 15))::sudoku.grid);")  # loads the library
    kb = int(session.run("SELECT setting FROM pg_settings WHERE name = 'sudoku.max_memory';")[-1])
    return kb // 1024 if kb > 0 else None


def stop_time(sql, how, control):
    """Runs `sql` in a backend of its own with no timeout; after it has run a second, cancels or
    terminates it; the milliseconds until that took effect, or None when the call ended first."""
    app = f"abuse_{how}_{os.getpid()}"
    client = subprocess.Popen(
        ["psql", "-X", "-q", "-At", "-d", DB, "-v", "VERBOSITY=sqlstate",
         "-c", f"SET application_name = '{app}'", "-c", sql],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    pid = None
    for _ in range(100):
        rows = control.run(f"SELECT pid FROM pg_stat_activity WHERE application_name = '{app}' AND state = 'active';")
        if rows and rows[-1].isdigit():
            pid = int(rows[-1])
            break
        if client.poll() is not None:
            return None
        time.sleep(0.05)
    if pid is None:
        client.kill()
        return None
    time.sleep(1.0)
    if client.poll() is not None:
        return None
    started = time.monotonic()
    control.run(f"SELECT pg_{'cancel' if how == 'cancel' else 'terminate'}_backend({pid});")
    deadline = started + 30
    if how == "cancel":
        while client.poll() is None and time.monotonic() < deadline:
            time.sleep(0.005)
    else:
        while os.path.exists(f"/proc/{pid}") and time.monotonic() < deadline:
            try:
                with open(f"/proc/{pid}/stat") as f:
                    if f.read().split(") ", 1)[1].startswith("Z"):
                        break
            except OSError:
                break
            time.sleep(0.005)
    ms = (time.monotonic() - started) * 1000
    try:
        client.wait(timeout=30)
    except subprocess.TimeoutExpired:
        client.kill()
    return ms


def main():
    calls = read_calls()
    failures = []
    s = Session(f"SET statement_timeout = {TIMEOUT_MS};")
    budget = budget_mb(s)
    limit_mb = (budget or 0) + MARGIN_MB
    s.run("SELECT 1;")
    rss_start = status(s.pid, "RssAnon")
    rows = []
    for name, sql in calls:
        pid = s.pid
        clear_peak(pid)
        before = status(pid, "VmRSS")
        started = time.monotonic()
        out = s.run(sql)
        ms = (time.monotonic() - started) * 1000
        outcome = outcome_of(out)
        try:
            peak = status(pid, "VmHWM") - before
        except OSError:
            peak = -1
        if outcome == "backend lost" or not os.path.exists(f"/proc/{pid}"):
            failures.append(f"{name}: the backend did not live through it: {' '.join(out)[:200]}")
            s = Session(f"SET statement_timeout = {TIMEOUT_MS};")
        if outcome not in ("finished",) + CLEAR and not outcome.startswith("22"):
            failures.append(f"{name}: {outcome} is not a clear SQL error: {' '.join(out)[:200]}")
        if ms > TIMEOUT_MS + STOP_MS:
            failures.append(f"{name}: ran {ms:.0f} ms under a {TIMEOUT_MS} ms timeout")
        if budget is not None and peak > limit_mb:
            failures.append(f"{name}: the backend grew by {peak} MB, more than the budget {budget} MB + {MARGIN_MB} MB")
        try:
            after = status(s.pid, "RssAnon")
        except OSError:
            after = -1
        rows.append({"name": name, "sql": sql, "outcome": outcome, "ms": ms, "peak": peak, "before": before, "after": after})
    # The next statement (a transaction that commits) is when the backend gives back what an
    # aborted call's statement held.
    # The backend's own memory (RssAnon): file-backed pages, the code of the libraries and the
    # data files they map (ICU's), are shared and grow as more code runs.
    s.run("SELECT 1;")
    rss_end = status(s.pid, "RssAnon")
    if rss_end > rss_start + IDLE_MARGIN_MB:
        failures.append(f"the backend kept {rss_end} MB of its own memory after the calls, from {rss_start} MB before")

    # Cancel and terminate, on the calls that ran into the timeout.
    control = Session()
    seen = set()
    for r in rows:
        function = function_of(r["name"])
        if r["outcome"] != "57014" or (function in seen and not any(a in r["name"] for a in ALWAYS)):
            continue
        seen.add(function)
        for how in ("cancel", "terminate"):
            ms = stop_time(r["sql"], how, control)
            r[how] = ms
            if ms is not None and ms > STOP_MS:
                failures.append(f"{r['name']}: pg_{how}_backend took {ms:.0f} ms")
    control.close()
    s.close()

    def fmt(v):
        return "" if v is None else f"{v:.0f}"
    with open(TABLE, "w") as f:
        f.write("| call | outcome | time (ms) | timeout: stop after (ms) | cancel (ms) | terminate (ms) | peak (MB) "
                "| own memory after (MB) |\n")
        f.write("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n")
        for r in rows:
            past = r["ms"] - TIMEOUT_MS if r["outcome"] == "57014" else None
            f.write(f"| {r['name']} | {r['outcome']} | {r['ms']:.0f} | {fmt(past)} | {fmt(r.get('cancel'))} | "
                    f"{fmt(r.get('terminate'))} | {r['peak']} | {r['after']} |\n")

    # Per function: the worst of its calls (the table docs/security.md shows), and every call of
    # issue 46's cases.
    groups = {}
    for r in rows:
        key = r["name"] if any(a in r["name"] for a in ALWAYS) else function_of(r["name"])
        groups.setdefault(key, []).append(r)
    with open(TABLE.replace(".md", "") + "_summary.md", "w") as f:
        f.write("| function (input) | calls | outcomes | longest (ms) | past the timeout (ms) | cancel (ms) | "
                "terminate (ms) | largest peak (MB) |\n")
        f.write("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |\n")
        for key, group in sorted(groups.items(), key=lambda kv: (any(a in kv[0] for a in ALWAYS), kv[0])):
            kinds = {}
            for r in group:
                kinds[r["outcome"]] = kinds.get(r["outcome"], 0) + 1
            past = [r["ms"] - TIMEOUT_MS for r in group if r["outcome"] == "57014"]
            canc = [r["cancel"] for r in group if r.get("cancel") is not None]
            term = [r["terminate"] for r in group if r.get("terminate") is not None]
            f.write(f"| {key.replace('|', '/')} | {len(group)} | "
                    + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items(), key=lambda kv: -kv[1]))
                    + f" | {max(r['ms'] for r in group):.0f} | {fmt(max(past) if past else None)} | "
                    f"{fmt(max(canc) if canc else None)} | {fmt(max(term) if term else None)} | "
                    f"{max(r['peak'] for r in group)} |\n")

    outcomes = {}
    for r in rows:
        outcomes[r["outcome"]] = outcomes.get(r["outcome"], 0) + 1
    timed = [r for r in rows if r["outcome"] == "57014"]
    stops = [r["ms"] - TIMEOUT_MS for r in timed]
    cancels = [r["cancel"] for r in rows if r.get("cancel") is not None]
    terms = [r["terminate"] for r in rows if r.get("terminate") is not None]
    print(f"abuse harness: {len(rows)} calls of {len({function_of(r['name']) for r in rows})} functions, "
          f"statement_timeout {TIMEOUT_MS} ms, budget {budget} MB + margin {MARGIN_MB} MB")
    print("    outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items(), key=lambda kv: -kv[1])))
    if stops:
        print(f"    past the timeout: at most {max(stops):.0f} ms ({len(stops)} calls)")
    if cancels:
        print(f"    pg_cancel_backend: at most {max(cancels):.0f} ms ({len(cancels)} calls)")
    if terms:
        print(f"    pg_terminate_backend: at most {max(terms):.0f} ms ({len(terms)} calls)")
    top = sorted(rows, key=lambda r: -r["peak"])[:3]
    print("    largest peaks: " + "; ".join(f"{r['name']} {r['peak']} MB ({r['outcome']})" for r in top))
    print(f"    the backend's own resident memory (RssAnon) before {rss_start} MB, after {rss_end} MB")
    for f_ in failures:
        print("abuse harness: FAILED " + f_, file=sys.stderr)
    sys.exit(1 if failures else 0)


main()
