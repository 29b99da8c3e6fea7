//! Scans over the two-heap splits of one heap: the full scan and the search
//! for a few candidate values, written so the compiler vectorises them.
//!
//! The splits of m are the pairs (a, m - a). With the values in ascending
//! order and a second, reversed copy ([`Pairs`]), the values of a run of
//! consecutive pairs are the XOR of two ascending slices, lane by lane, which
//! plain SSE2 does eight `u16` lanes at a time.

use crate::bits::ValueSet;
use crate::Value;

/// Pairs tested between two looks at what was found.
const GROUP: usize = 64;
/// Lanes of one vector step of the marking loop.
const LANES: usize = 16;
/// The most candidates looked for with compare instructions; beyond that,
/// a table is used (measured on 0.6: 3 to 6 are equally good).
const MAX_VECTOR: usize = 4;
/// Pairs marked between two compactions of the candidate list, per
/// candidate: marking a pair (one store) costs far less than the
/// compaction's work for one candidate (measured: 16 beats 1 to 8).
const STEP: usize = 16;

/// The values of heaps `0..len` twice: ascending and reversed, so both
/// parts of a run of splits are contiguous ascending slices.
#[derive(Clone, Copy)]
pub(crate) struct Pairs<'a> {
    /// `values[i]` is the value of heap i.
    pub values: &'a [Value],
    /// `rev[rev.len() - 1 - i]` is the value of heap i, for i < values.len().
    pub rev: &'a [Value],
}

impl<'a> Pairs<'a> {
    /// The values of a and of m - a for a in lo..=hi (lo <= hi < m, and
    /// m - lo a known heap): two slices of equal length.
    #[inline]
    pub fn slices(&self, m: usize, lo: usize, hi: usize) -> (&'a [Value], &'a [Value]) {
        // Heap m - lo sits at rev.len() - 1 - (m - lo); m itself may be
        // past the end of `rev`.
        let start = self.rev.len() - 1 - (m - lo);
        (&self.values[lo..=hi], &self.rev[start..=start + (hi - lo)])
    }
}

/// Inserts into `hit` the value of every pair (a, m - a), a in lo..=hi.
pub(crate) fn scan_all(pairs: Pairs, m: usize, lo: usize, hi: usize, hit: &mut ValueSet) {
    if lo > hi {
        return;
    }
    let (xs, ys) = pairs.slices(m, lo, hi);
    for (x, y) in xs.iter().zip(ys) {
        hit.insert((x ^ y) as usize);
    }
}

/// Looks for the values in `cands` among `xs[i] ^ ys[i]`. The ones not
/// found are moved, in their order, to the front of `cands`; returns how
/// many there are. Stops as soon as all are found.
pub(crate) fn strike(xs: &[Value], ys: &[Value], cands: &mut [Value], mark: &mut Marks) -> usize {
    debug_assert_eq!(xs.len(), ys.len());
    let mut len = cands.len();
    let mut pos = 0;
    while len > 0 && pos < xs.len() {
        let (xs, ys, live) = (&xs[pos..], &ys[pos..], &cands[..len]);
        let (used, found) = match len {
            1 => probe::<1>(xs, ys, lanes(live)),
            2 => probe::<2>(xs, ys, lanes(live)),
            3 => probe::<3>(xs, ys, lanes(live)),
            4 => probe::<4>(xs, ys, lanes(live)),
            _ => {
                let (used, kept) = strike_table(xs, ys, &mut cands[..len], mark);
                pos += used;
                len = kept;
                continue;
            }
        };
        pos += used;
        if found != 0 {
            let mut kept = 0;
            for t in 0..len {
                if found >> t & 1 == 0 {
                    cands[kept] = cands[t];
                    kept += 1;
                }
            }
            len = kept;
        }
    }
    len
}

/// The `K` candidates as an array (the caller matches on the count).
#[inline]
fn lanes<const K: usize>(cands: &[Value]) -> [Value; K] {
    cands.try_into().expect("K candidates")
}

/// Tests whole groups of pairs for the candidates until a group has one;
/// returns how many pairs were tested and the candidates seen (bit t for
/// `cands[t]`). The last, partial group is tested one pair at a time.
#[inline]
fn probe<const K: usize>(xs: &[Value], ys: &[Value], cands: [Value; K]) -> (usize, u32) {
    let mut used = 0;
    for (xg, yg) in xs.chunks_exact(GROUP).zip(ys.chunks_exact(GROUP)) {
        // Plain loops over the group, which the loop vectoriser turns into
        // whole-vector XORs, compares and OR reductions.
        let mut v = [0; GROUP];
        for ((v, x), y) in v.iter_mut().zip(xg).zip(yg) {
            *v = x ^ y;
        }
        let mut found = 0u32;
        for (t, &c) in cands.iter().enumerate() {
            let seen = v.iter().fold(0u16, |a, &x| a | u16::from(x == c));
            found |= u32::from(seen) << t;
        }
        used += GROUP;
        if found != 0 {
            return (used, found);
        }
    }
    let mut found = 0u32;
    for (x, y) in xs[used..].iter().zip(&ys[used..]) {
        let v = x ^ y;
        for (t, &c) in cands.iter().enumerate() {
            found |= u32::from(v == c) << t;
        }
    }
    (xs.len(), found)
}

/// [`strike`] for many candidates: marks every pair value in a table (a
/// plain store per pair) and drops the candidates seen every [`STEP`] pairs
/// per candidate.
/// Stops once at most [`MAX_VECTOR`] are left (or at the end); returns how
/// many pairs were tested and how many candidates are left.
fn strike_table(
    xs: &[Value],
    ys: &[Value],
    cands: &mut [Value],
    mark: &mut Marks,
) -> (usize, usize) {
    let mark = mark.table();
    let mut used = 0;
    let mut len = cands.len();
    // Every value marked is at most the OR of all of them.
    let mut all = [0u16; LANES];
    while used < xs.len() {
        let step = (STEP * len).max(GROUP).min(xs.len() - used);
        let (xs, ys) = (&xs[used..used + step], &ys[used..used + step]);
        let mut xcs = xs.chunks_exact(LANES);
        for (xc, yc) in xcs.by_ref().zip(ys.chunks_exact(LANES)) {
            let xc: &[Value; LANES] = xc.try_into().expect("chunk of LANES");
            let yc: &[Value; LANES] = yc.try_into().expect("chunk of LANES");
            // XOR a vector at a time, then one store per pair.
            let mut v = [0; LANES];
            for j in 0..LANES {
                v[j] = xc[j] ^ yc[j];
                all[j] |= v[j];
            }
            for &v in &v {
                mark[v as usize] = 1;
            }
        }
        let tail = xcs.remainder().len();
        for (x, y) in xs[step - tail..].iter().zip(&ys[step - tail..]) {
            all[0] |= x ^ y;
            mark[(x ^ y) as usize] = 1;
        }
        used += step;
        // Branch-free: whether a candidate was seen is unpredictable.
        let mut kept = 0;
        for t in 0..len {
            let v = cands[t];
            cands[kept] = v;
            kept += usize::from(mark[v as usize] == 0);
        }
        len = kept;
        if len <= MAX_VECTOR {
            break;
        }
    }
    let all = all.iter().fold(0, |a, &b| a | b);
    mark[..=all as usize].fill(0);
    (used, len)
}

/// A byte for every [`Value`], so marking needs no bounds check; all zero
/// between uses. Allocated on first use, so an unused one costs nothing.
#[derive(Default)]
pub(crate) struct Marks(Option<Box<[u8; 1 << 16]>>);

impl Marks {
    fn table(&mut self) -> &mut [u8; 1 << 16] {
        self.0.get_or_insert_with(|| Box::new([0; 1 << 16]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `strike` against a direct computation, for every candidate count
    /// path (one to four, padded eight, table) and group boundaries.
    #[test]
    fn strike_finds_exactly_the_values_present() {
        let mut state = 12345u32;
        let mut next = move || {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (state >> 16) as Value
        };
        for round in 0..400 {
            let len = next() as usize % 300;
            let xs: Vec<Value> = (0..len).map(|_| next() % 64).collect();
            let ys: Vec<Value> = (0..len).map(|_| next() % 64).collect();
            let count = 1 + round % 40;
            let mut cands: Vec<Value> = (0..count).map(|_| next() % 80).collect();
            cands.sort_unstable();
            cands.dedup();
            let present: Vec<Value> = xs.iter().zip(&ys).map(|(x, y)| x ^ y).collect();
            let mut mark = Marks::default();
            let mut left = cands.clone();
            let kept = strike(&xs, &ys, &mut left, &mut mark);
            left.truncate(kept);
            assert!(left.windows(2).all(|w| w[0] < w[1]), "order kept");
            for &c in &cands {
                let there = present.contains(&c);
                assert_eq!(left.contains(&c), !there, "round {round} cand {c}");
            }
            assert!(mark.table().iter().all(|&b| b == 0));
        }
    }
}
