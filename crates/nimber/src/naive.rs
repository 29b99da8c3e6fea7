//! Reference nim-arithmetic straight from Conway's recursion.
//!
//! Slow on purpose: every operation here follows the definition as plainly
//! as possible, so that it can serve as the ground truth that the
//! table-driven operations of this crate are tested and benchmarked against.
//! It also seeds those tables. Nothing in a hot path should call it.
//!
//! The recursion splits a nimber below `2^(2^level)` into halves around the
//! Fermat 2-power `t = 2^(2^(level-1))`: `a = a_hi ⊗ t ⊕ a_lo`, where the
//! halves lie in the subfield below `t` and `a_hi ⊗ t` is the ordinary
//! product `a_hi · t`. The one rule needed beyond distributivity is
//! `t ⊗ t = 3t/2 = t ⊕ t/2`.

/// The level of the whole 64-bit field: nimbers below `2^(2^6)`.
const TOP_LEVEL: u32 = 6;

/// The nim-product `a ⊗ b`, by Conway's recursion on halves.
///
/// Costs up to `5^6` recursive calls; use only as a reference.
pub fn mul(a: u64, b: u64) -> u64 {
    mul_at(a, b, TOP_LEVEL)
}

/// `a ⊗ b` for `a, b < 2^(2^level)`.
fn mul_at(a: u64, b: u64, level: u32) -> u64 {
    if a == 0 || b == 0 {
        return 0;
    }
    if level == 0 {
        // Both are 1 here: the field of order 2.
        return a & b;
    }
    let half = 1u32 << (level - 1);
    let mask = (1u64 << half) - 1;
    let (a_lo, a_hi) = (a & mask, a >> half);
    let (b_lo, b_hi) = (b & mask, b >> half);
    // t ⊗ t = t ⊕ h with t = 2^half, h = t/2.
    let h = 1u64 << (half - 1);
    // (a_hi t + a_lo)(b_hi t + b_lo)
    //   = (a_hi b_hi + a_hi b_lo + a_lo b_hi) t + (a_hi b_hi h + a_lo b_lo)
    let hh = mul_at(a_hi, b_hi, level - 1);
    let high = hh ^ mul_at(a_hi, b_lo, level - 1) ^ mul_at(a_lo, b_hi, level - 1);
    let low = mul_at(hh, h, level - 1) ^ mul_at(a_lo, b_lo, level - 1);
    (high << half) | low
}

/// `a ⊗ a`.
pub fn square(a: u64) -> u64 {
    mul(a, a)
}

/// `a` to the nim-power `exponent` by repeated squaring of naive products.
/// `pow(a, 0) = 1` for every `a`, including zero.
pub fn pow(a: u64, exponent: u64) -> u64 {
    let mut result = 1;
    let mut base = a;
    let mut e = exponent;
    while e != 0 {
        if e & 1 == 1 {
            result = mul(result, base);
        }
        base = square(base);
        e >>= 1;
    }
    result
}

/// The nim-inverse of `a`, `None` for zero: `a^(2^64 - 2)`, since the
/// multiplicative group of the field has order `2^64 - 1`.
pub fn inverse(a: u64) -> Option<u64> {
    (a != 0).then(|| pow(a, u64::MAX - 1))
}

/// The unique nim-square root of `a`: `a^(2^63)`, since squaring 64 times
/// is the identity on the field of order `2^64`.
pub fn sqrt(a: u64) -> u64 {
    (0..63).fold(a, |x, _| square(x))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_products_by_hand() {
        // The multiplication table of the field of order 4: {0, 1, 2, 3}.
        assert_eq!(mul(2, 2), 3);
        assert_eq!(mul(2, 3), 1);
        assert_eq!(mul(3, 3), 2);
        assert_eq!(mul(1, 3), 3);
        assert_eq!(mul(0, 3), 0);
    }

    #[test]
    fn inverse_and_sqrt_round_trip() {
        for a in [1u64, 2, 3, 7, 255, 256, 0xdead_beef, u64::MAX] {
            let inv = inverse(a).expect("nonzero");
            assert_eq!(mul(a, inv), 1, "a = {a}");
            assert_eq!(square(sqrt(a)), a, "a = {a}");
        }
        assert_eq!(inverse(0), None);
    }
}
