//! Scans over the two-heap splits of one heap: the full scan and the search
//! for a few candidate values, written so the compiler vectorises them.
//!
//! The splits of m are the pairs (a, m - a). With the values of the first
//! heaps in ascending order and a reversed copy of the latest ones
//! ([`Pairs`]: the kernel's two windows, exact values), the values of a run
//! of consecutive pairs are the XOR of two ascending slices, lane by lane,
//! which plain SSE2 does eight `u16` lanes at a time. Runs outside the
//! windows are read from the compact store ([`Values`]) into a buffer
//! first, a run at a time.

use crate::bits::ValueSet;
use crate::value::Values;
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
/// Pairs read from the store at a time, for a range of pairs outside the
/// windows.
const RUN: usize = 1024;

/// A lane of a scan: a value, or a byte (the tests check both).
pub(crate) trait Lane:
    Copy + Eq + Default + std::ops::BitXor<Output = Self> + std::ops::BitOr<Output = Self>
{
    /// The lane as an index (a value).
    fn index(self) -> usize;
    /// 1 for true, 0 for false.
    fn from_bool(b: bool) -> Self;
    /// The value `v` as a lane, if it is one a pair of lanes can make.
    fn of(v: Value) -> Option<Self>;
    /// Whether every value is a lane (`of` never fails).
    const EVERY_VALUE: bool;
}

impl Lane for u8 {
    #[inline]
    fn index(self) -> usize {
        self as usize
    }
    #[inline]
    fn from_bool(b: bool) -> u8 {
        u8::from(b)
    }
    #[inline]
    fn of(v: Value) -> Option<u8> {
        u8::try_from(v).ok()
    }
    const EVERY_VALUE: bool = false;
}

impl Lane for Value {
    #[inline]
    fn index(self) -> usize {
        self as usize
    }
    #[inline]
    fn from_bool(b: bool) -> Value {
        Value::from(b)
    }
    #[inline]
    fn of(v: Value) -> Option<Value> {
        Some(v)
    }
    const EVERY_VALUE: bool = true;
}

/// The values of the heaps below the kernel's `synced`: the store, and the
/// kernel's two windows of exact values.
#[derive(Clone, Copy)]
pub(crate) struct Pairs<'a> {
    /// The store: every heap below `synced` has its value.
    pub values: &'a Values,
    /// `fwd[i]` is the value of heap i, for i < fwd.len() (the first heaps).
    pub fwd: &'a [Value],
    /// `rev[rev.len() - 1 - (i - base)]` is the value of heap i, for
    /// `base <= i < synced` (the latest heaps).
    pub rev: &'a [Value],
    /// The first heap of `rev`.
    pub base: usize,
}

/// Exact lanes made for runs of pairs outside the windows (per thread).
#[derive(Default)]
pub(crate) struct Exact {
    xs: Vec<Value>,
    ys: Vec<Value>,
}

impl<'a> Pairs<'a> {
    /// The value of heap `i` (below `synced`): from a window if it is in
    /// one, else from the store.
    #[inline]
    pub fn at(&self, i: usize) -> Value {
        if let Some(&v) = self.fwd.get(i) {
            return v;
        }
        match i.checked_sub(self.base) {
            Some(back) => self.rev[self.rev.len() - 1 - back],
            None => self.values.at(i),
        }
    }

    /// Calls `f` on the values of the pairs (a, m - a), a in lo..=hi
    /// (lo <= hi < m, m - lo a known heap), in order, as two slices of
    /// equal length: straight from the windows when the range lies in
    /// them, else a run of [`RUN`] pairs at a time, each read from the
    /// store into `buf` where it leaves the windows. Stops as soon as `f`
    /// returns false.
    pub fn runs(
        &self,
        m: usize,
        lo: usize,
        hi: usize,
        buf: &mut Exact,
        mut f: impl FnMut(&[Value], &[Value]) -> bool,
    ) {
        if lo > hi {
            return;
        }
        if hi < self.fwd.len() && m - hi >= self.base {
            let (xs, ys) = (&self.fwd[lo..=hi], self.ys(m, lo, hi));
            f(xs, ys);
            return;
        }
        let mut from = lo;
        while from <= hi {
            let to = hi.min(from + RUN - 1);
            let xs = match to < self.fwd.len() {
                true => &self.fwd[from..=to],
                false => {
                    buf.xs.clear();
                    buf.xs.extend((from..=to).map(|a| self.at(a)));
                    &buf.xs[..]
                }
            };
            let ys = match m - to >= self.base {
                true => self.ys(m, from, to),
                false => {
                    buf.ys.clear();
                    buf.ys.extend((from..=to).map(|a| self.values.at(m - a)));
                    &buf.ys[..]
                }
            };
            if !f(xs, ys) {
                return;
            }
            from = to + 1;
        }
    }

    /// The values of m - a for a in lo..=hi, from `rev` (m - hi >= base).
    #[inline]
    fn ys(&self, m: usize, lo: usize, hi: usize) -> &'a [Value] {
        // Heap m - lo sits at rev.len() - 1 - (m - lo - base).
        let start = self.rev.len() - 1 - (m - lo - self.base);
        &self.rev[start..=start + (hi - lo)]
    }
}

/// Inserts into `hit` the value of every pair (a, m - a), a in lo..=hi.
pub(crate) fn scan_all(
    pairs: Pairs,
    m: usize,
    lo: usize,
    hi: usize,
    hit: &mut ValueSet,
    buf: &mut Exact,
) {
    pairs.runs(m, lo, hi, buf, |xs, ys| {
        for (&x, &y) in xs.iter().zip(ys) {
            hit.insert((x ^ y) as usize);
        }
        true
    });
}

/// [`strike`] over the pairs (a, m - a), a in lo..=hi: returns how many
/// of `cands` are left, moved to its front in their order.
pub(crate) fn strike_pairs(
    pairs: Pairs,
    (m, lo, hi): (usize, usize, usize),
    cands: &mut [Value],
    mark: &mut Marks,
    buf: &mut Exact,
) -> usize {
    let mut left = cands.len();
    pairs.runs(m, lo, hi, buf, |xs, ys| {
        left = strike(xs, ys, &mut cands[..left], mark);
        left > 0
    });
    left
}

/// Looks for the values in `cands` among `xs[i] ^ ys[i]`. The ones not
/// found are moved, in their order, to the front of `cands`; returns how
/// many there are. Stops as soon as all are found.
pub(crate) fn strike<T: Lane>(xs: &[T], ys: &[T], cands: &mut [Value], mark: &mut Marks) -> usize {
    debug_assert_eq!(xs.len(), ys.len());
    if T::EVERY_VALUE {
        return strike_fitting(xs, ys, cands, mark);
    }
    // Candidates no pair of lanes can make (above a byte) are kept, after
    // the others: they are the largest.
    let all = cands.len();
    let fit = cands.partition_point(|&c| T::of(c).is_some());
    let kept = strike_fitting(xs, ys, &mut cands[..fit], mark);
    cands.copy_within(fit..all, kept);
    kept + (all - fit)
}

fn strike_fitting<T: Lane>(xs: &[T], ys: &[T], cands: &mut [Value], mark: &mut Marks) -> usize {
    let mut len = cands.len();
    let mut pos = 0;
    while len > 0 && pos < xs.len() {
        let (xs, ys, live) = (&xs[pos..], &ys[pos..], &cands[..len]);
        let (used, found) = match len {
            1 => probe::<T, 1>(xs, ys, lanes(live)),
            2 => probe::<T, 2>(xs, ys, lanes(live)),
            3 => probe::<T, 3>(xs, ys, lanes(live)),
            4 => probe::<T, 4>(xs, ys, lanes(live)),
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
fn lanes<T: Lane, const K: usize>(cands: &[Value]) -> [T; K] {
    std::array::from_fn(|t| T::of(cands[t]).expect("a fitting candidate"))
}

/// Tests whole groups of pairs for the candidates until a group has one;
/// returns how many pairs were tested and the candidates seen (bit t for
/// `cands[t]`). The last, partial group is tested one pair at a time.
#[inline]
fn probe<T: Lane, const K: usize>(xs: &[T], ys: &[T], cands: [T; K]) -> (usize, u32) {
    let mut used = 0;
    for (xg, yg) in xs.chunks_exact(GROUP).zip(ys.chunks_exact(GROUP)) {
        // Plain loops over the group, which the loop vectoriser turns into
        // whole-vector XORs, compares and OR reductions.
        let mut v = [T::default(); GROUP];
        for ((v, &x), &y) in v.iter_mut().zip(xg).zip(yg) {
            *v = x ^ y;
        }
        let mut found = 0u32;
        for (t, &c) in cands.iter().enumerate() {
            let seen = v
                .iter()
                .fold(T::default(), |a, &x| a | T::from_bool(x == c));
            found |= u32::from(seen != T::default()) << t;
        }
        used += GROUP;
        if found != 0 {
            return (used, found);
        }
    }
    let mut found = 0u32;
    for (&x, &y) in xs[used..].iter().zip(&ys[used..]) {
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
fn strike_table<T: Lane>(
    xs: &[T],
    ys: &[T],
    cands: &mut [Value],
    mark: &mut Marks,
) -> (usize, usize) {
    let mark = mark.table();
    let mut used = 0;
    let mut len = cands.len();
    // Every value marked is at most the OR of all of them.
    let mut all = [T::default(); LANES];
    while used < xs.len() {
        let step = (STEP * len).max(GROUP).min(xs.len() - used);
        let (xs, ys) = (&xs[used..used + step], &ys[used..used + step]);
        let mut xcs = xs.chunks_exact(LANES);
        for (xc, yc) in xcs.by_ref().zip(ys.chunks_exact(LANES)) {
            let xc: &[T; LANES] = xc.try_into().expect("chunk of LANES");
            let yc: &[T; LANES] = yc.try_into().expect("chunk of LANES");
            // XOR a vector at a time, then one store per pair.
            let mut v = [T::default(); LANES];
            for j in 0..LANES {
                v[j] = xc[j] ^ yc[j];
                all[j] = all[j] | v[j];
            }
            for &v in &v {
                mark[v.index()] = 1;
            }
        }
        let tail = xcs.remainder().len();
        for (&x, &y) in xs[step - tail..].iter().zip(&ys[step - tail..]) {
            all[0] = all[0] | (x ^ y);
            mark[(x ^ y).index()] = 1;
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
    let all = all.iter().fold(T::default(), |a, &b| a | b);
    mark[..=all.index()].fill(0);
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
            let (bx, by): (Vec<u8>, Vec<u8>) = (
                xs.iter().map(|&x| x as u8).collect(),
                ys.iter().map(|&y| y as u8).collect(),
            );
            for bytes in [false, true] {
                let mut left = cands.clone();
                let kept = match bytes {
                    false => strike(&xs, &ys, &mut left, &mut mark),
                    true => strike(&bx, &by, &mut left, &mut mark),
                };
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

    /// The scans over pairs, with values of 256 and more (and of 511 and
    /// more) among the heaps, the windows short or long, against the
    /// values of the pairs computed one by one.
    #[test]
    fn runs_with_wide_values_and_a_window_find_the_exact_values() {
        let mut state = 99u32;
        let mut next = move |m: u32| {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (state >> 8) % m
        };
        for round in 0..60 {
            let len = 1500 + next(3000) as usize;
            let wide_share = [0, 3, 50, 1000][round % 4];
            let plain: Vec<Value> = (0..len)
                .map(|_| match next(1000) < wide_share {
                    true => 255 + next(600) as Value,
                    false => next(200) as Value,
                })
                .collect();
            let values = Values::from(&plain[..]);
            let base = [0, 700, 1400][round % 3].min(len - 1);
            let rev: Vec<Value> = plain[base..].iter().rev().copied().collect();
            let fwd = &plain[..[0, 100, 5000][(round / 3) % 3].min(len)];
            let pairs = Pairs {
                values: &values,
                fwd,
                rev: &rev,
                base,
            };
            let m = len - 1 - next(200) as usize;
            let lo = 1 + next(20) as usize;
            let hi = (lo + next(m as u32 / 2) as usize).min(m / 2);
            let present: Vec<Value> = (lo..=hi).map(|a| plain[a] ^ plain[m - a]).collect();
            let mut hit = ValueSet::with_width(1024);
            let mut buf = Exact::default();
            scan_all(pairs, m, lo, hi, &mut hit, &mut buf);
            for v in 0..1024 {
                let seen = hit.words[v >> 6] >> (v & 63) & 1 == 1;
                assert_eq!(
                    seen,
                    present.contains(&(v as Value)),
                    "round {round} value {v}"
                );
            }
            let mut cands: Vec<Value> = (0..1 + next(12)).map(|_| next(1024) as Value).collect();
            cands.sort_unstable();
            cands.dedup();
            let mut left = cands.clone();
            let mut mark = Marks::default();
            let kept = strike_pairs(pairs, (m, lo, hi), &mut left, &mut mark, &mut buf);
            left.truncate(kept);
            let want: Vec<Value> = cands
                .iter()
                .copied()
                .filter(|c| !present.contains(c))
                .collect();
            assert_eq!(left, want, "round {round}");
        }
    }
}
