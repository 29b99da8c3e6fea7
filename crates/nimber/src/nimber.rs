//! The [`Nimber`] type and its field operations; the fast arithmetic it
//! calls lives in the modules below it (`frobenius`, `inverse`, `product`).

use crate::{frobenius, inverse, product};
use std::fmt;
use std::iter::{Product, Sum};
use std::ops::{Add, AddAssign, BitXor, BitXorAssign, Mul, MulAssign};

/// A nimber `*n` with `n < 2^64`. `+` is the nim-sum (XOR), `*` the
/// nim-product.
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

    /// `self ⊗ self`; equal to `self * self` but several times cheaper.
    #[must_use]
    pub fn square(self) -> Nimber {
        Nimber(frobenius::square(self.0))
    }

    /// `self` to the nim-power `exponent`: the product of `exponent` copies
    /// of `self`. `pow(0)` is [`Nimber::ONE`] for every base, zero included.
    /// For nonzero `self`, `pow(u64::MAX)` is one (the multiplicative group
    /// has order `2^64 - 1`) and `pow(u64::MAX - 1)` is the inverse.
    #[must_use]
    pub fn pow(self, exponent: u64) -> Nimber {
        let mut result = Nimber::ONE;
        let mut base = self;
        let mut e = exponent;
        while e != 0 {
            if e & 1 == 1 {
                result *= base;
            }
            e >>= 1;
            if e != 0 {
                base = base.square();
            }
        }
        result
    }

    /// The multiplicative inverse: the unique `y` with `self * y == ONE`, or
    /// `None` when `self` is zero. Stays in the smallest subfield holding
    /// `self`.
    #[must_use]
    pub fn inverse(self) -> Option<Nimber> {
        inverse::inverse(self.0).map(Nimber)
    }

    /// The square root: the unique `y` with `y * y == self`. Every nimber has
    /// exactly one, because squaring is a bijection of a field of
    /// characteristic 2; `sqrt` and [`Nimber::square`] are inverse maps.
    #[must_use]
    pub fn sqrt(self) -> Nimber {
        Nimber(frobenius::sqrt(self.0))
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
    /// The nim-sum, which is XOR by definition.
    #[allow(clippy::suspicious_arithmetic_impl)]
    fn add(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl AddAssign for Nimber {
    #[allow(clippy::suspicious_op_assign_impl)]
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

impl Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a + b)
    }
}

impl<'a> Sum<&'a Nimber> for Nimber {
    fn sum<I: Iterator<Item = &'a Nimber>>(iter: I) -> Nimber {
        iter.copied().sum()
    }
}

impl Mul for Nimber {
    type Output = Nimber;
    /// The nim-product: commutative, associative, distributive over `+`,
    /// with identity [`Nimber::ONE`].
    #[inline]
    fn mul(self, rhs: Nimber) -> Nimber {
        Nimber(product::mul(self.0, rhs.0))
    }
}

impl MulAssign for Nimber {
    #[inline]
    fn mul_assign(&mut self, rhs: Nimber) {
        *self = *self * rhs;
    }
}

impl Product for Nimber {
    /// The nim-product of all items; [`Nimber::ONE`] for none.
    fn product<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ONE, |a, b| a * b)
    }
}

impl<'a> Product<&'a Nimber> for Nimber {
    fn product<I: Iterator<Item = &'a Nimber>>(iter: I) -> Nimber {
        iter.copied().product()
    }
}
