#!/usr/bin/env python3
"""Published puzzles of the setters' constraints from J. Dover's ORsudoku test suite, as a check kept
outside the repository (issue 50: "other published puzzles, kept outside the repository, will be
checked the same way"). ORsudoku (github.com/jeremydover/ORsudoku) is GPL-3: nothing of it is
copied here or into the repository's data; this script reads its test files as data from a snapshot
(`fetch github:jeremydover/ORsudoku`) and prints, one line per puzzle, the five columns of
data/constraints/sigh_iss.tsv (puzzle, rules, the solution its test asserts, name, source), to a
file outside the repository for the engine's test (SUDOKU_EXTRA_CONSTRAINTS, see
engine/src/variant/solve.rs) or SQL.

Each test builds one puzzle with calls such as `p.setCage([11,12,13],13)` (cells as RC numbers,
`RCV`-style numbers for givens and dots) on `ORsudoku.sudoku(3)` (or its irregular grid, regions
by `setRegion`), and asserts its solution. Only tests of a 9x9 grid of digits 1-9 whose every call
is one `convert` reads (none with keyword options) are read; the rest are left out (`--skipped`
counts why).

Usage: scripts/orsudoku_sets.py [SNAPSHOT_GIT_DIR] > /some/where/orsudoku.tsv
       scripts/orsudoku_sets.py --skipped [SNAPSHOT_GIT_DIR]
"""
import ast
import collections
import json
import re
import subprocess
import sys


def cell(x):
    """An ORsudoku cell (a number RC, or RC followed by more digits, or a tuple of them) as [row, column]
    and the rest."""
    digits = list(x) if isinstance(x, (tuple, list)) else [int(ch) for ch in str(x)]
    return [digits[0], digits[1]], digits[2:]


def pair(x):
    """A dot between two cells: RC of the top or left cell, then 0 across or 1 down."""
    (r, c), rest = cell(x)
    hv = rest[0]
    return [[r, c], [r + hv, c + 1 - hv]], rest[1:]


def line(xs):
    return [cell(x)[0] for x in xs]


# The calls that take one line of cells, and the key of the rules each becomes.
LINES = {"setRenbanLine": "renban", "setGermanWhispersLine": "whispers", "setEntropicLine": "entropic_lines",
         "setPalindromeLine": "palindromes", "setModularLine": "modular_lines", "setBetweenLine": "between_lines",
         "setRegionSumLine": "region_sum_lines"}


def convert(calls):
    rules, givens, regions = collections.defaultdict(list), {}, []
    for name, args in calls:
        if name == "setGivenArray":
            for x in args[0]:
                (r, c), (v,) = cell(x)
                givens[(r, c)] = v
        elif name == "setGiven":
            (r, c), (v,) = cell(args[0]) if len(args) == 1 else (args[:2], args[2:])
            givens[(r, c)] = v
        elif name == "setCage":
            cage = {"cells": line(args[0])}
            if len(args) > 1 and args[1] is not None:
                cage["sum"] = args[1]
            rules["cages"].append(cage)
        elif name in ("setThermo", "setSlowThermo"):
            cells = line(args[0])
            rules["thermometers" if name == "setThermo" else "slow_thermometers"].append(cells)
        elif name == "setArrow":
            cells = line(args[0])
            rules["arrows"].append({"circle": [cells[0]], "lines": [cells[1:]]})
        elif name in LINES:
            rules[LINES[name]].append(line(args[0]))
        elif name == "setLittleKiller":
            r1, c1, r2, c2, total = args
            cells = []
            r, c = r1, c1
            while 1 <= r <= 9 and 1 <= c <= 9:
                cells.append([r, c])
                r, c = r + r2 - r1, c + c2 - c1
            rules["little_killers"].append({"sum": total, "cells": cells})
        elif name in ("setKropkiWhiteArray", "setKropkiBlackArray", "setKropkiArray"):
            for x in args[0]:
                cells, rest = pair(x)
                color = {"setKropkiWhiteArray": 0, "setKropkiBlackArray": 1}.get(name, rest[0] if rest else None)
                if color not in (0, 1):
                    raise ValueError("gray kropki")
                rules["kropki"].append({"cells": cells, "color": "white" if color == 0 else "black"})
        elif name == "setXVArray":
            for x in args[0]:
                cells, (kind,) = pair(x)
                rules["xv"].append({"cells": cells, "sum": 5 if kind == 0 else 10})
        elif name in ("setQuadruple", "setQuadrupleArray"):
            for x in (args[0] if name == "setQuadrupleArray" else [args[0]]):
                (r, c), values = cell(x)
                rules["quadruples"].append({"cells": [[r, c], [r, c + 1], [r + 1, c], [r + 1, c + 1]],
                                            "digits": values})
        elif name in ("setSandwichSum", "setXSum", "setSkyscraper"):
            if len(args) != 4:
                raise ValueError(f"{name} with options")
            # The first cell of the row or column from the clue's side, 0 for a row, the value.
            r, c, rc, value = args
            if not isinstance(value, int):
                raise ValueError(f"{name} with a clue outside the grid to find")
            clue = {"row": r} if rc == 0 else {"column": c}
            if rc == 0 and c != 1:
                clue["from"] = "right"
            elif rc == 1 and r != 1:
                clue["from"] = "bottom"
            key, field = {"setSandwichSum": ("sandwiches", "sum"), "setXSum": ("x_sums", "sum"),
                          "setSkyscraper": ("skyscrapers", "count")}[name]
            if key == "sandwiches":
                clue.pop("from", None)
            rules[key].append({**clue, field: value})
        elif name in ("setOddEvenArray", "setEvenOddArray", "setEvenArray", "setOddArray"):
            for x in args[0]:
                (r, c), rest = cell(x)
                odd = rest[0] if name in ("setOddEvenArray", "setEvenOddArray") else int(name == "setOddArray")
                rules["odd" if odd == 1 else "even"].append([r, c])
        elif name == "setMinMaxArray":
            for x in args[0]:
                (r, c), (which,) = cell(x)
                rules["minimum" if which == 0 else "maximum"].append([r, c])
        elif name in ("setKropkiNegative", "setXVNegative"):
            if args:
                raise ValueError(f"{name} with arguments")
            rules["negative"] += ["white", "black"] if name == "setKropkiNegative" else ["x", "v"]
        elif name == "setRegion":
            # A jigsaw (an irregular grid): its regions one by one.
            regions.append(line(args[0]))
        elif name in ("setXSudokuMain", "setXSudokuOff"):
            n = 9
            cells = [[i, i] for i in range(1, n + 1)] if name == "setXSudokuMain" else [[i, n + 1 - i] for i in range(1, n + 1)]
            rules["diagonal_cells"].append(cells)
        elif name in ("setWindoku", "setDisjointGroups", "setAntiKnight", "setAntiKing", "setNonConsecutive"):
            if args:
                raise ValueError(f"{name} with arguments")
            key = {"setWindoku": "windows", "setDisjointGroups": "disjoint_groups", "setAntiKnight": "anti_knight",
                   "setAntiKing": "anti_king", "setNonConsecutive": "non_consecutive"}[name]
            rules[key] = True
        else:
            raise ValueError(name)
    diagonals = rules.pop("diagonal_cells", [])
    if len(diagonals) == 2:
        rules["diagonals"] = True
    elif diagonals:
        rules["extra_regions"] += diagonals
    if regions:
        at = {(r, c): str(k + 1) for k, region in enumerate(regions) for r, c in region}
        if len(regions) != 9 or len(at) != 81:
            raise ValueError("regions that do not tile the grid")
        rules["regions"] = "".join(at[(r, c)] for r in range(1, 10) for c in range(1, 10))
    puzzle = "".join(str(givens.get((r, c), ".")) for r in range(1, 10) for c in range(1, 10))
    return puzzle, dict(rules)


# ORsudoku's named constants (its `sudoku` class attributes), as the tests write them: `p.Row`.
CONSTANTS = {"Row": 0, "Col": 1, "V": 0, "X": 1, "White": 0, "Black": 1, "Horz": 0, "Vert": 1, "Min": 0, "Max": 1,
             "Even": 0, "Odd": 1}


def argument(node):
    """A call's argument: a literal, with `p.<constant>` read as its value."""
    class Constants(ast.NodeTransformer):
        def visit_Attribute(self, n):
            if getattr(n.value, "id", "") == "p" and n.attr in CONSTANTS:
                return ast.Constant(CONSTANTS[n.attr])
            return n
    return ast.literal_eval(Constants().visit(node))


def read(text):
    """(calls, solution, name) of a test file, or the reason it is left out."""
    tree = ast.parse(text)
    calls, ctor, solution = [], [], None
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        f = node.func
        if f.attr == "sudoku" and getattr(f.value, "id", "") == "ORsudoku":
            ctor.append(node)
        elif f.attr.startswith("set") and getattr(f.value, "id", "") == "p":
            if node.keywords:
                raise ValueError(f"{f.attr} with options")
            calls.append((node.lineno, node.col_offset, f.attr, [argument(a) for a in node.args]))
        elif f.attr == "assertEqual":
            value = ast.literal_eval(node.args[1])
            m = re.fullmatch(r"(?:1:)?([1-9]{81})", value)
            if m:
                solution = m.group(1)
    if len(ctor) != 1 or [ast.literal_eval(a) for a in ctor[0].args] != [3]:
        raise ValueError("not a 9x9 grid of digits 1-9")
    options = {k.arg: ast.literal_eval(k.value) for k in ctor[0].keywords}
    if options not in ({}, {"irregular": True}):
        raise ValueError("not a 9x9 grid of digits 1-9")
    if solution is None:
        raise ValueError("no unique solution asserted")
    calls.sort()
    name = re.search(r"#\s*Puzzle:\s*(.+)", text)
    return [(c[2], c[3]) for c in calls], solution, name.group(1).strip() if name else "?"


def main():
    args = [a for a in sys.argv[1:] if a != "--skipped"]
    git = args[0] if args else "/work/.mirror/jeremydover+ORsudoku/repo"
    run = lambda *a: subprocess.run(["git", "-C", git, *a], capture_output=True, text=True, check=True).stdout
    commit = run("rev-parse", "--short", "HEAD").strip()
    why = collections.Counter()
    for path in run("ls-tree", "-r", "--name-only", "HEAD", "tests").split():
        if not path.endswith(".py"):
            continue
        try:
            calls, solution, name = read(run("show", f"HEAD:{path}"))
            puzzle, rules = convert(calls)
        except (ValueError, SyntaxError, IndexError, TypeError, KeyError) as e:
            why[str(e).split(" ", 1)[0] if str(e).startswith("set") else str(e)] += 1
            continue
        if "--skipped" not in sys.argv:
            print("\t".join([puzzle, json.dumps(rules, separators=(",", ":")), solution, name,
                             f"jeremydover/ORsudoku {path}@{commit}"]))
    if "--skipped" in sys.argv:
        for k, v in why.most_common():
            print(f"{v}\t{k}")


if __name__ == "__main__":
    main()
