//! The value of one heap from the values below it, kept in step with the
//! sequence: [`Kernel`] holds what every method shares (the values reversed,
//! the heaps with a top-bit value, the counts of each value, the options
//! that are not two-heap splits), and one module per method computes values
//! with it:
//! - [`full`]: the full scan of every two-heap split (the naive method);
//! - [`rare`]: the rare/common method, on one thread;
//! - `block` (feature `parallel`): the same methods split into two phases
//!   over a block of heaps, the first of which runs on many threads
//!   ([`crate::parallel`]).
//!
//! [`Kernel::extend`] picks between the full scan and the rare/common
//! method: the latter once a mask makes rare values scarce enough (see
//! [`rare`]).

#[cfg(feature = "parallel")]
mod block;
mod full;
mod rare;
mod state;

#[cfg(feature = "parallel")]
pub(crate) use block::Partials;

use crate::bits::ValueSet;
use crate::moves::Moves;
use crate::{HeapRule, SeqError, Value};
use rare::{is_rare, FIRST_REVIEW};
#[cfg(feature = "parallel")]
pub(crate) use state::BATCH;
pub(crate) use state::{Kernel, Scratch};

/// The reversed copy of the values is never shorter than this.
const MIN_REV: usize = 1 << 12;

impl Kernel {
    /// A kernel for `rule`; `use_rc` false means the naive full scan.
    pub fn new(rule: &HeapRule, use_rc: bool) -> Kernel {
        let moves = Moves::of(rule);
        let pair_parity = match moves.pairs.first() {
            Some(&k) if moves.pairs.iter().all(|&j| (j ^ k) & 1 == 0) => Some(k & 1),
            _ => None,
        };
        let mut k = Kernel {
            moves,
            use_rc,
            mask: None,
            heap_bit: false,
            pair_parity,
            rare: Vec::new(),
            rare_val: Vec::new(),
            rev: Vec::new(),
            rev_target: usize::MAX,
            width: 0,
            top: Vec::new(),
            rare_vals: ValueSet::default(),
            common_vals: ValueSet::default(),
            hist: vec![0; 2 * (Value::MAX as usize + 1)],
            next_review: FIRST_REVIEW,
            reviewed_at: (0, 0),
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
        if self.use_rc && (self.synced >= self.next_review || self.rare_grew()) {
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
            self.heap_bit = false;
            self.reviewed_at = (0, 0);
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
            let v = v as usize;
            if i >= 1 {
                self.hist[(v << 1) | (i & 1)] += 1;
            }
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
                if i >= 1 && self.rare_at(i, v, m) {
                    self.rare.push(i);
                    self.rare_val.push(v as Value);
                }
            }
        }
        self.synced = values.len();
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
            if self.mask.is_none() {
                self.full_step(values)?;
            } else {
                self.rare_step(values, end, scratch)?;
            }
        }
        Ok(())
    }
}
