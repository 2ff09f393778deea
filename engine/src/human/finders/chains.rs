//! Chains of cells, as players name them (issue 48; HoDoKu's X-Chain, XY-Chain and Remote Pair):
//! links alternate strong (of two candidates, one is true) and weak (of two, at most one is
//! true), so that if the chain's first candidate is false its last is true: one of the two
//! ends holds, and what sees both goes. Sudoku Explainer finds the same eliminations with its
//! forcing chains (`chaining.rs`).
//!
//! - X-Chain: one digit; a strong link is a unit with two places for it, a weak link two places
//!   in a unit. The ends hold the digit, which leaves the cells seeing both.
//! - XY-Chain: bivalue cells; inside each the strong link between its two digits, between cells
//!   a weak link on a digit both hold. It starts and ends on the same digit `x`, which leaves
//!   the cells seeing both ends.
//! - Remote Pair: an XY-Chain of cells all holding the same two digits, four cells or more:
//!   any two cells an odd number of cells apart hold the two digits between them, which leave
//!   every cell seeing both.
//!
//! Each elimination once, by its shortest chain (as HoDoKu lists them), chains of at most 19
//! links (HoDoKu's default bound).

use std::collections::VecDeque;

use super::basics::Sink;
use super::board::{bit, cells, count, merged, seeing_all, Board, Cells, BOX, COL, ROW, T};
use super::{Candidate, Mask, SeError, SeStep, Technique, N, NC};

/// HoDoKu's bound on a chain's links.
const MAX_LINKS: usize = 19;

/// The most nodes a remote pairs' search visits before it gives up ([`SeError::Bound`]).
const REMOTE_PAIR_BUDGET: usize = 2_000_000;

/// Whether `d` has exactly two places in a unit holding both `a` and `b`.
fn conjugate(b: &Board, a: usize, z: usize, d: u8) -> bool {
    [ROW, COL, BOX].iter().any(|&t| {
        T.of[a][t] == T.of[z][t] && b.holding(T.region_set[t][T.of[a][t] as usize], d).count() == 2
    })
}

/// Keeps a step for each distinct elimination, the shortest chain's (the first found among
/// equals), then hands them to `sink` in the order found (true stops).
struct Shortest(Vec<(Vec<(usize, Mask)>, usize, SeStep)>);

impl Shortest {
    fn offer(&mut self, removed: Vec<(usize, Mask)>, links: usize, step: impl FnOnce(Vec<(usize, Mask)>) -> SeStep) {
        match self.0.iter_mut().find(|(r, _, _)| *r == removed) {
            Some(kept) if kept.1 <= links => {}
            Some(kept) => *kept = (removed.clone(), links, step(removed)),
            None => self.0.push((removed.clone(), links, step(removed))),
        }
    }

    fn hand<S: Sink + ?Sized>(self, sink: &mut S) -> bool {
        self.0.into_iter().any(|(_, _, s)| sink.take(s))
    }
}

/// Every X-Chain to `sink` (true stops): per digit and start cell, the shortest alternating
/// chain (strong link first and last, at least three links) to each other place of the digit.
pub(super) fn x_chains<S: Sink + ?Sized>(b: &Board, sink: &mut S, poll: &mut dyn FnMut() -> bool) -> bool {
    let mut found = Shortest(Vec::new());
    for d in 1..=N as u8 {
        let places: Vec<usize> = cells(b.dcells[d as usize - 1]).collect();
        for &start in &places {
            if poll() {
                return true;
            }
            // BFS over (cell, parity): parity 1 after a strong link (the cell holds d).
            let mut prev: Vec<[Option<usize>; 2]> = vec![[None, None]; NC];
            let mut dist: Vec<[usize; 2]> = vec![[usize::MAX; 2]; NC];
            dist[start][0] = 0;
            let mut queue = VecDeque::from([(start, 0usize)]);
            while let Some((c, p)) = queue.pop_front() {
                let n = dist[c][p];
                if n >= MAX_LINKS {
                    continue;
                }
                for &o in &places {
                    if o == c || o == start || !T.peer_set[c].has(o) {
                        continue;
                    }
                    // From an off node (p = 0) a strong link; from an on node a weak one.
                    if p == 0 && !conjugate(b, c, o, d) {
                        continue;
                    }
                    let q = 1 - p;
                    if dist[o][q] == usize::MAX {
                        dist[o][q] = n + 1;
                        prev[o][q] = Some(c);
                        queue.push_back((o, q));
                    }
                }
            }
            for &end in &places {
                let n = dist[end][1];
                if end == start || n == usize::MAX || n < 3 {
                    continue;
                }
                let victims = b.holding(T.peer_set[start] & T.peer_set[end], d);
                if victims.is_empty() {
                    continue;
                }
                // The chain back from the end.
                let mut path = vec![end];
                let (mut c, mut p) = (end, 1);
                while let Some(x) = prev[c][p] {
                    path.push(x);
                    c = x;
                    p = 1 - p;
                }
                path.reverse();
                let removed: Vec<(usize, Mask)> = cells(victims).map(|c| (c, bit(d))).collect();
                found.offer(removed, n, |removed| {
                    let mut s = SeStep::removal(Technique::XChain, Technique::XChain.base(), removed).about(bit(d));
                    s = s.on(path.iter().copied());
                    s.links = path.windows(2).enumerate().map(|(i, w)| ((w[0], d, i % 2 == 1), (w[1], d, i % 2 == 0))).collect();
                    s
                });
            }
        }
    }
    found.hand(sink)
}

/// The other digit of a bivalue cell.
fn other(b: &Board, c: usize, d: u8) -> u8 {
    (b.cand[c] & !bit(d)).trailing_zeros() as u8 + 1
}

/// The links of an XY-chain through `path` (cells) starting off `x`: in each cell its strong
/// link, between cells a weak link.
fn xy_links(b: &Board, path: &[usize], x: u8) -> Vec<(Candidate, Candidate)> {
    let mut links = Vec::new();
    let mut off = x;
    for (i, &c) in path.iter().enumerate() {
        let on = other(b, c, off);
        links.push(((c, off, false), (c, on, true)));
        if let Some(&next) = path.get(i + 1) {
            links.push(((c, on, true), (next, on, false)));
        }
        off = on;
    }
    links
}

/// Every XY-Chain to `sink` (true stops): per bivalue start cell and digit `x` it starts off,
/// the shortest chain to each other bivalue cell it ends on `x` in.
pub(super) fn xy_chains<S: Sink + ?Sized>(b: &Board, sink: &mut S, poll: &mut dyn FnMut() -> bool) -> bool {
    let bivalue: Vec<usize> = (0..NC).filter(|&c| b.value[c] == 0 && count(b.cand[c]) == 2).collect();
    let mut found = Shortest(Vec::new());
    for &start in &bivalue {
        for x in super::board::digits(b.cand[start]) {
            if poll() {
                return true;
            }
            // BFS over (cell, digit on): the start holds the other digit.
            let mut prev: Vec<[Option<(usize, u8)>; 32]> = Vec::new();
            let mut dist = vec![[usize::MAX; 32]; NC];
            prev.resize(NC, [None; 32]);
            let first = other(b, start, x);
            dist[start][first as usize] = 0;
            let mut queue = VecDeque::from([(start, first)]);
            while let Some((c, v)) = queue.pop_front() {
                let n = dist[c][v as usize];
                if 2 * n + 1 >= MAX_LINKS {
                    continue;
                }
                for &o in &bivalue {
                    if o == c || o == start || b.cand[o] & bit(v) == 0 || !T.peer_set[c].has(o) {
                        continue;
                    }
                    let w = other(b, o, v);
                    if dist[o][w as usize] == usize::MAX {
                        dist[o][w as usize] = n + 1;
                        prev[o][w as usize] = Some((c, v));
                        queue.push_back((o, w));
                    }
                }
            }
            for &end in &bivalue {
                let n = dist[end][x as usize];
                if end == start || n == usize::MAX {
                    continue;
                }
                let victims = b.holding(T.peer_set[start] & T.peer_set[end], x);
                if victims.is_empty() {
                    continue;
                }
                let mut path = vec![end];
                let mut at = (end, x);
                while let Some(p) = prev[at.0][at.1 as usize] {
                    path.push(p.0);
                    at = p;
                }
                path.reverse();
                let removed: Vec<(usize, Mask)> = cells(victims).map(|c| (c, bit(x))).collect();
                let links = 2 * n + 1;
                found.offer(removed, links, |removed| {
                    let mut s = SeStep::removal(Technique::XYChain, Technique::XYChain.base(), removed).about(bit(x));
                    s = s.on(path.iter().copied());
                    s.links = xy_links(b, &path, x);
                    s
                });
            }
        }
    }
    found.hand(sink)
}

/// Every Remote Pair to `sink` (true stops): chains of four or more cells (an even number),
/// all holding the same two digits, each seeing the next; [`SeError::Bound`] when the cells
/// of one pair of digits allow more than [`REMOTE_PAIR_BUDGET`] chains.
pub(super) fn remote_pairs<S: Sink + ?Sized>(
    b: &Board,
    sink: &mut S,
    poll: &mut dyn FnMut() -> bool,
) -> Result<bool, SeError> {
    let bivalue: Vec<usize> = (0..NC).filter(|&c| b.value[c] == 0 && count(b.cand[c]) == 2).collect();
    let mut found = Shortest(Vec::new());
    let mut visited = 0usize;
    for &start in &bivalue {
        let pair = b.cand[start];
        let same: Vec<usize> = bivalue.iter().copied().filter(|&c| b.cand[c] == pair).collect();
        let mut path = vec![start];
        // Depth-first over simple paths: (path length, index of the next candidate cell).
        let mut next = vec![0usize];
        while let Some(i) = next.last_mut() {
            let at = *path.last().expect("a cell");
            if *i >= same.len() || path.len() >= (MAX_LINKS + 1) / 2 {
                next.pop();
                path.pop();
                continue;
            }
            let o = same[*i];
            *i += 1;
            if path.contains(&o) || !T.peer_set[at].has(o) {
                continue;
            }
            visited += 1;
            if visited > REMOTE_PAIR_BUDGET {
                return Err(SeError::Bound);
            }
            if visited % 1024 == 0 && poll() {
                return Ok(true);
            }
            path.push(o);
            next.push(0);
            if path.len() >= 4 && path.len() % 2 == 0 {
                let seen = T.peer_set[start] & T.peer_set[o];
                if !(b.holding(seen, first_digit(pair)) | b.holding(seen, last_digit(pair))).is_empty() {
                    // Cells an odd number apart, three or more: every cell seeing both.
                    let mut victims = Cells::EMPTY;
                    for x in (0..path.len()).step_by(1) {
                        for y in (x + 3..path.len()).step_by(2) {
                            victims |= T.peer_set[path[x]] & T.peer_set[path[y]];
                        }
                    }
                    let removed: Vec<(usize, Mask)> = cells(victims)
                        .filter(|&c| b.cand[c] & pair != 0 && b.value[c] == 0)
                        .map(|c| (c, b.cand[c] & pair))
                        .collect();
                    if !removed.is_empty() {
                        let links = 2 * path.len() - 1;
                        let chain = path.clone();
                        found.offer(removed, links, |removed| {
                            let mut s = SeStep::removal(Technique::RemotePair, Technique::RemotePair.base(), removed)
                                .about(pair)
                                .on(chain.iter().copied());
                            s.links = xy_links(b, &chain, first_digit(pair));
                            s
                        });
                    }
                }
            }
        }
    }
    Ok(found.hand(sink))
}

fn first_digit(m: Mask) -> u8 {
    m.trailing_zeros() as u8 + 1
}

fn last_digit(m: Mask) -> u8 {
    (Mask::BITS - m.leading_zeros()) as u8
}

/// A candidate (cell, digit) as a node of the implication graph: `cell * N + digit - 1`.
type Node = usize;

fn node(c: usize, d: u8) -> Node {
    c * N + d as usize - 1
}

fn of(n: Node) -> (usize, u8) {
    (n / N, (n % N) as u8 + 1)
}

/// The implication graph of the candidates, and with `grouped` of the groups too: a digit's
/// places (two or three) where a box meets a line, which act as one node (on: one of them holds
/// the digit). Nodes `0 .. NC * N` are candidates ([`node`]), the rest the groups.
struct Graph<'a> {
    b: &'a Board,
    /// Each group: its cells and digit.
    groups: Vec<(Cells, u8)>,
    /// With `grouped`, the almost locked sets (ALS: `k` open cells of a unit holding `k + 1`
    /// digits between them, `k` from 2), each as its cells and digits, and their nodes after
    /// the groups': one per ALS and digit, (ALS, its cells holding the digit, digit). Off, the
    /// digit has left the ALS, which is then locked: each other digit of it is on (in it), and
    /// leaves every cell outside that sees all the ALS's cells holding it.
    als: Vec<(usize, Cells, u8)>,
}

impl<'a> Graph<'a> {
    fn new(b: &'a Board, grouped: bool, with_als: bool) -> Graph<'a> {
        let mut groups = Vec::new();
        if grouped {
            for d in 1..=N as u8 {
                for bx in 0..N {
                    for t in [ROW, COL] {
                        for line in 0..N {
                            let g = b.holding(T.region_set[BOX][bx] & T.region_set[t][line], d);
                            if g.count() >= 2 {
                                groups.push((g, d));
                            }
                        }
                    }
                }
            }
        }
        let mut als = Vec::new();
        if grouped && with_als {
            let sets = super::als::all_als(b).into_iter().filter(|a| a.cells.count() >= 2);
            for (i, a) in sets.enumerate() {
                for d in super::board::digits(a.digits) {
                    als.push((i, b.holding(a.cells, d), d));
                }
            }
        }
        Graph { b, groups, als }
    }

    fn size(&self) -> usize {
        NC * N + self.groups.len() + self.als.len()
    }

    /// The index of an ALS node among the ALS nodes, if `n` is one.
    fn als_node(&self, n: Node) -> Option<usize> {
        n.checked_sub(NC * N + self.groups.len())
    }

    /// The node's cells and digit.
    fn cells_of(&self, n: Node) -> (Cells, u8) {
        if n < NC * N {
            let (c, d) = of(n);
            (Cells::EMPTY.with(c), d)
        } else if let Some(i) = self.als_node(n) {
            (self.als[i].1, self.als[i].2)
        } else {
            self.groups[n - NC * N]
        }
    }

    /// The node standing for `set` of digit `d`: a cell's candidate, or a group.
    fn node_of(&self, set: Cells, d: u8) -> Option<Node> {
        if set.count() == 1 {
            return Some(node(set.first(), d));
        }
        self.groups.iter().position(|&(g, x)| x == d && g == set).map(|i| NC * N + i)
    }

    /// What follows from node `n` being on (`true`) or off: off, the other end of each strong
    /// link (the other digit of a bivalue cell, the rest of a unit's places for the digit when
    /// they are one cell or one group) is on; on, the cell's other digits and every place of the
    /// digit (cell or group) that sees all of the node's cells are off.
    fn implications(&self, n: Node, on: bool, out: &mut Vec<Node>) {
        out.clear();
        let b = self.b;
        let (set, d) = self.cells_of(n);
        let base = NC * N + self.groups.len();
        if let Some(i) = self.als_node(n) {
            let id = self.als[i].0;
            if on {
                // The digit is in the ALS: it leaves the places outside that see all of its.
                let seen = cells(set).fold(!Cells::EMPTY, |m, c| m & T.peer_set[c]);
                for o in cells(b.holding(seen, d)) {
                    out.push(node(o, d));
                }
                for (j, &(g, x)) in self.groups.iter().enumerate() {
                    if x == d && (g & !seen).is_empty() {
                        out.push(NC * N + j);
                    }
                }
            } else {
                // The digit left the ALS: it is locked, each other digit in it.
                for (j, &(other_id, _, x)) in self.als.iter().enumerate() {
                    if other_id == id && x != d {
                        out.push(base + j);
                    }
                }
            }
            return;
        }
        if on {
            // The ALS that lose the digit: all their places for it seen by this node's cells.
            let sees_all = |places: Cells| {
                (places & set).is_empty() && cells(places).all(|p| cells(set).all(|c| T.peer_set[c].has(p)))
            };
            for (j, &(_, places, x)) in self.als.iter().enumerate() {
                if x == d && sees_all(places) {
                    out.push(base + j);
                }
            }
        }
        if on {
            if set.count() == 1 {
                let c = set.first();
                for e in super::board::digits(b.cand[c] & !bit(d)) {
                    out.push(node(c, e));
                }
            }
            let seen = cells(set).fold(!Cells::EMPTY, |m, c| m & T.peer_set[c]) & !set;
            for o in cells(b.holding(seen, d)) {
                out.push(node(o, d));
            }
            for (i, &(g, x)) in self.groups.iter().enumerate() {
                if x == d && (g & !seen).is_empty() {
                    out.push(NC * N + i);
                }
            }
        } else {
            if set.count() == 1 && count(b.cand[set.first()]) == 2 {
                let c = set.first();
                out.push(node(c, other(b, c, d)));
            }
            for t in [ROW, COL, BOX] {
                let first = set.first();
                let unit = T.of[first][t] as usize;
                if cells(set).any(|c| T.of[c][t] as usize != unit) {
                    continue;
                }
                let rest = b.holding(T.region_set[t][unit], d) & !set;
                if let Some(m) = self.node_of(rest, d).filter(|m| !out.contains(m)) {
                    out.push(m);
                }
            }
        }
    }
}

/// The shortest alternating chains from one candidate assumed on or off: for each state
/// (candidate, on) reached, the links taken and the state before.
struct Reach {
    dist: Vec<[u32; 2]>,
    prev: Vec<[Option<(Node, bool)>; 2]>,
}

impl Reach {
    fn from(g: &Graph, start: Node, on: bool, scratch: &mut Vec<Node>) -> Reach {
        let size = g.size();
        let mut r = Reach { dist: vec![[u32::MAX; 2]; size], prev: vec![[None; 2]; size] };
        r.dist[start][on as usize] = 0;
        let mut queue = VecDeque::from([(start, on)]);
        while let Some((n, s)) = queue.pop_front() {
            let d = r.dist[n][s as usize];
            if d as usize >= MAX_LINKS {
                continue;
            }
            g.implications(n, s, scratch);
            for &m in scratch.iter() {
                let t = !s;
                if r.dist[m][t as usize] == u32::MAX {
                    r.dist[m][t as usize] = d + 1;
                    r.prev[m][t as usize] = Some((n, s));
                    queue.push_back((m, t));
                }
            }
        }
        r
    }

    fn links(&self, n: Node, on: bool) -> Option<u32> {
        let d = self.dist[n][on as usize];
        (d != u32::MAX).then_some(d)
    }

    /// The chain's links, from the start to (n, on) (a group by its first cell).
    fn chain(&self, g: &Graph, n: Node, on: bool) -> Vec<(Candidate, Candidate)> {
        let mut links = Vec::new();
        let mut at = (n, on);
        while let Some(p) = self.prev[at.0][at.1 as usize] {
            let ((ps, pd), (s, d)) = (g.cells_of(p.0), g.cells_of(at.0));
            let (pc, c) = (ps.first(), s.first());
            links.push(((pc, pd, p.1), (c, d, at.1)));
            at = p;
        }
        links.reverse();
        links
    }
}

/// A chain step of technique `t` removing `removed`, its links `links`.
fn chain_step(t: Technique, removed: Vec<(usize, Mask)>, links: Vec<(Candidate, Candidate)>, digits: Mask) -> SeStep {
    let cells_of: Vec<usize> = links.iter().flat_map(|&(a, z)| [a.0, z.0]).collect();
    let mut s = SeStep::removal(t, t.base(), removed).about(digits).on(cells_of);
    s.links = links;
    s
}

/// Every AIC (alternating inference chain) or discontinuous nice loop, as `want` says, to
/// `sink` (true stops); each elimination once, by its shortest chain, of at most 19 links.
///
/// - AIC: a candidate `A` off implies a candidate `B` on, three links or more: one of the two
///   is true. Same digit (type 1): it leaves the cells seeing both. Different digits in cells
///   that see each other (type 2): each end's digit leaves the other end.
/// - Discontinuous nice loop: a loop from a cell back to it. `A` on implies `A` off, or another
///   digit of its cell on: `A` goes. `A` off implies `A` on: the cell's other digits go. `A`
///   off implies another digit of its cell off: that digit goes.
pub(super) fn alternating_chains<S: Sink + ?Sized>(
    b: &Board,
    want: Technique,
    sink: &mut S,
    poll: &mut dyn FnMut() -> bool,
) -> bool {
    alternating_chains_with(b, want, true, sink, poll)
}

/// [`alternating_chains`], the grouped ones through ALS nodes only `with_als`; without them, as
/// HoDoKu's solver searches by default (its regression library has chains through them), an
/// AIC also starts and ends on single candidates, not on groups.
pub(super) fn alternating_chains_with<S: Sink + ?Sized>(
    b: &Board,
    want: Technique,
    with_als: bool,
    sink: &mut S,
    poll: &mut dyn FnMut() -> bool,
) -> bool {
    let grouped = matches!(want, Technique::GroupedAic | Technique::GroupedDiscontinuousNiceLoop);
    let aic = matches!(want, Technique::Aic | Technique::GroupedAic);
    let graph = Graph::new(b, grouped, with_als);
    let mut found = Shortest(Vec::new());
    let mut scratch = Vec::new();
    if aic {
        // Every node may start or end an AIC: a candidate, and in the grouped graph a group or
        // an ALS's digit.
        let starts: Vec<Node> = (0..graph.size())
            .filter(|&n| if n >= NC * N { with_als } else { b.cand[n / N] & bit((n % N) as u8 + 1) != 0 })
            .collect();
        for &a in &starts {
            if poll() {
                return true;
            }
            let (sset, d) = graph.cells_of(a);
            let off = Reach::from(&graph, a, false, &mut scratch);
            for &e in &starts {
                let Some(n) = off.links(e, true) else { continue };
                let (eset, x) = graph.cells_of(e);
                // Ends may share cells (an ALS's places and one of them): the digit is in their union.
                if n < 3 || e == a || (x != d && !(eset & sset).is_empty()) {
                    continue;
                }
                let removed: Vec<(usize, Mask)> = if x == d {
                    cells(b.holding(seeing_all(sset | eset), d)).map(|c| (c, bit(d))).collect()
                } else if sset.count() == 1 && eset.count() == 1 && T.peer_set[sset.first()].has(eset.first()) {
                    let (s, e) = (sset.first(), eset.first());
                    let mut r = Vec::new();
                    if b.cand[s] & bit(x) != 0 {
                        r.push((s, bit(x)));
                    }
                    if b.cand[e] & bit(d) != 0 {
                        r.push((e, bit(d)));
                    }
                    r.sort_unstable();
                    r
                } else {
                    Vec::new()
                };
                if !removed.is_empty() {
                    let digits = bit(d) | bit(x);
                    found.offer(removed, n as usize, |r| chain_step(want, r, off.chain(&graph, e, true), digits));
                }
            }
        }
        return found.hand(sink);
    }
    for s in (0..NC).filter(|&c| b.value[c] == 0) {
        for d in super::board::digits(b.cand[s]) {
            if poll() {
                return true;
            }
            let a = node(s, d);
            let off = Reach::from(&graph, a, false, &mut scratch);
            // Discontinuous nice loops.
            let on = Reach::from(&graph, a, true, &mut scratch);
            let mut conclude = |reach: &Reach, to: Node, to_on: bool, removed: Vec<(usize, Mask)>| {
                if let Some(n) = reach.links(to, to_on) {
                    if !removed.is_empty() {
                        found.offer(removed, n as usize, |r| chain_step(want, r, reach.chain(&graph, to, to_on), bit(d)));
                    }
                }
            };
            conclude(&on, a, false, vec![(s, bit(d))]);
            conclude(&off, a, true, vec![(s, b.cand[s] & !bit(d))]);
            for e in super::board::digits(b.cand[s] & !bit(d)) {
                conclude(&on, node(s, e), true, vec![(s, bit(d))]);
                conclude(&off, node(s, e), false, vec![(s, bit(e))]);
            }
        }
    }
    found.hand(sink)
}

/// What a weak link of a continuous nice loop removes, once the loop makes it strong (one of
/// its two ends is true): in one cell, the cell's other digits; on one digit, the digit from the
/// cells seeing both ends but the loop's own (`on_loop`: HoDoKu leaves them, as its library
/// expects).
fn weak_link_removals(g: &Graph, x: Node, y: Node, on_loop: Cells, out: &mut Vec<(usize, Mask)>) {
    let b = g.b;
    let ((xs, dx), (ys, dy)) = (g.cells_of(x), g.cells_of(y));
    if dx != dy {
        if xs.count() == 1 && xs == ys {
            let c = xs.first();
            let rest = b.cand[c] & !bit(dx) & !bit(dy);
            if rest != 0 {
                out.push((c, rest));
            }
        }
        return;
    }
    for c in cells(b.holding(seeing_all(xs | ys), dx) & !on_loop) {
        out.push((c, bit(dx)));
    }
}

/// Every continuous nice loop (`want`: plain or grouped) to `sink` (true stops): a loop of
/// alternating links that closes on itself, so each weak link in it holds both ways: its ends
/// are one true, one false, and what sees both goes (in one cell, the cell's other digits). A
/// loop for each weak link `X - Y` (X on, Y off): the shortest chain from Y off back to X on;
/// each elimination set once, by its shortest loop.
pub(super) fn continuous_loops<S: Sink + ?Sized>(
    b: &Board,
    want: Technique,
    sink: &mut S,
    poll: &mut dyn FnMut() -> bool,
) -> bool {
    continuous_loops_with(b, want, true, sink, poll)
}

/// [`continuous_loops`], the grouped ones through ALS nodes only `with_als`.
pub(super) fn continuous_loops_with<S: Sink + ?Sized>(
    b: &Board,
    want: Technique,
    with_als: bool,
    sink: &mut S,
    poll: &mut dyn FnMut() -> bool,
) -> bool {
    let graph = Graph::new(b, want == Technique::GroupedContinuousNiceLoop, with_als);
    let mut found = Shortest(Vec::new());
    let mut scratch = Vec::new();
    let mut weak = Vec::new();
    let nodes: Vec<Node> =
        (0..graph.size()).filter(|&n| n >= NC * N || b.cand[n / N] & bit((n % N) as u8 + 1) != 0).collect();
    for &y in &nodes {
        if poll() {
            return true;
        }
        let back = Reach::from(&graph, y, false, &mut scratch);
        for &x in &nodes {
            let Some(n) = back.links(x, true) else { continue };
            if n < 3 || x == y {
                continue;
            }
            graph.implications(x, true, &mut weak);
            if !weak.contains(&y) {
                continue;
            }
            // The loop: Y off ... X on, then X on - Y off.
            let mut links = back.chain(&graph, x, true);
            let mut removed = Vec::new();
            let mut on_loop = graph.cells_of(x).0;
            let mut at = (x, true);
            while let Some(p) = back.prev[at.0][at.1 as usize] {
                on_loop = on_loop | graph.cells_of(p.0).0;
                at = p;
            }
            // Walk the states back from X on, noting each weak link (on to off).
            let mut at = (x, true);
            while let Some(p) = back.prev[at.0][at.1 as usize] {
                if p.1 && !at.1 {
                    weak_link_removals(&graph, p.0, at.0, on_loop, &mut removed);
                }
                at = p;
            }
            weak_link_removals(&graph, x, y, on_loop, &mut removed);
            let removed = merged(removed);
            if removed.is_empty() {
                continue;
            }
            let ((xs, dx), (ys, dy)) = (graph.cells_of(x), graph.cells_of(y));
            links.push(((xs.first(), dx, true), (ys.first(), dy, false)));
            let digits = links.iter().fold(0 as Mask, |m, l| m | bit(l.0 .1));
            found.offer(removed, n as usize + 1, |r| chain_step(want, r, links, digits));
        }
    }
    found.hand(sink)
}

