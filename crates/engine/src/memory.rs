//! The memory budget: the bytes a program holds, the most its process may
//! hold, and the one way a store grows within a budget.
//!
//! A binary that installs [`CountingAlloc`] as its global allocator (the
//! `grundy` command, the Python module, the page's engine) keeps the bytes
//! currently allocated in one counter; every search compares that counter
//! with [`crate::Limits::max_memory`] where it counts states, and every
//! store that grows (memo tables, retrograde arrays, explored graphs, the
//! rules files' memos) grows through [`Reserve::reserve_within`], which
//! refuses a growth whose projected bytes exceed the budget and turns a
//! failed allocation (an address-space cap, `ulimit -v`) into
//! [`SearchError::MemoryLimit`] instead of an abort. Without the
//! allocator (`allocated` is `None`) only the projected growth of each
//! store is checked, and the state limits do the rest.

use crate::SearchError;
use std::alloc::{GlobalAlloc, Layout};
use std::collections::{HashMap, HashSet, VecDeque};
use std::hash::{BuildHasher, Hash};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};

/// Bytes currently allocated through [`CountingAlloc`].
static ALLOCATED: AtomicUsize = AtomicUsize::new(0);
/// Resident bytes of the process outside the counted blocks (its code and
/// data, the allocator's own), noted by [`note_resident_outside_heap`].
static OUTSIDE: AtomicUsize = AtomicUsize::new(0);
/// Whether a [`CountingAlloc`] has served an allocation in this binary.
static INSTALLED: AtomicBool = AtomicBool::new(false);
/// Resident bytes of the process beyond those counted, at the last
/// reading of /proc ([`read_resident`]): pages the allocator freed but
/// has not yet returned, and the like.
static RESIDENT_EXTRA: AtomicUsize = AtomicUsize::new(0);
/// The count past which [`allocated`] reads the resident memory again;
/// `usize::MAX` (never) until [`note_resident_outside_heap`].
static NEXT_READING: AtomicUsize = AtomicUsize::new(usize::MAX);
/// Counted bytes between two readings of the resident memory: a few
/// microseconds a MiB allocated.
const READING_STEP: usize = 1 << 20;
thread_local! {
    /// Positions held by the search on this thread that last counted
    /// its states.
    static POSITIONS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The memory budget of the answer this thread is working out (set by
    /// [`within_answer_memory`]).
    static ANSWER_MEMORY: std::cell::Cell<Option<u64>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` with `max_memory` as the memory budget of the answer this
/// thread works out (see [`answer_max_memory`]), restoring the one before
/// afterwards, also when `f` panics.
pub(crate) fn within_answer_memory<R>(max_memory: u64, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<u64>);
    impl Drop for Restore {
        fn drop(&mut self) {
            ANSWER_MEMORY.with(|m| m.set(self.0));
        }
    }
    let _restore = Restore(ANSWER_MEMORY.with(|m| m.replace(Some(max_memory))));
    f()
}

/// The memory budget of the answer this thread is working out (the
/// `--max-memory` of the analysis, set by [`crate::Limits::within_answer`]), for
/// code without [`crate::Limits`] at hand (a family's theory listing
/// moves); [`default_max_memory`] outside an answer.
pub fn answer_max_memory() -> u64 {
    ANSWER_MEMORY
        .with(|m| m.get())
        .unwrap_or_else(default_max_memory)
}

/// Notes that the search running on this thread holds `n` positions:
/// read by [`positions_held`] when memory runs out, so a front end can
/// say how far the search got (the page, whose module cannot report
/// after an allocation failure aborts it). One store, beside the state
/// count every search keeps anyway.
#[inline]
pub fn note_positions(n: u64) {
    POSITIONS.with(|p| p.set(n));
}

/// The positions the last search on this thread noted
/// ([`note_positions`]); 0 after [`forget_positions`].
pub fn positions_held() -> u64 {
    POSITIONS.with(|p| p.get())
}

/// Starts this thread's count afresh (a front end, before each answer).
pub fn forget_positions() {
    POSITIONS.with(|p| p.set(0));
}

/// A global allocator that forwards to `A` and counts the bytes it holds,
/// each block as `A` rounds it ([`block_size`]):
/// `#[global_allocator] static A: CountingAlloc<System> =
/// CountingAlloc(System, Blocks::Malloc);`. The count is one relaxed atomic, so reading
/// it ([`allocated`]) is as cheap as the state count it sits beside.
#[derive(Debug, Default)]
pub struct CountingAlloc<A>(pub A, pub Blocks);

/// How an allocator rounds the blocks it serves, for [`block_size`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Blocks {
    /// A boundary-tag malloc (glibc's, dlmalloc on wasm32): a header word
    /// before each block, 16-byte steps, 32 bytes at least; a block past
    /// 128 KiB (glibc's mapping threshold) in whole pages.
    #[default]
    Malloc,
    /// mimalloc: 8 bytes at least, 16-byte steps up to 64, then four size
    /// classes per power of two (at most a quarter over the size) up to
    /// 512 KiB, whole pages past that.
    Mimalloc,
}

/// The bytes an allocator rounding as `blocks` holds for a block of
/// `size` bytes, as the budget counts them: a pure function of `size`, so
/// an allocation and its release count the same. Counting the bytes asked
/// for instead let a store of many small blocks (a quotient's option
/// lists, a few bytes each) hold twice what it counted.
#[inline]
pub const fn block_size(blocks: Blocks, size: usize) -> usize {
    const PAGE: usize = 4096;
    match blocks {
        Blocks::Malloc => {
            if size <= 24 {
                32
            } else if size <= 128 << 10 {
                size.saturating_add(8 + 15) & !15
            } else {
                size.saturating_add(16 + PAGE - 1) & !(PAGE - 1)
            }
        }
        Blocks::Mimalloc => {
            if size <= 8 {
                8
            } else if size <= 64 {
                (size + 15) & !15
            } else if size <= 512 << 10 {
                // Words less one; its top three bits pick the class.
                let w = size.div_ceil(8) - 1;
                let b = usize::BITS - 1 - w.leading_zeros();
                let step = 1usize << (b - 2);
                ((w >> (b - 2)) + 1) * step * 8
            } else {
                size.saturating_add(PAGE - 1) & !(PAGE - 1)
            }
        }
    }
}

#[inline]
fn counted(size: usize) {
    ALLOCATED.fetch_add(size, Relaxed);
    if !INSTALLED.load(Relaxed) {
        INSTALLED.store(true, Relaxed);
    }
}

// SAFETY: every call forwards to `A` with the caller's arguments
// unchanged; the counter is bookkeeping only and never affects what is
// returned.
unsafe impl<A: GlobalAlloc> GlobalAlloc for CountingAlloc<A> {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc`, passed on.
        let p = unsafe { self.0.alloc(layout) };
        if !p.is_null() {
            counted(block_size(self.1, layout.size()));
        }
        p
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc_zeroed`, passed on.
        let p = unsafe { self.0.alloc_zeroed(layout) };
        if !p.is_null() {
            counted(block_size(self.1, layout.size()));
        }
        p
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract for `dealloc`, passed on.
        unsafe { self.0.dealloc(ptr, layout) };
        ALLOCATED.fetch_sub(block_size(self.1, layout.size()), Relaxed);
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract for `realloc`, passed on.
        let p = unsafe { self.0.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            let (old, new) = (
                block_size(self.1, layout.size()),
                block_size(self.1, new_size),
            );
            if new >= old {
                counted(new - old);
            } else {
                ALLOCATED.fetch_sub(old - new, Relaxed);
            }
        }
        p
    }
}

/// The bytes currently held, or `None` when no [`CountingAlloc`] is
/// installed in this binary (budgets then fall back to state counts):
/// the blocks allocated ([`block_size`] each), and, when a front end
/// noted it ([`note_resident_outside_heap`]), the process's resident
/// memory outside them: its code and data, and what the kernel counts
/// resident beyond the blocks, read again every MiB the count moves
/// (freed pages the allocator keeps for a while: `quotient octal --code
/// 4.7 --max-memory 70M` held 73 MiB resident).
#[inline]
pub fn allocated() -> Option<u64> {
    if !INSTALLED.load(Relaxed) {
        return None;
    }
    let counted = ALLOCATED
        .load(Relaxed)
        .saturating_add(OUTSIDE.load(Relaxed));
    // Read again when the count has moved a MiB either way since.
    let next = NEXT_READING.load(Relaxed);
    if next != usize::MAX && (counted >= next || counted.saturating_add(2 * READING_STEP) < next) {
        read_resident(counted);
    }
    Some(counted as u64 + RESIDENT_EXTRA.load(Relaxed) as u64)
}

/// Reads the resident memory and notes how far it is over `counted`
/// ([`RESIDENT_EXTRA`]); the next reading once the count moves by
/// [`READING_STEP`].
#[cold]
fn read_resident(counted: usize) {
    NEXT_READING.store(counted.saturating_add(READING_STEP), Relaxed);
    if let Some(kib) = status_kib("VmRSS:") {
        let rss = usize::try_from(kib.saturating_mul(1024)).unwrap_or(usize::MAX);
        RESIDENT_EXTRA.store(rss.saturating_sub(counted), Relaxed);
    }
}

/// Notes the resident memory the process holds now outside the blocks
/// counted (its code, its static data, the allocator's own pages), read
/// from /proc/self/status, and counts it in [`allocated`] from now on, so
/// that the budget bounds the process's resident memory, not its heap
/// alone: the resident memory is read again every MiB the count moves,
/// and what it holds beyond the count is counted too. A command-line
/// front end calls it once at start, with 2 MiB added for the code a
/// command runs later; does nothing where /proc cannot be read. Returns
/// the bytes noted.
pub fn note_resident_outside_heap() -> u64 {
    let Some(rss) = status_kib("VmRSS:").map(|k| k.saturating_mul(1024)) else {
        return 0;
    };
    let outside = rss.saturating_sub(ALLOCATED.load(Relaxed) as u64) + (2 << 20);
    let outside = usize::try_from(outside).unwrap_or(usize::MAX);
    OUTSIDE.store(outside, Relaxed);
    let counted = ALLOCATED.load(Relaxed).saturating_add(outside);
    NEXT_READING.store(counted.saturating_add(READING_STEP), Relaxed);
    outside as u64
}

/// The value in KiB of the line of /proc/self/status starting with `key`.
fn status_kib(key: &str) -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The most memory this process may hold, in bytes: the least of the
/// machine's memory (`MemTotal`), the cgroup's limit (v2 `memory.max`,
/// v1 `memory.limit_in_bytes`) and the address-space limit
/// (`RLIMIT_AS`, set by `ulimit -v`). `None` when none can be read (not
/// Linux, or no /proc).
pub fn process_limit() -> Option<u64> {
    [mem_total(), cgroup_limit(), address_space_limit()]
        .into_iter()
        .flatten()
        .min()
}

/// The default of [`crate::Limits::max_memory`]: half of
/// [`process_limit`], or [`FALLBACK_MAX_MEMORY`] when that cannot be
/// read (always so on wasm32, whose memory is at most 4 GiB and which
/// browsers often grant 2 GiB of).
///
/// Half, because a store grows by doubling: a table at the budget needs
/// its old and new arrays side by side for a moment (1.5 times its size),
/// and under an address-space cap the allocator's reserved arenas, the
/// thread stacks and the program itself count as well. What is left is
/// room for the rest of the process, never a margin anyone relies on.
///
/// Read once per process (the limits do not change under a running
/// program), so code without [`crate::Limits`] at hand, a family's
/// answer-size estimate say, can check against it as often as it likes.
pub fn default_max_memory() -> u64 {
    static DEFAULT: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *DEFAULT.get_or_init(|| process_limit().map_or(FALLBACK_MAX_MEMORY, |l| l / 2))
}

/// The budget when the process's limit cannot be read: 1 GiB.
pub const FALLBACK_MAX_MEMORY: u64 = 1 << 30;

/// The value in bytes of the line of /proc/meminfo starting with `key`.
fn meminfo(key: &str) -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib.saturating_mul(1024))
}

fn mem_total() -> Option<u64> {
    meminfo("MemTotal:")
}

/// Memory the system could give now without swapping (`MemAvailable`),
/// if readable: what a computation that allocates all it needs at once
/// (a value sequence) checks beside the budget.
pub fn available() -> Option<u64> {
    meminfo("MemAvailable:")
}

/// The least memory limit of this process's cgroup, v2 or v1, at the
/// cgroup's own directory or at the mount's root (a container often sees
/// its own cgroup there). "max" and the v1 "unlimited" figure (near
/// 2^63) read as no limit.
fn cgroup_limit() -> Option<u64> {
    let own = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    let mut files = vec![
        "/sys/fs/cgroup/memory.max".to_string(),
        "/sys/fs/cgroup/memory/memory.limit_in_bytes".to_string(),
    ];
    for line in own.lines() {
        // hierarchy-id:controllers:path
        let mut fields = line.splitn(3, ':');
        let (_, controllers, path) = (fields.next(), fields.next(), fields.next());
        let (Some(controllers), Some(path)) = (controllers, path) else {
            continue;
        };
        let path = path.trim_end_matches('/');
        if controllers.is_empty() {
            files.push(format!("/sys/fs/cgroup{path}/memory.max"));
        } else if controllers.split(',').any(|c| c == "memory") {
            files.push(format!("/sys/fs/cgroup/memory{path}/memory.limit_in_bytes"));
        }
    }
    files
        .iter()
        .filter_map(|f| std::fs::read_to_string(f).ok())
        .filter_map(|t| t.trim().parse::<u64>().ok())
        .filter(|&b| b < 1 << 62)
        .min()
}

/// The soft address-space limit (`ulimit -v`) from /proc/self/limits.
fn address_space_limit() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = text.lines().find(|l| l.starts_with("Max address space"))?;
    line["Max address space".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Parses a memory size: bytes, or a number with a suffix K, M, G or T
/// (powers of 1024, upper or lower case, an optional `B` or `iB` after
/// it): `512M`, `4G`, `1.5G`. At least 1 MiB.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let bad = || {
        format!(
            "invalid memory size '{text}': expected bytes or a number with K, M, G or T (e.g. 512M, 4G)"
        )
    };
    let lower = t.to_ascii_lowercase();
    let body = lower
        .strip_suffix("ib")
        .or_else(|| lower.strip_suffix('b'))
        .unwrap_or(&lower);
    let (number, shift) = match body.as_bytes().last() {
        Some(b'k') => (&body[..body.len() - 1], 10),
        Some(b'm') => (&body[..body.len() - 1], 20),
        Some(b'g') => (&body[..body.len() - 1], 30),
        Some(b't') => (&body[..body.len() - 1], 40),
        _ => (body, 0),
    };
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return Err(bad());
    }
    let bytes = if number.contains('.') {
        let x: f64 = number.parse().map_err(|_| bad())?;
        let b = x * (1u64 << shift) as f64;
        if !(b.is_finite() && b < u64::MAX as f64) {
            return Err(bad());
        }
        b as u64
    } else {
        let n: u64 = number.parse().map_err(|_| bad())?;
        n.checked_mul(1 << shift).ok_or_else(bad)?
    };
    if bytes < 1 << 20 {
        return Err(format!(
            "invalid memory size '{text}': at least 1M (1048576 bytes)"
        ));
    }
    Ok(bytes)
}

/// Refuses `extra` more bytes when, added to what is allocated, they
/// exceed `max_memory`; without the counting allocator, when `extra`
/// alone does.
#[inline]
pub fn admit(extra: u64, max_memory: u64) -> Result<(), SearchError> {
    let held = allocated().unwrap_or(0);
    if held.saturating_add(extra) > max_memory {
        return Err(SearchError::MemoryLimit(max_memory));
    }
    Ok(())
}

/// A store that grows within a memory budget: the one path by which memo
/// tables, retrograde arrays and explored graphs take more memory.
pub trait Reserve {
    /// Makes room for `additional` more items. Refuses with
    /// [`SearchError::MemoryLimit`] when the bytes the growth allocates,
    /// added to those allocated, would exceed `max_memory`, or when the
    /// allocation itself fails. Free when there is room already.
    fn reserve_within(&mut self, additional: usize, max_memory: u64) -> Result<(), SearchError>;
}

/// Bytes of a hash table holding `capacity` items of `item` bytes: the
/// buckets (a power of two, at least 8/7 of the capacity) with one
/// control byte each.
fn table_bytes(capacity: usize, item: usize) -> u64 {
    let buckets = (capacity.saturating_mul(8) / 7).max(4).next_power_of_two();
    block_size(Blocks::Malloc, buckets.saturating_mul(item + 1)) as u64
}

/// The capacity a growing table or vector asks for: double, or what is
/// needed.
fn next_capacity(len: usize, capacity: usize, additional: usize) -> usize {
    len.saturating_add(additional)
        .max(capacity.saturating_mul(2))
}

/// [`Reserve`] for a sequence type with `capacity`, `len` and
/// `try_reserve` (amortised doubling, like the standard library's).
macro_rules! reserve_for_sequence {
    ($t:ident) => {
        impl<T> Reserve for $t<T> {
            #[inline]
            fn reserve_within(
                &mut self,
                additional: usize,
                max_memory: u64,
            ) -> Result<(), SearchError> {
                if self.capacity() - self.len() >= additional {
                    return Ok(());
                }
                let want = next_capacity(self.len(), self.capacity(), additional);
                admit(
                    block_size(
                        Blocks::Malloc,
                        want.saturating_mul(std::mem::size_of::<T>()),
                    ) as u64,
                    max_memory,
                )?;
                self.try_reserve(additional)
                    .map_err(|_| SearchError::MemoryLimit(max_memory))
            }
        }
    };
}

reserve_for_sequence!(Vec);
reserve_for_sequence!(VecDeque);

impl<K: Eq + Hash, V, S: BuildHasher> Reserve for HashMap<K, V, S> {
    #[inline]
    fn reserve_within(&mut self, additional: usize, max_memory: u64) -> Result<(), SearchError> {
        if self.capacity() - self.len() >= additional {
            return Ok(());
        }
        let want = next_capacity(self.len(), self.capacity(), additional);
        admit(table_bytes(want, std::mem::size_of::<(K, V)>()), max_memory)?;
        self.try_reserve(additional)
            .map_err(|_| SearchError::MemoryLimit(max_memory))
    }
}

impl<T: Eq + Hash, S: BuildHasher> Reserve for HashSet<T, S> {
    #[inline]
    fn reserve_within(&mut self, additional: usize, max_memory: u64) -> Result<(), SearchError> {
        if self.capacity() - self.len() >= additional {
            return Ok(());
        }
        let want = next_capacity(self.len(), self.capacity(), additional);
        admit(table_bytes(want, std::mem::size_of::<T>()), max_memory)?;
        self.try_reserve(additional)
            .map_err(|_| SearchError::MemoryLimit(max_memory))
    }
}

/// A vector of `n` copies of `value`, allocated within `max_memory`: the
/// arrays a retrograde analysis or a value table sizes in advance.
pub fn filled<T: Clone>(n: usize, value: T, max_memory: u64) -> Result<Vec<T>, SearchError> {
    let mut v = Vec::new();
    v.reserve_within(n, max_memory)?;
    v.resize(n, value);
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_with_suffixes() {
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("4G"), Ok(4 << 30));
        assert_eq!(parse_size("4gib"), Ok(4 << 30));
        assert_eq!(parse_size("1.5G"), Ok(3 << 29));
        assert_eq!(parse_size("2097152"), Ok(2 << 20));
        assert_eq!(parse_size("1024K"), Ok(1 << 20));
        for bad in ["", "G", "-1G", "1X", "1..5G", "99999999999T"] {
            assert!(parse_size(bad).unwrap_err().contains("invalid"), "{bad}");
        }
        assert!(parse_size("1000").unwrap_err().contains("at least 1M"));
    }

    #[test]
    fn a_growth_past_the_budget_is_refused_before_allocating() {
        let mut v: Vec<u64> = Vec::new();
        // A million u64 is 8 MB: past a 1 MiB budget whatever is held.
        assert_eq!(
            v.reserve_within(1_000_000, 1 << 20),
            Err(SearchError::MemoryLimit(1 << 20))
        );
        assert_eq!(v.capacity(), 0);
        let mut m: HashMap<u64, u64> = HashMap::new();
        assert_eq!(
            m.reserve_within(1_000_000, 1 << 20),
            Err(SearchError::MemoryLimit(1 << 20))
        );
        assert_eq!(m.capacity(), 0);
        assert!(filled(1 << 30, 0u8, 1 << 20).is_err());
    }

    #[test]
    fn a_failed_allocation_is_a_memory_limit_not_an_abort() {
        // More than any address space holds: try_reserve fails, the
        // budget (u64::MAX) does not refuse first.
        let mut v: Vec<u64> = Vec::new();
        assert_eq!(
            v.reserve_within(usize::MAX / 16, u64::MAX),
            Err(SearchError::MemoryLimit(u64::MAX))
        );
    }

    #[test]
    fn a_block_counts_what_the_allocator_holds_for_it() {
        use Blocks::{Malloc, Mimalloc};
        // glibc: 32 bytes at least, a header word, 16-byte steps, pages
        // past 128 KiB.
        assert_eq!(block_size(Malloc, 0), 32);
        assert_eq!(block_size(Malloc, 4), 32);
        assert_eq!(block_size(Malloc, 24), 32);
        assert_eq!(block_size(Malloc, 25), 48);
        assert_eq!(block_size(Malloc, 1000), 1008);
        assert_eq!(block_size(Malloc, 1 << 20), (1 << 20) + 4096);
        // mimalloc: 8 bytes at least, then its classes.
        assert_eq!(block_size(Mimalloc, 4), 8);
        assert_eq!(block_size(Mimalloc, 12), 16);
        assert_eq!(block_size(Mimalloc, 24), 32);
        assert_eq!(block_size(Mimalloc, 72), 80);
        assert_eq!(block_size(Mimalloc, 1000), 1024);
        assert_eq!(block_size(Mimalloc, 1025), 1280);
        assert_eq!(block_size(Mimalloc, 1 << 20), 1 << 20);
        // Never less than asked, never more than a quarter (and 32 bytes,
        // and a page) over, and the larger size never counts less.
        for blocks in [Malloc, Mimalloc] {
            let mut last = 0;
            for size in (0..600_000).step_by(7) {
                let b = block_size(blocks, size);
                assert!(b >= size && b <= size + size / 4 + 4096 + 32, "{size}: {b}");
                assert!(b >= last, "{size}");
                last = b;
            }
        }
    }

    #[test]
    fn room_already_there_is_free() {
        let mut v: Vec<u8> = Vec::with_capacity(16);
        assert_eq!(v.reserve_within(16, 0), Ok(()));
        let mut v: Vec<u8> = Vec::with_capacity(16);
        v.push(1);
        assert_eq!(v.reserve_within(16, 1 << 20), Ok(()));
        assert!(v.capacity() >= 17);
    }

    #[test]
    fn the_process_limit_is_the_least_of_what_is_readable() {
        let limit = process_limit();
        if cfg!(target_os = "linux") {
            let total = mem_total().expect("Linux has /proc/meminfo");
            assert!(limit.expect("readable on Linux") <= total);
            assert_eq!(default_max_memory(), limit.unwrap() / 2);
        }
        if let (Some(l), Some(a)) = (limit, address_space_limit()) {
            assert!(l <= a);
        }
    }
}
