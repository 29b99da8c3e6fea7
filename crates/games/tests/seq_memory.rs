//! Memory per heap of `seq` (ARCHITECTURE.md, "Memory per heap"), measured
//! with a counting allocator: the peak while Officers (0.6) is computed to
//! two million heaps, what the report keeps, and what writing the values
//! out (text, binary, JSON) adds on top of it.

mod heaps_common;

use grundy_api::values::{write_binary, write_text};
use grundy_api::SeqControl;
use grundy_games::octal;
use heaps_common::build;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting the bytes in use and their peak.
struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded to the system allocator unchanged; the
// counters only observe the sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = IN_USE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        unsafe { System.dealloc(p, layout) };
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, p: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let q = unsafe { System.realloc(p, layout, new_size) };
        if !q.is_null() {
            if new_size >= layout.size() {
                let grown = new_size - layout.size();
                let now = IN_USE.fetch_add(grown, Ordering::Relaxed) + grown;
                PEAK.fetch_max(now, Ordering::Relaxed);
            } else {
                IN_USE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        q
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Bytes allocated at the peak since `start()`, above what was in use then.
fn start() -> usize {
    let now = IN_USE.load(Ordering::Relaxed);
    PEAK.store(now, Ordering::Relaxed);
    now
}

fn peak_above(base: usize) -> usize {
    PEAK.load(Ordering::Relaxed) - base
}

/// One test, so no other test's allocations run beside the measurement.
#[test]
fn two_bytes_a_heap_kept_at_most_five_while_computing() {
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

    // The values and a reversed working copy, two bytes each, with the
    // copy's geometric growth: at most five bytes a heap, plus tables of
    // fixed size.
    assert!(
        computing <= 5 * heaps + (8 << 20),
        "{computing} bytes at the peak for {heaps} heaps"
    );
    // The report keeps the engine's own values: two bytes a heap.
    assert_eq!(report.values.width(), 2);
    assert!(report.values.heap_bytes() <= 2 * heaps + 4096);
    let kept = IN_USE.load(Ordering::Relaxed) - base;
    assert!(
        kept <= 2 * heaps + (1 << 20),
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
