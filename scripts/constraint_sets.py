#!/usr/bin/env python3
"""Makes data/constraints/sigh_iss.tsv from the example puzzles and collections of sigh's
Interactive Sudoku Solver (github.com/sigh/Interactive-Sudoku-Solver, MIT licence): every
puzzle whose constraints pg_sudoku's rules hold, with its published solution, its constraints
written as the keys of sudoku.solve(grid, rules) (docs/variants.md, "The setters' constraints").

Usage: scripts/constraint_sets.py [ISS_CHECKOUT] > data/constraints/sigh_iss.tsv
       scripts/constraint_sets.py --skipped [ISS_CHECKOUT]   (what is left out, and why)
       scripts/constraint_sets.py --fpuzzles [ISS_CHECKOUT] > data/constraints/sigh_fpuzzles.tsv
                                                            (the puzzles published with an f-puzzles
                                                             link as well: a sixth column, the link's
                                                             ?load= data, the same puzzle as f-puzzles
                                                             saved it)
       scripts/constraint_sets.py --bench DIR [ISS_CHECKOUT] (the benchmark's files, with sigh's own input
                                                             as a sixth column: DIR/examples.tsv, the
                                                             puzzles above; DIR/<COLLECTION>.tsv, the
                                                             killer collections TAREK_ALL and
                                                             MATHEMAGIC_KILLERS, without solutions)

ISS_CHECKOUT is a git directory of that repository (default: the snapshot `fetch` leaves in
/work/.mirror); the files are read at its HEAD. One puzzle a line, tab-separated: the puzzle as
sudoku.grid reads it, the rules as JSON, the published solution, the puzzle's name, the file it
came from. sigh's constraint strings are `.Type~arg~R1C1~...` (js/README.md there); how each
type maps to a key is the table TYPES below. Puzzles with a type outside it are left out.
"""
import collections
import json
import re
import subprocess
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from shape_sets import default_boxes, grid_texts, index  # noqa: E402

FILES = ["data/example_puzzles.js", "data/collections.js"]


class Unsupported(Exception):
    pass


STRING = r"(?:'(?:[^'\\]|\\.)*'|`[^`]*`)"


def literal(text):
    """The value of JavaScript string literals joined by +."""
    return "".join(m.group(0)[1:-1] for m in re.finditer(STRING, text))


def entries(text):
    """(name, input, solution) of each puzzle with a solution: object literals with `input` and
    `solution` (inputs may be strings joined by +), and [input, solution] pairs."""
    joined = rf"({STRING}(?:\s*\+\s*{STRING})*)"
    names = [(m.start(), m.group(1).replace("\\'", "'")) for m in re.finditer(r"name:\s*'((?:[^'\\]|\\.)*)'", text)]
    for m in re.finditer(rf"input:\s*{joined},?\s*solution:\s*'([^']*)'", text):
        name = [n for at, n in names if at < m.start()][-1]
        yield name, literal(m.group(1)), m.group(2)
    for m in re.finditer(rf"\[\s*{joined},\s*'([0-9A-Z]{{16,}})',?\s*\]", text):
        collection = [n for n in re.finditer(r"export const (\w+)", text) if n.start() < m.start()]
        yield (collection[-1].group(1) if collection else "?"), literal(m.group(1)), m.group(2)


def short_killer(text):
    """The cages of the short killer format (forum.enjoysudoku.com, 'understandable snarfable
    killer cages'): per cell a sum (0-9, A-Z for 10-35, a-j for 36-45) or an arrow to the next
    cell of its cage."""
    step = {"v": 9, "^": -9, "<": -1, ">": 1, "`": -10, "'": -8, ",": 8, ".": 10}
    cages = {}
    for i in range(81):
        head, hops = i, 0
        while text[head] in step:
            head += step[text[head]]
            hops += 1
            if hops > 9:
                raise Unsupported("killer loop")
        c = text[head]
        if c.isdigit():
            total = int(c)
        elif "A" <= c <= "Z":
            total = ord(c) - ord("A") + 10
        elif "a" <= c <= "j":
            total = ord(c) - ord("a") + 36
        else:
            continue
        cages.setdefault(head, {"sum": total, "cells": []})["cells"].append([i // 9 + 1, i % 9 + 1])
    return [c if c["sum"] else {"cells": c["cells"]} for c in cages.values()]


def long_killer(text):
    """The cages (and diagonals, 'd') of sudocue's killer format `3x3:[d]:k:` + 81 numbers
    sum * 256 + cage."""
    parts = text.split(":")
    cages = {}
    for i, v in enumerate(parts[3:84]):
        total, cage = int(v) // 256, int(v) % 256
        if total:
            cages.setdefault(cage, {"sum": total, "cells": []})["cells"].append([i // 9 + 1, i % 9 + 1])
    rules = {"cages": list(cages.values())}
    if parts[1] == "d":
        rules["diagonals"] = True
    return rules


def cell(name):
    m = re.fullmatch(r"[Rr](\w)[Cc](\w)", name)
    if not m:
        raise Unsupported(f"cell {name}")
    return [index(m.group(1)), index(m.group(2))]


def adjacent_pairs(cells):
    """sigh's pairs of a dot or XV mark over several cells: every orthogonally adjacent pair."""
    pairs, rest = [], [tuple(c) for c in cells]
    for i, a in enumerate(rest):
        for b in rest[i + 1:]:
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1:
                pairs.append([list(a), list(b)])
    return pairs


def little_killer(start, n):
    """The cells of sigh's little killer named by its first cell (its cellMap)."""
    r, c = start[0] - 1, start[1] - 1
    if c == 0 and r < n - 1:
        dr, dc = 1, 1
    elif c == n - 1 and 1 <= r < n - 1:
        dr, dc = -1, -1
    elif r == 0 and c >= 1:
        dr, dc = 1, -1
    elif r == n - 1 and 1 <= c < n - 1:
        dr, dc = -1, 1
    else:
        raise Unsupported("little killer start")
    cells = []
    while 0 <= r < n and 0 <= c < n:
        cells.append([r + 1, c + 1])
        r, c = r + dr, c + dc
    return cells


def side(id_, reverse):
    kind, k = id_[0], int(id_[1:])
    clue = {"row" if kind == "R" else "column": k}
    if reverse:
        clue["from"] = "right" if kind == "R" else "bottom"
    return clue


# The constraints that mean the same with digits from 0 (sigh's `Shape~9x9~0-8`) once every
# digit is written one higher: order, differences and sets of digits are kept, and a sum over
# k cells grows by k (cages and little killers, above). Not skyscrapers: sigh counts no building
# of height 0.
SHIFTED = {"Shape", "", "NoBoxes", "Jigsaw", "Diagonal", "Windoku", "Thermo", "Whisper", "Renban", "Modular",
           "Entropic", "Between", "Palindrome", "Cage", "LittleKiller", "WhiteDot",
           "AntiKnight", "AntiKing", "AntiConsecutive", "DisjointSets", "Quad", "AllDifferent", "GreaterThan"}


def convert(raw, solution):
    """(puzzle, rules, solution) in pg_sudoku's forms; raises Unsupported naming what is not held."""
    raw = "".join(raw.split())
    puzzle, rules, sol = convert_raw(raw, solution)
    seen_cells = [tuple(c) for cage in rules.get("cages", []) for c in cage["cells"]]
    if len(seen_cells) != len(set(seen_cells)):
        raise Unsupported("overlapping cages")
    return puzzle, rules, sol


def convert_raw(raw, solution):
    if raw.startswith("3x3:") and raw.split(":")[2] == "k" and len(raw.split(":")) >= 84:
        return "." * 81, long_killer(raw), solution
    if len(raw) == 81 and re.search(r"[<v>^`']", raw):
        return "." * 81, {"cages": short_killer(raw)}, solution
    parts = [p for p in re.split(r"\.+(?=[A-Z~]|$)", "".join(raw.split())) if p]
    # The shape first: the cells of a little killer depend on the size.
    parts.sort(key=lambda p: not p.startswith("Shape~"))
    n, low, boxes, regions = 9, 1, True, None
    givens, rules, diagonals = [], collections.defaultdict(list), set()
    for part in parts:
        f = part.split("~")
        kind, args = f[0], f[1:]
        if kind == "Shape":
            rows, _, cols = args[0].partition("x")
            if rows != cols:
                raise Unsupported("Shape")
            n = int(rows)
            if len(args) > 1:
                lo, dash, hi = args[1].partition("-")
                if not dash or int(hi) - int(lo) + 1 != n:
                    raise Unsupported("Shape values")
                low = int(lo)
        elif kind == "":
            for g in args:
                m = re.fullmatch(r"R(\w)C(\w)((?:_\d+)+)", g)
                if not m:
                    raise Unsupported("given")
                r, c = index(m.group(1)), index(m.group(2))
                values = [int(v) for v in m.group(3)[1:].split("_")]
                # Parity of the digits as pg_sudoku writes them (from 1).
                digits = {v - low + 1 for v in values}
                if len(values) == 1:
                    givens.append((r, c, values[0]))
                elif digits == set(range(1, n + 1, 2)):
                    rules["odd"].append([r, c])
                elif digits == set(range(2, n + 1, 2)):
                    rules["even"].append([r, c])
                else:
                    raise Unsupported("pencilmarks")
        elif kind == "NoBoxes":
            boxes = False
        elif kind == "Jigsaw":
            regions = args[0]
        elif kind == "Diagonal":
            diagonals.add(args[0].rstrip("."))
        elif kind == "Windoku":
            rules["windows"] = True
        elif kind == "Thermo":
            rules["thermometers"].append([cell(a) for a in args])
        elif kind == "Whisper":
            if args and args[0].isdigit():
                d, cells = int(args[0]), args[1:]
            else:
                d, cells = 5, args
            line = [cell(a) for a in cells]
            rules["whispers"].append(line if d == 5 else {"cells": line, "difference": d})
        elif kind == "Renban":
            rules["renban"].append([cell(a) for a in args])
        elif kind == "Modular":
            line = [cell(a) for a in args[1:]]
            rules["modular_lines"].append(line if int(args[0]) == 3 else {"cells": line, "modulus": int(args[0])})
        elif kind == "Entropic":
            rules["entropic_lines"].append([cell(a) for a in args])
        elif kind == "RegionSumLine":
            rules["region_sum_lines"].append([cell(a) for a in args])
        elif kind == "Between":
            rules["between_lines"].append([cell(a) for a in args])
        elif kind == "Palindrome":
            rules["palindromes"].append([cell(a) for a in args])
        elif kind == "Arrow":
            rules["arrows"].append({"circle": [cell(args[0])], "lines": [[cell(a) for a in args[1:]]]})
        elif kind == "PillArrow":
            size = int(args[0])
            cells = [cell(a) for a in args[1:]]
            # The pill reads left to right, top to bottom, whatever order its cells came in.
            rules["arrows"].append({"circle": sorted(cells[:size]), "lines": [cells[size:]]})
        elif kind == "Cage":
            cells = [cell(a) for a in args[1:]]
            # sigh's sum 0 (or none) is a cage of distinct digits without a sum.
            rules["cages"].append({"sum": int(args[0]) + (1 - low) * len(cells), "cells": cells}
                                  if args[0] and int(args[0]) else {"cells": cells})
        elif kind == "LittleKiller":
            cells = little_killer(cell(args[1]), n)
            rules["little_killers"].append({"sum": int(args[0]) + (1 - low) * len(cells), "cells": cells})
        elif kind == "Sandwich":
            rules["sandwiches"].append({**side(args[1], False), "sum": int(args[0])})
        elif kind in ("XSum", "Skyscraper", "NumberedRoom"):
            key, value = {"XSum": ("x_sums", "sum"), "Skyscraper": ("skyscrapers", "count"),
                          "NumberedRoom": ("numbered_rooms", "digit")}[kind]
            for reverse, v in ((False, args[1] if len(args) > 1 else ""), (True, args[2] if len(args) > 2 else "")):
                if v:
                    rules[key].append({**side(args[0], reverse), value: int(v)})
        elif kind in ("WhiteDot", "BlackDot"):
            color = "white" if kind == "WhiteDot" else "black"
            for pair in adjacent_pairs([cell(a) for a in args]):
                rules["kropki"].append({"cells": pair, "color": color})
        elif kind in ("X", "V"):
            for pair in adjacent_pairs([cell(a) for a in args]):
                rules["xv"].append({"cells": pair, "sum": 10 if kind == "X" else 5})
        elif kind == "StrictKropki":
            rules["negative"] += ["white", "black"]
        elif kind == "StrictXV":
            rules["negative"] += ["x", "v"]
        elif kind in ("AntiKnight", "AntiKing", "AntiConsecutive", "DisjointSets", "AntiTaxicab"):
            key = {"AntiKnight": "anti_knight", "AntiKing": "anti_king", "AntiConsecutive": "non_consecutive",
                   "DisjointSets": "disjoint_groups", "AntiTaxicab": "anti_taxicab"}[kind]
            rules[key] = True
        elif kind == "Quad":
            r, c = cell(args[0])
            rules["quadruples"].append({"cells": [[r, c], [r, c + 1], [r + 1, c], [r + 1, c + 1]],
                                        "digits": [int(v) - low + 1 for v in args[1:]]})
        elif kind == "GreaterThan":
            # Each cell is greater than the later cells next to it: a thermometer of two from
            # the smaller.
            for a, b in adjacent_pairs([cell(a) for a in args]):
                rules["thermometers"].append([b, a])
        elif kind == "SumLine":
            looped = args[-1] == "LOOP"
            cells = [cell(a) for a in (args[1:-1] if looped else args[1:])]
            total = int(args[0])
            rules["sum_lines"].append(cells if (total, looped) == (10, False)
                                      else {"cells": cells, "sum": total, **({"loop": True} if looped else {})})
        elif kind == "Lunchbox":
            rules["lunchboxes"].append({"sum": int(args[0]), "cells": [cell(a) for a in args[1:]]})
        elif kind == "CountingCircles":
            rules["counting_circles"].append([cell(a) for a in args])
        elif kind == "Zipper":
            rules["zipper_lines"].append([cell(a) for a in args])
        elif kind == "Indexing":
            key = "indexing_columns" if args[0] == "C" else "indexing_rows"
            rules[key] += [cell(a) for a in args[1:]]
        elif kind == "SameValues" and int(args[0]) == len(args) - 1:
            # Sets of one cell each: every cell holds the same digit, a clone of the first.
            first = cell(args[1])
            rules["clones"] += [{"cells": [first], "copy": [cell(a)]} for a in args[2:]]
        elif kind == "AllDifferent":
            rules["extra_regions"].append([cell(a) for a in args])
        else:
            raise Unsupported(kind)
        if low != 1 and kind not in SHIFTED:
            raise Unsupported(f"{kind} from {low}")
    if not 0 <= low <= 1 or not 4 <= n <= 25 or len(solution) != n * n:
        raise Unsupported("values or size")
    if diagonals == {"1", "-1"}:
        rules["diagonals"] = True
    else:
        for d in sorted(diagonals):
            cells = [[i + 1, n - i] if d == "1" else [i + 1, i + 1] for i in range(n)]
            rules["extra_regions"].append(cells)
    prefix = ""
    if regions is not None:
        if len(regions) != n * n or (boxes and default_boxes(n) != (0, 0)):
            raise Unsupported("jigsaw beside boxes")
        rules["regions"] = regions
    elif not boxes and default_boxes(n) != (0, 0):
        prefix = "none:"
    cells, sol = grid_texts(n, low, givens, solution)
    return prefix + cells, dict(rules), prefix + sol


def collection(text, name):
    """The puzzle strings of `export const NAME = new PuzzleCollection({...}, [...])`."""
    start = text.index(f"export const {name} = new PuzzleCollection(")
    body = text[text.index("\n  [\n", start):text.index("\n  ]", start)]
    return [literal(m.group(0)) for m in re.finditer(STRING, body)]


def bench(out, checkout):
    """The benchmark's files (see the usage)."""
    show = lambda path: subprocess.run(["git", "-C", checkout, "show", f"HEAD:{path}"], capture_output=True,
                                       text=True, check=True).stdout
    rows, seen = [], set()
    for path in FILES:
        for name, raw, solution in entries(show(path)):
            if raw.startswith("/") or not raw.strip() or re.fullmatch(r"[.0-9]+", raw.strip()):
                continue
            try:
                puzzle, rules, sol = convert(raw, solution)
            except (Unsupported, ValueError, IndexError):
                continue
            key = (puzzle, json.dumps(rules, sort_keys=True))
            if key in seen or not set(rules) - {"regions", "diagonals", "windows"}:
                continue
            seen.add(key)
            rows.append([puzzle, json.dumps(rules, separators=(",", ":")), sol, name, path, "".join(raw.split())])
    with open(f"{out}/examples.tsv", "w") as f:
        f.writelines("\t".join(r) + "\n" for r in rows)
    text = show("data/collections.js")
    for name in ["TAREK_ALL", "MATHEMAGIC_KILLERS"]:
        with open(f"{out}/{name}.tsv", "w") as f:
            for k, raw in enumerate(collection(text, name)):
                rules = {"cages": short_killer(raw)}
                f.write("\t".join(["." * 81, json.dumps(rules, separators=(",", ":")), "", f"{name} {k + 1}",
                                   "data/collections.js", raw]) + "\n")


def fpuzzles_links(text):
    """{name: the ?load= data of its f-puzzles link} of the entries whose src holds one."""
    names = [(m.start(), m.group(1).replace("\\'", "'")) for m in re.finditer(r"name:\s*'((?:[^'\\]|\\.)*)'", text)]
    links = {}
    for m in re.finditer(r"f-puzzles\.com/\?load=([A-Za-z0-9+/=]+)", text):
        links[[n for at, n in names if at < m.start()][-1]] = m.group(1)
    return links


def main():
    if sys.argv[1:2] == ["--bench"]:
        bench(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else "/work/.mirror/sigh+Interactive-Sudoku-Solver/repo")
        return
    args = [a for a in sys.argv[1:] if a not in ("--skipped", "--fpuzzles")]
    skipped = "--skipped" in sys.argv
    fpuzzles = "--fpuzzles" in sys.argv
    checkout = args[0] if args else "/work/.mirror/sigh+Interactive-Sudoku-Solver/repo"
    commit = subprocess.run(["git", "-C", checkout, "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True, check=True).stdout.strip()
    seen, why = set(), collections.Counter()
    for path in FILES:
        text = subprocess.run(["git", "-C", checkout, "show", f"HEAD:{path}"], capture_output=True, text=True,
                              check=True).stdout
        links = fpuzzles_links(text)
        for name, raw, solution in entries(text):
            if fpuzzles and name not in links:
                continue
            if raw.startswith("/") or not raw.strip() or re.fullmatch(r"[.0-9]+", raw.strip()):
                continue
            try:
                puzzle, rules, sol = convert(raw, solution)
            except Unsupported as e:
                why[str(e)] += 1
                continue
            except (ValueError, IndexError) as e:
                why[f"unreadable: {e}"] += 1
                continue
            key = (puzzle, json.dumps(rules, sort_keys=True))
            if fpuzzles:
                print("\t".join([puzzle, json.dumps(rules, separators=(",", ":")), sol, name, f"{path}@{commit}",
                                 links[name]]))
                continue
            # Classic puzzles and the shapes of data/shapes are checked elsewhere.
            if key in seen or not set(rules) - {"regions", "diagonals", "windows"}:
                continue
            seen.add(key)
            if not skipped:
                print("\t".join([puzzle, json.dumps(rules, separators=(",", ":")), sol, name, f"{path}@{commit}"]))
    if skipped:
        for k, v in why.most_common():
            print(f"{v}\t{k}")


if __name__ == "__main__":
    main()
