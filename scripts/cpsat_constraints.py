#!/usr/bin/env python3
"""The second rival of docs/benchmarks.md "The setters' constraints": Google OR-Tools' CP-SAT
solver counting to 2 the solutions of the benchmark's puzzles (scripts/constraint_sets.py --bench),
modelled from pg_sudoku's rules: a digit variable per cell, AllDifferent per row, column, box or
region, diagonal, window, cage and extra region, linear sums for cages, little killers, arrows
and region-sum lines, and pairwise tables (AddAllowedAssignments) for thermometers, kropki, XV,
whispers, palindromes, clones, entropic and modular lines, minimum and maximum cells, the
negative constraints and non-consecutive; renban as distinct digits whose max - min is the
length - 1. Puzzles with other keys (sandwiches, X-sums, skyscrapers, between lines, quadruples)
are left out and said so. Counting to 2: solve, then solve again with that solution forbidden.

Usage: target/cpsat/bin/python scripts/cpsat_constraints.py FILE...   (pip install ortools into
a virtual environment outside the sources; scripts/constraint_bench.sh makes target/cpsat)
Prints per puzzle `<file>\t<line>\t<name>\t<µs, >CAPs or skipped>\t<count>` (one run, one worker:
model building included; each search stopped past SUDOKU_BENCH_CAP_S seconds, default 60, counted
as the cap) and per file `<file> n=<modelled> count2_us_total=.. count2_us_median=..`.
"""
import json
import os
import statistics
import sys
import time

from ortools.sat.python import cp_model

MODELLED = {"diagonals", "windows", "regions", "cages", "thermometers", "slow_thermometers", "arrows",
            "little_killers", "kropki", "xv", "negative", "non_consecutive", "anti_knight", "anti_king",
            "disjoint_groups", "whispers", "renban", "palindromes", "region_sum_lines", "entropic_lines",
            "modular_lines", "minimum", "maximum", "odd", "even", "clones", "extra_regions"}


def boxes(n):
    r = max(r for r in range(1, n + 1) if r * r <= n and n % r == 0)
    return (r, n // r) if r > 1 else (0, 0)


def model_of(puzzle, rules):
    n = int(round(len(puzzle) ** 0.5))
    m = cp_model.CpModel()
    x = {(r, c): m.NewIntVar(1, n, f"x{r}{c}") for r in range(1, n + 1) for c in range(1, n + 1)}
    cell = lambda p: x[(p[0], p[1])]
    for i, ch in enumerate(puzzle):
        if ch not in ".0":
            m.Add(x[(i // n + 1, i % n + 1)] == "123456789ABCDEFGHIJKLMNOP".index(ch.upper()) + 1)
    units = [[(r, c) for c in range(1, n + 1)] for r in range(1, n + 1)]
    units += [[(r, c) for r in range(1, n + 1)] for c in range(1, n + 1)]
    br, bc = boxes(n)
    if "regions" in rules:
        reg = "".join(rules["regions"].split())
        for sym in sorted(set(reg)):
            units.append([(i // n + 1, i % n + 1) for i, s in enumerate(reg) if s == sym])
    elif br:
        for b in range(n):
            r0, c0 = b // (n // bc) * br, b % (n // bc) * bc
            units.append([(r0 + i + 1, c0 + j + 1) for i in range(br) for j in range(bc)])
            if rules.get("disjoint_groups"):
                pass
    if rules.get("disjoint_groups"):
        for i in range(br):
            for j in range(bc):
                units.append([(b // (n // bc) * br + i + 1, b % (n // bc) * bc + j + 1) for b in range(n)])
    if rules.get("diagonals"):
        units.append([(i, i) for i in range(1, n + 1)])
        units.append([(i, n + 1 - i) for i in range(1, n + 1)])
    if rules.get("windows"):
        b = br
        for wr in range(b - 1):
            for wc in range(b - 1):
                r0, c0 = 2 + wr * (b + 1), 2 + wc * (b + 1)
                units.append([(r0 + i, c0 + j) for i in range(b) for j in range(b)])
    for u in units + [[tuple(p) for p in e] for e in rules.get("extra_regions", [])]:
        m.AddAllDifferent([x[p] for p in u])
    for cage in rules.get("cages", []):
        vs = [cell(p) for p in cage["cells"]]
        m.AddAllDifferent(vs)
        if "sum" in cage:
            m.Add(sum(vs) == cage["sum"])
    for k in rules.get("little_killers", []):
        m.Add(sum(cell(p) for p in k["cells"]) == k["sum"])
    for a in rules.get("arrows", []):
        pill = sum(10 ** (len(a["circle"]) - 1 - i) * cell(p) for i, p in enumerate(a["circle"]))
        for line in a["lines"]:
            m.Add(sum(cell(p) for p in line) == pill)
    regions = {}
    for k, u in enumerate(units[2 * n:2 * n + n] if (br or "regions" in rules) else []):
        for p in u:
            regions[p] = k
    for line in rules.get("region_sum_lines", []):
        segs = []
        for p in map(tuple, line):
            if segs and regions[segs[-1][0]] == regions[p]:
                segs[-1].append(p)
            else:
                segs.append([p])
        for a, b in zip(segs, segs[1:]):
            m.Add(sum(x[p] for p in a) == sum(x[p] for p in b))
    pairs = []
    rel = lambda a, b, f: pairs.append((tuple(a), tuple(b), f))
    for line in rules.get("thermometers", []):
        for a, b in zip(line, line[1:]):
            m.Add(cell(a) < cell(b))
    for line in rules.get("slow_thermometers", []):
        for a, b in zip(line, line[1:]):
            m.Add(cell(a) <= cell(b))
    marked_dots, marked_xv = set(), set()
    for d in rules.get("kropki", []):
        a, b = d["cells"]
        v = d.get("value", 2 if d["color"] == "black" else 1)
        rel(a, b, (lambda p, q, v=v: p == v * q or q == v * p) if d["color"] == "black" else (lambda p, q, v=v: abs(p - q) == v))
        marked_dots.add(frozenset([tuple(a), tuple(b)]))
    for d in rules.get("xv", []):
        a, b = d["cells"]
        m.Add(cell(a) + cell(b) == d["sum"])
        marked_xv.add(frozenset([tuple(a), tuple(b)]))
    neg = set(rules.get("negative", []))
    nc = rules.get("non_consecutive", False)
    if neg or nc:
        for r in range(1, n + 1):
            for c in range(1, n + 1):
                for a, b in (((r, c), (r, c + 1)), ((r, c), (r + 1, c))):
                    if b[0] > n or b[1] > n:
                        continue
                    key = frozenset([a, b])
                    w = ("white" in neg or nc) and key not in marked_dots or nc
                    bl = "black" in neg and key not in marked_dots
                    xx = "x" in neg and key not in marked_xv
                    vv = "v" in neg and key not in marked_xv
                    if w or bl or xx or vv:
                        rel(a, b, lambda p, q, w=w, bl=bl, xx=xx, vv=vv: not (
                            w and abs(p - q) == 1 or bl and (p == 2 * q or q == 2 * p) or xx and p + q == 10 or vv and p + q == 5))
    for key, moves in (("anti_knight", [(1, 2), (2, 1), (2, -1), (1, -2)]), ("anti_king", [(1, 1), (1, -1)])):
        if rules.get(key):
            for r in range(1, n + 1):
                for c in range(1, n + 1):
                    for dr, dc in moves:
                        if 1 <= r + dr <= n and 1 <= c + dc <= n:
                            m.Add(x[(r, c)] != x[(r + dr, c + dc)])
    for line in rules.get("whispers", []):
        cells, d = (line, 5) if isinstance(line, list) else (line["cells"], line.get("difference", 5))
        for a, b in zip(cells, cells[1:]):
            rel(a, b, lambda p, q, d=d: abs(p - q) >= d)
    for line in rules.get("renban", []):
        vs = [cell(p) for p in line]
        m.AddAllDifferent(vs)
        hi, lo = m.NewIntVar(1, n, ""), m.NewIntVar(1, n, "")
        m.AddMaxEquality(hi, vs)
        m.AddMinEquality(lo, vs)
        m.Add(hi - lo == len(vs) - 1)
    for line in rules.get("palindromes", []):
        for i in range(len(line) // 2):
            m.Add(cell(line[i]) == cell(line[-1 - i]))
    for c in rules.get("clones", []):
        for a, b in zip(c["cells"], c["copy"]):
            m.Add(cell(a) == cell(b))
    for line in rules.get("entropic_lines", []):
        for i in range(len(line)):
            for j in range(i + 1, min(i + 3, len(line))):
                rel(line[i], line[j], lambda p, q: (p - 1) // 3 != (q - 1) // 3)
    for line in rules.get("modular_lines", []):
        cells, md = (line, 3) if isinstance(line, list) else (line["cells"], line.get("modulus", 3))
        for i in range(len(cells)):
            for j in range(i + 1, min(i + md, len(cells))):
                rel(cells[i], cells[j], lambda p, q, md=md: p % md != q % md)
    for key, big in (("minimum", False), ("maximum", True)):
        for p in rules.get(key, []):
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                q = (p[0] + dr, p[1] + dc)
                if 1 <= q[0] <= n and 1 <= q[1] <= n:
                    m.Add(cell(p) > x[q]) if big else m.Add(cell(p) < x[q])
    for key, odd in (("odd", 1), ("even", 0)):
        for p in rules.get(key, []):
            m.AddAllowedAssignments([cell(p)], [(d,) for d in range(1, n + 1) if d % 2 == odd])
    for a, b, f in pairs:
        m.AddAllowedAssignments([x[a], x[b]], [(p, q) for p in range(1, n + 1) for q in range(1, n + 1) if f(p, q)])
    return m, x


CAP = float(os.environ.get("SUDOKU_BENCH_CAP_S", "60"))


def count2(puzzle, rules):
    """0, 1 or 2 solutions; None past CAP seconds."""
    m, x = model_of(puzzle, rules)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = CAP
    status = solver.Solve(m)
    if status == cp_model.UNKNOWN:
        return None
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return 0
    first = {k: solver.Value(v) for k, v in x.items()}
    bs = []
    for k, v in x.items():
        b = m.NewBoolVar("")
        m.Add(v != first[k]).OnlyEnforceIf(b)
        m.Add(v == first[k]).OnlyEnforceIf(b.Not())
        bs.append(b)
    m.AddBoolOr(bs)
    solver.parameters.max_time_in_seconds = max(CAP - solver.WallTime(), 0.01)
    status = solver.Solve(m)
    return None if status == cp_model.UNKNOWN else 1 + (status in (cp_model.OPTIMAL, cp_model.FEASIBLE))


for path in sys.argv[1:]:
    times = []
    for no, line in enumerate(open(path), 1):
        f = line.rstrip("\n").split("\t")
        rules = json.loads(f[1])
        if set(rules) - MODELLED:
            print(f"{path}\t{no}\t{f[3]}\tskipped\t{','.join(sorted(set(rules) - MODELLED))}")
            continue
        t0 = time.perf_counter()
        k = count2(f[0], rules)
        us = (time.perf_counter() - t0) * 1e6
        if k is None:
            times.append(CAP * 1e6)
            print(f"{path}\t{no}\t{f[3]}\t>{CAP:g}s\t?", flush=True)
            continue
        times.append(us)
        print(f"{path}\t{no}\t{f[3]}\t{us:.0f}\t{k}", flush=True)
    med = statistics.median(times) if times else 0
    print(f"{path} n={len(times)} count2_us_total={sum(times):.0f} count2_us_median={med:.0f}")
