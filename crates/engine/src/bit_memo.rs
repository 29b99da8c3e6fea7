//! A compact memo of one bit a key, for keys that are random words
//! already (sums of random words, say): no hash is computed, the key's
//! own high bits pick its slot.
//!
//! Each slot is one 8-byte word holding the key with its lowest bit
//! replaced by the stored bit, in an open-addressing table (linear
//! probing, a power-of-two count of slots). A std `HashMap<u64, bool>`
//! holds about 17 bytes a bucket and hashes the key again; this holds 8,
//! reads one cache line for most look-ups, and can ask for a key's line
//! ahead ([`BitMemo::prefetch`]): a search whose probes miss the cache
//! (the quotient learner's outcome search) waits on those lines.

use crate::memory::{admit, block_size, Blocks, Reserve};
use crate::SearchError;

/// The word of an empty slot. Keys 0 and 1, whose stored word it would
/// be, are stored as [`ZERO_KEY`] instead.
const EMPTY: u64 = 0;

/// What keys 0 and 1 (whose stored word would be [`EMPTY`]) are stored
/// as: an even word of no other meaning (the golden-ratio word, its low
/// bit cleared).
const ZERO_KEY: u64 = 0x9e37_79b9_7f4a_7c14;

/// The fewest slots of a table that holds anything.
const MIN_SLOTS: usize = 16;

/// Most keys a slot before the table doubles: 1/2. A miss (most
/// look-ups of a search are) reads about 2.5 slots on average at that
/// load, 8.5 at 3/4; of 1/2, 3/4 and 7/8, 1/2 took the least CPU time
/// in the quotient learner's outcome search (`quotient octal --code
/// 0.07 --max-heap 33`, `--code 0.54 --max-heap 65`; a few per cent,
/// near the noise) and the fewest instructions in its probes. At 8
/// bytes a slot a key takes 16 to 32 bytes, less than in a
/// `HashMap<u64, bool>` (19 to 39).
const LOAD_NUM: usize = 1;
const LOAD_DEN: usize = 2;

/// A set of `u64` keys each with one `bool`, like a
/// `HashMap<u64, bool>` whose keys are compared without their lowest
/// bit: keys that differ only in bit 0 are one key, and so are keys 0,
/// 1 and `0x9e37_79b9_7f4a_7c14` (stored alike). Meant for keys that
/// are uniformly random words (their high bits choose the slot, so keys
/// agreeing in their high bits crowd together): for such keys, two
/// that collide are as unlikely as any two keys being equal.
///
/// Grows only through [`Reserve::reserve_within`] (within a memory
/// budget) or, outside any budget, [`BitMemo::insert`] on a full table;
/// never shrinks.
#[derive(Clone, Debug, Default)]
pub struct BitMemo {
    /// The slots: [`EMPTY`], or a stored key with its bit in bit 0.
    slots: Vec<u64>,
    /// Slots not empty.
    len: usize,
    /// 64 less the log2 of the count of slots: a key's slot is its word
    /// shifted right by this.
    shift: u32,
}

/// The word stored for `key`, before its bit is set: bit 0 cleared, and
/// never [`EMPTY`].
#[inline]
fn stored(key: u64) -> u64 {
    let k = key & !1;
    if k == EMPTY {
        ZERO_KEY
    } else {
        k
    }
}

/// The slots a table of `items` items needs: a power of two, at least
/// [`MIN_SLOTS`], with `items` at most its load. `None` past `usize`.
fn slots_for(items: usize) -> Option<usize> {
    let least = items.checked_mul(LOAD_DEN)?.div_ceil(LOAD_NUM);
    least.max(MIN_SLOTS).checked_next_power_of_two()
}

impl BitMemo {
    /// An empty memo; allocates nothing until it grows.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many keys it holds.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it holds no key.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many keys it can hold before it grows (a fixed share of its
    /// slots).
    #[inline]
    pub fn capacity(&self) -> usize {
        self.slots.len() / LOAD_DEN * LOAD_NUM
    }

    /// The slot where the search for `word` (a [`stored`] word) starts.
    #[inline]
    fn home(&self, word: u64) -> usize {
        (word >> self.shift) as usize
    }

    /// The bit stored with `key` (bit 0 of `key` ignored), if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<bool> {
        if self.slots.is_empty() {
            return None;
        }
        let want = stored(key);
        let mask = self.slots.len() - 1;
        let mut i = self.home(want);
        loop {
            let s = self.slots[i];
            if s & !1 == want {
                return Some(s & 1 == 1);
            }
            if s == EMPTY {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// Asks the processor to bring `key`'s first slot into the cache, so
    /// that a [`BitMemo::get`] of it soon after does not wait for memory;
    /// nothing else (nothing at all on processors other than x86-64).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(all(target_arch = "x86_64", target_feature = "sse"))]
        if let Some(slot) = self.slots.get(self.home(stored(key))) {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            // SAFETY: the intrinsic needs SSE, which this code is compiled
            // for (the cfg above; every x86-64 processor has it), and a
            // prefetch reads nothing and cannot fault; the address is a
            // slot of the table besides.
            unsafe { _mm_prefetch::<_MM_HINT_T0>((slot as *const u64).cast()) };
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "sse")))]
        let _ = key;
    }

    /// Stores `value` with `key` (bit 0 of `key` ignored), returning the
    /// bit it replaces, if any. On a full table, grows first, outside any
    /// budget, as `HashMap::insert` would (aborting if the allocation
    /// fails): call [`Reserve::reserve_within`] first to grow within one.
    #[inline]
    pub fn insert(&mut self, key: u64, value: bool) -> Option<bool> {
        if self.len >= self.capacity() {
            let slots = slots_for(self.len + 1).expect("a memo of fewer than usize::MAX keys");
            self.grow_to(slots.max(self.slots.len() * 2))
                .expect("memory for the memo");
        }
        let want = stored(key);
        let mask = self.slots.len() - 1;
        let mut i = self.home(want);
        loop {
            let s = self.slots[i];
            if s == EMPTY {
                self.slots[i] = want | value as u64;
                self.len += 1;
                return None;
            }
            if s & !1 == want {
                self.slots[i] = want | value as u64;
                return Some(s & 1 == 1);
            }
            i = (i + 1) & mask;
        }
    }

    /// Moves the keys to a table of `slots` slots (a power of two, more
    /// than hold them). Fails, with the memo unchanged, when the
    /// allocation does.
    fn grow_to(&mut self, slots: usize) -> Result<(), std::collections::TryReserveError> {
        let mut fresh: Vec<u64> = Vec::new();
        fresh.try_reserve_exact(slots)?;
        fresh.resize(slots, EMPTY);
        let old = std::mem::replace(&mut self.slots, fresh);
        self.shift = 64 - slots.trailing_zeros();
        let mask = slots - 1;
        for s in old.into_iter().filter(|&s| s != EMPTY) {
            let mut i = self.home(s);
            while self.slots[i] != EMPTY {
                i = (i + 1) & mask;
            }
            self.slots[i] = s;
        }
        Ok(())
    }
}

impl Reserve for BitMemo {
    /// Makes room for `additional` more keys: doubles the slots, or more
    /// if that is not enough. Refuses with [`SearchError::MemoryLimit`]
    /// when the new slots' bytes (as the allocator holds them,
    /// [`block_size`]), added to those allocated, would exceed
    /// `max_memory`, or when the allocation fails; the memo is then
    /// unchanged. Free when there is room already.
    #[inline]
    fn reserve_within(&mut self, additional: usize, max_memory: u64) -> Result<(), SearchError> {
        let need = self.len.saturating_add(additional);
        if need <= self.capacity() {
            return Ok(());
        }
        let slots = slots_for(need)
            .ok_or(SearchError::MemoryLimit(max_memory))?
            .max(self.slots.len().saturating_mul(2));
        let bytes = slots.saturating_mul(std::mem::size_of::<u64>());
        admit(block_size(Blocks::Malloc, bytes) as u64, max_memory)?;
        self.grow_to(slots)
            .map_err(|_| SearchError::MemoryLimit(max_memory))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hash::SplitMix;
    use proptest::prelude::*;
    use std::collections::HashMap;

    #[test]
    fn keys_keep_their_bits_through_growth() {
        let mut m = BitMemo::new();
        assert_eq!(m.get(5), None);
        assert!(m.is_empty());
        let mut rng = SplitMix(7);
        let keys: Vec<u64> = (0..10_000).map(|_| rng.next_u64() & !1).collect();
        for (i, &k) in keys.iter().enumerate() {
            m.reserve_within(1, u64::MAX).unwrap();
            assert_eq!(m.insert(k, i % 3 == 0), None);
            assert!(m.len() <= m.capacity());
        }
        assert_eq!(m.len(), keys.len());
        for (i, &k) in keys.iter().enumerate() {
            assert_eq!(m.get(k), Some(i % 3 == 0));
            // Bit 0 is not part of the key.
            assert_eq!(m.get(k | 1), Some(i % 3 == 0));
            m.prefetch(k);
        }
        assert_eq!(m.insert(keys[1] | 1, true), Some(false));
        assert_eq!(m.get(keys[1]), Some(true));
        assert_eq!(m.len(), keys.len());
    }

    #[test]
    fn the_empty_word_is_a_key_like_any() {
        let mut m = BitMemo::new();
        m.prefetch(0);
        assert_eq!(m.insert(0, true), None);
        assert_eq!(m.get(0), Some(true));
        assert_eq!(m.get(1), Some(true));
        assert_eq!(m.get(ZERO_KEY), Some(true));
        assert_eq!(m.insert(1, false), Some(true));
        assert_eq!(m.get(0), Some(false));
        assert_eq!(m.get(2), None);
        assert_eq!(m.len(), 1);
    }

    #[test]
    fn keys_sharing_their_high_bits_probe_past_each_other() {
        // All in one home slot: each a step further, the table full to
        // its load, wrapping past the last slot.
        let mut m = BitMemo::new();
        m.reserve_within(8, u64::MAX).unwrap();
        assert_eq!(m.capacity(), 8);
        for k in 0..8u64 {
            m.insert(u64::MAX - 2 * k, k % 2 == 0);
        }
        for k in 0..8u64 {
            assert_eq!(m.get(u64::MAX - 2 * k), Some(k % 2 == 0));
        }
        assert_eq!(m.get(u64::MAX - 16), None);
        assert_eq!(m.capacity(), 8);
    }

    #[test]
    fn a_growth_past_the_budget_is_refused_and_changes_nothing() {
        let mut m = BitMemo::new();
        m.insert(42, true);
        let slots = m.slots.len();
        // A million keys take 16 MiB of slots: past a 1 MiB budget.
        assert_eq!(
            m.reserve_within(1_000_000, 1 << 20),
            Err(SearchError::MemoryLimit(1 << 20))
        );
        assert_eq!(m.slots.len(), slots);
        assert_eq!(m.get(42), Some(true));
        // More than any address space holds: the allocation fails.
        assert_eq!(
            m.reserve_within(usize::MAX / 32, u64::MAX),
            Err(SearchError::MemoryLimit(u64::MAX))
        );
        assert_eq!(m.get(42), Some(true));
        assert!(m.reserve_within(usize::MAX, u64::MAX).is_err());
        // Room already there is free, whatever the budget.
        assert_eq!(m.reserve_within(1, 0), Ok(()));
    }

    proptest! {
        #[test]
        fn it_answers_as_a_hash_map(
            ops in proptest::collection::vec((any::<bool>(), 0u64..64, any::<bool>()), 0..400),
            spread in any::<u64>(),
        ) {
            // Keys from a small pool, so that they repeat; spread over
            // the words, but some sharing high bits, bit 0 always clear
            // (the map's keys are the stored words).
            let pool: Vec<u64> = (0..64u64)
                .map(|i| match i % 4 {
                    0 => i << 1,
                    1 => u64::MAX - (i << 1) - 1,
                    _ => crate::hash::splitmix64(spread ^ i) & !1,
                })
                .collect();
            let mut m = BitMemo::new();
            let mut want: HashMap<u64, bool> = HashMap::new();
            for (put, i, v) in ops {
                let k = pool[i as usize];
                if put {
                    if i % 2 == 0 {
                        m.reserve_within(1, u64::MAX).unwrap();
                    }
                    prop_assert_eq!(m.insert(k, v), want.insert(k, v));
                } else {
                    prop_assert_eq!(m.get(k), want.get(&k).copied());
                }
                prop_assert_eq!(m.len(), want.len());
            }
            for &k in &pool {
                prop_assert_eq!(m.get(k), want.get(&k).copied());
            }
        }
    }
}
