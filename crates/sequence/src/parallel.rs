//! The rare/common method on several threads, a block of heaps at a time.
//!
//! For a block of heaps n in [N, E), every two-heap split whose parts are
//! both below N only reads values already known. Phase one computes, for
//! all heaps of the block in parallel, what those splits contribute (the
//! bulk of the work: the rare-value search). Phase two goes through the
//! block in order on one thread, adds the few options involving a heap of
//! the block itself, and takes the mex ([`Kernel::partial`] and
//! [`Kernel::finish`]). Results are identical to the one-thread method.

use crate::choose::Chooser;
use crate::kernel::{Kernel, Partials, Scratch, BATCH};
use crate::{SeqError, Values};
use rayon::ThreadPool;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

/// Heaps below this are computed on one thread: blocks would be tiny.
const MIN_PARALLEL: usize = 2048;
/// The largest block. Phase two, which is sequential, adds for heap
/// N + j the rare splits with a part in the block, about as many as there
/// are rare heaps below j (in 0.6 a fifth of the heaps below 1024 are
/// rare), and redoes the candidate search when they raise the common mex.
/// Measured on 0.6 to 10^6: 128 to 256 best; at 8192 phase two took as long
/// as the whole one-thread computation.
const MAX_BLOCK: usize = 256;

/// The block for heaps from `known`, at most `max` heaps (normally
/// [`MAX_BLOCK`]).
pub(crate) fn block_size(known: usize, rare_common: bool, max: usize) -> usize {
    if known < MIN_PARALLEL {
        return 1;
    }
    // Phase two scans the splits with a part inside the block; without the
    // rare/common method that is every such pair, so keep blocks small.
    let share = if rare_common { known / 4 } else { known / 64 };
    share.clamp(1, max)
}

/// The worker threads of a run of [`crate::Method::Parallel`]: this thread
/// and `threads - 1` of a pool, with their work spaces, kept between blocks.
pub(crate) struct Workers {
    pub(crate) pool: ThreadPool,
    pub(crate) threads: usize,
    pub(crate) space: Workspace,
    /// The largest block ([`MAX_BLOCK`]; the tests try other shapes).
    pub(crate) max_block: usize,
    /// For [`crate::Method::Auto`]: each stretch in blocks or on this
    /// thread alone, whichever is faster ([`Workers::choose_by_speed`]).
    pub(crate) chooser: Option<Chooser>,
}

impl Workers {
    /// Starts a pool for `threads` threads in all (this one included).
    pub fn new(threads: usize) -> Result<Workers, SeqError> {
        let pool = rayon::ThreadPoolBuilder::new()
            // This thread takes part in the parallel phases too.
            .num_threads((threads - 1).max(1))
            .build()
            .map_err(|e| SeqError::Threads(e.to_string()))?;
        Ok(Workers {
            pool,
            threads,
            space: Workspace::default(),
            max_block: MAX_BLOCK,
            chooser: None,
        })
    }

    /// From now on each call of [`Workers::extend`] (a stretch) runs in
    /// blocks or on this thread alone, whichever was measured faster on
    /// the standard clock ([`crate::choose`]); no change without a clock.
    pub fn choose_by_speed(&mut self) {
        self.chooser = grundy_engine::clock::default_clock().map(Chooser::new);
    }

    /// Computes the values of heaps `values.len()..end`.
    ///
    /// Called from a worker of another rayon pool (a `batch` answering
    /// lines in parallel), the work runs on a thread of its own: a rayon
    /// worker waiting for this pool takes jobs of its own pool meanwhile,
    /// and one of them may wait for a lock the caller holds (the family's
    /// value table, held while it grows). That deadlocked `batch
    /// grundy-game` with a heap of 5,000,000 and a small line, about
    /// every other run. A plain thread waits without taking any job.
    pub fn extend(
        &mut self,
        kernel: &mut Kernel,
        values: &mut Values,
        end: usize,
    ) -> Result<(), SeqError> {
        let Some(mut chooser) = self.chooser.take() else {
            return self.extend_in_blocks(kernel, values, end);
        };
        let heaps = end.saturating_sub(values.len());
        let ran = chooser.run(heaps, |alone| match alone {
            true => kernel.extend(values, end),
            false => self.extend_in_blocks(kernel, values, end),
        });
        self.chooser = Some(chooser);
        ran
    }

    /// [`Workers::extend`] in blocks on every thread.
    fn extend_in_blocks(
        &mut self,
        kernel: &mut Kernel,
        values: &mut Values,
        end: usize,
    ) -> Result<(), SeqError> {
        let (pool, threads, space) = (&self.pool, self.threads, &mut self.space);
        let shape = (threads, self.max_block);
        if rayon::current_thread_index().is_none() {
            return extend(kernel, values, end, pool, shape, space);
        }
        std::thread::scope(|s| {
            s.spawn(|| extend(kernel, values, end, pool, shape, space))
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        })
    }
}

/// Phase-one work spaces, kept between blocks: one scratch space per
/// thread taking part, one result store per batch of the block.
#[derive(Default)]
pub(crate) struct Workspace {
    scratches: Vec<Scratch>,
    pub(crate) slots: Vec<Mutex<Partials>>,
}

/// Computes the values of heaps `values.len()..end` with `threads` threads
/// (this one and `threads - 1` of `pool`), in blocks of at most
/// `max_block` heaps.
fn extend(
    kernel: &mut Kernel,
    values: &mut Values,
    end: usize,
    pool: &ThreadPool,
    (threads, max_block): (usize, usize),
    space: &mut Workspace,
) -> Result<(), SeqError> {
    while values.len() < end {
        kernel.sync(values);
        let known = values.len();
        let block = block_size(known, kernel.mask().is_some(), max_block);
        if block <= BATCH {
            kernel.extend(values, (known + BATCH).min(end))?;
            continue;
        }
        let stop = (known + block).min(end);
        let batches = (stop - known).div_ceil(BATCH);
        phase_one(kernel, values, stop, 0..batches, pool, threads, space);
        phase_two(kernel, values, &mut space.slots[..batches])?;
    }
    Ok(())
}

/// Phase one of the batches `which` of the block of heaps
/// `values.len()..stop` (batch b: heaps known + 32b onwards), into
/// `space.slots[b]`, on this thread and `threads - 1` of `pool`.
pub(crate) fn phase_one(
    kernel: &Kernel,
    values: &Values,
    stop: usize,
    which: std::ops::Range<usize>,
    pool: &ThreadPool,
    threads: usize,
    space: &mut Workspace,
) {
    let known = values.len();
    space
        .scratches
        .resize_with(threads.max(1), Scratch::default);
    if space.slots.len() < which.end {
        space.slots.resize_with(which.end, Default::default);
    }
    let slots = &space.slots[..which.end];
    // Batches are handed out one at a time, so whoever starts first (this
    // thread: the pool's may be asleep) does more.
    let next = AtomicUsize::new(which.start);
    let work = |scratch: &mut Scratch| loop {
        let b = next.fetch_add(1, Ordering::Relaxed);
        if b >= which.end {
            break;
        }
        let n0 = known + b * BATCH;
        let lanes = BATCH.min(stop - n0);
        let mut out = slots[b].lock().unwrap_or_else(PoisonError::into_inner);
        out.clear();
        kernel.partial(values, n0, lanes, known, scratch, &mut out);
    };
    let (mine, others) = space
        .scratches
        .split_first_mut()
        .expect("at least one scratch space");
    pool.in_place_scope(|scope| {
        for scratch in others.iter_mut() {
            let work = &work;
            scope.spawn(move |_| work(scratch));
        }
        work(mine);
    });
}

/// Phase two of a block whose phase one is in `slots`, in order: the
/// values of its heaps, pushed onto `values`.
pub(crate) fn phase_two(
    kernel: &mut Kernel,
    values: &mut Values,
    slots: &mut [Mutex<Partials>],
) -> Result<(), SeqError> {
    let known = values.len();
    let heaps: usize = slots
        .iter_mut()
        .map(|s| s.get_mut().unwrap_or_else(PoisonError::into_inner).len())
        .sum();
    kernel.begin_ahead(known, known + heaps);
    kernel.account(values);
    let mut n = known;
    for slot in slots {
        let out = slot.get_mut().unwrap_or_else(PoisonError::into_inner);
        for i in 0..out.len() {
            // Every value so far is accounted (before the loop, or after
            // the last push below).
            let v = kernel.finish(values, n, known, out, i)?;
            values.push(v);
            kernel.account(values);
            kernel.forward(values, n);
            n += 1;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{HeapRule, TakeBreak};

    /// Phase two adds the splits with a part inside the block ahead of
    /// each heap's turn, or pulls them once a wider value appears in the
    /// block: blocks of 2, 3, 8 and 32 batches on 1, 2 and 3 threads give
    /// the one-thread values, for codes with values past 256 (0.6), past
    /// 1024 (0.567, whose width grows inside blocks, so the pulled path
    /// runs too), the heap's parity as a bit (0.106), several pair moves
    /// (0.26) and Grundy's game.
    #[test]
    fn every_block_shape_and_thread_count_gives_the_one_thread_values() {
        let n = if cfg!(debug_assertions) {
            5_000
        } else {
            40_000
        };
        let mut rules: Vec<HeapRule> = ["0.6", "0.567", "0.106", "0.007", "0.26"]
            .iter()
            .map(|c| TakeBreak::parse(c).expect("a code").into())
            .collect();
        rules.push(HeapRule::GrundyGame);
        for rule in rules {
            let mut expected = Values::default();
            Kernel::new(&rule, true)
                .extend(&mut expected, n)
                .expect("one thread");
            let mut pulled = 0;
            for threads in [1, 2, 3] {
                for max_block in [64, 96, 256, 1024] {
                    let mut workers = Workers::new(threads).expect("a pool");
                    workers.max_block = max_block;
                    let mut kernel = Kernel::new(&rule, true);
                    let mut values = Values::default();
                    workers
                        .extend(&mut kernel, &mut values, n)
                        .expect("parallel");
                    let name = rule.name();
                    assert!(
                        values == expected,
                        "{name} threads {threads} block {max_block}"
                    );
                    pulled += kernel.blocks_pulled();
                }
            }
            if rule.name().contains("0.567") {
                assert!(pulled > 0, "0.567's width grows inside a block");
            }
        }
    }

    /// A clock that jumps ahead by a random amount at each reading, so
    /// that either way looks faster by turns.
    #[derive(Debug)]
    struct JumpClock(std::sync::atomic::AtomicU64);

    impl grundy_engine::clock::Clock for JumpClock {
        fn now(&self) -> std::time::Duration {
            // A step of a linear congruential generator in the low 32
            // bits; the time, in nanoseconds, above them grows by up to
            // about a millisecond a reading.
            let jump = |s: u64| {
                let r = (s as u32)
                    .wrapping_mul(1_664_525)
                    .wrapping_add(1_013_904_223);
                (((s >> 32) + u64::from(r >> 12)) << 32) | u64::from(r)
            };
            let s = self
                .0
                .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |s| Some(jump(s)));
            std::time::Duration::from_nanos(s.expect("always Some") >> 32)
        }
    }

    /// Stretches chosen by speed mix the blocks and one thread (a clock
    /// jumping at random makes either look faster by turns): the values
    /// are the one-thread values, and both ways ran.
    #[test]
    fn stretches_of_either_way_give_the_one_thread_values() {
        let n = if cfg!(debug_assertions) {
            5_000
        } else {
            60_000
        };
        for code in ["0.6", "0.567", "0.1777"] {
            let rule: HeapRule = TakeBreak::parse(code).expect("a code").into();
            let mut expected = Values::default();
            Kernel::new(&rule, true)
                .extend(&mut expected, n)
                .expect("one thread");
            let mut workers = Workers::new(2).expect("a pool");
            let clock = JumpClock(std::sync::atomic::AtomicU64::new(7));
            workers.chooser = Some(Chooser::new(std::sync::Arc::new(clock)));
            let mut kernel = Kernel::new(&rule, true);
            let mut values = Values::default();
            while values.len() < n {
                let end = (values.len() + 300).min(n);
                workers
                    .extend(&mut kernel, &mut values, end)
                    .expect("within limits");
            }
            assert!(values == expected, "{code}");
            let runs = workers.chooser.as_ref().expect("kept").runs;
            assert!(runs[0] >= 3 && runs[1] >= 3, "{code}: {runs:?}");
        }
    }
}
