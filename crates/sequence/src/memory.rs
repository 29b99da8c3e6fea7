//! Refusing sizes that do not fit in memory, before allocating.

use crate::{Control, SeqError, Value};
use grundy_engine::memory;

/// Fixed allowance for tables other than the values, bytes.
const OVERHEAD: u64 = 64 << 20;

/// Bytes needed to hold heaps 0..=n: the values twice (the computation
/// keeps a reversed copy so its scans run over ascending memory) and half
/// again while the copy grows (its old and new buffers side by side), an
/// allowance of a quarter byte a heap for the list of rare heaps, and a
/// fixed overhead. The report keeps the values alone: two bytes a heap
/// (crates/games/tests/it/seq_memory.rs measures both).
pub fn estimate(n: u64) -> u64 {
    let heaps = n.saturating_add(1);
    heaps
        .saturating_mul(5 * std::mem::size_of::<Value>() as u64 / 2)
        .saturating_add(heaps / 4)
        .saturating_add(OVERHEAD)
}

/// Refuses `n` if its estimate, added to the memory already held, exceeds
/// the control's budget ([`Control::memory_limit`], by default
/// [`memory::default_max_memory`], which `ulimit -v` and a cgroup's limit
/// lower) or what the system has available (when that can be read).
pub fn check(n: u64, ctl: &Control) -> Result<(), SeqError> {
    let needed = estimate(n);
    let budget = ctl.memory_limit.unwrap_or_else(memory::default_max_memory);
    let (limit, by_budget) = match memory::available() {
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
