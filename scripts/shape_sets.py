#!/usr/bin/env python3
"""Makes data/shapes/sigh_iss.tsv from the example puzzles and collections of sigh's
Interactive Sudoku Solver (github.com/sigh/Interactive-Sudoku-Solver, MIT licence): every
puzzle whose constraints pg_sudoku's grid and rules hold (a square grid of 4x4 to 25x25, its
givens, no boxes, jigsaw regions, both diagonals, windoku), with its published solution.

Usage: scripts/shape_sets.py [ISS_CHECKOUT] > data/shapes/sigh_iss.tsv
       scripts/shape_sets.py --janko [PUZZLESOLVER_CHECKOUT] > data/shapes/janko_16x16.tsv

With --janko: the 16x16 Sudoku of Angela and Otto Janko (janko.at) with their solutions, as
transcribed in github.com/SmilingWayne/PuzzleSolver (assets/Sudoku/16x16Sudoku at commit
8f0deda, where data/variants' jigsaw and killer sets come from), in the same columns.
ISS_CHECKOUT is a git directory of that repository (default: the snapshot `fetch` leaves in
/work/.mirror); the files are read at its HEAD. The output is one puzzle a line, tab-separated:
the puzzle as sudoku.grid reads it (its shape first when it is not the size's default), the
rules as sudoku.solve(grid, rules) takes them ({} for none), the published solution in the same
form, the puzzle's name and the file it came from.
"""
import json
import re
import subprocess
import sys

FILES = ["data/example_puzzles.js", "data/collections.js"]
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"


def default_boxes(n):
    rows = max((r for r in range(2, n + 1) if r * r <= n and n % r == 0), default=0)
    return (rows, n // rows) if rows else (0, 0)


def entries(text):
    """(name, input, solution) of each object literal with both an input and a solution."""
    pattern = re.compile(r"input:\s*(?:'([^']*)'|`([^`]*)`),?\s*solution:\s*'([^']*)'", re.S)
    names = [(m.start(), m.group(1).replace("\\'", "'")) for m in re.finditer(r"name:\s*'((?:[^'\\]|\\.)*)'", text)]
    for m in pattern.finditer(text):
        name = [n for at, n in names if at < m.start()][-1]
        yield name, m.group(1) if m.group(1) is not None else m.group(2), m.group(3)


def index(token):
    """A row or column index of sigh's cell names: 1-9, then a-p for 10-25."""
    return int(token) if token.isdigit() else ord(token.lower()) - ord("a") + 10


def convert(raw, solution):
    """(puzzle, rules, solution) in pg_sudoku's forms, or None when a constraint is not held."""
    parts = [p.strip() for p in re.split(r"\.(?=[A-Z~]|$)", "".join(raw.split())) if p.strip()]
    n, low, boxes, regions, diagonals, windows = 9, 1, True, None, set(), False
    givens = []
    for part in parts:
        fields = part.split("~")
        kind = fields[0]
        if kind == "Shape":
            rows, _, cols = fields[1].partition("x")
            if rows != cols:
                return None
            n = int(rows)
            if len(fields) > 2:
                lo, dash, hi = fields[2].partition("-")
                if not dash or int(hi) - int(lo) + 1 != n:
                    return None
                low = int(lo)
        elif kind == "":
            for g in fields[1:]:
                m = re.fullmatch(r"R(\w)C(\w)_(\d+)", g)
                if not m:
                    return None
                givens.append((index(m.group(1)), index(m.group(2)), int(m.group(3))))
        elif kind == "NoBoxes":
            boxes = False
        elif kind == "Jigsaw":
            regions = fields[1]
        elif kind == "Diagonal":
            diagonals.add(fields[1])
        elif kind == "Windoku":
            windows = True
        else:
            return None
    if diagonals and diagonals != {"1", "-1"}:
        return None
    if not 4 <= n <= 25 or len(solution) != n * n:
        return None
    cells, sol = grid_texts(n, low, givens, solution)
    rules = {}
    if regions is not None:
        # Regions in place of the boxes only: a jigsaw with the boxes kept is extra regions.
        if len(regions) != n * n or (boxes and default_boxes(n) != (0, 0)):
            return None
        rules["regions"] = regions
    elif not boxes and default_boxes(n) != (0, 0):
        prefix = "none:"
        return prefix + cells, finish(rules, diagonals, windows), prefix + sol
    prefix = ""
    return prefix + cells, finish(rules, diagonals, windows), prefix + sol


def grid_texts(n, low, givens, solution):
    """The puzzle's cells and its solution in the symbols sudoku.grid reads, from sigh's givens
    (row, column, value) and solution string (digits from `low`; letters from A for 1 on 16x16 and
    larger)."""
    cells = ["."] * (n * n)
    for r, c, v in givens:
        cells[(r - 1) * n + c - 1] = SYMBOLS[v - low]
    if n > 9:
        sol = "".join(SYMBOLS[ord(ch) - ord("A")] for ch in solution)
    else:
        sol = "".join(SYMBOLS[int(ch) - low] for ch in solution)
    return "".join(cells), sol


def finish(rules, diagonals, windows):
    if diagonals:
        rules["diagonals"] = True
    if windows:
        rules["windows"] = True
    return rules


def janko(checkout):
    commit = "8f0deda"
    folder = "assets/Sudoku/16x16Sudoku"
    names = subprocess.run(["git", "-C", checkout, "ls-tree", "-r", "--name-only", commit, folder + "/problems"],
                           capture_output=True, text=True, check=True).stdout.split()
    def grid(path):
        text = subprocess.run(["git", "-C", checkout, "show", f"{commit}:{path}"], capture_output=True, text=True,
                              check=True).stdout.split()
        n = int(text[0])
        values = text[2:2 + n * n]
        return "".join("." if v == "-" else SYMBOLS[int(v) - 1] for v in values)
    rows = []
    for path in names:
        number = int(path.rsplit("/", 1)[1].split("_")[0])
        rows.append((number, grid(path), grid(path.replace("/problems/", "/solutions/"))))
    for number, puzzle, solution in sorted(rows):
        print("\t".join([puzzle, "{}", solution, f"janko.at Sudoku 16x16 {number}", f"{folder}@{commit}"]))


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--janko":
        janko(sys.argv[2] if len(sys.argv) > 2 else "/work/.mirror/SmilingWayne+PuzzleSolver/repo")
        return
    checkout = sys.argv[1] if len(sys.argv) > 1 else "/work/.mirror/sigh+Interactive-Sudoku-Solver/repo"
    commit = subprocess.run(["git", "-C", checkout, "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True, check=True).stdout.strip()
    seen = set()
    for path in FILES:
        text = subprocess.run(["git", "-C", checkout, "show", f"HEAD:{path}"], capture_output=True, text=True,
                              check=True).stdout
        for name, raw, solution in entries(text):
            if raw.startswith("/") or not raw.strip():
                continue
            if re.fullmatch(r"[.0-9A-Za-z]+", raw.strip()):
                continue  # a bare line of cells: its shape and alphabet are not said
            got = convert(raw, solution)
            if got is None or got[0] in seen:
                continue
            seen.add(got[0])
            puzzle, rules, sol = got
            print("\t".join([puzzle, json.dumps(rules, separators=(",", ":")), sol, name, f"{path}@{commit}"]))


if __name__ == "__main__":
    main()
