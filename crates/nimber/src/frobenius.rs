//! Squaring and square roots.
//!
//! In characteristic 2, `(a + b)^2 = a^2 + b^2`, so squaring is linear over
//! GF(2), and so is its inverse, the square root (squaring is a bijection of
//! a finite field of characteristic 2). A linear map on 64-bit words is
//! eight byte-indexed tables: eight lookups, far cheaper than a product.

use crate::tables::{apply_linear, tables};

/// `x ⊗ x`.
#[inline]
pub(crate) fn square(x: u64) -> u64 {
    linear(&tables().square, x)
}

/// The unique `y` with `y ⊗ y = x`.
#[inline]
pub(crate) fn sqrt(x: u64) -> u64 {
    linear(&tables().sqrt, x)
}

/// Both maps keep the subfield below 2^32, so its high bytes can be skipped.
#[inline]
fn linear(map: &[[u64; 256]; 8], x: u64) -> u64 {
    if x >> 32 == 0 {
        apply_linear::<4>(map, x)
    } else {
        apply_linear::<8>(map, x)
    }
}
