//! The full scan: every two-heap split of every heap (the naive method,
//! with the splits' values read as two ascending slices so it vectorises).
//! Used while no mask makes rare values scarce.

use super::state::{to_value, Kernel};
use crate::scan::scan_all;
use crate::{SeqError, Value, Values};

impl Kernel {
    /// Computes the value of the next heap, `values.len()`, by the full scan.
    pub(super) fn full_step(&mut self, values: &mut Values) -> Result<(), SeqError> {
        let n = values.len();
        self.hit.words.fill(0);
        let v = self.finish_naive(values, n, 0)?;
        values.push(v);
        Ok(())
    }

    /// The value of heap n by the full scan, given in `hit` the values of
    /// the splits with both parts below `known`.
    pub(super) fn finish_naive(
        &mut self,
        values: &Values,
        n: usize,
        known: usize,
    ) -> Result<Value, SeqError> {
        self.other_options(values, n);
        let mut exact = std::mem::take(&mut self.scratch.exact);
        let mut hit = std::mem::take(&mut self.hit);
        let pairs = self.pairs(values);
        for &k in &self.moves.pairs {
            if n >= k + 2 {
                let m = n - k;
                let hi = self.moves.half(m).min(m.saturating_sub(known));
                scan_all(pairs, m, 1, hi, &mut hit, &mut exact);
            }
        }
        self.hit = hit;
        self.scratch.exact = exact;
        to_value(self.hit.mex(), n)
    }
}
