#!/usr/bin/env python3
"""HoDoKu's order (sudoku-bench --hodoku) next to HoDoKu 2.2.4 itself (hodoku-oracle run --steps).

    hodoku_compare.py ORACLE OURS            one line: puzzles, same level, same score, the same
                                             techniques in the same order (first use), the same
                                             steps, each with its share
    hodoku_compare.py ORACLE OURS --list N   also the first N puzzles whose order differs, from
                                             where they part
    hodoku_compare.py --states OURS_STATES HINTS
                                             per state (sudoku-bench --hodoku-states) our step
                                             against HoDoKu's hint from that state (run --hint),
                                             counted by technique pair where they differ

HoDoKu's forcing chains and nets (fcc, fcv, fnc, fnv) count as one technique each (fc, fn):
ours are Sudoku Explainer's static and dynamic forcing chains standing in for them.
"""
import re
import sys
from collections import Counter

# Our technique names -> HoDoKu's short codes (hodoku-oracle's techniques.txt).
CODE = {
    'full_house': 'fh', 'naked_single': 'n1', 'hidden_single': 'h1', 'locked_pair': 'l2',
    'locked_triple': 'l3', 'pointing': 'lc1', 'claiming': 'lc2', 'naked_pair': 'n2',
    'naked_triple': 'n3', 'naked_quad': 'n4', 'hidden_pair': 'h2', 'hidden_triple': 'h3',
    'hidden_quad': 'h4', 'x_wing': 'bf2', 'swordfish': 'bf3', 'jellyfish': 'bf4',
    'remote_pair': 'rp', 'bug_plus_1': 'bug1', 'skyscraper': 'sk', 'two_string_kite': '2sk',
    'turbot_fish': 'tf', 'empty_rectangle': 'er', 'w_wing': 'w', 'xy_wing': 'xy', 'xyz_wing': 'xyz',
    'hidden_rectangle': 'hr', 'avoidable_rectangle_type_1': 'ar1', 'avoidable_rectangle_type_2': 'ar2',
    'finned_x_wing': 'fbf2', 'sashimi_x_wing': 'sbf2', 'finned_swordfish': 'fbf3',
    'sashimi_swordfish': 'sbf3', 'finned_jellyfish': 'fbf4', 'sashimi_jellyfish': 'sbf4',
    'sue_de_coq': 'sdc', 'simple_colors_trap': 'sc1', 'simple_colors_wrap': 'sc2',
    'multi_colors_1': 'mc1', 'multi_colors_2': 'mc2', 'x_chain': 'x', 'xy_chain': 'xyc',
    'continuous_nice_loop': 'cnl', 'discontinuous_nice_loop': 'dnl', 'aic': 'aic',
    'grouped_continuous_nice_loop': 'gcnl', 'grouped_discontinuous_nice_loop': 'gdnl',
    'grouped_aic': 'gaic', 'als_xz': 'axz', 'als_xy_wing': 'axy', 'als_xy_chain': 'ach', 'franken_x_wing': 'ff2',
    'franken_swordfish': 'ff3', 'finned_franken_x_wing': 'fff2', 'finned_franken_swordfish': 'fff3',
    'guess': 'bf',
}
CODE.update({f'unique_rectangle_type_{i}': f'u{i}' for i in range(1, 7)})
FORCING_CHAINS = {'forcing_chain', 'forcing_x_chain', 'bidirectional_cycle', 'nishio_forcing_chain',
                  'cell_forcing_chain', 'region_forcing_chain'}
FORCING_NETS = {'dynamic_forcing_chain', 'dynamic_forcing_chain_plus'}


def code(name):
    if name in FORCING_CHAINS:
        return 'fc'
    if name in FORCING_NETS:
        return 'fn'
    return CODE.get(name, name)


def norm(c):
    return {'fcc': 'fc', 'fcv': 'fc', 'fnc': 'fn', 'fnv': 'fn'}.get(c, c)


def first_use(seq):
    out = []
    for c in seq:
        if c not in out:
            out.append(c)
    return out


def load(path, ours):
    rows = {}
    for line in open(path):
        f = line.split()
        if len(f) < 4:
            continue
        seq = [code(x) if ours else norm(x) for x in f[3].split(',')]
        rows[f[0].replace('_', '.')] = (f[1], int(float(f[2])), seq)
    return rows


def compare(oracle, ours, listed):
    h, o = load(oracle, False), load(ours, True)
    n = level = score = order = steps = 0
    parted = []
    for p, (hl, hs, hq) in h.items():
        if p not in o:
            continue
        ol, os_, oq = o[p]
        n += 1
        level += hl == ol
        score += hs == os_
        steps += hq == oq
        if first_use(hq) == first_use(oq):
            order += 1
        else:
            parted.append((p, first_use(hq), first_use(oq)))
    pct = lambda k: f'{k} ({100 * k / max(n, 1):.1f}%)'
    print(f'{oracle}: puzzles {n}, same level {pct(level)}, same score {pct(score)}, '
          f'same techniques in order {pct(order)}, same steps {pct(steps)}')
    for p, a, b in parted[:listed]:
        i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
        print(' ', p, 'hodoku:', ','.join(a[max(0, i - 1):i + 4]), '| ours:', ','.join(b[max(0, i - 1):i + 4]))


def eliminations(text):
    out = set()
    if '=>' not in text:
        return out
    for cells, digits in re.findall(r'((?:r\d+c\d+,?)+)<>(\d+)', text.split('=>')[1]):
        for cs in cells.strip(',').split(','):
            rows, cols = re.match(r'r(\d+)c(\d+)', cs).groups()
            out |= {(int(r), int(c), int(d)) for r in rows for c in cols for d in digits}
    return out


def states(ours_states, hints):
    ours = [line.rstrip('\n').split('\t') for line in open(ours_states)]
    theirs = open(hints).read().splitlines()
    same, differ = 0, Counter()
    for (_, step), hint in zip(ours, theirs):
        name, el = (step.split(' ', 1) + [''])[:2]
        mine = {tuple(map(int, re.match(r'r(\d)c(\d)<>(\d)', e).groups())) for e in el.split(',') if e}
        f = hint.split(' ', 3)
        hcode = norm(f[1])
        if code(name) == hcode and mine == eliminations(f[3] if len(f) > 3 else ''):
            same += 1
        else:
            differ[(code(name), hcode)] += 1
    print(f'states {same + sum(differ.values())}, same step {same}; where they differ (ours/HoDoKu\'s):',
          ' '.join(f'{k[0]}/{k[1]}:{v}' for k, v in differ.most_common()))


if __name__ == '__main__':
    if sys.argv[1] == '--states':
        states(sys.argv[2], sys.argv[3])
    else:
        compare(sys.argv[1], sys.argv[2], int(sys.argv[4]) if len(sys.argv) > 4 else 0)
