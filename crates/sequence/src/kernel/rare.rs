//! The rare/common method, on one thread.
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
//!   happens after a few thousand pairs instead of n / 2 (0.6 at heap 10^6:
//!   about 60 candidates, all seen after 2700 pairs on average).
//!
//! # The heap's parity as one more bit
//! When every pair move removes a number of counters of one parity k0
//! (0.106: only 3), the class may also look at the heap: heap i of value v
//! is rare when `v & mask` has even parity XOR (i + k0 is odd). Two common
//! heaps a, b then give a value whose mask parity is fixed by the parity of
//! m = a + b = n - k alone, so the roles of the two value classes swap
//! between the heaps n with n - k0 even and odd
//! ([`Kernel::classes`]). Some games are sparse only this way: 0.106 has no
//! mask leaving fewer than half its heaps rare, but with the heap's parity
//! 15 of its first 10^5 heaps are rare (the idea of the ogs crate's rc2
//! method, which keeps one split per parity of the move).
//!
//! # Choosing the split
//! The result is exact for any split; the split only decides the speed. The
//! one making the fewest heaps rare is chosen from the values seen so far,
//! over every mask of the width at once (a Walsh-Hadamard transform of the
//! histogram, [`Kernel::review`]). It is reviewed each time the number of
//! heaps doubles, and sooner when the heaps since the last review are rare
//! far more often than before ([`Kernel::rare_grew`]: the values changed
//! their habits, e.g. on turning periodic). When every split leaves more
//! than half the heaps rare, every pair is scanned (the naive method): the
//! pass over the rare heaps then never costs more per heap than the full
//! scan would.
//!
//! # Layout for speed
//! - The pass over the rare heaps is done for [`BATCH`] consecutive heaps
//!   at once: for a rare heap a, heaps n..n + BATCH need the values of the
//!   contiguous run n - k - a.., so one load serves many heaps. Each heap's
//!   option values go to a byte table (a plain store, no read-modify-write)
//!   turned into a bit set afterwards. Splits with a part not yet known when
//!   the batch starts are added heap by heap in phase two, the same split as
//!   the parallel method's blocks (`Kernel::partial`, `Kernel::finish`).
//! - The kernel keeps a reversed copy of the values, so the values of a run
//!   of splits (a, m - a) are the XOR of two ascending slices and the search
//!   for rare candidates is vectorised ([`crate::scan`]): byte marks while
//!   many candidates are left, compares against the last few.
//! - Candidates with the top bit of the width are looked for among the
//!   splits with a heap of such a value only, when those are few
//!   ([`find_candidates`]).

use super::state::{to_value, Cursor, Kernel, Scratch, BATCH};
use crate::bits::ValueSet;
use crate::scan::{strike_pairs, Exact, Marks, Pairs};
use crate::{SeqError, Value, Values};

/// The splits of each range scanned in the first turn of
/// [`find_candidates`]; each later turn scans twice as many.
const FIRST_WINDOW: usize = 256;

/// Heaps computed before the first mask review.
pub(super) const FIRST_REVIEW: usize = 256;
/// A mask is used only if it leaves at most this fraction of heaps rare.
/// The batched pass over rare heaps costs less per heap than the full scan
/// per pair, so the method pays well before rare values are scarce: 0.5 was
/// never slower than 0.2 on 22 games (n = 30000) and up to 2.3x faster
/// (0.007, whose best mask leaves 21-29% of its first 65536 heaps rare).
const RARE_FRACTION: f64 = 0.5;

#[inline]
pub(super) fn is_rare(v: usize, mask: u32) -> bool {
    (v as u32 & mask).count_ones().is_multiple_of(2)
}

impl Kernel {
    /// Computes the values of the next heaps, up to a batch and at most to
    /// `end`: the pass over the rare heaps for the whole batch, then each
    /// heap's candidate search in order.
    pub(super) fn rare_step(
        &mut self,
        values: &mut Values,
        end: usize,
        scratch: &mut Scratch,
    ) -> Result<(), SeqError> {
        let n0 = values.len();
        let lanes = BATCH.min(end - n0);
        let stride = self.width;
        self.rare_pass(values, n0, lanes, n0, &mut scratch.table);
        for j in 0..lanes {
            self.account(values);
            self.hit
                .load_bytes(&scratch.table[j * stride..(j + 1) * stride]);
            let v = self.finish_rc(values, n0 + j, n0, 0, scratch)?;
            values.push(v);
        }
        Ok(())
    }

    /// Whether heap `i` of value `v` is rare under value mask `mask` and
    /// the current heap bit.
    #[inline]
    pub(super) fn rare_at(&self, i: usize, v: usize, mask: u32) -> bool {
        is_rare(v, mask) ^ (self.heap_bit && (i ^ self.pair_parity.unwrap_or(0)) & 1 == 1)
    }

    /// For heap `n` under the current split: the values every one of whose
    /// splits has a rare part (the rare pass finds them all), and the
    /// others (searched for among all splits). Without the heap bit these
    /// are the common and the rare values; with it they swap on the heaps
    /// whose pair splits m = n - k are odd.
    #[inline]
    pub(super) fn classes(&self, n: usize) -> (&ValueSet, &ValueSet) {
        let odd = self.heap_bit && (n ^ self.pair_parity.unwrap_or(0)) & 1 == 1;
        if odd {
            (&self.rare_vals, &self.common_vals)
        } else {
            (&self.common_vals, &self.rare_vals)
        }
    }

    /// Whether the heaps since the last review are rare so much more often
    /// than before that the split should be reviewed now rather than at the
    /// next doubling (a sequence turning periodic, say): after at least an
    /// eighth of the heaps, more than twice the share of rare heaps plus a
    /// hundredth of the new heaps.
    pub(super) fn rare_grew(&self) -> bool {
        let (heaps, rare) = self.reviewed_at;
        if self.mask.is_none() || heaps == 0 {
            return false;
        }
        let new = self.synced - heaps;
        let new_rare = self.rare.len().saturating_sub(rare);
        new >= heaps / 8 && new >= 1024 && new_rare * heaps > 2 * rare * new + new * heaps / 100
    }

    /// Picks the split that makes the fewest heaps rare, over every mask
    /// of the width and, when the pair moves allow it, the heap's parity
    /// as one more bit; rebuilds the list of rare heaps if it changes.
    ///
    /// With e = (v << 1) | (i & 1) for heap i of value v and M = (mask << 1)
    /// | heap bit, heap i is rare when e & M has even parity (odd, when the
    /// heap bit is set and k0 is odd), so the number of rare heaps is
    /// (N + W(M)) / 2 (or (N - W(M)) / 2) where W is the Walsh-Hadamard
    /// transform of the histogram of e: every split is costed at once in
    /// O(w log w) for w = 2 * width.
    pub(super) fn review(&mut self, values: &Values) {
        let size = 2 * self.width;
        let mut w: Vec<i64> = self.hist[..size].iter().map(|&c| c as i64).collect();
        let total: i64 = w.iter().sum();
        let mut h = 1;
        while h < size {
            for block in w.chunks_exact_mut(2 * h) {
                let (lo, hi) = block.split_at_mut(h);
                for (x, y) in lo.iter_mut().zip(hi) {
                    let (a, b) = (*x, *y);
                    *x = a + b;
                    *y = a - b;
                }
            }
            h *= 2;
        }
        let best = (1..size)
            .filter_map(|m| match (m & 1, self.pair_parity) {
                (0, _) | (1, Some(0)) => Some(((total + w[m]) / 2, m)),
                (1, Some(_)) => Some(((total - w[m]) / 2, m)),
                _ => None,
            })
            .min();
        let chosen = match best {
            Some((rare, m)) if (rare as f64) <= RARE_FRACTION * total.max(1) as f64 => {
                Some(((m >> 1) as u32, m & 1 == 1))
            }
            _ => None,
        };
        let current = self.mask.map(|m| (m, self.heap_bit));
        if chosen != current {
            self.mask = chosen.map(|(m, _)| m);
            self.heap_bit = chosen.is_some_and(|(_, bit)| bit);
            self.cursor = None;
            self.rare.clear();
            self.rare_val.clear();
            if let Some(m) = self.mask {
                for (i, v) in values.iter().enumerate().skip(1) {
                    if self.rare_at(i, v as usize, m) {
                        self.rare.push(i);
                        self.rare_val.push(v);
                    }
                }
            }
            self.set_width(self.width);
        }
        self.reviewed_at = (self.synced, self.rare.len());
    }

    /// Marks in `table`, row j (of `width` bytes) for heap n0 + j, the value
    /// of every split (a, b) with a rare and 1 <= b < known.
    pub(super) fn rare_pass(
        &self,
        values: &Values,
        n0: usize,
        lanes: usize,
        known: usize,
        table: &mut Vec<u8>,
    ) {
        table.clear();
        table.resize(lanes * self.width, 0);
        let args = (values, n0, lanes, known, &mut table[..]);
        // One copy per width, so a row's length is a constant: no bounds
        // checks, and the rows' offsets are immediates.
        match self.width {
            64 => self.rare_rows::<64>(args),
            128 => self.rare_rows::<128>(args),
            256 => self.rare_rows::<256>(args),
            512 => self.rare_rows::<512>(args),
            1024 => self.rare_rows::<1024>(args),
            2048 => self.rare_rows::<2048>(args),
            4096 => self.rare_rows::<4096>(args),
            8192 => self.rare_rows::<8192>(args),
            16384 => self.rare_rows::<16384>(args),
            32768 => self.rare_rows::<32768>(args),
            // The width is a power of two from 64 to Value::MAX + 1.
            _ => self.rare_rows::<65536>(args),
        }
    }

    /// [`Kernel::rare_pass`] for width `ROW`.
    fn rare_rows<const ROW: usize>(
        &self,
        (values, n0, lanes, known, table): (&Values, usize, usize, usize, &mut [u8]),
    ) {
        debug_assert_eq!(self.width, ROW);
        let (rows, _) = table.as_chunks_mut::<ROW>();
        // Every value is below the width, so masking changes nothing but
        // shows the compiler the index is in bounds. The rare heap's value
        // comes in as an opaque usize (`black_box` below): the XOR is then
        // done in 32 bits, not in 16 and widened again for each row (4
        // instructions a row instead of 5; 0.6 to 10^5: 2.27 -> 2.13 G).
        let at = |a: usize, b: Value| (a ^ b as usize) & (ROW - 1);
        let unequal = self.moves.unequal;
        let pairs = self.pairs(values);
        let (fwd, rev, base) = (&self.fwd[..], &self.rev[..], self.rev_base);
        for &k in &self.moves.pairs {
            // Row j splits m_j = n0 + j - k into (a, m_j - a).
            let Some(m_last) = (n0 + lanes - 1).checked_sub(k) else {
                continue;
            };
            let m_first = n0 as isize - k as isize;
            for (&a, &va) in self.rare.iter().zip(&self.rare_val) {
                if a >= m_last {
                    break;
                }
                let va = std::hint::black_box(va as usize);
                // b of row 0; row j has b0 + j.
                let b0 = m_first - a as isize;
                let all_rows = b0 >= 1
                    && b0 as usize + BATCH <= known
                    && !(unequal && (b0..b0 + BATCH as isize).contains(&(a as isize)));
                if let (true, Ok(full)) =
                    (all_rows, <&mut [[u8; ROW]; BATCH]>::try_from(&mut rows[..]))
                {
                    // Heaps b..b + BATCH, read where they are: ascending
                    // in the first heaps' window, descending in the latest
                    // heaps' (heap b at rev.len() - 1 - (b - base)), else
                    // from the store unless one is in its wide table.
                    let b = b0 as usize;
                    if let Some(ys) = fwd.get(b..b + BATCH) {
                        let ys: &[Value; BATCH] = ys.try_into().expect("BATCH values");
                        for (row, &y) in full.iter_mut().zip(ys) {
                            row[at(va, y)] = 1;
                        }
                        continue;
                    }
                    if b >= base {
                        let end = rev.len() - (b - base);
                        let ys: &[Value; BATCH] =
                            rev[end - BATCH..end].try_into().expect("BATCH values");
                        for (row, &y) in full.iter_mut().rev().zip(ys) {
                            row[at(va, y)] = 1;
                        }
                        continue;
                    }
                    if let Some(ys) = values.batch(b) {
                        for (row, &y) in full.iter_mut().zip(&ys) {
                            row[at(va, y)] = 1;
                        }
                        continue;
                    }
                }
                for (j, row) in rows.iter_mut().enumerate() {
                    let b = b0 + j as isize;
                    if b < 1 || b as usize >= known || (unequal && b as usize == a) {
                        continue;
                    }
                    row[at(va, pairs.at(b as usize))] = 1;
                }
            }
        }
    }

    /// The value of heap n by the rare/common method, given in `hit` the
    /// values phase one found with the splits whose parts are below
    /// `known`, every rare candidate below `c1` settled among those splits.
    pub(super) fn finish_rc(
        &mut self,
        values: &Values,
        n: usize,
        known: usize,
        c1: usize,
        scratch: &mut Scratch,
    ) -> Result<Value, SeqError> {
        self.other_options(values, n);
        let unequal = self.moves.unequal;
        if known < n && !self.take_ahead(n, known) {
            // Splits with a part >= known: a <= m - known, or a >= known.
            let fresh = !matches!(&self.cursor, Some(c) if c.known == known);
            if fresh {
                let high = self.rare.partition_point(|&a| a < known);
                let low = vec![0; self.moves.pairs.len()];
                self.cursor = Some(Cursor { known, high, low });
            }
            let cursor = self.cursor.as_mut().expect("cursor set above");
            let pairs = Pairs {
                values,
                fwd: &self.fwd,
                rev: &self.rev,
                base: self.rev_base,
            };
            for (&k, low) in self.moves.pairs.iter().zip(&mut cursor.low) {
                if n < k + 2 {
                    continue;
                }
                let m = n - k;
                // m only grows within a block: move the cursor on.
                while *low < cursor.high && self.rare[*low] + known <= m {
                    *low += 1;
                }
                for i in (0..*low).chain(cursor.high..self.rare.len()) {
                    let a = self.rare[i];
                    if a >= m {
                        break;
                    }
                    let b = m - a;
                    if !(unequal && a == b) {
                        self.hit.insert((self.rare_val[i] ^ pairs.at(b)) as usize);
                    }
                }
            }
        }
        let (complete, searched) = self.classes(n);
        let c = self.hit.least_missing_in(complete);
        rare_below(&self.hit, searched, c, &mut scratch.cands);
        if scratch.cands.is_empty() {
            return to_value(c, n);
        }
        if scratch.need.len() < self.width {
            scratch.need = vec![0; self.width];
        }
        let pairs = self.pairs(values);
        let cands = &mut scratch.cands;
        // Splits with a part at or above `known` first: phase one never saw them.
        let mut left = cands.len();
        for range in self.moves.unknown_ranges(n, known) {
            if left == 0 {
                break;
            }
            left = strike_pairs(
                pairs,
                range,
                &mut cands[..left],
                &mut scratch.mark,
                &mut scratch.exact,
            );
        }
        cands.truncate(left);
        // Candidates stay ascending. One below c1 is settled: not a value of
        // a known split (phase one) nor of the others (just now), so it is
        // the least value missing.
        if let Some(&v) = cands.first() {
            if (v as usize) < c1 {
                return Ok(v);
            }
        }
        let left = find_candidates(
            pairs,
            self.moves.known_ranges(n, known),
            self.top_list(),
            cands,
            (&mut scratch.need, &mut scratch.mark, &mut scratch.exact),
        );
        // A candidate is below c.
        if left > 0 {
            return Ok(cands[0]);
        }
        to_value(c, n)
    }
}

impl Kernel {
    /// Adds to `hit` the splits of heap n with a part in the block
    /// known..n that phase two added ahead ([`Kernel::forward`]), if it
    /// did for this block and the width has not grown since; false if not
    /// (the caller pulls them).
    fn take_ahead(&mut self, n: usize, known: usize) -> bool {
        let ahead = &self.ahead;
        if ahead.known != known || n >= ahead.stop || ahead.words * 64 != self.width {
            return false;
        }
        let row = &ahead.bits[(n - known) * ahead.words..][..ahead.words];
        for (w, &r) in self.hit.words.iter_mut().zip(row) {
            *w |= r;
        }
        true
    }
}

/// The rare values below `c` that are not in `hit`, ascending, into `out`.
pub(super) fn rare_below(hit: &ValueSet, rare: &ValueSet, c: usize, out: &mut Vec<Value>) {
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
            // Below the width, so below Value::MAX + 1.
            out.push((i * 64 + free.trailing_zeros() as usize) as Value);
            free &= free - 1;
        }
    }
}

/// Clears in `need` the value of each pair (a, m - a) with a among
/// `heaps` (ascending; those from m on are ignored) and the smaller part
/// in lo..=hi, counting down `remaining` the values it clears; true once
/// none is left.
#[inline]
fn strike_top(
    pairs: Pairs,
    (m, lo, hi): (usize, usize, usize),
    heaps: impl Iterator<Item = usize>,
    need: &mut [u8],
    remaining: &mut usize,
) -> bool {
    for a in heaps {
        if a >= m {
            break;
        }
        let b = m - a;
        let small = a.min(b);
        if small < lo || small > hi {
            continue;
        }
        let v = (pairs.at(a) ^ pairs.at(b)) as usize;
        *remaining -= need[v] as usize;
        need[v] = 0;
        if *remaining == 0 {
            return true;
        }
    }
    false
}

/// The heaps whose value has the top bit of the width (`bit`), for
/// [`find_candidates`]: their list, or (too many to list) their count,
/// the heaps then found by reading the values.
#[derive(Clone, Copy)]
pub(crate) enum Top<'a> {
    List(&'a [usize], usize),
    Scan(usize, usize),
}

/// Searches the pairs (a, m - a), a in lo..=hi, of each `(m, lo, hi)` for
/// the values in `cands` (ascending), stopping when all are found; moves
/// the ones not found, ascending, to the front of `cands` and returns how
/// many there are: these are the value of no pair in the ranges.
///
/// `top` lists the heaps whose value is at least `top_bit`, where every
/// value is below `2 * top_bit`. A candidate with that bit is the XOR of a
/// pair only if exactly one heap of the pair is in `top`, so when `top` is
/// short those candidates are looked for among its pairs only: they are the
/// ones a plain scan takes longest to find.
pub(super) fn find_candidates(
    pairs: Pairs,
    ranges: impl Iterator<Item = (usize, usize, usize)> + Clone,
    top: Top<'_>,
    cands: &mut [Value],
    (need, mark, exact): (&mut [u8], &mut Marks, &mut Exact),
) -> usize {
    let total: usize = ranges
        .clone()
        .map(|(_, lo, hi)| (hi + 1).saturating_sub(lo))
        .sum();
    let max_m = ranges.clone().map(|r| r.0).max().unwrap_or(0);
    let (top, top_bit, top_count) = match top {
        Top::List(list, bit) => {
            let list = &list[..list.partition_point(|&a| a < max_m)];
            (Some(list), bit, list.len())
        }
        Top::Scan(bit, count) => (None, bit, count),
    };
    let high = top_bit > 0 && top_count * 2 < total;
    let split = if high { top_bit } else { usize::MAX };
    let count = cands.len();
    // Phase A: the vectorised scan for the candidates below `split`, the
    // ranges taken in turn by windows that double, so that a range where
    // a candidate cannot occur (0 among the splits of an odd m when the
    // values alternate, say) is not scanned whole before one where it
    // shows at once: the work is at most about twice the best order's.
    let first_high = cands.partition_point(|&v| (v as usize) < split);
    let mut low_left = first_high;
    let longest = ranges
        .clone()
        .map(|(_, lo, hi)| (hi + 1).saturating_sub(lo))
        .max()
        .unwrap_or(0);
    let (mut start, mut window) = (0, FIRST_WINDOW);
    while low_left > 0 && start < longest {
        for (m, lo, hi) in ranges.clone() {
            if low_left == 0 {
                break;
            }
            let (from, to) = (lo + start, hi.min(lo + start + window - 1));
            if from <= to {
                low_left = strike_pairs(pairs, (m, from, to), &mut cands[..low_left], mark, exact);
            }
        }
        start += window;
        window *= 2;
    }
    cands.copy_within(first_high..count, low_left);
    let left = low_left + (count - first_high);
    if left == low_left {
        return left;
    }
    // Phase B: the candidates with the top bit, among pairs with a top heap.
    let mut remaining = 0;
    for &v in &cands[low_left..left] {
        need[v as usize] = 1;
        remaining += 1;
    }
    // The top heaps below m, ascending: listed, or (too many to list)
    // found in the store, 64 heaps a word of its plane of bit 8 when the
    // top bit is 256 (Officers).
    for range in ranges {
        let done = match top {
            Some(list) => strike_top(pairs, range, list.iter().copied(), need, &mut remaining),
            None => {
                let heaps = pairs.values.heaps_at_least(top_bit, range.0);
                strike_top(pairs, range, heaps, need, &mut remaining)
            }
        };
        if done {
            break;
        }
    }
    let mut kept = low_left;
    for t in low_left..left {
        let v = cands[t];
        if need[v as usize] != 0 {
            need[v as usize] = 0;
            cands[kept] = v;
            kept += 1;
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{HeapRule, TakeBreak};

    /// The number of heaps rare under split (mask, heap bit), directly.
    fn rare_count(values: &[Value], mask: u32, bit: bool, k0: usize) -> usize {
        (1..values.len())
            .filter(|&i| is_rare(values[i] as usize, mask) ^ (bit && (i ^ k0) & 1 == 1))
            .count()
    }

    /// The transform's choice makes as few heaps rare as the best split
    /// found by trying every one, for codes whose pair moves share a parity
    /// (heap bit allowed, k0 odd and even) and codes whose moves do not.
    #[test]
    fn review_finds_the_split_with_fewest_rare_heaps() {
        let mut state = 99u32;
        let mut next = move || {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
            state >> 16
        };
        for (code, k0) in [("0.106", Some(1)), ("0.06", Some(0)), ("0.66", None)] {
            let rule = HeapRule::TakeBreak(TakeBreak::parse(code).unwrap());
            for round in 0..30 {
                let len = 300 + next() as usize % 700;
                let top = [4, 16, 100, 200][round % 4];
                // Values skewed towards a structure some split exploits.
                let values: Vec<Value> = (0..len)
                    .map(|i| {
                        let base = (next() % top) as Value;
                        if next() % 4 == 0 {
                            base
                        } else {
                            (base & !1) | (i as Value & 1)
                        }
                    })
                    .collect();
                let mut k = Kernel::new(&rule, true);
                assert_eq!(k.pair_parity, k0, "{code}");
                let store = Values::from(&values[..]);
                k.account(&store);
                k.review(&store);
                let width = k.width as u32;
                let mut best = usize::MAX;
                for mask in 0..width {
                    for bit in [false, true] {
                        if (mask == 0 && !bit) || (bit && k0.is_none()) {
                            continue;
                        }
                        best = best.min(rare_count(&values, mask, bit, k0.unwrap_or(0)));
                    }
                }
                match k.mask {
                    Some(m) => {
                        let got = rare_count(&values, m, k.heap_bit, k0.unwrap_or(0));
                        assert_eq!(got, best, "{code} round {round}");
                        assert_eq!(k.rare.len(), got, "{code} round {round}");
                        assert!(k.rare.iter().all(|&i| k.rare_at(i, values[i] as usize, m)));
                    }
                    None => assert!(2 * best > len - 1, "{code} round {round}: {best}"),
                }
            }
        }
    }

    /// Values that change their habits (1 and 2, then only 3) make the
    /// split be reviewed before the next doubling, again and again while
    /// the new values stay rare, until a split makes them common.
    #[test]
    fn a_change_of_habits_triggers_early_reviews() {
        let rule = HeapRule::TakeBreak(TakeBreak::parse("0.66").unwrap());
        let mut values: Values = (0..4096)
            .map(|i| if i == 0 { 0 } else { [1, 2][i % 2] })
            .collect();
        let mut k = Kernel::new(&rule, true);
        k.sync(&values);
        k.review(&values);
        assert_eq!(k.mask, Some(3), "1 and 2 both common");
        let doubling = k.next_review;
        assert_eq!(doubling, 8192);
        values.extend([3; 400]);
        k.sync(&values);
        assert!(!k.rare_grew(), "too few new heaps yet");
        values.extend([3; 624]);
        assert!(!k.rare_grew());
        k.account(&values);
        assert!(k.rare_grew(), "1024 new heaps, all rare");
        k.sync(&values);
        assert!(!k.rare_grew());
        assert_eq!(k.reviewed_at, (5120, 1024));
        assert_eq!(k.mask, Some(3), "still the best split");
        values.extend([3; 1024]);
        k.sync(&values);
        assert_eq!(k.next_review, doubling, "no doubling reached");
        let m = k.mask.expect("a split");
        assert!(!k.rare_at(values.len() - 1, 3, m), "3 is common now");
        for (i, v) in values.iter().enumerate().skip(1) {
            let listed = k.rare.binary_search(&i).is_ok();
            assert_eq!(listed, k.rare_at(i, v as usize, m), "heap {i}");
        }
    }
}
