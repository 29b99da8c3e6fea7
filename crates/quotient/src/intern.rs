//! Keys of words numbered once each: the stores of the exact check's
//! enumerations.

use grundy_engine::hash::splitmix64;
use grundy_engine::memory::{self, Reserve};
use grundy_engine::SearchError;

/// Keys (slices of words), each numbered once in order of insertion,
/// held end to end in one vector and found by an open-addressing table
/// of their numbers: a map of boxed keys held every key twice, each its
/// own allocation, and twice the memory (the pairs of a round number
/// hundreds of thousands).
pub(crate) struct Interner {
    words: Vec<u64>,
    /// Where each key ends in `words`.
    ends: Vec<usize>,
    hashes: Vec<u64>,
    /// Key numbers plus one (0: an empty slot), a power of two of them,
    /// at most half full.
    slots: Vec<u32>,
}

impl Default for Interner {
    fn default() -> Interner {
        Interner {
            words: Vec::new(),
            ends: Vec::new(),
            hashes: Vec::new(),
            slots: vec![0; 16],
        }
    }
}

impl Interner {
    /// How many keys.
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// Key `i`.
    pub(crate) fn key(&self, i: usize) -> &[u64] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.words[start..self.ends[i]]
    }

    /// The keys, in order.
    pub(crate) fn keys(&self) -> impl Iterator<Item = &[u64]> {
        (0..self.len()).map(|i| self.key(i))
    }

    /// The hash of a key, as [`Interner::intern`] wants it.
    pub(crate) fn hash(key: &[u64]) -> u64 {
        // Four lanes, so that the multiplications need not wait for each
        // other (a key of the pairs' is tens of words).
        let mut lanes = [key.len() as u64, 1, 2, 3];
        let mut chunks = key.chunks_exact(4);
        for c in &mut chunks {
            for (l, &w) in lanes.iter_mut().zip(c) {
                *l = mix(*l, w);
            }
        }
        for (l, &w) in lanes.iter_mut().zip(chunks.remainder()) {
            *l = mix(*l, w);
        }
        splitmix64(lanes.iter().fold(0, |h, &l| mix(h, l)))
    }

    /// The number of `key` (whose [`Interner::hash`] is `hash`),
    /// inserted if new; each store grows within `max_memory`.
    pub(crate) fn intern(
        &mut self,
        key: &[u64],
        hash: u64,
        max_memory: u64,
    ) -> Result<u32, SearchError> {
        let mask = self.slots.len() - 1;
        let mut at = hash as usize & mask;
        while self.slots[at] != 0 {
            let i = self.slots[at] as usize - 1;
            if self.hashes[i] == hash && self.key(i) == key {
                return Ok(i as u32);
            }
            at = (at + 1) & mask;
        }
        let i = self.len();
        if i >= u32::MAX as usize - 1 {
            return Err(SearchError::MemoryLimit(max_memory));
        }
        self.words.reserve_within(key.len(), max_memory)?;
        self.ends.reserve_within(1, max_memory)?;
        self.hashes.reserve_within(1, max_memory)?;
        self.words.extend_from_slice(key);
        self.ends.push(self.words.len());
        self.hashes.push(hash);
        self.slots[at] = i as u32 + 1;
        if 2 * self.len() > self.slots.len() {
            self.grow(max_memory)?;
        }
        Ok(i as u32)
    }

    /// Doubles the table.
    fn grow(&mut self, max_memory: u64) -> Result<(), SearchError> {
        let size = self.slots.len() * 2;
        let mut slots = memory::filled(size, 0u32, max_memory)?;
        let mask = size - 1;
        for (i, &h) in self.hashes.iter().enumerate() {
            let mut at = h as usize & mask;
            while slots[at] != 0 {
                at = (at + 1) & mask;
            }
            slots[at] = i as u32 + 1;
        }
        self.slots = slots;
        Ok(())
    }
}

/// One step of a multiply-rotate hash of words (finish with
/// [`splitmix64`], whose low bits depend on every bit).
#[inline]
pub(crate) fn mix(h: u64, word: u64) -> u64 {
    (h.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys of any length are numbered in order of first insertion, a
    /// key met again gets its number back, and the numbers survive the
    /// table's doubling.
    #[test]
    fn keys_are_numbered_once_in_order() {
        let mut t = Interner::default();
        let key = |i: u64| -> Vec<u64> { (0..1 + i % 5).map(|w| w * 1000 + i).collect() };
        for round in 0..2 {
            for i in 0..1000u64 {
                let k = key(i);
                let n = t.intern(&k, Interner::hash(&k), u64::MAX).unwrap();
                assert_eq!(n as u64, i, "round {round}");
            }
        }
        assert_eq!(t.len(), 1000);
        assert_eq!(t.key(7), &key(7)[..]);
        assert_eq!(t.keys().nth(999), Some(&key(999)[..]));
    }
}
