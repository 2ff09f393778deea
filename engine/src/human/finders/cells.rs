//! Sets of cells for boards of every size: `W` words of 64 bits, bit `c` for cell `c`
//! (row-major). A 4x4 board takes one word, 9x9 two (as fast as a `u128`), 16x16 four and 25x25
//! ten. The operations the tables need are `const`, so each size's tables are built at compile
//! time.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CellSet<const W: usize>(pub [u64; W]);

impl<const W: usize> CellSet<W> {
    pub const EMPTY: Self = CellSet([0; W]);

    /// The set of cell `c` alone.
    pub const fn one(c: usize) -> Self {
        let mut s = [0; W];
        s[c / 64] = 1 << (c % 64);
        CellSet(s)
    }

    /// The cells `0..n`.
    pub const fn first_n(n: usize) -> Self {
        let mut s = [0; W];
        let mut c = 0;
        while c < n {
            s[c / 64] |= 1 << (c % 64);
            c += 1;
        }
        CellSet(s)
    }

    /// This set with cell `c`.
    ///
    /// On sets of up to four words each word is computed in registers: indexing the word of `c`
    /// made the compiler write the set to memory, change one word there and read it back whole,
    /// a store the read cannot take its value from (a stall of about a dozen cycles each time).
    pub const fn with(mut self, c: usize) -> Self {
        if W <= 4 {
            let mut i = 0;
            while i < W {
                self.0[i] |= ((c / 64 == i) as u64) << (c % 64);
                i += 1;
            }
        } else {
            self.0[c / 64] |= 1 << (c % 64);
        }
        self
    }

    /// The union (`const`, for the tables).
    pub const fn union(mut self, o: Self) -> Self {
        let mut i = 0;
        while i < W {
            self.0[i] |= o.0[i];
            i += 1;
        }
        self
    }

    /// This set without cell `c` (in registers on sets of up to four words: see [`CellSet::with`]).
    pub const fn without(mut self, c: usize) -> Self {
        if W <= 4 {
            let mut i = 0;
            while i < W {
                self.0[i] &= !(((c / 64 == i) as u64) << (c % 64));
                i += 1;
            }
        } else {
            self.0[c / 64] &= !(1 << (c % 64));
        }
        self
    }

    pub const fn has(&self, c: usize) -> bool {
        self.0[c / 64] >> (c % 64) & 1 != 0
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().fold(0, |a, &w| a | w) == 0
    }

    /// Whether the set has exactly one cell (without counting them).
    #[inline]
    pub fn is_single(&self) -> bool {
        let (mut seen, mut more) = (0u64, 0u64);
        for &w in &self.0 {
            // Two bits of one word, or a word after one with bits.
            more |= w & w.wrapping_sub(1) | w * (seen != 0) as u64;
            seen |= w;
        }
        seen != 0 && more == 0
    }

    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The lowest cell (the set must not be empty).
    #[inline]
    pub fn first(&self) -> usize {
        if W == 2 {
            return (self.0[0] as u128 | (self.0[1] as u128) << 64).trailing_zeros() as usize;
        }
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return i * 64 + w.trailing_zeros() as usize;
            }
        }
        W * 64
    }

    /// The cells after `c` (every cell number above it, of any board).
    #[inline]
    pub fn after(c: usize) -> Self {
        let mut s = [!0u64; W];
        for (i, w) in s.iter_mut().enumerate() {
            let lo = i * 64;
            if c + 1 >= lo + 64 {
                *w = 0;
            } else if c + 1 > lo {
                *w = !0u64 << (c + 1 - lo);
            }
        }
        CellSet(s)
    }

    /// The cells, ascending.
    #[inline]
    pub fn iter(self) -> Iter<W> {
        Iter { words: self.0, i: 0 }
    }
}

/// The cells of a [`CellSet`], ascending.
pub struct Iter<const W: usize> {
    words: [u64; W],
    i: usize,
}

impl<const W: usize> Iterator for Iter<W> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if W == 1 {
            let w = self.words[0];
            if w == 0 {
                return None;
            }
            self.words[0] = w & (w - 1);
            return Some(w.trailing_zeros() as usize);
        }
        if W == 2 {
            // Two words as one u128, as fast as a u128 set.
            let v = self.words[0] as u128 | (self.words[1] as u128) << 64;
            if v == 0 {
                return None;
            }
            let rest = v & (v - 1);
            self.words[0] = rest as u64;
            self.words[1] = (rest >> 64) as u64;
            return Some(v.trailing_zeros() as usize);
        }
        while self.i < W {
            let w = self.words[self.i];
            if w != 0 {
                self.words[self.i] = w & (w - 1);
                return Some(self.i * 64 + w.trailing_zeros() as usize);
            }
            self.i += 1;
        }
        None
    }
}

impl<const W: usize> BitAnd for CellSet<W> {
    type Output = Self;
    #[inline]
    fn bitand(mut self, o: Self) -> Self {
        for i in 0..W {
            self.0[i] &= o.0[i];
        }
        self
    }
}

impl<const W: usize> BitOr for CellSet<W> {
    type Output = Self;
    #[inline]
    fn bitor(mut self, o: Self) -> Self {
        for i in 0..W {
            self.0[i] |= o.0[i];
        }
        self
    }
}

impl<const W: usize> Not for CellSet<W> {
    type Output = Self;
    #[inline]
    fn not(mut self) -> Self {
        for i in 0..W {
            self.0[i] = !self.0[i];
        }
        self
    }
}

impl<const W: usize> BitAndAssign for CellSet<W> {
    #[inline]
    fn bitand_assign(&mut self, o: Self) {
        *self = *self & o;
    }
}

impl<const W: usize> BitOrAssign for CellSet<W> {
    #[inline]
    fn bitor_assign(&mut self, o: Self) {
        *self = *self | o;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_of_every_width_agree_with_a_list() {
        let cells = [0usize, 5, 63, 64, 127, 200, 624];
        let s = cells.iter().fold(CellSet::<10>::EMPTY, |s, &c| s.with(c));
        assert_eq!(s.iter().collect::<Vec<_>>(), cells);
        assert_eq!(s.count(), 7);
        assert_eq!(s.first(), 0);
        assert_eq!((s & CellSet::after(63)).iter().collect::<Vec<_>>(), [64, 127, 200, 624]);
        assert_eq!((s & !CellSet::one(5)).count(), 6);
        assert!(!s.is_single() && CellSet::<10>::one(300).is_single() && !CellSet::<10>::EMPTY.is_single());
        assert!(!CellSet::<2>::one(3).with(70).is_single() && CellSet::<2>::one(70).is_single());
        assert!(s.has(200) && !s.has(201) && s.without(200).count() == 6);
        assert_eq!(CellSet::<2>::first_n(81).count(), 81);
        assert_eq!((CellSet::<2>::first_n(81) & CellSet::after(79)).iter().collect::<Vec<_>>(), [80]);
    }
}
