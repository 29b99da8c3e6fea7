//! The rare/common method on several threads, a block of heaps at a time.
//!
//! For a block of heaps n in [N, E), every two-heap split whose parts are
//! both below N only reads values already known. Phase one computes, for
//! all heaps of the block in parallel, what those splits contribute (the
//! bulk of the work: the rare-value search). Phase two goes through the
//! block in order on one thread, adds the few options involving a heap of
//! the block itself, and takes the mex ([`Kernel::partial`] and
//! [`Kernel::finish`]). Results are identical to the one-thread method.

use crate::kernel::{Kernel, Run, BATCH};
use crate::{SeqError, Value};
use rayon::prelude::*;
use rayon::ThreadPool;

/// Heaps below this are computed on one thread: blocks would be tiny.
const MIN_PARALLEL: usize = 2048;
/// The largest block. Phase two, which is sequential, adds for heap
/// N + j the rare splits with a part in the block, about as many as there
/// are rare heaps below j (in 0.6 a fifth of the heaps below 1024 are
/// rare), and redoes the candidate search when they raise the common mex.
/// Measured on 0.6 to 10^6: 128 to 256 best; at 8192 phase two took as long
/// as the whole one-thread computation.
const MAX_BLOCK: usize = 256;
/// Runs of heaps per thread in phase one (for balance); each run keeps its
/// work space between blocks.
const RUNS_PER_THREAD: usize = 4;

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
    let mut runs = kernel.take_runs(pool.current_num_threads() * RUNS_PER_THREAD);
    let result = extend_with(kernel, values, end, pool, &mut runs);
    kernel.put_runs(runs);
    result
}

fn extend_with(
    kernel: &mut Kernel,
    values: &mut Vec<Value>,
    end: usize,
    pool: &ThreadPool,
    runs: &mut [Run],
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
        // Contiguous runs of heaps, a few per thread.
        let run = (stop - known).div_ceil(runs.len()).next_multiple_of(BATCH);
        pool.install(|| {
            runs.par_iter_mut()
                .enumerate()
                .for_each(|(r, Run { scratch, out })| {
                    out.clear();
                    let start = (known + r * run).min(stop);
                    let end = (start + run).min(stop);
                    for n0 in (start..end).step_by(BATCH) {
                        let lanes = BATCH.min(end - n0);
                        shared.partial(done, n0, lanes, known, scratch, out);
                    }
                })
        });
        let mut n = known;
        for Run { out, .. } in runs.iter() {
            for i in 0..out.len() {
                kernel.account(values);
                let v = kernel.finish(values, n, known, out, i)?;
                values.push(v);
                n += 1;
            }
        }
    }
    Ok(())
}
