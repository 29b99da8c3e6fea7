//! Refusing sizes that do not fit in memory, before allocating.

use crate::{Control, SeqError};
use grundy_engine::memory;

/// Allowance for the tables other than the values, bytes: the kernel's
/// histogram and value sets, the naive method's seen marks (about 1.5 MiB
/// for the widest values), with room to spare. Measured resident growth
/// of `seq octal --code 0.6 -n 2000` is under 1 MiB; a fixed 64 MiB here
/// refused `analyze kayles 3 --max-memory 64M`.
const OVERHEAD: u64 = 2 << 20;

/// Allowance per worker thread (its stack as far as touched, its
/// allocator heap, its scratch): 64 threads added 5 MB resident to
/// `seq octal --code 0.6 -n 2000`.
const PER_THREAD: u64 = 128 << 10;

/// Bytes needed to hold heaps 0..=n on one thread: the values, one byte a
/// heap ([`crate::Values`]), an allowance of a quarter byte a heap for
/// their plane of bit 8 (an eighth, when values reach 256) and the
/// kernel's lists of rare and top heaps, the kernel's two windows of
/// exact values (the first and the latest heaps, two bytes each, at most
/// 12 MiB) and 2 MiB for the other tables
/// (crates/games/tests/it/seq_memory.rs measures the peak). [`check`]
/// adds 128 KiB per further worker thread.
pub fn estimate(n: u64) -> u64 {
    let heaps = n.saturating_add(1);
    let windows = (crate::kernel::WINDOW + crate::kernel::PREFIX) as u64;
    heaps
        .saturating_add(heaps / 4)
        .saturating_add(2 * heaps.min(windows))
        .saturating_add(OVERHEAD)
}

/// Refuses `n` if its estimate, added to the memory already held, exceeds
/// the control's budget ([`Control::memory_limit`], by default
/// [`memory::default_max_memory`], which `ulimit -v` and a cgroup's limit
/// lower) or what the system can give (the memory available and the
/// process's limit, [`memory::process_limit`], when they can be read).
pub fn check(n: u64, ctl: &Control) -> Result<(), SeqError> {
    let threads = match ctl.resolved_method() {
        crate::Method::Parallel => ctl.thread_count() as u64,
        _ => 1,
    };
    let needed = estimate(n).saturating_add(PER_THREAD.saturating_mul(threads - 1));
    let budget = ctl.memory_limit.unwrap_or_else(memory::default_max_memory);
    // What the system can give: free memory, and the process's own
    // limit (an address-space cap) when a raised budget passes it.
    let system = [memory::available(), memory::process_limit()]
        .into_iter()
        .flatten()
        .min();
    let (limit, by_budget) = match system {
        Some(free) if free < budget => (free, false),
        _ => (budget, true),
    };
    let refuse = || SeqError::TooLarge {
        n,
        needed: needed >> 20,
        available: limit >> 20,
        budget: by_budget,
    };
    if n >= usize::MAX as u64 / 4 {
        return Err(refuse());
    }
    let held = memory::allocated().unwrap_or(0);
    if needed.saturating_add(held) > limit {
        return Err(refuse());
    }
    Ok(())
}

/// The error of an allocation of the values of heaps 0..=n that the
/// system refused although [`check`] admitted it (an address-space cap
/// tighter than it looked): a refusal naming the memory, never an abort.
pub(crate) fn refused(n: u64) -> SeqError {
    SeqError::TooLarge {
        n,
        needed: estimate(n) >> 20,
        available: memory::process_limit()
            .unwrap_or(0)
            .saturating_sub(memory::allocated().unwrap_or(0))
            >> 20,
        budget: false,
    }
}
