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

    #[inline]
    pub fn contains(&self, v: usize) -> bool {
        self.words[v >> 6] >> (v & 63) & 1 != 0
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
