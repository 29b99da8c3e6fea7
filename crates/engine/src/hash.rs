//! A fast, non-cryptographic hasher for the solvers' memo tables.
//!
//! The tables are keyed by positions the program itself generates, so
//! resistance to adversarial collisions (std's SipHash) buys nothing and
//! costs a third of the search time (measured with the subtraction-sum
//! bench in crates/games/benches/solver.rs). This is the multiply-rotate
//! scheme popularised by Firefox and rustc, written here in a few lines
//! rather than adding a dependency.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Multiply-rotate word hasher.
#[derive(Default, Clone, Copy)]
pub struct FastHasher {
    hash: u64,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FastHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FastHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut buf = [0u8; 8];
            buf[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(buf));
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.hash.rotate_left(26)
    }
}

/// A `HashMap` with [`FastHasher`].
pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

/// A `HashSet` with [`FastHasher`].
pub type FastSet<K> = std::collections::HashSet<K, BuildHasherDefault<FastHasher>>;

/// One step of the SplitMix64 generator (Steele, Lea and Flood): `x`
/// advanced by the golden-ratio increment, then mixed. Well-spread
/// 64-bit words that every run and every process computes alike: the
/// quotient learner's word for each heap, the seeded choice of `play`.
pub fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(GOLDEN_GAMMA);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// SplitMix64's increment: 2^64 over the golden ratio, odd.
const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// The SplitMix64 generator seeded with its state: the stream of
/// [`splitmix64`] words, for reproducible random choices (the tests'
/// random games among them) without a dependency.
#[derive(Clone, Debug)]
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next word of the stream.
    pub fn next_u64(&mut self) -> u64 {
        let w = splitmix64(self.0);
        self.0 = self.0.wrapping_add(GOLDEN_GAMMA);
        w
    }

    /// The next word modulo `n` (which must not be 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

#[cfg(test)]
mod tests {
    use super::SplitMix;

    #[test]
    fn splitmix64_matches_an_independent_transcription() {
        // The first outputs of SplitMix64 seeded with 1234567, computed
        // apart from this code (Vigna's splitmix64.c transcribed in Python).
        let mut rng = SplitMix(1234567);
        assert_eq!(rng.next_u64(), 6457827717110365317);
        assert_eq!(rng.next_u64(), 3203168211198807973);
        assert_eq!(rng.next_u64(), 9817491932198370423);
    }
}
