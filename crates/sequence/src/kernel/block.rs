//! A block of heaps in two phases, for the parallel method
//! ([`crate::parallel`]): phase one ([`Kernel::partial`], `&self`, so many
//! threads run it at once) takes the splits whose parts are both below the
//! block; phase two ([`Kernel::finish`], in order) adds the rest and takes
//! the value, by the full scan or the rare/common method.

use super::rare::{find_candidates, rare_below};
use super::state::{Kernel, Scratch};
use crate::bits::ValueSet;
use crate::scan::{scan_all, Pairs};
use crate::{SeqError, Value, Values};

impl Kernel {
    /// Phase one of heaps `n0..n0 + lanes` when only the values of heaps
    /// below `known` are available (`known <= n0`): for each heap, in order,
    /// pushes onto `out` the option values of the two-heap splits whose
    /// parts are both below `known`, as far as the method needs them. Takes
    /// `&self` so many batches can be done at once.
    pub fn partial(
        &self,
        values: &Values,
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
                    scan_all(pairs, m, lo, hi, hit, &mut scratch.exact);
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
            let (complete, searched) = self.classes(n);
            let c1 = hit.least_missing_in(complete);
            rare_below(hit, searched, c1, &mut scratch.cands);
            if !scratch.cands.is_empty() {
                let left = find_candidates(
                    pairs,
                    self.moves.known_ranges(n, known),
                    self.top_list(),
                    &mut scratch.cands,
                    (&mut scratch.need, &mut scratch.mark, &mut scratch.exact),
                );
                // The candidates found are the values now in `hit`.
                hit.add_below(searched, c1);
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
        values: &Values,
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
}

impl Kernel {
    /// Starts phase two of the block of heaps `known..stop`: the splits
    /// with a part inside it are added ahead as its heaps get their values
    /// ([`Kernel::forward`]).
    pub fn begin_ahead(&mut self, known: usize, stop: usize) {
        let words = self.width / 64;
        let ahead = &mut self.ahead;
        ahead.known = known;
        ahead.stop = if self.mask.is_some() { stop } else { 0 };
        ahead.words = words;
        ahead.bits.clear();
        ahead
            .bits
            .resize((ahead.stop - known.min(ahead.stop)) * words, 0);
    }

    /// How many blocks had their splits pulled (the width grew inside).
    #[cfg(test)]
    pub(crate) fn blocks_pulled(&self) -> usize {
        self.ahead.pulled
    }

    /// Once heap `b` of the block has its value and is accounted (its
    /// value pushed, [`Kernel::account`] called): adds to each later heap
    /// n = b + y + k of the block the split (b, y) when b or y is rare.
    /// Every split with a part in the block has its larger part there
    /// (the other, y < stop - known, is below the block), so each is added
    /// once, when its larger part gets its value.
    pub fn forward(&mut self, values: &Values, b: usize) {
        let ahead = &mut self.ahead;
        if b < ahead.known || b >= ahead.stop {
            return;
        }
        let words = ahead.words;
        if words * 64 != self.width {
            // A wider value: the rows cannot hold it; pulled from here on.
            ahead.stop = 0;
            ahead.pulled += 1;
            return;
        }
        let pairs = Pairs {
            values,
            fwd: &self.fwd,
            rev: &self.rev,
            base: self.rev_base,
        };
        let vb = pairs.at(b) as usize;
        let b_rare = self.rare.last() == Some(&b);
        let base = b - ahead.known;
        for &k in &self.moves.pairs {
            // Heap n = b + y + k is in the block for y < limit.
            let limit = (ahead.stop - b).saturating_sub(k);
            debug_assert!(limit <= ahead.known && limit <= b);
            let mut set = |y: usize, vy: usize| {
                let v = vb ^ vy;
                let at = (base + y + k) * words + (v >> 6);
                ahead.bits[at] |= 1 << (v & 63);
            };
            if b_rare {
                for y in 1..limit {
                    set(y, pairs.at(y) as usize);
                }
            } else {
                for (&y, &vy) in self.rare.iter().zip(&self.rare_val) {
                    if y >= limit {
                        break;
                    }
                    set(y, vy as usize);
                }
            }
        }
    }
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

impl Partials {
    /// Appends these partials to `out`, for another process: the heap
    /// count, the words per heap, then each heap's words and `c1`, all
    /// little-endian u64.
    pub fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&(self.c1.len() as u64).to_le_bytes());
        out.extend_from_slice(&(self.words as u64).to_le_bytes());
        for w in &self.hits {
            out.extend_from_slice(&w.to_le_bytes());
        }
        for &c in &self.c1 {
            out.extend_from_slice(&(c as u64).to_le_bytes());
        }
    }

    /// Replaces these partials by the ones [`Partials::encode`] wrote at
    /// `bytes[*at..]`, moving `at` past them. Errors (a message cut short
    /// or of another shape) name what is wrong.
    pub fn decode(&mut self, bytes: &[u8], at: &mut usize) -> Result<(), String> {
        let mut next = || -> Result<u64, String> {
            let b = bytes
                .get(*at..*at + 8)
                .ok_or_else(|| format!("block message cut short at byte {at}"))?;
            *at += 8;
            Ok(u64::from_le_bytes(b.try_into().expect("8 bytes")))
        };
        let heaps = usize::try_from(next()?).map_err(|e| e.to_string())?;
        let words = usize::try_from(next()?).map_err(|e| e.to_string())?;
        if heaps > super::BATCH || words > 1 << 16 {
            return Err(format!("block message of {heaps} heaps of {words} words"));
        }
        self.clear();
        self.words = words;
        for _ in 0..heaps * words {
            self.hits.push(next()?);
        }
        for _ in 0..heaps {
            self.c1
                .push(usize::try_from(next()?).map_err(|e| e.to_string())?);
        }
        Ok(())
    }
}
