//! What went wrong when the module itself stopped: an allocation the
//! browser refused (its memory cannot grow further) or a panic. Either
//! aborts a wasm32 module with a bare `unreachable` trap, so the
//! allocator and a panic hook note the cause here first, and the page's
//! worker reads it after the trap ([`failed_positions`],
//! [`panic_message`]) to say what happened in words.

use grundy_api::memory::{self, CountingAlloc};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::{Cell, RefCell};

thread_local! {
    /// Whether an allocation failed since [`begin`] on this thread (the
    /// page has one; per thread, so tests side by side do not reset each
    /// other's, as the positions noted are per thread too).
    static FAILED: Cell<bool> = const { Cell::new(false) };
    /// The message of the last panic since [`begin`] on this thread.
    static PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// The allocator of the target (dlmalloc on wasm32), counted for the
/// memory budget, noting a refused allocation.
pub struct PageAlloc(pub CountingAlloc<System>);

fn noted(p: *mut u8) -> *mut u8 {
    if p.is_null() {
        FAILED.with(|f| f.set(true));
    }
    p
}

// SAFETY: every call forwards to the counted allocator with the caller's
// arguments unchanged; noting a null result changes nothing returned.
unsafe impl GlobalAlloc for PageAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        noted(unsafe { self.0.alloc(layout) })
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        noted(unsafe { self.0.alloc_zeroed(layout) })
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract, passed on.
        unsafe { self.0.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        noted(unsafe { self.0.realloc(ptr, layout, new_size) })
    }
}

/// Starts a new request: no failure noted, no positions counted. Installs
/// the panic hook the first time.
pub fn begin() {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        // The hook before it still runs (natively, it prints the panic).
        let before = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let message = info.to_string();
            let _ = PANIC.try_with(|p| p.replace(Some(message)));
            before(info);
        }));
    });
    FAILED.with(|f| f.set(false));
    PANIC.with(|p| p.replace(None));
    memory::forget_positions();
}

/// When an allocation failed since [`begin`], the positions the search
/// held then; else `None`. Allocates nothing, so it can be asked after
/// memory ran out.
pub fn failed_positions() -> Option<u64> {
    FAILED.with(Cell::get).then(memory::positions_held)
}

/// The message of a panic since [`begin`], if any.
pub fn panic_message() -> Option<String> {
    PANIC.with(|p| p.borrow().clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_allocation_and_a_panic_are_noted_until_the_next_request() {
        begin();
        assert_eq!(failed_positions(), None);
        assert_eq!(panic_message(), None);
        memory::note_positions(77);
        let alloc = PageAlloc(CountingAlloc(System, memory::Blocks::Malloc));
        // More than any machine grants: the allocator answers null.
        let size = std::hint::black_box(isize::MAX as usize - 4096);
        let layout = Layout::from_size_align(size, 1).unwrap();
        // SAFETY: a non-zero size; the null answer is only compared.
        let p = std::hint::black_box(unsafe { alloc.alloc(layout) });
        assert!(p.is_null());
        assert_eq!(failed_positions(), Some(77));
        let _ = std::panic::catch_unwind(|| panic!("a test panic"));
        assert!(panic_message().unwrap().contains("a test panic"));
        begin();
        assert_eq!(failed_positions(), None);
        assert_eq!(panic_message(), None);
        assert_eq!(memory::positions_held(), 0);
    }
}
