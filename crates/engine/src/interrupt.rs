//! Stop requests and progress counts: what a front end raises or reads
//! from another thread than the one computing.
//!
//! - [`Watch::raise`] (the process's: [`raise`]): asks a computation to
//!   stop (the command line on SIGINT or SIGTERM, the Python package on
//!   `KeyboardInterrupt`). Every [`crate::Budget`] (the solvers, the
//!   explored graphs, the misère quotient's growth) then ends with
//!   [`SearchError::Interrupted`] at its next look at its limits; a value
//!   sequence looks at [`flag`] (its control's stop flag) between blocks of
//!   heaps and keeps, and checkpoints, the values so far.
//! - [`set_progress`], [`Watch::progress`]: the counts (done, total) of the
//!   computation under way, set by the sequence engine's progress, the
//!   quotient's growth and the surveys, read by a front end that shows
//!   them itself (Python's `progress=`).
//! - [`draw_bars`]: whether progress bars are drawn on stderr (the
//!   command line's) or only counted (Python shows its own).
//!
//! A front end that runs several computations side by side gives each
//! its own [`Watch`] ([`within`]: the thread's computation, and the
//! threads it hands work to, use it); without one, a thread uses the
//! process's (the command line's).

use crate::SearchError;
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, LazyLock};

/// One computation's stop flag and progress counts.
#[derive(Debug, Default)]
pub struct Watch {
    stop: Arc<AtomicBool>,
    done: AtomicU64,
    total: AtomicU64,
}

impl Watch {
    /// A watch not raised, counting nothing yet.
    pub fn new() -> Arc<Watch> {
        Arc::new(Watch::default())
    }

    /// Asks the computation to stop.
    pub fn raise(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Takes the stop request back.
    pub fn clear(&self) {
        self.stop.store(false, Ordering::SeqCst);
    }

    /// Whether a stop was asked for.
    pub fn raised(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The counts last noted ([`set_progress`]): (done, total).
    pub fn progress(&self) -> (u64, u64) {
        (
            self.done.load(Ordering::Relaxed),
            self.total.load(Ordering::Relaxed),
        )
    }
}

static PROCESS: LazyLock<Arc<Watch>> = LazyLock::new(Watch::new);
static NO_BARS: AtomicBool = AtomicBool::new(false);

thread_local! {
    static CURRENT: RefCell<Option<Arc<Watch>>> = const { RefCell::new(None) };
}

/// The watch of this thread's computation: the one [`within`] set, else
/// the process's.
pub fn current() -> Arc<Watch> {
    CURRENT
        .with(|c| c.borrow().clone())
        .unwrap_or_else(|| Arc::clone(&PROCESS))
}

/// Runs `f` with `watch` as this thread's ([`current`]), restoring the
/// one before afterwards, also when `f` panics. Work handed to other
/// threads takes [`current`] along (the surveys' workers do).
pub fn within<R>(watch: Arc<Watch>, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<Arc<Watch>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let before = self.0.take();
            CURRENT.with(|c| *c.borrow_mut() = before);
        }
    }
    let _restore = Restore(CURRENT.with(|c| c.borrow_mut().replace(watch)));
    f()
}

/// The stop flag of this thread's watch: what a value sequence's control
/// (`grundy_sequence::Control::stop`) is given.
pub fn flag() -> Arc<AtomicBool> {
    Arc::clone(&current().stop)
}

/// Asks every computation under the process's watch to stop (the command
/// line's signal handler).
pub fn raise() {
    PROCESS.raise();
}

/// Whether a stop was asked for on this thread's watch.
pub fn raised() -> bool {
    current().raised()
}

/// Notes on this thread's watch that `done` of `total` units (heaps,
/// codes) of the computation under way are done.
pub fn set_progress(done: u64, total: u64) {
    let w = current();
    w.total.store(total, Ordering::Relaxed);
    w.done.store(done, Ordering::Relaxed);
}

/// Whether progress bars are drawn on stderr (by default) or only counted
/// ([`draw_bars`]`(false)`: a front end showing the counts its own way).
pub fn bars_drawn() -> bool {
    !NO_BARS.load(Ordering::Relaxed)
}

/// Draws progress bars on stderr (`true`, the default) or only counts.
pub fn draw_bars(on: bool) {
    NO_BARS.store(!on, Ordering::Relaxed);
}

/// The error of a computation stopped by its watch, nothing said yet of
/// how far it got.
pub fn interrupted() -> SearchError {
    SearchError::Interrupted {
        done: None,
        kept: None,
    }
}
