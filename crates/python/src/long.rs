//! Long calls that a notebook's stop button (SIGINT) ends at once: the
//! work runs on a worker thread (one a calling thread, kept from call to
//! call), under a watch of its own
//! ([`grundy_engine::interrupt::within`]), while the calling thread waits
//! without the GIL and wakes every [`TICK`] to run Python's signal
//! handlers (`Python::check_signals`, which only the main thread runs)
//! and to pass the counts of the work done to `progress=`.
//!
//! On an exception from a handler (`KeyboardInterrupt`) the watch is
//! raised: the searches end at their next look at their limits, a value
//! sequence between two blocks of heaps, writing its checkpoint when it
//! has one, a survey after its current codes; a game's Python callable
//! running on the work's thread gets `KeyboardInterrupt` raised in it
//! (`PyThreadState_SetAsyncExc`, as interrupt.rs raises a time limit),
//! so a callable looping for minutes ends at its next line. The calling thread waits
//! for that end, so the checkpoint is whole, and raises the exception;
//! what the work answered is dropped. An exception from `progress=` ends
//! the call the same way.

use crate::convert::{type_name, InputError};
use grundy_engine::interrupt::{self, Watch};
use pyo3::exceptions::{PyImportError, PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyBool;
use pyo3::PyTypeInfo;
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// How often the waiting thread runs the signal handlers and shows the
/// counts: a stop is seen within this, plus the work's own time to end.
pub(crate) const TICK: Duration = Duration::from_millis(50);

/// The stack of the thread doing the work: the size of a main thread's
/// (8 MiB on Linux), where the work ran before it had a thread of its
/// own.
const STACK: usize = 8 << 20;

/// Where the counts (done, total) of a long call go: nowhere, a function
/// of the user's, or a tqdm bar made by extras.py.
#[derive(Default)]
pub(crate) struct Progress {
    /// Called with (done, total) each time the counts change.
    report: Option<Py<PyAny>>,
    /// A bar's `close()`, called when the call ends.
    bar: Option<Py<PyAny>>,
}

impl Progress {
    /// `progress=` read: `None` or `False` shows nothing, `True` draws a
    /// tqdm bar counting `unit`s (an `InputError` when tqdm is not
    /// installed), a callable is called with the counts `(done, total)`.
    pub(crate) fn read(
        py: Python<'_>,
        progress: Option<&Bound<'_, PyAny>>,
        unit: &str,
    ) -> PyResult<Progress> {
        let Some(p) = progress.filter(|p| !p.is_none()) else {
            return Ok(Progress::default());
        };
        if let Ok(on) = p.cast::<PyBool>() {
            if !on.is_true() {
                return Ok(Progress::default());
            }
            let bar = crate::extras::function(py, "progress_bar")?
                .call1((unit,))
                .map_err(|e| {
                    if e.is_instance_of::<PyImportError>(py) {
                        let err = InputError::new_err(
                            "progress=True draws a tqdm bar, and tqdm is not installed: pip install tqdm (or 'grundy[progress]'), or give progress= a function of (done, total)",
                        );
                        err.set_cause(py, Some(e));
                        err
                    } else {
                        e
                    }
                })?;
            let bar = bar.unbind();
            return Ok(Progress {
                report: Some(bar.clone_ref(py)),
                bar: Some(bar),
            });
        }
        if p.is_callable() {
            return Ok(Progress {
                report: Some(p.clone().unbind()),
                bar: None,
            });
        }
        Err(PyTypeError::new_err(format!(
            "progress=: expected True, False, None or a function of (done, total), got {}",
            type_name(p)
        )))
    }

    /// Whether counts are shown (the engine then counts its work).
    pub(crate) fn shown(&self) -> bool {
        self.report.is_some()
    }

    /// Passes `counts` on.
    fn show(&self, py: Python<'_>, counts: (u64, u64)) -> PyResult<()> {
        match &self.report {
            Some(f) => f.bind(py).call1(counts).map(drop),
            None => Ok(()),
        }
    }

    /// Closes the bar, if one was drawn.
    fn close(&self, py: Python<'_>) -> PyResult<()> {
        match &self.bar {
            Some(bar) => bar.bind(py).call_method0("close").map(drop),
            None => Ok(()),
        }
    }
}

/// A call's work as its worker runs it, and how the waiting thread
/// knows it has ended.
#[derive(Default)]
struct End {
    ended: Mutex<bool>,
    wake: Condvar,
    /// The worker's thread as Python names it (`threading.get_ident()`).
    ident: AtomicU64,
}

impl End {
    /// Waits until the work ends or `TICK` passes: whether it has ended.
    fn wait(&self, tick: Duration) -> bool {
        let ended = self.ended.lock().unwrap_or_else(|e| e.into_inner());
        if *ended {
            return true;
        }
        let (ended, _) = self
            .wake
            .wait_timeout(ended, tick)
            .unwrap_or_else(|e| e.into_inner());
        *ended
    }

    /// Notes that the work has ended and wakes the waiting thread (under
    /// the lock: the waiter sees the end only once this is done).
    fn end(&self) {
        let mut ended = self.ended.lock().unwrap_or_else(|e| e.into_inner());
        *ended = true;
        self.wake.notify_all();
    }
}

/// Waits, when dropped, until the job sent to the worker has ended: the
/// job borrows from [`run`]'s frame, which must outlive it on every path
/// out of [`run`], a panic's too.
struct Joined<'a>(&'a End);

impl Drop for Joined<'_> {
    fn drop(&mut self) {
        while !self.0.wait(TICK) {}
    }
}

/// A job for a worker, its borrows' lifetime erased ([`run`] keeps them
/// alive until it has run: [`Joined`]).
type Job = Box<dyn FnOnce() + Send + 'static>;

thread_local! {
    /// The worker of this thread's long calls, started at the first and
    /// kept for the next (starting a thread took 30 to 60 us, more than
    /// a small analysis); taken while a call uses it, so a call made
    /// meanwhile on this thread (from `progress=`) starts its own. With
    /// the process's id: a child made by `fork` (multiprocessing) has no
    /// thread of its parent's, and starts its own worker.
    static WORKER: Cell<Option<(u32, mpsc::Sender<Job>)>> = const { Cell::new(None) };
}

/// A new worker: a thread running the jobs sent to it, one after another,
/// until its sender is dropped (with the thread that made it).
fn start_worker() -> std::io::Result<mpsc::Sender<Job>> {
    let (jobs, queue) = mpsc::channel::<Job>();
    std::thread::Builder::new()
        .name("grundy-call".into())
        .stack_size(STACK)
        .spawn(move || {
            for job in queue {
                job();
            }
        })?;
    Ok(jobs)
}

/// Sends `job` to this thread's worker (started if need be), returning
/// the worker's sender to put back once the job has ended.
fn send(job: Job) -> Result<mpsc::Sender<Job>, (Job, std::io::Error)> {
    let taken = WORKER.with(Cell::take);
    let worker = match taken {
        Some((pid, w)) if pid == std::process::id() => w,
        _ => match start_worker() {
            Ok(w) => w,
            Err(e) => return Err((job, e)),
        },
    };
    match worker.send(job) {
        Ok(()) => Ok(worker),
        // The worker is gone (it cannot be: every job catches its
        // panic): a new one.
        Err(mpsc::SendError(job)) => {
            let fresh = match start_worker() {
                Ok(w) => w,
                Err(e) => return Err((job, e)),
            };
            match fresh.send(job) {
                Ok(()) => Ok(fresh),
                Err(mpsc::SendError(job)) => Err((
                    job,
                    std::io::Error::other("the call's thread ended at once"),
                )),
            }
        }
    }
}

/// Raises `KeyboardInterrupt` in the Python code thread `ident` runs, if
/// any: a game's callable called by the work. A thread outside Python
/// code has no thread state then (pyo3 makes one for each call of a
/// callable), and nothing happens; one raised as a callable returns is
/// cleared with its thread state, or ends the reading of its answer: the
/// work stops either way.
fn raise_in(py: Python<'_>, ident: u64) {
    if ident == 0 {
        return;
    }
    // CPython's thread ids are unsigned longs, its function takes them as
    // longs (the same bits).
    let thread = ident as std::ffi::c_long;
    let exception = pyo3::exceptions::PyKeyboardInterrupt::type_object(py);
    // SAFETY: the GIL is held (`py`); the exception type is a live class
    // object, borrowed for the call (CPython takes its own reference).
    unsafe {
        pyo3::ffi::PyThreadState_SetAsyncExc(thread, exception.as_ptr());
    }
}

/// Runs `work` on this thread's worker under a new watch, the calling
/// thread waiting for it without the GIL; see the module's docs. The
/// exception of a signal handler (or of `progress`) wins over what
/// `work` answered.
pub(crate) fn run<T: Send>(
    py: Python<'_>,
    progress: &Progress,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    let watch = Watch::new();
    let end = Arc::new(End::default());
    let slot: Mutex<Option<std::thread::Result<T>>> = Mutex::new(None);
    let job = {
        let theirs = Arc::clone(&watch);
        let end = Arc::clone(&end);
        let slot = &slot;
        move || {
            // SAFETY: reads the calling thread's id; needs no GIL.
            let id = unsafe { pyo3::ffi::PyThread_get_thread_ident() };
            // c_ulong: u64 here, u32 on Windows.
            #[allow(clippy::useless_conversion)]
            end.ident.store(u64::from(id), Ordering::SeqCst);
            let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                interrupt::within(theirs, work)
            }));
            *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(answer);
            // The last touch of `run`'s frame is above: `end` is shared.
            end.end();
        }
    };
    let job: Box<dyn FnOnce() + Send + '_> = Box::new(job);
    // SAFETY: the job borrows `slot` and what `work` borrows, all of
    // which outlive `joined` below, which waits for the job's end (its
    // last use of them) on every path out of this function; a job that
    // is never sent is dropped here, unrun.
    let job: Job = unsafe { std::mem::transmute::<Box<dyn FnOnce() + Send + '_>, Job>(job) };
    let worker = match send(job) {
        Ok(w) => w,
        Err((job, e)) => {
            drop(job);
            return Err(PyRuntimeError::new_err(format!(
                "cannot start a thread for the call: {e}"
            )));
        }
    };
    let joined = Joined(&end);
    let mut stopped: Option<PyErr> = None;
    let mut shown = (0, 0);
    loop {
        if py.detach(|| end.wait(TICK)) {
            break;
        }
        if stopped.is_some() {
            continue;
        }
        let counts = watch.progress();
        let looked = py.check_signals().and_then(|()| {
            if counts != shown && counts.1 > 0 {
                shown = counts;
                progress.show(py, counts)?;
            }
            Ok(())
        });
        if let Err(e) = looked {
            watch.raise();
            raise_in(py, end.ident.load(Ordering::SeqCst));
            stopped = Some(e);
        }
    }
    drop(joined);
    WORKER.with(|w| w.set(Some((std::process::id(), worker))));
    let answer = slot.into_inner().unwrap_or_else(|e| e.into_inner());
    let answer = answer.and_then(Result::ok);
    if stopped.is_none() && answer.is_some() {
        // The work is done: its last counts, whole.
        let (_, total) = watch.progress();
        if total > 0 && shown != (total, total) {
            if let Err(e) = progress.show(py, (total, total)) {
                stopped = Some(e);
            }
        }
    }
    let closed = progress.close(py);
    if let Some(e) = stopped {
        return Err(e);
    }
    closed?;
    answer.ok_or_else(|| PyRuntimeError::new_err("grundy: the call's work panicked (a bug)"))
}
