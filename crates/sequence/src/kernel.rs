//! The value of one heap from the values below it: the full scan (naive)
//! and the rare/common method.
//!
//! # The rare/common method
//! Fix a bit mask. A value v is *rare* when `v & mask` has an even number
//! of one bits, *common* otherwise (Berlekamp's sparse space phenomenon; the
//! mask is the game's, e.g. `...11110` for Grundy's game). Parity of the
//! mask bits is additive under XOR, so rare ^ rare and common ^ common are
//! rare while rare ^ common is common. In many games rare values occur at
//! only a handful of heaps, and then:
//! - every *common* option value of a two-heap split comes from a pair with
//!   exactly one rare heap, so going through the short list of rare heaps
//!   finds all of them; that gives `c`, the least common value that is not
//!   an option;
//! - the value of the heap is `c` unless some *rare* value below `c` is not
//!   an option. Each rare candidate below `c` is looked for among all pairs,
//!   and the search stops as soon as every candidate has been seen, which
//!   happens after a few hundred pairs instead of n / 2.
//!
//! The result is exact for any mask; the mask only decides the speed. It is
//! chosen from the values seen so far (the one making the fewest heaps rare)
//! and reviewed each time the number of heaps doubles; when no mask makes
//! rare values scarce, every pair is scanned (the naive method).

use crate::bits::ValueSet;
use crate::moves::Moves;
use crate::{HeapRule, SeqError, Value};

/// Heaps computed before the first mask review.
const FIRST_REVIEW: usize = 256;
/// A mask is used only if it leaves at most this fraction of heaps rare.
const RARE_FRACTION: f64 = 0.2;
/// Masks tried at a review: every mask below this bound.
const MASKS_TRIED: u32 = 1 << 10;

/// Rare/common state for one sequence, kept in step with its values.
pub(crate) struct Kernel {
    moves: Moves,
    use_rc: bool,
    mask: Option<u32>,
    /// Heaps >= 1 with a rare value, ascending.
    rare: Vec<usize>,
    width: usize,
    /// Heaps >= 1 whose value has the top bit (>= width / 2), ascending.
    top: Vec<usize>,
    rare_vals: ValueSet,
    common_vals: ValueSet,
    hist: Vec<u64>,
    next_review: usize,
    synced: usize,
    hit: ValueSet,
    scratch: Scratch,
}

#[inline]
fn is_rare(v: usize, mask: u32) -> bool {
    (v as u32 & mask).count_ones().is_multiple_of(2)
}

impl Kernel {
    /// A kernel for `rule`; `use_rc` false means the naive full scan.
    pub fn new(rule: &HeapRule, use_rc: bool) -> Kernel {
        let mut k = Kernel {
            moves: Moves::of(rule),
            use_rc,
            mask: None,
            rare: Vec::new(),
            width: 0,
            top: Vec::new(),
            rare_vals: ValueSet::default(),
            common_vals: ValueSet::default(),
            hist: vec![0; Value::MAX as usize + 1],
            next_review: FIRST_REVIEW,
            synced: 0,
            hit: ValueSet::default(),
            scratch: Scratch::default(),
        };
        k.set_width(64);
        k
    }

    /// The mask in use, if the rare/common method is active.
    pub fn mask(&self) -> Option<u32> {
        self.mask
    }

    fn set_width(&mut self, width: usize) {
        self.width = width;
        self.hit = ValueSet::with_width(width);
        self.scratch.need = vec![0; width];
        self.rare_vals = ValueSet::with_width(width);
        self.common_vals = ValueSet::with_width(width);
        for v in 0..width {
            match self.mask {
                Some(m) if !is_rare(v, m) => self.common_vals.insert(v),
                Some(_) => self.rare_vals.insert(v),
                None => self.common_vals.insert(v),
            }
        }
    }

    /// Accounts for `values[synced..]` (new values, or all of them after a
    /// resume) and reviews the mask when the heap count passes a review point.
    pub fn sync(&mut self, values: &[Value]) {
        self.account(values);
        if self.use_rc && self.synced >= self.next_review {
            while self.next_review <= self.synced {
                self.next_review *= 2;
            }
            self.review(values);
        }
    }

    /// Accounts for `values[synced..]` without reviewing the mask (inside a
    /// parallel block, whose first phase used the current mask).
    pub fn account(&mut self, values: &[Value]) {
        if values.len() < self.synced {
            // The sequence was replaced by a shorter one: start over.
            self.hist.iter_mut().for_each(|c| *c = 0);
            self.rare.clear();
            self.top.clear();
            self.mask = None;
            self.synced = 0;
            self.next_review = FIRST_REVIEW;
            self.set_width(64);
        }
        for (i, &v) in values.iter().enumerate().skip(self.synced) {
            self.hist[v as usize] += 1;
            let v = v as usize;
            if v >= self.width {
                let w = (v + 1).next_power_of_two().max(64);
                self.set_width(w);
                self.top.clear();
                self.top
                    .extend((1..i).filter(|&a| values[a] as usize >= w / 2));
            }
            if i >= 1 && v >= self.width / 2 {
                self.top.push(i);
            }
            if let Some(m) = self.mask {
                if i >= 1 && is_rare(v, m) {
                    self.rare.push(i);
                }
            }
        }
        self.synced = values.len();
    }

    /// Picks the mask that makes the fewest heaps rare; rebuilds the list of
    /// rare heaps if it changes.
    fn review(&mut self, values: &[Value]) {
        let seen: Vec<(usize, u64)> = self
            .hist
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(v, &c)| (v, c))
            .collect();
        let total = values.len() as u64;
        let limit = (self.width as u32).min(MASKS_TRIED);
        let best = (1..limit)
            .map(|m| {
                let rare: u64 = seen
                    .iter()
                    .filter(|(v, _)| is_rare(*v, m))
                    .map(|(_, c)| c)
                    .sum();
                (rare, m)
            })
            .min();
        let chosen = match best {
            Some((rare, m)) if (rare as f64) <= RARE_FRACTION * total as f64 => Some(m),
            _ => None,
        };
        if chosen != self.mask {
            self.mask = chosen;
            self.rare.clear();
            if let Some(m) = chosen {
                self.rare
                    .extend((1..values.len()).filter(|&i| is_rare(values[i] as usize, m)));
            }
            self.set_width(self.width);
        }
    }

    /// Adds the options that are not pair splits: heaps left empty, single
    /// heaps, three-heap splits (these by brute force: only hexadecimal
    /// codes have them).
    fn other_options(&mut self, values: &[Value], n: usize) {
        for &k in &self.moves.empties {
            if n == k {
                self.hit.insert(0);
            }
        }
        for &k in &self.moves.singles {
            if n > k {
                self.hit.insert(values[n - k] as usize);
            }
        }
        for &k in &self.moves.triples {
            if n < k + 3 {
                continue;
            }
            let m = n - k;
            for a in 1..=m / 3 {
                for b in a..=(m - a) / 2 {
                    let v = values[a] ^ values[b] ^ values[m - a - b];
                    self.hit.insert(v as usize);
                }
            }
        }
    }

    /// The value of heap `values.len()`. Call [`Kernel::sync`] first.
    pub fn next_value(&mut self, values: &[Value]) -> Result<Value, SeqError> {
        debug_assert_eq!(self.synced, values.len());
        let n = values.len();
        let mut scratch = std::mem::take(&mut self.scratch);
        let partial = self.partial(values, n, n, &mut scratch);
        self.scratch = scratch;
        self.finish(values, n, n, partial)
    }

    /// A fresh per-thread scratch space for [`Kernel::partial`].
    pub fn scratch(&self) -> Scratch {
        Scratch {
            need: vec![0; self.width],
            cands: Vec::new(),
        }
    }

    /// Phase one of heap `n` when only the values of heaps below `known`
    /// are available (`known <= n`): the option values of the two-heap
    /// splits whose parts are both below `known`, as far as the method needs
    /// them. Takes `&self` so many heaps can be done at once.
    pub fn partial(
        &self,
        values: &[Value],
        n: usize,
        known: usize,
        scratch: &mut Scratch,
    ) -> Partial {
        let mut hit = ValueSet::with_width(self.width);
        if scratch.need.len() < self.width {
            scratch.need = vec![0; self.width];
        }
        let pairs = self
            .moves
            .pairs
            .iter()
            .filter(|&&k| n >= k + 2)
            .map(|&k| n - k);
        if self.mask.is_none() {
            for m in pairs {
                let h = self.moves.half(m);
                let lo = (m + 1).saturating_sub(known).max(1);
                scan_all(values, m, lo, h, &mut hit);
            }
            return Partial {
                hit,
                c1: 0,
                exhausted: true,
            };
        }
        let unequal = self.moves.unequal;
        for m in pairs.clone() {
            for &a in &self.rare {
                if a >= m {
                    break;
                }
                let b = m - a;
                if b >= known || (unequal && a == b) {
                    continue;
                }
                hit.insert((values[a] ^ values[b]) as usize);
            }
        }
        let c1 = hit.least_missing_in(&self.common_vals);
        rare_below(&hit, &self.rare_vals, c1, &mut scratch.cands);
        if scratch.cands.is_empty() {
            return Partial {
                hit,
                c1,
                exhausted: false,
            };
        }
        let ranges: Vec<(usize, usize, usize)> = pairs
            .map(|m| (m, (m + 1).saturating_sub(known).max(1), self.moves.half(m)))
            .collect();
        let exhausted = find_candidates(
            values,
            &ranges,
            &self.top,
            self.width / 2,
            scratch,
            &mut hit,
        );
        Partial { hit, c1, exhausted }
    }

    /// Phase two of heap `n`, once every heap below `n` has its value:
    /// adds the options phase one could not see and returns the value.
    pub fn finish(
        &mut self,
        values: &[Value],
        n: usize,
        known: usize,
        partial: Partial,
    ) -> Result<Value, SeqError> {
        for (dst, src) in self.hit.words.iter_mut().zip(&partial.hit.words) {
            *dst = *src;
        }
        for dst in self.hit.words.iter_mut().skip(partial.hit.words.len()) {
            *dst = 0;
        }
        self.other_options(values, n);
        let value = if self.mask.is_none() {
            for &k in &self.moves.pairs {
                if n >= k + 2 && known < n {
                    let m = n - k;
                    let h = self.moves.half(m);
                    scan_all(values, m, 1, h.min(m.saturating_sub(known)), &mut self.hit);
                }
            }
            self.hit.mex()
        } else {
            self.finish_rc(values, n, known, &partial)
        };
        Value::try_from(value).map_err(|_| SeqError::ValueOverflow {
            heap: n as u64,
            max: Value::MAX as u64,
        })
    }

    fn finish_rc(&mut self, values: &[Value], n: usize, known: usize, partial: &Partial) -> usize {
        let unequal = self.moves.unequal;
        if known < n {
            for &k in &self.moves.pairs {
                if n < k + 2 {
                    continue;
                }
                let m = n - k;
                // Pairs with a part >= known: a <= m - known, or a >= known.
                let low_end = self.rare.partition_point(|&a| a + known <= m);
                let high_start = self.rare.partition_point(|&a| a < known);
                let (low, high) = (&self.rare[..low_end], &self.rare[high_start.max(low_end)..]);
                for &a in low.iter().chain(high) {
                    if a >= m {
                        break;
                    }
                    let b = m - a;
                    if !(unequal && a == b) {
                        self.hit.insert((values[a] ^ values[b]) as usize);
                    }
                }
            }
        }
        let c = self.hit.least_missing_in(&self.common_vals);
        let mut scratch = std::mem::take(&mut self.scratch);
        rare_below(&self.hit, &self.rare_vals, c, &mut scratch.cands);
        let mut value = c;
        if !scratch.cands.is_empty() {
            if scratch.need.len() < self.width {
                scratch.need = vec![0; self.width];
            }
            let splits: Vec<usize> = self
                .moves
                .pairs
                .iter()
                .filter(|&&k| n >= k + 2)
                .map(|&k| n - k)
                .collect();
            // Pairs with a part at or above `known` first: phase one never saw them.
            let unknown: Vec<(usize, usize, usize)> = splits
                .iter()
                .map(|&m| (m, 1, self.moves.half(m).min(m.saturating_sub(known))))
                .collect();
            let done = !find_candidates(values, &unknown, &[], 0, &mut scratch, &mut self.hit);
            // Phase one searched the known pairs for candidates below c1
            // only, and to the end only if `exhausted`.
            let need_known = !done
                && (!partial.exhausted
                    || scratch
                        .cands
                        .iter()
                        .any(|&v| v >= partial.c1 && !self.hit.contains(v)));
            if need_known {
                scratch.cands.retain(|&v| !self.hit.contains(v));
                let known_ranges: Vec<(usize, usize, usize)> = splits
                    .iter()
                    .map(|&m| (m, (m + 1).saturating_sub(known).max(1), self.moves.half(m)))
                    .collect();
                find_candidates(
                    values,
                    &known_ranges,
                    &self.top,
                    self.width / 2,
                    &mut scratch,
                    &mut self.hit,
                );
            }
            for &v in &scratch.cands {
                if !self.hit.contains(v) {
                    value = value.min(v);
                }
            }
        }
        self.scratch = scratch;
        value
    }
}

/// Per-thread work space of the rare value search.
#[derive(Default)]
pub(crate) struct Scratch {
    need: Vec<u8>,
    cands: Vec<usize>,
}

/// What phase one learnt about a heap.
pub(crate) struct Partial {
    /// Option values found.
    hit: ValueSet,
    /// The least common value not in `hit` when phase one ended.
    c1: usize,
    /// Whether the search for rare candidates below `c1` went through every
    /// known pair (so a candidate not in `hit` is not a known pair's value).
    exhausted: bool,
}

/// Inserts into `hit` the value of every pair (a, m - a), a in lo..=hi.
fn scan_all(values: &[Value], m: usize, lo: usize, hi: usize, hit: &mut ValueSet) {
    if lo > hi {
        return;
    }
    let xs = &values[lo..=hi];
    let ys = &values[m - hi..=m - lo];
    for (x, y) in xs.iter().zip(ys.iter().rev()) {
        hit.insert((x ^ y) as usize);
    }
}

/// The rare values below `c` that are not in `hit`, into `out`.
fn rare_below(hit: &ValueSet, rare: &ValueSet, c: usize, out: &mut Vec<usize>) {
    out.clear();
    for (i, (&h, &r)) in hit.words.iter().zip(&rare.words).enumerate() {
        if i * 64 >= c {
            break;
        }
        let mut free = !h & r;
        if (i + 1) * 64 > c {
            free &= (1u64 << (c - i * 64)) - 1;
        }
        while free != 0 {
            out.push(i * 64 + free.trailing_zeros() as usize);
            free &= free - 1;
        }
    }
}

/// Searches the pairs (a, m - a), a in lo..=hi, of each `(m, lo, hi)` for
/// the values in `scratch.cands` not yet in `hit`, stopping when all are
/// found; inserts the ones found into `hit`. Returns true if some candidate
/// is still missing (every pair that could give it was then looked at).
///
/// `top` lists the heaps whose value is at least `top_bit`, where every
/// value is below `2 * top_bit` (pass `top_bit = 0` to go without). A
/// candidate with that bit is the XOR of a pair only if exactly one heap of
/// the pair is in `top`, so when `top` is short those candidates are looked
/// for among its pairs only: they are the ones a plain scan takes longest
/// to find.
fn find_candidates(
    values: &[Value],
    ranges: &[(usize, usize, usize)],
    top: &[usize],
    top_bit: usize,
    scratch: &mut Scratch,
    hit: &mut ValueSet,
) -> bool {
    let pairs: usize = ranges
        .iter()
        .map(|&(_, lo, hi)| (hi + 1).saturating_sub(lo))
        .sum();
    let max_m = ranges.iter().map(|r| r.0).max().unwrap_or(0);
    let top = &top[..top.partition_point(|&a| a < max_m)];
    let high = top_bit > 0 && top.len() * 2 < pairs;
    let split = if high { top_bit } else { usize::MAX };
    let mut missing = false;
    // Phase A: a plain scan for the candidates below `split`.
    let mut remaining = 0;
    for &v in &scratch.cands {
        if v < split && !hit.contains(v) {
            scratch.need[v] = 1;
            remaining += 1;
        }
    }
    if remaining > 0 {
        scan_for(values, ranges, &mut scratch.need, remaining);
        missing |= settle(scratch, hit, |v| v < split);
    }
    if !high {
        return missing;
    }
    // Phase B: the candidates with the top bit, among pairs with a top heap.
    let mut remaining = 0;
    for &v in &scratch.cands {
        if v >= split && !hit.contains(v) {
            scratch.need[v] = 1;
            remaining += 1;
        }
    }
    if remaining > 0 {
        let need = &mut scratch.need;
        'ranges: for &(m, lo, hi) in ranges {
            for chunk in top.chunks(16) {
                for &a in chunk {
                    if a >= m {
                        break;
                    }
                    let b = m - a;
                    let small = a.min(b);
                    if small < lo || small > hi {
                        continue;
                    }
                    let v = (values[a] ^ values[b]) as usize;
                    remaining -= need[v] as usize;
                    need[v] = 0;
                }
                if remaining == 0 {
                    break 'ranges;
                }
            }
        }
        missing |= settle(scratch, hit, |v| v >= split);
    }
    missing
}

/// The plain scan: clears `need[v]` for every pair value v, stopping once
/// `remaining` candidates are cleared; returns how many are left.
fn scan_for(
    values: &[Value],
    ranges: &[(usize, usize, usize)],
    need: &mut [u8],
    mut remaining: usize,
) -> usize {
    for &(m, lo, hi) in ranges {
        if lo > hi {
            continue;
        }
        let xs = &values[lo..=hi];
        let ys = &values[m - hi..=m - lo];
        // Count in blocks so the test for "all found" stays out of the
        // innermost loop.
        for (xb, yb) in xs.chunks(16).zip(ys.rchunks(16)) {
            for (x, y) in xb.iter().zip(yb.iter().rev()) {
                let v = (x ^ y) as usize;
                remaining -= need[v] as usize;
                need[v] = 0;
            }
            if remaining == 0 {
                return 0;
            }
        }
    }
    remaining
}

/// After a search over the candidates selected by `which`: inserts the
/// found ones into `hit`, resets `need`, and tells whether one is missing.
fn settle(scratch: &mut Scratch, hit: &mut ValueSet, which: impl Fn(usize) -> bool) -> bool {
    let mut missing = false;
    for &v in &scratch.cands {
        if !which(v) || hit.contains(v) {
            continue;
        }
        if scratch.need[v] == 0 {
            hit.insert(v);
        } else {
            scratch.need[v] = 0;
            missing = true;
        }
    }
    missing
}
