//! The passes of the setters' constraints ([`crate::variant::constraints`]) over a search state:
//! each keeps in its cells the digits that some assignment of the constraint's cells, each from
//! its candidates, supports (digits may repeat inside a pass; the units keep them apart).

use super::state::{digit_sum, killer_sets, take_lowest, union_of_cells, Awake, Queue, State};
use super::Meter;
use crate::variant::constraints::{fingerprint, EqualSums, Part, Special};
use crate::variant::rules::PAIR_WORDS;
use crate::variant::Layout;

/// The digits of a mask, each as its index (digit - 1).
#[inline]
fn each(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let d = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            d
        })
    })
}

/// The digits (as indices) strictly between the indices `lo` and `hi`, as a mask.
#[inline]
fn strictly_between(lo: usize, hi: usize) -> u32 {
    if hi > lo + 1 {
        ((1u32 << hi) - 1) & !((1u32 << (lo + 1)) - 1)
    } else {
        0
    }
}

/// The set bits of a bitset of words, ascending.
#[inline]
fn set_bits(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words.iter().enumerate().flat_map(|(w, &word)| {
        let mut bits = word;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let b = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                b
            })
        })
    })
}

/// `dst |= src` shifted up by `sh` bits (down when negative); bits past the end are dropped.
fn or_shifted(dst: &mut [u64], src: &[u64], sh: i32) {
    let w = dst.len();
    let (ws, bs) = ((sh.unsigned_abs() / 64) as usize, sh.unsigned_abs() % 64);
    if sh >= 0 {
        for i in (ws..w).rev() {
            let j = i - ws;
            let mut v = src[j] << bs;
            if bs > 0 && j > 0 {
                v |= src[j - 1] >> (64 - bs);
            }
            dst[i] |= v;
        }
    } else {
        for i in 0..w.saturating_sub(ws) {
            let j = i + ws;
            let mut v = src[j] >> bs;
            if bs > 0 && j + 1 < w {
                v |= src[j + 1] << (64 - bs);
            }
            dst[i] |= v;
        }
    }
}

/// The most words of partial sums [`linear_support`] keeps on the stack.
const STACK_WORDS: usize = 512;

/// The digits of each term of `Σ coefs[i] · d_i = total` (`d_i` from `masks[i]`, digits may
/// repeat) that some solution of the equation puts there, into `out`; false when it has none.
/// Exact over the reachable partial sums (forward, then backward from the total) when they fit
/// in 64 K bits; otherwise narrowed by bounds only (sound, weaker).
pub(super) fn linear_support(
    masks: &[u32],
    coefs: &[i32],
    total: i32,
    n: usize,
    out: &mut [u32],
    meter: &mut Meter,
) -> bool {
    let k = masks.len();
    // Every prefix sum lies in [lo, hi], whatever the order of the terms.
    let lo: i64 = coefs.iter().filter(|&&c| c < 0).map(|&c| c as i64 * n as i64).sum();
    let hi: i64 = coefs.iter().filter(|&&c| c > 0).map(|&c| c as i64 * n as i64).sum();
    if (total as i64) < lo || total as i64 > hi || masks.contains(&0) {
        return false;
    }
    let bits = (hi - lo + 1) as usize;
    let words = bits.div_ceil(64);
    if bits > 1 << 16 {
        return bounds_support(masks, coefs, total, out);
    }
    let need = (k + 2) * words;
    let mut stack = [0u64; STACK_WORDS];
    let mut heap = Vec::new();
    let buf: &mut [u64] = if need <= STACK_WORDS {
        &mut stack[..need]
    } else {
        heap.resize(need, 0);
        &mut heap
    };
    if meter.tick((k * words) as u64 * 4) {
        return false;
    }
    let (layers, tmp) = buf.split_at_mut((k + 1) * words);
    let zero = (-lo) as usize;
    layers[zero / 64] |= 1 << (zero % 64);
    for i in 0..k {
        let (now, next) = layers.split_at_mut((i + 1) * words);
        let now = &now[i * words..];
        let next = &mut next[..words];
        for d in each(masks[i]) {
            or_shifted(next, now, coefs[i] * (d as i32 + 1));
        }
        if next.iter().all(|&w| w == 0) {
            return false;
        }
    }
    // good: the sums of layer i+1 that reach the total; walk back, layer by layer.
    let t = (total as i64 - lo) as usize;
    if layers[k * words + t / 64] >> (t % 64) & 1 == 0 {
        return false;
    }
    let mut good = vec![0u64; words];
    good[t / 64] = 1 << (t % 64);
    for i in (0..k).rev() {
        let now = &layers[i * words..(i + 1) * words];
        let mut before = vec![0u64; words];
        out[i] = 0;
        for d in each(masks[i]) {
            let tmp = &mut tmp[..words];
            tmp.fill(0);
            // The sums of layer i that step into a good sum with this digit.
            or_shifted(tmp, &good, -coefs[i] * (d as i32 + 1));
            let mut any = false;
            for (w, x) in tmp.iter_mut().enumerate() {
                *x &= now[w];
                any |= *x != 0;
            }
            if any {
                out[i] |= 1 << d;
                for (b, x) in before.iter_mut().zip(tmp.iter()) {
                    *b |= x;
                }
            }
        }
        good = before;
    }
    true
}

/// The cells of a house `masks` (digits of 1..=9) add up to `total` in distinct digits, none of
/// `taken`: the killer combinations of their size and total within the union of their
/// candidates, without `taken`, that meet every cell; each cell's digits of `out` are cut to
/// those combinations' digits. False when none is left (an X-sum's first cells hold distinct
/// digits, not the one that counts them; the combinations are not matched to the cells one by
/// one, as a cage's in the search).
fn distinct_sets(masks: &[u32], total: u32, taken: u32, out: &mut [u32]) -> bool {
    let union = masks.iter().fold(0, |u, &m| u | m) & !taken;
    let mut digits = 0u32;
    for &set in super::state::killer_sets(masks.len(), total) {
        let set = set as u32;
        if set & !union == 0 && masks.iter().all(|&m| m & set != 0) {
            digits |= set;
        }
    }
    for o in out.iter_mut() {
        *o &= digits;
        if *o == 0 {
            return false;
        }
    }
    true
}

/// [`linear_support`] by bounds: each term's digits within what the others' least and most
/// leave, until nothing changes.
fn bounds_support(masks: &[u32], coefs: &[i32], total: i32, out: &mut [u32]) -> bool {
    let k = masks.len();
    out[..k].copy_from_slice(masks);
    let range = |m: u32, c: i32| {
        let (a, b) = (c as i64 * (m.trailing_zeros() as i64 + 1), c as i64 * (32 - m.leading_zeros()) as i64);
        (a.min(b), a.max(b))
    };
    loop {
        let (mut lo, mut hi) = (0i64, 0i64);
        for i in 0..k {
            if out[i] == 0 {
                return false;
            }
            let (a, b) = range(out[i], coefs[i]);
            lo += a;
            hi += b;
        }
        if (total as i64) < lo || total as i64 > hi {
            return false;
        }
        let mut changed = false;
        for i in 0..k {
            let (a, b) = range(out[i], coefs[i]);
            let (olo, ohi) = (lo - a, hi - b);
            let keep = each(out[i])
                .filter(|&d| {
                    let v = coefs[i] as i64 * (d as i64 + 1);
                    v + olo <= total as i64 && v + ohi >= total as i64
                })
                .fold(0u32, |m, d| m | 1 << d);
            if keep != out[i] {
                out[i] = keep;
                changed = true;
            }
        }
        if !changed {
            return true;
        }
    }
}

/// The values one group of a part can reach, layer by layer: over the sets of digits used (a
/// group of distinct cells, weights 1, on a grid up to 9x9), or over partial values.
struct GroupForward {
    /// Per layer (before cell i of the group): sets of digits (8 words) or values (`words`).
    layers: Vec<u64>,
    sets: bool,
    /// The group's reachable values.
    values: Vec<u64>,
}

impl GroupForward {
    fn of(masks: &[u32], weights: &[u32], distinct: bool, n: usize, words: usize) -> GroupForward {
        let k = masks.len();
        let sets = distinct && k > 1 && n <= 9 && weights.iter().all(|&w| w == 1);
        let stride = if sets { 8 } else { words };
        let mut layers = vec![0u64; (k + 1) * stride];
        layers[0] = 1;
        let mut values = vec![0u64; words];
        for i in 0..k {
            let (now, next) = layers.split_at_mut((i + 1) * stride);
            let now = &now[i * stride..];
            let next = &mut next[..stride];
            if sets {
                for used in set_bits(now) {
                    for d in each(masks[i] & !(used as u32)) {
                        let u = used | 1 << d;
                        next[u / 64] |= 1 << (u % 64);
                    }
                }
            } else {
                for d in each(masks[i]) {
                    or_shifted(next, now, (weights[i] * (d as u32 + 1)) as i32);
                }
            }
        }
        let last = &layers[k * stride..];
        if sets {
            for u in set_bits(last) {
                let v = digit_sum(u as u32) as usize;
                values[v / 64] |= 1 << (v % 64);
            }
        } else {
            values.copy_from_slice(last);
        }
        GroupForward { layers, sets, values }
    }

    /// The digits of each cell of the group that lead to a value of `allowed`, into `sup`.
    fn support(&self, masks: &[u32], weights: &[u32], allowed: &[u64], words: usize, sup: &mut [u32]) {
        let k = masks.len();
        if self.sets {
            let mut good = [0u64; 8];
            for u in set_bits(&self.layers[k * 8..]) {
                let v = digit_sum(u as u32) as usize;
                if allowed[v / 64] >> (v % 64) & 1 != 0 {
                    good[u / 64] |= 1 << (u % 64);
                }
            }
            sets_support(|i| &self.layers[i * 8..(i + 1) * 8], masks, good, sup);
        } else {
            let mut good: Vec<u64> = self.layers[k * words..].iter().zip(allowed).map(|(a, b)| a & b).collect();
            let mut tmp = vec![0u64; words];
            for i in (0..k).rev() {
                let now = &self.layers[i * words..(i + 1) * words];
                let mut before = vec![0u64; words];
                for d in each(masks[i]) {
                    tmp.fill(0);
                    or_shifted(&mut tmp, &good, -((weights[i] * (d as u32 + 1)) as i32));
                    let mut any = false;
                    for (x, &w) in tmp.iter_mut().zip(now) {
                        *x &= w;
                        any |= *x != 0;
                    }
                    if any {
                        sup[i] |= 1 << d;
                        for (b, x) in before.iter_mut().zip(&tmp) {
                            *b |= x;
                        }
                    }
                }
                good = before;
            }
        }
    }
}

/// The backward walk of a group of distinct digits: from `good`, the sets of digits of all its
/// cells that lead to an allowed value, back cell by cell over `layer(i)` (the sets the first i
/// cells can hold, 8 words), the digits of each cell that some good set takes there go into
/// `sup`. Shared by [`GroupForward::support`] and [`word_group`].
#[inline(always)]
fn sets_support<'a>(layer: impl Fn(usize) -> &'a [u64], masks: &[u32], mut good: [u64; 8], sup: &mut [u32]) {
    for i in (0..masks.len()).rev() {
        let mut before = [0u64; 8];
        for used in set_bits(layer(i)) {
            for d in each(masks[i] & !(used as u32)) {
                let u = used | 1 << d;
                if good[u / 64] >> (u % 64) & 1 != 0 {
                    sup[i] |= 1 << d;
                    before[used / 64] |= 1 << (used % 64);
                }
            }
        }
        good = before;
    }
}

/// The most parts and cells a part of [`State::narrow_sums_word`].
const WORD_PARTS: usize = 16;
const WORD_CELLS: usize = 16;

/// The set bits of a word, lowest first.
fn each_word(mut bits: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let b = bits.trailing_zeros();
            bits &= bits - 1;
            b
        })
    })
}

/// A group of a part's cells (their candidates `masks`) as [`GroupForward`] takes it, values
/// under 64: without `sup` its reachable values; with it, the digits of each cell that lead to
/// a value of `allowed` go into `sup` (what it returns then is unused).
fn word_group(masks: &[u32], weights: &[u32], n: usize, allowed: u64, sup: Option<&mut [u32]>) -> u64 {
    let k = masks.len();
    if k > 1 && n <= 9 && weights.iter().all(|&w| w == 1) {
        // Distinct digits: the sets of digits the first i cells can hold (512 sets, 8 words).
        let mut layers = [[0u64; 8]; WORD_CELLS + 1];
        layers[0][0] = 1;
        for i in 0..k {
            let (now, next) = layers.split_at_mut(i + 1);
            for used in set_bits(&now[i]) {
                for d in each(masks[i] & !(used as u32)) {
                    let u = used | 1 << d;
                    next[0][u / 64] |= 1 << (u % 64);
                }
            }
        }
        let Some(sup) = sup else {
            let mut values = 0u64;
            for u in set_bits(&layers[k]) {
                values |= 1 << digit_sum(u as u32);
            }
            return values;
        };
        let mut good = [0u64; 8];
        for u in set_bits(&layers[k]) {
            if allowed >> digit_sum(u as u32) & 1 != 0 {
                good[u / 64] |= 1 << (u % 64);
            }
        }
        sets_support(|i| &layers[i], masks, good, sup);
        return 0;
    }
    // Digits may repeat (or weigh more than 1): the values of the first i cells.
    let shifted = |x: u64, sh: u32| if sh < 64 { x << sh } else { 0 };
    let mut layers = [0u64; WORD_CELLS + 1];
    layers[0] = 1;
    for i in 0..k {
        let mut next = 0u64;
        for d in each(masks[i]) {
            next |= shifted(layers[i], weights[i] * (d as u32 + 1));
        }
        layers[i + 1] = next;
    }
    let Some(sup) = sup else {
        return layers[k];
    };
    let mut good = layers[k] & allowed;
    for i in (0..k).rev() {
        let mut before = 0u64;
        for d in each(masks[i]) {
            let sh = weights[i] * (d as u32 + 1);
            let t = if sh < 64 { good >> sh } else { 0 } & layers[i];
            if t != 0 {
                sup[i] |= 1 << d;
                before |= t;
            }
        }
        good = before;
    }
    0
}

/// `dst` = the sums of a value of `a` and a value of `b` (bitsets of `words` words).
fn convolve(a: &[u64], b: &[u64], dst: &mut [u64]) {
    dst.fill(0);
    for v in set_bits(a) {
        or_shifted(dst, b, v as i32);
    }
}

/// The values a part of an [`EqualSums`] can reach: per group of its cells (cells that see each
/// other, [`Part::groups`]), the group's values, and the part's as their sums.
struct Forward {
    groups: Vec<GroupForward>,
    /// prefix[g]: the values the groups before g reach together (`words` words each).
    prefix: Vec<u64>,
    /// The part's reachable values.
    values: Vec<u64>,
}

impl Forward {
    fn of(part: &Part, masks: &[u32], n: usize, words: usize) -> Forward {
        let mut groups = Vec::with_capacity(part.groups.len());
        let mut prefix = vec![0u64; (part.groups.len() + 1) * words];
        prefix[0] = 1;
        for (g, &(a, b)) in part.groups.iter().enumerate() {
            let f = GroupForward::of(&masks[a..b], &part.weights[a..b], part.distinct || b - a > 1, n, words);
            let (before, after) = prefix.split_at_mut((g + 1) * words);
            convolve(&before[g * words..], &f.values, &mut after[..words]);
            groups.push(f);
        }
        let values = prefix[part.groups.len() * words..].to_vec();
        Forward { groups, prefix, values }
    }

    /// The digits of each cell that lead to a value of `allowed`.
    fn support(&self, part: &Part, masks: &[u32], allowed: &[u64], words: usize) -> Vec<u32> {
        let mut sup = vec![0u32; masks.len()];
        // after: the totals still good after the groups from g on (working back).
        let mut after: Vec<u64> = allowed.iter().zip(&self.values).map(|(a, b)| a & b).collect();
        let mut tmp = vec![0u64; words];
        for (g, &(a, b)) in part.groups.iter().enumerate().rev() {
            let before = &self.prefix[g * words..(g + 1) * words];
            let f = &self.groups[g];
            let mut group_good = vec![0u64; words];
            let mut next_after = vec![0u64; words];
            for v in set_bits(&f.values) {
                tmp.fill(0);
                or_shifted(&mut tmp, &after, -(v as i32));
                let mut any = false;
                for (x, &p) in tmp.iter_mut().zip(before) {
                    *x &= p;
                    any |= *x != 0;
                }
                if any {
                    group_good[v / 64] |= 1 << (v % 64);
                    for (o, x) in next_after.iter_mut().zip(&tmp) {
                        *o |= x;
                    }
                }
            }
            f.support(&masks[a..b], &part.weights[a..b], &group_good, words, &mut sup[a..b]);
            after = next_after;
        }
        sup
    }
}

/// Ones, the coefficients of plain sums.
const ONES: [i32; 25] = [1; 25];

/// The one part and total of a sum [`State::narrow_small_sum`] narrows: one part of weights 1
/// with a total under 128, of up to 25 cells, on a grid up to 9x9.
fn small_sum(s: &EqualSums, n: usize) -> Option<(&Part, u32)> {
    match (s.total, &s.parts[..]) {
        (Some(total), [part])
            if n <= 9 && total < 128 && part.cells.len() <= 25 && part.weights.iter().all(|&w| w == 1) =>
        {
            Some((part, total))
        }
        _ => None,
    }
}

/// The open cells of a small sum up to which [`State::narrow_small_sum`] walks the
/// combinations of its groups after the bounds (sigh's solver's few remaining cells: three).
/// More, and the walk costs more than the nodes it saves (TAREK_ALL, one core: the bounds alone
/// or with the walk to 3 open cells take 0.45-0.6 of the time of the walk at every count).
const SMALL_SUM_EXACT_OPEN: u32 = 3;

impl<const C: usize> State<C> {
    /// Keeps in `cell` only the digits of `mask`: `Some(true)` when some left, `None` when none
    /// would be left.
    #[inline]
    fn keep(&mut self, cell: usize, mask: u32, queue: &mut Queue<C>) -> Option<bool> {
        self.eliminate(cell, self.cand[cell] & !mask, queue)
    }

    /// Odd and even cells: their digits only. False on a contradiction.
    pub(super) fn restrict_unary(&mut self, lay: &Layout, queue: &mut Queue<C>) -> bool {
        lay.props.unary.iter().all(|&(c, m)| self.keep(c as usize, m, queue).is_some())
    }

    /// One pass of every setter's constraint of the layout (pairs until they settle, then the
    /// sums and clues `awake` says may remove something). `dirty`: on grids up to 128 cells, the
    /// cells changed since the pairs last settled (bit `c` for cell `c`; all of them the first
    /// time): only pairs with such a cell run, then those with a cell they changed. `None` on a
    /// contradiction or when the meter stopped, else whether a candidate was removed.
    pub(super) fn narrow_props(
        &mut self,
        lay: &Layout,
        queue: &mut Queue<C>,
        awake: &mut Awake<C>,
        dirty: u128,
        meter: &mut Meter,
    ) -> Option<bool> {
        let p = &lay.props;
        let n = lay.n;
        let mut changed = false;
        let tracked = C <= 128;
        let mut dirty = if tracked { dirty } else { !0 };
        let loose = if tracked { &lay.loose_pairs } else { &p.pairs };
        while !p.pairs.is_empty() {
            if meter.tick(p.pairs.len() as u64) {
                return None;
            }
            let (mut round, mut next) = (false, 0u128);
            // The pairs that only a fixed cell narrows, from the fixed cells that changed.
            let mut fixed = if lay.fixed_pairs.is_empty() { 0 } else { dirty };
            while fixed != 0 {
                let a = fixed.trailing_zeros() as usize;
                fixed &= fixed - 1;
                if a >= lay.fixed_pairs.len() {
                    break;
                }
                let m = self.cand[a];
                if m & (m - 1) != 0 {
                    continue;
                }
                let d = m.trailing_zeros() as usize;
                for &(b, r, first) in &lay.fixed_pairs[a] {
                    let rel = &p.relations[r as usize];
                    let b = b as usize;
                    if self.keep(b, if first { rel.forward[d] } else { rel.backward[d] }, queue)? {
                        (round, next) = (true, next | 1 << (b % 128));
                    }
                }
            }
            // The loose pairs with a changed cell, in order: from the changed cells' pairs
            // (tracked, up to PAIR_WORDS words of pairs), else every pair asked.
            let by_cell = tracked && !lay.cell_pairs.is_empty() && dirty != !0;
            let mut wake: [u64; PAIR_WORDS] =
                if by_cell { union_of_cells(&lay.cell_pairs, lay.pair_words, dirty) } else { [0; PAIR_WORDS] };
            let (mut word, mut at) = (0, 0);
            let mut next_pair = || -> Option<usize> {
                if by_cell {
                    return take_lowest(&mut wake, &mut word);
                }
                while at < loose.len() {
                    let (k, (a, b, _)) = (at, loose[at]);
                    at += 1;
                    if !tracked || (dirty >> a | dirty >> b) & 1 != 0 {
                        return Some(k);
                    }
                }
                None
            };
            while let Some(k) = next_pair() {
                let (a, b, r) = loose[k];
                let (a, b) = (a as usize, b as usize);
                let rel = &p.relations[r as usize];
                let sup_b = each(self.cand[a]).fold(0, |m, d| m | rel.forward[d]);
                if self.keep(b, sup_b, queue)? {
                    (round, next) = (true, next | 1 << (b % 128));
                }
                let sup_a = each(self.cand[b]).fold(0, |m, d| m | rel.backward[d]);
                if self.keep(a, sup_a, queue)? {
                    (round, next) = (true, next | 1 << (a % 128));
                }
            }
            if !round {
                break;
            }
            changed = true;
            if tracked {
                dirty = next;
            }
        }
        let base = lay.cages.len() + lay.innies.len();
        let mut from = base;
        while let Some(j) = awake.take_next(from, base + p.sums.len()) {
            from = j + 1;
            let (k, s) = (j - base, &p.sums[j - base]);
            if let Some((part, total)) = small_sum(s, n) {
                if meter.tick(part.cells.len() as u64 * 4) {
                    return None;
                }
                changed |= self.narrow_small_sum(part, total, n, queue)?;
                if part.groups.len() == 1 && part.reversed == 0 && total <= 45 && C <= 81 {
                    // Its cells see each other (a little killer in a box, an innie in a row): a
                    // cage too, whose digits every killer combination holds leave the cells that
                    // see all their places (sigh's solver's required values). Without the walk
                    // before, The Barbed Cross takes 193,026 nodes instead of 112,943; with the
                    // rest of a house that holds it as the cage's complement, 134,117.
                    changed |= self.narrow_cage(lay, &part.cells, 0, total, &[], &[], false, queue, meter)?;
                }
                continue;
            }
            let f = fingerprint(s.parts.iter().flat_map(|p| p.cells.iter()).map(|&c| self.cand[c as usize]));
            if lay.memo.settled(base + k, f) {
                continue;
            }
            if self.narrow_sums(s, n, queue, meter)? {
                changed = true;
            } else {
                lay.memo.record(base + k, f);
            }
        }
        let base = base + p.sums.len();
        let mut from = base;
        while let Some(j) = awake.take_next(from, base + p.specials.len()) {
            from = j + 1;
            let (k, s) = (j - base, &p.specials[j - base]);
            let f = fingerprint(s.cells().iter().map(|&c| self.cand[c as usize]));
            if lay.memo.settled(base + k, f) {
                continue;
            }
            if meter.tick(n as u64 * 4) {
                return None;
            }
            let narrowed = match s {
                Special::Sandwich { cells, sum } => self.narrow_sandwich(cells, *sum, n, queue, meter)?,
                Special::XSum { cells, sum } => self.narrow_x_sum(cells, *sum, n, queue, meter)?,
                Special::Skyscraper { cells, count } => self.narrow_skyscraper(cells, *count as usize, n, queue)?,
                Special::Between { cells } => self.narrow_between(cells, queue)?,
                Special::Renban { cells } => self.narrow_renban(lay, cells, n, queue)?,
                Special::Quadruple { cells, digits } => self.narrow_quadruple(cells, digits, queue, meter)?,
                Special::SumLine { cells, sum, looped } => self.narrow_sum_line(cells, *sum, *looped, queue, meter)?,
                Special::Lunchbox { cells, sum } => self.narrow_lunchbox(cells, *sum, n, queue, meter)?,
                Special::CountingCircles { cells, groups } => {
                    self.narrow_counting_circles(cells, groups, n, queue, meter)?
                }
            };
            if narrowed {
                changed = true;
            } else {
                lay.memo.record(base + k, f);
            }
        }
        Some(changed)
    }

    /// Equal sums: each part's reachable values, their intersection (and the total), then per
    /// part the digits that lead to a value of the intersection.
    fn narrow_sums(&mut self, s: &EqualSums, n: usize, queue: &mut Queue<C>, meter: &mut Meter) -> Option<bool> {
        if s.parts.iter().any(|p| p.reversed > 0) {
            // Made by the layout for the pass above alone.
            return Some(false);
        }
        // The common value is at most what the smallest part can reach (and the total): the
        // value sets stop there (the weights are positive, so a partial value past it stays
        // past it).
        let mut most = s.parts.iter().map(|p| p.weights.iter().sum::<u32>() as usize * n).min().unwrap_or(0);
        if let Some(t) = s.total {
            if t as usize > most {
                return None;
            }
            most = t as usize;
        }
        let words = (most + 1).div_ceil(64);
        if words == 1 && s.parts.len() <= WORD_PARTS && s.parts.iter().all(|p| p.cells.len() <= WORD_CELLS) {
            let cells: usize = s.parts.iter().map(|p| p.cells.len()).sum();
            if meter.tick(cells as u64 * 4) {
                return None;
            }
            return self.narrow_sums_word(s, n, queue);
        }
        self.narrow_sums_wide(s, n, words, queue, meter)
    }

    /// [`State::narrow_sums`] on values of `words` words (`words * 64` above the greatest the
    /// common value can take), from [`Forward`]'s tables.
    fn narrow_sums_wide(
        &mut self,
        s: &EqualSums,
        n: usize,
        words: usize,
        queue: &mut Queue<C>,
        meter: &mut Meter,
    ) -> Option<bool> {
        let mut common = vec![!0u64; words];
        if let Some(t) = s.total {
            common.fill(0);
            common[t as usize / 64] = 1 << (t % 64);
        }
        let mut forwards = Vec::with_capacity(s.parts.len());
        for part in &s.parts {
            let masks: Vec<u32> = part.cells.iter().map(|&c| self.cand[c as usize]).collect();
            if meter.tick((masks.len() * words) as u64 * 4) {
                return None;
            }
            let f = Forward::of(part, &masks, n, words);
            for (c, v) in common.iter_mut().zip(&f.values) {
                *c &= v;
            }
            forwards.push((masks, f));
        }
        if common.iter().all(|&w| w == 0) {
            return None;
        }
        let mut changed = false;
        for (part, (masks, f)) in s.parts.iter().zip(&forwards) {
            let sup = f.support(part, masks, &common, words);
            for (i, &c) in part.cells.iter().enumerate() {
                changed |= self.keep(c as usize, sup[i], queue)?;
            }
        }
        Some(changed)
    }

    /// [`State::narrow_sums`] when every value it keeps is under 64 (one word), on the stack:
    /// up to [`WORD_PARTS`] parts of up to [`WORD_CELLS`] cells. The same narrowing: each part's
    /// values from its groups' (forward, group by group), their intersection, then per part and
    /// group backward the group values that lead to a common value and the digits that make
    /// them (a group's digit sets made again from its cells rather than kept).
    #[inline(never)]
    fn narrow_sums_word(&mut self, s: &EqualSums, n: usize, queue: &mut Queue<C>) -> Option<bool> {
        let mut common = match s.total {
            Some(t) => 1u64 << t,
            None => !0,
        };
        // Per part the values of its first g groups (prefix[g]) and of group g alone.
        let mut prefix = [[0u64; WORD_CELLS + 1]; WORD_PARTS];
        let mut group = [[0u64; WORD_CELLS]; WORD_PARTS];
        let mut masks = [[0u32; WORD_CELLS]; WORD_PARTS];
        for (p, part) in s.parts.iter().enumerate() {
            for (i, &c) in part.cells.iter().enumerate() {
                masks[p][i] = self.cand[c as usize];
            }
            prefix[p][0] = 1;
            for (g, &(a, b)) in part.groups.iter().enumerate() {
                let v = word_group(&masks[p][a..b], &part.weights[a..b], n, 0, None);
                group[p][g] = v;
                let mut sums = 0u64;
                for x in each_word(prefix[p][g]) {
                    sums |= v << x;
                }
                prefix[p][g + 1] = sums;
            }
            common &= prefix[p][part.groups.len()];
        }
        if common == 0 {
            return None;
        }
        let mut sup = [[0u32; WORD_CELLS]; WORD_PARTS];
        for (p, part) in s.parts.iter().enumerate() {
            let mut after = common;
            for (g, &(a, b)) in part.groups.iter().enumerate().rev() {
                let before = prefix[p][g];
                let (mut good, mut next) = (0u64, 0u64);
                for v in each_word(group[p][g]) {
                    let t = (after >> v) & before;
                    if t != 0 {
                        good |= 1 << v;
                        next |= t;
                    }
                }
                word_group(&masks[p][a..b], &part.weights[a..b], n, good, Some(&mut sup[p][a..b]));
                after = next;
            }
        }
        let mut changed = false;
        for (p, part) in s.parts.iter().enumerate() {
            for (i, &c) in part.cells.iter().enumerate() {
                changed |= self.keep(c as usize, sup[p][i], queue)?;
            }
        }
        Some(changed)
    }

    /// A sum of one part with a total under 128, weights 1, on a grid up to 9x9 (the innie and
    /// outie sums of killers, little killers): first the bounds of [`State::small_sum_bounds`],
    /// and when at most [`SMALL_SUM_EXACT_OPEN`] cells are open, per group of cells that see
    /// each other the sums of its open cells' assignments of distinct digits (without its fixed
    /// cells' digits), combined over the groups in 128-bit sets; each open cell keeps the digits
    /// of the assignments whose sum the other groups can make up to the total. Exact but for
    /// cells of different groups that see each other (which [`Forward`] also takes apart),
    /// without its tables and allocations: these passes run at every node. (The walk at every
    /// open count, not only the last few, cost 1.7-2.2x the time on TAREK_ALL.)
    /// A reversed cell ([`Part::reversed`], the last ones, in groups of their own) adds
    /// `n + 1 - digit`. No memo (`Memo`): the bounds and the walk cost less than its
    /// fingerprint (the same search nodes and time with one on MATHEMAGIC 1-4).
    fn narrow_small_sum(&mut self, part: &Part, total: u32, n: usize, queue: &mut Queue<C>) -> Option<bool> {
        let (bounded, open) = self.small_sum_bounds(part, total, n, queue)?;
        if open > SMALL_SUM_EXACT_OPEN {
            return Some(bounded);
        }
        self.narrow_small_sum_combinations(part, total, n, queue, bounded)
    }

    /// The combinations of [`State::narrow_small_sum`] (`bounded`: the bounds removed a
    /// candidate): per group its open cells (at most [`SMALL_SUM_EXACT_OPEN`] in all) without
    /// the digits of its fixed cells, whose sum leaves the total; the sums of the group's
    /// assignments of distinct digits (one, two or three open cells: at most 9 x 8 x 7), as a
    /// 128-bit set; each open cell keeps the digits of the assignments whose sum the other
    /// groups can make up to the total.
    fn narrow_small_sum_combinations(
        &mut self,
        part: &Part,
        total: u32,
        n: usize,
        queue: &mut Queue<C>,
        bounded: bool,
    ) -> Option<bool> {
        // A reversed cell's candidates (from the group at `first`), digit d read as n + 1 - d,
        // and back.
        let first = part.cells.len() - part.reversed;
        let flip = |i: usize, m: u32| if i >= first { m.reverse_bits() >> (32 - n) } else { m };
        const OPEN: usize = SMALL_SUM_EXACT_OPEN as usize;
        // The open cells (their index in the part and candidates read as digits), and per group
        // with an open cell its range of them.
        let (mut open, mut masks, mut o) = ([0usize; OPEN], [0u32; OPEN], 0);
        let (mut groups, mut g) = ([(0usize, 0usize); OPEN], 0);
        let mut total = total;
        for &(a, b) in &part.groups {
            let (start, mut fixed) = (o, 0u32);
            for i in a..b {
                let m = flip(i, self.cand[part.cells[i] as usize]);
                if m & (m - 1) == 0 {
                    if fixed & m != 0 {
                        return None;
                    }
                    fixed |= m;
                    total = total.checked_sub(m.trailing_zeros() + 1)?;
                } else if o == OPEN {
                    return Some(bounded);
                } else {
                    (open[o], masks[o]) = (i, m);
                    o += 1;
                }
            }
            for m in &mut masks[start..o] {
                *m &= !fixed;
                if *m == 0 {
                    return None;
                }
            }
            if o > start {
                groups[g] = (start, o);
                g += 1;
            }
        }
        let groups = &groups[..g];
        // Digit d (bit d) is worth d + 1: a pair's sums are the second cell's digits shifted
        // by the first's digit plus two, a triple's by the first two's plus three.
        let mut sums = [0u128; OPEN];
        for (j, &(a, b)) in groups.iter().enumerate() {
            let m = &masks[a..b];
            sums[j] = match *m {
                [m0] => (m0 as u128) << 1,
                [m0, m1] => each(m0).fold(0, |s, x| s | ((m1 & !(1 << x)) as u128) << (x + 2)),
                _ => each(m[0]).fold(0, |s, x| {
                    each(m[1] & !(1 << x)).fold(s, |s, y| s | ((m[2] & !(1 << x | 1 << y)) as u128) << (x + y + 3))
                }),
            };
        }
        let plus = |x: u128, y: u128| {
            // Over the one of the narrower span (a set of sums is mostly a run of sums: its span
            // stands for its size, without the population count of 128 bits, which the baseline
            // x86-64 does in software).
            let span = |v: u128| (128 - v.leading_zeros()).saturating_sub(v.trailing_zeros());
            let (x, mut y) = if span(x) < span(y) { (y, x) } else { (x, y) };
            let mut out = 0u128;
            while y != 0 {
                let t = y.trailing_zeros();
                y &= y - 1;
                out |= x << t;
            }
            out
        };
        // before[j]: the sums of the groups before j; after[j]: of those from j on.
        let (mut before, mut after) = ([0u128; OPEN + 1], [0u128; OPEN + 1]);
        before[0] = 1;
        after[g] = 1;
        for j in 0..g {
            before[j + 1] = plus(before[j], sums[j]);
        }
        if before[g] >> total & 1 == 0 {
            return None;
        }
        for j in (0..g).rev() {
            after[j] = plus(after[j + 1], sums[j]);
        }
        let mut sup = [0u32; OPEN];
        for (j, &(a, b)) in groups.iter().enumerate() {
            // The sums this group may take (bit t: the others make up total - t).
            let fine = plus(before[j], after[j + 1]).reverse_bits() >> (127 - total);
            let m = &masks[a..b];
            match *m {
                [m0] => sup[a] = m0 & (fine >> 1) as u32,
                [m0, m1] => {
                    for x in each(m0) {
                        let y = m1 & !(1 << x) & (fine >> (x + 2)) as u32;
                        if y != 0 {
                            sup[a] |= 1 << x;
                            sup[a + 1] |= y;
                        }
                    }
                }
                _ => {
                    for x in each(m[0]) {
                        for y in each(m[1] & !(1 << x)) {
                            let z = m[2] & !(1 << x | 1 << y) & (fine >> (x + y + 3)) as u32;
                            if z != 0 {
                                sup[a] |= 1 << x;
                                sup[a + 1] |= 1 << y;
                                sup[a + 2] |= z;
                            }
                        }
                    }
                }
            }
        }
        let mut changed = bounded;
        for (&i, &m) in open[..o].iter().zip(&sup) {
            changed |= self.keep(part.cells[i] as usize, flip(i, m), queue)?;
        }
        Some(changed)
    }

    /// The bounds of a small sum (the ranges sigh's solver narrows a sum over groups of cells
    /// that see each other by): per group the least and greatest sums of distinct digits, each
    /// cell's digit at least its least candidate (at most its greatest), the group's cells taking
    /// the least free digit in turn (linear probing: the set does not depend on the order);
    /// their totals against the sum; and each group's digits within the slack: a group whose
    /// largest digit exceeds that of its least set by `x` adds at least `x` to the least total,
    /// so `x` is at most the total less the least total (and the same from above).
    /// `None` on a contradiction, else whether a candidate went and how many cells are open.
    fn small_sum_bounds(&mut self, part: &Part, total: u32, n: usize, queue: &mut Queue<C>) -> Option<(bool, u32)> {
        let full = (1u32 << n) - 1;
        let first = part.cells.len() - part.reversed;
        let flip = |i: usize, m: u32| if i >= first { m.reverse_bits() >> (32 - n) } else { m };
        let (mut lo, mut hi, mut open) = (0u32, 0u32, 0u32);
        let mut seen = [(0u32, 0u32); 25];
        for (j, &(a, b)) in part.groups.iter().enumerate() {
            let (mut least, mut most) = (0u32, 0u32);
            for i in a..b {
                let m = self.cand[part.cells[i] as usize];
                open += (m & (m - 1) != 0) as u32;
                let m = flip(i, m);
                let low = m & m.wrapping_neg();
                let x = !(least | (low - 1));
                least |= x & x.wrapping_neg();
                let top = 1u32 << (31 - m.leading_zeros());
                let y = !most & (top | (top - 1));
                if y == 0 {
                    return None;
                }
                most |= 1 << (31 - y.leading_zeros());
            }
            if least > full {
                return None;
            }
            lo += digit_sum(least);
            hi += digit_sum(most);
            seen[j] = (least, most);
        }
        if total < lo || total > hi {
            return None;
        }
        let (up, down) = (total - lo, hi - total);
        if up as usize >= n - 1 && down as usize >= n - 1 {
            return Some((false, open));
        }
        let mut changed = false;
        for (j, &(a, b)) in part.groups.iter().enumerate() {
            let (least, most) = seen[j];
            if least == most {
                continue;
            }
            // No digit above the group's greatest least digit plus the slack, none below its
            // least greatest digit less the slack.
            let top = 31 - least.leading_zeros() + up;
            let below = if top + 1 >= 32 { !0 } else { (1u32 << (top + 1)) - 1 };
            let bottom = most.trailing_zeros().saturating_sub(down);
            let keep = below & !((1u32 << bottom) - 1) & full;
            if keep == full {
                continue;
            }
            for i in a..b {
                let k = flip(i, keep);
                changed |= self.keep(part.cells[i] as usize, k, queue)?;
            }
        }
        Some((changed, open))
    }

    /// Keeps each cell's supported digits `sup` (cells of `cells` in order); `None` when a cell
    /// has none.
    fn keep_all(&mut self, cells: &[u16], sup: &[u32], queue: &mut Queue<C>) -> Option<bool> {
        let mut changed = false;
        for (i, &c) in cells.iter().enumerate() {
            changed |= self.keep(c as usize, sup[i], queue)?;
        }
        Some(changed)
    }

    /// A sandwich: per placement of the 1 and the largest digit, the middle cells' sums (a
    /// row or column of up to 9 digits: [`State::narrow_sandwich_house`]).
    fn narrow_sandwich(
        &mut self,
        cells: &[u16],
        sum: u32,
        n: usize,
        queue: &mut Queue<C>,
        meter: &mut Meter,
    ) -> Option<bool> {
        let k = cells.len();
        if n <= 9 && k == n {
            return self.narrow_sandwich_house(cells, sum, n, queue);
        }
        let (one, top) = (1u32, 1u32 << (n - 1));
        let inner = ((1u32 << n) - 1) & !one & !top;
        let cand: Vec<u32> = cells.iter().map(|&c| self.cand[c as usize]).collect();
        let mut sup = [0u32; 25];
        let mut out = [0u32; 25];
        let masks: Vec<u32> = cand.iter().map(|&m| m & inner).collect();
        for p in 0..k {
            for q in p + 1..k {
                for (a, b) in [(one, top), (top, one)] {
                    if cand[p] & a == 0 || cand[q] & b == 0 {
                        continue;
                    }
                    if (0..k).any(|i| i != p && i != q && masks[i] == 0) {
                        continue;
                    }
                    let mid = &masks[p + 1..q];
                    if mid.is_empty() {
                        if sum != 0 {
                            continue;
                        }
                    } else if !linear_support(mid, &ONES[..mid.len()], sum as i32, n, &mut out, meter) {
                        continue;
                    }
                    sup[p] |= a;
                    sup[q] |= b;
                    for i in 0..k {
                        if i > p && i < q {
                            sup[i] |= out[i - p - 1];
                        } else if i != p && i != q {
                            sup[i] |= masks[i];
                        }
                    }
                }
            }
        }
        self.keep_all(cells, &sup[..k], queue)
    }

    /// A sandwich along a house of up to 9 digits, as sigh's solver narrows one: per placement
    /// of the 1 and the largest digit, each set of distinct digits between them with the sum
    /// (the killer combinations of the gap's size, a table) that the middle cells' candidates
    /// cover, each middle cell meets, and that leaves the outer cells enough other digits; the
    /// middle cells keep the sets' digits, the outer ones the digits outside a set.
    fn narrow_sandwich_house(&mut self, cells: &[u16], sum: u32, n: usize, queue: &mut Queue<C>) -> Option<bool> {
        let k = cells.len();
        let (one, top) = (1u32, 1u32 << (n - 1));
        let full = (1u32 << n) - 1;
        let middle = full & !one & !top;
        let mut cand = [0u32; 9];
        for (i, &c) in cells.iter().enumerate() {
            cand[i] = self.cand[c as usize];
        }
        let mut sup = [0u32; 25];
        for p in 0..k {
            if cand[p] & (one | top) == 0 {
                continue;
            }
            for q in p + 1..k {
                for (a, b) in [(one, top), (top, one)] {
                    if cand[p] & a == 0 || cand[q] & b == 0 {
                        continue;
                    }
                    let gap = q - p - 1;
                    let inside = cand[p + 1..q].iter().fold(0, |m, &x| m | x) & middle;
                    let outside = cand[..p].iter().chain(&cand[q + 1..k]).fold(0, |m, &x| m | x) & middle;
                    let outer = k - gap - 2;
                    let (mut inner_ok, mut outer_ok, mut found) = (0u32, 0u32, false);
                    // No cell between: only the empty set, of sum 0.
                    let sets: &[u16] = match (gap, sum) {
                        (0, 0) => &[0],
                        (0, _) => &[],
                        _ => killer_sets(gap, sum),
                    };
                    for &set in sets {
                        let set = set as u32;
                        if set & !inside != 0
                            || cand[p + 1..q].iter().any(|&x| x & set == 0)
                            || ((!set & outside).count_ones() as usize) < outer
                        {
                            continue;
                        }
                        found = true;
                        inner_ok |= set;
                        outer_ok |= !set & middle;
                    }
                    if !found {
                        continue;
                    }
                    sup[p] |= a;
                    sup[q] |= b;
                    for i in 0..k {
                        if i > p && i < q {
                            sup[i] |= cand[i] & inner_ok;
                        } else if i != p && i != q {
                            sup[i] |= cand[i] & outer_ok;
                        }
                    }
                }
            }
        }
        self.keep_all(cells, &sup[..k], queue)
    }

    /// An X-sum: per first digit x, the sums of the next x - 1 cells.
    fn narrow_x_sum(
        &mut self,
        cells: &[u16],
        sum: u32,
        n: usize,
        queue: &mut Queue<C>,
        meter: &mut Meter,
    ) -> Option<bool> {
        let k = cells.len();
        let cand: Vec<u32> = cells.iter().map(|&c| self.cand[c as usize]).collect();
        let mut sup = [0u32; 25];
        let mut out = [0u32; 25];
        for x in each(cand[0]).map(|d| d + 1) {
            if x > k || (x as u32) > sum {
                continue;
            }
            let rest = &cand[1..x];
            let target = sum - x as u32;
            if rest.is_empty() {
                if target != 0 {
                    continue;
                }
            } else if !linear_support(rest, &ONES[..rest.len()], target as i32, n, &mut out, meter) {
                continue;
            } else if n <= 9 && !distinct_sets(rest, target, 1 << (x - 1), &mut out[..rest.len()]) {
                continue;
            }
            sup[0] |= 1 << (x - 1);
            for i in 1..k {
                sup[i] |= if i < x { out[i - 1] } else { cand[i] };
            }
        }
        self.keep_all(cells, &sup[..k], queue)
    }

    /// A skyscraper: over the states (tallest so far, how many seen), forward and back; per
    /// cell and tallest digit so far (0 before the first) the counts seen as bits of a word.
    fn narrow_skyscraper(&mut self, cells: &[u16], count: usize, n: usize, queue: &mut Queue<C>) -> Option<bool> {
        let k = cells.len();
        // Counts up to `count` (at most n <= 25), tallest digits up to n, cells up to 25.
        let counts = (1u32 << (count + 1)) - 1;
        let mut reach = [[0u32; 26]; 26];
        reach[0][0] = 1;
        for i in 0..k {
            let m = self.cand[cells[i] as usize];
            for t in 0..=n {
                let r = reach[i][t];
                if r == 0 {
                    continue;
                }
                for d in each(m).map(|d| d + 1) {
                    if d > t {
                        reach[i + 1][d] |= (r << 1) & counts;
                    } else {
                        reach[i + 1][t] |= r;
                    }
                }
            }
        }
        // good[t]: the counts from which the cells left (none, at first) end seeing `count`.
        let mut good = [1u32 << count; 26];
        if reach[k][..=n].iter().all(|&r| r & good[0] == 0) {
            return None;
        }
        let mut sup = [0u32; 25];
        for i in (0..k).rev() {
            let m = self.cand[cells[i] as usize];
            let mut before = [0u32; 26];
            for t in 0..=n {
                let r = reach[i][t];
                if r == 0 {
                    continue;
                }
                for d in each(m).map(|d| d + 1) {
                    let ok = if d > t { r & (good[d] >> 1) } else { r & good[t] };
                    if ok != 0 {
                        sup[i] |= 1 << (d - 1);
                        before[t] |= ok;
                    }
                }
            }
            good = before;
        }
        self.keep_all(cells, &sup[..k], queue)
    }

    /// A renban line of k cells: per run of k consecutive digits, feasible when every cell has
    /// one of them and every one of them has a cell; each cell keeps the runs' digits, and the
    /// digits of every feasible run leave the cells that see all their places on the line
    /// ([`State::exclude_required`]).
    fn narrow_renban(&mut self, lay: &Layout, cells: &[u16], n: usize, queue: &mut Queue<C>) -> Option<bool> {
        let k = cells.len();
        let run = (1u32 << k) - 1;
        let mut sup = [0u32; 25];
        let mut required = !0u32;
        for lo in 0..=n - k {
            let w = run << lo;
            let (mut all, mut each) = (0u32, true);
            for &c in cells {
                let m = self.cand[c as usize] & w;
                each &= m != 0;
                all |= m;
            }
            if each && all == w {
                required &= w;
                for (i, &c) in cells.iter().enumerate() {
                    sup[i] |= self.cand[c as usize] & w;
                }
            }
        }
        let changed = self.keep_all(cells, &sup[..k], queue)?;
        Some(self.exclude_required(lay, cells, required, queue)? | changed)
    }

    /// A between line: per pair of end digits, the digits strictly between them.
    fn narrow_between(&mut self, cells: &[u16], queue: &mut Queue<C>) -> Option<bool> {
        let k = cells.len();
        let (first, last) = (self.cand[cells[0] as usize], self.cand[cells[k - 1] as usize]);
        let mut sup = vec![0u32; k];
        for a in each(first) {
            for b in each(last) {
                let (lo, hi) = (a.min(b), a.max(b));
                if hi <= lo + 1 && k > 2 {
                    continue;
                }
                let between = strictly_between(lo, hi);
                if cells[1..k - 1].iter().any(|&c| self.cand[c as usize] & between == 0) {
                    continue;
                }
                sup[0] |= 1 << a;
                sup[k - 1] |= 1 << b;
                for i in 1..k - 1 {
                    sup[i] |= self.cand[cells[i] as usize] & between;
                }
            }
        }
        self.keep_all(cells, &sup, queue)
    }

    /// A sum line: over the states "the open segment's digits so far add up to s" (s below
    /// `sum`, as 64-bit sets), those reachable from the line's start (forwards) and
    /// those from which its end is reachable (backwards); a digit stays where some state before
    /// its cell leads through it to a state after. A loop starts and ends in the same state,
    /// each tried. Lines up to [`LINE_STACK`] cells keep their tables on the stack.
    fn narrow_sum_line(
        &mut self,
        cells: &[u16],
        sum: u32,
        looped: bool,
        queue: &mut Queue<C>,
        meter: &mut Meter,
    ) -> Option<bool> {
        // The states are the bits of a `u64`: a sum line's sum is at most twice the largest
        // digit (50), and a state past 63 is past the sum.
        debug_assert!(sum < 64, "a sum line's sum is at most 50");
        let k = cells.len();
        let (mut cand, mut sup) = ([0u32; LINE_STACK], [0u32; LINE_STACK]);
        let (mut fwd, mut bwd) = ([0u64; LINE_STACK + 1], [0u64; LINE_STACK + 1]);
        let mut heap;
        let (cand, sup, fwd, bwd) = if k <= LINE_STACK {
            (&mut cand[..k], &mut sup[..k], &mut fwd[..=k], &mut bwd[..=k])
        } else {
            heap = (vec![0u32; k], vec![0u32; k], vec![0u64; k + 1], vec![0u64; k + 1]);
            (&mut heap.0[..], &mut heap.1[..], &mut heap.2[..], &mut heap.3[..])
        };
        for (m, &c) in cand.iter_mut().zip(cells) {
            *m = self.cand[c as usize];
        }
        let below = (1u64 << sum) - 1;
        for start in 0..if looped { sum } else { 1 } {
            if meter.tick(k as u64 * 4) {
                return None;
            }
            fwd[0] = 1 << start;
            for i in 0..k {
                let mut next = 0;
                for a in each(cand[i]) {
                    next |= fwd[i] << (a as u32 + 1);
                }
                // The sum itself closes a segment: state 0 again.
                fwd[i + 1] = next & below | next >> sum & 1;
            }
            if fwd[k] >> start & 1 == 0 {
                continue;
            }
            bwd[k] = 1 << start;
            for i in (0..k).rev() {
                // The states after the cell, and the sum when it closes a segment (state 0 after).
                let after = bwd[i + 1];
                let target = after | (after & 1) << sum;
                let (mut prev, mut kept) = (0, 0u32);
                for a in each(cand[i]) {
                    // States s with s + digit in `target`.
                    let from = target >> (a as u32 + 1);
                    kept |= ((fwd[i] & from != 0) as u32) << a;
                    prev |= from;
                }
                sup[i] |= kept;
                bwd[i] = prev & fwd[i];
            }
        }
        self.keep_all(cells, sup, queue)
    }

    /// A lunchbox: per placement of its two ends (the smallest and the largest digit) and their
    /// digits, every other cell strictly between the two digits, and the cells between the two
    /// places adding up to the sum: up to 9x9 the killer combinations of those cells (the others
    /// hold the rest), on larger grids the sums reachable forwards and backwards to the sum.
    fn narrow_lunchbox(
        &mut self,
        cells: &[u16],
        sum: u32,
        n: usize,
        queue: &mut Queue<C>,
        meter: &mut Meter,
    ) -> Option<bool> {
        // A lunchbox is a unit: at most n (25) cells.
        let k = cells.len();
        let (mut cand, mut sup) = ([0u32; 25], [0u32; 25]);
        for (m, &c) in cand.iter_mut().zip(cells) {
            *m = self.cand[c as usize];
        }
        let (mut fwd, mut bwd) = ([0u128; 26], [0u128; 26]);
        // Its k distinct digits lie from the smaller end's to the larger's: the ends are k - 1 or
        // more apart.
        let span = k as u32 - 1;
        for i in 0..k {
            for j in i + 1..k {
                if meter.tick(k as u64 * 16) {
                    return None;
                }
                for a in each(cand[i]) {
                    let above = !0u64 << (a as u32 + span).min(63);
                    let below = (1u64 << (a as u32 + 1).saturating_sub(span)) - 1;
                    for b in each(cand[j] & (above | below) as u32) {
                        let (lo, hi) = (a.min(b), a.max(b));
                        let between = strictly_between(lo, hi);
                        if (0..k).any(|x| x != i && x != j && cand[x] & between == 0) {
                            continue;
                        }
                        let m = j - i - 1;
                        if n <= 9 {
                            // Distinct digits: the killer combinations of the cells between.
                            let mut found = false;
                            for &set in killer_sets(m, sum) {
                                let set = set as u32;
                                if set & !between != 0 || (i + 1..j).any(|x| cand[x] & set == 0) {
                                    continue;
                                }
                                found = true;
                                for x in i + 1..j {
                                    sup[x] |= cand[x] & set;
                                }
                                for x in (0..i).chain(j + 1..k) {
                                    sup[x] |= cand[x] & between & !set;
                                }
                            }
                            if found {
                                sup[i] |= 1 << a;
                                sup[j] |= 1 << b;
                            }
                            continue;
                        }
                        fwd[0] = 1;
                        for t in 0..m {
                            fwd[t + 1] = each(cand[i + 1 + t] & between).fold(0, |acc, d| acc | fwd[t] << (d + 1));
                        }
                        if fwd[m] >> sum & 1 == 0 {
                            continue;
                        }
                        // bwd[t]: the sums before cell t from which the rest reaches the sum.
                        bwd[m] = 1 << sum;
                        for t in (0..m).rev() {
                            let mut from_all = 0;
                            for d in each(cand[i + 1 + t] & between) {
                                let from = bwd[t + 1] >> (d + 1);
                                if fwd[t] & from != 0 {
                                    sup[i + 1 + t] |= 1 << d;
                                }
                                from_all |= from;
                            }
                            bwd[t] = from_all;
                        }
                        sup[i] |= 1 << a;
                        sup[j] |= 1 << b;
                        for x in (0..i).chain(j + 1..k) {
                            sup[x] |= cand[x] & between;
                        }
                    }
                }
            }
        }
        self.keep_all(cells, &sup[..k], queue)
    }

    /// Counting circles: each set of digits adding up to the number of circles (found by a
    /// search over the digits, largest first) where each digit `d` may go in at least `d` groups
    /// of circles that see each other (at most once in each), goes in at most `d` circles alone,
    /// each digit that must go somewhere (a circle holding only it) is in the set and every
    /// circle may hold one of the set; a digit `d` that may go in exactly `d` groups goes in
    /// each of them (in the one circle of a group that may hold it). The circles keep the
    /// digits of the sets that pass.
    fn narrow_counting_circles(
        &mut self,
        cells: &[u16],
        groups: &[(usize, usize)],
        n: usize,
        queue: &mut Queue<C>,
        meter: &mut Meter,
    ) -> Option<bool> {
        let k = cells.len();
        let cand: Vec<u32> = cells.iter().map(|&c| self.cand[c as usize]).collect();
        let (mut may, mut alone, mut must) = ([0usize; 25], [0usize; 25], 0u32);
        for &(a, b) in groups {
            for d in each(cand[a..b].iter().fold(0, |m, &x| m | x)) {
                may[d] += 1;
            }
        }
        for &m in &cand {
            if m.count_ones() == 1 {
                must |= m;
                alone[m.trailing_zeros() as usize] += 1;
            }
        }
        // The digits that may be in a set: each `d` in at least `d` groups and alone in at
        // most `d` circles.
        let fit = (0..n).filter(|&d| may[d] > d && alone[d] <= d + 1).fold(0u32, |m, d| m | 1 << d);
        let mut sup = vec![0u32; k];
        let mut forced = vec![0u32; k];
        let mut stack = vec![(n, k as u32, 0u32)];
        while let Some((top, rest, set)) = stack.pop() {
            if meter.tick(k as u64) {
                return None;
            }
            if rest == 0 {
                if must & !set != 0 || cand.iter().any(|&m| m & set == 0) {
                    continue;
                }
                // Digits with exactly as many groups as they say: in each group, a circle
                // that alone may hold it does.
                forced.fill(0);
                for d in each(set).filter(|&d| may[d] == d + 1) {
                    for &(a, b) in groups {
                        let mut holders = (a..b).filter(|&i| cand[i] >> d & 1 != 0);
                        if let (Some(i), None) = (holders.next(), holders.next()) {
                            forced[i] |= 1 << d;
                        }
                    }
                }
                if forced.iter().any(|f| f.count_ones() > 1) {
                    continue;
                }
                for i in 0..k {
                    sup[i] |= if forced[i] != 0 { forced[i] } else { cand[i] & set };
                }
                continue;
            }
            // The next digit of the set, below `top` (as a digit, from 1), at most `rest`.
            for d in (1..=top.min(rest as usize)).rev() {
                if fit >> (d - 1) & 1 != 0 {
                    stack.push((d - 1, rest - d as u32, set | 1 << (d - 1)));
                }
            }
        }
        self.keep_all(cells, &sup, queue)
    }

    /// A quadruple: over the assignments of its four cells, those that hold its digits.
    fn narrow_quadruple(
        &mut self,
        cells: &[u16],
        digits: &[u32],
        queue: &mut Queue<C>,
        meter: &mut Meter,
    ) -> Option<bool> {
        let cand: Vec<u32> = cells.iter().map(|&c| self.cand[c as usize]).collect();
        let mut need = [0u8; 26];
        for &d in digits {
            need[d as usize] += 1;
        }
        let mut sup = [0u32; 4];
        let mut pick = [0usize; 4];
        fn walk(
            i: usize,
            cand: &[u32],
            need: &mut [u8; 26],
            missing: usize,
            pick: &mut [usize; 4],
            sup: &mut [u32; 4],
            work: &mut u64,
        ) {
            *work += 1;
            if missing > 4 - i {
                return;
            }
            if i == 4 {
                for j in 0..4 {
                    sup[j] |= 1 << (pick[j] - 1);
                }
                return;
            }
            for d in each(cand[i]).map(|d| d + 1) {
                // A digit already seen on every path gains nothing new here.
                let used = need[d] > 0;
                if used {
                    need[d] -= 1;
                }
                pick[i] = d;
                walk(i + 1, cand, need, missing - used as usize, pick, sup, work);
                if used {
                    need[d] += 1;
                }
            }
        }
        let mut work = 0;
        walk(0, &cand, &mut need, digits.len(), &mut pick, &mut sup, &mut work);
        if meter.tick(work) {
            return None;
        }
        self.keep_all(cells, &sup, queue)
    }
}

/// The cells of a line whose tables [`State::narrow_sum_line`] keeps on the stack.
const LINE_STACK: usize = 81;

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// The one-word pass of equal sums narrows as the pass over [`Forward`]'s tables does (the
    /// same candidates left, the same contradictions): on every 9x9 puzzle of sigh's published
    /// setters' puzzles (data/constraints) with such sums (arrows, pills, region sum lines,
    /// zipper lines, ...), from random candidates that keep the published solution.
    #[test]
    fn word_sums_narrow_as_the_tables_do() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(50);
        let (mut puzzles, mut checked, mut narrowed, mut failed) = (0, 0, 0, 0);
        for (name, lay, solution) in super::super::published_9x9() {
            let sums: Vec<&EqualSums> = lay
                .props
                .sums
                .iter()
                .filter(|s| {
                    s.parts.len() <= WORD_PARTS
                        && s.parts.iter().all(|p| p.cells.len() <= WORD_CELLS && p.reversed == 0)
                        && s.parts.iter().map(|p| p.weights.iter().sum::<u32>() * 9).min().unwrap() < 64
                })
                .collect();
            if sums.is_empty() {
                continue;
            }
            puzzles += 1;
            for _ in 0..200 {
                // Each cell keeps its solution's digit and each other digit at one chance in three.
                let cand: [u32; 81] = std::array::from_fn(|c| {
                    solution[c] | (0..9).filter(|_| rng.next_u32() % 3 == 0).fold(0, |m, d| m | 1 << d)
                });
                let state = State::<81>::with_candidates(cand, [0; 81], 81);
                for s in &sums {
                    let most = s.parts.iter().map(|p| p.weights.iter().sum::<u32>() as usize * 9).min().unwrap();
                    let most = s.total.map_or(most, |t| t as usize);
                    let (mut a, mut b) = (state, state);
                    let (mut qa, mut qb) = (Queue::<81>::new(), Queue::<81>::new());
                    let mut uninterrupted = super::super::never;
                    let mut meter = Meter::new(&mut uninterrupted, super::super::state::METER_EVERY);
                    let word = a.narrow_sums_word(s, 9, &mut qa);
                    let wide = b.narrow_sums_wide(s, 9, (most + 1).div_ceil(64), &mut qb, &mut meter);
                    assert_eq!(word.is_none(), wide.is_none(), "{}", name);
                    if let (Some(x), Some(y)) = (word, wide) {
                        assert_eq!(x, y, "{}", name);
                        assert_eq!(a.cand, b.cand, "{}", name);
                        narrowed += x as usize;
                    } else {
                        failed += 1;
                    }
                    checked += 1;
                }
            }
        }
        assert!(puzzles >= 10 && narrowed > checked / 10, "{puzzles} puzzles, {checked} passes, {narrowed} narrowed");
        // The published solution stays in every cell, so no pass may fail.
        assert_eq!(failed, 0);
    }
}
