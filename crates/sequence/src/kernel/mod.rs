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
use crate::scan::Pairs;
use crate::{HeapRule, SeqError, Value, Values};
use rare::{is_rare, FIRST_REVIEW};
use state::Ahead;
#[cfg(feature = "parallel")]
pub(crate) use state::BATCH;
pub(crate) use state::{Kernel, Scratch};

/// The list of heaps with a top-bit value ([`Kernel::top_list`]) is kept
/// while it holds at most this many heaps or a 64th of the heaps: longer,
/// it would cost more memory (eight bytes an entry) than the values, and
/// scanning it would save little.
const TOP_MIN: usize = 1 << 16;
/// The reversed window of the values is never shorter than this.
const MIN_REV: usize = 1 << 12;
/// The most heaps the reversed window holds (exact values, two bytes
/// each): the scans of the pairs (a, m - a) read it for m - a, and find
/// what they look for among the pairs with a small a (0.6 at heap 10^6:
/// 2,700 pairs on average), whose m - a are among the latest heaps.
pub(crate) const WINDOW: usize = 1 << 22;
/// The first heaps kept as exact values (two bytes each), for the a of
/// those pairs. Pairs outside both windows are read from the store.
pub(crate) const PREFIX: usize = 1 << 21;

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
            fwd: Vec::new(),
            rev: Vec::new(),
            rev_base: 0,
            rev_target: usize::MAX,
            width: 0,
            top: Vec::new(),
            top_dense: false,
            top_count: 0,
            rare_vals: ValueSet::default(),
            common_vals: ValueSet::default(),
            hist: vec![0; 2 * (Value::MAX as usize + 1)],
            next_review: FIRST_REVIEW,
            reviewed_at: (0, 0),
            synced: 0,
            hit: ValueSet::default(),
            scratch: Scratch::default(),
            cursor: None,
            ahead: Ahead::default(),
        };
        k.set_width(64);
        k
    }

    /// The mask in use, if the rare/common method is active.
    pub fn mask(&self) -> Option<u32> {
        self.mask
    }

    /// Tells the kernel how many heaps the computation is expected to
    /// reach: its reversed window of the values grows geometrically up to
    /// that length (and at most [`WINDOW`]), not beyond.
    pub fn reserve(&mut self, heaps: usize) {
        self.rev_target = heaps;
        let first = heaps.min(PREFIX);
        self.fwd.reserve_exact(first.saturating_sub(self.fwd.len()));
    }

    /// Makes the reversed window able to take heaps up to `len` (exclusive):
    /// grown geometrically up to [`WINDOW`], then moved on to start half a
    /// window before `len`, the heaps below `synced` it then holds copied
    /// from `values`.
    fn fit_rev(&mut self, values: &Values, len: usize) {
        if len <= self.rev_base + self.rev.len() {
            return;
        }
        let grown = (2 * self.rev.len())
            .max(MIN_REV)
            .min(self.rev_target.max(len - self.rev_base))
            .max(len - self.rev_base)
            .min(WINDOW);
        if len - self.rev_base <= grown {
            let mut rev = vec![0; grown];
            // Heap i moves from old.len() - 1 - (i - base) to grown - 1 - (i - base).
            rev[grown - self.rev.len()..].copy_from_slice(&self.rev);
            self.rev = rev;
            return;
        }
        self.rev.resize(WINDOW, 0);
        self.rev_base = len - WINDOW / 2;
        let last = WINDOW - 1;
        for (k, i) in (self.rev_base..self.synced.max(self.rev_base)).enumerate() {
            self.rev[last - k] = values.at(i);
        }
    }

    /// The heaps whose value has the top bit of the width, for
    /// [`rare::find_candidates`]: listed, or counted while they are too
    /// many to list ([`TOP_MIN`]).
    pub(super) fn top_list(&self) -> rare::Top<'_> {
        match self.top_dense {
            true => rare::Top::Scan(self.width / 2, self.top_count),
            false => rare::Top::List(&self.top, self.width / 2),
        }
    }

    /// The values of heaps below `synced`, with the reversed window.
    pub(super) fn pairs<'a>(&'a self, values: &'a Values) -> Pairs<'a> {
        Pairs {
            values,
            fwd: &self.fwd,
            rev: &self.rev,
            base: self.rev_base,
        }
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
    pub fn sync(&mut self, values: &Values) {
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
    pub fn account(&mut self, values: &Values) {
        if values.len() < self.synced {
            // The sequence was replaced by a shorter one: start over.
            self.hist.iter_mut().for_each(|c| *c = 0);
            self.rare.clear();
            self.rare_val.clear();
            self.fwd.clear();
            self.rev.clear();
            self.rev_base = 0;
            self.top.clear();
            self.top_count = 0;
            self.top_dense = false;
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
        self.fit_rev(values, values.len());
        let last = self.rev.len() - 1;
        for i in self.synced..values.len() {
            let value = values.at(i);
            if i >= self.rev_base {
                self.rev[last - (i - self.rev_base)] = value;
            }
            if i < PREFIX {
                self.fwd.push(value);
            }
            let v = value as usize;
            if i >= 1 {
                self.hist[(v << 1) | (i & 1)] += 1;
            }
            if v >= self.width {
                let w = (v + 1).next_power_of_two().max(64);
                self.set_width(w);
                self.top.clear();
                self.top
                    .extend((1..i).filter(|&a| values.at(a) as usize >= w / 2));
                self.top_count = self.top.len();
                self.top_dense = false;
            }
            if i >= 1 && v >= self.width / 2 {
                self.top_count += 1;
                if !self.top_dense {
                    self.top.push(i);
                }
            }
            if self.top.len() > TOP_MIN.max(i / 64) {
                // Too many to be worth a list: dropped until the width grows.
                self.top = Vec::new();
                self.top_dense = true;
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
    fn other_options(&mut self, values: &Values, n: usize) {
        for &k in &self.moves.empties {
            if n == k {
                self.hit.insert(0);
            }
        }
        for &k in &self.moves.singles {
            if n > k {
                self.hit.insert(values.at(n - k) as usize);
            }
        }
        for &k in &self.moves.triples {
            if n < k + 3 {
                continue;
            }
            let m = n - k;
            for a in 1..=m / 3 {
                for b in a..=(m - a) / 2 {
                    let v = values.at(a) ^ values.at(b) ^ values.at(m - a - b);
                    self.hit.insert(v as usize);
                }
            }
        }
    }

    /// Computes the values of heaps `values.len()..end` on this thread.
    pub fn extend(&mut self, values: &mut Values, end: usize) -> Result<(), SeqError> {
        let mut scratch = std::mem::take(&mut self.scratch);
        let result = self.extend_with(values, end, &mut scratch);
        self.scratch = scratch;
        result
    }

    fn extend_with(
        &mut self,
        values: &mut Values,
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
