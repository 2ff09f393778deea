#!/usr/bin/env python3
"""Builds data/variants/*.tsv, the published variant puzzles the tests solve, from public
collections (data/variants/README.md says which). Each line: the puzzle (81 characters, . for
a blank), the rules as JSON (sudoku.solve(grid, rules)'s shape), the published solution, and
the puzzle's name at its source, tab-separated.

    scripts/variant_sets.py PUZZLESOLVER_GIT_DIR WEBSCRAPPING_GIT_DIR

The two arguments are git directories of github.com/SmilingWayne/PuzzleSolver (janko.at's
jigsaw and killer Sudoku, problems and solutions in its assets/Sudoku, as of commit
8f0deda3d5c283792f8a23f6fe18556fe79e5a22) and github.com/bnatalha/webscrapping (Krazydad's
killer Sudoku, killer_sudoku/dataset_killer_sudoku.csv). The output is committed; this script
says how it was made and remakes it byte for byte.
"""
import csv
import io
import json
import os
import subprocess
import sys

PUZZLESOLVER_COMMIT = "8f0deda3d5c283792f8a23f6fe18556fe79e5a22"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "variants")


def git(repo, *args):
    return subprocess.run(["git", "--git-dir", repo, *args], check=True, capture_output=True, text=True).stdout


def janko(repo, kind):
    """(name, problem grid rows, region or cage rows, solution rows) of each janko.at puzzle."""
    folder = f"assets/Sudoku/{kind}"
    names = git(repo, "ls-tree", "--name-only", f"{PUZZLESOLVER_COMMIT}:{folder}/problems").split()
    for name in sorted(names, key=lambda f: int(f.split("_")[0])):
        problem = git(repo, "show", f"{PUZZLESOLVER_COMMIT}:{folder}/problems/{name}").split("\n")
        solution = git(repo, "show", f"{PUZZLESOLVER_COMMIT}:{folder}/solutions/{name}").split("\n")
        assert problem[0].split() == ["9", "9"], name
        rows = [line.split() for line in problem[1:] if line.strip()]
        sol = [line.split() for line in solution[1:] if line.strip()][:9]
        if not sol:
            # A few solution files hold no grid: those puzzles are left out.
            continue
        yield name.split("_")[0], rows[:9], rows[9:18], sol


def line(puzzle, rules, solution, name):
    return "\t".join([puzzle, json.dumps(rules, separators=(", ", ": ")), solution, name]) + "\n"


def jigsaw(repo):
    out = []
    for name, clues, regions, sol in janko(repo, "JigsawSudoku"):
        puzzle = "".join("." if v == "-" else v for row in clues for v in row)
        symbols = "".join(v for row in regions for v in row)
        assert len(puzzle) == 81 and len(symbols) == 81, name
        out.append(line(puzzle, {"regions": symbols}, "".join(v for row in sol for v in row), f"janko.at Chaos-Sudoku {name}"))
    return out


def killer_janko(repo):
    out = []
    for name, sums, ids, sol in janko(repo, "KillerSudoku"):
        # The sum of a cage stands in the first cell of the cage (row-major); the other grid names
        # each cell's cage.
        cages = {}
        for r in range(9):
            for c in range(9):
                cage = cages.setdefault(ids[r][c], {"sum": None, "cells": []})
                cage["cells"].append([r + 1, c + 1])
                if sums[r][c] != "-":
                    assert cage["sum"] is None, name
                    cage["sum"] = int(sums[r][c])
        assert all(c["sum"] is not None for c in cages.values()), name
        rules = {"cages": [{"sum": c["sum"], "cells": c["cells"]} for c in cages.values()]}
        out.append(line("." * 81, rules, "".join(v for row in sol for v in row), f"janko.at Killer-Sudoku {name}"))
    return out


def killer_krazydad(repo, every=100):
    text = git(repo, "show", "HEAD:killer_sudoku/dataset_killer_sudoku.csv")
    out = []
    for i, row in enumerate(csv.DictReader(io.StringIO(text))):
        if i % every:
            continue
        colors = row["puzz_color"][1:]
        sums = [int(s) for s in row["puzz_hint"].split(",")]
        # Cages are lettered A-Z then a-z in order of first appearance; puzz_hint lists their
        # sums in that order.
        order = []
        for ch in colors:
            if ch not in order:
                order.append(ch)
        assert len(order) == len(sums), row["ptitle"]
        cages = [{"sum": sums[k], "cells": [[p // 9 + 1, p % 9 + 1] for p in range(81) if colors[p] == ch]} for k, ch in enumerate(order)]
        out.append(line("." * 81, {"cages": cages}, row["solved"], f"Krazydad {row['ptitle']}"))
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    puzzlesolver, webscrapping = sys.argv[1:]
    for name, lines in [
        ("jigsaw_janko.tsv", jigsaw(puzzlesolver)),
        ("killer_janko.tsv", killer_janko(puzzlesolver)),
        ("killer_krazydad.tsv", killer_krazydad(webscrapping)),
    ]:
        with open(os.path.join(OUT, name), "w") as f:
            f.writelines(lines)
        print(f"{name}: {len(lines)} puzzles")


main()
