//! Refusing sizes that do not fit in memory, before allocating.

use crate::{Control, SeqError, Value};

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

/// Available memory in bytes according to /proc/meminfo, if readable.
fn available() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Refuses `n` if its estimate exceeds the control's limit or what the
/// system has available (when that can be read).
pub fn check(n: u64, ctl: &Control) -> Result<(), SeqError> {
    let needed = estimate(n);
    let limit = ctl.memory_limit.or_else(available);
    if n >= usize::MAX as u64 / 4 {
        return Err(SeqError::TooLarge {
            n,
            needed: needed >> 20,
            available: limit.unwrap_or(0) >> 20,
        });
    }
    match limit {
        Some(limit) if needed > limit => Err(SeqError::TooLarge {
            n,
            needed: needed >> 20,
            available: limit >> 20,
        }),
        _ => Ok(()),
    }
}
