//! Nim arithmetic on 64-bit nimbers.
//!
//! A [`Nimber`] is an element of the field of order 2^64 in Conway's
//! nim-arithmetic: addition is XOR, multiplication is the nim-product.

use std::fmt;
use std::ops::{Add, AddAssign, BitXor, BitXorAssign};

mod mex;
pub use mex::{mex, mex_of};

/// A nimber `*n` with `n < 2^64`. `+` is the nim-sum (XOR).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Nimber(pub u64);

impl Nimber {
    /// The nimber `*0`.
    pub const ZERO: Nimber = Nimber(0);
    /// The nimber `*1`.
    pub const ONE: Nimber = Nimber(1);

    /// The integer index `n` of `*n`.
    pub const fn value(self) -> u64 {
        self.0
    }
}

impl fmt::Debug for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{}", self.0)
    }
}

impl fmt::Display for Nimber {
    /// `*n`, the usual notation of the field; `0` for the zero nimber.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            write!(f, "0")
        } else {
            write!(f, "*{}", self.0)
        }
    }
}

impl From<u64> for Nimber {
    fn from(n: u64) -> Self {
        Nimber(n)
    }
}

impl Add for Nimber {
    type Output = Nimber;
    fn add(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl AddAssign for Nimber {
    fn add_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl BitXor for Nimber {
    type Output = Nimber;
    fn bitxor(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl BitXorAssign for Nimber {
    fn bitxor_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl std::iter::Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a + b)
    }
}
