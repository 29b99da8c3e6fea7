//! The minimum excludant.

use crate::Nimber;

/// The least non-negative integer not in `values`. Reorders `values`.
///
/// Runs in O(len) time with no allocation beyond a small bitset when the
/// values are small, and falls back to sorting otherwise.
pub fn mex(values: &mut [u64]) -> u64 {
    let len = values.len();
    // Only values < len can matter: the mex is at most len.
    if len <= 256 {
        let mut seen = [0u64; 4];
        for &v in values.iter() {
            if v < 256 {
                seen[(v >> 6) as usize] |= 1 << (v & 63);
            }
        }
        for (i, w) in seen.iter().enumerate() {
            if *w != u64::MAX {
                return (i as u64) * 64 + (!w).trailing_zeros() as u64;
            }
        }
        256
    } else {
        let mut seen = vec![false; len + 1];
        for &v in values.iter() {
            if (v as usize) <= len {
                seen[v as usize] = true;
            }
        }
        seen.iter().position(|s| !s).unwrap_or(len + 1) as u64
    }
}

/// The mex of an iterator of nimbers.
pub fn mex_of<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    let mut v: Vec<u64> = values.into_iter().map(|n| n.0).collect();
    Nimber(mex(&mut v))
}
