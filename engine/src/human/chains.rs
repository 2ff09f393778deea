//! Chains: the simple chain on one digit (X-chain, which covers simple colouring) and the XY-chain over bivalue cells.

use super::*;

impl Step {
    /// A step of a chain on `digit` through `cells`, removing `eliminated`.
    fn chain(
        technique: Technique,
        digit: u8,
        cells: Vec<usize>,
        eliminated: Vec<(usize, u8)>,
        explanation: String,
    ) -> Step {
        Step { length: cells.len(), ..Step::removal(technique, None, vec![digit], cells, eliminated, explanation) }
    }
}

impl Board {
    /// A simple chain on one digit: cells linked alternately by strong links (the only two
    /// places of the digit in a unit) and weak links (cells that see each other), starting and
    /// ending with a strong link. One of its two ends holds the digit, so the digit leaves
    /// every cell seeing both ends.
    pub(super) fn simple_chain(&self) -> Option<Step> {
        let geo = self.geo;
        let n = geo.n;
        for d in 1..=n as u8 {
            let bit = 1u32 << (d - 1);
            let cells: Vec<usize> = (0..geo.cells).filter(|&c| self.value[c] == 0 && self.cand[c] & bit != 0).collect();
            let mut strong: Vec<Vec<usize>> = vec![Vec::new(); geo.cells];
            for u in 0..3 * n {
                if let [a, b] = self.places(u, bit)[..] {
                    strong[a].push(b);
                    strong[b].push(a);
                }
            }
            for &start in &cells {
                if strong[start].is_empty() {
                    continue;
                }
                // Breadth-first over (cell, parity): parity 1 = reached by a strong link last.
                let mut seen = vec![[false; 2]; geo.cells];
                let mut prev = vec![[usize::MAX; 2]; geo.cells];
                let mut queue = std::collections::VecDeque::new();
                seen[start][0] = true;
                queue.push_back((start, 0usize));
                while let Some((c, parity)) = queue.pop_front() {
                    let next: Vec<usize> = if parity == 0 {
                        strong[c].clone()
                    } else {
                        cells.iter().copied().filter(|&o| self.sees(c, o)).collect()
                    };
                    let np = 1 - parity;
                    for o in next {
                        if !seen[o][np] {
                            seen[o][np] = true;
                            prev[o][np] = c;
                            queue.push_back((o, np));
                        }
                    }
                }
                for &end in &cells {
                    if end == start || !seen[end][1] {
                        continue;
                    }
                    let targets = cells
                        .iter()
                        .copied()
                        .filter(|&c| c != start && c != end && self.sees(c, start) && self.sees(c, end));
                    let eliminated = self.eliminations(targets, bit);
                    if eliminated.is_empty() {
                        continue;
                    }
                    // The chain, end to start.
                    let mut chain = vec![end];
                    let (mut c, mut p) = (end, 1usize);
                    while c != start || p != 0 {
                        let before = prev[c][p];
                        if before == usize::MAX {
                            break;
                        }
                        chain.push(before);
                        c = before;
                        p = 1 - p;
                    }
                    chain.reverse();
                    let explanation = explain!(
                        self,
                        "Chain on {d} from {} to {}: one of them is {d}, so {d} leaves the cells seeing both.",
                        cell_name(geo, start),
                        cell_name(geo, end)
                    );
                    return Some(Step::chain(Technique::SimpleChain, d, chain, eliminated, explanation));
                }
            }
        }
        None
    }

    /// An XY-chain: bivalue cells each seeing the next, each pair sharing the digit that links
    /// them. If the first cell is not a, the chain forces the last to be a, so a leaves every
    /// cell seeing both ends.
    pub(super) fn xy_chain(&self) -> Option<Step> {
        let geo = self.geo;
        let bivalue: Vec<usize> =
            (0..geo.cells).filter(|&c| self.value[c] == 0 && self.cand[c].count_ones() == 2).collect();
        for &start in &bivalue {
            for a in digit_list(self.cand[start]) {
                let abit = 1u32 << (a - 1);
                // States: (cell, digit the cell is forced to be when start is not a).
                let mut prev: std::collections::HashMap<(usize, u32), (usize, u32)> = std::collections::HashMap::new();
                let first = (start, self.cand[start] & !abit);
                let mut queue = std::collections::VecDeque::from([first]);
                prev.insert(first, (usize::MAX, 0));
                while let Some((c, forced)) = queue.pop_front() {
                    for &o in &bivalue {
                        if o == c || self.cand[o] & forced == 0 || !self.sees(c, o) {
                            continue;
                        }
                        let next = (o, self.cand[o] & !forced);
                        if prev.contains_key(&next) {
                            continue;
                        }
                        prev.insert(next, (c, forced));
                        if next.1 == abit && o != start {
                            let targets = (0..geo.cells)
                                .filter(|&t| t != start && t != o && self.sees(t, start) && self.sees(t, o));
                            let eliminated = self.eliminations(targets, abit);
                            if !eliminated.is_empty() {
                                let mut chain = vec![o];
                                let mut at = (c, forced);
                                while at.0 != usize::MAX {
                                    chain.push(at.0);
                                    at = prev[&at];
                                }
                                chain.reverse();
                                let (from, to) = (cell_name(geo, start), cell_name(geo, o));
                                let explanation = explain!(
                                    self,
                                    "XY-chain from {from} to {to}: if {from} is not {a}, the chain makes {to} {a}, so {a} \
                                     leaves the cells seeing both."
                                );
                                return Some(Step::chain(Technique::XYChain, a, chain, eliminated, explanation));
                            }
                        }
                        queue.push_back(next);
                    }
                }
            }
        }
        None
    }
}
