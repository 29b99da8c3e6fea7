//! The full scan: every two-heap split of every heap (the naive method,
//! with the splits' values read as two ascending slices so it vectorises).
//! Used while no mask makes rare values scarce.

use super::state::{to_value, Kernel};
use crate::scan::{scan_all, Pairs};
use crate::{SeqError, Value};

impl Kernel {
    /// Computes the value of the next heap, `values.len()`, by the full scan.
    pub(super) fn full_step(&mut self, values: &mut Vec<Value>) -> Result<(), SeqError> {
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
}
