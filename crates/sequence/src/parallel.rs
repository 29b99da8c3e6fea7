//! The rare/common method on several threads, a block of heaps at a time.
//!
//! For a block of heaps n in [N, E), every two-heap split whose parts are
//! both below N only reads values already known. Phase one computes, for
//! all heaps of the block in parallel, what those splits contribute (the
//! bulk of the work: the rare-value search). Phase two goes through the
//! block in order on one thread, adds the few options involving a heap of
//! the block itself, and takes the mex ([`Kernel::partial`] and
//! [`Kernel::finish`]). Results are identical to the one-thread method.

use crate::kernel::{Kernel, Partial, BATCH};
use crate::{SeqError, Value};
use rayon::prelude::*;
use rayon::ThreadPool;

/// Heaps below this are computed on one thread: blocks would be tiny.
const MIN_PARALLEL: usize = 2048;
/// The largest block.
const MAX_BLOCK: usize = 8192;

fn block_size(known: usize, rare_common: bool) -> usize {
    if known < MIN_PARALLEL {
        return 1;
    }
    // Phase two scans the splits with a part inside the block; without the
    // rare/common method that is every such pair, so keep blocks small.
    let share = if rare_common { known / 4 } else { known / 64 };
    share.clamp(1, MAX_BLOCK)
}

/// Computes the values of heaps `values.len()..end` on `pool`.
pub(crate) fn extend(
    kernel: &mut Kernel,
    values: &mut Vec<Value>,
    end: usize,
    pool: &ThreadPool,
) -> Result<(), SeqError> {
    while values.len() < end {
        kernel.sync(values);
        let known = values.len();
        let block = block_size(known, kernel.mask().is_some());
        if block <= BATCH {
            kernel.extend(values, (known + BATCH).min(end))?;
            continue;
        }
        let stop = (known + block).min(end);
        let shared: &Kernel = kernel;
        let done: &[Value] = values;
        let batches: Vec<Vec<Partial>> = pool.install(|| {
            (known..stop)
                .into_par_iter()
                .step_by(BATCH)
                .map_init(
                    || shared.scratch(),
                    |scratch, n0| {
                        let lanes = BATCH.min(stop - n0);
                        let mut out = Vec::with_capacity(lanes);
                        shared.partial(done, n0, lanes, known, scratch, &mut out);
                        out
                    },
                )
                .collect()
        });
        for (n, partial) in (known..stop).zip(batches.into_iter().flatten()) {
            kernel.account(values);
            let v = kernel.finish(values, n, known, partial)?;
            values.push(v);
        }
    }
    Ok(())
}
