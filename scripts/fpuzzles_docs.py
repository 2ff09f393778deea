#!/usr/bin/env python3
"""Makes data/shapes/fpuzzles.tsv: f-puzzles documents of published puzzles, written with
f-puzzles' own field names (size; grid of cell objects with value, given and, for a jigsaw,
region; diagonal+ and diagonal-; extraregion; killercage with cells and value) from the
published sets in data/shapes/sigh_iss.tsv and data/variants/*.tsv, for the f-puzzles tests of
pg_test/sql/shapes.sql. One document a line: the set, the puzzle's name, the document (JSON),
the published solution as sudoku.grid reads it.

Usage: scripts/fpuzzles_docs.py > data/shapes/fpuzzles.tsv
"""
import json
import os

ROOT = os.path.join(os.path.dirname(__file__), "..")
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"


def windows(n, b):
    out = []
    for wr in range(b - 1):
        for wc in range(b - 1):
            r0, c0 = 1 + wr * (b + 1), 1 + wc * (b + 1)
            out.append({"cells": [f"R{r0 + i // b + 1}C{c0 + i % b + 1}" for i in range(n)]})
    return out


def document(puzzle, rules):
    """The f-puzzles document of a puzzle line (a shape prefix none: is not written: f-puzzles
    has no such grid of a composite size) and its rules."""
    if ":" in puzzle:
        return None
    cells = len(puzzle)
    n = int(round(cells ** 0.5))
    grid = []
    region_names = {}
    for r in range(n):
        row = []
        for c in range(n):
            ch = puzzle[r * n + c]
            cell = {}
            if ch != ".":
                cell["value"] = SYMBOLS.index(ch.upper()) + 1
                cell["given"] = True
            if "regions" in rules:
                name = rules["regions"][r * n + c]
                cell["region"] = region_names.setdefault(name, len(region_names))
            row.append(cell)
        grid.append(row)
    doc = {"size": n, "title": "", "author": "", "ruleset": "", "grid": grid}
    if rules.get("diagonals"):
        doc["diagonal+"] = True
        doc["diagonal-"] = True
    if rules.get("windows"):
        doc["extraregion"] = windows(n, int(round(n ** 0.5)))
    if rules.get("cages"):
        doc["killercage"] = [
            {"cells": [f"R{r}C{c}" for r, c in cage["cells"]], "value": str(cage["sum"])} for cage in rules["cages"]
        ]
    return doc


def main():
    sets = [("sigh_iss", os.path.join(ROOT, "data/shapes/sigh_iss.tsv"), None)]
    for name in ["jigsaw_janko", "killer_janko", "killer_krazydad", "x_windoku_published"]:
        # The first few of each published variant set: jigsaw regions, killer cages, X, windoku.
        sets.append((name, os.path.join(ROOT, f"data/variants/{name}.tsv"), 5))
    for set_name, path, first in sets:
        with open(path) as f:
            lines = [line.rstrip("\n").split("\t") for line in f if line.strip() and not line.startswith("#")]
        for fields in lines[:first]:
            puzzle, rules, solution, name = fields[0], json.loads(fields[1]), fields[2], fields[3]
            doc = document(puzzle, rules)
            if doc is None:
                continue
            print("\t".join([set_name, name, json.dumps(doc, separators=(",", ":")), solution]))


if __name__ == "__main__":
    main()
