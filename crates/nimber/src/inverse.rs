//! The nim-inverse, by descending the tower of subfields.
//!
//! Write `x = hi·t + lo` with `t = 2^(2^k)` and `hi`, `lo` below `t`. Since
//! `t` is a root of `X^2 + X + h` (with `h = t/2`), so is `t + 1`, and the
//! conjugate `x' = hi·t + (hi + lo)` gives a norm in the half-sized field:
//!
//! ```text
//! N = x ⊗ x' = hi^2 h + hi lo + lo^2 = (low half of x^2) + hi lo
//! ```
//!
//! so `1/x = x' ⊗ (1/N) = (hi/N)·t + (hi + lo)/N`: one inverse in the half
//! field, a square and three half-sized products per level, down to a byte
//! table. `N` is nonzero whenever `x` is, since a field has no zero divisors.

use crate::frobenius::square;
use crate::product::{mul16, mul32, mul8};
use crate::tables::{tables, Tables};

/// `1/x`, or `None` for zero.
#[inline]
pub(crate) fn inverse(x: u64) -> Option<u64> {
    if x == 0 {
        return None;
    }
    let t = tables();
    Some(if x >> 32 != 0 {
        inv64(t, x)
    } else if x >> 16 != 0 {
        u64::from(inv32(t, x as u32))
    } else if x >> 8 != 0 {
        u64::from(inv16(t, x as u16))
    } else {
        u64::from(t.inv8[x as usize])
    })
}

fn inv64(t: &Tables, x: u64) -> u64 {
    let (hi, lo) = ((x >> 32) as u32, x as u32);
    let norm = (square(x) as u32) ^ mul32(t, hi, lo);
    let n = inv32(t, norm);
    (u64::from(mul32(t, hi, n)) << 32) | u64::from(mul32(t, hi ^ lo, n))
}

fn inv32(t: &Tables, x: u32) -> u32 {
    let (hi, lo) = ((x >> 16) as u16, x as u16);
    let norm = (square(u64::from(x)) as u16) ^ mul16(t, hi, lo);
    let n = inv16(t, norm);
    (u32::from(mul16(t, hi, n)) << 16) | u32::from(mul16(t, hi ^ lo, n))
}

fn inv16(t: &Tables, x: u16) -> u16 {
    let (hi, lo) = ((x >> 8) as u8, x as u8);
    let norm = (square(u64::from(x)) as u8) ^ mul8(t, hi, lo);
    let n = t.inv8[usize::from(norm)];
    (u16::from(mul8(t, hi, n)) << 8) | u16::from(mul8(t, hi ^ lo, n))
}
