//! How a sequence computation is run.

use crate::SeqError;
use grundy_engine::clock::{default_clock, SharedClock};
use grundy_engine::ranks::Ranks;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The algorithm computing the values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Method {
    /// Every pair of every heap is scanned: the reference, time ~ n^2.
    Naive,
    /// The rare/common method on one thread (see the `kernel` module docs).
    Rc,
    /// The rare/common method with heaps computed in blocks on all threads.
    /// Without the crate's `parallel` feature there are no threads and this
    /// runs as [`Method::Rc`].
    Parallel,
    /// `Parallel` when more than one thread is available (and the
    /// `parallel` feature is on), else `Rc`.
    #[default]
    Auto,
}

impl Method {
    /// Parses `naive`, `rc`, `parallel` or `auto`.
    pub fn parse(name: &str) -> Result<Method, SeqError> {
        match name {
            "naive" => Ok(Method::Naive),
            "rc" => Ok(Method::Rc),
            "parallel" => Ok(Method::Parallel),
            "auto" => Ok(Method::Auto),
            other => Err(SeqError::UnknownMethod(other.to_string())),
        }
    }
}

/// Options of [`crate::Sequence::extend_to`]. `Control::default()` is: the
/// best method on every core, no progress bar, no checkpoint, no time
/// limit, stop as soon as a period is proven, memory limited by what the
/// system has available.
///
/// Every field exists whatever the crate's features; a feature that is off
/// changes what a field does, as each field's documentation says.
#[derive(Clone, Debug)]
pub struct Control {
    /// The algorithm.
    pub method: Method,
    /// Worker threads for [`Method::Parallel`]; 0 means every core.
    pub threads: usize,
    /// Draw a progress bar on stderr (ignored without the `progress`
    /// feature).
    pub progress: bool,
    /// Write the values to this file every `checkpoint_interval` and at the
    /// end. Without the `checkpoint` feature, setting it is an error
    /// ([`SeqError::Unsupported`]).
    pub checkpoint: Option<PathBuf>,
    /// Time between checkpoint writes (stretched to at least ten times the
    /// duration of the last write, so writing stays a small share of the
    /// time), measured on `clock`; with no clock, the checkpoint is written
    /// at the end only.
    pub checkpoint_interval: Duration,
    /// Wall-clock budget of the computation, measured on `clock` from the
    /// start of [`crate::Sequence::extend_to`] and looked at between blocks
    /// of a few thousand heaps. When it runs out the computation ends with
    /// [`SeqError::TimeLimit`], keeping (and checkpointing) the values so
    /// far. Not applied when there is no clock.
    pub time_limit: Option<Duration>,
    /// A reading of `clock` past which the computation does not run,
    /// whatever `time_limit` leaves it: the end of the time limit of the
    /// answer this computation is part of (see the engine's
    /// `Limits::sharing_time`). An error then still names `time_limit`.
    pub until: Option<Duration>,
    /// The processes the computation is spread over (MPI ranks), each
    /// running [`crate::Sequence::extend_to`] with its own `Control`: the
    /// work of each block of heaps is divided among them, every rank ends
    /// with every value, only rank 0 writes the checkpoint. The ranks agree
    /// on every stop (flag, time limit, memory check), so all stop at the
    /// same heap. `None`: this process alone. Needs the `parallel` feature
    /// ([`SeqError::Unsupported`] without it).
    pub ranks: Option<Arc<dyn Ranks>>,
    /// The clock of `time_limit` and of checkpoint intervals, read only when
    /// one of them is in use. Default: the standard clock with the
    /// `std-clock` feature, else none.
    pub clock: Option<SharedClock>,
    /// Raised by another thread to stop the computation; it then ends with
    /// [`SeqError::Stopped`], keeping (and checkpointing) the values so far.
    /// `None`: the stop flag of the calling thread's watch
    /// ([`grundy_engine::interrupt::flag`]).
    pub stop: Option<Arc<AtomicBool>>,
    /// Once a period is proven, fill the rest from it instead of computing.
    pub use_period: bool,
    /// Memory the computation may use, in bytes (`--max-memory`); `None`
    /// = `grundy_engine::memory::default_max_memory`. Never more than
    /// the system reports available.
    pub memory_limit: Option<u64>,
}

impl Default for Control {
    fn default() -> Self {
        Control {
            method: Method::Auto,
            threads: 0,
            progress: false,
            checkpoint: None,
            checkpoint_interval: Duration::from_secs(60),
            time_limit: None,
            until: None,
            ranks: None,
            clock: default_clock(),
            stop: None,
            use_period: true,
            memory_limit: None,
        }
    }
}

impl Control {
    /// The number of worker threads `threads` stands for.
    pub fn thread_count(&self) -> usize {
        if self.threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            self.threads
        }
    }

    /// The method actually run: `Auto` resolved, and `Parallel` run as
    /// `Rc` without the `parallel` feature.
    pub fn resolved_method(&self) -> Method {
        match self.method {
            Method::Auto | Method::Parallel if !cfg!(feature = "parallel") => Method::Rc,
            Method::Auto if self.thread_count() > 1 => Method::Parallel,
            Method::Auto => Method::Rc,
            m => m,
        }
    }
}
