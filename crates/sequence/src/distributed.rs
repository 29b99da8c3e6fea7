//! A sequence across ranks ([`crate::Control::ranks`]): each block of
//! heaps as in [`crate::parallel`], with phase one (the splits whose parts
//! are both below the block: the bulk of the work) dealt to the ranks in
//! contiguous shares of batches, each rank running its share on its own
//! threads; the shares are gathered on every rank, and every rank runs
//! phase two (the few splits with a part in the block, in order) itself,
//! so every rank ends the block with the same values and no value is
//! sent. The ranks also agree on every decision that ends a run early
//! ([`grundy_engine::ranks::agree`]), so they all make the same
//! collective calls.

use crate::kernel::{Kernel, BATCH};
use crate::parallel::{block_size, phase_one, phase_two, Workers};
use crate::{SeqError, Values};
use grundy_engine::ranks::{share, Ranks};

/// Heaps below this are computed by every rank alike: their blocks would
/// be too small to divide.
const MIN_DISTRIBUTED: usize = 4096;
/// Blocks grow with the ranks up to this many times the one-machine
/// block: phase two, which every rank runs whole, grows with the block.
const MAX_BLOCK_FACTOR: usize = 4;

impl Workers {
    /// Computes the values of heaps `values.len()..end` with the ranks of
    /// `ranks`, this rank's share of each block on its threads. Every rank
    /// must call it with the same values and `end`.
    pub fn extend_ranks(
        &mut self,
        kernel: &mut Kernel,
        values: &mut Values,
        end: usize,
        ranks: &dyn Ranks,
    ) -> Result<(), SeqError> {
        let (rank, size) = (ranks.rank(), ranks.size());
        while values.len() < end {
            let known = values.len();
            if known < MIN_DISTRIBUTED || size == 1 {
                let local_end = if size == 1 {
                    end
                } else {
                    end.min(MIN_DISTRIBUTED)
                };
                self.extend(kernel, values, local_end)?;
                continue;
            }
            kernel.sync(values);
            let block = block_size(known, kernel.mask().is_some(), self.max_block)
                * size.min(MAX_BLOCK_FACTOR);
            let stop = (known + block).min(end);
            let batches = (stop - known).div_ceil(BATCH);
            let mine = share(rank, batches, size);
            if self.space.slots.len() < batches {
                self.space.slots.resize_with(batches, Default::default);
            }
            phase_one(
                kernel,
                values,
                stop,
                mine.clone(),
                &self.pool,
                self.threads,
                &mut self.space,
            );
            let mut message = Vec::new();
            for b in mine {
                self.space.slots[b]
                    .get_mut()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .encode(&mut message);
            }
            let all = ranks.all_gather(&message)?;
            for (r, bytes) in all.iter().enumerate() {
                if r == rank {
                    continue;
                }
                let mut at = 0;
                for b in share(r, batches, size) {
                    self.space.slots[b]
                        .get_mut()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .decode(bytes, &mut at)
                        .map_err(|e| SeqError::Ranks(format!("from rank {r}: {e}")))?;
                }
            }
            phase_two(kernel, values, &mut self.space.slots[..batches])?;
        }
        Ok(())
    }
}
