//! Small sets of values as bit sets, sized to a power of two.

/// A set of values below `64 * words.len()`.
#[derive(Clone, Debug, Default)]
pub(crate) struct ValueSet {
    pub words: Vec<u64>,
}

impl ValueSet {
    pub fn with_width(width: usize) -> ValueSet {
        ValueSet {
            words: vec![0; width.div_ceil(64)],
        }
    }

    #[inline]
    pub fn insert(&mut self, v: usize) {
        self.words[v >> 6] |= 1 << (v & 63);
    }

    #[cfg(feature = "parallel")]
    #[inline]
    pub fn remove(&mut self, v: usize) {
        self.words[v >> 6] &= !(1 << (v & 63));
    }

    #[cfg(feature = "parallel")]
    /// Inserts the values of `other` below `c`.
    pub fn add_below(&mut self, other: &ValueSet, c: usize) {
        for (i, (w, &o)) in self.words.iter_mut().zip(&other.words).enumerate() {
            if i * 64 >= c {
                break;
            }
            let keep = if (i + 1) * 64 > c {
                (1u64 << (c - i * 64)) - 1
            } else {
                u64::MAX
            };
            *w |= o & keep;
        }
    }

    /// Makes the set hold the values v with `bytes[v] == 1`, and no value
    /// at or above `bytes.len()`, which must be a multiple of 64 and at most
    /// the width. Every byte must be 0 or 1.
    pub fn load_bytes(&mut self, bytes: &[u8]) {
        let full = bytes.len() / 64;
        for (w, chunk) in self.words[..full].iter_mut().zip(bytes.chunks_exact(64)) {
            let mut x = 0u64;
            for (i, eight) in chunk.chunks_exact(8).enumerate() {
                let b = u64::from_le_bytes(eight.try_into().expect("8 bytes"));
                // Byte i (0 or 1) lands on bit 56 + i of the product, and
                // no two partial products meet there.
                x |= (b.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * i);
            }
            *w = x;
        }
        self.words[full..].fill(0);
    }

    #[cfg(feature = "parallel")]
    /// Makes the set the one whose words are `words` (of a width that may
    /// be smaller).
    pub fn copy_words(&mut self, words: &[u64]) {
        let len = words.len();
        self.words[..len].copy_from_slice(words);
        self.words[len..].fill(0);
    }

    /// The least value not in the set (the mex), `width` if all are in.
    pub fn mex(&self) -> usize {
        for (i, &w) in self.words.iter().enumerate() {
            if w != u64::MAX {
                return i * 64 + (!w).trailing_zeros() as usize;
            }
        }
        self.words.len() * 64
    }

    /// The least value in `allowed` and not in the set, `width` if none.
    pub fn least_missing_in(&self, allowed: &ValueSet) -> usize {
        for (i, (&w, &a)) in self.words.iter().zip(&allowed.words).enumerate() {
            let free = !w & a;
            if free != 0 {
                return i * 64 + free.trailing_zeros() as usize;
            }
        }
        self.words.len() * 64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn load_bytes_packs_each_byte_to_its_bit() {
        let mut state = 7u32;
        for _ in 0..200 {
            let bytes: Vec<u8> = (0..128)
                .map(|_| {
                    state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
                    (state >> 20) as u8 & 1
                })
                .collect();
            let mut set = ValueSet::with_width(256);
            set.words.fill(u64::MAX);
            set.load_bytes(&bytes);
            for v in 0..256 {
                let want = bytes.get(v) == Some(&1);
                assert_eq!(set.words[v >> 6] >> (v & 63) & 1 == 1, want, "value {v}");
            }
        }
    }
}
