//! Memory per heap of `seq` (ARCHITECTURE.md, "Memory per heap"), measured
//! with a counting allocator: the peak while Officers (0.6) is computed to
//! two million heaps, what the report keeps, and what writing the values
//! out (text, binary, JSON) adds on top of it.
//!
//! The counting allocator is the whole test binary's, so the measurement
//! runs in a child process of this binary that runs this one test alone:
//! beside the other tests their allocations would be counted too.

use crate::heaps_common::build;
use grundy_api::values::{write_binary, write_text};
use grundy_api::SeqControl;
use grundy_games::octal;
use std::alloc::{GlobalAlloc, Layout, System};
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicIsize, Ordering};

/// The system allocator, counting the bytes in use and their peak once
/// `COUNTING` is set (only in the child process that measures, so the
/// other tests of this binary pay one relaxed load per call).
struct Counting;

static COUNTING: AtomicBool = AtomicBool::new(false);
// Signed: blocks allocated before counting began are freed while counting.
static IN_USE: AtomicIsize = AtomicIsize::new(0);
static PEAK: AtomicIsize = AtomicIsize::new(0);

fn grow(bytes: usize) {
    if COUNTING.load(Ordering::Relaxed) {
        let bytes = bytes as isize;
        let now = IN_USE.fetch_add(bytes, Ordering::Relaxed) + bytes;
        PEAK.fetch_max(now, Ordering::Relaxed);
    }
}

fn shrink(bytes: usize) {
    if COUNTING.load(Ordering::Relaxed) {
        IN_USE.fetch_sub(bytes as isize, Ordering::Relaxed);
    }
}

// SAFETY: every call is forwarded to the system allocator unchanged; the
// counters only observe the sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grow(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        unsafe { System.dealloc(p, layout) };
        shrink(layout.size());
    }

    unsafe fn realloc(&self, p: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let q = unsafe { System.realloc(p, layout, new_size) };
        if !q.is_null() {
            if new_size >= layout.size() {
                grow(new_size - layout.size());
            } else {
                shrink(layout.size() - new_size);
            }
        }
        q
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Bytes allocated at the peak since `start()`, above what was in use then.
fn start() -> isize {
    COUNTING.store(true, Ordering::Relaxed);
    let now = IN_USE.load(Ordering::Relaxed);
    PEAK.store(now, Ordering::Relaxed);
    now
}

fn peak_above(base: isize) -> usize {
    (PEAK.load(Ordering::Relaxed) - base) as usize
}

/// Set in the child process that measures.
const ALONE: &str = "GRUNDY_SEQ_MEMORY_ALONE";

/// Runs the measurement in a child process of this test binary, with this
/// one test alone, and fails when the child fails.
#[test]
fn a_byte_a_heap_kept_and_a_quarter_more_while_computing() {
    if std::env::var_os(ALONE).is_some() {
        measure();
        return;
    }
    let out = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "seq_memory::a_byte_a_heap_kept_and_a_quarter_more_while_computing",
            "--test-threads=1",
            "--nocapture",
        ])
        .env(ALONE, "1")
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "the measuring child failed:\n{text}");
    // The child ran the measurement (not zero tests).
    assert!(text.contains("1 passed"), "{text}");
    eprint!("{text}");
}

fn measure() {
    const N: u64 = 2_000_000;
    let heaps = N as usize + 1;
    let family = build(octal::REGISTRATION, &[("code", "0.6")]).unwrap();
    let ctl = SeqControl {
        threads: 2,
        ..SeqControl::default()
    };

    let base = start();
    let report = family.seq(N, &ctl).unwrap();
    let computing = peak_above(base);
    // Officers has no period in this range: every value was computed.
    assert_eq!(report.computed_to, N);
    assert!(report.period.is_none());

    // The values, a byte each and an eighth for bit 8 (Officers' values
    // are 256 or more at a third of these heaps), the kernel's lists of
    // rare and top heaps: at most a byte and a quarter a heap, plus the
    // kernel's two windows of exact values (12 MiB at most, and a window's
    // old copy while it grows) and tables of fixed size.
    assert!(
        computing <= heaps + heaps / 4 + (16 << 20),
        "{computing} bytes at the peak for {heaps} heaps"
    );
    // The report keeps the engine's own values: a byte a heap, and bit 8.
    assert_eq!(report.values.width(), 2);
    assert!(report.values.heap_bytes() <= heaps + heaps.div_ceil(64) * 8);
    let kept = (IN_USE.load(Ordering::Relaxed) - base) as usize;
    assert!(
        kept <= heaps + heaps / 8 + (1 << 20),
        "{kept} bytes kept for {heaps} heaps"
    );

    // Writing the values out streams them: a buffer, not a copy.
    let base = start();
    write_text(&mut std::io::sink(), &report.values).unwrap();
    write_binary(&mut std::io::sink(), &report.values).unwrap();
    serde_json::to_writer(std::io::sink(), &report).unwrap();
    let writing = peak_above(base);
    eprintln!(
        "{heaps} heaps: peak {:.2} bytes a heap while computing, {:.2} kept, {writing} bytes to write them out",
        computing as f64 / heaps as f64,
        kept as f64 / heaps as f64
    );
    assert!(writing <= 1 << 20, "{writing} bytes to write the values");

    // Officers' known values (heaps 0..=11), to show the run is real.
    let first: Vec<u64> = report.values.iter().take(12).collect();
    assert_eq!(first, [0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4]);
}
