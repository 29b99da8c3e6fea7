//! The minimum excludant.

use crate::Nimber;

/// The least non-negative integer not in `values` (`0` for an empty slice).
///
/// Duplicates and values of any size are allowed. `values` is taken mutably
/// so that an implementation may reorder it in place; the current one leaves
/// it untouched. Runs in O(len) time: only values below `len` can matter,
/// because the mex is at most `len`, so a bitset of `len + 1` bits decides
/// it. The bitset lives on the stack up to 4095 values and allocates
/// `len / 8` bytes beyond.
pub fn mex(values: &mut [u64]) -> u64 {
    let len = values.len();
    if len < 64 {
        mex_with::<1>(values)
    } else if len < 256 {
        mex_with::<4>(values)
    } else if len < 4096 {
        mex_with::<64>(values)
    } else {
        let mut seen = vec![0u64; len / 64 + 1];
        mark(values, &mut seen);
        first_clear(&seen)
    }
}

/// The mex with a stack bitset of `WORDS` words; needs `len < 64 * WORDS`,
/// so that some bit stays clear.
#[inline]
fn mex_with<const WORDS: usize>(values: &[u64]) -> u64 {
    let mut seen = [0u64; WORDS];
    mark(values, &mut seen);
    first_clear(&seen)
}

/// Sets bit `v` of `seen` for every value `v` that fits.
#[inline]
fn mark(values: &[u64], seen: &mut [u64]) {
    let bits = seen.len() as u64 * 64;
    for &v in values {
        if v < bits {
            seen[(v / 64) as usize] |= 1 << (v % 64);
        }
    }
}

/// The index of the first clear bit; `seen` has one by the callers' sizing.
#[inline]
fn first_clear(seen: &[u64]) -> u64 {
    let mut base = 0;
    for &word in seen {
        if word != u64::MAX {
            return base + u64::from(word.trailing_ones());
        }
        base += 64;
    }
    base
}

/// The mex of an iterator of nimbers, as [`mex`] on their values.
pub fn mex_of<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    let mut v: Vec<u64> = values.into_iter().map(|n| n.0).collect();
    Nimber(mex(&mut v))
}
