//! The stored values of heaps: [`Value`], and [`Values`], the compact
//! store of a whole sequence (about one byte a heap). A leaf every other
//! module reads.

/// The value of one heap (see the crate documentation).
pub type Value = u16;

/// Heaps read together by [`Values::batch`]: the kernel's batch, heaps
/// whose pass over the rare heaps is done together (measured on 0.6: 32
/// beats 16 and 64).
pub(crate) const BATCH: usize = 32;

/// The value standing for "look the value up in the wide table" once the
/// plane of bit 8 exists: byte 255 with bit 8 set.
const ESCAPE: Value = 511;

/// `SMALL[v] == v`: what [`Values`]' `Index` hands out for a value below
/// [`ESCAPE`].
static SMALL: [Value; 512] = {
    let mut t = [0; 512];
    let mut i = 0;
    while i < 512 {
        t[i] = i as Value;
        i += 1;
    }
    t
};

/// The values of heaps `0..len()`, compactly:
/// - a byte a heap, the value's low eight bits;
/// - once a value reaches 256, a plane of bit 8, a bit a heap (an eighth
///   of a byte);
/// - the values of 511 or more (stored as byte 255 with bit 8 set) in a
///   side table of (heap, value), ascending by heap.
///
/// Most take-and-break games stay below 256 (0.1777's largest value is
/// 41): one byte a heap. Officers (0.6), whose most frequent values are
/// 256 and 257, stays below 511 as far as it was computed here: a byte
/// and an eighth. The byte, the bit and the table are also the form of
/// checkpoints and binary values files ([`Values::parts`]).
#[derive(Clone, Debug, Default)]
pub struct Values {
    bytes: Vec<u8>,
    /// Bit `k % 64` of word `k / 64`: bit 8 of heap k's value; empty while
    /// every value is below 256, else `len().div_ceil(64)` words.
    plane: Vec<u64>,
    wide_heaps: Vec<usize>,
    wide_values: Vec<Value>,
}

impl Values {
    /// No values.
    pub fn new() -> Values {
        Values::default()
    }

    /// The number of values (heaps `0..len`).
    #[inline]
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// True when there is no value.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Reserves room for `additional` more values (their bytes, and their
    /// bits once there is a plane), failing instead of aborting when the
    /// memory cannot be had.
    pub fn try_reserve_exact(
        &mut self,
        additional: usize,
    ) -> Result<(), std::collections::TryReserveError> {
        self.bytes.try_reserve_exact(additional)?;
        if !self.plane.is_empty() {
            let words = (self.len() + additional).div_ceil(64);
            self.plane
                .try_reserve_exact(words.saturating_sub(self.plane.len()))?;
        }
        Ok(())
    }

    /// Appends the value of the next heap.
    #[inline]
    pub fn push(&mut self, v: Value) {
        let k = self.bytes.len();
        if v >= 256 && self.plane.is_empty() {
            self.start_plane();
        }
        if !self.plane.is_empty() && self.plane.len() * 64 <= k {
            self.plane.push(0);
        }
        if v >= ESCAPE {
            self.wide_heaps.push(k);
            self.wide_values.push(v);
        }
        if v >= 256 {
            self.plane[k / 64] |= 1 << (k % 64);
        }
        self.bytes.push(v.min(ESCAPE) as u8);
    }

    /// Makes the plane of bit 8, zero for the heaps so far and the next,
    /// with room for the heaps the bytes have room for.
    #[cold]
    fn start_plane(&mut self) {
        let words = (self.len() + 1).div_ceil(64);
        let mut plane = Vec::with_capacity(self.bytes.capacity().div_ceil(64).max(words));
        plane.resize(words, 0);
        self.plane = plane;
    }

    /// The value of heap `k`, if stored.
    #[inline]
    pub fn get(&self, k: usize) -> Option<Value> {
        (k < self.len()).then(|| self.at(k))
    }

    /// Heap `k`'s byte and, once some value needed it, its ninth bit
    /// from the plane: the value itself, or [`ESCAPE`] for a value kept
    /// in the side table.
    #[inline]
    fn nine_bits(&self, k: usize) -> Value {
        let b = Value::from(self.bytes[k]);
        if self.plane.is_empty() {
            return b;
        }
        b | (((self.plane[k / 64] >> (k % 64)) & 1) as Value) << 8
    }

    /// The value of heap `k` (`k < len`).
    #[inline]
    pub(crate) fn at(&self, k: usize) -> Value {
        let v = self.nine_bits(k);
        if v != ESCAPE {
            v
        } else {
            self.wide_at(k)
        }
    }

    /// The values of heaps `k..k + BATCH` (all stored), unless one of
    /// them is in the wide table (511 or more).
    #[inline]
    pub(crate) fn batch(&self, k: usize) -> Option<[Value; BATCH]> {
        let bytes: &[u8; BATCH] = self.bytes[k..k + BATCH].try_into().ok()?;
        let mut out = [0; BATCH];
        if self.plane.is_empty() {
            for (o, &b) in out.iter_mut().zip(bytes) {
                *o = Value::from(b);
            }
            return Some(out);
        }
        // Bits 8 of the batch: from the word of heap k, and the next.
        let (w, off) = (k / 64, k % 64);
        let mut bits = self.plane[w] >> off;
        if off > 64 - BATCH {
            bits |= self.plane[w + 1] << (64 - off);
        }
        let mut escape = false;
        for (j, (o, &b)) in out.iter_mut().zip(bytes).enumerate() {
            *o = Value::from(b) | (((bits >> j) & 1) as Value) << 8;
            escape |= *o == ESCAPE;
        }
        (!escape).then_some(out)
    }

    /// The heaps `1..end` (at most `len()`) whose value is at least
    /// `bit`, ascending, given that every value is below `2 * bit` (a
    /// power of two, at least 32): found in the bytes while the values fit
    /// a byte, in the plane of bit 8 for 256 (a word of 64 heaps at a
    /// time), in the wide table above.
    pub(crate) fn heaps_at_least(
        &self,
        bit: usize,
        end: usize,
    ) -> impl Iterator<Item = usize> + '_ {
        let end = end.min(self.len());
        let (bytes, plane, wide) = match bit {
            ..256 => (&self.bytes[..end], &[][..], &[][..]),
            256 => (
                &[][..],
                &self.plane[..end.div_ceil(64).min(self.plane.len())],
                &[][..],
            ),
            _ => (
                &[][..],
                &[][..],
                &self.wide_heaps[..self.wide_heaps.partition_point(|&h| h < end)],
            ),
        };
        let small = bytes
            .iter()
            .enumerate()
            .filter(move |&(_, &b)| usize::from(b) >= bit)
            .map(|(k, _)| k);
        let ninth = plane.iter().enumerate().flat_map(|(w, &word)| {
            let mut word = word;
            std::iter::from_fn(move || {
                let j = word.trailing_zeros() as usize;
                word &= word.wrapping_sub(1);
                (j < 64).then_some(w * 64 + j)
            })
        });
        let large = wide
            .iter()
            .zip(&self.wide_values)
            .filter(move |&(_, &v)| usize::from(v) >= bit)
            .map(|(&k, _)| k);
        small
            .chain(ninth.take_while(move |&k| k < end))
            .chain(large)
            .filter(|&k| k >= 1)
    }

    #[cold]
    fn wide_at(&self, k: usize) -> Value {
        let i = self
            .wide_heaps
            .binary_search(&k)
            .expect("an escaped heap has its entry");
        self.wide_values[i]
    }

    /// The store's parts, as files and messages hold them: the low byte of
    /// each value (255 for a value of 511 or more); the plane of bit 8 (bit
    /// `k % 64` of word `k / 64` for heap k; empty while every value is
    /// below 256); the heaps whose value is 511 or more, ascending, and
    /// those values.
    pub fn parts(&self) -> (&[u8], &[u64], &[usize], &[Value]) {
        (
            &self.bytes,
            &self.plane,
            &self.wide_heaps,
            &self.wide_values,
        )
    }

    /// [`Values::from_parts`] of the parts as files and messages carry
    /// them: the plane as 8-byte little-endian words, the table as 10-byte
    /// entries (the heap, 8 bytes, then its value, 2 bytes, little-endian).
    /// `Err` also when a length is not a whole number of words or entries.
    pub fn from_le_parts(bytes: Vec<u8>, plane: &[u8], table: &[u8]) -> Result<Values, String> {
        if !plane.len().is_multiple_of(8) || !table.len().is_multiple_of(10) {
            return Err("a plane or table of partial entries".into());
        }
        let plane = plane
            .chunks_exact(8)
            .map(|w| u64::from_le_bytes(w.try_into().expect("8 bytes")))
            .collect();
        let (heaps, wides) = table
            .chunks_exact(10)
            .map(|e| {
                let h = u64::from_le_bytes(e[..8].try_into().expect("8 bytes"));
                (
                    usize::try_from(h).unwrap_or(usize::MAX),
                    Value::from_le_bytes([e[8], e[9]]),
                )
            })
            .unzip();
        Values::from_parts(bytes, plane, heaps, wides)
    }

    /// The store of the parts [`Values::parts`] gives, checked: `Err` names
    /// what does not fit (a plane of the wrong length or with bits past the
    /// last heap, a heap marked wide without its entry or an entry without
    /// its mark, an entry below 511, heaps out of order).
    pub fn from_parts(
        bytes: Vec<u8>,
        plane: Vec<u64>,
        wide_heaps: Vec<usize>,
        wide_values: Vec<Value>,
    ) -> Result<Values, String> {
        let len = bytes.len();
        if wide_heaps.len() != wide_values.len() {
            return Err("wide table of unequal columns".into());
        }
        if !plane.is_empty() && plane.len() != len.div_ceil(64) {
            return Err(format!(
                "{} words of bit 8 for {len} values, expected {}",
                plane.len(),
                len.div_ceil(64)
            ));
        }
        if !len.is_multiple_of(64) && plane.last().is_some_and(|&w| w >> (len % 64) != 0) {
            return Err("bits set past the last value".into());
        }
        if plane.is_empty() && !wide_heaps.is_empty() {
            return Err("wide values without bits 8".into());
        }
        let values = Values {
            bytes,
            plane,
            wide_heaps,
            wide_values,
        };
        let mut at = 0;
        if !values.plane.is_empty() {
            for (k, _) in values.bytes.iter().enumerate().filter(|&(_, &b)| b == 255) {
                if (values.plane[k / 64] >> (k % 64)) & 1 == 0 {
                    continue;
                }
                if values.wide_heaps.get(at) != Some(&k) {
                    return Err(format!("heap {k} is marked wide but has no entry"));
                }
                at += 1;
            }
        }
        if at != values.wide_heaps.len() {
            return Err(format!(
                "{} wide entries for {at} heaps marked wide",
                values.wide_heaps.len()
            ));
        }
        if let Some(v) = values.wide_values.iter().find(|&&v| v < ESCAPE) {
            return Err(format!("wide entry of value {v}, below {ESCAPE}"));
        }
        Ok(values)
    }

    /// The values in heap order.
    pub fn iter(&self) -> impl Iterator<Item = Value> + '_ {
        let mut wide = self.wide_values.iter();
        (0..self.len()).map(move |k| {
            let v = self.nine_bits(k);
            if v != ESCAPE {
                v
            } else {
                *wide.next().expect("an escaped heap has its entry")
            }
        })
    }

    /// The values as a plain vector (a copy, two bytes a heap).
    pub fn to_vec(&self) -> Vec<Value> {
        self.iter().collect()
    }

    /// The largest value, `None` when empty.
    pub fn max(&self) -> Option<Value> {
        if self.plane.is_empty() {
            return self.bytes.iter().max().map(|&b| Value::from(b));
        }
        self.iter().max()
    }

    /// How many values are 511 or more (entries of the side table).
    pub fn wide_count(&self) -> usize {
        self.wide_heaps.len()
    }

    /// Keeps the values of heaps `0..len`.
    pub fn truncate(&mut self, len: usize) {
        if len >= self.len() {
            return;
        }
        self.bytes.truncate(len);
        let keep = self.wide_heaps.partition_point(|&h| h < len);
        self.wide_heaps.truncate(keep);
        self.wide_values.truncate(keep);
        if !self.plane.is_empty() {
            self.plane.truncate(len.div_ceil(64));
            if !len.is_multiple_of(64) {
                if let Some(w) = self.plane.last_mut() {
                    *w &= (1 << (len % 64)) - 1;
                }
            }
        }
    }

    /// Bytes of memory the store holds (its allocations).
    pub fn heap_bytes(&self) -> usize {
        self.bytes.capacity()
            + self.plane.capacity() * 8
            + self.wide_heaps.capacity() * std::mem::size_of::<usize>()
            + self.wide_values.capacity() * std::mem::size_of::<Value>()
    }
}

impl std::ops::Index<usize> for Values {
    type Output = Value;

    /// The value of heap `k`; panics past the end.
    fn index(&self, k: usize) -> &Value {
        let v = self.at(k);
        if v < ESCAPE {
            &SMALL[v as usize]
        } else {
            &self.wide_values[self.wide_heaps.binary_search(&k).expect("an entry")]
        }
    }
}

impl PartialEq for Values {
    fn eq(&self, other: &Values) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for Values {}

impl Extend<Value> for Values {
    fn extend<I: IntoIterator<Item = Value>>(&mut self, iter: I) {
        for v in iter {
            self.push(v);
        }
    }
}

impl FromIterator<Value> for Values {
    fn from_iter<I: IntoIterator<Item = Value>>(iter: I) -> Values {
        let iter = iter.into_iter();
        let mut values = Values::new();
        values.bytes.reserve(iter.size_hint().0);
        values.extend(iter);
        values
    }
}

impl From<&[Value]> for Values {
    fn from(values: &[Value]) -> Values {
        values.iter().copied().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip_through_the_plane_and_the_table() {
        let plain: Vec<Value> = vec![0, 1, 254, 255, 256, 7, 65535, 300, 3, 510, 511, 512];
        let values = Values::from(&plain[..]);
        assert_eq!(values.len(), plain.len());
        assert_eq!(values.wide_count(), 3);
        assert_eq!(values.to_vec(), plain);
        for (k, &v) in plain.iter().enumerate() {
            assert_eq!(values.get(k), Some(v));
            assert_eq!(values[k], v);
            assert_eq!(values.at(k), v);
        }
        assert_eq!(values.get(plain.len()), None);
        assert_eq!(values.max(), Some(65535));
        let mut cut = values.clone();
        cut.truncate(5);
        assert_eq!(cut.to_vec(), &plain[..5]);
        assert_eq!(cut.wide_count(), 0);
        assert_ne!(cut, values);
        let (b, p, h, w) = values.parts();
        let back = Values::from_parts(b.to_vec(), p.to_vec(), h.to_vec(), w.to_vec());
        assert_eq!(back.unwrap(), values);
        // Below 256 throughout: a byte a heap, no plane.
        let small = Values::from(&[0, 255, 3][..]);
        assert_eq!(Values::from(&[300, 2][..]).to_vec(), [300, 2]);
        assert!(small.parts().1.is_empty());
        assert_eq!(small.to_vec(), [0, 255, 3]);
        assert!(Values::from_parts(vec![0, 255], vec![2], vec![], vec![]).is_err());
        assert!(Values::from_parts(vec![0, 1], vec![2], vec![1], vec![600]).is_err());
        assert!(Values::from_parts(vec![0, 255], vec![2], vec![1], vec![300]).is_err());
        assert!(Values::from_parts(vec![0, 1], vec![4], vec![], vec![]).is_err());
        assert!(Values::from_parts(vec![0, 1], vec![], vec![1], vec![600]).is_err());
        let ok = Values::from_parts(vec![0, 255], vec![2], vec![1], vec![600]).unwrap();
        assert_eq!(ok.to_vec(), [0, 600]);
        // The plane grows a word every 64 heaps, and from the heap that
        // needs it on.
        let long: Vec<Value> = (0..1000)
            .map(|k| [k % 256, 256 + k % 200][(k / 300) % 2] as Value)
            .collect();
        let values = Values::from(&long[..]);
        assert_eq!(values.parts().1.len(), 1000usize.div_ceil(64));
        assert_eq!(values.to_vec(), long);
        assert!(values.heap_bytes() < 1000 + 1000 / 4);
    }

    /// The heaps with a value of at least a power of two, below a bound,
    /// as the bytes, the plane and the wide table give them, against the
    /// values read one by one.
    #[test]
    fn heaps_at_least_a_bit_match_the_values() {
        let mut state = 7u32;
        let mut next = move |m: u32| {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (state >> 8) % m
        };
        for (bit, top) in [(32, 64), (128, 256), (256, 512), (512, 1024), (1024, 2048)] {
            for round in 0..20 {
                let len = 1 + next(700) as usize;
                let plain: Vec<Value> = (0..len).map(|_| next(top) as Value).collect();
                let values = Values::from(&plain[..]);
                for end in [0, 1, len / 3, len - 1, len, len + 5, 64, 65, 128] {
                    let got: Vec<usize> = values.heaps_at_least(bit, end).collect();
                    let want: Vec<usize> = (1..end.min(len))
                        .filter(|&k| plain[k] as usize >= bit)
                        .collect();
                    assert_eq!(got, want, "bit {bit} round {round} end {end}");
                }
            }
        }
    }
}
