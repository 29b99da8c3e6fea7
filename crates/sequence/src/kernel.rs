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
//!   happens after a few thousand pairs instead of n / 2 (0.6 at heap 10^6:
//!   about 60 candidates, all seen after 2700 pairs on average).
//!
//! The result is exact for any mask; the mask only decides the speed. It is
//! chosen from the values seen so far (the one making the fewest heaps rare)
//! and reviewed each time the number of heaps doubles; when every mask
//! leaves more than half the heaps rare, every pair is scanned (the naive
//! method).
//!
//! # Layout for speed
//! - The pass over the rare heaps is done for [`BATCH`] consecutive heaps
//!   at once: for a rare heap a, heaps n..n + BATCH need the values of the
//!   contiguous run n - k - a.., so one load serves many heaps. Each heap's
//!   option values go to a byte table (a plain store, no read-modify-write)
//!   turned into a bit set afterwards. Splits with a part not yet known when
//!   the batch starts are added heap by heap in phase two, the same split as
//!   the parallel method's blocks ([`Kernel::partial`], [`Kernel::finish`]).
//! - The kernel keeps a reversed copy of the values, so the values of a run
//!   of splits (a, m - a) are the XOR of two ascending slices and the search
//!   for rare candidates is vectorised ([`crate::scan`]): byte marks while
//!   many candidates are left, compares against the last few.
//! - Candidates with the top bit of the width are looked for among the
//!   splits with a heap of such a value only, when those are few
//!   ([`find_candidates`]).

use crate::bits::ValueSet;
use crate::moves::Moves;
use crate::scan::{scan_all, strike, Marks, Pairs};
use crate::{HeapRule, SeqError, Value};

/// Heaps computed before the first mask review.
const FIRST_REVIEW: usize = 256;
/// A mask is used only if it leaves at most this fraction of heaps rare.
/// The batched pass over rare heaps costs less per heap than the full scan
/// per pair, so the method pays well before rare values are scarce: 0.5 was
/// never slower than 0.2 on 22 games (n = 30000) and up to 2.3x faster
/// (0.007, whose best mask leaves 21-29% of its first 65536 heaps rare).
const RARE_FRACTION: f64 = 0.5;
/// Masks tried at a review: every mask below this bound.
const MASKS_TRIED: u32 = 1 << 10;
/// Heaps whose pass over the rare heaps is done together (measured on 0.6:
/// 32 beats 16 and 64).
pub(crate) const BATCH: usize = 32;
/// The reversed copy of the values is never shorter than this.
const MIN_REV: usize = 1 << 12;

/// Rare/common state for one sequence, kept in step with its values.
pub(crate) struct Kernel {
    moves: Moves,
    use_rc: bool,
    mask: Option<u32>,
    /// Heaps >= 1 with a rare value, ascending.
    rare: Vec<usize>,
    /// The values of the heaps in `rare`.
    rare_val: Vec<Value>,
    /// `rev[rev.len() - 1 - i]` is the value of heap i, for i < synced.
    rev: Vec<Value>,
    /// The length `rev` may grow to without being asked for more.
    rev_target: usize,
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
    /// For phase two of a block: the `known` it is for, the first rare
    /// heap >= known, and per pair offset the rare heaps a with
    /// a + known <= m, counted (they only grow within a block).
    cursor: Option<Cursor>,
}

struct Cursor {
    known: usize,
    high: usize,
    low: Vec<usize>,
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
            rare_val: Vec::new(),
            rev: Vec::new(),
            rev_target: usize::MAX,
            width: 0,
            top: Vec::new(),
            rare_vals: ValueSet::default(),
            common_vals: ValueSet::default(),
            hist: vec![0; Value::MAX as usize + 1],
            next_review: FIRST_REVIEW,
            synced: 0,
            hit: ValueSet::default(),
            scratch: Scratch::default(),
            cursor: None,
        };
        k.set_width(64);
        k
    }

    /// The mask in use, if the rare/common method is active.
    pub fn mask(&self) -> Option<u32> {
        self.mask
    }

    /// Tells the kernel how many heaps the computation is expected to
    /// reach: its reversed copy of the values grows geometrically up to
    /// that length, not beyond (a sequence whose period is proven early
    /// never needs it whole).
    pub fn reserve(&mut self, heaps: usize) {
        self.rev_target = heaps;
    }

    fn grow_rev(&mut self, len: usize) {
        let mut rev = vec![0; len];
        // Heap i moves from old.len() - 1 - i to len - 1 - i.
        rev[len - self.rev.len()..].copy_from_slice(&self.rev);
        self.rev = rev;
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
    /// batch or parallel block, whose first phase used the current mask).
    pub fn account(&mut self, values: &[Value]) {
        if values.len() < self.synced {
            // The sequence was replaced by a shorter one: start over.
            self.hist.iter_mut().for_each(|c| *c = 0);
            self.rare.clear();
            self.rare_val.clear();
            self.rev.clear();
            self.top.clear();
            self.cursor = None;
            self.mask = None;
            self.synced = 0;
            self.next_review = FIRST_REVIEW;
            self.set_width(64);
        }
        if values.len() == self.synced {
            return;
        }
        if values.len() > self.rev.len() {
            let len = (2 * self.rev.len()).max(MIN_REV).min(self.rev_target);
            self.grow_rev(len.max(values.len()));
        }
        let last = self.rev.len() - 1;
        for (i, &v) in values.iter().enumerate().skip(self.synced) {
            self.rev[last - i] = v;
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
                    self.rare_val.push(v as Value);
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
            self.cursor = None;
            self.rare.clear();
            self.rare_val.clear();
            if let Some(m) = chosen {
                for (i, &v) in values.iter().enumerate().skip(1) {
                    if is_rare(v as usize, m) {
                        self.rare.push(i);
                        self.rare_val.push(v);
                    }
                }
            }
            self.set_width(self.width);
        }
    }

    /// The values of heaps below `synced`, both ways round.
    fn pairs<'a>(&'a self, values: &'a [Value]) -> Pairs<'a> {
        Pairs {
            values: &values[..self.synced],
            rev: &self.rev,
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

    /// Computes the values of heaps `values.len()..end` on this thread.
    pub fn extend(&mut self, values: &mut Vec<Value>, end: usize) -> Result<(), SeqError> {
        let mut scratch = std::mem::take(&mut self.scratch);
        let result = self.extend_with(values, end, &mut scratch);
        self.scratch = scratch;
        result
    }

    fn extend_with(
        &mut self,
        values: &mut Vec<Value>,
        end: usize,
        scratch: &mut Scratch,
    ) -> Result<(), SeqError> {
        while values.len() < end {
            self.sync(values);
            let n0 = values.len();
            if self.mask.is_none() {
                self.hit.words.fill(0);
                let v = self.finish_naive(values, n0, 0)?;
                values.push(v);
                continue;
            }
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
        }
        Ok(())
    }

    /// Marks in `table`, row j (of `width` bytes) for heap n0 + j, the value
    /// of every split (a, b) with a rare and 1 <= b < known.
    fn rare_pass(
        &self,
        values: &[Value],
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
        (values, n0, lanes, known, table): (&[Value], usize, usize, usize, &mut [u8]),
    ) {
        debug_assert_eq!(self.width, ROW);
        let (rows, _) = table.as_chunks_mut::<ROW>();
        // Every value is below the width, so masking changes nothing but
        // shows the compiler the index is in bounds.
        let at = |a: Value, b: Value| (a ^ b) as usize & (ROW - 1);
        let unequal = self.moves.unequal;
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
                // b of row 0; row j has b0 + j.
                let b0 = m_first - a as isize;
                let all_rows = b0 >= 1
                    && b0 as usize + BATCH <= known
                    && !(unequal && (b0..b0 + BATCH as isize).contains(&(a as isize)));
                match <&mut [[u8; ROW]; BATCH]>::try_from(&mut rows[..]) {
                    Ok(full) if all_rows => {
                        let b0 = b0 as usize;
                        let ys: &[Value; BATCH] =
                            values[b0..b0 + BATCH].try_into().expect("BATCH values");
                        for (row, &y) in full.iter_mut().zip(ys) {
                            row[at(va, y)] = 1;
                        }
                    }
                    _ => {
                        for (j, row) in rows.iter_mut().enumerate() {
                            let b = b0 + j as isize;
                            if b < 1 || b as usize >= known || (unequal && b as usize == a) {
                                continue;
                            }
                            row[at(va, values[b as usize])] = 1;
                        }
                    }
                }
            }
        }
    }

    /// Phase one of heaps `n0..n0 + lanes` when only the values of heaps
    /// below `known` are available (`known <= n0`): for each heap, in order,
    /// pushes onto `out` the option values of the two-heap splits whose
    /// parts are both below `known`, as far as the method needs them. Takes
    /// `&self` so many batches can be done at once.
    pub fn partial(
        &self,
        values: &[Value],
        n0: usize,
        lanes: usize,
        known: usize,
        scratch: &mut Scratch,
        out: &mut Partials,
    ) {
        let pairs = self.pairs(values);
        let hit = &mut scratch.hit;
        if hit.words.len() != self.width / 64 {
            *hit = ValueSet::with_width(self.width);
        }
        if self.mask.is_none() {
            for n in n0..n0 + lanes {
                hit.words.fill(0);
                for (m, lo, hi) in self.moves.known_ranges(n, known) {
                    scan_all(pairs, m, lo, hi, hit);
                }
                out.push(hit, 0);
            }
            return;
        }
        if scratch.need.len() < self.width {
            scratch.need = vec![0; self.width];
        }
        self.rare_pass(values, n0, lanes, known, &mut scratch.table);
        let w = self.width;
        for j in 0..lanes {
            let n = n0 + j;
            hit.load_bytes(&scratch.table[j * w..(j + 1) * w]);
            let c1 = hit.least_missing_in(&self.common_vals);
            rare_below(hit, &self.rare_vals, c1, &mut scratch.cands);
            if !scratch.cands.is_empty() {
                let left = find_candidates(
                    pairs,
                    self.moves.known_ranges(n, known),
                    &self.top,
                    self.width / 2,
                    &mut scratch.cands,
                    &mut scratch.need,
                    &mut scratch.mark,
                );
                // The candidates found are the values now in `hit`.
                hit.add_below(&self.rare_vals, c1);
                for &v in &scratch.cands[..left] {
                    hit.remove(v as usize);
                }
            }
            out.push(hit, c1);
        }
    }

    /// Phase two of heap `n`, once every heap below `n` has its value:
    /// adds the options phase one could not see and returns the value.
    /// `partials.get(i)` is what phase one found for heap n.
    pub fn finish(
        &mut self,
        values: &[Value],
        n: usize,
        known: usize,
        partials: &Partials,
        i: usize,
    ) -> Result<Value, SeqError> {
        let (words, c1) = partials.get(i);
        self.hit.copy_words(words);
        if self.mask.is_none() {
            return self.finish_naive(values, n, known);
        }
        let mut scratch = std::mem::take(&mut self.scratch);
        let value = self.finish_rc(values, n, known, c1, &mut scratch);
        self.scratch = scratch;
        value
    }

    /// The value of heap n by the full scan, given in `hit` the values of
    /// the splits with both parts below `known`.
    fn finish_naive(
        &mut self,
        values: &[Value],
        n: usize,
        known: usize,
    ) -> Result<Value, SeqError> {
        self.other_options(values, n);
        let pairs = Pairs {
            values: &values[..self.synced],
            rev: &self.rev,
        };
        for &k in &self.moves.pairs {
            if n >= k + 2 {
                let m = n - k;
                let hi = self.moves.half(m).min(m.saturating_sub(known));
                scan_all(pairs, m, 1, hi, &mut self.hit);
            }
        }
        to_value(self.hit.mex(), n)
    }

    /// The value of heap n by the rare/common method, given in `hit` the
    /// values phase one found with the splits whose parts are below
    /// `known`, every rare candidate below `c1` settled among those splits.
    fn finish_rc(
        &mut self,
        values: &[Value],
        n: usize,
        known: usize,
        c1: usize,
        scratch: &mut Scratch,
    ) -> Result<Value, SeqError> {
        self.other_options(values, n);
        let unequal = self.moves.unequal;
        if known < n {
            // Splits with a part >= known: a <= m - known, or a >= known.
            let fresh = !matches!(&self.cursor, Some(c) if c.known == known);
            if fresh {
                let high = self.rare.partition_point(|&a| a < known);
                let low = vec![0; self.moves.pairs.len()];
                self.cursor = Some(Cursor { known, high, low });
            }
            let cursor = self.cursor.as_mut().expect("cursor set above");
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
                        self.hit.insert((self.rare_val[i] ^ values[b]) as usize);
                    }
                }
            }
        }
        let c = self.hit.least_missing_in(&self.common_vals);
        rare_below(&self.hit, &self.rare_vals, c, &mut scratch.cands);
        if scratch.cands.is_empty() {
            return to_value(c, n);
        }
        if scratch.need.len() < self.width {
            scratch.need = vec![0; self.width];
        }
        let pairs = Pairs {
            values: &values[..self.synced],
            rev: &self.rev,
        };
        let cands = &mut scratch.cands;
        // Splits with a part at or above `known` first: phase one never saw them.
        let mut left = cands.len();
        for (m, lo, hi) in self.moves.unknown_ranges(n, known) {
            if left == 0 {
                break;
            }
            if lo <= hi {
                let (xs, ys) = pairs.slices(m, lo, hi);
                left = strike(xs, ys, &mut cands[..left], &mut scratch.mark);
            }
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
            &self.top,
            self.width / 2,
            cands,
            &mut scratch.need,
            &mut scratch.mark,
        );
        // A candidate is below c.
        if left > 0 {
            return Ok(cands[0]);
        }
        to_value(c, n)
    }
}

fn to_value(v: usize, n: usize) -> Result<Value, SeqError> {
    Value::try_from(v).map_err(|_| SeqError::ValueOverflow {
        heap: n as u64,
        max: Value::MAX as u64,
    })
}

/// Per-thread work space of the rare value search.
#[derive(Default)]
pub(crate) struct Scratch {
    /// Zeroed between uses; at least the width.
    need: Vec<u8>,
    mark: Marks,
    cands: Vec<Value>,
    /// The byte table of [`Kernel::rare_pass`].
    table: Vec<u8>,
    /// Phase one's option values of one heap.
    hit: ValueSet,
}

/// What phase one learnt about consecutive heaps, stored flat (no
/// allocation per heap). For each heap: the option values found, and `c1`:
/// every rare value below `c1` and not among them is the value of no split
/// seen by phase one (0 after the full scan).
#[derive(Default)]
pub(crate) struct Partials {
    words: usize,
    hits: Vec<u64>,
    c1: Vec<usize>,
}

impl Partials {
    /// Forgets every heap stored, keeping the memory.
    pub fn clear(&mut self) {
        self.hits.clear();
        self.c1.clear();
    }

    /// The number of heaps stored.
    pub fn len(&self) -> usize {
        self.c1.len()
    }

    fn push(&mut self, hit: &ValueSet, c1: usize) {
        if self.c1.is_empty() {
            self.words = hit.words.len();
        }
        debug_assert_eq!(self.words, hit.words.len());
        self.hits.extend_from_slice(&hit.words);
        self.c1.push(c1);
    }

    fn get(&self, i: usize) -> (&[u64], usize) {
        (&self.hits[i * self.words..(i + 1) * self.words], self.c1[i])
    }
}

/// The rare values below `c` that are not in `hit`, ascending, into `out`.
fn rare_below(hit: &ValueSet, rare: &ValueSet, c: usize, out: &mut Vec<Value>) {
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
fn find_candidates(
    pairs: Pairs,
    ranges: impl Iterator<Item = (usize, usize, usize)> + Clone,
    top: &[usize],
    top_bit: usize,
    cands: &mut [Value],
    need: &mut [u8],
    mark: &mut Marks,
) -> usize {
    let total: usize = ranges
        .clone()
        .map(|(_, lo, hi)| (hi + 1).saturating_sub(lo))
        .sum();
    let max_m = ranges.clone().map(|r| r.0).max().unwrap_or(0);
    let top = &top[..top.partition_point(|&a| a < max_m)];
    let high = top_bit > 0 && top.len() * 2 < total;
    let split = if high { top_bit } else { usize::MAX };
    let count = cands.len();
    // Phase A: the vectorised scan for the candidates below `split`.
    let first_high = cands.partition_point(|&v| (v as usize) < split);
    let mut low_left = first_high;
    for (m, lo, hi) in ranges.clone() {
        if low_left == 0 {
            break;
        }
        if lo <= hi {
            let (xs, ys) = pairs.slices(m, lo, hi);
            low_left = strike(xs, ys, &mut cands[..low_left], mark);
        }
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
    let values = pairs.values;
    'ranges: for (m, lo, hi) in ranges {
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
